"""/play on a phone (390 x 844) and on a wide screen (2560 x 1440), in a real headless Chromium
against a real ``ct-referee serve`` on port 0, measured by the elements' bounding boxes: on the
phone the set-up form folds away, the prompt and the moves come right under the map, every
button is at least 40 px tall and the map zooms; on the wide screen the whole board, its tracks
and cards included, is within the window."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest

from .browser import open_page
from .test_web_client import settle

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 2560, "height": 1440}


@contextmanager
def play_page(browser: Any, url: str, viewport: dict[str, int], **kw: Any) -> Iterator[Any]:
    with open_page(browser, viewport=viewport, **kw) as page:
        page.goto(f"{url}/play/?scenario=short&seed=11")
        settle(page)
        yield page


def box(page: Any, selector: str) -> dict[str, float]:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, f"{selector} is not displayed"
    return dict(b)


def test_phone_folds_the_setup_and_keeps_the_moves_under_the_map(browser: Any,
                                                                  served: str) -> None:
    with play_page(browser, served, PHONE, is_mobile=True, has_touch=True) as page:
        # the page is the phone's width: nothing pushes it wider
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the game has started: the set-up form is folded, its summary opens it
        assert not page.locator("#scenario").is_visible()
        page.locator("#setup-box > summary").click()
        assert page.locator("#scenario").is_visible()
        page.locator("#new").click()
        settle(page)
        assert not page.locator("#scenario").is_visible()
        # the map fits the width; the prompt and the first move follow it within the screen
        board, prompt = box(page, "#board"), box(page, "#prompt")
        move = box(page, "#moves button.move")
        assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"] + 0.5
        svg = box(page, "#board svg")
        assert svg["width"] <= board["width"] + 0.5
        assert prompt["y"] >= board["y"] + board["height"] - 1
        assert prompt["y"] - (board["y"] + board["height"]) < 260, (board, prompt)  # the card text may come first
        assert move["y"] + move["height"] <= PHONE["height"], (board, move)
        # every button shown is a finger's tap target
        small = page.evaluate("""[...document.querySelectorAll('button, label.button, summary')]
            .filter((b) => b.offsetParent !== null)
            .map((b) => [b.textContent.trim().slice(0, 30), b.getBoundingClientRect().height])
            .filter(([, h]) => h < 40)""")
        assert not small, small
        # the compact layer of the board picture
        assert page.locator("#board svg[data-layer=compact]").count() == 1


def test_phone_map_zooms(browser: Any, served: str) -> None:
    with play_page(browser, served, PHONE, is_mobile=True, has_touch=True) as page:
        before = box(page, "#board svg")["width"]
        page.locator("#zoom-in").click()
        page.locator("#zoom-in").click()
        after = box(page, "#board svg")["width"]
        assert after >= 1.9 * before, (before, after)
        # the page itself does not widen: the map scrolls inside its frame
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.evaluate("document.getElementById('board').scrollWidth") > PHONE["width"]
        page.locator("#zoom-fit").click()
        assert abs(box(page, "#board svg")["width"] - before) < 1


def test_wide_screen_shows_the_whole_board(browser: Any, served: str) -> None:
    with play_page(browser, served, WIDE) as page:
        svg = box(page, "#board svg")
        assert svg["y"] >= 0 and svg["y"] + svg["height"] <= WIDE["height"], svg
        assert svg["x"] + svg["width"] <= WIDE["width"]
        for panel in ("tracks", "cards"):
            p = box(page, f"#board svg g[data-panel={panel}]")
            assert p["y"] + p["height"] <= WIDE["height"], (panel, p)
            assert p["x"] + p["width"] <= WIDE["width"], (panel, p)
        # the moves beside it, within the window too
        move = box(page, "#moves button.move")
        assert move["y"] + move["height"] <= WIDE["height"]
        assert page.evaluate("document.documentElement.scrollHeight") <= WIDE["height"]
