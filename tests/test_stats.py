"""The Wilson score interval that self-play and the arena report."""

from referee_core.stats import wilson


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)
