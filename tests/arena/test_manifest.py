"""A ladder's signed results manifest and ``ct-referee verify OUTDIR``: an intact results
directory verifies (a time forfeit as the manifest's claim only), and each forgery a single
record's ``verify`` let through is refused with what differs: a fabricated game on the same seed
(its hash recomputed, the signature not), a lost game cut short under a forged forfeit, a
relabelled pairing, another game number, a manifest re-signed with another key."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import random
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import engine
from ct_referee_arena import ladder as lad
from ct_referee_arena import manifest
from engine.records import RecordWriter, check_record, read_record
from tests import cli_main

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "ct_referee_cli"]

LADDER = """
name = "signed"
games = 1
seed = 70
[time]
per_move = 0.2
[[agents]]
name = "a"
spec = "random"
[[agents]]
name = "b"
spec = "random"
[[agents]]
name = "slow"
spec = "py:tests.arena.misbehaving:slow"
sides = ["fln"]
"""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("signed")
    (tmp / "LADDER.toml").write_text(LADDER)
    r = cli("ladder", str(tmp / "LADDER.toml"), "--out", str(tmp / "out"))
    assert r.returncode == 0, r.stderr
    assert "signed in" in r.stdout and "but its private/" in r.stdout
    return tmp / "out"


@pytest.fixture()
def out(played: Path, tmp_path: Path) -> Path:
    """A copy of the published results directory (without private/) to forge."""
    copy = tmp_path / "published"
    shutil.copytree(played, copy, ignore=shutil.ignore_patterns("private"))
    return copy


def doc(out: Path) -> dict[str, Any]:
    return dict(json.loads((out / "manifest.json").read_text()))


def game(out: Path, n: int) -> dict[str, Any]:
    return next(g for g in doc(out)["manifest"]["games"] if g["number"] == n)


def lines(out: Path, n: int) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (out / game(out, n)["record"]).read_text().splitlines()]


def write(out: Path, n: int, objs: list[dict[str, Any]]) -> None:
    (out / game(out, n)["record"]).write_text("\n".join(json.dumps(o) for o in objs) + "\n")


def verify(out: Path, *extra: str) -> tuple[int, str]:
    """``ct-referee verify OUTDIR`` in this process (tests/cli_main.py), rather than a process
    started for each of the many checks (the single-record checks and
    ``test_the_organisers_own_key`` run it as a process)."""
    r = cli_main.run("verify", str(out), *extra)
    return r.returncode, r.stdout + r.stderr


def failing(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if "REJECTED" in ln]


def victory(out: Path) -> int:
    return next(int(g["number"]) for g in doc(out)["manifest"]["games"] if not g["forfeit"])


def test_the_manifest_lists_every_game_signed(played: Path) -> None:
    d = doc(played)
    m = d["manifest"]
    assert m["format"] == "ct-results/1" and m["scheduled"] == 6 and len(m["games"]) == 6
    commitments = json.loads((played / "commitments.json").read_text())["games"]
    for g, c in zip(m["games"], commitments):
        assert (g["number"], g["pairing"], g["commitment"]) == (
            c["id"], {"gov": c["gov"], "fln": c["fln"]}, c["commitment"])
        data = (played / g["record"]).read_bytes()
        assert g["sha256"] == hashlib.sha256(data).hexdigest()
        assert g["agents"]["gov"]["name"] == "random"
    slow = [g for g in m["games"] if g["pairing"]["fln"] == "slow"]
    assert slow and all(g["forfeit"]["kind"] == "time" and g["result"] == {
        "winner": "gov", "by": "forfeit"} for g in slow)
    key = played / "private" / "organiser-key.pem"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE((played / "private").stat().st_mode) == 0o700
    pub = manifest.read_public(str(played / "manifest.pub"))
    assert manifest.fingerprint(pub) == d["signature"]["key"]


def test_an_intact_directory_verifies(played: Path, out: Path) -> None:
    code, text = verify(out, "--public-key", str(played / "manifest.pub"))
    assert code == 0, text
    assert "signature valid" in text and "(the pinned organiser key)" in text
    assert "6/6 games verified (6 of 6 scheduled played)" in text
    slow = [g["number"] for g in doc(out)["manifest"]["games"] if g["pairing"]["fln"] == "slow"]
    claims = [ln for ln in text.splitlines() if "cannot be proved" in ln]
    assert [int(ln.split()[1]) for ln in claims] == slow   # the games of "slow", only
    assert all("fln forfeited (time: " in ln and ln.endswith(
        "a time forfeit cannot be proved from the moves, it stands as the signed manifest's"
        " claim") for ln in claims), claims
    code, text = verify(out)
    assert code == 0 and "not pinned: --public-key checks" in text


def fabricate(head: dict[str, Any], seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Another game, every move legal, on the header's seed: played by other choices."""
    s = engine.new_game(head["scenario"], head["seed"], head.get("options"))
    buf = io.StringIO()
    w = RecordWriter(buf, head, s)
    rnd = random.Random(seed)
    while engine.to_move(s) is not None:
        m = rnd.choice(engine.legal_moves(s))
        s, _ = engine.apply(s, m)
        w.move(m, s)
    result = {**(s.result or {}), "by": "victory"}
    w.finish(result)
    return [json.loads(x) for x in buf.getvalue().splitlines()], result


def test_a_fabricated_game_with_its_hash_recomputed_is_refused(out: Path) -> None:
    n = victory(out)
    head = lines(out, n)[0]
    fake, result = fabricate(head, 1234)
    assert fake[1:] != lines(out, n)[1:]
    write(out, n, fake)
    # a single record's verify cannot tell it from the game played
    single = cli("verify", str(out / game(out, n)["record"]), "--commitments",
                 str(out / "commitments.json"))
    assert single.returncode == 0 and "VERIFIED" in single.stdout
    d = doc(out)
    for g in d["manifest"]["games"]:
        if g["number"] == n:
            g["sha256"] = hashlib.sha256((out / g["record"]).read_bytes()).hexdigest()
            g["result"] = {"winner": result["winner"], "by": "victory"}
    (out / "manifest.json").write_text(json.dumps(d, indent=1))
    code, text = verify(out)
    assert code == 1
    assert failing(text) == [
        f"{out}/manifest.json: REJECTED: the signature does not verify with the key it names"
        f" ({d['signature']['key']}): the manifest was changed after it was signed; no game is"
        " verified"]


def test_a_lost_game_cut_short_under_a_forged_forfeit_is_refused(out: Path) -> None:
    """The loser cuts the record at a checkpoint where the winner is to move and claims the
    winner ran out of time: every move and checkpoint still replays."""
    n = victory(out)
    objs = lines(out, n)
    winner = objs[-1]["result"]["winner"]
    loser = "fln" if winner == "gov" else "gov"
    for k in range(len(objs) - 3, 1, -1):
        if "checkpoint" in objs[k]:
            cut = objs[:k + 1] + [{"result": {"winner": loser, "by": "forfeit", "forfeit": {
                "side": winner, "kind": "time", "detail": "answered after 9.000s"}}}]
            if check_record(read_record(json.dumps(o) for o in cut)).ok:
                break
    write(out, n, cut)
    single = cli("verify", str(out / game(out, n)["record"]), "--commitments",
                 str(out / "commitments.json"))
    assert single.returncode == 0 and "cannot be proved from the moves" in single.stdout
    code, text = verify(out)
    assert code == 1 and len(failing(text)) == 1, text
    line = failing(text)[0]
    rec = game(out, n)["record"]
    assert line.startswith(f"game {n} ({rec}): REJECTED: the record's SHA-256 is not the"
                           " manifest's: the file was changed; ")
    assert f'result winner: the record says "{loser}", the manifest "{winner}"' in line
    assert 'result by: the record says "forfeit", the manifest "victory"' in line
    assert "5/6 games verified" in text


def test_a_record_relabelled_with_another_pairing_is_refused(out: Path) -> None:
    n = next(g["number"] for g in doc(out)["manifest"]["games"]
             if g["pairing"] == {"gov": "a", "fln": "b"})
    objs = lines(out, n)
    objs[0]["pairing"] = {"gov": "b", "fln": "a"}
    objs[0]["agents"]["gov"]["name"] = "champion"
    write(out, n, objs)
    code, text = verify(out)
    assert code == 1 and len(failing(text)) == 1, text
    line = failing(text)[0]
    assert 'pairing: the record says {"fln":"a","gov":"b"}, the manifest {"fln":"b","gov":"a"}' \
        in line
    assert "agents: the record says" in line and '"champion"' in line


def test_a_record_with_another_game_number_is_refused(out: Path) -> None:
    n = victory(out)
    objs = lines(out, n)
    objs[0]["game"] = n + 1
    write(out, n, objs)
    code, text = verify(out)
    assert code == 1 and len(failing(text)) == 1, text
    assert f"game number: the record says {n + 1}, the manifest {n}" in failing(text)[0]


def test_a_manifest_re_signed_with_another_key_is_refused_when_the_key_is_pinned(
        played: Path, out: Path, tmp_path: Path) -> None:
    d = doc(out)
    n = victory(out)
    organiser = d["signature"]["key"]
    for g in d["manifest"]["games"]:
        if g["number"] == n:
            g["result"]["winner"] = "fln" if g["result"]["winner"] == "gov" else "gov"
    other = Ed25519PrivateKey.generate()   # the forger's: manifest.json and .pub replaced
    pub = other.public_key()
    d["signature"] = {"algorithm": "ed25519", "key": manifest.fingerprint(pub),
                      "public_key": base64.b64encode(manifest.raw_public(pub)).decode(),
                      "value": base64.b64encode(other.sign(
                          manifest.signed_bytes(d["manifest"]))).decode()}
    (out / "manifest.json").write_text(json.dumps(d))
    (out / "manifest.pub").write_bytes(pub.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    code, text = verify(out, "--public-key", str(played / "manifest.pub"))
    assert code == 1
    assert failing(text) == [
        f"{out}/manifest.json: REJECTED: signed by the key"
        f" {manifest.fingerprint(other.public_key())}, not the organiser's pinned key"
        f" {organiser} (--public-key): this manifest is not the organiser's; no"
        " game is verified"]
    # unpinned, the new key signs it; the altered record is still caught against it
    code, text = verify(out)
    assert code == 1 and "not pinned" in text
    assert failing(text)[0].startswith(f"game {n} (games/GAME-{n:05d}.jsonl): REJECTED: result"
                                       " winner: the record says")


def test_a_record_the_manifest_does_not_list_is_refused(out: Path) -> None:
    shutil.copy(out / "games" / "GAME-00001.jsonl", out / "games" / "GAME-00009.jsonl")
    code, text = verify(out)
    assert code == 1
    assert failing(text) == ["games/GAME-00009.jsonl: REJECTED: a record the signed manifest"
                             " does not list"]


def test_a_resumed_ladder_signs_every_game_with_the_same_key(tmp_path: Path) -> None:
    (tmp_path / "L.toml").write_text(LADDER.split('[[agents]]\nname = "slow"')[0])
    ladder = lad.load(str(tmp_path / "L.toml"))
    out = str(tmp_path / "out")

    def stop(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        lad.run(ladder, out, on_game=stop)
    first = json.loads(Path(out, "manifest.json").read_text())
    assert [g["number"] for g in first["manifest"]["games"]] == [1, 2]
    assert manifest.verify_dir(out).ok
    other = tmp_path / "other.pem"
    other.write_bytes(Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    with pytest.raises(ValueError, match=f"was signed with the key {first['signature']['key']},"
                                         " not ed25519:"):
        lad.run(ladder, out, sign_key=str(other))
    summary = lad.run(ladder, out)
    assert summary.played == summary.total == 4
    again = json.loads(Path(out, "manifest.json").read_text())
    assert again["signature"]["key"] == first["signature"]["key"]
    assert [g["number"] for g in again["manifest"]["games"]] == [1, 2, 3, 4]
    assert manifest.verify_dir(out).ok


def test_the_organisers_own_key(tmp_path: Path) -> None:
    key = Ed25519PrivateKey.generate()
    pem = tmp_path / "organiser.pem"
    pem.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                      serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()))
    out = tmp_path / "m"
    r = cli("match", "random", "random", "--games", "1", "--seed", "3", "--out", str(out),
            "--sign-key", str(pem))
    assert r.returncode == 0, r.stderr
    assert not (out / "private").exists()
    assert doc(out)["signature"]["key"] == manifest.fingerprint(key.public_key())
    bad = tmp_path / "bad.pem"
    bad.write_text("not a key")
    r = cli("match", "random", "random", "--games", "1", "--out", str(tmp_path / "n"),
            "--sign-key", str(bad))
    assert r.returncode == 2 and f"--sign-key {bad}: not an unencrypted PEM private key" \
        in r.stderr
    r = cli("verify", str(tmp_path))
    assert r.returncode == 2 and "not the results directory of a match or ladder" in r.stderr
    assert os.path.exists(out / "manifest.pub")
