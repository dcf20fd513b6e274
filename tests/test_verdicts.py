"""Verdicts a referee can act on: an illegal move names the condition it fails and the rule (told by
the same predicates that list the legal moves), with the context – turn, card, actor, prompt; a
move of the wrong shape is a BadRequest naming the field. One table row per condition."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

import engine
from engine.data import (
    COUP_D_ETAT, MOBILIZATION, MOROCCO_TUNISIA_INDEPENDENT, OAS, PROPAGANDA_CARDS,
    RECALL_DE_GAULLE, SUEZ_CRISIS,
)
from engine.machine import settle
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
    move of an Operation, a Special Activity, a Pivotal window, an option prompt or a Propaganda
    Round decision would be illegal names no condition."""
    rnd = random.Random(seed)
    s = engine.new_game("short", seed)
    checked = 0
    while engine.to_move(s):
        moves = engine.legal_moves(s)
        f = s.pending[-1]
        if f["k"].startswith(("op:", "sa:", "prop_", "pivotal_window", "eligible")):
            h = engine.machine.handler(f)
            for m in moves:
                why = Why()
                h.why_not(s, f, m, why)
                assert not why.reasons, (f["k"], m, why.reasons)
                checked += 1
        s, _ = engine.apply(s, rnd.choice(moves))
    assert checked > 200


# --- Pivotal Events (2.3.7, 5.1.4-5.1.9), the Propaganda Round (6.2.3, 6.3, 6.4) ---------------
# Here the whole explanation is pinned: the reason is the context, ": ", then exactly this text.


def window(s: State, who: str) -> State:
    """``who``'s Pivotal window (2.3.7) on the current card, before the First Eligible acts."""
    s = s.copy()
    s.pending.append({"k": "pivotal_window", "who": who})
    return s


def full(**kw: Any) -> State:
    """The Full scenario's hands (Government #64 #65 #66, FLN #61 #62 #63), nothing in effect."""
    kw.setdefault("in_effect", [])
    return position("full", spaces=kw.pop("spaces", {"Medea": {"fb": 1}}), border_zone=None, **kw)


def coup_this_campaign(s: State) -> State:
    s = s.copy()
    s.cards["coup_campaign"] = s.cards["propaganda_drawn"]
    return s


def at_phase(s: State, phase: str) -> State:
    """A Propaganda Round started at ``phase`` (its decisions are those of that phase)."""
    s = s.copy()
    s.cards["deck"] = [n for n in s.cards["deck"] if n not in PROPAGANDA_CARDS]
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "propaganda", "phase": phase,
                                                  "final": False}]
    settle(s, [])
    return s


def commitment_round(commitment: int) -> State:
    """6.2.3 with 3 French Troops Out of Play and every other French piece Available."""
    s = set_available(position(spaces={"Medea": {"ug": 1}}, commitment=commitment),
                      "french_troops", engine.data.FORCE_POOL["french_troops"] - 3)
    return at_phase(s, "resources")


def support_round(**kw: Any) -> State:
    return at_phase(position(spaces={
        "Algiers": {"ft": 1, "fp": 1}, "Medea": {"ft": 2}, "Oran": {"fp": 2},
        "Bougie": {"ft": 1, "fp": 1, "ug": 3}, "Constantine": {"ft": 1, "fp": 1,
                                                             "support": "support"}}, **kw),
        "support")


def agitation_round(**kw: Any) -> State:
    return at_phase(position(spaces={"Medea": {"ug": 1}, "Algiers": {"ft": 2, "ug": 1},
                                     "Bougie": {"ug": 1, "support": "oppose"}}, **kw),
                    "agitation")


def redeploy_round(who: str = "gov", suez: int = 0) -> State:
    s = position(spaces={
        "Medea": {"ft": 2, "ug": 1},           # Government Control
        "Bougie": {"fp": 1, "ug": 1},          # no Control
        "Tizi Ouzou": {"gb": 1},               # Government Control, Government Base
        "Orleansville": {"ap": 1, "ug": 3},    # FLN Control
        "Algiers": {"fp": 1},
        "Bordj Bou Arreridj": {"fb": 1},       # Wilaya III
        "Batna": {"fb": 1},                    # Wilaya I
        "Morocco": {"ug": 2, "fb": 1},
    })
    if suez:
        s = set_available(s, FT_, s.boxes["available"][FT_] - suez, to="set_aside")
        s.cards["delayed"] = ["suez_crisis"]
    s = at_phase(s, "redeploy")
    return play(s, {"t": "done"}) if who == "fln" else s


def sel(piece: str, space: str) -> dict[str, Any]:
    return {"t": "select", "piece": piece, "space": space}


def piv(card: int) -> dict[str, Any]:
    return {"t": "pivotal", "card": card}


UG_, FT_, FP_ = "guerrillas_underground", "french_troops", "french_police"

EXACT: list[tuple[str, Setup, dict[str, Any], str, str]] = [
    # --- Pivotal Events ---
    ("pivotal: #65 before Coup d'Etat",
     lambda: window(full(), "gov"), piv(RECALL_DE_GAULLE),
     "Pivotal Event #65 Recall De Gaulle cannot be played: Coup d'Etat (#66) has not been"
     " played", "5.1.7"),
    ("pivotal: #64 below 15 Opposition + Bases",
     lambda: window(full(spaces={"Medea": {"fb": 2, "support": "oppose"}}), "gov"),
     piv(MOBILIZATION),
     "Pivotal Event #64 Mobilization cannot be played: Opposition plus FLN Bases is 4, below 15",
     "5.1.6"),
    ("pivotal: #61 before Mobilization",
     lambda: window(full(), "fln"), piv(MOROCCO_TUNISIA_INDEPENDENT),
     "Pivotal Event #61 Morocco and Tunisia Independent cannot be played: Mobilization (#64) has"
     " not been played", "5.1.8"),
    ("pivotal: #63 without Recall De Gaulle",
     lambda: window(full(), "fln"), piv(OAS),
     "Pivotal Event #63 OAS cannot be played: Recall De Gaulle (#65) is not in effect", "5.1.7"),
    ("pivotal: #62 without six FLN Resources",
     lambda: window(full(resources=(20, 5)), "fln"), piv(SUEZ_CRISIS),
     "Pivotal Event #62 Suez Crisis cannot be played: the FLN has 5 Resources and must be able"
     " to pay all 6 (1.8)", "5.1.9"),
    ("pivotal: #66 twice in a Campaign",
     lambda: window(coup_this_campaign(full(in_effect=[MOBILIZATION])), "gov"),
     piv(COUP_D_ETAT),
     "Pivotal Event #66 Coup d'Etat cannot be played: it has already been played this Campaign"
     " (once per Campaign)", "5.1.5"),
    ("pivotal: the other player's card",
     lambda: window(full(), "gov"), piv(MOROCCO_TUNISIA_INDEPENDENT),
     "Pivotal Event #61 Morocco and Tunisia Independent cannot be played: it is the FLN's card",
     "5.1.4"),
    ("pivotal: a card in effect, no longer held",
     lambda: window(position("short"), "gov"), piv(MOBILIZATION),
     "Pivotal Event #64 Mobilization cannot be played: the Government does not hold it (already"
     " in effect)", "2.3.7"),
    ("pivotal: not a Pivotal Event",
     lambda: window(full(), "gov"), piv(12), "card 12 is not a Pivotal Event", "2.3.7"),
    ("pivotal: at the option prompt, the card's condition",
     lambda: full(first="gov"), piv(RECALL_DE_GAULLE),
     "Pivotal Event #65 Recall De Gaulle cannot be played: Coup d'Etat (#66) has not been"
     " played", "5.1.7"),
    ("pivotal: at the option prompt, after the window",
     lambda: position("short", first="gov"), piv(COUP_D_ETAT),
     "a Pivotal Event is played before the First Eligible chooses an option: this card's"
     " Pivotal window has closed", "2.3.7"),
    # --- 6.2.3 Commitment Adjustment ---
    ("commitment: a payment that cannot be met",
     lambda: commitment_round(0), {"t": "oop_to_available", "piece": FT_},
     "the Commitment payment cannot be met: piece 1 moved costs 1 Commitment (one third of the"
     " pieces moved, rounded up) and Commitment is 0 (1.8)", "6.2.3"),
    ("commitment: Out of Play -> Available after Available -> Out of Play",
     lambda: play(commitment_round(9), {"t": "available_to_oop", "piece": FP_}),
     {"t": "oop_to_available", "piece": FT_},
     "French pieces came Out of Play -> Available before any went Available -> Out of Play:"
     " none may come back now", "6.2.3"),
    ("commitment: a piece not in the box",
     lambda: commitment_round(9), {"t": "oop_to_available", "piece": FP_},
     "there is no french_police Out of Play", "6.2.3"),
    ("commitment: not a French piece",
     lambda: commitment_round(9), {"t": "available_to_oop", "piece": "algerian_troops"},
     "the Commitment Adjustment moves French pieces, not algerian_troops", "6.2.3"),
    # --- 6.3.1 Pacification, 6.3.2 Agitation ---
    ("pacification: no Police",
     lambda: support_round(), {"t": "pacify", "space": "Medea"},
     "Pacification needs Troops and Police: Medea has no Police", "6.3.1"),
    ("pacification: no Troops",
     lambda: support_round(), {"t": "pacify", "space": "Oran"},
     "Pacification needs Troops and Police: Oran has no Troops", "6.3.1"),
    ("pacification: no Government Control",
     lambda: support_round(), {"t": "pacify", "space": "Bougie"},
     "Pacification needs Government Control: Bougie is not under Government Control", "6.3.1"),
    ("pacification: already at Support",
     lambda: support_round(), {"t": "pacify", "space": "Constantine"},
     "Constantine has no Terror marker and is already at Support", "6.3.1"),
    ("pacification: more than the Commitment Level",
     lambda: play(support_round(commitment=3), {"t": "pacify", "space": "Algiers"}),
     {"t": "pacify", "space": "Oran"},
     "the Government may not spend more than the Commitment Level (3) in this phase: 2 spent, a"
     " step costs 2 (1.8)", "6.3.1"),
    ("pacification: Resources short",
     lambda: play(support_round(resources=(3, 5)), {"t": "pacify", "space": "Algiers"}),
     {"t": "pacify", "space": "Algiers"},
     "Resources are short: each Pacification step costs 2, the Government has 1", "6.3.1"),
    ("agitation: Government Control",
     lambda: agitation_round(), {"t": "agitate", "space": "Algiers"},
     "Agitation is only where the Government has no Control: Algiers is under Government"
     " Control", "6.3.2"),
    ("agitation: no FLN pieces",
     lambda: agitation_round(), {"t": "agitate", "space": "Oran"},
     "Agitation needs FLN pieces: Oran has none", "6.3.2"),
    ("agitation: already at Opposition",
     lambda: agitation_round(), {"t": "agitate", "space": "Bougie"},
     "Bougie has no Terror marker and is already at Opposition", "6.3.2"),
    ("agitation: Resources short",
     lambda: play(agitation_round(resources=(20, 1)), {"t": "agitate", "space": "Medea"}),
     {"t": "agitate", "space": "Medea"},
     "Resources are short: each Agitation step costs 1, the FLN has 0", "6.3.2"),
    # --- 6.4 Redeploy ---
    ("redeploy: Troops to a Sector without a Government Base",
     lambda: play(redeploy_round(), sel(FT_, "Medea")), mv(FT_, "Medea", "Bougie"),
     "Troops Redeploy to Cities or spaces with a Government Base: Bougie is neither", "6.4.1"),
    ("redeploy: Police to a space not Government-Controlled at the start",
     lambda: play(redeploy_round(), sel(FP_, "Algiers")), mv(FP_, "Algiers", "Orleansville"),
     "Police Redeploy to spaces under Government Control at the start of the phase:"
     " Orleansville was not", "6.4.1"),
    ("redeploy: the Government selects a Guerrilla",
     lambda: redeploy_round(), sel(UG_, "Bougie"),
     "the Government Redeploys Troops and Police", "6.4.1"),
    ("redeploy: a piece that has Redeployed",
     lambda: play(redeploy_round(), sel(FT_, "Medea"), mv(FT_, "Medea", "Oran")),
     sel(FT_, "Oran"), "every french_troops in Oran has already Redeployed: a piece Redeploys"
     " once", "6.4"),
    ("redeploy: Guerrillas to a space without an FLN Base",
     lambda: play(redeploy_round("fln"), sel(UG_, "Bougie")), mv(UG_, "Bougie", "Tizi Ouzou"),
     "Guerrillas Redeploy to spaces with an FLN Base: Tizi Ouzou has none", "6.4.2"),
    ("redeploy: Guerrillas to another Wilaya",
     lambda: play(redeploy_round("fln"), sel(UG_, "Bougie")), mv(UG_, "Bougie", "Batna"),
     "Guerrillas Redeploy within their Wilaya: Batna is in Wilaya 1, Bougie in Wilaya 3",
     "6.4.2"),
    ("redeploy: Guerrillas to a Country",
     lambda: play(redeploy_round("fln"), sel(UG_, "Bougie")), mv(UG_, "Bougie", "Morocco"),
     "Morocco is a Country, in no Wilaya: Guerrillas Redeploy within Algeria", "6.4.2"),
    ("redeploy: a Guerrilla with nowhere to go",
     lambda: redeploy_round("fln"), sel(UG_, "Medea"),
     "a guerrillas_underground in Medea has nowhere to Redeploy: no other space of its Wilaya"
     " has an FLN Base", "6.4.2"),
    ("redeploy: a move before a selection",
     lambda: redeploy_round(), mv(FT_, "Medea", "Oran"),
     'select a piece first ({"t": "select", "piece", "space"})', "6.4"),
    ("redeploy: another piece than the one selected",
     lambda: play(redeploy_round(), sel(FT_, "Medea")), mv(FP_, "Algiers", "Medea"),
     "the selected piece is a french_troops from Medea", "6.4"),
    ("redeploy: a second selection",
     lambda: play(redeploy_round(), sel(FT_, "Medea")), sel(FP_, "Algiers"),
     'a french_troops from Medea is selected: move it, or put it back first ({"t":'
     ' "deselect"})', "6.4"),
    ("redeploy: nothing to put back",
     lambda: redeploy_round(), {"t": "deselect"}, "no piece is selected to put back", "6.4"),
    ("redeploy: finishing before the Suez Crisis Troops return",
     lambda: redeploy_round(suez=2), {"t": "done"},
     "the 2 French Troops set aside by Suez Crisis are placed before the Redeploy ends",
     "5.1.9"),
    ("redeploy: Suez Crisis Troops to a Sector without a Base",
     lambda: redeploy_round(suez=2), {"t": "place", "piece": FT_, "space": "Medea"},
     "Troops Redeploy to Cities or spaces with a Government Base: Medea is neither", "5.1.9"),
    # --- a literal brace in a reason (3.2.2) ---
    ("garrison: a move before a pick",
     lambda: play(gov({"Algiers": {"fp": 2}}), op("garrison")), mv(FP_, "Algiers", "Oran"),
     'pick a piece first ({"t": "pick", "piece", "from"})', "3.2.2"),
    ("march: add before opening a group (braces)",
     lambda: play(fln({"Medea": {"ug": 2}}), op("march")),
     {"t": "add", "piece": UG_}, 'open a group first ({"t": "group", "from", "to"})', "3.3.2"),
]


@pytest.mark.parametrize("setup,move,text,rule", [c[1:] for c in EXACT],
                         ids=[c[0] for c in EXACT])
def test_the_reason_names_exactly_the_condition_that_failed(setup: Setup, move: dict[str, Any],
                                                            text: str, rule: str) -> None:
    s = setup()
    assert move not in engine.legal_moves(s)
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, move)
    assert e.value.reason == f"{engine.machine.MACHINE.context(s)}: {text}"
    assert e.value.rule == rule
    assert str(e.value).endswith(f"{text} (rule {rule})")
