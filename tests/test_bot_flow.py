"""The non-player FLN flowchart (8.4; ct-fln-bot §4 and §18 T01-T11, T20, T32, T34, T35): one test
per flowchart box, with the exact moves the bot makes."""

from __future__ import annotations

import engine
from engine.bot import decide
from engine.data import SECOND_OPTIONS
from engine.state import Move, State
from referee_core import rng
from tests.helpers import pieces
from tests.test_bot_fixtures import DONE, OP, PASS, bot_position, run, sp, texts, this_card


def box_after(s: State, moves: list[Move]) -> str | None:
    """The FLN's box on this card, from the log of its last move on the card."""
    box = None
    for m in this_card(s, moves):
        s, log = engine.apply(s, m)
        for e in log:
            if e.get("actor") == "fln" and "box" in e:
                box = e["box"]
            if e.get("text", "").startswith("fln passes"):
                box = "pass"
    return box


# --- 8.4.1 Pass -------------------------------------------------------------------------------


def test_t01_pass_at_zero_resources_with_only_a_limited_op() -> None:
    s = bot_position({"Medea": {"ft": 2}}, fln=0, after="op_only")
    moves, after, trace = run(s)
    assert moves[0] == PASS
    assert this_card(s, moves) == [PASS]
    assert after.resources["fln"] >= 1
    assert after.sop["first"] == "fln"  # the Government's Op Only swaps the order (2.3.5)
    assert "[8.4.1] Pass" in texts(trace)


def test_t01_variant_no_pass_with_resources_gate_opens() -> None:
    s = bot_position({"Medea": {"ft": 2}, "Setif": {"fb": 1, "ug": 1}}, fln=15, after="op_only")
    moves, _, trace = run(s)
    assert moves[0] != PASS
    assert "the Government will be Second Eligible" in texts(trace)


def test_t02_no_pass_while_the_event_is_open() -> None:
    s = bot_position({}, fln=0, after="op_plus_sa", card=23)
    moves, after, trace = run(s)
    assert this_card(s, moves) == [{"t": "event", "side": "shaded"}]
    assert "play Event 23 (shaded)" in texts(trace)
    s2, _ = engine.apply(s, moves[0])
    assert s2.resources["fln"] == 6


# --- 8.4.2 Terror gate ------------------------------------------------------------------------


def gate(trace: list[dict[str, object]]) -> str:
    t = texts(trace)
    return "open" if "Terror gate open" in t else "closed" if "Terror gate closed" in t else "?"


def test_t03_terror_gate_from_bases() -> None:
    cases = [({"Setif": {"fb": 1, "ug": 2}}, "open"),
             ({"Setif": {"fb": 1, "ug": 1, "ag": 3}}, "closed"),
             ({"Batna": {"fb": 1, "ug": 1}}, "open"),
             ({"Batna": {"fb": 1, "ag": 2}}, "closed"),
             ({"Morocco": {"fb": 1}}, "open")]
    for spaces, expected in cases:
        _, _, trace = run(bot_position(spaces))
        assert gate(trace) == expected, spaces


def test_t03b_closed_gate_goes_straight_to_rally_even_for_a_marked_card() -> None:
    s = bot_position({"Setif": {"fb": 1, "ug": 1, "ag": 3}}, card=23)
    moves, _, trace = run(s)
    assert moves[0] == OP["rally"]
    assert "hypothetical Event" not in texts(trace)


def test_t04_government_will_be_second_eligible() -> None:
    base = {"Setif": {"fb": 1, "ug": 1}}
    assert gate(run(bot_position(base, after="op_only"))[2]) == "open"
    assert gate(run(bot_position(base, after="limited_op"))[2]) == "closed"
    assert gate(run(bot_position(base, after="pass"))[2]) == "closed"


# --- 8.4.2 Terror -----------------------------------------------------------------------------


def test_t05_one_terror_limited_op_box() -> None:
    s = bot_position({"Sidi Bel Abbes": {"ug": 1, "support": "support"}}, fln=1)
    moves, after, _ = run(s)
    assert moves == [OP["terror"], sp("space", "Sidi Bel Abbes"), DONE]
    assert after.resources["fln"] == 0
    assert pieces(after, "Sidi Bel Abbes") == {"ag": 1}
    assert after.spaces["Sidi Bel Abbes"]["support"] == "neutral"
    assert after.spaces["Sidi Bel Abbes"]["terror"] == 1
    assert after.sop["first_box"] == "limited_op" and after.sop["first"] == "fln"
    assert engine.to_move(after) == "gov"


def test_t06_never_expose_a_base_by_terror() -> None:
    a = bot_position({"Mostaganem": {"fb": 1, "ug": 1, "support": "support"}}, fln=3, card=40,
                     after="op_plus_sa")
    moves, _, trace = run(a)
    assert moves[0]["op"] != "terror"
    assert "hypothetical Terror" not in texts(trace)
    b = bot_position({"Mostaganem": {"fb": 1, "ug": 2, "support": "support"}}, fln=3, card=40,
                     after="op_plus_sa")
    moves, _, _ = run(b)
    assert this_card(b, moves) == [{"t": "op", "op": "terror", "box": "limited_op"},
                                   sp("space", "Mostaganem"), DONE]
    s2 = engine.apply_all(b, this_card(b, moves)[:2])[0]
    assert pieces(s2, "Mostaganem") == {"ug": 1, "ag": 1, "fb": 1}


def test_t07_pause_to_extort_for_terror() -> None:
    s = bot_position({"Tlemcen": {"ug": 2, "support": "support"}}, fln=0)
    moves, after, _ = run(s)
    assert moves == [OP["terror"], {"t": "sa", "sa": "extort"}, sp("space", "Tlemcen"), DONE,
                     sp("space", "Tlemcen"), DONE]
    assert pieces(after, "Tlemcen") == {"ag": 2}
    assert after.resources["fln"] == 0
    assert after.sop["first_box"] == "op_plus_sa"
    assert after.spaces["Tlemcen"]["support"] == "neutral"


def test_t07_variant_extort_would_need_the_only_underground() -> None:
    s = bot_position({"Tlemcen": {"ug": 1, "support": "support"}}, fln=0)
    moves, _, trace = run(s)
    assert "Terror would achieve nothing" in texts(trace)
    assert moves[0] == OP["rally"]


def test_t08_final_campaign_terror() -> None:
    s = bot_position({"Medea": {"gb": 1, "ug": 1}}, fln=3, card=40, final=True)
    moves, after, _ = run(s)
    assert moves == [OP["terror"], sp("space", "Medea"), DONE]
    assert after.spaces["Medea"]["terror"] == 1 and after.spaces["Medea"]["support"] == "neutral"
    assert after.sop["first_box"] == "limited_op"


def test_t08_variants() -> None:
    def terror(**kw: object) -> bool:
        spaces = kw.pop("spaces", {"Medea": {"gb": 1, "ug": 1}})
        moves, _, _ = run(bot_position(spaces, fln=3, card=40, **kw))  # type: ignore[arg-type]
        return bool(moves[0] == OP["terror"])

    assert not terror()  # not the final Campaign
    assert not terror(final=True, spaces={"Medea": {"gb": 1, "ug": 1, "terror": 1}})
    assert terror(final=True, spaces={"Medea": {"ft": 1, "fp": 1, "ug": 1}},
                  in_effect=[61, 64, 65])  # Recall De Gaulle
    assert not terror(final=True, spaces={"Medea": {"ft": 1, "fp": 1, "ug": 1}})
    hardened = [{"card": 56, "side": "unshaded"}]
    assert not terror(final=True, momentum=hardened)
    assert terror(final=True, momentum=hardened, spaces={"Oran": {"ug": 1}})  # a City


# --- 8.4.2 / 8.4.3 Terror versus Event ---------------------------------------------------------


def test_t09_event_at_least_as_damaging_as_terror() -> None:
    s = bot_position({"Sidi Bel Abbes": {"ug": 1, "support": "support"}}, fln=5, card=22,
                     commitment=10)
    moves, after, _ = run(s)
    assert moves == [{"t": "event", "side": "shaded"}]
    assert after.commitment == 8 and after.sop["first_box"] == "event"
    assert pieces(after, "Sidi Bel Abbes") == {"ug": 1}


def test_t09_variant_a_terror_hurts_more() -> None:
    s = bot_position({"Sidi Bel Abbes": {"ug": 1, "support": "support"},
                      "Tizi Ouzou": {"ug": 1, "support": "support"}}, fln=5, card=22,
                     commitment=10)
    moves, after, _ = run(s)
    assert moves == [OP["terror"], sp("space", "Tizi Ouzou"), sp("space", "Sidi Bel Abbes"), DONE]
    assert after.resources["fln"] == 3 and after.commitment == 10
    assert after.sop["first_box"] == "op_only"


def test_t09_variant_b_tie_goes_to_the_event() -> None:
    s = bot_position({"Tizi Ouzou": {"ug": 1, "support": "support"}}, fln=5, card=22,
                     commitment=10)
    moves, after, _ = run(s)
    assert moves == [{"t": "event", "side": "shaded"}]
    assert after.commitment == 8


def test_t10_ineffective_event() -> None:
    moves, _, trace = run(bot_position({}, card=30))
    assert "Event 30: no text the FLN would execute" in texts(trace)
    assert "[8.4.4] no Attack possible" in texts(trace)
    assert moves[0] == OP["rally"]


def test_t11_unmarked_event_roll() -> None:
    s = bot_position({}, card=38)
    # seed 1: the play die shows 6 -> not played
    moves, _, trace = run(s, seed=1)
    assert "play die 6: 5-6, not played" in texts(trace)
    assert moves[0] == OP["rally"]
    played = None
    for seed in range(2, 30):
        moves, after, trace = run(s, seed=seed)
        if moves == [{"t": "event", "side": "shaded"}]:
            played = (after, trace)
            break
    assert played is not None
    after, trace = played
    assert "1-4, play" in texts(trace)
    assert after.commitment == 14 and after.resources["gov"] < 10


def test_t11_variant_ineffective_no_die() -> None:
    moves, _, trace = run(bot_position({}, card=38, gov=0, commitment=0))
    assert "play die" not in texts(trace)
    assert "Event 38: no text" in texts(trace)


# --- 8.4.5 / 8.4.6: fallback Rally, then Pass ----------------------------------------------------


def test_t20_fallback_rally_after_a_failed_march() -> None:
    s = bot_position({}, fln=4, bases=0, guerrillas=0)
    moves, after, trace = run(s)
    assert moves == [OP["rally"], sp("space", "france_track"), DONE]
    assert after.france_track == "D" and after.resources["fln"] == 3
    assert after.sop["first_box"] == "limited_op"
    assert "no March possible: Rally (without the entry test)" in texts(trace)


def test_pass_when_nothing_is_possible() -> None:
    s = bot_position({}, fln=4, bases=0, guerrillas=0, france="F")
    moves, after, trace = run(s)
    assert moves == [PASS]
    assert after.resources["fln"] == 5
    assert "no Operation possible: Pass" in texts(trace)


# --- Step 0: Pivotal (8.3) ---------------------------------------------------------------------


def window(card: int, first: str = "gov", in_effect: tuple[int, ...] = (64,)) -> State:
    s = bot_position({}, card=card, in_effect=list(in_effect), scenario="full").copy()
    s.cards["held"]["fln"] = [61, 62, 63]
    s.cards["held"]["gov"] = []
    s.sop = {"first": first, "first_box": None, "second_box": None}
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "card", "stage": "first"},
                 {"k": "pivotal_window", "who": "fln"}]
    s._legal = None
    return s


def test_t32_morocco_and_tunisia_independent_timing() -> None:
    moves, after, _ = run(window(42))
    assert moves[0] == {"t": "pivotal", "card": 61}
    assert 61 in after.cards["in_effect"] and after.sop["first"] == "fln"
    assert after.sop["first_box"] == "event"
    assert engine.to_move(after) == "gov"
    assert SECOND_OPTIONS["event"] == tuple(after.pending[-1]["options"])
    for s in (window(29), window(42, first="fln"), window(42, in_effect=())):
        moves, _, _ = run(s)
        assert moves[0] == {"t": "decline"}


def test_never_oas() -> None:
    """8.3: the non-player never plays #63 OAS (ct-fln-bot §6.2), even where it is legal: #65
    Recall De Gaulle in effect (#63's precondition), no #64 (so no #61)."""
    s = window(29, in_effect=(65,))
    assert engine.legal_moves(s) == [{"t": "pivotal", "card": 62}, {"t": "pivotal", "card": 63},
                                     {"t": "decline"}]
    for seed in (1, 2, 3):
        moves, after, _ = run(s, seed)
        assert moves[0] == {"t": "decline"}
        assert after.cards["held"]["fln"] == [61, 62, 63]
        assert "63" not in after.cards["capabilities"] and 63 not in after.cards["in_effect"]
    # with #61 also open but its timing not met (card 29 is not marked for FLN): decline too
    s = window(29, in_effect=(64, 65))
    assert {"t": "pivotal", "card": 63} in engine.legal_moves(s)
    assert run(s)[0][0] == {"t": "decline"}


def test_never_suez() -> None:
    """8.3: never #62 Suez Crisis (ct-fln-bot §6.2): legal (FLN Resources 6+), declined."""
    s = window(29, in_effect=())
    assert s.resources["fln"] >= 6
    assert engine.legal_moves(s) == [{"t": "pivotal", "card": 62}, {"t": "decline"}]
    for seed in (1, 2, 3):
        moves, after, _ = run(s, seed)
        assert moves[0] == {"t": "decline"}
        assert after.cards["held"]["fln"] == [61, 62, 63]


# --- Per-card timing -------------------------------------------------------------------------


def test_t34_hardened_attitudes_final_campaign_only() -> None:
    moves, _, trace = run(bot_position({}, card=56))
    assert "Event 56: no text" in texts(trace) and moves[0] == OP["rally"]
    moves, after, trace = run(bot_position({}, card=56, final=True))
    assert moves == [{"t": "event", "side": "unshaded"}]
    assert "play die" not in texts(trace)
    assert after.cards["momentum"] == [{"card": 56, "side": "unshaded"}]


def test_t35_a_capability_does_not_override_terror() -> None:
    s = bot_position({"Tizi Ouzou": {"ug": 1, "support": "support"}}, card=17, fln=2)
    moves, _, _ = run(s)
    assert moves == [OP["terror"], sp("space", "Tizi Ouzou"), DONE]
    moves, after, trace = run(bot_position({}, card=17, fln=2))
    assert moves == [{"t": "event", "side": "shaded"}]
    assert after.cards["capabilities"] == {"17": "shaded"}
    assert after.sop["first_box"] == "event"
    assert "play die" not in texts(trace)


# --- the driver ---------------------------------------------------------------------------------


def test_same_state_and_seed_same_moves() -> None:
    s = bot_position({"Mascara": {"ap": 1, "ag": 5, "ug": 1}, "Tizi Ouzou": {"ug": 1}}, fln=7)
    a = decide(s, 42)
    b = decide(s, 42)
    assert a[0] == b[0] and engine.to_json(a[1]) == engine.to_json(b[1]) and a[2] == b[2]


def test_not_the_fln_to_act() -> None:
    s = bot_position({}, after=None, card=29)
    s2 = engine.apply(s, PASS)[0]  # the Government is now Second Eligible
    moves, after, trace = decide(s2, 1)
    assert moves == [] and after is s2 and "not to act" in texts(trace)


def test_trace_is_readable() -> None:
    s = bot_position({"Sidi Bel Abbes": {"ug": 1, "support": "support"}}, fln=1)
    _, _, trace = run(s)
    for e in trace:
        assert isinstance(e["box"], str) and isinstance(e["text"], str) and e["text"]
    assert trace[0]["box"] == "8.4"
    assert box_after(s, run(s)[0]) == "limited_op"


def test_random_spaces_table_is_pluggable() -> None:
    """8.2: with a user-supplied Random Spaces Map the two-dice procedure picks the space; the
    arrows are followed to the first candidate (wrapping Morocco/Tunisia)."""
    from engine.bot import RandomSpaces, install_random_spaces
    from engine.bot.core import Runner
    from engine.bot.trace import Trace
    from engine.data import SPACE_NAMES

    numbers = {10 * t + o: SPACE_NAMES[(t - 1) * 6 + (o - 1)] for t in range(1, 6)
               for o in range(1, 7)}
    install_random_spaces(RandomSpaces(numbers, list(SPACE_NAMES)))
    try:
        r = Runner(bot_position({}), {"seed": 3, "counter": 0}, Trace())
        probe = dict(r.rng)
        tens = 6
        while tens == 6:
            tens = rng.die(probe)
        ones = rng.die(probe)
        start = SPACE_NAMES.index(numbers[10 * tens + ones])
        cands = ["Morocco", "Algiers"]
        chosen = r.choose(cands, "test")
        expect = next(SPACE_NAMES[(start + k) % 30] for k in range(30)
                      if SPACE_NAMES[(start + k) % 30] in cands)
        assert chosen == expect
    finally:
        install_random_spaces(None)


def test_playnote_random_choice_uses_the_bot_seed() -> None:
    from engine.bot.core import Runner
    from engine.bot.trace import Trace

    picks = set()
    for seed in range(12):
        r = Runner(bot_position({}), {"seed": seed, "counter": 0}, Trace())
        picks.add(r.choose(["Medea", "Algiers", "Oran"], "test"))
        assert r.trace.entries[-1]["box"] == "8.2"
    assert picks == {"Medea", "Algiers", "Oran"}
