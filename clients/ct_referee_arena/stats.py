"""Results: win rates with Wilson score intervals, and OpenSkill ratings per side.

Colonial Twilight and Algeria are asymmetric, so an agent has two ratings in each game, one as
the Government and one as the FLN; a game rates the Government agent's ``gov`` rating in that
game against the FLN agent's ``fln`` rating (OpenSkill's Plackett-Luce model, two one-player
teams). A game's ``game`` (absent: Colonial Twilight) keeps the two games' ratings apart. Games are rated in the ladder's
schedule order, whatever order they finished in, so a resumed or parallel ladder rates exactly
like an uninterrupted serial one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from openskill.models import PlackettLuce

from referee_core.stats import wilson

from .games import DEFAULT, seat

INITIAL_ORDINAL = PlackettLuce().rating().ordinal()  # every rating starts here (mu 25, sigma 25/3)


@dataclass
class Tally:
    """One pairing (Government agent, FLN agent, scenario)."""

    gov: str
    fln: str
    scenario: str
    games: int = 0
    gov_wins: int = 0
    forfeits: dict[str, int] = field(default_factory=lambda: {"gov": 0, "fln": 0})
    draws: int = 0   # INSURGENT's games may end in a draw

    @property
    def fln_wins(self) -> int:
        return self.games - self.gov_wins - self.draws

    def interval(self, side: str) -> tuple[float, float]:
        return wilson(self.gov_wins if side == "gov" else self.fln_wins, self.games)


def tallies(games: Iterable[dict[str, Any]]) -> list[Tally]:
    """Per pairing, from games with ``gov``, ``fln``, ``scenario``, ``winner``, ``forfeit_side``
    (sides as ``game`` names them, counted by the pairing's seat: games.seat)."""
    by: dict[tuple[str, str, str], Tally] = {}
    for g in games:
        of = g.get("game") or DEFAULT
        key = (g["gov"], g["fln"], g["scenario"])
        t = by.setdefault(key, Tally(*key))
        t.games += 1
        won = seat(of, g["winner"])
        t.gov_wins += won == "gov"
        t.draws += won is None
        forfeited = seat(of, g.get("forfeit_side"))
        if forfeited:
            t.forfeits[forfeited] += 1
    return list(by.values())


@dataclass
class Rating:
    agent: str
    side: str
    mu: float
    sigma: float
    games: int
    game: str = DEFAULT

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the conservative estimate a ladder ranks by."""
        return self.mu - 3 * self.sigma


def ratings(games: Iterable[dict[str, Any]]) -> tuple[list[Rating], list[dict[str, Any]]]:
    """The ratings after ``games`` (in order), best first, and their history: after each game,
    the two ratings it changed (``game`` its number, ``of`` the game it is of, ``agent``,
    ``side``, ``mu``, ``sigma``, ``ordinal``)."""
    model = PlackettLuce()
    current: dict[tuple[str, str, str], Any] = {}
    played: dict[tuple[str, str, str], int] = {}
    history: list[dict[str, Any]] = []
    for n, g in enumerate(games, 1):
        of = g.get("game") or DEFAULT
        keys = [(of, g["gov"], "gov"), (of, g["fln"], "fln")]
        teams = [[current.get(k) or model.rating(name=f"{k[1]}/{k[2]}")] for k in keys]
        won = seat(of, g["winner"])
        ranks = [0.0, 0.0] if won is None else [0.0, 1.0] if won == "gov" else [1.0, 0.0]
        rated = model.rate(teams, ranks=ranks)
        for k, [r] in zip(keys, rated):
            current[k] = r
            played[k] = played.get(k, 0) + 1
            history.append({"game": n, "of": of, "agent": k[1], "side": k[2], "mu": r.mu,
                            "sigma": r.sigma, "ordinal": r.ordinal()})
    out = [Rating(a, s, r.mu, r.sigma, played[(of, a, s)], of)
           for (of, a, s), r in current.items()]
    out.sort(key=lambda r: (r.game, r.side, -r.ordinal, r.agent))
    return out, history
