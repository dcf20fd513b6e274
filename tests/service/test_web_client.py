"""The web client (clients/web/, served at /play) in a real headless Chromium against a real
``ct-referee serve`` on port 0: a person's game of the Short scenario against the non-player FLN
played by clicking (buttons and spaces on the map), the bot's reasons opened, a move undone, the
record saved and validated (engine.records and ``ct-referee validate``), then loaded again and
played on (to the end of a game: test_play_sealed.py)."""

from __future__ import annotations

import io
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.records import check_record, read_record
from tests import cli_main

from .browser import open_page
from .served import spawn_serve


@pytest.fixture
def served(served_unsealed: str) -> str:
    # an unsealed referee: the page's seed decides the deal (a sealed one: test_play_sealed.py)
    return served_unsealed


@pytest.fixture
def page(browser: Any, served: str) -> Iterator[Any]:
    with open_page(browser, viewport={"width": 1500, "height": 950}, accept_downloads=True) as pg:
        yield pg


def settle(page: Any) -> None:
    """Wait until the page has finished its requests (and the bot its turn)."""
    page.wait_for_function("!document.body.classList.contains('busy')"
                           " && typeof app !== 'undefined' && app.game")
    assert page.locator("#error").is_hidden(), page.locator("#error").text_content()


def turn(page: Any) -> int:
    return int(page.evaluate("app.game.view.turn"))


def test_play_undo_save_validate_load(page: Any, served: str, tmp_path: Path) -> None:
    page.goto(served + "/play/?scenario=short&seed=7")
    settle(page)
    assert page.locator("#seed").input_value() == "7"
    assert page.locator("#to-move").text_content() == "Government — your move"
    assert page.locator("#board svg g[data-space]").count() == 30
    assert page.locator("#status .chip.card").text_content() == "Card #15 Jean-Paul Sartre"

    # play by clicking until the third card: spaces on the map when a move names one, otherwise
    # an Operation first, then finishing, passing or declining
    map_clicks = ops = 0
    for _ in range(80):
        if turn(page) >= 3:
            break
        spaces = page.locator("#board g[data-space].clickable")
        buttons = page.locator("#moves button")
        finish = page.locator("#moves button[data-t=done], #moves button[data-t=pass],"
                              " #moves button[data-t=decline]")
        if spaces.count() and map_clicks < 6:
            spaces.first.click()
            map_clicks += 1
            if page.locator("#choice").is_visible():  # several moves name the space
                page.locator("#choice button.move").first.click()
        elif page.locator("#moves button[data-t=op]").count() and ops < 1:
            page.locator("#moves button[data-t=op]").first.click()
            ops += 1
        elif finish.count():
            finish.first.click()
        else:
            buttons.first.click()
        settle(page)
    assert turn(page) >= 3, "three cards reached by clicking"
    assert map_clicks >= 1 and ops == 1

    # the non-player FLN's moves are in the log; its reasons one click away
    bot = page.locator("#log li.bot").first
    assert bot.is_visible()
    assert bot.locator("table.trace").is_hidden()
    bot.locator("summary").click()
    trace = bot.locator("table.trace")
    assert trace.is_visible()
    boxes = trace.locator("td.box").all_text_contents()
    assert any(b.startswith("8.") for b in boxes), boxes

    # undo takes back the person's move and the bot's reply
    before = page.evaluate("({prompt: app.game.pos.prompt, log: app.game.log.length,"
                           " moves: app.game.writer.n})")
    page.locator("#moves button").first.click()
    settle(page)
    assert page.evaluate("app.game.writer.n") > before["moves"]
    page.locator("#undo").click()
    settle(page)
    after = page.evaluate("({prompt: app.game.pos.prompt, log: app.game.log.length,"
                          " moves: app.game.writer.n})")
    assert after == before

    # the saved record validates, checkpoints included
    with page.expect_download() as dl:
        page.locator("#save").click()
    path = tmp_path / "game.jsonl"
    dl.value.save_as(path)
    text = path.read_text()
    rec = read_record(io.StringIO(text))
    assert rec.header["options"] == {"chance": "managed", "fln_bot": True}
    assert rec.seed == 7 and len(rec.moves) == before["moves"]
    verdict = check_record(rec)
    assert verdict.ok, verdict.problem
    assert verdict.checkpoints == len(rec.checkpoints) >= 3
    cli = cli_main.run("validate", str(path))
    assert cli.returncode == 0, cli.stdout + cli.stderr

    # a changed line is caught by its checkpoint (the page's hashes are the engine's)
    lines = text.splitlines()
    first_cp = next(i for i, ln in enumerate(lines) if ln.startswith('{"checkpoint"'))
    bad = lines[:first_cp] + [lines[first_cp].replace('"hash":"sha256:', '"hash":"sha256:0')]
    assert not check_record(read_record(bad)).ok

    # loading the record again gives the same position, and play goes on from it
    page.goto(served + "/play/?scenario=medium&seed=1")
    settle(page)
    page.locator("#load").set_input_files(str(path))
    page.wait_for_function("app.game && app.game.header.scenario === 'short'")
    settle(page)
    assert page.evaluate("app.game.pos.prompt") == before["prompt"]
    assert page.evaluate("app.game.writer.n") == before["moves"]
    assert page.locator("#seed").input_value() == "7"
    page.locator("#moves button").first.click()
    settle(page)
    assert page.evaluate("app.game.writer.n") > before["moves"]


def test_hot_seat(page: Any, served: str) -> None:
    """Both sides at one screen: the FLN's moves are buttons too, and no bot moves."""
    page.goto(served + "/play/?scenario=short&seed=3&mode=hotseat")
    settle(page)
    assert page.locator("#mode").input_value() == "hotseat"
    for _ in range(10):
        if (page.evaluate("app.game.pos.to_move") == "fln"
                and page.locator("#moves button[data-t=op]").count()):
            break
        page.locator("#moves button[data-t=decline], #moves button[data-t=pass]").first.click()
        settle(page)
    assert page.locator("#to-move").text_content() == "FLN"
    assert page.locator("#moves button[data-t=op]").count() >= 3
    assert page.locator("#log li.bot").count() == 0
    assert "FLN" in page.locator("#log li.mine .who").all_text_contents()  # the FLN declined
    assert page.evaluate("app.game.header.options") == {"chance": "managed"}


def test_play_page_can_be_turned_off() -> None:
    p, url = spawn_serve("--no-play-page")
    try:
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(url + "/play/")
        assert e.value.code == 404
        with urllib.request.urlopen(url + "/healthz") as r:
            assert r.status == 200
    finally:
        p.terminate()
        p.wait(10)


def test_play_page_files(tmp_path: Path) -> None:
    """/play redirects to /play/ (the page's relative links), the files are served, nothing
    outside the client's directory is, and a build without the files says so."""
    from service.config import Config
    from service.rest import create_app

    web = create_app(Config()).test_client()
    r = web.get("/play")
    assert r.status_code == 308 and r.headers["Location"].endswith("/play/")
    page = web.get("/play/")
    assert page.status_code == 200 and b'<script src="app.js">' in page.data
    assert web.get("/play/record.js").status_code == 200
    assert web.get("/play/app.js").mimetype in ("text/javascript", "application/javascript")
    assert web.get("/play/nothing.js").status_code == 404
    assert web.get("/play/..%2Fpyproject.toml").status_code == 404

    from flask import Flask

    from service import play_page

    bare = Flask("bare")
    play_page.register(bare, tmp_path / "absent")
    r = bare.test_client().get("/play/")
    assert r.status_code == 404 and b"the web client is not installed here" in r.data
