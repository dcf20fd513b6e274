"""A one-line progress bar with the rate and the time left, on stderr: shown when stderr is a
terminal or when asked (``--progress``)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


class Progress:
    def __init__(self, label: str, stream: TextIO | None = None, force: bool = False,
                 width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.enabled = force or self.stream.isatty()
        self.label, self.width = label, width
        self.start = time.monotonic()
        self.first: int | None = None  # games already played when this run started

    def update(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.first is None:
            self.first = done - 1 if done else 0
        now = time.monotonic() - self.start
        here = done - self.first
        rate = here / now if now > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        filled = int(self.width * done / total) if total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        pct = 100 * done / max(total, 1)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} {pct:3.0f}%"
                          f"  {rate:.1f} games/s  ETA {_clock(eta)} ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
