"""The evaluation's term weights by stage (``evaluate.TERM_WEIGHTS``) and their fit to game
outcomes (``engine.govbot.fit``)."""

from __future__ import annotations

import random

import pytest

from engine.govbot import evaluate
import engine.govbot.fit as fit_module
from engine.govbot.fit import RARE, fit, observe, solve, suggest
from engine.govbot.selfplay import in_processes
from engine.scenarios import new_game
from engine.machine import apply, legal_moves, to_move


def test_games_in_processes_come_back_in_order_as_played_in_one() -> None:
    tasks = [(2, 10), (3, 4), (5, 2), (7, 1)]
    assert in_processes(pow, tasks, 2) == in_processes(pow, tasks, 1) == [1024, 81, 25, 7]


def test_solve_finds_the_exact_solution() -> None:
    assert solve([[2.0, 1.0], [1.0, 3.0]], [5.0, 10.0]) == pytest.approx([1.0, 3.0])
    with pytest.raises(ValueError):
        solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0])


def test_fit_recovers_the_weights_that_made_the_outcomes() -> None:
    """Outcomes made exactly as 2·margin − 0.5·forces + 3 are fitted back to those weights, with
    no spread over the bootstrap; a term that keeps one value in more than ``RARE`` of the
    decisions is not fitted (``None``)."""
    rng = random.Random(5)
    games = []
    assert RARE == 0.99
    for i in range(300):
        m, f = rng.uniform(-10, 10), rng.uniform(0, 20)
        danger = 1.0 if i < 3 else 0.0  # in 1 % of the decisions: as rare as may be fitted
        rare = 1.0 if i < 2 else 0.0  # rarer: not fitted
        games.append((2 * m - 0.5 * f + 3 + 4 * danger,
                      [{"margin": m, "forces": f, "danger": danger, "rare": rare}]))
    with pytest.raises(ValueError):  # as many games as coefficients (three terms, a constant)
        fit(games[:4], ["margin", "forces", "danger"], random.Random(1))
    out = fit(games, ["margin", "forces", "danger", "rare"], random.Random(1))
    assert out["rare"] is None
    assert out["danger"] == pytest.approx((4.0, 0.0), abs=1e-6)
    assert out["margin"] == pytest.approx((2.0, 0.0), abs=1e-6)
    assert out["forces"] == pytest.approx((-0.5, 0.0), abs=1e-6)


def test_the_suggestion_goes_half_way_toward_the_fit() -> None:
    weights = {"margin": 1.0, "control": 0.6, "danger": 1.0}
    fitted = {"margin": (0.5, 0.1), "control": (-2.0, 0.3), "danger": None}
    assert suggest(weights, fitted) == {"margin": 0.75, "control": 0.3, "danger": 1.0}


def test_a_game_observed_gives_its_outcome_and_the_terms_of_each_government_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    y, rows = observe("short", 23000)
    monkeypatch.setattr(fit_module, "FROM_ROUND", 0)
    y0, rows0 = observe("short", 23000)
    assert isinstance(y, float) and y == y0  # the same game
    first = rows0[:len(rows0) - len(rows)]  # the first Campaign's decisions, left out
    assert first and rows0[len(first):] == rows and {st for st, _ in first} == {"campaign"}
    stages = [st for st, _ in rows]
    assert set(stages) == {"campaign", "final_campaign"}
    assert stages == sorted(stages, key=["campaign", "final_campaign"].index)  # in game order
    assert all(set(t) == set(evaluate.TERM_WEIGHTS[st]) for st, t in rows)


def test_each_stage_weighs_the_terms_by_its_own_weights_and_the_final_round_by_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game's positions: before the final Campaign the campaign weights, in it the final
    Campaign's, in the final Round the terms as they are; the evaluation is the weighted sum."""
    monkeypatch.setattr(evaluate, "TERM_WEIGHTS", {
        "campaign": {k: 1.0 + i for i, k in enumerate(evaluate.TERM_WEIGHTS["campaign"])},
        "final_campaign": {k: 0.5 * i for i, k in enumerate(evaluate.TERM_WEIGHTS["campaign"])}})
    s, rng, seen = new_game("short", 7), random.Random(7), set()
    while to_move(s) is not None:
        st = evaluate.stage(s)
        raw, w = evaluate.terms(s), evaluate.TERM_WEIGHTS.get(st)
        want = raw if w is None else {k: v * w[k] for k, v in raw.items()}
        assert evaluate.weighted(s) == want
        assert evaluate.evaluate(s) == pytest.approx(sum(want.values()))
        seen.add(st)
        s = apply(s, rng.choice(legal_moves(s)))[0]
    assert seen == {"campaign", "final_campaign", "final_round"}


def test_the_command_with_fewer_games_than_terms_keeps_the_weights_in_use(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert fit_module.main(["--games", "2", "--seed", "23000"]) == 0
    out = capsys.readouterr().out
    assert out.count("too few games to fit: the weights in use are kept") == 2  # both stages
    assert out.splitlines()[-1] == f"suggested TERM_WEIGHTS = {evaluate.TERM_WEIGHTS!r}"
