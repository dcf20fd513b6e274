"""A few SVG primitives, written as text: elements with escaped attributes and text, the piece
tokens and the marker chips shared by the map and the panel. The colours of the picture are named
here once."""

from __future__ import annotations

import re
from functools import cache
from xml.sax.saxutils import escape

from ..data import AG, AP, AT, FB, FP, FT, GB, UG

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#222"
MUTED = "#666"
GOV = "#1d3c84"        # French pieces, Government Control
ALG = "#3d8fd1"        # Algerian (Government) pieces
FLN = "#1f7a33"        # FLN pieces, FLN Control
SUPPORT = "#2c5fb8"
OPPOSE = "#c0392b"
TERROR = "#111"
POP0 = "#d9822b"
PAPER = "#f6f1e4"
SEA = "#bcd6e8"

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


def attrs(**kw: object) -> str:
    """Attributes in the order given (``class_`` → ``class``, ``data_space`` →
    ``data-space``); None leaves an attribute out."""
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        name = _NAMES.get(k) or _NAMES.setdefault(k, k.rstrip("_").replace("_", "-"))
        s = v if type(v) is str else str(v)
        if _SPECIAL.search(s):
            s = escape(s, {'"': "&quot;"})
        out.append(f' {name}="{s}"')
    return "".join(out)


_NAMES: dict[str, str] = {}
_SPECIAL = re.compile(r'[&<>"]')


def el(tag: str, body: str = "", /, **kw: object) -> str:
    a = attrs(**kw)
    return f"<{tag}{a}>{body}</{tag}>" if body else f"<{tag}{a}/>"


def text(x: float, y: float, s: str, size: int = 12, weight: str = "normal", fill: str = INK,
         anchor: str = "start", **kw: object) -> str:
    a = attrs(**kw) if kw else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" font-weight="{weight}"'
            f' fill="{fill}" text-anchor="{anchor}"{a}>{escape(s)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
         sw: float = 1, rx: float = 0, **kw: object) -> str:
    a = attrs(**kw) if kw else ""
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}"'
            f' fill="{fill}" stroke="{stroke}" stroke-width="{_n(sw)}"{a}/>')


def title(s: str) -> str:
    """A tooltip for the enclosing group."""
    return f"<title>{escape(s)}</title>"


def shape(kind: str, cx: float, cy: float, r: float, fill: str, stroke: str = "#0008") -> str:
    """A piece's shape centred on (cx, cy), about 2r across."""
    if kind == "square":
        return rect(cx - r, cy - r, 2 * r, 2 * r, fill, stroke, 1, 2)
    if kind == "circle":
        return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}"'
                f' stroke="{stroke}"/>')
    return (f'<polygon transform="translate({_n(cx)},{_n(cy)})" points="{_outline(kind, r)}"'
            f' fill="{fill}" stroke="{stroke}"/>')


@cache
def _outline(kind: str, r: float) -> str:
    """The points of an octagon (a Guerrilla) or a house (a Base) around the origin."""
    if kind == "octagon":
        k = r * 0.414
        pts = [(-k, -r), (k, -r), (r, -k), (r, k), (k, r), (-k, r), (-r, k), (-r, -k)]
    else:
        pts = [(0, -r - 1), (r + 1, -r * 0.25), (r + 1, r), (-r - 1, r), (-r - 1, -r * 0.25)]
    return " ".join(f"{_n(dx)},{_n(dy)}" for dx, dy in pts)


def token(piece: str, cx: float, cy: float, count: int | None, r: float = 10) -> str:
    """A piece token with its count written on it (no count: the bare shape, for the legend)."""
    kind, fill, ink = TOKENS[piece]
    out = shape(kind, cx, cy, r, fill)
    if count is not None:
        out += text(cx, cy + 4.5, str(count), size=12 if count < 10 else 10, weight="bold",
                    fill=ink, anchor="middle")
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


def _n(v: float) -> str:
    """A coordinate written briefly: whole numbers without decimals, else one decimal."""
    if type(v) is int:
        return str(v)
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s
