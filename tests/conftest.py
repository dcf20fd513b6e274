"""Options of the whole suite: ``--long`` plays the long versions of the sized runs
(tests/long.py)."""

from __future__ import annotations

import os

import pytest

from tests.long import ENV


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", default=False,
                     help=f"play the long versions of the sized runs (as {ENV}=1)")


def pytest_configure(config: pytest.Config) -> None:
    # before collection, so that sizes read at import (parametrize) see it; xdist workers
    # inherit the environment and get the option too
    if config.getoption("long"):
        os.environ[ENV] = "1"

