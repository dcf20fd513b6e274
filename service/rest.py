"""The REST transport (Flask app factory): JSON in the proto3 JSON mapping of the contract's
messages, converted to and from the one application core. Nothing is decided here."""

from __future__ import annotations

import json
import re
import time
from typing import Callable
from urllib.parse import parse_qsl

from flask import Flask, Response, request
from google.protobuf import json_format
from google.protobuf.message import Message
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from referee_core.jsontext import loads

import engine

from . import catalog, landing, play_page
from .config import Config
from .jsonmap import from_dict, to_dict, to_json_body  # noqa: F401  (the REST form)
from .moves import MoveError
from .core import Call, Core
from .errors import ServiceError, internal
from .front import DEADLINE_KEY
from .openapi import docs_page, document
from .operations import BOTS, FLN_BOT, OPERATIONS, Operation


def parse_body(body: bytes, cls: type[Message]) -> Message:
    """A request body in the JSON form of ``cls`` (service.jsonmap: moves flat). The state
    document (a long string) is set directly rather than through json_format, which scans every
    string with a regex."""
    msg = cls()
    if not body.strip():
        return msg
    try:
        data = loads(body)
    except (UnicodeDecodeError, ValueError) as e:
        raise ServiceError("invalid_argument", f"malformed request: not JSON: {e}") from None
    except RecursionError:
        raise ServiceError("invalid_argument", "malformed request: JSON nested too deeply"
                           ) from None
    if not isinstance(data, dict):
        raise ServiceError("invalid_argument", "malformed request: the body must be an object")
    doc = None
    st = data.get("state")
    if isinstance(st, dict) and isinstance(st.get("json"), str) and "state" in (
            msg.DESCRIPTOR.fields_by_name):
        st = dict(st)
        doc = st.pop("json")
        data["state"] = st
    try:
        from_dict(data, msg)
        if doc is not None:
            msg.state.json = doc  # type: ignore[attr-defined]
    except json_format.ParseError as e:
        text = str(e)
        field = ""
        m = re.search(r'Failed to parse (\w+) field|has no field named "(\w+)"', text)
        if m:
            field = m.group(1) or m.group(2)
        raise ServiceError("invalid_argument", f"malformed request: {text}", field=field) from None
    except MoveError as e:
        raise ServiceError("invalid_argument", e.message, field=e.field) from None
    except (UnicodeError, ValueError, TypeError) as e:
        raise ServiceError("invalid_argument", f"malformed request: {e}", field="state") from None
    except RecursionError:
        raise ServiceError("invalid_argument", "malformed request: nested too deeply") from None
    return msg


def parse_query(query: bytes, cls: type[Message]) -> Message:
    """A GET request's query string (``?game=algeria``) as the fields of ``cls``; an unknown
    parameter is named."""
    msg = cls()
    try:
        from_dict(dict(parse_qsl(query.decode(), keep_blank_values=True)), msg)
    except MoveError as e:
        raise ServiceError("invalid_argument", e.message.replace("field", "parameter", 1),
                           field=e.field) from None
    except (UnicodeError, json_format.ParseError) as e:
        raise ServiceError("invalid_argument", f"malformed query: {e}") from None
    return msg


def error_response(err: ServiceError) -> Response:
    return Response(json.dumps(err.to_json()), status=err.http_status,
                    mimetype="application/json")


def create_app(config: Config | None = None, core: Core | None = None) -> Flask:
    """The REST app; ``core`` is shared with the gRPC server when both run in one process."""
    config = config or Config()
    core = core or Core(config)
    app = Flask("ct_referee")
    app.config["MAX_CONTENT_LENGTH"] = config.max_request_bytes
    app.extensions["ct_referee_core"] = core
    metrics = core.metrics
    doc = document()
    if not core.bot_available:
        for o in OPERATIONS:
            if o.service == FLN_BOT:
                doc["paths"][o.path][o.http_method.lower()]["summary"] += (
                    " (not in this build: 501)")
    doc_bytes = json.dumps(doc, indent=1).encode()
    play = config.play_page and not config.bot_only
    page = docs_page(doc, play)

    def read_body() -> bytes:
        raw = request.get_data()
        if request.content_length is None and len(raw) >= config.max_request_bytes:
            # a streamed (chunked) body that reached the limit: reading on past it raises 413
            request.stream.read(1)
        return raw

    def make_view(op: Operation) -> Callable[[], Response]:
        cls = op.request

        get = op.http_method == "GET"

        def decode(raw: bytes) -> Message:
            return parse_query(raw, cls) if get else parse_body(raw, cls)

        def view() -> Response:
            with metrics.observe("rest", op.label) as outcome:
                version = catalog.version(request.args.get("game", "")) if op.versioned else ""
                if version and request.if_none_match.contains(version):
                    r = Response(status=304)  # the client holds the current version
                    r.set_etag(version)
                    r.headers["Cache-Control"] = "no-cache"
                    return r
                try:
                    # behind ``front``, the deadline began when the headers came in
                    due = request.environ.get(DEADLINE_KEY)
                    call: Call = core.call(None if due is None else due - time.monotonic())
                    raw = request.query_string if get else read_body()
                    body = core.handle(op.core_method, "json", raw, decode, to_json_body, call)
                    r = Response(body, mimetype="application/json")
                    r.headers["X-Cache"] = call.cache
                    if op.versioned:  # If-None-Match: the version the client holds -> 304
                        r.set_etag(version)
                        r.headers["Cache-Control"] = "no-cache"
                        r.make_conditional(request)  # 304 when If-None-Match matches
                    return r
                except ServiceError as e:
                    outcome[0] = e.code
                    return error_response(e)
                except RequestEntityTooLarge:
                    outcome[0] = "payload_too_large"
                    return error_response(_too_large(config))
        view.__name__ = "ep_" + op.core_method
        return view

    for op in OPERATIONS:
        if config.bot_only and op.service not in BOTS:
            continue
        app.add_url_rule(op.path, view_func=make_view(op), methods=[op.http_method])

    @app.get("/healthz")
    def healthz() -> Response:
        return Response('{"status":"ok"}', mimetype="application/json")

    @app.get("/readyz")
    def readyz() -> Response:
        return Response(json.dumps(core.readiness()), mimetype="application/json")

    @app.get("/metrics")
    def metrics_page() -> Response:
        core.readiness()  # refresh the cache gauge
        return Response(metrics.render(), mimetype="text/plain; version=0.0.4")

    @app.get("/openapi.json")
    def openapi() -> Response:
        return Response(doc_bytes, mimetype="application/json")

    @app.get("/docs")
    def docs() -> Response:
        return Response(page, mimetype="text/html")

    landing.register(app, play, engine.VERSION)
    if play:
        play_page.register(app)

    if config.cors_origins:
        app.after_request(_cors(config.cors_origins))

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException) -> Response:
        code = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}.get(
            e.code or 0, "invalid_argument")
        r = error_response(ServiceError(code, e.description or e.name))
        for k, v in e.get_headers():
            if k.lower() == "allow":  # 405 names the methods the path has (RFC 9110)
                r.headers["Allow"] = v
        return r

    @app.errorhandler(Exception)
    def crash(e: Exception) -> Response:  # outside the core (which has its own guard)
        return error_response(internal())

    return app


CORS_HEADERS = "Content-Type, If-None-Match"
CORS_EXPOSE = "ETag, X-Cache"
CORS_MAX_AGE = "86400"


def _cors(origins: tuple[str, ...]) -> Callable[[Response], Response]:
    """Cross-origin access for browser pages from ``origins`` ("*" = any), on every path: the
    allowed origin on each answer, and preflight (OPTIONS with Access-Control-Request-Method)
    answered 204 with the path's methods, the request headers a client may send and how long
    the answer may be cached. A request from another origin gets no CORS headers (the browser
    then refuses the page access)."""
    any_origin = "*" in origins

    def add(r: Response) -> Response:
        r.vary.add("Origin")
        origin = request.headers.get("Origin")
        if origin is None or not (any_origin or origin in origins):
            return r
        r.headers["Access-Control-Allow-Origin"] = "*" if any_origin else origin
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            if r.status_code == 200:  # Flask's automatic OPTIONS answer: the path exists
                r.status_code = 204
                r.set_data(b"")
                del r.headers["Content-Type"]
                r.headers["Access-Control-Allow-Methods"] = r.headers.get("Allow", "")
                r.headers["Access-Control-Allow-Headers"] = CORS_HEADERS
                r.headers["Access-Control-Max-Age"] = CORS_MAX_AGE
        else:
            r.headers["Access-Control-Expose-Headers"] = CORS_EXPOSE
        return r
    return add


def _too_large(config: Config) -> ServiceError:
    return ServiceError("payload_too_large",
                        f"the request is larger than {config.max_request_bytes} bytes")
