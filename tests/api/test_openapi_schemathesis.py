"""Property-based run of the OpenAPI document with schemathesis: no 5xx, responses match their schemas.

Bounded: a few dozen generated requests per operation (a few hundred in all), both
schema-valid and schema-breaking ones, against a fresh app in process (WSGI).
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks
from schemathesis.config import SchemathesisConfig

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def api_schema(make_app):
    app = make_app(MAX_BATCH_ITEMS=20, MAX_DUPLICATE_ANSWERS=12)
    # 413 is how this API refuses more items than the limit (maxItems in the document).
    config = SchemathesisConfig.from_dict(
        {"checks": {"negative_data_rejection": {"expected-statuses": [400, 404, 405, 413, 415, 422]}}})
    return schemathesis.openapi.from_wsgi("/openapi.json", app, config=config)


schema = schemathesis.pytest.from_fixture("api_schema")

CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_schema_conformance, checks.response_headers_conformance,
          checks.negative_data_rejection, checks.unsupported_method]


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_openapi_document_holds(case):
    case.call_and_validate(checks=CHECKS)
