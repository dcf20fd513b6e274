"""Render and Positions over REST and gRPC (real servers on port 0), in the Python client and the
command line; the rendered board screenshotted in a real headless Chromium."""

from __future__ import annotations

import json
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import engine
from ct_referee_client import Client, RefereeError, move_dict
from engine.positions import from_state
from engine.render import HEIGHT, WIDTH, render
from tests import cli_main

from .conftest import Servers

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "docs" / "positions.example.json").read_text())
    return data


def test_render_over_the_transport(client: Client) -> None:
    g = client.new_game("short", seed=5)
    svg = client.render(g.state, "gov")
    assert svg == render(engine.from_json(g.state.json), "gov")
    root = ET.fromstring(svg.encode())
    assert len([e for e in root.iter(SVG + "g") if e.get("data-space")]) == 30
    with pytest.raises(RefereeError) as e:
        client.render(g.state, "spy")
    assert e.value.code == "invalid_argument" and e.value.field == "role"
    with pytest.raises(RefereeError) as e:
        client.render({"json": g.state.json.replace('"commitment":15', '"commitment":99')})
    assert e.value.code == "invalid_state" and e.value.field == "state.commitment"


def test_positions_over_the_transport(client: Client) -> None:
    r = client.positions(example(), seed=7)
    want, _ = engine.positions.build(example(), seed=7)
    assert r.state.json == engine.to_json(want)
    assert r.to_move == engine.to_move(want)
    assert [move_dict(m) for m in r.legal_moves] == engine.legal_moves(want)
    # the state it issues is a state like any other: play on from it
    after = client.apply(r.state, r.legal_moves[0])
    assert after.state.json


@pytest.mark.parametrize("path,value,field", [
    (("cards", "current"), 62, "position.cards.current"),
    (("spaces", "Algiers", "pieces", "french_troops"), 5, "position.boxes.*.french_troops"),
    (("eligibility", "first"), "both", "position.eligibility.first"),
    (("resources", "fln"), 1.5, "position.resources.fln"),
])
def test_a_bad_position_names_the_field(client: Client, path: tuple[str, ...], value: Any,
                                        field: str) -> None:
    pos = example()
    d = pos
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    with pytest.raises(RefereeError) as e:
        client.positions(pos)
    assert e.value.code == "invalid_state"
    assert e.value.field == field, e.value.message


def test_positions_needs_a_position(servers: Servers) -> None:
    import urllib.request
    import urllib.error

    req = urllib.request.Request(servers.http + "/v1/positions", data=b"{}", method="POST")
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(req)
    assert e.value.code == 400
    assert json.loads(e.value.read())["error"]["field"] == "position"


def ct(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return cli_main.run(*args, stdin=stdin)  # in this process (tests/cli_main.py)


def test_cli_render_and_position(tmp_path: Path) -> None:
    g = ct("new", "medium", "--seed", "2")
    (tmp_path / "g.json").write_text(g.stdout)
    r = ct("render", str(tmp_path / "g.json"), "--role", "fln")
    assert r.returncode == 0, r.stderr
    state = json.loads(g.stdout)["state"]["json"]
    assert r.stdout == render(engine.from_json(state), "fln")
    (tmp_path / "p.json").write_text(json.dumps(from_state(engine.from_json(state))))
    p = ct("position", str(tmp_path / "p.json"), "--seed", "4")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["to_move"] == engine.to_move(engine.from_json(state))
    bad = ct("position", "-", stdin='{"schema": "ct-position/1"}')
    assert bad.returncode == 1 and json.loads(bad.stderr)["error"]["field"] == "position.scenario"


def test_the_board_in_a_real_browser(browser: Any, servers: Servers, tmp_path: Path) -> None:
    """The SVG from the REST endpoint, shown by Chromium as a page: one svg, 30 clickable space
    groups with their size on screen, and a screenshot that is a real picture."""
    c = servers.rest_client()
    s = engine.new_game("full", seed=9)
    for _ in range(120):
        s, _ = engine.apply(s, engine.legal_moves(s)[-1])
    svg = c.render(engine.to_json(s))
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page.set_content("<!doctype html><html><body style='margin:0'>"
                         "<style>svg{display:block}</style>"
                         + svg.split("?>", 1)[1] + "</body></html>")
        assert page.locator("svg").count() == 1
        groups = page.locator("svg g[data-space]")
        assert groups.count() == 30
        box = page.locator("g[data-space='Constantine']").bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 60
        shot = tmp_path / "board.png"
        page.screenshot(path=str(shot), full_page=True)
    finally:
        page.close()
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (WIDTH, HEIGHT)
    assert len(data) > 100_000  # a detailed picture, not a blank page
