"""The referee a game is played on: the engine in this process, or a running referee service.

Both give the runner the same ``Position`` (actor to move, prompt, legal moves, a role's view,
the canonical state text) and the same failure, ``Refused`` (an illegal move, with its rule),
for every game the referee serves (service.games: Colonial Twilight, the default, Algeria and
INSURGENT).
Chance is managed: the game's seed decides every draw and die (docs/chance.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import engine
from ct_referee_client import RETRY_FOR, RefereeError, move_dict
from ct_referee_client import connect as connect_client
from engine.records import StateLike
from engine.state import Move
from service.games import GAMES, Game, by_name
from service.jsonmap import struct_dict, to_dict
from service.moves import private

from .games import DEFAULT


class Refused(Exception):
    """The referee refused a move (the reason and the rule it cites)."""

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(reason + (f" (rule {rule})" if rule else ""))
        self.reason = reason
        self.rule = rule


@dataclass
class Position:
    """A game position as the runner sees it. ``view`` asks the referee for a role's view only
    when an agent wants it, ``labels`` the legal moves' labels (engine.labels) likewise;
    ``handle`` is the referee's own state (the game's State or a GameState); ``document`` the
    state as a record's checkpoint reads it (engine.records.StateLike); ``game`` its game."""

    to_move: str | None
    prompt: str
    legal_moves: list[Move]
    result: dict[str, Any] | None
    handle: Any
    document: StateLike
    _view: Callable[[str], dict[str, Any]] = field(repr=False)
    _labels: Callable[[], list[str]] = field(repr=False)
    game: str = DEFAULT

    def view(self, role: str) -> dict[str, Any]:
        return self._view(role)

    def labels(self) -> list[str]:
        return self._labels()


class Referee(Protocol):
    address: str

    def new_game(self, scenario: str, seed: int, options: dict[str, Any],
                 game: str = DEFAULT) -> Position: ...
    def apply(self, pos: Position, move: Move) -> Position: ...
    def bot(self, pos: Position, side: str, seed: int) -> list[Move]: ...
    def close(self) -> None: ...


def view_document(game: Game, s: Any, role: str) -> dict[str, Any]:
    """A role's view as the service writes it (the REST form of the contract's View), so an
    agent sees the same document whichever referee runs the game."""
    return to_dict(game.view_message(game.view(s, role), role))


class LocalReferee:
    """The game's engine in this process (``engine``, ``algeria``: service.games)."""

    address = "local"

    def _position(self, game: Game, s: Any) -> Position:
        rules = game.rules
        actor = rules.to_move(s)
        legal = rules.legal_moves(s) if actor else []
        # a record's checkpoint reads a Colonial Twilight State itself, another game's document
        doc = s if game.rules is engine else s.to_data()
        return Position(actor, rules.prompt(s) if actor else "", legal, s.result, s, doc,
                        lambda role: view_document(game, s, role),
                        lambda: game.move_labels(s, legal), game.name)

    def new_game(self, scenario: str, seed: int, options: dict[str, Any],
                 game: str = DEFAULT) -> Position:
        g = by_name(game)
        try:
            s = g.new_game(scenario, seed, options)
        except engine.BadRequest as e:
            raise ValueError(f"the referee refused the game: {e}") from None
        return self._position(g, s)

    def apply(self, pos: Position, move: Move) -> Position:
        game = GAMES[pos.game]
        try:
            s, _ = game.rules.apply(pos.handle, move)
        except engine.IllegalMove as e:
            raise Refused(e.reason, e.rule) from None
        except engine.BadRequest as e:
            raise Refused(str(e)) from None
        return self._position(game, s)

    def bot(self, pos: Position, side: str, seed: int) -> list[Move]:
        """The moves of ``side``'s bot of the position's game (service.games.Game.bots)."""
        moves, _, _ = GAMES[pos.game].bots[side](pos.handle, seed)
        return moves

    def close(self) -> None:
        pass


class ServiceReferee:
    """A running referee service (``http://…`` REST or ``grpc://…``), through the Python
    client: every move of every game goes through the stateless service."""

    def __init__(self, url: str, retry_for: float = RETRY_FOR) -> None:
        self.address = url
        self.client = connect_client(url, retry_for=retry_for)

    def _position(self, r: Any, game: str) -> Position:
        """From a NewGame or Apply response (NewGame has no result: a new game is not over).
        In a game whose moves may name what only the player to move sees (INSURGENT: a card
        of the hand, ``Game.private_move``), the answer lists those moves to no one: the
        legal moves are then asked for as the player to move (LegalMoves with its role)."""
        state = r.state
        over = "result" in r.DESCRIPTOR.fields_by_name and r.HasField("result")
        result = struct_dict(r.result) if over else None
        listed = r.legal_moves
        if r.to_move in GAMES[game].sides and GAMES[game].private_move is not private:
            listed = self.client.legal_moves(state, role=r.to_move).legal_moves
        labels = [m.label for m in listed]
        return Position(r.to_move or None, r.prompt, [move_dict(m) for m in listed],
                        result, state, str(state.json),
                        lambda role: to_dict(self.client.view(state, role)), lambda: labels,
                        game)

    def new_game(self, scenario: str, seed: int, options: dict[str, Any],
                 game: str = DEFAULT) -> Position:
        try:
            r = self.client.new_game(scenario, seed, options, game=game)
        except RefereeError as e:
            raise ValueError(f"the referee refused the game: {e}") from None
        if r.state.sealed:  # the deal would be the referee's, not the committed seed's
            raise ValueError("the referee seals its states (the default of ct-referee serve):"
                             " it deals from its own seed, so a match's committed seed would"
                             " not replay its records; serve the match's referee with --no-seal")
        return self._position(r, game)

    def apply(self, pos: Position, move: Move) -> Position:
        try:
            return self._position(self.client.apply(pos.handle, move), pos.game)
        except RefereeError as e:
            if e.code in ("illegal_move", "invalid_argument"):
                raise Refused(e.message, e.rule) from None
            raise

    def bot(self, pos: Position, side: str, seed: int) -> list[Move]:
        """The moves of ``side``'s bot as the service answers them (FlnBot/Decide for the FLN,
        GovBot/DecideGov for the side fighting it: the Government, INSURGENT's French); they go
        to the service again like any agent's."""
        decide = self.client.decide if side == "fln" else self.client.decide_gov
        return [move_dict(m) for m in decide(pos.handle, seed).moves]

    def close(self) -> None:
        self.client.close()


def connect(url: str | None, retry_for: float = RETRY_FOR) -> Referee:
    """``None`` or ``local``: the engine here; ``http://…`` or ``grpc://…``: a service (its
    requests sent again for ``retry_for`` seconds while it cannot be reached)."""
    if url in (None, "", "local"):
        return LocalReferee()
    if not url.startswith(("http://", "https://", "grpc://")):
        raise ValueError(f"--referee {url!r}: use http://host:port, grpc://host:port or local")
    return ServiceReferee(url, retry_for)


# Seconds a referee named for a ladder is given to answer before it starts (``check``): a
# wrong address is said at once; a referee that stops answering in a run is waited for longer
# (the client's RETRY_FOR: a restart takes a few seconds).
CHECK_RETRY_FOR = 2.0


def check(url: str | None) -> None:
    """``ValueError`` naming the address unless a referee answers there (before a ladder)."""
    ref = connect(url, CHECK_RETRY_FOR)
    try:
        if isinstance(ref, ServiceReferee):
            ref.client.list_scenarios()
    except (RefereeError, OSError) as e:
        raise ValueError(f"--referee {url}: no referee answers there ({e})") from None
    finally:
        ref.close()
