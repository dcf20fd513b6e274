"""engine.view: what each role may see – hidden deck order, set-aside cards,
generator state and the other side's Deception markers – with derived values and legal moves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.data import PROPAGANDA_CARDS
from engine.state import State
from tests.helpers import position

ROLES = ("gov", "fln", "observer")


def text(v: dict[str, Any]) -> str:
    return json.dumps(v, sort_keys=True)


def reshuffled(s: State, seed: int) -> State:
    """The same public position with every hidden datum changed: another deck order (same piles,
    Propaganda cards where they were), other set-aside Events, another generator state."""
    d = json.loads(engine.to_json(s))
    c = d["cards"]
    r = random.Random(seed)
    events = [x for x in c["deck"] if x not in PROPAGANDA_CARDS] + c["set_aside"]
    r.shuffle(events)
    n_aside = len(c["set_aside"])
    c["set_aside"] = sorted(events[:n_aside])
    rest = iter(events[n_aside:])
    c["deck"] = [x if x in PROPAGANDA_CARDS else next(rest) for x in c["deck"]]
    d["rng"] = {"seed": r.getrandbits(64), "counter": r.randrange(1000)}
    return engine.from_json(json.dumps(d))


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
@pytest.mark.parametrize("role", ROLES)
def test_hidden_data_never_leaks(scenario: str, role: str) -> None:
    s = engine.new_game(scenario, 12345)
    other = reshuffled(s, 99)
    assert other.cards["deck"] != s.cards["deck"]
    assert engine.to_json(other) != engine.to_json(s)
    v = text(engine.view(s, role))
    # the views of two states that differ only in hidden data are identical
    assert v == text(engine.view(other, role))
    # and the hidden data itself is not in the view's JSON
    deck = s.cards["deck"]
    assert json.dumps(deck[:3])[1:-1] not in v
    assert json.dumps(deck) not in v and str(s.rng["seed"]) not in v
    if s.cards["set_aside"]:
        assert json.dumps(s.cards["set_aside"]) not in v
    data = engine.view(s, role)
    assert data["cards"]["deck"] is None and data["rng"] is None
    assert data["cards"]["deck_left"] == len(deck)
    assert data["cards"]["set_aside_count"] == len(s.cards["set_aside"])
    assert "cards.deck" in data["hidden"] and "rng" in data["hidden"]


def test_view_does_not_change_the_state() -> None:
    s = engine.new_game("short", 3, {"deception": True})
    before = engine.to_json(s)
    for role in ROLES:
        json.dumps(engine.view(s, role))
    assert engine.to_json(s) == before


def test_deception_markers_seen_only_by_their_holder() -> None:
    s = engine.new_game("short", 3, {"deception": True})
    dec = s.deception
    assert dec is not None
    d = json.loads(engine.to_json(s))
    d["deception"]["fln"]["used"] = d["deception"]["fln"]["held"][:1]
    d["deception"]["fln"]["held"] = d["deception"]["fln"]["held"][1:]
    s = engine.from_json(json.dumps(d))
    gov = engine.view(s, "gov")["deception"]
    assert gov["gov"] == d["deception"]["gov"]
    assert gov["fln"] == {"count": 1, "used": d["deception"]["fln"]["used"]}
    fln = engine.view(s, "fln")["deception"]
    assert fln["fln"] == d["deception"]["fln"]
    assert fln["gov"] == {"count": 2, "used": []}
    obs = engine.view(s, "observer")
    assert obs["deception"] == {"gov": {"count": 2, "used": []},
                                "fln": {"count": 1, "used": d["deception"]["fln"]["used"]}}
    assert set(obs["hidden"]) >= {"deception.gov", "deception.fln"}
    # any other arrangement of the hidden markers gives the same views to the others
    d2 = json.loads(json.dumps(d))
    d2["deception"]["gov"]["held"] = _other_pair(d)
    s2 = engine.from_json(json.dumps(d2))
    for role in ("fln", "observer"):
        assert text(engine.view(s2, role)) == text(engine.view(s, role))


def _other_pair(d: dict[str, Any]) -> list[str]:
    """Two markers for the Government, different from its own, still drawable."""
    from engine.victory import DECEPTION_MARKERS

    pool = list(DECEPTION_MARKERS)
    for x in d["deception"]["fln"]["held"] + d["deception"]["fln"]["used"]:
        pool.remove(x)
    own = sorted(d["deception"]["gov"]["held"])
    for i in range(len(pool)):
        for j in range(i + 1, len(pool)):
            pair = sorted([pool[i], pool[j]])
            if pair != own:
                return pair
    raise AssertionError("no other pair")


def test_legal_moves_only_for_the_role_to_move() -> None:
    s = position(spaces={"Medea": {"ug": 2}}, first="fln")
    assert engine.to_move(s) == "fln"
    assert engine.view(s, "fln")["legal_moves"] == engine.legal_moves(s)
    assert engine.view(s, "gov")["legal_moves"] == []
    assert engine.view(s, "observer")["legal_moves"] == []
    assert engine.view(s, "gov")["derived"]["to_move"] == "fln"
    assert engine.view(s, "gov")["derived"]["prompt"] == engine.prompt(s)


def test_external_chance_decisions_are_public() -> None:
    s = engine.new_game("short", 1, {"chance": "external"})
    assert engine.to_move(s) == "chance"
    for role in ROLES:
        v = engine.view(s, role)
        assert v["legal_moves"] == engine.legal_moves(s)
        assert v["cards"]["deck"] is None and v["cards"]["set_aside_count"] is None
        assert v["cards"]["unseen"] == s.cards["unseen"]


def test_derived_values() -> None:
    s = position(spaces={
        "Algiers": {"fp": 2, "support": "support"},           # Pop 3, Gov Control
        "Medea": {"ug": 2, "fb": 1, "support": "oppose"},      # Pop 2, FLN Control
        "Oran": {"ap": 1, "ug": 1, "support": "oppose"},       # Pop 2, no Control
        "Setif": {"resettled": True},                          # Pop 0
    }, commitment=20, in_effect=[61, 65])
    d = engine.view(s, "observer")["derived"]
    assert d["spaces"]["Algiers"] == {"control": "gov", "population": 3, "support": "support"}
    assert d["spaces"]["Medea"] == {"control": "fln", "population": 2, "support": "oppose"}
    assert d["spaces"]["Oran"] == {"control": None, "population": 2, "support": "oppose"}
    assert d["spaces"]["Setif"]["population"] == 0
    assert d["spaces"]["Morocco"] == {"control": "fln", "population": 1, "support": "oppose"}
    assert (d["total_support"], d["total_opposition"], d["fln_bases_on_map"]) == (3, 4, 1)
    assert (d["gov_score"], d["fln_score"]) == (23, 5)
    assert d["margins"] == {"gov": -12, "fln": -25}
    assert d["terror_left"] == 12


def test_finished_game_view() -> None:
    s = engine.new_game("short", 1)
    d = json.loads(engine.to_json(s))
    c = d["cards"]
    c["played"] = [c["current"]] + c["deck"][:-1]
    c["current"] = c["deck"][-1]
    c["deck"], c["piles"], c["deck_left"], c["propaganda_drawn"] = [], [], 0, 3
    d["turn"] = 39
    d["pending"] = []
    d["result"] = {"winner": "gov", "margins": {"gov": 1, "fln": -3}, "reason": "test"}
    s = engine.from_json(json.dumps(d))
    for role in ROLES:
        v = engine.view(s, role)
        assert v["legal_moves"] == [] and v["derived"]["to_move"] is None
        assert v["result"]["winner"] == "gov"
        assert v["derived"]["prompt"] == "game over"


def test_view_shape_and_bad_role() -> None:
    s = engine.new_game("medium", 2)
    v = engine.view(s, "gov")
    assert (v["schema"], v["state_schema"], v["role"]) == ("ct-view/1", "ct-state/1", "gov")
    assert set(v) >= {"spaces", "boxes", "cards", "sop", "pending", "derived", "legal_moves",
                      "hidden", "resources", "commitment", "turn"}
    for bad in ("chance", "GOV", "", None, ["gov"]):
        with pytest.raises(engine.BadRequest):
            engine.view(s, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("scenario", ["short", "full"])
def test_views_along_random_play_leak_nothing(scenario: str) -> None:
    r = random.Random(5)
    s = engine.new_game(scenario, 77, {"deception": scenario == "short"})
    for _ in range(120):
        if engine.to_move(s) is None:
            break
        for role in ROLES:
            v = engine.view(s, role)
            t = text(v)
            assert str(s.rng["seed"]) not in t
            if s.cards["deck"]:
                assert json.dumps(s.cards["deck"][:3])[1:-1] not in t
            if role != "observer" and engine.to_move(s) == role:
                assert v["legal_moves"] == engine.legal_moves(s)
            if s.deception is not None and role != "gov" and s.deception["gov"]["held"]:
                assert "held" not in v["deception"]["gov"]
        s, _ = engine.apply(s, r.choice(engine.legal_moves(s)))
