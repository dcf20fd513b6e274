"""``ct-referee validate GAME.jsonl``: replay a recorded game (docs/moves.md) and report the first
illegal move or the final result."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, TextIO

from ct_referee_client import Client, RefereeError
from service.config import from_env
from service.jsonmap import struct_dict

from .common import add_server, parse_move, with_client


def validate_file(path: str, client: Client, out: TextIO, max_moves: int = 1000) -> int:
    """Replay a recorded game, ``max_moves`` moves a request; report the first illegal move or
    the final result. Exit status: 0 every move legal, 1 an illegal move, 2 a malformed file."""
    lines = [(n, ln.strip()) for n, ln in enumerate(open(path, encoding="utf-8"), 1)]
    lines = [(n, ln) for n, ln in lines if ln and not ln.startswith("#")]
    if not lines:
        out.write(f"{path}: empty file (a header line is required)\n")
        return 2
    try:
        header = json.loads(lines[0][1])
        if not isinstance(header, dict) or "scenario" not in header:
            raise ValueError("the header needs a scenario")
        g = client.new_game(header["scenario"], int(header.get("seed", 0)),
                            header.get("options"))
    except (ValueError, TypeError) as e:
        out.write(f"{path}:{lines[0][0]}: bad header: {e}\n")
        return 2
    except RefereeError as e:
        out.write(f"{path}:{lines[0][0]}: bad header: {e}\n")
        return 2
    moves, records = [], lines[1:]
    for n, ln in records:  # the moves up to the first line that is not one
        try:
            moves.append(parse_move(ln))
        except ValueError:
            break
    state = g.state
    resp: Any = g
    for start in range(0, len(moves), max_moves):
        try:
            resp = client.apply(state, moves=moves[start:start + max_moves])
        except RefereeError as e:
            i = _move_index(e)
            if e.code not in ("illegal_move", "invalid_argument") or i is None:
                raise
            n, ln = records[start + i]
            rule = f" (rule {e.rule})" if e.rule else ""
            out.write(f"{path}:{n}: move {start + i + 1} {ln} is ILLEGAL: {e.message}{rule}\n")
            return 1
        state = resp.state
    if len(moves) < len(records):
        out.write(f"{path}:{records[len(moves)][0]}: move {len(moves) + 1} is not a JSON"
                  " object\n")
        return 2
    if resp.to_move:
        out.write(f"{path}: all {len(moves)} moves legal; game in progress, {resp.to_move} to"
                  f" move: {resp.prompt}\n")
    else:
        out.write(f"{path}: all {len(moves)} moves legal; game over:"
                  f" {json.dumps(struct_dict(resp.result))}\n")
    return 0


def _move_index(e: Any) -> int | None:
    """The index in its request of the move an error is about: its ``move_index``, or the index
    in the field it names (``moves[3].t``: a move the referee could not read)."""
    if e.move_index is not None:
        return int(e.move_index)
    m = re.match(r"moves\[(\d+)\]", e.field)
    return int(m.group(1)) if m else None


def _run(args: argparse.Namespace, ref: Client) -> int:
    return validate_file(args.game, ref, sys.stdout, from_env().max_moves)


def register(sub: Any) -> None:
    v = sub.add_parser("validate", help="replay a recorded game (JSON lines)")
    v.add_argument("game")
    add_server(v)
    v.set_defaults(run=with_client(_run))
