"""What every game of the referee shares, written once: the pending-decision machine
(``decisions``, with ``why``), die rolls as chance decisions (``chance``) and their generator
(``rng``), plain data (``plain``), the primitive checks of untrusted state documents
(``checks``), the errors (``errors``), canonical JSON text (``jsontext``), game options
(``options``), counted words (``words``), SVG drawing (``svg``, ``layout``), statistics (``stats``),
the random-playout driver with the invariants every game checks (``playout``) and the mutation
fuzzer of state validators (``fuzz``). It imports no game:
Colonial Twilight (``engine``) and Algeria (``algeria``) build on it, and a third game would too."""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

# one module of each group the build compiles (setup.py's GROUPS): compiled together or not at all
_PROBES = ("referee_core.decisions", "engine.ops", "engine.machine", "algeria.state",
           "insurgent.state", "engine.bot.march")


def compiled() -> bool:
    """Are the engines running as compiled extension modules (the mypyc build: setup.py), rather
    than as Python source (``CT_REFEREE_PURE=1``, or no C compiler at install)?"""
    return all(str(getattr(importlib.import_module(m), "__file__", "")).endswith(
        tuple(EXTENSION_SUFFIXES)) for m in _PROBES)
