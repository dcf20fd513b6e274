"""What a person meets at the server's address: ``/`` is a landing page linking the game
(``/play``), the API documentation (``/docs``) and the README's sections (served at
``/README.md``), and ``/docs`` links the game — followed in a real headless Chromium against real
servers on port 0. And ``ListScenarios`` of Algeria answers only what an Algeria scenario has
(no deck of cards)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any, Iterator
from urllib.parse import unquote

import pytest

from service.config import Config
from service.landing import readme_path, sections

from .browser import open_page
from .conftest import Servers, start_servers


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with open_page(browser, viewport={"width": 1200, "height": 900}) as pg:
        yield pg


def game_page_opened(page: Any) -> None:
    """The game page has set a game up: its map is drawn."""
    page.wait_for_url("**/play/")
    page.wait_for_function("typeof app !== 'undefined' && app.game"
                           " && !document.body.classList.contains('busy')")
    assert page.locator("#board svg g[data-space]").count() == 30


def test_the_landing_page_leads_to_the_game_the_docs_and_the_readme(
        page: Any, servers: Servers) -> None:
    page.goto(servers.http + "/")
    links = {a.get_attribute("href"): a.text_content()
             for a in page.locator("a").all()}
    assert links["/play/"] == "Play a game" and links["/docs"] == "API documentation"
    path = readme_path()
    assert path is not None  # the clone's README
    titles = sections(path.read_text(encoding="utf-8"))
    assert "Quickstart" in titles and "Configuration" in titles
    to_readme = {t: h for h, t in links.items() if h and h.startswith("/README.md#")}
    assert list(to_readme) == titles
    for title, href in to_readme.items():  # each link names its section in the served README
        assert unquote(href.split("text=", 1)[1]) == f"## {title}"
    with urllib.request.urlopen(servers.http + "/README.md") as r:
        readme = r.read().decode()
    assert all(f"\n## {t}\n" in readme for t in titles)

    page.get_by_role("link", name="Play a game").click()
    game_page_opened(page)


def test_the_docs_link_the_game(page: Any, servers: Servers) -> None:
    page.goto(servers.http + "/docs")
    assert page.locator("h1").first.text_content().startswith("ct-referee API")
    page.get_by_role("link", name="Play a game").click()
    game_page_opened(page)


def test_without_the_game_page_the_landing_page_says_so(redis_url: str) -> None:
    s = start_servers(Config(redis_url=redis_url, play_page=False))
    try:
        with urllib.request.urlopen(s.http + "/") as r:
            body = r.read().decode()
        with urllib.request.urlopen(s.http + "/docs") as r:
            docs = r.read().decode()
    finally:
        s._stop()
    assert "/docs" in body and "not served by this referee" in body
    assert "/play" not in body and "/play" not in docs


ALGERIA_FIELDS = {"name", "title", "first_year", "last_year", "game"}


def test_algeria_scenarios_carry_only_what_an_algeria_scenario_has(servers: Servers) -> None:
    with urllib.request.urlopen(servers.http + "/v1/scenarios?game=algeria") as r:
        algeria = json.loads(r.read())["scenarios"]
    assert [s["name"] for s in algeria] == ["1954", "1958", "1960"]
    assert all(set(s) == ALGERIA_FIELDS and s["game"] == "algeria" for s in algeria), algeria
    with urllib.request.urlopen(servers.http + "/v1/scenarios") as r:
        ct = json.loads(r.read())["scenarios"]
    assert all(set(s) == ALGERIA_FIELDS | {"draw_deck_size", "propaganda_cards"} for s in ct)
    assert all(s["draw_deck_size"] > 0 and s["propaganda_cards"] > 0 for s in ct)
    grpc = servers.grpc_client()
    try:
        answer = grpc.list_scenarios("algeria").scenarios
        assert not any(s.HasField("draw_deck_size") or s.HasField("propaganda_cards")
                       for s in answer)
        assert all(s.HasField("draw_deck_size") for s in grpc.list_scenarios().scenarios)
    finally:
        grpc.close()
