"""Ladders of Brian Train's *Algeria* (``game = "algeria"``): matches and ladders through the
referee service (real REST and gRPC servers on port 0), the game in every message an agent gets
and in every record's header, ratings and the store per game, ``verify`` of intact and tampered
records, and an agent or scenario of another game refused before any game starts (Algeria's
bots: test_algeria_bots.py)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import threading
import time
import sys
from pathlib import Path
from typing import Any

import pytest

from ct_referee_arena import ladder as lad
from ct_referee_arena.fair import commitment, verify_record
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import LocalReferee, connect
from ct_referee_arena.report import final_table
from ct_referee_arena.stats import ratings
from ct_referee_arena.store import Store
from ct_referee_cli import main
from tests.service.conftest import Servers

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "ct_referee_cli"]
JS = f"cmd:node {ROOT}/examples/agents/first-move.js"
RECORDER = "py:tests.arena.misbehaving:Recorder"


def seen(log: Path) -> list[dict[str, Any]]:
    """The messages the recorder agent (in its own process) was sent."""
    return [json.loads(x) for x in log.read_text().splitlines()]


def body(record: str) -> list[str]:
    return record.splitlines()[1:]


def header(record: str) -> dict[str, Any]:
    h: dict[str, Any] = json.loads(record.splitlines()[0])
    return h


@pytest.fixture(scope="module")
def record() -> list[dict[str, Any]]:
    out = play_game("random", "random", "1960", 11, referee=LocalReferee(), game="algeria",
                    salt="salt")
    return [json.loads(x) for x in out["record"].splitlines()]


def text(lines: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(x) for x in lines]


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_the_service_plays_the_local_algeria_game(servers: Servers, transport: str) -> None:
    url = servers.http if transport == "rest" else f"grpc://{servers.grpc}"
    ref = connect(url)
    try:  # seed 11: one of the shorter random games of 1960 (218 record lines; seed 3's: 390)
        remote = play_game("random", "random", "1960", 11, referee=ref, game="algeria",
                           salt="x")
    finally:
        ref.close()
    local = play_game("random", "random", "1960", 11, referee=LocalReferee(), game="algeria",
                      salt="x")
    assert body(remote["record"]) == body(local["record"])
    assert remote["winner"] in ("gov", "fln") and remote["forfeit"] is None
    h = header(remote["record"])
    assert (h["game"], h["scenario"], h["referee"]) == ("algeria", "1960", url)
    assert any('"checkpoint"' in line for line in body(remote["record"]))
    assert verify_record(remote["record"].splitlines()).ok


def test_a_program_agent_plays_algeria_through_the_service(servers: Servers) -> None:
    ref = connect(servers.http)
    try:
        out = play_game(JS, "random", "1954", 4, referee=ref, game="algeria", salt="y")
    finally:
        ref.close()
    assert out["forfeit"] is None and out["result"]["winner"] == out["winner"]
    assert out["agents"]["gov"]["name"] == "first-move.js"
    assert verify_record(out["record"].splitlines()).ok


def test_every_message_names_the_game(tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_TEST_LOG", str(tmp_path / "algeria.jsonl"))
    play_game(RECORDER, "random", "1960", 5, referee=LocalReferee(), game="algeria", salt="z")
    got = seen(tmp_path / "algeria.jsonl")
    kinds = [m["type"] for m in got]
    assert kinds[0] == "hello" and kinds[-1] == "end" and "turn" in kinds
    assert {m["game"] for m in got} == {"algeria"}
    assert got[0]["scenario"] == "1960" and got[0]["role"] == "gov"
    turn = next(m for m in got if m["type"] == "turn")
    assert turn["view"]["game"] == "algeria" and turn["view"]["role"] == "gov"
    assert all(m["label"] for m in turn["legal_moves"])
    # and Colonial Twilight's messages name theirs
    monkeypatch.setenv("ARENA_TEST_LOG", str(tmp_path / "ct.jsonl"))
    play_game("random", RECORDER, "short", 5, referee=LocalReferee(), salt="z")
    assert {m["game"] for m in seen(tmp_path / "ct.jsonl")} == {"colonial_twilight"}


def test_an_algeria_ladder_through_the_service(servers: Servers, tmp_path: Path) -> None:
    ladder = lad.from_dict({"name": "alg", "game": "algeria", "scenarios": ["1960"],
                            "games": 1, "seed": 30,
                            "agents": [{"name": "rnd", "spec": "random"},
                                       {"name": "js", "spec": JS, "sides": ["gov"]}]})
    assert [(sc, g.name, f.name) for sc, g, f in ladder.pairings()] == [
        ("1960", "rnd", "rnd"), ("1960", "js", "rnd")]
    s = lad.run(ladder, str(tmp_path), lad.serial, referee=f"grpc://{servers.grpc}")
    assert (s.played, s.total, s.errors) == (2, 2, [])
    published = json.loads((tmp_path / "commitments.json").read_text())
    assert published["game"] == "algeria"
    for g in s.games:
        assert g["game"] == "algeria"
        rec = (tmp_path / g["record"]).read_text()
        h = header(rec)
        assert (h["game"], h["game_number"], h["ladder"]) == ("algeria", g["id"], "alg")
        v = verify_record(rec.splitlines(), {c["commitment"] for c in published["games"]},
                          game="algeria")
        assert v.ok, v.problems
    rs, _ = ratings(s.games)
    assert {(r.game, r.agent, r.side) for r in rs} == {
        ("algeria", "rnd", "gov"), ("algeria", "rnd", "fln"), ("algeria", "js", "gov")}
    table = final_table(s.games)
    assert table.startswith("Algeria\n") and "1960" in table
    assert "Ladder alg (Algeria)" in (tmp_path / "report.html").read_text()
    assert json.loads((tmp_path / "reveal.json").read_text())["game"] == "algeria"
    # resumed as the same ladder; a Colonial Twilight ladder of the same name is another one
    assert lad.run(ladder, str(tmp_path), lad.serial).played == 2
    ct = lad.from_dict({"name": "alg", "games": 1, "seed": 30,
                        "agents": [{"name": "rnd", "spec": "random"}]})
    with pytest.raises(ValueError, match="holds a different ladder"):
        lad.run(ct, str(tmp_path))


def test_a_colonial_twilight_ladder_numbers_its_games_as_before(tmp_path: Path) -> None:
    ladder = lad.from_dict({"name": "ct", "games": 1, "seed": 2,
                            "agents": [{"name": "rnd", "spec": "random"}]})
    assert ladder.game == "colonial_twilight" and ladder.scenarios == ["short"]
    s = lad.run(ladder, str(tmp_path))
    h = header((tmp_path / s.games[0]["record"]).read_text())
    assert h["game"] == 1 and "game_number" not in h
    assert "game" not in json.loads((tmp_path / "commitments.json").read_text())
    assert s.games[0]["game"] == "colonial_twilight"
    assert final_table(s.games).startswith("Results per pairing")


def test_an_old_store_gains_the_game_column(tmp_path: Path) -> None:
    path = tmp_path / "ladder.db"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, scenario TEXT NOT NULL,
            gov TEXT NOT NULL, fln TEXT NOT NULL, gov_spec TEXT NOT NULL, fln_spec TEXT NOT NULL,
            seed INTEGER NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'pending', winner TEXT, forfeit_side TEXT,
            outcome TEXT, record TEXT, error TEXT, finished REAL);
        INSERT INTO games (id, scenario, gov, fln, gov_spec, fln_spec, seed, salt, commitment)
            VALUES (1, 'short', 'a', 'b', 'random', 'random', 3, 's', 'c');""")
    db.commit()
    db.close()
    store = Store(str(path))
    try:
        assert [(g["id"], g["game"]) for g in store.games()] == [(1, "colonial_twilight")]
    finally:
        store.close()
    assert Store(str(path)).games()[0]["game"] == "colonial_twilight"   # opened again: as is


@pytest.mark.parametrize("body,words", [
    ('game = "algeria"\nscenarios = ["short"]\n[[agents]]\nname = "r"\nspec = "random"\n',
     "scenarios: a list of ['1954', '1958', '1960'] (Algeria's scenarios)"),
    ('game = "chess"\n[[agents]]\nname = "r"\nspec = "random"\n', "game: one of"),
])
def test_an_agent_or_scenario_of_the_wrong_game_is_refused_with_the_file(
        tmp_path: Path, body: str, words: str) -> None:
    p = tmp_path / "LADDER.toml"
    p.write_text(body)
    with pytest.raises(ValueError) as e:
        lad.load(str(p))
    assert words in str(e.value)


def test_verify_catches_a_tampered_algeria_record(record: list[dict[str, Any]]) -> None:
    assert record[0]["game"] == "algeria"
    assert verify_record(text(record), {commitment(11, "salt")}).ok
    moves = [i for i, x in enumerate(record) if "t" in x]
    k = next(i for i in moves if record[i] != record[moves[0]])
    swapped = list(record)
    swapped[moves[0]], swapped[k] = swapped[k], swapped[moves[0]]
    v = verify_record(text(swapped))
    assert not v.ok and ("ILLEGAL" in v.problems[0] or "CHECKPOINT" in v.problems[0])
    reseeded = [{**record[0], "seed": 12, "commitment": commitment(12, "salt")}, *record[1:]]
    v = verify_record(text(reseeded), {commitment(11, "salt")})
    assert any("not among those published" in p for p in v.problems)
    assert any("ILLEGAL" in p or "CHECKPOINT" in p for p in v.problems)
    loser = "gov" if record[-1]["result"]["winner"] == "fln" else "fln"
    lied = [*record[:-1], {"result": {**record[-1]["result"], "winner": loser}}]
    assert "RESULT" in "\n".join(verify_record(text(lied)).problems)
    as_ct = [{k: v for k, v in record[0].items() if k != "game"}, *record[1:]]
    assert not verify_record(text(as_ct)).ok   # not a Colonial Twilight game


def test_the_commands(record: list[dict[str, Any]], tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(text(record)) + "\n")
    assert main(["verify", str(good)]) == 0
    assert "VERIFIED" in capsys.readouterr().out
    assert main(["verify", str(good), "--game", "colonial_twilight"]) == 1
    assert "a record of 'algeria', not of 'colonial_twilight'" in capsys.readouterr().out
    assert main(["worker", "--queue", "redis://127.0.0.1:9/0", "--game", "go"]) == 2
    assert "--game: unknown game 'go'" in capsys.readouterr().err
    r = subprocess.run([*CLI, "match", "random", "random", "--game", "algeria",
                        "--scenario", "1960", "--games", "1", "--seed", "8",
                        "--out", str(tmp_path / "m")], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Algeria\n") and "1/1 games played" in r.stdout
    for args, words in ((["random", "random", "--game", "algeria", "--scenario", "short"],
                         "--scenario short: Algeria's scenarios are 1954, 1958, 1960"),
                        (["random", "random", "--game", "go"], "--game: unknown game 'go'")):
        r = subprocess.run([*CLI, "match", *args, "--out", str(tmp_path / "x")], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and words in r.stderr, r.stderr
    p = tmp_path / "LADDER.toml"
    p.write_text('game = "algeria"\n[[agents]]\nname = "r"\nspec = "random"\n')
    r = subprocess.run([*CLI, "ladder", str(p), "--game", "colonial_twilight"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "game: 'algeria', but --game says" in r.stderr, r.stderr


def test_a_worker_plays_the_games_it_serves(redis_url: str) -> None:
    from redis import Redis
    from rq import Queue

    from ct_referee_arena import queue

    conn = Redis.from_url(redis_url)
    q = Queue(queue.queue_name("algeria"), connection=conn)
    q.empty()
    ladder = lad.from_dict({"name": "q", "game": "algeria", "scenarios": ["1960"], "games": 1,
                            "seed": 3, "agents": [{"name": "r", "spec": "random"}]})
    todo = lad.tasks(ladder, lad.schedule(ladder), None)
    outcomes: list[dict[str, Any]] = []
    t = threading.Thread(target=lambda: outcomes.extend(
        queue.executor(redis_url, "test-alg", "algeria")(todo)))
    t.start()
    try:
        deadline = time.monotonic() + 30
        while q.count < 1:
            assert time.monotonic() < deadline, "nothing was enqueued"
            time.sleep(0.05)
        queue.work(redis_url, burst=True, games=["colonial_twilight"])
        assert q.count == 1            # a Colonial Twilight worker leaves it
        queue.work(redis_url, burst=True, games=["algeria"])
    finally:
        t.join(120)
    (out,) = outcomes
    assert "error" not in out, out
    assert header(out["record"])["game"] == "algeria" and out["winner"] in ("gov", "fln")
