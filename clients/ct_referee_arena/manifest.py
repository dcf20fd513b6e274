"""A match's or ladder's signed results manifest (``manifest.json``), and ``ct-referee verify
OUTDIR``, which checks a published results directory against it (docs/records.md, docs/agents.md).

A record proves its moves legal from a committed seed, but not that it is the game that was
played: another game on the same seed, a record cut short under a forfeit, relabelled agents or
another game number all replay. The manifest ties each record to the game played: for every game
its number, game and scenario, pairing (agent names per side, and the agents' own names and
versions), seed commitment, the SHA-256 of the finished record file, the result and, for a
forfeit, its side, kind and detail. The organiser signs it with an Ed25519 key::

    {"manifest": {"format": "ct-results/1", "ladder", "game", "scheduled", "games": [...]},
     "signature": {"algorithm": "ed25519", "public_key": BASE64 (32 bytes), "value": BASE64}}

``value`` signs ``SIGNED_PREFIX`` + the canonical JSON (referee_core.jsontext: sorted keys, no
whitespace, UTF-8) of ``manifest``. The public key is also written, PEM, to ``manifest.pub``. The
private key, when the organiser gives none (``--sign-key``), is generated once and kept in
``private/organiser-key.pem`` (mode 0600): the one part of a results directory never published.
A resumed run signs with the same key, and re-signs the manifest covering every game played.

What ``verify`` cannot prove: a forfeit on time, or for a crash or a malformed answer, leaves no
trace in the moves. It verifies only as the signed manifest's claim, and the output says so.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from engine.records import RecordError, game_of, read_record
from referee_core.jsontext import dumps

from .fair import UNPROVABLE, verify_record
from .games import DEFAULT

FORMAT = "ct-results/1"
SIGNED_PREFIX = b"ct-results/1 manifest\n"
MANIFEST = "manifest.json"
PUBLIC = "manifest.pub"
PRIVATE = os.path.join("private", "organiser-key.pem")


# --- keys ------------------------------------------------------------------------------------


def raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def fingerprint(key: Ed25519PublicKey) -> str:
    """A short name for a public key: ``ed25519:`` + 16 hex digits of its SHA-256."""
    return "ed25519:" + hashlib.sha256(raw_public(key)).hexdigest()[:16]


def read_private(path: str) -> Ed25519PrivateKey:
    """An unencrypted PEM Ed25519 private key (``openssl genpkey -algorithm ed25519``)."""
    try:
        with open(path, "rb") as f:
            key = serialization.load_pem_private_key(f.read(), password=None)
    except (OSError, ValueError, TypeError) as e:
        raise ValueError(f"--sign-key {path}: not an unencrypted PEM private key: {e}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError(f"--sign-key {path}: a {type(key).__name__}, not an Ed25519 key")
    return key


def read_public(path: str) -> Ed25519PublicKey:
    """A PEM Ed25519 public key (the organiser's ``manifest.pub``)."""
    try:
        with open(path, "rb") as f:
            key = serialization.load_pem_public_key(f.read())
    except (OSError, ValueError, TypeError) as e:
        raise ValueError(f"--public-key {path}: not a PEM public key: {e}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError(f"--public-key {path}: a {type(key).__name__}, not an Ed25519 key")
    return key


def signing_key(out: str, given: str | None, pinned: str | None) -> Ed25519PrivateKey:
    """The key that signs ``out``'s manifest: ``given`` (``--sign-key``), else the one kept in
    ``out/private/`` (made there the first time). ``pinned``: the fingerprint of the key an
    earlier run of this ladder signed with, which a resumed run must use again."""
    kept = os.path.join(out, PRIVATE)
    if given is not None:
        key = read_private(given)
    elif os.path.exists(kept):
        key = read_private(kept)
    elif pinned is not None:
        raise ValueError(f"{out} was signed with the key {pinned}, given then with --sign-key:"
                         " give it again")
    else:
        key = Ed25519PrivateKey.generate()
        os.makedirs(os.path.dirname(kept), mode=0o700, exist_ok=True)
        fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.private_bytes(serialization.Encoding.PEM,
                                      serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()))
    if pinned is not None and fingerprint(key.public_key()) != pinned:
        raise ValueError(f"{out} was signed with the key {pinned}, not"
                         f" {fingerprint(key.public_key())}: a resumed run signs with the same"
                         " key (--sign-key)")
    return key


# --- writing ---------------------------------------------------------------------------------


def file_sha256(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def entry(g: dict[str, Any], out: str) -> dict[str, Any]:
    """A played game (a store row) as the manifest lists it."""
    o = json.loads(g["outcome"] or "{}")
    forfeit = o.get("forfeit")
    return {
        "number": g["id"], "game": g.get("game") or DEFAULT, "scenario": g["scenario"],
        "pairing": {"gov": g["gov"], "fln": g["fln"]},
        "agents": o.get("agents"),
        "commitment": g["commitment"],
        "record": g["record"],
        "sha256": o.get("sha256") or file_sha256(os.path.join(out, g["record"])),
        "result": {"winner": g["winner"], "by": "forfeit" if forfeit
                   else (o.get("result") or {}).get("by", "victory")},
        "forfeit": forfeit,
    }


def signed_bytes(manifest: dict[str, Any]) -> bytes:
    return SIGNED_PREFIX + dumps(manifest).encode()


def write(out: str, name: str, game: str, scheduled: int, played: list[dict[str, Any]],
          key: Ed25519PrivateKey) -> str:
    """Sign and write ``out/manifest.json`` (every game played) and ``out/manifest.pub``."""
    manifest = {"format": FORMAT, "ladder": name, "game": game, "scheduled": scheduled,
                "games": [entry(g, out) for g in played]}
    pub = key.public_key()
    doc = {"manifest": manifest, "signature": {
        "algorithm": "ed25519", "key": fingerprint(pub),
        "public_key": base64.b64encode(raw_public(pub)).decode(),
        "value": base64.b64encode(key.sign(signed_bytes(manifest))).decode()}}
    path = os.path.join(out, MANIFEST)
    for target, text in ((path, json.dumps(doc, indent=1) + "\n"),
                         (os.path.join(out, PUBLIC), pub.public_bytes(
                             serialization.Encoding.PEM,
                             serialization.PublicFormat.SubjectPublicKeyInfo).decode())):
        with open(target + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(target + ".tmp", target)
    return path


# --- verifying -------------------------------------------------------------------------------


@dataclass
class Report:
    """``head``: what the manifest's signature proves (or why nothing is verified);
    ``lines``: one per game; ``ok`` when the manifest and every game verify."""

    head: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    ok: bool = True

    def fail(self, line: str) -> None:
        self.lines.append(line)
        self.ok = False

    def text(self) -> str:
        return "\n".join(self.head + self.lines) + "\n"


def _load_json(path: str) -> Any:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check_signature(out: str, doc: Any, pinned: Ed25519PublicKey | None) -> str:
    """The manifest's signature, by the key it names (and ``pinned``, when given); the
    problem, or ``""``."""
    sig = doc.get("signature") if isinstance(doc, dict) else None
    manifest = doc.get("manifest") if isinstance(doc, dict) else None
    if not isinstance(manifest, dict) or not isinstance(sig, dict):
        return "not a signed manifest (no \"manifest\" and \"signature\")"
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(sig["public_key"]))
        value = base64.b64decode(sig["value"])
    except (KeyError, TypeError, ValueError) as e:
        return f"signature: no readable Ed25519 public_key and value ({e})"
    if pinned is not None and raw_public(key) != raw_public(pinned):
        return (f"signed by the key {fingerprint(key)}, not the organiser's pinned key"
                f" {fingerprint(pinned)} (--public-key): this manifest is not the organiser's")
    try:
        key.verify(value, signed_bytes(manifest))
    except InvalidSignature:
        return (f"the signature does not verify with the key it names ({fingerprint(key)}):"
                " the manifest was changed after it was signed")
    pub_path = os.path.join(out, PUBLIC)
    if os.path.exists(pub_path):
        try:
            beside = read_public(pub_path)
        except ValueError as e:
            return f"{PUBLIC}: {e}"
        if raw_public(beside) != raw_public(key):
            return (f"signed by the key {fingerprint(key)}, but {PUBLIC} beside it is"
                    f" {fingerprint(beside)}")
    return ""


def verify_dir(out: str, pinned: Ed25519PublicKey | None = None) -> Report:
    """Check a published results directory against its signed manifest (module docstring)."""
    r = Report()
    where = os.path.join(out, MANIFEST)
    try:
        doc = _load_json(where)
    except FileNotFoundError:
        r.head.append(f"{where}: missing: {out} is not the results directory of a match or"
                      " ladder")
        r.ok = False
        return r
    except (OSError, ValueError) as e:
        r.head.append(f"{where}: REJECTED: not JSON: {e}")
        r.ok = False
        return r
    problem = check_signature(out, doc, pinned)
    if problem:
        r.head.append(f"{where}: REJECTED: {problem}; no game is verified")
        r.ok = False
        return r
    manifest = doc["manifest"]
    key = doc["signature"]["key"]
    r.head.append(f"{where}: signature valid, Ed25519 key {key}" + (
        " (the pinned organiser key)" if pinned is not None else
        " (not pinned: --public-key checks that it is the organiser's)"))
    published = _published(out, r)
    if published is None:
        return r
    games = manifest.get("games")
    if manifest.get("format") != FORMAT or not isinstance(games, list):
        r.fail(f"{where}: not a {FORMAT} manifest")
        return r
    listed: set[str] = set()
    for g in games:
        listed.add(os.path.normpath(str(g.get("record"))))
        problems, note = check_game(out, g, published)
        name = f"game {g.get('number')} ({g.get('record')})"
        if problems:
            r.fail(f"{name}: REJECTED: " + "; ".join(problems))
        else:
            r.lines.append(f"{name}: VERIFIED: {note}")
    for extra in _unlisted(out, listed):
        r.fail(f"{extra}: REJECTED: a record the signed manifest does not list")
    scheduled = manifest.get("scheduled")
    r.lines.append(f"{sum(1 for x in r.lines if ': VERIFIED: ' in x)}/{len(games)} games"
                   f" verified ({len(games)} of {scheduled} scheduled played)")
    return r


def _published(out: str, r: Report) -> dict[int, dict[str, Any]] | None:
    """The games of ``commitments.json`` (published before play) by number."""
    path = os.path.join(out, "commitments.json")
    try:
        data = _load_json(path)
        return {int(g["id"]): g for g in data["games"]}
    except (OSError, ValueError, KeyError, TypeError) as e:
        r.fail(f"{path}: REJECTED: the commitments published before play are needed: {e}")
        return None


def _unlisted(out: str, listed: set[str]) -> list[str]:
    folder = os.path.join(out, "games")
    if not os.path.isdir(folder):
        return []
    return [os.path.join("games", n) for n in sorted(os.listdir(folder))
            if n.endswith(".jsonl") and os.path.join("games", n) not in listed]


def _number(header: dict[str, Any]) -> Any:
    """A ladder record's game number: ``game`` (an integer) in Colonial Twilight, else
    ``game_number`` (docs/records.md)."""
    n = header.get("game")
    return header.get("game_number") if isinstance(n, str) else n


def _differs(what: str, recorded: Any, signed: Any) -> str:
    return f"{what}: the record says {dumps(recorded)}, the manifest {dumps(signed)}"


def check_game(out: str, g: dict[str, Any], published: dict[int, dict[str, Any]]
               ) -> tuple[list[str], str]:
    """The problems of one game of the manifest (empty when it verifies), and what it proves."""
    problems: list[str] = []
    rel = str(g.get("record"))
    path = os.path.join(out, rel)
    number = g.get("number")
    if not isinstance(number, int) or os.path.normpath(rel) != os.path.join(
            "games", f"GAME-{number:05d}.jsonl"):
        return [f"the manifest lists game {number} at {rel}, not games/GAME-NNNNN.jsonl of its"
                " number"], ""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return [f"the record is missing: {e}"], ""
    if hashlib.sha256(data).hexdigest() != g.get("sha256"):
        problems.append("the record's SHA-256 is not the manifest's: the file was changed")
    lines = data.decode("utf-8", errors="replace").splitlines()
    try:
        rec = read_record(lines)
    except RecordError as e:
        return problems + [f"unreadable record: {e}"], ""
    h = rec.header
    pub = published.get(number)
    for what, recorded, signed in (
            ("game number", _number(h), number),
            ("game", game_of(h), g.get("game")),
            ("scenario", h.get("scenario"), g.get("scenario")),
            ("pairing", h.get("pairing"), g.get("pairing")),
            ("agents", h.get("agents"), g.get("agents")),
            ("commitment", h.get("commitment"), g.get("commitment"))):
        if recorded != signed:
            problems.append(_differs(what, recorded, signed))
    if pub is None:
        problems.append(f"game {number} is not among the games of commitments.json")
    elif (pub.get("commitment"), {"gov": pub.get("gov"), "fln": pub.get("fln")}) != (
            g.get("commitment"), g.get("pairing")):
        problems.append("the manifest's commitment or pairing is not the one published before"
                        " play (commitments.json)")
    res = rec.result or {}
    signed_result = {**(g.get("result") or {}), "forfeit": g.get("forfeit")}
    recorded_result = {"winner": res.get("winner"), "by": res.get("by"),
                       "forfeit": res.get("forfeit")}
    for k in ("winner", "by", "forfeit"):
        if recorded_result[k] != signed_result.get(k):
            problems.append(_differs(f"result {k}", recorded_result[k], signed_result.get(k)))
    v = verify_record(lines, {c["commitment"] for c in published.values()}, g.get("game"))
    problems += v.problems
    return problems, _proves(rec.moves, v.facts, g)


def _proves(moves: list[Any], facts: list[str], g: dict[str, Any]) -> str:
    replay = next((f for f in facts if f.startswith("all ")), f"all {len(moves)} moves legal")
    f = g.get("forfeit")
    if not f:
        return f"{replay}; {g['result']['winner']} wins as the game ends"
    said = f"{f.get('side')} forfeited ({f.get('kind')}: {f.get('detail')})"
    if f.get("kind") in UNPROVABLE:
        return (f"{replay}; {said}: a {f.get('kind')} forfeit cannot be proved from the moves,"
                " it stands as the signed manifest's claim")
    return f"{replay}; {said}, and the rules refuse that answer there"


def main_check(out: str, public_key: str | None) -> tuple[int, str]:
    """``ct-referee verify OUTDIR``: exit status (0 all verified, 1 not, 2 bad input) and text."""
    try:
        pinned = read_public(public_key) if public_key else None
    except ValueError as e:
        return 2, f"ct-referee: {e}\n"
    r = verify_dir(out, pinned)
    if not r.ok and not r.lines and r.head and r.head[0].endswith("or ladder"):
        return 2, f"ct-referee: {r.head[0]}\n"
    return (0 if r.ok else 1), r.text()


__all__ = ["FORMAT", "MANIFEST", "PRIVATE", "PUBLIC", "Report", "check_game", "fingerprint",
           "main_check", "read_private", "read_public", "signing_key", "verify_dir", "write"]
