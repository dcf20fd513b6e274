"""Actions (Play a Turn 2 and the Actions section): the nine actions and the order they are
taken in.

The ``card`` decision (automatic) takes the actions printed on one card "from left to right". An
action that cannot be taken "is ignored" (no decision is asked); RALLY has "no immediate effect";
any other action is offered to the card's owner as an ``act`` decision, where ``{"t": "skip"}``
is always legal ("Players may choose to ignore any action on the cards they play, even if they are
able to perform the action"). A card that leaves its front or is turned face-down meanwhile takes
no further actions (board.stop).

Moves at an ``act`` decision, per action:

* ATTACK ``{"t": "attack", "card": N}`` – a face-up card in the opponent's fronts, or a card in
  prison; it goes to the graveyard.
* BOMB ``{"t": "bomb"}`` – two dice; then ``{"t": "remove", "card": N}`` per hit (``bomb``).
* RECRUIT ``{"t": "recruit"}`` – draw two, then ``{"t": "play", ...}`` one of them (``recruit``).
* NEGOTIATE ``{"t": "negotiate"}`` – draw a card.
* EXPOSE ``{"t": "expose", "front": F, "pos": P}`` – the face-down FLN card at position P (from
  the bottom, 0 first) of the FLN's front F; its actions are then resolved by the FLN.
* CAPTURE ``{"t": "capture", "card": N}`` – a face-up FLN card goes to prison (French only).
* HIDE ``{"t": "hide", "card": N}`` – a face-up FLN card is turned face-down (FLN only).
* JAILBREAK ``{"t": "jailbreak", "card": N, "face": "up"|"down"}`` – a card in prison goes back
  to its front; face up, its actions are resolved again (FLN only).
"""

from __future__ import annotations

from referee_core.checks import check_bool, check_choice, check_int, check_obj, fail

from .board import (
    deck_size, face_down, face_up, flip, locate, place, to_graveyard, to_prison, who,
)
from .chance import check_x, draw_frame
from .deck import ACTIONS, FRONTS, SIDES
from .machine import AutoFrame, Frame, FrameType, Log, Move, State, emit, register
from .play import card_frame, play_card, play_moves
from . import solo
from .state import other

RULE = "Play a Turn 2"
SKIP: Move = {"t": "skip"}


def _card_id(s: State, v: object, field: str) -> int:
    return int(check_int(v, field, 1, len(s.deck.cards)))


# --- what each action may do -----------------------------------------------------------------


def targets(s: State, side: str, action: str) -> list[Move]:
    """The ways ``side`` may take ``action`` now (empty: the action is ignored)."""
    if action == "ATTACK":
        return [{"t": "attack", "card": c}
                for c in face_up(s, other(side)) + [p["card"] for p in s.prison]]
    if action == "BOMB":
        return [{"t": "bomb"}] if face_up(s, other(side)) else []
    if action in ("RECRUIT", "NEGOTIATE"):
        return [{"t": action.lower()}] if deck_size(s, side) else []
    if action == "EXPOSE":
        return [{"t": "expose", "front": f, "pos": p} for f, p in face_down(s)]
    if action == "CAPTURE":
        return [{"t": "capture", "card": c} for c in face_up(s, "fln")]
    if action == "HIDE":
        return [{"t": "hide", "card": c} for c in face_up(s, "fln")]
    if action == "JAILBREAK":
        return [{"t": "jailbreak", "card": p["card"], "face": face}
                for p in s.prison for face in ("up", "down")]
    return []  # RALLY: no immediate effect


class CardActions(AutoFrame[State]):
    """The actions of one card, left to right (Play a Turn 2)."""

    kind = "card"
    below = ("turn", "card")
    rule = RULE
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "card", "i", "live"))
        side = check_choice(f["who"], "who", SIDES)
        c = s.deck.card(_card_id(s, f["card"], "card"))
        if c.faction != side:
            fail("card", f"card {c.id} is not a {who(side)} card")
        check_int(f["i"], "i", 0, len(c.actions))
        live = check_bool(f["live"], "live")
        if live and c.type != "event":
            where = locate(s, c.id)
            if where is None or not s.fronts[where[0]][where[1]][where[2]]["up"]:
                fail("live", f"{c.name} is not face up in a front: it takes no actions")
        if live and c.type == "event" and c.id not in s.discard[side]:
            fail("card", f"the event {c.name} is not in the {who(side)} discard pile")

    def step(self, s: State, f: Frame, log: Log) -> None:
        c = s.deck.card(f["card"])
        if not f["live"]:
            if f["i"] < len(c.actions):
                emit(log, "Actions", f"{c.name} takes no further actions:"
                     f" {', '.join(c.actions[f['i']:])} forfeited", card=c.id)
            s.pending.pop()
            return
        if f["i"] >= len(c.actions):
            s.pending.pop()
            return
        a = c.actions[f["i"]]
        f["i"] += 1
        if a == "RALLY":
            emit(log, "RALLY", f"{c.name}: RALLY has no immediate effect", card=c.id)
        elif not targets(s, f["who"], a):
            emit(log, RULE, f"{c.name}: {a} cannot be taken and is ignored", card=c.id,
                 action=a)
        else:
            s.pending.append({"k": "act", "who": f["who"], "card": c.id, "action": a})


class Act(FrameType[State]):
    """One action of a card: its owner takes it (a target) or skips it."""

    kind = "act"
    below = ("card",)
    rule = RULE
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "card", "action"))
        side = check_choice(f["who"], "who", SIDES)
        c = s.deck.card(_card_id(s, f["card"], "card"))
        a = check_choice(f["action"], "action", ACTIONS)
        if a == "RALLY" or a not in c.actions or c.faction != side:
            fail("action", f"{a} is not an action {who(side)} takes on {c.name}")
        below = s.pending[-2]
        if below["k"] != "card" or below["card"] != c.id:
            fail("card", "an action lies on the actions of its card")

    def actor(self, s: State, f: Frame) -> str:
        return solo.actor(s, f) if solo.automated(s, f) else str(f["who"])

    def prompt(self, s: State, f: Frame) -> str:
        if solo.automated(s, f):
            return f"{f['action']} ({s.deck.card(f['card']).name}): the French automaton's target"
        return f"{f['action']} ({s.deck.card(f['card']).name}): take it or skip it"

    def moves(self, s: State, f: Frame) -> list[Move]:
        if solo.automated(s, f):
            return solo.moves(s, f)
        return targets(s, f["who"], f["action"]) + [SKIP]

    def managed(self, s: State, f: Frame) -> Move:
        return solo.managed(s, f)

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return solo.explain(s, f, m) if solo.automated(s, f) else super().explain(s, f, m)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if solo.automated(s, f):
            solo.note(s, f, m, log)
        s.pending.pop()
        side, a = f["who"], f["action"]
        t = m["t"]
        if t == "skip":
            emit(log, RULE, f"{who(side)} skips {a}", side=side, action=a)
        elif t == "attack":
            to_graveyard(s, m["card"], log, "ATTACK")
        elif t == "bomb":
            emit(log, "BOMB", f"{who(side)} bombs: two dice", side=side)
            s.pending.append({"k": "bomb", "who": side, "left": 2, "hits": 0, "x": {}})
        elif t == "recruit":
            s.pending.append({"k": "recruit", "who": side})
            s.pending.append(draw_frame(side, 2, "recruits"))
        elif t == "negotiate" and side == "french" and solo.on(s):
            # Solo Variant: "Play another card from the French faction deck"
            s.pending.append(solo.flip_frame("NEGOTIATE"))
        elif t == "negotiate":
            s.pending.append(draw_frame(side, 1, "hand"))
        elif t == "expose":
            cid = s.fronts["fln"][m["front"]][m["pos"]]["card"]
            flip(s, cid, True, log, "EXPOSE")
            s.pending.append(card_frame("fln", cid))
        elif t == "capture":
            to_prison(s, m["card"], log, "CAPTURE")
        elif t == "hide":
            flip(s, m["card"], False, log, "HIDE")
        elif t == "jailbreak":
            jailbreak(s, m["card"], m["face"] == "up", log)


def jailbreak(s: State, cid: int, up: bool, log: Log) -> None:
    """JAILBREAK: "Place any FLN card in the prison back into its front" (the front it was
    captured from), face up (its actions resolve again) or face down."""
    i = next(i for i, p in enumerate(s.prison) if p["card"] == cid)
    front = s.prison.pop(i)["front"]
    emit(log, "JAILBREAK", f"FLN {s.deck.card(cid).name} breaks out of prison", card=cid)
    place(s, "fln", cid, front, up, log, "JAILBREAK")
    if up:
        s.pending.append(card_frame("fln", cid))


class Bomb(FrameType[State]):
    """BOMB: "Roll two d6s. 1-2 = miss, 3 = reroll, 4-6 = hit. Remove a face-up card from one of
    your opponent's fronts for each hit." ``left``: dice still to read; ``hits``: removals
    owed; a 3 rolls that die again (and a 3 again rolls again)."""

    kind = "bomb"
    below = ("card",)
    rule = "BOMB"
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "left", "hits", "x"))
        check_choice(f["who"], "who", SIDES)
        left = check_int(f["left"], "left", 0, 2)
        check_int(f["hits"], "hits", 0, 2 - left)
        check_x(f["x"])
        if f["x"] and not left:
            fail("x.d", "no die is left to roll", "BOMB")

    def actor(self, s: State, f: Frame) -> str:
        if f["left"] or not f["hits"] or not face_up(s, other(f["who"])):
            return "auto"
        return solo.actor(s, f) if solo.automated(s, f) else str(f["who"])

    def prompt(self, s: State, f: Frame) -> str:
        return f"BOMB: remove a face-up card for each hit ({f['hits']} left)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        if solo.automated(s, f):
            return solo.moves(s, f)
        return [{"t": "remove", "card": c} for c in face_up(s, other(f["who"]))]

    def managed(self, s: State, f: Frame) -> Move:
        if f["left"]:  # unreachable: a die is rolled by its own roll decision
            raise AssertionError("BOMB rolls its dice through roll decisions")
        return solo.managed(s, f)

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return solo.explain(s, f, m) if solo.automated(s, f) else super().explain(s, f, m)

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["left"] == 0:
            if f["hits"]:
                emit(log, "BOMB", f"{f['hits']} hit(s) with no face-up card to remove")
            s.pending.pop()
            return
        d = f["x"].pop("d", None)
        if d is None:
            s.pending.append({"k": "roll", "purpose": f"BOMB die {3 - f['left']} of 2",
                              "rule": "BOMB", "into": "d"})
            return
        if d == 3:
            emit(log, "BOMB", "3: reroll", roll=d)
            return  # the next step rolls the same die again
        f["left"] -= 1
        if d >= 4:
            f["hits"] += 1
        emit(log, "BOMB", f"{d}: {'hit' if d >= 4 else 'miss'}", roll=d)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if solo.automated(s, f):
            solo.note(s, f, m, log)
        to_graveyard(s, m["card"], log, "BOMB")
        f["hits"] -= 1


class Recruit(FrameType[State]):
    """RECRUIT: "Draw two cards from the top of your faction deck and play one of them
    immediately, resolving its action(s) (before any other actions on the original card ...) as
    if you played it from your hand. The card you chose not to play goes on the bottom of your
    faction deck." The drawn cards wait in ``recruits``; with one card left in the deck, it is the
    one played."""

    kind = "recruit"
    below = ("card",)
    rule = "RECRUIT"
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who"))
        check_choice(f["who"], "who", SIDES)

    def actor(self, s: State, f: Frame) -> str:
        if not s.recruits[f["who"]]:
            return "auto"
        return solo.actor(s, f) if solo.automated(s, f) else str(f["who"])

    def prompt(self, s: State, f: Frame) -> str:
        return "RECRUIT: play one of the drawn cards (the other goes to the bottom of the deck)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        side = f["who"]
        if solo.automated(s, f):
            return solo.moves(s, f)
        return [m for c in s.recruits[side] for m in play_moves(s, side, c)]

    def managed(self, s: State, f: Frame) -> Move:
        return solo.managed(s, f)

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return solo.explain(s, f, m) if solo.automated(s, f) else super().explain(s, f, m)

    def step(self, s: State, f: Frame, log: Log) -> None:
        s.pending.pop()  # nothing was drawn

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        side = f["who"]
        bot = solo.automated(s, f)
        if bot:
            solo.note(s, f, m, log)
        s.pending.pop()
        rest = [c for c in s.recruits[side] if c != m["card"]]
        s.recruits[side] = []
        s.decks[side]["bottom"].extend(rest)
        if rest:
            emit(log, "RECRUIT", f"{who(side)} puts the other card on the bottom of the deck",
                 side=side, private={side: {"card": rest[0]}})
        play_card(s, side, m, log, "RECRUIT")
        if bot:
            solo.played_from_deck(s, log)


__all__ = ["FRONTS", "targets"]


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(CardActions)
register(Act)
register(Bomb)
register(Recruit)
