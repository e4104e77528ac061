"""Dates as people say them: spoken years, "a week from today", "the rest of the week"."""

from __future__ import annotations

from datetime import datetime

import pytest

from assistant.errors import TimeParseError
from assistant.timeparse import parse_moment, parse_span
from tests.conftest import NOW, ZONE


def at(year: int, month: int, day: int, hour: int = 0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=ZONE)


@pytest.mark.parametrize(
    ("text", "start", "all_day"),
    [
        ("the twenty first of march two thousand and twenty seven", at(2027, 3, 21), True),
        ("march twenty first two thousand twenty eight", at(2028, 3, 21), True),
        ("the tenth", at(2026, 12, 10), True),
        ("ten march", at(2027, 3, 10), True),
        ("a week from today", at(2026, 12, 6), True),
        ("three days from now", at(2026, 12, 2), True),
        ("a week from today at six", at(2026, 12, 6, 18), False),
        ("two weeks from today at nine am", at(2026, 12, 13, 9), False),
    ],
)
def test_spoken_dates(text: str, start: datetime, all_day: bool) -> None:
    moment = parse_moment(text, NOW)
    assert (moment.start, moment.all_day) == (start, all_day)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("the rest of the week", NOW, at(2026, 11, 30)),  # NOW is a Sunday evening
        ("rest of the day", NOW, at(2026, 11, 30)),
        ("for the rest of the day", NOW, at(2026, 11, 30)),
        ("the rest of the month", NOW, at(2026, 12, 1)),
        ("the month", at(2026, 11, 1), at(2026, 12, 1)),
        ("the whole month", at(2026, 11, 1), at(2026, 12, 1)),
    ],
)
def test_spoken_ranges(text: str, start: datetime, end: datetime) -> None:
    span = parse_span(text, NOW)
    assert (span.start, span.end) == (start, end)


def test_the_week_is_this_week() -> None:
    assert parse_span("the week", NOW) == parse_span("this week", NOW)


@pytest.mark.parametrize(
    "text",
    [
        "two thousand people",  # a number, not a year
        "march 3 two thousand",  # a year long gone is refused, not guessed
        "the rest of it",
    ],
)
def test_what_is_not_a_date_is_refused(text: str) -> None:
    with pytest.raises(TimeParseError):
        parse_span(text, NOW)
