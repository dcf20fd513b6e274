"""Starting processes from a test process where gRPC's threads run. Python code run between fork
and exec (``preexec_fn``, or pexpect's own child set-up) can abort the child before it execs
(SIGABRT, or gRPC's poller complaining of a closed descriptor, seen on restarts and in terminal
tests), so the children are started by ``subprocess`` (no Python between fork and exec) and what
they need is done by util-linux programs after the exec:

* ``DIE_WITH_PARENT``: servers, workers, redis-server get SIGTERM when the test process dies
  (``setpriv --pdeathsig``: PR_SET_PDEATHSIG, kept across its exec);
* ``terminal``: a program in a pseudo-terminal of its own, as its controlling terminal
  (``setsid --ctty``, so that Ctrl-C at the keyboard interrupts it), driven with pexpect.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import struct
import subprocess
import termios
from typing import Any

import pexpect
from pexpect.fdpexpect import fdspawn

DIE_WITH_PARENT = ["setpriv", "--pdeathsig", "TERM", "--"] if shutil.which("setpriv") else []


class Terminal(fdspawn):
    """pexpect on the master side of the program's pseudo-terminal: ``expect``, ``sendline``,
    ``before`` as with ``pexpect.spawn``, and the keys a person presses (``sendintr``: Ctrl-C,
    ``sendeof``: Ctrl-D); ``close`` waits for the program and sets ``exitstatus``."""

    def __init__(self, proc: subprocess.Popen[bytes], master: int, **kw: Any) -> None:
        super().__init__(master, args=proc.args, **kw)
        self.proc = proc
        self.exitstatus: int | None = None

    def sendintr(self) -> None:
        self.send(chr(termios.tcgetattr(self.child_fd)[6][termios.VINTR][0]))

    def sendeof(self) -> None:
        self.send(chr(termios.tcgetattr(self.child_fd)[6][termios.VEOF][0]))

    def close(self) -> None:
        if not self.closed:
            super().close()
        try:
            self.exitstatus = self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.exitstatus = self.proc.wait()


def terminal(argv: list[str], dimensions: tuple[int, int] = (24, 80), cwd: str | None = None,
             timeout: float = 30, encoding: str = "utf-8") -> Any:
    """``argv`` run in a new pseudo-terminal of ``dimensions`` (rows, columns), as
    ``pexpect.spawn(argv[0], argv[1:], dimensions=..., ...)`` would, but without Python code
    between fork and exec (``pexpect.spawn`` itself where util-linux's ``setsid`` is missing)."""
    if not shutil.which("setsid"):
        return pexpect.spawn(argv[0], argv[1:], cwd=cwd, dimensions=dimensions,
                             encoding=encoding, timeout=timeout)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *dimensions, 0, 0))
    try:
        proc = subprocess.Popen(["setsid", "--ctty", "--", *argv], stdin=slave, stdout=slave,
                                stderr=slave, cwd=cwd)
    except BaseException:
        os.close(master)
        raise
    finally:
        os.close(slave)
    return Terminal(proc, master, timeout=timeout, encoding=encoding, use_poll=True)
