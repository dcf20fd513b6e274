"""The referee service as the ladder's referee (``--referee``): REST and gRPC servers on port 0
play the same games, move for move, as the engine in process."""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path

import pytest

from ct_referee_arena import ladder as lad
from ct_referee_arena import tasks
from ct_referee_arena.fair import verify_record
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import LocalReferee, ServiceReferee, check, connect
from ct_referee_client import RETRY_FOR
from tests.service.conftest import Servers


def body(record: str) -> list[str]:
    return record.splitlines()[1:]


@pytest.mark.parametrize("transport", ["rest", "grpc"])
@pytest.mark.parametrize("fln", ["random", "fln-bot"])
def test_the_service_plays_the_engines_game(servers: Servers, transport: str,
                                            fln: str) -> None:
    url = servers.http if transport == "rest" else f"grpc://{servers.grpc}"
    ref = connect(url)
    assert isinstance(ref, ServiceReferee)
    try:
        remote = play_game("random", fln, "short", 9, referee=ref, salt="x")
    finally:
        ref.close()
    local = play_game("random", fln, "short", 9, referee=LocalReferee(), salt="x")
    assert body(remote["record"]) == body(local["record"])
    assert json.loads(remote["record"].splitlines()[0])["referee"] == url
    assert verify_record(remote["record"].splitlines()).ok


def test_a_view_through_the_service_is_the_local_view(servers: Servers) -> None:
    seen: dict[str, object] = {}
    for name, ref in (("local", LocalReferee()), ("rest", connect(servers.http))):
        pos = ref.new_game("short", 3, {})
        seen[name] = pos.view(pos.to_move or "gov")
        ref.close()
    assert seen["local"] == seen["rest"]


def test_an_illegal_move_through_the_service_loses(servers: Servers) -> None:
    ref = connect(servers.http)
    try:
        out = play_game("py:tests.arena.misbehaving:unlisted", "random", "short", 2,
                        referee=ref, salt="x")
    finally:
        ref.close()
    assert out["forfeit"]["kind"] == "illegal" and "teleport" in out["forfeit"]["detail"]


def test_a_ladder_through_the_service(servers: Servers, tmp_path: Path) -> None:
    ladder = lad.from_dict({"name": "svc", "games": 2, "seed": 5,
                            "agents": [{"name": "r", "spec": "random"}]})
    s = lad.run(ladder, str(tmp_path), lad.serial, referee=f"grpc://{servers.grpc}")
    assert (s.played, s.errors) == (2, [])


def test_an_unreachable_service_is_an_error_not_a_result(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's referee is retried for its window (shortened here: the window itself is
    tests/service/test_client_retry.py's), then the game is an error of the run, not a result."""
    monkeypatch.setattr(tasks, "connect", partial(connect, retry_for=1.0))
    ladder = lad.from_dict({"name": "down", "games": 1, "seed": 5,
                            "agents": [{"name": "r", "spec": "random"}]})
    s = lad.run(ladder, str(tmp_path), lad.serial, referee="http://127.0.0.1:9")
    assert s.played == 0 and len(s.errors) == 1 and "game 1" in s.errors[0]


def test_a_referee_named_for_a_ladder_that_does_not_answer_is_said_at_once() -> None:
    """Before a run, an address where no referee answers is refused after CHECK_RETRY_FOR
    seconds of retries, not the RETRY_FOR a run waits for a referee that restarts."""
    t0 = time.monotonic()
    with pytest.raises(ValueError, match="no referee answers there"):
        check("http://127.0.0.1:9")
    assert time.monotonic() - t0 < RETRY_FOR


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_an_agent_gets_the_services_labels_and_may_send_them_back(servers: Servers,
                                                                  transport: str) -> None:
    url = servers.http if transport == "rest" else f"grpc://{servers.grpc}"
    ref = connect(url)
    try:   # the Labelled agent checks each listed move has a label and answers with it
        out = play_game("random", "py:tests.arena.misbehaving:Labelled", "short", 4,
                        referee=ref, salt="x")
    finally:
        ref.close()
    assert out["forfeit"] is None, out["forfeit"]
    local = play_game("random", "py:tests.arena.misbehaving:Labelled", "short", 4,
                      referee=LocalReferee(), salt="x")
    assert body(out["record"]) == body(local["record"])


def test_a_sealing_service_is_refused_before_any_game(tmp_path: Path) -> None:
    """A referee that seals deals from its own seed: a ladder's committed seed would not replay
    the records, so the game is refused with what to do, never recorded."""
    from service.config import Config
    from tests.service.conftest import start_servers

    sealed = start_servers(Config(http_port=0, grpc_port=0, secret=b"s" * 32, seal=True))
    try:
        with pytest.raises(ValueError, match="serve the match's referee with --no-seal"):
            ServiceReferee(sealed.http).new_game("short", 5, {})
    finally:
        sealed._stop()
