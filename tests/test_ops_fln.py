"""3.3 FLN Operations: Rally (3.3.1), March (3.3.2), Attack (3.3.3)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.data import MOROCCO_TUNISIA_INDEPENDENT
from engine.ops import op_frame
from engine.ops_fln import ANY_GROUP, NO_ACTIVATION, march_activates, march_activation_size
from engine.state import State
from tests.helpers import (
    EXTERNAL,
    box,
    illegal,
    pieces,
    play,
    position,
    set_available,
    spaces_offered,
)

UGP, AGP = "guerrillas_underground", "guerrillas_active"


def start(s: State, op: str, box_: str | None = None, free: bool = False) -> State:
    """The FLN (First Eligible) starts ``op``; ``box_`` forces a box (e.g. a Limited Operation),
    ``free`` a free Operation granted on top of the option prompt (5.5)."""
    s = s.copy()
    if free:
        s.pending.append(op_frame(op, "fln", None, None, free=True))
    elif box_ is not None:
        s.pending[-1] = op_frame(op, "fln", "first", box_)
    else:
        s = play(s, {"t": "op", "op": op})
    return s


# --- 3.3.1 Rally -----------------------------------------------------------------------------


def test_rally_locations() -> None:
    s = position(spaces={"Algiers": {"support": "support"}, "Oran": {"support": "oppose"}})
    s = start(s, "rally")
    offered = spaces_offered(s)
    # Every Sector, Cities not at Support, the independent Countries, the France Track.
    assert "Algiers" not in offered
    assert {"Oran", "Constantine", "Morocco", "Tunisia", "france_track", "Batna"} <= offered
    assert len(offered) == 30 - 1 + 1  # 30 spaces less Algiers, plus the France Track
    s = position(in_effect=[])  # Morocco and Tunisia not independent (5.1.8)
    s = start(s, "rally")
    assert not {"Morocco", "Tunisia"} & spaces_offered(s)


def test_rally_place_one_guerrilla() -> None:
    s = start(position(spaces={"Medea": {"ft": 2}}, resources=(10, 5)), "rally")
    s = play(s, {"t": "space", "space": "Medea"})
    # A selected space must take its action before anything else (no base, no Base to flip).
    assert engine.legal_moves(s) == [{"t": "place", "space": "Medea"}]
    illegal(s, {"t": "done"})
    s = play(s, {"t": "place", "space": "Medea"})
    assert {"t": "place", "space": "Medea"} not in engine.legal_moves(s)  # one only without a Base
    assert not any(m["t"] == "sa" for m in engine.legal_moves(s))  # no SA possible here
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ft": 2, "ug": 1}
    assert box(s, "available")["guerrillas"] == 29
    assert s.resources == {"gov": 10, "fln": 4}
    assert s.sop["first_box"] == "limited_op"


def test_rally_replace_two_guerrillas_with_base() -> None:
    s = start(position(spaces={"Medea": {"ug": 1, "ag": 2}}, resources=(10, 5)), "rally")
    s = play(s, {"t": "space", "space": "Medea"})
    assert engine.legal_moves(s) == [
        {"t": "place", "space": "Medea"},
        {"t": "base", "space": "Medea", "ug": 0},
        {"t": "base", "space": "Medea", "ug": 1},
    ]
    s = play(s, {"t": "base", "space": "Medea", "ug": 1}, {"t": "done"})
    assert pieces(s, "Medea") == {"ag": 1, "fb": 1}
    assert box(s, "available")["guerrillas"] == 30 - 3 + 2
    assert box(s, "available")["fln_bases"] == 14
    assert s.resources["fln"] == 4


def test_rally_base_stacking() -> None:
    s = position(spaces={"Medea": {"ug": 2, "fb": 1, "gb": 1}, "Morocco": {"ug": 2, "fb": 2},
                         "Tunisia": {"ug": 2, "fb": 2, "base_marker": True}})
    s = start(s, "rally")
    for n, ok in (("Medea", False), ("Morocco", False), ("Tunisia", True)):
        t = play(s, {"t": "space", "space": n})
        assert any(m["t"] == "base" for m in engine.legal_moves(t)) is ok, n
    t = play(s, {"t": "space", "space": "Tunisia"}, {"t": "base", "space": "Tunisia", "ug": 2})
    assert pieces(t, "Tunisia") == {"fb": 3}


def test_rally_base_from_map_when_none_available() -> None:
    s = position(spaces={"Medea": {"ug": 2}, "Batna": {"fb": 1}, "Morocco": {"fb": 1}})
    s = set_available(s, "fln_bases", 0)
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": "Medea"})
    assert [m for m in engine.legal_moves(s) if m["t"] == "base"] == [
        {"t": "base", "space": "Medea", "ug": 2, "from": "Batna"}]  # never from Morocco (1.4.1)
    s = play(s, {"t": "base", "space": "Medea", "ug": 2, "from": "Batna"})
    assert pieces(s, "Medea") == {"fb": 1}
    assert pieces(s, "Batna") == {}


def test_rally_with_base_places_up_to_population_plus_bases() -> None:
    s = position(spaces={"Medea": {"fb": 1, "ft": 1}, "Setif": {"fb": 2, "resettled": True}},
                 resources=(10, 5))
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": "Medea"})
    for _ in range(3):  # Pop 2 + 1 Base
        s = play(s, {"t": "place", "space": "Medea"})
    assert {"t": "place", "space": "Medea"} not in engine.legal_moves(s)
    assert pieces(s, "Medea") == {"ft": 1, "ug": 3, "fb": 1}
    # A Resettled Sector counts as Pop 0: 0 + 2 Bases.
    s = play(s, {"t": "space", "space": "Setif"}, {"t": "place", "space": "Setif"},
             {"t": "place", "space": "Setif"})
    assert {"t": "place", "space": "Setif"} not in engine.legal_moves(s)
    s = play(s, {"t": "done"}, {"t": "done"})
    assert pieces(s, "Setif") == {"ug": 2, "fb": 2}
    assert s.resources["fln"] == 3
    assert s.sop["first_box"] == "op_only"


def test_rally_selecting_another_space_ends_placement_in_the_previous_one() -> None:
    s = start(position(spaces={"Medea": {"fb": 1}}), "rally")
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"},
             {"t": "space", "space": "Batna"}, {"t": "place", "space": "Batna"})
    assert spaces_offered(s, "place") == set()


def test_rally_flip_all_underground_needs_a_base() -> None:
    s = position(spaces={"Medea": {"fb": 1, "ug": 1, "ag": 2}, "Batna": {"ag": 1}})
    s = start(s, "rally")
    t = play(s, {"t": "space", "space": "Batna"})
    assert {"t": "flip", "space": "Batna"} not in engine.legal_moves(t)
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "flip", "space": "Medea"})
    assert pieces(s, "Medea") == {"ug": 3, "fb": 1}
    assert spaces_offered(s, "place") == set()


def test_rally_france_track() -> None:
    s = position(resources=(10, 5), france_track="E")
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": "france_track"})
    assert s.france_track == "F"
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"},
             {"t": "done"}, {"t": "done"})
    assert s.resources["fln"] == 3
    assert s.sop["first_box"] == "op_only"  # 2.3.4 clarification: the Track is a location
    s = start(position(france_track="F"), "rally")
    assert "france_track" not in spaces_offered(s)


def test_rally_from_the_map_when_no_guerrilla_available() -> None:
    s = position(spaces={"Batna": {"ag": 1, "ug": 1}, "Morocco": {"ug": 3}, "Medea": {"ag": 1}})
    s = set_available(s, "guerrillas", 0)
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": "Medea"})
    assert engine.legal_moves(s) == [
        {"t": "place", "space": "Medea", "from": "Batna", "piece": AGP},
        {"t": "place", "space": "Medea", "from": "Batna", "piece": UGP},
    ]  # never from Morocco nor from Medea itself
    s = play(s, {"t": "place", "space": "Medea", "from": "Batna", "piece": AGP}, {"t": "done"})
    assert pieces(s, "Medea") == {"ag": 1, "ug": 1}  # placed Underground (1.4.3)
    assert pieces(s, "Batna") == {"ug": 1}
    # A space where nothing at all can be placed or done is not offered (no dead end).
    s = position(spaces={"Medea": {"ag": 1}})
    s = set_available(s, "guerrillas", 0)
    s = start(s, "rally")
    assert "Medea" not in spaces_offered(s)
    assert "Batna" in spaces_offered(s)


def test_free_rally_from_an_event_may_decline_when_only_the_map_could_supply() -> None:
    """1.4.1: a player placing its own forces "may take them from spaces elsewhere on the map if
    and only if the desired force type is not Available" – an option: a free Rally granted by an
    Event (5.5) whose every action needs a piece from the map may end with no location."""
    spaces = {"Medea": {"ug": 1}, "Bougie": {"ag": 1}}
    s = set_available(position(spaces=spaces, france_track="F"), "guerrillas", 0)
    s = start(s, "rally", free=True)
    assert spaces_offered(s) >= {"Medea", "Tlemcen"}  # selectable: a Guerrilla from the map
    assert {"t": "done"} in engine.legal_moves(s)
    s2 = play(s, {"t": "done"})
    assert pieces(s2, "Bougie") == {"ag": 1} and s2.pending[-1]["k"] == "eligible"
    # With a Guerrilla Available, or the France Track to shift, it must be carried out (5.1.3).
    t = start(position(spaces=spaces, france_track="F"), "rally", free=True)
    assert {"t": "done"} not in engine.legal_moves(t)
    t = start(set_available(position(spaces=spaces), "guerrillas", 0), "rally", free=True)
    assert {"t": "done"} not in engine.legal_moves(t)
    # A Base can be built without the map: no declining either.
    u = set_available(position(spaces={"Medea": {"ug": 2}}, france_track="F"), "guerrillas", 0)
    u = start(u, "rally", free=True)
    assert {"t": "done"} not in engine.legal_moves(u)
    # An Operation chosen on the player's own turn is not a free Rally from an Event.
    v = set_available(position(spaces=spaces, france_track="F"), "guerrillas", 0)
    assert {"t": "done"} not in engine.legal_moves(start(v, "rally"))


def test_rally_agitate() -> None:
    s = position(spaces={"Medea": {"fb": 1, "ft": 2, "terror": 1, "support": "support"}},
                 resources=(10, 4))
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"})
    s = play(s, {"t": "agitate", "space": "Medea"})  # Government Control, but an FLN Base
    assert s.spaces["Medea"]["terror"] == 0
    assert s.spaces["Medea"]["support"] == "support"
    # Agitation ends the placements and no other location may be selected now.
    assert engine.legal_moves(s) == [{"t": "agitate", "space": "Medea"}, {"t": "done"}]
    s = play(s, {"t": "agitate", "space": "Medea"})
    assert s.spaces["Medea"]["support"] == "neutral"
    assert engine.legal_moves(s) == [{"t": "done"}]  # one level only
    s = play(s, {"t": "done"})
    assert s.resources["fln"] == 1
    assert pieces(s, "Medea") == {"ft": 2, "ug": 1, "fb": 1}


def test_rally_agitate_conditions() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ft": 2}, "Tizi Ouzou": {"ug": 1, "support": "oppose"},
                         "Bougie": {"ug": 1, "terror": 1, "support": "oppose"},
                         "Batna": {"ug": 1, "fb": 1}, "Morocco": {"fb": 1}})
    s = start(s, "rally")
    for n in ("Medea", "Tizi Ouzou", "Bougie", "Batna", "Morocco"):
        s = play(s, {"t": "space", "space": n}, {"t": "place", "space": n})
    # Medea: Government Control; Tizi Ouzou: already at Oppose and no Terror; Batna: Pop 0 and no
    # Terror;
    # Morocco: a Country. Only Bougie (Terror marker to remove, FLN Control).
    assert spaces_offered(s, "agitate") == {"Bougie"}
    s = play(s, {"t": "agitate", "space": "Bougie"})
    assert s.spaces["Bougie"]["terror"] == 0
    assert spaces_offered(s, "agitate") == set()


@pytest.mark.parametrize("space,extra", [
    ("Batna", {}),                                  # printed Pop 0
    ("Tlemcen", {"resettled": True}),               # Resettled: Pop 0 (4.2.1)
])
def test_rally_agitate_removes_terror_in_a_pop_0_space_but_never_shifts_it(
        space: str, extra: dict[str, object]) -> None:
    """3.3.1: "Agitate (6.3.2) to remove any Terror marker or markers, and then to shift the space
    one level toward Opposition. The space must have an FLN Base or FLN Control." – no Population
    condition; 1.6.2: "Pop 0 Sectors are always Neutral", so only the shift is impossible."""
    s = position(spaces={space: {"ug": 1, "terror": 1, **extra}}, resources=(10, 5))
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": space}, {"t": "place", "space": space})
    assert spaces_offered(s, "agitate") == {space}
    s = play(s, {"t": "agitate", "space": space})
    assert s.spaces[space]["terror"] == 0 and s.spaces[space]["support"] == "neutral"
    assert s.resources["fln"] == 3  # 1 for the Rally space, 1 for the marker
    assert spaces_offered(s, "agitate") == set()  # no shift in a Pop 0 space


def test_rally_agitate_costs_even_when_free_and_needs_resources() -> None:
    s = position(spaces={"Medea": {"ug": 1}}, resources=(10, 1))
    s = start(s, "rally", free=True)
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"})
    assert s.resources["fln"] == 1  # the free Rally costs nothing (3.1.2)
    s = play(s, {"t": "agitate", "space": "Medea"})
    assert s.resources["fln"] == 0  # but Agitation does
    assert s.spaces["Medea"]["support"] == "oppose"
    s = position(spaces={"Medea": {"ug": 1}}, resources=(10, 0))
    s = start(s, "rally", free=True)
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"})
    assert spaces_offered(s, "agitate") == set()


def test_rally_limited_operation() -> None:
    s = position(spaces={"Medea": {"ug": 1, "terror": 1}}, resources=(10, 5))
    s = start(s, "rally", box_="limited_op")
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"})
    assert spaces_offered(s) == set()  # one location only (2.3.4)
    assert {"t": "sa", "sa": "extort"} not in engine.legal_moves(s)
    s = play(s, {"t": "agitate", "space": "Medea"}, {"t": "agitate", "space": "Medea"})  # 3.3.1
    s = play(s, {"t": "done"})
    assert s.spaces["Medea"]["support"] == "oppose" and s.spaces["Medea"]["terror"] == 0
    assert s.resources["fln"] == 2


def test_rally_pause_to_extort_at_zero_resources() -> None:
    # 4.1 example: Rally until 0 Resources, Extort, continue Rallying.
    s = position(spaces={"Medea": {"ug": 2}}, resources=(10, 1))
    s = start(s, "rally")
    s = play(s, {"t": "space", "space": "Batna"}, {"t": "place", "space": "Batna"})
    assert s.resources["fln"] == 0 and spaces_offered(s) == set()
    s = play(s, {"t": "sa", "sa": "extort"}, {"t": "space", "space": "Medea"}, {"t": "done"})
    s = play(s, {"t": "space", "space": "Setif"}, {"t": "place", "space": "Setif"}, {"t": "done"})
    assert s.resources["fln"] == 0
    assert pieces(s, "Medea") == {"ug": 1, "ag": 1}
    assert pieces(s, "Setif") == {"ug": 1} and pieces(s, "Batna") == {"ug": 1}
    assert s.sop["first_box"] == "op_plus_sa"


def test_rally_start_at_zero_resources_only_via_extort() -> None:
    s = position(spaces={"Batna": {"ug": 2}}, resources=(10, 0))
    assert {"t": "op", "op": "rally"} not in engine.legal_moves(s)  # Batna is Pop 0: no Extort
    s = position(spaces={"Medea": {"ug": 2}}, resources=(10, 0))
    s = play(s, {"t": "op", "op": "rally"})
    assert engine.legal_moves(s) == [{"t": "sa", "sa": "extort"}]


# --- 3.3.2 March -----------------------------------------------------------------------------


def march(s: State, a: str, b: str, ug: int = 0, ag: int = 0) -> State:
    s = play(s, {"t": "group", "from": a, "to": b})
    s = play(s, *([{"t": "add", "piece": UGP}] * ug + [{"t": "add", "piece": AGP}] * ag))
    return play(s, {"t": "go"})


def test_march_example_saida_sidi_bel_abbes() -> None:
    """3.3.2 first example."""
    base = position(spaces={"Saida": {"ug": 2}, "Sidi Bel Abbes": {"fp": 2, "support": "support"}},
                    resources=(10, 5))
    s = march(start(base, "march"), "Saida", "Sidi Bel Abbes", ug=2)
    assert pieces(s, "Sidi Bel Abbes") == {"fp": 2, "ag": 2}  # 2 + 2 > 3 at Support
    assert s.resources["fln"] == 4
    # Same Wilaya (V): the group may continue, into Oran (a City of Wilaya V) or Mostaganem.
    dests = {m["to"] for m in engine.legal_moves(s) if m["t"] == "group"}
    assert {"Oran", "Mostaganem"} <= dests
    t = march(s, "Sidi Bel Abbes", "Oran", ag=2)
    t = play(t, {"t": "done"})
    assert pieces(t, "Oran") == {"ag": 2}
    assert pieces(t, "Sidi Bel Abbes") == {"fp": 2}
    assert t.resources["fln"] == 3
    assert t.sop["first_box"] == "op_only"
    t = march(s, "Sidi Bel Abbes", "Mostaganem", ag=2)
    assert pieces(t, "Mostaganem") == {"ag": 2}
    assert t.resources["fln"] == 3


def test_march_example_morocco_mecheria() -> None:
    """3.3.2 second example: crossing the international border with Border Zone 1."""
    base = position(spaces={"Morocco": {"ug": 2}, "Mecheria": {"fp": 1}}, resources=(10, 5),
                    border_zone=1)
    s = march(start(base, "march"), "Morocco", "Mecheria", ug=2)
    assert pieces(s, "Mecheria") == {"fp": 1, "ag": 2}  # 2 + 1 Police + 1 Border Zone = 4 > 3
    assert not any(m["t"] == "group" and m["from"] == "Mecheria" for m in engine.legal_moves(s))
    s = march(start(base, "march"), "Morocco", "Mecheria", ug=1)
    assert pieces(s, "Mecheria") == {"fp": 1, "ug": 1}  # 3 is not more than three
    assert pieces(s, "Morocco") == {"ug": 1}
    assert not any(m["t"] == "group" and m["from"] == "Mecheria" for m in engine.legal_moves(s))
    assert s.resources["fln"] == 4


def test_march_into_a_country_crosses_the_border() -> None:
    s = position(spaces={"Tlemcen": {"ug": 2}}, border_zone=2)
    s = march(start(s, "march"), "Tlemcen", "Morocco", ug=2)
    assert pieces(s, "Morocco") == {"ag": 2}  # 2 + 0 cubes + Border Zone 2 > 3
    assert not any(m["t"] == "group" and m["from"] == "Morocco" for m in engine.legal_moves(s))
    s = position(spaces={"Tlemcen": {"ug": 2}}, in_effect=[])
    s = start(s, "march")
    assert {m["to"] for m in engine.legal_moves(s) if m["t"] == "group"} == {
        "Mecheria", "Sidi Bel Abbes", "Saida"}


def test_march_wilaya_border_stops_the_group() -> None:
    s = position(spaces={"Medea": {"ug": 1}, "Tizi Ouzou": {"ag": 1}})
    s = march(start(s, "march"), "Medea", "Tizi Ouzou", ug=1)  # Wilaya IV -> III
    assert pieces(s, "Tizi Ouzou") == {"ug": 1, "ag": 1}
    s = play(s, {"t": "group", "from": "Tizi Ouzou", "to": "Bougie"})
    # Only the Guerrilla that has not marched may leave Tizi Ouzou.
    assert engine.legal_moves(s) == [{"t": "add", "piece": AGP}]
    illegal(s, {"t": "add", "piece": UGP})
    s = play(s, {"t": "add", "piece": AGP}, {"t": "go"}, {"t": "done"})
    assert pieces(s, "Bougie") == {"ag": 1} and pieces(s, "Tizi Ouzou") == {"ug": 1}
    assert s.resources["fln"] == 18


def test_march_activation_needs_support_or_border() -> None:
    s = position(spaces={"Medea": {"ug": 3}, "Orleansville": {"ft": 3}})
    s = march(start(s, "march"), "Medea", "Orleansville", ug=3)
    assert pieces(s, "Orleansville") == {"ft": 3, "ug": 3}  # Neutral: never Activated
    s = position(spaces={"Medea": {"ug": 2}, "Orleansville": {"ft": 1, "support": "support"}})
    s = march(start(s, "march"), "Medea", "Orleansville", ug=2)
    assert pieces(s, "Orleansville") == {"ft": 1, "ug": 2}  # 3 is not more than three


@pytest.mark.parametrize("spaces, border_zone, momentum, a, b, size", [
    ({"Orleansville": {"ft": 3}}, None, False, "Medea", "Orleansville", NO_ACTIVATION),  # Neutral
    ({"Orleansville": {"ft": 1, "support": "support"}}, None, False, "Medea", "Orleansville", 3),
    ({"Orleansville": {"ft": 5, "support": "support"}}, None, False, "Medea", "Orleansville", -1),
    ({"Tlemcen": {"ft": 1}}, 2, False, "Morocco", "Tlemcen", 1),  # across the border: + Zone
    ({"Morocco": {}}, 0, False, "Tlemcen", "Morocco", 4),
    ({"Algiers": {"ft": 2, "ap": 1}}, None, True, "Medea", "Algiers", ANY_GROUP),  # Momentum #53
    ({"Algiers": {"ft": 2}}, None, True, "Medea", "Algiers", NO_ACTIVATION),  # 2 cubes, Neutral
])
def test_march_activation_size_is_the_smallest_group_activated(
        spaces: dict[str, dict[str, Any]], border_zone: int | None, momentum: bool, a: str,
        b: str, size: int) -> None:
    """3.3.2: the smallest group Activated moving from ``a`` into ``b``, and ``march_activates``
    for every group size around it."""
    in_effect = [MOROCCO_TUNISIA_INDEPENDENT] if border_zone is not None else []
    s = position(spaces=spaces, border_zone=border_zone, in_effect=in_effect)
    if momentum:
        s.cards["momentum"].append({"card": 53, "side": "unshaded"})  # Population Control
    assert march_activation_size(s, a, b) == size
    for group in range(1, 9):
        assert march_activates(s, a, b, group) == (group >= size)


def test_march_one_group_per_origin_and_destination_and_one_payment_per_destination() -> None:
    s = position(spaces={"Medea": {"ug": 2}, "Algiers": {"ug": 1}, "Tizi Ouzou": {"ug": 1}},
                 resources=(10, 5))
    s = start(s, "march")
    s = march(s, "Medea", "Orleansville", ug=1)
    assert {"t": "group", "from": "Medea", "to": "Orleansville"} not in engine.legal_moves(s)
    illegal(s, {"t": "group", "from": "Medea", "to": "Orleansville"})
    s = march(s, "Algiers", "Medea", ug=1)
    s = march(s, "Tizi Ouzou", "Medea", ug=1)  # second group into Medea: no second payment
    assert s.resources["fln"] == 3
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 3} and pieces(s, "Orleansville") == {"ug": 1}
    assert s.resources["fln"] == 3


def test_march_group_formation_is_atomic() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ag": 1}})
    s = start(s, "march")
    illegal(s, {"t": "group", "from": "Medea", "to": "Oran"})  # not adjacent
    s = play(s, {"t": "group", "from": "Medea", "to": "Algiers"})
    assert engine.legal_moves(s) == [{"t": "add", "piece": UGP}, {"t": "add", "piece": AGP}]
    illegal(s, {"t": "go"})  # empty group
    s = play(s, {"t": "add", "piece": UGP})
    illegal(s, {"t": "done"})
    illegal(s, {"t": "add", "piece": UGP})
    assert {"t": "sa", "sa": "extort"} not in engine.legal_moves(s)
    s = play(s, {"t": "go"})
    assert pieces(s, "Algiers") == {"ug": 1} and pieces(s, "Medea") == {"ag": 1}


def test_march_continuation_into_a_paid_destination_is_free() -> None:
    s = position(spaces={"Algiers": {"ug": 1}, "Ain Oussera": {"ug": 1}}, resources=(10, 2))
    s = start(s, "march")
    s = march(s, "Algiers", "Medea", ug=1)
    s = march(s, "Ain Oussera", "Sidi Aissa", ug=1)
    assert s.resources["fln"] == 0
    # At 0 Resources only moves into an already paid destination remain.
    assert [m for m in engine.legal_moves(s) if m["t"] == "group"] == [
        {"t": "group", "from": "Medea", "to": "Sidi Aissa"},
        {"t": "group", "from": "Sidi Aissa", "to": "Medea"}]
    s = march(s, "Sidi Aissa", "Medea", ug=1)  # Wilaya VI -> IV: this one stops there
    assert [m for m in engine.legal_moves(s) if m["t"] == "group"] == [
        {"t": "group", "from": "Medea", "to": "Sidi Aissa"}]
    s = play(s, {"t": "group", "from": "Medea", "to": "Sidi Aissa"})
    assert engine.legal_moves(s) == [{"t": "add", "piece": UGP}]  # one may still move
    s = play(s, {"t": "add", "piece": UGP})
    assert engine.legal_moves(s) == [{"t": "go"}]
    s = play(s, {"t": "go"}, {"t": "done"})
    assert engine.legal_moves(s) == [{"t": "sa", "sa": "extort"}, {"t": "done"}]  # 4.1: after
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 1} and pieces(s, "Sidi Aissa") == {"ug": 1}
    assert s.resources["fln"] == 0
    assert s.sop["first_box"] == "op_only"


def test_march_limited_operation_single_destination_no_continuation() -> None:
    s = position(spaces={"Medea": {"ug": 2}, "Mostaganem": {"ug": 1}, "Tiaret": {"ag": 1}},
                 resources=(10, 5))
    s = start(s, "march", box_="limited_op")
    s = march(s, "Medea", "Orleansville", ug=2)
    dests = {(m["from"], m["to"]) for m in engine.legal_moves(s) if m["t"] == "group"}
    assert dests == {("Mostaganem", "Orleansville"), ("Tiaret", "Orleansville")}
    s = march(s, "Tiaret", "Orleansville", ag=1)
    s = play(s, {"t": "done"})
    assert pieces(s, "Orleansville") == {"ug": 2, "ag": 1}
    assert s.resources["fln"] == 4


def test_march_extort_flips_a_guerrilla_that_finished_marching_first() -> None:
    s = position(spaces={"Tizi Ouzou": {"ug": 1}, "Medea": {"ug": 1}})
    s = start(s, "march")
    s = march(s, "Tizi Ouzou", "Medea", ug=1)  # crossed into Wilaya IV: stops
    s = play(s, {"t": "sa", "sa": "extort"}, {"t": "space", "space": "Medea"}, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 1, "ag": 1}
    s = play(s, {"t": "group", "from": "Medea", "to": "Algiers"})
    assert engine.legal_moves(s) == [{"t": "add", "piece": UGP}]


# --- 3.3.3 Attack ----------------------------------------------------------------------------


def attack(s: State, n: str, roll: int) -> State:
    return play(s, {"t": "space", "space": n}, {"t": "roll", "value": roll})


def test_attack_targets_and_roll_is_chance() -> None:
    s = position(spaces={"Medea": {"ug": 1, "fp": 1}, "Batna": {"ug": 1}, "Setif": {"fp": 1}},
                 options=EXTERNAL)
    s = start(s, "attack")
    assert spaces_offered(s) == {"Medea"}
    s = play(s, {"t": "space", "space": "Medea"})
    assert engine.to_move(s) == "chance"
    assert engine.legal_moves(s) == [{"t": "roll", "value": v} for v in range(1, 7)]
    assert pieces(s, "Medea") == {"fp": 1, "ag": 1}  # Activated before the roll


def test_attack_failure() -> None:
    s = position(spaces={"Medea": {"ug": 2, "fp": 1}}, resources=(10, 5), options=EXTERNAL)
    s = attack(start(s, "attack"), "Medea", 3)
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"fp": 1, "ag": 2}
    assert s.resources["fln"] == 4
    assert box(s, "casualties") == {}


def test_attack_success_police_first_with_attrition() -> None:
    s = position(spaces={"Medea": {"ug": 3, "fp": 1, "ap": 1, "ft": 1}}, resources=(10, 5),
                 options=EXTERNAL)
    s = attack(start(s, "attack"), "Medea", 3)
    # Both Police go (no choice needed), one French piece: one Guerrilla to Available.
    assert pieces(s, "Medea") == {"ft": 1, "ag": 2}
    assert box(s, "casualties") == {"french_police": 1, "algerian_police": 1}
    assert box(s, "available")["guerrillas"] == 27 + 1
    s = play(s, {"t": "done"})
    assert s.commitment == 20
    assert s.resources["fln"] == 4


def test_attack_french_or_algerian_is_the_fln_choice() -> None:
    s = position(spaces={"Medea": {"ug": 2, "fp": 2, "ap": 1}}, options=EXTERNAL)
    s = attack(start(s, "attack"), "Medea", 2)
    assert engine.legal_moves(s) == [
        {"t": "remove", "space": "Medea", "piece": "french_police"},
        {"t": "remove", "space": "Medea", "piece": "algerian_police"},
    ]
    illegal(s, {"t": "done"})
    illegal(s, {"t": "remove", "space": "Medea", "piece": "french_troops"})
    s = play(s, {"t": "remove", "space": "Medea", "piece": "algerian_police"})
    # Second removal forced (only French Police left); one French piece: one Attrition.
    assert pieces(s, "Medea") == {"fp": 1, "ag": 1}
    assert box(s, "casualties") == {"french_police": 1, "algerian_police": 1}


def test_attack_attrition_alternates_available_casualties() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ag": 2, "ft": 2}}, options=EXTERNAL)
    s = attack(start(s, "attack"), "Medea", 2)
    assert pieces(s, "Medea") == {"ag": 1}
    assert box(s, "casualties") == {"french_troops": 2, "guerrillas": 1}
    assert box(s, "available")["guerrillas"] == 27 + 1


def test_attack_bases_last_and_commitment() -> None:
    s = position(spaces={"Medea": {"ug": 3, "at": 1, "gb": 2}}, options=EXTERNAL, commitment=10)
    s = attack(start(s, "attack"), "Medea", 3)
    assert pieces(s, "Medea") == {"gb": 1, "ag": 2}  # Troops before Bases
    assert s.commitment == 9
    assert box(s, "casualties") == {"algerian_troops": 1, "gov_bases": 1}
    assert box(s, "available")["guerrillas"] == 27 + 1  # the Base is French: Attrition


def test_attack_algerian_pieces_no_attrition() -> None:
    s = position(spaces={"Medea": {"ug": 2, "at": 1, "ap": 1}}, options=EXTERNAL)
    s = attack(start(s, "attack"), "Medea", 2)
    assert pieces(s, "Medea") == {"ag": 2}
    assert box(s, "casualties") == {"algerian_troops": 1, "algerian_police": 1}


def test_attack_captured_goods() -> None:
    s = position(spaces={"Medea": {"ag": 1, "at": 1, "ft": 1}}, options=EXTERNAL)
    s = attack(start(s, "attack"), "Medea", 1)
    # Success (1 <= 1): Algerian Troops and French Troops removed, Attrition removes the
    # only Guerrilla, then Captured goods places an Underground one.
    assert pieces(s, "Medea") == {"ug": 1}
    assert box(s, "casualties") == {"algerian_troops": 1, "french_troops": 1}
    assert box(s, "available")["guerrillas"] == 29 + 1 - 1


def test_attack_captured_goods_from_the_map_or_decline() -> None:
    s = position(spaces={"Medea": {"ug": 1, "at": 2}, "Batna": {"ug": 1}, "Morocco": {"ug": 1}},
                 options=EXTERNAL)
    s = set_available(s, "guerrillas", 0)
    s = attack(start(s, "attack"), "Medea", 1)
    assert engine.legal_moves(s) == [
        {"t": "place", "space": "Medea", "from": "Batna", "piece": UGP}, {"t": "decline"}]
    illegal(s, {"t": "done"})
    t = play(s, {"t": "place", "space": "Medea", "from": "Batna", "piece": UGP})
    assert pieces(t, "Medea") == {"ug": 1, "ag": 1} and pieces(t, "Batna") == {}
    t = play(s, {"t": "decline"})
    assert pieces(t, "Medea") == {"ag": 1} and pieces(t, "Batna") == {"ug": 1}
    assert {"t": "done"} in engine.legal_moves(t)


def test_attack_several_spaces_and_limited_op() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 1}, "Batna": {"ag": 1, "ap": 1}},
                 resources=(10, 5), options=EXTERNAL)
    t = attack(start(s, "attack"), "Medea", 1)
    t = attack(t, "Batna", 6)
    t = play(t, {"t": "done"}, {"t": "done"})
    assert pieces(t, "Medea") == {"ag": 1, "ug": 1} and pieces(t, "Batna") == {"ag": 1, "ap": 1}
    assert t.resources["fln"] == 3
    assert t.sop["first_box"] == "op_only"
    t = attack(start(s, "attack", box_="limited_op"), "Medea", 6)
    assert spaces_offered(t) == set()
    assert engine.legal_moves(t) == [{"t": "done"}]


def test_attack_managed_chance_resolves_the_roll() -> None:
    s = position(spaces={"Medea": {"ug": 6, "ap": 1}})
    s = play(start(s, "attack"), {"t": "space", "space": "Medea"})
    assert engine.to_move(s) == "fln"
    assert pieces(s, "Medea") in ({"ag": 6}, {"ag": 6, "ug": 1})  # 6 Guerrillas always succeed


# --- a random walk from the Short scenario ---------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_legal_moves_never_crash(seed: int) -> None:
    from engine.playout import invariants

    chooser = random.Random(seed)
    s = engine.new_game("short", seed)
    for _ in range(600):
        ms = engine.legal_moves(s)
        if not ms:
            break
        # Prefer FLN Operations so that they are exercised often.
        ops = [m for m in ms if m["t"] == "op" and m["op"] in ("rally", "march", "attack")]
        m = chooser.choice(ops) if ops and chooser.random() < 0.8 else chooser.choice(ms)
        s, _ = engine.apply(s, m)
        assert invariants(s) == []
        assert engine.to_json(engine.from_json(engine.to_json(s))) == engine.to_json(s)
