"""3.2: Government Operations – Train, Garrison, Sweep, Assault.

Moves (besides the generic ``sa`` / ``done`` of engine.ops):

* Train (3.2.1): ``{"t": "space", "space": S}`` selects a City, a Sector with a Government Base (or,
  under Recall De Gaulle, a Populated Sector with Government Control, Troops and Police) or a Track
  (``"france_track"`` / ``"border_zone"``); ``{"t": "place", "piece": AT|AP, "space": S}`` places a
  cube from Available in the space selected last, or – only when none of that type is Available
  (1.4.1) – ``{"t": "place", "piece", "space", "from": T}`` takes it from space T;
  ``{"t": "pacify", "space": S}`` performs one Pacification step (remove one Terror marker, else
  shift one level toward Support) in the one Pacify space (two under Capability #13 unshaded).
* Garrison (3.2.2): ``{"t": "pick", "piece": FP|AP, "from": A}`` then
  ``{"t": "move", "piece", "from": A, "to": D}``; ``{"t": "activate", "space": S}`` ends it.
* Sweep (3.2.3): ``{"t": "space", "space": D}`` then ``{"t": "move", "piece": FT|AT, "from": A,
  "to": D}`` from adjacent spaces; Activation is resolved when the Sweep is declared complete.
* Assault (3.2.4): ``{"t": "space", "space": S}`` (resolved at once, nothing left to choose).
* Sweep and Assault under Momentum #5 unshaded (Peace of the Brave): ``{"t": "space", "space": S,
  "amnesty": UG|AG}`` selects S and pays 1 more Resource to remove that Guerrilla to Available.
* Assault under Capability #33 shaded (Revenge!): once the Government declares it complete, the FLN
  answers ``{"t": "revenge", "space": S}`` (an Assault space) or ``{"t": "decline"}``.

Capabilities and Momentum are applied through engine.modifiers, at the point each rule is applied.

Working data in ``f["x"]``: ``busy`` (a picked cube awaits its destination), ``in`` (cubes that moved
in this Operation, per space and type: a cube moves once), and each Operation's own fields.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Iterator

from referee_core.checks import check_bool, check_int, check_list, check_obj, fail, show
from referee_core.why import SILENT, Why

from .board import (
    add_commitment, available, control, cubes, de_gaulle, fln_count, independent,
    map_sources, move_piece, on_map_elsewhere, place_from_available, police, population,
    remove_guerrillas_alternating, remove_terror_or_shift, remove_to, troops,
)
from . import modifiers as mod
from .data import (
    AG, ALGERIA, ALGERIAN_CUBES, AP, COUNTRIES, CUBES, FB, FORCE_POOL, FP, FRANCE_BOXES, FT, GB,
    POLICE, SPACES, TROOPS, UG,
)
from .machine import Log, emit
from .ops import TRACKS, Operation, register_op
from .state import Frame, Move, State

PACIFY_COST = 2  # 3.2.1: per Terror marker removed or level shifted, even in a free Train
GARRISON_MAX = 6  # 3.2.2
BORDER_ZONE_MAX = 4  # 5.1.8

# --- helpers shared with the Government Special Activities (engine.sa_gov) -------------------


AVAILABLE = "available"  # Deploy moves pieces from and to the Available box (4.2.1)


_NONE: Final[dict[str, Any]] = {}  # nothing moved in (read, never written)


def moved_in(f: Frame, space: str, piece: str) -> int:
    """How many ``piece`` moved into ``space`` during this action (they may not move again)."""
    x: dict[str, Any] = f["x"]
    into: dict[str, dict[str, int]] = x.get("in", _NONE)
    n: int = into.get(space, _NONE).get(piece, 0)
    return n


def note_moved_in(f: Frame, space: str, piece: str) -> None:
    into: dict[str, dict[str, int]] = f["x"].setdefault("in", {})
    d = into.setdefault(space, {})
    d[piece] = d.get(piece, 0) + 1


def movable(s: State, f: Frame, space: str, piece: str) -> int:
    """Pieces of a type in a space (or the Available box) that have not already moved in during
    this action."""
    here = available(s, piece) if space == AVAILABLE else s.spaces[space]["pieces"][piece]
    return int(here) - moved_in(f, space, piece)


def why_not_movable(s: State, f: Frame, space: str, piece: str, why: Why, rule: str) -> bool:
    """``movable(...) > 0``, telling ``why`` otherwise (a piece moves once per action)."""
    if movable(s, f, space, piece) > 0:
        return True
    if moved_in(f, space, piece):
        return why.no(rule, "every {} in {} has already moved in this action: a piece moves once",
                      piece, space)
    return why.no(rule, "there is no {} in {}", piece, space)


def why_not_picked(f: Frame, m: Move, why: Why, rule: str) -> bool:
    """A ``move`` must move the piece just picked (``pick`` first)."""
    pick = f["x"].get("pick")
    if not pick:
        return why.no(rule, "pick a piece first ({{\"t\": \"pick\", \"piece\", \"from\"}})")
    if [m.get("piece"), m.get("from")] != pick:
        return why.no(rule, "the picked piece is a {} from {}", pick[0], pick[1])
    if m.get("to") == m.get("from"):
        return why.no(rule, "a piece moves to another space")
    return True


# Garrison, Deploy and Troop Lift move one piece at a time, in two prompts: pick a piece, then its
# destination (no Special Activity may start in between: ``busy``).


MOVE_X = frozenset(("busy", "pick", "in", "moved"))  # the working data of piece-by-piece moves
GOV_MOVABLE = CUBES + (GB,)  # the pieces they move (Deploy moves Bases too, 4.2.1)


def check_moves_data(s: State, f: Frame, rule: str) -> None:
    """The working data of piece-by-piece moves (Garrison, Sweep, Deploy, Troop Lift): the
    pieces that moved in, per place and type, and a picked piece that is there and has not
    moved in yet."""
    x = f["x"]
    places = SPACES.keys() | {AVAILABLE}
    into = check_obj(x.get("in", {}), "x.in")
    for n, by_piece in into.items():
        if n not in places:
            fail("x.in", f"{show(n)} is not a space or the Available box", rule)
        for p, k in check_obj(by_piece, f"x.in.{n}").items():
            if p not in GOV_MOVABLE:
                fail(f"x.in.{n}", f"{show(p)} is not a Government piece that moves", rule)
            check_int(k, f"x.in.{n}.{p}", 1, FORCE_POOL[p], rule)  # (it may have moved on: Sweep)
    if "moved" in x:
        check_int(x["moved"], "x.moved", 0, FORCE_POOL[FT] + FORCE_POOL[FP] + 10, rule)
    pick = x.get("pick")
    if (x.get("busy") is True) != (pick is not None) or type(x.get("busy", False)) is not bool:
        fail("x.busy", "busy exactly while a picked piece awaits its destination", rule)
    if pick is not None:
        if (type(pick) is not list or len(pick) != 2 or pick[0] not in GOV_MOVABLE
                or pick[1] not in places or movable(s, f, pick[1], pick[0]) < 1):
            fail("x.pick", "must be [piece, place] of a piece there that may still move", rule)


def start_pick(f: Frame, m: Move) -> None:
    f["x"]["pick"], f["x"]["busy"] = [m["piece"], m["from"]], True


def picked_moves(s: State, f: Frame, dests: Callable[[str, str], list[str]]) -> list[Move]:
    """The moves of the picked piece, one per destination ``dests(piece, source)`` – none if it is
    no longer there (only in an inconsistent loaded state)."""
    piece, src = f["x"]["pick"]
    if movable(s, f, src, piece) <= 0:
        return []
    return [{"t": "move", "piece": piece, "from": src, "to": d} for d in dests(piece, src)]


def move_picked(s: State, f: Frame, piece: str, src: str, dst: str) -> None:
    """Move the picked piece between spaces and the Available box; it may not move again (3.2.2,
    4.2.1-4.2.2)."""
    if src == AVAILABLE:
        s.boxes["available"][piece] -= 1
    else:
        s.space_w(src)["pieces"][piece] -= 1
    if dst == AVAILABLE:
        s.boxes["available"][piece] += 1
    else:
        s.space_w(dst)["pieces"][piece] += 1
    note_moved_in(f, dst, piece)
    f["x"]["moved"] = f["x"].get("moved", 0) + 1
    f["x"]["pick"], f["x"]["busy"] = None, False


def activate(s: State, space: str, n: int, log: Log, rule: str) -> int:
    """1.4.3: flip up to ``n`` Underground Guerrillas in ``space`` to Active; returns how many."""
    p = s.spaces[space]["pieces"]
    k = min(n, p[UG])
    if k:
        p = s.space_w(space)["pieces"]
        p[UG] -= k
        p[AG] += k
        emit(log, rule, f"{k} Guerrilla(s) Activated in {space}", space=space, activated=k)
    return k


class GovOperation(Operation):
    """A Government Operation (3.2)."""

    faction = "gov"

    def first_payment(self, s: State, f: Frame) -> bool:
        """For Operations paid once in total (Garrison): may the first location still be paid?"""
        return bool(f["locs"]) or self.affordable(s, f)


# --- 3.2.1 Train -------------------------------------------------------------------------------


class Train(GovOperation):
    """3.2.1: pay 2 per location; place up to four Algerian cubes in each selected space, or shift a
    Track one box; then, in one selected space, optionally Pacify (2 Resources per step, even when
    the Train is free: first remove Terror markers, then shift one level toward Support)."""

    name = "train"
    kind = "op:train"
    checked_x = frozenset(("cur", "placed", "police_only", "pacified", "shifted"))

    def check_data(self, s: State, f: Frame) -> None:
        """3.2.1: the space being trained (``cur``) and those Pacified are selected spaces of
        Algeria; ``placed``: cubes placed there so far."""
        x = f["x"]
        if x.get("cur") is not None and (x["cur"] not in f["locs"] or x["cur"] not in ALGERIA):
            fail("x.cur", "must be a space the Train selected", self.rule)
        if "cur" in x and x["cur"] is not None:
            check_int(x.get("placed"), "x.placed", 0, 6, self.rule)
            check_bool(x.get("police_only"), "x.police_only")
        for k in ("pacified", "shifted"):
            done = check_list(x.get(k, []), f"x.{k}")
            if not all(n in f["locs"] and n in ALGERIA for n in done):
                fail(f"x.{k}", "spaces the Train selected", self.rule)
    rule = "3.2.1"
    cost = 2
    sas: tuple[str, ...] = ("deploy", "troop_lift")
    places_pieces = True

    def space_ok(self, s: State, n: str, why: Why = SILENT) -> bool:
        """3.2.1, 5.1.7: Cities, Sectors with a Government Base; under Recall De Gaulle also
        Populated Sectors with Government Control and both Troops and Police."""
        sp = SPACES[n]
        if sp.is_country:
            return why.no("1.4.2", "{} is a Country: Government pieces never enter it", n)
        if mod.train_barred(s, n):
            return why.no("5.4", "no Train in {}: Hardened Attitudes (#56) bars Sectors not at"
                          " Support", n)
        mark = why.mark()
        return why.either(mark, self.normal_space(s, n, why) or mod.moghazni_sector(s, n))

    def normal_space(self, s: State, n: str, why: Why = SILENT) -> bool:
        """3.2.1, 5.1.7: a City, a Sector with a Government Base, or (Recall De Gaulle) a Populated
        Sector with Government Control, Troops and Police."""
        if SPACES[n].is_city or s.spaces[n]["pieces"][GB] > 0:
            return True
        if not de_gaulle(s):
            return why.no("3.2.1", "{} is not a Train location: a Sector without a Government"
                          " Base, and Recall De Gaulle (5.1.7) is not in effect", n)
        if not (population(s, n) >= 1 and control(s, n) == "gov"):
            return why.no("5.1.7", "{} is not a Train location: a Sector without a Government"
                          " Base must be Populated and under Government Control", n)
        if not (troops(s, n) > 0 and police(s, n) > 0):
            return why.no("5.1.7", "{} is not a Train location: a Sector without a Government"
                          " Base needs both Troops and Police", n)
        return True

    def police_only(self, s: State, n: str) -> bool:
        """Momentum #46 unshaded: a Sector selectable only because of Moghazni receives Algerian
        Police only."""
        return not self.normal_space(s, n)

    def cube_types(self, f: Frame) -> tuple[str, ...]:
        """The Algerian cubes that may be placed in the space being trained (3.2.1, #46)."""
        return (AP,) if f["x"].get("police_only") else ALGERIAN_CUBES

    def track_ok(self, s: State, t: str, why: Why = SILENT) -> bool:
        """3.2.1, 5.1.8: the France Track (one box toward A) unless already at A; the Border Zone
        Track (one box toward 4) only once Morocco and Tunisia are independent, and below 4."""
        if t == "france_track":
            return s.france_track != FRANCE_BOXES[0] or why.no(
                "3.2.1", "the France Track is already at A")
        if not independent(s) or s.border_zone is None:
            return why.no("5.1.8", "the Border Zone Track is in play only once Morocco and"
                          " Tunisia are independent")
        return s.border_zone < BORDER_ZONE_MAX or why.no("3.2.1", "the Border Zone is already at"
                                                         " {}", BORDER_ZONE_MAX)

    def may_pacify(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """3.2.1: is a Pacification step possible in ``n``: Government Control, 2 Resources, a
        Terror marker to remove or else one level to shift (one at most)."""
        x = f["x"]
        done = x.get("pacified", [])
        if n not in f["locs"] or n in TRACKS:
            return why.no("3.2.1", "Pacify only in a space selected for this Train, not {}", n)
        if n not in done and len(done) >= mod.pacify_spaces(s):
            return why.no("3.2.1", "Pacification is in one selected space only ({})",
                          ", ".join(done))
        if n in x.get("shifted", []):
            return why.no("3.2.1", "{} has already shifted one level: Pacify shifts it once", n)
        if s.resources[f["who"]] < PACIFY_COST:
            return why.no("3.2.1", "Resources are short: each Pacification step costs {}, the"
                          " Government has {}", PACIFY_COST, s.resources[f["who"]])
        return self.pacifiable(s, n, why)

    def pacifiable(self, s: State, n: str, why: Why = SILENT) -> bool:
        """3.2.1: Government Control and a Terror marker to remove, or else a level to shift. The
        rule sets no Population condition: in a Pop 0 space only the shift is impossible (1.6.2:
        always Neutral), so its Terror markers may still be removed."""
        if control(s, n) != "gov":
            return why.no("3.2.1", "Pacify needs Government Control of {}", n)
        sp = s.spaces[n]
        if sp["terror"] > 0:
            return True
        if population(s, n) < 1:
            return why.no("1.6.2", "{} has no Terror marker and is Pop 0: always Neutral", n)
        return sp["support"] != "support" or why.no(
            "3.2.1", "{} has no Terror marker and is already at Support", n)

    def useful(self, s: State, f: Frame, n: str, from_map: bool = True,
               why: Why = SILENT) -> bool:
        """Something can be done in a space selected now: a cube can be placed (1.4.1: taken
        from the map only with ``from_map``), or it can be Pacified with the Resources left after
        paying for it."""
        types = (AP,) if self.police_only(s, n) else ALGERIAN_CUBES
        if any(available(s, p) > 0 or (from_map and on_map_elsewhere(s, p, n)) for p in types):
            return True
        rest = s.resources[f["who"]] - self.price(s, f)
        return rest >= PACIFY_COST and self.pacifiable(s, n) or why.no(
            "3.2.1", "nothing could be done in {}: no Algerian cube to place there and no"
            " Pacification possible", n)

    def may_select(self, s: State, f: Frame, why: Why = SILENT) -> bool:
        if f["x"].get("pacified"):
            return why.no("3.2.1", "Pacification has begun: no more Train locations")
        return super().may_select(s, f, why)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT,
                    from_map: bool = True) -> bool:
        if n in TRACKS:
            return self.track_ok(s, n, why)
        return self.space_ok(s, n, why) and self.useful(s, f, n, from_map, why)

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        ms: list[Move] = [{"t": "space", "space": n} for n in self.selectable(s, f)]
        if not x.get("pacified"):
            ms += self.place_moves(s, f)
        ms += [{"t": "pacify", "space": n} for n in f["locs"]
               if n not in TRACKS and self.may_pacify(s, f, n)]
        return ms

    def op_any(self, s: State, f: Frame) -> bool:
        if self.may_select(s, f) and any(n not in f["locs"] and self.location_ok(s, f, n)
                                         for n in TRACKS + ALGERIA):
            return True
        return bool((not f["x"].get("pacified") and self.place_moves(s, f))
                    or any(n not in TRACKS and self.may_pacify(s, f, n) for n in f["locs"]))

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        t = m["t"]
        if t == "pacify" and isinstance(m.get("space"), str):
            self.may_pacify(s, f, m["space"], why)
        elif t == "place":
            x = f["x"]
            cur, piece = x.get("cur"), m.get("piece")
            if x.get("pacified"):
                why.no("3.2.1", "Pacification has begun: no more cubes are placed")
            elif cur is None or m.get("space") != cur:
                why.no("3.2.1", "cubes are placed in the space just selected ({})", cur or "none")
            elif x["placed"] >= mod.train_cubes(s):
                why.no("3.2.1", "at most {} cubes are placed per Train space",
                       mod.train_cubes(s))
            elif piece not in self.cube_types(f):
                why.no("3.2.1", "Train places {} only", " or ".join(self.cube_types(f)))
            elif "from" in m and available(s, piece) > 0:
                why.no("1.4.1", "{} may come from the map only when none is Available", piece)
            elif "from" not in m and available(s, piece) == 0:
                why.no("1.4.1", "no {} is Available: name the space it comes from", piece)
        else:
            super().why_not_op(s, f, m, why)

    def selectable(self, s: State, f: Frame, from_map: bool = True) -> list[str]:
        """The Tracks and spaces that may be selected now (none once Pacification began)."""
        if not self.may_select(s, f):
            return []
        return [n for n in TRACKS + ALGERIA
                if n not in f["locs"] and self.location_ok(s, f, n, from_map=from_map)]

    def place_moves(self, s: State, f: Frame) -> list[Move]:
        """3.2.1, 1.4.1: cubes for the space being trained, from Available, else from the map."""
        x = f["x"]
        cur = x.get("cur")
        if cur is None or x["placed"] >= mod.train_cubes(s):
            return []
        ms: list[Move] = []
        for piece in self.cube_types(f):
            if available(s, piece) > 0:
                ms.append({"t": "place", "piece": piece, "space": cur})
            else:
                ms += [{"t": "place", "piece": piece, "space": cur, "from": src}
                       for src in map_sources(s, piece, exclude=cur)]
        return ms

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        if m["t"] == "space":
            n = m["space"]
            self.add_location(s, f, n, log)
            if n in TRACKS:
                x["cur"] = None
                self.shift_track(s, n, log)
            else:
                x["cur"], x["placed"] = n, 0
                x["police_only"] = self.police_only(s, n)
        elif m["t"] == "place":
            self.place(s, f, m, log)
        else:
            self.pacify(s, f, m["space"], log)

    def shift_track(self, s: State, t: str, log: Log) -> None:
        """3.2.1: shift the Track's marker one box (France Track toward A, Border Zone toward 4)."""
        if t == "france_track":
            s.france_track = FRANCE_BOXES[FRANCE_BOXES.index(s.france_track) - 1]
            emit(log, self.rule, f"France Track shifted to {s.france_track}", france_track=s.france_track)
        else:
            assert s.border_zone is not None
            s.border_zone += 1
            emit(log, self.rule, f"Border Zone Status raised to {s.border_zone}", border_zone=s.border_zone)

    def place(self, s: State, f: Frame, m: Move, log: Log) -> None:
        """3.2.1, 1.4.1: place one Algerian cube (from Available, or from the map if none is)."""
        cur, piece = m["space"], m["piece"]
        if "from" in m:
            move_piece(s, piece, m["from"], cur)
            emit(log, "1.4.1", f"{piece} taken from {m['from']} to {cur}", space=cur, piece=piece,
                 source=m["from"])
        else:
            place_from_available(s, piece, cur)
            emit(log, self.rule, f"{piece} placed in {cur}", space=cur, piece=piece)
        f["x"]["placed"] += 1

    def pacify(self, s: State, f: Frame, n: str, log: Log) -> None:
        """3.2.1: one Pacification step, paid 2 Resources even if the Train is free (3.1.2)."""
        x = f["x"]
        x["cur"] = None
        if n not in x.setdefault("pacified", []):
            x["pacified"].append(n)
        s.resources[f["who"]] -= PACIFY_COST
        if remove_terror_or_shift(s, n, "support"):
            x.setdefault("shifted", []).append(n)
            sup = s.spaces[n]["support"]
            emit(log, self.rule, f"Pacify: {n} shifted to {sup}", space=n, support=sup,
                 cost=PACIFY_COST)
        else:
            emit(log, self.rule, f"Pacify: Terror marker removed in {n}", space=n, cost=PACIFY_COST)


# --- 3.2.2 Garrison ----------------------------------------------------------------------------


def garrison_space(s: State, n: str, why: Why = SILENT) -> bool:
    """3.2.2: Populated and Resettled spaces of Algeria."""
    return (n not in COUNTRIES and (population(s, n) >= 1 or bool(s.spaces[n]["resettled"]))
            or why.no("3.2.2", "{} is not a Garrison space: Police move among Populated or"
                      " Resettled spaces of Algeria", n))


class Garrison(GovOperation):
    """3.2.2: pay 2 in total; move up to six Police among selected Populated/Resettled spaces (a
    Limited Operation: one destination); then Activate, in one selected space, one Underground
    Guerrilla per Police cube there (Mountain: per two). The locations recorded (2.3.4, 2.3.5) are
    the destinations plus the Activation space."""

    name = "garrison"
    kind = "op:garrison"
    checked_x = MOVE_X | {"activated"}

    def check_data(self, s: State, f: Frame) -> None:
        check_moves_data(s, f, self.rule)
        if "activated" in f["x"] and f["x"]["activated"] not in f["locs"]:
            fail("x.activated", "must be a space the Garrison selected", self.rule)
    rule = "3.2.2"
    cost = 2
    sas: tuple[str, ...] = ("troop_lift", "neutralize")

    def dests(self, s: State, f: Frame, src: str) -> list[str]:
        if f["box"] == "limited_op" and f["locs"]:
            return [d for d in f["locs"][:1] if d != src]
        return [d for d in ALGERIA if d != src and garrison_space(s, d)]

    def activation(self, s: State, n: str) -> int:
        """3.2.2: one per Police cube (Mountain: per two; #17 unshaded: Algerian Police one
        each), at most the Underground Guerrillas there."""
        return min(mod.garrison_activation(s, n), int(s.spaces[n]["pieces"][UG]))

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        if x.get("activated"):
            return []
        if x.get("pick"):
            return picked_moves(s, f, lambda piece, src: self.dests(s, f, src))
        if not self.first_payment(s, f):
            return []
        ms: list[Move] = []
        spaces = [n for n in ALGERIA if garrison_space(s, n)]
        limited = f["box"] == "limited_op" and f["locs"]
        if x.get("moved", 0) < GARRISON_MAX:
            for n in spaces:
                # self.dests(s, f, n) is non-empty (computed without rebuilding it per space)
                if (f["locs"][0] == n) if limited else len(spaces) < 2:
                    continue
                ms += [{"t": "pick", "piece": p, "from": n} for p in POLICE if movable(s, f, n, p) > 0]
        ms += [{"t": "activate", "space": n} for n in spaces
               if self.activation(s, n) > 0 and not (limited and n != f["locs"][0])]
        return ms

    def op_any(self, s: State, f: Frame) -> bool:
        x = f["x"]
        if x.get("activated") or x.get("pick"):
            return bool(self.op_moves(s, f))
        if not self.first_payment(s, f):
            return False
        # op_moves' two kinds (3.2.2: Police moved among Garrison spaces, the Activation) in one
        # pass over the Garrison spaces, stopping at the first move
        limited = f["box"] == "limited_op" and f["locs"]
        to_move = x.get("moved", 0) < GARRISON_MAX
        seen, police = 0, False  # Garrison spaces so far; Police that may move from one of them
        for n in ALGERIA:
            if not garrison_space(s, n):
                continue
            seen += 1
            if to_move and not police and not (limited and f["locs"][0] == n):
                police = any(movable(s, f, n, p) > 0 for p in POLICE)
            if police and (limited or seen >= 2):  # a destination other than its source
                return True
            if not (limited and n != f["locs"][0]) and self.activation(s, n) > 0:
                return True
        return False

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        """3.2.2: which Police may move where, and the Activation."""
        x, t = f["x"], m["t"]
        limited = f["box"] == "limited_op" and f["locs"]
        if x.get("activated"):
            why.no("3.2.2", "the Activation ends the Garrison")
        elif t in ("pick", "move", "activate") and not self.first_payment(s, f):
            self.affordable(s, f, why=why)
        elif t == "pick":
            src, piece = m.get("from"), m.get("piece")
            if x.get("pick"):
                why.no("3.2.2", "a picked Police cube awaits its destination")
            elif x.get("moved", 0) >= GARRISON_MAX:
                why.no("3.2.2", "at most {} Police move in a Garrison", GARRISON_MAX)
            elif piece not in POLICE:
                why.no("3.2.2", "only Police move in a Garrison, not {}", piece)
            elif isinstance(src, str) and garrison_space(s, src, why):
                if (why_not_movable(s, f, src, piece, why, self.rule) and limited
                        and src == f["locs"][0]):
                    why.no("2.3.4", "a Limited Garrison has one destination, {}: Police move"
                           " into it, not out of it", src)
        elif t == "move":
            if why_not_picked(f, m, why, self.rule):
                to = m.get("to")
                if limited and to != f["locs"][0]:
                    why.no("2.3.4", "a Limited Garrison has one destination, {}", f["locs"][0])
                elif isinstance(to, str):
                    garrison_space(s, to, why)
        elif t == "activate" and isinstance(m.get("space"), str):
            n = m["space"]
            if garrison_space(s, n, why) and self.activation(s, n) == 0:
                why.no("3.2.2", "no Underground Guerrilla in {} can be Activated by the Police"
                       " there", n)

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        if m["t"] == "pick":
            start_pick(f, m)
        elif m["t"] == "move":
            piece, src, dst = m["piece"], m["from"], m["to"]
            move_picked(s, f, piece, src, dst)
            if dst not in f["locs"]:
                self.add_location(s, f, dst, log, pay=not f["locs"])
            emit(log, self.rule, f"{piece} moved from {src} to {dst}", piece=piece, source=src,
                 space=dst)
        else:
            n = m["space"]
            if n not in f["locs"]:
                self.add_location(s, f, n, log, pay=not f["locs"])
            x["activated"] = n
            activate(s, n, self.activation(s, n), log, self.rule)


# --- 3.2.3 Sweep -------------------------------------------------------------------------------


def amnesty_moves(s: State, f: Frame, n: str, price: int) -> list[Move]:
    """Momentum #5 unshaded (Peace of the Brave): the ways to select ``n`` while paying 1 more
    Resource (even in a free Operation) to remove one of its Guerrillas, Active or Underground."""
    if not mod.amnesty(s) or s.resources[f["who"]] < price + 1:
        return []
    p = s.spaces[n]["pieces"]
    return [{"t": "space", "space": n, "amnesty": g} for g in (UG, AG) if p[g] > 0]


def why_not_amnesty(s: State, f: Frame, m: Move, price: int, why: Why) -> bool:
    """The conditions of ``amnesty_moves``, told (Momentum #5 unshaded)."""
    if not mod.amnesty(s):
        return why.no("5.4", "an amnesty needs Peace of the Brave (#5 unshaded) in effect")
    if s.resources[f["who"]] < price + 1:
        return why.no("3.1", "Resources are short: the space and the amnesty cost {}, the"
                      " Government has {}", price + 1, s.resources[f["who"]])
    n, g = m.get("space"), m.get("amnesty")
    if g not in (UG, AG) or not isinstance(n, str) or s.spaces[n]["pieces"][g] == 0:
        return why.no("5.4", "no {} in {} to remove", g, n)
    return True


def apply_amnesty(s: State, f: Frame, m: Move, log: Log) -> None:
    """Momentum #5 unshaded: right after the space is selected and paid for, 1 Resource removes
    the chosen Guerrilla to Available (at most one per selected space)."""
    if "amnesty" not in m:
        return
    n, g = m["space"], m["amnesty"]
    s.resources[f["who"]] -= 1
    remove_to(s, g, n, "available")
    emit(log, "5.4", f"Peace of the Brave: 1 Resource, {g} removed from {n} to Available",
         card=mod.PEACE_OF_THE_BRAVE, space=n, piece=g)


class Sweep(GovOperation):
    """3.2.3: pay 2 per selected space; move adjacent Troops (not Police) into selected spaces (a
    Limited Operation: one destination); then, in each selected space, Activate one Underground
    Guerrilla per cube there (Mountain: per two). Activation happens when the Sweep is declared
    complete, after every move (a Special Activity may still follow, 4.1)."""

    name = "sweep"
    kind = "op:sweep"
    checked_x = MOVE_X

    def check_data(self, s: State, f: Frame) -> None:
        check_moves_data(s, f, self.rule)
    rule = "3.2.3"
    cost = 2
    sas: tuple[str, ...] = ("troop_lift", "neutralize")

    def sources(self, s: State, f: Frame, d: str) -> Iterator[tuple[str, str]]:
        """The adjacent spaces (of Algeria) and Troop types that may still move into ``d``."""
        return ((a, p) for a in SPACES[d].adjacent if a not in COUNTRIES
                for p in TROOPS if movable(s, f, a, p) > 0)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """3.2.3 sets no condition on the spaces selected (unlike Assault, 3.2.4): any City or
        Sector; Government pieces never enter Morocco or Tunisia (5.1.8)."""
        return (n in SPACES and n not in COUNTRIES) or why.no(
            "3.2.3", "Sweep selects Cities and Sectors, not {}", n)

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        t = m["t"]
        if t == "space" and "amnesty" in m:
            if m.get("space") in f["locs"]:
                why.no("3.1", "{} is already selected for this Sweep", m.get("space"))
            elif self.may_select(s, f, why):
                why_not_amnesty(s, f, m, self.price(s, f), why)
        elif t == "move":
            piece, src, dst = m.get("piece"), m.get("from"), m.get("to")
            if dst not in f["locs"]:
                why.no("3.2.3", "Troops move into a selected Sweep space, and {} is not one", dst)
            elif piece not in TROOPS:
                why.no("3.2.3", "only Troops move in a Sweep, not {}", piece)
            elif src not in SPACES[str(dst)].adjacent or src in COUNTRIES:
                why.no("3.2.3", "{} is not adjacent to {}: Troops move in from adjacent spaces",
                       src, dst)
            else:
                why_not_movable(s, f, str(src), str(piece), why, self.rule)
        else:
            super().why_not_op(s, f, m, why)

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        """3.2.3 sets no condition on the spaces selected (unlike Assault, 3.2.4): any City or
        Sector may be selected and paid for, even where nothing would move in or be Activated.
        (Morocco and Tunisia: Government pieces never enter them, 5.1.8, so Sweep never selects
        them.)"""
        ms: list[Move] = []
        if self.may_select(s, f):
            for n in ALGERIA:
                if n not in f["locs"] and self.location_ok(s, f, n):
                    ms.append({"t": "space", "space": n})
                    ms += amnesty_moves(s, f, n, self.price(s, f))
        for d in f["locs"]:
            ms += [{"t": "move", "piece": p, "from": a, "to": d} for a, p in self.sources(s, f, d)]
        return ms

    def op_any(self, s: State, f: Frame) -> bool:
        if self.may_select(s, f) and any(n not in f["locs"] and self.location_ok(s, f, n)
                                         for n in ALGERIA):
            return True
        return any(next(iter(self.sources(s, f, d)), None) is not None for d in f["locs"])

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "space":
            self.add_location(s, f, m["space"], log)
            apply_amnesty(s, f, m, log)
            return
        piece, src, dst = m["piece"], m["from"], m["to"]
        move_piece(s, piece, src, dst)
        note_moved_in(f, dst, piece)
        emit(log, self.rule, f"{piece} moved from {src} to {dst}", piece=piece, source=src, space=dst)

    def finish(self, s: State, f: Frame, log: Log) -> None:
        """3.2.3: Activation in each selected space, once all Troops have moved (#17 unshaded,
        #45 shaded: modifiers.sweep_activation)."""
        for n in f["locs"]:
            activate(s, n, mod.sweep_activation(s, n), log, self.rule)


# --- 3.2.4 Assault -----------------------------------------------------------------------------


def assault_removals(s: State, n: str, active: int) -> tuple[int, int]:
    """3.2.4: how many of ``active`` Active Guerrillas, then (if the cubes are not used up) how
    many Bases the counted cubes can remove: one per cube, one per two cubes in Mountain spaces –
    except Guerrillas under Capability #35 unshaded (Napalm: 1:1 in Mountain Sectors; Bases still
    need two cubes each there)."""
    k = mod.assault_cubes(s, n)
    if not SPACES[n].mountain:
        g = min(k, active)
        return g, k - g
    if mod.napalm(s, n):
        g = min(k, active)
        return g, (k - g) // 2
    g = min(k // 2, active)
    return g, k // 2 - g


class Assault(GovOperation):
    """3.2.4: pay 2 per space with Government cubes and FLN pieces; remove Active Guerrillas (to
    Available and Casualties alternately, Available first, counted within the space), then Bases
    once no Guerrilla remains (to Available, +1 Commitment each); never Underground Guerrillas.

    Lasting Events: cost 3 under #35 shaded; at most 1 space under #13 shaded; none at all under
    #57; the #5 unshaded amnesty when selecting a space; the #33 shaded Revenge once the Assault
    is complete – while it waits (``x["revenge"]``) the frame belongs to the FLN, whose moves are
    ``{"t": "revenge", "space": S}`` (one Available Guerrilla, Underground, into an Assault space)
    and ``{"t": "decline"}``."""

    name = "assault"
    kind = "op:assault"
    rule = "3.2.4"
    cost = 2
    sas: tuple[str, ...] = ("troop_lift",)

    def price(self, s: State, f: Frame, n: int = 1) -> int:
        return 0 if f["free"] else mod.assault_cost(s) * n

    def may_select(self, s: State, f: Frame, why: Why = SILENT) -> bool:
        """Momentum #57 (no Assault), 2.3.4 (one location if Limited), Capability #13 shaded (at
        most 1 space), 3.1 (the cost: 3 under #35 shaded)."""
        if mod.assault_banned(s):
            return why.no("5.4", "no Assault while Peace Talks (#57) is in effect")
        cap = mod.assault_max_spaces(s)
        if cap is not None and len(f["locs"]) >= cap:
            return why.no("5.3", "SAS (#13 shaded): at most {} Assault space", cap)
        return super().may_select(s, f, why)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """3.2.4: a space of Algeria with Government cubes and FLN pieces."""
        if n in COUNTRIES:
            return why.no("1.4.2", "{} is a Country: Government cubes never enter it", n)
        if cubes(s, n) == 0:
            return why.no("3.2.4", "{} has no Government cubes to Assault with", n)
        return fln_count(s, n) > 0 or why.no("3.2.4", "{} has no FLN pieces to Assault", n)

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if (m["t"] == "space" and "amnesty" in m
                and self.select_ok(s, f, str(m.get("space")), why)):
            why_not_amnesty(s, f, m, self.price(s, f), why)
        else:
            super().why_not_op(s, f, m, why)

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        if not self.may_select(s, f):
            return []
        ms: list[Move] = []
        for n in ALGERIA:
            if n not in f["locs"] and self.location_ok(s, f, n):
                ms.append({"t": "space", "space": n})
                ms += amnesty_moves(s, f, n, self.price(s, f))
        return ms

    def op_any(self, s: State, f: Frame) -> bool:
        return self.may_select(s, f) and any(n not in f["locs"] and self.location_ok(s, f, n)
                                             for n in ALGERIA)

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        self.add_location(s, f, n, log)
        apply_amnesty(s, f, m, log)
        resolve_assault(s, n, log, self.rule)

    # -- #33 shaded Revenge: an FLN decision once the Assault is complete ------------------------

    def actor(self, s: State, f: Frame) -> str:
        return "fln" if f["x"].get("revenge") else str(f["who"])

    def prompt(self, s: State, f: Frame) -> str:
        if f["x"].get("revenge"):
            return "Revenge!: place 1 Guerrilla in an Assault space, or decline"
        return super().prompt(s, f)

    def decision_kind(self, s: State, f: Frame) -> str:
        return "op:assault:revenge" if f["x"].get("revenge") else super().decision_kind(s, f)

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["x"].get("revenge"):
            return [{"t": "revenge", "space": n} for n in f["locs"]] + [{"t": "decline"}]
        return super().moves(s, f)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        if x.get("revenge"):
            x["revenge"] = False
            if m["t"] == "revenge":
                place_from_available(s, UG, m["space"])
                emit(log, "5.3", f"Revenge!: Guerrilla placed in {m['space']}", actor="fln",
                     card=mod.OVERKILL, space=m["space"])
            self.declare_done(s, f, log)
            return
        if (m["t"] == "done" and f["stage"] == "main" and mod.revenge(s) and f["locs"]
                and available(s, UG) > 0):
            x["revenge"] = True  # the FLN decides now (Capability #33 shaded)
            return
        super().apply(s, f, m, log)


def assault_takes(s: State, n: str) -> tuple[int, int]:
    """3.2.4: the Active Guerrillas and Bases an Assault in ``n`` removes – Bases only once no
    Guerrilla is left there (Underground ones are never removed, so they shield a Base)."""
    p = s.spaces[n]["pieces"]
    g, rest = assault_removals(s, n, p[AG])
    return g, (min(rest, p[FB]) if p[UG] == 0 and p[AG] == g else 0)


def resolve_assault(s: State, n: str, log: Log, rule: str) -> dict[str, Any]:
    """3.2.4: remove enemy pieces in one space, to the maximum extent possible (3.1)."""
    g, b = assault_takes(s, n)
    remove_guerrillas_alternating(s, n, AG, g)
    if b:
        remove_to(s, FB, n, "available", b)
        add_commitment(s, b)
    emit(log, rule, f"Assault in {n}: {g} Guerrilla(s), {b} Base(s) removed", space=n,
         guerrillas=g, bases=b)
    return {"guerrillas": g, "bases": b}


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_op(Train)
register_op(Garrison)
register_op(Sweep)
register_op(Assault)
