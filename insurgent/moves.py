"""The move vocabulary of *INSURGENT: Algeria* (docs/insurgent/state.md): every kind ``t`` a
listed move may have, and the other fields its moves carry. The OpenAPI document types ``Move``
from this table (service.openapi); tests/service/test_openapi_types.py holds to it every move
literal written in insurgent/ and referee_core/ and every move listed along random games, so a
kind or field an action adds must be added here. ``recruit`` and ``negotiate`` are written as
``{"t": action.lower()}`` (insurgent.actions, insurgent.solo)."""

from __future__ import annotations

from referee_core.chance import MOVES as CHANCE_MOVES

MOVES: dict[str, tuple[str, ...]] = {
    "attack": ("card",),
    "bomb": (),
    "capture": ("card",),
    "draw": ("card",),
    "expose": ("front", "pos"),
    "hide": ("card",),
    "jailbreak": ("card", "face"),
    "keep": (),
    "mulligan": (),
    "negotiate": (),
    "play": ("card", "face", "front"),
    "recruit": (),
    "remove": ("card",),
    "skip": (),
    **CHANCE_MOVES,
}
