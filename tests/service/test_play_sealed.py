"""/play and ``ct-referee serve`` when the deal is secret (docs/trust.md): a served referee
started without a secret makes one in its data directory (0600) and seals by default, so a
restart keeps its games; ``--no-seal`` says what it exposes. In a real headless Chromium against
such a referee: the page says the deal is secret, a game played, saved (the record carries the
game's signed start state) and loaded again keeps its undo history, the person's moves and the
FLN bot's reasons; the record validates with ``ct-referee validate``; a bad line is named. A
strict referee's game is played with the seats the page holds."""

from __future__ import annotations

import io
import json
import os
import re
import stat
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.records import check_record, read_record
from tests import cli_main
from tests.long import long_runs

from .browser import open_page
from tests.spawn import DIE_WITH_PARENT
from .test_web_client import settle


def spawn(data: Path, *extra: str) -> tuple[subprocess.Popen[str], str, list[str]]:
    """``ct-referee serve`` with ``data`` as its data directory and no secret given; its URL and
    the lines it printed before it listened."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("CT_REFEREE_SECRET", "CT_REFEREE_SECRET_FILE", "CT_REFEREE_SEAL",
                        "CT_REFEREE_STRICT", "REDIS_URL")}
    env["XDG_DATA_HOME"] = str(data)
    p = subprocess.Popen(
        [*DIE_WITH_PARENT,
         sys.executable, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1", "--http-port",
         "0", "--grpc-port", "0", "--threads", "2", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert p.stdout is not None
    lines: list[str] = []
    for line in p.stdout:
        lines.append(line)
        m = re.search(r"http=([\d.]+:\d+)", line)
        if m:
            return p, f"http://{m.group(1)}", lines
    p.kill()
    raise RuntimeError("ct-referee serve did not start: " + "".join(lines))


def stop(p: subprocess.Popen[str]) -> None:
    p.terminate()
    p.wait(30)  # a loaded machine may take a while to stop it


def post(url: str, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url + path, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


# --- the served process ------------------------------------------------------------------------


def test_a_referee_without_a_secret_makes_one_seals_and_keeps_its_games(tmp_path: Path) -> None:
    p, url, lines = spawn(tmp_path)
    secret = tmp_path / "ct-referee" / "secret"
    try:
        assert secret.is_file()
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
        assert stat.S_IMODE(secret.parent.stat().st_mode) == 0o700
        assert any("sealed" in ln and str(secret) in ln and "created now" in ln for ln in lines)
        status, g = post(url, "/v1/games", {"scenario": "short", "seed": 5})
        assert status == 200 and g["state"]["sealed"] and g["state"]["signature"]
        doc = json.loads(g["state"]["json"])
        assert doc["rng"] == "sealed" and doc["cards"]["deck"] == "sealed"
        status, a = post(url, "/v1/apply", {"state": g["state"], "move": g["legal_moves"][0]})
        assert status == 200
    finally:
        stop(p)
    kept = secret.read_text()

    # a restart reads the same secret: the earlier game's states open and play on
    p, url, lines = spawn(tmp_path)
    try:
        assert secret.read_text() == kept
        assert any("kept there" in ln for ln in lines)
        status, v = post(url, "/v1/view", {"state": a["state"]})
        assert status == 200, v
        status, b = post(url, "/v1/apply", {"state": a["state"], "move": a["legal_moves"][0]})
        assert status == 200, b
    finally:
        stop(p)


def test_no_seal_says_what_it_exposes(tmp_path: Path) -> None:
    p, url, lines = spawn(tmp_path, "--no-seal")
    try:
        banner = "".join(lines)
        assert "NOT SEALED (--no-seal)" in banner and "deck" in banner and "Deception" in banner
        assert not (tmp_path / "ct-referee").exists()  # no secret needed, none made
        status, g = post(url, "/v1/games", {"scenario": "short", "seed": 5})
        assert status == 200 and not g["state"].get("sealed")
        assert isinstance(json.loads(g["state"]["json"])["cards"]["deck"], list)
    finally:
        stop(p)


def test_the_secret_file_is_configurable_and_an_unreadable_one_is_named(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "referee-secret"
    p, url, lines = spawn(tmp_path / "data", "--secret-file", str(path))
    try:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert not (tmp_path / "data").exists()
    finally:
        stop(p)
    path.write_text("")
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "serve", "--secret-file",
                        str(path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and f"the secret file {path} is empty" in r.stderr


# --- /play against a sealed referee --------------------------------------------------------------


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    p, url, _ = spawn(tmp_path_factory.mktemp("data"))
    try:
        yield url
    finally:
        stop(p)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with open_page(browser, viewport={"width": 1500, "height": 950}, accept_downloads=True) as pg:
        yield pg


def play_moves(page: Any, person_moves: int) -> None:
    """Click ``person_moves`` moves: an Operation's first steps, else finish, pass or decline."""
    for _ in range(person_moves):
        op = page.locator("#moves button[data-t=op]")
        finish = page.locator("#moves button[data-t=done], #moves button[data-t=pass],"
                              " #moves button[data-t=decline]")
        other = page.locator("#moves button").first
        (op.first if op.count() else other if not finish.count() else finish.first).click()
        settle(page)


SNAPSHOT = """() => ({n: app.game.writer.n, prompt: app.game.pos.prompt,
  state: app.game.pos.state.json, history: app.history.length,
  mine: app.game.log.filter((e) => e.mine).map((e) => e.label),
  traces: app.game.log.filter((e) => e.bot).map((e) => e.trace.map((t) => t.box))})"""


def save(page: Any, path: Path) -> str:
    with page.expect_download() as dl:
        page.locator("#save").click()
    dl.value.save_as(path)
    return path.read_text()


def load(page: Any, url: str, path: Path) -> None:
    page.goto(url + "/play/?scenario=medium&seed=1")
    settle(page)
    page.locator("#load").set_input_files(str(path))
    page.wait_for_function("app.game && app.game.header.scenario === 'short'"
                           " && !document.body.classList.contains('busy')")


def test_sealed_game_saved_loaded_and_validated(page: Any, sealed: str, tmp_path: Path) -> None:
    page.goto(sealed + "/play/?scenario=short&seed=5")
    settle(page)
    chip = page.locator("#status .chip.seed")
    assert chip.text_content() == "Deal secret (sealed)"
    assert "the deal is secret" in page.locator("#log").text_content()
    assert "sealed" in page.evaluate("app.game.pos.state.json")  # the page holds no deck

    play_moves(page, 12)
    before = page.evaluate(SNAPSHOT)
    assert before["history"] == 12 and len(before["mine"]) == 12
    assert any(any(b.startswith("8.") for b in t) for t in before["traces"]), before["traces"]

    path = tmp_path / "sealed.jsonl"
    text = save(page, path)
    rec = read_record(io.StringIO(text))
    h = rec.header
    assert "seed" not in h and h["bot_seed"] == 5  # the Seed box's 5 is not the deal's seed
    assert h["start"]["sealed"] and h["start"]["sequence"] == 0
    assert h["game_id"] == h["start"]["game_id"] and h["seed_commitment"]
    assert len(rec.moves) == before["n"]

    # ct-referee validate, through the referee that dealt the game, replays it from its start
    cli = cli_main.run("validate", str(path), "--server", sealed)
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert "OK" in cli.stdout or "legal" in cli.stdout, cli.stdout
    # the engine alone cannot: the seed is the referee's until the game is over; it says so
    v = check_record(rec)
    assert v.kind == "header" and "ct-referee validate --server" in v.problem

    # loaded again: the same position, its undo history, the person's moves, the bot's reasons
    load(page, sealed, path)
    settle(page)
    after = page.evaluate(SNAPSHOT)
    assert after == before
    assert page.locator("#status .chip.seed").text_content() == "Deal secret (sealed)"
    page.locator("#log li.bot summary").first.click()
    assert page.locator("#log li.bot table.trace td.box").first.is_visible()

    # undo works after the load: back to the position before the person's last move
    page.locator("#undo").click()
    settle(page)
    undone = page.evaluate(SNAPSHOT)
    assert undone["history"] == 11 and undone["mine"] == before["mine"][:11]
    assert undone["n"] < before["n"]
    play_moves(page, 2)  # and play goes on from there

    # a record whose move was changed: the line is named
    lines = text.splitlines()
    i = rec.move_lines[3] - 1
    lines[i] = json.dumps({"t": "pick", "value": "Nowhere"})
    path.write_text("\n".join(lines) + "\n")
    page.locator("#load").set_input_files(str(path))
    # the file is read before the page turns busy (File.text()): wait for the refusal itself
    page.wait_for_function("document.querySelector('#error').textContent !== ''"
                           " && !document.body.classList.contains('busy')")
    error = page.locator("#error").text_content()
    assert error.startswith(f"record line {i + 1} (move 4): "), error


# The player in a hurry's moves as play() makes them (step: the move, the bot's answer, the
# record), the view and board picture of the position (refresh) fetched after every ``every``-th
# move and at the end: every move under --long, every 20th otherwise.
FAST_TO_THE_END = """async (every) => {
  let n = 0;
  while (!isOver(app.game)) {
    const ms = app.game.pos.legal_moves;
    const m = ms.find((x) => x.t === "pass") || ms.find((x) => x.t === "done")
      || ms.find((x) => x.t === "decline") || ms[0];
    if (++n % every === 0) {
      await act(() => play(m));
      continue;
    }
    const g = app.game;
    const next = await step(g, m, null);
    app.history.push(g);
    app.game = next;
    if (isOver(next)) await act(() => refresh(next));
  }
}"""
REFRESH_EVERY = 1 if long_runs() else 20


def test_sealed_game_to_the_end_reveals_its_seed(page: Any, sealed: str, tmp_path: Path) -> None:
    page.goto(sealed + "/play/?scenario=short&seed=9")
    settle(page)
    page.evaluate(FAST_TO_THE_END, REFRESH_EVERY)
    settle(page)
    assert page.locator("#to-move").text_content() == "Game over"
    assert re.fullmatch(r"The (FLN|Government) wins.*",
                        page.locator("#moves .result .winner").text_content())
    revealed = page.evaluate("app.game.pos.state.revealed_seed")
    assert revealed and page.locator("#status .chip.seed").text_content() == (
        f"Seed {revealed} (revealed)")
    path = tmp_path / "over.jsonl"
    rec = read_record(io.StringIO(save(page, path)))
    assert rec.header["seed"] == int(revealed)  # exact: a 64-bit seed
    assert rec.result is not None and rec.result["winner"] in ("gov", "fln")
    v = check_record(rec)  # anyone replays it now, the engine alone included
    assert v.ok and v.to_move is None and v.result == rec.result, v.problem
    cli = cli_main.run("validate", str(path))
    assert cli.returncode == 0, cli.stdout + cli.stderr


def test_play_under_strict_sends_the_seats(page: Any, tmp_path: Path) -> None:
    p, url, _ = spawn(tmp_path, "--strict")
    try:
        page.goto(url + "/play/?scenario=short&seed=4")
        settle(page)
        play_moves(page, 6)
        assert page.evaluate("app.game.log.filter((e) => e.bot).length") >= 1
        path = tmp_path / "strict.jsonl"
        rec = read_record(io.StringIO(save(page, path)))
        assert set(rec.header["seats"]) == {"gov", "fln"}  # to play on after a load
        cli = cli_main.run("validate", str(path), "--server", url)
        assert cli.returncode == 0, cli.stdout + cli.stderr
        load(page, url, path)
        settle(page)
        play_moves(page, 2)
    finally:
        stop(p)
