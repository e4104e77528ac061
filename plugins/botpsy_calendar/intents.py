"""Local intents for the calendar: the usual ways people add, cancel and list events.

Matchers are conservative: they answer only when the whole request is clearly a
calendar request with a date they can resolve; anything else goes to the model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.errors import TimeParseError
from assistant.intents import IntentMatch
from assistant.timeparse import parse_moment, parse_span

_ADD = re.compile(
    r"^(?:add|schedule|put|book|create|set up|make|plan|pencil in)\s+"
    r"(?:an?\s+|the\s+|my\s+)?(?:(?:new\s+)?(?:event|appointment)\s+(?:for\s+|called\s+|named\s+)?)?"
    r"(?P<rest>.+)$",
    re.I,
)
_CALENDAR_WORDS = re.compile(
    r"\s*\b(?:to|on|in|into)\s+(?:my|the)\s+(?:calendar|agenda|diary|schedule)\b\s*", re.I
)
# Requests for other domains that share the verbs ("add milk to my shopping list").
_OTHER_DOMAINS = re.compile(
    r"\b(list|note|notes|contact|contacts|task|tasks|todo|to-do|reminder|cart|playlist|folder|file)\b",
    re.I,
)
_NOT_A_TITLE = re.compile(
    r"^(what|when|where|who|whom|how|why|which|is|are|am|do|does|did|can|could|will|would|should|"
    r"tell|show|find|search|look|send|email|mail|reply|forward|remind|read|check|list|delete|cancel|"
    r"remove|move|open|turn|set|play|call|text|message|i|we|it|there|please)\b",
    re.I,
)
_CANCEL = re.compile(
    r"^(?:cancel|delete|remove|drop|call off|clear)\s+(?:my\s+|the\s+|our\s+|that\s+)?(?P<rest>.+?)"
    r"(?:\s+from\s+(?:my|the)\s+(?:calendar|agenda|schedule))?$",
    re.I,
)
_LIST = [
    re.compile(
        r"^what(?:'s| is|s)\s+(?:on\s+)?(?:my\s+|the\s+)?(?:calendar|agenda|schedule)"
        r"(?:\s+(?:for|on))?(?P<when>.*?)\??$",
        re.I,
    ),
    re.compile(
        r"^what\s+(?:do i have|have i got|am i doing|is happening|'s happening)"
        r"(?:\s+(?:on|for))?(?P<when>.*?)\??$",
        re.I,
    ),
    re.compile(
        r"^(?:show|list|display|check)(?:\s+me)?\s+(?:my\s+|the\s+)?"
        r"(?:calendar|agenda|schedule|events|appointments|meetings)(?:\s+(?:for|on))?(?P<when>.*?)$",
        re.I,
    ),
    re.compile(
        r"^(?:do i have|have i got)\s+(?:anything|any events|any appointments|any meetings)"
        r"(?:\s+(?:on|for))?(?P<when>.*?)\??$",
        re.I,
    ),
]
_DATEISH = re.compile(
    r"^(\d|today|tonight|tomorrow|next|this|on|at|"
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)",
    re.I,
)
_TITLE_EDGES = re.compile(r"^(?:an?|the|my)\s+|\s+(?:on|at|for|from|this|next)$", re.I)


def split_title_and_time(text: str, now: datetime) -> tuple[str, str | None]:
    """The title and the date/time phrase in `text` ("lunch with Bob tomorrow at noon").

    A phrase that runs to the end wins; one inside the text may not leave digits
    behind it, so "Dec 5 2110" is never read as "Dec 5" plus a title "2110".
    """
    words = text.split()
    for i in range(1, len(words)):
        phrase = " ".join(words[i:])
        if _resolves(phrase, now):
            return " ".join(words[:i]), phrase
    for i in range(1, len(words)):
        for j in range(len(words) - 1, i, -1):
            if any(ch.isdigit() for ch in "".join(words[j:])):
                continue
            phrase = " ".join(words[i:j])
            if _resolves(phrase, now):
                return " ".join(words[:i] + words[j:]), phrase
    return text, None


def dateish_tail(text: str) -> str | None:
    """The part of `text` that looks like an attempt at a date, for a clear refusal."""
    words = text.split()
    for i in range(1, len(words)):
        if _DATEISH.match(words[i]) and any(ch.isdigit() for ch in "".join(words[i:])):
            return " ".join(words[i:])
    return None


def _resolves(phrase: str, now: datetime) -> bool:
    try:
        parse_moment(phrase, now)
    except TimeParseError:
        return False
    return True


def _title(text: str) -> str:
    text = text.strip(" ,;:-")
    while True:
        cleaned = _TITLE_EDGES.sub("", text).strip(" ,;:-")
        if cleaned == text:
            break
        text = cleaned
    return text[:1].upper() + text[1:]


def make_matchers(
    now: Callable[[], datetime], has_event: Callable[[str], bool] = lambda _: True
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """The calendar's matchers, resolving dates against `now()`.

    `has_event(words)` says whether an event with those title words exists, so
    "cancel my subscription" goes to the model rather than the calendar.
    """

    def add_event(text: str) -> IntentMatch | None:
        m = _ADD.match(text)
        if not m or "?" in text:
            return None
        rest = _CALENDAR_WORDS.sub(" ", m.group("rest")).strip()
        if _OTHER_DOMAINS.search(rest):
            return None
        title, when = split_title_and_time(rest, now())
        if when is None and (tail := dateish_tail(rest)) is not None:
            title, when = rest[: rest.rindex(tail)], tail  # the tool explains what is wrong with it
        title = _title(title)
        if not title or len(title.split()) > 8:
            return None
        if when is None:
            return IntentMatch(
                "calendar_create_event",
                {"title": title},
                "add_event",
                missing={"start": f'When is "{title}"? (e.g. "Friday 3pm")'},
            )
        return IntentMatch("calendar_create_event", {"title": title, "start": when}, "add_event")

    def event_at_time(text: str) -> IntentMatch | None:
        """ "Dentist at 3pm Friday", "lunch with Bob tomorrow at noon": a short title then a time."""
        if "?" in text or _NOT_A_TITLE.match(text) or _OTHER_DOMAINS.search(text):
            return None
        title, when = split_title_and_time(text, now())
        if when is None or not text.lower().endswith(when.lower()):
            return None
        if not re.match(r"(?:at|on|tomorrow|today|tonight|this|next|from)\b", when, re.I):
            return None
        try:
            if parse_moment(when, now()).all_day:
                return None
        except TimeParseError:
            return None
        title = _title(title)
        if not title or len(title.split()) > 5:
            return None
        return IntentMatch(
            "calendar_create_event", {"title": title, "start": when}, "event_at_time"
        )

    def cancel_event(text: str) -> IntentMatch | None:
        m = _CANCEL.match(text)
        if (
            not m
            or _OTHER_DOMAINS.search(text)
            or re.search(r"\b(e?mails?|messages?)\b", text, re.I)
        ):
            return None
        what, when = split_title_and_time(m.group("rest"), now())
        what = re.sub(r"\b(?:appointment|meeting|event)s?\b", " ", what, flags=re.I)
        what = _title(" ".join(what.split()))
        if not what or not has_event(what):
            return None
        arguments: dict[str, str] = {"event": what}
        if when:
            arguments["day"] = when
        return IntentMatch("calendar_delete_event", arguments, "cancel_event")

    def list_events(text: str) -> IntentMatch | None:
        for pattern in _LIST:
            m = pattern.match(text)
            if not m:
                continue
            when = m.group("when").strip(" ?")
            if not when:
                return IntentMatch("calendar_list_events", {}, "list_events")
            try:
                parse_span(when, now())
            except TimeParseError:
                return None
            return IntentMatch("calendar_list_events", {"when": when}, "list_events")
        return None

    return [
        ("list_events", list_events),
        ("cancel_event", cancel_event),
        ("add_event", add_event),
        ("event_at_time", event_at_time),
    ]
