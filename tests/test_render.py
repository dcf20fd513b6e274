"""The board picture (engine/render): well-formed SVG for states of whole games, the 30 spaces
as data-space groups, what the pieces and markers say, nothing hidden leaking into it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import engine
from engine.data import SPACES
from engine.layout import LAYOUT, POSITIONS
from engine.render import render, render_view
from engine.render.board import BOX_H, BOX_W

SVG = "{http://www.w3.org/2000/svg}"


def spaces_of(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg.encode())
    assert root.tag == SVG + "svg"
    return {g.get("data-space", ""): g for g in root.iter(SVG + "g") if g.get("data-space")}


def texts(g: ET.Element) -> list[str]:
    return [t.text or "" for t in g.iter(SVG + "text")]


def play(scenario: str, seed: int, moves: int | None = None) -> list[engine.State]:
    s = engine.new_game(scenario, seed=seed)
    rng = random.Random(seed)
    out = [s]
    while engine.to_move(s) is not None and (moves is None or len(out) <= moves):
        s, _ = engine.apply(s, rng.choice(engine.legal_moves(s)))
        out.append(s)
    return out


def test_boxes_never_overlap_on_the_layout() -> None:
    names = list(POSITIONS)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            (ax, ay), (bx, by) = POSITIONS[a], POSITIONS[b]
            assert abs(ax - bx) >= BOX_W + 8 or abs(ay - by) >= BOX_H + 8, (a, b)
        x, y = POSITIONS[a]
        assert BOX_W / 2 <= x <= LAYOUT["width"] - BOX_W / 2 and BOX_H / 2 <= y, a


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_whole_games_render_well_formed(scenario: str) -> None:
    states = play(scenario, seed=11)
    assert states[-1].result is not None
    for s in states[:: max(1, len(states) // 40)] + [states[-1]]:
        for role in ("observer", "gov", "fln"):
            groups = spaces_of(render(s, role))
            assert sorted(groups) == sorted(SPACES)


def test_a_space_shows_its_pieces_markers_and_control() -> None:
    s = engine.new_game("short", seed=1)
    sp = s.spaces["Philippeville"]
    assert sp["pieces"]["french_troops"] == 4  # the Short set-up (10.0)
    g = spaces_of(render(s))["Philippeville"]
    words = texts(g)
    assert "2" in words and "Gov" in words and "4" in words  # Population 2, Control, 4 Troops
    s2 = s.copy()
    s2.spaces["Philippeville"]["terror"] = 2
    s2.spaces["Philippeville"]["support"] = "oppose"
    words = texts(spaces_of(render(s2))["Philippeville"])
    assert "Terror ×2" in words and "Oppose" in words
    setif = texts(spaces_of(render(s))["Setif"])  # Resettled in the Short set-up
    assert "Pop 0" in setif


def test_the_panel_names_the_current_card_tracks_and_pivotal_events() -> None:
    s = play("short", seed=3, moves=30)[-1]
    svg = render(s)
    from engine.data import CARDS

    title = CARDS[s.cards["current"]]["title"]
    assert title.replace("'", "&#x27;") in svg or title in svg
    assert "France Track (6.2)" in svg and "Border Zone (5.1.8)" in svg
    assert "#66 Coup d&#x27;Etat" in svg or "#66 Coup d'Etat" in svg


def test_nothing_hidden_appears() -> None:
    """Two states that differ only in hidden data (the deck order, the set-aside cards, the
    generator) give the same picture (2.2, 10.0)."""
    a = engine.new_game("medium", seed=5)
    b = a.copy()
    b.cards["deck"] = list(reversed(a.cards["deck"][:-1])) + a.cards["deck"][-1:]
    b.rng = {"seed": 99, "counter": 3}
    assert render(a) == render(b)
    assert render_view(engine.view(a, "gov")) == render(a, "gov")


def test_a_bad_role_is_a_clear_error() -> None:
    with pytest.raises(engine.BadRequest) as e:
        render(engine.new_game("short"), "spectator")
    assert e.value.field == "role"
