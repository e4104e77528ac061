"""A guard against a small model that loops: the same words over and over until the token limit.

A 135M model asked something it cannot do may answer "I'm sorry for your loss..."
thirty times. Generation stops once a stretch of text has come three times in a
row at the end, and the reply keeps one copy.
"""

from __future__ import annotations

import re

_LETTER = re.compile(r"[^\W\d_]")


def loop_start(text: str, times: int = 3, shortest: int = 8, longest: int = 400) -> int | None:
    """Where the text's trailing loop begins after its first copy, or None if it does not loop.

    A loop is a unit of `shortest` to `longest` characters, holding a letter, that the
    text ends with `times` times in a row (or more). The index keeps the first copy.
    """
    end = len(text)
    for period in range(shortest, min(longest, end // times) + 1):
        unit = text[end - period :]
        if not _LETTER.search(unit):
            continue
        if all(text[end - (k + 1) * period : end - k * period] == unit for k in range(1, times)):
            start = end - times * period
            while start >= period and text[start - period : start] == unit:
                start -= period  # the run began earlier: keep only its first copy
            return start + period
    return None


class RepetitionGuard:
    """Fed the text as it streams; says when to stop, and what to keep."""

    def __init__(self, every: int = 2) -> None:
        self.every = every  # check once per this many pieces: a loop lasts far longer
        self._pieces = 0

    def loops(self, text: str) -> int | None:
        """The index to cut the text at when it has started looping, else None."""
        self._pieces += 1
        if self._pieces % self.every:
            return None
        return loop_start(text.rstrip())
