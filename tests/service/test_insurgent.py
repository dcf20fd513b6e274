"""*INSURGENT: Algeria* through the referee service (service/games.py), on real REST and gRPC
servers on port 0 sharing one core with a real Redis: whole games played step by step against the
engine in this process (states, logs, legal moves and views equal at every step); a deck file in
NewGame and its errors naming the card and field; sealed states and views that hide the hands,
the decks, the RECRUIT draws and the FLN's face-down cards; replays and records; the CLI."""

from __future__ import annotations

import copy
import io
import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

import insurgent
import insurgent.render
from ct_referee_client import Client, RefereeError, connect, move_dict
from ct_referee_cli.validate import validate_file
from engine.records import RecordWriter, make_header
from insurgent.deck import DEMO
from insurgent.labels import log_label, move_labels
from service import games
from service.config import Config
from service.jsonmap import struct_dict
from service.trust import Trust
from tests import cli_main

from .conftest import Servers, start_servers

MAX_MOVES = 5000  # a bound for a broken game only: a game ends within a few hundred decisions
SECRET = b"insurgent-sealed-secret"
ROLES = ("fln", "french")


def engine_start(seed: int, deck: Any = None) -> insurgent.State:
    return insurgent.from_json(insurgent.to_json(insurgent.new_game(deck, seed, {})))


def err(fn: Any) -> RefereeError:
    with pytest.raises(RefereeError) as ei:
        fn()
    return ei.value


def play(client: Client, seed: int, deck: Any = None
         ) -> tuple[list[dict[str, Any]], Any, insurgent.State]:
    """A whole game through ``client``: at every step the player to move asks for its legal
    moves (LegalMoves with its role) and plays a random (seeded) one; the answers are checked
    against the engine in this process: the state, the actor, the prompt, the legal moves and
    their labels, the role's view, the log."""
    rng = random.Random(seed)
    s = engine_start(seed, deck)
    r: Any = client.new_game(seed=seed, game="insurgent", deck=deck)
    moves: list[dict[str, Any]] = []
    while True:
        assert r.state.json == insurgent.to_json(s)
        actor = insurgent.to_move(s)
        assert (r.to_move or None) == actor and r.prompt == insurgent.prompt(s)
        legal = insurgent.legal_moves(s)
        # an Apply answer lists no move that names a card in the hand (Game.private_move)
        assert [move_dict(m) for m in r.legal_moves] == [m for m in legal if m["t"] != "play"]
        if actor is None:
            break
        lm = client.legal_moves(r.state, actor)
        listed = [move_dict(m) for m in lm.legal_moves]
        assert listed == legal
        assert [m.label for m in lm.legal_moves] == move_labels(s, legal)
        assert lm.view.game == "insurgent"
        want = insurgent.view(s, actor)
        assert struct_dict(lm.view.document) == {**want, "legal_moves": legal}
        assert len(moves) < MAX_MOVES
        m = rng.choice(listed)
        moves.append(m)
        r = client.apply(r.state, m)
        s, log = insurgent.apply(s, m)
        s = insurgent.from_json(insurgent.to_json(s))
        assert [(e.rule, e.text, e.label) for e in r.log] == [
            (e["rule"], e["text"], log_label(e)) for e in log]
    return moves, r, s


def test_a_whole_game_over_rest_and_grpc(client: Client) -> None:
    moves, last, s = play(client, seed=11)
    assert moves and last.HasField("result")
    result = struct_dict(last.result)
    assert s.result == result and result["winner"] in ("fln", "french", None)
    assert {m["t"] for m in moves} >= {"play", "skip"}


def renamed_deck() -> dict[str, Any]:
    """The demonstration deck under other names: a deck an owner of the game typed in."""
    d = DEMO.document()
    for i, c in enumerate(d["cards"]):
        c["name"] = f"{'Maquis' if c['faction'] == 'fln' else 'Garrison'} card {i + 1}"
    d["name"] = "typed-in deck"
    return d


def test_a_game_on_a_deck_file(client: Client) -> None:
    deck = renamed_deck()
    moves, last, s = play(client, seed=5, deck=deck)
    assert json.loads(last.state.json)["deck"]["name"] == "typed-in deck"
    assert s.deck.card(1).name == "Maquis card 1" and last.HasField("result")


def test_a_bad_deck_is_refused_naming_the_card_and_field(client: Client) -> None:
    d = DEMO.document()
    del d["cards"][3]["front"]
    e = err(lambda: client.new_game(game="insurgent", deck=d))
    assert (e.code, e.field) == ("invalid_argument", "deck.cards[3].front")
    assert "'FLN agent 4'" in e.message and "front" in e.message
    d = DEMO.document()
    d["cards"][30]["actions"] = ["ATTACK", "TELEPORT"]
    e = err(lambda: client.new_game(game="insurgent", deck=d))
    assert (e.code, e.field) == ("invalid_argument", "deck.cards[30].actions[1]")
    assert "TELEPORT" in e.message and DEMO.cards[30].name in e.message
    d = DEMO.document()
    d["cards"][0]["faction"] = "french"
    e = err(lambda: client.new_game(game="insurgent", deck=d))
    assert (e.code, e.field) == ("invalid_argument", "deck.cards[0].actions[1]")  # HIDE
    d = DEMO.document()
    d["cards"].pop()
    e = err(lambda: client.new_game(game="insurgent", deck=d))
    assert (e.code, e.field) == ("invalid_argument", "deck.cards") and "supporters" in e.message
    # a deck is INSURGENT's; a scenario of another game is not INSURGENT's
    e = err(lambda: client.new_game("short", 1, deck=DEMO.document()))
    assert (e.code, e.field) == ("invalid_argument", "deck")
    e = err(lambda: client.new_game("1954", 1, game="insurgent"))
    assert (e.code, e.field) == ("invalid_argument", "scenario") and "standard" in e.message
    e = err(lambda: client.new_game(game="insurgent", options={"fln_bot": True}))
    assert (e.code, e.field) == ("invalid_argument", "options.fln_bot")


def test_calls_without_meaning_for_insurgent_are_wrong_game(client: Client) -> None:
    g = client.new_game(game="insurgent", seed=2)
    # DecideGov is the automated French's (tests/service/test_insurgent_bot_service.py)
    for call in (lambda: client.decide(g.state, 1),
                 lambda: client.positions(json.loads(g.state.json))):
        e = err(call)
        assert e.code == "wrong_game" and "INSURGENT" in e.message


def test_the_board_picture_of_each_role(client: Client) -> None:
    """Render: the picture insurgent.render draws of the role's view; a face-down FLN card's
    name is in the FLN's picture only."""
    s = engine_start(6)
    rng = random.Random(6)
    while not any(not e["up"] for f in s.fronts["fln"].values() for e in f):
        assert insurgent.to_move(s) is not None
        s, _ = insurgent.apply(s, rng.choice(insurgent.legal_moves(s)))
    down = next(e["card"] for f in s.fronts["fln"].values() for e in f if not e["up"])
    name = s.deck.card(down).name
    state = {"json": insurgent.to_json(s)}
    for role in (*ROLES, "observer"):
        svg = client.render(state, role)
        assert svg == insurgent.render.render(s, role) and "<svg" in svg
        assert bool(named(svg, [name])) == (role == "fln"), role
    e = err(lambda: client.render(state, "gov"))
    assert (e.code, e.field) == ("invalid_argument", "role")


def test_catalogue_and_scenarios(client: Client) -> None:
    cat = client.catalog(game="insurgent")
    doc = struct_dict(cat.document)
    assert cat.game == "insurgent" and cat.version == doc["version"] != client.catalog().version
    assert [c["name"] for c in doc["deck"]["cards"]] == [c.name for c in DEMO.cards]
    assert {a["name"]: a["sides"] for a in doc["actions"]}["CAPTURE"] == ["french"]
    assert [s.name for s in client.list_scenarios("insurgent").scenarios] == ["standard"]
    again = client.catalog(game="insurgent", if_none_match=cat.version)
    assert again.not_modified


def test_replay_and_records_of_an_insurgent_game(client: Client, tmp_path: Path) -> None:
    deck = renamed_deck()
    s = engine_start(9, deck)
    rng = random.Random(9)
    out = io.StringIO()
    w = RecordWriter(out, make_header("standard", 9, {}, game="insurgent", deck=deck),
                     insurgent.to_json(s))
    moves = []
    while insurgent.to_move(s) is not None:
        m = rng.choice(insurgent.legal_moves(s))
        s, _ = insurgent.apply(s, m)
        moves.append(m)
        w.move(m, insurgent.to_json(s))
    w.finish(s.result)
    text = out.getvalue()
    lines = [json.loads(x) for x in text.splitlines()]
    cps = [x["checkpoint"] for x in lines if "checkpoint" in x]
    assert len(cps) == s.turn + 1  # one at each new turn, one at the end

    r = client.replay(seed=9, moves=moves, every="card", game="insurgent", deck=deck,
                      views=True, role="french")
    assert r.state.json == insurgent.to_json(s) and struct_dict(r.result) == s.result
    # "card" checkpoints of a game without a card deck of events: the start, each new turn,
    # the end
    turns = [cp.turn for cp in r.checkpoints]
    assert turns[:-1] == list(range(0, s.turn + 1)) and turns[-1] == s.turn
    assert r.checkpoints[-1].index == len(moves)
    assert all(cp.view.game == "insurgent" for cp in r.checkpoints)

    v = client.check_record(text, "GAME.jsonl")
    assert v.ok and v.moves == len(moves) and v.checkpoints == len(cps), v.text
    # a played card changed: refused as illegal, or caught by the next checkpoint
    k = next(i for i, x in enumerate(lines) if x.get("t") == "play" and i > 20)
    bad = copy.deepcopy(lines)
    bad[k]["card"] = 1 if bad[k]["card"] != 1 else 2
    v = client.check_record("\n".join(json.dumps(x) for x in bad) + "\n")
    assert not v.ok and v.kind in ("illegal_move", "invalid_argument", "checkpoint")
    # the same record without its deck is a game on the demonstration deck: it differs
    plain = [{k2: val for k2, val in lines[0].items() if k2 != "deck"}] + lines[1:]
    v = client.check_record("\n".join(json.dumps(x) for x in plain) + "\n")
    assert not v.ok
    path = tmp_path / "GAME.jsonl"
    path.write_text(text)
    report = io.StringIO()
    assert validate_file(str(path), connect("local"), report) == 0, report.getvalue()
    assert f"all {len(moves)} moves legal" in report.getvalue()


# --- sealed states -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sealed(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=SECRET, strict=True, seal=True))
    yield s
    s._stop()


def hidden_names(s: insurgent.State, role: str) -> list[str]:
    """The names of the cards ``role`` may not see: the other's hand and RECRUIT draws, every
    card still in a deck (whose order nobody sees; a player sees their own RECRUIT's bottom
    cards) and, for all but the FLN, the FLN's face-down cards."""
    ids: set[int] = set()
    for side in ROLES:
        own = side == role
        if not own:
            ids |= set(s.hands[side]) | set(s.recruits[side])
        ids |= set(s.decks[side]["pool"]) | (set() if own else set(s.decks[side]["bottom"]))
    if role != "fln":
        ids |= {e["card"] for f in s.fronts["fln"].values() for e in f if not e["up"]}
    return [s.deck.card(c).name for c in ids]


def named(text: str, names: list[str]) -> list[str]:
    return [n for n in names if re.search(re.escape(n) + r"(?!\d)", text)]


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_sealed_states_and_views_hide_hands_decks_and_face_down_cards(
        sealed: Servers, transport: str) -> None:
    c = sealed.client(transport)
    g = c.new_game(game="insurgent", seed=3)
    assert set(g.seats) == set(ROLES)
    seats = list(g.seats.values())
    trust = Trust(SECRET, seal=True)
    lengths, face_down_seen = set(), False
    r: Any = g
    rng = random.Random(3)
    for _ in range(MAX_MOVES):
        doc = json.loads(r.state.json)
        for path in games.INSURGENT.hidden:
            box = doc
            for k in path.split(".")[:-1]:
                box = box[k]
            assert box[path.split(".")[-1]] == "sealed", path
        lengths.add(len(r.state.sealed))
        hidden = trust.open(r.state).hidden or ""
        assert len(hidden.encode()) <= games.INSURGENT.sealed_size
        s = insurgent.from_json(trust.open(r.state).engine_json())
        # the public document names no card that is hidden from someone (the deck file aside)
        public = json.dumps({k: v for k, v in doc.items() if k != "deck"})
        everyone = set(hidden_names(s, "fln")) | set(hidden_names(s, "french"))
        assert not named(public, sorted(everyone))
        ids = [e["card"] for f in s.fronts["fln"].values() for e in f if not e["up"]]
        face_down_seen = face_down_seen or bool(ids)
        for role in (*ROLES, "observer"):
            seat = g.seats.get(role, "")
            v = c.view(r.state, role, seat=seat)
            text = json.dumps({k: val for k, val in struct_dict(v.document).items()
                               if k != "deck"})
            assert not named(text + v.prompt, hidden_names(s, role)), (role, text)
        assert all("private" not in struct_dict(e.data) for e in r.log)
        if not r.to_move:
            break
        actor = r.to_move
        lm = c.legal_moves(r.state, actor, seat=g.seats[actor])
        r = c.apply(r.state, rng.choice(list(lm.legal_moves)), seats=seats)
    assert r.HasField("result") and face_down_seen
    assert len(lengths) == 1, sorted(lengths)
    c.close()


def test_the_sealed_size_holds_every_hidden_part() -> None:
    """As _ct_sealed_size for Colonial Twilight: no state of random games has a longer hidden
    part than ``INSURGENT.sealed_size`` (the longest a valid state can have)."""
    from service.trust import split

    longest = 0
    for seed in range(30):
        s = insurgent.new_game(None, seed)
        rng = random.Random(seed)
        while True:
            _, hidden = split(s.to_data(), games.INSURGENT.hidden)
            longest = max(longest, len(hidden.encode()))
            if insurgent.to_move(s) is None:
                break
            s, _ = insurgent.apply(s, rng.choice(insurgent.legal_moves(s)))
    assert 0 < longest <= games.INSURGENT.sealed_size


# --- the command line ------------------------------------------------------------------------


def ct(*args: str) -> subprocess.CompletedProcess[str]:
    return cli_main.run(*args)  # in this process (tests/cli_main.py)


def test_cli_new_game_of_insurgent(tmp_path: Path) -> None:
    r = ct("new", "--game", "insurgent", "--seed", "4")
    assert r.returncode == 0, r.stderr
    g = json.loads(r.stdout)
    assert json.loads(g["state"]["json"])["schema"] == "insurgent-state/1"
    assert g["to_move"] == "fln" and [m["t"] for m in g["legal_moves"]] == ["keep", "mulligan"]
    deck = renamed_deck()
    (tmp_path / "deck.json").write_text(json.dumps(deck))
    r = ct("new", "standard", "--game", "insurgent", "--deck", str(tmp_path / "deck.json"))
    assert r.returncode == 0, r.stderr
    assert json.loads(json.loads(r.stdout)["state"]["json"])["deck"]["name"] == "typed-in deck"
    deck["cards"][2]["front"] = "economic"
    (tmp_path / "bad.json").write_text(json.dumps(deck))
    r = ct("new", "--game", "insurgent", "--deck", str(tmp_path / "bad.json"))
    assert r.returncode == 1
    e = json.loads(r.stderr)["error"]
    assert e["code"] == "invalid_argument" and e["field"] == "deck.cards[2].front"
    assert "Maquis card 3" in e["message"]
