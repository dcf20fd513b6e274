"""Ladders beyond one machine: games as RQ jobs on Redis (the Redis the service already uses).

``ladder --queue redis://…`` enqueues each game to play (``ct_referee_arena.tasks.run_task``)
and stores the results as workers finish them; ``ct-referee worker --queue redis://…`` runs
games, on any machine that has this package installed and can reach the Redis (and the
referee service, when the ladder names one with ``--referee``). Each game has its queue, so a
worker may serve one game only (``worker --game algeria``); by default it serves every game.
"""

from __future__ import annotations

import time
from typing import Any, Iterator

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Worker, get_current_job
from rq.job import Job, JobStatus

from .games import DEFAULT, SCENARIOS
from .tasks import run_task

QUEUE = "ct-referee-arena"   # Colonial Twilight's games; another game's: QUEUE-<game>
POLL = 0.1


def queue_name(game: str) -> str:
    return QUEUE if game == DEFAULT else f"{QUEUE}-{game}"


def executor(url: str, ladder_key: str, game: str = DEFAULT, job_timeout: int = 3600) -> Any:
    """An executor (see ``ladder.Executor``) playing the tasks of a ladder of ``game`` on that
    game's queue at ``url``."""
    def run(todo: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        conn = Redis.from_url(url)
        q = Queue(queue_name(game), connection=conn)
        jobs = {q.enqueue(run_queued, t, job_id=f"{ladder_key}-{t['id']}-{time.time_ns()}",
                          job_timeout=job_timeout, result_ttl=86400, failure_ttl=86400).id: t
                for t in todo}
        try:
            while jobs:
                for job in Job.fetch_many(list(jobs), connection=conn):
                    if job is None:
                        continue
                    status = job.get_status(refresh=False)
                    if status == JobStatus.FINISHED:
                        t = jobs.pop(job.id)
                        out = job.return_value()
                        yield out if isinstance(out, dict) else {"id": t["id"],
                                                                 "error": "no result"}
                    elif status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
                        t = jobs.pop(job.id)
                        yield {"id": t["id"], "error": f"the worker failed: {status}"}
                time.sleep(POLL)
        finally:
            for jid in jobs:  # interrupted: take back the games nobody has started
                try:
                    Job.fetch(jid, connection=conn).cancel()
                except Exception:  # noqa: BLE001 - best effort; a resumed ladder replays them
                    pass
    return run


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


def work(url: str, burst: bool = False, name: str | None = None,
         games: list[str] | None = None) -> bool:
    """Run games of ``games`` (default: every game) from their queues (until they are empty
    with ``burst``)."""
    conn = Redis.from_url(url)
    w = Worker([Queue(queue_name(g), connection=conn) for g in games or SCENARIOS],
               connection=conn, name=name)
    return bool(w.work(burst=burst, with_scheduler=False))
