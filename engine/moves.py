"""The move vocabulary of Colonial Twilight (docs/moves.md): every kind ``t`` a listed move may
have, and the other fields its moves carry. The OpenAPI document types ``Move`` from it
(service.openapi); tests/service/test_openapi_types.py holds to it every move literal written in
engine/ and referee_core/ and every move listed along random games, so a kind or field an
Operation, Event or round adds must be added here."""

from __future__ import annotations

from referee_core.chance import MOVES as CHANCE_MOVES

MOVES: dict[str, tuple[str, ...]] = {
    "activate": ("space",),
    "add": ("piece",),
    "agitate": ("space",),
    "available_to_oop": ("piece",),
    "base": ("space", "ug"),
    "decline": (),
    "deselect": (),
    "done": (),
    "draw": ("card",),
    "event": ("side",),
    "flip": ("space",),
    "go": (),
    "group": ("from", "to"),
    "move": ("from", "piece", "to"),
    "oop_to_available": ("piece",),
    "op": ("box", "deception", "op"),
    "out_of_play": ("piece",),
    "pacify": ("space",),
    "pass": (),
    "pick": ("from", "piece", "value"),
    "pivotal": ("card",),
    "place": ("from", "piece", "source", "space"),
    "remove": ("box", "piece", "space"),
    "replace": ("from", "piece", "space", "take"),
    "resettle": ("space",),
    "revenge": ("space",),
    "sa": ("sa",),
    "select": ("piece", "space"),
    "space": ("amnesty", "piece", "space"),
    **CHANCE_MOVES,
}
