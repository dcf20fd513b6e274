"""One game as a task: plain JSON in, plain JSON out, so that it runs the same in this process,
in a pool of processes (``--jobs``) or on a queue worker anywhere (``ct-referee worker``).

A task (``ladder.tasks``)::

    {"id": 3, "game": "algeria",               # "game" only for a game other than the default
     "scenario": "1954", "gov_spec": "random", "fln_spec": "cmd:...", "seed": 12, "salt": "ab..",
     "time": {"per_game": 60, "per_move": 5}, "referee": null,
     "header": {"ladder": "demo", "game_number": 3, "pairing": {"gov": "r", "fln": "b"}}}

A worker takes its tasks from a queue anyone with write access to Redis may write to, so
``check_task`` holds each one to that form before it is played.
"""

from __future__ import annotations

import traceback
from typing import Any

from .agents import Unavailable, excerpt
from .game import TimeControl, play_game
from .games import DEFAULT, SCENARIOS
from .referee import connect

TASK_KEYS = {"id", "game", "scenario", "gov_spec", "fln_spec", "seed", "salt", "time",
             "referee", "header"}
SPEC_MAX = 1000      # characters of an agent spec or a referee address
NAME_MAX = 200       # characters of a name in a record's header (ladder, agents)


class BadTask(ValueError):
    """A task that is not of the form ``ladder.tasks`` writes: the message names the field."""


def _need(ok: bool, field: str, what: str) -> None:
    if not ok:
        raise BadTask(f"task: {field}: {what}")


def _is_int(x: Any, low: int, high: int) -> bool:
    return type(x) is int and low <= x <= high


def _is_text(x: Any, limit: int, empty: bool = False) -> bool:
    return isinstance(x, str) and (empty or x != "") and len(x) <= limit and x.isprintable()


def check_task(task: Any) -> dict[str, Any]:
    """``task`` when it has the form of a ladder's task (see the module's docstring);
    ``BadTask`` naming the first field that does not."""
    _need(isinstance(task, dict), "the task", "a JSON object")
    extra = sorted(set(task) - TASK_KEYS)
    _need(not extra, ", ".join(map(str, extra)), f"unknown; a task has {sorted(TASK_KEYS)}")
    missing = sorted(TASK_KEYS - {"game", "referee"} - set(task))
    _need(not missing, ", ".join(missing), "missing")
    _need(_is_int(task["id"], 1, 2**31), "id", "a positive integer")
    game = task.get("game", DEFAULT)
    _need(isinstance(game, str) and game in SCENARIOS, "game", f"one of {sorted(SCENARIOS)}")
    _need(task["scenario"] in SCENARIOS[game], "scenario", f"one of {list(SCENARIOS[game])}")
    for side in ("gov_spec", "fln_spec"):
        _need(_is_text(task[side], SPEC_MAX), side,
              f"an agent spec (a printable string of at most {SPEC_MAX} characters)")
    _need(_is_int(task["seed"], 0, 2**63 - 1), "seed", "an integer from 0 to 2**63-1")
    salt = task["salt"]
    _need(isinstance(salt, str) and len(salt) <= 64
          and all(c in "0123456789abcdef" for c in salt), "salt", "at most 64 hex digits")
    t = task["time"]
    _need(isinstance(t, dict) and set(t) <= {"per_game", "per_move"} and all(
        v is None or (type(v) in (int, float) and 0 < v < 10**7) for v in t.values()), "time",
        "an object with per_game and/or per_move: null or seconds > 0")
    ref = task.get("referee")
    _need(ref is None or _is_text(ref, SPEC_MAX), "referee", "null or a referee's address")
    _check_header(task["header"], game)
    checked: dict[str, Any] = task
    return checked


def _check_header(h: Any, game: str) -> None:
    number = "game" if game == DEFAULT else "game_number"
    _need(isinstance(h, dict) and set(h) == {"ladder", number, "pairing"}, "header",
          f"an object with ladder, {number} and pairing")
    _need(_is_text(h["ladder"], NAME_MAX, empty=True), "header.ladder", "the ladder's name")
    _need(_is_int(h[number], 1, 2**31), f"header.{number}", "a positive integer")
    p = h["pairing"]
    _need(isinstance(p, dict) and set(p) == {"gov", "fln"}
          and all(_is_text(v, NAME_MAX) for v in p.values()), "header.pairing",
          "an object with the gov and fln agents' names")


def run_task(task: dict[str, Any]) -> dict[str, Any]:
    """The game's outcome (``ct_referee_arena.game.play_game``) with its ``id``, or
    ``{"id", "error"}`` when the game could not be played (the referee failed, or an agent
    could not be started here: not the agent's fault in play)."""
    try:
        referee = connect(task.get("referee"))
    except Exception as e:  # noqa: BLE001 - reported to the ladder, which plays it again later
        return {"id": task["id"], "error": f"{type(e).__name__}: {excerpt(str(e))}"}
    try:
        out = play_game(task["gov_spec"], task["fln_spec"], task["scenario"], task["seed"],
                        referee=referee, game=task.get("game", DEFAULT),
                        time_control=TimeControl(**task.get("time", {})),
                        salt=task["salt"], header=task.get("header"))
        return {"id": task["id"], **out}
    except Unavailable as e:
        return {"id": task["id"], "error": excerpt(str(e), 600)}
    except Exception as e:  # noqa: BLE001
        detail = traceback.format_exception_only(type(e), e)[-1].strip()
        return {"id": task["id"], "error": excerpt(detail, 600)}
    finally:
        referee.close()
