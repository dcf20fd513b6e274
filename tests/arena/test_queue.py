"""A ladder on the RQ queue of a real Redis, played by two ``ct-referee worker`` processes."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest
from redis import Redis
from rq import Queue, Worker

from ct_referee_arena import ladder as lad
from ct_referee_arena import queue
from ct_referee_arena.store import Store
from tests.spawn import DIE_WITH_PARENT

ROOT = Path(__file__).resolve().parents[2]
LADDER = """
name = "queued"
games = 2
seed = 70
[[agents]]
name = "r"
spec = "random"
[[agents]]
name = "bot"
spec = "fln-bot"
"""


@pytest.fixture
def workers(redis_url: str) -> Iterator[list[subprocess.Popen[bytes]]]:
    Queue(queue.QUEUE, connection=Redis.from_url(redis_url)).empty()
    procs = [subprocess.Popen([*DIE_WITH_PARENT,
                               sys.executable, "-m", "ct_referee_cli", "worker", "--queue",
                               redis_url, "--name", f"arena-test-{i}"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in (1, 2)]
    conn = Redis.from_url(redis_url)
    deadline = time.monotonic() + 60
    names = {f"arena-test-{i}" for i in (1, 2)}
    while not names <= {w.name for w in Worker.all(connection=conn)}:
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)
    try:
        yield procs
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def test_an_unreachable_queue_is_named(tmp_path: Path) -> None:
    cfg = tmp_path / "LADDER.toml"
    cfg.write_text(LADDER)
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "ladder", str(cfg), "--out",
                        str(tmp_path / "q"), "--queue", "redis://127.0.0.1:9/0"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--queue redis://127.0.0.1:9/0: no Redis answers" in r.stderr


def test_two_workers_play_a_queued_ladder(redis_url: str, tmp_path: Path,
                                          workers: list[subprocess.Popen[bytes]]) -> None:
    cfg = tmp_path / "LADDER.toml"
    cfg.write_text(LADDER)
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "ladder", str(cfg), "--out",
                        str(tmp_path / "q"), "--queue", redis_url], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "4/4 games played" in r.stdout
    lad.run(lad.load(str(cfg)), str(tmp_path / "here"), lad.serial)
    queued, here = [Store(str(tmp_path / d / "ladder.db")).games() for d in ("q", "here")]
    assert [(g["seed"], g["winner"]) for g in queued] == [(g["seed"], g["winner"]) for g in here]
    ran_on = {json.loads(g["outcome"])["worker"] for g in queued}
    assert ran_on == {"arena-test-1", "arena-test-2"}   # the games were shared out
