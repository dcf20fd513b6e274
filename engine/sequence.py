"""Chapter 2: the Sequence of Play – drawing cards (2.2, 2.3.6), eligibility and the options of
the First and Second Eligible (2.3.1-2.3.5), Pivotal Event window (2.3.7), Propaganda cards (2.4).

Frames (all plain data):
* ``{"k": "game", "stage": "draw" | "play"}`` – bottom of the stack, automatic;
* ``{"k": "draw"}`` – chance: reveal the next card;
* ``{"k": "card", "stage": "pivotal" | "first" | "second" | "adjust"}`` – one Event card, automatic;
* ``{"k": "pivotal_window", "who": side}`` – may play a Pivotal Event before the First Eligible acts;
* ``{"k": "eligible", "who": side, "role": "first" | "second", "options": [...]}`` – choose an option.
"""

from __future__ import annotations

from referee_core.checks import check_choice, check_list, check_obj, fail, frame_below
from referee_core.why import Why

from .board import add_resources
from .data import EVENT_CARDS, PROPAGANDA_CARDS, SECOND_OPTIONS
from .events import EVENTS, PIVOTALS, event_sides
from .frame_checks import FACTIONS, check_eligible, check_game_stage, check_on_card, eligible_stage
from .machine import AutoFrame, FrameType, Log, emit, pop, push, register
from . import ops_fln, ops_gov  # noqa: F401  (the Operations register themselves in OPS)
from .ops import OPS, op_frame
from .propaganda import start_propaganda_card
from .state import Frame, Move, State
from .victory import end_game, holds, use_hidden_asset

OTHER = {"gov": "fln", "fln": "gov"}
OP_BOXES = ("op_plus_sa", "op_only", "limited_op")  # most permissive first
PASS_INCOME = {"fln": 1, "gov": 2}  # 2.3.3
FACTION_OPS = {who: tuple(n for n, op in OPS.items() if op.faction == who) for who in OTHER}


class Game(AutoFrame):
    kind = "game"
    checked = True
    rule = "2.3.6"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "stage"))
        check_choice(f["stage"], "stage", ("draw", "play"), "2.3.6")

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["stage"] == "draw":
            if not s.cards["deck_left"]:
                end_game(s, log, "deck exhausted")
                return
            f["stage"] = "play"
            push(s, {"k": "draw"})
            return
        f["stage"] = "draw"
        card = s.cards["current"]
        if card in PROPAGANDA_CARDS:
            start_propaganda_card(s, log)
        else:
            s.cards_w()["last_propaganda"] = False
            s.sop["first_box"] = None
            s.sop["second_box"] = None
            push(s, {"k": "card", "stage": "pivotal"})


class Draw(FrameType):
    """2.2, 2.3.6: reveal the next card of the draw deck (a chance decision)."""

    kind = "draw"
    checked = True
    below = ("game",)
    rule = "2.3.6"
    prompt_text = "reveal the next card"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k",))
        check_game_stage(s, "play")

    def actor(self, s: State, f: Frame) -> str:
        return "chance"

    def moves(self, s: State, f: Frame) -> list[Move]:
        c = s.cards
        if c["deck"] is not None:
            return [{"t": "draw", "card": c["deck"][0]}] if c["deck"] else []
        # external chance: any card the physical deck may still hold, within the pile structure
        events_left, props_left = c["piles"][0]
        ms: list[Move] = []
        if events_left:
            ms += [{"t": "draw", "card": n} for n in c["unseen"]]
        if props_left:
            ms.append({"t": "draw", "card": PROPAGANDA_CARDS[c["propaganda_drawn"]]})
        return ms

    def managed(self, s: State, f: Frame) -> Move:
        return {"t": "draw", "card": s.cards["deck"][0]}

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        c = s.cards_w()
        card = m["card"]
        if c["deck"] is not None:
            c["deck"].pop(0)
        if card in PROPAGANDA_CARDS:
            c["propaganda_drawn"] += 1
            c["piles"][0][1] -= 1
        else:
            c["piles"][0][0] -= 1
            if card in c["unseen"]:
                c["unseen"].remove(card)
        if c["piles"][0] == [0, 0]:
            c["piles"].pop(0)
        c["deck_left"] -= 1
        if c["current"] is not None and not any(mo["card"] == c["current"] for mo in c["momentum"]):
            c["played"].append(c["current"])  # Momentum cards wait beside the deck (5.4)
        c["current"] = card
        s.turn += 1
        pop(s)
        emit(log, "2.3.6", f"card {card} revealed", card=card)


class Card(AutoFrame):
    """2.3: one Event card – Pivotal window, First Eligible, Second Eligible, adjust eligibility."""

    kind = "card"
    checked = True
    below = ("game",)
    rule = "2.3"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "stage"))
        stage = check_choice(f["stage"], "stage", ("pivotal", "first", "second", "adjust"), "2.3")
        if s.cards["current"] not in EVENT_CARDS:
            fail("", "an Event card round needs an Event card as cards.current", "2.3")
        check_game_stage(s, "draw")
        if stage == "adjust" and s.sop["first_box"] is None:
            fail("stage", "the Second Eligible acts only after the First Eligible (sop.first_box)",
                 "2.3.2")

    def step(self, s: State, f: Frame, log: Log) -> None:
        sop = s.sop
        first, second = sop["first"], OTHER[sop["first"]]
        if f["stage"] == "pivotal":
            f["stage"] = "first"
            # 2.3.7: the Second Eligible has priority, so it is asked first (pushed last).
            for who in (first, second):
                if playable_pivotals(s, who):
                    push(s, {"k": "pivotal_window", "who": who})
        elif f["stage"] == "first":
            f["stage"] = "second"
            if sop["first_box"] is None:  # not already settled by a Pivotal Event
                push(s, {"k": "eligible", "who": first, "role": "first",
                         "options": list(SECOND_OPTIONS["pass"])})
        elif f["stage"] == "second":
            f["stage"] = "adjust"
            push(s, {"k": "eligible", "who": second, "role": "second",
                     "options": list(SECOND_OPTIONS[sop["first_box"]])})
        else:
            # 2.3.5: after an Op + SA or an Op in several locations the Second Eligible becomes
            # First Eligible; otherwise (LimOp, Event, Pass; both Pass, 2.3.3) no change.
            if sop["first_box"] in ("op_plus_sa", "op_only"):
                sop["first"] = second
                emit(log, "2.3.5", f"{second} becomes First Eligible", first=second)
            pop(s)


def playable_pivotals(s: State, who: str) -> list[int]:
    """Pivotal Events ``who`` holds whose preconditions are met (2.3.7) and that are implemented."""
    return [c for c in s.cards["held"][who] if c in PIVOTALS and PIVOTALS[c].playable(s, who)]


def why_not_pivotal(s: State, who: str, card: object, why: Why) -> bool:
    """Is ``card`` a Pivotal Event ``who`` may play now (``playable_pivotals``)? Tells ``why``
    the condition that fails otherwise: not a Pivotal Event, another player's, not held, or the
    card's own precondition (5.1.5-5.1.9)."""
    if type(card) is not int or card not in PIVOTALS:
        return why.no("2.3.7", "card {} is not a Pivotal Event", card)
    return PIVOTALS[card].playable(s, who, why)


class PivotalWindow(FrameType):
    kind = "pivotal_window"
    checked = True
    below = ("card", "pivotal_window")
    rule = "2.3.7"
    prompt_text = "play a Pivotal Event before the First Eligible acts, or decline"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who"))
        check_choice(f["who"], "who", FACTIONS, "2.3.7")
        check_on_card(s, "first")
        if frame_below(s)["k"] == "pivotal_window" and frame_below(s)["who"] == f["who"]:
            fail("who", "each player has one Pivotal window per card", "2.3.7")

    def actor(self, s: State, f: Frame) -> str:
        # Once the other player has played a Pivotal Event this card, the window closes by itself.
        return "auto" if s.sop["first_box"] is not None else str(f["who"])

    def step(self, s: State, f: Frame, log: Log) -> None:
        pop(s)

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "pivotal", "card": c} for c in playable_pivotals(s, f["who"])] + [
            {"t": "decline"}]

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "pivotal":
            why_not_pivotal(s, f["who"], m.get("card"), why)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        pop(s)
        if m["t"] == "decline":
            return
        who = f["who"]
        # The player of the Pivotal Event becomes or stays First Eligible, in the Event box.
        s.sop["first"] = who
        s.sop["first_box"] = "event"
        emit(log, "2.3.7", f"{who} plays Pivotal Event {m['card']}", card=m["card"], actor=who)
        PIVOTALS[m["card"]].start(s, who, log)


class Eligible(FrameType):
    """2.3.2: the options of the First and Second Eligible."""

    kind = "eligible"
    checked = True
    below = ("card",)
    rule = "2.3.2"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "role", "options"))
        role = check_choice(f["role"], "role", ("first", "second"), "2.3.2")
        opts = check_list(f["options"], "options")
        for j, o in enumerate(opts):
            check_choice(o, f"options[{j}]", SECOND_OPTIONS["pass"], "2.3.2")
        if len(set(opts)) != len(opts):
            fail("options", "an option is listed twice")
        if "pass" not in opts:
            fail("options", "a player may always Pass", "2.3.3")
        check_eligible(f["who"], role, s.sop)
        check_on_card(s, eligible_stage(role))

    def prompt(self, s: State, f: Frame) -> str:
        return f"{f['role']} eligible ({f['who']}): choose Event, Operation or Pass"

    def moves(self, s: State, f: Frame) -> list[Move]:
        who, role, options = f["who"], f["role"], f["options"]
        ms: list[Move] = []
        if "event" in options:
            card = s.cards["current"]
            for side in event_sides(s, card, who):
                ms.append({"t": "event", "side": side})
        if role == "first":
            box = None
        else:
            allowed = [b for b in OP_BOXES if b in options]
            box = allowed[0] if allowed else None
        if role == "first" or box is not None:
            for op in FACTION_OPS[who]:
                if OPS[op].can_start(s, who, role, box, False):
                    ms.append({"t": "op", "op": op} if box is None else
                              {"t": "op", "op": op, "box": box})
        if s.deception is not None and (role == "first" or box == "limited_op") and holds(
                s, who, "hidden_asset"):
            # 7.3 Hidden Asset: a Limited Op option becomes a full Op + SA option.
            for op in FACTION_OPS[who]:
                if OPS[op].can_start(s, who, role, "op_plus_sa", False):
                    ms.append({"t": "op", "op": op, "box": "op_plus_sa",
                               "deception": "hidden_asset"})
        ms.append({"t": "pass"})
        return ms

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        """2.3.7: a Pivotal Event is played in the Pivotal window, before the First Eligible
        chooses; the card's own condition first, when it fails."""
        if m["t"] == "pivotal" and why_not_pivotal(s, f["who"], m.get("card"), why):
            why.no("2.3.7", "a Pivotal Event is played before the First Eligible chooses an"
                   " option: this card's Pivotal window has closed")

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        who, role = f["who"], f["role"]
        pop(s)
        if m["t"] == "pass":
            add_resources(s, who, PASS_INCOME[who])
            s.sop[role + "_box"] = "pass"
            emit(log, "2.3.3", f"{who} passes (+{PASS_INCOME[who]} Resources)", actor=who)
        elif m["t"] == "op":
            emit(log, "3.1", f"{who} chooses {m['op']}", actor=who, op=m["op"])
            fr = op_frame(m["op"], who, role, m.get("box"))
            if m.get("deception") == "hidden_asset":
                use_hidden_asset(s, who, log)
                fr["record_box"] = "limited_op"  # the cylinder stays in Limited Op (7.3)
            push(s, fr)
        else:
            s.sop[role + "_box"] = "event"
            EVENTS[s.cards["current"]].start(s, who, m["side"], log)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Game)
register(Draw)
register(Card)
register(PivotalWindow)
register(Eligible)
