"""The day and the place of a weather question, read from the words around them.

The day is kept in the user's own words when `assistant.timeparse` (which the
forecast tool reads it with) understands them, so the reply can echo what was
asked; a spoken form it does not know ("this coming weekend", "later today",
"the following week") is turned into one it does. The place is what follows
"in", "at", "for", "near" or "around" up to the next word that is not a name
("in oslo later", "in berlin in celsius"), or what is said before "weather".
"""

from __future__ import annotations

import re
from datetime import datetime

from assistant.api import TimeParseError, parse_span

_WD = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_COUNT = r"\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|few|couple of"
_PART = r"morning|afternoon|evening|night"
_CLOCK = (
    r"(?:at|around|by|about) (?:\d{1,2}(?::\d\d)?|one|two|three|four|five|six|seven|eight|nine"
    r"|ten|eleven|twelve|noon|midday|midnight)(?: ?(?:am|pm|a m|p m|o'?clock))?"
)
_DAY = (
    rf"(?:right )?now|at the moment|currently|today|tonight|yesterday"
    rf"|later(?: (?:today|tonight|on))?|(?:later )?this (?:morning|afternoon|evening|weekend|week)"
    rf"|(?:the )?day after tomorrow|tomorrow(?: (?:{_PART}))?|in the (?:{_PART})"
    rf"|(?:over |on |for )?(?:the |this |next )?(?:coming )?weekend"
    rf"|(?:this |next |on |this coming |coming )?(?:{_WD})(?: (?:{_PART}))?(?: next week)?"
    rf"|(?:over |for |in )?(?:the )?(?:next|coming) (?:{_COUNT}) days|in (?:{_COUNT}) days"
    rf"|next (?:week|month)|this month|(?:the )?following (?:week|month|day)"
    rf"|(?:for |over )?the (?:rest of the )?week(?: ahead)?|(?:the |this )?coming (?:week|month)|{_CLOCK}"
    rf"|(?:on )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{{1,2}}(?:st|nd|rd|th)?"
)
_MONTHS = (
    r"january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_ORDINAL = (
    r"(?:\d{1,2}(?:st|nd|rd|th)?|(?:twenty |thirty )?(?:first|second|third|fourth|fifth|sixth"
    r"|seventh|eighth|ninth)|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth"
    r"|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)"
)
# "the twenty seventh of march", "march 27th", "friday the 4th": dates as they are spoken.
_DATE = (
    rf"(?:(?:on )?(?:the )?{_ORDINAL}(?: of)? (?:{_MONTHS})|(?:on )?(?:{_MONTHS}) (?:the )?{_ORDINAL}"
    rf"|(?:on )?(?:the )?{_ORDINAL}(?= ?$))"
    r"(?: (?:\d{4}|two thousand(?: and)?(?: [a-z]+){0,2}|nineteen [a-z]+(?: [a-z]+)?))?"
)
WHEN = re.compile(rf"\b(?:{_DAY}|{_DATE})\b", re.I)
MONTH = re.compile(rf"(?:{_MONTHS})", re.I)

# What the forecast tool reads as "now" or as today, before timeparse (tools.py, as it is).
_NOW = frozenset({"now", "right now", "currently", "at the moment"})
_TODAY = frozenset({"tonight", "this morning", "this afternoon", "this evening", "later"})
_WEEKEND = re.compile(r"^(?:over |on |for )?(?:the |this )?weekend$")
# Spoken forms timeparse does not read, and ones it does that mean the same.
_REWRITES = (
    (re.compile(r"^(?:later )?this (morning|afternoon|evening)$"), r"this \1"),
    (re.compile(r"^later (today|on)$"), "later"),
    (re.compile(r"^later tonight$"), "tonight"),
    (re.compile(r"^(?:the )?following (week|month)$"), r"next \1"),
    (re.compile(r"^(?:the )?following day$"), "tomorrow"),
    (re.compile(r"^(?:over |on |for )?(?:the )?(?:this )?coming weekend$"), "this weekend"),
    (re.compile(r"^(?:on )?(?:the )?next weekend$"), "next weekend"),
    (
        re.compile(
            r"^(?:for |over )?the (?:rest of the )?week(?: ahead)?$|^(?:the |this )?coming week$"
        ),
        "the next 7 days",
    ),
    (
        re.compile(r"^(?:over |for |in )?(?:the )?(?:next|coming) (?:a )?(?:few|couple of) days$"),
        "the next three days",
    ),
    (re.compile(r"^(?:over |for |in )?(?:the )?(?:next|coming) (\w+) days$"), r"the next \1 days"),
    (re.compile(r"^(?:the |this )?coming month$"), "next month"),
    (re.compile(r"^(?:this )?coming (\w+)$"), r"this \1"),
)


def _understood(when: str) -> bool:
    """Whether the forecast tool will read `when` (its own words first, then timeparse)."""
    if when in _NOW or when in _TODAY or _WEEKEND.match(when):
        return True
    try:
        parse_span(when, datetime.now())
    except TimeParseError:
        return False
    return True


def day_of(question: str) -> tuple[str, tuple[int, int]] | None:
    """The day asked about, as the tool will read it, and where it was said; None if none.

    The forecast's own readings (`_REWRITES`) come before timeparse's.

    A day the tool cannot read either way is passed on as said, to be refused in one line.
    """
    found = list(WHEN.finditer(question))
    if not found:
        return None
    # "tomorrow at five", "on friday in the morning": parts of one day said together
    first = last = found[0]
    for nxt in found[1:]:
        if re.fullmatch(r"\s*(?:at|in|on)?\s*", question[last.end() : nxt.start()]):
            last = nxt
    said = " ".join(question[first.start() : last.end()].lower().split())
    candidates = [said]
    if last is not first:
        candidates.append(first.group(0).lower())
    for candidate in candidates:
        end = last.end() if candidate == said else first.end()
        # A forecast's own reading first: "for the week" is the days ahead, not the calendar
        # week (half of it past), however else a date parser may read it.
        for pattern, replacement in _REWRITES:
            rewritten = pattern.sub(replacement, candidate)
            if rewritten != candidate and _understood(rewritten):
                return rewritten, (first.start(), end)
        if _understood(candidate):
            return candidate, (first.start(), end)
    return said, (first.start(), last.end())  # "feb 30": the tool says plainly what is wrong


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that end a place name: times, verbs, weather words and the like.
_STOP = _words(
    """in at on for by near around over during this next tomorrow today tonight now later right
    like please outside out there is are was will be going gonna look looking be and or but
    with weather forecast temperature temperatures rain raining snow snowing wind windy sunny
    cold hot warm today's tomorrow's the a an what whats what's how how's when will it
    celsius fahrenheit degrees currently moment morning afternoon evening night week weekend
    area coming following rest"""
)
# Words that say whose or which place, not a place: "at my house", "in the garden".
_NOT_PLACES = _words(
    """the a my me us you our this that here there town it general degrees celsius fahrenheit
    morning afternoon evening night your his her their its home work office area
    location city"""
)
_PREPOSITION = re.compile(r"\b(?:in|at|for|near|around)\s+", re.I)
# "lisbon weather", "paris forecast tomorrow": a name said before the weather word.
_BEFORE = re.compile(
    r"^(?P<place>[^\W\d_][\w'.-]*(?: [^\W\d_][\w'.-]*){0,2}) (?:weather|forecast|temperatures?)\b",
    re.I,
)
_NOT_BEFORE = _words(
    """what whats what's show tell give get check the todays today's tomorrow tomorrows today
    current local hourly daily weekly monthly latest any some my our this next is how how's
    weekend week and day days your full detailed usual please me us i good nice bad great
    perfect ideal beach lovely decent"""
)


def place_of(rest: str, worn: re.Pattern[str]) -> str | None:
    """The place named in `rest` (the day already taken out), or None for the user's own."""
    for found in _PREPOSITION.finditer(rest):
        words: list[str] = []
        for word in rest[found.end() :].split()[:4]:
            if word.lower() in _STOP:
                break
            words.append(word)
        if not words or words[0].lower() in _NOT_PLACES or MONTH.fullmatch(words[0]):
            continue
        name = " ".join(words)
        if not worn.search(name) and not re.search(r"\d", name):
            return name
    before = _BEFORE.match(rest)
    if before and not set(before.group("place").lower().split()) & _NOT_BEFORE:
        return before.group("place")
    return None


def month_of(rest: str) -> str | None:
    """ "will it rain in march": the month said after "in" (not a place)."""
    found = re.search(rf"\bin ({_MONTHS})\b", rest, re.I)
    return found.group(1).lower() if found else None
