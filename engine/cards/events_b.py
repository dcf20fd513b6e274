"""Event cards #31-#60 without a lasting Capability/Momentum marker (chapter 5): #34, #36-#39,
#41-#43, #47-#52, #54, #55, #58-#60. Each card cites its specification (ct-cards-01-35.md /
ct-cards-36-71.md) and the rules it applies.

Its decision frames are in engine/cards/frames_b.py.
"""

from __future__ import annotations

from typing import Callable, Sequence

from referee_core.chance import roll_frame

from ..board import guerrillas, independent, population, remove_to
from ..data import (
    AG, ALGERIA, AP, AT, CITIES, COUNTRIES, FB, FRANCE_BOXES, FT, GB, MOROCCO, SPACES, TUNISIA, UG,
)
from ..event_steps import (
    activate_all, commitment_change, commitment_step, france_boxes, free_op, free_op_possible,
    hide_all, move_pieces, pick, picked, remove, remove_exactly, resources_change, resources_step,
    roll_step, set_france_track, set_support,
)
from ..events import Event, StepFn, register_event
from ..machine import Log, emit, push
from ..ops import sa_frame
from ..state import Frame, State
from .common import GUERRILLAS, SECTORS
from .frames_b import (
    EVB_SUBVERT, can_obtain, has_room, place_frame, push_place, replace_frame,
)

MOUNTAIN_SECTORS: tuple[str, ...] = tuple(n for n in SECTORS if SPACES[n].mountain)

Check = Callable[[State], bool]


# --- small steps shared by several cards -----------------------------------------------------


def _by_roll(who: str, sign: int) -> StepFn:
    """Resources of ``who`` +/- the die just rolled (1.8: within 0-50)."""
    def step(s: State, f: Frame, log: Log) -> None:
        roll = f["x"].get("roll")
        if roll is not None:
            resources_change(s, who, sign * int(roll), log)
    return step


def _fln_below(n: int) -> Check:
    return lambda s: s.resources["fln"] < n


def _has(who: str) -> Check:
    return lambda s: s.resources[who] > 0


def _guerrilla_choices(spaces: Sequence[str], s: State) -> list[list[str]]:
    return [[p, n] for n in spaces for p in (UG, AG) if s.spaces[n]["pieces"][p] > 0]


def _cube_choices(s: State, kinds: Sequence[str]) -> list[list[str]]:
    return [[p, n] for n in ALGERIA for p in kinds if s.spaces[n]["pieces"][p] > 0]


def _algerian_cubes(s: State) -> bool:
    return any(sp["pieces"][AT] + sp["pieces"][AP] > 0 for sp in s.spaces.values())


# --- the cards ---------------------------------------------------------------------------------


def _elections_spaces(s: State) -> list[str]:
    """#34 unshaded: Populated Algerian spaces, Neutral, without Terror (1.6.2)."""
    return [n for n in ALGERIA if population(s, n) >= 1 and s.spaces[n]["support"] == "neutral"
            and s.spaces[n]["terror"] == 0]


def _elections_sectors(s: State) -> list[str]:
    """#34 shaded: Populated Sectors at Support or Opposition."""
    return [n for n in SECTORS if population(s, n) >= 1 and s.spaces[n]["support"] != "neutral"]


class Elections(Event):
    """#34: unshaded Commitment +1, or one Populated Neutral space without Terror to Support;
    shaded one Populated Sector to Neutral."""

    card = 34

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose_mandate, self.apply_mandate]
        return [self.choose_sector, self.neutralize]

    def choose_mandate(self, s: State, f: Frame, log: Log) -> None:
        spaces = _elections_spaces(s)
        opts = (["commitment"] if s.commitment < 50 or not spaces else []) + spaces
        push(s, pick(f["who"], "Elections: Commitment +1, or a Neutral space to set to Support",
                     opts, "mandate", 1, 1))

    def apply_mandate(self, s: State, f: Frame, log: Log) -> None:
        for v in picked(f, "mandate"):
            if v == "commitment":
                commitment_change(s, 1, log)
            else:
                set_support(s, v, "support", log)

    def choose_sector(self, s: State, f: Frame, log: Log) -> None:
        opts = _elections_sectors(s)
        if opts:
            push(s, pick(f["who"], "Elections: a Sector to set to Neutral", opts, "sector", 1, 1))

    def neutralize(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "sector"):
            set_support(s, n, "neutral", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return s.commitment < 50 or bool(_elections_spaces(s))
        return bool(_elections_sectors(s))


def _boxed(s: State, boxes: Sequence[str]) -> bool:
    """A Guerrilla waits in one of ``boxes`` (else only the optional map source is left, 1.4.1)."""
    return any(s.boxes[b]["guerrillas"] > 0 for b in boxes)


def _guerrilla_spaces(s: State) -> list[str]:
    return [n for n in s.spaces if guerrillas(s, n) > 0]


def _martyr_spaces(s: State) -> list[str]:
    """#36 shaded: any Algerian space, or Morocco/Tunisia once independent (5.1.8)."""
    return list(ALGERIA) + (list(COUNTRIES) if independent(s) else [])


class Assassination(Event):
    """#36: unshaded one Guerrilla from any space to Casualties, FLN Resources -1d6; shaded one
    Guerrilla (Available or Out of Play) in any space, FLN Resources +1d6."""

    card = 36
    BOXES = ("available", "out_of_play")

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.remove_leader,
                    roll_step("Assassination: FLN Resources -1d6", needed=_has("fln")),
                    _by_roll("fln", -1)]
        return [self.choose_space, self.place_martyr,
                roll_step("Assassination: FLN Resources +1d6", needed=_fln_below(50)),
                _by_roll("fln", 1)]

    def remove_leader(self, s: State, f: Frame, log: Log) -> None:
        remove_exactly(s, f["who"], _guerrilla_choices(_guerrilla_spaces(s), s), 1, "casualties",
                       "removed", log)

    def choose_space(self, s: State, f: Frame, log: Log) -> None:
        fallback = f["who"] == "fln"
        opts = [n for n in _martyr_spaces(s) if can_obtain(s, UG, self.BOXES, fallback, n)]
        if opts:  # only a map source left: the FLN may decline it (1.4.1 "may")
            push(s, pick(f["who"], "Assassination: a space for the Guerrilla", opts, "space",
                         int(_boxed(s, self.BOXES)), 1))

    def place_martyr(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "space"):
            push(s, place_frame(f["who"], UG, [n], "placed", n=1, must=True, boxes=self.BOXES,
                                fallback=f["who"] == "fln"))

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return bool(_guerrilla_spaces(s)) or s.resources["fln"] > 0
        return s.resources["fln"] < 50 or any(s.boxes[b]["guerrillas"] > 0 for b in self.BOXES)


class Integration(Event):
    """#37: unshaded the Government Trains for free in up to 2 locations (3.2.1, 5.5); shaded the
    FLN may Subvert for free without an Operation or Underground Guerrilla (4.3.2, 5.1.1)."""

    card = 37

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.train if side == "unshaded" else self.subvert]

    def train(self, s: State, f: Frame, log: Log) -> None:
        free_op(s, "train", "gov", max_locs=2)

    def subvert(self, s: State, f: Frame, log: Log) -> None:
        if _algerian_cubes(s):
            sf = sa_frame("subvert", None, who="fln", free=True)
            sf["k"] = EVB_SUBVERT
            push(s, sf)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return free_op_possible(s, "train", "gov", max_locs=2)
        return _algerian_cubes(s)


class EconomicCrisisInFrance(Event):
    """#38: unshaded FLN Resources -1d6; shaded Government Resources -1d6 and Commitment -1."""

    card = 38

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [roll_step("Economic Crisis: FLN Resources -1d6", needed=_has("fln")),
                    _by_roll("fln", -1)]
        return [roll_step("Economic Crisis: Government Resources -1d6", needed=_has("gov")),
                _by_roll("gov", -1), commitment_step(-1)]

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return s.resources["fln"] > 0
        return s.resources["gov"] > 0 or s.commitment > 0


def _djebel_spaces(s: State) -> list[str]:
    """#39 unshaded: Mountain Sectors without an FLN Base that hold Guerrillas (interpretation:
    the Countries are not Mountain spaces here; a selection without Guerrillas has no effect)."""
    return [n for n in MOUNTAIN_SECTORS if s.spaces[n]["pieces"][FB] == 0 and guerrillas(s, n) > 0]


class RetreatIntoDjebel(Event):
    """#39: unshaded all Guerrillas in 2 Mountain Sectors without FLN Bases to Available; shaded
    every Active Guerrilla in the Mountain Sectors goes Underground."""

    card = 39

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose, self.clear]
        return [self.hide]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        opts = _djebel_spaces(s)
        if opts:
            push(s, pick(f["who"], "Retreat into Djebel: 2 Mountain Sectors without FLN Bases",
                         opts, "spaces", min(2, len(opts)), 2))

    def clear(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "spaces"):
            k = guerrillas(s, n)
            for p in GUERRILLAS:
                remove_to(s, p, n, "available", s.spaces[n]["pieces"][p])
            emit(log, "5.1", f"{k} Guerrilla(s) removed from {n} to Available", space=n, removed=k)

    def hide(self, s: State, f: Frame, log: Log) -> None:
        hide_all(s, MOUNTAIN_SECTORS, log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return bool(_djebel_spaces(s))
        return any(s.spaces[n]["pieces"][AG] > 0 for n in MOUNTAIN_SECTORS)


class Egypt(Event):
    """#41: unshaded FLN Resources -3; shaded FLN Resources +1d6."""

    card = 41

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [resources_step("fln", -3)]
        return [roll_step("Egypt: FLN Resources +1d6", needed=_fln_below(50)),
                _by_roll("fln", 1)]

    def effective(self, s: State, side: str) -> bool:
        return s.resources["fln"] > 0 if side == "unshaded" else s.resources["fln"] < 50


def _czech_loss(s: State) -> int:
    """#42 unshaded: twice the Border Zone Status once independent (5.1.8), else 2."""
    return 2 * (s.border_zone or 0) if independent(s) else 2


class CzechArmsDeal(Event):
    """#42: unshaded FLN Resources -(2 x Border Zone Status), or -2 before independence; shaded
    FLN Resources +6."""

    card = 42

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "shaded":
            return [resources_step("fln", 6)]
        return [self.intercept]

    def intercept(self, s: State, f: Frame, log: Log) -> None:
        resources_step("fln", -_czech_loss(s))(s, f, log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return s.resources["fln"] > 0 and _czech_loss(s) > 0
        return s.resources["fln"] < 50


def _cities_without_bonus(s: State) -> list[str]:
    return [c for c in CITIES if s.spaces[c]["pop_bonus"] == 0]


class Refugees(Event):
    """#43: unshaded "+1 Pop" markers in 2 Cities (1.3.3); shaded Morocco and Tunisia may each
    hold 3 Bases (Base markers, 1.4.2) for the rest of the game."""

    card = 43

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose, self.mark_cities]
        return [self.mark_countries]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        opts = _cities_without_bonus(s)
        if opts:
            push(s, pick(f["who"], "Refugees: 2 Cities for a +1 Pop marker", opts, "cities",
                         min(2, len(opts)), 2))

    def mark_cities(self, s: State, f: Frame, log: Log) -> None:
        for c in picked(f, "cities"):
            s.space_w(c)["pop_bonus"] = 1
            emit(log, "1.3.3", f"+1 Pop marker in {c}", space=c)

    def mark_countries(self, s: State, f: Frame, log: Log) -> None:
        for c in COUNTRIES:
            s.space_w(c)["base_marker"] = True
        emit(log, "1.4.2", "Base markers in Morocco and Tunisia: up to 3 Bases each")

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return bool(_cities_without_bonus(s))
        return independent(s) and not all(s.spaces[c]["base_marker"] for c in COUNTRIES)


def _third_force_sectors(s: State) -> list[str]:
    """#47 shaded: Populated Sectors with Algerian Police, not already at Opposition."""
    return [n for n in SECTORS if s.spaces[n]["pieces"][AP] > 0 and population(s, n) >= 1
            and s.spaces[n]["support"] != "oppose"]


class ThirdForce(Event):
    """#47: unshaded up to 3 Guerrillas in 1 Sector replaced by Algerian Police; shaded 1 Sector
    with Algerian Police set to Opposition."""

    card = 47

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose_sector, self.rally]
        return [self.choose_police_sector, self.oppose]

    def choose_sector(self, s: State, f: Frame, log: Log) -> None:
        opts = [n for n in SECTORS if guerrillas(s, n) > 0]
        if opts:
            push(s, pick(f["who"], "Third Force: a Sector with Guerrillas", opts, "sector", 1, 1))

    def rally(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "sector"):
            push(s, replace_frame(f["who"], [n], [UG, AG], AP, "replaced", n=3,
                                  fallback=f["who"] == "gov"))

    def choose_police_sector(self, s: State, f: Frame, log: Log) -> None:
        opts = _third_force_sectors(s)
        if opts:
            push(s, pick(f["who"], "Third Force: a Sector with Algerian Police to set to "
                         "Opposition", opts, "sector", 1, 1))

    def oppose(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "sector"):
            set_support(s, n, "oppose", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return any(guerrillas(s, n) > 0 for n in SECTORS)
        return bool(_third_force_sectors(s))


class Ultras(Event):
    """#48: unshaded up to 1 Guerrilla in each City to Available; shaded 1d6 / 2 (rounded up)
    Algerian cubes to Available, executor's choice."""

    card = 48

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.freelancer(c) for c in CITIES]
        return [roll_step("Ultras: Algerian cubes removed = 1d6 / 2 rounded up",
                          needed=_algerian_cubes),
                self.repress]

    def freelancer(self, city: str) -> StepFn:
        def step(s: State, f: Frame, log: Log) -> None:
            choices = _guerrilla_choices([city], s)
            if choices:
                push(s, remove(f["who"], choices, "removed_" + city, max_total=1, must=False))
        return step

    def repress(self, s: State, f: Frame, log: Log) -> None:
        roll = f["x"].get("roll")
        if roll is None:
            return
        remove_exactly(s, f["who"], _cube_choices(s, (AT, AP)), (int(roll) + 1) // 2, "available",
                       "removed", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return any(guerrillas(s, c) > 0 for c in CITIES)
        return _algerian_cubes(s)


def _country_guerrillas(s: State) -> int:
    return guerrillas(s, MOROCCO) + guerrillas(s, TUNISIA)


class FactionalPlot(Event):
    """#49 (no effect before independence, 5.1.8): unshaded half the Guerrillas in Tunisia
    (rounded down) to Available; shaded redistribute Guerrillas between Morocco and Tunisia."""

    card = 49

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.plot if side == "unshaded" else self.realign]

    def plot(self, s: State, f: Frame, log: Log) -> None:
        if independent(s):
            remove_exactly(s, f["who"], _guerrilla_choices([TUNISIA], s),
                           guerrillas(s, TUNISIA) // 2, "available", "removed", log)

    def realign(self, s: State, f: Frame, log: Log) -> None:
        if independent(s) and _country_guerrillas(s):
            # each Guerrilla crosses at most once: one that arrived may not go back, so the
            # decision ends (back and forth would change nothing and never end)
            push(s, move_pieces(f["who"], "Factional Plot: move Guerrillas between Morocco and"
                                " Tunisia", [UG, AG],
                                [[MOROCCO, TUNISIA], [TUNISIA, MOROCCO]], "moved", once=True))

    def effective(self, s: State, side: str) -> bool:
        if not independent(s):
            return False
        if side == "unshaded":
            return guerrillas(s, TUNISIA) >= 2
        return _country_guerrillas(s) >= 1


class Bleuite(Event):
    """#50: unshaded Activate all Guerrillas in 1 Algerian space, roll 1d6, if the roll is at
    most their number remove 2 (1 if alone) to Casualties; shaded 2 Algerian Police to
    Available."""

    card = 50

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose, self.purge, self.resolve]
        return [self.backlash]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        opts = [n for n in ALGERIA if guerrillas(s, n) > 0]
        if opts:
            push(s, pick(f["who"], "Bleuite: an Algerian space with Guerrillas", opts, "space",
                         1, 1))

    def purge(self, s: State, f: Frame, log: Log) -> None:
        f["x"].pop("roll", None)
        for n in picked(f, "space"):
            activate_all(s, [n], log)
            push(s, roll_frame(f"Bleuite: purge in {n} if the roll is at most the Guerrillas"
                               " there", "5.1"))

    def resolve(self, s: State, f: Frame, log: Log) -> None:
        roll = f["x"].get("roll")
        for n in picked(f, "space"):
            here = s.spaces[n]["pieces"][AG]
            if roll is not None and int(roll) <= here:
                k = min(2, here)
                remove_to(s, AG, n, "casualties", k)
                emit(log, "5.1", f"Bleuite: {k} Guerrilla(s) from {n} to Casualties", space=n,
                     removed=k)

    def backlash(self, s: State, f: Frame, log: Log) -> None:
        remove_exactly(s, f["who"], _cube_choices(s, (AP,)), 2, "available", "removed", log)

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return any(guerrillas(s, n) > 0 for n in ALGERIA)
        return bool(_cube_choices(s, (AP,)))


def _stripey_sectors(s: State) -> list[str]:
    """#51 unshaded: Sectors where Activating and setting to Opposition changes something."""
    return [n for n in SECTORS if s.spaces[n]["pieces"][UG] > 0
            or (population(s, n) >= 1 and s.spaces[n]["support"] != "oppose")]


class StripeyHole(Event):
    """#51: unshaded Activate all Guerrillas in 1 Sector, then set it to Opposition; shaded place
    2 Guerrillas in 1 Sector from Available and/or Out of Play."""

    card = 51
    BOXES = ("available", "out_of_play")

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [self.choose_sector, self.imprison]
        return [self.choose_break, self.prison_break]

    def choose_sector(self, s: State, f: Frame, log: Log) -> None:
        opts = _stripey_sectors(s)
        if opts:
            push(s, pick(f["who"], "Stripey Hole: a Sector", opts, "sector", 1, 1))

    def imprison(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "sector"):
            activate_all(s, [n], log)
            set_support(s, n, "oppose", log)

    def choose_break(self, s: State, f: Frame, log: Log) -> None:
        fallback = f["who"] == "fln"
        opts = [n for n in SECTORS if can_obtain(s, UG, self.BOXES, fallback, n)]
        if opts:  # only map sources left: the FLN may decline them (1.4.1 "may")
            push(s, pick(f["who"], "Stripey Hole: a Sector for 2 Guerrillas", opts, "sector",
                         int(_boxed(s, self.BOXES)), 1))

    def prison_break(self, s: State, f: Frame, log: Log) -> None:
        for n in picked(f, "sector"):
            push(s, place_frame(f["who"], UG, [n], "placed", n=2, must=True, boxes=self.BOXES,
                                fallback=f["who"] == "fln"))

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return bool(_stripey_sectors(s))
        return any(can_obtain(s, UG, self.BOXES, True, n) for n in SECTORS)


class CabinetShuffle(Event):
    """#52 (single text): the executor moves the France Track marker one box toward A or F."""

    card = 52
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.shuffle]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Cabinet Shuffle: France Track one box toward A or F",
                     france_boxes(s, 1, 1, stay=False), "box", 1, 1))

    def shuffle(self, s: State, f: Frame, log: Log) -> None:
        for b in picked(f, "box"):
            set_france_track(s, b, log)

    def effective(self, s: State, side: str) -> bool:
        """For the FLN as executor (8.3): the marker can move toward F."""
        return s.france_track != FRANCE_BOXES[-1]


class Operation744(Event):
    """#54 (single text): pick 1 Mountain Sector, move up to 4 French Troops there from other
    spaces, then remove up to 2 FLN pieces there to Available (Guerrillas before Bases)."""

    card = 54

    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.beat, self.remove_one, self.remove_one]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Operation 744: a Mountain Sector", MOUNTAIN_SECTORS, "sector",
                     1, 1))

    def beat(self, s: State, f: Frame, log: Log) -> None:
        n = picked(f, "sector")[0]
        routes = [[a, n] for a in ALGERIA if a != n]
        if any(s.spaces[a]["pieces"][FT] > 0 for a, _ in routes):
            push(s, move_pieces(f["who"], "Operation 744: move French Troops into the Sector",
                                [FT], routes, "moved", n=4))

    def remove_one(self, s: State, f: Frame, log: Log) -> None:
        """Up to 2 FLN pieces, one prompt each; Guerrillas before Bases; stopping ends it."""
        x = f["x"]
        if "removed" in x and not x.pop("removed"):
            x["stopped"] = True
        if x.get("stopped"):
            return
        n = picked(f, "sector")[0]
        choices = _guerrilla_choices([n], s) or ([[FB, n]] if s.spaces[n]["pieces"][FB] else [])
        if choices:
            push(s, remove(f["who"], choices, "removed", max_total=1, must=False))

    def effective(self, s: State, side: str) -> bool:
        return any(sp["pieces"][FT] > 0 for sp in s.spaces.values()) or any(
            guerrillas(s, n) + s.spaces[n]["pieces"][FB] > 0 for n in MOUNTAIN_SECTORS)


class Development(Event):
    """#55: unshaded up to 2 Government Bases in Algeria from Available and/or Out of Play;
    shaded FLN Resources +3."""

    card = 55
    BOXES = ("available", "out_of_play")

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "shaded":
            return [resources_step("fln", 3)]
        return [self.infrastructure]

    def infrastructure(self, s: State, f: Frame, log: Log) -> None:
        push_place(s, place_frame(f["who"], GB, ALGERIA, "placed", n=2, must=False,
                                  boxes=self.BOXES, fallback=f["who"] == "gov"))

    def effective(self, s: State, side: str) -> bool:
        if side == "shaded":
            return s.resources["fln"] < 50
        return any(has_room(s, GB, n) and can_obtain(s, GB, self.BOXES, True, n) for n in ALGERIA)


class ArmyInWaiting(Event):
    """#58 (no effect before independence, 5.1.8): unshaded half the Guerrillas in Tunisia
    (rounded down) to Out of Play; shaded 1 FLN Base in Morocco or Tunisia within stacking."""

    card = 58

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.save if side == "unshaded" else self.exile]

    def save(self, s: State, f: Frame, log: Log) -> None:
        if independent(s):
            remove_exactly(s, f["who"], _guerrilla_choices([TUNISIA], s),
                           guerrillas(s, TUNISIA) // 2, "out_of_play", "removed", log)

    def exile(self, s: State, f: Frame, log: Log) -> None:
        if independent(s):
            push_place(s, place_frame(f["who"], FB, COUNTRIES, "placed", n=1, must=True,
                                      fallback=f["who"] == "fln"))

    def effective(self, s: State, side: str) -> bool:
        if not independent(s):
            return False
        if side == "unshaded":
            return guerrillas(s, TUNISIA) >= 2
        return any(has_room(s, FB, c) and can_obtain(s, FB, ("available",), True, c)
                   for c in COUNTRIES)


class BandungConference(Event):
    """#59: unshaded FLN Resources -1d6; shaded FLN Resources +1d6."""

    card = 59

    def steps(self, side: str) -> Sequence[StepFn]:
        if side == "unshaded":
            return [roll_step("Bandung: FLN Resources -1d6", needed=_has("fln")),
                    _by_roll("fln", -1)]
        return [roll_step("Bandung: FLN Resources +1d6", needed=_fln_below(50)),
                _by_roll("fln", 1)]

    def effective(self, s: State, side: str) -> bool:
        return s.resources["fln"] > 0 if side == "unshaded" else s.resources["fln"] < 50


class SoummamConference(Event):
    """#60: unshaded up to 2 FLN Bases in Algeria each replaced by a Guerrilla (Bases to
    Available, no Commitment change); shaded up to 2 FLN Bases placed in Algeria."""

    card = 60

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.wrangle if side == "unshaded" else self.meet]

    def wrangle(self, s: State, f: Frame, log: Log) -> None:
        spaces = [n for n in ALGERIA if s.spaces[n]["pieces"][FB] > 0]
        if spaces:
            push(s, replace_frame(f["who"], spaces, [FB], UG, "replaced", n=2,
                                  fallback=f["who"] == "fln"))

    def meet(self, s: State, f: Frame, log: Log) -> None:
        push_place(s, place_frame(f["who"], FB, ALGERIA, "placed", n=2, must=False,
                                  fallback=f["who"] == "fln"))

    def effective(self, s: State, side: str) -> bool:
        if side == "unshaded":
            return any(s.spaces[n]["pieces"][FB] > 0 for n in ALGERIA)
        return any(has_room(s, FB, n) and can_obtain(s, FB, ("available",), True, n)
                   for n in ALGERIA)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_event(Elections)
register_event(Assassination)
register_event(Integration)
register_event(EconomicCrisisInFrance)
register_event(RetreatIntoDjebel)
register_event(Egypt)
register_event(CzechArmsDeal)
register_event(Refugees)
register_event(ThirdForce)
register_event(Ultras)
register_event(FactionalPlot)
register_event(Bleuite)
register_event(StripeyHole)
register_event(CabinetShuffle)
register_event(Operation744)
register_event(Development)
register_event(ArmyInWaiting)
register_event(BandungConference)
register_event(SoummamConference)
