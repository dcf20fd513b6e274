"""The REST API against its own OpenAPI document, with requests generated from it (schemathesis):
never a server error, every response (status, content type, headers, body) as the document says,
requests the document rules out refused, and methods a path lacks answered 405 with ``Allow``.
(A request the document allows may still be refused: no schema can say what a legal game state
is, so "schema-valid data is accepted" is the one check left out.) Examples per operation: 6
and 8, 25 and 30 under ``--long`` (tests/long.py).

Schemathesis's coverage phase (every boundary and negative case the document defines, and the
methods a path lacks) runs in the first test only: the second's cases differ only in the states
its hook feeds the generated bodies, which the coverage phase does not use. Its cases are built as
the module is collected, by every pytest-xdist worker: for Apply, Validate and Replay (a move of
any of the Move variants, or a list of them) they are some 22,000 of the 23,000, minutes of CPU;
in the default suite those three operations are fuzzed (valid and invalid requests alike) without
the coverage phase, which ``--long`` runs on every operation."""

from __future__ import annotations

import json
import random
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import engine

from service.config import Config
from service.core import Core
from service.rest import create_app
from tests.long import long_runs, sized

# the operations whose coverage phase only --long runs (see above)
COMBINATORIAL = "^/v1/(apply|validate|replay)$"


def _config(coverage: bool) -> schemathesis.config.SchemathesisConfig:
    """The coverage phase on (``--long``: everywhere; else but for COMBINATORIAL) or off."""
    if not coverage:
        return schemathesis.config.SchemathesisConfig.from_dict(
            {"phases": {"coverage": {"enabled": False}}})
    if long_runs():
        return schemathesis.config.SchemathesisConfig.from_dict({})
    return schemathesis.config.SchemathesisConfig.from_dict({"operations": [
        {"include-path-regex": COMBINATORIAL, "phases": {"coverage": {"enabled": False}}}]})


app = create_app(Config(cache_size=64), Core(Config(cache_size=64)))
schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=_config(coverage=True))


@schema.parametrize()
@settings(max_examples=sized(6, 25), deadline=None, suppress_health_check=list(HealthCheck))
def test_rest_api_keeps_to_its_document(case: Any) -> None:
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])


# ---- the same paths fed with real game states and one-field mutations of them ------------------

def _real_states() -> list[tuple[str, list[dict[str, Any]]]]:
    """Mid-game states of the three scenarios (random legal play), with their legal moves."""
    out = []
    rnd = random.Random(10)
    for scenario in ("short", "medium", "full"):
        s = engine.new_game(scenario, rnd.randrange(1 << 30), {"deception": scenario == "short"})
        for step in range(90):
            moves = engine.legal_moves(s)
            if not moves:
                break
            if step % 15 == 7:
                out.append((engine.to_json(s), moves))
            s, _ = engine.apply(s, rnd.choice(moves))
    return out


def _mutate(doc: str, rnd: random.Random) -> str:
    """One field of a state document changed: a value, its type, a container's length (an
    element dropped or duplicated, frames of the pending stack included), or text UTF-8 cannot
    carry."""
    data = json.loads(doc)
    paths: list[tuple[Any, Any]] = []

    def walk(x: Any) -> None:
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            paths.append((x, k))
            walk(v)
    walk(data)
    parent, key = rnd.choice(paths)
    v = parent[key]
    choices: list[Any] = [None, -1, 10**6, "\ud800", "x" * 300, [], {}, True, 1.5]
    if isinstance(v, list) and v:
        choices += [v + [v[-1]], v[:-1], v[::-1]]
    if isinstance(parent, dict):
        choices.append(_DELETE)
    new = rnd.choice(choices)
    if new is _DELETE:
        del parent[key]
    else:
        parent[key] = new
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


_DELETE = object()
_REAL = _real_states()
_RND = random.Random(11)
STATES = [(doc, moves) for doc, moves in _REAL] + [
    (_mutate(doc, _RND), moves) for doc, moves in _REAL for _ in range(6)]

fed = schemathesis.openapi.from_wsgi("/openapi.json", app, config=_config(coverage=False))


@fed.hook
def flatmap_body(context: Any, body: Any) -> Any:
    """A body with a "state" gets a real (or mutated) state, and half the time one of that
    state's legal moves as its move."""
    if not isinstance(body, dict) or "state" not in body:
        return st.just(body)

    def feed(pick: tuple[int, bool]) -> dict[str, Any]:
        doc, moves = STATES[pick[0]]
        out = dict(body, state={"json": doc})
        if pick[1] and ("move" in body or "moves" in body):
            out.pop("moves", None)
            out["move"] = moves[pick[0] % len(moves)]
        return out
    return st.tuples(st.integers(0, len(STATES) - 1), st.booleans()).map(feed)


@fed.parametrize()
@settings(max_examples=sized(8, 30), deadline=None, suppress_health_check=list(HealthCheck))
def test_rest_api_on_real_and_mutated_states(case: Any) -> None:
    """Never a server error, every response as documented. (A request generated to break the
    schema may be mended by the state put in: whether it is refused is left to the test above.)"""
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance,
                                            schemathesis.checks.negative_data_rejection])
