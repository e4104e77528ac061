"""The audit log: every tool call, with its decision and outcome, in SQLite in the user data dir.

A call that changes or sends something is written ahead: its entry (outcome
"started") is committed before it runs and gets its outcome after, so a crash or a
failing disk leaves a trace of what ran. When that first write fails, the call
does not run (the agent refuses it, saying why): nothing runs unrecorded.

Arguments are stored with secrets redacted (by argument name), so the log can be
shown and shared. Beside the arguments as written, an entry keeps the exact targets
the preview resolved and the call ran on (`pinned`: an event's uid, a message's id,
a file's path and inode), so "deleted the dentist" in the log names which one. A log file that is not a usable database is never lost and never
a traceback: it is moved aside to `audit.sqlite3.corrupt-<time>`, a new log is
started, and the first entry of the new log (and a line on stderr) says so.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from assistant.storage import StorageError, connect, failure, one_line, set_aside

T = TypeVar("T")

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
# Columns added after logs were first written: an older log gains them when opened (they are
# not in `_SCHEMA`, whose columns a log must have, so an old log is never taken for damaged).
_ADDED = ("pinned",)
# Names a secret goes by: an MCP tool's `psk`, `pin` or `cookie` is one as much as a `password`.
_SECRET = re.compile(
    r"pass(?:word|phrase|code)?|secret|token|api[_-]?key|auth|credential|cookie|bearer"
    r"|private[_-]?key|session[_-]?(?:id|key)|(?:^|[_-])(?:key|pin|otp|psk|totp|cvv|cvc)(?:$|[_-])",
    re.I,
)
REDACTED = "***"
STARTED = "started"  # the outcome of a call written ahead and not finished (yet, or ever)


def secrets_in(value: Any, key: str = "") -> set[str]:
    """The values `redact` hides: text under secret-named keys, at any depth."""
    if key and _SECRET.search(key):
        if isinstance(value, dict | list):
            return {s for v in (value.values() if isinstance(value, dict) else value)
                    for s in secrets_in(v, key)}  # fmt: skip
        return {str(value)} if value is not None and len(str(value)) >= 3 else set()
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in secrets_in(v, str(k))}
    if isinstance(value, list):
        return {s for v in value for s in secrets_in(v)}
    return set()


def scrubbed(text: str, arguments: Any) -> str:
    """`text` (a call's summary, an error) with the call's secret values in it hidden.

    A tool that fails may say what it was given ("wrong PIN 4711"): the value is kept
    out of the log there too, not only under its argument's name.
    """
    for secret in sorted(secrets_in(arguments), key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return addresses_scrubbed(text)


# In an address: the password of `user:password@host`, and the value of a query or fragment
# parameter named like a secret (`?access_token=...`, `&api_key=...`, `#id_token=...`).
_USERINFO = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^\s/?#@:]*:)([^\s/?#@]+)(@)", re.I)
_PARAMETER = re.compile(r"([?&;#])([^=&#;\s]+)=([^&#;\s\"'<>]+)")


def addresses_scrubbed(text: str) -> str:
    """`text` with the secrets addresses in it carry hidden, by their parameters' names.

    A secret rides in a URL as often as in an argument of its own name: a reset link's
    token, a password written `user:pass@`. The address stays (what was opened), the
    values do not.
    """
    if "=" not in text and "@" not in text:
        return text
    text = _USERINFO.sub(lambda m: m.group(1) + REDACTED + m.group(3), text)

    def parameter(m: re.Match[str]) -> str:
        if not _SECRET.search(m.group(2)):
            return m.group(0)
        return f"{m.group(1)}{m.group(2)}={REDACTED}"

    return _PARAMETER.sub(parameter, text)


def redact(value: Any, key: str = "") -> Any:
    """A copy with the values of secret-named keys replaced, and addresses' secrets hidden."""
    if key and _SECRET.search(key):
        return REDACTED
    if isinstance(value, dict):
        return {k: redact(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v) for v in value]
    if isinstance(value, str):
        return addresses_scrubbed(value)
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
    pinned: dict[str, Any] = field(default_factory=dict)  # the exact targets the call ran on


class AuditLog:
    """Appends entries; reads the most recent ones back."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice = ""  # set when a damaged log was moved aside
        try:
            self._db = _open(path)
        except StorageError as exc:
            if not exc.damaged:
                raise
            self._start_again(exc.reason)

    def _start_again(self, reason: str) -> None:
        """Move the damaged log aside, open a new one and say so in it."""
        try:
            kept = set_aside(self.path)
        except OSError as exc:
            raise StorageError(
                f"{self.path} is not a usable database ({reason}) and cannot be moved aside"
                f" ({one_line(exc)})",
                self.path,
                reason,
                damaged=True,
            ) from None
        self._db = _open(self.path)
        self.notice = (
            f"the audit log {self.path} was not a usable database ({reason});"
            f" it was moved to {kept} and a new log was started"
        )
        print(f"botpsy: {self.notice}", file=sys.stderr)
        self._write(
            AuditEntry(
                tool="audit_log",
                arguments={"moved_to": str(kept)},
                decision="notice",
                outcome="reset",
                summary=self.notice,
            )
        )

    def _guarded(self, action: Callable[[], T]) -> T:
        """Run a database action; a log found damaged meanwhile is moved aside and it runs again."""
        try:
            return action()
        except sqlite3.Error as exc:
            error = failure(self.path, exc)
            if not error.damaged:
                raise error from None
        self._db.close()
        self._start_again(error.reason)
        try:
            return action()
        except sqlite3.Error as exc:
            raise failure(self.path, exc) from None

    def record(self, entry: AuditEntry) -> None:
        """Write one entry now (committed, so a crash later loses nothing)."""
        self._guarded(lambda: self._write(entry))

    def begin(self, entry: AuditEntry) -> int:
        """Write an entry before its call runs (outcome "started"); its row, for `finish`.

        Raises `StorageError` when it cannot be written: then the call must not run.
        """
        entry.outcome = STARTED
        return self._guarded(lambda: self._write(entry))

    def finish(self, row: int, entry: AuditEntry) -> None:
        """Give the entry `begin` wrote its decision and outcome (a new entry if it is gone)."""

        def update() -> None:
            with self._db:
                changed = self._db.execute(
                    "UPDATE calls SET arguments=?, decision=?, outcome=?, summary=?, seconds=?,"
                    " pinned=? WHERE id=? AND outcome=?",
                    (
                        _json(entry.arguments),
                        entry.decision,
                        entry.outcome,
                        scrubbed(entry.summary, entry.arguments)[:2000],
                        round(entry.seconds, 4),
                        _json(entry.pinned) if entry.pinned else None,
                        row,
                        STARTED,
                    ),
                ).rowcount
            if not changed:  # the log was started again meanwhile: the outcome still counts
                self._write(entry)

        self._guarded(update)

    def _write(self, entry: AuditEntry) -> int:
        entry.time = entry.time or datetime.now(UTC).isoformat(timespec="seconds")
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO calls (time, session, path, tool, plugin, effect, arguments, decision,"
                " outcome, summary, seconds, pinned) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    entry.time,
                    entry.session,
                    entry.path,
                    entry.tool,
                    entry.plugin,
                    entry.effect,
                    _json(entry.arguments),
                    entry.decision,
                    entry.outcome,
                    scrubbed(entry.summary, entry.arguments)[:2000],
                    round(entry.seconds, 4),
                    _json(entry.pinned) if entry.pinned else None,
                ),
            )
        return int(cursor.lastrowid or 0)

    def recent(self, limit: int = 20) -> list[AuditEntry]:
        """The newest entries, oldest first."""
        rows = self._guarded(
            lambda: self._db.execute(
                "SELECT * FROM (SELECT * FROM calls ORDER BY id DESC LIMIT ?) ORDER BY id",
                (limit,),
            ).fetchall()
        )
        return [
            AuditEntry(
                tool=str(r["tool"]),
                arguments=_arguments(r["arguments"]),
                decision=str(r["decision"]),
                outcome=str(r["outcome"]),
                summary=str(r["summary"] or ""),
                plugin=str(r["plugin"] or ""),
                effect=str(r["effect"] or ""),
                session=str(r["session"] or ""),
                path=str(r["path"] or ""),
                seconds=r["seconds"] if isinstance(r["seconds"], int | float) else 0.0,
                time=str(r["time"]),
                pinned=_arguments(r["pinned"]),
            )
            for r in rows
        ]

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def _open(path: Path) -> sqlite3.Connection:
    """Connect, and give a log written by an older botpsy the columns added since."""
    db = connect(path, _SCHEMA)
    try:
        columns = {row["name"] for row in db.execute("PRAGMA table_info(calls)")}
        for column in _ADDED:
            if column not in columns:
                with db:
                    db.execute(f"ALTER TABLE calls ADD COLUMN {column} TEXT")
    except sqlite3.Error as exc:
        db.close()
        raise failure(path, exc) from None
    return db


def _json(value: dict[str, Any]) -> str:
    """Stored form: secrets redacted, anything not JSON shown as text."""
    return json.dumps(redact(value), ensure_ascii=False, default=str)


def _arguments(stored: object) -> dict[str, Any]:
    """The stored arguments; a value that is not a JSON object is shown as it is."""
    try:
        value = json.loads(stored) if isinstance(stored, str | bytes) else stored
    except ValueError:
        value = stored
    if value is None:
        return {}
    return value if isinstance(value, dict) else {"(stored)": value}
