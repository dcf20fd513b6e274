"""Event cards #34-#60 without lasting markers (engine/cards/events_b.py): every text, exact
resulting states, and the edge cases of the card specification (5.1, 5.1.1, 5.1.3)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.board import pool_total, population
from engine.data import BOX_PIECES, MOROCCO_TUNISIA_INDEPENDENT
from referee_core.errors import IllegalMove
from engine.events import is_effective
from engine.state import State
from tests.helpers import (
    EXTERNAL,
    box,
    on_card,
    pieces,
    play,
    position,
    roll,
    set_available,
)
from tests.helpers import of_type as kinds
from tests.helpers import picks as values

INDEPENDENT = [MOROCCO_TUNISIA_INDEPENDENT]
U, S = "unshaded", "shaded"


def start(card: int, side: str, spaces: dict[str, dict[str, Any]] | None = None,
          **kw: Any) -> State:
    """A position (external chance, so tests supply the dice) on ``card``; the First Eligible
    (FLN unless ``first`` says otherwise) executes ``side``."""
    return play(on(card, spaces, **kw), {"t": "event", "side": side})


def on(card: int, spaces: dict[str, dict[str, Any]] | None = None, **kw: Any) -> State:
    kw.setdefault("options", EXTERNAL)
    s = on_card(position(spaces=spaces, **kw), card)
    if card in s.cards["unseen"]:  # external chance: the card was drawn from the deck
        s.cards["unseen"].remove(card)
        s.cards["deck_left"] -= 1
        s.cards["piles"][0][0] -= 1
        s.turn = 1
    return s


def back_to_sequence(s: State) -> bool:
    """The Event is over: the Second Eligible's option prompt is next (2.3.2)."""
    return bool(s.pending[-1]["k"] == "eligible" and s.pending[-1]["role"] == "second")


def conserved(s: State) -> bool:
    return all(pool_total(s, k) == engine.data.FORCE_POOL[k] for k in BOX_PIECES)


ROLL = roll(4)


# --- #34 Elections -----------------------------------------------------------------------------


def test_34_unshaded_commitment_or_neutral_space_to_support() -> None:
    spaces: dict[str, dict[str, Any]] = {
        "Medea": {"terror": 1}, "Setif": {"resettled": True}, "Bougie": {"support": "oppose"}}
    s = start(34, U, spaces, commitment=20)
    opts = values(s)
    assert opts[0] == "commitment" and "Algiers" in opts and "Tizi Ouzou" in opts
    for no in ("Medea", "Setif", "Bougie", "Batna", "Morocco"):  # Terror, Pop 0, not Neutral
        assert no not in opts
    a = play(s, {"t": "pick", "value": "commitment"})
    assert a.commitment == 21 and back_to_sequence(a)
    assert all(sp["support"] == "neutral" for n, sp in a.spaces.items() if n != "Bougie")
    b = play(s, {"t": "pick", "value": "Algiers"})
    assert b.commitment == 20 and b.spaces["Algiers"]["support"] == "support"


def test_34_unshaded_at_commitment_50_must_set_a_space() -> None:
    s = start(34, U, commitment=50)
    assert "commitment" not in values(s) and "Oran" in values(s)
    with pytest.raises(IllegalMove):
        play(s, {"t": "pick", "value": "commitment"})
    assert is_effective(on(34, commitment=50), 34, U)


def test_34_shaded_sets_one_populated_sector_to_neutral() -> None:
    spaces: dict[str, dict[str, Any]] = {
        "Medea": {"support": "support", "terror": 1}, "Bougie": {"support": "oppose"},
        "Algiers": {"support": "support"}}
    s = start(34, S, spaces)
    assert values(s) == ["Bougie", "Medea"]  # Sectors only, not Cities
    s = play(s, {"t": "pick", "value": "Medea"})
    assert s.spaces["Medea"]["support"] == "neutral" and s.spaces["Medea"]["terror"] == 1
    assert s.spaces["Bougie"]["support"] == "oppose" and back_to_sequence(s)
    assert not is_effective(on(34, {"Algiers": {"support": "support"}}), 34, S)


# --- #36 Assassination ---------------------------------------------------------------------


def test_36_unshaded_guerrilla_to_casualties_and_fln_loses_a_die() -> None:
    s = start(36, U, {"Medea": {"ug": 1, "ag": 1}, "Morocco": {"ug": 1}}, resources=(20, 20))
    assert sorted((m["piece"], m["space"]) for m in kinds(s, "remove")) == [
        ("guerrillas_active", "Medea"), ("guerrillas_underground", "Medea"),
        ("guerrillas_underground", "Morocco")]
    s = play(s, {"t": "remove", "piece": "guerrillas_active", "space": "Medea"})
    assert engine.to_move(s) == "chance"
    s = play(s, roll(4))
    assert pieces(s, "Medea") == {"ug": 1} and box(s, "casualties") == {"guerrillas": 1}
    assert s.resources == {"gov": 20, "fln": 16} and back_to_sequence(s) and conserved(s)


def test_36_unshaded_no_roll_when_fln_has_nothing_to_lose() -> None:
    s = start(36, U, {"Medea": {"ug": 1}}, resources=(20, 0))  # the only one: no prompt
    assert pieces(s, "Medea") == {} and box(s, "casualties") == {"guerrillas": 1}
    assert back_to_sequence(s) and s.resources["fln"] == 0
    s = start(36, U, resources=(20, 3))  # no Guerrilla on the map: only the loss
    s = play(s, roll(6))
    assert s.resources["fln"] == 0 and back_to_sequence(s)
    assert not is_effective(on(36, resources=(20, 0)), 36, U)


def test_36_shaded_martyr_from_out_of_play_then_gain() -> None:
    s = on(36, resources=(20, 47))
    s = set_available(s, "guerrillas", 5)
    s = play(s, {"t": "event", "side": S})
    assert "Morocco" in values(s) and "Algiers" in values(s)  # independent (short scenario)
    s = play(s, {"t": "pick", "value": "Morocco"})
    assert kinds(s, "place") == [
        {"t": "place", "space": "Morocco", "source": "available"},
        {"t": "place", "space": "Morocco", "source": "out_of_play"}]
    oop = s.boxes["out_of_play"]["guerrillas"]
    s = play(s, {"t": "place", "space": "Morocco", "source": "out_of_play"}, roll(5))
    assert pieces(s, "Morocco") == {"ug": 1} and s.boxes["out_of_play"]["guerrillas"] == oop - 1
    assert s.boxes["available"]["guerrillas"] == 5 and s.resources["fln"] == 50  # capped


def test_36_shaded_countries_only_once_independent() -> None:
    s = start(36, S, in_effect=[], border_zone=None)
    assert "Morocco" not in values(s) and "Tunisia" not in values(s)


def test_36_shaded_map_fallback_only_for_the_fln_and_optional() -> None:
    """1.4.1: players "may take them from spaces elsewhere on the map if and only if the desired
    force type is not Available" – "may": with none Available or Out of Play the FLN may decline
    (5.1.3 binds what the text can do with the named boxes, not the optional map source)."""
    s = on(36, {"Medea": {"ug": 1}, "Tunisia": {"ag": 1}})
    s = set_available(s, "guerrillas", 0, to="casualties")
    s = play(s, {"t": "event", "side": S})
    assert {"t": "done"} in engine.legal_moves(s)  # the space itself may be declined
    f = play(s, {"t": "pick", "value": "Algiers"})
    assert engine.legal_moves(f) == [  # never from Morocco or Tunisia (1.4.1)
        {"t": "place", "space": "Algiers", "from": "Medea", "piece": "guerrillas_underground"},
        {"t": "done"}]
    f = play(f, {"t": "place", "space": "Algiers", "from": "Medea",
                 "piece": "guerrillas_underground"}, roll(2))
    assert pieces(f, "Algiers") == {"ug": 1} and pieces(f, "Medea") == {}
    assert f.resources["fln"] == 22 and conserved(f)
    for declined in (play(s, {"t": "done"}, roll(3)),
                     play(s, {"t": "pick", "value": "Algiers"}, {"t": "done"}, roll(3))):
        assert pieces(declined, "Medea") == {"ug": 1} and pieces(declined, "Algiers") == {}
        assert declined.resources["fln"] == 23 and back_to_sequence(declined)
    g = on(36, {"Medea": {"ug": 1}}, first="gov")
    g = set_available(g, "guerrillas", 0, to="casualties")
    g = play(g, {"t": "event", "side": S}, roll(1))  # Government executor: no fallback
    assert pieces(g, "Medea") == {"ug": 1} and g.resources["fln"] == 21 and back_to_sequence(g)


def test_36_shaded_a_boxed_guerrilla_must_be_placed() -> None:
    """5.1.3: with a Guerrilla Available the placement is not optional."""
    s = play(on(36), {"t": "event", "side": S})
    assert {"t": "done"} not in engine.legal_moves(s)
    s = play(s, {"t": "pick", "value": "Algiers"})
    assert {"t": "done"} not in engine.legal_moves(s)


# --- #37 Integration -----------------------------------------------------------------------


def test_37_unshaded_free_train_in_at_most_two_locations() -> None:
    s = start(37, U, {"Medea": {"gb": 1, "ft": 1, "terror": 1}}, resources=(10, 5),
              france_track="C")
    assert engine.to_move(s) == "gov"  # the Government performs the Train (5.1)
    spaces = [m["space"] for m in kinds(s, "space")]
    assert "france_track" in spaces and "Medea" in spaces and "Algiers" in spaces
    s = play(s, {"t": "space", "space": "Medea"},
             {"t": "place", "piece": "algerian_police", "space": "Medea"},
             {"t": "space", "space": "france_track"})
    assert kinds(s, "space") == []  # two locations: no third
    assert s.resources["gov"] == 10 and s.france_track == "B"
    s = play(s, {"t": "pacify", "space": "Medea"})  # Pacify still costs 2 (3.1.2)
    assert s.resources["gov"] == 8 and s.spaces["Medea"]["terror"] == 0
    s = play(s, {"t": "done"})
    assert back_to_sequence(s) and pieces(s, "Medea") == {"ft": 1, "ap": 1, "gb": 1}
    assert s.sop["first_box"] == "event"


def test_37_shaded_free_subvert_without_underground_guerrilla() -> None:
    s = start(37, S, {"Medea": {"at": 1, "ap": 1}, "Oran": {"ap": 1}, "Bougie": {"ag": 2}},
              first="gov", resources=(10, 5))
    assert engine.to_move(s) == "fln" and {"t": "done"} in engine.legal_moves(s)  # "may"
    ms = engine.legal_moves(s)
    assert {"t": "remove", "space": "Medea", "piece": "algerian_troops"} in ms
    assert {"t": "replace", "space": "Oran"} in ms
    a = play(s, {"t": "remove", "space": "Medea", "piece": "algerian_troops"},
             {"t": "remove", "space": "Oran", "piece": "algerian_police"})
    assert engine.legal_moves(a) == [{"t": "done"}]  # two cubes in all (4.3.2)
    a = play(a, {"t": "done"})
    assert pieces(a, "Medea") == {"ap": 1} and pieces(a, "Oran") == {}
    assert back_to_sequence(a) and a.resources == {"gov": 10, "fln": 5}
    b = play(s, {"t": "replace", "space": "Oran"}, {"t": "done"})
    assert pieces(b, "Oran") == {"ug": 1} and back_to_sequence(b) and conserved(b)
    c = play(s, {"t": "done"})
    assert pieces(c, "Medea") == {"at": 1, "ap": 1} and back_to_sequence(c)
    assert not is_effective(on(37, {"Medea": {"ft": 2}}), 37, S)


# --- #38 Economic Crisis in France ---------------------------------------------------------


def test_38_both_texts_and_floors() -> None:
    s = play(start(38, U, resources=(20, 3)), roll(5))
    assert s.resources == {"gov": 20, "fln": 0}
    s = play(start(38, S, resources=(20, 3), commitment=10), roll(6))
    assert s.resources == {"gov": 14, "fln": 3} and s.commitment == 9
    s = start(38, S, resources=(0, 3), commitment=0)  # nothing to lose: no die asked
    assert back_to_sequence(s) and s.commitment == 0 and s.resources["gov"] == 0
    assert not is_effective(on(38, resources=(0, 3), commitment=0), 38, S)
    assert not is_effective(on(38, resources=(5, 0)), 38, U)


# --- #39 Retreat into Djebel -----------------------------------------------------------------


def test_39_unshaded_clears_two_mountain_sectors_without_fln_base() -> None:
    spaces = {"Medea": {"ug": 2, "ag": 1, "ft": 1}, "Bougie": {"ag": 1},
              "Tizi Ouzou": {"ug": 1, "fb": 1}, "Biskra": {"ug": 1}, "Morocco": {"ug": 1},
              "Setif": {"ug": 1}}
    s = start(39, U, spaces)
    assert values(s) == ["Setif", "Bougie", "Medea"]  # Mountain Sectors, no FLN Base
    s = play(s, {"t": "pick", "value": "Medea"})
    assert {"t": "done"} not in engine.legal_moves(s)  # two spaces must be selected
    s = play(s, {"t": "pick", "value": "Bougie"})
    assert pieces(s, "Medea") == {"ft": 1} and pieces(s, "Bougie") == {}
    assert pieces(s, "Setif") == {"ug": 1} and box(s, "casualties") == {}
    assert back_to_sequence(s) and conserved(s)


def test_39_unshaded_fewer_than_two_qualify() -> None:
    s = start(39, U, {"Medea": {"ag": 1}, "Tizi Ouzou": {"ug": 1, "fb": 1}})
    assert values(s) == ["Medea"]
    s = play(s, {"t": "pick", "value": "Medea"})
    assert pieces(s, "Medea") == {} and back_to_sequence(s)
    assert not is_effective(on(39, {"Tizi Ouzou": {"ug": 1, "fb": 1}}), 39, U)


def test_39_shaded_flips_active_guerrillas_in_mountain_sectors_only() -> None:
    spaces = {"Medea": {"ug": 1, "ag": 2}, "Biskra": {"ag": 1}, "Algiers": {"ag": 1},
              "Morocco": {"ag": 1}}
    s = start(39, S, spaces)
    assert pieces(s, "Medea") == {"ug": 3} and pieces(s, "Biskra") == {"ag": 1}
    assert pieces(s, "Algiers") == {"ag": 1} and pieces(s, "Morocco") == {"ag": 1}
    assert not is_effective(on(39, {"Biskra": {"ag": 1}}), 39, S)


# --- #41 Egypt, #42 Czech Arms Deal, #59 Bandung Conference ---------------------------------


def test_41_egypt() -> None:
    assert start(41, U, resources=(5, 2)).resources == {"gov": 5, "fln": 0}
    assert play(start(41, S, resources=(5, 46)), roll(3)).resources == {"gov": 5, "fln": 49}
    assert start(41, S, resources=(5, 50)).resources["fln"] == 50  # no die at the cap
    assert not is_effective(on(41, resources=(5, 50)), 41, S)


def test_42_czech_arms_deal() -> None:
    s = start(42, U, resources=(5, 20), border_zone=3)  # independent: 2 x Border Zone Status
    assert s.resources["fln"] == 14
    s = start(42, U, resources=(5, 20), in_effect=[], border_zone=None)
    assert s.resources["fln"] == 18
    assert not is_effective(on(42, resources=(5, 20), border_zone=0), 42, U)
    assert start(42, U, resources=(5, 20), border_zone=0).resources["fln"] == 20
    assert start(42, S, resources=(5, 47)).resources["fln"] == 50


def test_59_bandung_conference() -> None:
    assert play(start(59, U, resources=(5, 10)), roll(6)).resources["fln"] == 4
    assert play(start(59, S, resources=(5, 10)), roll(2)).resources["fln"] == 12
    assert not is_effective(on(59, resources=(5, 0)), 59, U)


# --- #43 Refugees ----------------------------------------------------------------------------


def test_43_unshaded_pop_markers_in_two_cities() -> None:
    s = start(43, U)
    assert values(s) == ["Constantine", "Algiers", "Oran"]
    s = play(s, {"t": "pick", "value": "Algiers"})
    assert {"t": "done"} not in engine.legal_moves(s)
    s = play(s, {"t": "pick", "value": "Oran"})
    assert [n for n, sp in s.spaces.items() if sp["pop_bonus"]] == ["Algiers", "Oran"]
    assert population(s, "Algiers") == 4 and population(s, "Oran") == 3
    assert back_to_sequence(s)


def test_43_shaded_three_bases_in_each_country() -> None:
    s = start(43, S, {"Morocco": {"fb": 2}})
    assert s.spaces["Morocco"]["base_marker"] and s.spaces["Tunisia"]["base_marker"]
    assert engine.board.base_room(s, "Morocco") == 1
    t = start(43, S, in_effect=[], border_zone=None)  # markers placed even before #61
    assert t.spaces["Morocco"]["base_marker"]
    assert not is_effective(on(43, in_effect=[], border_zone=None), 43, S)
    assert not is_effective(s, 43, S) and is_effective(on(43), 43, S)
    assert engine.from_json(engine.to_json(s)) == s


# --- #47 Third Force -------------------------------------------------------------------------


def test_47_unshaded_replaces_up_to_three_guerrillas_with_algerian_police() -> None:
    s = start(47, U, {"Medea": {"ug": 2, "ag": 2}, "Algiers": {"ug": 1}})
    assert values(s) == ["Medea"]  # Sectors only
    s = play(s, {"t": "pick", "value": "Medea"},
             {"t": "replace", "space": "Medea", "piece": "guerrillas_active"},
             {"t": "replace", "space": "Medea", "piece": "guerrillas_underground"})
    assert pieces(s, "Medea") == {"ap": 2, "ug": 1, "ag": 1}
    s = play(s, {"t": "replace", "space": "Medea", "piece": "guerrillas_active"})
    assert pieces(s, "Medea") == {"ap": 3, "ug": 1} and back_to_sequence(s) and conserved(s)


def test_47_unshaded_stop_early_and_no_police_available() -> None:
    s = start(47, U, {"Medea": {"ug": 3}})
    s = play(s, {"t": "pick", "value": "Medea"},
             {"t": "replace", "space": "Medea", "piece": "guerrillas_underground"},
             {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 2, "ap": 1} and back_to_sequence(s)
    # FLN executor, no Police Available: the Guerrilla is simply removed (1.4.1)
    f = set_available(on(47, {"Medea": {"ug": 2}, "Oran": {"ap": 1}}), "algerian_police", 0)
    f = play(f, {"t": "event", "side": U}, {"t": "pick", "value": "Medea"},
             {"t": "replace", "space": "Medea", "piece": "guerrillas_underground"})
    assert pieces(f, "Medea") == {"ug": 1} and pieces(f, "Oran") == {"ap": 1}
    # Government executor: may take its Police from the map, or decline
    g = set_available(on(47, {"Medea": {"ug": 2}, "Oran": {"ap": 1}}, first="gov"),
                      "algerian_police", 0)
    g = play(g, {"t": "event", "side": U}, {"t": "pick", "value": "Medea"})
    assert engine.legal_moves(g) == [
        {"t": "replace", "space": "Medea", "piece": "guerrillas_underground"},
        {"t": "replace", "space": "Medea", "piece": "guerrillas_underground", "from": "Oran",
         "take": "algerian_police"}, {"t": "done"}]
    g = play(g, {"t": "replace", "space": "Medea", "piece": "guerrillas_underground",
                 "from": "Oran", "take": "algerian_police"},
             {"t": "replace", "space": "Medea", "piece": "guerrillas_underground"})
    assert pieces(g, "Medea") == {"ap": 1} and pieces(g, "Oran") == {} and back_to_sequence(g)
    assert conserved(g)


def test_47_shaded_sector_with_algerian_police_to_opposition() -> None:
    spaces: dict[str, dict[str, Any]] = {
        "Medea": {"ap": 1, "support": "support", "terror": 1}, "Algiers": {"ap": 1},
        "Batna": {"ap": 1}, "Bougie": {"ap": 1, "support": "oppose"}, "Setif": {"fp": 1}}
    s = start(47, S, spaces)
    assert values(s) == ["Medea"]  # not a City, not Pop 0, not already Oppose, Algerian Police
    s = play(s, {"t": "pick", "value": "Medea"})
    assert s.spaces["Medea"]["support"] == "oppose" and s.spaces["Medea"]["terror"] == 1
    assert not is_effective(on(47, {"Batna": {"ap": 1}}), 47, S)


# --- #48 Ultras ------------------------------------------------------------------------------


def test_48_unshaded_up_to_one_guerrilla_per_city() -> None:
    s = start(48, U, {"Algiers": {"ug": 1, "ag": 1}, "Oran": {"ag": 2}, "Medea": {"ag": 1}})
    assert sorted(m["piece"] for m in kinds(s, "remove")) == [
        "guerrillas_active", "guerrillas_underground"]
    assert {"t": "done"} in engine.legal_moves(s)  # "up to"
    s = play(s, {"t": "remove", "piece": "guerrillas_underground", "space": "Algiers"})
    assert kinds(s, "remove") == [{"t": "remove", "piece": "guerrillas_active", "space": "Oran"}]
    s = play(s, {"t": "done"})
    assert pieces(s, "Algiers") == {"ag": 1} and pieces(s, "Oran") == {"ag": 2}
    assert pieces(s, "Medea") == {"ag": 1} and back_to_sequence(s)


def test_48_shaded_half_a_die_of_algerian_cubes() -> None:
    s = start(48, S, {"Medea": {"at": 2, "ft": 1}, "Oran": {"ap": 2}})
    s = play(s, roll(5))  # 3 cubes
    assert {"t": "done"} not in engine.legal_moves(s)
    s = play(s, {"t": "remove", "piece": "algerian_troops", "space": "Medea"},
             {"t": "remove", "piece": "algerian_police", "space": "Oran"},
             {"t": "remove", "piece": "algerian_police", "space": "Oran"})
    assert pieces(s, "Medea") == {"at": 1, "ft": 1} and pieces(s, "Oran") == {}
    assert back_to_sequence(s) and conserved(s)
    t = play(start(48, S, {"Oran": {"ap": 1}, "Medea": {"at": 1}}), roll(6))  # fewer exist: all
    assert pieces(t, "Oran") == {} and pieces(t, "Medea") == {} and back_to_sequence(t)
    u = play(start(48, S, {"Oran": {"ap": 2}}), roll(2))  # 1 cube, of one kind in one place
    assert pieces(u, "Oran") == {"ap": 1} and back_to_sequence(u)
    assert not is_effective(on(48, {"Oran": {"fp": 2}}), 48, S)


# --- #49 Factional Plot, #58 Army in Waiting ---------------------------------------------------


def test_49_unshaded_half_of_tunisia_to_available() -> None:
    s = start(49, U, {"Tunisia": {"ug": 3, "ag": 2}, "Morocco": {"ug": 2}})
    s = play(s, {"t": "remove", "piece": "guerrillas_active", "space": "Tunisia"})
    assert [m["space"] for m in kinds(s, "remove")] == ["Tunisia", "Tunisia"]
    s = play(s, {"t": "remove", "piece": "guerrillas_underground", "space": "Tunisia"})
    assert pieces(s, "Tunisia") == {"ug": 2, "ag": 1} and pieces(s, "Morocco") == {"ug": 2}
    assert box(s, "casualties") == {} and back_to_sequence(s)


def test_49_no_effect_before_independence() -> None:
    for side in (U, S):
        s = on(49, {"Medea": {"ug": 1}}, in_effect=[], border_zone=None)
        assert not is_effective(s, 49, side)
        a = play(s, {"t": "event", "side": side})
        assert back_to_sequence(a) and a.spaces == s.spaces


def test_49_shaded_redistributes_between_the_countries() -> None:
    s = start(49, S, {"Tunisia": {"ug": 1, "ag": 2}})
    assert kinds(s, "move") == [
        {"t": "move", "piece": "guerrillas_underground", "from": "Tunisia", "to": "Morocco"},
        {"t": "move", "piece": "guerrillas_active", "from": "Tunisia", "to": "Morocco"}]
    s = play(s, {"t": "move", "piece": "guerrillas_active", "from": "Tunisia", "to": "Morocco"},
             {"t": "move", "piece": "guerrillas_underground", "from": "Tunisia", "to": "Morocco"},
             {"t": "done"})
    assert pieces(s, "Tunisia") == {"ag": 1} and pieces(s, "Morocco") == {"ug": 1, "ag": 1}
    assert back_to_sequence(s)
    assert not is_effective(on(49, {"Medea": {"ug": 1}}), 49, S)


def test_49_shaded_a_guerrilla_crosses_at_most_once() -> None:
    """"Move any number of Guerrillas from Morocco to Tunisia and/or from Tunisia to Morocco": each
    Guerrilla crosses once, so the decision ends (before, a Guerrilla could go back and forth
    without end, until the state outgrew what the validator accepts)."""
    s = start(49, S, {"Tunisia": {"ug": 1}})
    s = play(s, {"t": "move", "piece": "guerrillas_underground", "from": "Tunisia",
                 "to": "Morocco"})
    # nothing left to move (it may not go back): the Event is over
    assert pieces(s, "Morocco") == {"ug": 1} and back_to_sequence(s)
    s = start(49, S, {"Tunisia": {"ug": 1}, "Morocco": {"ag": 1}})
    s = play(s, {"t": "move", "piece": "guerrillas_underground", "from": "Tunisia",
                 "to": "Morocco"})
    assert kinds(s, "move") == [{"t": "move", "piece": "guerrillas_active", "from": "Morocco",
                                 "to": "Tunisia"}]


def test_58_unshaded_half_of_tunisia_out_of_play() -> None:
    s = start(58, U, {"Tunisia": {"ug": 2, "ag": 1}})
    assert {"t": "done"} not in engine.legal_moves(s)
    oop = s.boxes["out_of_play"]["guerrillas"]
    s = play(s, {"t": "remove", "piece": "guerrillas_underground", "space": "Tunisia"})
    assert pieces(s, "Tunisia") == {"ug": 1, "ag": 1} and back_to_sequence(s)
    assert s.boxes["out_of_play"]["guerrillas"] == oop + 1
    assert not is_effective(on(58, {"Tunisia": {"ug": 1}}), 58, U)
    assert not is_effective(on(58, {"Tunisia": {"ug": 4}}, in_effect=[], border_zone=None), 58, U)


def test_58_shaded_base_in_a_country_within_stacking() -> None:
    spaces = {"Morocco": {"fb": 2}, "Tunisia": {"fb": 1}}
    s = start(58, S, spaces)
    assert kinds(s, "place") == [{"t": "place", "space": "Tunisia", "source": "available"}]
    s = play(s, {"t": "place", "space": "Tunisia", "source": "available"})
    assert pieces(s, "Tunisia") == {"fb": 2} and back_to_sequence(s)
    full = {"Morocco": {"fb": 2}, "Tunisia": {"fb": 2}}
    assert not is_effective(on(58, full), 58, S)
    assert back_to_sequence(start(58, S, full))
    marked = {"Morocco": {"fb": 2, "base_marker": True}, "Tunisia": {"fb": 2}}
    t = play(start(58, S, marked), {"t": "place", "space": "Morocco", "source": "available"})
    assert pieces(t, "Morocco") == {"fb": 3}


def test_58_shaded_base_from_algeria_never_from_a_country() -> None:
    s = set_available(on(58, {"Medea": {"fb": 1}, "Tunisia": {"fb": 1}}), "fln_bases", 0)
    s = play(s, {"t": "event", "side": S})
    assert engine.legal_moves(s) == [
        {"t": "place", "space": "Morocco", "from": "Medea", "piece": "fln_bases"},
        {"t": "place", "space": "Tunisia", "from": "Medea", "piece": "fln_bases"},
        {"t": "done"}]  # 1.4.1 "may": taking the Base from the map is optional
    assert back_to_sequence(play(s, {"t": "done"}))
    s = play(s, {"t": "place", "space": "Morocco", "from": "Medea", "piece": "fln_bases"})
    assert pieces(s, "Morocco") == {"fb": 1} and pieces(s, "Medea") == {} and conserved(s)


# --- #50 Bleuite -----------------------------------------------------------------------------


def test_50_unshaded_purge_succeeds_on_roll_at_most_guerrillas() -> None:
    s = start(50, U, {"Medea": {"ug": 2, "ag": 1}, "Morocco": {"ug": 3}})
    assert values(s) == ["Medea"]
    s = play(s, {"t": "pick", "value": "Medea"})
    assert pieces(s, "Medea") == {"ag": 3} and engine.to_move(s) == "chance"
    a = play(s, roll(3))
    assert pieces(a, "Medea") == {"ag": 1} and box(a, "casualties") == {"guerrillas": 2}
    b = play(s, roll(4))
    assert pieces(b, "Medea") == {"ag": 3} and box(b, "casualties") == {}
    assert back_to_sequence(a) and back_to_sequence(b)


def test_50_unshaded_lone_guerrilla() -> None:
    s = play(start(50, U, {"Oran": {"ug": 1}}), {"t": "pick", "value": "Oran"}, roll(1))
    assert pieces(s, "Oran") == {} and box(s, "casualties") == {"guerrillas": 1}


def test_50_shaded_two_algerian_police() -> None:
    s = start(50, S, {"Medea": {"ap": 1, "at": 1}, "Oran": {"ap": 3}})
    s = play(s, {"t": "remove", "piece": "algerian_police", "space": "Oran"},
             {"t": "remove", "piece": "algerian_police", "space": "Medea"})
    assert pieces(s, "Medea") == {"at": 1} and pieces(s, "Oran") == {"ap": 2}
    assert back_to_sequence(s)
    assert not is_effective(on(50, {"Medea": {"at": 1}}), 50, S)


# --- #51 Stripey Hole ------------------------------------------------------------------------


def test_51_unshaded_activate_and_oppose() -> None:
    s = start(51, U, {"Medea": {"ug": 2, "support": "support"}, "Batna": {"ug": 1}})
    assert "Algiers" not in values(s) and "Batna" in values(s)
    a = play(s, {"t": "pick", "value": "Medea"})
    assert pieces(a, "Medea") == {"ag": 2} and a.spaces["Medea"]["support"] == "oppose"
    b = play(s, {"t": "pick", "value": "Batna"})  # Pop 0: stays Neutral
    assert pieces(b, "Batna") == {"ag": 1} and b.spaces["Batna"]["support"] == "neutral"


def test_51_shaded_two_guerrillas_from_available_and_out_of_play() -> None:
    s = set_available(on(51), "guerrillas", 1)
    s = play(s, {"t": "event", "side": S})
    assert "Algiers" not in values(s) and "Morocco" not in values(s) and "Medea" in values(s)
    s = play(s, {"t": "pick", "value": "Medea"},
             {"t": "place", "space": "Medea", "source": "available"})
    assert kinds(s, "place") == [{"t": "place", "space": "Medea", "source": "out_of_play"}]
    assert {"t": "done"} not in engine.legal_moves(s)
    s = play(s, {"t": "place", "space": "Medea", "source": "out_of_play"})
    assert pieces(s, "Medea") == {"ug": 2} and box(s, "available").get("guerrillas", 0) == 0
    assert back_to_sequence(s) and conserved(s)


def test_51_shaded_nothing_obtainable() -> None:
    s = set_available(on(51, first="gov"), "guerrillas", 0, to="casualties")
    assert back_to_sequence(play(s, {"t": "event", "side": S}))
    assert not is_effective(s, 51, S)


def test_51_shaded_second_guerrilla_from_the_map_is_optional() -> None:
    """1.4.1 "may": once the boxes are empty the FLN may stop rather than take from the map."""
    s = set_available(on(51, {"Batna": {"ag": 2}}), "guerrillas", 1, to="casualties")
    s = play(s, {"t": "event", "side": S}, {"t": "pick", "value": "Medea"})
    assert {"t": "done"} not in engine.legal_moves(s)  # the Available one must be placed
    s = play(s, {"t": "place", "space": "Medea", "source": "available"})
    assert {"t": "done"} in engine.legal_moves(s)
    assert {"t": "place", "space": "Medea", "from": "Batna",
            "piece": "guerrillas_active"} in engine.legal_moves(s)
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 1} and pieces(s, "Batna") == {"ag": 2}
    assert back_to_sequence(s) and conserved(s)


# --- #52 Cabinet Shuffle ---------------------------------------------------------------------


def test_52_cabinet_shuffle_one_box_either_way() -> None:
    s = start(52, U, france_track="C")
    assert values(s) == ["B", "D"]
    assert play(s, {"t": "pick", "value": "D"}).france_track == "D"
    s = start(52, U, france_track="A")
    assert values(s) == ["B"]
    assert not is_effective(on(52, france_track="F"), 52, U)
    assert [m for m in engine.legal_moves(on(52)) if m["t"] == "event"] == [
        {"t": "event", "side": U}]


# --- #54 Operation 744 -----------------------------------------------------------------------


def test_54_troops_into_a_mountain_sector_then_remove_fln_pieces() -> None:
    spaces = {"Medea": {"ug": 1, "ag": 1, "fb": 1}, "Algiers": {"ft": 3},
              "Oran": {"ft": 2, "fp": 1}, "Biskra": {"ft": 1}}
    s = start(54, U, spaces)
    assert "Biskra" not in values(s) and "Algiers" not in values(s) and len(values(s)) == 19
    s = play(s, {"t": "pick", "value": "Medea"})
    assert sorted(m["from"] for m in kinds(s, "move")) == ["Algiers", "Biskra", "Oran"]
    s = play(s, *[{"t": "move", "piece": "french_troops", "from": a, "to": "Medea"}
                  for a in ("Algiers", "Algiers", "Oran", "Oran")])
    assert pieces(s, "Algiers") == {"ft": 1} and pieces(s, "Oran") == {"fp": 1}
    # Guerrillas before the Base
    assert sorted(m["piece"] for m in kinds(s, "remove")) == [
        "guerrillas_active", "guerrillas_underground"]
    s = play(s, {"t": "remove", "piece": "guerrillas_underground", "space": "Medea"},
             {"t": "remove", "piece": "guerrillas_active", "space": "Medea"})
    assert pieces(s, "Medea") == {"ft": 4, "fb": 1} and back_to_sequence(s)
    assert s.commitment == 20 and conserved(s)


def test_54_base_after_guerrillas_and_stopping_early() -> None:
    s = start(54, U, {"Medea": {"ag": 1, "fb": 2}, "Oran": {"ft": 1}})
    s = play(s, {"t": "pick", "value": "Medea"}, {"t": "done"},
             {"t": "remove", "piece": "guerrillas_active", "space": "Medea"})
    assert kinds(s, "remove") == [{"t": "remove", "piece": "fln_bases", "space": "Medea"}]
    s = play(s, {"t": "remove", "piece": "fln_bases", "space": "Medea"})
    assert pieces(s, "Medea") == {"fb": 1} and pieces(s, "Oran") == {"ft": 1}
    assert s.commitment == 20 and back_to_sequence(s)
    t = start(54, U, {"Medea": {"ug": 3}})
    t = play(t, {"t": "pick", "value": "Medea"}, {"t": "done"})  # no Troop, remove none
    assert pieces(t, "Medea") == {"ug": 3} and back_to_sequence(t)
    assert not is_effective(on(54, {"Biskra": {"ug": 1}}), 54, U)


# --- #55 Development ---------------------------------------------------------------------------


def test_55_unshaded_government_bases_from_available_and_out_of_play() -> None:
    s = on(55, {"Medea": {"fb": 1}, "Oran": {"gb": 2}}, first="gov")
    s = set_available(s, "gov_bases", 1)
    s = play(s, {"t": "event", "side": U})
    places = kinds(s, "place")
    assert {"t": "place", "space": "Medea", "source": "out_of_play"} in places
    assert not [m for m in places if m["space"] in ("Oran", "Morocco", "Tunisia")]
    s = play(s, {"t": "place", "space": "Medea", "source": "out_of_play"})
    assert not [m for m in kinds(s, "place") if m["space"] == "Medea"]  # stacking: 2 Bases
    s = play(s, {"t": "place", "space": "Algiers", "source": "available"})
    assert pieces(s, "Medea") == {"gb": 1, "fb": 1} and pieces(s, "Algiers") == {"gb": 1}
    assert s.commitment == 20 and back_to_sequence(s) and conserved(s)


def test_55_unshaded_up_to_and_shaded() -> None:
    s = play(start(55, U), {"t": "place", "space": "Medea", "source": "available"},
             {"t": "done"})
    assert pieces(s, "Medea") == {"gb": 1} and back_to_sequence(s)
    assert start(55, S, resources=(5, 48)).resources == {"gov": 5, "fln": 50}
    g = on(55)
    for b in ("available", "out_of_play"):
        g.boxes["casualties"]["gov_bases"] += g.boxes[b]["gov_bases"]
        g.boxes[b]["gov_bases"] = 0
    assert not is_effective(g, 55, U) and back_to_sequence(play(g, {"t": "event", "side": U}))


# --- #60 Soummam Conference ------------------------------------------------------------------


def test_60_unshaded_bases_replaced_by_guerrillas() -> None:
    s = start(60, U, {"Medea": {"fb": 2}, "Oran": {"fb": 1}, "Tunisia": {"fb": 1}},
              commitment=20)
    assert sorted(m["space"] for m in kinds(s, "replace")) == ["Medea", "Oran"]
    s = play(s, {"t": "replace", "space": "Medea", "piece": "fln_bases"},
             {"t": "replace", "space": "Medea", "piece": "fln_bases"})
    assert pieces(s, "Medea") == {"ug": 2} and pieces(s, "Oran") == {"fb": 1}
    assert s.commitment == 20 and back_to_sequence(s) and conserved(s)


def test_60_unshaded_without_available_guerrillas() -> None:
    spaces = {"Medea": {"fb": 1}, "Oran": {"ug": 1}, "Tunisia": {"ug": 1}}
    g = set_available(on(60, spaces, first="gov"), "guerrillas", 0)
    g = play(g, {"t": "event", "side": U}, {"t": "replace", "space": "Medea", "piece": "fln_bases"})
    assert pieces(g, "Medea") == {} and back_to_sequence(g)  # simply removed
    f = set_available(on(60, spaces), "guerrillas", 0)
    f = play(f, {"t": "event", "side": U})
    assert engine.legal_moves(f) == [  # take one from the map (never a Country), or decline
        {"t": "replace", "space": "Medea", "piece": "fln_bases"},
        {"t": "replace", "space": "Medea", "piece": "fln_bases", "from": "Oran",
         "take": "guerrillas_underground"}, {"t": "done"}]
    f = play(f, {"t": "replace", "space": "Medea", "piece": "fln_bases", "from": "Oran",
                 "take": "guerrillas_underground"})
    assert pieces(f, "Medea") == {"ug": 1} and pieces(f, "Oran") == {} and back_to_sequence(f)


def test_60_shaded_places_up_to_two_fln_bases_in_algeria() -> None:
    s = start(60, S, {"Medea": {"gb": 1}, "Oran": {"fb": 2}})
    spaces = {m["space"] for m in kinds(s, "place")}
    assert "Medea" in spaces and "Oran" not in spaces and "Morocco" not in spaces
    s = play(s, {"t": "place", "space": "Medea", "source": "available"})
    assert "Medea" not in {m["space"] for m in kinds(s, "place")}
    s = play(s, {"t": "place", "space": "Algiers", "source": "available"})
    assert pieces(s, "Medea") == {"gb": 1, "fb": 1} and pieces(s, "Algiers") == {"fb": 1}
    assert back_to_sequence(s)
    assert not is_effective(on(60), 60, U) and is_effective(on(60), 60, S)


# --- the machinery -------------------------------------------------------------------------


def test_pending_event_decisions_survive_json_and_reject_illegal_moves() -> None:
    s = on(51)
    s = set_available(s, "guerrillas", 1)
    s = play(s, {"t": "event", "side": S}, {"t": "pick", "value": "Medea"})
    assert engine.from_json(engine.to_json(s)) == s
    with pytest.raises(IllegalMove):
        play(s, {"t": "place", "space": "Oran", "source": "available"})
    with pytest.raises(IllegalMove):
        play(s, {"t": "done"})
    t = start(37, U, {"Medea": {"gb": 1}})
    t = play(t, {"t": "space", "space": "Medea"})
    assert engine.from_json(engine.to_json(t)) == t
    u = start(37, S, {"Medea": {"at": 1}})
    assert engine.from_json(engine.to_json(u)) == u


def test_all_assigned_cards_registered_with_their_texts() -> None:
    from engine.events import EVENTS
    for card in (34, 36, 37, 38, 39, 41, 42, 43, 47, 48, 49, 50, 51, 55, 58, 59, 60):
        assert EVENTS[card].texts == (U, S)
    for card in (52, 54):
        assert EVENTS[card].texts == (U,)
