"""SQLite helpers shared by the audit log and the conversation store.

A file that is not a usable database (random bytes, a truncated or damaged file,
tables without the columns botpsy needs) is reported as a `StorageError` naming
the file, never a traceback. `set_aside` keeps such a file for inspection.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from assistant.errors import BotpsyError

# What SQLite says of a file that is not a database, is damaged, or lacks the expected tables;
# anything else (busy, locked, read-only, disk full, a constraint) is not the file's fault.
_DAMAGE = ("SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_FORMAT", "SQLITE_ERROR")


class StorageError(BotpsyError):
    """A database file cannot be used; `damaged` when the file itself is the problem."""

    def __init__(self, message: str, path: Path, reason: str, damaged: bool) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.damaged = damaged


def one_line(exc: BaseException) -> str:
    """The first line of an error's text."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def damage(path: Path, reason: str) -> StorageError:
    """The StorageError for a file that is not a usable database."""
    message = f"{path} is not a usable database ({reason}); move it aside to start a new one"
    return StorageError(message, path, reason, damaged=True)


def failure(path: Path, exc: sqlite3.Error) -> StorageError:
    """The StorageError for an sqlite3 error met while using the database at `path`."""
    reason = one_line(exc)
    if str(getattr(exc, "sqlite_errorname", "")).startswith(_DAMAGE):
        return damage(path, reason)
    return StorageError(f"cannot use the database {path} ({reason})", path, reason, False)


def private(path: Path) -> None:
    """Make `path` (and SQLite's -wal and -shm beside it) readable by this user only.

    Conversations and the audit log hold mail, contacts and what was done: another account
    on the machine must not read them. SQLite gives its side files the database's mode.
    """
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for side in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(OSError):  # gone meanwhile, or not ours: SQLite will say
            if side.stat().st_mode & 0o077:
                side.chmod(0o600)


def connect(path: Path, schema: str) -> sqlite3.Connection:
    """Open (and create) a database; WAL so a reader never blocks the writer.

    The file is checked (`PRAGMA quick_check`) and its tables must have every column
    of `schema`; otherwise a `StorageError` naming the file is raised.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise StorageError(
            f"cannot create the folder of {path} ({one_line(exc)})", path, one_line(exc), False
        ) from None
    try:
        private(path)
    except OSError as exc:
        reason = one_line(exc)
        raise StorageError(f"cannot create {path} ({reason})", path, reason, False) from None
    try:
        connection = sqlite3.connect(path, timeout=10, check_same_thread=False)
    except sqlite3.Error as exc:
        raise failure(path, exc) from None
    try:  # checked before anything is written, so a damaged file is kept as it was found
        connection.row_factory = sqlite3.Row
        verdict = str(connection.execute("PRAGMA quick_check(1)").fetchone()[0])
        if verdict != "ok":
            lines = [line for line in verdict.splitlines() if not line.startswith("***")]
            raise damage(path, (lines or ["failed its integrity check"])[0])
        _check_columns(connection, schema, path)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.executescript(schema)
    except sqlite3.Error as exc:
        connection.close()
        raise failure(path, exc) from None
    except StorageError:
        connection.close()
        raise
    return connection


def _check_columns(connection: sqlite3.Connection, schema: str, path: Path) -> None:
    """Every table of `schema` that `connection` has holds at least the schema's columns."""
    model = sqlite3.connect(":memory:")
    try:
        model.executescript(schema)
        tables = [r[0] for r in model.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            wanted = {r[1] for r in model.execute(f"PRAGMA table_info({table})")}
            found = {r[1] for r in connection.execute(f"PRAGMA table_info({table})")}
            if found and (missing := sorted(wanted - found)):
                reason = f"table {table} lacks {', '.join(missing)}"
                raise damage(path, reason)
    finally:
        model.close()


def set_aside(path: Path) -> Path:
    """Move a damaged database (with its -wal and -shm files) to `<name>.corrupt-<UTC time>`."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    kept = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while kept.exists():
        kept = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
        number += 1
    path.replace(kept)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.replace(kept.with_name(kept.name + suffix))
    return kept
