"""The benchmark's floor (bench/floor.py) serves its bare echoes the way ``ct-referee serve``
serves the referee, so that the service benchmark compares like with like; and, beside them, the
engine's work alone on an Apply (its engine floor), whose answer is the referee's."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import grpc
import orjson

import engine
from ct_referee_client import to_move
from ct_referee_proto.v1 import referee_pb2 as pb
from tests.spawn import DIE_WITH_PARENT

ROOT = Path(__file__).resolve().parents[2]


def test_floor_echoes_over_both_transports() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT / "bench"), str(ROOT), str(ROOT / "clients")]))
    env.pop("REDIS_URL", None)
    p = subprocess.Popen([*DIE_WITH_PARENT,
                          sys.executable, str(ROOT / "bench" / "floor.py"), "--workers", "1",
                          "--threads", "2"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, env=env)
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        m = re.search(r"http=([\d.]+:\d+) grpc=([\d.]+:\d+)", line)
        assert m, line
        body = b'{"state": {"json": "{}"}}'
        req = urllib.request.Request(f"http://{m.group(1)}/echo", data=body)
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.read() == body
        with grpc.insecure_channel(m.group(2)) as ch:
            assert ch.unary_unary("/bench.Echo/Echo")(b"\x01\x02", timeout=10) == b"\x01\x02"

        # the engine floor: the state the move leads to, its legal moves and the log
        s = engine.new_game("short", 3)
        for _ in range(6):
            s, _ = engine.apply(s, engine.legal_moves(s)[-1])
        move = engine.legal_moves(s)[0]
        after, log = engine.apply(s, move)
        want = {"state": engine.to_json(after), "legal_moves": engine.legal_moves(after),
                "log": log}
        doc = engine.to_json(s)
        req = urllib.request.Request(f"http://{m.group(1)}/engine", data=orjson.dumps(
            {"state": {"json": doc}, "move": move}))
        with urllib.request.urlopen(req, timeout=10) as r:
            assert orjson.loads(r.read()) == want
        raw = pb.ApplyRequest(state=pb.GameState(json=doc), move=to_move(move)).SerializeToString()
        with grpc.insecure_channel(m.group(2)) as ch:
            assert orjson.loads(ch.unary_unary("/bench.Echo/Engine")(raw, timeout=10)) == want
    finally:
        p.terminate()
        p.wait(15)
