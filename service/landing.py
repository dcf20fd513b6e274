"""The referee's front page (``/``): where a person who opens the server's address goes next —
the game (``/play``), the API documentation (``/docs``, ``/openapi.json``), the README (served as
it is at ``/README.md``, each of its sections linked), and the operator's endpoints.

The README is read from the clone or, in an installed package, from
``<prefix>/share/ct-referee/README.md`` (pyproject.toml's data-files); a section link is a text
fragment (``#:~:text=``) that browsers scroll to in a plain-text document.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from urllib.parse import quote

from flask import Flask, Response

CLONE_README = Path(__file__).resolve().parent.parent / "README.md"
INSTALLED_README = Path(sys.prefix) / "share" / "ct-referee" / "README.md"
STYLE = ("body{font-family:system-ui,sans-serif;max-width:44em;margin:2em auto;padding:0 1em;"
         "line-height:1.5}a{color:#1a5c8a}li{margin:.3em 0}.big{font-size:1.25em}")


def readme_path() -> Path | None:
    for p in (CLONE_README, INSTALLED_README):
        if p.is_file():
            return p
    return None


def sections(text: str) -> list[str]:
    """The README's sections: its second-level headings (``## Quickstart``), in order."""
    return [m.group(1).strip() for m in re.finditer(r"^## +(.+)$", text, re.MULTILINE)]


def section_link(title: str) -> str:
    """A link into the served README at the heading ``title`` (a text fragment: its
    characters ``-``, ``,`` and ``&`` escaped as the syntax asks)."""
    return "/README.md#:~:text=" + quote(f"## {title}", safe="")


def page(play: bool, readme: str | None, version: str) -> str:
    """The landing page; ``play``: whether this referee serves the game page."""
    e = html.escape
    game = ("<li class='big'><a href='/play/'>Play a game</a> — Colonial Twilight in the"
            " browser, against the non-player FLN or hotseat</li>" if play else
            "<li>The game page is not served by this referee (--no-play-page or"
            " --bot-only).</li>")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>ct-referee</title><style>{STYLE}</style></head><body>",
        f"<h1>ct-referee {e(version)}</h1>",
        "<p>A stateless rules referee for <i>Colonial Twilight</i> and Brian Train's"
        " <i>Algeria</i>, over REST and gRPC.</p>",
        f"<ul>{game}",
        "<li class='big'><a href='/docs'>API documentation</a> — every call, its request and"
        " answer (machine-readable: <a href='/openapi.json'>/openapi.json</a>)</li></ul>"]
    if readme is not None:
        parts.append("<h2>Guide</h2><p>The project's README, as served here"
                     " (<a href='/README.md'>README.md</a>):</p><ul>")
        parts += [f"<li><a href='{e(section_link(t))}'>{e(t)}</a></li>" for t in sections(readme)]
        parts.append("</ul>")
    parts.append("<h2>For operators</h2><p><a href='/healthz'>/healthz</a> (liveness) ·"
                 " <a href='/readyz'>/readyz</a> (readiness, the cache) ·"
                 " <a href='/metrics'>/metrics</a> (Prometheus)</p></body></html>")
    return "".join(parts)


def register(app: Flask, play: bool, version: str) -> None:
    """``/`` (the landing page) and ``/README.md`` (when the README is installed)."""
    path = readme_path()
    readme = path.read_text(encoding="utf-8") if path is not None else None
    body = page(play, readme, version)

    @app.get("/")
    def landing() -> Response:
        return Response(body, mimetype="text/html")

    if readme is not None:
        @app.get("/README.md")
        def readme_file() -> Response:
            return Response(readme, mimetype="text/plain")
