// A typed client of the REST API (service/rest.py): each call takes the request message of the
// contract (as an init object: plain fields, `seed` a bigint), sends its JSON (proto3 JSON with
// the contract's field names, moves in their flat form, as service/jsonmap.py reads them) and
// parses the answer into the response message, so that every field has its generated type and
// its default when the server left it out.

import { create, fromJson, toJson } from "@bufbuild/protobuf";
import type { DescMessage, JsonObject, JsonValue, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import {
  CatalogResponseSchema, ErrorSchema, FlnBot, GovBot, Referee,
} from "./gen/ct_referee/v1/referee_pb.js";
import type { Error as ErrorMessage } from "./gen/ct_referee/v1/referee_pb.js";
import { flatFromProtoJson, mapMoves, protoJsonFromFlat } from "./moves.js";

/** An RPC of the contract as the generated service descriptors give it. */
interface Rpc<I extends DescMessage, O extends DescMessage> {
  readonly name: string;
  readonly input: I;
  readonly output: O;
}

/** The REST route of each RPC (service/operations.py); GET routes take `game` as a query. */
export const ROUTES = {
  listScenarios: { rpc: Referee.method.listScenarios, method: "GET", path: "/v1/scenarios" },
  newGame: { rpc: Referee.method.newGame, method: "POST", path: "/v1/games" },
  legalMoves: { rpc: Referee.method.legalMoves, method: "POST", path: "/v1/legal-moves" },
  apply: { rpc: Referee.method.apply, method: "POST", path: "/v1/apply" },
  validate: { rpc: Referee.method.validate, method: "POST", path: "/v1/validate" },
  view: { rpc: Referee.method.view, method: "POST", path: "/v1/view" },
  catalog: { rpc: Referee.method.catalog, method: "GET", path: "/v1/catalog" },
  replay: { rpc: Referee.method.replay, method: "POST", path: "/v1/replay" },
  render: { rpc: Referee.method.render, method: "POST", path: "/v1/render" },
  positions: { rpc: Referee.method.positions, method: "POST", path: "/v1/positions" },
  decide: { rpc: FlnBot.method.decide, method: "POST", path: "/v1/bot/fln/decide" },
  decideGov: { rpc: GovBot.method.decideGov, method: "POST", path: "/v1/bot/gov/decide" },
} as const;

type Routes = typeof ROUTES;
type In<K extends keyof Routes> = MessageInitShape<Routes[K]["rpc"]["input"]>;
type Out<K extends keyof Routes> = Promise<MessageShape<Routes[K]["rpc"]["output"]>>;

/** A refusal of the referee: the HTTP status and the contract's Error (code, message, rule,
 * move_index, field). */
export class RefereeError extends globalThis.Error {
  constructor(readonly status: number, readonly error: ErrorMessage) {
    super(`${status} ${error.code}: ${error.message}`);
    this.name = "RefereeError";
  }

  get code(): string { return this.error.code; }
}

export interface RestClientOptions {
  /** Extra headers of every request (e.g. an API gateway's). */
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one of Node 18+ and browsers). */
  fetch?: typeof fetch;
}

export class RestClient {
  private readonly base: string;
  private readonly fetch: typeof fetch;
  private readonly headers: Record<string, string>;

  constructor(baseUrl: string, options: RestClientOptions = {}) {
    this.base = baseUrl.replace(/\/+$/, "");
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.headers = options.headers ?? {};
  }

  listScenarios(req: In<"listScenarios"> = {}): Out<"listScenarios"> {
    return this.get(ROUTES.listScenarios.rpc, ROUTES.listScenarios.path, req.game);
  }
  newGame(req: In<"newGame">): Out<"newGame"> { return this.post(ROUTES.newGame.rpc, ROUTES.newGame.path, req); }
  legalMoves(req: In<"legalMoves">): Out<"legalMoves"> { return this.post(ROUTES.legalMoves.rpc, ROUTES.legalMoves.path, req); }
  apply(req: In<"apply">): Out<"apply"> { return this.post(ROUTES.apply.rpc, ROUTES.apply.path, req); }
  validate(req: In<"validate">): Out<"validate"> { return this.post(ROUTES.validate.rpc, ROUTES.validate.path, req); }
  view(req: In<"view">): Out<"view"> { return this.post(ROUTES.view.rpc, ROUTES.view.path, req); }
  replay(req: In<"replay">): Out<"replay"> { return this.post(ROUTES.replay.rpc, ROUTES.replay.path, req); }
  render(req: In<"render">): Out<"render"> { return this.post(ROUTES.render.rpc, ROUTES.render.path, req); }
  positions(req: In<"positions">): Out<"positions"> { return this.post(ROUTES.positions.rpc, ROUTES.positions.path, req); }
  /** The non-player FLN (rules 8.0). */
  decide(req: In<"decide">): Out<"decide"> { return this.post(ROUTES.decide.rpc, ROUTES.decide.path, req); }
  /** The Government bot (engine.govbot; Colonial Twilight). */
  decideGov(req: In<"decideGov">): Out<"decideGov"> { return this.post(ROUTES.decideGov.rpc, ROUTES.decideGov.path, req); }

  /** The game's static facts; with `ifNoneMatch` the version the caller holds, answered
   * `notModified` (HTTP 304) while it is current. */
  catalog(req: In<"catalog"> = {}): Out<"catalog"> {
    const held = req.ifNoneMatch ?? "";
    return this.get(ROUTES.catalog.rpc, ROUTES.catalog.path, req.game, held,
                    () => create(CatalogResponseSchema, { version: held, notModified: true }));
  }

  private async post<I extends DescMessage, O extends DescMessage>(
      rpc: Rpc<I, O>, path: string, init: MessageInitShape<I>): Promise<MessageShape<O>> {
    const json = toJson(rpc.input, create(rpc.input, init), { useProtoFieldName: true });
    const body = JSON.stringify(mapMoves(rpc.input, json, flatFromProtoJson));
    return this.send(rpc, path, { method: "POST", body,
                                  headers: { ...this.headers, "content-type": "application/json" } });
  }

  private async get<I extends DescMessage, O extends DescMessage>(
      rpc: Rpc<I, O>, path: string, game: string | undefined, etag = "",
      notModified?: () => MessageShape<O>): Promise<MessageShape<O>> {
    const query = game ? `?game=${encodeURIComponent(game)}` : "";
    const headers = etag ? { ...this.headers, "if-none-match": `"${etag}"` } : this.headers;
    return this.send(rpc, path + query, { method: "GET", headers }, notModified);
  }

  private async send<I extends DescMessage, O extends DescMessage>(
      rpc: Rpc<I, O>, path: string, init: RequestInit,
      notModified?: () => MessageShape<O>): Promise<MessageShape<O>> {
    const res = await this.fetch(this.base + path, init);
    if (res.status === 304 && notModified) return notModified();
    const text = await res.text();
    let body: JsonValue;
    try {
      body = JSON.parse(text) as JsonValue;
    } catch {
      throw new RefereeError(res.status, create(ErrorSchema, {
        code: res.ok ? "internal" : "unavailable",
        message: `${rpc.name}: the answer is not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`,
      }));
    }
    if (!res.ok) {
      const error = (body as JsonObject | null)?.error ?? {};
      throw new RefereeError(res.status, fromJson(ErrorSchema, error, { ignoreUnknownFields: true }));
    }
    // Fields a newer referee added to the contract are skipped, not an error.
    return fromJson(rpc.output, mapMoves(rpc.output, body, protoJsonFromFlat),
                    { ignoreUnknownFields: true });
  }
}
