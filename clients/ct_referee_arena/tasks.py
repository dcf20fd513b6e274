"""One game as a task: plain JSON in, plain JSON out, so that it runs the same in this process,
in a pool of processes (``--jobs``) or on a queue worker anywhere (``ct-referee worker``)."""

from __future__ import annotations

import traceback
from typing import Any

from .game import TimeControl, play_game
from .games import DEFAULT
from .referee import connect


def run_task(task: dict[str, Any]) -> dict[str, Any]:
    """The game's outcome (``ct_referee_arena.game.play_game``) with its ``id``, or
    ``{"id", "error"}`` when the game could not be played (the referee failed, not an agent)."""
    try:
        referee = connect(task.get("referee"))
    except Exception as e:  # noqa: BLE001 - reported to the ladder, which plays it again later
        return {"id": task["id"], "error": f"{type(e).__name__}: {e}"}
    try:
        out = play_game(task["gov_spec"], task["fln_spec"], task["scenario"], task["seed"],
                        referee=referee, game=task.get("game", DEFAULT), time_control=TimeControl(**task.get("time", {})),
                        salt=task["salt"], header=task.get("header"))
        return {"id": task["id"], **out}
    except Exception as e:  # noqa: BLE001
        detail = traceback.format_exception_only(type(e), e)[-1].strip()
        return {"id": task["id"], "error": detail}
    finally:
        referee.close()
