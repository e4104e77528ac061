"""A task picked from the listing just read: "i've finished the second one", "delete the last item".

After "what's on my to-do list" the user points at a line as they read it, by its place or by
words of it. The listing is read again with the same arguments (`shown_tasks`, the order the
tool showed), and the line is picked as an answer to "which one?" picks it: by the user's words
only, never by anything a task's own text says. No pick, no match: the model or the other
matchers read the request as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from assistant.api import IntentMatch, Recent, Span, pick_one
from botpsy_calendar.items import Task

# "the first one", "the last item", "number two", "the one about the bins": a line pointed at.
_WHICH = r"(?P<which>(?:the|number)\s+.+?)"
_END = r"(?:\s+(?:now|then|please|too|already))*[.!]?$"
_OPENING = r"^(?:(?:ok(?:ay)?|right|so|and|oh|yes|yeah|actually|great)[,.!]?\s+)*"
_I_DID = r"(?:(?:i(?:'ve|\s+have)?|we(?:'ve|\s+have)?)\s+(?:already\s+|just\s+)?)?"
_DONE_IT = (
    re.compile(rf"{_OPENING}{_I_DID}(?:done|finished|completed|did|sorted)\s+{_WHICH}{_END}", re.I),
    re.compile(
        rf"{_OPENING}(?:please\s+)?(?:mark|tick|check|cross)\s+(?:off\s+)?{_WHICH}"
        rf"(?:\s+(?:off|as\s+(?:done|complete|completed|finished)))?{_END}",
        re.I,
    ),
    re.compile(
        rf"{_OPENING}{_WHICH}(?:'s|\s+is|'s\s+been|\s+has\s+been)\s+"
        rf"(?:done|finished|sorted|complete|completed){_END}",
        re.I,
    ),
)
_REMOVE_IT = re.compile(
    rf"{_OPENING}(?:please\s+)?(?:delete|remove|drop|scrap|erase|get\s+rid\s+of|take\s+off)\s+"
    rf"{_WHICH}{_END}",
    re.I,
)

ListedTasks = Callable[[Mapping[str, Any], datetime], list[Task]]


# Words that point at a line of the listing, not name an item: "the first one", "number two",
# "the one about the boiler". "Remove the eggs" names its item: the list matchers read it.
_POINTS = re.compile(
    r"\b(?:first|second|third|fourth|fifth|sixth|last|top|bottom|\d+(?:st|nd|rd|th)?|one|ones"
    r"|item|task|line|entry|number)\b",
    re.I,
)


def _act(text: str) -> tuple[str, str] | None:
    """The tool the words ask for and the words that point at the line, or None."""
    said = text.strip()
    found = None
    for shape in _DONE_IT:
        if done := shape.match(said):
            found = "task_complete", done.group("which")
            break
    if found is None and (gone := _REMOVE_IT.match(said)):
        found = "task_delete", gone.group("which")
    return found if found is not None and _POINTS.search(found[1]) else None


def make_task_listing_followups(
    now: Callable[[], datetime], listed: ListedTasks
) -> list[tuple[str, Callable[[str, Recent], IntentMatch | None]]]:
    """ "I've finished the second one", "delete the last item" right after a listing of tasks."""
    from botpsy_calendar.tools import describe_task, option_label

    def on_listed(text: str, recent: Recent) -> IntentMatch | None:
        last = recent.last()
        if last is None or last.tool != "task_list":
            return None
        act = _act(text)
        if act is None:
            return None
        tool, which = act
        tasks = listed(last.arguments, now())
        if not tasks:
            return None
        options = [f"uid:{t.uid}" for t in tasks]
        picked = pick_one(which, options, [option_label(t, describe_task) for t in tasks])
        return IntentMatch(tool, {"task": picked}) if picked else None

    return [("change_listed_task", on_listed)]


def due_of(arguments: Mapping[str, Any]) -> Span | None:
    """The `due` span a listing's record holds ("START/END"), or None."""
    said = str(arguments.get("due") or "").split("/")
    if len(said) != 2:
        return None
    try:
        return Span(datetime.fromisoformat(said[0]), datetime.fromisoformat(said[1]))
    except ValueError:
        return None
