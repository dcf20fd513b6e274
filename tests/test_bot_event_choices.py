"""The non-player FLN's choices inside Events (8.1.2, 8.3; ct-fln-bot §6.5-6.6): Guerrillas taken
from the map, the #12 March guards, never its own Opposition given up, #33 Revenge, #30, #60 –
and the self-play invariant checker that keeps these defects from coming back (run over
hundreds of games in tests/test_bot_selfplay.py)."""

from __future__ import annotations

import pytest

import engine
from engine.bot import events as bot_events
from engine.bot.invariants import EventInvariants
from engine.state import Move, State
from tests.helpers import pieces
from tests.test_bot_fixtures import DONE, bot_position, run, this_card

EV_SHADED: Move = {"t": "event", "side": "shaded"}
EV_SINGLE: Move = {"t": "event", "side": "unshaded"}


def play(card: int, spaces: dict[str, dict[str, object]], seed: int = 1,
         **kw: object) -> tuple[State, list[Move], State]:
    s = bot_position(spaces, card=card, **kw)  # type: ignore[arg-type]
    moves, _, _ = run(s, seed)
    mine = this_card(s, moves)
    return s, mine, engine.apply_all(s, mine)[0]


# --- 8.1.2: Guerrillas taken from the map -----------------------------------------------------

# No Guerrilla Available. Bougie (FLN Base) may give 1 Active (3 there, never the last two);
# Medea (Support) 1 Active of 3; Batna 1 Active; Tizi Ouzou only Underground ones (Active only).
MAP = {"Algiers": {}, "Bougie": {"fb": 1, "ug": 2, "ag": 1},
       "Medea": {"ag": 3, "support": "support"}, "Batna": {"ag": 1}, "Tizi Ouzou": {"ug": 3}}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_casbah_takes_guerrillas_from_the_map_per_8_1_2(seed: int) -> None:
    """8.1.2: "place Active Guerrilla pieces (and Active only) from the map … never remove either
    of the last two Guerrillas from any FLN Base nor from a Support space"."""
    _, mine, after = play(26, MAP, seed, guerrillas=0)
    assert mine[0] == EV_SHADED
    takes = [m for m in mine if m["t"] == "place"]
    assert len(takes) == 3 and all(m["piece"] == "guerrillas_active" for m in takes)
    assert DONE in mine  # the fourth Guerrilla is declined (1.4.1 "may")
    assert pieces(after, "Algiers") == {"ug": 3}
    assert pieces(after, "Bougie") == {"fb": 1, "ug": 2}
    assert pieces(after, "Medea") == {"ag": 2}
    assert pieces(after, "Batna") == {} and pieces(after, "Tizi Ouzou") == {"ug": 3}


def test_casbah_first_from_where_there_are_most_guerrillas() -> None:
    _, mine, _ = play(26, {"Algiers": {}, "Batna": {"ag": 1}, "Laghouat": {"ag": 4}},
                      guerrillas=0)
    assert [m["from"] for m in mine if m["t"] == "place"][:3] == ["Laghouat"] * 3


def test_casbah_is_not_effective_for_the_bot_with_only_guarded_sources() -> None:
    """8.3: effective "judged with those sources only": here the map holds Guerrillas, but only
    Underground ones or the last two of a Base or a Support space."""
    spaces = {"Algiers": {}, "Bougie": {"fb": 1, "ug": 2}, "Medea": {"ag": 2, "support": "support"},
              "Tizi Ouzou": {"ug": 3}}
    s = bot_position(spaces, card=26, guerrillas=0)
    assert engine.events.is_effective(s, 26, "shaded")  # for a human player it is
    assert bot_events.bot_side(s, 26) is None
    _, mine, _ = play(26, spaces, guerrillas=0)
    assert mine[0]["t"] != "event"


def test_assassination_declines_the_guerrilla_without_a_source_within_8_1_2() -> None:
    """#36 shaded: the Guerrilla may come from the map (1.4.1 "may"); none may be taken within
    8.1.2, so the bot declines it and keeps the +1d6 Resources."""
    spaces = {"Medea": {"ag": 2, "support": "support"}, "Bougie": {"fb": 1, "ug": 2}}
    s, mine, after = play(36, spaces, guerrillas=0)
    assert mine[:2] == [EV_SHADED, DONE]
    assert pieces(after, "Medea") == {"ag": 2} and pieces(after, "Bougie") == {"fb": 1, "ug": 2}
    assert after.resources["fln"] > s.resources["fln"]


def test_assassination_takes_an_active_guerrilla_within_8_1_2() -> None:
    """Medea (Support, 3 Active) may give one Guerrilla, but not to itself: the Guerrilla goes
    where FLN pieces are (8.1.2), to Bougie, and comes from Medea, Active, flipped Underground."""
    spaces = {"Medea": {"ag": 3, "support": "support"}, "Bougie": {"fb": 1, "ug": 2}}
    _, mine, after = play(36, spaces, guerrillas=0)
    assert mine[:3] == [EV_SHADED, {"t": "pick", "value": "Bougie"},
                        {"t": "place", "space": "Bougie", "from": "Medea",
                         "piece": "guerrillas_active"}]
    assert pieces(after, "Bougie") == {"fb": 1, "ug": 3} and pieces(after, "Medea") == {"ag": 2}


def test_stripey_hole_shaded_judged_with_8_1_2_sources() -> None:
    """#51 instruction: shaded only when the Guerrillas can be placed at Support; with only guarded
    map sources the bot falls back to the unshaded text."""
    spaces = {"Medea": {"support": "support", "ag": 2}, "Bougie": {"fb": 1, "ug": 2},
              "Tlemcen": {"ug": 1}}
    s = bot_position(spaces, card=51, guerrillas=0)
    assert bot_events.bot_side(s, 51) == "unshaded"
    s = bot_position(dict(spaces, Batna={"ag": 1}), card=51, guerrillas=0)
    assert bot_events.bot_side(s, 51) == "shaded"
    _, mine, after = play(51, dict(spaces, Batna={"ag": 1}), guerrillas=0)
    assert mine[:3] == [EV_SHADED, {"t": "pick", "value": "Medea"},
                        {"t": "place", "space": "Medea", "from": "Batna",
                         "piece": "guerrillas_active"}]
    assert mine[3] == DONE  # no second source within 8.1.2: the map source is declined
    assert pieces(after, "Medea") == {"ag": 2, "ug": 1}


# --- #12 Ventilos: the March guards --------------------------------------------------------------


def test_ventilos_never_the_last_underground_or_last_two_at_a_base() -> None:
    """ct-fln-bot §6.6 #12: "obey the March guards of §9.2" – never the last Underground Guerrilla
    or either of the last two Guerrillas of a Base space."""
    s = bot_position({"Oran": {"support": "support"}, "Mostaganem": {"fb": 1, "ug": 2}}, card=12)
    assert bot_events.bot_side(s, 12) is None
    for seed in (1, 2, 3, 4):
        _, mine, after = play(12, {"Oran": {"support": "support"},
                                   "Mostaganem": {"fb": 1, "ug": 3}}, seed)
        assert mine[0] == EV_SHADED
        assert [m for m in mine if m["t"] == "move"] == [
            {"t": "move", "piece": "guerrillas_underground", "from": "Mostaganem", "to": "Oran"}]
        assert pieces(after, "Mostaganem") == {"fb": 1, "ug": 2}


def test_ventilos_never_hands_the_government_control_of_a_populated_space() -> None:
    """§9.2: never leave a Populated space not Government-Controlled so that it would be."""
    for seed in (1, 2, 3, 4):
        _, mine, after = play(12, {"Oran": {"support": "support"},
                                   "Mostaganem": {"ug": 3, "fp": 2}}, seed)
        assert len([m for m in mine if m["t"] == "move"]) == 1
        assert pieces(after, "Mostaganem") == {"ug": 2, "fp": 2}
        assert engine.board.control(after, "Mostaganem") != "gov"


# --- never its own Opposition ------------------------------------------------------------------


def test_stripey_hole_unshaded_never_a_sector_already_at_oppose() -> None:
    """#51 instruction fallback: "the highest-Population Sector with no FLN Base" – one already at
    Oppose would change nothing there."""
    spaces = {"Bougie": {"ug": 1, "support": "oppose"}, "Tlemcen": {"ug": 1}}
    for seed in (1, 2, 3):
        _, mine, after = play(51, spaces, seed, others="oppose")
        assert mine == [EV_SINGLE, {"t": "pick", "value": "Tlemcen"}]
        assert after.spaces["Tlemcen"]["support"] == "oppose"


def test_atrocities_never_at_oppose_while_commitment_lasts() -> None:
    """#28: each marker sets its space to Neutral and costs 1 Commitment – with Commitment > 0
    never in a space at Oppose (the FLN's own Opposition)."""
    _, mine, after = play(28, {"Algiers": {"support": "oppose"}, "Medea": {}}, fln=1)
    assert mine == [EV_SINGLE, {"t": "pick", "value": "Medea"}]
    assert after.spaces["Algiers"]["support"] == "oppose" and after.commitment == 14


def test_atrocities_played_only_when_it_has_an_effect() -> None:
    s = bot_position({}, card=28, commitment=0, others="oppose")
    assert engine.events.is_effective(s, 28, "unshaded")
    assert bot_events.bot_side(s, 28) is None  # no Support space and no Commitment to take
    s = bot_position({}, card=28, commitment=3, others="oppose")
    assert bot_events.bot_side(s, 28) == "unshaded"  # a Pop 0 Sector: Commitment -1


def test_elections_shaded_only_a_populated_sector_at_support() -> None:
    """#34 shaded: one Populated Sector to Neutral – only one at Support hurts the Government."""
    s = bot_position({"Medea": {"support": "oppose"}}, card=34)
    assert bot_events.bot_side(s, 34) is None
    _, mine, after = play(34, {"Medea": {"support": "oppose"}, "Tlemcen": {"support": "support"}})
    assert mine == [EV_SHADED, {"t": "pick", "value": "Tlemcen"}]
    assert after.spaces["Medea"]["support"] == "oppose"


def test_population_control_shaded_only_a_city_at_support() -> None:
    """#53 shaded: one City to Neutral – only one at Support hurts the Government."""
    s = bot_position({"Algiers": {"support": "oppose"}}, card=53)
    assert bot_events.bot_side(s, 53) is None
    _, mine, after = play(53, {"Algiers": {"support": "oppose"}, "Oran": {"support": "support"}})
    assert mine == [EV_SHADED, {"t": "pick", "value": "Oran"}]
    assert after.spaces["Algiers"]["support"] == "oppose"


# --- #33 Revenge, #30, #60 ---------------------------------------------------------------------


def revenge(spaces: dict[str, dict[str, object]]) -> Move:
    s = bot_position(spaces, capabilities={"33": "shaded"}).copy()
    f = engine.ops.op_frame("assault", "gov", None, None, free=True, sa_ok=False)
    f["locs"] = sorted(spaces)
    f["x"]["revenge"] = True
    s.pending.append(f)
    s._legal = None
    return run(s)[0][0]


def test_revenge_support_space_with_the_highest_population_first() -> None:
    """#33 instruction: "an Assault space at Support (highest Pop), else one with an FLN Base
    (highest Pop), else any Assault space (highest Pop)" – a Base does not rank Support spaces."""
    assert revenge({"Tlemcen": {"ag": 1, "fb": 1, "support": "support"},
                    "Medea": {"ag": 1, "support": "support"},
                    "Algiers": {"ag": 1}}) == {"t": "revenge", "space": "Medea"}
    assert revenge({"Tlemcen": {"ag": 1, "fb": 1}, "Barika": {"ag": 1, "fb": 1},
                    "Algiers": {"ag": 1}, "Medea": {"ag": 1}}) in (
        {"t": "revenge", "space": "Tlemcen"}, {"t": "revenge", "space": "Barika"})
    assert revenge({"Tlemcen": {"ag": 1}, "Algiers": {"ag": 1}}) == {"t": "revenge",
                                                                     "space": "Algiers"}


def test_change_in_tactics_dual_use_capabilities_are_not_the_governments() -> None:
    """5.3: "There are two Dual-Use capabilities, OAS and TORTURE" – not Government Capabilities,
    so #30 is not played for them, and never removes them while a Government one is in effect."""
    s = bot_position({}, card=30, capabilities={"18": "unshaded", "63": "unshaded"})
    assert bot_events.gov_capabilities(s) == [] and bot_events.bot_side(s, 30) is None
    _, mine, after = play(30, {}, capabilities={"18": "unshaded", "13": "unshaded"})
    assert mine == [EV_SINGLE, {"t": "pick", "value": 13}]
    assert after.cards["capabilities"] == {"18": "unshaded"}


def test_soummam_shaded_only_with_an_fln_base_available() -> None:
    """#60 shaded: with no FLN Base Available the Bases could only be moved on the map (no more
    Bases on the map): not played."""
    s = bot_position({"Medea": {"fb": 1, "ug": 2}, "Batna": {"ug": 2}}, card=60, bases=0)
    assert engine.events.is_effective(s, 60, "shaded")
    assert bot_events.bot_side(s, 60) is None
    s = bot_position({"Batna": {"ug": 2}}, card=60, bases=1)
    assert bot_events.bot_side(s, 60) == "shaded"


# --- the self-play invariant checker -----------------------------------------------------------


def test_invariants_flag_a_guarded_map_source() -> None:
    s = bot_position({"Bougie": {"fb": 1, "ag": 2}, "Medea": {"ug": 3}})
    inv = EventInvariants()
    for m in ({"t": "place", "space": "Algiers", "from": "Bougie", "piece": "guerrillas_active"},
              {"t": "place", "space": "Algiers", "from": "Medea",
               "piece": "guerrillas_underground"}):
        inv.check_map_take(s, m)
    assert len(inv.violations) == 2 and inv.map_takes == 2
    assert "last two" in inv.violations[0] and "Active only" in inv.violations[1]


def test_invariants_flag_an_event_with_no_effect_and_lost_opposition() -> None:
    s = bot_position({}, card=19, fln=50)  # #19 shaded: +2 FLN Resources, already at 50
    inv = EventInvariants()
    t, _ = engine.apply(s, EV_SHADED)
    inv.observe(s, EV_SHADED, t, "fln")
    assert inv.events == 1 and inv.violations and "no effect" in inv.violations[0]
    s = bot_position({"Algiers": {"support": "oppose"}}, card=28, fln=2)
    s, _ = engine.apply(s, EV_SINGLE)
    pick = {"t": "pick", "value": "Algiers"}
    t, _ = engine.apply(s, pick)
    inv = EventInvariants()
    inv.observe(s, pick, t, "fln")
    assert inv.decisions == 1 and "Opposition in Algiers" in inv.violations[0]
