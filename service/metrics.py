"""Prometheus metrics of the service (served by REST at ``/metrics``).

Under ``ct-referee serve`` every worker process writes its metrics into one directory
(prometheus_client's multiprocess mode: ``PROMETHEUS_MULTIPROC_DIR``, a temporary directory of
the ``serve`` process, removed when it stops), and ``/metrics`` adds them up over the workers,
whichever worker answers: counters and histograms are sums over every worker that ever ran (a
replaced worker's counts stay), the degraded gauge is the maximum over the live ones. Without that
variable (the core in a test or the command line) the metrics are this process's own.
"""

from __future__ import annotations

import glob
import os
import time
from contextlib import contextmanager
from typing import Any, Iterator

from prometheus_client import (
    CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics, generate_latest,
    multiprocess,
)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

disable_created_metrics()  # type: ignore[no-untyped-call]

BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Counter("ct_referee_requests",
                                "Requests by transport, endpoint and outcome",
                                ["transport", "endpoint", "code"], registry=r)
        self.latency = Histogram("ct_referee_request_seconds", "Request latency",
                                 ["transport", "endpoint"], buckets=BUCKETS, registry=r)
        self.cache_hits = Counter("ct_referee_cache_hits",
                                  "Cache hits by tier: whole responses, or results",
                                  ["tier"], registry=r)
        self.cache_misses = Counter("ct_referee_cache_misses", "Cache misses", registry=r)
        self.cache_errors = Counter("ct_referee_cache_errors", "Cache backend failures", registry=r)
        self.cache_bypassed = Counter("ct_referee_cache_bypassed",
                                      "Lookups skipped while the cache backend is degraded",
                                      registry=r)
        self.cache_degraded = Gauge("ct_referee_cache_degraded",
                                    "1 while the cache backend is unavailable", registry=r,
                                    multiprocess_mode="livemax")

        self._events = {"hit": self.cache_hits.labels("result"),
                        "response_hit": self.cache_hits.labels("response"),
                        "miss": self.cache_misses, "error": self.cache_errors,
                        "bypass": self.cache_bypassed}
        self._children: dict[tuple[int, tuple[str, ...]], Any] = {}  # labelled series, once

    def cache_event(self, kind: str) -> None:
        self._events[kind].inc()

    def _child(self, metric: Any, *labels: str) -> Any:
        key = (id(metric), labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    @contextmanager
    def observe(self, transport: str, endpoint: str) -> Iterator[list[str]]:
        """Time one request; the body sets ``outcome[0]`` to the result code ("ok" by default)."""
        outcome = ["ok"]
        t0 = time.perf_counter()
        try:
            yield outcome
        finally:
            self._child(self.latency, transport, endpoint).observe(time.perf_counter() - t0)
            self._child(self.requests, transport, endpoint, outcome[0]).inc()

    def render(self) -> bytes:
        shared = os.environ.get(MULTIPROC_ENV)
        if not shared:
            return generate_latest(self.registry)
        forget_dead_workers(shared)
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=shared)  # type: ignore[no-untyped-call]
        return generate_latest(registry)


def forget_dead_workers(path: str) -> None:
    """The live-process gauges of workers that died (killed, replaced) leave the sums."""
    for f in glob.glob(os.path.join(path, "gauge_live*_*.db")):
        pid = int(f.rsplit("_", 1)[1].removesuffix(".db"))
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            multiprocess.mark_process_dead(pid, path)  # type: ignore[no-untyped-call]
        except PermissionError:
            pass
