"""Sized runs: the default suite plays samples of its long runs (random playouts, self-play,
fuzzing, whole bot games); ``pytest --long`` (tests/conftest.py), or CT_REFEREE_LONG=1 in the
environment, plays their long versions. Every kind of check runs either way; only the number of
games, seeds or cases changes."""

from __future__ import annotations

import os

ENV = "CT_REFEREE_LONG"


def long_runs() -> bool:
    """Whether the long versions run (``--long`` sets CT_REFEREE_LONG=1 before collection)."""
    return os.environ.get(ENV, "") not in ("", "0")


def sized(sample: int, long: int) -> int:
    """``long`` under ``--long``, otherwise ``sample``."""
    return long if long_runs() else sample
