"""Clearing a day: every event on one day, or on part of one, deleted on one yes.

"Wipe my calendar on thursday" is one call of `calendar_clear_day`. Its preview lists
every event the call will delete (its time and its title, in quotes a title cannot close)
and pins each by its uid (a repeating event's by its occurrence) and a digest of what the
question showed of it (title, start, end); the yes deletes those, as shown, and nothing
else. An event that appears in between (an invitation synced in, an event added on the
phone) is left alone and named in the reply; one retitled or moved within the day meanwhile
(another writer, an organizer's update) is left alone and named too, as changed: the yes
was given to what the question showed. One gone or moved off the day meanwhile is skipped
and counted, never replaced by another.

What belongs to the day: an event that starts in the window and lasts less than a day,
and an all-day event of that one day when the whole day is cleared. Left alone, and named
in the question: an event that began before the window, one that runs a day or more (a
trip, a conference: deleting it would delete its other days too), an all-day event when
only part of the day is cleared, and events already over (the day's past stays as it
was). A repeating event loses that day's occurrence only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta, tzinfo
from typing import Any

from assistant.api import Moment, ToolArgumentError, ToolError, one_line, quoted
from botpsy_calendar.items import master_of
from botpsy_calendar.removing import each_removed
from botpsy_calendar.store import Event, VdirStore
from botpsy_calendar.tools import pin, reference

# The hours each part of the day covers, [from, to); 24 is the day's end.
PARTS: dict[str, tuple[int, int]] = {
    "morning": (0, 12),
    "afternoon": (12, 18),
    "evening": (18, 24),
    "night": (18, 24),
}
# At most this many events go on one yes: each is listed in the question, and a day holding
# more (an invitation repeating every few minutes) is cleared part by part.
MOST = 40
_DAY = "%A %-d %B %Y"


@dataclass(frozen=True)
class Window:
    """The hours cleared: [start, end) on one day, and how the question names them."""

    start: datetime
    end: datetime
    day_end: datetime  # midnight after the day the window is on
    label: str  # "on Tuesday 1 December 2026", "on Friday 4 December 2026 from 12:00 to 18:00"
    whole_day: bool


@dataclass
class Sorted:
    """A window's events: those a clear deletes, and why each of the rest stays."""

    targets: list[Event] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # '"Trip" (from Monday ... to ...)'
    over: int = 0  # events of the window already over: never deleted, only counted


def window(day: Moment, part: str | None, zone: tzinfo) -> Window:
    """The hours `day` (and `part`, "afternoon") name: a whole day, part of it, or a range
    of hours in it ("friday 2pm to 5pm"); a time alone ("friday 3pm") runs to midnight."""
    local = day.start.astimezone(zone)
    first = datetime.combine(local.date(), time(0), zone)
    day_end = datetime.combine(local.date() + timedelta(days=1), time(0), zone)
    name = local.strftime(_DAY)
    if part:
        if part not in PARTS:
            raise ToolArgumentError(f"part must be one of {', '.join(PARTS)}, not '{part}'")
        begin, finish = PARTS[part]
        start = first.replace(hour=begin)
        end = day_end if finish == 24 else first.replace(hour=finish)
        return Window(start, end, day_end, f"on {name} ({part}, {_hours(start, end)})", False)
    if day.all_day:
        if day.end is not None and day.end - day.start > timedelta(hours=25):
            raise ToolArgumentError(
                "I clear one day at a time (or part of one): name the day, e.g. 'friday'"
            )
        return Window(first, day_end, day_end, f"on {name}", True)
    end = day.end.astimezone(zone) if day.end is not None else day_end
    if not local < end <= day_end:
        raise ToolArgumentError(
            "the hours to clear must lie within one day, e.g. 'friday 2pm to 5pm'"
        )
    whole = local == first and end == day_end
    return Window(
        local, end, day_end, f"on {name}" + ("" if whole else f" {_hours(local, end)}"), whole
    )


def _hours(start: datetime, end: datetime) -> str:
    """ "from 12:00 to 18:00", "from 14:00 to midnight"."""
    finish = "midnight" if end.time() == time(0) else end.strftime("%H:%M")
    return f"from {start.strftime('%H:%M')} to {finish}"


def sort_out(events: Sequence[Event], shown: Window, now: datetime, zone: tzinfo) -> Sorted:
    """Which of the events overlapping `shown` a clear deletes, and which stay (and why)."""
    found = Sorted()
    for event in events:
        if event.end <= now:
            found.over += 1
            continue
        if event.all_day:
            last = (event.end - timedelta(seconds=1)).date()
            if last != event.start.date():
                found.kept.append(
                    f"{quoted(event.title, 80)} (from {event.start.strftime('%A %-d %B')} "
                    f"to {last.strftime('%A %-d %B')})"
                )
            elif not shown.whole_day:
                found.kept.append(f"{quoted(event.title, 80)} (all day)")
            else:
                found.targets.append(event)
            continue
        start = event.start.astimezone(zone)
        if start < shown.start:
            found.kept.append(
                f"{quoted(event.title, 80)} (began {start.strftime('%A %-d %B %H:%M')})"
            )
        elif event.end - event.start >= timedelta(days=1):
            ends = event.end.astimezone(zone).strftime("%A %-d %B %H:%M")
            found.kept.append(f"{quoted(event.title, 80)} (runs until {ends})")
        else:
            found.targets.append(event)
    return found


def line(event: Event, zone: tzinfo) -> str:
    """'09:00–09:30 "Standup" (this day's occurrence only)', 'all day "Holiday"'."""
    if event.all_day:
        when = "all day"
    else:
        start, end = event.start.astimezone(zone), event.end.astimezone(zone)
        when = f"{start.strftime('%H:%M')}–{end.strftime('%H:%M')}"
        if end.date() != start.date():
            when += " (next day)"
    text = f"{when} {quoted(event.title, 120)}"
    if event.recurrence_id is not None or event.repeat:
        text += " (this day's occurrence only)"
    if event.attendees:  # a scheduling server mails them: that much of the delete is a send
        listed = ", ".join(one_line(a, 80) for a in event.attendees[:3])
        more = f" and {len(event.attendees) - 3} more" if len(event.attendees) > 3 else ""
        text += f" (your calendar server may tell the people it invites: {listed}{more})"
    return text


def _count(number: int, what: str = "event") -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


def _changed_count(changed: Sequence[Event]) -> str:
    """'1 event shown was changed since the question', '2 events shown were ...'."""
    verb = "was" if len(changed) == 1 else "were"
    return f"{_count(len(changed))} shown {verb} changed since the question"


def _staying(found: Sorted) -> str:
    """'; left as they are: 2 events already over, "Trip" (from ... to ...)', or ""."""
    parts = [f"{_count(found.over)} already over"] if found.over else []
    parts += found.kept
    return f"; left as they are: {', '.join(parts)}" if parts else ""


def _read(
    store: VdirStore, day: Moment, part: str | None, now: datetime, zone: tzinfo
) -> tuple[Window, Sorted]:
    shown = window(day, part, zone)
    events = [_one_date(store, e) for e in store.between(shown.start, shown.end)]
    return shown, sort_out(events, shown, now, zone)


def _one_date(store: VdirStore, event: Event) -> Event:
    """An event kept with other dates of its own (RDATE, no RRULE: the store reads each date
    as a plain event) as the occurrence of that one date: pinned, shown and deleted as such.
    Deleted whole, the question's one line would take every other date with it."""
    if event.recurrence_id is not None or event.repeat:
        return event
    calendar = store.read(event.uid)
    master = master_of(calendar) if calendar is not None else None
    if master is None or "rdate" not in master:
        return event
    return replace(event, recurrence_id=event.start)


def _checked(shown: Window, found: Sorted) -> None:
    """Nothing to delete, or too much for one question: an error, and nothing is deleted."""
    if not found.targets:
        if not found.over and not found.kept:
            raise ToolError(
                f"there is nothing to clear {shown.label}: your calendar has no events then"
            )
        raise ToolError(f"nothing to clear {shown.label}{_staying(found)}; nothing was deleted")
    if len(found.targets) > MOST:
        raise ToolError(
            f"{len(found.targets)} events {shown.label}: more than the {MOST} I delete on one yes;"
            " clear the day part by part (the morning, the afternoon, the evening);"
            " nothing was deleted"
        )


def preview(
    store: VdirStore, day: Moment, part: str | None, now: datetime, zone: tzinfo
) -> tuple[str, list[str]]:
    """What a clear will delete, in words (each event by its time and title), and the pins
    of exactly those events: the run deletes these and nothing else."""
    shown, found = _read(store, day, part, now, zone)
    _checked(shown, found)
    listed = "; ".join(line(e, zone) for e in found.targets)
    count = len(found.targets)
    head = "the one event" if count == 1 else f"all {count} events"
    text = f"delete {head} {shown.label}: {listed}{_staying(found)}"
    return text, [pin(e, shown=True) for e in found.targets]


@dataclass
class Cleared:
    """What a clear did: for the user (`summary`), for the model (`said`, `data`), and the
    store's notes (a change left pending while offline)."""

    summary: str
    said: str
    data: dict[str, Any]
    note: str


def clear(
    store: VdirStore,
    day: Moment,
    part: str | None,
    now: datetime,
    zone: tzinfo,
    pinned: Sequence[str] | None,
) -> Cleared:
    """Delete the events a preview pinned (`pinned`), those still in the window as shown; with
    no pins (a call no preview resolved), the window's events as the preview would list them.

    A pin is an event's uid (and occurrence) with a digest of what the question showed of it:
    an event pinned but changed since (retitled, moved within the window) is `changed`, left
    alone and named; one not pinned at all is new, left alone and named; a pin matching no
    event of the window any more is counted as gone."""
    shown, found = _read(store, day, part, now, zone)
    changed: list[Event] = []
    if pinned is None:
        _checked(shown, found)
        chosen, gone, new = found.targets, 0, []
    else:
        wanted = list(dict.fromkeys(str(p) for p in pinned))
        here = {pin(e, shown=True): e for e in found.targets}
        chosen = [here[p] for p in wanted if p in here]
        bases = {p.rpartition("~")[0] for p in wanted if p not in here}
        changed = [e for e in found.targets if pin(e) in bases]
        gone = len(wanted) - len(chosen) - len(changed)
        asked = {p.rpartition("~")[0] for p in wanted}
        new = [e for e in found.targets if pin(e) not in asked]
    if not chosen:
        why = f" ({_changed_count(changed)})" if changed else ""
        raise ToolError(
            f"none of the events shown is still on your calendar {shown.label} as shown{why};"
            " nothing was deleted"
        )
    deleted, failed, notes = each_removed(
        chosen,
        lambda event: store.delete(event, whole_series=event.recurrence_id is None),
        lambda event: line(event, zone),
    )
    if not deleted:
        raise ToolError("nothing was deleted: " + "; ".join(failed))
    head = "the one event" if len(deleted) == 1 else _count(len(deleted))
    summary = f"Deleted {head} {shown.label}: {'; '.join(line(e, zone) for e in deleted)}."
    said = f"Deleted {_count(len(deleted))}."
    if new:
        listed = "; ".join(line(e, zone) for e in new)
        summary += (
            f" Left alone, as you were not shown {'it' if len(new) == 1 else 'them'}: {listed}."
        )
        said += f" {_count(len(new))} added since the question {'was' if len(new) == 1 else 'were'} left alone."
    if changed:
        listed = "; ".join(line(e, zone) for e in changed)
        summary += (
            f" Left alone, as {'it' if len(changed) == 1 else 'they'} changed after you were"
            f" asked (retitled or moved): {listed}."
        )
        said += f" {_changed_count(changed)}: left alone."
    if gone:
        summary += (
            f" {_count(gone)} of those shown {'was' if gone == 1 else 'were'} no longer there."
        )
        said += f" {_count(gone)} shown {'was' if gone == 1 else 'were'} already gone."
    if failed:
        summary += f" Could not delete: {'; '.join(failed)}."
        said += f" {_count(len(failed))} could not be deleted."
    data: dict[str, Any] = {"deleted": [reference(e) for e in deleted]}
    if new:
        data["left_alone"] = len(new)
    if changed:
        data["changed"] = len(changed)
    if gone:
        data["already_gone"] = gone
    if failed:
        data["failed"] = len(failed)
    return Cleared(summary, said, data, " ".join(notes))
