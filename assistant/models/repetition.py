"""A guard against a small model that loops: the same words over and over until the token limit.

A 135M model asked something it cannot do may answer "I'm sorry for your loss..."
thirty times. Generation stops once a stretch of text has come three times in a
row at the end, and the reply keeps one copy. It also loops in other words ("I'm
here to help with your tasks, but I'm not a tool." then "I'm here to assist you with
your tasks, but I'm not a tool."): once two sentences say again what an earlier one
said, the reply ends before the first of them.
"""

from __future__ import annotations

import re

_LETTER = re.compile(r"[^\W\d_]")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?\n]+")
_WORD = re.compile(r"[a-z']+")


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


def restated_from(text: str, again: int = 2, alike: float = 0.6) -> int | None:
    """Where a reply starts saying again what it said, or None.

    A finished sentence of six words or more restates an earlier one when most of their
    words are shared (`alike`, by Jaccard). After `again` restatements the reply is cut
    before the first; a sentence said again word for word is cut at once. Sentences with digits never count as alike: a list of meetings
    differs in its times, and each line is news.
    """
    seen: list[set[str]] = []
    first: int | None = None
    count = 0
    for found in _SENTENCE.finditer(text):
        sentence = found.group(0)
        words = set(_WORD.findall(sentence.lower()))
        if len(words) < 6 or any(c.isdigit() for c in sentence):
            continue
        if words in seen:  # the very sentence again, word for word: that is the loop
            return found.start() if first is None else first
        if any(len(words & old) / len(words | old) >= alike for old in seen):
            count += 1
            first = found.start() if first is None else first
            if count >= again:
                return first
        seen.append(words)
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
        cuts = [c for c in (loop_start(text.rstrip()), restated_from(text)) if c is not None]
        return min(cuts) if cuts else None
