"""The README's ladder commands run as written (from a directory holding the clone's examples)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.service.test_readme import blocks

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_ladder_commands(tmp_path: Path) -> None:
    (block,) = blocks("Bot-vs-bot matches and ladders", "sh")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    script = block.replace(".venv/bin/ct-referee", "ct-referee")
    r = subprocess.run(["bash", "-c", "set -eo pipefail\n" + script], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"{r.stdout}\n{r.stderr}"
    assert "16/16 games played" in r.stdout and "20/20 games played" in r.stdout
    assert "GAME-00001.jsonl: VERIFIED" in r.stdout
    assert "(the pinned organiser key)" in r.stdout and "16/16 games verified" in r.stdout
    reveal = json.loads((tmp_path / "ladder-example" / "reveal.json").read_text())
    assert len(reveal["games"]) == 16
    assert (tmp_path / "ladder-example" / "report.html").exists()
