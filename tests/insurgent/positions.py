"""Test positions for INSURGENT: Algeria on the demonstration deck: the cards by name, a table set
up as a test wants it at the start of a turn (external chance: the test names each card drawn and
each die), and moves played with short helpers."""

from __future__ import annotations

from typing import Any

import insurgent as I
from insurgent.deck import DEMO, FRONTS, SIDES

IDS = {c.name: c.id for c in DEMO.cards}


def cid(name: str) -> int:
    return IDS[name]


def position(active: str = "fln", turn: int | None = None,
             hands: dict[str, list[str]] | None = None,
             fronts: dict[str, dict[str, list[str]]] | None = None,
             prison: list[tuple[str, str]] | None = None,
             graveyard: list[str] = (),  # type: ignore[assignment]
             decks: dict[str, list[str]] | None = None,
             bottom: dict[str, list[str]] | None = None,
             final_turn: str | None = None,
             options: dict[str, Any] | None = None,
             pending: list[dict[str, Any]] | None = None) -> I.State:
    """The start of ``active``'s turn. Fronts list cards bottom first; a name ending in "*" is a
    face-down FLN card. A side not in ``hands`` holds its supporters 4. Every card not placed is
    in its faction's deck unless ``decks`` lists a side's deck in full (the rest of that side's
    cards then go to the graveyard, events to the discard pile). ``options`` go over external
    chance; ``pending`` replaces the start of the turn."""
    s = I.new_game(options={"chance": "external"} | (options or {}))
    hands = dict(hands or {})
    for x, spare in (("fln", "FLN supporters 4"), ("french", "French supporters 4")):
        hands.setdefault(x, [spare])  # a card for the side's next turn
    s.hands = {x: [cid(n) for n in hands[x]] for x in SIDES}
    s.fronts = {x: {f: [] for f in FRONTS} for x in SIDES}
    for side, by_front in (fronts or {}).items():
        for f, names in by_front.items():
            s.fronts[side][f] = [{"card": cid(n.rstrip("*")), "up": not n.endswith("*")}
                                 for n in names]
    s.prison = [{"card": cid(n), "front": f} for n, f in (prison or [])]
    s.graveyard = [cid(n) for n in graveyard]
    s.recruits = {x: [] for x in SIDES}
    s.discard = {x: [] for x in SIDES}
    placed = set(s.graveyard) | {p["card"] for p in s.prison}
    placed |= {c for x in SIDES for c in s.hands[x]}
    placed |= {e["card"] for x in SIDES for f in FRONTS for e in s.fronts[x][f]}
    for side in SIDES:
        b = [cid(n) for n in (bottom or {}).get(side, [])]
        rest = [c for c in DEMO.ids(side) if c not in placed and c not in b]
        if decks is not None and side in decks:
            pool = sorted(cid(n) for n in decks[side])
            out = [c for c in rest if c not in pool]
            s.graveyard += [c for c in out if DEMO.card(c).type != "event"]
            s.discard[side] += [c for c in out if DEMO.card(c).type == "event"]
        else:
            pool = rest
        s.decks[side] = {"pool": pool, "bottom": b}
    s.mulligan = {x: False for x in SIDES}
    s.turn = turn if turn is not None else (1 if active == "fln" else 2)
    s.active = active
    s.final_turn = final_turn
    s.pending = pending or [{"k": "game", "stage": "turns"},
                            {"k": "turn", "who": active, "step": "play"}]
    return I.from_json(I.to_json(s))  # a valid state, as a client would send it


def play(s: I.State, *moves: dict[str, Any]) -> tuple[I.State, list[dict[str, Any]]]:
    """Apply the moves in order; the log of all of them."""
    log: list[dict[str, Any]] = []
    for m in moves:
        s, entries = I.apply(s, m)
        log += entries
    return s, log


def up(name: str, front: str, **kw: Any) -> dict[str, Any]:
    m: dict[str, Any] = {"t": "play", "card": cid(name), "front": front}
    if name.startswith("FLN"):
        m["face"] = kw.get("face", "up")
    return m


def event(name: str) -> dict[str, Any]:
    return {"t": "play", "card": cid(name)}


def front_names(s: I.State, side: str, front: str) -> list[str]:
    return [DEMO.card(e["card"]).name + ("" if e["up"] else "*")
            for e in s.fronts[side][front]]


def names(ids: list[int]) -> list[str]:
    return [DEMO.card(c).name for c in ids]


def draw(name: str) -> dict[str, Any]:
    return {"t": "draw", "card": cid(name)}


def roll(v: int) -> dict[str, Any]:
    return {"t": "roll", "value": v}


SKIP = {"t": "skip"}
