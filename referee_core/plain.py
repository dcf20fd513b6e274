"""Plain data (what JSON holds: dicts, lists, strings, integers, booleans, null), the stuff every
game's state is made of: copying it for a game's ``State.copy``."""

from __future__ import annotations

from typing import Any


def copy_plain(x: Any) -> Any:
    """Copy nested plain data. Lists in a state are homogeneous: a list whose first item is a
    scalar holds only scalars and is copied in one slice (the hot path of ``apply``). The typed
    locals let the compiled build iterate the containers natively."""
    t = type(x)
    if t is dict:
        d: dict[Any, Any] = x
        c = d.copy()  # the dictionary cloned whole (far cheaper than rebuilt key by key), then
        for k, v in d.items():  # its containers replaced by copies, in place: same key order
            tv = type(v)
            if tv is dict or tv is list:
                c[k] = copy_plain(v)
        return c
    if t is list:
        xs: list[Any] = x
        if xs and (type(xs[0]) is dict or type(xs[0]) is list):
            return [copy_plain(v) for v in xs]
        return xs[:]
    return x
