"""Untrusted ``insurgent-state/1`` documents (docs/insurgent/state.md): every field is checked and
the first problem raises ``StateError`` naming the field (``hands.fln[2]``,
``fronts.french.military[0].up``, ``deck.cards[7].front``, ``pending[2].card``) and, where a rule
is broken, the rule. The 42 cards of the deck are each in exactly one zone, in a zone the rules
allow for them; a game without a result has no domination standing (it would have ended); the
pending decisions are checked by their kinds (``check_frame``) on the shared machine."""

from __future__ import annotations

from typing import Any

from referee_core.checks import (
    Budget, check_bool, check_choice, check_int, check_list, check_obj, fail,
)
from referee_core.errors import BadRequest, StateError
from referee_core.options import CHANCE_MODES
from referee_core.rng import check_state

from .board import DOMINATION_RULE, dominating
from .deck import FRONTS, SIDES, Deck, load_deck
from .ending import front_score
from .machine import MACHINE
from .play import fronts_for
from .setup import OPTION_DEFAULTS
from .state import FIELDS, SCHEMA, State, other

TOP = FIELDS + ("schema",)
MAX_TURN = 10_000


def validate(d: Any) -> State:
    check_obj(d, "", TOP)
    if d["schema"] != SCHEMA:
        fail("schema", f"must be {SCHEMA!r}")
    check_obj(d["options"], "options", tuple(OPTION_DEFAULTS))
    check_choice(d["options"]["chance"], "options.chance", CHANCE_MODES)
    solo = check_bool(d["options"]["french_bot"], "options.french_bot")
    rng = check_state(d["rng"])
    try:
        deck = load_deck(d["deck"])
    except BadRequest as e:
        raise StateError(e.field, e.reason) from None
    turn = check_int(d["turn"], "turn", 0, MAX_TURN)
    active = check_choice(d["active"], "active", (None,) + SIDES, "Gameplay")
    if (active is None) != (turn == 0):
        fail("active", "a side is active exactly when a turn has begun", "Gameplay")
    if turn and active != ("fln" if turn % 2 else "french"):
        fail("active", f"turn {turn} is the {'FLN' if turn % 2 else 'French'} turn (the FLN"
             " takes the first turn, then players alternate)", "Gameplay")
    final = check_choice(d["final_turn"], "final_turn", (None,) + SIDES)
    mull = check_obj(d["mulligan"], "mulligan", SIDES)
    for side in SIDES:
        check_bool(mull[side], f"mulligan.{side}")
    _zones(d, deck)
    if solo:
        _solo(d)
    if final is not None:
        out = other(final)
        if d["hands"][out] or d["decks"][out]["pool"] or d["decks"][out]["bottom"]:
            fail("final_turn", f"{out} has cards left: it has not played its last card",
                 "Winning the Game 1 (ATTRITION)")
    s = State(options=dict(d["options"]), rng=rng, deck=deck, turn=turn, active=active,
              final_turn=final, mulligan=mull, hands=d["hands"], decks=d["decks"],
              recruits=d["recruits"], fronts=d["fronts"], prison=d["prison"],
              graveyard=d["graveyard"], discard=d["discard"], pending=[], result=d["result"])
    _result(s, d["result"], solo)
    s.pending = MACHINE.check_pending(d["pending"], s, Budget(), d["result"] is not None)
    _recruits(s)
    s._valid = True
    return s


def _cards(v: Any, field: str, seen: dict[int, str], deck: Deck, side: str | None,
           types: tuple[str, ...] = ("agent", "event", "supporters")) -> list[int]:
    out = check_list(v, field)
    for i, c in enumerate(out):
        f = f"{field}[{i}]"
        _card(c, f, seen, deck, side, types)
    return out


def _card(c: Any, f: str, seen: dict[int, str], deck: Deck, side: str | None,
          types: tuple[str, ...]) -> None:
    check_int(c, f, 1, len(deck.cards))
    card = deck.card(c)
    if c in seen:
        fail(f, f"card {c} ({card.name}) is also in {seen[c]}")
    seen[c] = f
    if side is not None and card.faction != side:
        fail(f, f"card {c} ({card.name}) is not a {side} card")
    if card.type not in types:
        fail(f, f"card {c} ({card.name}) is a {card.type} card, never here")


def _zones(d: dict[str, Any], deck: Deck) -> None:
    seen: dict[int, str] = {}
    for key in ("hands", "recruits", "discard"):
        check_obj(d[key], key, SIDES)
    check_obj(d["decks"], "decks", SIDES)
    check_obj(d["fronts"], "fronts", SIDES)
    for side in SIDES:
        _cards(d["hands"][side], f"hands.{side}", seen, deck, side)
        rec = _cards(d["recruits"][side], f"recruits.{side}", seen, deck, side)
        if len(rec) > 2:
            fail(f"recruits.{side}", "a RECRUIT draws two cards", "RECRUIT")
        _cards(d["discard"][side], f"discard.{side}", seen, deck, side, ("event",))
        dk = check_obj(d["decks"][side], f"decks.{side}", ("pool", "bottom"))
        pool = _cards(dk["pool"], f"decks.{side}.pool", seen, deck, side)
        if pool != sorted(pool):
            fail(f"decks.{side}.pool", "the cards not yet drawn are kept sorted (in no order)")
        _cards(dk["bottom"], f"decks.{side}.bottom", seen, deck, side)
        fr = check_obj(d["fronts"][side], f"fronts.{side}", FRONTS)
        for front in FRONTS:
            field = f"fronts.{side}.{front}"
            for i, e in enumerate(check_list(fr[front], field)):
                check_obj(e, f"{field}[{i}]", ("card", "up"))
                _card(e["card"], f"{field}[{i}].card", seen, deck, side, ("agent", "supporters"))
                if front not in _fronts(deck, e["card"]):
                    fail(f"{field}[{i}].card", f"{deck.card(e['card']).name} is played to the"
                         f" {deck.card(e['card']).front} front", "Play a Turn 1")
                if not check_bool(e["up"], f"{field}[{i}].up") and side == "french":
                    fail(f"{field}[{i}].up", "the French player must play all their cards"
                         " face-up", "Play a Turn 1")
    for i, p in enumerate(check_list(d["prison"], "prison")):
        check_obj(p, f"prison[{i}]", ("card", "front"))
        _card(p["card"], f"prison[{i}].card", seen, deck, "fln", ("agent", "supporters"))
        check_choice(p["front"], f"prison[{i}].front", _fronts(deck, p["card"]), "JAILBREAK")
    _cards(d["graveyard"], "graveyard", seen, deck, None, ("agent", "supporters"))
    if len(seen) != len(deck.cards):
        missing = min(set(range(1, len(deck.cards) + 1)) - set(seen))
        fail("", f"card {missing} ({deck.card(missing).name}) is in no zone (hands, decks,"
             " recruits, fronts, prison, graveyard, discard)")


def _fronts(deck: Deck, cid: int) -> tuple[str, ...]:
    c = deck.card(cid)
    if c.type == "supporters" or "RALLY" in c.actions:
        return FRONTS
    return (c.front,) if c.front else ()


def _solo(d: dict[str, Any]) -> None:
    """Solo Variant: the automated French have no hand and never reshuffle one; they never run
    out by ATTRITION (the game ends when their deck does)."""
    if d["hands"]["french"]:
        fail("hands.french", "the automated French have no hand: they flip the top card of"
             " their deck", "Solo Variant")
    if d["mulligan"]["french"]:
        fail("mulligan.french", "the automated French draw no hand to reshuffle", "Solo Variant")
    if d["final_turn"] == "fln":
        fail("final_turn", "the automated French have no hand to run out of: their game ends"
             " when their deck runs out", "Solo Variant")


def _result(s: State, r: Any, solo: bool) -> None:
    if r is None:
        for side in SIDES:
            if dominating(s, side):
                fail("fronts", f"{side} has eight more action icons in a front: the game would"
                     " have ended", DOMINATION_RULE)
        return
    check_obj(r, "result")
    for f in FRONTS:
        for e in s.fronts["fln"][f]:
            if not e["up"]:
                fail(f"fronts.fln.{f}", "at the end of the game the FLN's cards are face up",
                     "Final Scoring 1")
    by = check_choice(r.get("by"), "result.by", ("domination", "attrition")
                      + (("french_deck",) if solo else ()))
    if by == "domination":
        check_obj(r, "result", ("winner", "by", "front", "icons"))
        w = check_choice(r["winner"], "result.winner", SIDES)
        f = check_choice(r["front"], "result.front", FRONTS)
        n = {x: sum(s.deck.card(e["card"]).icons for e in s.fronts[x][f]) for x in SIDES}
        if r["icons"] != n or n[w] - n[other(w)] < 8:
            fail("result.icons", f"the {f} front holds FLN {n['fln']}, French {n['french']}"
                 " action icons", DOMINATION_RULE)
        return
    check_obj(r, "result", ("winner", "by", "fronts", "won"))
    if by == "french_deck":
        if s.decks["french"]["pool"] or s.decks["french"]["bottom"] or s.active != "french":
            fail("result.by", "the game ends so when the French play the last card off their"
                 " deck", "Solo Variant")
    elif s.active is None or s.active != s.final_turn:
        fail("result.by", "final scoring comes after the last turn", "Winning the Game 1")
    fronts = {f: front_score(s, f) for f in FRONTS}
    won = {x: sum(1 for f in FRONTS if fronts[f]["winner"] == x) for x in SIDES}
    winner = None if won["fln"] == won["french"] else max(SIDES, key=lambda x: won[x])
    if r["fronts"] != fronts or r["won"] != won or r["winner"] != winner:
        fail("result", "does not match the final scoring of the fronts", "Final Scoring")


def _recruits(s: State) -> None:
    """The cards a RECRUIT drew wait only while that RECRUIT is being resolved."""
    for side in SIDES:
        if not s.recruits[side]:
            continue
        top = s.pending[-1] if s.pending else {}
        below = s.pending[-2] if len(s.pending) > 1 else {}
        if side == "french" and top.get("k") == "flip":  # Solo Variant: the flipped card
            if len(s.recruits[side]) != 1:
                fail("recruits.french", "the French flip one card at a time", "Solo Variant")
            continue
        if not (top.get("k") == "recruit" and top.get("who") == side) and not (
                top.get("k") == "draw" and top.get("into") == "recruits"
                and below.get("k") == "recruit" and below.get("who") == side):
            fail(f"recruits.{side}", "cards wait here only during a RECRUIT", "RECRUIT")


def check_produced(s: State, n: State) -> None:
    """The machine's ``check_result`` hook: a state produced from one read from untrusted text
    (``_valid``) must itself be valid; else the pending data was inconsistent (StateError)."""
    if not s._valid:
        return
    try:
        validate(n.to_data())
    except StateError as e:
        raise StateError(f"pending[{len(s.pending) - 1}]", "the pending decisions' data leads to"
                         f" an invalid state ({e.field}: {e.reason})", e.rule) from None


MACHINE.check_result = check_produced
