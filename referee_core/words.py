"""Counts in words, for every game's labels, prompts and pictures: a noun agreeing with its number
("1 Base", "2 Bases", "1 hit", "3 hits"). The nouns the rulebooks use as their own plural (Troops,
Police) and nouns already plural ("Cadres") are left as they are."""

from __future__ import annotations

_OWN_PLURAL = ("Troops", "Police", "s")


def plural(noun: str) -> str:
    """"Bases", "French divisions"; "French Troops", "Police" and "Cadres" as they are."""
    return noun if noun.endswith(_OWN_PLURAL) else noun + "s"


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun`` (in the singular) agreeing with it: "1 hit", "2 hits", "3 Police"."""
    return f"{n} {noun if n == 1 else plural(noun)}"
