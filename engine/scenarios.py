"""Chapter 10: the three scenarios, the deck (10.0), and ``new_game``."""

from __future__ import annotations

from typing import Any

from referee_core import rng as rngmod
from referee_core.checks import show
from referee_core.errors import BadRequest
from referee_core.options import CHANCE_MODES

from .deployment import start_open_deployment
from .data import EVENT_CARDS, PIVOTAL_BY_NAME, PROPAGANDA_CARDS, SCENARIOS
from .machine import Log, settle
from .state import State, blank_state
from .victory import deal_deception

OPTION_DEFAULTS: dict[str, Any] = {
    "chance": "managed",       # docs/chance.md
    "deception": False,        # 7.3 Victory Deception option
    "open_deployment": False,  # 10.0 Open Deployment option
    "fln_bot": False,          # 8.6 one-player victory (the FLN seat is the non-player)
    "gov_bot": False,          # the Government seat is engine.govbot's (docs/gov-bot.md)
    "reveal_capabilities": False,  # 10.0: set-aside Capabilities start in effect
    "reveal_torture": False,   # 10.0: ... including #18 Torture (both players agree)
}
# 10.0: the side of each Capability card put in effect when revealed from the set-aside cards,
# by its printed banner (GOVERNMENT CAPABILITY: unshaded; FLN CAPABILITY: shaded).
REVEAL_SIDE = {13: "unshaded", 35: "unshaded", 17: "shaded", 27: "shaded", 32: "shaded",
               33: "shaded"}
TORTURE = 18


def check_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's options, the defaults filled in; raises BadRequest on an unknown option, a
    value of the wrong kind, or options that cannot go together."""
    opts = dict(OPTION_DEFAULTS)
    if options is None:
        return opts
    if not isinstance(options, dict):
        raise BadRequest("options", "must be an object")
    for k, v in options.items():
        if k not in OPTION_DEFAULTS:
            raise BadRequest(f"options.{k}", f"unknown option; known: {sorted(OPTION_DEFAULTS)}")
        if k == "chance":
            if type(v) is not str or v not in CHANCE_MODES:
                raise BadRequest("options.chance", f"{show(v)} is not one of {list(CHANCE_MODES)}")
        elif type(v) is not bool:
            raise BadRequest(f"options.{k}", f"must be true or false, not {show(v)}")
        opts[k] = v
    if opts["reveal_torture"] and not opts["reveal_capabilities"]:
        raise BadRequest("options.reveal_torture", "needs options.reveal_capabilities (10.0)")
    if opts["reveal_capabilities"] and opts["chance"] == "external":
        raise BadRequest("options.reveal_capabilities",
                         "needs managed chance: the engine does not know a physical deck's"
                         " set-aside cards")
    if opts["deception"] and opts["chance"] == "external":
        # 7.3: in external mode the engine could neither keep the markers hidden nor know what
        # was drawn.
        raise BadRequest("options.deception", "the Victory Deception option needs managed chance"
                         " (chance: managed, 7.3)")
    return opts


def reveal_capabilities(s: State) -> None:
    """10.0 option: the Capabilities among the set-aside Event cards start in effect."""
    caps = s.cards_w()["capabilities"]
    for n in s.cards["set_aside"] or []:
        if n in REVEAL_SIDE:
            caps[str(n)] = REVEAL_SIDE[n]
        elif n == TORTURE and s.options["reveal_torture"]:
            caps[str(n)] = "unshaded"


def build_deck(scenario: str, r: dict[str, Any]) -> tuple[list[int], list[int]]:
    """10.0: shuffle the Events, deal piles of 12, shuffle one Propaganda card into each pile,
    stack the piles (pile 1 on top). Returns (draw deck top first, set-aside Events)."""
    d = SCENARIOS[scenario]["deck"]
    events = rngmod.shuffle(r, list(EVENT_CARDS))
    used, set_aside = events[: d["event_cards"]], sorted(events[d["event_cards"]:])
    per = d["events_per_pile"]
    deck: list[int] = []
    for i in range(d["piles"]):
        pile = used[per * i: per * (i + 1)] + [PROPAGANDA_CARDS[i]]
        deck += rngmod.shuffle(r, pile)
    return deck, set_aside


def new_game(scenario: str, seed: int = 0, options: dict[str, Any] | None = None) -> State:
    """Set up a scenario (10.0) and settle to the first decision."""
    if scenario not in SCENARIOS:
        raise BadRequest("scenario", f"unknown scenario {scenario!r}; known: {sorted(SCENARIOS)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadRequest("seed", "must be an integer")
    opts = check_options(options)
    sc = SCENARIOS[scenario]
    s = blank_state()
    s.scenario = scenario
    s.options = opts
    s.rng = {"seed": rngmod.seed_from(seed), "counter": 0}
    for entry in sc["spaces"]:
        sp = s.spaces[entry["space"]]
        if entry["support"] is not None:
            sp["support"] = entry["support"]
        sp["resettled"] = bool(entry["resettled"])
        sp["terror"] = entry["terror"]
        for k, n in entry["pieces"].items():
            sp["pieces"][k] += n
    for box in ("available", "out_of_play", "casualties"):
        for side in ("gov", "fln"):
            for k, n in sc[box][side].items():
                s.boxes[box][k] += n
    s.resources = dict(sc["resources"])
    s.commitment = sc["commitment"]
    s.france_track = sc["france_track"]
    s.border_zone = sc["border_zone"]
    piv = sc["pivotal"]
    d = sc["deck"]
    if opts["chance"] == "managed":
        deck, set_aside = build_deck(scenario, s.rng)
        unseen: list[int] = []
    else:
        deck, set_aside, unseen = None, None, list(EVENT_CARDS)
    s.cards = {
        "deck": deck,
        "deck_left": d["draw_deck_size"],
        "piles": [[d["events_per_pile"], 1] for _ in range(d["piles"])],
        "unseen": unseen,
        "current": None,
        "played": [],
        "set_aside": set_aside,
        "held": {"gov": sorted(PIVOTAL_BY_NAME[n] for n in piv["gov_holds"]),
                 "fln": sorted(PIVOTAL_BY_NAME[n] for n in piv["fln_holds"])},
        "in_effect": sorted(PIVOTAL_BY_NAME[n] for n in piv["in_effect"] + piv["in_effect_implied"]),
        "removed": [],
        "capabilities": {},
        "momentum": [],
        "coup_played": bool(piv["coup_d_etat_counts_as_already_played"]),
        "coup_campaign": None,
        "propaganda_total": d["piles"],
        "propaganda_drawn": 0,
        "rounds": 0,
        "last_propaganda": False,
        "delayed": [],
    }
    if opts["reveal_capabilities"]:
        reveal_capabilities(s)
    s.sop = {"first": sc["first_eligible"], "first_box": None, "second_box": None}
    log: Log = []
    if opts["open_deployment"]:
        start_open_deployment(s)
    else:
        s.pending = [{"k": "game", "stage": "draw"}]
    if opts["deception"]:
        deal_deception(s)
    settle(s, log)
    return s
