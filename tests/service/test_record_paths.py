"""One referee, one verdict: whole games recorded over each path (the engine in process, the
client in process, raw REST JSON sent back exactly as listed, gRPC) – with Event picks of strings
and of numbers, Coup d'Etat and Propaganda rounds – give the same record, and every record, intact
or tampered with, gets the same verdict on every path (engine.records.check_record with the engine,
ct-referee validate's ClientReferee over in-process, REST and gRPC, and the ct-referee command)."""

from __future__ import annotations

import io
import json
import random
import urllib.request
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import engine
from ct_referee_cli.validate import ClientReferee
from ct_referee_client import Client, connect, move_dict
from engine.data import COUP_D_ETAT
from engine.records import (
    Referee, RecordWriter, Verdict, check_record, make_header, read_record,
)
from tests import cli_main

from .conftest import Servers

# a shorter game (771 moves in both modes; seed 3's: 994) with string and number picks, Coup d'Etat
# and, with external chance, draws and rolls
SEED = 38
GAMES = [("managed", {}), ("external", {"chance": "external"})]


def choose(rnd: random.Random, moves: list[dict[str, Any]]) -> int:
    """A random legal move, Pivotal Events and Events preferred (to reach Coup d'Etat and picks)."""
    for kind, p in (("pivotal", 0.7), ("event", 0.6)):
        idx = [i for i, m in enumerate(moves) if m["t"] == kind]
        if idx and rnd.random() < p:
            return rnd.choice(idx)
    return rnd.randrange(len(moves))


def record_engine(options: dict[str, Any]) -> str:
    out = io.StringIO()
    s = engine.new_game("short", SEED, options)
    w = RecordWriter(out, make_header("short", SEED, options), s)
    rnd = random.Random(SEED)
    while engine.to_move(s):
        moves = engine.legal_moves(s)
        m = moves[choose(rnd, moves)]
        s, _ = engine.apply(s, m)
        w.move(m, s)
    w.finish(s.result)
    return out.getvalue()


def record_client(client: Client, options: dict[str, Any]) -> str:
    """Over a Client (in process or gRPC): the listed contract Move is sent back unchanged."""
    out = io.StringIO()
    g = client.new_game("short", SEED, options)
    w = RecordWriter(out, make_header("short", SEED, options), g.state.json)
    rnd = random.Random(SEED)
    state, listed, result = g.state, list(g.legal_moves), None
    while listed:
        pm = listed[choose(rnd, [move_dict(m) for m in listed])]
        r = client.apply(state, pm)
        w.move(move_dict(pm), r.state.json)
        state, listed = r.state, list(r.legal_moves)
        result = json.loads(r.state.json)["result"]
    w.finish(result)
    return out.getvalue()


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def record_rest(base: str, options: dict[str, Any]) -> str:
    """Raw REST JSON: each listed move object is sent back exactly as the referee wrote it."""
    out = io.StringIO()
    g = post(base, "/v1/games", {"scenario": "short", "seed": SEED, "options": options})
    w = RecordWriter(out, make_header("short", SEED, options), g["state"]["json"])
    rnd = random.Random(SEED)
    state, listed = g["state"], g["legal_moves"]
    while listed:
        m = listed[choose(rnd, listed)]
        r = post(base, "/v1/apply", {"state": state, "move": m})
        w.move(m, r["state"]["json"])
        state, listed = r["state"], r["legal_moves"]
    w.finish(json.loads(state["json"])["result"])
    return out.getvalue()


@pytest.fixture(scope="module")
def records(servers: Servers) -> Iterator[dict[str, dict[str, str]]]:
    """{chance mode: {path: record text}}."""
    local = connect("local")
    grpc_client = servers.grpc_client()
    try:
        yield {mode: {"engine": record_engine(o), "local": record_client(local, o),
                      "grpc": record_client(grpc_client, o), "rest": record_rest(servers.http, o)}
               for mode, o in GAMES}
    finally:
        local.close()
        grpc_client.close()


@pytest.fixture(scope="module")
def referees(servers: Servers) -> Iterator[dict[str, Callable[[], Referee | None]]]:
    clients = {"local": connect("local"), "rest": servers.rest_client(),
               "grpc": servers.grpc_client()}
    try:
        out: dict[str, Callable[[], Referee | None]] = {"engine": lambda: None}
        for name, c in clients.items():
            out[name] = (lambda c=c: ClientReferee(c, max_moves=50))  # type: ignore[misc]
        yield out
    finally:
        for c in clients.values():
            c.close()


def moves_of(text: str) -> list[dict[str, Any]]:
    return read_record(text.splitlines()).moves


@pytest.mark.parametrize("mode", [m for m, _ in GAMES])
def test_every_path_records_the_same_game(records: dict[str, dict[str, str]], mode: str) -> None:
    texts = records[mode]
    assert texts["rest"] == texts["engine"] == texts["local"] == texts["grpc"]
    moves = moves_of(texts["engine"])
    picks = [m["value"] for m in moves if m["t"] == "pick" and "value" in m]
    assert any(isinstance(v, str) for v in picks) and any(isinstance(v, int) for v in picks)
    assert {"t": "pivotal", "card": COUP_D_ETAT} in moves
    rec = read_record(texts["engine"].splitlines())
    assert rec.result is not None  # the game was played to its end
    assert len(rec.checkpoints) > 20  # a checkpoint after each card
    if mode == "external":
        assert any(m["t"] == "draw" for m in moves) and any(m["t"] == "roll" for m in moves)


def tampered(text: str) -> dict[str, list[str]]:
    """Ways a record goes wrong, each a list of lines."""
    lines = text.splitlines()
    objs = [json.loads(ln) for ln in lines]
    pick = next(i for i, o in enumerate(objs) if o.get("t") == "pick"
                and isinstance(o.get("value"), str))
    later_move = next(i for i, o in enumerate(objs) if i > 40 and "t" in o)
    with_space = next(i for i, o in enumerate(objs) if i > 40 and "space" in o)
    header = dict(objs[0], seed=SEED + 1)

    def with_line(i: int, obj: Any) -> list[str]:
        return lines[:i] + [json.dumps(obj)] + lines[i + 1:]

    return {
        "string pick altered": with_line(pick, dict(objs[pick], value="Nowhereville")),
        "move inserted": lines[:later_move] + ['{"t": "teleport"}']
        + lines[later_move:],
        "move deleted": lines[:later_move] + lines[later_move + 1:],
        "other seed": [json.dumps(header)] + lines[1:],
        "malformed": with_line(later_move, {"t": "pick", "value": 1.5}),
        "unknown space": with_line(with_space, dict(objs[with_space], space="Constantinopel")),
        "a roll in a managed game": lines[:later_move] + ['{"t": "roll", "value": 3}']
        + lines[later_move:],
        "checkpoint altered": [ln.replace('"hash":"sha256:', '"hash":"sha256:0', 1)
                               for ln in lines],
    }


def verdicts(lines: list[str], referees: dict[str, Callable[[], Referee | None]]
             ) -> dict[str, Verdict]:
    rec = read_record(lines)
    return {name: check_record(rec, make()) for name, make in referees.items()}


@pytest.mark.parametrize("mode", [m for m, _ in GAMES])
def test_each_record_gets_one_verdict_on_every_path(
        records: dict[str, dict[str, str]], referees: dict[str, Callable[[], Referee | None]],
        mode: str) -> None:
    by_text = {text: path for path, text in records[mode].items()}  # equal records: checked once
    for text, path in by_text.items():
        got = verdicts(text.splitlines(), referees)
        assert got["engine"].ok, (path, got["engine"].text())
        first = got["engine"].summary()
        for name, v in got.items():
            assert v.summary() == first, (path, name)


def test_a_tampered_record_gets_one_verdict_on_every_path(
        records: dict[str, dict[str, str]],
        referees: dict[str, Callable[[], Referee | None]]) -> None:
    kinds = {}
    for what, lines in tampered(records["managed"]["rest"]).items():
        got = verdicts(lines, referees)
        first = got["engine"]
        assert not first.ok, what
        for name, v in got.items():
            assert v.summary() == first.summary(), (what, name)
        kinds[what] = first.kind
    assert kinds["string pick altered"] == "illegal_move"
    assert kinds["move inserted"] == "illegal_move"
    assert kinds["move deleted"] in ("checkpoint", "illegal_move")
    assert kinds["malformed"] == kinds["unknown space"] == "invalid_argument"
    assert kinds["checkpoint altered"] == "checkpoint"


def test_the_command_prints_the_same_verdict(records: dict[str, dict[str, str]],
                                             servers: Servers, tmp_path: Path) -> None:
    """ct-referee validate, against the REST and the gRPC server, prints what check_record says."""
    cases = {"good": records["managed"]["grpc"].splitlines(),
             "bad": tampered(records["managed"]["grpc"])["string pick altered"]}
    for name, lines in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        want = check_record(read_record(lines)).text(str(path))
        for server in (servers.http, "grpc://" + servers.grpc):
            r = cli_main.run("validate", str(path), "--server", server)
            assert r.stdout == want, (name, server, r.stderr)
            assert r.returncode == (0 if name == "good" else 1)
