"""The move vocabulary of *Algeria* (docs/algeria/moves.md): every kind ``t`` a listed move may
have, and the other fields its moves carry. A mission's question ``q`` is answered by
``{"t": q, "value": v}`` (``algeria.missions.ask``); the repeated ones (``pick0`` …) are
``missions_gov.PICKS``. The OpenAPI document types ``Move`` from this table (service.openapi);
tests/service/test_openapi_types.py holds to it every move literal written in algeria/ and
referee_core/ and every move listed along random games, so a kind or field a mission, event or
phase adds must be added here."""

from __future__ import annotations

from referee_core.chance import MOVES as CHANCE_MOVES

from .missions_gov import PICKS

MOVES: dict[str, tuple[str, ...]] = {
    "activate": ("unit",),
    "activate_border_zone": (),
    "air": ("value",),
    "airmobilize": ("unit",),
    "area": ("area",),
    "build": ("area", "unit"),
    "choose": ("value",),
    "convert": ("to", "unit"),
    "decline": (),
    "deploy": ("area", "unit"),
    "dest": ("value",),
    "done": (),
    "from_france": ("area",),
    "go": (),
    "hand_over": (),
    "hit": ("unit",),
    "lost": ("value",),
    "mission": ("area", "mission"),
    "mobilize": ("item",),
    "mode": ("mode", "unit"),
    "pass": (),
    "patrol": (),
    "pick": ("value",),
    **{q: ("value",) for q in PICKS},
    "place": ("area", "mode", "unit"),
    "place_oas": ("area",),
    "police": ("value",),
    "react": (),
    "remove_police": ("unit",),
    "split": ("fln_gain", "fln_loss", "gov_gain", "gov_loss"),
    "stay": (),
    "target": ("value",),
    "to_france": ("unit",),
    "unit": ("unit",),
    **CHANCE_MOVES,
}
