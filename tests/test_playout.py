"""Random playouts (the engine.playout CLI) as a test: 100 games of each scenario with uniformly
random legal moves, Events included, checking after every move that the state validator accepts the
state (force pool, stacking, tracks 0-50, the cards, a legal move at the pending decision...), that
the game ends, and the canonical JSON round trip along the way."""

from __future__ import annotations

import pytest

from engine.playout import main


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_random_playouts_have_no_violations(scenario: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["--scenario", scenario, "--games", "100", "--seed", "1000",
               "--roundtrip-every", "50", "--quiet"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert rc == 0, last
    assert last.startswith("games=100 completed=100 violations=0 ")
