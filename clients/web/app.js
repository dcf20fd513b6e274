// The ct-referee web client: a person plays Colonial Twilight as the Government against the
// rulebook's non-player FLN (rules 8.0), as the FLN against the Government bot, or both sides at
// one screen; or Algeria, either side against its bot (docs/algeria/bots.md) or both sides
// (BOTS lists the bots); or INSURGENT: Algeria, both sides or the FLN against the Solo Variant's
// automated French (docs/insurgent/solo.md). Built only
// on the public REST API: POST /v1/games, /v1/apply, /v1/view, /v1/render, /v1/bot/fln/decide,
// /v1/bot/gov/decide, GET /v1/scenarios and /v1/catalog. The page keeps the game (its states,
// for undo) and writes its record (record.js).
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  });
  kids.flat().forEach((k) => e.append(k instanceof Node ? k : String(k)));
  return e;
};

const FACTION = {gov: "Government", fln: "FLN", french: "French", chance: "Chance"};
// The side fighting the FLN in each game (service.games.Game.counter): the "gov" of the mode list.
const COUNTER = {colonial_twilight: "gov", algeria: "gov", insurgent: "french"};
const other = (game, side) => (side === "fln" ? COUNTER[game] || "gov" : "fln");
// The side a mode (the person's side: "gov" the side fighting the FLN, "fln") plays in a game.
const sideOf = (game, mode) => (mode === "gov" ? COUNTER[game] || "gov" : mode);
// Games whose players hold cards no one else sees (INSURGENT's hands): their moves naming a card
// are listed only to their player (LegalMoves with its role), and at one screen the page shows
// the view of the player to move.
const HANDS = new Set(["insurgent"]);
// The bots of each game, by the side they play: the option that makes the side a non-player
// and the endpoint that has it move. A side not listed is a person's.
const BOTS = {
  colonial_twilight: {
    fln: {option: "fln_bot", path: "/v1/bot/fln/decide", name: "FLN (non-player)",
          reasons: "Reason (rules 8.0)",
          who: "you play the Government, the FLN is the rulebook's non-player (8.0)"},
    gov: {option: "gov_bot", path: "/v1/bot/gov/decide", name: "Government bot",
          reasons: "Reason (docs/gov-bot.md)",
          who: "you play the FLN, the Government is the Government bot"},
  },
  algeria: {
    fln: {option: "fln_bot", path: "/v1/bot/fln/decide", name: "FLN bot",
          reasons: "Reason (docs/algeria/bots.md)",
          who: "you play the Government, the FLN is Algeria's FLN bot"},
    gov: {option: "gov_bot", path: "/v1/bot/gov/decide", name: "Government bot",
          reasons: "Reason (docs/algeria/bots.md)",
          who: "you play the FLN, the Government is Algeria's Government bot"},
  },
  insurgent: {
    french: {option: "french_bot", path: "/v1/bot/gov/decide", name: "French automaton",
             reasons: "Priority (Solo Variant)",
             who: "you play the FLN, the French are the Solo Variant's automaton"},
  },
};
const DEFAULT_SCENARIO = {colonial_twilight: "short", algeria: "1954", insurgent: "standard"};
// The mode list's words for each game (the person's side against the bot of the other).
const MODES = {
  insurgent: {gov: "French vs an FLN bot (none)", fln: "FLN vs the French automaton (solo)"},
  default: {gov: "Government vs the FLN bot", fln: "FLN vs the Government bot"},
};
const MAX_MOVES = 500;  // moves per request when a loaded record is replayed

class ApiError extends Error {
  constructor(err) {
    super(err.message + (err.rule ? ` (rule ${err.rule})` : ""));
    this.code = err.code;
  }
}

// A 64-bit seed read from a record is a BigInt (Record.read): sent as its decimal string.
const toJson = (body) => JSON.stringify(body, (k, v) => (typeof v === "bigint" ? v.toString() : v));

// The answers whose legal moves the page shows ask for each move's cost and effect (`preview`;
// docs/moves.md, "Cost and effect"): the referee computes them only when asked.
const PREVIEWED = new Set(["/v1/games", "/v1/apply", "/v1/legal-moves", "/v1/bot/fln/decide",
                           "/v1/bot/gov/decide"]);

async function api(path, body) {
  if (body !== undefined && PREVIEWED.has(path)) body = Object.assign({preview: true}, body);
  const init = body === undefined ? {} : {method: "POST", body: toJson(body),
                                         headers: {"Content-Type": "application/json"}};
  const r = await fetch("../" + path.replace(/^\//, ""), init);
  const data = await r.json().catch(() => ({error: {code: "internal", message: r.statusText}}));
  if (!r.ok) throw new ApiError(data.error || {code: String(r.status), message: r.statusText});
  return data;
}

// --- the game the page holds ---------------------------------------------------------------

const app = {
  catalog: null,
  cards: new Map(),  // the catalogue's cards by number (their Event summaries)
  spaces: new Set(),
  game: null,      // {header, game, botSide, start, seats, pos, doc, view, svg, writer, log}
  history: [],     // earlier games (snapshots) for undo, one per move of the person
  busy: false,
  strict: false,   // the referee wants each move's seat (/readyz): a saved game keeps its seats
};

const viewRole = (g) => (g.botSide ? other(g.game, g.botSide)
  : HANDS.has(g.game) && g.pos.to_move && g.pos.to_move !== "chance" ? g.pos.to_move : "observer");
const isOver = (g) => !g.pos.to_move;
const botToMove = (g) => Boolean(g.botSide) && g.pos.to_move === g.botSide;
const botOf = (g) => BOTS[g.game][g.botSide];
// The side a game's options give to a bot ("" when the person plays both).
const botSideOf = (game, options) =>
  Object.keys(BOTS[game] || {}).find((side) => (options || {})[BOTS[game][side].option]) || "";
// The game a record's header names (Colonial Twilight's headers name none).
const gameOf = (h) => (typeof h.game === "string" && h.game ? h.game : "colonial_twilight");
// A sealed game (docs/trust.md, "Sealed"): the referee deals from its own secret seed, which the
// state carries once the game is over (revealed_seed); the Seed box does not decide the deal.
const isSealed = (g) => Boolean(g.start && g.start.sealed);
// The seed of the bot's decision after `n` moves: the same decision on a reload.
const botSeed = (g, n) => Number(g.header.bot_seed || 0) + n;

// The seat tokens a request carries (NewGame's seats; a strict referee wants the seat of every
// move's player and of a player's view: docs/trust.md, "Seats"). The page holds both: it plays
// both sides at one screen, or drives the bot.
function seatArgs(g, role, forMoves) {
  const out = {};
  if (!g.seats) return out;
  if (role && g.seats[role]) out.seat = g.seats[role];
  if (forMoves) out.seats = Object.values(g.seats);
  return out;
}

function whoPlays(g) {
  return g.botSide ? botOf(g).who : "you play both sides";
}

function dealText(g, seed) {
  return isSealed(g) ? "the deal is secret: the referee shuffles with its own seed, revealed when the game ends"
    : `seed ${seed}`;
}

// A game from a start position (NewGame's answer, or a saved game's start state); the game and
// the bot's side are the header's.
function gameAt(header, pos, seats) {
  const game = gameOf(header);
  const g = {header, game, botSide: botSideOf(game, header.options), start: pos.state,
             seats: seats || null, pos, doc: Record.doc(pos.state), view: null, svg: "", writer: null,
             log: []};
  g.writer = new Record.Writer(header, g.doc);
  return g;
}

async function newGame(scenario, seed, options, game) {
  game = game || "colonial_twilight";
  const r = await api("/v1/games", {scenario, seed, options, game});
  const extra = game === "colonial_twilight" ? {bot_seed: seed} : {game, bot_seed: seed};
  const g = gameAt(Record.header(scenario, seed, options, extra), r, r.seats);
  g.log.push({label: `New game: ${scenario}, ${dealText(g, seed)}; ${whoPlays(g)}.`, rule: "",
              card: true});
  addLog(g, r.log);
  return g;
}

function addLog(g, entries) {
  (entries || []).forEach((e) => g.log.push({label: e.label || e.text, rule: e.rule,
                                             card: /^Card #|draws? card|reveal/i.test(e.label || "")}));
}

// The person's move: apply it, then let the non-player FLN act when it is its turn. The game
// before it is kept unchanged (the next one is a new object) for undo.
async function play(move) {
  const g = app.game;
  const next = await step(g, move, null);
  await refresh(next);
  app.history.push(g);
  app.game = next;
}

// The game after the person's `move` and the bot's answer (`rec`: a record being loaded, whose
// moves the bot's decisions must repeat).
async function step(g, move, rec) {
  const r = await api("/v1/apply", Object.assign({state: g.pos.state, move}, seatArgs(g, null, true)));
  const next = Object.assign({}, g, {writer: g.writer.copy(), log: g.log.slice(), view: null, svg: ""});
  next.pos = r;
  next.doc = Record.doc(r.state);
  next.writer.move(move, next.doc);
  next.log.push({label: move.label || Record.canonical(Record.canonicalMove(move)), rule: "",
                 mine: true, actor: g.pos.to_move});
  addLog(next, r.log);
  await botTurns(next, rec);
  return next;
}

const sameMoves = (a, b) => a.length === b.length &&
  a.every((m, i) => Record.canonical(Record.canonicalMove(m)) === Record.canonical(Record.canonicalMove(b[i])));

// While the bot is to move (the non-player FLN, rules 8.0, or the Government bot): its decision
// with the reasons behind it. When a record is loaded, the decision is asked again with the seed
// it was made with, and must be the recorded one; a record whose bot moves differ (another
// client's) is replayed as recorded.
async function botTurns(g, rec) {
  while (botToMove(g)) {
    const n = g.writer.n;
    const live = !rec || n >= rec.moves.length;
    const before = g.doc;
    const d = await api(botOf(g).path, Object.assign(
      {state: g.pos.state, seed: botSeed(g, n), role: viewRole(g)}, seatArgs(g, viewRole(g), true)));
    if (!live && !sameMoves(d.moves, rec.moves.slice(n, n + d.moves.length))) {
      await recordedBotTurn(g, rec);
      continue;
    }
    const after = Record.doc(d.state);
    await recordBotMoves(g, d.moves, before, after, g.pos.state);
    g.log.push({bot: true, side: g.botSide, moves: d.moves, trace: d.trace || []});
    addLog(g, d.log);
    g.pos = d;
    g.doc = after;
    g.view = d.view;
  }
}

// The FLN's moves as a loaded record has them (no reasons: they were not this page's decision).
async function recordedBotTurn(g, rec) {
  const moves = [];
  while (botToMove(g) && g.writer.n < rec.moves.length) {
    const n = g.writer.n;
    const m = rec.moves[n];
    const r = await api("/v1/apply", Object.assign({state: g.pos.state, move: m}, seatArgs(g, null, true)))
      .catch((e) => { throw new Error(`record line ${rec.moveLines[n]} (move ${n + 1}): ${e.message}`); });
    moves.push(Object.assign({label: Record.canonical(m)}, m));
    g.pos = r;
    g.doc = Record.doc(r.state);
    g.writer.move(m, g.doc);
    addLog(g, r.log);
  }
  g.log.push({bot: true, side: g.botSide, moves, trace: [{box: "", text: "the record's moves (not this page's decision: no reasons)"}]});
}

// The record needs the state after each move that brings a new card (its checkpoint): when the
// bot's moves crossed a card, they are applied one by one to find those states.
async function recordBotMoves(g, moves, before, after, state) {
  const crossed = (after.turn || 0) !== (before.turn || 0) || after.result != null;
  if (!crossed) {
    moves.forEach((m) => g.writer.move(m, after));
    return;
  }
  for (const m of moves) {
    const r = await api("/v1/apply", Object.assign({state, move: m}, seatArgs(g, null, true)));
    state = r.state;
    g.writer.move(m, Record.doc(state));
  }
}

async function refresh(g) {
  const role = viewRole(g);
  const seat = seatArgs(g, role, false);
  if (HANDS.has(g.game) && g.pos.to_move === role && !botToMove(g)) {
    // the moves naming a card of the hand, listed to their player only
    const lm = await api("/v1/legal-moves", Object.assign({state: g.pos.state, role}, seat));
    g.pos = Object.assign({}, g.pos, {legal_moves: lm.legal_moves});
  }
  const [v, pic] = await Promise.all([api("/v1/view", Object.assign({state: g.pos.state, role}, seat)),
                                      api("/v1/render", Object.assign({state: g.pos.state, role,
                                                                       compact: Screen.compact()}, seat))]);
  g.view = v.view;
  g.svg = pic.svg;
}

function undo() {
  if (!app.history.length || app.busy) return;
  act(async () => {
    const g = app.history[app.history.length - 1];
    if (!g.svg) await refresh(g);  // a position rebuilt from a record is drawn when first shown
    app.history.pop();
    app.game = g;
  });
}

// --- records ---------------------------------------------------------------------------------

// The header a saved record carries (docs/records.md). A sealed game's seed is the referee's:
// the header carries the game's signed start state (`start`, from which its referee replays the
// moves), its id and seed commitment, and once the game is over the revealed seed as `seed`, with
// which any referee replays it; a strict referee's game in progress also keeps its seats (who
// holds the file may play on).
function recordHeader(g) {
  const h = Object.assign({}, g.header);
  if (!isSealed(g)) return h;
  delete h.seed;
  const revealed = g.pos.state.revealed_seed;
  if (isOver(g) && revealed) h.seed = BigInt(revealed);
  Object.assign(h, {game_id: g.start.game_id, seed_commitment: g.start.seed_commitment, start: g.start});
  if (app.strict && !isOver(g) && g.seats) h.seats = g.seats;
  return h;
}

function save() {
  const g = app.game;
  if (!g) return;
  const text = g.writer.text(isOver(g) ? g.doc.result : null, recordHeader(g));
  const name = isSealed(g) ? `sealed-${g.start.game_id}` : String(g.header.seed);
  const a = el("a", {href: URL.createObjectURL(new Blob([text], {type: "application/x-ndjson"})),
                     download: `ct-${g.header.scenario}-${name}.jsonl`});
  document.body.append(a);
  a.click();
  a.remove();
}

// The start of a saved game: its signed start state when it has one (its referee opens it), else
// a new game from its header's seed. On a referee that seals, a new game would be dealt from the
// referee's seed: the record's own deal is then the start of a Replay (which deals from the seed
// it is given).
async function loadStart(h) {
  const base = Object.assign({}, h);
  ["start", "seats", "game_id", "seed_commitment"].forEach((k) => delete base[k]);
  if (base.bot_seed === undefined) base.bot_seed = 0;
  if (h.start) {
    try {
      const lm = await api("/v1/legal-moves", {state: h.start});
      return gameAt(base, Object.assign({state: h.start}, lm), h.seats);
    } catch (e) {
      if (h.seed === undefined) throw new Error(`its start state: ${e.message}`);
    }
  }
  const seed = h.seed || 0;
  const start = {scenario: h.scenario, seed, options: h.options || {}, game: gameOf(h)};
  const r = await api("/v1/games", start);
  if (!r.state.sealed) return gameAt(base, r, r.seats);
  const rp = await api("/v1/replay", {game: start, moves: [], states: true});
  const st = rp.checkpoints[0].state;
  const lm = await api("/v1/legal-moves", {state: st});
  return gameAt(base, Object.assign({state: st}, lm), null);
}

// Load a record: its moves played again as they were played (the person's one by one, the
// bot's decisions asked again with their seeds), so that undo, the person's moves and the bot's
// reasons are as before the save. An error names the record's line.
async function load(text) {
  const rec = Record.read(text);
  const h = rec.header;
  const game = gameOf(h);
  let g;
  try {
    g = await loadStart(h);
  } catch (e) {
    throw new Error(`record line ${rec.headerLine} (the header): ${e.message}`);
  }
  g.log.push({label: `Loaded game: ${h.scenario}, ${dealText(g, h.seed || 0)}; ${whoPlays(g)}.`,
              rule: "", card: true});
  await botTurns(g, rec);
  const history = [];
  while (g.writer.n < rec.moves.length) {
    const n = g.writer.n;
    const m = rec.moves[n];
    const same = (x) => Record.canonical(Record.canonicalMove(x)) === Record.canonical(m);
    const listed = (g.pos.legal_moves || []).find(same) || m;
    history.push(g);
    try {
      g = await step(g, listed, rec);
    } catch (e) {
      throw new Error(e.message.startsWith("record line") ? e.message
        : `record line ${rec.moveLines[n]} (move ${n + 1}): ${e.message}`);
    }
  }
  checkCheckpoints(rec, g.writer);
  g.log.push({label: `Loaded a record of ${rec.moves.length} moves`, rule: "", card: true});
  await refresh(g);
  app.game = g;
  app.history = history;
  $("game").value = game;
  await scenarios(game);
  $("scenario").value = h.scenario;
  $("seed").value = String(g.header.bot_seed || 0);
  $("mode").value = g.botSide ? (other(game, g.botSide) === "fln" ? "fln" : "gov") : "hotseat";
}

// Each checkpoint of the record against the one this replay wrote after as many moves.
function checkCheckpoints(rec, writer) {
  const mine = new Map(writer.lines.filter((l) => l.checkpoint).map((l) => [l.checkpoint.moves, l.checkpoint]));
  rec.checkpoints.forEach(({line, checkpoint: c}) => {
    const got = mine.get(c.moves);
    if (got && got.hash !== c.hash) {
      throw new Error(`record line ${line}: the state after move ${c.moves} is not this checkpoint's:`
                      + " a line before it was altered, deleted or added");
    }
  });
}

// --- drawing ---------------------------------------------------------------------------------

// The spaces a move names (its string fields that are space names).
function spacesOf(move) {
  const out = [];
  const walk = (v) => {
    if (typeof v === "string" && app.spaces.has(v)) out.push(v);
    else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => k !== "label" && walk(x));
  };
  walk(move);
  return out;
}

const GROUPS = [
  ["Events", (m) => m.t === "event" || m.t === "pivotal"],
  ["Operations", (m) => m.t === "op"],
  ["Special Activities", (m) => m.t === "sa"],
  ["On the map — or click a space", (m) => spacesOf(m).length > 0],
  ["Choices", (m) => !["pass", "done", "decline", "skip"].includes(m.t)],
  ["Pass, finish, skip or decline", () => true],
];

// What an Event text does (the catalogue's summary, with a Capability's or Momentum's duration).
function eventSummary(n, side) {
  const c = app.cards.get(n);
  if (!c) return "";
  const s = side === "shaded" ? "shaded" : "unshaded";
  const lasts = c[s + "_duration"];
  return (c[s + "_summary"] || "") + (lasts ? ` — ${lasts}` : "");
}

// A listed move's cost and certain effect (the referee's preview, docs/moves.md): "-2 Res;
// removes nothing"; "" when it has none.
function previewText(m) {
  const c = m.cost || {};
  const parts = [[c.resources, "Res"], [c.commitment, "Commit"]].filter(([n]) => n)
    .map(([n, what]) => `${n > 0 ? "-" : "+"}${Math.abs(n)} ${what}`);
  if (m.effect) parts.push(m.effect);
  return parts.join("; ");
}

function moveSummary(g, m) {
  if (!g.view.cards) return "";
  if (m.t === "event") return eventSummary(g.view.cards.current, m.side);
  if (m.t === "pivotal") return eventSummary(m.card, "unshaded");
  return "";
}

// The current card and what each of its Events does.
function drawCard(g) {
  const box = $("card-text");
  const c = g.view.cards ? app.cards.get(g.view.cards.current) : null;
  if (!c || isOver(g)) {
    box.replaceChildren();
    return;
  }
  const texts = c.dual_use ? [["Unshaded", "unshaded"], ["Shaded", "shaded"]] : [["", "unshaded"]];
  box.replaceChildren(el("div", {class: "card-name"}, c.name),
    ...texts.map(([head, side]) => el("div", {class: "card-side " + side},
      head ? el("b", {}, head + ": ") : "", eventSummary(c.number, side))));
}

function drawMoves(g) {
  const box = $("moves");
  box.replaceChildren();
  if (isOver(g)) {
    box.append(el("div", {class: "result"}, ...resultText(g)));
    return;
  }
  if (botToMove(g)) return;
  const groups = GROUPS.map(([name]) => ({name, moves: []}));
  g.pos.legal_moves.forEach((m) => groups[GROUPS.findIndex(([, f]) => f(m))].moves.push(m));
  groups.filter((x) => x.moves.length).forEach((x) => {
    box.append(el("h3", {}, x.name));
    const row = el("div", {class: "group"});
    x.moves.forEach((m) => {
      const what = moveSummary(g, m);
      const b = el("button", {type: "button", class: "move move-" + m.t, "data-t": m.t,
                              onclick: () => act(() => play(m))}, m.label,
                   previewText(m) ? el("span", {class: "preview"}, previewText(m)) : "",
                   what ? el("span", {class: "event-summary"}, what) : "");
      if (what) b.title = what;
      const names = spacesOf(m);
      b.addEventListener("mouseenter", () => highlight(names, true));
      b.addEventListener("mouseleave", () => highlight(names, false));
      row.append(b);
    });
    box.append(row);
  });
}

function highlight(names, on) {
  names.forEach((n) => {
    const gEl = document.querySelector(`#board g[data-space="${CSS.escape(n)}"]`);
    if (gEl) gEl.classList.toggle("hl", on);
  });
}

function drawBoard(g) {
  const board = $("board");
  board.innerHTML = g.svg.replace(/^<\?xml[^>]*>\s*/, "");
  if (isOver(g) || botToMove(g)) return;
  const bySpace = new Map();
  g.pos.legal_moves.forEach((m) => spacesOf(m).forEach((s) => {
    if (!bySpace.has(s)) bySpace.set(s, []);
    if (!bySpace.get(s).includes(m)) bySpace.get(s).push(m);
  }));
  board.querySelectorAll("g[data-space]").forEach((gEl) => {
    const moves = bySpace.get(gEl.getAttribute("data-space"));
    if (!moves) return;
    gEl.classList.add("clickable");
    gEl.addEventListener("click", (ev) => {
      if (moves.length === 1) act(() => play(moves[0]));
      else choose(moves, ev);
    });
  });
}

// Several moves name the clicked space: a small menu of them beside the pointer.
function choose(moves, ev) {
  const c = $("choice");
  c.replaceChildren(el("div", {class: "choice-title"}, "Choose"),
    ...moves.map((m) => el("button", {type: "button", class: "move",
                                      onclick: () => { c.hidden = true; act(() => play(m)); }}, m.label)),
    el("button", {type: "button", class: "cancel", onclick: () => { c.hidden = true; }}, "Cancel"));
  c.style.left = Math.min(ev.clientX + 8, window.innerWidth - 360) + "px";
  c.style.top = Math.min(ev.clientY + 8, window.innerHeight - 40 - 38 * moves.length) + "px";
  c.hidden = false;
}

// INSURGENT's end (docs/insurgent/state.md): the winner or a draw, how, the fronts won.
function insurgentResult(g) {
  const r = g.doc.result || {};
  const won = r.won || {};
  return [el("div", {class: "winner " + (r.winner || "")},
             r.winner ? `The ${FACTION[r.winner]} win` : "A draw", r.by ? ` — by ${r.by.replace("_", " ")}` : ""),
          el("div", {}, `Fronts won: FLN ${won.fln || 0}, French ${won.french || 0}`),
          el("div", {class: "hint"}, "Save the record to keep the game; New game for another.")];
}

function resultText(g) {
  if (g.game === "insurgent") return insurgentResult(g);
  const r = g.doc.result || {};
  const who = FACTION[r.winner] || r.winner || "Nobody";
  const m = r.margins || {};
  const sign = (x) => (x > 0 ? "+" + x : String(x));
  return [el("div", {class: "winner " + (r.winner || "")}, `${who === "FLN" ? "The FLN" : "The " + who} wins`,
             r.grade ? ` — ${r.grade}` : ""),
          el("div", {}, r.reason || ""),
          el("div", {}, `Margins: Government ${sign(m.gov)}, FLN ${sign(m.fln)}`),
          el("div", {}, `Support + Commitment ${r.gov_score} · Opposition + Bases ${r.fln_score}`),
          el("div", {class: "hint"}, "Save the record to keep the game; New game for another.")];
}

// The game's seed, or a sealed game's secret deal (its seed once revealed).
function seedChip(g, chip) {
  return isSealed(g) && !g.pos.state.revealed_seed
    ? el("span", {class: "chip seed sealed", title: "the referee deals from its own secret seed, revealed when the game ends"},
         el("b", {}, "Deal"), " secret (sealed)")
    : chip("Seed", isSealed(g) ? `${g.pos.state.revealed_seed} (revealed)` : g.header.seed, "seed");
}

// Algeria's tracks (docs/algeria/state.md): its view carries the state document.
function algeriaStatus(g) {
  const d = g.view.document || {};
  const chip = (label, value, cls) => el("span", {class: "chip " + (cls || "")}, el("b", {}, label), " ", value);
  const psl = d.psl || {};
  $("status").replaceChildren(
    chip("Algeria", d.scenario || g.header.scenario, "card"),
    chip("Turn", `${d.turn} · ${d.phase || ""}`, ""),
    seedChip(g, chip),
    chip("PSL", `Gov ${psl.gov} · FLN ${psl.fln}`, ""),
    chip("AP", d.ap || 0, "fln"));
}

// INSURGENT's counts (docs/insurgent/state.md): its view carries the state document, the cards
// the role may not see as counts only.
function insurgentStatus(g) {
  const d = g.view.document || {};
  const chip = (label, value, cls) => el("span", {class: "chip " + (cls || "")}, el("b", {}, label), " ", value);
  const count = (x) => (Array.isArray(x) ? x.length : x || 0);
  const hands = d.hands || {};
  const decks = d.decks || {};
  $("status").replaceChildren(
    chip("INSURGENT", `turn ${d.turn || 0}` + (d.final_turn ? " · final turn" : ""), "card"),
    seedChip(g, chip),
    chip("Hands", `FLN ${count(hands.fln)} · French ${count(hands.french)}`, ""),
    chip("Decks", `FLN ${(decks.fln || {}).count || 0} · French ${(decks.french || {}).count || 0}`, ""),
    chip("Prison", count(d.prison), "fln"),
    chip("Graveyard", count(d.graveyard), ""),
    chip("Viewing as", FACTION[viewRole(g)] || "observer", "margin"));
}

function drawStatus(g) {
  if (g.game === "algeria") return algeriaStatus(g);
  if (g.game === "insurgent") return insurgentStatus(g);
  const v = g.view;
  const t = v.cards.titles || {};
  const card = (n) => (n ? `#${n} ${t[n] || ""}` : "—");
  const chip = (label, value, cls) => el("span", {class: "chip " + (cls || "")}, el("b", {}, label), " ", value);
  const m = v.margins || {};
  const sign = (x) => (x > 0 ? "+" + x : String(x));
  $("status").replaceChildren(
    chip("Card", card(v.cards.current), "card"),
    seedChip(g, chip),
    chip("Resources", `Gov ${v.resources.gov} · FLN ${v.resources.fln}`, ""),
    chip("Commitment", v.commitment, "gov"),
    chip("Sup+Com", `${v.gov_score}/35`, "gov"),
    chip("Opp+Bases", `${v.fln_score}/30`, "fln"),
    chip("Margins", `Gov ${sign(m.gov)} · FLN ${sign(m.fln)}`, "margin"),
    ...deceptionChips(v));
}

// The player's own Deception markers (7.3), which its view shows only to it.
const markerName = (k) => k.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
function deceptionChips(v) {
  const own = Object.entries(v.deception || {}).filter(([, d]) => Array.isArray(d.held));
  return own.map(([side, d]) => el("span", {class: "chip deception " + side},
    el("b", {}, `Your Deception markers (${FACTION[side]})`), " ",
    d.held.length ? d.held.map(markerName).join(", ") : "none left",
    d.used && d.used.length ? ` · used: ${d.used.map(markerName).join(", ")}` : ""));
}

function drawTurn(g) {
  const who = g.pos.to_move;
  const tm = $("to-move");
  if (isOver(g)) {
    tm.textContent = "Game over";
    tm.className = "to-move over";
    $("prompt").textContent = "";
  } else {
    const you = !g.botSide ? "" : who === g.botSide ? ` — the ${botOf(g).name}` : " — your move";
    tm.textContent = (FACTION[who] || who) + you;
    tm.className = "to-move " + who;
    $("prompt").textContent = g.pos.prompt;
    $("prompt").dataset.kind = g.pos.decision_kind || "";
  }
}

function traceRow(t) {
  const why = [];
  if (t.tie_breakers && t.tie_breakers.length) why.push("tie-breakers: " + t.tie_breakers.join(", "));
  // the FLN bot's candidates are labels, the Government bot's its moves with their values
  // (Algeria's bots: a move object with its score)
  const move = (m) => (m && typeof m === "object" ? Object.values(m).join(" ") : m);
  const cand = (c) => (c && typeof c === "object"
    ? `${move(c.move)} (${c.value !== undefined ? c.value : c.score})` : String(c));
  if (t.candidates && t.candidates.length) why.push("among: " + t.candidates.map(cand).join(", "));
  if (t.die !== undefined) why.push("die " + t.die);
  return el("tr", {}, el("td", {class: "box"}, t.box === "tie" ? "tie" : t.box || ""),
            el("td", {}, t.text || "", why.length ? el("div", {class: "why"}, why.join(" · ")) : ""));
}

function drawLog(g) {
  const ol = $("log");
  ol.replaceChildren(...g.log.map((e) => {
    if (e.bot) {
      const shown = e.moves.filter((m) => !["done", "go"].includes(m.t));
      return el("li", {class: "bot"},
        el("details", {},
          el("summary", {}, el("span", {class: "who " + e.side}, BOTS[g.game][e.side].name), " ",
             shown.length ? shown[0].label : "no move",
             shown.length > 1 ? el("span", {class: "more"}, ` +${shown.length - 1} more`) : "",
             el("span", {class: "whybtn"}, "why?")),
          el("ol", {class: "botmoves"}, e.moves.map((m) => el("li", {}, m.label))),
          el("table", {class: "trace"}, el("tr", {}, el("th", {}, "Box"), el("th", {}, BOTS[g.game][e.side].reasons)),
             e.trace.map(traceRow))));
    }
    if (e.mine) {
      return el("li", {class: "mine"}, el("span", {class: "who " + e.actor}, FACTION[e.actor] || ""), " ", e.label);
    }
    return el("li", {class: e.card ? "cardline" : ""}, e.label,
              e.rule ? el("span", {class: "rule"}, e.rule) : "");
  }));
  ol.scrollTop = ol.scrollHeight;
}

function draw() {
  const g = app.game;
  if (!g) return;
  drawStatus(g);
  drawBoard(g);
  drawTurn(g);
  drawCard(g);
  drawMoves(g);
  drawLog(g);
  $("undo").disabled = !app.history.length;
  document.body.classList.toggle("over", isOver(g));
}

// Run one action of the person: one at a time, errors shown, the page redrawn after it.
async function act(fn) {
  if (app.busy) return;
  app.busy = true;
  document.body.classList.add("busy");
  $("error").hidden = true;
  try {
    await fn();
  } catch (e) {
    $("error").textContent = e.message;
    $("error").hidden = false;
  } finally {
    app.busy = false;
    document.body.classList.remove("busy");
    draw();
  }
}

// The scenarios of a game (GET /v1/scenarios?game=...) into the Scenario list; a game with no
// bot offers only both sides.
async function scenarios(game) {
  const r = await api("/v1/scenarios?game=" + encodeURIComponent(game));
  const title = [...$("game").options].find((o) => o.value === game).textContent;
  document.querySelector("header h1").textContent = title;
  document.title = `${title} — ct-referee`;
  for (const id of ["opt-deception", "opt-open"]) {  // Colonial Twilight's optional rules
    $(id).closest("label").hidden = game !== "colonial_twilight";
  }
  const sel = $("scenario");
  sel.replaceChildren(...r.scenarios.map((s) => el("option", {value: s.name, title: s.title},
    s.first_year ? `${s.title.split(/[:(]/)[0].trim()} ${s.first_year}–${s.last_year}` : s.title)));
  sel.value = DEFAULT_SCENARIO[game] || r.scenarios[0].name;
  [...$("mode").options].forEach((o) => {
    if (o.value !== "hotseat") o.textContent = (MODES[game] || MODES.default)[o.value];
    o.disabled = o.value !== "hotseat" && !(BOTS[game] || {})[other(game, sideOf(game, o.value))];
  });
  if ($("mode").selectedOptions[0].disabled) $("mode").value = "hotseat";
}

async function start() {
  app.catalog = await api("/v1/catalog");
  app.strict = Boolean((await api("/readyz").catch(() => ({}))).strict);
  app.catalog.spaces.forEach((s) => app.spaces.add(s.name));
  app.catalog.cards.forEach((c) => app.cards.set(c.number, c));
  const q = new URLSearchParams(location.search);
  const mode = q.get("mode");
  $("mode").value = ["gov", "fln", "hotseat"].includes(mode) ? mode : "gov";
  $("game").value = Object.keys(BOTS).includes(q.get("game")) ? q.get("game") : "colonial_twilight";
  await scenarios($("game").value);
  if (q.get("scenario")) $("scenario").value = q.get("scenario");
  $("seed").value = q.get("seed") || Math.floor(Math.random() * 1000000);
  $("game").addEventListener("change", () => act(() => scenarios($("game").value)));
  $("new-game").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(startGame);
  });
  $("undo").addEventListener("click", undo);
  $("save").addEventListener("click", save);
  $("load").addEventListener("change", (ev) => {
    const f = ev.target.files[0];
    if (f) f.text().then((text) => act(() => load(text)));
    ev.target.value = "";
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") $("choice").hidden = true;
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") undo();
  });
  await act(startGame);
}

async function startGame() {
  const mode = $("mode").value;
  const game = $("game").value;
  const options = {chance: "managed"};
  const bot = mode === "hotseat" ? null : (BOTS[game] || {})[other(game, sideOf(game, mode))];
  if (bot) options[bot.option] = true;
  if (game === "colonial_twilight") {  // Colonial Twilight's optional rules
    if ($("opt-deception").checked) options.deception = true;
    if ($("opt-open").checked) options.open_deployment = true;
  }
  const seed = parseInt($("seed").value, 10);
  const g = await newGame($("scenario").value, Number.isFinite(seed) ? seed : 0, options, game);
  await botTurns(g);
  await refresh(g);
  app.game = g;
  app.history = [];
  $("seed").value = g.header.seed;
  $("seed").title = isSealed(g) ? "this referee deals from its own secret seed: this one only seeds the bot"
    : "the same seed plays the same game; random by default";
}

start();
