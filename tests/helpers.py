"""Building test positions: a scenario's state with the board replaced by exactly what a test asks
for (the force pool stays conserved: every piece not placed sits in Available); and the moves and
checks the test modules share."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.data import (
    AG,
    BOX_PIECES,
    MAP_PIECES,
    MOROCCO_TUNISIA_INDEPENDENT,
    PROPAGANDA_CARDS,
    UG,
    box_key,
)
from engine.machine import settle
from engine.state import State

SHORT = {
    "ft": "french_troops", "fp": "french_police", "at": "algerian_troops", "ap": "algerian_police",
    "gb": "gov_bases", "ug": UG, "ag": AG, "fb": "fln_bases",
}


def position(
    scenario: str = "short",
    spaces: dict[str, dict[str, Any]] | None = None,
    *,
    resources: tuple[int, int] = (20, 20),
    commitment: int = 20,
    first: str = "fln",
    seed: int = 1,
    in_effect: list[int] | None = None,
    border_zone: int | None | str = "keep",
    france_track: str | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """A state at the First Eligible's option prompt (``first`` to act) on an Event card.

    ``spaces`` maps a space to ``{"ft": 2, "ug": 1, "support": "support", "terror": 1,
    "resettled": True}`` (short piece keys as in ``SHORT`` or full map keys). Every other space is
    empty and Neutral; all pieces not placed are Available (Out of Play and Casualties empty).
    ``resources`` is (gov, fln)."""
    s = engine.new_game(scenario, seed, options)
    s = s.copy()
    for b in s.boxes:
        for k in BOX_PIECES:
            s.boxes[b][k] = 0
    for k in BOX_PIECES:
        s.boxes["available"][k] = engine.data.FORCE_POOL[k]
    for name, sp in s.spaces.items():
        for k in MAP_PIECES:
            sp["pieces"][k] = 0
        sp["support"] = "neutral"
        sp["terror"] = 0
        sp["resettled"] = False
    for name, spec in (spaces or {}).items():
        sp = s.spaces[name]
        for k, v in spec.items():
            if k in ("support", "terror", "resettled", "pop_bonus", "base_marker"):
                sp[k] = v
                continue
            key = SHORT.get(k, k)
            assert key in MAP_PIECES, k
            s.boxes["available"][box_key(key)] -= v
            assert s.boxes["available"][box_key(key)] >= 0, f"not enough {key} in the pool"
            sp["pieces"][key] += v
    s.resources = {"gov": resources[0], "fln": resources[1]}
    s.commitment = commitment
    if in_effect is not None:
        s.cards["in_effect"] = sorted(in_effect)
    if border_zone != "keep":
        s.border_zone = border_zone  # type: ignore[assignment]
    elif 61 not in s.cards["in_effect"]:
        s.border_zone = None  # the track is inactive until independence (5.1.8)
    if france_track is not None:
        s.france_track = france_track
    s.sop = {"first": first, "first_box": None, "second_box": None}
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "card", "stage": "first"}]
    settle(s, [])
    return s


def set_available(s: State, key: str, n: int, to: str = "out_of_play") -> State:
    """Move Available pieces of box type ``key`` to another box until ``n`` remain Available."""
    s = s.copy()
    extra = s.boxes["available"][key] - n
    assert extra >= 0
    s.boxes["available"][key] -= extra
    s.boxes[to][key] += extra
    return s


def play(s: State, *moves: dict[str, Any]) -> State:
    """Apply moves one by one (each must be legal)."""
    for m in moves:
        s, _ = engine.apply(s, m)
    return s


def pieces(s: State, space: str) -> dict[str, int]:
    """Non-zero pieces in a space, with the short keys."""
    inv = {v: k for k, v in SHORT.items()}
    return {inv[k]: v for k, v in s.spaces[space]["pieces"].items() if v}


def box(s: State, name: str) -> dict[str, int]:
    return {k: v for k, v in s.boxes[name].items() if v}


# --- Event cards -------------------------------------------------------------------------------


def on_card(s: State, card: int) -> State:
    """``card`` becomes the current card (nothing else about the cards changes)."""
    s = s.copy()
    s.cards["current"] = card
    return s


def ev(s: State, side: str = "unshaded") -> State:
    """The player to act plays the current card's Event (``side``)."""
    return play(s, {"t": "event", "side": side})


def pk(v: Any) -> dict[str, Any]:
    return {"t": "pick", "value": v}


def picks(s: State) -> list[Any]:
    """The values the current ``pick`` decision offers."""
    return [m["value"] for m in engine.legal_moves(s) if m["t"] == "pick"]


# --- common moves and checks -------------------------------------------------------------------

EXTERNAL: dict[str, Any] = {"chance": "external"}  # option: the tests supply cards and dice
DONE: dict[str, Any] = {"t": "done"}


def roll(v: int) -> dict[str, Any]:
    """A die result supplied in external chance mode."""
    return {"t": "roll", "value": v}


def of_type(s: State, t: str) -> list[dict[str, Any]]:
    """The legal moves of type ``t``."""
    return [m for m in engine.legal_moves(s) if m["t"] == t]


def spaces_offered(s: State, t: str = "space") -> set[str]:
    """The spaces named by the legal moves of type ``t``."""
    return {m["space"] for m in engine.legal_moves(s) if m["t"] == t}


def illegal(s: State, m: dict[str, Any]) -> engine.IllegalMove:
    """``m`` is refused as illegal; the error, for its rule and message."""
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, m)
    return e.value


# --- the Government's Operations and Special Activities ------------------------------------------


def gov(spaces: dict[str, dict[str, Any]] | None = None, *, resources: tuple[int, int] = (10, 5),
        in_effect: list[int] | None = None, **kw: Any) -> State:
    """The Government as First Eligible; by default no Pivotal Event in effect."""
    effects = [] if in_effect is None else in_effect
    if MOROCCO_TUNISIA_INDEPENDENT not in effects:
        kw.setdefault("border_zone", None)  # 5.1.8: no Border Zone before independence
    return position(spaces=spaces, resources=resources, first="gov", in_effect=effects, **kw)


def end_op(s: State) -> State:
    """Declare the Operation and its Special Activity (and their "post" stages, 4.1) complete."""
    while s.pending and s.pending[-1]["k"].startswith(("op:", "sa:")):
        s = play(s, DONE)
    return s


def pick(piece: str, src: str) -> dict[str, Any]:
    """Pick up a piece to move (Garrison, Deploy, ...)."""
    return {"t": "pick", "piece": piece, "from": src}


def mv(piece: str, src: str, dst: str) -> dict[str, Any]:
    return {"t": "move", "piece": piece, "from": src, "to": dst}


# --- Propaganda Rounds ----------------------------------------------------------------------------

ROUND_FRAMES = ("propaganda", "prop_commitment", "prop_pacify", "prop_agitate", "prop_redeploy",
                "prop_casualties")


def reveal(s: State, *, rounds_before: int = 1, drawn: int = 2, last: bool = False) -> State:
    """Reveal the ``drawn``-th Propaganda card on ``s`` and settle into it (the next card in the
    deck is an Event card)."""
    s = s.copy()
    c = s.cards
    c["deck"] = [n for n in c["deck"] if n not in PROPAGANDA_CARDS]
    c["current"] = PROPAGANDA_CARDS[drawn - 1]
    c["propaganda_drawn"] = drawn
    c["rounds"] = rounds_before
    c["last_propaganda"] = last
    s.pending = [{"k": "game", "stage": "play"}]
    settle(s, [])
    return s


def in_round(s: State) -> bool:
    """A Propaganda Round is under way."""
    return any(f["k"] in ROUND_FRAMES for f in s.pending)


def top(s: State) -> dict[str, Any]:
    return s.pending[-1]


def shape(x: Any) -> Any:
    """Plain data with the order of every object's keys and the type of every value (two states
    whose ``to_data()`` have the same shape are built alike, container for container)."""
    if isinstance(x, dict):
        return [(k, shape(v)) for k, v in x.items()]
    if isinstance(x, list):
        return [shape(v) for v in x]
    return (type(x).__name__, x)
