"""A ladder's results for people: the final table (text), and a self-contained HTML report with
an SVG chart of the ratings over the games."""

from __future__ import annotations

import html
import json
import math
import os
from typing import Any

from .games import DEFAULT, seat, title
from .stats import INITIAL_ORDINAL, Rating, Tally, ratings, tallies

SIDE_NAME = {"gov": "Government", "fln": "FLN", "french": "French"}
# Okabe-Ito: told apart with the common colour-vision deficiencies.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
           "#F0E442"]


def _pct(lo: float, hi: float) -> str:
    return f"[{100 * lo:.0f}-{100 * hi:.0f}%]"


def pairing_rows(ts: list[Tally]) -> list[list[str]]:
    rows = [["scenario", "Government", "FLN", "games", "Gov wins", "Gov win% [95% CI]",
             "FLN win% [95% CI]", "forfeits G/F"]]
    for t in ts:
        rows.append([t.scenario, t.gov, t.fln, str(t.games), str(t.gov_wins),
                     f"{100 * t.gov_wins / t.games:.1f}% {_pct(*t.interval('gov'))}",
                     f"{100 * t.fln_wins / t.games:.1f}% {_pct(*t.interval('fln'))}",
                     f"{t.forfeits['gov']}/{t.forfeits['fln']}"])
    return rows


def rating_rows(rs: list[Rating]) -> list[list[str]]:
    """Per side, and per game when the ratings are of more than one."""
    several = len({r.game for r in rs}) > 1
    rows = [["game"] * several + ["side", "agent", "games", "mu", "sigma",
                                  "ordinal (mu-3sigma)"]]
    for r in rs:
        rows.append([title(r.game)] * several + [
            SIDE_NAME[r.side], r.agent, str(r.games), f"{r.mu:.2f}", f"{r.sigma:.2f}",
            f"{r.ordinal:.2f}"])
    return rows


def forfeit_rows(games: list[dict[str, Any]]) -> list[list[str]]:
    """Each game lost by forfeit (store rows: its outcome holds the forfeit), with the side that
    forfeited, the kind (docs/agents.md: crash, malformed, illegal, time) and the reason."""
    rows = [["game", "scenario", "Government", "FLN", "forfeited by", "kind", "reason"]]
    for g in games:
        f = json.loads(g["outcome"]).get("forfeit") if g.get("outcome") else None
        if f:
            # the forfeit names the game's side (INSURGENT's french), the row its seat's agent
            agent = g.get(seat(g.get("game") or DEFAULT, f["side"]) or "", "?")
            rows.append([str(g["id"]), g["scenario"], g["gov"], g["fln"],
                         f"{SIDE_NAME.get(f['side'], f['side'])} ({agent})",
                         str(f["kind"]), str(f["detail"])])
    return rows


def games_title(games: list[dict[str, Any]]) -> str:
    """The games played, named when any is not Colonial Twilight (``""`` otherwise)."""
    names = list(dict.fromkeys(g.get("game") or DEFAULT for g in games))
    return "" if names in ([], [DEFAULT]) else ", ".join(title(n) for n in names)


def text_table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


def final_table(games: list[dict[str, Any]]) -> str:
    """Win/loss per pairing with Wilson intervals, then the ratings per side (the game first,
    when it is not Colonial Twilight)."""
    rs, _ = ratings(games)
    named = games_title(games)
    lost = forfeit_rows(games)
    return ((f"{named}\n\n" if named else "") + "Results per pairing (95% Wilson intervals)\n"
            + text_table(pairing_rows(tallies(games)))
            + "\nRatings per side (OpenSkill, Plackett-Luce)\n" + text_table(rating_rows(rs))
            + (f"\nForfeits ({len(lost) - 1}): the kind and the reason\n" + text_table(lost)
               if len(lost) > 1 else ""))


def ticks(lo: float, hi: float, most: int = 7) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) between lo and hi."""
    span = max(hi - lo, 1e-9)
    step = 10 ** math.floor(math.log10(span / most))
    for m in (1, 2, 5, 10):
        if span / (step * m) <= most:
            step *= m
            break
    first = math.ceil(lo / step) * step
    return [round(first + i * step, 10) for i in range(int((hi - first) / step + 1e-9) + 1)]


def chart_svg(history: list[dict[str, Any]], width: int = 860, height: int = 420) -> str:
    """Each agent's rating (ordinal, mu - 3 sigma) per side after each game it played."""
    left, right, top, bottom = 56, 210, 36, 44
    w, h = width - left - right, height - top - bottom
    series: dict[tuple[str, str, str], list[tuple[int, float]]] = {}
    for e in history:
        series.setdefault((e["agent"], e["side"], e["of"]), []).append(
            (e["game"], e["ordinal"]))
    several = len({of for _, _, of in series}) > 1
    n = max((e["game"] for e in history), default=1)
    ys = [v for pts in series.values() for _, v in pts] or [0.0]
    lo, hi = min(min(ys), 0.0), max(max(ys), 1.0)
    pad = (hi - lo) * 0.05
    lo, hi = lo - pad, hi + pad

    def x(g: float) -> float:
        return left + w * (g / n if n else 0)

    def y(v: float) -> float:
        return top + h * (1 - (v - lo) / (hi - lo))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
           f' viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="#fff"/>',
           f'<text x="{left}" y="22" font-size="15" font-weight="bold">Ratings over the games'
           ' (ordinal = mu - 3 sigma, OpenSkill)</text>']
    for v in ticks(lo, hi):
        out.append(f'<line x1="{left}" x2="{left + w}" y1="{y(v):.1f}" y2="{y(v):.1f}"'
                   ' stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
    for g in ticks(0, n):
        out.append(f'<text x="{x(g):.1f}" y="{top + h + 18}" text-anchor="middle">{g:g}</text>')
    out.append(f'<text x="{left + w / 2}" y="{height - 6}" text-anchor="middle">games played'
               '</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none"'
               ' stroke="#888"/>')
    for i, ((agent, side, of), pts) in enumerate(sorted(series.items(),
                                                         key=lambda kv: kv[0][::-1])):
        colour = COLOURS[i % len(COLOURS)]
        dash = "" if side == "gov" else ' stroke-dasharray="7 4"'
        start = (pts[0][0] - 1, INITIAL_ORDINAL)  # a rating starts where OpenSkill starts it
        path = " ".join(f"{x(g):.1f},{y(v):.1f}" for g, v in [start] + pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.2"'
                   f'{dash}/>')
        ly = top + 10 + 22 * i
        out.append(f'<line x1="{left + w + 14}" x2="{left + w + 44}" y1="{ly}" y2="{ly}"'
                   f' stroke="{colour}" stroke-width="2.5"{dash}/>')
        where = f"{title(of)}, " if several else ""
        out.append(f'<text x="{left + w + 50}" y="{ly + 4}">{html.escape(agent)}'
                   f' ({where}{SIDE_NAME[side]})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _html_table(rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
                   for r in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _forfeits_html(games: list[dict[str, Any]]) -> str:
    rows = forfeit_rows(games)
    if len(rows) == 1:
        return ""
    return (f"<h2>Forfeits</h2>\n<p>{len(rows) - 1} game(s) lost by forfeit: the side, the kind"
            " (crash, malformed, illegal, time: docs/agents.md) and the reason, as the record's"
            f" result line says.</p>\n{_html_table(rows)}\n")


def write_report(out: str, name: str, games: list[dict[str, Any]]) -> str:
    """``report.html`` (tables and the chart inline) and ``ratings.svg`` in ``out``; returns the
    report's path."""
    rs, history = ratings(games)
    svg = chart_svg(history)
    named = games_title(games)
    heading = html.escape(name + (f" ({named})" if named else ""))
    with open(os.path.join(out, "ratings.svg"), "w", encoding="utf-8") as f:
        f.write(svg)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ladder {heading}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
th, td {{ border: 1px solid #ccc; padding: 4px 10px; text-align: left; }}
th {{ background: #f2f2f2; }}
</style></head><body>
<h1>Ladder {heading}</h1>
<p>{len(games)} games. Seeds were committed before play (commitments.json) and are revealed in
reveal.json and in each record; check a record with <code>ct-referee verify</code>.</p>
<h2>Results per pairing</h2>
<p>Win rates with 95% Wilson score intervals.</p>
{_html_table(pairing_rows(tallies(games)))}
<h2>Ratings per side</h2>
<p>OpenSkill (Plackett-Luce): an agent has a Government rating and an FLN rating.</p>
{_html_table(rating_rows(rs))}
{_forfeits_html(games)}{svg}
</body></html>
"""
    path = os.path.join(out, "report.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    return path
