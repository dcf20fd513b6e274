"""Two `ct-referee serve` processes sharing one Redis serve one game interchangeably (stateless,
signed states accepted by both); `serve --bot-only` serves just the FLN bot."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from tests.spawn import DIE_WITH_PARENT

from ct_referee_client import Client, GrpcTransport, RestTransport

SECRET = "shared-tournament-secret"


def spawn(redis_url: str, *extra: str, env_extra: dict[str, str] | None = None
          ) -> tuple[subprocess.Popen[str], str, str]:
    env = dict(os.environ, REDIS_URL=redis_url, CT_REFEREE_SECRET=SECRET, **(env_extra or {}))
    p = subprocess.Popen(
        [*DIE_WITH_PARENT,
         sys.executable, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1", "--http-port", "0",
         "--grpc-port", "0", "--strict", "--threads", "4", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
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
        r = c.apply(state, moves[0], seats=g.seats.values())  # strict: the players' seats
        if not r.legal_moves:
            break
        state, moves = r.state, list(r.legal_moves)
    # what A computed, B finds in the shared cache
    a, b = clients[0], clients[3]
    a.legal_moves(state, "gov", g.seats["gov"])  # strict: a player's view needs its seat
    b.legal_moves(state, "gov", g.seats["gov"])
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
        from service.trust import GameRef, Trust

        s = engine.new_game("full", 2)
        while engine.to_move(s) == "gov":  # the Government declines its Pivotal window (2.3.7)
            s, _ = engine.apply(s, {"t": "decline"})
        text = engine.to_json(s)
        # a state of a game, signed with the tournament's shared secret
        trust = Trust(SECRET.encode(), strict=True)
        sig = trust.sign(text, "", GameRef("game-1", 4))
        # a two-player game: the bot moves for the FLN with the FLN's seat (docs/trust.md)
        body = json.dumps({"state": {"json": text, "signature": sig, "game_id": "game-1",
                                     "sequence": 4}, "seed": 3,
                           "seat": trust.seat_token("game-1", "fln")}).encode()
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


def running(pid: int) -> bool:
    """The process exists and is not a zombie (which only waits for a parent to reap it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


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


def workers(pid: int) -> list[int]:
    """The server processes `serve` started (multiprocessing's spawn), not its resource tracker."""
    out = []
    for w in children(pid):
        try:
            with open(f"/proc/{w}/cmdline") as f:
                if "spawn_main" in f.read():
                    out.append(w)
        except OSError:  # gone meanwhile
            pass
    return out


def games_served(http: str) -> float:
    """The REST Start game requests answered, by all the workers (a new connection each
    time)."""
    import urllib.request

    with urllib.request.urlopen(http + "/metrics") as r:
        text = r.read().decode()
    m = re.search(r'^ct_referee_requests_total\{code="ok",endpoint="games",transport="rest"\} '
                  r"([0-9.]+)$", text, re.M)
    return float(m.group(1)) if m else 0.0


def raw_post(http: str, path: str, head: str, body: bytes) -> tuple[int, bytes]:
    """A request written as it is, the answer read to the end: a server may answer before it has
    read a body it refuses, so the body is sent only as far as the server takes it."""
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(http)
    with socket.create_connection((u.hostname, u.port), timeout=10) as sock:
        request = (f"POST {path} HTTP/1.1\r\nHost: {u.hostname}\r\nConnection: close\r\n"
                   f"Content-Type: application/json\r\n{head}\r\n").encode() + body
        try:
            sock.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2]


def test_serve_with_two_worker_processes(redis_url: str, tmp_path: Path) -> None:
    """--workers 2: two processes share both ports (SO_REUSEPORT) and both answer; /metrics
    adds up both workers' counts whichever answers, from a directory removed when serve stops;
    the HTTP server's limits and errors are the app's (413 over the size limit, 400 for junk)."""
    p, http, grpc = spawn(redis_url, "--workers", "2", "--threads", "2",
                          "--max-request-bytes", "100000", env_extra={"TMPDIR": str(tmp_path)})
    assert [d.name[:len("ct-referee-metrics-")] for d in tmp_path.iterdir()] == [
        "ct-referee-metrics-"]
    try:
        assert len(workers(p.pid)) == 2
        for c in (Client(RestTransport(http)), Client(GrpcTransport(grpc))):
            for seed in range(6):
                assert c.new_game("short", seed).legal_moves
            c.close()
        # 16 more on fresh connections, which the kernel spreads over the two workers: each
        # worker's count is seen in its /metrics, and the two add up to every REST request
        import urllib.request

        for seed in range(16):
            req = urllib.request.Request(http + "/v1/games", headers={
                "Content-Type": "application/json"}, data=json.dumps(
                    {"scenario": "short", "seed": seed}).encode())
            with urllib.request.urlopen(req) as r:
                assert r.status == 200
        # Every /metrics answer, from either worker, counts the requests of both.
        assert {games_served(http) for _ in range(10)} == {6 + 16}
        # Over the limit, with a Content-Length (refused before the body is read: none is sent)
        # and chunked (refused once the limit is passed); and junk under the limit.
        limit = 100_000
        for head, body, code in (
                (f"Content-Length: {2 * limit}\r\n", b"", 413),
                ("Transfer-Encoding: chunked\r\n", b"%x\r\n" % (limit + 1) + b" " * (limit + 1)
                 + b"\r\n", 413),
                ("Content-Length: 8\r\n", b"not json", 400)):
            status, answer = raw_post(http, "/v1/apply", head, body)
            assert status == code
            err = json.loads(answer)["error"]
            assert err["code"] == {413: "payload_too_large", 400: "invalid_argument"}[code]
    finally:
        p.terminate()
        p.wait(15)
    assert p.returncode == 0
    assert list(tmp_path.iterdir()) == []  # the metrics directory is gone with serve


def test_a_worker_that_dies_is_replaced(redis_url: str) -> None:
    import signal

    p, http, grpc = spawn(redis_url, "--workers", "2", "--threads", "1")
    try:
        first = workers(p.pid)
        assert len(first) == 2
        os.kill(first[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            now = workers(p.pid)
            if len(now) == 2 and first[0] not in now:
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

    p, _, _ = spawn(redis_url, "--workers", "2", "--threads", "1")
    assert len(workers(p.pid)) == 2
    every = children(p.pid)  # the workers and multiprocessing's resource tracker
    p.send_signal(signal.SIGKILL)
    p.wait(10)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(running(w) for w in every):
        time.sleep(0.1)
    assert not [w for w in every if running(w)]


ORPHAN = """
import multiprocessing, os, sys, time
from service.worker import die_with_parent

def worker(path):
    while os.getppid() == multiprocessing.parent_process().pid:  # the spawner is still alive
        time.sleep(0.01)
    die_with_parent()  # as a worker that was still starting when `serve` died
    open(path, "w").write("survived")

if __name__ == "__main__":
    multiprocessing.set_start_method("spawn")
    w = multiprocessing.Process(target=worker, args=(sys.argv[1],))
    w.start()
    print(w.pid, flush=True)
    os._exit(0)
"""


def test_a_worker_still_starting_when_serve_dies_stops(tmp_path: Path) -> None:
    """The start-up race: the spawner died before the worker asked to die with it."""
    out, script = tmp_path / "survived", tmp_path / "orphan.py"
    script.write_text(ORPHAN)
    p = subprocess.run([sys.executable, str(script), str(out)], capture_output=True, text=True,
                       timeout=60, check=True)
    pid = int(p.stdout.split()[0])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and running(pid):
        time.sleep(0.05)
    assert not running(pid)
    assert not out.exists()


STUCK = """
import multiprocessing, os, signal, sys, time
from service.worker import die_with_parent

def worker(path):
    die_with_parent(grace=1.0)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # as a worker whose shutdown never comes
    open(path, "w").write("ready")
    while True:
        time.sleep(0.05)

if __name__ == "__main__":
    multiprocessing.set_start_method("spawn")
    w = multiprocessing.Process(target=worker, args=(sys.argv[1],))
    w.start()
    while not os.path.exists(sys.argv[1]):
        time.sleep(0.01)
    print(w.pid, flush=True)
    os._exit(0)
"""


def test_a_worker_that_outlives_its_sigterm_still_stops(tmp_path: Path) -> None:
    """The SIGTERM of a dead `serve` reached a worker that did not stop: its watch thread ends
    it once the grace has passed."""
    ready, script = tmp_path / "ready", tmp_path / "stuck.py"
    script.write_text(STUCK)
    p = subprocess.run([sys.executable, str(script), str(ready)], capture_output=True,
                       text=True, timeout=60, check=True)
    pid = int(p.stdout.split()[0])
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and running(pid):
            time.sleep(0.05)
        assert not running(pid)
    finally:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("which", ["http", "grpc"])
def test_a_second_serve_on_a_served_port_refuses_to_start(two: list[tuple[str, str]],
                                                         which: str) -> None:
    """SO_REUSEPORT would let a second server silently take a share of the first one's
    traffic (with another secret, a share of the clients would get bad_signature): it must
    refuse the port instead."""
    http, grpc_addr = two[0]
    port = (http.rsplit(":", 1)[1] if which == "http" else grpc_addr.rsplit(":", 1)[1])
    ports = ["--http-port", port, "--grpc-port", "0"] if which == "http" else \
        ["--http-port", "0", "--grpc-port", port]
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1",
                        *ports], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, CT_REFEREE_SECRET="another-secret"))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Address already in use" in r.stderr and port in r.stderr
    # the first server still answers alone
    assert Client(RestTransport(http)).new_game("short", 1).to_move
