"""``ct-referee play`` driven in a real pseudo-terminal (pexpect, 80 x 24): a person plays the
Government against the non-player FLN through several cards with the stable keys, reads the bot's
reasons, undoes a move, saves the record and quits; the record validates (engine.records and
``ct-referee validate``); a game resumes from it; and a whole Short game is played to its end
with ``--record``, whose record validates with the game's result."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect

from engine.records import check_record, read_record
from tests.spawn import terminal

PROMPT = r"q quit\] > "
BOARD_TOP = "── 2SG: Pop. 2"


def spawn(*args: str, timeout: float = 30) -> Any:
    return terminal([sys.executable, "-m", "ct_referee_cli", "play", *args], timeout=timeout)


def menu(text: str) -> dict[str, str]:
    """The keys and labels of the last menu shown (without the cost and effect after them)."""
    last = text.replace("\r", "").split("\n\n")[-1]
    return {k: re.sub(r"  \[.*$", "", v) for k, v in
            re.findall(r"^ {1,3}(\w{1,3})  (.+)$", last, re.M)}


def choose(keys: dict[str, str]) -> str:
    """The keys a player in a hurry presses: pass, done, decline, else the first move."""
    for k in ("p", "d", "n", "1"):
        if k in keys:
            return k
    raise AssertionError(f"no move to choose in {keys}")


def board_of(text: str) -> list[str]:
    """The last board drawn in ``text``."""
    start = text.rindex("Card ", 0, text.rindex(BOARD_TOP))
    lines = text[start:].replace("\r", "").split("\n")
    return lines[:lines.index("", 1)] if "" in lines[1:] else lines


def test_several_cards_undo_save_validate_resume(tmp_path: Path) -> None:
    child = spawn("--seed", "4")
    child.expect(r"seed 4 \(play it again with --seed 4\)")
    child.expect(PROMPT)
    seen = child.before
    board = board_of(seen)
    assert board[0].startswith("Card 1/39: #30 Change in Tactics")
    assert len(board) <= 24 and max(len(x) for x in board) <= 80, board
    assert "Algiers" in seen and "Tunisia" in seen
    # the stable keys: decline is "n" wherever it comes in the list
    assert menu(seen) == {"1": "Play Pivotal Event #66 Coup d'Etat", "n": "Play no Pivotal Event"}
    turns = 0
    text = ""
    for _ in range(60):
        keys = menu(child.before)
        if "p" in keys:
            assert keys["p"].startswith("Pass (")
        child.sendline(choose(keys))
        child.expect(PROMPT)
        text += child.before
        m = re.findall(r"Card (\d+)/39", text)
        turns = int(m[-1]) if m else turns
        if turns >= 4:
            break
    assert turns >= 4, "four cards played"
    # the bot's turn summed up with its reasons; the whole trace on request
    assert "── FLN (non-player)" in text and "\r\nwhy:  [8.4" in text
    child.sendline("t")
    child.expect(PROMPT)
    assert re.search(r"8\.4(\.\d)?  ", child.before)
    # a board is drawn only when it changed: an unknown key, help, the log draw none
    child.sendline("?")
    child.expect(PROMPT)
    assert "u  undo" in child.before and BOARD_TOP not in child.before
    child.sendline("zz")
    child.expect(PROMPT)
    assert "no move 'zz' here" in child.before and BOARD_TOP not in child.before
    # undo the last move (and the bot's reply): the same menu again
    before_keys = menu(child.before)
    child.sendline(choose(before_keys))
    child.expect(PROMPT)
    child.sendline("u")
    child.expect(PROMPT)
    assert "undone: " + before_keys[choose(before_keys)] in child.before
    assert menu(child.before) == before_keys
    # save, then quit without being asked again
    path = tmp_path / "game.jsonl"
    child.sendline("s")
    child.expect(r"save the record to \[ct-short-4\.jsonl\]: ")
    child.sendline(str(path))
    child.expect(r"saved (\d+) moves to ")
    saved = int(child.match.group(1))
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("bye")
    child.expect(pexpect.EOF)

    rec = read_record(path.open())
    assert len(rec.moves) == saved and rec.seed == 4 and rec.options == {"fln_bot": True}
    verdict = check_record(rec)
    assert verdict.ok, verdict.problem
    assert verdict.checkpoints == len(rec.checkpoints) >= 4
    assert verdict.to_move == "gov" and verdict.prompt
    cli = subprocess.run([sys.executable, "-m", "ct_referee_cli", "validate", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert cli.returncode == 0, cli.stdout + cli.stderr

    # resume: the same position, the same menu
    child = spawn("--resume", str(path))
    child.expect(f"resumed {saved} moves")
    child.expect(PROMPT)
    assert menu(child.before) == before_keys
    child.sendline("q")  # nothing new: no question
    child.expect("bye")
    child.expect(pexpect.EOF)


def test_quit_asks_to_save(tmp_path: Path) -> None:
    child = spawn("--seed", "9", "--wide")
    child.expect(PROMPT)
    assert re.search(r"Algiers\s+3 Support\s+Gov", child.before)  # --wide: a space per line
    child.sendline("n")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"save the game record first\? \[y/N\] ")
    child.sendline("y")
    child.expect(r"save the record to \[ct-short-9\.jsonl\]: ")
    child.sendline(str(tmp_path / "q.jsonl"))
    child.expect("bye")
    child.expect(pexpect.EOF)
    assert check_record(read_record((tmp_path / "q.jsonl").open())).ok


def test_a_whole_game_to_its_end(tmp_path: Path) -> None:
    """A random seed (printed), the keys a hurried player presses, the record kept by --record."""
    path = tmp_path / "whole.jsonl"
    child = spawn("--record", str(path), timeout=60)
    child.expect(r"seed (\d+) \(play it again")
    seed = int(child.match.group(1))
    decisions = 0
    while True:
        i = child.expect([PROMPT, r"THE GAME IS OVER: (\w+) wins"])
        if i == 1:
            break
        child.sendline(choose(menu(child.before)))
        decisions += 1
        assert decisions < 3000
    winner = child.match.group(1)
    child.expect(pexpect.EOF)
    rec = read_record(path.open())
    assert rec.seed == seed and rec.result is not None
    assert {"Government": "gov", "FLN": "fln"}[winner] == rec.result["winner"]
    verdict = check_record(rec)
    assert verdict.ok, verdict.problem
    assert verdict.result == rec.result and verdict.to_move is None


def test_resume_from_a_record_with_an_illegal_move(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"scenario": "short", "seed": 4, "options": {"fln_bot": true}}\n'
                    '{"t": "decline"}\n{"t": "op", "op": "teleport"}\n')
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "play", "--resume", str(path)],
                       capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "move 2 of the record is refused" in r.stderr, r.stderr


def _key(keys: dict[str, str], label: str) -> str:
    return next(k for k, v in keys.items() if v == label)


def _quit(child: Any) -> None:
    child.sendline("q")
    if child.expect([r"save the game record first\? \[y/N\] ", pexpect.EOF]) == 0:
        child.sendline("n")
        child.expect(pexpect.EOF)


def test_event_key_shows_what_the_current_cards_events_do() -> None:
    """``e``: the current card and the catalogue's summary of each of its Events, with the key
    of each Event move listed now."""
    child = spawn("--seed", "7", "--hotseat")
    child.expect(PROMPT)
    for _ in range(2):  # both players decline the Pivotal window
        child.sendline("n")
        child.expect(PROMPT)
    keys = menu(child.before)
    shaded = _key(keys, "Event #15 Jean-Paul Sartre, shaded")
    child.sendline("e")
    child.expect(PROMPT)
    text = child.before.replace("\r", "")
    assert "#15 Jean-Paul Sartre (event)" in text
    assert "Unshaded [" in text and "FLN Resources +2 (1.8)." in text
    assert f"Shaded [{shaded}]: Commitment -1 (1.9)." in text
    _quit(child)


def test_operation_stages_have_their_own_prompt_and_finish_label() -> None:
    """Train as Op + Special Activity: finishing its locations leaves the Special Activity to
    choose – a new prompt and a new finish label, not the same screen again (4.1)."""
    child = spawn("--seed", "7", "--hotseat")
    child.expect(PROMPT)
    for key in ("n", "n", "p"):  # Pivotal window declined twice, the FLN passes
        child.sendline(key)
        child.expect(PROMPT)
    child.sendline(_key(menu(child.before), "Operation: Train (Op + Special Activity)"))
    child.expect(PROMPT)
    child.sendline(_key(menu(child.before), "Train on the France Track"))
    child.expect(PROMPT)
    text = child.before.replace("\r", "")
    assert "Government: Train: select a location, act, or finish" in text
    assert menu(child.before)["d"] == "Finish Train's locations (a Special Activity may follow)"
    child.sendline("d")
    child.expect(PROMPT)
    text = child.before.replace("\r", "")
    assert "Government: Train done: add a Special Activity, or finish without one" in text
    keys = menu(child.before)
    assert keys["d"] == "Finish Train without a Special Activity"
    assert "Special Activity: Deploy" in keys.values()
    child.sendline("d")
    child.expect(PROMPT)
    assert "Train done" not in child.before
    _quit(child)


def test_own_deception_markers_are_shown_under_the_board() -> None:
    child = spawn("--seed", "7", "--deception")
    child.expect(PROMPT)
    text = child.before.replace("\r", "")
    mine = re.findall(r"Your Deception markers \(Government\): (.+)", text)
    assert mine and re.fullmatch(r"(Empty Threat|Hidden Agenda|Hidden Asset)(, (Empty Threat|"
                                 r"Hidden Agenda|Hidden Asset))*", mine[-1].strip()), text
    assert "(FLN):" not in text  # the FLN's are hidden from the Government
    _quit(child)
