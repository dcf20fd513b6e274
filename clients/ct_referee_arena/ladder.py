"""Ladders: every Government agent against every FLN agent, in each scenario, N games a pairing.

    ladder = load("LADDER.toml")             # or Ladder(...) built in code (ct-referee match)
    summary = run(ladder, "out/", jobs=2)    # resumes what out/ladder.db already holds

A ladder's directory holds ``ladder.db`` (SQLite: the schedule, the secret seeds, the results),
``commitments.json`` (each game's seed commitment, written before the first game),
``games/GAME-<id>.jsonl`` (the records), ``reveal.json`` (seeds and salts, once every game is
played), ``report.html`` with ``ratings.svg``, and the signed results manifest ``manifest.json``
with its public key ``manifest.pub`` (manifest.py); ``private/`` keeps the signing key made when
the organiser gives none, and is never published.

LADDER.toml::

    name = "demo"
    game = "colonial_twilight"   # the default; or "algeria" (Brian Train's Algeria)
    scenarios = ["short"]        # short | medium | full (Algeria: 1954 | 1958 | 1960)
    games = 10                   # per pairing and scenario
    seed = 1                     # optional: seeds S, S+1, ... (reproducible); default: secret
    [time]                       # optional, seconds: a side's whole game / one decision
    per_game = 60
    per_move = 5
    [[agents]]
    name = "random"
    spec = "random"              # docs/agents.md: built in, py:..., cmd:..., http://...
    [[agents]]
    name = "fln-bot"
    spec = "fln-bot"
    sides = ["fln"]              # default: the sides it can play (fln-bot: fln only)

An agent that does not play the ladder's game (fln-bot and gov-bot play Colonial Twilight only)
is refused with the file, not when its first game starts.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import signal
import tomllib
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable, Iterator

from . import games as known
from . import manifest
from .agents import SIDES
from .agents import sides as agent_sides
from .fair import commitment, new_seed
from .game import TimeControl
from .report import write_report
from .store import Store
from .tasks import run_task


@dataclass(frozen=True)
class Entry:
    name: str
    spec: str
    sides: tuple[str, ...] = SIDES


@dataclass
class Ladder:
    name: str
    agents: list[Entry]
    scenarios: list[str] = field(default_factory=lambda: ["short"])
    games: int = 10
    seed: int | None = None
    time: TimeControl = TimeControl()
    game: str = known.DEFAULT

    def pairings(self) -> list[tuple[str, Entry, Entry]]:
        return [(sc, g, f) for sc in self.scenarios for g in self.agents if "gov" in g.sides
                for f in self.agents if "fln" in f.sides]

    def fingerprint(self) -> str:
        """What a resumed ladder must share with the one that started (not the seeds)."""
        d = {"name": self.name, "agents": [asdict(a) for a in self.agents],
             "scenarios": self.scenarios, "games": self.games, "seed": self.seed,
             "time": self.time.to_dict()}
        if self.game != known.DEFAULT:   # a Colonial Twilight ladder resumes as it always did
            d["game"] = self.game
        return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()


def load(path: str, game: str | None = None) -> Ladder:
    """A ladder from its TOML file (of ``game``, when a command line names it: ``from_dict``);
    ``ValueError`` naming the file and field at fault."""
    try:
        with open(path, "rb") as f:
            d = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path}: not TOML: {e}") from None
    return from_dict(d, path, game)


def from_dict(d: dict[str, Any], where: str = "ladder", game: str | None = None) -> Ladder:
    """``game``: the game a command line names (``--game``), which the file may not contradict."""
    def need(ok: bool, fld: str, what: str) -> None:
        if not ok:
            raise ValueError(f"{where}: {fld}: {what}")

    keys = {"name", "game", "agents", "scenarios", "games", "seed", "time"}
    need(not set(d) - keys, ", ".join(sorted(set(d) - keys)), f"unknown; use {sorted(keys)}")
    played = d.get("game", game or known.DEFAULT)
    need(isinstance(played, str) and played in known.SCENARIOS, "game",
         f"one of {sorted(known.SCENARIOS)}")
    need(game is None or played == game, "game", f"{played!r}, but --game says {game!r}")
    raw = d.get("agents")
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{where}: agents: a list of [[agents]] tables")
    agents: list[Entry] = []
    for i, a in enumerate(raw):
        f = f"agents[{i}]"
        need(isinstance(a, dict) and isinstance(a.get("name"), str) and a["name"] != "", f,
             "needs a name")
        need(isinstance(a.get("spec"), str), f"{f}.spec", "a string (docs/agents.md)")
        need(a["name"] not in {e.name for e in agents}, f"{f}.name", f"{a['name']!r} twice")
        try:
            can = agent_sides(a["spec"], played)
        except ValueError as e:
            raise ValueError(f"{where}: {f}.spec: {e}") from None
        chosen = a.get("sides", list(can))
        need(isinstance(chosen, list) and chosen != [] and set(chosen) <= set(SIDES),
             f"{f}.sides", 'a list of "gov" and/or "fln"')
        need(set(chosen) <= set(can), f"{f}.sides",
             f"{a['spec']} plays the {' and '.join(s.upper() for s in can)} only")
        agents.append(Entry(a["name"], a["spec"], tuple(s for s in SIDES if s in chosen)))
    scenarios = d.get("scenarios", [known.DEFAULT_SCENARIO[played]])
    need(isinstance(scenarios, list) and scenarios != []
         and set(scenarios) <= set(known.SCENARIOS[played]),
         "scenarios", f"a list of {sorted(known.SCENARIOS[played])}"
         + ("" if played == known.DEFAULT else f" ({known.title(played)}'s scenarios)"))
    games = d.get("games", 10)
    need(type(games) is int and games >= 1, "games", "a positive integer (per pairing)")
    seed = d.get("seed")
    need(seed is None or (type(seed) is int and seed >= 0), "seed", "a non-negative integer")
    t = d.get("time", {})
    need(isinstance(t, dict) and set(t) <= {"per_game", "per_move"} and all(
        isinstance(v, (int, float)) and v > 0 for v in t.values()), "time",
        "a table with per_game and/or per_move (seconds > 0)")
    ladder = Ladder(str(d.get("name", "ladder")), agents, scenarios, games, seed,
                    TimeControl(t.get("per_game"), t.get("per_move")), played)
    need(bool(ladder.pairings()), "agents", "no agent plays the Government, or none the FLN")
    return ladder


# --- the schedule and its commitments --------------------------------------------------------


def schedule(ladder: Ladder) -> list[dict[str, Any]]:
    """Every game, round by round (game k of every pairing before game k+1 of any), each with
    its seed (secret unless the ladder fixes ``seed``), salt and commitment."""
    out: list[dict[str, Any]] = []
    pairs = ladder.pairings()
    for k in range(ladder.games):
        for sc, g, f in pairs:
            n = len(out)
            seed, salt = new_seed()
            if ladder.seed is not None:
                seed = ladder.seed + n
            out.append({"id": n + 1, "game": ladder.game, "scenario": sc, "gov": g.name, "fln": f.name,
                        "gov_spec": g.spec, "fln_spec": f.spec, "seed": seed, "salt": salt,
                        "commitment": commitment(seed, salt)})
    return out


def _write_json(path: str, data: Any) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def open_ladder(ladder: Ladder, out: str) -> Store:
    """The ladder's store in ``out``: a new schedule (and its published commitments), or the
    one an earlier run of the same ladder left there."""
    os.makedirs(os.path.join(out, "games"), exist_ok=True)
    store = Store(os.path.join(out, "ladder.db"))
    fp = store.meta("fingerprint")
    if fp is None:
        games = schedule(ladder)
        store.schedule(games)
        store.set_meta("fingerprint", ladder.fingerprint())
        store.set_meta("name", ladder.name)
        _write_json(os.path.join(out, "commitments.json"), {
            "ladder": ladder.name, **_game_key(ladder), "games": [
                {k: g[k] for k in ("id", "scenario", "gov", "fln", "commitment")}
                for g in games]})
    elif fp != ladder.fingerprint():
        store.close()
        raise ValueError(f"{out} holds a different ladder (its agents, scenarios, games, seed or"
                         " time control differ): use another --out directory")
    return store


# --- running ---------------------------------------------------------------------------------


Task = dict[str, Any]


def _game_key(ladder: Ladder) -> dict[str, str]:
    """The ladder's game where its files name it: a game other than Colonial Twilight."""
    return {} if ladder.game == known.DEFAULT else {"game": ladder.game}


def tasks(ladder: Ladder, games: Iterable[dict[str, Any]], referee: str | None) -> list[Task]:
    """Each game to play. Its record's header numbers it: ``game`` (an integer) in a Colonial
    Twilight ladder, as always; ``game_number`` in another game's, whose ``game`` is the
    game's name (docs/records.md)."""
    number = "game" if ladder.game == known.DEFAULT else "game_number"
    return [{"id": g["id"], **_game_key(ladder), "scenario": g["scenario"],
             "gov_spec": g["gov_spec"], "fln_spec": g["fln_spec"], "seed": g["seed"],
             "salt": g["salt"], "time": ladder.time.to_dict(), "referee": referee,
             "header": {"ladder": ladder.name, number: g["id"],
                        "pairing": {"gov": g["gov"], "fln": g["fln"]}}} for g in games]


# An executor plays tasks and yields their outcomes (run_task's) in any order.
Executor = Callable[[list[Task]], Iterator[dict[str, Any]]]


def serial(todo: list[Task]) -> Iterator[dict[str, Any]]:
    for t in todo:
        yield run_task(t)


def _worker_signals() -> None:
    """Ctrl-C stops the ladder, which stops its workers: they ignore it, and end quietly when
    terminated (whatever handlers the ladder's process had when it forked them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def processes(jobs: int) -> Executor:
    """Games in ``jobs`` worker processes on this machine."""
    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        with multiprocessing.Pool(jobs, initializer=_worker_signals) as pool:
            yield from pool.imap_unordered(run_task, todo)
    return run


@dataclass
class Summary:
    played: int
    total: int
    errors: list[str]
    games: list[dict[str, Any]]     # the games played (store rows), in schedule order
    report: str | None              # report.html, once a game is played
    found: int = 0                  # games found played when this run started (a resumed run)


def run(ladder: Ladder, out: str, executor: Executor = serial, referee: str | None = None,
        on_game: Callable[[int, int], None] | None = None,
        sign_key: str | None = None) -> Summary:
    """Play the ladder's games not yet played; each result is stored (and its record written)
    as it comes, so an interruption loses only the games in progress. At the end the results
    manifest covering every game played is signed (``sign_key``, a PEM Ed25519 private key;
    by default the key kept in ``out/private/``, made on the first run: manifest.py)."""
    store = open_ladder(ladder, out)
    try:
        key = manifest.signing_key(out, sign_key, store.meta("signing_key"))
        store.set_meta("signing_key", manifest.fingerprint(key.public_key()))
        total = len(store.games())
        todo = tasks(ladder, [g for g in store.games() if g["status"] != "done"], referee)
        done = total - len(todo)
        errors: list[str] = []
        try:
            for outcome in executor(todo):
                gid = int(outcome["id"])
                if "error" in outcome:
                    errors.append(f"game {gid}: {outcome['error']}")
                    store.fail(gid, outcome["error"])
                else:
                    path = os.path.join(out, "games", f"GAME-{gid:05d}.jsonl")
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(outcome["record"])
                    outcome["sha256"] = manifest.file_sha256(path)
                    store.finish(gid, outcome, os.path.relpath(path, out))
                    done += 1
                if on_game:
                    on_game(done, total)
        finally:   # an interrupted run signs the games it kept too
            manifest.write(out, ladder.name, ladder.game, total, store.games("done"), key)
        if done == total:
            _write_json(os.path.join(out, "reveal.json"), {
                "ladder": ladder.name, **_game_key(ladder), "games": [
                {k: g[k] for k in ("id", "commitment", "seed", "salt")} for g in store.games()]})
        played = store.games("done")
        report = write_report(out, ladder.name, played) if played else None
        return Summary(done, total, errors, played, report, total - len(todo))
    finally:
        store.close()
