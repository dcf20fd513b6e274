#!/usr/bin/env python3
"""Where an uncached Apply's time goes, in-process (issue 14): the state round trip step by step
and the application core's whole request, over the realistic corpus of ``bench/service.py``.

    .venv/bin/python bench/inprocess.py [--rounds 5]

Each figure is a median over the corpus of the CPU time of this thread (µs: time spent waiting
for a core shared with other work is not counted), the lowest of ``--rounds`` rounds. Steps of the round trip: parse (the JSON text to plain
data), fields (every check but the pending decision's), pending (the pending decision's checks,
its legal moves included), legal moves (listing them alone), write (the canonical text), trusted
load (parse and build, no checks: a state signed by this engine build). Then ``Core.handle`` of
an Apply, every cache off, as the REST and gRPC transports call it (bytes in, bytes out), for
unsigned states and for states signed by the referee (a referee with a secret: the state a
client sends back is the one it was given). The last line is

    roundtrip_us=A trusted_roundtrip_us=B rest_apply_us=C grpc_apply_us=D \
        rest_apply_signed_us=E grpc_apply_signed_us=F
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "clients")]

import referee_core  # noqa: E402


def median_us(fn: Callable[[Any], Any], xs: list[Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        times = []
        for x in xs:
            t0 = time.thread_time()
            fn(x)
            times.append(time.thread_time() - t0)
        best = min(best, statistics.median(times))
    return 1e6 * best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()

    import orjson

    import engine
    from referee_core.checks import Budget
    from engine.serial import from_trusted_json
    from engine.validate import validate, validate_fields
    from engine.validate_pending import check_pending
    from service.config import Config
    from service.core import Core
    from service.rest import parse_body, to_json_body
    from ct_referee_client import to_move
    from ct_referee_proto.v1 import referee_pb2 as pb
    from corpus import realistic_corpus

    loads = orjson.loads  # what from_json parses with
    corpus = realistic_corpus()
    docs = [d for d, _ in corpus]
    states = {d: engine.from_json(d) for d in docs}
    fields = {d: validate_fields(loads(d)) for d in docs}

    def pending(d: str) -> None:
        s, doc, _ = fields[d]
        s._legal = None
        check_pending(doc["pending"], s, Budget())

    def legal(d: str) -> None:
        s = states[d]
        s._legal = None
        engine.legal_moves(s)

    r = a.rounds
    steps = {
        "parse": median_us(loads, docs, r),
        "fields": median_us(lambda d: validate_fields(loads(d)), docs, r)
        - median_us(loads, docs, r),
        "pending": median_us(pending, docs, r),
        "legal moves": median_us(legal, docs, r),
        "write": median_us(lambda d: engine.to_json(states[d]), docs, r),
        "validate": median_us(lambda d: validate(loads(d)), docs, r) - median_us(loads, docs, r),
        "trusted load": median_us(from_trusted_json, docs, r),
    }
    roundtrip = median_us(lambda d: engine.to_json(engine.from_json(d)), docs, r)
    trusted = median_us(lambda d: engine.to_json(from_trusted_json(d)), docs, r)
    print(f"realistic corpus: {len(docs)} states, "
          f"{statistics.mean(len(d) for d in docs):.0f} bytes of JSON on average")
    for k, v in steps.items():
        print(f"  {k:<24} {v:8.1f} us")
    print(f"  {'round trip':<24} {roundtrip:8.1f} us  (parse + validate + write)")
    print(f"  {'trusted round trip':<24} {trusted:8.1f} us  (parse + build + write)")

    out: dict[str, float] = {}
    for signed in (False, True):
        core = Core(Config(cache_size=0, response_cache_mb=0, state_cache_mb=0,
                           secret=b"bench" if signed else None), bot=None)
        reqs = [pb.ApplyRequest(state=core.trust.issue(d), move=to_move(m)) for d, m in corpus]
        rest = [to_json_body(q) for q in reqs]
        raw = [q.SerializeToString() for q in reqs]

        def run_rest(b: bytes) -> bytes:
            return core.handle("apply", "json", b, lambda x: parse_body(x, pb.ApplyRequest),
                               to_json_body, core.call())

        def run_grpc(b: bytes) -> bytes:
            return core.handle("apply", "grpc", b, pb.ApplyRequest.FromString,
                               lambda m: m.SerializeToString(), core.call())
        suffix = "_signed" if signed else ""
        out["rest_apply" + suffix] = median_us(run_rest, rest, r)
        out["grpc_apply" + suffix] = median_us(run_grpc, raw, r)
        print(f"Core.handle Apply, caches off, {'signed' if signed else 'unsigned'} states: "
              f"REST {out['rest_apply' + suffix]:.1f} us "
              f"({statistics.mean(len(b) for b in rest):.0f} -> "
              f"{statistics.mean(len(run_rest(b)) for b in rest[:100]):.0f} bytes), "
              f"gRPC {out['grpc_apply' + suffix]:.1f} us")
    print(f"roundtrip_us={roundtrip:.1f} trusted_roundtrip_us={trusted:.1f} "
          f"rest_apply_us={out['rest_apply']:.1f} grpc_apply_us={out['grpc_apply']:.1f} "
          f"rest_apply_signed_us={out['rest_apply_signed']:.1f} "
          f"grpc_apply_signed_us={out['grpc_apply_signed']:.1f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
