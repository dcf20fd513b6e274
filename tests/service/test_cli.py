"""`ct-referee validate` on a recorded game with and without an illegal move; the scripting
commands; `play` in the terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import engine


def ct(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ct_referee_cli", *args], capture_output=True,
                          text=True, input=stdin, timeout=120)


def record(seed: int, n: int) -> list[dict[str, object]]:
    """Moves of a game played by always taking the first legal move."""
    s = engine.new_game("short", seed, {})
    moves: list[dict[str, object]] = []
    for _ in range(n):
        ms = engine.legal_moves(s)
        if not ms:
            break
        s, _ = engine.apply(s, ms[0])
        moves.append(ms[0])
    return moves


def write(path: Path, seed: int, moves: list[dict[str, object]]) -> None:
    lines = [json.dumps({"scenario": "short", "seed": seed, "options": {}})]
    lines += [json.dumps(m) for m in moves]
    path.write_text("\n".join(lines) + "\n")


def test_validate_a_legal_game(tmp_path: Path) -> None:
    moves = record(8, 30)
    assert moves
    write(tmp_path / "game.jsonl", 8, moves)
    r = ct("validate", str(tmp_path / "game.jsonl"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"all {len(moves)} moves legal" in r.stdout


def test_validate_reports_the_first_illegal_move(tmp_path: Path) -> None:
    moves = record(8, 30)
    k = min(3, len(moves) - 1)
    bad = moves[:k] + [{"t": "teleport"}] + moves[k:]
    write(tmp_path / "game.jsonl", 8, bad)
    r = ct("validate", str(tmp_path / "game.jsonl"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert f'game.jsonl:{k + 2}: move {k + 1} {{"t": "teleport"}} is ILLEGAL' in r.stdout
    assert "rule" in r.stdout and "legal here" in r.stdout


def test_validate_rejects_a_malformed_file(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"scenario": "nowhere"}\n')
    r = ct("validate", str(tmp_path / "bad.jsonl"))
    assert r.returncode == 2 and "bad header" in r.stdout


def test_scripting_commands(tmp_path: Path) -> None:
    r = ct("new", "short", "--seed", "3")
    assert r.returncode == 0, r.stderr
    (tmp_path / "g.json").write_text(r.stdout)
    legal = json.loads(ct("legal", str(tmp_path / "g.json")).stdout)
    first = legal["legal_moves"][0]
    applied = ct("apply", str(tmp_path / "g.json"), json.dumps(first))
    assert applied.returncode == 0 and json.loads(applied.stdout)["state"]["json"]
    bad = ct("apply", str(tmp_path / "g.json"), '{"t": "nope"}')
    assert bad.returncode == 1 and json.loads(bad.stderr)["error"]["code"] == "illegal_move"
    view = json.loads(ct("view", str(tmp_path / "g.json"), "--role", "fln").stdout)
    assert view["role"] == "fln"
    bot = ct("bot", str(tmp_path / "g.json"))
    assert bot.returncode == 0, bot.stderr
    assert "moves" in json.loads(bot.stdout)


def test_play_records_a_game_that_validates(tmp_path: Path) -> None:
    """The game played in the terminal, bot moves included, is written as a record with
    checkpoints, and ct-referee validate accepts it."""
    rec = tmp_path / "played.jsonl"
    r = ct("play", "--seed", "4", "--record", str(rec), stdin="1\n" * 40 + "q\n")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(ln) for ln in rec.read_text().splitlines()]
    assert lines[0]["scenario"] == "short" and sum("t" in o for o in lines) >= 40
    assert any("checkpoint" in o for o in lines)
    v = ct("validate", str(rec))
    assert v.returncode == 0 and "moves legal" in v.stdout, v.stdout + v.stderr


def test_play_in_the_terminal() -> None:
    r = ct("play", "--seed", "4", stdin="1\nb\n999\nq\n")
    assert r.returncode == 0, r.stderr
    assert "You are the Government against the non-player FLN" in r.stdout
    assert "Algiers" in r.stdout and "bye" in r.stdout
    # moves and log entries by their labels; the bot's moves too
    assert "   1  Play Pivotal Event #66 Coup d'Etat\n   n  Play no Pivotal Event" in r.stdout
    assert "Government plays Pivotal Event #66 Coup d'Etat" in r.stdout
    assert "\n── FLN (non-player) " in r.stdout and "\ndid:  Operation: " in r.stdout
    assert "no move '999' here" in r.stdout


def test_validate_sends_the_moves_in_requests_of_max_moves(tmp_path: Path) -> None:
    """A game longer than a request may hold is checked in parts; an illegal move is reported
    by its line and its number in the file, and a finished game's result in integers."""
    import io

    from ct_referee_client import connect
    from ct_referee_cli.validate import validate_file

    moves = record(8, 10_000)
    write(tmp_path / "game.jsonl", 8, moves)
    out = io.StringIO()
    assert validate_file(str(tmp_path / "game.jsonl"), connect("local"), out, max_moves=100) == 0
    result = json.loads(out.getvalue().split("game over: ", 1)[1])
    assert all(isinstance(v, int) for v in result["margins"].values())
    bad = moves[:12] + [{"t": "teleport"}] + moves[12:]
    write(tmp_path / "bad.jsonl", 8, bad)
    out = io.StringIO()
    assert validate_file(str(tmp_path / "bad.jsonl"), connect("local"), out, max_moves=5) == 1
    assert f"bad.jsonl:14: move 13 {json.dumps(bad[12])} is ILLEGAL" in out.getvalue()


def test_each_command_is_named_by_the_module_that_defines_it() -> None:
    """The command table the command line reads to import one module per run is the commands'
    own: each module registers exactly the commands the table gives it."""
    import argparse

    import ct_referee_cli as cli

    for module in cli.MODULES:
        sub = argparse.ArgumentParser().add_subparsers()
        cli._module(module).register(sub)
        assert set(sub.choices) == {c for c, m in cli.COMMANDS.items() if m == module}, module
    assert set(cli.COMMANDS.values()) == set(cli.MODULES)


def test_a_command_imports_only_its_own_module() -> None:
    """``ct-referee serve`` or an arena command does not load the terminal game, the renderers
    or the other commands (each served referee and arena process starts sooner)."""
    probe = ("import sys, ct_referee_cli as c; c.parser('match').parse_args(['match', 'a', 'b']);"
             "print(sorted(m for m in sys.modules if m.startswith('ct_referee_cli.')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert out.strip() == "['ct_referee_cli.arena', 'ct_referee_cli.match']"
