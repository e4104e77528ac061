"""A local calendar: a vdir, one `.ics` file per event, as khal and vdirsyncer keep them.

Other tools can read and sync it. Writes are atomic (temporary file, fsync,
rename), so an interrupted write never leaves a broken file; a replaced or
deleted event's old file is kept in `.history` so every change can be undone.
A file that cannot be parsed is skipped and reported, never fatal.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path

from icalendar import Calendar
from icalendar import Event as ICalEvent
from icalendar.cal import Component

PRODID = "-//botpsy//botpsy calendar//EN"


@dataclass
class Event:
    """One calendar event, with aware datetimes (all-day events start at local midnight)."""

    title: str
    start: datetime
    end: datetime
    all_day: bool = False
    location: str = ""
    notes: str = ""
    uid: str = field(default_factory=lambda: f"{uuid.uuid4()}@botpsy")

    def overlaps(self, other: Event) -> bool:
        """Whether two events share any time."""
        return self.start < other.end and other.start < self.end

    def to_ical(self) -> bytes:
        """The event as a complete VCALENDAR, with the VTIMEZONE other clients need."""
        calendar = Calendar()
        calendar.add("prodid", PRODID)
        calendar.add("version", "2.0")
        event = ICalEvent()
        event.add("uid", self.uid)
        event.add("dtstamp", datetime.now(UTC))
        event.add("summary", self.title)
        if self.all_day:
            event.add("dtstart", self.start.date())
            event.add("dtend", self.end.date())
        else:
            event.add("dtstart", self.start)
            event.add("dtend", self.end)
        if self.location:
            event.add("location", self.location)
        if self.notes:
            event.add("description", self.notes)
        calendar.add_component(event)
        if not self.all_day:
            calendar.add_missing_timezones()
        return bytes(calendar.to_ical())

    @classmethod
    def from_component(cls, component: Component, zone: tzinfo) -> Event:
        """Read a VEVENT; floating times are taken in the user's zone."""
        start_value = component.decoded("dtstart")
        all_day = not isinstance(start_value, datetime)
        start = _aware(start_value, zone)
        if "dtend" in component:
            end = _aware(component.decoded("dtend"), zone)
        elif "duration" in component:
            end = start + component.decoded("duration")
        else:
            end = start + (timedelta(days=1) if all_day else timedelta(hours=1))
        return cls(
            title=str(component.get("summary", "")),
            start=start,
            end=end,
            all_day=all_day,
            location=str(component.get("location", "")),
            notes=str(component.get("description", "")),
            uid=str(component.get("uid")),
        )


def _aware(value: date | datetime, zone: tzinfo) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=zone)
    return datetime.combine(value, time(0), zone)


class VdirStore:
    """A vdir collection: `<root>/<calendar>/<uid>.ics`."""

    def __init__(self, root: Path, calendar: str, zone: tzinfo) -> None:
        self.folder = root / calendar
        self.history = root / ".history"
        self.zone = zone
        self.name = calendar
        self.problems: list[str] = []

    def _ensure(self) -> None:
        if not self.folder.is_dir():
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / "displayname").write_text(self.name.capitalize(), encoding="utf-8")

    def events(self) -> list[Event]:
        """Every event, sorted by start; unreadable files are noted in `problems`."""
        self.problems = []
        found: list[Event] = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.ics")):
            try:
                calendar = Calendar.from_ical(path.read_bytes())
                found.extend(Event.from_component(c, self.zone) for c in calendar.walk("VEVENT"))
            except (OSError, ValueError, KeyError) as exc:
                self.problems.append(f"{path.name}: {exc}")
        return sorted(found, key=lambda e: e.start)

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """Events that overlap [start, end)."""
        return [e for e in self.events() if e.start < end and e.end > start]

    def path_for(self, uid: str) -> Path:
        """The file of one event (uids are made safe as file names)."""
        safe = "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in uid)
        return self.folder / f"{safe}.ics"

    def save(self, event: Event) -> Path:
        """Write an event atomically; the version it replaces goes to the history."""
        self._ensure()
        target = self.path_for(event.uid)
        if target.exists():
            self._keep(target)
        _atomic_write(target, event.to_ical())
        return target

    def delete(self, event: Event) -> None:
        """Remove an event; its file goes to the history."""
        target = self.path_for(event.uid)
        if target.exists():
            self._keep(target)
            target.unlink()

    def _keep(self, path: Path) -> None:
        self.history.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        _atomic_write(self.history / f"{path.stem}.{stamp}.ics", path.read_bytes())


def _atomic_write(target: Path, data: bytes) -> None:
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()
    directory = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
