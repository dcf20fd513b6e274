"""The one application core behind both transports.

Each operation takes a request message of the contract and returns its response message; failures
are ``ServiceError``. The transports (``rest``, ``grpc_server``) only convert to and from the wire
and map ``ServiceError.code`` through ``errors.STATUS``: no rule is decided there, and none here
either — every rule question is the engine's.

Every operation is deterministic, and cached in three tiers:

* ``handle`` answers a request whose encoded bytes this process answered before with the same
  encoded response (``responses``), without decoding or running it;
* the result cache (``cache``: Redis or an in-process LRU) keeps plain results under a hash of the
  engine version, the operation, the state document (with its hidden part, when sealed), the
  request and the sealing mode; the response is built from a record the same way on a hit and on a
  miss;
* the states this process returned (or parsed) are kept parsed (``states``), so that the next
  request on one of them skips parsing and validating it again; a returned state is one the
  engine made from a state it validated (or checked again before it is returned, see
  ``_checked_record``), so the tier holds only states ``engine.from_json`` accepts.

None of them holds anything a request depends on: nothing about a game is kept between requests.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from google.protobuf.message import Message

import engine
import referee_core
from engine.positions import build as build_position
from referee_core.jsontext import dumps
from ct_referee_proto.v1 import referee_pb2 as pb

from . import catalog, games
from .cache import Cache, SizedLRU, make_cache
from .config import Config
from .convert import log_to_proto, options_to_engine, struct_to_plain, view_to_proto
from .errors import ServiceError, internal
from .fln_bot import find_bot
from .games import Game
from .jsonmap import fill
from .metrics import Metrics
from .forks import Successors
from .moves import MoveError, move_to_engine, moves_from_engine, private
from .records import check_record
from .replay import replay
from .responses import ResponseCache
from .seats import Seats
from .trust import GameRef, Opened, Trust, seed_commitment, split

Record = dict[str, Any]
BotFn = games.BotFn  # engine.bot.decide's shape: (state, seed, *, deadline=None)


def engine_fingerprint() -> str:
    """engine.VERSION plus a hash of the code and data of every game's engine
    (``games.GAMES``) and of what they share (``referee_core``), so that replicas sharing a
    Redis never serve each other results of different rules (even without a version bump)."""
    h = hashlib.sha256(engine.VERSION.encode())
    roots = [("referee_core", Path(referee_core.__file__).parent)]
    for name, root in roots + [(game.name, game.root) for game in games.GAMES.values()]:
        h.update(name.encode() + b"\x00")
        for p in sorted(root.rglob("*")):
            if p.suffix in (".py", ".json") and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(root)).encode() + b"\x00" + p.read_bytes())
    return f"{engine.VERSION}+{h.hexdigest()[:16]}"


@dataclass
class Call:
    """Per-request context: the time limit, and what the cache did (for X-Cache / x-cache)."""

    deadline: float
    cache: str = "none"  # "hit" | "miss" | "none"

    def check(self) -> None:
        """The per-request time limit, checked between units of engine work (cooperative)."""
        if time.monotonic() > self.deadline:
            raise ServiceError("deadline_exceeded", "the request took longer than the referee's"
                               " per-request time limit")


class Core:
    def __init__(self, config: Config | None = None, cache: Cache | None = None,
                 bot: BotFn | None | str = "auto", metrics: Metrics | None = None) -> None:
        self.config = config or Config()
        self.metrics = metrics or Metrics()
        c = self.config
        self.fingerprint = engine_fingerprint()
        self.trust = Trust(c.secret, strict=c.strict, seal=c.seal, fingerprint=self.fingerprint)
        self.cache = cache or make_cache(c.redis_url, c.cache_size, c.cache_ttl, c.redis_timeout,
                                         c.redis_retry, stats=self.metrics, codec=self.trust)
        registry = c.anti_fork_redis_url or c.redis_url
        self.successors = (Successors(registry, c.game_ttl, c.redis_timeout)
                           if c.anti_fork and registry else None)
        self.responses = ResponseCache(c.response_cache_mb << 20, stats=self.metrics)
        # by the size of the documents (a parsed state takes a few times its document's size)
        self.states: SizedLRU[tuple[str, str | None], games.State] = SizedLRU(
            c.state_cache_mb << 20, lambda key, s: len(key[0]) + len(key[1] or ""), largest=8)
        self.bot: BotFn | None = find_bot() if bot == "auto" else bot  # type: ignore[assignment]
        # each game's bots by side (games.Game.bots); ``bot`` is Colonial Twilight's FLN
        self.bots = {g.name: dict(g.bots) for g in games.GAMES.values()}
        if self.bot is not None:
            self.bots[games.DEFAULT.name]["fln"] = self.bot
        self._seal_tag = "s1" if c.seal else "s0"

    # -- plumbing --------------------------------------------------------------------------------

    @property
    def bot_available(self) -> bool:
        return self.bot is not None

    def call(self, timeout: float | None = None) -> Call:
        t = self.config.request_timeout if timeout is None else min(timeout,
                                                                    self.config.request_timeout)
        return Call(deadline=time.monotonic() + t)

    def guard(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn``; a ``StateError`` raised while the engine works on a state it accepted is
        ``invalid_state`` (the state is inconsistent in a way its validator did not see), any
        other unexpected exception an ``internal`` error with a logged id."""
        try:
            return fn()
        except ServiceError:
            raise
        except engine.StateError as e:  # found by the engine while working on the state
            raise ServiceError("invalid_state", e.reason, rule=e.rule,
                               field=f"state.{e.field}") from None
        except UnicodeEncodeError:
            # text of the state that UTF-8 cannot carry (a lone surrogate): the request's fault,
            # whichever place of the answer it reached
            raise ServiceError("invalid_state", "the state holds text that is not valid Unicode"
                               " (a lone surrogate such as \\ud800), which no answer can carry",
                               field="state.json") from None
        except Exception:
            raise internal() from None

    def handle(self, op: str, wire: str, raw: bytes, decode: Callable[[bytes], Message],
               encode: Callable[[Any], bytes], call: Call) -> bytes:
        """One request of a transport, encoded (``wire`` names the encoding): the operation
        ``op`` of this core on ``decode(raw)``, answered ``encode``-d. An identical request
        answered before gets the same bytes (``call.cache`` = "hit") without running again."""
        # with a secret, each NewGame answer is a new game, with its own id: never repeated
        repeatable = op != "new_game" or not self.trust.has_secret
        key = (wire, op, raw)
        hit = self.responses.get(key) if repeatable else None
        if hit is not None:
            call.cache = "hit"
            return hit
        method = getattr(self, op)
        body: bytes = self.guard(lambda: encode(method(decode(raw), call)))
        if repeatable:
            self.responses.put(key, body)
        return body

    def _key(self, op: str, opened: Opened | None, *args: Any) -> str:
        h = hashlib.sha256()
        h.update(f"{self.fingerprint}\x00{op}\x00{self._seal_tag}\x00".encode())
        if opened is not None:
            h.update(opened.material())
        h.update(b"\x00" + dumps(list(args)).encode())
        return h.hexdigest()

    def _cached(self, call: Call, key: str, compute: Callable[[], Record]) -> Record:
        cached = self.cache.get(key)
        if cached is not None:
            call.cache = "hit"
            rec: Record = cached
        else:
            call.cache = "miss"
            call.check()
            try:
                rec = compute()
            except ServiceError as e:
                if e.code in ("deadline_exceeded", "internal"):
                    raise
                rec = {"_error": e.to_record()}
            self.cache.set(key, rec)
        if "_error" in rec:
            raise ServiceError(**rec["_error"])
        return rec

    def _parse(self, opened: Opened, call: Call) -> games.State:
        """The engine state of a request, parsed by its game's engine (``games.of_text``). The
        parsed-state tier holds only states that passed their engine's ``from_json`` (the ones
        this process parsed, and the ones it issued: each is checked before it is returned),
        keyed by their exact text, so a state gets the same verdict from every replica whether
        or not it is in this one's tier. A state signed by this engine build
        (``Opened.trusted``) was checked so before it was issued: it is read without validating
        it again (``Game.from_trusted_json``)."""
        call.check()
        key = opened.key()
        s = self.states.get(key)
        if s is not None:
            return s
        game = games.of_text(opened.json)
        if opened.trusted:
            s = game.from_trusted_json(opened.engine_json())
            self.states.put(key, s)
            return s
        try:
            s = game.rules.from_json(opened.engine_json())
        except engine.StateError as e:
            field = "state.json" if e.field == "state" else f"state.{e.field}"
            raise ServiceError("invalid_state", e.reason, rule=e.rule, field=field) from None
        self.states.put(key, s)
        return s

    def _state_record(self, s: games.State, full: str | None = None) -> Record:
        """A state about to be returned, as cached (``_checked_record``)."""
        return self._checked_record(s, full)[0]

    def _issued(self, s: games.State, full: str | None = None, preview: bool = False) -> Record:
        """A state about to be returned and its position (``_position``, with the moves'
        previews when ``preview``), as cached: the legal moves are those the validator computed
        when it checked the state (computed once)."""
        rec, checked = self._checked_record(s, full)
        return {"state": rec, **self._position(checked, preview)}

    def _checked_record(self, s: games.State, full: str | None = None
                        ) -> tuple[Record, games.State]:
        """A state about to be returned, as cached: when sealing is on, its public document and
        hidden part (what ``_issue`` seals); otherwise its canonical JSON (``full``, when the
        caller has it); and the state checked. The referee never returns a state its own
        validator rejects: its game's ``check_issued`` gives the state its ``from_json`` would
        read from its text (what the parsed-state tier keeps), validated again where the engine
        has not proved it (``--check-issued``: docs/trust.md)."""
        game = games.of_state(s)
        try:
            checked = game.check_issued(s, self.config.check_issued == "always")
        except engine.StateError as e:
            raise ServiceError("invalid_state", "the request leads to a state the referee's"
                               f" validator rejects ({e.field}: {e.reason})", rule=e.rule,
                               field="state") from None
        if full is None:
            full = game.rules.to_json(checked)
        if self.trust.seal:
            public, hidden = split(checked.to_data(), games.of_state(checked).hidden)
            self.states.put((public, hidden), checked)
            rec: Record = {"public": public, "hidden": hidden}
            if checked.result is not None:  # game over: the secret seed is revealed
                rec["revealed_seed"] = str(checked.rng["seed"])
            return rec, checked
        self.states.put((full, None), checked)
        return {"json": full}, checked

    def _issue(self, rec: Record, game: GameRef) -> pb.GameState:
        """The GameState of a state record, signed with its place in its game (with a secret)."""
        if not self.trust.has_secret:
            game = GameRef()
        if self.trust.seal:
            return self.trust.issue(rec["public"], rec["hidden"], game,
                                    rec.get("revealed_seed", ""),
                                    games.of_text(rec["public"]).sealed_size)
        return self.trust.issue(rec["json"], None, game)

    def _log(self, entries: list[dict[str, Any]], game: Game) -> list[pb.LogEntry]:
        """A log as answered: when sealing, without the entries' ``private`` parts (the hidden
        cards a player drew or played face down, INSURGENT's: docs/insurgent/state.md), which
        the answer's caller, whichever player, may not be entitled to see."""
        if self.trust.seal:
            entries = [{k: v for k, v in e.items() if k != "private"} for e in entries]
        return log_to_proto(entries, game.log_label)

    def _successor(self, opened: Opened, rec: Record) -> GameRef:
        """Anti-fork mode: claim the state record ``rec`` as the one successor of ``opened``
        (``forks``); the successor's place in the game."""
        if self.successors is not None:
            self.successors.claim(opened.game, dumps(rec).encode())
        return opened.game.successor()

    def _seat_for_view(self, opened: Opened, role: str, seat: str,
                       seats: Seats | None = None) -> None:
        """Strict mode: the view and the legal moves of a player need that player's seat token
        (``seat``, or among the ``seats`` a request that makes moves holds)."""
        if seats is not None and role in seats.roles:
            return
        sides = games.of_text(opened.json).sides
        if self.trust.strict and role in sides and \
                self.trust.seat_of(opened, seat, sides) != role:
            raise ServiceError("bad_seat", f"strict mode: the {role} view needs the {role} seat"
                               " token of this game (NewGameResponse.seats)", field="seat")

    def _seats(self, opened: Opened, seat: str, seats: Sequence[str]) -> Seats | None:
        """Strict mode: the seats a request that makes moves holds (``seat`` and ``seats``, its
        tokens), checked with ``Seats.check`` before each move is judged; None (nothing to
        check) otherwise. Moves are made only in a game NewGame started (a replayed state,
        signed but of no game, is for reading); a token that proves no seat of the state's game
        is ``bad_seat``, naming it."""
        if not self.trust.strict:
            return None
        if not opened.game.game_id:
            raise ServiceError("invalid_state", "strict mode: this state belongs to no game of"
                               " this referee (a replayed state can be read, not played on)",
                               field="state.game_id")
        sides = games.of_text(opened.json).sides
        if len(seats) > len(sides):
            raise ServiceError("invalid_argument", f"at most {len(sides)} seat tokens (a game"
                               f" has {len(sides)} seats)", field="seats")
        roles: set[str] = set()
        tokens = [("seat", seat)] if seat else []
        tokens += [(f"seats[{i}]", token) for i, token in enumerate(seats)]
        for where, token in tokens:
            role = self.trust.seat_of(opened, token, sides)
            if role is None:
                raise ServiceError("bad_seat", "strict mode: this token is no seat of the"
                                   " state's game (NewGameResponse.seats)", field=where)
            roles.add(role)
        return Seats(frozenset(roles))

    @staticmethod
    def _position(s: games.State, preview: bool = False) -> Record:
        """The position of ``s`` as cached: actor to move, prompt, the labelled legal moves and,
        when the request asks for them (``preview``), each one's cost and effect: applying every
        listed move to a copy costs more than an Apply, so only a request with ``preview`` pays
        it (docs/moves.md, "Cost and effect")."""
        game = games.of_state(s)
        legal = game.rules.legal_moves(s)
        return {"to_move": game.rules.to_move(s), "prompt": game.rules.prompt(s),
                "decision_kind": game.rules.decision_kind(s), "legal_moves": legal, "labels": game.move_labels(s, legal),
                "private": [i for i, m in enumerate(legal) if game.private_move(m)],
                "previews": game.move_previews(s, legal) if preview else None,
                "result": s.result}

    @staticmethod
    def _position_fields(rec: Record, own: bool = False) -> dict[str, Any]:
        """A position record (``_position``) as the response fields: actor to move, prompt,
        legal moves and, once the game is over, the result. The moves that would reveal the
        player's hidden Deception markers (or, in INSURGENT, name the cards in the hand:
        ``Game.private_move``) are listed only to that player (``own``)."""
        moves, labels = rec["legal_moves"], rec["labels"]
        previews = rec.get("previews") or [None] * len(moves)
        if not own:
            hidden = set(rec["private"]) if "private" in rec else {
                i for i, m in enumerate(moves) if private(m)}
            shown = [i for i in range(len(moves)) if i not in hidden]
            moves, labels = [moves[i] for i in shown], [labels[i] for i in shown]
            previews = [previews[i] for i in shown]
        out: dict[str, Any] = {"to_move": rec["to_move"] or "", "prompt": rec["prompt"],
                               "decision_kind": rec.get("decision_kind", ""),
                               "legal_moves": moves_from_engine(moves, labels, previews)}
        if rec["result"] is not None:
            out["result"] = rec["result"]
        return out

    @staticmethod
    def _moves(req: pb.ApplyRequest | pb.ValidateRequest, max_moves: int
               ) -> tuple[list[dict[str, Any]], bool]:
        """The moves of an Apply/Validate request, and whether they came as a list."""
        if req.HasField("move") and len(req.moves):
            raise ServiceError("invalid_argument", "give either move or moves, not both",
                               field="moves")
        if not req.HasField("move") and not len(req.moves):
            raise ServiceError("invalid_argument", "a move (or a list of moves) is required",
                               field="move")
        if len(req.moves) > max_moves:
            raise ServiceError("invalid_argument", f"at most {max_moves} moves per request",
                               field="moves")
        try:
            if req.HasField("move"):
                return [move_to_engine(req.move, "move")], False
            return [move_to_engine(m, f"moves[{i}]") for i, m in enumerate(req.moves)], True
        except MoveError as e:
            raise ServiceError("invalid_argument", e.message, field=e.field) from None

    def _fold(self, s: games.State, moves: list[dict[str, Any]], as_list: bool, call: Call,
              labels: list[str] | None = None, seats: Seats | None = None
              ) -> tuple[games.State, list[dict[str, Any]], int, ServiceError | None]:
        """Apply the moves in order; stops at the first illegal one, or (strict mode:
        ``seats``) at the first one whose player's seat the request does not hold, before it is
        judged. ``labels`` collects the label of each move applied (in the position it is played
        in)."""
        game = games.of_state(s)
        log_: list[dict[str, Any]] = []
        for i, m in enumerate(moves):
            call.check()
            if seats is not None:
                refused = seats.check(s, i)
                if refused is not None:
                    return s, log_, i, refused
            try:
                after, entries = game.rules.apply(s, m)
            except engine.IllegalMove as e:
                return s, log_, i, ServiceError("illegal_move", e.reason, rule=e.rule,
                                                move_index=i)
            except engine.BadRequest as e:
                where = f"moves[{i}]" if as_list else "move"
                sub = e.field.removeprefix("move")
                return s, log_, i, ServiceError("invalid_argument", e.reason, field=where + sub,
                                                move_index=i)
            except engine.StateError as e:  # the state's data, found inconsistent on the way
                return s, log_, i, ServiceError("invalid_state", e.reason, rule=e.rule,
                                                field=f"state.{e.field}", move_index=i)
            if labels is not None:  # the move was legal where it was played
                labels.append(game.move_label(s, m))
            s = after
            log_.extend(entries)
        return s, log_, len(moves), None

    def _engine_errors(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except engine.BadRequest as e:
            raise ServiceError("invalid_argument", e.reason, field=e.field) from None
        except engine.StateError as e:
            raise ServiceError("invalid_state", e.reason, rule=e.rule,
                               field=f"state.{e.field}") from None
        except engine.IllegalMove as e:
            raise ServiceError("illegal_move", e.reason, rule=e.rule,
                               move_index=e.index) from None
        except engine.OutOfBudget as e:  # the bot's work: past the deadline or its step budget
            raise ServiceError("deadline_exceeded", e.reason) from None

    # -- the operations of ct_referee.v1.Referee -------------------------------------------------

    def list_scenarios(self, req: pb.ListScenariosRequest, call: Call) -> pb.ListScenariosResponse:
        out = pb.ListScenariosResponse(engine_version=engine.VERSION)
        out.scenarios.extend(catalog.full(games.by_name(req.game).name).scenarios)
        return out

    def _view(self, game: Game, s: games.State, role: str) -> dict[str, Any]:
        """The view of ``role`` as cached (its legal moves labelled)."""
        v: dict[str, Any] = self._engine_errors(lambda: game.view(s, role))
        return v

    def new_game(self, req: pb.NewGameRequest, call: Call) -> pb.NewGameResponse:
        game = games.by_name(req.game)
        options = options_to_engine(req.options)
        game.check_options(options)
        scenario = game.scenario_of(req.scenario, req.HasField("deck"))
        deck = struct_to_plain(req.deck) if req.HasField("deck") else None

        game_id = self.trust.new_game_id()
        seed, commitment = req.seed, ""
        if self.trust.seal:  # a seed no client can compute: revealed once the game is over
            seed = self.trust.game_seed(game_id, req.seed)
            commitment = seed_commitment(game_id, seed)

        def compute() -> Record:
            s = self._engine_errors(lambda: game.new_game(scenario, seed, options, deck))
            return {**self._issued(s, preview=req.preview), "log": []}

        rec = self._cached(call, self._key("new_game", None, game.name, scenario, seed,
                                           options, req.preview, *([deck] if deck else [])),
                           compute)
        out = pb.NewGameResponse(state=self._issue(rec["state"], GameRef(game_id, 0, commitment)),
                                 log=self._log(rec["log"], game),
                                 **self._position_fields(rec))
        for role in game.sides if game_id else ():
            out.seats[role] = self.trust.seat_token(game_id, role)
        return out

    def legal_moves(self, req: pb.LegalMovesRequest, call: Call) -> pb.LegalMovesResponse:
        opened = self.trust.open(req.state)
        role = req.role or "observer"
        self._seat_for_view(opened, role, req.seat)

        game = games.of_text(opened.json)

        def compute() -> Record:
            s = self._parse(opened, call)
            return {"view": self._view(game, s, role), **self._position(s, req.preview)}

        rec = self._cached(call, self._key("legal_moves", opened, role, req.preview), compute)
        return pb.LegalMovesResponse(view=game.view_message(rec["view"], role),
                                     **self._position_fields(rec, own=role == rec["to_move"]))

    def apply(self, req: pb.ApplyRequest, call: Call) -> pb.ApplyResponse:
        opened = self.trust.open(req.state)
        moves, as_list = self._moves(req, self.config.max_moves)
        seats = self._seats(opened, req.seat, req.seats)
        game = games.of_text(opened.json)

        def compute() -> Record:
            s = self._parse(opened, call)
            s, log_, _, err = self._fold(s, moves, as_list, call, seats=seats)
            if err is not None:
                raise err
            return {**self._issued(s, preview=req.preview), "log": log_}

        rec = self._cached(call, self._key("apply", opened, moves, req.preview,
                                           *Seats.key(seats)), compute)
        ref = self._successor(opened, rec["state"])
        return pb.ApplyResponse(state=self._issue(rec["state"], ref),
                                log=self._log(rec["log"], game),
                                **self._position_fields(rec))

    def validate(self, req: pb.ValidateRequest, call: Call) -> pb.ValidateResponse:
        opened = self.trust.open(req.state)
        moves, as_list = self._moves(req, self.config.max_moves)
        seats = self._seats(opened, req.seat, req.seats)
        game = games.of_text(opened.json)

        def compute() -> Record:
            s = self._parse(opened, call)
            s, log_, applied, err = self._fold(s, moves, as_list, call, seats=seats)
            if err is not None and err.code != "illegal_move":
                raise err
            return {"legal": err is None, "applied": applied, "log": log_,
                    "error": None if err is None else err.to_record(),
                    **self._position(s, req.preview)}

        rec = self._cached(call, self._key("validate", opened, moves, req.preview,
                                           *Seats.key(seats)), compute)
        out = pb.ValidateResponse(legal=rec["legal"], applied=rec["applied"],
                                  log=self._log(rec["log"], game),
                                  **self._position_fields(rec))
        if rec["error"] is not None:
            out.error.CopyFrom(ServiceError(**rec["error"]).to_proto())
        return out

    def view(self, req: pb.ViewRequest, call: Call) -> pb.ViewResponse:
        opened = self.trust.open(req.state)
        role = req.role or "observer"
        self._seat_for_view(opened, role, req.seat)

        game = games.of_text(opened.json)

        def compute() -> Record:
            return {"view": self._view(game, self._parse(opened, call), role)}

        rec = self._cached(call, self._key("view", opened, role), compute)
        return pb.ViewResponse(view=game.view_message(rec["view"], role))

    def render(self, req: pb.RenderRequest, call: Call) -> pb.RenderResponse:
        opened = self.trust.open(req.state)
        role = req.role or "observer"
        self._seat_for_view(opened, role, req.seat)

        def compute() -> Record:
            s = self._parse(opened, call)
            return {"svg": self._engine_errors(
                lambda: games.of_state(s).render(s, role, req.compact))}

        rec = self._cached(call, self._key("render", opened, role, req.compact), compute)
        return pb.RenderResponse(svg=rec["svg"])

    def positions(self, req: pb.PositionsRequest, call: Call) -> pb.PositionsResponse:
        def compute() -> Record:
            s, log_ = self.position_start(req)
            return {**self._issued(s, preview=req.preview), "log": log_}

        key = self._key("positions", None, struct_to_plain(req.position), req.seed, req.preview)
        rec = self._cached(call, key, compute)
        # a position from the table belongs to no game: a strict referee lets it be read only
        return pb.PositionsResponse(state=self._issue(rec["state"], GameRef()),
                                    log=log_to_proto(rec["log"], games.DEFAULT.log_label),
                                    **self._position_fields(rec))

    @staticmethod
    def position_start(req: pb.PositionsRequest) -> tuple[engine.State, list[dict[str, Any]]]:
        """The state a Positions request describes and the log of its card's start; errors
        name the position's field (``position.…``)."""
        if not req.HasField("position"):
            raise ServiceError("invalid_argument", "a position is required (docs/positions.md)",
                               field="position")
        position = struct_to_plain(req.position)
        games.of_schema(position.get("schema")).check("Positions", "position.schema")
        try:
            return build_position(position, req.seed)
        except engine.StateError as e:
            field = "position" if e.field in ("", "position") else f"position.{e.field}"
            raise ServiceError("invalid_state", e.reason, rule=e.rule, field=field) from None

    def catalog(self, req: pb.CatalogRequest, call: Call) -> pb.CatalogResponse:
        return catalog.answer(req, games.by_name(req.game).name)

    def replay(self, req: pb.ReplayRequest, call: Call) -> pb.ReplayResponse:
        return replay(self, req, call)

    def check_record(self, req: pb.CheckRecordRequest, call: Call) -> pb.CheckRecordResponse:
        return check_record(self, req, call)

    # -- ct_referee.v1.FlnBot --------------------------------------------------------------------

    def decide(self, req: pb.DecideRequest, call: Call) -> pb.DecideResponse:
        bot = self.bot
        if bot is None:
            raise ServiceError("unimplemented", "the non-player FLN bot is not part of this"
                               " referee build yet")
        return self._bot_moves(req, call, "Decide", "fln")

    # -- ct_referee.v1.GovBot --------------------------------------------------------------------

    def decide_gov(self, req: pb.DecideRequest, call: Call) -> pb.DecideResponse:
        """The bot of the side fighting the FLN (``games.Game.counter``): the Government of
        Colonial Twilight and Algeria, INSURGENT's automated French."""
        return self._bot_moves(req, call, "DecideGov", None)

    def _bot_moves(self, req: pb.DecideRequest, call: Call, rpc: str, side: str | None
                   ) -> pb.DecideResponse:
        """The moves ``side``'s bot of the state's game (``games.Game.bots``; None: its counter
        side's) makes from the request's state (seats: ``Seats.check_bot``), replayed by the
        referee before they are issued."""
        opened = self.trust.open(req.state)
        game = games.of_text(opened.json)
        game.check(rpc)
        side = side or game.counter
        bot = self.bots[game.name].get(side)
        if bot is None:
            raise ServiceError("wrong_game", f"{rpc} is not for {game.title}: it has no {side}"
                               " bot", field="state")
        role = req.role or "observer"
        seats = self._seats(opened, req.seat, req.seats)
        self._seat_for_view(opened, role, req.seat, seats)
        if seats is not None:
            refused = seats.check_bot(self._parse(opened, call), side)
            if refused is not None:
                raise refused

        def compute() -> Record:
            s = self._parse(opened, call)
            moves, after, trace = self._engine_errors(
                lambda: bot(s, req.seed, deadline=call.deadline))
            # The referee checks the bot like any player: its moves must replay to its state.
            labels: list[str] = []
            replay, log_, _, err = self._fold(s, list(moves), True, call, labels)
            full = game.rules.to_json(after)
            if err is not None or game.rules.to_json(replay) != full:
                raise RuntimeError(f"the {side} bot's moves do not replay to its resulting state")
            return {"moves": list(moves), "log": log_, "trace": list(trace),
                    "move_labels": labels, "view": self._view(game, after, role),
                    **self._issued(after, full, req.preview)}

        rec = self._cached(call, self._key(f"decide-{side}", opened, req.seed, role, req.preview),
                           compute)
        ref = self._successor(opened, rec["state"])
        out = pb.DecideResponse(moves=moves_from_engine(rec["moves"], rec["move_labels"]),
                                state=self._issue(rec["state"], ref),
                                log=log_to_proto(rec["log"]),
                                view=game.view_message(rec["view"], role),
                                **self._position_fields(rec, own=role == rec["to_move"]))
        for t in rec["trace"]:
            fill(out.trace.add(), t if isinstance(t, dict) else {"text": str(t)})
        return out

    # -- health ----------------------------------------------------------------------------------

    def readiness(self) -> dict[str, Any]:
        cache = self.cache.status()
        degraded = cache.get("status") != "ok"
        self.metrics.cache_degraded.set(1 if degraded else 0)
        return {"status": "degraded" if degraded else "ok", "cache": cache,
                "engine_version": engine.VERSION, "engine_fingerprint": self.fingerprint,
                "fln_bot": self.bot_available,
                "strict": self.trust.strict, "seal": self.trust.seal,
                "compiled": referee_core.compiled()}
