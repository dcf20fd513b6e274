"""8.3 Executing Events (ct-fln-bot §6): which text the FLN executes, effective events,
Capabilities always, Momentum only when marked, the 8.4.3 play test (benefit and 1-4 on a d6), the
per-card instructions of the "Events Marked for FLN" section, and the FLN's choices inside Event
texts (8.1.2 defaults where no instruction applies)."""

from __future__ import annotations

from typing import Any, Callable

from ..board import (
    available, cubes, fln_bases_on_map, gov_score, guerrillas, population, troops,
)
from ..cards.common import SECTORS
from ..data import (
    AG, ALGERIA, AP, AT, CARDS, CITIES, COUNTRIES, FB, FP, FRANCE_BOXES, FT, GB, GOV_PIECES,
    MOROCCO, OAS, SPACES, TUNISIA, UG,
)
from ..events import EVENTS, is_effective
from ..machine import find_frame
from ..modifiers import TORTURE
from ..state import Frame, Move, State
from .core import Runner
from .info import (
    best_map_source, can_train, final_campaign, map_sources, march_keep, marked, obtainable,
)

NEVER = {20}  # instruction: never executes this Event
CHANGE_IN_TACTICS = 30
HARDENED_ATTITUDES = 56
DUAL_USE_CAPABILITIES = (TORTURE, OAS)  # 5.3: "two Dual-Use capabilities, OAS and TORTURE"
# Events placing the FLN's Guerrillas, with the boxes they come from before the map (8.1.2).
CASBAH, ASSASSINATION, STRIPEY_HOLE = 26, 36, 51
MARTYR_BOXES = ("out_of_play", "available")


# --- which text, and is it worth playing ------------------------------------------------------


def gov_capabilities(s: State) -> list[int]:
    """#30: the Government Capabilities in effect (unshaded markers); the Dual-Use Capabilities
    #18 Torture and #63 OAS belong to neither side (5.3)."""
    return sorted(int(k) for k, side in s.cards["capabilities"].items()
                  if side == "unshaded" and int(k) not in DUAL_USE_CAPABILITIES)


def at_support(s: State, n: str) -> bool:
    return bool(s.spaces[n]["support"] == "support")


def stripey_shaded(s: State) -> bool:
    """#51 instruction: the shaded text, placing at Support – a Sector at Support where a
    Guerrilla can be placed from Out of Play, Available or the map within 8.1.2."""
    return any(SPACES[n].is_sector and at_support(s, n)
               and obtainable(s, n, MARTYR_BOXES, at_most=1) > 0 for n in ALGERIA)


def stripey_unshaded(s: State) -> list[str]:
    """#51 instruction fallback: Populated Sectors with no FLN Base, not already at Oppose."""
    return [n for n in ALGERIA if SPACES[n].is_sector and population(s, n) >= 1
            and s.spaces[n]["support"] != "oppose" and s.spaces[n]["pieces"][FB] == 0]


def ventilos_spare(s: State, n: str) -> int:
    """#12 instruction: Underground Guerrillas that may leave ``n`` under the March guards
    (ct-fln-bot §9.2, march_keep)."""
    p = s.spaces[n]["pieces"]
    keep, keep_ug = march_keep(s, n)
    return max(0, min(p[UG] - keep_ug, p[UG] + p[AG] - keep))


def ventilos_sources(s: State, spaces: list[str]) -> list[str]:
    return [n for n in spaces if not at_support(s, n) and ventilos_spare(s, n) > 0]


def ventilos_ok(s: State) -> bool:
    """#12 instruction: a coastal space not at Support holds an Underground Guerrilla the March
    guards let go, and an Algerian coastal space is at Support."""
    coastal = [n for n in ALGERIA if SPACES[n].coastal]
    return bool([n for n in coastal if at_support(s, n)] and ventilos_sources(s, coastal))


def atrocities_targets(s: State) -> list[str]:
    """#28: spaces at Support; while Commitment > 0 also any other Algerian space not at Oppose
    (the marker still costs the Government 1 Commitment) – never the FLN's own Opposition."""
    if s.commitment == 0:
        return [n for n in ALGERIA if at_support(s, n)]
    return [n for n in ALGERIA if s.spaces[n]["support"] != "oppose"]


def support_spaces(s: State, spaces: tuple[str, ...]) -> list[str]:
    """#34 shaded (Populated Sectors), #53 shaded (Cities): those at Support – setting them to
    Neutral hurts the Government; at Oppose it would cost the FLN its own Opposition."""
    return [n for n in spaces if population(s, n) >= 1 and at_support(s, n)]


def guerrilla_source_ok(s: State, card: int, dest: str) -> bool:
    """Can the bot place one Guerrilla in ``dest`` for ``card`` (8.1.2 sources only)?"""
    boxes = ("available",) if card == CASBAH else MARTYR_BOXES
    return obtainable(s, dest, boxes, at_most=1) > 0


def bot_effective(s: State, card: int, side: str) -> bool:
    """8.3 "would have an effect", judged with the choices the bot would make (8.1.2 sources,
    the card instructions of ct-fln-bot §6.6), on top of the card's own test."""
    if not is_effective(s, card, side):
        return False
    if card == CASBAH and side == "shaded":
        return guerrilla_source_ok(s, card, "Algiers")
    if card == 28:
        return bool(atrocities_targets(s))
    if card == 34 and side == "shaded":
        return bool(support_spaces(s, SECTORS))
    if card == 53 and side == "shaded":
        return bool(support_spaces(s, CITIES))
    if card == 60 and side == "shaded":
        return available(s, FB) > 0  # from the map a Base would only move
    return True


def factional_uneven(s: State) -> bool:
    return abs(guerrillas(s, MOROCCO) - guerrillas(s, TUNISIA)) > 1


MOUNTAIN_POP0 = [n for n, sp in SPACES.items() if sp.is_sector and sp.mountain
                 and sp.population == 0]


def op744_sectors(s: State) -> list[str]:
    """#54 instruction: an empty (no FLN piece) Pop 0 Mountain Sector not adjacent to any FLN
    Base."""
    out = []
    for n in MOUNTAIN_POP0:
        p = s.spaces[n]["pieces"]
        if p[UG] + p[AG] + p[FB] > 0:
            continue
        if any(s.spaces[a]["pieces"][FB] > 0 for a in SPACES[n].adjacent):
            continue
        out.append(n)
    return out


def bot_side(s: State, card: int | None) -> str | None:
    """8.3, ct-fln-bot §6.1-6.2, 6.6: the text the non-player FLN would execute, or None."""
    if card is None or card not in EVENTS or CARDS[card]["kind"] != "event":
        return None
    if card in NEVER:
        return None
    if card == HARDENED_ATTITUDES and not final_campaign(s):
        return None
    ev = EVENTS[card]
    if card == STRIPEY_HOLE:
        if stripey_shaded(s):
            return "shaded"
        return "unshaded" if stripey_unshaded(s) and is_effective(s, 51, "unshaded") else None
    side = "shaded" if "shaded" in ev.texts else ev.texts[0]
    if "momentum" in flag(card, side) and not marked(card):
        return None  # 8.3: Momentum only when the card is marked for FLN
    if not bot_effective(s, card, side):
        return None
    if card == 12 and not ventilos_ok(s):
        return None
    if card == 49 and not factional_uneven(s):
        return None
    if card == 54 and not (op744_sectors(s) and any(
            sp["pieces"][FT] > 0 for sp in s.spaces.values())):
        return None
    if card == CHANGE_IN_TACTICS and not gov_capabilities(s):
        return None
    return side


def flag(card: int, side: str) -> str:
    """What the text puts in effect, per the card catalogue: "gov_capability", "fln_momentum"..."""
    return str(CARDS[card].get(f"{side}_flag") or "")


def capability(card: int, side: str) -> bool:
    """8.3: the text is a Capability (of either side)."""
    return "capability" in flag(card, side)


def no_roll(card: int, side: str) -> bool:
    """Marked for FLN, a Capability, or #30 with a Government Capability (interpretation 15):
    played without the 1-4 roll."""
    return marked(card) or capability(card, side) or card == CHANGE_IN_TACTICS


def benefit(before: State, after: State) -> list[str]:
    """8.4.3 second bullet: what the FLN's play would achieve."""
    out = []
    if gov_score(after) < gov_score(before):
        out.append("reduces the Government score")
    if after.resources["gov"] < before.resources["gov"]:
        out.append("reduces Government Resources")
    if FRANCE_BOXES.index(after.france_track) > FRANCE_BOXES.index(before.france_track):
        out.append("shifts the France Track toward F")
    if fln_bases_on_map(after) > fln_bases_on_map(before):
        out.append("places FLN Bases")
    if after.resources["fln"] > before.resources["fln"]:
        out.append("adds FLN Resources")
    return out


def play_test(r: Runner, card: int, side: str, before: State, after: State) -> bool:
    """ct-fln-bot §6.3-6.4: marked/Capability → play; otherwise a benefit AND 1-4 on a d6."""
    if no_roll(card, side):
        r.trace.note("8.4.3", f"Event {card} ({side}) is marked for FLN or a Capability: play")
        return True
    gains = benefit(before, after)
    if not gains:
        r.trace.note("8.4.3", f"Event {card} ({side}) would give none of the 8.4.3 benefits")
        return False
    d = r.die()
    r.trace.note("8.4.3", f"Event {card} ({side}) {', '.join(gains)}; play die {d}: "
                 + ("1-4, play" if d <= 4 else "5-6, not played"), die=d)
    return d <= 4


# --- choices inside Events ----------------------------------------------------------------------


def event_card(s: State) -> int | None:
    f = find_frame(s, "event", "pivotal_event")
    return None if f is None else int(f["card"])


Rank = Callable[[Runner, list[Any]], list[Any]]


def order(r: Runner, opts: list[Any], criteria: list[Any], what: str, k: int) -> list[Any]:
    """The first ``k`` options by successive filters (ct-fln-bot §1.1), ties random."""
    left = list(opts)
    out: list[Any] = []
    while left and len(out) < k:
        c = r.best(left, criteria, what)
        if c is None:
            break
        out.append(c)
        left.remove(c)
    return out


def shift_order(s: State) -> list[Any]:
    return [("at Support", lambda n: s.spaces[n]["support"] == "support", "yes"),
            ("highest Population", lambda n: population(s, n), "max"),
            ("Government cannot Train", lambda n: not can_train(s, n), "yes")]


def pick_choices(r: Runner, f: Frame, card: int | None, opts: list[Any], k: int) -> list[Any]:
    """The FLN's picks in an Event prompt, per card instruction or 8.1.2 / 8.2."""
    s = r.s
    prompt = str(f.get("prompt", ""))
    spaces = [o for o in opts if isinstance(o, str) and o in SPACES]
    if "troops" in opts and "commitment" in opts:
        return ["commitment"]  # 8.3: Coup d'Etat – reduce Commitment
    if "oppose" in opts and "support" in opts:
        return ["oppose"]
    if card in (3, 7, 47) and spaces:
        return order(r, spaces, shift_order(s), f"card {card} spaces", k)
    if card == 9 and spaces:
        return order(r, spaces, shift_order(s)[1:], "Beni-Oui-Oui spaces", k)
    if card == 34 and spaces:
        sup = [n for n in support_spaces(s, SECTORS) if n in spaces]
        return order(r, sup, shift_order(s)[1:], "Elections Sector", k)
    if card == 53 and spaces:
        sup = [n for n in support_spaces(s, CITIES) if n in spaces]
        return order(r, sup, [("highest Population", lambda n: population(s, n), "max")],
                     "Population Control City", k)
    if opts and all(isinstance(o, str) and len(o) == 1 and o in FRANCE_BOXES for o in opts):
        return [max(opts, key=FRANCE_BOXES.index)]  # 8.1.2: the France Track toward F only
    if card == 26 and "agitate" in opts:
        return ["agitate"]
    if card == 28:
        ok = [n for n in atrocities_targets(s) if n in spaces]
        return order(r, ok, [("at Support", lambda n: at_support(s, n), "yes"),
                             ("highest Population", lambda n: population(s, n), "max")],
                     "Atrocities space", min(k, 1))
    if card == CHANGE_IN_TACTICS:
        gov = [c for c in opts if c in gov_capabilities(s)]
        return [r.choose(gov or opts, "Capability to remove")]
    if card in (ASSASSINATION, STRIPEY_HOLE) and "Guerrilla" in prompt:
        spaces = [n for n in spaces if guerrilla_source_ok(s, card, n)]  # 8.1.2 sources only
        if not spaces:
            r.trace.note("8.1.2", f"card {card}: no Guerrilla within the 8.1.2 sources: declined")
            return []
    if card == ASSASSINATION and spaces:
        return order(r, spaces, [
            ("at Support", lambda n: s.spaces[n]["support"] == "support", "yes"),
            ("Base space short of Guerrillas", lambda n: s.spaces[n]["pieces"][FB] > 0 and (
                s.spaces[n]["pieces"][UG] == 0 or guerrillas(s, n) < 2), "yes"),
            ("friendly pieces", lambda n: guerrillas(s, n) + s.spaces[n]["pieces"][FB] > 0, "yes"),
            ("in Algeria", lambda n: n not in COUNTRIES, "yes"),
            ("highest Population", lambda n: population(s, n), "max")], "Assassination space", 1)
    if card == STRIPEY_HOLE and "Guerrilla" in prompt:
        sup = [n for n in spaces if at_support(s, n)]
        return order(r, sup or spaces, [
            ("no Underground Guerrilla", lambda n: s.spaces[n]["pieces"][UG] == 0, "yes"),
            ("highest Population", lambda n: population(s, n), "max")], "Stripey Hole", 1)
    if card == STRIPEY_HOLE and spaces:
        ok = [n for n in stripey_unshaded(s) if n in spaces]
        return order(r, ok, [("highest Population", lambda n: population(s, n), "max")],
                     "Stripey Hole", 1)
    if card == 54 and spaces:
        ok = [n for n in op744_sectors(s) if n in spaces]
        return [r.choose(ok or spaces, "Operation 744 Sector")]
    if card == 12 and spaces:
        dests = [n for n in spaces if n in ALGERIA and s.spaces[n]["support"] == "support"]
        dests = order(r, dests, [("City", lambda n: n in CITIES, "yes"),
                                 ("highest Population", lambda n: population(s, n), "max")],
                      "Ventilos destination", 2)
        srcs = [n for n in ventilos_sources(s, spaces) if n not in dests and n in ALGERIA]
        src = r.best(srcs, [("most spare Underground", lambda n: ventilos_spare(s, n), "max")],
                     "Ventilos source")
        return ([src] if src else []) + dests
    if spaces and len(spaces) == len(opts):
        r.trace.note("8.1.2", f"card {card}: no instruction for '{prompt}': random spaces (8.2)")
    chosen: list[Any] = []
    left = list(opts)
    while left and len(chosen) < k:
        c = r.choose(left, prompt or "option")
        chosen.append(c)
        left.remove(c)
    return chosen


def do_pick(r: Runner, f: Frame) -> None:
    card = event_card(r.s)
    ms = r.legal()
    opts = [m["value"] for m in ms if m["t"] == "pick"]
    k = int(f["max"]) - len(f["picked"])
    chosen = pick_choices(r, f, card, opts, k) if opts else []
    depth = len(r.s.pending)
    for v in chosen:
        m = {"t": "pick", "value": v}
        if not r.can(m):
            break
        n = len(f["picked"])
        r.play(m)
        top = r.top()
        if (len(r.s.pending) != depth or top is None or top["k"] != "pick"
                or len(top["picked"]) != n + 1):
            return  # the prompt closed (an Event may open the next one at once)
        f = top
    top = r.top()
    if len(r.s.pending) == depth and top is not None and top["k"] == "pick":
        if r.can({"t": "done"}):
            r.play({"t": "done"})
        elif not chosen:
            r.play(r.choose(r.legal(), "pick"))


def place_rank(r: Runner, card: int | None, piece: str, spaces: list[str]) -> str | None:
    """Where the FLN places its own piece in an Event (8.1.2; #60 per the Scala ranking)."""
    s = r.s
    if piece == FB and card == 60:
        f = r.top()
        placed = {p[1] for p in (f or {}).get("placed", [])}
        spaces = [n for n in spaces if n not in placed] or spaces  # never 2 in one space
        clean = [n for n in spaces if cubes(s, n) == 0] or spaces
        return r.best(clean, [
            ("Underground Guerrilla present", lambda n: s.spaces[n]["pieces"][UG] > 0, "yes"),
            ("no adjacent Troops", lambda n: not any(troops(s, a) for a in SPACES[n].adjacent),
             "yes"),
            ("lowest Population", lambda n: population(s, n), "min"),
            ("2+ Guerrillas", lambda n: guerrillas(s, n) >= 2, "yes"),
            ("Mountain", lambda n: SPACES[n].mountain, "yes"),
            ("not Resettled", lambda n: not s.spaces[n]["resettled"], "yes")], "Base space")
    return r.best(spaces, [
        ("at Support", lambda n: n in s.spaces and s.spaces[n]["support"] == "support", "yes"),
        ("friendly pieces", lambda n: n in s.spaces and guerrillas(s, n)
         + s.spaces[n]["pieces"][FB] > 0, "yes")], "placement space")


def take_from_map(r: Runner, ms: list[Move], dest: str, taken: str = "piece") -> Move | None:
    """1.4.1 with 8.1.2: an Active Guerrilla (Active only), never either of the last two at an FLN
    Base or at a Support space, from where there are the most Guerrillas (``ms``: the moves
    taking a piece from the map, field ``taken`` naming the piece taken); None when no such
    source exists (the bot then declines the optional map source)."""
    takes = [m for m in ms if m.get(taken) == AG and "from" in m]
    src = best_map_source(r, dest, among={m["from"] for m in takes})
    return next((m for m in takes if m["from"] == src), None)


def do_place(r: Runner, f: Frame) -> None:
    """evb_place: the FLN places its pieces (8.1.2: Out of Play first, then Available, then from
    the map; at Support, else with friendly pieces); never a Government piece when it may stop."""
    card = event_card(r.s)
    ms = r.legal()
    places = [m for m in ms if m["t"] == "place"]
    if not places:
        r.play(ms[0])
        return
    if f["piece"] in GOV_PIECES and r.can({"t": "done"}):
        r.play({"t": "done"})
        return
    boxed = [m for m in places if "source" in m]
    if not boxed:  # 1.4.1: only the map is left – optional, and for Guerrillas only within 8.1.2
        places = [m for m in places if f["piece"] in (UG, AG) and map_sources(r.s, m["space"])]
        if not places:
            r.trace.note("8.1.2", "no map source within the 8.1.2 guards: placement declined")
            r.play({"t": "done"})
            return
    sp = place_rank(r, card, f["piece"], sorted({m["space"] for m in places}))
    here = [m for m in places if m["space"] == sp]
    for src in ("out_of_play", "available"):
        from_box = [m for m in here if m.get("source") == src]
        if from_box:
            r.play(from_box[0])
            return
    m = take_from_map(r, here, here[0]["space"])
    assert m is not None
    r.play(m)


def removal_key(s: State, card: int | None, m: Move) -> tuple[int, ...]:
    """8.1.2: enemy pieces from the map before Available; Bases, French before Algerian, Troops
    before Police; own pieces Guerrillas before Bases, Active before Underground."""
    p = m.get("piece", "")
    where = m.get("space") or m.get("box") or ""
    on_map = int(where in s.spaces)
    enemy = [GB, FT, FP, AT, AP]
    own = [AG, UG, FB]
    if p in enemy:
        rank = enemy.index(p)
        if card == 48 and where in s.spaces:
            return (s.spaces[where]["pieces"][FB] > 0, s.spaces[where]["support"] == "support",
                    -[AT, AP].index(p) if p in (AT, AP) else -9)
        return (on_map, -rank)
    return (on_map, -own.index(p) if p in own else -9)


def do_remove(r: Runner, f: Frame) -> None:
    """ev_remove, evb_replace (a replacement from the map whenever the FLN may take one)."""
    card = event_card(r.s)
    ms = r.legal()
    acts = [m for m in ms if m["t"] in ("remove", "replace") and "from" not in m]
    if not acts:
        r.play(ms[0])
        return
    if all(m.get("piece") in (UG, AG, FB) for m in acts) and r.can({"t": "done"}):
        r.play({"t": "done"})  # never removes its own pieces when it may stop (8.1.2)
        return
    best = max(removal_key(r.s, card, m) for m in acts)
    tied = [m for m in acts if removal_key(r.s, card, m) == best]
    m = tied[0] if len(tied) == 1 else r.choose(tied, "piece to remove")
    takes = [x for x in ms if "from" in x and x["space"] == m["space"] and x["piece"] == m["piece"]]
    r.play((take_from_map(r, takes, m["space"], "take") if takes else None) or m)


def do_move(r: Runner, f: Frame) -> None:
    """ev_move: #12 Ventilos, #49 Factional Plot, #54 Operation 744 per their
    instructions; otherwise stop (the FLN does not move pieces without an instruction)."""
    card = event_card(r.s)
    s = r.s
    ms = r.legal()
    moves = [m for m in ms if m["t"] == "move"]
    if card == 12:
        good = [m for m in moves if m["piece"] == UG and at_support(s, m["to"])
                and m["to"] in ALGERIA and m["from"] in ventilos_sources(s, [m["from"]])]
        if good:
            dests = [m["to"] for m in good]
            d = r.best(dests, [("City", lambda n: n in CITIES, "yes"),
                               ("no Guerrilla yet", lambda n: guerrillas(s, n) == 0, "yes"),
                               ("highest Population", lambda n: population(s, n), "max")],
                       "Ventilos destination")
            r.play(next(m for m in good if m["to"] == d))
            return
    if card == 49:
        gm, gt = guerrillas(s, MOROCCO), guerrillas(s, TUNISIA)
        if abs(gm - gt) > 1:
            src, dst = (MOROCCO, TUNISIA) if gm > gt else (TUNISIA, MOROCCO)
            cand = [m for m in moves if m["from"] == src and m["to"] == dst]
            ug_gap = s.spaces[src]["pieces"][UG] - s.spaces[dst]["pieces"][UG]
            cand.sort(key=lambda m: (m["piece"] != UG) if ug_gap > 1 else (m["piece"] == UG))
            if cand:
                r.play(cand[0])
                return
    if card == 54 and moves:
        r.play(r.choose(moves, "Operation 744 Troop source"))
        return
    if r.can({"t": "done"}):
        r.play({"t": "done"})
    else:
        r.play(r.choose(ms, "move"))


__all__ = [
    "bot_side", "play_test", "no_roll", "benefit", "do_pick", "do_place", "do_remove",
    "do_move", "event_card",
]
