"""``Referee/CheckRecord`` (``POST /v1/records/check``): a whole game record checked in one call,
over real REST and gRPC servers on port 0, gives the verdict of ``ct-referee validate`` on the
same file (its in-process path: ``ClientReferee`` over the core in this process): the same first
failing line, rule, legal alternatives (here labelled, as the referee labels them at that point)
and printed text, for Colonial Twilight and Algeria records; a record over the Replay work limit
is refused before any work, naming the limit. And the client's ``validate``/``apply`` take a
list of moves in place of one move."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Iterator

import pytest

from ct_referee_cli.validate import ClientReferee, validate_file
from ct_referee_client import Client, RefereeError, connect, move_dict
from engine.records import RecordWriter, check_record, make_header, read_record
from service.config import Config
from service.replay import WORK

from .conftest import TRANSPORTS, Servers

SEED = 5
# (game, scenario, most moves played): an Algeria move takes a few ms, so its game is cut short
GAMES = {"colonial_twilight": ("short", 10_000), "algeria": ("1954", 160)}


def record(client: Client, game: str) -> str:
    """A game of random legal moves played through ``client``, written as a record."""
    scenario, most = GAMES[game]
    out = io.StringIO()
    g = client.new_game(scenario, SEED, game=game)
    extra = {"game": game} if game != "colonial_twilight" else {}
    w = RecordWriter(out, make_header(scenario, SEED, {}, **extra), g.state.json)
    rnd = random.Random(SEED)
    state, listed, result = g.state, list(g.legal_moves), None
    for _ in range(most):
        if not listed:
            break
        m = move_dict(listed[rnd.randrange(len(listed))])
        r = client.apply(state, m)
        w.move(m, r.state.json)
        state, listed = r.state, list(r.legal_moves)
        result = json.loads(r.state.json)["result"]
    w.finish(result)
    return out.getvalue()


@pytest.fixture(scope="module")
def local() -> Iterator[Client]:
    c = connect("local")
    try:
        yield c
    finally:
        c.close()


@pytest.fixture(scope="module")
def records(local: Client) -> dict[str, str]:
    return {game: record(local, game) for game in GAMES}


@pytest.fixture(params=TRANSPORTS)
def client(request: pytest.FixtureRequest, servers: Servers) -> Iterator[Client]:
    assert servers.core.config.max_replay_work == Config().max_replay_work
    c = servers.client(request.param)
    try:
        yield c
    finally:
        c.close()


def cli(text: str, local: Client, tmp_path: Path) -> tuple[str, int]:
    """What ``ct-referee validate FILE`` prints (in process) and its exit status."""
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    status = validate_file(str(path), local, out)
    return out.getvalue(), status


def illegal_at(text: str, local: Client) -> tuple[str, int]:
    """The record with its first move that can be replaced by another move of the record
    (one of another kind) to make it illegal, and the line replaced."""
    lines = text.splitlines()
    rec = read_record(lines)
    for k in range(len(rec.moves) // 3, len(rec.moves)):
        for other in rec.moves:
            if other["t"] == rec.moves[k]["t"]:
                continue
            changed = list(lines)
            changed[rec.move_lines[k] - 1] = json.dumps(other)
            v = check_record(read_record(changed), ClientReferee(local))
            if v.kind == "illegal_move" and v.line == rec.move_lines[k]:
                return "\n".join(changed) + "\n", rec.move_lines[k]
    raise AssertionError("no move of the record is illegal in another's place")


@pytest.mark.parametrize("game", list(GAMES))
def test_an_intact_record_verifies(client: Client, records: dict[str, str], local: Client,
                                   tmp_path: Path, game: str) -> None:
    text = records[game]
    rec = read_record(text.splitlines())
    assert rec.checkpoints, "the game reaches a checkpoint"
    r = client.check_record(text, name=str(tmp_path / "game.jsonl"))
    assert r.ok and r.kind == "" and r.line == 0, r.text
    assert (r.game, r.moves, r.record_moves) == (game, len(rec.moves), len(rec.moves))
    assert r.checkpoints == r.record_checkpoints == len(rec.checkpoints)
    printed, status = cli(text, local, tmp_path)
    assert (r.text, status) == (printed, 0)
    if rec.result is not None:  # the result line was compared with the replayed game's
        assert dict(r.record_result) == dict(r.result) != {}


@pytest.mark.parametrize("game", list(GAMES))
def test_an_illegal_move_gets_the_verdict_of_validate(client: Client, records: dict[str, str],
                                                      local: Client, tmp_path: Path,
                                                      game: str) -> None:
    text, line = illegal_at(records[game], local)
    r = client.check_record(text, name=str(tmp_path / "game.jsonl"))
    v = check_record(read_record(text.splitlines()), ClientReferee(local))
    assert not r.ok and (r.kind, r.line, r.rule) == ("illegal_move", line, v.rule) and r.rule
    assert r.move_index == v.moves and dict(r.move) == v.move
    assert [move_dict(m) for m in r.legal_moves] == v.legal and v.legal
    assert (list(r.hints), r.to_move, r.prompt, r.problem) == (v.hints, v.to_move, v.prompt,
                                                               v.problem)
    printed, status = cli(text, local, tmp_path)
    assert (r.text, status) == (printed, 1)
    # the alternatives are labelled as the referee labels its legal moves at that point
    start = read_record(text.splitlines())
    at = local.replay(start.scenario, start.seed, moves=start.moves[:v.moves],
                      game=start.header.get("game", ""))
    assert [(move_dict(m), m.label) for m in r.legal_moves] == \
        [(move_dict(m), m.label) for m in at.legal_moves]
    assert all(m.label for m in r.legal_moves)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_tampered_checkpoint_is_named(client: Client, records: dict[str, str], local: Client,
                                        tmp_path: Path, game: str) -> None:
    lines = records[game].splitlines()
    rec = read_record(lines)
    cp = rec.checkpoints[len(rec.checkpoints) // 2]
    forged = json.loads(lines[cp.line - 1])
    forged["checkpoint"]["hash"] = "sha256:" + "0" * 64
    lines[cp.line - 1] = json.dumps(forged)
    text = "\n".join(lines) + "\n"
    r = client.check_record(text)
    assert (r.ok, r.kind, r.line) == (False, "checkpoint", cp.line)
    assert r.checkpoints == rec.checkpoints.index(cp) and r.moves == cp.moves
    assert r.hints and not r.HasField("move_index")
    printed, status = cli(text, local, tmp_path)
    assert r.text == printed.replace(str(tmp_path / "game.jsonl"), "record") and status == 1


def test_a_record_over_the_work_limit_is_refused_naming_the_limit(client: Client) -> None:
    limit = Config().max_replay_work
    header = json.dumps(make_header("short", 1))
    fits = (limit - WORK["segment"]) // WORK["move"]  # moves, one segment (no checkpoint)
    r = client.check_record("\n".join([header] + ['{"t":"pass"}'] * fits))
    assert r.kind == "illegal_move" and r.line == 2  # checked: within the limit
    with pytest.raises(RefereeError) as e:
        client.check_record("\n".join([header] + ['{"t":"pass"}'] * (fits + 1)))
    assert e.value.code == "invalid_argument" and e.value.field == "record"
    assert f"limit of {limit}" in e.value.message
    assert "CT_REFEREE_MAX_REPLAY_WORK" in e.value.message
    assert e.value.status in (400, "INVALID_ARGUMENT")


def test_what_is_no_record_is_a_verdict_naming_the_line(client: Client, local: Client,
                                                        tmp_path: Path) -> None:
    text = json.dumps(make_header("short", 1)) + '\n{"t":"pass"}\n[1, 2]\n'
    r = client.check_record(text)
    assert (r.ok, r.kind, r.line) == (False, "record", 3)
    printed, status = cli(text, local, tmp_path)
    assert r.text == printed.replace(str(tmp_path / "game.jsonl"), "record") and status == 2
    bad = client.check_record(json.dumps(make_header("short", 1, {"no_such": True})))
    assert (bad.kind, bad.line) == ("header", 1) and "options.no_such" in bad.problem
    printed, _ = cli(json.dumps(make_header("short", 1, {"no_such": True})), local, tmp_path)
    assert bad.text == printed.replace(str(tmp_path / "game.jsonl"), "record")


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_client_validates_a_list_of_moves_or_one(servers: Servers, transport: str) -> None:
    c = servers.client(transport)
    try:
        g = c.new_game("short", 3)
        first = g.legal_moves[0]
        after = c.apply(g.state, first)
        second = move_dict(after.legal_moves[0])
        both = c.validate(g.state, [first, second])
        assert both.legal and both.applied == 2
        one = c.validate(g.state, move_dict(first))
        assert one.legal and one.applied == 1
        wrong = c.validate(g.state, [first, {"t": "done"}])
        assert not wrong.legal and wrong.applied == 1 and wrong.error.move_index == 1
        assert c.apply(g.state, [first, second]).state.json == \
            c.apply(after.state, second).state.json
    finally:
        c.close()
