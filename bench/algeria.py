"""Algeria engine benchmark (bench/random_games.py): the hot path (legal_moves + apply) against
its floor (to_json + from_json of the same states, measured in the same run), and whole random
games (1954).

    python bench/algeria.py [--games 10] [--seed 0]

The last two lines are::

    algeria_floor_us_p50=F ratio=R      (the decision's p50 over the floor's)
    algeria_decision_us_p50=A algeria_game_ms_p50=G
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import algeria as A  # noqa: E402
from bench.random_games import run  # noqa: E402

if __name__ == "__main__":
    sys.exit(run("algeria", A, lambda seed: A.new_game("1954", seed), 10))
