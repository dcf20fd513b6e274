"""The games the referee serves, and the ONE place that tells them apart.

A ``Game`` names a rules engine (a module with the public API of ``engine``: ``new_game``,
``to_move``, ``prompt``, ``legal_moves``, ``apply``, ``to_json``, ``from_json``, ``view``) and
what the service needs beside it: the schema of its state documents, its labels, its board
picture, its catalogue, the hidden part of its states (sealed by ``trust``), its bots (side ->
decide function, served by Decide / DecideGov and played by the arena) and the calls that
have no meaning for it. Every game is played between the FLN and the side fighting it, its
``counter`` side (Colonial Twilight's and Algeria's Government, INSURGENT's French): Decide is
the FLN's bot, DecideGov the counter side's. ``NewGame`` (and a replay's start) names a game
(``colonial_twilight`` by default); every other call recognises it from the state's ``schema``. A third game is one more
entry in ``GAMES``: *INSURGENT: Algeria* (``insurgent``), set up from a deck file.
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
import insurgent
import insurgent.bots
import insurgent.catalog
import insurgent.deck
import insurgent.labels
import insurgent.moves
import insurgent.records
import insurgent.render
import insurgent.setup
import referee_core.rng
from referee_core.errors import BadRequest
from referee_core.jsontext import dumps

from ct_referee_proto.v1 import referee_pb2 as pb

from .convert import document_view, view_to_proto
from .errors import ServiceError
from .moves import private

State = Any  # engine.State | algeria.State | insurgent.State: each game's own
Setup = Callable[[str, int, dict[str, Any], Any], State]
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
    # the two sides, whose seats NewGame hands out (docs/trust.md, "Seats")
    sides: tuple[str, ...] = ("gov", "fln")
    # a game set up from a deck file: (scenario, seed, options, deck) -> State (the deck None:
    # the game's own); None: ``rules.new_game(scenario, seed, options)``, and a deck is refused
    setup: Setup | None = None
    # the scenario an empty ``scenario`` means ("": one is required)
    default_scenario: str = ""
    # whether a listed legal move may be shown only to the player to move (its own LegalMoves
    # and view), since it names what only that player sees
    private_move: Callable[[dict[str, Any]], bool] = private
    # each side's bot (``BotFn``), by side; a side not listed has none (Decide answers wrong_game)
    bots: dict[str, BotFn] = field(default_factory=dict)
    # the side fighting the FLN, whose bot DecideGov serves (docs/api.md, "Bots")
    counter: str = "gov"

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

    def scenario_of(self, scenario: str, has_deck: bool, where: str = "") -> str:
        """The scenario a start names (``default_scenario`` when empty); ``invalid_argument``
        naming the field (``where`` + scenario, deck) when there is none or the game takes no
        deck."""
        if has_deck and self.setup is None:
            decked = [g.title for g in GAMES.values() if g.setup is not None]
            raise ServiceError("invalid_argument", f"{self.title} is not played from a deck file"
                               f" (a deck is for {', '.join(decked)})", field=f"{where}deck")
        scenario = scenario or self.default_scenario
        if not scenario:
            raise ServiceError("invalid_argument", "scenario is required",
                               field=f"{where}scenario")
        return scenario

    def new_game(self, scenario: str, seed: int, options: dict[str, Any],
                 deck: Any = None) -> State:
        """The game set up as NewGame sets it up (the engine's BadRequest names the field)."""
        if self.setup is not None:
            return self.setup(scenario, seed, options, deck)
        return self.rules.new_game(scenario, seed, options)

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


def _non_players(s: State, sides: tuple[str, ...] = ("gov", "fln")) -> tuple[str, ...]:
    """The sides whose ``{side}_bot`` option is set. Colonial Twilight: ``fln_bot`` (8.6) and
    ``gov_bot`` (engine.govbot, docs/gov-bot.md); Algeria: both (docs/algeria/bots.md);
    INSURGENT: ``french_bot``, the Solo Variant's automated French (its FLN is always a
    player)."""
    return tuple(side for side in sides if s.options.get(f"{side}_bot"))


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



def _insurgent_setup(scenario: str, seed: int, options: dict[str, Any], deck: Any) -> State:
    """INSURGENT has one game, ``standard`` (insurgent.catalog.SCENARIO); ``deck`` a deck
    file's data, or None: the demonstration deck."""
    if scenario != insurgent.catalog.SCENARIO:
        raise BadRequest("scenario", f"INSURGENT has one scenario,"
                         f" {insurgent.catalog.SCENARIO!r} (not {scenario[:40]!r})")
    return insurgent.new_game(deck, seed, options)


def _insurgent_sealed_size() -> int:
    """The longest hidden part of an INSURGENT state (``insurgent.records.HIDDEN``): every card
    id of the longest number in each of the hidden places at once (both hands, decks, RECRUIT
    draws, the FLN's fronts, face down: more than any state holds, since each card is in one
    place), the deepest stack of decisions the game makes (``_deepest_pending``) and the generator
    state of the longest numbers. ``tests/service/test_sealed_length.py`` holds states to it."""
    card = insurgent.deck.CARDS   # the longest id
    ids = [card] * insurgent.deck.PER_FACTION
    worst = {
        "hands": {side: ids for side in insurgent.deck.SIDES},
        "decks": {side: {"pool": ids, "bottom": ids} for side in insurgent.deck.SIDES},
        "recruits": {side: ids for side in insurgent.deck.SIDES},
        "fronts.fln": {f: [{"card": card, "up": False}] * insurgent.deck.PER_FACTION
                       for f in insurgent.deck.FRONTS},
        "pending": _deepest_pending(),
        "rng": _longest_rng()}
    return len(dumps(worst).encode())


def _deepest_pending() -> list[dict[str, Any]]:
    """A stack longer than any the game makes: the game, a turn, a card's actions, an action,
    a RECRUIT's choice and the card it plays, a JAILBREAK's card again, a BOMB and its roll, and
    each draw; every number of the longest, every name of the longest."""
    n = insurgent.deck.CARDS
    act = max(insurgent.deck.ACTIONS, key=len)
    front = max(insurgent.deck.FRONTS, key=len)
    card = {"k": "card", "who": "french", "card": n, "i": 8, "live": False}
    return [{"k": "game", "stage": "attrition"},
            {"k": "turn", "who": "french", "step": "draw"},
            card, {"k": "act", "who": "french", "card": n, "action": act},
            {"k": "recruit", "who": "french"}, card,
            {"k": "act", "who": "french", "card": n, "action": act}, card,
            {"k": "act", "who": "french", "card": n, "action": act},
            {"k": "bomb", "who": "french", "left": 2, "hits": 12,
             "x": {"front": front, "pos": n, "card": n}},
            {"k": "roll", "purpose": "BOMB die 2 of 2 (a 3: roll again)", "who": "french"},
            {"k": "draw", "who": "french", "n": 5, "into": "recruits"},
            {"k": "mulligan", "who": "french"}] * 2


def _insurgent_french_bot(s: insurgent.State, seed: int, *, deadline: float | None = None
                          ) -> tuple[list[dict[str, Any]], insurgent.State, list[Any]]:
    """The automated French of the Solo Variant (``insurgent.bots.decide``, docs/insurgent/
    solo.md), in the common bot shape; each of its decisions is one legal move found at once,
    so it needs no deadline of its own."""
    d = insurgent.bots.decide(s, seed)
    return d.moves, d.state, d.trace


def _insurgent_private(m: dict[str, Any]) -> bool:
    """A card played from the hand or a RECRUIT's draw names a card only its player sees."""
    return m.get("t") == "play"


INSURGENT = Game(
    name="insurgent", title="INSURGENT: Algeria", schema="insurgent-state/", rules=insurgent,
    state_type=insurgent.State, move_labels=insurgent.labels.move_labels,
    move_label=insurgent.labels.move_label, log_label=insurgent.labels.log_label,
    render=insurgent.render.render,
    view_message=partial(document_view, "insurgent"), catalog=insurgent.catalog.catalog,
    options=tuple(insurgent.setup.OPTION_DEFAULTS), moves=insurgent.moves.MOVES,
    hidden=insurgent.records.HIDDEN,
    card=lambda s: None, chapter=lambda s: s.turn,
    check_issued=lambda s, always: insurgent.from_json(insurgent.to_json(s)),
    # no unchecked reading yet: a signed INSURGENT state is validated like any other
    from_trusted_json=insurgent.from_json, sealed_size=_insurgent_sealed_size(), sides=("fln", "french"), setup=_insurgent_setup,
    default_scenario=insurgent.catalog.SCENARIO, private_move=_insurgent_private,
    bots={"french": _insurgent_french_bot}, counter="french",
    non_players=partial(_non_players, sides=("french",)),
    unsupported={
        "Decide": "INSURGENT's FLN is always a player; its bot is the Solo Variant's automated"
                  " French (DecideGov, option french_bot)",
        "Positions": "a position from a board is Colonial Twilight's (docs/positions.md); an"
                     " INSURGENT position is its state document (insurgent-state/1)",
    })


GAMES: dict[str, Game] = {g.name: g for g in (COLONIAL_TWILIGHT, ALGERIA, INSURGENT)}
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
