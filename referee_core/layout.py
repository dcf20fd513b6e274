"""Places on a board picture from towns' latitudes and longitudes, for every game's picture:
an equirectangular projection (longitude scaled by the cosine of the mean latitude, north up)
and a deterministic nudge that pushes apart boxes that would overlap."""

from __future__ import annotations

import math
from collections.abc import Mapping

Point = tuple[float, float]


def project(towns: Mapping[str, Point], width: float) -> dict[str, list[float]]:
    """Each town (latitude, longitude in degrees) as x, y in a picture ``width`` units wide
    (origin top left, the westernmost town at x 0, the northernmost at y 0)."""
    lats = [lat for lat, _ in towns.values()]
    lons = [lon for _, lon in towns.values()]
    k_lon = math.cos(math.radians((min(lats) + max(lats)) / 2))
    scale = width / ((max(lons) - min(lons)) * k_lon)
    return {n: [(lon - min(lons)) * k_lon * scale, (max(lats) - lat) * scale]
            for n, (lat, lon) in towns.items()}


def separate(pos: dict[str, list[float]], w: float, h: float, rounds: int = 400) -> None:
    """Move the centres of boxes ``w`` x ``h`` apart until no two overlap: each overlapping pair
    is pushed apart (half the overlap each) along the axis that needs the shorter move, in a
    fixed order (sorted names), so the same places always give the same picture."""
    names = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                moved |= _push(pos[a], pos[b], w, h)
        if not moved:
            return


def _push(a: list[float], b: list[float], w: float, h: float) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    over_x, over_y = w - abs(dx), h - abs(dy)
    if over_x <= 0 or over_y <= 0:
        return False
    if over_x / w < over_y / h:  # the shorter move, relative to the box's size
        step = over_x / 2 + 0.01
        sign = 1 if dx >= 0 else -1
        a[0] -= sign * step
        b[0] += sign * step
    else:
        step = over_y / 2 + 0.01
        sign = 1 if dy >= 0 else -1
        a[1] -= sign * step
        b[1] += sign * step
    return True


def overlapping(pos: Mapping[str, Point], w: float, h: float) -> list[tuple[str, str]]:
    """The pairs of boxes ``w`` x ``h`` centred on ``pos`` that overlap."""
    names = sorted(pos)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if abs(pos[a][0] - pos[b][0]) < w and abs(pos[a][1] - pos[b][1]) < h]
