"""/play for *INSURGENT: Algeria*, in a real headless Chromium against a real ``ct-referee serve``
on port 0 (which seals its states): both sides at one screen, each seeing only its own hand (the
page shows the view and the board picture of the player to move, and asks for the moves naming
a card of the hand as that player), and the FLN against the Solo Variant's automated French
(DecideGov, its priorities in the log) with a face-down play and a record that validates; no page
error throughout."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.records import read_record
from insurgent import solo
from tests import cli_main

from .browser import open_page
from .test_web_client import settle


@pytest.fixture
def page(browser: Any, served: str) -> Iterator[Any]:
    with open_page(browser, viewport={"width": 1500, "height": 950}) as pg:
        yield pg


def hands(page: Any) -> Any:
    return page.evaluate("app.game.view.document.hands")


def press(page: Any, selector: str) -> None:
    page.locator(selector).first.click()
    settle(page)


def test_insurgent_hotseat_each_side_sees_its_own_hand(page: Any, served: str,
                                                         tmp_path: Path) -> None:
    page.goto(served + "/play/?game=insurgent&mode=hotseat&seed=5")
    settle(page)
    assert page.evaluate("app.game.game") == "insurgent"
    assert page.locator("#scenario").input_value() == "standard"
    assert page.locator("#mode option[value='gov']").is_disabled()   # INSURGENT has no FLN bot
    assert "French automaton" in page.locator("#mode option[value='fln']").text_content()
    assert page.evaluate("app.game.header.options") == {"chance": "managed"}
    # the page names the game played; Colonial Twilight's optional rules are not offered
    assert page.locator("header h1").text_content() == "INSURGENT: Algeria"
    assert page.title().startswith("INSURGENT: Algeria")
    assert not page.locator("#opt-deception").is_visible()
    assert not page.locator("#opt-open").is_visible()
    page.locator("#game").select_option("colonial_twilight")
    settle(page)
    assert page.locator("header h1").text_content() == "Colonial Twilight"
    assert page.locator("#opt-deception").is_visible()
    page.locator("#game").select_option("insurgent")
    settle(page)
    seen = set()
    for _ in range(24):
        who = page.evaluate("app.game.pos.to_move")
        if not who:
            break
        seen.add(who)
        h = hands(page)
        # the view is the player's to move: its hand listed, the other's a count
        assert page.evaluate("app.game.view.role") == who
        other = "french" if who == "fln" else "fln"
        assert isinstance(h[who], list) and isinstance(h[other], int)
        assert page.locator("#status").text_content().count("Viewing as") == 1
        svg = page.evaluate("app.game.svg")
        assert svg.startswith("<") and "insurgent" in svg.lower()
        plays = page.locator("#moves button[data-t='play']")
        if plays.count():
            # the moves naming a card of the hand are listed to their player
            labels = plays.evaluate_all("bs => bs.map(b => b.textContent)")
            assert all(x.startswith("Play ") for x in labels)
            plays.last.click()
            settle(page)
        else:
            press(page, "#moves button.move")
    assert seen == {"fln", "french"}
    page.screenshot(path=str(tmp_path / "insurgent-hotseat.png"))
    with page.expect_download() as dl:
        page.locator("#save").click()
    path = tmp_path / "hot.jsonl"
    dl.value.save_as(path)
    rec = read_record(io.StringIO(path.read_text()))
    assert rec.header["game"] == "insurgent" and len(rec.moves) > 10
    r = cli_main.run("validate", str(path), "--server", served)
    assert r.returncode == 0, r.stdout + r.stderr


def test_insurgent_fln_against_the_automaton(page: Any, served: str, tmp_path: Path) -> None:
    page.goto(served + "/play/?game=insurgent&mode=fln&seed=8")
    settle(page)
    assert page.evaluate("app.game.header.options") == {"chance": "managed", "french_bot": True}
    press(page, "#moves button[data-t='keep']")
    # a face-down play of a card from the hand (the FLN's choice)
    down = page.locator("#moves button[data-t='play']", has_text="face down")
    assert down.count() > 0
    down.first.click()
    settle(page)
    for _ in range(40):
        if page.locator("#log li.bot").count() >= 2 or not page.evaluate("app.game.pos.to_move"):
            break
        assert page.evaluate("app.game.pos.to_move") == "fln"
        assert page.locator("#to-move").text_content().endswith("your move")
        b = page.locator("#moves button[data-t='skip']")
        press(page, "#moves button[data-t='skip']" if b.count() else "#moves button.move")
    entries = page.locator("#log li.bot")
    # two French turns, or one where the deal (the sealing referee's own) ends the game first
    over = not page.evaluate("app.game.pos.to_move")
    assert entries.count() >= (1 if over else 2), (entries.count(), over)
    assert "French automaton" in entries.first.text_content()
    entries.first.locator("summary").click()
    trace = entries.first.locator("table.trace").text_content()
    # the box that decided (the deal is the sealing referee's: which one it is, is not known)
    boxes = ("FRENCH TURNS", solo.SUPPORTERS, solo.RECRUITS, solo.TARGETS, solo.EXPOSING)
    assert any(box in trace for box in boxes), trace
    assert "undefined" not in trace
    # the FLN's view: its hand; the French deck only as a count (no order), no French hand
    h = hands(page)
    assert isinstance(h["fln"], list) and h["french"] == 0
    deck = page.evaluate("app.game.view.document.decks.french")
    assert set(deck) <= {"count", "bottom"}
    assert page.locator("#board svg").count() == 1
    page.screenshot(path=str(tmp_path / "insurgent-solo.png"))
    with page.expect_download() as dl:
        page.locator("#save").click()
    path = tmp_path / "solo.jsonl"
    dl.value.save_as(path)
    rec = read_record(io.StringIO(path.read_text()))
    assert rec.header["options"]["french_bot"] is True
    assert len(rec.moves) == page.evaluate("app.game.writer.n") > 0
    r = cli_main.run("validate", str(path), "--server", served)
    assert r.returncode == 0, r.stdout + r.stderr
