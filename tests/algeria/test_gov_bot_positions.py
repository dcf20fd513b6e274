"""The Government bot's choices in constructed positions (docs/algeria/bots.md, "Third round"):
the Government's view of a real game with the units put where each test wants them and the
decision (frame and legal moves) of the rule at hand; each test checks the exact move."""

from __future__ import annotations

from typing import Any

import algeria as A
from algeria.bots import gov

Units = dict[str, tuple[str, str]]     # unit -> (area, box)


def gov_view(frame: dict[str, Any], moves: list[dict[str, Any]], units: Units, *, ap: int = 5,
             done: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The Government's view of a 1958 game with only ``units`` on the map, deciding ``frame``."""
    v = A.view(A.new_game("1958", 1), "gov")
    for u, d in v["units"].items():
        d.update(area=None, box=None, neutralized=False, helo=False,
                 mode="concentrated" if u.startswith("fr_div") else None)
    for u, (area, box) in units.items():
        v["units"][u].update(area=area, box=box)
    for a, missions in (done or {}).items():
        v["areas"][a]["done"] = list(missions)
    frame = {"who": "gov", **frame}
    v.update(pending=[{"k": "turn"}, frame], legal_moves=moves, to_move="gov", ap=ap,
             psl={"gov": 50, "fln": 50})
    return v


def choice(v: dict[str, Any]) -> dict[str, Any]:
    move, trace = gov.choose_move(v, 0)
    assert trace[0]["move"] == move
    return move


def test_a_mobilized_police_unit_goes_where_a_front_stands_before_a_citys_second() -> None:
    # 9.21, 9.25 (6.3 placement): Algiers holds one Police unit and no FLN unit, a Front stands
    # in the Rural area I-1 without Police. The Police unit goes to I-1: -1 to the Front's
    # Propaganda and one more Civil Affairs a turn there. (The old placement filled each city to
    # three first: Algiers 2.8 against I-1 1.8.)
    frame = {"k": "gov_reinforce", "stage": "area", "item": "police"}
    moves = [{"t": "area", "area": a} for a in ("ALGIERS", "I-1", "II-1")]
    v = gov_view(frame, moves, {"police.1": ("ALGIERS", "PTL"), "front.1": ("I-1", "UG")})
    assert choice(v) == {"t": "area", "area": "I-1"}
    # A city where FLN units stand still takes its second Police before a Rural area with none.
    v = gov_view(frame, [{"t": "area", "area": a} for a in ("ALGIERS", "II-1")],
                 {"police.1": ("ALGIERS", "PTL"), "cadre.1": ("ALGIERS", "UG")})
    assert choice(v) == {"t": "area", "area": "ALGIERS"}


def test_set_up_puts_a_mobile_unit_in_a_city_without_one() -> None:
    # 3.0, 9.12: Oran holds a Police unit and no mobile unit; a Strike there must be Reacted to
    # by a unit or cost 1d6 PSP. The French brigade goes to Oran (the old score: Oran 1.5 against
    # an empty Rural area's 2.0).
    frame = {"k": "setup"}
    moves = [{"t": "place", "unit": "fr_bde.1", "area": a} for a in ("V-2", "ORAN", "V-3")]
    v = gov_view(frame, moves, {"police.3": ("ORAN", "PTL")})
    assert choice(v) == {"t": "place", "unit": "fr_bde.1", "area": "ORAN"}


def test_the_last_mobile_unit_of_a_city_with_fln_units_stays_to_patrol() -> None:
    # 7.0, 9.12, 9.21: the only mobile unit in Algiers, where a Cadre is underground, could
    # win control of IV-1 (one Cadre there) by moving; it patrols in Algiers instead, so that a
    # Strike there can be Reacted to. (The old score moved it: 5.0 against the patrol's 2.25.)
    frame = {"k": "gov_deploy", "unit": "fr_bde.1"}
    moves = [{"t": "patrol"}, {"t": "stay"}, {"t": "area", "area": "IV-1"}]
    units = {"fr_bde.1": ("ALGIERS", "OPS"), "cadre.1": ("ALGIERS", "UG"), "cadre.2": ("IV-1", "UG")}
    assert choice(gov_view(frame, moves, units)) == {"t": "patrol"}


def test_no_react_to_a_citys_propaganda_while_a_strike_may_still_come() -> None:
    # 9.12, 9.23: a Cadre has made Propaganda in Algiers; a Front stands in the OPS box, no Strike
    # yet this turn, the FLN has 5 AP. Reacting would send the patrolling brigade to OC (no -1 to
    # the Strike, none to React to it: 1d6 PSP). The Government declines (the old bot reacted).
    frame = {"k": "react", "area": "ALGIERS", "fln": ["cadre.1"], "strike": False, "units": [],
             "stage": "declare"}
    moves = [{"t": "unit", "unit": "fr_bde.1"}, {"t": "decline"}]
    units = {"fr_bde.1": ("ALGIERS", "PTL"), "front.1": ("ALGIERS", "OPS"),
             "cadre.1": ("ALGIERS", "OC")}
    v = gov_view(frame, moves, units, done={"ALGIERS": ["propaganda"]})
    move, trace = gov.choose_move(v, 0)
    assert move == {"t": "decline"} and "Strike compels" in trace[0]["text"]
    # Without the Front (no Strike to come) the brigade reacts against the Cadre.
    del units["front.1"]
    v = gov_view(frame, moves, units, done={"ALGIERS": ["propaganda"]})
    assert choice(v) == {"t": "unit", "unit": "fr_bde.1"}


def test_a_stack_that_can_flush_everything_does_not_react_to_one_cadre() -> None:
    # 9.22, 9.23: in II-2 a division and two elite brigades (total Contact 5, the division lets
    # them combine) face a Front and a Band in OPS and the Cadre that made Propaganda. A React
    # reaches the Cadre only (evading on 1-4) and sends the units to OC; a Flush later contacts
    # all three on 1-5. The Government declines the React (the old bot reacted).
    frame = {"k": "react", "area": "II-2", "fln": ["cadre.1"], "strike": False, "units": [],
             "stage": "declare"}
    moves = [{"t": "unit", "unit": u} for u in ("fr_div.1", "elite_bde.1", "elite_bde.2")] \
        + [{"t": "decline"}]
    units = {"fr_div.1": ("II-2", "OPS"), "elite_bde.1": ("II-2", "OPS"),
             "elite_bde.2": ("II-2", "PTL"), "front.1": ("II-2", "OPS"), "band.1": ("II-2", "OPS"),
             "cadre.1": ("II-2", "OC")}
    assert choice(gov_view(frame, moves, units)) == {"t": "decline"}
    # A lone brigade (Contact 1: a Flush cannot contact the Cadre, evasion 4) reacts.
    units = {"fr_bde.1": ("II-2", "OPS"), "cadre.1": ("II-2", "OC")}
    v = gov_view(frame, [{"t": "unit", "unit": "fr_bde.1"}, {"t": "decline"}], units)
    assert choice(v) == {"t": "unit", "unit": "fr_bde.1"}


def test_an_elite_brigade_joins_a_divisions_area_for_a_combined_flush() -> None:
    # 7.0, 9.22: an elite brigade may move to II-2, where a division stands against a Front and
    # two Bands (with it the total Contact is 3: each FLN unit contacted on 1-3, none on 1 now),
    # or to II-3, where a lone Cadre gives it control (10.1). It goes to II-2 (the old score,
    # control only: II-3 6.5 against II-2 4.0).
    frame = {"k": "gov_deploy", "unit": "elite_bde.1"}
    moves = [{"t": "patrol"}, {"t": "area", "area": "II-2"}, {"t": "area", "area": "II-3"}]
    units = {"elite_bde.1": ("I-1", "OPS"), "fr_div.1": ("II-2", "OPS"), "front.1": ("II-2", "UG"),
             "band.1": ("II-2", "UG"), "band.2": ("II-2", "UG"), "cadre.1": ("II-3", "UG")}
    assert choice(gov_view(frame, moves, units)) == {"t": "area", "area": "II-2"}


def test_no_flush_in_a_city_while_a_strike_may_still_come() -> None:
    # 8.0, 9.12, 9.22: the FLN may act again after a Government mission. A Flush by the only
    # brigade in Algiers (the Front contacted on a 1) would send it to OC, and the Strike the Front
    # may still make would find no unit to React (1d6 PSP): the Government passes (the old bot
    # flushed). With the FLN short of the Strike's 3 AP it flushes.
    frame = {"k": "operations", "passes": 0, "france": False}
    moves = [{"t": "mission", "mission": "flush", "area": "ALGIERS"}, {"t": "pass"}]
    units = {"fr_bde.1": ("ALGIERS", "OPS"), "front.1": ("ALGIERS", "OPS")}
    assert choice(gov_view(frame, moves, units)) == {"t": "pass"}
    assert choice(gov_view(frame, moves, units, ap=2)) == moves[0]


# ---- Fourth round: the long war (docs/algeria/bots.md) ----------------------------------------

def test_a_rural_unit_facing_a_front_patrols_rather_than_move_for_control() -> None:
    # 7.0, 9.21, 9.11: a French brigade in I-1, where a Front is underground and no unit patrols,
    # could take control of II-1 (a lone Cadre there). Its patrol denies the Front's Propaganda
    # 0.5 PSP and makes its "+" (the Front reduced, C.6) one sixth likelier: it patrols, 5.5
    # against 2.5 (the old score moved it: the patrol scored 1.75).
    frame = {"k": "gov_deploy", "unit": "fr_bde.1"}
    moves = [{"t": "patrol"}, {"t": "stay"}, {"t": "area", "area": "II-1"}]
    units = {"fr_bde.1": ("I-1", "OPS"), "front.1": ("I-1", "UG"), "cadre.2": ("II-1", "UG")}
    assert choice(gov_view(frame, moves, units)) == {"t": "patrol"}
    # With no Front or Cadre at home (a Band, no Propaganda), it moves for control.
    del units["front.1"]
    units["band.1"] = ("I-1", "UG")
    assert choice(gov_view(frame, moves, units)) == {"t": "area", "area": "II-1"}


def test_a_division_is_not_activated_where_it_can_neither_patrol_nor_flush() -> None:
    # 6.3, B.1: a division (1 PSP) in I-1, no FLN unit in its area, two Fronts with two Cadres
    # each in the next areas II-1 and I-4. Its patrol denies nothing and a Flush in I-1 finds no
    # one: it is not activated (the old score counted the FLN strength next door: +0.3). A
    # brigade (½ PSP) facing a Cadre at home is.
    frame: dict[str, Any] = {"k": "gov_reinforce", "stage": "activate", "item": None,
                             "new": [], "activated": [], "credit": 0, "bought": 0, "x": {}}
    units = {"fr_div.1": ("I-1", "OPS"), "front.1": ("II-1", "UG"), "cadre.1": ("II-1", "UG"),
             "cadre.2": ("II-1", "UG"), "front.2": ("I-4", "UG"), "cadre.3": ("I-4", "UG"),
             "cadre.4": ("I-4", "UG")}
    moves = [{"t": "activate", "unit": "fr_div.1"}, {"t": "done"}]
    assert choice(gov_view(frame, moves, units)) == {"t": "done"}
    units.update({"fr_bde.1": ("II-1", "OPS")})
    moves = [{"t": "activate", "unit": "fr_bde.1"}, {"t": "done"}]
    assert choice(gov_view(frame, moves, units)) == {"t": "activate", "unit": "fr_bde.1"}


def test_civil_affairs_are_paced_by_the_governments_lead() -> None:
    # 9.25, 12.2: with level PSLs (50/50) and three Civil Affairs made this turn, the Government
    # keeps the rest of its PSL and passes (the old bot made a fourth: 0.77 against 0); 10 points
    # ahead it may make 3 + 2 (sixth round: one more per 4 points); with the FLN at 10 every one.
    frame = {"k": "operations", "passes": 0, "france": False}
    moves = [{"t": "mission", "mission": "civil_affairs", "area": "II-1"}, {"t": "pass"}]
    units = {"police.1": (a, "PTL") for a in ("II-1",)}
    units.update({f"police.{i}": (a, "PTL") for i, a in
                  enumerate(("ALGIERS", "ORAN", "CONSTANTINE"), 2)})
    done = {a: ["civil_affairs"] for a in ("ALGIERS", "ORAN", "CONSTANTINE")}
    v = gov_view(frame, moves, units, done=done)
    assert choice(v) == {"t": "pass"}
    v["psl"] = {"gov": 60, "fln": 50}
    assert choice(v) == moves[0]
    v["psl"] = {"gov": 40, "fln": 10}
    assert choice(v) == moves[0]


def test_the_government_takes_its_awards_when_behind() -> None:
    # C.6, 12.2: a Cadre eliminated gives +1 Government or -1 FLN, the Government choosing. At
    # 40 against 50 it builds its own PSL (the old bot took them off the FLN above 30); ahead,
    # or with the FLN at 10, off the FLN.
    frame = {"k": "split", "n": 2}
    moves = [{"t": "split", "gov_gain": a, "fln_loss": 2 - a} for a in range(3)]
    v = gov_view(frame, moves, {})
    v["psl"] = {"gov": 40, "fln": 50}
    assert choice(v)["gov_gain"] == 2
    v["psl"] = {"gov": 55, "fln": 50}
    assert choice(v)["fln_loss"] == 2
    v["psl"] = {"gov": 20, "fln": 10}
    assert choice(v)["fln_loss"] == 2


# ---- Sixth round: the war's length (docs/algeria/bots.md) --------------------------------------

POLICED = ("ALGIERS", "ORAN", "CONSTANTINE", "I-1", "II-1", "III-1", "IV-1", "V-1")


def civil_affairs_made(made: int, psl: dict[str, int]
                       ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """1954, Police patrolling in eight areas, Civil Affairs made this turn in the first
    ``made`` of them (9.25): the Government's view, choosing between one more in the next area
    and passing."""
    frame = {"k": "operations", "passes": 0, "france": False}
    units = {f"police.{i}": (a, "PTL") for i, a in enumerate(POLICED, 1)}
    done = {a: ["civil_affairs"] for a in POLICED[:made]}
    moves = [{"t": "mission", "mission": "civil_affairs", "area": POLICED[made]}, {"t": "pass"}]
    v = gov_view(frame, moves, units, done=done)
    v.update(scenario="1954", psl=psl)
    return v, moves


def test_civil_affairs_are_paced_at_one_more_per_four_points_of_lead() -> None:
    # 9.25, 12.2, chart C.8: 1954 starts the Government at 65 against the FLN's 50. At those
    # PSLs, with Police in eight areas and six Civil Affairs made this turn, the Government
    # keeps the rest of its PSL: 3 + 15 // 4 = 6. The old bot, one more per 2 points, made ten
    # a turn (3 + 15 // 2) and took the FLN's 50 to 0 in 3-5 turns, spending its own PSL with
    # it. 28 ahead it made a ninth before the seventh round (now at most five, below).
    v, _ = civil_affairs_made(6, psl={"gov": 65, "fln": 50})
    assert choice(v) == {"t": "pass"}
    v["psl"] = {"gov": 78, "fln": 50}
    assert choice(v) == {"t": "pass"}


def test_civil_affairs_stop_at_five_a_turn_until_the_fln_is_at_ten() -> None:
    # 9.25, 12.2 (seventh round): 1954, the Government at 75 against the FLN's 50 (pace
    # 3 + 25 // 4 = 9), Police in eight areas, five Civil Affairs made this turn. It keeps the
    # rest of its PSL: five take 8.3 PSP a turn off the FLN, more than its Propaganda brings it;
    # the old bot made a sixth (and up to nine), and took the FLN's 50 to 0 in 4-5 turns. With
    # the FLN at 10 it makes every one it can (12.2).
    v, moves = civil_affairs_made(5, psl={"gov": 75, "fln": 50})
    assert choice(v) == {"t": "pass"}
    v["psl"] = {"gov": 75, "fln": 10}
    assert choice(v) == moves[0]


def test_civil_affairs_at_five_a_turn_in_the_first_four_turns_while_ahead() -> None:
    # 9.25 (ninth round): turn 2 of 1954, the Government at 55 against the FLN's 50 (pace
    # 3 + 5 // 4 = 4), four Civil Affairs made this turn: it makes a fifth while its lead lasts
    # in the first four turns (the old bot passed). From turn 5 the pace is the lead's again;
    # behind, it never presses.
    v, moves = civil_affairs_made(4, psl={"gov": 55, "fln": 50})
    v["turn"] = 2
    assert choice(v) == moves[0]
    v["turn"] = 5
    assert choice(v) == {"t": "pass"}
    v["turn"], v["psl"] = 2, {"gov": 50, "fln": 55}
    assert choice(v) == {"t": "pass"}


# ---- Seventh round: the Government defends its PSL (docs/algeria/bots.md) --------------------

def test_a_unit_goes_to_a_city_where_a_front_has_no_unit_to_react_to_its_strike() -> None:
    # 7.0, 9.12, 9.23: NATO pressure (5.0 55-56) has taken Oran's brigade; a Front stands there
    # and only a Police unit (static: it cannot React). An Algerian brigade in I-1, where a Front
    # is underground, goes to Oran: every Strike there no unit Reacts to costs 1d6 PSP besides
    # its own (seed 54012 of 1954 lost 32 PSP that way in three turns). The old score kept it on
    # patrol in I-1 (5.5 against the move's 3.0).
    frame = {"k": "gov_deploy", "unit": "alg_bde.1"}
    moves = [{"t": "patrol"}, {"t": "stay"}, {"t": "area", "area": "ORAN"}]
    units = {"alg_bde.1": ("I-1", "OPS"), "front.1": ("I-1", "UG"), "front.2": ("ORAN", "UG"),
             "police.1": ("ORAN", "PTL")}
    assert choice(gov_view(frame, moves, units)) == {"t": "area", "area": "ORAN"}
    # A brigade in Oran's OC box (not activated, 6.3) cannot React either: the city is still bare.
    units["fr_bde.1"] = ("ORAN", "OC")
    assert choice(gov_view(frame, moves, units)) == {"t": "area", "area": "ORAN"}
    # With a brigade in Oran's OPS box the unit patrols at home.
    units["fr_bde.1"] = ("ORAN", "OPS")
    assert choice(gov_view(frame, moves, units)) == {"t": "patrol"}


def test_a_brigade_is_mobilized_for_a_city_without_a_unit_to_react() -> None:
    # 6.3, 9.12: the same Oran, the Government at 55 against 50 (below its spending floor of 58
    # for mobile units). A French brigade (2 PSP) is mobilized and placed in Oran: a Strike
    # unanswered costs 1d6 a turn. The old bot kept its PSL (the brigade "not worth its PSP").
    frame: dict[str, Any] = {"k": "gov_reinforce", "stage": "buy", "item": None, "new": [],
                             "activated": [], "credit": 0, "bought": 0, "x": {}}
    units = {"front.2": ("ORAN", "UG"), "police.1": ("ORAN", "PTL"), "front.1": ("I-1", "UG")}
    moves = [{"t": "mobilize", "item": "fr_bde"}, {"t": "done"}]
    v = gov_view(frame, moves, units)
    v["psl"] = {"gov": 55, "fln": 50}
    assert choice(v) == {"t": "mobilize", "item": "fr_bde"}
    area = {**frame, "stage": "area", "item": "fr_bde"}
    v = gov_view(area, [{"t": "area", "area": a} for a in ("I-1", "ORAN", "II-1")], units)
    assert choice(v) == {"t": "area", "area": "ORAN"}
