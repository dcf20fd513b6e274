"""The generated code is exactly what scripts/gen_proto.py makes from proto/; the conversions
between engine moves and contract Moves are exact."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
