"""The non-player FLN and Events (8.3, 8.4.3; ct-fln-bot §6 and the per-card instructions of
"Events Marked for FLN"): which cards it plays, which text, and its choices inside them."""

from __future__ import annotations

import pytest

import engine
from engine.bot import events as bot_events
from engine.bot.info import can_train
from engine.state import Move, State
from tests.helpers import pieces
from tests.test_bot_fixtures import DONE, OP, bot_position, run, texts, this_card

EV_SHADED: Move = {"t": "event", "side": "shaded"}
EV_SINGLE: Move = {"t": "event", "side": "unshaded"}


def play(card: int, spaces: dict[str, dict[str, object]], **kw: object) -> tuple[
        State, list[Move], State, str]:
    s = bot_position(spaces, card=card, **kw)  # type: ignore[arg-type]
    moves, _, trace = run(s)
    mine = this_card(s, moves)
    after = engine.apply_all(s, mine)[0]
    return s, mine, after, texts(trace)


# --- which cards, which text ---------------------------------------------------------------------


@pytest.mark.parametrize("card,kw,side", [
    (11, {"commitment": 5}, "shaded"),        # Bananes: Commitment -1
    (14, {}, "unshaded"),                      # Protest in Paris: France Track toward F
    (19, {"fln": 10}, "shaded"),               # General Strike
    (22, {"commitment": 5}, "shaded"),        # USA convinced: Commitment -2
    (23, {"fln": 10}, "shaded"),               # Diplomatic Leanings: +6
    (24, {"gov": 8}, "shaded"),                # Economic Development: Government -6
    (42, {"fln": 10}, "shaded"),               # Czech Arms Deal
    (55, {"fln": 10}, "shaded"),               # Development
    (57, {}, "unshaded"),                      # Peace Talks (Momentum, marked)
    (10, {}, "shaded"),                        # Moudjahidine (Momentum, marked)
    (18, {}, "unshaded"),                      # Torture (Capability)
    (13, {}, "shaded"), (27, {}, "shaded"), (32, {}, "shaded"), (35, {}, "shaded"),
])
def test_marked_and_capability_cards_are_played_without_a_roll(card: int, kw: dict[str, int],
                                                               side: str) -> None:
    _, mine, _, trace = play(card, {}, **kw)  # type: ignore[arg-type]
    assert mine[0] == {"t": "event", "side": side}
    assert "play die" not in trace


@pytest.mark.parametrize("card", [2, 8, 29, 40, 45, 20])
def test_never_played(card: int) -> None:
    s = bot_position({}, card=card)
    assert bot_events.bot_side(s, card) is None
    _, mine, _, _ = play(card, {})
    assert mine[0]["t"] != "event"


def test_ineffective_marked_card_is_not_played() -> None:
    _, mine, _, trace = play(11, {}, commitment=0)
    assert mine[0] == OP["rally"] and "Event 11: no text" in trace


# --- per-card instructions ---------------------------------------------------------------------


def test_card_3_leadership_snatch_support_first_then_population() -> None:
    _, mine, after, _ = play(3, {"Medea": {"ug": 1}, "Algiers": {"ug": 1, "support": "support"},
                                 "Tebessa": {"ug": 1}})
    assert mine == [EV_SHADED, {"t": "pick", "value": "Algiers"}, {"t": "pick", "value": "Medea"}]
    assert after.spaces["Algiers"]["support"] == "oppose"
    assert after.spaces["Tebessa"]["support"] == "neutral"


def test_card_7_fifth_bureau_where_the_government_cannot_train() -> None:
    _, mine, _, _ = play(7, {"Medea": {"support": "support"}, "Bougie": {"gb": 1}},
                         others="oppose")
    picks = [m["value"] for m in mine if m["t"] == "pick"]
    assert picks[0] == "Medea" and "Bougie" in picks  # the only other populated Sector


def test_moghazni_sector_is_where_the_government_can_train() -> None:
    """#46 unshaded (Moghazni): a Sector at Support under Government Control may be selected for
    Train (3.2.1), so the tie-breaker "where the Government cannot Train" (ct-fln-bot §6.6) prefers
    a Sector without Government Control."""
    spaces = {"Medea": {"support": "support", "ft": 1}, "Orleansville": {"support": "support"}}
    moghazni = [{"card": 46, "side": "unshaded"}]
    assert not can_train(bot_position(spaces), "Medea")
    assert can_train(bot_position(spaces, momentum=moghazni), "Medea")
    for seed in range(8):
        s = bot_position(spaces, card=7, others="oppose", momentum=moghazni)
        moves, _, _ = run(s, seed)
        picks = [m["value"] for m in this_card(s, moves) if m["t"] == "pick"]
        assert picks[0] == "Orleansville"


def test_card_9_beni_oui_oui_sets_opposition() -> None:
    _, mine, after, _ = play(9, {"Medea": {}, "Oran": {}, "Algiers": {"terror": 1}},
                             others="oppose")
    assert mine == [EV_SINGLE, {"t": "pick", "value": "Medea"}, {"t": "pick", "value": "Oran"},
                    {"t": "pick", "value": "oppose"}, {"t": "pick", "value": "oppose"}]
    assert after.spaces["Medea"]["support"] == after.spaces["Oran"]["support"] == "oppose"


def test_card_12_ventilos_underground_to_coastal_support() -> None:
    _, mine, after, _ = play(12, {"Oran": {"support": "support"}, "Mostaganem": {"ug": 2}})
    assert mine[:3] == [EV_SHADED, {"t": "pick", "value": "Mostaganem"},
                        {"t": "pick", "value": "Oran"}]
    assert pieces(after, "Oran")["ug"] >= 1
    assert "ag" not in pieces(after, "Oran")


def test_card_12_ventilos_unable_then_operation() -> None:
    _, mine, _, trace = play(12, {"Mostaganem": {"ug": 2}})
    assert mine[0]["t"] == "op" and "Event 12: no text" in trace


def test_card_20_never_executed() -> None:
    _, mine, _, _ = play(20, {})
    assert mine[0] == OP["rally"]


def test_card_26_casbah_places_four_and_agitates() -> None:
    _, mine, after, _ = play(26, {"Algiers": {}})
    assert mine == [EV_SHADED] + [{"t": "place", "space": "Algiers", "source": "available"}] * 4 + [
        {"t": "pick", "value": "agitate"}]
    assert pieces(after, "Algiers") == {"ug": 4}


def test_card_28_atrocities_support_first_then_population() -> None:
    _, mine, after, _ = play(28, {"Medea": {"support": "support"}, "Algiers": {}}, fln=2)
    assert mine == [EV_SINGLE, {"t": "pick", "value": "Medea"}, {"t": "pick", "value": "Algiers"}]
    assert after.resources["fln"] == 0 and after.commitment == 13


def test_card_28_only_support_spaces_at_zero_commitment() -> None:
    _, mine, _, _ = play(28, {"Medea": {"support": "support"}, "Algiers": {}}, fln=2,
                         commitment=0)
    assert mine == [EV_SINGLE, {"t": "pick", "value": "Medea"}, DONE]


def test_card_33_revenge_placement() -> None:
    s = bot_position({"Medea": {"ag": 1, "support": "support"}, "Algiers": {"ag": 1},
                      "Bougie": {"fb": 1, "ag": 1}}, capabilities={"33": "shaded"}).copy()
    f = engine.ops.op_frame("assault", "gov", None, None, free=True, sa_ok=False)
    f["locs"] = ["Algiers", "Bougie", "Medea"]
    f["x"]["revenge"] = True
    s.pending.append(f)
    s._legal = None
    moves, _, trace = run(s)
    assert moves[0] == {"t": "revenge", "space": "Medea"}
    s.spaces["Medea"]["support"] = "neutral"
    s._legal = None
    assert run(s)[0][0] == {"t": "revenge", "space": "Bougie"}


def test_card_36_assassination_places_at_support() -> None:
    _, mine, after, _ = play(36, {"Medea": {"support": "support"}})
    assert mine[:3] == [EV_SHADED, {"t": "pick", "value": "Medea"},
                        {"t": "place", "space": "Medea", "source": "available"}]


def test_card_47_third_force_support_first() -> None:
    _, mine, after, _ = play(47, {"Medea": {"ap": 1, "support": "support"}, "Bougie": {"ap": 1}})
    assert mine == [EV_SHADED, {"t": "pick", "value": "Medea"}]
    assert after.spaces["Medea"]["support"] == "oppose"


def test_card_48_ultras_base_spaces_first_troops_first() -> None:
    _, mine, _, _ = play(48, {"Medea": {"ap": 1, "at": 1, "fb": 1, "ug": 2},
                              "Algiers": {"ap": 2, "support": "support"}})
    assert mine[1] == {"t": "remove", "piece": "algerian_troops", "space": "Medea"}


def test_card_49_factional_plot_evens_the_countries() -> None:
    _, mine, after, _ = play(49, {"Morocco": {"ug": 4}, "Tunisia": {"ug": 1}})
    assert mine[0] == EV_SHADED
    g = [after.spaces[c]["pieces"]["guerrillas_underground"] for c in ("Morocco", "Tunisia")]
    assert sorted(g) == [2, 3]


def test_card_49_already_even_then_operation() -> None:
    _, mine, _, trace = play(49, {"Morocco": {"ug": 2}, "Tunisia": {"ug": 1}})
    assert mine[0]["t"] == "op"


def test_card_51_stripey_hole_shaded_then_unshaded_then_operation() -> None:
    _, mine, after, _ = play(51, {"Medea": {"support": "support"}})
    assert mine[:2] == [EV_SHADED, {"t": "pick", "value": "Medea"}]
    assert pieces(after, "Medea") == {"ug": 2}
    # No Sector at Support (Algiers is a City): unshaded, in the highest-Population Sector with no
    # FLN Base – Bougie (Pop 2), not Tizi Ouzou (Pop 2, a Base) nor Tlemcen (Pop 1). The unshaded
    # text Activates every Guerrilla there and sets it to Oppose; then the Government is Second
    # Eligible after an Event (2.3.4).
    spaces = {"Algiers": {"support": "support"}, "Tizi Ouzou": {"fb": 1, "ug": 2},
              "Bougie": {"ug": 1}, "Tlemcen": {"ug": 1}}
    s = bot_position(spaces, card=51, others="oppose")
    assert bot_events.bot_side(s, 51) == "unshaded"
    for seed in (1, 2, 3):
        moves, _, trace = run(s, seed)
        mine = this_card(s, moves)
        assert mine == [EV_SINGLE, {"t": "pick", "value": "Bougie"}], texts(trace)
        after = engine.apply_all(s, mine)[0]
        assert pieces(after, "Bougie") == {"ag": 1}
        assert after.spaces["Bougie"]["support"] == "oppose"
        assert pieces(after, "Tizi Ouzou") == {"fb": 1, "ug": 2}
        assert after.spaces["Tizi Ouzou"]["support"] == "neutral"
        assert pieces(after, "Tlemcen") == {"ug": 1}
        assert after.spaces["Tlemcen"]["support"] == "neutral"
        assert after.sop["first_box"] == "event"
        assert after.pending[-1] == {"k": "eligible", "who": "gov", "role": "second",
                                     "options": ["op_plus_sa", "pass"]}
    # Every Populated Sector at Oppose and none at Support: neither text, an Operation instead.
    s = bot_position({"Medea": {"support": "oppose", "ug": 1}}, card=51, others="oppose")
    assert bot_events.bot_side(s, 51) is None
    mine = this_card(s, run(s)[0])
    assert mine[0]["t"] == "op"


def test_card_54_operation_744_empty_mountain_sector() -> None:
    _, mine, after, _ = play(54, {"Algiers": {"ft": 3}, "Batna": {"fb": 1, "ug": 1}})
    sector = mine[1]["value"]
    assert sector in bot_events.MOUNTAIN_POP0 and sector not in ("Batna",)
    assert all(n != "Batna" for n in engine.data.SPACES[sector].adjacent)
    assert pieces(after, sector) == {"ft": 3}


def test_card_60_soummam_never_two_bases_in_one_space() -> None:
    _, mine, after, _ = play(60, {"Medea": {"ug": 1}, "Batna": {"ug": 2}})
    assert mine == [EV_SHADED, {"t": "place", "space": "Batna", "source": "available"},
                    {"t": "place", "space": "Medea", "source": "available"}]


def test_card_30_change_in_tactics_removes_a_government_capability() -> None:
    _, mine, after, trace = play(30, {}, capabilities={"13": "unshaded", "17": "shaded"})
    assert mine == [EV_SINGLE, {"t": "pick", "value": 13}]
    assert after.cards["capabilities"] == {"17": "shaded"}
    assert "play die" not in trace


def test_coup_d_etat_choice_inside_any_decide() -> None:
    s = bot_position({}).copy()
    s.pending.append(engine.event_steps.pick("fln", "Coup d'Etat: remove 2 French Troops to Out of"
                                             " Play, or Commitment -2", ["troops", "commitment"],
                                             "choice", 1, 1))
    s.pending[-2]["x"] = {}
    s._legal = None
    moves, _, _ = run(s)
    assert moves[0] == {"t": "pick", "value": "commitment"}
