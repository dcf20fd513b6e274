"""The TypeScript client (clients/ts): its generated message types are what scripts/gen_ts.py makes
from the contract, it compiles, and its own tests (clients/ts/test, run by Node's test runner)
play real calls against a REST server on a free port: NewGame, LegalMoves, Apply of a listed
move, Validate, an illegal and a malformed move answered with the typed error, Algeria, the
Catalog's 304 and the FLN bot's Decide."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import Servers

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "ts"
sys.path.insert(0, str(ROOT / "scripts"))
import gen_ts  # noqa: E402


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: apt-get install -y nodejs npm (scripts/test does this)")
    return node


@pytest.fixture(scope="module")
def compiled() -> list[str]:
    """The client and its tests compiled (``npm ci`` first when its packages are missing)."""
    gen_ts.install()
    tsc = CLIENT / "node_modules" / "typescript" / "bin" / "tsc"
    r = subprocess.run([_node(), str(tsc), "-p", str(CLIENT)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    tests = sorted(str(p) for p in (CLIENT / "dist" / "test").glob("*.test.js"))
    assert tests, "no compiled tests in clients/ts/dist/test"
    return tests


def test_generated_typescript_is_what_the_contract_gives() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_ts.py"), "--check"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr


def test_typescript_client_plays_against_a_real_server(servers: Servers,
                                                       compiled: list[str]) -> None:
    env = {**os.environ, "CT_REFEREE_URL": servers.http, "NODE_NO_WARNINGS": "1"}
    r = subprocess.run([_node(), "--test", *compiled], capture_output=True, text=True,
                       timeout=300, env=env, cwd=CLIENT)
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-3000:]
    passed = re.search(r"^# pass (\d+)$", r.stdout, re.M)
    assert "# fail 0" in r.stdout and passed and int(passed.group(1)) >= 8, r.stdout[-3000:]
