"""Canonical JSON (engine.to_json / engine.from_json) and the checks on untrusted state documents
(engine.validate; docs/state.md)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest

import engine
from engine.data import PROPAGANDA_CARDS
from engine.events import EVENTS
from engine.machine import FrameType
from engine.serial import from_data
from referee_core.jsontext import dumps
from engine.state import State

Data = dict[str, Any]


def data_of(s: State) -> Data:
    d: Data = json.loads(engine.to_json(s))
    return d


def load(d: Any) -> State:
    return engine.from_json(json.dumps(d))


def rejected(d: Any) -> engine.StateError:
    with pytest.raises(engine.StateError) as e:
        load(d)
    return e.value


def mutated(s: State, change: Callable[[Data], Any]) -> engine.StateError:
    d = data_of(s)
    change(d)
    return rejected(d)


def on_event(d: Data, frame: dict[str, Any]) -> Data:
    """``d`` (at the First Eligible's choice) with the First Eligible executing the current
    card's Event, at the decision ``frame``."""
    card = d["cards"]["current"]
    d["sop"]["first_box"] = "event"
    d["pending"][2:] = [{"k": "event", "card": card, "side": EVENTS[card].texts[0],
                         "who": d["sop"]["first"], "pc": 1, "x": {}}, frame]
    return d


def at_first_eligible(s: State) -> State:
    """``s`` with the First Eligible's option prompt on top (2.3.2), whatever it settled at."""
    d = data_of(s)
    first = d["sop"]["first"]
    d["sop"]["first_box"] = d["sop"]["second_box"] = None
    d["pending"] = [{"k": "game", "stage": "draw"}, {"k": "card", "stage": "second"},
                    {"k": "eligible", "who": first, "role": "first",
                     "options": ["event", "op_plus_sa", "op_only", "limited_op", "pass"]}]
    return load(d)


SHORT = at_first_eligible(engine.new_game("short", 1))
FULL = at_first_eligible(engine.new_game("full", 1))


def play_moves(scenario: str, seed: int, options: dict[str, Any] | None = None,
               steps: int = 400) -> list[tuple[State, dict[str, Any] | None]]:
    """States reached by random legal play, each with the move then played (None: last)."""
    r = random.Random(seed)
    s = engine.new_game(scenario, seed, options)
    out: list[tuple[State, dict[str, Any] | None]] = []
    for _ in range(steps):
        moves = engine.legal_moves(s)
        if not moves:
            break
        m = r.choice(moves)
        n, _ = engine.apply(s, m)
        out.append((s, m))
        s = n
    out.append((s, None))
    return out


def random_play(scenario: str, seed: int, options: dict[str, Any] | None = None,
                steps: int = 400) -> list[State]:
    """States reached by random legal play (stops early if a rules module is not there yet)."""
    return [s for s, _ in play_moves(scenario, seed, options, steps)]


# --- canonical round trip ---------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
@pytest.mark.parametrize("options", [None, {"chance": "external"},
                                     {"deception": True, "fln_bot": True},
                                     {"open_deployment": True}])
def test_new_game_round_trip(scenario: str, options: dict[str, Any] | None) -> None:
    s = engine.new_game(scenario, 7, options)
    text = engine.to_json(s)
    back = engine.from_json(text)
    assert engine.to_json(back) == text
    assert back == s
    assert engine.legal_moves(back) == engine.legal_moves(s)
    assert engine.from_json(text.encode("utf-8")) == s


def test_canonical_form() -> None:
    text = engine.to_json(SHORT)
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False)
    assert json.loads(text)["schema"] == "ct-state/1"
    # a non-canonical text of the same state is accepted and comes back canonical
    pretty = json.dumps(json.loads(text), indent=2)
    assert engine.to_json(engine.from_json(pretty)) == text


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_trip_of_every_state_reached_by_random_play(scenario: str, seed: int) -> None:
    options = [None, {"chance": "external"}, {"deception": scenario != "full"}][seed - 1]
    states = play_moves(scenario, seed, options, steps=2000)
    assert len(states) > 1
    for s, m in states:
        text = engine.to_json(s)
        back = engine.from_json(text)
        assert engine.to_json(back) == text
        # the loaded state behaves exactly as the original (byte for byte)
        assert engine.legal_moves(back) == engine.legal_moves(s)
        if m is not None:
            a, log_a = engine.apply(s, m)
            b, log_b = engine.apply(back, m)
            assert engine.to_json(a) == engine.to_json(b) and log_a == log_b


def test_round_trip_of_a_finished_game() -> None:
    s = copy_state(SHORT)
    s.cards["deck"], s.cards["piles"] = [], []
    s.turn += s.cards["deck_left"]
    s.cards["deck_left"] = 0
    s.cards["propaganda_drawn"] = 3
    s.cards["played"] = [SHORT.cards["current"]] + [c for c in SHORT.cards["deck"][:-1]]
    s.cards["current"] = SHORT.cards["deck"][-1]
    s.pending = []
    s.result = {"winner": "fln", "margins": {"gov": -13, "fln": -11}, "reason": "deck exhausted"}
    text = engine.to_json(s)
    assert engine.to_json(engine.from_json(text)) == text
    assert engine.to_move(engine.from_json(text)) is None
    d = json.loads(text)
    d["pending"] = [{"k": "game", "stage": "draw"}]
    assert rejected(d).field == "pending"
    d = json.loads(text)
    d["result"]["winner"] = "draw"
    assert rejected(d).field == "result.winner"


def copy_state(s: State) -> State:
    return engine.from_json(engine.to_json(s))


def test_from_data_copies_its_input() -> None:
    d = data_of(SHORT)
    s = from_data(d)
    d["resources"]["gov"] = 3
    d["spaces"]["Medea"]["pieces"]["french_troops"] = 99
    assert s == SHORT


def test_from_json_result_is_independent_and_caches_nothing_wrong() -> None:
    s = engine.from_json(engine.to_json(SHORT))
    n, _ = engine.apply(s, engine.legal_moves(s)[-1])
    assert engine.to_json(s) == engine.to_json(SHORT)
    assert n != s


# --- the error format ---------------------------------------------------------------------------


def test_error_names_field_reason_and_rule() -> None:
    e = mutated(SHORT, lambda d: d["resources"].__setitem__("gov", 51))
    assert e.field == "resources.gov"
    assert e.rule == "1.8"
    assert str(e) == "resources.gov: 51 is outside 0-50 (rule 1.8)"
    e = mutated(SHORT, lambda d: d["resources"].__setitem__("gov", True))
    assert str(e) == "resources.gov: must be an integer, not true"


def _set_count(d: Data, space: str, key: str, value: Any) -> None:
    d["spaces"][space]["pieces"][key] = value


@pytest.mark.parametrize("change,error", [
    # a count that is not a whole number >= 0 is named by the full checks (1.4.1) ...
    (lambda d: _set_count(d, "Barika", "gov_bases", True),
     "spaces.Barika.pieces.gov_bases: must be an integer, not true"),
    (lambda d: _set_count(d, "Batna", "fln_bases", -1),
     "spaces.Batna.pieces.fln_bases: -1 is outside 0-18446744073709551615 (rule 1.4.1)"),
    (lambda d: _set_count(d, "Biskra", "french_troops", 1.5),
     "spaces.Biskra.pieces.french_troops: must be an integer, not a number with a fraction or exponent"),
    # ... after every space's markers and Support: a later space's error comes first
    (lambda d: (_set_count(d, "Barika", "gov_bases", True),
                d["spaces"]["Tunisia"].__setitem__("support", "support")),
     "spaces.Tunisia.support: Countries carry no Support/Opposition marker (they count as"
     " Oppose once independent) (rule 5.1.8)"),
    # the pieces on the map are counted for the force pool, space by space (1.4.1)
    (lambda d: _set_count(d, "Barika", "french_police", d["spaces"]["Barika"]["pieces"]
                          ["french_police"] + 1),
     "boxes.*.french_police: map "),
    (lambda d: d["boxes"]["casualties"].__setitem__("guerrillas", False),
     "boxes.casualties.guerrillas: must be an integer, not false"),
    (lambda d: d["boxes"]["out_of_play"].__setitem__("fln_bases", -2),
     "boxes.out_of_play.fln_bases: -2 is outside 0-15 (rule 1.4.1)"),
])
def test_piece_count_errors_name_the_same_field_whatever_path_finds_them(
        change: Callable[[Data], Any], error: str) -> None:
    """The spaces' fast path and the full checks agree on which error comes first."""
    assert str(mutated(FULL, change)).startswith(error)


# --- not a state at all ---------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "", "null", "[]", "3", '"state"', "{", "{}", "[" * 100000, '{"a":' * 50000,
    '{"schema": "ct-state/0"}', "NaN", '{"x": Infinity}', '{"x": 1.5}', '{"x": 1e3}',
    "9" * 5000, b"\xff\xfe", b'{"schema": "ct-state/1"}', "\ufeff{}", '{"schema": ["ct-state/1"]}',
])
def test_not_a_state(text: str | bytes) -> None:
    with pytest.raises(engine.StateError) as e:
        engine.from_json(text)
    assert e.value.field in ("state", "schema", "scenario")


@pytest.mark.parametrize("value", [None, 3, 2.5, ["{}"], {"a": 1}, object()])
def test_not_text(value: Any) -> None:
    with pytest.raises(engine.StateError) as e:
        engine.from_json(value)
    assert e.value.field == "state"


def test_json_that_is_not_an_object() -> None:
    assert str(rejected([data_of(SHORT)])) == "state: must be an object, not a list"


# --- fields, one by one ---------------------------------------------------------------------


def _set(path: str, value: Any) -> Callable[[Data], None]:
    """A mutation: set ``a.b.c`` (list indexes as integers) to ``value``; ``DEL`` deletes."""
    def change(d: Data) -> None:
        keys: list[Any] = [int(k) if k.lstrip("-").isdigit() else k for k in path.split("/")]
        for k in keys[:-1]:
            d = d[k]
        if value is DEL:
            del d[keys[-1]]
        else:
            d[keys[-1]] = copy.deepcopy(value)
    return change


DEL = object()
HUGE = 10 ** 40

FIELD_CASES: list[tuple[str, Any, str, str]] = [
    # (path, new value, field named, rule)
    ("schema", "ct-state/2", "schema", ""),
    ("turn", DEL, "turn", ""),
    ("extra", 1, "extra", ""),
    ("scenario", "long", "scenario", ""),
    ("scenario", ["short"], "scenario", ""),
    ("options/chance", "dice", "options.chance", ""),
    ("options/fln_bot", 1, "options.fln_bot", ""),
    ("options/colour", "red", "options.colour", ""),
    ("options/deception", DEL, "options.deception", ""),
    ("options", None, "options", ""),
    ("spaces/Atlantis", {}, "spaces.Atlantis", ""),
    ("spaces/Medea", DEL, "spaces.Medea", ""),
    ("spaces/Medea", [], "spaces.Medea", ""),
    ("spaces/Medea/pieces/tanks", 1, "spaces.Medea.pieces.tanks", ""),
    ("spaces/Medea/pieces/french_troops", -1, "spaces.Medea.pieces.french_troops", "1.4.1"),
    ("spaces/Medea/pieces/french_troops", 1.0, "spaces.Medea.pieces.french_troops", ""),
    ("spaces/Medea/pieces/french_troops", True, "spaces.Medea.pieces.french_troops", ""),
    ("spaces/Medea/pieces/french_troops", "2", "spaces.Medea.pieces.french_troops", ""),
    ("spaces/Medea/pieces/french_troops", HUGE, "spaces.Medea.pieces.french_troops", "1.4.1"),
    ("spaces/Medea/pieces/french_troops", 10, "spaces.Medea.pieces.french_troops", "1.4.1"),
    ("spaces/Medea/pieces/french_police", 22, "spaces.Medea.pieces.french_police", "1.4.1"),
    ("boxes/available/french_police", 40, "boxes.available.french_police", "1.4.1"),
    ("boxes/available/french_police", 5, "boxes.*.french_police", "1.4.1"),
    ("boxes/casualties/guerrillas", 1, "boxes.*.guerrillas", "1.4.1"),
    ("boxes/set_aside/fln_bases", 1, "boxes.*.fln_bases", "1.4.1"),
    ("boxes/available/guerrillas_underground", 1, "boxes.available.guerrillas_underground", ""),
    ("boxes/reserve", {}, "boxes.reserve", ""),
    ("spaces/Medea/support", "enthusiastic", "spaces.Medea.support", "1.6.1"),
    ("spaces/Medea/support", None, "spaces.Medea.support", "1.6.1"),
    ("spaces/Batna/support", "support", "spaces.Batna.support", "1.6.2"),
    ("spaces/Setif/support", "oppose", "spaces.Setif.support", "1.6.2"),
    ("spaces/Morocco/support", "oppose", "spaces.Morocco.support", "5.1.8"),
    ("spaces/Medea/terror", 13, "spaces.Medea.terror", "3.3.4"),
    ("spaces/Medea/terror", False, "spaces.Medea.terror", ""),
    ("spaces/Tunisia/terror", 1, "spaces.Tunisia.terror", "3.3.4"),
    ("spaces/Medea/resettled", 1, "spaces.Medea.resettled", ""),
    ("spaces/Algiers/resettled", True, "spaces.Algiers.resettled", "4.2.1"),
    ("spaces/Medea/pop_bonus", 1, "spaces.Medea.pop_bonus", "1.3.3"),
    ("spaces/Algiers/pop_bonus", 2, "spaces.Algiers.pop_bonus", "1.3.3"),
    ("spaces/Medea/base_marker", True, "spaces.Medea.base_marker", "1.4.2"),
    ("resources/gov", -1, "resources.gov", "1.8"),
    ("resources/fln", HUGE, "resources.fln", "1.8"),
    ("resources/both", 1, "resources.both", ""),
    ("commitment", 51, "commitment", "1.8"),
    ("commitment", None, "commitment", ""),
    ("france_track", "G", "france_track", "6.2.3"),
    ("france_track", "AB", "france_track", "6.2.3"),
    ("france_track", ["A"], "france_track", "6.2.3"),
    ("border_zone", 5, "border_zone", "5.1.8"),
    ("border_zone", -1, "border_zone", "5.1.8"),
    ("border_zone", None, "border_zone", "5.1.8"),
    ("rng/seed", -1, "rng.seed", ""),
    ("rng/seed", 2 ** 64, "rng.seed", ""),
    ("rng/counter", "0", "rng.counter", ""),
    ("rng/state", 0, "rng.state", ""),
    ("turn", 99, "turn", ""),
    ("turn", 0, "turn", "10.0"),
    ("sop/first", "both", "sop.first", "2.3.1"),
    ("sop/first_box", "events", "sop.first_box", "2.3.2"),
    ("sop/second_box", "pass", "sop.second_box", "2.3.2"),
    ("sop", {}, "sop.first", ""),
    ("result", "fln", "result", ""),
    ("result", {"winner": "fln"}, "result", "2.4.1"),
    ("deception", {"gov": {"held": [], "used": []}}, "deception", "7.3"),
    ("pending", [], "pending", ""),
    ("pending", {}, "pending", ""),
    ("pending/0", {"k": "card", "stage": "first"}, "pending[0].k", ""),
    ("pending/1", {"k": "game", "stage": "draw"}, "pending[1].k", ""),
    ("pending/2/k", "teleport", "pending[2].k", ""),
    ("pending/2/k", ["eligible"], "pending[2].k", ""),
    ("pending/2", "eligible", "pending[2]", ""),
    ("pending/2/who", "gov", "pending[2].who", "2.3.1"),
    ("pending/2/role", "third", "pending[2].role", "2.3.2"),
    ("pending/2/options", ["event", "nap"], "pending[2].options[1]", "2.3.2"),
    ("pending/2/options", "event", "pending[2].options", ""),
    ("pending/2/options", ["pass", "pass"], "pending[2].options", ""),
    ("pending/2/extra", 1, "pending[2].extra", ""),
    ("pending/2", {"k": "draw"}, "pending[2].k", ""),
    ("pending/2", {"k": "roll", "purpose": "x", "rule": "3.3.3", "into": "roll"}, "pending[2].k",
     ""),
    ("pending/1/stage", "lunch", "pending[1].stage", "2.3"),
    ("pending/0/stage", 1, "pending[0].stage", "2.3.6"),
    ("pending/2/options", [], "pending[2].options", "2.3.3"),
]


@pytest.mark.parametrize("path,value,field,rule", FIELD_CASES)
def test_field_checks(path: str, value: Any, field: str, rule: str) -> None:
    e = mutated(SHORT, _set(path, value))
    assert (e.field, e.rule) == (field, rule), str(e)


CARD_CASES: list[tuple[str, Any, str, str]] = [
    ("cards/deck", None, "cards.deck", ""),
    ("cards/deck/0", 61, "cards.deck[0]", ""),
    ("cards/deck/0", "7", "cards.deck[0]", ""),
    ("cards/deck_left", 99, "cards.deck_left", "2.2"),
    ("cards/piles", [[12, 1], [12, 1], [12, 1]], "cards.piles", "10.0"),
    ("cards/piles/1", [11, 1], "cards.piles[1]", "10.0"),
    ("cards/piles/0", [13, 0], "cards.piles[0]", "10.0"),
    ("cards/piles/0", [True, 1], "cards.piles[0]", "10.0"),
    ("cards/unseen", [5], "cards.unseen", ""),
    ("cards/current", 61, "cards.current", "2.2"),
    ("cards/current", None, "cards", "10.0"),
    ("cards/set_aside", [], "cards.set_aside", "10.0"),
    ("cards/set_aside/0", 99, "cards.set_aside[0]", ""),
    ("cards/held/gov", [63], "cards.held.gov[0]", "5.1.4"),
    ("cards/held/gov", [66, 66], "cards.held.gov[1]", ""),
    ("cards/held/gov", [5], "cards.held.gov[0]", ""),
    ("cards/held/nobody", [], "cards.held.nobody", ""),
    ("cards/in_effect", [65, 66], "cards.in_effect[1]", "5.1.4"),
    ("cards/in_effect", [65, 65], "cards.in_effect[1]", ""),
    ("cards/removed", [67], "cards.removed[0]", ""),
    ("cards/removed", [65], "cards.in_effect", "5.1.5"),
    ("cards/capabilities", {"13": "unshaded", "1": "shaded"}, "cards.capabilities.1", "5.3"),
    ("cards/capabilities", {"013": "unshaded"}, "cards.capabilities.013", ""),
    ("cards/capabilities", {"13": "both"}, "cards.capabilities.13", ""),
    ("cards/capabilities", {"9" * 5000: "unshaded"}, "cards.capabilities." + "9" * 57 + "...", ""),
    ("cards/momentum", [{"card": 5, "side": "shaded"}], "cards.momentum[0]", "5.4"),
    ("cards/momentum", [{"card": 5, "side": "unshaded"}] * 2, "cards.momentum[1].card", "5.4"),
    ("cards/momentum", [{"card": 5}], "cards.momentum[0].side", ""),
    ("cards/momentum", {"card": 5}, "cards.momentum", ""),
    ("cards/coup_played", "yes", "cards.coup_played", ""),
    ("cards/coup_campaign", 7, "cards.coup_campaign", "5.1.5"),
    ("cards/coup_campaign", 1, "cards.coup_campaign", "5.1.5"),
    ("cards/propaganda_total", 5, "cards.propaganda_total", "10.0"),
    ("cards/propaganda_drawn", 1, "cards.propaganda_drawn", "10.0"),
    ("cards/rounds", 1, "cards.rounds", "6.0"),
    ("cards/last_propaganda", None, "cards.last_propaganda", ""),
    ("cards/delayed", ["suez_crisis", "suez_crisis"], "cards.delayed[1]", "5.1.9"),
    ("cards/delayed", [7], "cards.delayed[0]", "5.1.9"),
    ("cards/delayed", ["suez_crisis", "x"], "cards.delayed[1]", "5.1.9"),
    ("cards/delayed", ["\ud800"], "cards.delayed[0]", "5.1.9"),
    ("cards/delayed", ["suez_crisis"], "cards.delayed[0]", "5.1.9"),  # card 62 not played
    ("cards/shuffled", True, "cards.shuffled", ""),
]


@pytest.mark.parametrize("path,value,field,rule", CARD_CASES)
def test_card_checks(path: str, value: Any, field: str, rule: str) -> None:
    e = mutated(SHORT, _set(path, value))
    assert (e.field, e.rule) == (field, rule), str(e)


def test_duplicate_cards_across_deck_played_set_aside_held() -> None:
    deck, aside = SHORT.cards["deck"], SHORT.cards["set_aside"]
    event_in_deck = next(c for c in deck if c not in PROPAGANDA_CARDS)
    e = mutated(SHORT, lambda d: d["cards"]["played"].append(event_in_deck))
    assert e.field == "cards.played" and "appear in two places" in e.reason
    e = mutated(SHORT, lambda d: d["cards"]["set_aside"].__setitem__(0, event_in_deck))
    assert e.field == "cards.set_aside"
    e = mutated(SHORT, lambda d: d["cards"].__setitem__("current", aside[0]))
    assert e.field == "cards.played"
    e = mutated(SHORT, lambda d: d["cards"]["played"].append(66))
    assert e.field == "cards.held" and e.rule == "5.1.4"
    e = mutated(SHORT, lambda d: d["cards"]["removed"].append(aside[0]))
    assert e.field == "cards.removed"
    e = mutated(SHORT, lambda d: d["cards"]["deck"].__setitem__(5, d["cards"]["deck"][6]))
    assert e.field == "cards.deck[6]" and "twice" in e.reason


def test_every_event_card_must_be_somewhere() -> None:
    def lose_one(d: Data) -> None:
        d["cards"]["set_aside"][0] = d["cards"]["current"]
        d["cards"]["current"] = None
    e = mutated(SHORT, lose_one)
    assert e.field in ("cards.current", "cards")


def test_propaganda_cards_stay_in_their_piles() -> None:
    def swap(d: Data) -> None:
        deck = d["cards"]["deck"]
        i, j = deck.index(PROPAGANDA_CARDS[0]), deck.index(PROPAGANDA_CARDS[1])
        deck[i], deck[j] = deck[j], deck[i]
    e = mutated(SHORT, swap)
    assert (e.field, e.rule) == ("cards.deck", "10.0")


def test_external_chance_mode_fields() -> None:
    ext = engine.new_game("short", 1, {"chance": "external"})
    e = mutated(ext, _set("cards/deck", SHORT.cards["deck"]))
    assert e.field == "cards.deck"
    e = mutated(ext, _set("cards/set_aside", []))
    assert e.field == "cards.set_aside"
    e = mutated(ext, _set("cards/unseen", list(range(1, 60))))
    assert e.field == "cards"
    e = mutated(ext, _set("options/deception", True))
    assert e.field == "options.deception"
    # a pending draw is a legal external chance decision, but never in managed mode
    assert engine.to_move(copy_state(ext)) == "chance"
    e = mutated(SHORT, _set("pending", [{"k": "game", "stage": "play"}, {"k": "draw"}]))
    assert e.field == "pending[1]" and "managed" in e.reason


def test_deception_markers() -> None:
    dec = engine.new_game("short", 4, {"deception": True})
    assert engine.to_json(copy_state(dec)) == engine.to_json(dec)
    e = mutated(dec, _set("deception", None))
    assert e.field == "deception"
    e = mutated(dec, _set("deception/gov/held", ["ace", "hidden_asset"]))
    assert (e.field, e.rule) == ("deception.gov", "7.3")
    e = mutated(dec, _set("deception/gov/held", ["hidden_asset"]))
    assert e.field == "deception.gov"
    e = mutated(dec, _set("deception/pool", []))
    assert e.field == "deception.pool"
    e = mutated(SHORT, _set("deception", dec.deception))
    assert (e.field, e.rule) == ("deception", "7.3")

    def too_many_agendas(d: Data) -> None:
        d["deception"]["gov"]["held"] = ["hidden_agenda", "hidden_agenda"]
        d["deception"]["fln"]["held"] = ["hidden_agenda", "empty_threat"]
    e = mutated(dec, too_many_agendas)
    assert e.field == "deception.fln"


# --- the map: rules that tie fields together ------------------------------------------------


def _move_piece(piece: str, frm: str | None, to: str, n: int = 1,
                box_key: str | None = None) -> Callable[[Data], None]:
    """Move ``n`` pieces onto space ``to`` from space ``frm`` or (None) from Available."""
    def change(d: Data) -> None:
        if frm is None:
            d["boxes"]["available"][box_key or piece] -= n
        else:
            d["spaces"][frm]["pieces"][piece] -= n
        d["spaces"][to]["pieces"][piece] += n
    return change


def test_stacking_two_bases() -> None:
    base_space = next(n for n, sp in SHORT.spaces.items()
                      if sp["pieces"]["gov_bases"] + sp["pieces"]["fln_bases"] == 2
                      and n not in ("Morocco", "Tunisia"))
    e = mutated(SHORT, _move_piece("gov_bases", None, base_space))
    assert (e.field, e.rule) == (f"spaces.{base_space}.pieces", "1.4.2")
    assert "3 Bases" in e.reason


def test_stacking_three_bases_in_a_country_with_its_marker() -> None:
    def third(d: Data) -> None:
        _move_piece("fln_bases", None, "Morocco")(d)
    assert mutated(SHORT, third).field == "spaces.Morocco.pieces"

    def with_marker(d: Data) -> None:
        third(d)
        d["spaces"]["Morocco"]["base_marker"] = True
    d = data_of(SHORT)
    with_marker(d)
    assert load(d).spaces["Morocco"]["pieces"]["fln_bases"] == 3

    def fourth(d: Data) -> None:
        with_marker(d)
        _move_piece("fln_bases", None, "Morocco")(d)
    assert mutated(SHORT, fourth).field == "spaces.Morocco.pieces"


def test_government_pieces_never_in_countries() -> None:
    e = mutated(SHORT, _move_piece("french_police", None, "Tunisia"))
    assert (e.field, e.rule) == ("spaces.Tunisia.pieces.french_police", "1.4.2")


def test_fln_pieces_in_countries_only_after_independence() -> None:
    e = mutated(FULL, _move_piece("guerrillas_underground", None, "Morocco", box_key="guerrillas"))
    assert (e.field, e.rule) == ("spaces.Morocco.pieces.guerrillas_underground", "1.3.4")
    assert mutated(FULL, _set("border_zone", 0)).field == "border_zone"
    # once independent the Border Zone is required
    e = mutated(FULL, lambda d: d["cards"]["held"].__setitem__("fln", [62, 63]) or
                d["cards"]["in_effect"].append(61))
    assert (e.field, e.rule) == ("border_zone", "5.1.8")


def test_terror_and_resettlement_marker_supplies() -> None:
    def terror(d: Data) -> None:
        for n in ("Medea", "Algiers", "Oran", "Constantine", "Batna", "Biskra", "Tebessa"):
            d["spaces"][n]["terror"] = 2
    e = mutated(SHORT, terror)
    assert (e.field, e.rule) == ("spaces", "3.3.4")


# --- the pending decision --------------------------------------------------------------------


def test_pending_frame_whose_data_does_not_fit() -> None:
    states = random_play("short", 5, steps=60)
    op_state = next((s for s in states if s.pending[-1]["k"].startswith("op:")), None)
    assert op_state is not None
    top = len(op_state.pending) - 1
    e = mutated(op_state, _set(f"pending/{top}/locs", "Medea"))
    assert e.field == f"pending[{top}].locs"
    e = mutated(op_state, _set(f"pending/{top}/x", []))
    assert e.field == f"pending[{top}].x"
    e = mutated(op_state, _set(f"pending/{top}/who", "chance"))
    assert e.field == f"pending[{top}].who"
    e = mutated(op_state, _set(f"pending/{top}/op", 7))
    assert e.field == f"pending[{top}].op"
    e = mutated(op_state, _set(f"pending/{top}/stage", DEL))
    assert e.field == f"pending[{top}].stage"


def test_a_generic_frame_that_makes_its_handler_fail_names_the_frame() -> None:
    ext = engine.new_game("short", 1, {"chance": "external"})
    e = mutated(ext, _set("pending/1/extra", {"deep": [1, 2]}))
    assert e.field == "pending[1].extra"
    e = mutated(ext, _set("pending/1/extra", {"deep": [1.5]}))
    assert e.field == "pending[1].extra.deep[0]"
    # a Pick frame (Events) with options of the wrong kind: its handler fails -> StateError
    d = on_event(data_of(SHORT), {"k": "pick", "who": "fln", "prompt": "p", "options": 5,
                                  "min": 0, "max": 1, "into": "wilaya", "picked": []})
    assert rejected(d).field == "pending[3].options"


def test_special_activity_sits_on_its_operation() -> None:
    from tests.helpers import play, position

    sa_state = play(position(spaces={"Medea": {"ug": 2}}, resources=(10, 5)),
                    {"t": "op", "op": "terror"}, {"t": "sa", "sa": "extort"})
    assert sa_state.pending[-1]["k"] == "sa:extort"
    top = len(sa_state.pending) - 1
    e = mutated(sa_state, lambda d: d["pending"].pop(top - 1))
    assert e.field == f"pending[{top - 1}].k" and "never lies on a 'card'" in e.reason


def test_moves_built_from_frame_data_must_be_well_formed() -> None:
    d = on_event(data_of(SHORT), {"k": "pick", "who": "fln", "prompt": "p", "options": [1],
                                  "min": 0, "max": 1, "into": "wilaya", "picked": []})
    load(d)
    d["pending"][3]["options"] = [[1]]  # the frame's own check names it
    assert rejected(d).field == "pending[3].options[0]"
    # a kind without such a check: the moves built from its data are checked
    from engine.machine import FRAMES

    class Picks(Probe):
        def moves(self, s: State, f: dict[str, Any]) -> list[dict[str, Any]]:
            return [{"t": "pick", "value": f["v"]}]

    FRAMES["test_probe"] = Picks()
    try:
        d = data_of(SHORT)
        d["pending"].append({"k": "test_probe", "v": 1})
        load(d)
        d["pending"][-1]["v"] = [1]
        e = rejected(d)
    finally:
        del FRAMES["test_probe"]
    assert e.field == "pending[3]" and "BadRequest" in e.reason


class Probe(FrameType):
    """A frame kind registered by a test (then removed): the Government's, on its Eligible
    decision."""

    kind = "test_probe"
    below = ("eligible",)

    def actor(self, s: State, f: dict[str, Any]) -> str:
        return "gov"

    def moves(self, s: State, f: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"t": "done"}]


def test_frame_kinds_may_check_their_own_data() -> None:
    from engine.machine import FRAMES

    class Checks(Probe):
        def check_frame(self, s: State, f: dict[str, Any]) -> None:
            if not isinstance(f.get("n"), int):
                raise engine.StateError("n", "must be an integer", "9.9")
            if f["n"] < 0:
                raise ValueError("negative")

    FRAMES["test_probe"] = Checks()
    try:
        d = data_of(SHORT)
        d["pending"].append({"k": "test_probe", "n": 1})
        assert load(d).pending[-1] == {"k": "test_probe", "n": 1}
        d["pending"][-1]["n"] = "x"
        e = rejected(d)
        assert (e.field, e.reason, e.rule) == ("pending[3].n", "must be an integer", "9.9")
        d["pending"][-1]["n"] = -1
        e = rejected(d)
        assert e.field == "pending[3]" and "ValueError" in e.reason
    finally:
        del FRAMES["test_probe"]


def test_frames_hold_plain_bounded_data() -> None:
    deep: Any = 1
    for _ in range(20):
        deep = [deep]
    e = mutated(SHORT, _set("pending/2/junk", deep))
    assert e.field.startswith("pending[2].junk") and "nested" in e.reason
    e = mutated(SHORT, _set("pending/2/junk", 2 ** 60))
    assert e.field == "pending[2].junk"
    e = mutated(SHORT, _set("pending/2/junk", "x" * 5000))
    assert e.field == "pending[2].junk"
    e = mutated(SHORT, _set("pending/2/junk", list(range(30000))))
    assert "too much data" in e.reason


# --- fuzzing: only StateError, or a valid state whose canonical text round-trips ---------------


JUNK: list[Any] = [None, True, False, 0, -1, 1, 7, 50, 51, 2 ** 63, -(2 ** 70), "", "x", "gov",
                   "fln", "Medea", "support", "op:terror", "event", [], {}, [1], [[[]]], {"k": 1},
                   {"k": "game"}, {"k": "eligible"}, ["gov"], [61], [1, 1], {"": None}]


def _deep_junk(r: random.Random) -> Any:
    v: Any = r.choice(JUNK)
    for _ in range(r.randrange(1, 40)):
        v = [v, 0] if r.random() < 0.5 else {"k": v, "x": 1}
    return v


def _paths(v: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(v, dict):
        for k, x in v.items():
            out += _paths(x, prefix + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += _paths(x, prefix + (i,))
    return out


def _mutate(d: Any, r: random.Random) -> Any:
    paths = _paths(d)
    path = r.choice(paths)
    if not path:
        return r.choice([_deep_junk(r), [d], None])
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    roll = r.random()
    if roll < 0.2 and isinstance(parent, dict):
        del parent[key]
    elif roll < 0.3 and isinstance(parent, list):
        del parent[key]
    elif roll < 0.4:
        parent[key] = _deep_junk(r)
    elif roll < 0.5 and isinstance(parent, dict):
        parent[r.choice(["x", "k", "extra", key + "_"]) if isinstance(key, str) else "x"] = 1
    elif roll < 0.6 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += r.choice([-2, -1, 1, 2, 10 ** 30])
    elif roll < 0.7 and isinstance(parent[key], list):
        parent[key].append(r.choice(JUNK) if r.random() < 0.5 else (parent[key] or [0])[0])
    else:
        parent[key] = copy.deepcopy(r.choice(JUNK))
    return d


FUZZ_BASES = [SHORT, FULL, engine.new_game("medium", 2, {"chance": "external"}),
              engine.new_game("short", 3, {"deception": True, "open_deployment": True})]
FUZZ_BASES += random_play("short", 9, steps=80)[10::10] + random_play("full", 9, steps=80)[10::10]


@pytest.mark.parametrize("seed", range(8))
def test_fuzz_mutated_states_raise_only_state_error(seed: int) -> None:
    r = random.Random(seed)
    for i in range(250):
        base = FUZZ_BASES[(seed * 250 + i) % len(FUZZ_BASES)]
        d = data_of(base)
        for _ in range(r.choice([1, 1, 2, 3])):
            d = _mutate(d, r)
        try:
            text = json.dumps(d)
        except (ValueError, RecursionError):  # pragma: no cover - junk is JSON-encodable
            continue
        try:
            s = engine.from_json(text)
        except engine.StateError:
            continue
        # accepted: it must be a state the engine can work with and that round-trips
        assert engine.to_json(s) == dumps(d)
        assert engine.to_json(engine.from_json(engine.to_json(s))) == engine.to_json(s)
        engine.legal_moves(s)
        for role in ("gov", "fln", "observer"):
            json.dumps(engine.view(s, role))


@pytest.mark.parametrize("seed", range(3))
def test_fuzz_mutated_text_raises_only_state_error(seed: int) -> None:
    r = random.Random(100 + seed)
    text = engine.to_json(FUZZ_BASES[seed])
    for _ in range(300):
        t = list(text)
        for _ in range(r.randrange(1, 4)):
            i = r.randrange(len(t))
            op = r.random()
            if op < 0.4:
                t[i] = r.choice('{}[]",:0123456789-tfnx ')
            elif op < 0.7:
                del t[i]
            else:
                t.insert(i, r.choice('{}[]",:019e.'))
        junk = "".join(t)
        try:
            s = engine.from_json(junk)
        except engine.StateError:
            continue
        assert engine.to_json(engine.from_json(engine.to_json(s))) == engine.to_json(s)


def test_from_data_rejects_non_json_values() -> None:
    d = data_of(SHORT)
    d["pending"][2]["junk"] = (1, 2)
    with pytest.raises(engine.StateError):
        from_data(d)
    d = data_of(SHORT)
    loop: list[Any] = []
    loop.append(loop)
    d["pending"][2]["junk"] = loop
    with pytest.raises(engine.StateError):
        from_data(d)
    d = data_of(SHORT)
    d["cards"]["capabilities"] = {13: "unshaded"}
    with pytest.raises(engine.StateError):
        from_data(d)
    d = data_of(SHORT)
    d["spaces"]["Medea"]["pieces"]["french_troops"] = 10 ** 5000
    with pytest.raises(engine.StateError):
        from_data(d)


def test_tampered_decision_data_is_a_state_error_not_a_crash() -> None:
    """Frame data the engine never produced fails with StateError in legal_moves, not a crash."""
    import pytest

    import engine
    from tests.helpers import play, position

    s = play(position(spaces={"Medea": {"ug": 2}}, resources=(10, 5)),
             {"t": "op", "op": "march"})
    s = s.copy()
    s.pending[-1]["x"] = {"grp": 7}  # a March group must be an object
    with pytest.raises(engine.StateError) as e:
        engine.legal_moves(s)
    assert e.value.field == f"pending[{len(s.pending) - 1}]"


def test_the_cards_are_rebuilt_in_the_engines_key_order() -> None:
    """The validator and the trusted load rebuild a state's cards by a literal: its keys are the
    schema's, in the engine's order (CARD_KEYS)."""
    from engine.validate import CARD_KEYS, _cards

    c = {k: k for k in CARD_KEYS} | {"held": {"gov": [], "fln": []}}
    assert list(_cards(c, c["held"])) == list(CARD_KEYS)
