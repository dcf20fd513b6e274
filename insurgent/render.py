"""A picture of an *INSURGENT: Algeria* position: an SVG drawn from a role's view
(``insurgent.view``), so that nothing the role may not see can appear in it.

    render(state, role="observer", compact=False) -> str   # an SVG document
    render_view(view, compact=False) -> str                 # the same from a view already made

The table of the rules (Setup 3-4): each side's three fronts, military, political and diplomatic,
side by side, the FLN's cards above the French ones, each card splayed bottom first and numbered
from the bottom as the log numbers them (``<g data-card="ID" data-side data-front data-pos>``:
its name, type, printed front, its action icons left to right, RALLY among them); a face-down
FLN card is a card back for anyone but the FLN (no ``data-card``, no name, no icons). Above each
front the action icons each side has in it and their RALLY icons (what DOMINATION, Winning the
Game 2, and Final Scoring count; a face-down card the role cannot see is counted apart). Above
the fronts: whose turn it is and what is asked, or the result; each side's hand, deck and discard
counts. Below: the role's own hand and RECRUIT draws, the prison, the graveyard, both discard
piles, a legend. ``compact``: one column for a narrow screen (a phone), the same content.
Pure: no I/O, the same view always gives the same text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee_core.svg import FLN, GOV, INK, MUTED, PAPER, chip, chip_width, document, el, rect
from referee_core.svg import text, title

from .deck import ACTIONS, FACTION_NAME, FRONTS, SIDES
from .state import State
from .view import view as make_view

SIDE_FILL = {"fln": FLN, "french": GOV}
ROLE_NAMES = {"fln": "the FLN", "french": "the French", "observer": "an observer"}
WINS = {"fln": "the FLN wins", "french": "the French win"}
TAKES = {"fln": "the FLN takes", "french": "the French take"}
ACTION_FILL = {"ATTACK": "#b03a2e", "BOMB": "#6e2c00", "RALLY": "#d4ac0d", "RECRUIT": "#6c3483",
               "NEGOTIATE": "#138d90", "EXPOSE": "#d35400", "CAPTURE": "#2e4053",
               "HIDE": "#5d6d7e", "JAILBREAK": "#8e5a2b"}
ACTION_INK = {"RALLY": "#222"}
SHORT = {"ATTACK": "ATK", "BOMB": "BOMB", "RALLY": "RALLY", "RECRUIT": "RECR", "NEGOTIATE": "NEGO",
         "EXPOSE": "EXPO", "CAPTURE": "CAPT", "HIDE": "HIDE", "JAILBREAK": "JAIL"}
CARD_FILL = "#fffdf6"
HIDDEN_FILL = "#e3eee5"           # the FLN's own face-down card, as the FLN sees it
BACK_FILL = "#174f26"             # a card back
FRAME = "#8a7f6a"
CARD_H, CARD_GAP, ROW_H, EMPTY_H = 46, 6, 22, 26
CHIP = 10                         # the action icons' text size
CAPS = 0.78                       # the width of a capital in ems (the icons' chips)
DOMINATION = 8                    # Winning the Game 2


@dataclass(frozen=True)
class Layout:
    """The wide picture (three front columns, four piles in a row) or the compact one (one
    column of everything, for a phone)."""
    width: int
    margin: int
    gap: int
    columns: int                  # fronts side by side
    piles: int                    # piles side by side
    title_size: int

    @property
    def inner(self) -> int:
        return self.width - 2 * self.margin

    def col_w(self, n: int) -> float:
        return (self.inner - (n - 1) * self.gap) / n


WIDE = Layout(width=1184, margin=20, gap=14, columns=3, piles=4, title_size=17)
COMPACT = Layout(width=400, margin=10, gap=10, columns=1, piles=1, title_size=15)


def render(s: State, role: str = "observer", compact: bool = False) -> str:
    """The position as ``role`` (fln, french, observer) may see it (BadRequest on another role);
    ``compact``: one column for a narrow screen."""
    return render_view(make_view(s, role), compact)


def render_view(v: dict[str, Any], compact: bool = False) -> str:
    """The picture of a view (``insurgent.view``'s document)."""
    lay = COMPACT if compact else WIDE
    y = 0.0
    parts: list[str] = []
    for draw in (_head, _fronts, _hands, _piles, _legend):
        svg, h = draw(v, lay, y)
        parts.append(svg)
        y += h
    height = int(y + lay.margin)
    body = rect(0, 0, lay.width, height, PAPER) + "".join(parts)
    return document(body, lay.width, height, _caption(v),
                    data_layer="compact" if compact else None)


# --- words -----------------------------------------------------------------------------------


def _card_data(v: dict[str, Any], cid: int) -> dict[str, Any]:
    card: dict[str, Any] = v["deck"]["cards"][cid - 1]
    return card


def _caption(v: dict[str, Any]) -> str:
    if v["active"] is None:
        when = "set-up"
    else:
        when = f"turn {v['turn']}, {FACTION_NAME[v['active']]} turn"
    return (f"INSURGENT: Algeria — {when} — as seen by"
            f" {ROLE_NAMES.get(str(v.get('role')), 'an observer')}")


def _status(v: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(line, colour, weight): the result, or who is to move and what is asked; ATTRITION's last
    turn."""
    r = v.get("result")
    if r:
        return [(_result(r), "#a02020", "bold")]
    out = []
    actor = v.get("to_move")
    if actor is not None:
        who = "Chance" if actor == "chance" else FACTION_NAME.get(actor, str(actor))
        if actor == v.get("role"):
            who = f"Your move ({who})"
        else:
            who += " to move"
        out.append((f"{who}: {v.get('prompt', '')}", SIDE_FILL.get(actor, INK), "bold"))
    if v.get("final_turn"):
        out.append((f"ATTRITION: a player has played their last card; {TAKES[v['final_turn']]}"
                    " one more turn, then Final Scoring", "#a02020", "normal"))
    return out


def _result(r: dict[str, Any]) -> str:
    w = r.get("winner")
    if r.get("by") == "domination" and w in SIDES:
        n = r["icons"]
        return (f"Game over: {WINS[w]} by DOMINATION in the {r['front']} front"
                f" ({n[w]} action icons to {n['french' if w == 'fln' else 'fln']})")
    won = r.get("won", {})
    score = f"fronts won: FLN {won.get('fln', 0)}, French {won.get('french', 0)}"
    if w is None:
        return f"Game over: a draw after Final Scoring ({score})"
    return f"Game over: {WINS[w]} after Final Scoring ({score})"


def _summary(v: dict[str, Any], side: str) -> str:
    hand = v["hands"][side]
    n_hand = len(hand) if isinstance(hand, list) else int(hand)
    rec = v["recruits"][side]
    n_rec = len(rec) if isinstance(rec, list) else int(rec)
    out = [f"hand {n_hand}", f"deck {v['decks'][side]['count']}",
           f"discard {len(v['discard'][side])}"]
    if side == "fln":
        out.append(f"in prison {len(v['prison'])}")
    if n_rec:
        out.append(f"drawn by RECRUIT {n_rec}")
    if v["mulligan"][side]:
        out.append("hand reshuffled (Setup 5)")
    return " · ".join(out)


def totals(v: dict[str, Any], side: str, front: str) -> tuple[int, int, int]:
    """(action icons, RALLY icons, face-down cards not seen) of ``side`` in ``front`` as the
    view shows them: the icons DOMINATION and Final Scoring count, less those of the face-down
    cards the role may not see."""
    icons = rally = hidden = 0
    for e in v["fronts"][side][front]:
        if e["card"] is None:
            hidden += 1
            continue
        acts = _card_data(v, e["card"])["actions"]
        icons += len(acts)
        rally += acts.count("RALLY")
    return icons, rally, hidden


def _count_text(icons: int, rally: int, hidden: int) -> str:
    s = f"{icons} icon{'' if icons == 1 else 's'}"
    if hidden:
        s += f" + {hidden} face-down"
    return s + f" (RALLY {rally})"


# --- measuring -------------------------------------------------------------------------------


def text_width(s: str, size: float, bold: bool = False) -> float:
    """An estimate of a line's width in DejaVu Sans (the picture's first font, the widest)."""
    return len(s) * size * (0.64 if bold else 0.58)


def fit(s: str, width: float, size: float, bold: bool = False) -> str:
    """``s``, cut with an ellipsis so that it fits ``width``."""
    if text_width(s, size, bold) <= width:
        return s
    n = max(1, int(width / (size * (0.64 if bold else 0.58))) - 1)
    return s[:n].rstrip() + "…"


def wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``s`` broken into lines at spaces so that each fits ``width`` (a longer word is cut)."""
    lines: list[str] = []
    cur = ""
    for word in s.split():
        cand = f"{cur} {word}" if cur else word
        if cur and text_width(cand, size, bold) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    lines.append(cur)
    return [fit(line, width, size, bold) for line in lines]


def _lines(x: float, y: float, lines: list[tuple[str, str, str]], size: int, width: float,
           step: float) -> tuple[str, float]:
    """Text lines wrapped to ``width``, the first baseline at ``y``; returns them and the
    height used."""
    out = []
    n = 0
    for s, colour, weight in lines:
        for part in wrap(s, width, size, weight == "bold"):
            out.append(text(x, y + n * step, part, size=size, weight=weight, fill=colour))
            n += 1
    return "".join(out), n * step


# --- the parts, top to bottom ----------------------------------------------------------------


def _head(v: dict[str, Any], lay: Layout, y0: float) -> tuple[str, float]:
    """The caption, the status, each side's counts."""
    x = lay.margin
    y = y0 + lay.margin + lay.title_size
    cap, h = _lines(x, y, [(_caption(v), "#203a52", "bold")], lay.title_size, lay.inner,
                    lay.title_size + 4)
    y += h + 4
    st, h = _lines(x, y, _status(v), 14 if lay is WIDE else 13, lay.inner, 19)
    y += h + 6
    rows = []
    for side in SIDES:
        c, w = chip(x, y - 4, FACTION_NAME[side], SIDE_FILL[side], size=11)
        lines, h = _lines(x + w + 8, y, [(_summary(v, side), INK, "normal")], 12,
                          lay.inner - w - 8, 16)
        rows.append(el("g", c + lines, data_summary=side))
        y += h + 4
    return el("g", cap + st + "".join(rows), data_panel="status"), y - y0 + 4


def _fronts(v: dict[str, Any], lay: Layout, y0: float) -> tuple[str, float]:
    """The three fronts: side by side (wide; each side's cards start level across the columns)
    or one above the other (compact)."""
    w = lay.col_w(lay.columns)
    out = []
    y = y0 + 6
    if lay.columns == 3:
        fln_h = max(stack_h(len(v["fronts"]["fln"][f])) for f in FRONTS)
        h = 0.0
        for i, f in enumerate(FRONTS):
            svg, fh = _front(v, f, lay.margin + i * (w + lay.gap), y, w, fln_h)
            out.append(svg)
            h = max(h, fh)
        return "".join(out), h + 6 + 10
    for f in FRONTS:
        svg, fh = _front(v, f, lay.margin, y, w, stack_h(len(v["fronts"]["fln"][f])))
        out.append(svg)
        y += fh + 12
    return "".join(out), y - y0


def stack_h(n: int) -> float:
    """The height of a front's ``n`` cards (none: a placeholder), and the gap below."""
    return n * (CARD_H + CARD_GAP) if n else EMPTY_H + CARD_GAP


def _front(v: dict[str, Any], f: str, x: float, y0: float, w: float,
           fln_h: float) -> tuple[str, float]:
    """One front: its name, each side's icon counts and who leads (or won), then the FLN's cards
    and the French cards, bottom first."""
    out = [rect(x, y0, w, 8, "#d8ccb0", rx=3)]
    y = y0 + 28
    out.append(text(x + 4, y, f"{f.capitalize()} front", size=16, weight="bold",
                    fill="#5b4a2f"))
    verdict, colour = _verdict(v, f)
    out.append(text(x + w - 4, y, verdict, size=11, weight="bold", fill=colour, anchor="end"))
    y += 8
    for side in SIDES:
        n = _count_text(*totals(v, side, f))
        c, cw = chip(x + 4, y + 10, FACTION_NAME[side], SIDE_FILL[side], size=10)
        out.append(el("g", c + text(x + 10 + cw, y + 14, n, size=12, weight="bold",
                                    fill=SIDE_FILL[side]), data_count=side))
        y += 22
        pile = v["fronts"][side][f]
        out.append(_stack(v, side, f, pile, x, y, w))
        y += (fln_h if side == "fln" else stack_h(len(pile))) + 6
    return el("g", "".join(out), data_front_panel=f), y - y0


def _verdict(v: dict[str, Any], f: str) -> tuple[str, str]:
    """Who won the front (Final Scoring), or who leads it and by how many icons (DOMINATION at
    eight), as far as the view shows; and its colour."""
    r = v.get("result")
    if r and r.get("by") == "attrition":
        sc = r["fronts"][f]
        if sc["winner"] is None:
            return "a draw", MUTED
        tie = " on RALLY" if sc["icons"]["fln"] == sc["icons"]["french"] else ""
        return f"won by {FACTION_NAME[sc['winner']]}{tie}", SIDE_FILL[sc["winner"]]
    if r and r.get("by") == "domination":
        return ("DOMINATION", SIDE_FILL[r["winner"]]) if r["front"] == f else ("", MUTED)
    fln, _, hidden = totals(v, "fln", f)
    fr, _, _ = totals(v, "french", f)
    if hidden:
        return "", MUTED
    if fln == fr:
        return "level", MUTED
    lead = "fln" if fln > fr else "french"
    return f"{FACTION_NAME[lead]} +{abs(fln - fr)} (DOMINATION at +{DOMINATION})", SIDE_FILL[lead]


def _stack(v: dict[str, Any], side: str, f: str, pile: list[dict[str, Any]], x: float, y: float,
           w: float) -> str:
    if not pile:
        return (rect(x, y, w, EMPTY_H, "none", stroke="#b8ad94", sw=1, rx=5,
                     stroke_dasharray="4 3")
                + text(x + w / 2, y + 17, "no cards", size=11, fill=MUTED, anchor="middle"))
    out = []
    for i, e in enumerate(pile):
        cy = y + i * (CARD_H + CARD_GAP)
        where = {"data_side": side, "data_front": f, "data_pos": i + 1}
        if e["card"] is None:
            out.append(_back(x, cy, w, i + 1, where))
        else:
            out.append(_card(v, e["card"], x, cy, w, where, up=bool(e["up"]), pos=i + 1,
                             front=f))
    return "".join(out)


def _card(v: dict[str, Any], cid: int, x: float, y: float, w: float, where: dict[str, Any],
          up: bool = True, pos: int | None = None, front: str | None = None) -> str:
    """A card face: its number in the front, name, type (and printed front), action icons left
    to right; the FLN's own face-down card shaded, dashed and marked."""
    c = _card_data(v, cid)
    ink = SIDE_FILL[c["faction"]]
    kind = c["type"] + (f" · {c['front']}" if c.get("front") else "")
    if not up:
        kind = "FACE DOWN · " + kind
    out = [rect(x, y, w, CARD_H, CARD_FILL if up else HIDDEN_FILL, stroke=ink, sw=1.5, rx=5,
                stroke_dasharray=None if up else "5 3"),
           rect(x, y, 5, CARD_H, ink, rx=2)]
    left = x + 10
    if pos is not None:
        out.append(text(left, y + 17, str(pos), size=11, weight="bold", fill=MUTED))
        left += 8 + text_width(str(pos), 11, True)
    kw = text_width(kind, 10)
    out.append(text(x + w - 6, y + 16, kind, size=10, fill=MUTED if up else "#a02020",
                    anchor="end"))
    out.append(text(left, y + 17, fit(c["name"], x + w - 14 - kw - left, 13, True), size=13,
                    weight="bold", fill=ink))
    out.append(_icons(c["actions"], left, y + 33, x + w - 6 - left))
    return el("g", title(_describe(c, up, pos, front)) + "".join(out), data_card=cid,
              data_face="up" if up else "down", **where)


def _back(x: float, y: float, w: float, pos: int, where: dict[str, Any]) -> str:
    """A face-down FLN card as the French and an observer see it: the back of a card."""
    out = [rect(x, y, w, CARD_H, BACK_FILL, stroke="#0b2a13", sw=1.5, rx=5),
           rect(x + 4, y + 4, w - 8, CARD_H - 8, "none", stroke="#6fae7f", sw=1, rx=3),
           text(x + 12, y + 28, str(pos), size=11, weight="bold", fill="#cfe8d5"),
           text(x + w / 2, y + 28, "FLN card, face down", size=13, weight="bold", fill="#fff",
                anchor="middle")]
    return el("g", title(f"A face-down FLN card, number {pos} from the bottom of the front")
              + "".join(out), data_face="down", **where)


def _icons(actions: list[str], x: float, y: float, avail: float) -> str:
    """The action icons in order as chips: the actions' names; their short forms (the legend)
    when the names do not fit in ``avail``; smaller when even those do not."""
    labels, size = list(actions), CHIP
    if _chips_width(labels, size) > avail:
        labels = [SHORT[a] for a in actions]
        while size > 6 and _chips_width(labels, size) > avail:
            size -= 1
    out = []
    for a, label in zip(actions, labels):
        c, cw = chip(x, y, label, ACTION_FILL[a], ACTION_INK.get(a, "#fff"), size=size, em=CAPS)
        out.append(c)
        x += cw + 3
    return el("g", "".join(out), data_icons=" ".join(actions))


def _chips_width(labels: list[str], size: int) -> float:
    return sum(chip_width(s, size, CAPS) + 3 for s in labels) - 3


def _describe(c: dict[str, Any], up: bool, pos: int | None, front: str | None) -> str:
    """A card's tooltip, in words."""
    head = f"{c['name']}: {FACTION_NAME[c['faction']]} {c['type']}"
    if c.get("front"):
        head += f" of the {c['front']} front"
    acts = c["actions"]
    lines = [head, "Actions, left to right: " + ", ".join(acts),
             f"{len(acts)} action icons, {acts.count('RALLY')} RALLY"]
    if front is not None and pos is not None:
        lines.append(f"Number {pos} from the bottom of the {front} front"
                     + ("" if up else ", face down (the French do not see it)"))
    return "\n".join(lines)


def _hands(v: dict[str, Any], lay: Layout, y0: float) -> tuple[str, float]:
    """The role's own hand and the cards its RECRUIT drew (no other role sees them)."""
    role = v.get("role")
    if role not in SIDES:
        return "", 0
    out = []
    y = y0
    for key, label in (("hands", "Your hand"), ("recruits", "Drawn by RECRUIT")):
        cards = v[key][role]
        if key == "recruits" and not cards:
            continue
        out.append(text(lay.margin, y + 16, f"{label} ({len(cards)})", size=14, weight="bold",
                        fill=SIDE_FILL[role]))
        y += 24
        w = lay.col_w(lay.columns)
        if not cards:
            out.append(text(lay.margin, y + 14, "no cards", size=12, fill=MUTED))
            y += 24
        for i, cid in enumerate(cards):
            col, row = i % lay.columns, i // lay.columns
            out.append(_card(v, cid, lay.margin + col * (w + lay.gap),
                             y + row * (CARD_H + CARD_GAP), w, {"data_pile": key}))
        rows = -(-len(cards) // lay.columns)
        y += rows * (CARD_H + CARD_GAP) + 8
    return el("g", "".join(out), data_panel="hand"), y - y0


def _piles(v: dict[str, Any], lay: Layout, y0: float) -> tuple[str, float]:
    """The prison (with the front each card was taken from), the graveyard, both discard
    piles; every card in them is face up."""
    piles = [("prison", "Prison", [(p["card"], f"taken from the {p['front']} front")
                                   for p in v["prison"]]),
             ("graveyard", "Graveyard", [(c, "") for c in v["graveyard"]]),
             ("discard-fln", "FLN discard", [(c, "") for c in v["discard"]["fln"]]),
             ("discard-french", "French discard", [(c, "") for c in v["discard"]["french"]])]
    w = lay.col_w(lay.piles)
    out = []
    y = y0 + 4
    h = 0.0
    for i, (key, name, cards) in enumerate(piles):
        col = i % lay.piles
        svg, ph = _pile(v, key, name, cards, lay.margin + col * (w + lay.gap), y, w)
        out.append(svg)
        h = max(h, ph)
        if col == lay.piles - 1:
            y += h + 10
            h = 0.0
    return "".join(out), y - y0


def _pile(v: dict[str, Any], key: str, name: str, cards: list[tuple[int, str]], x: float,
          y0: float, w: float) -> tuple[str, float]:
    out = [text(x, y0 + 16, f"{name} ({len(cards)})", size=14, weight="bold", fill="#5b4a2f")]
    y = y0 + 24
    if not cards:
        out.append(text(x, y + 14, "empty", size=12, fill=MUTED))
        y += ROW_H
    for cid, note in cards:
        svg, h = _row(v, cid, note, x, y, w, key)
        out.append(svg)
        y += h + 4
    return el("g", "".join(out), data_panel=key), y - y0


def _row(v: dict[str, Any], cid: int, note: str, x: float, y: float, w: float,
         key: str) -> tuple[str, float]:
    """A card on one line: its name, then its actions in short (cut if the name leaves too
    little room); ``note`` on a second line. Returns it and its height."""
    c = _card_data(v, cid)
    ink = SIDE_FILL[c["faction"]]
    h = ROW_H + (12 if note else 0)
    name = fit(c["name"], w - 16, 12, True)
    room = w - 24 - text_width(name, 12, True)
    acts = " ".join(SHORT[a] for a in c["actions"])
    out = [rect(x, y, w, h, CARD_FILL, stroke=ink, sw=1, rx=4),
           rect(x, y, 4, h, ink, rx=2),
           text(x + 10, y + 15, name, size=12, weight="bold", fill=ink)]
    if room > 20:
        out.append(text(x + w - 6, y + 15, fit(acts, room, 10), size=10, fill=MUTED,
                        anchor="end"))
    if note:
        out.append(text(x + 10, y + 28, fit(note, w - 16, 10), size=10, fill=MUTED))
    return el("g", title(_describe(c, True, None, None)) + "".join(out), data_card=cid,
              data_pile=key), h


def _legend(v: dict[str, Any], lay: Layout, y0: float) -> tuple[str, float]:
    """The action icons' colours and short forms; what the counts mean; the deck."""
    x, y = float(lay.margin), y0 + 6
    out = []
    for a in ACTIONS:
        label = f"{SHORT[a]} {a}" if SHORT[a] != a else a
        cw = chip_width(label, CHIP, CAPS)
        if x + cw > lay.margin + lay.inner:
            x, y = float(lay.margin), y + 20
        c, _ = chip(x, y + 8, label, ACTION_FILL[a], ACTION_INK.get(a, "#fff"), size=CHIP,
                    em=CAPS)
        out.append(c)
        x += cw + 6
    y += 24
    notes = [("Action icons are counted per front: eight more than the opponent in one front is"
              " DOMINATION (Winning the Game 2); at the end each front goes to the side with"
              " more icons, RALLY icons breaking a tie (Final Scoring). Cards are numbered from"
              " the bottom of their front.", MUTED, "normal"),
             (f"Deck: {v['deck']['name']}", MUTED, "normal")]
    svg, h = _lines(lay.margin, y + 12, notes, 11, lay.inner, 15)
    return el("g", "".join(out) + svg, data_panel="legend"), y + h - y0 + 4


__all__ = ["COMPACT", "WIDE", "render", "render_view", "totals"]
