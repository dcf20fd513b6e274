"""The panel under the map: the tracks (1.8 Edge Track values, 6.2.2/6.2.3 France Track, 5.1.8
Border Zone, 1.9/7.3 victory), the cards (2.2 current card, 2.3.6 the next one face down, 5.1.4
Pivotal Events, 5.3 Capabilities, 5.4 Momentum), the Initiative Track (2.3.1-2.3.2), the
off-map boxes (1.4.1) and the legend."""

from __future__ import annotations

from typing import Any

from ..data import (
    AG, AP, AT, BOX_PIECES, CARDS, FB, FLN_THRESHOLD, FP, FRANCE_BOXES, FRANCE_TRACK, FT, GB,
    GOV_THRESHOLD, UG,
)
from .svg import (
    FLN, GOV, INK, MUTED, OPPOSE, PIECE_NAMES, POP0, SUPPORT, TERROR, chip, el, rect, text,
    token,
)

SIDE = {"gov": "Government", "fln": "FLN"}
BOX_NAMES = {"event": "Event", "op_plus_sa": "Op + Special Activity", "op_only": "Op Only",
             "limited_op": "Limited Op", "pass": "Pass"}
OFF_MAP = (("available", "Available"), ("casualties", "Casualties"),
           ("out_of_play", "Out of Play"), ("set_aside", "Set aside"))
EDGE_MAX = 50  # 1.8


def card_name(n: int) -> str:
    return f"#{n} {CARDS[n]['title']}"


def heading(x: float, y: float, s: str) -> str:
    return text(x, y, s, size=15, weight="bold")


# -- tracks ----------------------------------------------------------------------------------------


def tracks(view: dict[str, Any], x: float, y: float, w: float) -> str:
    d = view.get("derived", {})
    res = view["resources"]
    margins = d.get("margins") or {}
    rows = [
        ("Government Resources", res["gov"], GOV, None),
        ("FLN Resources", res["fln"], FLN, None),
        ("Commitment", view["commitment"], "#6d5a9c", None),
        ("Support + Commitment", d.get("gov_score", 0), SUPPORT, GOV_THRESHOLD),
        ("Opposition + FLN Bases", d.get("fln_score", 0), OPPOSE, FLN_THRESHOLD),
    ]
    out = [heading(x, y, "Edge Track (1.8) and victory (7.2)")]
    bx, bw = x + 170, w - 210
    unit = bw / EDGE_MAX
    top = y + 14
    for i in range(0, EDGE_MAX + 1, 5):
        gx = bx + i * unit
        out.append(el("line", x1=gx, y1=top, x2=gx, y2=top + 5 * 22, stroke="#d8d0bd"))
        out.append(text(gx, top + 5 * 22 + 12, str(i), size=9, fill=MUTED, anchor="middle"))
    for i, (label, value, colour, threshold) in enumerate(rows):
        ry = top + i * 22
        out.append(text(bx - 8, ry + 15, label, size=12, anchor="end"))
        out.append(rect(bx, ry + 4, max(value, 0) * unit, 14, colour, rx=3))
        out.append(text(bx + max(value, 0) * unit + 5, ry + 15, str(value), size=12,
                        weight="bold"))
        if threshold is not None:
            tx = bx + threshold * unit
            out.append(el("line", x1=tx, y1=ry + 1, x2=tx, y2=ry + 21, stroke=INK,
                          stroke_width=2, stroke_dasharray="3 2"))
    vy = top + 5 * 22 + 32
    for side, score, label, threshold in (("gov", d.get("gov_score"), "Government", GOV_THRESHOLD),
                                          ("fln", d.get("fln_score"), "FLN", FLN_THRESHOLD)):
        m = margins.get(side)
        out.append(text(x, vy, f"{label}: {score} (wins above {threshold}) — margin "
                        f"{_signed(m)}", size=12))
        vy += 17
    out.append(text(x, vy, f"Total Support {d.get('total_support', '?')} · Total Opposition "
                    f"{d.get('total_opposition', '?')} · FLN Bases on the map "
                    f"{d.get('fln_bases_on_map', '?')} · Terror markers left "
                    f"{d.get('terror_left', '?')}", size=12, fill=MUTED))
    out.append(_france(view["france_track"], x, vy + 30))
    out.append(_border(view.get("border_zone"), x + 330, vy + 30))
    return "".join(out)


def _france(box: str, x: float, y: float) -> str:
    out = [text(x, y, "France Track (6.2)", size=12, weight="bold")]
    for i, b in enumerate(FRANCE_BOXES):
        bx = x + i * 48
        on = b == box
        out.append(rect(bx, y + 6, 44, 38, "#c0392b" if on else "#fff", "#8a7f6a", 1.2, 4))
        ink = "#fff" if on else INK
        out.append(text(bx + 22, y + 22, b, size=14, weight="bold", fill=ink, anchor="middle"))
        t = FRANCE_TRACK[b]
        out.append(text(bx + 22, y + 38, f"+{t['plus_resource']} −{t['minus_commit']}", size=9,
                        fill=ink, anchor="middle"))
    out.append(text(x, y + 58, "+FLN Resources / −Commitment each Propaganda Round", size=9,
                    fill=MUTED))
    return "".join(out)


def _border(zone: int | None, x: float, y: float) -> str:
    out = [text(x, y, "Border Zone (5.1.8)", size=12, weight="bold")]
    if zone is None:
        out.append(text(x, y + 26, "not in play: Morocco and", size=11, fill=MUTED))
        out.append(text(x, y + 40, "Tunisia are not independent", size=11, fill=MUTED))
        return "".join(out)
    for i in range(5):
        bx = x + i * 34
        on = i == zone
        out.append(rect(bx, y + 6, 30, 38, GOV if on else "#fff", "#8a7f6a", 1.2, 4))
        out.append(text(bx + 15, y + 30, str(i), size=14, weight="bold",
                        fill="#fff" if on else INK, anchor="middle"))
    return "".join(out)


def _signed(v: Any) -> str:
    if not isinstance(v, int):
        return "?"
    return f"+{v}" if v > 0 else "−" + str(-v) if v < 0 else "0"


# -- cards and the sequence of play ------------------------------------------------------------


def cards(view: dict[str, Any], x: float, y: float) -> str:
    c = view["cards"]
    sop = view["sop"]
    total = view["turn"] + c["deck_left"]
    out = [heading(x, y, f"Cards — {view['turn']} of {total} drawn")]
    cur = c.get("current")
    out.append(rect(x, y + 12, 200, 96, "#fffdf6", "#8a7f6a", 1.5, 8))
    out.append(text(x + 10, y + 30, "Current card", size=11, fill=MUTED))
    if cur is None:
        out.append(text(x + 10, y + 58, "none drawn yet", size=14))
    else:
        out.append(text(x + 10, y + 56, f"#{cur}", size=22, weight="bold"))
        out.append(_wrapped(x + 10, y + 76, CARDS[cur]["title"], 26, size=13, weight="bold"))
        out.append(text(x + 190, y + 30, _kind(cur), size=11, fill=MUTED, anchor="end"))
    out.append(rect(x + 212, y + 12, 150, 96, "#eee9dc", "#8a7f6a", 1.2, 8,
                    stroke_dasharray="5 4"))
    out.append(text(x + 222, y + 30, "Next card", size=11, fill=MUTED))
    out.append(text(x + 222, y + 52, "face down (2.3.6)", size=12))
    out.append(text(x + 222, y + 72, f"{c['deck_left']} left in the deck", size=12))
    piles = c.get("piles") or []
    if piles:
        ev, pr = piles[0]
        out.append(text(x + 222, y + 90, f"this pile: {ev} Events"
                        + (" + Propaganda" if pr else ""), size=10, fill=MUTED))
    # Initiative Track (2.3.1-2.3.2)
    ey = y + 130
    first = sop["first"]
    second = "fln" if first == "gov" else "gov"
    out.append(text(x, ey, "Eligibility (2.3)", size=12, weight="bold"))
    for i, (role, who, box) in enumerate((("1st", first, sop.get("first_box")),
                                          ("2nd", second, sop.get("second_box")))):
        colour = GOV if who == "gov" else FLN
        c1, cw = chip(x + 120 + i * 265, ey - 4, f"{role} {SIDE[who]}", colour, size=11)
        out.append(c1)
        out.append(text(x + 126 + i * 265 + cw, ey, BOX_NAMES.get(box or "", "to act"), size=11,
                        fill=MUTED))
    d = view.get("derived", {})
    result = view.get("result")
    if result:
        out.append(text(x, ey + 24, result_line(result), size=14, weight="bold", fill=OPPOSE))
    else:
        actor = d.get("to_move")
        who = SIDE.get(actor or "", actor or "")
        out.append(_wrapped(x, ey + 22, f"To move: {who} — {d.get('prompt') or ''}", 80,
                            size=12))
    # Pivotal Events, lasting Events
    ly = ey + 58
    held = c.get("held", {})
    lines = [(f"{SIDE[s]} holds", ", ".join(card_name(n) for n in held.get(s, [])) or "—")
             for s in ("gov", "fln")]
    lines.append(("Pivotal in effect", ", ".join(card_name(n) for n in c.get("in_effect", []))
                  or "—"))
    caps = c.get("capabilities") or {}
    lines.append(("Capabilities", ", ".join(f"{card_name(int(n))} ({side})"
                                            for n, side in sorted(caps.items(),
                                                                  key=lambda kv: int(kv[0])))
                  or "—"))
    lines.append(("Momentum", ", ".join(f"{card_name(m['card'])} ({m['side']})"
                                        for m in c.get("momentum", [])) or "—"))
    played = c.get("played", [])
    lines.append(("Played", (f"{len(played)} cards, last: "
                             + ", ".join(f"#{n}" for n in played[-8:])) if played else "—"))
    for label, value in lines:
        out.append(text(x, ly, label, size=12, weight="bold"))
        out.append(_wrapped(x + 130, ly, value, 70, size=12))
        ly += 18 if len(value) <= 70 else 32
    return "".join(out)


def result_line(r: dict[str, Any]) -> str:
    """7.1-7.3: who won, and the margins."""
    line = f"Game over: {SIDE.get(r.get('winner', ''), '?')} wins"
    m = r.get("margins") or {}
    if m:
        line += f" (margins: Government {_signed(m.get('gov'))}, FLN {_signed(m.get('fln'))})"
    return line


def _kind(n: int) -> str:
    card = CARDS[n]
    kind = str(card["kind"])
    if kind == "propaganda":
        return "Propaganda"
    flags = " ".join(str(f) for f in (card.get("unshaded_flag"), card.get("shaded_flag")) if f)
    return ("Capability" if "capability" in flags else "Momentum" if "momentum" in flags
            else "Pivotal" if kind.startswith("pivotal") else "Event")


def _wrapped(x: float, y: float, s: str, width: int, size: int = 12, weight: str = "normal",
             fill: str = INK) -> str:
    """Text on at most two lines of about ``width`` characters (the rest elided)."""
    if len(s) <= width:
        return text(x, y, s, size=size, weight=weight, fill=fill)
    cut = s.rfind(" ", 0, width)
    cut = cut if cut > 0 else width
    rest = s[cut:].strip()
    if len(rest) > width:
        rest = rest[: width - 1] + "…"
    return (text(x, y, s[:cut], size=size, weight=weight, fill=fill)
            + text(x, y + size + 2, rest, size=size, weight=weight, fill=fill))


# -- off-map boxes and legend ----------------------------------------------------------------------


def boxes(view: dict[str, Any], x: float, y: float) -> str:
    out = [heading(x, y, "Forces off the map (1.4.1)")]
    ry = y + 24
    for key, label in OFF_MAP:
        box = view["boxes"][key]
        if key == "set_aside" and not any(box.values()):
            continue
        out.append(text(x, ry + 5, label, size=12, weight="bold"))
        tx = x + 100
        for k in BOX_PIECES:
            if box[k]:
                out.append(token(k, tx, ry, box[k]))
                tx += 26
        if tx == x + 100:
            out.append(text(tx - 8, ry + 5, "—", size=12, fill=MUTED))
        ry += 26
    return "".join(out)


def legend(x: float, y: float) -> str:
    out = [rect(x - 12, y - 22, 410, 198, "#fffdf6ee", "#8a7f6a", 1, 8),
           text(x, y, "Legend", size=14, weight="bold")]
    for i, k in enumerate((FT, FP, AT, AP, GB, UG, AG, FB)):
        col, row = divmod(i, 5)
        tx, ty = x + 10 + col * 180, y + 22 + row * 24
        out.append(token(k, tx, ty, None))
        out.append(text(tx + 16, ty + 4, PIECE_NAMES[k].rstrip("s"), size=11))
    cy = y + 148
    cx = x
    for label, fill in (("Support", SUPPORT), ("Oppose", OPPOSE), ("Terror", TERROR),
                        ("Pop 0", POP0)):
        c, w = chip(cx, cy, label, fill)
        out.append(c)
        cx += w + 6
    out.append(text(cx + 2, cy + 4, "markers", size=11))
    ly = cy + 22
    out.append(rect(x, ly - 10, 22, 14, "#fff", GOV, 3.5, 3))
    out.append(text(x + 28, ly + 2, "Government Control", size=11))
    out.append(rect(x + 160, ly - 10, 22, 14, "#fff", FLN, 3.5, 3))
    out.append(text(x + 188, ly + 2, "FLN Control", size=11))
    tx = x + 190
    for i, line in enumerate(("numbers: pieces; circled: Population",
                              "dashed line: across a border",
                              "box colour: mountain / plain / city",
                              "Oppose*: independent Country (5.1.8)")):
        out.append(text(tx, y + 88 + 14 * i, line, size=10, fill=MUTED))
    return "".join(out)
