"""Timers said in seconds or "a minute and a half", and what botpsy says back about them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from botpsy_alarms.tools import length_words

from assistant.errors import TimeParseError
from assistant.timeparse import parse_duration


@pytest.mark.parametrize(
    ("said", "seconds"),
    [
        ("ninety seconds", 90),
        ("45 secs", 45),
        ("a minute and a half", 90),
        ("two minutes and a half", 150),
        ("one minute thirty seconds", 90),
        ("3 minutes and 20 seconds", 200),
        ("for twenty seconds", 20),
        ("an hour and a half", 5400),  # the older forms read as before
        ("15 minutes", 900),
    ],
)
def test_lengths_with_seconds_are_read(said: str, seconds: int) -> None:
    assert parse_duration(said) == timedelta(seconds=seconds)


@pytest.mark.parametrize("said", ["seconds", "a few seconds", "ninety", "and a half"])
def test_what_is_no_length_is_one_clear_line(said: str) -> None:
    with pytest.raises(TimeParseError, match="is not a length of time"):
        parse_duration(said)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (30, "30 seconds"),
        (90, "1 minute 30 seconds"),
        (60, "1 minute"),
        (1200, "20 minutes"),
        (5400, "1 hour 30 minutes"),
        (3600, "1 hour"),
    ],
)
def test_a_timer_length_is_said_back_as_set(seconds: int, words: str) -> None:
    assert length_words(seconds) == words
