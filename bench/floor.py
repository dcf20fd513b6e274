"""The floor of the service benchmark: a bare Flask echo and a bare gRPC echo, served exactly as
``ct-referee serve`` serves the referee (same Granian workers and threads, same gRPC server
settings), so that the difference is the referee's own work.

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


def app() -> object:
    """A worker: the gRPC echo started on the shared port, the Flask echo returned."""
    import grpc
    from flask import Flask, Response, request

    from service.config import from_env, host_in_address
    from service.front import Front

    config = from_env()
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=config.threads),
        options=[("grpc.max_receive_message_length", config.max_request_bytes),
                 ("grpc.so_reuseport", 1)])
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("bench.Echo", {
        "Echo": grpc.unary_unary_rpc_method_handler(lambda raw, ctx: raw)}),))
    server.add_insecure_port(f"{host_in_address(config.host)}:{config.grpc_port}")
    server.start()
    flask = Flask("floor")
    flask.extensions["grpc_server"] = server  # kept alive with the app

    @flask.post("/echo")
    def echo() -> Response:
        return Response(request.get_data(), mimetype="application/json")

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
    a = ap.parse_args()
    return serve(Config(host="127.0.0.1", http_port=0, grpc_port=0, workers=a.workers,
                        threads=a.threads), app="floor:app")


if __name__ == "__main__":
    sys.exit(main())
