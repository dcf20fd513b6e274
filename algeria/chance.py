"""Algeria's dice (DESIGN.md section 3; docs/chance.md): the shared roll frame of ``referee_core.chance``
(managed by the counter-based generator kept in ``state.rng``, or external: the client's
``{"t": "roll", "value": N}``), registered on this game's machine, and what this game does with it:
sums of several dice kept in a frame's working data (``dice``), and the check of that data
(``check_x``).
"""

from __future__ import annotations

from referee_core import chance
from referee_core.chance import roll_frame
from referee_core.checks import check_obj, fail

from .labels import in_words
from .machine import Frame, State, register


class Roll(chance.Roll[State]):
    """A die roll may go to any entry of the working data of the frame below (``check_x``)."""

    def prompt(self, s: State, f: Frame) -> str:
        return f"Roll a die: {in_words(f['purpose'])}"


def dice(s: State, f: Frame, key: str, n: int, purpose: str, rule: str) -> int | None:
    """The sum of ``n`` dice kept in ``f["x"]`` as ``key0``, ``key1`` …; pushes the next missing
    roll and returns None until all are there."""
    total = 0
    for i in range(n):
        v = f["x"].get(f"{key}{i}")
        if v is None:
            s.pending.append(roll_frame(f"{purpose} (die {i + 1} of {n})", rule, f"{key}{i}"))
            return None
        total += v
    return total


def check_x(f: Frame, allowed_prefixes: tuple[str, ...], flags: tuple[str, ...] = ()) -> None:
    """The working data ``x`` of a frame: dice values 1-6 under keys made of an allowed prefix and
    a digit, plus boolean ``flags`` (StateError on field ``x.<key>``)."""
    x = check_obj(f["x"], "x")
    for k, v in x.items():
        if k in flags:
            if type(v) is not bool:
                fail(f"x.{k}", "must be true or false")
        elif k.rstrip("0123456789") in allowed_prefixes and k[-1:].isdigit():
            if type(v) is not int or not 1 <= v <= 6:
                fail(f"x.{k}", "a die roll is 1-6")
        else:
            fail(f"x.{k}", "unknown working value")


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Roll)
