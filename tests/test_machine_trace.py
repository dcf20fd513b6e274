"""The decision machine's behaviour, pinned: seeded Colonial Twilight games traced decision by
decision (tests/machine_trace.py: actors, prompts, legal moves, logs, the errors of illegal and
malformed moves, states read back from their text, the last state) and hashed. Any change to what
the machine does or says for Colonial Twilight shows here. When a change is meant to alter what a
client sees, retake the digests (``python -m tests.machine_trace``) and say in the commit whether
the games' moves stayed the same."""

from __future__ import annotations

import pytest

from tests.machine_trace import CASES, trace

EXPECTED = {
    "ct/short/1/managed/5000":
        "52a857c427d12bbc473f62dac12b93b0c64356256dcc94d2347ea44191a58b28",
    "ct/short/2/managed/5000":
        "fa4b891fbc83ebd362bf0a3dcf1c184a6f9a1b5af0f78667bb75a3063cbd15a9",
    "ct/medium/3/managed/1500":
        "c8776a2fcfa39ac9db788b94778adf5265a12dbc8db0cf93936d8bdf18871479",
    "ct/short/4/external/1500":
        "48dc8bdd1dd97ddcee8bc0e99cc1f1f2b521f9159aaaccb594815858cfb33a2f",
    "ct/full/5/external/800":
        "bd0a28057b0e89325640c53cd023e2a6ca4d1d136a51e4d8c1aa393ad4cca73b",
    "ct/short/6/managed/5000":
        "01c5981a80d4501a55a94ac06ffba4cc1af903a5c72bef7093ba914dafd9eddf",
    "ct/medium/7/external/5000":
        "e5a59a5407aa84733f5376b183696ca2a7b8f649e006083bbf1201a48e176682",
    "ct/full/8/managed/1500":
        "7ca1360a1c43b1ed283dc912e72dd042a017597cc6f305fb2a1a051f9c89af2e",
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: "/".join(map(str, c)))
def test_trace_digest_unchanged(case: tuple[str, str, int, str, int]) -> None:
    assert trace(*case) == EXPECTED["/".join(map(str, case))]
