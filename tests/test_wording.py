"""Every text a person reads – prompts, move labels, log entries, the board's tooltips – is in
the rulebook's words: no engine key (``french_police``, ``out_of_play``), no "Control: fln", and
every count agrees with its noun ("1 Government Base", not "1 Gov Bases"; "up to 1 more piece").
The texts are collected from seeded games that play Events often; and each stage of an
Operation has its own prompt and labels (4.1)."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache

import pytest

import engine
from engine.data import SPACES
from engine.labels import log_label, move_labels
from engine.render import render
from engine.words import agree

from tests.texts import texts_met

# an engine key: lower-case words joined by "_" (space names never have one)
KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
# a count of one with a plural noun, or of several with "(s)"
ONE_PLURAL = re.compile(r"(?<![\d.])\b1 (?:more )?(?:[A-Z][A-Za-z]* )*(?:Bases|Guerrillas|Resources|"
                        r"pieces|markers)\b|\(s\)")
RAW_CONTROL = re.compile(r"Control: (gov|fln)\b")


def _choose(rnd: random.Random, moves: list[dict[str, object]]) -> dict[str, object]:
    """A random legal move, an Event or a Pivotal Event whenever one is offered (so that many
    Event texts are met)."""
    events = [m for m in moves if m["t"] in ("event", "pivotal")]
    return rnd.choice(events if events and rnd.random() < 0.8 else moves)


@lru_cache(maxsize=1)
def texts() -> Counter[tuple[str, str]]:
    """(kind, text) of every prompt, label, log entry and tooltip met in the games played."""
    out: Counter[tuple[str, str]] = Counter()
    for seed in range(8):
        for scenario in ("short", "medium", "full"):
            s = engine.new_game(scenario, seed, {"deception": seed % 2 == 0,
                                                 "open_deployment": seed % 3 == 0})
            out.update(texts_met(engine, s, random.Random(seed), steps=1500, picture_every=300,
                                 move_labels=move_labels, log_label=log_label, render=render,
                                 choose=_choose))
    return out


def test_games_reach_many_texts() -> None:
    kinds = Counter(k for k, _ in texts())
    assert kinds["prompt"] > 60 and kinds["label"] > 400 and kinds["tooltip"] > 30, kinds
    events = {t for k, t in texts() if k == "prompt" and t.startswith("#")}
    assert len(events) > 10, events


@pytest.mark.parametrize("kind", ["prompt", "label", "log", "tooltip"])
def test_no_engine_key_reaches_a_person(kind: str) -> None:
    bad = sorted({t for k, t in texts() if k == kind and (KEY.search(t) or RAW_CONTROL.search(t))})
    assert not bad, bad[:20]


@pytest.mark.parametrize("kind", ["prompt", "label", "log", "tooltip"])
def test_counts_agree_with_their_nouns(kind: str) -> None:
    bad = sorted({t for k, t in texts() if k == kind and ONE_PLURAL.search(t)})
    assert not bad, bad[:20]


def test_agree() -> None:
    assert agree("FLN pays 1 Resources (now 0)") == "FLN pays 1 Resource (now 0)"
    assert agree("2 Guerrilla(s), 1 Base(s) removed") == "2 Guerrillas, 1 Base removed"
    assert agree("place up to 1 more FLN Bases") == "place up to 1 more FLN Base"
    assert agree("2 Guerrilla Casualties Out of Play") == "2 Guerrilla Casualties Out of Play"


def _train_then(done: int) -> engine.State:
    """Short scenario, seed 7: the Government Trains on the France Track as Op + Special Activity
    (the FLN passed), then declares ``done`` that many times."""
    s = engine.new_game("short", 7, None)
    for m in [{"t": "decline"}, {"t": "decline"}, {"t": "pass"},
              {"t": "op", "op": "train", "box": "op_plus_sa"},
              {"t": "space", "space": "france_track"}] + [{"t": "done"}] * done:
        s, _ = engine.apply(s, m)
    return s


def test_each_operation_stage_has_its_own_prompt_and_labels() -> None:
    main, post = _train_then(0), _train_then(1)
    assert engine.decision_kind(main) == "op:train"
    assert engine.decision_kind(post) == "op:train:after"
    assert engine.prompt(post) == "Train done: add a Special Activity, or finish without one"
    assert engine.prompt(main) != engine.prompt(post)
    done = {"t": "done"}
    assert move_labels(main, [done]) == ["Finish Train's locations (a Special Activity may"
                                         " follow)"]
    assert move_labels(post, [done]) == ["Finish Train without a Special Activity"]
    after = _train_then(2)
    assert engine.decision_kind(after) not in ("op:train", "op:train:after")


def test_decision_kinds_are_keys() -> None:
    kinds: set[str] = set()
    s = engine.new_game("short", 3, None)
    rnd = random.Random(3)
    while engine.to_move(s) is not None and len(kinds) < 12:
        kinds.add(engine.decision_kind(s))
        s, _ = engine.apply(s, _choose(rnd, engine.legal_moves(s)))
    assert {"pivotal_window", "eligible"} <= kinds
    assert all(re.fullmatch(r"[a-z_]+(:[a-z_]+)*", k) for k in kinds), kinds
    assert not set(SPACES) & kinds


def test_every_decision_kind_met_is_documented() -> None:
    """docs/moves.md, "Decision kinds", lists every key (``op:NAME`` and ``sa:NAME`` as
    patterns) that seeded games meet."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "moves.md").read_text("utf-8")
    table = doc.split("## Decision kinds", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([a-z_:]+)`", table))
    met = set()
    for seed in range(4):
        rnd = random.Random(seed)
        s = engine.new_game("short", seed, {"open_deployment": seed % 2 == 0})
        for _ in range(1500):
            met.add(engine.decision_kind(s))
            if engine.to_move(s) is None:
                break
            s, _ = engine.apply(s, _choose(rnd, engine.legal_moves(s)))
    assert len(met) > 15
    for k in met:
        general = re.sub(r"^(op|sa):[a-z_]+", r"\1:NAME", k)
        assert k in listed or general in {"op:NAME", "op:NAME:after", "sa:NAME"}, k
