"""The piece tokens and the marker chips shared by the map and the panel, on the SVG primitives
of ``referee_core.svg`` (re-exported here); the colours of the picture are named here once."""

from __future__ import annotations

from functools import cache

from referee_core.svg import (
    FLN, FONT, GOV, INK, MUTED, PAPER, SEA, attrs, el, num, rect, text, title,
)

from ..data import AG, AP, AT, FB, FP, FT, GB, UG

ALG = "#3d8fd1"        # Algerian (Government) pieces
SUPPORT = "#2c5fb8"
OPPOSE = "#c0392b"
TERROR = "#111"
POP0 = "#d9822b"

# The tokens: (shape, fill, text colour) per map piece; the box key "guerrillas" is drawn as an
# Underground Guerrilla (off the map Guerrillas have no state, 1.4.3).
TOKENS: dict[str, tuple[str, str, str]] = {
    FT: ("square", GOV, "#fff"),
    FP: ("circle", GOV, "#fff"),
    AT: ("square", ALG, "#fff"),
    AP: ("circle", ALG, "#fff"),
    GB: ("base", "#2b3f66", "#fff"),
    UG: ("octagon", FLN, "#fff"),
    AG: ("octagon", "#b5e08a", "#123"),
    FB: ("base", "#145a24", "#fff"),
    "guerrillas": ("octagon", FLN, "#fff"),
}
PIECE_NAMES: dict[str, str] = {
    FT: "French Troops", FP: "French Police", AT: "Algerian Troops", AP: "Algerian Police",
    GB: "Government Bases", UG: "Underground Guerrillas", AG: "Active Guerrillas",
    FB: "FLN Bases", "guerrillas": "Guerrillas",
}


def shape(kind: str, cx: float, cy: float, r: float, fill: str, stroke: str = "#0008") -> str:
    """A piece's shape centred on (cx, cy), about 2r across."""
    if kind == "square":
        return rect(cx - r, cy - r, 2 * r, 2 * r, fill, stroke, 1, 2)
    if kind == "circle":
        return (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"'
                f' stroke="{stroke}"/>')
    return (f'<polygon transform="translate({num(cx)},{num(cy)})" points="{_outline(kind, r)}"'
            f' fill="{fill}" stroke="{stroke}"/>')


@cache
def _outline(kind: str, r: float) -> str:
    """The points of an octagon (a Guerrilla) or a house (a Base) around the origin."""
    if kind == "octagon":
        k = r * 0.414
        pts = [(-k, -r), (k, -r), (r, -k), (r, k), (k, r), (-k, r), (-r, k), (-r, -k)]
    else:
        pts = [(0, -r - 1), (r + 1, -r * 0.25), (r + 1, r), (-r - 1, r), (-r - 1, -r * 0.25)]
    return " ".join(f"{num(dx)},{num(dy)}" for dx, dy in pts)


def token(piece: str, cx: float, cy: float, count: int | None, r: float = 10) -> str:
    """A piece token with its count written on it (no count: the bare shape, for the legend)."""
    kind, fill, ink = TOKENS[piece]
    out = shape(kind, cx, cy, r, fill)
    if count is not None:
        size = round(r * (1.2 if count < 10 else 1.0))
        out += text(cx, cy + size * 0.375, str(count), size=size, weight="bold", fill=ink,
                    anchor="middle")
    return out


def chip(x: float, y: float, label: str, fill: str, ink: str = "#fff", size: int = 10) -> tuple[
        str, float]:
    """A small marker chip whose left edge is at x, centred on y; returns it and its width."""
    w = chip_width(label, size)
    return (rect(x, y - size * 0.8, w, size * 1.6, fill, rx=size * 0.4)
            + text(x + w / 2, y + size * 0.36, label, size=size, weight="bold", fill=ink,
                   anchor="middle")), w


def chip_width(label: str, size: int = 10) -> float:
    return len(label) * size * 0.62 + 8


__all__ = ["ALG", "FLN", "FONT", "GOV", "INK", "MUTED", "OPPOSE", "PAPER", "PIECE_NAMES", "POP0",
           "SEA", "SUPPORT", "TERROR", "TOKENS", "attrs", "chip", "chip_width", "el", "num", "rect",
           "shape", "text", "title", "token"]
