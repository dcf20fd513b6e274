"""The games a ladder can play: those the referee serves (service.games), each with its
scenarios. Colonial Twilight is the default, so nothing names it for its existing users.

A ladder pairs two agents in two seats named for Colonial Twilight's sides: ``fln``, the FLN, and
``gov``, the side fighting it (``service.games.Game.counter``: the Government; INSURGENT's
French). Inside a game (its agents' roles, its record, its winner and forfeit) each side has the
game's own name; ``side`` and ``seat`` translate.
"""

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
SEATS = ("gov", "fln")   # a pairing's seats: the side fighting the FLN, the FLN
DEFAULT_SCENARIO = {"colonial_twilight": "short", "algeria": "1954",
                    "insurgent": insurgent.catalog.SCENARIO}


def check(game: str, where: str = "--game") -> str:
    """``game`` if the referee serves it; ``ValueError`` naming ``where`` otherwise."""
    if game not in GAMES:
        raise ValueError(f"{where}: unknown game {game!r}; use {', '.join(sorted(GAMES))}")
    return game


def title(game: str) -> str:
    return GAMES[game].title


def side(game: str, seat_name: str) -> str:
    """The side of ``game`` a pairing's seat plays (``gov``: the game's counter side)."""
    return GAMES[game].counter if seat_name == "gov" else seat_name


def seat(game: str, side_name: str | None) -> str | None:
    """The pairing's seat of a side of ``game`` (None for None: a draw has no winner)."""
    if side_name is None:
        return None
    return "gov" if side_name == GAMES[game].counter else side_name


def sides(game: str) -> tuple[str, str]:
    """The game's sides in the pairing's order (the side fighting the FLN, the FLN)."""
    return side(game, "gov"), "fln"
