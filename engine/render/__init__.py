"""A picture of a position: the board as SVG, drawn from a role's view (``engine.view``), so that
nothing the role may not see can appear in it.

    render(state, role="observer") -> str     # an SVG document
    render_view(view) -> str                  # the same from a view already made

The map of Algeria with its 30 spaces at the places of ``engine/data/ct-layout.json`` (each
space's main town, projected and nudged apart: ``engine.layout``), the adjacency drawn,
every space a ``<g data-space="NAME">`` with its pieces, markers and Control; under the map the
tracks, the cards, eligibility, the Pivotal Events, Capabilities and Momentum in effect, the
off-map boxes, and a legend. Pure: no I/O, the same view always gives the same text.
"""

from __future__ import annotations

from typing import Any

from referee_core.svg import document

from ..data import SCENARIOS
from ..layout import HEIGHT as MAP_H, WIDTH
from ..state import State
from ..view import view as make_view
from . import board, panel
from .svg import PAPER, el, rect, text

HEIGHT = MAP_H + 360
# the compact layer's viewBox: the spaces' boxes and a margin
COMPACT_BOUNDS = (
    int(min(x for x, _ in board.XY.values()) - board.COMPACT_W / 2 - 8),
    int(min(y for _, y in board.XY.values()) - board.COMPACT_H / 2 - 8),
    int(max(x for x, _ in board.XY.values()) + board.COMPACT_W / 2 + 8),
    int(max(y for _, y in board.XY.values()) + board.COMPACT_H / 2 + 8))
ROLE_NAMES = {"gov": "the Government", "fln": "the FLN", "observer": "an observer"}


def render(s: State, role: str = "observer", compact: bool = False) -> str:
    """The board as ``role`` (gov, fln, observer) may see it (raises BadRequest on another
    role); ``compact``: the map alone for a narrow screen (``render_view``)."""
    return render_view(make_view(s, role), compact)


def render_view(view: dict[str, Any], compact: bool = False) -> str:
    """The board picture of a view (``engine.view``'s document). ``compact``: the layer for a
    narrow screen (a phone): the map alone, cropped to the spaces, with fewer words and larger
    boxes and pieces (``board.compact_space``); the tracks and cards are left to the page."""
    if compact:
        return _compact(view)
    body = [rect(0, 0, WIDTH, HEIGHT, PAPER), board.sea(), _title(view), board.adjacency(),
            board.spaces(view), panel.legend(WIDTH - 430, MAP_H - 178),
            el("line", x1=20, y1=MAP_H + 6, x2=WIDTH - 20, y2=MAP_H + 6, stroke="#8a7f6a",
               stroke_width=1.5),
            el("g", panel.tracks(view, 24, MAP_H + 36, 640), data_panel="tracks"),
            el("g", panel.cards(view, 700, MAP_H + 36), data_panel="cards"),
            el("g", panel.boxes(view, 1340, MAP_H + 36), data_panel="boxes")]
    return document("".join(body), WIDTH, HEIGHT, _caption(view))


def _compact(view: dict[str, Any]) -> str:
    """The compact layer: the map cropped to the boxes (``COMPACT_BOUNDS``)."""
    x0, y0, x1, y1 = COMPACT_BOUNDS
    body = [rect(x0, y0, x1 - x0, y1 - y0, PAPER), board.sea(), board.adjacency(),
            board.spaces(view, compact=True)]
    return document("".join(body), x1 - x0, y1 - y0, _caption(view),
                    (x0, y0), data_layer="compact")


def _caption(view: dict[str, Any]) -> str:
    sc = SCENARIOS.get(view["scenario"], {})
    total = view["turn"] + view["cards"]["deck_left"]
    return (f"Colonial Twilight — {sc.get('title', view['scenario'])} — card {view['turn']} of"
            f" {total}, as seen by {ROLE_NAMES.get(view.get('role', ''), 'an observer')}")


def _title(view: dict[str, Any]) -> str:
    return text(24, 30, _caption(view), size=17, weight="bold", fill="#203a52")


__all__ = ["HEIGHT", "WIDTH", "render", "render_view"]
