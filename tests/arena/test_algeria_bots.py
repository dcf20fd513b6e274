"""Algeria's bots as the built-in agents ``gov-bot`` and ``fln-bot`` (the game's own bots,
service.games.Game.bots; docs/algeria/bots.md): each plays its side only, a ladder of the bots
and ``random`` plays and rates them, and a game between the bots is the same in process and
through the referee service."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ct_referee_arena import ladder as lad
from ct_referee_arena.agents import sides
from ct_referee_arena.fair import verify_record
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import LocalReferee, connect
from ct_referee_arena.stats import ratings
from tests.long import sized
from tests.service.conftest import Servers


def test_each_bot_plays_its_side_of_algeria() -> None:
    assert sides("gov-bot", "algeria") == ("gov",)
    assert sides("fln-bot", "algeria") == ("fln",)
    out = play_game("fln-bot", "random", "1960", 1, referee=LocalReferee(), game="algeria")
    assert out["forfeit"] == {"side": "gov", "kind": "crash",
                              "detail": "fln-bot plays the FLN only"}


def test_a_ladder_of_the_bots_against_random(tmp_path: Path) -> None:
    """1960, a game a pairing (two under ``--long``, tests/long.py): each bot against random and
    the bots against each other; the records verify, and each bot wins most of its games against
    random (docs/algeria/bots.md: 95 % and more)."""
    games = sized(1, 2)
    ladder = lad.from_dict({"name": "alg-bots", "game": "algeria", "scenarios": ["1960"],
                            "games": games, "seed": 40,
                            "agents": [{"name": "rnd", "spec": "random"},
                                       {"name": "gb", "spec": "gov-bot"},
                                       {"name": "fb", "spec": "fln-bot"}]})
    assert {(g.name, f.name) for _, g, f in ladder.pairings()} == {
        ("rnd", "rnd"), ("gb", "rnd"), ("rnd", "fb"), ("gb", "fb")}
    s = lad.run(ladder, str(tmp_path), lad.serial)
    assert (s.played, s.errors) == (4 * games, [])
    for g in s.games:
        assert g["forfeit_side"] is None
        rec = (tmp_path / g["record"]).read_text().splitlines()
        assert verify_record(rec, game="algeria").ok
    vs_random = [g for g in s.games if {g["gov"], g["fln"]} in ({"gb", "rnd"}, {"rnd", "fb"})]
    wins = sum(1 for g in vs_random if g["winner"] == ("gov" if g["gov"] == "gb" else "fln"))
    assert len(vs_random) == 2 * games and wins > games   # most: 3 of 4, 2 of 2
    rs, _ = ratings(s.games)
    assert {("gb", "gov"), ("fb", "fln")} <= {(r.agent, r.side) for r in rs}


def test_the_bots_through_the_service(servers: Servers) -> None:
    # 1958 seed 2: a game of about 900 record lines (other seeds run to 6,000 since the bots
    # play the long war, docs/algeria/bots.md)
    local = play_game("gov-bot", "fln-bot", "1958", 2, referee=LocalReferee(), game="algeria",
                      salt="s")
    assert local["forfeit"] is None
    head = json.loads(str(local["record"]).splitlines()[0])
    assert head["options"] == {"fln_bot": True} and head["game"] == "algeria"
    ref = connect(f"grpc://{servers.grpc}")
    try:
        remote = play_game("gov-bot", "fln-bot", "1958", 2, referee=ref, game="algeria",
                           salt="s")
    finally:
        ref.close()
    assert str(remote["record"]).splitlines()[1:] == str(local["record"]).splitlines()[1:]


@pytest.mark.parametrize("spec", ["gov-bot", "fln-bot"])
def test_a_bot_is_deterministic_for_the_seed(spec: str) -> None:
    gov, fln = (spec, "random") if spec == "gov-bot" else ("random", spec)
    a = play_game(gov, fln, "1954", 3, referee=LocalReferee(), game="algeria", salt="x")
    b = play_game(gov, fln, "1954", 3, referee=LocalReferee(), game="algeria", salt="x")
    assert a["record"] == b["record"]
