"""Random playouts (the engine.playout CLI) as a test: 10 games of each scenario (100 under
``--long``, tests/long.py) with uniformly random legal moves, Events included, checking after every move that the state validator accepts the
state (force pool, stacking, tracks 0-50, the cards, a legal move at the pending decision...), that
the game ends, and the canonical JSON round trip along the way."""

from __future__ import annotations

import pytest

from engine.playout import main
from tests.long import sized

GAMES = sized(10, 100)


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_random_playouts_have_no_violations(scenario: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["--scenario", scenario, "--games", str(GAMES), "--seed", "1000",
               "--roundtrip-every", "50", "--quiet"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert rc == 0, last
    assert last.startswith(f"games={GAMES} completed={GAMES} violations=0 ")
