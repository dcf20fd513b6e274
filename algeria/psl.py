"""Rule 12.0: Political Support Levels, overflow and victory.

* 12.1 A PSL runs 0-99. PSP that would raise a PSL above 99 are taken off the other side's PSL
  instead (example: FLN at 98 gains 10 -> 99 and the Government loses 9).
* 12.2 A side whose PSL reaches 0 loses at once. The level of victory is read from how far the
  winner's PSL is ahead of the loser's: 1-25 Marginal, 26-50 Substantial, 51+ Decisive (chart
  "victory"). The 2015 text of 12.2 states the winner's PSL, which is the same lead when the loser
  is at 0; 13.3 spells the measure out ("at least a Substantial Victory (that is, his PSL is 26 or
  more points ahead)"), docs/algeria/editions.md. ``state.result`` is set and the machine stops
  (``MACHINE.finished``).
"""

from __future__ import annotations

from .machine import Log, State, emit

OTHER = {"gov": "fln", "fln": "gov"}


def level(s: State, winner: str) -> str:
    """The level of ``winner``'s victory: by its PSL's lead over the other side's (12.2, 13.3)."""
    lead = s.psl[winner] - s.psl[OTHER[winner]]
    return "marginal" if lead <= 25 else "substantial" if lead <= 50 else "decisive"


def gain(s: State, side: str, n: int, log: Log, rule: str, why: str) -> None:
    """``side`` gains ``n`` PSP (12.1 overflow to the other side)."""
    if n <= 0 or s.result is not None:
        return
    room = 99 - s.psl[side]
    s.psl[side] += min(n, room)
    emit(log, rule, f"{side} PSL +{min(n, room)} ({why}) = {s.psl[side]}", side=side,
         psp=min(n, room))
    if n > room:
        emit(log, "12.1", f"{n - room} PSP above 99 are taken off the {OTHER[side]} PSL")
        lose(s, OTHER[side], n - room, log, "12.1", "overflow")


def lose(s: State, side: str, n: int, log: Log, rule: str, why: str) -> None:
    """``side`` loses ``n`` PSP; at 0 the other side wins at once (12.2)."""
    if n <= 0 or s.result is not None:
        return
    s.psl[side] = max(0, s.psl[side] - n)
    emit(log, rule, f"{side} PSL -{n} ({why}) = {s.psl[side]}", side=side, psp=-n)
    if s.psl[side] == 0:
        win = OTHER[side]
        lv = level(s, win)
        s.result = {"winner": win, "level": lv}
        emit(log, "12.2", f"{side} PSL is 0: {win} wins ({lv})", winner=win, level=lv)


def add_ap(s: State, n: int, log: Log, rule: str, why: str) -> None:
    """FLN AP are kept on the record track, 0-99 (the track's range)."""
    new = max(0, min(99, s.ap + n))
    emit(log, rule, f"FLN AP {new - s.ap:+d} ({why}) = {new}", ap=new - s.ap)
    s.ap = new
