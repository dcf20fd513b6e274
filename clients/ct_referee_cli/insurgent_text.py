"""An *INSURGENT: Algeria* table as text for ``ct-referee play --game insurgent``: the turn and
the counts (hands, decks, prison, graveyard, discards) in one line, then each front with the
cards of each side, each card by name with its action icons, then the player's own hand. Built
from the view's state document (docs/insurgent/state.md), so it shows only what the view shows:
a face-down FLN card the role may not see is ``[face down]``, the other player's hand a count."""

from __future__ import annotations

from typing import Any, Mapping

FRONTS = ("military", "political", "diplomatic")
SIDE = {"fln": "FLN", "french": "French"}


def _cards(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    cards = (doc.get("deck") or {}).get("cards") or []
    return [c for c in cards if isinstance(c, dict)]


def card_text(doc: Mapping[str, Any], n: Any) -> str:
    """A card by its number (1-based in the deck file): its name and action icons."""
    cards = _cards(doc)
    if not isinstance(n, int) or not 1 <= n <= len(cards):
        return "[face down]"
    c = cards[n - 1]
    icons = " ".join(str(a) for a in c.get("actions") or [])
    return f"{c.get('name', n)}" + (f" ({icons})" if icons else "")


def _count(x: Any) -> int:
    return len(x) if isinstance(x, list) else int(x or 0)


def board(view: Mapping[str, Any]) -> str:
    doc: Mapping[str, Any] = view.get("document") or {}
    hands = doc.get("hands") or {}
    decks = doc.get("decks") or {}
    discard = doc.get("discard") or {}
    lines = [f"INSURGENT turn {doc.get('turn', 0)}"
             + (" (final turn)" if doc.get("final_turn") else "")
             + f" · hands FLN {_count(hands.get('fln'))}, French {_count(hands.get('french'))}"
             + f" · decks FLN {(decks.get('fln') or {}).get('count', 0)},"
             + f" French {(decks.get('french') or {}).get('count', 0)}"
             + f" · prison {_count(doc.get('prison'))} · graveyard"
             + f" {_count(doc.get('graveyard'))} · discards FLN {_count(discard.get('fln'))},"
             + f" French {_count(discard.get('french'))}"]
    fronts = doc.get("fronts") or {}
    for front in FRONTS:
        lines.append(f"{front.capitalize()} front:")
        for side in ("fln", "french"):
            row = (fronts.get(side) or {}).get(front) or []
            shown = []
            for slot in row:
                up = bool(slot.get("up", True)) if isinstance(slot, dict) else True
                n = slot.get("card") if isinstance(slot, dict) else slot
                text = card_text(doc, n) if n is not None else "[face down]"
                shown.append(text + ("" if up or n is None else " [face down]"))
            lines.append(f"  {SIDE[side]:<6} " + ("; ".join(shown) if shown else "-"))
    role = view.get("role") or doc.get("role")
    own = hands.get(role) if isinstance(role, str) else None
    if isinstance(own, list):
        lines.append(f"Your hand ({SIDE.get(str(role), role)}): "
                     + ("; ".join(card_text(doc, n) for n in own) or "empty"))
    return "\n".join(lines)


def result_text(result: Mapping[str, Any]) -> str:
    """The end of an INSURGENT game: the winner or a draw, how, and the fronts each side won."""
    won = result.get("won") or {}
    who = SIDE.get(str(result.get("winner")), "")
    head = f"the {who} win" if who else "a draw"
    return (f"\n*** THE GAME IS OVER: {head} (by {result.get('by', '-')}); fronts won: FLN"
            f" {won.get('fln', 0)}, French {won.get('french', 0)}")
