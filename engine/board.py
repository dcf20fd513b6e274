"""Chapter 1: the map and its derived values (Control, Support, totals), placement and removal.

Everything here is computed from the state, never stored (docs/state.md, "Derived values").
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import (
    AG, AP, AT, COUNTRIES, FB, FLN_THRESHOLD, FP, FT, GB, GOV_THRESHOLD, MOBILIZATION,
    MOROCCO_TUNISIA_INDEPENDENT, RECALL_DE_GAULLE, SPACES, SUPPORT_LEVELS, TERROR_MARKERS, UG, G,
    box_key,
)
from .state import State

# --- simple counts ---------------------------------------------------------------------------


def gov_count(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[FT] + p[FP] + p[AT] + p[AP] + p[GB]


def fln_count(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[UG] + p[AG] + p[FB]


def cubes(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[FT] + p[FP] + p[AT] + p[AP]


def troops(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[FT] + p[AT]


def police(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[FP] + p[AP]


def guerrillas(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[UG] + p[AG]


def bases_in(s: State, space: str) -> int:
    p = s.spaces[space]["pieces"]
    return p[GB] + p[FB]


def on_map(s: State, piece: str) -> int:
    """Pieces of a box type on the map (``guerrillas`` counts both states)."""
    if piece == G:
        return sum(sp["pieces"][UG] + sp["pieces"][AG] for sp in s.spaces.values())
    return sum(sp["pieces"][piece] for sp in s.spaces.values())


# --- status ----------------------------------------------------------------------------------


def independent(s: State) -> bool:
    """Morocco and Tunisia Independent is in effect (5.1.8)."""
    return MOROCCO_TUNISIA_INDEPENDENT in s.cards["in_effect"]


def mobilized(s: State) -> bool:
    """Mobilization in effect (5.1.6): Resettle allowed (Full scenario; implied in the others)."""
    return MOBILIZATION in s.cards["in_effect"]


def de_gaulle(s: State) -> bool:
    return RECALL_DE_GAULLE in s.cards["in_effect"]


def population(s: State, space: str) -> int:
    """Population Value after Resettlement (4.2.1: Pop 0) and City Pop +1 markers (1.3.3)."""
    sp = s.spaces[space]
    if sp["resettled"]:
        return 0
    return SPACES[space].population + sp["pop_bonus"]


def is_border_sector(s: State, space: str) -> bool:
    """Border Sector only once Morocco and Tunisia are independent (1.3.7)."""
    return SPACES[space].border is not None and independent(s)


def control(s: State, space: str) -> str | None:
    """1.7: more pieces than the other player. Independent Countries are always FLN (5.1.8)."""
    if space in COUNTRIES:
        return "fln" if independent(s) else None
    g, f = gov_count(s, space), fln_count(s, space)
    if g > f:
        return "gov"
    if f > g:
        return "fln"
    return None


def support(s: State, space: str) -> str:
    if space in COUNTRIES:
        return "oppose" if independent(s) else "neutral"
    return str(s.spaces[space]["support"])


@dataclass(frozen=True, slots=True)
class Scores:
    """1.9: the totals behind victory, summed in one pass over the map (``scores``)."""

    total_support: int     # 1.6.2: Population at Support, Algeria only
    total_opposition: int  # 1.6.2/1.6.3: Population at Opposition; Morocco and Tunisia never count
    fln_bases_on_map: int  # Morocco and Tunisia included
    gov: int               # Total Support + Commitment
    fln: int               # Total Opposition + FLN Bases on the map

    @property
    def margins(self) -> dict[str, int]:
        """7.3 victory margins: each score less its victory threshold (7.2)."""
        return {"gov": self.gov - GOV_THRESHOLD, "fln": self.fln - FLN_THRESHOLD}


def scores(s: State) -> Scores:
    """The totals and victory scores of ``s`` (1.9), each map space visited once."""
    sup = opp = bases = 0
    for n, sp in s.spaces.items():
        bases += sp["pieces"][FB]
        level = sp["support"]
        if level != "neutral" and n not in COUNTRIES:
            if level == "support":
                sup += population(s, n)
            else:
                opp += population(s, n)
    return Scores(sup, opp, bases, sup + s.commitment, opp + bases)


def total_support(s: State) -> int:
    return scores(s).total_support


def total_opposition(s: State) -> int:
    return scores(s).total_opposition


def fln_bases_on_map(s: State) -> int:
    return on_map(s, FB)


def gov_score(s: State) -> int:
    return scores(s).gov


def fln_score(s: State) -> int:
    return scores(s).fln


def max_bases(s: State, space: str) -> int:
    sp = s.spaces[space]
    return 3 if (space in COUNTRIES and sp["base_marker"]) else 2


def base_room(s: State, space: str) -> int:
    return max_bases(s, space) - bases_in(s, space)


def terror_on_map(s: State) -> int:
    return sum(sp["terror"] for sp in s.spaces.values())


def terror_left(s: State) -> int:
    return TERROR_MARKERS - terror_on_map(s)


def resettled_count(s: State) -> int:
    return sum(1 for sp in s.spaces.values() if sp["resettled"])


def populated(s: State, space: str) -> bool:
    return population(s, space) >= 1


# --- tracks ----------------------------------------------------------------------------------


def clamp(v: int) -> int:
    """1.8: every index stays within 0-50 (no deficit, no excess)."""
    return 0 if v < 0 else 50 if v > 50 else v


def add_resources(s: State, who: str, n: int) -> None:
    s.resources[who] = clamp(s.resources[who] + n)


def add_commitment(s: State, n: int) -> None:
    s.commitment = clamp(s.commitment + n)


def shift(level: str, toward: str) -> str:
    i = SUPPORT_LEVELS.index(level)
    j = i + (1 if toward == "support" else -1)
    return SUPPORT_LEVELS[max(0, min(len(SUPPORT_LEVELS) - 1, j))]


def remove_terror_or_shift(s: State, space: str, toward: str) -> bool:
    """One step of Pacification or Agitation (3.2.1, 3.3.1, 6.3): remove a Terror marker from
    ``space`` if it has one, else shift it one level ``toward`` "support" or "oppose". Returns
    whether it shifted."""
    sp = s.space_w(space)
    if sp["terror"] > 0:
        sp["terror"] -= 1
        return False
    sp["support"] = shift(sp["support"], toward)
    return True


# --- pieces: placing and removing (1.4.1) ----------------------------------------------------


def available(s: State, piece: str) -> int:
    return s.boxes["available"][box_key(piece)]


def place_from_available(s: State, piece: str, space: str, n: int = 1,
                         box: str = "available") -> None:
    """Move ``n`` pieces of ``piece`` (a map key; Guerrillas go Underground) from Available (or
    from the named ``box``, when an Event says so, 5.1.1)."""
    key = box_key(piece)
    assert s.boxes[box][key] >= n, (piece, box, n)
    s.boxes[box][key] -= n
    s.space_w(space)["pieces"][piece] += n


def move_piece(s: State, piece: str, src: str, dst: str, n: int = 1) -> None:
    assert s.spaces[src]["pieces"][piece] >= n, (piece, src, n)
    s.space_w(src)["pieces"][piece] -= n
    s.space_w(dst)["pieces"][piece] += n


def remove_to(s: State, piece: str, space: str, box: str, n: int = 1) -> None:
    assert s.spaces[space]["pieces"][piece] >= n, (piece, space, n)
    s.space_w(space)["pieces"][piece] -= n
    s.boxes[box][box_key(piece)] += n


def box_to_box(s: State, piece: str, src: str, dst: str, n: int = 1) -> None:
    """Move ``n`` pieces of ``piece`` (a map or box key) from box ``src`` to box ``dst``."""
    key = box_key(piece)
    assert s.boxes[src][key] >= n, (piece, src, n)
    s.boxes[src][key] -= n
    s.boxes[dst][key] += n


def remove_guerrillas_alternating(s: State, space: str, piece: str, n: int, start: int = 0) -> int:
    """Remove ``n`` Guerrillas of one state; alternately Available and Casualties, Available first
    (3.2.4, 3.3.3, 4.2.3). ``start`` is how many were already removed in this batch. Returns the new
    count."""
    for i in range(start, start + n):
        remove_to(s, piece, space, "available" if i % 2 == 0 else "casualties")
    return start + n


def map_sources(s: State, piece: str, exclude: str | None = None) -> list[str]:
    """Spaces a player may take ``piece`` from when none is Available (1.4.1): anywhere on the map
    but never from Morocco or Tunisia for the FLN, and never the destination itself."""
    return [n for n, sp in s.spaces.items()
            if sp["pieces"][piece] > 0 and n != exclude and n not in COUNTRIES]


def on_map_elsewhere(s: State, piece: str, exclude: str | None = None) -> bool:
    """Is ``map_sources(s, piece, exclude)`` non-empty (1.4.1)? Without building the list."""
    return any(sp["pieces"][piece] > 0 for n, sp in s.spaces.items()
               if n != exclude and n not in COUNTRIES)


def pool_total(s: State, key: str) -> int:
    """Map + every box, for the force-pool conservation check."""
    return on_map(s, key) + sum(s.boxes[b][key] for b in s.boxes)

