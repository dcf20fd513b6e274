"""Chapter 1: the map and derived values – adjacency examples (1.3.5), coasts (1.3.6), Border
Sectors (1.3.7), Control (1.7), totals and margins (1.6, 1.9, 7.3)."""

from __future__ import annotations

from engine.board import (
    Scores, control, fln_score, gov_score, is_border_sector, population, scores,
    total_opposition, total_support,
)
from engine.data import SPACES
from tests.helpers import position


def test_adjacency_examples_of_1_3_5() -> None:
    assert set(SPACES["Philippeville"].adjacent) == {
        "Constantine", "Setif", "Barika", "Oum el Bouaghi", "Souk Ahras"}
    assert set(SPACES["Constantine"].adjacent) == {"Setif", "Philippeville"}


def test_adjacency_is_symmetric_and_coast_creates_none() -> None:
    for name, sp in SPACES.items():
        for other in sp.adjacent:
            assert name in SPACES[other].adjacent
    assert SPACES["Algiers"].coastal and SPACES["Oran"].coastal
    assert "Oran" not in SPACES["Algiers"].adjacent  # 1.3.6: water is not land


def test_border_sectors_only_after_independence() -> None:
    s = position("full")
    assert not is_border_sector(s, "Tlemcen")
    s = position("short")
    assert {n for n in SPACES if is_border_sector(s, n)} == {
        "Mecheria", "Tlemcen", "Ain Sefra", "Biskra", "Tebessa", "Negrine", "Souk Ahras"}


def test_control_counts_all_pieces_bases_included() -> None:
    s = position(spaces={"Medea": {"ft": 1, "gb": 1, "ug": 2}, "Bougie": {"fp": 1, "ag": 1},
                         "Batna": {"fb": 1}})
    assert control(s, "Medea") is None  # 2 against 2
    assert control(s, "Bougie") is None
    assert control(s, "Batna") == "fln"
    assert control(s, "Morocco") == "fln"  # independent Country: always FLN (5.1.8)


def test_totals_count_population_resettled_and_city_bonus() -> None:
    s = position(spaces={"Algiers": {"support": "support", "pop_bonus": 1},
                         "Setif": {"resettled": True},
                         "Bougie": {"support": "oppose", "fb": 1},
                         "Morocco": {"fb": 2}}, commitment=20)
    assert population(s, "Algiers") == 4 and population(s, "Setif") == 0
    assert total_support(s) == 4 and total_opposition(s) == 2  # Morocco never counts (1.6.3)
    assert gov_score(s) == 24 and fln_score(s) == 2 + 3
    assert scores(s).margins == {"gov": 24 - 35, "fln": 5 - 30}
    assert scores(s) == Scores(total_support=4, total_opposition=2, fln_bases_on_map=3, gov=24,
                               fln=5)
