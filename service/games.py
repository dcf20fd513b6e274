"""The games the referee serves, and the ONE place that tells them apart.

A ``Game`` names a rules engine (a module with the public API of ``engine``: ``new_game``,
``to_move``, ``prompt``, ``legal_moves``, ``apply``, ``to_json``, ``from_json``, ``view``) and
what the service needs beside it: the schema of its state documents, its labels, its board
picture, its catalogue, the hidden part of its states (sealed by ``trust``), its bots (side ->
decide function, served by Decide / DecideGov and played by the arena) and the calls that
have no meaning for it. ``NewGame`` (and a replay's start) names a game (``colonial_twilight`` by
default); every other call recognises it from the state's ``schema``. A third game is one more
entry in ``GAMES``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import algeria
import algeria.bots
import algeria.catalog
import algeria.labels
import algeria.moves
import algeria.render
import algeria.serial
import algeria.setup
import engine
import engine.bot
import engine.catalog
import engine.data
import engine.govbot
import engine.labels
import engine.moves
import engine.preview
import engine.render
import engine.scenarios
import engine.serial
import engine.validate
import engine.victory
import referee_core.rng
from referee_core.jsontext import dumps

from ct_referee_proto.v1 import referee_pb2 as pb

from .convert import document_view, view_to_proto
from .errors import ServiceError

State = Any  # engine.State | algeria.State: each game's own
# A side's bot: ``decide(state, seed, *, deadline=None) -> (moves, state_after, trace)``, the
# moves it makes until another actor decides (none when its side is not to act); the deadline is
# a ``time.monotonic()`` instant past which it raises OutOfBudget.
BotFn = Callable[..., tuple[list[dict[str, Any]], Any, list[Any]]]


@dataclass(frozen=True)
class Game:
    name: str                   # as NewGameRequest.game says it
    title: str
    schema: str                 # the prefix of its state documents' "schema"
    rules: ModuleType           # the engine's public API
    state_type: type
    move_labels: Callable[[State, list[dict[str, Any]]], list[str]]
    move_label: Callable[[State, dict[str, Any]], str]
    log_label: Callable[[dict[str, Any]], str]
    render: Callable[[State, str, bool], str]  # state, role, compact
    # a view (``view``) as the contract's View of ``role``
    view_message: Callable[[dict[str, Any], str], pb.View]
    catalog: Callable[[], dict[str, Any]]   # the catalogue document, with its "version"
    options: tuple[str, ...]    # the options NewGame takes for it (GameOptions' fields)
    # its move vocabulary: each kind ``t`` -> the other fields its moves carry (docs/moves.md)
    moves: dict[str, tuple[str, ...]]
    # the state fields a sealed state hides (dotted paths: ``trust.split``)
    hidden: tuple[str, ...]
    # the current card of a state (Colonial Twilight), or None: Replay's "card" checkpoints
    card: Callable[[State], int | None]
    # the point of a game a Replay with every = "card" marks: a new card, or a new turn
    chapter: Callable[[State], Any]
    # an engine-made state before it is returned: the State its ``from_json`` reads from its
    # text (StateError when the validator rejects it); validated again when told
    # (``--check-issued always``) unless the engine's ``apply`` validated this very state
    check_issued: Callable[[State, bool], State]
    # a state this engine build validated and signed, read without validating it again
    # (docs/trust.md)
    from_trusted_json: Callable[[str], State]
    # calls that have no meaning for this game -> why (answered ``wrong_game``)
    unsupported: dict[str, str] = field(default_factory=dict)
    # the sides a state's options give to a non-player, whom any player of the game may have the
    # bot move for (docs/trust.md, "Seats"); a side not listed is a player's, moved for only
    # with that player's seat
    non_players: Callable[[State], tuple[str, ...]] = field(default=lambda s: ())
    # each listed move's cost and certain effect, or None (docs/moves.md, "Cost and effect");
    # a game without previews lists none
    move_previews: Callable[[State, list[dict[str, Any]]], list[dict[str, Any] | None]] = field(
        default=lambda s, ms: [])
    # the length every sealed hidden part of the game is padded to (docs/trust.md, "Sealed"):
    # that of the longest hidden part a valid state can have, so that no hidden quantity (a
    # Deception marker, the deck's order, a set-aside card) moves the length of ``sealed``
    sealed_size: int = 0
    # each side's bot (``BotFn``), by side; a side not listed has none (Decide answers wrong_game)
    bots: dict[str, BotFn] = field(default_factory=dict)

    @property
    def root(self) -> Path:
        """The engine's package directory (its code and data make the referee's fingerprint)."""
        return Path(str(self.rules.__file__)).resolve().parent

    def view(self, s: State, role: str) -> dict[str, Any]:
        """The engine's view of ``role``, its legal moves labelled (``labels``)."""
        v: dict[str, Any] = self.rules.view(s, role)
        if "labels" not in v:
            v["labels"] = self.move_labels(s, v.get("legal_moves") or [])
        return v

    def check_options(self, options: dict[str, Any], where: str = "options") -> None:
        """``invalid_argument`` naming an option of another game (the engine names the rest)."""
        for k in options:
            if k not in self.options:
                other = [g.title for g in GAMES.values() if k in g.options]
                whose = f"an option of {other[0]}, not of {self.title}" if other else "unknown"
                raise ServiceError("invalid_argument", f"{k} is {whose}; {self.title}'s options:"
                                   f" {sorted(self.options)}", field=f"{where}.{k}")

    def check(self, call: str, field_name: str = "state") -> None:
        """``wrong_game`` (naming ``field_name``) when ``call`` has no meaning for this game."""
        why = self.unsupported.get(call)
        if why is not None:
            raise ServiceError("wrong_game", f"{call} is not for {self.title}: {why}",
                               field=field_name)


def _longest_rng() -> dict[str, int]:
    """The generator state of the longest text (referee_core.rng.check_state: 0..2^64-1 each)."""
    return {"counter": referee_core.rng.MASK, "seed": referee_core.rng.MASK}


def _ct_sealed_size() -> int:
    """The longest hidden part of a Colonial Twilight state (``trust.split``): the largest
    scenario's draw deck and set-aside Event cards (10.0), each card of the longest number;
    both players' two Deception markers (7.3), each of the longest name; the generator state of
    the longest numbers. ``tests/service/test_sealed_length.py`` holds every state to it."""
    decks = [sc["deck"] for sc in engine.data.SCENARIOS.values()]
    card = max(engine.data.CARDS)
    marker = max(engine.victory.DECEPTION_MARKERS, key=len)
    worst = {"cards.deck": [card] * max(d["draw_deck_size"] for d in decks),
             "cards.set_aside": [card] * max(d["event_cards_set_aside"] for d in decks),
             "deception": {side: {"held": [marker, marker], "used": []}
                           for side in ("gov", "fln")},
             "rng": _longest_rng()}
    return len(dumps(worst).encode())


def _non_players(s: State) -> tuple[str, ...]:
    """The sides whose ``{side}_bot`` option is set. Colonial Twilight: ``fln_bot`` (8.6) and
    ``gov_bot`` (engine.govbot, docs/gov-bot.md); Algeria: both (docs/algeria/bots.md)."""
    return tuple(side for side in ("gov", "fln") if s.options.get(f"{side}_bot"))


def _ct_gov_bot(s: engine.State, seed: int, *, deadline: float | None = None
                ) -> tuple[list[dict[str, Any]], engine.State, list[Any]]:
    """The Government bot (``engine.govbot.decide``), in the FLN bot's shape; it has no deadline
    of its own (a decision takes tens of milliseconds, docs/gov-bot.md)."""
    d = engine.govbot.decide(s, seed)
    return d.moves, d.state, d.trace


def _ct_card(s: engine.State) -> int | None:
    card = s.cards.get("current")
    return card if isinstance(card, int) else None


COLONIAL_TWILIGHT = Game(
    name="colonial_twilight", title="Colonial Twilight", schema="ct-state/", rules=engine,
    state_type=engine.State, move_labels=engine.labels.move_labels,
    move_label=engine.labels.move_label, log_label=engine.labels.log_label,
    render=engine.render.render, view_message=view_to_proto, catalog=engine.catalog.catalog,
    options=tuple(engine.scenarios.OPTION_DEFAULTS), moves=engine.moves.MOVES,
    hidden=("cards.deck", "cards.set_aside", "rng", "deception"),
    card=_ct_card, chapter=_ct_card, check_issued=engine.validate.check_issued,
    from_trusted_json=engine.serial.from_trusted_json, non_players=_non_players,
    move_previews=engine.preview.move_previews,
    sealed_size=_ct_sealed_size(), bots={"fln": engine.bot.decide, "gov": _ct_gov_bot})

ALGERIA = Game(
    name="algeria", title="Algeria", schema="algeria-state/", rules=algeria,
    state_type=algeria.State, move_labels=algeria.labels.move_labels,
    move_label=algeria.labels.move_label, log_label=algeria.labels.log_label,
    render=algeria.render.render, view_message=partial(document_view, "algeria"),
    catalog=algeria.catalog.catalog,
    options=tuple(algeria.setup.OPTION_DEFAULTS), moves=algeria.moves.MOVES, hidden=("rng",),
    card=lambda s: None,
    chapter=lambda s: s.turn,
    check_issued=algeria.serial.check_issued,
    from_trusted_json=algeria.serial.from_trusted_json,
    sealed_size=len(dumps({"rng": _longest_rng()}).encode()),
    non_players=_non_players, bots=dict(algeria.bots.BOTS),
    unsupported={
        "Positions": "a position from a board is Colonial Twilight's (docs/positions.md); an"
                     " Algeria position is its state document (algeria-state/1: nothing but"
                     " the dice is hidden), which every other call takes as the state",
    })

GAMES: dict[str, Game] = {g.name: g for g in (COLONIAL_TWILIGHT, ALGERIA)}
DEFAULT = COLONIAL_TWILIGHT

# The first "schema" of a document: a state's is at its top level (neither game's states hold
# another key of that name), so the first one found is the state's.
_SCHEMA = re.compile(r'"schema"\s*:\s*"([^"\\]{0,64})"')


def by_name(name: str, field_name: str = "game") -> Game:
    """The game a request names ("" = the default, Colonial Twilight)."""
    if not name:
        return DEFAULT
    game = GAMES.get(name)
    if game is None:
        raise ServiceError("invalid_argument", f"unknown game {name!r}; known: {sorted(GAMES)}",
                           field=field_name)
    return game


def of_schema(schema: Any) -> Game:
    """The game whose state documents have this ``schema``; Colonial Twilight for any other
    value (its validator then names the problem)."""
    for g in GAMES.values():
        if isinstance(schema, str) and schema.startswith(g.schema):
            return g
    return DEFAULT


def of_text(text: str) -> Game:
    """The game of a state document, by its ``schema`` (``of_schema``)."""
    m = _SCHEMA.search(text)
    return of_schema(m.group(1) if m is not None else None)


def of_state(s: State) -> Game:
    """The game of a parsed state."""
    for g in GAMES.values():
        if isinstance(s, g.state_type):
            return g
    raise TypeError(f"not a state of a served game: {type(s).__name__}")
