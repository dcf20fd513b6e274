"""The scripting commands, one request each: ``new``, ``legal``, ``apply``, ``view``, ``bot``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ct_referee_client import Client

from .common import add_server, parse_move, print_message, read_state, with_client


def _new(args: argparse.Namespace, ref: Client) -> int:
    deck = None
    if args.deck:
        with open(args.deck, encoding="utf-8") as f:
            deck = json.load(f)
    print_message(ref.new_game(args.scenario, args.seed,
                               json.loads(args.options) if args.options else None,
                               game=args.game, deck=deck))
    return 0


def _legal(args: argparse.Namespace, ref: Client) -> int:
    print_message(ref.legal_moves(read_state(args.state), args.role))
    return 0


def _apply(args: argparse.Namespace, ref: Client) -> int:
    moves = [parse_move(m) for m in args.moves]
    state: Any = read_state(args.state)
    print_message(ref.apply(state, moves=moves) if len(moves) > 1 else ref.apply(state, moves[0]))
    return 0


def _view(args: argparse.Namespace, ref: Client) -> int:
    print_message(ref.view(read_state(args.state), args.role))
    return 0


def _bot(args: argparse.Namespace, ref: Client) -> int:
    print_message(ref.decide(read_state(args.state), args.seed))
    return 0


def register(sub: Any) -> None:
    n = sub.add_parser("new", help="a new game (prints the NewGame response)")
    n.add_argument("scenario", nargs="?", default="",
                   help="short | medium | full; 1954 | 1958 | 1960 (algeria); standard"
                        " (insurgent, the default for it)")
    n.add_argument("--seed", type=int, default=0)
    n.add_argument("--options", default=None, help='JSON, e.g. {"chance": "external"}')
    n.add_argument("--game", default="",
                   help="colonial_twilight (default), algeria or insurgent")
    n.add_argument("--deck", default=None, metavar="FILE",
                   help="insurgent: a deck file (docs/insurgent/decks.md); default: the"
                        " demonstration deck")
    n.set_defaults(run=with_client(_new))
    lg = sub.add_parser("legal", help="legal moves of a state file (- = stdin)")
    lg.add_argument("state")
    lg.add_argument("--role", default="observer")
    lg.set_defaults(run=with_client(_legal))
    a = sub.add_parser("apply", help="apply moves (JSON) to a state file")
    a.add_argument("state")
    a.add_argument("moves", nargs="+")
    a.set_defaults(run=with_client(_apply))
    vw = sub.add_parser("view", help="a role's view of a state file")
    vw.add_argument("state")
    vw.add_argument("--role", default="observer")
    vw.set_defaults(run=with_client(_view))
    b = sub.add_parser("bot", help="the non-player FLN's decision for a state file")
    b.add_argument("state")
    b.add_argument("--seed", type=int, default=0)
    b.set_defaults(run=with_client(_bot))
    for p in (n, lg, a, vw, b):
        add_server(p)
