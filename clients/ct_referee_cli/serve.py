"""``ct-referee serve``: flags over the environment over the defaults (service.config), then
``service.serve``."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from service.config import CHECK_ISSUED, from_env
from service.serve import serve


def _run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    secret = args.secret
    if args.secret_file:
        secret = open(args.secret_file, encoding="utf-8").read().strip()
    try:
        cfg = from_env().with_(
            host=args.host, http_port=args.http_port, grpc_port=args.grpc_port,
            redis_url=args.redis_url, cache_size=args.cache_size,
            response_cache_mb=args.response_cache_mb, state_cache_mb=args.state_cache_mb,
            secret=secret.encode() if secret else None, strict=args.strict, seal=args.seal,
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
    s.add_argument("--secret", help="HMAC/sealing secret (env CT_REFEREE_SECRET)")
    s.add_argument("--secret-file", help="read the secret from this file")
    s.add_argument("--strict", action="store_true", default=None,
                   help="accept only states signed by this referee (env CT_REFEREE_STRICT)")
    s.add_argument("--seal", action="store_true", default=None,
                   help="encrypt the hidden part of returned states (env CT_REFEREE_SEAL)")
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
                        " README)")
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
