"""Agents: what plays a side (docs/agents.md).

An agent is told, at each of its decisions, its role's view (never the hidden deck or the
generator state), the prompt, the legal moves, its role and the time it has left; it answers one
of the listed moves. The messages are JSON objects, the same for every kind of agent:

    {"type": "hello", "game", "role": "gov", "scenario": "short", "seed"}
                                                                  -> {"name": ..., "version": ...}
    {"type": "turn", "game", "role", "prompt", "legal_moves", "view", "time_left",
     "move_number", "seed"}                                       -> {"move": {...}}

``seed`` is the agent's own for the game (``agent_seed``: it reveals nothing of the deal).
    {"type": "end", "game", "role", "result"}                     (no answer)

``game`` is ``colonial_twilight``, ``algeria`` (Brian Train's *Algeria*, docs/algeria/) or
``insurgent`` (*INSURGENT: Algeria*, docs/insurgent/), ``role`` the side as the game names it
(INSURGENT: ``fln`` or ``french``).

Kinds, by the spec that names them:

* ``random``, ``fln-bot``, ``gov-bot``, ``french-bot``: built in (the game's own bot of that
  side, service.games.Game.bots: in Colonial Twilight ``fln-bot`` is the non-player FLN of rules
  8.0, ``gov-bot`` the Government bot of docs/gov-bot.md; in Algeria the bots of
  docs/algeria/bots.md; in INSURGENT ``french-bot`` is the automated French of the Solo Variant,
  docs/insurgent/solo.md, which makes the game a solo game: option ``french_bot``);
* ``py:package.module:name``: Python in a process of its own (``pyhost``), a function
  ``turn(message) -> answer`` or a class (one instance per game) with a ``turn`` method and
  optional ``hello`` / ``end``;
* ``cmd:PROGRAM ARGS...``: a local program speaking the messages as JSON lines on stdin/stdout;
* ``http://...`` / ``https://...``: an HTTP endpoint answering each message POSTed to it.

Anything an agent does wrong (an exception, a crash, a malformed or unlisted answer, running out
of time) is raised here as ``Forfeit`` with the reason; the runner turns it into a lost game.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import inspect
import json
import os
import random
import select
import shlex
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import IO, Any

import engine
from engine.state import Move

from service.games import GAMES

from .games import DEFAULT, SEATS, title
from .referee import Position, Referee

SIDES = SEATS   # a pairing's seats (games.SEATS)
INF = float("inf")
BUILTIN = ("random", "fln-bot", "gov-bot", "french-bot")
# built-in bots that play one seat only (french-bot: INSURGENT's French, the seat fighting the FLN)
ONE_SIDE = {"fln-bot": "fln", "gov-bot": "gov", "french-bot": "gov"}


class Forfeit(Exception):
    """An agent loses the game: ``kind`` is crash | illegal | malformed | time."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class Unavailable(Exception):
    """An agent that cannot be started here (no such program, file or interpreter): a fault of
    the machine playing the game, not of the agent in play, so no game is lost by it."""


@dataclass
class Turn:
    """One decision of one side. ``view()`` asks the referee for the role's view only when it is
    wanted (the random agent never looks)."""

    role: str
    prompt: str
    legal_moves: list[Move]
    time_left: float
    move_number: int
    position: Position

    def view(self) -> dict[str, Any]:
        return self.position.view(self.role)

    def message(self) -> dict[str, Any]:
        """The turn as sent to an agent: the legal moves with their labels (engine.labels)."""
        labelled = [{**m, "label": label} if label else m
                    for m, label in zip(self.legal_moves, self.position.labels())]
        return {"type": "turn", "game": self.position.game, "role": self.role,
                "prompt": self.prompt,
                "legal_moves": labelled, "view": self.view(),
                "time_left": None if self.time_left == INF else round(self.time_left, 3),
                "move_number": self.move_number}


class Agent(ABC):
    """The runner's side of an agent. ``play`` answers the moves to make now: one listed move,
    or for a built-in rules bot the whole sequence it makes before another actor decides (each
    one checked by the referee as it is applied)."""

    name = "agent"
    version = ""
    options: dict[str, Any] = {}    # game options the agent needs (fln-bot: rule 8.6)
    own_seed = 0                    # its seed for this game (agent_seed), set before start
    games: tuple[str, ...] = ()     # the games it plays, when not every game (service.games)

    def start(self, role: str, game: str, scenario: str, seed: int, referee: Referee) -> None:
        pass

    @abstractmethod
    def play(self, turn: Turn) -> list[Move]: ...

    def end(self, role: str, game: str, result: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


def derived_seed(seed: int, role: str, what: str) -> int:
    h = hashlib.sha256(f"{seed}:{role}:{what}".encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1   # 63 bits: an int64 in the service's contract


AGENT_SEED = "ct-referee-agent-seed/1"   # the label that sets an agent's seed apart


def agent_seed(seed: int, salt: str, role: str) -> int:
    """The seed an agent gets for one game (``seed`` in its ``hello`` and ``turn`` messages):
    HMAC-SHA256 keyed with ``"{salt}:{seed}"`` (the game's secret seed and salt) of
    ``"ct-referee-agent-seed/1:{role}"``, its first 53 bits (an integer any JSON reader reads
    exactly). A one-way function of the secrets under a label of its own: it tells the agent
    nothing of the seed, hence of the deal (the commitment hashes them under another label),
    and once they are revealed anyone recomputes it, to replay an agent's random choices."""
    mac = hmac.new(f"{salt}:{seed}".encode(), f"{AGENT_SEED}:{role}".encode(), hashlib.sha256)
    return int.from_bytes(mac.digest()[:8], "big") >> 11


class RandomAgent(Agent):
    """Uniform among the legal moves, from a generator seeded by the game's seed and the role."""

    name = "random"
    version = engine.VERSION

    def start(self, role: str, game: str, scenario: str, seed: int, referee: Referee) -> None:
        self.rng = random.Random(derived_seed(seed, role, "random"))

    def play(self, turn: Turn) -> list[Move]:
        return [self.rng.choice(turn.legal_moves)]


class BotAgent(Agent):
    """A bot of the referee's for one side (``Referee.bot``): it answers all the moves it makes
    until another actor decides, each decision seeded from the game's seed. It plays the games
    that have a bot for its side (service.games.Game.bots)."""

    side = ""

    def __init__(self) -> None:
        self.games = tuple(name for name, g in GAMES.items() if self.side in g.bots)

    def start(self, role: str, game: str, scenario: str, seed: int, referee: Referee) -> None:
        if role != self.side:
            raise Forfeit("crash", f"{self.name} plays the {self.side.upper()} only")
        self.referee = referee
        self.seed = seed

    def play(self, turn: Turn) -> list[Move]:
        moves = self.referee.bot(turn.position, self.side,
                                 derived_seed(self.seed, self.side, str(turn.move_number)))
        if not moves:
            raise Forfeit("crash", f"{self.name} made no move")
        return moves


class FlnBotAgent(BotAgent):
    """The rulebook's non-player FLN (rules 8.0-8.6) as the referee runs it: it sees the whole
    state, as the non-player of the rulebook does, and plays with the one-player victory (8.6).
    In Algeria, its FLN bot (the option ``fln_bot`` marks the FLN the non-player)."""

    name = "fln-bot"
    version = engine.VERSION
    side = "fln"
    options = {"fln_bot": True}


class GovBotAgent(BotAgent):
    """The Government bot (engine.govbot, docs/gov-bot.md): it decides from the Government's
    view alone, on a sample of what that view hides. In Algeria, its Government bot."""

    name = "gov-bot"
    version = engine.VERSION
    side = "gov"


class FrenchBotAgent(BotAgent):
    """INSURGENT's automated French (the Solo Variant, insurgent.bots, docs/insurgent/solo.md):
    it plays the solo game, whose French flip the top card of their deck (option
    ``french_bot``), and makes the one move the solo lists leave at each French decision."""

    name = "french-bot"
    version = engine.VERSION
    side = "french"
    options = {"french_bot": True}


class MessageAgent(Agent):
    """An agent spoken to in the JSON messages of the contract; ``send`` carries one message and
    returns the answer (or ``None`` for ``end``), raising ``Forfeit`` on any failure."""

    @abstractmethod
    def send(self, msg: dict[str, Any], timeout: float | None) -> Any: ...

    def start(self, role: str, game: str, scenario: str, seed: int, referee: Referee) -> None:
        hello = self.send({"type": "hello", "game": game, "role": role, "scenario": scenario,
                           "seed": self.own_seed}, 30.0)
        if isinstance(hello, dict):
            self.name = excerpt(str(hello.get("name") or self.name), 80)
            self.version = excerpt(str(hello.get("version") or self.version), 80)

    def play(self, turn: Turn) -> list[Move]:
        answer = self.send({**turn.message(), "seed": self.own_seed},
                           None if turn.time_left == INF else turn.time_left)
        if not isinstance(answer, dict) or not isinstance(answer.get("move"), dict):
            got = shape(answer) if not isinstance(answer, dict) else \
                f"\"move\": {shape(answer.get('move'))}"
            raise Forfeit("malformed", f"expected {{\"move\": {{...}}}}, got {got}")
        return [answer["move"]]

    def end(self, role: str, game: str, result: dict[str, Any]) -> None:
        try:
            self.send({"type": "end", "game": game, "role": role, "result": result}, 5.0)
        except Forfeit:
            pass  # the game is over: what the agent does now changes nothing


EXCERPT = 300   # characters of an agent's own words (an exception, its stderr) a detail may quote


def excerpt(text: str, limit: int = EXCERPT, tail: bool = False) -> str:
    """``text`` fit to quote in a forfeit's detail (which goes into records and the ladder's
    queue): control characters as spaces, at most ``limit`` characters, its end kept with
    ``tail`` (the last lines of a log), its start otherwise."""
    clean = "".join(c if c.isprintable() else " " for c in text).strip()
    if len(clean) <= limit:
        return clean
    return "..." + clean[-(limit - 3):] if tail else clean[:limit - 3] + "..."


def shape(x: Any) -> str:
    """What kind of JSON value an agent answered, without quoting it: an agent's output is never
    copied into a detail (a program that prints a file would publish it)."""
    if isinstance(x, dict):
        return f"an object with {len(x)} key(s)" + ("" if "move" in x else ", none \"move\"")
    if isinstance(x, list):
        return f"a list of {len(x)}"
    if isinstance(x, str):
        return f"a string of {len(x)} character(s)"
    return "null" if x is None else f"a {type(x).__name__}"


def _file_digest(path: str) -> str:
    with open(path, "rb") as f:
        return "sha256:" + hashlib.sha256(f.read()).hexdigest()[:12]


class ProcessAgent(MessageAgent):
    """``cmd:PROGRAM ARGS``: one process per game; each message is a JSON line on its stdin, each
    answer a JSON line on its stdout. Its stderr is kept aside: a forfeit's detail ends with its
    last lines (``STDERR_LINES``, at most ``EXCERPT`` characters). A program that cannot be
    started, or exits before it answers ``hello`` (no such program, file or interpreter), is
    ``Unavailable``: the game is not played, and no one loses it."""

    STDERR_LINES = 3

    def __init__(self, command: str | list[str]) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else command
        if not self.argv:
            raise ValueError("cmd: needs a program")
        self.name = os.path.basename(self.argv[-1] if len(self.argv) > 1 else self.argv[0])
        self.proc: subprocess.Popen[bytes] | None = None
        self.buf = b""
        self.stderr: IO[bytes] | None = None

    def start(self, role: str, game: str, scenario: str, seed: int, referee: Referee) -> None:
        self.stderr = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=self.stderr,
                                         env=self.environment())
        except OSError as e:
            raise Unavailable(f"cannot start {self.argv[0]}: {e.strerror or e}") from None
        try:
            super().start(role, game, scenario, seed, referee)
        except Forfeit as f:
            if f.kind == "crash" and self.proc.poll() is not None:
                raise Unavailable(f"{self.argv[0]} exited before answering hello (status"
                                  f" {self.proc.returncode}){self.stderr_tail()}") from None
            raise

    def environment(self) -> dict[str, str] | None:
        return None   # the runner's

    def stderr_tail(self) -> str:
        """``; stderr: LINES`` (its last lines, bounded), or nothing when it wrote none."""
        f = self.stderr
        if f is None:
            return ""
        f.seek(0, os.SEEK_END)
        f.seek(max(0, f.tell() - 4096))
        lines = [x for x in f.read().decode("utf-8", "replace").splitlines() if x.strip()]
        if not lines:
            return ""
        return "; stderr: " + excerpt(" | ".join(lines[-self.STDERR_LINES:]), tail=True)

    def play(self, turn: Turn) -> list[Move]:
        try:
            return super().play(turn)
        except Forfeit as f:
            raise Forfeit(f.kind, f.detail + self.stderr_tail()) from None

    def send(self, msg: dict[str, Any], timeout: float | None) -> Any:
        p = self.proc
        assert p is not None and p.stdin is not None and p.stdout is not None
        try:
            p.stdin.write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
            p.stdin.flush()
        except (BrokenPipeError, OSError):
            # gone already: what it wrote before it exited is still its answer (a program that
            # printed junk and exited answered junk), and with nothing written it crashed
            if msg["type"] == "end":
                return None
            line = self._readline(p, 1.0)  # it exited: EOF comes at once
        else:
            if msg["type"] == "end":
                return None
            line = self._readline(p, timeout)
        try:
            return json.loads(line)
        except ValueError:
            raise Forfeit("malformed", f"not a JSON line ({len(line)} bytes, not quoted)"
                          ) from None

    def _readline(self, p: subprocess.Popen[bytes], timeout: float | None) -> bytes:
        assert p.stdout is not None
        fd = p.stdout.fileno()
        deadline = None if timeout is None else time.monotonic() + max(timeout, 0.0)
        while b"\n" not in self.buf:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                p.kill()   # it lost: nothing it does now counts, and it may never stop
                raise Forfeit("time", "no answer in the time left")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise Forfeit("crash", f"the program exited (status {p.wait(5)})")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def close(self) -> None:
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None
        p = self.proc
        if p is None:
            return
        for stream in (p.stdin, p.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass  # the program is gone already
        try:
            p.wait(2)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        self.proc = None


class PythonAgent(ProcessAgent):
    """``py:module:name``: a function called with each turn message, or a class instantiated once
    per game whose ``turn`` (and optional ``hello``, ``end``) methods get the messages. It runs
    in a process of its own (``pyhost``, one per game), so that it is held to the time limits
    and stopped like a program: an agent that never returns loses on time, and the ladder goes
    on. The module is imported here too, once, so that a spec that names nothing is refused
    before any game starts."""

    def __init__(self, ref: str) -> None:
        mod_name, _, attr = ref.partition(":")
        if not attr:
            raise ValueError(f"py:{ref}: write py:module:callable")
        try:
            mod = importlib.import_module(mod_name)
            getattr(mod, attr)
        except (ImportError, AttributeError) as e:
            raise ValueError(f"py:{ref}: {e}") from None
        super().__init__([sys.executable, "-m", "ct_referee_arena.pyhost", ref])
        self.name = ref
        self.version = str(getattr(mod, "__version__", "") or _file_digest(inspect.getfile(mod)))

    def start(self, role: str, game: str, scenario: str, seed: int, referee: Referee) -> None:
        self.argv = self.argv[:4] + [str(os.getpid())]   # the process it dies with
        super().start(role, game, scenario, seed, referee)

    def environment(self) -> dict[str, str] | None:
        """The runner's environment, its module path that of this process: the agent imports
        what the runner imported."""
        paths = [p or os.getcwd() for p in sys.path]
        return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}

    def send(self, msg: dict[str, Any], timeout: float | None) -> Any:
        reply = super().send(msg, timeout)
        if msg["type"] == "end":
            return None
        if not isinstance(reply, dict):
            raise Forfeit("crash", f"the agent's process answered {shape(reply)}")
        if "error" in reply:
            raise Forfeit("crash", excerpt(str(reply["error"])))
        if "malformed" in reply:
            raise Forfeit("malformed", excerpt(str(reply["malformed"])))
        for key in ("name", "version"):
            if isinstance(reply.get(key), str):
                setattr(self, key, reply[key])
        return reply.get("answer")


class HttpAgent(MessageAgent):
    """``http(s)://...``: each message POSTed as JSON; the answer is the response body."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.name = url

    def send(self, msg: dict[str, Any], timeout: float | None) -> Any:
        req = urllib.request.Request(self.url, data=json.dumps(msg).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        t = 30.0 if timeout is None else max(timeout, 0.001)
        try:
            with urllib.request.urlopen(req, timeout=t) as r:
                body = r.read()
        except TimeoutError:
            raise Forfeit("time", "no answer in the time left") from None
        except urllib.error.HTTPError as e:
            raise Forfeit("crash", f"HTTP {e.code} from {self.url}") from None
        except (urllib.error.URLError, OSError) as e:
            reason = getattr(e, "reason", e)
            if isinstance(reason, TimeoutError):
                raise Forfeit("time", "no answer in the time left") from None
            raise Forfeit("crash", f"{self.url}: {reason}") from None
        if msg["type"] == "end":
            return None
        try:
            return json.loads(body)
        except ValueError:
            raise Forfeit("malformed", f"not JSON ({len(body)} bytes, not quoted)") from None


def make_agent(spec: str) -> Agent:
    """The agent a spec names (see the module docstring); ``ValueError`` for an unknown spec."""
    if spec == "random":
        return RandomAgent()
    if spec == "fln-bot":
        return FlnBotAgent()
    if spec == "gov-bot":
        return GovBotAgent()
    if spec == "french-bot":
        return FrenchBotAgent()
    if spec.startswith("py:"):
        return PythonAgent(spec[3:])
    if spec.startswith("cmd:"):
        return ProcessAgent(spec[4:])
    if spec.startswith(("http://", "https://")):
        return HttpAgent(spec)
    raise ValueError(f"unknown agent {spec!r}: use {', '.join(BUILTIN)}, py:module:callable,"
                     " cmd:PROGRAM or http://host:port/path")


def plays(agent: Agent, spec: str, game: str) -> None:
    """``ValueError`` when the agent cannot play ``game`` (said before any game starts)."""
    if agent.games and game not in agent.games:
        raise ValueError(f"{spec} plays {' and '.join(title(g) for g in agent.games)} only,"
                         f" not {title(game)}: choose another agent for {title(game)}")


def sides(spec: str, game: str = DEFAULT) -> tuple[str, ...]:
    """The seats of a pairing (``gov``: the side fighting the FLN, games.SEATS) an agent can
    play in ``game``; ``ValueError`` for a spec that names no agent, or an agent that does not
    play that game."""
    agent = make_agent(spec)
    agent.close()
    plays(agent, spec, game)
    return (ONE_SIDE[spec],) if spec in ONE_SIDE else SIDES
