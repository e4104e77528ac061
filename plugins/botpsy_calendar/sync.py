"""A CalDAV calendar kept in a local vdir: reads work offline, writes are queued, nothing is lost.

Every change is written locally first and queued in an outbox with the ETag it
was based on, then sent with `If-Match` (or `If-None-Match: *` for a new
object). A server that is down leaves the change queued; the reply says so and
the next sync sends it. A server that answers 412 (someone else changed the
object meanwhile) is never overwritten: the server's version is kept and the
user's is saved beside it in `conflicts/`, with a message naming both.

A delete, too, is only ever sent with the ETag it was based on: when that is
not known (say after a 412), nothing is deleted on the server and the reply
says so.

Before the first read in a process the store syncs: queued changes go out,
then changed objects come in (one PROPFIND of ETags, one multiget of what
differs), objects deleted on the server go away locally. In a dry run
(`--dry-run`) nothing is sent: the store only reads from the server.

The account's task lists are its other calendar collections that hold only
VTODO; each is mirrored in `lists/<name>/` with its own sync state, and
`lists.json` remembers them for reading offline. Creating, renaming and deleting
a list happens on the server first (MKCALENDAR, PROPPATCH, DELETE): a server that
is down or refuses changes nothing here and says so in one line.
"""

from __future__ import annotations

import fcntl
import json
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from icalendar import Calendar

from assistant.api import ToolError, one_line
from botpsy_calendar.dav import Collection, Conflict, DavClient, DavError, Unreachable
from botpsy_calendar.store import VdirStore, atomic_write, folder_name

REFRESH_SECONDS = 60.0  # a long-running app re-reads the server at most this often


@dataclass
class SyncState:
    """What botpsy knows of the server: each object's href and ETag, and the changes not yet sent."""

    items: dict[str, dict[str, str]] = field(default_factory=dict)  # uid → {"href", "etag"}
    outbox: list[dict[str, Any]] = field(default_factory=list)  # {"op", "uid", "base"}
    last_sync: str = ""

    @classmethod
    def load(cls, path: Path) -> SyncState:
        """The saved state (empty when there is none yet)."""
        if not path.exists():
            return cls()
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls(raw.get("items", {}), raw.get("outbox", []), raw.get("last_sync", ""))

    def save(self, path: Path) -> None:
        """Write atomically: the outbox is the only copy of a queued change's intent."""
        data = {"items": self.items, "outbox": self.outbox, "last_sync": self.last_sync}
        atomic_write(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))

    def queue(self, op: str, uid: str, title: str = "") -> None:
        """Queue a put or delete; repeated changes to one object collapse, keeping the first base ETag."""
        base = self.items.get(uid, {}).get("etag")
        for entry in self.outbox:
            if entry["uid"] == uid:
                if op == "delete" and entry["op"] == "put" and entry.get("base") is None:
                    self.outbox.remove(entry)  # created and deleted offline: nothing to send
                else:
                    entry["op"] = op
                    entry["title"] = title or entry.get("title", "")
                return
        self.outbox.append({"op": op, "uid": uid, "base": base, "title": title})

    def pending(self) -> int:
        """How many changes wait for the server."""
        return len(self.outbox)


class CalDavStore(VdirStore):
    """The default calendar of a CalDAV account, mirrored in `<root>/<calendar>`."""

    def __init__(
        self,
        root: Path,
        calendar: str,
        zone: tzinfo,
        collection_url: str,
        connect: Callable[[], DavClient],
        dry_run: bool = False,
    ) -> None:
        super().__init__(root, calendar, zone)
        self.dry_run = dry_run  # read from the server, never write to it
        self.collection = collection_url if collection_url.endswith("/") else collection_url + "/"
        self._connect = connect
        self._client: DavClient | None = None
        self.state_path = root / "sync-state.json"
        self.conflicts_dir = root / "conflicts"
        self.offline = ""  # why the last sync could not reach the server
        self._synced_at = 0.0
        self._notices: list[str] = []
        self.account_root = root
        self._lists_at = -REFRESH_SECONDS  # when the lists were last read from the server

    @property
    def client(self) -> DavClient:
        """The connection, made (and the password read) on first use."""
        if self._client is None:
            self._client = self._connect()
        return self._client

    # -- the store interface -----------------------------------------------------------------
    def refresh(self) -> None:
        """Sync before a read, once a minute at most; offline is fine, other failures are not."""
        if time.monotonic() - self._synced_at < REFRESH_SECONDS:
            return
        self.sync()

    def write(self, uid: str, calendar: Calendar) -> str:
        """Save locally, queue, and try to send now."""
        with self._locked() as state:
            self.store_locally(uid, bytes(calendar.to_ical()))
            state.queue("put", uid)
            state.save(self.state_path)
        return self._send_now()

    def remove(self, uid: str) -> str:
        """Delete locally, queue, and try to send now."""
        with self._locked() as state:
            title = _title(self.path_of(uid))
            self.remove_locally(uid)
            state.queue("delete", uid, title)
            state.save(self.state_path)
        return self._send_now()

    def take_notices(self) -> list[str]:
        """Things the user should hear once: queued changes sent, conflicts, working offline."""
        notices, self._notices = self._notices, []
        for home in self._subs.values():  # the lists' news; being offline is said once
            said = home.take_notices()
            notices += [n for n in said if not (n.startswith("Offline:") and self.offline)]
        return notices

    # -- lists -------------------------------------------------------------------------------
    def list_stores(self) -> dict[str, VdirStore]:
        """The account's task lists (collections of VTODO only), each mirrored and synced."""
        found: dict[str, VdirStore] = {}
        for url, entry in sorted(self._list_index().items(), key=lambda i: i[1]["name"].casefold()):
            if entry["name"].casefold() in {n.casefold() for n in found}:
                continue
            if url not in self._subs:
                self._subs[url] = CalDavStore(
                    self.account_root / "lists" / entry["slug"],
                    entry["slug"],
                    self.zone,
                    url,
                    lambda: self.client,
                    dry_run=self.dry_run,
                )
            found[entry["name"]] = self._subs[url]
        return found

    def list_failed(self, home: VdirStore | None = None) -> None:
        """A list could not be read (deleted elsewhere, say): ask the server for the lists again."""
        self._lists_at = -REFRESH_SECONDS

    def _list_index(self) -> dict[str, dict[str, str]]:
        """URL → {"name", "slug"} of each list: from the server once a minute, else as last seen."""
        path = self.account_root / "lists.json"
        index: dict[str, dict[str, str]] = {}
        try:
            if path.exists():
                index = dict(json.loads(path.read_text(encoding="utf-8")))
                index = {u: e for u, e in index.items() if {"name", "slug"} <= set(e)}
        except (OSError, ValueError, TypeError):  # unreadable: the server's answer rebuilds it
            self._lists_at = -REFRESH_SECONDS
        if self.offline or time.monotonic() - self._lists_at < REFRESH_SECONDS:
            return index
        self._lists_at = time.monotonic()
        try:
            collections = self.client.calendars()
        except DavError as exc:  # offline or refused: the lists known last time, said once
            self._notices.append(f"Lists not refreshed: {exc}.")
            return index
        mine = self.collection.rstrip("/")
        fresh: dict[str, dict[str, str]] = {}
        for found in collections:
            if found.url.rstrip("/") == mine or not _holds_only_todos(found):
                continue
            known = index.get(found.url, {})
            slug = known.get("slug") or _unused(found.url, index, fresh)
            fresh[found.url] = {"name": " ".join(found.name.split())[:80] or slug, "slug": slug}
        if fresh != index:
            self._save_index(fresh)
        return fresh

    def _save_index(self, index: dict[str, dict[str, str]]) -> None:
        atomic_write(
            self.account_root / "lists.json", (json.dumps(index, indent=1) + "\n").encode()
        )

    def make_list(self, name: str) -> str:
        """MKCALENDAR a collection of VTODO on the server, then mirror it; nothing on failure."""
        if self.dry_run:
            raise ToolError("a dry run sends nothing: the list was not created")
        index = self._list_index()
        home = self.client.calendar_home()
        home = home if home.endswith("/") else home + "/"
        slug = folder_name(name)
        taken = {urlsplit_path(url) for url in index} | {urlsplit_path(self.collection)}
        if urlsplit_path(home + slug + "/") in taken:
            slug = f"{slug}-{uuid.uuid4().hex[:6]}"
        url = home + quote(slug) + "/"
        self.client.make_calendar(url, name)
        index[url] = {"name": name, "slug": _unused(url, index, {})}
        self._save_index(index)
        return ""

    def rename_collection(self, home: VdirStore, new: str) -> str:
        """PROPPATCH the list's display name on the server, then here."""
        if self.dry_run:
            raise ToolError("a dry run sends nothing: the list was not renamed")
        assert isinstance(home, CalDavStore)
        self.client.rename_collection(home.collection, new)
        index = self._list_index()
        if home.collection in index:
            index[home.collection]["name"] = new
            self._save_index(index)
        return ""

    def drop_collection(self, home: VdirStore) -> str:
        """DELETE the list's collection on the server, then keep the mirror in the history."""
        if self.dry_run:
            raise ToolError("a dry run sends nothing: the list was not deleted")
        assert isinstance(home, CalDavStore)
        self.client.delete_collection(home.collection)
        index = self._list_index()
        index.pop(home.collection, None)
        self._save_index(index)
        self._subs.pop(home.collection, None)
        if home.account_root.is_dir():
            self.keep_folder(home.account_root)
        return ""

    # -- syncing -----------------------------------------------------------------------------
    def sync(self) -> None:
        """Send queued changes, then bring in the server's; being offline is noted, not raised."""
        self._synced_at = time.monotonic()
        try:
            with self._locked() as state:
                queued = 0 if self.dry_run else state.pending()
                if not self.dry_run:
                    self._push(state)
                if queued:
                    self._notices.append(
                        f"Sent {queued} change{'s' if queued > 1 else ''} made while the server "
                        "was unreachable."
                    )
                self._pull(state)
                state.last_sync = datetime.now(UTC).isoformat(timespec="seconds")
                state.save(self.state_path)
            self.offline = ""
        except Unreachable as exc:
            self.offline = str(exc)
            state = SyncState.load(self.state_path)
            since = f" (last synced {state.last_sync})" if state.last_sync else ""
            waiting = state.pending()
            queue_note = (
                f"; {waiting} change{'s' if waiting > 1 else ''} wait to be sent" if waiting else ""
            )
            self._notices.append(
                f"Offline: {exc}; showing the copy on this machine{since}{queue_note}."
            )

    def _send_now(self) -> str:
        if self.dry_run:
            return "Dry run: saved on this machine only, not sent to the server."
        try:
            with self._locked() as state:
                before = len(self._notices)
                self._push(state)
                state.save(self.state_path)
                return " ".join(self._take_from(before))
        except Unreachable as exc:
            self.offline = str(exc)
            return f"Saved on this machine only: {exc}. It will be sent to the server at the next sync."

    def _take_from(self, index: int) -> list[str]:
        taken = self._notices[index:]
        del self._notices[index:]
        return taken

    def _href(self, state: SyncState, uid: str) -> str:
        known = state.items.get(uid, {}).get("href")
        if known:
            return known
        return self.collection + quote(self.path_for(uid).name)

    def _push(self, state: SyncState) -> None:
        """Send the outbox in order; stop (keeping the rest) when the server is unreachable."""
        while state.outbox:
            entry = state.outbox[0]
            uid, base = entry["uid"], entry.get("base")
            href = self._href(state, uid)
            try:
                if entry["op"] == "put":
                    path = self.path_of(uid)
                    if path.exists():
                        etag = self.client.put(href, path.read_bytes(), base)
                        state.items[uid] = {"href": href, "etag": etag}
                        if not etag:  # the server did not say: learn it at the next read
                            self._synced_at = 0.0
                else:
                    if base is not None or uid in state.items:
                        self.client.delete(href, base or "")  # no ETag known: a Conflict
                    state.items.pop(uid, None)
            except Conflict:
                self._keep_conflict(state, entry)
            state.outbox.pop(0)
            state.save(self.state_path)

    def _keep_conflict(self, state: SyncState, entry: dict[str, Any]) -> None:
        uid = entry["uid"]
        path = self.path_of(uid)
        if entry["op"] == "put" and path.exists():
            title = _title(path) or _quotable(uid)
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
            saved = self.conflicts_dir / f"{path.stem}.{stamp}.ics"
            atomic_write(saved, path.read_bytes())
            self._notices.append(
                f'Conflict: "{title}" was changed on the server by someone else since botpsy read '
                f"it, so your change was not sent. The server's version is kept; yours is saved in {saved}."
            )
        else:
            title = entry.get("title") or _quotable(uid)
            self._notices.append(
                f'Conflict: "{title}" was changed on the server by someone else since botpsy read '
                "it, so it was not deleted there. The server's version is kept."
            )
        state.items.setdefault(uid, {"href": self._href(state, uid), "etag": ""})["etag"] = ""
        self._synced_at = 0.0  # the next read brings the server's version back here

    def _pull(self, state: SyncState) -> None:
        """Bring in what changed on the server; remove what was deleted there."""
        remote = self.client.etags(self.collection)
        by_href = {item["href"]: uid for uid, item in state.items.items()}
        waiting = {entry["uid"] for entry in state.outbox}
        wanted = [
            href
            for href, etag in remote.items()
            if by_href.get(href) not in waiting
            and (href not in by_href or state.items[by_href[href]].get("etag") != etag)
        ]
        for href, (etag, data) in self.client.fetch(self.collection, wanted).items():
            try:
                calendar = Calendar.from_ical(data)
                uid = next(str(c["uid"]) for c in calendar.subcomponents if "uid" in c)
            except (ValueError, StopIteration, KeyError) as exc:
                self.problems.append(f"{href}: {exc}")
                continue
            self.store_locally(uid, data)
            state.items[uid] = {"href": href, "etag": etag or remote.get(href, "")}
        for uid, item in list(state.items.items()):
            if item["href"] not in remote and uid not in waiting:
                self.remove_locally(uid)
                del state.items[uid]

    @contextmanager
    def _locked(self) -> Iterator[SyncState]:
        """The sync state, under a file lock so two botpsy processes never interleave a sync."""
        self.state_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.state_path.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield SyncState.load(self.state_path)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _holds_only_todos(found: Collection) -> bool:
    """A task list: a collection that holds to-dos and no events."""
    return "VTODO" in found.components and "VEVENT" not in found.components


def urlsplit_path(url: str) -> str:
    """A collection URL's path without its last slash, to compare two URLs of one collection."""
    return unquote(urlsplit(url).path).rstrip("/")


def _unused(url: str, *indexes: dict[str, dict[str, str]]) -> str:
    """A mirror folder name for a list collection that no other list uses."""
    slug = folder_name(unquote(urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]))
    taken = {entry["slug"] for index in indexes for u, entry in index.items() if u != url}
    return slug if slug not in taken else f"{slug}-{uuid.uuid4().hex[:6]}"


def _quotable(text: str) -> str:
    """Others' text to put between quotes in a note: one line, short, no quotes of its own."""
    return one_line(text, 80).replace('"', "'")


def _title(path: Path) -> str:
    """The title of the object in a file, quotable ("" when there is none)."""
    try:
        calendar = Calendar.from_ical(path.read_bytes())
        return _quotable(str(next(c["summary"] for c in calendar.subcomponents if "summary" in c)))
    except (OSError, ValueError, StopIteration):
        return ""


def account_root(data_dir: Path, account: str) -> Path:
    """Where an account's mirror, sync state and conflicts live."""
    return data_dir / "calendar" / "accounts" / account


def pending_changes(root: Path) -> int:
    """Queued changes of an account, for `botpsy account list` and status lines."""
    path = root / "sync-state.json"
    return SyncState.load(path).pending() if path.exists() else 0
