"""One by one, the things a single yes removes: what went, what could not (with why), and the
notes the store gave. Shared by the clears of a day and of a list, so both report alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from assistant.api import ToolError, one_line
from botpsy_calendar.dav import DavError

Thing = TypeVar("Thing")


def each_removed(
    things: Sequence[Thing], remove: Callable[[Thing], str], shown: Callable[[Thing], str]
) -> tuple[list[Thing], list[str], list[str]]:
    """`remove` each thing in turn; one that fails is named with its reason and the rest go on."""
    removed: list[Thing] = []
    failed: list[str] = []
    notes: list[str] = []
    for thing in things:
        try:
            note = remove(thing)
        except (ToolError, DavError, OSError) as exc:
            failed.append(f"{shown(thing)} ({one_line(str(exc), 160)})")
            continue
        removed.append(thing)
        if note and note not in notes:
            notes.append(note)
    return removed, failed, notes
