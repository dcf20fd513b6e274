"""The operations of the contract, listed once: the RPC, its REST method and path, and the summary
the OpenAPI document gives it. The REST app, the gRPC server, the OpenAPI document and the Python
client derive everything else from this table and the contract's descriptors: the service that
owns the RPC, its request and response messages, the core's method (the RPC's name in
snake_case) and the metrics' endpoint label (the path without "/v1/").

It imports nothing but the generated contract, so that the client can use it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.message import Message

from ct_referee_proto.v1 import referee_pb2 as pb

REFEREE = pb.DESCRIPTOR.services_by_name["Referee"].full_name
FLN_BOT = pb.DESCRIPTOR.services_by_name["FlnBot"].full_name
GOV_BOT = pb.DESCRIPTOR.services_by_name["GovBot"].full_name
BOTS = (FLN_BOT, GOV_BOT)  # the services of the non-players (CT_REFEREE_BOT_ONLY serves these)

_METHODS = {m.name: m for s in pb.DESCRIPTOR.services_by_name.values() for m in s.methods}


@dataclass(frozen=True)
class Operation:
    rpc: str          # the contract's method, e.g. "LegalMoves"
    http_method: str  # REST: "GET" (no request body) or "POST"
    path: str         # REST: e.g. "/v1/legal-moves"
    summary: str
    versioned: bool = False  # REST: the answer carries an ETag and honours If-None-Match

    @cached_property
    def descriptor(self) -> MethodDescriptor:
        """The RPC in the contract (its service, input and output types)."""
        return _METHODS[self.rpc]

    @cached_property
    def service(self) -> str:
        """The full name of the service that owns the RPC, e.g. "ct_referee.v1.Referee"."""
        return str(self.descriptor.containing_service.full_name)

    @cached_property
    def request(self) -> type[Message]:
        """The request message class."""
        cls: type[Message] = getattr(pb, self.descriptor.input_type.name)
        return cls

    @cached_property
    def core_method(self) -> str:
        """The application core's method, e.g. "legal_moves"."""
        return re.sub(r"(?<!^)(?=[A-Z])", "_", self.rpc).lower()

    @cached_property
    def label(self) -> str:
        """The endpoint label of the metrics, e.g. "legal-moves"."""
        return self.path.removeprefix("/v1/")


OPERATIONS: tuple[Operation, ...] = (
    Operation("ListScenarios", "GET", "/v1/scenarios", "The scenarios of rule 10.0."),
    Operation("NewGame", "POST", "/v1/games",
              "Set up a scenario (scenario, seed, options) and settle to the first decision."),
    Operation("LegalMoves", "POST", "/v1/legal-moves",
              "State -> actor to move, prompt, every legal move, and the view of `role`."),
    Operation("Apply", "POST", "/v1/apply",
              "State + `move` (or a whole turn as `moves`) -> new state, log, next legal moves. "
              "An illegal move is a 422 error with `move_index` and `rule`."),
    Operation("Validate", "POST", "/v1/validate",
              "Apply as a dry run for referees: `legal` true/false, the first illegal move's "
              "index, reason and rule; no state is issued."),
    Operation("View", "POST", "/v1/view",
              "What `role` (gov, fln, observer) may see of a state; never the hidden part."),
    Operation("Catalog", "GET", "/v1/catalog",
              "The game's static facts: scenarios, the 71 cards, the 30 spaces (with their place "
              "on the board picture), pieces and force pool, tracks. Versioned with the engine: "
              "ETag / If-None-Match (304).", versioned=True),
    Operation("Replay", "POST", "/v1/replay",
              "A start (`game`: scenario, seed, options) plus `moves` -> the state and/or view "
              "at each checkpoint (`every`: end, move, card, or `at` listed indices) with the "
              "labelled log."),
    Operation("Render", "POST", "/v1/render",
              "A picture of a state as `role` may see it: `svg`, an SVG document of the board; "
              "each space is a `<g data-space=\"NAME\">` group."),
    Operation("Positions", "POST", "/v1/positions",
              "A referee state from a position on the table (`position`, docs/positions.md; "
              "`seed` for managed chance): the state at the start of its current card. An "
              "inconsistent position is a 422 `invalid_state` naming the field (`position.…`)."),
    Operation("CheckRecord", "POST", "/v1/records/check",
              "A whole game record (`record`: its JSON lines, docs/records.md) checked as "
              "`ct-referee validate` checks it: the verdict (`ok`; else `kind`, `line`, "
              "`problem`, and at an illegal move its `rule` and the labelled `legal_moves`; "
              "`hints`) and the verdict's `text`. A record over the Replay work limit is a 400 "
              "naming CT_REFEREE_MAX_REPLAY_WORK."),
    Operation("Decide", "POST", "/v1/bot/fln/decide",
              "The non-player FLN (rules 8.0): the bot's moves, the resulting state and its "
              "trace. 501 `unimplemented` until the bot is part of the build."),
    Operation("DecideGov", "POST", "/v1/bot/gov/decide",
              "The bot of the side fighting the FLN: the Government bot (engine.govbot, "
              "docs/gov-bot.md; Algeria's, algeria.bots), INSURGENT's automated French of the "
              "Solo Variant (option french_bot, docs/insurgent/solo.md): its moves, the "
              "resulting state and its trace, as Decide answers for the FLN."),
)
BY_RPC = {op.rpc: op for op in OPERATIONS}
