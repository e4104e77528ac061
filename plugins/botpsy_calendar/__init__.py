"""botpsy's calendar plugin: events and tasks on a CalDAV account or in a local vdir, and local intents.

Registered through the `botpsy` entry-point group, exactly as a third-party
plugin is. With a `calendar` account (`botpsy account add calendar`) the tools
work on its default calendar, mirrored locally so reads work offline and writes
are queued; without one, on a local vdir. Settings (`[plugins.calendar]`):
`account` (which calendar account, default the first), `path` (the local vdir
root, default `<data dir>/calendars`), `calendar` (its collection, default
`personal`) and `shared` (true when other people read that calendar: then what
is written to it reaches them, and after untrusted text entered a conversation
the policy judges its writes as egress, not as local changes; `botpsy daemon` rings its
events as possibly others') and `addresses` (the user's own addresses besides the
accounts': an event they organise rings as theirs). In a dry run (`--dry-run`) the
account is only read: queued changes stay queued.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from pathlib import Path
from urllib.parse import unquote, urlsplit

from assistant.api import Account, DueItem, Moment, PluginContext, hookimpl, one_line, quoted
from botpsy_calendar.account import CalendarAccountKind
from botpsy_calendar.contacts import ContactBook, ContactTools
from botpsy_calendar.dav import DavClient
from botpsy_calendar.intents import make_followups, make_matchers
from botpsy_calendar.items import Event
from botpsy_calendar.several import make_several_matchers
from botpsy_calendar.store import VdirStore
from botpsy_calendar.sync import CalDavStore, account_root
from botpsy_calendar.task_changes import make_task_change_matchers
from botpsy_calendar.task_intents import make_task_matchers
from botpsy_calendar.tools import CalendarTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for


def calendar_account(context: PluginContext) -> Account | None:
    """The calendar account to use: `[plugins.calendar] account`, else the first one."""
    return context.account("calendar", "calendar")


def connector(context: PluginContext, account: Account) -> Callable[[], DavClient]:
    """Makes the account's connection when first needed (the password is read only then)."""

    def connect() -> DavClient:
        return DavClient(
            account.get("url"),
            account.get("user"),
            context.password(account),
            auth_type=account.get("auth_type"),
        )

    return connect


def open_store(context: PluginContext) -> VdirStore:
    """The account's synced calendar, or the local one; one per process, shared by the hooks."""
    store = context.shared.get("calendar.store")
    if store is None:
        store = context.shared["calendar.store"] = _make_store(context)
    return store


def _make_store(context: PluginContext) -> VdirStore:
    account = calendar_account(context)
    if account is not None and account.get("calendar"):
        collection = account.get("calendar")
        folder = unquote(urlsplit(collection).path.rstrip("/").rsplit("/", 1)[-1]) or "calendar"
        return CalDavStore(
            account_root(context.data_dir, account.name),
            folder,
            context.clock.zone,
            collection,
            connector(context, account),
            dry_run=context.dry_run,
        )
    settings = context.settings("calendar")
    root = Path(settings.get("path") or context.data_dir / "calendars").expanduser()
    return VdirStore(root, str(settings.get("calendar", "personal")), context.clock.zone)


def open_contacts(context: PluginContext) -> ContactBook:
    """The account's address book (mirrored), or the local folder `<data dir>/contacts`."""
    book = context.shared.get("calendar.contacts")
    if book is None:
        account = calendar_account(context)
        if account is not None and account.get("addressbook"):
            folder = account_root(context.data_dir, account.name) / "contacts"
            book = ContactBook(
                folder,
                account.get("addressbook"),
                connector(context, account),
                dry_run=context.dry_run,
            )
        else:
            book = ContactBook(context.data_dir / "contacts")
        context.shared["calendar.contacts"] = book
        context.provide("contacts", book)
    return book


def _flag(value: object) -> bool:
    """A setting's yes or no: `shared = true` (a string "true" too, as an environment gives)."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "yes", "1", "on")
    return bool(value)


@hookimpl
def register_account_kinds(register: Callable[..., None]) -> None:
    """`botpsy account add calendar`."""
    register(CalendarAccountKind())


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The calendar, task and contacts toolboxes."""
    calendar = CalendarTools(open_store(context), context.clock)
    # `shared = true`: others read this calendar, so what is written to it reaches them
    calendar.reaches_others = _flag(context.settings("calendar").get("shared", False))
    register(calendar)
    register(ContactTools(open_contacts(context)))


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """Add, cancel and list events without the model."""
    store = open_store(context)

    def has_event(words: str) -> bool:
        wanted = words.lower()
        return any(wanted in event.title.lower() for event in store.events())

    def has_task(words: str) -> bool:
        wanted = words.lower()
        return any(wanted in task.title.lower() and not task.done for task in store.tasks())

    def event_start(words: str) -> Moment | None:
        """When the one event these words name next happens (a move keeps its day or time)."""
        wanted, now = words.lower(), context.clock.now()
        upcoming = [
            e for e in store.between(now, now + timedelta(days=366)) if wanted in e.title.lower()
        ]
        found = upcoming or [e for e in store.events() if wanted in e.title.lower()]
        if len({e.uid for e in found}) != 1:
            return None
        first = min(found, key=lambda e: e.start)
        return Moment(first.start, first.end, first.all_day)

    for name, matcher in make_matchers(context.clock.now, has_event, event_start):
        register(name, matcher)
    for name, moves in make_followups(context.clock.now, has_event, event_start):
        register(name, moves, follows=True)  # "move it to 8" after "when is the book group"
    for name, matcher in make_task_matchers(context.clock.now, has_task):
        register(name, matcher)
    for name, matcher in make_task_change_matchers(context.clock.now, has_task):
        register(name, matcher)  # "move my reminder to call jo to friday"
    several, following = make_several_matchers(context.clock.now, has_task, make_task_matchers)
    for name, calls in several:
        register(name, calls, several=True)  # "cross off eggs and milk": a call each
    for name, follows in following:
        register(name, follows, follows=True)  # "take milk and tea off it"
    open_contacts(context)  # offers the "contacts" service; its intents are in make_matchers


# The longest reminder the tools set (four weeks): how far ahead of a window events are read.
_LONGEST_REMINDER = timedelta(minutes=40320)
_DUE_CACHE_SPAN = timedelta(hours=6)


@hookimpl
def due_items(context: PluginContext, start: datetime, end: datetime) -> list[DueItem]:
    """Event reminders (VALARM) and open tasks' due times in [start, end), for `botpsy daemon`.

    Read from the local copy only (no sync here: the daemon's `daemon_chores`
    chore syncs). A task rings at its due time less its reminder; a task due on
    a day with no reminder does not ring. Titles are text others may have
    written; `assistant.notify` shows them as plain text.

    Only the user's own things ring as the user's reminders: an event or task with
    no ORGANIZER (made by botpsy or another client of the user's) or organised from
    one of the user's addresses (`own_addresses`), on a calendar nobody else writes.
    An invitation carries its sender's VALARM and title: rung as the user's, it would
    be the sender's pop-up at the sender's hour ("Your bank session expired, call
    ..."). It rings as "Someone else's invitation", its title quoted as data and its
    sender named; an event of a `shared = true` calendar, which others may have
    written, rings as "An event on your shared calendar", its title quoted too.
    """
    store = open_store(context)
    local = VdirStore(store.folder.parent, store.name, store.zone)
    files = sorted(local.folder.glob("*.ics")) if local.folder.is_dir() else []
    mine = Ownership(own_addresses(context), _flag(context.settings("calendar").get("shared")))
    signature: list[object] = [mine]
    for file in files:
        with contextlib.suppress(OSError):  # removed meanwhile: the next look sees it gone
            stat = file.stat()
            signature.append((file.name, stat.st_mtime_ns, stat.st_size))
    # The daemon asks every few seconds: expand the files for hours ahead once, reuse until they change.
    cached = context.shared.get("calendar.due")
    if not (cached and cached[0] == signature and cached[1] <= start and end <= cached[2]):
        wide = max(end, start + _DUE_CACHE_SPAN)
        cached = context.shared["calendar.due"] = (
            signature,
            start,
            wide,
            _due_in(local, start, wide, mine),
        )
    return [item for item in cached[3] if start <= item.at < end]


def own_addresses(context: PluginContext) -> frozenset[str]:
    """The user's own addresses, lower case: every email account's, the calendar account's
    user name when it is an address, and `[plugins.calendar] addresses` (a list or one)."""
    found: set[str] = set()
    try:  # an unreadable accounts file must not stop the reminders: no address is then "own"
        found.update(str(a.get("address") or "") for a in context.accounts("email"))
        account = calendar_account(context)
        if account is not None:
            found.add(str(account.get("user") or ""))
    except Exception:  # whatever the book raises, the daemon keeps ringing
        found = set()
    listed = context.settings("calendar").get("addresses") or []
    found.update([listed] if isinstance(listed, str) else [str(a) for a in listed])
    return frozenset(a.strip().removeprefix("mailto:").casefold() for a in found if "@" in a)


@dataclass(frozen=True)
class Ownership:
    """Whose reminders ring as the user's: what the user's addresses are, and whether
    others write to the calendar (`shared`)."""

    addresses: frozenset[str]
    shared: bool = False

    def sender(self, organizer: str) -> str | None:
        """None when the user's own; else who wrote it ("" when a sharer, unnamed)."""
        if organizer and organizer not in self.addresses:
            return organizer
        return "" if self.shared else None


def _due_in(
    local: VdirStore, start: datetime, end: datetime, mine: Ownership | None = None
) -> list[DueItem]:
    """Event reminders and task due times in [start, end), read from the files."""
    mine = mine or Ownership(frozenset())
    found: list[DueItem] = []
    theirs: list[tuple[str, DueItem]] = []  # (uid, item): capped a day each, below
    for event in _events(local, start, end + _LONGEST_REMINDER):
        if event.reminder_minutes is None:
            continue
        at = event.start - timedelta(minutes=event.reminder_minutes)
        if start <= at < end:
            key = f"calendar:event:{event.uid}:{event.start.isoformat()}:{event.reminder_minutes}"
            begins = event.start.astimezone(local.zone)  # a phone may have written it in UTC
            when = "all day" if event.all_day else f"at {begins:%H:%M}"
            sender = mine.sender(event.organizer)
            if sender is not None:
                item = _theirs(key, at, sender, event.title, event.location, when, begins)
                theirs.append((event.uid, item))
                continue
            where = f", {one_line(event.location)}" if event.location else ""
            body = f"{begins:%A %-d %B} {when}{where}"
            # one line, no ESC: the daemon logs and `daemon status` prints titles to a terminal
            title = one_line(event.title) or "Event"
            found.append(DueItem(key, at, title, body, kind="reminder"))
    for task in local.tasks():
        if task.done or task.due is None or (task.due_all_day and task.reminder_minutes is None):
            continue
        at = task.due - timedelta(minutes=task.reminder_minutes or 0)
        if start <= at < end:
            due = task.due.astimezone(local.zone)
            body = "" if task.due_all_day else f"Due at {due:%H:%M}"
            key = f"calendar:task:{task.uid}:{at.isoformat()}"
            sender = mine.sender(task.organizer)
            if sender is not None:
                when = "all day" if task.due_all_day else f"due at {due:%H:%M}"
                theirs.append(
                    (task.uid, _theirs(key, at, sender, task.title, "", when, due, "task"))
                )
                continue
            found.append(DueItem(key, at, one_line(task.title) or "Task", body, kind="task"))
    return sorted([*found, *_few_a_day(theirs, local.zone)], key=lambda i: (i.at, i.key))


# Occurrences of one object the daemon reads ahead: each object has its own room, so an
# invitation repeating every minute cannot crowd the user's own reminders out of a listing.
_SERIES_ROOM = 500
# Rings a day of one thing someone else wrote: a daily meeting rings, a minutely one does not flood.
_THEIRS_PER_DAY = 3


def _events(local: VdirStore, start: datetime, end: datetime) -> list[Event]:
    """Every object's events and occurrences in [start, end), each object read on its own.

    `VdirStore.between` caps a listing as a whole, first files first: four invitations
    repeating every minute (named to sort first) would fill it and silence every
    reminder of the user's after them. Here each object gets `_SERIES_ROOM`.
    """
    found: list[Event] = []
    for calendar in local.objects().values():
        with contextlib.suppress(Exception):  # a malformed object must not hide the rest
            found += local._occurrences(calendar, start, end, _SERIES_ROOM)
    return sorted(found, key=lambda e: e.start)


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
    sender: str,
    title: str,
    location: str,
    when: str,
    day: datetime,
    what: str = "invitation",
) -> DueItem:
    """A reminder someone else set or wrote: botpsy's words first, theirs quoted as data.

    The summary, the line a notification shows largest, is botpsy's own; the title and
    place follow in quotes they cannot close, with who sent them and a warning that the
    words are theirs, so a planted "call this number" cannot pass for botpsy's reminder.
    """
    where = f", at {quoted(location, 120)}" if location else ""
    if sender:  # an invitation or an assigned task: the sender's title, the sender's alarm
        summary = "Someone else's invitation" if what == "invitation" else "Someone else's task"
        whose = f"from {quoted(sender, 80)}"
        warning = "Its words and this reminder are the sender's, not botpsy's."
    else:  # a shared calendar: anyone who writes to it may have written this one
        summary = (
            "A task on your shared calendar"
            if what == "task"
            else "An event on your shared calendar"
        )
        whose = "on your shared calendar"
        warning = "Anyone who writes to that calendar may have written it."
    body = f"{quoted(title, 160)} {whose}, {day:%A %-d %B} {when}{where}. {warning}"
    return DueItem(key, at, summary, body, kind=what)


@hookimpl
def daemon_chores(register: Callable[..., None], context: PluginContext) -> None:
    """Sync the CalDAV account every `[plugins.calendar] sync_minutes` (default 5) in the daemon."""
    store = open_store(context)
    if isinstance(store, CalDavStore):
        minutes = float(context.settings("calendar").get("sync_minutes", 5))
        register("calendar sync", minutes * 60, store.sync)
