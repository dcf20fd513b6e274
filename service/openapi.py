"""The OpenAPI 3 document of the REST API, derived from the contract's message descriptors (so the
two can never disagree), and a small browsable HTML page built from it."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor

import engine
from algeria.data import SCENARIOS as ALGERIA_SCENARIOS
from engine.bot.trace import DETAILS as FLN_BOT_DETAILS
from engine.data import SCENARIOS
from engine.govbot.trace import DETAILS as GOV_BOT_DETAILS
from insurgent.bots import DETAILS as FRENCH_BOT_DETAILS
from engine.view import ROLES
from referee_core.options import CHANCE_MODES

from ct_referee_proto.v1 import referee_pb2 as pb

from .errors import STATUS
from .games import GAMES
from .operations import OPERATIONS
from .replay import EVERY

# The contract's comments by element ("Service.Method", "Message", "Message.field"), generated
# with the code (scripts/gen_proto.py).
COMMENTS: dict[str, str] = json.loads(resources.files("ct_referee_proto").joinpath(
    "v1", "referee_docs.json").read_text(encoding="utf-8"))

SCALARS = {
    FieldDescriptor.TYPE_STRING: {"type": "string"},
    FieldDescriptor.TYPE_BOOL: {"type": "boolean"},
    FieldDescriptor.TYPE_INT32: {"type": "integer", "format": "int32"},
    FieldDescriptor.TYPE_INT64: {"type": "integer", "format": "int64"},
    FieldDescriptor.TYPE_DOUBLE: {"type": "number"},
}
ERROR_BODY = {
    "type": "object",
    "description": "A failure: REST answers {\"error\": Error}, gRPC a status code with the "
                   "ct_referee.v1.Error message as a google.rpc.Status detail.",
    "properties": {"error": {"$ref": "#/components/schemas/Error"}},
    "required": ["error"],
}
ERROR_CODES = "; ".join(f"{code}: HTTP {http}, gRPC {grpc.name}"
                        for code, (http, grpc) in STATUS.items())


# What proto3 cannot say: the fields the service requires, and the values it accepts.
REQUIRED: dict[str, list[str]] = {
    "LegalMovesRequest": ["state"], "ApplyRequest": ["state"],
    "ValidateRequest": ["state"], "ViewRequest": ["state"], "DecideRequest": ["state"],
    "GameState": ["json"], "Move": ["t"], "ReplayRequest": ["game"],
    "CheckRecordRequest": ["record"],
}
GAME = {"enum": [*GAMES, "", None]}
# NewGame: a scenario is required unless the game named has one of its own (INSURGENT's
# "standard": service.games.Game.default_scenario)
DEFAULT_SCENARIOS = {g.name: g.default_scenario for g in GAMES.values() if g.default_scenario}
SCENARIO_REQUIRED: dict[str, Any] = {"anyOf": [
    {"required": ["scenario"], "properties": {"scenario": {"type": "string", "minLength": 1}}},
    {"required": ["game"], "properties": {"game": {"enum": list(DEFAULT_SCENARIOS)}}}]}
CONSTRAINTS: dict[tuple[str, str], dict[str, Any]] = {
    # each game's own scenarios (ListScenarios of the game)
    ("NewGameRequest", "scenario"): {"enum": [*SCENARIOS, *ALGERIA_SCENARIOS,
                                              *DEFAULT_SCENARIOS.values(), None]},
    ("NewGameRequest", "game"): GAME,
    ("ListScenariosRequest", "game"): GAME,
    ("CatalogRequest", "game"): GAME,
    ("GameOptions", "chance"): {"enum": [*CHANCE_MODES, None]},
    ("LegalMovesRequest", "role"): {"enum": [*ROLES, None]},
    ("ViewRequest", "role"): {"enum": [*ROLES, None]},
    ("DecideRequest", "role"): {"enum": [*ROLES, None]},
    ("ReplayRequest", "role"): {"enum": [*ROLES, None]},
    ("ReplayRequest", "every"): {"enum": [*EVERY, None]},
    ("ReplayRequest", "first"): {"minimum": 0},
    ("ReplayRequest", "count"): {"minimum": 0},
    ("GameState", "json"): {"minLength": 1},
    ("CheckRecordRequest", "record"): {"minLength": 1},
    ("Error", "code"): {"enum": list(STATUS), "description": ERROR_CODES},
}
# Examples of requests a reader can send as they are (states are elided: send the `state` object
# of a previous answer).
STATE = {"json": "<the state document of a previous answer>"}
EXAMPLES: dict[str, Any] = {
    "NewGameRequest": {"scenario": "short", "seed": 7, "options": {"chance": "managed"}},
    # ("game": "algeria" with "scenario": "1954", "1958" or "1960": Brian Train's Algeria)
    "LegalMovesRequest": {"state": STATE, "role": "gov"},
    "ApplyRequest": {"state": STATE, "move": {"t": "decline"}},
    "ValidateRequest": {"state": STATE, "moves": [{"t": "decline"}, {"t": "decline"}]},
    "ViewRequest": {"state": STATE, "role": "observer"},
    "DecideRequest": {"state": STATE, "seed": 1, "role": "gov"},
    "ReplayRequest": {"game": {"scenario": "short", "seed": 7},
                      "moves": [{"t": "decline"}, {"t": "decline"}, {"t": "pass"}],
                      "every": "move", "views": True, "role": "gov"},
    "Move": {"t": "space", "space": "Medea"},
    "CheckRecordRequest": {"record": '{"format":"ct-record/1","scenario":"short","seed":7}\n'
                                     '{"t":"decline"}\n{"t":"pass"}\n', "name": "GAME.jsonl"},
}

# Apply and Validate take one move, or a whole turn as a non-empty list, not both.
ONE_MOVE: dict[str, Any] = {"oneOf": [{"required": ["move"]},
                      {"required": ["moves"], "properties": {"moves": {"minItems": 1}}}]}


def _field_schema(f: FieldDescriptor, defs: dict[str, Any]) -> dict[str, Any]:
    md = f.message_type
    if f.type == FieldDescriptor.TYPE_MESSAGE and md is not None:
        if md.GetOptions().map_entry:
            return {"type": "object", "additionalProperties": _field_schema(
                md.fields_by_name["value"], defs)}
        if md.full_name == "google.protobuf.Struct":
            s: dict[str, Any] = {"type": "object", "additionalProperties": True}
        elif md.full_name == "google.protobuf.ListValue":
            s = {"type": "array", "items": {}}
        else:
            _message_schema(md, defs)
            s = {"$ref": f"#/components/schemas/{md.name}"}
    else:
        s = dict(SCALARS.get(f.type, {"type": "string"}))
    if f.is_repeated and not (md is not None and md.GetOptions().map_entry):
        return {"type": "array", "items": s}
    return s


STR_OR_INT: dict[str, Any] = {"anyOf": [{"type": "string"},
                                         {"type": "integer", "format": "int32"}]}


def _vocabulary() -> dict[str, dict[str, tuple[str, ...]]]:
    """Each move kind of either game -> the games that have it -> the fields it carries there."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for game in GAMES.values():
        for kind, fields in game.moves.items():
            out.setdefault(kind, {})[game.title] = fields
    return dict(sorted(out.items()))


def _move_schemas(md: Descriptor, defs: dict[str, Any]) -> None:
    """A Move in its flat form (docs/moves.md): one schema per kind ``t`` of either game's
    vocabulary (``Game.moves``: engine.moves, algeria.moves), each listing the fields its moves
    carry, and ``Move``, one of them by ``t``. ``value`` is a string or an integer, ``label``
    display text (ignored in requests); the contract's typed fields keep their types, the others
    are strings or integers, as is any field a newer engine adds (where the proto3 mapping would
    have ``value_int``/``value_str`` and ``args``)."""
    value = md.oneofs_by_name["value"]
    typed = {f.name: SCALARS[f.type] for f in md.fields
             if f.message_type is None and f.containing_oneof is not value}
    # display data of a listed move, never part of the move: its label, and its cost and
    # effect when previews are asked for (docs/moves.md, "Cost and effect")
    display = {"label": {"type": "string", **_described("Move.label")},
               **{x: {**_field_schema(md.fields_by_name[x], defs), **_described(f"Move.{x}")}
                  for x in ("cost", "effect")}}
    mapping: dict[str, str] = {}
    for kind, games in _vocabulary().items():
        fields = sorted({x for fs in games.values() for x in fs})
        per_game = "; ".join(f"{title}: " + (", ".join(f"`{x}`" for x in sorted(fs))
                                              or "no other field")
                             for title, fs in games.items())
        name = f"Move_{kind}"
        defs[name] = {
            "type": "object", "description": f"A `{kind}` move ({per_game}).",
            "properties": {"t": {"type": "string", "enum": [kind]},
                           **{x: dict(typed.get(x, STR_OR_INT)) for x in fields},
                           **display},
            "required": ["t"], "additionalProperties": STR_OR_INT}
        mapping[kind] = f"#/components/schemas/{name}"
    defs[md.name] = {
        "type": "object", **_described(md.name),
        "properties": {"t": {"type": "string", "enum": list(mapping),
                             "description": "the move's kind (docs/moves.md)"}},
        "required": REQUIRED[md.name],
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "t", "mapping": mapping},
        "example": {"t": "pick", "value": "Philippeville"}}


# One entry of a bot's trace (engine.bot.trace, engine.govbot.trace, insurgent.bots).
TRACE_ENTRY = "BotTraceEntry"
FIELD_SCHEMAS: dict[tuple[str, str], dict[str, Any]] = {
    ("DecideResponse", "trace"): {"type": "array",
                                  "items": {"$ref": f"#/components/schemas/{TRACE_ENTRY}"}},
}


def _trace_schema() -> dict[str, Any]:
    return {"type": "object",
            "description": "One choice of the bot, as a person reads it: the flowchart box or rule "
                           "(8.4.x; \"tie\" for a tie-breaker, \"8.2\" for a random choice), "
                           "the explanation, and details of the choice.",
            "properties": {"box": {"type": "string", "description": "the flowchart box or rule"},
                           "text": {"type": "string", "description": "the explanation"},
                           **{d: {"description": "a detail of the choice"}
                              for d in sorted(FLN_BOT_DETAILS | GOV_BOT_DETAILS
                                                    | FRENCH_BOT_DETAILS)}},
            "required": ["box", "text"], "additionalProperties": True}


# A section heading of the contract ("// ---- Games (service/games.py) ----"), which a comment
# attached to the element below it carries along: not part of the element's description.
SECTION = re.compile(r"\s*-{4}.*?-{4}\s*", re.S)


def _described(name: str) -> dict[str, str]:
    text = SECTION.sub(" ", COMMENTS.get(name, "")).strip()
    return {"description": text} if text else {}


def _message_schema(md: Descriptor, defs: dict[str, Any]) -> None:
    if md.name in defs:
        return
    if md.full_name == pb.Move.DESCRIPTOR.full_name:
        _move_schemas(md, defs)
        return
    defs[md.name] = {}
    # null stands for the default of any field (proto3 JSON mapping)
    props = {f.name: {**(FIELD_SCHEMAS.get((md.name, f.name)) or _field_schema(f, defs)),
                      **_described(f"{md.name}.{f.name}"),
                      **CONSTRAINTS.get((md.name, f.name), {}), "nullable": True}
             for f in md.fields}
    schema: dict[str, Any] = {"type": "object", **_described(md.name), "properties": props,
                              "additionalProperties": False}
    if md.name in EXAMPLES:
        schema["example"] = EXAMPLES[md.name]
    if md.name in REQUIRED:
        schema["required"] = REQUIRED[md.name]
    if md.name in ("ApplyRequest", "ValidateRequest"):
        schema.update(ONE_MOVE)
    if md.name == "NewGameRequest":
        schema.update(SCENARIO_REQUIRED)
    defs[md.name] = schema


def document() -> dict[str, Any]:
    defs: dict[str, Any] = {"ErrorBody": ERROR_BODY, TRACE_ENTRY: _trace_schema()}
    _message_schema(pb.Error.DESCRIPTOR, defs)
    paths: dict[str, Any] = {}
    for o in OPERATIONS:
        resp = o.descriptor.output_type
        _message_schema(resp, defs)
        op: dict[str, Any] = {
            "operationId": o.rpc, "summary": o.summary,
            **_described(f"{o.descriptor.containing_service.name}.{o.rpc}"),
            "responses": {
                "200": {"description": "OK", "content": {"application/json": {
                    "schema": {"$ref": f"#/components/schemas/{resp.name}"}}}},
                "default": {"description": "Error", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/ErrorBody"}}}},
            },
        }
        if o.versioned:
            op["responses"]["304"] = {"description": "Not Modified: the If-None-Match ETag is "
                                                     "the current version"}
            op["parameters"] = [{"name": "If-None-Match", "in": "header", "required": False,
                                 "schema": {"type": "string"},
                                 "description": "the ETag of the copy the client holds"}]
        if o.http_method == "GET" and "game" in o.descriptor.input_type.fields_by_name:
            op.setdefault("parameters", []).append(
                {"name": "game", "in": "query", "required": False,
                 "schema": {"type": "string", "enum": [*GAMES, ""]},
                 "description": "the game: colonial_twilight (default) or algeria"})
        if o.http_method != "GET":
            req = o.descriptor.input_type
            _message_schema(req, defs)
            op["requestBody"] = {"required": True, "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{req.name}"}}}}
        paths[o.path] = {o.http_method.lower(): op}
    for path, summary in (("/healthz", "Liveness."), ("/readyz", "Readiness; reports the cache"
                                                       " as ok or degraded."),
                          ("/metrics", "Prometheus metrics.")):
        paths[path] = {"get": {"summary": summary, "responses": {"200": {"description": "OK"}}}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "ct-referee", "version": engine.VERSION, "description":
                 "A stateless rules referee for Colonial Twilight and Brian Train's Algeria "
                 "(NewGame's `game`; every other call recognises the game from its state's "
                 "schema). Bodies are the proto3 JSON "
                 "mapping of the ct_referee.v1 messages (proto/ct_referee/v1/referee.proto), "
                 "except that a move is its flat form of docs/moves.md, e.g. "
                 "{\"t\": \"pick\", \"value\": \"Philippeville\"}. "
                 "Errors: {\"error\": {code, message, rule, move_index, field}} with 400 "
                 "(malformed), 403 (seat token), 409 (forked state), 413 (too large), 422 "
                 "(invalid state, illegal move, signature, seal, a call not for the state's "
                 "game), 501 (not in this build), 503 "
                 "(time limit, game registry unavailable), 500 (internal; no details). "
                 "docs/trust.md: what each trust mode guarantees."},
        "paths": paths,
        "components": {"schemas": defs},
    }


def docs_page(doc: dict[str, Any], play: bool = True) -> str:
    """A self-contained, browsable page (no external scripts); ``play``: whether the referee
    serves the game page (``/play``), which the page then links."""
    e = html.escape
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>ct-referee API</title>"
             "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
             "padding:0 1em}code,pre{background:#f4f4f4}pre{padding:.6em;overflow:auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;"
             "text-align:left}h2{border-top:1px solid #ddd;padding-top:1em}</style></head><body>",
             "<p><a href='/'>ct-referee</a>"
             + (" · <a href='/play/'>Play a game</a>" if play else "") + "</p>",
             f"<h1>ct-referee API {e(doc['info']['version'])}</h1>",
             f"<p>{e(doc['info']['description'])}</p>",
             "<p>Machine-readable: <a href='/openapi.json'>/openapi.json</a> (OpenAPI 3).</p>"]
    schemas = doc["components"]["schemas"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            parts.append(f"<h2><code>{e(method.upper())} {e(path)}</code></h2>"
                         f"<p>{e(op.get('summary', ''))}</p>")
            if op.get("description"):
                parts.append(f"<p><i>gRPC {e(op['operationId'])}:</i> "
                             f"{e(op['description'])}</p>")
            for label, ref in (("Request", op.get("requestBody", {}).get("content", {}).get(
                    "application/json", {}).get("schema", {}).get("$ref")),
                    ("Response", op["responses"]["200"].get("content", {}).get(
                        "application/json", {}).get("schema", {}).get("$ref"))):
                if ref:
                    name = ref.rsplit("/", 1)[-1]
                    parts.append(f"<p>{label}: <a href='#{e(name)}'>{e(name)}</a></p>")
    parts.append("<h2>Messages</h2>")
    for name, sch in sorted(schemas.items()):
        parts.append(f"<h3 id='{e(name)}'>{e(name)}</h3>")
        if sch.get("description"):
            parts.append(f"<p>{e(sch['description'])}</p>")
        if "discriminator" in sch:
            kinds = sch["discriminator"]["mapping"]
            parts.append("<p>By <code>t</code>, one of: " + ", ".join(
                f"<a href='#{e(ref.rsplit('/', 1)[-1])}'>{e(k)}</a>"
                for k, ref in kinds.items()) + "</p>")
        if "example" in sch:
            parts.append(f"<p>Example:</p><pre>{e(json.dumps(sch['example']))}</pre>")
        parts.append("<table><tr><th>field</th><th>type</th><th>description</th></tr>")
        for fname, fs in sch.get("properties", {}).items():
            desc = fs.get("description", "")
            if fs.get("enum"):
                values = "One of: " + ", ".join(str(x) for x in fs["enum"] if x not in (None, ""))
                values += " (or empty: the default)" if "" in fs["enum"] else ""
                desc = f"{desc.rstrip('.')}. {values}" if desc else values
            parts.append(f"<tr><td><code>{e(fname)}</code></td><td>{_type_html(fs)}</td>"
                         f"<td>{e(desc)}</td></tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)


def _type_html(s: dict[str, Any]) -> str:
    if "$ref" in s:
        n = html.escape(s["$ref"].rsplit("/", 1)[-1])
        return f"<a href='#{n}'>{n}</a>"
    if s.get("type") == "array":
        return "list of " + _type_html(s.get("items") or {"type": "any"})
    if s.get("type") == "object" and isinstance(s.get("additionalProperties"), dict):
        return "map of " + _type_html(s["additionalProperties"])
    return html.escape(str(s.get("type", "any")))
