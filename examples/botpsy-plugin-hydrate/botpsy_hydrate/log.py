"""The water log: one SQLite file in the plugin's data folder, opened once per process."""

from __future__ import annotations

import sqlite3
import threading
from datetime import date, datetime
from pathlib import Path


class WaterLog:
    """Drinks with their time and size in millilitres."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS drinks (at TEXT NOT NULL, ml INTEGER NOT NULL)"
        )
        self._db.commit()

    def add(self, ml: int, at: datetime) -> None:
        """Record one drink."""
        with self._lock, self._db:
            self._db.execute("INSERT INTO drinks VALUES (?, ?)", (at.isoformat(), ml))

    def on(self, day: date) -> list[tuple[datetime, int]]:
        """The drinks of one day, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT at, ml FROM drinks WHERE substr(at, 1, 10) = ? ORDER BY at",
                (day.isoformat(),),
            ).fetchall()
        return [(datetime.fromisoformat(at), ml) for at, ml in rows]

    def clear(self, day: date) -> int:
        """Forget one day's drinks; how many there were."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "DELETE FROM drinks WHERE substr(at, 1, 10) = ?", (day.isoformat(),)
            )
        return cursor.rowcount

    def close(self) -> None:
        """Close the database (the `shutdown` hook calls this)."""
        with self._lock:
            self._db.close()
