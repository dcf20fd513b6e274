"""The Government bot's choices, one handler per prompt (the top frame's ``k``).

* Option prompts (``eligible``, ``pivotal_window``): every legal option – Pass, each Event side,
  each Operation in each box – is *completed* on the determinized state by the handlers below, and
  the end position evaluated (``evaluate``); where dice took part the value is the mean over
  ``CHANCE_SAMPLES`` samples of the hidden parts. The best is chosen and the rest of its moves
  become the plan, replayed while they stay legal. A declined Pivotal Event (2.3.7) is valued by
  the Government's own option prompt that follows, when it does (``ahead``): the Pivotal Event
  would be its action on the card.
* Train (3.2.1): locations by a Population/Control/Pacification estimate, cubes and the Pacify step
  by evaluation.
* Garrison (3.2.2): not considered at option prompts (its value lies in Police moves this bot
  does not plan); inside an Event's free Garrison, the Activation space by evaluation.
* Sweep (3.2.3): locations and Troop moves by evaluation *through* the Activation at ``done``,
  among the spaces where it can do something (``sweep_worth``).
* Assault (3.2.4): greedy among the spaces where it removes a piece (``assault_worth``).
* Neutralize (4.2.3), Propaganda phases (6.2.3, 6.3.1, 6.5), Events (5.0), the
  rest: greedy – the legal move whose resulting position evaluates best (a picked piece is valued
  at its best destination; a Commitment adjustment repeated up to the next third; a Special
  Activity at its completion), ``done`` unless something strictly better is on offer.
* Deploy (4.2.1), Troop Lift (4.2.2), Redeploy (6.4.1): a French piece moved to where it completes
  Troops and Police under Government Control in the most populous space that lacks one of them;
  from the final Campaign on, Deploy also sends spare French pieces home to Available, a third
  of a Commitment each at the final Commitment Adjustment (6.2.3).
"""

from __future__ import annotations

from typing import Callable

from ..board import available, control, fln_count, gov_count, police, population, troops
from ..data import AP, AT, COUNTRIES, FP, FRANCE_BOXES, FT, SPACES, UG
from ..modifiers import pacify_spaces
from ..ops_gov import assault_takes
from ..machine import to_move
from ..state import Move, State
from ..view import view
from .evaluate import W_CONTROL, france_cost, gains, homecoming
from .hidden import determinize
from .search import DONE, OPTION_STEPS, Ctx, compact, label, other_move, top_kind

OPTION_KINDS = ("eligible", "pivotal_window")
CHANCE_SAMPLES = 4  # samples averaged for an option whose outcome depends on chance
SKIPPED = ("garrison",)  # without Police moves it only Activates, which Sweep does as well
THROUGH_DONE = ("op:sweep",)  # the effect is resolved at `done` (3.2.3)
THIRDS = 3  # 6.2.3: Commitment changes by a third of the French pieces moved
EPS = 1e-6
FOLLOW_CAP = 40  # destinations valued for one picked piece
PACIFY_STEP = 2  # 3.2.1: Resources per Pacification step

Handler = Callable[[State, list[Move], Ctx], Move]


def choose(s: State, ctx: Ctx) -> Move:
    """The Government's move at ``s`` (a determinized state where the Government is to move)."""
    ms = ctx.legal(s)
    kind = top_kind(s)
    if len(ms) == 1:
        if not ctx.quiet:
            ctx.note(kind, f"only legal move: {label(s, ms[0])}", chosen=ms[0])
        return ms[0]
    if ctx.plan:
        m = ctx.plan.pop(0)
        if m in ms:
            if not ctx.quiet:
                ctx.note(kind, f"{label(s, m)}: the next move of the option chosen", chosen=m)
            return m
        ctx.plan.clear()
    if ctx.spent:
        m = DONE if DONE in ms else ms[0]
        if not ctx.quiet:
            ctx.note(kind, f"look-ahead budget spent: {label(s, m)}", chosen=m)
        return m
    handler = HANDLERS.get(kind) or (option if kind in OPTION_KINDS else greedy)
    return handler(s, ms, ctx)


# --- option prompts ---------------------------------------------------------------------------


def complete(s: State, first: Move, ctx: Ctx) -> tuple[State, list[Move]]:
    """Play ``first`` and the Government's further choices until its action is over (another
    option prompt, a new card, the game's end); returns the end position and the Government's
    moves. Decisions of the FLN inside the action: the worst for the Government (``other_move``)."""
    turn = s.turn
    saved, ctx.plan = ctx.plan, []
    ctx.quiet += 1
    moves = [first]
    try:
        cur = ctx.step(s, first)
        for _ in range(OPTION_STEPS):
            who = to_move(cur)
            if who is None or cur.turn != turn or top_kind(cur) in OPTION_KINDS or ctx.spent:
                break
            if who == "gov":
                m = choose(cur, ctx)
                moves.append(m)
            else:
                m = other_move(cur, ctx)
            cur = ctx.step(cur, m)
    finally:
        ctx.quiet -= 1
        ctx.plan = saved
    return cur, moves


Weighed = tuple[float, Move, list[Move], State]  # value, option, its moves, end position


def weigh(s: State, ms: list[Move], ctx: Ctx) -> list[Weighed]:
    """Complete every option (Garrison excepted, see ``SKIPPED``) and value its end position."""
    results = []
    for m in [x for x in ms if x.get("op") not in SKIPPED] or ms:
        end, moves = complete(s, m, ctx)
        value = ctx.value(end)
        if m["t"] == "decline":  # 2.3.7: the Pivotal Event would be the action on the card
            value = max(value, ahead(end, ctx))
        if end.rng["counter"] != s.rng["counter"]:
            # dice took part: average over fresh samples of the hidden parts
            values = [value]
            for _ in range(CHANCE_SAMPLES - 1):
                other = determinize(view(s, "gov"), ctx.rng)
                values.append(ctx.value(complete(other, m, ctx)[0]))
            value = sum(values) / len(values)
        results.append((value, m, moves, end))
    return results


def option(s: State, ms: list[Move], ctx: Ctx) -> Move:
    """The option whose completion ends in the best position (``weigh``); the rest of its moves
    become the plan."""
    results = weigh(s, ms, ctx)
    value, m, moves, end = max(results, key=lambda r: r[0])
    ctx.plan = moves[1:]
    if not ctx.quiet:
        ctx.note(top_kind(s), f"{label(s, m)}: the best of {len(results)} options completed and "
                 "evaluated",
                 candidates=[{"move": label(s, r[1]), "value": round(r[0], 2)} for r in results],
                 chosen=m, plan=[compact(x) for x in moves[1:]], gains=gains(s, end))
    return m


def ahead(s: State, ctx: Ctx) -> float:
    """The value of a position reached by declining a Pivotal Event (2.3.7: the window comes
    before the First Eligible acts, and the Pivotal Event would be the Government's action on the
    card): where the Government's own option prompt follows, the best of its options completed
    quietly (``weigh``); otherwise – the FLN acts first – the position itself."""
    if to_move(s) != "gov" or top_kind(s) != "eligible" or ctx.spent:
        return ctx.value(s)
    ctx.quiet += 1
    try:
        return max(r[0] for r in weigh(s, ctx.legal(s), ctx))
    finally:
        ctx.quiet -= 1


# --- greedy -----------------------------------------------------------------------------------


def run_frame(s: State, depth: int, ctx: Ctx) -> State:
    """Continue the Government's choices (quietly) until the stack is back to ``depth`` frames:
    a Special Activity completed, for its value."""
    ctx.quiet += 1
    try:
        for _ in range(OPTION_STEPS):
            if len(s.pending) <= depth or ctx.spent or to_move(s) is None:
                break
            m = choose(s, ctx) if to_move(s) == "gov" else other_move(s, ctx)
            s = ctx.step(s, m)
    finally:
        ctx.quiet -= 1
    return s


def look(s: State, m: Move, ctx: Ctx, post: bool = False) -> float:
    """The value of playing ``m``: a picked piece at its best destination, a Commitment
    adjustment repeated to the next third, a Special Activity completed, an Operation whose
    effect comes at ``done`` seen through it; with ``post``, an Operation declared done valued
    with the best Special Activity that may still follow."""
    s1 = ctx.step(s, m)
    if top_kind(s) == "prop_commitment" and m != DONE:
        # 6.2.3 charges Commitment as the running total crosses a third: value the move
        # repeated up to three times
        v = ctx.value(s1)
        for _ in range(THIRDS - 1):
            if to_move(s1) != "gov" or m not in ctx.legal(s1):
                break
            s1 = ctx.step(s1, m)
            v = max(v, ctx.value(s1))
        return v
    if m["t"] == "sa":
        return ctx.value(run_frame(s1, len(s.pending), ctx))
    if to_move(s1) == "gov" and m["t"] in ("pick", "select"):
        follow = ctx.legal(s1)
        if m["t"] == "select":  # a Redeploy selection may also be put back or end the phase
            follow = [x for x in follow if x["t"] not in ("deselect", "done")]
        if follow and all(x["t"] == "move" for x in follow):
            return max(ctx.value(ctx.step(s1, x)) for x in follow[:FOLLOW_CAP])
    v = ctx.value(s1)
    if (post and m == DONE and to_move(s1) == "gov" and s1.pending
            and s1.pending[-1].get("stage") == "post"):
        # the Operation resolved and a Special Activity may still follow (4.1): its best one
        for x in ctx.legal(s1):
            if x["t"] == "sa" and not ctx.spent:
                v = max(v, ctx.value(run_frame(ctx.step(s1, x), len(s1.pending), ctx)))
        return v
    if (top_kind(s) in THROUGH_DONE and to_move(s1) == "gov" and top_kind(s1) == top_kind(s)
            and DONE in ctx.legal(s1)):
        v = max(v, ctx.value(ctx.step(s1, DONE)))
    return v


def greedy(s: State, ms: list[Move], ctx: Ctx, cands: list[Move] | None = None,
           why: str = "") -> Move:
    """The candidate whose resulting position evaluates best; ``done`` (when legal) unless a
    candidate is strictly better."""
    pool = [m for m in (ms if cands is None else cands) if m != DONE]
    base = look(s, DONE, ctx) if DONE in ms else None
    scored = [(look(s, m, ctx), m) for m in pool if not ctx.spent and m["t"] != "sa"]
    best = max(scored, key=lambda r: r[0]) if scored else None
    if best is None or (base is not None and best[0] <= base + EPS):
        # A Special Activity only once the Operation itself has nothing better to do (4.1: it
        # may come before, during or after; valued here on the position the Operation leaves).
        sas = [(look(s, m, ctx), m) for m in pool if not ctx.spent and m["t"] == "sa"]
        if sas:
            scored += sas
            best = max(scored, key=lambda r: r[0])
            base = look(s, DONE, ctx, post=True) if DONE in ms else None
    if best is None or (base is not None and best[0] <= base + EPS):
        chosen, value = (DONE, base) if base is not None else ((pool or ms)[0], None)
    else:
        value, chosen = best
    top = sorted(scored, key=lambda r: -r[0])[:5]
    if not ctx.quiet:
        ctx.note(top_kind(s), f"{label(s, chosen)}: {why or 'best evaluated move'}"
                 + (f" (value {value:.2f}"
                    + (f", finishing {base:.2f})" if base is not None else ")")
                    if value is not None else ""),
                 candidates=[{"move": label(s, m), "value": round(v, 2)} for v, m in top],
                 chosen=chosen)
    return chosen


# --- Train (3.2.1) ----------------------------------------------------------------------------


def train_value(s: State, space: str, locs: list[str] | tuple[str, ...] = ()) -> float:
    """What training in ``space`` promises: Control gained with up to four Algerian cubes, and a
    Pacify step (3.2.1) where the Government would then Control it; on the France Track, the
    Commitment it saves (one box toward A). ``locs``: the locations already selected.

    3.2.1 Pacify needs Government Control only (not the cubes just placed, nor Troops and Police):
    a Controlled City is worth training in for its Pacification alone when no Algerian cube is
    Available – but Pacification is in one selected space (two with #13 SAS), so a further space
    that places no cube promises nothing."""
    if space == "france_track":
        i = FRANCE_BOXES.index(s.france_track)
        if i == 0:
            return -1.0
        shifted = s.copy()
        shifted.france_track = FRANCE_BOXES[i - 1]
        return france_cost(shifted) - france_cost(s) - 0.6
    place = min(4, available(s, AT) + available(s, AP))
    pop = population(s, space)
    g, f = gov_count(s, space), fln_count(s, space)
    after = "gov" if g + place > f else ("fln" if f > g + place else None)
    worth: dict[str | None, int] = {"gov": 1, "fln": -1, None: 0}
    v: float = -0.6 + 0.12 * place + W_CONTROL * pop * (worth[after] - worth[control(s, space)])
    sp = s.spaces[space]
    open_slots = pacify_spaces(s) - sum(1 for n in locs if n in SPACES)
    price = 2 + PACIFY_STEP  # this location (those before it are paid) and one step
    if (after == "gov" and pop and sp["support"] != "support" and open_slots > 0
            and s.resources["gov"] >= price):
        v += 0.9 * pop - 0.6 * sp["terror"]
    elif place == 0:
        return -1.0  # nothing placed and nothing to Pacify: only the price paid
    return v


def train(s: State, ms: list[Move], ctx: Ctx) -> Move:
    places = [m for m in ms if m["t"] == "place" and "from" not in m]
    if places:
        return greedy(s, [], ctx, places, "cube to place")
    f = s.pending[-1]
    spaces = [m for m in ms
              if m["t"] == "space" and (m["space"] in SPACES or m["space"] == "france_track")]
    if spaces and not (f["box"] == "limited_op" and f["locs"]):
        scored = [(train_value(s, m["space"], f["locs"]), m) for m in spaces]
        v, m = max(scored, key=lambda r: r[0])
        need = 2 + (2 if f["locs"] else 0)  # keep the price of a Pacify step after the first
        must = DONE not in ms and not f["locs"]  # a Train needs one location
        if must or v > 0 and (f["free"] or s.resources["gov"] >= need) and len(f["locs"]) < 3:
            if not ctx.quiet:
                ctx.note("op:train", f"Train in {m['space']} (estimate {v:.2f}: Control and "
                         "Pacification)", chosen=m,
                         candidates=[{"space": x["space"], "value": round(y, 2)}
                                     for y, x in sorted(scored, key=lambda r: -r[0])[:5]])
            return m
    rest = [m for m in ms if m["t"] not in ("space", "place")]
    return greedy(s, ms, ctx, rest, "Pacify, Special Activity or finish")


def worth_trying(s: State, ms: list[Move], worth: Callable[[State, str], bool]) -> list[Move]:
    """The moves other than ``done``, less the map spaces where ``worth`` says the action does
    nothing: each candidate weighed costs engine applies."""
    return [m for m in ms if m != DONE
            and not (m["t"] == "space" and m["space"] in SPACES and not worth(s, m["space"]))]


# --- Sweep (3.2.3) ---------------------------------------------------------------------------


def sweep_worth(s: State, space: str) -> bool:
    """Can a Sweep in ``space`` do anything? It Activates Underground Guerrillas there (3.2.3), and
    the Troops it moves in from adjacent spaces may take Control of a populated space the
    Government does not Control (1.7); a space with neither is only the price paid."""
    if s.spaces[space]["pieces"][UG]:
        return True
    if not population(s, space) or control(s, space) == "gov":
        return False
    return any(troops(s, n) for n in SPACES[space].adjacent if n not in COUNTRIES)


def sweep(s: State, ms: list[Move], ctx: Ctx) -> Move:
    """Locations by evaluation through the Activation (``greedy``, ``THROUGH_DONE``), among the
    spaces where a Sweep can do something (``sweep_worth``): each candidate costs two engine
    applies, and most of the map holds no Underground Guerrilla."""
    return greedy(s, ms, ctx, worth_trying(s, ms, sweep_worth))


# --- Assault (3.2.4) -------------------------------------------------------------------------


def assault_worth(s: State, space: str) -> bool:
    """Does an Assault in ``space`` remove anything (3.2.4, ``ops_gov.assault_takes``)?"""
    return sum(assault_takes(s, space)) > 0


def assault(s: State, ms: list[Move], ctx: Ctx) -> Move:
    """Locations by evaluation (``greedy``) among the spaces where the Assault removes a piece
    (``assault_worth``); each candidate costs an engine apply."""
    return greedy(s, ms, ctx, worth_trying(s, ms, assault_worth))


# --- Garrison (3.2.2) -------------------------------------------------------------------------


def garrison(s: State, ms: list[Move], ctx: Ctx) -> Move:
    acts = [m for m in ms if m["t"] == "activate"]
    return greedy(s, ms, ctx, acts or None, "Activation space")


# --- French pieces: Deploy (4.2.1), Troop Lift (4.2.2), Redeploy (6.4.1) -----------------------


def wants(s: State, space: str) -> tuple[int, str] | None:
    """A Government-Controlled populated space not at Support that lacks Troops or Police
    (6.3.1 needs both): (Population, the piece kind missing)."""
    if space in COUNTRIES or s.spaces[space]["support"] == "support":
        return None
    pop = population(s, space)
    if not pop or control(s, space) != "gov":
        return None
    if not troops(s, space):
        return pop, "troops"
    if not police(s, space):
        return pop, "police"
    return None


def spare(s: State, space: str, kind: str) -> bool:
    """Can a piece of ``kind`` leave ``space`` without costing what it holds there?"""
    if space == "available":
        return True
    n = troops(s, space) if kind == "troops" else police(s, space)
    return gov_count(s, space) - 1 > fln_count(s, space) and n >= 2


def tells(s: State, space: str) -> bool:
    """Does one more Government cube in ``space`` change anything the evaluation sees? FLN pieces
    there (Control, a later Assault, 3.2.4), or a populated space it does not Control (1.7).
    Elsewhere a cube counts the same wherever it stands."""
    if space not in SPACES:
        return False
    return bool(fln_count(s, space)) or (bool(population(s, space))
                                         and control(s, space) != "gov")


def reinforce(s: State, ms: list[Move], ctx: Ctx) -> Move:
    """Pick (or move) the French piece that completes Troops and Police in the most populous
    Controlled space lacking one; finish when there is none."""
    kind_of = {FT: "troops", FP: "police", AT: "troops", AP: "police"}
    needs = {sp: w for sp in SPACES if (w := wants(s, sp)) is not None}
    moves = [m for m in ms if m["t"] == "move" and m.get("to") in needs
             and kind_of.get(m.get("piece", "")) == needs[m["to"]][1]]
    if moves:
        m = max(moves, key=lambda m: needs[m["to"]][0])
        if not ctx.quiet:
            ctx.note(top_kind(s), f"{label(s, m)}: completes Troops and Police in {m['to']} "
                     f"(Population {needs[m['to']][0]}, 6.3.1)", chosen=m)
        return m
    home = going_home(s)
    busy = [m for m in ms if m["t"] == "move"]
    if busy:  # a piece was picked (moves are offered) and no space needs it: the best evaluated
        # among the destinations where it changes something (``tells``)
        return greedy(s, ms, ctx, [m for m in busy if tells(s, m["to"])
                                   or (home and m["to"] == "available")] or busy[:1],
                      "no space lacks this piece; the best evaluated destination")
    missing = {w[1] for w in needs.values()}
    picks = [m for m in ms if m["t"] in ("pick", "select")
             and kind_of.get(m.get("piece", "")) in missing and spare(s, str(m.get("from", m.get("space", ""))), kind_of[m["piece"]])]
    for m in picks:
        s1 = ctx.step(s, m)
        if any(x["t"] == "move" and x.get("to") in needs
               and needs[x["to"]][1] == kind_of[m["piece"]] for x in ctx.legal(s1)):
            if not ctx.quiet:
                ctx.note(top_kind(s), f"{label(s, m)}: a spare {kind_of[m['piece']]} for a space "
                         "lacking it", chosen=m)
            return m
    if home:
        spares = [m for m in ms if m["t"] == "pick" and m.get("from") in SPACES
                  and m.get("piece") in (FT, FP) and spare(s, m["from"], kind_of[m["piece"]])]
        if spares:
            return greedy(s, ms, ctx, spares, "a spare French piece home to Available: one "
                          "Commitment for three at the final Commitment Adjustment (6.2.3)")
    m = DONE if DONE in ms else ms[0]
    if not ctx.quiet:
        ctx.note(top_kind(s), f"{label(s, m)}: no Controlled space lacks Troops or Police",
                 chosen=m)
    return m


def going_home(s: State) -> bool:
    """A Deploy (4.2.1: French pieces among the Available box and the selected spaces) before
    the final Commitment Adjustment, where Available French pieces turn into Commitment (6.2.3)."""
    return top_kind(s) == "sa:deploy" and homecoming(s)


HANDLERS: dict[str, Handler] = {
    "op:train": train,
    "op:sweep": sweep,
    "op:assault": assault,
    "op:garrison": garrison,
    "sa:deploy": reinforce,
    "sa:troop_lift": reinforce,
    "prop_redeploy": reinforce,
}
