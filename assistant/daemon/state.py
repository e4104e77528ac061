"""What the daemon fired and when it last looked, in SQLite, so a restart neither repeats nor loses.

A key is recorded before its notification is sent: a crash in between loses
that one notification rather than ringing it twice, and "never twice" is the
promise. Records older than `KEEP` are dropped.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from assistant.storage import connect, failure

SCHEMA = """
CREATE TABLE IF NOT EXISTS fired(
    key TEXT PRIMARY KEY, due TEXT NOT NULL, fired TEXT NOT NULL, late INTEGER NOT NULL,
    summary TEXT NOT NULL, channel TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
KEEP = timedelta(days=60)


class DaemonState:
    """The daemon's memory: fired keys and a heartbeat."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = connect(path, SCHEMA)

    def close(self) -> None:
        self._db.close()

    def claim(self, key: str, due: datetime, now: datetime, late: bool, summary: str) -> bool:
        """Record that `key` fires now; False when it already fired (then do not fire it)."""
        try:
            with self._db:
                cursor = self._db.execute(
                    "INSERT OR IGNORE INTO fired(key, due, fired, late, summary) VALUES (?,?,?,?,?)",
                    (key, _utc(due), _utc(now), int(late), summary),
                )
        except sqlite3.Error as exc:
            raise failure(self.path, exc) from None
        return cursor.rowcount > 0

    def delivered(self, key: str, channel: str) -> None:
        """Note how the user was told (desktop or terminal)."""
        with self._db:
            self._db.execute("UPDATE fired SET channel = ? WHERE key = ?", (channel, key))

    def has_fired(self, key: str) -> bool:
        row = self._db.execute("SELECT 1 FROM fired WHERE key = ?", (key,)).fetchone()
        return row is not None

    def fired(self, limit: int = 20) -> list[dict[str, object]]:
        """The most recent firings, newest first."""
        rows = self._db.execute(
            "SELECT * FROM fired ORDER BY fired DESC LIMIT ?", (limit,)
        ).fetchall()
        return [dict(row) for row in rows]

    def get(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    def put(self, key: str, value: str) -> None:
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def last_seen(self) -> datetime | None:
        """When the daemon last finished a look at what is due (None: it never ran)."""
        value = self.get("last_seen")
        return datetime.fromisoformat(value) if value else None

    def seen(self, now: datetime) -> None:
        """The heartbeat: everything due up to `now` was handled."""
        self.put("last_seen", now.isoformat())

    def prune(self, now: datetime) -> None:
        cutoff = (now - KEEP).astimezone(UTC).isoformat()
        with self._db:
            self._db.execute("DELETE FROM fired WHERE fired < ?", (cutoff,))


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")
