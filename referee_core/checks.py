"""The primitive checks of an untrusted state document, for every game (Colonial Twilight's
engine.validate, Algeria's algeria.validate, the machine's ``check_pending`` and the frame kinds'
own ``check_frame``): each raises ``StateError(field, reason, rule)`` naming the offending field, a
path into the document (``spaces.Medea.pieces.french_troops``, ``units.cadre.3.area``,
``pending[2].x``) or, inside ``check_frame``, into the frame (``who``). Colonial Twilight's own
checks of frame data (spaces, the Sequence of Play) are in engine.frame_checks."""

from __future__ import annotations

from typing import Any, NoReturn

from .errors import StateError

PLAIN_INT = (1 << 53) - 1  # integers inside frames, results and Deception data (JSON-safe)
PLAIN_DEPTH = 12           # nesting allowed inside one frame / the result / Deception data
PLAIN_STR = 1000           # longest string inside them
PLAIN_NODES = 20000        # values inside all of pending, result and deception together


# --- error helpers ---------------------------------------------------------------------------


def fail(field: str, reason: str, rule: str = "") -> NoReturn:
    raise StateError(field, reason, rule)


def show(v: Any) -> str:
    """A short, safe description of an untrusted value for an error message."""
    if v is None or isinstance(v, bool):
        return "null" if v is None else str(v).lower()
    if isinstance(v, int):
        return str(v) if -10**18 < v < 10**18 else "a huge integer"
    if isinstance(v, str):
        return repr(v if len(v) <= 40 else v[:37] + "...")
    if isinstance(v, float):
        finite = v == v and abs(v) != float("inf")
        return "a number with a fraction or exponent" if finite else str(v)
    return {"list": "a list", "dict": "an object"}.get(type(v).__name__, type(v).__name__)


def at(field: str, key: Any) -> str:
    """The path of ``key`` inside ``field`` (long keys shortened)."""
    k = key if isinstance(key, str) else str(type(key).__name__)
    if len(k) > 60:
        k = k[:57] + "..."
    return f"{field}.{k}" if field else k


def check_obj(v: Any, field: str, keys: tuple[str, ...] | None = None,
         keyset: frozenset[str] | None = None) -> dict[str, Any]:
    """An object (with exactly ``keys``, when given)."""
    if type(v) is not dict:
        fail(field or "state", f"must be an object, not {show(v)}")
    if keys is not None:
        ks = keyset if keyset is not None else frozenset(keys)
        if v.keys() != ks:
            for k in v:
                if k not in ks:
                    fail(at(field, k), "unknown field")
            for k in keys:
                if k not in v:
                    fail(at(field, k), "missing field")
    return v


def check_int(v: Any, field: str, lo: int, hi: int, rule: str = "") -> int:
    if type(v) is not int:
        fail(field, f"must be an integer, not {show(v)}")
    if v < lo or v > hi:
        fail(field, f"{show(v)} is outside {lo}-{hi}", rule)
    return v


def check_bool(v: Any, field: str) -> bool:
    if type(v) is not bool:
        fail(field, f"must be true or false, not {show(v)}")
    return v


def check_list(v: Any, field: str) -> list[Any]:
    if type(v) is not list:
        fail(field, f"must be a list, not {show(v)}")
    return v


def check_choice(v: Any, field: str, allowed: tuple[Any, ...], rule: str = "") -> Any:
    """One of ``allowed`` (compared by type and value: ``1`` is not ``true``)."""
    for a in allowed:
        if v is a or (type(v) is type(a) and v == a):
            return v
    fail(field, f"{show(v)} is not one of {list(allowed)}", rule)


def check_card_list(v: Any, field: str, allowed: frozenset[int], what: str = "card") -> list[int]:
    """A list of distinct card numbers from ``allowed``."""
    out = check_list(v, field)
    for i, c in enumerate(out):
        if type(c) is not int or c not in allowed:
            fail(f"{field}[{i}]", f"{show(c)} is not a {what}")
    if len(set(out)) != len(out):
        seen: set[int] = set()
        for i, c in enumerate(out):
            if c in seen:
                fail(f"{field}[{i}]", f"card {c} appears twice")
            seen.add(c)
    return out


def frame_below(s: Any) -> dict[str, Any]:
    """Inside ``check_frame``: the frame directly below the one checked."""
    f: dict[str, Any] = s.pending[-2]
    return f


class Budget:
    """Bounds the generic data (frames, result, Deception) in size; see ``plain``."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = PLAIN_NODES


class _Bad(Exception):
    """A generic value that is not allowed: the reason and the path to it, innermost first."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path: list[str | int] = []


def plain(v: Any, field: str, budget: Budget) -> None:
    """Generic JSON data as the engine writes it: objects, lists, strings (at most PLAIN_STR
    characters), integers (|n| <= 2^53 - 1), booleans and null; nested at most PLAIN_DEPTH deep,
    PLAIN_NODES values in all. The error names the offending value's field."""
    try:
        _plain(v, budget, 0)
    except _Bad as e:
        for part in reversed(e.path):
            field = f"{field}[{part}]" if isinstance(part, int) else at(field, part)
        fail(field, e.reason)


def _text(v: str) -> None:
    """A string of generic data: at most PLAIN_STR characters of Unicode text (a lone surrogate,
    e.g. "\\ud800", cannot be written as UTF-8)."""
    if len(v) > PLAIN_STR:
        raise _Bad(f"a string longer than {PLAIN_STR} characters")
    if not v.isascii():
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise _Bad("not Unicode text (a lone surrogate)") from None


def _plain(v: Any, budget: Budget, depth: int) -> None:
    budget.left -= 1
    if budget.left < 0:
        raise _Bad(f"too much data (more than {PLAIN_NODES} values in pending, result and"
                   " deception together)")
    t = type(v)
    if t is str:
        if len(v) > PLAIN_STR or not v.isascii():
            _text(v)
    elif t is int:
        if not -PLAIN_INT <= v <= PLAIN_INT:
            raise _Bad(f"{show(v)} is outside ±(2^53 - 1)")
    elif t is dict:
        if depth >= PLAIN_DEPTH:
            raise _Bad(f"nested more than {PLAIN_DEPTH} levels deep")
        for k, x in v.items():
            if type(k) is not str:
                raise _Bad("object keys must be strings")
            if len(k) > PLAIN_STR or not k.isascii():
                _text(k)
            try:
                _plain(x, budget, depth + 1)
            except _Bad as e:
                e.path.append(k)
                raise
    elif t is list:
        if depth >= PLAIN_DEPTH:
            raise _Bad(f"nested more than {PLAIN_DEPTH} levels deep")
        for i, x in enumerate(v):
            try:
                _plain(x, budget, depth + 1)
            except _Bad as e:
                e.path.append(i)
                raise
    elif v is not None and t is not bool:
        raise _Bad(f"{show(v)} is not allowed (strings, integers, true/false, null, lists and"
                   " objects only)")
