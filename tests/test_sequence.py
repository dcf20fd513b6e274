"""Chapter 2: Sequence of Play – eligibility, options, passing, LimOps, adjustment, next card."""

from __future__ import annotations

import pytest

import engine
from engine.state import State
from tests.helpers import play, position


def options_of(s: State) -> list[dict[str, object]]:
    return engine.legal_moves(s)


def test_first_eligible_pass_gives_fln_one_resource_and_second_may_do_anything() -> None:
    s = position(spaces={"Medea": {"ug": 2}}, resources=(10, 5))
    s = play(s, {"t": "pass"})
    assert s.resources["fln"] == 6
    assert s.sop["first_box"] == "pass"
    assert engine.to_move(s) == "gov"
    assert s.pending[-1]["options"] == ["event", "op_plus_sa", "op_only", "limited_op", "pass"]


def test_both_pass_income_and_order_unchanged() -> None:
    s = position(spaces={"Medea": {"ug": 2}}, resources=(10, 5))
    card = s.cards["current"]
    s = play(s, {"t": "pass"}, {"t": "pass"})
    assert s.resources == {"gov": 12, "fln": 6}  # 2.3.3: +2 Government, +1 FLN
    assert s.sop["first"] == "fln"
    assert s.cards["current"] != card and s.cards["played"][-1] == card  # 2.3.6 next card


def test_second_eligible_limited_after_first_op_plus_sa() -> None:
    s = position(spaces={"Medea": {"ug": 2}, "Bougie": {"ug": 2}, "Tizi Ouzou": {"ug": 1}},
                 resources=(10, 5))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "sa", "sa": "extort"},
             {"t": "space", "space": "Medea"}, {"t": "done"}, {"t": "space", "space": "Bougie"},
             {"t": "done"})
    assert s.sop["first_box"] == "op_plus_sa"
    assert s.pending[-1]["k"] == "eligible" and s.pending[-1]["who"] == "gov"
    assert s.pending[-1]["options"] == ["event", "limited_op", "pass"]


def test_second_eligible_limited_op_selects_one_location_without_sa() -> None:
    s = position(first="gov", spaces={"Medea": {"ug": 2}, "Bougie": {"ug": 2}}, resources=(10, 5))
    s = play(s, {"t": "pass"})  # Government passes: FLN may do anything
    assert {"t": "op", "op": "terror", "box": "op_plus_sa"} in options_of(s)
    # Build the LimOp case directly: the FLN as Second Eligible after a Government Op + SA.
    s = s.copy()
    s.pending[-1]["options"] = ["event", "limited_op", "pass"]
    assert {"t": "op", "op": "terror", "box": "limited_op"} in options_of(s)
    s = play(s, {"t": "op", "op": "terror", "box": "limited_op"}, {"t": "space", "space": "Medea"})
    moves = options_of(s)
    assert moves == [{"t": "done"}]  # no second space (2.3.4), no Special Activity (4.1)
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, {"t": "space", "space": "Bougie"})
    assert e.value.rule == "2.3.4" and "a Limited Operation has a single location (Medea)" in str(
        e.value)


def test_eligibility_swaps_after_op_in_several_spaces_and_stays_after_limited_op() -> None:
    s = position(spaces={"Medea": {"ug": 1}, "Bougie": {"ug": 1}}, resources=(10, 5))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "space", "space": "Medea"},
             {"t": "space", "space": "Bougie"}, {"t": "done"}, {"t": "pass"})
    assert s.sop["first"] == "gov"  # 2.3.5 Op Only: Second Eligible becomes First
    s = position(spaces={"Medea": {"ug": 1}, "Bougie": {"ug": 1}}, resources=(10, 5))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "space", "space": "Medea"}, {"t": "done"},
             {"t": "done"}, {"t": "pass"})  # second "done": decline Extort after the Op (4.1)
    assert s.sop["first"] == "fln"  # Limited Op: stays First Eligible


def test_apply_never_mutates_its_input_and_is_deterministic() -> None:
    s = position(spaces={"Medea": {"ug": 2}}, resources=(10, 5))
    before = engine.to_json(s)
    a, log_a = engine.apply(s, {"t": "op", "op": "terror"})
    b, log_b = engine.apply(s, {"t": "op", "op": "terror"})
    assert engine.to_json(s) == before
    assert engine.to_json(a) == engine.to_json(b) and log_a == log_b


def test_apply_all_reports_index_of_first_illegal_move() -> None:
    s = position(spaces={"Medea": {"ug": 2}}, resources=(10, 5))
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply_all(s, [{"t": "op", "op": "terror"}, {"t": "space", "space": "Medea"},
                             {"t": "space", "space": "Algiers"}])
    assert e.value.index == 2


def test_malformed_moves_are_bad_requests() -> None:
    s = position(spaces={"Medea": {"ug": 2}})
    for bad in ([], {"op": "x"}, {"t": 3}, {"t": "op", "op": ["terror"]}, {"t": "op", "op": True}):
        with pytest.raises(engine.BadRequest):
            engine.apply(s, bad)  # type: ignore[arg-type]


def test_an_illegal_move_is_described_briefly_whatever_its_values() -> None:
    """A huge integer, a long string or many fields in an illegal move give an IllegalMove with
    a short description of the move, not another error (Python cannot print a 5000-digit int)."""
    s = position(spaces={"Medea": {"ug": 2}})
    for bad, shown in (({"t": "z" * 500}, "{t: 'zzzzzzzz"),
                       ({"t": "x", **{f"k{i}": i for i in range(30)}}, "k18: 18, ...}")):
        with pytest.raises(engine.IllegalMove) as e:
            engine.apply(s, bad)
        assert shown in str(e.value) and len(str(e.value)) < 700
    with pytest.raises(engine.BadRequest) as b:  # no move field holds such a number
        engine.apply(s, {"t": "pass", "x": 10**5000})
    assert b.value.field == "move.x" and len(str(b.value)) < 200


def test_second_eligible_options_follow_the_initiative_track() -> None:
    from engine.data import SECOND_OPTIONS

    assert SECOND_OPTIONS["event"] == ("op_plus_sa", "pass")
    assert SECOND_OPTIONS["op_only"] == ("limited_op", "pass")
    assert SECOND_OPTIONS["limited_op"] == ("op_plus_sa", "op_only", "pass")


def test_hidden_asset_turns_limited_op_into_op_plus_sa_and_keeps_initiative() -> None:
    s = position(spaces={"Medea": {"ug": 2}, "Bougie": {"ug": 2}}, resources=(10, 5),
                 options={"deception": True})
    s = s.copy()
    s.deception = {"gov": {"held": ["empty_threat", "hidden_agenda"], "used": []},
                   "fln": {"held": ["hidden_asset", "hidden_agenda"], "used": []}}
    mv = {"t": "op", "op": "terror", "box": "op_plus_sa", "deception": "hidden_asset"}
    assert mv in engine.legal_moves(s)
    s = play(s, mv, {"t": "space", "space": "Medea"}, {"t": "space", "space": "Bougie"},
             {"t": "sa", "sa": "extort"}, {"t": "space", "space": "Medea"}, {"t": "done"},
             {"t": "done"})
    assert s.sop["first_box"] == "limited_op"
    assert "hidden_asset" not in s.deception["fln"]["held"]
    s = play(s, {"t": "pass"})
    assert s.sop["first"] == "fln"  # 7.3: remains First Eligible
