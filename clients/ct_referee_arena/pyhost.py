"""The process a ``py:module:name`` agent runs in (``agents.PythonAgent``), so that the runner can
hold it to its time limits like any other agent, and stop it: one process per game, speaking
the agents' JSON lines (docs/agents.md) with the runner on its stdin and stdout.

    python -m ct_referee_arena.pyhost module:name PARENT_PID

Each answer is wrapped, so that what the agent returns is never mistaken for the host's word:
``{"answer": ...}`` (to ``hello``, with the class's ``name`` and ``version`` when it has them),
``{"error": "KeyError: ..."}`` when the agent raised, ``{"malformed": "..."}`` when its answer
is not JSON. ``end`` gets no answer. The agent's own prints go to stderr (its stdout is the
runner's channel), and it reads nothing from stdin. The process dies with the runner that
started it (Linux), even when the agent never returns.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import signal
import sys
from typing import IO, Any, Callable

TEXT = 4000   # characters of an exception's message sent to the runner (which shortens it)


def die_with(parent: int) -> None:
    """Linux: this process is killed (SIGKILL) when ``parent``, the process that started it,
    dies (PR_SET_PDEATHSIG); it exits at once if ``parent`` is gone already."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:   # the runner died before the request took effect
        os._exit(1)


def _channel() -> tuple[IO[str], IO[str]]:
    """The runner's lines (the real stdin and stdout), with the agent's ``print`` sent to
    stderr and its stdin emptied."""
    inp = os.fdopen(os.dup(0), "r", encoding="utf-8")
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")
    sys.stdout = sys.stderr
    return inp, out


def _failure(e: BaseException) -> str:
    return f"{type(e).__name__}: {str(e)[:TEXT]}"


class Host:
    """The agent a ``module:name`` reference names: a function answering ``turn``, or a class
    instantiated once (this process plays one game) answering ``turn`` and optionally
    ``hello`` and ``end``."""

    def __init__(self, ref: str) -> None:
        mod_name, _, attr = ref.partition(":")
        self.target = getattr(importlib.import_module(mod_name), attr)
        self.instance: Any = None

    def method(self, kind: str) -> Callable[[dict[str, Any]], Any] | None:
        if self.instance is not None:
            found: Callable[[dict[str, Any]], Any] | None = getattr(self.instance, kind, None)
            return found
        return self.target if kind == "turn" else None

    def answer(self, msg: dict[str, Any]) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        try:
            if msg.get("type") == "hello" and inspect.isclass(self.target):
                self.instance = self.target()
                extra = {k: str(getattr(self.instance, k)) for k in ("name", "version")
                         if getattr(self.instance, k, "")}
            method = self.method(str(msg.get("type")))
            answer = None if method is None else method(msg)
        except Exception as e:  # noqa: BLE001 - an agent's failure is its forfeit
            return {"error": _failure(e)}
        return {"answer": answer, **extra}


def main(argv: list[str]) -> int:
    ref, parent = argv[0], int(argv[1])
    die_with(parent)
    inp, out = _channel()
    try:
        host = Host(ref)
    except Exception as e:  # noqa: BLE001 - exits before hello: it cannot be started here
        print(f"py:{ref}: {_failure(e)}", file=sys.stderr)
        return 2
    for line in inp:
        msg = json.loads(line)
        reply = host.answer(msg)
        if msg.get("type") == "end":
            continue
        try:
            text = json.dumps(reply, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError) as e:
            text = json.dumps({"malformed": f"the answer is not JSON ({_failure(e)})"})
        out.write(text + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
