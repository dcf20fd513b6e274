"""The web client (``clients/web/``: plain HTML, CSS and JavaScript) served at ``/play``.

Static files only: the page plays through the public REST API like any other front-end (it is
the reference one). ``--no-play-page`` / ``CT_REFEREE_PLAY_PAGE=false`` leaves it out. The files
are read from the clone (``clients/web``) or, in an installed package, from
``<prefix>/share/ct-referee/web`` (pyproject.toml's data-files).
"""

from __future__ import annotations

import sys
from pathlib import Path

from flask import Flask, Response, redirect, send_from_directory
from werkzeug.wrappers import Response as BaseResponse

CLONE_DIR = Path(__file__).resolve().parent.parent / "clients" / "web"
INSTALLED_DIR = Path(sys.prefix) / "share" / "ct-referee" / "web"


def web_dir() -> Path:
    return CLONE_DIR if CLONE_DIR.is_dir() else INSTALLED_DIR


def register(app: Flask, directory: Path | None = None) -> None:
    """``/play`` (the page) and ``/play/<file>`` (its scripts and style sheet)."""
    where = directory or web_dir()

    @app.get("/play")
    def play_redirect() -> BaseResponse:
        return redirect("/play/", code=308)  # the page's relative links need the slash

    @app.get("/play/")
    @app.get("/play/<name>")
    def play_file(name: str = "index.html") -> Response:
        if not (where / "index.html").is_file():
            return Response(f"the web client is not installed here ({where} is missing)",
                            status=404, mimetype="text/plain")
        r = send_from_directory(where, name, max_age=0)  # safe: no path outside ``where``
        r.headers["Cache-Control"] = "no-cache"
        return r
