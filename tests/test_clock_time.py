"""The clock's `time_now`: the time and date here and elsewhere, named days, conversions.

The tool runs against the real zoneinfo database with the clock pinned to NOW (Sunday
29 November 2026, 18:30 in Berlin); one request goes through the real CLI pipeline
(`python -m assistant`, no model: the local intent answers).
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from botpsy_alarms.clock import ClockTools, named_day, zone_for
from botpsy_alarms.clock_intents import clock_matchers

from assistant.clock import Clock
from assistant.errors import ToolArgumentError
from assistant.tools import Effect, Tool
from tests.conftest import NOW, ZONE

CLOCK = ClockTools(Clock(ZONE, NOW))


def matched(text: str) -> tuple[str, dict[str, Any]] | None:
    for _name, matcher in clock_matchers(lambda: NOW):
        found = matcher(text)
        if found is not None:
            return found.tool, found.arguments
    return None


def test_the_time_here_and_in_other_places() -> None:
    assert (
        CLOCK.time_now().summary
        == "It is 18:30 on Sunday 29 November 2026 (Europe/Berlin, UTC+01:00)."
    )
    tokyo = CLOCK.time_now(place="tokyo")
    assert tokyo.summary.startswith("In Tokyo it is 02:30 on Monday 30 November 2026 (Asia/Tokyo")
    assert "8 hours ahead of here" in tokyo.summary
    assert "6 hours behind here" in CLOCK.time_now(place="new york").summary
    assert "4 hours 30 minutes ahead" in CLOCK.time_now(place="India").summary
    assert CLOCK.time_now(place="Europe/Paris").data["zone"] == "Europe/Paris"


def test_places_resolve_through_the_table_and_the_zone_database() -> None:
    assert str(zone_for("san francisco")) == "America/Los_Angeles"  # a row of the table
    assert str(zone_for("the los angeles time zone")) == "America/Los_Angeles"
    assert str(zone_for("kathmandu")) == "Asia/Kathmandu"  # a zone's own city
    assert str(zone_for("zimbabwe")) == "Africa/Harare"  # a country of the database
    assert str(zone_for("seattle washington")) == "America/Los_Angeles"  # a city and its state
    assert zone_for("the oven") is None and zone_for("seattle kitchen") is None


def test_named_days_and_days_until() -> None:
    today = NOW.date()
    assert named_day("christmas", today) == ("Christmas", date(2026, 12, 25))
    assert named_day("halloween", today) == ("Halloween", date(2027, 10, 31))  # this year's is past
    assert named_day("easter", today) == ("Easter", date(2027, 3, 28))
    assert named_day("thanksgiving 2027", today) == ("Thanksgiving", date(2027, 11, 25))
    assert named_day("mother's day", today) == ("Mothers Day", date(2027, 5, 9))
    assert named_day("memorial day", today) == ("Memorial Day", date(2027, 5, 31))
    assert named_day("the dentist", today) is None
    assert (
        CLOCK.time_now(day="christmas").summary
        == "Christmas is Friday 25 December 2026, in 26 days."
    )
    assert CLOCK.time_now(day="today").summary == "Today is Sunday 29 November 2026."
    assert CLOCK.time_now(day="friday").summary == "Friday 4 December 2026 is in 5 days."
    assert CLOCK.time_now(day="yesterday").data == {
        "date": "2026-11-28",
        "weekday": "Saturday",
        "days": -1,
    }


def test_a_clock_time_converts_between_places() -> None:
    result = CLOCK.time_now(time="3pm", from_place="london", place="tokyo")
    assert (
        result.summary
        == "15:00 in London (Europe/London) is 00:00 on Monday 30 November in Tokyo (Asia/Tokyo)."
    )
    assert (
        CLOCK.time_now(time="9am", from_place="est", place="pst").data["to"]
        == "2026-11-29T06:00-08:00"
    )
    assert CLOCK.time_now(time="noon", place="new york").data["to"] == "2026-11-29T06:00-05:00"


def test_bad_input_is_one_clear_error() -> None:
    with pytest.raises(ToolArgumentError, match="don't know the time zone of 'narnia'"):
        CLOCK.time_now(place="narnia")
    with pytest.raises(ToolArgumentError, match="argument 'day'"):
        CLOCK.time_now(day="the dentist")
    with pytest.raises(ToolArgumentError, match="names no clock time"):
        CLOCK.time_now(time="tomorrow", place="tokyo")


def test_it_reads_and_sends_nothing() -> None:
    tool = Tool.from_function(CLOCK.time_now)
    assert tool.effect is Effect.READ and not tool.untrusted_output


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("what time is it", {}),
        ("whats the time right now", {}),
        ("do you know what time it is", {}),
        ("what time is it in tokyo", {"place": "tokyo"}),
        ("current time in sydney australia", {"place": "sydney australia"}),
        ("what's the date today", {"day": "today"}),
        ("what day is it", {}),
        ("what date is it tomorrow", {"day": "tomorrow"}),
        ("what day is christmas this year", {"day": "christmas this year"}),
        ("what day of the week is december the fifth", {"day": "december the fifth"}),
        ("is the tenth a monday", {"day": "the tenth"}),
        ("how many days until new year's eve", {"day": "new year's eve"}),
        ("how long till friday", {"day": "friday"}),
        ("when is easter", {"day": "easter"}),
        ("what's 3pm london time in tokyo", {"time": "3pm", "place": "tokyo", "from_place": "london"}),
        ("convert nine am pst to est", {"time": "nine am", "place": "est", "from_place": "pst"}),
        ("what time is 8pm in paris", {"time": "8pm", "place": "paris"}),
        ("if it's noon in berlin what time is it in chicago",
         {"time": "noon", "place": "chicago", "from_place": "berlin"}),
        ("what time zone is denver in", {"place": "denver"}),
        ("siri what's the time in lima", {"place": "lima"}),
        ("juno what time is it in perth", {"place": "perth"}),
    ],
)  # fmt: skip
def test_clock_intents(text: str, arguments: dict[str, Any]) -> None:
    assert matched(text) == ("time_now", arguments)


@pytest.mark.parametrize(
    "text",
    [
        "what time is my dentist appointment",
        "what time is the train",
        "what day is the team offsite",
        "when is the meeting with ana",
        "what time is it in the oven",
        "how many days until my holiday",
        "set a timer for five minutes",
        "what's the weather today",
        "time to go",
        "dont tell me what time it is",
        "juno what time is the bus",
    ],
)
def test_leaves_other_requests_alone(text: str) -> None:
    assert matched(text) is None


def test_another_city_is_asked_for() -> None:
    found = next(
        f for _, m in clock_matchers(lambda: NOW) if (f := m("what time is it in some other city"))
    )
    assert found.tool == "time_now" and found.arguments == {} and "place" in found.missing


def test_the_time_through_the_cli(cli: Any) -> None:
    done = cli("what time is it in new york", "--json", env={"BOTPSY_NOW": NOW.isoformat()})
    transcript = json.loads(done.stdout)
    assert done.status == 0 and transcript["path"] == "intent"
    assert transcript["tool_calls"][0]["tool"] == "time_now"
    assert transcript["reply"].startswith("In New York it is 12:30 on Sunday 29 November 2026")
