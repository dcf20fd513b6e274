"""Service settings: defaults < environment (``CT_REFEREE_*``, ``REDIS_URL``) < flags."""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}
CHECK_ISSUED = ("always", "unproven")
SECRET_FILE_ENV = "CT_REFEREE_SECRET_FILE"
SECRET_BYTES = 32                       # a generated secret: 256 random bits, hex


@dataclass(frozen=True)
class Config:
    """Everything the service can be told; documented in docs/configuration.md's table."""

    host: str = "0.0.0.0"
    http_port: int = 8080
    grpc_port: int = 50051
    redis_url: str | None = None        # None: the embedded in-process LRU cache
    cache_size: int = 4096              # entries of the in-process LRU
    cache_ttl: int = 86400              # seconds a Redis entry lives
    response_cache_mb: int = 64         # in-process cache of whole responses (0 = none)
    state_cache_mb: int = 4             # MiB of state documents kept parsed, to skip parsing
    redis_timeout: float = 0.2          # seconds per Redis command before it counts as failed
    redis_retry: float = 1.0            # seconds between reconnection attempts while degraded
    secret: bytes | None = field(default=None, repr=False)  # HMAC / sealing key material
    strict: bool = False                # accept only states carrying the referee's signature
    seal: bool = False                  # encrypt the hidden part of returned states
    anti_fork: bool = False             # one successor per (game, sequence), kept in Redis
    anti_fork_redis_url: str | None = None  # the registry's Redis (None: the cache's)
    game_ttl: int = 30 * 86400          # seconds the anti-fork registry remembers a successor
    max_request_bytes: int = 1 << 20    # larger requests: 413 / RESOURCE_EXHAUSTED
    request_timeout: float = 10.0       # seconds of work per request
    max_moves: int = 1000               # moves in one Apply/Validate request
    max_replay_work: int = 2000         # units of work in one Replay answer or CheckRecord
                                        # (service/replay.py, service/records.py)
    workers: int = 1                    # server processes (SO_REUSEPORT)
    threads: int = 4                    # HTTP threads and gRPC handler threads per process
    grpc_max_rpcs: int = 256            # gRPC calls running or queued per process (more: refused)
    grpc_max_streams: int = 2           # gRPC streams open at once per process, a thread each
    grpc_stream_idle: float = 10.0      # seconds a gRPC stream may wait for its client
    bot_only: bool = False              # serve only the bots' endpoints (FLN and Government)
    # Origins whose browser pages may call the REST API (CORS); "*" = any; empty = none
    cors_origins: tuple[str, ...] = ()
    play_page: bool = True              # serve the web client (clients/web/) at /play
    # which states the referee validates again before it returns them (docs/trust.md):
    # "unproven" = those made from frame data the validator did not prove, "always" = every one
    check_issued: str = "always"

    def check(self) -> None:
        if (self.strict or self.seal) and not self.secret:
            raise ValueError("--strict and --seal need a secret (CT_REFEREE_SECRET or --secret)")
        if self.anti_fork and not (self.strict and (self.anti_fork_redis_url or self.redis_url)):
            raise ValueError("--anti-fork needs --strict (and so a secret) and a Redis URL")
        for name in ("http_port", "grpc_port"):
            port = getattr(self, name)
            if not 0 <= port <= 65535:
                raise ValueError(f"{name} must be 0-65535")
        if self.workers < 1 or self.threads < 1:
            raise ValueError("workers and threads must be >= 1")
        if self.grpc_max_rpcs < 1 or self.grpc_max_streams < 1 or self.grpc_stream_idle <= 0:
            raise ValueError("grpc_max_rpcs and grpc_max_streams must be >= 1,"
                             " grpc_stream_idle positive")
        if min(self.cache_size, self.response_cache_mb, self.state_cache_mb) < 0:
            raise ValueError("cache_size, response_cache_mb and state_cache_mb must be >= 0")
        for url in (self.redis_url, self.anti_fork_redis_url):
            if url and not url.startswith(("redis://", "rediss://", "unix://")):
                raise ValueError("a Redis URL must start with redis://, rediss:// or unix://")
        if self.request_timeout <= 0 or self.max_request_bytes <= 0:
            raise ValueError("request_timeout and max_request_bytes must be positive")
        if self.max_moves < 1 or self.max_replay_work < 1:
            raise ValueError("max_moves and max_replay_work must be >= 1")
        if self.check_issued not in CHECK_ISSUED:
            raise ValueError(f"check_issued must be one of {', '.join(CHECK_ISSUED)}")
        for o in self.cors_origins:
            if o != "*" and not re.fullmatch(r"https?://[^/\s,]+", o):
                raise ValueError(f"CORS origin {o!r} is not \"*\" or scheme://host[:port]")

    def with_(self, **changes: Any) -> Config:
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


ENV = {
    "host": "CT_REFEREE_HOST", "http_port": "CT_REFEREE_HTTP_PORT",
    "grpc_port": "CT_REFEREE_GRPC_PORT", "redis_url": "REDIS_URL",
    "cache_size": "CT_REFEREE_CACHE_SIZE", "cache_ttl": "CT_REFEREE_CACHE_TTL",
    "response_cache_mb": "CT_REFEREE_RESPONSE_CACHE_MB",
    "state_cache_mb": "CT_REFEREE_STATE_CACHE_MB",
    "redis_timeout": "CT_REFEREE_REDIS_TIMEOUT", "redis_retry": "CT_REFEREE_REDIS_RETRY",
    "secret": "CT_REFEREE_SECRET", "strict": "CT_REFEREE_STRICT", "seal": "CT_REFEREE_SEAL",
    "anti_fork": "CT_REFEREE_ANTI_FORK", "game_ttl": "CT_REFEREE_GAME_TTL",
    "anti_fork_redis_url": "CT_REFEREE_ANTI_FORK_REDIS_URL",
    "max_request_bytes": "CT_REFEREE_MAX_REQUEST_BYTES",
    "request_timeout": "CT_REFEREE_REQUEST_TIMEOUT", "max_moves": "CT_REFEREE_MAX_MOVES",
    "max_replay_work": "CT_REFEREE_MAX_REPLAY_WORK",
    "workers": "CT_REFEREE_WORKERS", "threads": "CT_REFEREE_THREADS",
    "grpc_max_rpcs": "CT_REFEREE_GRPC_MAX_RPCS", "grpc_max_streams": "CT_REFEREE_GRPC_MAX_STREAMS",
    "grpc_stream_idle": "CT_REFEREE_GRPC_STREAM_IDLE",
    "bot_only": "CT_REFEREE_BOT_ONLY", "cors_origins": "CT_REFEREE_CORS_ORIGINS",
    "play_page": "CT_REFEREE_PLAY_PAGE", "check_issued": "CT_REFEREE_CHECK_ISSUED",
}


def _parse(name: str, typ: Any, raw: str) -> Any:
    t = str(typ)
    if "bool" in t:
        low = raw.strip().lower()
        if low in TRUE:
            return True
        if low in FALSE:
            return False
        raise ValueError(f"{ENV[name]} must be true or false")
    if "tuple" in t:  # a comma-separated list
        return tuple(x.strip() for x in raw.split(",") if x.strip())
    if "bytes" in t:
        return raw.encode() if raw else None
    if "int" in t:
        return int(raw)
    if "float" in t:
        return float(raw)
    return raw or None


def from_env(env: Mapping[str, str] | None = None, base: Config | None = None) -> Config:
    """Settings from the environment (``REDIS_URL`` also via ``CT_REFEREE_REDIS_URL``)."""
    env = os.environ if env is None else env
    cfg = base or Config()
    changes: dict[str, Any] = {}
    for f in fields(Config):
        var = ENV[f.name]
        raw = env.get(var)
        if f.name == "redis_url" and raw is None:
            raw = env.get("CT_REFEREE_REDIS_URL")
        if raw is not None:
            changes[f.name] = _parse(f.name, f.type, raw)
    return replace(cfg, **changes)


def host_in_address(host: str) -> str:
    """``host`` as it goes before ``:port`` in an address or URL (an IPv6 address bracketed)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def to_env(config: Config) -> dict[str, str]:
    """The settings as the environment that ``from_env`` reads back (for worker processes)."""
    out: dict[str, str] = {}
    for f in fields(Config):
        v = getattr(config, f.name)
        if v is None:
            out[ENV[f.name]] = ""
        elif isinstance(v, bool):
            out[ENV[f.name]] = "true" if v else "false"
        elif isinstance(v, tuple):
            out[ENV[f.name]] = ",".join(v)
        elif isinstance(v, bytes):
            out[ENV[f.name]] = v.decode()
        else:
            out[ENV[f.name]] = str(v)
    return out


# --- the referee's own secret (``ct-referee serve`` without one: docs/trust.md) ----------------


def default_secret_file(env: Mapping[str, str] | None = None) -> str:
    """Where ``serve`` keeps the secret it generates: ``CT_REFEREE_SECRET_FILE``, else
    ``$XDG_DATA_HOME/ct-referee/secret``, else ``~/.local/share/ct-referee/secret``."""
    env = os.environ if env is None else env
    if env.get(SECRET_FILE_ENV):
        return env[SECRET_FILE_ENV]
    data = env.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(data, "ct-referee", "secret")


def read_or_create_secret(path: str) -> tuple[bytes, bool]:
    """The secret kept in ``path`` (its text, stripped), and whether it was created now: a
    missing file is created with a new random secret, readable by its owner only (0600, in a
    directory made 0700), so that a restarted referee keeps the games it sealed and signed.
    Raises ValueError naming the file when it cannot be read or written, or is empty."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read().strip()
        created = False
    except FileNotFoundError:
        text, created = secrets.token_hex(SECRET_BYTES), True
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), mode=0o700, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process created it meanwhile: read its secret
            return read_or_create_secret(path)
        except OSError as e:
            raise ValueError(f"cannot create the secret file {path}: {e.strerror}") from None
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"cannot read the secret file {path}: {e}") from None
    if not text:
        raise ValueError(f"the secret file {path} is empty")
    return text.encode(), created
