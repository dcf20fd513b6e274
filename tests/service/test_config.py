"""Settings: defaults < environment < flags; refusals of inconsistent settings."""

from __future__ import annotations

import pytest

from service.config import Config, from_env, to_env


def test_environment() -> None:
    c = from_env({"REDIS_URL": "redis://r:6379/0", "CT_REFEREE_STRICT": "true",
                  "CT_REFEREE_SECRET": "s", "CT_REFEREE_HTTP_PORT": "0",
                  "CT_REFEREE_REQUEST_TIMEOUT": "2.5", "CT_REFEREE_WORKERS": "3"})
    assert c.redis_url == "redis://r:6379/0" and c.strict and c.secret == b"s"
    assert c.http_port == 0 and c.request_timeout == 2.5 and c.workers == 3
    assert from_env({}) == Config()
    assert c.with_(http_port=9000, strict=None).http_port == 9000
    with pytest.raises(ValueError):
        from_env({"CT_REFEREE_SEAL": "maybe"})


def test_workers_read_back_exactly_the_settings_they_are_given() -> None:
    for c in (Config(), Config(redis_url="redis://r/1", secret="ké".encode(),
                               strict=True, seal=True, http_port=0, request_timeout=0.5,
                               response_cache_mb=0, bot_only=True)):
        assert from_env(to_env(c)) == c
    # a setting left unset overrides what the environment had
    assert from_env({**to_env(Config()), "CT_REFEREE_REDIS_URL": "redis://x"}).redis_url is None


def test_refusals() -> None:
    with pytest.raises(ValueError):
        Config(strict=True).check()
    with pytest.raises(ValueError):
        Config(seal=True).check()
    with pytest.raises(ValueError):
        Config(http_port=70000).check()
    with pytest.raises(ValueError):
        Config(redis_url="localhost:6379").check()
    Config(secret=b"k", strict=True, seal=True, redis_url="redis://r:6379/0").check()


def test_grpc_limits() -> None:
    c = from_env({"CT_REFEREE_GRPC_MAX_RPCS": "64", "CT_REFEREE_GRPC_MAX_STREAMS": "3",
                  "CT_REFEREE_GRPC_STREAM_IDLE": "1.5"})
    assert (c.grpc_max_rpcs, c.grpc_max_streams, c.grpc_stream_idle) == (64, 3, 1.5)
    for bad in ({"grpc_max_rpcs": 0}, {"grpc_max_streams": 0}, {"grpc_stream_idle": 0.0}):
        with pytest.raises(ValueError, match="grpc_"):
            Config(**bad).check()
