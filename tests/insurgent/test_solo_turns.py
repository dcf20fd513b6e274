"""The Solo Variant's French turns (option ``french_bot``): the French flip the top card of
their deck, NEGOTIATE plays another card, the game ends when the last card is played off the
deck; no hand, no mulligan; the views, the validator, and the bot's ``decide``."""

from __future__ import annotations

import pytest

import insurgent as I
from insurgent.bots import decide
from tests.insurgent.positions import cid, front_names, names, play, position, up
from tests.insurgent.solo import SOLO, bot, boxes, flip, french_turn


def test_the_french_have_no_hand_and_only_the_fln_may_reshuffle() -> None:
    # Solo Variant, FRENCH TURNS: "To take a turn for the French, flip a card from the top of
    # their faction deck." The French draw no hand of five (Setup 5) and have none to reshuffle.
    s = I.new_game(seed=7, options=SOLO)
    assert s.hands["french"] == [] and len(s.hands["fln"]) == 5
    assert len(s.decks["french"]["pool"]) == 21
    assert I.to_move(s) == "fln" and I.prompt(s).startswith("keep your hand")
    s, _ = I.apply(s, {"t": "keep"})
    assert (I.to_move(s), s.turn, I.prompt(s)) == ("fln", 1, "play a card from your hand")


def test_a_french_turn_flips_the_top_card_and_plays_it_as_normal() -> None:
    # FRENCH TURNS: "flip a card from the top of their faction deck. They play the card as
    # normal, resolving its effects."
    s = position(hands={"fln": ["FLN agent 3", "FLN supporters 1"], "french": []},
                 fronts={"fln": {"political": ["FLN agent 6"]}}, options=SOLO)
    s, _ = play(s, up("FLN agent 3", "military"))  # ATTACK x2: no French card, ignored
    assert (I.to_move(s), s.turn) == ("chance", 2)
    assert I.prompt(s) == "draw a card from the French deck (1 to draw)"
    s = flip(s, "French agent 1")  # ATTACK, CAPTURE
    assert s.recruits["french"] == [cid("French agent 1")]
    assert I.legal_moves(s) == [{"t": "play", "card": cid("French agent 1"), "front": "military"}]
    s, moves, trace = bot(s)
    # the ATTACK takes the card with the most icons (both have 2) in the front with the most
    # cards (the military front: 1 card, the political: 1) -> a random pick: chance decides
    assert moves == [{"t": "play", "card": cid("French agent 1"), "front": "military"}]
    assert boxes(trace) == ["FRENCH TURNS: the agent goes to the front printed on it"]
    assert I.to_move(s) == "chance"
    assert I.legal_moves(s) == [{"t": "attack", "card": cid("FLN agent 3")},
                                {"t": "attack", "card": cid("FLN agent 6")}]
    s, log = play(s, {"t": "attack", "card": cid("FLN agent 6")})
    assert log[0]["rule"] == "Solo Variant: ATTACKING/CAPTURING/BOMBING TARGETS 4"
    assert log[0]["solo"]["by"] == "chance"
    # CAPTURE: the one face-up FLN card left; then the FLN's turn (the French draw nothing)
    s, moves, trace = bot(s)
    assert moves == [{"t": "capture", "card": cid("FLN agent 3")}]
    assert [p["card"] for p in s.prison] == [cid("FLN agent 3")]
    assert names(s.graveyard) == ["FLN agent 6"]
    assert (I.to_move(s), s.turn, s.hands["french"]) == ("fln", 3, [])


def test_negotiate_plays_another_card_from_the_french_deck() -> None:
    # FRENCH TURNS: "Change the effect of the NEGOTIATE action to: Play another card from the
    # French faction deck." The new card's actions come first (as a RECRUIT's), then the rest.
    s = flip(french_turn(), "French agent 9")  # NEGOTIATE, NEGOTIATE
    s, moves, trace = bot(s)
    assert moves == [{"t": "play", "card": cid("French agent 9"), "front": "diplomatic"},
                     {"t": "negotiate"}]
    assert boxes(trace)[1] == "FRENCH TURNS: NEGOTIATE is taken"
    assert I.prompt(s) == "draw a card from the French deck (1 to draw)"
    s = flip(s, "French agent 8")  # RALLY, RALLY: political
    s, moves, _ = bot(s)
    assert moves == [{"t": "play", "card": cid("French agent 8"), "front": "political"},
                     {"t": "negotiate"}]
    s = flip(s, "French agent 10")  # RALLY, EXPOSE: no face-down card, ignored
    s, moves, _ = bot(s)
    assert moves == [{"t": "play", "card": cid("French agent 10"), "front": "diplomatic"}]
    assert front_names(s, "french", "diplomatic") == ["French agent 9", "French agent 10"]
    assert s.hands["french"] == [] and (I.to_move(s), s.turn) == ("fln", 3)


def test_the_game_ends_when_the_french_play_the_last_card_off_their_deck() -> None:
    # FRENCH TURNS: "Unlike the normal game, when the French play the last card off their deck,
    # the game ends immediately." The card is on the table; its actions are not taken.
    s = french_turn(fronts={"fln": {"military": ["FLN agent 3"]},
                            "french": {"political": ["French agent 8"]}},
                    decks={"french": ["French agent 1"]})
    s = flip(s, "French agent 1")
    s, moves, _ = bot(s)
    assert moves == [{"t": "play", "card": cid("French agent 1"), "front": "military"}]
    assert I.to_move(s) is None
    assert s.result is not None and s.result["by"] == "french_deck"
    assert front_names(s, "fln", "military") == ["FLN agent 3"]  # no ATTACK was taken
    # military 2-2 (RALLY 0-0: a draw), political French 2-0, diplomatic 0-0: the French win
    assert s.result["won"] == {"fln": 0, "french": 1} and s.result["winner"] == "french"
    assert I.from_json(I.to_json(s)).result == s.result


def test_negotiate_playing_the_last_card_ends_the_game_at_once() -> None:
    s = french_turn(decks={"french": ["French agent 9", "French supporters 1"]})
    s = flip(s, "French agent 9")
    s, moves, _ = bot(s)
    s = flip(s, "French supporters 1")
    s, moves, trace = bot(s)
    # PLAYING SUPPORTERS 2: the diplomatic front holds the one French card
    assert moves == [{"t": "play", "card": cid("French supporters 1"), "front": "diplomatic"}]
    assert boxes(trace) == ["PLAYING SUPPORTERS 2"]
    assert s.result is not None and s.result["by"] == "french_deck"  # 2nd NEGOTIATE not taken


def test_the_fln_running_out_still_gives_the_french_one_more_turn() -> None:
    # Winning the Game 1 (ATTRITION) still ends the FLN's side of the solo game: "Either player
    # plays their last card ... The other player gets one more turn, then the game ends."
    s = position(hands={"fln": ["FLN supporters 1"], "french": []},
                 decks={"fln": [], "french": ["French agent 8", "French agent 12"]},
                 options=SOLO)
    s, _ = play(s, up("FLN supporters 1", "military"))
    assert s.final_turn == "french" and I.to_move(s) == "chance"
    s = flip(s, "French agent 8")
    s, moves, _ = bot(s)
    assert s.result is not None and s.result["by"] == "attrition"


def test_the_fln_sees_the_automatons_cards_but_not_its_deck() -> None:
    # The solo player turns the automaton's cards up: the flipped card and the two a RECRUIT
    # draws are public; the deck's order is not.
    s = flip(french_turn(), "French agent 11")  # RECRUIT
    v = I.view(s, "fln")
    assert v["recruits"]["french"] == [cid("French agent 11")]
    assert "bottom" in v["decks"]["french"] and v["decks"]["french"]["count"] == 20
    s, _, _ = bot(s)
    s = flip(flip(s, "French agent 1"), "French agent 12")
    assert I.view(s, "observer")["recruits"]["french"] == [cid("French agent 1"),
                                                           cid("French agent 12")]
    two = position(hands={"french": ["French agent 1"]}, options={})
    assert I.view(two, "fln")["hands"]["french"] == 1   # the two-player game hides them


def test_a_solo_state_with_a_french_hand_is_refused() -> None:
    s = french_turn()
    d = s.to_data()
    d["hands"]["french"] = [d["decks"]["french"]["pool"].pop()]
    with pytest.raises(I.StateError) as e:
        I.from_data(d)
    assert e.value.field == "hands.french" and e.value.rule == "Solo Variant"


def test_a_french_move_the_lists_do_not_make_is_illegal() -> None:
    s = flip(french_turn(fronts={"french": {"political": ["French agent 8"]}}),
             "French supporters 1")
    with pytest.raises(I.IllegalMove) as e:
        I.apply(s, {"t": "play", "card": cid("French supporters 1"), "front": "military"})
    assert e.value.rule == "Solo Variant: PLAYING SUPPORTERS 2"
    assert "political" in e.value.reason


def test_decide_outside_the_solo_game_or_off_turn() -> None:
    with pytest.raises(I.BadRequest) as e:
        decide(position(active="french"), 1)
    assert e.value.field == "state.options.french_bot"
    d = decide(position(hands={"french": []}, options=SOLO), 1)
    assert d.moves == [] and d.trace[0]["text"].startswith("the French are not to move")


def test_decide_is_deterministic_and_its_seed_draws_nothing() -> None:
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 3"]}}), "French agent 4")
    a, b = decide(s, 1), decide(s, 99)
    assert a.moves == b.moves and I.to_json(a.state) == I.to_json(b.state)
    assert a.trace == b.trace
    assert [e["move"] for e in a.trace] == a.moves


def test_a_recruit_of_the_last_card_ends_the_game() -> None:
    # "when the French play the last card off their deck": a RECRUIT that draws the last card
    # alone plays it (docs/insurgent/rules.md 8) and the game ends; its ATTACK is not taken
    s = french_turn(fronts={"fln": {"military": ["FLN agent 3"]}},
                    decks={"french": ["French agent 11", "French agent 12"]})
    s = flip(s, "French agent 11")  # RECRUIT
    s, moves, _ = bot(s)
    assert moves[-1] == {"t": "recruit"}
    s = flip(s, "French agent 12")  # the one card left: drawn alone
    s, moves, trace = bot(s)
    assert moves == [{"t": "play", "card": cid("French agent 12"), "front": "diplomatic"}]
    assert boxes(trace) == ["CHOOSING RECRUITS (one candidate)"]
    assert s.result is not None and s.result["by"] == "french_deck"
    assert front_names(s, "fln", "military") == ["FLN agent 3"]


def test_a_random_pick_by_managed_chance_is_in_the_bots_trace() -> None:
    # the ATTACK of French agent 1 ties (two 2-icon cards alone in their fronts): the game's
    # generator picks, inside the bot's moves, and the trace says so
    s = flip(french_turn(fronts={"fln": {"military": ["FLN agent 1"],
                                         "political": ["FLN agent 6"]}}), "French agent 1")
    d = s.to_data()
    d["options"]["chance"] = "managed"
    d["rng"] = {"seed": 11, "counter": 0}
    s2, moves, trace = bot(I.from_data(d))
    assert [e["by"] for e in trace] == ["french", "chance", "french"]
    assert trace[1]["box"] == "ATTACKING/CAPTURING/BOMBING TARGETS 4"
    attacked = trace[1]["move"]["card"]
    captured = ({cid("FLN agent 1"), cid("FLN agent 6")} - {attacked}).pop()
    assert moves == [{"t": "play", "card": cid("French agent 1"), "front": "military"},
                     {"t": "capture", "card": captured}]
    assert s2.graveyard == [attacked] and I.to_move(s2) == "fln"
    assert bot(I.from_data(d))[2] == trace  # the same generator, the same pick
