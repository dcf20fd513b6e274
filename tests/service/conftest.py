"""Fixtures of the service tests: a REAL Redis server (REDIS_URL, or a redis-server started on a
free port), and REST + gRPC servers on port 0 sharing one application core.

Safe under pytest-xdist (``scripts/test`` runs the suite on several worker processes): each
worker starts its own redis-server, servers and Chromium; workers sharing one REDIS_URL each get
a database of their own (``worker_redis_url``), so a test's keys, queues and FLUSHDB never reach
another worker's tests."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Any, Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis

from ct_referee_client import Client, GrpcTransport, RefereeError, RestTransport
from service.config import Config
from service.core import Core
from service.grpc_server import create_server
from service.rest import create_app
from tests.spawn import DIE_WITH_PARENT

# A served referee started without a secret keeps the one it generates in the user's data
# directory (docs/trust.md): the test session's processes keep theirs in a directory of their own,
# never in the real home directory.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="ct-referee-test-data-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)
os.environ.pop("CT_REFEREE_SECRET_FILE", None)

# One headless Chromium for the whole session, whichever modules use it (a session fixture
# imported into two test modules would be two fixtures, and Playwright's sync API cannot start
# twice in one thread).
from .browser import page_server  # noqa: F401  (a fixture; ``browser`` is tests/conftest.py's)
# One ``ct-referee serve`` of each kind per test process, shared by the browser tests (served.py).
from .served import served, served_unsealed  # noqa: F401,E402  (fixtures)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisProc:
    """A redis-server of our own (no persistence) that a test may stop and start again."""

    def __init__(self, port: int | None = None) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            pytest.fail("redis-server is not installed: apt-get install -y redis-server "
                        "(or set REDIS_URL); .ci/run and scripts/test do this")
        self.exe = exe
        self.port = port or free_port()
        self._port_given = port is not None
        self._started = False
        self.dir = tempfile.mkdtemp(prefix="ct-redis-")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it and wait until it answers. A server that died while starting is started
        again, up to three times; its log is in the error if it never comes up (it dies with this
        process: tests/spawn.py). On its first
        start a server whose free port was taken meanwhile (another process of the test run
        picked it too) moves to another free port; a restart keeps its port, which a test's
        servers point at."""
        log = os.path.join(self.dir, "redis.log")
        for _ in range(3):
            self.proc = subprocess.Popen(
                [*DIE_WITH_PARENT,
                 self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", self.dir, "--protected-mode", "no",
                 "--logfile", log],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            client = redis.Redis.from_url(self.url, socket_timeout=0.5)
            deadline = time.monotonic() + 30  # a loaded machine may take a while
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    client.ping()
                    self._started = True
                    return
                except redis.RedisError:
                    time.sleep(0.05)
            if self.proc.poll() is None:
                break
            if not self._started and not self._port_given:
                self.port = free_port()
            time.sleep(0.2)
        tail = open(log, encoding="utf-8", errors="replace").read()[-2000:] \
            if os.path.exists(log) else ""
        raise RuntimeError(f"redis-server did not start (exit status {self.proc.poll()}):\n{tail}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(5)
            self.proc = None


def worker_redis_url(url: str, worker: str | None) -> str:
    """The Redis URL of pytest-xdist worker ``worker`` (``gw0``, ``gw1``, ...; None when the suite
    runs in one process) given one shared ``url``: the URL's database number plus the worker's,
    so that workers never share keys (states, anti-fork records, the arena's RQ queues) nor
    each other's FLUSHDB."""
    if not worker:
        return url
    parts = urlsplit(url)
    base = parts.path.strip("/")
    db = (int(base) if base else 0) + int(worker.removeprefix("gw"))
    return urlunsplit(parts._replace(path=f"/{db}"))


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """REDIS_URL (a database of this worker's own in it, emptied first: what an earlier run left
    there would turn this run's first requests into cache hits), or a redis-server of this
    worker's."""
    url = os.environ.get("REDIS_URL")
    if url:
        mine = worker_redis_url(url, os.environ.get("PYTEST_XDIST_WORKER"))
        try:
            with redis.Redis.from_url(mine, socket_timeout=5) as c:
                c.flushdb()
        except redis.ResponseError as e:  # "DB index is out of range"
            pytest.fail(f"REDIS_URL: test worker {os.environ.get('PYTEST_XDIST_WORKER')} uses "
                        f"database {urlsplit(mine).path.strip('/')} of {url} ({e}): run fewer "
                        "workers (-n) or leave REDIS_URL unset (each worker then starts its "
                        "own redis-server)")
        yield mine
        return
    r = RedisProc()
    r.start()
    try:
        yield r.url
    finally:
        r.stop()


@dataclass
class Servers:
    core: Core
    http: str
    grpc: str
    _stop: Any

    def rest_client(self) -> Client:
        return Client(RestTransport(self.http))

    def grpc_client(self) -> Client:
        return Client(GrpcTransport(self.grpc))

    def client(self, transport: str) -> Client:
        return self.rest_client() if transport == "rest" else self.grpc_client()


def start_servers(config: Config, core: Core | None = None) -> Servers:
    """In this process (tests reach into the core), so the HTTP side runs on werkzeug's threaded
    server; ``ct-referee serve`` (Granian) is tested in its own processes (test_processes)."""
    from werkzeug.serving import make_server

    core = core or Core(config)
    app = create_app(config, core)
    http = make_server("127.0.0.1", 0, app, threaded=True)
    t = threading.Thread(target=http.serve_forever, daemon=True)
    t.start()
    g, gport = create_server("127.0.0.1:0", config, core)
    g.start()

    def stop() -> None:
        g.stop(0)
        http.shutdown()
        http.server_close()

    return Servers(core, f"http://127.0.0.1:{http.port}", f"127.0.0.1:{gport}", stop)


@pytest.fixture(scope="module")
def servers(redis_url: str) -> Iterator[Servers]:
    """REST and gRPC on port 0, one core, the Redis cache."""
    cfg = Config(redis_url=redis_url, max_request_bytes=256 * 1024)
    s = start_servers(cfg)
    try:
        yield s
    finally:
        s._stop()


TRANSPORTS = ["rest", "grpc"]


@pytest.fixture(params=TRANSPORTS)
def client(request: pytest.FixtureRequest, servers: Servers) -> Iterator[Client]:
    c = servers.client(request.param)
    try:
        yield c
    finally:
        c.close()


def refused(fn: Any, *a: Any, **k: Any) -> RefereeError:
    """The RefereeError ``fn(*a, **k)`` raises (the test fails if it raises none)."""
    with pytest.raises(RefereeError) as ei:
        fn(*a, **k)
    return ei.value


def strict_servers(redis_url: str, secret: bytes) -> Iterator[Servers]:
    """A module's strict REST and gRPC servers signing with ``secret`` (for a fixture)."""
    s = start_servers(Config(redis_url=redis_url, secret=secret, strict=True))
    yield s
    s._stop()
