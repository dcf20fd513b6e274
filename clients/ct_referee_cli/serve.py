"""``ct-referee serve``: flags over the environment over the defaults (service.config), then
``service.serve``."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

from service.config import (
    CHECK_ISSUED, ENV, SECRET_FILE_ENV, Config, default_secret_file, from_env,
    read_or_create_secret,
)
from service.serve import serve

# What a referee without sealing gives away (docs/trust.md, "Sealed"): said when it starts so.
UNSEALED = ("NOT SEALED (--no-seal): every state this referee returns holds the deck's order,"
            " the set-aside cards, the dice generator and both sides' Deception markers in clear:"
            " any player who looks inside a state (a browser's developer tools) reads them, and"
            " the client's seed decides the deal")


def _seal_wanted(args: argparse.Namespace, env: Config) -> bool:
    """Sealing is on unless ``--no-seal`` or ``CT_REFEREE_SEAL=false`` turns it off."""
    if args.seal is not None:
        return bool(args.seal)
    return env.seal if ENV["seal"] in os.environ else True


def _secret(args: argparse.Namespace, cfg: Config) -> tuple[bytes | None, str]:
    """The secret (flag, then environment, then file) and where it comes from. Without one
    given, a referee that needs one (sealing, strict) reads the secret it keeps in its data
    directory, creating it on its first start (``default_secret_file``)."""
    if args.secret:
        return args.secret.encode(), "--secret"
    path = args.secret_file or os.environ.get(SECRET_FILE_ENV)
    if not path and cfg.secret:
        return cfg.secret, ENV["secret"]
    if not path and not (cfg.seal or cfg.strict):
        return None, ""
    path = path or default_secret_file()
    secret, created = read_or_create_secret(path)
    return secret, f"{path} ({'created now, mode 0600' if created else 'kept there'})"


def _banner(cfg: Config, source: str) -> str:
    if not cfg.seal:
        return f"ct-referee: {UNSEALED}"
    return ("ct-referee: states are sealed: the deck, the dice and the Deception markers are"
            " encrypted and each game's seed is the referee's, revealed at the end; secret from"
            f" {source}")


def _run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    try:
        env = from_env()
        base = env.with_(strict=args.strict, seal=_seal_wanted(args, env))
        secret, source = _secret(args, base)
        cfg = base.with_(
            host=args.host, http_port=args.http_port, grpc_port=args.grpc_port,
            redis_url=args.redis_url, cache_size=args.cache_size,
            response_cache_mb=args.response_cache_mb, state_cache_mb=args.state_cache_mb,
            secret=secret,
            anti_fork=args.anti_fork, anti_fork_redis_url=args.anti_fork_redis_url,
            workers=args.workers, threads=args.threads,
            grpc_max_rpcs=args.grpc_max_rpcs, grpc_max_streams=args.grpc_max_streams,
            grpc_stream_idle=args.grpc_stream_idle,
            max_request_bytes=args.max_request_bytes, request_timeout=args.request_timeout,
            max_replay_work=args.max_replay_work,
            bot_only=args.bot_only,
            cors_origins=tuple(args.cors_origin) if args.cors_origin else None,
            play_page=False if args.no_play_page else None, check_issued=args.check_issued)
        cfg.check()
    except ValueError as e:
        print(f"ct-referee: {e}", file=sys.stderr)
        return 2
    print(_banner(cfg, source), flush=True)
    return serve(cfg)


def register(sub: Any) -> None:
    s = sub.add_parser("serve", help="serve REST and gRPC")
    s.add_argument("--host", help="address to bind (default 0.0.0.0; env CT_REFEREE_HOST)")
    s.add_argument("--http-port", type=int, help="REST port (default 8080; 0 = any free port)")
    s.add_argument("--grpc-port", type=int, help="gRPC port (default 50051; 0 = any free port)")
    s.add_argument("--redis-url", help="Redis cache (env REDIS_URL); default: in-process LRU")
    s.add_argument("--cache-size", type=int, help="entries of the in-process LRU (default 4096)")
    s.add_argument("--response-cache-mb", type=int,
                   help="in-process cache of whole responses, MiB (default 64; 0 = none)")
    s.add_argument("--state-cache-mb", type=int,
                   help="MiB of state documents kept parsed to skip parsing them again"
                        " (default 4; 0 = none)")
    s.add_argument("--secret", help="HMAC/sealing secret (env CT_REFEREE_SECRET); default: the"
                                    " one kept in --secret-file")
    s.add_argument("--secret-file",
                   help="the file that keeps the secret, created (random, mode 0600) when"
                        f" missing (env {SECRET_FILE_ENV}; default"
                        " $XDG_DATA_HOME/ct-referee/secret or ~/.local/share/ct-referee/secret)")
    s.add_argument("--strict", action="store_true", default=None,
                   help="accept only states signed by this referee (env CT_REFEREE_STRICT)")
    s.add_argument("--seal", action="store_true", default=None,
                   help="encrypt the hidden part of returned states and deal from the"
                        " referee's own seed: the default (env CT_REFEREE_SEAL)")
    s.add_argument("--no-seal", dest="seal", action="store_false",
                   help="return states in clear: the deck, the dice and both sides' Deception"
                        " markers readable by any player (env CT_REFEREE_SEAL=false)")
    s.add_argument("--anti-fork", action="store_true", default=None,
                   help="one successor per state of a game, kept in Redis (needs --strict and"
                        " a Redis URL; env CT_REFEREE_ANTI_FORK)")
    s.add_argument("--anti-fork-redis-url",
                   help="the anti-fork registry's own Redis (persistent, noeviction; default:"
                        " the cache's; env CT_REFEREE_ANTI_FORK_REDIS_URL)")
    s.add_argument("--workers", type=int, help="server processes (default 1)")
    s.add_argument("--threads", type=int, help="handler threads per process (default 4)")
    s.add_argument("--grpc-max-rpcs", type=int,
                   help="gRPC calls in progress or queued per process; more are refused"
                        " RESOURCE_EXHAUSTED (default 256; env CT_REFEREE_GRPC_MAX_RPCS)")
    s.add_argument("--grpc-max-streams", type=int,
                   help="gRPC streams (reflection, health Watch) open at once per process, each"
                        " on a thread of its own (default 2; env CT_REFEREE_GRPC_MAX_STREAMS)")
    s.add_argument("--grpc-stream-idle", type=float,
                   help="seconds a gRPC stream may wait for its client before it is cancelled"
                        " (default 10; env CT_REFEREE_GRPC_STREAM_IDLE)")
    s.add_argument("--max-request-bytes", type=int, help="request size limit (default 1 MiB)")
    s.add_argument("--request-timeout", type=float, help="per-request time limit, s (default 10)")
    s.add_argument("--max-replay-work", type=int,
                   help="units of work in one Replay answer or CheckRecord (default 2000;"
                        " docs/configuration.md)")
    s.add_argument("--bot-only", action="store_true", default=None,
                   help="serve only the FLN-bot endpoint")
    s.add_argument("--cors-origin", action="append", metavar="ORIGIN",
                   help="let browser pages from ORIGIN (e.g. https://app.example; * = any) call"
                        " the REST API; repeatable (env CT_REFEREE_CORS_ORIGINS, comma-separated)")
    s.add_argument("--no-play-page", action="store_true",
                   help="do not serve the web client at /play (env CT_REFEREE_PLAY_PAGE=false)")
    s.add_argument("--check-issued", choices=CHECK_ISSUED,
                   help="validate again before returning it: every state the referee issues"
                        " (always, the default), or only those made from data the validator"
                        " did not prove (unproven; env CT_REFEREE_CHECK_ISSUED)")
    s.add_argument("--log-level", default="INFO")
    s.set_defaults(run=_run)
