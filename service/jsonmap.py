"""The JSON form of the contract's messages, as the REST API writes and reads them: the proto3 JSON
mapping – what ``json_format.MessageToDict(msg, preserving_proto_field_name=True,
always_print_fields_with_no_presence=True)`` gives, with the integral numbers of
``google.protobuf.Struct`` values written as integers (the engine's data has no fractions) –
except that a ``Move`` is its one canonical flat form (docs/moves.md, ``service.moves``).
``from_dict`` reads that form back, naming the field of anything it cannot take.

It follows a plan made once per message type instead of inspecting every field of every message
again, which makes it several times faster than ``json_format`` on the large responses (a View is
hundreds of small messages). ``tests/service/test_jsonmap.py`` holds it equal to ``json_format``
on the responses of whole games. Message kinds the contract does not use (enums, bytes, floating
point fields, wrappers, Any, Timestamp, ...) are left to ``json_format``. ``fill`` writes plain
data into a Struct or ListValue, for the service's documents and for ``from_dict`` alike.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable, Iterable, Mapping

import orjson
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.struct_pb2 import ListValue, Struct, Value

from ct_referee_proto.v1 import referee_pb2 as pb

from .moves import DISPLAY, MoveError, check_flat, move_from_engine, move_to_json

Conv = Callable[[Any], Any]
# (name, converter (None: the value itself), printed even when unset)
Plan = list[tuple[str, Conv | None, bool]]

_PLANS: dict[str, Plan | None] = {}
MOVE = pb.Move.DESCRIPTOR.full_name
STRUCT, LIST = "google.protobuf.Struct", "google.protobuf.ListValue"
_SCALAR = {FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BOOL, FieldDescriptor.TYPE_INT32,
           FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_SINT32,
           FieldDescriptor.TYPE_FIXED32, FieldDescriptor.TYPE_SFIXED32}
_SCALAR64 = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64,
             FieldDescriptor.TYPE_SINT64, FieldDescriptor.TYPE_FIXED64,
             FieldDescriptor.TYPE_SFIXED64}


def to_dict(msg: Message) -> dict[str, Any]:
    plan = _plan(msg.DESCRIPTOR)
    if plan is None:
        return _fallback(msg)
    out: dict[str, Any] = {}
    for name, conv, always in plan:
        if always or msg.HasField(name):
            value = getattr(msg, name)
            out[name] = value if conv is None else conv(value)
    return out


def _fallback(msg: Message) -> dict[str, Any]:
    d: dict[str, Any] = json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                                  always_print_fields_with_no_presence=True)
    return d


def _plan(md: Any) -> Plan | None:
    """Made once per message type (nested messages are planned when first met); None when a
    field is of a kind left to json_format."""
    if md.full_name not in _PLANS:
        try:
            plan: Plan | None = [(f.name, _conv(f), not f.has_presence) for f in md.fields]
        except _Unplanned:
            plan = None
        _PLANS[md.full_name] = plan
    return _PLANS[md.full_name]


class _Unplanned(Exception):
    """A field kind this module leaves to json_format."""


def _conv(f: FieldDescriptor) -> Conv | None:
    md = f.message_type
    if md is not None and md.GetOptions().map_entry:
        if md.fields_by_name["key"].type != FieldDescriptor.TYPE_STRING:
            raise _Unplanned(f.full_name)  # the mapping writes other keys as strings
        value = _single(md.fields_by_name["value"])
        if value is None:
            return dict
        return lambda m: {k: value(v) for k, v in m.items()}
    one = _single(f)
    if f.is_repeated:
        if one is None:
            return list
        return lambda xs: [one(x) for x in xs]
    return one


def _single(f: FieldDescriptor) -> Conv | None:
    if f.type in _SCALAR:
        return None
    if f.type in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return _double
    if f.type in _SCALAR64:
        return str
    md = f.message_type
    if f.type != FieldDescriptor.TYPE_MESSAGE or md is None:
        raise _Unplanned(f.full_name)
    if md.full_name == MOVE:
        return move_to_json
    if md.full_name == "google.protobuf.Struct":
        return struct_dict
    if md.full_name == "google.protobuf.ListValue":
        return _list_value
    if md.full_name == "google.protobuf.Value":
        return _value
    if md.full_name.startswith("google.protobuf."):
        raise _Unplanned(f.full_name)
    return to_dict


def _double(x: float) -> float | str:
    """As json_format writes a double: a number, or the names of the non-finite values."""
    if math.isfinite(x):
        return x
    return "NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity")


def struct_dict(s: Any) -> dict[str, Any]:
    """A ``google.protobuf.Struct`` as the mapping writes it (integral numbers as integers)."""
    return {k: _value(v) for k, v in s.fields.items()}


def _list_value(lv: Any) -> list[Any]:
    return [_value(v) for v in lv.values]


def _value(v: Any) -> Any:
    kind = v.WhichOneof("kind")
    if kind == "number_value":
        n = v.number_value
        if not math.isfinite(n):
            raise ValueError("NaN and Infinity have no JSON number form")  # as json_format
        return int(n) if n.is_integer() else n
    if kind == "string_value":
        return v.string_value
    if kind == "bool_value":
        return v.bool_value
    if kind == "struct_value":
        return struct_dict(v.struct_value)
    if kind == "list_value":
        return _list_value(v.list_value)
    return None


def fill(msg: Struct | ListValue, x: Any) -> None:
    """``msg`` (a Struct from a dict, a ListValue from a list) holding the plain data ``x``, as
    ``msg.update(_jsonable(x))`` (``msg.extend``) would: JSON data (what the engines' documents
    are) is written value by value, without the Struct's own ``update``, which asks every value's
    type in turn and clears every container before filling it (an Algeria view converts in 0.76 ms
    rather than 1.2-1.8 ms); anything else (a key that is no string, a tuple, a subclass of a JSON
    type) goes the long way."""
    try:
        if isinstance(msg, Struct):
            _struct(msg, x)
        else:
            _list(msg, x)
    except _NotJson:
        msg.Clear()
        if isinstance(msg, Struct):
            msg.update(_jsonable(x))
        else:
            msg.extend(_jsonable(x))


class _NotJson(Exception):
    """A key or value ``fill`` leaves to ``_jsonable``."""


def _struct(msg: Struct, d: Mapping[Any, Any]) -> None:
    fields = msg.fields
    for k, x in d.items():
        if type(k) is not str:
            raise _NotJson
        _put(fields[k], x)


def _list(msg: ListValue, xs: Any) -> None:
    add = msg.values.add
    for x in xs:
        _put(add(), x)


def _put(v: Value, x: Any) -> None:
    t = type(x)
    if t is str:
        v.string_value = x
    elif t is int or t is float:
        v.number_value = x
    elif t is dict:
        v.struct_value.SetInParent()  # an empty one too
        _struct(v.struct_value, x)
    elif t is list:
        v.list_value.SetInParent()
        _list(v.list_value, x)
    elif t is bool:
        v.bool_value = x
    elif x is None:
        v.null_value = 0  # type: ignore[assignment]
    else:
        raise _NotJson


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if x is None or isinstance(x, (str, bool, int, float)):
        return x
    return str(x)


# ---- reading ------------------------------------------------------------------------------------


def from_dict(data: Any, msg: Message, ignore_unknown: bool = False) -> None:
    """Read the JSON form of ``msg``'s type into ``msg``: flat moves become Moves, the rest goes
    through json_format. Raises MoveError (its ``field`` a path such as ``moves[2].value`` or
    ``options.reveal_gadgets``) for a move or a field it cannot take; json_format's ParseError
    for a value of the wrong type.

    The usual request or response – proto field names, strings, booleans and integers in
    range, nested messages, flat moves, maps with string keys, Structs and ListValues – is read
    directly (``_read``), several times faster than json_format; anything else, errors
    included, is read again by json_format from scratch, so what a request means and how its
    errors read do not depend on the shortcut."""
    try:
        _read(data, msg, "", ignore_unknown)
        return
    except (_Unplanned, MoveError):
        msg.Clear()
    json_format.ParseDict(_unflatten(data, msg.DESCRIPTOR, "", ignore_unknown), msg,
                          ignore_unknown_fields=ignore_unknown)


# How ``_read`` takes each kind of field: integer types with their ranges
_INT_RANGE = {FieldDescriptor.TYPE_INT32: (-(1 << 31), (1 << 31) - 1),
              FieldDescriptor.TYPE_SINT32: (-(1 << 31), (1 << 31) - 1),
              FieldDescriptor.TYPE_UINT32: (0, (1 << 32) - 1),
              FieldDescriptor.TYPE_INT64: (-(1 << 63), (1 << 63) - 1),
              FieldDescriptor.TYPE_SINT64: (-(1 << 63), (1 << 63) - 1),
              FieldDescriptor.TYPE_UINT64: (0, (1 << 64) - 1)}
_READ_PLANS: dict[str, dict[str, tuple[str, Any]]] = {}


def _read_plan(md: Any) -> dict[str, tuple[str, Any]]:
    """Per field name: how ``_read`` sets it ("str", "strs", "bool", "int" and "ints" (with
    their range), "move", "msg", "moves", "msgs", "struct", "structs", "list" (a ListValue), a
    map's kind (``_map_kind``), or "json_format" for every other kind)."""
    plan = _READ_PLANS.get(md.full_name)
    if plan is None:
        plan = {}
        for f in md.fields:
            oneof = f.containing_oneof
            kind: tuple[str, Any] = ("json_format", None)
            if oneof is not None and oneof.name != "_" + f.name:  # a real oneof
                pass
            elif f.type == FieldDescriptor.TYPE_STRING:
                kind = ("strs" if f.is_repeated else "str", None)
            elif f.type == FieldDescriptor.TYPE_BOOL:
                kind = ("bool", None) if not f.is_repeated else kind
            elif f.type in _INT_RANGE:
                kind = ("ints" if f.is_repeated else "int", _INT_RANGE[f.type])
            elif f.type == FieldDescriptor.TYPE_MESSAGE and f.message_type.GetOptions().map_entry:
                kind = _map_kind(f.message_type)
            elif f.type == FieldDescriptor.TYPE_MESSAGE and f.message_type.full_name == STRUCT:
                kind = ("structs" if f.is_repeated else "struct", None)
            elif f.type == FieldDescriptor.TYPE_MESSAGE and f.message_type.full_name == LIST:
                kind = ("list", None) if not f.is_repeated else kind
            elif f.type == FieldDescriptor.TYPE_MESSAGE and (
                    not f.message_type.full_name.startswith("google.protobuf.")):
                move = f.message_type.full_name == MOVE
                kind = (("moves" if move else "msgs") if f.is_repeated
                        else ("move" if move else "msg"), None)
            plan[f.name] = kind
        _READ_PLANS[md.full_name] = plan
    return plan


def _map_kind(entry: Any) -> tuple[str, Any]:
    """How ``_read`` takes a map field, by its entry type: string keys to messages ("map_msg"),
    strings ("map_str") or integers ("map_int", with their range)."""
    key, value = entry.fields_by_name["key"], entry.fields_by_name["value"]
    if key.type != FieldDescriptor.TYPE_STRING:
        return ("json_format", None)
    if value.type == FieldDescriptor.TYPE_MESSAGE:   # a Move is read flat: not by ``_read``
        inner = value.message_type.full_name
        return ("map_msg", None) if not inner.startswith("google.protobuf.") and \
            inner != MOVE else ("json_format", None)
    if value.type == FieldDescriptor.TYPE_STRING:
        return ("map_str", None)
    if value.type in _INT_RANGE:
        return ("map_int", _INT_RANGE[value.type])
    return ("json_format", None)


def _read(data: Any, msg: Any, path: str, ignore_unknown: bool = False) -> None:
    """``data`` into ``msg`` when every value is of the kind its field takes as it is (a key
    that names no field skipped if ``ignore_unknown``); _Unplanned (or MoveError) otherwise,
    ``msg`` then partly set. The kinds most fields are (integers, strings, booleans, messages)
    are asked first, and a field's path is spelled out only where it is needed (a nested
    message's, a move's, an error's)."""
    if type(data) is not dict:
        raise _Unplanned(path)
    plan = _read_plan(msg.DESCRIPTOR)
    for k, v in data.items():
        step = plan.get(k)
        if step is None:
            if ignore_unknown and _by_json_name(msg.DESCRIPTOR, k) is None:
                continue
            raise _Unplanned(_at(path, k))
        kind, arg = step
        t = type(v)
        if kind == "int":
            if t is not int or not arg[0] <= v <= arg[1]:
                raise _Unplanned(_at(path, k))
            setattr(msg, k, v)
        elif kind == "str" and t is str or kind == "bool" and t is bool:
            setattr(msg, k, v)
        elif kind == "msg":
            sub = getattr(msg, k)
            sub.SetInParent()  # as json_format: an empty object still sets the field
            _read(v, sub, _at(path, k), ignore_unknown)
        elif kind == "strs" and t is list and all(type(x) is str for x in v):
            getattr(msg, k).extend(v)
        elif kind == "ints" and t is list and _ints(v, arg):
            getattr(msg, k).extend(v)
        elif kind == "move":
            getattr(msg, k).CopyFrom(_move(v, _at(path, k)))
        elif kind == "moves" and t is list:
            where = _at(path, k)
            getattr(msg, k).extend([_move(x, f"{where}[{i}]") for i, x in enumerate(v)])
        elif kind == "msgs" and t is list:
            where, field = _at(path, k), getattr(msg, k)
            for i, x in enumerate(v):
                _read(x, field.add(), f"{where}[{i}]", ignore_unknown)
        elif kind == "map_msg" and t is dict:
            where, field = _at(path, k), getattr(msg, k)
            for mk, mv in v.items():
                _read(mv, field[mk], f"{where}.{mk}", ignore_unknown)
        elif kind == "map_str" and t is dict and all(type(x) is str for x in v.values()):
            getattr(msg, k).update(v)
        elif kind == "map_int" and t is dict and _ints(v.values(), arg):
            getattr(msg, k).update(v)
        elif kind == "struct" and t is dict:  # JSON values only: as json_format reads them
            fill(getattr(msg, k), v)
        elif kind == "list" and t is list:
            fill(getattr(msg, k), v)
        elif kind == "structs" and t is list and all(type(x) is dict for x in v):
            field = getattr(msg, k)
            for x in v:
                fill(field.add(), x)
        else:
            raise _Unplanned(_at(path, k))


def _at(path: str, k: str) -> str:
    """The path of field ``k`` of the message at ``path``."""
    return f"{path}.{k}" if path else k


def _ints(values: Iterable[Any], bounds: tuple[int, int]) -> bool:
    """Every value an integer (not a boolean) within ``bounds``."""
    return all(type(x) is int and bounds[0] <= x <= bounds[1] for x in values)


def _move(v: Any, path: str) -> pb.Move:
    """A flat move (docs/moves.md) as a Move, its label, cost and effect kept (MoveError naming
    ``path``)."""
    flat = check_flat(v, path)
    shown = {k: v[k] for k in DISPLAY if k in v}  # its label, cost and effect (checked above)
    return move_from_engine({**flat, **shown})


def _unflatten(data: Any, md: Any, path: str, ignore_unknown: bool) -> Any:
    """``data`` with every flat Move replaced by its proto3 JSON mapping; unknown keys refused."""
    if not isinstance(data, dict) or md.full_name.startswith("google.protobuf."):
        return data
    out = {}
    for k, v in data.items():
        f = md.fields_by_name.get(k) or _by_json_name(md, k)
        where = f"{path}.{k}" if path else str(k)
        if f is None:
            if ignore_unknown:
                continue
            what = "option" if md.full_name == pb.GameOptions.DESCRIPTOR.full_name else "field"
            raise MoveError(f"unknown {what} {k!r}; known: {sorted(md.fields_by_name)}", where)
        sub = f.message_type
        if sub is None or v is None:
            out[k] = v
        elif sub.GetOptions().map_entry:
            vt = sub.fields_by_name["value"].message_type
            out[k] = ({mk: _one(mv, vt, f"{where}.{mk}", ignore_unknown) for mk, mv in v.items()}
                      if isinstance(v, dict) and vt is not None else v)
        elif f.is_repeated and isinstance(v, list):
            out[k] = [_one(x, sub, f"{where}[{i}]", ignore_unknown) for i, x in enumerate(v)]
        else:
            out[k] = _one(v, sub, where, ignore_unknown)
    return out


def _one(v: Any, md: Any, path: str, ignore_unknown: bool) -> Any:
    if md.full_name == MOVE:
        return json_format.MessageToDict(_move(v, path), preserving_proto_field_name=True)
    return _unflatten(v, md, path, ignore_unknown)


def _by_json_name(md: Any, k: Any) -> Any:
    for f in md.fields:
        if f.json_name == k:
            return f
    return None


def to_json_body(msg: Message) -> bytes:
    """A message in its JSON form (proto field names, Struct integers as
    integers, moves flat): by orjson, or the standard encoder for what orjson refuses (integers
    past 64 bits)."""
    data = to_dict(msg)
    try:
        return orjson.dumps(data)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
