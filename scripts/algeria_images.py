#!/usr/bin/env python3
"""The Algeria picture of the README: a 1958 game played from a fixed seed by random legal moves,
rendered (algeria.render) in the middle of its first Deployment Phase as the Government sees it,
and screenshotted in headless Chromium (Playwright driving the system's ``chromium``).

    .venv/bin/python scripts/algeria_images.py            # docs/images/algeria-1958.png
    .venv/bin/python scripts/algeria_images.py --out F.png
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import algeria  # noqa: E402
from algeria.render import HEIGHT, WIDTH, render  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]


def position(scenario: str = "1958", seed: int = 5, moves: int = 120) -> algeria.State:
    """A game of random legal moves, after ``moves`` moves (or at its end)."""
    s = algeria.new_game(scenario, seed, {"chance": "managed"})
    rng = random.Random(seed)
    for _ in range(moves):
        if algeria.to_move(s) is None:
            break
        s, _ = algeria.apply(s, rng.choice(algeria.legal_moves(s)))
    return s


def screenshot(svg: str, path: Path) -> None:
    from playwright.sync_api import sync_playwright

    exe = os.environ.get("CT_REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=exe, args=ARGS,
                                                    headless=True,
                                                    viewport={"width": WIDTH, "height": HEIGHT})
        page = ctx.new_page()
        page.set_content("<!doctype html><html><body style='margin:0'><style>svg{display:"
                         "block}</style>" + svg.split("?>", 1)[1] + "</body></html>")
        page.screenshot(path=str(path))
        ctx.close()
    print(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images" / "algeria-1958.png"))
    args = ap.parse_args()
    screenshot(render(position(), "gov"), Path(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
