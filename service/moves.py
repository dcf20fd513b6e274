"""Moves between their one canonical JSON form and the contract's ``Move``, for the service and its
Python client alike (``ct_referee_client`` imports this module, which needs nothing but the
generated contract).

The canonical form of a move is the flat object of docs/moves.md – a string ``t`` and string or
integer fields, e.g. ``{"t": "pick", "value": "Philippeville"}`` – which is also the engine's move
dict and what the REST API and game records carry. The contract's ``Move`` has a typed field for
each member of the documented vocabulary (``value`` as an integer or a string) and a map
(``args``) for any other field, so that every flat move survives the round trip exactly. A
``label`` (display text of a listed move) is carried along on the way out and ignored on the way in,
and so are a listed move's ``cost`` ({"resources", "commitment"}) and ``effect`` (engine.preview).
"""

from __future__ import annotations

from typing import Any, Mapping

from google.protobuf import json_format

from ct_referee_proto.v1 import referee_pb2 as pb

MOVE_STR = ("op", "sa", "space", "piece", "from", "to", "side", "box")
MOVE_INT = ("card",)
LABEL = "label"
COST, EFFECT = "cost", "effect"   # a listed move's preview (engine.preview): display data
DISPLAY = (LABEL, COST, EFFECT)
INT32 = (-(2**31), 2**31)  # the integers a move field may hold (as the engine's, 2^31 exclusive)
INT_RANGE = "move fields are strings or integers from -2^31 to 2^31-1"


class MoveError(ValueError):
    """A Move that is no engine move; ``field`` names its offending part (e.g. ``move.t``)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def move_to_engine(m: pb.Move, field: str = "move") -> dict[str, Any]:
    """A contract Move as its flat form, the engine's move dict (``field``: where the Move is,
    for errors). Its label is left out."""
    if not m.t:
        raise MoveError('a move needs its kind "t"', f"{field}.t")
    d = _typed(m)
    if m.HasField("args"):
        for k, v in m.args.items():
            _extra(d, k, v, field)
    return d


def _typed(m: pb.Move) -> dict[str, Any]:
    """``t`` (when set) and the typed fields of a Move, flat."""
    d: dict[str, Any] = {"t": m.t} if m.t else {}
    for k in MOVE_STR + MOVE_INT:
        if m.HasField(k):  # type: ignore[arg-type]
            d[k] = getattr(m, k)
    kind = m.WhichOneof("value")
    if kind is not None:
        d["value"] = getattr(m, kind)
    return d


def _extra(d: dict[str, Any], k: str, v: Any, field: str) -> None:
    if k in DISPLAY:
        return
    if k in d or k == "t":
        raise MoveError(f"move field {k!r} given twice", f"{field}.{k}")
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if not isinstance(v, (str, int)) or isinstance(v, bool):
        raise MoveError("move fields are strings or integers", f"{field}.args.{k}")
    d[k] = v


def move_from_engine(d: Mapping[str, Any]) -> pb.Move:
    """A flat move (an engine move dict, a listed move with its ``label``) as a contract Move.
    Fields outside the vocabulary go to ``args``; a bool or a whole float is written as the
    integer it stands for; a ``label`` goes to ``Move.label``, which ``move_to_engine``
    ignores."""
    kw: dict[str, Any] = {}
    for k, v in d.items():  # the usual move: its fields set at once
        kind = _PLAIN_FIELD.get(k) if k != "value" else _VALUE_TYPE.get(type(v))
        if kind is None or type(v) is not kind or kind is int and not INT32[0] <= d[k] < INT32[1]:
            break
        kw[_VALUE_FIELD[kind] if k == "value" else k] = v
    else:
        return pb.Move(**kw)
    m = pb.Move(t=str(d.get("t", "")))
    for k, v in d.items():
        if k == "t":
            continue
        if k == LABEL:  # a listed move's label rides along; it is never part of the move
            m.label = str(v)
            continue
        if k in (COST, EFFECT):  # and so does its preview
            set_preview(m, v if k == COST else None, v if k == EFFECT else None)
            continue
        if isinstance(v, bool) or (isinstance(v, float) and v.is_integer()):
            v = int(v)
        small = isinstance(v, int) and INT32[0] <= v < INT32[1]
        if k in MOVE_STR and isinstance(v, str):
            setattr(m, k, v)
        elif k in MOVE_INT and small:
            setattr(m, k, v)
        elif k == "value" and (small or isinstance(v, str)):
            if isinstance(v, str):
                m.value_str = v
            else:
                m.value_int = v
        else:
            m.args[k] = v if isinstance(v, (int, str)) else str(v)
    return m


# the fields a Move takes as they are, with their types; "value" goes to the field of its type
_PLAIN_FIELD: dict[str, type] = {"t": str, LABEL: str, **{k: str for k in MOVE_STR},
                                 **{k: int for k in MOVE_INT}}
_VALUE_FIELD: dict[type, str] = {str: "value_str", int: "value_int"}
_VALUE_TYPE: dict[type, type] = {str: str, int: int}


def check_flat(d: Any, field: str = "move") -> dict[str, Any]:
    """A flat move as a client sent it (REST, a game record), checked for what a Move can carry:
    an object with a string ``t`` and string or integer fields (a string ``label`` dropped). Raises
    MoveError naming the field; whether the move is legal is the engine's question."""
    if not isinstance(d, dict):
        raise MoveError('a move is a JSON object with a string field "t"', field)
    if not isinstance(d.get("t"), str) or not d["t"]:
        raise MoveError('a move needs its kind "t" (a string)', f"{field}.t")
    out: dict[str, Any] = {}
    for k, v in d.items():
        if k in (LABEL, EFFECT):  # display text of a listed move sent back: ignored, but text
            if not isinstance(v, str):
                raise MoveError(f"a move's {k} is display text (a string), ignored on input",
                                f"{field}.{k}")
            continue
        if k == COST:  # a listed move's cost sent back: ignored, but a MoveCost
            _check_cost(v, f"{field}.{k}")
            continue
        if isinstance(v, bool) or not isinstance(v, (str, int)) or (
                isinstance(v, int) and not INT32[0] <= v < INT32[1]):
            raise MoveError(INT_RANGE, f"{field}.{k}")
        out[k] = v
    return out


def _check_cost(v: Any, field: str) -> None:
    """A listed move's cost sent back (display data, ignored): an object of the contract's
    MoveCost, its ``resources`` and ``commitment`` integers (or null)."""
    if not isinstance(v, dict):
        raise MoveError("a move's cost is display data (an object), ignored on input", field)
    for k, x in v.items():
        if k not in pb.MoveCost.DESCRIPTOR.fields_by_name:
            raise MoveError(f"a move's cost has resources and commitment only, not {k[:40]!r}",
                            f"{field}.{k[:40]}")
        if x is not None and (isinstance(x, bool) or not isinstance(x, int)
                              or not INT32[0] <= x < INT32[1]):
            raise MoveError("a move's cost is counted in integers", f"{field}.{k}")


def move_to_json(m: pb.Move) -> dict[str, Any]:
    """A contract Move as the REST API writes it: the flat form, with its label if it has one.
    Written as it is, even when it is no engine move (the referee then names the field)."""
    d = _typed(m)
    if m.HasField("args"):
        for k, v in json_format.MessageToDict(m.args).items():
            if k not in d and k not in DISPLAY:
                d[k] = int(v) if isinstance(v, float) and v.is_integer() else v
    if m.label:
        d[LABEL] = m.label
    if m.HasField("cost"):
        d[COST] = {"resources": m.cost.resources, "commitment": m.cost.commitment}
    if m.effect:
        d[EFFECT] = m.effect
    return d


def moves_from_engine(ms: list[dict[str, Any]], labels: list[str] | None = None,
                      previews: list[dict[str, Any] | None] | None = None) -> list[pb.Move]:
    """Engine moves as contract Moves, each with its label when ``labels`` (in the same order)
    are given (``engine.labels``; a label is never part of the move itself), and its cost and
    effect when ``previews`` are (``engine.preview``)."""
    out = [move_from_engine(m) for m in ms]
    for m, label in zip(out, labels or ()):
        m.label = label
    for m, p in zip(out, previews or ()):
        if p:
            set_preview(m, p.get(COST), p.get(EFFECT))
    return out


def set_preview(m: pb.Move, cost: Any, effect: Any) -> None:
    """A listed move's cost ({"resources", "commitment"}) and effect, where given."""
    if isinstance(cost, Mapping):
        m.cost.resources = int(cost.get("resources") or 0)
        m.cost.commitment = int(cost.get("commitment") or 0)
    if isinstance(effect, str):
        m.effect = effect


def private(move: dict[str, Any]) -> bool:
    """Whether a legal move may be shown only to the player to move: one that uses a held
    Deception marker (7.3: a Hidden Asset option would reveal the marker; only its holder's own
    LegalMoves, and its view, list it)."""
    return "deception" in move
