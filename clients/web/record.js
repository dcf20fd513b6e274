// Game records (GAME.jsonl, docs/records.md) in the browser: the canonical JSON of a state, its
// checkpoint hash (SHA-256, written out here because crypto.subtle exists only on https pages),
// writing a record line by line as the game goes, and reading one back.
"use strict";

const Record = (() => {
  const FORMAT = "ct-record/1";

  // Canonical JSON (engine/serial.py): keys sorted, no whitespace, non-ASCII characters as
  // themselves (JSON.stringify writes them so, and escapes exactly what Python's encoder does).
  function canonical(v) {
    if (typeof v === "bigint") return v.toString();  // a 64-bit seed, exactly
    if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
    if (v !== null && typeof v === "object") {
      return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canonical(v[k]))
        .join(",") + "}";
    }
    return JSON.stringify(v);
  }

  // SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, as lowercase hex.
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

  function sha256(text) {
    const data = new TextEncoder().encode(text);
    const len = data.length;
    const blocks = Math.ceil((len + 9) / 64);
    const buf = new Uint8Array(blocks * 64);
    buf.set(data);
    buf[len] = 0x80;
    const view = new DataView(buf.buffer);
    view.setUint32(buf.length - 8, Math.floor(len / 0x20000000));
    view.setUint32(buf.length - 4, (len * 8) >>> 0);
    const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    const w = new Uint32Array(64);
    const rot = (x, n) => (x >>> n) | (x << (32 - n));
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < 16; i++) w[i] = view.getUint32(b * 64 + i * 4);
      for (let i = 16; i < 64; i++) {
        const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      let [a, bb, c, d, e, f, g, hh] = h;
      for (let i = 0; i < 64; i++) {
        const t1 = (hh + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = bb; bb = a; a = (t1 + t2) >>> 0;
      }
      const add = [a, bb, c, d, e, f, g, hh];
      for (let i = 0; i < 8; i++) h[i] = (h[i] + add[i]) >>> 0;
    }
    return Array.from(h, (x) => x.toString(16).padStart(8, "0")).join("");
  }

  // The state document of a GameState ({json, sealed, signature}); a sealed one's public part.
  const doc = (gameState) => JSON.parse(gameState.json);

  // docs/records.md: the state document with its hidden fields null, those it has (rng,
  // deception, cards.deck, cards.set_aside; an Algeria state has no cards: only its rng; an
  // INSURGENT state's are its game's: insurgent/records.py HIDDEN).
  const HIDDEN = {
    "insurgent-state/": ["hands", "decks", "recruits", "fronts.fln", "pending", "rng"],
  };
  function checkpointHash(d) {
    const copy = Object.assign({}, d);
    const schema = Object.keys(HIDDEN).find((s) => String(d.schema || "").startsWith(s));
    if (schema) {
      HIDDEN[schema].forEach((path) => {
        const [head, inner] = path.split(".");
        if (!(head in copy)) return;
        if (inner === undefined) copy[head] = null;
        else copy[head] = Object.assign({}, copy[head] || {}, {[inner]: null});
      });
      return "sha256:" + sha256(canonical(copy));
    }
    for (const k of ["rng", "deception"]) if (k in copy) copy[k] = null;
    if ("cards" in d) copy.cards = Object.assign({}, d.cards || {}, {deck: null, set_aside: null});
    return "sha256:" + sha256(canonical(copy));
  }

  function checkpointLine(d, moves) {
    const card = d.cards ? d.cards.current : null;
    return {checkpoint: {moves, turn: d.turn || 0, card: Number.isInteger(card) ? card : null,
                         hash: checkpointHash(d)}};
  }

  // A move as a record holds it: the flat form of docs/moves.md, without its label, cost and effect (fields the
  // REST mapping carries in "args" are the move's own fields).
  const canonicalMove = (m) => {
    const out = Object.assign({}, m, m.args || {});
    delete out.label;
    delete out.cost;     // a listed move's preview: display data
    delete out.effect;
    delete out.args;
    return out;
  };

  // A record being written: lines (objects) in order. move(m, docAfter) after each move writes
  // a checkpoint when the turn changed or the game ended (RecordWriter in engine/records.py).
  class Writer {
    constructor(header, startDoc, lines) {
      this.lines = lines ? lines.slice() : [header];
      this.n = this.lines.filter((l) => "t" in l).length;
      this.turn = startDoc.turn || 0;
      this.last = null;
    }
    copy() {
      const w = Object.create(Writer.prototype);
      Object.assign(w, this, {lines: this.lines.slice()});
      return w;
    }
    move(m, after) {
      this.lines.push(canonicalMove(m));
      this.n += 1;
      this.last = after;
      if ((after.turn || 0) !== this.turn || (after.result !== null && after.result !== undefined)) {
        this.turn = after.turn || 0;
        this.lines.push(checkpointLine(after, this.n));
        this.last = null;
      }
    }
    // The text of the record: a closing checkpoint when moves followed the last one, and the
    // result line when the game is over; `header` in place of the one it began with.
    text(result, header) {
      const out = this.lines.slice();
      if (header) out[0] = header;
      if (this.last) out.push(checkpointLine(this.last, this.n));
      if (result) out.push({result});
      return out.map(canonical).join("\n") + "\n";
    }
  }

  function header(scenario, seed, options, extra) {
    return Object.assign({format: FORMAT, scenario, seed, options}, extra || {});
  }

  // JSON.parse keeping integers past 2^53 exact (a sealed game's revealed 64-bit seed) as BigInt.
  const exact = (k, v, ctx) => {
    if (typeof v !== "number" || Number.isSafeInteger(v) || !Number.isInteger(v)) return v;
    if (ctx && /^-?\d+$/.test(ctx.source)) return BigInt(ctx.source);
    throw new Error(`the integer ${k} is too large for this browser to read exactly`);
  };

  // Parse a record's text: {header, headerLine, lines (header, moves and checkpoints), moves,
  // moveLines (the line of each move), checkpoints ({line, checkpoint})}; throws an Error naming
  // the line.
  function read(text) {
    let head = null;
    let headerLine = 0;
    const lines = [];
    const moves = [];
    const moveLines = [];
    const checkpoints = [];
    text.split(/\r?\n/).forEach((raw, i) => {
      const t = raw.trim();
      if (!t || t.startsWith("#")) return;
      let obj;
      try { obj = JSON.parse(t, exact); } catch (e) { throw new Error(`record line ${i + 1}: not JSON (${e.message})`); }
      if (obj === null || typeof obj !== "object" || Array.isArray(obj)) {
        throw new Error(`record line ${i + 1}: each line is a JSON object`);
      }
      if (!head) {
        if (obj.format !== undefined && obj.format !== FORMAT) {
          throw new Error(`record line ${i + 1}: format ${obj.format} is not ${FORMAT}`);
        }
        if (typeof obj.scenario !== "string") throw new Error(`record line ${i + 1}: the header needs a scenario`);
        head = obj;
        headerLine = i + 1;
        lines.push(obj);
      } else if ("t" in obj) {
        const m = canonicalMove(obj);
        moves.push(m);
        moveLines.push(i + 1);
        lines.push(m);
      } else if ("checkpoint" in obj) {
        checkpoints.push({line: i + 1, checkpoint: obj.checkpoint || {}});
        lines.push(obj);
      } else if (!("result" in obj)) {
        throw new Error(`record line ${i + 1}: neither a move, a checkpoint nor a result`);
      }
    });
    if (!head) throw new Error("empty record: a header line is required");
    return {header: head, headerLine, lines, moves, moveLines, checkpoints};
  }

  return {FORMAT, canonical, sha256, doc, checkpointHash, checkpointLine, canonicalMove, Writer,
          header, read};
})();
