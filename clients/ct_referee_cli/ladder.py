"""``ct-referee ladder LADDER.toml``: every Government agent against every FLN agent (the file's
format: ct_referee_arena.ladder and docs/agents.md, "Ladders"); the file's ``game``, or
``--game``, names the game (Colonial Twilight by default)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .arena import ARENA_EXTRA, add_run_options, run_ladder


def _run(args: argparse.Namespace) -> int:
    try:
        from ct_referee_arena.ladder import load
    except ImportError:
        print(ARENA_EXTRA.format(cmd="ladder"), file=sys.stderr)
        return 2
    try:
        ladder = load(args.config, args.game)
    except (OSError, ValueError) as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    return run_ladder(ladder, args.out or f"ladder-{ladder.name}", args)


def register(sub: Any) -> None:
    p = sub.add_parser("ladder", help="run (or resume) a ladder of agents")
    p.add_argument("config", help="LADDER.toml")
    p.add_argument("--game", help="colonial_twilight or algeria (default: the file's game, else"
                                  " colonial_twilight)")
    add_run_options(p)
    p.set_defaults(run=_run)
