"""Gameplay and Play a Turn: "The FLN player takes the first turn, then players alternate taking
turns until the end of the game is triggered." Each turn has three parts: PLAY A CARD (play.py),
TAKE ACTIONS (actions.py), DRAW CARDS: "if the player has no cards in hand, they draw five new
cards. Otherwise, skip this step."

The ``game`` decision (automatic, the bottom of every stack) runs the set-up, then starts each
turn – or, once the player given the last turn by ATTRITION has taken it, the final scoring. The
``turn`` decision is its player's choice of a card (``{"t": "play", ...}``), then automatic.

Solo Variant (option ``french_bot``, insurgent.solo): the French have no hand. Their turn flips
the top card of their deck ("To take a turn for the French, flip a card from the top of their
faction deck"), draws nothing at its end, and never starts ATTRITION: their game ends when their
deck runs out (``solo.played_from_deck``).
"""

from __future__ import annotations

from referee_core.checks import check_choice, check_obj, fail

from .board import who
from .chance import draw_frame
from .deck import SIDES
from .ending import final_scoring, played_last_card
from .machine import AutoFrame, Frame, FrameType, Log, Move, State, emit, register
from .play import play_card, play_moves
from .setup import deal
from .solo import flip_frame
from .solo import on as solo
from .state import other

RULE = "Play a Turn"
STEPS = ("play", "draw", "end")


class Game(AutoFrame[State]):
    kind = "game"
    rule = "Gameplay"
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "stage"))
        stage = check_choice(f["stage"], "stage", ("setup", "turns"))
        if stage == "setup" and s.active is not None:
            fail("stage", "a turn has begun: the set-up is over")

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["stage"] == "setup":
            f["stage"] = "turns"
            deal(s, log)
            return
        if s.active is not None and s.active == s.final_turn:
            final_scoring(s, log)
            return
        side = "fln" if s.active is None else other(s.active)
        s.active = side
        s.turn += 1
        emit(log, "Gameplay", f"turn {s.turn}: {who(side)} turn"
             + (" (the last, ATTRITION)" if side == s.final_turn else ""), side=side)
        s.pending.append({"k": "turn", "who": side, "step": "play"})


class Turn(FrameType[State]):
    kind = "turn"
    below = ("game",)
    rule = RULE
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "step"))
        if check_choice(f["who"], "who", SIDES) != s.active:
            fail("who", f"it is the {who(s.active or 'fln')} turn")
        check_choice(f["step"], "step", STEPS)

    def actor(self, s: State, f: Frame) -> str:
        return str(f["who"]) if f["step"] == "play" and s.hands[f["who"]] else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        return "play a card from your hand"

    def moves(self, s: State, f: Frame) -> list[Move]:
        side = f["who"]
        return [m for c in s.hands[side] for m in play_moves(s, side, c)]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        side = f["who"]
        s.hands[side].remove(m["card"])
        f["step"] = "draw"
        play_card(s, side, m, log, "Play a Turn 1")

    def step(self, s: State, f: Frame, log: Log) -> None:
        side = f["who"]
        bot = side == "french" and solo(s)  # Solo Variant: the French have no hand
        if f["step"] == "play":
            f["step"] = "draw"
            if bot:  # FRENCH TURNS: "flip a card from the top of their faction deck"
                s.pending.append(flip_frame("Solo Variant"))
            else:  # no card in hand (only in a position set up so)
                emit(log, "Play a Turn 1", f"{who(side)} has no card to play", side=side)
        elif f["step"] == "draw":
            f["step"] = "end"
            if not s.hands[side] and s.final_turn != side and not bot:
                s.pending.append(draw_frame(side, 5))
        else:
            if not bot:  # the automaton's end is its deck running out (solo.played_from_deck)
                played_last_card(s, side, log)
            s.pending.pop()


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Game)
register(Turn)
