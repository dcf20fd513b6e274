"""Algeria's part of the game records (docs/records.md, ``referee_core.recording``): a checkpoint
after every mission (9.0: the move that ends it, or that declares it when it resolves at once)
and whenever the turn, the phase or the phase's own step (the frame above the turn: the
Government's, then the FLN's Reinforcement or Deployment, 4.0) changes; only the generator's
state (``rng``) is hidden."""

from __future__ import annotations

from typing import Any, Mapping

from referee_core import recording


def section(data: Mapping[str, Any]) -> tuple[Any, ...]:
    """Where the game stands: its turn, phase and the phase's step (4.0)."""
    pending = data.get("pending") or []
    step = pending[1].get("k") if len(pending) > 1 and isinstance(pending[1], dict) else None
    return data.get("turn"), data.get("phase"), step


def in_mission(data: Mapping[str, Any]) -> bool:
    """A mission (9.0) under way: a mission frame on the stack."""
    return any(isinstance(f, dict) and f.get("k") == "mission" for f in data.get("pending") or [])


class Chapters:
    """Algeria's checkpoint cadence (``referee_core.recording.Chapters``)."""

    def __init__(self, start: Mapping[str, Any]) -> None:
        self.section = section(start)
        self.mission = in_mission(start)

    def move(self, m: Mapping[str, Any], after: Mapping[str, Any] | None) -> bool:
        if m.get("t") == "mission":
            self.mission = True
        if after is None:
            return False
        at, self.section = self.section, section(after)
        ended = self.mission and not in_mission(after)
        self.mission = in_mission(after)
        return at != self.section or ended


RECORDING = recording.register(recording.Recording(
    game="algeria", schema="algeria-state/", chapters=Chapters, hidden=("rng",), cards=False))
