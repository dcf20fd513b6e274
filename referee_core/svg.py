"""SVG written as text, shared by every game's board picture (``engine.render``,
``algeria.render``, ``insurgent.render``): elements with escaped attributes and text, rectangles,
tooltips, shapes (square, circle, octagon, house), marker chips, the document around a picture,
and the colours the games name the same way (paper, ink, the Government's or French and the
FLN's). What is one game's own (Colonial Twilight's piece tokens) stays with that game."""

from __future__ import annotations

import re
from functools import cache
from xml.sax.saxutils import escape

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#222"
MUTED = "#666"
GOV = "#1d3c84"        # Government (French) pieces, Government Control
FLN = "#1f7a33"        # FLN pieces, FLN Control
PAPER = "#f6f1e4"
SEA = "#bcd6e8"


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
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{size}" font-weight="{weight}"'
            f' fill="{fill}" text-anchor="{anchor}"{a}>{escape(s)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
         sw: float = 1, rx: float = 0, **kw: object) -> str:
    a = attrs(**kw) if kw else ""
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}"'
            f' fill="{fill}" stroke="{stroke}" stroke-width="{num(sw)}"{a}/>')


def title(s: str) -> str:
    """A tooltip for the enclosing group."""
    return f"<title>{escape(s)}</title>"


def document(body: str, width: float, height: float, label: str,
             origin: tuple[float, float] = (0, 0), **kw: object) -> str:
    """The SVG document of a picture ``width`` x ``height`` user units whose top left corner is
    ``origin``, ``label`` its accessible name."""
    box = f"{num(origin[0])} {num(origin[1])} {num(width)} {num(height)}"
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + el("svg", body, xmlns="http://www.w3.org/2000/svg", version="1.1", width=width,
                 height=height, viewBox=box, font_family=FONT, role="img", aria_label=label,
                 **kw)
            + "\n")


def num(v: float) -> str:
    """A coordinate written briefly: whole numbers without decimals, else one decimal."""
    if type(v) is int:
        return str(v)
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def shape(kind: str, cx: float, cy: float, r: float, fill: str, stroke: str = "#0008") -> str:
    """A shape centred on (cx, cy), about 2r across: ``kind`` "square", "circle", "octagon" or
    anything else a house (Colonial Twilight draws its pieces with them)."""
    if kind == "square":
        return rect(cx - r, cy - r, 2 * r, 2 * r, fill, stroke, 1, 2)
    if kind == "circle":
        return (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"'
                f' stroke="{stroke}"/>')
    return (f'<polygon transform="translate({num(cx)},{num(cy)})" points="{_outline(kind, r)}"'
            f' fill="{fill}" stroke="{stroke}"/>')


@cache
def _outline(kind: str, r: float) -> str:
    """The points of an octagon or a house around the origin."""
    if kind == "octagon":
        k = r * 0.414
        pts = [(-k, -r), (k, -r), (r, -k), (r, k), (k, r), (-k, r), (-r, k), (-r, -k)]
    else:
        pts = [(0, -r - 1), (r + 1, -r * 0.25), (r + 1, r), (-r - 1, r), (-r - 1, -r * 0.25)]
    return " ".join(f"{num(dx)},{num(dy)}" for dx, dy in pts)


def chip(x: float, y: float, label: str, fill: str, ink: str = "#fff", size: int = 10,
         em: float = 0.62) -> tuple[str, float]:
    """A small marker chip whose left edge is at x, centred on y; returns it and its width
    (``em``: a character's width in ems, ``chip_width``)."""
    w = chip_width(label, size, em)
    return (rect(x, y - size * 0.8, w, size * 1.6, fill, rx=size * 0.4)
            + text(x + w / 2, y + size * 0.36, label, size=size, weight="bold", fill=ink,
                   anchor="middle")), w


def chip_width(label: str, size: int = 10, em: float = 0.62) -> float:
    """The width of ``chip(..., label, size=size, em=em)``: the bold text's width estimated at
    ``em`` of the size per character (0.62 for mixed case; capitals are wider, about 0.76)."""
    return len(label) * size * em + 8
