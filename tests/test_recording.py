"""Each game's part of the records (referee_core.recording): the writer and the checker in
engine.records take the checkpoint cadence, the hash's hidden fields and the chance wording
from the game a header names, which its own package registered."""

from __future__ import annotations

import io
import json

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


def test_a_forfeit_names_the_other_side_of_its_own_game() -> None:
    """An INSURGENT record cut short by the French player's forfeit: the FLN wins (not "gov",
    Colonial Twilight's and Algeria's other side)."""
    import insurgent
    from engine.records import check_record, read_record

    from service.records import ServiceReferee  # the served games' referee
    from service.core import Core

    s = insurgent.new_game(None, 1)
    out = io.StringIO()
    w = RecordWriter(out, make_header("standard", 1, {}, game="insurgent"), insurgent.to_json(s))
    while insurgent.to_move(s) != "french":
        m = insurgent.legal_moves(s)[0]
        s, _ = insurgent.apply(s, m)
        w.move(m, insurgent.to_json(s))
    text = out.getvalue()
    core = Core()
    for winner, ok in (("fln", True), ("gov", False)):
        result = {"winner": winner, "by": "forfeit", "forfeit": {"side": "french"}}
        rec = read_record((text + json.dumps({"result": result}) + "\n").splitlines())
        v = check_record(rec, ServiceReferee(core, core.call()))
        assert v.ok is ok, v.text()
