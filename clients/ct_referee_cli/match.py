"""``ct-referee match AGENT_GOV AGENT_FLN --scenario short --games N --seed S``: one pairing,
N games, with the same results, records and report as a ladder (docs/agents.md); ``--game
algeria`` plays Brian Train's *Algeria* (scenario 1954 unless given) instead of Colonial
Twilight."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from .arena import ARENA_EXTRA, add_run_options, run_ladder


def _run(args: argparse.Namespace) -> int:
    try:
        from ct_referee_arena import games
        from ct_referee_arena.agents import sides
        from ct_referee_arena.game import TimeControl
        from ct_referee_arena.ladder import Entry, Ladder
    except ImportError:
        print(ARENA_EXTRA.format(cmd="match"), file=sys.stderr)
        return 2
    try:
        game = games.check(args.game)
        scenario = args.scenario or games.DEFAULT_SCENARIO[game]
        if scenario not in games.SCENARIOS[game]:
            raise ValueError(f"--scenario {scenario}: {games.title(game)}'s scenarios are"
                             f" {', '.join(games.SCENARIOS[game])}")
        for spec, side in ((args.gov, "gov"), (args.fln, "fln")):
            can = sides(spec, game)
            if side not in can:
                raise ValueError(f"{spec} plays the {can[0].upper()} only")
    except ValueError as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    agents = ([Entry(args.gov, args.gov)] if args.gov == args.fln
              else [Entry(args.gov, args.gov, ("gov",)), Entry(args.fln, args.fln, ("fln",))])
    ladder = Ladder(f"{args.gov} vs {args.fln}", agents, [scenario], args.games, args.seed,
                    TimeControl(args.time_per_game, args.time_per_move), game)
    out = args.out or time.strftime("match-%Y%m%d-%H%M%S")
    return run_ladder(ladder, out, args)


def register(sub: Any) -> None:
    p = sub.add_parser("match", help="play N games between two agents")
    p.add_argument("gov", help="the Government agent (docs/agents.md: random, py:..., cmd:...,"
                               " http://...)")
    p.add_argument("fln", help="the FLN agent (docs/agents.md: random, fln-bot, py:...,"
                               " cmd:..., http://...)")
    p.add_argument("--game", default="colonial_twilight",
                   help="colonial_twilight (the default) or algeria")
    p.add_argument("--scenario", help="short (the default), medium or full; Algeria: 1954 (the"
                                      " default), 1958 or 1960")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, help="seeds S, S+1, ... (default: secret random seeds)")
    p.add_argument("--time-per-game", type=float, help="seconds a side may think in a game")
    p.add_argument("--time-per-move", type=float, help="seconds for one decision")
    add_run_options(p)
    p.set_defaults(run=_run)
