"""Rule 12.0: Political Support Levels, overflow and victory.

* 12.1 A PSL runs 0-99. PSP that would raise a PSL above 99 are taken off the other side's PSL
  instead (example: FLN at 98 gains 10 -> 99 and the Government loses 9).
* 12.2 A side whose PSL reaches 0 loses at once; the winner's level is read from its PSL:
  1-25 Marginal, 26-50 Substantial, 51+ Decisive (chart "victory"; the 2015 text measures the
  winner's PSL, docs/algeria/editions.md). ``state.result`` is set and the machine stops
  (``MACHINE.finished``).
"""

from __future__ import annotations

from .machine import Log, State, emit

OTHER = {"gov": "fln", "fln": "gov"}


def level(psl: int) -> str:
    return "marginal" if psl <= 25 else "substantial" if psl <= 50 else "decisive"


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
        s.result = {"winner": win, "level": level(s.psl[win])}
        emit(log, "12.2", f"{side} PSL is 0: {win} wins ({level(s.psl[win])})",
             winner=win, level=level(s.psl[win]))


def add_ap(s: State, n: int, log: Log, rule: str, why: str) -> None:
    """FLN AP are kept on the record track, 0-99 (the track's range)."""
    new = max(0, min(99, s.ap + n))
    emit(log, rule, f"FLN AP {new - s.ap:+d} ({why}) = {new}", ap=new - s.ap)
    s.ap = new
