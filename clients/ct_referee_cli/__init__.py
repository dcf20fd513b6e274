"""``ct-referee``: serve the referee, check recorded games, script it, or play in the terminal.

    ct-referee serve [--http-port 8080] [--grpc-port 50051] [--redis-url URL] [--strict] ...
    ct-referee validate GAME.jsonl          # a game record (docs/records.md)
    ct-referee new short --seed 7 > g.json  # scripting: new | legal | apply | view | bot
    ct-referee legal g.json
    ct-referee apply g.json '{"t": "decline"}'
    ct-referee render g.json --role gov > board.svg   # a picture of the board
    ct-referee position table.json --seed 7  # a state from a position (docs/positions.md)
    ct-referee play [--seed N] [--record GAME.jsonl] [--resume GAME.jsonl]  # play in the terminal
    ct-referee match random fln-bot --games 10   # bots: match | ladder | verify | worker

Each command is a module of this package with ``register(subparsers)``, which adds its parser and
sets ``run(args) -> exit status``. The client commands run the application core in-process unless
``--server URL`` names a running referee (http://host:port or grpc://host:port).
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import ladder, match, play, render, script, serve, validate, verify, worker

COMMANDS = (serve, validate, script, render, play, match, ladder, verify, worker)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="ct-referee", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for command in COMMANDS:
        command.register(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
