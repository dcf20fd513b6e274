"""Chapter 5: Events. The registry of implemented Event cards and Pivotal Events.

A card is offered as a legal move only once it is implemented and registered here; until then the
Event option simply does not exist for it (no stub is ever offered).
"""

from __future__ import annotations

from .machine import Log
from .state import State


class Event:
    """An Event card (5.0): ``sides`` lists its implemented texts ("unshaded", "shaded")."""

    card: int = 0
    sides: tuple[str, ...] = ()

    def playable(self, s: State, who: str, side: str) -> bool:
        return side in self.sides

    def start(self, s: State, who: str, side: str, log: Log) -> None:
        raise AssertionError("only registered (implemented) events are started")


class Pivotal:
    """A Pivotal Event (2.3.7, 5.1.4)."""

    card: int = 0

    def playable(self, s: State, who: str) -> bool:
        return False

    def start(self, s: State, who: str, log: Log) -> None:
        raise AssertionError("only registered (implemented) pivotal events are started")


EVENTS: dict[int, Event] = {}
PIVOTALS: dict[int, Pivotal] = {}


def event_sides(s: State, card: int | None, who: str) -> list[str]:
    ev = EVENTS.get(card) if card is not None else None
    if ev is None:
        return []
    return [side for side in ev.sides if ev.playable(s, who, side)]
