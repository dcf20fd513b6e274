"""Read-only facts the non-player FLN evaluates (8.1.3 terms, ct-fln-bot §1 and §3): the
sequence-of-play flags of its turn, spare Underground Guerrillas, the final Campaign, and the
sources for placing Guerrillas from the map (8.1.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Collection

from ..board import control, cubes, fln_count, gov_count, guerrillas, population, support
from ..data import AG, CARDS, CITIES, COUNTRIES, FB, SPACES, UG, G
from ..ops import OPS
from ..ops_fln import REMOVAL_ORDER
from ..ops_gov import Train
from ..state import Frame, State

if TYPE_CHECKING:
    from .core import Runner

CITY_WILAYAS: frozenset[int] = frozenset(
    w for w in (SPACES[c].wilaya for c in CITIES) if w is not None)


@dataclass
class Flags:
    """ct-fln-bot §3.1: what the Sequence of Play allows the FLN on this card."""

    role: str
    event_ok: bool
    sa_ok: bool
    multi_ok: bool
    gov_will_be_second: bool

    @property
    def limop_only(self) -> bool:
        return not self.multi_ok


def flags_of(s: State, f: Frame, event_legal: bool) -> Flags:
    """Flags from the FLN's ``eligible`` prompt (2.3.2, 2.3.4, 2.3.5)."""
    opts = f["options"]
    second = f["role"] == "second"
    gov_box = s.sop.get("first_box") if second else None
    return Flags(
        role=f["role"],
        event_ok="event" in opts and event_legal,
        sa_ok="op_plus_sa" in opts,
        multi_ok="op_plus_sa" in opts or "op_only" in opts,
        gov_will_be_second=second and gov_box in ("op_only", "op_plus_sa"),
    )


def gov_acted(s: State) -> bool:
    """The Government executed an Event or an Operation on this card before the FLN (ct-fln-bot
    §3.1 GOV_ACTED; a Pass does not count)."""
    return s.sop.get("first") == "gov" and s.sop.get("first_box") not in (None, "pass")


def final_campaign(s: State) -> bool:
    """8.4.2: the next Propaganda card will be the last one of the game."""
    return int(s.cards["propaganda_drawn"]) == int(s.cards["propaganda_total"]) - 1


def base_space(s: State, n: str) -> bool:
    """A space with an FLN Base, Algerian or Morocco/Tunisia: 8.4.2, 8.4.4 ("a space with an FLN
    Base") and 8.4.6 ("any FLN Base space") make no exception for the Countries."""
    return s.spaces[n]["pieces"][FB] > 0


def spare_ug(s: State, n: str, protect: dict[str, int] | None = None) -> int:
    """Underground Guerrillas that may be Activated or moved without exposing a Base (ct-fln-bot
    §1 "spare UG"; 8.4.2, 8.4.4: never the last Underground Guerrilla in a space with an FLN Base,
    Morocco and Tunisia included)."""
    ug = s.spaces[n]["pieces"][UG] - (protect or {}).get(n, 0)
    if base_space(s, n):
        ug -= 1
    return max(0, ug)


def attack_exposes_base(s: State, n: str) -> bool:
    """8.4.4: an Attack Activates every Guerrilla in its space (3.3.3), so in a space with an FLN
    Base it Activates the last Underground Guerrilla exactly when one is there. Where all the
    Guerrillas are Active already it exposes nothing."""
    return base_space(s, n) and s.spaces[n]["pieces"][UG] > 0


def marked(card: int | None) -> bool:
    return card is not None and bool(CARDS.get(card, {}).get("fln_bot_marked"))


def removal_sequence(s: State, n: str, k: int) -> list[str]:
    """3.3.3 with 8.1.2: the next ``k`` Government pieces an Attack or Ambush removes – Police,
    then Troops, then Bases; French before Algerian within a type."""
    p = dict(s.spaces[n]["pieces"])
    out: list[str] = []
    for kind in REMOVAL_ORDER:
        for piece in kind:
            while p[piece] > 0 and len(out) < k:
                p[piece] -= 1
                out.append(piece)
    return out


def can_train(s: State, n: str) -> bool:
    """Where the Government may Train (3.2.1; Recall De Gaulle 5.1.7, #46 Moghazni, #56 Hardened
    Attitudes): the engine's own test. ct-fln-bot §5.1 "Pacifiable", §6.6 "where the Government
    cannot Train"."""
    train = OPS["train"]
    assert isinstance(train, Train)
    return train.space_ok(s, n)


def map_spare(s: State, n: str) -> int:
    """8.1.2 fifth bullet, 8.4.5: how many Guerrillas may be taken from ``n`` to be placed elsewhere
    – from an FLN Base space or a space at Support never either of the last two."""
    sp = s.spaces[n]
    keep = 2 if sp["pieces"][FB] > 0 or sp["support"] == "support" else 0
    return guerrillas(s, n) - keep


def map_sources(s: State, dest: str, exclude: tuple[str, ...] = ()) -> list[str]:
    """8.1.2 fifth bullet, 8.4.5: spaces an Active Guerrilla may be taken from to be placed in
    ``dest`` – never a Country, never ``dest``, never a Guerrilla that must stay (map_spare)."""
    return [n for n, sp in s.spaces.items()
            if n != dest and n not in COUNTRIES and n not in exclude and sp["pieces"][AG] > 0
            and map_spare(s, n) > 0]


def obtainable(s: State, dest: str, boxes: tuple[str, ...] = ("available",),
               at_most: int | None = None) -> int:
    """8.1.2: Guerrillas the bot may place in ``dest`` – those in ``boxes``, then Active ones from
    the map within the guards (map_spare); counted no further than ``at_most`` when given (the
    callers that ask whether there is one, or enough for a Rally, stop there)."""
    k = sum(s.boxes[b][G] for b in boxes)
    if at_most is not None and k >= at_most:
        return at_most
    for n in map_sources(s, dest):
        k += min(s.spaces[n]["pieces"][AG], map_spare(s, n))
        if at_most is not None and k >= at_most:
            return at_most
    return k


def march_keep(s: State, n: str) -> tuple[int, int]:
    """ct-fln-bot §9.2 guards on a March source (8.4.6): (Guerrillas, Underground Guerrillas) that
    must stay in ``n`` – never the last Underground or either of the last two Guerrillas of any FLN
    Base space (Morocco and Tunisia included), never the last Guerrilla of a space at Support,
    never so many that the Government takes Control of a Populated space it does not control
    (Algerian spaces: Countries are never Controlled)."""
    p = s.spaces[n]["pieces"]
    keep, keep_ug = 0, 0
    if p[FB] > 0:
        keep, keep_ug = 2, 1
    if n in COUNTRIES:
        return keep, keep_ug
    if s.spaces[n]["support"] == "support":
        keep = max(keep, 1)
    if population(s, n) >= 1 and control(s, n) != "gov":
        keep = max(keep, gov_count(s, n) - p[FB])
    return keep, keep_ug


def best_map_source(r: Runner, dest: str, exclude: tuple[str, ...] = (),
                    among: Collection[str] | None = None) -> str | None:
    """8.1.2: remove first from where there are the most Guerrillas (then random); ``among``: only
    these sources are offered."""
    s = r.s
    srcs = [n for n in map_sources(s, dest, exclude) if among is None or n in among]
    return r.best(srcs, [("most Guerrillas", lambda n: guerrillas(s, n), "max")], "map source")


def place_preference(s: State, n: str) -> tuple[bool, bool]:
    """8.1.2: place Guerrillas in spaces at Support, otherwise where friendly pieces are."""
    return (support(s, n) == "support", fln_count(s, n) > 0)


__all__ = [
    "CITY_WILAYAS", "Flags", "flags_of", "gov_acted", "final_campaign", "base_space",
    "spare_ug", "attack_exposes_base", "marked", "removal_sequence", "can_train", "map_spare",
    "map_sources", "obtainable", "march_keep", "best_map_source", "place_preference",
    "population", "cubes", "gov_count", "guerrillas",
]
