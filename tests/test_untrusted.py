"""Untrusted states (issue: nothing a client sends can crash, hang or fool the referee): impossible
pending stacks, frame data that does not fit the board, strings that are not Unicode text, the
bot's bounded work – and the mutation fuzzer that keeps the class closed (engine.fuzz)."""

from __future__ import annotations

import json
import random
import time
from typing import Any, Callable

import pytest

import engine
from engine import fuzz
from engine.bot import BotBudgetExceeded, BotStuck, decide
from engine.data import AG, FT, UG
from engine.machine import to_move
from engine.state import State
from tests.long import sized
from tests.test_serial import FULL, SHORT, data_of, load, on_event, rejected

Data = dict[str, Any]


def reach(scenario: str, seed: int, found: Callable[[State], bool],
          options: dict[str, Any] | None = None, limit: int = 3000) -> State:
    """The first state of a random game (seeded) for which ``found`` holds."""
    rnd = random.Random(seed)
    s = engine.new_game(scenario, seed, options)
    for _ in range(limit):
        if found(s):
            return s
        s, _ = engine.apply(s, rnd.choice(engine.legal_moves(s)))
    raise AssertionError("not reached")


def top_kind(k: str) -> Callable[[State], bool]:
    return lambda s: bool(s.pending) and s.pending[-1]["k"] == k


# --- impossible stacks ---------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["top", "below"])
def test_a_duplicated_march_frame_is_rejected(where: str) -> None:
    s = reach("short", 3, top_kind("op:march"))
    d = data_of(s)
    top = len(d["pending"]) - 1
    copy = json.loads(json.dumps(d["pending"][top]))
    d["pending"].insert(top if where == "below" else top + 1, copy)
    e = rejected(d)
    assert e.field == f"pending[{top + 1}].k"
    assert "'op:march' decision never lies on a 'op:march'" in e.reason


@pytest.mark.parametrize("frame,kind_below", [
    ({"k": "sa:extort", "who": "fln", "sa": "extort", "op": None, "free": False, "locs": [],
      "x": {}}, "card"),
    ({"k": "roll", "purpose": "p", "rule": "3.3.3", "into": "roll"}, "card"),
    ({"k": "prop_casualties", "who": "gov", "left": 1}, "card"),
    (None, "eligible"),  # an Eligible choice on another one
])
def test_frames_only_lie_on_the_kinds_that_push_them(frame: Data | None, kind_below: str
                                                     ) -> None:
    d = data_of(SHORT)
    if frame is None:
        d["pending"].append(dict(d["pending"][2]))
    else:
        d["pending"][2] = frame
    e = rejected(d)
    assert e.field == f"pending[{len(d['pending']) - 1}].k"
    assert f"never lies on a '{kind_below}'" in e.reason


def test_the_frames_stages_follow_the_sequence_of_play() -> None:
    d = data_of(SHORT)  # First Eligible to choose: the card's step set stage "second"
    d["pending"][1]["stage"] = "first"
    e = rejected(d)
    assert (e.field, e.rule) == ("pending[2]", "2.3")
    d = data_of(SHORT)
    d["pending"][0]["stage"] = "play"  # the game loop only says "play" while a card is drawn
    assert rejected(d).field == "pending[1]"


# --- the bot's work is bounded ------------------------------------------------------------------


def fln_bot_state() -> State:
    return reach("short", 2, lambda s: to_move(s) == "fln", {"fln_bot": True})


def stuck_state() -> State:
    """The FLN to act with no legal move: a March whose group comes from an empty space (built in
    memory: from_json rejects it)."""
    s = fln_bot_state().copy()
    empty = next(n for n, sp in s.spaces.items()
                 if sp["pieces"][UG] + sp["pieces"][AG] == 0)
    s.pending.append({"k": "op:march", "who": "fln", "op": "march", "role": None, "box": None,
                      "free": True, "sa_ok": False, "sa": None, "locs": [], "stage": "main",
                      "x": {"busy": True, "grp": {"from": empty, "to": empty, UG: 0, AG: 0}}})
    s._legal = None
    return s


def test_the_bot_stops_when_the_fln_has_no_legal_move() -> None:
    s = stuck_state()
    assert to_move(s) == "fln" and engine.legal_moves(s) == []
    with pytest.raises(BotStuck) as e:
        decide(s, 1)
    assert isinstance(e.value, engine.StateError)
    assert e.value.field == f"pending[{len(s.pending) - 1}]"
    e2 = rejected(data_of(s))  # such a state is never accepted
    assert e2.field.startswith(f"pending[{len(s.pending) - 1}]")


def test_the_bot_has_a_step_budget_and_a_deadline() -> None:
    s = fln_bot_state()
    moves, after, _ = decide(s, 1)
    assert moves and to_move(after) != "fln"
    with pytest.raises(BotBudgetExceeded) as e:
        decide(s, 1, max_steps=3)
    assert e.value.kind == "steps" and isinstance(e.value, engine.OutOfBudget)
    with pytest.raises(BotBudgetExceeded) as e:
        decide(s, 1, deadline=time.monotonic() - 1)
    assert e.value.kind == "deadline"
    assert decide(s, 1, deadline=time.monotonic() + 60)[0] == moves


def test_settle_is_bounded() -> None:
    from engine.machine import FRAMES, SETTLE_LIMIT, AutoFrame, settle

    steps = [0]

    class Idle(AutoFrame):  # an automatic step that never comes to a decision
        kind = "test_idle"

        def step(self, s: State, f: Data, log: Any) -> None:
            steps[0] += 1

    FRAMES["test_idle"] = Idle()
    try:
        s = SHORT.copy()
        s.pending.append({"k": "test_idle"})
        with pytest.raises(engine.StateError) as e:
            settle(s, [])
    finally:
        del FRAMES["test_idle"]
    assert steps[0] == SETTLE_LIMIT + 1 and "inconsistent" in e.value.reason


# --- frame data against the board ----------------------------------------------------------------


def redeploying() -> State:
    """The Government's Redeploy with a piece selected (6.4.1)."""
    s = reach("short", 1, top_kind("prop_redeploy"))
    sel = next(m for m in engine.legal_moves(s) if m["t"] == "select")
    s, _ = engine.apply(s, sel)
    assert s.pending[-1]["sel"] == [sel["piece"], sel["space"]]
    return s


def test_a_redeploy_selection_must_be_on_the_board() -> None:
    s = redeploying()
    d = data_of(s)
    i = len(d["pending"]) - 1
    piece, _ = d["pending"][i]["sel"]
    empty = next(n for n, sp in d["spaces"].items()
                 if sp["pieces"][piece] == 0 and n not in ("Morocco", "Tunisia"))
    d["pending"][i]["sel"][1] = empty
    e = rejected(d)
    assert (e.field, e.rule) == (f"pending[{i}].sel", "6.4")
    # the selected piece's move never leaves a space below zero
    for m in engine.legal_moves(s):
        after, _ = engine.apply(s, m)
        assert min(min(sp["pieces"].values()) for sp in after.spaces.values()) >= 0


def test_redeploy_arrivals_must_still_be_there() -> None:
    s = redeploying()
    s, _ = engine.apply(s, engine.legal_moves(s)[0])
    d = data_of(s)
    i = len(d["pending"]) - 1
    (dst, by_piece), = d["pending"][i]["arrived"].items()
    piece = next(iter(by_piece))
    by_piece[piece] = d["spaces"][dst]["pieces"][piece] + 1
    e = rejected(d)
    assert e.field == f"pending[{i}].arrived.{dst}.{piece}" and e.rule == "6.4"


def test_event_moves_into_the_countries_only_once_independent() -> None:
    assert FULL.border_zone is None  # Full: Morocco and Tunisia not independent yet
    src = next(n for n, sp in FULL.spaces.items() if sp["pieces"][UG])
    frame = {"k": "ev_move", "who": "fln", "prompt": "p", "pieces": [UG],
             "routes": [[src, "Morocco"]], "n": 1, "into": "moved", "moved": [],
             "arrived": None}
    e = rejected(on_event(data_of(FULL), frame))
    assert (e.field, e.rule) == ("pending[3].routes", "1.3.4")
    dst = "Medea" if src != "Medea" else "Algiers"
    frame["routes"] = [[src, dst]]  # within Algeria: fine
    s = load(on_event(data_of(FULL), frame))
    assert {"t": "move", "piece": UG, "from": src, "to": dst} in engine.legal_moves(s)
    frame["routes"] = [[src, "Tunisia"]]  # once independent (Short), FLN pieces may go
    load(on_event(data_of(SHORT), frame))
    frame["pieces"] = [FT]  # never Government pieces
    assert rejected(on_event(data_of(SHORT), frame)).field == "pending[3].routes"


def test_an_attack_awaiting_its_die_offers_no_move_without_it() -> None:
    s = reach("short", 4, lambda s: bool(s.pending) and s.pending[-1]["k"] == "roll"
              and s.pending[-2]["k"] == "op:attack", {"chance": "external"})
    d = data_of(s)
    load(d)
    d["pending"].pop()  # the die frame gone: the Attack cannot go on
    e = rejected(d)
    assert e.field == f"pending[{len(d['pending']) - 1}]" and "no legal move" in e.reason


def test_pick_values_are_what_the_event_entry_expects() -> None:
    frame = {"k": "pick", "who": "fln", "prompt": "p", "options": ["A", "B"], "min": 1,
             "max": 1, "into": "box", "picked": []}
    load(on_event(data_of(SHORT), frame))
    frame["options"] = ["A", "m"]
    assert rejected(on_event(data_of(SHORT), frame)).field == "pending[3].options[1]"
    frame["options"], frame["picked"] = ["A", "B"], ["C"]
    assert rejected(on_event(data_of(SHORT), frame)).field == "pending[3].picked"
    frame["picked"], frame["into"] = [], "nowhere"
    assert rejected(on_event(data_of(SHORT), frame)).field == "pending[3].into"


# --- strings -------------------------------------------------------------------------------------


@pytest.mark.parametrize("change,field", [
    (lambda d: d["cards"].__setitem__("delayed", ["\ud800"]), "cards.delayed[0]"),
    (lambda d: d["cards"].__setitem__("delayed", ["any_effect"]), "cards.delayed[0]"),
    (lambda d: on_event(d, {"k": "pick", "who": "fln", "prompt": "a\ud800", "options": [],
                            "min": 0, "max": 1, "into": "box", "picked": []}),
     "pending[3].prompt"),
    (lambda d: on_event(d, {"k": "pick", "who": "fln", "prompt": "p", "options": [],
                            "min": 0, "max": 1, "into": "box", "picked": []})["pending"][2]["x"]
     .__setitem__("\udfff", 1), "pending[2].x"),
])
def test_strings_that_are_not_unicode_text_are_rejected(change: Callable[[Data], Any],
                                                         field: str) -> None:
    d = data_of(SHORT)
    change(d)
    for text in (json.dumps(d), json.dumps(d, ensure_ascii=False).encode("utf-8",
                                                                          "surrogatepass")):
        with pytest.raises(engine.StateError) as e:
            engine.from_json(text)
        assert e.value.field in (field, "state")  # raw bytes: not UTF-8 at all


def test_an_owed_effect_needs_its_card_played() -> None:
    d = data_of(SHORT)
    d["cards"]["delayed"] = ["suez_crisis"]
    e = rejected(d)
    assert (e.field, e.rule) == ("cards.delayed[0]", "5.1.9")


def test_the_chance_counter_stays_within_64_bits() -> None:
    s = reach("short", 4, lambda s: bool(s.pending) and s.pending[-1]["k"] == "op:attack"
              and any(m["t"] == "space" for m in engine.legal_moves(s)))
    d = data_of(s)
    d["rng"]["counter"] = (1 << 64) - 1
    s = load(d)
    m = next(m for m in engine.legal_moves(s) if m["t"] == "space")
    after, _ = engine.apply(s, m)  # the Attack's die is rolled
    assert after.rng["counter"] < 5
    engine.from_json(engine.to_json(after))


# --- the mutation fuzzer -------------------------------------------------------------------------


def test_mutated_states_never_crash_hang_or_produce_invalid_states() -> None:
    """A bounded run of engine.fuzz: 1,000 cases, 20,000 under ``--long`` (the longest run:
    python -m engine.fuzz --cases 100000)."""
    states = fuzz.corpus(11, per_game=4, decisions=300)
    assert {json.loads(t)["scenario"] for t in states} == {"short", "medium", "full"}
    cases = sized(1000, 20000)
    res = fuzz.run(cases, 11, states)
    assert res.defects == []
    # mutations that were accepted, legal moves applied and bot decisions taken on them
    assert res.cases == cases and res.accepted > cases // 25 and res.moves > cases * 3 // 20
    assert res.bot_decisions > 5
