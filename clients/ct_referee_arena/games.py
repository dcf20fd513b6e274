"""The games a ladder can play: those the referee serves (service.games), each with its
scenarios. Colonial Twilight is the default, so nothing names it for its existing users."""

from __future__ import annotations

import algeria.data
import engine.data
import insurgent.catalog
from service.games import DEFAULT as DEFAULT_GAME
from service.games import GAMES

DEFAULT = DEFAULT_GAME.name
SCENARIOS: dict[str, tuple[str, ...]] = {
    "colonial_twilight": tuple(engine.data.SCENARIOS),
    "algeria": tuple(algeria.data.SCENARIOS),
    "insurgent": (insurgent.catalog.SCENARIO,),
}
DEFAULT_SCENARIO = {"colonial_twilight": "short", "algeria": "1954",
                    "insurgent": insurgent.catalog.SCENARIO}


def check(game: str, where: str = "--game") -> str:
    """``game`` if the referee serves it; ``ValueError`` naming ``where`` otherwise."""
    if game not in GAMES:
        raise ValueError(f"{where}: unknown game {game!r}; use {', '.join(sorted(GAMES))}")
    return game


def title(game: str) -> str:
    return GAMES[game].title
