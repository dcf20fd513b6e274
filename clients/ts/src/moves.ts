// Moves between the REST API's flat form (docs/moves.md, e.g. {"t": "pick", "value":
// "Philippeville"}) and the contract's Move message, as service/moves.py maps them: the typed
// fields of Move as they are, `value` as `value_int` or `value_str`, any other field in `args`,
// `label` (display text of a listed move) carried along. The typed fields are read from the
// generated descriptor, so a field added to the contract is picked up on regeneration.

import { fromJson, toJson, ScalarType } from "@bufbuild/protobuf";
import type { DescField, DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import { MoveSchema } from "./gen/ct_referee/v1/referee_pb.js";
import type { Move } from "./gen/ct_referee/v1/referee_pb.js";

/** A move in its flat form: the kind `t` and string or integer fields. */
export type FlatMove = { t: string; label?: string } & { [field: string]: string | number };

const VALUE = "value";
const ARGS = "args";

/** The Move fields a flat field of the same name goes to, when its value has their type. */
const TYPED: Map<string, DescField> = new Map(
  MoveSchema.fields
    .filter((f) => f.fieldKind === "scalar" && f.oneof === undefined)
    .map((f) => [f.name, f]),
);
const VALUE_FIELDS = MoveSchema.oneofs.find((o) => o.name === VALUE)?.fields ?? [];

function fits(f: DescField, v: string | number): boolean {
  if (f.fieldKind !== "scalar") return false;
  return f.scalar === ScalarType.STRING ? typeof v === "string"
    : f.scalar === ScalarType.INT32 ? Number.isInteger(v) : false;
}

/** A move's proto3 JSON (field names as in the contract) as its flat form. */
export function flatFromProtoJson(j: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(j)) {
    if (VALUE_FIELDS.some((f) => f.name === k)) out[VALUE] = v;
    else if (k === ARGS && v !== null && typeof v === "object" && !Array.isArray(v)) Object.assign(out, v);
    else out[k] = v;
  }
  return out;
}

/** A flat move as the proto3 JSON of Move (field names as in the contract). */
export function protoJsonFromFlat(flat: JsonObject): JsonObject {
  const out: JsonObject = {};
  const args: JsonObject = {};
  for (const [k, v] of Object.entries(flat)) {
    const typed = TYPED.get(k);
    if (typed !== undefined && (typeof v === "string" || typeof v === "number") && fits(typed, v)) {
      out[k] = v;
    } else if (k === VALUE && (typeof v === "string" || typeof v === "number")) {
      const f = VALUE_FIELDS.find((vf) => fits(vf, v));
      if (f !== undefined) out[f.name] = v;
      else args[k] = v;
    } else {
      args[k] = v;
    }
  }
  if (Object.keys(args).length > 0) out[ARGS] = args;
  return out;
}

/** A Move as its flat form, e.g. to write a game record (docs/records.md). */
export function flatMove(m: Move, withLabel = false): FlatMove {
  const j = flatFromProtoJson(toJson(MoveSchema, m, { useProtoFieldName: true }) as JsonObject);
  if (!withLabel) delete j.label;
  return j as FlatMove;
}

/** A flat move (from a record or docs/moves.md) as a Move to send. */
export function moveOf(flat: FlatMove): Move {
  return fromJson(MoveSchema, protoJsonFromFlat(flat as JsonObject));
}

/** Every Move inside a message's JSON (at any depth), mapped by `f`: the REST API's moves are
 * flat, the generated types' are Move messages. */
export function mapMoves(desc: DescMessage, json: JsonValue, f: (m: JsonObject) => JsonObject): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  if (desc.typeName === MoveSchema.typeName) return f(json);
  const out: JsonObject = { ...json };
  for (const field of desc.fields) {
    const v = json[field.name];
    if (v === undefined || v === null) continue;
    if (field.fieldKind === "message" && own(field.message)) {
      out[field.name] = mapMoves(field.message, v, f);
    } else if (field.fieldKind === "list" && field.listKind === "message" && own(field.message) && Array.isArray(v)) {
      out[field.name] = v.map((x) => mapMoves(field.message, x, f));
    } else if (field.fieldKind === "map" && field.mapKind === "message" && own(field.message)
               && typeof v === "object" && !Array.isArray(v)) {
      out[field.name] = Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, mapMoves(field.message, x, f)]));
    }
  }
  return out;
}

/** A message of the contract (not a well-known type such as Struct, which holds no Move). */
function own(desc: DescMessage): boolean {
  return desc.file === MoveSchema.file;
}

