"""ct-referee service: one application core (``service.core``) served over gRPC
(``service.grpc_server``) and REST (``service.rest``).

The engine never imports anything from here; the service only calls the engine's public API.
"""

from __future__ import annotations

__all__: list[str] = []
