"""Traces of seeded random games of every scenario of the three games, one hash per decision, for
the differential test of the compiled engines against the interpreted ones
(tests/test_compiled.py). Each step hashes the legal moves, the answers to a few refused moves
(error class and message), the move chosen, the log and the new state's text, and in Colonial
Twilight (whose wording is compiled too) the labels of the legal moves and of the log. And Short
games of Colonial Twilight whose FLN is the non-player FLN (engine.bot, partly compiled): each of
its decisions hashes its moves, its reasons and the state after them.

    python tests/engine_trace.py GAMES     (prints {"compiled": bool, "traces": {...}} as JSON)

Run as a script over a copy of the packages' Python source only, it traces the interpreted
engines; imported, whatever the build installed.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from functools import partial
from typing import Any, Callable

MAX_STEPS = 6000  # a Full game of Colonial Twilight takes about 2,000 decisions


def _games() -> list[tuple[str, Any, Callable[[int], Any]]]:
    """(name, rules module, new_game(seed)) for every scenario of every game."""
    import algeria
    import engine
    import insurgent
    from algeria.data import SCENARIOS as ALGERIA_SCENARIOS
    from engine.data import SCENARIOS

    out: list[tuple[str, Any, Callable[[int], Any]]] = []
    for sc in SCENARIOS:
        out.append((f"ct/{sc}", engine, partial(engine.new_game, sc)))
    for sc in ALGERIA_SCENARIOS:
        out.append((f"algeria/{sc}", algeria, partial(algeria.new_game, sc)))
    for bot in (False, True):
        out.append((f"insurgent/french_bot={bot}", insurgent,
                    partial(insurgent.new_game, None, options={"french_bot": bot})))
    return out


def _refused(m: dict[str, Any]) -> list[dict[str, Any]]:
    """Moves the engine must refuse: an unknown kind, an unknown field, a field of a wrong type."""
    bad: list[dict[str, Any]] = [{"t": "no_such_move"}, {**m, "zz_unknown": 1}]
    for k, v in m.items():
        if k != "t":
            bad.append({**m, k: [v]})
            break
    return bad


def _digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _wording(rules: Any) -> Callable[[Any, list[Any], list[Any]], list[Any]] | None:
    """Where a game's wording is compiled (Colonial Twilight's): the labels of a position's legal
    moves and of the log of the move played there (``Callable(state, moves, log)``)."""
    import engine

    if rules is not engine:
        return None
    from engine.labels import log_label, move_labels

    return lambda s, moves, log: [move_labels(s, moves), [log_label(e) for e in log]]


def trace(rules: Any, s: Any, seed: int) -> list[str]:
    """One hash per decision of a random game from ``s`` (moves chosen with ``seed``)."""
    r = random.Random(seed)
    labels = _wording(rules)
    out = [_digest(rules.to_json(s))]
    for step in range(MAX_STEPS):
        if rules.to_move(s) is None:
            break
        moves = rules.legal_moves(s)
        m = r.choice(moves)
        errors = []
        if step % 7 == 0:  # the refusals cost as much as the moves: a sample of the decisions
            for bad in _refused(m):
                try:
                    rules.apply(s, bad)
                    errors.append("accepted")
                except Exception as e:  # noqa: BLE001 - the class and message are compared
                    errors.append(f"{type(e).__name__}: {e}")
        after, log = rules.apply(s, m)
        words = [] if labels is None else labels(s, moves, log)
        s = after
        out.append(_digest(moves, errors, m, log, rules.to_json(s), words))
    return out


def bot_trace(s: Any, seed: int) -> list[str]:
    """One hash per decision of a game from ``s`` in which the non-player FLN decides for the
    FLN (``engine.bot.decide`` with ``seed``) and the Government moves at random (with
    ``seed``)."""
    import engine
    from engine.bot import decide

    r = random.Random(seed)
    out = [_digest(engine.to_json(s))]
    for step in range(MAX_STEPS):
        who = engine.to_move(s)
        if who is None:
            break
        if who == "fln":
            moves, s, reasons = decide(s, seed)
            out.append(_digest(moves, reasons, engine.to_json(s)))
        else:
            s, log = engine.apply(s, r.choice(engine.legal_moves(s)))
            out.append(_digest(log, engine.to_json(s)))
    return out


def traces(games: int) -> dict[str, list[str]]:
    """``games`` seeded games of every scenario (seeds 0 to games-1), and twice as many Short
    games against the non-player FLN (they are quick): name/seed -> hashes."""
    import engine

    out = {f"{name}/seed={seed}": trace(rules, new_game(seed), seed)
           for name, rules, new_game in _games() for seed in range(games)}
    for seed in range(2 * games):
        out[f"ct/short/fln_bot/seed={seed}"] = bot_trace(
            engine.new_game("short", seed, {"fln_bot": True}), seed)
    return out


if __name__ == "__main__":
    import referee_core

    print(json.dumps({"compiled": referee_core.compiled(), "traces": traces(int(sys.argv[1]))}))
