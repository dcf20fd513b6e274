"""The web client (``clients/web/``: plain HTML, CSS and JavaScript) served at ``/play``.

Static files only: the page plays through the public REST API like any other front-end (it is
the reference one). ``--no-play-page`` / ``CT_REFEREE_PLAY_PAGE=false`` leaves it out.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, redirect, send_from_directory
from werkzeug.wrappers import Response as BaseResponse

WEB_DIR = Path(__file__).resolve().parent.parent / "clients" / "web"
FILES = ("index.html", "app.js", "record.js", "style.css")


def register(app: Flask, web_dir: Path = WEB_DIR) -> None:
    """``/play`` (the page) and ``/play/<file>`` (its scripts and style sheet)."""

    @app.get("/play")
    def play_redirect() -> BaseResponse:
        return redirect("/play/", code=308)  # the page's relative links need the slash

    @app.get("/play/")
    @app.get("/play/<name>")
    def play_file(name: str = "index.html") -> Response:
        if name not in FILES:
            return Response(f"no file {name!r} in the web client", status=404,
                            mimetype="text/plain")
        if not (web_dir / name).is_file():
            return Response(f"the web client is not installed here ({web_dir} is missing)",
                            status=404, mimetype="text/plain")
        r = send_from_directory(web_dir, name, max_age=0)
        r.headers["Cache-Control"] = "no-cache"
        return r
