"""The piece tokens of Colonial Twilight shared by the map and the panel, on the SVG primitives,
shapes and marker chips of ``referee_core.svg`` (re-exported here); the colours of the picture
that are Colonial Twilight's own are named here once."""

from __future__ import annotations

from referee_core.svg import (
    FLN, FONT, GOV, INK, MUTED, PAPER, SEA, attrs, chip, chip_width, el, num, rect, shape, text,
    title,
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


def token(piece: str, cx: float, cy: float, count: int | None, r: float = 10) -> str:
    """A piece token with its count written on it (no count: the bare shape, for the legend)."""
    kind, fill, ink = TOKENS[piece]
    out = shape(kind, cx, cy, r, fill)
    if count is not None:
        size = round(r * (1.2 if count < 10 else 1.0))
        out += text(cx, cy + size * 0.375, str(count), size=size, weight="bold", fill=ink,
                    anchor="middle")
    return out


__all__ = ["ALG", "FLN", "FONT", "GOV", "INK", "MUTED", "OPPOSE", "PAPER", "PIECE_NAMES", "POP0",
           "SEA", "SUPPORT", "TERROR", "TOKENS", "attrs", "chip", "chip_width", "el", "num", "rect",
           "shape", "text", "title", "token"]
