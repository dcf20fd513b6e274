"""The Government bot's trace: one entry per choice, in the FLN bot's format (``{"box", "text",
...details}``; ``engine.bot.trace``) so one renderer reads both – which prompt, which candidates
were weighed with what value, which was chosen and what it gains."""

from __future__ import annotations

from typing import Any


# The details an entry may carry beside box and text (the OpenAPI document's BotTraceEntry);
# tests/service/test_openapi_types.py holds every note written in the bot's code to them.
DETAILS = frozenset({"candidates", "chosen", "gains", "plan"})


class Trace(list[dict[str, Any]]):
    def note(self, box: str, text: str, **data: Any) -> None:
        entry: dict[str, Any] = {"box": box, "text": text}
        entry.update(data)
        self.append(entry)


def render(trace: list[dict[str, Any]]) -> str:
    """The trace as text, one line per entry."""
    return "\n".join(f"[{e.get('box', '')}] {e.get('text', '')}" for e in trace)
