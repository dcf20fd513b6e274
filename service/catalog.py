"""``Referee/Catalog``: the engine's catalogue document (``engine.catalog``) as the contract's
message, built once per process (it changes only with the engine)."""

from __future__ import annotations

from functools import lru_cache

import engine
from engine.catalog import catalog
from ct_referee_proto.v1 import referee_pb2 as pb


@lru_cache(maxsize=1)
def full() -> pb.CatalogResponse:
    doc = catalog()
    out = pb.CatalogResponse(version=doc["version"], engine_version=engine.VERSION,
                             board=pb.CatalogBoard(**doc["board"]))
    for sc in doc["scenarios"]:
        out.scenarios.add(**sc)
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


def version() -> str:
    return str(catalog()["version"])


def answer(req: pb.CatalogRequest) -> pb.CatalogResponse:
    """The whole catalogue, or only its version when the client's copy (``if_none_match``, an
    HTTP entity tag's quotes and weak prefix allowed) is current."""
    tag = req.if_none_match.strip().removeprefix("W/").strip('"')
    if tag == version():
        return pb.CatalogResponse(version=tag, not_modified=True, engine_version=engine.VERSION)
    return full()
