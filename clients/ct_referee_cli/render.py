"""``ct-referee render STATE.json [--role R] > board.svg``: a picture of the board as a role may
see it; and ``ct-referee position POSITION.json [--seed N]``: a referee state from a position on
the table (docs/positions.md), printed as the Positions response."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ct_referee_client import Client

from .common import add_server, print_message, read_state, with_client


def _render(args: argparse.Namespace, ref: Client) -> int:
    sys.stdout.write(ref.render(read_state(args.state), args.role))
    return 0


def _position(args: argparse.Namespace, ref: Client) -> int:
    text = sys.stdin.read() if args.position == "-" else open(args.position,
                                                               encoding="utf-8").read()
    position = json.loads(text)
    if not isinstance(position, dict):
        raise ValueError("a position is a JSON object (docs/positions.md)")
    print_message(ref.positions(position, args.seed))
    return 0


def register(sub: Any) -> None:
    r = sub.add_parser("render", help="the board of a state file as SVG (- = stdin)")
    r.add_argument("state")
    r.add_argument("--role", default="observer", help="gov, fln or observer (default)")
    r.set_defaults(run=with_client(_render))
    p = sub.add_parser("position", help="a state from a position file (docs/positions.md)")
    p.add_argument("position")
    p.add_argument("--seed", type=int, default=0, help="managed chance: the shuffle's seed")
    p.set_defaults(run=with_client(_position))
    for parser in (r, p):
        add_server(parser)
