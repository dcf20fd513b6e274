"""A real ``ct-referee serve`` on port 0 in a process of its own (Granian, as deployed), for the
tests of what a browser page sees at /play. conftest.py makes ``served`` (a sealing referee, as
served by default) and ``served_unsealed`` (``--no-seal``: the page's seed decides the deal)
fixtures of every service test, started once per test process (one per pytest-xdist worker)
and shared by the modules that use them: each test opens its own page and plays its own games,
which the referee keeps apart by their states."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Iterator

import pytest

from tests.spawn import DIE_WITH_PARENT


def spawn_serve(*extra: str) -> tuple[subprocess.Popen[str], str]:
    """``ct-referee serve`` with ``extra`` options, and its HTTP base URL once it answers."""
    p = subprocess.Popen(
        [*DIE_WITH_PARENT, sys.executable, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1",
         "--http-port", "0", "--grpc-port", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.stdout is not None
    seen: list[str] = []
    for line in p.stdout:
        m = re.search(r"http=([\d.]+:\d+)", line)
        if m:
            return p, f"http://{m.group(1)}"
        seen.append(line)
    p.kill()
    raise RuntimeError(f"ct-referee serve did not start (exit {p.wait()}):\n{''.join(seen)[-2000:]}")


def _serve(*extra: str) -> Iterator[str]:
    p, url = spawn_serve(*extra)
    try:
        yield url
    finally:
        p.terminate()
        p.wait(10)


@pytest.fixture(scope="session")
def served() -> Iterator[str]:
    """The base URL of a ``ct-referee serve`` that seals its states (the default)."""
    yield from _serve()


@pytest.fixture(scope="session")
def served_unsealed() -> Iterator[str]:
    """The base URL of a ``ct-referee serve --no-seal``."""
    yield from _serve("--no-seal")
