"""Processes the tests start (servers, workers, redis-server) get SIGTERM when the test process
dies, from util-linux's ``setpriv --pdeathsig`` (PR_SET_PDEATHSIG, kept across its exec) rather
than from Python code run between fork and exec (``preexec_fn``): in a test process where gRPC's
threads run, that code can abort the child before it execs (SIGABRT, seen on restarts)."""

from __future__ import annotations

import shutil

DIE_WITH_PARENT = ["setpriv", "--pdeathsig", "TERM", "--"] if shutil.which("setpriv") else []
