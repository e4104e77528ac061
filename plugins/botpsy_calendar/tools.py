"""Calendar and task tools: create, list, search, update and delete events (one-off or repeating) and to-dos.

They work on a store: the local vdir, or a CalDAV account's synced copy of it,
whose notes ("saved here, sent when the server is back") end up in the reply.

Events and tasks may have been written by others (invitations, shared
calendars), so the tools that read them out are `untrusted_output` and give the
model that text fenced as data; the tools that change one tell the model only
botpsy's own words (times, and what the call itself said), never a title, note
or id someone else wrote. Titles and notes lose control characters before they
are shown. A delete's preview pins the exact event (and occurrence) it names,
so the delete removes what the user was shown.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime, time, timedelta
from typing import Any, Literal

from assistant.api import (
    AskUser,
    Clock,
    Effect,
    Moment,
    Shown,
    Span,
    ToolArgumentError,
    ToolError,
    ToolResult,
    one_line,
    parse_span,
    printable,
    quoted,
    tool,
)
from botpsy_calendar.dav import DavError
from botpsy_calendar.fence import Fenced, ForModel
from botpsy_calendar.repeat import describe_repeat, parse_repeat
from botpsy_calendar.search import FILLER as _FILLER
from botpsy_calendar.search import around_now, mentioning, ordered
from botpsy_calendar.store import Event, ListInfo, Task, VdirStore

_QUOTED = re.compile(r'"[^"]*"')  # a title quoted in a sync note (quotes in it are made ')
# Names that mean the to-dos themselves, not a named list.
_NO_LIST = {"to-do", "todo", "to do", "to-dos", "todos", "task", "tasks", "reminder", "reminders"}
_ITEM_CUT = re.compile(r"\s*[,;]\s*(?:and\s+|&\s+)?|\s+(?:and|&|plus)\s+", re.I)


def list_label(name: str | None) -> str:
    """A list's name as kept: "my shopping list" → "Shopping"; "" for none (the to-dos themselves)."""
    words = (name or "").replace("_", " ").split()
    while words and words[0].lower() in ("my", "the", "our", "a"):
        words.pop(0)
    while words and words[-1].lower() in ("list", "lists"):
        words.pop()
    text = one_line(" ".join(words).strip(" ,.;:'\""), 60)
    if text.lower() in _NO_LIST:
        return ""
    return text[:1].upper() + text[1:]


def split_items(text: str) -> list[str]:
    """ "eggs, bread and milk" → ["Eggs", "Bread", "Milk"]: the items for a list, each once."""
    from botpsy_calendar.goods_runs import split_run  # shopping's vocabulary imports intents

    items: list[str] = []
    for part in _ITEM_CUT.split(text):
        words = part.split()
        if words and words[0].lower() == "some":
            words = words[1:]
        for said in split_run(" ".join(words).strip(" .")):  # "eggs milk": two goods
            item = said[:1].upper() + said[1:]
            if item and item.casefold() not in [i.casefold() for i in items]:
                items.append(item)
    return items


def _and(words: list[str]) -> str:
    """ "a", "b" and "c"."""
    named = [quoted(w) for w in words]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


_SEEN = re.compile(r"~[0-9a-f]{16}$")


def pin(event: Event, shown: bool = False) -> str:
    """The exact event, or occurrence of a series, as the `event` argument takes it: "uid:ID[#WHEN]".

    With `shown`, "uid:ID[#WHEN]~DIGEST": the digest of what a question showed of it (its
    title, start and end), so a yes given to the question takes the event only as it was
    shown; one retitled or moved since (by another writer, a synced invitation) is not it.
    Such a pin is compared whole (`clearing.clear`), or `find` takes the event only while
    its pin is still the same (`_pinned`): a delete's yes is given to what was shown.
    """
    at = f"uid:{event.uid}"
    if event.recurrence_id is not None:
        at += f"#{event.recurrence_id.isoformat()}"
    if not shown:
        return at
    import hashlib  # only a shown pin needs it
    from datetime import UTC

    def instant(moment: datetime) -> str:  # the same time however its zone is written
        return (moment.astimezone(UTC) if moment.tzinfo else moment).isoformat()

    seen = "\x1f".join((event.title, instant(event.start), instant(event.end), str(event.all_day)))
    return f"{at}~{hashlib.sha256(seen.encode('utf-8')).hexdigest()[:16]}"


def _told(event: Event) -> str:
    """'; your calendar server may tell the people it invites (a@x, b@y)', or "" for none."""
    if not event.attendees:
        return ""
    listed = ", ".join(one_line(a, 80) for a in event.attendees[:3])
    more = f" and {len(event.attendees) - 3} more" if len(event.attendees) > 3 else ""
    return f"; your calendar server may tell the people it invites ({listed}{more})"


def _stem(name: str) -> str:
    """A list name's last word without its plural ending: "Groceries" and "grocery" -> "grocery"."""
    words = name.casefold().split()
    if not words:
        return ""
    last = words[-1]
    if last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith("es") and last[:-2].endswith(("s", "sh", "ch", "x", "z")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return " ".join([*words[:-1], last])


# Words that join a title's parts and say nothing about which event: "call with the bank".
_JOINING = {"with", "to", "for", "at", "on", "of", "and", "in", "from", "about"}


def _title_words(title: str) -> set[str]:
    """A title's words, singular: "Calls with the Banks" -> {"call", "with", "the", "bank"}."""
    return {w.removesuffix("s") if len(w) > 3 else w for w in re.findall(r"[\w']+", title.lower())}


def _words_in_title(words: Sequence[str], title: str) -> bool:
    """Whether every word said that names something is a word of `title`, in any order.

    Speech reorders a title ("the bank call" for "Call with the bank"); a substring test
    misses that. Joining words are ignored, and at least one naming word must be said.
    """
    said = {w.lower().removesuffix("s") if len(w) > 3 else w.lower() for w in words}
    naming = said - _JOINING
    return bool(naming) and naming <= _title_words(title)


def _kind_said(event: str) -> str:
    """The kind of event in words that are otherwise filler ("my meeting" -> "meeting")."""
    kinds = [w for w in re.findall(r"[a-z]+", event.lower()) if w in {"meeting", "appointment"}]
    return kinds[0] if kinds else ""


def _uid_shaped(text: str) -> bool:
    """Whether words said could be an id: a synced item others made may have any UID, and one
    called "dentist" must not be picked ahead of the user's dentist by its title."""
    return (
        len(text) >= 16 and not any(c.isspace() for c in text) and bool(re.search(r"[\d@-]", text))
    )


def describe(event: Event) -> str:
    """'"Dentist" on Friday 4 December 2026, 15:00–16:00 (Europe/Berlin)'."""
    title = quoted(event.title)  # others' words: quotes they cannot close
    day = event.start.strftime("%A %-d %B %Y")
    if event.all_day:
        last = event.end - timedelta(days=1)
        if last.date() > event.start.date():
            return f"{title} from {day} to {last.strftime('%A %-d %B %Y')} (all day)"
        return f"{title} on {day} (all day)"
    zone = getattr(event.start.tzinfo, "key", None) or event.start.strftime("%Z")
    end = event.end.strftime("%H:%M")
    if event.end.date() != event.start.date():
        end = event.end.strftime("%A %-d %B %H:%M")
    text = f"{title} on {day}, {event.start.strftime('%H:%M')}–{end} ({zone})"
    if event.repeat:
        text += f", repeating {describe_repeat(event.repeat)}"
    return text


def listed(event: Event) -> str:
    """An event as a listing shows it: `describe` and its place, so "where is X" is answered."""
    place = one_line(event.location, 80).strip()
    return describe(event) + (f" at {quoted(place)}" if place else "")


def describe_task(task: Task, show_list: bool = True) -> str:
    """'"Call mom" due Monday 30 November 2026'; '"Milk" (Shopping list)' for an item on a list."""
    text = quoted(task.title)
    if show_list and task.list_name:
        text += f" ({one_line(task.list_name, 60)} list)"
    if task.due is not None:
        when = task.due.strftime("%A %-d %B %Y")
        text += f" due {when}" if task.due_all_day else f" due {when}, {task.due.strftime('%H:%M')}"
    return text + (" (done)" if task.done else "")


def event_data(event: Event) -> dict[str, Any]:
    """What the model sees of an event."""
    data: dict[str, Any] = {
        "id": event.uid,
        "title": one_line(event.title),
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
        data["location"] = one_line(event.location)
    if event.notes:
        data["notes"] = printable(event.notes)
    if event.repeat:
        data["repeats"] = describe_repeat(event.repeat)
    if event.recurrence_id is not None:
        data["occurrence"] = event.recurrence_id.isoformat(timespec="minutes")
    if event.reminder_minutes is not None:
        data["reminder_minutes_before"] = event.reminder_minutes
    return data


def reference(event: Event) -> dict[str, Any]:
    """An event by its times only, for a model that must not read what others wrote in it (its id too)."""
    data = {k: v for k, v in event_data(event).items() if k in ("start", "end", "all_day")}
    if event.recurrence_id is not None:
        data["occurrence"] = event.recurrence_id.isoformat(timespec="minutes")
    return data


def task_data(task: Task) -> dict[str, Any]:
    """What the model sees of a task."""
    data: dict[str, Any] = {"id": task.uid, "title": one_line(task.title), "done": task.done}
    if task.due is not None:
        data["due"] = (
            task.due.date().isoformat()
            if task.due_all_day
            else task.due.isoformat(timespec="minutes")
        )
    if task.notes:
        data["notes"] = printable(task.notes)
    if task.list_name:
        data["list"] = one_line(task.list_name, 60)
    return data


def which_one(
    matches: Sequence[Event | Task],
    things: str,
    said: str,
    argument: str,
    show: Callable[[Any], str],
) -> AskUser:
    """The question for several matches: numbered, so "2" or "the second" answers it."""
    shown = list(matches[:5])
    listed = "; ".join(f"{n}. {show(item)}" for n, item in enumerate(shown, 1))
    return AskUser(
        f"{len(matches)} {things} match '{said}': {listed}. Which one?",
        argument,
        [item.uid for item in shown],
        [option_label(item, show) for item in shown],
    )


def option_label(item: Event | Task, show: Callable[[Any], str]) -> str:
    """The words an option is known by in an answer: as listed, and its place ("the one in town")."""
    return f"{show(item)} {one_line(getattr(item, 'location', '') or '', 120)}".strip()


_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


def first_matching_day(start: datetime, rule: str) -> timedelta:
    """How far to move a series' start so it falls on one of its BYDAY days (RFC 5545 wants it)."""
    match = re.search(r"BYDAY=([A-Z,+\-0-9]+)", rule)
    if not match or "FREQ=WEEKLY" not in rule:
        return timedelta(0)
    days = {code[-2:] for code in match.group(1).split(",")}
    for offset in range(7):
        if _CODES[(start + timedelta(days=offset)).weekday()] in days:
            return timedelta(days=offset)
    return timedelta(0)


def _days_on(start: Moment | None, days: int | None, event: Event) -> Moment | None:
    """`event`'s own start `days` later, at its own time ("a week on"), unless a start is given."""
    if start is not None or not days:
        return start
    if abs(days) > 366:
        raise ToolArgumentError(f"days_later {days}: move an event at most a year on or back")
    return Moment(event.start + timedelta(days=days))


def _on_its_day(start: Moment | None, event: Event) -> Moment | None:
    """`start`'s time of day on `event`'s own day: "move the vet to 5pm" once the vet is picked."""
    if start is None or start.all_day:
        return start
    at = start.start.astimezone(event.start.tzinfo)
    moved = event.start.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)
    return Moment(moved)


class CalendarTools:
    """The calendar toolbox, bound to one store and the user's clock."""

    def __init__(self, store: VdirStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.reaches_others = False  # others read this calendar (see `Tool.reaches_others`)

    # -- helpers ----------------------------------------------------------------------------
    def find(self, event: str, when: date | Moment | None = None) -> Event:
        """The one event that `event` (an id, "uid:ID[#WHEN]" or words of its title) names; ambiguity is an error.

        `when` is its day, or a moment with a time ("friday 3pm") that chooses among that
        day's matches: the one starting then, else the one going on then. With a time the
        words may be only "the meeting" or "my event": the time names it.
        """
        if event.startswith("uid:"):
            return self._pinned(event.removeprefix("uid:"))
        at = when.start if isinstance(when, Moment) and not when.all_day else None
        day = when.start.date() if isinstance(when, Moment) else when
        if day is not None:
            first = datetime.combine(day, time(0), self.clock.zone)
            events = self.store.between(first, first + timedelta(days=1))
        else:
            events = self.store.events()
        exact = [e for e in events if e.uid == event and _uid_shaped(event)]
        if exact:
            return exact[0]
        words = _FILLER.sub(" ", event).split()
        wanted = " ".join(words).lower()
        kind = _kind_said(event) if not wanted else ""
        if not wanted and not kind and at is None and day is None:  # a day: its one event
            raise ToolArgumentError("say which event: its title or id")
        matches = [
            e
            for e in events
            if wanted in e.title.lower() or (e.title.lower() in wanted and e.title.strip())
        ]
        if kind and at is None and day is None:  # "cancel my meeting": the meetings
            matches = [e for e in events if kind in _title_words(e.title)]
        elif not matches and wanted:  # "the bank call" names "Call with the bank"
            matches = [e for e in events if _words_in_title(words, e.title)]
        if day is not None:
            matches = [
                e
                for e in matches
                if e.start.date() <= day < (e.end - timedelta(seconds=1)).date()
                or e.start.date() == day
            ]
        if at is not None:
            matches = self._at(matches, at, event)
        if len(matches) > 1:
            upcoming = [e for e in matches if e.end >= self.clock.now()]
            matches = upcoming or matches
        if not matches:
            where = f" on {day.strftime('%A %-d %B %Y')}" if day else ""
            if at is not None:
                where += f" at {at.strftime('%H:%M')}"
            raise ToolError(f"no event matches '{event}'{where}")
        if len(matches) > 1:
            said = event if wanted else f"{day:%A %-d %B}" if day else event
            raise which_one(matches, "events", said, "event", describe)
        return matches[0]

    def _at(self, matches: list[Event], at: datetime, said: str) -> list[Event]:
        """Of one day's matches, those starting at `at`, else those going on then.

        None there but others that day: the user picks among them (a day part such as
        "morning" resolves to one hour, and the meeting may be at 10:30); none at all: [].
        """
        timed = [e for e in matches if not e.all_day]
        starting = [e for e in timed if e.start == at]
        during = [e for e in timed if e.start <= at < e.end]
        if starting or during:
            return starting or during
        if matches:
            shown = matches[:5]
            listed = "; ".join(f"{n}. {describe(e)}" for n, e in enumerate(shown, 1))
            what = f"'{one_line(said, 80)}'" if said.strip() else "an event"
            raise AskUser(
                f"Nothing matching {what} is on at {at.strftime('%H:%M')} on "
                f"{at.strftime('%A %-d %B %Y')}; that day has: {listed}. Which one?",
                "event",
                [e.uid for e in shown],
                [option_label(e, describe) for e in shown],
            )
        return []

    def _pinned(self, text: str) -> Event:
        """The event (or occurrence) a preview pinned; gone since is an error, never another one."""
        seen = _SEEN.search(text)  # a question's digest of what it showed ("~DIGEST")
        text = text[: seen.start()] if seen else text
        uid, occurrence = text, None
        head, sep, tail = text.rpartition("#")
        if sep:
            with contextlib.suppress(ValueError):
                uid, occurrence = head, datetime.fromisoformat(tail)
        if occurrence is not None:
            found = self.store.occurrence(uid, occurrence)
        else:
            found = next((e for e in self.store.events() if e.uid == uid), None)
        if found is None:
            raise ToolError("the event shown is no longer on the calendar; nothing was changed")
        if seen is not None and not pin(found, shown=True).endswith(seen.group(0)):
            raise ToolError(
                "the event shown has changed since you were asked (retitled or moved);"
                " nothing was changed"
            )
        return found

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

    def _notes(self, note: str = "") -> list[str]:
        """The store's news for the reply (a change left pending, a conflict, offline), one line each."""
        extra = [note] if note else []
        extra += [n for n in self.store.take_notices() if n not in extra]
        return [one_line(n) for n in extra]

    def _skipped(self) -> list[str]:
        """What the last read skipped or cut short (a broken item, a series repeating too often)."""
        problems, self.store.problems = list(dict.fromkeys(self.store.problems)), []
        if not problems:
            return []
        more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
        return ["Note: " + "; ".join(one_line(p, 160) for p in problems[:5]) + more + "."]

    def _reply(self, summary: str, note: str = "") -> str:
        """A reply with the store's notes after it: a change left pending, a conflict, offline."""
        return _joined(summary, self._notes(note) + self._skipped())

    def _fenced(self, head: str, summary: str, data: Any, note: str = "") -> Fenced:
        """A result quoting events or tasks: the model sees `head`, then the rest fenced as data."""
        return Fenced(self._reply(summary, note), data, head=head)

    def _changed(self, summary: str, said: str, data: dict[str, Any], note: str = "") -> ForModel:
        """A change's result: the user reads `summary`; the model `said` and `data`, botpsy's words only."""
        news = self._notes(note)
        model = " ".join([said, *(_QUOTED.sub("an event", n) for n in news)])
        model += "\n[data] " + json.dumps(data, ensure_ascii=False, default=str)
        return ForModel(_joined(summary, news + self._skipped()), data, model=model)

    def _repeat(self, text: str | None) -> str:
        if not text or not text.strip():
            return ""

        def last_day(words: str) -> date:  # "until Friday", "until March": that whole period
            span = parse_span(words, self.clock.now())
            return (span.end - timedelta(seconds=1)).date()

        return parse_repeat(text, last_day)

    # -- event tools -------------------------------------------------------------------------
    @tool(Effect.WRITE)
    def calendar_create_event(
        self,
        title: str,
        start: Moment,
        end: Moment | None = None,
        duration_minutes: int | None = None,
        location: str | None = None,
        notes: str | None = None,
        repeat: str | None = None,
        reminder_minutes: int | None = None,
    ) -> ToolResult:
        """Add (schedule, book, put) an event, appointment or meeting on the user's calendar.

        Args:
            title: short name of the event, e.g. "Dentist"
            start: when it starts (the first time, for a repeating event)
            end: when it ends (default: one hour after the start)
            duration_minutes: length in minutes, instead of an end
            location: where it takes place
            notes: details to keep with the event
            repeat: how it repeats, e.g. "every Monday", "daily", "every 2 weeks until June"
            reminder_minutes: remind the user this many minutes before it starts
        """
        title = " ".join(title.split())
        if not title:
            raise ToolArgumentError("the event needs a title")
        if reminder_minutes is not None and not 0 <= reminder_minutes <= 40320:
            raise ToolArgumentError("reminder_minutes must be between 0 and 40320 (four weeks)")
        first, last, all_day = self._times(start, end, duration_minutes)
        event = Event(title, first, last, all_day, location or "", notes or "")
        event.repeat = self._repeat(repeat)
        shift = first_matching_day(event.start, event.repeat)
        event.start, event.end = event.start + shift, event.end + shift
        event.reminder_minutes = reminder_minutes
        clashes = [e for e in self.store.between(first, last) if e.overlaps(event)]
        note = self.store.save(event)
        summary = f"Added {describe(event)}."  # every word of it from this call
        if reminder_minutes is not None:
            summary += f" Reminder {reminder_minutes} minutes before."
        said, data = summary, event_data(event)
        if clashes:  # the model hears of them by time only: their titles are others' words
            summary += " Note: it overlaps " + "; ".join(describe(e) for e in clashes) + "."
            said += (
                f" Note: it overlaps {len(clashes)} other event{'s' if len(clashes) > 1 else ''}."
            )
            data["conflicts"] = [reference(e) for e in clashes]
        return self._changed(summary, said, data, note)

    @tool(Effect.READ, untrusted_output=True)
    def calendar_list_events(self, when: Span | None = None) -> ToolResult:
        """List (show, agenda) the events on the calendar for a day or a range, e.g. "today", "Friday", "next week".

        Args:
            when: the day or range to list (default: the next seven days)
        """
        now = self.clock.now()
        span = when or Span(now, now + timedelta(days=7))
        events = self.store.between(span.start, span.end)
        label = _span_label(span, now)
        if not events:
            head = f"Nothing on your calendar {label}."
            return self._fenced(head, head, {"events": []})
        lines = [f"{len(events)} event{'s' if len(events) > 1 else ''} {label}:"]
        lines += [f"- {listed(e)}" for e in events]
        data = {"events": [event_data(e) for e in events]}
        return self._fenced(lines[0], "\n".join(lines), data)

    @tool(Effect.READ, untrusted_output=True)
    def calendar_search_events(self, text: str, when: Span | None = None) -> ToolResult:
        """Search (find) calendar events, appointments or meetings whose title, place or notes mention some words.

        Upcoming ones are found first; past ones when none is upcoming, or when the words
        start with "last" ("last dentist"). With `when`, only that day or range is searched.

        Args:
            text: words to look for, e.g. "dentist", "last dentist"
            when: only in this day or range
        """
        wanted, back = ordered(text)
        if not wanted.strip():
            raise ToolArgumentError("say what to look for")
        now = self.clock.now()
        if when is not None:
            return self._search_in(wanted, when, now)
        found = around_now(self.store, mentioning(self.store.events(), wanted), now)
        if back and found.past:
            head = f"The last event that mentions '{wanted}' was:"
            return self._searched(head, found.past, "last")
        if back and found.upcoming:
            head = f"No past events mention '{wanted}'; the next one is:"
            return self._searched(head, found.upcoming, "next")
        if found.upcoming:
            return self._searched(_mention(found.upcoming, wanted, " upcoming"), found.upcoming)
        if found.past:
            head = f"Nothing upcoming mentions '{wanted}'; the last one was:"
            return self._searched(head, found.past, "last")
        head = f"No events mention '{wanted}'."
        return self._fenced(head, head, {"events": []})

    def _search_in(self, wanted: str, span: Span, now: datetime) -> ToolResult:
        """A search of one day or range; none there: the next match (else the last) is said."""
        label = _span_label(span, now)
        matches = mentioning(self.store.between(span.start, span.end), wanted)
        if matches:
            return self._searched(_mention(matches, wanted, "", f" {label}"), matches, span=span)
        kept = self.store.problems  # what the listing skipped; reading every event resets it
        found = around_now(self.store, mentioning(self.store.events(), wanted), now)
        self.store.problems = kept + self.store.problems
        head = f"No events mention '{wanted}' {label}"
        if found.upcoming:
            return self._searched(f"{head}; the next one is:", found.upcoming, "next", span)
        if found.past:
            return self._searched(f"{head}; the last one was:", found.past, "last", span)
        return self._searched(f"{head}.", [], span=span)

    def _searched(
        self, head: str, events: list[Event], key: str = "events", span: Span | None = None
    ) -> ToolResult:
        """A search's reply: `head`, then the events (a `key` of "next" or "last": only the
        nearest, and how many more there are), fenced."""
        shown = events if key == "events" else events[:1]
        lines = [head, *(f"- {listed(e)}" for e in shown)]
        more = len(events) - len(shown)
        if more:
            lines.append(f"({more} more {'after' if key == 'next' else 'before'} that)")
        data: dict[str, Any] = {"when": span.iso()} if span is not None else {}
        data["events" if key == "events" else key] = [event_data(e) for e in shown]
        return self._fenced(head, "\n".join(lines), data)

    def preview_update(self, arguments: dict[str, Any]) -> str:
        """The event a change is made to, named in full, and the change: what the approval shows
        (an event picked by id from a question is named by its title, day and time)."""
        found = self.find(arguments["event"], arguments.get("day"))
        if arguments.get("keep_day"):
            arguments = {**arguments, "start": _on_its_day(arguments.get("start"), found)}
        if arguments.get("days_later"):
            days = arguments["days_later"]
            arguments = {**arguments, "start": _days_on(arguments.get("start"), days, found)}
        parts = []
        for key, said in (("title", "title"), ("location", "place"), ("notes", "notes")):
            if arguments.get(key) is not None:
                parts.append(f'{said} "{one_line(str(arguments[key]), 120)}"')
        for key in ("start", "end"):
            moment = arguments.get(key)
            if isinstance(moment, Moment):
                shape = "%A %-d %B" if moment.all_day else "%A %-d %B %H:%M"
                parts.append(f"{key} {moment.start.strftime(shape)}")
        if arguments.get("duration_minutes") is not None:
            parts.append(f"{arguments['duration_minutes']} minutes long")
        if arguments.get("reminder_minutes") is not None:
            parts.append(f"reminder {arguments['reminder_minutes']} minutes before")
        which = "every occurrence of " if arguments.get("whole_series") else ""
        return f"change {which}{describe(found)}" + (f": {', '.join(parts)}" if parts else "")

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_update")
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
        whole_series: bool = False,
        reminder_minutes: int | None = None,
        keep_day: bool = False,
        days_later: int | None = None,
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
            day: the day of the event to change (for a repeating event: only that day's occurrence)
            whole_series: change every occurrence of a repeating event, not just the one on `day`
            reminder_minutes: remind the user this many minutes before it starts
            keep_day: the event stays on its own day; only the time of `start` counts ("to 5pm")
            days_later: move it this many days on from its own day, at its own time (7: "to next week"; negative: earlier)
        """
        found = self.find(event, day)
        start = _on_its_day(start, found) if keep_day else start
        start = _days_on(start, days_later, found)
        changes = (title, start, end, duration_minutes, location, notes)
        if all(c is None for c in (*changes, reminder_minutes)) or title == "":
            # "Changed X to X" would claim an edit that did not happen
            raise ToolArgumentError(
                f"say what to change about {describe(found)}: a new time, day, length, title or place"
            )
        if found.attendees and any(change is not None for change in changes):
            # A server that schedules (Nextcloud, iCloud, Fastmail) emails every attendee the
            # change: that is a send to others, which a write must never be.
            raise ToolError(
                f"{describe(found)} has other attendees ({', '.join(found.attendees[:3])}); "
                "changing it would send them an update, so change it in your calendar app"
            )
        if found.recurrence_id is not None and whole_series:
            occurrence_start = found.start
            found = self.find(found.uid)
            shift = found.start - occurrence_start
        else:
            shift = timedelta(0)
        before = describe(found)
        if start is not None and start.all_day and not found.all_day and end is None:
            # "move the call to friday": a day alone moves a timed event to that day at its
            # own time; it must not become an all-day event and lose the hour.
            if duration_minutes is None:
                duration_minutes = int((found.end - found.start).total_seconds() // 60)
            local = found.start.astimezone(self.clock.zone).time()
            start = Moment(datetime.combine(start.start.date(), local, self.clock.zone))
        if start is not None:
            length = found.end - found.start
            first, last, all_day = self._times(start, end, duration_minutes)
            first, last = first + shift, last + shift
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
        if reminder_minutes is not None:
            found.reminder_minutes = reminder_minutes
        note = self.store.save(found)
        which = "the occurrence of " if found.recurrence_id is not None else ""
        summary = f"Changed {which}{before} to {describe(found)}."
        if location is not None:  # the place is not in the event's description: say it
            summary += f' Place: "{one_line(location, 120)}".' if location else " Place removed."
        if reminder_minutes is not None:  # nor is the reminder: "Changed X to X" says nothing
            summary += f" Reminder: {_before_start(reminder_minutes)}."
        data = reference(found)
        asked = {"title": title, "location": location, "notes": notes}
        data.update({k: v for k, v in asked.items() if v is not None})
        return self._changed(summary, f"Changed {which}the event.", data, note)

    def preview_delete(self, arguments: dict[str, Any]) -> Shown:
        """Which event a delete will remove, named in full (and whether it is a whole series).

        The event (or occurrence) shown is pinned by its UID: the delete removes
        that one, even if another event matching the same words appears meanwhile.
        """
        found = self.find(arguments["event"], arguments.get("day"))
        told = _told(found)  # a scheduling server mails them: that much of the delete is a send
        shown = pin(found, shown=True)  # as the question shows it: changed since, not it
        if found.recurrence_id is not None and not arguments.get("whole_series"):
            text = f"delete only the {found.start.strftime('%A %-d %B')} occurrence of {describe(found)}"
            return Shown(text + told, {"event": shown})
        text = f"delete every occurrence of {describe(found)}" if found.in_series else ""
        series = self._pinned(found.uid)  # the whole event as kept (a series: its first)
        return Shown(
            (text or f"delete {describe(found)}") + told, {"event": pin(series, shown=True)}
        )

    @tool(Effect.DELETE, untrusted_output=True, preview="preview_delete")
    def calendar_delete_event(
        self, event: str, day: Moment | None = None, whole_series: bool = False
    ) -> ToolResult:
        """Delete (cancel, remove) an event, appointment or meeting from the calendar.

        Args:
            event: the event's title words or id
            day: the day of the event, with its time if said, e.g. "friday" or "friday 3pm" (for a repeating event: only that day's occurrence)
            whole_series: delete every occurrence of a repeating event, not just the one on `day`
        """
        found = self.find(event, day)
        only_one = found.recurrence_id is not None and not whole_series
        note = self.store.delete(found, whole_series=not only_one)
        if only_one:
            summary = (
                f"Deleted the {found.start.strftime('%A %-d %B')} occurrence of {describe(found)}."
            )
        else:
            summary = f"Deleted {describe(found)}."
        which = "one occurrence of " if only_one else ""
        said = f"Deleted {which}the event."
        return self._changed(summary, said, {"deleted": reference(found)}, note)

    def preview_clear_day(self, arguments: dict[str, Any]) -> Shown:
        """Every event a clear deletes, by time and title; each pinned (uid, occurrence), so
        the yes deletes exactly those: never one that arrived after the question."""
        from botpsy_calendar.clearing import preview

        now = self.clock.now()
        text, pins = preview(
            self.store, arguments["day"], arguments.get("part"), now, self.clock.zone
        )
        return Shown(text, {"events": pins})

    @tool(Effect.DELETE, untrusted_output=True, preview="preview_clear_day")
    def calendar_clear_day(
        self,
        day: Moment,
        part: Literal["morning", "afternoon", "evening", "night"] | None = None,
        **pinned: Any,
    ) -> ToolResult:
        """Clear a day: delete every event on one day, or on part of it ("wipe my calendar on thursday", "free up friday afternoon"); the user sees them all first.

        Args:
            day: the day to clear, e.g. "tuesday"; or hours of it, e.g. "friday 2pm to 5pm"
            part: only this part of the day
        """
        from botpsy_calendar.clearing import clear

        events = pinned.get("events")
        done = clear(self.store, day, part, self.clock.now(), self.clock.zone, events)
        return self._changed(done.summary, done.said, done.data, done.note)

    # -- task tools --------------------------------------------------------------------------
    def find_task(self, task: str, list_name: str | None = None) -> Task:
        """The one open (else any) task that `task` (an id, "uid:ID" or title words) names; ambiguity is an error.

        With `list_name` only the items on that list are looked at.
        """
        tasks = self.store.tasks()
        bare = task.removeprefix("uid:")
        exact = [t for t in tasks if t.uid == bare and (task != bare or _uid_shaped(bare))]
        if exact:
            return exact[0]
        if task.startswith("uid:"):  # pinned by a preview: that one or none
            raise ToolError("the task shown is no longer on the list; nothing was changed")
        label = self.known_label(list_name)
        if label:
            tasks = [t for t in tasks if t.on_list(label)]
        elif list_name and list_name.strip():  # "my to-do list": the to-dos, not every list
            tasks = [t for t in tasks if not list_label(t.list_name)]
        wanted = " ".join(_FILLER.sub(" ", task).split()).lower()
        if not wanted:
            raise ToolArgumentError("say which task: its title or id")
        words = set(wanted.split())

        def named(title: str) -> bool:
            plain = " ".join(_FILLER.sub(" ", title).split()).lower()
            return wanted in plain or plain in wanted or words <= set(plain.split())

        matches = [t for t in tasks if named(t.title)]
        matches = [t for t in matches if not t.done] or matches
        if label:  # "milk" on a list is the item "Milk", not also "Oat milk"
            same = [
                t for t in matches if " ".join(_FILLER.sub(" ", t.title).split()).lower() == wanted
            ]
            matches = same or matches
        if not matches and label:
            raise ToolError(f"'{task}' is not on your {label} list")
        if not matches:
            raise ToolError(f"no task matches '{task}'")
        if len(matches) > 1:
            raise which_one(matches, "tasks", task, "task", describe_task)
        return matches[0]

    @tool(Effect.WRITE)
    def task_add(
        self,
        title: str,
        due: Moment | None = None,
        notes: str | None = None,
        reminder_minutes: int | None = None,
        list_name: str | None = None,
    ) -> ToolResult:
        """Add (remind, note) a task, to-do or reminder, or items on a named list (shopping, groceries): "remind me to call mom tomorrow", "add milk to my shopping list".

        Args:
            title: what to do, e.g. "Call mom"; for a list the item or items, e.g. "eggs, bread and milk"
            due: when it is due, e.g. "tomorrow" or "Friday 5pm"
            notes: details to keep with the task
            reminder_minutes: alert this many minutes before the due time
            list_name: the list to put it on, e.g. "shopping" for "my shopping list"
        """
        label = self.known_label(list_name)
        if label:
            return self._add_to_list(label, title, due, notes, reminder_minutes)
        title = " ".join(title.split())
        if not title:
            raise ToolArgumentError("the task needs a title")
        task = Task(title, notes=notes or "")
        if due is not None:
            task.due, task.due_all_day = due.start, due.all_day
            if not due.all_day and reminder_minutes is None:
                reminder_minutes = 0  # "remind me at 5pm" means an alert at 5pm
        task.reminder_minutes = reminder_minutes
        note = self.store.save_task(task)
        summary = f"Added the task {describe_task(task)}."  # every word of it from this call
        return self._changed(summary, summary, task_data(task), note)

    def _add_to_list(
        self,
        label: str,
        title: str,
        due: Moment | None,
        notes: str | None,
        reminder_minutes: int | None,
    ) -> ToolResult:
        """Each item of `title` as a task on the list `label`; items already on it are not added twice."""
        items = split_items(title)
        if not items:
            raise ToolArgumentError(f"say what to put on the {label} list")
        there = {t.title.casefold() for t in self.store.tasks() if not t.done and t.on_list(label)}
        added: list[Task] = []
        already: list[str] = []
        saved: list[str] = []
        for item in items:
            if item.casefold() in there:
                already.append(item)
                continue
            task = Task(item, notes=notes or "", categories=(label,))
            if due is not None:
                task.due, task.due_all_day = due.start, due.all_day
                task.reminder_minutes = reminder_minutes
                if not due.all_day and reminder_minutes is None:
                    task.reminder_minutes = 0
            saved.append(self.store.save_task(task))
            added.append(task)
        parts = []  # every word of it from this call
        if added:
            parts.append(f"Added {_and([t.title for t in added])} to your {label} list.")
        if already:
            verb = "was" if len(already) == 1 else "were"
            parts.append(f"{_and(already)} {verb} already on your {label} list.")
        summary = " ".join(parts)
        data = {
            "list": label,
            "added": [task_data(t) for t in added],
            "already_on_list": already,
        }
        note = " ".join(dict.fromkeys(n for n in saved if n))
        return self._changed(summary, summary, data, note)

    @tool(Effect.READ, untrusted_output=True)
    def task_list(
        self,
        include_done: bool = False,
        list_name: str | None = None,
        due: Span | None = None,
        overdue: bool = False,
    ) -> ToolResult:
        """List the user's tasks (to-dos, reminders), or what is on a named list such as the shopping list.

        Args:
            include_done: also list tasks already done
            list_name: only this list, e.g. "shopping" for "what's on my shopping list"
            due: only tasks due on this day or in this range, e.g. "today", "tomorrow", "this week"
            overdue: only open tasks whose due time has passed ("what's overdue", "have i missed any")
        """
        label = self.known_label(list_name)
        tasks = self.shown_tasks(include_done, list_name, due, overdue)
        asked: dict[str, Any] = {"due": due.iso()} if due is not None else {}
        when = _span_label(due, self.clock.now()) if due is not None else ""
        if overdue:
            asked, when = {**asked, "overdue": True}, "before now"
        if label:
            said = f"your {label} list" + (f" ({when})" if when else "")
            if not tasks:
                head = f"Nothing on {said}."
                return self._fenced(head, head, {"list": label, **asked, "tasks": []})
            count = f"{len(tasks)} item{'s' if len(tasks) > 1 else ''}"
            lines = [f"{count} on {said}:"]
            lines += [f"- {describe_task(t, show_list=False)}" for t in tasks]
            data = {"list": label, **asked, "tasks": [task_data(t) for t in tasks]}
            return self._fenced(lines[0], "\n".join(lines), data)
        undated = 0
        if due is not None:  # a to-do with no due date is due on no day: counted, not listed
            undated = sum(t.due is None and not t.done for t in self.store.tasks())
        note = (
            f"{undated} open task{' has' if undated == 1 else 's have'} no due date "
            "(not listed; ask for all your tasks to see them)."
            if undated
            else ""
        )
        due_said = f" due {when}" if when else ""
        if not tasks:
            head = ("No open tasks" if not include_done else "No tasks") + f"{due_said}."
            return self._fenced(head, head, {**asked, "tasks": []}, note)
        lines = [f"{len(tasks)} task{'s' if len(tasks) > 1 else ''}{due_said}:"]
        lines += [f"- {describe_task(t)}" for t in tasks]
        data = {**asked, "tasks": [task_data(t) for t in tasks]}
        return self._fenced(lines[0], "\n".join(lines), data, note)

    def shown_tasks(
        self,
        include_done: bool = False,
        list_name: str | None = None,
        due: Span | None = None,
        overdue: bool = False,
    ) -> list[Task]:
        """The tasks `task_list` shows for these arguments, in its order: so "the second one"
        said after a listing is the second the user read."""
        tasks = [t for t in self.store.tasks() if include_done or not t.done]
        if overdue:  # open and due before now; an all-day one is late once its day is over
            now = self.clock.now()
            tasks = [t for t in tasks if not t.done and t.due is not None and _late(t, now)]
        label = self.known_label(list_name)
        if label:  # an undated item is on the list any day; one dated elsewhere is not
            tasks = [t for t in tasks if t.on_list(label)]
            if due is not None:
                tasks = [t for t in tasks if t.due is None or due.start <= t.due < due.end]
        elif due is not None:  # a to-do with no due date is due on no day
            tasks = [t for t in tasks if t.due is not None and due.start <= t.due < due.end]
        return tasks

    def preview_task_complete(self, arguments: dict[str, Any]) -> str:
        """The task a tick marks done, named in full (one picked by id from a question too)."""
        found = self.find_task(arguments["task"], arguments.get("list_name"))
        return f"mark {describe_task(found)} as done"

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_task_complete")
    def task_complete(self, task: str, list_name: str | None = None) -> ToolResult:
        """Mark a task (to-do), or an item on a named list, as done: ticked or crossed off.

        Args:
            task: the task's title words or id
            list_name: the list the item is on, e.g. "shopping"
        """
        found = self.find_task(task, list_name)
        data = {"done": True}
        if found.done:
            summary = f"{describe_task(found)} was already done."
            return self._changed(summary, "The task was already done.", data)
        found.done = True
        note = self.store.save_task(found)
        summary = f"Done: {describe_task(found)}."
        return self._changed(summary, "Marked the task done.", data, note)

    def preview_task_delete(self, arguments: dict[str, Any]) -> Shown:
        """The task a delete will remove, pinned by its UID so the delete removes that one."""
        found = self.find_task(arguments["task"], arguments.get("list_name"))
        return Shown(f"delete the task {describe_task(found)}", {"task": f"uid:{found.uid}"})

    @tool(Effect.DELETE, untrusted_output=True, preview="preview_task_delete")
    def task_delete(self, task: str, list_name: str | None = None) -> ToolResult:
        """Delete (remove) a task (to-do), or an item on a named list, for good: "remove milk from my shopping list".

        Args:
            task: the task's title words or id
            list_name: the list the item is on, e.g. "shopping"
        """
        found = self.find_task(task, list_name)
        note = self.store.remove_task(found.uid)
        summary = f"Deleted the task {describe_task(found)}."
        return self._changed(summary, "Deleted the task.", {"deleted": True}, note)

    def preview_task_update(self, arguments: dict[str, Any]) -> Shown:
        """The task a change applies to, named in full and pinned by its UID."""
        found = self.find_task(arguments["task"], arguments.get("list_name"))
        return Shown(f"change the task {describe_task(found)}", {"task": f"uid:{found.uid}"})

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_task_update")
    def task_update(
        self,
        task: str,
        due: Moment | None = None,
        title: str | None = None,
        notes: str | None = None,
        list_name: str | None = None,
    ) -> ToolResult:
        """Move a task or reminder to another day or time, or rename it: "move my reminder to call mom to friday".

        Args:
            task: the task's title words or id
            due: the new due day or time, e.g. "friday" or "tomorrow 5pm"
            title: the new title
            notes: the new notes
            list_name: the list the item is on, e.g. "shopping"
        """
        found = self.find_task(task, list_name)
        new_title = " ".join((title or "").split())
        if due is None and not new_title and notes is None:
            raise ToolArgumentError("say what to change: a new day or time, a title or notes")
        before = describe_task(found)
        if due is not None:
            found.due, found.due_all_day = due.start, due.all_day
            if not due.all_day and found.reminder_minutes is None:
                found.reminder_minutes = 0  # a reminder at a time alerts at that time
        if new_title:
            found.title = new_title
        if notes is not None:
            found.notes = notes
        note = self.store.save_task(found)
        summary = f"Changed the task {before} to {describe_task(found)}."
        data: dict[str, Any] = {"changed": True}  # words from this call only, not the stored title
        if due is not None:
            data["due"] = due.iso()
        if new_title:
            data["title"] = new_title
        return self._changed(summary, "Changed the task.", data, note)

    # -- whole lists -------------------------------------------------------------------------
    def known_label(self, name: str | None) -> str:
        """The list `name` says, as the user already keeps it: "grocery" is their "Groceries"
        (one list of the same word, singular or plural), so no second list is started."""
        label = list_label(name)
        if not label:
            return label
        stem = _stem(label)
        same = {i.name for i in self.store.lists() if _stem(i.name) == stem}
        return same.pop() if len(same) == 1 else label

    def find_list(self, name: str) -> ListInfo:
        """The one list `name` names ("list:NAME" as a preview pinned it: that one exactly)."""
        lists = self.store.lists()
        if name.startswith("list:"):
            pinned = name.removeprefix("list:")
            found = next((i for i in lists if i.name == pinned), None)
            if found is None:
                raise ToolError("the list shown is no longer there; nothing was changed")
            return found
        label = list_label(name)
        if not label:
            raise ToolArgumentError('say which list: its name, e.g. "camping"')
        wanted = label.casefold()
        exact = [i for i in lists if i.name.casefold() == wanted]
        near = exact or [
            i for i in lists if wanted in i.name.casefold() or i.name.casefold() in wanted
        ]
        if not near:
            raise ToolError(f"you have no list called '{label}'")
        if len(near) > 1:
            shown = near[:5]
            listed = "; ".join(f"{n}. {_list_said(i)}" for n, i in enumerate(shown, 1))
            raise AskUser(
                f"{len(near)} lists match '{label}': {listed}. Which one?",
                "list_name",
                [f"list:{i.name}" for i in shown],
                [one_line(i.name, 60) for i in shown],
            )
        return near[0]

    def _list_change(self, change: Callable[[], str], failed: str) -> str:
        """Run a change to a whole list; a server that is down or refuses: one line, nothing lost."""
        try:
            return change()
        except DavError as exc:
            self.store.list_failed()  # the lists are looked for again at the next read
            raise ToolError(f"{exc}; {failed}") from None
        except OSError as exc:
            raise ToolError(f"{one_line(str(exc), 160)}; {failed}") from None

    @tool(Effect.READ, untrusted_output=True)
    def list_lists(self, list_name: str | None = None) -> ToolResult:
        """Which lists the user keeps, and how many items each holds: "what lists do i have", "is there a list called X".

        Args:
            list_name: only whether this list exists, e.g. "X" for "do i have an X list"
        """
        lists = self.store.lists()
        label = self.known_label(list_name)
        if list_name and label:
            wanted = label.casefold()
            found = [i for i in lists if i.name.casefold() == wanted] or [
                i for i in lists if wanted in i.name.casefold()
            ]
            if not found:
                head = f"You have no list called {quoted(label)}."
                return self._fenced(head, head, {"asked": label, "lists": []})
            head = f"Yes: {len(found)} list{'s' if len(found) > 1 else ''} match {quoted(label)}."
            lines = [head, *(f"- {_list_said(i)}" for i in found)]
            data = {"asked": label, "lists": [_list_data(i) for i in found]}
            return self._fenced(head, "\n".join(lines), data)
        if not lists:
            head = "You have no lists yet."
            return self._fenced(head, head, {"lists": []})
        head = f"{len(lists)} list{'s' if len(lists) > 1 else ''}:"
        lines = [head, *(f"- {_list_said(i)}" for i in lists)]
        return self._fenced(head, "\n".join(lines), {"lists": [_list_data(i) for i in lists]})

    @tool(Effect.WRITE)
    def list_create(self, list_name: str, items: str | None = None) -> ToolResult:
        """Start (create, make) a new, empty list of the user's own: "start a new list called X".

        Args:
            list_name: the new list's name, e.g. "X" for "a new X list"
            items: first items to put on it, if said
        """
        label = list_label(list_name)
        if not label:
            raise ToolArgumentError('say what the new list is called, e.g. "camping"')
        there = next((i for i in self.store.lists() if i.name.casefold() == label.casefold()), None)
        if there is None:
            note = self._list_change(
                lambda: self.store.make_list(label), f"the {label} list was not created"
            )
            summary = f"Started a new list: {label}."
        else:
            note, summary = "", f"You already have a {label} list."
        data: dict[str, Any] = {"list": label, "created": there is None}
        if items and split_items(items):
            added = self._add_to_list(label, items, None, None, None)
            summary += " " + added.summary.split("\n")[0]
            data["items"] = split_items(items)
        return self._changed(summary, summary, data, note)

    def preview_list_rename(self, arguments: dict[str, Any]) -> Shown:
        """The list a rename applies to, named in full with its items, and pinned."""
        found = self.find_list(arguments["list_name"])
        new = list_label(arguments.get("new_name"))
        text = f"rename the list {_list_said(found)} to {quoted(new)}"
        return Shown(text, {"list_name": f"list:{found.name}"})

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_list_rename")
    def list_rename(self, list_name: str, new_name: str) -> ToolResult:
        """Rename a whole list of the user's: "rename the X list to Y".

        Args:
            list_name: the list's name now, "X"
            new_name: its new name, "Y"
        """
        found = self.find_list(list_name)
        new = list_label(new_name)
        if not new:
            raise ToolArgumentError('say the list\'s new name, e.g. "weekly shop"')
        if new == found.name:
            summary = f"The list is already called {new}."
            return self._changed(summary, summary, {"list": new})
        clash = [i for i in self.store.lists() if i.name.casefold() == new.casefold()]
        if clash and clash[0].name.casefold() != found.name.casefold():
            raise ToolError(f"you already have a list called '{new}'; nothing was renamed")
        note = self._list_change(
            lambda: self.store.rename_list(found.name, new), "the list was not renamed"
        )
        summary = f"Renamed the list {quoted(found.name)} to {new}."
        return self._changed(summary, f"Renamed the list to {new}.", {"list": new}, note)

    def preview_list_delete(self, arguments: dict[str, Any]) -> Shown:
        """The list a delete removes, by name and how many items go with it; pinned by name."""
        found = self.find_list(arguments["list_name"])
        text = f"delete the list {_list_said(found)}"
        return Shown(text, {"list_name": f"list:{found.name}"})

    @tool(Effect.DELETE, untrusted_output=True, preview="preview_list_delete")
    def list_delete(self, list_name: str) -> ToolResult:
        """Delete a whole list of the user's and everything on it: "delete the X list".

        Args:
            list_name: the list's name, "X"
        """
        found = self.find_list(list_name)
        note = self._list_change(
            lambda: self.store.drop_list(found.name), "the list was not deleted"
        )
        summary = f"Deleted the list {_list_said(found)}."
        data = {"deleted": True, "items": found.items + found.done}
        said = f"Deleted the list and its {found.items + found.done} items."
        return self._changed(summary, said, data, note)

    def preview_list_clear(self, arguments: dict[str, Any]) -> Shown:
        """Every item a clear removes, by title (the done ones marked); each pinned by its UID
        and title, so the yes removes exactly those: never one added after the question."""
        from botpsy_calendar.list_clearing import preview

        text, pins = preview(self, arguments["list_name"])
        return Shown(text, {"items": pins})

    @tool(Effect.DELETE, untrusted_output=True, preview="preview_list_clear")
    def list_clear(self, list_name: str, **pinned: Any) -> ToolResult:
        """Clear (empty, wipe) a list of the user's, keeping the list itself: "clear my X list"; everything on it goes, done or not, and the user sees it all first.

        Args:
            list_name: the list's name, "X"; "to-do list" for the tasks on no list
        """
        from botpsy_calendar.list_clearing import clear

        done = clear(self, list_name, pinned.get("items"))
        return self._changed(done.summary, done.said, done.data, done.note)


def _joined(summary: str, extra: list[str]) -> str:
    """A summary with notes after it: on lines of their own after a listing."""
    return ("\n" if "\n" in summary else " ").join([summary, *extra])


def _list_said(found: ListInfo) -> str:
    """'"Camping" (3 items)': a list's name (others may have written it) and its open items."""
    done = f", and {found.done} done" if found.done else ""
    return f"{quoted(found.name, 80)} ({found.items} item{'' if found.items == 1 else 's'}{done})"


def _list_data(found: ListInfo) -> dict[str, Any]:
    """What the model sees of a list."""
    return {"name": one_line(found.name, 80), "items": found.items, "done": found.done}


def _mention(events: list[Event], wanted: str, kind: str = "", label: str = "") -> str:
    """ "2 upcoming events mention 'ferry':", "1 event mentions 'ferry' on Saturday 5 December:"."""
    many = len(events) > 1
    verb = "mention" if many else "mentions"
    return f"{len(events)}{kind} event{'s' if many else ''} {verb} '{wanted}'{label}:"


def _span_label(span: Span, now: datetime) -> str:
    """How a heading names a span: "today", "on Monday 30 November", "on Monday 30 November
    after 18:00", "on Friday 4 December from 18:00 to 21:00", "from Monday 30 November to
    Sunday 6 December"."""
    start, last = span.start, span.end - timedelta(seconds=1)
    if start.date() != last.date():  # several days: by their days alone
        return f"from {start.strftime('%A %-d %B')} to {last.strftime('%A %-d %B')}"
    day = "today" if start.date() == now.date() else "on " + start.strftime("%A %-d %B")
    from_midnight = start.time() == time(0)
    to_midnight = span.end.time() == time(0) and span.end.date() > start.date()
    if to_midnight and (from_midnight or start == now):  # a whole day, or the rest of today
        return day
    if from_midnight:
        return f"{day} before {span.end.strftime('%H:%M')}"
    if to_midnight:
        return f"{day} after {start.strftime('%H:%M')}"
    return f"{day} from {start.strftime('%H:%M')} to {span.end.strftime('%H:%M')}"


def _before_start(minutes: int) -> str:
    """A reminder's lead as said: "at the start", "30 minutes before", "1 day before"."""
    if minutes <= 0:
        return "at the start"
    for unit, size in (("day", 1440), ("hour", 60)):
        if minutes % size == 0:
            count = minutes // size
            return f"{count} {unit}{'s' if count != 1 else ''} before"
    return f"{minutes} minutes before"


def _late(task: Task, now: datetime) -> bool:
    """Whether a to-do's due time has passed (an all-day one: its whole day)."""
    assert task.due is not None
    return task.due + timedelta(days=1) <= now if task.due_all_day else task.due <= now
