"""Signed states of this engine build are read without validating them again; every other state
(unsigned, signed wrongly, signed by another engine build) is validated in full (docs/trust.md,
"Signed states skip validation")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import algeria
import engine
from ct_referee_proto.v1 import referee_pb2 as pb
from referee_core.jsontext import dumps
from service.config import Config
from service.core import Core
from service.errors import ServiceError
from service.trust import SIG_PREFIX, Trust, build_tag

SECRET = b"tournament-secret"


def core(strict: bool = False, check_issued: str = "unproven") -> Core:
    # every cache off: each request reads its state
    return Core(Config(secret=SECRET, strict=strict, cache_size=0, response_cache_mb=0,
                       state_cache_mb=0, check_issued=check_issued), bot=None)


def first_state() -> tuple[str, str]:
    """A valid document and one the validator rejects on ``commitment`` only (1.8: 0-50),
    which no move of its first decision changes."""
    s = engine.new_game("short", 4, {})
    doc = engine.to_json(s)
    data = json.loads(doc)
    data["commitment"] = 51
    return doc, dumps(data)


def error(fn: Any, *a: Any) -> ServiceError:
    with pytest.raises(ServiceError) as ei:
        fn(*a)
    return ei.value


def legal(c: Core, gs: pb.GameState) -> pb.LegalMovesResponse:
    return c.legal_moves(pb.LegalMovesRequest(state=gs), c.call())


def apply_first(c: Core, gs: pb.GameState) -> pb.ApplyResponse:
    move = legal(c, gs).legal_moves[0]
    return c.apply(pb.ApplyRequest(state=gs, move=move), c.call())


def test_a_state_signed_by_this_build_is_not_validated_again() -> None:
    c = core()
    good, bad = first_state()
    signed = c.trust.issue(good)
    assert signed.signature.startswith(f"{SIG_PREFIX}{build_tag(c.fingerprint)}.")
    assert c.trust.open(signed).trusted
    # the same answers as for the unsigned document, which is validated
    assert legal(c, signed).legal_moves == legal(c, pb.GameState(json=good)).legal_moves
    # a document the referee would never issue, signed with its key for this build: read as it
    # is (its fields are not checked again) ...
    forged = c.trust.issue(bad)
    assert legal(c, forged).legal_moves
    # ... and so is the state an Apply leads to (the engine's work on data taken as proved),
    # unless the referee validates every state it issues (--check-issued always)
    assert '"commitment":51' in apply_first(c, forged).state.json
    e = error(apply_first, core(check_issued="always"), forged)
    assert (e.code, e.field) == ("invalid_state", "state")
    assert "commitment" in e.message
    # unsigned, the same document is rejected at once, naming its field
    e = error(legal, c, pb.GameState(json=bad))
    assert (e.code, e.field, e.rule) == ("invalid_state", "state.commitment", "1.8")


@pytest.mark.parametrize("strict", [False, True])
def test_a_tampered_state_keeps_no_trust(strict: bool) -> None:
    c = core(strict)
    good, bad = first_state()
    signed = c.trust.issue(good)
    tampered = pb.GameState(json=bad, signature=signed.signature)
    # a signature of the right form naming this build, but not the state's
    tag = build_tag(c.fingerprint)
    made_up = pb.GameState(json=bad, signature=f"{SIG_PREFIX}{tag}.{'A' * 43}")
    for gs in (tampered, made_up):
        assert not Trust(SECRET, fingerprint=c.fingerprint).open(gs).trusted
        e = error(legal, c, gs)
        if strict:
            assert (e.code, e.field) == ("bad_signature", "state.signature")
        else:  # validated in full
            assert (e.code, e.field) == ("invalid_state", "state.commitment")


@pytest.mark.parametrize("strict", [False, True])
def test_a_state_signed_by_another_engine_build_is_validated(strict: bool) -> None:
    c = core(strict)
    good, bad = first_state()
    other = Trust(SECRET, fingerprint="0.9.0+0123456789abcdef")
    signed_bad, signed_good = other.issue(bad), other.issue(good)
    opened = c.trust.open(signed_bad)
    assert not opened.trusted  # the signature is right (strict mode accepts it) ...
    e = error(legal, c, signed_bad)  # ... but the state is validated
    assert (e.code, e.field) == ("invalid_state", "state.commitment")
    assert legal(c, signed_good).legal_moves  # a valid one is read: a new build takes old states
    # the signatures of before engine builds were named (v2.): verified, never trusted
    old = Trust(SECRET).sign(bad, tag="")
    assert old.startswith("v2.")
    assert not c.trust.open(pb.GameState(json=bad, signature=old)).trusted
    e = error(legal, c, pb.GameState(json=bad, signature=old))
    assert (e.code, e.field) == ("invalid_state", "state.commitment")


def test_trusted_load_builds_the_state_validation_builds() -> None:
    """engine.serial.from_trusted_json gives the very State from_json gives: every container in
    the same order (moves are listed in map order), the same legal moves."""
    import random

    from tests.helpers import shape

    rnd = random.Random(3)
    for scenario, options in (("short", {}), ("medium", {"deception": True}),
                              ("full", {"chance": "external"})):
        s = engine.new_game(scenario, 7, options)
        for _ in range(60):
            if engine.to_move(s) is None:
                break
            text = engine.to_json(s)
            a, b = engine.from_json(text), engine.serial.from_trusted_json(text)
            assert shape(a.to_data()) == shape(b.to_data())
            assert engine.legal_moves(a) == engine.legal_moves(b)
            assert b._valid and engine.to_json(b) == text
            s, _ = engine.apply(s, rnd.choice(engine.legal_moves(s)))


def test_a_signed_algeria_state_is_read_as_it_is_and_its_successors_validated() -> None:
    """Algeria's states signed by this build are read without validating them again
    (algeria.serial.from_trusted_json), as Colonial Twilight's; they still hold each state a
    move makes from their frame data to the validator (State._valid: algeria.validate
    .check_produced), since a state signed without a strict referee may carry a client's frame
    data."""
    c = core()
    s = algeria.new_game("1958", 3)
    data = json.loads(algeria.to_json(s))
    data["psl"]["fln"] = 100   # past the track (12.1)
    bad = dumps(data)
    forged = c.trust.issue(bad)
    assert c.trust.open(forged).trusted
    assert legal(c, forged).legal_moves   # read as it is
    e = error(apply_first, c, forged)   # the move's outcome is validated
    assert (e.code, e.field) == ("invalid_state", f"state.pending[{len(s.pending) - 1}]")
    assert "psl.fln" in e.message
    e = error(legal, c, pb.GameState(json=bad))   # unsigned: validated at once
    assert (e.code, e.field, e.rule) == ("invalid_state", "state.psl.fln", "12.1")
    text = algeria.to_json(s)
    signed, unsigned = c.trust.issue(text), pb.GameState(json=text)
    assert legal(c, signed).legal_moves == legal(c, unsigned).legal_moves
