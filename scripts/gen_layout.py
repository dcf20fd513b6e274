#!/usr/bin/env python3
"""Lay out the board picture: engine/data/ct-layout.json holds, per space, the latitude and
longitude of its main town (Morocco and Tunisia: a point beyond the border, next to the Sectors
they touch) and the position ``x``, ``y`` of the space's centre in the SVG picture, which this
script derives from them:

1. project each point (equirectangular, longitudes scaled by cos 35.5°) onto the map area;
2. push apart the space boxes (``box`` w × h) that overlap, a little at a time, while a weak
   spring pulls each one back to its projected point and the coast keeps it on land (its top
   may overhang the shore by ``overhang``), until no two boxes are closer than ``gap``;
3. round to whole pixels and write the file back (keys sorted, one space per line).

The coastline (``coast``, latitude/longitude points west to east) is projected the same way.
Run it after changing a coordinate or the picture's size: ``python scripts/gen_layout.py``;
``--check`` exits 1 when the file is not what the script makes (tests/test_render.py runs it).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

PATH = Path(__file__).resolve().parent.parent / "engine" / "data" / "ct-layout.json"


def project(lat: float, lon: float, frame: dict[str, Any]) -> tuple[float, float]:
    k = frame["scale"]
    x = frame["margin"] + (lon - frame["west"]) * math.cos(math.radians(35.5)) * k
    y = frame["top"] + (frame["north"] - lat) * k
    return x, y


def coast_y(x: float, coast: list[tuple[float, float]]) -> float:
    """The coastline's y at x (linear between its points; flat beyond its ends)."""
    if x <= coast[0][0]:
        return coast[0][1]
    for (x1, y1), (x2, y2) in zip(coast, coast[1:]):
        if x1 <= x <= x2:
            return y1 + (y2 - y1) * (x - x1) / (x2 - x1)
    return coast[-1][1]


def relax(anchors: dict[str, tuple[float, float]], frame: dict[str, Any],
          coast: list[tuple[float, float]]) -> dict[str, list[int]]:
    w, h = frame["box"]
    gap = frame["gap"]
    lo_x, hi_x = w / 2 + 8, frame["width"] - w / 2 - 8
    lo_y, hi_y = frame["top"] + h / 2, frame["map_height"] - h / 2 - 8
    pos = {n: [x, y] for n, (x, y) in anchors.items()}
    names = sorted(pos)
    for it in range(3000):
        pull = 0.02 if it < 2000 else 0.0  # the last rounds only separate
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                ox = w + gap - abs(dx)
                oy = h + gap - abs(dy)
                if ox > 0 and oy > 0:
                    moved = True
                    # separate along the axis that needs the smaller push
                    if ox / w < oy / h:
                        s = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                        pa[0] -= s
                        pb[0] += s
                    else:
                        s = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                        pa[1] -= s
                        pb[1] += s
        for n in names:
            p, (ax, ay) = pos[n], anchors[n]
            p[0] += (ax - p[0]) * pull
            p[1] += (ay - p[1]) * pull
            p[0] = min(max(p[0], lo_x), hi_x)
            # on land: a box's top may overhang the shore by ``overhang`` at most
            shore = max(coast_y(p[0] - w / 2, coast), coast_y(p[0] + w / 2, coast))
            p[1] = min(max(p[1], lo_y, shore + h / 2 - frame["overhang"]), hi_y)
        if not moved and it > 2000:
            break
    return {n: [round(p[0]), round(p[1])] for n, p in pos.items()}


def build(data: dict[str, Any]) -> dict[str, Any]:
    frame = data["frame"]
    anchors = {n: project(s["lat"], s["lon"], frame) for n, s in data["spaces"].items()}
    coast = [project(lat, lon, frame) for lat, lon in data["coast"]]
    xy = relax(anchors, frame, coast)
    out = dict(data)
    out["spaces"] = {n: {"lat": s["lat"], "lon": s["lon"], "town": s["town"],
                         "x": xy[n][0], "y": xy[n][1]} for n, s in data["spaces"].items()}
    out["coast_xy"] = [[round(x), round(y)] for x, y in coast]
    return out


def dump(data: dict[str, Any]) -> str:
    lines = ["{"]
    keys = sorted(data)
    for i, k in enumerate(keys):
        end = "," if i < len(keys) - 1 else ""
        v = data[k]
        if k == "spaces":
            lines.append(f'  "{k}": {{')
            names = list(v)
            for j, n in enumerate(names):
                e = "," if j < len(names) - 1 else ""
                lines.append(f"    {json.dumps(n)}: {json.dumps(v[n], sort_keys=True)}{e}")
            lines.append("  }" + end)
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = PATH.read_text(encoding="utf-8")
    made = dump(build(json.loads(text)))
    if "--check" in argv:
        if made != text:
            print(f"{PATH} is out of date: run python scripts/gen_layout.py", file=sys.stderr)
            return 1
        return 0
    PATH.write_text(made, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
