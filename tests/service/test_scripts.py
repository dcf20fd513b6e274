"""scripts/serve on an installed environment: no reinstall, so it starts offline and quietly."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_starts_offline_without_reinstalling() -> None:
    """The test suite runs from the environment scripts/test installed: scripts/serve must then
    go straight to the server. An unreachable package index makes any install attempt fail."""
    env = dict(os.environ, PIP_INDEX_URL="http://127.0.0.1:1/simple", PIP_NO_INDEX="1",
               PIP_RETRIES="0")
    r = subprocess.run(["bash", str(ROOT / "scripts" / "serve"), "--help"], cwd="/",
                       capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: ct-referee serve")
    assert r.stderr == ""


def test_warm_asserts_writes_the_cache_pytest_reads(tmp_path: Path) -> None:
    """scripts/warm_asserts.py rewrites a test module as pytest does on import, without
    importing it: pytest's reader takes the cached file (its hash checked) and the code in it
    is the rewritten one (its asserts explain themselves)."""
    import importlib.util

    from _pytest.assertion import rewrite as pytest_rewrite

    spec = importlib.util.spec_from_file_location("warm_asserts",
                                                  ROOT / "scripts" / "warm_asserts.py")
    assert spec is not None and spec.loader is not None
    warm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(warm)
    assert warm.direct_works()
    module = tmp_path / "test_sample.py"
    module.write_text("import sys\n\ndef test_x() -> None:\n    assert len(sys.argv) == 99\n")
    warm.rewrite([module])
    pyc = warm.cached(module, warm.pyc_tail())
    co = pytest_rewrite._read_pyc(module, pyc, lambda _: None)
    assert co is not None
    space: dict[str, object] = {}
    exec(co, space)
    test_x = space["test_x"]
    assert callable(test_x)
    try:
        test_x()
    except AssertionError as e:
        assert "where" in str(e) and "len(" in str(e)   # pytest's explanation, not a bare assert
    else:
        raise AssertionError("the rewritten test passed")
