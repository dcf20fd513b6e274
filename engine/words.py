"""The rulebook's words for the engine's keys, shared by the labels (engine.labels), the prompts
and the board picture: piece names in the singular, counts that agree with their number
("1 Government Base", "2 French Police", "3 Guerrillas")."""

from __future__ import annotations

import re

from referee_core.words import counted, plural

PIECES = {
    "french_troops": "French Troops", "french_police": "French Police",
    "algerian_troops": "Algerian Troops", "algerian_police": "Algerian Police",
    "gov_bases": "Government Base", "guerrillas_underground": "Underground Guerrilla",
    "guerrillas_active": "Active Guerrilla", "fln_bases": "FLN Base", "guerrillas": "Guerrilla",
}
BOXES = {"available": "Available", "casualties": "Casualties", "out_of_play": "Out of Play",
         "set_aside": "set-aside pieces"}
CONTROL = {"gov": "Government", "fln": "FLN"}
LEVELS = {"support": "Support", "neutral": "Neutral", "oppose": "Opposition"}


def piece_name(p: str) -> str:
    """A piece kind in the singular ("Government Base"; Troops and Police are their own
    plural)."""
    return PIECES.get(p, p.replace("_", " "))


def count(n: int, piece: str) -> str:
    """``n`` pieces of kind ``piece`` (a key or a name), the noun agreeing: "1 FLN Base",
    "2 FLN Bases", "2 French Police"."""
    return counted(n, piece_name(piece))


_COUNTED = re.compile(r"(?<![\w.])(\d+)((?: more)?(?: [A-Z][A-Za-z]*)*? )"
                      r"(Base|Guerrilla|Resource|piece|marker|space)(s|\(s\))?(?![\w(]| Casualties)")


def agree(text: str) -> str:
    """Every "N noun" of ``text`` with the noun agreeing with N: "1 Resources" -> "1 Resource",
    "2 Guerrilla(s)" -> "2 Guerrillas"."""
    def fix(mo: re.Match[str]) -> str:
        n = int(mo.group(1))
        return f"{mo.group(1)}{mo.group(2)}{mo.group(3)}{'' if n == 1 else 's'}"
    return _COUNTED.sub(fix, text)


__all__ = ["BOXES", "CONTROL", "LEVELS", "PIECES", "agree", "count", "counted", "piece_name",
           "plural"]
