"""Each game's part of the records (referee_core.recording): the writer and the checker in
engine.records take the checkpoint cadence, the hash's hidden fields and the chance wording
from the game a header names, which its own package registered."""

from __future__ import annotations

import io

import pytest

import algeria
import engine
from engine.records import RecordWriter, checkpoint_hash, make_header
from referee_core import recording


def test_each_game_registers_its_own_cadence() -> None:
    assert recording.of_game("colonial_twilight").schema == "ct-state/"
    assert recording.of_game("algeria").chapters is algeria.records.Chapters
    assert recording.of_schema("algeria-state/1") is algeria.records.RECORDING
    assert recording.of_schema("go-state/1") is None


def test_a_header_of_a_game_not_loaded_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError) as e:
        RecordWriter(io.StringIO(), make_header("x", 0, {}, game="chess"), {"turn": 0})
    assert "'chess'" in str(e.value) and "algeria" in str(e.value)


def test_the_hash_leaves_out_what_the_game_hides() -> None:
    s = algeria.new_game("1954", 3)
    d = s.to_data()
    d2 = dict(d, rng={"seed": 1, "counter": 99})
    assert checkpoint_hash(d) == checkpoint_hash(d2)
    d3 = dict(d, turn=d["turn"] + 1)
    assert checkpoint_hash(d) != checkpoint_hash(d3)
    c = engine.new_game("short", 3).to_data()
    c2 = dict(c, cards=dict(c["cards"], deck=list(reversed(c["cards"]["deck"]))))
    assert checkpoint_hash(c) == checkpoint_hash(c2)
    assert c2["cards"]["deck"] != c["cards"]["deck"]   # the caller's document is left as it was
