"""The client sends a request again when its connection broke before the answer (a server process
dying with the request in flight) or the referee answered ``unavailable``, for up to
``retry_for`` seconds; never otherwise. The servers here are real (HTTP and gRPC on port 0) and
fail the first requests on purpose; test_client_restart restarts a real referee."""

from __future__ import annotations

import http.server
import json
import threading
import time
from concurrent import futures
from typing import Any, Iterator

import grpc
import pytest

from ct_referee_client import Client, GrpcTransport, RefereeError, RestTransport
from ct_referee_proto.v1 import referee_pb2 as pb
from ct_referee_proto.v1 import referee_pb2_grpc as pb_grpc

ANSWER = {"scenarios": [{"name": "short"}], "engine_version": "x"}


class Flaky(http.server.BaseHTTPRequestHandler):
    """Breaks the connection of the first ``drop`` requests, answers 503 ``unavailable`` to the
    next ``busy`` ones, then answers."""

    drop = 0
    busy = 0
    seen = 0
    times: list[float] = []

    def do_GET(self) -> None:
        cls = type(self)
        cls.seen += 1
        cls.times.append(time.monotonic())
        if cls.seen <= cls.drop:
            self.close_connection = True  # no answer: the client sees the connection close
            return
        if cls.seen <= cls.drop + cls.busy:
            self._send(503, {"error": {"code": "unavailable", "message": "registry down"}})
            return
        self._send(200, ANSWER)

    def _send(self, status: int, doc: Any) -> None:
        body = json.dumps(doc).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a: Any) -> None:
        pass


@pytest.fixture
def flaky() -> Iterator[tuple[type[Flaky], str]]:
    handler = type("Handler", (Flaky,), {"drop": 0, "busy": 0, "seen": 0, "times": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield handler, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_rest_sends_again_after_broken_connections_and_unavailable(
        flaky: tuple[type[Flaky], str]) -> None:
    handler, url = flaky
    handler.drop, handler.busy = 2, 2
    c = Client(RestTransport(url))
    assert [s.name for s in c.list_scenarios().scenarios] == ["short"]
    assert handler.seen == 5
    c.close()


def test_rest_gives_up_after_its_retry_time(flaky: tuple[type[Flaky], str]) -> None:
    """Sent again, from 50 ms and doubling, until ``retry_for`` seconds have passed."""
    from ct_referee_client import RETRY_FOR

    assert RETRY_FOR == 10.0
    handler, url = flaky
    handler.drop = 1000
    c = Client(RestTransport(url, retry_for=0.5))
    t = time.monotonic()
    with pytest.raises(ConnectionError):
        c.list_scenarios()
    assert 0.3 < time.monotonic() - t < 2.0
    # at most 0.05 + 0.1 + 0.2 s of backoff fit in 0.5 s: four attempts, fewer on a loaded machine
    # (each attempt's own time counts), each one at least its doubled backoff after the last
    assert 2 <= handler.seen <= 4
    gaps = [b - a for a, b in zip(handler.times, handler.times[1:])]
    assert all(g >= 0.05 * 2 ** i * 0.9 for i, g in enumerate(gaps)), gaps
    c.close()


class FlakyReferee(pb_grpc.RefereeServicer):
    def __init__(self, fail: int, code: grpc.StatusCode) -> None:
        self.fail, self.code, self.seen = fail, code, 0

    def ListScenarios(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.seen += 1
        if self.seen <= self.fail:
            context.abort(self.code, "the server process went away")
        return pb.ListScenariosResponse(engine_version="x")


@pytest.mark.parametrize("code, retried", [(grpc.StatusCode.UNAVAILABLE, True),
                                           (grpc.StatusCode.INTERNAL, False)])
def test_grpc_sends_again_on_unavailable_only(code: grpc.StatusCode, retried: bool) -> None:
    servicer = FlakyReferee(5, code)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    pb_grpc.add_RefereeServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    c = Client(GrpcTransport(f"127.0.0.1:{port}"))
    try:
        if retried:
            assert c.list_scenarios().engine_version == "x"
            assert servicer.seen == 6  # more than gRPC's own retry policy allows (5 attempts)
        else:
            with pytest.raises(RefereeError):
                c.list_scenarios()
            assert servicer.seen == 1
    finally:
        c.close()
        server.stop(0)
