"""What each game tells the game records (``engine.records``, docs/records.md) about itself: the
cadence of its checkpoints, the fields a checkpoint hash leaves out, and whether its chance
draws cards. Each game package registers its own (``register``) when it is imported, so the record
writer and checker, written once, know no game's internals and no game imports another.

A game's cadence is a ``Chapters``: made from the start state's document, told each move and the
state document after it (None when other moves follow at once and no checkpoint may fall
between them), it answers whether a chapter of the game closed there: a checkpoint line follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol


class Chapters(Protocol):
    def move(self, m: Mapping[str, Any], after: Mapping[str, Any] | None) -> bool:
        """Whether the game reached a checkpoint with ``m`` (which led to ``after``)."""


class BySection:
    """The simplest cadence: a checkpoint whenever ``section`` of the state changes."""

    def __init__(self, section: Callable[[Mapping[str, Any]], Any],
                 start: Mapping[str, Any]) -> None:
        self.section = section
        self.at = section(start)

    def move(self, m: Mapping[str, Any], after: Mapping[str, Any] | None) -> bool:
        if after is None:
            return False
        at, self.at = self.at, self.section(after)
        return bool(at != self.at)


@dataclass(frozen=True)
class Recording:
    game: str        # as a record header's "game" names it
    schema: str      # the prefix of its state documents' "schema"
    # the checkpoint cadence of a game from its start state's document
    chapters: Callable[[Mapping[str, Any]], Chapters]
    # dotted paths a checkpoint hash sets to null (those present): what a sealed state hides
    hidden: tuple[str, ...]
    cards: bool      # whether its chance draws cards as well as rolling dice
    sides: tuple[str, str] = ("gov", "fln")   # its two sides (a forfeit's winner is the other)


_GAMES: dict[str, Recording] = {}


def register(r: Recording) -> Recording:
    _GAMES[r.game] = r
    return r


def of_game(game: str) -> Recording:
    """The recording rules of the game a header names (ValueError when no such game is loaded)."""
    r = _GAMES.get(game)
    if r is None:
        raise ValueError(f"no game {game!r} is known to the records here; known:"
                         f" {sorted(_GAMES)}")
    return r


def of_schema(schema: Any) -> Recording | None:
    """The recording rules of the game whose state documents have this ``schema``, or None."""
    for r in _GAMES.values():
        if isinstance(schema, str) and schema.startswith(r.schema):
            return r
    return None
