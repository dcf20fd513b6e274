"""Chapter 7: Victory – checks during Propaganda Rounds (7.2), margins after the final round
(7.3), ties to the FLN (7.1), the Victory Deception option (7.3) and the one-player victory
(8.6, used when ``options["fln_bot"]``).

Deception markers (``State.deception``, plain JSON data; ``None`` when the option is off)::

    {"gov": {"held": ["empty_threat", "hidden_agenda"], "used": []},
     "fln": {"held": ["hidden_asset", "hidden_asset"], "used": []}}

``held`` lists the markers a player drew and still holds (sorted; hidden from the other side by
``engine.view``), ``used`` the markers it has revealed and discarded (a spent Hidden Asset). The two
markers nobody drew are set aside and never inspected, so they are not kept in the state.
"""

from __future__ import annotations

from typing import Any

from referee_core import rng

from .board import Scores, scores
from .data import FLN_THRESHOLD, GOV_THRESHOLD
from .machine import Log, emit
from .state import State

EMPTY_THREAT, HIDDEN_AGENDA, HIDDEN_ASSET = "empty_threat", "hidden_agenda", "hidden_asset"
DECEPTION_MARKERS: tuple[str, ...] = (EMPTY_THREAT, EMPTY_THREAT, HIDDEN_AGENDA, HIDDEN_AGENDA,
                                      HIDDEN_ASSET, HIDDEN_ASSET)
"""The marker mix (7.3 does not print it): two of each kind, six in all (interpretation)."""

NEGOTIATED_FUTURE, VIVE_LA_FRANCE = "Negotiated Future", "Vive la France!"  # 8.6


def winner_by_margin(m: dict[str, int]) -> str:
    """7.1: the higher victory margin wins; ties go to the FLN."""
    return "gov" if m["gov"] > m["fln"] else "fln"


# --- Deception option (7.3) ----------------------------------------------------------------


def deal_deception(s: State) -> None:
    """7.3 Victory Deception option: each player blindly draws two of the six markers (the
    Government draws first), from the state's generator (the option needs managed chance:
    ``scenarios.check_options``)."""
    pool = rng.shuffle(s.rng, list(DECEPTION_MARKERS))
    s.deception = {"gov": {"held": sorted(pool[0:2]), "used": []},
                   "fln": {"held": sorted(pool[2:4]), "used": []}}


def holds(s: State, who: str, marker: str) -> bool:
    """Does ``who`` hold (an unused) Deception ``marker``?"""
    return s.deception is not None and marker in s.deception[who]["held"]


def use_hidden_asset(s: State, who: str, log: Log) -> None:
    """7.3 Hidden Asset: reveal and discard the marker (the caller converts the Limited Op option
    into a full Operation and Special Activity, the cylinder staying in the Limited Op box)."""
    assert s.deception is not None and holds(s, who, HIDDEN_ASSET)
    s.deception[who]["held"].remove(HIDDEN_ASSET)
    s.deception[who]["used"].append(HIDDEN_ASSET)
    emit(log, "7.3", f"{who} reveals a Hidden Asset: the Limited Op becomes an Op + Special"
         " Activity", actor=who, deception=HIDDEN_ASSET)


def hidden_agenda_bonus(s: State) -> dict[str, int]:
    """7.3 Hidden Agenda: +1 to the holder's victory margin per marker held."""
    if s.deception is None:
        return {"gov": 0, "fln": 0}
    return {w: s.deception[w]["held"].count(HIDDEN_AGENDA) for w in ("gov", "fln")}


def final_margins(s: State, sc: Scores) -> dict[str, int]:
    """7.3 victory margins with the Hidden Agenda bonus: the margins that rank the players (7.1)."""
    m = sc.margins
    bonus = hidden_agenda_bonus(s)
    return {w: m[w] + bonus[w] for w in ("gov", "fln")}


# --- Victory Phase (6.1, 7.2, 8.6) ---------------------------------------------------------


def conditions_met(sc: Scores) -> dict[str, bool]:
    """7.2: Government – Total Support + Commitment exceeds 35; FLN – Total Opposition + FLN Bases
    on the map exceeds 30."""
    return {"gov": sc.gov > GOV_THRESHOLD, "fln": sc.fln > FLN_THRESHOLD}


def victory_check(s: State) -> dict[str, Any] | None:
    """6.1/7.2 Victory Phase: the result if the game ends now, else None. Both met: the higher
    margin (with Hidden Agenda, 7.1) wins, ties to the FLN. One-player game (8.6): it ends only if
    the non-player FLN has a positive margin, and then the FLN wins."""
    sc = scores(s)
    met = conditions_met(sc)
    if s.options.get("fln_bot"):
        if not met["fln"]:
            return None
        winner = "fln"
    elif not (met["gov"] or met["fln"]):
        return None
    elif met["gov"] and met["fln"]:
        winner = winner_by_margin(final_margins(s, sc))
    else:
        winner = "gov" if met["gov"] else "fln"
    result = _base_result(s, sc, "victory phase (7.2)")
    result["winner"] = winner
    result["met"] = met
    return result


# --- End of game (2.4.1, 7.3, 8.6) ---------------------------------------------------------


def _base_result(s: State, sc: Scores, reason: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "margins": final_margins(s, sc), "reason": reason, "gov_score": sc.gov,
        "fln_score": sc.fln, "round": s.cards.get("rounds", 0),
    }
    if s.deception is not None:  # revealed at game end (7.3)
        result["deception"] = {w: sorted(s.deception[w]["held"] + s.deception[w]["used"])
                               for w in ("gov", "fln")}
    return result


def final_result(s: State, reason: str) -> dict[str, Any]:
    """7.3: after the final Propaganda card, the higher margin wins (ties to the FLN, 7.1); the
    margins include Hidden Agenda markers. One-player game (8.6): the Government wins only with the
    higher margin, graded by the difference: 5 or less "Negotiated Future", 6 or more "Vive la
    France!"."""
    result = _base_result(s, scores(s), reason)
    m = result["margins"]
    result["winner"] = winner_by_margin(m)
    if s.options.get("fln_bot") and result["winner"] == "gov":
        diff = m["gov"] - m["fln"]
        result["difference"] = diff
        result["grade"] = NEGOTIATED_FUTURE if diff <= 5 else VIVE_LA_FRANCE
    return result


def end_game(s: State, log: Log, reason: str) -> None:
    """7.3: the game is over (the final Propaganda card, or the deck exhausted): the final result
    replaces every pending decision."""
    s.result = final_result(s, reason)
    s.pending.clear()
    emit(log, "7.3", f"game over: {reason}", result=s.result)
