"""Self-play of the Solo Variant: a random FLN against the French automaton, every invariant
checked before every move (insurgent.bots.selfplay: the playout invariants, each decision of the
automaton replayed through the engine to the state it returned, one trace entry naming the
deciding priority per move, no French hand). A sample here; ``--long`` plays 1,000 games."""

from __future__ import annotations

from insurgent.bots import selfplay
from tests.long import sized

GAMES = sized(12, 1000)


def test_random_fln_against_the_automaton_keeps_every_invariant() -> None:
    tally, _ = selfplay.run(10_000, GAMES)
    assert len(tally.ends) == GAMES
    results = [s.result for s in tally.ends]
    assert all(r is not None for r in results)
    line = selfplay.summary(tally, 0.0)
    assert line.startswith(f"games={GAMES} violations=0")
    # the automaton's end (its deck runs out) and domination both occur in the sample
    assert {r["by"] for r in results if r is not None} >= {"domination", "french_deck"}


def test_the_same_seed_plays_the_same_solo_game() -> None:
    a, b = selfplay.Tally(), selfplay.Tally()
    sa, sb = selfplay.play(3, a), selfplay.play(3, b)
    assert sa.to_data() == sb.to_data() and a.decisions == b.decisions
