"""``ct-referee serve``: the service's processes. ``workers`` Granian processes, each serving
REST and gRPC on one application core (``worker.app``), all on the same two ports (SO_REUSEPORT)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import shutil
import socket
import sys
import tempfile
import threading
import time

from .config import Config, host_in_address, to_env
from .metrics import MULTIPROC_ENV

log = logging.getLogger("ct_referee")


def _hold(host: str, port: int) -> socket.socket:
    """A socket bound (not listening) with SO_REUSEPORT: holds the port for the workers, which
    bind it the same way. The port is first bound without SO_REUSEPORT, so that a port another
    process serves (another ``serve`` included, which would otherwise silently share the
    traffic) is refused with EADDRINUSE instead of joined."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is no owner
        probe.bind((host, port))
        port = probe.getsockname()[1]
    s = socket.socket(family, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    s.bind((host, port))
    return s


def _version() -> str:
    import engine

    return engine.VERSION


def _announce_when_ready(config: Config, bot: bool, timeout: float = 60.0) -> None:
    """Print the listening line once both ports answer (clients may wait for it)."""
    import urllib.request

    import referee_core

    host = "127.0.0.1" if config.host in ("0.0.0.0", "") else config.host
    url = f"http://{host_in_address(host)}:{config.http_port}/healthz"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                pass
            # the gRPC port answers once a worker listens on it (this process holds it bound,
            # not listening: a connection is refused until then)
            socket.create_connection((host, config.grpc_port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    else:
        log.error("the workers did not answer within %.0fs", timeout)
        return
    cache = "redis" if config.redis_url else "local"
    print(f"ct-referee {_version()} listening: http={config.host}:{config.http_port} "
          f"grpc={config.host}:{config.grpc_port} cache={cache} strict={config.strict}"
          f" seal={config.seal} fln_bot={bot} workers={config.workers} pid={os.getpid()}"
          f" compiled={str(referee_core.compiled()).lower()}",
          flush=True)


def serve(config: Config, app: str = "service.worker:app") -> int:
    """``serve``: ``workers`` processes (Granian's), each serving REST and gRPC on one core
    (``worker.app``; the benchmark's floor passes its bare echo), all on the same two ports
    (SO_REUSEPORT)."""
    from granian.constants import Interfaces
    from granian.log import LogLevels
    from granian.server import Server

    from .fln_bot import find_bot

    config.check()
    bot = find_bot() is not None
    if config.bot_only and not bot:
        print("ct-referee: --bot-only needs the FLN bot, which is not part of this build",
              file=sys.stderr)
        return 2
    # Port 0 becomes one free port that every worker binds: held here, bound but not listening.
    try:
        holds = [_hold(config.host, config.http_port), _hold(config.host, config.grpc_port)]
    except OSError as e:
        print(f"ct-referee: cannot bind {config.host} ports {config.http_port}/"
              f"{config.grpc_port}: {e.strerror} (is another server using them?)",
              file=sys.stderr)
        return 2
    config = config.with_(http_port=holds[0].getsockname()[1],
                          grpc_port=holds[1].getsockname()[1])
    os.environ.update(to_env(config))
    # the workers' metrics, added up by whichever worker answers /metrics (metrics.py)
    metrics_dir = tempfile.mkdtemp(prefix="ct-referee-metrics-")
    os.environ[MULTIPROC_ENV] = metrics_dir
    # fresh worker processes: a forked one would inherit this process's gRPC threads and hang
    multiprocessing.set_start_method("spawn", force=True)
    # RSGI: the app (``front.Front``) reads each body on Granian's event loop before one of its
    # own ``threads`` handler threads takes the request (a slow body holds no thread)
    server = Server(app, factory=True, interface=Interfaces.RSGI,
                    address=config.host, port=config.http_port, workers=config.workers,
                    blocking_threads=1, backlog=1024, websockets=False,
                    log_level=LogLevels.warning if log.getEffectiveLevel() > logging.DEBUG
                    else LogLevels.debug,
                    respawn_failed_workers=True,
                    workers_kill_timeout=max(5, int(config.request_timeout) + 2))
    threading.Thread(target=_announce_when_ready, args=(config, bot), daemon=True).start()
    try:
        server.serve()
    finally:
        for h in holds:
            h.close()
        shutil.rmtree(metrics_dir, ignore_errors=True)
    return 0
