"""Every Algeria text a person reads – prompts, move labels, log entries, the board's tooltips –
names units, areas, sides and missions in words (algeria/labels.py): no engine key
(``oas_suppression``, ``raise_fln``), no unit id (``fr_div.1``), no area id alone ("ALGIERS",
"II-2"), no side key ("fln", "gov"), and every count agrees with its noun ("1 hit", "2 Police").
The texts are collected from seeded games of each scenario, chance managed."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache

import pytest

import algeria
from algeria.data import AREAS
from algeria.labels import counted, in_words, log_label, move_labels
from algeria.missions import MISSIONS, QUESTIONS
from algeria.render import render

from tests.texts import texts_met

KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
UNIT_ID = re.compile(r"\b[a-z_]+\.\d+\b")
SIDE_KEY = re.compile(r"\b(?:fln|gov)\b")
# an area by its id alone: "ALGIERS", or "II-2" without its name after it
AREA_ID = re.compile(r"\b(?:" + "|".join(a for a in AREAS if "-" not in a) + r")\b"
                     r"|\b[IV]+-\d\b(?! [A-Z])")
ONE_PLURAL = re.compile(r"(?<![\d.])\b1 (?:more )?(?:[A-Za-z]+ )*?(?:units|pieces|Points|hits|"
                        r"brigades|divisions|Cadres|Bands|Faileks|Fronts|areas)\b|\(s\)|Polices")
KINDS = ("prompt", "label", "log", "tooltip")


@lru_cache(maxsize=1)
def texts() -> Counter[tuple[str, str]]:
    """(kind, text) of every prompt, move label, log entry and tooltip met in the games."""
    out: Counter[tuple[str, str]] = Counter()
    for scenario in ("1954", "1958", "1960"):
        for seed in range(3):
            out.update(texts_met(algeria, algeria.new_game(scenario, seed), random.Random(seed),
                                 steps=450, picture_every=150, move_labels=move_labels,
                                 log_label=log_label, render=render))
    return out


def test_games_reach_many_texts() -> None:
    kinds = Counter(k for k, _ in texts())
    assert kinds["prompt"] > 150 and kinds["label"] > 1000 and kinds["tooltip"] > 100, kinds
    prompts = {t.split(" ", 1)[0] for k, t in texts() if k == "prompt"}
    assert {"Set", "Deploy", "Combat", "Move", "React"} <= prompts, prompts


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pattern", [KEY, UNIT_ID, SIDE_KEY, AREA_ID],
                         ids=["key", "unit_id", "side_key", "area_id"])
def test_no_engine_key_reaches_a_person(kind: str, pattern: re.Pattern[str]) -> None:
    bad = sorted({t for k, t in texts() if k == kind and pattern.search(t)})
    assert not bad, bad[:20]


@pytest.mark.parametrize("kind", KINDS)
def test_counts_agree_with_their_nouns(kind: str) -> None:
    bad = sorted({t for k, t in texts() if k == kind and ONE_PLURAL.search(t)})
    assert not bad, bad[:20]


def test_the_prompts_name_units_as_the_labels_do() -> None:
    s = algeria.new_game("1954", 1)
    assert algeria.prompt(s) == "Set up French brigade 1 in an area of wilaya II"
    assert move_labels(s, algeria.legal_moves(s)[:1]) == ["Set up French brigade 1 in Constantine"]


def test_in_words() -> None:
    assert in_words("band.13 eliminated") == "Band 13 eliminated"
    assert in_words("Propaganda in ALGIERS") == "Propaganda in Algiers"
    assert in_words("UN debate: fln chooses raise_fln") == (
        "UN debate: FLN chooses raise the FLN PSL")
    assert in_words("die 4: 1 hit(s), 2 Air Point(s)") == "die 4: 1 hit, 2 Air Points"
    assert counted(1, "Police") == "1 Police" and counted(2, "Police") == "2 Police"
    assert counted(2, "French division") == "2 French divisions"


def test_every_mission_question_is_worded() -> None:
    asked = {q for m in MISSIONS.values() for q in m.answers}
    assert asked and asked <= set(QUESTIONS), asked - set(QUESTIONS)
