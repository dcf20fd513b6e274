"""``Referee/Catalog``: each game's catalogue document (``games.Game.catalog``: ``engine.catalog``,
``algeria.catalog``, ``insurgent.catalog``) as the contract's message, built once per process (it changes only with the
engine); each game's has its own version (the REST ETag)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import engine
from ct_referee_proto.v1 import referee_pb2 as pb

from . import games

CT = games.COLONIAL_TWILIGHT.name


def _colonial_twilight(doc: dict[str, Any]) -> pb.CatalogResponse:
    out = pb.CatalogResponse(version=doc["version"], engine_version=engine.VERSION,
                             board=pb.CatalogBoard(**doc["board"]), game=CT)
    for sc in doc["scenarios"]:
        out.scenarios.add(**sc, game=CT)
    for c in doc["cards"]:
        out.cards.add(**c)
    for sp in doc["spaces"]:
        out.spaces.add(**sp)
    for p in doc["pieces"]:
        out.pieces.add(**p)
    out.force_pool.update(doc["force_pool"])
    for t in doc["tracks"]:
        out.tracks.add(**t)
    for lv in doc["support_levels"]:
        out.support_levels.add(**lv)
    return out


def _algeria(doc: dict[str, Any]) -> pb.CatalogResponse:
    out = pb.CatalogResponse(version=doc["version"], engine_version=engine.VERSION,
                             game=doc["game"])
    for sc in doc["scenarios"]:
        out.scenarios.add(**sc)
    for t in doc["tracks"]:
        out.tracks.add(**t)
    a = out.algeria
    a.edition = doc["edition"]
    for area in doc["areas"]:
        a.areas.add(**area)
    a.wilayas.update(doc["wilayas"])
    for u in doc["units"]:
        a.units.add(**u)
    a.boxes.update(doc["boxes"])
    a.charts.update(doc["charts"])
    a.scenarios.update(doc["scenario_setup"])
    return out


def _document(doc: dict[str, Any]) -> pb.CatalogResponse:
    """A catalogue that is a plain document (INSURGENT's): its scenarios typed, the whole of it
    in ``document``."""
    out = pb.CatalogResponse(version=doc["version"], engine_version=engine.VERSION,
                             game=doc["game"])
    for sc in doc["scenarios"]:
        out.scenarios.add(**sc)
    out.document.update(doc)
    return out


# each game's catalogue document as the message
TO_PROTO = {CT: _colonial_twilight, games.ALGERIA.name: _algeria,
            games.INSURGENT.name: _document}
assert set(TO_PROTO) == set(games.GAMES)


@lru_cache(maxsize=None)
def full(game: str = CT) -> pb.CatalogResponse:
    """The whole catalogue of ``game`` (a name of ``games.GAMES``)."""
    return TO_PROTO[game](games.GAMES[game].catalog())


def version(game: str = "") -> str:
    """The version (ETag) of ``game``'s catalogue ("" = the default game's); "" for an unknown
    name (the request then fails in the core, naming the field)."""
    found = games.GAMES.get(game) if game else games.DEFAULT
    return str(found.catalog()["version"]) if found is not None else ""


def answer(req: pb.CatalogRequest, game: str = CT) -> pb.CatalogResponse:
    """The whole catalogue, or only its version when the client's copy (``if_none_match``, an
    HTTP entity tag's quotes and weak prefix allowed) is current."""
    tag = req.if_none_match.strip().removeprefix("W/").strip('"')
    if tag == version(game):
        return pb.CatalogResponse(version=tag, not_modified=True, engine_version=engine.VERSION,
                                  game=game)
    return full(game)
