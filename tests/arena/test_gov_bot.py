"""The Government bot as the built-in agent ``gov-bot``: Government only, deterministic for the
game's seed, the same game in process and through the referee service."""

from __future__ import annotations

import json

import pytest

from ct_referee_arena.agents import sides
from ct_referee_arena.fair import verify_record
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import LocalReferee, connect
from tests.service.conftest import Servers


@pytest.fixture(scope="module")
def local_game() -> dict[str, object]:
    return play_game("gov-bot", "fln-bot", "short", 3, referee=LocalReferee(), salt="s")


def test_gov_bot_plays_the_government_only() -> None:
    assert sides("gov-bot") == ("gov",)
    out = play_game("random", "gov-bot", "short", 3, referee=LocalReferee(), salt="s")
    assert out["forfeit"] == {"side": "fln", "kind": "crash",
                              "detail": "gov-bot plays the GOV only"}


def test_gov_bot_against_the_fln_bot(local_game: dict[str, object]) -> None:
    assert local_game["forfeit"] is None
    head = json.loads(str(local_game["record"]).splitlines()[0])
    assert head["agents"]["gov"]["name"] == "gov-bot" and head["options"] == {"fln_bot": True}
    assert verify_record(str(local_game["record"]).splitlines()).ok
    again = play_game("gov-bot", "fln-bot", "short", 3, referee=LocalReferee(), salt="s")
    assert again["record"] == local_game["record"]          # deterministic for the seed


def test_gov_bot_through_the_service(servers: Servers, local_game: dict[str, object]) -> None:
    ref = connect(servers.http)
    try:
        remote = play_game("gov-bot", "fln-bot", "short", 3, referee=ref, salt="s")
    finally:
        ref.close()
    assert str(remote["record"]).splitlines()[1:] == str(local_game["record"]).splitlines()[1:]
