"""Mutation fuzzer of the state validator: ``python -m engine.fuzz --cases 100000 --seed S``.

Real mid-game states of the three scenarios (seeded random playouts under every option set, and
games of the non-player FLN, ``engine.bot``) are mutated one field at a time – a value, its type,
a length, unicode (lone surrogates included), huge integers, a pending frame duplicated, deleted or
moved, a frame's field – and each mutated document is checked like a referee would use it:

* ``from_json`` raises ``StateError`` or returns a State – nothing else;
* for an accepted state: ``legal_moves``, ``apply`` of every listed move and ``bot.decide`` (when
  the FLN is to act) finish within a step budget (``engine.machine.SETTLE_LIMIT`` automatic steps
  per ``apply``, ``BOT_STEPS`` bot steps per decision) and raise nothing but ``StateError`` – the
  state's data found inconsistent on the way, which the service reports as ``invalid_state``
  like any rejected state (counted as *late* rejections);
* every state they produce is written as UTF-8, read back by ``from_json`` (so the validator
  accepts it) and written again to the same text; the views of every role are written too.

Anything else is a *defect*. The last line printed is exactly::

    cases=N accepted=A late=L defects=D seed=S

and the exit status is non-zero when D > 0. Case ``i`` depends only on ``(seed, i)``: a defect is
reported with both, and ``--only I`` reruns that one case.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from referee_core.errors import StateError

from .bot import decide
from .machine import apply, legal_moves, to_move
from .scenarios import new_game
from .serial import from_json, to_json
from .state import State
from .view import view

BOT_STEPS = 5_000  # bot steps (engine moves and policy queries) allowed to one decision

# Option sets the corpus games are played under (each with every scenario).
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"chance": "external"},
    {"deception": True},
    {"open_deployment": True},
    {"fln_bot": True},
    {"reveal_capabilities": True, "reveal_torture": True},
)
SCENARIOS = ("short", "medium", "full")


# --- the corpus ----------------------------------------------------------------------------------


def corpus(seed: int, per_game: int = 8, games: int = 1, decisions: int = 4000) -> list[str]:
    """Canonical texts of real mid-game states: ``games`` games per scenario and option set (the
    FLN played by ``engine.bot`` when ``fln_bot`` is on, random moves otherwise), each up to
    ``decisions`` decisions, ``per_game`` states sampled from each (the current decision kinds
    varied)."""
    out: list[str] = []
    for g in range(games):
        for sc in SCENARIOS:
            for k, opts in enumerate(OPTION_SETS):
                game_seed = seed * 1000 + g * 100 + k
                rnd = random.Random(game_seed)
                s = new_game(sc, game_seed, opts)
                seen: list[State] = []
                n = 0
                while to_move(s) is not None and n < decisions:
                    seen.append(s)
                    if opts.get("fln_bot") and to_move(s) == "fln":
                        _, s, _ = decide(s, game_seed + n)
                    else:
                        s, _ = apply(s, rnd.choice(legal_moves(s)))
                    n += 1
                seen.append(s)
                out += [to_json(x) for x in _sample(rnd, seen, per_game)]
    return out


def _sample(rnd: random.Random, states: list[State], k: int) -> list[State]:
    """``k`` states, preferring distinct current decision kinds (rare prompts are the
    interesting ones), then random ones."""
    by_kind: dict[str, list[State]] = {}
    for s in states:
        by_kind.setdefault(s.pending[-1]["k"] if s.pending else "over", []).append(s)
    kinds = sorted(by_kind)
    rnd.shuffle(kinds)
    out = [rnd.choice(by_kind[kd]) for kd in kinds[:k]]
    while len(out) < k:
        out.append(rnd.choice(states))
    return out


# --- mutations -----------------------------------------------------------------------------------

Path = list[Any]

_SURROGATE = "\ud800"
_STRINGS = ("", "x", _SURROGATE, "a" + _SURROGATE, "\udfff", "é", "\x00", "gov", "fln", "chance",
            "auto", "Algiers", "Morocco", "Tunisia", "Barika", "france_track", "available",
            "casualties", "guerrillas_underground", "guerrillas_active", "french_troops",
            "fln_bases", "gov_bases", "suez_crisis", "main", "post", "first", "second", "draw",
            "op:march", "sa:extort", "x" * 41, "y" * 1001)
_INTS = (-1, 0, 1, 2, 3, 7, 12, 50, 51, 99, 2**31, 2**53, 2**53 - 1, -2**53, 2**64, 2**64 - 1,
         10**30, -10**30)


def _values(rnd: random.Random, old: Any) -> Any:
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
        return rnd.choice(_STRINGS)
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
    return rnd.choice(_INTS + _STRINGS)


def _walk(rnd: random.Random, doc: Any) -> Path:
    """A random path to a value inside ``doc`` (the pending stack chosen half the time)."""
    path: Path = []
    v = doc
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


def mutate(rnd: random.Random, doc: dict[str, Any]) -> tuple[Any, str]:
    """One mutation of ``doc`` (changed in place or replaced); returns it and a description."""
    r = rnd.random()
    frames = doc.get("pending") or []
    if r < 0.25 and frames:
        return doc, _mutate_stack(rnd, frames)
    if r < 0.35:
        return doc, _move_piece(rnd, doc)
    path = _walk(rnd, doc)
    old = _get(doc, path)
    container = _get(doc, path[:-1]) if path else None
    op = rnd.random()
    if type(old) is list and old and op < 0.3:
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
        return doc, f"{how} item {i} of {path}"
    if type(container) is dict and op < 0.4:
        how = rnd.choice(("delete", "rename", "add"))
        k = path[-1]
        if how == "delete":
            del container[k]
        elif how == "rename":
            container[rnd.choice(_STRINGS)] = container.pop(k)
        else:
            container[rnd.choice(_STRINGS)] = _values(rnd, old)
        return doc, f"{how} key {k!r} at {path[:-1]}"
    new = _values(rnd, old)
    return _set(doc, path, new), f"set {path} = {_short(new)}"


def _mutate_stack(rnd: random.Random, frames: list[Any]) -> str:
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
            f[k][kk] = _values(rnd, f[k][kk])
            return f"pending[{i}].{k}.{kk} changed"
        else:
            f[k] = _values(rnd, f[k])
        return f"pending[{i}].{k} changed"
    return f"pending frame {i}: {how}"


def _move_piece(rnd: random.Random, doc: dict[str, Any]) -> str:
    """Move one piece between two spaces, or a space and a box (the force pool still adds up):
    board changes that frames with data about the board must notice."""
    spaces = doc.get("spaces")
    if type(spaces) is not dict or not spaces:
        return "no-op"
    a = rnd.choice(list(spaces))
    pieces = spaces[a].get("pieces") if type(spaces[a]) is dict else None
    if type(pieces) is not dict or not pieces:
        return "no-op"
    k = rnd.choice(list(pieces))
    if type(pieces[k]) is not int:
        return "no-op"
    b = rnd.choice(list(spaces))
    other = spaces[b].get("pieces") if type(spaces[b]) is dict else None
    if type(other) is not dict or type(other.get(k)) is not int:
        return "no-op"
    d = rnd.choice((1, -1))
    pieces[k] -= d
    other[k] += d
    return f"moved {d} {k} from {a} to {b}"


def _short(v: Any) -> str:
    t = repr(v)
    return t if len(t) <= 60 else t[:57] + "..."


# --- the checks ----------------------------------------------------------------------------------


@dataclass
class Result:
    cases: int = 0
    accepted: int = 0
    moves: int = 0
    bot_decisions: int = 0
    late: int = 0  # accepted states whose data a move or the bot found inconsistent (StateError)
    late_cases: list[str] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)


class Defect(Exception):
    pass


def written(s: State, what: str) -> State:
    """``s`` written, read back and written again: the same UTF-8 text; returns the state read."""
    try:
        text = to_json(s)
        text.encode("utf-8")
        back = from_json(text)
    except Exception as e:
        raise Defect(f"{what}: {type(e).__name__}: {e}") from e
    if to_json(back) != text:
        raise Defect(f"{what}: the JSON round trip changes the state")
    return back


def _late(res: Result, what: str) -> None:
    res.late += 1
    res.late_cases.append(what)


def check_state(s: State, seed: int, res: Result, bot_steps: int = BOT_STEPS) -> None:
    """Every check on an accepted state (counted in ``res``)."""
    for role in ("gov", "fln", "observer"):
        try:
            json.dumps(view(s, role), ensure_ascii=False).encode("utf-8")
        except Exception as e:
            raise Defect(f"view {role}: {type(e).__name__}: {e}") from e
    try:
        moves = legal_moves(s)
    except Exception as e:
        raise Defect(f"legal_moves: {type(e).__name__}: {e}") from e
    if not moves and s.result is None:
        raise Defect("accepted state without a legal move or a result")
    for m in moves:
        try:
            n, _ = apply(s, m)
        except StateError as e:
            _late(res, f"apply {m}: {e}")
            continue
        except Exception as e:
            raise Defect(f"apply {m}: {type(e).__name__}: {e}") from e
        written(n, f"after {m}")
        res.moves += 1
    if to_move(s) == "fln":
        res.bot_decisions += 1
        try:
            bot_moves, after, _ = decide(s, seed, max_steps=bot_steps)
        except StateError as e:
            _late(res, f"bot.decide: {e}")
            return
        except Exception as e:
            raise Defect(f"bot.decide: {type(e).__name__}: {e}") from e
        if not bot_moves:
            raise Defect("bot.decide made no move")
        written(after, "after bot.decide")


def run(cases: int, seed: int, states: list[str] | None = None, only: int | None = None,
        on_defect: Callable[[str], None] | None = None, bot_steps: int = BOT_STEPS,
        show_late: bool = False) -> Result:
    """``cases`` mutations of the corpus states; the figures and every defect found."""
    states = states if states is not None else corpus(seed)
    docs = [json.loads(t) for t in states]
    res = Result()
    for i in range(cases) if only is None else [only]:
        rnd = random.Random(seed * 1_000_003 + i)
        base = json.loads(json.dumps(docs[rnd.randrange(len(docs))]))
        doc, what = mutate(rnd, base)
        text = json.dumps(doc, ensure_ascii=rnd.random() < 0.8, allow_nan=True)
        res.cases += 1
        try:
            try:
                s = from_json(text if rnd.random() < 0.8 else text.encode("utf-8", "surrogatepass"))
            except StateError:
                continue
            except Exception as e:
                raise Defect(f"from_json: {type(e).__name__}: {e}") from e
            res.accepted += 1
            written(s, "accepted state")
            late = res.late
            check_state(s, seed + i, res, bot_steps)
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=1,
                    help="corpus games per scenario and option set")
    ap.add_argument("--only", type=int, default=None, help="rerun one case")
    ap.add_argument("--show-late", action="store_true", help="print the late rejections too")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    states = corpus(a.seed, games=a.games)
    print(f"corpus: {len(states)} states ({time.perf_counter() - t0:.1f} s)", flush=True)
    t0 = time.perf_counter()
    res = run(a.cases, a.seed, states, a.only, on_defect=lambda t: print(t, flush=True),
              show_late=a.show_late)
    dt = time.perf_counter() - t0
    print(f"moves_applied={res.moves} bot_decisions={res.bot_decisions} seconds={dt:.1f}")
    print(f"cases={res.cases} accepted={res.accepted} late={res.late} defects={len(res.defects)}"
          f" seed={a.seed}")
    return 1 if res.defects else 0


if __name__ == "__main__":
    sys.exit(main())
