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
events as possibly others'), `shared_lists` (the task lists others write: a list of
names, or true for all; their tasks ring labelled as possibly others') and `addresses`
(the user's own addresses besides the accounts': an invitation naming one as its
organiser rings as "in your name", never as the user's own). In a dry run (`--dry-run`) the
account is only read: queued changes stay queued.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from assistant.api import Account, DueItem, IntentMatch, Moment, PluginContext, hookimpl
from botpsy_calendar.account import CalendarAccountKind
from botpsy_calendar.contacts import ContactBook, ContactTools
from botpsy_calendar.dav import DavClient, DavError
from botpsy_calendar.intents import make_followups, make_matchers
from botpsy_calendar.items import Event, Task
from botpsy_calendar.lists_shared import tell_shared
from botpsy_calendar.ringing import due_in, list_homes, settings_ownership, signature
from botpsy_calendar.several import make_several_matchers
from botpsy_calendar.store import VdirStore
from botpsy_calendar.sync import CalDavStore, account_root
from botpsy_calendar.task_changes import make_listing_followups, make_task_change_matchers
from botpsy_calendar.task_intents import make_task_matchers
from botpsy_calendar.task_listed import due_of, make_task_listing_followups
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
    # `shared = true`: others read this calendar, so what is written to it reaches them; a
    # list others write (`shared_lists`) is read by them too (the toolbox serves both)
    mine = settings_ownership(frozenset(), context.settings("calendar"))
    calendar.reaches_others = mine.shared or mine.every_list_shared or bool(mine.shared_lists)
    tell_shared(calendar, mine)  # a change to a list others share says so before it runs
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
        # whole words: "i got home" names no to-do "Get homework done" (others write to-dos too)
        wanted = re.compile(rf"(?<!\w){re.escape(words.strip().lower())}(?!\w)")
        return any(wanted.search(task.title.lower()) and not task.done for task in store.tasks())

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
        if first.all_day:
            return Moment(first.start, first.end, True)
        zone = context.clock.zone  # kept in UTC (a server's copy): its hour here, not there
        return Moment(first.start.astimezone(zone), first.end.astimezone(zone), False)

    def events_on(day: date) -> list[Event]:
        start = datetime.combine(day, time(), context.clock.zone)
        return store.between(start, start + timedelta(days=1))

    for name, matcher in make_matchers(context.clock.now, has_event, event_start, events_on):
        register(name, _not_of_files(matcher, _NAMED_FILE))
    for name, moves in make_followups(context.clock.now, has_event, event_start):
        register(name, moves, follows=True)  # "move it to 8" after "when is the book group"

    def open_titles() -> list[str]:
        return [task.title for task in store.tasks() if not task.done]

    for name, matcher in make_task_matchers(context.clock.now, has_task, open_titles):
        register(name, _not_of_files(matcher))
    for name, matcher in make_task_change_matchers(context.clock.now, has_task):
        register(name, _not_of_files(matcher))  # "move my reminder to call jo to friday"
    for name, follows in make_listing_followups(context.clock.now, store.between):
        # "move it to 4pm" after "what's on this week": a listing the user's words asked for
        register(name, follows, follows=True, asked=True)
    tasks_shown = CalendarTools(store, context.clock).shown_tasks

    def listed_tasks(arguments: Mapping[str, Any], at: datetime) -> list[Task]:
        name = arguments.get("list_name")
        return tasks_shown(
            bool(arguments.get("include_done")), str(name) if name else None, due_of(arguments)
        )

    for name, follows in make_task_listing_followups(context.clock.now, listed_tasks):
        register(name, follows, follows=True, asked=True)  # "i've finished the second one" after
        # a to-do list the user's words asked for (never one the model made on its own)
    several, following = make_several_matchers(context.clock.now, has_task, make_task_matchers)
    for name, calls in several:
        register(name, calls, several=True)  # "cross off eggs and milk": a call each
    for name, after in following:
        register(name, after, follows=True)  # "take milk and tea off it"
    open_contacts(context)  # offers the "contacts" service; its intents are in make_matchers


# A request naming a file by its name is the files' ("what's in chores.md", "read agenda.txt"),
# whatever day, list or to-do its words also name.
_NAMED_FILE = re.compile(
    r"\b[\w-]+\.(?:txt|md|markdown|pdf|docx?|odt|ods|csv|tsv|xlsx?|json|toml|ya?ml|ini|log|rtf"
    r"|html?|org)\b",
    re.I,
)
# So is a request that ends by naming a file ("open my packing list file"), for the list and
# to-do matchers (an event may be about a document: "a call about the tax document").
_OF_FILES = re.compile(
    r"\b(?:file|files|document|documents|doc|docs|pdf|spreadsheet|folder)(?:\s+please)?[?.!]*$"
    rf"|{_NAMED_FILE.pattern}",
    re.I,
)


def _not_of_files(
    matcher: Callable[[str], IntentMatch | None], of_files: re.Pattern[str] = _OF_FILES
) -> Callable[[str], IntentMatch | None]:
    """The matcher, stepping aside for a request about a file."""

    def match(text: str) -> IntentMatch | None:
        return None if of_files.search(text) else matcher(text)

    return match


_DUE_CACHE_SPAN = timedelta(hours=6)


@hookimpl
def due_items(context: PluginContext, start: datetime, end: datetime) -> list[DueItem]:
    """Event reminders (VALARM) and open tasks' due times in [start, end), for `botpsy daemon`.

    Read from the local copy only (no sync here: the daemon's `daemon_chores`
    chore syncs the calendar and its lists). A task rings at its due time less its
    reminder; a task due on a day with no reminder does not ring. Titles are text
    others may have written; `assistant.notify` shows them as plain text.

    Only the user's own things ring as the user's reminders, and whose a thing is
    comes from where it is kept (a calendar or list others write: `shared`,
    `shared_lists`), never from what it says of itself: an ORGANIZER naming one of
    the user's addresses is a claim anyone can write (see `botpsy_calendar.ringing`).
    """
    store = open_store(context)
    local = VdirStore(store.folder.parent, store.name, store.zone)
    settings = context.settings("calendar")
    mine = settings_ownership(own_addresses(context), settings)
    lists = list_homes(local, store.account_root if isinstance(store, CalDavStore) else None)
    seen: list[object] = [mine, [(h.name, str(h.store.folder)) for h in lists]]
    seen += signature([local, *(h.store for h in lists)])
    # The daemon asks every few seconds: expand the files for hours ahead once, reuse until they change.
    cached = context.shared.get("calendar.due")
    if not (cached and cached[0] == seen and cached[1] <= start and end <= cached[2]):
        wide = max(end, start + _DUE_CACHE_SPAN)
        cached = context.shared["calendar.due"] = (
            seen,
            start,
            wide,
            due_in(local, start, wide, mine, lists),
        )
    return [item for item in cached[3] if start <= item.at < end]


def own_addresses(context: PluginContext) -> frozenset[str]:
    """The user's own addresses, lower case: every email account's, the calendar account's
    user name when it is an address, and `[plugins.calendar] addresses` (a list or one).
    They say which claim an invitation makes ("in your name"), never that it is the user's."""
    found: set[str] = set()
    try:  # an unreadable accounts file must not stop the reminders
        found.update(str(a.get("address") or "") for a in context.accounts("email"))
        account = calendar_account(context)
        if account is not None:
            found.add(str(account.get("user") or ""))
    except Exception:  # whatever the book raises, the daemon keeps ringing
        found = set()
    listed = context.settings("calendar").get("addresses") or []
    found.update([listed] if isinstance(listed, str) else [str(a) for a in listed])
    return frozenset(a.strip().removeprefix("mailto:").casefold() for a in found if "@" in a)


@hookimpl
def daemon_chores(register: Callable[..., None], context: PluginContext) -> None:
    """Sync the CalDAV account every `[plugins.calendar] sync_minutes` (default 5) in the daemon."""
    store = open_store(context)
    if isinstance(store, CalDavStore):
        minutes = float(context.settings("calendar").get("sync_minutes", 5))
        register("calendar sync", minutes * 60, lambda: _sync_all(store))


def _sync_all(store: CalDavStore) -> None:
    """The calendar, then each task list (their tasks ring too, labelled when others write them)."""
    store.sync()
    failed = []
    for home in store.list_stores().values():
        try:  # one list refused must not keep the others from syncing
            if isinstance(home, CalDavStore):
                home.sync()
        except DavError as exc:
            failed.append(str(exc))
    if failed:
        raise DavError("; ".join(failed[:3]))
