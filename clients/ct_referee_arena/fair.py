"""Fair randomness by commit-reveal, and checking a ladder's game record (``ct-referee verify``).

Before a ladder plays, each game gets a secret seed and a salt, and only the commitment
``sha256:`` + SHA-256 of ``"ct-referee-seed/1:{salt}:{seed}"`` is published; once the games are
played the seeds and salts are revealed (in each record's header, and in the ladder's reveal
file). Since chance is managed, the seed alone decides every card draw and die roll
(docs/chance.md), so a player can check that nobody chose the draws after seeing the agents.

``verify_record`` recomputes the commitment (and finds it among the published ones, when given),
replays every move from the seed with the engine and compares each checkpoint (the card, the
state after every card: engine.records), then checks the result line: the game's own result, or
for a forfeit that the side that lost was the one to move and, for an illegal answer, that the
rules refuse it there. A Colonial Twilight record is replayed by its engine in this process
(``engine.records.EngineReferee``); a record of another game (``"game": "algeria"``) by the
referee in this process, which serves every game, as ``ct-referee validate`` does.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Iterable

from ct_referee_client import connect
from ct_referee_cli.validate import ClientReferee
from engine.records import (
    EngineReferee, Record, RecordError, Referee, Refusal, check_record, game_of, read_record,
)
from service.config import from_env

from .games import DEFAULT, SCENARIOS, sides, title

# Forfeits the moves cannot show: only the referee running the game saw them happen.
UNPROVABLE = ("time", "crash", "malformed")


def commitment(seed: int, salt: str) -> str:
    return "sha256:" + hashlib.sha256(f"ct-referee-seed/1:{salt}:{seed}".encode()).hexdigest()


def new_seed() -> tuple[int, str]:
    """A secret seed (63 bits) and its salt, from the system's secure generator."""
    return secrets.randbits(63), secrets.token_hex(16)


@dataclass
class Verification:
    """``problems`` is empty when the record holds; ``facts`` say what was checked."""

    problems: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, name: str) -> str:
        head = f"{name}: {'VERIFIED' if self.ok else 'REJECTED'}"
        return "\n".join([head] + [f"  ok: {f}" for f in self.facts]
                         + [f"  FAIL: {p}" for p in self.problems]) + "\n"


def verify_record(lines: Iterable[str], published: set[str] | None = None,
                  game: str | None = None) -> Verification:
    """Check a ladder's record (see the module docstring); with ``game``, that it is a record
    of that game."""
    v = Verification()
    try:
        rec = read_record(lines)
    except RecordError as e:
        v.problems.append(f"unreadable record: {e}")
        return v
    of = game_of(rec.header)
    if game is not None and of != game:
        v.problems.append(f"a record of {of!r}, not of {game!r}")
        return v
    if of != DEFAULT:
        v.facts.append(f"a game of {title(of) if of in SCENARIOS else repr(of)}, scenario"
                       f" {rec.scenario}")
    _check_commitment(rec, published, v)
    _check_agents(rec, of, v)
    _check_closed(rec, v)
    if of == DEFAULT:
        _replay(rec, EngineReferee(), v)
    else:
        client = connect("local", config=from_env())
        try:
            _replay(rec, ClientReferee(client), v)
        finally:
            client.close()
    return v


def _replay(rec: Record, ref: Referee, v: Verification) -> None:
    """Every move, checkpoint and the result line, replayed by ``ref``."""
    verdict = check_record(rec, ref)
    if not verdict.ok:
        v.problems.append(verdict.text("record").strip())
        return
    chance = "cards drawn, dice, state" if game_of(rec.header) == DEFAULT else "dice, state"
    v.facts.append(f"all {verdict.moves} moves legal from the seed; {verdict.checkpoints}"
                   f" checkpoint(s) ({chance}) match")
    if rec.result is None:
        v.problems.append("no result line")
    elif verdict.to_move is None:   # check_record matched the result line to the game's
        won = rec.result.get("winner")
        v.facts.append("the game ends as recorded: "
                       + (f"{won} wins" if won is not None else "a draw"))
    else:
        _check_forfeit(rec, ref, v)


def _check_commitment(rec: Record, published: set[str] | None, v: Verification) -> None:
    h = rec.header
    c, salt = h.get("commitment"), h.get("salt")
    if not isinstance(c, str) or not isinstance(salt, str):
        v.problems.append("the header has no seed commitment and salt")
        return
    if commitment(rec.seed, salt) != c:
        v.problems.append("the seed and salt do not match the commitment: the seed was changed")
        return
    v.facts.append(f"seed {rec.seed} matches its commitment {c[:19]}...")
    if published is not None:
        if c in published:
            v.facts.append("the commitment is among those published before the ladder")
        else:
            v.problems.append("the commitment is not among those published before the ladder")


def _check_closed(rec: Record, v: Verification) -> None:
    """A ladder's record closes its moves with a checkpoint (checkpoints are optional for
    ``validate``, not in a ladder's records): without one the record was cut short."""
    if rec.moves and (not rec.checkpoints or rec.checkpoints[-1].moves != len(rec.moves)):
        v.problems.append(f"no checkpoint after the last move (move {len(rec.moves)}): a"
                          " ladder's record closes with one; it was cut short or its checkpoints"
                          " removed")


def _game_sides(of: str) -> tuple[str, ...]:
    """The sides of a record's game as its header and result name them."""
    return sides(of) if of in SCENARIOS else ("gov", "fln")


def _check_agents(rec: Record, of: str, v: Verification) -> None:
    agents = rec.header.get("agents")
    their = _game_sides(of)
    if not (isinstance(agents, dict) and all(
            isinstance(agents.get(s), dict) and "name" in agents[s] and "version" in agents[s]
            for s in their)):
        v.problems.append("the header does not name both agents with their versions")
        return
    v.facts.append("agents: " + ", ".join(
        f"{s} {agents[s]['name']} {agents[s]['version']}".rstrip() for s in their))


def _check_forfeit(rec: Record, ref: Referee, v: Verification) -> None:
    """The game stopped before its end: check_record held the result line to a forfeit of the
    side to move, with the other side the winner; an illegal answer must be refused there."""
    assert rec.result is not None
    f = rec.result["forfeit"]
    side = f["side"]
    their = _game_sides(game_of(rec.header))
    if side not in their:
        v.problems.append(f"the result says {side!r} forfeited: only {' or '.join(their)}"
                          " forfeits")
        return
    if f.get("kind") == "illegal" and isinstance(f.get("answer"), dict):
        pos = ref.play(ref.start(rec.header), rec.moves)
        assert not isinstance(pos, Refusal)  # check_record accepted every move
        if not isinstance(ref.play(pos, [f["answer"]]), Refusal):
            v.problems.append(f"the forfeit's answer {json.dumps(f['answer'])} is legal there")
            return
        v.facts.append(f"{side}'s answer {json.dumps(f['answer'])} is illegal there")
    v.facts.append(f"{side} forfeited on its move ({f.get('kind')}: {f.get('detail')})")
    if f.get("kind") in UNPROVABLE:
        v.facts.append(f"a {f.get('kind')} forfeit cannot be proved from the moves: it stands"
                       " only as the organiser's claim (the signed manifest of the results"
                       " directory: ct-referee verify OUTDIR)")

