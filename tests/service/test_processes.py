"""Two `ct-referee serve` processes sharing one Redis serve one game interchangeably (stateless,
signed states accepted by both); `serve --bot-only` serves just the FLN bot."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from typing import Iterator

import pytest

from .conftest import _die_with_parent

from ct_referee_client import Client, GrpcTransport, RestTransport

SECRET = "shared-tournament-secret"


def spawn(redis_url: str, *extra: str) -> tuple[subprocess.Popen[str], str, str]:
    env = dict(os.environ, REDIS_URL=redis_url, CT_REFEREE_SECRET=SECRET)
    p = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--http-port", "0",
         "--grpc-port", "0", "--strict", "--threads", "4", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        preexec_fn=_die_with_parent)
    assert p.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = p.stdout.readline()
        m = re.search(r"http=([\d.]+:\d+) grpc=([\d.]+:\d+)", line)
        if m:
            return p, f"http://{m.group(1)}", m.group(2)
        if not line and p.poll() is not None:
            break
    p.kill()
    raise RuntimeError("ct-referee serve did not start")


@pytest.fixture(scope="module")
def two(redis_url: str) -> Iterator[list[tuple[str, str]]]:
    procs = [spawn(redis_url), spawn(redis_url)]
    try:
        yield [(http, grpc) for _, http, grpc in procs]
    finally:
        for p, _, _ in procs:
            p.terminate()
            p.wait(10)


def test_two_processes_serve_one_game(two: list[tuple[str, str]]) -> None:
    (http_a, grpc_a), (http_b, grpc_b) = two
    clients = [Client(RestTransport(http_a)), Client(GrpcTransport(grpc_b)),
               Client(GrpcTransport(grpc_a)), Client(RestTransport(http_b))]
    g = clients[0].new_game("short", 2024)
    state, moves = g.state, list(g.legal_moves)
    for i in range(12):
        c = clients[i % 4]
        c.legal_moves(state)
        r = c.apply(state, moves[0])
        if not r.legal_moves:
            break
        state, moves = r.state, list(r.legal_moves)
    # what A computed, B finds in the shared cache
    a, b = clients[0], clients[3]
    a.legal_moves(state, "gov")
    b.legal_moves(state, "gov")
    assert isinstance(b.transport, RestTransport)
    assert b.transport.last_headers["x-cache"] == "hit"
    for c in clients:
        c.close()


def test_bot_only_serves_just_the_fln_bot(redis_url: str) -> None:
    """`serve --bot-only`: the FLN-bot endpoint answers, the Referee endpoints do not exist."""
    import json
    import urllib.error
    import urllib.request

    import engine

    p, http, _ = spawn(redis_url, "--bot-only")
    try:
        from service.trust import Trust

        s = engine.new_game("full", 2)
        while engine.to_move(s) == "gov":  # the Government declines its Pivotal window (2.3.7)
            s, _ = engine.apply(s, {"t": "decline"})
        text = engine.to_json(s)
        sig = Trust(SECRET.encode(), strict=True).sign(text)  # the tournament's shared secret
        body = json.dumps({"state": {"json": text, "signature": sig}, "seed": 3}).encode()
        req = urllib.request.Request(http + "/v1/bot/fln/decide", data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            assert r.status == 200 and json.loads(r.read())["moves"]
        req = urllib.request.Request(http + "/v1/apply", data=body,
                                     headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(req)
        assert e.value.code == 404
    finally:
        p.terminate()
        p.wait(10)


def children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return out


def test_serve_with_two_worker_processes(redis_url: str) -> None:
    """--workers 2: two processes share both ports (SO_REUSEPORT) and both answer; the HTTP
    server's limits and errors are the app's (413 over the size limit, 400 for junk)."""
    import urllib.error
    import urllib.request

    p, http, grpc = spawn(redis_url, "--workers", "2", "--threads", "2",
                          "--max-request-bytes", "100000")
    try:
        for c in (Client(RestTransport(http)), Client(GrpcTransport(grpc))):
            for seed in range(6):
                assert c.new_game("short", seed).legal_moves
            c.close()
        assert len(children(p.pid)) >= 2  # the two workers (spawn may add a tracker)
        big = b"{" + b" " * 200_000 + b"}"
        for body, code in ((big, 413), (iter([big[:150_000], big[150_000:]]), 413),
                           (b"not json", 400)):
            # (the second is sent in chunks, without a Content-Length)
            req = urllib.request.Request(http + "/v1/apply", data=body,
                                         headers={"Content-Type": "application/json"})
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(req)
            assert e.value.code == code
            err = json.loads(e.value.read())["error"]
            assert err["code"] == {413: "payload_too_large", 400: "invalid_argument"}[code]
    finally:
        p.terminate()
        p.wait(15)
    assert p.returncode == 0


def test_a_worker_that_dies_is_replaced(redis_url: str) -> None:
    import signal

    p, http, grpc = spawn(redis_url, "--workers", "2", "--threads", "1")
    try:
        workers = [w for w in children(p.pid)
                   if "spawn_main" in open(f"/proc/{w}/cmdline").read()]
        assert len(workers) == 2
        os.kill(workers[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            now = [w for w in children(p.pid)
                   if "spawn_main" in open(f"/proc/{w}/cmdline").read()]
            if len(now) == 2 and workers[0] not in now:
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the worker was not replaced")
        for c in (Client(RestTransport(http)), Client(GrpcTransport(grpc))):
            for seed in range(8):  # whichever worker answers (each listens once it is up)
                assert c.new_game("short", seed).legal_moves
            c.close()
    finally:
        p.terminate()
        p.wait(15)


def test_workers_die_with_the_serve_process(redis_url: str) -> None:
    """Even when `serve` is killed outright, its workers stop: none goes on serving the ports."""
    import signal

    p, http, _ = spawn(redis_url, "--workers", "2", "--threads", "1")
    workers = children(p.pid)
    assert len(workers) >= 2
    p.send_signal(signal.SIGKILL)
    p.wait(10)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{w}") for w in workers):
        time.sleep(0.1)
    alive = [w for w in workers if os.path.exists(f"/proc/{w}")
             and open(f"/proc/{w}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"]
    assert not alive
