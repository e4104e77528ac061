"""One progress line for the evals: redrawn in place on a terminal, a few plain lines otherwise.

A log file or a pipe must not receive thousands of carriage-return redraws, so
off a terminal the line is printed at each tenth of the way and at the end.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts done items of a known total and shows how far along a run is."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = max(total, 1)
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.perf_counter()
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self._printed_tenth = 0

    def update(self, done: int) -> None:
        """Show that `done` items are finished."""
        elapsed = time.perf_counter() - self.started
        bar = "#" * (30 * done // self.total)
        line = f"{self.label} [{bar:<30}] {done}/{self.total} {elapsed:6.1f}s"
        if self.live:
            self.stream.write(f"\r{line}")
        else:
            tenth = 10 * done // self.total
            if tenth <= self._printed_tenth and done != self.total:
                return
            self._printed_tenth = tenth
            self.stream.write(f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        """End the redrawn line on a terminal."""
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
