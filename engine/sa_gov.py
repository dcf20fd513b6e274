"""4.2: Government Special Activities – Deploy, Troop Lift, Neutralize.

Moves:

* Deploy (4.2.1): ``{"t": "pick", "piece": FT|FP|GB, "from": A}`` (A a space or ``"available"``)
  then ``{"t": "move", "piece", "from": A, "to": D}`` (D a space or ``"available"``); or, instead of
  any move, ``{"t": "resettle", "space": S}``.
* Troop Lift (4.2.2): ``{"t": "pick", "piece": FT, "from": A}`` then ``{"t": "move", ...}``.
* Neutralize (4.2.3): ``{"t": "space", "space": S}`` (shifts S at once), then
  ``{"t": "remove", "piece": AG|FB, "space": S}`` up to twice in all.
"""

from __future__ import annotations

from itertools import chain
from typing import Iterable, Iterator

from referee_core.checks import check_bool
from referee_core.why import SILENT, Why

from .board import (
    add_commitment, base_room, control, mobilized, police, population,
    remove_to, resettled_count, shift, terror_left, troops,
)
from . import modifiers as mod
from .data import AG, ALGERIA, FB, FT, GB, POP0_MARKERS, SPACES, UG
from .machine import Log, emit
from .ops import SpecialActivity, register_sa
from .ops_gov import (
    AVAILABLE, MOVE_X, check_moves_data, move_picked, movable, picked_moves, start_pick,
    why_not_movable, why_not_picked,
)
from .state import Frame, Move, State

DEPLOY_MAX = 6  # 4.2.1
DEPLOY_SPACES = 3  # 4.2.1
NEUTRALIZE_SPACES = 2  # 4.2.3


def guerrilla_here(s: State, n: str) -> bool:
    p = s.spaces[n]["pieces"]
    return bool(p[UG] + p[AG])


def troop_lift_spaces(s: State) -> int:
    """4.2.2: how many spaces a Troop Lift may select – 3, changed by Momentum #8, #11, #12, #40
    (modifiers.troop_lift_spaces)."""
    return mod.troop_lift_spaces(s)


def new_spaces(f: Frame, src: str, dst: str) -> int:
    """How many of a move's two ends would be newly selected spaces (the Available box is none;
    4.2.1, 4.2.2): counted without building a set, as every listing of a Deploy or Troop Lift
    asks it of every destination."""
    locs = f["locs"]
    n = 1 if src != AVAILABLE and src not in locs else 0
    if dst != src and dst != AVAILABLE and dst not in locs:
        n += 1
    return n


def select(f: Frame, *ends: str) -> None:
    for e in ends:
        if e != AVAILABLE and e not in f["locs"]:
            f["locs"].append(e)


# --- 4.2.1 Deploy ------------------------------------------------------------------------------


def deploy_space(s: State, n: str, why: Why = SILENT) -> bool:
    """4.2.1: Cities, or Sectors with a Government Base or Government Control (1.7)."""
    sp = SPACES[n]
    if sp.is_country:
        return why.no("1.4.2", "{} is a Country: Government pieces never enter it", n)
    return (sp.is_city or s.spaces[n]["pieces"][GB] > 0 or control(s, n) == "gov") or why.no(
        "4.2.1", "{} is not a Deploy space: a Sector needs a Government Base or Government"
        " Control", n)


def deploy_spaces(s: State, f: Frame) -> list[str]:
    """4.2.1 "up to three selected spaces … must be Cities, or Sectors with Government Bases or
    Government Control": a space qualifies when it is selected, and a selected space stays one of
    the Deploy's spaces (source or destination) even if a piece leaving it changes its Control."""
    return list(each_deploy_space(s, f))


def each_deploy_space(s: State, f: Frame) -> Iterator[str]:
    """``deploy_spaces`` one by one, for a check that stops at the first."""
    return (n for n in ALGERIA if n in f["locs"] or deploy_space(s, n))


def resettle_ok(s: State, n: str, why: Why = SILENT) -> bool:
    """4.2.1, 5.1.6: a Pop 1 Sector with a Government Base or Government Control, once
    Mobilization is in effect, while a Pop 0 marker is left."""
    if not mobilized(s):
        return why.no("5.1.6", "Resettle needs Mobilization (#64) in effect")
    if resettled_count(s) >= POP0_MARKERS:
        return why.no("4.2.1", "no Pop 0 marker is left")
    if not (SPACES[n].is_sector and population(s, n) == 1 and not s.spaces[n]["resettled"]):
        return why.no("4.2.1", "{} is not a Pop 1 Sector (Resettled Sectors are Pop 0)", n)
    return (s.spaces[n]["pieces"][GB] > 0 or control(s, n) == "gov") or why.no(
        "4.2.1", "{} has neither a Government Base nor Government Control", n)


class Deploy(SpecialActivity):
    """4.2.1: move up to six French pieces (Troops, Police, Bases) among the Available box and up to
    three selected spaces (Cities, Sectors with Government Base or Control; stacking 1.4.2), OR
    Resettle one Pop 1 Sector with a Government Base or Control."""

    name = "deploy"
    kind = "sa:deploy"
    checked_x = MOVE_X | {"resettled"}

    def check_data(self, s: State, f: Frame) -> None:
        check_moves_data(s, f, self.rule)
        if "resettled" in f["x"]:
            check_bool(f["x"]["resettled"], "x.resettled")
    rule = "4.2.1"

    def dests(self, s: State, f: Frame, piece: str, src: str) -> list[str]:
        return list(self.ends(s, f, piece, src, deploy_spaces(s, f)))

    def ends(self, s: State, f: Frame, piece: str, src: str, spaces: Iterable[str]
             ) -> Iterator[str]:
        """Where ``piece`` from ``src`` may go: the Available box or one of ``spaces`` (the Deploy
        spaces, with room for a Base, 1.4.2), within three selected spaces in all."""
        ends = chain(() if src == AVAILABLE else (AVAILABLE,),
                     (n for n in spaces if n != src and (piece != GB or base_room(s, n) > 0)))
        for d in ends:  # a generator: a start check stops at the first end
            if len(f["locs"]) + new_spaces(f, src, d) <= DEPLOY_SPACES:
                yield d

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        if x.get("resettled"):
            return []
        if x.get("pick"):
            return picked_moves(s, f, lambda piece, src: self.dests(s, f, piece, src))
        ms: list[Move] = []
        if x.get("moved", 0) < DEPLOY_MAX:
            spaces = deploy_spaces(s, f)
            for src in (AVAILABLE, *spaces):
                ms += [{"t": "pick", "piece": p, "from": src} for p in mod.deploy_pieces(s)
                       if movable(s, f, src, p) > 0
                       and any(True for _ in self.ends(s, f, p, src, spaces))]
        if not x.get("moved"):
            ms += [{"t": "resettle", "space": n} for n in ALGERIA if resettle_ok(s, n)]
        return ms

    def sa_any(self, s: State, f: Frame) -> bool:
        x = f["x"]
        if x.get("resettled") or x.get("pick"):
            return bool(self.sa_moves(s, f))
        if x.get("moved", 0) < DEPLOY_MAX:
            pieces = mod.deploy_pieces(s)
            # from the Available box first, its Deploy spaces (4.2.1) found one by one (the
            # usual start: the first one ends the check), then from each Deploy space
            if any(movable(s, f, AVAILABLE, p) > 0
                   and any(True for _ in self.ends(s, f, p, AVAILABLE, each_deploy_space(s, f)))
                   for p in pieces):
                return True
            spaces = deploy_spaces(s, f)
            if any(movable(s, f, src, p) > 0 and any(True for _ in self.ends(s, f, p, src, spaces))
                   for src in spaces for p in pieces):
                return True
        return not x.get("moved") and any(resettle_ok(s, n) for n in ALGERIA)

    def end_ok(self, s: State, f: Frame, piece: str, src: str, dst: str, why: Why) -> bool:
        """One end of a Deploy move (``ends``), told."""
        if dst != AVAILABLE and dst not in f["locs"] and not deploy_space(s, dst, why):
            return False
        if dst != AVAILABLE and piece == GB and base_room(s, dst) <= 0:
            return why.no("1.4.2", "{} has no room for another Base", dst)
        if len(f["locs"]) + new_spaces(f, src, dst) > DEPLOY_SPACES:
            return why.no("4.2.1", "Deploy moves pieces among at most {} spaces ({} selected)",
                          DEPLOY_SPACES, ", ".join(f["locs"]))
        return True

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        x, t = f["x"], m["t"]
        src, piece = m.get("from"), m.get("piece")
        if x.get("resettled"):
            why.no("4.2.1", "this Deploy Resettled a Sector instead of moving pieces")
        elif t == "resettle":
            if x.get("moved"):
                why.no("4.2.1", "Resettle replaces the moves of a Deploy, and pieces have moved")
            elif isinstance(m.get("space"), str):
                resettle_ok(s, m["space"], why)
        elif t == "pick":
            if x.get("pick"):
                why.no("4.2.1", "a picked piece awaits its destination")
            elif x.get("moved", 0) >= DEPLOY_MAX:
                why.no("4.2.1", "at most {} pieces move in a Deploy", DEPLOY_MAX)
            elif piece not in mod.deploy_pieces(s):
                why.no("4.2.1", "Deploy moves {}, not {}", ", ".join(mod.deploy_pieces(s)), piece)
            elif isinstance(src, str) and (src == AVAILABLE or src in f["locs"]
                                           or deploy_space(s, src, why)):
                why_not_movable(s, f, src, str(piece), why, self.rule)
        elif t == "move" and why_not_picked(f, m, why, self.rule):
            self.end_ok(s, f, str(piece), str(src), str(m.get("to")), why)

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        x = f["x"]
        if m["t"] == "pick":
            start_pick(f, m)
        elif m["t"] == "move":
            piece, src, dst = m["piece"], m["from"], m["to"]
            select(f, src, dst)
            move_picked(s, f, piece, src, dst)
            emit(log, self.rule, f"Deploy: {piece} from {src} to {dst}", actor="gov", sa=self.name,
                 piece=piece, source=src, space=dst)
        else:
            n = m["space"]
            f["locs"].append(n)
            x["resettled"] = True
            sp = s.space_w(n)
            sp["resettled"] = True
            sp["support"] = "neutral"
            emit(log, self.rule, f"Resettle {n} (Pop 0)", actor="gov", sa=self.name, space=n)


# --- 4.2.2 Troop Lift --------------------------------------------------------------------------


class TroopLift(SpecialActivity):
    """4.2.2: move French Troops (only) among up to three selected Algerian spaces."""

    name = "troop_lift"
    kind = "sa:troop_lift"
    checked_x = MOVE_X

    def check_data(self, s: State, f: Frame) -> None:
        check_moves_data(s, f, self.rule)
    rule = "4.2.2"

    def dests(self, s: State, f: Frame, src: str) -> list[str]:
        return list(self.ends(f, src, troop_lift_spaces(s)))

    def ends(self, f: Frame, src: str, limit: int) -> Iterator[str]:
        """Where a Troop from ``src`` may go: within ``limit`` selected spaces in all."""
        for d in ALGERIA:  # a generator: a start check stops at the first end
            if d != src and len(f["locs"]) + new_spaces(f, src, d) <= limit:
                yield d

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        x = f["x"]
        if x.get("pick"):
            return picked_moves(s, f, lambda piece, src: self.dests(s, f, src))
        limit = troop_lift_spaces(s)
        return [{"t": "pick", "piece": FT, "from": n} for n in ALGERIA
                if movable(s, f, n, FT) > 0 and any(True for _ in self.ends(f, n, limit))]

    def sa_any(self, s: State, f: Frame) -> bool:
        if f["x"].get("pick"):
            return bool(self.sa_moves(s, f))
        limit = troop_lift_spaces(s)
        return any(movable(s, f, n, FT) > 0 and any(True for _ in self.ends(f, n, limit))
                   for n in ALGERIA)

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        t, src, piece = m["t"], m.get("from"), m.get("piece")
        limit = troop_lift_spaces(s)
        if t == "pick":
            if f["x"].get("pick"):
                why.no("4.2.2", "a picked Troop awaits its destination")
            elif piece != FT:
                why.no("4.2.2", "Troop Lift moves French Troops only, not {}", piece)
            elif src not in ALGERIA:
                why.no("4.2.2", "Troop Lift moves Troops among spaces of Algeria, not {}", src)
            else:
                why_not_movable(s, f, str(src), FT, why, self.rule)
        elif t == "move" and why_not_picked(f, m, why, self.rule):
            dst = m.get("to")
            if dst not in ALGERIA:
                why.no("4.2.2", "Troop Lift moves Troops among spaces of Algeria, not {}", dst)
            elif len(f["locs"]) + new_spaces(f, str(src), str(dst)) > limit:
                why.no("4.2.2", "Troop Lift moves Troops among at most {} spaces ({}"
                       " selected)", limit, ", ".join(f["locs"]))

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "pick":
            start_pick(f, m)
            return
        src, dst = m["from"], m["to"]
        select(f, src, dst)
        move_picked(s, f, FT, src, dst)
        emit(log, self.rule, f"Troop Lift: {FT} from {src} to {dst}", actor="gov", sa=self.name,
             piece=FT, source=src, space=dst)


# --- 4.2.3 Neutralize --------------------------------------------------------------------------


class Neutralize(SpecialActivity):
    """4.2.3: in up to two spaces with Government Troops and Police: remove in all up to two Active
    enemy pieces (Bases only where no Guerrilla remains; Guerrillas to Available and Casualties
    alternately, Available first; +1 Commitment per Base); shift each space one level toward
    Opposition, or place a Terror marker where already at Oppose.

    Capabilities: #33 unshaded (Overkill) raises the total to four; #18 Torture allows one more
    piece in each selected space, which may be Underground, and costs 1 Commitment per Neutralize.
    ``x``: ``per`` (pieces removed per space), ``ug`` (spaces where an Underground Guerrilla was
    removed), ``guerrillas`` (Guerrillas removed, for the alternation)."""

    name = "neutralize"
    kind = "sa:neutralize"
    rule = "4.2.3"

    def targets(self, s: State, n: str) -> list[str]:
        """The pieces that may go next in ``n``: Active Guerrillas (and, under Torture, an
        Underground one as the extra piece), Bases once no Guerrilla remains."""
        p = s.spaces[n]["pieces"]
        out = [AG] if p[AG] > 0 else []
        if p[UG] > 0 and mod.torture(s):
            out.append(UG)
        if p[FB] > 0 and p[UG] == 0 and p[AG] == 0:
            out.append(FB)
        return out

    def within_limits(self, s: State, f: Frame, n: str, piece: str) -> bool:
        """May one more ``piece`` be removed in ``n``? The normal removals (Active pieces) stay
        within the total (2, or 4 with #33 unshaded); under Torture each space absorbs one extra
        removal, at most one of them an Underground Guerrilla."""
        x = f["x"]
        per: dict[str, int] = dict(x.get("per", {}))
        per[n] = per.get(n, 0) + 1
        if not mod.torture(s):
            return sum(per.values()) <= mod.neutralize_pieces(s)
        if piece == UG and n in x.get("ug", []):
            return False
        return sum(max(0, k - 1) for k in per.values()) <= mod.neutralize_pieces(s)

    def space_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """4.2.3: up to two spaces of Algeria with Government Troops and Police."""
        if len(f["locs"]) >= NEUTRALIZE_SPACES:
            return why.no("4.2.3", "Neutralize selects at most {} spaces", NEUTRALIZE_SPACES)
        if n in f["locs"]:
            return why.no("4.2.3", "{} is already selected", n)
        if n not in ALGERIA:
            return why.no("1.4.2", "{} is a Country: Government pieces never enter it", n)
        return (troops(s, n) > 0 and police(s, n) > 0) or why.no(
            "4.2.3", "{} needs both Government Troops and Police to Neutralize", n)

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        n, piece = m.get("space"), m.get("piece")
        if not isinstance(n, str):
            return
        if m["t"] == "space":
            self.space_ok(s, f, n, why)
        elif m["t"] == "remove":
            if n not in f["locs"]:
                why.no("4.2.3", "remove pieces in a space selected for Neutralize, not {}", n)
            elif piece == UG and not mod.torture(s):
                why.no("4.2.3", "Neutralize removes Active pieces only (Underground Guerrillas"
                       " only under Torture, #18)")
            elif piece == FB and guerrilla_here(s, n):
                why.no("4.2.3", "a Base goes only once no Guerrilla remains in {}", n)
            elif piece not in self.targets(s, n):
                why.no("4.2.3", "there is no {} in {} to remove", piece, n)
            elif not self.within_limits(s, f, n, str(piece)):
                why.no("4.2.3", "at most {} pieces are removed in all", mod.neutralize_pieces(s))

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        ms: list[Move] = []
        if len(f["locs"]) < NEUTRALIZE_SPACES:
            ms += [{"t": "space", "space": n} for n in ALGERIA if self.space_ok(s, f, n)]
        ms += [{"t": "remove", "piece": p, "space": n} for n in f["locs"]
               for p in self.targets(s, n) if self.within_limits(s, f, n, p)]
        return ms

    def sa_any(self, s: State, f: Frame) -> bool:
        return ((len(f["locs"]) < NEUTRALIZE_SPACES
                 and any(self.space_ok(s, f, n) for n in ALGERIA))
                or any(self.within_limits(s, f, n, p) for n in f["locs"]
                       for p in self.targets(s, n)))

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        if m["t"] == "space":
            f["locs"].append(n)
            self.shift_toward_opposition(s, n, log)
        else:
            self.remove(s, f, m["piece"], n, log)

    def finish(self, s: State, f: Frame, log: Log) -> None:
        """Capability #18 (Torture): -1 Commitment per Neutralize executed (floor 0)."""
        if mod.torture(s):
            add_commitment(s, -1)
            emit(log, "5.3.2", f"Torture: Commitment -1 (now {s.commitment})", actor="gov",
                 card=mod.TORTURE, commitment=s.commitment)

    def shift_toward_opposition(self, s: State, n: str, log: Log) -> None:
        """4.2.3: one level toward Opposition; at Oppose, a Terror marker if none (and one is left).
        Pop 0 spaces are always Neutral (1.6.2) and do not shift."""
        sp = s.space_w(n)
        if population(s, n) < 1:
            emit(log, self.rule, f"Neutralize in {n} (Pop 0: no shift)", actor="gov", space=n)
        elif sp["support"] == "oppose":
            if sp["terror"] == 0 and terror_left(s) > 0:
                sp["terror"] = 1
                emit(log, self.rule, f"Neutralize in {n}: Terror marker placed", actor="gov", space=n)
        else:
            sp["support"] = shift(sp["support"], "oppose")
            emit(log, self.rule, f"Neutralize in {n}: shifted to {sp['support']}", actor="gov",
                 space=n, support=sp["support"])

    def remove(self, s: State, f: Frame, piece: str, n: str, log: Log) -> None:
        x = f["x"]
        per = x.setdefault("per", {})
        per[n] = per.get(n, 0) + 1
        if piece == UG:
            x.setdefault("ug", []).append(n)
        if piece in (AG, UG):
            g = x.get("guerrillas", 0)
            box = "available" if g % 2 == 0 else "casualties"
            remove_to(s, piece, n, box)
            x["guerrillas"] = g + 1
        else:
            remove_to(s, FB, n, "available")
            add_commitment(s, 1)
            box = "available"
        emit(log, self.rule, f"Neutralize: {piece} removed from {n} to {box}", actor="gov",
             space=n, piece=piece, box=box)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register_sa(Deploy)
register_sa(TroopLift)
register_sa(Neutralize)
