"""Self-play of the Solo Variant: ``python -m insurgent.bots.selfplay --games N [--seed S]
[--no-check]``.

Plays N solo games (option ``french_bot``, managed chance): an FLN choosing uniformly among its
legal moves against the French automaton (``insurgent.bots.decide``). Checked like a referee
would, before every move and at the end: the playout invariants of ``insurgent.playout`` (the
state through its canonical JSON and the validator, card conservation, no hidden card in a view,
a legal move at every decision); every decision of the automaton replays, move by move through
``insurgent.apply``, to the state it returned, and has one trace entry per move naming the
priority that decided it; the French never hold a hand. The last line is::

    games=N violations=0 decisions=D turns_mean=T turns_min=A turns_p50=B turns_max=C
    fln_wins=F french_wins=R draws=X by_domination=M by_attrition=K by_french_deck=Q
    bot_calls=B decide_us_p50=P decide_us_p99=Q mean_ms_per_game=Z

(on one line). Exits non-zero on any violation, naming the seed. Game ``i`` uses engine seed
``S + i`` and ``random.Random(S + i)`` for the FLN's moves.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from referee_core.stats import percentile

from .. import apply, legal_moves, new_game, to_move
from ..playout import MAX_DECISIONS, invariants
from ..serial import to_json
from ..state import State
from . import decide


@dataclass
class Tally:
    """What a run measured: the final states and the automaton's decision times (seconds)."""

    ends: list[State] = field(default_factory=list)
    decisions: int = 0
    times: list[float] = field(default_factory=list)


def check_decision(s: State, seed: int, tally: Tally) -> State:
    """One call of the automaton, held to a referee's checks; returns the state after it."""
    t0 = time.perf_counter()
    d = decide(s, seed)
    tally.times.append(time.perf_counter() - t0)
    if not d.moves:
        raise AssertionError("the French are to move but the automaton made no move")
    cur = s
    for m in d.moves:
        if to_move(cur) != "french" or legal_moves(cur) != [m]:
            raise AssertionError(f"the automaton's move {m} is not the French's one legal move")
        cur, _ = apply(cur, m)
    if to_json(cur) != to_json(d.state):
        raise AssertionError("the automaton's moves do not replay to the state it returned")
    own = [e for e in d.trace if e.get("by") == "french"]
    if [e["move"] for e in own] != d.moves or not all(e["box"] for e in own):
        raise AssertionError("the trace does not name the deciding priority of every move")
    tally.decisions += len(d.moves)
    return d.state


def play(seed: int, tally: Tally, check: bool = True) -> State:
    s = new_game(None, seed, {"french_bot": True})
    r = random.Random(seed)
    n = 0
    while (side := to_move(s)) is not None:
        try:
            bad = invariants(s) if check else []
            if s.hands["french"]:
                bad.append("the automated French hold a hand")
            if bad:
                raise AssertionError("; ".join(bad))
            if side == "french":
                s = check_decision(s, seed * 1000 + n, tally)
            else:
                s, _ = apply(s, r.choice(legal_moves(s)))
                tally.decisions += 1
        except AssertionError as e:
            raise AssertionError(f"seed {seed} decision {n}: {e}") from None
        n += 1
        if n > MAX_DECISIONS:
            raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    bad = invariants(s) if check else []
    if bad or s.result is None:
        raise AssertionError(f"seed {seed} final: {'; '.join(bad) or 'no result'}")
    tally.ends.append(s)
    return s


def summary(tally: Tally, ms: float) -> str:
    ends = tally.ends
    turns = [s.turn for s in ends]
    wins = Counter(str(s.result["winner"]) for s in ends if s.result is not None)
    by = Counter(str(s.result["by"]) for s in ends if s.result is not None)
    return (f"games={len(ends)} violations=0 decisions={tally.decisions}"
            f" turns_mean={statistics.fmean(turns):.1f} turns_min={min(turns)}"
            f" turns_p50={statistics.median(turns):g} turns_max={max(turns)}"
            f" fln_wins={wins['fln']} french_wins={wins['french']} draws={wins['None']}"
            f" by_domination={by['domination']} by_attrition={by['attrition']}"
            f" by_french_deck={by['french_deck']} bot_calls={len(tally.times)}"
            f" decide_us_p50={percentile(tally.times, 0.5) * 1e6:.0f}"
            f" decide_us_p99={percentile(tally.times, 0.99) * 1e6:.0f}"
            f" mean_ms_per_game={ms:.1f}")


def run(seed: int, games: int, check: bool = True) -> tuple[Tally, float]:
    tally = Tally()
    t0 = time.perf_counter()
    for i in range(games):
        play(seed + i, tally, check)
    return tally, (time.perf_counter() - t0) * 1000 / max(1, games)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m insurgent.bots.selfplay")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-check", action="store_true",
                   help="skip the playout invariants (the automaton's checks remain)")
    p.add_argument("--lengths", action="store_true", help="also print the game lengths")
    a = p.parse_args(argv)
    try:
        tally, ms = run(a.seed, a.games, not a.no_check)
    except AssertionError as e:
        print(f"violation: {e}", file=sys.stderr)
        return 1
    if a.lengths:
        print(" ".join(f"{k}:{v}" for k, v in sorted(Counter(s.turn for s in tally.ends)
                                                      .items())))
    print(summary(tally, ms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
