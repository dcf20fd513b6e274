"""The nine actions (Actions), each from a position set up for it, with the exact result."""

from __future__ import annotations

import insurgent as I
from tests.insurgent.positions import (
    SKIP, cid, draw, event, front_names, names, play, position, roll, up,
)

FR_HAND = ["French supporters 1"]  # a card for the French turn that follows


def test_attack_a_face_up_card_or_a_card_in_prison() -> None:
    # ATTACK: "Remove any face-up card from one of your opponent's fronts OR remove any card in
    # prison. Place the removed card in the graveyard."
    s = position(active="french", hands={"french": ["French agent 1"], "fln": ["FLN agent 2"]},
                 fronts={"fln": {"military": ["FLN agent 3", "FLN agent 4*"],
                                 "political": ["FLN agent 6"]}},
                 prison=[("FLN agent 10", "diplomatic")])
    s, _ = play(s, up("French agent 1", "military"))
    assert I.legal_moves(s) == [{"t": "attack", "card": cid("FLN agent 3")},
                                {"t": "attack", "card": cid("FLN agent 6")},
                                {"t": "attack", "card": cid("FLN agent 10")}, SKIP]
    s, _ = play(s, {"t": "attack", "card": cid("FLN agent 10")})
    assert s.prison == [] and names(s.graveyard) == ["FLN agent 10"]
    # then CAPTURE (the second icon)
    assert I.prompt(s).startswith("CAPTURE")


def test_bomb_two_dice_miss_reroll_hit() -> None:
    # BOMB: "Roll two d6s. 1-2 = miss, 3 = reroll, 4-6 = hit. Remove a face-up card from one of
    # your opponent's fronts for each hit."
    s = position(hands={"fln": ["FLN event 1", "FLN agent 1"], "french": FR_HAND},
                 fronts={"french": {"military": ["French agent 1", "French agent 2"],
                                    "diplomatic": ["French agent 9"]}})
    s, _ = play(s, event("FLN event 1"))   # BOMB, BOMB
    assert names(s.discard["fln"]) == ["FLN event 1"]
    assert I.legal_moves(s) == [{"t": "bomb"}, SKIP]
    s, log = play(s, {"t": "bomb"}, roll(3))
    assert I.to_move(s) == "chance" and "die 1 of 2" in I.prompt(s)   # the 3 is rolled again
    s, log = play(s, roll(6), roll(2))
    assert [e["text"] for e in log if e["rule"] == "BOMB" and "roll" not in e["text"]] \
        == ["6: hit", "2: miss"]
    assert I.prompt(s) == "BOMB: remove a face-up card for each hit (1 left)"
    s, _ = play(s, {"t": "remove", "card": cid("French agent 9")})
    assert names(s.graveyard) == ["French agent 9"]
    # the second BOMB: two hits
    s, _ = play(s, {"t": "bomb"}, roll(4), roll(5))
    s, _ = play(s, {"t": "remove", "card": cid("French agent 1")},
                {"t": "remove", "card": cid("French agent 2")})
    assert names(s.graveyard) == ["French agent 9", "French agent 1", "French agent 2"]
    assert I.to_move(s) == "french"


def test_bomb_misses_and_hits_beyond_the_targets() -> None:
    s = position(hands={"fln": ["FLN agent 11"], "french": FR_HAND},
                 fronts={"french": {"political": ["French agent 6"]}})
    s, log = play(s, up("FLN agent 11", "diplomatic"), {"t": "bomb"}, roll(1), roll(2))
    assert s.graveyard == [] and I.to_move(s) == "chance"  # the FLN draws five: hand empty
    s = position(hands={"fln": ["FLN agent 11", "FLN agent 1"], "french": FR_HAND},
                 fronts={"french": {"political": ["French agent 6"]}})
    s, log = play(s, up("FLN agent 11", "diplomatic"), {"t": "bomb"}, roll(4), roll(6),
                  {"t": "remove", "card": cid("French agent 6")})
    assert names(s.graveyard) == ["French agent 6"] and I.to_move(s) == "french"
    assert "1 hit(s) with no face-up card to remove" in [e["text"] for e in log]


def test_bomb_only_face_up_cards() -> None:
    # the French bomb: face-down FLN cards cannot be removed
    s = position(active="french", hands={"french": ["French agent 2", "French agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 1*", "FLN agent 3"]}})
    s, _ = play(s, up("French agent 2", "military"), {"t": "bomb"}, roll(5), roll(5))
    assert I.legal_moves(s) == [{"t": "remove", "card": cid("FLN agent 3")}]


def test_rally_no_effect_but_any_front() -> None:
    # RALLY: "No immediate effect. However, ... cards with the Rally action can be played on
    # any front."
    s = position(active="french", hands={"french": ["French agent 8", "French agent 1"]})
    s, log = play(s, up("French agent 8", "diplomatic"))   # a political agent
    assert front_names(s, "french", "diplomatic") == ["French agent 8"]
    assert [e["text"] for e in log if e["rule"] == "RALLY"] == [
        "French agent 8: RALLY has no immediate effect"] * 2
    assert I.to_move(s) == "fln"


def test_recruit_plays_one_first_and_puts_the_other_on_the_bottom() -> None:
    # RECRUIT: "Draw two cards from the top of your faction deck and play one of them
    # immediately, resolving its action(s) (before any other actions on the original card ...)
    # as if you played it from your hand. The card you chose not to play goes on the bottom"
    s = position(hands={"fln": ["FLN agent 6", "FLN agent 1"], "french": FR_HAND},
                 fronts={"french": {"military": ["French agent 1", "French agent 2"]}})
    s, _ = play(s, up("FLN agent 6", "political"))      # RECRUIT, ATTACK
    s, _ = play(s, {"t": "recruit"}, draw("FLN agent 3"), draw("FLN agent 9"))
    assert names(s.recruits["fln"]) == ["FLN agent 3", "FLN agent 9"]
    assert I.prompt(s).startswith("RECRUIT: play one")
    assert up("FLN agent 9", "political", face="down") in I.legal_moves(s)
    s, _ = play(s, up("FLN agent 3", "military"))
    assert names(s.decks["fln"]["bottom"]) == ["FLN agent 9"] and s.recruits["fln"] == []
    # the recruited card's ATTACK, ATTACK come first, then the original card's ATTACK
    assert I.prompt(s) == "ATTACK (FLN agent 3): take it or skip it"
    s, _ = play(s, {"t": "attack", "card": cid("French agent 1")}, SKIP)
    assert I.prompt(s) == "ATTACK (FLN agent 6): take it or skip it"
    s, _ = play(s, {"t": "attack", "card": cid("French agent 2")})
    assert names(s.graveyard) == ["French agent 1", "French agent 2"]
    assert I.to_move(s) == "french"


def test_recruit_with_one_card_left_and_the_bottom_card_drawn_last() -> None:
    s = position(active="french", hands={"french": ["French agent 11", "French agent 1"]},
                 decks={"french": ["French agent 9"]}, bottom={"french": ["French event 1"]})
    s, _ = play(s, up("French agent 11", "diplomatic"), {"t": "recruit"},
                draw("French agent 9"))
    # the pool is empty: the bottom card is drawn without a chance decision
    assert names(s.recruits["french"]) == ["French agent 9", "French event 1"]
    s, _ = play(s, event("French event 1"))
    assert names(s.decks["french"]["bottom"]) == ["French agent 9"]


def test_negotiate_draws_a_card() -> None:
    # NEGOTIATE: "Draw a card from your faction deck."
    s = position(active="french", hands={"french": ["French agent 9", "French agent 1"]})
    s, _ = play(s, up("French agent 9", "diplomatic"), {"t": "negotiate"},
                draw("French event 2"), SKIP)
    assert names(s.hands["french"]) == ["French agent 1", "French event 2"]
    # with an empty deck it is ignored
    s = position(active="french", hands={"french": ["French agent 9", "French agent 1"]},
                 decks={"french": []})
    s, log = play(s, up("French agent 9", "diplomatic"))
    assert I.to_move(s) == "fln"
    assert sum("NEGOTIATE cannot be taken" in e["text"] for e in log) == 2


def test_expose_resolves_the_flipped_card_repeatably() -> None:
    # EXPOSE: "Flip one face-down FLN card face-up. The FLN player resolves the actions on the
    # newly flipped card(s) as if they played it from their hand." The FLN takes actions "When
    # either player takes an EXPOSE action ... This can happen multiple times in a game."
    s = position(active="french", hands={"french": ["French event 2", "French agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 1*"], "political": ["FLN agent 7*"]},
                         "french": {"diplomatic": ["French agent 9"]}})
    s, _ = play(s, event("French event 2"))   # EXPOSE, EXPOSE
    assert I.legal_moves(s) == [{"t": "expose", "front": "military", "pos": 0},
                                {"t": "expose", "front": "political", "pos": 0}, SKIP]
    s, _ = play(s, {"t": "expose", "front": "military", "pos": 0})
    assert front_names(s, "fln", "military") == ["FLN agent 1"]
    # FLN agent 1 (ATTACK, HIDE) acts for the FLN during the French turn
    assert I.to_move(s) == "fln" and I.prompt(s) == "ATTACK (FLN agent 1): take it or skip it"
    s, _ = play(s, {"t": "attack", "card": cid("French agent 9")}, SKIP)
    assert names(s.graveyard) == ["French agent 9"]
    # the second EXPOSE
    assert I.to_move(s) == "french"
    s, _ = play(s, {"t": "expose", "front": "political", "pos": 0})
    assert I.prompt(s) == "NEGOTIATE (FLN agent 7): take it or skip it"  # FLN agent 7
    s, _ = play(s, {"t": "negotiate"}, draw("FLN event 5"))
    assert names(s.hands["fln"]) == ["FLN supporters 4", "FLN event 5"]
    assert I.to_move(s) == "fln"


def test_fln_action_eliminating_the_french_card_stops_its_actions() -> None:
    # "If an FLN action taken during a French turn (via options 2 or 3) results in the
    # elimination of the French card played that turn, do not take the remaining action(s)"
    s = position(active="french", hands={"french": ["French agent 5", "French agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 3*", "FLN agent 2"]}})
    s, _ = play(s, up("French agent 5", "political"))      # EXPOSE, CAPTURE
    s, _ = play(s, {"t": "expose", "front": "military", "pos": 0})
    s, log = play(s, {"t": "attack", "card": cid("French agent 5")})  # the 2nd: no target
    assert names(s.graveyard) == ["French agent 5"]
    assert "French agent 5 takes no further actions: CAPTURE forfeited" in [
        e["text"] for e in log]
    assert I.to_move(s) == "fln" and s.active == "fln"   # no CAPTURE: the FLN's turn


def test_capture_a_face_up_fln_card() -> None:
    # CAPTURE: "Place any face-up FLN card in prison."
    s = position(active="french", hands={"french": ["French agent 3", "French agent 1"]},
                 fronts={"fln": {"political": ["FLN agent 5", "FLN agent 6*"]}})
    s, _ = play(s, up("French agent 3", "military"))
    assert I.legal_moves(s) == [{"t": "capture", "card": cid("FLN agent 5")}, SKIP]
    s, _ = play(s, {"t": "capture", "card": cid("FLN agent 5")})
    assert s.prison == [{"card": cid("FLN agent 5"), "front": "political"}]
    assert front_names(s, "fln", "political") == ["FLN agent 6*"]


def test_hide_itself_forfeits_the_later_actions() -> None:
    # HIDE: "Flip any one FLN card face-down. A card with the Hide action can be used to flip
    # itself over; in this case, any subsequent actions on the card are forfeited."
    s = position(hands={"fln": ["FLN agent 8", "FLN agent 1"], "french": FR_HAND},
                 fronts={"fln": {"military": ["FLN agent 3"]}})
    s, _ = play(s, up("FLN agent 8", "political"))   # HIDE, NEGOTIATE
    assert I.legal_moves(s) == [{"t": "hide", "card": cid("FLN agent 3")},
                                {"t": "hide", "card": cid("FLN agent 8")}, SKIP]
    s, log = play(s, {"t": "hide", "card": cid("FLN agent 8")})
    assert front_names(s, "fln", "political") == ["FLN agent 8*"]
    assert "FLN agent 8 takes no further actions: NEGOTIATE forfeited" in [
        e["text"] for e in log]
    assert I.to_move(s) == "french"
    # hiding another card keeps the later actions
    s = position(hands={"fln": ["FLN agent 8", "FLN agent 1"], "french": FR_HAND},
                 fronts={"fln": {"military": ["FLN agent 3"]}})
    s, _ = play(s, up("FLN agent 8", "political"), {"t": "hide", "card": cid("FLN agent 3")})
    assert front_names(s, "fln", "military") == ["FLN agent 3*"]
    assert I.prompt(s) == "NEGOTIATE (FLN agent 8): take it or skip it"


def test_jailbreak_face_up_resolves_again_face_down_not() -> None:
    # JAILBREAK: "Place any FLN card in the prison back into its front, face-up OR face-down.
    # If returned face-up, resolve the action(s) on the card again"
    jail = [("FLN agent 3", "military"), ("FLN agent 5", "diplomatic")]
    s = position(hands={"fln": ["FLN event 2", "FLN agent 1"], "french": FR_HAND},
                 fronts={"french": {"political": ["French agent 6"]}}, prison=jail)
    s, _ = play(s, event("FLN event 2"))    # JAILBREAK, JAILBREAK
    assert {"t": "jailbreak", "card": cid("FLN agent 5"), "face": "down"} in I.legal_moves(s)
    s, _ = play(s, {"t": "jailbreak", "card": cid("FLN agent 3"), "face": "up"})
    assert front_names(s, "fln", "military") == ["FLN agent 3"]
    assert I.prompt(s) == "ATTACK (FLN agent 3): take it or skip it"
    s, _ = play(s, {"t": "attack", "card": cid("French agent 6")}, SKIP)
    # the second JAILBREAK: face down, back to the front it was captured from, no actions
    s, _ = play(s, {"t": "jailbreak", "card": cid("FLN agent 5"), "face": "down"})
    assert front_names(s, "fln", "diplomatic") == ["FLN agent 5*"]
    assert s.prison == [] and I.to_move(s) == "french"


def test_a_fln_card_may_expose_its_own_face_down_card() -> None:
    # EXPOSE is a common action: the FLN's own EXPOSE resolves its face-down card
    s = position(hands={"fln": ["FLN agent 10", "FLN agent 1"], "french": FR_HAND},
                 fronts={"fln": {"political": ["FLN agent 7*"]}})
    s, _ = play(s, up("FLN agent 10", "diplomatic"), {"t": "expose", "front": "political",
                                                      "pos": 0})
    assert I.prompt(s) == "NEGOTIATE (FLN agent 7): take it or skip it"
