"""The build: the hot modules of the engines (``referee_core``, ``engine``, ``algeria``,
``insurgent``) compiled to C extension modules with mypyc when a C compiler is present, pure Python
otherwise (the same source either way; docs/performance.md, "The compiled engine"). Everything else
about the package is in pyproject.toml.

* ``CT_REFEREE_PURE=1`` builds no extension: the engines run as Python (``referee_core.compiled()``
  says which is running; so do ``ct-referee serve``'s startup line and ``/readyz``).
* What is compiled (``GROUPS``) was chosen by measurement: the modules where the benchmarks spend
  their time (legal moves and apply, the state's copy, the validator, the checks, Colonial
  Twilight's Propaganda and sequence of play, the non-player FLN but for its Events and
  Propaganda, which its median decision rarely reaches, the games' static tables, which the
  rules read on every lookup of a space or a unit, Colonial Twilight's wording of the moves and
  log entries every answer labels), the rest (card events, renderers, the other bots, tools)
  stays Python. Each group is one
  C file and one extension (the C runtime mypyc includes in every group costs gcc 2 s a group),
  the groups built in parallel on the machine's cores (at most ``CT_REFEREE_BUILD_JOBS``, default:
  every core), at ``-O`` ``MYPYC_OPT_LEVEL`` (default 1).
* A compiler that fails (none installed, no Python headers) leaves the pure-Python build, with a
  warning, also written to ``build/not-compiled.txt`` (``scripts/_venv.sh`` prints it); the build
  itself never fails for it.

A Python class may derive from a compiled one only where the latter says so
(``referee_core.native.mypyc_attr``): the frame kinds' bases, Events, Special Activities.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGES = ("referee_core", "engine", "algeria", "insurgent")
NOT_COMPILED_NOTE = ROOT / "build" / "not-compiled.txt"

# (group, its modules): one extension each, named ``<group>__mypyc``. Groups of similar size, so
# that two cores finish together (gcc's time goes with the C's length: 0.21 s per 1,000 lines
# at -O1).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("referee_core.hot", ("decisions", "checks", "jsontext", "plain", "why", "rng", "chance")),
    ("engine.hot_ops", ("ops", "ops_fln", "ops_gov", "sa_fln", "sa_gov", "propaganda")),
    ("engine.hot", ("data", "state", "board", "machine", "frame_checks", "modifiers", "validate",
                    "validate_pending", "serial", "moves", "events", "sequence", "labels",
                    "words")),
    ("algeria.hot", ("data", "state", "validate", "board", "react", "serial", "moves")),
    ("insurgent.hot", ("deck", "validate", "board", "state", "serial")),
    # the non-player FLN: its flowchart (8.4) and choices among candidates, its Rally (8.4.5, its
    # most frequent action), its March paths (8.4.6), the Attack test and the hypothetical Terror
    # it weighs at most Eligible decisions (8.4.2, 8.4.4), its Special Activities, its trace
    ("engine.bot_hot", ("bot/core", "bot/info", "bot/operation", "bot/rally", "bot/march",
                        "bot/attack", "bot/terror", "bot/sa", "bot/flow", "bot/trace")),
)


def groups() -> list[tuple[list[str], str | None]]:
    """mypycify's ``separate``: each group's source files and its name."""
    return [([f"{g.split('.')[0]}/{m}.py" for m in mods], g) for g, mods in GROUPS]


def wanted() -> bool:
    return os.environ.get("CT_REFEREE_PURE", "") in ("", "0")


class BuildEngines(build_ext):
    """build_ext that makes the engines' extensions (mypyc) only when the build runs: the other
    steps of an install (metadata, requirements, build_py) finalize this command too, and each
    would otherwise generate the C again."""

    def finalize_options(self) -> None:
        super().finalize_options()
        jobs = int(os.environ.get("CT_REFEREE_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1
        self.parallel = max(1, jobs)

    def _extensions(self) -> list[Any]:
        NOT_COMPILED_NOTE.unlink(missing_ok=True)
        if not wanted():
            return []
        try:
            from mypyc.build import mypycify
        except ImportError:
            self._not_compiled("mypyc is not installed")
            return []
        # mypyc's own cache: a ``mypy`` run over the same tree refreshes .mypy_cache's metadata
        # but not mypyc's IR next to it, and mypyc then reads stale IR of the modules it
        # takes as fresh (and fails: "value is not in list")
        os.environ.setdefault("MYPY_CACHE_DIR", str(ROOT / "build" / "mypyc-cache"))
        found = groups()
        said = io.StringIO()  # mypyc's notes on what it compiles generically; its errors
        try:
            with contextlib.redirect_stdout(said):
                # the optional packages the engines import when present (orjson) are not
                # installed where an installer builds (an isolated environment): typed Any
                return list(mypycify(["--ignore-missing-imports", "--no-warn-return-any",
                                      *(f for files, _ in found for f in files)],
                                     opt_level=os.environ.get("MYPYC_OPT_LEVEL", "1"),
                                     debug_level="0", separate=found))
        except (Exception, SystemExit) as e:  # noqa: BLE001 - mypyc failing (it exits on a
            # type error) leaves pure Python too
            errors = [line for line in said.getvalue().splitlines() if ": error:" in line]
            self._not_compiled(f"mypyc could not compile them ({type(e).__name__}: {e}"
                               + "".join(f"; {line}" for line in errors[:3]) + ")")
            return []

    def run(self) -> None:
        # the longest C first: the cores take the next extension as they finish one, so that
        # they finish together (gcc's time goes with the C's length)
        self.distribution.ext_modules = sorted(
            self._extensions(), key=lambda e: -sum(os.path.getsize(c) for c in e.sources))
        self.swig_opts = None  # finalized once already: a list now, which it would split again
        self.finalize_options()  # again, now with the extensions (it takes them from there)
        self._remove_stale()
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any compiler failure leaves pure Python
            self._remove_outputs()
            self._not_compiled(f"the C compiler failed ({type(e).__name__}: {e})")

    def _not_compiled(self, why: str) -> None:
        """Say (on stderr, and in build/not-compiled.txt for scripts/_venv.sh) why the engines
        stay pure Python."""
        message = f"the engines stay pure Python: {why if len(why) < 300 else why[:300] + ' …'}"
        self.warn(message)
        NOT_COMPILED_NOTE.parent.mkdir(parents=True, exist_ok=True)
        NOT_COMPILED_NOTE.write_text(message + "\n")

    def _remove_stale(self) -> None:
        """Extension modules of an earlier build that this one does not make (a module compiled
        then, Python now): they would win over their source at import."""
        made = {e.name for e in self.extensions}
        for pkg in PACKAGES:
            for p in (ROOT / pkg).rglob("*"):
                name = ".".join(p.relative_to(ROOT).with_name(p.name.split(".")[0]).parts)
                if p.suffix in (".so", ".pyd") and name not in made:
                    p.unlink()

    @staticmethod
    def _remove_outputs() -> None:
        """Built extensions of a failed build: a module without its group would not import."""
        for pkg in PACKAGES:
            for p in (ROOT / pkg).rglob("*"):
                if p.suffix in (".so", ".pyd"):
                    p.unlink()
        shutil.rmtree(ROOT / "build", ignore_errors=True)


class EngineDistribution(Distribution):
    def has_ext_modules(self) -> bool:  # decided by BuildEngines.run, not by a fixed list
        return wanted()


if not wanted():  # extension modules left by an earlier build would win over the source
    BuildEngines._remove_outputs()
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
setup(distclass=EngineDistribution, cmdclass={"build_ext": BuildEngines})
