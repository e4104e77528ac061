"""A local calendar: a vdir, one `.ics` object per event, series or task, as khal and vdirsyncer keep them.

Other tools can read and sync it. Writes are atomic (temporary file, fsync,
rename), so an interrupted write never leaves a broken file; a replaced or
deleted object's old file is kept in `.history` so every change can be undone.
A file that cannot be parsed is skipped and reported, never fatal.

`write` and `remove` return a note for the reply ("" when there is nothing to
say); the CalDAV store (sync.py) overrides them to reach the server.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, tzinfo
from pathlib import Path

import recurring_ical_events
from icalendar import Calendar

from botpsy_calendar.items import Event, Task, exclude_occurrence, master_of

__all__ = ["Event", "Task", "VdirStore", "atomic_write"]


class VdirStore:
    """A vdir collection: `<root>/<calendar>/<uid>.ics`."""

    def __init__(self, root: Path, calendar: str, zone: tzinfo) -> None:
        self.folder = root / calendar
        self.history = root / ".history"
        self.zone = zone
        self.name = calendar
        self.problems: list[str] = []

    # -- objects -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the local copy up to date before a read (a no-op for a purely local store)."""

    def take_notices(self) -> list[str]:
        """Things to tell the user once (a synced store reports sync news here)."""
        return []

    def objects(self) -> dict[str, Calendar]:
        """Every object by uid; unreadable files are noted in `problems`."""
        self.refresh()
        self.problems = []
        found: dict[str, Calendar] = {}
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.ics")):
            try:
                calendar = Calendar.from_ical(path.read_bytes())
                uid = next((str(c["uid"]) for c in calendar.subcomponents if "uid" in c), path.stem)
                found[uid] = calendar
            except (OSError, ValueError, KeyError) as exc:
                self.problems.append(f"{path.name}: {exc}")
        return found

    def read(self, uid: str) -> Calendar | None:
        """One object, or None."""
        path = self.path_for(uid)
        if not path.exists():
            return None
        return Calendar.from_ical(path.read_bytes())

    def path_for(self, uid: str) -> Path:
        """The file of one object (uids are made safe as file names)."""
        safe = "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in uid)
        return self.folder / f"{safe}.ics"

    def write(self, uid: str, calendar: Calendar) -> str:
        """Store an object atomically; the version it replaces goes to the history."""
        self.store_locally(uid, bytes(calendar.to_ical()))
        return ""

    def remove(self, uid: str) -> str:
        """Remove an object; its file goes to the history."""
        self.remove_locally(uid)
        return ""

    def store_locally(self, uid: str, data: bytes) -> None:
        """Write the file of one object (history kept)."""
        self._ensure()
        target = self.path_for(uid)
        if target.exists():
            if target.read_bytes() == data:
                return
            self._keep(target)
        atomic_write(target, data)

    def remove_locally(self, uid: str) -> None:
        """Delete the file of one object (history kept)."""
        target = self.path_for(uid)
        if target.exists():
            self._keep(target)
            target.unlink()

    # -- events ------------------------------------------------------------------------------
    def events(self) -> list[Event]:
        """Every event and series (a series once, as its first occurrence), sorted by start."""
        found = []
        for calendar in self.objects().values():
            master = master_of(calendar)
            if master is not None:
                found.append(Event.from_component(master, self.zone))
        return sorted(found, key=lambda e: e.start)

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """Events and occurrences of series that overlap [start, end)."""
        found: list[Event] = []
        for uid, calendar in self.objects().items():
            master = master_of(calendar)
            try:
                components = recurring_ical_events.of(calendar).between(start, end)
            except Exception as exc:  # a malformed rule in one object must not hide the rest
                self.problems.append(f"{uid}: {exc}")
                continue
            for component in components:
                if component.name != "VEVENT":
                    continue
                event = Event.from_component(component, self.zone, master)
                if not event.repeat and master is not None and "rrule" not in master:
                    event.recurrence_id = None  # a plain event, not an occurrence
                if event.start < end and event.end > start:
                    found.append(event)
        return sorted(found, key=lambda e: e.start)

    def save(self, event: Event) -> str:
        """Create or change an event, or one occurrence of a series."""
        return self.write(event.uid, event.apply(self.read(event.uid)))

    def delete(self, event: Event, whole_series: bool = True) -> str:
        """Delete an event or series; with `whole_series=False` only the given occurrence."""
        if event.recurrence_id is not None and not whole_series:
            calendar = self.read(event.uid)
            if calendar is None:
                return self.remove(event.uid)
            exclude_occurrence(calendar, event.recurrence_id)
            return self.write(event.uid, calendar)
        return self.remove(event.uid)

    # -- tasks -------------------------------------------------------------------------------
    def tasks(self) -> list[Task]:
        """Every task: open ones first, by due date."""
        found = []
        for calendar in self.objects().values():
            todo = master_of(calendar, "VTODO")
            if todo is not None:
                found.append(Task.from_component(todo, self.zone))
        far = datetime.max.replace(tzinfo=UTC)
        return sorted(found, key=lambda t: (t.done, t.due or far, t.title.lower()))

    def save_task(self, task: Task) -> str:
        """Create or change a task."""
        return self.write(task.uid, task.apply(self.read(task.uid)))

    # -- helpers -----------------------------------------------------------------------------
    def _ensure(self) -> None:
        if not self.folder.is_dir():
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / "displayname").write_text(self.name.capitalize(), encoding="utf-8")

    def _keep(self, path: Path) -> None:
        self.history.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        atomic_write(self.history / f"{path.stem}.{stamp}.ics", path.read_bytes())


def atomic_write(target: Path, data: bytes) -> None:
    """Write a file so that a crash leaves either the old or the new content, never a mix."""
    target.parent.mkdir(parents=True, exist_ok=True)
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
