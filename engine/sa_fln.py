"""4.3: FLN Special Activities – Extort, Subvert, Ambush.

Moves (besides ``{"t": "done"}``):

* Extort (4.3.1): ``{"t": "space", "space": S}``.
* Subvert (4.3.2): ``{"t": "remove", "space": S, "piece": P}`` removes one Algerian cube (up to two
  in all, in up to two spaces), or ``{"t": "replace", "space": S}`` replaces one Algerian Police by
  an Underground Guerrilla (``"from": T, "piece": P`` when the Guerrilla comes from the map, 1.4.1).
* Ambush (4.3.3): ``{"t": "space", "space": S, "piece": P}`` – the Attack in S (selected and paid
  for as an Attack location) is resolved as an Ambush that removes enemy piece P.
"""

from __future__ import annotations

from referee_core.native import mypyc_attr
from referee_core.why import SILENT, Why

from . import modifiers as mod
from .board import add_resources, control, gov_count, population, remove_to
from .data import AG, AP, AT, UG
from .machine import Log, emit, find_frame
from .ops import OPS, SpecialActivity, register_sa
from .ops_fln import (
    can_place_guerrilla, note_activation, place_guerrilla, place_guerrilla_moves, remove_enemy,
    removal_choices,
)
from .state import Frame, Move, State

__all__ = ["Extort", "Subvert", "Ambush", "extort_space"]


def extort_space(s: State, n: str, why: Why = SILENT) -> bool:
    """4.3.1: a populated space with an Underground Guerrilla and FLN Control (independent Countries
    included); Momentum #56 (Hardened Attitudes) bars a Sector without an FLN Base."""
    if s.spaces[n]["pieces"][UG] == 0:
        return why.no("4.3.1", "{} has no Underground Guerrilla to Extort with", n)
    if population(s, n) < 1:
        return why.no("4.3.1", "{} is Pop 0: Extort needs Population", n)
    if control(s, n) != "fln":
        return why.no("4.3.1", "{} is not under FLN Control", n)
    return not mod.extort_barred(s, n) or why.no(
        "5.4", "Hardened Attitudes (#56): no Extort in a Sector without an FLN Base ({})", n)


class Extort(SpecialActivity):
    """4.3.1: in populated spaces with an Underground Guerrilla and FLN Control (independent
    Countries included): Activate one Underground Guerrilla, +1 FLN Resource each."""

    name = "extort"
    kind = "sa:extort"
    rule = "4.3.1"
    earns = True

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        locs = f["locs"]
        return [{"t": "space", "space": n} for n in s.spaces
                if n not in locs and extort_space(s, n)]

    def sa_any(self, s: State, f: Frame) -> bool:
        locs = f["locs"]
        return any(n not in locs and extort_space(s, n) for n in s.spaces)

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        n = m.get("space")
        if m["t"] == "space" and isinstance(n, str):
            if n in f["locs"]:
                why.no("4.3.1", "{} is already selected", n)
            else:
                extort_space(s, n, why)

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        f["locs"].append(n)
        sp = s.space_w(n)
        sp["pieces"][UG] -= 1
        sp["pieces"][AG] += 1
        note_activation(s, n)
        add_resources(s, "fln", 1)
        emit(log, self.rule, f"Extort in {n} (+1 Resource)", actor="fln", sa="extort", space=n)


def subvertible(p: dict[str, int]) -> bool:
    """4.3.2: a space's pieces ``p`` hold an Underground Guerrilla and an Algerian cube."""
    return p[UG] > 0 and p[AT] + p[AP] > 0


@mypyc_attr(allow_interpreted_subclasses=True)
class Subvert(SpecialActivity):
    """4.3.2: in up to two spaces with an Underground Guerrilla and Algerian cubes, remove a total
    of up to two Algerian cubes (to Available), or in one space replace one Algerian Police (to
    Available) with an Underground Guerrilla. ``x``: ``removed`` (cubes removed), ``replaced``."""

    name = "subvert"
    kind = "sa:subvert"
    rule = "4.3.2"

    def candidates(self, s: State) -> list[str]:
        """4.3.2: the spaces with an Underground Guerrilla and an Algerian cube."""
        return [n for n, sp in s.spaces.items() if subvertible(sp["pieces"])]

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        if x.get("replaced"):
            return []
        removed = x.get("removed", 0)
        ms: list[Move] = []
        cands = self.candidates(s)
        if removed < 2:
            for n in cands:
                if n in f["locs"] or len(f["locs"]) < 2:
                    ms += [{"t": "remove", "space": n, "piece": p} for p in (AT, AP)
                           if s.spaces[n]["pieces"][p] > 0]
        if removed == 0:
            for n in cands:
                if s.spaces[n]["pieces"][AP] > 0:
                    ms += place_guerrilla_moves(s, {"t": "replace", "space": n})
        return ms

    def sa_any(self, s: State, f: Frame) -> bool:
        """``bool(self.sa_moves(s, f))`` without building the moves: a candidate holds an Algerian
        cube, so it offers a removal whenever one more space may be selected (4.3.2)."""
        x = f["x"]
        if x.get("replaced"):
            return False
        removed = x.get("removed", 0)
        locs = f["locs"]
        for n, sp in s.spaces.items():  # the candidates, stopping at the first with a move
            if not subvertible(sp["pieces"]):
                continue
            if removed < 2 and (n in locs or len(locs) < 2):
                return True
            if removed == 0 and sp["pieces"][AP] > 0 and can_place_guerrilla(s, n):
                return True
        return False

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        x, n = f["x"], m.get("space")
        if not isinstance(n, str):
            return
        p = s.spaces[n]["pieces"]
        if x.get("replaced"):
            why.no("4.3.2", "this Subvert replaced a Police cube: nothing more")
        elif p[UG] == 0:
            why.no("4.3.2", "{} has no Underground Guerrilla to Subvert with", n)
        elif m["t"] == "remove":
            if x.get("removed", 0) >= 2:
                why.no("4.3.2", "Subvert removes at most 2 Algerian cubes in all")
            elif n not in f["locs"] and len(f["locs"]) >= 2:
                why.no("4.3.2", "Subvert is in at most 2 spaces ({})", ", ".join(f["locs"]))
            elif m.get("piece") not in (AT, AP) or p[m["piece"]] == 0:
                why.no("4.3.2", "Subvert removes Algerian cubes, and {} has no {}", n,
                       m.get("piece"))
        elif m["t"] == "replace":
            if x.get("removed"):
                why.no("4.3.2", "a replacement is instead of removals, and cubes were removed")
            elif p[AP] == 0:
                why.no("4.3.2", "{} has no Algerian Police to replace", n)

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        n = m["space"]
        if n not in f["locs"]:
            f["locs"].append(n)
        if m["t"] == "remove":
            remove_to(s, m["piece"], n, "available")
            x["removed"] = x.get("removed", 0) + 1
            emit(log, self.rule, f"Subvert: {m['piece']} removed from {n} to Available",
                 actor="fln", sa="subvert", space=n, piece=m["piece"])
        else:
            remove_to(s, AP, n, "available")
            place_guerrilla(s, n, m)
            x["replaced"] = True
            emit(log, self.rule, f"Subvert: Algerian Police in {n} replaced by a Guerrilla",
                 actor="fln", sa="subvert", space=n, source=m.get("from", "available"))


class Ambush(SpecialActivity):
    """4.3.3: in up to two spaces with an Underground Guerrilla and enemy pieces, selected for an
    Attack (paid as Attack locations) and resolved instead as an Ambush: Activate one Underground
    Guerrilla, remove one enemy piece (Police, then Troops, then Bases), -1 Commitment per Base, no
    roll, no Attrition. Granted alone by an Event (``op`` None), it occurs as if an Attack were
    occurring in the space (5.5 note), at no cost."""

    name = "ambush"
    kind = "sa:ambush"
    rule = "4.3.3"

    def attack(self, s: State, f: Frame) -> Frame | None:
        """The accompanying Attack frame when it may still select a location, or None."""
        opf = find_frame(s, "op:attack")
        if opf is None or opf["x"].get("busy"):
            return None
        op = OPS["attack"]
        if not op.may_add_location(opf) or not op.affordable(s, opf):
            return None
        return opf

    def taken(self, s: State, f: Frame, why: Why = SILENT) -> list[str] | None:
        """The spaces already Attack or Ambush locations, or None when no Ambush may be added:
        at most two (4.3.3), none under Peace Talks (#57), the Attack able to pay for it."""
        if len(f["locs"]) >= 2:
            why.no("4.3.3", "Ambush is in at most 2 spaces")
            return None
        if mod.attack_banned(s):
            why.no("5.4", "no Attack, hence no Ambush, while Peace Talks (#57) is in effect")
            return None
        taken: list[str] = list(f["locs"])
        if f["op"] is not None:
            opf = self.attack(s, f) if f["op"] == "attack" else None
            if opf is None:
                why.no("4.3.3", "the Attack cannot take another location (its box, or"
                       " Resources)")
                return None
            taken += opf["locs"]
        return taken

    def space_ok(self, s: State, n: str, taken: list[str], why: Why = SILENT) -> bool:
        if n in taken:
            return why.no("4.3.3", "{} is already an Attack location", n)
        if s.spaces[n]["pieces"][UG] == 0:
            return why.no("4.3.3", "{} has no Underground Guerrilla to Ambush with", n)
        return gov_count(s, n) > 0 or why.no("4.3.3", "{} has no Government pieces", n)

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        taken = self.taken(s, f)
        if taken is None:
            return []
        return [{"t": "space", "space": n, "piece": p} for n in s.spaces
                if self.space_ok(s, n, taken) for p in removal_choices(s, n, 1)]

    def sa_any(self, s: State, f: Frame) -> bool:
        taken = self.taken(s, f)
        return taken is not None and any(self.space_ok(s, n, taken) and removal_choices(s, n, 1)
                                         for n in s.spaces)

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        n = m.get("space")
        if m["t"] != "space" or not isinstance(n, str):
            return
        taken = self.taken(s, f, why)
        if (taken is not None and self.space_ok(s, n, taken, why)
                and m.get("piece") not in removal_choices(s, n, 1)):
            why.no("3.3.3", "the piece removed is the first of Police, then Troops, then Bases:"
                   " {}", " or ".join(removal_choices(s, n, 1)))

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        if f["op"] is not None:
            opf = self.attack(s, f)
            assert opf is not None
            OPS["attack"].add_location(s, opf, n, log)
        f["locs"].append(n)
        if mod.ambush_activates(s):
            sp = s.space_w(n)
            sp["pieces"][UG] -= 1
            sp["pieces"][AG] += 1
        emit(log, self.rule, f"Ambush in {n}", actor="fln", sa="ambush", space=n,
             activated=mod.ambush_activates(s))
        remove_enemy(s, n, m["piece"], log, self.rule)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_sa(Extort)
register_sa(Subvert)
register_sa(Ambush)
