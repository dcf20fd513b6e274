"""Invariants of the non-player FLN's play, checked on a stream of game moves (self-play):

* 8.3 "Ineffective Events": every Event (or Pivotal Event) the bot executes changes the game –
  board, boxes, Resources, Commitment, tracks, Capabilities or Momentum in effect;
* 8.1.2 "When placing from the map … place Active Guerrilla pieces (and Active only) … never
  remove either of the last two Guerrillas from any FLN Base nor from a Support space": every
  Guerrilla the bot takes from the map to place elsewhere, in an Event or an Operation;
* #12 Ventilos: its moves obey the March guards (ct-fln-bot §9.2: ``info.march_keep``),
  Underground Guerrillas only;
* the bot's decisions inside an Event never lower its own Opposition (a space at Oppose it sets
  back toward Neutral: #28, #34, #53 …);
* the guards of its Operations and Special Activities (8.4.2, 8.4.4, 8.4.6), in every space with an
  FLN Base, Morocco and Tunisia included: no move of an Operation or Special Activity (Terror,
  Extort, Attack, Ambush, March …) takes the last Underground Guerrilla from a space with an FLN
  Base (Activating or Marching it); a March never moves either of the last two Guerrillas out of an
  FLN Base space, nor the last Guerrilla out of a space at Support, nor hands a Populated space to
  Government Control – unless an Event's March must move (5.1.3) and those guards hold every
  Guerrilla that could go (``march_obliged``); a Rally never places a second FLN Base in an
  Algerian space (8.4.5) – unless a free Rally granted by an Event must act (5.1.3) and nothing
  else within 8.1.2 is possible.

``EventInvariants.observe(before, move, after, actor)`` is fed every move of a game in order;
``decisions`` counts the bot's Event decisions checked (choosing an Event, and every move it makes
while an Event is being executed), ``map_takes`` the Guerrillas it took from the map,
``guard_checks`` the moves of its Operations and Special Activities checked against the guards,
``violations`` lists what failed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..board import control, guerrillas, population
from ..data import AG, ALGERIA, COUNTRIES, FB, UG
from ..machine import apply, find_frame, legal_moves
from ..state import Move, State
from .events import ventilos_spare
from .flow import SENTINEL
from .info import map_spare, march_keep
from .rally import FRANCE, free_rally_spaces

EVENT_FRAMES = ("event", "pivotal_event")
VENTILOS = 12


def effect_print(s: State) -> str:
    """Everything an Event can change (not the Sequence of Play, the pending decisions or the
    dice generator)."""
    return json.dumps([s.spaces, s.boxes, s.resources, s.commitment, s.france_track,
                       s.border_zone, s.cards["capabilities"], s.cards["momentum"],
                       s.cards["in_effect"]], sort_keys=True)


@dataclass
class OpenEvent:
    """An Event the bot chose, followed on a copy of the game where nothing runs after it (the
    frames below the FLN's prompt are replaced by a blocking one, as in the bot's hypotheticals),
    so that the next card or a Propaganda Round cannot hide an Event without effect."""

    sandbox: State
    depth: int
    card: int
    before: str


@dataclass
class EventInvariants:
    decisions: int = 0  # Event decisions checked
    events: int = 0  # Events the bot executed
    map_takes: int = 0  # Guerrillas the bot took from the map (Events and Operations)
    guard_checks: int = 0  # moves of the bot's Operations and Special Activities checked
    march_start: State | None = None  # the board when the bot's current March began
    rally_select: State | None = None  # the position where the bot last selected a Rally space
    violations: list[str] = field(default_factory=list)
    open: list[OpenEvent] = field(default_factory=list)

    def observe(self, s: State, m: Move, t: State, actor: str) -> None:
        """``actor`` played ``m``, taking the game from ``s`` to ``t``."""
        for o in self.open:
            o.sandbox, _ = apply(o.sandbox, m)
        if actor == "fln":
            in_event = find_frame(s, *EVENT_FRAMES) is not None
            if m["t"] in ("event", "pivotal"):
                self.start(s, m)
            elif in_event:
                self.decisions += 1
                self.check_decision(s, m, t)
            self.check_map_take(s, m)
            self.check_guards(s, m, t)
        self.close_finished()

    def fail(self, s: State, text: str) -> None:
        self.violations.append(f"turn {s.turn} card {s.cards['current']}: {text}")

    # -- 8.3: never an Event with no effect ---------------------------------------------------
    def start(self, s: State, m: Move) -> None:
        self.events += 1
        self.decisions += 1
        card = int(m["card"]) if m["t"] == "pivotal" else int(s.cards["current"])
        box = s.fork()  # only moves are applied to it
        box.pending = [dict(SENTINEL)] + box.pending[-1:]
        box, _ = apply(box, m)
        depth = next((i for i, f in enumerate(box.pending) if f["k"] in EVENT_FRAMES), 0)
        self.open.append(OpenEvent(box, depth, card, effect_print(s)))

    def close_finished(self) -> None:
        still: list[OpenEvent] = []
        for o in self.open:
            p = o.sandbox.pending
            if len(p) > o.depth and p[o.depth]["k"] in EVENT_FRAMES:
                still.append(o)
            elif effect_print(o.sandbox) == o.before:
                self.fail(o.sandbox, f"Event {o.card} executed by the FLN had no effect (8.3)")
        self.open = still

    # -- choices inside an Event ------------------------------------------------------------
    def check_decision(self, s: State, m: Move, t: State) -> None:
        ev = find_frame(s, *EVENT_FRAMES)
        assert ev is not None
        if s.pending[-1]["k"] == "ev_move" and ev.get("card") == VENTILOS and m["t"] == "move":
            if m["piece"] != UG or ventilos_spare(s, m["from"]) < 1:
                self.fail(s, f"#12 Ventilos move {m} breaks the March guards (ct-fln-bot 9.2)")
        lost = [n for n in ALGERIA
                if s.spaces[n]["support"] == "oppose" and t.spaces[n]["support"] != "oppose"]
        if lost:
            self.fail(s, f"Event {ev.get('card')}: the FLN's move {m} gave up its own "
                      f"Opposition in {', '.join(lost)}")

    # -- 8.1.2: Guerrillas taken from the map -----------------------------------------------
    def check_map_take(self, s: State, m: Move) -> None:
        if "from" not in m or m["t"] not in ("place", "replace"):
            return
        piece = m.get("take", m.get("piece"))
        if piece not in (UG, AG):
            return
        src = str(m["from"])
        self.map_takes += 1
        if piece != AG:
            self.fail(s, f"{m}: an Underground Guerrilla taken from the map (8.1.2: Active only)")
        if src in COUNTRIES or map_spare(s, src) < 1:
            self.fail(s, f"{m}: takes one of the last two Guerrillas of a Base or Support space "
                      f"(8.1.2), {guerrillas(s, src)} there")


    # -- 8.4.2, 8.4.4, 8.4.6: never expose a Base; the March guards ---------------------------
    def check_guards(self, s: State, m: Move, t: State) -> None:
        top = s.pending[-1] if s.pending else {}
        kind = str(top.get("k", ""))
        if not kind.startswith(("op:", "sa:")) or top.get("who") != "fln":
            return
        self.guard_checks += 1
        if kind == "op:march":
            if m["t"] == "group" and not top["x"].get("pairs"):
                self.march_start = s
            if m["t"] == "go":
                self.check_march_source(s, str(top["x"]["grp"]["from"]), t)
            return
        if kind == "op:rally":
            if m["t"] == "space":
                self.rally_select = s
            if m["t"] == "base" and m["space"] not in COUNTRIES and \
                    s.spaces[m["space"]]["pieces"][FB] > 0 and not self.rally_obliged():
                self.fail(s, f"Rally {m}: a second FLN Base in an Algerian space (8.4.5)")
            return
        rule = GUARD_RULE.get(kind, "8.4.2")
        for n, sp in s.spaces.items():
            if (sp["pieces"][FB] > 0 and sp["pieces"][UG] > 0
                    and t.spaces[n]["pieces"][UG] == 0):
                self.fail(s, f"{kind} {m}: the last Underground Guerrilla in {n}, a space with an "
                          f"FLN Base, Activated ({rule})")

    def rally_obliged(self) -> bool:
        """A free Rally granted by an Event that 5.1.3 obliges to act (no ``done``) where no space
        allows an action within 8.1.2 and 8.4.5 and the France Track cannot be chosen: the bot
        keeps 8.1.2 and may have to place a second Base."""
        s = self.rally_select
        if s is None or s.pending[-1].get("role") is not None:
            return False
        ms = legal_moves(s)
        spaces = [str(m["space"]) for m in ms if m["t"] == "space"]
        return ({"t": "done"} not in ms and FRANCE not in spaces
                and not free_rally_spaces(s, spaces))

    def check_march_source(self, s: State, a: str, t: State) -> None:
        """8.4.6: what a March leaves in a source, against the source as the March found it (a
        group passing through a space on a multi-step move takes nothing from it); not where an
        Event obliges the March (``march_obliged``)."""
        st = self.march_start or s
        if march_obliged(st):
            return
        p0, p1 = st.spaces[a]["pieces"], t.spaces[a]["pieces"]
        g0, g1 = guerrillas(st, a), guerrillas(t, a)
        if p0[FB] > 0 and g1 < min(2, g0):
            self.fail(s, f"March from {a}: one of the last two Guerrillas of an FLN Base space "
                      f"moved ({g0} -> {g1}, 8.4.6)")
        if p0[FB] > 0 and p1[UG] < min(1, p0[UG]):
            self.fail(s, f"March from {a}: the last Underground Guerrilla of an FLN Base space "
                      f"moved (8.4.6)")
        if a not in COUNTRIES and st.spaces[a]["support"] == "support" and g0 > 0 and g1 == 0:
            self.fail(s, f"March from {a}: the last Guerrilla of a space at Support moved (8.4.6)")
        if population(st, a) >= 1 and control(st, a) != "gov" and control(t, a) == "gov":
            self.fail(s, f"March from {a}: the Government takes Control of a Populated space "
                      f"(8.4.6)")


def march_obliged(s: State) -> bool:
    """An Event's March that must move (5.1.3: no ``done``) while the guards of 8.4.6 hold every
    Guerrilla that could go: the bot moves one all the same (``march.March.forced_march``)."""
    if not s.pending[-1].get("free") or find_frame(s, *EVENT_FRAMES) is None:
        return False
    ms = legal_moves(s)
    return {"t": "done"} not in ms and not any(
        guerrillas(s, m["from"]) > march_keep(s, m["from"])[0] for m in ms if m["t"] == "group")


GUARD_RULE = {"op:attack": "8.4.4", "sa:ambush": "8.4.4", "op:march": "8.4.6"}

__all__ = ["EventInvariants", "effect_print"]
