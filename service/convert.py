"""Conversions between the engine's plain data and the contract's messages (no rules here); the
moves' own are in ``moves``."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from google.protobuf import json_format
from google.protobuf.struct_pb2 import Struct

from engine.labels import log_label

from ct_referee_proto.v1 import referee_pb2 as pb

from .jsonmap import fill
from .moves import moves_from_engine

# The game options of the contract (every engine option: tests/service/test_contract.py).
OPTIONS = tuple(pb.GameOptions.DESCRIPTOR.fields_by_name)


def options_to_engine(o: pb.GameOptions) -> dict[str, Any]:
    """Only the options the client set: the engine fills in its defaults."""
    return {k: getattr(o, k) for k in OPTIONS if o.HasField(k)}  # type: ignore[arg-type]


def options_from_engine(d: Mapping[str, Any]) -> pb.GameOptions:
    o = pb.GameOptions()
    for k in OPTIONS:
        if k in d and d[k] is not None:
            setattr(o, k, d[k])
    return o


def struct_to_plain(s: Struct) -> dict[str, Any]:
    """A Struct as plain JSON data, its integral numbers as integers (a Struct holds every
    number as a double; the engine's documents hold integers only, and reject the rest)."""
    return _ints(json_format.MessageToDict(s))  # type: ignore[no-any-return]


def _ints(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _ints(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_ints(v) for v in x]
    if isinstance(x, float) and x.is_integer() and abs(x) < 2 ** 53:
        return int(x)
    return x


def log_to_proto(entries: list[dict[str, Any]],
                 label: Callable[[dict[str, Any]], str] = log_label) -> list[pb.LogEntry]:
    """Log entries as the contract's, each labelled by its game's ``label`` (``games``)."""
    out = []
    for e in entries:
        data = {k: v for k, v in e.items() if k not in ("rule", "text")}
        le = pb.LogEntry(rule=str(e.get("rule", "")), text=str(e.get("text", "")),
                         label=label(e))
        if data:
            fill(le.data, data)
        out.append(le)
    return out


# ---- views -------------------------------------------------------------------------------------

VIEW_KNOWN = {"schema", "state_schema", "role",
              "scenario", "options", "spaces", "boxes", "resources", "commitment",
              "france_track", "border_zone", "cards", "sop", "pending", "rng", "result",
              "deception", "turn", "derived", "legal_moves", "labels"}
CARDS_SCALAR = ("current", "deck_left", "set_aside_count", "coup_played", "coup_campaign",
                "propaganda_total", "propaganda_drawn", "rounds", "last_propaganda")
CARDS_LISTS = ("played", "unseen", "in_effect", "removed")
CARDS_KNOWN = set(CARDS_SCALAR) | set(CARDS_LISTS) | {"deck", "set_aside", "piles", "held",
                                                       "capabilities", "momentum", "titles"}
DERIVED_INTS = ("total_support", "total_opposition", "gov_score", "fln_score")


def view_to_proto(v: Mapping[str, Any], role: str) -> pb.View:
    """engine.view(state, role) as the typed View (unknown newer fields go to ``extra``)."""
    out = pb.View(role=role, scenario=str(v.get("scenario", "")), game="colonial_twilight")
    out.options.CopyFrom(options_from_engine(v.get("options") or {}))
    derived = v.get("derived") or {}
    control = derived.get("control") or {}
    dspaces = derived.get("spaces") or {}
    dspaces_extra: dict[str, Any] = {}
    for name, sp in (v.get("spaces") or {}).items():
        sv = out.spaces[name]
        for k, n in (sp.get("pieces") or {}).items():
            if k in pb.MapPieces.DESCRIPTOR.fields_by_name:
                setattr(sv.pieces, k, n)
        ds = dspaces.get(name) or {}
        # the level in force (derived: independent Countries are always at Oppose, 5.1.8)
        sv.support = str(ds.get("support") or sp.get("support") or "")
        for k in ("terror", "resettled", "pop_bonus", "base_marker"):
            if sp.get(k) is not None:
                setattr(sv, k, sp[k])
        sv.control = str(control.get(name) or ds.get("control") or "")
        if isinstance(ds.get("population"), int):
            sv.population = ds["population"]
        rest = {k: val for k, val in ds.items()
                if k not in ("control", "population", "support")}
        if rest:
            dspaces_extra[name] = rest
    for box, pieces in (v.get("boxes") or {}).items():
        bv = out.boxes[box]
        for k, n in pieces.items():
            if k in pb.BoxPieces.DESCRIPTOR.fields_by_name:
                setattr(bv, k, n)
    _sides(out.resources, v.get("resources"))
    for k in ("commitment", "border_zone", "turn"):
        if v.get(k) is not None:
            setattr(out, k, v[k])
    out.france_track = str(v.get("france_track") or "")
    extra: dict[str, Any] = {k: val for k, val in v.items() if k not in VIEW_KNOWN}
    cards = v.get("cards") or {}
    _cards(out.cards, cards)
    card_extra = {k: val for k, val in cards.items() if k not in CARDS_KNOWN}
    if card_extra:
        extra["cards"] = card_extra
    sop = v.get("sop") or {}
    out.sop.first = str(sop.get("first") or "")
    out.sop.first_box = str(sop.get("first_box") or "")
    out.sop.second_box = str(sop.get("second_box") or "")
    out.to_move = str(derived.get("to_move") or "")
    out.prompt = str(derived.get("prompt") or "")
    for k in DERIVED_INTS:
        if isinstance(derived.get(k), int):
            setattr(out, k, derived[k])
    _sides(out.margins, derived.get("margins"))
    known_derived = set(DERIVED_INTS) | {"control", "margins", "to_move", "prompt", "spaces"}
    derived_extra = {k: val for k, val in derived.items() if k not in known_derived}
    if dspaces_extra:
        derived_extra["spaces"] = dspaces_extra
    if derived_extra:
        extra["derived"] = derived_extra
    out.legal_moves.extend(moves_from_engine(v.get("legal_moves") or [], v.get("labels")))
    if v.get("result") is not None:
        fill(out.result, v["result"])
    if v.get("deception") is not None:
        fill(out.deception, v["deception"])
    if v.get("pending") is not None:
        fill(out.pending, v["pending"])
    if extra:
        fill(out.extra, extra)
    return out


def document_view(game: str, v: Mapping[str, Any], role: str) -> pb.View:
    """The view of a game whose views are plain documents (Algeria): the fields every game
    shares, typed (role, scenario, turn, to_move, prompt, labelled legal moves, result,
    pending), and the whole view in ``document`` (its labels travel on the moves)."""
    out = pb.View(role=role, scenario=str(v.get("scenario", "")), game=game,
                  to_move=str(v.get("to_move") or ""), prompt=str(v.get("prompt") or ""))
    if isinstance(v.get("turn"), int):
        out.turn = v["turn"]
    out.legal_moves.extend(moves_from_engine(v.get("legal_moves") or [], v.get("labels")))
    if v.get("result") is not None:
        fill(out.result, v["result"])
    if v.get("pending") is not None:
        fill(out.pending, v["pending"])
    fill(out.document, {k: val for k, val in v.items() if k != "labels"})
    return out


def _sides(msg: pb.Sides, d: Any) -> None:
    if isinstance(d, dict):
        for k in ("gov", "fln"):
            if isinstance(d.get(k), int):
                setattr(msg, k, d[k])


def _cards(out: pb.CardsView, c: Mapping[str, Any]) -> None:
    for k in CARDS_SCALAR:
        if c.get(k) is not None:
            setattr(out, k, c[k])
    for k in CARDS_LISTS:
        getattr(out, k).extend(c.get(k) or [])
    for p in c.get("piles") or []:
        out.piles.add(events=p[0], propaganda=p[1])
    held = c.get("held") or {}
    out.held.gov.extend(held.get("gov") or [])
    out.held.fln.extend(held.get("fln") or [])
    for k, side in (c.get("capabilities") or {}).items():
        out.capabilities[str(k)] = str(side)
    for mo in c.get("momentum") or []:
        out.momentum.add(card=mo["card"], side=mo["side"])
    for k, title in (c.get("titles") or {}).items():
        out.titles[str(k)] = str(title)
