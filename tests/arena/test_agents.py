"""Agents of every kind play whole games; every way an agent can fail loses it that game, with the
reason in the record, and the record still verifies."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

from ct_referee_arena.fair import verify_record
from ct_referee_arena.game import TimeControl, play_game
from ct_referee_arena.referee import LocalReferee

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JS = f"cmd:node {ROOT}/examples/agents/first-move.js"
PY = "py:tests.arena.misbehaving"


def play(gov: str, fln: str, seed: int = 3, **kw: Any) -> dict[str, Any]:
    return play_game(gov, fln, "short", seed, referee=LocalReferee(), salt="s", **kw)


def lines(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(x) for x in out["record"].splitlines()]


def test_random_is_seeded_and_the_record_verifies() -> None:
    a, b = play("random", "random", 11), play("random", "random", 11)
    assert a["record"] == b["record"] and a["forfeit"] is None
    assert a["record"] != play("random", "random", 12)["record"]
    head, result = lines(a)[0], lines(a)[-1]["result"]
    assert head["agents"]["gov"] == {"spec": "random", "name": "random", "version": "0.1.0"}
    assert result["winner"] == a["winner"] and result["by"] == "victory"
    assert verify_record(a["record"].splitlines()).ok


def test_fln_bot_plays_the_non_player_with_its_victory_rule() -> None:
    out = play("random", "fln-bot", 5)
    assert lines(out)[0]["options"] == {"fln_bot": True}   # 8.6
    assert out["winner"] == "fln" and out["forfeit"] is None
    assert verify_record(out["record"].splitlines()).ok


def test_python_function_and_class_agents() -> None:
    out = play(f"{PY}:first", f"{PY}:Labelled")
    agents = lines(out)[0]["agents"]
    assert agents["gov"]["name"] == "tests.arena.misbehaving:first"
    assert agents["gov"]["version"] == "7.1"                 # the module's __version__
    assert agents["fln"] == {"spec": f"{PY}:Labelled", "name": "labelled", "version": "2.0"}
    assert out["forfeit"] is None
    moves = [m for m in lines(out)[1:] if "t" in m]
    assert moves and all("label" not in m for m in moves)  # the label is not recorded
    assert verify_record(out["record"].splitlines()).ok


def test_a_program_speaking_json_lines_in_another_language() -> None:
    out = play(JS, "random", 4, time_control=TimeControl(per_game=60, per_move=10))
    assert out["forfeit"] is None, out["forfeit"]
    assert lines(out)[0]["agents"]["gov"]["name"] == "first-move.js"
    assert lines(out)[0]["agents"]["gov"]["version"] == "1.0"
    assert verify_record(out["record"].splitlines()).ok


class _Bot(BaseHTTPRequestHandler):
    mode = "good"
    seen: list[dict[str, Any]] = []

    def do_POST(self) -> None:  # noqa: N802
        msg = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append(msg)
        if self.mode == "error":
            self.send_response(500)
            self.end_headers()
            return
        if self.mode == "slow" and msg["type"] == "turn":
            time.sleep(0.5)
        body: dict[str, Any] = {}
        if msg["type"] == "hello":
            body = {"name": "http-bot", "version": "3"}
        elif msg["type"] == "turn":
            body = {"move": msg["legal_moves"][0]}
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *a: Any) -> None:
        pass


@pytest.fixture
def http_bot() -> Iterator[tuple[str, type[_Bot]]]:
    handler = type("Bot", (_Bot,), {"seen": []})
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}/move", handler
    finally:
        srv.shutdown()
        srv.server_close()


def test_an_http_endpoint(http_bot: tuple[str, type[_Bot]]) -> None:
    url, handler = http_bot
    out = play("random", url, 6)
    assert out["forfeit"] is None
    assert lines(out)[0]["agents"]["fln"] == {"spec": url, "name": "http-bot", "version": "3"}
    turns = [m for m in handler.seen if m["type"] == "turn"]
    assert turns and {m["role"] for m in turns} == {"fln"}
    t = turns[0]
    assert set(t) == {"type", "game", "role", "prompt", "legal_moves", "view", "time_left",
                      "move_number", "seed"}
    assert {m["game"] for m in handler.seen} == {"colonial_twilight"}
    # The view is the role's: no deck order, no generator state.
    assert t["view"]["role"] == "fln" and "rng" not in t["view"]
    labels = [m["label"] for m in t["legal_moves"]]   # engine.labels, one per listed move
    assert all(isinstance(x, str) and x for x in labels) and len(set(labels)) == len(labels)
    assert "deck" not in t["view"].get("cards", {})
    assert handler.seen[-1]["type"] == "end" and handler.seen[-1]["result"]["winner"]


@pytest.mark.parametrize("mode,kind", [("error", "crash"), ("slow", "time")])
def test_an_http_endpoint_that_fails(http_bot: tuple[str, type[_Bot]], mode: str,
                                     kind: str) -> None:
    url, handler = http_bot
    handler.mode = mode
    out = play("random", url, 6, time_control=TimeControl(per_move=0.2))
    assert out["winner"] == "gov" and out["forfeit"]["side"] == "fln"
    assert out["forfeit"]["kind"] == kind


BAD = [  # (gov agent, kind of forfeit, words of the reason)
    (f"{PY}:raises", "crash", "KeyError"),
    (f"{PY}:unlisted", "illegal", "teleport"),
    (f"{PY}:malformed", "malformed", "expected"),
    (f"{PY}:not_a_move", "malformed", "not a move object"),
    (f"{PY}:slow", "time", "left"),
    (f"{PY}:BrokenInit", "crash", "cannot start"),
    (f"cmd:{sys.executable} -c \"input(); print('{{}}', flush=True)\"", "crash", "exited"),
    (f"cmd:{sys.executable} -c \"print('hello there')\"", "malformed", "not a JSON line"),
]


@pytest.mark.parametrize("gov,kind,words", BAD)
def test_a_failing_agent_loses_and_the_record_says_why(gov: str, kind: str,
                                                        words: str) -> None:
    out = play(gov, "random", 8, time_control=TimeControl(per_move=0.2))
    assert out["winner"] == "fln"
    f = out["forfeit"]
    assert (f["side"], f["kind"]) == ("gov", kind) and words in f["detail"], f
    result = lines(out)[-1]["result"]
    assert result == {"winner": "fln", "by": "forfeit", "forfeit": f}
    v = verify_record(out["record"].splitlines())
    assert v.ok, v.problems
    if kind == "illegal":   # verify checks that the rules refuse the answer there
        assert any("is illegal there" in x for x in v.facts)


ANSWER_HELLO = "import sys; sys.stdin.readline(); print('{}', flush=True); sys.stdin.readline()"


def test_a_programs_forfeit_ends_with_the_last_lines_of_its_stderr() -> None:
    code = ANSWER_HELLO + ("; [print(f'line {i}', file=sys.stderr) for i in range(50)]"
                           "; print('Traceback: boom ' + 'x' * 5000, file=sys.stderr)"
                           "; sys.exit(3)")
    out = play(f"cmd:{sys.executable} -c \"{code}\"", "random")
    detail = out["forfeit"]["detail"]
    assert out["forfeit"]["kind"] == "crash"
    assert detail.startswith("the program exited (status 3); stderr: ...xxx"), detail
    assert detail.endswith("x") and len(detail) < 400      # the end kept, bounded
    code = ANSWER_HELLO + "; print('one', file=sys.stderr); print('two', file=sys.stderr)"
    detail = play(f"cmd:{sys.executable} -c \"{code}\"", "random")["forfeit"]["detail"]
    assert detail == "the program exited (status 0); stderr: one | two"


@pytest.mark.parametrize("spec,words", [
    ("cmd:/nonexistent/agent", "cannot start /nonexistent/agent: No such file or directory"),
    ("cmd:python3.0 agent.py", "cannot start python3.0: No such file or directory"),
    (f"cmd:{sys.executable} /nonexistent/agent.py", "exited before answering hello (status 2)"
                                                   "; stderr: "),
    (f"cmd:{sys.executable} -c pass", "exited before answering hello (status 0)"),
])
def test_an_agent_that_cannot_start_here_loses_no_game(spec: str, words: str) -> None:
    from ct_referee_arena.agents import Unavailable
    from ct_referee_arena.tasks import run_task

    with pytest.raises(Unavailable, match="the gov agent .* could not be started on") as e:
        play(spec, "random")
    assert words in str(e.value), e.value
    out = run_task({"id": 4, "scenario": "short", "gov_spec": spec, "fln_spec": "random",
                    "seed": 1, "salt": "", "time": {}, "header": None})
    assert set(out) == {"id", "error"} and words in out["error"]   # an error, not a result


def test_an_unknown_agent_spec_is_refused_before_play() -> None:
    with pytest.raises(ValueError, match="unknown agent 'chess-engine'"):
        play("chess-engine", "random")
    with pytest.raises(ValueError, match="py:tests.arena.misbehaving:nope"):
        play(f"{PY}:nope", "random")
