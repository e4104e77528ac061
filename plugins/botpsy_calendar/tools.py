"""Calendar tools: create, list, search, update and delete events in the local store."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from assistant.clock import Clock
from assistant.errors import ToolArgumentError, ToolError
from assistant.timeparse import Moment, Span
from assistant.tools import Effect, ToolResult, tool
from botpsy_calendar.store import Event, VdirStore

_FILLER = re.compile(r"\b(the|my|our|an?|appointment|meeting|event)\b", re.I)


def describe(event: Event) -> str:
    """'"Dentist" on Friday 4 December 2026, 15:00–16:00 (Europe/Berlin)'."""
    day = event.start.strftime("%A %-d %B %Y")
    if event.all_day:
        last = event.end - timedelta(days=1)
        if last.date() > event.start.date():
            return f'"{event.title}" from {day} to {last.strftime("%A %-d %B %Y")} (all day)'
        return f'"{event.title}" on {day} (all day)'
    zone = getattr(event.start.tzinfo, "key", None) or event.start.strftime("%Z")
    end = event.end.strftime("%H:%M")
    if event.end.date() != event.start.date():
        end = event.end.strftime("%A %-d %B %H:%M")
    return f'"{event.title}" on {day}, {event.start.strftime("%H:%M")}–{end} ({zone})'


def event_data(event: Event) -> dict[str, Any]:
    """What the model sees of an event."""
    data: dict[str, Any] = {
        "id": event.uid,
        "title": event.title,
        "start": event.start.date().isoformat()
        if event.all_day
        else event.start.isoformat(timespec="minutes"),
        "end": event.end.date().isoformat()
        if event.all_day
        else event.end.isoformat(timespec="minutes"),
    }
    if event.all_day:
        data["all_day"] = True
    if event.location:
        data["location"] = event.location
    if event.notes:
        data["notes"] = event.notes
    return data


class CalendarTools:
    """The calendar toolbox, bound to one store and the user's clock."""

    def __init__(self, store: VdirStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    # -- helpers ----------------------------------------------------------------------------
    def find(self, event: str, day: date | None = None) -> Event:
        """The one event that `event` (an id or words of its title) names; ambiguity is an error."""
        events = self.store.events()
        exact = [e for e in events if e.uid == event]
        if exact:
            return exact[0]
        words = _FILLER.sub(" ", event).split()
        wanted = " ".join(words).lower()
        if not wanted:
            raise ToolArgumentError("say which event: its title or id")
        matches = [
            e
            for e in events
            if wanted in e.title.lower() or (e.title.lower() in wanted and e.title.strip())
        ]
        if day is not None:
            matches = [
                e
                for e in matches
                if e.start.date() <= day < (e.end - timedelta(seconds=1)).date()
                or e.start.date() == day
            ]
        if len(matches) > 1:
            upcoming = [e for e in matches if e.end >= self.clock.now()]
            matches = upcoming or matches
        if not matches:
            where = f" on {day.strftime('%A %-d %B %Y')}" if day else ""
            raise ToolError(f"no event matches '{event}'{where}")
        if len(matches) > 1:
            listed = "; ".join(f"{describe(e)} [id {e.uid}]" for e in matches[:5])
            raise ToolError(f"{len(matches)} events match '{event}': {listed}. Say which one.")
        return matches[0]

    def _times(
        self, start: Moment, end: Moment | None, duration_minutes: int | None
    ) -> tuple[datetime, datetime, bool]:
        if end is not None and duration_minutes is not None:
            raise ToolArgumentError("give either an end or a duration, not both")
        if duration_minutes is not None:
            if not 0 < duration_minutes <= 14 * 24 * 60:
                raise ToolArgumentError("duration_minutes must be between 1 and 20160 (two weeks)")
            return start.start, start.start + timedelta(minutes=duration_minutes), False
        if end is not None:
            finish = end.end if end.all_day and end.end is not None else end.start
            if start.all_day and end.all_day:
                return start.start, finish, True
            if finish <= start.start:
                raise ToolArgumentError("the end must come after the start")
            return start.start, finish, False
        if start.end is not None:
            return start.start, start.end, start.all_day
        return start.start, start.start + timedelta(hours=1), False

    # -- tools ------------------------------------------------------------------------------
    @tool(Effect.WRITE)
    def calendar_create_event(
        self,
        title: str,
        start: Moment,
        end: Moment | None = None,
        duration_minutes: int | None = None,
        location: str | None = None,
        notes: str | None = None,
    ) -> ToolResult:
        """Add (schedule, book, put) an event, appointment or meeting on the user's calendar.

        Args:
            title: short name of the event, e.g. "Dentist"
            start: when it starts
            end: when it ends (default: one hour after the start)
            duration_minutes: length in minutes, instead of an end
            location: where it takes place
            notes: details to keep with the event
        """
        title = " ".join(title.split())
        if not title:
            raise ToolArgumentError("the event needs a title")
        first, last, all_day = self._times(start, end, duration_minutes)
        event = Event(title, first, last, all_day, location or "", notes or "")
        clashes = [e for e in self.store.events() if e.overlaps(event)]
        self.store.save(event)
        summary = f"Added {describe(event)}."
        data = event_data(event)
        if clashes:
            summary += " Note: it overlaps " + "; ".join(describe(e) for e in clashes) + "."
            data["conflicts"] = [event_data(e) for e in clashes]
        return ToolResult(summary, data)

    @tool(Effect.READ)
    def calendar_list_events(self, when: Span | None = None) -> ToolResult:
        """List (show) the events on the calendar (agenda, schedule) for a day or a range, e.g. "today", "Friday", "next week".

        Args:
            when: the day or range to list (default: the next seven days)
        """
        now = self.clock.now()
        span = when or Span(now, now + timedelta(days=7))
        events = self.store.between(span.start, span.end)
        label = _span_label(span, now)
        if not events:
            return ToolResult(f"Nothing on your calendar {label}.", {"events": []})
        lines = [f"{len(events)} event{'s' if len(events) > 1 else ''} {label}:"]
        lines += [f"- {describe(e)}" for e in events]
        return ToolResult("\n".join(lines), {"events": [event_data(e) for e in events]})

    @tool(Effect.READ)
    def calendar_search_events(self, text: str) -> ToolResult:
        """Search (find) calendar events, appointments or meetings whose title, place or notes mention some words.

        Args:
            text: words to look for, e.g. "dentist"
        """
        wanted = text.lower().strip()
        if not wanted:
            raise ToolArgumentError("say what to look for")
        found = [
            e
            for e in self.store.events()
            if wanted in f"{e.title}\n{e.location}\n{e.notes}".lower()
        ]
        if not found:
            return ToolResult(f"No events mention '{text}'.", {"events": []})
        lines = [f"{len(found)} event{'s' if len(found) > 1 else ''} mention '{text}':"]
        lines += [f"- {describe(e)}" for e in found]
        return ToolResult("\n".join(lines), {"events": [event_data(e) for e in found]})

    @tool(Effect.WRITE)
    def calendar_update_event(
        self,
        event: str,
        title: str | None = None,
        start: Moment | None = None,
        end: Moment | None = None,
        duration_minutes: int | None = None,
        location: str | None = None,
        notes: str | None = None,
        day: date | None = None,
    ) -> ToolResult:
        """Move (reschedule), rename or otherwise change a calendar event, appointment or meeting.

        Args:
            event: the event's title words or id
            title: the new title
            start: the new start; the event keeps its length unless an end is given
            end: the new end
            duration_minutes: the new length in minutes
            location: the new place
            notes: the new notes
            day: the day of the event to change, when several share a title
        """
        found = self.find(event, day)
        before = describe(found)
        if start is not None:
            length = found.end - found.start
            first, last, all_day = self._times(start, end, duration_minutes)
            if end is None and duration_minutes is None and start.end is None and not start.all_day:
                last = first + length
            found.start, found.end, found.all_day = first, last, all_day
        elif end is not None or duration_minutes is not None:
            first, last, _ = self._times(Moment(found.start), end, duration_minutes)
            found.end = last
        if title:
            found.title = " ".join(title.split())
        if location is not None:
            found.location = location
        if notes is not None:
            found.notes = notes
        self.store.save(found)
        return ToolResult(f"Changed {before} to {describe(found)}.", event_data(found))

    def preview_delete(self, arguments: dict[str, Any]) -> str:
        """Which event a delete will remove, named in full."""
        found = self.find(arguments["event"], arguments.get("day"))
        return f"delete {describe(found)}"

    @tool(Effect.DELETE, preview="preview_delete")
    def calendar_delete_event(self, event: str, day: date | None = None) -> ToolResult:
        """Delete (cancel, remove) an event, appointment or meeting from the calendar.

        Args:
            event: the event's title words or id
            day: the day of the event, when several share a title
        """
        found = self.find(event, day)
        self.store.delete(found)
        return ToolResult(f"Deleted {describe(found)}.", {"deleted": event_data(found)})


def _span_label(span: Span, now: datetime) -> str:
    days = (span.end - span.start).days
    if span.start.date() == now.date() and days <= 1 and span.end.date() != span.start.date():
        return "today"
    if days == 1 and span.start.time() == span.end.time():
        return "on " + span.start.strftime("%A %-d %B")
    last = span.end - timedelta(seconds=1)
    return f"from {span.start.strftime('%A %-d %B')} to {last.strftime('%A %-d %B')}"
