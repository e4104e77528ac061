"""Changing a task already made, in words: "move my reminder to call mom to friday".

Kept apart from adding tasks (task_intents.py) because a change must name a task that exists:
"push the insurance task to monday" is a change only when a task says "insurance".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from assistant.api import (
    IntentMatch,
    Recent,
    TimeParseError,
    edit_value,
    new_name,
    parse_moment,
    pick_one,
)
from botpsy_calendar.intents import _resolves

_KIND = r"(?:reminder|task|to-?do|to\s+do)"
_LEAD = r"^(?:(?:please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i'd\s+like\s+to)\s+)*"
_VERB = r"(?:move|push(?:\s+back)?|put\s+off|postpone|shift|change|reschedule|bump|delay|set)"
# "move my reminder to renew the passport to friday", "push the passport task back to monday"
_MOVE = re.compile(
    rf"{_LEAD}{_VERB}\s+(?:my|the|that)\s+"
    rf"(?:{_KIND}\s+(?:to|about|for|that\s+i\s+need\s+to)\s+(?P<what>.+?)|(?P<named>.+?)\s+{_KIND})"
    r"(?:\s+back)?\s+(?:to|till|until|for|on|onto)\s+(?P<when>.+?)[.!]?$",
    re.I,
)
# "make the passport task due friday", "make my reminder to call jo for tomorrow instead"
_DUE = re.compile(
    rf"{_LEAD}make\s+(?:my|the|that)\s+"
    rf"(?:{_KIND}\s+(?:to|about|for)\s+(?P<what>.+?)|(?P<named>.+?)\s+{_KIND})"
    r"\s+(?:due\s+)?(?:on\s+|for\s+)?(?P<when>.+?)(?:\s+instead)?[.!]?$",
    re.I,
)
# "change the due date of the passport task to friday"
_DUE_DATE = re.compile(
    rf"{_LEAD}(?:change|move|set)\s+the\s+(?:due\s+)?(?:date|day|time)\s+(?:of|for|on)\s+(?:my|the)\s+"
    rf"(?:{_KIND}\s+(?:to|about|for)\s+(?P<what>.+?)|(?P<named>.+?)\s+{_KIND})"
    r"\s+to\s+(?P<when>.+?)[.!]?$",
    re.I,
)


def make_task_change_matchers(
    now: Callable[[], datetime], has_task: Callable[[str], bool]
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Moving a task or reminder to another day or time, when the words name one that exists."""

    def move_task(text: str) -> IntentMatch | None:
        said = text.strip()
        for shape in (_DUE_DATE, _MOVE, _DUE):
            found = shape.match(said)
            if not found:
                continue
            words = (found.group("what") or found.group("named") or "").strip()
            words = re.sub(r"^(?:the|my)\s+", "", words, flags=re.I)
            when = found.group("when").strip()
            if words and has_task(words) and _resolves(when, now()):
                return IntentMatch("task_update", {"task": words, "due": when}, "move_task")
        return None

    def rename_task(text: str) -> IntentMatch | None:
        """ "Change renew the permit to renew the parking permit", "rename the task X to Y":
        a to-do that exists, by its whole title, given a new one (never a time: that is a move)."""
        found = _RENAME_TASK.match(text.strip().rstrip(".!"))
        if not found:
            return None
        for cut in list(re.finditer(r"\s+(?:to|into|as)\s+", found.group("rest"), re.I))[:4]:
            old = re.sub(r"^(?:the|my)\s+", "", found.group("rest")[: cut.start()], flags=re.I)
            new = found.group("rest")[cut.end() :].strip(" \"'")
            if not (old and new and has_task(old)) or _resolves(new, now()):
                continue
            return IntentMatch("task_update", {"task": old, "title": new[:1].upper() + new[1:]},
                               "rename_task")  # fmt: skip
        return None

    return [("move_task", move_task), ("rename_task", rename_task)]


# "change X to Y", "rename the to-do X to Y", "call the task X Y instead"
_RENAME_TASK = re.compile(
    r"^(?:change|rename|retitle|reword)\s+(?:the\s+(?:task|to-?do|reminder)\s+)?(?P<rest>.+)$", re.I
)


# -- "what's on this week" then "move it to 4pm" / "cancel it" / "call it X" ------------------
# The events a listing showed are the ones its span (the user's own words, as the listing's call
# recorded them) holds now in the store; "it" is one of them. One event: that one. Several: the
# user is asked which, with the same numbered options a search asks with, and the answer (a
# place, a day, a time, words of a title) picks the pinned event the call then changes.
MAX_LISTED = 8
# The verbs of taking an event out, as people say them.
_REMOVE = r"(?:cancel|delete|remove|drop|scrap|ditch|axe|nix|clear|erase|call\s+off|get\s+rid\s+of)"
_REMOVE_IT = re.compile(
    r"^(?:(?:no|actually|ok(?:ay)?|then|and|please|just|oh)[,.!]?\s+)*"
    rf"(?:{_REMOVE}|take\s+off)\s+"
    r"(?:it|that|this)(?:\s+one)?(?:\s+(?:please|then|for\s+me))?[.!]?$",
    re.I,
)
_RELATIVE = re.compile(r"\b(?:later|earlier|back|forward|ahead|by|sooner)\b", re.I)
_CLOCK = re.compile(
    r"\d|\b(?:noon|midday|midnight|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|morning|afternoon|evening|night)\b",
    re.I,
)
_DAY = re.compile(
    r"\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next"
    r"|\d{4}-\d\d-\d\d|\d{1,2}(?:st|nd|rd|th))\b",
    re.I,
)


# "cancel the second one", "move the thursday one to 4pm": the listed event named as an answer
# to "which one?" would name it (a place, a day, a time, words of its title).
_OPENING = r"^(?:(?:no|actually|ok(?:ay)?|then|and|please|just|oh)[,.!]?\s+)*"
_REMOVE_WHICH = re.compile(
    rf"{_OPENING}{_REMOVE}\s+"
    r"(?P<which>the\s+.+?)(?:\s+(?:please|then|for\s+me))?[.!]?$",
    re.I,
)
_MOVE_WHICH = re.compile(
    rf"{_OPENING}(?:move|push|reschedule|shift|change|bump|put)\s+(?P<which>the\s+(?!time\b).+?)\s+"
    r"(?:to|till|until|for)\s+(?P<value>.+?)(?:\s+(?:instead|please))?[.!]?$",
    re.I,
)


def _moved_to(value: str) -> dict[str, Any] | None:
    """The arguments of a move to `value`; None for a move by an amount (left to the model).

    A day alone ("move it to saturday") is a move too: the tool keeps a timed event's hour and
    length on the new day (`calendar_update_event`)."""
    if _RELATIVE.search(value):
        return None
    day_alone = not _CLOCK.search(_DAY.sub(" ", value))  # "friday", "the 5th"
    if day_alone and (not _DAY.search(value) or len(_DAY.sub(" ", value).split()) > 2):
        return None
    if re.fullmatch(r"\d{1,2}", value.strip()):
        value = f"at {value.strip()}"
    try:  # a time, not a request of its own ("make a dentist appointment at 4pm")
        parse_moment(value, datetime.now().astimezone())
    except TimeParseError:
        return None
    if _DAY.search(value):
        return {"tool": "calendar_update_event", "start": value}
    return {"tool": "calendar_update_event", "start": value, "keep_day": True}


def _listed_act(text: str) -> tuple[dict[str, Any], str] | None:
    """What the request does to a listed event (the call's arguments but its `event`), and the
    words that name which one ("" for "it")."""
    said = text.strip()
    if _REMOVE_IT.match(said):
        return {"tool": "calendar_delete_event"}, ""
    name = new_name(said)
    if name is not None:
        return {"tool": "calendar_update_event", "title": name[:1].upper() + name[1:]}, ""
    if found := _REMOVE_WHICH.match(said):
        return {"tool": "calendar_delete_event"}, found.group("which")
    if (found := _MOVE_WHICH.match(said)) and (moved := _moved_to(found.group("value"))):
        return moved, found.group("which")
    value = edit_value(said)
    moved = _moved_to(value) if value is not None else None
    return (moved, "") if moved is not None else None


def make_listing_followups(
    now: Callable[[], datetime], listed: Callable[[datetime, datetime], list[Any]]
) -> list[tuple[str, Callable[[str, Recent], IntentMatch | None]]]:
    """ "Move it to 4pm", "cancel it", "rename it to X" right after a listing of days."""
    from botpsy_calendar.tools import describe, option_label, pin

    def on_listed(text: str, recent: Recent) -> IntentMatch | None:
        last = recent.last()
        if last is None or last.tool != "calendar_list_events":
            return None
        read = _listed_act(text)
        if read is None:
            return None
        act, which = read
        span = str(last.arguments.get("when") or "").split("/")
        try:
            first, end = (
                (datetime.fromisoformat(span[0]), datetime.fromisoformat(span[1]))
                if len(span) == 2
                else (now(), now() + timedelta(days=7))  # the listing's own default
            )
        except ValueError:
            return None
        events = listed(first, end)
        tool = act.pop("tool")
        if which and events:  # "cancel the second one": picked as an answer picks, or not at all
            # among the events as the listing showed them, in its order: one already over was
            # shown too, so "the second one" is the second the user read, not of those left
            options = [pin(e) for e in events]
            picked = pick_one(which, options, [option_label(e, describe) for e in events])
            return IntentMatch(tool, {"event": picked, **act}) if picked else None
        upcoming = [e for e in events if e.end > now()]
        events = (upcoming or events)[:MAX_LISTED]
        if not events or which:
            return None
        options = [pin(e) for e in events]
        labels = [option_label(e, describe) for e in events]
        if len(events) == 1:
            return IntentMatch(tool, {"event": options[0], **act})
        shown = "; ".join(f"{n}. {describe(e)}" for n, e in enumerate(events, 1))
        return IntentMatch(
            tool, act, missing={"event": f"Which one? {shown}"}, options=options, labels=labels
        )

    def clear_listed(text: str, recent: Recent) -> IntentMatch | None:
        """ "Clear that day", "cancel them all" after one day's listing: that day cleared
        (shown in full and asked for, as any clear is)."""
        last = recent.last()
        if last is None or last.tool != "calendar_list_events" or not _CLEAR_THEM.match(text):
            return None
        span = str(last.arguments.get("when") or "").split("/")
        try:
            first, end = datetime.fromisoformat(span[0]), datetime.fromisoformat(span[-1])
        except ValueError:
            return None
        if len(span) != 2 or not timedelta(hours=22) <= end - first <= timedelta(hours=26):
            return None  # several days (or part of one) listed: which day stays the question
        return IntentMatch("calendar_clear_day", {"day": first.date().isoformat()})

    return [("change_listed_event", on_listed), ("clear_listed_day", clear_listed)]


# Everything just listed, cleared: "clear the whole day", "cancel them all", "delete all of it".
_CLEAR_THEM = re.compile(
    r"^(?:(?:then|so|ok(?:ay)?|right|in\s+that\s+case)[,]?\s+)*(?:clear|cancel|delete|remove|wipe"
    r"|scrap|drop)\s+(?:(?:the|that|this)\s+(?:whole\s+|entire\s+)?day|(?:it|them|those|these)\s+all"
    r"|all\s+(?:of\s+)?(?:it|them|those|these|that)|everything(?:\s+(?:then|on\s+it))?|the\s+lot)"
    r"(?:\s+please)?[.!]*$",
    re.I,
)
