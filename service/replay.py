"""``Referee/Replay``: a game's history from its start and moves, for time-travel views and game
reports. The start is a new game (scenario, seed, options) or a position built from a board (as
``Positions`` takes it); the moves are applied in order as ``Apply`` would, and the answer holds a
checkpoint (labelled log since the previous one; state, view and/or board picture on request) at
every requested point: every move, every newly revealed card (for a game without cards,
Algeria: every new turn), listed indices, or only the end. The game is the start's
(``game.game``, Colonial Twilight by default; ``games``).

Bounded before any work is done: at most ``max_moves`` moves, and at most ``max_replay_work``
units of work per answer (``cost``: each move applied is a unit, each checkpoint a unit plus what
it carries, ``WORK``). A longer answer is asked for in pages (``first``, ``count``; the answer's
``next``): a page ends at its last checkpoint, so a page costs the moves up to it and its own
checkpoints. Then the request size limit of the transports, and the per-request time limit
between moves. Replays are not kept in the result cache (their answers are large and rarely
repeated); an identical request is still answered from the response cache.

This module is a layer above nothing of the core's: it takes the core as a ``Referee`` (what it
needs of it) and the request's time limit as a ``Deadline``; ``core`` imports it, not the reverse.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from referee_core.errors import BadRequest, IllegalMove
from ct_referee_proto.v1 import referee_pb2 as pb

from . import games
from .config import Config
from .convert import log_to_proto, options_to_engine, struct_to_plain
from .errors import ServiceError
from .moves import MoveError, move_from_engine, move_to_engine
from .trust import GameRef

EVERY = ("end", "move", "card", "list")
# Units of work, measured on whole games (Colonial Twilight "full", Algeria "1954") against
# applying one move with its label (0.5-1 ms): a state issued takes about 1.5 ms and 11-16 KB, a
# view 4-12 ms (Algeria's the most) and 13-17 KB (3-4 KB in protobuf), a board picture 5-6 ms and 50-60 KB. Time and
# size both count: a unit is at most about 1 ms and 2 KB, so the default limit (2000) keeps an
# answer near 1 s of work and under 4 MB (the usual gRPC message limit). CheckRecord
# (service.records) counts on the same limit: a segment's end there (the state checked as Apply
# issues it, about 2 ms; its checkpoint hash, about 0.6 ms) is 3 units.
WORK = {"move": 1, "checkpoint": 1, "states": 8, "views": 15, "pictures": 30, "segment": 3}
LIMIT_ENV = "CT_REFEREE_MAX_REPLAY_WORK"


def work(moves: int, stops: int, weight: int) -> int:
    """Units of applying ``moves`` moves and stopping ``stops`` times (a Replay's checkpoints,
    a record's segment ends) at ``weight`` units each."""
    return moves * WORK["move"] + stops * weight


def over(what: str, cost: str, detail: str, limit: int) -> str:
    """The start of a refusal of ``what`` (a replay, a record's check) over the work limit."""
    return (f"{what} would cost {cost} units of work ({detail}), over the referee's limit of"
            f" {limit} per request ({LIMIT_ENV}, ct-referee serve --max-replay-work)")


class Deadline(Protocol):
    def check(self) -> None: ...


class Referee(Protocol):
    """What a replay needs of the application core (``core.Core``)."""

    config: Config

    def position_start(self, req: pb.PositionsRequest) -> tuple[games.State, Any]: ...
    def _engine_errors(self, fn: Callable[[], Any]) -> Any: ...
    def _checked_record(self, s: games.State, full: str | None = None
                        ) -> tuple[dict[str, Any], games.State]: ...
    def _issued(self, s: games.State, full: str | None = None, preview: bool = False
                ) -> dict[str, Any]: ...
    def _issue(self, rec: dict[str, Any], game: GameRef) -> pb.GameState: ...
    @staticmethod
    def _position_fields(rec: dict[str, Any], own: bool = False) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Plan:
    """The checkpoints a request asks for (``every``, ``at``), from ``first``, at most ``count``
    (0: no limit), over ``n`` moves; what a page of them costs (``cost``)."""

    every: str
    at: tuple[int, ...]     # sorted ("list")
    first: int
    count: int
    n: int
    weight: int             # units of one checkpoint

    def cost(self, count: int) -> int:
        """Units of a page of at most ``count`` checkpoints (0: all): the moves applied up to its
        last checkpoint (for "card", where checkpoints fall is known only once the moves are
        applied: every move) and the checkpoints. An upper bound, known before any work."""
        wanted = self._wanted()
        c = wanted if count == 0 else min(count, wanted)
        last = self.n
        if self.every == "move" and c < wanted:
            last = self.first + c - 1
        elif self.every == "list" and c < wanted:
            last = self.at[bisect.bisect_left(self.at, self.first) + c - 1]
        return work(last, c, self.weight)

    def _wanted(self) -> int:
        """Checkpoints at or after ``first``; for "card", whose checkpoints are known only as
        the moves are applied, one (the rest are counted as they come: ``replay``)."""
        if self.every == "end" or (self.every == "card" and self.count == 0):
            return 1
        if self.every == "list":
            return len(self.at) - bisect.bisect_left(self.at, self.first)
        return self.n + 1 - self.first

    def safe_count(self, limit: int) -> int:
        """The largest ``count`` with which every page fits ``limit``, the last one (all the
        moves applied) included (0: not even one checkpoint)."""
        return max(0, (limit - work(self.n, 0, 0)) // self.weight)


def check_work(req: pb.ReplayRequest, plan: Plan, limit: int) -> None:
    """Refuse, before any work, an answer over the work limit, naming the ``count`` that fits."""
    cost = plan.cost(plan.count)
    if cost > limit:
        raise over_limit(req, plan, limit, f"up to {cost}")


def over_limit(req: pb.ReplayRequest, plan: Plan, limit: int, cost: str) -> ServiceError:
    """The refusal of an answer over the work limit (``cost``: how much it would be)."""
    extras = "".join(f" + {k} {WORK[k]}" for k in ("states", "views", "pictures")
                     if getattr(req, k))
    what = (f"checkpoints of {plan.weight} units each (1{extras}) after up to {plan.n} moves of"
            " 1 unit")
    fits = plan.safe_count(limit)
    head = over("this replay", cost, what, limit)
    if fits == 0:
        return ServiceError("invalid_argument", f"{head}; even one checkpoint does not fit: send"
                            " fewer moves (the rest from a later position) or ask for less in"
                            " each checkpoint", field="moves")
    return ServiceError("invalid_argument", f"{head}; ask for at most {fits} checkpoints at a"
                        " time with `count` (every page then fits), and for the rest from the"
                        " answer's `next` (as `first`)", field="count")


def _start(core: Referee, req: pb.ReplayRequest) -> tuple[games.State, list[dict[str, Any]]]:
    """The state the replay starts from and the log of its start (a position's card start)."""
    which = req.WhichOneof("start")
    if which == "position":
        s, log_ = core.position_start(req.position)
        return s, list(log_)
    if which != "game":
        raise ServiceError("invalid_argument", "a start is required: game {scenario, seed, "
                           "options} or position {position, seed}", field="game")
    named = games.GAMES.get(req.game.game) if req.game.game else games.DEFAULT
    if not req.game.scenario and (named is None or not named.default_scenario):
        raise ServiceError("invalid_argument", "scenario is required", field="game.scenario")
    game = games.by_name(req.game.game, "game.game")
    options = options_to_engine(req.game.options)
    game.check_options(options, "game.options")
    scenario = game.scenario_of(req.game.scenario, req.game.HasField("deck"), "game.")
    deck = struct_to_plain(req.game.deck) if req.game.HasField("deck") else None
    return core._engine_errors(lambda: game.new_game(scenario, req.game.seed, options,
                                                     deck)), []


def _plan(req: pb.ReplayRequest, n: int) -> Plan:
    every = req.every or ("list" if len(req.at) else "end")
    if every not in EVERY:
        raise ServiceError("invalid_argument", f"every must be one of {list(EVERY)}",
                           field="every")
    if len(req.at) and every != "list":
        raise ServiceError("invalid_argument", 'at is for every = "list"', field="at")
    for i in req.at:
        if not 0 <= i <= n:
            raise ServiceError("invalid_argument", f"checkpoint {i} is not between 0 and the "
                               f"number of moves ({n})", field="at")
    if not 0 <= req.first <= n:
        raise ServiceError("invalid_argument", f"first ({req.first}) is not between 0 and the "
                           f"number of moves ({n})", field="first")
    if req.count < 0:
        raise ServiceError("invalid_argument", "count must be 0 (all) or more", field="count")
    weight = WORK["checkpoint"] + sum(WORK[k] for k in ("states", "views", "pictures")
                                      if getattr(req, k))
    return Plan(every, tuple(sorted(set(req.at))), req.first, req.count, n, weight)


def replay(core: Referee, req: pb.ReplayRequest, call: Deadline) -> pb.ReplayResponse:
    moves = _moves(req, core.config.max_moves)
    plan = _plan(req, len(moves))
    limit = core.config.max_replay_work
    check_work(req, plan, limit)
    at = set(plan.at)
    every, first = plan.every, plan.first
    role = req.role or "observer"
    s, log_ = _start(core, req)
    # from the start as the referee issues it (parsed back from its text), so that the moves
    # replay exactly as a chain of Apply calls plays them (an Algeria state's legal moves follow
    # the order of its units, which a parsed state has sorted)
    s = core._checked_record(s)[1]
    game = games.of_state(s)
    rules = game.rules
    core._engine_errors(lambda: rules.view(s, role))  # an unknown role fails before any work

    out = pb.ReplayResponse()

    def checkpoint(i: int, move: dict[str, Any] | None, label: str) -> bool:
        """The checkpoint after ``i`` moves (kept when the page holds it); whether the page is
        full."""
        if i >= first:
            kept = len(out.checkpoints) + 1
            if every == "card" and not plan.count and work(plan.n, kept, plan.weight) > limit:
                raise over_limit(req, plan, limit, f"more than {limit}")
            cp = out.checkpoints.add(index=i, turn=s.turn, to_move=rules.to_move(s) or "",
                                     prompt=rules.prompt(s),
                                     decision_kind=rules.decision_kind(s),
                                     log=log_to_proto(log_, game.log_label))
            if move is not None:
                cp.move.CopyFrom(move_from_engine(move))
                cp.move.label = label
            card = game.card(s)
            if card is not None:
                cp.card = card
            if req.states:
                cp.state.CopyFrom(core._issue(core._checked_record(s)[0], GameRef()))
            if req.views:
                cp.view.CopyFrom(game.view_message(
                    core._engine_errors(lambda: game.view(s, role)), role))
            if req.pictures:
                cp.svg = core._engine_errors(lambda: game.render(s, role, False))
        log_.clear()
        return plan.count > 0 and len(out.checkpoints) == plan.count

    def more_after(i: int) -> bool:
        """Whether checkpoints remain after the one at ``i`` (a "card" replay ends on one)."""
        if every == "list":
            return any(a > i for a in at)
        return every != "end" and i < len(moves)

    full = False
    if every in ("move", "card") or 0 in at:
        full = checkpoint(0, None, "")
    for i, m in enumerate(moves):
        if full and more_after(i):
            out.next = i + 1
            break
        call.check()
        chapter = game.chapter(s)
        label = game.move_label(s, m) if m in rules.legal_moves(s) else ""
        try:
            s, entries = rules.apply(s, m)
        except IllegalMove as e:
            raise ServiceError("illegal_move", e.reason, rule=e.rule, move_index=i) from None
        except BadRequest as e:
            raise ServiceError("invalid_argument", e.reason, move_index=i,
                               field=f"moves[{i}]" + e.field.removeprefix("move")) from None
        log_.extend(entries)
        n = i + 1
        last = n == len(moves)
        if (every == "move" or (every == "list" and n in at)
                or (every == "card" and (game.chapter(s) != chapter or last))
                or (every == "end" and last)):
            full = checkpoint(n, m, label)
    if every == "end" and not moves:
        checkpoint(0, None, "")
    rec = core._issued(s, preview=req.preview)
    out.state.CopyFrom(core._issue(rec["state"], GameRef()))
    for k, v in core._position_fields(rec).items():
        if k == "legal_moves":
            out.legal_moves.extend(v)
        elif k == "result":
            out.result.update(v)
        else:
            setattr(out, k, v)
    return out


def _moves(req: pb.ReplayRequest, max_moves: int) -> list[dict[str, Any]]:
    if len(req.moves) > max_moves:
        raise ServiceError("invalid_argument", f"at most {max_moves} moves per request "
                           "(CT_REFEREE_MAX_MOVES)", field="moves")
    try:
        return [move_to_engine(m, f"moves[{i}]") for i, m in enumerate(req.moves)]
    except MoveError as e:
        raise ServiceError("invalid_argument", e.message, field=e.field) from None
