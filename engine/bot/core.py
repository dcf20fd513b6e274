"""The bot's driver (8.1): a Runner holds the current state, the moves the non-player FLN has made,
the trace, and the bot's own die generator. Every move goes through ``engine.apply`` (the one
definition of legality); procedures call ``Runner.play`` and never touch the state themselves.

A procedure that reaches a point where the FLN no longer has the decision (the Government decides,
an external die roll is awaited, the game is over) is unwound by ``Handoff``; ``decide`` then
returns what was done so far. Branches (``Runner.branch``) execute an Operation tentatively – the
flowchart's "if no such Rally is possible" – and are committed or discarded; hypotheticals (a
branch with ``hyp`` set, started by ``flow.attempt(..., hyp=True)``; 8.1.3 "would") also resolve
the Government's decisions inside the FLN's own action with its first legal move, to evaluate an
outcome.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from referee_core import rng as erng
from referee_core.errors import EngineError, OutOfBudget, StateError

from ..data import SPACE_NAMES
from ..machine import apply, is_legal, legal_moves, to_move
from ..state import Frame, Move, State
from .trace import Trace

Criterion = tuple[str, Callable[[str], Any], str]  # (label, key function, "yes" | "max" | "min")


class Handoff(Exception):
    """The FLN no longer has the decision (another actor, or the game is over)."""


class BotError(EngineError):
    """The non-player FLN could not finish its decision."""


class BotStuck(BotError, StateError):
    """The FLN is to act but has no legal move: the state (the one given, or one its data led
    to) is inconsistent – a ``StateError`` naming the pending decision."""


class BotBudgetExceeded(BotError, OutOfBudget):
    """The decision went over its step budget (``kind`` ``"steps"``) or past its deadline
    (``"deadline"``): ``decide``'s ``max_steps`` and ``deadline``."""


@dataclass
class Work:
    """The budget of one decision, shared by every branch and hypothetical: a step is an engine
    move or a policy query (legal moves, a ranking, a random choice), so every loop of the bot is
    bounded by ``max_steps``; ``deadline`` is a ``time.monotonic()`` instant, or None."""

    max_steps: int
    deadline: float | None = None
    steps: int = 0

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise BotBudgetExceeded("steps", f"the bot's decision took more than"
                                    f" {self.max_steps} steps")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise BotBudgetExceeded("deadline", "the bot's decision went past its deadline")


@dataclass
class RandomSpaces:
    """8.2 Random Spaces Map, pluggable: ``numbers`` maps the 30 two-dice numbers (11-56) to spaces,
    ``arrows`` lists the 30 spaces in arrow order (the chain wraps between Morocco and Tunisia).
    Not public: when ``None`` is installed the PLAYNOTE method (a die roll among tied candidates)
    is used."""

    numbers: dict[int, str]
    arrows: list[str]

    def choose(self, cands: Sequence[str], rng: dict[str, Any]) -> str:
        tens = 6
        while tens == 6:
            tens = erng.die(rng)
        ones = erng.die(rng)
        start = self.numbers.get(10 * tens + ones)
        if start is None or start not in self.arrows:
            return cands[erng.uniform(rng, len(cands))]
        i = self.arrows.index(start)
        for k in range(len(self.arrows)):
            sp = self.arrows[(i + k) % len(self.arrows)]
            if sp in cands:
                return sp
        return cands[erng.uniform(rng, len(cands))]


RANDOM_SPACES: list[RandomSpaces | None] = [None]
MAX_STEPS = 20_000  # the default step budget of one decision (Work); a decision takes < 100


def install_random_spaces(table: RandomSpaces | None) -> None:
    """Use the printed Random Spaces Map (8.2) for random space choices (None: PLAYNOTE)."""
    RANDOM_SPACES[0] = table


@dataclass
class Runner:
    s: State
    rng: dict[str, Any]
    trace: Trace
    hyp: bool = False  # a hypothetical: Government decisions resolved by default, never handed off
    work: Work = field(default_factory=lambda: Work(MAX_STEPS))
    moves: list[Move] = field(default_factory=list)
    actors: list[str] = field(default_factory=list)
    ctx: dict[str, Any] = field(default_factory=dict)

    # -- engine access --------------------------------------------------------------------------
    def top(self) -> Frame | None:
        return self.s.pending[-1] if self.s.pending else None

    def legal(self) -> list[Move]:
        self.work.tick()
        return legal_moves(self.s)

    def can(self, m: Move) -> bool:
        self.work.tick()
        return is_legal(self.s, m)

    def play(self, m: Move) -> None:
        """Apply one FLN move (it must be legal); hand off when the FLN loses the decision."""
        self.work.tick()
        actor = to_move(self.s) or "none"
        self.s, _ = apply(self.s, m)
        self.moves.append(m)
        self.actors.append(actor)
        if self.hyp:
            self.resolve_others()
        elif to_move(self.s) != "fln":
            raise Handoff()

    def resolve_others(self) -> None:
        """In a hypothetical: the Government's decisions inside the FLN's action take its first
        legal move (the player's real choice is unknown)."""
        depth = self.ctx.get("scope")
        guard = 0
        while (to_move(self.s) not in ("fln", None) and depth is not None
               and len(self.s.pending) > depth and guard < 500):
            ms = legal_moves(self.s)
            if not ms:
                break
            self.work.tick()
            actor = to_move(self.s) or "none"
            self.s, _ = apply(self.s, ms[0])
            self.moves.append(ms[0])
            self.actors.append(actor)
            guard += 1

    def fln_to_move(self) -> bool:
        return to_move(self.s) == "fln"

    # -- randomness (8.2) -----------------------------------------------------------------------
    def die(self) -> int:
        return erng.die(self.rng)

    def choose(self, cands: Sequence[Any], what: str = "") -> Any:
        """8.2: a random choice among tied candidates (spaces: Random Spaces Map if installed,
        else a die roll among them, PLAYNOTE); candidates in canonical order first."""
        self.work.tick()
        cs = canonical(cands)
        if len(cs) == 1:
            return cs[0]
        table = RANDOM_SPACES[0]
        pick: Any  # a space's name, or any other candidate (a move): compiled, a local takes
        # the type of its first assignment, and a move there was refused (TypeError)
        if table is not None and all(isinstance(c, str) for c in cs):
            pick = table.choose(cs, self.rng)
        else:
            pick = cs[erng.uniform(self.rng, len(cs))]
        self.trace.note("8.2", f"random choice{(' of ' + what) if what else ''} among "
                        f"{len(cs)} tied candidates", candidates=[str(c) for c in cs],
                        chosen=str(pick))
        return pick

    def best(self, cands: Iterable[str], criteria: Sequence[Criterion], what: str) -> str | None:
        """Successive filters (ct-fln-bot §1.1): a yes/no criterion keeps those that satisfy it
        (unless none does), max/min keep the extreme; then a random pick."""
        self.work.tick()
        cs = list(dict.fromkeys(cands))
        if not cs:
            return None
        applied: list[str] = []
        for label, fn, kind in criteria:
            if len(cs) <= 1:
                break
            if kind == "yes":
                keep = [c for c in cs if fn(c)]
                if keep and len(keep) < len(cs):
                    applied.append(label)
                    cs = keep
            else:
                vals = {c: fn(c) for c in cs}
                ext = max(vals.values()) if kind == "max" else min(vals.values())
                keep = [c for c in cs if vals[c] == ext]
                if len(keep) < len(cs):
                    applied.append(label)
                cs = keep
        if len(cs) == 1:
            if applied:
                self.trace.note("tie", f"{what}: {cs[0]} (by {', '.join(applied)})",
                                chosen=cs[0], tie_breakers=applied)
            return cs[0]
        return str(self.choose(cs, what))

    # -- branches -------------------------------------------------------------------------------
    def branch(self, hyp: bool | None = None) -> Runner:
        b = Runner(self.s, self.rng, Trace(), self.hyp if hyp is None else hyp, self.work)
        b.ctx = dict(self.ctx)
        return b

    def commit(self, b: Runner) -> None:
        self.s = b.s
        self.moves += b.moves
        self.actors += b.actors
        self.trace.extend(b.trace)
        self.ctx.update(b.ctx)


CANONICAL_ORDER: dict[str, int] = {n: i for i, n in enumerate((*SPACE_NAMES, "france_track"))}


def canonical(cands: Sequence[Any]) -> list[Any]:
    """ct-fln-bot §2.1: candidates in the canonical order of ct-data.json (the France Track after
    Tunisia); anything else in its given order."""
    if all(isinstance(c, str) and c in CANONICAL_ORDER for c in cands):
        return sorted(cands, key=lambda c: CANONICAL_ORDER[c])
    return list(cands)
