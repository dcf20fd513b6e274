"""Random playouts: ``python -m insurgent.playout --games N --seed S [--deck FILE]``.

Plays N games choosing uniformly among the legal moves (chance managed) and checks after every
move (docs/insurgent/README.md, "Playouts"):

* the state survives its canonical JSON through the validator of untrusted states;
* card conservation: each of the 42 cards is in exactly one of the hands, decks, the RECRUIT's
  drawn cards, the fronts, the prison, the graveyard or a discard pile;
* no hidden card in a view: the French and observer views name no card of the FLN's hand, deck
  or face-down cards, the FLN view none of the French hand or deck (nor each side's RECRUIT
  draws), and no view holds the generator's state;
* a decision that is pending has a legal move; the game ends within MAX_DECISIONS.

Ends with one line::

    games=N violations=0 decisions=D turns_mean=T turns_min=A turns_p50=B turns_max=C
    fln_wins=F french_wins=R draws=X by_domination=M by_attrition=K mean_ms_per_game=Z

Exits non-zero on any violation, printing the seed and decision that reproduce it. Game ``i``
uses engine seed ``S + i`` and the same number for the move-choosing generator.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

import insurgent
from referee_core import playout

from . import new_game, view
from .deck import CARDS, FRONTS, SIDES, Deck, read_deck
from .state import State

MAX_DECISIONS = 100_000


def zones(s: State) -> list[int]:
    """Every card in every zone (each card should be there exactly once)."""
    out: list[int] = []
    for side in SIDES:
        out += s.hands[side] + s.recruits[side] + s.discard[side]
        out += s.decks[side]["pool"] + s.decks[side]["bottom"]
        out += [e["card"] for f in FRONTS for e in s.fronts[side][f]]
    out += [p["card"] for p in s.prison] + s.graveyard
    return out


def hidden_from(s: State, role: str) -> set[int]:
    """The cards ``role`` may not see now."""
    out: set[int] = set()
    for side in SIDES:
        if side == role:
            continue
        out.update(s.hands[side], s.decks[side]["pool"])
        if side == "fln" or not s.options.get("french_bot"):  # the automaton's are turned up
            out.update(s.recruits[side], s.decks[side]["bottom"])
    if role != "fln":
        out.update(e["card"] for f in FRONTS for e in s.fronts["fln"][f] if not e["up"])
    if role == "observer":
        out.update(s.hands["fln"], s.hands["french"])
    return out


def named_in_view(v: dict[str, Any]) -> set[int]:
    """The cards a view names (outside the catalogue of the deck)."""
    out: set[int] = set()
    for side in SIDES:
        for key in ("hands", "recruits"):
            if isinstance(v[key][side], list):
                out.update(v[key][side])
        out.update(v["decks"][side].get("bottom", []))
        out.update(v["discard"][side])
        out.update(e["card"] for f in FRONTS for e in v["fronts"][side][f]
                   if e["card"] is not None)
    out.update(p["card"] for p in v["prison"])
    out.update(v["graveyard"])
    out.update(m["card"] for m in v["legal_moves"] if "card" in m)
    return out


def own_invariants(s: State) -> list[str]:
    """INSURGENT's own: card conservation and no hidden card in a view."""
    out = []
    cards = zones(s)
    if sorted(cards) != list(range(1, CARDS + 1)):
        out.append(f"card conservation: {len(cards)} cards in the zones, {len(set(cards))}"
                   " distinct")
    for role in ("fln", "french", "observer"):
        v = view(s, role)
        if "rng" in v or "pending" in v:
            out.append(f"the {role} view holds the generator or the decisions")
        leak = named_in_view(v) & hidden_from(s, role)
        if leak:
            out.append(f"the {role} view names hidden cards {sorted(leak)}")
    return out


def invariants(s: State) -> list[str]:
    return playout.invariants(insurgent, s, own_invariants)


def play(seed: int, deck: Deck | None = None, check: bool = True) -> tuple[State, int]:
    return playout.play(insurgent, new_game(deck, seed), seed, invariants if check else None,
                        MAX_DECISIONS)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m insurgent.playout")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deck", help="a deck file (default: the demonstration deck)")
    p.add_argument("--no-check", action="store_true", help="skip the invariants (timing only)")
    a = p.parse_args(argv)
    deck = None
    if a.deck:
        with open(a.deck, "rb") as fh:
            deck = read_deck(fh.read())
    done = playout.run(lambda seed: play(seed, deck, not a.no_check), a.seed, a.games)
    if done is None:
        return 1
    ends, decisions, ms = done
    turns = [s.turn for s, _ in ends]
    wins: dict[str | None, int] = {"fln": 0, "french": 0, None: 0}
    by = {"domination": 0, "attrition": 0}
    for _, result in ends:
        wins[result["winner"]] += 1
        by[result["by"]] += 1
    print(f"games={a.games} violations=0 decisions={decisions}"
          f" turns_mean={statistics.fmean(turns):.1f} turns_min={min(turns)}"
          f" turns_p50={statistics.median(turns):g} turns_max={max(turns)}"
          f" fln_wins={wins['fln']} french_wins={wins['french']} draws={wins[None]}"
          f" by_domination={by['domination']} by_attrition={by['attrition']}"
          f" mean_ms_per_game={ms:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
