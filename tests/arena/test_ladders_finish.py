"""Ladders that finish: an in-process agent that never answers loses on time and the ladder goes
on; a worker killed mid-game loses nobody the game (another worker plays it in the same run);
the summary and the report say why each forfeit was lost; agents get a seed of their own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from ct_referee_arena.store import Store

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "ct_referee_cli"]
PY = "py:tests.arena.misbehaving"

ENDLESS = f"""
name = "endless"
games = 2
seed = 90
[time]
per_move = 0.5
[[agents]]
name = "loop"
spec = "{PY}:endless"
sides = ["gov"]
[[agents]]
name = "rnd"
spec = "random"
"""


def toml(tmp: Path, body: str) -> str:
    p = tmp / "LADDER.toml"
    p.write_text(body)
    return str(p)


def hosts_of(ref: str) -> list[int]:
    """The processes still running the ``py:`` agent ``ref``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if b"ct_referee_arena.pyhost" in argv and ref.encode() in argv:
            found.append(int(pid))
    return found


def test_a_python_agent_that_never_answers_loses_on_time_and_the_ladder_goes_on(
        tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = subprocess.run([*CLI, "ladder", toml(tmp_path, ENDLESS), "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr
    assert "4/4 games played" in r.stdout
    games = Store(str(out / "ladder.db")).games()
    looped = [json.loads(g["outcome"])["forfeit"] for g in games if g["gov"] == "loop"]
    assert len(looped) == 2
    assert all(f["side"] == "gov" and f["kind"] == "time" for f in looped), looped
    assert all(g["forfeit_side"] is None for g in games if g["gov"] == "rnd")
    deadline = time.monotonic() + 10
    while hosts_of("tests.arena.misbehaving:endless") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not hosts_of("tests.arena.misbehaving:endless")   # stopped, not left spinning
