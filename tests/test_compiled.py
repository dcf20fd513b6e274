"""The compiled engines (setup.py, mypyc) against the interpreted ones: seeded random games of
every scenario of Colonial Twilight, Algeria and INSURGENT, and games against the non-player FLN,
give the same trace, decision by decision (legal moves, refusals, logs, states, Colonial
Twilight's labels of the moves and logs, the bot's moves and reasons: tests/engine_trace.py). The
interpreted side runs in a process over a copy of the packages' Python source only (an extension
module next to its source wins at import). A sample of games here; ``--long`` plays more."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import referee_core
from tests.engine_trace import traces
from tests.long import sized

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("referee_core", "engine", "algeria", "insurgent")

pytestmark = pytest.mark.skipif(
    not referee_core.compiled(),
    reason="the engines are not compiled (installed with CT_REFEREE_PURE=1 or without a C "
           "compiler): there is no compiled engine to compare with the interpreted one")


def _source_copy(dest: Path) -> None:
    """The four packages' Python source and data, without the compiled modules, and the tracer
    (run from there: the directory of the script run comes first in ``sys.path``)."""
    for pkg in PACKAGES:
        shutil.copytree(ROOT / pkg, dest / pkg,
                        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    shutil.copy(ROOT / "tests" / "engine_trace.py", dest)


def test_compiled_and_interpreted_engines_trace_the_same_games(tmp_path: Path) -> None:
    games = sized(1, 8)
    _source_copy(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, str(tmp_path / "engine_trace.py"), str(games)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    interpreted = json.loads(out.stdout)
    assert interpreted["compiled"] is False  # the copy really ran as Python
    compiled = traces(games)
    assert compiled.keys() == interpreted["traces"].keys()
    for game, steps in compiled.items():
        other = interpreted["traces"][game]
        first = next((i for i, (a, b) in enumerate(zip(steps, other)) if a != b), None)
        assert first is None and len(steps) == len(other), (
            f"{game}: the compiled engine departs from the interpreted one at decision "
            f"{first if first is not None else min(len(steps), len(other))}")
    assert sum(len(t) for t in compiled.values()) > 100 * len(compiled) // 2


def _compiled_modules() -> list[str]:
    """The modules of the four packages built as extension modules (setup.py's GROUPS; not the
    groups' own libraries, ``<group>__mypyc``)."""
    found = []
    for pkg in PACKAGES:
        for p in (ROOT / pkg).rglob("*"):
            suffix = next((x for x in EXTENSION_SUFFIXES if p.name.endswith(x)), None)
            if suffix and not p.name.removesuffix(suffix).endswith("__mypyc"):
                found.append(".".join(p.relative_to(ROOT).parent.parts
                                      + (p.name.removesuffix(suffix),)))
    return sorted(found)


_UNBOUND = ("import importlib, json, sys\n"
            "print(json.dumps({m: sorted(k for k, v in vars(importlib.import_module(m)).items()"
            " if v is None and not k.startswith('__')) for m in json.loads(sys.argv[1])}))")


def test_compiled_modules_bind_their_globals_as_python_does(tmp_path: Path) -> None:
    """The same module globals are None in a compiled module as in its source run by Python: a
    function defined in a conditional block under the name of a declared global (jsontext's
    orjson writer) made a function of its own under mypyc and left the global None, so every
    state's text took the standard encoder (5 times slower)."""
    modules = _compiled_modules()
    assert "referee_core.jsontext" in modules
    _source_copy(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-c", _UNBOUND, json.dumps(modules)], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    interpreted = json.loads(out.stdout)
    compiled = {m: sorted(k for k, v in vars(importlib.import_module(m)).items()
                          if v is None and not k.startswith("__"))  # mypyc keeps no __doc__
                for m in modules}
    assert compiled == interpreted


# Tests run here on the Python source too: those whose frame kinds are Python classes
# (subclasses of the compiled FrameType, which takes them: referee_core.native), which run on the
# compiled build in the suite as well, and those that replace an engine's function to count its
# calls, which compiled callers do not look up (they skip on a compiled build).
PYTHON_FRAMES = ("tests/test_decisions.py",
                 "tests/test_serial.py::test_moves_built_from_frame_data_must_be_well_formed",
                 "tests/test_serial.py::test_frame_kinds_may_check_their_own_data",
                 "tests/service/test_check_issued.py::test_an_algeria_apply_validates_each_state_once",
                 "tests/service/test_check_issued.py::"
                 "test_always_validates_states_made_from_proven_data")


def test_python_frame_kinds_and_patched_engines_on_the_interpreted_engines(tmp_path: Path) -> None:
    _source_copy(tmp_path)
    shutil.copytree(ROOT / "tests", tmp_path / "tests",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-rs", *PYTHON_FRAMES], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " skipped" not in out.stdout.splitlines()[-1], out.stdout[-2000:]  # really ran
