"""One server process of ``ct-referee serve``: the application core, the gRPC server and the REST
app, REST and gRPC in one process sharing one core.

``serve`` (in ``cli``) runs the HTTP side on Granian (RSGI, ``front``), which starts ``workers`` processes and calls
``app()`` in each of them; the settings come through the environment (``config.to_env``), with
the ports already fixed by ``serve`` so that every process binds the same two (SO_REUSEPORT).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import threading
import time

from .config import from_env, host_in_address
from .core import Core
from .front import Front
from .grpc_server import create_server
from .rest import create_app


def die_with_parent(grace: float = 5.0) -> None:
    """Linux: this process gets SIGTERM when the process that started it dies, even by SIGKILL,
    so that no orphaned worker goes on serving the ports.

    The parent is the one that spawned this process (``multiprocessing`` records it), not
    whoever is the parent now: if it died while this worker was still starting, this worker has
    already been handed to another process, and stops at once. Whatever the platform, a watch
    thread ends the process outright ``grace`` seconds after it finds the parent gone, should
    the SIGTERM not have stopped it by then (a shutdown that hangs, a signal handled where no
    one looks at it any more)."""
    spawner = multiprocessing.parent_process()
    parent = spawner.pid if spawner is not None and spawner.pid is not None else os.getppid()
    threading.Thread(target=_exit_when_orphaned, args=(parent, grace), daemon=True,
                     name="ct-referee-orphan-watch").start()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the serve process stops its workers itself
        return
    if os.getppid() != parent:  # the parent died before the request took effect
        os.kill(os.getpid(), signal.SIGTERM)


def _exit_when_orphaned(parent: int, grace: float) -> None:
    """The watch thread of ``die_with_parent``: ``parent`` gone, wait ``grace`` s, then exit."""
    while os.getppid() == parent:
        time.sleep(0.5)
    time.sleep(grace)
    os._exit(1)


def app() -> Front:
    """The worker's entry point (a Granian factory): starts this process's gRPC server, and
    returns the REST app behind its body-reading front (``front``), both on one core."""
    die_with_parent()
    config = from_env()
    core = Core(config)
    server, _ = create_server(f"{host_in_address(config.host)}:{config.grpc_port}", config, core)
    server.start()

    def stop() -> None:
        server.stop(grace=2).wait(3)
        core.cache.close()

    atexit.register(stop)
    return Front(create_app(config, core), config)
