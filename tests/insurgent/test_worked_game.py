"""A worked game on the demonstration deck with the deck order fixed by external chance (each
card drawn named), played move by move against results computed by hand from the rules:

* set-up: the FLN draws FLN agents 5, 9, 12, 1, 3; the French French agents 1, 8, 9, 10 and
  French supporters 4; both keep;
* turn 1, FLN: FLN agent 5 (RALLY RALLY HIDE) face down to the military front – no actions;
* turn 2, French: French agent 8 (RALLY RALLY) to the political front – RALLY twice, no effect;
* turn 3, FLN: FLN agent 9 (RALLY NEGOTIATE RALLY) face up to the military front; NEGOTIATE
  draws FLN agent 2. FLN military: 3 + 3 = 6 icons;
* turn 4, French: French agent 10 (RALLY EXPOSE) to the military front; EXPOSE flips FLN agent 5,
  whose actions the FLN resolves: RALLY, RALLY, HIDE on FLN agent 9 (turned face down);
* turn 5, FLN: FLN agent 12 (RALLY HIDE ATTACK) to the military front: 9 icons against 2 (not
  yet eight more); HIDE skipped; ATTACK removes French agent 10: 9 against 0 – DOMINATION, the
  FLN wins at once and FLN agent 9 is revealed.
"""

from __future__ import annotations

import insurgent as I
from tests.insurgent.positions import (
    SKIP, cid, draw, front_names, names, play, up,
)


def test_worked_game() -> None:
    s = I.new_game(options={"chance": "external"})
    assert (I.to_move(s), I.prompt(s)) == ("chance", "draw a card from the FLN deck (5 to draw)")
    s, _ = play(s, *[draw(f"FLN agent {i}") for i in (5, 9, 12, 1, 3)])
    s, _ = play(s, *[draw(n) for n in ("French agent 1", "French agent 8", "French agent 9",
                                        "French agent 10", "French supporters 4")])
    assert names(s.hands["fln"]) == ["FLN agent 5", "FLN agent 9", "FLN agent 12",
                                     "FLN agent 1", "FLN agent 3"]
    assert len(s.decks["fln"]["pool"]) == 16 and len(s.decks["french"]["pool"]) == 16
    s, _ = play(s, {"t": "keep"}, {"t": "keep"})

    # turn 1
    assert (s.turn, I.to_move(s)) == (1, "fln")
    s, log = play(s, up("FLN agent 5", "military", face="down"))
    assert front_names(s, "fln", "military") == ["FLN agent 5*"]
    assert (s.turn, I.to_move(s)) == (2, "french")
    assert I.view(s, "french")["fronts"]["fln"]["military"] == [{"card": None, "up": False}]
    assert all("FLN agent 5" not in e["text"] for e in log)   # the public log does not tell

    # turn 2
    s, log = play(s, up("French agent 8", "political"))
    assert sum(e["rule"] == "RALLY" for e in log) == 2
    assert (s.turn, I.to_move(s)) == (3, "fln")

    # turn 3
    s, _ = play(s, up("FLN agent 9", "military"))
    assert I.legal_moves(s) == [{"t": "negotiate"}, SKIP]
    s, _ = play(s, {"t": "negotiate"})
    assert I.to_move(s) == "chance"
    s, _ = play(s, draw("FLN agent 2"))
    assert names(s.hands["fln"]) == ["FLN agent 12", "FLN agent 1", "FLN agent 3", "FLN agent 2"]
    assert (s.turn, I.to_move(s)) == (4, "french")

    # turn 4
    s, _ = play(s, up("French agent 10", "military"))
    assert I.legal_moves(s) == [{"t": "expose", "front": "military", "pos": 0}, SKIP]
    s, _ = play(s, {"t": "expose", "front": "military", "pos": 0})
    assert front_names(s, "fln", "military") == ["FLN agent 5", "FLN agent 9"]
    assert (I.to_move(s), I.prompt(s)) == ("fln", "HIDE (FLN agent 5): take it or skip it")
    assert I.legal_moves(s) == [{"t": "hide", "card": cid("FLN agent 5")},
                                {"t": "hide", "card": cid("FLN agent 9")}, SKIP]
    s, _ = play(s, {"t": "hide", "card": cid("FLN agent 9")})
    assert front_names(s, "fln", "military") == ["FLN agent 5", "FLN agent 9*"]
    assert names(s.hands["french"]) == ["French agent 1", "French agent 9",
                                        "French supporters 4"]
    assert (s.turn, I.to_move(s)) == (5, "fln")

    # turn 5
    s, _ = play(s, up("FLN agent 12", "military"))
    assert s.result is None                      # 9 icons against 2
    assert I.prompt(s) == "HIDE (FLN agent 12): take it or skip it"
    s, _ = play(s, SKIP)
    assert I.legal_moves(s) == [{"t": "attack", "card": cid("French agent 10")},
                                {"t": "attack", "card": cid("French agent 8")}, SKIP]
    s, log = play(s, {"t": "attack", "card": cid("French agent 10")})
    assert s.result == {"winner": "fln", "by": "domination", "front": "military",
                        "icons": {"fln": 9, "french": 0}}
    assert I.to_move(s) is None
    assert front_names(s, "fln", "military") == ["FLN agent 5", "FLN agent 9", "FLN agent 12"]
    assert names(s.graveyard) == ["French agent 10"]
    assert I.from_json(I.to_json(s)).result == s.result
