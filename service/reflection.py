"""gRPC server reflection under both of its names: ``grpc.reflection.v1`` (what grpcurl and
current tools ask first) and ``grpc.reflection.v1alpha`` (older tools).

grpcio-reflection implements v1alpha only. The v1 protocol is the same messages under another
package name, the same bytes on the wire, so one servicer answers both, registered under each
name with v1alpha's (de)serializers, and a v1 copy of the reflection file descriptor
is added to the default pool so that v1 can describe itself.
"""

from __future__ import annotations

from typing import Sequence

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection, reflection_pb2

V1ALPHA = reflection.SERVICE_NAME
V1 = "grpc.reflection.v1.ServerReflection"
_V1_FILE = "grpc/reflection/v1/reflection.proto"


def _add_v1_descriptor() -> None:
    pool = descriptor_pool.Default()
    try:
        pool.FindFileByName(_V1_FILE)
        return
    except KeyError:
        pass
    fdp = descriptor_pb2.FileDescriptorProto.FromString(reflection_pb2.DESCRIPTOR.serialized_pb)
    old, new = "grpc.reflection.v1alpha", "grpc.reflection.v1"
    fdp.name, fdp.package = _V1_FILE, new

    def rename(messages: Sequence[descriptor_pb2.DescriptorProto]) -> None:
        for m in messages:
            for f in m.field:
                if f.HasField("type_name"):
                    f.type_name = f.type_name.replace(f".{old}.", f".{new}.")
            rename(m.nested_type)

    rename(fdp.message_type)
    for s in fdp.service:
        for meth in s.method:
            meth.input_type = meth.input_type.replace(f".{old}.", f".{new}.")
            meth.output_type = meth.output_type.replace(f".{old}.", f".{new}.")
    pool.AddSerializedFile(fdp.SerializeToString())


def enable(service_names: Sequence[str], server: grpc.Server) -> None:
    """Serve reflection (v1 and v1alpha) of ``service_names`` and of reflection itself."""
    _add_v1_descriptor()
    servicer = reflection.ReflectionServicer([*service_names, V1, V1ALPHA])
    info = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString)
    server.add_generic_rpc_handlers(tuple(
        grpc.method_handlers_generic_handler(name, {"ServerReflectionInfo": info})
        for name in (V1, V1ALPHA)))
