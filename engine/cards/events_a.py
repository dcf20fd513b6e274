"""Event cards (chapter 5): texts that need no lasting marker. Each card cites its specification
(docs: ct-cards-01-35.md / ct-cards-36-71.md) and rules."""

from __future__ import annotations

from typing import Sequence

from ..board import add_commitment, populated
from ..data import FRANCE_BOXES, SPACES
from ..event_steps import pick
from ..events import Event, StepFn, register_event
from ..machine import Log, emit, push
from ..state import Frame, State


def _commitment(n: int) -> StepFn:
    def step(s: State, f: Frame, log: Log) -> None:
        add_commitment(s, n)
        emit(log, "5.1", f"Commitment {n:+d} (now {s.commitment})", commitment=s.commitment)
    return step


@register_event
class UnitedNationsResolution(Event):
    """#21: unshaded Commitment +1; shaded Commitment -1."""

    card = 21

    def steps(self, side: str) -> Sequence[StepFn]:
        return [_commitment(1 if side == "unshaded" else -1)]

    def effective(self, s: State, side: str) -> bool:
        return s.commitment < 50 if side == "unshaded" else s.commitment >= 1


@register_event
class GovernmentOfTheUSAIsConvinced(Event):
    """#22: unshaded Commitment +2; shaded Commitment -2."""

    card = 22

    def steps(self, side: str) -> Sequence[StepFn]:
        return [_commitment(2 if side == "unshaded" else -2)]

    def effective(self, s: State, side: str) -> bool:
        return s.commitment < 50 if side == "unshaded" else s.commitment >= 1


def _beni_targets(s: State) -> list[str]:
    return [n for n, sp in s.spaces.items() if SPACES[n].kind != "country" and populated(s, n)
            and sp["support"] == "neutral" and sp["terror"] == 0]


@register_event
class BeniOuiOui(Event):
    """#9 (single text): up to 2 Populated, Neutral Algerian spaces without Terror; set each to
    Support or Opposition (executor's choice per space)."""

    card = 9
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose_spaces, self.choose_level, self.choose_level, self.apply_levels]

    def choose_spaces(self, s: State, f: Frame, log: Log) -> None:
        push(s, pick(f["who"], "Beni-Oui-Oui: choose up to 2 Neutral populated spaces",
                     _beni_targets(s), "spaces", 0, 2))

    def choose_level(self, s: State, f: Frame, log: Log) -> None:
        done = f["x"].setdefault("levels", [])
        if "level" in f["x"]:
            done.append(f["x"].pop("level")[0])
        if len(done) < len(f["x"]["spaces"]):
            sp = f["x"]["spaces"][len(done)]
            push(s, pick(f["who"], f"Beni-Oui-Oui: set {sp} to Support or Opposition",
                         ["support", "oppose"], "level", 1, 1))

    def apply_levels(self, s: State, f: Frame, log: Log) -> None:
        done = f["x"]["levels"]
        if "level" in f["x"]:
            done.append(f["x"].pop("level")[0])
        for sp, level in zip(f["x"]["spaces"], done):
            s.spaces[sp]["support"] = level
            emit(log, "5.1", f"{sp} set to {level}", space=sp, support=level)

    def effective(self, s: State, side: str) -> bool:
        return bool(_beni_targets(s))


@register_event
class ProtestInParis(Event):
    """#14 (single text): move the France Track 0, 1 or 2 boxes in one direction."""

    card = 14
    texts = ("unshaded",)

    def steps(self, side: str) -> Sequence[StepFn]:
        return [self.choose, self.move]

    def choose(self, s: State, f: Frame, log: Log) -> None:
        i = FRANCE_BOXES.index(s.france_track)
        targets = sorted({FRANCE_BOXES[j] for j in range(max(0, i - 2), min(5, i + 2) + 1)})
        push(s, pick(f["who"], "Protest in Paris: new France Track box", targets, "box", 1, 1))

    def move(self, s: State, f: Frame, log: Log) -> None:
        s.france_track = f["x"]["box"][0]
        emit(log, "5.1", f"France Track to {s.france_track}", france_track=s.france_track)

    def effective(self, s: State, side: str) -> bool:
        """For the FLN as executor (8.3): the marker can move toward F."""
        return s.france_track != "F"

