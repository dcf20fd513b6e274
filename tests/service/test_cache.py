"""Cache hit and miss through both transports (Redis), visible in X-Cache / x-cache and in
/metrics; a hit gives the same answer as the miss. A repeated request is answered whole from the
response tier; the same request in another encoding, or after the response tier forgot it, from
the result tier (Redis)."""

from __future__ import annotations

import re
import urllib.request

from ct_referee_client import Client, GrpcTransport, RestTransport

from .conftest import Servers


def cache_of(c: Client) -> str:
    t = c.transport
    if isinstance(t, RestTransport):
        return t.last_headers["x-cache"]
    assert isinstance(t, GrpcTransport)
    return t.last_metadata["x-cache"]


def metric(servers: Servers, name: str, labels: str = "") -> float:
    with urllib.request.urlopen(servers.http + "/metrics") as r:
        text = r.read().decode()
    m = re.search(rf"^{name}{re.escape(labels)} ([0-9.e+]+)$", text, re.M)
    return float(m.group(1)) if m else 0.0


RESPONSE = '{tier="response"}'
RESULT = '{tier="result"}'


def test_hit_and_miss(client: Client, servers: Servers) -> None:
    seed = 4242 + (0 if isinstance(client.transport, RestTransport) else 1)
    servers.core.cache._client.flushdb()  # type: ignore[attr-defined]
    hits0 = metric(servers, "ct_referee_cache_hits_total", RESPONSE)
    misses0 = metric(servers, "ct_referee_cache_misses_total")
    g = client.new_game("short", seed)
    assert cache_of(client) == "miss"
    g2 = client.new_game("short", seed)
    assert cache_of(client) == "hit"
    assert g2.state == g.state and g2.legal_moves == g.legal_moves
    a = client.legal_moves(g.state, "gov")
    assert cache_of(client) == "miss"
    b = client.legal_moves(g.state, "gov")
    assert cache_of(client) == "hit" and a == b
    client.legal_moves(g.state, "fln")  # another request: another key
    assert cache_of(client) == "miss"
    r1 = client.apply(g.state, g.legal_moves[-1])
    assert cache_of(client) == "miss"
    r2 = client.apply(g.state, g.legal_moves[-1])
    assert cache_of(client) == "hit" and r1 == r2
    assert metric(servers, "ct_referee_cache_hits_total", RESPONSE) >= hits0 + 3
    assert metric(servers, "ct_referee_cache_misses_total") >= misses0 + 4


def test_the_result_tier_answers_another_encoding(servers: Servers) -> None:
    """The same Apply as JSON with other spacing: not the same bytes, the same request."""
    import json

    g = Client(RestTransport(servers.http)).new_game("short", 4343)
    from google.protobuf import json_format

    doc = {"state": json_format.MessageToDict(g.state, preserving_proto_field_name=True),
           "move": json_format.MessageToDict(g.legal_moves[0],
                                             preserving_proto_field_name=True)}
    bodies = [json.dumps(doc).encode(), json.dumps(doc, indent=2).encode()]
    answers = []
    for body, want in zip(bodies + bodies[:1], ("miss", "hit", "hit")):
        before = (metric(servers, "ct_referee_cache_hits_total", RESPONSE),
                  metric(servers, "ct_referee_cache_hits_total", RESULT))
        req = urllib.request.Request(servers.http + "/v1/apply", data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            assert r.headers["X-Cache"] == want
            answers.append(json.loads(r.read()))
        after = (metric(servers, "ct_referee_cache_hits_total", RESPONSE),
                 metric(servers, "ct_referee_cache_hits_total", RESULT))
        if want == "hit":  # the second body from the result tier, the repeat from the response
            tier = 1 if body is bodies[1] else 0
            assert after[tier] == before[tier] + 1 and after[1 - tier] == before[1 - tier]
    assert answers[0]["legal_moves"] == answers[1]["legal_moves"] == answers[2]["legal_moves"]
    assert answers[0]["state"]["json"] == answers[1]["state"]["json"]


def test_illegal_moves_are_cached_too(client: Client) -> None:
    g = client.new_game("short", 77 if isinstance(client.transport, RestTransport) else 78)
    for want in ("miss", "hit"):
        v = client.validate(g.state, {"t": "nope"})
        assert not v.legal and cache_of(client) == want


def test_service_endpoints(servers: Servers) -> None:
    import json

    with urllib.request.urlopen(servers.http + "/healthz") as r:
        assert json.loads(r.read()) == {"status": "ok"}
    with urllib.request.urlopen(servers.http + "/readyz") as r:
        ready = json.loads(r.read())
    assert ready["status"] == "ok" and ready["cache"]["backend"] == "redis"
    with urllib.request.urlopen(servers.http + "/openapi.json") as r:
        doc = json.loads(r.read())
    assert doc["openapi"].startswith("3.")
    for path in ("/v1/scenarios", "/v1/games", "/v1/legal-moves", "/v1/apply", "/v1/validate",
                 "/v1/view", "/v1/bot/fln/decide"):
        assert path in doc["paths"]
    assert "Move" in doc["components"]["schemas"]
    with urllib.request.urlopen(servers.http + "/docs") as r:
        page = r.read().decode()
    assert "/v1/apply" in page and "<html" in page
    with urllib.request.urlopen(servers.http + "/metrics") as r:
        text = r.read().decode()
    assert "ct_referee_request_seconds_bucket" in text
    assert 'ct_referee_requests_total{code="ok",endpoint="games",transport="rest"}' in text


def test_list_scenarios_and_view(client: Client, servers: Servers) -> None:
    import json

    from google.protobuf import json_format

    sc = client.list_scenarios()
    assert [s.name for s in sc.scenarios] == ["short", "medium", "full"]
    seed = 5150 + (0 if isinstance(client.transport, RestTransport) else 1)
    g = client.new_game("short", seed)
    v = client.view(g.state, "gov")
    assert v.role == "gov" and len(v.spaces) == 30
    assert v.resources.gov == 20 and v.commitment == 15
    assert v.cards.set_aside_count == 24
    assert v.cards.deck_left > 0

    def keys(x: object) -> set[str]:
        if isinstance(x, dict):
            return set(x) | {k for val in x.values() for k in keys(val)}
        if isinstance(x, list):
            return {k for val in x for k in keys(val)}
        return set()

    # The draw deck's order, the set-aside Events and the random generator are hidden
    # (docs/state.md, "Views"):
    # the view names them as hidden, and no key of the view is named after one of them.
    secret = {"rng", "deck", "seed", "counter"}  # (boxes.set_aside is the open Suez box)
    assert json_format.MessageToDict(v.extra)["hidden"] == ["rng", "cards.deck",
                                                            "cards.set_aside"]
    wire = json_format.MessageToDict(v, preserving_proto_field_name=True)
    assert not keys(wire) & secret and not keys(wire["cards"]) & {"set_aside"}
    # What engine.view produced for this request, as the service keeps it in Redis: the hidden
    # parts are blanked, not merely left out of the wire format.
    core = servers.core
    key = core._key("view", core.trust.open(g.state), "gov")
    raw = core.cache._client.get(core.cache.PREFIX + key)  # type: ignore[attr-defined]
    assert raw is not None
    rec = json.loads(raw)["view"]
    assert rec["rng"] is None
    assert rec["cards"]["deck"] is None and rec["cards"]["set_aside"] is None
    # and on the wire: no key named after a hidden part anywhere in the response body
    doc = {"state": json_format.MessageToDict(g.state, preserving_proto_field_name=True),
           "role": "gov"}
    req = urllib.request.Request(servers.http + "/v1/view", data=json.dumps(doc).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        body = json.loads(r.read())
    assert body["view"]["cards"]["set_aside_count"] == 24
    assert not keys(body) & secret and not keys(body["view"]["cards"]) & {"set_aside"}
