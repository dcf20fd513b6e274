"""Availability limits of ``ct-referee serve`` (docs/trust.md, "Availability limits"), against a
real served process (Granian, port 0): clients that hold connections open without finishing
them cannot stop a normal client being answered.

* REST: request bodies sent a byte every 2 s hold no handler thread (``service.front`` reads
  the body on the event loop first) and are cut at the request deadline.
* gRPC: held-open streams (server reflection, health Watch) are capped, time out when idle, and
  take no thread from NewGame or the health Check.
"""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from typing import Any, Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from ct_referee_proto.v1 import referee_pb2, referee_pb2_grpc

from tests.spawn import DIE_WITH_PARENT

THREADS = 4
REQUEST_TIMEOUT = 4.0  # s: the slow bodies below would take 2 min to arrive
STREAM_IDLE = 3.0
MAX_STREAMS = 2
NEW_GAME = json.dumps({"scenario": "short", "seed": 7}).encode()


class Served:
    def __init__(self, proc: subprocess.Popen[str], host: str, http: int, grpc_addr: str) -> None:
        self.proc, self.host, self.http, self.grpc = proc, host, http, grpc_addr


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    # the gRPC limits through the environment (flags of their own exist too)
    env = dict(os.environ, CT_REFEREE_GRPC_STREAM_IDLE=str(STREAM_IDLE),
               CT_REFEREE_GRPC_MAX_STREAMS=str(MAX_STREAMS))
    env.pop("REDIS_URL", None)
    p = subprocess.Popen(
        [*DIE_WITH_PARENT,
         sys.executable, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1", "--http-port",
         "0", "--grpc-port", "0", "--threads", str(THREADS),
         "--request-timeout", str(REQUEST_TIMEOUT)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert p.stdout is not None
    deadline = time.monotonic() + 60
    m = None
    while m is None and time.monotonic() < deadline:
        line = p.stdout.readline()
        if not line and p.poll() is not None:
            break
        m = re.search(r"http=([\d.]+):(\d+) grpc=([\d.]+:\d+)", line)
    if m is None:
        p.kill()
        pytest.fail("ct-referee serve did not start")
    threading.Thread(target=lambda: [None for _ in p.stdout or ()], daemon=True).start()
    try:
        yield Served(p, m.group(1), int(m.group(2)), m.group(3))
    finally:
        p.terminate()
        p.wait(10)


def new_game_rest(s: Served, timeout: float = 5.0) -> tuple[int, float]:
    """(status, seconds) of one normal NewGame over REST."""
    t = time.monotonic()
    req = urllib.request.Request(f"http://{s.host}:{s.http}/v1/games", data=NEW_GAME,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        r.read()
        return r.status, time.monotonic() - t


def slow_body(s: Served, stop: threading.Event, answers: queue.Queue[bytes]) -> None:
    """Headers, then the body a byte every 2 s; whatever the server answers goes to ``answers``."""
    with socket.create_connection((s.host, s.http)) as c:
        c.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n" % len(NEW_GAME))
        c.settimeout(2.0)
        for b in NEW_GAME:
            try:
                c.sendall(bytes([b]))
                answer = c.recv(4096)  # waits up to 2 s: the pace of the attack
            except socket.timeout:
                if stop.is_set():
                    return
                continue
            except OSError:
                answer = b""
            answers.put(answer)
            return


def test_slow_request_bodies_hold_no_handler_thread(served: Served) -> None:
    """32 connections sending their bodies a byte every 2 s (8 times --threads): a normal
    NewGame is still answered in under a second, and each slow body is refused at the request
    deadline, counted from its headers."""
    stop, answers = threading.Event(), queue.Queue[bytes]()
    attackers = [threading.Thread(target=slow_body, args=(served, stop, answers), daemon=True)
                 for _ in range(32)]
    started = time.monotonic()
    for t in attackers:
        t.start()
    time.sleep(1.0)  # every attacker's headers are in
    try:
        for _ in range(3):
            status, took = new_game_rest(served)
            assert status == 200
            assert took < 1.0, f"a normal NewGame took {took:.2f} s under the attack"
        for t in attackers:
            t.join(REQUEST_TIMEOUT + 5)
    finally:
        stop.set()
    assert time.monotonic() - started < REQUEST_TIMEOUT + 5
    got = [answers.get_nowait() for _ in range(answers.qsize())]
    assert len(got) == 32
    for answer in got:
        assert answer.startswith(b"HTTP/1.1 503"), answer[:200]
        body = json.loads(answer.partition(b"\r\n\r\n")[2])
        assert body["error"]["code"] == "deadline_exceeded"
        assert "--request-timeout" in body["error"]["message"]


def read_answer(c: socket.socket) -> bytes:
    """One whole HTTP/1.1 answer of known length."""
    answer = b""
    while chunk := c.recv(65536):
        answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        m = re.search(rb"content-length: (\d+)", head, re.I)
        if m and len(body) >= int(m.group(1)):
            break
    return answer


def test_a_body_declared_too_large_is_refused_before_it_is_read(served: Served) -> None:
    with socket.create_connection((served.host, served.http), timeout=5) as c:
        c.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"
                  % ((1 << 20) + 1))
        answer = read_answer(c)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"payload_too_large" in answer


def test_a_chunked_body_is_read_whole(served: Served) -> None:
    with socket.create_connection((served.host, served.http), timeout=5) as c:
        c.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                  + b"".join(b"%x\r\n%s\r\n" % (len(part), part)
                             for part in (NEW_GAME[:10], NEW_GAME[10:]))
                  + b"0\r\n\r\n")
        answer = read_answer(c)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert b'"state"' in answer


def open_reflection(channel: grpc.Channel) -> tuple[queue.Queue[object], Iterator[object]]:
    """A reflection stream that has asked one question and got its answer, left open."""
    q: queue.Queue[object] = queue.Queue()
    q.put(reflection_pb2.ServerReflectionRequest(list_services=""))
    stub: Any = reflection_pb2_grpc.ServerReflectionStub(channel)
    stream = stub.ServerReflectionInfo(
        iter(q.get, None), timeout=20)
    return q, stream


def grpc_answers(channel: grpc.Channel) -> tuple[float, float]:
    """Seconds a health Check and a NewGame take (each with a 1 s deadline)."""
    t = time.monotonic()
    health: Any = health_pb2_grpc.HealthStub(channel)
    st = health.Check(health_pb2.HealthCheckRequest(), timeout=1)
    check = time.monotonic() - t
    assert st.status == health_pb2.HealthCheckResponse.SERVING
    t = time.monotonic()
    g = referee_pb2_grpc.RefereeStub(channel).NewGame(
        referee_pb2.NewGameRequest(scenario="short", seed=7), timeout=1)
    assert g.state.json
    return check, time.monotonic() - t


def error_code(e: grpc.RpcError) -> str:
    """The code of the ``ct_referee.v1.Error`` a refused call carries (its status detail)."""
    status = rpc_status.from_call(e)  # type: ignore[arg-type]
    assert status is not None, "no Error detail"
    err = referee_pb2.Error()
    assert status.details[0].Unpack(err)
    return err.code


def test_held_open_grpc_streams_leave_new_game_and_health_answered(served: Served) -> None:
    """Eight reflection streams and four health Watches held open (twice --threads): NewGame and
    the health Check answer within their 1 s deadline; streams past --grpc-max-streams are
    refused RESOURCE_EXHAUSTED at once."""
    attack = grpc.insecure_channel(served.grpc)
    normal = grpc.insecure_channel(served.grpc)
    held: list[tuple[queue.Queue[object], Iterator[object]]] = []  # a dropped call is cancelled
    refused = 0
    try:
        for _ in range(8):
            q, stream = open_reflection(attack)
            held.append((q, stream))
            try:
                next(stream)
            except grpc.RpcError as e:
                assert e.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert "--grpc-max-streams" in (e.details() or "")
                assert error_code(e) == "too_many_streams"
                refused += 1
        health: Any = health_pb2_grpc.HealthStub(attack)
        watches = [health.Watch(health_pb2.HealthCheckRequest(), timeout=20) for _ in range(4)]
        time.sleep(0.3)
        assert refused == 8 - MAX_STREAMS
        for _ in range(3):
            check, new_game = grpc_answers(normal)
            assert check < 1.0 and new_game < 1.0
        for w in watches:
            with pytest.raises(grpc.RpcError) as err:
                next(w)
            assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert error_code(err.value) == "too_many_streams"
    finally:
        for q, _ in held:
            q.put(None)
        attack.close()
        normal.close()


def test_an_idle_grpc_stream_is_cancelled_and_frees_its_place(served: Served) -> None:
    channel = grpc.insecure_channel(served.grpc)
    try:
        time.sleep(0.5)  # the previous test's streams have closed
        opened = [open_reflection(channel) for _ in range(MAX_STREAMS)]
        for _, stream in opened:
            next(stream)
        q, busy = opened[0]
        # a stream whose client keeps asking stays open past the idle limit
        t = time.monotonic()
        while time.monotonic() - t < STREAM_IDLE * 1.5:
            time.sleep(STREAM_IDLE / 3)
            q.put(reflection_pb2.ServerReflectionRequest(list_services=""))
            next(busy)
        # the silent one has been cancelled by now
        with pytest.raises(grpc.RpcError) as err:
            next(opened[1][1])
        assert err.value.code() == grpc.StatusCode.CANCELLED
        q2, again = open_reflection(channel)  # its place is free again
        next(again)
        for qq in (q, q2):
            qq.put(None)
    finally:
        channel.close()
