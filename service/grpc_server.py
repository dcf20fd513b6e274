"""The gRPC transport: serves ``ct_referee.v1.Referee`` (and ``FlnBot`` once the bot is part of
the build) from the one application core, with the standard health service and server reflection.

Errors are mapped once (``errors.STATUS``): the status code, a message, and a
``google.rpc.Status`` detail carrying the ``ct_referee.v1.Error`` message (code, rule, move_index,
field) in the ``grpc-status-details-bin`` trailer (``grpc_status.rpc_status.from_call`` reads it).
"""

from __future__ import annotations

import logging
import secrets
from concurrent import futures
from typing import Any, Callable, TypeVar

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import Message
from google.rpc import status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from grpc_status import rpc_status

from ct_referee_proto.v1 import referee_pb2 as pb
from ct_referee_proto.v1 import referee_pb2_grpc as pb_grpc

from .config import Config
from .core import Core
from .errors import ServiceError, internal

log = logging.getLogger("ct_referee.grpc")
Req = TypeVar("Req", bound=Message)
Resp = TypeVar("Resp", bound=Message)
REFEREE = pb.DESCRIPTOR.services_by_name["Referee"].full_name
FLN_BOT = pb.DESCRIPTOR.services_by_name["FlnBot"].full_name


def abort(context: grpc.ServicerContext, err: ServiceError) -> None:
    detail = any_pb2.Any()
    detail.Pack(err.to_proto())
    st = status_pb2.Status(code=err.grpc_status.value[0], message=err.message, details=[detail])
    context.abort_with_status(rpc_status.to_status(st))


class _Base:
    def __init__(self, core: Core) -> None:
        self.core = core

    def _serve(self, name: str, method: Callable[[Req, Any], Resp], req: Req,
               context: grpc.ServicerContext) -> Resp:
        with self.core.metrics.observe("grpc", name) as outcome:
            remaining = context.time_remaining()
            call = self.core.call(remaining)
            try:
                resp: Resp = self.core.guard(lambda: method(req, call))
            except ServiceError as e:
                outcome[0] = e.code
                abort(context, e)
                raise  # abort raises; this keeps type checkers informed
            context.set_trailing_metadata((("x-cache", call.cache),))
            return resp


class RefereeServicer(_Base, pb_grpc.RefereeServicer):
    def ListScenarios(self, request: pb.ListScenariosRequest, context: grpc.ServicerContext
                      ) -> pb.ListScenariosResponse:
        return self._serve("scenarios", self.core.list_scenarios, request, context)

    def NewGame(self, request: pb.NewGameRequest, context: grpc.ServicerContext
                ) -> pb.NewGameResponse:
        return self._serve("games", self.core.new_game, request, context)

    def LegalMoves(self, request: pb.LegalMovesRequest, context: grpc.ServicerContext
                   ) -> pb.LegalMovesResponse:
        return self._serve("legal-moves", self.core.legal_moves, request, context)

    def Apply(self, request: pb.ApplyRequest, context: grpc.ServicerContext) -> pb.ApplyResponse:
        return self._serve("apply", self.core.apply, request, context)

    def Validate(self, request: pb.ValidateRequest, context: grpc.ServicerContext
                 ) -> pb.ValidateResponse:
        return self._serve("validate", self.core.validate, request, context)

    def View(self, request: pb.ViewRequest, context: grpc.ServicerContext) -> pb.ViewResponse:
        return self._serve("view", self.core.view, request, context)


class FlnBotServicer(_Base, pb_grpc.FlnBotServicer):
    def Decide(self, request: pb.DecideRequest, context: grpc.ServicerContext
               ) -> pb.DecideResponse:
        return self._serve("bot/fln/decide", self.core.decide, request, context)


class _CrashGuard(grpc.ServerInterceptor):
    """Last resort: an exception escaping a handler becomes INTERNAL with an id, no internals."""

    def intercept_service(self, continuation: Any, handler_call_details: Any) -> Any:
        handler = continuation(handler_call_details)
        if handler is None or handler.unary_unary is None:
            return handler
        inner = handler.unary_unary

        def guarded(request: Any, context: grpc.ServicerContext) -> Any:
            try:
                return inner(request, context)
            except Exception:
                if context.code() is not None:  # type: ignore[attr-defined]  # aborted already
                    raise
                eid = secrets.token_hex(6)
                log.exception("internal error %s", eid)
                abort(context, internal(eid))

        return grpc.unary_unary_rpc_method_handler(
            guarded, request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer)


def create_server(addr: str, config: Config | None = None, core: Core | None = None
                  ) -> tuple[grpc.Server, int]:
    """A started-ready (not yet started) gRPC server bound to ``addr`` ("host:port", port 0 = any
    free port); returns (server, bound port). Call ``server.start()``."""
    config = config or Config()
    core = core or Core(config)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=config.threads, thread_name_prefix="grpc"),
        interceptors=[_CrashGuard()],
        options=[("grpc.max_receive_message_length", config.max_request_bytes),
                 ("grpc.max_send_message_length", 64 << 20),
                 ("grpc.so_reuseport", 1)],
    )
    names = []
    if not config.bot_only:
        pb_grpc.add_RefereeServicer_to_server(RefereeServicer(core), server)
        names.append(REFEREE)
    if core.bot_available:  # FlnBot is registered only once the bot is part of the build
        pb_grpc.add_FlnBotServicer_to_server(FlnBotServicer(core), server)
        names.append(FLN_BOT)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ["", *names]:
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        [*names, health.SERVICE_NAME, reflection.SERVICE_NAME], server)
    port = server.add_insecure_port(addr)
    if port == 0:
        raise OSError(f"cannot bind gRPC to {addr}")
    return server, port
