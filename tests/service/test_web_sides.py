"""/play for either side and both games, in a real headless Chromium against a real
``ct-referee serve`` on port 0: "You play: FLN vs the Government bot" plays several turns of the
FLN with the Government bot moving between them (its reasons in the log), and "Game: Algeria"
offers Algeria's scenarios and plays a few moves of both sides, its board picture drawn by
/v1/render; no page error throughout."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from .browser import open_page
from .test_web_client import settle, spawn_serve


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    p, url = spawn_serve()
    try:
        yield url
    finally:
        p.terminate()
        p.wait(10)


@pytest.fixture
def page(browser: Any, served: str) -> Iterator[Any]:
    with open_page(browser, viewport={"width": 1500, "height": 950}) as pg:
        yield pg


def first_move(page: Any) -> None:
    """Press what a player in a hurry presses: pass, done, decline, else the first move."""
    for t in ("pass", "done", "decline"):
        b = page.locator(f"#moves button[data-t='{t}']")
        if b.count():
            b.first.click()
            return
    page.locator("#moves button.move").first.click()


def test_the_fln_against_the_government_bot(page: Any, served: str) -> None:
    page.goto(served + "/play/?scenario=short&seed=3")
    settle(page)
    page.select_option("#mode", "fln")
    page.click("#new")
    settle(page)
    assert page.evaluate("app.game.header.options") == {"chance": "managed", "gov_bot": True}
    # the Government bot opened the game (seed 3: it plays Coup d'Etat), the FLN is to move
    assert page.locator("#to-move").text_content() == "FLN — your move"
    bot = page.locator("#log li.bot")
    assert bot.count() >= 1 and "Government bot" in bot.first.text_content()
    for _ in range(30):
        if page.evaluate("!app.game.pos.to_move"):
            break
        assert page.evaluate("app.game.pos.to_move") == "fln"
        first_move(page)
        settle(page)
    assert page.evaluate("app.game.view.turn") >= 3, "several cards were played"
    assert bot.count() >= 3
    bot.last.locator("summary").click()
    assert bot.last.locator("table.trace tr").count() >= 2
    assert "among: " in bot.last.locator("table.trace").text_content()
    assert page.locator("#board svg g[data-space]").count() == 30


def test_algeria_both_sides(page: Any, served: str) -> None:
    page.goto(served + "/play/?seed=5")
    settle(page)
    page.select_option("#game", "algeria")
    page.wait_for_function("document.querySelector('#scenario').value === '1954'")
    options = page.locator("#scenario option").evaluate_all("os => os.map(o => o.value)")
    assert options == ["1954", "1958", "1960"]
    # Algeria has no bot yet: only both sides
    assert page.locator("#mode").input_value() == "hotseat"
    assert page.locator("#mode option[value='fln']").is_disabled()
    page.select_option("#scenario", "1958")
    page.click("#new")
    settle(page)
    assert page.evaluate("app.game.game") == "algeria"
    assert page.evaluate("app.game.header.scenario") == "1958"
    assert "Algeria" in page.locator("#status").text_content()
    assert page.locator("#board svg").count() == 1
    sides = set()
    for _ in range(14):
        sides.add(page.evaluate("app.game.pos.to_move"))
        first_move(page)
        settle(page)
    assert page.evaluate("app.game.log.filter(e => e.mine).length") == 14
    assert sides <= {"gov", "fln"} and sides
    page.click("#undo")
    settle(page)
    assert page.evaluate("app.game.log.filter(e => e.mine).length") == 13
