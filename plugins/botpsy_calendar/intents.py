"""Local intents for the calendar: the usual ways people add, cancel and list events.

Matchers are conservative: they answer only when the whole request is clearly a
calendar request with a date they can resolve; anything else goes to the model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from itertools import islice

from assistant.api import (
    IntentMatch,
    Moment,
    TimeParseError,
    moment_parts,
    parse_duration,
    parse_moment,
    parse_span,
)

_ADD = re.compile(
    r"^(?P<verb>add|schedule|put|book|create|set up|make|plan|pencil in|set|arrange|organi[sz]e|enter)\s+"
    r"(?:an?\s+|the\s+|my\s+)?(?P<noun>(?:new\s+)?(?:calendar\s+)?(?:event|appointment|entry)\s+"
    r"(?:for\s+|called\s+|named\s+)?)?"
    r"(?P<rest>.+)$",
    re.I,
)
# "make a dentist appointment": words that make "make" or "put" about the calendar.
_EVENT_NOUN = re.compile(
    r"\b(?:appointments?|meetings?|events?|reservations?|bookings?|interviews?|lessons?)\b", re.I
)
# Verbs that name an event only with a day or time said: "set lunch with ana on friday".
_SOFT_VERBS = {"set", "arrange", "organise", "organize", "enter"}
# "i need a call with the lawyer on friday", "we want to have lunch with ana tomorrow".
_WANT_EVENT = re.compile(
    r"^(?:i|we)(?:\s+(?:need|want|would\s+like)|'d\s+like)\s+(?:to\s+(?:have|schedule|set\s+up|book"
    r"|arrange|plan)\s+)?(?:an?\s+)(?P<rest>(?:meeting|appointment|call|lunch|dinner|breakfast"
    r"|coffee|date)\b.+)$"
    r"|^(?:i|we)(?:\s+(?:need|want|would\s+like)|'d\s+like)\s+to\s+meet(?:\s+up)?\s+(?:with\s+)?(?P<who>.+)$",
    re.I,
)
_CALENDAR_WORDS = re.compile(
    r"\s*\b(?:to|on|in|into)\s+(?:(?:my|the|our)\s+)?(?:(?:work|home|family|personal|shared|google|outlook)\s+)?"
    r"(?:calendar|agenda|diary|schedule)\b\s*",
    re.I,
)
# Requests for other domains that share the verbs ("add milk to my shopping list").
_OTHER_DOMAINS = re.compile(
    r"\b(list|note|notes|contact|contacts|task|tasks|todo|to-do|reminder|cart|playlist|folder|file)\b",
    re.I,
)
_NOT_A_TITLE = re.compile(
    r"^(what|when|where|who|whom|how|why|which|is|are|am|do|does|did|can|could|will|would|should|"
    r"tell|show|find|search|look|send|email|mail|reply|forward|remind|read|check|list|delete|cancel|"
    r"remove|move|open|turn|set|play|call|text|message|i|we|it|there|please|wake|dim|switch|mute|"
    r"unmute|pause|resume|stop|skip)\b",
    re.I,
)
# Domains botpsy has no tool for (alarms, devices, media, weather, rides): never an event.
_NO_TOOL = re.compile(
    r"\b(alarms?|wake|waking|timers?|snooze|lights?|lamps?|bulbs?|thermostat|heating|heater|"
    r"music|songs?|radio|podcasts?|volume|weather|forecast|vacuum|hoover|blinds|curtains|"
    r"tv|television)\b"
    r"|^(?:book|order|reserve|call|get)\s+(?:me\s+)?(?:an?\s+|the\s+|my\s+)?"
    r"(?:taxi|cab|uber|ride|table|flight|train|bus|tickets?|hotel|pizza|food|delivery)\b"
    r"|^(?:make|get|bring|fetch|brew)\s+(?:me|us)\b",
    re.I,
)
_CANCEL = re.compile(
    r"^(?:cancel|delete|remove|drop|call off|clear|erase)\s+(?:my\s+|the\s+|our\s+|that\s+)?(?P<rest>.+?)"
    r"(?P<where>\s+(?:from|off|in|on)\s+(?:my|the)(?:\s+(?P<day>[\w\s']{1,30}?))?"
    r"\s+(?:calendar|agenda|schedule|diary))?$",
    re.I,
)
# Words that make a cancel a calendar request even when no event has those words yet
# (the tool then says clearly that none matches): "cancel our lunch on the ninth".
_EVENT_WORDS = re.compile(
    r"\b(?:meetings?|appointments?|appt|events?|calendar|agenda|schedule|diary|reservation"
    r"|lunch|dinner|breakfast|brunch|party|birthday|bday|interview|call|class|session)\b",
    re.I,
)
# Many events at once: "clear my day", "delete all my meetings this week", "wipe my calendar".
# Never a bulk delete on the intents path: the assistant asks which one (deletes ask anyway).
_CLEAR_ALL = re.compile(
    r"^(?:(?:completely|totally|fully|entirely|just)\s+)?(?:(?:clear|wipe|empty|free\s+up)(?:\s+out)?\s+(?:(?:my|the|our)\s+)?(?P<what>calendar|agenda|schedule"
    r"|diary|day|morning|afternoon|evening|week|weekend)(?P<rest1>.*)"
    r"|(?:delete|remove|cancel|clear|erase)\s+(?:(?:all|every|each)\s+(?:of\s+)?(?:(?:my|the|our)\s+)?"
    r"(?:calendar\s+)?(?:events?|meetings?|appointments?|entries|plans|data|items|things)|everything)"
    r"(?P<rest2>.*)"
    r"|(?:delete|remove|erase|wipe)\s+(?:(?:my|the|our)\s+)?(?:(?:whole|entire)\s+)?"
    r"(?:calendar|agenda|schedule|diary)(?P<rest3>.*))$",
    re.I,
)
_SEARCH_EVENTS = re.compile(
    r"^(?:search|look through|check)\s+(?:my\s+|the\s+)?(?:calendar|agenda|schedule)\s+for\s+(?P<a>.+)$"
    r"|^(?:find|look for|search for)\s+(?P<b>.+?)\s+(?:in|on)\s+(?:my\s+|the\s+)?(?:calendar|agenda|schedule)\??$",
    re.I,
)
_MOVE_EVENT = re.compile(
    r"^(?:please\s+)?(?:move|reschedule|shift|push|postpone|change|put off|bring forward|delay)"
    r"(?:\s+(?:back|forward))?\s+(?P<rest>.+)$",
    re.I,
)
_RENAME = re.compile(
    r"^(?:rename|retitle|change\s+the\s+(?:name|title)\s+of)\s+(?P<rest>.+)$", re.I
)
_RESIZE = re.compile(
    r"^(?:make|change|set|shorten|lengthen|extend|cut|shrink|trim|reduce)"
    r"(?:\s+the\s+(?:length|duration)\s+of)?\s+(?P<rest>.+)$",
    re.I,
)
_RESIZE_FILLER = {"to", "down", "up", "back", "last", "take", "run", "be", "only", "just", "for"}
_REMINDER_FOR = re.compile(
    r"^(?:(?:add|set|put|create|set up|schedule)\s+(?:an?\s+)?(?:(?P<length>[\w.\s-]{1,40}?)\s+)?"
    r"(?:reminder|alert|notification)"
    r"|remind\s+me(?:\s+about)?)\s+(?P<rest>.+)$",
    re.I,
)
_BEFORE = (
    r"(?:before(?:hand)?|ahead(?:\s+of\s+time)?|earlier|in\s+advance|prior)(?:\s+(?:it|that))?"
)
# At most this many " to " cuts are tried, so a long request costs no more than a short one.
_MAX_CUTS = 6
_EVENT_NOUNS = {"appointment", "appointments", "appt", "event", "events", "entry"}
_DETERMINERS = {"the", "my", "our", "a", "an", "that", "this", "your"}
# An agenda question asked the way people speak: "do i have anything on saturday", "am i busy
# this weekend", "any meetings tomorrow", "how many appointments next week".
_AGENDA_LEAD = re.compile(
    r"^(?:(?:do|will|did)\s+(?:i|we)\s+(?:have|got|need to be)|have\s+i\s+got|(?:am|are)\s+(?:i|we)"
    r"|(?:is|are)\s+(?:there|the|my|our)|any|anything|how\s+many|when(?:'s|\s+is|\s+are|s)?|what(?:'s|\s+is|\s+are|s)?"
    r"|(?:tell|give|read)\s+me|show(?:\s+me)?|list|check)\b",
    re.I,
)
_AGENDA_WORDS = re.compile(
    r"\b(?:calendar|agenda|schedule|scheduled|events?|meetings?|appointments?|plans|planned"
    r"|programs?|busy|free|booked|anything\s+(?:on|going\s+on|happening)|anywhere\s+to\s+be"
    r"|coming\s+up|upcoming)\b",
    re.I,
)
_REMINDER_WORDS = re.compile(r"\b(?:reminders?|tasks?|to-?dos?|alerts)\b", re.I)
_IN_CALENDAR = re.compile(
    r"\s+(?:in|on|from)\s+(?:my|the)\s+(?:calendar|agenda|schedule|diary)$", re.I
)
# The agenda named and nothing else: "coming appointments", "my schedule for friday", "agenda".
_BARE_AGENDA = re.compile(
    r"^(?:(?:my|the|our)\s+)?(?:upcoming\s+|next\s+|coming\s+)?(?:calendar|agenda|schedule|diary"
    r"|events|appointments|meetings)(?:\s+(?:for\s+|on\s+)?(?P<when>.+))?$",
    re.I,
)
_NOT_A_QUESTION = re.compile(
    r"\b(?:add|schedule\s+(?:a|an|the|my)|book|put|create|cancel|delete|remove|move|reschedule"
    r"|rename|remind\s+me|set(?=\s))\b",
    re.I,
)
_AGENDA_TAIL_WORDS = 8  # the time phrase is looked for in the last words only
_SOON = {"coming", "up", "upcoming", "soon", "next", "events", "event"}
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


def pinned(phrase: str, now: datetime) -> str:
    """A time phrase as the ISO time it means now, for a call that waits for an answer.

    "Remind me tomorrow at 2pm" answered after midnight still means the day it was said.
    """
    moment = parse_moment(phrase, now)
    if moment.all_day:
        return moment.start.date().isoformat()
    return moment.start.isoformat(timespec="minutes")


def _event_words(text: str) -> str:
    """The words that name an existing event: "the dentist appointment" → "Dentist"."""
    words = [w for w in text.split() if w.lower() not in _EVENT_NOUNS]
    while words and words[0].lower() in _DETERMINERS:
        words.pop(0)
    if len(words) > 1 and words[-1].lower() in ("meeting", "meetings"):
        words.pop()  # "the standup meeting", but "meeting with ana" keeps it
    if words:
        words[-1] = re.sub(r"(?:'s|’s)$", "", words[-1])
    return _title(" ".join(words))


def _old_day(what: str, now: datetime) -> tuple[str, str | None]:
    """ "dentist from friday" → ("dentist", "friday"): the day the event is on now, if named."""
    m = re.match(r"^(?P<what>.+?)\s+(?:from|on)\s+(?P<day>.+)$", what, re.I)
    if m and _resolves(m.group("day"), now) and not moment_parts(m.group("day"), now)[1]:
        return m.group("what"), m.group("day")
    return what, None


def _minutes(text: str) -> int | None:
    """A length of time in whole minutes, or None."""
    try:
        return int(parse_duration(text).total_seconds() // 60) or None
    except TimeParseError:
        return None


def _duration_suffix(text: str) -> tuple[str, int] | None:
    """ "the standup fifteen minutes" → ("the standup", 15): the longest length at the end."""
    words = text.split()
    for k in range(min(7, len(words) - 1), 0, -1):
        minutes = _minutes(" ".join(words[-k:]))
        if minutes is not None:
            return " ".join(words[:-k]), minutes
    return None


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
    found = list(islice(_REPEAT.finditer(text), 4))
    # "every monday" over a bare "weekly", which may be part of the title ("weekly review")
    m = next((f for f in found if f.group(0).lower().startswith(("every", "each"))), None)
    m = m or (found[0] if found else None)
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


# What a contact card holds, asked about a person: "what's ana's surname", "bob's home address".
_DETAIL = (
    r"(?:e-?mail|home|postal|street)\s+address|e-?mail|(?:(?:mobile|cell|home|work|phone)\s+)?"
    r"(?:phone\s+)?number|phone|last\s+name|surname|family\s+name"
    r"|contact(?:\s+(?:details|info|information|card|number))?|details"
)
_PERSON = r"(?P<name>(?:my\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)"
_CONTACT_ASK = [
    re.compile(
        rf"^(?:what(?:'s|s|\s+is|\s+are)|give\s+me|tell\s+me|show\s+me|find|get|look\s+up|read\s+me)\s+"
        rf"{_PERSON}(?:'s|’s|s')\s+(?:{_DETAIL})$",
        re.I,
    ),
    re.compile(
        rf"^(?:what(?:'s|s|\s+is|\s+are)|give\s+me|tell\s+me|show\s+me|find|get|look\s+up|read\s+me)\s+"
        rf"(?:the\s+)?(?:{_DETAIL})\s+(?:of|for)\s+{_PERSON}$",
        re.I,
    ),
    re.compile(
        rf"^(?:is\s+there|do\s+i\s+have)\s+(?:a\s+)?contact\s+(?:named|called|for)\s+{_PERSON}"
        r"(?:\s+in\s+my\s+(?:contacts|contact\s+list|address\s+book|list|phone))?$",
        re.I,
    ),
    re.compile(
        rf"^(?:find|search\s+for|look\s+up|look\s+for|check\s+for)\s+{_PERSON}\s+in\s+my\s+"
        r"(?:contacts|contact\s+list|address\s+book)$",
        re.I,
    ),
]
_NOT_PERSON = re.compile(
    r"^(?:my|your|his|her|their|our|the|this|that|it|its|a|an|me|you)(?:\s|$)", re.I
)


def make_contact_details_matcher() -> Callable[[str], IntentMatch | None]:
    """ "What is ana's surname", "tell me the phone number of my brother" → contacts_find."""

    def contact_details(text: str) -> IntentMatch | None:
        cleaned = " ".join(text.strip().rstrip("?.").split())
        for pattern in _CONTACT_ASK:
            m = pattern.match(cleaned)
            if m:
                name = re.sub(r"^my\s+", "", m.group("name"), flags=re.I).strip()
                if not name or _NOT_PERSON.match(name):
                    return None
                return IntentMatch("contacts_find", {"name": name}, "contact_details")
        return None

    return contact_details


_FULL_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def make_matchers(
    now: Callable[[], datetime],
    has_event: Callable[[str], bool] = lambda _: True,
    event_start: Callable[[str], Moment | None] | None = None,
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """The calendar's matchers, resolving dates against `now()`.

    `has_event(words)` says whether an event with those title words exists, so
    "cancel my subscription" goes to the model rather than the calendar.
    `event_start(words)` is the current start of the one event those words name
    (None when none or several do): "move the dentist to 4pm" keeps its day with it,
    "move it to monday" its time. Without it a time alone is left to the model.
    """

    def add_event(text: str) -> IntentMatch | None:
        m = _ADD.match(text)
        if not m or "?" in text or _NO_TOOL.search(text):
            return None
        verb = m.group("verb").lower()
        if (
            verb == "put"
            and re.match(r"on\b", m.group("rest"), re.I)
            and not _CALENDAR_WORDS.search(text)
        ):
            return None  # "put on some music", "put on the night album": not an event
        # "put the game on": "put" names an event only with a day, a time or the calendar said
        soft = verb in _SOFT_VERBS or (
            verb in ("put", "make")
            and not _CALENDAR_WORDS.search(text)
            and not m.group("noun")
            and not _EVENT_NOUN.search(m.group("rest"))
        )
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
            if _minutes(tail) is not None:
                return None  # "make the standup 15 minutes": a length, not a start
            title, when = rest[: rest.rindex(tail)], tail  # the tool explains what is wrong with it
        title = _title(title)
        if not title or len(title.split()) > 8 or _resolves(title, now()):
            return None  # "add wednesday at 6pm": a time with no title
        if re.search(r"\b(?:calendar|agenda|diary)\b", title, re.I):
            return None  # "make my calendar blank on friday": about the calendar, not an event
        if soft and re.search(r"\b(?:to|as)\b", title, re.I):
            return None  # "set my status to away until friday": a setting, not an event
        if when is None:
            if soft:
                return None  # "set the table": no event without a day or time
            return IntentMatch(
                "calendar_create_event",
                {"title": title, **extra},
                "add_event",
                missing={"start": f'When is "{title}"? (e.g. "Friday 3pm")'},
            )
        return IntentMatch(
            "calendar_create_event", {"title": title, "start": when, **extra}, "add_event"
        )

    def want_event(text: str) -> IntentMatch | None:
        """ "I need a call with the lawyer on friday", "i want to meet ana tomorrow at noon".

        Only with a day or time said, so "i need a coffee" stays with the model.
        """
        m = _WANT_EVENT.match(text.strip())
        if not m or "?" in text or _NO_TOOL.search(text) or _OTHER_DOMAINS.search(text):
            return None
        rest = m.group("rest") or ""
        if m.group("who"):
            title, when = split_title_and_time(m.group("who"), now())
            title = f"Meeting with {title.strip()}" if title.strip() else ""
        else:
            title, when = split_title_and_time(rest, now())
        title = _title(title)
        if when is None or not title or len(title.split()) > 8 or _resolves(title, now()):
            return None
        return IntentMatch("calendar_create_event", {"title": title, "start": when}, "add_event")

    def event_at_time(text: str) -> IntentMatch | None:
        """ "Dentist at 3pm Friday", "lunch with Bob tomorrow at noon": a short title then a time."""
        if "?" in text or _NOT_A_TITLE.match(text) or _OTHER_DOMAINS.search(text):
            return None
        if _NO_TOOL.search(text):
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
        if (
            not title
            or len(title.split()) > 5
            or _resolves(title, now())
            or _ADD.match(title + " x")
        ):
            return None  # no title: "add tomorrow ten am"
        return IntentMatch(
            "calendar_create_event", {"title": title, "start": when}, "event_at_time"
        )

    def cancel_event(text: str) -> IntentMatch | None:
        m = _CANCEL.match(text)
        if (
            not m
            or _OTHER_DOMAINS.search(text)
            or _NO_TOOL.search(text)
            or re.search(r"\b(e?mails?|messages?)\b", text, re.I)
        ):
            return None
        rest = m.group("rest")
        if m.group("day"):  # "delete the gym from my saturday schedule"
            rest += " on " + m.group("day")
        rest = re.sub(r"(?:'s|’s)\s+", " ", rest)  # "friday's lunch": the day, then the event
        what, when = _leading_day(rest)
        if when is None:
            what, when = split_title_and_time(rest, now())
        what = _event_words(what)
        if not what or re.fullmatch(r"(?:it|this|that|one|all|everything)", what, re.I):
            return None
        if re.search(r"\b(?:calendar|agenda|schedule|diary|anything|everything|all)\b", what, re.I):
            return None  # "clear my schedule of ...": about the calendar, not one event
        if re.search(r"\d|\b(?:daily|weekly|monthly|every|each|next|last|first|and)\b", what, re.I):
            return None  # a time, a rule or a second request in the words: the model reads those
        if len(what.split()) > 5:
            return None
        if when and not _is_day(when):
            return None  # "cancel my 5pm daily call": a time or a range is the model's to read
        if not has_event(what) and not (m.group("where") or _EVENT_WORDS.search(m.group("rest"))):
            return None  # "cancel my subscription"
        arguments: dict[str, str] = {"event": what}
        if when:
            arguments["day"] = when
        return IntentMatch("calendar_delete_event", arguments, "cancel_event")

    def _leading_day(text: str) -> tuple[str, str | None]:
        """ "friday lunch" → ("lunch", "friday"): a day said before the event's words."""
        words = text.split()
        for k in range(min(4, len(words) - 1), 0, -1):
            head = " ".join(words[:k])
            if not any(ch.isdigit() for ch in head) and _is_day(head):
                return " ".join(words[k:]), head
        return text, None

    def _is_day(phrase: str) -> bool:
        """Whether `phrase` names one day (with or without a time of day)."""
        try:
            return moment_parts(phrase, now())[0]
        except TimeParseError:
            return False

    def clear_events(text: str) -> IntentMatch | None:
        """ "Clear my day", "delete all my meetings tomorrow": asked one at a time, never in bulk."""
        m = _CLEAR_ALL.match(text.strip().rstrip("?. "))
        if not m or _OTHER_DOMAINS.search(text) or _NO_TOOL.search(text):
            return None
        said_events = (
            r"\b(?:calendar|agenda|schedule|diary|events?|meetings?|appointments?|entries|plans)\b"
        )
        if m.group("rest2") is not None and not re.search(said_events, text, re.I):
            return None  # "delete everything", "delete all data": not said of the calendar
        rest = (m.group("rest1") or m.group("rest2") or m.group("rest3") or "").strip()
        rest = re.sub(
            r"\s*\b(?:from|in|on|off)\s+(?:my|the)\s+(?:calendar|agenda|schedule)\b", "", rest
        )
        rest = re.sub(r"^(?:(?:out|clean|completely|entirely)(?:\s+|$))+", "", rest, flags=re.I)
        rest = re.sub(r"^(?:(?:for|on|of|from)\s+)?(?:the\s+)?", "", rest, flags=re.I).strip()
        when = rest if rest and _spans(rest) else None
        kinds = r"(?:all\s+)?(?:my\s+)?(?:meetings|appointments|events|plans|calls)"
        if rest and when is None and not re.fullmatch(kinds, rest, re.I):
            return None  # "clear my day and call ana", "clear my schedule of anything boring"
        what = (m.group("what") or "").lower()
        if when is None and what in ("day", "morning", "afternoon", "evening"):
            when = "today"
        elif when is None and what in ("week", "weekend"):
            when = f"this {what}"
        label = f" ({when})" if when else ""
        question = (
            f"I cancel events one at a time, each after you confirm: which one{label}? "
            '("what\'s on my calendar" lists them)'
        )
        arguments = {"day": pinned(when, now())} if when and _is_day(when) else {}
        return IntentMatch(
            "calendar_delete_event", arguments, "clear_events", missing={"event": question}
        )

    def _spans(phrase: str) -> bool:
        try:
            parse_span(phrase, now())
        except TimeParseError:
            return False
        return True

    def list_events(text: str) -> IntentMatch | None:
        bare = _BARE_AGENDA.match(text.strip().rstrip("?. "))
        if bare:
            when = (bare.group("when") or "").strip()
            if not when or set(when.lower().split()) <= _SOON:
                return IntentMatch("calendar_list_events", {}, "list_events")
            try:
                parse_span(when, now())
            except TimeParseError:
                return None
            return IntentMatch("calendar_list_events", {"when": when}, "list_events")
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

    def agenda_question(text: str) -> IntentMatch | None:
        """ "Am I free on Sunday?", "any meetings tomorrow", "do i have anything on friday".

        The time is the longest end of the request that reads as a day or a range;
        without one the next seven days are shown. Reminders and tasks are listed as tasks.
        """
        question = " ".join(text.strip().rstrip("?.").split())
        if not _AGENDA_LEAD.match(question) or _NOT_A_QUESTION.search(question):
            return None
        if _REMINDER_ASK.match(question):
            return None  # "give me a reminder to ...": a request, not a question
        question = _IN_CALENDAR.sub("", question).strip()
        if re.search(r"\b(?:e-?mails?|inbox|messages?|news|weather)\b", question, re.I):
            return None  # "any email alerts": another domain's question
        if _REMINDER_WORDS.search(question) and not _AGENDA_WORDS.search(question):
            return IntentMatch("task_list", {}, "list_tasks")
        if not _AGENDA_WORDS.search(question):
            return None
        words = question.split()
        for start in range(max(1, len(words) - _AGENDA_TAIL_WORDS), len(words)):
            tail = " ".join(words[start:])
            tail = re.sub(
                r"^(?:(?:on|for|in|during|at|of)\s+)?(?:the\s+)?(?=\S)", "", tail, flags=re.I
            )
            if set(tail.lower().split()) <= _SOON:
                break  # "coming up", "upcoming": the default window
            try:
                parse_span(tail, now())
            except TimeParseError:
                continue
            return IntentMatch("calendar_list_events", {"when": tail}, "list_events")
        return IntentMatch("calendar_list_events", {}, "list_events")

    def move_event(text: str) -> IntentMatch | None:
        """ "Move the dentist appointment to 4pm", "reschedule my call with ana to monday".

        A time alone keeps the event's day, a day alone keeps its time: both need the
        event's current start (`event_start`) unless the request names the old day.
        """
        m = _MOVE_EVENT.match(text.strip())
        if not m or _NO_TOOL.search(text):
            return None
        rest = m.group("rest")
        for cut in islice(re.finditer(r"\s+(?:to|until|till|for)\s+", rest, re.I), _MAX_CUTS):
            when = rest[cut.end() :].strip(" .")
            if not _resolves(when, now()):
                continue
            what, day = _old_day(rest[: cut.start()], now())
            what = re.sub(r"\s+(?:back|forward|over)$", "", what, flags=re.I)
            if _OTHER_DOMAINS.search(what) or not (event := _event_words(what)):
                return None
            if not has_event(event):
                return None
            start = _keep_the_rest(event, when, day)
            if start is None:
                return None
            arguments = {"event": event, "start": start} | ({"day": day} if day else {})
            return IntentMatch("calendar_update_event", arguments, "move_event")
        return None

    def _keep_the_rest(event: str, when: str, day: str | None) -> str | None:
        """`when` made whole: a time alone on the event's day, a day alone at its time."""
        has_day, has_time = moment_parts(when, now())
        if has_day == has_time:
            return when
        current = event_start(event) if event_start else None
        if has_time:  # "to 4pm"
            if day:
                return f"{when} {day}"
            return f"{when} on {current.start.date().isoformat()}" if current else None
        if current is None or current.all_day:  # "to monday"
            return when
        return f"{when} at {current.start.strftime('%H:%M')}"

    def rename_event(text: str) -> IntentMatch | None:
        """ "Rename the dentist appointment to dentist checkup"."""
        m = _RENAME.match(text.strip())
        if not m:
            return None
        rest = m.group("rest")
        for cut in islice(re.finditer(r"\s+(?:to|as|into)\s+", rest, re.I), _MAX_CUTS):
            event = _event_words(rest[: cut.start()])
            title = _title(rest[cut.end() :].strip(" \"'“”"))
            if event and title and has_event(event):
                arguments = {"event": event, "title": title}
                return IntentMatch("calendar_update_event", arguments, "rename_event")
        return None

    def resize_event(text: str) -> IntentMatch | None:
        """ "Make the standup 15 minutes", "shorten the standup to fifteen minutes"."""
        m = _RESIZE.match(text.strip())
        if not m or _NO_TOOL.search(text):
            return None
        found = _duration_suffix(re.sub(r"\s+(?:long|in total)$", "", m.group("rest"), flags=re.I))
        if found is None:
            return None
        what, minutes = found
        words = what.split()
        while words and words[-1].lower() in _RESIZE_FILLER:
            words.pop()
        event = _event_words(" ".join(words))
        if not event or not has_event(event) or words[-1:] == ["by"]:
            return None
        arguments = {"event": event, "duration_minutes": minutes}
        return IntentMatch("calendar_update_event", arguments, "resize_event")

    def event_reminder(text: str) -> IntentMatch | None:
        """ "Add a reminder to the dentist appointment 30 minutes before"."""
        m = _REMINDER_FOR.match(text.strip())
        if not m or "?" in text:
            return None
        rest, found = m.group("rest"), None
        before = re.match(rf"^(?P<length>.+?)\s+{_BEFORE}\s+(?P<what>.+)$", rest, re.I)
        after = re.match(rf"^(?:(?:to|for|on|about|of)\s+)?(?P<what>.+?)\s+{_BEFORE}$", rest, re.I)
        if m.group("length"):  # "add a 30 minute reminder to the dentist"
            what = re.sub(r"^(?:to|for|on|about)\s+", "", rest, flags=re.I)
            found = (what, _minutes(m.group("length")))
        elif before:  # "remind me 30 minutes before the dentist"
            found = (before.group("what"), _minutes(before.group("length")))
        elif after:  # "add a reminder to the dentist 30 minutes before"
            found = _duration_suffix(after.group("what"))
        if found is None or found[1] is None:
            return None
        event = _event_words(found[0])
        if not event or not has_event(event):
            return None
        arguments = {"event": event, "reminder_minutes": found[1]}
        return IntentMatch("calendar_update_event", arguments, "event_reminder")

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
        ("event_reminder", event_reminder),
        ("rename_event", rename_event),
        ("resize_event", resize_event),
        ("move_event", move_event),
        ("clear_events", clear_events),
        ("cancel_event", cancel_event),
        ("add_event", add_event),
        ("want_event", want_event),
        ("event_at_time", event_at_time),
        ("agenda_question", agenda_question),
        ("contact_details", make_contact_details_matcher()),
    ]


# Other ways to ask for a reminder: "create a reminder for the piano lesson", "remind me at 5pm",
# "i need a reminder to water the plants", "give me a reminder to ring ana on friday".
_REMINDER_ASK = re.compile(
    r"^(?:please\s+)?(?:"
    r"remind\s+me(?:\s+(?:that|of|about))?"
    r"|(?:set|add|create|make|put|schedule|send\s+me|give\s+me|i\s+(?:need|want|would\s+like))"
    r"(?:\s+up)?\s+(?:me\s+)?(?:an?\s+|the\s+|my\s+)?(?:new\s+|quick\s+)?(?:reminder|reminders)"
    r"(?:\s+for\s+me)?(?:\s+(?:to|for|that|about|of|on))?"
    r"|i\s+(?:need|want|would\s+like)\s+to\s+be\s+reminded(?:\s+(?:to|that|about|of))?"
    r")(?:\s+(?P<rest>.+?))?\.?$",
    re.I,
)
