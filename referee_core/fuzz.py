"""The mutation fuzzer of state validators, its game-agnostic part (``engine.fuzz`` and
``algeria.fuzz`` give it their game: its API, corpus options and own mutations).

Real mid-game states (seeded random playouts, ``corpus``) are mutated one field at a time – a
value, its type, a length, unicode (lone surrogates included), huge integers, a pending frame
duplicated, deleted or moved, a frame's field (``mutate``) – and each mutated document is checked
like a referee would use it (``run``):

* ``from_json`` raises ``StateError`` or returns a State – nothing else;
* for an accepted state: the views of every role, ``legal_moves`` and ``apply`` of every listed
  move (and the game's bot, ``Game.bot``) raise nothing but ``StateError`` – the state's
  data found inconsistent on the way, which the service reports as ``invalid_state`` like any
  rejected state (counted as *late* rejections);
* every state they produce is written as UTF-8, read back by ``from_json`` (so the validator
  accepts it) and written again to the same text.

Anything else is a *defect*. Case ``i`` depends only on ``(seed, i)``: a defect is reported with
both, and ``only=i`` reruns that one case."""

from __future__ import annotations

import argparse
import json
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from .errors import StateError


class Fuzzed(Protocol):
    """What the fuzzer reads of a game's State."""

    @property
    def pending(self) -> Sequence[Mapping[str, Any]]: ...

    @property
    def result(self) -> object: ...


S = TypeVar("S", bound=Fuzzed)
Doc = dict[str, Any]
Path = list[Any]


@dataclass
class Result:
    cases: int = 0
    accepted: int = 0
    moves: int = 0
    bot_decisions: int = 0  # decisions of the game's bot (Game.bot)
    late: int = 0  # accepted states whose data a move (or the bot) found inconsistent (StateError)
    late_cases: list[str] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)

    def add_late(self, what: str) -> None:
        self.late += 1
        self.late_cases.append(what)


class Defect(Exception):
    pass


@dataclass(frozen=True)
class Game(Generic[S]):
    """A game as the fuzzer sees it."""

    new_game: Callable[[str, int, dict[str, Any]], S]
    from_json: Callable[[str | bytes], S]
    to_json: Callable[[S], str]
    legal_moves: Callable[[S], Sequence[Any]]
    apply: Callable[[S, Any], tuple[S, Any]]
    to_move: Callable[[S], str | None]
    view: Callable[[S, str], Any]
    roles: tuple[str, ...]
    mutate: Callable[[random.Random, Doc], tuple[Any, str]]
    scenarios: tuple[str, ...]
    option_sets: tuple[dict[str, Any], ...]
    # whether a corpus game is played in this scenario under this option set (default: all are)
    plays: Callable[[str, dict[str, Any]], bool] = lambda scenario, options: True
    # one decision of a corpus game (rnd, its options, a seed): default a random legal move
    step: Callable[[S, random.Random, dict[str, Any], int], S] | None = None
    # the game's bot checked on an accepted state (state, seed, figures), after the moves
    bot: Callable[[S, int, Result], None] | None = None


# --- the corpus ----------------------------------------------------------------------------------


def corpus(game: Game[S], seed: int, per_game: int, games: int, decisions: int) -> list[str]:
    """Canonical texts of real mid-game states: ``games`` games per scenario and option set that
    ``game.plays``, each up to ``decisions`` decisions, ``per_game`` states sampled from each (the
    current decision kinds varied)."""
    out: list[str] = []
    for g in range(games):
        for sc in game.scenarios:
            for k, opts in enumerate(game.option_sets):
                if not game.plays(sc, opts):
                    continue
                game_seed = seed * 1000 + g * 100 + k
                rnd = random.Random(game_seed)
                s = game.new_game(sc, game_seed, opts)
                seen: list[S] = []
                n = 0
                while game.to_move(s) is not None and n < decisions:
                    seen.append(s)
                    if game.step is not None:
                        s = game.step(s, rnd, opts, game_seed + n)
                    else:
                        s, _ = game.apply(s, rnd.choice(game.legal_moves(s)))
                    n += 1
                seen.append(s)
                out += [game.to_json(x) for x in _sample(rnd, seen, per_game)]
    return out


def _sample(rnd: random.Random, states: list[S], k: int) -> list[S]:
    """``k`` states, preferring distinct current decision kinds (rare prompts are the
    interesting ones), then random ones."""
    by_kind: dict[str, list[S]] = {}
    for s in states:
        by_kind.setdefault(s.pending[-1]["k"] if s.pending else "over", []).append(s)
    kinds = sorted(by_kind)
    rnd.shuffle(kinds)
    out = [rnd.choice(by_kind[kd]) for kd in kinds[:k]]
    while len(out) < k:
        out.append(rnd.choice(states))
    return out


# --- mutations -----------------------------------------------------------------------------------

_SURROGATE = chr(0xD800)
_ODD = ("", "x", _SURROGATE, "a" + _SURROGATE, chr(0xDFFF), "é", "\x00")
_LONG = ("x" * 41, "y" * 1001)
_INTS = (-1, 0, 1, 2, 3, 7, 12, 50, 51, 99, 2**31, 2**53, 2**53 - 1, -2**53, 2**64, 2**64 - 1,
         10**30, -10**30)


def strings(names: tuple[str, ...]) -> tuple[str, ...]:
    """The strings a mutation writes: odd ones around a game's plausible names."""
    return _ODD + names + _LONG


def mutate(rnd: random.Random, doc: Doc, texts: tuple[str, ...],
           board: Callable[[random.Random, Doc], str] | None = None) -> tuple[Any, str]:
    """One mutation of ``doc`` (changed in place or replaced), writing strings of ``texts``;
    returns it and a description. A quarter are changes of the pending stack, a tenth the game's
    ``board`` change (none: a no-op), the rest a value, a list item or a key."""
    r = rnd.random()
    frames = doc.get("pending") or []
    if r < 0.25 and frames:
        return doc, _mutate_stack(rnd, frames, texts)
    if r < 0.35:
        return doc, board(rnd, doc) if board is not None else "no-op"
    path = _walk(rnd, doc)
    old = _get(doc, path)
    container = _get(doc, path[:-1]) if path else None
    op = rnd.random()
    if type(old) is list and old and op < 0.3:
        return doc, _mutate_list(rnd, old, path)
    if type(container) is dict and op < 0.4:
        how = rnd.choice(("delete", "rename", "add"))
        k = path[-1]
        if how == "delete":
            del container[k]
        elif how == "rename":
            container[rnd.choice(texts)] = container.pop(k)
        else:
            container[rnd.choice(texts)] = _values(rnd, old, texts)
        return doc, f"{how} key {k!r} at {path[:-1]}"
    new = _values(rnd, old, texts)
    return _set(doc, path, new), f"set {path} = {_short(new)}"


def _mutate_list(rnd: random.Random, old: list[Any], path: Path) -> str:
    i = rnd.randrange(len(old))
    how = rnd.choice(("delete", "duplicate", "swap", "reverse"))
    if how == "delete":
        del old[i]
    elif how == "duplicate":
        old.insert(i, json.loads(json.dumps(old[i])))
    elif how == "swap":
        j = rnd.randrange(len(old))
        old[i], old[j] = old[j], old[i]
    else:
        old.reverse()
    return f"{how} item {i} of {path}"


def _values(rnd: random.Random, old: Any, texts: tuple[str, ...]) -> Any:
    """A replacement value: near the old one, of another type, or odd."""
    r = rnd.random()
    if type(old) is int and r < 0.35:
        return old + rnd.choice((-2, -1, 1, 2))
    if type(old) is str and r < 0.1:
        return old + _SURROGATE
    kind = rnd.randrange(8)
    if kind == 0:
        return rnd.choice(_INTS)
    if kind == 1:
        return rnd.choice(texts)
    if kind == 2:
        return rnd.choice((True, False, None))
    if kind == 3:
        return rnd.choice((1.5, 0.0, float("inf"), float("nan")))
    if kind == 4:
        return rnd.choice(([], {}, [old], {"k": old}, [[[[]]]]))
    if kind == 5 and type(old) is list:
        return old * rnd.choice((0, 2, 50))
    if kind == 6 and type(old) is str:
        return old[: rnd.randrange(len(old) + 1)]
    return rnd.choice(_INTS + texts)


def _walk(rnd: random.Random, doc: Doc) -> Path:
    """A random path to a value inside ``doc`` (the pending stack chosen half the time)."""
    path: Path = []
    v: Any = doc
    if rnd.random() < 0.5 and doc.get("pending"):
        path, v = ["pending"], doc["pending"]
    while True:
        if type(v) is dict and v and rnd.random() < 0.85:
            k = rnd.choice(list(v))
        elif type(v) is list and v and rnd.random() < 0.85:
            k = rnd.randrange(len(v))
        else:
            return path
        path.append(k)
        v = v[k]


def _get(doc: Any, path: Path) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _set(doc: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _mutate_stack(rnd: random.Random, frames: list[Any], texts: tuple[str, ...]) -> str:
    """Frame duplication, deletion, reordering, or a field of a frame taken from another
    frame (same key) or from a list of plausible names."""
    i = rnd.randrange(len(frames))
    how = rnd.choice(("dup", "dup_top", "delete", "swap", "to_top", "field", "field"))
    if how == "dup":
        frames.insert(i + 1, json.loads(json.dumps(frames[i])))
    elif how == "dup_top":
        frames.append(json.loads(json.dumps(frames[i])))
    elif how == "delete":
        del frames[i]
    elif how == "swap" and len(frames) > 1:
        j = rnd.randrange(len(frames))
        frames[i], frames[j] = frames[j], frames[i]
    elif how == "to_top":
        frames.append(frames.pop(i))
    else:
        f = frames[i]
        if type(f) is not dict or not f:
            return "no-op"
        k = rnd.choice(list(f))
        donors = [g[k] for g in frames if type(g) is dict and k in g and g is not f]
        if donors and rnd.random() < 0.5:
            f[k] = json.loads(json.dumps(rnd.choice(donors)))
        elif type(f[k]) is dict and f[k] and rnd.random() < 0.5:
            kk = rnd.choice(list(f[k]))
            f[k][kk] = _values(rnd, f[k][kk], texts)
            return f"pending[{i}].{k}.{kk} changed"
        else:
            f[k] = _values(rnd, f[k], texts)
        return f"pending[{i}].{k} changed"
    return f"pending frame {i}: {how}"


def _short(v: Any) -> str:
    t = repr(v)
    return t if len(t) <= 60 else t[:57] + "..."


# --- the checks ----------------------------------------------------------------------------------


def written(game: Game[S], s: S, what: str) -> S:
    """``s`` written, read back and written again: the same UTF-8 text; returns the state read."""
    try:
        text = game.to_json(s)
        text.encode("utf-8")
        back = game.from_json(text)
    except Exception as e:
        raise Defect(f"{what}: {type(e).__name__}: {e}") from e
    if game.to_json(back) != text:
        raise Defect(f"{what}: the JSON round trip changes the state")
    return back


def check_state(game: Game[S], s: S, seed: int, res: Result) -> None:
    """Every check on an accepted state (counted in ``res``)."""
    for role in game.roles:
        try:
            json.dumps(game.view(s, role), ensure_ascii=False).encode("utf-8")
        except StateError as e:
            res.add_late(f"view {role}: {e}")
            return
        except Exception as e:
            raise Defect(f"view {role}: {type(e).__name__}: {e}") from e
    try:
        moves = game.legal_moves(s)
    except StateError as e:
        res.add_late(f"legal_moves: {e}")
        return
    except Exception as e:
        raise Defect(f"legal_moves: {type(e).__name__}: {e}") from e
    if not moves and s.result is None:
        raise Defect("accepted state without a legal move or a result")
    for m in moves:
        try:
            n, _ = game.apply(s, m)
        except StateError as e:
            res.add_late(f"apply {m}: {e}")
            continue
        except Exception as e:
            raise Defect(f"apply {m}: {type(e).__name__}: {e}") from e
        written(game, n, f"after {m}")
        res.moves += 1
    if game.bot is not None:
        game.bot(s, seed, res)


def run(game: Game[S], cases: int, seed: int, states: list[str], only: int | None = None,
        on_defect: Callable[[str], None] | None = None, show_late: bool = False) -> Result:
    """``cases`` mutations of the corpus ``states``; the figures and every defect found."""
    docs = [json.loads(t) for t in states]
    res = Result()
    for i in range(cases) if only is None else [only]:
        rnd = random.Random(seed * 1_000_003 + i)
        base = json.loads(json.dumps(docs[rnd.randrange(len(docs))]))
        doc, what = game.mutate(rnd, base)
        text = json.dumps(doc, ensure_ascii=rnd.random() < 0.8, allow_nan=True)
        res.cases += 1
        try:
            try:
                s = game.from_json(
                    text if rnd.random() < 0.8 else text.encode("utf-8", "surrogatepass"))
            except StateError:
                continue
            except Exception as e:
                raise Defect(f"from_json: {type(e).__name__}: {e}") from e
            res.accepted += 1
            written(game, s, "accepted state")
            late = res.late
            check_state(game, s, seed + i, res)
            if res.late > late and on_defect is not None and show_late:
                on_defect(f"LATE seed={seed} case={i} ({what}): {res.late_cases[-1]}")
        except Defect as e:
            line = f"DEFECT seed={seed} case={i} ({what}): {e}"
            res.defects.append(line)
            if on_defect is not None:
                on_defect(line)
                if e.__cause__ is not None:
                    on_defect("".join(traceback.format_exception(e.__cause__))[-2000:])
    return res


def main(game: Game[S], corpus_of: Callable[[int, int], list[str]], prog: str, description: str,
         argv: list[str] | None = None) -> int:
    """A game's fuzzer on the command line (``corpus_of(seed, games)`` its corpus); the last line
    printed is exactly ``cases=N accepted=A late=L defects=D seed=S``, the exit status non-zero
    when D > 0."""
    ap = argparse.ArgumentParser(prog=prog, description=description)
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=1, help="corpus games per scenario and option set")
    ap.add_argument("--only", type=int, default=None, help="rerun one case")
    ap.add_argument("--show-late", action="store_true", help="print the late rejections too")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    states = corpus_of(a.seed, a.games)
    print(f"corpus: {len(states)} states ({time.perf_counter() - t0:.1f} s)", flush=True)
    t0 = time.perf_counter()
    res = run(game, a.cases, a.seed, states, a.only, on_defect=lambda t: print(t, flush=True),
              show_late=a.show_late)
    dt = time.perf_counter() - t0
    bots = f" bot_decisions={res.bot_decisions}" if game.bot is not None else ""
    print(f"moves_applied={res.moves}{bots} seconds={dt:.1f}")
    print(f"cases={res.cases} accepted={res.accepted} late={res.late} defects={len(res.defects)}"
          f" seed={a.seed}")
    return 1 if res.defects else 0
