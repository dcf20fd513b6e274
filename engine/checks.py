"""The primitive checks of an untrusted state document (engine.validate, engine.validate_pending,
and the frame kinds' own ``check_frame``): each raises ``StateError(field, reason, rule)`` naming
the offending field, a path into the document (``spaces.Medea.pieces.french_troops``,
``cards.held.gov[0]``, ``pending[2].x``) or, inside ``check_frame``, into the frame (``who``)."""

from __future__ import annotations

from typing import Any, NoReturn

from .data import COUNTRIES, SPACES
from .errors import StateError

FACTIONS = ("gov", "fln")  # 1.5
_INT = {int}
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
    if out and not (set(map(type, out)) <= _INT and allowed.issuperset(out)):
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


def check_eligible(who: Any, role: str, sop: dict[str, Any]) -> None:
    """2.3.1-2.3.2: the First Eligible acts first, then the other player (fields: of the frame)."""
    want = sop["first"] if role == "first" else ("fln" if sop["first"] == "gov" else "gov")
    if who != want or type(who) is not str:
        fail("who", f"the {role} eligible player is {want} (sop.first = {sop['first']})", "2.3.1")
    if role == "first" and sop["first_box"] is not None:
        fail("", "the First Eligible has already acted on this card (sop.first_box)", "2.3.2")
    if role == "second" and (sop["first_box"] is None or sop["second_box"] is not None):
        fail("", "the Second Eligible acts after the First Eligible and only once", "2.3.2")


def check_space_name(v: Any, field: str, allowed: Any = None) -> str:
    """A map space's name (one of ``allowed`` when given, else any of the 30)."""
    if type(v) is not str or v not in (SPACES if allowed is None else allowed):
        fail(field, f"{show(v)} is not a space{'' if allowed is None else ' allowed here'}")
    return v


def check_shifts(v: Any, field: str) -> dict[str, int]:
    """{space: levels shifted so far (1-2)} of a Support Phase (6.3.1, 6.3.2)."""
    d = check_obj(v, field)
    for n, k in d.items():
        check_space_name(n, at(field, n))
        if n in COUNTRIES:
            fail(at(field, n), "Countries carry no Support marker", "1.6.3")
        check_int(k, at(field, n), 1, 2, "6.3")
    return d


def frame_below(s: Any) -> dict[str, Any]:
    """Inside ``check_frame``: the frame directly below the one checked."""
    f: dict[str, Any] = s.pending[-2]
    return f


def check_game_stage(s: Any, stage: str) -> None:
    """Inside ``check_frame`` of a frame lying on the game loop: the loop's ``stage`` is the one
    its step set before pushing that frame (2.3.6: "play" while the card is drawn, "draw" while
    it is played, and during Open Deployment)."""
    if frame_below(s)["stage"] != stage:
        fail("", f"the game loop below is at stage {frame_below(s)['stage']!r}, not {stage!r}",
             "2.3.6")


def check_on_card(s: Any, stage: str) -> None:
    """Inside ``check_frame`` of a frame lying on the card's frame: the card is at ``stage`` (the
    one its step set before pushing that frame, 2.3)."""
    below = frame_below(s)
    if below["k"] == "card" and below["stage"] != stage:
        fail("", f"the card below is at stage {below['stage']!r}: this decision comes at stage"
             f" {stage!r}", "2.3")


def eligible_stage(role: str) -> str:
    """The card's stage while the ``role`` Eligible player acts (2.3.2)."""
    return "second" if role == "first" else "adjust"


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
