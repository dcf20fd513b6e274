"""The web client's pictures in docs/images/ (play-start.png, play-mid.png, play-end.png): a real
``ct-referee serve`` on a free port and the page in headless Chromium (Debian's ``chromium``),
a Short game of a fixed seed played by clicking, then to its end; and the same page on a phone
(play-phone.png, 390 x 844, and play-phone-zoom.png, the map zoomed) and on a wide screen
(play-wide.png, 2560 x 1440).

    .venv/bin/python scripts/play_images.py [--out docs/images] [--seed 11]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CT_REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# the hurried player of the fast path: pass, finish or decline when it may, else the first move
FAST = """async (cards) => {
  const g0 = app.game.view.turn;
  while (!isOver(app.game) && app.game.view.turn < g0 + cards) {
    const ms = app.game.pos.legal_moves;
    const m = ms.find((x) => x.t === "pass") || ms.find((x) => x.t === "done")
      || ms.find((x) => x.t === "decline") || ms[0];
    await act(() => play(m));
  }
}"""


def settle(page: Page) -> None:
    page.wait_for_function("!document.body.classList.contains('busy')"
                           " && typeof app !== 'undefined' && app.game")


SCREENS = ("play-phone.png", "play-phone-zoom.png", "play-wide.png")


def screens(browser: Browser, url: str, seed: int, out: Path) -> None:
    """The page a few cards into a game on a phone (the map, then zoomed twice) and on a wide
    screen."""
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                             is_mobile=True, has_touch=True)
    phone.goto(f"{url}/play/?scenario=short&seed={seed}")
    settle(phone)
    phone.evaluate(FAST, 3)
    settle(phone)
    phone.screenshot(path=str(out / "play-phone.png"))
    phone.locator("#zoom-in").click()
    phone.locator("#zoom-in").click()
    phone.locator("#board").evaluate("b => { b.scrollLeft = b.scrollWidth * 0.3; }")
    phone.screenshot(path=str(out / "play-phone-zoom.png"))
    phone.close()
    wide = browser.new_page(viewport={"width": 2560, "height": 1440})
    wide.goto(f"{url}/play/?scenario=short&seed={seed}")
    settle(wide)
    wide.evaluate(FAST, 3)
    settle(wide)
    wide.screenshot(path=str(out / "play-wide.png"))
    wide.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    out = Path(args.out)
    serve = subprocess.Popen([sys.executable, "-m", "ct_referee_cli", "serve", "--host",
                              "127.0.0.1", "--http-port", "0", "--grpc-port", "0", "--no-seal"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert serve.stdout is not None
        url = next(f"http://{m.group(1)}" for line in serve.stdout
                   if (m := re.search(r"http=([\d.]+:\d+)", line)))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1560, "height": 980})
            page.goto(f"{url}/play/?scenario=short&seed={args.seed}")
            settle(page)
            page.screenshot(path=str(out / "play-start.png"))
            page.evaluate(FAST, 6)
            settle(page)
            # mid-game: an Operation chosen, its spaces lit on the map, the bot's reasons open
            if page.locator("#moves button[data-t=decline]").count():
                page.locator("#moves button[data-t=decline]").click()
                settle(page)
            op = page.locator("#moves button[data-t=op]")
            if op.count():
                op.first.click()
                settle(page)
            page.locator("#log li.bot summary").last.click()
            page.locator("#log li.bot").last.scroll_into_view_if_needed()
            page.screenshot(path=str(out / "play-mid.png"))
            page.evaluate(FAST, 100)
            settle(page)
            page.screenshot(path=str(out / "play-end.png"))
            screens(browser, url, args.seed, out)
            browser.close()
    finally:
        serve.terminate()
        serve.wait(10)
    for name in ("play-start.png", "play-mid.png", "play-end.png", *SCREENS):
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
