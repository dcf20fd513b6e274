"""One game between two agents on a referee, written down as a record anyone can verify.

``play_game`` never fails because of an agent: an agent that raises, crashes, answers something
that is not a move, a move the referee refuses, or runs out of time loses the game (``forfeit``
in the outcome, with the reason). A failure of the referee itself (a service that stops
answering), or an agent that cannot be started on this machine (``agents.Unavailable``: no such
program, file or interpreter), is raised: that game did not happen and a ladder plays it again
when resumed.
"""

from __future__ import annotations

import io
import json
import os
import socket
import time
from dataclasses import dataclass
from typing import Any, Callable

from engine.records import RecordWriter, canonical_move, make_header
from engine.state import Move

from .agents import (Agent, Forfeit, Turn, Unavailable, agent_seed, excerpt, make_agent, plays,
                     shape)
from .fair import commitment
from .games import DEFAULT
from .games import check as check_game
from .games import sides as game_sides
from .referee import Position, Referee, Refused

MAX_DECISIONS = 50_000
DETAIL = 1000   # characters of a forfeit's detail at most (the referee's reason may quote a move)


@dataclass(frozen=True)
class TimeControl:
    """Seconds a side may think in a whole game (a chess clock) and for one decision; ``None`` is
    no limit. An agent's ``time_left`` is the smaller of the two."""

    per_game: float | None = None
    per_move: float | None = None

    def to_dict(self) -> dict[str, float | None]:
        return {"per_game": self.per_game, "per_move": self.per_move}


class _Clock:
    def __init__(self, tc: TimeControl, sides: tuple[str, ...] = ("gov", "fln")) -> None:
        self.tc = tc
        self.used = {side: 0.0 for side in sides}

    def left(self, role: str) -> float:
        limits = [x for x in (self.tc.per_move,
                              None if self.tc.per_game is None
                              else self.tc.per_game - self.used[role]) if x is not None]
        return min(limits) if limits else float("inf")


def _as_move(m: Any) -> Move:
    """The canonical move of an answer (a ``label`` key, when sent back, is not part of it)."""
    if not isinstance(m, dict) or not isinstance(m.get("t"), str):
        raise Forfeit("malformed", f"not a move object with a \"t\": {shape(m)}")
    return canonical_move(m) if "label" in m else m


def play_game(gov_spec: str, fln_spec: str, scenario: str, seed: int, *,
              referee: Referee, game: str = DEFAULT, time_control: TimeControl = TimeControl(),
              salt: str = "", options: dict[str, Any] | None = None,
              header: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play one game of ``game`` (service.games; Colonial Twilight by default); ``ValueError``
    before it starts for an agent that does not play that game. ``gov_spec`` plays the side
    fighting the FLN (INSURGENT's French: ``games.side``). The outcome is plain JSON (it
    crosses processes and queues), each side named as the game names it: ``winner`` (gov | fln;
    INSURGENT: fln | french, or null for a draw), ``forfeit`` (null, or side, kind, detail
    and the refused ``answer``),
    ``result`` (the engine's, null after a forfeit), ``moves``, ``agents`` (spec, name,
    version), ``seconds`` each side thought, ``worker`` and ``record``: the GAME.jsonl text
    (docs/records.md) whose header adds the seed's ``commitment`` and ``salt``, the agents, the
    referee, the time control and ``header``'s keys, and, for a game other than Colonial
    Twilight, the string ``game`` (docs/records.md: an integer ``game`` numbers a Colonial
    Twilight ladder's games)."""
    check_game(game, "game")
    extra = dict(header or {})
    if game != DEFAULT:
        if "game" in extra:
            raise ValueError("header: \"game\" names the game of a record of "
                             f"{game!r}; number a ladder's games with \"game_number\"")
        extra["game"] = game
    agents: dict[str, Agent] = {}
    roles = game_sides(game)
    specs = dict(zip(roles, (gov_spec, fln_spec)))
    clock = _Clock(time_control, roles)
    out = io.StringIO()
    try:
        forfeit: dict[str, Any] | None = None
        for role, spec in specs.items():
            agents[role] = make_agent(spec)
            plays(agents[role], spec, game)
        opts = {**(options or {}), **{k: v for a in agents.values() for k, v in a.options.items()}}
        pos = referee.new_game(scenario, seed, opts, game)
        for role in roles:
            agents[role].own_seed = agent_seed(seed, salt, role)
            try:
                forfeit = _guard(role, lambda: agents[role].start(role, game, scenario, seed,
                                                                  referee))
            except Unavailable as e:
                spec = specs[role]
                raise Unavailable(f"the {role} agent {excerpt(repr(spec), 200)} could not be"
                                  f" started on {socket.gethostname()}: {e}") from None
            if forfeit:
                break
        named = {r: {"spec": s, "name": agents[r].name, "version": agents[r].version}
                 for r, s in specs.items()}
        writer = RecordWriter(out, make_header(
            scenario, seed, opts, commitment=commitment(seed, salt), salt=salt, agents=named,
            referee=referee.address, time_control=time_control.to_dict(), **extra),
            pos.document)
        if forfeit is None:
            pos, forfeit = _play(agents, pos, referee, clock, writer)
        if forfeit is not None:
            forfeit["detail"] = excerpt(str(forfeit["detail"]), DETAIL)
            winner = roles[1] if forfeit["side"] == roles[0] else roles[0]
            result = {"winner": winner, "by": "forfeit", "forfeit": forfeit}
        else:
            assert pos.result is not None
            winner = pos.result["winner"]   # None: a draw (INSURGENT)
            # how the game ended: the game's own word when it has one (INSURGENT's
            # "domination", "attrition", "french_deck"), else "victory"
            result = {"by": "victory", **pos.result}
        for role in roles:
            _guard(role, lambda: agents[role].end(role, game, result))
        writer.finish(result)
    finally:
        for role, a in agents.items():
            _guard(role, a.close)
    return {"winner": winner, "forfeit": forfeit, "result": pos.result, "moves": writer.n,
            "agents": named, "seconds": {r: round(t, 4) for r, t in clock.used.items()},
            "worker": f"{socket.gethostname()}:{os.getpid()}", "record": out.getvalue()}


def _guard(role: str, call: Callable[[], object]) -> dict[str, Any] | None:
    """The forfeit of ``role`` if ``call`` fails (an agent never stops the runner)."""
    try:
        call()
    except Forfeit as f:
        return {"side": role, "kind": f.kind, "detail": f.detail}
    except Unavailable:
        raise   # not the agent's fault in play: the game is not played (play_game)
    except Exception as e:  # noqa: BLE001
        return {"side": role, "kind": "crash", "detail": f"{type(e).__name__}: {excerpt(str(e))}"}
    return None


def _play(agents: dict[str, Agent], pos: Position, referee: Referee, clock: _Clock,
          writer: RecordWriter) -> tuple[Position, dict[str, Any] | None]:
    """Decisions until the game ends or a side forfeits."""
    decisions = 0
    while pos.to_move is not None:
        role = pos.to_move
        if role not in agents:
            raise RuntimeError(f"{role} to move: ladders play with managed chance")
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"the game did not end in {MAX_DECISIONS} decisions")
        left = clock.left(role)
        turn = Turn(role, pos.prompt, pos.legal_moves, left, writer.n, pos)
        answer: list[Any] = []
        t0 = time.perf_counter()
        failed = _guard(role, lambda: answer.extend(agents[role].play(turn)))
        spent = time.perf_counter() - t0
        clock.used[role] += spent
        if failed:
            return pos, failed
        if spent > left:
            return pos, {"side": role, "kind": "time",
                         "detail": f"answered after {spent:.3f}s with {left:.3f}s left"}
        for i, m in enumerate(answer):
            if pos.to_move != role:
                return pos, {"side": role, "kind": "illegal",
                             "detail": f"{len(answer) - i} move(s) after the decision passed"}
            try:
                move = _as_move(m)
                pos = referee.apply(pos, move)
            except Forfeit as f:
                return pos, {"side": role, "kind": f.kind, "detail": f.detail}
            except Refused as r:
                return pos, {"side": role, "kind": "illegal", "detail": str(r),
                             "answer": json.loads(json.dumps(move, default=repr))}
            writer.move(move, pos.document)
    return pos, None
