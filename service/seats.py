"""Seats (docs/trust.md, "Seats"): in strict mode, who may make a move.

NewGame hands each player a seat token (``trust.Trust.seat_token``). A request that makes moves
(Apply, Validate, Decide) carries the tokens its caller holds (``seat`` and ``seats``); ``Seats``
is what they prove, and ``Seats.check`` is the one rule every such call applies before each of
its moves is judged:

* a move of a side (``gov``, ``fln``; INSURGENT's ``fln``, ``french``) needs that side's seat;
* any other move (``chance`` in external chance mode, where the players report the physical
  cards and dice at their common table, or a move after the game's end) needs a seat of the game;
* a bot (``Seats.check_bot``) moves for a side only when the game makes that side a
  non-player (Colonial Twilight's ``fln_bot`` option, 8.6, or ``gov_bot`` for the Government
  bot; INSURGENT's ``french_bot``, the Solo Variant: then any seat of the game will do), or
  with that side's own seat.

So a player never extends the game for the other, and no verdict on the other side's move — which
may turn on that side's hidden information, such as a Deception marker it holds (7.3) — is given
to a caller without that side's seat: the move is refused (``bad_seat``, with its ``move_index``)
before it is judged.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import games
from .errors import ServiceError

SIDES = ("gov", "fln")


@dataclass(frozen=True)
class Seats:
    roles: frozenset[str]  # the sides whose seat tokens the request carries

    @staticmethod
    def key(seats: Seats | None) -> tuple[list[str], ...]:
        """What of the seats a cached answer depends on (nothing when seats are not checked)."""
        return () if seats is None else (sorted(seats.roles),)

    def check(self, s: games.State, index: int) -> ServiceError | None:
        """Whether the caller may make the move about to be made from ``s``: None, or the
        ``bad_seat`` refusal naming the move (``index``) and the seat it needs."""
        game = games.of_state(s)
        actor = game.rules.to_move(s)
        if actor in game.sides:
            if actor in self.roles:
                return None
            need = f"is the {actor}'s: it needs the {actor} seat token"
        else:
            if self.roles:
                return None
            need = f"({actor or 'after the end of the game'}) needs a seat token"
        return ServiceError("bad_seat", f"strict mode: move {index} {need} of this game"
                            " (seat or seats: NewGameResponse.seats)", field="seats",
                            move_index=index)

    def check_bot(self, s: games.State, side: str) -> ServiceError | None:
        """Whether the caller may have the bot of ``side`` move from ``s``: None, or the
        ``bad_seat`` refusal."""
        if not self.roles:
            return ServiceError("bad_seat", "strict mode: the bot moves only for a caller holding"
                                " a seat token of this game (seat or seats)", field="seats")
        game = games.of_state(s)
        if game.rules.to_move(s) != side or side in self.roles or side in game.non_players(s):
            return None
        rule = ", 8.6" if game is games.COLONIAL_TWILIGHT and side == "fln" else ""
        return ServiceError("bad_seat", f"strict mode: the {side} is a player of this game (no"
                            f" {side}_bot option{rule}): the bot moves for it only with the"
                            f" {side} seat token", field="seats")
