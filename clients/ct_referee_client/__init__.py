"""Typed Python client of the ct-referee service: the same methods over REST, gRPC or in-process.

    from ct_referee_client import connect
    ref = connect("http://localhost:8080")      # or "grpc://localhost:50051", or "local"
    g = ref.new_game("short", seed=1)
    r = ref.apply(g.state, g.legal_moves[0])    # moves: contract Moves or flat dicts
    print(r.to_move, r.prompt, [move_dict(m) for m in r.legal_moves])

A move's one JSON form is the flat object of docs/moves.md (``{"t": "pick", "value": "Medea"}``):
``move_dict`` gives it for a contract Move, ``to_move`` the Move for it, without loss; the REST
transport sends and reads moves in that form.

Every method returns the contract's response message (``ct_referee_proto.v1.referee_pb2``) in all
three transports, and every failure raises ``RefereeError`` (code, message, rule, move_index,
field, status).

Retries. Every call of the contract is a pure function of its request (Apply in anti-fork mode
too: the same request gives the same successor, which the referee accepts again), so the client
may send a request again whenever it cannot know whether it was answered. Both transports do, for
up to ``retry_for`` seconds (``RETRY_FOR``, 10 s by default: a restarted server takes a few
seconds to answer again), waiting ``BACKOFF`` seconds doubled each time up to ``MAX_BACKOFF``,
when

* the connection broke before an answer came, or none could be made (a server process that died
  or is restarting, a connection reset or refused): REST on any ``http.client`` or connection
  error, on a fresh connection; gRPC on ``UNAVAILABLE``, and on ``CANCELLED`` (a call in flight
  when the server stopped: the referee itself never answers it);
* the referee answered ``unavailable`` (503 / UNAVAILABLE: the anti-fork registry unreachable).

Nothing else is retried: an error the referee answered is its answer, and a request that ran out
of time (``deadline_exceeded``, or the client's own timeout) would only take as long again.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any, Iterable, Mapping, Protocol, Union
from urllib.parse import urlencode, urlsplit

from google.protobuf import json_format
from google.protobuf.message import Message

from ct_referee_proto.v1 import referee_pb2 as pb
from referee_core.jsontext import loads
from service.jsonmap import from_dict, to_dict, to_json_body
from service.moves import MoveError, move_from_engine
from service.moves import move_to_engine as move_dict
from service.operations import BY_RPC, FLN_BOT, GOV_BOT

MoveLike = Union[pb.Move, Mapping[str, Any]]
StateLike = Union[pb.GameState, Mapping[str, Any], str]

RETRY_FOR = 10.0   # seconds a request is sent again while its connection breaks (module docstring)
BACKOFF = 0.05     # seconds before the first retry, doubled each time
MAX_BACKOFF = 1.0  # seconds between retries at most

__all__ = ["Client", "MoveLike", "RefereeError", "StateLike", "connect", "game_state",
           "move_dict", "to_move"]


class RefereeError(Exception):
    """An error answered by the referee (the contract's Error message)."""

    def __init__(self, code: str, message: str, rule: str = "", move_index: int | None = None,
                 field: str = "", status: int | str = "") -> None:
        super().__init__(f"{code}: {message}" + (f" (rule {rule})" if rule else ""))
        self.code = code
        self.message = message
        self.rule = rule
        self.move_index = move_index
        self.field = field
        self.status = status


def to_move(m: MoveLike) -> pb.Move:
    """A Move from its flat form ({"t": "op", "op": "sweep"}; a ``label`` is kept as display
    text, ``service.moves``), or the Move itself."""
    return m if isinstance(m, pb.Move) else move_from_engine(m)


def game_state(s: StateLike) -> pb.GameState:
    """A GameState from a GameState, its JSON mapping ({"json", "sealed", "signature"}), or the
    engine's JSON document itself (unsigned)."""
    if isinstance(s, pb.GameState):
        return s
    if isinstance(s, str):
        return pb.GameState(json=s)
    if "schema" in s:
        return pb.GameState(json=json.dumps(s, sort_keys=True, separators=(",", ":")))
    gs = pb.GameState()
    json_format.ParseDict(dict(s), gs, ignore_unknown_fields=True)
    return gs


def _options(options: Mapping[str, Any] | pb.GameOptions | None) -> pb.GameOptions | None:
    if options is None or isinstance(options, pb.GameOptions):
        return options
    o = pb.GameOptions()
    try:
        from_dict(dict(options), o)
    except MoveError as e:
        raise RefereeError("invalid_argument", e.message, field=f"options.{e.field}") from None
    except json_format.ParseError as e:
        raise RefereeError("invalid_argument", f"options: {e}", field="options") from None
    return o


def _apply_req(cls: type[Any], state: StateLike, move: MoveLike | Iterable[MoveLike] | None,
               moves: Iterable[MoveLike] | None, seat: str, seats: Iterable[str],
               preview: bool) -> Any:
    """An Apply or Validate request; ``move`` may be one move or a list of them (the turn's
    moves, sent as ``moves``)."""
    if move is not None and not isinstance(move, (pb.Move, Mapping)):
        if moves is not None:
            raise RefereeError("invalid_argument", "give either move or moves, not both",
                               field="moves")
        moves = list(move)
        move = None
    req = cls(state=game_state(state), seat=seat, seats=list(seats), preview=preview)
    if move is not None:
        req.move.CopyFrom(to_move(move))
    if moves is not None:
        req.moves.extend(to_move(m) for m in moves)
    return req


class Retry:
    """The retries of one request: ``again()`` waits before the next attempt and says whether
    there is one (within ``retry_for`` seconds of the first)."""

    def __init__(self, retry_for: float) -> None:
        self.end = time.monotonic() + retry_for
        self.attempt = 0

    def again(self) -> bool:
        delay = min(BACKOFF * 2 ** self.attempt, MAX_BACKOFF)
        if time.monotonic() + delay > self.end:
            return False
        time.sleep(delay)
        self.attempt += 1
        return True


class Transport(Protocol):
    def call(self, name: str, req: Message, resp_cls: type[Any]) -> Any: ...
    def close(self) -> None: ...


class Client:
    """The referee's operations; a transport carries them.

    ``preview=True`` on a call that lists legal moves asks for each move's cost and effect
    (``Move.cost``, ``Move.effect``; docs/moves.md, "Cost and effect"): display data for a
    person choosing, which costs the referee more than the move itself, so off by default."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

    def list_scenarios(self, game: str = "") -> pb.ListScenariosResponse:
        """The scenarios of ``game`` ("colonial_twilight", the default, or "algeria")."""
        r: pb.ListScenariosResponse = self.transport.call(
            "ListScenarios", pb.ListScenariosRequest(game=game), pb.ListScenariosResponse)
        return r

    def new_game(self, scenario: str = "", seed: int = 0,
                 options: Mapping[str, Any] | pb.GameOptions | None = None, game: str = "",
                 preview: bool = False, deck: Mapping[str, Any] | None = None
                 ) -> pb.NewGameResponse:
        """A new game of ``game`` ("colonial_twilight", the default, "algeria" or "insurgent");
        every other call recognises the game from the state. ``deck``: INSURGENT's deck file
        (its data, docs/insurgent/decks.md; None: the demonstration deck); INSURGENT's one
        scenario, "standard", is the default for it."""
        req = pb.NewGameRequest(scenario=scenario, seed=seed, options=_options(options),
                                game=game, preview=preview)
        if deck is not None:
            req.deck.update(deck)
        r: pb.NewGameResponse = self.transport.call("NewGame", req, pb.NewGameResponse)
        return r

    def legal_moves(self, state: StateLike, role: str = "observer", seat: str = "",
                    preview: bool = False) -> pb.LegalMovesResponse:
        """``seat``: the role's seat token (``new_game(...).seats[role]``), which a strict
        referee requires for the view of a player."""
        req = pb.LegalMovesRequest(state=game_state(state), role=role, seat=seat,
                                   preview=preview)
        r: pb.LegalMovesResponse = self.transport.call("LegalMoves", req, pb.LegalMovesResponse)
        return r

    def apply(self, state: StateLike, move: MoveLike | Iterable[MoveLike] | None = None,
              moves: Iterable[MoveLike] | None = None, seat: str = "",
              seats: Iterable[str] = (), preview: bool = False) -> pb.ApplyResponse:
        """One move, or a whole turn (``moves``, or a list in place of ``move``).

        ``seat`` (and ``seats``, when the moves are several players'): the seat tokens of
        the players making the moves (``new_game(...).seats``), which a strict referee requires
        for every move (docs/trust.md, "Seats")."""
        req = _apply_req(pb.ApplyRequest, state, move, moves, seat, seats, preview)
        r: pb.ApplyResponse = self.transport.call("Apply", req, pb.ApplyResponse)
        return r

    def validate(self, state: StateLike, move: MoveLike | Iterable[MoveLike] | None = None,
                 moves: Iterable[MoveLike] | None = None, seat: str = "",
                 seats: Iterable[str] = (), preview: bool = False) -> pb.ValidateResponse:
        """Apply as a dry run: one move, or a list of them (``moves``, or a list in place of
        ``move``). ``seat``, ``seats``: as for ``apply``."""
        req = _apply_req(pb.ValidateRequest, state, move, moves, seat, seats, preview)
        r: pb.ValidateResponse = self.transport.call("Validate", req, pb.ValidateResponse)
        return r

    def view(self, state: StateLike, role: str = "observer", seat: str = "") -> pb.View:
        req = pb.ViewRequest(state=game_state(state), role=role, seat=seat)
        r: pb.ViewResponse = self.transport.call("View", req, pb.ViewResponse)
        return r.view

    def render(self, state: StateLike, role: str = "observer", seat: str = "") -> str:
        """The board as ``role`` may see it: an SVG document (``seat``: as for ``view``)."""
        req = pb.RenderRequest(state=game_state(state), role=role, seat=seat)
        r: pb.RenderResponse = self.transport.call("Render", req, pb.RenderResponse)
        return r.svg

    def positions(self, position: Mapping[str, Any], seed: int = 0, preview: bool = False
                  ) -> pb.PositionsResponse:
        """A referee state from a position on the table (docs/positions.md)."""
        req = pb.PositionsRequest(seed=seed, preview=preview)
        req.position.update(dict(position))
        r: pb.PositionsResponse = self.transport.call("Positions", req, pb.PositionsResponse)
        return r

    def decide(self, state: StateLike, seed: int = 0, role: str = "observer", seat: str = "",
               seats: Iterable[str] = (), preview: bool = False) -> pb.DecideResponse:
        """``seat`` (and ``seats``): seat tokens of the game, which a strict referee requires:
        the role's, for a player's view; the FLN's when the bot is to move for a player FLN (a
        game without the ``fln_bot`` option), else any seat of the game."""
        req = pb.DecideRequest(state=game_state(state), seed=seed, role=role, seat=seat,
                               seats=list(seats), preview=preview)
        r: pb.DecideResponse = self.transport.call("Decide", req, pb.DecideResponse)
        return r

    def decide_gov(self, state: StateLike, seed: int = 0, role: str = "observer", seat: str = "",
                   seats: Iterable[str] = (), preview: bool = False) -> pb.DecideResponse:
        """The moves of the bot of the side fighting the FLN, as ``decide`` the FLN's: the
        Government bot (``engine.govbot``; Algeria's ``algeria.bots``), INSURGENT's automated
        French (``insurgent.bots``). In strict mode the side's seat token when it is a player (a
        game without the ``gov_bot`` / ``french_bot`` option), else any seat of the game."""
        req = pb.DecideRequest(state=game_state(state), seed=seed, role=role, seat=seat,
                               seats=list(seats), preview=preview)
        r: pb.DecideResponse = self.transport.call("DecideGov", req, pb.DecideResponse)
        return r

    def catalog(self, if_none_match: str = "", game: str = "") -> pb.CatalogResponse:
        """The catalogue of ``game`` (default Colonial Twilight); only its version
        (``not_modified``) when ``if_none_match`` is the current version."""
        req = pb.CatalogRequest(if_none_match=if_none_match, game=game)
        r: pb.CatalogResponse = self.transport.call("Catalog", req, pb.CatalogResponse)
        return r

    def replay(self, scenario: str = "", seed: int = 0,
               options: Mapping[str, Any] | pb.GameOptions | None = None,
               moves: Iterable[MoveLike] = (), every: str = "", at: Iterable[int] = (),
               states: bool = False, views: bool = False, role: str = "observer",
               pictures: bool = False, position: Mapping[str, Any] | None = None,
               game: str = "", first: int = 0, count: int = 0, preview: bool = False,
               deck: Mapping[str, Any] | None = None) -> pb.ReplayResponse:
        """A game's history: from a new game (``scenario``, ``seed``, ``options`` of ``game``,
        default Colonial Twilight) or from a ``position`` on the table (docs/positions.md;
        ``seed`` shuffles its unseen cards). A page of it: at most ``count`` checkpoints from
        index ``first``; the answer's ``next``, when set, is the ``first`` of the next page."""
        req = pb.ReplayRequest(every=every, at=list(at), states=states, views=views, role=role,
                               pictures=pictures, first=first, count=count, preview=preview)
        if position is not None:
            req.position.seed = seed
            req.position.position.update(dict(position))
        else:
            req.game.CopyFrom(pb.NewGameRequest(scenario=scenario, seed=seed,
                                                options=_options(options), game=game))
            if deck is not None:  # INSURGENT's deck file (as new_game)
                req.game.deck.update(deck)
        req.moves.extend(to_move(m) for m in moves)
        r: pb.ReplayResponse = self.transport.call("Replay", req, pb.ReplayResponse)
        return r

    def check_record(self, text: str, name: str = "") -> pb.CheckRecordResponse:
        """A whole game record (its JSON lines, docs/records.md) checked as ``ct-referee
        validate`` checks it: the verdict, with the labelled legal moves at an illegal move and
        its ``text`` (``name``: what the text calls the record, default "record")."""
        req = pb.CheckRecordRequest(record=text, name=name)
        r: pb.CheckRecordResponse = self.transport.call("CheckRecord", req,
                                                        pb.CheckRecordResponse)
        return r

    def close(self) -> None:
        self.transport.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class RestTransport:
    """JSON over HTTP/1.1 with one persistent connection per thread."""

    def __init__(self, base_url: str, timeout: float = 30.0, retry_for: float = RETRY_FOR
                 ) -> None:
        u = urlsplit(base_url)
        self.host, self.port = u.hostname or "localhost", u.port or 80
        self.https = u.scheme == "https"
        self.prefix = u.path.rstrip("/")
        self.timeout = timeout
        self.retry_for = retry_for
        self._local = threading.local()
        self.last_headers: dict[str, str] = {}
        self.resent = 0  # requests sent again (see "Retries")

    def _conn(self) -> http.client.HTTPConnection:
        c = getattr(self._local, "conn", None)
        if c is None:
            cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
            c = cls(self.host, self.port, timeout=self.timeout)
            self._local.conn = c
        return c

    def request(self, method: str, path: str, body: bytes | None,
                extra: Mapping[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        headers.update(extra or {})
        retry = Retry(self.retry_for)
        while True:
            c = self._conn()
            try:
                c.request(method, self.prefix + path, body=body, headers=headers)
                r = c.getresponse()
                data = r.read()
            except (http.client.HTTPException, ConnectionError):
                c.close()
                self._local.conn = None
                if not retry.again():
                    raise
                self.resent += 1
                continue
            if r.status == 503 and b'"unavailable"' in data and retry.again():
                self.resent += 1
                continue
            return r.status, {k.lower(): v for k, v in r.getheaders()}, data

    def call(self, name: str, req: Message, resp_cls: type[Any]) -> Any:
        op = BY_RPC[name]
        body = None if op.http_method == "GET" else to_json_body(req)
        tag = getattr(req, "if_none_match", "") if op.versioned else ""
        path = op.path
        if op.http_method == "GET":  # the request's fields as the query ("?game=algeria")
            query = {k: v for k, v in to_dict(req).items() if v and k != "if_none_match"}
            path += "?" + urlencode(query) if query else ""
        status, headers, data = self.request(op.http_method, path, body,
                                             {"If-None-Match": f'"{tag}"'} if tag else None)
        self.last_headers = headers
        if status == 304:  # the version the client holds is current
            return resp_cls(version=tag, not_modified=True)
        if status != 200:
            try:
                e = json.loads(data)["error"]
            except (ValueError, KeyError, TypeError):
                raise RefereeError("internal", f"HTTP {status}", status=status) from None
            raise RefereeError(e["code"], e["message"], e.get("rule") or "", e.get("move_index"),
                               e.get("field") or "", status=status)
        msg = resp_cls()
        from_dict(loads(data), msg, ignore_unknown=True)
        return msg

    def close(self) -> None:
        c = getattr(self._local, "conn", None)
        if c is not None:
            c.close()


# gRPC channel settings: a lost server is dialled again within MAX_BACKOFF (gRPC's own default
# backs off to minutes), and answers as large as the referee sends (64 MiB)
CHANNEL_OPTIONS = [("grpc.initial_reconnect_backoff_ms", int(BACKOFF * 1000)),
                   ("grpc.min_reconnect_backoff_ms", int(BACKOFF * 1000)),
                   ("grpc.max_reconnect_backoff_ms", int(MAX_BACKOFF * 1000)),
                   ("grpc.max_receive_message_length", 64 << 20)]


class GrpcTransport:
    def __init__(self, target: str, timeout: float = 30.0, retry_for: float = RETRY_FOR
                 ) -> None:
        import grpc

        from ct_referee_proto.v1 import referee_pb2_grpc as pb_grpc

        self._grpc = grpc
        self.channel = grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
        self.referee = pb_grpc.RefereeStub(self.channel)
        self.bot = pb_grpc.FlnBotStub(self.channel)
        self.gov_bot = pb_grpc.GovBotStub(self.channel)
        self.timeout = timeout
        self.retry_for = retry_for
        self.resent = 0  # requests sent again (see "Retries")
        self.last_metadata: dict[str, str] = {}
        # the codes of a call the referee did not answer: no connection, or the call cancelled
        # by the server as it stopped (the referee never answers CANCELLED; this client never
        # cancels its calls)
        self._unanswered = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)

    def call(self, name: str, req: Message, resp_cls: type[Any]) -> Any:
        stub = {FLN_BOT: self.bot, GOV_BOT: self.gov_bot}.get(BY_RPC[name].service, self.referee)
        retry = Retry(self.retry_for)
        while True:
            try:
                resp, call = getattr(stub, name).with_call(req, timeout=self.timeout)
                break
            except self._grpc.RpcError as e:
                if e.code() not in self._unanswered or not retry.again():
                    raise _grpc_error(e) from None
                self.resent += 1
        self.last_metadata = {m.key: str(m.value) for m in call.trailing_metadata() or ()}
        return resp

    def close(self) -> None:
        self.channel.close()


def _grpc_error(e: Any) -> RefereeError:
    from grpc_status import rpc_status

    status = rpc_status.from_call(e)
    code_name = e.code().name if e.code() is not None else "UNKNOWN"
    if status is not None:
        for d in status.details:
            err = pb.Error()
            if d.Unpack(err):
                return RefereeError(err.code, err.message, err.rule,
                                    err.move_index if err.HasField("move_index") else None,
                                    err.field, status=code_name)
    code = {"UNIMPLEMENTED": "unimplemented", "RESOURCE_EXHAUSTED": "payload_too_large",
            "DEADLINE_EXCEEDED": "deadline_exceeded", "INVALID_ARGUMENT": "invalid_argument"
            }.get(code_name, "unavailable" if code_name == "UNAVAILABLE" else "internal")
    return RefereeError(code, e.details() or code_name, status=code_name)


class LocalTransport:
    """The application core in this process (no server): the CLI's default."""

    def __init__(self, config: Any = None) -> None:
        from service.core import Core

        self.core = Core(config)

    def call(self, name: str, req: Message, resp_cls: type[Any]) -> Any:
        from service.errors import ServiceError

        method = BY_RPC[name].core_method
        c = self.core.call()
        try:
            return self.core.guard(lambda: getattr(self.core, method)(req, c))
        except ServiceError as e:
            raise RefereeError(e.code, e.message, e.rule, e.move_index, e.field,
                               status=e.http_status) from None

    def close(self) -> None:
        self.core.cache.close()


def connect(url: str = "local", timeout: float = 30.0, config: Any = None,
            retry_for: float = RETRY_FOR) -> Client:
    """``http(s)://host:port`` (REST), ``grpc://host:port`` (gRPC) or ``local`` (in-process);
    ``retry_for``: seconds a request is sent again while the server cannot be reached."""
    if url.startswith(("http://", "https://")):
        return Client(RestTransport(url, timeout, retry_for))
    if url.startswith("grpc://"):
        return Client(GrpcTransport(url.removeprefix("grpc://"), timeout, retry_for))
    if url == "local":
        return Client(LocalTransport(config))
    raise ValueError(f"unknown referee address {url!r}: use http://, grpc:// or local")
