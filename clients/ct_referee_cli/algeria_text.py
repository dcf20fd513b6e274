"""An *Algeria* board as text for ``ct-referee play --game algeria``: the turn, phase and tracks
in one line, then each area holding units or markers, one line each, the units counted by kind
(letters in the legend; the names are algeria.labels'). Built from the view's state document
(docs/algeria/state.md), so it shows only what the view shows."""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any, Mapping

from algeria.labels import UNIT_NAMES, area_name

WIDTH = 80
# the letter of each kind of unit, Government's capitals, the FLN's lower case
LETTERS = {"fr_div": "D", "fr_bde": "B", "elite_bde": "E", "alg_bde": "A", "police": "P",
           "front": "f", "cadre": "c", "band": "b", "failek": "k"}
LEGEND = "  ".join(f"{v} {UNIT_NAMES[k]}" for k, v in LETTERS.items())
CONTROL = {"gov": "G", "fln": "F"}


def _units(units: Mapping[str, Any]) -> dict[str, Counter[str]]:
    """Per area: the count of each kind of unit in it (units in a box are off the map)."""
    out: dict[str, Counter[str]] = {}
    for uid, u in units.items():
        if not isinstance(u, dict) or not u.get("area") or u.get("removed"):
            continue
        kind = uid.split(".", 1)[0]
        out.setdefault(u["area"], Counter())[LETTERS.get(kind, "?")] += 1
    return out


def header(doc: Mapping[str, Any]) -> str:
    psl = doc.get("psl") or {}
    return (f"Algeria {doc.get('scenario', '')} · turn {doc.get('turn', '-')} · phase"
            f" {doc.get('phase', '-')} · PSL Government {psl.get('gov', '-')}, FLN"
            f" {psl.get('fln', '-')} · AP {doc.get('ap', 0)}")[:WIDTH]


def board(view: Mapping[str, Any]) -> str:
    """The board of an Algeria view (``View`` of docs/algeria/state.md: its ``document``)."""
    doc = view.get("document") or {}
    areas: Mapping[str, Any] = doc.get("areas") or {}
    units = _units(doc.get("units") or {})
    lines = [header(doc)]
    for a in sorted(set(areas) | set(units)):
        info = areas.get(a) or {}
        marks = CONTROL.get(info.get("control") or "", ".") + ("*" if info.get("terror") else " ")
        pieces = " ".join(f"{n}{k}" for k, n in sorted(units.get(a, Counter()).items()))
        if pieces or marks != ". ":
            lines.append(f"{area_name(a)[:22]:<22} {marks} {pieces}"[:WIDTH])
    if len(lines) == 1:
        lines.append("(no unit on the map yet)")
    lines += textwrap.wrap("Legend: G/F control, * terror; " + LEGEND, WIDTH)
    return "\n".join(lines)
