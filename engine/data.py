"""Static game data (map, tracks, force pool, scenarios, card flags), loaded once from
the package's own copy of the reference facts (``engine/data/*.json``). Data only: no rules here."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

# Piece keys on the map (1.4) and in the boxes (Available, Casualties, Out of Play). Final: the
# compiled modules use each as a constant, not a lookup of this module's global.
FT: Final = "french_troops"
FP: Final = "french_police"
AT: Final = "algerian_troops"
AP: Final = "algerian_police"
GB: Final = "gov_bases"
UG: Final = "guerrillas_underground"
AG: Final = "guerrillas_active"
FB: Final = "fln_bases"
G: Final = "guerrillas"
MAP_PIECES: tuple[str, ...] = (FT, FP, AT, AP, GB, UG, AG, FB)
BOX_PIECES: tuple[str, ...] = (FT, FP, AT, AP, GB, G, FB)
GOV_PIECES: tuple[str, ...] = (FT, FP, AT, AP, GB)
FLN_PIECES: tuple[str, ...] = (UG, AG, FB)
CUBES: tuple[str, ...] = (FT, FP, AT, AP)
TROOPS: tuple[str, ...] = (FT, AT)
POLICE: tuple[str, ...] = (FP, AP)
FRENCH: tuple[str, ...] = (FT, FP, GB)
ALGERIAN_CUBES: tuple[str, ...] = (AT, AP)
BOXES: tuple[str, ...] = ("available", "casualties", "out_of_play", "set_aside")
SUPPORT_LEVELS: tuple[str, ...] = ("oppose", "neutral", "support")
MOROCCO: Final = "Morocco"
TUNISIA: Final = "Tunisia"
COUNTRIES: Final = (MOROCCO, TUNISIA)
CITIES: Final = ("Constantine", "Algiers", "Oran")


def box_key(piece: str) -> str:
    """The box key of a map piece: both Guerrilla states share the box key ``guerrillas``."""
    return G if piece in (UG, AG) else piece


@dataclass(frozen=True, slots=True)
class Space:
    name: str
    code: str | None
    wilaya: int | None
    kind: str  # sector | city | country
    terrain: str | None  # mountain | plain | None (cities)
    population: int
    coastal: bool
    border: str | None  # morocco | tunisia | None
    adjacent: tuple[str, ...]

    @property
    def is_city(self) -> bool:
        return self.kind == "city"

    @property
    def is_sector(self) -> bool:
        return self.kind == "sector"

    @property
    def is_country(self) -> bool:
        return self.kind == "country"

    @property
    def mountain(self) -> bool:
        return self.terrain == "mountain"


def _load(name: str) -> Any:
    return json.loads(resources.files("engine").joinpath("data", name).read_text(encoding="utf-8"))


RAW: dict[str, Any] = _load("ct-data.json")
CARDS_RAW: list[dict[str, Any]] = _load("ct-cards.json")

SPACES: Final[dict[str, Space]] = {
    s["name"]: Space(
        name=s["name"], code=s["code"], wilaya=s["wilaya"], kind=s["kind"], terrain=s["terrain"],
        population=s["population"], coastal=s["coastal"], border=s["border"],
        adjacent=tuple(s["adjacent"]),
    )
    for s in RAW["spaces"]
}
SPACE_NAMES: tuple[str, ...] = tuple(SPACES)
ALGERIA: tuple[str, ...] = tuple(n for n, s in SPACES.items() if not s.is_country)

FORCE_POOL: dict[str, int] = {k: RAW["force_pool"][k] for k in BOX_PIECES}
FRANCE_TRACK: dict[str, dict[str, int]] = {
    b["box"]: {"minus_commit": b["minus_commit"], "plus_resource": b["plus_resource"]}
    for b in RAW["france_track"]["boxes"]
}
FRANCE_BOXES: str = "".join(FRANCE_TRACK)  # "ABCDEF" (6.2.3)
TERROR_MARKERS: int = RAW["terror_markers"]
GOV_THRESHOLD: int = RAW["victory"]["gov"]["wins_if_greater_than"]  # 7.2
FLN_THRESHOLD: int = RAW["victory"]["fln"]["wins_if_greater_than"]
POP0_MARKERS: int = RAW["markers"]["pop_0_resettled"]["count"]
SECOND_OPTIONS: dict[str, tuple[str, ...]] = {
    k: tuple(v) for k, v in RAW["initiative_track"]["second_eligible_options_after_first"].items()
}
SCENARIOS: dict[str, dict[str, Any]] = RAW["scenarios"]
PIVOTAL_BY_NAME: dict[str, int] = {n: v["card"] for n, v in RAW["pivotal_events"].items()}
PIVOTAL_OWNER: dict[int, str] = {v["card"]: v["faction"] for v in RAW["pivotal_events"].values()}
PROPAGANDA_CARDS: tuple[int, ...] = tuple(RAW["deck"]["propaganda_card_numbers"])
EVENT_CARDS: tuple[int, ...] = tuple(range(1, RAW["deck"]["event_cards"] + 1))
CARDS: dict[int, dict[str, Any]] = {c["number"]: c for c in CARDS_RAW}
# What the engine does for each card's Event, in the project's words (docs/cards.md):
# {"unshaded", "shaded"} for a dual-use card, {"text"} for any other.
CARD_SUMMARIES: dict[int, dict[str, str]] = {
    int(n): v for n, v in _load("ct-card-summaries.json")["cards"].items()}

# Pivotal event card numbers (5.1.4).
MOROCCO_TUNISIA_INDEPENDENT = PIVOTAL_BY_NAME["Morocco and Tunisia Independent"]
SUEZ_CRISIS = PIVOTAL_BY_NAME["Suez Crisis"]
OAS = PIVOTAL_BY_NAME["OAS"]
MOBILIZATION = PIVOTAL_BY_NAME["Mobilization"]
RECALL_DE_GAULLE = PIVOTAL_BY_NAME["Recall De Gaulle"]
COUP_D_ETAT = PIVOTAL_BY_NAME["Coup d'Etat"]


def adjacent(a: str, b: str) -> bool:
    return b in SPACES[a].adjacent
