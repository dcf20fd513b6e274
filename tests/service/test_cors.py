"""CORS (--cors-origin): the allowed origin on every REST answer, preflight answered on every
path, nothing for other origins; and a page from another origin calling the API in a real
headless Chromium."""

from __future__ import annotations

import http.client
import json
from typing import Any, Callable, Iterator
from urllib.parse import urlsplit

import pytest

from service.config import Config, from_env
from service.operations import OPERATIONS

from .conftest import Servers, start_servers

ALLOWED = "http://app.example:3000"


@pytest.fixture(scope="module")
def cors_servers() -> Iterator[Servers]:
    s = start_servers(Config(cors_origins=(ALLOWED, "https://other.example")))
    try:
        yield s
    finally:
        s._stop()


def _req(base: str, method: str, path: str, headers: dict[str, str], body: bytes | None = None
         ) -> tuple[int, dict[str, str], bytes]:
    u = urlsplit(base)
    c = http.client.HTTPConnection(u.hostname or "", u.port, timeout=10)
    try:
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        c.close()


@pytest.mark.parametrize("op", OPERATIONS, ids=lambda o: o.rpc)
def test_preflight_on_every_rest_path(cors_servers: Servers, op: Any) -> None:
    status, h, body = _req(cors_servers.http, "OPTIONS", op.path, {
        "Origin": ALLOWED, "Access-Control-Request-Method": op.http_method,
        "Access-Control-Request-Headers": "content-type"})
    assert status == 204 and body == b""
    assert h["access-control-allow-origin"] == ALLOWED
    assert op.http_method in h["access-control-allow-methods"].split(", ")
    assert "content-type" in h["access-control-allow-headers"].lower()
    assert int(h["access-control-max-age"]) > 0
    assert "origin" in h["vary"].lower()


def test_preflight_from_another_origin_gets_no_grant(cors_servers: Servers) -> None:
    status, h, _ = _req(cors_servers.http, "OPTIONS", "/v1/apply", {
        "Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in h and "access-control-allow-methods" not in h
    assert "origin" in h["vary"].lower()


def test_answers_and_errors_carry_the_origin(cors_servers: Servers) -> None:
    body = json.dumps({"scenario": "short", "seed": 1}).encode()
    status, h, _ = _req(cors_servers.http, "POST", "/v1/games",
                        {"Origin": ALLOWED, "Content-Type": "application/json"}, body)
    assert status == 200 and h["access-control-allow-origin"] == ALLOWED
    assert "ETag" in h["access-control-expose-headers"]
    status, h, _ = _req(cors_servers.http, "POST", "/v1/games",
                        {"Origin": ALLOWED, "Content-Type": "application/json"}, b"{")
    assert status == 400 and h["access-control-allow-origin"] == ALLOWED
    status, h, _ = _req(cors_servers.http, "GET", "/v1/catalog", {"Origin": "https://x.example"})
    assert status == 200 and "access-control-allow-origin" not in h


def test_any_origin_and_none(servers: Servers) -> None:
    star = start_servers(Config(cors_origins=("*",)))
    try:
        _, h, _ = _req(star.http, "GET", "/v1/scenarios", {"Origin": "http://a.example"})
        assert h["access-control-allow-origin"] == "*"
    finally:
        star._stop()
    _, h, _ = _req(servers.http, "OPTIONS", "/v1/apply", {  # default: no CORS at all
        "Origin": ALLOWED, "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in h


def test_configuration() -> None:
    cfg = from_env({"CT_REFEREE_CORS_ORIGINS": "http://a.example, https://b.example:8443"})
    assert cfg.cors_origins == ("http://a.example", "https://b.example:8443")
    with pytest.raises(ValueError, match="CORS origin"):
        Config(cors_origins=("a.example/path",)).check()
    Config(cors_origins=("*",)).check()


PAGE = """<!doctype html><html><body><pre id="out">running</pre><script>
const api = new URLSearchParams(location.search).get("api");
(async () => {
  try {
    const g = await (await fetch(api + "/v1/games", {method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({scenario: "short", seed: 7})})).json();
    const r = await fetch(api + "/v1/catalog");
    const cat = await r.json();
    document.getElementById("out").textContent = JSON.stringify({
      prompt: g.prompt, label: g.legal_moves[0].label, cards: cat.cards.length,
      etag: r.headers.get("ETag")});
  } catch (e) {
    document.getElementById("out").textContent = "blocked: " + e.name;
  }
})();
</script></body></html>"""


def test_a_page_from_another_origin_calls_the_api(
        browser: Any, page_server: Callable[[dict[str, str]], str],  # noqa: F811
        servers: Servers) -> None:
    site = page_server({"/index.html": PAGE})
    api = start_servers(Config(cors_origins=(site,)))
    try:
        page = browser.new_page()
        page.goto(f"{site}/index.html?api={api.http}")
        page.wait_for_function("document.getElementById('out').textContent !== 'running'",
                               timeout=15000)
        got = json.loads(page.text_content("#out") or "")
        assert got["cards"] == 71 and got["label"] == "Play Pivotal Event #66 Coup d'Etat"
        assert got["prompt"].startswith("play a Pivotal Event") and got["etag"]
        # the same page against a referee that grants no origin is refused by the browser
        page.goto(f"{site}/index.html?api={servers.http}")
        page.wait_for_function("document.getElementById('out').textContent !== 'running'",
                               timeout=15000)
        assert page.text_content("#out") == "blocked: TypeError"
        page.close()
    finally:
        api._stop()
