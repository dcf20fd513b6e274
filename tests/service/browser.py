"""A real headless Chromium for tests of what a browser page sees (Playwright driving the Debian
``chromium`` package; ``scripts/test`` installs both when missing), and a static page server on
port 0 to give a test page its own origin. conftest.py makes them the fixtures of every service
test (once: one browser per session):

    def test_x(browser, page_server):
        url = page_server({"/index.html": "<html>..."})
        with open_page(browser) as page:
            page.goto(url + "/index.html")

``open_page`` fails the test if a script on the page threw.
"""

from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator

import pytest

CHROMIUM = os.environ.get("CT_REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A Chromium browser (Playwright's ``Browser``) for the whole test session."""
    if not os.path.exists(CHROMIUM):
        pytest.fail("chromium is not installed: apt-get install -y chromium (scripts/test and "
                    ".ci/run do this), or set CT_REFEREE_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@contextmanager
def open_page(browser: Any, **kw: Any) -> Iterator[Any]:
    """A new page of ``browser`` (``kw``: Playwright's ``new_page`` options: viewport,
    accept_downloads, is_mobile ...), closed on leaving; the test fails if a script on it threw
    (a ``pageerror``), named with the error's message."""
    pg = browser.new_page(**kw)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield pg
    finally:
        pg.close()
    assert not errors, errors


@pytest.fixture
def page_server() -> Iterator[Callable[[dict[str, str]], str]]:
    """``serve(files)`` -> the base URL of a static server on port 0 answering ``files`` (path ->
    HTML text); a test may start several (each is its own origin)."""
    servers: list[ThreadingHTTPServer] = []

    def serve(files: dict[str, str]) -> str:
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = files.get(self.path.split("?")[0])
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write((body or "not found").encode())

            def log_message(self, *args: Any) -> None:
                pass

        srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        servers.append(srv)
        return f"http://127.0.0.1:{srv.server_address[1]}"

    try:
        yield serve
    finally:
        for s in servers:
            s.shutdown()
            s.server_close()
