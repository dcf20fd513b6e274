"""The OpenAPI document is typed for front-end authors: ``Move.t`` is an enum of both games' move
kinds (each game's vocabulary, engine.moves and algeria.moves), each kind has its own schema
listing its fields (one of them by the discriminator ``t``), the bots' trace entries have a schema,
and descriptions carry no section heading of the contract nor a trailing comma. Random games of
both games hold every listed move to its game's vocabulary and its kind's schema, real bot
decisions every trace entry to its own; every move and trace detail written in the games' code is
in its declared vocabulary, so one a random game does not reach cannot be left out of it."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any, Iterator

import jsonschema_rs
import pytest

import algeria
import engine
import engine.bot
import engine.govbot
import insurgent
import insurgent.bots
from algeria.data import SCENARIOS as ALGERIA_SCENARIOS
from engine.data import SCENARIOS

from service.games import GAMES
from service.openapi import docs_page, document

ROOT = Path(__file__).resolve().parents[2]
DOC = document()
SCHEMAS = DOC["components"]["schemas"]


def _validator(name: str) -> jsonschema_rs.Draft4Validator:
    """A validator of one component schema, its references resolved within the document."""
    schema = {"$ref": f"#/components/schemas/{name}", "components": DOC["components"]}
    return jsonschema_rs.Draft4Validator(schema)


def _played(game: Any, scenarios: list[str], options: list[dict[str, Any]],
            steps: int) -> Iterator[dict[str, Any]]:
    """Every legal move listed along random games (one per scenario and options)."""
    rnd = random.Random(21)
    for scenario in scenarios:
        for opts in options:
            s = game.new_game(scenario, rnd.randrange(1 << 30), opts)
            for _ in range(steps):
                moves = game.legal_moves(s)
                if not moves:
                    break
                yield from moves
                s, _ = game.apply(s, rnd.choice(moves))


def _check_moves(game: str, moves: Iterator[dict[str, Any]]) -> set[str]:
    vocabulary = GAMES[game].moves
    move = _validator("Move")
    seen: set[str] = set()
    for m in moves:
        assert m["t"] in vocabulary and set(m) - {"t"} <= set(vocabulary[m["t"]]), (game, m)
        move.validate(m)
        props = SCHEMAS[f"Move_{m['t']}"]["properties"]
        assert set(m) <= set(props), (m, sorted(props))  # listed, not only allowed
        seen.add(m["t"])
    return seen


def test_every_colonial_twilight_move_has_its_kind_and_fields() -> None:
    seen = _check_moves("colonial_twilight", _played(
        engine, list(SCENARIOS), [{}, {"chance": "external"}, {"deception": True}], 250))
    assert {"op", "sa", "space", "event", "pass", "roll"} <= seen


def test_every_algeria_move_has_its_kind_and_fields() -> None:
    seen = _check_moves("algeria", _played(algeria, list(ALGERIA_SCENARIOS),
                                           [{}, {"chance": "external"}], 250))
    assert {"mission", "unit", "roll"} <= seen


def _written(packages: tuple[str, ...]) -> Iterator[tuple[str, set[str]]]:
    """Each move written as a literal in the packages' code, ``{"t": "space", "space": s}``:
    its kind and the fields the literal names."""
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Dict):
                    continue
                keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
                kind = node.values[keys.index("t")] if "t" in keys else None
                if isinstance(kind, ast.Constant):
                    yield kind.value, {k for k in keys if isinstance(k, str)} - {"t"}


@pytest.mark.parametrize("game, packages", [("colonial_twilight", ("engine", "referee_core")),
                                            ("algeria", ("algeria", "referee_core")),
                                            ("insurgent", ("insurgent", "referee_core"))])
def test_every_move_written_in_a_game_is_in_its_vocabulary(game: str,
                                                           packages: tuple[str, ...]) -> None:
    """Kinds random games do not reach (Colonial Twilight's ``revenge``, Algeria's ``police``)
    are held to the vocabulary too: a kind or field the code writes and the table lacks fails."""
    vocabulary = GAMES[game].moves
    written = list(_written(packages))
    assert len({kind for kind, _ in written}) > 10
    missing = {kind: sorted(fields - set(vocabulary.get(kind, ()))) for kind, fields in written
               if kind not in vocabulary or not fields <= set(vocabulary[kind])}
    assert not missing, missing


def test_every_trace_detail_written_by_a_bot_is_declared() -> None:
    """The keywords of every ``note`` call in a bot's code are in its ``DETAILS``."""
    for package, declared in (("engine/bot", engine.bot.trace.DETAILS),
                              ("engine/govbot", engine.govbot.trace.DETAILS)):
        noted: set[str] = set()
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr == "note":
                    noted |= {k.arg for k in node.keywords if k.arg}
        assert noted and noted <= declared, (package, sorted(noted - declared))
    # INSURGENT's automated French writes its entries as literals with a "box" or "text"
    written: set[str] = set()
    for path in sorted((ROOT / "insurgent").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys
                        if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                if keys & {"box", "text"} and "kept" not in keys:  # kept: a list's step
                    written |= keys - {"box", "text"}
    assert written and written <= insurgent.bots.DETAILS, sorted(written - insurgent.bots.DETAILS)


def test_move_kind_is_an_enum_with_one_schema_per_kind() -> None:
    move = SCHEMAS["Move"]
    kinds = move["properties"]["t"]["enum"]
    assert move["discriminator"]["propertyName"] == "t"
    assert list(move["discriminator"]["mapping"]) == kinds
    assert [r["$ref"] for r in move["oneOf"]] == list(move["discriminator"]["mapping"].values())
    for kind in kinds:
        sch = SCHEMAS[f"Move_{kind}"]
        assert sch["properties"]["t"] == {"type": "string", "enum": [kind]}
        assert sch["required"] == ["t"]
    # the kinds the documentation names are all there, of both games
    documented = set()
    for doc in [ROOT / "docs" / "moves.md", *sorted((ROOT / "docs" / "algeria").glob("*.md"))]:
        documented |= set(re.findall(r'"t":\s*"(\w+)"', doc.read_text(encoding="utf-8")))
    assert documented and documented <= set(kinds), sorted(documented - set(kinds))
    # a kind shared by the games lists each game's fields; a typed field keeps its type
    assert {"piece", "space", "area", "unit"} <= set(SCHEMAS["Move_place"]["properties"])
    assert SCHEMAS["Move_pivotal"]["properties"]["card"] == {"type": "integer",
                                                             "format": "int32"}
    assert "take" in SCHEMAS["Move_replace"]["properties"]  # dict(base, take=...) in frames_b
    bad = _validator("Move")
    for wrong in ({"t": "no_such_kind"}, {"t": "pivotal", "card": "65"}, {"space": "Medea"}):
        assert not bad.is_valid(wrong), wrong


def _fln_to_move(seed: int) -> engine.State:
    rnd = random.Random(seed)
    s = engine.new_game("short", seed, {})
    while engine.to_move(s) != "fln":
        s, _ = engine.apply(s, rnd.choice(engine.legal_moves(s)))
    return s


def _insurgent_french_entries(seed: int) -> list[dict[str, Any]]:
    """The automated French's trace entries (insurgent.bots) in a solo game, the FLN random."""
    rnd = random.Random(seed)
    s = insurgent.new_game(None, seed, {"french_bot": True})
    out: list[dict[str, Any]] = []
    while insurgent.to_move(s) is not None and len(out) < 40:
        if insurgent.to_move(s) == "french":
            d = insurgent.bots.decide(s, seed)
            out += d.trace
            s = d.state
        else:
            s, _ = insurgent.apply(s, rnd.choice(insurgent.legal_moves(s)))
    assert any(e.get("lists") for e in out)
    return out


def test_bot_trace_entries_are_typed() -> None:
    trace = SCHEMAS["DecideResponse"]["properties"]["trace"]
    assert trace["items"] == {"$ref": "#/components/schemas/BotTraceEntry"}
    entry = _validator("BotTraceEntry")
    props = SCHEMAS["BotTraceEntry"]["properties"]
    entries: list[dict[str, Any]] = []
    for seed in (1, 2, 3):
        entries += engine.bot.decide(_fln_to_move(seed), seed)[2]
        s = engine.new_game("short", seed, {})
        if engine.to_move(s) == "gov":
            entries += engine.govbot.decide(s, seed).trace
    assert len(entries) > 5
    entries += _insurgent_french_entries(5)
    for e in entries:
        entry.validate(e)
        assert set(e) <= set(props), sorted(set(e) - set(props))
    assert not entry.is_valid({"text": "no box"})


def _descriptions(x: Any) -> Iterator[str]:
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "description" and isinstance(v, str):
                yield v
            else:
                yield from _descriptions(v)
    elif isinstance(x, list):
        for v in x:
            yield from _descriptions(v)


def test_descriptions_have_no_section_headings_nor_trailing_commas() -> None:
    texts = list(_descriptions(DOC))
    assert len(texts) > 100
    for text in texts:
        assert "----" not in text and text == text.strip(), text
        assert not text.endswith(","), text
    assert SCHEMAS["Scenario"]["properties"]["game"]["description"] == \
        '"colonial_twilight", "algeria" or "insurgent"'
    page = docs_page(DOC)
    assert "----" not in page
    assert not re.search(r",\s*</(td|p)>", page), re.search(r".{80},\s*</(td|p)>", page)
    assert "One of: colonial_twilight, algeria, insurgent (or empty: the default)" in page


def test_a_label_that_is_not_text_is_refused_as_the_document_says() -> None:
    """Move_*.label is a string: a listed move sent back keeps its label (ignored), anything else
    there is a 400 naming the field."""
    from service.config import Config
    from service.core import Core
    from service.rest import create_app

    http = create_app(Config(cache_size=8), Core(Config(cache_size=8))).test_client()
    game = http.post("/v1/games", json={"scenario": "short", "seed": 7}).get_json()
    move = game["legal_moves"][0]
    assert isinstance(move["label"], str) and move["label"]
    ok = http.post("/v1/apply", json={"state": game["state"], "move": move})
    assert ok.status_code == 200, ok.get_json()
    bad = http.post("/v1/apply", json={"state": game["state"], "move": {**move, "label": {}}})
    assert bad.status_code == 400
    assert bad.get_json()["error"]["field"] == "move.label"
    assert SCHEMAS[f"Move_{move['t']}"]["properties"]["label"]["type"] == "string"


def test_previewed_moves_keep_to_the_document() -> None:
    """A listed move's preview (``cost``, an object, and ``effect``: docs/moves.md, "Cost and
    effect") is typed in each move schema: NewGame with ``preview`` (Short, seed 55889, which
    lists a ``done`` with a Commitment cost at the Commitment adjustment) keeps to
    NewGameResponse, as do the next answers along the game."""
    from service.config import Config
    from service.core import Core
    from service.rest import create_app

    http = create_app(Config(cache_size=8), Core(Config(cache_size=8))).test_client()
    game = http.post("/v1/games", json={"scenario": "short", "seed": 55889,
                                        "preview": True}).get_json()
    assert any("cost" in m for m in game["legal_moves"])
    assert not [e.message for e in _validator("NewGameResponse").iter_errors(game)]
    assert SCHEMAS["Move_done"]["properties"]["cost"]["$ref"].endswith("/MoveCost")
    state, checked = game["state"], 0
    for _ in range(6):
        moves = game["legal_moves"]
        r = http.post("/v1/apply", json={"state": state, "move": moves[-1], "preview": True})
        game = r.get_json()
        assert r.status_code == 200, game
        assert not [e.message for e in _validator("ApplyResponse").iter_errors(game)]
        checked += sum(1 for m in game["legal_moves"] if "cost" in m or "effect" in m)
        state = game["state"]
    assert checked


@pytest.mark.parametrize("body, status", [
    ({"game": "insurgent"}, 200),                        # its one scenario, "standard"
    ({"game": "insurgent", "scenario": "standard"}, 200),
    ({"scenario": "1958", "game": "algeria"}, 200),
    ({"game": "colonial_twilight"}, 400),                # no scenario of its own
    ({"scenario": ""}, 400),
    ({"scenario": None, "game": "algeria"}, 400),
    ({"seed": 3}, 400),
])
def test_a_new_game_is_refused_exactly_when_the_document_says(body: dict[str, Any],
                                                              status: int) -> None:
    """NewGameRequest: a scenario is required unless the game has one of its own (INSURGENT),
    and every game's scenarios are in its enum. The fuzzer found ``{"game": "insurgent"}``
    answered 200 where the document required a scenario."""
    from service.config import Config
    from service.core import Core
    from service.rest import create_app

    http = create_app(Config(cache_size=8), Core(Config(cache_size=8))).test_client()
    r = http.post("/v1/games", json=body)
    assert r.status_code == status, r.get_json()
    errors = [e.message for e in _validator("NewGameRequest").iter_errors(body)]
    assert (not errors) == (status == 200), errors
    if status == 400:
        assert r.get_json()["error"]["field"] == "scenario"
