"""In-process agents for the tests (``py:tests.arena.misbehaving:NAME``): one that plays well,
and one for each way an agent can lose a game by itself."""

from __future__ import annotations

import json
import os
import random
import time
from typing import Any

__version__ = "7.1"


def first(msg: dict[str, Any]) -> dict[str, Any]:
    return {"move": msg["legal_moves"][0]}


class Labelled:
    """A class agent (one instance per game) that sends its move back with a label key."""

    name = "labelled"
    version = "2.0"

    def __init__(self) -> None:
        self.turns = 0

    def turn(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.turns += 1
        assert msg["view"]["role"] == msg["role"]
        move = msg["legal_moves"][-1]
        assert move["label"]       # listed moves come with their labels
        return {"move": move}      # sent back as listed, label included


def raises(msg: dict[str, Any]) -> dict[str, Any]:
    raise KeyError("no idea")


def unlisted(msg: dict[str, Any]) -> dict[str, Any]:
    return {"move": {"t": "op", "op": "teleport"}}


def malformed(msg: dict[str, Any]) -> Any:
    return "pass"


def not_a_move(msg: dict[str, Any]) -> Any:
    return {"move": {"op": "rally"}}


def slow(msg: dict[str, Any]) -> dict[str, Any]:
    time.sleep(0.3)
    return first(msg)


class BrokenInit:
    def __init__(self) -> None:
        raise RuntimeError("cannot start")

    def turn(self, msg: dict[str, Any]) -> dict[str, Any]:
        return first(msg)


def long_error(msg: dict[str, Any]) -> dict[str, Any]:
    raise RuntimeError("x" * 5000 + "\n\x1b[31mmore")


class Recorder:
    """Plays the first listed move and appends every message it is sent to the file
    ``$ARENA_TEST_LOG`` names (it plays in a process of its own)."""

    name = "recorder"
    version = "1"

    def keep(self, msg: dict[str, Any]) -> None:
        with open(os.environ["ARENA_TEST_LOG"], "a", encoding="utf-8") as f:
            f.write(json.dumps(msg) + "\n")

    def hello(self, msg: dict[str, Any]) -> None:
        self.keep(msg)

    def turn(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.keep(msg)
        return {"move": msg["legal_moves"][0]}

    def end(self, msg: dict[str, Any]) -> None:
        self.keep(msg)


def endless(msg: dict[str, Any]) -> dict[str, Any]:
    """Never answers (and never sleeps: it holds its core until it is stopped)."""
    while True:
        pass


def _first(path: str) -> bool:
    """Whether this process is the first to create ``path`` (which it then does)."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


class Dawdler:
    """Takes its time before a game (4 s), then plays the first listed move. With
    ARENA_TEST_DAWDLE_ONCE naming a file, only the first of the dawdlers started with it takes
    its time (the one that creates the file)."""

    def hello(self, msg: dict[str, Any]) -> dict[str, Any]:
        once = os.environ.get("ARENA_TEST_DAWDLE_ONCE")
        if not once or _first(once):
            time.sleep(4)
        return {"name": "dawdler"}

    def turn(self, msg: dict[str, Any]) -> dict[str, Any]:
        return first(msg)


class Seeded:
    """Chooses at random among the listed moves, from the seed it is given for the game."""

    def hello(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.seed = msg["seed"]
        self.rng = random.Random(self.seed)
        return {"name": "seeded"}

    def turn(self, msg: dict[str, Any]) -> dict[str, Any]:
        assert msg["seed"] == self.seed
        return {"move": self.rng.choice(msg["legal_moves"])}
