"""The evaluation's term weights fitted to game outcomes:
``python -m engine.govbot.fit --games N --seed S [--jobs K] [--scenario short]``.

Plays N games of the Government bot against the non-player FLN (the games of ``selfplay``: game
``i`` on engine seed ``S + i``, chance managed, every move checked) and records, at each of the
Government's decisions after the first Propaganda Round (``FROM_ROUND``), the stage of the game
(``evaluate.stage``) and the evaluation's terms unweighted (``evaluate.terms``). Each game's
outcome is its final victory-margin difference, Government less FLN (7.3, 8.6: a tie loses). For
each stage it fits that outcome as a linear function of the terms and a constant, by least
squares over every decision of every game, and prints each coefficient with its standard error
from a bootstrap over the games (the decisions of one game are not independent), then the
``evaluate.TERM_WEIGHTS`` table it suggests: each weight half-way from the one in use toward the
fit, a negative fit counted as 0 (every term is signed so that more is better for the
Government).

A coefficient says how much a term's unit predicts of the outcome under the bot that played the
games, not what a move changing that term is worth: the suggestion is a candidate to measure in
paired self-play (docs/gov-bot.md, eighth pass), never a result. The first Campaign is left out:
its outcome is hardly told by the position (in the eighth pass's games the terms fitted explained
7–14 % of the outcome's variance there, 34–39 % in the second Campaign). A term that keeps one
value in more than ``RARE`` of a stage's decisions is not fitted and keeps its weight.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from ..state import State
from . import evaluate
from .selfplay import games_parser, in_processes, play_game

BOOTSTRAP = 200  # resamples of the games for the standard errors
FROM_ROUND = 1  # Propaganda Rounds played before a decision is recorded
RARE = 0.99  # a term with one value in more than this share of the decisions is not fitted
Row = tuple[str, dict[str, float]]  # a decision's stage and its unweighted terms


def observe(scenario: str, seed: int) -> tuple[float, list[Row]]:
    """One game: its final margin difference and, at each Government decision, the stage and the
    unweighted terms of the position (the Government's view shows every part they read)."""
    rows: list[Row] = []

    def record(s: State) -> None:
        stage = evaluate.stage(s)
        if stage in evaluate.TERM_WEIGHTS and s.cards["propaganda_drawn"] >= FROM_ROUND:
            rows.append((stage, evaluate.terms(s)))

    r = play_game(scenario, seed, "bot", record)
    m = r["margins"]
    return float(m["gov"] - m["fln"]), rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting); ``a`` square and
    regular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            raise ValueError("singular system")
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


Moments = tuple[list[list[float]], list[float]]  # one game's X'X and X'y


def moments(xs: list[list[float]], y: float) -> Moments:
    """The sums one game adds to the normal equations: every row of ``xs`` has outcome ``y``."""
    k = len(xs[0]) if xs else 0
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    xty = [sum(x[i] for x in xs) * y for i in range(k)]
    return xtx, xty


def least_squares(games: list[Moments]) -> list[float]:
    """The least-squares coefficients of the games' rows taken together."""
    k = len(games[0][1])
    xtx = [[sum(g[0][i][j] for g in games) for j in range(k)] for i in range(k)]
    xty = [sum(g[1][i] for g in games) for i in range(k)]
    return solve(xtx, xty)


def fit(games: list[tuple[float, list[dict[str, float]]]], names: list[str],
        rng: random.Random) -> dict[str, tuple[float, float] | None]:
    """Per term of ``names``: its coefficient and bootstrap standard error when the outcomes of
    ``games`` (outcome, the rows of its decisions) are fitted on the terms and a constant; ``None``
    for a term that keeps one value in more than ``RARE`` of the rows (too rare to fit)."""
    rows = [r for _, rs in games for r in rs]
    if not rows:
        raise ValueError("no decision to fit")
    varying = [k for k in names if Counter(r[k] for r in rows).most_common(1)[0][1]
               <= RARE * len(rows)]
    per_game = [moments([[r[k] for k in varying] + [1.0] for r in rs], y)
                for y, rs in games if rs]
    if len(per_game) <= len(varying) + 1:  # each game has one outcome: the games are the data
        raise ValueError("fewer games than terms to fit")
    coef = least_squares(per_game)
    draws: list[list[float]] = []
    for _ in range(BOOTSTRAP):
        sample = [per_game[rng.randrange(len(per_game))] for _ in per_game]
        try:
            draws.append(least_squares(sample))
        except ValueError:  # a resample where a term no longer varies
            continue
    if not draws:
        raise ValueError("too few games to tell the terms apart")
    out: dict[str, tuple[float, float] | None] = {k: None for k in names}
    for i, k in enumerate(varying):
        mean = sum(d[i] for d in draws) / len(draws)
        se = (sum((d[i] - mean) ** 2 for d in draws) / max(1, len(draws) - 1)) ** 0.5
        out[k] = (coef[i], se)
    return out


def suggest(weights: dict[str, float],
            fitted: dict[str, tuple[float, float] | None]) -> dict[str, float]:
    """The weights half-way from those in use toward the fit, a negative fit counted as 0; a term
    not fitted keeps its weight."""
    return {k: round((w + max(0.0, f[0])) / 2, 2) if (f := fitted.get(k)) else w
            for k, w in weights.items()}


def main(argv: list[str] | None = None) -> int:
    a = games_parser("engine.govbot.fit", __doc__, 100).parse_args(argv)
    played = in_processes(observe, [(a.scenario, a.seed + i) for i in range(a.games)], a.jobs)
    rng = random.Random(a.seed)
    suggested: dict[str, dict[str, float]] = {}
    for stage, weights in evaluate.TERM_WEIGHTS.items():
        names = list(weights)
        games = [(y, [t for st, t in rows if st == stage]) for y, rows in played]
        decisions = sum(len(rs) for _, rs in games)
        print(f"stage {stage}: {decisions} decisions in {len(games)} games")
        try:
            fitted = fit(games, names, rng)
        except ValueError:  # no decision, fewer games than terms, or terms that cannot be told apart
            print("  too few games to fit: the weights in use are kept")
            fitted = {k: None for k in names}
        for k in names:
            f = fitted[k]
            print(f"  {k:<11} in use {weights[k]:6.2f}   fitted "
                  + (f"{f[0]:6.2f} ± {f[1]:.2f}" if f else "     – (too rare to fit)"))
        suggested[stage] = suggest(weights, fitted)
    print(f"suggested TERM_WEIGHTS = {suggested!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
