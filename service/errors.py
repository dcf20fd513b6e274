"""The service's errors and their ONE mapping to HTTP and gRPC status codes.

Every failure a client can cause is a ``ServiceError`` with a machine-readable ``code`` (also the
``code`` of the ``ct_referee.v1.Error`` message); transports look the code up in ``STATUS`` and
never decide anything else.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

import grpc

from ct_referee_proto.v1 import referee_pb2 as pb

log = logging.getLogger("ct_referee")

# code -> (HTTP status, gRPC status)
STATUS: dict[str, tuple[int, grpc.StatusCode]] = {
    "invalid_argument": (400, grpc.StatusCode.INVALID_ARGUMENT),   # malformed request
    "invalid_state": (422, grpc.StatusCode.INVALID_ARGUMENT),      # a state the rules reject
    "unsigned_state": (422, grpc.StatusCode.INVALID_ARGUMENT),     # strict mode: no signature
    "bad_signature": (422, grpc.StatusCode.INVALID_ARGUMENT),      # strict mode: wrong signature
    "bad_seal": (422, grpc.StatusCode.INVALID_ARGUMENT),           # sealed part altered/unreadable
    "bad_seat": (403, grpc.StatusCode.PERMISSION_DENIED),          # strict: seat token missing/wrong
    "forked_state": (409, grpc.StatusCode.ALREADY_EXISTS),         # anti-fork: a second successor
    "illegal_move": (422, grpc.StatusCode.FAILED_PRECONDITION),    # not legal in this position
    "wrong_game": (422, grpc.StatusCode.FAILED_PRECONDITION),      # a call not for this game
    "payload_too_large": (413, grpc.StatusCode.RESOURCE_EXHAUSTED),
    "too_many_streams": (429, grpc.StatusCode.RESOURCE_EXHAUSTED),  # gRPC streams open at once
    "deadline_exceeded": (503, grpc.StatusCode.DEADLINE_EXCEEDED),
    "unavailable": (503, grpc.StatusCode.UNAVAILABLE),             # anti-fork: registry down
    "not_found": (404, grpc.StatusCode.NOT_FOUND),
    "method_not_allowed": (405, grpc.StatusCode.UNIMPLEMENTED),
    "unimplemented": (501, grpc.StatusCode.UNIMPLEMENTED),
    "internal": (500, grpc.StatusCode.INTERNAL),
}


MAX_MESSAGE = 500  # characters of an error message (echoes of client input are cut to fit)
MAX_FIELD = 200


def bounded(text: str, limit: int) -> str:
    """``text`` cut to about ``limit`` characters (saying how much was cut), with anything UTF-8
    cannot carry (lone surrogates) written as escapes."""
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text) - limit} more characters)"
    try:
        text.encode()
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode()
    return text


@dataclass
class ServiceError(Exception):
    """A failure reported to the client (never carries internals)."""

    code: str
    message: str
    rule: str = ""
    move_index: int | None = None
    field: str = ""

    def __post_init__(self) -> None:
        assert self.code in STATUS, self.code
        # what a client sent may be echoed, but never whole: bounded, and as valid Unicode
        self.message = bounded(self.message, MAX_MESSAGE)
        self.field = bounded(self.field, MAX_FIELD)
        self.rule = bounded(self.rule, MAX_FIELD)
        super().__init__(self.message)

    @property
    def http_status(self) -> int:
        return STATUS[self.code][0]

    @property
    def grpc_status(self) -> grpc.StatusCode:
        return STATUS[self.code][1]

    def to_proto(self) -> pb.Error:
        e = pb.Error(code=self.code, message=self.message, rule=self.rule, field=self.field)
        if self.move_index is not None:
            e.move_index = self.move_index
        return e

    def to_json(self) -> dict[str, object]:
        """The REST error body (``error_body``)."""
        return error_body(self.code, self.message, self.rule, self.move_index, self.field)

    def to_record(self) -> dict[str, Any]:
        """The error as the result cache keeps it; ``ServiceError(**record)`` makes it again."""
        return {"code": self.code, "message": self.message, "rule": self.rule,
                "move_index": self.move_index, "field": self.field}


def error_body(code: str, message: str, rule: str = "", move_index: int | None = None,
               field: str = "") -> dict[str, object]:
    """An error as REST (and the command line) writes it: {"error": {"code", "message", "rule",
    "move_index", "field"}}, an empty rule or field as null."""
    return {"error": {"code": code, "message": message, "rule": rule or None,
                      "move_index": move_index, "field": field or None}}


def internal() -> ServiceError:
    """The only thing a client learns about an unexpected failure: an id to quote, under which
    the exception being handled is logged (call it from the ``except`` block)."""
    error_id = secrets.token_hex(6)
    log.exception("internal error %s", error_id)
    return ServiceError("internal", f"internal error (id {error_id}); the referee logged it")
