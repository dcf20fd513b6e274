"""``ct-referee``: serve the referee, check recorded games, script it, or play in the terminal.

    ct-referee serve [--http-port 8080] [--grpc-port 50051] [--redis-url URL] [--strict] ...
    ct-referee validate GAME.jsonl          # header {"scenario", "seed", "options"}, then moves
    ct-referee new short --seed 7 > g.json  # scripting: new | legal | apply | view | bot
    ct-referee legal g.json
    ct-referee apply g.json '{"t": "pass"}'
    ct-referee play                          # play in the terminal

The scripting commands run the application core in-process unless ``--server URL`` names a
running referee (http://host:port or grpc://host:port).
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import re
import socket
import sys
import threading
import time
from typing import Any, Sequence, TextIO

from google.protobuf.message import Message

from .config import Config, from_env, to_env

log = logging.getLogger("ct_referee")


# ---- serve -------------------------------------------------------------------------------------

def _reuse_socket(host: str, port: int) -> socket.socket:
    """A socket bound (not listening) with SO_REUSEPORT: holds the port for the workers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(family, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    s.bind((host, port))
    return s


def _version() -> str:
    import engine

    return engine.VERSION


def _announce_when_ready(config: Config, bot: bool, timeout: float = 60.0) -> None:
    """Print the listening line once both ports answer (clients may wait for it)."""
    import urllib.request

    import grpc

    from .worker import grpc_host

    host = "127.0.0.1" if config.host in ("0.0.0.0", "") else config.host
    url = f"http://{grpc_host(host)}:{config.http_port}/healthz"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                pass
            with grpc.insecure_channel(f"{grpc_host(host)}:{config.grpc_port}") as ch:
                grpc.channel_ready_future(ch).result(timeout=1)
            break
        except (OSError, grpc.FutureTimeoutError):
            time.sleep(0.05)
    else:
        log.error("the workers did not answer within %.0fs", timeout)
        return
    cache = "redis" if config.redis_url else "local"
    print(f"ct-referee {_version()} listening: http={config.host}:{config.http_port} "
          f"grpc={config.host}:{config.grpc_port} cache={cache} strict={config.strict}"
          f" seal={config.seal} fln_bot={bot} workers={config.workers} pid={os.getpid()}",
          flush=True)


def serve(config: Config, app: str = "service.worker:app") -> int:
    """``serve``: ``workers`` processes (Granian's), each serving REST and gRPC on one core
    (``worker.app``; the benchmark's floor passes its bare echo), all on the same two ports
    (SO_REUSEPORT)."""
    from granian.constants import Interfaces
    from granian.log import LogLevels
    from granian.server import Server

    from .core import find_bot

    config.check()
    bot = find_bot() is not None
    if config.bot_only and not bot:
        print("ct-referee: --bot-only needs the FLN bot, which is not part of this build",
              file=sys.stderr)
        return 2
    # Port 0 becomes one free port that every worker binds: held here, bound but not listening.
    try:
        holds = [_reuse_socket(config.host, config.http_port),
                 _reuse_socket(config.host, config.grpc_port)]
    except OSError as e:
        print(f"ct-referee: cannot bind {config.host} ports {config.http_port}/"
              f"{config.grpc_port}: {e.strerror}", file=sys.stderr)
        return 2
    config = config.with_(http_port=holds[0].getsockname()[1],
                          grpc_port=holds[1].getsockname()[1])
    os.environ.update(to_env(config))
    # fresh worker processes: a forked one would inherit this process's gRPC threads and hang
    multiprocessing.set_start_method("spawn", force=True)
    server = Server(app, factory=True, interface=Interfaces.WSGI,
                    address=config.host, port=config.http_port, workers=config.workers,
                    blocking_threads=config.threads, backlog=1024,
                    log_level=LogLevels.warning if log.getEffectiveLevel() > logging.DEBUG
                    else LogLevels.debug,
                    respawn_failed_workers=True,
                    workers_kill_timeout=max(5, int(config.request_timeout) + 2))
    threading.Thread(target=_announce_when_ready, args=(config, bot), daemon=True).start()
    server.serve()
    for h in holds:
        h.close()
    return 0


# ---- scripting -----------------------------------------------------------------------------------

def _client(args: argparse.Namespace) -> Any:
    from ct_referee_client import connect

    return connect(args.server or "local", config=from_env())


def _print(msg: Message, out: TextIO = sys.stdout) -> None:
    from .rest import to_json_body

    out.write(to_json_body(msg).decode() + "\n")


def _read_state(path: str) -> Any:
    """A state file: a response holding "state", a GameState mapping, or an engine document."""
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("state"), dict):
        data = data["state"]
    return data


def _move(text: str) -> dict[str, Any]:
    m = json.loads(text)
    if not isinstance(m, dict):
        raise SystemExit(f"not a move: {text}")
    return m


def validate_file(path: str, client: Any, out: TextIO, max_moves: int = 1000) -> int:
    """Replay a recorded game, ``max_moves`` moves a request; report the first illegal move or
    the final result. Exit status: 0 every move legal, 1 an illegal move, 2 a malformed file."""
    from ct_referee_client import RefereeError

    from .jsonmap import struct_dict

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
            moves.append(_move(ln))
        except (ValueError, SystemExit):
            break
    state, resp = g.state, g
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


# ---- play --------------------------------------------------------------------------------------

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


def play(client: Any, scenario: str, seed: int, inp: TextIO, out: TextIO) -> int:
    """A person plays the Government; the FLN is the non-player bot when the build has it,
    otherwise the person plays both sides (said at the start)."""
    from ct_referee_client import RefereeError, move_dict

    ready_bot = True
    g = client.new_game(scenario, seed)
    state = g.state
    try:
        client.decide(state, seed)
    except RefereeError as e:
        if e.code != "unimplemented":
            raise
        ready_bot = False
    out.write("ct-referee play: you are the Government"
              + (" against the non-player FLN.\n" if ready_bot else
                 ". The non-player FLN bot is not part of this build yet: you play the FLN too."
                 "\n"))
    out.write("Enter a move number, 'b' to show the board, 'q' to quit.\n")
    show = True
    bot_calls = 0
    while True:
        lm = client.legal_moves(state, "observer")
        if show:
            out.write("\n" + render(lm.view) + "\n")
            show = False
        if not lm.to_move:
            from .jsonmap import struct_dict

            out.write(f"\nGame over: {json.dumps(struct_dict(lm.result))}\n")
            return 0
        if lm.to_move == "fln" and ready_bot:
            bot_calls += 1  # a fresh, reproducible seed for each of the bot's decisions
            d = client.decide(state, seed + bot_calls)
            for m in d.moves:
                out.write(f"FLN bot: {json.dumps(move_dict(m))}\n")
            state = d.state
            show = True
            continue
        out.write(f"\n[{lm.to_move}] {lm.prompt}\n")
        for i, m in enumerate(lm.legal_moves, 1):
            out.write(f"  {i:>3}. {json.dumps(move_dict(m))}\n")
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in ("q", "quit", "exit"):
            out.write("\nbye\n")
            return 0
        choice = line.strip().lower()
        if choice == "b":
            show = True
            continue
        if not choice.isdigit() or not 1 <= int(choice) <= len(lm.legal_moves):
            out.write(f"choose 1-{len(lm.legal_moves)}\n")
            continue
        try:
            r = client.apply(state, lm.legal_moves[int(choice) - 1])
        except RefereeError as err:  # e.g. a part of the rules not written yet: say so, go on
            out.write(f"the referee could not apply that move: {err}\n")
            continue
        for entry in r.log:
            out.write(f"  [{entry.rule}] {entry.text}\n")
        state = r.state
        if r.log:
            show = True


# ---- argument parsing --------------------------------------------------------------------------

def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="ct-referee", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("serve", help="serve REST and gRPC in one process")
    s.add_argument("--host", help="address to bind (default 0.0.0.0; env CT_REFEREE_HOST)")
    s.add_argument("--http-port", type=int, help="REST port (default 8080; 0 = any free port)")
    s.add_argument("--grpc-port", type=int, help="gRPC port (default 50051; 0 = any free port)")
    s.add_argument("--redis-url", help="Redis cache (env REDIS_URL); default: in-process LRU")
    s.add_argument("--cache-size", type=int, help="entries of the in-process LRU (default 4096)")
    s.add_argument("--response-cache-mb", type=int,
                   help="in-process cache of whole responses, MiB (default 64; 0 = none)")
    s.add_argument("--state-cache-size", type=int,
                   help="parsed states kept to skip parsing them again (default 256; 0 = none)")
    s.add_argument("--secret", help="HMAC/sealing secret (env CT_REFEREE_SECRET)")
    s.add_argument("--secret-file", help="read the secret from this file")
    s.add_argument("--strict", action="store_true", default=None,
                   help="accept only states signed by this referee (env CT_REFEREE_STRICT)")
    s.add_argument("--seal", action="store_true", default=None,
                   help="encrypt the hidden part of returned states (env CT_REFEREE_SEAL)")
    s.add_argument("--workers", type=int, help="server processes (default 1)")
    s.add_argument("--threads", type=int, help="handler threads per process (default 4)")
    s.add_argument("--max-request-bytes", type=int, help="request size limit (default 1 MiB)")
    s.add_argument("--request-timeout", type=float, help="per-request time limit, s (default 10)")
    s.add_argument("--bot-only", action="store_true", default=None,
                   help="serve only the FLN-bot endpoint")
    s.add_argument("--log-level", default="INFO")
    v = sub.add_parser("validate", help="replay a recorded game (JSON lines)")
    v.add_argument("game")
    n = sub.add_parser("new", help="a new game (prints the NewGame response)")
    n.add_argument("scenario")
    n.add_argument("--seed", type=int, default=0)
    n.add_argument("--options", default=None, help='JSON, e.g. {"chance": "external"}')
    lg = sub.add_parser("legal", help="legal moves of a state file (- = stdin)")
    lg.add_argument("state")
    lg.add_argument("--role", default="observer")
    a = sub.add_parser("apply", help="apply moves (JSON) to a state file")
    a.add_argument("state")
    a.add_argument("moves", nargs="+")
    vw = sub.add_parser("view", help="a role's view of a state file")
    vw.add_argument("state")
    vw.add_argument("--role", default="observer")
    b = sub.add_parser("bot", help="the non-player FLN's decision for a state file")
    b.add_argument("state")
    b.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("play", help="play the Government in the terminal")
    p.add_argument("--scenario", default="short")
    p.add_argument("--seed", type=int, default=0)
    for sp in (v, n, lg, a, vw, b, p):
        sp.add_argument("--server", help="http://host:port or grpc://host:port (default: local)")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.cmd == "serve":
        logging.basicConfig(level=args.log_level.upper(),
                            format="%(asctime)s %(levelname)s %(name)s %(message)s")
        secret = args.secret
        if args.secret_file:
            secret = open(args.secret_file, encoding="utf-8").read().strip()
        try:
            cfg = from_env().with_(
                host=args.host, http_port=args.http_port, grpc_port=args.grpc_port,
                redis_url=args.redis_url, cache_size=args.cache_size,
                response_cache_mb=args.response_cache_mb, state_cache_size=args.state_cache_size,
                secret=secret.encode() if secret else None, strict=args.strict, seal=args.seal,
                workers=args.workers, threads=args.threads,
                max_request_bytes=args.max_request_bytes, request_timeout=args.request_timeout,
                bot_only=args.bot_only)
            cfg.check()
        except ValueError as e:
            print(f"ct-referee: {e}", file=sys.stderr)
            return 2
        return serve(cfg)
    from ct_referee_client import RefereeError

    client = _client(args)
    try:
        if args.cmd == "validate":
            return validate_file(args.game, client, sys.stdout, from_env().max_moves)
        if args.cmd == "new":
            opts = json.loads(args.options) if args.options else None
            _print(client.new_game(args.scenario, args.seed, opts))
        elif args.cmd == "legal":
            _print(client.legal_moves(_read_state(args.state), args.role))
        elif args.cmd == "apply":
            moves = [_move(m) for m in args.moves]
            _print(client.apply(_read_state(args.state), moves=moves) if len(moves) > 1
                   else client.apply(_read_state(args.state), moves[0]))
        elif args.cmd == "view":
            _print(client.view(_read_state(args.state), args.role))
        elif args.cmd == "bot":
            _print(client.decide(_read_state(args.state), args.seed))
        elif args.cmd == "play":
            return play(client, args.scenario, args.seed, sys.stdin, sys.stdout)
    except RefereeError as e:
        from .errors import error_body

        print(json.dumps(error_body(e.code, e.message, e.rule, e.move_index, e.field)),
              file=sys.stderr)
        return 1
    except (OSError, ValueError) as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    finally:
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
