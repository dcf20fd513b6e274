"""A ladder's results in SQLite (stdlib ``sqlite3``): its schedule, each game's seed, salt and
commitment, and each result as it comes in, so an interrupted ladder resumes where it stopped.
Each game names its game (``colonial_twilight``, ``algeria``): a store written before games had
one gains the column, its games Colonial Twilight's."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,          -- the schedule order (ratings are computed in it)
    game TEXT NOT NULL DEFAULT 'colonial_twilight',   -- service.games
    scenario TEXT NOT NULL,
    gov TEXT NOT NULL, fln TEXT NOT NULL,             -- agent names in the ladder
    gov_spec TEXT NOT NULL, fln_spec TEXT NOT NULL,
    seed INTEGER NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',           -- pending | done | error
    winner TEXT, forfeit_side TEXT, outcome TEXT,     -- outcome: JSON (forfeit, agents, ...)
    record TEXT, error TEXT, finished REAL
);
"""


class Store:
    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)
        columns = {r["name"] for r in self.db.execute("PRAGMA table_info(games)")}
        if "game" not in columns:   # a store of the time when every game was Colonial Twilight
            with self.db:
                self.db.execute("ALTER TABLE games ADD COLUMN game TEXT NOT NULL"
                                " DEFAULT 'colonial_twilight'")

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def schedule(self, games: list[dict[str, Any]]) -> None:
        with self.db:
            self.db.executemany(
                "INSERT INTO games (id, game, scenario, gov, fln, gov_spec, fln_spec, seed, salt,"
                " commitment) VALUES (:id, :game, :scenario, :gov, :fln, :gov_spec, :fln_spec,"
                " :seed, :salt, :commitment)", games)

    def games(self, status: str | None = None) -> list[dict[str, Any]]:
        q = "SELECT * FROM games" + (" WHERE status = ?" if status else "") + " ORDER BY id"
        return [dict(r) for r in self.db.execute(q, (status,) if status else ())]

    def finish(self, game_id: int, outcome: dict[str, Any], record_path: str) -> None:
        f = outcome["forfeit"]
        kept = {k: v for k, v in outcome.items() if k != "record"}
        with self.db:
            self.db.execute(
                "UPDATE games SET status = 'done', winner = ?, forfeit_side = ?, outcome = ?,"
                " record = ?, error = NULL, finished = ? WHERE id = ?",
                (outcome["winner"], f["side"] if f else None, json.dumps(kept), record_path,
                 time.time(), game_id))

    def fail(self, game_id: int, error: str) -> None:
        with self.db:
            self.db.execute("UPDATE games SET status = 'error', error = ? WHERE id = ?",
                            (error, game_id))

    def close(self) -> None:
        self.db.close()
