#!/usr/bin/env node
// A ct-referee agent in JavaScript (docs/agents.md): JSON lines on stdin, answers on stdout.
// It plays the first listed move, except that it takes an Operation whenever one is offered
// (Colonial Twilight's; an Algeria game, "game": "algeria" in each message, offers none).
const readline = require("readline");

const rl = readline.createInterface({ input: process.stdin });
const send = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

rl.on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.type === "hello") {
    send({ name: "first-move.js", version: "1.0" });
  } else if (msg.type === "turn") {
    const moves = msg.legal_moves;
    const op = moves.find((m) => m.t === "op");
    send({ move: op || moves[0] });
  } else if (msg.type === "end") {
    rl.close();
  }
});
