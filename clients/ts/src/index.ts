// ct-referee's TypeScript client: the contract's message types (generated into ./gen by
// scripts/gen_ts.py from proto/ct_referee/v1/referee.proto; never edit them by hand) and a
// typed client of the REST API.
export * from "./gen/ct_referee/v1/referee_pb.js";
export { RestClient, RefereeError, ROUTES } from "./rest.js";
export type { RestClientOptions } from "./rest.js";
export { flatMove, moveOf, mapMoves } from "./moves.js";
export type { FlatMove } from "./moves.js";
