"""Moves between the engine's plain dicts and the contract's ``Move``, for the service and its
Python client alike (``ct_referee_client`` imports this module, which needs nothing but the
generated contract).

An engine move is a dict of string/int fields with a string ``t``; the contract's ``Move`` has a
typed field for each member of the documented vocabulary and a map (``args``) for any other field,
so that every engine move survives the round trip exactly.
"""

from __future__ import annotations

from typing import Any, Mapping

from ct_referee_proto.v1 import referee_pb2 as pb

MOVE_STR = ("op", "sa", "space", "piece", "from", "to", "side", "box")
MOVE_INT = ("card", "value")


class MoveError(ValueError):
    """A Move that is no engine move; ``field`` names its offending part (e.g. ``move.t``)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def move_to_engine(m: pb.Move, field: str = "move") -> dict[str, Any]:
    """A contract Move as the engine's move dict (``field``: where the Move is, for errors)."""
    if not m.t:
        raise MoveError('a move needs its kind "t"', f"{field}.t")
    d: dict[str, Any] = {"t": m.t}
    for k in MOVE_STR:
        if m.HasField(k):  # type: ignore[arg-type]
            d[k] = getattr(m, k)
    for k in MOVE_INT:
        if m.HasField(k):  # type: ignore[arg-type]
            d[k] = getattr(m, k)
    if m.HasField("args"):
        for k, v in m.args.items():
            _extra(d, k, v, field)
    return d


def _extra(d: dict[str, Any], k: str, v: Any, field: str) -> None:
    if k in d or k == "t":
        raise MoveError(f"move field {k!r} given twice", f"{field}.{k}")
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if not isinstance(v, (str, int)) or isinstance(v, bool):
        raise MoveError("move fields are strings or integers", f"{field}.args.{k}")
    d[k] = v


def move_from_engine(d: Mapping[str, Any]) -> pb.Move:
    """An engine move dict as a contract Move (fields outside the vocabulary go to ``args``;
    a bool or a whole float is written as the integer it stands for; a ``label``, as listed
    moves carry, goes to ``Move.label``, which ``move_to_engine`` ignores)."""
    m = pb.Move(t=str(d.get("t", "")))
    for k, v in d.items():
        if k == "t":
            continue
        if k == "label":  # a listed move's label rides along; it is never part of the move
            m.label = str(v)
            continue
        if isinstance(v, bool) or (isinstance(v, float) and v.is_integer()):
            v = int(v)
        if k in MOVE_STR and isinstance(v, str):
            setattr(m, k, v)
        elif k in MOVE_INT and isinstance(v, int) and -(2**31) <= v < 2**31:
            setattr(m, k, v)
        else:
            m.args[k] = v if isinstance(v, (int, str)) else str(v)
    return m


def moves_from_engine(ms: list[dict[str, Any]], labels: list[str] | None = None
                      ) -> list[pb.Move]:
    """Engine moves as contract Moves, each with its label when ``labels`` (in the same order)
    are given (``engine.labels``; a label is never part of the move itself)."""
    out = [move_from_engine(m) for m in ms]
    for m, label in zip(out, labels or ()):
        m.label = label
    return out
