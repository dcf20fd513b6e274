"""Trust (docs/trust.md; docs/configuration.md, "Trust"): signed states, strict mode, sealing,
seats, the secret seed, and authenticated cache records.

* Every state the referee returns carries ``signature`` = HMAC-SHA256 over (the signing engine
  build's tag, json, sealed, game id, sequence, seed commitment, revealed seed) under a key derived
  from the referee's secret. In strict mode a state without a correct signature is rejected, so a
  tournament knows that a state came from the referee. A state signed by this very engine build
  (its tag: ``build_tag`` of the engine fingerprint) was validated when it was issued, so it is
  ``Opened.trusted`` and loaded without validating it again (``Game.from_trusted_json``);
  any other state, signed by another build or not at all, is validated in full.
* Sealing moves the hidden part of a state (``cards.deck``, ``cards.set_aside``, ``rng``,
  ``deception``) out of ``json`` into ``sealed``: AES-256-GCM (``cryptography``) with a fresh
  96-bit nonce, the public document's SHA-256 as associated data. A client holding the state can
  neither read the hidden part nor change it, nor graft it onto another position. The hidden
  part's text is padded to its game's fixed size (``games.Game.sealed_size``) before it is
  encrypted, so the length of ``sealed`` tells nothing of what it holds.
* Games: with a secret, NewGame draws a random game id; each seat's token is an HMAC of the game
  id and the role (``seat_token``). When sealing, the engine seed is an HMAC of the game id and
  the client's seed (``game_seed``), committed to in every state of the game and revealed once the
  game is over.
* Records the referee keeps in Redis are sealed with AES-256-GCM bound to their cache key
  (``seal_record``): whoever can write to Redis can neither forge a record the referee would sign
  nor read a sealed game's hidden part there.

Every key is derived from the one secret with HKDF-SHA256 under its own label.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from referee_core.jsontext import dumps, loads, state_text

from ct_referee_proto.v1 import referee_pb2 as pb

from .errors import ServiceError

SIG_PREFIX = "v3."
OLD_SIG_PREFIX = "v2."  # before signatures named the engine build: verified, never trusted
SEAT_PREFIX = "v1."
RECORD_PREFIX = b"ct-record-v1:"
SEAL_PREFIX = "v2."      # padded to the game's fixed size (``issue``)
OLD_SEAL_PREFIX = "v1."  # before padding: still opened (its length told what it held)
PAD = b" "               # JSON whitespace: the hidden part's text, then PAD up to the size
SEALED = "sealed"
# Colonial Twilight's hidden part (dotted paths); each game's is ``games.Game.hidden``
HIDDEN = ("cards.deck", "cards.set_aside", "rng", "deception")


def _derive(secret: bytes, label: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=b"ct-referee", info=label).derive(secret)


def _b64(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def _unb64(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


@dataclass(frozen=True)
class GameRef:
    """What the referee says about a state's place in its game (signed with the state)."""

    game_id: str = ""
    sequence: int = 0
    seed_commitment: str = ""

    def successor(self) -> GameRef:
        return GameRef(self.game_id, self.sequence + 1, self.seed_commitment)


def build_tag(fingerprint: str) -> str:
    """The short name of an engine build in a signature (of ``core.engine_fingerprint``)."""
    return _b64(hashlib.sha256(fingerprint.encode()).digest()[:6])


@dataclass
class Opened:
    """A state received from a client, checked and unsealed (not yet parsed by the engine).
    ``trusted``: its signature is right and names this engine build, which validated the state
    before issuing it (only ``Trust.open`` sets it)."""

    json: str
    hidden: str | None  # canonical JSON of the hidden part when the state was sealed
    game: GameRef = GameRef()
    trusted: bool = False

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
    def __init__(self, secret: bytes | None, strict: bool = False, seal: bool = False,
                 fingerprint: str = "") -> None:
        """``fingerprint``: the engine build's (``core.engine_fingerprint``), named in every
        signature; states signed under it are ``Opened.trusted``."""
        if (strict or seal) and not secret:
            raise ValueError("strict mode and sealing need a secret")
        self.strict = strict
        self.seal = seal
        self.tag = build_tag(fingerprint)
        self._mac = _derive(secret, b"ct-referee state signature v2") if secret else None
        self._aead = AESGCM(_derive(secret, b"ct-referee state seal v1")) if secret else None
        self._seat = _derive(secret, b"ct-referee seat v1") if secret else None
        self._seed = _derive(secret, b"ct-referee game seed v1") if secret else None
        self._records = AESGCM(_derive(secret, b"ct-referee cache record v1")) if secret else None

    @property
    def has_secret(self) -> bool:
        return self._mac is not None

    # -- signatures ------------------------------------------------------------------------------

    def sign(self, json_text: str, sealed: str = "", game: GameRef = GameRef(),
             revealed_seed: str = "", tag: str | None = None) -> str:
        """``v3.<build tag>.<HMAC>``, the tag this build's unless given (``tag=""``: the
        ``v2.`` form, which names no build)."""
        if self._mac is None:
            return ""
        tag = self.tag if tag is None else tag
        parts = [b"ct-state", json_text.encode(), sealed.encode(), game.game_id.encode(),
                 str(game.sequence).encode(), game.seed_commitment.encode(),
                 revealed_seed.encode()]
        if tag:
            parts.insert(1, tag.encode())
        mac = _b64(hmac.new(self._mac, b"\x00".join(parts), hashlib.sha256).digest())
        return f"{SIG_PREFIX}{tag}.{mac}" if tag else OLD_SIG_PREFIX + mac

    def signed_here(self, gs: pb.GameState) -> bool | None:
        """Whether the signature is right: None when it is not (or absent), else whether it
        names this engine build."""
        sig = gs.signature
        if self._mac is None or not sig:
            return None
        if sig.startswith(SIG_PREFIX):
            tag = sig[len(SIG_PREFIX):].partition(".")[0]
            if not tag:
                return None
        elif sig.startswith(OLD_SIG_PREFIX):
            tag = ""
        else:
            return None
        if not hmac.compare_digest(sig, self.sign(gs.json, gs.sealed, game_of(gs),
                                                  gs.revealed_seed, tag)):
            return None
        return tag == self.tag

    def verify(self, gs: pb.GameState) -> bool:
        """Whether the state may skip validation (``Opened.trusted``): its signature is right
        and names this engine build. Strict mode: the signature must be present and right
        (sealed parts are checked by their own authentication tag in ``open``); otherwise a
        missing or wrong one only means the state is validated in full."""
        here = self.signed_here(gs)
        if self.strict and here is None:
            if not gs.signature:
                raise ServiceError("unsigned_state", "strict mode: the state carries no"
                                   " signature of this referee", field="state.signature")
            raise ServiceError("bad_signature", "strict mode: the state's signature is wrong (the"
                               " state was altered or issued by another referee)",
                               field="state.signature")
        return bool(here)

    # -- sealing ---------------------------------------------------------------------------------

    def open(self, gs: pb.GameState, field: str = "state") -> Opened:
        if not gs.json:
            raise ServiceError("invalid_argument", "a state is required", field=f"{field}.json")
        trusted = self.verify(gs)
        if not gs.sealed:
            return Opened(gs.json, None, game_of(gs), trusted)
        if self._aead is None:
            raise ServiceError("bad_seal", "this referee has no secret to open sealed states",
                               field=f"{field}.sealed")
        try:
            version = gs.sealed[:len(SEAL_PREFIX)]
            if version not in (SEAL_PREFIX, OLD_SEAL_PREFIX):
                raise ValueError
            blob = _unb64(gs.sealed[len(SEAL_PREFIX):])
            plain = self._aead.decrypt(blob[:12], blob[12:], _aad(gs.json, version))
            if version == SEAL_PREFIX:
                plain = plain.rstrip(PAD)
        except (InvalidTag, ValueError, binascii.Error):
            raise ServiceError("bad_seal", "the sealed part of the state does not open: it was"
                               " altered, or the public part was changed, or another referee"
                               " sealed it", field=f"{field}.sealed") from None
        return Opened(gs.json, plain.decode(), game_of(gs), trusted)

    def issue(self, json_text: str, hidden: str | None = None, game: GameRef = GameRef(),
              revealed_seed: str = "", size: int = 0) -> pb.GameState:
        """The GameState to return, signed (with a secret): the state's document; or, with
        ``hidden`` (sealing on), its public document with the hidden part sealed to it, padded
        to ``size`` bytes (``padded``); with its place in its game."""
        token = ""
        if hidden is not None:
            if self._aead is None:
                raise ValueError("sealing needs a secret")
            nonce = os.urandom(12)
            plain = padded(hidden.encode(), size)
            token = SEAL_PREFIX + _b64(nonce + self._aead.encrypt(nonce, plain,
                                                                  _aad(json_text, SEAL_PREFIX)))
        return pb.GameState(json=json_text, sealed=token, game_id=game.game_id,
                            sequence=game.sequence, seed_commitment=game.seed_commitment,
                            revealed_seed=revealed_seed,
                            signature=self.sign(json_text, token, game, revealed_seed))

    # -- games and seats -------------------------------------------------------------------------

    def new_game_id(self) -> str:
        """A fresh game id (with a secret; without one the referee issues none)."""
        return _b64(os.urandom(16)) if self.has_secret else ""

    def seat_token(self, game_id: str, role: str) -> str:
        if self._seat is None or not game_id:
            return ""
        msg = b"ct-seat\x00" + game_id.encode() + b"\x00" + role.encode()
        return SEAT_PREFIX + _b64(hmac.new(self._seat, msg, hashlib.sha256).digest())

    def seat_of(self, opened: Opened, token: str, sides: tuple[str, ...] = ("gov", "fln")
                ) -> str | None:
        """The role (one of the game's ``sides``) whose seat ``token`` proves in the state's
        game, or None."""
        if not token or not opened.game.game_id:
            return None
        for role in sides:
            if hmac.compare_digest(token, self.seat_token(opened.game.game_id, role)):
                return role
        return None

    def game_seed(self, game_id: str, client_seed: int) -> int:
        """Sealing: the engine seed of a game, which no client can compute (63 bits, so that
        the seed revealed at the end fits NewGameRequest.seed, an int64, and a record carrying it
        replays)."""
        assert self._seed is not None
        msg = b"ct-seed\x00" + game_id.encode() + b"\x00" + str(client_seed).encode()
        return int.from_bytes(hmac.new(self._seed, msg, hashlib.sha256).digest()[:8], "big") >> 1

    # -- records kept in Redis -------------------------------------------------------------------

    def seal_record(self, key: str, data: bytes) -> bytes:
        """A cache record as stored (with a secret): encrypted and bound to its key."""
        if self._records is None:
            return data
        nonce = os.urandom(12)
        return RECORD_PREFIX + nonce + self._records.encrypt(nonce, data, key.encode())

    def open_record(self, key: str, stored: bytes) -> bytes | None:
        """The record stored under ``key``, or None when it is not one this referee wrote
        there (altered, moved from another key, or written by someone else)."""
        if self._records is None:
            return stored
        if not stored.startswith(RECORD_PREFIX):
            return None
        blob = stored[len(RECORD_PREFIX):]
        try:
            return self._records.decrypt(blob[:12], blob[12:], key.encode())
        except (InvalidTag, ValueError):
            return None


def game_of(gs: pb.GameState) -> GameRef:
    return GameRef(gs.game_id, gs.sequence, gs.seed_commitment)


def seed_commitment(game_id: str, engine_seed: int) -> str:
    """What a state of a sealed game says about its seed before the end: SHA-256 (hex) of
    "ct-referee seed v1", the game id and the seed; anyone can check a revealed seed against it."""
    return hashlib.sha256(f"ct-referee seed v1\x00{game_id}\x00{engine_seed}".encode()
                          ).hexdigest()


def padded(text: bytes, size: int) -> bytes:
    """The hidden part's text padded with JSON whitespace to ``size`` bytes, the fixed size of
    its game (``games.Game.sealed_size``: no valid state's hidden part is longer). Text longer
    than that (no state the validator accepts) is padded to the next multiple of ``size``."""
    if size <= 0:
        return text
    return text.ljust(-(-len(text) // size) * size or size, PAD)


def _aad(public_json: str, version: str) -> bytes:
    """What a seal is bound to: its format (``v1.`` unpadded, ``v2.`` padded) and the public
    document."""
    label = b"ct-referee seal v2\x00" if version == SEAL_PREFIX else b"ct-referee seal v1\x00"
    return label + hashlib.sha256(public_json.encode()).digest()


def split(data: dict[str, Any], paths: tuple[str, ...] = HIDDEN
          ) -> tuple[str, str]:
    """(public document, hidden part) of a state's plain data: the fields at ``paths`` (dotted,
    the game's hidden part: ``games.Game.hidden``) move to the hidden part, keyed by their path,
    and read "sealed" in the public document. Both are parts of a state's document, which holds
    no float: their canonical text is ``state_text``'s."""
    pub = dict(data)
    hidden: dict[str, Any] = {}
    for path in paths:
        *parents, leaf = path.split(".")
        box = pub
        for k in parents:
            box[k] = dict(box[k])
            box = box[k]
        hidden[path] = box.get(leaf)
        box[leaf] = SEALED
    return state_text(pub), state_text(hidden)


def merge(public_json: str, hidden_json: str) -> str:
    """Put a hidden part back into its public document (the inverse of ``split``: each path of
    the hidden part, which the seal authenticated, gets its value back)."""
    try:
        data = loads(public_json)
        hidden = loads(hidden_json)
        for path, value in hidden.items():
            *parents, leaf = path.split(".")
            box = data
            for k in parents:
                box = box[k]
            box[leaf] = value
    except (ValueError, KeyError, TypeError, AttributeError):
        raise ServiceError("invalid_state", "a sealed state's public part is not a state document",
                           field="state.json") from None
    return dumps(data)
