"""``Referee/Replay``: a game's history from its start and moves, for time-travel views and game
reports. The start is a new game (scenario, seed, options) or a position built from a board (as
``Positions`` takes it); the moves are applied in order as ``Apply`` would, and the answer holds a
checkpoint (labelled log since the previous one; state, view and/or board picture on request) at
every requested point: every move, every newly revealed card (for a game without cards,
Algeria: every new turn), listed indices, or only the end. The game is the start's
(``game.game``, Colonial Twilight by default; ``games``).

Bounded like ``Apply``: at most ``max_moves`` moves, the request size limit of the transports,
the per-request time limit between moves. Replays are not kept in the result cache (their answers
are large and rarely repeated); an identical request is still answered from the response cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee_core.errors import BadRequest, IllegalMove
from ct_referee_proto.v1 import referee_pb2 as pb

from . import games
from .convert import log_to_proto, options_to_engine
from .errors import ServiceError
from .moves import MoveError, move_from_engine, move_to_engine
from .trust import GameRef

if TYPE_CHECKING:
    from .core import Call, Core

EVERY = ("end", "move", "card", "list")


def _start(core: Core, req: pb.ReplayRequest) -> tuple[games.State, list[dict[str, Any]]]:
    """The state the replay starts from and the log of its start (a position's card start)."""
    which = req.WhichOneof("start")
    if which == "position":
        s, log_ = core.position_start(req.position)
        return s, list(log_)
    if which != "game":
        raise ServiceError("invalid_argument", "a start is required: game {scenario, seed, "
                           "options} or position {position, seed}", field="game")
    if not req.game.scenario:
        raise ServiceError("invalid_argument", "scenario is required", field="game.scenario")
    game = games.by_name(req.game.game, "game.game")
    options = options_to_engine(req.game.options)
    game.check_options(options, "game.options")
    return core._engine_errors(lambda: game.rules.new_game(req.game.scenario, req.game.seed,
                                                           options)), []


def replay(core: Core, req: pb.ReplayRequest, call: Call) -> pb.ReplayResponse:
    moves = _moves(req, core.config.max_moves)
    every = req.every or ("list" if len(req.at) else "end")
    if every not in EVERY:
        raise ServiceError("invalid_argument", f"every must be one of {list(EVERY)}",
                           field="every")
    if len(req.at) and every != "list":
        raise ServiceError("invalid_argument", 'at is for every = "list"', field="at")
    at = set(req.at)
    for i in at:
        if not 0 <= i <= len(moves):
            raise ServiceError("invalid_argument", f"checkpoint {i} is not between 0 and the "
                               f"number of moves ({len(moves)})", field="at")
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

    def checkpoint(i: int, move: dict[str, Any] | None, label: str) -> None:
        cp = out.checkpoints.add(index=i, turn=s.turn, to_move=rules.to_move(s) or "",
                                 prompt=rules.prompt(s),
                                 log=log_to_proto(log_, game.log_label))
        if move is not None:
            cp.move.CopyFrom(move_from_engine(move))
            cp.move.label = label
        card = game.card(s)
        if card is not None:
            cp.card = card
        if req.states:
            cp.state.CopyFrom(core._issue(core._state_record(s), GameRef()))
        if req.views:
            cp.view.CopyFrom(game.view_message(core._view(game, s, role), role))
        if req.pictures:
            cp.svg = core._engine_errors(lambda: game.render(s, role))
        log_.clear()

    if every in ("move", "card") or 0 in at:
        checkpoint(0, None, "")
    for i, m in enumerate(moves):
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
            checkpoint(n, m, label)
    if every == "end" and not moves:
        checkpoint(0, None, "")
    rec = core._issued(s)
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
        raise ServiceError("invalid_argument", f"at most {max_moves} moves per request",
                           field="moves")
    try:
        return [move_to_engine(m, f"moves[{i}]") for i, m in enumerate(req.moves)]
    except MoveError as e:
        raise ServiceError("invalid_argument", e.message, field=e.field) from None
