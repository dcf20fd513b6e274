"""``ct-referee play``: a person plays the Government in the terminal against the non-player FLN."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ct_referee_client import Client, RefereeError, move_dict
from engine.records import RecordWriter, make_header
from service.jsonmap import struct_dict

from .common import add_server, with_client

SHORT = (("french_troops", "FT"), ("french_police", "FP"), ("algerian_troops", "AT"),
         ("algerian_police", "AP"), ("gov_bases", "GB"), ("guerrillas_underground", "UG"),
         ("guerrillas_active", "AG"), ("fln_bases", "FB"))


def render(view: Any) -> str:
    """The board as text: one line per space (pieces, support, control, terror), then the tracks."""
    rows = [f"{'space':<20} {'pieces':<34} {'support':<8} {'control':<7} terror"]
    try:
        from engine.data import SPACE_NAMES

        order = {n: i for i, n in enumerate(SPACE_NAMES)}
    except ImportError:
        order = {}
    for name, sp in sorted(view.spaces.items(), key=lambda kv: (order.get(kv[0], 99), kv[0])):
        pieces = " ".join(f"{getattr(sp.pieces, k)}{code}" for k, code in SHORT
                          if getattr(sp.pieces, k))
        rows.append(f"{name:<20} {pieces or '-':<34} {sp.support:<8} {sp.control or '-':<7} "
                    f"{sp.terror or ''}")
    c = view.cards
    rows.append("")
    rows.append(f"Resources gov {view.resources.gov}  fln {view.resources.fln}   Commitment "
                f"{view.commitment}   France track {view.france_track}   Border zone "
                f"{view.border_zone if view.HasField('border_zone') else '-'}")
    rows.append(f"Support {view.total_support}  Opposition {view.total_opposition}   "
                f"Gov score {view.gov_score}  FLN score {view.fln_score}   Card {c.current}"
                f"  deck left {c.deck_left}   turn {view.turn}")
    avail = view.boxes["available"] if "available" in view.boxes else None
    if avail is not None:
        rows.append("Available: " + ", ".join(
            f"{k} {getattr(avail, k)}" for k in ("french_troops", "french_police",
                                                 "algerian_troops", "algerian_police",
                                                 "gov_bases", "guerrillas", "fln_bases")))
    return "\n".join(rows)


def play(client: Client, scenario: str, seed: int, inp: TextIO, out: TextIO,
         record: TextIO | None = None) -> int:
    """A person plays the Government; the FLN is the non-player bot (a one-player game, option
    ``fln_bot``, 8.6) when the build has it, otherwise the person plays both sides (said at the
    start). Moves and log entries are shown by their labels. With ``record``, the game is written
    there as a game record (docs/records.md)."""
    ready_bot = True
    options = {"fln_bot": True}
    g = client.new_game(scenario, seed, options)
    try:
        client.decide(g.state, seed)
    except RefereeError as e:
        if e.code != "unimplemented":
            raise
        ready_bot = False
        options = {}
        g = client.new_game(scenario, seed)
    state = g.state
    rec = None if record is None else RecordWriter(record, make_header(scenario, seed, options),
                                                   state.json)
    out.write("ct-referee play: you are the Government"
              + (" against the non-player FLN.\n" if ready_bot else
                 ". The non-player FLN bot is not part of this build yet: you play the FLN too."
                 "\n"))
    out.write("Enter a move number, 'b' to show the board, 'q' to quit.\n")
    show = True
    bot_calls = 0
    pos: Any = None  # the position to act on: a LegalMoves answer, or the bot's (same fields)
    while True:
        if pos is None:
            pos = client.legal_moves(state, "observer")
        if show:
            out.write("\n" + render(pos.view) + "\n")
            show = False
        if not pos.to_move:
            out.write(f"\nGame over: {json.dumps(struct_dict(pos.result))}\n")
            if rec is not None:
                rec.finish(struct_dict(pos.result))
            return 0
        if pos.to_move == "fln" and ready_bot:
            bot_calls += 1  # a fresh, reproducible seed for each of the bot's decisions
            pos = client.decide(state, seed + bot_calls, "observer")
            for i, m in enumerate(pos.moves, 1):
                out.write(f"FLN: {m.label}\n")
                if rec is not None:
                    rec.move(move_dict(m), pos.state.json if i == len(pos.moves) else None)
            state = pos.state
            show = True
            continue
        out.write(f"\n[{pos.to_move}] {pos.prompt}\n")
        for i, m in enumerate(pos.legal_moves, 1):
            out.write(f"  {i:>3}. {m.label}\n")
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in ("q", "quit", "exit"):
            out.write("\nbye\n")
            if rec is not None:
                rec.finish()
            return 0
        choice = line.strip().lower()
        if choice == "b":
            show = True
            continue
        if not choice.isdigit() or not 1 <= int(choice) <= len(pos.legal_moves):
            out.write(f"choose 1-{len(pos.legal_moves)}\n")
            continue
        chosen = pos.legal_moves[int(choice) - 1]
        try:
            r = client.apply(state, chosen)
        except RefereeError as err:  # e.g. a part of the rules not written yet: say so, go on
            out.write(f"the referee could not apply that move: {err}\n")
            continue
        if rec is not None:
            rec.move(move_dict(chosen), r.state.json)
        for entry in r.log:
            out.write(f"  [{entry.rule}] {entry.label}\n")
        state = r.state
        pos = None
        if r.log:
            show = True


def _run(args: argparse.Namespace, ref: Client) -> int:
    if args.record is None:
        return play(ref, args.scenario, args.seed, sys.stdin, sys.stdout)
    with open(args.record, "w", encoding="utf-8") as record:
        return play(ref, args.scenario, args.seed, sys.stdin, sys.stdout, record)


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play the Government in the terminal")
    p.add_argument("--scenario", default="short")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--record", metavar="GAME.jsonl", help="write the game as a game record")
    add_server(p)
    p.set_defaults(run=with_client(_run))
