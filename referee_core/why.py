"""Why a move is not legal: the conditions it fails, told by the same predicates that list the legal
moves (one definition of legality).

A predicate that decides whether something is legal takes a ``why`` collector (default
``SILENT``) and, where it answers no, returns ``why.no(rule, text, *args)``: the legal-move
generators call it silently; a handler explaining an illegal move (``FrameType.why_not``) passes a
``Why`` and reads the conditions that failed. ``text`` is a ``str.format`` pattern (a literal brace
is doubled, with or without ``args``), formatted only when a reason is kept, so the silent path
costs one call.

Where a predicate accepts either of two alternatives (``a(why) or b(why)``), the reasons of a
failed alternative are withdrawn when the other succeeds (``mark`` / ``back``).
"""

from __future__ import annotations

from typing import Any


class Why:
    """Collects (reason, rule) pairs."""

    __slots__ = ("reasons",)

    def __init__(self) -> None:
        self.reasons: list[tuple[str, str]] = []

    def no(self, rule: str, text: str, *args: Any) -> bool:
        self.reasons.append((text.format(*args), rule))
        return False

    def mark(self) -> int:
        return len(self.reasons)

    def back(self, mark: int) -> None:
        del self.reasons[mark:]

    def either(self, mark: int, ok: bool) -> bool:
        """After alternatives tried since ``mark``: keep their reasons only if none succeeded."""
        if ok:
            self.back(mark)
        return ok


class _Silent(Why):
    """The collector of the legal-move generators: keeps nothing."""

    __slots__ = ()

    def no(self, rule: str, text: str, *args: Any) -> bool:
        return False

    def mark(self) -> int:
        return 0

    def back(self, mark: int) -> None:
        pass

    def either(self, mark: int, ok: bool) -> bool:
        return ok


SILENT: Why = _Silent()

__all__ = ["SILENT", "Why"]
