"""Counter-based random numbers for the ``managed`` chance mode (docs/chance.md).

The generator is SplitMix64 indexed by a counter, so it is fully described by two integers kept in
the state (``rng.seed``, ``rng.counter``) and is easy to reproduce in any language:

    word(seed, n) = mix(seed + (n + 1) * 0x9E3779B97F4A7C15  mod 2^64)
    mix(z): z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
            return z ^ (z >> 31)            (all arithmetic mod 2^64)

``uniform(k)`` draws words until one is below ``2^64 - (2^64 mod k)`` and returns it mod k (no bias).
A die is ``1 + uniform(6)``; a shuffle is Fisher-Yates from the last position down
(``j = uniform(i + 1)`` for i = len-1 .. 1). docs/chance.md has worked values.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, TypeVar

from .checks import check_int, check_obj

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")

# The products of 64-bit integers go through the interpreter's multiplication: CPython checks for
# signals while it multiplies integers this long, so a signal handler's exception (Ctrl-C's
# KeyboardInterrupt, a ladder's SIGTERM) can end a multiplication, and the compiled build's own
# multiplication reads that failure as "out of memory" and aborts the process.
_mul: Callable[[int, int], int] = operator.mul


def mix(z: int) -> int:
    z = _mul(z ^ (z >> 30), 0xBF58476D1CE4E5B9) & MASK
    z = _mul(z ^ (z >> 27), 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def word(seed: int, n: int) -> int:
    return mix((seed + _mul(n + 1, GOLDEN)) & MASK)


def uniform(rng: dict[str, Any], k: int) -> int:
    """An integer in [0, k) from the generator state ``rng`` (advances its counter)."""
    limit = (1 << 64) - ((1 << 64) % k)
    while True:
        w = word(rng["seed"], rng["counter"])
        rng["counter"] = (rng["counter"] + 1) & MASK  # a 64-bit counter (it never leaves 0..2^64-1)
        if w < limit:
            return w % k


def die(rng: dict[str, Any]) -> int:
    return 1 + uniform(rng, 6)


def shuffle(rng: dict[str, Any], items: list[T]) -> list[T]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = uniform(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def seed_from(seed: int) -> int:
    """Seeds are any integer; they are reduced mod 2^64."""
    return seed & MASK


def check_state(v: Any, field: str = "rng") -> dict[str, int]:
    """The generator's state in an untrusted document (any game): ``{"seed", "counter"}``, each
    0..2^64-1; StateError naming the field. Returns a new dict."""
    r = check_obj(v, field, ("seed", "counter"))
    return {"seed": check_int(r["seed"], f"{field}.seed", 0, MASK),
            "counter": check_int(r["counter"], f"{field}.counter", 0, MASK)}
