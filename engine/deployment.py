"""10.0 Open Deployment option: markers and off-map forces as in the standard set-up, then the
Government places its on-map forces anywhere in Algeria, then the FLN places its own, within
stacking (1.4.2) and the scenario's constraints; Control follows from the result (derived).

While the players deploy, the forces still to be placed wait in ``boxes["set_aside"]`` (so the
force pool stays conserved in every intermediate state). Frames: ``{"k": "deploy", "who": side}``,
one per side, Government on top. Moves: ``{"t": "place", "piece": P, "space": S}`` – one piece at a
time (FLN Guerrillas are placed Underground, piece ``guerrillas_underground``). Only placements
after which the scenario's constraints can still be met are offered, so the placement always ends.
"""

from __future__ import annotations

from referee_core.checks import check_choice, check_obj, fail, frame_below

from .board import base_room, guerrillas, independent, max_bases
from .data import (
    ALGERIA, AP, AT, COUNTRIES, FB, FP, FT, G, GB, UG, box_key,
)
from .frame_checks import FACTIONS, check_game_stage
from .machine import FrameType, Log, emit, pop, register
from .state import Frame, Move, State

GOV_DEPLOY = (GB, FT, AT, FP, AP)
FLN_DEPLOY = (FB, UG)

# Per-Country minimum Bases and Guerrillas, and maximum Bases (10.0 Open Deployment options).
COUNTRY_RULES: dict[str, dict[str, int]] = {
    "short": {"min_bases": 2, "max_bases": 2, "min_guerrillas": 4},   # exactly 2 Bases, 4+ G
    "medium": {"min_bases": 1, "max_bases": 3, "min_guerrillas": 2},  # 1+ Base, 2+ G
    "full": {"min_bases": 0, "max_bases": 0, "min_guerrillas": 0},    # Countries not usable
}


def start_open_deployment(s: State) -> None:
    """10.0: take the standard set-up's on-map forces off the map (they wait in the set-aside box)
    and ask the Government, then the FLN, to place them; the game starts afterwards."""
    for n in s.spaces:
        sp = s.space_w(n)
        for k, v in sp["pieces"].items():
            if v:
                s.boxes["set_aside"][box_key(k)] += v
                sp["pieces"][k] = 0
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "deploy", "who": "fln"},
                 {"k": "deploy", "who": "gov"}]


def to_place(s: State, piece: str) -> int:
    return s.boxes["set_aside"][box_key(piece)]


def fln_spaces(s: State) -> list[str]:
    """Algeria, and the Countries once independent (1.3.4)."""
    return list(ALGERIA) + (list(COUNTRIES) if independent(s) else [])


def _fln_feasible(s: State, piece: str | None, space: str | None) -> bool:
    """Can the FLN still meet the Country constraints and fit all its Bases once ``piece`` (an FLN
    piece, or a Government Base) has been placed in ``space`` (``piece=None``: the board as it
    is)? Deficits are filled first; every Country's room covers its own deficit, so the total room
    is the only other limit."""
    rules = COUNTRY_RULES[s.scenario] if independent(s) else COUNTRY_RULES["full"]
    bases_left = to_place(s, FB) - (piece == FB)
    g_left = to_place(s, UG) - (piece == UG)
    need_b = need_g = room = 0
    for n in fln_spaces(s):
        here = space == n
        add_base = int(here and piece in (FB, GB))
        if n in COUNTRIES:
            have_b = s.spaces[n]["pieces"][FB] + add_base
            cap = min(rules["max_bases"], max_bases(s, n))
            if have_b > cap:
                return False
            need_b += max(0, rules["min_bases"] - have_b)
            need_g += max(0, rules["min_guerrillas"] - guerrillas(s, n) - int(here and piece == UG))
            room += cap - have_b
        else:
            room += base_room(s, n) - add_base
    return bases_left >= need_b and g_left >= need_g and bases_left <= room


def deploy_moves(s: State, who: str) -> list[Move]:
    """10.0: one piece at a time, within stacking (1.4.2): Government pieces anywhere in Algeria,
    FLN pieces in Algeria and (Short, Medium) the Countries; only placements that keep the
    scenario's constraints satisfiable (a Government Base must leave room for the FLN Bases)."""
    ms: list[Move] = []
    pieces, spaces = (GOV_DEPLOY, list(ALGERIA)) if who == "gov" else (FLN_DEPLOY, fln_spaces(s))
    for p in pieces:
        if not to_place(s, p):
            continue
        for n in spaces:
            if p in (GB, FB) and base_room(s, n) <= 0:
                continue
            if p in (GB, FB, UG) and not _fln_feasible(s, p, n):
                continue
            ms.append({"t": "place", "piece": p, "space": n})
    return ms


class Deploy(FrameType):
    """10.0 Open Deployment: one side places its forces."""

    kind = "deploy"
    checked = True
    below = ("game", "deploy")
    rule = "10.0"

    def check_frame(self, s: State, f: Frame) -> None:
        """10.0: the Government deploys on the FLN's frame, the FLN on the game loop's, before
        the first card."""
        check_obj(f, "", ("k", "who"))
        who = check_choice(f["who"], "who", FACTIONS, "10.0")
        if not s.options["open_deployment"] or s.turn:
            fail("", "Open Deployment comes before the first card, with its option", "10.0")
        on_game = frame_below(s)["k"] == "game"
        if on_game:
            check_game_stage(s, "draw")
        if who != ("fln" if on_game else "gov") or not (on_game or frame_below(s)["who"] == "fln"):
            fail("who", "the Government deploys first (on top), then the FLN", "10.0")

    def actor(self, s: State, f: Frame) -> str:
        return str(f["who"]) if self._left(s, f["who"]) else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        who = "Government" if f["who"] == "gov" else "FLN"
        return f"Open Deployment: {who} places a piece ({self._left(s, f['who'])} left)"

    def _left(self, s: State, who: str) -> int:
        pieces = GOV_DEPLOY if who == "gov" else (FB, G)
        return sum(s.boxes["set_aside"][box_key(p)] for p in pieces)

    def step(self, s: State, f: Frame, log: Log) -> None:
        pop(s)
        emit(log, "10.0", f"Open Deployment: {f['who']} forces placed", actor=f["who"])

    def moves(self, s: State, f: Frame) -> list[Move]:
        return deploy_moves(s, f["who"])

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        p, n = m["piece"], m["space"]
        s.boxes["set_aside"][box_key(p)] -= 1
        s.space_w(n)["pieces"][p] += 1
        emit(log, "10.0", f"{f['who']} places {p} in {n}", actor=f["who"], piece=p, space=n)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Deploy)
