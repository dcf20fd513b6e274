"""The texts a person reads in one game played by chance, for the wording tests of every game
(tests/test_wording.py, tests/algeria/test_wording.py): prompts, move labels, log entries and the
board picture's tooltips, counted as ``(kind, text)``."""

from __future__ import annotations

import random
import re
from collections import Counter
from types import ModuleType
from typing import Any, Callable

Move = dict[str, Any]
TOOLTIP = re.compile(r"<title>([^<]*)</title>")


def texts_met(game: ModuleType, s: Any, rnd: random.Random, *, steps: int, picture_every: int,
              move_labels: Callable[[Any, list[Move]], list[str]],
              log_label: Callable[[dict[str, Any]], str],
              render: Callable[[Any, str], str],
              choose: Callable[[random.Random, list[Move]], Move] | None = None,
              ) -> Counter[tuple[str, str]]:
    """Play ``game`` (a game's package: ``to_move``, ``legal_moves``, ``prompt``, ``apply``) from
    ``s`` for at most ``steps`` decisions, each move chosen by ``choose`` (at random by default),
    and count every prompt, move label and log entry met, and the observer picture's tooltips
    every ``picture_every`` decisions."""
    out: Counter[tuple[str, str]] = Counter()
    for i in range(steps):
        if game.to_move(s) is None:
            break
        moves = game.legal_moves(s)
        out["prompt", game.prompt(s)] += 1
        out.update(("label", t) for t in move_labels(s, moves))
        s, log = game.apply(s, choose(rnd, moves) if choose else rnd.choice(moves))
        out.update(("log", log_label(e)) for e in log)
        if i % picture_every == 0:
            out.update(("tooltip", t) for t in TOOLTIP.findall(render(s, "observer")))
    return out
