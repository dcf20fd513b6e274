"""A picture of an *Algeria* position: an SVG schematic drawn from a role's view (``view``), so
that nothing the role may not see can appear in it.

    render(state, role="observer") -> str     # an SVG document
    render_view(view) -> str                  # the same from a view already made

A map: each area a card (``<g data-area="ID">``) placed at the town it is named after
(``algeria/data/algeria-towns.json``: latitude and longitude, projected and nudged apart so that
no two cards overlap, ``referee_core.layout``; France in the sea above, at Marseille's longitude),
the adjacent areas joined by lines; each card with its type and wilaya, Control (10.1), Terror
(11.5) and resettlement (9.27), its four boxes (UG, OPS, PTL, OC) with the units in each,
counted by type (neutralized ones apart), and a tooltip saying all of it in words; above, the
tracks (PSL with the thresholds of 11.3/11.4, FLN AP,
Air, Helicopter and Naval Points, Border Zone, independence, OAS, this turn's events); below,
the units off the map and a legend. Pure: no I/O, the same view always gives the same text.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee_core.layout import project, separate
from referee_core.svg import FLN, GOV, INK, MUTED, PAPER, SEA, document, el, rect, text, title

from .data import AREAS, BOXES, TOWNS
from .labels import BOXES as BOX_NAMES
from .labels import EVENT_NAMES, SIDES, UNIT_NAMES, area_name, counted
from .state import State
from .view import view as make_view

CARD_W, CARD_H, GAP = 196, 112, 8
TOP = 150                       # the map below the tracks
ABBR = {"fr_div": "XX", "fr_bde": "X", "elite_bde": "eX", "alg_bde": "aX", "police": "P",
        "front": "Fr", "cadre": "Ca", "band": "Bd", "failek": "Fk"}
GOV_UNITS = ("fr_div", "fr_bde", "elite_bde", "alg_bde", "police")
FLN_UNITS = ("front", "cadre", "band", "failek")
CONTROL_FILL = {"gov": GOV, "fln": FLN, None: "#9a9a9a"}
TYPE_NAMES = {"urban": "urban", "rural": "rural", "remote": "remote", "country": "country"}
CONTROL_NAMES = {"gov": "Government", "fln": "FLN", None: "contested"}
ROLE_NAMES = {"gov": "the Government", "fln": "the FLN", "observer": "an observer"}
MAP_W = 2250                    # the span of the towns' longitudes, in picture units
SEA_H = CARD_H - 30 + 24        # the sea along the top, France's card in it
LEFT = 24 + CARD_W / 2


def _positions() -> dict[str, tuple[float, float]]:
    """Each area's card centre: its town projected (Algeria, Morocco, Tunisia), the cards
    nudged apart, then moved below the tracks and the sea; France in the sea at its town's
    longitude."""
    towns = {a: (float(t["lat"]), float(t["lon"])) for a, t in TOWNS.items() if a != "FRANCE"}
    pos = project(towns, MAP_W)
    separate(pos, CARD_W + GAP, CARD_H + GAP)
    x0 = min(x for x, _ in pos.values())
    y0 = min(y for _, y in pos.values())
    top = TOP + SEA_H + CARD_H / 2 + 6
    out = {a: (round(x - x0 + LEFT, 1), round(y - y0 + top, 1)) for a, (x, y) in pos.items()}
    west = min(towns, key=lambda a: towns[a][1])
    east = max(towns, key=lambda a: towns[a][1])
    lon_w, lon_e = towns[west][1], towns[east][1]
    x_w, x_e = out[west][0], out[east][0]
    lon_f = float(TOWNS["FRANCE"]["lon"])
    out["FRANCE"] = (round(x_w + (lon_f - lon_w) / (lon_e - lon_w) * (x_e - x_w), 1),
                     TOP + SEA_H / 2 + 4)
    return out


POSITIONS = _positions()
WIDTH = int(max(x for x, _ in POSITIONS.values()) + CARD_W / 2 + 24)
MAP_BOTTOM = max(y for _, y in POSITIONS.values()) + CARD_H / 2
HEIGHT = int(MAP_BOTTOM + 190)


def render(s: State, role: str = "observer", compact: bool = False) -> str:
    """The position as ``role`` (gov, fln, observer) may see it (BadRequest on another role);
    ``compact``: without the legend, for a narrow screen."""
    return render_view({**make_view(s, role), "role": role}, compact)


def render_view(v: dict[str, Any], compact: bool = False) -> str:
    """The picture of a view (``algeria.view``'s document)."""
    by_area: dict[str | None, list[tuple[str, dict[str, Any]]]] = {}
    for uid, u in sorted(v["units"].items(), key=lambda kv: _order(kv[0])):
        by_area.setdefault(u["area"], []).append((uid, u))
    body = [rect(0, 0, WIDTH, HEIGHT, PAPER), rect(0, TOP, WIDTH, SEA_H, SEA),
            text(WIDTH * 0.3, TOP + 24, "Mediterranean Sea", size=16, fill="#4d7798",
                 font_style="italic"),
            _title(v), _tracks(v), _adjacency()]
    for a, (cx, cy) in POSITIONS.items():
        h = CARD_H - 30 if a == "FRANCE" else CARD_H
        body.append(_area(v, a, by_area.get(a, []), cx - CARD_W / 2, cy - h / 2, h))
    body.append(_off_map(by_area.get(None, []), 24, MAP_BOTTOM + 20))
    if not compact:
        body.append(_legend(24, HEIGHT - 54))
    return document("".join(body), WIDTH, HEIGHT, _caption(v))


def _adjacency() -> str:
    """One line per pair of adjacent areas, centre to centre, under the cards."""
    out = []
    for a, info in AREAS.items():
        for b in info.adjacent:
            if a < b and a in POSITIONS and b in POSITIONS:
                (x1, y1), (x2, y2) = POSITIONS[a], POSITIONS[b]
                out.append(el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#b3a68a",
                              stroke_width=2.5, stroke_linecap="round"))
    return el("g", "".join(out), class_="adjacency")


def _order(uid: str) -> tuple[int, int]:
    key, n = uid.split(".", 1)
    return list(UNIT_NAMES).index(key), int(n)


def _caption(v: dict[str, Any]) -> str:
    phase = str(v.get("phase", "")).replace("_", " ")
    who = ROLE_NAMES.get(str(v.get("role")), "an observer")
    return (f"Algeria — scenario {v['scenario']} — turn {v['turn']}, {phase} phase —"
            f" as seen by {who}")


def _title(v: dict[str, Any]) -> str:
    out = [text(24, 28, _caption(v), size=17, weight="bold", fill="#203a52")]
    if v.get("result"):
        r = v["result"]
        out.append(text(24, 50, f"Game over: {SIDES.get(r.get('winner'), r.get('winner'))}"
                                f" wins ({r.get('level')})", size=14, weight="bold",
                        fill="#a02020"))
    elif v.get("to_move"):
        who = SIDES.get(v["to_move"], str(v["to_move"]))
        out.append(text(24, 50, f"{who} to move: {v.get('prompt', '')}", size=13, fill=INK))
    return "".join(out)


def _wilaya_title(w: str) -> str:
    return w.title() if w in ("MOROCCO", "TUNISIA") else f"Wilaya {w}"


def _bar(x: float, y: float, label: str, value: int, colour: str) -> str:
    """A 0-99 track with the thresholds 30 and 70 (11.3, 11.4, C.6) marked."""
    w = 300
    out = [text(x, y + 11, label, size=12, weight="bold"),
           rect(x + 120, y, w, 14, "#e7dfcb", stroke="#8a7f6a", sw=0.8),
           rect(x + 120, y, w * max(0, min(99, value)) / 99, 14, colour),
           text(x + 126 + w, y + 12, str(value), size=13, weight="bold", fill=colour)]
    for t in (30, 70):
        tx = x + 120 + w * t / 99
        out.append(el("line", x1=tx, y1=y - 3, x2=tx, y2=y + 17, stroke="#b03030",
                      stroke_width=1.2))
    return "".join(out)


def _tracks(v: dict[str, Any]) -> str:
    bz = v["border_zone"]
    oas = v["oas"]
    if oas["active"]:
        where = f" in {area_name(oas['area'])}" if oas["area"] else ""
        oas_text = f"active, controlled by {SIDES.get(oas['controller'], '?')}{where}"
    else:
        oas_text = "not active"
    items = [
        ("FLN AP", str(v["ap"])),
        ("Air Points", f"{v['air']['available']} of {v['air']['max']}"),
        ("Helicopter Points", f"{v['helo']['available']} of {v['helo']['max']}"),
        ("Naval Points", str(v["naval"])),
        ("Border Zone", "none" if bz["value"] is None
         else f"{bz['value']} ({'active' if bz['active'] else 'inactive'})"),
        ("Morocco and Tunisia", "independent" if v["independence"] else "not independent"),
        ("OAS", oas_text),
        ("This turn's events", ", ".join(e.replace("_", " ") for e in v["effects"]) or "none"),
    ]
    out = [_bar(24, 66, "FLN PSL", v["psl"]["fln"], FLN),
           _bar(24, 90, "Government PSL", v["psl"]["gov"], GOV),
           text(24, 128, "PSL 0 ends the game (12.2); red marks: 30 and 70", size=11,
                fill=MUTED)]
    for i, (k, val) in enumerate(items):
        x = 500 + (i // 4) * 360
        y = 76 + (i % 4) * 18
        out.append(text(x, y, f"{k}:", size=12, weight="bold"))
        out.append(text(x + 160, y, val, size=12))
    return el("g", "".join(out), data_panel="tracks")


def _chips(units: list[tuple[str, dict[str, Any]]]) -> str:
    """Units of one box counted by type: "XX×2 P" (neutralized: "P/n", dispersed divisions
    "XXd", airmobile "+h")."""
    counts: Counter[str] = Counter()
    for uid, u in units:
        key = uid.split(".", 1)[0]
        tag = ABBR[key]
        if u.get("mode") == "dispersed":
            tag += "d"
        if u.get("helo"):
            tag += "+h"
        if u.get("neutralized"):
            tag += "/n"
        counts[tag] += 1
    return " ".join(t if n == 1 else f"{t}×{n}" for t, n in counts.items())


def _area(v: dict[str, Any], a: str, units: list[tuple[str, dict[str, Any]]], x: float,
          y: float, h: float = CARD_H) -> str:
    info = v["areas"].get(a)
    control = info["control"] if info else None
    out = [rect(x, y, CARD_W, h, "#fffdf6", stroke="#8a7f6a", sw=1, rx=5),
           text(x + 6, y + 15, area_name(a), size=12, weight="bold")]
    if info is not None:  # an Algerian area: its Control and markers
        ctl = {"gov": "Gov", "fln": "FLN", None: "Contested"}[control]
        out.append(rect(x + CARD_W - 62, y + 19, 56, 14, CONTROL_FILL[control], rx=3))
        out.append(text(x + CARD_W - 34, y + 30, ctl, size=10, weight="bold", fill="#fff",
                        anchor="middle"))
        out.append(text(x + 6, y + 29, " · ".join(_marks(a, info)), size=10,
                        fill="#a02020" if info["terror"] else MUTED))
    boxes: dict[str, list[tuple[str, dict[str, Any]]]] = {b: [] for b in BOXES}
    for uid, u in units:
        boxes.setdefault(u["box"] or "OC", []).append((uid, u))
    row = y + (44 if info is not None else 30)
    for b in BOXES:
        if info is None and not boxes[b]:
            continue
        gov = [(i, u) for i, u in boxes[b] if i.split(".", 1)[0] in GOV_UNITS]
        fln = [(i, u) for i, u in boxes[b] if i.split(".", 1)[0] in FLN_UNITS]
        out.append(text(x + 6, row, b, size=10, weight="bold", fill=MUTED))
        out.append(text(x + 36, row, _chips(gov), size=11, weight="bold", fill=GOV))
        out.append(text(x + CARD_W - 6, row, _chips(fln), size=11, weight="bold", fill=FLN,
                        anchor="end"))
        row += 17
    return el("g", title(_describe(a, info, boxes)) + "".join(out), data_area=a)


def _marks(a: str, info: dict[str, Any]) -> list[str]:
    """An area's type, wilaya, Terror (11.5) and resettlement (9.27), briefly."""
    w = AREAS[a].wilaya
    marks = [TYPE_NAMES[AREAS[a].type]]
    if w and w not in ("MOROCCO", "TUNISIA"):
        marks.append(_wilaya_title(w))
    if info["terror"]:
        marks.append("TERROR")
    if info["resettled"]:
        marks.append("resettled")
    return marks


def _describe(a: str, info: dict[str, Any] | None,
              boxes: dict[str, list[tuple[str, dict[str, Any]]]]) -> str:
    """An area's tooltip: what its card shows, in words."""
    area = AREAS[a]
    head = f"{area_name(a)} ({TYPE_NAMES[area.type]}"
    if area.wilaya and area.wilaya not in ("MOROCCO", "TUNISIA"):
        head += f", {_wilaya_title(area.wilaya)}"
    lines = [head + f"; near {TOWNS[a]['town']})"]
    if info is not None:
        lines.append(f"Control: {CONTROL_NAMES[info['control']]}")
        if info["terror"]:
            lines.append("Terror marker")
        if info["resettled"]:
            lines.append("Population resettled")
    for b, units in boxes.items():
        if units:
            lines.append(f"{BOX_NAMES[b]}: {_counted(units)}")
    if len(lines) == (1 if info is None else 2):
        lines.append("No units")
    return "\n".join(lines)


def _counted(units: list[tuple[str, dict[str, Any]]]) -> str:
    """Units counted by type in words: "2 French divisions (1 neutralized), 1 Band"."""
    counts: Counter[str] = Counter()
    neutral: Counter[str] = Counter()
    for uid, u in units:
        key = uid.split(".", 1)[0]
        counts[key] += 1
        neutral[key] += bool(u.get("neutralized"))
    out = []
    for key, n in counts.items():
        s = counted(n, UNIT_NAMES[key])
        out.append(s + (f" ({neutral[key]} neutralized)" if neutral[key] else ""))
    return ", ".join(out)


def _off_map(units: list[tuple[str, dict[str, Any]]], x: float, y: float) -> str:
    pool: Counter[str] = Counter()
    held: Counter[tuple[str, str]] = Counter()
    for uid, u in units:
        name = UNIT_NAMES[uid.split(".", 1)[0]]
        if u.get("removed"):
            held[name, EVENT_NAMES.get(u["removed"], str(u["removed"]))] += 1
        else:
            pool[name] += 1
    out = [text(x, y + 14, "Off the map", size=14, weight="bold", fill="#5b4a2f")]
    gov = [counted(n, k) for k, n in pool.items() if _side_of(k) == "gov"]
    fln = [counted(n, k) for k, n in pool.items() if _side_of(k) == "fln"]
    out.append(text(x, y + 34, "Government, not mobilized: " + (", ".join(gov) or "none"),
                    size=12, fill=GOV))
    out.append(text(x, y + 52, "FLN pool: " + (", ".join(fln) or "none"), size=12, fill=FLN))
    out.append(text(x, y + 70, "Held off by an event: "
                    + (", ".join(f"{counted(n, k)} ({why})" for (k, why), n in held.items())
                       or "none"),
                    size=12, fill=MUTED))
    return el("g", "".join(out), data_panel="off-map")


def _side_of(name: str) -> str:
    for key, full in UNIT_NAMES.items():
        if name.startswith(full):
            return "gov" if key in GOV_UNITS else "fln"
    return "fln"


def _legend(x: float, y: float) -> str:
    units = "   ".join(f"{ABBR[k]} {UNIT_NAMES[k]}" for k in (*GOV_UNITS, *FLN_UNITS))
    boxes = "   ".join(f"{b} {name}" for b, name in
                       (("UG", "Underground"), ("OPS", "Operations"), ("PTL", "Patrol"),
                        ("OC", "Operations Completed")))
    return el("g", "".join([
        text(x, y, "Units: " + units, size=11, fill=INK),
        text(x, y + 17, "Boxes: " + boxes + "   —   Government units left (blue), FLN right"
             " (green); ×N count, d dispersed division (11.7), +h airmobile (11.12),"
             " /n neutralized", size=11, fill=INK)]), data_panel="legend")
