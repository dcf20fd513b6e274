"""Options of the whole suite: ``--long`` plays the long versions of the sized runs
(tests/long.py); the modules with the longest tests are collected first (``LONG_FIRST``); Ctrl-C
reaches the programs the tests start (``pytest_configure``); what the collection made is kept out
of the garbage collector's way (``pytest_collection_finish``)."""

from __future__ import annotations

import gc
import os
import signal

import pytest

from tests.long import ENV
from tests.service.browser import browser  # noqa: F401  (one Chromium per worker, for every test)

# The modules that take longest (whole games through the service, browsers, ladders, servers in
# processes: 5 to 35 s each, measured one after another), longest first. They are collected
# before all others so that pytest-xdist (scripts/test: --dist loadfile, which hands out whole
# modules in the order collected) starts them first, on every worker, instead of leaving one of
# them running alone at the end. Only the order changes; a module not named here runs after
# these, in the usual order.
LONG_FIRST = (
    "tests/service/test_web_sides.py",
    "tests/service/test_play_sealed.py",
    "tests/arena/test_service_referee.py",
    "tests/arena/test_ladders_finish.py",
    "tests/service/test_algeria.py",
    "tests/service/test_processes.py",
    "tests/service/test_play_sides.py",
    "tests/arena/test_algeria.py",
    "tests/service/test_web_client.py",
    "tests/service/test_play_terminal.py",
    "tests/service/test_insurgent.py",
    "tests/service/test_availability.py",
    "tests/arena/test_cli.py",
    "tests/arena/test_algeria_bots.py",
    "tests/service/test_client_restart.py",
    "tests/service/test_jsonmap.py",
    "tests/service/test_play_keys.py",
    "tests/service/test_record_paths.py",
    "tests/insurgent/test_render.py",
    "tests/service/test_replay_limits.py",
    "tests/test_govbot.py",
    "tests/service/test_web_insurgent.py",
    "tests/service/test_openapi_fuzz.py",
    "tests/arena/test_ladder.py",
    "tests/test_serial.py",
    "tests/service/test_cli.py",
    "tests/arena/test_gov_bot.py",
    "tests/arena/test_agents.py",
    "tests/arena/test_manifest.py",
    "tests/service/test_play_insurgent.py",
    "tests/service/test_ts_client.py",
    "tests/service/test_game.py",
    "tests/test_compiled.py",
    "tests/test_playout.py",
    "tests/arena/test_insurgent.py",
    "tests/service/test_faults.py",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", default=False,
                     help=f"play the long versions of the sized runs (as {ENV}=1)")


def pytest_configure(config: pytest.Config) -> None:
    # before collection, so that sizes read at import (parametrize) see it; xdist workers
    # inherit the environment and get the option too
    if config.getoption("long"):
        os.environ[ENV] = "1"
    # A suite started in the background (`./scripts/test &`, a CI runner) inherits SIGINT
    # ignored, and so would every program its tests start, which then never sees the Ctrl-C a
    # test presses (the terminal game's, an interrupted ladder's): in each process of the suite
    # (the workers run this too) SIGINT is Python's own again, so its children start with it.
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The modules of ``LONG_FIRST`` first, in its order (a stable sort: the order of the tests
    within a module, and of the other modules, is kept); every test by a node id of its own."""
    for item in items:
        # schemathesis gives the tests it makes for the operations of the OpenAPI document one
        # node id (the operation is only in the name, "test_x[POST /v1/apply]"), and pytest-xdist's
        # --dist loadfile, which schedules tests by node id, ran one test of each id, silently:
        # each gets the id pytest gives a node of its own (its parent's and its name)
        if item.parent is not None and not item.nodeid.endswith(item.name):
            item._id = item.parent.id.child(item.name)
    ids = [item.nodeid for item in items]
    if len(set(ids)) < len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise pytest.UsageError(f"tests with the same node id: {twice}")
    rank = {path: i for i, path in enumerate(LONG_FIRST)}
    root = config.rootpath

    def key(item: pytest.Item) -> int:
        try:
            path = item.path.relative_to(root).as_posix()
        except ValueError:
            return len(LONG_FIRST)
        return rank.get(path, len(LONG_FIRST))

    items.sort(key=key)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The modules, fixtures and tests just collected live for the whole session: frozen, so that
    the garbage collector does not look through them again at every full collection (running
    tests/service and tests/arena, each of three workers spent 2.4-3.4 s of its 48-58 s of CPU in
    the collector; frozen, 1.5-1.9 s)."""
    gc.freeze()
