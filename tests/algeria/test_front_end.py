"""What a front-end shows of an Algeria position: labels of moves and log entries
(algeria/labels.py), the catalogue (algeria/catalog.py) and the picture (algeria/render.py)."""

from __future__ import annotations

import random
import re

import pytest

import algeria
from algeria.catalog import catalog
from algeria.data import ALGERIAN, UNIT_IDS
from algeria.labels import area_name, log_label, move_label, move_labels, unit_name
from algeria.render import render


def test_names() -> None:
    assert unit_name("fr_bde.1") == "French brigade 1"
    assert unit_name("elite_bde.7") == "French elite brigade 7"
    assert unit_name("cadre.17") == "Cadre 17"
    assert area_name("II-2") == "II-2 Philippeville"
    assert area_name("ALGIERS") == "Algiers" and area_name("FRANCE") == "France"


def test_the_first_set_up_move_and_its_log() -> None:
    s = algeria.new_game("1954", 1)
    m = algeria.legal_moves(s)[0]
    assert m == {"t": "place", "unit": "fr_bde.1", "area": "CONSTANTINE"}
    assert move_label(s, m) == "Set up French brigade 1 in Constantine"
    _, log = algeria.apply(s, m)
    assert [log_label(e) for e in log] == ["French brigade 1 set up in Constantine"]


@pytest.mark.parametrize("text,label", [
    ("fr_div.3 deploys to IV-1", "French division 3 deploys to IV-1 Medea"),
    ("gov PSL -1 (mobilize police) = 60", "Government PSL -1 (mobilize Police) = 60"),
    ("band.5, band.17 to the OPS box", "Band 5, Band 17 to the Operations box"),
    ("the OAS is placed in ORAN", "The OAS is placed in Oran"),
    ("fln AP +8 (areas) = 8", "FLN AP +8 (areas) = 8"),
])
def test_log_labels(text: str, label: str) -> None:
    assert log_label({"rule": "7.0", "text": text}) == label


def test_a_move_of_an_unknown_kind_names_every_field() -> None:
    s = algeria.new_game("1958", 2)
    m = {"t": "raid", "area": "V-3", "unit": "band.2", "dice": 2}
    assert move_label(s, m) == "Raid, area V-3 Sidi Bel Abbes, unit Band 2, dice 2"


@pytest.mark.parametrize("scenario", ["1954", "1958", "1960"])
def test_every_prompt_of_a_game_has_distinct_readable_labels(scenario: str) -> None:
    rng = random.Random(int(scenario))
    s = algeria.new_game(scenario, int(scenario))
    ids = re.compile(r"\b(" + "|".join(k.split(".")[0] for k in UNIT_IDS) + r")\.\d+\b")
    while algeria.to_move(s) is not None:
        moves = algeria.legal_moves(s)
        labels = move_labels(s, moves)
        assert len(set(labels)) == len(labels), (algeria.prompt(s), labels)
        assert not any(ids.search(lb) for lb in labels)
        s, log = algeria.apply(s, rng.choice(moves))
        assert all(log_label(e) and not ids.search(log_label(e)) for e in log)


def test_the_catalogue() -> None:
    doc = catalog()
    areas = {a["id"]: a for a in doc["areas"]}
    assert len(areas) == 28 and areas["V-3"]["name"] == "Sidi Bel Abbes"
    assert areas["ALGIERS"]["type"] == "urban" and areas["ALGIERS"]["wilaya"] == "IV"
    assert all(a in areas[b]["adjacent"] for a in areas for b in areas[a]["adjacent"])
    assert areas["I-2"]["borders"] == ["TUNISIA"]
    assert {u["key"]: u["count"] for u in doc["units"]}["cadre"] == 30
    assert [s["name"] for s in doc["scenarios"]] == ["1954", "1958", "1960"]
    assert doc["scenario_setup"]["1958"]["tracks"]["gov_psl"] == 50
    assert doc["version"] == catalog()["version"] and doc["version"].startswith("alg-")


def test_the_picture_shows_every_area_and_the_units_of_a_box() -> None:
    s = algeria.new_game("1954", 1)
    s, _ = algeria.apply(s, {"t": "place", "unit": "fr_bde.1", "area": "CONSTANTINE"})
    svg = render(s, "fln")
    for a in ALGERIAN:
        assert f'data-area="{a}"' in svg
    constantine = svg.split('data-area="CONSTANTINE"', 1)[1].split("</g>", 1)[0]
    assert ">OPS<" in constantine and ">X<" in constantine  # the brigade in the OPS box
    assert "as seen by the FLN" in svg and "Government PSL" in svg
    assert render(s, "fln") == svg  # pure
    with pytest.raises(algeria.BadRequest):
        render(s, "referee")
