#!/usr/bin/env python3
"""The Algeria picture of docs/api.md: a 1958 game played from a fixed seed by random legal moves,
rendered (algeria.render) in the middle of its first Deployment Phase as the Government sees it,
and screenshotted in headless Chromium (Playwright driving the system's ``chromium``).

    .venv/bin/python scripts/algeria_images.py            # docs/images/algeria-1958.png
    .venv/bin/python scripts/algeria_images.py --out F.png
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import algeria  # noqa: E402
from algeria.render import HEIGHT, WIDTH, render  # noqa: E402
from board_images import screenshots  # noqa: E402


def position(scenario: str = "1958", seed: int = 5, moves: int = 120) -> algeria.State:
    """A game of random legal moves, after ``moves`` moves (or at its end)."""
    s = algeria.new_game(scenario, seed, {"chance": "managed"})
    rng = random.Random(seed)
    for _ in range(moves):
        if algeria.to_move(s) is None:
            break
        s, _ = algeria.apply(s, rng.choice(algeria.legal_moves(s)))
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images" / "algeria-1958.png"))
    args = ap.parse_args()
    screenshots({Path(args.out): render(position(), "gov")}, (WIDTH, HEIGHT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
