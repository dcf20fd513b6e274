"""Chapter 5: Events – the registry of implemented Event cards and Pivotal Events, and the runner
that executes an Event text as a resumable program.

An Event text is a list of *steps*. The ``event`` frame ``{"k": "event", "card", "side", "who", "pc",
"x"}`` is automatic: each time it gets control it runs ``steps[pc]`` (after advancing ``pc``). A step
changes the state directly, or pushes a decision frame (see engine/event_steps.py) whose result is
written into the event frame's ``x``; the program resumes when that decision is complete. When every
step has run, lasting effects are recorded (Capability 5.3, Momentum 5.4) and the frame pops.

A card is offered as a legal move only once it is implemented and registered here; until then the
Event option simply does not exist for it (no stub is ever offered).
"""

from __future__ import annotations

from typing import Callable, ClassVar, Sequence

from referee_core.checks import at, check_choice, check_int, check_obj, fail
from referee_core.native import mypyc_attr
from referee_core.why import SILENT, Why

from .data import CARDS
from .frame_checks import FACTIONS, check_on_card, eligible_stage
from .machine import ROLLS, AutoFrame, Log, emit, pop, push, register
from .state import Frame, State
from .words import CONTROL as SIDE_NAMES

StepFn = Callable[[State, Frame, Log], None]
SIDES = ("unshaded", "shaded")


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:
    """An Event card (5.0). Subclasses set ``card`` and implement ``steps(side)`` for each side in
    ``texts`` (single-text cards use "unshaded"), and ``effective(s, side)``."""

    card: ClassVar[int] = 0
    texts: ClassVar[tuple[str, ...]] = ("unshaded", "shaded")

    def steps(self, side: str) -> Sequence[StepFn]:
        raise AssertionError("subclasses define the steps of each text")

    def effective(self, s: State, side: str) -> bool:
        """Would executing this text change the game state? Judged for the FLN as executor where
        the executor's choice matters (8.3: used by the non-player FLN)."""
        return True

    def playable(self, s: State, who: str, side: str) -> bool:
        """May ``who`` choose this text now? A text with no effect may still be chosen (5.1.3)."""
        return side in self.texts

    def lasting(self, side: str) -> str | None:
        """"capability", "momentum" or None, from the card's flags (ct-cards.json)."""
        flag = CARDS[self.card].get(f"{side}_flag") or ""
        if "capability" in flag:
            return "capability"
        if "momentum" in flag:
            return "momentum"
        return None

    def start(self, s: State, who: str, side: str, log: Log) -> None:
        emit(log, "5.1", f"{who} executes card {self.card} ({side})", card=self.card, side=side,
             actor=who)
        push(s, {"k": "event", "card": self.card, "side": side, "who": who, "pc": 0, "x": {}})


def check_program_data(x: object) -> None:
    """The ``x`` of an Event or Pivotal Event program: what its decisions returned – die rolls
    (1-6), counts, flags, the values picked and the [piece, place] pairs handled."""
    for k, v in check_obj(x, "x").items():
        if k in ROLLS:
            check_int(v, at("x", k), 1, 6, "5.1")
        elif not (type(v) is bool or (type(v) is int and 0 <= v <= 50) or (type(v) is list and all(
                type(e) in (str, int) or (type(e) is list and all(type(y) is str for y in e))
                for e in v))):
            fail(at("x", k), "must be a result of the Event's decisions", "5.1")


def is_effective(s: State, card: int, side: str) -> bool:
    ev = EVENTS.get(card)
    return ev is not None and side in ev.texts and ev.effective(s, side)


def run_steps(s: State, f: Frame, steps: Sequence[StepFn], log: Log) -> bool:
    """Run the next step of the program ``steps`` of the Event or Pivotal Event frame ``f`` (after
    advancing its ``pc``); False once every step has run."""
    if f["pc"] >= len(steps):
        return False
    fn = steps[f["pc"]]
    f["pc"] += 1
    fn(s, f, log)
    return True


class EventRun(AutoFrame):
    kind = "event"
    below = ("card",)
    rule = "5.1"

    def check_frame(self, s: State, f: Frame) -> None:
        """5.1, 2.3.2: the current card's Event, executed by the Eligible player who chose it."""
        check_obj(f, "", ("k", "card", "side", "who", "pc", "x"))
        ev = EVENTS.get(f["card"]) if type(f["card"]) is int else None
        if ev is None or f["card"] != s.cards["current"]:
            fail("card", "the Event executed is the current card's", "5.1")
        side = check_choice(f["side"], "side", ev.texts, "5.1")
        who = check_choice(f["who"], "who", FACTIONS, "5.1")
        check_int(f["pc"], "pc", 1, len(ev.steps(side)), "5.1")
        check_program_data(f["x"])
        role = "first" if who == s.sop["first"] else "second"
        check_on_card(s, eligible_stage(role))
        if s.sop[role + "_box"] != "event":
            fail("who", f"the {role} Eligible player did not choose the Event (sop)", "2.3.2")

    def step(self, s: State, f: Frame, log: Log) -> None:
        ev = EVENTS[f["card"]]
        if run_steps(s, f, ev.steps(f["side"]), log):
            return
        kind = ev.lasting(f["side"])
        if kind == "capability":
            s.cards_w()["capabilities"][str(ev.card)] = f["side"]
            emit(log, "5.3", f"Capability {ev.card} ({f['side']}) in effect", card=ev.card)
        elif kind == "momentum":
            s.cards_w()["momentum"].append({"card": ev.card, "side": f["side"]})
            emit(log, "5.4", f"Momentum {ev.card} ({f['side']}) in effect", card=ev.card)
        pop(s)


@mypyc_attr(allow_interpreted_subclasses=True)
class Pivotal:
    """A Pivotal Event (2.3.7, 5.1.4): a single-text Event card held by one player and played
    deliberately – when its preconditions are met – before the First Eligible acts, instead of
    the revealed Event card. Its text runs as a resumable program of steps, exactly like an Event's:
    ``start`` pushes the automatic ``pivotal_event`` frame ``{"k": "pivotal_event", "card", "who",
    "pc", "x"}`` (runner registered by engine/cards/pivotal.py), whose decisions (event_steps) and
    die rolls (chance.roll_frame) write their results into its ``x``. Subclasses set ``card``,
    ``owner``, ``retained`` and implement ``precondition`` and ``steps``."""

    card: ClassVar[int] = 0
    owner: ClassVar[str] = ""  # "gov" | "fln": the player who holds the card (5.1.4)
    retained: ClassVar[bool] = False  # 2.3.7 exception: Coup d'Etat goes back to its player's hand

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        """The condition printed on the card (2.3.7: "any pre-conditions listed on the card"),
        telling ``why`` the one that fails (``refuse``)."""
        return True

    @property
    def title(self) -> str:
        return str(CARDS[self.card]["title"])

    def refuse(self, why: Why, rule: str, text: str, *args: object) -> bool:
        """``why.no`` for a Pivotal Event that cannot be played: the card, then the condition."""
        return why.no(rule, "Pivotal Event #{} {} cannot be played: " + text, self.card,
                      self.title, *args)

    def playable(self, s: State, who: str, why: Why = SILENT) -> bool:
        """2.3.7: ``who`` holds the card and its preconditions are met (the timing – an Event
        card, before the First Eligible acts – is the Sequence of Play's, engine/sequence.py)."""
        if who != self.owner:
            return self.refuse(why, "5.1.4", "it is the {}'s card", SIDE_NAMES[self.owner])
        if self.card not in s.cards["held"][who]:
            return self.refuse(why, "2.3.7", "the {} does not hold it ({})", SIDE_NAMES[who],
                               _whereabouts(s, self.card))
        return self.precondition(s, why)

    def effective(self, s: State) -> bool:
        """Would executing the card change the game state? (Every Pivotal Event does.)"""
        return True

    def steps(self) -> Sequence[StepFn]:
        raise AssertionError("subclasses define the steps of the text")

    def start(self, s: State, who: str, log: Log) -> None:
        """2.3.7 Procedure: the card leaves its player's hand for the played-card pile (Coup d'Etat
        excepted: it is retained, 5.1.5) and its text is executed."""
        emit(log, "5.1.4", f"{who} executes Pivotal Event {self.card}", card=self.card, actor=who)
        if not self.retained:
            c = s.cards_w()
            c["held"][who].remove(self.card)
            c["played"].append(self.card)
        push(s, {"k": "pivotal_event", "card": self.card, "who": who, "pc": 0, "x": {}})


def _whereabouts(s: State, card: int) -> str:
    """Where a Pivotal Event not in its owner's hand is: played, in effect, removed."""
    c = s.cards
    if card in c["removed"]:
        return "removed from the game"
    if card in c["in_effect"] or str(card) in c["capabilities"]:
        return "already in effect"
    if card in c["played"]:
        return "already played"
    return "not in this scenario's hands"


EVENTS: dict[int, Event] = {}
PIVOTALS: dict[int, Pivotal] = {}


def register_event(cls: type[Event]) -> type[Event]:
    ev = cls()
    assert ev.card not in EVENTS
    EVENTS[ev.card] = ev
    return cls


def register_pivotal(cls: type[Pivotal]) -> type[Pivotal]:
    """Register an implemented Pivotal Event: from now on its player may play it (2.3.7)."""
    pe = cls()
    assert pe.card not in PIVOTALS and pe.owner in ("gov", "fln")
    PIVOTALS[pe.card] = pe
    return cls


def event_sides(s: State, card: int | None, who: str) -> list[str]:
    ev = EVENTS.get(card) if card is not None else None
    if ev is None:
        return []
    return [side for side in ev.texts if ev.playable(s, who, side)]


def momentum_active(s: State, card: int, side: str | None = None) -> bool:
    momentum = s.cards["momentum"]
    return bool(momentum) and any(m["card"] == card and (side is None or m["side"] == side)
                                  for m in momentum)


def capability(s: State, card: int) -> str | None:
    """The side of Capability ``card`` in effect, or None (5.3)."""
    side = s.cards["capabilities"].get(str(card))
    return str(side) if side is not None else None


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(EventRun)
