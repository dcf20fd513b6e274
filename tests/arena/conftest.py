"""The arena tests use the service tests' real servers and Redis."""

from tests.service.conftest import redis_url, servers  # noqa: F401
