"""The floor of the service benchmark: a bare Flask echo and a bare gRPC echo, served exactly as
``ct-referee serve`` serves the referee (same Granian workers and threads, same gRPC server
settings), so that the difference is the referee's own work.

Beside the echo, the same servers answer an Apply with the engine's work alone (``/engine``,
``/bench.Echo/Engine``): the state read as one this build signed (its signature not checked),
the move applied, the new state checked as the referee checks every state it issues
(``check_issued``, ``--check-issued`` as configured), its legal moves listed and its text written;
the answer is that text, the legal moves and the log as JSON. No labels, signatures, protobuf
answer or caches: what any referee keeping this state format and check has to do for an Apply,
so that the referee's distance from the echo splits into the engine's share and the service's.

    python bench/floor.py [--workers 2] [--threads 4]   # prints "... listening: http=H:P grpc=H:P"
"""

from __future__ import annotations

import argparse
import sys
from concurrent import futures
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "clients")]

ECHO_METHOD = "/bench.Echo/Echo"
ENGINE_METHOD = "/bench.Echo/Engine"


def engine_answer(state_json: str, move: dict[str, object], always: bool) -> bytes:
    """The engine's work of one Apply on a signed state (the module docstring)."""
    import orjson

    import engine
    from engine.serial import from_trusted_json
    from engine.validate import check_issued

    after, log = engine.apply(from_trusted_json(state_json), move)
    checked = check_issued(after, always)
    return orjson.dumps({"state": engine.to_json(checked),
                         "legal_moves": engine.legal_moves(checked), "log": log})


def app() -> object:
    """A worker: the gRPC echo started on the shared port, the Flask echo returned."""
    import grpc
    import orjson
    from flask import Flask, Response, request

    from ct_referee_proto.v1 import referee_pb2 as pb
    from service.config import from_env, host_in_address
    from service.front import Front
    from service.moves import move_to_engine

    config = from_env()
    always = config.check_issued == "always"

    def engine_grpc(raw: bytes, ctx: object) -> bytes:
        req = pb.ApplyRequest.FromString(raw)
        return engine_answer(req.state.json, move_to_engine(req.move), always)

    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=config.threads),
        options=[("grpc.max_receive_message_length", config.max_request_bytes),
                 ("grpc.so_reuseport", 1)])
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("bench.Echo", {
        "Echo": grpc.unary_unary_rpc_method_handler(lambda raw, ctx: raw),
        "Engine": grpc.unary_unary_rpc_method_handler(engine_grpc)}),))
    server.add_insecure_port(f"{host_in_address(config.host)}:{config.grpc_port}")
    server.start()
    flask = Flask("floor")
    flask.extensions["grpc_server"] = server  # kept alive with the app

    @flask.post("/echo")
    def echo() -> Response:
        return Response(request.get_data(), mimetype="application/json")

    @flask.post("/engine")
    def engine_floor() -> Response:
        req = orjson.loads(request.get_data())
        return Response(engine_answer(req["state"]["json"], req["move"], always),
                        mimetype="application/json")

    @flask.get("/healthz")
    def healthz() -> Response:
        return Response('{"status":"ok"}', mimetype="application/json")

    return Front(flask, config)


def main() -> int:
    from service.serve import serve
    from service.config import Config

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--check-issued", default="always", help="as the referee's (the engine floor)")
    a = ap.parse_args()
    return serve(Config(host="127.0.0.1", http_port=0, grpc_port=0, workers=a.workers,
                        threads=a.threads, check_issued=a.check_issued), app="floor:app")


if __name__ == "__main__":
    sys.exit(main())
