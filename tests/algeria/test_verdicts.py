"""An illegal mission declaration (8.0, 9.0) names the one condition that fails, with its rule:
the cost, the once-per-area limit, no unit able to, or the mission's own condition on the area –
told by the predicates that list the legal declarations. One table row per condition; the whole
explanation is pinned (the reason is the context, ": ", then exactly this text)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import algeria as A
from algeria.machine import MACHINE
from algeria.missions import MISSIONS
from referee_core.errors import IllegalMove
from referee_core.why import Why
from tests.algeria.positions import mission, ops_position, play, put

Setup = Callable[[], A.State]
HAND_OVER = {"t": "hand_over"}


def done_in(s: A.State, area: str, name: str) -> A.State:
    s.areas[area]["done"].append(name)
    return A.from_json(A.to_json(s))


def france_done(s: A.State) -> A.State:
    s.pending[-1]["france"] = True
    return A.from_json(A.to_json(s))


def gov_to_act(s: A.State) -> A.State:
    return play(s, HAND_OVER)[0]


def cannot(name: str, area: str, text: str) -> str:
    return f"{name} cannot be conducted in {area} now: {text}"


# (id, the position, the declaration, the explanation, the rule)
CASES: list[tuple[str, Setup, dict[str, Any], str, str]] = [
    ("the cost in AP",
     lambda: put(ops_position(ap=2), "ALGIERS", "OPS", "front.1"), mission("strike", "ALGIERS"),
     cannot("strike", "ALGIERS", "the cost (strike costs 3 AP and the FLN has 2)"), "9.12"),
    ("the cost in PSP, never down to 0",
     lambda: gov_to_act(put(ops_position(psl={"fln": 50, "gov": 1}), "II-2", "PTL",
                            "police.1")),
     mission("civil_affairs", "II-2"),
     cannot("civil_affairs", "II-2", "the cost (civil_affairs costs 1 PSP and the Government PSL"
            " is 1: never down to 0)"), "9.25"),
    ("once per area per turn",
     lambda: done_in(put(ops_position(), "II-2", "OPS", "cadre.1"), "II-2", "propaganda"),
     mission("propaganda", "II-2"),
     cannot("propaganda", "II-2", "once per area per turn (propaganda has already been conducted"
            " in II-2 this turn)"), "9.0"),
    ("France once a turn",
     lambda: france_done(put(ops_position(), "FRANCE", "OPS", "cadre.1")),
     mission("propaganda", "FRANCE"),
     cannot("propaganda", "FRANCE", "once a turn in France (propaganda has already been"
            " conducted there this turn)"), "11.22"),
    ("harass: no unit able to",
     lambda: put(ops_position(), "II-3", "PTL", "police.1"), mission("harass", "II-3"),
     cannot("harass", "II-3", "no unit able to (no active Band or Failek in the OPS box of"
            " II-3)"), "9.15"),
    ("harass: no Government unit",
     lambda: put(ops_position(), "II-3", "OPS", "band.1"), mission("harass", "II-3"),
     cannot("harass", "II-3", "no Government unit in II-3 to harass"), "9.15"),
    ("propaganda: a Remote area",
     lambda: put(ops_position(), "I-2", "OPS", "cadre.1"), mission("propaganda", "I-2"),
     cannot("propaganda", "I-2", "I-2 is Remote"), "9.11"),
    ("strike: not a city",
     lambda: put(ops_position(), "II-2", "OPS", "front.1"), mission("strike", "II-2"),
     cannot("strike", "II-2", "II-2 is not a city"), "9.12"),
    ("strike: no Front",
     lambda: put(ops_position(), "ALGIERS", "OPS", "cadre.1"), mission("strike", "ALGIERS"),
     cannot("strike", "ALGIERS", "no unit able to (no active Front in the OPS box of ALGIERS)"),
     "9.12"),
    ("raid: neutralized Bands are not able to",
     lambda: put(ops_position(), "II-2", "OPS", "band.1", neutralized=True),
     mission("raid", "II-2"),
     cannot("raid", "II-2", "no unit able to (no active Band or Failek in the OPS box of II-2)"),
     "9.14"),
    ("strike: never in France",
     lambda: put(ops_position(), "FRANCE", "OPS", "cadre.1"), mission("strike", "FRANCE"),
     cannot("strike", "FRANCE", "strike is not conducted in FRANCE"), "9.12"),
    ("civil affairs: no Police",
     lambda: gov_to_act(ops_position()), mission("civil_affairs", "II-2"),
     cannot("civil_affairs", "II-2", "no unit able to (no active Police unit in the PTL box of"
            " II-2)"), "9.25"),
    ("intelligence: nothing Underground",
     lambda: gov_to_act(put(ops_position(), "II-2", "PTL", "police.1")),
     mission("intelligence", "II-2"),
     cannot("intelligence", "II-2", "no FLN unit in the UG box of II-2 to contact"), "9.24"),
    ("flush: nothing to contact",
     lambda: gov_to_act(put(ops_position(), "II-2", "OPS", "fr_bde.1")), mission("flush", "II-2"),
     cannot("flush", "II-2", "no FLN unit in the OPS or OC box of II-2 to contact"), "9.22"),
    ("resettlement: not Rural",
     lambda: gov_to_act(put(ops_position(), "ALGIERS", "PTL", "police.1")),
     mission("resettlement", "ALGIERS"),
     cannot("resettlement", "ALGIERS", "ALGIERS is not a Rural area"), "9.27"),
    ("the OAS's Suppression",
     lambda: gov_to_act(put(ops_position(), "ALGIERS", "PTL", "police.1")),
     mission("oas_suppression", "ALGIERS"),
     cannot("oas_suppression", "ALGIERS", "the OAS's Suppression is never declared: an OAS in a"
            " city conducts it as the Operations Phase starts"), "11.3"),
]


@pytest.mark.parametrize("setup,move,text,rule", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_an_illegal_declaration_names_the_condition(setup: Setup, move: dict[str, Any],
                                                    text: str, rule: str) -> None:
    s = setup()
    assert move not in A.legal_moves(s)
    with pytest.raises(IllegalMove) as e:
        A.apply(s, move)
    assert e.value.reason == f"{MACHINE.context(s)}: {text}"
    assert e.value.rule == rule


def test_no_condition_is_named_against_a_declaration_offered() -> None:
    """The predicates that explain are those that list: every declaration offered passes them."""
    from algeria.missions import declare_ok
    s = put(ops_position(), "II-2", "OPS", "cadre.1", "band.1", "front.1")
    s = put(s, "ALGIERS", "OPS", "front.2", "cadre.2")
    s = put(s, "II-2", "PTL", "police.1")
    offered = [m for m in A.legal_moves(s) if m["t"] == "mission"]
    assert len(offered) >= 4
    for m in offered:
        why = Why()
        assert declare_ok(s, MISSIONS[m["mission"]], m["area"], why), why.reasons
        assert not why.reasons
