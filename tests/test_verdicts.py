"""Verdicts a referee can act on: an illegal move names the condition it fails and the rule (told by
the same predicates that list the legal moves), with the context – turn, card, actor, prompt; a
move of the wrong shape is a BadRequest naming the field. One table row per condition."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

import engine
from engine.data import MOBILIZATION, MOROCCO_TUNISIA_INDEPENDENT, OAS, RECALL_DE_GAULLE
from engine.state import State
from referee_core.why import Why
from tests.helpers import gov, mv, pick, play, position, set_available

Setup = Callable[[], State]


def op(name: str) -> dict[str, Any]:
    return {"t": "op", "op": name}


def sp(n: str, **kw: Any) -> dict[str, Any]:
    return {"t": "space", "space": n, **kw}


def sa(name: str) -> dict[str, Any]:
    return {"t": "sa", "sa": name}


def fln(spaces: dict[str, dict[str, Any]], **kw: Any) -> State:
    kw.setdefault("in_effect", [])
    if MOROCCO_TUNISIA_INDEPENDENT not in kw["in_effect"]:
        kw.setdefault("border_zone", None)
    return position(spaces=spaces, first="fln", **kw)


def with_oas(s: State) -> State:
    s = s.copy()
    s.cards["capabilities"][str(OAS)] = "unshaded"
    return s


# (id, the position just before the move, the illegal move, words of the reason, rule)
CASES: list[tuple[str, Setup, dict[str, Any], str, str]] = [
    # --- Train (3.2.1, 5.1.7) ---
    ("train: a Sector without a Base",
     lambda: play(gov({"Algiers": {"ft": 1}}), op("train")), sp("Laghouat"),
     "Laghouat is not a Train location: a Sector without a Government Base, and Recall De Gaulle"
     " (5.1.7) is not in effect", "3.2.1"),
    ("train: De Gaulle, a Sector not under Government Control",
     lambda: play(gov({"Medea": {"ug": 2}}, in_effect=[RECALL_DE_GAULLE]), op("train")),
     sp("Medea"), "must be Populated and under Government Control", "5.1.7"),
    ("train: De Gaulle, Control but no Police",
     lambda: play(gov({"Medea": {"ft": 2}}, in_effect=[RECALL_DE_GAULLE]), op("train")),
     sp("Medea"), "needs both Troops and Police", "5.1.7"),
    ("train: a Country",
     lambda: play(gov({"Algiers": {"ft": 1}}), op("train")), sp("Morocco"),
     "Morocco is a Country", "1.4.2"),
    ("train: Resources short for a second space",
     lambda: play(gov({"Algiers": {"ft": 1}}, resources=(3, 5)), op("train"), sp("Algiers")),
     sp("Oran"), "Resources are short: Train costs 2 per location and gov has 1", "3.1"),
    ("train: the France Track at A",
     lambda: play(gov({"Algiers": {"ft": 1}}, france_track="A"), op("train")),
     sp("france_track"), "the France Track is already at A", "3.2.1"),
    ("train: the Border Zone before independence",
     lambda: play(gov({"Algiers": {"ft": 1}}), op("train")), sp("border_zone"),
     "only once Morocco and Tunisia are independent", "5.1.8"),
    ("train: a space selected twice",
     lambda: play(gov({"Algiers": {"ft": 1}}), op("train"), sp("Algiers")), sp("Algiers"),
     "Algiers is already selected for this Train", "3.1"),
    ("train: Pacify without Government Control",
     lambda: play(gov({"Algiers": {"ug": 3}}), op("train"), sp("Algiers")),
     {"t": "pacify", "space": "Algiers"}, "Pacify needs Government Control of Algiers", "3.2.1"),
    ("train: Pacify in a space not selected",
     lambda: play(gov({"Algiers": {"ft": 3}}), op("train"), sp("Algiers")),
     {"t": "pacify", "space": "Oran"}, "Pacify only in a space selected for this Train",
     "3.2.1"),
    ("train: cubes in a space other than the one selected",
     lambda: play(gov({"Algiers": {"ft": 3}}), op("train"), sp("Algiers")),
     {"t": "place", "piece": "algerian_police", "space": "Oran"},
     "cubes are placed in the space just selected (Algiers)", "3.2.1"),
    ("train: French cubes",
     lambda: play(gov({"Algiers": {"ft": 3}}), op("train"), sp("Algiers")),
     {"t": "place", "piece": "french_police", "space": "Algiers"}, "Train places", "3.2.1"),
    ("train: a cube from Available when none is",
     lambda: play(set_available(gov({"Oran": {"at": 1}}), "algerian_troops", 0), op("train"),
                  sp("Algiers")),
     {"t": "place", "piece": "algerian_troops", "space": "Algiers"},
     "no algerian_troops is Available: name the space it comes from", "1.4.1"),
    ("train: a cube from the map when one is Available",
     lambda: play(gov({"Oran": {"ap": 1}}), op("train"), sp("Algiers")),
     {"t": "place", "piece": "algerian_police", "space": "Algiers", "from": "Oran"},
     "algerian_police may come from the map only when none is Available", "1.4.1"),
    # --- Garrison (3.2.2) ---
    ("garrison: Troops do not move",
     lambda: play(gov({"Algiers": {"ft": 2, "fp": 2}}), op("garrison")),
     pick("french_troops", "Algiers"), "only Police move in a Garrison", "3.2.2"),
    ("garrison: from a Pop 0 space",
     lambda: play(gov({"Algiers": {"fp": 2}, "Laghouat": {"fp": 1}}), op("garrison")),
     pick("french_police", "Laghouat"), "Laghouat is not a Garrison space", "3.2.2"),
    ("garrison: a Police cube that is not there",
     lambda: play(gov({"Algiers": {"fp": 2}}), op("garrison")),
     pick("french_police", "Oran"), "there is no french_police in Oran", "3.2.2"),
    ("garrison: moving another piece than the one picked",
     lambda: play(gov({"Algiers": {"fp": 2}, "Oran": {"ap": 1}}), op("garrison"),
                  pick("french_police", "Algiers")),
     mv("algerian_police", "Oran", "Medea"), "the picked piece is a french_police from Algiers",
     "3.2.2"),
    ("garrison: a Pop 0 destination",
     lambda: play(gov({"Algiers": {"fp": 2}}), op("garrison"), pick("french_police", "Algiers")),
     mv("french_police", "Algiers", "Laghouat"), "Laghouat is not a Garrison space", "3.2.2"),
    # --- Sweep (3.2.3) ---
    ("sweep: Troops from a space that is not adjacent",
     lambda: play(gov({"Oran": {"ft": 2}, "Medea": {"ug": 1, "ft": 1}}), op("sweep"),
                  sp("Medea")),
     mv("french_troops", "Oran", "Medea"), "Oran is not adjacent to Medea", "3.2.3"),
    ("sweep: Police do not move",
     lambda: play(gov({"Algiers": {"fp": 2}, "Medea": {"ug": 1, "ft": 1}}), op("sweep"),
                  sp("Medea")),
     mv("french_police", "Algiers", "Medea"), "only Troops move in a Sweep", "3.2.3"),
    ("sweep: into a space not selected",
     lambda: play(gov({"Algiers": {"ft": 2}, "Medea": {"ug": 1}}), op("sweep"), sp("Medea")),
     mv("french_troops", "Algiers", "Orleansville"),
     "Orleansville is not one", "3.2.3"),
    # --- Assault (3.2.4) ---
    ("assault: no FLN pieces",
     lambda: play(gov({"Algiers": {"ft": 2}, "Medea": {"ft": 1, "ag": 1}}), op("assault")),
     sp("Algiers"), "Algiers has no FLN pieces to Assault", "3.2.4"),
    ("assault: no cubes",
     lambda: play(gov({"Algiers": {"ag": 2}, "Medea": {"ft": 1, "ag": 1}}), op("assault")),
     sp("Algiers"), "Algiers has no Government cubes", "3.2.4"),
    # --- Rally (3.3.1) ---
    ("rally: a City at Support",
     lambda: play(fln({"Algiers": {"support": "support"}, "Medea": {"ug": 1}}), op("rally")),
     sp("Algiers"), "Algiers is a City at Support", "3.3.1"),
    ("rally: a Country before independence",
     lambda: play(fln({"Medea": {"ug": 1}}), op("rally")), sp("Morocco"),
     "Morocco is not independent yet", "5.1.8"),
    ("rally: Agitate without Resources",
     lambda: play(fln({"Medea": {"fb": 1, "ug": 2, "support": "support"}}, resources=(10, 1)),
                  op("rally"), sp("Medea"), {"t": "place", "space": "Medea"}),
     {"t": "agitate", "space": "Medea"}, "each Agitation step costs 1", "3.3.1"),
    # --- March (3.3.2) ---
    ("march: not adjacent",
     lambda: play(fln({"Medea": {"ug": 2}}), op("march")),
     {"t": "group", "from": "Medea", "to": "Oran"}, "Oran is not adjacent to Medea", "3.3.2"),
    ("march: no further after crossing a Wilaya border",
     lambda: play(fln({"Medea": {"ug": 1}}), op("march"),
                  {"t": "group", "from": "Medea", "to": "Tizi Ouzou"},
                  {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"}),
     {"t": "group", "from": "Tizi Ouzou", "to": "Bougie"},
     "have finished their March: a group stops after crossing a Wilaya or International Border",
     "3.3.2"),
    ("march: into a Country before independence",
     lambda: play(fln({"Tlemcen": {"ug": 1}}), op("march")),
     {"t": "group", "from": "Tlemcen", "to": "Morocco"}, "Morocco is not independent yet",
     "5.1.8"),
    ("march: Resources short for a new destination",
     lambda: play(fln({"Medea": {"ug": 2}}, resources=(10, 1)), op("march"),
                  {"t": "group", "from": "Medea", "to": "Algiers"},
                  {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"}),
     {"t": "group", "from": "Medea", "to": "Orleansville"},
     "Resources are short: March costs 1 per location and fln has 0", "3.1"),
    ("march: add before opening a group",
     lambda: play(fln({"Medea": {"ug": 2}}), op("march")),
     {"t": "add", "piece": "guerrillas_underground"}, "open a group first", "3.3.2"),
    # --- Attack (3.3.3), Terror (3.3.4) ---
    ("attack: no Government pieces",
     lambda: play(fln({"Medea": {"ag": 2}, "Algiers": {"ug": 1, "fp": 1}}), op("attack")),
     sp("Medea"), "Medea has no Government pieces to Attack", "3.3.3"),
    ("terror: no Underground Guerrilla",
     lambda: play(fln({"Medea": {"ag": 2}, "Algiers": {"ug": 1}}), op("terror")),
     sp("Medea"), "Medea has no Underground Guerrilla", "3.3.4"),
    ("terror: a Resettled Sector",
     lambda: play(fln({"Barika": {"ug": 1, "resettled": True}, "Algiers": {"ug": 1}}),
                  op("terror")),
     sp("Barika"), "Barika is Resettled (Pop 0): the FLN may not conduct Terror there", "4.2.1"),
    ("terror: a printed Pop 0 Sector",
     lambda: play(fln({"Laghouat": {"ug": 1}, "Algiers": {"ug": 1}}), op("terror")),
     sp("Laghouat"), "Laghouat is Pop 0: no Terror there", "3.3.4"),
    # --- Special Activities (4.1-4.3, 5.3.1) ---
    ("sa: not one that may accompany the Operation",
     lambda: play(gov({"Algiers": {"ft": 1}}), op("train")), sa("neutralize"),
     "Train may be accompanied by deploy or troop_lift only", "4.1.1"),
    ("deploy: from a Sector without Base or Control",
     lambda: play(gov({"Algiers": {"ft": 1}, "Medea": {"ft": 1, "ug": 3}}), op("train"),
                  sa("deploy")),
     pick("french_troops", "Medea"), "Medea is not a Deploy space", "4.2.1"),
    ("deploy: Algerian pieces",
     lambda: play(gov({"Algiers": {"ft": 1, "at": 1}}), op("train"), sa("deploy")),
     pick("algerian_troops", "Algiers"), "Deploy moves", "4.2.1"),
    ("deploy: Resettle without Mobilization",
     lambda: play(gov({"Algiers": {"ft": 1}, "Barika": {"gb": 1}}), op("train"), sa("deploy")),
     {"t": "resettle", "space": "Barika"}, "Resettle needs Mobilization (#64) in effect",
     "5.1.6"),
    ("deploy: Resettle a Pop 2 Sector",
     lambda: play(gov({"Algiers": {"ft": 1}, "Medea": {"gb": 1}}, in_effect=[MOBILIZATION]),
                  op("train"), sa("deploy")),
     {"t": "resettle", "space": "Medea"}, "Medea is not a Pop 1 Sector", "4.2.1"),
    ("troop lift: Police",
     lambda: play(gov({"Algiers": {"ft": 1, "fp": 1}, "Medea": {"ug": 1}}), op("sweep"),
                  sa("troop_lift")),
     pick("french_police", "Algiers"), "Troop Lift moves French Troops only", "4.2.2"),
    ("neutralize: no Police",
     lambda: play(gov({"Algiers": {"ft": 2}, "Medea": {"ft": 1, "ag": 1}, "Oran": {"ft": 1,
                                                                                  "fp": 1}}),
                  op("sweep"), sa("neutralize")),
     sp("Medea"), "Medea needs both Government Troops and Police", "4.2.3"),
    ("neutralize: an Underground Guerrilla without Torture",
     lambda: play(gov({"Algiers": {"ft": 2}, "Medea": {"ft": 1, "ap": 1, "ug": 1, "ag": 1}}),
                  op("sweep"), sa("neutralize"), sp("Medea")),
     {"t": "remove", "piece": "guerrillas_underground", "space": "Medea"},
     "Neutralize removes Active pieces only", "4.2.3"),
    ("oas: a Pop 0 space",
     lambda: play(with_oas(gov({"Algiers": {"ft": 1}})), op("train"), sa("oas")),
     sp("Laghouat"), "Laghouat is not Populated", "5.3.1"),
    ("extort: no FLN Control",
     lambda: play(fln({"Medea": {"ug": 1, "ft": 2}, "Algiers": {"ug": 2}}), op("rally"),
                  sa("extort")),
     sp("Medea"), "Medea is not under FLN Control", "4.3.1"),
    ("subvert: no Algerian Police to replace",
     lambda: play(fln({"Medea": {"ug": 1, "at": 1}, "Algiers": {"ug": 1}}), op("rally"),
                  sa("subvert")),
     {"t": "replace", "space": "Medea"}, "Medea has no Algerian Police to replace", "4.3.2"),
    ("ambush: no Underground Guerrilla",
     lambda: play(fln({"Medea": {"ag": 1, "fp": 1}, "Algiers": {"ug": 1, "fp": 1}}),
                  op("attack"), sa("ambush")),
     sp("Medea", piece="french_police"), "Medea has no Underground Guerrilla to Ambush with",
     "4.3.3"),
    # --- Operation-wide (3.1, 4.1) ---
    ("done before any location",
     lambda: play(gov({"Algiers": {"ft": 1}}), op("train")), {"t": "done"},
     "select at least one location first", "3.1"),
]


@pytest.mark.parametrize("setup,move,words,rule", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_an_illegal_move_says_which_condition_failed(setup: Setup, move: dict[str, Any],
                                                     words: str, rule: str) -> None:
    s = setup()
    assert move not in engine.legal_moves(s)
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, move)
    assert words in e.value.reason, e.value.reason
    assert e.value.rule == rule, e.value.reason


def test_the_reason_gives_the_context() -> None:
    s = play(gov({"Algiers": {"ft": 1}}), op("train"))
    card = s.cards["current"]
    title = engine.data.CARDS[card]["title"]
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, sp("Laghouat"))
    assert e.value.reason.startswith(f"turn {s.turn}, card #{card} {title}, gov to move at"
                                     f" '{engine.prompt(s)}': Laghouat is not a Train location")


def test_with_no_condition_to_name_the_legal_moves_are_summed_up() -> None:
    s = gov({"Algiers": {"ft": 1}})
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, {"t": "resettle", "space": "Barika"})
    assert "is not a legal move here; the legal moves: " in e.value.reason
    assert "op (train" in e.value.reason and "pass" in e.value.reason


@pytest.mark.parametrize("move,field,words", [
    (sp("Medaa"), "move.space", "unknown space 'Medaa'; did you mean 'Medea'?"),
    ({"t": "group", "from": "Tizi-Ouzou", "to": "Medea"}, "move.from", "'Tizi Ouzou'"),
    (sp("Atlantis"), "move.space", "unknown space 'Atlantis'"),
    (sp(7), "move.space", "a space is named by a string"),  # type: ignore[arg-type]
    ({"t": "space"}, "move.space", "missing field"),
    ({"t": "pick", "value": 1.5}, "move.value", "strings or integers"),
])
def test_a_move_of_the_wrong_shape_names_the_field(move: dict[str, Any], field: str,
                                                    words: str) -> None:
    s = play(gov({"Algiers": {"ft": 1}}), op("train"))
    with pytest.raises(engine.BadRequest) as e:
        engine.apply(s, move)
    assert e.value.field == field and words in e.value.reason, e.value


def test_a_well_formed_move_with_another_field_is_illegal_not_malformed() -> None:
    """A field that no move of the kind has here (e.g. an amnesty without Peace of the Brave)
    is a question of the rules."""
    s = play(gov({"Algiers": {"ft": 2}, "Medea": {"ft": 1, "ug": 1}}), op("sweep"))
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, sp("Medea", amnesty="guerrillas_underground"))
    assert "Peace of the Brave" in e.value.reason and e.value.rule == "5.4"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_condition_is_named_against_a_legal_move(seed: int) -> None:
    """The predicates that explain are those that list: over random games, asking why any listed
    move of an Operation or Special Activity would be illegal names no condition."""
    rnd = random.Random(seed)
    s = engine.new_game("short", seed)
    checked = 0
    while engine.to_move(s):
        moves = engine.legal_moves(s)
        f = s.pending[-1]
        if f["k"].startswith(("op:", "sa:")):
            h = engine.machine.handler(f)
            for m in moves:
                why = Why()
                h.why_not(s, f, m, why)
                assert not why.reasons, (f["k"], m, why.reasons)
                checked += 1
        s, _ = engine.apply(s, rnd.choice(moves))
    assert checked > 200
