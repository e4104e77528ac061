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

import fcntl
import re
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urljoin, urlsplit

from assistant.api import (
    AskUser,
    Effect,
    IntentMatch,
    ToolArgumentError,
    ToolError,
    ToolResult,
    one_line,
    quoted,
    tool,
)
from botpsy_calendar.dav import CARDDAV, Conflict, DavClient, DavError, Unreachable
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
    stem: str = ""  # the .vcf file it was read from, without the suffix

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
        dry_run: bool = False,
    ) -> None:
        self.folder = folder
        self.collection = (
            collection if not collection or collection.endswith("/") else collection + "/"
        )
        self._connect = connect
        self._connection: DavClient | None = None
        self.dry_run = dry_run  # read from the server, never write to it
        self._synced_at = 0.0
        self.offline = ""
        self.notices: list[str] = []  # what a sync did that the next reply should mention

    def contacts(self) -> list[Contact]:
        """Everyone in the book (synced first when it has a server)."""
        self._refresh()
        found: list[Contact] = []
        if self.folder.is_dir():
            for path in sorted(self.folder.glob("*.vcf")):
                try:
                    cards = parse_vcards(path.read_text(encoding="utf-8"), path.stem)
                except (OSError, UnicodeDecodeError):
                    continue
                for card in cards:
                    card.stem = path.stem
                found += cards
        return found

    def lookup(self, wanted: str) -> list[Contact]:
        """The contacts a name, nickname or address fits best."""
        return rank(self.contacts(), wanted)

    def resolve_address(self, wanted: str, argument: str = "to") -> str:
        """An email address for "Bob" (or the address itself); asks when several people fit."""
        if _EMAIL.match(wanted.strip()):
            return wanted.strip()
        said = [w.strip(".,;:!?()<>'\"") for w in wanted.split()]
        addresses = [w for w in said if _EMAIL.match(w)]
        if len(addresses) == 1:  # "it's jo@example.org", "send it to jo@example.org please"
            return addresses[0]
        matches = [c for c in self.lookup(wanted) if c.emails]
        if not matches:
            # "email the landlord ...": ask for the address, and the answer completes the mail
            # (an answer that is no address and no contact is asked again; "never mind" drops it)
            raise AskUser(
                f"No contact named '{one_line(wanted, 80)}' has an email address. "
                "What is the address?",
                argument,
            )
        pairs = [(c, address) for c in matches for address in c.emails]
        if len(pairs) == 1:
            return pairs[0][1]
        # Each choice named by its person, so "keller" or "the work one" picks as well as "2" does.
        # names (and addresses) on a synced card are others' words: a name may not fake a
        # numbered entry ('Bob <bob@x>; 2. Bob'), so it is quoted and addresses lose ; < > "
        shown = [
            (address, quoted(c.name, 80), re.sub(r'[;<>"]', " ", one_line(address, 200)))
            for c, address in pairs[:6]
        ]
        listed = "; ".join(f"{n}. {name} <{text}>" for n, (_, name, text) in enumerate(shown, 1))
        raise AskUser(
            f"Which address for '{one_line(wanted, 80)}'? {listed}",
            argument,
            [address for address, _, _ in shown],
            [f"{name} {text.replace('@', ' ').replace('.', ' ')}" for _, name, text in shown],
        )

    # -- writing ---------------------------------------------------------------------------------
    def add(self, name: str, email: str | None, phone: str | None) -> tuple[str, str]:
        """Save a new card, or new details on the one card with exactly this name.

        Returns what was done (botpsy's words and the name as stored) and a note about the
        server ("" when it has the change). The card is written here first and queued, so a
        server that is down loses nothing: the next sync sends it.
        """
        with self._locked():
            self._refresh()
            same = [c for c in self.contacts() if c.name.casefold() == name.casefold()]
            if len(same) > 1:
                raise ToolArgumentError(
                    f"{len(same)} contacts are named '{one_line(name, 80)}'; "
                    "give the full name of the one to change"
                )
            if same:
                did = self._extend(same[0], email, phone)
            else:
                uid = str(uuid.uuid4())
                atomic_write(
                    self.folder / f"{uid}.vcf", make_vcard(uid, name, email, phone).encode()
                )
                self._queue(uid)
                did = "added"
            return did, self._push_now()

    def _extend(self, contact: Contact, email: str | None, phone: str | None) -> str:
        """Add the email or phone number the card lacks; "" when it has them already."""
        new_email = (
            email
            if email and email.casefold() not in {e.casefold() for e in contact.emails}
            else None
        )
        digits = {re.sub(r"\D", "", p) for p in contact.phones}
        new_phone = phone if phone and re.sub(r"\D", "", phone) not in digits else None
        if not new_email and not new_phone:
            return ""
        import vobject

        path = self.folder / f"{contact.stem}.vcf"
        cards = list(vobject.readComponents(path.read_text(encoding="utf-8")))
        for card in cards:
            if (str(card.uid.value) if hasattr(card, "uid") else contact.stem) == contact.uid:
                _add_details(card, new_email, new_phone)
        atomic_write(path, "".join(card.serialize() for card in cards).encode())
        self._queue(contact.stem)
        return "updated"

    def _queue(self, stem: str) -> None:
        if not self.collection:
            return
        index = self._index()
        outbox = self._outbox()
        if stem not in outbox:
            outbox[stem] = index.get(stem, ("", ""))[0]
            self._save_outbox(outbox)

    def _push_now(self) -> str:
        """Send what is queued; a note for the reply when something stays here."""
        if self._connect is None or not self.collection:
            return ""
        try:
            self._push(self._client())
        except Unreachable as exc:
            self.offline = str(exc)
            return f"saved on this device; {exc}, so it goes to the server at the next sync"
        except DavError as exc:
            return f"saved on this device, not on the server: {exc}"
        notes, self.notices = self.notices, []
        return " ".join(notes)

    def _push(self, client: DavClient) -> None:
        """PUT each queued card (If-None-Match for a new one, If-Match for a change)."""
        if self.dry_run:
            return
        outbox, index = self._outbox(), self._index()
        for stem, base in list(outbox.items()):
            path = self.folder / f"{stem}.vcf"
            href = index.get(stem, ("", ""))[1] or urljoin(self.collection, quote(stem) + ".vcf")
            if path.exists():
                try:
                    etag = client.put(href, path.read_bytes(), base or None, "text/vcard")
                    index[stem] = (etag, href)
                except Conflict:
                    kept = self.folder / "conflicts" / f"{stem}.vcf"
                    atomic_write(kept, path.read_bytes())
                    index.pop(stem, None)  # the server's version comes back at the next pull
                    self._synced_at = 0.0
                    self.notices.append(
                        f"The card was changed elsewhere meanwhile: the server's version is kept, "
                        f"yours is saved in {kept}."
                    )
            del outbox[stem]
            self._save_outbox(outbox)
            self._save_index(index)

    # -- syncing ----------------------------------------------------------------------------------
    def _client(self) -> DavClient:
        if self._connection is None:
            assert self._connect is not None
            self._connection = self._connect()
        return self._connection

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """One process at a time changes the mirror (the daemon and a request may overlap)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / ".lock", "w") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield

    def _index(self) -> dict[str, tuple[str, str]]:
        """stem → (ETag, href) of every card the server has, as last seen."""
        path = self.folder / ".etags"
        found = {}
        for line in path.read_text().splitlines() if path.exists() else []:
            parts = line.split("\t")
            if len(parts) >= 2:
                found[parts[0]] = (parts[1], parts[2] if len(parts) > 2 else "")
        return found

    def _save_index(self, index: dict[str, tuple[str, str]]) -> None:
        lines = "".join(f"{k}\t{etag}\t{href}\n" for k, (etag, href) in index.items())
        atomic_write(self.folder / ".etags", lines.encode())

    def _outbox(self) -> dict[str, str]:
        """stem → the ETag the change was based on ("" for a new card): cards not sent yet."""
        path = self.folder / ".outbox"
        lines = path.read_text().splitlines() if path.exists() else []
        return dict(line.split("\t", 1) for line in lines if "\t" in line)

    def _save_outbox(self, outbox: dict[str, str]) -> None:
        atomic_write(
            self.folder / ".outbox", "".join(f"{k}\t{v}\n" for k, v in outbox.items()).encode()
        )

    def _refresh(self) -> None:
        if self._connect is None or not self.collection:
            return
        if time.monotonic() - self._synced_at < 60:
            return
        self._synced_at = time.monotonic()
        try:
            client = self._client()
            self._push(client)
            remote = client.etags(self.collection)
            known = {p.stem: p for p in self.folder.glob("*.vcf")} if self.folder.is_dir() else {}
            index, queued = self._index(), self._outbox()
            wanted = [
                href for href, etag in remote.items() if index.get(_stem(href), ("",))[0] != etag
            ]
            for href, (etag, data) in client.fetch(self.collection, wanted, CARDDAV).items():
                atomic_write(self.folder / f"{_stem(href)}.vcf", data)
                index[_stem(href)] = (etag or remote.get(href, ""), href)
            present = {_stem(href) for href in remote}
            for stem, path in known.items():
                if stem not in present and stem not in queued:
                    path.unlink()
                    index.pop(stem, None)
            self._save_index(index)
            self.offline = ""
        except Unreachable as exc:
            self.offline = str(exc)


def make_vcard(uid: str, name: str, email: str | None, phone: str | None) -> str:
    """A vCard 3.0 for a new contact (the form CardDAV servers and phones all read)."""
    import vobject

    card = vobject.vCard()
    card.add("version").value = "3.0"
    card.add("uid").value = uid
    card.add("fn").value = name
    words = name.split()
    family, given = (words[-1], " ".join(words[:-1])) if len(words) > 1 else ("", name)
    card.add("n").value = vobject.vcard.Name(family=family, given=given)
    _add_details(card, email, phone)
    return str(card.serialize())


def _add_details(card: Any, email: str | None, phone: str | None) -> None:
    if email:
        line = card.add("email")
        line.value, line.type_param = email, "INTERNET"
    if phone:
        line = card.add("tel")
        line.value, line.type_param = phone, "VOICE"


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

    @tool(Effect.WRITE, untrusted_output=True, ask_when_tainted=True)
    def contacts_add(
        self, name: str, email: str | None = None, phone: str | None = None
    ) -> ToolResult:
        """Add (save) a contact to the address book, or a new email or phone number to the contact with that name.

        Args:
            name: the person's name, e.g. "Ana López"
            email: their email address, e.g. "ana@example.org"
            phone: their phone number, e.g. "+34 600 123 456"
        """
        name = " ".join(name.split())
        if not name or len(name) > 120 or not name.isprintable():
            raise ToolArgumentError("say the contact's name (one line, up to 120 characters)")
        email = (email or "").strip() or None
        phone = " ".join((phone or "").split()) or None
        if email and not _EMAIL.match(email):  # said aloud, or a number given for "email or number"
            said_phone = None if phone else spoken_phone(email)
            email, phone = (
                (None, said_phone) if said_phone else (spoken_email(email) or email, phone)
            )
        if phone and not re.fullmatch(r"\+?[\d\s().\-/]{3,40}", phone):
            phone = spoken_phone(phone) or phone
        if email and not _EMAIL.match(email):
            raise ToolArgumentError(f"'{one_line(email, 80)}' is not an email address")
        if phone and not re.fullmatch(r"\+?[\d\s().\-/]{3,40}", phone):
            raise ToolArgumentError(f"'{one_line(phone, 60)}' is not a phone number")
        if not email and not phone:
            raise ToolArgumentError(f"give an email address or a phone number for {name}")
        did, note = self.book.add(name, email, phone)
        details = " and ".join(x for x in (email, phone) if x)
        who = one_line(name, 120)
        if did == "added":
            summary = f"Added {who} to your contacts with {details}."
        elif did == "updated":
            summary = f"Added {details} to {who} in your contacts."
        else:
            summary = f"{who} already has {details} in your contacts."
        summary += f" ({note})" if note else ""
        data = {"name": who, "email": email, "phone": phone, "done": did or "nothing"}
        return Fenced(summary, data, head="Contacts:", kind="contact details")


# -- intents ----------------------------------------------------------------------------------
# What a card holds, asked about a person: "what's ana's surname", "bob's mobile number".
_DETAIL = (
    r"(?:e-?mail|home|postal|street|mailing|office|work|business)\s+address|job\s+title|employer"
    r"|(?:(?:work|home|personal|private)\s+)?e-?mail"
    r"(?:\s+id)?|address|mobile|cell"
    r"|(?:(?:mobile|cell|home|work|office|phone|telephone|contact|whatsapp|landline|fax|private"
    r"|personal)\s+)?(?:phone\s+)?number|phone"
    r"|(?:last|first|full)\s+name|surname|family\s+name"
    r"|contact(?:\s+(?:details|info|information|card|number))?|details|info|information"
    r"|date\s+of\s+birth|birth\s*date"
)
# After "of"/"for" a bare "number" or "details" is something else: "the number of days in june".
_DETAIL_OF = (
    r"(?:e-?mail|home|postal|street|mailing)\s+address|e-?mail(?:\s+id)?"
    r"|(?:mobile|cell|home|work|office|phone|telephone|contact)\s+number|phone|(?:last|first)\s+name"
    r"|surname|family\s+name|contact(?:\s+(?:details|info|information|card|number))?"
)
_WORD = r"[a-z][\w-]*(?:'(?!s\b)\w+)?"  # "o'brien", never "ana's"
_PERSON = rf"(?P<name>(?:my\s+)?{_WORD}(?:\s+{_WORD}){{0,2}}?)"
_OF = r"(?:'s|’s|')"  # "ana's", "james'"
_ASK = (
    r"(?:(?:i\s+(?:need|want|would\s+like)\s+to|do\s+you)\s+know|what(?:'s|s|\s+is|\s+are)"
    r"|give\s+me|tell\s+me|show\s+me|find|get(?:\s+me)?|look\s+up"
    r"|lookup|read\s+me|i\s+need|send\s+me|do\s+(?:i|you)\s+(?:have|know)|have\s+i\s+got"
    r"|can\s+i\s+(?:have|get)|search\s+for|check|(?:i|we)(?:\s+(?:want|would\s+like)|'d\s+like)"
    r"|could\s+i\s+(?:have|get)|let\s+me\s+(?:have|see|know)|share|text\s+me|confirm|verify)"
)
_BOOK = r"(?:contacts|contact\s+list|contacts\s+list|address\s+book|phone\s*book)"
# Details that name a card's field whatever the sentence around them: "is ana's number still ...".
_FIELD = (
    r"(?:(?:mobile|cell|home|work|office|phone|telephone|contact)\s+)?(?:phone\s+)?number"
    r"|e-?mail\s+address|(?:home|postal|street|mailing)\s+address|area\s+code|zip\s*code"
    r"|post\s*code|surname|last\s+name|contact\s+(?:details|info|information|card)"
)
_NOT_IN_NAME = r"(?!(?:for|of|to|from|with|the|and|in|on|at|about|is|are|my|a|an|this|that)\b)"
# A name inside a longer sentence: no small words in it, so "the area code for ana's" is "ana".
_INNER_PERSON = rf"(?<!the )(?<!an )(?<!a )(?<!this )(?<!that )(?P<name>(?:my\s+)?{_NOT_IN_NAME}{_WORD}(?:\s+{_NOT_IN_NAME}{_WORD})?)"
_MY = r"(?P<name>my\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"  # "my boss", "my sister's husband" not
_FIND = [
    re.compile(rf"^(?:{_ASK}\s+)?{_PERSON}{_OF}\s+(?:{_DETAIL})$", re.I),
    re.compile(rf"^{_ASK}\s+(?:the\s+|an?\s+)?(?:{_DETAIL_OF})\s+(?:of|for)\s+{_PERSON}$", re.I),
    # "i need the number for ana" ("the number of ...", "what's the number for ..." may be no contact)
    re.compile(
        r"^(?:give\s+me|get\s+me|send\s+me|find|i\s+need|do\s+you\s+have|can\s+i\s+(?:have|get))"
        rf"\s+(?:the\s+|a\s+)?number\s+for\s+{_PERSON}$",
        re.I,
    ),
    re.compile(
        rf"^contact\s+(?:details|info|information|card|number)\s+(?:of|for)\s+{_PERSON}$", re.I
    ),
    # "what email do i have for ana", "which number does ana use"
    re.compile(
        rf"^(?:what|which)\s+(?:e-?mail(?:\s+address)?|(?:phone\s+|mobile\s+)?number|address)\s+"
        rf"(?:(?:do|have)\s+(?:i|we|you)\s+(?:have|got)\s+for\s+{_PERSON}"
        rf"|does\s+{_PERSON.replace('<name>', '<name2>')}\s+(?:use|have))$",
        re.I,
    ),
    re.compile(
        rf"^(?:is\s+there|do\s+i\s+have)\s+(?:a\s+)?contact\s+(?:named|called|for)\s+{_PERSON}"
        rf"(?:\s+in\s+my\s+(?:{_BOOK}|list|phone))?$",
        re.I,
    ),
    re.compile(
        rf"^(?:find|search\s+for|look\s+up|look\s+for|check\s+for|is|do\s+i\s+have)\s+{_PERSON}"
        rf"\s+(?:in|on)\s+(?:my\s+|the\s+)?(?:{_BOOK}|phone)$",
        re.I,
    ),
    re.compile(
        rf"^(?:search|check|look\s+in)\s+(?:my\s+|the\s+)?{_BOOK}\s+for\s+{_PERSON}$",
        re.I,
    ),
    re.compile(
        r"^(?:look\s+up|lookup|find|show|open)\s+(?:the\s+)?contact\s+(?:for\s+|of\s+)?(?P<name>.+?)$",
        re.I,
    ),
    re.compile(
        r"^(?:how|where)\s+(?:do|can|could|should)\s+i\s+(?:reach|contact|get\s+(?:hold\s+of"
        rf"|in\s+touch\s+with)|e-?mail|write\s+to|text|phone|ring|call)\s+{_PERSON}$",
        re.I,
    ),
    # "what's the best number to reach ana", "the mobile of ana"
    re.compile(
        rf"^(?:{_ASK}\s+)?(?:the\s+)?(?:best\s+)?(?:number|e-?mail|way|phone)\s+to\s+(?:reach|contact"
        rf"|call|ring|text|e-?mail)\s+{_PERSON}$",
        re.I,
    ),
    re.compile(rf"^{_ASK}\s+the\s+(?:mobile|cell|phone)\s+(?:of|for)\s+{_PERSON}$", re.I),
    # The detail with no ask before it: "phone number of my mom", "email address for ana"
    re.compile(
        rf"^(?:the\s+)?(?:{_DETAIL_OF}|number|contact\s+details)\s+(?:of|for)\s+{_PERSON}$", re.I
    ),
    # "ana lopez email address": a name then a field
    re.compile(rf"^{_PERSON}\s+(?:{_FIELD})$", re.I),
    # "open ana's contact card" (but "open ana's email" is a message)
    re.compile(
        rf"^(?:open|display|pull\s+up|bring\s+up|read\s+out)\s+{_PERSON}{_OF}\s+"
        rf"(?:contact(?:\s+(?:card|details|info|information))?|{_FIELD}|address)$",
        re.I,
    ),
    # "call ana's number": what botpsy can do is find it
    re.compile(rf"^(?:call|dial|ring|phone)\s+{_PERSON}{_OF}\s+(?:{_FIELD})$", re.I),
    # A field of someone's inside any question: "is ana's number still the same", "what's the
    # area code for ana's number", "is this the right email address for my boss"
    re.compile(
        rf"^(?:is|are|was|does|do|did|what(?:'s|s)?|which|check|confirm|verify|tell\s+me)\s+"
        rf"(?:[\w']+\s+){{0,6}}?{_INNER_PERSON}{_OF}\s+(?:{_FIELD})\b.*$",
        re.I,
    ),
    re.compile(
        rf"^(?:is|are|was|does|do|did|what(?:'s|s)?|which|check|confirm|verify|tell\s+me)\s+"
        rf"(?:[\w']+\s+){{0,6}}?(?:{_FIELD}|e-?mail)\s+(?:of|for)\s+{_MY}$",
        re.I,
    ),
    # Someone close and a detail that is anyone's: "the address of my landlord", "info for my aunt"
    re.compile(
        rf"^(?:{_ASK}\s+)?(?:the\s+|an?\s+)?(?:address|details|info|information|contact)\s+"
        rf"(?:of|for|about)\s+{_MY}$",
        re.I,
    ),
    # What the address book holds on someone: "what details do i have for ana" (a detail or
    # "saved" said: "what do i have on friday" is the calendar's)
    re.compile(
        r"^what(?:\s+(?:information|info|details|contact\s+details)\s+(?:do|have)\s+(?:i|we)"
        r"\s+(?:got\s+|have\s+)?(?:saved\s+|stored\s+|kept\s+)?"
        r"|\s+(?:do|have)\s+(?:i|we)\s+(?:got\s+|have\s+)?(?:saved|stored|kept)\s+)"
        rf"(?:on|for|about)\s+{_INNER_PERSON}$",
        re.I,
    ),
    # Where someone close lives or works, the card's address and company: "where does my boss work"
    re.compile(
        rf"^(?:where|(?:which|what)\s+(?:city|town|country|street|company|firm|office))\s+"
        rf"(?:does|do|did)\s+{_MY}\s+(?:live|work|stay)(?:\s+(?:at|in|for))?$",
        re.I,
    ),
    re.compile(rf"^(?:does|do)\s+{_MY}\s+(?:live|work)\s+(?:in|at|for)\s+[\w' -]{{1,40}}$", re.I),
]
# "open my contacts", "find a contact": about the address book, with nobody named yet.
_BROWSE = re.compile(
    rf"^(?:(?:open|show|show\s+me|check|search|look\s+in|go\s+to|bring\s+up|pull\s+up)\s+"
    rf"(?:my\s+|the\s+)?{_BOOK}"
    r"|(?:(?:can\s+i|i\s+want\s+to|i\s+need\s+to)\s+)?(?:find|look\s+up|search\s+for|get|see)"
    r"(?:\s+out)?\s+(?:(?:some\s+)?(?:information|info|details)\s+(?:about|on|for)\s+)?a\s+contact)$",
    re.I,
)
_WHO = "Who should I look up in your contacts?"
# Words that start no name: a message ("open ida's email"), a determiner, a preposition.
_NOT_PERSON = re.compile(
    r"^(?:my|your|his|her|their|our|the|this|that|these|those|it|its|a|an|me|you|in|on|at|from|to"
    r"|of|for|about|with|open|read|check|send|delete|reply|forward|answer|show|get|play|archive"
    r"|new|next|last|today|tomorrow|call|text|dial|ring|i|we|this|is|was|what|which"
    r"|save|add|store|keep|note|remember|change|update|block|share|copy|find|search|look|give|tell"
    r"|where|whats|who|how|pull|bring|display|fetch|dial|email|message)(?:\s|'|$)",
    re.I,
)


# A business or service is looked up on the web, not in the address book: "the taxi's number".
_SERVICE = re.compile(
    r"\b(?:taxi|cab|uber|lyft|restaurant|pizza|pizzeria|takeaway|hotel|airport|station|airline"
    r"|hospital|police|fire|ambulance|emergenc\w*|company|shop|store|bank|cinema|theat(?:er|re)"
    r"|museum|pharmacy|library|school|council|office|service|support|helpline|hotline)\b",
    re.I,
)


_INSIDE_NO_NAME = re.compile(
    r"\s(?:for|of|to|from|with|the|and|in|on|at|about|is|are|my)(?:\s|$)", re.I
)


def _person(raw: str) -> str | None:
    """The name as said, without "my"; None when the words name no one."""
    name = " ".join(re.sub(r"^my\s+", "", raw.strip(), flags=re.I).split())
    if _INSIDE_NO_NAME.search(name):
        return None  # "code for ana": a phrase, not a name
    return None if not name or _NOT_PERSON.match(name) or _SERVICE.search(name) else name


# -- adding -----------------------------------------------------------------------------------
_DIGIT_WORDS = {
    "zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4",
    "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "plus": "+",
}  # fmt: skip
_EMAIL_TEXT = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[a-z][\w.+-]*(?:\s+dot\s+[\w-]+)*\s+at\s+[\w-]+(?:\s+dot\s+[\w-]+)+"
_PHONE_TEXT = (
    r"\+?[\d(][\d\s().-]{3,}\d"
    r"|(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|plus|double\s+\w+)\s*){4,}"
)
_KIND = r"(?P<kind>e-?mail(?:\s+address|\s+id)?|(?:(?:mobile|cell|home|work|phone)\s+)?(?:phone\s+)?number|phone)"
_VALUE = rf"(?P<value>{_EMAIL_TEXT}|{_PHONE_TEXT})"
_SAVE = r"(?:add|save|put|store|keep|enter|record|include|write)"
_INTO = rf"(?:to|in|into|on|onto)\s+(?:my\s+|the\s+)?{_BOOK}"
# A value said after the name with no kind: its shape says which ("..., nadia@kaur.example").
_BARE_VALUE = rf"\s*[,:]?\s+{_VALUE.replace('<value>', '<value2>')}"
_ADD = [
    # "save ana's number 0151 234 to my contacts", "add bob's email to my address book"
    re.compile(
        # without the book said, with the value: "save tariq's email as tariq@mail.example"
        rf"^{_SAVE}\s+{_PERSON}{_OF}\s+(?:new\s+)?{_KIND}(?:\s+(?:which\s+is|is|as))?"
        rf"(?:\s+{_VALUE})?(?P<into>\s+{_INTO})?$",
        re.I,
    ),
    # "add 0151 234 as ana's number in my contacts", "save bob@example.org for bob in my contacts"
    re.compile(
        rf"^{_SAVE}\s+{_VALUE}\s+(?:as|for)\s+{_PERSON}(?:{_OF}\s+{_KIND})?(?P<into>\s+{_INTO})?$",
        re.I,
    ),
    # "add ana lopez to my contacts", "add ana to my address book with the number 0151 234"
    re.compile(
        rf"^{_SAVE}\s+{_PERSON}\s+{_INTO}(?:\s+(?:with|and\s+her|and\s+his|and\s+their)\s+"
        rf"(?:(?:the|a|an)\s+)?{_KIND}(?:\s+{_VALUE})?|{_BARE_VALUE})?$",
        re.I,
    ),
    # "create a new contact for ana with the email ana@example.org", "new contact bob"
    re.compile(
        rf"^(?:(?:add|create|make|save|start|set\s+up)\s+(?:a\s+)?)?new\s+contact\s+"
        rf"(?:for\s+|named\s+|called\s+)?{_PERSON}"
        rf"(?:\s+(?:with|and)\s+(?:(?:the|a|an)\s+)?{_KIND}(?:\s+{_VALUE})?|{_BARE_VALUE})?$",
        re.I,
    ),
    re.compile(
        rf"^(?:add|create|make|save)\s+(?:a\s+)?contact\s+(?:for\s+|named\s+|called\s+){_PERSON}"
        rf"(?:\s+(?:with|and)\s+(?:(?:the|a|an)\s+)?{_KIND}(?:\s+{_VALUE})?|{_BARE_VALUE})?$",
        re.I,
    ),
    # "add contact: ines roth, ines@roth.example": the name, then what to keep of them
    re.compile(
        rf"^(?:add|create|make|save|store)\s+(?:a\s+)?(?:new\s+)?contact\s*[:,-]\s*{_PERSON}\s*[,;:-]\s*"
        rf"(?:(?:(?:the|a|an)\s+)?{_KIND}\s*:?\s*)?{_VALUE}$",
        re.I,
    ),
]


def spoken_email(text: str) -> str | None:
    """ "ana dot lopez at example dot org" → "ana.lopez@example.org"; None if it is no address."""
    text = text.strip()
    if "@" not in text:
        text = re.sub(r"\s+dot\s+", ".", text, flags=re.I)
        text = re.sub(r"\s+at\s+", "@", text, count=1, flags=re.I)
    text = text.replace(" ", "")
    return text if _EMAIL.match(text) else None


def spoken_phone(text: str) -> str | None:
    """ "oh one five one two three" → "015123", "double four" → "44"; None if it is no number."""
    words = text.lower().replace("-", " ").split()
    out: list[str] = []
    double = 1
    for word in words:
        if word in ("double", "triple"):
            double = 2 if word == "double" else 3
            continue
        if re.fullmatch(r"[\d+()./]+", word):
            out.append(word * double if double > 1 and word.isdigit() else word)
        elif word in _DIGIT_WORDS:
            out.append(_DIGIT_WORDS[word] * double)
        else:
            return None
        double = 1
    spoken = any(w in _DIGIT_WORDS for w in words)
    number = "".join(out) if spoken else " ".join(out)
    return number if len(re.sub(r"\D", "", number)) >= 3 else None


def _add_match(m: re.Match[str]) -> IntentMatch | None:
    """contacts_add from a match: the value said goes to the argument its shape fits."""
    name = _person(m.group("name"))
    if name is None or len(name.split()) > 3:
        return None
    kind = (m.group("kind") or "").lower()
    value = m.groupdict().get("value") or m.groupdict().get("value2") or ""
    arguments: dict[str, str] = {"name": name}
    if value:
        email = spoken_email(value)
        phone = None if email else spoken_phone(value)
        if email is None and phone is None:
            return None
        if (email and kind.startswith(("number", "phone", "mobile", "cell", "home", "work"))) or (
            phone and kind.startswith("e")
        ):
            return None  # "her email 0151 234": the words disagree, the model sorts it out
        arguments |= {"email": email} if email else {"phone": phone or ""}
        return IntentMatch("contacts_add", arguments, "add_contact")
    if kind.startswith("e"):
        return IntentMatch(
            "contacts_add",
            arguments,
            "add_contact",
            missing={"email": f"What is {name}'s email address?"},
        )
    if kind:
        return IntentMatch(
            "contacts_add", arguments, "add_contact", missing={"phone": f"What is {name}'s number?"}
        )
    question = f"What is {name}'s email address? (or say their number)"
    return IntentMatch("contacts_add", arguments, "add_contact", missing={"email": question})


# A value told after the contact is named: "add ana to my contacts, her email is ana@x.example".
_HIS_VALUE = re.compile(
    r"\s*[,;.-]\s*(?:and\s+)?(?:her|his|their)\s+(e-?mail(?:\s+address)?|(?:phone\s+|mobile\s+)?number"
    r"|mobile|phone)\s+(?:is|'s)\s+(?=\S)",
    re.I,
)


def make_contact_matcher() -> Callable[[str], IntentMatch | None]:
    """Contacts without the model: "what's bob's email", "find ana in my contacts" (contacts_find);
    "save ana's number 0151 234 to my contacts" (contacts_add)."""

    def match(text: str) -> IntentMatch | None:
        cleaned = " ".join(text.strip().rstrip("?.!").split())
        cleaned = re.sub(r"\s+(?:for\s+me|please|thanks|thank\s+you)$", "", cleaned, flags=re.I)
        cleaned = _HIS_VALUE.sub(
            r" with the \1 ", cleaned
        )  # "..., her email is x": "with the email x"
        for pattern in _ADD:
            found = pattern.match(cleaned)
            if (
                found
                and "into" in pattern.groupindex
                and not found.group("into")
                and not found.group("value")
            ):
                continue  # neither the book nor an address or number: no contact said
            if found:
                return _add_match(found)
        for pattern in _FIND:
            found = pattern.match(cleaned)
            name = (
                _person(found.group("name") or found.groupdict().get("name2") or "")
                if found
                else None
            )
            if name:  # words that name no one may still fit a later shape: "call ana's number"
                return IntentMatch("contacts_find", {"name": name}, "find_contact")
        if _BROWSE.match(cleaned):
            return IntentMatch("contacts_find", {}, "find_contact", missing={"name": _WHO})
        return None

    return match
