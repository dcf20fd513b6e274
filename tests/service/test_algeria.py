"""*Algeria* through the referee service (service/games.py), on real REST and gRPC servers on port
0 sharing one core with a real Redis: whole games of the three scenarios played with the legal
moves the service returns, equal to the engine in this process; the catalogue, views, pictures,
replays, records and trust of Algeria states; specific errors for bad games, options, states and
calls that have no meaning for Algeria. The games' length is whatever the engine makes it."""

from __future__ import annotations

import io
import json
import random
import urllib.request
from typing import Any
from urllib.error import HTTPError

import pytest

import algeria
import engine
from algeria.labels import area_name, move_labels, unit_name
from ct_referee_client import Client, RefereeError, connect, move_dict
from ct_referee_cli.validate import validate_file
from engine.records import RecordWriter, make_header
from service.config import Config
from service.jsonmap import struct_dict
from tests.long import long_runs

from .conftest import Servers

SCENARIOS = ("1954", "1958", "1960")
MAX_MOVES = 20000  # a bound for a broken game only: every test game ends long before
# A whole game of each scenario: seeds whose random games end soonest with the result of the
# longer ones (1954: 102 moves, FLN decisive; 1958: 159, decisive; 1960: 264, substantial);
# under --long also the seeds ``scenario % 97`` (427, 302 and 657 moves)
WHOLE_GAMES = [("1954", 11), ("1958", 5), ("1960", 17)] + (
    [(s, int(s) % 97) for s in SCENARIOS] if long_runs() else [])


def play(client: Client, scenario: str, seed: int
         ) -> tuple[list[dict[str, Any]], Any, algeria.State]:
    """A whole game through ``client``: at every step a random (seeded) legal move of those
    the service lists, checked against the engine in this process (state, actor, prompt, legal
    moves and their labels). The moves, the last answer and the engine's last state.

    The engine's state is taken through its JSON text after every move, as the service's is:
    the order of the legal moves follows the order of the state's units, which a parsed state
    has sorted by id."""
    rng = random.Random(seed)
    s = algeria.from_json(algeria.to_json(algeria.new_game(scenario, seed, {"chance": "managed"})))
    r: Any = client.new_game(scenario, seed, {"chance": "managed"}, game="algeria")
    moves: list[dict[str, Any]] = []
    while True:
        assert r.state.json == algeria.to_json(s)
        assert (r.to_move or None) == algeria.to_move(s)
        assert r.prompt == algeria.prompt(s)
        listed = [move_dict(m) for m in r.legal_moves]
        assert listed == algeria.legal_moves(s)
        assert [m.label for m in r.legal_moves] == move_labels(s, listed)
        if not r.to_move:
            break
        assert listed, f"{r.to_move} to move with no legal move at {r.prompt}"
        assert len(moves) < MAX_MOVES
        m = rng.choice(listed)
        moves.append(m)
        r = client.apply(r.state, m)
        s, log = algeria.apply(s, m)
        s = algeria.from_json(algeria.to_json(s))
        assert [(e.rule, e.text) for e in r.log] == [(e["rule"], e["text"]) for e in log]
        assert all(e.label for e in r.log)
    return moves, r, s


@pytest.mark.parametrize("scenario,seed", WHOLE_GAMES)
def test_a_whole_game_of_each_scenario_over_rest_and_grpc(client: Client, scenario: str,
                                                          seed: int) -> None:
    moves, last, s = play(client, scenario, seed=seed)
    assert moves and last.HasField("result")
    result = struct_dict(last.result)
    assert result["winner"] in ("gov", "fln") and result["level"]
    assert s.result == result and algeria.to_move(s) is None  # the engine's end


def test_the_same_moves_replay_to_the_same_end(client: Client) -> None:
    moves, last, _ = play(client, "1958", seed=4)
    r = client.replay("1958", 4, {"chance": "managed"}, moves=moves, every="card",
                      game="algeria", views=True, role="fln")
    assert r.state.json == last.state.json and struct_dict(r.result) == struct_dict(last.result)
    # "card" checkpoints of a game without cards: the start, each new turn, the end
    turns = [cp.turn for cp in r.checkpoints]
    assert turns[0] == 1 and turns == sorted(turns) and r.checkpoints[-1].index == len(moves)
    assert len(r.checkpoints) >= turns[-1]
    assert all(cp.view.game == "algeria" and "rng" not in cp.view.document
               for cp in r.checkpoints)
    assert all(e.label for cp in r.checkpoints for e in cp.log)


def test_scenarios_catalogue_and_etag(client: Client, servers: Servers) -> None:
    assert [s.name for s in client.list_scenarios("algeria").scenarios] == list(SCENARIOS)
    assert [s.name for s in client.list_scenarios().scenarios] == ["short", "medium", "full"]
    cat = client.catalog(game="algeria")
    ct = client.catalog()
    assert cat.game == "algeria" and ct.game == "colonial_twilight"
    assert cat.version != ct.version and len(ct.cards) == 71 and not cat.cards
    areas = {a.id: a for a in cat.algeria.areas}
    assert len(areas) == 28 and areas["I-1"].name == "Barika" and areas["I-1"].wilaya == "I"
    assert all(a.id in areas[b].adjacent for a in areas.values() for b in a.adjacent)
    assert sum(u.count for u in cat.algeria.units) == 120
    assert {"A3_B4_mission_success", "C3_combat_results"} <= set(cat.algeria.charts.keys())
    assert client.catalog(cat.version, game="algeria").not_modified
    assert not client.catalog(ct.version, game="algeria").not_modified
    # REST: the ETag of each game, 304 for the current one
    req = urllib.request.Request(servers.http + "/v1/catalog?game=algeria",
                                 headers={"If-None-Match": f'"{cat.version}"'})
    with pytest.raises(HTTPError) as ei:
        urllib.request.urlopen(req)
    assert ei.value.code == 304
    with urllib.request.urlopen(servers.http + "/v1/catalog?game=algeria") as resp:
        assert resp.headers["ETag"] == f'"{cat.version}"'


def test_view_and_picture_of_a_role(client: Client) -> None:
    g = client.new_game("1960", 2, game="algeria")
    v = client.view(g.state, "gov")
    assert v.game == "algeria" and v.scenario == "1960" and v.to_move == "gov"
    assert "rng" not in v.document and v.document["psl"]["gov"] == 45
    assert [m.label for m in v.legal_moves] == [m.label for m in g.legal_moves]
    assert not client.view(g.state, "fln").legal_moves  # not the FLN's decision
    lm = client.legal_moves(g.state, "fln")
    assert lm.view.game == "algeria" and [move_dict(m) for m in lm.legal_moves] == \
        [move_dict(m) for m in g.legal_moves]
    svg = client.render(g.state, "gov")
    assert svg.startswith("<?xml") and "as seen by the Government" in svg
    for area in algeria.data.ALGERIAN:
        assert f'data-area="{area}"' in svg
    assert '"seed"' not in svg


def test_bad_games_options_states_and_calls(client: Client) -> None:
    def err(fn: Any) -> RefereeError:
        with pytest.raises(RefereeError) as ei:
            fn()
        return ei.value

    e = err(lambda: client.new_game("1954", game="chess"))
    assert (e.code, e.field) == ("invalid_argument", "game") and "algeria" in e.message
    e = err(lambda: client.new_game("short", game="algeria"))
    assert (e.code, e.field) == ("invalid_argument", "scenario")
    e = err(lambda: client.new_game("1954", options={"deception": True}, game="algeria"))
    assert (e.code, e.field) == ("invalid_argument", "options.deception")
    assert "Colonial Twilight" in e.message
    e = err(lambda: client.new_game("short", options={"shorter_game": True}))
    assert (e.code, e.field) == ("invalid_argument", "options.shorter_game")
    e = err(lambda: client.new_game("1958", options={"slow_french_reaction": True},
                                    game="algeria"))
    assert (e.code, e.field) == ("invalid_argument", "options.slow_french_reaction")
    e = err(lambda: client.list_scenarios("chess"))
    assert (e.code, e.field) == ("invalid_argument", "game")
    e = err(lambda: client.replay("1954", moves=[], game="go"))
    assert (e.code, e.field) == ("invalid_argument", "game.game")

    g = client.new_game("1954", 1, game="algeria")
    e = err(lambda: client.apply(g.state, {"t": "place", "unit": "fr_bde.1", "area": "ORAN"}))
    assert e.code == "illegal_move" and e.move_index == 0 and e.rule
    doc = json.loads(g.state.json)
    doc["psl"]["gov"] = 140
    e = err(lambda: client.legal_moves(json.dumps(doc)))
    assert e.code == "invalid_state" and e.field.startswith("state.psl")
    e = err(lambda: client.positions(json.loads(g.state.json)))
    assert (e.code, e.field) == ("wrong_game", "position.schema")
    assert "algeria-state/1" in e.message


def test_an_algeria_record_is_checked_by_validate(tmp_path: Any) -> None:
    ref = connect("local")
    s = algeria.from_json(algeria.to_json(algeria.new_game("1954", 8)))  # as the referee has it
    rng = random.Random(8)
    out = io.StringIO()
    w = RecordWriter(out, make_header("1954", 8, {}, game="algeria"), algeria.to_json(s))
    for _ in range(60):
        m = rng.choice(algeria.legal_moves(s))
        s, _ = algeria.apply(s, m)
        w.move(m, algeria.to_json(s))
    w.finish()
    path = tmp_path / "GAME.jsonl"
    path.write_text(out.getvalue())
    report = io.StringIO()
    assert validate_file(str(path), ref, report) == 0, report.getvalue()
    assert "all 60 moves legal" in report.getvalue()
    lines = out.getvalue().splitlines()
    k = next(i for i, line in enumerate(lines) if '"t":"place"' in line and i > 5)
    lines[k] = json.dumps({"t": "place", "unit": "fr_div.13", "area": "FRANCE"})
    path.write_text("\n".join(lines) + "\n")
    report = io.StringIO()
    assert validate_file(str(path), ref, report) == 1
    assert "ILLEGAL" in report.getvalue()


def test_signed_and_sealed_algeria_states() -> None:
    cfg = Config(secret=b"k" * 32, strict=True, seal=True, cache_size=0)
    ref = connect("local", config=cfg)
    g = ref.new_game("1958", 3, game="algeria")
    doc = json.loads(g.state.json)
    assert doc["rng"] == "sealed" and g.state.sealed and g.state.signature
    assert doc["schema"] == "algeria-state/1"
    r = ref.apply(g.state, g.legal_moves[0], seat=g.seats["gov"])
    assert json.loads(r.state.json)["rng"] == "sealed" and r.state.sequence == 1
    assert ref.legal_moves(r.state, "gov", seat=g.seats["gov"]).view.game == "algeria"
    # the signature binds the game: the same document under another schema is refused
    forged = json.loads(r.state.json)
    forged["schema"] = "ct-state/1"
    with pytest.raises(RefereeError) as ei:
        ref.apply({"json": json.dumps(forged), "sealed": r.state.sealed,
                   "signature": r.state.signature, "game_id": r.state.game_id,
                   "sequence": r.state.sequence}, {"t": "pass"})
    assert ei.value.code == "bad_signature"


def test_a_whole_signed_game_is_the_engines() -> None:
    """Each state of the game comes back signed by this build and is read without validating it
    again (algeria.serial.from_trusted_json; every cache off, so every request reads its state):
    the same game as the engine's, state by state, move by move."""
    cfg = Config(secret=b"k" * 32, cache_size=0, response_cache_mb=0, state_cache_mb=0)
    moves, last, s = play(connect("local", config=cfg), "1960", seed=5)
    assert last.state.signature and last.HasField("result") and s.result is not None


def test_colonial_twilight_is_unchanged(client: Client) -> None:
    g = client.new_game("short", 7)
    want = engine.new_game("short", 7)
    assert g.state.json == engine.to_json(want)
    v = client.view(g.state, "gov")
    assert v.game == "colonial_twilight" and not v.HasField("document") and v.cards.current


def test_the_rest_encoding_of_algeria_answers() -> None:
    """service.jsonmap writes Algeria's answers as json_format does (moves flat), and reads them
    back: the view document, the catalogue (with its one double), a replay."""
    from service.jsonmap import from_dict, to_dict

    from .test_jsonmap import reference

    ref = connect("local")
    g = ref.new_game("1954", 6, game="algeria")
    answers = [g, ref.view(g.state, "gov"), ref.legal_moves(g.state, "fln"),
               ref.catalog(game="algeria"), ref.list_scenarios("algeria"),
               ref.replay("1954", 6, moves=[move_dict(g.legal_moves[0])], every="move",
                          views=True, game="algeria")]
    for msg in answers:
        assert to_dict(msg) == reference(msg)
        back = type(msg)()
        from_dict(to_dict(msg), back)
        assert back == msg


def test_the_command_line_starts_plays_and_renders_an_algeria_game(tmp_path: Any) -> None:
    from .test_cli import ct

    new = ct("new", "1960", "--seed", "3", "--game", "algeria")
    assert new.returncode == 0, new.stderr
    g = json.loads(new.stdout)
    assert json.loads(g["state"]["json"])["schema"] == "algeria-state/1"
    (tmp_path / "g.json").write_text(new.stdout)
    first = g["legal_moves"][0]
    applied = ct("apply", str(tmp_path / "g.json"), json.dumps(first))
    assert applied.returncode == 0, applied.stderr
    placed = f"{unit_name(first['unit'])} in {area_name(first['area'])}"
    assert first["label"].startswith(f"Set up {placed}")
    assert json.loads(applied.stdout)["log"][0]["label"] == \
        f"{unit_name(first['unit'])} set up in {area_name(first['area'])}"
    pic = ct("render", str(tmp_path / "g.json"), "--role", "gov")
    assert pic.returncode == 0 and 'data-area="VI-2"' in pic.stdout
    bot = ct("bot", str(tmp_path / "g.json"))  # the FLN's bot: the Government is to set up (3.0)
    assert bot.returncode == 0 and "not to act" in bot.stdout, bot.stderr


def test_an_algeria_game_cannot_branch(redis_url: str) -> None:
    """Anti-fork mode on an Algeria game: the mover's seat is the one its engine names, and a
    second successor of a state is refused on any replica."""
    from ct_referee_proto.v1 import referee_pb2 as pb
    from service.core import Core

    def cfg() -> Config:
        return Config(redis_url=redis_url, secret=b"s" * 32, strict=True, anti_fork=True,
                      response_cache_mb=0)

    a, b = Core(cfg(), bot=None), Core(cfg(), bot=None)
    g = a.new_game(pb.NewGameRequest(game="algeria", scenario="1960", seed=2), a.call())
    assert g.to_move == "gov"
    first, second = g.legal_moves[0], g.legal_moves[-1]

    def apply(core: Core, move: pb.Move, seat: str) -> Any:
        try:
            return core.apply(pb.ApplyRequest(state=g.state, move=move, seat=seat), core.call())
        except Exception as e:  # ServiceError
            return getattr(e, "code")

    assert apply(a, first, g.seats["fln"]) == "bad_seat"
    r1 = apply(a, first, g.seats["gov"])
    assert r1.state.sequence == 1 and json.loads(r1.state.json)["schema"] == "algeria-state/1"
    assert apply(b, first, g.seats["gov"]).state.json == r1.state.json  # a retry
    assert apply(b, second, g.seats["gov"]) == "forked_state"


def test_a_record_header_names_its_game() -> None:
    """A string ``game`` names the game; a ladder's integer ``game`` (its game number) is a
    Colonial Twilight record; the engine in process replays only Colonial Twilight's."""
    from engine.records import EngineReferee, game_of

    assert game_of({"scenario": "1954", "game": "algeria"}) == "algeria"
    assert game_of({"scenario": "short", "game": 3}) == "colonial_twilight"
    assert game_of({"scenario": "short"}) == "colonial_twilight"
    with pytest.raises(ValueError, match="ct-referee validate"):
        EngineReferee().start({"scenario": "1954", "game": "algeria"})
