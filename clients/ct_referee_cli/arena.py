"""What ``match`` and ``ladder`` share: where and how the games run, the progress bar, the final
table and the report."""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

ARENA_EXTRA = "ct-referee {cmd} needs the arena extra: pip install -e '.[arena]'"


def add_run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", help="the results directory (a ladder's default: ladder-NAME); run"
                                 " the same command on it again to resume")
    p.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    p.add_argument("--referee", help="http://host:port or grpc://host:port of a running referee"
                                     " (default: the engine in this process)")
    p.add_argument("--queue", help="redis://...: enqueue the games for `ct-referee worker`s")
    p.add_argument("--sign-key", metavar="KEY",
                   help="the organiser's Ed25519 private key (PEM) that signs the results"
                        " manifest (default: one made and kept in OUT/private/, never"
                        " published)")
    p.add_argument("--progress", action="store_true",
                   help="show the progress bar even when stderr is not a terminal")


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt   # a terminated ladder stops like an interrupted one


def run_ladder(ladder: Any, out: str, args: argparse.Namespace) -> int:
    """Play (or resume) the ladder in ``out``, print the final table and write the report.
    Exit status: 0 all played, 1 some games failed (run again to retry), 2 bad arguments, 130
    interrupted."""
    from ct_referee_arena import ladder as lad
    from ct_referee_arena import referee
    from ct_referee_arena.progress import Progress
    from ct_referee_arena.report import final_table

    try:
        if args.jobs < 1:
            raise ValueError("--jobs: at least 1")
        referee.check(args.referee)
        executor: lad.Executor = lad.processes(args.jobs) if args.jobs > 1 else lad.serial
        if args.queue:
            from ct_referee_arena import queue

            queue.check(args.queue)
            executor = queue.executor(args.queue, ladder.fingerprint()[:16], ladder.game)
    except ValueError as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    bar = Progress(f"{ladder.name}", force=args.progress)
    signal.signal(signal.SIGTERM, _stop)
    try:
        summary = lad.run(ladder, out, executor, args.referee, bar.update, args.sign_key)
    except ValueError as e:   # the directory holds another ladder, or another signing key
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        bar.close()
        print(f"interrupted: the games played are kept in {out}; run the same command again to"
              " resume", file=sys.stderr)
        return 130
    if summary.games:
        sys.stdout.write(final_table(summary.games))
        print(f"\nreport: {summary.report}")
    if summary.found:
        print(f"resumed: {summary.found} of the {summary.total} games were found played in"
              f" {out}; {summary.played - summary.found} played in this run")
    print(f"{summary.played}/{summary.total} games played; records in {out}/games, signed"
          f" in {out}/manifest.json (publish {out} but its private/)")
    for failed in summary.errors:
        print(f"ct-referee: {failed}", file=sys.stderr)
    return 1 if summary.errors else 0
