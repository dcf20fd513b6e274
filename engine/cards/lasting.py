"""Event cards with a Capability (5.3) or Momentum (5.4) text – both texts of each card: #2, #5,
#8, #10-#13, #17, #18, #27, #29, #31-#33, #35, #40, #44-#46, #53, #56, #57 (specification:
ct-cards-01-35.md, ct-cards-36-71.md).

A Capability or Momentum text has no steps of its own: when it finishes, the Event runner
(engine/events.py) records its marker, and the rule it modifies reads it at the point where that
rule is applied (engine/modifiers.py, called by the Operations and Special Activities). The other
texts of these cards are ordinary programs of steps (5.1).

Their decisions are the shared ones of engine.event_steps (pick / remove / move) and
engine/cards/frames_b.py (replace).
"""

from __future__ import annotations

from typing import Sequence

from referee_core.chance import roll_frame

from ..board import add_commitment, box_to_box, cubes, independent
from ..data import AG, ALGERIA, AP, CITIES, COUNTRIES, CUBES, FP, FRANCE_TRACK, SPACES, UG
from ..event_steps import (
    activate_all, commitment_step, free_op, free_op_possible, hide_all, move_pieces, pick, picked,
    remove, resources_change, routes_among, set_support, wilaya_spaces,
)
from ..events import Event, StepFn, register_event
from ..machine import Log, emit, push
from ..state import Frame, State
from .common import GUERRILLAS, SECTORS, WILAYAS
from .frames_b import replace_frame

COASTAL_ALGERIA: tuple[str, ...] = tuple(n for n in ALGERIA if SPACES[n].coastal)


def no_steps() -> Sequence[StepFn]:
    """A Capability or Momentum text: the runner records the marker when it finishes (5.3, 5.4)."""
    return []


# --- the cards -----------------------------------------------------------------------------------


class BalkyConscripts(Event):
    """#2. Unshaded: the Government Trains for free in up to 2 locations (3.2.1, 5.5). Shaded: FLN
    MOMENTUM – Deploy may not move French Police (modifiers.deploy_pieces)."""

    card = 2

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.train] if side == "unshaded" else no_steps()

    def train(self, s: State, f: Frame, log: Log) -> None:
        free_op(s, "train", "gov", max_locs=2)

    def effective(self, s: State, side: str) -> bool:
        return side == "shaded" or free_op_possible(s, "train", "gov", max_locs=2)


class PeaceOfTheBrave(Event):
    """#5. Unshaded: GOVERNMENT MOMENTUM – amnesty in Sweep and Assault spaces
    (modifiers.amnesty). Shaded: the FLN Rallies for free in up to 2 locations (3.3.1, 5.5)."""

    card = 5

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps() if side == "unshaded" else [self.rally]

    def rally(self, s: State, f: Frame, log: Log) -> None:
        free_op(s, "rally", "fln", max_locs=2)

    def effective(self, s: State, side: str) -> bool:
        return side == "unshaded" or free_op_possible(s, "rally", "fln", max_locs=2)


class CrossBorderAirStrike(Event):
    """#8. Unshaded: once Morocco and Tunisia are independent, remove up to 3 Guerrillas (even
    Underground) from one of them to Available. Shaded: FLN MOMENTUM – Troop Lift -1 space."""

    card = 8

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose_country, self.strike] if side == "unshaded" else no_steps()

    def countries(self, s: State) -> list[str]:
        if not independent(s):
            return []
        return [c for c in COUNTRIES
                if s.spaces[c]["pieces"][UG] + s.spaces[c]["pieces"][AG] > 0]

    def choose_country(self, s: State, f: Frame, log: Log) -> None:
        opts = self.countries(s)
        if opts:
            push(s, pick(f["who"], "Cross-border Air Strike: Morocco or Tunisia", opts,
                         "country", 1, 1))

    def strike(self, s: State, f: Frame, log: Log) -> None:
        for c in picked(f, "country"):
            push(s, remove(f["who"], [[p, str(c)] for p in GUERRILLAS], "removed", max_total=3,
                           must=False))

    def effective(self, s: State, side: str) -> bool:
        return side == "shaded" or bool(self.countries(s))


class Moudjahidine(Event):
    """#10. Unshaded: every Underground Guerrilla in one Wilaya is Activated. Shaded: FLN
    MOMENTUM – Rally treats FLN-Controlled spaces without a Base as having one
    (modifiers.rally_bases)."""

    card = 10

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.name_wilaya, self.activate] if side == "unshaded" else no_steps()

    def name_wilaya(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Moudjahidine: name a Wilaya", WILAYAS, "wilaya", 1, 1))

    def activate(self, s: State, f: Frame, log: Log) -> None:
        activate_all(s, wilaya_spaces(int(f["x"]["wilaya"][0])), log)

    def effective(self, s: State, side: str) -> bool:
        return side == "shaded" or any(s.spaces[n]["pieces"][UG] for n in ALGERIA)


class Bananes(Event):
    """#11. Unshaded: GOVERNMENT MOMENTUM – Troop Lift +2 spaces. Shaded: Commitment -1."""

    card = 11

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps() if side == "unshaded" else [commitment_step(-1)]

    def effective(self, s: State, side: str) -> bool:
        return side == "unshaded" or s.commitment >= 1


class Ventilos(Event):
    """#12. Unshaded: GOVERNMENT MOMENTUM – Troop Lift +1 space. Shaded: roll 1d6; move up to
    (roll ÷ 2, rounded up) Guerrillas among up to 3 coastal spaces (Morocco and Tunisia once
    independent), keeping their state – not a March."""

    card = 12

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return no_steps()
        return [self.roll, self.choose_spaces, self.move]

    def coastal(self, s: State) -> list[str]:
        return list(COASTAL_ALGERIA) + (list(COUNTRIES) if independent(s) else [])

    def roll(self, s: State, f: Frame, log: Log) -> None:
        push(s, roll_frame("Ventilos: Guerrillas to move (roll ÷ 2, rounded up)", "5.1"))

    def choose_spaces(self, s: State, f: Frame, log: Log) -> None:
        n = (int(f["x"]["roll"]) + 1) // 2
        f["x"]["n"] = n
        emit(log, "5.1", f"Ventilos: roll {f['x']['roll']}, up to {n} Guerrilla(s) may move",
             roll=f["x"]["roll"], n=n)
        push(s, pick(f["who"], "Ventilos: select up to 3 coastal spaces", self.coastal(s),
                     "spaces", 0, 3))

    def move(self, s: State, f: Frame, log: Log) -> None:
        spaces = picked(f, "spaces")
        if len(spaces) >= 2:
            push(s, move_pieces(f["who"], "Ventilos: move Guerrillas", GUERRILLAS,
                                routes_among(spaces), "moved", n=int(f["x"]["n"]), once=True))

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return True
        spaces = self.coastal(s)
        return len(spaces) >= 2 and any(
            s.spaces[n]["pieces"][UG] + s.spaces[n]["pieces"][AG] > 0 for n in spaces)


class Sas(Event):
    """#13. Unshaded: GOVERNMENT CAPABILITY – Train may Pacify in up to 2 spaces. Shaded: FLN
    CAPABILITY – at most 1 Assault space (modifiers.pacify_spaces, assault_max_spaces)."""

    card = 13

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class Commandos(Event):
    """#17. Unshaded: GOVERNMENT CAPABILITY – Commandos de Chasse (Algerian cubes Activate 1:1 in
    Mountain Sectors). Shaded: FLN CAPABILITY – Zonal Commandos (Ambush does not Activate)."""

    card = 17

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class Torture(Event):
    """#18 (single text, either player, 5.3.2): CAPABILITY – each Neutralize costs 1 Commitment
    and may remove 1 more piece, even Underground, in each of its spaces (modifiers.torture)."""

    card = 18
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class CovertMovement(Event):
    """#27. Unshaded: GOVERNMENT CAPABILITY – Dead Zones (a group Marches one space only).
    Shaded: FLN CAPABILITY – Cross-Wilaya Redeployment (6.4.2)."""

    card = 27

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class TheCallUp(Event):
    """#29. Unshaded: any number k of French Police from Out of Play to Available, then
    Commitment - (k ÷ 3, rounded down), k limited so that Commitment covers it (1.8). Shaded: FLN
    MOMENTUM – Train places at most 2 cubes per space (modifiers.train_cubes)."""

    card = 29

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.call_up] if side == "unshaded" else no_steps()

    def most(self, s: State) -> int:
        return min(s.boxes["out_of_play"][FP], 3 * s.commitment + 2)

    def choose(self, s: State, f: Frame, log: Log) -> None:
        k = self.most(s)
        if k:
            push(s, pick(f["who"], "The Call Up: French Police from Out of Play to Available",
                         list(range(k + 1)), "k", 1, 1))

    def call_up(self, s: State, f: Frame, log: Log) -> None:
        k = int(f["x"].get("k", [0])[0])
        if not k:
            return
        box_to_box(s, FP, "out_of_play", "available", k)
        add_commitment(s, -(k // 3))
        emit(log, "5.1", f"The Call Up: {k} French Police to Available, Commitment -{k // 3}",
             piece=FP, n=k, commitment=s.commitment)

    def effective(self, s: State, side: str) -> bool:
        return side == "shaded" or s.boxes["out_of_play"][FP] > 0


class Intimidation(Event):
    """#31. Unshaded: GOVERNMENT MOMENTUM – Terror does not set Neutral. Shaded: FLN Resources +
    the "+Resource" value of the France Track's box (cap 50)."""

    card = 31

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps() if side == "unshaded" else [self.donations]

    def donations(self, s: State, f: Frame, log: Log) -> None:
        resources_change(s, "fln", FRANCE_TRACK[s.france_track]["plus_resource"], log)

    def effective(self, s: State, side: str) -> bool:
        return side == "unshaded" or s.resources["fln"] < 50


class TalebTheBombMaker(Event):
    """#32. Unshaded: GOVERNMENT CAPABILITY – Amateur Bombers (City Terror needs and Activates 2
    Underground Guerrillas). Shaded: FLN CAPABILITY – City Terror costs 0."""

    card = 32

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class Overkill(Event):
    """#33. Unshaded: GOVERNMENT CAPABILITY – Neutralize removes up to 4 pieces. Shaded: FLN
    CAPABILITY – Revenge (1 Guerrilla after each Assault, ops_gov.Assault)."""

    card = 33

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class Napalm(Event):
    """#35. Unshaded: GOVERNMENT CAPABILITY – Assault 1:1 against Guerrillas in Mountain Sectors.
    Shaded: FLN CAPABILITY – each Assault space costs 3 Resources."""

    card = 35

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class StrategicMovement(Event):
    """#40. Unshaded: move up to 6 cubes among up to 3 Algerian coastal spaces, for free (not a
    Troop Lift). Shaded: FLN MOMENTUM – Troop Lift -1 space."""

    card = 40

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose_spaces, self.move] if side == "unshaded" else no_steps()

    def choose_spaces(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Strategic Movement: select up to 3 coastal spaces",
                     COASTAL_ALGERIA, "spaces", 0, 3))

    def move(self, s: State, f: Frame, log: Log) -> None:
        spaces = picked(f, "spaces")
        if len(spaces) >= 2:
            push(s, move_pieces(f["who"], "Strategic Movement: move cubes", CUBES,
                                routes_among(spaces), "moved", n=6, once=True))

    def effective(self, s: State, side: str) -> bool:
        return side == "shaded" or any(cubes(s, n) > 0 for n in COASTAL_ALGERIA)


class Paranoia(Event):
    """#44. Unshaded: GOVERNMENT MOMENTUM – no March across Wilaya boundaries. Shaded: every
    Active Guerrilla on the map, Countries included, flips Underground."""

    card = 44

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps() if side == "unshaded" else [self.flip]

    def flip(self, s: State, f: Frame, log: Log) -> None:
        hide_all(s, list(s.spaces), log)

    def effective(self, s: State, side: str) -> bool:
        return side == "unshaded" or any(sp["pieces"][AG] for sp in s.spaces.values())


class ChallePlan(Event):
    """#45. Unshaded: GOVERNMENT MOMENTUM – Police count as Troops in every Assault. Shaded: FLN
    MOMENTUM – Troops and Police never combine in Sweep or Assault."""

    card = 45

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class Moghazni(Event):
    """#46. Unshaded: GOVERNMENT MOMENTUM – Train also in Sectors at Support under Government
    Control (Algerian Police only there). Shaded: in one Sector, replace any number of Algerian
    Police by Underground Guerrillas."""

    card = 46

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps() if side == "unshaded" else [self.choose_sector, self.replace]

    def sectors(self, s: State) -> list[str]:
        return [n for n in SECTORS if s.spaces[n]["pieces"][AP] > 0]

    def choose_sector(self, s: State, f: Frame, log: Log) -> None:
        opts = self.sectors(s)
        if opts:
            push(s, pick(f["who"], "Force K: select a Sector with Algerian Police", opts,
                         "sector", 1, 1))

    def replace(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "sector"):
            push(s, replace_frame(f["who"], [n], [AP], UG, "replaced",
                                  n=s.spaces[n]["pieces"][AP], fallback=f["who"] == "fln"))

    def effective(self, s: State, side: str) -> bool:
        return side == "unshaded" or bool(self.sectors(s))


class PopulationControl(Event):
    """#53. Unshaded: GOVERNMENT MOMENTUM – a March into a City with 3+ Government cubes
    Activates. Shaded: set any 1 City to Neutral (Terror markers unchanged)."""

    card = 53

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps() if side == "unshaded" else [self.choose_city, self.neutral]

    def cities(self, s: State) -> list[str]:
        return [n for n in CITIES if s.spaces[n]["support"] != "neutral"]

    def choose_city(self, s: State, f: Frame, log: Log) -> None:
        opts = self.cities(s)
        if opts:
            push(s, pick(f["who"], "Collective Punishment: a City to set to Neutral", opts,
                         "city", 1, 1))

    def neutral(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "city"):
            set_support(s, str(n), "neutral", log)

    def effective(self, s: State, side: str) -> bool:
        return side == "unshaded" or bool(self.cities(s))


class HardenedAttitudes(Event):
    """#56 (single text): MOMENTUM – no Train in Sectors not at Support, no Extort in Sectors
    without an FLN Base (modifiers.train_barred, extort_barred)."""

    card = 56
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


class PeaceTalks(Event):
    """#57 (single text): MOMENTUM – no Assault, no Attack (hence no Ambush)
    (modifiers.assault_banned, attack_banned)."""

    card = 57
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return no_steps()


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_event(BalkyConscripts)
register_event(PeaceOfTheBrave)
register_event(CrossBorderAirStrike)
register_event(Moudjahidine)
register_event(Bananes)
register_event(Ventilos)
register_event(Sas)
register_event(Commandos)
register_event(Torture)
register_event(CovertMovement)
register_event(TheCallUp)
register_event(Intimidation)
register_event(TalebTheBombMaker)
register_event(Overkill)
register_event(Napalm)
register_event(StrategicMovement)
register_event(Paranoia)
register_event(ChallePlan)
register_event(Moghazni)
register_event(PopulationControl)
register_event(HardenedAttitudes)
register_event(PeaceTalks)
