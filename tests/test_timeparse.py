"""Natural dates resolve against now, in the user's zone, or are refused with a reason."""

from __future__ import annotations

from datetime import datetime

import pytest

from assistant.errors import TimeParseError
from assistant.timeparse import parse_moment, parse_span
from tests.conftest import NOW, ZONE


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=ZONE)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Friday 3pm", at(2026, 12, 4, 15)),
        ("friday at 3 pm", at(2026, 12, 4, 15)),
        ("on Friday at 3:00 p.m.", at(2026, 12, 4, 15)),
        ("tomorrow at noon", at(2026, 11, 30, 12)),
        ("next Tuesday 9:30", at(2026, 12, 1, 9, 30)),
        ("Dec 5 at 10", at(2026, 12, 5, 10)),
        ("5 December at 10am", at(2026, 12, 5, 10)),
        ("2026-12-04T15:00", at(2026, 12, 4, 15)),
        ("2026-12-04 15:00", at(2026, 12, 4, 15)),
        ("tomorrow morning", at(2026, 11, 30, 9)),
        ("tonight at 9", at(2026, 11, 29, 21)),
        ("8 in the evening", at(2026, 11, 29, 20)),
        ("in 3 days at 5pm", at(2026, 12, 2, 17)),
        ("the 5th at 14:00", at(2026, 12, 5, 14)),
        ("Jan 3 at 9", at(2027, 1, 3, 9)),  # a date already past this year means next year
        ("sunday 3pm", at(2026, 12, 6, 15)),  # today is Sunday and 3pm is past: next Sunday
        ("sunday 8pm", at(2026, 11, 29, 20)),  # still ahead today
        ("at 3", at(2026, 11, 30, 15)),  # a bare hour reads as the afternoon, and 3pm today is past
        # minutes said with a bare hour read the same way: 1-7 in the afternoon or evening
        ("saturday 7:30", at(2026, 12, 5, 19, 30)),
        ("friday at 2:15", at(2026, 12, 4, 14, 15)),
        ("tomorrow 1:05", at(2026, 11, 30, 13, 5)),
        ("tomorrow 8:15", at(2026, 11, 30, 8, 15)),
        ("07:30 saturday", at(2026, 12, 5, 7, 30)),  # a 24-hour clock says what it means
        ("7:30am saturday", at(2026, 12, 5, 7, 30)),
        ("saturday 7:30 in the morning", at(2026, 12, 5, 7, 30)),
        ("tomorrow morning 6:45", at(2026, 11, 30, 6, 45)),
    ],
)
def test_moments(text: str, start: datetime) -> None:
    assert parse_moment(text, NOW).start == start


def test_iso_with_offset_is_converted_to_the_users_zone() -> None:
    assert parse_moment("2026-12-04T14:00:00+00:00", NOW).start == at(2026, 12, 4, 15)


def test_ranges_and_durations() -> None:
    moment = parse_moment("Friday 3-4:30pm", NOW)
    assert (moment.start, moment.end) == (at(2026, 12, 4, 15), at(2026, 12, 4, 16, 30))
    moment = parse_moment("from 11 to 1pm tomorrow", NOW)
    assert (moment.start, moment.end) == (at(2026, 11, 30, 11), at(2026, 11, 30, 13))
    moment = parse_moment("friday 3pm for 2 hours", NOW)
    assert moment.end == at(2026, 12, 4, 17)


def test_a_day_without_time_is_all_day() -> None:
    moment = parse_moment("Friday", NOW)
    assert moment.all_day and moment.start == at(2026, 12, 4) and moment.end == at(2026, 12, 5)


def test_daylight_saving_is_that_days_offset() -> None:
    summer = parse_moment("2027-07-01 09:00", NOW).start
    assert summer.utcoffset() is not None and summer.utcoffset().total_seconds() == 7200  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Dec 5 2110", "2110"),
        ("bananas", "bananas"),
        ("friday 25pm", "25pm"),
        ("Feb 30", "not a date"),
        ("friday tomorrow", "second, different day"),
        ("", "no date"),
        ("friday at 3pm or so", "or"),
    ],
)
def test_refusals_say_what_was_not_understood(text: str, fragment: str) -> None:
    with pytest.raises(TimeParseError, match=fragment):
        parse_moment(text, NOW)


def test_spans() -> None:
    assert parse_span("today", NOW).start == at(2026, 11, 29)
    week = parse_span("next week", NOW)
    assert (week.start, week.end) == (at(2026, 11, 30), at(2026, 12, 7))
    friday = parse_span("Friday", NOW)
    assert (friday.start, friday.end) == (at(2026, 12, 4), at(2026, 12, 5))
    december = parse_span("december", NOW)
    assert (december.start, december.end) == (at(2026, 12, 1), at(2027, 1, 1))
    upcoming = parse_span("", NOW)
    assert upcoming.start == NOW and (upcoming.end - upcoming.start).days == 7


@pytest.mark.parametrize(
    ("text", "start"),
    [("at 9:30 tomorrow", at(2026, 11, 30, 9, 30)), ("9:30 am tomorrow", at(2026, 11, 30, 9, 30)),
     ("from 9:30 to 11 tomorrow", at(2026, 11, 30, 9, 30))],
)  # fmt: skip
def test_a_clock_time_followed_by_more_words(text: str, start: datetime) -> None:
    assert parse_moment(text, NOW).start == start


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("last month", "2026-10-01", "2026-11-01"),
        ("last week", "2026-11-16", "2026-11-23"),
        ("last year", "2025-01-01", "2026-01-01"),
        ("next 2 weeks", "2026-11-29", "2026-12-13"),
        ("from Monday to Wednesday", "2026-11-30", "2026-12-03"),
    ],
)
def test_listing_ranges(text: str, first: str, last: str) -> None:
    span = parse_span(text, NOW)
    assert (span.start.date().isoformat(), span.end.date().isoformat()) == (first, last)


def test_this_morning_is_today_even_once_begun() -> None:
    """At 09:30, "this morning" is today's (it has begun); a bare "morning" is the next one."""
    half_past_nine = datetime(2026, 12, 1, 9, 30, tzinfo=ZONE)
    assert parse_moment("this morning", half_past_nine).start == at(2026, 12, 1, 9)
    assert parse_moment("this morning at 8", half_past_nine).start == at(2026, 12, 1, 8)
    assert parse_moment("in the morning", half_past_nine).start == at(2026, 12, 2, 9)
    assert parse_moment("this evening", half_past_nine).start == at(2026, 12, 1, 19)
