"""Specific exceptions of the games' engines (re-exported as ``engine.IllegalMove`` etc.)."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(EngineError):
    """A move that the rules do not allow at this point (carries the rule number)."""

    def __init__(self, reason: str, rule: str = "", index: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.index = index

    def __str__(self) -> str:
        where = f"move {self.index}: " if self.index is not None else ""
        rule = f" (rule {self.rule})" if self.rule else ""
        return f"{where}{self.reason}{rule}"


class StateError(EngineError):
    """A serialized state that cannot be accepted (names the offending field)."""

    def __init__(self, field: str, reason: str, rule: str = "") -> None:
        super().__init__(f"{field}: {reason}" + (f" (rule {rule})" if rule else ""))
        self.field = field
        self.reason = reason
        self.rule = rule


class OutOfBudget(EngineError):
    """Work given a bound went over it: ``kind`` is ``"steps"`` (its step budget) or
    ``"deadline"`` (a ``time.monotonic()`` instant passed). Raised by ``engine.bot.decide``."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


class BadRequest(EngineError):
    """A malformed argument to the public API (unknown scenario, bad option, bad move shape)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
