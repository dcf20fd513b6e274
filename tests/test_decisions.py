"""referee_core.decisions, the one pending-decision machine, driven by a game of its own: a race to 10
points where a player picks 1 or 2 and chance (the shared roll frame of referee_core.chance) may add a
die. It is a third game in a few lines – its state, its frame kinds, its machine and hooks – so
every hook is tested apart from Colonial Twilight and Algeria."""

from __future__ import annotations

from typing import Any

import pytest

from referee_core import chance, rng
from referee_core.checks import Budget, check_obj
from referee_core.decisions import AutoFrame, Frame, FrameType, Log, Machine, Move, emit
from referee_core.errors import BadRequest, IllegalMove, StateError
from referee_core.why import Why


class Race:
    def __init__(self, chance_mode: str = "managed") -> None:
        self.pending: list[Frame] = [{"k": "round", "x": {}}]
        self.options: dict[str, Any] = {"chance": chance_mode}
        self.rng: dict[str, Any] = {"seed": 42, "counter": 0}
        self.score = 0
        self.steps = 0  # automatic steps taken

    def copy(self) -> Race:
        n = Race()
        n.pending = [dict(f, x=dict(f["x"])) if "x" in f else dict(f) for f in self.pending]
        n.options, n.rng, n.score, n.steps = self.options, dict(self.rng), self.score, self.steps
        return n


MACHINE: Machine[Race] = Machine("R9", bottom=("round", "round"), sides=("p1",),
                                 where=lambda s: f"score {s.score}",
                                 finished=lambda s: s.score >= 10)


@MACHINE.register
class Round(AutoFrame[Race]):
    """Pushes a pick, then a die for the bonus, then adds it and starts again."""

    kind = "round"
    rule = "R1"

    def check_frame(self, s: Race, f: Frame) -> None:
        check_obj(f, "", ("k", "x"))

    def step(self, s: Race, f: Frame, log: Log) -> None:
        s.steps += 1
        if "pick" not in f["x"]:
            s.pending.append({"k": "pick", "who": "p1"})
        elif "roll" not in f["x"]:
            s.pending.append(chance.roll_frame("bonus", "R2"))
        else:
            s.score += f["x"].pop("pick") + (f["x"].pop("roll") == 6)
            emit(log, "R1", f"score {s.score}", score=s.score)


@MACHINE.register
class Pick(FrameType[Race]):
    kind = "pick"
    rule = "R3"
    prompt_text = "pick 1 or 2"

    def moves(self, s: Race, f: Frame) -> list[Move]:
        return [{"t": "pick", "value": 1}, {"t": "pick", "value": 2}]

    def why_not(self, s: Race, f: Frame, m: Move, why: Why) -> None:
        if m.get("value") == 3:
            why.no("R3.1", "3 is too many ({} at most)", 2)

    def apply(self, s: Race, f: Frame, m: Move, log: Log) -> None:
        s.pending.pop()
        s.pending[-1]["x"]["pick"] = m["value"]


@MACHINE.register
class Roll(chance.Roll[Race]):
    into_keys = ("roll",)


def test_settle_runs_automatic_steps_and_managed_chance() -> None:
    s = Race()
    MACHINE.settle(s, [])
    assert MACHINE.to_move(s) == "p1" and MACHINE.prompt(s) == "pick 1 or 2"
    n, log = MACHINE.apply(s, {"t": "pick", "value": 2})
    # the die of the generator of docs/chance.md (seed 42: 2 2 1 ...), no 6: no bonus
    assert log == [{"rule": "R2", "text": "die roll 2 (bonus)", "roll": 2},
                   {"rule": "R1", "text": "score 2", "score": 2}]
    assert n.rng["counter"] == 1 and s.rng["counter"] == 0 and s.score == 0  # s unchanged
    assert MACHINE.to_move(n) == "p1"


def test_external_chance_is_a_decision() -> None:
    s = Race("external")
    MACHINE.settle(s, [])
    s, _ = MACHINE.apply(s, {"t": "pick", "value": 1})
    assert MACHINE.to_move(s) == "chance" and MACHINE.prompt(s) == "roll a die: bonus"
    assert MACHINE.legal_moves(s) == [{"t": "roll", "value": v} for v in range(1, 7)]
    with pytest.raises(IllegalMove) as e:
        MACHINE.apply(s, {"t": "roll", "value": 7})
    assert e.value.rule == "R2"  # the rule that called for the roll
    s, log = MACHINE.apply(s, {"t": "roll", "value": 6})
    assert s.score == 2 and log[-1]["text"] == "score 2"


def test_illegal_moves_are_explained_with_where_the_game_is() -> None:
    s = Race()
    MACHINE.settle(s, [])
    with pytest.raises(IllegalMove) as e:
        MACHINE.apply(s, {"t": "pick", "value": 3})
    assert (e.value.reason, e.value.rule) == (
        "score 0, p1 to move at 'pick 1 or 2': 3 is too many (2 at most)", "R3.1")
    with pytest.raises(IllegalMove) as e:
        MACHINE.apply(s, {"t": "pass"})
    assert e.value.reason == ("score 0, p1 to move at 'pick 1 or 2': {t: pass} is not a legal"
                              " move here; the legal moves: pick (1, 2)")
    with pytest.raises(BadRequest) as b:
        MACHINE.apply(s, {"t": "pick"})
    assert b.value.field == "move.value"
    with pytest.raises(BadRequest) as b:
        MACHINE.apply_all(s, [{"t": "pick", "value": 1}, {"t": 5}])
    assert b.value.field == "moves[1]"
    with pytest.raises(IllegalMove) as e:
        MACHINE.apply_all(s, [{"t": "pick", "value": 1}, {"t": "pick", "value": 9}])
    assert e.value.index == 1


def test_finished_game_drops_its_decisions() -> None:
    s = Race()
    MACHINE.settle(s, [])
    while MACHINE.to_move(s) is not None:
        s, _ = MACHINE.apply(s, {"t": "pick", "value": 2})
    assert s.score >= 10 and s.pending == [] and MACHINE.prompt(s) == "game over"
    with pytest.raises(IllegalMove) as e:
        MACHINE.apply(s, {"t": "pick", "value": 1})
    assert (e.value.reason, e.value.rule) == ("the game is over", "R9")


def test_automatic_steps_are_bounded() -> None:
    s = Race()
    s.pending = [{"k": "round", "x": {"pick": 0, "roll": 1}}]
    loop = Machine[Race]("R9", bottom=("round", "round"), sides=("p1",),
                         settle_limit=5)
    loop.register(type("Spin", (AutoFrame,), {"kind": "round", "step": lambda self, s, f, log: None}))
    with pytest.raises(StateError) as e:
        loop.settle(s, [])
    assert e.value.field == "pending[0]" and "do not come to a decision" in e.value.reason


def test_legal_moves_of_data_the_engine_never_made_are_a_state_error() -> None:
    s = Race()
    s.pending.append({"k": "roll", "purpose": "bonus", "rule": "R2", "into": "roll"})
    s.pending[0] = {"k": "round"}  # no working data for the roll to go to
    s.options = {"chance": "external"}
    with pytest.raises(StateError) as e:
        MACHINE.apply(s, {"t": "roll", "value": 3})
    assert e.value.field == "pending[1]"


def _checked(frames: Any, finished: bool = False, mode: str = "external") -> Race:
    s = Race(mode)
    s.pending = []
    s.pending = MACHINE.check_pending(frames, s, Budget(), finished)
    return s


def test_check_pending_of_an_untrusted_stack() -> None:
    good: list[dict[str, Any]] = [{"k": "round", "x": {"pick": 1}},
                                  {"k": "roll", "purpose": "b", "rule": "R2", "into": "roll"}]
    assert MACHINE.to_move(_checked(good)) == "chance"
    assert MACHINE.to_move(_checked([good[0], {"k": "pick", "who": "p1"}])) == "p1"
    cases: list[tuple[Any, str, str]] = [
        ([], "pending", "a game without a result must have a pending decision"),
        ([{"k": "nope"}], "pending[0].k", "unknown decision kind 'nope'"),
        ([{"k": "pick", "who": "p1"}], "pending[0].k", "the round is the bottom decision"),
        ([{"k": "round", "x": {}}], "pending[0]",
         "must belong to p1 or chance (automatic steps are never left pending)"),
        ([good[0], dict(good[1], into="score")], "pending[1].into", "must be one of ['roll']"),
        ([good[0], dict(good[1], rule=3)], "pending[1].rule", "must be a string"),
        ([{"k": "round", "x": {}, "y": 1}], "pending[0].y", "unknown field"),
        ([{"k": "round", "x": {}}, {"k": "pick", "who": 7}], "pending[1]",
         "belongs to '7', not p1, chance or engine"),
    ]
    for frames, field, reason in cases:
        with pytest.raises(StateError) as e:
            _checked(frames)
        assert e.value.field == field and reason in e.value.reason, (frames, e.value)
    with pytest.raises(StateError) as e:
        _checked(good, mode="managed")
    assert "in managed chance mode the engine resolves chance itself" in e.value.reason
    with pytest.raises(StateError) as e:
        _checked(good, finished=True)
    assert (e.value.field, e.value.rule) == ("pending", "R9")


def test_generator_state_check() -> None:
    assert rng.check_state({"seed": 1, "counter": 2**64 - 1}) == {"seed": 1, "counter": 2**64 - 1}
    with pytest.raises(StateError) as e:
        rng.check_state({"seed": 1, "counter": 2**64})
    assert e.value.field == "rng.counter"
    with pytest.raises(StateError) as e:
        rng.check_state({"seed": True, "counter": 0})
    assert e.value.field == "rng.seed"


def test_is_legal_is_membership_and_the_cached_list_stays_the_machines() -> None:
    """``is_legal`` answers ``m in legal_moves(s)`` (Colonial Twilight's machine caches the legal
    moves on the state), and a caller changing the list ``legal_moves`` gave changes nothing."""
    import random

    import engine

    chooser = random.Random(5)
    s = engine.new_game("short", 5)
    for _ in range(150):
        if engine.to_move(s) is None:
            break
        moves = engine.legal_moves(s)
        assert all(engine.is_legal(s, m) for m in moves)
        assert not engine.is_legal(s, {"t": "no such move"})
        assert not engine.is_legal(s, dict(moves[0], extra=1))
        before = list(moves)
        moves.clear()
        assert engine.legal_moves(s) == before
        s, _ = engine.apply(s, chooser.choice(before))
