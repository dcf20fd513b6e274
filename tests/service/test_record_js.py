"""The page's record writer (clients/web/record.js) hashes a checkpoint as engine.records does,
for both games: run under Node.js on states of real games."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import algeria
import engine
from engine.records import checkpoint_hash

RECORD_JS = Path(__file__).resolve().parents[2] / "clients" / "web" / "record.js"


def js_hashes(docs: list[str]) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: apt-get install -y nodejs (scripts/test does this)")
    script = RECORD_JS.read_text(encoding="utf-8") + """
const docs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(docs.map((t) => Record.checkpointHash(Record.doc({json: t})))));
"""
    r = subprocess.run([node, "-e", script], input=json.dumps(docs), capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return list(json.loads(r.stdout))


def test_checkpoint_hashes_agree_for_both_games() -> None:
    texts: list[str] = []
    for s in (engine.new_game("short", 3), algeria.new_game("1958", seed=3,
                                                            options={"chance": "managed"})):
        rules = engine if isinstance(s, engine.State) else algeria
        for i in range(40):   # a few positions of each game, first legal move each time
            if i % 10 == 0:
                texts.append(rules.to_json(s))
            if rules.to_move(s) is None:
                break
            s, _ = rules.apply(s, rules.legal_moves(s)[0])
    assert any('"algeria-state' in t for t in texts) and any('"cards"' in t for t in texts)
    assert js_hashes(texts) == [checkpoint_hash(t) for t in texts]
