"""The decision machine's behaviour, pinned: seeded Colonial Twilight games traced decision by
decision (tests/machine_trace.py: actors, prompts, legal moves, logs, the errors of illegal and
malformed moves, states read back from their text, the last state) and hashed. The digests were
taken before both games were put on the one driver of referee_core.decisions; retaken (``python -m
tests.machine_trace``) when the Redeploy offered ``deselect`` and ``done`` with a piece selected and
illegal Pivotal Event and Propaganda Round moves came to name their conditions. Any change to what
the machine does for Colonial Twilight shows here."""

from __future__ import annotations

import pytest

from tests.machine_trace import CASES, trace

EXPECTED = {
    "ct/short/1/managed/5000":
        "8bd63fb6ec0791a24153ed7504a49eca32117ac3c571974ca39faad189476d0b",
    "ct/short/2/managed/5000":
        "7c5379a25eabc0428cbc5c46a80150bfa85e2870d6fb4240180a05489316d355",
    "ct/medium/3/managed/1500":
        "96ed2ea5c177a75aba69d238e7480eb541805143e1be22325919e31a42a1edfe",
    "ct/short/4/external/1500":
        "2eeefe8d4756559fe42a2d8382994464598730b3f358632ecc5aa86ef2394200",
    "ct/full/5/external/800":
        "84f18b016cb0489319b4e40c825299854a0f74b8155bf262cfc7daa2fa0dfcbb",
    "ct/short/6/managed/5000":
        "145d3503db86388cdc00eb4bd851737d3f2dfd85a65d3670b8881dcfebf16e94",
    "ct/medium/7/external/5000":
        "0db8795e0a51bb918c6e6209348e91ddc99c457e9be7dbb97671deb36bfdb14a",
    "ct/full/8/managed/1500":
        "5a4c6874033651a8cd037424d498742fd3f90794deb438bd644e7829e2e1aa30",
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: "/".join(map(str, c)))
def test_trace_digest_unchanged(case: tuple[str, str, int, str, int]) -> None:
    assert trace(*case) == EXPECTED["/".join(map(str, case))]
