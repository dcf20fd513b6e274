"""The generated code is exactly what scripts/gen_proto.py makes from proto/; the conversions
between engine moves and contract Moves, and of plain documents to Structs, are exact."""

from __future__ import annotations

import enum
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import algeria
import engine
from ct_referee_client import move_dict, to_move
from ct_referee_proto.v1 import referee_pb2 as pb
from service.moves import MoveError, move_from_engine, move_to_engine

ROOT = Path(__file__).resolve().parents[2]


def test_generated_code_is_not_stale() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_proto.py"), "--check"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("m", [
    {"t": "pass"},
    {"t": "op", "op": "sweep", "box": "limited_op"},
    {"t": "move", "piece": "french_troops", "from": "Algiers", "to": "Medea"},
    {"t": "roll", "value": 6},
    {"t": "pick", "value": "Philippeville"},
    {"t": "pick", "value": 0},
    {"t": "pick", "value": ""},
    {"t": "pick", "value": 2**40},
    {"t": "draw", "card": 23},
    {"t": "future", "marker": "terror", "count": 3},
    {"t": "space", "space": "Medea", "card": 2**40},
])
def test_moves_round_trip(m: dict[str, object]) -> None:
    pm = move_from_engine(m)
    assert move_to_engine(pm) == m
    assert move_dict(pm) == m
    assert to_move(m) == pm


def test_a_client_move_is_sent_as_the_service_writes_it() -> None:
    """A bool or a whole float in a move dict is the integer it stands for, on both sides."""
    pm = to_move({"t": "x", "flag": True, "count": 2.0, "card": 3.0})
    assert pm == move_from_engine({"t": "x", "flag": 1, "count": 2, "card": 3})
    assert move_to_engine(pm) == {"t": "x", "flag": 1, "count": 2, "card": 3}


def test_value_holds_a_string_or_an_integer_in_its_typed_field() -> None:
    assert move_from_engine({"t": "pick", "value": "Medea"}).WhichOneof("value") == "value_str"
    assert move_from_engine({"t": "roll", "value": 3}).WhichOneof("value") == "value_int"
    assert not move_from_engine({"t": "pick", "value": "Medea"}).HasField("args")


def test_a_label_travels_out_and_is_ignored_in() -> None:
    pm = move_from_engine({"t": "pass", "label": "Pass (+1 Resource)"})
    assert pm.label == "Pass (+1 Resource)"
    assert move_to_engine(pm) == {"t": "pass"}
    assert move_to_engine(pb.Move(t="pass", args={"label": "x"})) == {"t": "pass"}


def test_every_engine_option_is_in_the_contract() -> None:
    """GameOptions holds the options of every game, and nothing else."""
    from algeria.setup import OPTION_DEFAULTS as ALGERIA_OPTIONS
    from engine.scenarios import OPTION_DEFAULTS
    from insurgent.setup import OPTION_DEFAULTS as INSURGENT_OPTIONS
    from service.convert import OPTIONS

    assert sorted(OPTIONS) == sorted(set(OPTION_DEFAULTS) | set(ALGERIA_OPTIONS)
                                     | set(INSURGENT_OPTIONS))


def test_move_needs_a_kind() -> None:
    with pytest.raises(MoveError) as ei:
        move_to_engine(pb.Move(space="Medea"))
    assert ei.value.field == "move.t"


def test_every_rpc_of_the_contract_is_an_operation_once() -> None:
    from service.operations import OPERATIONS

    rpcs = [m.name for s in pb.DESCRIPTOR.services_by_name.values() for m in s.methods]
    assert sorted(op.rpc for op in OPERATIONS) == sorted(rpcs)
    assert len({op.path for op in OPERATIONS}) == len(OPERATIONS)


class _Level(enum.IntEnum):
    HIGH = 2


def _documents() -> list[Any]:
    """Plain data as the engines give it (views and log entries of random play in both games),
    and data no engine gives (keys that are no strings, tuples, sets, subclasses of int)."""
    docs: list[Any] = [{1: 2, "a": [1, (2, 3)]}, {"a": {3}, "b": {4: _Level.HIGH}},
                       {"a": _Level.HIGH, "n": None, "t": True, "f": 1.5, "e": [], "d": {}},
                       {"deep": {"x": [{"y": (1, "z")}, [], {}]}}, {}]
    r = random.Random(5)
    s = algeria.new_game("1958", 5)
    for i in range(60):
        if i % 15 == 0:
            docs += [algeria.view(s, "gov"), algeria.view(s, "fln")]
        s, log = algeria.apply(s, r.choice(algeria.legal_moves(s)))
        docs += log
    c = engine.new_game("short", 5)
    for i in range(120):
        if i % 40 == 0:
            docs.append(engine.view(c, "fln"))
        c, log = engine.apply(c, r.choice(engine.legal_moves(c)))
        docs += log
    return docs


def test_documents_fill_structs_as_their_json_form_would() -> None:
    """``jsonmap.fill`` writes a Struct (and a ListValue) as ``update(_jsonable(x))`` does, the
    engines' documents directly and anything else through ``_jsonable``."""
    from google.protobuf.struct_pb2 import ListValue, Struct

    from service.jsonmap import _jsonable, fill

    docs = _documents()
    assert len(docs) > 100
    for d in docs:
        want, got = Struct(), Struct()
        want.update(_jsonable(d))
        fill(got, d)
        assert got.SerializeToString(deterministic=True) == want.SerializeToString(
            deterministic=True), d
    for xs in ([1, {2: 3}, (4,)], [], [{"a": []}, None, False], [d for d in docs[:20]]):
        lv_want, lv_got = ListValue(), ListValue()
        lv_want.extend(_jsonable(xs))
        fill(lv_got, xs)
        assert lv_got == lv_want, xs
