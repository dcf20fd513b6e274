"""Algeria's areas have positions: the catalogue gives each area its town's latitude and longitude
(algeria/data/algeria-towns.json), and the board picture places the areas by them (west to east,
north to south) with no two cards overlapping; the picture is drawn on referee_core's SVG, not
Colonial Twilight's."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

import algeria
from algeria.catalog import catalog
from algeria.render import CARD_H, CARD_W, render
from referee_core.layout import overlapping

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def test_catalogue_gives_every_area_a_town_and_its_coordinates() -> None:
    areas = catalog()["areas"]
    assert {a["id"] for a in areas} == set(algeria.data.AREAS)
    for a in areas:
        assert a["town"], a["id"]
        assert -2.5 < a["lon"] < 9.5 and 32 < a["lat"] < 44, a  # Algeria, its neighbours, Marseille
    by_id = {a["id"]: a for a in areas}
    assert by_id["ORAN"]["lon"] < by_id["ALGIERS"]["lon"] < by_id["CONSTANTINE"]["lon"]
    assert by_id["V-7"]["lat"] < by_id["ORAN"]["lat"]  # Ain Sefra lies south of Oran


def card_places(svg: str) -> dict[str, tuple[float, float]]:
    """Each area card's top left corner, from its frame."""
    out = {}
    for g in ET.fromstring(svg).iter(NS + "g"):
        if g.get("data-area"):
            r = g.find(NS + "rect")
            assert r is not None
            out[g.get("data-area", "")] = (float(r.get("x", 0)), float(r.get("y", 0)))
    return out


def test_picture_places_the_areas_by_longitude_and_latitude() -> None:
    s = algeria.new_game("1958", 5, {"chance": "managed"})
    xy = card_places(render(s, "observer"))
    assert set(xy) == set(algeria.data.AREAS)
    x = {a: p[0] for a, p in xy.items()}
    y = {a: p[1] for a, p in xy.items()}
    assert x["MOROCCO"] < x["V-2"] < x["ORAN"] < x["ALGIERS"] < x["CONSTANTINE"] < x["TUNISIA"]
    assert x["II-1"] < x["II-3"]            # Setif west of Souk Ahras
    assert y["ALGIERS"] < y["IV-1"] < y["V-8"]  # Algiers, Medea, Laghouat: north to south
    assert y["ORAN"] < y["V-1"] < y["V-7"]      # Oran, Mecheria, Ain Sefra
    assert y["FRANCE"] < min(v for a, v in y.items() if a != "FRANCE")  # across the sea
    centres = {a: (px + CARD_W / 2, py + CARD_H / 2) for a, (px, py) in xy.items()
               if a != "FRANCE"}
    assert not overlapping(centres, CARD_W, CARD_H)


def test_algeria_draws_on_referee_core_not_on_the_other_game() -> None:
    for path in (ROOT / "algeria").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in imported if m.split(".")[0] == "engine"], path.name
