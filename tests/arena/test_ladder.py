"""Ladders: the TOML file, the schedule and its published commitments, Wilson intervals and
OpenSkill ratings per side, parallel processes, the report, and resuming after an interrupt."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ct_referee_arena import ladder as lad
from ct_referee_arena.fair import verify_record
from ct_referee_arena.report import final_table
from ct_referee_arena.stats import INITIAL_ORDINAL, ratings
from ct_referee_arena.store import Store

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "ct_referee_cli"]


def toml(tmp: Path, body: str) -> str:
    p = tmp / "LADDER.toml"
    p.write_text(body)
    return str(p)


SMALL = """
name = "small"
games = 2
seed = 40
[[agents]]
name = "rnd"
spec = "random"
[[agents]]
name = "bot"
spec = "fln-bot"
"""


@pytest.mark.parametrize("body,words", [
    ('games = 2\n', "agents: a list of [[agents]] tables"),
    ('[[agents]]\nname = "a"\nspec = "chess"\n', "agents[0].spec: unknown agent 'chess'"),
    ('[[agents]]\nname = "a"\nspec = "fln-bot"\nsides = ["gov"]\n',
     "agents[0].sides: fln-bot plays the FLN only"),
    ('[[agents]]\nname = "a"\nspec = "random"\n[[agents]]\nname = "a"\nspec = "random"\n',
     "agents[1].name: 'a' twice"),
    ('scenarios = ["tiny"]\n[[agents]]\nname = "a"\nspec = "random"\n', "scenarios: a list of"),
    ('games = 0\n[[agents]]\nname = "a"\nspec = "random"\n', "games: a positive integer"),
    ('[time]\nper_move = -1\n[[agents]]\nname = "a"\nspec = "random"\n', "time: a table"),
    ('gmaes = 3\n[[agents]]\nname = "a"\nspec = "random"\n', "gmaes: unknown"),
    ('[[agents]]\nname = "a"\nspec = "fln-bot"\n', "no agent plays the Government"),
    ('games = [\n', "not TOML"),
])
def test_a_bad_ladder_file_is_refused_naming_the_field(tmp_path: Path, body: str,
                                                       words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        lad.load(toml(tmp_path, body))


def test_ratings_are_per_side_and_move_with_the_results() -> None:
    games = [{"gov": "a", "fln": "b", "winner": "gov"}, {"gov": "b", "fln": "a", "winner": "gov"}]
    rs, history = ratings(games)
    by = {(r.agent, r.side): r for r in rs}
    assert set(by) == {("a", "gov"), ("b", "fln"), ("b", "gov"), ("a", "fln")}
    assert by[("a", "gov")].mu > 25 > by[("b", "fln")].mu
    assert by[("b", "gov")].mu > 25 > by[("a", "fln")].mu
    assert [h["game"] for h in history] == [1, 1, 2, 2]
    assert INITIAL_ORDINAL == pytest.approx(0.0)


def test_a_ladder_commits_plays_reveals_and_reports(tmp_path: Path) -> None:
    ladder = lad.load(toml(tmp_path, SMALL))
    assert [(sc, g.name, f.name) for sc, g, f in ladder.pairings()] == [
        ("short", "rnd", "rnd"), ("short", "rnd", "bot")]
    out = tmp_path / "out"
    seen_before: list[Any] = []

    def on_game(done: int, total: int) -> None:
        if done == 1:  # the commitments were published before the first game ended
            seen_before.append(json.loads((out / "commitments.json").read_text()))
            assert not (out / "reveal.json").exists()

    s = lad.run(ladder, str(out), lad.processes(2), on_game=on_game)
    assert (s.played, s.total, s.errors) == (4, 4, [])
    published = {g["commitment"] for g in seen_before[0]["games"]}
    reveal = json.loads((out / "reveal.json").read_text())["games"]
    assert [g["seed"] for g in reveal] == [40, 41, 42, 43]
    for n in range(1, 5):
        rec = (out / "games" / f"GAME-{n:05d}.jsonl").read_text().splitlines()
        head = json.loads(rec[0])
        assert head["seed"] == 40 + n - 1 and head["ladder"] == "small" and head["game"] == n
        assert verify_record(rec, published).ok
    page = (out / "report.html").read_text()
    assert "<svg" in page and "rnd (Government)" in page and "bot (FLN)" in page
    assert (out / "ratings.svg").read_text().startswith("<svg")


def test_parallel_processes_give_the_serial_results(tmp_path: Path) -> None:
    ladder = lad.load(toml(tmp_path, SMALL))
    lad.run(ladder, str(tmp_path / "a"), lad.serial)
    lad.run(ladder, str(tmp_path / "b"), lad.processes(2))
    rows = [[(g["id"], g["winner"], g["seed"]) for g in Store(str(tmp_path / d / "ladder.db")
                                                               ).games()] for d in "ab"]
    assert rows[0] == rows[1]
    for n in range(1, 5):
        a, b = [(tmp_path / d / "games" / f"GAME-{n:05d}.jsonl").read_text().splitlines()
                for d in "ab"]
        assert a[1:] == b[1:]   # the same moves, checkpoints and result (salts differ)


def test_a_directory_keeps_its_ladder(tmp_path: Path) -> None:
    lad.run(lad.load(toml(tmp_path, SMALL)), str(tmp_path / "o"))
    other = lad.load(toml(tmp_path, SMALL.replace("games = 2", "games = 3")))
    with pytest.raises(ValueError, match="holds a different ladder"):
        lad.run(other, str(tmp_path / "o"))


RESUME = """
name = "resume"
games = 30
seed = 7
[[agents]]
name = "rnd"
spec = "random"
"""


def _done(db: Path) -> int:
    try:
        with sqlite3.connect(db) as c:
            return int(c.execute("SELECT count(*) FROM games WHERE status = 'done'").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    tmp = tmp_path_factory.mktemp("full")
    full = subprocess.run([*CLI, "ladder", toml(tmp, RESUME), "--out", str(tmp / "full")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert full.returncode == 0, full.stderr
    return tmp / "full", full.stdout


# A Ctrl-C that arrives while ``ct-referee ladder`` imports the arena's modules: the process
# signals itself from an import hook, at the moment the ladder's module is first imported.
CTRL_C_WHILE_IMPORTING = """
import importlib.abc, os, signal, sys

class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "ct_referee_arena.ladder":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
import ct_referee_cli
sys.exit(ct_referee_cli.main(sys.argv[1:]))
"""


def test_a_ctrl_c_while_the_ladder_imports_is_an_interruption_not_a_traceback(
        tmp_path: Path) -> None:
    """A Ctrl-C while the ladder's modules are still being imported – before the ladder's own
    handling, which keeps the games played – stops it with status 130 and a line saying so, not
    a traceback."""
    cfg = toml(tmp_path, RESUME)
    p = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_IMPORTING, "ladder", cfg, "--out",
                        str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert (p.returncode, p.stderr) == (130, "ct-referee: interrupted\n")
    assert not (tmp_path / "out").exists()


def test_main_turns_a_ctrl_c_before_a_commands_own_handling_into_status_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import ct_referee_cli

    def importing(name: str) -> Any:
        raise KeyboardInterrupt  # as while a command's module is imported

    monkeypatch.setattr(ct_referee_cli, "_module", importing)
    assert ct_referee_cli.main(["ladder", "x.toml"]) == 130
    assert capsys.readouterr().err == "ct-referee: interrupted\n"


@pytest.mark.parametrize("sig,jobs", [(signal.SIGINT, "1"), (signal.SIGTERM, "2")])
def test_an_interrupted_ladder_resumes_to_the_same_totals(
        tmp_path: Path, uninterrupted: tuple[Path, str], sig: int, jobs: str) -> None:
    cfg = toml(tmp_path, RESUME)
    cut = tmp_path / "cut"
    p = subprocess.Popen([*CLI, "ladder", cfg, "--out", str(cut), "--jobs", jobs], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while _done(cut / "ladder.db") < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    p.send_signal(sig)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert err.strip() == (f"interrupted: the games played are kept in {cut}; run the same"
                           " command again to resume")   # and no worker's traceback
    stopped = _done(cut / "ladder.db")
    assert 3 <= stopped < 30
    assert not (cut / "reveal.json").exists()
    again = subprocess.run([*CLI, "ladder", cfg, "--out", str(cut), "--jobs", jobs], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "30/30 games played" in again.stdout
    full_dir, full_out = uninterrupted
    table = [r.split("report:")[0] for r in (full_out, again.stdout)]
    assert table[0] == table[1]   # same wins, intervals and ratings
    full_rows, cut_rows = [[(g["id"], g["seed"], g["winner"], json.loads(g["outcome"])["moves"])
                            for g in Store(str(d / "ladder.db")).games()]
                           for d in (full_dir, cut)]
    assert full_rows == cut_rows
    assert (cut / "reveal.json").exists()


def test_final_table(tmp_path: Path) -> None:
    games = [{"gov": "a", "fln": "b", "scenario": "short", "winner": w, "forfeit_side": f}
             for w, f in (("gov", None), ("fln", "gov"), ("fln", None), ("fln", None))]
    t = final_table(games)
    assert "short     a           b    4      1         25.0% [5-70%]" in t
    assert "1/0" in t and "Ratings per side" in t
