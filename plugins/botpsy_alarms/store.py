"""Alarms and timers kept in SQLite (`<data dir>/alarms/alarms.sqlite3`), so they outlive the app.

The CLI writes here and `botpsy daemon` (another process) reads here to fire
them, so every call opens, acts and closes: no state is cached in memory.
Times are stored as UTC ISO 8601 and handed back in the user's zone.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path

from assistant.api import connect_database as connect
from assistant.api import database_failure as failure
from botpsy_alarms.repeat import next_ring, rings

SCHEMA = """
CREATE TABLE IF NOT EXISTS alarms(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    at TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    seconds INTEGER,
    created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS alarms_at ON alarms(at);
"""
# Alarms whose time has passed are kept this long (the daemon may still catch them up), then dropped.
KEEP_PAST = timedelta(days=2)


@dataclass(frozen=True)
class Alarm:
    """One alarm ("wake me up at 6:30") or timer ("20 minutes"): it rings at `at`, and again on
    the days `repeat` names ("weekdays"); a repeating alarm read back is its next (or asked) ring."""

    id: int
    kind: str  # "alarm" or "timer"
    at: datetime
    label: str = ""
    seconds: int | None = None  # a timer's length
    repeat: str = ""  # "", "daily", "weekdays", "weekends" or "mon,thu"

    @property
    def key(self) -> str:
        """The daemon's key for this firing: changes if the time does."""
        return f"alarms:{self.kind}:{self.id}:{self.at.astimezone(UTC).isoformat()}"


def _utc(moment: datetime) -> str:
    """A sortable UTC text: the same width for every time, so SQLite compares them as times."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class AlarmStore:
    """The alarms database of one user."""

    def __init__(self, path: Path, zone: tzinfo, now: Callable[[], datetime] | None = None) -> None:
        self.path = path
        self.zone = zone
        # botpsy's clock, not the wall's: with BOTPSY_NOW (or a test's pinned now) what counts
        # as "rang long ago" must agree with when the alarms were set.
        self.now = now or (lambda: datetime.now(UTC))

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        connection = connect(self.path, SCHEMA)
        try:
            with connection:
                columns = {row[1] for row in connection.execute("PRAGMA table_info(alarms)")}
                if "repeat" not in columns:  # new, or from before repeating alarms
                    connection.execute(
                        "ALTER TABLE alarms ADD COLUMN repeat TEXT NOT NULL DEFAULT ''"
                    )
                yield connection
        except sqlite3.Error as exc:
            raise failure(self.path, exc) from None
        finally:
            connection.close()

    def add(
        self, kind: str, at: datetime, label: str = "", seconds: int | None = None, repeat: str = ""
    ) -> Alarm:
        """Store a new alarm or timer; old ones that rang long ago are dropped (a series stays)."""
        when = _utc(at)
        with self._db() as db:
            cutoff = _utc(self.now() - KEEP_PAST)
            db.execute("DELETE FROM alarms WHERE at < ? AND repeat = ''", (cutoff,))
            cursor = db.execute(
                "INSERT INTO alarms(kind, at, label, seconds, created, repeat)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (kind, when, label, seconds, self.now().astimezone(UTC).isoformat(), repeat),
            )
            new_id = int(cursor.lastrowid or 0)
        return Alarm(new_id, kind, at.astimezone(self.zone), label, seconds, repeat)

    def move(self, alarm_id: int, at: datetime) -> bool:
        """Give one alarm a new time (a series: its new first ring); whether it existed."""
        with self._db() as db:
            changed = db.execute("UPDATE alarms SET at = ? WHERE id = ?", (_utc(at), alarm_id))
            return changed.rowcount > 0

    def change(self, alarm_id: int, label: str | None = None, seconds: int | None = None) -> bool:
        """Give one alarm or timer a new label, or a timer a new length; whether it existed."""
        with self._db() as db:
            if label is not None:
                db.execute("UPDATE alarms SET label = ? WHERE id = ?", (label, alarm_id))
            if seconds is not None:
                db.execute("UPDATE alarms SET seconds = ? WHERE id = ?", (seconds, alarm_id))
            found = db.execute("SELECT 1 FROM alarms WHERE id = ?", (alarm_id,)).fetchone()
            return found is not None

    def remove(self, alarm_id: int) -> bool:
        """Delete one alarm; whether it existed."""
        with self._db() as db:
            return db.execute("DELETE FROM alarms WHERE id = ?", (alarm_id,)).rowcount > 0

    def between(self, start: datetime, end: datetime) -> list[Alarm]:
        """Alarms and timers ringing in [start, end), soonest first: each ring of a series."""
        with self._db() as db:
            rows = db.execute(
                "SELECT * FROM alarms WHERE repeat = '' AND at >= ? AND at < ?",
                (_utc(start), _utc(end)),
            ).fetchall()
            series = db.execute("SELECT * FROM alarms WHERE repeat != ''").fetchall()
        found = [self._alarm(row) for row in rows]
        for row in series:
            first = self._alarm(row)
            found += [replace(first, at=at) for at in rings(first.at, first.repeat, start, end)]
        return sorted(found, key=lambda a: (a.at, a.id))

    def upcoming(self, now: datetime) -> list[Alarm]:
        """Every alarm and timer still to ring, soonest first; a series by its next ring."""
        with self._db() as db:
            rows = db.execute(
                "SELECT * FROM alarms WHERE repeat = '' AND at > ?", (_utc(now),)
            ).fetchall()
            series = db.execute("SELECT * FROM alarms WHERE repeat != ''").fetchall()
        found = [self._alarm(row) for row in rows]
        for row in series:
            first = self._alarm(row)
            found.append(replace(first, at=next_ring(first.at, first.repeat, now)))
        return sorted(found, key=lambda a: (a.at, a.id))

    def _alarm(self, row: sqlite3.Row) -> Alarm:
        at = datetime.fromisoformat(row["at"]).astimezone(self.zone)
        return Alarm(
            int(row["id"]), str(row["kind"]), at, str(row["label"]), row["seconds"], row["repeat"]
        )
