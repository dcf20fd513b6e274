"""``ct-referee worker --queue redis://...``: play the games ladders enqueue (on any machine)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .arena import ARENA_EXTRA


def _run(args: argparse.Namespace) -> int:
    try:
        from ct_referee_arena.queue import work
    except ImportError:
        print(ARENA_EXTRA.format(cmd="worker"), file=sys.stderr)
        return 2
    work(args.queue, burst=args.burst, name=args.name)
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("worker", help="play ladder games from a Redis queue")
    p.add_argument("--queue", required=True, help="redis://host:port/db")
    p.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    p.add_argument("--name", help="the worker's name (default: RQ's)")
    p.set_defaults(run=_run)
