"""The orjson fast path of referee_core.jsontext gives exactly what the standard library gives: the same
canonical bytes for every state and piece of plain data, the same parse (or the same error) for
every text (referee_core/jsontext.py)."""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest

import engine
from referee_core import jsontext

pytest.importorskip("orjson")
pytestmark = pytest.mark.skipif(jsontext._fast_dumps is None, reason="orjson fast path off")


def std_dumps(data: Any) -> str:
    return jsontext._ENCODER.encode(data)


def std_from_json(text: str | bytes) -> Any:
    """engine.from_json with the fast path switched off: the State, or the StateError's fields."""
    saved = jsontext._fast_loads, jsontext._fast_dumps
    jsontext._fast_loads = jsontext._fast_dumps = None
    try:
        return outcome(text)
    finally:
        jsontext._fast_loads, jsontext._fast_dumps = saved


def outcome(text: str | bytes) -> Any:
    try:
        return engine.to_json(engine.from_json(text))
    except engine.StateError as e:
        return ("StateError", e.field, e.reason, e.rule)


def game_states() -> Iterator[engine.State]:
    """States of random games of the three scenarios, every 7th position."""
    for scenario in ("short", "medium", "full"):
        for seed in range(3):
            rnd = random.Random(seed)
            s = engine.new_game(scenario, seed, {})
            for i in range(120):
                ms = engine.legal_moves(s)
                if not ms:
                    break
                if i % 7 == 0:
                    yield s
                s, _ = engine.apply(s, rnd.choice(ms))


STATES = list(game_states())

EDGE_DATA: list[Any] = [
    {"a": "\x00\x01\x08\x1f\x7f\"\\/\u2028\u2029\u00e9\U0001F600\b\f\n\r\t"},
    {"\u00e9": 1, "e": 2, "z": 3, "Z": [], "": {}, "\U0001F600": None, "\uffff": True},
    {"k": 2 ** 63 - 1, "m": -2 ** 63, "u": 2 ** 64 - 1, "big": 2 ** 64, "neg": -2 ** 63 - 1},
    {"f": [1.0, 1e16, -0.0, 1e-7, float("nan"), float("inf")]},
    {"s": "\ud800", "t": ["\udfff"]},
    {1: "int key", "2": "str key"},
    (1, 2, [3, (4,)]),
    [],
    {},
    "",
    True,
    None,
]


def nested(depth: int) -> Any:
    x: Any = []
    for _ in range(depth):
        x = [x]
    return x


def test_states_are_written_byte_for_byte_alike() -> None:
    assert len(STATES) > 60
    for s in STATES:
        data = s.to_data()
        assert engine.to_json(s) == std_dumps(data) == jsontext.dumps(data)


@pytest.mark.parametrize("data", EDGE_DATA + [nested(80), nested(300), nested(1000)],
                         ids=lambda d: type(d).__name__)
def test_plain_data_is_written_alike(data: Any) -> None:
    try:
        expected = std_dumps(data)
    except (TypeError, ValueError, RecursionError) as e:
        with pytest.raises(type(e)):
            jsontext.dumps(data)
        return
    assert jsontext.dumps(data) == expected


def texts() -> Iterator[str | bytes]:
    """Canonical states, their renamings and mutations, and texts on the edge of JSON."""
    rnd = random.Random(5)
    for s in STATES[::4]:
        text = engine.to_json(s)
        yield text
        yield text.encode()
        yield " \n" + text + "\t"
        for _ in range(6):
            i = rnd.randrange(len(text))
            yield text[:i] + rnd.choice(["NaN", "1e400", "1.0", "-0", "\\ud800", "\"é\"",
                                         "18446744073709551616", "", "}", "\x01", "\ufeff",
                                         "9223372036854775808", "[]", "null"]) + text[i + 1:]
        b = text.encode()
        i = rnd.randrange(len(b))
        yield b[:i] + b"\xff\xfe" + b[i:]
    yield from ['{"a":1,"a":2}', "NaN", "[1e400]", '"\\ud800"', "\ufeff{}", '{"a":"\x01"}',
                "[1.0]", "[-0]", "[18446744073709551616]", "", "  {} ", "[" * 5000, "{}", "[]"]
    yield b"\xef\xbb\xbf{}"


def test_every_text_gets_the_same_verdict() -> None:
    n = 0
    for text in texts():
        assert outcome(text) == std_from_json(text), repr(text)[:200]
        n += 1
    assert n > 100


@pytest.mark.parametrize("text", ['{"seed":-9223372036854775809}', '{"a":18446744073709551616}',
                                  '{"a":1.5,"b":[1e400]}', "[NaN]", '"\\ud800"', '{"a":1}',
                                  '{"a":"\u00e9"}', "{", ""])
def test_plain_loads_is_json_loads(text: str) -> None:
    """engine.jsontext.loads (REST bodies) gives json.loads's data, or its error."""
    try:
        expected = json.loads(text)
    except ValueError as e:
        with pytest.raises(type(e)):
            jsontext.loads(text)
        return
    got = jsontext.loads(text)
    assert repr(got) == repr(expected)
