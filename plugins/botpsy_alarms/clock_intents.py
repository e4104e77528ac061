"""Local intents for the clock: "what time is it", "what is today's date", "time in tokyo",
"what day is christmas", "how many days until friday", "what's 3pm london time in tokyo".

A small model asked the time reaches for whatever tool mentions time (a timer, the
calendar, the player's "now playing"); these shapes answer from the clock first. Each
claims a request only when what it names resolves: a place must be a known zone, a day
a date, so "what day is the dentist" and "what time is the game" stay with the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch, TimeParseError, parse_moment
from botpsy_alarms.clock import knows_day, knows_place, named_day

Now = Callable[[], datetime]
Matcher = Callable[[str], IntentMatch | None]

# How a question opens: "what's", "tell me", "do you know", "i'd like to know", "check".
_ASK = (
    r"(?:(?:(?:do|would)\s+you\s+know|(?:can|could)\s+you\s+(?:tell|give|show)\s+me"
    r"|i\s+(?:want|need|would\s+like)\s+to\s+know|i'?d\s+like\s+to\s+know|tell\s+me|give\s+me"
    r"|show\s+me|let\s+me\s+know|check|say|find\s+out)\s+)?"
)
_WHAT = r"(?:what(?:'?s|\s+is|\s+was|\s+will\s+be)?|which(?:'?s|\s+is)?)"
_NOW = r"(?:\s+(?:now|right\s+now|currently|at\s+the\s+moment|just\s+now|please))*"
_WHERE = r"(?:\s+(?:over\s+)?(?:there\s+)?(?:in|at|for|of)\s+(?P<place>[\w' .-]+?))?"
# "what time is it (in tokyo) (now)", "the current time in paris", "time please".
_TIME = re.compile(
    rf"^{_ASK}(?:{_WHAT}\s+)?(?:the\s+)?(?:current\s+|exact\s+|local\s+|actual\s+)?"
    r"(?:time|hour)(?:\s+(?:is\s+it|it\s+is|now\s+is\s+it|do\s+they\s+have|is\s+it\s+now))?"
    rf"{_NOW}{_WHERE}{_NOW}(?:\s+(?:time|right\s+now|now))?\??$",
    re.I,
)
# "what's the date (today)", "what day is it", "today's date", "what month is it".
_TODAY = re.compile(
    rf"^{_ASK}(?:{_WHAT}\s+)?(?:the\s+|today'?s\s+|todays\s+|current\s+)?"
    r"(?:date|day(?:\s+of\s+the\s+(?:week|month))?|month|year|week|date\s+and\s+(?:the\s+)?time"
    r"|time\s+and\s+(?:the\s+)?date|day\s+and\s+date)"
    rf"(?:\s+(?:is\s+it|it\s+is|is\s+today|today\s+is|are\s+we\s+in|is\s+this))?{_NOW}"
    r"(?:\s+(?:is\s+it\s+|will\s+it\s+be\s+|was\s+it\s+)?(?P<today>today|tomorrow|yesterday))?"
    r"(?:\s+is\s+it)?\??$",
    re.I,
)
_TODAY_BARE = re.compile(rf"^{_ASK}{_WHAT}\s+(?:is\s+)?(?P<today>today)\??$", re.I)
# "what day is christmas", "what date is next friday", "what day of the week is the 5th",
# "what day does halloween fall on", "what's the date on friday".
_DAY_OF = re.compile(
    rf"^{_ASK}{_WHAT}\s+(?:the\s+)?(?:day(?:\s+of\s+the\s+week)?|date|weekday)\s+"
    r"(?:is|was|will\s+be|does|did|falls?|of|on|for|is\s+it|will\s+it\s+be)\s+(?:on\s+)?"
    r"(?P<day>.+?)(?:\s+(?:fall|falls|land|lands|be)(?:\s+on)?|\s+on)?\??$",
    re.I,
)
# "is the 5th a saturday", "will christmas be on a friday".
_IS_WEEKDAY = re.compile(
    r"^(?:is|was|will|does)\s+(?P<day>.+?)\s+(?:be\s+|fall\s+|land\s+)?(?:on\s+)?an?\s+"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend)\??$",
    re.I,
)
_WHEN_IS = re.compile(r"^(?:when\s+is|when's|whens)\s+(?P<day>.+?)\??$", re.I)
# "how many days until christmas", "how long till friday", "days left to new year".
_UNTIL = re.compile(
    rf"^{_ASK}(?:how\s+(?:many|much)\s+(?:more\s+)?(?:days|weeks|time|sleeps|nights)|how\s+long|number\s+of\s+days"
    r"|days)(?:\s+(?:are|is)\s+(?:there|it|left))?(?:\s+(?:are\s+)?(?:left|remaining|to\s+go))?"
    r"\s+(?:until|till|til|to|before|for)\s+(?P<day>.+?)(?:\s+(?:is\s+here|comes|arrives))?\??$",
    re.I,
)
_CLOCK = (
    r"(?:\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)?|noon|midnight|midday"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?:\s+(?:o'?clock|fifteen|thirty|forty\s+five))?(?:\s+(?:am|pm|a\.m\.|p\.m\.))?)"
)
_ZONE_WORDS = r"(?:\s+(?:time(?:\s+zone)?|timezone))?"
# "what's 3pm london time in tokyo", "convert 9am est to pst", "what is noon in paris in tokyo time".
_CONVERT = re.compile(
    rf"^{_ASK}(?:{_WHAT}\s+|convert\s+|change\s+)(?P<time>{_CLOCK})\s+(?:in\s+|at\s+)?"
    rf"(?P<source>[\w' .-]+?){_ZONE_WORDS}\s+(?:in|to|into|for)\s+(?P<place>[\w' .-]+?)"
    rf"{_ZONE_WORDS}(?:\s+time)?\??$",
    re.I,
)
# "what time is 3pm in tokyo" (3pm here), "if it's 3pm in london what time is it in tokyo".
_CONVERT_HERE = re.compile(
    rf"^{_ASK}what\s+time\s+(?:is|will\s+it\s+be)\s+(?P<time>{_CLOCK})(?:\s+(?:here|my\s+time|local\s+time))?"
    rf"\s+(?:in|for)\s+(?P<place>[\w' .-]+?){_ZONE_WORDS}\??$",
    re.I,
)
_CONVERT_IF = re.compile(
    rf"^(?:if|when)\s+it(?:'?s|\s+is)\s+(?P<time>{_CLOCK})\s+(?:in\s+)?(?P<source>[\w' .-]+?)"
    rf"{_ZONE_WORDS}\s+what\s+time\s+(?:is\s+it|will\s+it\s+be|would\s+it\s+be)\s+in\s+"
    rf"(?P<place>[\w' .-]+?){_ZONE_WORDS}\??$",
    re.I,
)
_CONVERT_WHEN = re.compile(
    rf"^{_ASK}(?:what\s+(?:is\s+the\s+|'?s\s+the\s+)?time\s+(?:is\s+it\s+|will\s+it\s+be\s+)?in)\s+"
    rf"(?P<place>[\w' .-]+?){_ZONE_WORDS}\s+(?:when|if)\s+(?:it(?:'?s|\s+is)\s+(?P<time>{_CLOCK})\s+"
    rf"in\s+(?P<source>[\w' .-]+?)|the\s+time\s+in\s+(?P<source2>[\w' .-]+?)\s+is\s+(?P<time2>{_CLOCK}))"
    r"\??$",
    re.I,
)
# "what time zone is denver in", "the time difference with tokyo", "is the time different in x".
_ZONE_OF = re.compile(
    rf"^{_ASK}(?:(?:{_WHAT}|is)\s+)?(?:the\s+)?(?:time\s*zone|time\s+difference|time\s+different)\s+"
    r"(?:is|of|for|in|with|to|between\s+(?:here|me|us)\s+and)\s+(?P<place>[\w' .-]+?)(?:\s+in)?\??$",
    re.I,
)
# The part of the day somewhere: "is it morning in auckland yet", "is it still night in tokyo",
# "is it dark in lima now" (the place must be a known zone, so "is it dark in here" is not).
_DAY_PART_THERE = re.compile(
    r"^(?:is\s+it|it\s+is|is\s+it\s+still|would\s+it\s+be)\s+(?:still\s+|already\s+)?"
    r"(?:morning|afternoon|evening|night(?:time)?|day(?:time|light)?|dark|light|late|early|midnight"
    r"|bedtime|lunchtime|lunch|breakfast(?:\s+time)?|dinnertime|teatime|the\s+weekend|working\s+hours)"
    r"(?:\s+(?:yet|already|now))?\s+(?:over\s+)?(?:in|at)\s+(?P<place>[\w' .-]+?)"
    r"(?:\s+(?:yet|already|now|right\s+now|at\s+the\s+moment))?\??$",
    re.I,
)
_ELSEWHERE = re.compile(
    r"(?:an?other|a\s+different|some\s+other|other)\s+(?:city|country|place|time\s*zone|zone)",
    re.I,
)
_HERE = re.compile(r"^(?:here|my\s+(?:place|house|home|area|location)|this\s+place)$", re.I)


def _place(text: str | None) -> str | None:
    """The place as the user said it, "" for here; None when no zone is known for it."""
    if not text or _HERE.match(text.strip()):
        return ""
    place = re.sub(r"^(?:the\s+)", "", text.strip(), flags=re.I)
    return place if knows_place(place) else None


def _clock_time(text: str, now: datetime) -> bool:
    try:
        return not parse_moment(text, now).all_day
    except TimeParseError:
        return False


def clock_matchers(now: Now) -> list[tuple[str, Matcher]]:
    """The clock's matchers, in the order they are tried."""

    def convert(text: str) -> IntentMatch | None:
        for pattern in (_CONVERT_WHEN, _CONVERT_IF, _CONVERT, _CONVERT_HERE):
            m = pattern.match(text)
            if not m:
                continue
            groups = m.groupdict()
            time = groups.get("time") or groups.get("time2") or ""
            if not _clock_time(time, now()):
                continue
            place = _place(m.group("place"))
            source = _place(groups.get("source") or groups.get("source2"))
            if place is None or source is None or not (place or source):
                continue
            arguments = {"time": time} | ({"place": place} if place else {})
            return IntentMatch("time_now", arguments | ({"from_place": source} if source else {}))
        return None

    def time_here_or_there(text: str) -> IntentMatch | None:
        m = _TIME.match(text) or _ZONE_OF.match(text) or _DAY_PART_THERE.match(text)
        if not m:
            return None
        if m.group("place") and _ELSEWHERE.fullmatch(m.group("place")):
            return IntentMatch("time_now", {}, missing={"place": "Which city or time zone?"})
        place = _place(m.group("place"))
        if place is None or (not place and m.re is _DAY_PART_THERE):
            return None  # "is it dark in here": no place asked about
        return IntentMatch("time_now", {"place": place} if place else {})

    def date_today(text: str) -> IntentMatch | None:
        m = _TODAY.match(text) or _TODAY_BARE.match(text)
        if not m:
            return None
        day = m.group("today")
        return IntentMatch("time_now", {"day": day.lower()} if day else {})

    def which_day(text: str) -> IntentMatch | None:
        m = _DAY_OF.match(text) or _UNTIL.match(text) or _IS_WEEKDAY.match(text)
        if m:
            day = re.sub(r"^it\s+(?:on\s+)?", "", m.group("day").strip(), flags=re.I)
            return IntentMatch("time_now", {"day": day}) if knows_day(day, now()) else None
        m = _WHEN_IS.match(text)
        if m and named_day(m.group("day"), now().date()):  # only the days of the table
            return IntentMatch("time_now", {"day": m.group("day").strip()})
        return None

    matchers: list[tuple[str, Matcher]] = [
        ("convert_time", convert),
        ("time_now", time_here_or_there),
        ("date_today", date_today),
        ("which_day", which_day),
    ]
    return [(name, _named(matcher)) for name, matcher in matchers]


# A name said first ("juno what time is it"): one word that does not itself ask or refuse.
_FIRST = re.compile(
    r"^(?!(?:what|whats|what's|how|when|which|is|do|does|can|could|tell|not|no|don'?t|never|the|my)\b)"
    r"[a-z]+,?\s+(?=(?:what|how|when|which|tell|do|can|could|is)\b)",
    re.I,
)


def _named(matcher: Matcher) -> Matcher:
    """The matcher, tried again without a name said first; the shapes are strict enough."""

    def named(text: str) -> IntentMatch | None:
        found = matcher(text)
        if found is None and _FIRST.match(text):
            found = matcher(_FIRST.sub("", text, count=1))
        return found

    return named
