"""The decision machine's behaviour, pinned: seeded Colonial Twilight games traced decision by
decision (tests/machine_trace.py: actors, prompts, legal moves, logs, the errors of illegal and
malformed moves, states read back from their text, the last state) and hashed. The digests were
taken before both games were put on the one driver of referee_core.decisions; retaken (``python -m
tests.machine_trace``) when the Redeploy offered ``deselect`` and ``done`` with a piece selected and
illegal Pivotal Event and Propaganda Round moves came to name their conditions; retaken again
when each Operation stage got its own prompt and the texts stopped showing internal keys (same
moves and final states, other words). Any change to what the machine does for Colonial Twilight
shows here."""

from __future__ import annotations

import pytest

from tests.machine_trace import CASES, trace

EXPECTED = {
    "ct/short/1/managed/5000":
        "6b6c94e72c08bc40d7c655bee29fc8ee0f969b6dbeb4ae3d38d5834083df66c3",
    "ct/short/2/managed/5000":
        "e7171e944027d28ec8121b8e41693143d80321537c4fde08c8970feb8a34adbb",
    "ct/medium/3/managed/1500":
        "49dbf881eaf39dc1c5780ba7e0dc1813668382273c1ecd3a4a89fcbea8621ed5",
    "ct/short/4/external/1500":
        "9c94fe6f78107c687aab250fb73ac1dd2c07e359619a8ae5357925b6fdb02ef7",
    "ct/full/5/external/800":
        "ad7df0f0b4410e5b604351eafb4b056a6d676a258123e1b85c6d794fb3d3439c",
    "ct/short/6/managed/5000":
        "02d0397517adc80a45d6036d751d4793aa77f7dc4008af966d614b0153c7c69a",
    "ct/medium/7/external/5000":
        "5c5d381b4e02eb85b4c277389fe4dd0c8c86f6d1fd782ce76cd9ef4a575841cd",
    "ct/full/8/managed/1500":
        "84c19af44474b06a8c9e99ec5d09a5a8ca3a33742f63c8a8b7b2633d9da46557",
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: "/".join(map(str, c)))
def test_trace_digest_unchanged(case: tuple[str, str, int, str, int]) -> None:
    assert trace(*case) == EXPECTED["/".join(map(str, case))]
