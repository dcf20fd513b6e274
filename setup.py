"""The build: the engines (``referee_core``, ``engine``, ``algeria``, ``insurgent``) compiled to
C extension modules with mypyc when a C compiler is present, pure Python otherwise (the same
source either way; docs/performance.md, "The compiled engine"). Everything else about the package
is in pyproject.toml.

* ``CT_REFEREE_PURE=1`` builds no extension: the engines run as Python (``referee_core.compiled()``
  says which is running; so do ``ct-referee serve``'s startup line and ``/readyz``).
* The modules are compiled in a few groups (``GROUPS``), each one C extension, built in parallel on
  the machine's cores (at most ``CT_REFEREE_BUILD_JOBS``, default: every core), at ``-O``
  ``MYPYC_OPT_LEVEL`` (default 1: the C compiler's time matters more than its last few percent).
* A compiler that fails (none installed, no Python headers) leaves the pure-Python build, with a
  warning; the build itself never fails for it.

mypyc compiles every module of the four packages but a few that gain nothing and that it cannot
compile as they are (``NOT_COMPILED``): the errors (exception classes with two bases), the bots'
traces (``list`` subclasses), SVG helpers with positional-only defaults, and the command-line tools
(self-play, fuzzing).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGES = ("referee_core", "engine", "algeria", "insurgent")
NOT_COMPILED = (
    "referee_core/errors.py",   # BotStuck(BotError, StateError): multiple bases need Python classes
    "referee_core/svg.py",      # el(tag, body="", /, **kw): mypyc cannot sign it
    "referee_core/fuzz.py", "engine/fuzz.py", "algeria/fuzz.py",  # test tools
    "engine/bot/trace.py", "engine/govbot/trace.py",  # Trace(list): a builtin base
    "engine/bot/selfplay.py", "engine/govbot/selfplay.py", "algeria/bots/selfplay.py",
    "insurgent/bots/selfplay.py", "engine/cards/__main__.py",
)

# Off the hot path (legal moves, apply, settling, the validator, the state's text), and 40 % of
# the C: kept as Python so that the build stays short (docs/performance.md, "build time").
COLD = ("/render", "/labels.py", "/records.py", "/positions.py", "/preview.py", "/catalog.py",
        "/words.py", "/view.py", "/stats.py", "/layout.py", "/scenarios.py", "/catalogue.py",
        "engine/bot/", "engine/govbot/", "algeria/bots/")


def sources() -> list[str]:
    """The modules compiled: every module of the four packages but the cold and the unfit."""
    names = (str(p.relative_to(ROOT)) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
             if p.name != "__init__.py")  # a package's imports, run once
    if os.environ.get("CT_REFEREE_COMPILE") == "all":
        return sorted(n for n in names if n not in NOT_COMPILED)
    return sorted(n for n in names if n not in NOT_COMPILED and not any(c in n for c in COLD))


def wanted() -> bool:
    return os.environ.get("CT_REFEREE_PURE", "") in ("", "0")


class BuildEngines(build_ext):
    """build_ext that makes the engines' extensions (mypyc) only when the build runs, so that the
    other steps of an install (metadata, requirements) do not wait for the C generation."""

    def finalize_options(self) -> None:
        self.distribution.ext_modules = self._extensions()
        super().finalize_options()
        jobs = int(os.environ.get("CT_REFEREE_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1
        self.parallel = max(1, jobs)

    def _extensions(self) -> list[Any]:
        if not wanted():
            return []
        try:
            from mypyc.build import mypycify
        except ImportError:
            self.warn("mypyc is not installed: the engines stay pure Python")
            return []
        # mypyc's own cache: a ``mypy`` run over the same tree refreshes .mypy_cache's metadata
        # but not mypyc's IR next to it, and mypyc then reads stale IR of the modules it
        # takes as fresh (and fails: "value is not in list")
        os.environ.setdefault("MYPY_CACHE_DIR", str(ROOT / "build" / "mypyc-cache"))
        try:
            return list(mypycify(sources(), opt_level=os.environ.get("MYPYC_OPT_LEVEL", "1"),
                                 debug_level="0", separate=True))
        except Exception as e:  # noqa: BLE001 - mypyc failing leaves pure Python too
            self.warn(f"mypyc could not compile the engines ({type(e).__name__}: {e}); "
                      "they stay pure Python")
            return []

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any compiler failure leaves pure Python
            self.warn(f"the engines could not be compiled ({type(e).__name__}: {e}); "
                      "they stay pure Python")
            self._remove_outputs()

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
