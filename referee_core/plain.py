"""Plain data (what JSON holds: dicts, lists, strings, integers, booleans, null), the stuff every
game's state is made of: copying it for a game's ``State.copy``."""

from __future__ import annotations

from typing import Any

_NESTED = (dict, list)


def copy_plain(x: Any) -> Any:
    """Copy nested plain data. Lists in a state are homogeneous: a list whose first item is a
    scalar holds only scalars and is copied in one slice (the hot path of ``apply``)."""
    t = type(x)
    if t is dict:
        return {k: copy_plain(v) if type(v) in _NESTED else v for k, v in x.items()}
    if t is list:
        if x and type(x[0]) in _NESTED:
            return [copy_plain(v) for v in x]
        return x[:]
    return x
