// The client against a real referee: CT_REFEREE_URL names a running REST server (the pytest test
// tests/service/test_ts_client.py starts one on a free port and runs these tests).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  RefereeError, RestClient, ROUTES, flatMove, moveOf,
} from "../src/index.js";
import type { FlatMove, Move } from "../src/index.js";

const url = process.env.CT_REFEREE_URL;
if (!url) throw new Error("CT_REFEREE_URL: the URL of a running ct-referee REST server");
const client = new RestClient(url);

test("every route is an operation of the served OpenAPI document", async () => {
  const doc = await (await fetch(`${url}/openapi.json`)).json() as
    { paths: Record<string, Record<string, { operationId: string }>> };
  for (const route of Object.values(ROUTES)) {
    const op = doc.paths[route.path]?.[route.method.toLowerCase()];
    assert.equal(op?.operationId, route.rpc.name, `${route.method} ${route.path}`);
  }
});

test("NewGame, LegalMoves, then Apply a listed move", async () => {
  const scenarios = await client.listScenarios();
  assert.ok(scenarios.scenarios.some((s) => s.name === "short"));

  const game = await client.newGame({ scenario: "short", seed: 7n, options: { chance: "managed" } });
  assert.ok(game.state?.json.includes("ct-state/"));
  assert.ok(["gov", "fln"].includes(game.toMove), game.toMove);
  assert.ok(game.legalMoves.length > 0);

  const legal = await client.legalMoves({ state: game.state, role: game.toMove });
  assert.equal(legal.toMove, game.toMove);
  assert.equal(legal.view?.role, game.toMove);
  assert.equal(legal.view?.game, "colonial_twilight");
  for (const m of legal.legalMoves) {
    assert.ok(m.t.length > 0 && m.label.length > 0, JSON.stringify(flatMove(m, true)));
  }

  const move: Move = legal.legalMoves[legal.legalMoves.length - 1];
  const next = await client.apply({ state: game.state, move });
  assert.notEqual(next.state?.json, game.state?.json);
  assert.ok(next.log.length > 0 || next.legalMoves.length > 0);
  assert.ok(next.prompt.length > 0);
});

test("an illegal move is a RefereeError carrying the contract's Error", async () => {
  const game = await client.newGame({ scenario: "short", seed: 7n });
  await assert.rejects(
    client.apply({ state: game.state, move: moveOf({ t: "pivotal", card: 65 }) }),
    (e: unknown) => {
      assert.ok(e instanceof RefereeError);
      assert.equal(e.status, 422);
      assert.equal(e.code, "illegal_move");
      assert.equal(e.error.moveIndex, 0);
      assert.ok(e.error.rule.length > 0, "the rule at stake");
      return true;
    });
  await assert.rejects(
    client.apply({ state: game.state, move: moveOf({ t: "space", space: "Medaa" }) }),
    (e: unknown) => {
      assert.ok(e instanceof RefereeError);
      assert.equal(e.status, 400);
      assert.equal(e.code, "invalid_argument");
      assert.equal(e.error.field, "move.space");
      assert.match(e.error.message, /Medea/);
      return true;
    });
});

test("Validate answers an illegal turn as data, naming the first illegal move", async () => {
  const game = await client.newGame({ scenario: "short", seed: 3n });
  const first = game.legalMoves[0];
  const v = await client.validate({ state: game.state, moves: [first, moveOf({ t: "pivotal", card: 65 })] });
  assert.equal(v.legal, false);
  assert.equal(v.applied, 1);
  assert.equal(v.error?.code, "illegal_move");
  assert.equal(v.error?.moveIndex, 1);
});

test("moves keep their flat form both ways (value, typed fields, fields outside the contract)", () => {
  const flats: FlatMove[] = [{ t: "pick", value: "Philippeville" }, { t: "roll", value: 4 },
                      { t: "op", op: "sweep", box: "op_only" }, { t: "pivotal", card: 65 },
                      { t: "base", space: "Medea", ug: 1 }, { t: "mission", mission: "raid", area: "I-1" }];
  for (const flat of flats) {
    assert.deepEqual(flatMove(moveOf(flat)), flat);
  }
  const m = moveOf({ t: "pick", value: 3 });
  assert.deepEqual(m.value, { case: "valueInt", value: 3 });
  assert.deepEqual(moveOf({ t: "base", ug: 1, space: "Medea" }).args, { ug: 1 });
});

test("Algeria through the same client", async () => {
  const game = await client.newGame({ game: "algeria", scenario: "1954", seed: 5n });
  assert.ok(game.state?.json.includes("algeria-state/1"));
  const legal = await client.legalMoves({ state: game.state });
  assert.equal(legal.view?.game, "algeria");
  assert.ok(legal.legalMoves.length > 0);
  const next = await client.apply({ state: game.state, move: legal.legalMoves[0] });
  assert.ok(next.state?.json.includes("algeria-state/1"));
});

test("Catalog: the version the client holds is answered not_modified (304)", async () => {
  const cat = await client.catalog();
  assert.equal(cat.cards.length, 71);
  assert.ok(cat.version.length > 0);
  const again = await client.catalog({ ifNoneMatch: cat.version });
  assert.equal(again.notModified, true);
  assert.equal(again.cards.length, 0);
});

test("Decide: the non-player FLN's moves come back as Move messages", async () => {
  let game = await client.newGame({ scenario: "short", seed: 11n, options: { flnBot: true } });
  for (let i = 0; i < 40 && game.toMove !== "fln"; i++) {
    const r = await client.apply({ state: game.state, move: game.legalMoves[0] });
    game = { ...game, state: r.state, toMove: r.toMove, legalMoves: r.legalMoves };
  }
  assert.equal(game.toMove, "fln");
  const d = await client.decide({ state: game.state, seed: 1n });
  assert.ok(d.moves.length > 0);
  assert.ok(d.moves.every((m) => m.t.length > 0));
  assert.ok(d.trace.length > 0 && typeof d.trace[0].box === "string");
});
