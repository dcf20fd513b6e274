"""*INSURGENT: Algeria* in the arena: ``random`` plays either side, ``french-bot`` (the automated
French of the Solo Variant, insurgent.bots) plays the French and makes the game a solo game
(option ``french_bot``); a pairing's ``gov`` seat is the side fighting the FLN, the French
(ct_referee_arena.games.side). Ladders of random against random (hotseat games) and random FLN
against the automaton play through the referee in process and through a served one, and every
record and the signed results directory verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ct_referee_arena import ladder as lad
from ct_referee_arena.agents import sides
from ct_referee_arena.fair import verify_record
from ct_referee_arena.game import play_game
from ct_referee_arena.manifest import verify_dir
from ct_referee_arena.referee import LocalReferee, connect
from ct_referee_arena.report import forfeit_rows
from ct_referee_arena.stats import ratings, tallies
from tests.service.conftest import Servers

LADDER = {"name": "ins", "game": "insurgent", "games": 3, "seed": 22,
          "agents": [{"name": "rnd", "spec": "random"},
                     {"name": "auto", "spec": "french-bot"}]}


def test_the_automaton_plays_the_french_of_a_solo_game_only() -> None:
    assert sides("french-bot", "insurgent") == ("gov",)
    assert sides("random", "insurgent") == ("gov", "fln")
    with pytest.raises(ValueError, match="INSURGENT"):
        sides("french-bot", "algeria")
    with pytest.raises(ValueError, match="INSURGENT"):
        sides("fln-bot", "insurgent")
    out = play_game("french-bot", "random", "standard", 1, referee=LocalReferee(),
                    game="insurgent", salt="a")
    head = json.loads(str(out["record"]).splitlines()[0])
    assert head["options"] == {"french_bot": True} and head["game"] == "insurgent"
    assert set(head["agents"]) == {"fln", "french"}
    assert head["agents"]["french"]["name"] == "french-bot"
    assert out["forfeit"] is None and out["winner"] in ("fln", "french")
    assert set(out["seconds"]) == {"fln", "french"}
    hot = play_game("random", "random", "standard", 1, referee=LocalReferee(),
                    game="insurgent", salt="a")
    assert json.loads(str(hot["record"]).splitlines()[0])["options"] == {}


def test_a_forfeit_names_the_game_side_and_verifies() -> None:
    """The automaton cannot play the FLN: it forfeits as the FLN, the French win, and the
    record proves it (the result line names the game's sides)."""
    out = play_game("random", "french-bot", "standard", 2, referee=LocalReferee(),
                    game="insurgent", salt="b")
    assert out["forfeit"] == {"side": "fln", "kind": "crash",
                              "detail": "french-bot plays the FRENCH only"}
    assert out["winner"] == "french"
    v = verify_record(str(out["record"]).splitlines(), game="insurgent")
    assert v.ok, v.problems
    row = {"id": 1, "game": "insurgent", "scenario": "standard", "gov": "r", "fln": "auto",
           "outcome": json.dumps({"forfeit": out["forfeit"]})}
    assert forfeit_rows([row])[1][4] == "FLN (auto)"


@pytest.mark.parametrize("where", ["local", "service"])
def test_ladders_of_random_and_the_automaton(tmp_path: Path, servers: Servers,
                                             where: str) -> None:
    """random vs random (hotseat) and the random FLN vs the automaton (solo), three games a
    pairing; every record verifies, the results directory too, and the tallies and ratings
    count the French in the gov seat (a draw for neither)."""
    ladder = lad.from_dict(LADDER)
    assert {(g.name, f.name) for _, g, f in ladder.pairings()} == {("rnd", "rnd"),
                                                                     ("auto", "rnd")}
    referee = None if where == "local" else f"grpc://{servers.grpc}"
    s = lad.run(ladder, str(tmp_path), lad.serial, referee=referee)
    assert (s.played, s.errors) == (6, [])
    for g in s.games:
        assert g["forfeit_side"] is None and g["winner"] in ("fln", "french", None)
        rec = (tmp_path / g["record"]).read_text().splitlines()
        options = json.loads(rec[0])["options"]
        assert options == ({"french_bot": True} if g["gov"] == "auto" else {})
        v = verify_record(rec, game="insurgent")
        assert v.ok, v.problems
    report = verify_dir(str(tmp_path))
    assert report.ok, report.head + report.lines
    assert sum(": VERIFIED: " in x for x in report.lines) == 6
    for t in tallies(s.games):
        won = sum(1 for g in s.games if (g["gov"], g["fln"]) == (t.gov, t.fln)
                  and g["winner"] == "french")
        draws = sum(1 for g in s.games if (g["gov"], g["fln"]) == (t.gov, t.fln)
                    and g["winner"] is None)
        assert (t.gov_wins, t.draws, t.fln_wins) == (won, draws, 3 - won - draws)
    rs, _ = ratings(s.games)
    assert {("auto", "gov"), ("rnd", "fln"), ("rnd", "gov")} == {(r.agent, r.side) for r in rs}


def test_the_same_game_in_process_and_through_the_service(servers: Servers) -> None:
    local = play_game("french-bot", "random", "standard", 9, referee=LocalReferee(),
                      game="insurgent", salt="s")
    for url in (f"grpc://{servers.grpc}", servers.http):
        ref = connect(url)
        try:
            remote = play_game("french-bot", "random", "standard", 9, referee=ref,
                               game="insurgent", salt="s")
        finally:
            ref.close()
        assert str(remote["record"]).splitlines()[1:] == str(local["record"]).splitlines()[1:]
