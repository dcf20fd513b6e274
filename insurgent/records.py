"""*INSURGENT: Algeria*'s part of the game records (docs/records.md, ``referee_core.recording``):
a checkpoint whenever a new turn begins (Gameplay: the FLN's, then the French's; the first closes
the set-up and its reshuffles, Setup 5), and at the end. The checkpoint hash leaves out what a
sealed state hides (``HIDDEN``): both hands, both decks, the cards a RECRUIT drew, the FLN's fronts
(their face-down cards, Play a Turn 1), the stack of decisions (its frames name cards) and the
generator's state."""

from __future__ import annotations

from typing import Any, Mapping

from referee_core import recording

HIDDEN = ("hands", "decks", "recruits", "fronts.fln", "pending", "rng")


def chapters(start: Mapping[str, Any]) -> recording.Chapters:
    return recording.BySection(lambda d: d.get("turn"), start)


RECORDING = recording.register(recording.Recording(
    game="insurgent", schema="insurgent-state/", chapters=chapters, hidden=HIDDEN, cards=True,
    sides=("fln", "french")))
