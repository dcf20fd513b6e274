"""Mutation fuzzer of the Algeria state validator: ``python -m algeria.fuzz --cases 20000 --seed S``.

Real mid-game ``algeria-state/1`` states of the three scenarios (seeded random playouts under
several option sets) are mutated – one field at a time (``referee_core.fuzz``) (a value, its type,
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

import json
import random
import sys
from typing import Any, Callable

from referee_core import fuzz
from referee_core.fuzz import Result

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

# The names a mutation writes, besides odd strings: sides, areas, boxes, counters, modes, phases,
# frames and missions.
_STRINGS = fuzz.strings((
    "gov", "fln", "chance", "FRANCE", "TUNISIA", "MOROCCO", "ALGIERS", "ORAN", "CONSTANTINE",
    "I-1", "V-8", "II", *BOXES, "fr_div.1", "band.1", "cadre.1", "front.1", "concentrated",
    "dispersed", "operations", "interphase", "mission", "combat", "strike", "raid"))


def _plays(scenario: str, options: dict[str, Any]) -> bool:
    return scenario == "1954" or not any(
        o in options for o in ("slow_french_reaction", "deterministic_independence"))


def corpus(seed: int, per_game: int = 8, games: int = 1, decisions: int = 3000) -> list[str]:
    """Canonical texts of real mid-game states: ``games`` random games per scenario and option
    set, each up to ``decisions`` decisions, ``per_game`` states sampled from each (the current
    decision kinds varied, so rare prompts are kept)."""
    return fuzz.corpus(GAME, seed, per_game, games, decisions)


# --- mutations -----------------------------------------------------------------------------------


def mutate(rnd: random.Random, doc: dict[str, Any]) -> tuple[Any, str]:
    """One mutation of ``doc`` (changed in place or replaced); returns it and a description:
    half the time a structural change of this game's state, else a field change
    (``referee_core.fuzz.mutate``)."""
    if rnd.random() < 0.5 and type(doc) is dict:
        try:
            return doc, _structural(rnd, doc)
        except (KeyError, TypeError, IndexError, ValueError):
            return doc, "no-op"
    return fuzz.mutate(rnd, doc, _STRINGS)


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


GAME: fuzz.Game[State] = fuzz.Game(
    new_game=new_game, from_json=from_json, to_json=to_json, legal_moves=legal_moves, apply=apply,
    to_move=to_move, view=view, roles=ROLES, mutate=mutate, scenarios=SCENARIOS,
    option_sets=OPTION_SETS, plays=_plays)


def run(cases: int, seed: int, states: list[str] | None = None, only: int | None = None,
        on_defect: Callable[[str], None] | None = None, show_late: bool = False) -> Result:
    """``cases`` mutations of the corpus states; the figures and every defect found."""
    states = states if states is not None else corpus(seed)
    return fuzz.run(GAME, cases, seed, states, only, on_defect, show_late)


def main(argv: list[str] | None = None) -> int:
    return fuzz.main(GAME, lambda seed, games: corpus(seed, games=games),
                     "python -m algeria.fuzz", __doc__.split("\n")[0], argv)


if __name__ == "__main__":
    sys.exit(main())
