"""Colonial Twilight's non-player FLN (rules 8.0) as the service finds it: ``engine.bot.decide``
when this build of the engine has one. Apart from ``core``, so that ``ct-referee serve``'s
parent process (which only says whether the FlnBot endpoint is offered) does not load the
application core its workers run."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Callable


def find_bot() -> Callable[..., Any] | None:
    """The non-player FLN (``engine.bot.decide(state, seed) -> (moves, state, trace)``) when the
    engine has one; None otherwise (the FlnBot endpoint is then not offered)."""
    if importlib.util.find_spec("engine.bot") is None:
        return None
    fn = getattr(importlib.import_module("engine.bot"), "decide", None)
    return fn if callable(fn) else None
