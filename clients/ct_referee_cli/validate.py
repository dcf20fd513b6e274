"""``ct-referee validate GAME.jsonl``: check a game record (docs/records.md) by replaying it through
the referee – in-process, or the service named by ``--server`` – and print the verdict: the first
illegal move with the legal alternatives at that point (and a hint when the header's seed or
options may be the cause), a checkpoint that does not match, or the final position.

The verdict is ``engine.records.check_record``'s, whatever the path: ``ClientReferee`` only
carries the record's moves to the referee and its answers back."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, Mapping, TextIO

from ct_referee_client import Client, RefereeError, game_state, move_dict
from ct_referee_proto.v1 import referee_pb2 as pb
from engine.records import (
    Position, RecordError, Refusal, Verdict, chance_in, check_record, game_of, read_record,
)
from engine.state import Move
from service.config import from_env
from service.games import GAMES
from service.jsonmap import struct_dict

from .common import add_server, with_client


class ClientReferee:
    """A ``engine.records.Referee`` over the referee service. A position's token is (state,
    the state before the last move, the last move), so that whether that move ended in a die
    roll or a card draw can be asked when it matters."""

    def __init__(self, client: Client, max_moves: int = 1000) -> None:
        self.client = client
        self.max_moves = max_moves
        self.seats: list[str] = []  # a strict referee's game: the seats its record keeps

    def start(self, header: Mapping[str, Any]) -> Position:
        """The game's start: the signed start state a sealed game's record carries (``start``,
        docs/records.md), which only its referee opens; else, or when the referee cannot open it
        and the header has the revealed seed, a new game from the header's seed."""
        start = header.get("start")
        if isinstance(start, dict):
            try:
                return self._signed_start(start, header.get("seats"))
            except RefereeError as e:
                if "seed" not in header:
                    raise ValueError(f"start: {e.message}; a sealed game's record is checked by"
                                     " the referee that dealt it (--server) until the game is"
                                     " over and its seed revealed") from None
        game = game_of(header)
        # the deck file of a game played from one (INSURGENT's; other games ignore the key)
        deck = header.get("deck") if game in GAMES and GAMES[game].setup is not None else None
        try:
            g = self.client.new_game(header["scenario"], header.get("seed", 0),
                                     header.get("options"), game=game,
                                     deck=deck if isinstance(deck, dict) else None)
        except RefereeError as e:
            raise ValueError(f"{e.field}: {e.message}" if e.field else e.message) from None
        return self._position((g.state, None, None), g, None)

    def _signed_start(self, start: Mapping[str, Any], seats: Any) -> Position:
        state = game_state(start)
        lm = self.client.legal_moves(state)
        if isinstance(seats, dict):
            self.seats = [str(t) for t in seats.values()]
        return self._position((state, None, None), lm, None)

    @staticmethod
    def _position(token: Any, r: Any, result: Any) -> Position:
        state = token[0]
        return Position(token, json.loads(state.json), r.to_move or None, r.prompt,
                        [move_dict(m) for m in r.legal_moves],
                        struct_dict(result) if result is not None else None)

    def play(self, pos: Position, moves: list[Move]) -> Position | Refusal:
        for start in range(0, len(moves), self.max_moves):
            chunk = moves[start:start + self.max_moves]
            state = pos.token[0]
            v = self._validate(state, chunk)
            if not v.legal:
                i = v.applied
                at = Position(None, {}, v.to_move or None, v.prompt,
                              [move_dict(m) for m in v.legal_moves],
                              struct_dict(v.result) if v.HasField("result") else None)
                chance = self._chance(pos, state, chunk, i, v.log)
                return Refusal(start + i, v.error.code, v.error.message, v.error.rule,
                               _within_move(v.error.field), at, chance)
            a = self.client.apply(state, moves=chunk, seats=self.seats)
            pos = self._position((a.state, state, chunk), a,
                                 a.result if a.HasField("result") else None)
        return pos

    def _validate(self, state: pb.GameState, chunk: list[Move]) -> pb.ValidateResponse:
        """A dry run; a move the service cannot even read is answered like an illegal one."""
        try:
            return self.client.validate(state, moves=chunk, seats=self.seats)
        except RefereeError as e:
            i = _move_index(e)
            if e.code != "invalid_argument" or i is None:
                raise
            v = self.client.validate(state, moves=chunk[:i], seats=self.seats) if i else None
            out = pb.ValidateResponse(legal=False, applied=i)
            if v is not None:
                out.MergeFrom(v)
                out.legal = False
            else:
                lm = self.client.legal_moves(state)
                out.to_move, out.prompt = lm.to_move, lm.prompt
                out.legal_moves.extend(lm.legal_moves)
            out.error.CopyFrom(pb.Error(code=e.code, message=e.message, rule=e.rule,
                                        move_index=i, field=e.field))
            return out

    def _chance(self, pos: Position, state: pb.GameState, chunk: list[Move], i: int,
                log: Any) -> bool:
        """Whether the move before ``chunk[i]`` ended in a die roll or a card draw."""
        if i == 0:
            _, before, last = pos.token
            if before is None:
                return True  # the setup drew the first card
            log = self.client.validate(before, moves=last, seats=self.seats).log
            n = len(self.client.validate(before, moves=last[:-1], seats=self.seats).log) \
                if len(last) > 1 else 0
        else:
            n = len(self.client.validate(state, moves=chunk[:i - 1], seats=self.seats).log) \
                if i > 1 else 0
        return chance_in({"rule": e.rule, **struct_dict(e.data)} for e in list(log)[n:])


def _within_move(field: str) -> str:
    """A request's field as a field of the move: ``moves[3].space`` -> ``move.space``."""
    return re.sub(r"^moves\[\d+\]", "move", field)


def _move_index(e: Any) -> int | None:
    """The index in its request of the move an error is about: its ``move_index``, or the index
    in the field it names (``moves[3].t``: a move the referee could not read)."""
    if e.move_index is not None:
        return int(e.move_index)
    m = re.match(r"moves\[(\d+)\]", e.field)
    return int(m.group(1)) if m else None


def validate_file(path: str, client: Client, out: TextIO, max_moves: int = 1000) -> int:
    """Check the record at ``path``. Exit status: 0 every move legal and every checkpoint
    matching, 1 an illegal move, a checkpoint or a result that does not match, 2 a file that is
    no record (or whose header sets no game up)."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = read_record(f)
    except RecordError as e:
        out.write(f"{path}:{e.line}: {e.reason}\n")
        return 2
    v: Verdict = check_record(rec, ClientReferee(client, max_moves))
    out.write(v.text(path))
    return 0 if v.ok else 2 if v.kind == "header" else 1


def _run(args: argparse.Namespace, ref: Client) -> int:
    return validate_file(args.game, ref, sys.stdout, from_env().max_moves)


def register(sub: Any) -> None:
    v = sub.add_parser("validate", help="check a game record (docs/records.md)")
    v.add_argument("game")
    add_server(v)
    v.set_defaults(run=with_client(_run))
