"""INSURGENT: Algeria engine benchmark (bench/random_games.py): the hot path (legal_moves +
apply) against its floor (to_json + from_json of the same states, measured in the same run), and
whole random games on the demonstration deck (both sides random, managed chance).

    python bench/insurgent.py [--games 200] [--seed 0]

The last two lines are::

    insurgent_floor_us_p50=F ratio=R      (the decision's p50 over the floor's)
    insurgent_decision_us_p50=A insurgent_game_ms_p50=G
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import insurgent as I  # noqa: E402
from bench.random_games import run  # noqa: E402

if __name__ == "__main__":
    sys.exit(run("insurgent", I, lambda seed: I.new_game(None, seed, {}), 200))
