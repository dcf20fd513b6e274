"""The bot's trace: one entry per decision, readable by a person – which flowchart box (8.4.x),
which priority bullet, which tie-breaker, which candidates were considered."""

from __future__ import annotations

from typing import Any


# The details an entry may carry beside box and text (the OpenAPI document's BotTraceEntry);
# tests/service/test_openapi_types.py holds every note written in the bot's code to them.
DETAILS = frozenset({
    "budget_left", "candidates", "chosen", "cost", "die", "e1", "e2", "e3", "event_open",
    "guarded", "held", "legs", "limited_only", "move", "options", "plan", "result",
    "tie_breakers",
})


class Trace:
    """The entries ``{"box": rule or box, "text": explanation, ...details}``, in order
    (``entries``). A class of its own rather than a list's subclass, so that the bot's compiled
    modules call ``note`` natively (mypyc builds no subclass of ``list``)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    def note(self, box: str, text: str, **data: Any) -> None:
        entry: dict[str, Any] = {"box": box, "text": text}
        for k, v in data.items():
            entry[k] = _plain(v)
        self.entries.append(entry)

    def extend(self, other: Trace) -> None:
        self.entries.extend(other.entries)


def _plain(v: Any) -> Any:
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple, set)):
        return [_plain(x) for x in v]
    return str(v)


def render(trace: list[dict[str, Any]]) -> str:
    """The trace as text, one line per entry."""
    return "\n".join(f"[{e.get('box', '')}] {e.get('text', '')}" for e in trace)
