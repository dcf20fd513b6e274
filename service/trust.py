"""Trust (issue: signed states, strict mode, sealing of the hidden part; README, "Trust").

* Every state the referee returns carries ``signature`` = HMAC-SHA256 over (json, sealed) under a
  key derived from the referee's secret. In strict mode a state without a correct signature is
  rejected, so a tournament knows that a state came from the referee.
* Sealing moves the hidden part of a state (``cards.deck``, ``cards.set_aside``, ``rng``,
  ``deception``) out of ``json`` into ``sealed``: AES-256-GCM (``cryptography``) with a fresh
  96-bit nonce, the public document's SHA-256 as associated data. A client holding the state can
  neither read the hidden part nor change it, nor graft it onto another position.

Both keys are derived from the one secret with HKDF-SHA256 under distinct labels.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ct_referee_proto.v1 import referee_pb2 as pb

from .convert import dumps
from .errors import ServiceError

SIG_PREFIX = "v1."
SEAL_PREFIX = "v1."
SEALED = "sealed"
HIDDEN_CARDS = ("deck", "set_aside")
HIDDEN_TOP = ("rng", "deception")


def _derive(secret: bytes, label: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=b"ct-referee", info=label).derive(secret)


def _b64(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def _unb64(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


@dataclass
class Opened:
    """A state received from a client, checked and unsealed (not yet parsed by the engine)."""

    json: str
    hidden: str | None  # canonical JSON of the hidden part when the state was sealed

    def material(self) -> bytes:
        """What identifies the state for the cache: the public document and the hidden part."""
        return self.json.encode() + b"\x00" + (self.hidden or "").encode()

    def key(self) -> tuple[str, str | None]:
        """The same identity as a key of the parsed states: (public document, hidden part)."""
        return self.json, self.hidden

    def engine_json(self) -> str:
        """The full engine document (hidden part put back)."""
        if self.hidden is None:
            return self.json
        return merge(self.json, self.hidden)


class Trust:
    def __init__(self, secret: bytes | None, strict: bool = False, seal: bool = False) -> None:
        if (strict or seal) and not secret:
            raise ValueError("strict mode and sealing need a secret")
        self.strict = strict
        self.seal = seal
        self._mac = _derive(secret, b"ct-referee state signature v1") if secret else None
        self._aead = AESGCM(_derive(secret, b"ct-referee state seal v1")) if secret else None

    # -- signatures ------------------------------------------------------------------------------

    def sign(self, json_text: str, sealed: str = "") -> str:
        if self._mac is None:
            return ""
        msg = b"ct-state\x00" + json_text.encode() + b"\x00" + sealed.encode()
        return SIG_PREFIX + _b64(hmac.new(self._mac, msg, hashlib.sha256).digest())

    def verify(self, gs: pb.GameState) -> None:
        """Strict mode: the signature must be present and right (sealed parts are checked by
        their own authentication tag in ``open``)."""
        if not self.strict:
            return
        if not gs.signature:
            raise ServiceError("unsigned_state", "strict mode: the state carries no signature of"
                               " this referee", field="state.signature")
        if not hmac.compare_digest(gs.signature, self.sign(gs.json, gs.sealed)):
            raise ServiceError("bad_signature", "strict mode: the state's signature is wrong (the"
                               " state was altered or issued by another referee)",
                               field="state.signature")

    # -- sealing ---------------------------------------------------------------------------------

    def open(self, gs: pb.GameState, field: str = "state") -> Opened:
        if not gs.json:
            raise ServiceError("invalid_argument", "a state is required", field=f"{field}.json")
        self.verify(gs)
        if not gs.sealed:
            return Opened(gs.json, None)
        if self._aead is None:
            raise ServiceError("bad_seal", "this referee has no secret to open sealed states",
                               field=f"{field}.sealed")
        try:
            if not gs.sealed.startswith(SEAL_PREFIX):
                raise ValueError
            blob = _unb64(gs.sealed[len(SEAL_PREFIX):])
            plain = self._aead.decrypt(blob[:12], blob[12:], _aad(gs.json))
        except (InvalidTag, ValueError, binascii.Error):
            raise ServiceError("bad_seal", "the sealed part of the state does not open: it was"
                               " altered, or the public part was changed, or another referee"
                               " sealed it", field=f"{field}.sealed") from None
        return Opened(gs.json, plain.decode())

    def issue(self, json_text: str, hidden: str | None = None) -> pb.GameState:
        """The GameState to return, signed (with a secret): the state's document; or, with
        ``hidden`` (sealing on), its public document with the hidden part sealed to it."""
        if hidden is None:
            return pb.GameState(json=json_text, signature=self.sign(json_text))
        if self._aead is None:
            raise ValueError("sealing needs a secret")
        nonce = os.urandom(12)
        token = SEAL_PREFIX + _b64(nonce + self._aead.encrypt(nonce, hidden.encode(),
                                                              _aad(json_text)))
        return pb.GameState(json=json_text, sealed=token, signature=self.sign(json_text, token))


def _aad(public_json: str) -> bytes:
    return b"ct-referee seal v1\x00" + hashlib.sha256(public_json.encode()).digest()


def split(data: dict[str, Any]) -> tuple[str, str]:
    """(public document, hidden part) of a state's plain data; the hidden fields read "sealed"."""
    cards = dict(data["cards"])
    hidden = {f"cards.{k}": cards.get(k) for k in HIDDEN_CARDS}
    hidden.update({k: data.get(k) for k in HIDDEN_TOP})
    for k in HIDDEN_CARDS:
        cards[k] = SEALED
    pub = dict(data)
    pub["cards"] = cards
    for k in HIDDEN_TOP:
        pub[k] = SEALED
    return dumps(pub), dumps(hidden)


def merge(public_json: str, hidden_json: str) -> str:
    """Put a hidden part back into its public document (the inverse of ``split``)."""
    try:
        data = json.loads(public_json)
        hidden = json.loads(hidden_json)
        cards = data["cards"]
        for k in HIDDEN_CARDS:
            cards[k] = hidden[f"cards.{k}"]
        for k in HIDDEN_TOP:
            data[k] = hidden[k]
    except (ValueError, KeyError, TypeError):
        raise ServiceError("invalid_state", "a sealed state's public part is not a state document",
                           field="state.json") from None
    return dumps(data)
