"""The REST encoder (service.jsonmap) writes exactly what json_format writes (with Struct integers
as integers), moves excepted: those are their flat form (docs/moves.md), for every kind of response
over the first 30 decisions of games (60 under ``--long``, tests/long.py): all three roles, every
scenario, the options, sealed states, illegal moves and the bot. Reading (``from_dict``) gives the messages back."""

from __future__ import annotations

import math
import random
from typing import Any, Iterator

import pytest
from google.protobuf import json_format
from google.protobuf.message import Message

from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config
from service.core import Core
from service.jsonmap import from_dict, to_dict
from service.moves import MoveError, move_to_json
from tests.long import sized


def ints(x: Any) -> Any:
    if isinstance(x, float) and math.isfinite(x) and x.is_integer():
        return int(x)
    if isinstance(x, dict):
        return {k: ints(v) for k, v in x.items()}
    if isinstance(x, list):
        return [ints(v) for v in x]
    return x


def reference(msg: Message) -> Any:
    return flat_moves(msg, ints(json_format.MessageToDict(
        msg, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)))


def flat_moves(msg: Message, d: dict[str, Any]) -> dict[str, Any]:
    """The mapping ``d`` of ``msg`` with each Move replaced by its flat form."""
    for f in msg.DESCRIPTOR.fields:
        md = f.message_type
        if md is None or md.full_name.startswith("google.protobuf.") or f.name not in d:
            continue
        value = getattr(msg, f.name)
        if md.full_name == pb.Move.DESCRIPTOR.full_name:
            d[f.name] = ([move_to_json(m) for m in value] if f.is_repeated
                         else move_to_json(value))
        elif md.GetOptions().map_entry:
            if md.fields_by_name["value"].message_type is not None:
                for k, sub in value.items():
                    flat_moves(sub, d[f.name][k])
        elif f.is_repeated:
            for sub, sd in zip(value, d[f.name]):
                flat_moves(sub, sd)
        else:
            flat_moves(value, d[f.name])
    return d


def responses(core: Core, scenario: str, seed: int, options: dict[str, Any]
              ) -> Iterator[Message]:
    call = core.call
    yield core.list_scenarios(pb.ListScenariosRequest(), call())
    g = core.new_game(pb.NewGameRequest(scenario=scenario, seed=seed, options=options), call())
    yield g
    rnd = random.Random(seed)
    state, moves, to_move = g.state, list(g.legal_moves), g.to_move
    for _ in range(sized(30, 60)):   # decisions of the game
        if not to_move:
            break
        for role in ("gov", "fln", "observer"):
            yield core.legal_moves(pb.LegalMovesRequest(state=state, role=role), call())
        yield core.view(pb.ViewRequest(state=state, role=rnd.choice(["gov", "fln"])), call())
        yield core.validate(pb.ValidateRequest(state=state, move=pb.Move(t="nope")), call())
        if to_move == "fln" and core.bot is not None and rnd.random() < 0.3:
            d = core.decide(pb.DecideRequest(state=state, seed=seed), call())
            yield d
            lm = core.legal_moves(pb.LegalMovesRequest(state=d.state), call())
            state, moves, to_move = d.state, list(lm.legal_moves), lm.to_move
            continue
        move = rnd.choice(moves)
        yield core.validate(pb.ValidateRequest(state=state, moves=[move]), call())
        a = core.apply(pb.ApplyRequest(state=state, move=move, preview=True), call())
        yield a
        state, moves, to_move = a.state, list(a.legal_moves), a.to_move


CASES = [("short", 1, {}), ("medium", 2, {"deception": True}),
         ("full", 3, {"chance": "external"}), ("short", 4, {"fln_bot": True})]


@pytest.mark.parametrize("scenario,seed,options", CASES)
@pytest.mark.parametrize("seal", [False, True])
def test_rest_encoding_is_the_json_mapping(scenario: str, seed: int, options: dict[str, Any],
                                           seal: bool) -> None:
    core = Core(Config(cache_size=0, secret=b"k" if seal else None, seal=seal))
    n = 0
    for msg in responses(core, scenario, seed, options):
        assert to_dict(msg) == reference(msg), type(msg).__name__
        back = type(msg)()
        from_dict(to_dict(msg), back)
        assert back == msg, type(msg).__name__
        n += 1
    assert n > 100


def test_request_messages_too() -> None:
    """Requests have int64 fields (seeds), written as strings by the mapping."""
    for msg in (pb.NewGameRequest(scenario="short", seed=2**40, options={"chance": "managed"}),
                pb.DecideRequest(state=pb.GameState(json="{}"), seed=-5),
                pb.ApplyRequest(moves=[pb.Move(t="x", card=3, args={"a": 1, "b": "s"})])):
        assert to_dict(msg) == reference(msg)


def test_moves_are_flat_both_ways() -> None:
    """A string or an integer value, args, a label: the flat form and back, without loss."""
    for flat in ({"t": "pick", "value": "Philippeville"}, {"t": "roll", "value": 4},
                 {"t": "base", "space": "Medea", "ug": 1, "from": "Batna"},
                 {"t": "pick", "value": 0}, {"t": "pick", "value": "", "label": "nothing"}):
        req = pb.ApplyRequest()
        from_dict({"moves": [flat]}, req)
        assert to_dict(req)["moves"] == [flat]
    req = pb.ApplyRequest()
    from_dict({"move": {"t": "pick", "value": "Medea"}}, req)
    assert req.move.value_str == "Medea" and not req.move.HasField("args")


@pytest.mark.parametrize("body,field", [
    ({"move": {"t": "pick", "value": 1.5}}, "move.value"),
    ({"moves": [{"t": "done"}, {"space": "Medea"}]}, "moves[1].t"),
    ({"moves": [{"t": "x", "n": 2**40}]}, "moves[0].n"),
    ({"move": "done"}, "move"),
    ({"mvoe": {"t": "done"}}, "mvoe"),
])
def test_a_move_that_cannot_be_read_names_its_field(body: dict[str, Any], field: str) -> None:
    with pytest.raises(MoveError) as e:
        from_dict(body, pb.ApplyRequest())
    assert e.value.field == field


def test_a_move_that_is_no_engine_move_is_written_as_it_is() -> None:
    """(so that the referee names its field)"""
    assert to_dict(pb.ApplyRequest(moves=[pb.Move(op="sweep", args={"a": 1.5})]))["moves"] == [
        {"op": "sweep", "a": 1.5}]


@pytest.mark.parametrize("cls,body", [
    (pb.ApplyRequest, {"state": {"json": "{}", "signature": "v3.x.y", "game_id": "g",
                                 "sequence": 4}, "move": {"t": "pick", "value": "Medea"},
                       "seat": "s"}),
    (pb.ApplyRequest, {"moves": [{"t": "pass"}, {"t": "pick", "value": 3, "label": "three"}]}),
    (pb.ApplyRequest, {"state": {}}),                          # an empty object sets the field
    (pb.ApplyRequest, {"move": {"t": "pass"}, "seat": "s", "seats": ["a", "b"]}),
    (pb.ApplyRequest, {"move": {"t": "pass"}, "seats": []}),
    (pb.ApplyRequest, {"seats": ["a", 3]}),                    # not a string: json_format's error
    (pb.ApplyRequest, {"seats": "a"}),
    (pb.ApplyRequest, {"state": {"sequence": "4"}}),           # an integer written as a string
    (pb.ApplyRequest, {"state": {"sequence": 1 << 31}}),       # out of range: json_format's error
    (pb.ApplyRequest, {"state": {"sequence": True}}),
    (pb.ApplyRequest, {"state": {"gameId": "g"}}),             # the JSON name of a field
    (pb.ApplyRequest, {"state": None}),
    (pb.ApplyRequest, {"move": {"t": 3}}),                     # the error names the move
    (pb.ApplyRequest, {"moves": [{"t": "pass"}, {"value": 1}]}),
    (pb.ApplyRequest, {"sate": {}}),                           # unknown field
    (pb.NewGameRequest, {"scenario": "short", "seed": 3, "options": {"deception": True}}),
    (pb.NewGameRequest, {"options": {"nope": True}}),
    (pb.PositionsRequest, {"position": {"card": 5}, "seed": 2}),
    # responses: maps with string keys, Structs, ListValues, repeated integers
    (pb.ViewResponse, {"view": {"spaces": {"Algiers": {"support": "neutral", "terror": 1,
                                                       "pieces": {}}, "Oran": {}},
                                "cards": {"played": [3, 17]}, "pending": [{"k": "x"}, 1, None],
                                "result": {"winner": "gov", "margin": 2, "by": [1.5, True]}}}),
    (pb.ViewResponse, {"view": {"spaces": {"Algiers": None}}}),        # json_format's error
    (pb.ViewResponse, {"view": {"spaces": {"Algiers": {"terror": "1"}}}}),
    (pb.ViewResponse, {"view": {"cards": {"played": [3, "17"]}}}),
    (pb.ViewResponse, {"view": {"cards": {"played": [3, True]}}}),
    (pb.ViewResponse, {"view": {"cards": {"played": [1 << 31]}}}),
    (pb.ViewResponse, {"view": {"pending": {"k": "x"}}}),
    (pb.NewGameResponse, {"seats": {"gov": "a", "fln": "b"}}),
    (pb.NewGameResponse, {"seats": {"gov": 3}}),
    (pb.CatalogResponse, {"force_pool": {"troops": 40, "police": "30"}}),
    (pb.CatalogResponse, {"force_pool": {"troops": 1 << 31}}),
    (pb.ApplyResponse, {"log": [{"rule": "3.2", "text": "t", "data": {"n": 1, "a": [None]}}]}),
    (pb.ApplyResponse, {"log": [{"data": [1]}]}),
    (pb.DecideResponse, {"trace": [{"box": "8.1", "n": 2}, {}]}),
    (pb.DecideResponse, {"trace": [{"box": "8.1"}, 3]}),
])
def test_the_direct_reading_is_json_formats(cls: Any, body: dict[str, Any]) -> None:
    """from_dict reads the usual request directly; whatever it reads means what json_format's
    reading means, and what it cannot take fails with json_format's error, field for field."""
    from google.protobuf import json_format

    from service.jsonmap import _unflatten
    from service.moves import MoveError

    def slow() -> Any:
        msg = cls()
        json_format.ParseDict(_unflatten(body, msg.DESCRIPTOR, "", False), msg)
        return msg

    def fast() -> Any:
        msg = cls()
        from_dict(body, msg)
        return msg

    outcomes = []
    for read in (slow, fast):
        try:
            outcomes.append(read())
        except (json_format.ParseError, MoveError) as e:
            outcomes.append((type(e), str(e), getattr(e, "field", None)))
    assert outcomes[0] == outcomes[1]


def test_the_usual_request_is_read_directly() -> None:
    from service.jsonmap import _read

    _read({"state": {"json": "{}", "signature": "v3.x.y", "sequence": 4},
           "move": {"t": "pick", "value": "Medea", "label": "Medea"}}, pb.ApplyRequest(), "")
    _read({"moves": [{"t": "pass"}]}, pb.ValidateRequest(), "")
    # as the REST encoder writes an Apply (every field, the seat tokens among them)
    msg = pb.ApplyRequest(state=pb.GameState(json="{}"), move=pb.Move(t="pass"),
                          seats=["a", "b"])
    read = pb.ApplyRequest()
    _read(to_dict(msg), read, "")
    assert read == msg


@pytest.mark.parametrize("body,direct", [
    ({"to_move": "gov", "newer": 1, "view": {"spaces": {"Oran": {"newer": [1]}}, "newer": {}}},
     True),
    ({"toMove": "gov", "newer": 1}, False),             # a JSON name: json_format reads it
    ({"view": {"spaces": {"Oran": {"terror": "x"}}}}, False),   # json_format's error
])
def test_unknown_fields_are_skipped_as_json_format_skips_them(body: dict[str, Any],
                                                              direct: bool) -> None:
    """What a client of a newer referee reads (``ignore_unknown``): the direct reading skips the
    fields the contract does not know where json_format does, and means the same."""
    from google.protobuf import json_format

    from service.jsonmap import _read, _unflatten

    def slow() -> Any:
        msg = pb.LegalMovesResponse()
        json_format.ParseDict(_unflatten(body, msg.DESCRIPTOR, "", True), msg,
                              ignore_unknown_fields=True)
        return msg

    def fast() -> Any:
        msg = pb.LegalMovesResponse()
        from_dict(body, msg, ignore_unknown=True)
        return msg

    outcomes = []
    for read in (slow, fast):
        try:
            outcomes.append(read())
        except json_format.ParseError as e:
            outcomes.append((type(e), str(e)))
    assert outcomes[0] == outcomes[1]
    if direct:
        _read(body, pb.LegalMovesResponse(), "", ignore_unknown=True)


def test_every_response_of_a_game_is_read_directly() -> None:
    """The client's side: the responses as the REST encoder writes them (views with their maps,
    Structs and ListValues, logs, the bot's trace) need no json_format."""
    from service.jsonmap import _read

    core = Core(Config(cache_size=0))
    kinds = set()
    for msg in responses(core, "short", 4, {"fln_bot": True}):
        read = type(msg)()
        _read(to_dict(msg), read, "")
        assert read == msg, type(msg).__name__
        kinds.add(type(msg).__name__)
    assert {"LegalMovesResponse", "ViewResponse", "ApplyResponse", "DecideResponse"} <= kinds
