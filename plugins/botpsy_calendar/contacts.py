"""Contacts: a CardDAV address book mirrored to a folder of vCards (or just a local folder of them).

Other plugins turn "Bob" into an address or a number through `lookup`, offered
as the `contacts` service (`context.service("contacts")`); the `contacts_find`
tool does the same for the model. A name that fits several people raises
`AskUser`, so the assistant asks instead of guessing. Cards are written by
others (shared address books, vCards received): `contacts_find` is
`untrusted_output`, its result reaches the model fenced as data, and names lose
control characters before they are shown.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from assistant.api import (
    AskUser,
    Effect,
    IntentMatch,
    ToolArgumentError,
    ToolError,
    ToolResult,
    one_line,
    tool,
)
from botpsy_calendar.dav import CARDDAV, DavClient, Unreachable
from botpsy_calendar.fence import Fenced
from botpsy_calendar.store import atomic_write

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


@dataclass
class Contact:
    """One person or organisation from a vCard."""

    name: str
    emails: list[str] = field(default_factory=list)
    phones: list[str] = field(default_factory=list)
    nicknames: list[str] = field(default_factory=list)
    organisation: str = ""
    uid: str = ""

    def label(self) -> str:
        """'Bob Smith <bob@smith.example>' (or the phone number when there is no address)."""
        detail = self.emails[0] if self.emails else (self.phones[0] if self.phones else "")
        name = one_line(self.name, 120)
        return f"{name} <{one_line(detail, 120)}>" if detail else name


def parse_vcards(data: str, source: str = "") -> list[Contact]:
    """Every contact in a vCard text; an unreadable card is skipped, never fatal."""
    import vobject

    found = []
    try:
        for card in vobject.readComponents(data):
            name = str(card.fn.value) if hasattr(card, "fn") else ""
            if not name and hasattr(card, "n"):
                n = card.n.value
                name = " ".join(p for p in (n.given, n.additional, n.family) if p).strip()
            contents = card.contents
            found.append(
                Contact(
                    name=name,
                    emails=[str(e.value).strip() for e in contents.get("email", [])],
                    phones=[str(t.value).strip() for t in contents.get("tel", [])],
                    nicknames=[
                        part.strip()
                        for nick in contents.get("nickname", [])
                        for part in str(nick.value).split(",")
                        if part.strip()
                    ],
                    organisation=_org(contents),
                    uid=str(card.uid.value) if hasattr(card, "uid") else source,
                )
            )
    except Exception:  # vobject raises many kinds; a broken card must not hide the others
        return found
    return found


def _org(contents: dict[str, list[object]]) -> str:
    for org in contents.get("org", []):
        value = getattr(org, "value", "")
        return " ".join(value) if isinstance(value, list) else str(value)
    return ""


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def rank(contacts: list[Contact], wanted: str) -> list[Contact]:
    """The contacts a name or address fits, best first; equally good ones are all returned."""
    query = wanted.strip().casefold()
    words = _words(wanted)
    if not words:
        return []
    scored: list[tuple[int, Contact]] = []
    for contact in contacts:
        names = _words(contact.name)
        score = 0
        if any(query == e.casefold() for e in contact.emails):
            score = 100
        elif contact.name.casefold() == query or any(
            query == n.casefold() for n in contact.nicknames
        ):
            score = 90
        elif names and all(w in names for w in words):
            score = 70 if names[0] == words[0] else 60
        elif all(any(n.startswith(w) for n in names) for w in words):
            score = 40
        elif any(query in e.casefold().split("@")[0] for e in contact.emails):
            score = 30
        if score:
            scored.append((score, contact))
    if not scored:
        return []
    best = max(score for score, _ in scored)
    return [c for score, c in scored if score == best]


class ContactBook:
    """An address book mirrored in `folder` (one `.vcf` per card), synced once per process."""

    def __init__(
        self,
        folder: Path,
        collection: str = "",
        connect: Callable[[], DavClient] | None = None,
    ) -> None:
        self.folder = folder
        self.collection = collection
        self._connect = connect
        self._synced_at = 0.0
        self.offline = ""

    def contacts(self) -> list[Contact]:
        """Everyone in the book (synced first when it has a server)."""
        self._refresh()
        found: list[Contact] = []
        if self.folder.is_dir():
            for path in sorted(self.folder.glob("*.vcf")):
                try:
                    found += parse_vcards(path.read_text(encoding="utf-8"), path.stem)
                except (OSError, UnicodeDecodeError):
                    continue
        return found

    def lookup(self, wanted: str) -> list[Contact]:
        """The contacts a name, nickname or address fits best."""
        return rank(self.contacts(), wanted)

    def resolve_address(self, wanted: str, argument: str = "to") -> str:
        """An email address for "Bob" (or the address itself); asks when several people fit."""
        if _EMAIL.match(wanted.strip()):
            return wanted.strip()
        matches = [c for c in self.lookup(wanted) if c.emails]
        if not matches:
            raise ToolArgumentError(
                f"no contact named '{wanted}' has an email address; give the address itself"
            )
        options = [address for c in matches for address in c.emails]
        if len(options) == 1:
            return options[0]
        listed = "; ".join(f"{n}. {address}" for n, address in enumerate(options[:6], 1))
        raise AskUser(f"Which address for '{wanted}'? {listed}", argument, options[:6])

    def _refresh(self) -> None:
        if self._connect is None or not self.collection:
            return
        if time.monotonic() - self._synced_at < 60:
            return
        self._synced_at = time.monotonic()
        try:
            client = self._connect()
            remote = client.etags(self.collection)
            known = {p.stem: p for p in self.folder.glob("*.vcf")} if self.folder.is_dir() else {}
            etags_path = self.folder / ".etags"
            etags = dict(
                line.split("\t", 1)
                for line in (etags_path.read_text().splitlines() if etags_path.exists() else [])
                if "\t" in line
            )
            wanted = [href for href, etag in remote.items() if etags.get(_stem(href)) != etag]
            for href, (etag, data) in client.fetch(self.collection, wanted, CARDDAV).items():
                atomic_write(self.folder / f"{_stem(href)}.vcf", data)
                etags[_stem(href)] = etag or remote.get(href, "")
            present = {_stem(href) for href in remote}
            for stem, path in known.items():
                if stem not in present:
                    path.unlink()
                    etags.pop(stem, None)
            atomic_write(etags_path, "".join(f"{k}\t{v}\n" for k, v in etags.items()).encode())
            self.offline = ""
        except Unreachable as exc:
            self.offline = str(exc)


def _stem(href: str) -> str:
    name = unquote(urlsplit(href).path.rstrip("/").rsplit("/", 1)[-1])
    name = name.removesuffix(".vcf")
    return "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in name)


class ContactTools:
    """The contacts toolbox."""

    def __init__(self, book: ContactBook) -> None:
        self.book = book

    @tool(Effect.READ, untrusted_output=True)
    def contacts_find(self, name: str) -> ToolResult:
        """Look up a contact (person) by name, nickname or email: their email addresses and phone numbers.

        Args:
            name: who to look up, e.g. "Bob" or "Bob Smith"
        """
        if not name.strip():
            raise ToolArgumentError("say who to look up")
        matches = self.book.lookup(name)
        offline = f" (offline: {self.book.offline})" if self.book.offline else ""
        if not matches:
            raise ToolError(f"no contact matches '{name}'{offline}")
        if len(matches) > 1:
            listed = "; ".join(f"{n}. {c.label()}" for n, c in enumerate(matches[:6], 1))
            raise AskUser(
                f"{len(matches)} contacts match '{name}': {listed}. Which one?",
                "name",
                [c.emails[0] if c.emails else c.name for c in matches[:6]],
            )
        contact = matches[0]
        emails = [one_line(e, 200) for e in contact.emails]
        phones = [one_line(p, 60) for p in contact.phones]
        parts = []
        if emails:
            parts.append("email " + ", ".join(emails))
        if phones:
            parts.append("phone " + ", ".join(phones))
        detail = "; ".join(parts) or "no email or phone number"
        data = {
            "name": one_line(contact.name, 200),
            "emails": emails,
            "phones": phones,
            "organisation": one_line(contact.organisation, 200),
        }
        summary = f"{data['name']}: {detail}.{offline}"
        head = f"One contact matches '{one_line(name, 80)}':"
        return Fenced(summary, data, head=head, kind="contact details")


_LOOKUP = [
    re.compile(
        r"^(?:what(?:'s| is) |give me |find |look up |lookup |show me )?(?P<name>[\w .'-]+?)(?:'s|s') "
        r"(?:e-?mail(?: address)?|phone(?: number)?|(?:mobile |cell )?number|contact(?: details| info)?)\??$",
        re.I,
    ),
    re.compile(
        r"^(?:look up|lookup|find|show) (?:the )?contact (?:for |of )?(?P<name>.+?)\??$", re.I
    ),
    re.compile(r"^how (?:do|can) i (?:reach|contact) (?P<name>[\w .'-]+?)\??$", re.I),
]


# A verb before the name: the request acts on a message, it does not ask for an address.
_ACTION = re.compile(
    r"^(?:open|read|check|send|delete|reply|forward|answer|show|get|play|archive)\b", re.I
)


def make_contact_matcher() -> Callable[[str], IntentMatch | None]:
    """ "What's Bob's email?", "look up contact Ana", "how do I reach Bob?" → contacts_find."""

    def match(text: str) -> IntentMatch | None:
        cleaned = " ".join(text.strip().split())
        for pattern in _LOOKUP:
            found = pattern.match(cleaned)
            if found:
                name = re.sub(r"^(my|the)\s+", "", found.group("name").strip(), flags=re.I)
                if _ACTION.match(name):
                    return None  # "open terry's email": a message to read, not an address
                if name and name.lower() not in ("my", "your", "his", "her", "their"):
                    return IntentMatch("contacts_find", {"name": name})
        return None

    return match
