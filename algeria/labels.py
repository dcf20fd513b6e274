"""The English wording a user interface shows for *Algeria*: one short label for every legal move
and every log entry, with areas, units and boxes named as the rules name them. The service passes
the labels through unchanged (as ``engine.labels`` does for Colonial Twilight).

* ``move_label(state, move)`` – a legal move in the context of its prompt: "Set up French brigade
  1 in Constantine", "Mobilize a French division", "Deploy French brigade 1 to I-1 Barika",
  "Build a Cadre in II-2 Philippeville (3 AP)", "Raid in Oran", "FLN gains 2 PSP, the
  Government loses 1", "Pass". A move of a kind this module does not know
  (a mission added later) is named by its kind and every field in words, so the labels of one
  prompt stay distinct.
* ``log_label(entry)`` – a log entry's text with unit ids ("fr_bde.1"), area ids ("II-2",
  "ALGIERS"), unit types ("fr_div") and sides ("gov") in words.
* ``unit_name(id)`` / ``area_name(id)`` – "French brigade 1", "II-2 Philippeville";
  ``counted(n, noun)`` – "1 hit", "2 Police"; ``in_words(text)`` – any engine text with its keys
  in words. The prompts (``algeria/*.py``) and the board picture (``algeria/render.py``) name
  units, areas, missions and events through these, so every text a person reads agrees.

Labels are for people: never part of a move, and a move is never read from its label.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from referee_core.words import counted

from .data import AREAS, RAW, UNIT_TYPES
from .state import Frame, Move, State

UNIT_NAMES = {"fr_div": "French division", "fr_bde": "French brigade",
              "elite_bde": "French elite brigade", "alg_bde": "Algerian brigade",
              "police": "Police", "front": "Front", "cadre": "Cadre", "band": "Band",
              "failek": "Failek"}
ITEMS = {**UNIT_NAMES, "air_point": "Air Point", "helo_point": "Helicopter Point",
         "naval_point": "Naval Point", "border_zone": "Border Zone"}
BOXES = {"UG": "Underground", "OPS": "Operations", "PTL": "Patrol", "OC": "Operations Completed"}
SIDES = {"gov": "Government", "fln": "FLN", "chance": "Chance"}
EVENT_NAMES = {"nato": "NATO pressure", "suez": "Suez Crisis", "coup": "Coup d'etat"}
CHOICES = {"raise_fln": "raise the FLN PSL", "lower_gov": "lower the Government PSL",
           "remove_oas": "remove the OAS", "keep_oas": "keep the OAS"}
_FULL = {a["id"]: a["full_name"] for a in RAW["areas"]}
assert set(UNIT_NAMES) == set(UNIT_TYPES)


def area_name(a: Any) -> str:
    """"II-2 Philippeville", "Algiers", "France"; anything else as it is."""
    return _FULL.get(a, str(a)) if isinstance(a, str) else str(a)


def unit_name(uid: Any) -> str:
    """"French brigade 1", "Cadre 17"; anything else as it is."""
    if isinstance(uid, str) and "." in uid:
        key, n = uid.split(".", 1)
        if key in UNIT_NAMES:
            return f"{UNIT_NAMES[key]} {n}"
    return str(uid)


def unit_kind(key: Any) -> str:
    """A unit type or item key in words ("fr_div" -> "French division")."""
    return ITEMS.get(key, str(key).replace("_", " ")) if isinstance(key, str) else str(key)


def indefinite(noun: str) -> str:
    """"a Band", "an Algerian brigade"."""
    if noun == "Police":
        return "a Police unit"
    return ("an " if noun[:1] in "AEIOU" else "a ") + noun


def value_name(k: str, v: Any) -> str:
    """A move field's value in words, by what it holds."""
    if isinstance(v, str):
        if v in AREAS:
            return area_name(v)
        if "." in v and v.split(".", 1)[0] in UNIT_NAMES:
            return unit_name(v)
        if v in ITEMS:
            return ITEMS[v]
        if v in CHOICES:
            return CHOICES[v]
        if v in BOXES:
            return f"the {BOXES[v]} box"
        if k == "value" and v in ("I", "II", "III", "IV", "V", "VI"):
            return f"wilaya {v}"
        return v.replace("_", " ")
    return str(v)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _top(s: State) -> Frame:
    return s.pending[-1] if s.pending else {}


def _place(s: State, f: Frame, m: Move) -> str:
    mode = f", {m['mode']}" if "mode" in m else ""
    return f"Set up {unit_name(m.get('unit'))} in {area_name(m.get('area'))}{mode}"


def _area(s: State, f: Frame, m: Move) -> str:
    where = area_name(m.get("area"))
    if f.get("k") == "gov_deploy" and f.get("unit"):
        return f"Deploy {unit_name(f['unit'])} to {where} (Operations box)"
    item = f.get("item")
    if item:
        return f"Place the new {ITEMS.get(item, item)} in {where}"
    return f"Choose {where}"


def _pick(s: State, f: Frame, m: Move) -> str:
    v = m.get("value")
    if f.get("k") == "purge":
        if isinstance(v, str) and "." in v:
            return f"Neutralize {unit_name(v)} (FLN purge)"
        return f"FLN purge in {value_name('value', v)}"
    if f.get("k") == "remove":
        return f"Remove {unit_name(v)}"
    return f"Choose {value_name('value', v)}"


def _deploy(s: State, f: Frame, m: Move) -> str:
    if "area" in m:
        return f"Deploy every Underground unit in {area_name(m['area'])} to its Operations box"
    return f"Deploy {unit_name(m.get('unit'))} to its Operations box"


def _convert(s: State, f: Frame, m: Move) -> str:
    to = str(m.get("to"))
    return f"Convert {unit_name(m.get('unit'))} to {indefinite(ITEMS.get(to, to))}"


def _unit(s: State, f: Frame, m: Move) -> str:
    u = s.units.get(m.get("unit", ""), {})
    where = f" (in {area_name(u['area'])})" if u.get("area") else ""
    return f"Deploy {unit_name(m.get('unit'))}{where}"


# ---- the Operations Phase (8.0, 9.0; algeria/missions.py) ------------------------------------

def mission_name(name: Any) -> str:
    """"Propaganda", "Civil Affairs", "OAS Suppression"."""
    return " ".join(w.upper() if w == "oas" else w.capitalize() for w in str(name).split("_"))


def _mission(s: State, f: Frame, m: Move) -> str:
    if m.get("mission") == "move":
        return f"Move a unit from {area_name(m.get('area'))}"
    return f"{mission_name(m.get('mission'))} in {area_name(m.get('area'))}"


def _unit_in(s: State, f: Frame, m: Move) -> str:
    if f.get("k") == "mission":
        return f"{unit_name(m.get('unit'))} takes part in the {mission_name(f.get('m'))}"
    if f.get("k") == "react":
        return f"{unit_name(m.get('unit'))} reacts"
    return _unit(s, f, m)


def _split(s: State, f: Frame, m: Move) -> str:
    if "fln_gain" in m:
        return f"FLN gains {m['fln_gain']} PSP, the Government loses {m.get('gov_loss')}"
    return f"Government gains {m.get('gov_gain')} PSP, the FLN loses {m.get('fln_loss')}"


ANSWERS: dict[str, Callable[[Any], str]] = {
    "dest": lambda v: f"Move to {area_name(v)}",
    "lost": lambda v: f"{unit_name(v)} is neutralized (Raid \"+\")",
    "police": lambda v: f"Neutralize {unit_name(v)} (Raid \"@\")",
    "target": lambda v: f"Harass {unit_name(v)}",
}


LABELS: dict[str, Callable[[State, Frame, Move], str]] = {
    "mission": _mission,
    "hand_over": lambda s, f, m: "Tell the Government to conduct a mission",
    "go": lambda s, f, m: f"Conduct the {mission_name(f.get('m'))} with the units chosen",
    "split": _split,
    "react": lambda s, f, m: "React with the units chosen",
    "decline": lambda s, f, m: "Do not React",
    "hit": lambda s, f, m: f"{unit_name(m.get('unit'))} takes the next hit",
    **{q: (lambda fn: lambda s, f, m: fn(m.get("value")))(fn) for q, fn in ANSWERS.items()},
    "place": _place,
    "roll": lambda s, f, m: f"Die roll: {m.get('value')}",
    "choose": lambda s, f, m: _upper_first(value_name("value", m.get("value"))),
    "pick": _pick,
    "place_oas": lambda s, f, m: f"Place the OAS in {area_name(m.get('area'))}",
    "mobilize": lambda s, f, m: (
        "Advance the Border Zone" if m.get("item") == "border_zone"
        else f"Mobilize {indefinite(unit_kind(m.get('item')))}"),
    "area": _area,
    "remove_police": lambda s, f, m: f"Remove {unit_name(m.get('unit'))} from the map",
    "activate_border_zone": lambda s, f, m: "Activate the Border Zone",
    "activate": lambda s, f, m: f"Activate {unit_name(m.get('unit'))}",
    "build": lambda s, f, m: (f"Build {indefinite(unit_kind(m.get('unit')))}"
                              f" in {area_name(m.get('area'))}"),
    "convert": _convert,
    "unit": _unit_in,
    "patrol": lambda s, f, m: f"{unit_name(f.get('unit'))} patrols (Patrol box)",
    "stay": lambda s, f, m: f"{unit_name(f.get('unit'))} stays where it is",
    "mode": lambda s, f, m: f"{unit_name(m.get('unit'))} to {m.get('mode')} mode",
    "deploy": _deploy,
    "to_france": lambda s, f, m: f"Send {unit_name(m.get('unit'))} to France",
    "from_france": lambda s, f, m: (
        f"Bring the Cadre back from France to {area_name(m.get('area'))}"),
    "pass": lambda s, f, m: "Pass",
    "done": lambda s, f, m: "Done",
}


# The Government's assets and Suppression (airpower, missions_gov: 11.11, 11.12, 9.26).
LABELS.update({
    "air": lambda s, f, m: (f"Spend {m.get('value')} Air Point{'' if m.get('value') == 1 else 's'}"
                            if m.get("value") else "Spend no Air Point"),
    "airmobilize": lambda s, f, m: f"Airmobilize {unit_name(m.get('unit'))}",
    **{f"pick{i}": (lambda s, f, m: f"Neutralize {unit_name(m.get('value'))}") for i in range(5)},
})


def _generic(m: Move) -> str:
    """Any other move: its kind and every field in words (so labels stay distinct)."""
    parts = [str(m.get("t", "")).replace("_", " ").capitalize()]
    parts += [f"{k.replace('_', ' ')} {value_name(k, v)}" for k, v in m.items() if k != "t"]
    return ", ".join(parts)


def move_label(s: State, m: Move) -> str:
    """A legal move of ``s`` as a person reads it."""
    fn = LABELS.get(str(m.get("t")))
    known = {"t", "unit", "area", "value", "item", "mode", "to", "mission", "fln_gain",
             "gov_loss", "gov_gain", "fln_loss"}
    if fn is None or not set(m) <= known:  # a field this wording does not cover
        return _generic(m)
    return fn(s, _top(s), m)


def move_labels(s: State, moves: list[Move]) -> list[str]:
    """The labels of ``moves`` (the legal moves of one prompt), in the same order; two moves
    that would read alike are told apart by their fields."""
    labels = [move_label(s, m) for m in moves]
    seen: dict[str, int] = {}
    for lb in labels:
        seen[lb] = seen.get(lb, 0) + 1
    return [lb if seen[lb] == 1 else f"{lb} ({_generic(m)})" for lb, m in zip(labels, moves)]


# ---- log entries -------------------------------------------------------------------------------

_UNIT_RE = re.compile(r"\b(" + "|".join(UNIT_NAMES) + r")\.(\d+)\b")
_ITEM_RE = re.compile(r"\b(" + "|".join(sorted(ITEMS, key=len, reverse=True)) + r")\b")
_AREA_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _FULL), key=len, reverse=True))
                      + r")\b")
_SIDE_RE = re.compile(r"\b(gov|fln)\b")
_BOX_RE = re.compile(r"\b(UG|OPS|PTL|OC) box\b")
_KEY_RE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")        # any other engine key: "abject_failure"
_MAYBE_PLURAL_RE = re.compile(r"\b(\d+) ((?:[A-Z]\w* )*\w+?)\(s\)")   # "1 hit(s)"


def in_words(text: str) -> str:
    """An engine text with unit ids ("fr_bde.1"), area ids ("II-2", "ALGIERS"), unit types
    ("fr_div"), sides ("gov"), boxes ("OPS box") and any other key ("raise_fln",
    "abject_failure") in words, and every "N noun(s)" agreeing with N."""
    text = _UNIT_RE.sub(lambda mo: f"{UNIT_NAMES[mo.group(1)]} {mo.group(2)}", text)
    text = _ITEM_RE.sub(lambda mo: ITEMS[mo.group(1)], text)
    text = _AREA_RE.sub(lambda mo: _FULL[mo.group(1)], text)
    text = _SIDE_RE.sub(lambda mo: SIDES[mo.group(1)], text)
    text = _BOX_RE.sub(lambda mo: f"{BOXES[mo.group(1)]} box", text)
    text = _KEY_RE.sub(lambda mo: CHOICES.get(mo.group(0), mo.group(0).replace("_", " ")), text)
    return _MAYBE_PLURAL_RE.sub(lambda mo: counted(int(mo.group(1)), mo.group(2)), text)


def log_label(entry: dict[str, Any]) -> str:
    """A log entry as a person reads it, e.g. "French brigade 1 deploys to IV-1 Medea"."""
    return _upper_first(in_words(str(entry.get("text", ""))))


__all__ = ["area_name", "counted", "in_words", "log_label", "mission_name", "move_label",
           "move_labels", "unit_kind", "unit_name"]
