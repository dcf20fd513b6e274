"""The Solo Variant's four priority lists, each priority from a position where it decides, with
the trace naming it; the "Random" steps are decisions of chance (external here: the test names
the pick; managed: the game's generator, the same pick for the same seed)."""

from __future__ import annotations

from typing import Any

import insurgent as I
from tests.insurgent.positions import cid, draw, front_names, play, position, roll
from tests.insurgent.solo import bot, boxes, flip, french_turn


def _supporters(**kw: Any) -> tuple[I.State, list[dict[str, Any]], list[str]]:
    s = flip(french_turn(**kw), "French supporters 1")  # RALLY, RALLY
    s, moves, trace = bot(s)
    return s, moves, boxes(trace)


# --- PLAYING SUPPORTERS ------------------------------------------------------------------------


def test_supporters_1_front_where_the_fln_has_3_more_cards() -> None:
    # "1. Front where FLN has 3+ more cards than French"
    _, moves, bx = _supporters(fronts={
        "fln": {"political": ["FLN agent 5", "FLN agent 6", "FLN agent 7*"]},
        "french": {"military": ["French agent 3", "French agent 2"]}})
    assert moves == [{"t": "play", "card": cid("French supporters 1"), "front": "political"}]
    assert bx == ["PLAYING SUPPORTERS 1"]


def test_supporters_2_front_with_the_most_french_cards() -> None:
    # "2. Front with the most French cards" (no front where the FLN leads by 3 cards)
    _, moves, bx = _supporters(fronts={
        "fln": {"political": ["FLN agent 5", "FLN agent 6"]},
        "french": {"military": ["French agent 3", "French agent 2"],
                   "diplomatic": ["French agent 12"]}})
    assert moves[0]["front"] == "military" and bx == ["PLAYING SUPPORTERS 2"]


def test_supporters_3_front_with_the_most_french_icons() -> None:
    # "3. Front with the most French icons" (one French card in two fronts: 2 and 3 icons)
    _, moves, bx = _supporters(fronts={"french": {"military": ["French agent 3"],
                                                  "diplomatic": ["French agent 12"]}})
    assert moves[0]["front"] == "diplomatic" and bx == ["PLAYING SUPPORTERS 3"]


def test_supporters_4_random_is_a_decision_of_chance() -> None:
    # "4. Random (roll a d6, split into logical number of categories i.e. MIL 1-2, POL 3-4,
    # DIP 5-6)": the military and political fronts tie on cards (1) and icons (2)
    s = flip(french_turn(fronts={"french": {"military": ["French agent 3"],
                                            "political": ["French agent 8"]}}),
             "French supporters 1")
    assert I.to_move(s) == "chance"
    card = cid("French supporters 1")
    assert I.legal_moves(s) == [{"t": "play", "card": card, "front": "military"},
                                {"t": "play", "card": card, "front": "political"}]
    s, log = play(s, {"t": "play", "card": card, "front": "political"})
    assert log[0]["rule"] == "Solo Variant: PLAYING SUPPORTERS 4"
    steps = log[0]["solo"]["lists"][0]["steps"]
    assert [(x["priority"], x["kept"]) for x in steps] == [
        (1, ["military", "political", "diplomatic"]),  # no front meets it: all stay
        (2, ["military", "political"]), (3, ["military", "political"]),
        (4, ["military", "political"])]
    assert front_names(s, "french", "political") == ["French agent 8", "French supporters 1"]


def test_a_random_step_under_managed_chance_is_the_games_generator() -> None:
    # managed chance: the French flip their last card, French supporters 1, after the FLN's
    # move; the tie of PLAYING SUPPORTERS 4 is the generator's pick, the same for the same seed
    s = position(hands={"fln": ["FLN supporters 4"], "french": []},
                 fronts={"french": {"military": ["French agent 3"],
                                    "political": ["French agent 8"]}},
                 decks={"french": ["French supporters 1"]},
                 options={"french_bot": True, "chance": "managed"})
    d = s.to_data()
    fronts = set()
    for seed in range(8):
        d["rng"] = {"seed": seed, "counter": 0}
        move = {"t": "play", "card": cid("FLN supporters 4"), "front": "diplomatic",
                "face": "down"}
        (a, log), (b, _) = I.apply(I.from_data(d), move), I.apply(I.from_data(d), move)
        assert I.to_json(a) == I.to_json(b)
        pick = [e for e in log if e["rule"] == "Solo Variant: PLAYING SUPPORTERS 4"]
        assert len(pick) == 1 and pick[0]["solo"]["by"] == "chance"
        fronts.add(pick[0]["solo"]["move"]["front"])
        assert a.result is not None and a.result["by"] == "french_deck"
    assert fronts == {"military", "political"}  # both come up among eight generators


# --- CHOOSING RECRUITS -------------------------------------------------------------------------


def _recruit(first: str, second: str, **kw: Any) -> tuple[I.State, list[str]]:
    s = flip(french_turn(**kw), "French agent 11")  # RECRUIT
    s, moves, _ = bot(s)
    assert moves[-1] == {"t": "recruit"}
    s, _ = play(s, draw(first), draw(second))
    return s, []


def test_recruits_1_card_with_most_total_action_icons() -> None:
    # "1. Card with most total action icons"
    s, _ = _recruit("French agent 1", "French agent 12")  # 2 and 3 icons
    s, moves, trace = bot(s)
    assert moves[0] == {"t": "play", "card": cid("French agent 12"), "front": "diplomatic"}
    assert boxes(trace)[0] == "CHOOSING RECRUITS 1"
    assert s.decks["french"]["bottom"] == [cid("French agent 1")]


def test_recruits_2_supporters_before_agents_before_events() -> None:
    # "2. Supporters > Agent > Event" (2 icons each); the supporters card then goes where
    # PLAYING SUPPORTERS puts it (the diplomatic front holds the French agent 11)
    s, _ = _recruit("French agent 1", "French supporters 2")
    s, moves, trace = bot(s)
    assert moves == [{"t": "play", "card": cid("French supporters 2"), "front": "diplomatic"}]
    assert boxes(trace) == ["CHOOSING RECRUITS 2; PLAYING SUPPORTERS 2"]
    s, _ = _recruit("French event 4", "French agent 3")
    s, moves, trace = bot(s)
    assert moves[0]["card"] == cid("French agent 3") and boxes(trace)[0] == "CHOOSING RECRUITS 2"


def test_recruits_3_random() -> None:
    # "3. Random": two agents of 2 icons
    s, _ = _recruit("French agent 1", "French agent 3")
    assert I.to_move(s) == "chance"
    assert I.legal_moves(s) == [{"t": "play", "card": cid("French agent 1"), "front": "military"},
                                {"t": "play", "card": cid("French agent 3"), "front": "military"}]
    s, log = play(s, {"t": "play", "card": cid("French agent 3"), "front": "military"})
    assert log[0]["rule"] == "Solo Variant: CHOOSING RECRUITS 3"
    assert s.decks["french"]["bottom"] == [cid("French agent 1")]


# --- ATTACKING/CAPTURING/BOMBING TARGETS --------------------------------------------------------


def test_targets_1_card_with_the_most_icons() -> None:
    # "1. Card(s) with the most icons" – face up only: the face-down FLN agent 9 (3 icons) is no
    # target
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 3"],
                                         "political": ["FLN agent 5"],
                                         "diplomatic": ["FLN agent 9*"]}}),
             "French agent 1")  # ATTACK, CAPTURE
    s, moves, trace = bot(s)
    assert moves[1:] == [{"t": "attack", "card": cid("FLN agent 5")},
                         {"t": "capture", "card": cid("FLN agent 3")}]
    assert boxes(trace)[1:] == ["ATTACKING/CAPTURING/BOMBING TARGETS 1",
                                "ATTACKING/CAPTURING/BOMBING TARGETS (one candidate)"]


def test_targets_2_card_in_the_front_with_the_most_cards() -> None:
    # "2. Card(s) in the front with the most cards": two cards of 2 icons; the military front
    # holds two FLN cards (one face down), the political one
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 4*", "FLN agent 1"],
                                         "political": ["FLN agent 6"]}}),
             "French agent 1")
    s, moves, trace = bot(s)
    assert moves[1] == {"t": "attack", "card": cid("FLN agent 1")}
    assert boxes(trace)[1] == "ATTACKING/CAPTURING/BOMBING TARGETS 2"


def test_targets_3_the_prison_only_for_attack() -> None:
    # "3. Prison (only applicable for ATTACK action)": no face-up FLN card; of two prisoners the
    # one with the most icons. CAPTURE has no target and is ignored.
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 4*"]}},
                         prison=[("FLN agent 3", "military"), ("FLN agent 5", "political")]),
             "French agent 1")
    s, moves, trace = bot(s)
    assert moves[1] == {"t": "attack", "card": cid("FLN agent 5")}
    steps = trace[1]["lists"][0]["steps"]
    assert [x["priority"] for x in steps] == [3, 1]
    assert [p["card"] for p in s.prison] == [cid("FLN agent 3")]
    assert I.to_move(s) == "fln"  # CAPTURE was ignored


def test_targets_4_random_and_bomb_hits() -> None:
    # "4. Random": two face-up FLN cards of 2 icons, alone in their fronts; each BOMB hit takes
    # a target by the same list
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 1"],
                                         "political": ["FLN agent 6"],
                                         "diplomatic": ["FLN agent 9"]}}),
             "French agent 2")  # BOMB, BOMB
    s, moves, _ = bot(s)
    assert moves[1] == {"t": "bomb"}
    s, _ = play(s, roll(5), roll(1))
    s, moves, trace = bot(s)  # one hit: FLN agent 9 (3 icons)
    assert moves == [{"t": "remove", "card": cid("FLN agent 9")}, {"t": "bomb"}]
    assert boxes(trace)[0] == "ATTACKING/CAPTURING/BOMBING TARGETS 1"
    s, _ = play(s, roll(6), roll(4))
    assert I.to_move(s) == "chance"
    assert I.legal_moves(s) == [{"t": "remove", "card": cid("FLN agent 1")},
                                {"t": "remove", "card": cid("FLN agent 6")}]
    s, log = play(s, {"t": "remove", "card": cid("FLN agent 6")})
    assert log[0]["rule"] == "Solo Variant: ATTACKING/CAPTURING/BOMBING TARGETS 4"
    s, moves, _ = bot(s)  # the second hit: the one card left
    assert moves == [{"t": "remove", "card": cid("FLN agent 1")}]


# --- TARGETS FOR EXPOSING FLN CARDS -------------------------------------------------------------


def test_expose_1_topmost_card_in_the_front_with_the_most_cards() -> None:
    # "1. Topmost card in front with the most cards" ("Target card must be face-down"): the
    # military front holds three FLN cards, its topmost face-down one is the second
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 1*", "FLN agent 3*",
                                                      "FLN agent 2"],
                                         "political": ["FLN agent 7*"]}}),
             "French agent 5")  # EXPOSE, CAPTURE
    s, moves, trace = bot(s)
    assert moves[1] == {"t": "expose", "front": "military", "pos": 1}
    assert boxes(trace)[1] == "TARGETS FOR EXPOSING FLN CARDS 1"
    # the FLN resolves the exposed FLN agent 3's actions (ATTACK x2) as if played from its hand
    assert I.to_move(s) == "fln" and I.prompt(s).startswith("ATTACK (FLN agent 3)")


def test_expose_2_random() -> None:
    # "2. Random": one face-down card in each of two fronts of one card
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 1*"],
                                         "political": ["FLN agent 7*"]}}),
             "French agent 5")
    s, _, _ = bot(s)
    assert I.to_move(s) == "chance"
    assert I.legal_moves(s) == [{"t": "expose", "front": "military", "pos": 0},
                                {"t": "expose", "front": "political", "pos": 0}]
    s, log = play(s, {"t": "expose", "front": "political", "pos": 0})
    assert log[0]["rule"] == "Solo Variant: TARGETS FOR EXPOSING FLN CARDS 2"
    assert front_names(s, "fln", "political") == ["FLN agent 7"]
