"""``ct-referee verify RECORD...``: check a ladder's game records (the seed against its
commitment, every move, the draws and dice through the checkpoints, the result), of either game:
each record's header names its game (docs/records.md); ``--game`` also requires it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def _published(path: str) -> set[str]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {str(g["commitment"]) for g in data["games"]}


def _run(args: argparse.Namespace) -> int:
    from ct_referee_arena.fair import verify_record

    try:
        published = _published(args.commitments) if args.commitments else None
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"ct-referee: {args.commitments}: not a commitments file: {e}", file=sys.stderr)
        return 2
    status = 0
    for path in args.records:
        try:
            with open(path, encoding="utf-8") as f:
                v = verify_record(f, published, args.game)
        except OSError as e:
            print(f"ct-referee: {e}", file=sys.stderr)
            return 2
        sys.stdout.write(v.text(path))
        status = status or (0 if v.ok else 1)
    return status


def register(sub: Any) -> None:
    p = sub.add_parser("verify", help="verify ladder game records (commit-reveal, replay)")
    p.add_argument("records", nargs="+", metavar="RECORD")
    p.add_argument("--commitments", help="the ladder's commitments.json, published before play")
    p.add_argument("--game", help="colonial_twilight or algeria: refuse a record of another game"
                                  " (default: each record's own game)")
    p.set_defaults(run=_run)
