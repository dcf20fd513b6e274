"""Setup and Play a Turn: shuffles, hands of five, the one-time reshuffle, the FLN first; playing
a card (where it may go, face up or down), its actions left to right, drawing five."""

from __future__ import annotations

import pytest

import insurgent as I
from tests.insurgent.positions import (
    SKIP, cid, draw, event, front_names, names, play, position, up,
)


def test_setup_hands_of_five_and_the_fln_decides_first() -> None:
    # Setup 5: "Each player draws a hand of 5 cards."
    s = I.new_game(seed=7)
    assert [len(s.hands[x]) for x in ("fln", "french")] == [5, 5]
    assert [len(s.decks[x]["pool"]) for x in ("fln", "french")] == [16, 16]
    assert all(c <= 21 for c in s.hands["fln"]) and all(c > 21 for c in s.hands["french"])
    assert I.to_move(s) == "fln" and I.legal_moves(s) == [{"t": "keep"}, {"t": "mulligan"}]
    s, _ = I.apply(s, {"t": "keep"})
    assert I.to_move(s) == "french"
    s, _ = I.apply(s, {"t": "keep"})
    # Gameplay: "The FLN player takes the first turn"
    assert (I.to_move(s), s.turn, s.active) == ("fln", 1, "fln")
    assert I.prompt(s) == "play a card from your hand"


def test_the_same_seed_deals_the_same_hands() -> None:
    assert I.new_game(seed=5).hands == I.new_game(seed=5).hands
    assert I.new_game(seed=5).hands != I.new_game(seed=6).hands


@pytest.mark.parametrize("options,field", [
    ({"deception": True}, "options.deception"),   # an option of another game
    ({"chance": "dice"}, "options.chance"),
    ({"french_bot": "yes"}, "options.french_bot"),
    ([], "options"),
])
def test_bad_options_are_named(options: object, field: str) -> None:
    with pytest.raises(I.BadRequest) as e:
        I.new_game(options=options)
    assert e.value.field == field
    assert I.new_game(options={"chance": "external"}).options == {"chance": "external",
                                                                   "french_bot": False}


def test_mulligan_once_reshuffles_the_hand_and_draws_five() -> None:
    # Setup 5: "Each player may choose to reshuffle and draw a new hand of 5 ... (each player
    # may only do this once)."
    s = I.new_game(options={"chance": "external"})
    first = [f"FLN agent {i}" for i in (1, 2, 3, 4, 5)]
    s, _ = play(s, *[draw(n) for n in first])
    assert I.to_move(s) == "chance" and "French deck" in I.prompt(s)
    s, _ = play(s, *[draw(f"French agent {i}") for i in (1, 2, 3, 4, 5)])
    s, _ = play(s, {"t": "mulligan"})
    assert s.hands["fln"] == [] and len(s.decks["fln"]["pool"]) == 21 and s.mulligan["fln"]
    # the hand goes back: the first five may be drawn again
    assert {"t": "draw", "card": cid("FLN agent 1")} in I.legal_moves(s)
    s, _ = play(s, *[draw(n) for n in ("FLN agent 1", "FLN event 1", "FLN event 2",
                                        "FLN event 3", "FLN supporters 1")])
    assert names(s.hands["fln"]) == ["FLN agent 1", "FLN event 1", "FLN event 2", "FLN event 3",
                                     "FLN supporters 1"]
    # no second reshuffle: the French decide next, then the FLN plays
    assert I.to_move(s) == "french" and I.prompt(s).startswith("keep your hand")
    s, _ = play(s, {"t": "keep"})
    assert I.to_move(s) == "fln" and I.legal_moves(s)[0]["t"] == "play"


def test_an_agent_goes_to_its_printed_front_the_fln_face_up_or_down() -> None:
    # Play a Turn 1: "Agent cards must be played to the front listed in the top left corner";
    # "The FLN player may play their cards face-up OR face-down."
    s = position(hands={"fln": ["FLN agent 3"]})
    assert I.legal_moves(s) == [up("FLN agent 3", "military"),
                                up("FLN agent 3", "military", face="down")]
    with pytest.raises(I.IllegalMove) as e:
        I.apply(s, up("FLN agent 3", "political"))
    assert "not a legal move" in e.value.reason


def test_supporters_and_rally_cards_may_go_to_any_front_french_face_up() -> None:
    # "Supporters cards can be played to any front"; RALLY: "cards with the Rally action can be
    # played on any front"; "The French player must play all their cards face-up."
    s = position(active="french", hands={"french": ["French supporters 3", "French agent 3",
                                                    "French agent 1", "French event 1"]})
    moves = I.legal_moves(s)
    fronts = {n: [m["front"] for m in moves if m["card"] == cid(n)]
              for n in ("French supporters 3", "French agent 3", "French agent 1")}
    assert fronts == {"French supporters 3": ["military", "political", "diplomatic"],
                      "French agent 3": ["military", "political", "diplomatic"],
                      "French agent 1": ["military"]}
    assert all("face" not in m for m in moves)
    # Event cards are played face-up to a personal discard pile
    assert event("French event 1") in moves


def test_face_down_takes_no_actions_and_the_turn_passes() -> None:
    # "The FLN player does not take the actions on cards played face-down."
    s = position(hands={"fln": ["FLN agent 1", "FLN agent 2"], "french": ["French agent 2"]},
                 fronts={"french": {"military": ["French agent 1"]}})
    s, log = play(s, up("FLN agent 1", "military", face="down"))
    assert front_names(s, "fln", "military") == ["FLN agent 1*"]
    assert (I.to_move(s), s.active, s.turn) == ("french", "french", 2)
    assert any("face down" in e["text"] for e in log)


def test_actions_left_to_right_each_may_be_skipped_impossible_ones_ignored() -> None:
    # Play a Turn 2: "the player takes the actions listed on the played card from left to right.
    # ... if a player plays a card with such an action, it is ignored. Players may choose to
    # ignore any action"
    s = position(hands={"fln": ["FLN agent 12", "FLN agent 2"], "french": ["French agent 2"]},
                 fronts={"french": {"political": ["French agent 6"]}})
    # FLN agent 12: RALLY, HIDE, ATTACK – RALLY has no effect, HIDE is offered first
    s, log = play(s, up("FLN agent 12", "diplomatic"))
    assert I.prompt(s) == "HIDE (FLN agent 12): take it or skip it"
    assert any(e["rule"] == "RALLY" for e in log)
    s, _ = play(s, SKIP)
    assert I.prompt(s).startswith("ATTACK")
    assert I.legal_moves(s) == [{"t": "attack", "card": cid("French agent 6")}, SKIP]
    s, _ = play(s, {"t": "attack", "card": cid("French agent 6")})
    assert s.graveyard == [cid("French agent 6")] and I.to_move(s) == "french"
    # ATTACK with no target is ignored without a question
    s2 = position(hands={"fln": ["FLN agent 3", "FLN agent 2"], "french": ["French agent 2"]})
    s2, log = play(s2, up("FLN agent 3", "military"))
    assert I.to_move(s2) == "french"
    assert [e["text"] for e in log if "ignored" in e["text"]] == [
        "FLN agent 3: ATTACK cannot be taken and is ignored"] * 2


def test_draw_five_only_when_the_hand_is_empty() -> None:
    # Play a Turn 3: "if the player has no cards in hand, they draw five new cards. Otherwise,
    # skip this step."
    s = position(hands={"fln": ["FLN supporters 1", "FLN supporters 2"],
                        "french": ["French agent 2"]})
    s, _ = play(s, up("FLN supporters 1", "political"))
    assert names(s.hands["fln"]) == ["FLN supporters 2"] and I.to_move(s) == "french"
    s = position(hands={"fln": ["FLN supporters 1"], "french": ["French agent 2"]})
    s, _ = play(s, up("FLN supporters 1", "political"))
    assert I.to_move(s) == "chance" and "5 to draw" in I.prompt(s)
    s, _ = play(s, *[draw(f"FLN agent {i}") for i in range(1, 6)])
    assert len(s.hands["fln"]) == 5 and I.to_move(s) == "french"


def test_apply_never_mutates_its_input() -> None:
    s = position(hands={"fln": ["FLN agent 1"]}, fronts={"french": {"military": ["French agent 1"]}})
    before = I.to_json(s)
    play(s, up("FLN agent 1", "military"), {"t": "attack", "card": cid("French agent 1")})
    assert I.to_json(s) == before
