"""The board picture of INSURGENT: Algeria (insurgent/render.py): well-formed SVG for the states of
whole games, every card on a front drawn with its name and action icons, a face-down FLN card a
card back for the French and an observer (its name and icons nowhere in their picture) and a
marked card face for the FLN, the counts the picture shows equal to the state's, the result, and
a compact layer that fits a phone; then the picture in a real Chromium: no text outside the
picture, outside its card or outside its icon."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import insurgent as I
from insurgent.board import deck_size, icons, rally
from insurgent.deck import DEMO, FRONTS, SIDES
from insurgent.render import render, render_view

from .positions import cid, draw, play, position, up

SVG = "{http://www.w3.org/2000/svg}"
ROLES = ("fln", "french", "observer")
NAME = {"fln": "FLN", "french": "French"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode())
    assert root.tag == SVG + "svg"
    return root


def words(e: ET.Element) -> list[str]:
    """Every text and tooltip under ``e``."""
    return [t.text or "" for t in e.iter() if t.tag in (SVG + "text", SVG + "title")]


def cards_of(root: ET.Element) -> dict[tuple[str, str, str], ET.Element]:
    """The cards on the fronts by (side, front, number from the bottom)."""
    return {(g.get("data-side", ""), g.get("data-front", ""), g.get("data-pos", "")): g
            for g in root.iter(SVG + "g") if g.get("data-front")}


def game(seed: int) -> list[I.State]:
    s = I.new_game(seed=seed)
    rng = random.Random(seed)
    out = [s]
    while I.to_move(s) is not None:
        s, _ = I.apply(s, rng.choice(I.legal_moves(s)))
        out.append(s)
    return out


def table() -> I.State:
    """The FLN's turn 5: face-down and face-up FLN cards, French cards, a prisoner, the dead."""
    return position(
        active="fln", turn=5,
        hands={"fln": ["FLN agent 6", "FLN supporters 1"], "french": ["French agent 4"]},
        fronts={"fln": {"military": ["FLN agent 3*", "FLN agent 2"],
                        "political": ["FLN supporters 3*"]},
                "french": {"military": ["French agent 1"],
                           "diplomatic": ["French supporters 1", "French agent 10"]}},
        prison=[("FLN agent 9", "diplomatic")], graveyard=["French agent 2"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_render_well_formed(seed: int) -> None:
    states = game(seed)
    assert states[-1].result is not None
    for s in states[:: max(1, len(states) // 12)] + [states[-1]]:
        for role in ROLES:
            for compact in (False, True):
                root = parse(render(s, role, compact))
                assert root.get("aria-label", "").startswith("INSURGENT: Algeria")


def test_each_card_on_a_front_is_drawn_with_its_name_and_icons() -> None:
    s = table()
    for compact in (False, True):
        drawn = cards_of(parse(render(s, "fln", compact)))
        want = {(side, f, str(i + 1)): e["card"] for side in SIDES for f in FRONTS
                for i, e in enumerate(s.fronts[side][f])}
        assert set(drawn) == set(want)
        for key, c in want.items():
            g = drawn[key]
            card = DEMO.card(c)
            assert g.get("data-card") == str(c)
            assert card.name in words(g)
            chips = [t.text for t in g.iter(SVG + "text") if t.text in card.actions]
            assert chips == list(card.actions), key          # in order, left to right
            assert g.get("data-face") == ("up" if s.fronts[key[0]][key[1]][int(key[2]) - 1]["up"]
                                          else "down")


def test_a_face_down_card_is_a_card_back_for_the_french_and_an_observer() -> None:
    s = table()
    hidden = DEMO.card(cid("FLN agent 3"))                # face down, military 1
    name = re.compile(r"FLN agent 3\b")
    fln = parse(render(s, "fln"))
    mine = cards_of(fln)["fln", "military", "1"]
    assert mine.get("data-card") == str(hidden.id) and mine.get("data-face") == "down"
    assert hidden.name in words(mine) and any("FACE DOWN" in w for w in words(mine))
    chips = mine.find(f".//{SVG}g[@data-icons]")
    assert chips is not None and chips.get("data-icons") == "ATTACK ATTACK"
    for role in ("french", "observer"):
        for compact in (False, True):
            svg = render(s, role, compact)
            root = parse(svg)
            back = cards_of(root)["fln", "military", "1"]
            assert back.get("data-card") is None and back.get("data-face") == "down"
            assert back.find(f".//{SVG}g[@data-icons]") is None
            assert "FLN card, face down" in words(back)
            assert not any(name.search(w) for w in words(root)), role
            assert f'data-card="{hidden.id}"' not in svg
            # its two ATTACK icons are not counted in the open
            assert _count_words(root, "military", "fln") == "FLN 2 icons + 1 face-down (RALLY 1)"
    # the face-up card of the same front is drawn for everyone
    assert cards_of(parse(render(s, "french")))["fln", "military", "2"].get("data-card") == \
        str(cid("FLN agent 2"))


def _front_panel(root: ET.Element, front: str) -> ET.Element:
    return next(g for g in root.iter(SVG + "g") if g.get("data-front-panel") == front)


def _count_words(root: ET.Element, front: str, side: str) -> str:
    g = next(g for g in _front_panel(root, front).iter(SVG + "g") if g.get("data-count") == side)
    return " ".join(words(g))


def _summary(root: ET.Element, side: str) -> str:
    g = next(g for g in root.iter(SVG + "g") if g.get("data-summary") == side)
    return " ".join(words(g))


def test_the_counts_shown_are_the_states() -> None:
    s = table()
    root = parse(render(s, "fln"))
    for f in FRONTS:
        for side in SIDES:
            n, r = icons(s, side, f), rally(s, side, f)
            assert _count_words(root, f, side) == \
                f"{NAME[side]} {n} icon{'' if n == 1 else 's'} (RALLY {r})"
    # the French see the face-down cards counted apart, never their icons
    french = parse(render(s, "french"))
    assert _count_words(french, "military", "fln") == "FLN 2 icons + 1 face-down (RALLY 1)"
    assert _count_words(french, "political", "fln") == "FLN 0 icons + 1 face-down (RALLY 0)"
    assert icons(s, "fln", "military") == 4                # what they do not see
    # 21 cards a side: the FLN's 2 in hand, 3 on fronts, 1 in prison; the French 1, 3, 1 dead
    assert (deck_size(s, "fln"), deck_size(s, "french")) == (15, 16)
    for role in ROLES:
        root = parse(render(s, role))
        assert _summary(root, "fln") == "FLN hand 2 · deck 15 · discard 0 · in prison 1"
        assert _summary(root, "french") == "French hand 1 · deck 16 · discard 0"
        piles = {g.get("data-panel"): g for g in root.iter(SVG + "g") if g.get("data-panel")}
        assert "Prison (1)" in words(piles["prison"])
        assert "FLN agent 9" in words(piles["prison"])
        assert "Graveyard (1)" in words(piles["graveyard"])
        assert "French agent 2" in words(piles["graveyard"])
    # the hand is the role's own, drawn as cards; no other role sees it
    fln = parse(render(s, "fln"))
    hand = {g.get("data-card") for g in fln.iter(SVG + "g") if g.get("data-pile") == "hands"}
    assert hand == {str(cid("FLN agent 6")), str(cid("FLN supporters 1"))}
    for role in ("french", "observer"):
        assert "FLN agent 6" not in render(s, role)


def test_the_cards_a_recruit_drew_are_shown_to_their_owner_only() -> None:
    s, _ = play(table(), up("FLN agent 6", "political"), {"t": "recruit"}, draw("FLN agent 11"),
                draw("FLN event 3"))
    assert s.recruits["fln"] == [cid("FLN agent 11"), cid("FLN event 3")]
    for compact in (False, True):
        fln = parse(render(s, "fln", compact))
        drawn = [g.get("data-card") for g in fln.iter(SVG + "g")
                 if g.get("data-pile") == "recruits"]
        assert drawn == [str(cid("FLN agent 11")), str(cid("FLN event 3"))]
        assert "Drawn by RECRUIT (2)" in words(fln)
        for role in ("french", "observer"):
            root = parse(render(s, role, compact))
            assert "drawn by RECRUIT 2" in _summary(root, "fln")
            assert not any(re.search(r"FLN (agent 11|event 3)\b", w) for w in words(root))
            assert "RECRUIT: play one of the drawn cards" in " ".join(words(root))


def test_whose_turn_the_prompt_and_the_result() -> None:
    s = table()
    status = " ".join(words(next(g for g in parse(render(s, "fln")).iter(SVG + "g")
                                 if g.get("data-panel") == "status")))
    assert "Your move (FLN): play a card from your hand" in status
    assert "turn 5, FLN turn" in status
    status = " ".join(words(next(g for g in parse(render(s, "french")).iter(SVG + "g")
                                 if g.get("data-panel") == "status")))
    assert "FLN to move: play a card from your hand" in status
    # a domination: the FLN plays a fourth military card face up, 8 icons ahead
    s = position(active="fln", hands={"fln": ["FLN agent 1"]},
                 fronts={"fln": {"military": ["FLN agent 3", "FLN agent 2", "FLN agent 4"]}})
    end, _ = I.apply(s, up("FLN agent 1", "military"))
    assert I.to_move(end) is None
    text = " ".join(words(parse(render(end, "french"))))
    assert "Game over: the FLN wins by DOMINATION in the military front (8 action icons to 0)" \
        in text


def test_a_finished_game_names_the_winner_of_each_front() -> None:
    final = next(g[-1] for g in (game(k) for k in range(1, 20))
                 if g[-1].result and g[-1].result["by"] == "attrition")
    r = final.result
    assert r is not None
    root = parse(render(final, "french"))
    for f in FRONTS:
        panel = " ".join(words(_front_panel(root, f)))
        w = r["fronts"][f]["winner"]
        assert ("a draw" if w is None else f"won by {'FLN' if w == 'fln' else 'French'}") in panel
    # every FLN card is face up at the end (Final Scoring 1): no card back is left
    assert "FLN card, face down" not in " ".join(words(root))


@pytest.mark.parametrize("role", ROLES)
def test_the_compact_layer_fits_a_phone(role: str) -> None:
    for s in (table(), game(2)[-1]):
        root = parse(render(s, role, compact=True))
        x0, y0, w, h = map(float, root.get("viewBox", "").split())
        assert (x0, y0) == (0, 0) and w <= 420 and root.get("data-layer") == "compact"
        for r in root.iter(SVG + "rect"):
            assert float(r.get("x", 0)) >= 0 and float(r.get("x", 0)) + float(
                r.get("width", 0)) <= w, r.attrib
            assert float(r.get("y", 0)) + float(r.get("height", 0)) <= h, r.attrib


def test_the_pictures_of_the_other_games_import_no_other_game() -> None:
    """The shared drawing is referee_core.svg: Algeria's and INSURGENT's pictures load without
    Colonial Twilight's engine, INSURGENT's without Algeria."""
    code = ("import sys, algeria.render, insurgent.render; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'engine', 'service'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "[]"
    code = "import sys, insurgent.render; print('algeria' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "False"


def test_render_view_is_render_of_the_view() -> None:
    s = table()
    for role in ROLES:
        assert render(s, role) == render_view(I.view(s, role))
        assert render(s, role, True) == render_view(I.view(s, role), True)
    with pytest.raises(I.BadRequest):
        render(s, "spy")


# --- in a real browser -----------------------------------------------------------------------

CHECK = """() => {
  const svg = document.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  const bad = [];
  const inside = (b, r, pad) => b.x >= r.x - pad && b.y >= r.y - pad
      && b.x + b.width <= r.x + r.width + pad && b.y + b.height <= r.y + r.height + pad;
  for (const t of svg.querySelectorAll('text')) {
    if (!inside(t.getBBox(), vb, 0.5)) bad.push('outside the picture: ' + t.textContent);
  }
  // a card's and a pile row's words stay inside its frame (the first rect of the group)
  for (const g of svg.querySelectorAll('g[data-front], g[data-pile]')) {
    const frame = g.querySelector('rect').getBBox();
    for (const t of g.querySelectorAll('text')) {
      if (!inside(t.getBBox(), frame, 0.5)) bad.push('outside its card: ' + t.textContent);
    }
  }
  // each action icon's word inside its chip (the rect just before it)
  for (const t of svg.querySelectorAll('g[data-icons] text')) {
    const r = t.previousElementSibling.getBBox();
    if (!inside(t.getBBox(), r, 0.5)) bad.push('outside its icon: ' + t.textContent);
  }
  // the words of one card, and a front's name and its lead, do not overlap each other
  for (const g of svg.querySelectorAll('g[data-front], g[data-pile], g[data-front-panel]')) {
    const ts = [...g.querySelectorAll(':scope > text')].map(t => [t.textContent, t.getBBox()]);
    for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
      const [a, A] = ts[i], [b, B] = ts[j];
      if (A.x < B.x + B.width && B.x < A.x + A.width && A.y < B.y + B.height
          && B.y < A.y + A.height) bad.push('overlap: ' + a + ' / ' + b);
    }
  }
  return bad;
}"""


def crowded() -> I.State:
    """Long names and cards of many icons: a deck of the same shape as the demonstration deck
    whose every name is as long as allowed (with the characters XML escapes) and whose cards
    have up to eight icons."""
    d = DEMO.document()
    for i, c in enumerate(d["cards"]):
        c["name"] = f"{c['name']} <&> \"named\" " + "with a very long name indeed " * 3
        c["name"] = c["name"][:80]
        if i % 3 == 0:
            c["actions"] = (c["actions"] * 8)[:8]
    s = I.new_game(deck=d, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if I.to_move(s) is None:
            break
        s, _ = I.apply(s, rng.choice(I.legal_moves(s)))
    assert any(len(s.deck.card(e["card"]).actions) == 8
               for side in SIDES for f in FRONTS for e in s.fronts[side][f])
    return s


@pytest.mark.parametrize("compact", [False, True])
def test_the_picture_in_a_real_browser(browser: Any, compact: bool) -> None:
    """Chromium draws the picture: every word inside the picture, inside its card and its icon,
    no two words of a card on top of each other; the screenshot (of the first picture: the
    others are checked by their geometry) is a real picture."""
    page = browser.new_page(viewport={"width": 800, "height": 900})
    try:
        shot, width = b"", 0
        for s in (table(), crowded(), game(2)[-1]):
            for role in ("fln", "french"):
                svg = render(s, role, compact)
                w = int(float(parse(svg).get("width", "0")))
                page.set_viewport_size({"width": w, "height": 900})
                page.set_content("<!doctype html><html><body style='margin:0'>"
                                 "<style>svg{display:block}</style>"
                                 + svg.split("?>", 1)[1] + "</body></html>")
                assert page.evaluate(CHECK) == [], role
                if not shot:
                    shot, width = page.screenshot(full_page=True), w
    finally:
        page.close()
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(shot[16:20], "big") == width
    assert len(shot) > 20_000          # a detailed picture, not a blank page
