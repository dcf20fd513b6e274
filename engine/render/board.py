"""The map part of the board picture: the sea, the adjacency lines (1.3.6), and one box per space
(1.3) centred on its place in ``engine/data/ct-layout.json`` (``engine.layout``), with its
Population (1.3.3), pieces (1.4), Support/Opposition (1.6), Terror (3.3.4), Control (1.7) and
Pop 0 / Pop +1 / Base markers (4.2.1, 1.3.3, 1.4.2). Each space is a ``<g data-space="NAME">``
a client can make clickable."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..data import AG, AP, AT, FB, FP, FT, GB, SPACES, UG
from ..layout import POSITIONS, WIDTH
from ..words import CONTROL as CONTROL_NAMES
from ..words import LEVELS as LEVEL_NAMES
from ..words import count
from .svg import (
    FLN, GOV, MUTED, OPPOSE, POP0, SEA, SUPPORT, TERROR, chip, chip_width, el, rect,
    text, title, token,
)

# A space's box; two boxes never overlap while the layout keeps centres ``min_distance`` apart
# (at least the box's diagonal: tests/test_render.py).
BOX_W, BOX_H = 156, 88
PIECE_R = 10
# A narrow screen's boxes: as large as the layout allows without two of them overlapping
# (tests/test_render.py), with larger pieces.
COMPACT_W, COMPACT_H = 166, 94
COMPACT_PIECE_R = 13.5
XY = POSITIONS
GOV_ROW = (FT, FP, AT, AP, GB)
FLN_ROW = (UG, AG, FB)
TERRAIN_FILL = {"mountain": "#e4d2ad", "plain": "#e3edc6", "city": "#dedbd5",
                "country": "#f0dcd3"}
CONTROL = {"gov": ("Gov", GOV), "fln": ("FLN", FLN)}
SUPPORT_CHIP = {"support": ("Support", SUPPORT), "oppose": ("Oppose", OPPOSE)}
WILAYA = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


@cache
def sea() -> str:
    """The Mediterranean along the top: the coast is north of every space."""
    top = min(y for _, y in XY.values()) - BOX_H / 2 - 6
    return (rect(0, 0, WIDTH, top, SEA)
            + text(WIDTH * 0.6, top - 12, "Mediterranean Sea", size=16, fill="#4d7798",
                   font_style="italic"))


@cache
def adjacency() -> str:
    """One line per pair of adjacent spaces (1.3.6); a line into Morocco or Tunisia crosses an
    international border (dashed)."""
    out = []
    for a, sp in SPACES.items():
        for b in sp.adjacent:
            if a < b:
                (x1, y1), (x2, y2) = XY[a], XY[b]
                border = SPACES[a].is_country or SPACES[b].is_country
                out.append(el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#9c8f74",
                              stroke_width=2.5, stroke_dasharray="7 5" if border else None,
                              stroke_linecap="round"))
    return el("g", "".join(out), class_="adjacency")


def space(name: str, sp: dict[str, Any], der: dict[str, Any]) -> str:
    """The box of one space, from its view entry and its derived values."""
    info = SPACES[name]
    cx, cy = XY[name]
    x0, y0 = cx - BOX_W / 2, cy - BOX_H / 2
    kind = _kind(name)
    ctrl = der.get("control")
    stroke, sw = (CONTROL[ctrl][1], 3.5) if ctrl in CONTROL else ("#7a7265", 1.5)
    parts = [rect(x0, y0, BOX_W, BOX_H, TERRAIN_FILL[kind], stroke, sw, 9)]
    pop = der.get("population", info.population)
    parts.append(text(x0 + 7, y0 + 17, name, size=13 if len(name) <= 14 else 11, weight="bold"))
    if info.is_country:
        parts.append(text(x0 + BOX_W - 7, y0 + 16, "Country", size=11, fill=MUTED,
                          anchor="end"))
    else:  # the Population, in a circle as on the board (1.3.3; 0 once Resettled, 4.2.1)
        parts.append(el("circle", cx=x0 + BOX_W - 14, cy=y0 + 13, r=9, fill="#fff",
                        stroke=MUTED))
        parts.append(text(x0 + BOX_W - 14, y0 + 17, str(pop), size=11, weight="bold",
                          anchor="middle"))
    # the markers: Support/Opposition, Terror, Pop 0 (Resettled), Pop +1, Base marker
    x = x0 + 6
    for label, fill, ink in _markers(sp, der, info.is_country):
        c, w = chip(x, y0 + 33, label, fill, ink)
        parts.append(c)
        x += w + 4
    if ctrl in CONTROL:  # Control: bottom right, beside the FLN pieces (at most 3 kinds)
        label, fill = CONTROL[ctrl]
        c, _ = chip(x0 + BOX_W - chip_width(label) - 6, y0 + 76, label, fill)
        parts.append(c)
    parts.append(_pieces(sp["pieces"], x0 + 17, (y0 + 52, y0 + 75), 26, PIECE_R))
    return el("g", title(_describe(name, sp, der, kind)) + "".join(parts), data_space=name,
              class_="space")


def compact_space(name: str, sp: dict[str, Any], der: dict[str, Any]) -> str:
    """The box of one space for a narrow screen: larger (``COMPACT_W`` x ``COMPACT_H``), its
    name and Population larger, larger pieces, and the markers as shapes without words: a band
    along the bottom for Support (blue) or Opposition (red), a black corner for Terror, the
    border for Control (the tooltip says it all in words)."""
    info = SPACES[name]
    cx, cy = XY[name]
    x0, y0 = cx - COMPACT_W / 2, cy - COMPACT_H / 2
    kind = _kind(name)
    ctrl = der.get("control")
    stroke, sw = (CONTROL[ctrl][1], 6) if ctrl in CONTROL else ("#7a7265", 2)
    parts = [rect(x0, y0, COMPACT_W, COMPACT_H, TERRAIN_FILL[kind], stroke, sw, 10)]
    level = der.get("support", sp.get("support"))
    if level in SUPPORT_CHIP:
        parts.append(rect(x0 + 8, y0 + COMPACT_H - 11, COMPACT_W - 16, 7,
                          SUPPORT_CHIP[str(level)][1], rx=3))
    if sp.get("terror"):
        parts.append(el("polygon", points=f"{x0 + 4},{y0 + 4} {x0 + 30},{y0 + 4} {x0 + 4},"
                        f"{y0 + 30}", fill=TERROR))
    room = COMPACT_W - (14 if info.is_country else 44)
    squeeze = len(name) * 19 * 0.62 > room  # too long: squeezed into the room left
    parts.append(text(x0 + 8, y0 + 24, name, size=19, weight="bold",
                      textLength=room if squeeze else None,
                      lengthAdjust="spacingAndGlyphs" if squeeze else None))
    if not info.is_country:
        pop = der.get("population", info.population)
        px = x0 + COMPACT_W - 19
        parts.append(el("circle", cx=px, cy=y0 + 18, r=14, fill="#fff", stroke=MUTED))
        parts.append(text(px, y0 + 24, str(pop), size=17, weight="bold", anchor="middle"))
    parts.append(_pieces(sp["pieces"], x0 + 22, (y0 + 48, y0 + 77), 31, COMPACT_PIECE_R))
    return el("g", title(_describe(name, sp, der, kind)) + "".join(parts), data_space=name,
              class_="space")


def _kind(name: str) -> str:
    info = SPACES[name]
    return "country" if info.is_country else "city" if info.is_city else info.terrain or "plain"


def _pieces(pieces: dict[str, int], x: float, rows: tuple[float, float], step: float,
            r: float) -> str:
    """The pieces of a space: the Government's in one row, the FLN's in the next."""
    out = []
    for row, keys in zip(rows, (GOV_ROW, FLN_ROW)):
        tx = x
        for k in keys:
            if pieces.get(k):
                out.append(token(k, tx, row, pieces[k], r))
                tx += step
    return "".join(out)


def _markers(sp: dict[str, Any], der: dict[str, Any],
             country: bool) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    level = sp.get("support", "neutral")
    if level in SUPPORT_CHIP:
        out.append((*SUPPORT_CHIP[level], "#fff"))
    elif country and der.get("support") == "oppose":  # 5.1.8: counts as Oppose, no marker
        out.append(("Oppose*", "#d98b82", "#fff"))
    if sp.get("terror"):
        n = sp["terror"]
        out.append(("Terror" + (f" ×{n}" if n > 1 else ""), TERROR, "#fff"))
    if sp.get("resettled"):
        out.append(("Pop 0", POP0, "#fff"))
    if sp.get("pop_bonus"):
        out.append(("Pop +1", "#8e6fb8", "#fff"))
    if sp.get("base_marker"):
        out.append(("Base +1", "#555", "#fff"))
    return out


def _describe(name: str, sp: dict[str, Any], der: dict[str, Any], kind: str) -> str:
    """The space's tooltip: everything the box shows, in words."""
    info = SPACES[name]
    head = f"{name} ({kind}"
    if info.wilaya:
        head += f", Wilaya {WILAYA[info.wilaya]}"
    head += f"), Population {der.get('population', info.population)}"
    level = der.get("support", sp.get("support"))
    facts = [head, f"Support/Opposition: {LEVEL_NAMES.get(str(level), level)}",
             f"Control: {CONTROL_NAMES.get(str(der.get('control') or ''), 'none')}"]
    if sp.get("terror"):
        facts.append(f"Terror: {sp['terror']}")
    if sp.get("resettled"):
        facts.append("Resettled (Pop 0)")
    pieces = [count(n, k) for k, n in sp["pieces"].items() if n]
    facts.append("Pieces: " + (", ".join(pieces) if pieces else "none"))
    return "\n".join(facts)


def spaces(view: dict[str, Any], compact: bool = False) -> str:
    derived = view.get("derived", {}).get("spaces", {})
    draw = compact_space if compact else space
    return el("g", "".join(draw(n, sp, derived.get(n, {}))
                           for n, sp in view["spaces"].items()), class_="spaces")


__all__ = ["BOX_H", "BOX_W", "COMPACT_H", "COMPACT_W", "XY", "adjacency", "sea", "spaces"]
