"""Colonial Twilight's checks of frame data shared by its rules chapters (their ``check_frame``):
map spaces and Support shifts, the Sequence of Play (2.3). Each raises ``StateError(field, reason,
rule)`` with the field inside the frame; the game-agnostic primitives are referee_core.checks."""

from __future__ import annotations

from typing import Any

from referee_core.checks import at, check_int, check_obj, fail, frame_below, show

from .data import COUNTRIES, SPACES

FACTIONS = ("gov", "fln")  # 1.5


def check_eligible(who: Any, role: str, sop: dict[str, Any]) -> None:
    """2.3.1-2.3.2: the First Eligible acts first, then the other player (fields: of the frame)."""
    want = sop["first"] if role == "first" else ("fln" if sop["first"] == "gov" else "gov")
    if who != want or type(who) is not str:
        fail("who", f"the {role} eligible player is {want} (sop.first = {sop['first']})", "2.3.1")
    if role == "first" and sop["first_box"] is not None:
        fail("", "the First Eligible has already acted on this card (sop.first_box)", "2.3.2")
    if role == "second" and (sop["first_box"] is None or sop["second_box"] is not None):
        fail("", "the Second Eligible acts after the First Eligible and only once", "2.3.2")



def check_space_name(v: Any, field: str, allowed: Any = None) -> str:
    """A map space's name (one of ``allowed`` when given, else any of the 30)."""
    if type(v) is not str or v not in (SPACES if allowed is None else allowed):
        fail(field, f"{show(v)} is not a space{'' if allowed is None else ' allowed here'}")
    return v



def check_shifts(v: Any, field: str) -> dict[str, int]:
    """{space: levels shifted so far (1-2)} of a Support Phase (6.3.1, 6.3.2)."""
    d = check_obj(v, field)
    for n, k in d.items():
        check_space_name(n, at(field, n))
        if n in COUNTRIES:
            fail(at(field, n), "Countries carry no Support marker", "1.6.3")
        check_int(k, at(field, n), 1, 2, "6.3")
    return d



def check_game_stage(s: Any, stage: str) -> None:
    """Inside ``check_frame`` of a frame lying on the game loop: the loop's ``stage`` is the one
    its step set before pushing that frame (2.3.6: "play" while the card is drawn, "draw" while
    it is played, and during Open Deployment)."""
    if frame_below(s)["stage"] != stage:
        fail("", f"the game loop below is at stage {frame_below(s)['stage']!r}, not {stage!r}",
             "2.3.6")



def check_on_card(s: Any, stage: str) -> None:
    """Inside ``check_frame`` of a frame lying on the card's frame: the card is at ``stage`` (the
    one its step set before pushing that frame, 2.3)."""
    below = frame_below(s)
    if below["k"] == "card" and below["stage"] != stage:
        fail("", f"the card below is at stage {below['stage']!r}: this decision comes at stage"
             f" {stage!r}", "2.3")



def eligible_stage(role: str) -> str:
    """The card's stage while the ``role`` Eligible player acts (2.3.2)."""
    return "second" if role == "first" else "adjust"
