"""/play for either side and both games, in a real headless Chromium against a real
``ct-referee serve`` on port 0: "You play: FLN vs the Government bot" plays several turns of the
FLN with the Government bot moving between them (its reasons in the log), and "Game: Algeria"
offers Algeria's scenarios and plays a few moves of both sides, or either side against
Algeria's bots (docs/algeria/bots.md) with a record that validates, its board picture drawn by
/v1/render; no page error throughout."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.records import read_record
from tests import cli_main
from tests.long import long_runs

from .browser import open_page
from .test_web_client import settle


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
    for _ in range(30):  # the deal is the sealing referee's: until three cards and three bot turns
        if page.evaluate("!app.game.pos.to_move || app.game.view.turn >= 3"
                         " && document.querySelectorAll('#log li.bot').length >= 3"):
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
    # Algeria has a bot for each side: every choice is offered
    assert not page.locator("#mode option[value='fln']").is_disabled()
    assert not page.locator("#mode option[value='gov']").is_disabled()
    page.select_option("#mode", "hotseat")
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


@pytest.mark.parametrize("mode,bot,name", [("fln", "gov", "Government bot"),
                                           ("gov", "fln", "FLN bot")])
def test_algeria_against_its_bot(page: Any, served: str, tmp_path: Path, mode: str, bot: str,
                                 name: str) -> None:
    """The person's side against the other side's bot: the bot moves whenever its side is to
    move (the Government sets up first, 3.0), its reasons in the log; the saved record
    validates."""
    page.goto(served + f"/play/?game=algeria&scenario=1960&mode={mode}&seed=4")
    settle(page)
    assert page.evaluate("app.game.game") == "algeria"
    assert page.evaluate("app.game.header.options") == {"chance": "managed", f"{bot}_bot": True}
    # until the bot has moved twice (the long run: into the second turn)
    enough = ("app.game.view.turn >= 2" if long_runs()
              else "document.querySelectorAll('#log li.bot').length >= 2")
    for _ in range(80):
        if page.evaluate(f"!app.game.pos.to_move || {enough}"):
            break
        assert page.evaluate("app.game.pos.to_move") == mode
        assert page.locator("#to-move").text_content().endswith("your move")
        first_move(page)
        settle(page)
    entries = page.locator("#log li.bot")
    assert entries.count() >= 2 and name in entries.first.text_content()
    entries.first.locator("summary").click()
    trace = entries.first.locator("table.trace").text_content()
    assert "among: " in trace and "object Object" not in trace and "undefined" not in trace
    with page.expect_download() as dl:
        page.locator("#save").click()
    path = tmp_path / "algeria.jsonl"
    dl.value.save_as(path)
    rec = read_record(io.StringIO(path.read_text()))
    assert rec.header["game"] == "algeria" and rec.header["options"][f"{bot}_bot"] is True
    assert len(rec.moves) == page.evaluate("app.game.writer.n") > 0
    # through the referee that dealt it (it seals its states: the deal is its own)
    r = cli_main.run("validate", str(path), "--server", served)
    assert r.returncode == 0, r.stdout + r.stderr
