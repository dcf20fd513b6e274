"""``ct-referee`` commands run by their ``main`` in the test's own process: the command's code,
its exit status and what it writes to stdout and stderr, as a process would give them, without
the second or so of CPU a new process spends importing the referee. The tests of the commands as
processes (the README's examples, ``ct-referee play`` in a terminal, ``serve``) start them."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from unittest import mock


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``ct-referee ARGS`` (``stdin``: its standard input) as ``subprocess.run`` would report
    it with ``capture_output=True, text=True``."""
    from ct_referee_cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch.object(sys, "stdin", io.StringIO(stdin or "")):
        try:
            status = main(list(args))
        except SystemExit as e:  # argparse's refusals, a command's exit
            status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return subprocess.CompletedProcess(["ct-referee", *args], status, out.getvalue(),
                                       err.getvalue())
