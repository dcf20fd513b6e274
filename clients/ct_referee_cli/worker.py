"""``ct-referee worker --queue redis://...``: play the games ladders enqueue (on any machine):
of every game, or of those ``--game`` names."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .arena import ARENA_EXTRA


def _run(args: argparse.Namespace) -> int:
    try:
        from ct_referee_arena.games import check
        from ct_referee_arena.queue import work
    except ImportError:
        print(ARENA_EXTRA.format(cmd="worker"), file=sys.stderr)
        return 2
    try:
        games = [check(g) for g in args.game or []]
    except ValueError as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    work(args.queue, burst=args.burst, name=args.name, games=games or None)
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("worker", help="play ladder games from a Redis queue")
    p.add_argument("--queue", required=True, help="redis://host:port/db")
    p.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    p.add_argument("--name", help="the worker's name (default: RQ's)")
    p.add_argument("--game", action="append",
                   help="colonial_twilight or algeria: play that game's ladders only (repeat"
                        " for both; default: every game)")
    p.set_defaults(run=_run)
