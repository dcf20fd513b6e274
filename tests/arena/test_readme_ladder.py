"""The README's ladder commands run as written (from a directory holding the clone's examples).
In the default suite the ladder plays 1 game a pairing (4 games) and the match 4 games, every
command as written otherwise; ``--long`` (tests/long.py) plays them at the README's sizes (16 and
20 games)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.long import long_runs
from tests.service.test_readme import blocks

ROOT = Path(__file__).resolve().parents[2]
PAIRINGS = 4   # examples/ladder.toml: random/random, random/fln-bot, first-move.js/(both)


def examples(tmp_path: Path) -> int:
    """The clone's examples under ``tmp_path``: as they are under ``--long``, otherwise with
    examples/ladder.toml at 1 game a pairing. The ladder's games (per pairing)."""
    if long_runs():
        (tmp_path / "examples").symlink_to(ROOT / "examples")
        return int(re.search(r"^games = (\d+)", (ROOT / "examples" / "ladder.toml").read_text(),
                             re.M).group(1))  # type: ignore[union-attr]
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "agents").symlink_to(ROOT / "examples" / "agents")
    toml = (ROOT / "examples" / "ladder.toml").read_text()
    sized, n = re.subn(r"^games = \d+", "games = 1", toml, flags=re.M)
    assert n == 1, "examples/ladder.toml: no `games = N` line"
    (tmp_path / "examples" / "ladder.toml").write_text(sized)
    return 1


def test_the_readme_ladder_commands(tmp_path: Path) -> None:
    (block,) = blocks("Bot-vs-bot matches and ladders", "sh")
    per_pairing = examples(tmp_path)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    script = block.replace(".venv/bin/ct-referee", "ct-referee")
    match_games = int(re.search(r"match .* --games (\d+)", script).group(1))  # type: ignore[union-attr]
    if not long_runs():
        script, n = re.subn(r"(match .* --games )\d+", r"\g<1>4", script)
        assert n == 1
        match_games = 4
    r = subprocess.run(["bash", "-c", "set -eo pipefail\n" + script], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"{r.stdout}\n{r.stderr}"
    games = PAIRINGS * per_pairing
    assert f"{games}/{games} games played" in r.stdout
    assert f"{match_games}/{match_games} games played" in r.stdout
    assert "GAME-00001.jsonl: VERIFIED" in r.stdout
    assert "(the pinned organiser key)" in r.stdout and f"{games}/{games} games verified" in r.stdout
    reveal = json.loads((tmp_path / "ladder-example" / "reveal.json").read_text())
    assert len(reveal["games"]) == games
    assert (tmp_path / "ladder-example" / "report.html").exists()
