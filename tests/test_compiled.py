"""The compiled engines (setup.py, mypyc) against the interpreted ones: seeded random games of
every scenario of Colonial Twilight, Algeria and INSURGENT give the same trace, decision by
decision (legal moves, refusals, logs, states: tests/engine_trace.py). The interpreted side runs
in a process over a copy of the packages' Python source only (an extension module next to its
source wins at import). A sample of games here; ``--long`` plays more."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
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


# Tests whose frame kinds are Python classes: mypyc's compiled FrameType takes no interpreted
# subclass, so on a compiled build they skip there and run here, on the Python source.
PYTHON_FRAMES = ("tests/test_decisions.py",
                 "tests/test_serial.py::test_moves_built_from_frame_data_must_be_well_formed",
                 "tests/test_serial.py::test_frame_kinds_may_check_their_own_data")


def test_python_frame_kinds_on_the_interpreted_engines(tmp_path: Path) -> None:
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
