"""The six Pivotal Events (2.3.7, 5.1.4-5.1.9; card specification ct-cards-36-71.md #61-#66) and
the OAS capability used as a Special Activity (5.3.1).

A Pivotal Event is played from its player's hand in the Pivotal window of an Event card
(engine/sequence.py); ``Pivotal.start`` (engine/events.py) moves the card to the played pile (Coup
d'Etat excepted: it is retained) and pushes the automatic ``pivotal_event`` frame registered here,
which runs the card's steps like the Event runner. Lasting effects are recorded in
``cards["in_effect"]`` (61, 64, 65), ``cards["delayed"]`` (Suez Crisis: the entry
``propaganda.SUEZ_DELAYED`` while its Propaganda payback is pending – the hook read by
engine/propaganda.py), ``cards["capabilities"]["63"]`` (OAS) and ``cards["coup_played"]`` /
``cards["coup_campaign"]`` (the Campaign index is ``cards["propaganda_drawn"]``).

Decision frames (plain data) and their moves:

* French Troops taken from the map and/or Available (Suez Crisis: by the Government, to
  ``set_aside``; Coup d'Etat: by the FLN, to ``out_of_play``): the compulsory ``ev_remove``
  decision of event_steps (``{"t": "remove", "piece": "french_troops", "space": S}`` or ``"box":
  "available"``), skipped when there is nothing to choose.
* ``{"k": "piv_mobilization", "who": "gov", "left"}`` – Mobilization: ``{"t": "oop_to_available",
  "piece": P}`` (P a French piece in Out of Play) or ``{"t": "done"}``.
* Coup d'Etat, FLN wins the roll: a ``pick`` frame (event_steps) for the FLN between ``"troops"``
  and ``"commitment"``.
* OAS (5.3.1): the Special Activity ``{"t": "sa", "sa": "oas"}`` then ``{"t": "space", "space": S}``
  and ``{"t": "done"}``.
"""

from __future__ import annotations

from typing import Sequence

from referee_core.chance import roll_frame
from referee_core.checks import check_choice, check_int, check_obj, fail, frame_below, show
from referee_core.why import SILENT, Why

from ..board import (
    add_commitment, add_resources, box_to_box, de_gaulle, fln_score, mobilized, population,
    terror_left,
)
from ..data import (
    ALGERIA, COUP_D_ETAT, FORCE_POOL, FRENCH, FT, MOBILIZATION, MOROCCO_TUNISIA_INDEPENDENT, OAS,
    RECALL_DE_GAULLE, SPACES, SUEZ_CRISIS,
)
from ..event_steps import pick, remove_exactly
from ..words import BOXES as BOX_NAMES
from ..events import (
    PIVOTALS, Pivotal, StepFn, check_program_data, register_pivotal, run_steps,
)
from ..frame_checks import check_on_card
from ..machine import AutoFrame, FrameType, Log, emit, pop, push, register
from ..ops import SpecialActivity, register_sa
from ..propaganda import SUEZ_DELAYED
from ..state import Frame, Move, State

__all__ = [
    "MoroccoAndTunisiaIndependent", "SuezCrisis", "OasCard", "Mobilization", "RecallDeGaulle",
    "CoupDEtat", "OasActivity", "MOBILIZATION_THRESHOLD", "SUEZ_COST",
]

MOBILIZATION_THRESHOLD = 15  # 5.1.6: Opposition + FLN Bases
SUEZ_COST = 6  # 5.1.9: both players subtract six Resources


# --- the runner -------------------------------------------------------------------------------


class PivotalRun(AutoFrame):
    """5.1.4: the text of a played Pivotal Event, run step by step (resumable like an Event)."""

    kind = "pivotal_event"
    below = ("card", "pivotal_window")
    rule = "5.1.4"

    def check_frame(self, s: State, f: Frame) -> None:
        """2.3.7, 5.1.4: a Pivotal Event its owner played (now First Eligible, in the Event box)
        before the First Eligible acted."""
        check_obj(f, "", ("k", "card", "who", "pc", "x"))
        pv = PIVOTALS.get(f["card"]) if type(f["card"]) is int else None
        if pv is None:
            fail("card", f"{show(f['card'])} is not a Pivotal Event", "5.1.4")
        who = check_choice(f["who"], "who", ("gov", "fln"), "5.1.4")
        if who != pv.owner:
            fail("who", f"card {pv.card} is the {pv.owner}'s", "5.1.4")
        if pv.card not in (s.cards["held"][who] if pv.retained else s.cards["played"]):
            fail("card", f"card {pv.card} is not in play", "2.3.7")
        check_int(f["pc"], "pc", 1, len(pv.steps()), "5.1.4")
        check_program_data(f["x"])
        if s.sop["first"] != who or s.sop["first_box"] != "event":
            fail("who", "the player of a Pivotal Event is First Eligible, in the Event box (sop)",
                 "2.3.7")
        below = frame_below(s)
        check_on_card(s, "first")
        if below["k"] == "pivotal_window" and below["who"] == who:
            fail("who", "played from the player's own window, which closed", "2.3.7")

    def step(self, s: State, f: Frame, log: Log) -> None:
        if not run_steps(s, f, PIVOTALS[f["card"]].steps(), log):
            pop(s)


# --- shared helpers ---------------------------------------------------------------------------


def _put_in_effect(s: State, card: int) -> None:
    if card not in s.cards["in_effect"]:
        effect: list[int] = s.cards_w()["in_effect"]
        effect.append(card)
        effect.sort()


def remove_from_game(s: State, card: int) -> None:
    """5.1.5: a cancelled Pivotal Event leaves play, the hands and the played pile for good."""
    c = s.cards_w()
    for pile in (c["in_effect"], c["played"], c["held"]["gov"], c["held"]["fln"]):
        while card in pile:
            pile.remove(card)
    c["capabilities"].pop(str(card), None)
    if card not in c["removed"]:
        c["removed"].append(card)


def take_troops(s: State, who: str, n: int, to: str, why: str, log: Log) -> None:
    """``who`` takes ``n`` French Troops (all, if fewer exist, 5.1.3) from the map and/or
    Available to box ``to`` (the pool Suez Crisis and Coup d'Etat draw on)."""
    remove_exactly(s, who, [[FT, sp] for sp in SPACES] + [[FT, "available"]], n, to, "troops", log,
                   f"{why}: French Troops from the map or Available to {BOX_NAMES.get(to, to)}")


# --- #61 Morocco and Tunisia Independent (5.1.8) ---------------------------------------------


class MoroccoAndTunisiaIndependent(Pivotal):
    """#61 (FLN), 5.1.8: only after Mobilization. Morocco and Tunisia become FLN sanctuaries (board
    reads ``in_effect``), the Border Zone Status marker goes to 0, Border Sectors become active."""

    card = MOROCCO_TUNISIA_INDEPENDENT
    owner = "fln"

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        return mobilized(s) or self.refuse(why, "5.1.8", "Mobilization (#{}) has not been played",
                                           MOBILIZATION)

    def steps(self) -> Sequence[StepFn]:
        return [self.independence]

    def independence(self, s: State, f: Frame, log: Log) -> None:
        _put_in_effect(s, self.card)
        s.border_zone = 0
        emit(log, "5.1.8", "Morocco and Tunisia independent: FLN sanctuaries, Border Zone Status 0",
             card=self.card, border_zone=0)


# --- #62 Suez Crisis (5.1.9) -----------------------------------------------------------------


class SuezCrisis(Pivotal):
    """#62 (FLN), 5.1.9: the FLN must be able to pay its six Resources (1.8). 1d6 French Troops
    set aside by the Government (map and/or Available), both players -6 Resources; the payback
    (FLN +6 Resources, Troops return in Redeploy) is pending while ``cards["delayed"]`` lists
    ``SUEZ_DELAYED`` (engine/propaganda.py)."""

    card = SUEZ_CRISIS
    owner = "fln"

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        return s.resources["fln"] >= SUEZ_COST or self.refuse(
            why, "5.1.9", "the FLN has {} Resources and must be able to pay all {} (1.8)",
            s.resources["fln"], SUEZ_COST)

    def steps(self) -> Sequence[StepFn]:
        return [self.roll, self.set_aside, self.pay]

    def roll(self, s: State, f: Frame, log: Log) -> None:
        push(s, roll_frame("Suez Crisis: French Troops set aside", "5.1.9"))

    def set_aside(self, s: State, f: Frame, log: Log) -> None:
        take_troops(s, "gov", f["x"]["roll"], "set_aside", "Suez Crisis", log)

    def pay(self, s: State, f: Frame, log: Log) -> None:
        add_resources(s, "fln", -SUEZ_COST)
        add_resources(s, "gov", -SUEZ_COST)
        if SUEZ_DELAYED not in s.cards["delayed"]:
            s.cards_w()["delayed"].append(SUEZ_DELAYED)
        emit(log, "5.1.9", f"Suez Crisis: both players -{SUEZ_COST} Resources; payback in the next"
             " Propaganda Round", card=self.card, resources=dict(s.resources),
             set_aside=s.boxes["set_aside"][FT])


# --- #63 OAS (5.3.1) -------------------------------------------------------------------------


class OasCard(Pivotal):
    """#63 (FLN), 5.3.1: only while Recall De Gaulle is in effect; puts the OAS capability (usable
    by either player in place of a Special Activity) into effect."""

    card = OAS
    owner = "fln"

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        return de_gaulle(s) or self.refuse(why, "5.1.7", "Recall De Gaulle (#{}) is not in effect",
                                           RECALL_DE_GAULLE)

    def steps(self) -> Sequence[StepFn]:
        return [self.capability]

    def capability(self, s: State, f: Frame, log: Log) -> None:
        s.cards_w()["capabilities"][str(self.card)] = "unshaded"
        emit(log, "5.3.1", "OAS capability in effect", card=self.card)


def oas_cost_covered(s: State, who: str, pop: int) -> bool:
    """1.8 (restated on the card): the user pays its own part in full – FLN Resources 2 x Pop for
    the FLN, Commitment = Pop for the Government; the other side's loss just stops at 0."""
    return s.resources["fln"] >= 2 * pop if who == "fln" else s.commitment >= pop


class OasActivity(SpecialActivity):
    """5.3.1: in place of the Special Activity of an Operation + Special Activity (engine/ops.py
    offers it while the capability is in effect): one non-Terrorized Populated Algerian space –
    Terror marker (if one is left), Neutral, Commitment -Pop, FLN Resources -2 x Pop."""

    name = "oas"
    kind = "sa:oas"
    rule = "5.3.1"

    def targets(self, s: State, who: str) -> list[str]:
        return [n for n in ALGERIA if self.algerian_space_ok(s, who, n)]

    def space_ok(self, s: State, who: str, n: str, why: Why = SILENT) -> bool:
        """5.3.1: a non-Terrorized Populated space of Algeria whose cost its user can pay."""
        if n not in ALGERIA:
            return why.no("5.3.1", "OAS is in a space of Algeria, not {}", n)
        return self.algerian_space_ok(s, who, n, why)

    def algerian_space_ok(self, s: State, who: str, n: str, why: Why = SILENT) -> bool:
        """``space_ok`` for a space of Algeria."""
        if s.spaces[n]["terror"]:
            return why.no("5.3.1", "{} already has a Terror marker", n)
        if population(s, n) < 1:
            return why.no("5.3.1", "{} is not Populated", n)
        return oas_cost_covered(s, who, population(s, n)) or why.no(
            "1.8", "the cost in {} is not covered: the user pays its own part in full", n)

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if f["locs"]:
            why.no("5.3.1", "OAS is in one space")
        elif m["t"] == "space" and isinstance(m.get("space"), str):
            self.space_ok(s, f["who"], m["space"], why)

    def offered(self, s: State, f: Frame) -> bool:
        """5.3.1: the capability in effect, and no space chosen yet (OAS is in one space)."""
        return not f["locs"] and str(OAS) in s.cards["capabilities"]

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        if not self.offered(s, f):
            return []
        return [{"t": "space", "space": n} for n in self.targets(s, f["who"])]

    def sa_any(self, s: State, f: Frame) -> bool:
        """``bool(self.sa_moves(s, f))``, stopping at the first space (asked at every Operation
        decision while the capability is in effect)."""
        return self.offered(s, f) and any(self.algerian_space_ok(s, f["who"], n) for n in ALGERIA)

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        f["locs"].append(n)
        pop_value = population(s, n)
        sp = s.space_w(n)
        if terror_left(s) > 0:  # interpretation (3.3.4 analogy): no marker left, no marker placed
            sp["terror"] += 1
        sp["support"] = "neutral"
        add_commitment(s, -pop_value)
        add_resources(s, "fln", -2 * pop_value)
        emit(log, self.rule, f"OAS in {n}: Terror, Neutral, Commitment -{pop_value}, FLN Resources"
             f" -{2 * pop_value}", actor=f["who"], sa="oas", space=n, commitment=s.commitment,
             resources=s.resources["fln"])


# --- #64 Mobilization (5.1.6) ----------------------------------------------------------------


class Mobilization(Pivotal):
    """#64 (Government), 5.1.6: only if Opposition + FLN Bases >= 15. The Government may move French
    pieces from Out of Play to Available, up to half the Commitment rounded up, at no Commitment
    cost; from now on Resettle (4.2.1) and #61 are allowed (board.mobilized reads ``in_effect``)."""

    card = MOBILIZATION
    owner = "gov"

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        score = fln_score(s)
        return score >= MOBILIZATION_THRESHOLD or self.refuse(
            why, "5.1.6", "Opposition plus FLN Bases is {}, below {}", score,
            MOBILIZATION_THRESHOLD)

    def steps(self) -> Sequence[StepFn]:
        return [self.mobilize, self.in_effect]

    def mobilize(self, s: State, f: Frame, log: Log) -> None:
        limit = -(-s.commitment // 2)
        frame: Frame = {"k": "piv_mobilization", "who": "gov", "left": limit}
        if MobilizationMoves.options(s, frame):
            push(s, frame)

    def in_effect(self, s: State, f: Frame, log: Log) -> None:
        _put_in_effect(s, self.card)
        emit(log, "5.1.6", "Mobilization in effect: Resettle allowed, #61 playable", card=self.card)


class MobilizationMoves(FrameType):
    """5.1.6: French pieces Out of Play -> Available, one at a time, at no Commitment cost."""

    kind = "piv_mobilization"
    checked = True
    below = ("pivotal_event",)
    rule = "5.1.6"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "left"))
        check_choice(f["who"], "who", ("gov",), "5.1.6")
        check_int(f["left"], "left", 1, sum(FORCE_POOL[p] for p in FRENCH), "5.1.6")
        if frame_below(s)["card"] != MOBILIZATION:
            fail("", "Mobilization's own decision", "5.1.6")

    def prompt(self, s: State, f: Frame) -> str:
        return f"Mobilization: move up to {f['left']} more French pieces from Out of Play to" \
               " Available, or finish"

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        if f["left"] <= 0:
            return []
        return [{"t": "oop_to_available", "piece": p} for p in FRENCH
                if s.boxes["out_of_play"][p] > 0]

    def moves(self, s: State, f: Frame) -> list[Move]:
        return self.options(s, f) + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            pop(s)
            return
        p = m["piece"]
        box_to_box(s, p, "out_of_play", "available")
        f["left"] -= 1
        emit(log, self.rule, f"Mobilization: {p} from Out of Play to Available", actor="gov",
             piece=p)
        if not self.options(s, f):
            pop(s)


# --- #65 Recall De Gaulle (5.1.7) ------------------------------------------------------------


class RecallDeGaulle(Pivotal):
    """#65 (Government), 5.1.7: only once Coup d'Etat has been played; in effect for the rest of
    the game unless a Coup d'Etat won by the Government cancels it (Train, Propaganda income and
    Commitment read board.de_gaulle; #63 becomes playable)."""

    card = RECALL_DE_GAULLE
    owner = "gov"

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        return bool(s.cards["coup_played"]) or self.refuse(
            why, "5.1.7", "Coup d'Etat (#{}) has not been played", COUP_D_ETAT)

    def steps(self) -> Sequence[StepFn]:
        return [self.recall]

    def recall(self, s: State, f: Frame, log: Log) -> None:
        _put_in_effect(s, self.card)
        emit(log, "5.1.7", "Recall De Gaulle in effect", card=self.card)


# --- #66 Coup d'Etat (5.1.5) -----------------------------------------------------------------


class CoupDEtat(Pivotal):
    """#66 (Government), 5.1.5: at most once per Campaign, retained after play. Each player rolls
    1d6; L = the lower roll. Government higher: Recall De Gaulle (if in effect) and OAS are removed
    from the game, Commitment +L, Government Resources + both rolls. FLN higher: the FLN moves L
    French Troops (map/Available, its choice) to Out of Play, or takes Commitment -L. Tie: no
    change. Every play counts as played (for the Campaign and for #65)."""

    card = COUP_D_ETAT
    owner = "gov"
    retained = True

    def precondition(self, s: State, why: Why = SILENT) -> bool:
        return bool(s.cards["coup_campaign"] != s.cards["propaganda_drawn"]) or self.refuse(
            why, "5.1.5", "it has already been played this Campaign (once per Campaign)")

    def steps(self) -> Sequence[StepFn]:
        return [self.played, self.roll_gov, self.roll_fln, self.resolve, self.fln_choice]

    def played(self, s: State, f: Frame, log: Log) -> None:
        c = s.cards_w()
        c["coup_played"] = True
        c["coup_campaign"] = c["propaganda_drawn"]

    def roll_gov(self, s: State, f: Frame, log: Log) -> None:
        push(s, roll_frame("Coup d'Etat: Government die", "5.1.5", "gov_die"))

    def roll_fln(self, s: State, f: Frame, log: Log) -> None:
        push(s, roll_frame("Coup d'Etat: FLN die", "5.1.5", "fln_die"))

    def resolve(self, s: State, f: Frame, log: Log) -> None:
        g, n = f["x"]["gov_die"], f["x"]["fln_die"]
        low = min(g, n)
        if g > n:
            cancelled = de_gaulle(s)
            if cancelled:
                remove_from_game(s, RECALL_DE_GAULLE)
                remove_from_game(s, OAS)
            add_commitment(s, low)
            add_resources(s, "gov", g + n)
            emit(log, "5.1.5", f"Coup d'Etat fails ({g} > {n}): Commitment +{low}, Government"
                 f" Resources +{g + n}" + ("; Recall De Gaulle and OAS removed from the game"
                                           if cancelled else ""),
                 winner="gov", commitment=s.commitment, resources=s.resources["gov"],
                 cancelled=cancelled)
        elif n > g:
            emit(log, "5.1.5", f"Coup d'Etat succeeds ({n} > {g}): the FLN chooses to remove"
                 f" {low} French Troops or to subtract {low} Commitment", winner="fln", lower=low)
            push(s, pick("fln", f"Coup d'Etat: remove {low} French Troops to Out of Play, or"
                         f" Commitment -{low}", ["troops", "commitment"], "choice", 1, 1))
        else:
            emit(log, "5.1.5", f"Coup d'Etat: tie ({g}), no change", winner=None)

    def fln_choice(self, s: State, f: Frame, log: Log) -> None:
        x = f["x"]
        if "choice" not in x:
            return
        low = min(x["gov_die"], x["fln_die"])
        if x["choice"] == ["troops"]:
            take_troops(s, "fln", low, "out_of_play", "Coup d'Etat", log)
        else:
            add_commitment(s, -low)
            emit(log, "5.1.5", f"Coup d'Etat: Commitment -{low}", actor="fln",
                 commitment=s.commitment)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(PivotalRun)
register_pivotal(MoroccoAndTunisiaIndependent)
register_pivotal(SuezCrisis)
register_pivotal(OasCard)
register_sa(OasActivity)
register_pivotal(Mobilization)
register(MobilizationMoves)
register_pivotal(RecallDeGaulle)
register_pivotal(CoupDEtat)
