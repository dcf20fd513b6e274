"""The card catalogue printed by ``python -m engine.cards`` (engine/cards/catalogue.py)."""

from __future__ import annotations

import re
import runpy

import pytest

import engine  # noqa: F401  (registers every card)
from engine.cards import catalogue
from engine.data import CARDS
from engine.events import EVENTS, PIVOTALS

ROW = re.compile(r"^(\d\d) \| (.+?) +\| (event|pivotal_gov|pivotal_fln|propaganda) +\| (.+?) +\| "
                 r"unshaded=(yes|no)(?: shaded=(yes|no))?$")
LAST = re.compile(r"^cards=71 implemented=(\d+)$")


def printed(capsys: pytest.CaptureFixture[str]) -> list[str]:
    runpy.run_module("engine.cards", run_name="__main__")
    return capsys.readouterr().out.splitlines()


def parse(lines: list[str]) -> dict[int, re.Match[str]]:
    rows = {}
    for line in lines[:-1]:
        m = ROW.match(line)
        assert m is not None, line
        rows[int(m.group(1))] = m
    return rows


def test_one_row_per_card_then_exactly_one_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    lines = printed(capsys)
    assert len(lines) == 72
    rows = parse(lines)
    assert list(rows) == list(range(1, 72))
    assert sum(1 for line in lines if line.startswith("cards=")) == 1
    last = LAST.match(lines[-1])
    assert last is not None
    complete = [n for n, m in rows.items() if m.group(5) == "yes" and m.group(6) in (None, "yes")]
    assert int(last.group(1)) == len(complete)


def test_rows_show_title_kind_flags_and_texts(capsys: pytest.CaptureFixture[str]) -> None:
    rows = parse(printed(capsys))
    for n, m in rows.items():
        assert m.group(2) == CARDS[n]["title"] and m.group(3) == CARDS[n]["kind"]
        assert (m.group(6) is not None) == CARDS[n]["dual_use"]  # 5.2: two texts
    assert rows[63].group(4) == "unshaded:capability"
    assert rows[18].group(4) == "unshaded:capability fln_bot_marked"
    assert rows[1].group(4) == "-"
    assert rows[67].group(3) == "propaganda"


def test_implemented_texts_follow_the_registries(capsys: pytest.CaptureFixture[str]) -> None:
    rows = parse(printed(capsys))
    for n in range(1, 61):
        assert (rows[n].group(5) == "yes") == (n in EVENTS)
    for n in range(61, 67):  # the six Pivotal Events are all implemented
        assert n in PIVOTALS and rows[n].group(5) == "yes"
    for n in range(67, 72):  # the Propaganda Round exists (engine.propaganda)
        assert rows[n].group(5) == "yes"


def test_summary_counts_only_fully_playable_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    n = int(catalogue.render()[-1].split("implemented=")[1])
    assert n == len(EVENTS) + len(PIVOTALS) + 5
    monkeypatch.delitem(PIVOTALS, 62)
    lines = catalogue.render()
    assert lines[-1] == f"cards=71 implemented={n - 1}"
    assert lines[61].endswith("| unshaded=no") and lines[66].endswith("| unshaded=yes")


def test_a_registered_event_with_one_text_missing_is_not_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class HalfDone:
        card = 1
        texts = ("unshaded",)

    monkeypatch.setitem(EVENTS, 1, HalfDone())
    row = catalogue.rows()[0]
    assert row.texts == (("unshaded", True), ("shaded", False)) and not row.implemented
    assert catalogue.render()[0].endswith("| unshaded=yes shaded=no")
