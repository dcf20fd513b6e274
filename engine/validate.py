"""Checking an untrusted state document (DESIGN §1): every error names the field and, where a
rule is at stake, the rule. Nothing is ever "fixed" silently."""

from __future__ import annotations

from typing import Any, NoReturn

from .data import (
    BOX_PIECES, BOXES, COUNTRIES, EVENT_CARDS, FB, FORCE_POOL, FRANCE_BOXES, GOV_PIECES,
    MAP_PIECES, PIVOTAL_OWNER, PROPAGANDA_CARDS, SCENARIOS, SPACE_NAMES, SPACES, SUPPORT_LEVELS,
    TERROR_MARKERS, AG, UG, box_key,
)
from .errors import StateError
from .state import SCHEMA, State

ALL_CARDS = set(EVENT_CARDS) | set(PIVOTAL_OWNER) | set(PROPAGANDA_CARDS)
TOP_KEYS = ("schema", "scenario", "options", "spaces", "boxes", "resources", "commitment",
            "france_track", "border_zone", "cards", "sop", "pending", "rng", "result", "deception",
            "turn")
SPACE_KEYS = ("pieces", "support", "terror", "resettled", "pop_bonus", "base_marker")


def fail(field: str, reason: str, rule: str = "") -> NoReturn:
    raise StateError(field, reason, rule)


def _obj(v: Any, field: str, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    if not isinstance(v, dict):
        fail(field, "must be an object")
    if keys is not None:
        for k in v:
            if k not in keys:
                fail(f"{field}.{k}", "unknown field")
        for k in keys:
            if k not in v:
                fail(f"{field}.{k}", "missing field")
    return v


def _int(v: Any, field: str, lo: int | None = None, hi: int | None = None, rule: str = "") -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        fail(field, "must be an integer")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        fail(field, f"{v} is outside {lo}-{hi}", rule)
    return v


def _bool(v: Any, field: str) -> bool:
    if not isinstance(v, bool):
        fail(field, "must be true or false")
    return v


def _list(v: Any, field: str) -> list[Any]:
    if not isinstance(v, list):
        fail(field, "must be a list")
    return v


def _cards(v: Any, field: str, allowed: set[int] = ALL_CARDS) -> list[int]:
    out = _list(v, field)
    for i, c in enumerate(out):
        if not isinstance(c, int) or isinstance(c, bool) or c not in allowed:
            fail(f"{field}[{i}]", f"unknown card {c!r}")
    return out


def validate(data: Any) -> State:
    d = _obj(data, "state")
    if d.get("schema") != SCHEMA:
        fail("schema", f"must be {SCHEMA!r}")
    _obj(d, "state", TOP_KEYS)
    if d["scenario"] not in SCENARIOS:
        fail("scenario", f"unknown scenario {d['scenario']!r}")
    from .scenarios import check_options
    from .errors import BadRequest

    try:
        options = check_options(d["options"])
    except BadRequest as e:
        fail(e.field, e.reason)
    if options != d["options"]:
        fail("options", "every option must be present")
    s = State.__new__(State)
    s.scenario = d["scenario"]
    s.options = options
    indep = False
    cards = _check_cards(d["cards"], options)
    indep = 61 in cards["in_effect"]
    s.spaces = _check_spaces(d["spaces"], indep)
    s.boxes = _check_boxes(d["boxes"])
    _check_pool(s)
    res = _obj(d["resources"], "resources", ("gov", "fln"))
    s.resources = {k: _int(res[k], f"resources.{k}", 0, 50, "1.8") for k in ("gov", "fln")}
    s.commitment = _int(d["commitment"], "commitment", 0, 50, "1.8")
    if d["france_track"] not in FRANCE_BOXES or not isinstance(d["france_track"], str) or len(
            d["france_track"]) != 1:
        fail("france_track", "must be one of A-F")
    s.france_track = d["france_track"]
    bz = d["border_zone"]
    if indep:
        s.border_zone = _int(bz, "border_zone", 0, 4, "5.1.8")
    elif bz is not None:
        fail("border_zone", "must be null until Morocco and Tunisia are independent", "5.1.8")
    else:
        s.border_zone = None
    s.cards = cards
    s.sop = _check_sop(d["sop"])
    r = _obj(d["rng"], "rng", ("seed", "counter"))
    s.rng = {"seed": _int(r["seed"], "rng.seed", 0, (1 << 64) - 1),
             "counter": _int(r["counter"], "rng.counter", 0)}
    s.result = d["result"] if d["result"] is None else _obj(d["result"], "result")
    s.deception = d["deception"] if d["deception"] is None else _obj(d["deception"], "deception")
    s.turn = _int(d["turn"], "turn", 0)
    s.pending = _check_pending(d["pending"], s)
    return s


def _check_spaces(v: Any, indep: bool) -> dict[str, dict[str, Any]]:
    sps = _obj(v, "spaces")
    for n in sps:
        if n not in SPACES:
            fail(f"spaces.{n}", "unknown space")
    out: dict[str, dict[str, Any]] = {}
    terror = 0
    for n in SPACE_NAMES:
        if n not in sps:
            fail(f"spaces.{n}", "missing space")
        f = f"spaces.{n}"
        sp = _obj(sps[n], f, SPACE_KEYS)
        pieces = _obj(sp["pieces"], f + ".pieces", MAP_PIECES)
        pc = {k: _int(pieces[k], f"{f}.pieces.{k}", 0) for k in MAP_PIECES}
        if sp["support"] not in SUPPORT_LEVELS:
            fail(f + ".support", f"must be one of {list(SUPPORT_LEVELS)}")
        t = _int(sp["terror"], f + ".terror", 0, TERROR_MARKERS, "3.3.4")
        terror += t
        resettled = _bool(sp["resettled"], f + ".resettled")
        bonus = _int(sp["pop_bonus"], f + ".pop_bonus", 0, 1, "1.3.3")
        marker = _bool(sp["base_marker"], f + ".base_marker")
        spc = SPACES[n]
        if resettled and not (spc.is_sector and spc.population == 1):
            fail(f + ".resettled", "only Pop 1 Sectors can be Resettled", "4.2.1")
        if bonus and not spc.is_city:
            fail(f + ".pop_bonus", "only Cities take a Pop +1 marker", "1.3.3")
        if marker and n not in COUNTRIES:
            fail(f + ".base_marker", "only Morocco and Tunisia take a Base marker", "1.4.2")
        pop = 0 if resettled else spc.population + bonus
        if n in COUNTRIES:
            if sp["support"] != "neutral":
                fail(f + ".support", "Countries carry no marker (always Oppose once independent)",
                     "5.1.8")
            if any(pc[k] for k in GOV_PIECES):
                fail(f + ".pieces", "Government pieces may never be in Morocco or Tunisia", "1.4.2")
            if not indep and any(pc[k] for k in (UG, AG, FB)):
                fail(f + ".pieces", "FLN pieces may not be in Morocco or Tunisia before they are"
                     " independent", "1.3.4")
        elif pop == 0 and sp["support"] != "neutral":
            fail(f + ".support", "a Pop 0 space is always Neutral", "1.6.2")
        cap = 3 if marker else 2
        if pc["gov_bases"] + pc["fln_bases"] > cap:
            fail(f + ".pieces", f"more than {cap} Bases", "1.4.2")
        out[n] = {"pieces": pc, "support": sp["support"], "terror": t, "resettled": resettled,
                  "pop_bonus": bonus, "base_marker": marker}
    if terror > TERROR_MARKERS:
        fail("spaces", f"{terror} Terror markers on the map; there are {TERROR_MARKERS}", "3.3.4")
    return out


def _check_boxes(v: Any) -> dict[str, dict[str, int]]:
    b = _obj(v, "boxes", BOXES)
    out = {}
    for box in BOXES:
        pieces = _obj(b[box], f"boxes.{box}", BOX_PIECES)
        out[box] = {k: _int(pieces[k], f"boxes.{box}.{k}", 0) for k in BOX_PIECES}
    return out


def _check_pool(s: State) -> None:
    for key in BOX_PIECES:
        on_map = sum(sp["pieces"][p] for sp in s.spaces.values() for p in MAP_PIECES
                     if box_key(p) == key)
        total = on_map + sum(s.boxes[b][key] for b in BOXES)
        if total != FORCE_POOL[key]:
            fail(f"boxes.*.{key}", f"map + boxes hold {total} {key}, the force pool has"
                 f" {FORCE_POOL[key]}", "1.4.1")


def _check_cards(v: Any, options: dict[str, Any]) -> dict[str, Any]:
    keys = ("deck", "deck_left", "piles", "unseen", "current", "played", "set_aside", "held",
            "in_effect", "removed", "capabilities", "momentum", "coup_played", "coup_campaign",
            "propaganda_total", "propaganda_drawn", "rounds", "last_propaganda", "delayed")
    c = _obj(v, "cards", keys)
    managed = options["chance"] == "managed"
    deck = None if c["deck"] is None else _cards(c["deck"], "cards.deck")
    if managed != (deck is not None):
        fail("cards.deck", "a list in managed chance mode, null in external mode")
    deck_left = _int(c["deck_left"], "cards.deck_left", 0, 65)
    if deck is not None and len(deck) != deck_left:
        fail("cards.deck_left", "must equal the number of cards in cards.deck")
    piles = _list(c["piles"], "cards.piles")
    for i, p in enumerate(piles):
        if (not isinstance(p, list) or len(p) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in p)
                or p[0] > 12 or p[1] > 1):
            fail(f"cards.piles[{i}]", "must be [events left (0-12), propaganda left (0-1)]")
    if sum(p[0] + p[1] for p in piles) != deck_left:
        fail("cards.piles", "pile counts must add up to cards.deck_left")
    unseen = _cards(c["unseen"], "cards.unseen", set(EVENT_CARDS))
    if managed and unseen:
        fail("cards.unseen", "used only in external chance mode")
    current = c["current"]
    if current is not None:
        _cards([current], "cards.current")
    played = _cards(c["played"], "cards.played")
    set_aside = None if c["set_aside"] is None else _cards(c["set_aside"], "cards.set_aside",
                                                           set(EVENT_CARDS))
    held = _obj(c["held"], "cards.held", ("gov", "fln"))
    for side in ("gov", "fln"):
        for i, card in enumerate(_cards(held[side], f"cards.held.{side}", set(PIVOTAL_OWNER))):
            if PIVOTAL_OWNER[card] != side:
                fail(f"cards.held.{side}[{i}]", f"card {card} belongs to the other side", "5.1.4")
    in_effect = _cards(c["in_effect"], "cards.in_effect", set(PIVOTAL_OWNER))
    removed = _cards(c["removed"], "cards.removed")
    if managed:
        seen = list(deck or []) + played + (set_aside or []) + ([current] if current else [])
        dup = {x for x in seen if seen.count(x) > 1 and x in EVENT_CARDS}
        if dup:
            fail("cards", f"event card(s) {sorted(dup)} appear more than once")
    caps = _obj(c["capabilities"], "cards.capabilities")
    for k, side in caps.items():
        if not k.isdigit() or int(k) not in ALL_CARDS or side not in ("unshaded", "shaded"):
            fail(f"cards.capabilities.{k}", "must map a card number to 'unshaded' or 'shaded'")
    for i, mo in enumerate(_list(c["momentum"], "cards.momentum")):
        mo = _obj(mo, f"cards.momentum[{i}]", ("card", "side"))
        _cards([mo["card"]], f"cards.momentum[{i}].card")
        if mo["side"] not in ("unshaded", "shaded"):
            fail(f"cards.momentum[{i}].side", "must be 'unshaded' or 'shaded'")
    _bool(c["coup_played"], "cards.coup_played")
    if c["coup_campaign"] is not None:
        _int(c["coup_campaign"], "cards.coup_campaign", 0, 6)
    total = _int(c["propaganda_total"], "cards.propaganda_total", 3, 5)
    _int(c["propaganda_drawn"], "cards.propaganda_drawn", 0, total)
    _int(c["rounds"], "cards.rounds", 0, total)
    _bool(c["last_propaganda"], "cards.last_propaganda")
    for i, d in enumerate(_list(c["delayed"], "cards.delayed")):
        if not isinstance(d, str):
            fail(f"cards.delayed[{i}]", "must be the name of a delayed Event effect")
    _ = (in_effect, removed)
    return {k: c[k] for k in keys}


def _check_sop(v: Any) -> dict[str, Any]:
    sop = _obj(v, "sop", ("first", "first_box", "second_box"))
    if sop["first"] not in ("gov", "fln"):
        fail("sop.first", "must be 'gov' or 'fln'")
    boxes = (None, "event", "op_plus_sa", "op_only", "limited_op", "pass")
    for k in ("first_box", "second_box"):
        if sop[k] not in boxes:
            fail(f"sop.{k}", f"must be one of {list(boxes)}")
    return dict(sop)


def _check_pending(v: Any, s: State) -> list[dict[str, Any]]:
    from .machine import FRAMES, legal_moves

    frames = _list(v, "pending")
    for i, f in enumerate(frames):
        f = _obj(f, f"pending[{i}]")
        if f.get("k") not in FRAMES:
            fail(f"pending[{i}].k", f"unknown decision kind {f.get('k')!r}")
    if s.result is None and not frames:
        fail("pending", "a game that is not over must have a pending decision")
    if s.result is not None and frames:
        fail("pending", "a finished game has no pending decision")
    if frames and frames[0]["k"] != "game":
        fail("pending[0].k", "the bottom decision must be the game loop")
    s.pending = frames
    try:
        if frames:
            from .machine import to_move

            actor = to_move(s)
            if actor not in ("gov", "fln", "chance"):
                fail("pending", "the decision on top must belong to gov, fln or chance")
            if not legal_moves(s):
                fail("pending", "the pending decision has no legal move")
    except StateError:
        raise
    except Exception as e:  # a frame whose data does not fit its kind
        fail(f"pending[{len(frames) - 1}]", f"inconsistent with the rest of the state ({type(e).__name__})")
    return frames
