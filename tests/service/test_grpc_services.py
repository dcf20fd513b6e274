"""The standard gRPC health service and server reflection (what grpcurl uses)."""

from __future__ import annotations

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from .conftest import Servers


def test_health_service(servers: Servers) -> None:
    with grpc.insecure_channel(servers.grpc) as ch:
        stub = health_pb2_grpc.HealthStub(ch)
        for name in ("", "ct_referee.v1.Referee"):
            r = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
            assert r.status == health_pb2.HealthCheckResponse.SERVING


def test_server_reflection(servers: Servers) -> None:
    with grpc.insecure_channel(servers.grpc) as ch:
        stub = reflection_pb2_grpc.ServerReflectionStub(ch)
        reqs = [reflection_pb2.ServerReflectionRequest(list_services=""),
                reflection_pb2.ServerReflectionRequest(
                    file_containing_symbol="ct_referee.v1.Referee")]
        answers = list(stub.ServerReflectionInfo(iter(reqs), timeout=5))
        names = {s.name for s in answers[0].list_services_response.service}
        assert "ct_referee.v1.Referee" in names and "grpc.health.v1.Health" in names
        assert "ct_referee.v1.FlnBot" in names
        files = answers[1].file_descriptor_response.file_descriptor_proto
        assert files and b"ct_referee/v1/referee.proto" in files[0]


def test_server_reflection_v1(servers: Servers) -> None:
    """grpcurl asks grpc.reflection.v1 first: the same messages as v1alpha under another name."""
    with grpc.insecure_channel(servers.grpc) as ch:
        info = ch.stream_stream(
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString)
        reqs = [reflection_pb2.ServerReflectionRequest(list_services=""),
                reflection_pb2.ServerReflectionRequest(
                    file_containing_symbol="ct_referee.v1.Referee"),
                reflection_pb2.ServerReflectionRequest(
                    file_containing_symbol="grpc.reflection.v1.ServerReflection")]
        answers = list(info(iter(reqs), timeout=5))
    names = {s.name for s in answers[0].list_services_response.service}
    assert {"ct_referee.v1.Referee", "grpc.reflection.v1.ServerReflection",
            "grpc.reflection.v1alpha.ServerReflection"} <= names
    assert b"ct_referee/v1/referee.proto" in \
        answers[1].file_descriptor_response.file_descriptor_proto[0]
    assert b"grpc/reflection/v1/reflection.proto" in \
        answers[2].file_descriptor_response.file_descriptor_proto[0]
