"""Conversations, kept in SQLite so `-c` continues the last one and the TUI can resume any.

History is append-only: the model's prompt prefix then stays stable, which
hybrid models like Qwen3.5 need to reuse their cache. A conversation also keeps
its taint: once text others wrote (a mail, a page, an invitation) entered it,
it stays tainted until the user starts a new one, across `-c` and answers.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from assistant.messages import Message, ToolCall
from assistant.storage import connect

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    pending TEXT
);
CREATE TABLE IF NOT EXISTS messages (
    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    tool_calls TEXT,
    tool_call_id TEXT,
    name TEXT,
    PRIMARY KEY (session, seq)
);
"""


# Columns added after the first release, so kept out of `_SCHEMA` (whose columns an existing
# store must already have): taint (what untrusted content entered), recent (the last turn).
_ADDED = ("taint", "recent")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class Session:
    """One conversation: its messages and, maybe, a question waiting for the user's answer."""

    id: str
    title: str = ""
    messages: list[Message] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    updated: str = ""
    taint: str = ""  # what untrusted content entered it first ("" while clean)
    # The last turn's request and the calls that ran (`intents.Recent`), for follow-ups.
    recent: dict[str, Any] | None = None


class SessionStore:
    """Creates, loads and appends to conversations."""

    def __init__(self, path: Path) -> None:
        self._db = connect(path, _SCHEMA)
        self._db.execute("PRAGMA foreign_keys=ON")
        columns = {row["name"] for row in self._db.execute("PRAGMA table_info(sessions)")}
        for column in _ADDED:  # a store written before conversations kept these gains them
            if column not in columns:
                with self._db:
                    self._db.execute(f"ALTER TABLE sessions ADD COLUMN {column} TEXT")

    def create(self, title: str = "") -> Session:
        """A new, empty conversation."""
        session = Session(uuid.uuid4().hex[:12], title[:80], updated=_now())
        with self._db:
            self._db.execute(
                "INSERT INTO sessions (id, created, updated, title) VALUES (?,?,?,?)",
                (session.id, session.updated, session.updated, session.title),
            )
        return session

    def load(self, session_id: str) -> Session | None:
        """A conversation by id (a unique prefix is enough)."""
        row = self._db.execute(
            "SELECT * FROM sessions WHERE id LIKE ? ORDER BY updated DESC", (session_id + "%",)
        ).fetchone()
        if row is None:
            return None
        session = Session(row["id"], row["title"], updated=row["updated"])
        session.pending = json.loads(row["pending"]) if row["pending"] else None
        session.taint = row["taint"] or ""
        session.recent = json.loads(row["recent"]) if row["recent"] else None
        for m in self._db.execute(
            "SELECT * FROM messages WHERE session=? ORDER BY seq", (row["id"],)
        ):
            calls = [
                ToolCall(c["name"], c["arguments"], c["id"])
                for c in json.loads(m["tool_calls"] or "[]")
            ]
            session.messages.append(
                Message(m["role"], m["content"], calls, m["tool_call_id"], m["name"])
            )
        return session

    def last(self) -> Session | None:
        """The most recently updated conversation."""
        row = self._db.execute(
            "SELECT id FROM sessions ORDER BY updated DESC, rowid DESC LIMIT 1"
        ).fetchone()
        return self.load(row["id"]) if row else None

    def taint(self, session: Session, source: str) -> None:
        """Mark the conversation as holding untrusted content, at once and for good."""
        if session.taint:
            return
        session.taint = source
        with self._db:
            self._db.execute(
                "UPDATE sessions SET taint=? WHERE id=? AND taint IS NULL", (source, session.id)
            )

    def append(self, session: Session, messages: list[Message]) -> None:
        """Add messages to the end and save the pending question, in one transaction.

        Two processes may continue one conversation at once (`botpsy -c` twice): the
        sequence numbers are taken inside the write transaction, so neither fails.
        """
        session.updated = _now()
        if not session.title:
            first = next((m.content for m in session.messages + messages if m.role == "user"), "")
            session.title = first[:80]
        with self._db:
            if not self._db.in_transaction:
                self._db.execute("BEGIN IMMEDIATE")
            start = self._db.execute(
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM messages WHERE session=?", (session.id,)
            ).fetchone()[0]
            self._db.executemany(
                "INSERT INTO messages VALUES (?,?,?,?,?,?,?)",
                [
                    (
                        session.id,
                        start + i,
                        m.role,
                        m.content,
                        json.dumps(
                            [
                                {"name": c.name, "arguments": c.arguments, "id": c.id}
                                for c in m.tool_calls
                            ],
                            default=str,
                        )
                        if m.tool_calls
                        else None,
                        m.tool_call_id,
                        m.name,
                    )
                    for i, m in enumerate(messages)
                ],
            )
            self._db.execute(
                "UPDATE sessions SET updated=?, title=?, pending=?,"
                " taint=COALESCE(taint, ?), recent=? WHERE id=?",
                (
                    session.updated,
                    session.title,
                    json.dumps(session.pending) if session.pending else None,
                    session.taint or None,
                    json.dumps(session.recent, default=str) if session.recent else None,
                    session.id,
                ),
            )
        session.messages.extend(messages)

    def list(self, limit: int = 50) -> list[Session]:
        """Recent conversations (without their messages), newest first."""
        rows = self._db.execute(
            "SELECT id, title, updated, taint FROM sessions ORDER BY updated DESC, rowid DESC"
            " LIMIT ?",
            (limit,),
        ).fetchall()
        return [
            Session(r["id"], r["title"], updated=r["updated"], taint=r["taint"] or "") for r in rows
        ]

    def delete(self, session_id: str) -> bool:
        """Remove a conversation and its messages."""
        with self._db:
            self._db.execute("DELETE FROM messages WHERE session=?", (session_id,))
            cursor = self._db.execute("DELETE FROM sessions WHERE id=?", (session_id,))
        return cursor.rowcount > 0

    def close(self) -> None:
        """Close the database."""
        self._db.close()
