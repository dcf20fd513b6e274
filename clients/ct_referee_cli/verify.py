"""``ct-referee verify OUTDIR`` checks a match's or ladder's published results directory against
its signed results manifest (ct_referee_arena.manifest: the signature, then every record's hash,
number, pairing, commitment and reveal, moves, checkpoints and result); ``--public-key`` pins the
organiser's key. ``ct-referee verify RECORD...`` checks single game records (the seed against its
commitment, every move, the draws and dice through the checkpoints, the result), of either game:
each record's header names its game (docs/records.md); ``--game`` also requires it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any


def _published(path: str) -> set[str]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {str(g["commitment"]) for g in data["games"]}


def _run_dir(args: argparse.Namespace) -> int:
    from ct_referee_arena.manifest import main_check

    if len(args.records) > 1 or args.commitments or args.game:
        print("ct-referee: verify OUTDIR takes one results directory, and neither --commitments"
              " (its own commitments.json is used) nor --game", file=sys.stderr)
        return 2
    status, text = main_check(args.records[0], args.public_key)
    (sys.stdout if status != 2 else sys.stderr).write(text)
    return status


def _run(args: argparse.Namespace) -> int:
    from ct_referee_arena.fair import verify_record

    if any(os.path.isdir(p) for p in args.records):
        return _run_dir(args)
    if args.public_key:
        print("ct-referee: --public-key checks the manifest of a results directory (verify"
              " OUTDIR)", file=sys.stderr)
        return 2
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
    p = sub.add_parser("verify", help="verify a results directory against its signed manifest,"
                                      " or single game records (commit-reveal, replay)")
    p.add_argument("records", nargs="+", metavar="OUTDIR|RECORD",
                   help="a match's or ladder's results directory, as published; or records")
    p.add_argument("--public-key", metavar="PEM",
                   help="the organiser's public key (manifest.pub as the organiser published"
                        " it): refuse a manifest signed by another key")
    p.add_argument("--commitments", help="the ladder's commitments.json, published before play"
                                         " (single records)")
    p.add_argument("--game", help="colonial_twilight or algeria: refuse a record of another game"
                                  " (single records; default: each record's own game)")
    p.set_defaults(run=_run)
