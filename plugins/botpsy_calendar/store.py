"""A local calendar: a vdir, one `.ics` object per event, series or task, as khal and vdirsyncer keep them.

Other tools can read and sync it. Writes are atomic (temporary file, fsync,
rename), so an interrupted write never leaves a broken file; a replaced or
deleted object's old file is kept in `.history` so every change can be undone.
A file that cannot be parsed, or an item in it that makes no sense (no start,
a start that is not a date, a rule that cannot be expanded), is skipped and
reported in one line, never fatal. Files are found by the UID inside them, so a
vdir whose files are named otherwise (vdirsyncer's) is changed in place.
Repetition is expanded lazily and capped, so a rule repeating every second
cannot stall a listing.

`write` and `remove` return a note for the reply ("" when there is nothing to
say); the CalDAV store (sync.py) overrides them to reach the server.

A list is either a collection of its own holding only to-dos (a sibling folder
whose `supported-components` file says VTODO, as a CalDAV task list is a
calendar collection of VTODO only), or a category on to-dos in the main one
("Shopping"). `tasks()` reads both; a task goes back to where it came from, and
a new item on a list kept as a collection goes into that collection.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path

import recurring_ical_events
from dateutil.rrule import rrulestr  # type: ignore[import-untyped]
from icalendar import Calendar, vRecur
from icalendar.cal import Component

from assistant.api import ToolError
from botpsy_calendar.items import (
    Event,
    Task,
    aware,
    exclude_occurrence,
    find_component,
    master_of,
)
from botpsy_calendar.repeat import describe_repeat

__all__ = ["Event", "ListInfo", "Task", "VdirStore", "atomic_write"]

LIST_MARK = "supported-components"  # in a list's folder: "VTODO", what its collection holds

SERIES_CAP = 500  # occurrences of one repeating event in one listing
TOTAL_CAP = 2000  # occurrences in one listing
SCAN_LIMIT = 50_000  # steps of a repeat rule walked to find where a listing of it stops


def _why(exc: Exception) -> str:
    """An exception as a short reason: "no DTSTART" for a missing property."""
    if isinstance(exc, KeyError) and exc.args:
        return f"no {str(exc.args[0]).upper()}"
    return " ".join(str(exc).split())[:160] or type(exc).__name__


class VdirStore:
    """A vdir collection: `<root>/<calendar>/<uid>.ics`."""

    def __init__(self, root: Path, calendar: str, zone: tzinfo) -> None:
        self.folder = root / calendar
        self.history = root / ".history"
        self.zone = zone
        self.name = calendar
        self.problems: list[str] = []  # what a read skipped or cut short, one line each
        self._paths: dict[str, Path] = {}  # uid → the file that holds it, as last listed
        self._listed = False  # whether `_paths` covers every file
        self._home: dict[str, VdirStore] = {}  # uid → the list collection a task came from
        self._subs: dict[str, VdirStore] = {}  # a list collection's folder or URL → its store

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
        self._paths = {}
        found: dict[str, Calendar] = {}
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.ics")):
            try:
                calendar = Calendar.from_ical(path.read_bytes())
                uid = _uid_of(calendar) or path.stem
                found[uid] = calendar
                self._paths[uid] = path
            except (OSError, ValueError, KeyError) as exc:
                self.problems.append(f"skipped {path.name}: {_why(exc)}")
        self._listed = True
        return found

    def read(self, uid: str) -> Calendar | None:
        """One object, or None."""
        path = self.path_of(uid)
        if not path.exists():
            return None
        return Calendar.from_ical(path.read_bytes())

    def path_of(self, uid: str) -> Path:
        """The file that holds `uid`, found by the UID inside it; `path_for(uid)` for a new one."""
        known = self._paths.get(uid)
        if known is not None and known.exists():
            return known
        named = self.path_for(uid)
        if named.exists() or self._listed or not self.folder.is_dir():
            return named
        for path in self.folder.glob("*.ics"):  # named by another tool (vdirsyncer)
            try:
                if _uid_of(Calendar.from_ical(path.read_bytes())) == uid:
                    self._paths[uid] = path
                    return path
            except (OSError, ValueError, KeyError):
                continue
        return named

    def path_for(self, uid: str) -> Path:
        """The file of one object (uids are made safe as file names)."""
        safe = "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in uid)
        return self.folder / f"{safe}.ics"

    def write(self, uid: str, calendar: Calendar) -> str:
        """Store an object atomically; the version it replaces goes to the history."""
        self.store_locally(uid, bytes(calendar.to_ical()))
        return ""

    def remove(self, uid: str) -> str:
        """Remove an object; its file goes to the history. No file holds it: an error, not a success."""
        if not self.remove_locally(uid):
            raise ToolError(f"nothing was deleted: no file in {self.folder} holds that item")
        return ""

    def store_locally(self, uid: str, data: bytes) -> None:
        """Write the file of one object (history kept)."""
        self._ensure()
        target = self.path_of(uid)
        if target.exists():
            if target.read_bytes() == data:
                return
            self._keep(target)
        atomic_write(target, data)

    def remove_locally(self, uid: str) -> bool:
        """Delete the file of one object (history kept); whether there was one."""
        target = self.path_of(uid)
        if not target.exists():
            return False
        self._keep(target)
        target.unlink()
        self._paths.pop(uid, None)
        return True

    # -- events ------------------------------------------------------------------------------
    def events(self) -> list[Event]:
        """Every event and series (a series once, as its first occurrence), sorted by start."""
        found = []
        for uid, calendar in self.objects().items():
            try:
                master = master_of(calendar)
                if master is not None:
                    found.append(Event.from_component(master, self.zone))
            except Exception as exc:  # one malformed event must not hide the rest
                self._skipped(uid, exc)
        return sorted(found, key=lambda e: e.start)

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """Events and occurrences of series that overlap [start, end), at most TOTAL_CAP."""
        found: list[Event] = []
        for uid, calendar in self.objects().items():
            room = min(SERIES_CAP, TOTAL_CAP - len(found))
            if room <= 0:
                self.problems.append(f"listed only the first {TOTAL_CAP} occurrences")
                break
            try:
                found += self.occurrences(calendar, start, end, room)
            except Exception as exc:  # a malformed event or rule must not hide the rest
                self._skipped(uid, exc)
        return sorted(found, key=lambda e: e.start)

    def occurrences(
        self, calendar: Calendar, start: datetime, end: datetime, room: int
    ) -> list[Event]:
        """One object's events in [start, end): at most `room` of a series, then a note.

        Public for the readers that expand one object on its own (search, reminders), so each
        gets its own cap rather than a share of a listing's."""
        if not any(c.name == "VEVENT" for c in calendar.subcomponents):
            return []  # a task
        master = master_of(calendar)
        first = Event.from_component(master, self.zone) if master is not None else None
        stop = end
        if first is not None and master is not None and master.get("rrule"):
            stop = _series_stop(first, master, start, end, room)
        found = []
        for component in recurring_ical_events.of(calendar).between(start, stop):
            event = Event.from_component(component, self.zone, master)
            if (
                not event.repeat
                and master is not None
                and not any(k in master for k in ("rrule", "rdate"))
            ):
                event.recurrence_id = None  # a plain event, not an occurrence (dates of its own
                # kept as RDATE are occurrences: one of them deleted keeps the others)
            if event.start < end and event.end > start:
                found.append(event)
        found.sort(key=lambda e: e.start)
        if stop < end or len(found) > room:
            title = str(master.get("summary", "")) if master is not None else ""
            self.problems.append(f'listed only the first {min(len(found), room)} of "{title}"')
        return found[:room]

    def _skipped(self, uid: str, exc: Exception) -> None:
        where = self._paths[uid].name if uid in self._paths else uid
        self.problems.append(f"skipped {where}: {_why(exc)}")

    def occurrence(self, uid: str, recurrence_id: datetime) -> Event | None:
        """One occurrence of a series, by its RECURRENCE-ID (moved or not), or None if it is gone."""
        calendar = self.read(uid)
        if calendar is None:
            return None
        master = master_of(calendar)
        override = find_component(calendar, "VEVENT", recurrence_id)
        if override is not None:
            return Event.from_component(override, self.zone, master)
        moment = recurrence_id + timedelta(seconds=1)
        for component in recurring_ical_events.of(calendar).between(recurrence_id, moment):
            event = Event.from_component(component, self.zone, master)
            if event.recurrence_id == recurrence_id:
                return event
        return None

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
        """Every task, here and on the lists kept as collections: open ones first, by due date.

        A task from a list collection carries the list's name as its first category.
        """
        found = self.own_tasks()
        problems = list(self.problems)
        self._home = {}
        for name, home in self.list_stores().items():
            try:
                theirs = home.own_tasks()
            except ToolError as exc:  # one list gone or refused must not hide the rest
                problems.append(f"skipped the list {name[:60]}: {exc}")
                self.list_failed(home)
                continue
            for task in theirs:
                rest = [c for c in task.categories if c.casefold() != name.casefold()]
                task.categories = (name, *rest)
                self._home[task.uid] = home
                found.append(task)
            problems += home.problems
        self.problems = problems
        far = datetime.max.replace(tzinfo=UTC)
        return sorted(found, key=lambda t: (t.done, t.due or far, t.title.lower()))

    def own_tasks(self) -> list[Task]:
        """The tasks in this collection only."""
        found = []
        for uid, calendar in self.objects().items():
            try:
                todo = master_of(calendar, "VTODO")
                if todo is not None:
                    found.append(Task.from_component(todo, self.zone))
            except Exception as exc:  # one malformed task must not hide the rest
                self._skipped(uid, exc)
        return found

    def save_task(self, task: Task) -> str:
        """Create or change a task, in the list collection it belongs to if it has one."""
        home, name = self._home_of(task)
        if home is self:
            return self.write(task.uid, task.apply(self.read(task.uid)))
        kept = tuple(c for c in task.categories if c.casefold() != name.casefold())
        return home.write(task.uid, replace(task, categories=kept).apply(home.read(task.uid)))

    def remove_task(self, uid: str) -> str:
        """Remove a task from the collection it came from (as last read)."""
        return self._home.get(uid, self).remove(uid)

    def _home_of(self, task: Task) -> tuple[VdirStore, str]:
        """Where a task is kept: the list collection it came from, or its list's, else here."""
        if task.uid in self._home:
            home = self._home[task.uid]
            return home, next((n for n, h in self.list_stores().items() if h is home), "")
        if task.categories:
            wanted = task.categories[0].casefold()
            for name, home in self.list_stores().items():
                if name.casefold() == wanted:
                    return home, name
        return self, ""

    # -- lists -------------------------------------------------------------------------------
    def list_stores(self) -> dict[str, VdirStore]:
        """The lists kept as collections of their own, by name (a name others may have written)."""
        root, found = self.folder.parent, dict[str, VdirStore]()
        if not root.is_dir():
            return {}
        for folder in sorted(root.iterdir()):
            if folder == self.folder or folder.name.startswith(".") or not is_list_folder(folder):
                continue
            name = display_name(folder)
            if name.casefold() not in {n.casefold() for n in found}:
                home = self._subs.setdefault(folder.name, VdirStore(root, folder.name, self.zone))
                found[name] = home
        return found

    def list_failed(self, home: VdirStore | None = None) -> None:
        """A list could not be read (the CalDAV store looks for its lists again next time)."""

    def lists(self) -> list[ListInfo]:
        """Every list: the collections of to-dos, and the categories items here are on."""
        tasks = self.tasks()
        infos = {name.casefold(): ListInfo(name, 0, True) for name in self.list_stores()}
        for task in tasks:
            if task.list_name:
                key = task.list_name.casefold()
                info = infos.setdefault(key, ListInfo(task.list_name, 0, False))
                info.items += not task.done
                info.done += task.done
        return sorted(infos.values(), key=lambda i: i.name.casefold())

    def make_list(self, name: str) -> str:
        """Create a list as a collection of its own (a folder marked as holding to-dos)."""
        root = self.folder.parent
        slug = folder_name(name)
        if (root / slug).exists():
            slug = f"{slug}-{uuid.uuid4().hex[:6]}"
        folder = root / slug
        folder.mkdir(parents=True)
        atomic_write(folder / "displayname", name.encode("utf-8"))
        atomic_write(folder / LIST_MARK, b"VTODO\n")
        return ""

    def rename_list(self, old: str, new: str) -> str:
        """Rename a list: its collection's display name, and the category of its items here."""
        notes = []
        home = self._list_store(old)
        if home is not None:
            notes.append(self.rename_collection(home, new))
        for task in [t for t in self.own_tasks() if t.on_list(old)]:
            task.categories = tuple(
                new if c.casefold() == old.casefold() else c for c in task.categories
            )
            notes.append(self.write(task.uid, task.apply(self.read(task.uid))))
        return " ".join(dict.fromkeys(n for n in notes if n))

    def drop_list(self, name: str) -> str:
        """Delete a list and its items; everything goes to the history first."""
        notes = []
        home = self._list_store(name)
        if home is not None:
            notes.append(self.drop_collection(home))
        for task in [t for t in self.own_tasks() if t.on_list(name)]:
            notes.append(self.remove(task.uid))
        return " ".join(dict.fromkeys(n for n in notes if n))

    def rename_collection(self, home: VdirStore, new: str) -> str:
        """Give a list collection a new display name (the CalDAV store tells the server first)."""
        atomic_write(home.folder / "displayname", new.encode("utf-8"))
        return ""

    def drop_collection(self, home: VdirStore) -> str:
        """Move a list collection's folder, items and all, into the history."""
        self.keep_folder(home.folder)
        return ""

    def keep_folder(self, folder: Path) -> None:
        """Move a whole folder into the history (`.history/lists/NAME.STAMP`), never deleting it."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        kept = self.history / "lists" / f"{folder.name}.{stamp}"
        kept.parent.mkdir(parents=True, exist_ok=True)
        os.replace(folder, kept)

    def _list_store(self, name: str) -> VdirStore | None:
        wanted = name.casefold()
        return next((h for n, h in self.list_stores().items() if n.casefold() == wanted), None)

    # -- helpers -----------------------------------------------------------------------------
    def _ensure(self) -> None:
        if not self.folder.is_dir():
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / "displayname").write_text(self.name.capitalize(), encoding="utf-8")

    def _keep(self, path: Path) -> None:
        self.history.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        atomic_write(self.history / f"{path.stem}.{stamp}.ics", path.read_bytes())


def _series_stop(
    first: Event, master: Component, start: datetime, end: datetime, room: int
) -> datetime:
    """Where to stop expanding a series so that a listing from `start` gets at most `room` of it.

    The rule is walked lazily (dateutil), so a rule repeating every second costs
    `room` steps, not a year of them; one that would need more than SCAN_LIMIT
    steps to reach the listing is refused.
    """
    rules = master["rrule"] if isinstance(master["rrule"], list) else [master["rrule"]]
    reach = start - (first.end - first.start)  # an occurrence starting here still overlaps
    stop = end
    for rule in filter(None, rules):
        fields = {key: value for key, value in rule.items() if key != "UNTIL"}
        until = [aware(u, first.start.tzinfo or UTC) for u in rule.get("UNTIL", [])]
        seen = 0
        for step, moment in enumerate(
            rrulestr(vRecur(fields).to_ical().decode(), dtstart=first.start)
        ):
            if moment >= stop or (until and moment > until[0]):
                break
            if step >= SCAN_LIMIT:
                raise ValueError(f"it repeats too often to list ({describe_repeat(first.repeat)})")
            seen += moment >= reach
            if seen > room:
                stop = moment
                break
    if stop <= start:
        raise ValueError(f"it repeats too often to list ({describe_repeat(first.repeat)})")
    return stop


@dataclass
class ListInfo:
    """A list as the list tools show it: its name, its open items, whether it is a collection."""

    name: str
    items: int
    collection: bool
    done: int = 0  # items ticked off, still kept on it


def is_list_folder(folder: Path) -> bool:
    """Whether a folder is a list: a collection marked as holding to-dos and nothing else."""
    try:
        marked = (folder / LIST_MARK).read_text(encoding="utf-8").split()
    except OSError:
        return False
    return marked == ["VTODO"]


def display_name(folder: Path) -> str:
    """A collection's display name (one line), else its folder's name."""
    try:
        name = (folder / "displayname").read_text(encoding="utf-8")
    except OSError:
        name = ""
    return " ".join(name.split())[:80] or folder.name


def folder_name(name: str) -> str:
    """A safe folder (and collection) name for a list: "Weekly shop" → "weekly-shop"."""
    slug = "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())
    return slug[:40] or "list"


def _uid_of(calendar: Calendar) -> str:
    return next((str(c["uid"]) for c in calendar.subcomponents if "uid" in c), "")


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
