"""The REST API against its own OpenAPI document, with requests generated from it (schemathesis):
never a server error, every response (status, content type, headers, body) as the document says,
requests the document rules out refused, and methods a path lacks answered 405 with ``Allow``.
(A request the document allows may still be refused: no schema can say what a legal game state
is, so "schema-valid data is accepted" is the one check left out.)"""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from service.config import Config
from service.core import Core
from service.rest import create_app

app = create_app(Config(cache_size=64), Core(Config(cache_size=64)))
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_rest_api_keeps_to_its_document(case: Any) -> None:
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])
