"""Local intents for mail: the usual ways people send, reply and check, answered without the model.

Conservative like every matcher: the whole request must clearly be one of these.
Sending still goes through approval; a matcher only saves the model's work.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.intents import IntentMatch

_SEND = [
    re.compile(
        r"^(?:send\s+(?:an?\s+)?(?:e-?mail|mail|message)\s+to|e-?mail|mail|write\s+(?:an?\s+)?(?:e-?mail\s+)?to)\s+"
        r"(?P<to>.+?)\s+(?:saying|that|to say|telling (?:him|her|them))\s+(?P<body>.+)$",
        re.I,
    ),
]
_SUBJECT = re.compile(r"\s+(?:about|re|subject)\s*:?\s+(?P<subject>.+)$", re.I)
_REPLY = re.compile(
    r"^(?:reply|respond|answer|write back)\s+to\s+(?P<who>.+?)\s+(?:saying|that|to say|with)\s+(?P<body>.+)$",
    re.I,
)
_CHECK = [
    re.compile(
        r"^(?:any|do i have any|have i got any|is there any|are there any)\s+(?:new\s+)?"
        r"(?:e-?mails?|mails?|messages?)(?:\s+from\s+(?P<sender>.+?))?\s*\??$",
        re.I,
    ),
    re.compile(
        r"^(?:check|show|read)\s+(?:my\s+)?(?:new\s+)?(?:e-?mails?|mail|inbox)\s*\??$", re.I
    ),
    re.compile(
        r"^(?:did|has)\s+(?P<sender>.+?)\s+(?:e-?mail(?:ed)?|write|written|wrote|reply|replied|answer(?:ed)?|respond(?:ed)?|get back|got back)(?:\s+me)?(?:\s+back)?\s*\??$",
        re.I,
    ),
]


def _sentence(text: str) -> str:
    text = text.strip().strip('"“”')
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _subject_from(body: str) -> str:
    words = body.rstrip(".!?").split()
    subject = " ".join(words[:6])
    return subject[:1].upper() + subject[1:] + ("…" if len(words) > 6 else "")


def make_mail_matchers() -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Send, reply and check matchers."""

    def send_mail(text: str) -> IntentMatch | None:
        for pattern in _SEND:
            m = pattern.match(text.strip())
            if not m:
                continue
            to = m.group("to").strip()
            if len(to.split()) > 6:
                return None
            body = m.group("body")
            return IntentMatch(
                "mail_send",
                {"to": to, "subject": _subject_from(body), "body": _sentence(body)},
                "send_mail",
            )
        return None

    def reply_mail(text: str) -> IntentMatch | None:
        m = _REPLY.match(text.strip())
        if not m or len(m.group("who").split()) > 5:
            return None
        who = re.sub(
            r"^(?:the\s+)?(?:(?:last|latest)\s+)?(?:e-?mail|mail|message)\s+from\s+",
            "",
            m.group("who"),
            flags=re.I,
        )
        return IntentMatch(
            "mail_reply", {"message": who, "body": _sentence(m.group("body"))}, "reply_mail"
        )

    def check_mail(text: str) -> IntentMatch | None:
        for pattern in _CHECK:
            m = pattern.match(text.strip())
            if m:
                sender = (m.groupdict().get("sender") or "").strip()
                return IntentMatch("mail_check", {"sender": sender} if sender else {}, "check_mail")
        return None

    return [("check_mail", check_mail), ("reply_mail", reply_mail), ("send_mail", send_mail)]
