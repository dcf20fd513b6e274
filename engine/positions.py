"""Positions from a board: a referee state built from what a front-end holds (a VASSAL game, a
photograph of a table), at the start of the current card (docs/positions.md).

    build(position, seed=0) -> (State, log)   # raises StateError(field, reason, rule)
    from_state(state) -> position         # the board and card facts of a state

A position (``"schema": "ct-position/1"``) gives what is on the table: the pieces and markers of
each space, the off-map boxes, the tracks, the cards (current, the next if revealed, the played
cards in the order drawn, removed ones, Pivotal Events held and in effect, Capabilities, Momentum)
and the First Eligible player. The rest is derived from it and from the scenario's deck (10.0):
how many cards were drawn (``turn``), the piles left and where the next Propaganda card can come,
the Propaganda Rounds held (6.0), and the deck itself. The unknown rest of the deck follows the
chance mode (docs/chance.md): ``external``, the client supplies the draws (the unseen Events are
listed); ``managed``, the unplayed Events are shuffled with ``seed`` into the piles still to come
(each with its Propaganda card, 10.0) and the others set aside.

The document is untrusted input: its shape is checked here, the assembled state by the state
validator (engine.validate: force pool 1.4.1, stacking 1.4.2, markers, cards in two places, ...),
each error naming the position's field. Then the engine plays the card's start exactly as after a
draw (2.3.6: the Pivotal window, or the Propaganda Round, 6.0) and the result is checked once more
as any state sent to the referee.
"""

from __future__ import annotations

from typing import Any

from referee_core import rng as rngmod
from referee_core.checks import (
    check_bool, check_card_list, check_choice, check_list, check_obj, fail, show,
)
from referee_core.errors import StateError

from .frame_checks import FACTIONS
from .data import (
    BOX_PIECES, BOXES, CARDS, EVENT_CARDS, MAP_PIECES, PIVOTAL_OWNER, PROPAGANDA_CARDS,
    SCENARIOS, SPACES,
)
from .machine import Log, settle
from .scenarios import OPTION_DEFAULTS
from .serial import from_data
from .state import SCHEMA as STATE_SCHEMA, State, new_space
from .validate import validate_fields

SCHEMA = "ct-position/1"
TOP_KEYS = ("schema", "scenario", "options", "spaces", "boxes", "resources", "commitment",
            "france_track", "border_zone", "cards", "eligibility")
REQUIRED = ("schema", "scenario", "resources", "commitment", "france_track", "cards",
            "eligibility")
CARD_KEYS = ("current", "next", "played", "removed", "held", "in_effect", "capabilities",
             "momentum", "coup_played", "coup_this_campaign", "delayed")
# Options a position cannot take: it is the board itself (no Open Deployment), and it carries no
# hidden Deception markers nor set-aside cards to reveal (its Capabilities are listed).
NOT_FOR_POSITIONS = {
    "open_deployment": "a position is the board after deployment (10.0)",
    "deception": "a position carries no Victory Deception markers (7.3)",
    "reveal_capabilities": "a position lists its Capabilities in effect (cards.capabilities)",
    "reveal_torture": "a position lists its Capabilities in effect (cards.capabilities)",
}
EVENTS = frozenset(EVENT_CARDS)
PROPAGANDA = frozenset(PROPAGANDA_CARDS)
DRAWABLE = EVENTS | PROPAGANDA
ALL_CARDS = frozenset(CARDS)


def build(position: Any, seed: int = 0) -> tuple[State, Log]:
    """The state at the start of the position's current card (docs/positions.md), and the log
    of that start (e.g. the Propaganda Round's automatic phases)."""
    doc = state_document(position, seed)
    try:
        s, _, _ = validate_fields(doc)
    except StateError as e:
        raise StateError(position_field(e.field), e.reason, e.rule) from None
    s.pending = [{"k": "game", "stage": "play"}]
    log: Log = []
    try:
        settle(s, log)  # 2.3.6: the card is played as after its draw
    except StateError:
        raise
    except Exception as e:  # the validator passed it, so this is a combination it does not see
        raise StateError("position", f"cannot start the current card from this position"
                         f" ({type(e).__name__})") from None
    try:
        return from_data(s.to_data()), log
    except StateError as e:
        raise StateError(position_field(e.field), e.reason, e.rule) from None


# State fields derived from the position's cards, and the field of the position they come from.
DERIVED_FROM = {"sop.first": "eligibility.first", "cards.coup_campaign": "cards.coup_this_campaign",
                "turn": "cards.played", "cards.deck": "cards.played",
                "cards.deck_left": "cards.played", "cards.piles": "cards.played",
                "cards.propaganda_drawn": "cards.played", "cards.rounds": "cards.played",
                "cards.unseen": "cards.played", "cards.set_aside": "cards.played"}


def position_field(field: str) -> str:
    """The position's field behind a field of the state built from it."""
    for state_field, pos_field in DERIVED_FROM.items():
        if field == state_field or field.startswith(state_field + "[") or field.startswith(
                state_field + "."):
            return pos_field
    if field.startswith(("pending", "rng", "result", "deception", "sop")):
        return "position"
    return field


def state_document(position: Any, seed: int = 0) -> dict[str, Any]:
    """The state document of a position before its card is played (``pending`` empty): the
    position's shape checked, the deck derived."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        fail("seed", "must be an integer")
    p = check_obj(position, "")
    for k in p:
        if k not in TOP_KEYS:
            fail(k, f"unknown field; known: {list(TOP_KEYS)}")
    for k in REQUIRED:
        if k not in p:
            fail(k, "missing field")
    if p["schema"] != SCHEMA:
        fail("schema", f"must be {SCHEMA!r}, not {show(p['schema'])}")
    scenario = check_choice(p["scenario"], "scenario", tuple(SCENARIOS), "10.0")
    options = _options(p.get("options", {}))
    r = {"seed": rngmod.seed_from(seed), "counter": 0}
    cards, turn = _cards(p["cards"], scenario, options["chance"] == "managed", r)
    return {
        "schema": STATE_SCHEMA, "scenario": scenario, "options": options,
        "spaces": _spaces(p.get("spaces", {})), "boxes": _boxes(p.get("boxes", {})),
        "resources": p["resources"], "commitment": p["commitment"],
        "france_track": p["france_track"], "border_zone": p.get("border_zone"),
        "cards": cards,
        "sop": {"first": check_choice(check_obj(p["eligibility"], "eligibility",
                                                ("first",)).get("first"),
                                      "eligibility.first", FACTIONS, "2.3.1"),
                "first_box": None, "second_box": None},
        "pending": [], "rng": r, "result": None, "deception": None,
        "turn": turn,
    }


def _options(v: Any) -> dict[str, Any]:
    o = check_obj(v, "options")
    for k, why in NOT_FOR_POSITIONS.items():
        if o.get(k):
            fail(f"options.{k}", why)
    out = dict(OPTION_DEFAULTS)
    out.update(o)
    return out  # the state validator checks names, kinds and combinations


def _spaces(v: Any) -> dict[str, Any]:
    """Every space, those the position omits empty and Neutral (1.6.1)."""
    sps = check_obj(v, "spaces")
    out: dict[str, Any] = {}
    for n in sps:
        if n not in SPACES:
            fail(f"spaces.{n}", "unknown space")
    for n in SPACES:
        sp = new_space()
        given = check_obj(sps.get(n, {}), f"spaces.{n}")
        for k, val in given.items():
            if k not in sp:
                fail(f"spaces.{n}.{k}", f"unknown field; known: {list(sp)}")
            if k == "pieces":
                pieces = check_obj(val, f"spaces.{n}.pieces")
                for pk in pieces:
                    if pk not in MAP_PIECES:
                        fail(f"spaces.{n}.pieces.{pk}", f"unknown piece; known: {list(MAP_PIECES)}")
                sp["pieces"].update(pieces)
            else:
                sp[k] = val  # type: ignore[literal-required]
        out[n] = sp
    return out


def _boxes(v: Any) -> dict[str, Any]:
    """Available, Casualties, Out of Play and set aside (5.1.9); omitted counts are 0."""
    b = check_obj(v, "boxes")
    out: dict[str, Any] = {}
    for box in b:
        if box not in BOXES:
            fail(f"boxes.{box}", f"unknown box; known: {list(BOXES)}")
    for box in BOXES:
        given = check_obj(b.get(box, {}), f"boxes.{box}")
        for k in given:
            if k not in BOX_PIECES:
                fail(f"boxes.{box}.{k}", f"unknown piece; known: {list(BOX_PIECES)}")
        out[box] = {k: given.get(k, 0) for k in BOX_PIECES}
    return out


# --- cards ---------------------------------------------------------------------------------------


def _card_fields(v: Any) -> dict[str, Any]:
    c = check_obj(v, "cards")
    for k in c:
        if k not in CARD_KEYS:
            fail(f"cards.{k}", f"unknown field; known: {list(CARD_KEYS)}")
    if "current" not in c:
        fail("cards.current", "missing field: a position is at the start of a card")
    cur = c["current"]
    if type(cur) is not int or cur not in DRAWABLE:
        fail("cards.current", f"{show(cur)} is not an Event or Propaganda card", "2.2")
    return c


def _momentum_cards(c: dict[str, Any]) -> list[int]:
    out = []
    for i, m in enumerate(check_list(c.get("momentum", []), "cards.momentum")):
        card = check_obj(m, f"cards.momentum[{i}]", ("card", "side")).get("card")
        if type(card) is int:
            out.append(card)
    return out


def _cards(v: Any, scenario: str, managed: bool, r: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The cards of the state, and how many were drawn (``turn``, 2.2)."""
    c = _card_fields(v)
    deck = SCENARIOS[scenario]["deck"]
    size, n_piles, per = deck["draw_deck_size"], deck["piles"], deck["events_per_pile"]
    current = c["current"]
    # the cards drawn before the current one, in order, and the Events removed (drawn too)
    played = check_card_list(c.get("played", []), "cards.played", ALL_CARDS)
    removed = check_card_list(c.get("removed", []), "cards.removed", ALL_CARDS)
    seq = [x for x in played if x in DRAWABLE]
    removed_events = [x for x in removed if x in EVENTS]
    momentum = _momentum_cards(c)
    for i, card in enumerate(momentum):
        if card != current and card not in played:
            fail(f"cards.momentum[{i}].card", f"card {card} is in effect but neither current"
                 " nor among the played cards", "5.4")
    turn = len(seq) + len(removed_events) + 1
    if turn > size:
        fail("cards.played", f"{turn} cards drawn with the current one; the {scenario} deck has"
             f" {size}", "10.0")
    props = [x for x in seq if x in PROPAGANDA]
    drawn_props = len(props) + (current in PROPAGANDA)
    # 10.0: the deck is piles of 12 Events + 1 Propaganda card, pile 1 on top
    top, in_top = divmod(turn, per + 1)
    if not (drawn_props == top or (in_top and drawn_props == top + 1)):
        fail("cards.played", f"{turn} cards drawn (with the current one) hold {drawn_props}"
             f" Propaganda cards: each pile of {per + 1} holds one, so there must be {top}"
             + (f" or {top + 1}" if in_top else ""), "10.0")
    piles: list[list[int]] = []
    if top < n_piles:
        prop_left = 0 if drawn_props > top else 1
        events_left = per - (in_top - (1 - prop_left))
        if [events_left, prop_left] != [0, 0]:
            piles.append([events_left, prop_left])
        piles += [[per, 1] for _ in range(top + 1, n_piles)]
    seen = set(seq) | set(removed_events) | {current} | set(momentum)
    unseen = sorted(EVENTS - seen)
    nxt = c.get("next")
    if nxt is not None:
        _check_next(nxt, managed, piles, unseen, drawn_props)
    # 6.0: a Round for each Propaganda card drawn, unless it came right after another one
    rounds = sum(1 for i, x in enumerate(seq) if x in PROPAGANDA
                 and not (i and seq[i - 1] in PROPAGANDA))
    last = bool(seq) and seq[-1] in PROPAGANDA and all(m == current for m in momentum)
    held = check_obj(c.get("held", {"gov": [], "fln": []}), "cards.held", FACTIONS)
    out: dict[str, Any] = {
        "deck": None, "deck_left": size - turn, "piles": piles, "unseen": unseen,
        "current": current,
        "played": [x for x in played if x not in momentum or x == current],
        "set_aside": None, "held": held, "in_effect": c.get("in_effect", []),
        "removed": c.get("removed", []), "capabilities": c.get("capabilities", {}),
        "momentum": c.get("momentum", []), "coup_played": c.get("coup_played", False),
        "coup_campaign": (drawn_props - (current in PROPAGANDA)
                          if check_bool(c.get("coup_this_campaign", False),
                                        "cards.coup_this_campaign") else None),
        "propaganda_total": n_piles, "propaganda_drawn": drawn_props, "rounds": rounds,
        "last_propaganda": last, "delayed": c.get("delayed", []),
    }
    if managed:
        out["deck"], out["set_aside"] = _shuffle(r, piles, unseen, drawn_props, nxt)
        out["unseen"] = []
    return out, turn


def _check_next(nxt: Any, managed: bool, piles: list[list[int]], unseen: list[int],
                drawn_props: int) -> None:
    """2.3.6: the next card, when the table has revealed it, must be one the top pile holds."""
    if not managed:
        fail("cards.next", "external chance: the client supplies the next card as a draw"
             " (docs/chance.md)")
    if not piles:
        fail("cards.next", "the draw deck is empty", "2.3.6")
    events_left, prop_left = piles[0]
    ok = (nxt in unseen and events_left) or (prop_left and nxt == PROPAGANDA_CARDS[drawn_props])
    if not ok:
        fail("cards.next", f"{show(nxt)} cannot be the next card: the top pile holds"
             f" {events_left} unseen Events" + (f" and Propaganda card"
                                              f" {PROPAGANDA_CARDS[drawn_props]}"
                                              if prop_left else ""), "10.0")


def _shuffle(r: dict[str, Any], piles: list[list[int]], unseen: list[int], drawn_props: int,
             nxt: Any) -> tuple[list[int], list[int]]:
    """Managed chance: the unseen Events shuffled with the seed; as many as the piles still need
    go into them, the rest are set aside (10.0); each pile is shuffled with its Propaganda card
    (docs/chance.md), the revealed next card, if any, on top."""
    events = rngmod.shuffle(r, list(unseen))
    need = sum(p[0] for p in piles)
    if isinstance(nxt, int) and nxt in events and events.index(nxt) >= need:
        i = events.index(nxt)
        events[0], events[i] = events[i], events[0]
    used, set_aside = events[:need], sorted(events[need:])
    deck: list[int] = []
    prop = drawn_props
    for e, pr in piles:
        pile = used[:e] + list(PROPAGANDA_CARDS[prop: prop + pr])
        used = used[e:]
        prop += pr
        pile = rngmod.shuffle(r, pile)
        if not deck and nxt in pile:
            pile.remove(nxt)
            pile.insert(0, nxt)
        deck += pile
    return deck, set_aside


# --- the other way -------------------------------------------------------------------------------


def from_state(s: State) -> dict[str, Any]:
    """The position of a state: its board and card facts (no deck order, no pending decision).
    Built again, it gives the state at the start of its current card."""
    c = s.cards
    if c["current"] is None:
        raise StateError("cards.current", "no card drawn yet: a position is at a card", "2.2")
    current = c["current"]
    momentum = [m["card"] for m in c["momentum"] if m["card"] != current]
    props_before = c["propaganda_drawn"] - (current in PROPAGANDA)
    options = {k: v for k, v in s.options.items() if k not in NOT_FOR_POSITIONS}
    blank: dict[str, Any] = dict(new_space())
    return {
        "schema": SCHEMA, "scenario": s.scenario, "options": options,
        "spaces": {n: {"pieces": {k: v for k, v in sp["pieces"].items() if v},
                       **{k: v for k, v in sp.items() if k != "pieces" and v != blank[k]}}
                   for n, sp in s.spaces.items()},
        "boxes": {b: {k: v for k, v in pieces.items() if v} for b, pieces in s.boxes.items()},
        "resources": dict(s.resources), "commitment": s.commitment,
        "france_track": s.france_track, "border_zone": s.border_zone,
        "cards": {
            "current": current, "played": list(c["played"]) + momentum,
            "removed": list(c["removed"]), "held": {k: list(v) for k, v in c["held"].items()},
            "in_effect": list(c["in_effect"]), "capabilities": dict(c["capabilities"]),
            "momentum": [dict(m) for m in c["momentum"]], "coup_played": c["coup_played"],
            "coup_this_campaign": c["coup_campaign"] == props_before,
            "delayed": list(c["delayed"]),
        },
        "eligibility": {"first": s.sop["first"]},
    }


__all__ = ["SCHEMA", "build", "from_state", "state_document"]
