"""Positions from a board (engine/positions, docs/positions.md): the standard set-ups rebuild
new_game's state, positions taken from whole games rebuild states with the same legal moves, a
Propaganda card starts its Round as after a draw, and bad positions are rejected naming the
field."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine.positions import build, from_state

SCENARIOS = ("short", "medium", "full")


def setup_position(scenario: str, chance: str) -> tuple[engine.State, dict[str, Any]]:
    """new_game's state and the position of its board with its first card."""
    s = engine.new_game(scenario, seed=4, options={"chance": chance})
    if chance == "external":
        s, _ = engine.apply(s, {"t": "draw", "card": 17})
    return s, json.loads(json.dumps(from_state(s)))


def public(s: engine.State) -> dict[str, Any]:
    """The state without the deck's order and the generator (a rebuilt deck is reshuffled)."""
    d = json.loads(engine.to_json(s))
    d.pop("rng")
    for k in ("deck", "set_aside"):
        d["cards"][k] = None if d["cards"][k] is None else len(d["cards"][k])
    return d


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("chance", ["managed", "external"])
def test_standard_setup_equals_new_game(scenario: str, chance: str) -> None:
    s, pos = setup_position(scenario, chance)
    built, _ = build(pos, seed=4)
    assert public(built) == public(s)
    assert engine.legal_moves(built) == engine.legal_moves(s)
    if chance == "external":  # nothing is shuffled: the very same state
        assert engine.to_json(built) == engine.to_json(s)


def test_setup_written_by_hand_equals_new_game() -> None:
    """The Short scenario's position typed from the set-up card (10.0), as docs/positions.md."""
    pos = json.loads(open("docs/positions.example.json", encoding="utf-8").read())
    built, _ = build(pos, seed=7)
    s = engine.new_game("short", seed=7)
    assert built.cards["current"] == pos["cards"]["current"]
    got, want = public(built), public(s)
    for k in ("spaces", "boxes", "resources", "commitment", "france_track", "border_zone", "sop"):
        assert got[k] == want[k], k
    for k in ("held", "in_effect", "coup_played", "deck_left", "piles", "propaganda_drawn"):
        assert got["cards"][k] == want["cards"][k], k


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("chance", ["managed", "external"])
def test_positions_from_whole_games_rebuild_the_same_moves(scenario: str, chance: str) -> None:
    """At the start of every Event card of a random game, the position (board and card facts
    only) rebuilds a state with the same legal moves and the same public facts."""
    s = engine.new_game(scenario, seed=21, options={"chance": chance})
    rng = random.Random(21)
    checked = 0
    while engine.to_move(s) is not None:
        before = s.turn
        s, _ = engine.apply(s, rng.choice(engine.legal_moves(s)))
        starts = s.turn != before and s.cards["current"] in range(1, 61)
        if starts and s.result is None and engine.to_move(s) != "chance":
            built, _ = build(json.loads(json.dumps(from_state(s))), seed=3)
            assert engine.legal_moves(built) == engine.legal_moves(s), s.turn
            got, want = public(built), public(s)
            if got["cards"]["coup_campaign"] != want["cards"]["coup_campaign"]:
                # an older Campaign than the current one: the same for 5.1.5
                assert got["cards"]["coup_campaign"] is None
                got["cards"]["coup_campaign"] = want["cards"]["coup_campaign"]
            # the last Event card's Initiative boxes stay marked until the next Event card
            # (2.3.2); a position gives only who is First Eligible
            got["sop"] = want["sop"] | {"first": got["sop"]["first"]}
            assert got == want, s.turn
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_propaganda_card_starts_its_round_as_after_a_draw(scenario: str) -> None:
    """External chance: right before a Propaganda card is drawn, the position with that card
    current gives exactly the state the draw gives (6.0 Round under way)."""
    s = engine.new_game(scenario, seed=8, options={"chance": "external"})
    rng = random.Random(8)
    checked = 0
    while engine.to_move(s) is not None:
        ms = engine.legal_moves(s)
        props = [m for m in ms if m["t"] == "draw" and m["card"] >= 67]
        if props and s.cards["current"] is not None:
            after, _ = engine.apply(s, props[0])
            pos = from_state(s)
            c = pos["cards"]
            c["played"] = c["played"] + [c["current"]]  # the table's played pile, in order
            c["current"] = props[0]["card"]
            pos = json.loads(json.dumps(pos))
            built, _ = build(pos, seed=0)
            got, want = public(built), public(after)
            got["cards"]["coup_campaign"] = want["cards"]["coup_campaign"]
            # the last Event card's Initiative boxes stay marked until the next Event card
            # (2.3.2); a position gives only who is First Eligible
            got["sop"] = want["sop"] | {"first": got["sop"]["first"]}
            assert got == want
            assert engine.legal_moves(built) == engine.legal_moves(after)
            checked += 1
        s, _ = engine.apply(s, rng.choice(ms))
    assert checked >= 2


def test_managed_next_card_goes_on_top() -> None:
    """2.3.6: a next card the table has revealed is the next one drawn."""
    s, pos = setup_position("medium", "managed")
    unseen = sorted(set(range(1, 61)) - {pos["cards"]["current"]})
    pos["cards"]["next"] = unseen[5]
    built, _ = build(pos, seed=1)
    assert built.cards["deck"][0] == unseen[5]
    while built.turn == 1:  # play the card out
        built, _ = engine.apply(built, engine.legal_moves(built)[-1])
    assert built.cards["current"] == unseen[5]


def test_managed_shuffle_follows_the_seed_and_the_piles() -> None:
    _, pos = setup_position("full", "managed")
    a, _ = build(pos, seed=1)
    b, _ = build(pos, seed=1)
    c, _ = build(pos, seed=2)
    assert a.cards["deck"] == b.cards["deck"] != c.cards["deck"]
    deck = a.cards["deck"]
    # 10.0: pile 1 (12 cards left after the first) holds Propaganda card 67, pile i 66 + i
    assert 67 in deck[:12] and [x for x in deck if x >= 67] == [67, 68, 69, 70, 71]


def _set(pos: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split(".")
    d = pos
    for k in keys[:-1]:
        d = d.setdefault(k, {})
    if value is _DELETE:
        d.pop(keys[-1])
    else:
        d[keys[-1]] = value


_DELETE = object()
BAD: list[tuple[str, Any, str]] = [
    # (the field changed, its new value, the field the error names)
    ("schema", "ct-state/1", "schema"),
    ("scenario", "epic", "scenario"),
    ("extra", 1, "extra"),
    ("cards.current", _DELETE, "cards.current"),
    ("cards.current", 63, "cards.current"),
    ("cards.played", [12, 12], "cards.played[1]"),
    ("eligibility.first", "france", "eligibility.first"),
    ("spaces.Atlantis", {}, "spaces.Atlantis"),
    ("spaces.Algiers.pieces.french_troops", 40, "spaces.Algiers.pieces.french_troops"),
    ("spaces.Algiers.pieces.french_troops", 1, "boxes.*.french_troops"),
    ("spaces.Algiers.pieces.tanks", 1, "spaces.Algiers.pieces.tanks"),
    ("spaces.Algiers.pieces.gov_bases", 3, "spaces.Algiers.pieces"),
    ("spaces.Algiers.terror", -1, "spaces.Algiers.terror"),
    ("spaces.Medea.resettled", True, "spaces.Medea.resettled"),
    ("spaces.Morocco.pieces.french_police", 1, "spaces.Morocco.pieces.french_police"),
    ("boxes.reserve", {}, "boxes.reserve"),
    ("boxes.available.guerrillas", 30, "boxes.*.guerrillas"),
    ("resources.gov", 51, "resources.gov"),
    ("commitment", "high", "commitment"),
    ("france_track", "G", "france_track"),
    ("border_zone", None, "border_zone"),
    ("cards.held.fln", [66], "cards.held.fln[0]"),
    ("cards.in_effect", [61, 64, 65, 66], "cards.in_effect[3]"),
    ("cards.capabilities", {"1": "unshaded"}, "cards.capabilities.1"),
    ("cards.momentum", [{"card": 7, "side": "unshaded"}], "cards.momentum[0].card"),
    ("cards.next", 17, "cards.next"),
    ("options.deception", True, "options.deception"),
    ("options.speed", "fast", "options.speed"),
    ("cards.coup_this_campaign", "yes", "cards.coup_this_campaign"),
    ("cards.played", list(range(1, 40)), "cards.played"),
]


@pytest.mark.parametrize("path,value,field", BAD, ids=[b[0] for b in BAD])
def test_bad_positions_name_the_field(path: str, value: Any, field: str) -> None:
    _, pos = setup_position("short", "external")
    pos = copy.deepcopy(pos)
    _set(pos, path, value)
    with pytest.raises(engine.StateError) as e:
        build(pos, seed=0)
    assert e.value.field == field, str(e.value)


def test_a_card_both_played_and_current_is_rejected() -> None:
    _, pos = setup_position("short", "external")
    pos["cards"]["played"] = [pos["cards"]["current"]]
    with pytest.raises(engine.StateError) as e:
        build(pos)
    assert e.value.field == "cards.current" and "also in cards.played" in e.value.reason


def test_propaganda_cards_out_of_the_pile_order_are_rejected() -> None:
    _, pos = setup_position("short", "external")
    pos["cards"]["played"] = [68, 1, 2]
    with pytest.raises(engine.StateError) as e:
        build(pos)
    assert e.value.field == "cards.played" and e.value.rule in ("10.0", "2.4")
