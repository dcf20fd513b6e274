"""The gRPC transport: serves ``ct_referee.v1.Referee`` (and ``FlnBot`` once the bot is part of
the build) from the one application core, with the standard health service and server reflection.

Errors are mapped once (``errors.STATUS``): the status code, a message, and a
``google.rpc.Status`` detail carrying the ``ct_referee.v1.Error`` message (code, rule, move_index,
field) in the ``grpc-status-details-bin`` trailer (``grpc_status.rpc_status.from_call`` reads it).
"""

from __future__ import annotations

import threading
from concurrent import futures
from typing import Any, Callable, Iterator

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message
from google.rpc import status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from . import reflection
from .config import Config
from .core import Core
from .errors import ServiceError
from .operations import FLN_BOT, GOV_BOT, OPERATIONS, REFEREE, Operation


def abort(context: grpc.ServicerContext, err: ServiceError) -> None:
    detail = any_pb2.Any()
    detail.Pack(err.to_proto())
    st = status_pb2.Status(code=err.grpc_status.value[0], message=err.message, details=[detail])
    context.abort_with_status(rpc_status.to_status(st))


def _decoder(cls: type[Message]) -> Callable[[bytes], Message]:
    def decode(raw: bytes) -> Message:
        try:
            return cls.FromString(raw)
        except DecodeError as e:
            raise ServiceError("invalid_argument", f"malformed request: {e}") from None
    return decode


def _encode(msg: Message) -> bytes:
    return msg.SerializeToString()


def _handlers(core: Core, service: str) -> grpc.GenericRpcHandler:
    """The service's methods on the wire's bytes: the core decodes, runs (or answers from its
    response cache) and encodes; errors are mapped here, once."""
    def method(op: Operation) -> grpc.RpcMethodHandler[bytes, bytes]:
        decode = _decoder(op.request)
        name, label = op.core_method, op.label

        def unary(raw: bytes, context: grpc.ServicerContext) -> bytes:
            with core.metrics.observe("grpc", label) as outcome:
                call = core.call(context.time_remaining())
                try:
                    body = core.handle(name, "proto", raw, decode, _encode, call)
                except ServiceError as e:
                    outcome[0] = e.code
                    abort(context, e)
                    raise  # abort raises; this keeps type checkers informed
                context.set_trailing_metadata((("x-cache", call.cache),))
                return body
        return grpc.unary_unary_rpc_method_handler(unary)

    return grpc.method_handlers_generic_handler(
        service, {op.rpc: method(op) for op in OPERATIONS if op.service == service})


class StreamLimits(grpc.ServerInterceptor):
    """Every streaming RPC (server reflection, health ``Watch``) holds a handler thread for as
    long as it is open, so at most ``limit`` are open at once (more: ``too_many_streams``,
    RESOURCE_EXHAUSTED, at once), each on a thread of its own beyond the ``threads`` that unary calls use (so NewGame and
    the health ``Check`` never wait for a stream), and one whose client has sent nothing for
    ``idle`` seconds is cancelled. docs/trust.md, "Availability limits"."""

    def __init__(self, limit: int, idle: float) -> None:
        self.limit, self.idle = limit, idle
        self.open = threading.BoundedSemaphore(limit)

    def intercept_service(self, continuation: Callable[[Any], Any], details: Any) -> Any:
        handler = continuation(details)
        if handler is None or not handler.response_streaming:
            return handler
        if handler.request_streaming:
            return grpc.stream_stream_rpc_method_handler(
                self._gate(handler.stream_stream, True), handler.request_deserializer,
                handler.response_serializer)
        return grpc.unary_stream_rpc_method_handler(
            self._gate(handler.unary_stream, False), handler.request_deserializer,
            handler.response_serializer)

    def _gate(self, behaviour: Callable[[Any, grpc.ServicerContext], Iterator[Any]],
              streamed: bool) -> Callable[[Any, grpc.ServicerContext], Iterator[Any]]:
        def run(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            if not self.open.acquire(blocking=False):
                abort(context, ServiceError(
                    "too_many_streams", f"at most {self.limit} streams may be open at once"
                    " (--grpc-max-streams); try again later"))
            timer = _IdleTimer(context, self.idle)
            try:
                yield from behaviour(timer.watch(request) if streamed else request, context)
            finally:
                timer.stop()
                self.open.release()
        return run


class _IdleTimer:
    """Cancels an RPC ``idle`` seconds after it began or after its client's last message."""

    def __init__(self, context: grpc.ServicerContext, idle: float) -> None:
        self.context, self.idle = context, idle
        self.lock = threading.Lock()
        self.timer: threading.Timer | None = None
        self.reset()

    def reset(self) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = threading.Timer(self.idle, self.context.cancel)
            self.timer.daemon = True
            self.timer.start()

    def stop(self) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

    def watch(self, requests: Iterator[Any]) -> Iterator[Any]:
        for r in requests:
            self.reset()
            yield r


def create_server(addr: str, config: Config | None = None, core: Core | None = None
                  ) -> tuple[grpc.Server, int]:
    """A started-ready (not yet started) gRPC server bound to ``addr`` ("host:port", port 0 = any
    free port); returns (server, bound port). Call ``server.start()``."""
    config = config or Config()
    core = core or Core(config)
    # ``threads`` for unary calls, plus one for each stream that may be open (StreamLimits)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=config.threads + config.grpc_max_streams,
                                   thread_name_prefix="grpc"),
        interceptors=[StreamLimits(config.grpc_max_streams, config.grpc_stream_idle)],
        maximum_concurrent_rpcs=config.grpc_max_rpcs,
        options=[("grpc.max_receive_message_length", config.max_request_bytes),
                 ("grpc.max_send_message_length", 64 << 20),
                 ("grpc.so_reuseport", 1)],
    )
    names = []
    if not config.bot_only:
        server.add_generic_rpc_handlers((_handlers(core, REFEREE),))
        names.append(REFEREE)
    if core.bot_available:  # FlnBot is registered only once the bot is part of the build
        server.add_generic_rpc_handlers((_handlers(core, FLN_BOT),))
        names.append(FLN_BOT)
    server.add_generic_rpc_handlers((_handlers(core, GOV_BOT),))  # engine.govbot: always built
    names.append(GOV_BOT)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ["", *names]:
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable([*names, health.SERVICE_NAME], server)
    port = server.add_insecure_port(addr)
    if port == 0:
        raise OSError(f"cannot bind gRPC to {addr}")
    return server, port
