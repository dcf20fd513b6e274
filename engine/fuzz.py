"""Mutation fuzzer of the state validator: ``python -m engine.fuzz --cases 100000 --seed S``.

Real mid-game states of the three scenarios (seeded random playouts under every option set, and
games of the non-player FLN, ``engine.bot``) are mutated one field at a time – a value, its type,
a length, unicode (lone surrogates included), huge integers, a pending frame duplicated, deleted or
moved, a frame's field (``referee_core.fuzz``) – or a piece moved between spaces, and each mutated
document is checked like a referee would use it:

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

import random
import sys
from typing import Any, Callable

from referee_core import fuzz
from referee_core.errors import StateError
from referee_core.fuzz import Defect, Result, written

from .bot import decide
from .machine import apply, legal_moves, to_move
from .scenarios import new_game
from .serial import from_json, to_json
from .state import State
from .view import ROLES, view

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

# The names a mutation writes, besides odd strings: roles, spaces, boxes, pieces, frames, actions.
_STRINGS = fuzz.strings((
    "gov", "fln", "chance", "auto", "Algiers", "Morocco", "Tunisia", "Barika", "france_track",
    "available", "casualties", "guerrillas_underground", "guerrillas_active", "french_troops",
    "fln_bases", "gov_bases", "suez_crisis", "main", "post", "first", "second", "draw",
    "op:march", "sa:extort"))


def _step(s: State, rnd: random.Random, opts: dict[str, Any], seed: int) -> State:
    """A corpus game's decision: the non-player FLN's under ``fln_bot``, else a random move."""
    if opts.get("fln_bot") and to_move(s) == "fln":
        return decide(s, seed)[1]
    return apply(s, rnd.choice(legal_moves(s)))[0]


def corpus(seed: int, per_game: int = 8, games: int = 1, decisions: int = 4000) -> list[str]:
    """Canonical texts of real mid-game states: ``games`` games per scenario and option set (the
    FLN played by ``engine.bot`` when ``fln_bot`` is on, random moves otherwise), each up to
    ``decisions`` decisions, ``per_game`` states sampled from each."""
    return fuzz.corpus(GAME, seed, per_game, games, decisions)


def mutate(rnd: random.Random, doc: dict[str, Any]) -> tuple[Any, str]:
    """One mutation of ``doc`` (``referee_core.fuzz.mutate``, a tenth of them a piece moved)."""
    return fuzz.mutate(rnd, doc, _STRINGS, _move_piece)


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


def _check_bot(s: State, seed: int, res: Result, bot_steps: int) -> None:
    """When the FLN is to act, ``bot.decide`` within ``bot_steps`` makes a move and a state that
    is written and read back."""
    if to_move(s) != "fln":
        return
    res.bot_decisions += 1
    try:
        bot_moves, after, _ = decide(s, seed, max_steps=bot_steps)
    except StateError as e:
        res.add_late(f"bot.decide: {e}")
        return
    except Exception as e:
        raise Defect(f"bot.decide: {type(e).__name__}: {e}") from e
    if not bot_moves:
        raise Defect("bot.decide made no move")
    written(GAME, after, "after bot.decide")


def _game(bot_steps: int) -> fuzz.Game[State]:
    return fuzz.Game(
        new_game=new_game, from_json=from_json, to_json=to_json, legal_moves=legal_moves,
        apply=apply, to_move=to_move, view=view, roles=ROLES, mutate=mutate,
        scenarios=SCENARIOS, option_sets=OPTION_SETS, step=_step,
        bot=lambda s, seed, res: _check_bot(s, seed, res, bot_steps))


GAME = _game(BOT_STEPS)


def run(cases: int, seed: int, states: list[str] | None = None, only: int | None = None,
        on_defect: Callable[[str], None] | None = None, bot_steps: int = BOT_STEPS,
        show_late: bool = False) -> Result:
    """``cases`` mutations of the corpus states; the figures and every defect found."""
    states = states if states is not None else corpus(seed)
    return fuzz.run(_game(bot_steps), cases, seed, states, only, on_defect, show_late)


def main(argv: list[str] | None = None) -> int:
    return fuzz.main(GAME, lambda seed, games: corpus(seed, games=games),
                     "python -m engine.fuzz", __doc__.split("\n")[0], argv)


if __name__ == "__main__":
    sys.exit(main())
