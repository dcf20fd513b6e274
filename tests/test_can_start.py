"""``Operation.op_any`` and ``SpecialActivity.sa_any`` answer "is there a first move?" without
listing every move (the Eligible decision asks it of every Operation, 2.3.4, 3.1, 4.1): on every
state of seeded random games, for every Operation and Special Activity as it would start and for
the one in progress, the answer must be ``bool`` of the listed moves. Rally's listing of the
spaces it may select, which skips the per-space action check when a Guerrilla is Available, must
list what that check allows."""

from __future__ import annotations

import random

import pytest

import engine
from engine.ops import OPS, SAS, op_frame, sa_frame
from engine.ops_fln import FRANCE_TRACK, Rally
from engine.state import Frame, State

BOXES = (None, "op_only", "op_plus_sa", "limited_op")


def disagreements(s: State) -> list[str]:
    out = []
    for op in OPS.values():
        for box in BOXES:
            for free in (False, True):
                f = op_frame(op.name, op.faction, None, box, free)
                if op.op_any(s, f) != bool(op.op_moves(s, f)):
                    out.append(f"{op.name} box={box} free={free}")
                for sa in SAS.values():
                    if sa.name in op.sas:
                        g = sa_frame(sa.name, f)
                        if sa.sa_any(s, g) != bool(sa.sa_moves(s, g)):
                            out.append(f"{sa.name} with {op.name} box={box} free={free}")
    top = s.pending[-1] if s.pending else None
    rally = OPS["rally"]
    assert isinstance(rally, Rally)
    frames: list[Frame] = [op_frame("rally", "fln", None, box, False) for box in BOXES]
    frames += [dict(frames[0], x={"base_only": True})]
    if top is not None and top["k"] == "op:rally":
        frames.append(top)
    for f in frames:
        each = [n for n in (*s.spaces, FRANCE_TRACK)
                if n not in f["locs"] and rally.location_ok(s, f, n)]
        if rally.selectable(s, f) != (each if rally.may_select(s, f) else []):
            out.append(f"rally's selectable spaces: {f}")
    if top is not None and top["k"].startswith("op:") and top["op"] in OPS:
        op = OPS[top["op"]]
        if op.op_any(s, top) != bool(op.op_moves(s, top)):
            out.append(f"{op.name} in progress: {top}")
    if top is not None and top["k"].startswith("sa:") and top["sa"] in SAS:
        sa = SAS[top["sa"]]
        if sa.sa_any(s, top) != bool(sa.sa_moves(s, top)):
            out.append(f"{sa.name} in progress: {top}")
    return out


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_can_start_agrees_with_the_moves_listed(scenario: str) -> None:
    chooser = random.Random(7)
    s = engine.new_game(scenario, 7)
    checked = 0
    while engine.to_move(s) is not None:
        if checked < 100 and chooser.random() < 0.25:
            assert disagreements(s) == [], f"turn {s.turn}, pending {s.pending[-1]['k']}"
            checked += 1
        s, _ = engine.apply(s, chooser.choice(engine.legal_moves(s)))
    assert checked >= 60
