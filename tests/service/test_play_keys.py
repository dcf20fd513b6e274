"""``ct-referee play`` in a real pseudo-terminal (pexpect): Ctrl-C and Ctrl-D at a prompt offer to
save and print no traceback; a referee's error is a sentence, not JSON; ``--scenario`` names its
choices; the board keeps every space name whole in 80 columns (100 with ``--wide``); a long menu
pages (``>`` / ``<``) with the moves' numbers and the lettered keys unchanged."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pexpect

from engine.data import SPACE_NAMES
from engine.records import check_record, read_record
from tests.service.test_play_terminal import BOARD_TOP, PROMPT, _key, _quit, menu
from tests.spawn import terminal

SAVE = r"save the game record first\? \[y/N\] "


def spawn(*args: str, dimensions: tuple[int, int] = (24, 80), cwd: str | None = None) -> Any:
    return terminal([sys.executable, "-m", "ct_referee_cli", "play", *args],
                    dimensions=dimensions, cwd=cwd)


def _one_move(child: Any) -> None:
    child.expect(PROMPT)
    child.sendline("n")  # the Pivotal window declined: a move to save
    child.expect(PROMPT)


def test_ctrl_c_at_a_prompt_offers_to_save(tmp_path: Path) -> None:
    child = spawn("--seed", "4")
    _one_move(child)
    child.sendintr()
    child.expect(SAVE)
    child.sendline("y")
    child.expect(r"save the record to \[ct-short-4\.jsonl\]: ")
    child.sendline(str(tmp_path / "c.jsonl"))
    child.expect("bye")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before and "KeyboardInterrupt" not in child.before
    assert check_record(read_record((tmp_path / "c.jsonl").open())).ok


def test_ctrl_d_at_a_prompt_offers_to_save() -> None:
    child = spawn("--seed", "4")
    _one_move(child)
    child.sendeof()
    child.expect(SAVE)
    child.sendintr()  # Ctrl-C at the question: no, and out
    child.expect("bye")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_at_the_save_path_saves_nothing(tmp_path: Path) -> None:
    child = spawn("--seed", "4", cwd=str(tmp_path))
    _one_move(child)
    child.sendintr()
    child.expect(SAVE)
    child.sendline("y")
    child.expect(r"save the record to \[ct-short-4\.jsonl\]: ")
    child.sendintr()
    child.expect("not saved")
    child.expect("bye")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before and not list(tmp_path.iterdir())


def test_a_referee_error_is_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text('{"scenario": "short", "seed": 4, "options": {"fln_bot": true, '
                    '"tunnels": true}}\n')
    child = spawn("--resume", str(path))
    child.expect(pexpect.EOF)
    text = child.before.replace("\r", "")
    assert "ct-referee play: the referee says: unknown option 'tunnels'" in text, text
    assert "(field options.tunnels)" in text
    assert "{" not in text and '"code"' not in text  # no JSON
    child.close()
    assert child.exitstatus == 1


def test_scenario_names_its_choices() -> None:
    child = spawn("--scenario", "bogus")
    child.expect(pexpect.EOF)
    text = " ".join(child.before.split())
    assert ("argument --scenario: invalid choice: 'bogus' (choose from 'short', 'medium', "
            "'full'") in text, text
    assert "{" not in text
    child = spawn("--help")
    child.expect(pexpect.EOF)
    assert "Colonial Twilight: short, medium, full" in " ".join(child.before.split())


def _board(text: str) -> list[str]:
    """The board drawn last: from its card line to the blank line before the menu."""
    text = text.replace("\r", "")
    start = text.rindex("\nCard ") + 1
    return text[start:text.rindex("\n\n")].split("\n")


def _names_whole(board: list[str]) -> None:
    for name in SPACE_NAMES:
        assert any(re.match(rf"(.*│ )?{re.escape(name)}(\s|$)", ln) for ln in board), name


def test_board_fits_80_columns_with_every_space_name_whole() -> None:
    child = spawn("--seed", "4", "--hotseat")
    child.expect(PROMPT)
    board = _board(child.before)
    assert BOARD_TOP in "\n".join(board)
    assert max(len(x) for x in board) <= 80, board
    _names_whole(board)
    _quit(child)


def test_wide_board_fits_100_columns_with_every_space_name_whole() -> None:
    child = spawn("--seed", "9", "--wide", dimensions=(40, 100))
    child.expect(PROMPT)
    board = _board(child.before)
    assert max(len(x) for x in board) <= 100, max(board, key=len)
    assert re.search(r"Algiers\s+3 Support\s+Gov", "\n".join(board))
    _names_whole([ln.split(" │ ")[0] for ln in board])
    _quit(child)


def test_a_long_menu_pages() -> None:
    """Sweep's locations (30): 12 numbered moves to a page, ``>`` the next ones with their own
    numbers, ``<`` back; the lettered keys on every page, meaning the same."""
    child = spawn("--seed", "7", "--hotseat")
    child.expect(PROMPT)
    for key in ("n", "n", "p"):  # Pivotal window declined twice, the FLN passes
        child.sendline(key)
        child.expect(PROMPT)
    child.sendline(_key(menu(child.before), "Operation: Sweep (Op + Special Activity)"))
    child.expect(PROMPT)
    first = menu(child.before)
    numbers = [int(k) for k in first if k.isdigit()]
    assert numbers == list(range(1, 13)), first
    text = child.before.replace("\r", "")
    assert re.search(r"^   >  more moves \(12 of (\d+) shown; page 1 of \d+\)$", text, re.M), text
    total = int(re.findall(r"12 of (\d+) shown", text)[-1])
    assert total > 12
    letters = {k: v for k, v in first.items() if not k.isdigit()}
    child.sendline(">")
    child.expect(PROMPT)
    second = menu(child.before)
    assert [int(k) for k in second if k.isdigit()] == list(range(13, min(24, total) + 1))
    assert {k: v for k, v in second.items() if not k.isdigit()} == letters
    assert not set(second.values()) & {v for k, v in first.items() if k.isdigit()}
    assert BOARD_TOP not in child.before  # paging keeps the board where it is
    child.sendline("<")
    child.expect(PROMPT)
    assert menu(child.before) == first
    child.sendline("13")  # a number of another page is still that move
    child.expect(PROMPT)
    assert "no move" not in child.before
    assert second["13"] not in menu(child.before).values()  # selected: no longer listed
    _quit(child)


def test_menu_shows_what_a_move_costs_and_does() -> None:
    """Assault in spaces where no enemy piece would go: the price and "removes nothing" beside
    each, before the choice (engine.preview)."""
    child = spawn("--seed", "7", "--hotseat")
    child.expect(PROMPT)
    for key in ("n", "n", "p"):
        child.sendline(key)
        child.expect(PROMPT)
    child.sendline(_key(menu(child.before), "Operation: Assault (Op + Special Activity)"))
    child.expect(PROMPT)
    text = child.before.replace("\r", "")
    assert re.search(r"^   1  Assault in Barika  \[-2 Res; removes nothing\]$", text, re.M), text
    assert len(re.findall(r"\[-2 Res; removes nothing\]", text)) >= 6
    _quit(child)
