"""The move vocabulary of both games (docs/moves.md) and the details of the bots' traces, read from
the engines' own code, for the OpenAPI document: no list is kept by hand, so a move kind an engine
adds is in the document at once.

The engines write their moves as dict literals, ``{"t": "space", "space": s}``: every such
literal in ``engine/`` (Colonial Twilight), ``algeria/`` and the shared ``referee_core/`` (the die
roll) gives a kind and fields. A key chosen at run time between constants (``"box" if ... else
"space"``) gives both; fields added to a move held in a variable (``dict(base, take=k)``,
``{**base, "take": k}``) count as the move's. Algeria's repeated questions (``pick0``, ``pick1`` ..., ``{"t": q, ...}``,
algeria.missions) are the kinds its labels name (algeria.labels.LABELS), with their stem's fields
(algeria.missions.question). ``tests/service/test_openapi_types.py`` plays random games of both
games and holds every listed move to the vocabulary.

The bots' traces are lists of ``{"box", "text", ...details}`` (engine.bot.trace,
engine.govbot.trace); the details are the keyword arguments of the ``note`` calls, and the keys
of the entries INSURGENT's automated French writes as dict literals (a literal with a ``box`` or
``text`` key in insurgent.solo and insurgent.bots).
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = {"colonial_twilight": ("engine", "referee_core"),
                 "algeria": ("algeria", "referee_core")}
BOT_PACKAGES = ("engine/bot", "engine/govbot")
TRACE_LITERALS = ("insurgent/solo.py", "insurgent/bots/__init__.py")

Kinds = dict[str, set[str]]  # kind "t" -> the other fields its moves carry


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _constants(node: ast.expr | None) -> list[str]:
    """The string constants a key or value expression may take (a constant, or a conditional
    between constants)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    return []


def _literal(node: ast.Dict) -> tuple[list[str], set[str]]:
    """The kinds a dict literal's ``"t"`` may take (none: no move) and its other fields."""
    keys = [_constants(k) for k in node.keys]
    t_at = [i for i, k in enumerate(keys) if k == ["t"]]
    kinds = _constants(node.values[t_at[0]]) if t_at else []
    return kinds, {name for k in keys for name in k if name != "t"}


def _extended(node: ast.AST) -> tuple[str, set[str]] | None:
    """A move named by a variable, extended with fields: ``dict(base, **{"take": k})``,
    ``dict(base, take=k)`` or ``{**base, "take": k}`` -> ("base", {"take"})."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" \
            and node.args and isinstance(node.args[0], ast.Name):
        fields = {k.arg for k in node.keywords if k.arg}
        for k in node.keywords:
            if k.arg is None and isinstance(k.value, ast.Dict):
                fields |= _literal(k.value)[1]
        return node.args[0].id, fields
    if isinstance(node, ast.Dict):
        spread = [v.id for k, v in zip(node.keys, node.values)
                  if k is None and isinstance(v, ast.Name)]
        if spread:
            return spread[0], _literal(node)[1]
    return None


@lru_cache(maxsize=None)
def _scan(package: str) -> Kinds:
    kinds: Kinds = {}
    for path in _sources(package):
        text = path.read_text(encoding="utf-8")
        if '"t"' not in text:
            continue
        tree = ast.parse(text)
        for fn in _functions(tree):
            _scan_function(fn, kinds)
    return kinds


def _functions(tree: ast.Module) -> Iterator[ast.stmt]:
    """The module's top-level statements, its classes' ones in their stead (the unit in which a
    variable holding a move is looked up)."""
    for node in tree.body:
        yield from node.body if isinstance(node, ast.ClassDef) else [node]


def _scan_function(fn: ast.stmt, kinds: Kinds) -> None:
    """The moves written in ``fn``, and the fields it adds to a move it holds in a variable
    (``base = {"t": ...}``)."""
    named: dict[str, list[str]] = {}
    extended: list[tuple[str, set[str]]] = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Dict):
            found, fields = _literal(node)
            for kind in found:
                kinds.setdefault(kind, set()).update(fields)
        ext = _extended(node)
        if ext is not None:
            extended.append(ext)
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        value = getattr(node, "value", None)
        if isinstance(value, ast.Dict) and _literal(value)[0]:
            for target in targets:
                if isinstance(target, ast.Name):
                    named.setdefault(target.id, []).extend(_literal(value)[0])
    for name, fields in extended:
        for kind in named.get(name, []):
            kinds.setdefault(kind, set()).update(fields)


@lru_cache(maxsize=None)
def game_moves(game: str) -> dict[str, frozenset[str]]:
    """The kinds of ``game``'s moves and the fields each carries."""
    kinds: Kinds = {}
    for package in GAME_PACKAGES[game]:
        for kind, fields in _scan(package).items():
            kinds.setdefault(kind, set()).update(fields)
    if game == "algeria":
        from algeria.labels import LABELS
        from algeria.missions import question
        for kind in LABELS:
            kinds.setdefault(kind, set()).update(kinds.get(question(kind), set()))
    return {k: frozenset(v) for k, v in sorted(kinds.items())}


def all_moves() -> dict[str, dict[str, frozenset[str]]]:
    """Each kind of either game -> game -> the fields its moves carry in that game."""
    out: dict[str, dict[str, frozenset[str]]] = {}
    for game in GAME_PACKAGES:
        for kind, fields in game_moves(game).items():
            out.setdefault(kind, {})[game] = fields
    return dict(sorted(out.items()))


@lru_cache(maxsize=None)
def trace_details() -> tuple[str, ...]:
    """The detail fields of the bots' trace entries beside ``box`` and ``text``."""
    names: set[str] = set()
    for package in BOT_PACKAGES:
        for path in _sources(package):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr == "note":
                    names.update(k.arg for k in node.keywords if k.arg)
    for source in TRACE_LITERALS:
        for node in ast.walk(ast.parse((ROOT / source).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys
                        if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                if keys & {"box", "text"}:
                    names.update(keys)
    return tuple(sorted(names - {"box", "text"}))
