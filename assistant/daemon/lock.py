"""One daemon per user: an exclusive lock on a file in the user's data dir, held while it runs.

The kernel drops the lock when the process dies, however it dies, so a crash
never leaves a stale lock behind. The file holds the pid for `status`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

from assistant.errors import BotpsyError, UsageError


class AlreadyRunning(BotpsyError):
    """Another daemon of this user holds the lock."""


class InstanceLock:
    """The daemon's lock file; `acquire` or fail, `release` on the way out."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock and write our pid, or raise AlreadyRunning naming the holder."""
        if sys.platform == "win32":
            raise UsageError("botpsy daemon is not supported on Windows yet")
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (held while running)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            pid = handle.read().strip()
            handle.close()
            raise AlreadyRunning(
                f"the daemon already runs for this user (pid {pid or 'unknown'}); "
                "`botpsy daemon status` says what it does"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle

    def release(self) -> None:
        """Drop the lock (the file stays; its content no longer matters)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def holder(self) -> int | None:
        """The pid of the running daemon, or None when nobody holds the lock."""
        if sys.platform == "win32" or not self.path.exists():
            return None
        import fcntl

        with open(self.path, encoding="utf-8") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                text = handle.read().strip()
                return int(text) if text.isdigit() else -1
            fcntl.flock(handle, fcntl.LOCK_UN)
        return None
