"""What `botpsy daemon` rings from the calendar, and as whose: origin by how an item arrived.

An event or a task rings as the user's own reminder only when nothing but the user
can have put it where it is: no ORGANIZER (made by botpsy, or by another client of
the user's, on a calendar or list nobody else writes). Everything else rings with
botpsy's words first and the item's own quoted as data:

- an ORGANIZER who is not one of the user's addresses: "Someone else's invitation"
  (or task), the sender named. Every ORGANIZER of every component of the object is
  read (a series' overrides too), so an invitation naming the user's address first and
  its sender second, or its sender only on one occurrence, is still the sender's; and
  an ORGANIZER with no address, or an ATTENDEE, makes it an invitation all the same;
- an ORGANIZER that is one of the user's addresses, and no one else's: "An invitation
  in your name". That address is a claim inside the item, and anyone may write it: an
  invitation sent "from" the user, or one a mail service added to the calendar by
  itself, arrives the same way as a meeting the user made on their phone. botpsy cannot
  tell them apart, so it does not ring either as the user's own words; kept on a shared
  calendar or list, it says so. A name (CN), SENT-BY or a description naming the
  user's address is no organiser at all: only the ORGANIZER's own address counts;
- anything on a calendar others write (`[plugins.calendar] shared = true`) or on a
  task list others write (`shared_lists`: a list of names, or true for every list):
  "An event on your shared calendar", "A task on a shared list" (its body names the list).

Each thing someone else may have written rings at most `_THEIRS_PER_DAY` times a day,
and each calendar object is read on its own, so an invitation repeating every minute
can neither flood the desktop nor crowd the user's own reminders out.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from pathlib import Path

from icalendar import Calendar

from assistant.api import DueItem, one_line, quoted
from botpsy_calendar.items import Event, Task, master_of
from botpsy_calendar.store import VdirStore, folder_name

# The longest reminder the tools set (four weeks): how far ahead of a window events are read.
LONGEST_REMINDER = timedelta(minutes=40320)
# Occurrences of one object the daemon reads ahead: each object has its own room, so an
# invitation repeating every minute cannot crowd the user's own reminders out of a listing.
_SERIES_ROOM = 500
# Rings a day of one thing someone else wrote: a daily meeting rings, a minutely one does not flood.
_THEIRS_PER_DAY = 3


@dataclass(frozen=True)
class Whose:
    """Why an item is not the user's own: `kind` is "sender" (someone else organised it),
    "claimed" (it names the user's address as organiser, which anyone can write) or
    "shared" (it is on a calendar or list others write: `place` names the list)."""

    kind: str
    sender: str = ""
    place: str = ""
    shared: bool = False  # "claimed" only: it is kept on a calendar or list others write


@dataclass(frozen=True)
class Ownership:
    """What decides whose an item is: the user's addresses (only to say which claim an item
    makes), whether others write the calendar (`shared`), and which lists others write."""

    addresses: frozenset[str]
    shared: bool = False
    shared_lists: frozenset[str] = frozenset()  # names or folder names, case folded
    every_list_shared: bool = False
    # with whom a list is shared, as `shared_lists = {Family = "Ana and Bob"}` says: (name, whom)
    sharers: tuple[tuple[str, str], ...] = ()

    def list_shared(self, name: str, folder: str) -> bool:
        """Whether the list collection `name` (kept in `folder`) is one others write."""
        if self.every_list_shared:
            return True
        said = self.shared_lists
        return name.casefold() in said or folder.casefold() in {folder_name(s) for s in said}

    def shared_with(self, name: str, folder: str) -> str:
        """With whom the user said the list `name` (kept in `folder`) is shared; "" if not said."""
        for said, whom in self.sharers:
            if said == name.casefold() or folder.casefold() == folder_name(said):
                return whom
        return ""

    def whose_object(self, signs: Signs, shared: bool, place: str = "") -> Whose | None:
        """None when the item is the user's own; else why not, by every claim of its object
        (`Signs`): one organiser who is not the user makes it theirs, whichever ORGANIZER
        comes first. `shared` says whether the collection it came from is one others write;
        `place` names a list collection."""
        others = [a for a in signs.organizers if a not in self.addresses]
        if others:
            return Whose("sender", others[0])
        if signs.organizers:  # the user's address, and only theirs: a claim, kept where it is
            return Whose("claimed", signs.organizers[0], place, shared)
        if signs.invited:
            return Whose("sender", "")
        return Whose("shared", place=place) if shared else None


@dataclass(frozen=True)
class Signs:
    """What a calendar object says of who made it, read from every component in it (a series'
    overrides too): the ORGANIZER addresses it names, and whether it invites anyone (an
    ORGANIZER property, even an empty one, or an ATTENDEE)."""

    organizers: tuple[str, ...] = ()
    invited: bool = False


def signs_of(calendar: Calendar) -> Signs:
    """The claims of every event and task in one object. A client of the user's that made
    it writes no ORGANIZER and no ATTENDEE; an invitation carries them, on any component."""
    organizers: list[str] = []
    invited = False
    for component in calendar.walk():
        if component.name not in ("VEVENT", "VTODO"):
            continue
        found = component.get("organizer")
        for value in found if isinstance(found, list) else [found]:
            if value is None:
                continue
            invited = True  # "ORGANIZER:" with no address is still an invitation's
            address = str(value).strip()
            address = address[7:] if address[:7].casefold() == "mailto:" else address
            address = address.strip().casefold()
            if address and address not in organizers:
                organizers.append(address)
        invited = invited or component.get("attendee") is not None
    return Signs(tuple(organizers), invited)


def settings_ownership(addresses: frozenset[str], settings: dict[str, object]) -> Ownership:
    """The ownership `[plugins.calendar]` describes: `shared` and `shared_lists` (a list of
    names, one name, true for every list, or a table of names to whom each is shared with)."""
    listed = settings.get("shared_lists", False)
    names: list[object] = []
    sharers: list[tuple[str, str]] = []
    if isinstance(listed, dict):
        names, every = list(listed), False
        for name, with_whom in listed.items():
            key = " ".join(str(name).split()).casefold()
            whom = (
                ", ".join(str(w) for w in with_whom)
                if isinstance(with_whom, list | tuple)
                else str(with_whom if isinstance(with_whom, str) else "")
            )
            if key and whom.strip():
                sharers.append((key, one_line(whom, 120)))
    elif isinstance(listed, list | tuple):
        names, every = list(listed), False
    elif isinstance(listed, str) and listed.strip().lower() not in _FLAG_WORDS:
        names, every = [listed], False  # one list's name
    else:
        every = _flag(listed)
    said = frozenset(" ".join(str(n).split()).casefold() for n in names if str(n).strip())
    shared = _flag(settings.get("shared", False))
    return Ownership(addresses, shared, said, every, tuple(sharers))


_FLAG_WORDS = frozenset({"true", "yes", "1", "on", "false", "no", "0", "off", ""})


def _flag(value: object) -> bool:
    """A setting's yes or no: `shared = true` (a string "true" too, as an environment gives)."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "yes", "1", "on")
    return bool(value)


@dataclass(frozen=True)
class Home:
    """A collection the daemon reads tasks from: the calendar itself ("" name) or a list."""

    name: str
    store: VdirStore


def list_homes(local: VdirStore, account_root: Path | None) -> list[Home]:
    """The task lists kept as collections of their own, read from this machine only.

    A local vdir keeps them as sibling folders; a CalDAV account mirrors each under
    `lists/<slug>` and names them in `lists.json` (the names as the server gave them).
    """
    if account_root is None:
        return [Home(name, home) for name, home in local.list_stores().items()]
    try:
        index = json.loads((account_root / "lists.json").read_text(encoding="utf-8"))
        entries = [e for e in dict(index).values() if {"name", "slug"} <= set(e)]
    except (OSError, ValueError, TypeError, AttributeError):
        return []
    homes = []
    for entry in sorted(entries, key=lambda e: str(e["slug"])):
        slug = str(entry["slug"])
        if slug and "/" not in slug and not slug.startswith("."):
            homes.append(
                Home(str(entry["name"]), VdirStore(account_root / "lists" / slug, slug, local.zone))
            )
    return homes


def signature(homes: Iterable[VdirStore]) -> list[object]:
    """What changes when any file the daemon rings from changes."""
    found: list[object] = []
    for home in homes:
        files = sorted(home.folder.glob("*.ics")) if home.folder.is_dir() else []
        for file in files:
            with contextlib.suppress(OSError):  # removed meanwhile: the next look sees it gone
                stat = file.stat()
                found.append((str(file), stat.st_mtime_ns, stat.st_size))
    return found


def due_in(
    local: VdirStore,
    start: datetime,
    end: datetime,
    mine: Ownership | None = None,
    lists: Iterable[Home] = (),
) -> list[DueItem]:
    """Event reminders and task due times in [start, end), read from the files."""
    mine = mine or Ownership(frozenset())
    found: list[DueItem] = []
    theirs: list[tuple[str, DueItem]] = []  # (uid, item): capped a day each, below
    for event, signs in _events(local, start, end + LONGEST_REMINDER):
        if event.reminder_minutes is None:
            continue
        at = event.start - timedelta(minutes=event.reminder_minutes)
        if start <= at < end:
            key = f"calendar:event:{event.uid}:{event.start.isoformat()}:{event.reminder_minutes}"
            begins = event.start.astimezone(local.zone)  # a phone may have written it in UTC
            when = "all day" if event.all_day else f"at {begins:%H:%M}"
            whose = mine.whose_object(signs, mine.shared)
            if whose is not None:
                item = _theirs(key, at, whose, event.title, event.location, when, begins)
                theirs.append((event.uid, item))
                continue
            where = f", {one_line(event.location)}" if event.location else ""
            body = f"{begins:%A %-d %B} {when}{where}"
            # one line, no ESC: the daemon logs and `daemon status` prints titles to a terminal
            title = one_line(event.title) or "Event"
            found.append(DueItem(key, at, title, body, kind="reminder"))
    homes = [(Home("", local), mine.shared)]
    homes += [(h, mine.list_shared(h.name, h.store.folder.name)) for h in lists]
    for home, shared in homes:
        for task, signs in _tasks(home.store):
            due = _task_due(task, signs, start, end, local.zone, mine, shared, home.name)
            if due is not None:
                item, others = due
                if others:
                    theirs.append((task.uid, item))
                else:
                    found.append(item)
    return sorted([*found, *_few_a_day(theirs, local.zone)], key=lambda i: (i.at, i.key))


def _tasks(home: VdirStore) -> list[tuple[Task, Signs]]:
    """The tasks of one collection, each with its object's claims (a list gone meanwhile
    has none)."""
    found = []
    try:
        objects = home.objects()
    except Exception:  # one list unreadable must not silence the rest
        return []
    for calendar in objects.values():
        with contextlib.suppress(Exception):  # a malformed task must not hide the rest
            todo = master_of(calendar, "VTODO")
            if todo is not None:
                found.append((Task.from_component(todo, home.zone), signs_of(calendar)))
    return found


def _task_due(
    task: Task,
    signs: Signs,
    start: datetime,
    end: datetime,
    zone: tzinfo,
    mine: Ownership,
    shared: bool,
    place: str,
) -> tuple[DueItem, bool] | None:
    """The ring of one task in [start, end), and whether it is labelled as others'; None
    when it does not ring then."""
    if task.done or task.due is None or (task.due_all_day and task.reminder_minutes is None):
        return None
    at = task.due - timedelta(minutes=task.reminder_minutes or 0)
    if not start <= at < end:
        return None
    due = task.due.astimezone(zone)
    key = f"calendar:task:{task.uid}:{at.isoformat()}"
    whose = mine.whose_object(signs, shared, place)
    if whose is not None:
        when = "all day" if task.due_all_day else f"due at {due:%H:%M}"
        return _theirs(key, at, whose, task.title, "", when, due, "task"), True
    body = "" if task.due_all_day else f"Due at {due:%H:%M}"
    return DueItem(key, at, one_line(task.title) or "Task", body, kind="task"), False


def _events(local: VdirStore, start: datetime, end: datetime) -> list[tuple[Event, Signs]]:
    """Every object's events and occurrences in [start, end), each object read on its own.

    `VdirStore.between` caps a listing as a whole, first files first: four invitations
    repeating every minute (named to sort first) would fill it and silence every
    reminder of the user's after them. Here each object gets `_SERIES_ROOM`.
    """
    found: list[tuple[Event, Signs]] = []
    for calendar in local.objects().values():
        with contextlib.suppress(Exception):  # a malformed object must not hide the rest
            signs = signs_of(calendar)
            found += [(e, signs) for e in local.occurrences(calendar, start, end, _SERIES_ROOM)]
    return sorted(found, key=lambda pair: pair[0].start)


def _few_a_day(theirs: list[tuple[str, DueItem]], zone: tzinfo) -> list[DueItem]:
    """At most `_THEIRS_PER_DAY` rings a day for each thing someone else wrote, first ones first."""
    counted: Counter[tuple[str, date]] = Counter()
    kept = []
    for uid, item in sorted(theirs, key=lambda pair: (pair[1].at, pair[1].key)):
        counted[uid, item.at.astimezone(zone).date()] += 1
        if counted[uid, item.at.astimezone(zone).date()] <= _THEIRS_PER_DAY:
            kept.append(item)
    return kept


def _theirs(
    key: str,
    at: datetime,
    whose: Whose,
    title: str,
    location: str,
    when: str,
    day: datetime,
    what: str = "invitation",
) -> DueItem:
    """A reminder someone else set or wrote: botpsy's words first, theirs quoted as data.

    The summary, the line a notification shows largest, is botpsy's own; the title and
    place follow in quotes they cannot close, with where they came from and a warning
    that the words are not botpsy's, so a planted "call this number" cannot pass for
    botpsy's reminder.
    """
    where = f", at {quoted(location, 120)}" if location else ""
    task = what == "task"
    if whose.kind == "sender":  # an invitation or an assigned task: the sender's title and alarm
        summary = "Someone else's task" if task else "Someone else's invitation"
        source = f"from {quoted(whose.sender, 80)}" if whose.sender else "naming no organiser"
        warning = "Its words and this reminder are the sender's, not botpsy's."
    elif whose.kind == "claimed":  # the user's address as organiser: a claim anyone can write
        summary = "A task in your name" if task else "An invitation in your name"
        source = f"naming your address {quoted(whose.sender, 80)} as its organiser"
        if whose.place and whose.shared:  # where it is kept says who else may have written it
            source += f", on your shared list {quoted(whose.place, 80)}"
        elif whose.shared:
            source += ", on your shared calendar"
        warning = (
            "It came from your calendar server, not from botpsy, and anyone can put your"
            " address in an invitation: its words may be someone else's."
        )
    elif whose.place:  # a list others write
        summary = "A task on a shared list"
        source = f"on your shared list {quoted(whose.place, 80)}"
        warning = "Anyone who writes to that list may have written it."
    else:  # a shared calendar: anyone who writes to it may have written this one
        summary = "A task on your shared calendar" if task else "An event on your shared calendar"
        source = "on your shared calendar"
        warning = "Anyone who writes to that calendar may have written it."
    body = f"{quoted(title, 160)} {source}, {day:%A %-d %B} {when}{where}. {warning}"
    return DueItem(key, at, summary, body, kind=what)
