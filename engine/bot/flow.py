"""8.4 The Non-Player FLN flowchart as a procedure (ct-fln-bot §4): Pivotal check, Pass (8.4.1),
the Terror gate (8.4.2), Terror or Event (8.4.2-8.4.3), Attack (8.4.4), Rally (8.4.5), March
(8.4.6), the fallback Rally and Pass; and the dispatcher that routes every prompt where the FLN is
to act to its procedure (Operations, Special Activities, Events, Propaganda, Pivotal windows, Open
Deployment, Revenge)."""

from __future__ import annotations

from typing import Callable

from ..board import gov_score, guerrillas, population, terror_on_map
from ..data import CARDS, COUNTRIES, FB, GB, MOBILIZATION, MOROCCO_TUNISIA_INDEPENDENT, UG
from ..machine import to_move
from ..state import Frame, Move, State
from . import attack, events, march, propaganda, rally, terror
from .core import Handoff, Runner
from .info import Flags, final_campaign, flags_of, marked
from .sa import after_operation, do_subvert, extort_spaces, finish, try_extort

SENTINEL: Frame = {"k": "pick", "who": "gov", "prompt": "end of the FLN action (bot sentinel)",
                   "options": ["end"], "min": 0, "max": 1, "into": "sentinel", "picked": []}
OP_KINDS = ("op:terror", "op:attack", "op:rally", "op:march")


# --- Step 0: Pivotal window (8.3) --------------------------------------------------------------


def pivotal_window(r: Runner) -> None:
    """8.3: play #61 after #64, at the first opportunity where the revealed Event is marked for
    FLN and the FLN is Second Eligible (nobody has acted); never #62 Suez Crisis or #63 OAS."""
    s = r.s
    card = s.cards["current"]
    mobilized = MOBILIZATION in s.cards["in_effect"] or MOBILIZATION in s.cards["played"]
    m61: Move = {"t": "pivotal", "card": MOROCCO_TUNISIA_INDEPENDENT}
    if (mobilized and s.sop["first"] == "gov" and s.sop["first_box"] is None and marked(card)
            and r.can(m61)):
        r.trace.note("8.3", f"Pivotal: play #61 Morocco and Tunisia Independent (card {card} is "
                     "marked for FLN, FLN Second Eligible, Mobilization played)")
        r.play(m61)
        return
    r.trace.note("8.3", "Pivotal window: decline (never Suez Crisis or OAS; #61 timing not met)")
    r.play({"t": "decline"})


# --- branches -------------------------------------------------------------------------------------


def op_move(r: Runner, name: str) -> Move | None:
    for m in r.legal():
        if m["t"] == "op" and m["op"] == name and "deception" not in m:
            return m
    return None


def managed(s: State) -> bool:
    return bool(s.options.get("chance", "managed") == "managed")


def attempt(r: Runner, start: Move, proc: Callable[[Runner], None], hyp: bool) -> Runner:
    """Run an FLN action (``start`` then ``proc``) on a branch. In a hypothetical the Government's
    decisions are defaulted and chance is managed (an evaluation only)."""
    b = r.branch(hyp=hyp)
    if hyp:
        # Evaluate the action alone: a blocking Government prompt replaces the frames below the
        # FLN's prompt, so that nothing automatic (next card, Propaganda) follows it; chance is
        # managed. The adopted moves are replayed on the real state (commit_hyp).
        s2 = b.s.fork()  # only moves are applied to it
        s2.pending = [dict(SENTINEL)] + s2.pending[len(s2.pending) - 1:]
        if not managed(s2):
            s2.options = dict(s2.options, chance="managed")
        b.s = s2
    b.ctx["scope"] = len(b.s.pending) - 1
    b.ctx["handoff"] = False
    try:
        b.play(start)
        proc(b)
    except Handoff:
        b.ctx["handoff"] = True
    return b


def completed(r: Runner, b: Runner) -> bool:
    """The action on branch ``b`` ended (its frame is gone) or handed the decision over."""
    d = int(b.ctx["scope"])
    if b.ctx.get("handoff"):
        return True
    s = b.s
    if len(s.pending) <= d:
        return True
    k = s.pending[d]["k"]
    return not (k in OP_KINDS or k == "event") or to_move(s) != "fln"


def adopt(r: Runner, b: Runner) -> None:
    """Commit branch ``b``. A hypothetical is replayed on the real state up to the first move not
    made by the FLN (its dice are not rolled again: managed chance draws the same values); the
    Government, or an external die, then decides for real (Handoff)."""
    if not b.hyp:
        r.commit(b)
        if to_move(r.s) != "fln":
            raise Handoff()
        return
    r.trace.extend(b.trace)
    for m, actor in zip(b.moves, b.actors):
        if actor != "fln" or to_move(r.s) != "fln" or not r.can(m):
            break
        r.play(m)
    if to_move(r.s) != "fln":
        raise Handoff()


def run_op(r: Runner) -> None:
    """Continue the Operation on top of the stack per its priorities."""
    f = r.top()
    assert f is not None
    name = f.get("op")
    if name == "rally":
        rally.run(r)
    elif name == "march":
        march.run(r)
    elif name == "attack":
        attack.run(r)
    elif name == "terror":
        terror.run(r)


def run_event(r: Runner) -> None:
    """Execute the Event just chosen: every FLN decision inside it per 8.3 / card instructions."""
    d = int(r.ctx.get("scope", len(r.s.pending) - 1))
    guard = 0
    while (len(r.s.pending) > d and r.s.pending[d]["k"] in ("event", "pivotal_event")
           and r.fln_to_move() and guard < 300):
        step(r)
        guard += 1


# --- the flowchart --------------------------------------------------------------------------------


def bases_covered(s: State) -> bool:
    """8.4.2: every Algerian Base with Pop 1+ has 2+ Underground Guerrillas, every Pop 0 one 1+."""
    for n, sp in s.spaces.items():
        if n in COUNTRIES or sp["pieces"][FB] == 0:
            continue
        need = 2 if population(s, n) >= 1 else 1
        if sp["pieces"][UG] < need:
            return False
    return True


def eligible(r: Runner) -> None:
    """ct-fln-bot §4, Steps 1-9."""
    s = r.s
    f = r.top()
    assert f is not None
    card = s.cards["current"]
    legal = r.legal()
    event_moves = [m for m in legal if m["t"] == "event"]
    fl = flags_of(s, f, bool(event_moves))
    r.trace.note("8.4", f"FLN {fl.role} Eligible on card {card} ({CARDS[card]['title']}); "
                 f"Resources {s.resources['fln']}", options=list(f["options"]),
                 limited_only=fl.limop_only, event_open=fl.event_ok)
    # Step 2 – Pass (8.4.1)
    if s.resources["fln"] == 0 and fl.limop_only and not fl.event_ok:
        r.trace.note("8.4.1", "Pass: 0 Resources and only a Limited Operation available")
        r.play({"t": "pass"})
        return
    # Step 3 – Terror gate (8.4.2)
    covered = bases_covered(s)
    if covered or fl.gov_will_be_second:
        r.trace.note("8.4.2", "Terror gate open: " + ("all Algerian Bases covered by Underground "
                     "Guerrillas" if covered else "the Government will be Second Eligible"))
        if terror_or_event(r, fl, card):
            return
        # Step 5 – Attack (8.4.4)
        if op_move(r, "attack") is None:
            r.trace.note("8.4.4", "no Attack possible (no space with Guerrillas and Government "
                         "pieces, or Peace Talks)")
        elif attack.attack_test(r, fl.limop_only, fl.sa_ok):
            b = attempt(r, op_move(r, "attack") or {}, attack.run, False)
            if b.moves[1:] and completed(r, b):
                r.trace.note("8.4.4", "Attack executed")
                adopt(r, b)
                return
    else:
        r.trace.note("8.4.2", "Terror gate closed (an Algerian Base lacks Underground Guerrillas"
                     " and the Government will not be Second Eligible): straight to Rally")
    # Step 6 – Rally (8.4.5)
    entry = rally.entry_test(r, fl.limop_only)
    if entry and try_op(r, "rally", rally.run, "8.4.5"):
        return
    # Step 7 – March (8.4.6)
    if try_op(r, "march", march.run, "8.4.6"):
        return
    # Step 8 – fallback Rally, else Pass
    if not entry:
        r.trace.note("8.4.6", "no March possible: Rally (without the entry test)")
        if try_op(r, "rally", rally.run, "8.4.5"):
            return
    r.trace.note("8.4.1", "no Operation possible: Pass")
    r.play({"t": "pass"})


def try_op(r: Runner, name: str, proc: Callable[[Runner], None], box: str) -> bool:
    m = op_move(r, name)
    if m is None:
        r.trace.note(box, f"{name.title()} not possible (the rules offer no {name})")
        return False
    b = attempt(r, m, proc, False)
    if completed(r, b) and b.s is not r.s:
        f_ok = b.ctx.get("handoff") or any(mm["t"] == "space" or mm["t"] == "group"
                                            for mm in b.moves[1:])
        if f_ok:
            adopt(r, b)
            return True
    r.trace.note(box, f"{name.title()}: nothing to do per the priorities")
    return False


def terror_or_event(r: Runner, fl: Flags, card: int) -> bool:
    """ct-fln-bot §4 Step 4: hypothetical Terror T, hypothetical Event E; Event first if it passes
    the play test and hurts the Government at least as much; else Terror if it did something."""
    s = r.s
    before = gov_score(s)
    tb: Runner | None = None
    t_score: int | None = None  # the Government score after the hypothetical Terror
    m = op_move(r, "terror")
    if m is not None and terror.any_candidate(s):
        tb = attempt(r, m, terror.run, True)
        if not completed(r, tb):
            tb.ctx["stuck"] = True
        t_score = before if tb.ctx.get("stuck") else gov_score(tb.s)
        r.trace.note("8.4.2", f"hypothetical Terror: Government score {before} -> {t_score}")
    eb: Runner | None = None
    side = events.bot_side(s, card) if fl.event_ok else None
    if side is not None and r.can({"t": "event", "side": side}):
        eb = attempt(r, {"t": "event", "side": side}, run_event, True)
        r.trace.note("8.4.3", f"hypothetical Event {card} ({side}): Government score {before} -> "
                     f"{gov_score(eb.s)}")
    elif fl.event_ok:
        r.trace.note("8.3", f"Event {card}: no text the FLN would execute (ineffective or never "
                     "played)")
    if eb is not None and side is not None:
        if events.play_test(r, card, side, s, eb.s):
            if t_score is None or gov_score(eb.s) <= t_score:
                r.trace.note("8.4.3", f"play Event {card} ({side})")
                commit_hyp(r, eb, {"t": "event", "side": side}, run_event)
                return True
            r.trace.note("8.4.2", "Terror hurts the Government more than the Event")
    if tb is not None and not tb.ctx.get("stuck"):
        if gov_score(tb.s) < before or terror_on_map(tb.s) > terror_on_map(s):
            r.trace.note("8.4.2", "Terror executed")
            commit_hyp(r, tb, m or {}, terror.run)
            return True
        r.trace.note("8.4.2", "Terror would achieve nothing")
    return False


def commit_hyp(r: Runner, b: Runner, start: Move, proc: Callable[[Runner], None]) -> None:
    """Adopt a hypothetical (its dice are not rolled again) – or, with external chance, where the
    evaluation ran on managed dice, execute the action for real (until the first die)."""
    if managed(r.s):
        adopt(r, b)
        return
    real = attempt(r, start, proc, False)
    adopt(r, real)


# --- the dispatcher -----------------------------------------------------------------------------


def revenge(r: Runner) -> None:
    """#33 instruction (Revenge): an Assault space at Support (highest Pop), else with an FLN Base,
    else any Assault space (highest Pop), ties random."""
    s = r.s
    ms = [m for m in r.legal() if m["t"] == "revenge"]
    if not ms:
        r.play(r.legal()[0])
        return
    spaces = [m["space"] for m in ms]
    # Each group in turn (not successive filters: a Base does not rank Support spaces).
    group = ([x for x in spaces if s.spaces[x]["support"] == "support"]
             or [x for x in spaces if s.spaces[x]["pieces"][FB] > 0] or spaces)
    n = r.best(group, [("highest Population", lambda x: population(s, x), "max")],
               "Revenge space")
    r.trace.note("8.3", f"Revenge (#33): place a Guerrilla in {n}")
    r.play(next(m for m in ms if m["space"] == n))


def deploy(r: Runner) -> None:
    """10.0 Open Deployment for the FLN: Bases before Guerrillas, Guerrillas at Support, otherwise
    with friendly pieces (8.1.2), else random (8.2). Neither the rules nor ct-fln-bot say more, so
    two tie-breakers among spaces these leave equal are this implementation's choice: a Base goes
    where there is no Government Base, and a Guerrilla to an FLN Base space holding fewer than
    Population + 1 Guerrillas (the level of the Rally "Important" paragraph, 8.4.5) before other
    spaces with friendly pieces."""
    s = r.s
    ms = r.legal()
    bases = [m for m in ms if m.get("piece") == "fln_bases"]
    pool = bases or ms
    spaces = sorted({m["space"] for m in pool if "space" in m})
    if not spaces:
        r.play(ms[0])
        return
    if bases:
        n = r.best(spaces, [("no Government Base", lambda x: s.spaces[x]["pieces"][GB] == 0,
                             "yes")], "Base space")
    else:
        n = r.best(spaces, [
            ("at Support", lambda x: s.spaces[x]["support"] == "support", "yes"),
            ("FLN Base short of Guerrillas", lambda x: s.spaces[x]["pieces"][FB] > 0
             and guerrillas(s, x) < population(s, x) + 1, "yes"),
            ("friendly pieces", lambda x: s.spaces[x]["pieces"][FB] + guerrillas(s, x) > 0,
             "yes")], "Guerrilla space")
    r.play(next(m for m in pool if m.get("space") == n))


def extort_frame(r: Runner) -> None:
    """An Extort already open (resumed): E1, E2, E3 as in 8.4.2, then finish."""
    cands = [m["space"] for m in r.legal() if m["t"] == "space"]
    ok = set(extort_spaces(r, {}))
    for n in [c for c in cands if c in ok]:
        if r.can({"t": "space", "space": n}):
            r.play({"t": "space", "space": n})
    if r.can({"t": "done"}):
        r.play({"t": "done"})
    elif r.legal():
        r.play(r.legal()[0])


def ambush_frame(r: Runner) -> None:
    """An Ambush open (resumed, or granted alone by an Event): best spaces per 8.4.4."""
    f = r.top()
    assert f is not None
    ms = [m for m in r.legal() if m["t"] == "space"]
    if ms and len(f["locs"]) < 2:
        opts = {m["space"]: attack.strike(r.s, m["space"], "ambush") for m in ms}
        top = max(attack.priority(o, r.s) for o in opts.values())
        n = r.choose([k for k, o in opts.items() if attack.priority(o, r.s) == top], "Ambush")
        m = attack.ambush_move(r, n)
        if m is not None:
            r.play(m)
            return
    r.play({"t": "done"} if r.can({"t": "done"}) else r.legal()[0])


def step(r: Runner) -> None:
    """One policy step for the prompt on top of the stack (the FLN is to act)."""
    f = r.top()
    assert f is not None
    k = f["k"]
    if k == "eligible":
        eligible(r)
    elif k == "pivotal_window":
        pivotal_window(r)
    elif k in OP_KINDS:
        run_op(r)
    elif k == "op:assault":
        revenge(r)
    elif k == "sa:extort":
        extort_frame(r)
    elif k == "sa:subvert":
        if not do_subvert(r):
            r.play({"t": "done"} if r.can({"t": "done"}) else r.legal()[0])
    elif k == "evb_subvert":
        if not do_subvert(r, relaxed=True, acted=True):
            r.play({"t": "done"} if r.can({"t": "done"}) else r.legal()[0])
    elif k == "sa:ambush":
        ambush_frame(r)
    elif k == "prop_agitate":
        propaganda.agitate(r)
    elif k == "prop_redeploy":
        propaganda.redeploy(r)
    elif k == "deploy":
        deploy(r)
    elif k == "pick":
        events.do_pick(r, f)
    elif k == "evb_place":
        events.do_place(r, f)
    elif k in ("ev_remove", "evb_replace"):
        events.do_remove(r, f)
    elif k == "ev_move":
        events.do_move(r, f)
    else:
        fallback(r, f"no instruction for prompt '{k}'")


def fallback(r: Runner, why: str) -> None:
    """8.1.2 last bullet / 8.2: a random legal move."""
    ms = r.legal()
    if not ms:
        return
    m = r.choose(ms, "legal move")
    r.trace.note("8.2", f"{why}: random legal move", move=m)
    r.play(m)


__all__ = ["step", "eligible", "pivotal_window", "fallback", "bases_covered", "final_campaign",
           "after_operation", "finish", "try_extort"]
