"""The suite runs on several pytest-xdist workers (scripts/test): workers given one shared
REDIS_URL (as .ci/run gives) each use a database of their own, so one worker's keys, queues and
FLUSHDB never reach another's tests."""

from __future__ import annotations

import redis

from .conftest import RedisProc, worker_redis_url


def test_each_worker_has_its_own_database() -> None:
    assert worker_redis_url("redis://127.0.0.1:6379/0", None) == "redis://127.0.0.1:6379/0"
    assert worker_redis_url("redis://127.0.0.1:6379/0", "gw0") == "redis://127.0.0.1:6379/0"
    assert worker_redis_url("redis://127.0.0.1:6379/0", "gw1") == "redis://127.0.0.1:6379/1"
    assert worker_redis_url("redis://127.0.0.1:6379/3", "gw2") == "redis://127.0.0.1:6379/5"
    assert worker_redis_url("redis://127.0.0.1:6379", "gw1") == "redis://127.0.0.1:6379/1"
    assert worker_redis_url("redis://:pw@r:6380/0", "gw4") == "redis://:pw@r:6380/4"


def test_a_flushdb_of_one_worker_leaves_the_others_keys() -> None:
    proc = RedisProc()   # a server of this test's own: it flushes a database
    proc.start()
    a = redis.Redis.from_url(worker_redis_url(proc.url, "gw0"))
    b = redis.Redis.from_url(worker_redis_url(proc.url, "gw1"))
    try:
        a.set("ct-referee:worker-isolation", "gw0")
        b.set("ct-referee:worker-isolation", "gw1")
        b.flushdb()
        assert a.get("ct-referee:worker-isolation") == b"gw0"
        assert b.get("ct-referee:worker-isolation") is None
    finally:
        a.close()
        b.close()
        proc.stop()
