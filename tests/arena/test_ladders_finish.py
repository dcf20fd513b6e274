"""Ladders that finish: an in-process agent that never answers loses on time and the ladder goes
on; a worker killed mid-game loses nobody the game (another worker plays it in the same run);
the summary and the report say why each forfeit was lost; agents get a seed of their own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from rq.serializers import JSONSerializer

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


LOST = f"""
name = "lost"
games = 3
seed = 30
[[agents]]
name = "slow"
spec = "{PY}:Dawdler"
sides = ["gov"]
[[agents]]
name = "rnd"
spec = "random"
"""


def descendants(pid: int) -> list[int]:
    """``pid``'s child processes, their children, and so on."""
    parents: dict[int, list[int]] = {}
    for p in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{p}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(ppid, []).append(int(p))
    out, todo = [], [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        out += kids
        todo += kids
    return out


def worker(url: str, name: str) -> subprocess.Popen[bytes]:
    from service.worker import die_with_parent

    return subprocess.Popen([*CLI, "worker", "--queue", url, "--name", name, "--allow-agent",
                             f"{PY}:Dawdler"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)


def wait_for(what: str, ok: Callable[[], object], seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while not (got := ok()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return got


@pytest.mark.parametrize("kill", ["worker", "machine"])
def test_a_game_whose_worker_is_killed_is_played_again_in_the_same_run(
        redis_url: str, tmp_path: Path, kill: str) -> None:
    """SIGKILL to a ``ct-referee worker`` mid-game (``machine``: to it, its work horse and its
    agents at once): the ladder sees within seconds that the game's heartbeats stopped, queues
    it again, and a second worker plays it; the run ends with every game played."""
    from redis import Redis
    from rq import Queue, Worker
    from rq.job import Job
    from rq.registry import StartedJobRegistry

    from ct_referee_arena import queue

    conn = Redis.from_url(redis_url)
    Queue(queue.QUEUE, connection=conn).empty()
    a, b = f"lost-{kill}-a-{os.getpid()}", f"lost-{kill}-b-{os.getpid()}"
    procs = [worker(redis_url, a)]
    try:
        wait_for("worker a starts", lambda: a in {w.name for w in Worker.all(conn)})
        out = tmp_path / "out"
        ladder = subprocess.Popen([*CLI, "ladder", toml(tmp_path, LOST), "--out", str(out),
                                   "--queue", redis_url], cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        procs.append(ladder)   # type: ignore[arg-type]
        started = StartedJobRegistry(queue.QUEUE, connection=conn)
        jid = wait_for("worker a starts a game", lambda: started.get_job_ids())[0]
        game = Job.fetch(jid, connection=conn, serializer=JSONSerializer).args[0]["id"]
        time.sleep(1)   # into the game (its Government agent takes 4 s before it)
        doomed = [procs[0].pid] + (descendants(procs[0].pid) if kill == "machine" else [])
        for pid in doomed:
            os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        procs.append(worker(redis_url, b))
        stdout, stderr = ladder.communicate(timeout=150)
        took = time.monotonic() - killed
    finally:
        for p in procs:
            p.kill()
            p.wait()
    assert ladder.returncode == 0, stderr
    assert "6/6 games played" in stdout
    assert f"game {game}: worker {a} lost (no heartbeat for " in stderr
    assert took < 90, took
    rows = {g["id"]: json.loads(g["outcome"]) for g in Store(str(out / "ladder.db")).games()}
    assert rows[game]["worker"] == b          # played again, by the worker left
