"""Checking an untrusted state document (every field is described in docs/state.md).

``validate(data)`` turns parsed JSON into a ``State`` or raises ``StateError(field, reason, rule)``;
it never raises anything else, whatever ``data`` is, and never "fixes" a state silently. The field
is a path into the document: ``spaces.Medea.pieces.french_troops``, ``cards.held.gov[0]``,
``pending[2].x``. Checks, in order: the shape of every field (types, exact key sets, ranges), the
rules that tie fields together (force pool 1.4.1, stacking 1.4.2, Countries 1.3.4/5.1.8, Pop 0 is
Neutral 1.6.2, the cards and the deck 2.2/10.0, the Sequence of Play 2.3) and finally the pending
decision (each frame of a registered kind, the one on top belonging to a player – or to chance in
external mode – with at least one legal move).

Performance: the check is linear in the size of the document and builds the State from the parsed
containers themselves (no copy); ``serial.from_data`` copies once for callers that keep the input.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final, NoReturn

from referee_core import rng
from referee_core.checks import (
    Budget, at, check_bool, check_card_list, check_choice, check_int, check_list,
    check_obj, fail, plain, show,
)
from referee_core.errors import BadRequest, StateError

from .frame_checks import FACTIONS
from .data import (
    AG, AP, AT, BOX_PIECES, BOXES, CARDS, COUNTRIES, FB, FORCE_POOL, FP, FRANCE_BOXES, FT, GB,
    MAP_PIECES, MOROCCO_TUNISIA_INDEPENDENT, PIVOTAL_OWNER, POP0_MARKERS, PROPAGANDA_CARDS, RAW,
    SCENARIOS, SPACE_NAMES, SPACES, SUPPORT_LEVELS, TERROR_MARKERS, UG, box_key,
)
from .events import SIDES
from .machine import MACHINE
from .propaganda import DELAYED_EFFECTS
from .scenarios import OPTION_DEFAULTS, check_options
from .state import SCHEMA, SpaceData, State
from .validate_pending import EVENTS, check_pending
from .victory import DECEPTION_MARKERS

ALL_CARDS = EVENTS | frozenset(PIVOTAL_OWNER) | frozenset(PROPAGANDA_CARDS)
PIVOTALS = frozenset(PIVOTAL_OWNER)
PROPAGANDA = frozenset(PROPAGANDA_CARDS)
DRAWABLE = EVENTS | PROPAGANDA  # what the draw deck holds (10.0)
REMOVABLE = EVENTS | PIVOTALS

TOP_KEYS = ("schema", "scenario", "options", "spaces", "boxes", "resources", "commitment",
            "france_track", "border_zone", "cards", "sop", "pending", "rng", "result", "deception",
            "turn")
SPACE_KEYS = ("pieces", "support", "terror", "resettled", "pop_bonus", "base_marker")
CARD_KEYS = ("deck", "deck_left", "piles", "unseen", "current", "played", "set_aside", "held",
             "in_effect", "removed", "capabilities", "momentum", "coup_played", "coup_campaign",
             "propaganda_total", "propaganda_drawn", "rounds", "last_propaganda", "delayed")
SOP_KEYS = ("first", "first_box", "second_box")
SOP_BOXES = (None, "event", "op_plus_sa", "op_only", "limited_op", "pass")

_TOP, _SPACE, _CARD = frozenset(TOP_KEYS), frozenset(SPACE_KEYS), frozenset(CARD_KEYS)
_MAP, _BOX = frozenset(MAP_PIECES), frozenset(BOX_PIECES)
_OPTION_KEYS = tuple(OPTION_DEFAULTS)
_OPTIONS = frozenset(_OPTION_KEYS)
_BOXES, _SOP = frozenset(BOXES), frozenset(SOP_KEYS)
_SCENARIO_NAMES, _FRANCE_BOXES = tuple(SCENARIOS), tuple(FRANCE_BOXES)
_FACTIONS = frozenset(FACTIONS)
_SUPPORT: Final = frozenset(SUPPORT_LEVELS)
_POP_PLUS_MARKERS: int = RAW["markers"]["pop_plus_1_city"]["count"]
_BASE_MARKERS: int = RAW["markers"]["base_plus_1_country"]["count"]

U64 = (1 << 64) - 1

# Capability / Momentum markers each side of each card may leave in play (5.3, 5.4).
_CAPABILITY = {(n, side) for n, c in CARDS.items() for side in SIDES
               if (c.get(side + "_flag") or "").endswith("capability")}
_MOMENTUM = {(n, side) for n, c in CARDS.items() for side in SIDES
             if (c.get(side + "_flag") or "").endswith("momentum")}


# --- the document ----------------------------------------------------------------------------


def validate(data: Any) -> State:
    """Check a parsed state document and build the State from it (it keeps the containers)."""
    s, d, budget = validate_fields(data)
    s.pending = check_pending(d["pending"], s, budget)
    return s


def check_issued(s: State, always: bool = False) -> State:
    """An engine-made state (a move's outcome, a new game) before it leaves the referee: the
    State ``from_json(to_json(s))`` gives – the same containers in the same orders, so the same
    legal moves in the same order – without writing and parsing the text. Its data is put in the
    order its text is read in (the validator rebuilds the rest in its own orders) and rebuilt.

    Validated again only with ``always``, and then only if this very state did not pass the
    validator already: ``engine.apply`` validates every state it makes from frame data
    ``from_json`` did not prove (``FrameType.proven``), and the rest is the engine's own work on
    data it produced or proved, which the fuzzers and validated playouts of the tests hold to the
    validator (docs/trust.md, "The states the referee issues")."""
    d = s.to_data()
    c = dict(d["cards"])
    try:
        c["capabilities"], c["momentum"] = _sorted(c["capabilities"]), _sorted(c["momentum"])
        d["cards"], d["pending"], d["result"] = c, _sorted(d["pending"]), _sorted(d["result"])
    except TypeError:  # keys that are not all strings: the validator names the field
        return validate(s.to_data())
    return validate(d) if always and not s._checked else trusted(d)


def _sorted(x: Any) -> Any:
    """Plain data with every object's keys in sorted order, as a canonical text reads back."""
    if type(x) is dict:
        return {k: _sorted(v) if type(v) in _NESTED else v
                for k, v in sorted(x.items(), key=_first)}
    if type(x) is list:
        return [_sorted(v) if type(v) in _NESTED else v for v in x]
    return x


_NESTED = (dict, list)
_first = itemgetter(0)


def trusted(d: dict[str, Any]) -> State:
    """The State of a document this engine build has validated before – ``validate`` would accept
    it – built as ``validate`` builds it (the same containers, rebuilt in the same orders) without
    checking anything. Only for ``serial.from_trusted_json``, whose callers have proof of that."""
    s = State.__new__(State)
    s._legal = None
    s._valid = s._checked = True
    s._own = None
    s._own_cards = True
    s.scenario = d["scenario"]
    o = d["options"]
    s.options = {k: o[k] for k in _OPTION_KEYS}
    sps: dict[str, dict[str, Any]] = d["spaces"]
    spaces: dict[str, SpaceData] = {}
    for n in SPACE_NAMES:
        sp = sps[n]
        pc: dict[str, Any] = sp["pieces"]
        spaces[n] = {"pieces": {FT: pc[FT], FP: pc[FP], AT: pc[AT], AP: pc[AP], GB: pc[GB],
                                UG: pc[UG], AG: pc[AG], FB: pc[FB]},
                     "support": sp["support"], "terror": sp["terror"],
                     "resettled": sp["resettled"], "pop_bonus": sp["pop_bonus"],
                     "base_marker": sp["base_marker"]}
    s.spaces = spaces
    b: dict[str, dict[str, Any]] = d["boxes"]
    boxes: dict[str, dict[str, int]] = {}
    for box in BOXES:
        bx = b[box]
        boxes[box] = {k: bx[k] for k in BOX_PIECES}
    s.boxes = boxes
    r = d["resources"]
    s.resources = {"gov": r["gov"], "fln": r["fln"]}
    s.commitment = d["commitment"]
    s.france_track = d["france_track"]
    s.border_zone = d["border_zone"]
    c = d["cards"]
    s.cards = _cards(c, c["held"])
    sop = d["sop"]
    s.sop = {"first": sop["first"], "first_box": sop["first_box"],
             "second_box": sop["second_box"]}
    s.pending = d["pending"]
    r = d["rng"]
    s.rng = {"seed": r["seed"], "counter": r["counter"]}
    s.result = d["result"]
    dc = d["deception"]
    s.deception = None if dc is None else {side: {"held": dc[side]["held"],
                                                  "used": dc[side]["used"]} for side in FACTIONS}
    s.turn = d["turn"]
    return s


def validate_fields(data: Any) -> tuple[State, dict[str, Any], Budget]:
    """Every check but the pending decision's: the State without ``pending`` (set it, then
    settle or check it), the document, and what its generic data used of the budget."""
    d = check_obj(data, "")
    if d.get("schema") != SCHEMA or type(d.get("schema")) is not str:
        fail("schema", f"must be {SCHEMA!r}, not {show(d.get('schema'))}")
    check_obj(d, "", TOP_KEYS, _TOP)
    scenario = check_choice(d["scenario"], "scenario", _SCENARIO_NAMES)
    options = _check_options(d["options"])
    managed = options["chance"] == "managed"
    budget = Budget()
    s = State.__new__(State)
    s._legal = None
    s._valid = s._checked = True
    s._own = None
    s._own_cards = True
    s.scenario = scenario
    s.options = options
    s.cards = _check_cards(d["cards"], scenario, managed)
    indep = MOROCCO_TUNISIA_INDEPENDENT in s.cards["in_effect"]
    s.spaces, on_map = _check_spaces(d["spaces"], indep)
    s.boxes = _check_boxes(d["boxes"])
    _check_pool(s, on_map)
    res = check_obj(d["resources"], "resources", FACTIONS, _FACTIONS)
    check_int(res["gov"], "resources.gov", 0, 50, "1.8")
    check_int(res["fln"], "resources.fln", 0, 50, "1.8")
    s.resources = {"gov": res["gov"], "fln": res["fln"]}
    s.commitment = check_int(d["commitment"], "commitment", 0, 50, "1.8")
    s.france_track = check_choice(d["france_track"], "france_track", _FRANCE_BOXES, "6.2.3")
    bz = d["border_zone"]
    if indep:
        if bz is None:
            fail("border_zone", "must be 0-4 once Morocco and Tunisia are independent", "5.1.8")
        s.border_zone = check_int(bz, "border_zone", 0, 4, "5.1.8")
    elif bz is not None:
        fail("border_zone", "must be null until Morocco and Tunisia are independent", "5.1.8")
    else:
        s.border_zone = None
    s.sop = _check_sop(d["sop"])
    s.rng = rng.check_state(d["rng"])
    deck = SCENARIOS[scenario]["deck"]
    s.turn = check_int(d["turn"], "turn", 0, deck["draw_deck_size"])
    if s.turn + s.cards["deck_left"] != deck["draw_deck_size"]:
        fail("turn", f"{s.turn} cards drawn and {s.cards['deck_left']} left do not make the"
             f" {deck['draw_deck_size']}-card draw deck", "10.0")
    if (s.cards["current"] is None) != (s.turn == 0):
        fail("cards.current", "must be a card once one has been drawn, and null before", "2.2")
    s.deception = _check_deception(d["deception"], options, budget)
    s.result = _check_result(d["result"], s, budget)
    s.pending = []
    return s, d, budget


def _check_options(v: Any) -> dict[str, Any]:
    """The game's options, every one present (scenarios.OPTION_DEFAULTS, check_options)."""
    o = check_obj(v, "options", _OPTION_KEYS, _OPTIONS)
    try:
        return check_options(o)
    except BadRequest as e:
        fail(e.field, e.reason)


# --- the map ---------------------------------------------------------------------------------


_ALGERIA: Final = {n: n not in COUNTRIES for n in SPACE_NAMES}
_POPULATED: Final = {n: SPACES[n].population > 0 for n in SPACE_NAMES}


class _Slow(Exception):
    """The fast path met something unusual: the full checks will name it."""


def _check_spaces(v: Any, indep: bool) -> tuple[dict[str, SpaceData], list[int]]:
    """1.3, 1.4.2, 1.6: every space, its pieces and markers. Returns the spaces (keys in the
    engine's order: map order matters to move lists) and the pieces on the map by kind, in
    MAP_PIECES order. A fast path takes the usual document; anything it does not expect is checked
    again field by field (``_spaces_in_full``), which names the first error."""
    sps = check_obj(v, "spaces")
    if sps.keys() != SPACES.keys():
        for n in sps:
            if n not in SPACES:
                fail(at("spaces", n), "unknown space")
        for n in SPACE_NAMES:
            if n not in sps:
                fail(at("spaces", n), "missing space")
    marks = [0, 0, 0, 0]  # Terror markers, Pop 0 markers, Pop +1 markers, Base markers
    try:
        out, on_map = _spaces_fast(sps, indep, marks)
    except (_Slow, KeyError, TypeError):
        _spaces_in_full(sps, indep)
        fail("spaces", "malformed")  # not reached: the full checks name the error
    if marks[0] > TERROR_MARKERS:
        fail("spaces", f"{marks[0]} Terror markers on the map; there are {TERROR_MARKERS}",
             "3.3.4")
    if marks[1] > POP0_MARKERS:
        fail("spaces", f"{marks[1]} Resettled Sectors; there are {POP0_MARKERS} Pop 0 markers",
             "4.2.1")
    if marks[2] > _POP_PLUS_MARKERS or marks[3] > _BASE_MARKERS:
        fail("spaces", "more Pop +1 or Base markers than the game has", "1.3.3")
    return out, on_map


def _spaces_fast(sps: dict[str, Any], indep: bool,
                 marks: list[int]) -> tuple[dict[str, SpaceData], list[int]]:
    """The spaces of a well-formed document, checked with as few operations as possible. Returns
    them and the pieces on the map by kind (in MAP_PIECES order, for the force pool, 1.4.1)."""
    out: dict[str, SpaceData] = {}
    t_ft = t_fp = t_at = t_ap = t_gb = t_ug = t_ag = t_fb = 0
    counts_ok = True  # every piece count an integer, none below 0 (1.4.1): a bool is not one
    for n in SPACE_NAMES:
        sp = sps[n]
        if type(sp) is not dict or len(sp) != 6:
            raise _Slow
        pc = sp["pieces"]
        if type(pc) is not dict or len(pc) != 8:
            raise _Slow
        # typed Any until checked: a count read as int would pass a bool
        ft: Any = pc[FT]
        fp: Any = pc[FP]
        at_: Any = pc[AT]
        ap: Any = pc[AP]
        gb: Any = pc[GB]
        ug: Any = pc[UG]
        ag: Any = pc[AG]
        fb: Any = pc[FB]
        p = {FT: ft, FP: fp, AT: at_, AP: ap, GB: gb, UG: ug, AG: ag, FB: fb}
        sup, terror, rs, bonus, marker = (sp["support"], sp["terror"], sp["resettled"],
                                          sp["pop_bonus"], sp["base_marker"])
        if not (rs is False and marker is False and type(terror) is int and type(bonus) is int
                and not terror and not bonus and _ALGERIA[n] and type(sup) is str
                and (sup == "neutral" or (_POPULATED[n] and sup in _SUPPORT))
                and gb + fb <= 2):
            _check_space(n, sp, p, indep, marks)
        out[n] = {"pieces": p, "support": sup, "terror": terror, "resettled": rs,
                  "pop_bonus": bonus, "base_marker": marker}
        if (type(ft) is int and type(fp) is int and type(at_) is int and type(ap) is int
                and type(gb) is int and type(ug) is int and type(ag) is int and type(fb) is int
                and ft >= 0 and fp >= 0 and at_ >= 0 and ap >= 0 and gb >= 0 and ug >= 0
                and ag >= 0 and fb >= 0):
            t_ft += ft
            t_fp += fp
            t_at += at_
            t_ap += ap
            t_gb += gb
            t_ug += ug
            t_ag += ag
            t_fb += fb
        else:
            counts_ok = False
    if not counts_ok:  # checked after every space's markers, as the full checks order them
        raise _Slow
    return out, [t_ft, t_fp, t_at, t_ap, t_gb, t_ug, t_ag, t_fb]


def _spaces_in_full(sps: dict[str, Any], indep: bool) -> None:
    """Every check on every space, in order, each error naming its field."""
    marks = [0, 0, 0, 0]
    for n in SPACE_NAMES:
        f = "spaces." + n
        sp = check_obj(sps[n], f, SPACE_KEYS, _SPACE)
        pc = check_obj(sp["pieces"], f + ".pieces", MAP_PIECES, _MAP)
        for k in MAP_PIECES:
            check_int(pc[k], f"{f}.pieces.{k}", 0, U64, "1.4.1")
        _check_space(n, sp, pc, indep, marks)


def _check_space(n: str, sp: dict[str, Any], pc: dict[str, Any], indep: bool,
                 marks: list[int]) -> None:
    """Every check on one space but its piece counts' types: markers (1.3.3, 1.4.2, 3.3.4, 4.2.1),
    Support (1.6), stacking (1.4.2), Countries (1.3.4, 5.1.8). ``marks`` counts markers used."""
    f = "spaces." + n
    sup = sp["support"]
    if type(sup) is not str or sup not in _SUPPORT:
        fail(f + ".support", f"{show(sup)} is not one of {list(SUPPORT_LEVELS)}", "1.6.1")
    t = check_int(sp["terror"], f + ".terror", 0, TERROR_MARKERS, "3.3.4")
    rs = check_bool(sp["resettled"], f + ".resettled")
    bonus = check_int(sp["pop_bonus"], f + ".pop_bonus", 0, 1, "1.3.3")
    marker = check_bool(sp["base_marker"], f + ".base_marker")
    spc = SPACES[n]
    marks[0] += t
    if rs:
        marks[1] += 1
        if not (spc.is_sector and spc.population == 1):
            fail(f + ".resettled", "only Pop 1 Sectors can be Resettled", "4.2.1")
    if bonus:
        marks[2] += 1
        if not spc.is_city:
            fail(f + ".pop_bonus", "only Cities take a Pop +1 marker", "1.3.3")
    if marker:
        marks[3] += 1
        if n not in COUNTRIES:
            fail(f + ".base_marker", "only Morocco and Tunisia take a Base marker", "1.4.2")
    if n in COUNTRIES:
        if sup != "neutral":
            fail(f + ".support", "Countries carry no Support/Opposition marker (they count as"
                 " Oppose once independent)", "5.1.8")
        if t:
            fail(f + ".terror", "Terror markers go only into Algerian spaces", "3.3.4")
        for k in (FT, FP, AT, AP, GB):
            if pc[k]:
                fail(f"{f}.pieces.{k}", "Government pieces may never be in Morocco or Tunisia",
                     "1.4.2")
        if not indep:
            for k in (UG, AG, FB):
                if pc[k]:
                    fail(f"{f}.pieces.{k}", "FLN pieces may not be in Morocco or Tunisia before"
                         " they are independent", "1.3.4")
    elif sup != "neutral" and (rs or spc.population + bonus == 0):
        fail(f + ".support", "a Pop 0 space is always Neutral", "1.6.2")
    if pc[GB] + pc[FB] > (3 if marker else 2):
        fail(f + ".pieces", f"{show(pc[GB] + pc[FB])} Bases; at most {3 if marker else 2} may"
             " occupy a space", "1.4.2")


def _check_boxes(v: Any) -> dict[str, dict[str, int]]:
    """1.4.1: Available, Casualties, Out of Play, and pieces set aside by an Event (5.1.9)."""
    b = check_obj(v, "boxes", BOXES, _BOXES)
    out: dict[str, dict[str, int]] = {}
    for box in BOXES:
        pieces = check_obj(b[box], "boxes." + box, BOX_PIECES, _BOX)
        if not all(type(x) is int and x >= 0 for x in pieces.values()):
            for k in BOX_PIECES:  # the first count off, in BOX_PIECES order, is named
                check_int(pieces[k], f"boxes.{box}.{k}", 0, FORCE_POOL[k], "1.4.1")
        out[box] = {k: pieces[k] for k in BOX_PIECES}
    return out


def _check_pool(s: State, totals: list[int]) -> None:
    """1.4.1: for each kind of piece, map + Available + Casualties + Out of Play + set aside
    equals the force pool. ``totals``: the pieces on the map by kind, in MAP_PIECES order."""
    ft, fp, at_, ap, gb, ug, ag, fb = totals
    on_map = {FT: ft, FP: fp, AT: at_, AP: ap, GB: gb, "guerrillas": ug + ag, FB: fb}
    boxes = s.boxes
    for key in BOX_PIECES:
        where = [on_map[key]] + [boxes[b][key] for b in BOXES]
        if sum(where) != FORCE_POOL[key]:
            _pool_error(s, key, where)


def _pool_error(s: State, key: str, where: list[int]) -> NoReturn:
    """Name the most specific field: a single count above the pool, else the piece type."""
    for n, sp in s.spaces.items():
        for k in MAP_PIECES:
            if box_key(k) == key and sp["pieces"][k] > FORCE_POOL[key]:
                fail(f"spaces.{n}.pieces.{k}", f"{show(sp['pieces'][k])} is more than the force"
                     f" pool of {FORCE_POOL[key]}", "1.4.1")
    for b in BOXES:
        if s.boxes[b][key] > FORCE_POOL[key]:
            fail(f"boxes.{b}.{key}", f"{show(s.boxes[b][key])} is more than the force pool of"
                 f" {FORCE_POOL[key]}", "1.4.1")
    parts = ", ".join(f"{name} {n}" for name, n in zip(("map",) + BOXES, where))
    fail(f"boxes.*.{key}", f"{parts}: {sum(where)} in all, but the force pool has"
         f" {FORCE_POOL[key]}", "1.4.1")


# --- cards -----------------------------------------------------------------------------------


def _check_cards(v: Any, scenario: str, managed: bool) -> dict[str, Any]:
    """2.2, 2.4, 5.1.4, 5.3, 5.4, 10.0: the deck, the played cards, the Pivotal Events."""
    c = check_obj(v, "cards", CARD_KEYS, _CARD)
    sc = SCENARIOS[scenario]["deck"]
    size, n_piles, per_pile = sc["draw_deck_size"], sc["piles"], sc["events_per_pile"]
    total = check_int(c["propaganda_total"], "cards.propaganda_total", n_piles, n_piles, "10.0")
    drawn = check_int(c["propaganda_drawn"], "cards.propaganda_drawn", 0, total, "2.4")
    check_int(c["rounds"], "cards.rounds", 0, drawn, "6.0")
    check_bool(c["last_propaganda"], "cards.last_propaganda")
    check_bool(c["coup_played"], "cards.coup_played")
    if c["coup_campaign"] is not None:
        check_int(c["coup_campaign"], "cards.coup_campaign", 0, drawn, "5.1.5")
    deck_left = check_int(c["deck_left"], "cards.deck_left", 0, size, "2.2")
    piles = _check_piles(c["piles"], per_pile, deck_left)
    left = sum(p[1] for p in piles)
    if drawn + left != total:
        fail("cards.propaganda_drawn", f"{drawn} drawn and {left} in the piles do not make"
             f" {total} Propaganda cards", "10.0")
    current = c["current"]
    if current is not None and (type(current) is not int or current not in DRAWABLE):
        fail("cards.current", f"{show(current)} is not an Event or Propaganda card", "2.2")
    played = check_card_list(c["played"], "cards.played", ALL_CARDS)
    removed = check_card_list(c["removed"], "cards.removed", REMOVABLE, "removable card")
    held = check_obj(c["held"], "cards.held", FACTIONS, _FACTIONS)
    in_hand: list[int] = []
    for side in FACTIONS:
        for i, card in enumerate(check_card_list(held[side], "cards.held." + side, PIVOTALS,
                                        "Pivotal Event")):
            if PIVOTAL_OWNER[card] != side:
                fail(f"cards.held.{side}[{i}]", f"card {card} belongs to the other player",
                     "5.1.4")
            in_hand.append(card)
    in_effect = check_card_list(c["in_effect"], "cards.in_effect", PIVOTALS, "Pivotal Event")
    for i, card in enumerate(in_effect):
        if card in in_hand:
            fail(f"cards.in_effect[{i}]", f"card {card} is also held", "5.1.4")
    if managed:
        deck = check_card_list(c["deck"], "cards.deck", DRAWABLE, "Event or Propaganda card")
        if len(deck) != deck_left:
            fail("cards.deck_left", f"must equal the {len(deck)} cards in cards.deck")
        _check_deck_piles(deck, piles, drawn)
        set_aside = check_card_list(c["set_aside"], "cards.set_aside", EVENTS, "Event card")
        if len(set_aside) != sc["event_cards_set_aside"]:
            fail("cards.set_aside", f"the {scenario} scenario sets {sc['event_cards_set_aside']}"
                 " Event cards aside", "10.0")
        if c["unseen"] != []:
            fail("cards.unseen", "must be empty in managed chance mode (the deck is known)")
        _disjoint(deck, set_aside, "cards.set_aside", "10.0")
        hidden: list[int] = deck + set_aside
    else:
        if c["deck"] is not None:
            fail("cards.deck", "must be null in external chance mode (the deck is physical)")
        if c["set_aside"] is not None:
            fail("cards.set_aside", "must be null in external chance mode")
        hidden = check_card_list(c["unseen"], "cards.unseen", EVENTS, "Event card")
    # 10.0: every Event card is in exactly one place; played Propaganda cards come in order.
    # 5.4: a Momentum card in effect waits beside the deck until the Reset (not yet played).
    beside = [x for x in _check_markers(c) if x != current]
    _disjoint(played, beside, "cards.momentum", "5.4")
    out = played + ([current] if current is not None else []) + beside
    _disjoint(hidden, out, "cards.played", "2.2")
    _disjoint(hidden + out, removed, "cards.removed", "2.2")
    _disjoint(in_hand, played + removed, "cards.held", "5.1.4")
    _disjoint(in_effect, removed, "cards.in_effect", "5.1.5")
    if current is not None and current in played:
        fail("cards.current", f"card {current} is also in cards.played", "2.2")
    placed = set(hidden + out + removed)
    if not EVENTS <= placed:
        missing = sorted(EVENTS - placed)[:5]
        fail("cards", f"Event card(s) {missing} are nowhere (deck, set aside, unseen, played,"
             " current, Momentum or removed)", "10.0")
    seen = [x for x in out if x in PROPAGANDA]
    if seen != list(PROPAGANDA_CARDS[:drawn]):
        fail("cards.played", f"the Propaganda cards drawn must be {list(PROPAGANDA_CARDS[:drawn])}"
             f" (cards.propaganda_drawn = {drawn})", "2.4")
    delayed = check_list(c["delayed"], "cards.delayed")
    for i, x in enumerate(delayed):
        if type(x) is not str or x not in DELAYED_EFFECTS or delayed.index(x) != i:
            fail(f"cards.delayed[{i}]", f"{show(x)} is not one of the effects a card leaves"
                 f" {sorted(DELAYED_EFFECTS)} (each at most once)", "5.1.9")
    for i, x in enumerate(delayed):
        if DELAYED_EFFECTS[x] not in played:
            fail(f"cards.delayed[{i}]", f"{x} is owed only once card {DELAYED_EFFECTS[x]} has"
                 " been played", "5.1.9")
    return _cards(c, held)


def _cards(c: dict[str, Any], held: dict[str, Any]) -> dict[str, Any]:
    """The cards of a document, keys in the engine's order (CARD_KEYS), with their own ``held``."""
    return {"deck": c["deck"], "deck_left": c["deck_left"], "piles": c["piles"],
            "unseen": c["unseen"], "current": c["current"], "played": c["played"],
            "set_aside": c["set_aside"], "held": {"gov": held["gov"], "fln": held["fln"]},
            "in_effect": c["in_effect"], "removed": c["removed"],
            "capabilities": c["capabilities"], "momentum": c["momentum"],
            "coup_played": c["coup_played"], "coup_campaign": c["coup_campaign"],
            "propaganda_total": c["propaganda_total"], "propaganda_drawn": c["propaganda_drawn"],
            "rounds": c["rounds"], "last_propaganda": c["last_propaganda"],
            "delayed": c["delayed"]}


def _check_piles(v: Any, per_pile: int, deck_left: int) -> list[list[int]]:
    """10.0: the draw deck is a stack of piles, each [Events left, Propaganda cards left]; only the
    top pile can have been drawn from."""
    piles = check_list(v, "cards.piles")
    for i, p in enumerate(piles):
        if (type(p) is not list or len(p) != 2 or type(p[0]) is not int or type(p[1]) is not int
                or not 0 <= p[0] <= per_pile or not 0 <= p[1] <= 1 or p == [0, 0]):
            fail(f"cards.piles[{i}]", f"must be [Events left (0-{per_pile}), Propaganda left"
                 " (0-1)], not empty", "10.0")
        if i and p != [per_pile, 1]:
            fail(f"cards.piles[{i}]", f"only the top pile can have been drawn from: must be"
                 f" [{per_pile}, 1]", "10.0")
    if sum(p[0] + p[1] for p in piles) != deck_left:
        fail("cards.piles", "the piles must add up to cards.deck_left", "10.0")
    return piles


def _check_deck_piles(deck: list[int], piles: list[list[int]], drawn: int) -> None:
    """Managed chance: each pile of the deck holds its own Propaganda card, in order (10.0)."""
    start = 0
    nxt = drawn
    for i, (events, props) in enumerate(piles):
        part = deck[start: start + events + props]
        start += events + props
        got = [x for x in part if x in PROPAGANDA]
        want = list(PROPAGANDA_CARDS[nxt: nxt + props])
        if got != want:
            fail("cards.deck", f"pile {i} must hold Propaganda card(s) {want}, not {got}", "10.0")
        nxt += props


def _disjoint(a: list[int], b: list[int], field: str, rule: str) -> None:
    both = set(a).intersection(b)
    if both:
        fail(field, f"card(s) {sorted(both)[:5]} appear in two places", rule)


def _check_markers(c: dict[str, Any]) -> list[int]:
    """5.3 Capabilities ({card: side}) and 5.4 Momentum ([{card, side}]) in play. Returns the
    Momentum cards."""
    # keys of any type (a state handed over as data, not text): typed Any, not str, so that the
    # check below, not the compiled code's type check, refuses what is not a card number
    caps: dict[Any, Any] = check_obj(c["capabilities"], "cards.capabilities")
    for k, side in caps.items():
        f = at("cards.capabilities", k)
        if not (type(k) is str and k.isascii() and k.isdigit() and len(k) <= 3
                and k == str(int(k)) and int(k) in ALL_CARDS):
            fail(f, "keys are card numbers written in decimal, e.g. \"13\"")
        check_choice(side, f, SIDES)
        if (int(k), side) not in _CAPABILITY:
            fail(f, f"the {side} text of card {k} is not a Capability", "5.3")
    seen: set[int] = set()
    for i, mo in enumerate(check_list(c["momentum"], "cards.momentum")):
        f = f"cards.momentum[{i}]"
        mo = check_obj(mo, f, ("card", "side"))
        card = mo["card"]
        if type(card) is not int or card not in ALL_CARDS:
            fail(f + ".card", f"{show(card)} is not a card")
        check_choice(mo["side"], f + ".side", SIDES)
        if (card, mo["side"]) not in _MOMENTUM:
            fail(f, f"the {mo['side']} text of card {card} is not a Momentum Event", "5.4")
        if card in seen:
            fail(f + ".card", f"card {card} is in play twice", "5.4")
        seen.add(card)
    return list(seen)


# --- sequence of play, result, deception -----------------------------------------------------


def _check_sop(v: Any) -> dict[str, Any]:
    """2.3.1-2.3.2: the First Eligible player and the Initiative Track boxes used on this card."""
    sop = check_obj(v, "sop", SOP_KEYS, _SOP)
    check_choice(sop["first"], "sop.first", FACTIONS, "2.3.1")
    check_choice(sop["first_box"], "sop.first_box", SOP_BOXES, "2.3.2")
    check_choice(sop["second_box"], "sop.second_box", SOP_BOXES, "2.3.2")
    if sop["second_box"] is not None and sop["first_box"] is None:
        fail("sop.second_box", "the Second Eligible acts only after the First Eligible", "2.3.2")
    return {"first": sop["first"], "first_box": sop["first_box"], "second_box": sop["second_box"]}


def _check_deception(v: Any, options: dict[str, Any], budget: Budget) -> dict[str, Any] | None:
    """7.3 Victory Deception option: per side, the markers ``held`` (hidden) and ``used``
    (revealed); each player drew two of the markers of ``victory.DECEPTION_MARKERS``."""
    if not options["deception"]:
        if v is not None:
            fail("deception", "must be null unless the Victory Deception option is on", "7.3")
        return None
    d = check_obj(v, "deception", FACTIONS, _FACTIONS)
    plain(d, "deception", budget)
    pool = list(DECEPTION_MARKERS)
    for side in FACTIONS:
        f = "deception." + side
        m = check_obj(d[side], f, ("held", "used"))
        drawn = check_list(m["held"], f + ".held") + check_list(m["used"], f + ".used")
        if len(drawn) != 2:
            fail(f, f"each player draws two Deception markers, not {len(drawn)}", "7.3")
        for x in drawn:
            if x not in pool:
                fail(f, f"{show(x)} is not a Deception marker left to draw", "7.3")
            pool.remove(x)
    return {side: {"held": d[side]["held"], "used": d[side]["used"]} for side in FACTIONS}


def _check_result(v: Any, s: State, budget: Budget) -> dict[str, Any] | None:
    """7.1-7.3, 2.4.1: the outcome of a finished game."""
    if v is None:
        return None
    r = check_obj(v, "result")
    if "winner" not in r:
        fail("result.winner", "missing field")
    check_choice(r["winner"], "result.winner", FACTIONS, "7.1")
    plain(r, "result", budget)
    c = s.cards
    if c["deck_left"] and c["current"] not in PROPAGANDA:
        fail("result", "the game ends only on a Propaganda card (victory check or final round)"
             " or when the deck is exhausted", "2.4.1")
    return r


# --- states the machine produces from unproven data -------------------------------------------


def check_produced(s: State, n: State) -> None:
    """The machine's ``check_result`` hook (engine.machine): the state ``n`` a move produced from
    ``s`` must be one the validator accepts when ``s`` was read by ``from_json`` (or descends from
    such a state: ``State._valid``) and a frame on its stack is not fully proven
    (``FrameType.proven``); otherwise the data was inconsistent: StateError. The engine's own
    games, from ``new_game``, hold no data it did not produce, and only this module makes states
    that need the check, so it installs the hook."""
    if not (s._valid and s.pending[0]["k"] == "game" and not MACHINE.proven(s)):
        return
    try:
        n._legal = validate(n.to_data())._legal  # reads n's containers, changes none
        n._checked = True  # check_issued need not check it again
    except StateError as e:
        raise StateError(f"pending[{len(s.pending) - 1}]", "the pending decisions' data leads to"
                         f" an invalid state ({e.field}: {e.reason})", e.rule) from None


MACHINE.check_result = check_produced
