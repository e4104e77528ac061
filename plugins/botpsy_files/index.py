"""A full-text index of the allowed folders: SQLite FTS5, built incrementally, kept fresh by watchdog.

`catch_up` compares every file's size and mtime with what the index holds and
reads only what changed (so a start-up after a week costs a walk of the tree,
not a re-read of it); it can stop at a time budget and say how much is left.
While botpsy runs, `watch` applies created, modified, moved and deleted files
as they happen. Searches answer from the index in milliseconds, ranked (BM25,
the file name weighing more than the body) and with a snippet. Only regular files
whose real path is inside the allowed folders are indexed: a link that leads
outside, a FIFO or a device is skipped with one line in the report, never opened.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from botpsy_files.extract import Extracted, extract_text, kind_of, readable
from botpsy_files.folders import AllowedFolders, NotReadable, shown

SCHEMA = """
CREATE TABLE IF NOT EXISTS files(
    path TEXT PRIMARY KEY, name TEXT, kind TEXT, size INTEGER, mtime REAL, note TEXT
);
CREATE VIRTUAL TABLE IF NOT EXISTS content USING fts5(
    path UNINDEXED, name, body, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
"""
_STOP = {
    "a", "an", "the", "my", "our", "of", "for", "from", "about", "with", "in", "on", "to", "and",
    "or", "file", "files", "document", "documents", "doc", "that", "which", "what", "where", "is",
    "me", "find", "show", "mentions", "mention", "say", "says", "said", "did",
}  # fmt: skip


@dataclass
class Hit:
    """One search result."""

    path: Path
    kind: str
    size: int
    modified: datetime
    snippet: str = ""


@dataclass
class CatchUp:
    """What one catch-up did."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    pending: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


def words_of(text: str) -> list[str]:
    """Search words: lower case, no stop words, no punctuation."""
    return [w for w in re.findall(r"\w+", text.lower()) if w not in _STOP and len(w) > 1]


def _fts_query(words: list[str], joiner: str) -> str:
    return f" {joiner} ".join(f'"{w}"*' for w in words)


def _private(path: Path) -> None:
    """Create the index readable by its owner only (and tighten one an older botpsy made)."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for side in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if side.exists() and side.stat().st_mode & 0o077:
            side.chmod(0o600)


class FileIndex:
    """The index database of one set of allowed folders."""

    def __init__(self, path: Path, folders: AllowedFolders) -> None:
        self.path = path
        self.folders = folders
        path.parent.mkdir(parents=True, exist_ok=True)
        _private(path)  # it holds the documents' words: this user's alone
        self._db = sqlite3.connect(path, check_same_thread=False, timeout=30)
        self._db.executescript(SCHEMA)
        self._lock = threading.RLock()
        self._observer: Any = None

    def close(self) -> None:
        """Stop watching and close the database."""
        self.stop_watching()
        with self._lock:
            self._db.close()

    # -- keeping it fresh --------------------------------------------------------------------
    def _walk(self) -> Iterator[Path]:
        for root in self.folders.existing():
            for folder, dirs, names in os.walk(root, followlinks=False):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                for name in names:
                    if not name.startswith(".") and not name.endswith("~"):
                        yield Path(folder) / name

    def catch_up(
        self, progress: Callable[[int, int], None] | None = None, budget: float | None = None
    ) -> CatchUp:
        """Index what changed since last time; stop after `budget` seconds, leaving the rest pending."""
        started = time.monotonic()
        report = CatchUp()
        with self._lock:
            known = {
                row[0]: (row[1], row[2])
                for row in self._db.execute("SELECT path, size, mtime FROM files")
            }
        seen: set[str] = set()
        changed: list[tuple[Path, os.stat_result]] = []
        for path in self._walk():
            try:
                _, info = self.folders.regular(path)
            except NotReadable as exc:
                report.problems.append(f"skipped {shown(path)}: {exc.reason}")
                continue
            except OSError:
                continue
            key = str(path)
            seen.add(key)
            if known.get(key) != (info.st_size, info.st_mtime):
                changed.append((path, info))
        for index, (path, info) in enumerate(changed):
            if budget is not None and time.monotonic() - started > budget:
                report.pending = len(changed) - index
                break
            problem = self._store(path, info)
            if problem:
                report.problems.append(problem)
            elif str(path) in known:
                report.updated += 1
            else:
                report.added += 1
            if progress is not None:
                progress(index + 1, len(changed))
        for key in set(known) - seen:
            self.forget(Path(key))
            report.removed += 1
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO meta VALUES ('last_catch_up', ?)",
                (datetime.now().astimezone().isoformat(timespec="seconds"),),
            )
        report.seconds = time.monotonic() - started
        return report

    def _store(self, path: Path, info: os.stat_result) -> str | None:
        """Index one file; a line saying why it was skipped instead, if it was."""
        body, note = "", ""
        if readable(path):
            try:
                with self.folders.open_file(path) as source:
                    extracted = extract_text(path, source)
            except NotReadable as exc:
                self.forget(path)
                return f"skipped {shown(path)}: {exc.reason}"
            except OSError as exc:
                extracted = Extracted("", kind_of(path), f"cannot read it: {exc.strerror}")
            body, note = extracted.text, extracted.note
        name = " ".join(re.split(r"[\W_]+", path.stem)) + " " + path.suffix.lstrip(".")
        with self._lock, self._db:
            self._db.execute("DELETE FROM content WHERE path = ?", (str(path),))
            self._db.execute(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?)",
                (str(path), path.name, kind_of(path), info.st_size, info.st_mtime, note),
            )
            self._db.execute(
                "INSERT INTO content(path, name, body) VALUES (?, ?, ?)", (str(path), name, body)
            )
        return None

    def update(self, path: Path) -> None:
        """(Re)index one file, or forget it when it is gone or outside the folders."""
        try:
            _, info = self.folders.regular(path)
        except (NotReadable, OSError):
            if not path.is_dir():  # a folder is walked by the caller, its files kept
                self.forget(path)
            return
        if not path.name.startswith("."):
            self._store(path, info)

    def forget(self, path: Path) -> None:
        """Remove a file (or everything under a folder) from the index."""
        with self._lock, self._db:
            for table in ("files", "content"):
                self._db.execute(f"DELETE FROM {table} WHERE path = ?", (str(path),))
                self._db.execute(
                    f"DELETE FROM {table} WHERE path LIKE ? ESCAPE '\\'",
                    (_like_prefix(str(path) + os.sep),),
                )

    # -- watching ----------------------------------------------------------------------------
    def watch(self) -> None:
        """Apply file changes as they happen (watchdog), until `stop_watching`."""
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        index = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("opened", "closed_no_write"):
                    return
                source = Path(os.fsdecode(event.src_path))
                if event.event_type == "moved":
                    index.forget(source)
                    target = Path(os.fsdecode(event.dest_path))
                    if event.is_directory:
                        for path in target.rglob("*"):
                            index.update(path)
                    else:
                        index.update(target)
                elif event.event_type == "deleted":
                    index.forget(source)
                elif not event.is_directory:
                    index.update(source)

        observer = Observer()
        for root in self.folders.existing():
            observer.schedule(Handler(), str(root), recursive=True)
        observer.daemon = True
        observer.start()
        self._observer = observer

    def stop_watching(self) -> None:
        """Stop the watchdog observer."""
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None

    # -- asking ------------------------------------------------------------------------------
    def search(self, text: str, limit: int = 10) -> list[Hit]:
        """Files whose name or text mention the words, best first, with a snippet."""
        words = words_of(text)
        if not words:
            return []
        for joiner in ("AND", "OR"):
            with self._lock:
                rows = self._db.execute(
                    "SELECT c.path, snippet(content, 2, '«', '»', '…', 14), f.kind, f.size, f.mtime "
                    "FROM content c JOIN files f ON f.path = c.path WHERE content MATCH ? "
                    "ORDER BY bm25(content, 0.0, 4.0, 1.0) LIMIT ?",
                    (_fts_query(words, joiner), limit),
                ).fetchall()
            if rows:
                return [_hit(row) for row in rows]
        return []

    def find(
        self,
        name_words: list[str],
        kind: str | None = None,
        min_size: int | None = None,
        modified_after: float | None = None,
        modified_before: float | None = None,
        limit: int = 20,
        under: Path | None = None,
    ) -> list[Hit]:
        """Files by name words, type, size, date and folder (newest first)."""
        clauses: list[str] = []
        values: list[object] = []
        if under is not None:
            clauses.append("path LIKE ? ESCAPE '\\'")
            values.append(f"{_like_prefix(str(under).rstrip('/') + '/')}%")
        for word in name_words:
            stem = word.lower()
            if len(stem) > 3 and stem.endswith("s") and not stem.endswith("ss"):
                stem = stem[:-1]  # "invoices" finds invoice-march.pdf
            clauses.append("lower(name) LIKE ? ESCAPE '\\'")
            values.append(f"%{_like_prefix(stem)}%")
        if kind:
            clauses.append("(kind = ? OR lower(name) LIKE ?)")
            values += [kind, f"%.{kind}"]
        if min_size is not None:
            clauses.append("size >= ?")
            values.append(min_size)
        if modified_after is not None:
            clauses.append("mtime >= ?")
            values.append(modified_after)
        if modified_before is not None:
            clauses.append("mtime < ?")
            values.append(modified_before)
        where = " AND ".join(clauses) or "1"
        with self._lock:
            rows = self._db.execute(
                f"SELECT path, '', kind, size, mtime FROM files WHERE {where} "
                "ORDER BY mtime DESC LIMIT ?",
                (*values, limit),
            ).fetchall()
        return [_hit(row) for row in rows]

    def status(self) -> dict[str, Any]:
        """How many files, of which kinds, and when the index last caught up."""
        with self._lock:
            count = self._db.execute("SELECT count(*) FROM files").fetchone()[0]
            kinds = dict(
                self._db.execute("SELECT kind, count(*) FROM files GROUP BY kind").fetchall()
            )
            last = self._db.execute("SELECT value FROM meta WHERE key = 'last_catch_up'").fetchone()
        return {
            "files": count,
            "kinds": kinds,
            "last_catch_up": last[0] if last else None,
            "folders": [str(r) for r in self.folders.roots],
            "database": str(self.path),
            "watching": self._observer is not None,
        }

    def rebuild(self, progress: Callable[[int, int], None] | None = None) -> CatchUp:
        """Forget everything and index every file again."""
        with self._lock, self._db:
            self._db.execute("DELETE FROM files")
            self._db.execute("DELETE FROM content")
        return self.catch_up(progress)


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _hit(row: tuple[Any, ...]) -> Hit:
    path, snippet, kind, size, mtime = row
    return Hit(Path(path), kind, size, datetime.fromtimestamp(mtime).astimezone(), snippet or "")
