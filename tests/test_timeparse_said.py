"""Dates and times as people say them: lower case, no punctuation, numbers as words.

Every row was written (invented) before the parser learnt it, against the test clock NOW,
a Sunday at 18:30 in Berlin, and a Wednesday morning for the forms a Sunday cannot tell
apart ("friday next week" is "friday" on a Sunday). Wrong input must be refused with one
clear line, never resolved to a quietly wrong day.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from assistant.errors import TimeParseError
from assistant.timeparse import moment_parts, parse_moment, parse_span
from tests.conftest import NOW, ZONE

WEDNESDAY = datetime(2026, 12, 2, 10, 0, tzinfo=ZONE)


def at(month: int, day: int, hour: int = 0, minute: int = 0, year: int = 2026) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=ZONE)


# (said, start, all day): a day alone is all-day; a time of day is not.
MOMENTS = [
    # possessives and fillers of speech
    ("tomorrows", at(11, 30), True),
    ("todays", at(11, 29), True),
    ("later today", at(11, 29), True),
    ("later today at 8", at(11, 29, 20), False),  # 8am has passed: the 8 still ahead
    ("today at nine", at(11, 29, 21), False),
    ("first thing tomorrow", at(11, 30, 9), False),
    ("first thing in the morning", at(11, 30, 9), False),
    ("the following day", at(11, 30), True),
    # clock times said in pieces
    ("by seven", at(11, 29, 19), False),
    ("by seven tomorrow", at(11, 30, 19), False),
    ("at 3 30 pm", at(11, 30, 15, 30), False),
    ("at 3 30", at(11, 30, 15, 30), False),
    ("friday at 10 15 am", at(12, 4, 10, 15), False),
    ("next tuesday at 4 15 pm", at(12, 1, 16, 15), False),
    ("at seven thirty tomorrow morning", at(11, 30, 7, 30), False),
    ("half past seven", at(11, 29, 19, 30), False),
    ("half past six", at(11, 30, 18, 30), False),  # 18:30 is now: the next one
    ("quarter to nine tomorrow", at(11, 30, 8, 45), False),
    ("quarter past four on friday", at(12, 4, 16, 15), False),
    ("ten to six tomorrow", at(11, 30, 17, 50), False),
    ("twenty past eight tomorrow morning", at(11, 30, 8, 20), False),
    ("day after tomorrow at half past ten", at(12, 1, 10, 30), False),
    ("the day after tomorrow", at(12, 1), True),
    ("noon tomorrow", at(11, 30, 12), False),
    ("twelve noon on friday", at(12, 4, 12), False),
    ("midnight tomorrow", at(11, 30, 0), False),
    # parts of the day
    ("this evening", at(11, 29, 19), False),
    ("tonight", at(11, 29, 20), False),
    ("tonight at nine", at(11, 29, 21), False),
    ("at 9 tonight", at(11, 29, 21), False),
    ("sunday night", at(11, 29, 20), False),
    ("tuesday afternoon", at(12, 1, 14), False),
    ("thursday evening", at(12, 3, 19), False),
    ("monday morning at 7", at(11, 30, 7), False),
    ("tomorrow evening at 7", at(11, 30, 19), False),
    # weekday and time, either order
    ("friday 3pm", at(12, 4, 15), False),
    ("3pm friday", at(12, 4, 15), False),
    ("at 11 am on wednesday", at(12, 2, 11), False),
    ("wednesday at eleven", at(12, 2, 11), False),
    ("nine pm on saturday", at(12, 5, 21), False),
    ("saturday at nine pm", at(12, 5, 21), False),
    ("next week on tuesday at 9", at(12, 1, 9), False),
    # days of the month, said
    ("the 2nd", at(12, 2), True),
    ("the twenty first", at(12, 21), True),
    ("on the thirtieth", at(11, 30), True),
    ("wednesday the 2nd", at(12, 2), True),
    ("march third", at(3, 3, year=2027), True),
    ("the third of march", at(3, 3, year=2027), True),
    ("march the third", at(3, 3, year=2027), True),
    ("march third at quarter past two", at(3, 3, 14, 15, year=2027), False),
    ("the first of december", at(12, 1), True),
    ("december first", at(12, 1), True),
    ("the twenty fifth of december at six pm", at(12, 25, 18), False),
    ("noon on the 5th", at(12, 5, 12), False),
    ("the 5th at noon", at(12, 5, 12), False),
    ("on the 10th at 4", at(12, 10, 16), False),
    # counted ahead
    ("in a fortnight", at(12, 13), True),
    ("a fortnight from today", at(12, 13), True),
    ("a week from today", at(12, 6), True),
    ("week from today at five", at(12, 6, 17), False),
    ("two weeks from now", at(12, 13), True),
    ("in three days at noon", at(12, 2, 12), False),
    ("in a month", at(12, 29), True),
    ("in two months", at(1, 29, year=2027), True),
    ("in twenty minutes", at(11, 29, 18, 50), False),
    ("in half an hour", at(11, 29, 19), False),
    ("in an hour and a half", at(11, 29, 20), False),
    ("in a couple of hours", at(11, 29, 20, 30), False),
    # a month or a part of a period, as one day to be reminded on
    ("next month", at(12, 1), True),
    ("for next month", at(12, 1), True),
    ("the following month", at(12, 1), True),
    ("end of the month", at(11, 30), True),
    ("the end of next month", at(12, 31), True),
    ("the beginning of next month", at(12, 1), True),
    ("early next week", at(11, 30), True),
    ("early next week at 9", at(11, 30, 9), False),
    ("the end of the year", at(12, 31), True),
    # transcribed speech: split possessives, an hour said after the part of the day
    ("today 's evening", at(11, 29, 19), False),
    ("thursday 's", at(12, 3), True),
    ("tomorrow evening seven", at(11, 30, 19), False),
    ("tomorrow morning six", at(11, 30, 6), False),
    ("sixth march eleven am", at(3, 6, 11, year=2027), False),
    ("five minutes from now", at(11, 29, 18, 35), False),
    ("two hours from now", at(11, 29, 20, 30), False),
    # a day of the month said without "the"
    ("on 12th", at(12, 12), True),
    ("12th", at(12, 12), True),
    ("on twelfth", at(12, 12), True),
    ("on 3rd at 2 pm", at(12, 3, 14), False),
    ("on 12th may", at(5, 12, year=2027), True),
    ("12th of may", at(5, 12, year=2027), True),
]


@pytest.mark.parametrize(("text", "start", "all_day"), MOMENTS)
def test_said_moments(text: str, start: datetime, all_day: bool) -> None:
    moment = parse_moment(text, NOW)
    assert (moment.start, moment.all_day) == (start, all_day)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("from 2 to 4 pm", at(11, 30, 14), at(11, 30, 16)),
        ("between 2 and 4 pm", at(11, 30, 14), at(11, 30, 16)),
        ("tomorrow from nine to five", at(11, 30, 9), at(11, 30, 17)),
        ("between nine and eleven tomorrow", at(11, 30, 9), at(11, 30, 11)),
    ],
)
def test_said_time_ranges(text: str, start: datetime, end: datetime) -> None:
    moment = parse_moment(text, NOW)
    assert (moment.start, moment.end) == (start, end)


SPANS = [
    ("the weekend", at(12, 5), at(12, 7)),  # on a Sunday, the one ahead ("this weekend": today's)
    ("this coming weekend", at(12, 5), at(12, 7)),
    ("the coming weekend", at(12, 5), at(12, 7)),
    ("next weekend", at(12, 5), at(12, 7)),
    ("the coming week", at(11, 29), at(12, 6)),
    ("coming week", at(11, 29), at(12, 6)),
    ("the following week", at(11, 30), at(12, 7)),
    ("next month", at(12, 1), at(1, 1, year=2027)),
    ("the following month", at(12, 1), at(1, 1, year=2027)),
    ("early next week", at(11, 30), at(12, 3)),
    ("late next week", at(12, 4), at(12, 7)),
    ("the end of the month", at(11, 30), at(12, 1)),
    ("between monday and wednesday", at(11, 30), at(12, 3)),
    ("from friday to sunday", at(12, 4), at(12, 7)),
    ("friday next week", at(12, 4), at(12, 5)),
    ("tomorrows", at(11, 30), at(12, 1)),
    ("ten day", NOW, at(12, 9)),
    ("one week", NOW, at(12, 6)),
    ("the next three days", NOW, at(12, 2)),
    ("mid next week", at(12, 2), at(12, 5)),
    ("the middle of next month", at(12, 11), at(12, 22)),
    ("for this month", at(11, 1), at(12, 1)),
    ("the end of next year", at(12, 31, year=2027), at(1, 1, year=2028)),
    ("the last five minutes", at(11, 29, 18, 25), NOW),
    ("past twelve hours", at(11, 29, 6, 30), NOW),
    ("over the last 3 days", at(11, 26, 18, 30), NOW),
]


@pytest.mark.parametrize(("text", "start", "end"), SPANS)
def test_said_spans(text: str, start: datetime, end: datetime) -> None:
    span = parse_span(text, NOW)
    assert (span.start, span.end) == (start, end)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("friday next week", at(12, 11)),
        ("friday", at(12, 4)),
        ("next week on monday", at(12, 7)),
        ("monday this week", at(11, 30)),  # already past, and said so: not quietly moved
    ],
)
def test_a_weekday_inside_a_named_week(text: str, start: datetime) -> None:
    assert parse_moment(text, WEDNESDAY).start == start


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("the weekend", at(12, 5), at(12, 7)),
        ("this coming weekend", at(12, 5), at(12, 7)),
        ("the coming week", at(12, 2), at(12, 9)),
        ("early next week", at(12, 7), at(12, 10)),
        ("end of the week", at(12, 4), at(12, 7)),
    ],
)
def test_spans_said_midweek(text: str, start: datetime, end: datetime) -> None:
    span = parse_span(text, WEDNESDAY)
    assert (span.start, span.end) == (start, end)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("the 31st of february", "not a date on the calendar"),
        ("february thirtieth", "not a date on the calendar"),
        ("at 25 o'clock", "not a time of day"),
        ("at 13 pm", "not a time of day"),
        ("the 32nd", "not a day of the coming months"),
        ("thursday the 2nd", "second, different day"),
        ("the weekend", "range of days"),
        ("next weekend at 3pm", "range of days"),
        ("the coming week", "range of days"),
        ("in 200 months", "years away"),
        ("half past", "half"),
        ("the end of last month", "last"),
        ("tomorrows yesterday", "second, different day"),
        ("dec 5 26", "26"),  # a year said in two digits is not guessed
    ],
)
def test_wrong_dates_are_refused_in_one_line(text: str, fragment: str) -> None:
    with pytest.raises(TimeParseError, match=fragment) as refused:
        parse_moment(text, NOW)
    assert "\n" not in str(refused.value)


def test_a_day_outside_its_named_range_is_refused() -> None:
    """On a Sunday, 'saturday this weekend' was yesterday; the next Saturday is another weekend."""
    with pytest.raises(TimeParseError, match="outside the range"):
        parse_span("saturday this weekend", NOW)


def test_the_end_of_a_period_already_past_is_refused() -> None:
    with pytest.raises(TimeParseError, match="already past"):
        parse_span("early this week", NOW)


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("next month", (True, False)),
        ("early next week at 9", (True, True)),
        ("by seven", (False, True)),
        ("friday next week", (True, False)),
        ("first thing tomorrow", (True, True)),
    ],
)
def test_said_phrases_tell_whether_they_name_a_day_and_a_time(
    text: str, parts: tuple[bool, bool]
) -> None:
    assert moment_parts(text, NOW) == parts
