"""3.3: FLN Operations – Rally, March, Attack, Terror.

Moves (besides the generic ``sa`` / ``done`` of every Operation, engine.ops):

* Rally (3.3.1): ``{"t": "space", "space": S}`` selects a space (or ``"france_track"``) and pays;
  a selected space then takes one action: ``{"t": "place", "space": S}`` (from Available, or with
  ``"from": T, "piece": P`` taking a Guerrilla from the map when none is Available, 1.4.1),
  ``{"t": "base", "space": S, "ug": k}`` (replace two Guerrillas, ``k`` of them Underground, by a
  Base; ``"from": T`` when no Base is Available) or ``{"t": "flip", "space": S}``. With an FLN Base
  there, further ``place`` moves for the same space follow, up to Population + Bases.
  ``{"t": "agitate", "space": S}`` then removes one Terror marker, or shifts S one level toward
  Opposition (1 Resource each, even in a free Rally).
* March (3.3.2): ``{"t": "group", "from": A, "to": B}`` opens a moving group, ``{"t": "add",
  "piece": P}`` adds one Guerrilla of state P to it, ``{"t": "go"}`` moves it.
* Attack (3.3.3): ``{"t": "space", "space": S}`` pays, Activates and rolls; then ``{"t": "remove",
  "space": S, "piece": P}`` where the FLN chooses French or Algerian, and for Captured goods without
  Available Guerrillas ``{"t": "place", "space": S, "from": T, "piece": P}`` or ``{"t": "decline"}``.
* Terror (3.3.4): ``{"t": "space", "space": S}`` (a populated City or Sector, 4.2.1).
"""

from __future__ import annotations

from collections.abc import Iterator

from referee_core.chance import roll_frame
from referee_core.checks import check_bool, check_int, check_list, check_obj, fail
from referee_core.why import SILENT, Why

from .board import (
    add_commitment, available, base_room, control, cubes, gov_count, guerrillas, independent,
    map_sources, move_piece, on_map_elsewhere, place_from_available, population,
    remove_guerrillas_alternating, remove_terror_or_shift, remove_to, support, terror_left,
)
from . import modifiers as mod
from .data import (
    AG, AP, AT, COUNTRIES, FB, FORCE_POOL, FP, FRANCE_BOXES, FRENCH, FT, G, GB, SPACES, UG,
)
from .frame_checks import check_space_name
from .machine import Log, emit, find_frame, push
from .ops import Operation, register_op
from .propaganda import AGITATION_COST
from .state import Frame, Move, State

FRANCE_TRACK = "france_track"
# 3.3.3: enemy pieces are removed Police first, then Troops, then Bases.
REMOVAL_ORDER: tuple[tuple[str, ...], ...] = ((FP, AP), (FT, AT), (GB,))


# --- shared helpers (also used by the FLN Special Activities) --------------------------------


def guerrilla_sources(s: State, dest: str) -> list[tuple[str, str]]:
    """1.4.1: where a Guerrilla may be taken from when none is Available – any space but the
    destination, never Morocco or Tunisia; the player chooses an Underground or an Active one."""
    return sorted([(n, UG) for n in map_sources(s, UG, exclude=dest)]
                  + [(n, AG) for n in map_sources(s, AG, exclude=dest)])


def place_guerrilla_moves(s: State, base: Move) -> list[Move]:
    """The ways to place one Guerrilla in ``base["space"]`` (1.4.1): from Available if any, else
    from the map (each source space and state a separate move)."""
    if available(s, G) > 0:
        return [base]
    return [dict(base, **{"from": n, "piece": p}) for n, p in guerrilla_sources(s, base["space"])]


def can_place_guerrilla(s: State, dest: str) -> bool:
    """``bool(place_guerrilla_moves(...))`` without building the moves (1.4.1)."""
    return (available(s, G) > 0 or on_map_elsewhere(s, UG, dest)
            or on_map_elsewhere(s, AG, dest))


def guerrilla_anywhere(s: State, from_map: bool = True) -> bool:
    """``can_place_guerrilla`` holds for every space (1.4.1): a Guerrilla Available or, taking
    from the map, Guerrillas in two spaces outside the Countries (one is elsewhere than any)."""
    if available(s, G) > 0:
        return True
    if not from_map:
        return False
    sources = 0
    for n, sp in s.spaces.items():
        p = sp["pieces"]
        if p[UG] + p[AG] > 0 and n not in COUNTRIES:
            sources += 1
            if sources == 2:
                return True
    return False


def place_guerrilla(s: State, dest: str, m: Move) -> None:
    """1.4.1, 1.4.3: place one Guerrilla Underground in ``dest`` – from Available, or (move field
    ``from``) taken from another space on the map."""
    if "from" in m:
        take_from_map(s, m["from"], m["piece"])
        s.space_w(dest)["pieces"][UG] += 1
    else:
        place_from_available(s, UG, dest)


def take_from_map(s: State, src: str, piece: str) -> None:
    """Remove a Guerrilla from ``src`` to be placed elsewhere (1.4.1). During a March, a piece that
    has already finished its March there is taken first (interpretation)."""
    s.space_w(src)["pieces"][piece] -= 1
    mf = find_frame(s, "op:march")  # a Special Activity may be on top of the March
    if mf is not None:
        stop = mf["x"].get("stop", {}).get(src)
        i = 0 if piece == UG else 1
        if stop is not None and stop[i] > 0:
            stop[i] -= 1


def note_activation(s: State, space: str) -> None:
    """An Underground Guerrilla in ``space`` was Activated by a Special Activity (Extort) during a
    March: a piece that has already finished its March is the one flipped (interpretation)."""
    mf = find_frame(s, "op:march")
    if mf is None:
        return
    stop = mf["x"].get("stop", {}).get(space)
    if stop is not None and stop[0] > 0:
        stop[0] -= 1
        stop[1] += 1


def activate_all(s: State, space: str) -> None:
    """3.3.3, 1.4.3: Activate every Guerrilla in ``space``."""
    p = s.space_w(space)["pieces"]
    p[AG] += p[UG]
    p[UG] = 0


def removal_choices(s: State, space: str, hits: int) -> list[str]:
    """3.3.3: the enemy pieces that may be removed next (Police first, then Troops, then Bases),
    FLN choice between French and Algerian. A single entry when the choice makes no difference
    (one nationality present, or every piece of the type will be removed anyway)."""
    p = s.spaces[space]["pieces"]
    for kind in REMOVAL_ORDER:
        present = [k for k in kind if p[k] > 0]
        if not present:
            continue
        if len(present) == 1 or hits >= sum(p[k] for k in kind):
            return present[:1]
        return present
    return []


def remove_enemy(s: State, space: str, piece: str, log: Log, rule: str) -> None:
    """3.3.3, 4.3.3: an enemy piece goes to Casualties; -1 Commitment per Base removed."""
    remove_to(s, piece, space, "casualties")
    emit(log, rule, f"{piece} removed from {space} to Casualties", space=space, piece=piece)
    if piece == GB:
        add_commitment(s, -1)
        emit(log, rule, "Government Base removed: -1 Commitment", commitment=s.commitment)


class FlnOperation(Operation):
    """An FLN Operation: one Resource per location (3.3.1-3.3.4)."""

    faction = "fln"
    cost = 1


# --- 3.3.1 Rally -----------------------------------------------------------------------------


def rally_space(s: State, n: str, why: Why = SILENT) -> bool:
    """3.3.1: Rally may select any Algerian Sector, a City at Neutral or Opposition, Morocco or
    Tunisia once independent (5.1.8)."""
    sp = SPACES[n]
    if sp.is_country:
        return independent(s) or why.no("5.1.8", "{} is not independent yet: no FLN pieces"
                                        " there (1.3.4)", n)
    if sp.is_city:
        return bool(s.spaces[n]["support"] != "support") or why.no(
            "3.3.1", "{} is a City at Support: Rally selects Cities at Neutral or Opposition", n)
    return True


class Rally(FlnOperation):
    """3.3.1 Rally: place Guerrillas or Bases, flip Guerrillas Underground, shift the France Track,
    then Agitate in one selected space.

    ``x``: ``busy`` (a selected space awaits its action), ``cur``/``left`` (space where more
    Guerrillas may still be placed, and how many), ``agit`` (the Agitation space), ``shifted``."""

    name = "rally"
    kind = "op:rally"
    checked_x = frozenset(("busy", "cur", "left", "agit", "shifted"))

    def check_data(self, s: State, f: Frame) -> None:
        """3.3.1: the space being Rallied (``cur``) or Agitated (``agit``) is a selected one;
        ``left``: Guerrillas it may still receive."""
        x = f["x"]
        for k in ("cur", "agit"):
            if x.get(k) is not None and (x[k] not in f["locs"] or x[k] == FRANCE_TRACK):
                fail(f"x.{k}", "must be a space the Rally selected", self.rule)
        for k in ("busy", "shifted"):
            if k in x:
                check_bool(x[k], f"x.{k}")
        if x.get("busy") and x.get("cur") is None:
            fail("x.busy", "a Rally step is busy in the space being Rallied", self.rule)
        if "left" in x:
            check_int(x["left"], "x.left", 0, FORCE_POOL[G], self.rule)
    rule = "3.3.1"
    sas: tuple[str, ...] = ("extort", "subvert")
    places_pieces = True

    def limit(self, s: State, n: str) -> int:
        """Guerrillas that may be placed: one, or Population + Bases with an FLN Base (Resettled
        Sectors count as Pop 0; Momentum #10 shaded: modifiers.rally_bases)."""
        b = mod.rally_bases(s, n)
        return population(s, n) + b if b else 1

    def action_moves(self, s: State, n: str) -> list[Move]:
        """The actions in a selected space (3.3.1)."""
        p = s.spaces[n]["pieces"]
        ms = place_guerrilla_moves(s, {"t": "place", "space": n})
        if p[UG] + p[AG] >= 2 and base_room(s, n) >= 1:
            srcs = [None] if available(s, FB) > 0 else map_sources(s, FB, exclude=n)
            for k in range(max(0, 2 - p[AG]), min(2, p[UG]) + 1):
                for src in srcs:
                    m: Move = {"t": "base", "space": n, "ug": k}
                    if src is not None:
                        m["from"] = src
                    ms.append(m)
        if mod.rally_bases(s, n) > 0 and p[AG] > 0:
            ms.append({"t": "flip", "space": n})
        return ms

    def has_action(self, s: State, n: str, from_map: bool = True, why: Why = SILENT) -> bool:
        """``bool(self.action_moves(s, n))`` without building the moves (hot in can_start);
        without ``from_map``, only actions that need no piece taken from the map (1.4.1)."""
        p = s.spaces[n]["pieces"]
        if can_place_guerrilla(s, n) if from_map else available(s, G) > 0:
            return True
        if p[UG] + p[AG] >= 2 and base_room(s, n) >= 1 and (
                available(s, FB) > 0 or (from_map and on_map_elsewhere(s, FB, n))):
            return True
        return mod.rally_bases(s, n) > 0 and p[AG] > 0 or why.no(
            "3.3.1", "nothing could be done in {}: no Guerrilla to place, no Base to build, no"
            " Active Guerrilla to flip", n)

    def may_select(self, s: State, f: Frame, why: Why = SILENT) -> bool:
        if f["x"].get("agit"):
            return why.no("3.3.1", "Agitation has begun: no more Rally locations")
        if f["x"].get("busy"):
            return why.no("3.3.1", "{} awaits its Rally action first", f["x"].get("cur"))
        return super().may_select(s, f, why)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT,
                    from_map: bool = True) -> bool:
        if n == FRANCE_TRACK:
            return (s.france_track != "F" and not f["x"].get("base_only")) or why.no(
                "3.3.1", "the France Track cannot shift toward F now")
        if f["x"].get("base_only") and s.spaces[n]["pieces"][FB] == 0:
            return why.no("5.5", "the Event's Rally is in spaces with an FLN Base; {} has"
                          " none", n)
        return rally_space(s, n, why) and self.has_action(s, n, from_map, why)

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "agitate" and s.resources["fln"] < AGITATION_COST:
            why.no("3.3.1", "Resources are short: each Agitation step costs {}, even in a free"
                   " Rally, and the FLN has {}", AGITATION_COST, s.resources["fln"])
        elif m["t"] == "agitate" and isinstance(m.get("space"), str):
            n = m["space"]
            if n not in f["locs"]:
                why.no("3.3.1", "Agitate in a space selected for this Rally, not {}", n)
            elif f["x"].get("agit") and n != f["x"]["agit"]:
                why.no("3.3.1", "Agitation is in one space ({})", f["x"]["agit"])
            elif n not in self.agitate_spaces(s, f):
                why.no("3.3.1", "{} does not qualify for Agitation: it needs an FLN Base or FLN"
                       " Control, and a Terror marker to remove or a level to shift (none in a"
                       " Pop 0 space, 1.6.2)", n)
        else:
            super().why_not_op(s, f, m, why)

    def selectable(self, s: State, f: Frame, from_map: bool = True) -> list[str]:
        """The locations that may be selected now (spaces with an action, the France Track)."""
        if not self.may_select(s, f):
            return []
        locs = f["locs"]
        if not f["x"].get("base_only") and guerrilla_anywhere(s, from_map):
            # a Guerrilla to place in any space: every Rally space has an action (has_action)
            out = [n for n in s.spaces if n not in locs and rally_space(s, n)]
            if FRANCE_TRACK not in locs and self.location_ok(s, f, FRANCE_TRACK):
                out.append(FRANCE_TRACK)
            return out
        return [n for n in (*s.spaces, FRANCE_TRACK)
                if n not in locs and self.location_ok(s, f, n, from_map=from_map)]

    def agitate_spaces(self, s: State, f: Frame) -> list[str]:
        """3.3.1 Agitate: one selected space with an FLN Base or FLN Control, not a Country; each
        step costs 1 Resource even in a free Rally (3.1.2). The rule sets no Population condition:
        in a Pop 0 space only the shift is impossible (1.6.2), its Terror markers may be removed."""
        x = f["x"]
        if s.resources["fln"] < AGITATION_COST:
            return []
        cands = [x["agit"]] if x.get("agit") else [n for n in f["locs"] if n != FRANCE_TRACK]
        out = []
        for n in cands:
            sp = s.spaces[n]
            if n in COUNTRIES or not (sp["pieces"][FB] > 0 or control(s, n) == "fln"):
                continue
            if sp["terror"] > 0 or (not x.get("shifted") and population(s, n) >= 1
                                    and sp["support"] != "oppose"):
                out.append(n)
        return out

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        if x.get("busy"):
            return self.action_moves(s, x["cur"])
        ms: list[Move] = [{"t": "space", "space": n} for n in self.selectable(s, f)]
        if not x.get("agit"):
            if x.get("cur") and x.get("left", 0) > 0:
                ms += place_guerrilla_moves(s, {"t": "place", "space": x["cur"]})
        ms += [{"t": "agitate", "space": n} for n in self.agitate_spaces(s, f)]
        return ms

    def op_any(self, s: State, f: Frame) -> bool:
        x = f["x"]
        if x.get("busy") or not (self.may_select(s, f) and any(
                n not in f["locs"] and self.location_ok(s, f, n)
                for n in (*s.spaces, FRANCE_TRACK))):
            return bool(self.op_moves(s, f))
        return True

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        t = m["t"]
        if t == "space":
            self.select(s, f, m["space"], log)
        elif t == "place":
            n = m["space"]
            if x.get("busy"):
                x["busy"] = False
                x["left"] = self.limit(s, n)
            place_guerrilla(s, n, m)
            x["left"] -= 1
            emit(log, self.rule, f"Rally: Guerrilla placed in {n}", space=n,
                 source=m.get("from", "available"))
        elif t == "base":
            self.replace_with_base(s, f, m, log)
        elif t == "flip":
            self.flip_underground(s, f, m["space"], log)
        else:
            self.agitate(s, f, m["space"], log)

    def select(self, s: State, f: Frame, n: str, log: Log) -> None:
        self.add_location(s, f, n, log)
        if n == FRANCE_TRACK:
            s.france_track = FRANCE_BOXES[FRANCE_BOXES.index(s.france_track) + 1]
            f["x"].update(busy=False, cur=None, left=0)
            emit(log, self.rule, f"France Track shifted to {s.france_track}",
                 france_track=s.france_track)
        else:
            f["x"].update(busy=True, cur=n, left=0)

    def flip_underground(self, s: State, f: Frame, n: str, log: Log) -> None:
        """3.3.1: with an FLN Base in the space, flip all its Guerrillas Underground (1.4.3)."""
        p = s.space_w(n)["pieces"]
        p[UG] += p[AG]
        p[AG] = 0
        f["x"].update(busy=False, cur=None, left=0)
        emit(log, self.rule, f"Rally: Guerrillas in {n} flipped Underground", space=n)

    def replace_with_base(self, s: State, f: Frame, m: Move, log: Log) -> None:
        """3.3.1, 1.4.3: two Guerrillas (to Available) become a Base (from Available or, 1.4.1, from
        another space)."""
        n, k = m["space"], m["ug"]
        if k:
            remove_to(s, UG, n, "available", k)
        if k < 2:
            remove_to(s, AG, n, "available", 2 - k)
        if "from" in m:
            move_piece(s, FB, m["from"], n)
        else:
            place_from_available(s, FB, n)
        f["x"].update(busy=False, cur=None, left=0)
        emit(log, self.rule, f"Rally: two Guerrillas replaced by a Base in {n}", space=n,
             source=m.get("from", "available"))

    def agitate(self, s: State, f: Frame, n: str, log: Log) -> None:
        """3.3.1 / 6.3.2: remove one Terror marker, else shift one level toward Opposition."""
        x = f["x"]
        x.update(agit=n, cur=None, left=0)
        s.resources["fln"] -= AGITATION_COST
        if remove_terror_or_shift(s, n, "oppose"):
            x["shifted"] = True
            sup = s.spaces[n]["support"]
            emit(log, self.rule, f"Agitate: {n} shifts to {sup}", space=n, support=sup)
        else:
            emit(log, self.rule, f"Agitate: Terror marker removed from {n}", space=n)


# --- 3.3.2 March -----------------------------------------------------------------------------


def wilaya(n: str) -> int | None:
    return SPACES[n].wilaya


def international(a: str, b: str) -> bool:
    """3.3.2: a move between Morocco or Tunisia and Algeria crosses an International Border."""
    return (a in COUNTRIES) != (b in COUNTRIES)


def crosses_border(a: str, b: str) -> bool:
    """3.3.2: a move from ``a`` into ``b`` crosses a Wilaya or International Border."""
    return international(a, b) or wilaya(a) != wilaya(b)


def step_allowed(s: State, f: Frame, a: str, b: str, why: Why = SILENT) -> bool:
    """3.3.2: may a group of the March frame ``f`` move from ``a`` into adjacent ``b`` (Resources
    aside)?"""
    if b in COUNTRIES and not independent(s):
        return why.no("5.1.8", "{} is not independent yet: no FLN pieces there (1.3.4)", b)
    pairs = f["x"].get("pairs")
    if pairs and f"{a}>{b}" in pairs:
        return why.no("3.3.2", "Guerrillas have already moved from {} to {}: all that move"
                      " between two spaces move as one group", a, b)
    if mod.march_barred(s, a, b):
        return why.no("5.4", "Paranoia (#44 unshaded): no March from one Wilaya into another"
                      " ({} to {})", a, b)
    if f["box"] == "limited_op" and f["locs"] and b != f["locs"][0]:
        return why.no("2.3.4", "a Limited March has a single destination ({})", f["locs"][0])
    return True


NO_ACTIVATION = 1 << 30  # march_activation_size: no group is Activated
ANY_GROUP = -(1 << 30)  # march_activation_size: every group is


def march_activation_size(s: State, a: str, b: str) -> int:
    """3.3.2: the smallest group of Guerrillas moving from ``a`` into ``b`` that is Activated: one
    for which group + Government cubes in ``b`` (+ Border Zone Status when crossing) > 3, if ``b``
    is at Support or the group crosses an International Border, else none (``NO_ACTIVATION``);
    Momentum #53 unshaded: any group entering a City with 3+ cubes (``ANY_GROUP``)."""
    intl = international(a, b)
    before = cubes(s, b)
    if mod.march_city_activation(s, b, before):
        return ANY_GROUP
    if intl or support(s, b) == "support":
        return 4 - before - ((s.border_zone or 0) if intl else 0)
    return NO_ACTIVATION


def march_activates(s: State, a: str, b: str, size: int) -> bool:
    """3.3.2: a group of ``size`` Guerrillas moving from ``a`` into ``b`` is Activated
    (``march_activation_size``)."""
    return size >= march_activation_size(s, a, b)


def march_stops(s: State, f: Frame, a: str, b: str) -> bool:
    """3.3.2: a group that moved from ``a`` into ``b`` has finished its March there if it crossed a
    Wilaya or International Border or moved in a Limited Operation (2.3.4); Capability #27
    unshaded: after any March move."""
    return crosses_border(a, b) or f["box"] == "limited_op" or not mod.march_may_continue(s)


class March(FlnOperation):
    """3.3.2 March: groups of Guerrillas move into adjacent spaces, paying 1 per space moved into.

    ``x``: ``grp`` (the group being formed: from, to, ug, ag), ``busy``, ``stop`` (space -> [ug, ag]
    Guerrillas that have finished their March there: crossed a Wilaya or international border, or
    moved in a Limited Operation), ``pairs`` ("A>B": all Guerrillas moving from A to B move as one
    group, so each pair is used once)."""

    name = "march"
    kind = "op:march"
    rule = "3.3.2"
    sas: tuple[str, ...] = ("extort", "subvert")
    checked_x = frozenset(("stop", "pairs", "grp", "busy"))

    def check_data(self, s: State, f: Frame) -> None:
        """3.3.2: the Guerrillas that stopped are still there, a group being formed holds
        Guerrillas that may still move, from a space to an adjacent one."""
        x = f["x"]
        stop = check_obj(x.get("stop", {}), "x.stop")
        for n, v in stop.items():
            check_space_name(n, "x.stop")
            if (type(v) is not list or len(v) != 2 or type(v[0]) is not int
                    or type(v[1]) is not int or not 0 <= v[0] <= s.spaces[n]["pieces"][UG]
                    or not 0 <= v[1] <= s.spaces[n]["pieces"][AG]):
                fail(f"x.stop.{n}", "[Underground, Active] Guerrillas that stopped there",
                     self.rule)
        pairs = check_list(x.get("pairs", []), "x.pairs")
        if not all(type(p) is str and p.count(">") == 1 for p in pairs):
            fail("x.pairs", "must be \"From>To\" strings", self.rule)
        grp = x.get("grp")
        if bool(grp) != (x.get("busy") is True) or ("busy" in x and type(x["busy"]) is not bool):
            fail("x.busy", "a March step is busy exactly while a group is formed", self.rule)
        if grp:
            check_obj(grp, "x.grp", ("from", "to", UG, AG))
            a = check_space_name(grp["from"], "x.grp.from")
            check_space_name(grp["to"], "x.grp.to", SPACES[a].adjacent)
            for p in (UG, AG):
                check_int(grp[p], f"x.grp.{p}", 0, self.eligible(s, f, a, p) + grp[p], self.rule)

    def eligible(self, s: State, f: Frame, n: str, piece: str) -> int:
        """Guerrillas of state ``piece`` in ``n`` that may still move."""
        x = f["x"]
        i = 0 if piece == UG else 1
        stop = x.get("stop", {}).get(n, [0, 0])[i]
        grp = x.get("grp")
        inside = grp[piece] if grp and grp["from"] == n else 0
        return int(s.spaces[n]["pieces"][piece] - stop - inside)

    def destinations(self, s: State, f: Frame, a: str) -> list[str]:
        return [b for b in SPACES[a].adjacent if self.destination_ok(s, f, a, b)]

    def destination_ok(self, s: State, f: Frame, a: str, b: str, why: Why = SILENT) -> bool:
        """3.3.2: an adjacent space a group may enter, paying 1 for a new destination."""
        if b not in SPACES[a].adjacent:
            return why.no("3.3.2", "{} is not adjacent to {}: Guerrillas March into adjacent"
                          " spaces", b, a)
        return step_allowed(s, f, a, b, why) and (b in f["locs"] or self.affordable(s, f,
                                                                                    why=why))

    def why_not_movers(self, s: State, f: Frame, a: str, piece: str, why: Why) -> bool:
        """Guerrillas of state ``piece`` in ``a`` that may still move (``eligible``), told."""
        if self.eligible(s, f, a, piece) > 0:
            return True
        stop = f["x"].get("stop", {}).get(a, [0, 0])[0 if piece == UG else 1]
        if stop:
            return why.no("3.3.2", "the {} in {} have finished their March: a group stops after"
                          " crossing a Wilaya or International Border (or moving in a Limited"
                          " Operation)", piece, a)
        return why.no("3.3.2", "no {} in {} can join the group", piece, a)

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        x, t = f["x"], m["t"]
        grp = x.get("grp")
        if t == "group":
            a, b = m.get("from"), m.get("to")
            if grp:
                why.no("3.3.2", "a group from {} is being formed: add Guerrillas or go", grp["from"])
            elif isinstance(a, str) and isinstance(b, str):
                if self.eligible(s, f, a, UG) + self.eligible(s, f, a, AG) > 0:
                    self.destination_ok(s, f, a, b, why)
                else:
                    stopped = f["x"].get("stop", {}).get(a, [0, 0])
                    self.why_not_movers(s, f, a, UG if stopped[0] or not stopped[1] else AG,
                                        why)
        elif t == "add":
            if not grp:
                why.no("3.3.2", "open a group first ({{\"t\": \"group\", \"from\", \"to\"}})")
            elif m.get("piece") in (UG, AG):
                self.why_not_movers(s, f, grp["from"], m["piece"], why)
        elif t == "go" and not (grp and grp[UG] + grp[AG]):
            why.no("3.3.2", "add at least one Guerrilla to the group first" if grp else
                   "no group is being formed")
        else:
            super().why_not_op(s, f, m, why)

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        grp = x.get("grp")
        if grp:
            ms: list[Move] = [{"t": "add", "piece": p} for p in (UG, AG)
                              if self.eligible(s, f, grp["from"], p) > 0]
            if grp[UG] + grp[AG] > 0:
                ms.append({"t": "go"})
            return ms
        return [{"t": "group", "from": a, "to": b} for a, b in self.group_steps(s, f)]

    def group_steps(self, s: State, f: Frame) -> Iterator[tuple[str, str]]:
        """With no group formed: each space with Guerrillas that may still move (``eligible``),
        and each adjacent space they may enter (``destination_ok``, its Resources checked once)."""
        stop = f["x"].get("stop", {})
        locs = f["locs"]
        afford = self.affordable(s, f)  # a step into a new location pays for it (3.3.2)
        if not locs and not afford:  # every step would enter one
            return
        for a, sp in s.spaces.items():
            p = sp["pieces"]
            st = stop.get(a)
            if p[UG] + p[AG] - (st[0] + st[1] if st else 0) <= 0:
                continue
            for b in SPACES[a].adjacent:
                if not step_allowed(s, f, a, b):
                    continue
                if b not in locs and not afford:
                    continue
                yield a, b

    def op_any(self, s: State, f: Frame) -> bool:
        if f["x"].get("grp"):
            return bool(self.op_moves(s, f))
        return next(self.group_steps(s, f), None) is not None

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        if m["t"] == "group":
            x["grp"] = {"from": m["from"], "to": m["to"], UG: 0, AG: 0}
            x["busy"] = True
        elif m["t"] == "add":
            x["grp"][m["piece"]] += 1
        else:
            self.go(s, f, log)

    def go(self, s: State, f: Frame, log: Log) -> None:
        """Move the group; Activate it if (destination at Support or crossing an international
        border) and group + Government cubes there (+ Border Zone status when crossing) > 3."""
        x = f["x"]
        grp = x.pop("grp")
        x["busy"] = False
        a, b, ug, ag = grp["from"], grp["to"], grp[UG], grp[AG]
        x.setdefault("pairs", []).append(f"{a}>{b}")
        if b not in f["locs"]:
            self.add_location(s, f, b, log)
        activated = march_activates(s, a, b, ug + ag)
        if ug:
            move_piece(s, UG, a, b, ug)
        if ag:
            move_piece(s, AG, a, b, ag)
        if activated and ug:
            pb = s.space_w(b)["pieces"]
            pb[UG] -= ug
            pb[AG] += ug
            ag, ug = ag + ug, 0
        emit(log, self.rule, f"March: {ug + ag} Guerrilla(s) {a} -> {b}"
             + (" (Activated)" if activated else ""), space=b, source=a, activated=activated,
             crossed=crosses_border(a, b))
        if march_stops(s, f, a, b):
            stop = x.setdefault("stop", {}).setdefault(b, [0, 0])
            stop[0] += ug
            stop[1] += ag


# --- 3.3.3 Attack ----------------------------------------------------------------------------


class Attack(FlnOperation):
    """3.3.3 Attack: in each selected space Activate all Guerrillas and roll; on a roll <= their
    number remove up to two enemy pieces (Attrition for French pieces); a 1 captures goods.

    ``x`` while a space resolves: ``busy``, ``res`` (the space), ``roll`` (set by the die, read in
    ``step``), ``hits`` (removals left), ``french`` (French pieces removed), ``cg`` (Captured goods
    still to place)."""

    name = "attack"
    kind = "op:attack"
    rule = "3.3.3"
    sas: tuple[str, ...] = ("extort", "ambush")
    checked_x = frozenset(("busy", "res", "roll", "hits", "french", "cg"))

    def check_data(self, s: State, f: Frame) -> None:
        """3.3.3: a space being resolved is one of the Operation's; before the die is rolled
        only the space is known, then the removals left (0-2), French removed and Captured
        goods."""
        x = f["x"]
        if "res" not in x:
            if set(x) - {"max_locs"}:
                fail("x", "working data only while a space resolves", self.rule)
            return
        if x["res"] not in f["locs"] or x.get("busy") is not True:
            fail("x.res", "the space resolving is one the Attack selected", self.rule)
        if "hits" not in x:  # the die is still to be rolled (or just rolled: auto)
            if set(x) - {"max_locs", "busy", "res", "roll"}:
                fail("x", "the results are set up once the die is rolled", self.rule)
            if "roll" in x:
                check_int(x["roll"], "x.roll", 1, 6, self.rule)
            return
        if set(x) - {"max_locs", "busy", "res", "hits", "french", "cg"}:
            fail("x", "unknown working data", self.rule)
        check_int(x["hits"], "x.hits", 0, 2, self.rule)
        check_int(x.get("french"), "x.french", 0, 2, self.rule)
        check_bool(x.get("cg"), "x.cg")

    def targets(self, s: State, f: Frame) -> list[str]:
        return [n for n in s.spaces if n not in f["locs"] and self.location_ok(s, f, n)]

    def may_select(self, s: State, f: Frame, why: Why = SILENT) -> bool:
        if mod.attack_banned(s):
            return why.no("5.4", "no Attack while Peace Talks (#57) is in effect")
        if f["x"].get("res"):
            return why.no("3.3.3", "the Attack in {} is being resolved", f["x"]["res"])
        return super().may_select(s, f, why)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """3.3.3: a space with Guerrillas and Government pieces."""
        if guerrillas(s, n) == 0:
            return why.no("3.3.3", "{} has no Guerrillas to Attack with", n)
        return gov_count(s, n) > 0 or why.no("3.3.3", "{} has no Government pieces to Attack",
                                             n)

    def actor(self, s: State, f: Frame) -> str:
        return "auto" if "roll" in f["x"] else str(f["who"])

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        n = x.get("res")
        if n:
            if "hits" not in x:
                return []  # the die is not rolled yet (its frame is above)
            if x["hits"] > 0:
                return [{"t": "remove", "space": n, "piece": p}
                        for p in removal_choices(s, n, x["hits"])]
            return [{"t": "place", "space": n, "from": a, "piece": p}
                    for a, p in guerrilla_sources(s, n)] + [{"t": "decline"}]
        if not self.may_select(s, f):
            return []  # e.g. Momentum #57 (Peace Talks): no Attack
        return [{"t": "space", "space": n} for n in self.targets(s, f)]

    def op_any(self, s: State, f: Frame) -> bool:
        if f["x"].get("res"):
            return bool(self.op_moves(s, f))
        return self.may_select(s, f) and any(n not in f["locs"] and self.location_ok(s, f, n)
                                             for n in s.spaces)

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        if m["t"] == "space":
            n = m["space"]
            self.add_location(s, f, n, log)
            activate_all(s, n)
            x.update(busy=True, res=n)
            push(s, roll_frame(f"Attack in {n}", self.rule))
            return
        if m["t"] == "remove":
            self.remove_one(s, f, m["piece"], log)
        elif m["t"] == "place":
            place_guerrilla(s, x["res"], m)
            x["cg"] = False
            emit(log, self.rule, f"Captured goods: Guerrilla placed in {x['res']}",
                 space=x["res"], source=m["from"])
        else:
            x["cg"] = False
        self.advance(s, f, log)

    def step(self, s: State, f: Frame, log: Log) -> None:
        """The die has been rolled: set up the results of the Attack."""
        x = f["x"]
        r = x.pop("roll")
        n = x["res"]
        hit = r <= guerrillas(s, n)
        x.update(hits=min(2, gov_count(s, n)) if hit else 0, french=0, cg=r == 1)
        emit(log, self.rule, f"Attack in {n}: roll {r} vs {guerrillas(s, n)} Guerrilla(s): "
             + ("success" if hit else "failure"), space=n, roll=r, success=hit)
        self.advance(s, f, log)

    def remove_one(self, s: State, f: Frame, piece: str, log: Log) -> None:
        x = f["x"]
        remove_enemy(s, x["res"], piece, log, self.rule)
        x["hits"] -= 1
        if piece in FRENCH:
            x["french"] += 1

    def advance(self, s: State, f: Frame, log: Log) -> None:
        """Resolve what needs no decision: forced removals, Attrition, Captured goods from
        Available; stop at the first real choice, or end the space's resolution."""
        x = f["x"]
        n = x["res"]
        while x["hits"] > 0:
            ch = removal_choices(s, n, x["hits"])
            if not ch:
                x["hits"] = 0
            elif len(ch) == 1:
                self.remove_one(s, f, ch[0], log)
            else:
                return
        if x["french"]:
            self.attrition(s, n, x["french"], log)
            x["french"] = 0
        if x["cg"]:
            if available(s, G) > 0:
                place_from_available(s, UG, n)
                x["cg"] = False
                emit(log, self.rule, f"Captured goods: Guerrilla placed in {n}", space=n)
            elif can_place_guerrilla(s, n):
                return  # 1.4.1: the player may take one from the map
            else:
                x["cg"] = False
        for k in ("busy", "res", "hits", "french", "cg"):
            x.pop(k, None)

    def attrition(self, s: State, n: str, french: int, log: Log) -> None:
        """3.3.3 Attrition: one Guerrilla per French piece removed, alternately to Available and
        Casualties, Available first (all are Active: the Attack Activated them)."""
        remove_guerrillas_alternating(s, n, AG, min(french, s.spaces[n]["pieces"][AG]))
        emit(log, self.rule, f"Attrition in {n}", space=n, french_removed=french)


# --- 3.3.4 Terror ----------------------------------------------------------------------------


class Terror(FlnOperation):
    """3.3.4: in Cities or Sectors with an Underground Guerrilla, never Pop 0 (4.2.1: a Resettled
    Sector "is now treated as a Pop 0 Sector in all respects but one … The FLN player may not …
    conduct Terror there"; player aid: "not Pop 0"): pay 1, Activate one Underground Guerrilla,
    place a Terror marker if none (and one is left), set the space to Neutral.

    Lasting Events: #32 unshaded (City Terror needs and Activates 2 Underground Guerrillas), #32
    shaded (City Terror costs 0), #31 unshaded (the space is not set to Neutral)."""

    name = "terror"
    kind = "op:terror"
    rule = "3.3.4"
    sas: tuple[str, ...] = ("extort", "subvert")

    def space_cost(self, s: State, f: Frame, n: str) -> int:
        """1 Resource per space (0 when free, 3.1.2; 0 in a City under #32 shaded)."""
        return 0 if f["free"] else mod.terror_cost(s, n)

    def targets(self, s: State, f: Frame) -> list[str]:
        return [n for n in s.spaces if self.target_ok(s, f, n)]

    def target_ok(self, s: State, f: Frame, n: str) -> bool:
        """``location_ok`` of a space not selected yet, asked only where an Underground Guerrilla
        is (every Terror needs one, 3.3.4, and most spaces hold none): the listings' silent
        check; ``location_ok`` keeps its order of reasons for ``why``."""
        return (n not in f["locs"] and s.spaces[n]["pieces"][UG] > 0
                and self.location_ok(s, f, n))

    def may_select(self, s: State, f: Frame, why: Why = SILENT) -> bool:
        return self.may_add_location(f, why)  # the cost depends on the space (#32 shaded)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """3.3.4: a City or Sector, never Pop 0 (Resettled Sectors included, 4.2.1), with an
        Underground Guerrilla (two in a City under #32 unshaded), 1 Resource (0 in a City under
        #32 shaded)."""
        sp = s.spaces[n]
        if n in COUNTRIES:
            return why.no("3.3.4", "{} is a Country: Terror is in Cities and Sectors", n)
        if sp["resettled"]:
            return why.no("4.2.1", "{} is Resettled (Pop 0): the FLN may not conduct Terror"
                          " there", n)
        if population(s, n) < 1:
            return why.no("3.3.4", "{} is Pop 0: no Terror there (4.2.1; the player aid: not"
                          " Pop 0)", n)
        k = mod.terror_underground(s, n)
        if sp["pieces"][UG] < k:
            return why.no("3.3.4", "{} has no Underground Guerrilla" if k == 1 else
                          "{} needs 2 Underground Guerrillas (Amateur Bombers, #32 unshaded)", n)
        cost = self.space_cost(s, f, n)
        return s.resources[f["who"]] >= cost or why.no(
            "3.1", "Resources are short: Terror in {} costs {} and the FLN has {}", n, cost,
            s.resources[f["who"]])

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        if not self.may_select(s, f):
            return []
        return [{"t": "space", "space": n} for n in self.targets(s, f)]

    def op_any(self, s: State, f: Frame) -> bool:
        return self.may_select(s, f) and any(self.target_ok(s, f, n) for n in s.spaces)

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        self.add_location(s, f, n, log, pay=False)
        s.resources[f["who"]] -= self.space_cost(s, f, n)
        sp = s.space_w(n)
        k = mod.terror_underground(s, n)
        sp["pieces"][UG] -= k
        sp["pieces"][AG] += k
        if sp["terror"] == 0 and terror_left(s) > 0:
            sp["terror"] = 1
            emit(log, self.rule, f"Terror marker placed in {n}", space=n)
        if mod.terror_sets_neutral(s):
            sp["support"] = "neutral"
        else:
            emit(log, "5.4", f"Intimidation: {n} is not set to Neutral", card=mod.INTIMIDATION,
                 space=n)


__all__ = ["Rally", "March", "Attack", "Terror", "FlnOperation"]


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_op(Rally)
register_op(March)
register_op(Attack)
register_op(Terror)
