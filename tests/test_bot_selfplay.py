"""Self-play of the non-player FLN against a uniformly random Government (every scenario and option,
managed and external chance): every bot decision is legal, replays to its state, and the games end.
Also the selfplay CLI's output line: 20 Short games through it (300 under ``--long``,
tests/long.py)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import engine
from engine.bot import decide
from engine.bot import selfplay
from engine.machine import apply, apply_all, legal_moves, to_move
from tests.long import sized

SELFPLAY_GAMES = sized(20, 300)   # of the Short scenario, through the selfplay CLI


def play(scenario: str, seed: int, options: dict[str, Any] | None = None) -> engine.State:
    """One game; in external chance mode the dice and cards are drawn at random by the test."""
    rnd = random.Random(seed)
    opts = {"fln_bot": True}
    opts.update(options or {})
    s = engine.new_game(scenario, seed, opts)
    steps = 0
    while to_move(s) is not None:
        steps += 1
        assert steps < 20_000
        if to_move(s) == "fln":
            moves, after, trace = decide(s, seed + steps)
            assert moves, trace
            replay, _ = apply_all(s, moves)
            assert engine.to_json(replay) == engine.to_json(after)
            assert not any("policy error" in e["text"] for e in trace), trace
            s = after
        else:
            s, _ = apply(s, rnd.choice(legal_moves(s)))
    assert s.result is not None
    return s


def test_short_games() -> None:
    for seed in range(sized(4, 12)):
        play("short", seed)


@pytest.mark.parametrize("scenario", ["medium", "full"])
def test_longer_scenarios(scenario: str) -> None:
    for seed in range(2):
        play(scenario, 100 + seed)


@pytest.mark.parametrize("options", [{"open_deployment": True}, {"deception": True},
                                     {"reveal_capabilities": True}])
def test_game_options(options: dict[str, Any]) -> None:
    play("short", 7, options)


def test_external_chance_resumes_between_dice() -> None:
    """With external chance the bot stops at each die or card it needs and resumes from any
    point of its own action on the next call."""
    for seed in range(3):
        play("short", 40 + seed, {"chance": "external"})


def test_selfplay_cli_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["--scenario", "short", "--games", "3", "--seed", "5", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"games=3 completed=3 illegal=0 violations=0 event_decisions=\d+ "
                        r"map_takes=\d+ guard_checks=\d+ fln_wins=\d+ gov_wins=\d+ "
                        r"mean_ms_per_bot_decision=\d+\.\d+", last)


def test_short_games_zero_illegal_zero_violations(capsys: pytest.CaptureFixture[str]) -> None:
    """Self-play of 40 Short games (300 under ``--long``): zero illegal moves, and zero
    violations of the Event invariants (engine.bot.invariants): every Event the bot executes has
    an effect (8.3), every Guerrilla it takes from the map follows 8.1.2, #12 obeys the March
    guards, no Event choice gives up its own Opposition, no Operation or Special Activity exposes
    an FLN Base (Morocco and Tunisia included) or breaks the March guards (8.4.2, 8.4.4, 8.4.6)."""
    n = SELFPLAY_GAMES
    assert selfplay.main(["--scenario", "short", "--games", str(n), "--seed", "2000",
                          "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    m = re.match(rf"games={n} completed={n} illegal=0 violations=0 event_decisions=(\d+) "
                 r"map_takes=(\d+) guard_checks=(\d+) ", last)
    assert m is not None, last
    # the checks did run: over 10 of each per 3 games (about 15 per game are seen)
    assert all(int(m.group(i)) > 10 * n // 3 for i in (1, 2, 3))
