"""Event cards #1-#30 whose texts leave no lasting marker (chapter 5). Each card cites its
specification (ct-cards-01-35.md) and the rules it applies; every choice the text leaves open is a
small decision of the executor (5.1) or of the faction the text names: those of
engine.event_steps (pick / remove) and of frames_b (place).
"""

from __future__ import annotations

from typing import Sequence

from ..board import (
    available, control, independent, populated, population, remove_terror_or_shift, shift,
    terror_left,
)
from ..data import (
    AG, ALGERIA, AP, CITIES, COUNTRIES, CUBES, FB, FP, FT, SPACES, UG,
)
from ..event_steps import (
    activate_all, commitment_change, commitment_step, france_boxes, free_op, free_op_possible,
    pick, picked, remove, remove_exactly, resources_change, resources_step, roll_step,
    set_france_track, set_support, take_piece, wilaya_spaces,
)
from ..events import Event, StepFn, register_event
from ..machine import Log, emit, push
from ..ops import OPS
from ..sequence import OTHER
from ..state import Frame, State
from .common import (
    FRENCH_CUBE_SOURCES, GUERRILLAS, WILAYAS, french_cubes_on_map_or_available, guerrillas_in,
    guerrillas_in_algeria, pairs,
)
from .frames_b import can_obtain, place_frame, push_place


# --- the cards -----------------------------------------------------------------------------------


class Quadrillage(Event):
    """#1. Unshaded: place up to all Available French Police in up to 3 Algerian spaces.
    Shaded: the FLN conducts two free Limited Marches (3.3.2, 2.3.4, 5.5)."""

    card = 1

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.place_police]
        return [self.march, self.march]

    def place_police(self, s: State, f: Frame, log: Log) -> None:
        n = available(s, FP)
        if n:
            push(s, place_frame(f["who"], FP, ALGERIA, "police", n=n, must=False, max_spaces=3))

    def march(self, s: State, f: Frame, log: Log) -> None:
        free_op(s, "march", "fln", limited=True)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return available(s, FP) > 0
        return OPS["march"].can_start(s, "fln", None, "limited_op", True)


class LeadershipSnatch(Event):
    """#3. Unshaded: every Underground Guerrilla in one Wilaya is Activated.
    Shaded: up to 2 Populated FLN-Controlled Algerian spaces are set to Opposition."""

    card = 3

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.name_wilaya, self.activate]
        return [self.choose_spaces, self.oppose]

    def name_wilaya(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Leadership Snatch: name a Wilaya", WILAYAS, "wilaya", 1, 1))

    def activate(self, s: State, f: Frame, log: Log) -> None:
        activate_all(s, wilaya_spaces(int(f["x"]["wilaya"][0])), log)

    def targets(self, s: State) -> list[str]:
        return [n for n in ALGERIA if populated(s, n) and control(s, n) == "fln"
                and s.spaces[n]["support"] != "oppose"]

    def choose_spaces(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Leadership Snatch: up to 2 FLN-Controlled spaces to Opposition",
                     self.targets(s), "spaces", 0, 2))

    def oppose(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "spaces"):
            set_support(s, n, "oppose", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return any(s.spaces[n]["pieces"][UG] for n in ALGERIA)
        return bool(self.targets(s))


def oil_choices(s: State) -> list[int]:
    """#4: N = 0-2 with Commitment + N <= 50 and 2N French cubes on the map or Available."""
    cubes = french_cubes_on_map_or_available(s)
    return [n for n in (0, 1, 2) if s.commitment + n <= 50 and 2 * n <= cubes]


class OilAndGasDiscoveries(Event):
    """#4 (single text): the executor adds 0-2 Commitment; the Government player puts twice that
    many French cubes from the map and/or Available Out of Play."""

    card = 4
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.resolve]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        opts = oil_choices(s)
        if len(opts) > 1:
            push(s, pick(f["who"], "Oil & Gas: Commitment to add", opts, "n", 1, 1))

    def resolve(self, s: State, f: Frame, log: Log) -> None:
        n = int(f["x"].get("n", [0])[0])
        if not n:
            return
        commitment_change(s, n, log)
        remove_exactly(s, "gov", FRENCH_CUBE_SOURCES, 2 * n, "out_of_play", "cubes", log,
                       "Oil & Gas: French cubes to Out of Play")

    def effective(self, s: State, side: str) -> bool:
        return len(oil_choices(s)) > 1


class Factionalism(Event):
    """#6. Unshaded: remove up to 3 Guerrillas from one Wilaya to Available, or move the France
    Track up to 2 boxes toward A. Shaded: the FLN Rallies for free in 1 space with an FLN Base."""

    card = 6
    MODES = ("remove_guerrillas", "france_track")

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose_mode, self.choose_detail, self.resolve]
        return [self.rally]

    def choose_mode(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Factionalism: remove Guerrillas in a Wilaya, or France Track "
                     "toward A", list(self.MODES), "mode", 1, 1))

    def choose_detail(self, s: State, f: Frame, log: Log) -> None:
        if f["x"]["mode"][0] == "remove_guerrillas":
            push(s, pick(f["who"], "Factionalism: name a Wilaya", WILAYAS, "wilaya", 1, 1))
        else:
            push(s, pick(f["who"], "Factionalism: new France Track box (toward A)",
                         france_boxes(s, 2, 0, stay=True), "box", 1, 1))

    def resolve(self, s: State, f: Frame, log: Log) -> None:
        if f["x"]["mode"][0] == "remove_guerrillas":
            spaces = wilaya_spaces(int(f["x"]["wilaya"][0]))
            if guerrillas_in(s, spaces):
                push(s, remove(f["who"], pairs(GUERRILLAS, spaces), "removed", max_total=3,
                               must=False))
        else:
            set_france_track(s, str(f["x"]["box"][0]), log)

    def rally(self, s: State, f: Frame, log: Log) -> None:
        """Shaded: a free Limited Rally in one space holding an FLN Base (never the Track)."""
        free_op(s, "rally", "fln", limited=True, base_only=True)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return guerrillas_in_algeria(s) > 0 or s.france_track != "A"
        return free_op_possible(s, "rally", "fln", limited=True, base_only=True)


class FifthBureau(Event):
    """#7. Unshaded: name a Wilaya, roll 1d6; if the roll <= its Guerrillas, remove up to the roll
    of them to Available. Shaded: "Shift 2 Sectors 1 level each toward Opposition" – exactly 2
    Populated Sectors not at Opposition, fewer only when fewer qualify (5.1.3)."""

    card = 7

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.name_wilaya, roll_step("5th Bureau"), self.resolve]
        return [self.choose_sectors, self.shift]

    def name_wilaya(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "5th Bureau: name a Wilaya", WILAYAS, "wilaya", 1, 1))

    def resolve(self, s: State, f: Frame, log: Log) -> None:
        r = int(f["x"]["roll"])
        spaces = wilaya_spaces(int(f["x"]["wilaya"][0]))
        total = guerrillas_in(s, spaces)
        ok = r <= total
        emit(log, "5.1", f"5th Bureau: roll {r} vs {total} Guerrilla(s): "
             + ("success" if ok else "failure"), roll=r, success=ok)
        if ok:
            push(s, remove(f["who"], pairs(GUERRILLAS, spaces), "removed", max_total=r,
                           must=False))

    def targets(self, s: State) -> list[str]:
        return [n for n in ALGERIA if SPACES[n].is_sector and populated(s, n)
                and s.spaces[n]["support"] != "oppose"]

    def choose_sectors(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "5th Bureau: 2 Sectors to shift toward Opposition",
                     self.targets(s), "spaces", 2, 2))

    def shift(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "spaces"):
            set_support(s, n, shift(s.spaces[n]["support"], "oppose"), log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return guerrillas_in_algeria(s) > 0
        return bool(self.targets(s))


def _beni_targets(s: State) -> list[str]:
    return [n for n, sp in s.spaces.items() if SPACES[n].kind != "country" and populated(s, n)
            and sp["support"] == "neutral" and sp["terror"] == 0]


class BeniOuiOui(Event):
    """#9 (single text): up to 2 Populated, Neutral Algerian spaces without Terror; set each to
    Support or Opposition (executor's choice per space)."""

    card = 9
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose_spaces, self.choose_level, self.choose_level, self.apply_levels]

    def choose_spaces(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Beni-Oui-Oui: choose up to 2 Neutral populated spaces",
                     _beni_targets(s), "spaces", 0, 2))

    def choose_level(self, s: State, f: Frame, log: Log) -> None:
        done = f["x"].setdefault("levels", [])
        if "level" in f["x"]:
            done.append(f["x"].pop("level")[0])
        if len(done) < len(f["x"]["spaces"]):
            sp = f["x"]["spaces"][len(done)]
            push(s, pick(f["who"], f"Beni-Oui-Oui: set {sp} to Support or Opposition",
                         ["support", "oppose"], "level", 1, 1))

    def apply_levels(self, s: State, f: Frame, log: Log) -> None:
        done = f["x"]["levels"]
        if "level" in f["x"]:
            done.append(f["x"].pop("level")[0])
        for sp, level in zip(f["x"]["spaces"], done):
            set_support(s, sp, level, log)

    def effective(self, s: State, side: str) -> bool:
        return bool(_beni_targets(s))


class ProtestInParis(Event):
    """#14 (single text): move the France Track 0, 1 or 2 boxes in one direction."""

    card = 14
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.move]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Protest in Paris: new France Track box",
                     france_boxes(s, 2, 2, stay=True), "box", 1, 1))

    def move(self, s: State, f: Frame, log: Log) -> None:
        set_france_track(s, str(f["x"]["box"][0]), log)

    def effective(self, s: State, side: str) -> bool:
        """For the FLN as executor (8.3): the marker can move toward F."""
        return s.france_track != "F"


class JeanPaulSartre(Event):
    """#15. Unshaded: FLN Resources +2. Shaded: Commitment -1."""

    card = 15

    def steps(self, side: str) -> Sequence[StepFn]:
        return [resources_step("fln", 2) if side == "unshaded" else commitment_step(-1)]

    def effective(self, s: State, side: str) -> bool:
        return s.resources["fln"] < 50 if side == "unshaded" else s.commitment >= 1


class Nato(Event):
    """#16. Unshaded: 1d6 French cubes from Out of Play to Available (executor's mix). Shaded:
    the Government puts 1d6 French cubes from Available and/or the map Out of Play. Commitment
    does not change either way."""

    card = 16

    def steps(self, side: str) -> Sequence[StepFn]:
        return [roll_step("NATO"), self.unshaded if side == "unshaded" else self.shaded]

    def unshaded(self, s: State, f: Frame, log: Log) -> None:
        remove_exactly(s, f["who"], [[FT, "out_of_play"], [FP, "out_of_play"]], f["x"]["roll"],
                       "available", "cubes", log,
                       "NATO: French cubes from Out of Play to Available")

    def shaded(self, s: State, f: Frame, log: Log) -> None:
        remove_exactly(s, "gov", FRENCH_CUBE_SOURCES, f["x"]["roll"], "out_of_play", "cubes",
                       log, "NATO: French cubes to Out of Play")

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return s.boxes["out_of_play"][FT] + s.boxes["out_of_play"][FP] > 0
        return french_cubes_on_map_or_available(s) > 0


class GeneralStrike(Event):
    """#19. Unshaded: set one City to Neutral, then Commitment + its Population. Shaded: FLN
    Resources +2."""

    card = 19

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose_city, self.strike]
        return [resources_step("fln", 2)]

    def choose_city(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "General Strike: select a City", list(CITIES), "city", 1, 1))

    def strike(self, s: State, f: Frame, log: Log) -> None:
        city = str(f["x"]["city"][0])
        set_support(s, city, "neutral", log)
        commitment_change(s, population(s, city), log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return s.commitment < 50 or any(s.spaces[c]["support"] != "neutral" for c in CITIES)
        return s.resources["fln"] < 50


def sauve_choices() -> list[list[str]]:
    """#20: Guerrillas (either state) and Algerian Police anywhere on the map."""
    return pairs((UG, AG, AP), list(SPACES))


class SauveQuiPeut(Event):
    """#20 (single text): the executor removes up to 3 Guerrillas and/or Algerian Police from the
    map to Available, paying 1 of its Resources per piece."""

    card = 20
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.pay]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        k = min(3, s.resources[f["who"]])
        if k > 0 and self.pieces_on_map(s):
            push(s, remove(f["who"], sauve_choices(), "removed", max_total=k, must=False))

    def pay(self, s: State, f: Frame, log: Log) -> None:
        k = len(f["x"].get("removed", []))
        if k:
            s.resources[f["who"]] -= k  # 1.8: never more than the executor had (max_total)
            emit(log, "5.1", f"{f['who']} pays {k} Resources (now {s.resources[f['who']]})",
                 faction=f["who"], resources=s.resources[f["who"]])

    def pieces_on_map(self, s: State) -> int:
        return sum(sp["pieces"][UG] + sp["pieces"][AG] + sp["pieces"][AP]
                   for sp in s.spaces.values())

    def effective(self, s: State, side: str) -> bool:
        """Judged for the FLN as executor."""
        return s.resources["fln"] >= 1 and self.pieces_on_map(s) > 0


class UnitedNationsResolution(Event):
    """#21: unshaded Commitment +1; shaded Commitment -1."""

    card = 21

    def steps(self, side: str) -> Sequence[StepFn]:
        return [commitment_step(1 if side == "unshaded" else -1)]

    def effective(self, s: State, side: str) -> bool:
        return s.commitment < 50 if side == "unshaded" else s.commitment >= 1


class GovernmentOfTheUSAIsConvinced(Event):
    """#22: unshaded Commitment +2; shaded Commitment -2."""

    card = 22

    def steps(self, side: str) -> Sequence[StepFn]:
        return [commitment_step(2 if side == "unshaded" else -2)]

    def effective(self, s: State, side: str) -> bool:
        return s.commitment < 50 if side == "unshaded" else s.commitment >= 1


class DiplomaticLeanings(Event):
    """#23. Unshaded (only once Morocco and Tunisia are independent): remove up to 1 FLN Base from
    Morocco and up to 1 from Tunisia to Available, no Commitment change. Shaded: FLN Resources
    +6."""

    card = 23

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose, self.remove_bases]
        return [resources_step("fln", 6)]

    def targets(self, s: State) -> list[str]:
        if not independent(s):
            return []
        return [c for c in COUNTRIES if s.spaces[c]["pieces"][FB] > 0]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        t = self.targets(s)
        if t:
            push(s, pick(f["who"], "Diplomatic Leanings: remove an FLN Base from", t,
                         "countries", 0, len(t)))

    def remove_bases(self, s: State, f: Frame, log: Log) -> None:
        for c in picked(f, "countries"):
            take_piece(s, f["who"], FB, str(c), "available", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return bool(self.targets(s))
        return s.resources["fln"] < 50


class EconomicDevelopment(Event):
    """#24. Unshaded: up to 2 Populated Government-Controlled Algerian spaces to Support. Shaded:
    Government Resources -6."""

    card = 24

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose, self.support]
        return [resources_step("gov", -6)]

    def targets(self, s: State) -> list[str]:
        return [n for n in ALGERIA if populated(s, n) and control(s, n) == "gov"
                and s.spaces[n]["support"] != "support"]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Economic Development: up to 2 spaces to Support",
                     self.targets(s), "spaces", 0, 2))

    def support(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "spaces"):
            set_support(s, n, "support", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return bool(self.targets(s))
        return s.resources["gov"] >= 1


def purge_pieces(executor: str) -> tuple[str, ...]:
    """#25: the enemy's non-Base pieces (Guerrillas for the Government, cubes for the FLN)."""
    return GUERRILLAS if executor == "gov" else CUBES


class Purge(Event):
    """#25 (single text): roll 1d6; the executor moves (roll / 2, rounded up) enemy non-Base pieces
    from the map to their Available box; roll 1d6 again: the enemy loses that many Resources."""

    card = 25
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [roll_step("Purge: pieces (1d6 / 2, rounded up)"), self.remove_pieces,
                roll_step("Purge: enemy Resources", "roll2"), self.resources]

    def remove_pieces(self, s: State, f: Frame, log: Log) -> None:
        """The N pieces must go (5.1.3)."""
        remove_exactly(s, f["who"], pairs(purge_pieces(f["who"]), list(SPACES)),
                       (int(f["x"]["roll"]) + 1) // 2, "available", "removed", log)

    def resources(self, s: State, f: Frame, log: Log) -> None:
        resources_change(s, OTHER[f["who"]], -int(f["x"]["roll2"]), log)

    def effective(self, s: State, side: str) -> bool:
        """Judged for the FLN as executor: Government cubes on the map or Resources."""
        return s.resources["gov"] >= 1 or any(
            sp["pieces"][p] for sp in s.spaces.values() for p in CUBES)


class Casbah(Event):
    """#26. Unshaded: remove any FLN pieces from Algiers to Available; +1 Commitment per Base and
    +1 FLN Resource per piece removed. Shaded: place up to 4 Guerrillas in Algiers; if Algiers is
    then FLN-Controlled, the executor may Agitate there once, free."""

    card = 26
    CITY = "Algiers"

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose_removal, self.ratonnade]
        return [self.place, self.offer_agitation, self.agitate]

    def fln_pieces(self, s: State) -> int:
        p = s.spaces[self.CITY]["pieces"]
        return int(p[UG] + p[AG] + p[FB])

    def choose_removal(self, s: State, f: Frame, log: Log) -> None:
        n = self.fln_pieces(s)
        if n:
            push(s, remove(f["who"], pairs((UG, AG, FB), [self.CITY]), "removed", max_total=n,
                           must=False))

    def ratonnade(self, s: State, f: Frame, log: Log) -> None:
        removed = f["x"].get("removed", [])
        bases = sum(1 for p, _ in removed if p == FB)
        if bases:
            commitment_change(s, bases, log)
        if removed:
            resources_change(s, "fln", len(removed), log)

    def place(self, s: State, f: Frame, log: Log) -> None:
        """1.4.1: from Available; only the FLN may take its own Guerrillas from the map."""
        push_place(s, place_frame(f["who"], UG, [self.CITY], "placed", n=4, must=False,
                                  fallback=f["who"] == "fln"))

    def agitation_possible(self, s: State) -> bool:
        sp = s.spaces[self.CITY]
        return control(s, self.CITY) == "fln" and (sp["terror"] > 0 or sp["support"] != "oppose")

    def offer_agitation(self, s: State, f: Frame, log: Log) -> None:
        if self.agitation_possible(s):
            push(s, pick(f["who"], "Casbah: Agitate in Algiers for free?", ["agitate"],
                         "agitate", 0, 1))

    def agitate(self, s: State, f: Frame, log: Log) -> None:
        if not f["x"].get("agitate"):
            return
        if remove_terror_or_shift(s, self.CITY, "oppose"):
            level = s.spaces[self.CITY]["support"]
            emit(log, "5.1", f"{self.CITY} set to {level}", space=self.CITY, support=level)
        else:
            emit(log, "5.1", "Agitate: Terror marker removed from Algiers", space=self.CITY)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return self.fln_pieces(s) > 0
        return can_obtain(s, UG, ("available",), True, self.CITY)


class AtrocitiesAndReprisals(Event):
    """#28 (single text): up to 2 Terror markers, 1 executor Resource each, in any Algerian spaces
    (even with Terror); each such space to Neutral; Commitment -1 per marker."""

    card = 28
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.next_marker, self.next_marker, self.next_marker]

    def next_marker(self, s: State, f: Frame, log: Log) -> None:
        x = f["x"]
        if x.get("space"):
            self.place_marker(s, f, str(x.pop("space")[0]), log)
        elif "space" in x:  # the executor declined: no more markers
            x["stop"] = True
        if (not x.get("stop") and x.get("placed", 0) < 2 and s.resources[f["who"]] >= 1
                and terror_left(s) > 0):
            push(s, pick(f["who"], "Atrocities and Reprisals: pay 1 Resource for a Terror "
                         "marker in", list(ALGERIA), "space", 0, 1))

    def place_marker(self, s: State, f: Frame, n: str, log: Log) -> None:
        who = f["who"]
        s.resources[who] -= 1
        s.space_w(n)["terror"] += 1
        f["x"]["placed"] = f["x"].get("placed", 0) + 1
        emit(log, "5.1", f"{who} pays 1 Resource: Terror marker placed in {n}", space=n,
             faction=who, resources=s.resources[who])
        set_support(s, n, "neutral", log)
        commitment_change(s, -1, log)

    def effective(self, s: State, side: str) -> bool:
        return s.resources["fln"] >= 1 and terror_left(s) > 0


class ChangeInTactics(Event):
    """#30 (single text): remove one Capability in effect (5.3); it no longer applies."""

    card = 30
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.remove_capability]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        caps = sorted(int(k) for k in s.cards["capabilities"])
        if caps:
            push(s, pick(f["who"], "Change in Tactics: Capability to remove", caps, "card", 1, 1))

    def remove_capability(self, s: State, f: Frame, log: Log) -> None:
        if not f["x"].get("card"):
            return
        card = int(f["x"]["card"][0])
        side = s.cards_w()["capabilities"].pop(str(card))  # OAS too: only a Capability (5.3.1)
        emit(log, "5.3", f"Capability {card} ({side}) removed", card=card, side=side)

    def effective(self, s: State, side: str) -> bool:
        return bool(s.cards["capabilities"])


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_event(Quadrillage)
register_event(LeadershipSnatch)
register_event(OilAndGasDiscoveries)
register_event(Factionalism)
register_event(FifthBureau)
register_event(BeniOuiOui)
register_event(ProtestInParis)
register_event(JeanPaulSartre)
register_event(Nato)
register_event(GeneralStrike)
register_event(SauveQuiPeut)
register_event(UnitedNationsResolution)
register_event(GovernmentOfTheUSAIsConvinced)
register_event(DiplomaticLeanings)
register_event(EconomicDevelopment)
register_event(Purge)
register_event(Casbah)
register_event(AtrocitiesAndReprisals)
register_event(ChangeInTactics)
