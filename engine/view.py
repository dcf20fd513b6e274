"""What each role may see (docs/state.md, "Views").

``view(state, role)`` for ``role`` in ``"gov" | "fln" | "observer"`` is the state document with
the hidden parts replaced by counts, plus the derived values a client displays:

* hidden from everyone: the order of the draw deck (2.2: only the number of cards is open), the
  Event cards set aside in the Short and Medium scenarios (10.0), the random-generator state (it
  would reveal both), and the Deception markers set aside (7.3);
* hidden from the other player and from observers: a player's Deception markers still held (7.3);
  the markers it has used (revealed) stay visible. Each side's entry (``{"held": [...], "used":
  [...]}``) is shown whole to that side; to others as ``{"count": <markers held>, "used": [...]}``;
* ``derived``: Control, Population and effective Support per space, Total Support/Opposition,
  the victory scores and margins (1.9, 7.3), Terror markers left, the actor to move and the prompt;
* ``legal_moves``: the moves of the role to move (chance moves in external chance mode are shown to
  everyone: the physical deck and dice are public); empty for anyone else; ``labels``: their
  labels (``labels.move_label``), in the same order;
* ``cards.titles``: the title of every card the view names, by number (as a string).

The view is a fresh dict that shares unchanged containers with the state: serialize it, do not
mutate it.
"""

from __future__ import annotations

from typing import Any

from referee_core.errors import BadRequest

from .board import control, population, scores, support, terror_left
from .data import CARDS
from .labels import move_labels
from .machine import legal_moves, prompt, to_move
from .state import SCHEMA, State

ROLES = ("gov", "fln", "observer")
VIEW_SCHEMA = "ct-view/1"


def view(s: State, role: str) -> dict[str, Any]:
    """The state as ``role`` may see it (docs/state.md, "Views"), with derived values and its
    legal moves."""
    if not isinstance(role, str) or role not in ROLES:
        raise BadRequest("role", f"must be one of {list(ROLES)}")
    d = s.to_data()
    hidden: list[str] = ["rng"]
    d["schema"] = VIEW_SCHEMA
    d["state_schema"] = SCHEMA
    d["role"] = role
    d["rng"] = None
    d["cards"] = _cards(s, hidden)
    if s.deception is not None:
        d["deception"] = _deception(s.deception, role, hidden)
    actor = to_move(s)
    d["derived"] = derived(s, actor)
    d["legal_moves"] = legal_moves(s) if actor is not None and actor in (role, "chance") else []
    d["labels"] = move_labels(s, d["legal_moves"])
    d["hidden"] = hidden
    return d


def _cards(s: State, hidden: list[str]) -> dict[str, Any]:
    """2.2: played cards and the number of cards in the draw deck are open; 10.0: the set-aside
    Events are not."""
    cards = dict(s.cards)
    if cards.get("deck") is not None:
        cards["deck"] = None
        hidden.append("cards.deck")
    set_aside = cards.get("set_aside")
    cards["set_aside_count"] = len(set_aside) if isinstance(set_aside, list) else None
    if set_aside is not None:
        cards["set_aside"] = None
        hidden.append("cards.set_aside")
    cards["titles"] = _titles(cards)
    return cards


def _titles(cards: dict[str, Any]) -> dict[str, str]:
    """The titles of the cards named in the view's open card data, by number."""
    named: set[int] = set()
    for k in ("current", "played", "in_effect", "removed", "held", "capabilities", "momentum",
              "unseen"):
        v = cards.get(k)
        stack = [v]
        while stack:
            x = stack.pop()
            if isinstance(x, bool):
                continue
            if isinstance(x, int):
                named.add(x)
            elif isinstance(x, str) and x.isdigit():
                named.add(int(x))
            elif isinstance(x, dict):
                stack.extend([x["card"]] if "card" in x else [*x.keys(), *x.values()])
            elif isinstance(x, list):
                stack.extend(x)
    return {str(n): str(CARDS[n]["title"]) for n in sorted(named) if n in CARDS}


def _deception(dec: dict[str, Any], role: str, hidden: list[str]) -> dict[str, Any]:
    """7.3: each player sees its own markers; others see the revealed (used) ones and a count."""
    out: dict[str, Any] = {}
    for side, markers in dec.items():
        if side == role:
            out[side] = markers
        else:
            out[side] = {"count": len(markers["held"]), "used": markers["used"]}
            hidden.append(f"deception.{side}")
    return out


def derived(s: State, actor: str | None) -> dict[str, Any]:
    """Values computed from the state, never stored (1.6, 1.7, 1.9, 7.3); ``actor``:
    ``machine.to_move(s)``."""
    spaces = {n: {"control": control(s, n), "population": population(s, n),
                  "support": support(s, n)} for n in s.spaces}
    sc = scores(s)
    return {
        "spaces": spaces,
        "total_support": sc.total_support,
        "total_opposition": sc.total_opposition,
        "fln_bases_on_map": sc.fln_bases_on_map,
        "gov_score": sc.gov,
        "fln_score": sc.fln,
        "margins": sc.margins,
        "terror_left": terror_left(s),
        "to_move": actor,
        "prompt": prompt(s),
    }
