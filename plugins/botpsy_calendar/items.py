"""Events and tasks, read from and written into iCalendar objects without losing what others wrote.

An edit changes only the properties botpsy knows (title, times, place, notes,
repetition, reminder) on the existing component; everything another client put
there (attendees, categories, its own alarms, X- properties) is kept. A series
lives in one object: the master VEVENT with its RRULE and EXDATEs, plus one
override VEVENT per changed occurrence (RECURRENCE-ID).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from icalendar import Alarm, Calendar, Todo, vRecur
from icalendar import Event as ICalEvent
from icalendar.cal import Component

PRODID = "-//botpsy//botpsy calendar//EN"


def new_uid() -> str:
    """A globally unique id, as RFC 5545 asks."""
    return f"{uuid.uuid4()}@botpsy"


def new_calendar() -> Calendar:
    """An empty VCALENDAR with the properties every object needs."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    return calendar


def aware(value: date | datetime, zone: tzinfo) -> datetime:
    """A date or floating time taken in the user's zone; aware times kept as they are."""
    if not isinstance(value, date):  # icalendar hands over the raw text of a broken value
        raise ValueError(f"{str(value)[:40]!r} is not a date or time")
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=zone)
    return datetime.combine(value, time(0), zone)


def _replace(component: Component, key: str, value: object) -> None:
    if key in component:
        del component[key]
    if value not in (None, ""):
        component.add(key, value)


def _reminder(component: Component) -> int | None:
    """Minutes before the start of the first alarm with a relative trigger."""
    for alarm in component.walk("VALARM"):
        trigger = alarm.get("trigger")
        if trigger is not None and isinstance(trigger.dt, timedelta) and trigger.dt <= timedelta(0):
            return int(-trigger.dt.total_seconds() // 60)
    return None


def _set_reminder(component: Component, minutes: int | None, title: str) -> None:
    """Replace the alarms with one `minutes` before (None keeps what is there; -1 removes)."""
    if minutes is None:
        return
    component.subcomponents = [c for c in component.subcomponents if c.name != "VALARM"]
    if minutes < 0:
        return
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", title or "Reminder")
    alarm.add("trigger", timedelta(minutes=-minutes))
    component.add_component(alarm)


@dataclass
class Event:
    """One event or one occurrence of a series, with aware datetimes (all-day: local midnight)."""

    title: str
    start: datetime
    end: datetime
    all_day: bool = False
    location: str = ""
    notes: str = ""
    uid: str = field(default_factory=new_uid)
    repeat: str = ""  # the series' RRULE, e.g. "FREQ=WEEKLY;BYDAY=MO"
    reminder_minutes: int | None = None
    recurrence_id: datetime | None = None  # set on one occurrence of a series
    attendees: tuple[str, ...] = ()  # others invited: a server may email them any change
    organizer: str = ""  # who sent it (ORGANIZER, lower case, no mailto:); "" when nobody did

    def overlaps(self, other: Event) -> bool:
        """Whether two events share any time."""
        return self.start < other.end and other.start < self.end

    @property
    def in_series(self) -> bool:
        """Whether this is (an occurrence of) a repeating event."""
        return bool(self.repeat) or self.recurrence_id is not None

    @classmethod
    def from_component(
        cls, component: Component, zone: tzinfo, master: Component | None = None
    ) -> Event:
        """Read a VEVENT (or an expanded occurrence, with its series' master); ValueError if unusable."""
        if "dtstart" not in component:
            raise ValueError("no start time (DTSTART)")
        start_value = component.decoded("dtstart")
        all_day = not isinstance(start_value, datetime)
        start = aware(start_value, zone)
        if "dtend" in component:
            end = aware(component.decoded("dtend"), zone)
        elif "duration" in component:
            end = start + component.decoded("duration")
        else:
            end = start + (timedelta(days=1) if all_day else timedelta(hours=1))
        rule = (master if master is not None else component).get("rrule")
        recurrence = component.get("recurrence-id")
        return cls(
            title=str(component.get("summary", "")),
            start=start,
            end=end,
            all_day=all_day,
            location=str(component.get("location", "")),
            notes=str(component.get("description", "")),
            uid=str(component.get("uid")),
            repeat=rule.to_ical().decode() if rule is not None else "",
            reminder_minutes=_reminder(component),
            recurrence_id=aware(component.decoded("recurrence-id"), zone)
            if recurrence is not None
            else None,
            attendees=_attendees(master if master is not None else component),
            organizer=organizer_of(master if master is not None else component),
        )

    def apply(self, calendar: Calendar | None) -> Calendar:
        """Write this event into its object (a new one when None), keeping foreign properties."""
        calendar = calendar if calendar is not None else new_calendar()
        target = find_component(calendar, "VEVENT", self.recurrence_id)
        edited = target is not None
        if target is None:
            target = ICalEvent()
            target.add("uid", self.uid)
            target.add("dtstamp", datetime.now(UTC))
            if self.recurrence_id is not None:
                target.add("recurrence-id", self.recurrence_id)
            calendar.add_component(target)
        else:
            _replace(target, "dtstamp", datetime.now(UTC))
        _replace(target, "summary", self.title)
        self._write_times(target)
        _replace(target, "location", self.location)
        _replace(target, "description", self.notes)
        if self.recurrence_id is None:
            _replace(target, "rrule", vRecur.from_ical(self.repeat) if self.repeat else None)
        _set_reminder(target, self.reminder_minutes, self.title)
        if edited:  # other clients notice a changed event by its SEQUENCE
            _replace(target, "sequence", int(target.get("sequence", 0)) + 1)
        if not self.all_day:
            calendar.add_missing_timezones()
        return calendar

    def _write_times(self, target: Component) -> None:
        """Set DTSTART/DTEND unless they already hold the same instants (keeps the event's zone)."""
        if "dtstart" in target:
            try:
                old = Event.from_component(target, self.start.tzinfo or UTC)
                if (old.start, old.end, old.all_day) == (self.start, self.end, self.all_day):
                    return
            except (KeyError, ValueError):
                pass
        if "duration" in target:
            del target["duration"]
        if self.all_day:
            _replace(target, "dtstart", self.start.date())
            _replace(target, "dtend", self.end.date())
        else:
            _replace(target, "dtstart", self.start)
            _replace(target, "dtend", self.end)


def find_component(
    calendar: Calendar, name: str, recurrence_id: datetime | None
) -> Component | None:
    """The component of that kind for one occurrence (or, with None, the master)."""
    for component in calendar.walk(name):
        has_id = "recurrence-id" in component
        if recurrence_id is None and not has_id:
            return component
        if recurrence_id is not None and has_id:
            other = component.decoded("recurrence-id")
            if aware(other, recurrence_id.tzinfo or UTC) == recurrence_id:
                return component
    return None


def master_of(calendar: Calendar, name: str = "VEVENT") -> Component | None:
    """The component without RECURRENCE-ID: the event itself, or a series' master."""
    return find_component(calendar, name, None)


def exclude_occurrence(calendar: Calendar, recurrence_id: datetime) -> None:
    """Delete one occurrence of a series: an EXDATE on the master, its override removed."""
    master = master_of(calendar)
    if master is None:
        raise ValueError("the series has no master event")
    override = find_component(calendar, "VEVENT", recurrence_id)
    if override is not None:
        calendar.subcomponents.remove(override)
    value: date | datetime = recurrence_id
    if not isinstance(master.decoded("dtstart"), datetime):
        value = recurrence_id.date()
    master.add("exdate", value)
    sequence = int(master.get("sequence", 0))
    _replace(master, "sequence", sequence + 1)


@dataclass
class Task:
    """A to-do (VTODO): a title, perhaps a due time, and whether it is done.

    `categories` are its CATEGORIES; the first names the list it is on ("Shopping").
    """

    title: str
    due: datetime | None = None
    due_all_day: bool = False
    done: bool = False
    notes: str = ""
    uid: str = field(default_factory=new_uid)
    reminder_minutes: int | None = None
    categories: tuple[str, ...] = ()
    organizer: str = ""  # who assigned it (ORGANIZER), "" when nobody did

    @property
    def list_name(self) -> str:
        """The list the task is on ("" when none): its first category."""
        return self.categories[0] if self.categories else ""

    def on_list(self, name: str) -> bool:
        """Whether the task is on the list `name` (any of its categories, case ignored)."""
        wanted = name.casefold()
        return any(c.casefold() == wanted for c in self.categories)

    @classmethod
    def from_component(cls, component: Component, zone: tzinfo) -> Task:
        """Read a VTODO."""
        due_value = component.decoded("due") if "due" in component else None
        status = str(component.get("status", "")).upper()
        return cls(
            title=str(component.get("summary", "")),
            due=aware(due_value, zone) if due_value is not None else None,
            due_all_day=due_value is not None and not isinstance(due_value, datetime),
            done=status == "COMPLETED" or "completed" in component,
            notes=str(component.get("description", "")),
            uid=str(component.get("uid")),
            reminder_minutes=_reminder(component),
            categories=_categories(component),
            organizer=organizer_of(component),
        )

    def apply(self, calendar: Calendar | None) -> Calendar:
        """Write this task into its object, keeping foreign properties."""
        calendar = calendar if calendar is not None else new_calendar()
        target = master_of(calendar, "VTODO")
        if target is None:
            target = Todo()
            target.add("uid", self.uid)
            calendar.add_component(target)
        _replace(target, "dtstamp", datetime.now(UTC))
        _replace(target, "summary", self.title)
        _replace(target, "description", self.notes)
        if self.due is None:
            _replace(target, "due", None)
        else:
            _replace(target, "due", self.due.date() if self.due_all_day else self.due)
        if self.done:
            _replace(target, "status", "COMPLETED")
            if "completed" not in target:
                target.add("completed", datetime.now(UTC))
            _replace(target, "percent-complete", 100)
        else:
            _replace(target, "status", "NEEDS-ACTION")
            _replace(target, "completed", None)
            _replace(target, "percent-complete", None)
        _set_reminder(target, self.reminder_minutes, self.title)
        if [c.casefold() for c in self.categories] != [c.casefold() for c in _categories(target)]:
            _replace(target, "categories", list(self.categories) or None)
        if self.due is not None and not self.due_all_day:
            calendar.add_missing_timezones()
        return calendar


def _categories(component: Component) -> tuple[str, ...]:
    """The component's CATEGORIES, in order, from every CATEGORIES property it has."""
    found = component.get("categories")
    if found is None:
        return ()
    values = found if isinstance(found, list) else [found]
    names = [str(c).strip() for value in values for c in getattr(value, "cats", [value])]
    return tuple(n for n in names if n)


def _attendees(component: Component) -> tuple[str, ...]:
    """The addresses of the people an event invites (its ATTENDEE properties)."""
    found = component.get("attendee")
    if found is None:
        return ()
    values = found if isinstance(found, list) else [found]
    return tuple(str(v).removeprefix("mailto:").removeprefix("MAILTO:") for v in values)


def organizer_of(component: Component) -> str:
    """Who organised an event or assigned a task: its ORGANIZER's address in lower case.

    "" when it has none (the user's own, from botpsy or another client of theirs). An
    invitation names its sender here; the daemon rings its reminders as the sender's.
    """
    found = component.get("organizer")
    if isinstance(found, list):
        found = found[0] if found else None
    if found is None:
        return ""
    address = str(found).strip()
    if address[:7].casefold() == "mailto:":
        address = address[7:]
    return address.strip().casefold()
