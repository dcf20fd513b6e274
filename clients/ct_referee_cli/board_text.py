"""The board as text for ``ct-referee play``: a compact layout that fits 80 x 24 (two columns of
spaces under the cards, tracks and margins, with a legend), a ``wide`` one (a space per line,
pieces by name), and the non-player FLN's turn summed up in a few labelled lines.

Works on views in their JSON mapping (the REST form: ``service.jsonmap.to_dict`` of a view)."""

from __future__ import annotations

import textwrap
from typing import Any, Mapping, Sequence

from engine.data import SPACE_NAMES
from engine.words import LEVELS, count

# (piece, letter): French Troops/Police, Algerian Troops/Police, Government Base; Underground and
# Active Guerrillas, FLN Base
GOV_PIECES = (("french_troops", "T"), ("french_police", "P"), ("algerian_troops", "A"),
              ("algerian_police", "a"), ("gov_bases", "B"))
FLN_PIECES = (("guerrillas_underground", "g"), ("guerrillas_active", "G"), ("fln_bases", "F"))
PIECE_NAMES = {"french_troops": "French Troops", "french_police": "French Police",
               "algerian_troops": "Algerian Troops", "algerian_police": "Algerian Police",
               "gov_bases": "Gov Bases", "guerrillas_underground": "Underground",
               "guerrillas_active": "Active", "fln_bases": "FLN Bases"}
SUPPORT = {"support": "S", "oppose": "O", "neutral": "."}
CONTROL = {"gov": "G", "fln": "F"}
SIDE = {"gov": "Gov", "fln": "FLN"}
FULL_SIDE = {"gov": "Government", "fln": "FLN"}
BOXES = {"event": "Event", "op_only": "Op only", "op_plus_sa": "Op+SA", "limited_op": "LimOp",
         "pass": "Pass", "": ""}
LEGEND = ("── 2SG: Pop. 2, Support S / Opposition O / neutral ., Control G/F,"
          " * Terror",
          "── Gov pieces: T/P French Troops/Police, A/a Algerian Troops/Police, B Base",
          "── FLN pieces: g/G Guerrillas Underground/Active, F Base")
WIDTH = 80
WIDE = 100   # ``--wide``
NAME = max(len(n) for n in SPACE_NAMES)  # every space name whole


def _count(pieces: Mapping[str, int], letters: Sequence[tuple[str, str]]) -> str:
    out = ""
    for key, letter in letters:
        n = int(pieces.get(key, 0))
        out += "" if n == 0 else letter if n == 1 else f"{n}{letter}"
    return out


def _card(titles: Mapping[str, str], n: Any) -> str:
    return f"#{n} {titles.get(str(n), '')}".strip() if n else "none"


def _sign(n: Any) -> str:
    n = int(n or 0)
    return f"+{n}" if n > 0 else str(n)


def header(view: Mapping[str, Any]) -> list[str]:
    """Cards, eligibility, tracks and margins, Capabilities and Momentum."""
    c = view["cards"]
    titles = c.get("titles", {})
    sop = view.get("sop", {})
    first = sop.get("first", "gov")
    second = "fln" if first == "gov" else "gov"
    elig = (f"1st {SIDE.get(first, first)} {BOXES.get(sop.get('first_box', ''), '')}".rstrip()
            + f", 2nd {SIDE.get(second, second)} {BOXES.get(sop.get('second_box', ''), '')}"
            .rstrip())
    total = int(view.get("turn", 0)) + int(c.get("deck_left", 0))
    m = view.get("margins", {})
    res = view.get("resources", {})
    lines = [f"Card {view.get('turn', 0)}/{total}: {_card(titles, c.get('current'))}   (next card"
             f" face down, {c.get('deck_left', 0)} left)",
             f"Eligible: {elig}   Margins Gov {_sign(m.get('gov'))} FLN {_sign(m.get('fln'))}",
             f"Res Gov {res.get('gov', 0)} FLN {res.get('fln', 0)}  Commit "
             f"{view.get('commitment', 0)}  France {view.get('france_track', '-')}  Border "
             f"{view.get('border_zone', '-')}  Sup+Com {view.get('gov_score', 0)}/35  Opp+Bases "
             f"{view.get('fln_score', 0)}/30"]
    caps = ", ".join(f"{_card(titles, n)} ({side[0]})"
                     for n, side in sorted((c.get("capabilities") or {}).items(),
                                           key=lambda kv: int(kv[0])))
    mom = ", ".join(f"{_card(titles, x['card'])}" for x in c.get("momentum") or [])
    lines += textwrap.wrap(f"Capabilities: {caps or '-'}  | Momentum: {mom or '-'}", WIDTH)
    return [ln[:WIDTH] for ln in lines]


def _cell(name: str, sp: Mapping[str, Any]) -> str:
    pieces = sp.get("pieces", {})
    marks = (f"{sp.get('population', 0)}{SUPPORT.get(sp.get('support', ''), '.')}"
             f"{CONTROL.get(sp.get('control', ''), ' ')}")
    terror = "*" if sp.get("terror") else " "
    return (f"{name:<{NAME + 1}}{marks}{terror}{_count(pieces, GOV_PIECES):>7} "
            f"{_count(pieces, FLN_PIECES):<6}")


def compact(view: Mapping[str, Any]) -> str:
    """The board in 22 lines of at most 80 characters (23 when Capabilities and Momentum take
    two)."""
    spaces = view["spaces"]
    names = [n for n in SPACE_NAMES if n in spaces]
    half = (len(names) + 1) // 2
    rows = header(view)
    rows += LEGEND
    for i in range(half):
        left = _cell(names[i], spaces[names[i]])
        right = _cell(names[i + half], spaces[names[i + half]]) if i + half < len(names) else ""
        rows.append(f"{left} │ {right}".rstrip())
    return "\n".join(rows)


def wide(view: Mapping[str, Any]) -> str:
    """A space per line, pieces by name, in at most 100 columns (the pieces wrap under
    themselves)."""
    spaces = view["spaces"]
    rows = header(view) + ["", f"{'space':<{NAME}} {'pop':>3} {'support':<10} {'ctrl':<4} terror "
                           "pieces"]
    indent = NAME + 1 + 3 + 1 + 10 + 1 + 4 + 1 + 6 + 1
    for name in (n for n in SPACE_NAMES if n in spaces):
        sp = spaces[name]
        pieces = ", ".join(count(n, k) for k, n in sp.get("pieces", {}).items()
                           if n and k in PIECE_NAMES)
        head = (f"{name:<{NAME}} {sp.get('population', 0):>3} "
                f"{LEVELS.get(sp.get('support', ''), '-'):<10} "
                f"{SIDE.get(sp.get('control', ''), '-'):<4} {sp.get('terror') or '':<6} ")
        rows += textwrap.wrap(pieces or "-", WIDE, initial_indent=head,
                              subsequent_indent=" " * indent, break_on_hyphens=False)
    return "\n".join(rows)


def preview(resources: int, commitment: int, effect: str) -> str:
    """A listed move's cost and certain effect, after its label: "  [-2 Res; removes nothing]" (Resources and
    Commitment as they change: -2 spent, +2 received)."""
    cost = [f"{-n:+d} {what}" for n, what in ((resources, "Res"), (commitment, "Commit")) if n]
    text = "; ".join(cost + ([effect] if effect else []))
    return f"  [{text}]" if text else ""


def deception(view: Mapping[str, Any]) -> str:
    """The player's own Deception markers (7.3), which only its view holds; "" otherwise."""
    out = []
    for side, d in (view.get("deception") or {}).items():
        if isinstance(d, Mapping) and "held" in d:
            held = ", ".join(_marker(k) for k in d["held"]) or "none left"
            used = ", ".join(_marker(k) for k in d.get("used") or [])
            out.append(f"Your Deception markers ({FULL_SIDE.get(side, side)}): {held}"
                       + (f"; used: {used}" if used else ""))
    return "\n".join(ln[:WIDTH] for ln in out)


def _marker(key: str) -> str:
    return key.replace("_", " ").title()


def wrap_under(head: str, text: str) -> list[str]:
    """``text`` wrapped to the screen's width after ``head``."""
    return textwrap.wrap(text, WIDTH - 1, initial_indent=head, subsequent_indent="    ")


def wrap_menu(text: str) -> list[str]:
    """A menu line wrapped to the screen's width, under the label."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=" " * 7, drop_whitespace=True,
                         break_on_hyphens=False) or [text]


# The moves that only detail another (a piece placed, added or sent on, a step finished).
DETAIL = {"place", "add", "go", "done"}


def bot_summary(moves: Sequence[Mapping[str, Any]], trace: Sequence[Mapping[str, Any]],
                who: str = "FLN (non-player)") -> str:
    """A bot's turn in a few labelled lines: what it did, and why (the boxes of its trace: the
    non-player FLN's flowchart, 8.4, or the Government bot's steps)."""
    did = [str(m.get("label", m.get("t"))) for m in moves if m.get("t") not in DETAIL]
    why = [f"[{t.get('box')}] {t.get('text')}" for t in trace
           if t.get("box") not in ("tie", "8.2", "8.3", "8.4")][:3]
    out = [f"── {who} " + "─" * (WIDTH - 5 - len(who))]
    out += _lines("did:  ", "; ".join(did) or "no move", 4)
    for w in why[:2]:
        out += _lines("why:  ", w, 3)
    out.append("      (t: the full trace)")
    return "\n".join(out)


def _lines(head: str, text: str, most: int) -> list[str]:
    """``text`` wrapped under ``head`` in at most ``most`` lines (… when cut)."""
    lines = textwrap.wrap(text, WIDTH - 2, initial_indent=head, subsequent_indent=" " * len(head))
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][:WIDTH - 4] + " …"
    return lines


def _candidate(c: Any) -> str:
    """A candidate of a trace step: the FLN bot's is its label, the Government bot's its move
    and the value it weighed (Algeria's bots: a move object and its score)."""
    if isinstance(c, Mapping):
        move = c.get("move", "?")
        if isinstance(move, Mapping):
            move = " ".join(str(v) for v in move.values())
        return f"{move} ({c.get('value', c.get('score', '?'))})"
    return str(c)


def trace_text(trace: Sequence[Mapping[str, Any]]) -> str:
    """Every step of the bot's reasoning: box, text, tie-breakers, candidates, die."""
    out = []
    for t in trace:
        extra = []
        if t.get("tie_breakers"):
            extra.append("tie-breakers: " + ", ".join(t["tie_breakers"]))
        if t.get("candidates"):
            extra.append("among: " + ", ".join(_candidate(c) for c in t["candidates"]))
        line = f"{str(t.get('box', '')):>6}  {t.get('text', '')}"
        if extra:
            line += " (" + "; ".join(extra) + ")"
        out += textwrap.wrap(line, WIDTH - 1, subsequent_indent=" " * 8)
    return "\n".join(out) or "(no trace)"
