"""Winning the Game (ATTRITION, DOMINATION), Final Scoring, the French player's question, views
and untrusted states."""

from __future__ import annotations

import json

import pytest

import insurgent as I
from insurgent.playout import hidden_from, named_in_view, play as playout
from referee_core import playout as core_playout
from tests.insurgent.positions import SKIP, cid, front_names, names, play, position, up


def test_attrition_the_other_player_takes_one_more_turn_then_final_scoring() -> None:
    # ATTRITION: "Either player plays their last card ... Finish the current turn. The other
    # player gets one more turn, then the game ends. Final scoring determines the winner."
    s = position(hands={"fln": ["FLN supporters 2"], "french": ["French agent 8",
                                                                 "French agent 3"]},
                 decks={"fln": []},
                 fronts={"fln": {"military": ["FLN agent 3"], "diplomatic": ["FLN agent 11"]},
                         "french": {"military": ["French agent 4"],
                                    "diplomatic": ["French agent 9"]}})
    s, log = play(s, up("FLN supporters 2", "political"))   # RALLY x3, the FLN's last card
    assert s.final_turn == "french" and I.to_move(s) == "french"
    assert any("has played their last card" in e["text"] for e in log)
    s, log = play(s, up("French agent 8", "political"))     # RALLY, RALLY
    # Final Scoring: military FLN 2 - French 2, RALLY 0-0: a draw; political FLN 3 - French 2;
    # diplomatic FLN 1 - French 2
    assert I.to_move(s) is None
    r = s.result
    assert r is not None and r["by"] == "attrition"
    assert {f: v["winner"] for f, v in r["fronts"].items()} == {
        "military": None, "political": "fln", "diplomatic": "french"}
    assert r["won"] == {"fln": 1, "french": 1} and r["winner"] is None   # a draw
    with pytest.raises(I.IllegalMove) as e:
        I.apply(s, SKIP)
    assert e.value.rule == "Winning the Game"


def test_final_scoring_rally_breaks_a_tie_and_face_down_cards_count_prison_not() -> None:
    # Final Scoring 1: "The FLN player flips all of their cards face-up ... Prison cards remain
    # in prison; they do not count"; 3: "If any front is tied, the player with the most RALLY
    # icons in the tied front wins."
    s = position(active="french", final_turn="french", turn=4,
                 hands={"fln": [], "french": ["French agent 1"]}, decks={"fln": []},
                 fronts={"fln": {"military": ["FLN agent 2*"], "political": ["FLN agent 7"]},
                         "french": {"military": ["French agent 2"],
                                    "political": ["French agent 8"]}},
                 prison=[("FLN agent 5", "political")])
    s, _ = play(s, up("French agent 1", "military"), SKIP, SKIP)  # ATTACK, CAPTURE skipped
    r = s.result
    assert r is not None
    # military: FLN 2 (BOMB, RALLY: face down, counted) vs French 4 – French
    # political: FLN 2 (NEGOTIATE, RALLY) vs French 2 (RALLY, RALLY): RALLY 1-2 – French
    assert r["fronts"]["military"]["icons"] == {"fln": 2, "french": 4}
    assert r["fronts"]["political"]["rally"] == {"fln": 1, "french": 2}
    assert r["fronts"]["political"]["winner"] == "french" and r["winner"] == "french"
    assert front_names(s, "fln", "military") == ["FLN agent 2"]     # revealed


def test_domination_ends_the_game_at_once() -> None:
    # DOMINATION: "Either player has eight more action icons on their cards than their opponent
    # in any one front. The game ends immediately" – here in the middle of a card's actions.
    s = position(hands={"fln": ["FLN agent 12", "FLN agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 5*", "FLN agent 9"]},
                         "french": {"military": ["French agent 3"]}})
    s, log = play(s, up("FLN agent 12", "military"))  # 3+3+3 = 9 icons against 2: not yet 8
    assert s.result is None and I.prompt(s).startswith("HIDE")
    s, log = play(s, SKIP, {"t": "attack", "card": cid("French agent 3")})
    assert s.result == {"winner": "fln", "by": "domination", "front": "military",
                        "icons": {"fln": 9, "french": 0}}
    assert I.to_move(s) is None and s.pending == []
    # "If the FLN player has won in this manner, but has face-down cards, the player should
    # reveal them to prove their victory."
    assert front_names(s, "fln", "military") == ["FLN agent 5", "FLN agent 9", "FLN agent 12"]


def test_the_french_question_is_answered_truthfully_without_revealing() -> None:
    # "The French player may ask if they have won in this manner at any time. The FLN player
    # must respond truthfully but should not reveal their cards unless they have indeed lost."
    s = position(active="french", hands={"french": ["French agent 12", "French agent 1"]},
                 fronts={"fln": {"diplomatic": ["FLN agent 11*"]},
                         "french": {"diplomatic": ["French agent 9", "French agent 10",
                                                   "French supporters 4"]}})
    # French diplomatic 2+2+3 = 7 against 1 (face down): no domination
    v = I.view(s, "french")
    assert v["domination"] is False and I.have_i_won(s) is False
    assert v["fronts"]["fln"]["diplomatic"] == [{"card": None, "up": False}]
    s, _ = play(s, up("French agent 12", "diplomatic"))   # +3: 10 against 1
    assert s.result is not None and s.result["winner"] == "french"
    assert I.have_i_won(s) is True and I.view(s, "french")["domination"] is True
    assert I.view(s, "french")["fronts"]["fln"]["diplomatic"] == [
        {"card": cid("FLN agent 11"), "up": True}]    # revealed: the FLN has lost


def test_views_hide_hands_decks_recruits_and_face_down_cards() -> None:
    s = position(hands={"fln": ["FLN agent 6", "FLN agent 1"], "french": ["French agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 3*"]}},
                 bottom={"fln": ["FLN agent 2"]})
    s, _ = play(s, up("FLN agent 6", "political"), {"t": "recruit"},
                {"t": "draw", "card": cid("FLN agent 4")}, {"t": "draw", "card": cid("FLN agent 5")})
    for role in ("fln", "french", "observer"):
        v = I.view(s, role)
        assert "rng" not in v and "pending" not in v
        assert not named_in_view(v) & hidden_from(s, role)
    fr = I.view(s, "french")
    assert fr["hands"] == {"fln": 1, "french": [cid("French agent 1")]}
    assert fr["recruits"]["fln"] == 2 and fr["legal_moves"] == [] and fr["to_move"] == "fln"
    assert fr["decks"]["fln"] == {"count": len(s.decks["fln"]["pool"]) + 1}
    assert fr["fronts"]["fln"]["military"] == [{"card": None, "up": False}]
    fln = I.view(s, "fln")
    assert fln["fronts"]["fln"]["military"] == [{"card": cid("FLN agent 3"), "up": False}]
    assert fln["decks"]["fln"]["bottom"] == [cid("FLN agent 2")]
    assert fln["recruits"]["fln"] == [cid("FLN agent 4"), cid("FLN agent 5")]
    assert fln["legal_moves"] and "RECRUIT" in fln["prompt"]
    with pytest.raises(I.BadRequest):
        I.view(s, "gov")


def test_untrusted_states_name_the_field() -> None:
    s = position(hands={"fln": ["FLN agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 3"]}})
    d = json.loads(I.to_json(s))

    def bad(change: object, field: str, text: str) -> None:
        doc = json.loads(json.dumps(d))
        change(doc)  # type: ignore[operator]
        with pytest.raises(I.StateError) as e:
            I.from_json(json.dumps(doc))
        assert e.value.field == field and text in e.value.reason, e.value

    bad(lambda x: x["hands"]["fln"].append(cid("FLN agent 3")), "fronts.fln.military[0].card",
        "is also in hands.fln[1]")
    bad(lambda x: x["hands"]["fln"].append(cid("French agent 1")), "hands.fln[1]",
        "not a fln card")
    bad(lambda x: x["graveyard"].append(1), "graveyard[0]", "also in")
    bad(lambda x: x["decks"]["fln"]["pool"].pop(), "", "is in no zone")
    bad(lambda x: x["fronts"]["fln"]["political"].append(x["fronts"]["fln"]["military"].pop()),
        "fronts.fln.political[0].card", "is played to the military front")
    bad(lambda x: (x["decks"]["french"]["pool"].remove(22),
                   x["fronts"]["french"]["military"].append({"card": 22, "up": False})),
        "fronts.french.military[0].up", "face-up")
    bad(lambda x: [(x["decks"]["fln"]["pool"].remove(cid(f"FLN agent {i}")),
                    x["fronts"]["fln"]["military"].append(
                        {"card": cid(f"FLN agent {i}"), "up": False})) for i in (5, 9, 12)],
        "fronts", "eight more")
    bad(lambda x: x["pending"][1].update(who="french"), "pending[1].who", "FLN turn")
    bad(lambda x: x["pending"].append({"k": "act", "who": "fln", "card": 3,
                                       "action": "ATTACK"}), "pending[2].k", "never lies on")
    bad(lambda x: x.update(turn=2), "active", "French turn")
    bad(lambda x: x["deck"]["cards"][0].pop("front"), "deck.cards[0].front", "has a front")


def test_a_sample_of_random_playouts_keeps_the_invariants() -> None:
    # card conservation, no hidden card in a view, the state valid through its JSON, a legal
    # move at every decision, an end (insurgent.playout.invariants after every move)
    ends = set()
    for seed in range(12):
        s, n = playout(seed)
        assert s.result is not None and n > 0
        ends.add(s.result["by"])
    assert ends == {"domination", "attrition"}


def test_a_playout_violation_names_the_seed_and_the_decision(
        capsys: pytest.CaptureFixture[str]) -> None:
    # referee_core.playout: the first decision at which a check fails, and a game that does not
    # end within the bound, are reported with the seed that reproduces them.
    def after_turn_2(s: I.State) -> list[str]:
        return [f"turn {s.turn}"] if s.turn > 2 else []

    with pytest.raises(AssertionError, match=r"^seed 4 decision \d+: turn 3$"):
        core_playout.play(I, I.new_game(seed=4), 4, after_turn_2, 100_000)
    with pytest.raises(AssertionError, match=r"^seed 4: no end after 10 decisions$"):
        core_playout.play(I, I.new_game(seed=4), 4, None, 10)

    def checked(seed: int) -> tuple[I.State, int]:
        return core_playout.play(I, I.new_game(seed=seed), seed, after_turn_2, 100_000)

    assert core_playout.run(checked, 4, 2) is None
    assert capsys.readouterr().err.startswith("violation: seed 4 decision ")
    done = core_playout.run(playout, 4, 2)
    assert done is not None
    assert [(s.turn, r["winner"]) for s, r in done[0]] == [
        (s.turn, s.result and s.result["winner"]) for s in (playout(4)[0], playout(5)[0])]
