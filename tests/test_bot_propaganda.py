"""The non-player FLN in Propaganda Rounds (8.5) and the one-player victory (8.6); the Coup d'Etat
choice (8.3) – ct-fln-bot §13, §14 and §18 T28-T31, T33."""

from __future__ import annotations

from typing import Any

import engine
from engine.bot import decide
from engine.board import scores
from engine.state import State
from engine.victory import final_result, victory_check
from tests.helpers import box, pieces
from tests.test_bot_fixtures import DONE, bot_position, run, sp, texts


def in_phase(s: State, frame: dict[str, Any], rounds: int = 1) -> State:
    s = s.copy()
    s.cards["rounds"] = rounds
    s.pending = [{"k": "game", "stage": "draw"},
                 {"k": "propaganda", "phase": "game_end", "final": False}, frame]
    s._legal = None
    return s


def test_t28_support_phase_agitation() -> None:
    s = bot_position({"Tebessa": {"support": "support", "terror": 1, "ug": 1},
                      "Medea": {"ug": 1},
                      "Bougie": {"support": "oppose", "terror": 1, "ug": 1},
                      "Tizi Ouzou": {"ug": 1, "fp": 2}}, fln=9)
    s = in_phase(s, {"k": "prop_agitate", "who": "fln", "shifts": {}})
    moves, _, trace = decide(s, 1)
    assert moves[:5] == [sp("agitate", "Tebessa")] * 3 + [sp("agitate", "Medea"), DONE]
    after = engine.apply_all(s, moves[:4])[0]
    assert after.resources["fln"] == 5
    assert after.spaces["Tebessa"]["support"] == "oppose" and after.spaces["Tebessa"]["terror"] == 0
    assert after.spaces["Medea"]["support"] == "oppose"
    assert after.spaces["Bougie"]["terror"] == 1
    assert "Agitate in Tebessa" in texts(trace)


def test_t28_final_round_all_resources() -> None:
    s = bot_position({"Medea": {"ug": 1, "support": "support"},
                      "Tebessa": {"ug": 1, "support": "support"}}, fln=4)
    s = in_phase(s, {"k": "prop_agitate", "who": "fln", "shifts": {}}).copy()
    s.cards["propaganda_drawn"] = s.cards["propaganda_total"]
    moves, _, _ = decide(s, 1)
    after = engine.apply_all(s, moves[:4])[0]
    assert after.resources["fln"] == 0
    assert moves[4] == DONE


def test_t29_redeploy() -> None:
    s = bot_position({"Saida": {"fb": 1}, "Mostaganem": {"fb": 1, "ug": 1},
                      "Mascara": {"ug": 3}, "Oran": {"ug": 1},
                      "Tlemcen": {"ug": 2, "support": "support"}})
    s = in_phase(s, {"k": "prop_redeploy", "who": "fln", "arrived": {}, "sel": None,
                     "controlled": []})
    moves, after, _ = decide(s, 1)
    assert moves[:7] == [
        {"t": "select", "piece": "guerrillas_underground", "space": "Mascara"},
        {"t": "move", "piece": "guerrillas_underground", "from": "Mascara", "to": "Saida"},
        {"t": "select", "piece": "guerrillas_underground", "space": "Mascara"},
        {"t": "move", "piece": "guerrillas_underground", "from": "Mascara", "to": "Mostaganem"},
        {"t": "select", "piece": "guerrillas_underground", "space": "Mascara"},
        {"t": "move", "piece": "guerrillas_underground", "from": "Mascara", "to": "Mostaganem"},
        DONE]
    got = {n: after.spaces[n]["pieces"]["guerrillas_underground"]
           for n in ("Saida", "Mostaganem", "Mascara", "Tlemcen", "Oran")}
    assert got == {"Saida": 1, "Mostaganem": 3, "Mascara": 0, "Tlemcen": 2, "Oran": 1}


def test_t29_never_more_than_three_and_never_the_last_of_a_support_space() -> None:
    s = bot_position({"Algiers": {"fb": 1, "ug": 1}, "Medea": {"ug": 1, "support": "support"},
                      "Orleansville": {"ug": 4}})
    s = in_phase(s, {"k": "prop_redeploy", "who": "fln", "arrived": {}, "sel": None,
                     "controlled": []})
    _, after, _ = decide(s, 1)
    assert pieces(after, "Algiers") == {"ug": 3, "fb": 1}
    assert pieces(after, "Medea") == {"ug": 1}
    assert pieces(after, "Orleansville") == {"ug": 2}


def test_t30_reset_phase_casualties_need_no_choice() -> None:
    """6.5: one in three Guerrillas in Casualties (7 // 3 = 2) go Out of Play, the other 5 to
    Available – no decision asked of the FLN."""
    s = bot_position({"Medea": {"ug": 2}}, bases=15, guerrillas=28)
    assert box(s, "casualties") == {} and box(s, "out_of_play") == {}
    s = s.copy()
    s.boxes["casualties"]["guerrillas"] = 7
    s.boxes["available"]["guerrillas"] -= 7
    s.pending = [{"k": "game", "stage": "draw"},
                 {"k": "propaganda", "phase": "reset_end", "final": False}]
    s._legal = None
    engine.machine.settle(s, [])
    assert box(s, "out_of_play").get("guerrillas", 0) == 2
    assert box(s, "casualties").get("guerrillas", 0) == 0
    assert box(s, "available")["guerrillas"] == 21 + 5
    assert pieces(s, "Medea") == {"ug": 2}
    on_map = sum(sp["pieces"]["guerrillas_underground"] + sp["pieces"]["guerrillas_active"]
                 for sp in s.spaces.values())
    in_boxes = sum(b["guerrillas"] for b in s.boxes.values())
    assert on_map + in_boxes == engine.data.FORCE_POOL["guerrillas"]


def coup_pick(gov_die: int, fln_die: int) -> State:
    s = bot_position({}, card=29).copy()
    s.sop = {"first": "gov", "first_box": "event", "second_box": None}
    low = min(gov_die, fln_die)
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "card", "stage": "first"},
                 {"k": "pivotal_event", "card": 66, "who": "gov", "pc": 4,
                  "x": {"gov_die": gov_die, "fln_die": fln_die}},
                 engine.event_steps.pick("fln", f"Coup d'Etat: remove {low} French Troops to Out"
                                         f" of Play, or Commitment -{low}",
                                         ["troops", "commitment"], "choice", 1, 1)]
    s._legal = None
    return s


def test_t31_coup_d_etat_reduce_commitment() -> None:
    s = coup_pick(2, 5)
    moves, _, _ = run(s)
    assert moves[0] == {"t": "pick", "value": "commitment"}
    after, _ = engine.apply(s, moves[0])
    assert after.commitment == 13


def test_t33_one_player_victory() -> None:
    s = bot_position({}, options={"fln_bot": True})
    s = s.copy()
    # (a) Total Opposition 27 + 4 FLN Bases = 31: positive FLN margin ends the game.
    opp = ["Algiers", "Oran", "Constantine", "Tizi Ouzou", "Bougie", "Medea", "Orleansville",
           "Mostaganem", "Philippeville", "Souk Ahras", "Setif", "Barika", "Tebessa",
           "Bordj Bou Arreridj", "Tlemcen", "Sidi Bel Abbes"]
    for n in opp:
        s.spaces[n]["support"] = "oppose"
    total = sum(engine.board.population(s, n) for n in opp)
    assert total == 27
    for n in ("Saida", "Mascara", "Tiaret", "Batna"):
        s.spaces[n]["pieces"]["fln_bases"] = 1
        s.boxes["available"]["fln_bases"] -= 1
    s.commitment = 50  # the Government's condition is irrelevant in the one-player game
    assert scores(s).margins["fln"] == 1
    res = victory_check(s)
    assert res is not None and res["winner"] == "fln"
    # (c) margins equal after the final round: the FLN wins (7.1 ties go to the FLN; 8.6)
    t = bot_position({}, options={"fln_bot": True}, commitment=5)
    assert scores(t).margins == {"gov": -30, "fln": -30}
    res = final_result(t, "end")
    assert res["winner"] == "fln" and "grade" not in res
    # one more Commitment: the Government's margin is higher, it wins by 1 (8.6)
    t = bot_position({}, options={"fln_bot": True}, commitment=6)
    assert scores(t).margins == {"gov": -29, "fln": -30}
    res = final_result(t, "end")
    assert res["winner"] == "gov" and res["difference"] == 1


def test_8_6_worked_example_negotiated_future() -> None:
    """8.6: Support + Commitment 30 (margin -5), Opposition + Bases 24 (margin -6): the Government
    wins by 1, "Negotiated Future"."""
    s = bot_position({}, options={"fln_bot": True}, commitment=30).copy()
    for n in ("Saida", "Mascara", "Tiaret", "Batna"):
        s.spaces[n]["pieces"]["fln_bases"] = 1
        s.boxes["available"]["fln_bases"] -= 1
    opp = ["Algiers", "Oran", "Constantine", "Tizi Ouzou", "Bougie", "Medea", "Orleansville",
           "Mostaganem", "Philippeville", "Setif"]
    for n in opp:
        s.spaces[n]["support"] = "oppose"
    assert engine.board.fln_score(s) == 24 and engine.board.gov_score(s) == 30
    res = final_result(s, "final round")
    assert res["winner"] == "gov" and res["difference"] == 1
    assert res["grade"] == "Negotiated Future"
    s.commitment = 36
    res = final_result(s, "final round")
    assert res["grade"] == "Vive la France!"
    assert victory_check(s) is None  # a Government score above 35 does not end the game (8.6)


def test_8_6_first_round_has_no_victory_phase() -> None:
    s = bot_position({}, options={"fln_bot": True}).copy()
    s.cards["rounds"] = 1
    s.pending = [{"k": "game", "stage": "draw"},
                 {"k": "propaganda", "phase": "victory", "final": False}]
    for n in ("Algiers", "Oran", "Constantine", "Tizi Ouzou", "Bougie", "Medea",
              "Orleansville", "Mostaganem", "Philippeville", "Souk Ahras", "Setif", "Barika",
              "Tebessa", "Bordj Bou Arreridj", "Tlemcen", "Sidi Bel Abbes", "Ain Oussera"):
        s.spaces[n]["support"] = "oppose"
    for n in ("Saida", "Mascara", "Tiaret", "Batna", "Biskra"):
        s.spaces[n]["pieces"]["fln_bases"] = 1
        s.boxes["available"]["fln_bases"] -= 1
    s._legal = None
    engine.machine.settle(s, [])
    assert s.result is None
