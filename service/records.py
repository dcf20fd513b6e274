"""``Referee/CheckRecord``: a whole game record (docs/records.md) checked as ``ct-referee validate``
checks it, in one call.

The verdict is ``engine.records.check_record``'s: this module only gives it a ``Referee`` made of
the served games (``ServiceReferee``: Colonial Twilight or Algeria, as the header's ``game``
says, ``engine.records.game_of``) and turns the ``Verdict`` into the contract's message, with the
legal moves at an illegal move labelled. The referee plays each segment between checkpoints as
``ct-referee validate`` has the service play it (one Validate, one Apply): the moves folded from
the state the segment starts from as the referee issues it (parsed back from its text, which
orders an Algeria state's units), so the two paths give the same verdict. The record's moves are
set up with the header's seed as written, whatever the referee's trust mode: no state is issued,
so nothing is signed or sealed.

Bounded before any work is done, on the principle and the limit of Replay (``service.replay``):
each move applied is a unit of work, and each segment's end (the state checked as Apply issues
it, its checkpoint hash: about 3 ms) ``WORK["segment"]`` units (``replay.work``, one table of
units); a record that would cost more than ``max_replay_work`` (``CT_REFEREE_MAX_REPLAY_WORK``)
is refused naming that limit. Then the
request size limit of the transports, and the per-request time limit between moves.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from google.protobuf import json_format

import engine.records as records
from engine.records import Position, Record, RecordError, Verdict, game_of
from referee_core.errors import BadRequest
from ct_referee_proto.v1 import referee_pb2 as pb

from . import games
from .config import Config
from .convert import options_to_engine
from .errors import ServiceError
from .jsonmap import from_dict
from .moves import MoveError, move_from_engine, move_to_engine, moves_from_engine
from .replay import WORK, Deadline, over, work

NAME = "record"


class Core(Protocol):
    """What a record check needs of the application core (``core.Core``)."""

    config: Config

    def _checked_record(self, s: games.State, full: str | None = None
                        ) -> tuple[dict[str, Any], games.State]: ...


def cost(rec: Record) -> int:
    """The units of work of checking ``rec``: its moves, and the end of each segment (one per
    checkpoint, and the end of the record)."""
    return work(len(rec.moves), len(rec.checkpoints) + 1, WORK["segment"])


def check_work(rec: Record, limit: int) -> None:
    """Refuse, before any work, a record whose check would cost more than ``limit``."""
    units = cost(rec)
    if units > limit:
        detail = (f"{len(rec.moves)} moves of {WORK['move']} unit, {len(rec.checkpoints) + 1}"
                  f" segment ends of {WORK['segment']} units: one per checkpoint and the end")
        raise ServiceError(
            "invalid_argument", over("checking this record", str(units), detail, limit)
            + "; a referee with a higher limit checks it, or `ct-referee validate --server URL`,"
            " which sends it segment by segment", field="record")


class ServiceReferee(records.EngineReferee):
    """``engine.records.EngineReferee`` made of the served games: the game of the header, its
    moves applied by that game's rules, each segment ending on the state as the referee issues
    it. ``states`` remembers the state of each position's list of legal moves, to label those of
    a verdict."""

    def __init__(self, core: Core, call: Deadline) -> None:
        self.core = core
        self.call = call
        self.states: list[tuple[list[dict[str, Any]], games.State]] = []

    def start(self, header: Mapping[str, Any]) -> Position:
        """The game of the header, set up as NewGame sets it up (its errors name the request's
        field as NewGame's do: ``game``, ``scenario``, ``options.NAME``)."""
        try:
            game = games.by_name(game_of(header))
            options = _options(header.get("options"))
            game.check_options(options)
            # a header's deck (the game's deck file) is read only for a game played from one
            deck = header.get("deck") if game.setup is not None else None
            scenario = game.scenario_of(header["scenario"], False)
            seed = header.get("seed", 0)
            if not -2 ** 63 <= seed < 2 ** 63:  # NewGameRequest.seed is an int64
                raise ServiceError("invalid_argument", f"{seed} is out of the range of a seed"
                                   " (a 64-bit signed integer)", field="seed")
            s = game.new_game(scenario, seed, options, deck)
        except ServiceError as e:
            raise ValueError(f"{e.field}: {e.message}" if e.field else e.message) from None
        except BadRequest as e:
            raise ValueError(f"{e.field}: {e.reason}" if e.field else e.reason) from None
        return self._position(self._segment_end(s), True)

    def _apply(self, s: games.State, m: dict[str, Any]
               ) -> tuple[games.State, list[dict[str, Any]]]:
        self.call.check()
        applied: tuple[games.State, list[dict[str, Any]]] = games.of_state(s).rules.apply(s, m)
        return applied

    def _segment_end(self, s: games.State) -> games.State:
        """The state as the referee issues it (and parses it back): where the next segment
        starts, as it does for ``ct-referee validate``."""
        return self.core._checked_record(s)[1]

    def _position(self, s: games.State, chance: bool) -> Position:
        game = games.of_state(s)
        # as Validate and Apply list them to a caller who is not the player to move
        legal = [m for m in game.rules.legal_moves(s) if not game.private_move(m)]
        self.states.append((legal, s))
        return Position((s, chance), s.to_data(), game.rules.to_move(s), game.rules.prompt(s),
                        legal, s.result)

    def labels(self, legal: list[dict[str, Any]]) -> list[str]:
        """The labels of a verdict's legal moves, in the position they were listed in."""
        for listed, s in self.states:
            if listed is legal:
                return list(games.of_state(s).move_labels(s, legal))
        return [""] * len(legal)


def _options(options: Any) -> dict[str, Any]:
    """A header's options as NewGame reads its ``options`` (``options.NAME`` names a wrong one)."""
    if options is None:
        return {}
    msg = pb.GameOptions()
    try:
        from_dict(dict(options), msg)
    except MoveError as e:
        raise ServiceError("invalid_argument", e.message, field=f"options.{e.field}") from None
    except json_format.ParseError as e:
        raise ServiceError("invalid_argument", f"options: {e}", field="options") from None
    return options_to_engine(msg)


def verdict_record(v: Verdict, ref: ServiceReferee, rec: Record, name: str) -> dict[str, Any]:
    """The verdict as the result cache keeps it (plain data). Its legal moves are written as
    the referee writes moves on the wire (``service.moves``), as validate prints them."""
    labels = ref.labels(v.legal)
    v.legal = [move_to_engine(move_from_engine(m)) for m in v.legal]
    return {**v.summary(), "labels": labels, "text": v.text(name),
            "game": game_of(rec.header), "record_moves": len(rec.moves),
            "record_checkpoints": len(rec.checkpoints), "record_result": rec.result}


def unreadable(e: RecordError, name: str) -> dict[str, Any]:
    """A text that is no record: the verdict ``record`` at the line, as validate prints it."""
    return {"kind": "record", "line": e.line, "problem": e.reason,
            "text": f"{name}:{e.line}: {e.reason}\n"}


def to_proto(d: Mapping[str, Any]) -> pb.CheckRecordResponse:
    out = pb.CheckRecordResponse(
        ok=not d["kind"], kind=d["kind"], line=d["line"], problem=d["problem"],
        rule=d.get("rule", ""), field=d.get("field", ""), hints=d.get("hints", []),
        moves=d.get("moves", 0), record_moves=d.get("record_moves", 0),
        checkpoints=d.get("checkpoints", 0), record_checkpoints=d.get("record_checkpoints", 0),
        to_move=d.get("to_move") or "", prompt=d.get("prompt", ""), game=d.get("game", ""),
        text=d["text"])
    if d.get("move") is not None:
        out.move_index = d["moves"]
        try:
            out.move.update(d["move"])
        except (ValueError, TypeError):  # a line no Struct can hold: the text shows it
            out.ClearField("move")
    out.legal_moves.extend(moves_from_engine(d.get("legal", []), d.get("labels", [])))
    for key in ("result", "record_result"):
        if d.get(key) is not None:
            getattr(out, key).update(d[key])
    return out


def check_record(core: Any, req: pb.CheckRecordRequest, call: Any) -> pb.CheckRecordResponse:
    """``Referee/CheckRecord`` (``core`` is the application core: ``Core``, ``_cached``,
    ``_key``)."""
    name = req.name or NAME
    if not req.record:
        raise ServiceError("invalid_argument", "record is required: the record's text, JSON"
                           " lines (docs/records.md)", field="record")
    try:
        rec = records.read_record(req.record.splitlines())
    except RecordError as e:
        return to_proto(unreadable(e, name))
    check_work(rec, core.config.max_replay_work)

    def compute() -> dict[str, Any]:
        ref = ServiceReferee(core, call)
        return verdict_record(records.check_record(rec, ref), ref, rec, name)

    return to_proto(core._cached(call, core._key("check_record", None, req.record, name),
                                 compute))
