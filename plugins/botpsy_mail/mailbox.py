"""One mail account: folders, search, fetch, flags, moves and appends over IMAP; sending over SMTP.

A message is named `FOLDER/UID` ("INBOX/42"): stable while the folder's
UIDVALIDITY holds, readable in the audit log, and what the tools pass around.
"""

from __future__ import annotations

import imaplib
import re
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from email.message import EmailMessage
from email.utils import parsedate_to_datetime

from assistant.api import ToolArgumentError
from botpsy_mail.message import MailView, parse_message
from botpsy_mail.servers import Endpoint, MailError, imap_session, send

HEADER_BYTES = 64 * 1024  # of a message's header; more is cut
LIST_TEXT_BYTES = 16 * 1024  # of each message's text in a listing (check, search, thread)
READ_BYTES = 4 * 1024 * 1024  # of one message read; a bigger one is cut, and says so
_LIST_LINE = re.compile(rb'^\((?P<flags>[^)]*)\) (?P<sep>"[^"]*"|NIL) (?P<name>.+)$')
_LITERAL = re.compile(rb"BODY\[(?P<part>HEADER|TEXT)\](?:<\d+>)? \{\d+\}$")
_UID = re.compile(r"[1-9][0-9]{0,9}")
_FETCHED_UID = re.compile(rb"\bUID (\d+)")
_INTERNALDATE = re.compile(rb'INTERNALDATE "\s*([^"]+)"')
SINCE_CANDIDATES = 1000  # newest messages of the days a "since <time>" search looks through
_SPECIAL = ("Drafts", "Sent", "Trash", "Archive", "Junk")
_TRASH_NAMES = ("trash", "trash items", "deleted items", "deleted messages")


def checked(value: str, what: str) -> str:
    """`value` unchanged if it may go to the IMAP server: any control character is refused.

    A CR or LF would end the command and start another one the server runs
    ("INBOX\\r\\nA1 DELETE INBOX"); NUL, ESC and the rest have no business there either.
    """
    bad = next((c for c in value if unicodedata.category(c) == "Cc"), None)
    if bad is not None:
        raise ToolArgumentError(
            f"the {what} contains a control character ({bad!r}); nothing was sent to the mail server"
        )
    return value


def _quote(value: str, what: str = "folder name") -> str:
    """An IMAP quoted string; every string argument goes through here."""
    return '"' + checked(value, what).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace").strip()
    if text.startswith('"') and text.endswith('"'):
        text = text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text


def split_id(message: str) -> tuple[str, str]:
    """'INBOX/42' → ('INBOX', '42'); anything else is a clear error."""
    folder, _, uid = checked(message, "message id").strip().rpartition("/")
    if not folder or not _UID.fullmatch(uid):
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
        """The folder a user names ("archive", "Taxes/2026", "\\Trash"), matched without case."""
        name = checked(wanted, "folder name").strip()
        for folder in self.names:
            if folder.lower() == name.lower():
                return folder
        role = self.role(name.lstrip("\\").capitalize())
        if role:
            return role
        raise ToolArgumentError(f"no folder '{name}' (folders: {', '.join(self.names)})")

    def is_trash(self, folder: str) -> bool:
        """Whether a folder is the trash: its special-use role, or a usual trash name."""
        leaf = folder.rsplit("/", 1)[-1].rsplit(".", 1)[-1].lower()
        return folder == self.role("Trash") or leaf in _TRASH_NAMES


@dataclass
class SearchQuery:
    """What to look for: IMAP SEARCH criteria built from plain fields."""

    senders: list[str] = field(default_factory=list)
    subject: str = ""
    text: str = ""
    since: date | None = None  # a datetime: sent at or after that instant (see `Mailbox.search`)
    before: date | None = None
    unread_only: bool = False

    def criteria(self) -> list[str]:
        """IMAP SEARCH keys (strings quoted, dates in IMAP form)."""
        keys: list[str] = []
        if self.unread_only:
            keys.append("UNSEEN")
        if len(self.senders) == 1:
            keys += ["FROM", _quote(self.senders[0], "sender")]
        elif self.senders:
            expression = ["FROM", _quote(self.senders[-1], "sender")]
            for sender in reversed(self.senders[:-1]):
                expression = ["OR", "FROM", _quote(sender, "sender"), *expression]
            keys += expression
        if self.subject:
            keys += ["SUBJECT", _quote(self.subject, "subject")]
        if self.text:
            keys += ["TEXT", _quote(self.text, "search text")]
        if isinstance(self.since, datetime):
            # SENTSINCE compares the day in the Date header, in the sender's zone: a day
            # earlier catches every zone, and the search keeps only what was sent in time.
            keys += ["SENTSINCE", (self.since.date() - timedelta(days=1)).strftime("%d-%b-%Y")]
        elif self.since:
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
        """Matching messages, newest first: headers and the start of their text, never whole messages."""
        criteria = query.criteria()
        with self.session() as connection:
            self._select(connection, folder)
            status, data = connection.uid("SEARCH", "CHARSET", "UTF-8", *criteria)
            if status != "OK":
                status, data = connection.uid("SEARCH", *criteria)
            uids = (data[0] or b"").split() if data else []
            if isinstance(query.since, datetime):  # IMAP knows days only: the time, here
                uids = _sent_since(connection, uids[-SINCE_CANDIDATES:], query.since)
            newest = [u.decode() for u in uids[-limit:]][::-1]
            return [self._fetch(connection, folder, uid, LIST_TEXT_BYTES) for uid in newest]

    def read(self, message: str) -> MailView:
        """One message: its text and attachments, the first READ_BYTES of it at most."""
        folder, uid = split_id(message)
        with self.session() as connection:
            self._select(connection, folder)
            return self._fetch(connection, folder, uid, READ_BYTES)

    def _fetch(self, connection: imaplib.IMAP4, folder: str, uid: str, text_bytes: int) -> MailView:
        """Flags, size, the header and the first `text_bytes` of the text, in one bounded FETCH."""
        status, data = connection.uid(
            "FETCH",
            uid,
            f"(FLAGS RFC822.SIZE BODY.PEEK[HEADER]<0.{HEADER_BYTES}> BODY.PEEK[TEXT]<0.{text_bytes}>)",
        )
        parts: dict[str, bytes] = {}
        meta = b""  # the response outside its literals
        for item in data or []:
            if isinstance(item, tuple):
                meta += item[0] + b" "
                literal = _LITERAL.search(item[0])
                if literal:
                    parts[literal.group("part").decode()] = item[1]
            elif isinstance(item, bytes):
                meta += item + b" "
        if status != "OK" or not meta.strip():
            raise ToolArgumentError(f"there is no message {folder}/{uid} (it may have been moved)")
        size_match = re.search(rb"RFC822\.SIZE (\d+)", meta)
        flags_match = re.search(rb"FLAGS \(([^)]*)\)", meta)
        header, text = parts.get("HEADER", b""), parts.get("TEXT", b"")
        downloaded = len(header) + len(text)
        if not header.endswith(b"\r\n\r\n") and not header.endswith(b"\n\n"):
            header += b"\r\n\r\n"  # cut short: end it, so the text is not read as more header
        view = parse_message(
            header + text, f"{folder}/{uid}", flags_match.group(1).decode() if flags_match else ""
        )
        view.size = int(size_match.group(1)) if size_match else view.size
        if view.size > downloaded:
            view.problems.append(
                f"only the first {_size(downloaded)} of this {_size(view.size)} message were downloaded; "
                "the rest of its text and attachments are not shown"
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

    def move(self, message: str, target: str, deleting: bool = False) -> str:
        """Move a message to a folder; its new id there (when the server tells it).

        Moving to the trash deletes, so only `deleting` (mail_delete, which asks) may.
        """
        folder, uid = split_id(message)
        with self.session() as connection:
            folders = self.folders(connection)
            destination = folders.find(target)
            if folders.is_trash(destination) and not deleting:
                raise ToolArgumentError(
                    f"moving a message to {destination} deletes it: use mail_delete, "
                    "which shows the message and asks first"
                )
            if destination == folder:
                return message
            self._select(connection, folder, readonly=False)
            connection.untagged_responses.pop("COPYUID", None)
            if "MOVE" in connection.capabilities:
                status, _ = connection.uid("MOVE", uid, _quote(destination))
                if status != "OK":
                    raise MailError(f"could not move {message} to {destination}")
                return f"{destination}/{_copyuid(connection)}"
            # No MOVE extension: copy, then delete the original, and only it: a plain EXPUNGE
            # would purge every message flagged \Deleted. Without UIDPLUS (UID EXPUNGE) the
            # original stays in its folder, flagged \Deleted, until the user's client expunges.
            status, _ = connection.uid("COPY", uid, _quote(destination))
            if status != "OK":
                raise MailError(f"could not copy {message} to {destination}")
            new_id = f"{destination}/{_copyuid(connection)}"
            connection.uid("STORE", uid, "+FLAGS", "(\\Deleted)")
            if "UIDPLUS" in connection.capabilities:
                connection.uid("EXPUNGE", uid)
            return new_id

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


def _sent_since(connection: imaplib.IMAP4, uids: list[bytes], since: datetime) -> list[bytes]:
    """Of `uids`, those sent at or after `since` by their Date header (else their arrival), in order.

    A message whose time cannot be read at all is kept: a search never hides mail it
    cannot place.
    """
    if not uids:
        return []
    status, data = connection.uid(
        "FETCH", b",".join(uids).decode(), "(INTERNALDATE BODY.PEEK[HEADER.FIELDS (DATE)])"
    )
    if status != "OK":
        raise MailError("the mail server would not say when the messages were sent")
    sent: dict[bytes, datetime | None] = {}
    for item in data or []:
        meta, header = (item[0], item[1]) if isinstance(item, tuple) else (item, b"")
        if not isinstance(meta, bytes) or not (uid := _FETCHED_UID.search(meta)):
            continue
        sent[uid.group(1)] = _sent_at(header, meta)
    return [u for u in uids if (when := sent.get(u)) is None or when >= since]


def _sent_at(header: bytes, meta: bytes) -> datetime | None:
    """The Date header's instant, else the server's arrival time; None if neither reads."""
    found = re.search(rb"^Date:\s*(.+?)\s*$", header, re.I | re.M)
    if found:
        with suppress(TypeError, ValueError, IndexError):
            value = parsedate_to_datetime(found.group(1).decode("ascii", "replace"))
            return value if value.tzinfo else value.replace(tzinfo=UTC)  # "-0000": UTC
    arrived = _INTERNALDATE.search(meta)
    if arrived:
        with suppress(ValueError):
            return datetime.strptime(arrived.group(1).decode(), "%d-%b-%Y %H:%M:%S %z")
    return None


def _size(size: int) -> str:
    return f"{size / 1048576:.1f} MB" if size >= 1048576 else f"{max(1, size // 1024)} KB"


def _copyuid(connection: imaplib.IMAP4) -> str:
    """The new UID a COPY or MOVE reported (`[COPYUID validity old new]`), or '?'."""
    for code in reversed(connection.untagged_responses.pop("COPYUID", [])):
        parts = code.split() if isinstance(code, bytes) else []
        if len(parts) == 3 and parts[2].isdigit():
            return str(parts[2].decode())
    return "?"
