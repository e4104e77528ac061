"""SQLite helpers shared by the audit log and the conversation store."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def connect(path: Path, schema: str) -> sqlite3.Connection:
    """Open (and create) a database; WAL so a reader never blocks the writer."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=10, check_same_thread=False)
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA journal_mode=WAL")
    connection.executescript(schema)
    return connection
