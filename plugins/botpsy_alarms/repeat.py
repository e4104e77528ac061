"""Repeating alarms: which weekdays an alarm rings on, as said, as stored and as rung.

A repeating alarm is one row whose `at` is its first ring and whose `repeat` names
weekdays ("daily", "weekdays", "weekends" or "mon,wed"). Each ring is computed from
them when asked (the daemon asks for a window), so nothing has to rewrite the row
after it rings and a missed ring never moves the series.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, tzinfo

from assistant.api import WEEKDAY_NAME, ToolArgumentError

NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
SHORT = [n[:3] for n in NAMES]
_NAMED = {
    "daily": frozenset(range(7)),
    "weekdays": frozenset(range(5)),
    "weekends": frozenset({5, 6}),
}
_DAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
# The ways a repeat is said after (or before) the time: "every weekday", "on mondays and fridays".
SAID = re.compile(
    r"\b(?:(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night|weekday|week\s*day|work\s*day"
    r"|weekend(?:\s+day)?|" + _DAY + r")(?:\s+(?:and|&|,)\s+" + _DAY + r")*"
    r"|daily|(?:on\s+)?(?:weekdays|work\s*days|weekends|school\s+days)"
    r"|(?:at|on)\s+(?:the\s+)?weekends?"
    r"|during\s+the\s+week|mondays?\s+(?:to|through|thru|till|until|-)\s+fridays?"
    r"|on\s+" + _DAY + r"(?:\s*(?:,|and|&)\s*" + _DAY + r")+"
    rf"|(?:on\s+)?{WEEKDAY_NAME}s(?:\s*(?:,|and|&)\s*" + _DAY + r")*)\b",
    re.I,
)


def _weekday(word: str) -> int | None:
    """ "mon", "tues", "wednesdays", "thurs" -> 0, 1, 2, 3; None for any other word."""
    word = word.lower()
    word = word[:-1] if word.endswith("days") or word in ("weds", "tues", "thurs") else word
    return next(
        (
            i
            for i, name in enumerate(NAMES)
            if name == word or (len(word) >= 3 and name.startswith(word))
        ),
        None,
    )


def days_said(text: str) -> frozenset[int]:
    """The weekdays (Monday 0) a repeat phrase names; a phrase naming none is one clear error."""
    said = " ".join(text.lower().split())
    if said in _NAMED:
        return _NAMED[said]
    if re.search(r"\b(?:day|daily|morning|evening|night)\b", said) and not re.search(
        r"\b(?:week|work|school)\s*days?\b", said
    ):
        return _NAMED["daily"]
    if re.search(r"\b(?:week\s*days?|work\s*days?|school\s+days|during the week)\b", said):
        return _NAMED["weekdays"]
    if re.search(r"\bmondays?\s+(?:to|through|thru|till|until|-)\s+fridays?\b", said):
        return _NAMED["weekdays"]
    if "weekend" in said:
        return _NAMED["weekends"]
    found = {d for w in re.findall(r"[a-z]+", said) if (d := _weekday(w)) is not None}
    if not found:
        raise ToolArgumentError(
            f"'{text}' names no days; say e.g. 'daily', 'weekdays', 'weekends' or 'monday,thursday'"
        )
    return frozenset(found)


def stored(days: frozenset[int]) -> str:
    """The form kept in the database and shown to the model: 'daily', 'weekdays' or 'mon,thu'."""
    for name, named in _NAMED.items():
        if days == named:
            return name
    return ",".join(SHORT[d] for d in sorted(days))


def in_words(repeat: str) -> str:
    """ "every day", "every weekday", "at weekends", "every Monday and Thursday"."""
    days = days_said(repeat)
    if days == _NAMED["daily"]:
        return "every day"
    if days == _NAMED["weekdays"]:
        return "every weekday"
    if days == _NAMED["weekends"]:
        return "at weekends"
    names = [NAMES[d].capitalize() for d in sorted(days)]
    return "every " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


def _at(day: date, clock: time, zone: tzinfo) -> datetime:
    return datetime.combine(day, clock, tzinfo=zone)


def first_ring(at: datetime, repeat: str, after: datetime) -> datetime:
    """The first ring of a series asked for at `at`: that clock time, on a day it repeats on,
    no earlier than `at` and later than `after` (now)."""
    days, clock, zone = days_said(repeat), at.timetz().replace(tzinfo=None), at.tzinfo
    assert zone is not None
    day = at.date()
    for _ in range(15):
        moment = _at(day, clock, zone)
        if day.weekday() in days and moment >= at and moment > after:
            return moment
        day += timedelta(days=1)
    raise ToolArgumentError(f"no day in the next two weeks fits '{repeat}'")


def rings(first: datetime, repeat: str, start: datetime, end: datetime) -> list[datetime]:
    """Each ring of a series in [start, end), in the zone of `first`."""
    days, clock, zone = days_said(repeat), first.timetz().replace(tzinfo=None), first.tzinfo
    assert zone is not None
    day = max(first.date(), start.astimezone(zone).date() - timedelta(days=1))
    last = end.astimezone(zone).date() + timedelta(days=1)
    found = []
    while day <= last:
        moment = _at(day, clock, zone)
        if day.weekday() in days and moment >= first and start <= moment < end:
            found.append(moment)
        day += timedelta(days=1)
    return found


def next_ring(first: datetime, repeat: str, after: datetime) -> datetime:
    """The next ring of a series after `after` (a week always holds one)."""
    start = max(after, first - timedelta(seconds=1))
    found = rings(first, repeat, start, start + timedelta(days=8))
    later = [moment for moment in found if moment > after]
    if not later:
        raise ToolArgumentError(f"'{repeat}' never rings")
    return later[0]
