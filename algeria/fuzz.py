"""Mutation fuzzer of the Algeria state validator: ``python -m algeria.fuzz --cases 20000 --seed S``.

Real mid-game ``algeria-state/1`` states of the three scenarios (seeded random playouts under
several option sets) are mutated – one field at a time as ``engine.fuzz`` does (a value, its type,
a length, unicode, huge integers, a pending frame duplicated, deleted or moved, a frame's field),
or structurally: a counter moved to another area or box, a unit's status flipped (airmobile,
neutralized, mode), the phase changed, an area's markers changed, an entry of a frame's list
duplicated – and each mutated document is checked like a referee would use it:

* ``from_json`` raises ``StateError`` or returns a State – nothing else;
* for an accepted state: ``legal_moves``, and ``apply`` of every listed move, raise nothing but
  ``StateError`` (the state's data found inconsistent on the way – a *late* rejection, which the
  service reports as ``invalid_state`` like any rejected state);
* every state they produce is written, read back by ``from_json`` (so the validator accepts it)
  and written again to the same text; the views of every role are written too.

Anything else is a *defect*. The last line printed is exactly::

    cases=N accepted=A late=L defects=D seed=S

and the exit status is non-zero when D > 0. Case ``i`` depends only on ``(seed, i)``; ``--only I``
reruns that one case.
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

from engine.fuzz import mutate as mutate_field
from referee_core.errors import StateError

from . import apply, from_json, legal_moves, new_game, to_json, to_move
from .data import AREAS, UNIT_IDS
from .state import State
from .validate import PHASES
from .view import ROLES, view

# Option sets the corpus games are played under (each with every scenario; the 1954-only options
# with 1954 only).
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"chance": "external"},
    {"shorter_game": True},
    {"slow_french_reaction": True, "deterministic_independence": True},
)
SCENARIOS = ("1954", "1958", "1960")
BOXES = ("UG", "OPS", "OC", "PTL")


# --- the corpus ----------------------------------------------------------------------------------


def corpus(seed: int, per_game: int = 8, games: int = 1, decisions: int = 3000) -> list[str]:
    """Canonical texts of real mid-game states: ``games`` random games per scenario and option
    set, each up to ``decisions`` decisions, ``per_game`` states sampled from each (the current
    decision kinds varied, so rare prompts are kept)."""
    out: list[str] = []
    for g in range(games):
        for sc in SCENARIOS:
            for k, opts in enumerate(OPTION_SETS):
                if sc != "1954" and any(o in opts for o in ("slow_french_reaction",
                                                             "deterministic_independence")):
                    continue
                game_seed = seed * 1000 + g * 100 + k
                rnd = random.Random(game_seed)
                s = new_game(sc, game_seed, opts)
                seen: list[State] = []
                n = 0
                while to_move(s) is not None and n < decisions:
                    seen.append(s)
                    s, _ = apply(s, rnd.choice(legal_moves(s)))
                    n += 1
                seen.append(s)
                out += [to_json(x) for x in _sample(rnd, seen, per_game)]
    return out


def _sample(rnd: random.Random, states: list[State], k: int) -> list[State]:
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


def mutate(rnd: random.Random, doc: dict[str, Any]) -> tuple[Any, str]:
    """One mutation of ``doc`` (changed in place or replaced); returns it and a description:
    half the time a structural change of this game's state, else a field change
    (``engine.fuzz.mutate``)."""
    if rnd.random() < 0.5 and type(doc) is dict:
        try:
            return doc, _structural(rnd, doc)
        except (KeyError, TypeError, IndexError, ValueError):
            return doc, "no-op"
    return mutate_field(rnd, doc)


def _structural(rnd: random.Random, doc: dict[str, Any]) -> str:
    units, areas, frames = doc["units"], doc["areas"], doc["pending"]
    how = rnd.randrange(7)
    uid = rnd.choice(UNIT_IDS)
    if how == 0:  # a counter moved: another area (or off the map) and box
        area = rnd.choice((None,) + tuple(AREAS))
        box = None if area is None else rnd.choice(BOXES)
        units[uid].update(area=area, box=box)
        return f"{uid} moved to {area}/{box}"
    if how == 1:  # a unit's status flipped
        k = rnd.choice(("helo", "neutralized", "helo", "mode"))
        if k == "mode":
            units[uid][k] = rnd.choice(("concentrated", "dispersed", None))
        else:
            units[uid][k] = not units[uid][k]
        return f"{uid}.{k} = {units[uid][k]}"
    if how == 2:  # airmobile units on the map
        on = [u for u in UNIT_IDS if units[u]["area"] is not None]
        for u in rnd.sample(on, min(len(on), rnd.randrange(1, 4))):
            units[u]["helo"] = True
        return "airmobile units"
    if how == 3:  # the phase
        doc["phase"] = rnd.choice(PHASES)
        return f"phase = {doc['phase']}"
    if how == 4:  # an area's markers
        a = rnd.choice(list(areas))
        k = rnd.choice(("terror", "resettled", "control", "done"))
        areas[a][k] = {"terror": not areas[a]["terror"], "resettled": not areas[a]["resettled"],
                       "control": rnd.choice((None, "gov", "fln")),
                       "done": rnd.choice(([], ["strike"], ["civil_affairs", "suppression"]))}[k]
        return f"areas.{a}.{k} = {areas[a][k]}"
    # an entry of a list inside a pending frame duplicated, dropped or moved
    lists = [(i, k) for i, f in enumerate(frames) if type(f) is dict
             for k, v in f.items() if type(v) is list and v]
    if not lists:
        return "no-op"
    i, k = rnd.choice(lists)
    v = frames[i][k]
    j = rnd.randrange(len(v))
    op = rnd.choice(("duplicate", "drop", "to_end"))
    if op == "duplicate":
        v.insert(rnd.randrange(len(v) + 1), json.loads(json.dumps(v[j])))
    elif op == "drop":
        del v[j]
    else:
        v.append(v.pop(j))
    return f"pending[{i}].{k}[{j}]: {op}"


# --- the checks ----------------------------------------------------------------------------------


@dataclass
class Result:
    cases: int = 0
    accepted: int = 0
    moves: int = 0
    late: int = 0  # accepted states whose data a move found inconsistent (StateError)
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


def check_state(s: State, res: Result) -> None:
    """Every check on an accepted state (counted in ``res``)."""
    for role in ROLES:
        try:
            json.dumps(view(s, role), ensure_ascii=False).encode("utf-8")
        except StateError as e:
            res.late += 1
            res.late_cases.append(f"view {role}: {e}")
            return
        except Exception as e:
            raise Defect(f"view {role}: {type(e).__name__}: {e}") from e
    try:
        moves = legal_moves(s)
    except StateError as e:
        res.late += 1
        res.late_cases.append(f"legal_moves: {e}")
        return
    except Exception as e:
        raise Defect(f"legal_moves: {type(e).__name__}: {e}") from e
    if not moves and s.result is None:
        raise Defect("accepted state without a legal move or a result")
    for m in moves:
        try:
            n, _ = apply(s, m)
        except StateError as e:
            res.late += 1
            res.late_cases.append(f"apply {m}: {e}")
            continue
        except Exception as e:
            raise Defect(f"apply {m}: {type(e).__name__}: {e}") from e
        written(n, f"after {m}")
        res.moves += 1


def run(cases: int, seed: int, states: list[str] | None = None, only: int | None = None,
        on_defect: Callable[[str], None] | None = None, show_late: bool = False) -> Result:
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
            check_state(s, res)
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
    ap = argparse.ArgumentParser(prog="python -m algeria.fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=1, help="corpus games per scenario and option set")
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
    print(f"moves_applied={res.moves} seconds={dt:.1f}")
    print(f"cases={res.cases} accepted={res.accepted} late={res.late} defects={len(res.defects)}"
          f" seed={a.seed}")
    return 1 if res.defects else 0


if __name__ == "__main__":
    sys.exit(main())
