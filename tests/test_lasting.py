"""Capabilities (5.3) and Momentum (5.4): every lasting text modifies its rule at the point where
the rule is applied (engine/modifiers.py), plus the other texts of the same cards
(engine/cards/lasting.py). Exact resulting states, worked out by hand from the rules and the card
specification."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import modifiers as mod
from engine import sa_gov
from engine.data import MOROCCO_TUNISIA_INDEPENDENT, PROPAGANDA_CARDS
from engine.events import EVENTS, is_effective, momentum_active
from engine.machine import settle, to_move
from engine.ops import op_frame, sa_frame
from engine.state import State
from tests.helpers import (
    DONE,
    end_op,
    ev,
    gov,
    illegal,
    mv,
    of_type,
    on_card,
    pick,
    picks,
    pieces,
    pk,
    play,
    position,
    set_available,
)

FT, FP, AT, AP = "french_troops", "french_police", "algerian_troops", "algerian_police"
GB = "gov_bases"
UG, AG, FB = "guerrillas_underground", "guerrillas_active", "fln_bases"
INDEPENDENT = MOROCCO_TUNISIA_INDEPENDENT


# --- helpers ---------------------------------------------------------------------------------


def fln(spaces: dict[str, dict[str, Any]] | None = None, **kw: Any) -> State:
    kw.setdefault("in_effect", [])
    if INDEPENDENT not in kw["in_effect"]:
        kw.setdefault("border_zone", None)
    return position(spaces=spaces, first="fln", **kw)


def mom(s: State, card: int, side: str = "unshaded") -> State:
    """Momentum ``card`` (``side``) in effect (5.4)."""
    s = s.copy()
    s.cards["momentum"].append({"card": card, "side": side})
    return s


def cap(s: State, card: int, side: str = "unshaded") -> State:
    """Capability ``card`` (``side``) in effect (5.3)."""
    s = s.copy()
    s.cards["capabilities"][str(card)] = side
    return s


def spaces_offered(s: State, t: str = "space") -> set[str]:
    return {m["space"] for m in engine.legal_moves(s) if m["t"] == t and "amnesty" not in m}


def sp(n: str, **extra: Any) -> dict[str, Any]:
    return {"t": "space", "space": n, **extra}


def rm(piece: str, n: str) -> dict[str, Any]:
    return {"t": "remove", "piece": piece, "space": n}


def push_free(s: State, op: str, who: str = "gov") -> State:
    """A free Operation granted by an Event (3.1.2, 5.5), on top of the current prompt."""
    s = s.copy()
    s.pending.append(op_frame(op, who, None, None, free=True, sa_ok=False))
    return s


def marker_cards() -> list[tuple[int, str, str]]:
    """Every registered (card, side, kind) whose text is a Capability or Momentum."""
    out = []
    for card, e in sorted(EVENTS.items()):
        for side in e.texts:
            kind = e.lasting(side)
            if kind:
                out.append((card, side, kind))
    return out


# --- Markers: executing a lasting text records it (5.3, 5.4) ----------------------------------


@pytest.mark.parametrize("card,side,kind", marker_cards())
def test_executing_a_lasting_text_records_its_marker(card: int, side: str, kind: str) -> None:
    for who in ("gov", "fln"):
        s = on_card(position(first=who), card)
        assert is_effective(s, card, side)
        s, log = engine.apply(s, {"t": "event", "side": side})
        s = end_op(s)
        if kind == "capability":
            assert s.cards["capabilities"] == {str(card): side}
            assert s.cards["momentum"] == []
            assert any(e["rule"] == "5.3" and e.get("card") == card for e in log)
        else:
            assert s.cards["momentum"] == [{"card": card, "side": side}]
            assert s.cards["capabilities"] == {}
            assert any(e["rule"] == "5.4" and e.get("card") == card for e in log)
        assert s.sop["first_box"] == "event"


def test_registered_lasting_cards() -> None:
    assert {c for c, _, _ in marker_cards()} >= {2, 5, 8, 11, 12, 13, 18, 29, 33, 35, 40, 45, 46}


def test_momentum_expires_at_the_reset_phase_capabilities_stay() -> None:
    s = gov()
    for card, side in ((8, "shaded"), (11, "unshaded"), (12, "unshaded"), (29, "shaded")):
        s = mom(s, card, side)
    s = cap(s, 35)
    assert mod.troop_lift_spaces(s) == 5 and mod.train_cubes(s) == 2
    s = s.copy()
    s.cards["deck"] = [n for n in s.cards["deck"] if n not in PROPAGANDA_CARDS]
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "propaganda", "phase": "reset",
                                                  "final": False}]
    settle(s, [])
    assert s.cards["momentum"] == []
    assert mod.troop_lift_spaces(s) == 3 and mod.train_cubes(s) == 4
    assert s.cards["capabilities"] == {"35": "unshaded"} and mod.napalm(s, "Medea")


def test_change_in_tactics_removes_a_capability_and_its_effect() -> None:
    s = cap(on_card(gov({"Medea": {"ft": 2, "ag": 2}}), 30), 35)
    s = play(s, {"t": "event", "side": "unshaded"})
    assert picks(s) == [35]
    s = play(s, pk(35))
    assert s.cards["capabilities"] == {} and not mod.napalm(s, "Medea")
    # the Government's next Assault in a Mountain space is back to 1 per 2 cubes
    t = play(gov({"Medea": {"ft": 2, "ag": 2}}), {"t": "op", "op": "assault"}, sp("Medea"))
    assert pieces(t, "Medea") == {"ft": 2, "ag": 1}


# --- 4.2.2 Troop Lift: #8, #11, #12, #40 -------------------------------------------------------


def test_troop_lift_spaces_add_up() -> None:
    s = gov()
    assert mod.troop_lift_spaces(s) == sa_gov.troop_lift_spaces(s) == 3
    assert mod.troop_lift_spaces(mom(s, 8, "shaded")) == 2
    assert mod.troop_lift_spaces(mom(s, 11)) == 5
    assert mod.troop_lift_spaces(mom(s, 12)) == 4
    assert mod.troop_lift_spaces(mom(s, 40, "shaded")) == 2
    assert mod.troop_lift_spaces(mom(s, 8, "unshaded")) == 3  # the side matters
    every = mom(mom(mom(mom(s, 8, "shaded"), 11), 12), 40, "shaded")
    assert sa_gov.troop_lift_spaces(every) == 3 - 1 + 2 + 1 - 1


def lift(s: State) -> State:
    return play(s, {"t": "op", "op": "train"}, {"t": "sa", "sa": "troop_lift"})


def test_bananes_troop_lift_in_five_spaces() -> None:
    s = lift(mom(gov({"Algiers": {"ft": 6}}), 11))
    for d in ("Oran", "Medea", "Tlemcen", "Constantine"):
        s = play(s, pick(FT, "Algiers"), mv(FT, "Algiers", d))
    s = play(s, pick(FT, "Algiers"))
    assert {m["to"] for m in of_type(s, "move")} == {"Oran", "Medea", "Tlemcen", "Constantine"}
    illegal(s, mv(FT, "Algiers", "Batna"))
    s = play(s, mv(FT, "Algiers", "Oran"), DONE)
    assert pieces(s, "Algiers") == {"ft": 1} and pieces(s, "Oran") == {"ft": 2}
    assert pieces(s, "Constantine") == {"ft": 1}


def test_without_momentum_troop_lift_stays_at_three_spaces() -> None:
    s = lift(gov({"Algiers": {"ft": 6}}))
    s = play(s, pick(FT, "Algiers"), mv(FT, "Algiers", "Oran"), pick(FT, "Algiers"),
             mv(FT, "Algiers", "Medea"), pick(FT, "Algiers"))
    assert {m["to"] for m in of_type(s, "move")} == {"Oran", "Medea"}


def test_air_strike_troop_lift_in_two_spaces() -> None:
    s = lift(mom(gov({"Algiers": {"ft": 3}}), 8, "shaded"))
    s = play(s, pick(FT, "Algiers"), mv(FT, "Algiers", "Oran"), pick(FT, "Algiers"))
    assert of_type(s, "move") == [mv(FT, "Algiers", "Oran")]


def test_troop_lift_impossible_below_two_spaces() -> None:
    s = mom(mom(gov({"Algiers": {"ft": 3}}), 8, "shaded"), 40, "shaded")
    assert mod.troop_lift_spaces(s) == 1
    s = play(s, {"t": "op", "op": "train"})
    assert {"t": "sa", "sa": "troop_lift"} not in engine.legal_moves(s)
    assert {"t": "sa", "sa": "deploy"} in engine.legal_moves(s)


# --- 4.2.1 Deploy: #2 shaded -------------------------------------------------------------------


def test_balky_conscripts_deploy_may_not_move_french_police() -> None:
    s = gov({"Algiers": {"fp": 2, "ft": 1}})
    base = play(s, {"t": "op", "op": "train"}, {"t": "sa", "sa": "deploy"})
    assert pick(FP, "available") in of_type(base, "pick") and pick(FP, "Algiers") in of_type(
        base, "pick")
    s = play(mom(s, 2, "shaded"), {"t": "op", "op": "train"}, {"t": "sa", "sa": "deploy"})
    assert {(m["piece"], m["from"]) for m in of_type(s, "pick")} == {
        (FT, "available"), (GB, "available"), (FT, "Algiers")}
    illegal(s, pick(FP, "available"))
    s = play(s, pick(FT, "available"), mv(FT, "available", "Algiers"), DONE)
    assert pieces(s, "Algiers") == {"fp": 2, "ft": 2}


# --- 3.2.1 Train: #2 unshaded, #13 unshaded, #29 shaded, #46 unshaded, #56 -------------------


def train(s: State, *spaces: str) -> State:
    s = play(s, {"t": "op", "op": "train"})
    for n in spaces:
        s = play(s, sp(n))
    return s


def test_call_up_train_places_at_most_two_cubes_per_space() -> None:
    s = train(mom(gov(), 29, "shaded"), "Algiers")
    s = play(s, {"t": "place", "piece": AP, "space": "Algiers"},
             {"t": "place", "piece": AT, "space": "Algiers"})
    assert of_type(s, "place") == []
    s = play(s, sp("Oran"), {"t": "place", "piece": AP, "space": "Oran"},
             {"t": "place", "piece": AP, "space": "Oran"})
    assert of_type(s, "place") == []
    s = end_op(s)
    assert pieces(s, "Algiers") == {"ap": 1, "at": 1} and pieces(s, "Oran") == {"ap": 2}
    assert s.resources["gov"] == 6


def test_call_up_binds_a_free_train_too() -> None:
    s = push_free(mom(gov(), 29, "shaded"), "train")
    s = play(s, sp("Algiers"), {"t": "place", "piece": AP, "space": "Algiers"},
             {"t": "place", "piece": AP, "space": "Algiers"})
    assert of_type(s, "place") == []


def test_sas_train_may_pacify_in_two_spaces() -> None:
    s = cap(gov({"Algiers": {"ft": 2}, "Oran": {"ft": 2, "terror": 1},
                 "Constantine": {"ft": 2}}, resources=(14, 5)), 13)
    s = train(s, "Algiers", "Oran", "Constantine")
    assert s.resources["gov"] == 8
    s = play(s, {"t": "pacify", "space": "Algiers"})
    assert spaces_offered(s) == set() and of_type(s, "place") == []
    assert spaces_offered(s, "pacify") == {"Oran", "Constantine"}
    s = play(s, {"t": "pacify", "space": "Oran"})
    assert spaces_offered(s, "pacify") == {"Oran"}  # two spaces: Constantine is out
    illegal(s, {"t": "pacify", "space": "Constantine"})
    s = play(s, {"t": "pacify", "space": "Oran"})
    assert of_type(s, "pacify") == []
    s = end_op(s)
    assert s.spaces["Algiers"]["support"] == "support"
    assert s.spaces["Oran"]["support"] == "support" and s.spaces["Oran"]["terror"] == 0
    assert s.spaces["Constantine"]["support"] == "neutral"
    assert s.resources["gov"] == 2


def test_sas_fln_side_does_not_add_a_pacify_space() -> None:
    s = cap(gov({"Algiers": {"ft": 2}, "Oran": {"ft": 2}}), 13, "shaded")
    s = play(train(s, "Algiers", "Oran"), {"t": "pacify", "space": "Algiers"})
    assert of_type(s, "pacify") == []


def test_moghazni_train_in_a_sector_at_support_with_government_control_police_only() -> None:
    spaces = {"Medea": {"ft": 1, "support": "support"},
              "Bougie": {"ft": 1, "support": "neutral"},
              "Tizi Ouzou": {"ug": 2, "support": "support"},
              "Setif": {"gb": 1, "support": "support"}}
    s = play(gov(spaces), {"t": "op", "op": "train"})
    assert "Medea" not in spaces_offered(s)
    s = play(mom(gov(spaces), 46), {"t": "op", "op": "train"})
    offered = spaces_offered(s)
    assert "Medea" in offered and "Setif" in offered
    assert "Bougie" not in offered and "Tizi Ouzou" not in offered
    s = play(s, sp("Medea"))
    assert of_type(s, "place") == [{"t": "place", "piece": AP, "space": "Medea"}]
    illegal(s, {"t": "place", "piece": AT, "space": "Medea"})
    for _ in range(4):
        s = play(s, {"t": "place", "piece": AP, "space": "Medea"})
    s = play(s, sp("Setif"))  # a Base Sector trains normally
    assert {m["piece"] for m in of_type(s, "place")} == {AT, AP}
    s = play(s, {"t": "place", "piece": AT, "space": "Setif"})
    assert of_type(s, "pacify") == []  # both already at Support
    s = end_op(s)
    assert pieces(s, "Medea") == {"ft": 1, "ap": 4} and pieces(s, "Setif") == {"gb": 1, "at": 1}


def test_moghazni_police_only_from_the_map_when_none_available() -> None:
    s = mom(gov({"Medea": {"ft": 1, "support": "support"}, "Oran": {"ap": 1}}), 46)
    s = set_available(s, AP, 0)
    s = train(s, "Medea")
    assert of_type(s, "place") == [{"t": "place", "piece": AP, "space": "Medea", "from": "Oran"}]


def test_hardened_attitudes_no_train_in_a_sector_not_at_support() -> None:
    spaces: dict[str, dict[str, Any]] = {
        "Setif": {"gb": 1}, "Medea": {"gb": 1, "support": "support"},
        "Bougie": {"gb": 1, "resettled": True}}
    s = play(mom(gov(spaces, france_track="B"), 56), {"t": "op", "op": "train"})
    assert spaces_offered(s) == {"Medea", "Algiers", "Oran", "Constantine", "france_track"}


def test_balky_conscripts_free_train_in_up_to_two_locations() -> None:
    s = on_card(gov({"Algiers": {"ft": 1}}), 2)
    s = ev(s)
    f = s.pending[-1]
    assert f["k"] == "op:train" and f["free"] and not f["sa_ok"]
    assert of_type(s, "sa") == []
    s = play(s, sp("Algiers"))
    for _ in range(4):
        s = play(s, {"t": "place", "piece": AP, "space": "Algiers"})
    s = play(s, sp("Oran"), {"t": "place", "piece": AT, "space": "Oran"})
    assert spaces_offered(s) == set()  # two locations at most
    s = play(s, {"t": "pacify", "space": "Algiers"}, DONE)
    assert pieces(s, "Algiers") == {"ft": 1, "ap": 4} and pieces(s, "Oran") == {"at": 1}
    assert s.spaces["Algiers"]["support"] == "support"
    assert s.resources["gov"] == 8  # only the Pacification was paid
    assert s.sop["first_box"] == "event" and s.pending[-1]["who"] == "fln"


def test_balky_conscripts_train_by_the_government_when_the_fln_executes() -> None:
    s = ev(on_card(fln(), 2))
    assert s.pending[-1]["k"] == "op:train" and to_move(s) == "gov"
    s = play(s, sp("france_track"), DONE)
    assert s.sop["first_box"] == "event"


def test_balky_conscripts_unshaded_ineffective_when_nothing_can_be_trained() -> None:
    s = gov(france_track="A")
    s = set_available(set_available(s, AT, 0), AP, 0)
    assert not is_effective(s, 2, "unshaded") and is_effective(s, 2, "shaded")
    s = ev(on_card(s, 2))
    assert s.pending[-1]["k"] == "eligible" and s.sop["first_box"] == "event"


# --- 3.2.2 Garrison, 3.2.3 Sweep: #17 unshaded, #45 shaded, #5 unshaded ------------------------


def test_commandos_de_chasse_garrison_in_a_mountain_sector() -> None:
    spaces = {"Medea": {"ap": 2, "fp": 3, "ug": 6}}
    s = play(gov(spaces), {"t": "op", "op": "garrison"}, {"t": "activate", "space": "Medea"})
    assert pieces(s, "Medea") == {"ap": 2, "fp": 3, "ug": 4, "ag": 2}  # 5 cubes / 2
    s = play(cap(gov(spaces), 17), {"t": "op", "op": "garrison"},
             {"t": "activate", "space": "Medea"})
    assert pieces(s, "Medea") == {"ap": 2, "fp": 3, "ug": 3, "ag": 3}  # 2 + 3 // 2


def test_commandos_de_chasse_sweep_counts_algerian_cubes_one_each() -> None:
    spaces = {"Medea": {"at": 1, "ap": 1, "ft": 1, "fp": 2, "ug": 9}}
    s = end_op(play(gov(spaces), {"t": "op", "op": "sweep"}, sp("Medea")))
    assert pieces(s, "Medea")["ag"] == 2  # 5 cubes / 2
    s = end_op(play(cap(gov(spaces), 17), {"t": "op", "op": "sweep"}, sp("Medea")))
    assert pieces(s, "Medea")["ag"] == 3  # 2 Algerian + 3 French / 2
    # outside the Mountains nothing changes
    plain = {"Sidi Bel Abbes": {"at": 1, "ft": 1, "ug": 9}}
    s = end_op(play(cap(gov(plain), 17), {"t": "op", "op": "sweep"}, sp("Sidi Bel Abbes")))
    assert pieces(s, "Sidi Bel Abbes")["ag"] == 2


def test_challe_plan_shaded_sweep_counts_troops_or_police() -> None:
    spaces = {"Sidi Bel Abbes": {"ft": 2, "fp": 3, "ug": 9}}
    s = end_op(play(gov(spaces), {"t": "op", "op": "sweep"}, sp("Sidi Bel Abbes")))
    assert pieces(s, "Sidi Bel Abbes")["ag"] == 5
    s = end_op(play(mom(gov(spaces), 45, "shaded"), {"t": "op", "op": "sweep"},
                    sp("Sidi Bel Abbes")))
    assert pieces(s, "Sidi Bel Abbes")["ag"] == 3  # the Police (3), not the Troops (2)


def test_challe_plan_shaded_with_commandos_in_the_mountains() -> None:
    s = cap(mom(gov({"Medea": {"at": 2, "ft": 1, "fp": 2, "ug": 9}}), 45, "shaded"), 17)
    s = end_op(play(s, {"t": "op", "op": "sweep"}, sp("Medea")))
    assert pieces(s, "Medea")["ag"] == 2  # Troops: 2 + 1 // 2 = 2; Police: 2 // 2 = 1


def test_peace_of_the_brave_sweep_amnesty() -> None:
    s = mom(gov({"Medea": {"ug": 2, "ft": 1}, "Tlemcen": {"ag": 1}}), 5)
    s = play(s, {"t": "op", "op": "sweep"})
    ms = engine.legal_moves(s)
    assert sp("Medea", amnesty=UG) in ms and sp("Medea", amnesty=AG) not in ms
    assert sp("Tlemcen", amnesty=AG) in ms and sp("Tlemcen") in ms  # Sweep: any space (3.2.3)
    s = play(s, sp("Medea", amnesty=UG))
    assert s.resources["gov"] == 7 and pieces(s, "Medea") == {"ug": 1, "ft": 1}
    assert s.boxes["available"]["guerrillas"] == 30 - 2
    s = end_op(s)
    assert pieces(s, "Medea") == {"ug": 1, "ft": 1}  # 1 cube in the Mountains: none Activated


def test_peace_of_the_brave_only_while_in_effect_and_one_per_space() -> None:
    s = play(gov({"Medea": {"ug": 2, "ft": 1}}), {"t": "op", "op": "sweep"})
    illegal(s, sp("Medea", amnesty=UG))
    s = play(mom(gov({"Medea": {"ug": 2, "ft": 1}}), 5), {"t": "op", "op": "sweep"},
             sp("Medea", amnesty=UG))
    assert not [m for m in engine.legal_moves(s) if "amnesty" in m and m["space"] == "Medea"]


# --- 3.2.4 Assault: #5, #13 shaded, #33 shaded, #35, #45, #57 -----------------------------------


def assault(s: State, *spaces: str) -> State:
    s = play(s, {"t": "op", "op": "assault"})
    for n in spaces:
        s = play(s, sp(n))
    return s


def test_napalm_assault_one_for_one_in_a_mountain_sector() -> None:
    s = assault(gov({"Medea": {"ft": 3, "ag": 3}}), "Medea")
    assert pieces(s, "Medea") == {"ft": 3, "ag": 2}
    s = assault(cap(gov({"Medea": {"ft": 3, "ag": 3}}), 35), "Medea")
    assert pieces(s, "Medea") == {"ft": 3}
    assert s.boxes["casualties"]["guerrillas"] == 1
    assert s.boxes["available"]["guerrillas"] == 30 - 3 + 2


def test_napalm_bases_still_need_two_cubes() -> None:
    s = assault(cap(gov({"Medea": {"ft": 3, "ag": 1, "fb": 2}}, commitment=10), 35), "Medea")
    assert pieces(s, "Medea") == {"ft": 3, "fb": 1}
    assert s.commitment == 11
    s = assault(gov({"Medea": {"ft": 3, "ag": 1, "fb": 2}}, commitment=10), "Medea")
    assert pieces(s, "Medea") == {"ft": 3, "fb": 2} and s.commitment == 10


def test_napalm_never_touches_underground_guerrillas_or_the_plains() -> None:
    s = assault(cap(gov({"Medea": {"ft": 3, "ug": 1, "ag": 1, "fb": 1},
                         "Sidi Bel Abbes": {"ft": 1, "ag": 2}}), 35), "Medea", "Sidi Bel Abbes")
    assert pieces(s, "Medea") == {"ft": 3, "ug": 1, "fb": 1}
    assert pieces(s, "Sidi Bel Abbes") == {"ft": 1, "ag": 1}


def test_scorch_the_countryside_assault_costs_three() -> None:
    spaces = {"Algiers": {"ft": 1, "ag": 1}, "Oran": {"ft": 1, "ag": 1}}
    s = assault(cap(gov(spaces, resources=(7, 5)), 35, "shaded"), "Algiers", "Oran")
    assert s.resources["gov"] == 1
    s = assault(cap(gov(spaces, resources=(5, 5)), 35, "shaded"), "Algiers")
    assert s.resources["gov"] == 2 and spaces_offered(s) == set()
    s = play(push_free(cap(gov(spaces, resources=(0, 5)), 35, "shaded"), "assault"), sp("Algiers"))
    assert s.resources["gov"] == 0 and pieces(s, "Algiers") == {"ft": 1}


def test_scorch_the_countryside_not_offered_without_three_resources() -> None:
    s = cap(gov({"Algiers": {"ft": 1, "ag": 1}}, resources=(2, 5)), 35, "shaded")
    assert {"t": "op", "op": "assault"} not in engine.legal_moves(s)


def test_sas_caution_assault_in_one_space_only() -> None:
    spaces = {"Algiers": {"ft": 1, "ag": 1}, "Oran": {"ft": 1, "ag": 1}}
    s = assault(cap(gov(spaces), 13, "shaded"), "Algiers")
    assert spaces_offered(s) == set()
    illegal(s, sp("Oran"))
    s = play(push_free(cap(gov(spaces), 13, "shaded"), "assault"), sp("Oran"))
    assert spaces_offered(s) == set()
    s = assault(cap(gov(spaces), 13, "unshaded"), "Algiers")
    assert spaces_offered(s) == {"Oran"}


def test_peace_talks_no_assault() -> None:
    s = mom(gov({"Algiers": {"ft": 1, "fp": 1, "ag": 1}}), 57)
    ops = {m["op"] for m in of_type(s, "op")}
    assert "assault" not in ops and {"train", "sweep", "garrison"} <= ops
    illegal(s, {"t": "op", "op": "assault"})
    s = play(s, {"t": "op", "op": "sweep"}, {"t": "sa", "sa": "neutralize"})  # unaffected
    assert sp("Algiers") in engine.legal_moves(s)


def test_challe_plan_unshaded_police_count_as_troops_in_every_assault() -> None:
    spaces = {"Sidi Bel Abbes": {"ft": 1, "fp": 2, "ag": 3}, "Medea": {"ap": 2, "ft": 1, "ag": 3}}
    s = assault(gov(spaces), "Sidi Bel Abbes", "Medea")
    assert pieces(s, "Sidi Bel Abbes") == {"ft": 1, "fp": 2, "ag": 2}
    assert pieces(s, "Medea") == {"ap": 2, "ft": 1, "ag": 3}
    s = assault(mom(gov(spaces), 45), "Sidi Bel Abbes", "Medea")
    assert pieces(s, "Sidi Bel Abbes") == {"ft": 1, "fp": 2}
    assert pieces(s, "Medea") == {"ap": 2, "ft": 1, "ag": 2}  # 3 cubes / 2 in the Mountains


def test_challe_plan_shaded_troops_or_police_in_cities_and_border_sectors() -> None:
    spaces = {"Algiers": {"ft": 2, "fp": 3, "ag": 5}, "Sidi Bel Abbes": {"ft": 2, "fp": 3, "ag": 5}}
    s = assault(mom(gov(spaces), 45, "shaded"), "Algiers", "Sidi Bel Abbes")
    assert pieces(s, "Algiers") == {"ft": 2, "fp": 3, "ag": 2}  # 3 Police counted
    assert pieces(s, "Sidi Bel Abbes") == {"ft": 2, "fp": 3, "ag": 3}  # Troops only anyway
    s = assault(gov(spaces), "Algiers")
    assert pieces(s, "Algiers") == {"ft": 2, "fp": 3}


def test_peace_of_the_brave_assault_amnesty_before_the_removals() -> None:
    s = mom(gov({"Medea": {"ft": 2, "ug": 1, "ag": 1}, "Algiers": {"ft": 1, "ug": 1}}), 5)
    s = play(s, {"t": "op", "op": "assault"})
    ms = engine.legal_moves(s)
    for m in (sp("Medea"), sp("Medea", amnesty=UG), sp("Medea", amnesty=AG), sp("Algiers"),
              sp("Algiers", amnesty=UG)):
        assert m in ms
    s = play(s, sp("Medea", amnesty=UG))
    assert pieces(s, "Medea") == {"ft": 2}  # UG by amnesty, then 2 Troops / 2 = the Active one
    assert s.resources["gov"] == 7
    assert s.boxes["available"]["guerrillas"] == 30 - 1
    assert s.boxes["casualties"] == {k: 0 for k in s.boxes["casualties"]}
    s = play(s, sp("Algiers", amnesty=UG))
    assert pieces(s, "Algiers") == {"ft": 1} and s.resources["gov"] == 4


def test_peace_of_the_brave_costs_one_even_in_a_free_assault() -> None:
    spaces = {"Algiers": {"ft": 1, "ug": 1}}
    s = push_free(mom(gov(spaces, resources=(0, 5)), 5), "assault")
    assert engine.legal_moves(s) == [sp("Algiers")]
    s = push_free(mom(gov(spaces, resources=(1, 5)), 5), "assault")
    s = play(s, sp("Algiers", amnesty=UG))
    assert pieces(s, "Algiers") == {"ft": 1} and s.resources["gov"] == 0


def test_overkill_revenge_after_the_assault() -> None:
    spaces = {"Algiers": {"ft": 2, "ag": 2}, "Oran": {"ft": 1, "ag": 1}}
    s = assault(cap(gov(spaces), 33, "shaded"), "Algiers", "Oran")
    s = play(s, DONE)
    assert to_move(s) == "fln"
    assert engine.legal_moves(s) == [{"t": "revenge", "space": "Algiers"},
                                     {"t": "revenge", "space": "Oran"}, {"t": "decline"}]
    s = play(s, {"t": "revenge", "space": "Oran"})
    assert pieces(s, "Oran") == {"ft": 1, "ug": 1}
    assert to_move(s) == "gov"  # Troop Lift may still follow (4.1)
    assert s.pending[-1]["stage"] == "post"
    s = end_op(s)
    assert s.sop["first_box"] == "op_only" and s.resources["gov"] == 6


def test_overkill_revenge_may_be_declined_and_needs_an_available_guerrilla() -> None:
    spaces = {"Algiers": {"ft": 2, "ag": 2}}
    s = play(assault(cap(gov(spaces), 33, "shaded"), "Algiers"), DONE, {"t": "decline"})
    assert pieces(s, "Algiers") == {"ft": 2}
    s = cap(set_available(gov({"Algiers": {"ft": 2, "ug": 1}}), "guerrillas", 0), 33, "shaded")
    s = play(assault(s, "Algiers"), DONE)
    assert to_move(s) == "gov" and pieces(s, "Algiers") == {"ft": 2, "ug": 1}
    # a Guerrilla the Assault itself sent to Available may come back
    s = cap(set_available(gov(spaces), "guerrillas", 0), 33, "shaded")
    s = play(assault(s, "Algiers"), DONE)
    assert s.boxes["available"]["guerrillas"] == 1 and to_move(s) == "fln"
    s = play(assault(cap(gov(spaces), 33, "unshaded"), "Algiers"), DONE)
    assert to_move(s) == "gov"


def test_overkill_revenge_after_a_free_limited_assault_with_no_special_activity() -> None:
    s = play(push_free(cap(gov({"Algiers": {"ft": 2, "ag": 2}}), 33, "shaded"), "assault"),
             sp("Algiers"), DONE)
    assert to_move(s) == "fln"
    s = play(s, {"t": "revenge", "space": "Algiers"})
    assert pieces(s, "Algiers") == {"ft": 2, "ug": 1}
    assert s.pending[-1]["k"] == "eligible"  # the free Assault is over


# --- 4.2.3 Neutralize: #18 Torture, #33 unshaded ---------------------------------------------


def neutralize(s: State) -> State:
    return play(s, {"t": "op", "op": "sweep"}, {"t": "sa", "sa": "neutralize"})


def test_overkill_neutralize_up_to_four_pieces() -> None:
    s = cap(gov({"Medea": {"ft": 1, "fp": 1, "ag": 3}, "Algiers": {"ft": 1, "fp": 1, "ag": 2}}),
            33)
    s = play(neutralize(s), sp("Medea"), rm(AG, "Medea"), rm(AG, "Medea"), rm(AG, "Medea"),
             sp("Algiers"), rm(AG, "Algiers"))
    assert of_type(s, "remove") == []
    s = play(s, DONE)
    assert pieces(s, "Medea") == {"ft": 1, "fp": 1} and pieces(s, "Algiers") == {"ft": 1, "fp": 1,
                                                                                  "ag": 1}
    assert s.boxes["casualties"]["guerrillas"] == 2


def test_torture_extra_underground_piece_and_commitment() -> None:
    s = cap(gov({"Medea": {"ft": 1, "fp": 1, "ug": 2, "ag": 1}}, commitment=20), 18)
    s = play(neutralize(s), sp("Medea"))
    assert of_type(s, "remove") == [rm(AG, "Medea"), rm(UG, "Medea")]
    s = play(s, rm(UG, "Medea"))
    assert of_type(s, "remove") == [rm(AG, "Medea")]  # one Underground piece per space
    s = play(s, rm(AG, "Medea"))
    assert of_type(s, "remove") == []
    s = play(s, DONE)
    assert pieces(s, "Medea") == {"ft": 1, "fp": 1, "ug": 1}
    assert s.boxes["casualties"]["guerrillas"] == 1  # UG to Available, then AG to Casualties
    assert s.commitment == 19


def test_torture_one_extra_piece_in_each_space_on_top_of_the_total() -> None:
    s = cap(gov({"Medea": {"ft": 1, "fp": 1, "ag": 1}, "Algiers": {"ft": 1, "fp": 1, "ag": 4}},
                commitment=5), 18)
    s = play(neutralize(s), sp("Medea"), rm(AG, "Medea"), sp("Algiers"), rm(AG, "Algiers"),
             rm(AG, "Algiers"), rm(AG, "Algiers"))
    assert of_type(s, "remove") == []  # 2 + 1 extra in each of the 2 spaces
    s = play(s, DONE)
    assert pieces(s, "Algiers") == {"ft": 1, "fp": 1, "ag": 1} and pieces(s, "Medea") == {"ft": 1,
                                                                                           "fp": 1}
    assert s.boxes["casualties"]["guerrillas"] == 2 and s.commitment == 4


def test_torture_and_overkill_add_up() -> None:
    s = cap(cap(gov({"Algiers": {"ft": 1, "fp": 1, "ag": 6}}), 18), 33)
    s = play(neutralize(s), sp("Algiers"))
    for _ in range(5):
        s = play(s, rm(AG, "Algiers"))
    assert of_type(s, "remove") == []


def test_torture_guerrillas_before_bases() -> None:
    s = cap(gov({"Medea": {"ft": 1, "fp": 1, "ug": 1, "fb": 2}}, commitment=10), 18)
    s = play(neutralize(s), sp("Medea"))
    assert of_type(s, "remove") == [rm(UG, "Medea")]
    s = play(s, rm(UG, "Medea"))
    assert of_type(s, "remove") == [rm(FB, "Medea")]
    s = play(s, rm(FB, "Medea"), rm(FB, "Medea"))
    assert of_type(s, "remove") == []
    s = play(s, DONE)
    assert pieces(s, "Medea") == {"ft": 1, "fp": 1}
    assert s.commitment == 10 + 2 - 1


def test_torture_commitment_stops_at_zero() -> None:
    s = cap(gov({"Medea": {"ft": 1, "fp": 1}}, commitment=0), 18)
    s = play(neutralize(s), sp("Medea"), DONE)
    assert s.commitment == 0 and s.pending[-1]["k"] == "op:sweep"


def test_torture_applies_to_a_neutralize_granted_alone() -> None:
    s = cap(gov({"Algiers": {"ft": 1, "fp": 1, "ug": 1}}, commitment=3), 18).copy()
    s.pending.append(sa_frame("neutralize", None, who="gov", free=True))
    s = play(s, sp("Algiers"), rm(UG, "Algiers"), DONE)
    assert pieces(s, "Algiers") == {"ft": 1, "fp": 1} and s.commitment == 2


# --- the other texts of these cards ----------------------------------------------------------


def test_peace_of_the_brave_shaded_free_rally_in_up_to_two_locations() -> None:
    s = ev(on_card(fln({"Medea": {"ug": 1}}, resources=(10, 0)), 5), "shaded")
    f = s.pending[-1]
    assert f["k"] == "op:rally" and f["free"] and not f["sa_ok"] and to_move(s) == "fln"
    s = play(s, sp("Medea"), {"t": "place", "space": "Medea"}, sp("france_track"))
    assert spaces_offered(s) == set()
    s = play(s, DONE)
    assert pieces(s, "Medea") == {"ug": 2} and s.resources["fln"] == 0
    assert s.sop["first_box"] == "event"


def test_air_strike_unshaded_removes_up_to_three_from_one_country() -> None:
    spaces = {"Morocco": {"ug": 2, "ag": 2}, "Tunisia": {"ug": 1}}
    s = fln(spaces, in_effect=[INDEPENDENT], border_zone=0)
    assert is_effective(s, 8, "unshaded")
    s = ev(on_card(s, 8))
    assert picks(s) == ["Morocco", "Tunisia"]
    s = play(s, pk("Morocco"), rm(UG, "Morocco"), rm(AG, "Morocco"), rm(UG, "Morocco"))
    assert pieces(s, "Morocco") == {"ag": 1} and pieces(s, "Tunisia") == {"ug": 1}
    assert s.boxes["available"]["guerrillas"] == 30 - 2 and s.sop["first_box"] == "event"


def test_air_strike_unshaded_only_once_independent() -> None:
    s = fln({"Medea": {"ug": 2}})
    assert not is_effective(s, 8, "unshaded")
    s = ev(on_card(s, 8))
    assert s.sop["first_box"] == "event" and pieces(s, "Medea") == {"ug": 2}


def test_bananes_shaded_commitment_minus_one() -> None:
    s = ev(on_card(fln(commitment=3), 11), "shaded")
    assert s.commitment == 2 and s.cards["momentum"] == []
    assert not is_effective(fln(commitment=0), 11, "shaded")
    assert ev(on_card(fln(commitment=0), 11), "shaded").commitment == 0


def test_ventilos_shaded_moves_guerrillas_among_coastal_spaces() -> None:
    s = fln({"Algiers": {"ug": 2, "ag": 1, "ft": 4, "support": "support"}, "Oran": {"ug": 1}},
            options={"chance": "external"})
    assert is_effective(s, 12, "shaded")
    s = ev(on_card(s, 12), "shaded")
    s = play(s, {"t": "roll", "value": 5})  # 5 / 2 rounded up = 3
    assert "Constantine" not in picks(s) and "Morocco" not in picks(s) and len(picks(s)) == 12
    s = play(s, pk("Algiers"), pk("Oran"), pk("Tizi Ouzou"))
    assert {(m["piece"], m["from"], m["to"]) for m in of_type(s, "move")} == {
        (UG, "Algiers", "Oran"), (UG, "Algiers", "Tizi Ouzou"), (AG, "Algiers", "Oran"),
        (AG, "Algiers", "Tizi Ouzou"), (UG, "Oran", "Algiers"), (UG, "Oran", "Tizi Ouzou")}
    s = play(s, mv(UG, "Oran", "Algiers"), mv(AG, "Algiers", "Tizi Ouzou"))
    assert mv(UG, "Algiers", "Oran") in engine.legal_moves(s)
    s = play(s, mv(UG, "Algiers", "Tizi Ouzou"))
    assert s.sop["first_box"] == "event"  # three moved: done
    assert pieces(s, "Algiers") == {"ug": 2, "ft": 4}  # moved Guerrillas keep their state
    assert pieces(s, "Tizi Ouzou") == {"ug": 1, "ag": 1} and pieces(s, "Oran") == {}


def test_ventilos_shaded_a_moved_guerrilla_moves_once_and_countries_once_independent() -> None:
    s = fln({"Oran": {"ug": 1}, "Morocco": {"ug": 1}}, in_effect=[INDEPENDENT], border_zone=0,
            options={"chance": "external"})
    s = play(ev(on_card(s, 12), "shaded"), {"t": "roll", "value": 6})
    assert "Morocco" in picks(s) and "Tunisia" in picks(s)
    s = play(s, pk("Oran"), pk("Morocco"), DONE)
    s = play(s, mv(UG, "Oran", "Morocco"))
    assert of_type(s, "move") == [mv(UG, "Morocco", "Oran")]  # only the one that did not move
    s = play(s, DONE)
    assert pieces(s, "Morocco") == {"ug": 2} and pieces(s, "Oran") == {}


def test_ventilos_shaded_ineffective_without_a_guerrilla_on_the_coast() -> None:
    assert not is_effective(fln({"Batna": {"ug": 3}}), 12, "shaded")


def test_call_up_unshaded_police_from_out_of_play_and_commitment() -> None:
    s = set_available(fln(commitment=1), FP, 11)  # 10 Out of Play
    assert is_effective(s, 29, "unshaded")
    s = ev(on_card(s, 29))
    assert picks(s) == [0, 1, 2, 3, 4, 5]  # 5 // 3 = 1 <= Commitment 1
    s = play(s, pk(5))
    assert s.boxes["out_of_play"][FP] == 5 and s.boxes["available"][FP] == 16
    assert s.commitment == 0


def test_call_up_unshaded_ineffective_with_no_police_out_of_play() -> None:
    s = fln()
    assert not is_effective(s, 29, "unshaded")
    s = ev(on_card(s, 29))
    assert s.sop["first_box"] == "event" and s.commitment == 20


def test_intimidation_shaded_france_track_donations() -> None:
    s = ev(on_card(fln(france_track="C", resources=(5, 10)), 31), "shaded")
    assert s.resources["fln"] == 13
    s = ev(on_card(fln(france_track="F", resources=(5, 47)), 31), "shaded")
    assert s.resources["fln"] == 50
    assert not is_effective(fln(resources=(5, 50)), 31, "shaded")


def test_strategic_movement_unshaded_sea_lift() -> None:
    s = gov({"Algiers": {"ft": 3, "at": 2, "fp": 2}, "Oran": {"ap": 1}, "Constantine": {"ft": 1}})
    assert is_effective(s, 40, "unshaded")
    s = ev(on_card(s, 40))
    assert "Constantine" not in picks(s) and "Algiers" in picks(s)
    s = play(s, pk("Algiers"), pk("Oran"), pk("Bougie"))
    for p in (FT, FT, FT, AT, FP):
        s = play(s, mv(p, "Algiers", "Bougie"))
    s = play(s, mv(AP, "Oran", "Algiers"))
    assert pieces(s, "Algiers") == {"at": 1, "fp": 1, "ap": 1}
    assert pieces(s, "Bougie") == {"ft": 3, "at": 1, "fp": 1} and pieces(s, "Oran") == {}
    assert s.sop["first_box"] == "event"  # six moved


def test_strategic_movement_unshaded_may_move_nothing() -> None:
    s = ev(on_card(gov({"Algiers": {"ft": 3}}), 40))
    s = play(s, pk("Algiers"), DONE)
    assert s.sop["first_box"] == "event" and pieces(s, "Algiers") == {"ft": 3}
    assert not is_effective(gov({"Constantine": {"ft": 1}}), 40, "unshaded")


def test_paranoia_shaded_every_active_guerrilla_flips_underground() -> None:
    s = fln({"Medea": {"ag": 2, "ug": 1}, "Morocco": {"ag": 1}}, in_effect=[INDEPENDENT],
            border_zone=0)
    assert is_effective(s, 44, "shaded") and not is_effective(fln({"Medea": {"ug": 1}}), 44,
                                                              "shaded")
    s = ev(on_card(s, 44), "shaded")
    assert pieces(s, "Medea") == {"ug": 3} and pieces(s, "Morocco") == {"ug": 1}


def test_moghazni_shaded_force_k_replaces_police() -> None:
    s = fln({"Medea": {"ap": 3, "ft": 1}, "Algiers": {"ap": 2}})
    assert is_effective(s, 46, "shaded")
    s = ev(on_card(s, 46), "shaded")
    assert picks(s) == ["Medea"]  # Sectors only
    s = play(s, pk("Medea"), *[{"t": "replace", "space": "Medea", "piece": AP}] * 2, DONE)
    assert pieces(s, "Medea") == {"ap": 1, "ft": 1, "ug": 2}
    assert s.boxes["available"][AP] == 7 - 5 + 2


def test_moghazni_shaded_guerrillas_from_the_map_for_the_fln_only() -> None:
    s = set_available(fln({"Medea": {"ap": 2}, "Batna": {"ug": 1}, "Morocco": {"ug": 1}},
                          in_effect=[INDEPENDENT], border_zone=0), "guerrillas", 0)
    t = play(ev(on_card(s, 46), "shaded"), pk("Medea"))
    assert of_type(t, "replace") == [  # take one from the map (never a Country), or decline
        {"t": "replace", "space": "Medea", "piece": AP},
        {"t": "replace", "space": "Medea", "piece": AP, "from": "Batna", "take": UG}]
    t = play(t, of_type(t, "replace")[1])
    assert pieces(t, "Medea") == {"ap": 1, "ug": 1} and pieces(t, "Batna") == {}
    # none left but the one just placed: removal only
    assert of_type(t, "replace") == [{"t": "replace", "space": "Medea", "piece": AP}]
    t = play(t, {"t": "replace", "space": "Medea", "piece": AP})
    assert pieces(t, "Medea") == {"ug": 1}
    g = on_card(s, 46)
    g.sop["first"] = "gov"
    g.pending[-1]["who"] = "gov"
    g = play(g, {"t": "event", "side": "shaded"}, pk("Medea"))
    assert of_type(g, "replace") == [{"t": "replace", "space": "Medea", "piece": AP}]


def test_population_control_shaded_sets_a_city_to_neutral() -> None:
    s = fln({"Algiers": {"support": "support", "terror": 1}, "Oran": {"support": "oppose"}})
    s = ev(on_card(s, 53), "shaded")
    assert picks(s) == ["Algiers", "Oran"]
    s = play(s, pk("Algiers"))
    assert s.spaces["Algiers"]["support"] == "neutral" and s.spaces["Algiers"]["terror"] == 1
    assert s.spaces["Oran"]["support"] == "oppose"
    assert not is_effective(fln(), 53, "shaded")


# --- FLN Operations and Special Activities: #10, #17, #27, #31, #32, #44, #53, #56, #57 ----------


def start_fln(s: State, op: str) -> State:
    return play(s, {"t": "op", "op": op})


def march(s: State, a: str, b: str, ug: int = 0, ag: int = 0) -> State:
    s = play(s, {"t": "group", "from": a, "to": b})
    s = play(s, *([{"t": "add", "piece": UG}] * ug + [{"t": "add", "piece": AG}] * ag))
    return play(s, {"t": "go"})


def groups(s: State) -> set[tuple[str, str]]:
    return {(m["from"], m["to"]) for m in engine.legal_moves(s) if m["t"] == "group"}


def test_moudjahidine_unshaded_activates_one_wilaya() -> None:
    s = fln({"Medea": {"ug": 2}, "Algiers": {"ug": 1, "ag": 1}, "Batna": {"ug": 1}})
    assert is_effective(s, 10, "unshaded")
    s = ev(on_card(s, 10))
    assert picks(s) == [1, 2, 3, 4, 5, 6]
    s = play(s, pk(4))
    assert pieces(s, "Medea") == {"ag": 2} and pieces(s, "Algiers") == {"ag": 2}
    assert pieces(s, "Batna") == {"ug": 1}
    assert not is_effective(fln({"Medea": {"ag": 2}}), 10, "unshaded")


def test_moudjahidine_shaded_rally_as_if_with_a_base_under_fln_control() -> None:
    s = start_fln(mom(fln({"Medea": {"ug": 1, "ag": 1}, "Tizi Ouzou": {"ug": 1, "ft": 1}},
                          resources=(5, 10)), 10, "shaded"), "rally")
    s = play(s, sp("Medea"))
    assert {"t": "flip", "space": "Medea"} in engine.legal_moves(s)
    s = play(s, {"t": "place", "space": "Medea"}, {"t": "place", "space": "Medea"},
             {"t": "place", "space": "Medea"})  # Pop 2 + 1 "Base"
    assert {"t": "place", "space": "Medea"} not in engine.legal_moves(s)
    s = play(s, sp("Tizi Ouzou"))  # not FLN-Controlled: the base-less options only
    assert {"t": "flip", "space": "Tizi Ouzou"} not in engine.legal_moves(s)
    s = play(s, {"t": "place", "space": "Tizi Ouzou"})
    assert {"t": "place", "space": "Tizi Ouzou"} not in engine.legal_moves(s)
    s = end_op(s)
    assert pieces(s, "Medea") == {"ug": 4, "ag": 1} and pieces(s, "Tizi Ouzou") == {"ug": 2,
                                                                                     "ft": 1}
    s = start_fln(fln({"Medea": {"ug": 1, "ag": 1}}), "rally")
    s = play(s, sp("Medea"))
    assert {"t": "flip", "space": "Medea"} not in engine.legal_moves(s)


def test_moudjahidine_shaded_flip_underground() -> None:
    s = start_fln(mom(fln({"Medea": {"ug": 1, "ag": 2}}), 10, "shaded"), "rally")
    s = play(s, sp("Medea"), {"t": "flip", "space": "Medea"})
    assert pieces(s, "Medea") == {"ug": 3}


def test_zonal_commandos_ambush_does_not_activate() -> None:
    spaces = {"Medea": {"ug": 2, "fp": 2}}
    s = cap(fln(spaces, resources=(5, 5), options={"chance": "external"}), 17, "shaded")
    s = play(s, {"t": "op", "op": "attack"}, {"t": "sa", "sa": "ambush"},
             {"t": "space", "space": "Medea", "piece": FP}, DONE)
    assert pieces(s, "Medea") == {"ug": 2, "fp": 1} and s.resources["fln"] == 4
    s = cap(fln(spaces, resources=(5, 5), options={"chance": "external"}), 17, "unshaded")
    s = play(s, {"t": "op", "op": "attack"}, {"t": "sa", "sa": "ambush"},
             {"t": "space", "space": "Medea", "piece": FP}, DONE)
    assert pieces(s, "Medea") == {"ug": 1, "ag": 1, "fp": 1}


def test_dead_zones_a_group_marches_one_space_only() -> None:
    spaces = {"Saida": {"ug": 2}}
    s = march(start_fln(fln(spaces), "march"), "Saida", "Sidi Bel Abbes", ug=2)
    assert ("Sidi Bel Abbes", "Oran") in groups(s)  # same Wilaya: it may March on (3.3.2)
    s = march(start_fln(cap(fln(spaces), 27), "march"), "Saida", "Sidi Bel Abbes", ug=1)
    assert ("Sidi Bel Abbes", "Oran") not in groups(s)
    assert ("Saida", "Mascara") in groups(s)  # the other Guerrilla has not moved yet
    s = march(s, "Saida", "Mascara", ug=1)
    assert groups(s) == set()
    s = end_op(s)
    assert pieces(s, "Sidi Bel Abbes") == {"ug": 1} and pieces(s, "Mascara") == {"ug": 1}


def test_cross_wilaya_redeployment() -> None:
    from engine.propaganda import redeploy_destinations
    s = fln({"Medea": {"ug": 1}, "Batna": {"fb": 1}, "Algiers": {"fb": 1}, "Morocco": {"fb": 1}},
            in_effect=[INDEPENDENT], border_zone=0)
    f: dict[str, Any] = {"controlled": []}
    assert redeploy_destinations(s, f, UG, "Medea") == ["Algiers"]
    assert redeploy_destinations(cap(s, 27, "shaded"), f, UG, "Medea") == ["Batna", "Algiers"]
    assert redeploy_destinations(cap(s, 27, "unshaded"), f, UG, "Medea") == ["Algiers"]


def test_intimidation_unshaded_terror_does_not_set_neutral() -> None:
    s = start_fln(mom(fln({"Algiers": {"ug": 1, "support": "support"}}), 31), "terror")
    s = play(s, sp("Algiers"))
    sa = s.spaces["Algiers"]
    assert sa["support"] == "support" and sa["terror"] == 1 and pieces(s, "Algiers") == {"ag": 1}
    s = start_fln(fln({"Algiers": {"ug": 1, "support": "support"}}), "terror")
    s = play(s, sp("Algiers"))
    assert s.spaces["Algiers"]["support"] == "neutral"


def test_amateur_bombers_city_terror_needs_and_activates_two() -> None:
    s = cap(fln({"Algiers": {"ug": 1}, "Oran": {"ug": 3}, "Medea": {"ug": 1}}), 32)
    s = start_fln(s, "terror")
    assert spaces_offered(s) == {"Oran", "Medea"}
    illegal(s, sp("Algiers"))
    s = play(s, sp("Oran"), sp("Medea"))
    assert pieces(s, "Oran") == {"ug": 1, "ag": 2} and pieces(s, "Medea") == {"ag": 1}
    assert s.resources["fln"] == 18


def test_taleb_effective_city_terror_costs_nothing() -> None:
    spaces = {"Algiers": {"ug": 1, "ft": 1}, "Medea": {"ug": 1, "ft": 1}}  # no Extort possible
    assert {"t": "op", "op": "terror"} not in engine.legal_moves(fln(spaces, resources=(5, 0)))
    s = cap(fln(spaces, resources=(5, 0)), 32, "shaded")
    assert {"t": "op", "op": "terror"} in engine.legal_moves(s)
    s = start_fln(s, "terror")
    assert spaces_offered(s) == {"Algiers"}
    s = play(s, sp("Algiers"))
    assert s.resources["fln"] == 0 and pieces(s, "Algiers") == {"ag": 1, "ft": 1}
    s = cap(fln(spaces, resources=(5, 1)), 32, "shaded")
    s = play(start_fln(s, "terror"), sp("Algiers"), sp("Medea"))
    assert s.resources["fln"] == 0 and s.spaces["Medea"]["terror"] == 1


def test_paranoia_unshaded_no_march_across_wilayas() -> None:
    s = fln({"Medea": {"ug": 1}, "Morocco": {"ug": 1}, "Tlemcen": {"ug": 1}},
            in_effect=[INDEPENDENT], border_zone=0)
    s = start_fln(mom(s, 44), "march")
    g = groups(s)
    assert ("Medea", "Algiers") in g and ("Medea", "Orleansville") in g
    assert ("Medea", "Tizi Ouzou") not in g and ("Medea", "Sidi Aissa") not in g
    assert ("Morocco", "Tlemcen") in g and ("Tlemcen", "Morocco") in g
    illegal(s, {"t": "group", "from": "Medea", "to": "Tizi Ouzou"})
    assert ("Medea", "Tizi Ouzou") in groups(start_fln(fln({"Medea": {"ug": 1}}), "march"))


def test_population_control_march_into_a_city_with_three_cubes_activates() -> None:
    spaces = {"Medea": {"ug": 1}, "Algiers": {"ft": 2, "ap": 1}, "Setif": {"ug": 1},
              "Constantine": {"fp": 2}}
    s = march(start_fln(mom(fln(spaces), 53), "march"), "Medea", "Algiers", ug=1)
    assert pieces(s, "Algiers") == {"ft": 2, "ap": 1, "ag": 1}
    s = march(s, "Setif", "Constantine", ug=1)
    assert pieces(s, "Constantine") == {"fp": 2, "ug": 1}
    s = march(start_fln(fln(spaces), "march"), "Medea", "Algiers", ug=1)
    assert pieces(s, "Algiers") == {"ft": 2, "ap": 1, "ug": 1}


def test_hardened_attitudes_no_extort_in_a_sector_without_a_base() -> None:
    spaces = {"Medea": {"ug": 2}, "Tizi Ouzou": {"ug": 1, "fb": 1}, "Algiers": {"ug": 1},
              "Morocco": {"ug": 1}}
    s = fln(spaces, in_effect=[INDEPENDENT], border_zone=0)
    s = play(mom(s, 56), {"t": "op", "op": "rally"}, {"t": "sa", "sa": "extort"})
    assert spaces_offered(s) == {"Tizi Ouzou", "Algiers", "Morocco"}
    illegal(s, sp("Medea"))
    s = play(fln(spaces, in_effect=[INDEPENDENT], border_zone=0), {"t": "op", "op": "rally"},
             {"t": "sa", "sa": "extort"})
    assert "Medea" in spaces_offered(s)


def test_peace_talks_no_attack_and_no_ambush() -> None:
    s = mom(fln({"Medea": {"ug": 2, "fp": 1}}), 57)
    ops = {m["op"] for m in of_type(s, "op")}
    assert "attack" not in ops and {"rally", "march", "terror"} <= ops
    illegal(s, {"t": "op", "op": "attack"})
    t = s.copy()
    t.pending.append(sa_frame("ambush", None, who="fln", free=True))
    assert engine.legal_moves(t) == []  # no Ambush granted alone either
    s = fln({"Medea": {"ug": 2, "fp": 1}})
    assert {"t": "op", "op": "attack"} in engine.legal_moves(s)


# --- serialized states in the middle of these decisions ----------------------------------------


def roundtrip(s: State) -> None:
    assert engine.from_json(engine.to_json(s)) == s


def on_real_card(s: State, card: int) -> State:
    """``card`` becomes the current card, swapped with the old one wherever it was (deck or set
    aside), so that the card bookkeeping stays valid (engine.validate)."""
    s = s.copy()
    c = s.cards
    for where in ("deck", "set_aside"):
        if card in c[where]:
            c[where][c[where].index(card)] = c["current"]
    c["current"] = card
    return s


def test_decisions_survive_serialization_and_bad_frames_are_rejected() -> None:
    s = ev(on_real_card(gov({"Algiers": {"ft": 3}, "Oran": {"ap": 1}}), 40))
    s = play(s, pk("Algiers"), pk("Oran"), DONE, mv(FT, "Algiers", "Oran"))
    assert s.pending[-1]["k"] == "ev_move"
    roundtrip(s)
    data = engine.to_json(s).replace('"arrived":{"Oran":{"french_troops":1}}',
                                     '"arrived":{"Oran":{"french_troops":9}}')
    assert data != engine.to_json(s)
    with pytest.raises(engine.StateError):
        engine.from_json(data)
    routes = '"routes":[["Algiers","Oran"],["Oran","Algiers"]]'
    assert routes in engine.to_json(s)
    for bad in ('"routes":[["Atlantis","Oran"],["Oran","Algiers"]]',
                '"routes":[["Algiers","Oran","Algiers"]]'):
        with pytest.raises(engine.StateError, match="routes"):
            engine.from_json(engine.to_json(s).replace(routes, bad))
    t = play(ev(on_real_card(fln({"Medea": {"ap": 2}}), 46), "shaded"), pk("Medea"))
    assert t.pending[-1]["k"] == "evb_replace"
    roundtrip(t)
    r = play(assault(cap(gov({"Algiers": {"ft": 2, "ag": 2}}), 33, "shaded"), "Algiers"), DONE)
    assert r.pending[-1]["x"]["revenge"] is True
    roundtrip(r)


LASTING = [(c, "unshaded") for c in (13, 17, 18, 27, 32, 33, 35)] + [
    (2, "shaded"), (5, "unshaded"), (8, "shaded"), (10, "shaded"), (11, "unshaded"),
    (12, "unshaded"), (29, "shaded"), (31, "unshaded"), (40, "shaded"), (44, "unshaded"),
    (45, "unshaded"), (46, "unshaded"), (53, "unshaded"), (56, "unshaded"), (57, "unshaded")]


@pytest.mark.parametrize("seed", [3, 7, 11, 19])
def test_random_play_under_lasting_effects_never_dead_ends(seed: int) -> None:
    """Random legal moves with a random set of Capabilities (either side) and Momentum in effect:
    every prompt offers a legal move, the invariants hold. External chance, so that a Momentum
    card can be taken out of the (physical) deck and wait beside it (5.4)."""
    import random

    from engine.playout import invariants

    r = random.Random(seed)
    s = engine.new_game("short", seed, {"chance": "external"}).copy()
    for card, side in LASTING:
        if r.random() < 0.5:
            if card in (13, 17, 27, 32, 33, 35):
                s = cap(s, card, r.choice(["unshaded", "shaded"]))
            elif card == 18:
                s = cap(s, card)
            elif not momentum_active(s, card):
                s = mom(s, card, side)
                s.cards["unseen"].remove(card)
    assert invariants(s) == []
    for i in range(500):
        if s.result is not None:
            break
        ms = engine.legal_moves(s)
        assert ms, (seed, i, s.pending[-1])
        s, _ = engine.apply(s, r.choice(ms))
        assert invariants(s) == []
