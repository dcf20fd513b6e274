#!/usr/bin/env python3
"""The board pictures of docs/api.md: for each scenario, a game played from a fixed seed by random
legal moves, rendered (engine.render) at its start, half-way and at its end, and screenshotted in
headless Chromium (Playwright driving the system's ``chromium``).

    .venv/bin/python scripts/board_images.py            # docs/images/board-<scenario>.png
    .venv/bin/python scripts/board_images.py --all DIR  # start, middle and end of each in DIR
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

import engine  # noqa: E402
from engine.render import HEIGHT, WIDTH, render  # noqa: E402

SEEDS = {"short": 7, "medium": 12, "full": 3}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]


def game(scenario: str, seed: int) -> list[engine.State]:
    s = engine.new_game(scenario, seed=seed)
    rng = random.Random(seed)
    states = [s]
    while engine.to_move(s) is not None:
        s, _ = engine.apply(s, rng.choice(engine.legal_moves(s)))
        states.append(s)
    return states


def screenshots(svgs: dict[Path, str], size: tuple[int, int] = (WIDTH, HEIGHT)) -> None:
    """Each SVG document screenshotted at ``size`` (width, height) to its path."""
    from playwright.sync_api import sync_playwright

    exe = os.environ.get("CT_REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=exe, args=ARGS,
                                                    headless=True,
                                                    viewport={"width": size[0], "height": size[1]})
        page = ctx.new_page()
        for path, svg in svgs.items():
            page.set_content("<!doctype html><html><body style='margin:0'><style>svg{display:"
                             "block}</style>" + svg.split("?>", 1)[1] + "</body></html>")
            page.screenshot(path=str(path))
            print(path)
        ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", metavar="DIR", help="start, middle and end of each game in DIR")
    args = ap.parse_args()
    svgs: dict[Path, str] = {}
    for scenario, seed in SEEDS.items():
        states = game(scenario, seed)
        if args.all:
            out = Path(args.all)
            out.mkdir(parents=True, exist_ok=True)
            for name, s in (("start", states[0]), ("middle", states[len(states) // 2]),
                            ("end", states[-1])):
                svgs[out / f"board-{scenario}-{name}.png"] = render(s)
        else:
            svgs[ROOT / "docs" / "images" / f"board-{scenario}.png"] = render(
                states[len(states) // 2])
    screenshots(svgs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
