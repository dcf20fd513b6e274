#!/usr/bin/env python3
"""Server CPU per REST request, configuration against configuration (issue 24): the realistic
Apply of ``bench/service.py`` (its corpus, each state signed, every cache off) and the echo floor
of the same bodies, each served by ``ct-referee serve`` under the named variants, measured in
turns (A, B, A, B, ...) so that a slow spell of the shared machine falls on all of them.

    .venv/bin/python bench/rest_cpu.py [--variants base,inline] [--seconds 3] [--repeat 5]
    .venv/bin/python bench/rest_cpu.py --baseline OLD_TREE --variants old:base,base

A variant is ``serve`` with some of Granian's settings or the HTTP front changed (``VARIANTS``);
``old:NAME`` is the variant served from another checkout (``--baseline``), to compare code with
code. ``CT_BENCH_TIMED=1`` in the environment makes each referee worker write the thread CPU time
of ``Core.handle`` and of the whole WSGI call per request to ``/tmp/ct-bench-timed-PID``.
The figure is the CPU time (user + system) the server's processes spent over the requests wrk
sent at concurrency 32, per request (µs): on a machine shared with other work it moves much
less than latency does. Medians over ``--repeat`` turns; the last line is

    variant=NAME apply_cpu_us=A echo_cpu_us=B ... (one pair per variant)
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "clients")]

VARIANT_ENV = "CT_BENCH_VARIANT"

# name -> (Granian Server keyword overrides, front kind, threads per process, workers or None)
VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "rt2": {"granian": {"runtime_threads": 2}},
    "bp8": {"granian": {"backpressure": 8}},
    "bp64": {"granian": {"backpressure": 64}},
    "rusttask": {"granian": {"task_impl": "rust"}},
    "t1": {"threads": 1},
    "t2": {"threads": 2},
    "w4t1": {"threads": 1, "workers": 4},
    "w1t1": {"threads": 1, "workers": 1},
    "inline": {"front": "inline"},
    "w4inline": {"front": "inline", "workers": 4},
    "wsgi": {"front": "wsgi", "granian": {"interface": "wsgi", "blocking_threads": 4}},
    "wsgi1": {"front": "wsgi", "granian": {"interface": "wsgi", "blocking_threads": 1}},
}


def _bench_service() -> Any:
    spec = importlib.util.spec_from_file_location("bench_service", ROOT / "bench" / "service.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---- the server side (run as ``rest_cpu.py --serve VARIANT APP``) ------------------------------

def _variant() -> dict[str, Any]:
    return VARIANTS[os.environ[VARIANT_ENV]]


def _wrap(front: Any) -> Any:
    kind = _variant().get("front", "pool")
    if kind == "wsgi":
        return front.wsgi
    if kind == "inline":
        return Inline(front.wsgi, front.config)
    return front


def referee() -> Any:
    from service import worker

    front = worker.app()
    if os.environ.get("CT_BENCH_TIMED"):
        _time_handle(front)
    return _wrap(front)


def _time_handle(front: Any) -> None:
    """Diagnosis: the thread CPU time of ``Core.handle`` and of the whole WSGI call, written
    every 500 requests to /tmp/ct-bench-timed-PID."""
    import time
    core = front.wsgi.extensions["ct_referee_core"]
    handle, call = core.handle, front._call
    acc = {"handle": 0.0, "call": 0.0, "n": 0}

    def timed_handle(*a: Any) -> Any:
        t0 = time.thread_time()
        try:
            return handle(*a)
        finally:
            acc["handle"] += time.thread_time() - t0

    def timed_call(environ: Any) -> Any:
        t0 = time.thread_time()
        try:
            return call(environ)
        finally:
            acc["call"] += time.thread_time() - t0
            acc["n"] += 1
            if acc["n"] % 500 == 0:
                Path(f"/tmp/ct-bench-timed-{os.getpid()}").write_text(
                    f"n={acc['n']} handle_us={1e6 * acc['handle'] / acc['n']:.0f} "
                    f"call_us={1e6 * acc['call'] / acc['n']:.0f} "
                    f"process_us={1e6 * time.process_time() / acc['n']:.0f}\n")
    core.handle = timed_handle
    front._call = timed_call


def echo() -> Any:
    import floor

    return _wrap(floor.app())


def _inline_class() -> Any:
    from service.front import Front

    class InlineFront(Front):
        """The handler called on the event loop's thread: no hand-off to a pool."""

        async def __rsgi__(self, scope: Any, proto: Any) -> None:
            if scope.proto != "http":
                return
            import time
            deadline = time.monotonic() + self.config.request_timeout
            body = await asyncio.wait_for(self._body(scope, proto), self.config.request_timeout)
            status, headers, first, rest = self._call(self._environ(scope, body, deadline))
            assert rest is None
            proto.response_bytes(status, headers, first)
    return InlineFront


def Inline(wsgi: Any, config: Any) -> Any:  # noqa: N802
    return _inline_class()(wsgi, config)


def serve_variant(name: str, app: str, argv: list[str]) -> int:
    """``ct-referee serve ARGV`` with the variant's Granian settings, threads and workers, and
    ``app`` for its worker entry point."""
    import granian.server

    import ct_referee_cli
    import ct_referee_cli.serve as cli_serve
    from service.serve import serve

    os.environ[VARIANT_ENV] = name
    v = VARIANTS[name]
    real = granian.server.Server
    overrides = dict(v.get("granian", {}))
    if "interface" in overrides:
        from granian.constants import Interfaces
        overrides["interface"] = Interfaces(overrides["interface"])
    if "task_impl" in overrides:
        from granian.constants import TaskImpl
        overrides["task_impl"] = TaskImpl(overrides["task_impl"])

    def server(*args: Any, **kw: Any) -> Any:
        kw.update(overrides)
        return real(*args, **kw)
    setattr(granian.server, "Server", server)
    setattr(cli_serve, "serve", lambda cfg: serve(cfg, app=app))
    workers = v.get("workers", os.cpu_count() or 1)
    threads = v.get("threads", 4)
    return ct_referee_cli.main(["serve", "--host", "127.0.0.1", "--http-port", "0",
                                "--grpc-port", "0", "--workers", str(workers), "--threads",
                                str(threads), "--no-seal", *argv])


# ---- the load side ------------------------------------------------------------------------------

def tree_switches(pid: int) -> int:
    """Context switches (voluntary + involuntary) so far of every thread of process ``pid`` and
    of its descendants: each hand-off between threads (the GIL, a queue) is one or more."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                for line in (task / "status").read_text().splitlines():
                    if line.endswith("ctxt_switches:") or "ctxt_switches:" in line:
                        total += int(line.split()[1])
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue
    return total


def measured(bs: Any, pid: int, load: Any) -> dict[str, float]:
    s0 = tree_switches(pid)
    r: dict[str, float] = bs.measured(pid, load)
    r["switches"] = (tree_switches(pid) - s0) / max(r["n"], 1)
    return r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default="base,inline")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--baseline", type=Path, metavar="TREE",
                    help="a checkout of the code to compare with: a variant named old:NAME is "
                         "NAME served from TREE (its bench/rest_cpu.py: copy this one there)")
    ap.add_argument("--serve", nargs=2, metavar=("VARIANT", "APP"), help=argparse.SUPPRESS)
    a, rest = ap.parse_known_args()
    if a.serve:
        return serve_variant(a.serve[0], a.serve[1], rest)

    bs = _bench_service()
    from corpus import realistic_corpus
    from ct_referee_client import to_move
    from ct_referee_proto.v1 import referee_pb2 as pb
    from service.core import engine_fingerprint
    from service.rest import to_json_body
    from service.trust import Trust

    tmp = Path(tempfile.mkdtemp(prefix="ct-restcpu-"))
    trust = Trust(bs.SECRET.encode(), fingerprint=engine_fingerprint())
    reqs = [pb.ApplyRequest(state=trust.issue(d), move=to_move(m)) for d, m in realistic_corpus()]
    corpus = tmp / "corpus.jsonl"
    corpus.write_bytes(b"".join(to_json_body(r) + b"\n" for r in reqs))
    names = a.variants.split(",")
    uncached = ["--cache-size", "0", "--response-cache-mb", "0", "--state-cache-mb", "0",
                "--secret", bs.SECRET]
    servers: dict[tuple[str, str], Any] = {}
    try:
        for name in names:
            for kind, app in (("apply", "rest_cpu:referee"), ("echo", "rest_cpu:echo")):
                tree, variant = ((a.baseline, name[4:]) if name.startswith("old:")
                                 else (ROOT, name))
                servers[(name, kind)] = bs.spawn([
                    sys.executable, str(tree / "bench" / "rest_cpu.py"), "--serve", variant, app,
                    *(uncached if kind == "apply" else [])])
        runs: dict[tuple[str, str], list[dict[str, float]]] = {}
        for key, (p, http, _) in servers.items():  # warm up (and check: wrk fails on non-2xx)
            bs.wrk_corpus(http + ("/v1/apply" if key[1] == "apply" else "/echo"), corpus, 4, 1,
                          tmp)
        for _ in range(a.repeat):
            for name in names:
                for kind in ("apply", "echo"):
                    p, http, _ = servers[(name, kind)]
                    path = "/v1/apply" if kind == "apply" else "/echo"
                    runs.setdefault((name, kind), []).append(measured(bs, p.pid, lambda: bs.wrk_corpus(
                        http + path, corpus, a.concurrency, a.seconds, tmp)))
            print(" ".join(f"{n}/{k}={1000 * r[-1]['srv_cpu']:.0f}" for (n, k), r in runs.items()),
                  flush=True)
    finally:
        for p, _, _ in servers.values():
            p.terminate()
            p.wait(15)
    med = {k: {m: statistics.median(r[m] for r in rs) for m in ("srv_cpu", "rps", "p50", "p99", "switches")}
           for k, rs in runs.items()}
    spread = {k: (1000 * min(r["srv_cpu"] for r in rs), 1000 * max(r["srv_cpu"] for r in rs))
              for k, rs in runs.items()}
    print(f"\n{'variant':<10} {'apply us/req':>12} {'(min-max)':>12} {'echo us/req':>11} "
          f"{'(min-max)':>12} {'cpu ratio':>9} {'apply p50':>9} {'echo p50':>8} {'p50 ratio':>9}")
    for n in names:
        ap_, ec = med[(n, "apply")], med[(n, "echo")]
        sa, se = spread[(n, "apply")], spread[(n, "echo")]
        print(f"{n:<10} {1000 * ap_['srv_cpu']:>12.0f} {sa[0]:>5.0f}-{sa[1]:<6.0f} "
              f"{1000 * ec['srv_cpu']:>11.0f} {se[0]:>5.0f}-{se[1]:<6.0f} "
              f"{ap_['srv_cpu'] / ec['srv_cpu']:>9.2f} {ap_['p50']:>9.2f} {ec['p50']:>8.2f} "
              f"{ap_['p50'] / ec['p50']:>9.2f} {ap_['switches']:>5.1f} /{ec['switches']:>5.1f} "
              f"{ap_['p99']:>9.1f} {ap_['rps']:>11.0f}")
    load = os.getloadavg()
    print(f"(load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
    print(" ".join(f"variant={n} apply_cpu_us={1000 * med[(n, 'apply')]['srv_cpu']:.0f} "
                   f"echo_cpu_us={1000 * med[(n, 'echo')]['srv_cpu']:.0f}" for n in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
