"""Cache pytest's rewritten test modules before the suite's workers start (scripts/test).

pytest rewrites the asserts of each test module and conftest as it imports them, and keeps the
result in ``__pycache__`` only where Python writes bytecode. Where it does not
(``PYTHONDONTWRITEBYTECODE``, as on this project's CI, or any fresh clone before its first run),
each pytest-xdist worker rewrites the whole suite again, side by side with the others: about 13 s
of CPU per worker. This writes the rewritten bytecode of the modules whose cache is missing or
older than their source once, split over the cores; the workers then read it.

It rewrites them as pytest does on import, with pytest's own functions, without importing the
modules (about 7 s of CPU for this suite, against 21 s to collect it). Where those functions are
not what this script expects (they are pytest's internals), it collects the modules instead
(``pytest --collect-only`` with bytecode written), which caches the same files. A cache pytest
cannot read costs nothing but time: pytest checks each file's hash and rewrites it again.

    python scripts/warm_asserts.py [JOBS]

A module this cannot cache (one that does not parse, a directory not writable) is left to the
run that follows, which rewrites it or reports it.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from importlib.metadata import version
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1] / "tests"


def cached(source: Path, tail: str) -> Path:
    """Where pytest keeps the rewritten bytecode of ``source`` (``tail``: ``pyc_tail()``)."""
    return source.parent / "__pycache__" / (source.stem + tail)


def pyc_tail() -> str:
    """The end of the names pytest gives its rewritten bytecode (Python's tag, pytest's version)."""
    return f".{sys.implementation.cache_tag}-pytest-{version('pytest')}.pyc"


def stale() -> list[Path]:
    """The test modules and conftests (what pytest rewrites here) not cached since their last
    change."""
    tail = pyc_tail()
    out = []
    for p in sorted(TESTS.rglob("*.py")):
        if p.name.startswith("test_") or p.name == "conftest.py":
            c = cached(p, tail)
            if not c.exists() or c.stat().st_mtime < p.stat().st_mtime:
                out.append(p)
    return out


def rewrite(paths: list[Path]) -> None:
    """Rewrite and cache ``paths`` with pytest's functions (one process's share)."""
    from _pytest.assertion import rewrite as pytest_rewrite

    for p in paths:
        try:
            source_hash, co = pytest_rewrite._rewrite_test(p, None)  # type: ignore[arg-type]
            pyc = cached(p, pytest_rewrite.PYC_TAIL)
            pyc.parent.mkdir(exist_ok=True)
            part = pyc.with_name(f"{pyc.name}.{os.getpid()}")
            with open(part, "wb") as fp:
                pytest_rewrite._write_pyc_fp(fp, source_hash, co)
            os.replace(part, pyc)
        except Exception:  # noqa: BLE001 - left to pytest, which rewrites it (or reports it)
            continue


def direct_works() -> bool:
    """Are pytest's functions the ones this script calls (their parameters as ``rewrite`` passes
    them), naming files as it does? Otherwise ``rewrite`` would skip every module unseen."""
    try:
        from _pytest.assertion import rewrite as pytest_rewrite

        def params(fn: Any) -> list[str]:
            return list(inspect.signature(fn).parameters)

        return (pytest_rewrite.PYC_TAIL == pyc_tail()
                and params(pytest_rewrite._rewrite_test) == ["fn", "config"]
                and params(pytest_rewrite._write_pyc_fp) == ["fp", "source_hash", "co"])
    except (ImportError, AttributeError, TypeError, ValueError):
        return False


def collect(chunks: list[list[Path]]) -> None:
    """The fallback: collect each chunk in a pytest process of its own, bytecode written."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # a conftest is loaded by collecting a module beside it
    modules = [{p if p.name != "conftest.py" else min(p.parent.glob("test_*.py"), default=p)
                for p in chunk} for chunk in chunks]
    procs = [subprocess.Popen([sys.executable, "-m", "pytest", "--collect-only", "-q",
                               "-p", "no:cacheprovider", *map(str, sorted(chunk))],
                              env=env, cwd=TESTS.parent, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
             for chunk in modules]
    for p in procs:
        p.wait()


def main(jobs: int) -> int:
    todo = sorted(stale(), key=lambda p: -p.stat().st_size)
    if not todo:
        return 0
    chunks = [todo[i::jobs] for i in range(min(jobs, len(todo)))]   # similar sizes
    if direct_works():
        with ProcessPoolExecutor(len(chunks)) as pool:
            list(pool.map(rewrite, chunks))
    else:
        collect(chunks)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else os.cpu_count() or 1))
