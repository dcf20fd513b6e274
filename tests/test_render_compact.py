"""The board picture on a narrow screen (a phone, 390 px wide): the compact layer has fewer words
and larger pieces and boxes than the full picture, no two of its boxes overlap, and every tooltip
(<title>) of either picture, of either game, is in words: no snake_case keys."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import algeria
import engine
from algeria.render import render as render_algeria
from engine.layout import POSITIONS
from engine.render import render
from engine.render.board import BOX_H, BOX_W, COMPACT_H, COMPACT_W

NS = "{http://www.w3.org/2000/svg}"
KEY = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:fln|gov)\b")  # snake_case, or a side's key


def midgame(seed: int = 3, moves: int = 60) -> engine.State:
    s = engine.new_game("short", seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.to_move(s) is None:
            break
        s, _ = engine.apply(s, rng.choice(engine.legal_moves(s)))
    return s


def texts(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(NS + "text"))


def piece_sizes(svg: str) -> list[float]:
    """The size of each piece token: a circle's radius, a square's half side."""
    root = ET.fromstring(svg)
    out = [float(c.get("r", 0)) for g in root.iter(NS + "g") if g.get("data-space")
           for c in g.iter(NS + "circle") if c.get("fill") != "#fff"]
    out += [float(r.get("width", 0)) / 2 for g in root.iter(NS + "g") if g.get("data-space")
            for r in g.iter(NS + "rect") if r.get("width") == r.get("height")]
    return out


def test_compact_layer_has_fewer_words_and_larger_pieces() -> None:
    s = midgame()
    full, compact = render(s, "gov"), render(s, "gov", compact=True)
    assert ET.fromstring(compact).get("data-layer") == "compact"
    assert len(texts(compact)) < len(texts(full)) * 0.6, (len(texts(compact)), len(texts(full)))
    assert min(piece_sizes(compact)) > max(piece_sizes(full)), (piece_sizes(compact)[:3],
                                                                 piece_sizes(full)[:3])
    # every space is still there, clickable, with its tooltip
    root = ET.fromstring(compact)
    spaces = [g for g in root.iter(NS + "g") if g.get("data-space")]
    assert {g.get("data-space") for g in spaces} == set(POSITIONS)
    assert all(g.find(NS + "title") is not None for g in spaces)
    # the picture is the map alone: narrower than the full picture's width at a phone's scale
    assert float(root.get("height", 0)) < float(ET.fromstring(full).get("height", 0))


def test_compact_boxes_are_larger_and_never_overlap() -> None:
    assert COMPACT_W > BOX_W and COMPACT_H > BOX_H
    names = sorted(POSITIONS)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            (ax, ay), (bx, by) = POSITIONS[a], POSITIONS[b]
            assert abs(ax - bx) >= COMPACT_W or abs(ay - by) >= COMPACT_H, (a, b)


def tooltips(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(NS + "title")]


def test_tooltips_use_words_not_keys() -> None:
    s = midgame()
    for pic in (render(s, "gov"), render(s, "fln", compact=True)):
        tips = tooltips(pic)
        assert len(tips) == len(POSITIONS)
        bad = [t for t in tips if KEY.search(t)]
        assert not bad, bad[:3]
    a = algeria.new_game("1958", 5, {"chance": "managed"})
    rng = random.Random(5)
    for _ in range(150):
        if algeria.to_move(a) is None:
            break
        a, _ = algeria.apply(a, rng.choice(algeria.legal_moves(a)))
    tips = tooltips(render_algeria(a, "gov"))
    assert len(tips) == len(algeria.data.AREAS)  # one per area, France included
    assert any(t.startswith("Control: ") for tip in tips for t in tip.splitlines())
    assert any(re.search(r"\d+ (French|Algerian|Police|Front|Cadre|Band|Failek)", t)
               for t in tips)
    bad = [t for t in tips if KEY.search(t)]
    assert not bad, bad[:3]
