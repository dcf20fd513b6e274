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
import importlib
import sys
from types import ModuleType
from typing import Sequence

# Each command's module (``register(subparsers)``), named here so that a run imports only the
# module of the command it runs: a process started for one command (a served referee, an arena
# worker) does not load every other command's dependencies (gRPC, Redis, the renderers).
MODULES = ("serve", "validate", "script", "render", "play", "match", "ladder", "verify", "worker")
COMMANDS = {"serve": "serve", "validate": "validate", "new": "script", "legal": "script",
            "apply": "script", "view": "script", "bot": "script", "render": "render",
            "position": "render", "play": "play", "match": "match", "ladder": "ladder",
            "verify": "verify", "worker": "worker"}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or (``command``, one of COMMANDS) only those
    of the module that defines it, which parses that command's arguments alike and names every
    command in its usage line."""
    ap = argparse.ArgumentParser(prog="ct-referee", description=__doc__.splitlines()[0])
    if command not in COMMANDS:
        sub = ap.add_subparsers(dest="cmd", required=True)
        for name in MODULES:
            _module(name).register(sub)
        return ap
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{" + ",".join(COMMANDS) + "}")
    _module(COMMANDS[command]).register(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; exit status 130 on a Ctrl-C its own handling has not caught (one while
    the command's modules are still being imported, or in a command that keeps nothing)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        parsed = parser(args[0] if args else None).parse_args(args)
        status: int = parsed.run(parsed)
    except KeyboardInterrupt:
        print("ct-referee: interrupted", file=sys.stderr)
        return 130
    return status
