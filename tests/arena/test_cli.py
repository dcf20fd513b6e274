"""``ct-referee match``: the final table on stdout, the progress bar on stderr only on a terminal
(a real pseudo-terminal here) or with --progress, clear errors for bad arguments."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from ct_referee_cli import main

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "ct_referee_cli"]
MATCH = ["match", "random", "fln-bot", "--games", "3", "--seed", "5"]


def test_match_prints_the_table_and_no_bar_into_a_pipe(tmp_path: Path) -> None:
    r = subprocess.run([*CLI, *MATCH, "--out", str(tmp_path / "m")], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "short     random      fln-bot  3      0" in r.stdout
    assert "Ratings per side" in r.stdout and "3/3 games played" in r.stdout
    assert r.stderr == ""
    forced = subprocess.run([*CLI, *MATCH, "--out", str(tmp_path / "f"), "--progress"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert "3/3 100%" in forced.stderr and "ETA" in forced.stderr


def test_the_bar_shows_on_a_terminal(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    p = subprocess.Popen([*CLI, *MATCH, "--out", str(tmp_path / "t")], cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:   # the terminal closed: the program is done
            break
        if not chunk:
            break
        seen += chunk
    assert p.wait(60) == 0
    text = seen.decode()
    assert "\r" in text and "[##########" in text and "3/3 100%" in text and "games/s" in text


def in_process(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``ct-referee ARGS`` run by its ``main`` in this process: the exit status and stderr."""
    try:
        code = main(args)
    except SystemExit as e:   # argparse's own refusals
        code = int(e.code or 0)
    return code, capsys.readouterr().err


def test_bad_arguments_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first as the command runs (a process of its own), the others by its ``main``."""
    r = subprocess.run([*CLI, "match", "fln-bot", "random", "--out", str(tmp_path / "x")],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "fln-bot plays the FLN only" in r.stderr
    code, err = in_process(["match", "random", "deep-blue"], capsys)
    assert code == 2 and "unknown agent 'deep-blue'" in err
    code, err = in_process(["ladder", str(tmp_path / "missing.toml")], capsys)
    assert code == 2 and "missing.toml" in err
    for flag, words in ((["--referee", "ftp://x"], "use http://host:port, grpc://host:port"),
                        (["--referee", "http://127.0.0.1:9"], "no referee answers there"),
                        (["--jobs", "0"], "--jobs: at least 1")):
        code, err = in_process([*MATCH, "--out", str(tmp_path / "y"), *flag], capsys)
        assert code == 2 and words in err, err
