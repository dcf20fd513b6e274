"""Game records (``GAME.jsonl``, docs/records.md): writing, reading and checking them.

A record is JSON lines: a header (``{"format": "ct-record/1", "scenario", "seed", "options", ...}``;
keys this module does not know are kept as they are), then one canonical move per line
(docs/moves.md), with checkpoint lines ``{"checkpoint": {"moves", "turn", "card", "hash"}}``
after each card and at the end, and optionally a result line ``{"result": {...}}``. Blank lines
and lines starting with ``#`` are comments.

Checking a record (``check_record``) replays it through a ``Referee``: the engine in this process
(``EngineReferee``) or, in ``ct-referee validate``, the referee service over any transport. Every
referee gives the same verdict, because the verdict is made here from what the referee answers.

Pure: no I/O but the text streams a caller passes.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol, TextIO, Union

from referee_core import recording
from referee_core.errors import BadRequest, IllegalMove
from referee_core.jsontext import dumps, state_text

from .machine import apply, check_move_shape, legal_moves, prompt, to_move
from .scenarios import new_game
from .state import Move, State

FORMAT = "ct-record/1"
# The state fields a Colonial Twilight checkpoint hash leaves out: what a sealed state hides (the
# deck order, the set-aside cards, the generator, the Deception markers), so that a recorder
# holding only a sealed state can write checkpoints too. Each game registers its own
# (referee_core.recording).
HIDDEN = ("cards.deck", "cards.set_aside", "rng", "deception")

StateLike = Union[State, Mapping[str, Any], str]


class RecordError(ValueError):
    """A record that cannot be read: ``line`` (1-based) and what is wrong with it."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


# --- the parts of a record -------------------------------------------------------------------


def make_header(scenario: str, seed: int = 0, options: Mapping[str, Any] | None = None,
                **extra: Any) -> dict[str, Any]:
    """A header line's object; ``extra`` keys (agents, versions, a seed commitment, ...) are
    written as given."""
    h: dict[str, Any] = {"format": FORMAT, "scenario": scenario, "seed": seed,
                         "options": dict(options or {})}
    h.update(extra)
    return h


def canonical_move(m: Mapping[str, Any]) -> Move:
    """The move as a record holds it: the flat form of docs/moves.md, without a ``label``."""
    return {k: v for k, v in m.items() if k != "label"}


def state_data(state: StateLike) -> dict[str, Any]:
    """The plain document of a state: a State, its document, or its JSON text (a sealed
    state's public document too)."""
    if isinstance(state, State):
        return state.to_data()
    if isinstance(state, str):
        data = json.loads(state)
        if not isinstance(data, dict):
            raise ValueError("a state document is a JSON object")
        return data
    return dict(state)


def checkpoint_hash(state: StateLike) -> str:
    """``"sha256:" + hex`` of the canonical JSON (referee_core.jsontext.dumps) of the state document with
    its hidden fields set to null: those its game registered (``referee_core.recording``; a
    document of no known schema is taken for Colonial Twilight's), those it has."""
    data = state_data(state)
    rules = recording.of_schema(data.get("schema")) or CT_RECORDING
    for path in rules.hidden:
        _null(data, path.split("."))
    text = state_text(data) if isinstance(state, State) else dumps(data)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _null(data: dict[str, Any], path: list[str]) -> None:
    """Set the field at ``path`` to null: a top-level field when present; a nested one whenever
    the object holding it is (a copy of it: the caller's document is left as it was)."""
    head, *rest = path
    if head not in data:
        return
    if not rest:
        data[head] = None
        return
    inner = dict(data[head] or {})
    data[head] = inner
    if len(rest) == 1:
        inner[rest[0]] = None
    else:
        _null(inner, rest)


@dataclass(frozen=True)
class Checkpoint:
    """The state after the first ``moves`` moves of the record: its turn, card and hash."""

    moves: int
    turn: int
    card: int | None
    hash: str
    line: int = 0

    def to_line(self) -> dict[str, Any]:
        return {"checkpoint": {"moves": self.moves, "turn": self.turn, "card": self.card,
                               "hash": self.hash}}


def checkpoint(state: StateLike, moves: int) -> Checkpoint:
    data = state_data(state)
    card = (data.get("cards") or {}).get("current")
    return Checkpoint(moves, int(data.get("turn") or 0), card if isinstance(card, int) else None,
                      checkpoint_hash(state if isinstance(state, State) else data))


@dataclass
class Record:
    """A parsed record. ``move_lines[i]`` is the line of ``moves[i]``."""

    header: dict[str, Any]
    moves: list[Move] = dataclasses.field(default_factory=list)
    move_lines: list[int] = dataclasses.field(default_factory=list)
    checkpoints: list[Checkpoint] = dataclasses.field(default_factory=list)
    result: dict[str, Any] | None = None
    result_line: int = 0
    header_line: int = 1

    @property
    def scenario(self) -> str:
        return str(self.header["scenario"])

    @property
    def seed(self) -> int:
        return int(self.header.get("seed", 0))

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.header.get("options") or {})


def game_of(header: Mapping[str, Any]) -> str:
    """The game a header names: its ``game`` when that is a string (``"algeria"``), else
    ``"colonial_twilight"`` (a ladder's headers number their games with an integer ``game``)."""
    game = header.get("game")
    return game if isinstance(game, str) and game else "colonial_twilight"


# --- writing ---------------------------------------------------------------------------------


def _ct_chapters(start: Mapping[str, Any]) -> recording.Chapters:
    """Colonial Twilight's checkpoint cadence: whenever a new card has been drawn (its turn)."""
    return recording.BySection(lambda d: d.get("turn"), start)


CT_RECORDING = recording.register(recording.Recording(
    game="colonial_twilight", schema="ct-state/", chapters=_ct_chapters, hidden=HIDDEN,
    cards=True))


class RecordWriter:
    """Writes a record as the game goes: ``move(m, state_after)`` for each move, a checkpoint at
    the cadence of the header's game (its ``referee_core.recording.Chapters``, docs/records.md)
    or when the game ended, ``finish(result)`` at the end. Colonial Twilight: whenever a new card
    has been drawn; each other game as its package registered."""

    def __init__(self, out: TextIO, header: Mapping[str, Any], start: StateLike) -> None:
        self.out = out
        self.n = 0
        self.game = game_of(header)
        self.chapters = recording.of_game(self.game).chapters(state_data(start))
        self.last: State | dict[str, Any] | None = None
        self._line(dict(header))

    def _line(self, obj: Any) -> None:
        self.out.write(dumps(obj) + "\n")

    def move(self, m: Mapping[str, Any], after: StateLike | None) -> None:
        """Write ``m``; ``after`` is the state it led to (None for a move followed at once by
        others, e.g. a bot's decision but its last move: no checkpoint falls between them)."""
        self._line(canonical_move(m))
        self.n += 1
        data = None if after is None else state_data(after)
        closed = self.chapters.move(m, data)
        if after is None or data is None:
            return
        self.last = after if isinstance(after, State) else data
        if closed or data.get("result") is not None:
            self._line(checkpoint(self.last, self.n).to_line())
            self.last = None

    def finish(self, result: Mapping[str, Any] | None = None) -> None:
        """A last checkpoint (if moves followed the previous one) and the result line."""
        if self.last is not None:
            self._line(checkpoint(self.last, self.n).to_line())
            self.last = None
        if result is not None:
            self._line({"result": dict(result)})


def write_record(out: TextIO, header: Mapping[str, Any], start: StateLike,
                 steps: Iterable[tuple[Mapping[str, Any], StateLike]],
                 result: Mapping[str, Any] | None = None) -> None:
    """A whole record from the start state and (move, state after it) pairs."""
    w = RecordWriter(out, header, start)
    for m, after in steps:
        w.move(m, after)
    w.finish(result)


# --- reading ---------------------------------------------------------------------------------


def read_record(lines: Iterable[str]) -> Record:
    """Parse a record (an open file, or its lines); raises RecordError naming the line."""
    rec: Record | None = None
    for no, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            obj = json.loads(text)
        except ValueError as e:
            raise RecordError(no, f"not JSON: {e}") from None
        if not isinstance(obj, dict):
            raise RecordError(no, "each line is a JSON object")
        if rec is None:
            rec = Record(_header(no, obj), header_line=no)
        elif rec.result is not None:
            raise RecordError(no, "nothing may follow the result line")
        elif "t" in obj:
            rec.moves.append(canonical_move(obj))
            rec.move_lines.append(no)
        elif set(obj) == {"checkpoint"}:
            rec.checkpoints.append(_checkpoint(no, obj["checkpoint"]))
        elif set(obj) == {"result"} and isinstance(obj["result"], dict):
            rec.result, rec.result_line = obj["result"], no
        else:
            raise RecordError(no, 'neither a move (a "t" field), a checkpoint nor a result')
    if rec is None:
        raise RecordError(1, "empty record: a header line is required")
    return rec


def _header(no: int, h: dict[str, Any]) -> dict[str, Any]:
    fmt = h.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(no, f"header: format {fmt!r} is not {FORMAT!r}")
    if not isinstance(h.get("scenario"), str):
        raise RecordError(no, "header: a string field \"scenario\" is required")
    seed = h.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(no, "header: \"seed\" must be an integer")
    if not isinstance(h.get("options", {}), dict):
        raise RecordError(no, "header: \"options\" must be an object")
    return h


def _checkpoint(no: int, c: Any) -> Checkpoint:
    ok = (isinstance(c, dict) and set(c) == {"moves", "turn", "card", "hash"}
          and all(type(c[k]) is int for k in ("moves", "turn"))
          and (c["card"] is None or type(c["card"]) is int) and isinstance(c["hash"], str))
    if not ok:
        raise RecordError(no, 'a checkpoint is {"moves": int, "turn": int, "card": int|null,'
                              ' "hash": "sha256:..."}')
    return Checkpoint(c["moves"], c["turn"], c["card"], c["hash"], no)


# --- checking --------------------------------------------------------------------------------


@dataclass
class Position:
    """What a referee says about a state: its document (possibly a sealed public document),
    the actor to move, the prompt, the legal moves, the result; ``token`` is the referee's own
    handle on the state."""

    token: Any
    data: dict[str, Any]
    to_move: str | None
    prompt: str
    legal: list[Move]
    result: dict[str, Any] | None


@dataclass
class Refusal:
    """A move the referee refused: the ``index`` of the move among those sent, the error
    (``code`` illegal_move or invalid_argument; ``field`` within the move, e.g. ``move.space``),
    the position just before it, and whether the move before it (or the setup) ended in a die
    roll or a card draw."""

    index: int
    code: str
    message: str
    rule: str
    field: str
    at: Position
    after_chance: bool


class Referee(Protocol):
    def start(self, header: Mapping[str, Any]) -> Position:
        """The game of a header (raises ValueError with the reason when it cannot be set up)."""

    def play(self, pos: Position, moves: list[Move]) -> Position | Refusal:
        """``pos`` after ``moves``, or the refusal of the first move not accepted."""


@dataclass
class Verdict:
    """The outcome of checking a record. ``problem`` is None when every move is legal and every
    checkpoint matches; otherwise ``kind`` is one of header, illegal_move, invalid_argument,
    checkpoint, result, and ``line`` is where it is."""

    moves: int = 0                 # moves accepted
    checkpoints: int = 0           # checkpoints that matched
    kind: str = ""
    line: int = 0
    problem: str = ""
    rule: str = ""
    field: str = ""
    move: Move | None = None       # the illegal or malformed move
    legal: list[Move] = dataclasses.field(default_factory=list)   # the alternatives at an illegal move
    hints: list[str] = dataclasses.field(default_factory=list)
    to_move: str | None = None
    prompt: str = ""
    result: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not self.kind

    def summary(self) -> dict[str, Any]:
        """Plain data, equal for equal verdicts (what every path must agree on)."""
        return {k: getattr(self, k) for k in (
            "moves", "checkpoints", "kind", "line", "problem", "rule", "field", "move", "legal",
            "hints", "to_move", "prompt", "result")}

    def text(self, name: str = "record") -> str:
        """The verdict as ``ct-referee validate`` prints it."""
        if self.ok:
            state = (f"game over: {dumps(self.result)}" if self.to_move is None
                     else f"game in progress, {self.to_move} to move: {self.prompt}")
            return (f"{name}: all {self.moves} moves legal, {self.checkpoints} checkpoint(s)"
                    f" match; {state}\n")
        rule = f" (rule {self.rule})" if self.rule else ""
        move = f"move {self.moves + 1} {json.dumps(self.move)}"
        head = {"illegal_move": f"{move} is ILLEGAL: ",
                "invalid_argument": f"{move} is MALFORMED: {self.field}: ",
                "checkpoint": "CHECKPOINT MISMATCH: ", "result": "RESULT MISMATCH: ",
                "header": "bad header: "}[self.kind]
        lines = [f"{name}:{self.line}: {head}{self.problem}{rule}"]
        if self.kind in ("illegal_move", "invalid_argument"):
            lines.append(f"  at: {self.to_move} to move, {self.prompt}")
            shown = self.legal[:40]
            lines.append(f"  legal here ({len(self.legal)}):")
            lines += [f"    {json.dumps(m)}" for m in shown]
            if len(self.legal) > len(shown):
                lines.append(f"    ... and {len(self.legal) - len(shown)} more")
        lines += [f"  hint: {h}" for h in self.hints]
        return "\n".join(lines) + "\n"


CHANCE_MOVES = ("draw", "roll")


def check_record(rec: Record, referee: Referee | None = None) -> Verdict:
    """Replay ``rec`` (with ``referee``, the engine by default) segment by segment between
    checkpoints; the first illegal move, checkpoint mismatch or result mismatch is the verdict."""
    ref = referee or EngineReferee()
    v = Verdict()
    try:
        pos = ref.start(rec.header)
    except ValueError as e:
        v.kind, v.line, v.problem = "header", rec.header_line, str(e)
        return v
    external = rec.options.get("chance") == "external"
    done = 0
    for i, end in enumerate(_segments(rec)):
        start = done
        if end > done:
            shape = _first_misshapen(rec.moves, done, end)
            got = ref.play(pos, rec.moves[done:shape[0] if shape else end])
            if shape and not isinstance(got, Refusal):
                # every referee is handed only well-formed moves: the shape is judged here, once
                got = Refusal(shape[0] - done, "invalid_argument", shape[1].reason, "",
                              shape[1].field, got, False)
            if isinstance(got, Refusal):
                _refused(v, rec, done, got, external)
                return v
            pos = got
            done = end
            v.moves = done
        if i < len(rec.checkpoints):
            c = rec.checkpoints[i]
            if c.moves != end:
                v.kind, v.line = "checkpoint", c.line
                v.problem = (f"the checkpoint is after move {c.moves}, but {end} moves precede"
                             " it: a move line was deleted or added")
                _at(v, pos)
                return v
            if c.hash != checkpoint_hash(pos.data):
                v.kind, v.line = "checkpoint", c.line
                v.problem = (f"the state after move {c.moves} (turn {pos.data.get('turn')}) does"
                             " not match this checkpoint: a line before it was altered, deleted"
                             " or added")
                first = rec.move_lines[start] if start < end else c.line
                v.hints.append(_checkpoint_hint(rec, first, external))
                _at(v, pos)
                return v
            v.checkpoints += 1
    _at(v, pos)
    if rec.result is not None:
        problem = (_result_differs(rec.result, pos.result) if pos.result is not None
                   else _result_before_the_end(rec, pos))
        if problem:
            v.kind, v.line, v.problem = "result", rec.result_line, problem
    return v


def _result_differs(recorded: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """Each key of the game's result the result line does not repeat: named with both values."""
    wrong = [f"{k}: the record says {dumps(recorded[k]) if k in recorded else 'nothing'},"
             f" the game {dumps(val)}" for k, val in result.items() if recorded.get(k) != val]
    return ("the record's result does not match the game's (" + "; ".join(wrong) + ")"
            if wrong else "")


def _result_before_the_end(rec: Record, pos: Position) -> str:
    """A result line on a game still in progress: only a forfeit of the side to move (a ladder's
    result when an agent failed) ends a game before its end."""
    assert rec.result is not None
    f = rec.result.get("forfeit")
    side = f.get("side") if isinstance(f, dict) else None
    at = f"after move {len(rec.moves)} the game is not over ({pos.to_move} to move)"
    if side is None:
        return (f"{at}, but the result line says {dumps(rec.result)}: the record was cut short"
                " or its result line forged")
    if side != pos.to_move:
        return (f"{at}, but the result line says {side} forfeited: {pos.to_move} was to move,"
                " so the record was cut short or its result line forged")
    try:
        sides = recording.of_game(game_of(rec.header)).sides
    except ValueError:
        sides = ("gov", "fln")
    winner = sides[1] if side == sides[0] else sides[0]
    if rec.result.get("winner") != winner:
        return (f"{side} forfeited, but the result line names {dumps(rec.result.get('winner'))}"
                f" the winner, not {winner}")
    return ""


def _checkpoint_hint(rec: Record, first: int, external: bool) -> str:
    """What may explain a checkpoint mismatch, for this game and this record's chance."""
    where = f"the record differs between line {first} and this checkpoint"
    if external:
        return (f"{where}: with external chance every card draw and die roll is a move of the"
                " record, so a line there is not as played")
    chance = "card draws and die rolls" if _draws_cards(rec) else "die rolls"
    return (f"{where}; if those moves are as played, the header's seed ({rec.seed}) or options"
            f" are not the game's: its {chance} differ")


def _draws_cards(rec: Record) -> bool:
    """Whether the chance of the record's game draws cards (a game not loaded here: no)."""
    try:
        return recording.of_game(game_of(rec.header)).cards
    except ValueError:
        return False


def _first_misshapen(moves: list[Move], start: int, end: int) -> tuple[int, BadRequest] | None:
    """The first move in ``moves[start:end]`` that is not a move at all (docs/moves.md)."""
    for k in range(start, end):
        try:
            check_move_shape(moves[k])
        except BadRequest as e:
            return k, e
    return None


def _segments(rec: Record) -> list[int]:
    """How many moves precede each checkpoint line, then all the moves."""
    return [bisect.bisect(rec.move_lines, c.line) for c in rec.checkpoints] + [len(rec.moves)]


def _at(v: Verdict, pos: Position) -> None:
    v.to_move, v.prompt, v.result = pos.to_move, pos.prompt, pos.result


def _refused(v: Verdict, rec: Record, done: int, r: Refusal, external: bool) -> None:
    k = done + r.index
    m = rec.moves[k]
    v.moves, v.move = k, m
    v.kind, v.line, v.problem = r.code, rec.move_lines[k], r.message
    v.rule, v.field = r.rule, r.field
    v.legal = r.at.legal
    v.to_move, v.prompt, v.result = r.at.to_move, r.at.prompt, r.at.result
    if m.get("t") in CHANCE_MOVES and not external:
        v.hints.append(f"move {k + 1} is a {m['t']}, but the header's options have managed"
                       " chance: a record of a physical deck and dice needs"
                       ' "options": {"chance": "external"}')
    elif m.get("t") in CHANCE_MOVES:
        v.hints.append("the recorded draw or roll is not possible here: check the header's"
                       " scenario and options against the game that was played")
    elif r.at.to_move == "chance":
        v.hints.append("chance is to move here: with external chance every card draw and die"
                       " roll is a move of the record; check the header's options")
    elif r.after_chance and not external:
        chance, draws = (("a die roll or a card draw", "draws")
                         if _draws_cards(rec) else ("a die roll", "rolls"))
        v.hints.append(f"this move comes right after {chance} made from the header's seed"
                       f" ({rec.seed}) and options: if they are not those of the game that was"
                       f" played, the {draws} differ; check them")


# --- the engine as a referee -----------------------------------------------------------------


class EngineReferee:
    """The engine in this process. A position's token is (state, whether the move that led to it
    ended in a die roll or a card draw)."""

    def start(self, header: Mapping[str, Any]) -> Position:
        game = game_of(header)
        if game != "colonial_twilight":
            raise ValueError(f"a record of the game {game!r}: the engine in this process replays"
                             " Colonial Twilight records only; check it through the referee"
                             " (ct-referee validate), which serves every game")
        if "start" in header and "seed" not in header:
            raise ValueError("the seed of this sealed game is the referee's, revealed only when"
                             " the game is over: the record carries the game's signed start"
                             " state instead (\"start\"), which only the referee that dealt it"
                             " opens: check it with ct-referee validate --server URL")
        try:
            s = new_game(header["scenario"], header.get("seed", 0), header.get("options"))
        except BadRequest as e:
            raise ValueError(str(e)) from None
        return self._position(s, True)

    def _position(self, s: State, chance: bool) -> Position:
        return Position((s, chance), s.to_data(), to_move(s), prompt(s), legal_moves(s), s.result)

    def _apply(self, s: State, m: Move) -> tuple[State, list[dict[str, Any]]]:
        return apply(s, m)

    def _segment_end(self, s: State) -> State:
        """The state the next segment starts from (the referee service's: as it issues it)."""
        return s

    def play(self, pos: Position, moves: list[Move]) -> Position | Refusal:
        s, chance = pos.token
        for i, m in enumerate(moves):
            try:
                s, log = self._apply(s, m)
            except IllegalMove as e:
                return Refusal(i, "illegal_move", e.reason, e.rule, "", self._position(s, chance),
                               chance)
            except BadRequest as e:
                return Refusal(i, "invalid_argument", e.reason, "", e.field,
                               self._position(s, chance), chance)
            chance = chance_in(log)
        return self._position(self._segment_end(s), chance)


def chance_in(log: Iterable[Mapping[str, Any]]) -> bool:
    """Whether a move's log shows a die roll or a card draw (docs/chance.md)."""
    return any("roll" in e or (e.get("rule") == "2.3.6" and "card" in e) for e in log)


__all__ = [
    "FORMAT", "Checkpoint", "EngineReferee", "Position", "Record", "RecordError", "RecordWriter",
    "Referee", "Refusal", "Verdict", "canonical_move", "chance_in", "check_record", "checkpoint",
    "checkpoint_hash", "game_of", "make_header", "read_record", "state_data", "write_record",
]
