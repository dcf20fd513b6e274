"""Chapter 6: Propaganda Rounds – Victory (6.1), Resources and Commitment (6.2), Support (6.3),
Redeploy (6.4) and Reset (6.5), with the 6.0 exceptions (no Round right after another Propaganda
card, no Victory Phase in the first Round, the game ends after the final Round's Support Phase –
or, in the one-player game, after its Resources and Commitment Phase, 8.5.1).

Frames (plain data):

* ``{"k": "propaganda", "phase": PHASE, "final": bool}`` – the Round itself, automatic; it walks
  through the phases and pushes the decisions below;
* ``{"k": "prop_commitment", "who": "gov", "stage": "in" | "out", "moved_in": n, "moved_out": n}``
  – 6.2.3: move French pieces Out of Play -> Available (stage "in"), then Available -> Out of Play;
* ``{"k": "prop_pacify", "who": "gov", "spent": n, "shifts": {space: n}}`` – 6.3.1;
* ``{"k": "prop_agitate", "who": "fln", "shifts": {space: n}}`` – 6.3.2;
* ``{"k": "prop_redeploy", "who": side, "controlled": [...], "arrived": {space: {piece: n}},
  "sel": None | [piece, space]}`` – 6.4.1 / 6.4.2 (``controlled``: Government Control frozen at the
  start of the phase; ``arrived``: pieces already redeployed, which do not move again);
* ``{"k": "prop_casualties", "who": "gov", "left": n}`` – 6.5: French Casualties to Out of Play.

Moves: ``{"t": "oop_to_available" | "available_to_oop", "piece": P}``, ``{"t": "pacify", "space":
S}``, ``{"t": "agitate", "space": S}``, ``{"t": "select", "piece": P, "space": S}`` then ``{"t":
"move", "piece": P, "from": S, "to": D}`` (or ``{"t": "deselect"}``: the selected piece stays where
it is), ``{"t": "place", "piece": "french_troops", "space": D}`` (Suez Crisis Troops returning,
5.1.9), ``{"t": "out_of_play", "piece": P}``, ``{"t": "done"}``.

Each decision's moves are listed through predicates that take a ``why`` collector
(referee_core.why): the same predicates explain an illegal move (``why_not``), naming the
condition that fails and its rule.

Hook for the Events (5.1.9 Suez Crisis): while ``"suez_crisis"`` is listed in ``cards["delayed"]``
its payback is pending – in the next Round actually conducted the FLN gains 6 more Resources in the
Resources Phase and the set-aside French Troops (``boxes["set_aside"]``) return in the Government
Redeploy; the entry is removed at the end of that Government Redeploy.
"""

from __future__ import annotations

from typing import Callable

from referee_core.checks import (
    check_bool, check_choice, check_int, check_list, check_obj, fail, frame_below,
)
from referee_core.why import SILENT, Why

from . import modifiers
from .board import (
    add_commitment, add_resources, control, de_gaulle, fln_bases_on_map, fln_count, independent,
    population, remove_terror_or_shift, resettled_count, total_support,
)
from .data import (
    AG, AP, AT, CITIES, COUNTRIES, FB, FORCE_POOL, FP, FRANCE_BOXES, FRANCE_TRACK, FRENCH, FT, G,
    GB, PROPAGANDA_CARDS, SPACES, SUEZ_CRISIS, UG, box_key,
)
from .frame_checks import FACTIONS, check_game_stage, check_shifts, check_space_name
from .machine import AutoFrame, FrameType, Log, emit, pop, push, register
from .words import piece_name
from .state import Frame, Move, State
from .victory import end_game, victory_check

DONE: Move = {"t": "done"}
SUEZ_PAYBACK = 6  # 5.1.9
PACIFICATION_COST = 2  # 6.3.1: Resources per Terror marker removed or level shifted
AGITATION_COST = 1  # 6.3.2 (also Rally's Agitate, 3.3.1)
SUEZ_DELAYED = "suez_crisis"  # the cards["delayed"] entry the Suez Crisis Event leaves
DELAYED_EFFECTS = {SUEZ_DELAYED: SUEZ_CRISIS}  # every cards["delayed"] entry: the card leaving it


def suez_payback_pending(s: State) -> bool:
    """5.1.9: Suez Crisis was played and its payback has not happened yet (see module docstring)."""
    return SUEZ_DELAYED in s.cards.get("delayed", [])


def cross_wilaya(s: State) -> bool:
    """#27 shaded FLN Capability: Redeploy from any Algerian space to any with an FLN Base
    (modifiers.cross_wilaya)."""
    return modifiers.cross_wilaya(s)


# --- 6.0: the Propaganda card ---------------------------------------------------------------


def start_propaganda_card(s: State, log: Log) -> None:
    """2.4, 6.0: a Propaganda card was revealed. Conduct a Round unless the previous card was a
    Propaganda card too; the final card ends the game even when no Round is held (2.4.1, 7.3)."""
    c = s.cards
    final = c["propaganda_drawn"] >= c["propaganda_total"]
    if c["last_propaganda"]:
        emit(log, "6.0", "no Propaganda Round: the previous card was also a Propaganda card")
        if final:
            end_game(s, log, "final Propaganda card, played without a Round (6.0, 2.4.1)")
        return
    c = s.cards_w()
    c["last_propaganda"] = True
    c["rounds"] += 1
    emit(log, "6.0", f"Propaganda Round {c['rounds']}" + (" (final)" if final else ""),
         round=c["rounds"], final=final)
    push(s, {"k": "propaganda", "phase": "victory", "final": final})


class Round(AutoFrame):
    """6.0: one Propaganda Round, phase by phase (6.1-6.5)."""

    kind = "propaganda"
    checked = True
    below = ("game",)
    rule = "6.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "phase", "final"))
        check_choice(f["phase"], "phase", tuple(PHASES), "6.0")
        check_bool(f["final"], "final")
        if s.cards["current"] not in PROPAGANDA_CARDS:
            fail("", "a Propaganda Round needs a Propaganda card as cards.current", "6.0")
        check_game_stage(s, "draw")

    def step(self, s: State, f: Frame, log: Log) -> None:
        PHASES[f["phase"]](s, f, log)


def _victory(s: State, f: Frame, log: Log) -> None:
    """6.1: no Victory Phase in the first Round; otherwise the game ends if a condition is met."""
    f["phase"] = "resources"
    if s.cards["rounds"] <= 1:
        emit(log, "6.1", "no Victory Phase in the first Propaganda Round")
        return
    result = victory_check(s)
    if result is not None:
        s.result = result
        s.pending.clear()
        emit(log, "7.2", f"game over: {result['winner']} wins in the Victory Phase", result=result)


def _resources(s: State, f: Frame, log: Log) -> None:
    """6.2.1, 6.2.2, then the Government's 6.2.3 piece moves."""
    f["phase"] = "commitment"
    g, n = gov_earnings(s), fln_earnings(s)
    add_resources(s, "gov", g)
    emit(log, "6.2.1", f"Government Resources {g:+d} -> {s.resources['gov']}", actor="gov",
         change=g, resources=s.resources["gov"])
    add_resources(s, "fln", n)
    emit(log, "6.2.2", f"FLN Resources {n:+d} -> {s.resources['fln']}", actor="fln", change=n,
         resources=s.resources["fln"])
    frame: Frame = {"k": "prop_commitment", "who": "gov", "stage": "in", "moved_in": 0,
                    "moved_out": 0}
    if commitment_moves(s, frame) != [DONE]:
        push(s, frame)


def _commitment(s: State, f: Frame, log: Log) -> None:
    """6.2.3 (after the moves): French Casualties and the France Track. One-player game: the
    final Round ends here (8.5.1)."""
    f["phase"] = "support"
    if not de_gaulle(s):
        loss = sum(s.boxes["casualties"][p] for p in FRENCH) // 3
        add_commitment(s, -loss)
        emit(log, "6.2.3", f"Commitment -{loss} for French Casualties -> {s.commitment}",
             change=-loss, commitment=s.commitment)
    loss = FRANCE_TRACK[s.france_track]["minus_commit"]
    add_commitment(s, -loss)
    emit(log, "6.2.3", f"Commitment -{loss} (France Track {s.france_track}) -> {s.commitment}",
         change=-loss, commitment=s.commitment)
    if f["final"] and s.options.get("fln_bot"):
        end_game(s, log, "final Propaganda Round, one-player game (8.5.1, 8.6)")


def _support(s: State, f: Frame, log: Log) -> None:
    """6.3.1: Government Pacification first."""
    f["phase"] = "agitation"
    frame: Frame = {"k": "prop_pacify", "who": "gov", "spent": 0, "shifts": {}}
    if pacify_moves(s, frame):
        push(s, frame)


def _agitation(s: State, f: Frame, log: Log) -> None:
    """6.3.2: then FLN Agitation."""
    f["phase"] = "game_end"
    frame: Frame = {"k": "prop_agitate", "who": "fln", "shifts": {}}
    if agitate_moves(s, frame):
        push(s, frame)


def _game_end(s: State, f: Frame, log: Log) -> None:
    """6.3.3: the final Round ends the game here (7.3)."""
    f["phase"] = "redeploy"
    if f["final"]:
        end_game(s, log, "final Propaganda Round (6.3.3, 7.3)")


def _redeploy(s: State, f: Frame, log: Log) -> None:
    """6.4.1: Government Redeploy, Control frozen as at the start of the phase."""
    f["phase"] = "fln_redeploy"
    frame: Frame = {"k": "prop_redeploy", "who": "gov", "arrived": {}, "sel": None,
                    "controlled": [n for n in SPACES if control(s, n) == "gov"]}
    if redeploy_moves(s, frame) != [DONE]:
        push(s, frame)


def _fln_redeploy(s: State, f: Frame, log: Log) -> None:
    """6.4.2: FLN Redeploy (the Suez Crisis payback is over once the Government has redeployed)."""
    f["phase"] = "reset"
    if suez_payback_pending(s):
        s.cards_w()["delayed"].remove(SUEZ_DELAYED)
    frame: Frame = {"k": "prop_redeploy", "who": "fln", "arrived": {}, "sel": None,
                    "controlled": []}
    if redeploy_moves(s, frame) != [DONE]:
        push(s, frame)


def _reset(s: State, f: Frame, log: Log) -> None:
    """6.5: one in three French Casualties (round down) go Out of Play – the Government's choice
    when the Casualties hold more than one kind of French piece."""
    f["phase"] = "reset_end"
    n = sum(s.boxes["casualties"][p] for p in FRENCH) // 3
    kinds = [p for p in FRENCH if s.boxes["casualties"][p] > 0]
    if n and len(kinds) > 1:
        push(s, {"k": "prop_casualties", "who": "gov", "left": n})
    elif n:
        _casualty_out(s, kinds[0], n, log)


def _reset_end(s: State, f: Frame, log: Log) -> None:
    """6.5: the rest of the Reset Phase, then the next card (the Round frame pops)."""
    cas, oop, avail = s.boxes["casualties"], s.boxes["out_of_play"], s.boxes["available"]
    k = cas[G] // 3
    cas[G] -= k
    oop[G] += k
    back = {p: v for p, v in cas.items() if v}
    for p, v in back.items():
        avail[p] += v
        cas[p] = 0
    emit(log, "6.5", f"{k} Guerrilla Casualties Out of Play; other Casualties to Available",
         out_of_play=k, available=back)
    s.france_track = FRANCE_BOXES[max(0, FRANCE_BOXES.index(s.france_track) - 1)]
    if s.border_zone is not None:
        s.border_zone = max(0, s.border_zone - 1)
    for n, sp in s.spaces.items():
        if sp["terror"] > 0 or sp["pieces"][AG]:
            sp = s.space_w(n)
            if sp["terror"] > 0:
                sp["terror"] -= 1
            sp["pieces"][UG] += sp["pieces"][AG]
            sp["pieces"][AG] = 0
    c = s.cards_w()
    played = c["played"]
    for mo in c["momentum"]:
        if mo["card"] not in played:
            played.append(mo["card"])
    c["momentum"] = []
    s.sop["first"] = "fln"
    s.sop["first_box"] = None
    s.sop["second_box"] = None
    emit(log, "6.5", "Reset: France Track toward A, Border Zone toward 0, one Terror marker removed"
         " per space, Guerrillas Underground, Momentum discarded, FLN First Eligible",
         france_track=s.france_track, border_zone=s.border_zone)
    pop(s)


def check_step(s: State, f: Frame, phase: str, who: str | None = None) -> None:
    """A Round's decision: of ``who`` (when given), pushed by the phase step that set the Round's
    ``phase`` to ``phase`` (6.0)."""
    if frame_below(s)["phase"] != phase:
        fail("", f"the Round below is in phase {frame_below(s)['phase']!r}, not {phase!r}", "6.0")
    if who is not None and f.get("who") != who:
        fail("who", f"must be {who!r}", "6.0")


PHASES: dict[str, Callable[[State, Frame, Log], None]] = {
    "victory": _victory, "resources": _resources, "commitment": _commitment,
    "support": _support, "agitation": _agitation, "game_end": _game_end,
    "redeploy": _redeploy, "fln_redeploy": _fln_redeploy, "reset": _reset,
    "reset_end": _reset_end,
}


# --- 6.2: Resources and Commitment Adjustment ----------------------------------------------


def gov_earnings(s: State) -> int:
    """6.2.1: + Commitment, + Pop of each Sector (not City) with Government Control and a
    Government Base, + French pieces Available (or + Total Support under Recall De Gaulle),
    - Resettled Sectors."""
    e = s.commitment
    e += sum(population(s, n) for n, sp in s.spaces.items()
             if SPACES[n].is_sector and sp["pieces"][GB] > 0 and control(s, n) == "gov")
    if de_gaulle(s):
        e += total_support(s)
    else:
        e += sum(s.boxes["available"][p] for p in FRENCH)
    return e - resettled_count(s)


def fln_earnings(s: State) -> int:
    """6.2.2: + FLN Bases on the map, + the France Track "+Resource", - the Border Zone status
    once Morocco and Tunisia are independent; + 6 for a pending Suez Crisis payback (5.1.9)."""
    e = fln_bases_on_map(s) + FRANCE_TRACK[s.france_track]["plus_resource"]
    if independent(s) and s.border_zone is not None:
        e -= s.border_zone
    if suez_payback_pending(s):
        e += SUEZ_PAYBACK
    return e


def _ceil3(n: int) -> int:
    return -(-n // 3)


def may_bring_in(s: State, f: Frame, why: Why = SILENT) -> bool:
    """6.2.3: may another French piece come Out of Play -> Available: not once pieces have gone
    the other way, and the Commitment it costs (the running third, rounded up) payable (1.8)?"""
    if f["stage"] != "in":
        return why.no("6.2.3", "French pieces came Out of Play -> Available before any went"
                      " Available -> Out of Play: none may come back now")
    k = f["moved_in"]
    cost = _ceil3(k + 1) - _ceil3(k)
    return s.commitment >= cost or why.no(
        "6.2.3", "the Commitment payment cannot be met: piece {} moved costs {} Commitment (one"
        " third of the pieces moved, rounded up) and Commitment is {} (1.8)", k + 1, cost,
        s.commitment)


def french_in_box(s: State, piece: object, box: str, why: Why = SILENT) -> bool:
    """6.2.3: a French piece ``piece`` is in ``box`` to move."""
    if piece not in FRENCH:
        return why.no("6.2.3", "the Commitment Adjustment moves French pieces, not {}", piece)
    return s.boxes[box][str(piece)] > 0 or why.no(
        "6.2.3", "there is no {} {}", piece, BOX_NAMES[box])


BOX_NAMES = {"out_of_play": "Out of Play", "available": "Available"}


def commitment_moves(s: State, f: Frame) -> list[Move]:
    """6.2.3: first any French pieces Out of Play -> Available (Commitment - 1/3 of the number
    moved, rounded up, which must be payable, 1.8), then any Available -> Out of Play (+ 1/3,
    rounded down). One piece per move; the cost is charged as the running total crosses a third."""
    ms: list[Move] = []
    if may_bring_in(s, f):
        ms += [{"t": "oop_to_available", "piece": p} for p in FRENCH
               if french_in_box(s, p, "out_of_play")]
    ms += [{"t": "available_to_oop", "piece": p} for p in FRENCH
           if french_in_box(s, p, "available")]
    return ms + [DONE]


class CommitmentAdjustment(FrameType):
    kind = "prop_commitment"
    checked = True
    below = ("propaganda",)
    rule = "6.2.3"
    prompt_text = ("Commitment Adjustment: move French pieces Out of Play -> Available, then "
                   "Available -> Out of Play, or finish")

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "stage", "moved_in", "moved_out"))
        check_step(s, f, "commitment", "gov")
        stage = check_choice(f["stage"], "stage", ("in", "out"), "6.2.3")
        check_int(f["moved_in"], "moved_in", 0, FRENCH_POOL, "6.2.3")
        check_int(f["moved_out"], "moved_out", 0 if stage == "in" else 1, FRENCH_POOL, "6.2.3")
        if stage == "in" and f["moved_out"]:
            fail("stage", "pieces go Available -> Out of Play only after Out of Play ->"
                 " Available", "6.2.3")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return commitment_moves(s, f)

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "oop_to_available":
            french_in_box(s, m.get("piece"), "out_of_play", why) and may_bring_in(s, f, why)
        elif m["t"] == "available_to_oop":
            french_in_box(s, m.get("piece"), "available", why)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            pop(s)
            emit(log, "6.2.3", f"Government moved {f['moved_in']} French pieces to Available and "
                 f"{f['moved_out']} Out of Play", actor="gov", moved_in=f["moved_in"],
                 moved_out=f["moved_out"], commitment=s.commitment)
            return
        p = m["piece"]
        if m["t"] == "oop_to_available":
            k = f["moved_in"] = f["moved_in"] + 1
            add_commitment(s, -(_ceil3(k) - _ceil3(k - 1)))
            s.boxes["out_of_play"][p] -= 1
            s.boxes["available"][p] += 1
        else:
            f["stage"] = "out"
            k = f["moved_out"] = f["moved_out"] + 1
            add_commitment(s, k // 3 - (k - 1) // 3)
            s.boxes["available"][p] -= 1
            s.boxes["out_of_play"][p] += 1
        emit(log, "6.2.3", f"{p} {m['t'].replace('_', ' ')} (Commitment {s.commitment})",
             actor="gov", piece=p, commitment=s.commitment)


# --- 6.3: Support Phase ----------------------------------------------------------------------


LEVEL_NAMES = {"support": "Support", "oppose": "Opposition"}


def support_step(s: State, n: str, toward: str, shifts: dict[str, int], rule: str,
                 why: Why = SILENT) -> bool:
    """A step of Pacification or Agitation in ``n``: a Terror marker to remove or, once none is
    left, a shift – Pop 1+ (1.6.2), room on the scale and fewer than two levels so far."""
    sp = s.spaces[n]
    if sp["terror"] > 0:
        return True
    if population(s, n) < 1:
        return why.no("1.6.2", "{} has no Terror marker and is Pop 0: always Neutral", n)
    if sp["support"] == toward:
        return why.no(rule, "{} has no Terror marker and is already at {}", n,
                      LEVEL_NAMES[toward])
    return shifts.get(n, 0) < 2 or why.no(
        rule, "{} has already shifted two levels this phase (at most two per space)", n)


def pacifiable(s: State, n: str, why: Why = SILENT) -> bool:
    """6.3.1: Government Control and Troops and Police."""
    if n in COUNTRIES:
        return why.no("1.6.3", "{} is a Country: no Support there", n)
    if control(s, n) != "gov":
        return why.no("6.3.1", "Pacification needs Government Control: {} is not under"
                      " Government Control", n)
    p = s.spaces[n]["pieces"]
    if p[FT] + p[AT] == 0:
        return why.no("6.3.1", "Pacification needs Troops and Police: {} has no Troops", n)
    return p[FP] + p[AP] > 0 or why.no(
        "6.3.1", "Pacification needs Troops and Police: {} has no Police", n)


def may_pacify(s: State, f: Frame, why: Why = SILENT) -> bool:
    """6.3.1: 2 Resources, and the phase's spending no more than the Commitment Level (1.8)."""
    if s.resources["gov"] < PACIFICATION_COST:
        return why.no("6.3.1", "Resources are short: each Pacification step costs {}, the"
                      " Government has {}", PACIFICATION_COST, s.resources["gov"])
    return f["spent"] + PACIFICATION_COST <= s.commitment or why.no(
        "6.3.1", "the Government may not spend more than the Commitment Level ({}) in this"
        " phase: {} spent, a step costs {} (1.8)", s.commitment, f["spent"], PACIFICATION_COST)


def pacify_ok(s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
    """6.3.1: may ``n`` be Pacified now (one step)?"""
    return (may_pacify(s, f, why) and pacifiable(s, n, why)
            and support_step(s, n, "support", f["shifts"], "6.3.1", why))


def pacify_moves(s: State, f: Frame) -> list[Move]:
    """6.3.1: 2 Resources remove a Terror marker or, once none is left, shift one level toward
    Support (at most two levels per space); the phase's spending may not exceed Commitment."""
    if not may_pacify(s, f):
        return []
    return [{"t": "pacify", "space": n} for n in s.spaces
            if pacifiable(s, n) and support_step(s, n, "support", f["shifts"], "6.3.1")]


def agitable(s: State, n: str, why: Why = SILENT) -> bool:
    """6.3.2: FLN pieces and no Government Control (Algerian spaces: the Countries carry no
    Support marker, 1.6.3)."""
    if n in COUNTRIES:
        return why.no("1.6.3", "{} is a Country: no Opposition there", n)
    if fln_count(s, n) == 0:
        return why.no("6.3.2", "Agitation needs FLN pieces: {} has none", n)
    return control(s, n) != "gov" or why.no(
        "6.3.2", "Agitation is only where the Government has no Control: {} is under Government"
        " Control", n)


def may_agitate(s: State, why: Why = SILENT) -> bool:
    return s.resources["fln"] >= AGITATION_COST or why.no(
        "6.3.2", "Resources are short: each Agitation step costs {}, the FLN has {}",
        AGITATION_COST, s.resources["fln"])


def agitate_ok(s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
    """6.3.2: may ``n`` be Agitated now (one step)?"""
    return (may_agitate(s, why) and agitable(s, n, why)
            and support_step(s, n, "oppose", f["shifts"], "6.3.2", why))


def agitate_moves(s: State, f: Frame) -> list[Move]:
    """6.3.2: 1 Resource removes a Terror marker or, once none is left, shifts one level toward
    Opposition (at most two levels per space)."""
    if not may_agitate(s):
        return []
    return [{"t": "agitate", "space": n} for n in s.spaces
            if agitable(s, n) and support_step(s, n, "oppose", f["shifts"], "6.3.2")]


def _spend_on_support(s: State, f: Frame, n: str, cost: int, toward: str, log: Log) -> None:
    who = f["who"]
    s.resources[who] -= cost
    shifted = remove_terror_or_shift(s, n, toward)
    sp = s.spaces[n]  # after the change: it may have given this state its own copy (space_w)
    if shifted:
        f["shifts"][n] = f["shifts"].get(n, 0) + 1
        what = f"shifts to {sp['support']}"
    else:
        what = "removes a Terror marker"
    emit(log, "6.3.1" if who == "gov" else "6.3.2", f"{n}: {what} (-{cost} Resources)", actor=who,
         space=n, support=sp["support"], terror=sp["terror"])


class Pacification(FrameType):
    kind = "prop_pacify"
    checked = True
    below = ("propaganda",)
    rule = "6.3.1"
    prompt_text = "Pacification: spend 2 Resources in a space, or finish"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "spent", "shifts"))
        check_step(s, f, "agitation", "gov")
        check_int(f["spent"], "spent", 0, s.commitment, "6.3.1")
        check_shifts(f["shifts"], "shifts")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return pacify_moves(s, f) + [DONE]

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "pacify" and m.get("space") in s.spaces:
            pacify_ok(s, f, m["space"], why)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            pop(s)
            return
        f["spent"] += PACIFICATION_COST
        _spend_on_support(s, f, m["space"], PACIFICATION_COST, "support", log)


class Agitation(FrameType):
    kind = "prop_agitate"
    checked = True
    below = ("propaganda",)
    rule = "6.3.2"
    prompt_text = "Agitation: spend 1 Resource in a space, or finish"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "shifts"))
        check_step(s, f, "game_end", "fln")
        check_shifts(f["shifts"], "shifts")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return agitate_moves(s, f) + [DONE]

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "agitate" and m.get("space") in s.spaces:
            agitate_ok(s, f, m["space"], why)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            pop(s)
            return
        _spend_on_support(s, f, m["space"], AGITATION_COST, "oppose", log)


# --- 6.4: Redeploy ---------------------------------------------------------------------------

GOV_REDEPLOY = (FT, AT, FP, AP)
FRENCH_POOL = sum(FORCE_POOL[p] for p in FRENCH)
FLN_REDEPLOY = (UG, AG)


def troop_destination(s: State, n: str, rule: str, why: Why = SILENT) -> bool:
    """6.4.1 (and 5.1.9): a City or a space with a Government Base."""
    return n in CITIES or s.spaces[n]["pieces"][GB] > 0 or why.no(
        rule, "Troops Redeploy to Cities or spaces with a Government Base: {} is neither", n)


def troop_destinations(s: State) -> list[str]:
    """6.4.1 (and 5.1.9): Cities or spaces with a Government Base."""
    return [n for n in s.spaces if troop_destination(s, n, "6.4.1")]


def destination_ok(s: State, f: Frame, piece: str, src: str, dst: str,
                   why: Why = SILENT) -> bool:
    """6.4.1: Troops to Cities or spaces with Government Bases; Police to spaces
    Government-Controlled at the start of the phase. 6.4.2: Guerrillas to Algerian spaces with an
    FLN Base of the same Wilaya as ``src`` (any under the Cross-Wilaya Capability); the Countries
    belong to no Wilaya. Never ``src`` itself."""
    if dst == src:
        return why.no("6.4", "a piece Redeploys to another space than its own ({})", src)
    return reaches(s, f, piece, src, dst, why)


def reaches(s: State, f: Frame, piece: str, src: str, dst: str, why: Why = SILENT) -> bool:
    """``destination_ok`` but for ``dst`` being ``src`` itself: the answer depends on ``src`` only
    through its Wilaya (for Guerrillas, 6.4.2)."""
    if piece in (FT, AT):
        return troop_destination(s, dst, "6.4.1", why)
    if piece in (FP, AP):
        return dst in f["controlled"] or why.no(
            "6.4.1", "Police Redeploy to spaces under Government Control at the start of the"
            " phase: {} was not", dst)
    if dst in COUNTRIES:
        return why.no("6.4.2", "{} is a Country, in no Wilaya: Guerrillas Redeploy within"
                      " Algeria", dst)
    if s.spaces[dst]["pieces"][FB] == 0:
        return why.no("6.4.2", "Guerrillas Redeploy to spaces with an FLN Base: {} has none", dst)
    w = SPACES[src].wilaya
    return cross_wilaya(s) or SPACES[dst].wilaya == w or why.no(
        "6.4.2", "Guerrillas Redeploy within their Wilaya: {} is in Wilaya {}, {} in Wilaya {}",
        dst, SPACES[dst].wilaya, src, w)


def redeploy_destinations(s: State, f: Frame, piece: str, src: str) -> list[str]:
    """Where a ``piece`` in ``src`` may Redeploy to (never its own space)."""
    spaces = f["controlled"] if piece in (FP, AP) else s.spaces
    return [d for d in spaces if destination_ok(s, f, piece, src, d)]


def redeployable(s: State, f: Frame, piece: str, n: str) -> int:
    """6.4: the ``piece`` pieces in ``n`` that may still Redeploy (each at most once)."""
    arrived: dict[str, dict[str, int]] = f["arrived"]
    here = arrived.get(n)
    return int(s.spaces[n]["pieces"][piece] - (here.get(piece, 0) if here is not None else 0))


def _nowhere(s: State, piece: str) -> str:
    """Why a piece has no Redeploy destination (``selectable``)."""
    if piece in (FT, AT):
        return "no other City or space with a Government Base"
    if piece in (FP, AP):
        return "no other space was under Government Control at the start of the phase"
    return ("no other Algerian space has an FLN Base" if cross_wilaya(s) else
            "no other space of its Wilaya has an FLN Base")


def selectable(s: State, f: Frame, piece: object, n: str, why: Why = SILENT,
               reach: dict[tuple[str, int | None], list[str]] | None = None) -> bool:
    """6.4: may a ``piece`` in ``n`` be selected to Redeploy: a piece of the side (6.4.1 / 6.4.2)
    in an Algerian space, that has not Redeployed yet, with somewhere to go? ``reach``: where each
    kind of piece may go (per Wilaya for Guerrillas), remembered across the spaces of one
    listing."""
    gov = f["who"] == "gov"
    rule = "6.4.1" if gov else "6.4.2"
    if piece not in (GOV_REDEPLOY if gov else FLN_REDEPLOY):
        return why.no(rule, "the Government Redeploys Troops and Police" if gov else
                      "the FLN Redeploys Guerrillas")
    p = str(piece)
    if s.spaces[n]["pieces"][p] == 0:
        return why.no(rule, "there is no {} in {}", p, n)
    if n in COUNTRIES:
        return why.no("6.4.2", "{} is a Country, in no Wilaya: Guerrillas Redeploy within"
                      " Algeria", n)
    if redeployable(s, f, p, n) <= 0:
        return why.no("6.4", "every {} in {} has already Redeployed: a piece Redeploys once",
                      p, n)
    spaces = f["controlled"] if p in (FP, AP) else s.spaces
    if reach is None:
        somewhere = any(destination_ok(s, f, p, n, d) for d in spaces)
    else:
        key = (p, SPACES[n].wilaya if p in FLN_REDEPLOY else None)
        ds = reach.get(key)
        if ds is None:
            ds = reach[key] = [d for d in spaces if reaches(s, f, p, n, d)]
        somewhere = any(d != n for d in ds)
    return somewhere or why.no(
        rule, "a {} in {} has nowhere to Redeploy: {}", p, n, _nowhere(s, p))


def suez_troops_waiting(s: State, f: Frame) -> int:
    """5.1.9: French Troops set aside by Suez Crisis, to place before the Government finishes
    its Redeploy."""
    if f["who"] == "gov" and suez_payback_pending(s):
        return int(s.boxes["set_aside"][FT])
    return 0


DESELECT: Move = {"t": "deselect"}


def redeploy_moves(s: State, f: Frame) -> list[Move]:
    """6.4: successive moves of one piece (select it, then its destination – or put it back:
    ``deselect``, or finish); each piece Redeploys at most once. Suez Crisis Troops (5.1.9) must
    be placed before the Government finishes."""
    waiting = suez_troops_waiting(s, f) > 0
    finish = [] if waiting else [DONE]
    if f["sel"] is not None:
        piece, src = f["sel"]
        return [{"t": "move", "piece": piece, "from": src, "to": d}
                for d in redeploy_destinations(s, f, piece, src)] + [DESELECT] + finish
    ms: list[Move] = []
    if waiting:
        ms += [{"t": "place", "piece": FT, "space": d} for d in troop_destinations(s)]
    pieces = GOV_REDEPLOY if f["who"] == "gov" else FLN_REDEPLOY
    reach: dict[tuple[str, int | None], list[str]] = {}  # selectable's, for this listing
    for n in s.spaces:
        here = s.spaces[n]["pieces"]
        for p in pieces:
            if here[p] and selectable(s, f, p, n, reach=reach):  # (most spaces have none)
                ms.append({"t": "select", "piece": p, "space": n})
    return ms + finish


class Redeploy(FrameType):
    kind = "prop_redeploy"
    checked = True
    below = ("propaganda",)
    rule = "6.4"

    def check_frame(self, s: State, f: Frame) -> None:
        """6.4: the pieces that arrived are still where they arrived; a selected piece is there
        and has not Redeployed yet; Police go where Control was the Government's."""
        check_obj(f, "", ("k", "who", "arrived", "sel", "controlled"))
        who = check_choice(f["who"], "who", FACTIONS, "6.4")
        check_step(s, f, "fln_redeploy" if who == "gov" else "reset")
        pieces = GOV_REDEPLOY if who == "gov" else FLN_REDEPLOY
        ctrl = check_list(f["controlled"], "controlled")
        if who == "fln" and ctrl:
            fail("controlled", "only the Government's Redeploy freezes Control", "6.4.1")
        for j, n in enumerate(ctrl):
            check_space_name(n, f"controlled[{j}]")
            if n in COUNTRIES or ctrl.index(n) != j:
                fail(f"controlled[{j}]", "Algerian spaces, each once", "6.4.1")
        arrived = check_obj(f["arrived"], "arrived")
        for n, by_piece in arrived.items():
            fn = f"arrived.{check_space_name(n, 'arrived')}"
            for p, k in check_obj(by_piece, fn).items():
                check_choice(p, fn, pieces, "6.4")
                check_int(k, f"{fn}.{p}", 1, s.spaces[n]["pieces"][p], "6.4")
        sel = f["sel"]
        if sel is not None:
            if type(sel) is not list or len(sel) != 2:
                fail("sel", "must be null or [piece, space]")
            check_choice(sel[0], "sel[0]", pieces, "6.4")
            check_space_name(sel[1], "sel[1]")
            if sel[1] in COUNTRIES or redeployable(s, f, sel[0], sel[1]) < 1:
                fail("sel", f"no {sel[0]} in {sel[1]} may Redeploy", "6.4")

    def prompt(self, s: State, f: Frame) -> str:
        who = "Government" if f["who"] == "gov" else "FLN"
        if f["sel"] is not None:
            return (f"{who} Redeploy: choose where the {piece_name(f['sel'][0])} from {f['sel'][1]}"
                    " goes")
        return f"{who} Redeploy: select a piece to move, or finish"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return redeploy_moves(s, f)

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        t, sel = m["t"], f["sel"]
        waiting = suez_troops_waiting(s, f)
        if t == "done" and waiting:
            why.no("5.1.9", "the {} French Troops set aside by Suez Crisis are placed before the"
                   " Redeploy ends", waiting)
        elif t == "deselect" and sel is None:
            why.no("6.4", "no piece is selected to put back")
        elif t in ("select", "place") and sel is not None:
            why.no("6.4", "a {} from {} is selected: move it, or put it back first"
                   " ({{\"t\": \"deselect\"}})", sel[0], sel[1])
        elif t == "select" and m.get("space") in s.spaces:
            selectable(s, f, m.get("piece"), m["space"], why)
        elif t == "place":
            if not waiting:
                why.no("5.1.9", "no French Troops set aside by Suez Crisis await their return")
            elif m.get("piece") != FT:
                why.no("5.1.9", "the pieces set aside by Suez Crisis are French Troops")
            elif m.get("space") in s.spaces:
                troop_destination(s, m["space"], "5.1.9", why)
        elif t == "move":
            if sel is None:
                why.no("6.4", "select a piece first ({{\"t\": \"select\", \"piece\","
                       " \"space\"}})")
            elif [m.get("piece"), m.get("from")] != sel:
                why.no("6.4", "the selected piece is a {} from {}", sel[0], sel[1])
            elif m.get("to") in s.spaces:
                destination_ok(s, f, sel[0], sel[1], m["to"], why)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        rule = "6.4.1" if f["who"] == "gov" else "6.4.2"
        if m["t"] == "done":
            pop(s)
            return
        if m["t"] == "select":
            f["sel"] = [m["piece"], m["space"]]
            return
        if m["t"] == "deselect":
            f["sel"] = None
            return
        p = m["piece"]
        if m["t"] == "place":
            s.boxes["set_aside"][box_key(p)] -= 1
            dst = m["space"]
            emit(log, "5.1.9", f"Suez Crisis French Troop returns to {dst}", actor="gov",
                 piece=p, space=dst)
        else:
            src, dst = m["from"], m["to"]
            s.space_w(src)["pieces"][p] -= 1
            f["sel"] = None
            emit(log, rule, f"{p} redeploys {src} -> {dst}", actor=f["who"], piece=p,
                 src=src, dst=dst)
        s.space_w(dst)["pieces"][p] += 1
        arrived = f["arrived"].setdefault(dst, {})
        arrived[p] = arrived.get(p, 0) + 1


# --- 6.5: Reset ------------------------------------------------------------------------------


def _casualty_out(s: State, piece: str, n: int, log: Log) -> None:
    s.boxes["casualties"][piece] -= n
    s.boxes["out_of_play"][piece] += n
    emit(log, "6.5", f"{n} {piece} from Casualties to Out of Play", piece=piece, n=n)


class CasualtiesOutOfPlay(FrameType):
    kind = "prop_casualties"
    checked = True
    below = ("propaganda",)
    rule = "6.5"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "left"))
        check_step(s, f, "reset_end", "gov")
        check_int(f["left"], "left", 1, sum(s.boxes["casualties"][p] for p in FRENCH), "6.5")

    def prompt(self, s: State, f: Frame) -> str:
        return f"Reset: choose a French Casualty to put Out of Play ({f['left']} left)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "out_of_play", "piece": p} for p in FRENCH if s.boxes["casualties"][p] > 0]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        _casualty_out(s, m["piece"], 1, log)
        f["left"] -= 1
        if f["left"] == 0:
            pop(s)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Round)
register(CommitmentAdjustment)
register(Pacification)
register(Agitation)
register(Redeploy)
register(CasualtiesOutOfPlay)
