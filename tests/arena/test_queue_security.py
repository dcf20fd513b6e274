"""A ladder's queue written to by someone else (docs/trust.md, "The ladder queue"): whoever can
write to the Redis puts jobs in it, with RQ or by hand, and a real worker (``queue.work``, as
``ct-referee worker`` runs it) takes them. It runs none of what they carry; each comes back as
a failed job saying why, and a ladder shows that as an error of the run, never as a forfeit."""

from __future__ import annotations

import base64
import binascii
import contextlib
import os
import pickle
import threading
import time
import zlib
from pathlib import Path
from typing import Any, Iterator

import pytest
from redis import Redis
from rq import Callback, Queue
from rq.job import Job, JobStatus
from rq.serializers import DefaultSerializer, JSONSerializer

from ct_referee_arena import ladder as lad
from ct_referee_arena import queue
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import connect

ROOT = Path(__file__).resolve().parents[2]
AGENT = f"cmd:node {ROOT / 'examples' / 'agents' / 'first-move.js'}"
SERIALIZERS: dict[str, Any] = {"pickle": DefaultSerializer, "json": JSONSerializer}
LADDER = {"name": "sec", "games": 1, "seed": 5,
          "agents": [{"name": "r", "spec": "random"}, {"name": "bot", "spec": "fln-bot"}]}


@pytest.fixture
def conn(redis_url: str) -> Iterator[Redis]:
    c = Redis.from_url(redis_url)
    c.flushdb()
    yield c
    c.flushdb()


def task(**over: Any) -> dict[str, Any]:
    """A ladder's task, as ``ladder --queue`` enqueues it, with fields replaced."""
    ladder = lad.from_dict(LADDER)
    return {**lad.tasks(ladder, lad.schedule(ladder), None)[0], **over}


def enqueue(conn: Redis, serializer: str, func: Any, *args: Any,
            **kw: Any) -> str:
    q = Queue(queue.QUEUE, connection=conn, serializer=SERIALIZERS[serializer])
    return str(q.enqueue(func, *args, **kw).id)


def outcome(conn: Redis, job_id: str) -> tuple[JobStatus, str]:
    """The job's status and what a ladder says of it (``queue.failure``)."""
    job = Job.fetch(job_id, connection=conn, serializer=JSONSerializer)
    status = job.get_status()
    return status, queue.failure(job, status) if status == JobStatus.FAILED else ""


def decoded(value: bytes) -> bytes:
    """``value`` and what RQ may have encoded in it: base64 (results), zlib (job data and
    tracebacks), so that a search finds text however it is stored."""
    out = value
    for data in (value, _b64(value)):
        try:
            out += zlib.decompress(data)
        except zlib.error:
            pass
        out += data
    return out


def _b64(value: bytes) -> bytes:
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return b""


def everything_in(redis: Redis) -> bytes:
    """Every byte the Redis holds (keys and values of every type), decoded."""
    conn: Any = redis
    values: list[bytes] = []
    for key in conn.scan_iter():
        kind = conn.type(key)
        if kind == b"string":
            values.append(conn.get(key) or b"")
        elif kind == b"hash":
            values += [x for kv in conn.hgetall(key).items() for x in kv]
        elif kind == b"list":
            values += conn.lrange(key, 0, -1)
        elif kind == b"zset":
            values += [m for m, _ in conn.zrange(key, 0, -1, withscores=True)]
        elif kind == b"stream":
            values += [x for _, f in conn.xrange(key) for kv in f.items() for x in kv]
        elif kind == b"set":
            values += list(conn.smembers(key))
    return b"".join(decoded(v) for v in values)


# --- 1. an agent spec that is a shell command --------------------------------------------------


@pytest.mark.parametrize("serializer", SERIALIZERS)
def test_a_shell_command_as_an_agent_is_not_run(conn: Redis, redis_url: str, tmp_path: Path,
                                                serializer: str) -> None:
    marker = tmp_path / "ran"
    jid = enqueue(conn, serializer, queue.run_queued,
                  task(gov_spec=f"cmd:sh -c 'touch {marker}; echo {{}}'"))
    queue.work(redis_url, burst=True, name="w-sec")
    assert not marker.exists()
    status, why = outcome(conn, jid)
    assert status == JobStatus.FAILED
    if serializer == "json":
        assert why.startswith("refused by worker w-sec: gov_spec \"cmd:sh -c 'touch") and \
            why.endswith("is not an agent this worker allows (its operator allows agents with"
                         " ct-referee worker --allow-agent SPEC)"), why
    else:
        assert why == ("refused by worker w-sec: the job's data is not JSON: this worker reads"
                       " JSON jobs only"), why


# --- 2. any callable ---------------------------------------------------------------------------


@pytest.mark.parametrize("serializer", SERIALIZERS)
def test_another_function_is_not_called(conn: Redis, redis_url: str, tmp_path: Path,
                                        serializer: str) -> None:
    marker = tmp_path / "ran"
    jid = enqueue(conn, serializer, os.system, f"touch {marker}")
    queue.work(redis_url, burst=True, name="w-sec")
    assert not marker.exists()
    status, why = outcome(conn, jid)
    assert status == JobStatus.FAILED
    if serializer == "json":
        assert why == ("refused by worker w-sec: the job calls 'posix.system': this worker runs"
                       " ct_referee_arena.queue.run_queued only"), why
    else:
        assert "the job's data is not JSON" in why


def test_a_function_named_by_its_path_is_not_called(conn: Redis, redis_url: str,
                                                    tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    jid = enqueue(conn, "json", "subprocess.call", ["touch", str(marker)])
    queue.work(redis_url, burst=True, name="w-sec")
    assert not marker.exists()
    assert "the job calls 'subprocess.call'" in outcome(conn, jid)[1]


def touch_marker(*args: Any) -> None:
    """A callback a hostile job names (RQ would import and call it)."""
    Path(os.environ["CT_REFEREE_TEST_MARKER"]).touch()


def test_callbacks_and_webhooks_a_job_names_are_not_run(conn: Redis, redis_url: str,
                                                        tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "ran"
    monkeypatch.setenv("CT_REFEREE_TEST_MARKER", str(marker))
    cb = Callback(f"{__name__}.touch_marker")
    ok = enqueue(conn, "json", queue.run_queued, task(), on_success=cb, on_failure=cb)
    bad = enqueue(conn, "json", os.getcwd, on_success=cb, on_failure=cb)
    queue.work(redis_url, burst=True, name="w-sec")
    assert outcome(conn, ok)[0] == JobStatus.FINISHED   # a good task is played
    assert outcome(conn, bad)[0] == JobStatus.FAILED
    assert not marker.exists()


# --- 3. a pickle ------------------------------------------------------------------------------


class Payload:
    """Unpickled, it runs a command (its ``__reduce__``)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, (f"touch {self.marker}",))


def test_a_pickle_in_a_job_is_not_loaded(conn: Redis, redis_url: str, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    jid = enqueue(conn, "pickle", queue.run_queued, Payload(marker))
    queue.work(redis_url, burst=True, name="w-sec")
    assert not marker.exists()
    assert outcome(conn, jid) == (JobStatus.FAILED, "refused by worker w-sec: the job's data"
                                  " is not JSON: this worker reads JSON jobs only")


def test_a_pickle_in_a_jobs_meta_is_not_loaded(conn: Redis, redis_url: str,
                                               tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    jid = enqueue(conn, "json", queue.run_queued, task())
    conn.hset(Job.key_for(jid), "meta", pickle.dumps(Payload(marker)))   # written by hand
    queue.work(redis_url, burst=True, name="w-sec")
    assert not marker.exists()
    assert outcome(conn, jid)[0] == JobStatus.FINISHED   # its game played, its meta unread


def test_a_job_that_cannot_be_read_is_dropped_and_the_worker_goes_on(
        conn: Redis, redis_url: str, tmp_path: Path) -> None:
    bad = enqueue(conn, "json", queue.run_queued, task())
    conn.hset(Job.key_for(bad), "status", "owned")   # not a status: RQ cannot fetch the job
    good = enqueue(conn, "json", queue.run_queued, task())
    queue.work(redis_url, burst=True, name="w-sec")
    assert not conn.exists(Job.key_for(bad))
    assert outcome(conn, good)[0] == JobStatus.FINISHED   # the worker played the next job


@contextlib.contextmanager
def ladder_waiting(conn: Redis, redis_url: str) -> Iterator[tuple[Queue, list[dict[str, Any]]]]:
    """A ladder's executor waiting, in a thread, for the one game it enqueued: the queue that
    holds its job, and the outcomes the executor yields once the block has done with the job."""
    outcomes: list[dict[str, Any]] = []
    th = threading.Thread(target=lambda: outcomes.extend(
        queue.executor(redis_url, "sec")([task()])))
    th.start()
    try:
        q = Queue(queue.QUEUE, connection=conn, serializer=JSONSerializer)
        deadline = time.monotonic() + 30
        while q.count < 1:
            assert time.monotonic() < deadline, "nothing was enqueued"
            time.sleep(0.05)
        yield q, outcomes
    finally:
        th.join(30)


def test_a_result_written_for_another_game_is_not_taken(conn: Redis, redis_url: str) -> None:
    from rq.results import Result

    with ladder_waiting(conn, redis_url) as (q, outcomes):
        job = q.jobs[0]
        q.remove(job)
        Result.create(job, Result.Type.SUCCESSFUL, 600, return_value={"id": 7, "winner": "gov"})
        job.set_status(JobStatus.FINISHED)
    assert outcomes == [{"id": 1, "error": "its job's result is not this game's"}]


def test_a_ladder_whose_job_is_deleted_says_so(conn: Redis, redis_url: str) -> None:
    with ladder_waiting(conn, redis_url) as (q, outcomes):
        conn.delete(Job.key_for(q.job_ids[0]))
    assert outcomes == [{"id": 1, "error": "its job is gone from the queue (deleted, or expired"
                         " before a worker took it)"}]


# --- 4. a program that prints a file -----------------------------------------------------------


SECRET = "s3cr3t-first-line-of-the-file"


@pytest.mark.parametrize("serializer", SERIALIZERS)
def test_a_file_printed_by_an_agent_does_not_come_back(conn: Redis, redis_url: str,
                                                       tmp_path: Path, serializer: str) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\nsecond line\n")
    jid = enqueue(conn, serializer, queue.run_queued, task(gov_spec=f"cmd:cat {secret}"))
    queue.work(redis_url, burst=True, name="w-sec")
    assert SECRET.encode() not in everything_in(conn)
    status, why = outcome(conn, jid)
    assert status == JobStatus.FAILED and why.startswith("refused by worker w-sec: ")


def test_even_an_allowed_program_printing_a_file_is_not_quoted(conn: Redis, redis_url: str,
                                                               tmp_path: Path) -> None:
    """An operator who allowed ``cat`` still publishes none of the file: an agent's output is
    never quoted in a forfeit's detail, only its size."""
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\nsecond line\n")
    spec = f"cmd:cat {secret}"
    jid = enqueue(conn, "json", queue.run_queued, task(gov_spec=spec))
    queue.work(redis_url, burst=True, name="w-sec", allowed=queue.Allowed(frozenset({spec})))
    job = Job.fetch(jid, connection=conn, serializer=JSONSerializer)
    out = job.return_value()
    assert isinstance(out, dict)
    assert out["forfeit"] == {"side": "gov", "kind": "malformed",
                              "detail": f"not a JSON line ({len(SECRET)} bytes, not quoted)"}
    assert SECRET.encode() not in everything_in(conn)


def test_a_program_printing_a_file_loses_without_the_file_in_its_record(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\n")
    out = play_game(f"cmd:cat {secret}", "random", "short", 3, referee=connect("local"))
    assert out["forfeit"]["kind"] == "malformed" and SECRET not in out["record"]


def test_an_agents_own_words_are_bounded() -> None:
    """An exception's message is quoted to a few hundred characters, control characters
    blanked: a forfeit's detail cannot carry an agent's output into the queue."""
    out = play_game("py:tests.arena.misbehaving:long_error", "random", "short", 3,
                    referee=connect("local"))
    detail = out["forfeit"]["detail"]
    assert detail.startswith("RuntimeError: xxxx") and len(detail) <= 320
    assert "\n" not in detail and "\x1b" not in detail


# --- payloads ----------------------------------------------------------------------------------


@pytest.mark.parametrize("args,kwargs,words", [
    ([], {}, "run_queued takes one task, as its only argument"),
    (["not a task"], {}, "task: the task: a JSON object"),
    ([{**task(), "extra": 1}], {}, "task: extra: unknown"),
    ([{**task(), "scenario": "../../etc"}], {}, "task: scenario: one of ['short', "),
    ([{**task(), "game": "chess"}], {}, "task: game: one of ['algeria', 'colonial_twilight', 'insurgent']"),
    ([{**task(), "seed": "1; rm"}], {}, "task: seed: an integer"),
    ([{**task(), "time": {"per_move": "x"}}], {}, "task: time: an object with per_game"),
    ([{**task(), "header": {"evil": 1}}], {}, "task: header: an object with ladder, game"),
    ([task()], {"extra": 1}, "run_queued takes one task, as its only argument"),
    ([task(referee="http://169.254.169.254/")], {},
     "referee 'http://169.254.169.254/' is not one this worker allows"),
])
def test_a_task_that_does_not_validate_is_refused(conn: Redis, redis_url: str, args: list[Any],
                                                  kwargs: dict[str, Any], words: str) -> None:
    q = Queue(queue.QUEUE, connection=conn, serializer=JSONSerializer)
    jid = q.enqueue(queue.run_queued, args=args, kwargs=kwargs).id
    queue.work(redis_url, burst=True, name="w-sec")
    status, why = outcome(conn, jid)
    assert status == JobStatus.FAILED and why.startswith("refused by worker w-sec: ")
    assert words in why, why


# --- ladders over the queue ---------------------------------------------------------------------


def run_ladder(conn: Redis, redis_url: str, out: Path, d: dict[str, Any],
               allowed: queue.Allowed) -> lad.Summary:
    """The ladder ``d`` over the queue, played by one burst worker."""
    ladder = lad.from_dict(d)
    result: list[lad.Summary] = []
    t = threading.Thread(target=lambda: result.append(lad.run(
        ladder, str(out), queue.executor(redis_url, "sec"))))
    t.start()
    try:
        q = Queue(queue.QUEUE, connection=conn, serializer=JSONSerializer)
        deadline = time.monotonic() + 30
        while q.count < 1:
            assert time.monotonic() < deadline, "nothing was enqueued"
            time.sleep(0.05)
        queue.work(redis_url, burst=True, name="w-sec", allowed=allowed)
    finally:
        t.join(120)
    (summary,) = result
    return summary


def test_a_ladder_with_allowed_agents_is_played(conn: Redis, redis_url: str,
                                                tmp_path: Path) -> None:
    d = {**LADDER, "agents": [{"name": "first", "spec": AGENT, "sides": ["gov"]},
                              {"name": "bot", "spec": "fln-bot"}]}
    s = run_ladder(conn, redis_url, tmp_path / "ok", d, queue.Allowed(frozenset({AGENT})))
    assert (s.played, s.total, s.errors) == (1, 1, [])
    assert s.games[0]["winner"] in ("gov", "fln")


def test_a_refused_agent_is_an_error_of_the_run_not_a_forfeit(conn: Redis, redis_url: str,
                                                              tmp_path: Path) -> None:
    d = {**LADDER, "agents": [{"name": "first", "spec": AGENT, "sides": ["gov"]},
                              {"name": "bot", "spec": "fln-bot"}]}
    s = run_ladder(conn, redis_url, tmp_path / "no", d, queue.Allowed())
    assert (s.played, s.total, s.games) == (0, 1, [])   # nothing rated
    (error,) = s.errors
    assert error == (f"game 1: refused by worker w-sec: gov_spec {AGENT!r} is not an agent this"
                     " worker allows (its operator allows agents with ct-referee worker"
                     " --allow-agent SPEC)")


def test_an_agent_missing_on_the_worker_is_an_error_of_the_run(conn: Redis, redis_url: str,
                                                               tmp_path: Path) -> None:
    missing = f"cmd:node {tmp_path / 'not-here.js'}"
    d = {**LADDER, "agents": [{"name": "gone", "spec": missing, "sides": ["gov"]},
                              {"name": "bot", "spec": "fln-bot"}]}
    s = run_ladder(conn, redis_url, tmp_path / "gone", d, queue.Allowed(frozenset({missing})))
    assert (s.played, s.total, s.games) == (0, 1, [])   # nothing rated
    (error,) = s.errors
    assert error.startswith(f"game 1: the gov agent {missing!r} could not be started on ")
    assert "exited before answering hello (status 1); stderr: " in error


def test_the_worker_reads_its_allow_list_from_files(tmp_path: Path) -> None:
    from ct_referee_cli import main
    from ct_referee_cli.worker import allowed_specs

    ladder = tmp_path / "LADDER.toml"
    ladder.write_text('[[agents]]\nname = "a"\nspec = "cmd:node a.js"\n'
                      '[[agents]]\nname = "b"\nspec = "py:bots.b:play"\n')
    listed = tmp_path / "agents.txt"
    listed.write_text("# ours\ncmd:node a.js\n\n  http://127.0.0.1:9000/bot  \n")
    assert allowed_specs(str(ladder)) == ["cmd:node a.js", "py:bots.b:play"]
    assert allowed_specs(str(listed)) == ["cmd:node a.js", "http://127.0.0.1:9000/bot"]
    (tmp_path / "bad.toml").write_text("agents = 3\n")
    with pytest.raises(ValueError, match="--allow-agents .*bad.toml: agents: a list of"):
        allowed_specs(str(tmp_path / "bad.toml"))
    assert main(["worker", "--queue", "redis://127.0.0.1:9/0", "--allow-agents",
                 str(tmp_path / "missing.txt")]) == 2
