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
