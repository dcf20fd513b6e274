"""The decision machine's behaviour, pinned: seeded Colonial Twilight games traced decision by
decision (tests/machine_trace.py: actors, prompts, legal moves, logs, the errors of illegal and
malformed moves, states read back from their text, the last state) and hashed. The digests were
taken before both games were put on the one driver of referee_core.decisions and hold unchanged since:
any change to what the machine does for Colonial Twilight shows here."""

from __future__ import annotations

import pytest

from tests.machine_trace import CASES, trace

EXPECTED = {
    "ct/short/1/managed/5000":
        "784a7c5bc152cb63edae1502518d9b9c911225b8cd1d0a0f6042f415e686f54d",
    "ct/short/2/managed/5000":
        "a101645513b7d758674222eff46677946fe341315866ac3aac2a538c9dca6ca9",
    "ct/medium/3/managed/1500":
        "4cd8789ee438895806b6a3ccacbff4ac368c4b3f708ddd3ac435d184ff12bca2",
    "ct/short/4/external/1500":
        "4be9f7377453debdcd7a8b1fd9f821057a6851438b4be197d7b63459bb7e2d40",
    "ct/full/5/external/800":
        "c1693da75ab9d11786a9936af0c8743efb21c0d5a58c07721c81cb81db25d7a8",
    "ct/short/6/managed/5000":
        "6a66bdad619c1144377fd4aadd3441d333a3c7b529ec13c70a07a71a9bd65ac4",
    "ct/medium/7/external/5000":
        "4cac07d80c68e1655ec725cda744716c65aeedd62d75bdd4e378331122354bb1",
    "ct/full/8/managed/1500":
        "29a9d5edfe2886b4dd0c1733dc9026602cf4c934d846f1cdb5ffe6b05832ab08",
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: "/".join(map(str, c)))
def test_trace_digest_unchanged(case: tuple[str, str, int, str, int]) -> None:
    assert trace(*case) == EXPECTED["/".join(map(str, case))]
