"""The non-player FLN's Operations and Special Activities (8.4.2-8.4.6; ct-fln-bot §5, §7-§11 and
§18 T12-T19, T21-T27): Attack and Ambush, Rally, March, Subvert, Extort – exact moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine
from engine.board import guerrillas
from engine.bot import sa as bot_sa
from engine.bot import rally as bot_rally
from engine.bot.core import Runner
from engine.bot.invariants import EventInvariants
from engine.bot.trace import Trace
from engine.state import Move, State
from tests.helpers import box, pieces
from tests.test_bot_fixtures import DONE, OP, bot_position, run, sp, texts, this_card

DATA = Path(__file__).parent / "data"


def started(s: State, op: str, box_: str | None = None) -> State:
    m: Move = {"t": "op", "op": op} if box_ is None else {"t": "op", "op": op, "box": box_}
    return engine.apply(s, m)[0]


def runner(s: State, seed: int = 1) -> Runner:
    return Runner(s, {"seed": seed, "counter": 0}, Trace())


# --- 8.4.4 Attack -------------------------------------------------------------------------------


def test_t12_no_attack_for_algerian_cubes() -> None:
    s = bot_position({"Mascara": {"ap": 1, "ag": 5, "ug": 1}}, fln=1)
    moves, _, trace = run(s)
    assert "no space certainly removes 2 French pieces" in texts(trace)
    assert moves[0] == OP["rally"]


def test_t13_attack_order_and_attrition() -> None:
    s = bot_position({
        "Tizi Ouzou": {"ft": 1, "fp": 1, "ap": 1, "ag": 3, "ug": 3, "support": "oppose"},
        "Bougie": {"gb": 1, "ap": 1, "ag": 4, "ug": 2, "support": "oppose"},
        "Medea": {"ap": 1, "ag": 1, "ug": 5, "support": "oppose"}}, fln=3, commitment=10)
    moves, after, trace = run(s)
    assert moves[:4] == [OP["attack"], sp("space", "Bougie"), sp("space", "Tizi Ouzou"),
                         sp("space", "Medea")]
    assert "certain removals 2 French piece(s)" in texts(trace)
    assert after.commitment == 9
    assert after.resources["fln"] == 0
    for n in ("Bougie", "Tizi Ouzou", "Medea"):
        p = pieces(after, n)
        assert not any(k in p for k in ("gb", "ap", "fp")), (n, p)
    assert pieces(after, "Tizi Ouzou")["ft"] == 1
    # attrition: one Guerrilla each in Bougie (the Base) and Tizi Ouzou (the French Police)
    g = {n: after.spaces[n]["pieces"]["guerrillas_active"]
         + after.spaces[n]["pieces"]["guerrillas_underground"] for n in ("Bougie", "Tizi Ouzou",
                                                                          "Medea")}
    captured = {n: 1 for n in g}  # a roll of 1 adds a Guerrilla; count at most one per space
    assert 5 <= g["Bougie"] <= 5 + captured["Bougie"]
    assert 5 <= g["Tizi Ouzou"] <= 5 + captured["Tizi Ouzou"]
    assert 6 <= g["Medea"] <= 6 + captured["Medea"]


def test_t14_ambush_only_where_needed() -> None:
    s = bot_position({"Orleansville": {"fp": 2, "ug": 1, "ag": 1, "support": "oppose"},
                      "Medea": {"ft": 1, "ug": 2, "support": "oppose"}}, fln=2)
    moves, after, _ = run(s)
    assert moves == [OP["attack"], {"t": "sa", "sa": "ambush"},
                     {"t": "space", "space": "Medea", "piece": "french_troops"},
                     {"t": "space", "space": "Orleansville", "piece": "french_police"},
                     DONE, DONE]
    assert pieces(after, "Medea") == {"ug": 1, "ag": 1}
    assert pieces(after, "Orleansville") == {"fp": 1, "ag": 2}
    assert box(after, "casualties").get("french_troops") == 1
    assert after.resources["fln"] == 0 and after.sop["first_box"] == "op_plus_sa"


def test_t14_variant_base_protection_and_zonal_commandos() -> None:
    spaces = {"Orleansville": {"fp": 2, "ug": 1, "ag": 1, "support": "oppose"},
              "Sidi Aissa": {"fb": 1, "ft": 1, "ug": 1, "ag": 1}}
    moves, _, trace = run(bot_position(spaces, fln=2))
    assert "certain removals 1 French piece(s)" in texts(trace)
    assert moves[0] != OP["attack"]
    moves, after, _ = run(bot_position(spaces, fln=2, capabilities={"17": "shaded"}))
    assert moves[:4] == [OP["attack"], {"t": "sa", "sa": "ambush"},
                         {"t": "space", "space": "Sidi Aissa", "piece": "french_troops"},
                         {"t": "space", "space": "Orleansville", "piece": "french_police"}]
    assert pieces(after, "Sidi Aissa") == {"ug": 1, "ag": 1, "fb": 1}


def test_t15_limited_op_attack() -> None:
    s = bot_position({"Souk Ahras": {"fp": 2, "ag": 6}}, fln=4, after="op_only")
    moves, _, _ = run(s)
    first = moves[:3]
    assert first == [{"t": "op", "op": "attack", "box": "limited_op"}, sp("space", "Souk Ahras"),
                     DONE]
    mid, _ = engine.apply_all(s, first[:2])
    assert pieces(mid, "Souk Ahras").get("fp") is None
    assert box(mid, "casualties")["french_police"] == 2
    g = mid.spaces["Souk Ahras"]["pieces"]
    assert g["guerrillas_active"] + g["guerrillas_underground"] in (4, 5)  # 5 after captured goods


def test_t15_variant_one_french_piece_no_attack() -> None:
    s = bot_position({"Souk Ahras": {"fp": 1, "ap": 1, "ag": 6}}, fln=4, after="op_only")
    moves, _, _ = run(s)
    assert moves[0]["op"] != "attack"


# --- 8.4.5 Rally ------------------------------------------------------------------------------


def test_t16_rally_entry_by_ratio() -> None:
    # seed 5: the first die is a 3 (3 / 2 = 1)
    a = bot_position({"Saida": {"fb": 1, "ug": 1}, "Morocco": {"fb": 1, "ug": 1}}, bases=0,
                     guerrillas=0)
    r = runner(a, 5)
    assert bot_rally.entry_test(r, False) and "(die 3)" in r.trace.entries[-1]["text"]
    b = bot_position({"Saida": {"fb": 1, "ug": 2}, "Morocco": {"fb": 1, "ug": 1}}, bases=0,
                     guerrillas=0)
    r = runner(b, 5)
    assert not bot_rally.entry_test(r, False)
    c = bot_position({"Saida": {"fb": 1, "ug": 2}, "Morocco": {"fb": 1, "ug": 3}}, guerrillas=0)
    r = runner(c, 5)
    assert bot_rally.entry_test(r, False) and r.rng["counter"] == 0  # no die rolled


def test_t17_r1_base() -> None:
    s = started(bot_position({"Tiaret": {"ag": 1, "ug": 2}}, fln=1, france="F"), "rally")
    moves, after, _ = run(s)
    assert moves == [sp("space", "Tiaret"), {"t": "base", "space": "Tiaret", "ug": 1}, DONE]
    assert pieces(after, "Tiaret") == {"ug": 1, "fb": 1}
    assert after.resources["fln"] == 0 and after.sop["first_box"] == "limited_op"


def test_t18_r2_and_the_limited_op_exception() -> None:
    s = started(bot_position({"Tiaret": {"ag": 2, "ug": 2, "ft": 1}}, fln=3), "rally")
    moves, after, trace = run(s)
    assert moves[:2] == [sp("space", "Tiaret"), {"t": "base", "space": "Tiaret", "ug": 0}]
    assert "R2 Base where 4+ Guerrillas" in texts(trace)
    assert pieces(after, "Tiaret") == {"ft": 1, "ug": 2, "fb": 1}
    b = started(bot_position({"Tiaret": {"ag": 1, "ug": 2, "ft": 1}}, fln=3, after="op_only"),
                "rally", "limited_op")
    moves, _, trace = run(b)
    assert moves[:3] == [sp("space", "Tiaret"), {"t": "base", "space": "Tiaret", "ug": 1}, DONE]
    assert "R1 Base where no cubes" in texts(trace)


def test_t19_r3_unprotected_bases_random() -> None:
    s = started(bot_position({"Batna": {"fb": 1}, "Negrine": {"fb": 1}}, fln=5, guerrillas=1),
                "rally")
    moves, after, trace = run(s)
    assert "random choice of R3 unprotected Base among 2 tied candidates" in texts(trace)
    assert moves[:2] in ([sp("space", "Negrine"), sp("place", "Negrine")],
                         [sp("space", "Batna"), sp("place", "Batna")])
    chosen = moves[0]["space"]
    other = "Batna" if chosen == "Negrine" else "Negrine"
    assert pieces(after, chosen) == {"ug": 1, "fb": 1} and pieces(after, other) == {"fb": 1}
    assert sp("space", other) not in moves


def test_t21_reserved_agitation() -> None:
    s = started(bot_position({"Philippeville": {"terror": 2}, "Souk Ahras": {"terror": 3}},
                             fln=20, france="F", guerrillas=1, others="oppose"), "rally")
    moves, after, _ = run(s)
    assert moves == [sp("space", "Philippeville"), sp("place", "Philippeville")] + [
        sp("agitate", "Philippeville")] * 3 + [DONE, DONE]
    assert after.resources["fln"] == 16
    assert after.spaces["Philippeville"]["support"] == "oppose"
    assert after.spaces["Philippeville"]["terror"] == 0
    assert after.sop["first_box"] == "limited_op"


def test_t22_unaffordable_agitation() -> None:
    s = started(bot_position({"Philippeville": {"terror": 8}}, fln=9, france="F", guerrillas=1,
                             others="oppose"), "rally")
    moves, after, trace = run(s)
    assert moves == [sp("space", "Algiers"), sp("place", "Algiers"), DONE, DONE]
    assert after.spaces["Philippeville"]["terror"] == 8
    assert after.resources["fln"] == 8
    assert "R6 reserve Agitation: no affordable Agitation" in texts(trace)


def test_t23_extort_to_afford_the_agitation() -> None:
    s = started(bot_position({"Philippeville": {"terror": 1}, "Morocco": {"ug": 1},
                              "Tunisia": {"ug": 1}}, fln=1, france="F", guerrillas=1,
                             others="oppose"), "rally")
    moves, after, _ = run(s)
    assert moves == [{"t": "sa", "sa": "extort"}, sp("space", "Morocco"), sp("space", "Tunisia"),
                     DONE, sp("space", "Philippeville"), sp("place", "Philippeville"),
                     sp("agitate", "Philippeville"), sp("agitate", "Philippeville"), DONE]
    assert after.resources["fln"] == 0
    assert after.spaces["Philippeville"]["support"] == "oppose"
    assert after.sop["first_box"] == "op_plus_sa"


# --- Subvert and Extort (8.4.2) ----------------------------------------------------------------


def rally_then(spaces: dict[str, dict[str, object]], **kw: object) -> State:
    s = bot_position(spaces, **kw)  # type: ignore[arg-type]
    s = started(s, "rally", None if kw.get("after") is None else "op_plus_sa")
    return engine.apply(s, sp("space", "france_track"))[0]


def after_op(s: State) -> Runner:
    r = runner(s)
    bot_sa.after_operation(r)
    return r


def test_t24_subvert() -> None:
    bordj = "Bordj Bou Arreridj"
    r = after_op(rally_then({bordj: {"ug": 1, "ap": 1}}, fln=6))
    assert r.moves == [{"t": "sa", "sa": "subvert"},
                       {"t": "remove", "space": bordj, "piece": "algerian_police"}, DONE]
    r = after_op(rally_then({bordj: {"ug": 1, "ap": 1, "ft": 1}}, fln=6))
    assert r.moves == [{"t": "sa", "sa": "subvert"}, {"t": "replace", "space": bordj}, DONE]
    assert pieces(r.s, bordj) == {"ft": 1, "ug": 2}
    r = after_op(rally_then({bordj: {"ug": 1, "ap": 1}, "Setif": {"ug": 1, "at": 1, "ft": 1}},
                            fln=6))
    assert r.moves == [{"t": "sa", "sa": "subvert"},
                       {"t": "remove", "space": bordj, "piece": "algerian_police"},
                       {"t": "remove", "space": "Setif", "piece": "algerian_troops"}, DONE]
    two = {bordj: {"ug": 1, "at": 1, "ft": 1}, "Setif": {"ug": 1, "at": 1, "ft": 1}}
    r = after_op(rally_then(two, fln=6))
    assert r.moves == []
    r = after_op(rally_then(two, fln=6, after="limited_op"))
    assert r.moves[0] == {"t": "sa", "sa": "subvert"} and r.moves[-1] == DONE
    assert sorted(m["space"] for m in r.moves[1:-1]) == [bordj, "Setif"]
    assert all(m["piece"] == "algerian_troops" for m in r.moves[1:-1])


def terror_then(spaces: dict[str, dict[str, object]], target: str, fln: int) -> State:
    s = started(bot_position(spaces, fln=fln), "terror")
    return engine.apply(s, sp("space", target))[0]


def test_t25_extort_order() -> None:
    spaces = {"Tizi Ouzou": {"fb": 1, "ug": 2, "fp": 1}, "Bougie": {"fb": 1, "ug": 3, "fp": 1},
              "Medea": {"ug": 2}, "Orleansville": {"ug": 1}, "Morocco": {"fb": 1, "ug": 2},
              "Sidi Bel Abbes": {"ug": 1, "support": "support"}}
    r = after_op(terror_then(spaces, "Sidi Bel Abbes", 3))
    assert r.moves == [{"t": "sa", "sa": "extort"}, sp("space", "Bougie"), sp("space", "Medea"),
                       sp("space", "Morocco"), DONE]
    assert r.s.resources["fln"] == 5
    v = {"Tizi Ouzou": {"fb": 1, "ug": 2, "fp": 1}, "Orleansville": {"ug": 1},
         "Sidi Bel Abbes": {"ug": 1, "support": "support"}}
    r = after_op(terror_then(v, "Sidi Bel Abbes", 1))
    assert r.moves == [{"t": "sa", "sa": "extort"}, sp("space", "Tizi Ouzou"),
                       sp("space", "Orleansville"), DONE]
    assert r.s.resources["fln"] == 2
    assert pieces(r.s, "Tizi Ouzou") == {"fp": 1, "ug": 1, "ag": 1, "fb": 1}


def test_t26_no_extort_at_five_or_more() -> None:
    s = started(bot_position({"Mascara": {"ug": 3}, "Sidi Bel Abbes": {"support": "support"},
                              "Saida": {"fb": 1, "ag": 2}}, fln=7), "march")
    moves, after, trace = run(s)
    assert after.resources["fln"] == 5
    assert {"t": "sa", "sa": "extort"} not in moves
    assert after.sop["first_box"] == "op_only"


# --- 8.4.6 March --------------------------------------------------------------------------------


def test_t27_march_m1_and_m3() -> None:
    spaces = {"Saida": {"fb": 1, "ag": 2}, "Mascara": {"ug": 2},
              "Sidi Bel Abbes": {"fp": 1, "support": "support"}}
    s = started(bot_position(spaces, fln=4), "march")
    moves, after, _ = run(s)
    assert moves == [{"t": "group", "from": "Mascara", "to": "Saida"},
                     {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"},
                     {"t": "group", "from": "Mascara", "to": "Sidi Bel Abbes"},
                     {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"}, DONE]
    assert pieces(after, "Saida") == {"ug": 1, "ag": 2, "fb": 1}
    assert pieces(after, "Sidi Bel Abbes") == {"fp": 1, "ug": 1}
    assert after.resources["fln"] == 2 and after.sop["first_box"] == "op_only"


def test_t27_variant_final_campaign_keeps_underground() -> None:
    spaces = {"Saida": {"fb": 1, "ag": 2}, "Mascara": {"ug": 2},
              "Sidi Bel Abbes": {"fp": 3, "support": "support"}}
    moves, after, _ = run(started(bot_position(spaces, fln=4, final=True), "march"))
    assert {"t": "group", "from": "Mascara", "to": "Sidi Bel Abbes"} not in moves
    assert pieces(after, "Sidi Bel Abbes") == {"fp": 3}
    moves, after, _ = run(started(bot_position(spaces, fln=4), "march"))
    assert pieces(after, "Sidi Bel Abbes") == {"fp": 3, "ag": 1}


def test_march_m4_breaks_government_control_with_multi_step_move() -> None:
    # Medea (Pop 2, Mountain) is Government-Controlled 2 to 0: two Guerrillas from Ain Oussera
    # (Wilaya VI) – crossing into Wilaya IV ends the move.
    spaces = {"Medea": {"fp": 2}, "Ain Oussera": {"ug": 3}}
    moves, after, trace = run(started(bot_position(spaces, fln=6), "march"))
    assert "M4 remove Government Control" in texts(trace)
    assert pieces(after, "Medea") == {"fp": 2, "ug": 2}
    assert engine.board.control(after, "Medea") is None


def test_march_m5_exactly_three_from_several_sources() -> None:
    spaces = {"Laghouat": {"ug": 2}, "Ain Sefra": {"ug": 1}}
    moves, after, trace = run(started(bot_position(spaces, fln=6, others="oppose"), "march"))
    assert "M5 seed a future Base" in texts(trace)
    counts = {n: after.spaces[n]["pieces"]["guerrillas_underground"]
              + after.spaces[n]["pieces"]["guerrillas_active"] for n in after.spaces}
    assert sorted(v for v in counts.values() if v) == [3]


@pytest.mark.parametrize("base", [{"fb": 1, "ug": 1}, {"fb": 1, "ug": 1, "ag": 1}])
def test_march_never_exposes_a_base(base: dict[str, int]) -> None:
    """8.4.6: the FLN never Marches the last Underground Guerrilla, or either of the last two
    Guerrillas, out of an FLN Base space (ct-fln-bot §9.2, guards on a source). Sidi Bel Abbes is
    at Support with no Guerrilla (M3); Saida (the Base) and Tlemcen (1 Active Guerrilla) are both
    adjacent. Unguarded, Saida would be the better source (an Underground arrival, or more movable
    Guerrillas, §9.3); the guard leaves Tlemcen as the only one, whatever the seed."""
    spaces = {"Saida": base, "Sidi Bel Abbes": {"support": "support"}, "Tlemcen": {"ag": 1}}
    s = started(bot_position(spaces, fln=6), "march")
    assert {"t": "group", "from": "Saida", "to": "Sidi Bel Abbes"} in engine.legal_moves(s)
    for seed in range(1, 13):
        moves, after, trace = run(s, seed)
        assert "March to Sidi Bel Abbes: M3 Support space" in texts(trace)
        assert "random legal move" not in texts(trace)
        assert moves[0] == {"t": "group", "from": "Tlemcen", "to": "Sidi Bel Abbes"}
        assert pieces(after, "Saida") == base
        assert pieces(after, "Sidi Bel Abbes") == {"ag": 1}
        assert pieces(after, "Tlemcen") == {}


def test_free_rally_must_be_implemented() -> None:
    """5.1.3: a free Rally pushed by an Event with nothing per the priorities still acts."""
    s = bot_position({"Medea": {"ug": 1}}, france="F", guerrillas=1, others="oppose").copy()
    f = engine.ops.op_frame("rally", "fln", None, None, free=True, sa_ok=False)
    f["x"]["max_locs"] = 2
    s.pending.append(f)
    s._legal = None
    moves, after, _ = run(s)
    assert moves[:4] == [sp("space", "Medea"), sp("place", "Medea"), sp("agitate", "Medea"), DONE]


# --- the Base guards in every FLN Base space (8.4.2, 8.4.4, 8.4.6) ------------------------------


def test_certain_attack_in_a_base_space_whose_guerrillas_are_all_active() -> None:
    """8.4.4 "will not Activate the last Underground Guerrilla in a space with an FLN Base": an
    Attack Activates every Guerrilla (3.3.3), so where they are all Active it exposes nothing.
    Second Eligible after a Government Op Only (Limited Operation), 3 Resources: Tiaret's Base,
    6 Active Guerrillas and 2 French Police – a certain Attack removing 2 French pieces."""
    s = bot_position({"Tiaret": {"fb": 1, "ag": 6, "fp": 2}}, fln=3, after="op_only")
    moves, after, trace = run(s)
    assert this_card(s, moves) == [{"t": "op", "op": "attack", "box": "limited_op"},
                                   sp("space", "Tiaret"), DONE]
    assert "Attack test (one space): a 6+ Guerrilla space removes 2 French pieces" in texts(trace)
    assert "Attack (one space) in Tiaret" in texts(trace)
    mid, _ = engine.apply_all(s, moves[:2])
    assert box(mid, "casualties")["french_police"] == 2
    assert pieces(mid, "Tiaret")["fb"] == 1 and "fp" not in pieces(mid, "Tiaret")


def test_no_attack_that_activates_the_last_underground_guerrilla_of_a_base() -> None:
    """The same space with one of its 6 Guerrillas Underground: the Attack would Activate it and
    expose the Base (8.4.4), the trace says so, and the bot does not Attack."""
    s = bot_position({"Tiaret": {"fb": 1, "ag": 5, "ug": 1, "fp": 2}}, fln=3, after="op_only")
    moves, _, trace = run(s)
    assert moves[0]["op"] != "attack"
    assert ("no Attack in Tiaret: it would Activate the last Underground Guerrilla in a space "
            "with an FLN Base") in texts(trace)
    assert "no space certainly removes 2 French pieces" in texts(trace)


def test_certain_attacks_then_the_uncertain_one_in_an_all_active_base_space() -> None:
    """ct-fln-bot §7.2: Tizi Ouzou certainly removes 2 French pieces (first bullet); the one
    uncertain Attack (second bullet, 4+ Guerrillas) goes to Bougie, an FLN Base space whose
    Guerrillas are all Active – not to Medea, where it would Activate the Base's last Underground
    Guerrilla. (The flowchart reaches a multi-space Attack with an Algerian Base lacking
    Underground Guerrillas only through a granted Attack: the Terror gate sends it to Rally, so
    the Operation is started here.)"""
    s = bot_position({"Tizi Ouzou": {"ft": 1, "fp": 1, "ag": 6, "support": "oppose"},
                      "Bougie": {"fb": 1, "fp": 1, "ag": 4, "support": "oppose"},
                      "Medea": {"fb": 1, "fp": 1, "ag": 4, "ug": 1, "support": "oppose"}},
                     fln=3)
    moves, _, trace = run(started(s, "attack"))
    assert moves[:2] == [sp("space", "Tizi Ouzou"), sp("space", "Bougie")]
    assert "Attack second bullet: one Attack in Bougie (4+ Guerrillas)" in texts(trace)
    assert "no Attack in Medea: it would Activate the last Underground Guerrilla" in texts(trace)
    assert sp("space", "Medea") not in moves


def test_extort_never_exposes_a_country_base() -> None:
    """8.4.2 "never Extort to Activate the last Underground Guerrilla in a space with an FLN Base"
    – Morocco and Tunisia included (E2 applies "within the above conditions"). Morocco (2
    Guerrillas, one Underground) would be an E1 space and Tunisia an E2 one; both keep their
    Underground Guerrilla; Medea Extorts."""
    spaces: dict[str, dict[str, object]] = {
        "Morocco": {"fb": 1, "ug": 1, "ag": 1}, "Tunisia": {"fb": 1, "ug": 1}, "Medea": {"ug": 2},
        "Sidi Bel Abbes": {"ug": 1, "support": "support"}}
    s = terror_then(spaces, "Sidi Bel Abbes", 3)
    moves, after, trace = run(s)
    assert moves[:3] == [{"t": "sa", "sa": "extort"}, sp("space", "Medea"), DONE]
    assert ("no Extort in Morocco, Tunisia: it would Activate the last Underground Guerrilla in "
            "a space with an FLN Base") in texts(trace)
    assert pieces(after, "Morocco") == {"fb": 1, "ug": 1, "ag": 1}
    assert pieces(after, "Tunisia") == {"fb": 1, "ug": 1}
    # with a second Underground Guerrilla, Morocco Extorts (E1) and keeps one
    spaces["Morocco"] = {"fb": 1, "ug": 2}
    moves, after, _ = run(terror_then(spaces, "Sidi Bel Abbes", 3))
    assert moves[:4] == [{"t": "sa", "sa": "extort"}, sp("space", "Medea"),
                         sp("space", "Morocco"), DONE]
    assert pieces(after, "Morocco") == {"fb": 1, "ug": 1, "ag": 1}


@pytest.mark.parametrize("base", [{"fb": 1, "ug": 1}, {"fb": 1, "ug": 1, "ag": 1}])
def test_march_never_takes_the_last_guerrillas_of_a_country_base(base: dict[str, int]) -> None:
    """8.4.6 "not March the last Underground Guerrilla, or either of the last two Guerrillas, from
    any FLN Base space": Morocco's Base keeps its Guerrillas. Tlemcen is at Support with no
    Guerrilla (M3); Morocco and Sidi Bel Abbes (1 Active Guerrilla) are both adjacent. Unguarded,
    Morocco would be the better source (an Underground arrival, §9.3)."""
    spaces: dict[str, dict[str, Any]] = {"Morocco": base, "Tlemcen": {"support": "support"},
                                         "Sidi Bel Abbes": {"ag": 1}}
    s = started(bot_position(spaces, fln=6), "march")
    assert {"t": "group", "from": "Morocco", "to": "Tlemcen"} in engine.legal_moves(s)
    for seed in range(1, 13):
        moves, after, trace = run(s, seed)
        assert "March to Tlemcen: M3 Support space" in texts(trace)
        assert "from an FLN Base space: Morocco keeps" in texts(trace)
        assert moves[0] == {"t": "group", "from": "Sidi Bel Abbes", "to": "Tlemcen"}
        assert pieces(after, "Morocco") == base
        assert pieces(after, "Tlemcen") == {"ag": 1}


def observed(s: State, *moves: Move) -> EventInvariants:
    """The self-play invariants fed the FLN's ``moves`` from ``s``."""
    inv = EventInvariants()
    for m in moves:
        t, _ = engine.apply(s, m)
        inv.observe(s, m, t, "fln")
        s = t
    return inv


def test_invariants_flag_an_extort_exposing_a_country_base() -> None:
    s = engine.apply(terror_then({"Morocco": {"fb": 1, "ug": 1, "ag": 1},
                                  "Sidi Bel Abbes": {"ug": 1, "support": "support"}},
                                 "Sidi Bel Abbes", 3), {"t": "sa", "sa": "extort"})[0]
    inv = observed(s, sp("space", "Morocco"))
    assert inv.guard_checks == 1
    assert inv.violations == [
        "turn 1 card 29: sa:extort {'t': 'space', 'space': 'Morocco'}: the last Underground "
        "Guerrilla in Morocco, a space with an FLN Base, Activated (8.4.2)"]
    s2 = engine.apply(terror_then({"Morocco": {"fb": 1, "ug": 2},
                                   "Sidi Bel Abbes": {"ug": 1, "support": "support"}},
                                  "Sidi Bel Abbes", 3), {"t": "sa", "sa": "extort"})[0]
    assert observed(s2, sp("space", "Morocco")).violations == []


def test_invariants_flag_an_attack_activating_the_last_underground_of_a_base() -> None:
    s = started(bot_position({"Tiaret": {"fb": 1, "ag": 5, "ug": 1, "fp": 2}}, fln=3), "attack")
    inv = observed(s, sp("space", "Tiaret"))
    assert len(inv.violations) == 1 and "in Tiaret, a space with an FLN Base" in \
        inv.violations[0] and "(8.4.4)" in inv.violations[0]
    s = started(bot_position({"Tiaret": {"fb": 1, "ag": 6, "fp": 2}}, fln=3), "attack")
    assert observed(s, sp("space", "Tiaret")).violations == []


@pytest.mark.parametrize("base, moved, flagged", [
    ({"fb": 1, "ug": 1, "ag": 1}, "guerrillas_active", ["one of the last two"]),
    ({"fb": 1, "ug": 1, "ag": 2}, "guerrillas_underground", ["the last Underground"]),
    ({"fb": 1, "ug": 2, "ag": 1}, "guerrillas_underground", []),
    ({"fb": 1, "ug": 1, "ag": 2}, "guerrillas_active", [])])
def test_invariants_flag_a_march_out_of_a_country_base(base: dict[str, int], moved: str,
                                                       flagged: list[str]) -> None:
    s = started(bot_position({"Morocco": base, "Tlemcen": {"support": "support"}}, fln=6),
                "march")
    inv = observed(s, {"t": "group", "from": "Morocco", "to": "Tlemcen"},
                   {"t": "add", "piece": moved}, {"t": "go"})
    assert inv.guard_checks == 3
    assert [v for v in inv.violations if not any(f in v for f in flagged)] == []
    assert len(inv.violations) == len(flagged)


def test_invariants_a_group_passing_through_a_base_space_takes_nothing_from_it() -> None:
    """A multi-step March through Saida (a Base with one Active Guerrilla): the group enters and
    leaves; the Base keeps what it had – no violation."""
    s = started(bot_position({"Mascara": {"ug": 1}, "Saida": {"fb": 1, "ag": 1}}, fln=6),
                "march")
    moves: list[Move] = [{"t": "group", "from": "Mascara", "to": "Saida"},
                         {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"},
                         {"t": "group", "from": "Saida", "to": "Tlemcen"},
                         {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"}]
    inv = observed(s, *moves)
    assert inv.guard_checks == 6 and inv.violations == []
    assert pieces(engine.apply_all(s, moves)[0], "Saida") == {"fb": 1, "ag": 1}


def free_rally(s: State) -> State:
    """#5 shaded (Peace of the Brave): a free Rally in up to 2 locations."""
    s = s.copy()
    f = engine.ops.op_frame("rally", "fln", None, None, free=True, sa_ok=False)
    f["x"]["max_locs"] = 2
    s.pending.append(f)
    s._legal = None
    return s


def test_free_rally_never_places_a_second_base_in_algeria() -> None:
    """8.4.5 "Important: … FLN will never Rally to place a second FLN Base in any space in
    Algeria". Seed 239, card 5 (Peace of the Brave): no Guerrilla Available, nothing to do per the
    priorities; the free Rally (5.1.3) went at random to Tizi Ouzou (a Base, 2 Underground
    Guerrillas) and placed a second Base there. Here Medea (2 Underground Guerrillas, no Base) is
    the only space within the guards, whatever the seed."""
    s = free_rally(bot_position({"Tizi Ouzou": {"fb": 1, "ug": 2}, "Medea": {"ug": 2}},
                                guerrillas=0, france="F"))
    assert {"t": "space", "space": "Tizi Ouzou"} in engine.legal_moves(s)
    for seed in range(1, 9):
        moves, after, trace = run(s, seed)
        assert moves[:2] == [sp("space", "Medea"), {"t": "base", "space": "Medea", "ug": 2}]
        assert "free Rally (5.1.3) in Medea" in texts(trace)
        assert pieces(after, "Tizi Ouzou") == {"fb": 1, "ug": 2}


def test_invariants_flag_a_second_base_in_algeria() -> None:
    """Flagged where Medea offered an action within the guards; not where the free Rally had to
    act (5.1.3) and nothing else within 8.1.2 was possible – the bot then does the same."""
    two = free_rally(bot_position({"Tizi Ouzou": {"fb": 1, "ug": 2}, "Medea": {"ug": 2}},
                                  guerrillas=0, france="F"))
    second = [sp("space", "Tizi Ouzou"), {"t": "base", "space": "Tizi Ouzou", "ug": 2}]
    inv = observed(two, *second)
    assert len(inv.violations) == 1 and "second FLN Base in an Algerian space (8.4.5)" in \
        inv.violations[0]
    alone = free_rally(bot_position({"Tizi Ouzou": {"fb": 1, "ug": 2}}, guerrillas=0,
                                    france="F"))
    assert observed(alone, *second).violations == []
    moves, _, trace = run(alone)
    assert moves[:2] == second
    assert "no space allows an action within 8.1.2 and 8.4.5: 8.1.2 is kept" in texts(trace)


def test_an_obliged_march_moves_the_guerrilla_whose_guard_costs_least() -> None:
    """5.1.3 over 8.4.6: #1 Quadrillage (shaded) executed by the Government gives the FLN a free
    Limited March with no ``done`` (Medium, selfplay seed 11081, turn 30), and every Guerrilla
    that could go is held by a guard. The bot moved one at random – seed 3: the last one of Sidi
    Aissa's Base; now one from Algiers, the source with the most Guerrillas and no FLN Base, and
    the self-play invariants count no violation."""
    s = engine.from_json((DATA / "fln_bot_medium_11081_obliged_march.json").read_text())
    assert {"t": "done"} not in engine.legal_moves(s)
    for seed in (1, 3, 7):
        moves, after, trace = run(s, seed)
        assert moves[0] == {"t": "group", "from": "Algiers", "to": "Medea"}, texts(trace)
        assert guerrillas(after, "Sidi Aissa") == guerrillas(s, "Sidi Aissa") == 1
        assert guerrillas(after, "Algiers") == guerrillas(s, "Algiers") - 1
        assert "obliged by the Event (5.1.3)" in texts(trace)
        inv = observed(s, *moves)
        assert inv.violations == [] and inv.guard_checks > 0
    random_pick = [{"t": "group", "from": "Sidi Aissa", "to": "Biskra"},
                   {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"}]
    assert observed(s, *random_pick).violations == []   # obliged: the invariants allow it too
