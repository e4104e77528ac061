"""One mail account: folders, search, fetch, flags, moves and appends over IMAP; sending over SMTP.

A message is named `FOLDER/UID` ("INBOX/42"): stable while the folder's
UIDVALIDITY holds, readable in the audit log, and what the tools pass around.
"""

from __future__ import annotations

import imaplib
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from email.message import EmailMessage

from assistant.errors import ToolArgumentError
from botpsy_mail.message import MailView, parse_message
from botpsy_mail.servers import Endpoint, MailError, imap_session, send

MAX_FETCH_BYTES = 25 * 1024 * 1024  # a bigger message is described, not downloaded
_LIST_LINE = re.compile(rb'^\((?P<flags>[^)]*)\) (?P<sep>"[^"]*"|NIL) (?P<name>.+)$')
_SPECIAL = ("Drafts", "Sent", "Trash", "Archive", "Junk")


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace").strip()
    if text.startswith('"') and text.endswith('"'):
        text = text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text


def split_id(message: str) -> tuple[str, str]:
    """'INBOX/42' → ('INBOX', '42'); anything else is a clear error."""
    folder, _, uid = message.strip().rpartition("/")
    if not folder or not uid.isdigit():
        raise ToolArgumentError(f"'{message}' is not a message id (ids look like INBOX/42)")
    return folder, uid


@dataclass
class Folders:
    """The account's folders and which of them plays which role."""

    names: list[str] = field(default_factory=list)
    roles: dict[str, str] = field(default_factory=dict)  # "Drafts" → actual name

    def role(self, name: str) -> str | None:
        """The folder for a role (special-use flag first, then the usual names)."""
        if name in self.roles:
            return self.roles[name]
        for folder in self.names:
            if folder.rsplit("/", 1)[-1].rsplit(".", 1)[-1].lower() in (
                name.lower(),
                f"{name.lower()} items",
            ):
                return folder
        return None

    def find(self, wanted: str) -> str:
        """The folder a user names ("archive", "Taxes/2026"), matched without case."""
        for folder in self.names:
            if folder.lower() == wanted.strip().lower():
                return folder
        role = self.role(wanted.strip().capitalize())
        if role:
            return role
        raise ToolArgumentError(f"no folder '{wanted}' (folders: {', '.join(self.names)})")


@dataclass
class SearchQuery:
    """What to look for: IMAP SEARCH criteria built from plain fields."""

    senders: list[str] = field(default_factory=list)
    subject: str = ""
    text: str = ""
    since: date | None = None
    before: date | None = None
    unread_only: bool = False

    def criteria(self) -> list[str]:
        """IMAP SEARCH keys (strings quoted, dates in IMAP form)."""
        keys: list[str] = []
        if self.unread_only:
            keys.append("UNSEEN")
        if len(self.senders) == 1:
            keys += ["FROM", _quote(self.senders[0])]
        elif self.senders:
            expression = ["FROM", _quote(self.senders[-1])]
            for sender in reversed(self.senders[:-1]):
                expression = ["OR", "FROM", _quote(sender), *expression]
            keys += expression
        if self.subject:
            keys += ["SUBJECT", _quote(self.subject)]
        if self.text:
            keys += ["TEXT", _quote(self.text)]
        if self.since:
            keys += ["SENTSINCE", self.since.strftime("%d-%b-%Y")]
        if self.before:
            keys += ["SENTBEFORE", self.before.strftime("%d-%b-%Y")]
        return keys or ["ALL"]


class Mailbox:
    """An email account's mailbox; each operation opens its own short IMAP session."""

    def __init__(
        self,
        address: str,
        user: str,
        imap: Endpoint,
        smtp: Endpoint,
        password: Callable[[], str],
    ) -> None:
        self.address = address
        self.user = user
        self.imap = imap
        self.smtp = smtp
        self._password = password
        self._folders: Folders | None = None

    @contextmanager
    def session(self) -> Iterator[imaplib.IMAP4]:
        """A logged-in IMAP connection."""
        with imap_session(self.imap, self.user, self._password()) as connection:
            yield connection

    # -- folders -----------------------------------------------------------------------------
    def folders(self, connection: imaplib.IMAP4 | None = None) -> Folders:
        """Every folder and its role (cached for the process)."""
        if self._folders is not None:
            return self._folders
        if connection is None:
            with self.session() as fresh:
                return self.folders(fresh)
        status, lines = connection.list()
        if status != "OK":
            raise MailError("the mail server would not list its folders")
        found = Folders()
        for line in lines:
            if not isinstance(line, bytes):
                continue
            match = _LIST_LINE.match(line)
            if not match:
                continue
            name = _unquote(match.group("name"))
            found.names.append(name)
            for role in _SPECIAL:
                if f"\\{role}".encode().lower() in match.group("flags").lower():
                    found.roles[role] = name
        self._folders = found
        return found

    def _select(self, connection: imaplib.IMAP4, folder: str, readonly: bool = True) -> None:
        status, data = connection.select(_quote(folder), readonly=readonly)
        if status != "OK":
            raise ToolArgumentError(f"cannot open the folder '{folder}': {data[0]!r}")

    # -- reading -----------------------------------------------------------------------------
    def search(self, query: SearchQuery, folder: str = "INBOX", limit: int = 20) -> list[MailView]:
        """Matching messages, newest first (headers and text; bodies are cut for the model)."""
        with self.session() as connection:
            self._select(connection, folder)
            status, data = connection.uid("SEARCH", "CHARSET", "UTF-8", *query.criteria())
            if status != "OK":
                status, data = connection.uid("SEARCH", *query.criteria())
            uids = (data[0] or b"").split() if data else []
            newest = [u.decode() for u in uids[-limit:]][::-1]
            return [self._fetch(connection, folder, uid) for uid in newest]

    def read(self, message: str) -> MailView:
        """One message in full (its text; attachments described)."""
        folder, uid = split_id(message)
        with self.session() as connection:
            self._select(connection, folder)
            return self._fetch(connection, folder, uid)

    def _fetch(self, connection: imaplib.IMAP4, folder: str, uid: str) -> MailView:
        status, data = connection.uid("FETCH", uid, "(FLAGS RFC822.SIZE)")
        meta = b" ".join(part if isinstance(part, bytes) else b"" for part in data or [])
        if status != "OK" or not meta.strip():
            raise ToolArgumentError(f"there is no message {folder}/{uid} (it may have been moved)")
        size_match = re.search(rb"RFC822\.SIZE (\d+)", meta)
        size = int(size_match.group(1)) if size_match else 0
        flags_match = re.search(rb"FLAGS \(([^)]*)\)", meta)
        flags = flags_match.group(1).decode() if flags_match else ""
        part = "BODY.PEEK[]" if size <= MAX_FETCH_BYTES else "BODY.PEEK[HEADER]"
        status, data = connection.uid("FETCH", uid, f"({part})")
        raw = next((item[1] for item in data or [] if isinstance(item, tuple)), b"")
        view = parse_message(raw, f"{folder}/{uid}", flags)
        view.size = size or view.size
        if size > MAX_FETCH_BYTES:
            view.problems.append(f"too large to download ({size // 1048576} MB); headers only")
            view.text = (
                f"[message of {size // 1048576} MB not downloaded; only its headers were read]"
            )
        return view

    # -- changing ----------------------------------------------------------------------------
    def set_flags(self, message: str, read: bool | None, flagged: bool | None) -> None:
        """Mark read or unread, flag or unflag."""
        folder, uid = split_id(message)
        with self.session() as connection:
            self._select(connection, folder, readonly=False)
            for wanted, flag in ((read, "\\Seen"), (flagged, "\\Flagged")):
                if wanted is not None:
                    connection.uid("STORE", uid, "+FLAGS" if wanted else "-FLAGS", f"({flag})")

    def move(self, message: str, target: str) -> str:
        """Move a message to a folder; its new id there (when the server tells it)."""
        folder, uid = split_id(message)
        with self.session() as connection:
            destination = self.folders(connection).find(target)
            if destination == folder:
                return message
            self._select(connection, folder, readonly=False)
            status, data = connection.uid("MOVE", uid, _quote(destination))
            if status != "OK":  # no MOVE extension: copy, then delete the original
                status, data = connection.uid("COPY", uid, _quote(destination))
                if status != "OK":
                    raise MailError(f"could not move {message} to {destination}")
                connection.uid("STORE", uid, "+FLAGS", "(\\Deleted)")
                connection.expunge()
            new_uid = _copyuid(connection, data)
            return f"{destination}/{new_uid}" if new_uid else f"{destination}/?"

    def append(self, folder_role: str, message: EmailMessage, flags: str = "") -> str:
        """Store a message in a folder (Drafts, Sent); its id there."""
        with self.session() as connection:
            folder = self.folders(connection).role(folder_role) or folder_role
            status, data = connection.append(
                _quote(folder),
                f"({flags})" if flags else None,
                imaplib.Time2Internaldate(time.time()),
                message.as_bytes(),
            )
            if status != "OK":
                raise MailError(f"could not save the message in {folder}: {data[0]!r}")
            found = re.search(rb"APPENDUID \d+ (\d+)", data[0] or b"")
            return f"{folder}/{found.group(1).decode()}" if found else f"{folder}/?"

    def send(self, message: EmailMessage) -> dict[str, str]:
        """Send over SMTP; the refused recipients."""
        return send(self.smtp, self.user, self._password(), message)


def _copyuid(connection: imaplib.IMAP4, data: list[object]) -> str:
    texts = [item for item in data or [] if isinstance(item, bytes)]
    untagged = connection.untagged_responses.get("OK", [])
    for text in texts + [t for t in untagged if isinstance(t, bytes)]:
        found = re.search(rb"COPYUID \d+ \S+ (\d+)", text)
        if found:
            return found.group(1).decode()
    return ""
