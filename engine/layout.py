"""Where each space sits on the board picture: data in ``engine/data/ct-layout.json``, the one
place every picture and client takes it from (the catalogue serves it; the SVG board uses it).

Each space is placed at its main town's real latitude/longitude (for Morocco and Tunisia: a town
near the Algerian border), projected equirectangularly (longitude scaled by the cosine of the
mean latitude, north up) into the picture's coordinate system (``width`` x ``height`` user units,
origin top left), then nudged apart until no two spaces are closer than ``min_distance`` (so
that neighbours such as Constantine and Philippeville stay legible). ``derive`` computes the
positions from the towns; the file stores both, and ``python -m engine.layout`` rewrites the
stored positions from the towns (a test holds the two equal).
"""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

LAYOUT: dict[str, Any] = json.loads(
    resources.files("engine").joinpath("data", "ct-layout.json").read_text(encoding="utf-8"))
WIDTH: int = LAYOUT["width"]
HEIGHT: int = LAYOUT["height"]
POSITIONS: dict[str, tuple[float, float]] = {
    n: (float(sp["x"]), float(sp["y"])) for n, sp in LAYOUT["spaces"].items()}


def derive(layout: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """The positions of ``layout``'s spaces from their towns (see the module docstring)."""
    towns = {n: (float(sp["lat"]), float(sp["lon"])) for n, sp in layout["spaces"].items()}
    width, height, margin = layout["width"], layout["height"], layout["margin"]
    lats = [p[0] for p in towns.values()]
    lons = [p[1] for p in towns.values()]
    k_lon = math.cos(math.radians((min(lats) + max(lats)) / 2))
    span_x = (max(lons) - min(lons)) * k_lon
    span_y = max(lats) - min(lats)
    scale = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    pos = {n: [margin + (lon - min(lons)) * k_lon * scale, margin + (max(lats) - lat) * scale]
           for n, (lat, lon) in towns.items()}
    _nudge(pos, float(layout["min_distance"]), width, height, margin)
    return {n: (round(x, 1), round(y, 1)) for n, (x, y) in pos.items()}


def _nudge(pos: dict[str, list[float]], dmin: float, width: float, height: float,
           margin: float) -> None:
    """Push apart every pair closer than ``dmin`` (half the shortfall each, along the line
    joining them), a fixed number of rounds, deterministic (sorted names)."""
    names = sorted(pos)
    for _ in range(200):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                dx, dy = bx - ax, by - ay
                d = math.hypot(dx, dy)
                if d >= dmin:
                    continue
                if d == 0:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (dmin - d) / 2 + 0.01
                ux, uy = dx / d * push, dy / d * push
                pos[a] = [ax - ux, ay - uy]
                pos[b] = [bx + ux, by + uy]
                moved = True
        for p in pos.values():
            p[0] = min(max(p[0], margin), width - margin)
            p[1] = min(max(p[1], margin), height - margin)
        if not moved:
            return


def main() -> None:
    """Rewrite the stored positions of ``engine/data/ct-layout.json`` from its towns."""
    path = Path(__file__).parent / "data" / "ct-layout.json"
    layout = json.loads(path.read_text(encoding="utf-8"))
    for n, (x, y) in derive(layout).items():
        layout["spaces"][n]["x"], layout["spaces"][n]["y"] = x, y
    path.write_text(json.dumps(layout, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
