"""The deck file (docs/insurgent/decks.md): the demonstration deck, and the errors that name the
card and field of a faulty deck file (Components: per faction 12 agents, 5 events, 4 supporters;
the nine actions; an agent has a front)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

import insurgent as I
from insurgent.deck import ACTIONS, DEMO, load_deck, read_deck


def demo_doc() -> dict[str, Any]:
    return copy.deepcopy(DEMO.document())


def error(doc: Any) -> I.BadRequest:
    with pytest.raises(I.BadRequest) as e:
        load_deck(doc)
    return e.value


def test_demo_deck_counts_per_faction_and_type() -> None:
    # Components: "24 agent cards (12 FLN, 12 French) / 10 event cards (5 FLN, 5 French) /
    # 8 supporters cards (4 FLN, 4 French)"; Setup 2: "a deck of 21 cards"
    for side in ("fln", "french"):
        mine = [c for c in DEMO.cards if c.faction == side]
        assert len(mine) == 21
        assert [sum(c.type == t for c in mine) for t in ("agent", "event", "supporters")] \
            == [12, 5, 4]
    assert [c.id for c in DEMO.cards] == list(range(1, 43))


def test_demo_deck_is_plainly_invented_and_exercises_every_action() -> None:
    assert "not the published" in (DEMO.note or "")
    assert DEMO.card(1).name == "FLN agent 1" and DEMO.card(34).name == "French event 1"
    used = {a for c in DEMO.cards for a in c.actions}
    assert used == set(ACTIONS)
    # an agent whose HIDE comes before another action (HIDE on itself forfeits it)
    assert any(c.type == "agent" and c.actions.index("HIDE") < len(c.actions) - 1
               for c in DEMO.cards if "HIDE" in c.actions)
    # an agent with RALLY printed for a front it may leave, and one without
    assert any(c.type == "agent" and "RALLY" in c.actions for c in DEMO.cards)
    assert any(c.type == "agent" and "RALLY" not in c.actions for c in DEMO.cards)


def test_the_deck_file_round_trips() -> None:
    text = resources.files("insurgent").joinpath("data/demo_deck.json").read_text("utf-8")
    assert read_deck(text) == DEMO
    assert load_deck(DEMO.document()) == DEMO


def test_demo_deck_and_errors_agree_with_the_json_schema() -> None:
    # the schema file is a valid draft 2020-12 schema; the demonstration deck passes it and a
    # deck with the faults the schema can see (an agent without a front, an unknown action, an
    # event with a front, 41 cards) fails it, as it fails load_deck
    jsonschema_rs = pytest.importorskip("jsonschema_rs")  # installed with the test extra
    schema = json.loads(resources.files("insurgent").joinpath("data/deck.schema.json")
                        .read_text("utf-8"))
    jsonschema_rs.meta.validate(schema)
    v = jsonschema_rs.Draft202012Validator(schema)
    assert v.is_valid(DEMO.document())
    faults = [lambda d: d["cards"][0].pop("front"),
              lambda d: d["cards"][0]["actions"].append("AMBUSH"),
              lambda d: d["cards"][12].update(front="military"),
              lambda d: d["cards"].pop()]
    for fault in faults:
        d = demo_doc()
        fault(d)
        assert not v.is_valid(d)
        with pytest.raises(I.BadRequest):
            load_deck(d)


def test_an_agent_without_a_front_names_the_card_and_field() -> None:
    d = demo_doc()
    del d["cards"][2]["front"]
    e = error(d)
    assert e.field == "deck.cards[2].front"
    assert "'FLN agent 3'" in e.reason and "has a front" in e.reason


def test_an_event_with_a_front() -> None:
    d = demo_doc()
    d["cards"][12]["front"] = "military"
    e = error(d)
    assert e.field == "deck.cards[12].front" and "'FLN event 1'" in e.reason


def test_unknown_action() -> None:
    d = demo_doc()
    d["cards"][25]["actions"][1] = "AMBUSH"
    e = error(d)
    assert e.field == "deck.cards[25].actions[1]"
    assert "'French agent 5'" in e.reason and "unknown action 'AMBUSH'" in e.reason


def test_faction_specific_actions() -> None:
    # "FRENCH-SPECIFIC ACTIONS: CAPTURE"; "FLN-SPECIFIC ACTIONS: HIDE ... JAILBREAK"
    d = demo_doc()
    d["cards"][0]["actions"] = ["CAPTURE"]
    e = error(d)
    assert e.field == "deck.cards[0].actions[0]" and "French-specific" in e.reason
    d = demo_doc()
    d["cards"][21]["actions"] = ["ATTACK", "JAILBREAK"]
    e = error(d)
    assert e.field == "deck.cards[21].actions[1]" and "FLN-specific" in e.reason


def test_counts_per_faction_and_type() -> None:
    d = demo_doc()
    d["cards"][12]["type"] = "supporters"  # an FLN event made a fifth supporters card
    e = error(d)
    assert e.field == "deck.cards" and "FLN deck has 4 event cards; it has 5" in e.reason
    d = demo_doc()
    d["cards"].pop()
    assert "French deck has 3 supporters cards" in error(d).reason


def test_other_faults_name_their_field() -> None:
    d = demo_doc()
    d["cards"][5]["colour"] = "red"
    assert error(d).field == "deck.cards[5].colour"
    d = demo_doc()
    d["cards"][7]["name"] = d["cards"][6]["name"]
    e = error(d)
    assert e.field == "deck.cards[7].name" and "same name as card 7" in e.reason
    d = demo_doc()
    d["cards"][3]["actions"] = []
    assert error(d).field == "deck.cards[3].actions"
    d = demo_doc()
    d["format"] = "other"
    assert error(d).field == "deck.format"
    assert error([]).field == "deck"
    with pytest.raises(I.BadRequest) as e:
        read_deck("{not json")
    assert e.value.field == "deck"


def test_new_game_takes_a_deck_file() -> None:
    d = demo_doc()
    d["name"] = "my deck"
    d["cards"][0]["name"] = "Someone"
    s = I.new_game(d, seed=3)
    assert s.deck.name == "my deck" and s.deck.card(1).name == "Someone"
    back = I.from_json(I.to_json(s))
    assert back.deck == s.deck
    d["cards"][0]["front"] = "economic"
    with pytest.raises(I.BadRequest) as e:
        I.new_game(d)
    assert e.value.field == "deck.cards[0].front"
