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
_SEARCH_EVENTS = re.compile(
    r"^(?:search|look through|check)\s+(?:my\s+|the\s+)?(?:calendar|agenda|schedule)\s+for\s+(?P<a>.+)$"
    r"|^(?:find|look for|search for)\s+(?P<b>.+?)\s+(?:in|on)\s+(?:my\s+|the\s+)?(?:calendar|agenda|schedule)\??$",
    re.I,
)
_MOVE_EVENT = re.compile(
    r"^(?:please\s+)?(?:move|reschedule|shift|push|postpone|change)\s+(?:my\s+|the\s+|our\s+)?"
    r"(?P<what>.+?)\s+(?:to|until|till)\s+(?P<when>.+)$",
    re.I,
)
_NAMES_A_DAY = re.compile(
    r"\b(today|tonight|tomorrow|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)[a-z]*\b|\d{1,4}[-/.]\d{1,2}",
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


# A date/time phrase has at most this many words ("the day after tomorrow at 3pm for 2 hours").
_MAX_PHRASE_WORDS = 12


def split_title_and_time(text: str, now: datetime) -> tuple[str, str | None]:
    """The title and the date/time phrase in `text` ("lunch with Bob tomorrow at noon").

    A phrase that runs to the end wins; one inside the text may not leave digits
    behind it, so "Dec 5 2110" is never read as "Dec 5" plus a title "2110".
    Phrases are at most `_MAX_PHRASE_WORDS` long, so this is linear in the words.
    """
    words = text.split()
    n = len(words)
    for i in range(max(1, n - _MAX_PHRASE_WORDS), n):
        phrase = " ".join(words[i:])
        if _resolves(phrase, now):
            return " ".join(words[:i]), phrase
    # digits_after[j]: whether words[j:] holds a digit
    digits_after = [False] * (n + 1)
    for j in range(n - 1, -1, -1):
        digits_after[j] = digits_after[j + 1] or any(ch.isdigit() for ch in words[j])
    for i in range(1, n):
        for j in range(min(n - 1, i + _MAX_PHRASE_WORDS), i, -1):
            if digits_after[j]:
                break  # and so do all shorter phrases' remainders
            phrase = " ".join(words[i:j])
            if _resolves(phrase, now):
                return " ".join(words[:i] + words[j:]), phrase
    return text, None


def dateish_tail(text: str) -> str | None:
    """The part of `text` that looks like an attempt at a date, for a clear refusal."""
    words = text.split()
    last_digit = max((i for i, w in enumerate(words) if any(ch.isdigit() for ch in w)), default=0)
    for i in range(1, last_digit + 1):
        if _DATEISH.match(words[i]):
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


_DAY_WORD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?"
_REPEAT = re.compile(
    rf"\b(?P<repeat>(?:every|each)\s+(?:other\s+|\d+\s+)?"
    rf"(?:day|week|month|year|weekday|weekend|morning|evening|{_DAY_WORD}"
    rf"(?:\s*(?:,|and|&)\s*{_DAY_WORD})*)s?|daily|weekly|monthly|yearly|on weekdays)\b"
    r"(?P<bound>\s+(?:until|till)\s+[\w\s-]+?(?=\s+at\b|$)|\s+\d+\s+times)?",
    re.I,
)
_REMINDER = re.compile(
    r"[\s,]*(?:and\s+)?remind\s+me\s+(?P<n>\d+|an?|one)\s*(?P<unit>minutes?|mins?|hours?|hrs?|days?)"
    r"\s+(?:before|ahead|earlier|in advance)(?:\s+it)?\s*$",
    re.I,
)
_UNIT_MINUTES = {"m": 1, "h": 60, "d": 1440}


def take_reminder(text: str) -> tuple[str, int | None]:
    """ "dentist Friday 3pm and remind me 30 minutes before" → ("dentist Friday 3pm", 30)."""
    m = _REMINDER.search(text)
    if not m:
        return text, None
    count = int(m.group("n")) if m.group("n").isdigit() else 1
    return text[: m.start()].strip(), count * _UNIT_MINUTES[m.group("unit")[0].lower()]


def take_repeat(text: str) -> tuple[str, str | None]:
    """ "standup every Monday at 9am" → ("standup Monday at 9am", "every Monday").

    The first day of a weekly rule stays in the text so the start resolves to it.
    """
    m = _REPEAT.search(text)
    if not m:
        return text, None
    repeat = (m.group("repeat") + (m.group("bound") or "")).strip()
    days = re.findall(rf"\b{_DAY_WORD}\b", m.group("repeat"), re.I)
    keep = (
        days[0].rstrip("sS")
        if days and not m.group("repeat").lower().startswith(("every week", "each week"))
        else ""
    )
    if keep and not keep.lower().endswith("day"):
        keep = next((d for d in _FULL_DAYS if d.startswith(keep.lower()[:3])), keep)
    rest = (text[: m.start()] + (" " + keep if keep else "") + " " + text[m.end() :]).strip()
    if not m.group("bound") and (until := re.search(r"\s+(?:until|till)\s+(.+)$", rest, re.I)):
        repeat += f" until {until.group(1)}"
        rest = rest[: until.start()]
    elif not m.group("bound") and (count := re.search(r"\s+(\d+)\s+times$", rest, re.I)):
        repeat += f" {count.group(1)} times"
        rest = rest[: count.start()]
    return " ".join(rest.split()), repeat


_FULL_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


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
        rest, reminder = take_reminder(rest)
        rest, repeat = take_repeat(rest)
        extra: dict[str, object] = {}
        if reminder is not None:
            extra["reminder_minutes"] = reminder
        if repeat:
            extra["repeat"] = repeat
        title, when = split_title_and_time(rest, now())
        if when is None and (tail := dateish_tail(rest)) is not None:
            title, when = rest[: rest.rindex(tail)], tail  # the tool explains what is wrong with it
        title = _title(title)
        if not title or len(title.split()) > 8:
            return None
        if when is None:
            return IntentMatch(
                "calendar_create_event",
                {"title": title, **extra},
                "add_event",
                missing={"start": f'When is "{title}"? (e.g. "Friday 3pm")'},
            )
        return IntentMatch(
            "calendar_create_event", {"title": title, "start": when, **extra}, "add_event"
        )

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

    def move_event(text: str) -> IntentMatch | None:
        """ "Move my dentist appointment to Friday at 4pm", "reschedule lunch to 1pm"."""
        m = _MOVE_EVENT.match(text.strip())
        if not m or _OTHER_DOMAINS.search(m.group("what")):
            return None
        what = re.sub(r"\b(?:appointment|meeting|event)s?\b", " ", m.group("what"), flags=re.I)
        what = _title(" ".join(what.split()))
        when = m.group("when").strip(" .")
        if not what or not has_event(what) or not _resolves(when, now()):
            return None
        if not _NAMES_A_DAY.search(when):
            return None  # "to 1pm": which day is meant is the model's (or the user's) to say
        return IntentMatch("calendar_update_event", {"event": what, "start": when}, "move_event")

    def search_events(text: str) -> IntentMatch | None:
        """ "Search my calendar for the dentist", "find the dentist in my calendar"."""
        m = _SEARCH_EVENTS.match(text.strip())
        if not m:
            return None
        wanted = re.sub(
            r"^(?:the|my|a|an)\s+",
            "",
            (m.group("a") or m.group("b") or "").strip(" ?."),
            flags=re.I,
        )
        return (
            IntentMatch("calendar_search_events", {"text": wanted}, "search_events")
            if wanted
            else None
        )

    return [
        ("list_events", list_events),
        ("search_events", search_events),
        ("move_event", move_event),
        ("cancel_event", cancel_event),
        ("add_event", add_event),
        ("event_at_time", event_at_time),
    ]


_REMIND_TO = re.compile(
    r"^(?:please\s+)?remind\s+me\s+(?:to|that i (?:need|have) to|about)\s+(?P<rest>.+?)\.?$", re.I
)
_ADD_TASK = re.compile(
    r"^(?:add|put)\s+(?P<title>.+?)\s+(?:to|on)\s+(?:my\s+|the\s+)?"
    r"(?:to-?do(?:\s+list)?|todos|tasks?(?:\s+list)?)$",
    re.I,
)
_LIST_TASKS = re.compile(
    r"^(?:what(?:'s| is| are)\s+(?:on\s+)?my\s+(?:to-?do(?:\s+list)?|todos|tasks?)|"
    r"(?:show|list)(?:\s+me)?\s+(?:my\s+|the\s+)?(?:open\s+)?(?:to-?do(?:\s+list)?|todos|tasks?)|"
    r"(?:my\s+)?(?:to-?do(?:\s+list)?|todos|tasks))\??$",
    re.I,
)
_DONE = re.compile(
    r"^(?:mark|tick off|check off|complete|finish|cross off)\s+(?:the\s+task\s+|my\s+task\s+)?"
    r"(?P<task>.+?)(?:\s+as\s+(?:done|complete|completed|finished))?(?:\s+(?:off\s+)?my\s+list)?$",
    re.I,
)


def make_task_matchers(
    now: Callable[[], datetime], has_task: Callable[[str], bool] = lambda _: True
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """ "Remind me to call mom tomorrow", "add milk to my todo list", "my tasks", "mark X done"."""

    def add_task(text: str) -> IntentMatch | None:
        m = _REMIND_TO.match(text.strip())
        if m:
            title, when = split_title_and_time(m.group("rest"), now())
            title = _title(title)
            if not title or len(title.split()) > 10:
                return None
            arguments = {"title": title} | ({"due": when} if when else {})
            return IntentMatch("task_add", arguments, "add_task")
        m = _ADD_TASK.match(text.strip())
        if m:
            title = _title(m.group("title"))
            return IntentMatch("task_add", {"title": title}, "add_task") if title else None
        return None

    def list_tasks(text: str) -> IntentMatch | None:
        if _LIST_TASKS.match(text.strip()):
            return IntentMatch("task_list", {}, "list_tasks")
        return None

    def complete_task(text: str) -> IntentMatch | None:
        m = _DONE.match(text.strip())
        if not m:
            return None
        task = _title(m.group("task"))
        if not task or not has_task(task):
            return None
        return IntentMatch("task_complete", {"task": task}, "complete_task")

    return [("add_task", add_task), ("list_tasks", list_tasks), ("complete_task", complete_task)]
