"""The card catalogue (chapter 5, 2.4): one row per card of the game – number, title, kind, flags
(Capability / Momentum texts, non-player FLN marking, 8.3) and, for each of its texts, whether the
engine implements it (an Event text is playable only once its card is registered, 5.0; a Pivotal
Event once registered, 5.1.4; a Propaganda card always: the Propaganda Round exists, 6.0).

``python -m engine.cards`` prints the rows and a last line ``cards=71 implemented=N`` (N: cards
whose every text is playable).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from ..data import CARDS
from ..events import EVENTS, PIVOTALS

SEP = " | "


@dataclass(frozen=True)
class Row:
    number: int
    title: str
    kind: str  # event | pivotal_gov | pivotal_fln | propaganda
    flags: tuple[str, ...]
    texts: tuple[tuple[str, bool], ...]  # (text, implemented) for each text of the card

    @property
    def implemented(self) -> bool:
        return all(ok for _, ok in self.texts)

    def render(self) -> str:
        flags = " ".join(self.flags) or "-"
        texts = " ".join(f"{t}={'yes' if ok else 'no'}" for t, ok in self.texts)
        return SEP.join((f"{self.number:02d}", f"{self.title:<34}", f"{self.kind:<11}",
                         f"{flags:<44}", texts))


def card_texts(number: int) -> tuple[str, ...]:
    """5.2: a Dual-Use card has an unshaded and a shaded text; every other card one text."""
    return ("unshaded", "shaded") if CARDS[number]["dual_use"] else ("unshaded",)


def text_implemented(number: int, text: str) -> bool:
    kind = CARDS[number]["kind"]
    if kind == "propaganda":
        return True  # 2.4, 6.0: played through engine.propaganda.start_propaganda_card
    if kind.startswith("pivotal"):
        return number in PIVOTALS
    ev = EVENTS.get(number)
    return ev is not None and text in ev.texts


def card_flags(number: int) -> tuple[str, ...]:
    """The lasting-marker flag of each text (5.3, 5.4) and the non-player FLN marking (8.3)."""
    c = CARDS[number]
    flags = [f"{side}:{c[side + '_flag']}" for side in ("unshaded", "shaded")
             if c.get(side + "_flag")]
    if c.get("fln_bot_marked"):
        flags.append("fln_bot_marked")
    return tuple(flags)


def rows() -> list[Row]:
    return [Row(n, str(CARDS[n]["title"]), str(CARDS[n]["kind"]), card_flags(n),
                tuple((t, text_implemented(n, t)) for t in card_texts(n)))
            for n in sorted(CARDS)]


def render() -> list[str]:
    """Every row, then the summary line ``cards=<total> implemented=<N>``."""
    rs = rows()
    return [r.render() for r in rs] + [
        f"cards={len(rs)} implemented={sum(1 for r in rs if r.implemented)}"]


def main() -> None:
    try:
        sys.stdout.write("\n".join(render()) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into ``head``: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
