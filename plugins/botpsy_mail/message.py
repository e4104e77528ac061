"""Reading a message robustly: text from plain or HTML parts, attachments by name and size, never run.

Mail from strangers is malformed more often than not: a missing charset, an
unknown one, a broken MIME boundary, an HTML-only body, a huge attachment. Each
is read as well as it can be, with what went wrong noted, never an exception.
"""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage, Message
from email.utils import getaddresses, parsedate_to_datetime

from assistant.api import html_to_text, one_line

TEXT_LIMIT = 8000  # characters of a body shown to the model; the rest is summarised by size


@dataclass
class Attachment:
    """An attachment, described; its content is never opened or run."""

    name: str
    mime_type: str
    size: int


@dataclass
class MailView:
    """What botpsy shows of one message."""

    id: str
    sender: str
    sender_address: str
    to: list[str]
    cc: list[str]
    subject: str
    date: datetime | None
    text: str
    message_id: str = ""
    references: list[str] = field(default_factory=list)
    reply_to: str = ""
    attachments: list[Attachment] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seen: bool = True
    flagged: bool = False
    size: int = 0

    def when(self) -> str:
        """'Mon 30 Nov 10:02' (or '?' when the Date header is missing or broken)."""
        return self.date.strftime("%a %-d %b %H:%M") if self.date else "?"

    def line(self) -> str:
        """One line for a list: sender, subject, date and id."""
        mark = "" if self.seen else "● "
        return (
            f'{mark}{self.sender}: "{self.subject or "(no subject)"}" ({self.when()}) [{self.id}]'
        )


def _decode(part: Message, problems: list[str]) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return str(part.get_payload() or "")
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset, errors="replace")
    except (LookupError, ValueError):  # ValueError: a charset name holding a NUL
        problems.append(f"unknown charset {charset!r}; read as UTF-8 with replacements")
        return payload.decode("utf-8", errors="replace")


def _header(message: Message, name: str) -> str:
    """A header as one clean line (an encoded word may hide CR, LF or ESC)."""
    try:
        return one_line(str(message.get(name, "")))
    except Exception:  # a header that will not parse: its raw text (get_all would parse it again)
        raw = next((v for k, v in message.raw_items() if k.lower() == name.lower()), "")
        return one_line(str(raw).encode("ascii", "replace").decode())


def parse_message(data: bytes, message_id: str, flags: str = "") -> MailView:
    """A view of a raw RFC 5322 message."""
    problems: list[str] = []
    message = email.message_from_bytes(data, policy=email.policy.default)
    for defect in getattr(message, "defects", []):
        problems.append(type(defect).__name__)
    sender_header = _header(message, "From")
    (name, address), *_ = getaddresses([sender_header]) or [("", "")]
    date = None
    try:
        date = parsedate_to_datetime(_header(message, "Date")) if message.get("Date") else None
    except (TypeError, ValueError, IndexError):
        problems.append("unreadable Date header")
    plain, markup, attachments = [], [], []
    for part in message.walk() if message.is_multipart() else [message]:
        if part.is_multipart():
            continue
        disposition = (part.get_content_disposition() or "").lower()
        filename = part.get_filename()
        content_type = part.get_content_type()
        if disposition == "attachment" or (
            filename and content_type not in ("text/plain", "text/html")
        ):
            payload = part.get_payload(decode=True)
            size = len(payload) if isinstance(payload, bytes) else 0
            attachments.append(
                Attachment(one_line(filename or "") or "(unnamed)", one_line(content_type), size)
            )
        elif content_type == "text/plain":
            plain.append(_decode(part, problems))
        elif content_type == "text/html":
            markup.append(_decode(part, problems))
    text = "\n\n".join(t.strip() for t in plain if t.strip())
    if not text and markup:
        text = "\n\n".join(html_to_text(m) for m in markup)
    references = _header(message, "References").split() + _header(message, "In-Reply-To").split()
    return MailView(
        id=message_id,
        sender=name or address or "(unknown sender)",
        sender_address=address,
        to=[a for _, a in getaddresses([_header(message, "To")]) if a],
        cc=[a for _, a in getaddresses([_header(message, "Cc")]) if a],
        subject=_header(message, "Subject"),
        date=date,
        text=text,
        message_id=_header(message, "Message-ID"),
        references=list(dict.fromkeys(references)),
        reply_to=_header(message, "Reply-To"),
        attachments=attachments,
        problems=problems,
        seen="\\Seen" in flags,
        flagged="\\Flagged" in flags,
        size=len(data),
    )


def shown_text(view: MailView, limit: int = TEXT_LIMIT) -> str:
    """The body as the model may see it: cut at `limit` characters, with the cut said."""
    if len(view.text) <= limit:
        return view.text
    return view.text[:limit] + f"\n[… {len(view.text) - limit} more characters not shown]"


def build_message(
    sender: str, to: list[str], subject: str, body: str, cc: list[str] | None = None
) -> EmailMessage:
    """A new plain-text message with a fresh Message-ID and the Date set."""
    from email.utils import format_datetime, make_msgid

    message = EmailMessage()
    message["From"] = sender
    message["To"] = ", ".join(to)
    if cc:
        message["Cc"] = ", ".join(cc)
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime.now().astimezone())
    domain = sender.rsplit("@", 1)[-1].strip("> ") or "botpsy.local"
    message["Message-ID"] = make_msgid(domain=domain)
    message.set_content(body)
    return message
