"""Ladders beyond one machine: games as RQ jobs on Redis (the Redis the service already uses).

``ladder --queue redis://…`` enqueues each game to play (``run_queued`` with the game's task,
``tasks.py``) and stores the results as workers finish them; ``ct-referee worker --queue
redis://…`` runs games, on any machine that has this package installed and can reach the Redis
(and the referee service, when the ladder names one with ``--referee``). Each game has its queue,
so a worker may serve one game only (``worker --game algeria``); by default it serves every game.

Whoever can write to that Redis can put jobs in the queues (docs/trust.md), so a worker trusts
nothing a job says: jobs and results are JSON (RQ's ``JSONSerializer``, never pickle); a worker
runs ``run_queued`` and no other function, with one task of the form ``tasks.check_task``
accepts, whose agents and referee its operator allowed (``Allowed``: the built-in agents and the
referee in process, and whatever ``ct-referee worker --allow-agent`` / ``--allow-referee`` add).
Any other job fails with ``Refused`` saying why; the ladder reports it as an error of the run.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterator

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Worker, get_current_job
from rq.exceptions import DeserializationError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from .agents import BUILTIN, excerpt
from .games import DEFAULT, SCENARIOS
from .pyhost import die_with
from .tasks import BadTask, check_task, run_task

QUEUE = "ct-referee-arena"   # Colonial Twilight's games; another game's: QUEUE-<game>
POLL = 0.1
HEARTBEAT = 1          # seconds between a busy worker's heartbeats (RQ's job monitoring)
LOST_AFTER = 10.0      # seconds without one after which a started game's worker is lost
LOST_AFTER_ENV = "CT_REFEREE_ARENA_LOST_AFTER"   # the ladder's LOST_AFTER, when set
REPLAYS = 3            # times a game whose worker was lost is queued again in one run
TASK = "ct_referee_arena.queue.run_queued"   # the one function a worker runs
LOCAL = (None, "", "local")                   # the referee in the worker's process


def queue_name(game: str) -> str:
    return QUEUE if game == DEFAULT else f"{QUEUE}-{game}"


def executor(url: str, ladder_key: str, game: str = DEFAULT, job_timeout: int = 3600) -> Any:
    """An executor (see ``ladder.Executor``) playing the tasks of a ladder of ``game`` on that
    game's queue at ``url``. A game whose worker is lost (``lost``: its job has had no heartbeat
    for ``LOST_AFTER`` seconds, or ``CT_REFEREE_ARENA_LOST_AFTER``'s) is queued again, up to
    ``REPLAYS`` times, in the same run. ``ValueError`` if that variable is not a number of
    seconds of at least two heartbeats."""
    after = lost_after()

    def run(todo: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        conn = Redis.from_url(url)
        q = Queue(queue_name(game), connection=conn, serializer=JSONSerializer)

        def enqueue(t: dict[str, Any]) -> str:
            return str(q.enqueue(run_queued, t, job_id=f"{ladder_key}-{t['id']}-{time.time_ns()}",
                                 job_timeout=job_timeout, result_ttl=86400,
                                 failure_ttl=86400).id)

        jobs = {enqueue(t): t for t in todo}
        replays: dict[int, int] = {}
        try:
            while jobs:
                ids = list(jobs)
                for jid, job in zip(ids, Job.fetch_many(ids, connection=conn,
                                                        serializer=JSONSerializer)):
                    if job is None:
                        yield {"id": jobs.pop(jid)["id"], "error": "its job is gone from the"
                               " queue (deleted, or expired before a worker took it)"}
                        continue
                    status = job.get_status(refresh=False)
                    if status == JobStatus.FINISHED:
                        t = jobs.pop(job.id)
                        out = job.return_value()
                        yield out if isinstance(out, dict) and out.get("id") == t["id"] else {
                            "id": t["id"], "error": "its job's result is not this game's"}
                    elif status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
                        t = jobs.pop(job.id)
                        yield {"id": t["id"], "error": failure(job, status)}
                    elif status == JobStatus.STARTED and (silent := lost(job, after)) is not None:
                        t = jobs.pop(job.id)
                        n = replays[t["id"]] = replays.get(t["id"], 0) + 1
                        _drop(job)
                        why = (f"game {t['id']}: worker {job.worker_name or '?'} lost (no"
                               f" heartbeat for {silent:.0f}s)")
                        if n > REPLAYS:
                            yield {"id": t["id"], "error": f"{why}, its {REPLAYS + 1}th worker"
                                   " lost: not queued again"}
                            continue
                        print(f"ct-referee: {why}: the game is queued again", file=sys.stderr)
                        jobs[enqueue(t)] = t
                time.sleep(POLL)
        finally:
            for jid in jobs:  # interrupted: take back the games nobody has started
                try:
                    Job.fetch(jid, connection=conn, serializer=JSONSerializer).cancel()
                except Exception:  # noqa: BLE001 - best effort; a resumed ladder replays them
                    pass
    return run


def lost(job: Job, after: float = LOST_AFTER) -> float | None:
    """The seconds a started job has gone without a heartbeat from its worker (RQ's job
    heartbeat, which a worker sends every ``HEARTBEAT`` seconds while its work horse plays),
    when that is more than ``after``: its worker is gone (killed, or its machine)."""
    beat = job.last_heartbeat or job.started_at
    if beat is None:
        return None
    if beat.tzinfo is None:
        beat = beat.replace(tzinfo=timezone.utc)
    silent = (datetime.now(timezone.utc) - beat).total_seconds()
    return silent if silent > after else None


def lost_after() -> float:
    """``LOST_AFTER``, or the seconds ``CT_REFEREE_ARENA_LOST_AFTER`` gives (at least two
    heartbeats' worth): how long the ladder waits for a silent worker."""
    given = os.environ.get(LOST_AFTER_ENV)
    if not given:
        return LOST_AFTER
    try:
        seconds = float(given)
    except ValueError:
        raise ValueError(f"{LOST_AFTER_ENV}: not a number of seconds: {given!r}") from None
    if not seconds >= 2 * HEARTBEAT:
        raise ValueError(f"{LOST_AFTER_ENV}: {given} s is less than two heartbeats"
                         f" ({2 * HEARTBEAT} s)")
    return seconds


def _drop(job: Job) -> None:
    """Forget a lost game's job (its result, should its horse still finish, is not taken)."""
    try:
        job.delete()
    except Exception:  # noqa: BLE001 - best effort: the ladder no longer waits for it
        pass


def failure(job: Job, status: JobStatus) -> str:
    """Why a job failed, as the ladder reports it: a worker's refusal with its reason, or the
    last line of the exception that stopped it."""
    result = job.latest_result()
    lines = [x for x in ((result.exc_string or "") if result else "").splitlines() if x.strip()]
    if not lines:
        return f"the worker failed: {status}"
    last = lines[-1].strip()
    refused = f"{REFUSED}: "
    if last.startswith(refused):
        return f"refused by worker {job.worker_name or '?'}: {excerpt(last[len(refused):], 600)}"
    return f"the worker failed: {excerpt(last, 600)}"


def check(url: str) -> None:
    """``ValueError`` naming the address unless a Redis answers there."""
    try:
        Redis.from_url(url, socket_connect_timeout=5).ping()
    except (RedisError, ValueError) as e:
        raise ValueError(f"--queue {url}: no Redis answers there ({e})") from None


def run_queued(task: dict[str, Any]) -> dict[str, Any]:
    """``run_task`` on a worker: the outcome names the worker that played it."""
    out = run_task(task)
    job = get_current_job()
    if job is not None and job.worker_name:
        out["worker"] = job.worker_name
    return out


class Refused(Exception):
    """A job this worker does not run: the message says why (the ladder shows it)."""


REFUSED = f"{Refused.__module__}.{Refused.__qualname__}"   # how a failed job's record names it


@dataclass(frozen=True)
class Allowed:
    """What a worker's operator allows its jobs to start: agent specs besides the built-in ones
    (which run the referee's own code only) and referee addresses besides the one in process.
    A spec is allowed only as written: ``cmd:python bot.py`` does not allow ``cmd:python x.py``."""

    agents: frozenset[str] = frozenset()
    referees: frozenset[str] = frozenset()

    def check(self, task: dict[str, Any]) -> None:
        """``Refused`` naming the first agent or referee of ``task`` not allowed."""
        for field in ("gov_spec", "fln_spec"):
            spec = task[field]
            if spec not in BUILTIN and spec not in self.agents:
                raise Refused(f"{field} {excerpt(repr(spec), 200)} is not an agent this worker"
                              " allows (its operator allows agents with ct-referee worker"
                              " --allow-agent SPEC)")
        ref = task.get("referee")
        if ref not in LOCAL and ref not in self.referees:
            raise Refused(f"referee {excerpt(repr(ref), 200)} is not one this worker allows"
                          " (ct-referee worker --allow-referee ADDRESS)")


UNREADABLE = "<not JSON>"   # the function name of a job whose data is not JSON


class TaskJob(Job):
    """A job as a ladder's worker sees it: its data is read as JSON only (a job whose data is
    not JSON names no function), its callbacks are never run, and performing it runs
    ``run_queued`` on a checked task or fails with ``Refused``, whatever function it names."""

    allowed = Allowed()   # the worker's (TaskWorker.perform_job sets it)

    def _deserialize_data(self) -> None:
        try:
            super()._deserialize_data()  # type: ignore[no-untyped-call]
        except DeserializationError:
            self._func_name, self._instance, self._args, self._kwargs = UNREADABLE, None, (), {}

    # RQ would import and call the callbacks a job names: a worker runs none of them.
    @property
    def success_callback(self) -> None:
        return None

    @property
    def failure_callback(self) -> None:
        return None

    @property
    def stopped_callback(self) -> None:
        return None

    def send_webhooks(self, status: str | JobStatus, *, exc_string: str | None = None) -> None:
        """Nothing: RQ would send HTTP requests to any address a job names."""

    def task(self) -> dict[str, Any]:
        """The job's task, checked; ``Refused`` saying what is wrong."""
        name = self.func_name
        if name == UNREADABLE:
            raise Refused("the job's data is not JSON: this worker reads JSON jobs only")
        if name != TASK or self.instance is not None:
            raise Refused(f"the job calls {excerpt(repr(name), 200)}: this worker runs {TASK}"
                          " only")
        if len(self.args) != 1 or self.kwargs:
            raise Refused(f"{TASK} takes one task, as its only argument")
        try:
            task = check_task(self.args[0])
        except BadTask as e:
            raise Refused(excerpt(str(e), 400)) from None
        self.allowed.check(task)
        return task

    def _execute(self) -> Any:
        return run_queued(self.task())


class TaskWorker(Worker):
    """An RQ worker that runs ``TaskJob``s, read with the JSON serializer, under its
    operator's ``Allowed``."""

    allowed = Allowed()

    def dequeue_job_and_maintain_ttl(self, timeout: int | None,
                                     max_idle_time: int | None = None
                                     ) -> tuple[Job, Queue] | None:
        """RQ's, but a job that cannot even be fetched is dropped there, and the worker goes on
        (RQ's worker would stop)."""
        while True:
            try:
                return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
            except Exception as e:
                job_id, queue = getattr(e, "job_id", None), getattr(e, "queue", None)
                if not isinstance(job_id, str) or not isinstance(queue, Queue):
                    raise
                self._fail_unreadable(job_id, queue, e)

    def _fail_unreadable(self, job_id: str, queue: Queue, error: Exception) -> None:
        """A job RQ cannot even read (a date, status or number that is not one): taken off
        the queue and deleted, so that nothing of it runs; the ladder that waits for it, if
        any, says it is gone."""
        self.log.warning("Worker %s: job %s refused and deleted: it cannot be read (%s: %s)",
                         self.name, job_id, type(error).__name__, excerpt(str(error), 200))
        self.connection.lrem(queue.intermediate_queue_key, 1, job_id)
        self.connection.delete(Job.key_for(job_id))

    def setup_work_horse_signals(self) -> None:
        """RQ's, and the work horse dies with its worker (Linux): a killed worker's game stops
        and is played again (``executor``), never twice at once."""
        super().setup_work_horse_signals()  # type: ignore[no-untyped-call]
        die_with(os.getppid())   # just forked: the parent is the worker

    def perform_job(self, job: Job, queue: Queue, execution: Any) -> bool:
        if isinstance(job, TaskJob):
            job.allowed = self.allowed
        return bool(super().perform_job(job, queue, execution))


def work(url: str, burst: bool = False, name: str | None = None,
         games: list[str] | None = None, allowed: Allowed = Allowed()) -> bool:
    """Run games of ``games`` (default: every game) from their queues (until they are empty
    with ``burst``), with the agents and referees ``allowed``."""
    conn = Redis.from_url(url)
    w = TaskWorker([Queue(queue_name(g), connection=conn, serializer=JSONSerializer,
                          job_class=TaskJob) for g in games or SCENARIOS],
                   connection=conn, name=name, serializer=JSONSerializer, job_class=TaskJob,
                   job_monitoring_interval=HEARTBEAT)
    w.allowed = allowed
    return bool(w.work(burst=burst, with_scheduler=False))
