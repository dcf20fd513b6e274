"""The Government bot's static evaluation of a position (from the Government's side; higher is
better). One number, the sum of named terms so a trace can say what a choice gains:

* ``margin`` – the victory-margin difference (Government margin less FLN margin, 1.9, 7.3): the
  quantity that decides the game at its end; before the final Propaganda Round, Support counts at
  ``W_SUPPORT_EARLY`` (the FLN's Terror and Agitation will take part of it back);
* ``danger`` – the FLN score above its threshold (7.2: the FLN wins in a Victory Phase when it
  exceeds 30, and in a one-player game only the FLN can win early, 8.6);
* ``control`` – Population under Government Control, less Population under FLN Control (1.7:
  Control lets the Government Pacify and bars FLN Agitation, 6.3);
* ``prospects`` – Population the Government could Pacify next (Control, Troops and Police, not at
  Support, 6.3.1), less Population the FLN could Agitate (FLN pieces, no Government Control, not at
  Oppose, 6.3.2);
* ``insurgents`` – Guerrillas on the map (Underground ones weigh more: they cannot be Assaulted,
  3.2.4) and FLN Bases (they feed Rally and FLN Resources, 6.2.2) beyond their score;
* ``forces`` – Government cubes and Bases on the map, French pieces Available (Resources in
  6.2.1; from the final Campaign until the final Commitment Adjustment, a third of a Commitment
  each, 6.2.3), French Casualties (lost Commitment in 6.2.3 – none under Recall De Gaulle, 5.1.7,
  where only the third sent Out of Play at the Reset is lost, 6.5);
* ``resources`` – Resources of both sides (what pays for the next Operations), worth nothing once
  the final Propaganda Round has begun; in the final Campaign (2.4.1: the last Propaganda card is
  in the last pile), the Government's count only up to what the cards left before the end can
  spend, plus – in the two-player game – what the final Pacification can use (6.3.1: two per
  step, no more than the Commitment); the one-player game ends before that Support Phase (8.5.1);
  under Recall De Gaulle (5.1.7) Total Support earns Resources in each Round still to pay (6.2.1);
* ``france`` – the Commitment the France Track will take in the Propaganda Rounds left (6.2.3;
  the Reset moves it one box toward A each round, 6.5), and the FLN Resources it gives (6.2.2);
* ``terror`` – Terror markers in populated spaces (they block a shift toward Support, 3.3.4), and
  Support within reach of Terror: a space at Support holding an Underground Guerrilla (3.3.4: Terror
  there sets it to Neutral);
* ``tempo`` – the Government First Eligible on the next Event card (2.3.5, ``first_next``): it
  then acts first and limits what the FLN may do (2.3.2); worth nothing in the final Round.

In the one-player game's last cards (``horizon``: the game ends with the final Commitment Phase,
8.5.1) ``control``, ``prospects``, ``insurgents``, ``terror`` and ``tempo`` fade and Support counts
nearer its full value: there the evaluation becomes the score.

Before the final Round each term counts times its weight at the position's stage
(``TERM_WEIGHTS``, ``stage``: the Campaigns before the final one, the final Campaign), weights
fitted to game outcomes (``engine.govbot.fit``); ``evaluate`` is the sum of the weighted terms.
"""

from __future__ import annotations

from ..board import control, de_gaulle, population
from ..data import (AG, AP, AT, COUNTRIES, FB, FP, FRANCE_BOXES, FRANCE_TRACK, FT, GB, SPACES,
                    SUPPORT_LEVELS, UG)
from ..ops import recorded_box
from ..state import State

W_SUPPORT_EARLY = 0.8  # Support before the final round: Terror and Agitation may undo it
W_CONTROL = 0.3
W_PACIFY = 0.3
W_AGITATE = 0.3
W_UNDERGROUND = 0.75
W_ACTIVE = 0.5
W_BASE = 1.5
W_CUBE = 0.12
W_GOV_BASE = 0.5
W_AVAILABLE = 0.2
W_CASUALTY = 0.34
W_RES_GOV = 0.22
W_RES_GOV_HIGH = 0.08
RES_GOV_KNEE = 12
W_RES_FLN = 0.15
W_TERROR = 0.2
W_EXPOSED = 0.5
W_DANGER = 3.0
W_FRANCE = 0.8
W_FRANCE_RES = 0.1
W_CASUALTY_DE_GAULLE = 0.07  # 5.1.7: no Commitment lost; 6.5: a third go Out of Play
W_HOME = 0.9  # a French piece Available at the final Commitment Phase: a third of a Commitment
RES_PER_CARD = 4  # Resources the Government spends per card, on average, in the final Campaign
PACIFY_STEP = 2  # 6.3.1: Resources per Terror marker removed or level shifted
DANGER_FROM = 27  # FLN score from which a Victory Phase becomes a threat (7.2: more than 30)
W_FIRST = 1.0  # the Government First Eligible on the next card (2.3.5)
ENDGAME_CARDS = 4.0  # one-player final Campaign: Event cards expected before the end from which
# the terms that pay only later fade and Support counts nearer whole (8.5.1); 0: never
# Each term's weight before the final Round, by stage (``stage``); in the final Round every term
# counts once. Half-way from 1.0 toward the fit of game outcomes on the terms
# (``engine.govbot.fit``, 800 Short games against the FLN bot), then measured in paired
# self-play: docs/gov-bot.md, eighth pass. ``danger`` is too rare there to be fitted: 1.0.
TERM_WEIGHTS: dict[str, dict[str, float]] = {
    "campaign": {"margin": 0.96, "danger": 1.0, "control": 0.5, "prospects": 1.38,
                 "insurgents": 0.62, "forces": 0.64, "resources": 1.19, "france": 0.83,
                 "terror": 0.72, "tempo": 1.09},
    "final_campaign": {"margin": 1.0, "danger": 1.0, "control": 0.5, "prospects": 0.96,
                       "insurgents": 0.53, "forces": 1.0, "resources": 0.98, "france": 0.83,
                       "terror": 0.69, "tempo": 1.53},
}


def final_round(s: State) -> bool:
    """The last Propaganda card has been drawn (2.4.1): Resources and Available pieces are of no
    further use once its Support Phase is over."""
    return bool(s.cards["propaganda_drawn"] == s.cards["propaganda_total"])


def final_campaign(s: State) -> bool:
    """The last Propaganda card is still to come and no other is (2.4.1): the game ends with it."""
    c = s.cards
    return bool(c["propaganda_drawn"] == c["propaganda_total"] - 1)


def cards_left(s: State) -> float:
    """The Event cards expected before the last Propaganda card: every card of the piles above
    the last, and half of the last pile's (10.0: the Propaganda card is shuffled into it)."""
    return float(sum(e if not props else e / 2 for e, props in s.cards["piles"]))


def pacify_reserve(s: State) -> int:
    """What the final Support Phase can spend on Pacification (6.3.1): two Resources per Terror
    marker and per level toward Support (two at most) in each Populated space with Government
    Control, Troops and Police, no more than the Commitment. None in the one-player game: it ends
    after the Resources and Commitment Phase (8.5.1)."""
    if s.options.get("fln_bot"):
        return 0
    steps = 0
    for n, sp in s.spaces.items():
        p = sp["pieces"]
        if (n in COUNTRIES or not population(s, n) or control(s, n) != "gov"
                or not (p[FT] + p[AT]) or not (p[FP] + p[AP])):
            continue
        steps += sp["terror"] + 2 - SUPPORT_LEVELS.index(sp["support"])
    return min(s.commitment, PACIFY_STEP * steps)


def homecoming(s: State) -> bool:
    """Is the final Round's Commitment Adjustment (6.2.3) still to come, or under way? There each
    three French pieces sent from Available to Out of Play add one Commitment, and the game ends
    with that phase in the one-player game (8.5.1) and soon after in the other."""
    if final_campaign(s):
        return True
    if not final_round(s):
        return False
    return any(f.get("k") == "propaganda" and f.get("phase") in ("victory", "resources",
                                                                  "commitment")
               for f in s.pending)


def useful_resources(s: State) -> float:
    """Government Resources that can still be spent before the game ends (final Campaign)."""
    return RES_PER_CARD * cards_left(s) + pacify_reserve(s)


def paying_rounds(s: State) -> int:
    """The Propaganda Rounds left whose Resources can still be spent: every round left but the
    last in the one-player game, which ends with that round's Commitment Phase (8.5.1)."""
    rounds = int(s.cards["propaganda_total"] - s.cards["propaganda_drawn"])
    return rounds - 1 if s.options.get("fln_bot") else rounds


def france_cost(s: State) -> float:
    """The France Track's toll over the Propaganda Rounds left: Commitment (6.2.3) and FLN
    Resources (6.2.2), the marker moving one box toward A after each round (6.5)."""
    rounds = s.cards["propaganda_total"] - s.cards["propaganda_drawn"]
    i = FRANCE_BOXES.index(s.france_track)
    cost = 0.0
    for k in range(rounds):
        box = FRANCE_TRACK[FRANCE_BOXES[max(0, i - k)]]
        cost += W_FRANCE * box["minus_commit"] + W_FRANCE_RES * box["plus_resource"]
    return -cost


def first_next(s: State) -> str:
    """Who will be First Eligible on the next Event card (2.3.5: after an Operation with a Special
    Activity or in several locations the Second Eligible becomes First; otherwise no change). The
    adjustment is still to come while the card's frame is pending; while the First Eligible's
    Operation is under way, its box is the one it will record (``ops.recorded_box``), so a
    choice inside the action – a Special Activity, a second location – sees what it costs."""
    sop = s.sop
    first = str(sop["first"])
    box = sop["first_box"]
    if box is None:
        for f in s.pending:  # the First Eligible's Operation under way: the box it will record
            if f.get("role") == "first" and str(f.get("k")).startswith("op:"):
                box = recorded_box(f)
    if box in ("op_plus_sa", "op_only") and any(f.get("k") == "card" for f in s.pending):
        return "fln" if first == "gov" else "gov"
    return first


def horizon(s: State) -> float:
    """How much of the position's future is still to be played, from 1.0 down to 0.0: in the
    one-player game's final Campaign the game ends with the final Round's Commitment Phase
    (8.5.1: no Support Phase, no Agitation after it), so as the expected Event cards before the
    last Propaganda card (``cards_left``) fall below ``ENDGAME_CARDS`` what only pays later –
    Control, Pacify and Agitation prospects, Guerrillas, Support within reach of Terror, First
    Eligibility – fades, and Support gained is more nearly final. 1.0 elsewhere."""
    if ENDGAME_CARDS <= 0 or not s.options.get("fln_bot") or not final_campaign(s):
        return 1.0
    return min(1.0, cards_left(s) / ENDGAME_CARDS)


def terms(s: State) -> dict[str, float]:
    """The evaluation's terms (see the module docstring). One pass over the map: the victory
    totals (1.9, as ``board.scores``), Control (1.7, as ``board.control``) and Population (as
    ``board.population``) are read inline – the evaluation runs thousands of times a decision."""
    last = final_round(s)
    sup = opp = bases = 0
    control_t = prospects = insurgents = forces = terror = 0.0
    for n, sp in s.spaces.items():
        p = sp["pieces"]
        ug, ag, fb = p[UG], p[AG], p[FB]
        bases += fb
        if n in COUNTRIES:
            insurgents -= 0.2 * (ug + ag) + 0.5 * fb
            continue
        tr, po = p[FT] + p[AT], p[FP] + p[AP]
        insurgents -= W_UNDERGROUND * ug + W_ACTIVE * ag + W_BASE * fb
        forces += W_CUBE * (tr + po) + W_GOV_BASE * p[GB]
        pop = 0 if sp["resettled"] else SPACES[n].population + sp["pop_bonus"]
        if not pop:
            continue
        level = sp["support"]
        if level == "support":
            sup += pop
        elif level == "oppose":
            opp += pop
        g, f = tr + po + p[GB], ug + ag + fb
        if g > f:
            control_t += W_CONTROL * pop
            if tr and po and level != "support":
                prospects += W_PACIFY * pop
        else:
            if f > g:
                control_t -= W_CONTROL * pop
            if f and level != "oppose":
                prospects -= W_AGITATE * pop
        terror -= W_TERROR * pop * sp["terror"]
        if ug and level == "support":
            terror -= W_EXPOSED * pop
    gov_score, fln_score = sup + s.commitment, opp + bases
    h = horizon(s)
    support_kept = float(sup) if last else (1.0 - (1.0 - W_SUPPORT_EARLY) * h) * sup
    margin = float((gov_score - 35) - (fln_score - 30)) - (sup - support_kept)
    box = s.boxes
    french = box["available"][FT] + box["available"][FP]
    if homecoming(s):
        forces += W_HOME * french / 3
    elif not last:
        forces += W_AVAILABLE * french
    dg = de_gaulle(s)
    forces -= ((W_CASUALTY_DE_GAULLE if dg else W_CASUALTY)
               * (box["casualties"][FT] + box["casualties"][FP]))
    res = float(s.resources["gov"])
    if final_campaign(s):
        res = min(res, useful_resources(s))
    resources = 0.0 if last else (W_RES_GOV * min(res, RES_GOV_KNEE)
                                  + W_RES_GOV_HIGH * max(0, res - RES_GOV_KNEE))
    resources -= 0.0 if last else W_RES_FLN * s.resources["fln"]
    if dg and not last:  # 6.2.1 under Recall De Gaulle: Total Support is paid in Resources
        resources += W_RES_GOV_HIGH * sup * paying_rounds(s)
    france = france_cost(s)
    danger = -W_DANGER * max(0, fln_score - DANGER_FROM)
    tempo = W_FIRST if not last and first_next(s) == "gov" else 0.0
    if h < 1.0:  # the end is near: what pays only later fades (``horizon``); Bases and
        # Support are in the margin
        control_t, prospects, insurgents, terror, tempo = (
            h * control_t, h * prospects, h * insurgents, h * terror, h * tempo)
    return {"tempo": tempo, "margin": margin, "danger": danger, "control": control_t,
            "prospects": prospects, "insurgents": insurgents, "forces": forces,
            "resources": resources, "france": france, "terror": terror}


def stage(s: State) -> str:
    """The stage of the game whose ``TERM_WEIGHTS`` apply: ``campaign`` before the final
    Campaign, ``final_campaign`` (2.4.1), ``final_round`` once the last Propaganda card is drawn."""
    if final_round(s):
        return "final_round"
    return "final_campaign" if final_campaign(s) else "campaign"


def weighted(s: State) -> dict[str, float]:
    """``terms``, each times its weight at the position's stage (``TERM_WEIGHTS``; 1.0 in the
    final Round, where the evaluation is the score)."""
    t = terms(s)
    w = TERM_WEIGHTS.get(stage(s))
    return t if w is None else {k: v * w[k] for k, v in t.items()}


def evaluate(s: State) -> float:
    """The position's value for the Government: the sum of the weighted terms."""
    return sum(weighted(s).values())


def gains(before: State, after: State) -> dict[str, float]:
    """What changed between two positions, term by term and weighted (rounded, zero terms left
    out): the reason a trace gives for a choice."""
    a, b = weighted(before), weighted(after)
    return {k: round(b[k] - a[k], 2) for k in a if abs(b[k] - a[k]) >= 0.005}
