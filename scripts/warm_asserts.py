"""Cache pytest's rewritten test modules before the suite's workers start (scripts/test).

pytest rewrites the asserts of each test module and conftest as it imports them, and keeps the
result in ``__pycache__`` only where Python writes bytecode. Where it does not
(``PYTHONDONTWRITEBYTECODE``, as on this project's CI, or any fresh clone before its first run),
each pytest-xdist worker rewrites the whole suite again, side by side with the others: about 13 s
of CPU per worker. This collects the modules whose rewritten bytecode is missing or older than
their source once, split over the cores, with bytecode written; the workers then read it.

    python scripts/warm_asserts.py [JOBS]

Collection errors are left to the run that follows, which reports them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"


def cached(source: Path, tail: str) -> Path:
    """Where pytest keeps the rewritten bytecode of ``source`` (``tail``: ``pyc_tail()``)."""
    return source.parent / "__pycache__" / (source.stem + tail)


def pyc_tail() -> str:
    """The end of the names pytest gives its rewritten bytecode (Python's tag, pytest's version)."""
    return f".{sys.implementation.cache_tag}-pytest-{version('pytest')}.pyc"


def stale() -> list[Path]:
    """The test modules to collect: those not cached since their last change, and one module
    of each directory whose conftest is not (collecting any module there loads it)."""
    out: set[Path] = set()
    tail = pyc_tail()
    for d in sorted({p.parent for p in TESTS.rglob("test_*.py")}):
        modules = sorted(d.glob("test_*.py"))
        conftest = d / "conftest.py"
        for p in modules + ([conftest] if conftest.exists() else []):
            c = cached(p, tail)
            if not c.exists() or c.stat().st_mtime < p.stat().st_mtime:
                out.add(p if p.name != "conftest.py" else modules[0])
    return sorted(out)


def main(jobs: int) -> int:
    todo = sorted(stale(), key=lambda p: -p.stat().st_size)
    if not todo:
        return 0
    chunks = [todo[i::jobs] for i in range(min(jobs, len(todo)))]   # similar sizes
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    procs = [subprocess.Popen([sys.executable, "-m", "pytest", "--collect-only", "-q",
                               "-p", "no:cacheprovider", *map(str, chunk)],
                              env=env, cwd=TESTS.parent, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
             for chunk in chunks]
    for p in procs:
        p.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else os.cpu_count() or 1))
