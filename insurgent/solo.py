"""The Solo Variant: the automated French player (option ``french_bot``; docs/insurgent/solo.md).

"To take a turn for the French, flip a card from the top of their faction deck. They play the
card as normal, resolving its effects. Change the effect of the NEGOTIATE action to: Play another
card from the French faction deck. Unlike the normal game, when the French play the last card off
their deck, the game ends immediately."

Under ``french_bot`` the French have no hand. Each French decision (where the flipped card goes,
each action's target, which RECRUIT to play, each BOMB hit) is still a decision of the actor
``french``, answered by the bot (``insurgent.bots.decide``) like any other move, but its legal
moves are only the ones the rules' four priority lists leave: PLAYING SUPPORTERS, CHOOSING
RECRUITS, ATTACKING/CAPTURING/BOMBING TARGETS, TARGETS FOR EXPOSING FLN CARDS. When the lists
end on their "Random" step with several candidates left, the decision belongs to ``chance``
instead: the generator picks one of them uniformly (managed chance, ``rng.uniform``, as a draw
from a deck) or the client names the one its die chose (external chance). So the French have at
most one legal move, and a referee checks every automaton move against the lists.

Each list is a sequence of filters: a priority keeps the candidates that meet it best (the first,
a condition, keeps those meeting it if any do); the first priority that leaves one candidate
decides (``Choice.decided``). The automaton takes every action it can (it never skips).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from referee_core import rng
from referee_core.checks import check_bool, check_choice, check_obj, fail

from .board import deck_size, face_down, icons, who
from .chance import draw_frame
from .deck import FRONTS
from .ending import final_scoring
from .machine import Frame, FrameType, Log, Move, State, emit, register
from .play import card_frame, play_card

OPTION = "french_bot"
RULE = "Solo Variant"
SUPPORTERS = "PLAYING SUPPORTERS"
RECRUITS = "CHOOSING RECRUITS"
TARGETS = "ATTACKING/CAPTURING/BOMBING TARGETS"
EXPOSING = "TARGETS FOR EXPOSING FLN CARDS"
TYPE_ORDER = {"supporters": 2, "agent": 1, "event": 0}  # CHOOSING RECRUITS 2
AUTOMATED = ("flip", "act", "bomb", "recruit")           # the French decisions the lists make


def on(s: State) -> bool:
    """Is the French side the automaton (option ``french_bot``)?"""
    return bool(s.options.get(OPTION))


def automated(s: State, f: Frame) -> bool:
    """Is ``f`` a French decision the automaton's lists make?"""
    return on(s) and f["k"] in AUTOMATED and f.get("who", "french") == "french"


# --- the priority lists ----------------------------------------------------------------------


@dataclass
class Choice:
    """One list applied: the candidates kept after each priority, and the one that decided."""

    name: str
    kept: list[Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    decided: str = ""

    def narrow(self, n: int, text: str, key: Callable[[Any], int], *,
               condition: bool = False) -> None:
        """Priority ``n``: keep the candidates with the greatest ``key`` (``condition``: those
        for which ``key`` is true, if any)."""
        if len(self.kept) <= 1:
            return
        if condition:
            meet = [c for c in self.kept if key(c)]
            kept = meet or self.kept
        else:
            best = max(key(c) for c in self.kept)
            kept = [c for c in self.kept if key(c) == best]
        self.keep(n, text, kept)

    def keep(self, n: int, text: str, kept: list[Any]) -> None:
        self.steps.append({"priority": n, "text": text, "kept": list(kept)})
        self.kept = kept
        if len(kept) == 1 and not self.decided:
            self.decided = f"{self.name} {n}"

    def random(self, n: int) -> None:
        """The list's last step: "Random" among what is left (drawn by chance)."""
        if len(self.kept) > 1:
            self.steps.append({"priority": n, "text": "Random", "kept": list(self.kept)})
            self.decided = f"{self.name} {n}"
        elif not self.decided:
            self.decided = f"{self.name} (one candidate)"


def fln_cards(s: State, front: str) -> int:
    return len(s.fronts["fln"][front])


def supporters_front(s: State) -> Choice:
    """PLAYING SUPPORTERS: "1. Front where FLN has 3+ more cards than French 2. Front with the
    most French cards 3. Front with the most French icons 4. Random"."""
    ch = Choice(SUPPORTERS, list(FRONTS))
    ch.narrow(1, "front where FLN has 3+ more cards than French",
              lambda f: fln_cards(s, f) - len(s.fronts["french"][f]) >= 3, condition=True)
    ch.narrow(2, "front with the most French cards", lambda f: len(s.fronts["french"][f]))
    ch.narrow(3, "front with the most French icons", lambda f: icons(s, "french", f))
    ch.random(4)
    return ch


def recruit_card(s: State, cards: list[int]) -> Choice:
    """CHOOSING RECRUITS: "1. Card with most total action icons 2. Supporters > Agent > Event
    3. Random"."""
    ch = Choice(RECRUITS, list(cards))
    ch.narrow(1, "card with most total action icons", lambda c: s.deck.card(c).icons)
    ch.narrow(2, "Supporters > Agent > Event", lambda c: TYPE_ORDER[s.deck.card(c).type])
    ch.random(3)
    return ch


def target(s: State, prison: bool) -> Choice:
    """ATTACKING/CAPTURING/BOMBING TARGETS ("A card must be face-up to be attacked, captured or
    bombed"): "1. Card(s) with the most icons 2. Card(s) in the front with the most cards 3.
    Prison (only applicable for ATTACK action) 4. Random". Priorities 1-2 rank the face-up FLN
    cards in the fronts ("the front with the most cards": the most FLN cards, face-down ones
    included); only without one does ATTACK turn to the prison (3), whose cards are ranked by
    their icons (1) before the random step (docs/insurgent/solo.md, readings)."""
    where = {e["card"]: f for f in FRONTS for e in s.fronts["fln"][f] if e["up"]}
    ch = Choice(TARGETS, sorted(where, key=lambda c: (FRONTS.index(where[c]), c)))
    if ch.kept:
        ch.narrow(1, "card with the most icons", lambda c: s.deck.card(c).icons)
        ch.narrow(2, "card in the front with the most cards", lambda c: fln_cards(s, where[c]))
    elif prison and s.prison:
        ch.keep(3, "prison (no face-up FLN card in the fronts)", [p["card"] for p in s.prison])
        ch.narrow(1, "card in prison with the most icons", lambda c: s.deck.card(c).icons)
    ch.random(4)
    return ch


def expose_target(s: State) -> Choice:
    """TARGETS FOR EXPOSING FLN CARDS ("Target card must be face-down in order to be exposed"):
    "1. Topmost card in front with the most cards 2. Random" – in each front holding a face-down
    FLN card, its topmost face-down card; the front with the most FLN cards."""
    top: dict[str, int] = {}
    for f, pos in face_down(s):
        top[f] = pos  # face_down lists positions bottom first: the last is the topmost
    ch = Choice(EXPOSING, [(f, p) for f, p in top.items()])
    ch.narrow(1, "topmost card in front with the most cards", lambda fp: fln_cards(s, fp[0]))
    ch.random(2)
    return ch


# --- the automaton's decisions ---------------------------------------------------------------


def placements(s: State, cid: int) -> tuple[list[Move], list[Choice]]:
    """Where the automaton plays ``cid``: an event to its discard pile, an agent to the front
    printed on it (RALLY notwithstanding: the lists place only supporters), a supporters card to
    the front PLAYING SUPPORTERS chooses."""
    c = s.deck.card(cid)
    if c.type == "event":
        return [{"t": "play", "card": cid}], []
    if c.type == "agent":
        assert c.front is not None
        return [{"t": "play", "card": cid, "front": c.front}], []
    ch = supporters_front(s)
    return [{"t": "play", "card": cid, "front": f} for f in ch.kept], [ch]


def choices(s: State, f: Frame) -> tuple[list[Move], list[Choice]]:
    """The moves the lists leave at the automated decision ``f``, and the lists applied."""
    k = f["k"]
    if k == "flip":
        return placements(s, s.recruits["french"][0])
    if k == "recruit":
        ch = recruit_card(s, s.recruits["french"])
        moves: list[Move] = []
        lists = [ch]
        for c in ch.kept:
            ms, more = placements(s, c)
            moves += ms
            if more and len(lists) == 1:  # the same board: one PLAYING SUPPORTERS for all
                lists += more
        return moves, lists
    if k == "bomb":
        ch = target(s, prison=False)
        return [{"t": "remove", "card": c} for c in ch.kept], [ch]
    a = f["action"]
    if a in ("ATTACK", "CAPTURE"):
        ch = target(s, prison=a == "ATTACK")
        return [{"t": a.lower(), "card": c} for c in ch.kept], [ch]
    if a == "EXPOSE":
        ch = expose_target(s)
        return [{"t": "expose", "front": fr, "pos": p} for fr, p in ch.kept], [ch]
    return [{"t": a.lower()}], []  # BOMB, RECRUIT, NEGOTIATE: taken, never skipped


def moves(s: State, f: Frame) -> list[Move]:
    return choices(s, f)[0]


def actor(s: State, f: Frame) -> str:
    """``french`` when the lists leave one move, ``chance`` when they end on "Random"."""
    return "chance" if len(moves(s, f)) > 1 else "french"


def managed(s: State, f: Frame) -> Move:
    ms = moves(s, f)
    return ms[rng.uniform(s.rng, len(ms))]


def trace(s: State, f: Frame) -> dict[str, Any]:
    """The trace entry of the decision ``f``: which priority decided it, with every step."""
    ms, lists = choices(s, f)
    boxes = [ch.decided for ch in lists] or [_plain(s, f)]
    return {"box": "; ".join(boxes), "text": _text(s, f, ms, lists),
            "moves": ms, "by": "chance" if len(ms) > 1 else "french",
            "lists": [{"list": ch.name, "decided": ch.decided, "steps": ch.steps}
                      for ch in lists]}


def _plain(s: State, f: Frame) -> str:
    """The box of a decision no list makes ("They play the card as normal")"""
    if f["k"] == "act":
        return f"FRENCH TURNS: {f['action']} is taken"
    c = s.deck.card(s.recruits["french"][0])
    return "FRENCH TURNS: " + ("the event goes to the discard pile" if c.type == "event"
                               else "the agent goes to the front printed on it")


def _text(s: State, f: Frame, ms: list[Move], lists: list[Choice]) -> str:
    what = {"flip": "play", "recruit": "RECRUIT", "bomb": "BOMB hit"}.get(f["k"])
    what = what or f["action"]
    if not lists:
        return f"{what} as printed"
    parts = [ch.decided + (f" among {_show(s, ch.kept)}" if len(ch.kept) > 1 else "")
             for ch in lists]
    tail = " (a random pick by chance)" if len(ms) > 1 else ""
    return f"{what} by {'; '.join(parts)}{tail}"


def _show(s: State, kept: list[Any]) -> str:
    out = []
    for c in kept:
        if isinstance(c, int):
            out.append(s.deck.card(c).name)
        elif isinstance(c, tuple):
            out.append(f"face-down card {c[1] + 1} of the {c[0]} front")
        else:
            out.append(f"the {c} front")
    return ", ".join(out)


def note(s: State, f: Frame, m: Move, log: Log) -> None:
    """Log the automaton's decision ``m`` (before it is applied) with the priority that decided
    it; ``by``: the French (the lists left one move) or chance (their "Random" step)."""
    t = trace(s, f) | {"move": m}
    emit(log, f"{RULE}: {t['box']}", t["text"] + f": {label(s, m)}", solo=t)


def label(s: State, m: Move) -> str:
    """A move of the automaton in words."""
    if m["t"] == "play":
        name = s.deck.card(m["card"]).name
        return f"{name} to the {m['front']} front" if "front" in m else f"the event {name}"
    if m["t"] == "expose":
        return f"expose face-down card {m['pos'] + 1} of the {m['front']} front"
    if "card" in m:
        return f"{m['t']} {s.deck.card(m['card']).name}"
    return str(m["t"])


def explain(s: State, f: Frame, m: Move) -> tuple[str, str]:
    t = trace(s, f)
    return (f"the French automaton's lists leave only {t['moves']} ({t['text']})",
            f"{RULE}: {t['box']}")


# --- French turns: flip the top card; the end when the deck runs out --------------------------


def flip_frame(rule: str) -> Frame:
    return {"k": "flip", "rule": rule, "drawn": False}


def played_from_deck(s: State, log: Log) -> None:
    """"When the French play the last card off their deck, the game ends immediately": the card
    is on the table (DOMINATION checked), its actions are not taken, and final scoring follows."""
    if s.result is None and not deck_size(s, "french") and not s.recruits["french"]:
        emit(log, RULE, "the French have played the last card off their deck: the game ends"
             " immediately")
        final_scoring(s, log, by="french_deck")


class Flip(FrameType[State]):
    """A French card flipped from the top of the deck and played: the French turn (FRENCH
    TURNS) or NEGOTIATE ("Play another card from the French faction deck"). The card waits in
    ``recruits.french`` while the lists place it."""

    kind = "flip"
    below = ("turn", "card")
    rule = RULE
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "rule", "drawn"))
        check_choice(f["rule"], "rule", (RULE, "NEGOTIATE"))
        drawn = check_bool(f["drawn"], "drawn")
        if not on(s):
            fail("k", "the French flip cards only in the solo game (option french_bot)", RULE)
        if not drawn and s.recruits["french"]:
            fail("drawn", "no card is flipped yet", RULE)

    def actor(self, s: State, f: Frame) -> str:
        return actor(s, f) if s.recruits["french"] else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        return f"the French automaton plays {s.deck.card(s.recruits['french'][0]).name}"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return moves(s, f)

    def managed(self, s: State, f: Frame) -> Move:
        return managed(s, f)

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return explain(s, f, m)

    def step(self, s: State, f: Frame, log: Log) -> None:
        if not f["drawn"]:
            f["drawn"] = True
            emit(log, f["rule"], "the French flip the top card of their deck")
            s.pending.append(draw_frame("french", 1, "flip"))
        else:  # the deck was empty (only in a position set up so)
            s.pending.pop()

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        note(s, f, m, log)
        s.pending.pop()
        s.recruits["french"].remove(m["card"])
        play_card(s, "french", m, log, f["rule"])
        played_from_deck(s, log)


__all__ = ["OPTION", "automated", "card_frame", "flip_frame", "on", "played_from_deck", "who"]


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Flip)
