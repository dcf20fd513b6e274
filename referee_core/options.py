"""A new game's options (``new_game(..., options)``), read the same way in every game: each game
lists its options with their defaults; ``chance`` is ``"managed"`` or ``"external"``
(docs/chance.md) and every other option is true or false."""

from __future__ import annotations

from typing import Any

from .errors import BadRequest

CHANCE_MODES = ("managed", "external")


def options_from(options: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    """``defaults`` with the request's ``options`` (None or an object) over them; raises
    BadRequest naming the first option that is unknown or whose value is not of its kind."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest("options", "must be an object")
    out = dict(defaults)
    for k, v in options.items():
        if k not in defaults:
            raise BadRequest(f"options.{k}", f"unknown option (known: {sorted(defaults)})")
        if k == "chance":
            if v not in CHANCE_MODES:
                raise BadRequest("options.chance", 'must be "managed" or "external"')
        elif type(v) is not bool:
            raise BadRequest(f"options.{k}", "must be true or false")
        out[k] = v
    return out
