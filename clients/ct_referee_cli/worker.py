"""``ct-referee worker --queue redis://...``: play the games ladders enqueue (on any machine):
of every game, or of those ``--game`` names, with the built-in agents and those its operator
allows (``--allow-agent SPEC``, ``--allow-agents FILE``; docs/agents.md)."""

from __future__ import annotations

import argparse
import sys
import tomllib
from typing import Any

from .arena import ARENA_EXTRA


def allowed_specs(path: str) -> list[str]:
    """The agent specs a file allows: a ladder file's (``*.toml``: its ``[[agents]]`` specs) or
    one spec a line (blank lines and ``#`` comments skipped); ``ValueError`` naming the file."""
    try:
        if path.endswith(".toml"):
            with open(path, "rb") as f:
                agents = tomllib.load(f).get("agents")
            if not isinstance(agents, list) or not all(
                    isinstance(a, dict) and isinstance(a.get("spec"), str) for a in agents):
                raise ValueError(f"--allow-agents {path}: agents: a list of [[agents]] with"
                                 " a spec each")
            return [a["spec"] for a in agents]
        with open(path, encoding="utf-8") as f:
            return [line.strip() for line in f
                    if line.strip() and not line.lstrip().startswith("#")]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"--allow-agents {path}: {e}") from None


def _run(args: argparse.Namespace) -> int:
    try:
        from ct_referee_arena.games import check
        from ct_referee_arena.queue import Allowed, work
    except ImportError:
        print(ARENA_EXTRA.format(cmd="worker"), file=sys.stderr)
        return 2
    try:
        games = [check(g) for g in args.game or []]
        specs = list(args.allow_agent or [])
        for path in args.allow_agents or []:
            specs += allowed_specs(path)
    except ValueError as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    allowed = Allowed(frozenset(specs), frozenset(args.allow_referee or []))
    work(args.queue, burst=args.burst, name=args.name, games=games or None, allowed=allowed)
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("worker", help="play ladder games from a Redis queue")
    p.add_argument("--queue", required=True, help="redis://host:port/db")
    p.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    p.add_argument("--name", help="the worker's name (default: RQ's)")
    p.add_argument("--game", action="append",
                   help="colonial_twilight or algeria: play that game's ladders only (repeat"
                        " for both; default: every game)")
    p.add_argument("--allow-agent", action="append", metavar="SPEC",
                   help="an agent this worker may start, exactly as the ladder file writes its"
                        " spec (repeat; the built-in random, fln-bot and gov-bot are always"
                        " allowed); a job naming any other agent is refused")
    p.add_argument("--allow-agents", action="append", metavar="FILE",
                   help="allow the agents of a ladder file (LADDER.toml) or of a file with one"
                        " spec a line (repeat)")
    p.add_argument("--allow-referee", action="append", metavar="ADDRESS",
                   help="a referee service jobs may name (http://… or grpc://…, as the ladder's"
                        " --referee; repeat); default: the referee in process only")
    p.set_defaults(run=_run)
