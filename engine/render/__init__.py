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

from ..data import SCENARIOS
from ..layout import HEIGHT as MAP_H, WIDTH
from ..state import State
from ..view import view as make_view
from . import board, panel
from .svg import FONT, PAPER, el, rect, text

HEIGHT = MAP_H + 360
ROLE_NAMES = {"gov": "the Government", "fln": "the FLN", "observer": "an observer"}


def render(s: State, role: str = "observer") -> str:
    """The board as ``role`` (gov, fln, observer) may see it (raises BadRequest on another
    role)."""
    return render_view(make_view(s, role))


def render_view(view: dict[str, Any]) -> str:
    """The board picture of a view (``engine.view``'s document)."""
    body = [rect(0, 0, WIDTH, HEIGHT, PAPER), board.sea(), _title(view), board.adjacency(),
            board.spaces(view), panel.legend(WIDTH - 430, MAP_H - 178),
            el("line", x1=20, y1=MAP_H + 6, x2=WIDTH - 20, y2=MAP_H + 6, stroke="#8a7f6a",
               stroke_width=1.5),
            panel.tracks(view, 24, MAP_H + 36, 640),
            panel.cards(view, 700, MAP_H + 36),
            panel.boxes(view, 1340, MAP_H + 36)]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + el("svg", "".join(body), xmlns="http://www.w3.org/2000/svg", version="1.1",
                 width=WIDTH, height=HEIGHT, viewBox=f"0 0 {WIDTH} {HEIGHT}",
                 font_family=FONT, role="img", aria_label=_caption(view))
            + "\n")


def _caption(view: dict[str, Any]) -> str:
    sc = SCENARIOS.get(view["scenario"], {})
    total = view["turn"] + view["cards"]["deck_left"]
    return (f"Colonial Twilight — {sc.get('title', view['scenario'])} — card {view['turn']} of"
            f" {total}, as seen by {ROLE_NAMES.get(view.get('role', ''), 'an observer')}")


def _title(view: dict[str, Any]) -> str:
    return text(24, 30, _caption(view), size=17, weight="bold", fill="#203a52")


__all__ = ["HEIGHT", "WIDTH", "render", "render_view"]
