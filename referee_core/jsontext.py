"""Canonical JSON text of plain data, for every game's states (docs/state.md): the text level of
Colonial Twilight's engine.serial and Algeria's algeria.serial.

Canonical form: UTF-8 JSON with keys sorted, no whitespace and non-ASCII characters written as
themselves, so equal documents have equal text. ``read_state`` treats its input as untrusted: any
text or bytes, however malformed, either gives the game validator's result or raises
``StateError`` naming the field – never anything else.

Where ``orjson`` is importable (the ``service`` extra installs it) both directions take it first,
with the same results: ``dumps`` falls back to the standard encoder for anything orjson would
write differently or not at all (it raises on those: integers beyond 64 bits, lone surrogates,
non-string keys, subclasses, deep nesting), and ``read_state`` to the standard parser for any text
orjson rejects, so a text's verdict and its error message never depend on which is installed
(tests/test_serial_fast.py compares the two over many states and edge cases)."""

from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

from .errors import StateError


# One encoder for every call (json.dumps would build one each time). States are trees – the
# validator rebuilds or bounds every container – so the circular-reference check is skipped.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                            check_circular=False)


_fast_dumps: Callable[[Any], str] | None = None
_fast_loads: Callable[[str | bytes], Any] | None = None
_OrjsonError: type[Exception] = ValueError
try:
    import orjson
except ImportError:  # pragma: no cover - the engines alone have no dependencies
    pass
else:
    # every type orjson writes that the standard encoder would refuse or write otherwise raises
    _OPT = (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS
            | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME)
    _orjson_dumps, _orjson_loads, _OrjsonError = orjson.dumps, orjson.loads, orjson.JSONDecodeError

    def _orjson_text(data: Any) -> str:
        try:
            return _orjson_dumps(data, option=_OPT).decode("utf-8")
        except TypeError:  # orjson.JSONEncodeError
            return _ENCODER.encode(data)

    # assigned, not defined under the name: compiled (mypyc), a ``def _fast_dumps`` here made a
    # function of its own and left the module's ``_fast_dumps`` None (every text then took the
    # standard encoder: the state round trip 5 times slower)
    _fast_dumps, _fast_loads = _orjson_text, _orjson_loads


def _has_float(x: Any) -> bool:
    """Whether plain data holds a float (a state never does: the validator rejects them)."""
    t = type(x)
    if t is dict:
        return any(_has_float(v) for v in x.values())
    if t is list or t is tuple:
        return any(_has_float(v) for v in x)
    return t is float


def dumps(data: Any) -> str:
    """The canonical JSON text of plain data."""
    if _fast_dumps is None or _has_float(data):  # orjson writes 1e16 and NaN otherwise
        return _ENCODER.encode(data)
    return _fast_dumps(data)


def loads(text: str | bytes) -> Any:
    """Plain JSON data of a text, as ``json.loads`` gives it (and its ``ValueError``): orjson's
    parse when it has no float (orjson reads integers past 64 bits as floats), else json's."""
    if _fast_loads is not None:
        try:
            data = _fast_loads(text)
        except _OrjsonError:
            pass
        else:
            if not _has_float(data):
                return data
    return json.loads(text)




def state_text(data: dict[str, Any]) -> str:
    """``dumps`` of a document of a game's ``State.to_data()`` (or a copy with fields set to null): a
    state holds no float (its validator rejects every one), so the float check of ``dumps``,
    which costs more than orjson's whole encoding, is skipped."""
    return _ENCODER.encode(data) if _fast_dumps is None else _fast_dumps(data)


_DECODER = json.JSONDecoder()
MAX_TEXT = 1 << 24  # 16 MiB; a state is about 10 KB




T = TypeVar("T")


def read_state(text: Any, validate: Callable[[Any], T]) -> T:
    """Untrusted text as a state of any game: ``validate`` (the game's validator, which keeps the
    parsed containers) of the text's data, or StateError naming the field. orjson parses first
    where it is installed; on any failure the standard parser's data is validated again, so the
    verdict and its message never depend on which is installed."""
    if _fast_loads is not None and isinstance(text, (str, bytes)) and len(text) <= MAX_TEXT:
        try:
            return validate(_fast_loads(text))
        except (_OrjsonError, StateError):
            # the standard path says why, and says it alike with and without orjson (which
            # rejects NaN and lone surrogates, and reads integers past 64 bits as floats)
            pass
    return validate(parse_json(text))




def parse_json(text: Any) -> Any:
    """Untrusted text or bytes as plain data, or StateError on field ``state`` (any game)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise StateError("state", f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not isinstance(text, str):
        raise StateError("state", f"must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise StateError("state", f"longer than {MAX_TEXT} characters")
    try:
        data = _DECODER.decode(text)
    except ValueError as e:  # JSONDecodeError, and integers too long to convert
        raise StateError("state", f"not valid JSON: {str(e)[:200]}") from None
    except RecursionError:
        raise StateError("state", "not valid JSON: nested too deeply") from None
    return data


def trusted_loads(text: str | bytes) -> Any:
    """Plain data of a text known to hold no float (a state this build wrote), unchecked:
    orjson's reading where installed (it is then json's), else json's."""
    return json.loads(text) if _fast_loads is None else _fast_loads(text)
