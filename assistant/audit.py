"""The audit log: every tool call, with its decision and outcome, in SQLite in the user data dir.

Arguments are stored with secrets redacted (by argument name), so the log can be
shown and shared.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from assistant.storage import connect

_SCHEMA = """
CREATE TABLE IF NOT EXISTS calls (
    id INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    session TEXT,
    path TEXT,
    tool TEXT NOT NULL,
    plugin TEXT,
    effect TEXT,
    arguments TEXT,
    decision TEXT NOT NULL,
    outcome TEXT NOT NULL,
    summary TEXT,
    seconds REAL
);
"""
_SECRET = re.compile(r"pass(word)?|secret|token|api[_-]?key|auth|credential", re.I)
REDACTED = "***"


def redact(value: Any, key: str = "") -> Any:
    """A copy with the values of secret-named keys replaced."""
    if key and _SECRET.search(key):
        return REDACTED
    if isinstance(value, dict):
        return {k: redact(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v) for v in value]
    return value


@dataclass
class AuditEntry:
    """One row of the log."""

    tool: str
    arguments: dict[str, Any]
    decision: str
    outcome: str
    summary: str = ""
    plugin: str = ""
    effect: str = ""
    session: str = ""
    path: str = ""
    seconds: float = 0.0
    time: str = ""


class AuditLog:
    """Appends entries; reads the most recent ones back."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = connect(path, _SCHEMA)

    def record(self, entry: AuditEntry) -> None:
        """Write one entry now (committed, so a crash later loses nothing)."""
        entry.time = entry.time or datetime.now(UTC).isoformat(timespec="seconds")
        with self._db:
            self._db.execute(
                "INSERT INTO calls (time, session, path, tool, plugin, effect, arguments, decision,"
                " outcome, summary, seconds) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    entry.time,
                    entry.session,
                    entry.path,
                    entry.tool,
                    entry.plugin,
                    entry.effect,
                    json.dumps(redact(entry.arguments), ensure_ascii=False, default=str),
                    entry.decision,
                    entry.outcome,
                    entry.summary[:2000],
                    round(entry.seconds, 4),
                ),
            )

    def recent(self, limit: int = 20) -> list[AuditEntry]:
        """The newest entries, oldest first."""
        rows = self._db.execute(
            "SELECT * FROM (SELECT * FROM calls ORDER BY id DESC LIMIT ?) ORDER BY id", (limit,)
        ).fetchall()
        return [
            AuditEntry(
                tool=r["tool"],
                arguments=json.loads(r["arguments"] or "{}"),
                decision=r["decision"],
                outcome=r["outcome"],
                summary=r["summary"] or "",
                plugin=r["plugin"] or "",
                effect=r["effect"] or "",
                session=r["session"] or "",
                path=r["path"] or "",
                seconds=r["seconds"] or 0.0,
                time=r["time"],
            )
            for r in rows
        ]

    def close(self) -> None:
        """Close the database."""
        self._db.close()
