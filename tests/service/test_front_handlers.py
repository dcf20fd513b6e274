"""The HTTP front's handler threads (``service.front.Handlers``): answers and errors come back
to the coroutine that asked, no more than ``threads`` calls run at once, and a call the
request's task stopped waiting for does not break the loop."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Callable, Coroutine, TypeVar

import pytest

from service.front import Handlers

T = TypeVar("T")


def run_loop(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` on a thread of its own (as Granian runs its loop), whatever loop
    the test process's thread may hold."""
    out: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            out.append(asyncio.run(main()))
        except BaseException as e:
            errors.append(e)
    t = threading.Thread(target=target, name="loop")
    t.start()
    t.join(30)
    if errors:
        raise errors[0]
    return out[0]


def test_each_answer_and_error_reaches_the_coroutine_that_asked() -> None:
    handlers = Handlers(2)

    def work(n: int) -> tuple[int, str]:
        if n == 3:
            raise ValueError("three")
        return n * n, threading.current_thread().name

    async def main() -> None:
        got = await asyncio.gather(*(handlers.run(work, n) for n in range(6)),
                                   return_exceptions=True)
        assert [g[0] if isinstance(g, tuple) else g for g in got[:3]] == [0, 1, 4]
        assert isinstance(got[3], ValueError) and str(got[3]) == "three"
        assert {g[1] for g in got if isinstance(g, tuple)} <= {"http_0", "http_1"}
        assert threading.current_thread().name == "loop"
    try:
        run_loop(main)
    finally:
        handlers.shutdown()


def test_no_more_than_threads_calls_run_at_once() -> None:
    handlers = Handlers(3)
    lock, running, most = threading.Lock(), [0], [0]

    def work() -> None:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.02)
        with lock:
            running[0] -= 1

    async def main() -> None:
        await asyncio.gather(*(handlers.run(work) for _ in range(12)))
    try:
        run_loop(main)
    finally:
        handlers.shutdown()
    assert most[0] == 3


def test_a_call_whose_request_was_cancelled_finishes_without_breaking_the_loop() -> None:
    handlers = Handlers(1)
    release = threading.Event()

    async def main() -> int:
        slow = asyncio.ensure_future(handlers.run(release.wait, 5))
        await asyncio.sleep(0.01)
        slow.cancel()
        with pytest.raises(asyncio.CancelledError):
            await slow
        release.set()
        return await handlers.run(lambda: 7)  # the thread is free again, the loop still runs
    try:
        assert run_loop(main) == 7
    finally:
        handlers.shutdown()


def test_shutdown_stops_the_threads_after_the_calls_queued_before_it() -> None:
    handlers = Handlers(2)
    done: list[int] = []

    async def main() -> None:
        futs = [handlers.run(done.append, n) for n in range(4)]
        handlers.shutdown()
        await asyncio.gather(*futs)
    run_loop(main)
    for t in handlers.threads:
        t.join(2)
        assert not t.is_alive()
    assert sorted(done) == [0, 1, 2, 3]
