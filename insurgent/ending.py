"""Winning the Game 1 (ATTRITION) and Final Scoring. DOMINATION (Winning the Game 2) is checked by
every change to a front (board.check_domination).

ATTRITION: "Either player plays their last card (this means that they have no more cards in
their hand OR their faction deck). Finish the current turn. The other player gets one more turn,
then the game ends." At the end of a turn, after its DRAW CARDS step, a player with an empty hand
has played their last card (the draw found an empty deck): ``final_turn`` becomes the other side.

Final Scoring: "1. The FLN player flips all of their cards face-up ... Prison cards remain in
prison; they do not count for final scoring. 2. Each player counts the total number of action
icons that remain in their military fronts. The player with the most icons wins that front.
Repeat this for the political and diplomatic fronts. 3. Whoever wins the most fronts wins the
game! If any front is tied, the player with the most RALLY icons in the tied front wins. If still
tied, the front is a draw. If neither side wins more fronts than the other, the game is a draw."
"""

from __future__ import annotations

from typing import Any

from .board import end, icons, rally, who
from .deck import FRONTS, SIDES
from .machine import Log, State, emit
from .state import other

ATTRITION_RULE = "Winning the Game 1 (ATTRITION)"
SCORING_RULE = "Final Scoring"


def played_last_card(s: State, side: str, log: Log) -> None:
    """End of ``side``'s turn: has it played its last card? Then the other side gets one more
    turn (only the first player to run out starts the count)."""
    if s.hands[side] or s.final_turn is not None:
        return
    s.final_turn = other(side)
    emit(log, ATTRITION_RULE, f"{who(side)} has played their last card: {who(other(side))}"
         " takes one more turn, then the game ends", side=side)


def front_score(s: State, front: str) -> dict[str, Any]:
    n = {side: icons(s, side, front) for side in SIDES}
    r = {side: rally(s, side, front) for side in SIDES}
    if n["fln"] != n["french"]:
        winner: str | None = max(SIDES, key=lambda x: n[x])
    elif r["fln"] != r["french"]:
        winner = max(SIDES, key=lambda x: r[x])
    else:
        winner = None
    return {"icons": n, "rally": r, "winner": winner}


def final_scoring(s: State, log: Log, by: str = "attrition") -> None:
    fronts = {f: front_score(s, f) for f in FRONTS}
    won = {side: sum(1 for f in FRONTS if fronts[f]["winner"] == side) for side in SIDES}
    for f in FRONTS:
        sc = fronts[f]
        text = "a draw" if sc["winner"] is None else f"won by {who(sc['winner'])}"
        emit(log, SCORING_RULE, f"{f} front: FLN {sc['icons']['fln']} icons, French"
             f" {sc['icons']['french']} (RALLY {sc['rally']['fln']}-{sc['rally']['french']}):"
             f" {text}", front=f)
    winner = None if won["fln"] == won["french"] else max(SIDES, key=lambda x: won[x])
    end(s, {"winner": winner, "by": by, "fronts": fronts, "won": won}, log)
