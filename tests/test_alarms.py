"""Alarms and timers: the real CLI pipeline (local intents, tools, the SQLite store), what the daemon is told.

Every request runs `python -m assistant` in a subprocess with the clock pinned
to NOW (a Sunday, 18:30 in Berlin); no model is loaded (every request here is
answered by a local intent, which each test checks).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms import due_items, open_store
from botpsy_alarms.intents import make_matchers
from botpsy_alarms.tools import AlarmTools

from assistant.clock import Clock
from assistant.config import Config
from assistant.errors import AskUser, TimeParseError, ToolArgumentError
from assistant.hookspecs import PluginContext
from assistant.timeparse import Span
from tests.conftest import NOW, ZONE
from tests.helpers import first_match

PINNED = {"BOTPSY_NOW": NOW.isoformat()}


def ask(cli: Any, request: str, *flags: str) -> tuple[int, dict[str, Any]]:
    done = cli(request, "--json", *flags, env=PINNED)
    transcript: dict[str, Any] = json.loads(done.stdout)
    assert transcript["path"] == "intent", transcript  # no model
    return done.status, transcript


def test_set_list_and_cancel_through_the_cli(cli: Any) -> None:
    status, timer = ask(cli, "set a timer for twenty minutes")
    assert status == 0 and timer["tool_calls"][0]["tool"] == "timer_set"
    assert timer["reply"] == "Timer set for 20 minutes: it rings at 18:50."
    status, alarm = ask(cli, "wake me up at 6:30 tomorrow")
    assert status == 0 and alarm["tool_calls"][0]["arguments"]["time"] == "2026-11-30T06:30+01:00"
    assert alarm["reply"] == "Alarm set for 06:30 tomorrow (Monday 30 November)."
    ask(cli, "set an alarm for 7 am for the gym")
    status, listed = ask(cli, "what alarms do I have")
    assert status == 0
    assert listed["reply"].splitlines() == [
        "2 alarms and 1 timer set:",
        "- timer for 20 minutes, rings at 18:50 today (Sunday 29 November), 20 minutes left",
        "- alarm at 06:30 tomorrow (Monday 30 November)",
        '- alarm at 07:00 tomorrow (Monday 30 November) "gym"',
    ]
    # Cancelling is a delete: with no terminal and no --yes it is refused and nothing changes.
    status, refused = ask(cli, "cancel the 7 am alarm")
    assert status == 3 and refused["tool_calls"][0]["outcome"] != "ok"
    assert len(ask(cli, "what alarms do I have")[1]["reply"].splitlines()) == 4
    status, cancelled = ask(cli, "cancel the 7 am alarm", "--yes")
    assert status == 0
    assert cancelled["reply"] == 'Cancelled the alarm at 07:00 tomorrow (Monday 30 November) "gym".'
    status, rest = ask(cli, "do I have any alarms set")
    assert "07:00" not in rest["reply"] and "06:30" in rest["reply"] and "18:50" in rest["reply"]


def test_bad_input_is_one_clear_line_and_changes_nothing(cli: Any) -> None:
    ask(cli, "set an alarm for 6:45am")
    cases = {
        "wake me up on february 30 at 7": "'february 30' is not a date on the calendar",
        "set an alarm for yesterday at 7am": "is in the past",
        "cancel the 9 pm alarm": "no alarm or timer matches 'the 9 pm alarm'",
        "set a timer for 0 minutes": "not a length of time",
        "set a timer for 3 days": "a timer runs from 1 second to 24 hours",
    }
    for request, why in cases.items():
        done = cli(request, env=PINNED)
        assert done.status != 0, request
        lines = done.stdout.strip().splitlines()
        assert len(lines) <= 2 and why in done.stdout, (request, done.stdout)
        assert "Traceback" not in done.stderr
    listed = cli("what alarms do I have", env=PINNED).stdout
    assert listed.startswith("1 alarm set:") and "06:45" in listed


def test_a_damaged_alarm_database_is_one_line(cli: Any, home: Path) -> None:
    database = home / ".local/share/botpsy/alarms/alarms.sqlite3"
    ask(cli, "set a timer for 5 minutes")
    assert database.exists()
    database.write_bytes(b"not a database at all" * 100)
    for suffix in ("-wal", "-shm"):
        database.with_name(database.name + suffix).unlink(missing_ok=True)
    done = cli("what alarms do I have", env=PINNED)
    assert done.status != 0 and "is not a usable database" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


@pytest.fixture
def context(config: Config, clock: Clock) -> PluginContext:
    return PluginContext(config, clock)


@pytest.fixture
def alarms(context: PluginContext, clock: Clock) -> AlarmTools:
    return AlarmTools(open_store(context), clock)


def test_the_daemon_is_told_each_alarm_once_with_a_stable_key(
    context: PluginContext, alarms: AlarmTools
) -> None:
    alarms.timer_set("90 seconds", "tea")
    alarms.alarm_set(NOW + timedelta(hours=12))
    window = (NOW, NOW + timedelta(days=1))
    first = due_items(context, *window)
    assert [(i.kind, i.summary, i.at - NOW) for i in first] == [
        ("timer", "Timer: tea", timedelta(seconds=90)),
        ("alarm", "Alarm", timedelta(hours=12)),
    ]
    assert first[1].body == "It is 06:30." and first[0].urgency == "critical"
    assert [i.key for i in due_items(context, *window)] == [i.key for i in first]
    assert due_items(context, NOW + timedelta(minutes=2), NOW + timedelta(hours=1)) == []


def test_which_alarm_a_cancel_means(alarms: AlarmTools) -> None:
    alarms.alarm_set(datetime(2026, 11, 30, 7, 0, tzinfo=ZONE), "work")
    alarms.alarm_set(datetime(2026, 11, 30, 19, 0, tzinfo=ZONE))
    alarms.timer_set("10 minutes")
    assert alarms.find("the timer").kind == "timer"
    assert alarms.find("work").label == "work"
    assert alarms.find("7pm").at.hour == 19
    with pytest.raises(AskUser) as asked:
        alarms.find("7")  # 7 in the morning or the evening
    assert len(asked.value.options) == 2
    with pytest.raises(ToolArgumentError, match="no alarm or timer matches 'the 8am alarm'"):
        alarms.find("the 8am alarm")
    shown = alarms.preview_delete({"alarm": "work"})
    assert shown.text.startswith("cancel the alarm at 07:00") and shown.pinned["alarm"].startswith(
        "#"
    )


def test_a_clock_time_said_in_words_names_the_alarm(alarms: AlarmTools) -> None:
    alarms.alarm_set(datetime(2026, 11, 30, 6, 45, tzinfo=ZONE))
    alarms.alarm_set(datetime(2026, 11, 30, 8, 0, tzinfo=ZONE))
    alarms.alarm_set(datetime(2026, 11, 30, 20, 0, tzinfo=ZONE))
    assert alarms.find("my six forty-five alarm").at.minute == 45
    assert alarms.find("the six forty five o'clock alarm").at.hour == 6
    with pytest.raises(AskUser) as asked:  # 8 in the morning and 8 in the evening are both set
        alarms.find("my eight o'clock alarm")
    assert len(asked.value.options) == 2
    with pytest.raises(ToolArgumentError, match="no alarm or timer matches"):
        alarms.find("the seventh alarm")  # a day of the month, no clock time
    with pytest.raises(ToolArgumentError, match="no alarm or timer matches"):
        alarms.find("my nine o'clock alarm")


def test_a_cancel_of_all_names_each_one_and_takes_only_that_kind(alarms: AlarmTools) -> None:
    alarms.alarm_set(datetime(2026, 11, 30, 6, 15, tzinfo=ZONE), "run")
    alarms.alarm_set(datetime(2026, 12, 1, 7, 45, tzinfo=ZONE))
    alarms.timer_set("25 minutes", "bread")
    shown = alarms.preview_delete({"alarm": "all my alarms"})
    assert shown.text.startswith("cancel 2: alarm at 06:15") and "07:45" in shown.text
    assert "bread" not in shown.text and shown.pinned["alarm"].count("#") == 2
    done = alarms.alarm_delete(shown.pinned["alarm"])  # it runs on what was shown, by id
    assert done.summary.startswith("Cancelled 2:")
    assert [a.kind for a in alarms.store.upcoming(NOW)] == ["timer"]
    assert alarms.preview_delete({"alarm": "every timer"}).text.startswith("cancel the timer")
    alarms.alarm_delete("all")
    assert alarms.store.upcoming(NOW) == []
    with pytest.raises(ToolArgumentError, match="no alarms or timers are set"):
        alarms.preview_delete({"alarm": "all the alarms"})


def test_half_an_hour_word_is_no_clock_time() -> None:
    """ "half" before an hour is 6:30 only where a time goes; amounts stay amounts."""
    from assistant.timeparse import parse_duration, parse_moment

    assert parse_moment("at half six tomorrow", NOW).start.strftime("%H:%M") == "18:30"
    assert parse_moment("half 9 am on friday", NOW).start.strftime("%d %H:%M") == "04 09:30"
    assert parse_duration("half an hour") == timedelta(minutes=30)
    assert parse_duration("an hour and a half") == timedelta(minutes=90)
    assert matched("set a timer for half an hour") == ("timer_set", {"duration": "half an hour"})


def test_bad_times_are_refused_by_the_tools(alarms: AlarmTools) -> None:
    with pytest.raises(ToolArgumentError, match="in the past"):
        alarms.alarm_set(NOW - timedelta(minutes=1))
    with pytest.raises(TimeParseError, match="not a length of time"):
        alarms.timer_set("soonish")
    assert alarms.alarm_list().summary == "No alarms or timers are set."


def test_the_list_of_one_day(alarms: AlarmTools) -> None:
    alarms.alarm_set(datetime(2026, 11, 30, 7, 0, tzinfo=ZONE))
    alarms.alarm_set(datetime(2026, 12, 2, 7, 0, tzinfo=ZONE))
    tomorrow = Span(datetime(2026, 11, 30, tzinfo=ZONE), datetime(2026, 12, 1, tzinfo=ZONE))
    assert alarms.alarm_list(tomorrow).summary.splitlines() == [
        "1 alarm set:",
        "- alarm at 07:00 tomorrow (Monday 30 November)",
    ]
    sunday = Span(datetime(2026, 12, 6, tzinfo=ZONE), datetime(2026, 12, 7, tzinfo=ZONE))
    assert alarms.alarm_list(sunday).summary == "No alarms or timers are set for Sunday 6 December."


def matched(text: str) -> tuple[str, dict[str, Any]] | None:
    """What the intents make of a request, seen as the registry hands it (plain_request)."""
    found = first_match(make_matchers(lambda: NOW), text)
    return None if found is None else (found.tool, found.arguments)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("wake me up at 6", ("alarm_set", {"time": "6am"})),
        ("get me up tomorrow at 5:45", ("alarm_set", {"time": "tomorrow at 5:45am"})),
        ("set an alarm for 5", ("alarm_set", {"time": "5am"})),  # 17:00 is a day away: 05:00
        ("new alarm at 9:15 pm called bedtime", ("alarm_set", {"time": "9:15 pm", "label": "bedtime"})),
        ("alarm for 8 tonight", ("alarm_set", {"time": "8pm tonight"})),
        ("alarm at 7 tomorrow morning", ("alarm_set", {"time": "7am tomorrow morning"})),
        ("set alarms for six tomorrow morning", ("alarm_set", {"time": "6am tomorrow morning"})),
        # the time before the noun, a clock written with a dot or "o'clock", a wake-up call
        ("set a six am alarm for tomorrow", ("alarm_set", {"time": "6 am tomorrow"})),
        ("set a 6am alarm on friday", ("alarm_set", {"time": "6am friday"})),
        ("make me a 7 am wake up call", ("alarm_set", {"time": "7 am"})),
        ("set an alarm for 6.30", ("alarm_set", {"time": "6:30am"})),
        ("set an alarm for seven o'clock tomorrow", ("alarm_set", {"time": "7:00am tomorrow"})),
        ("wake up call at 5 45", ("alarm_set", {"time": "5:45am"})),
        ("put an alarm on for 8 am", ("alarm_set", {"time": "8 am"})),
        ("set a timer for an hour and a half", ("timer_set", {"duration": "an hour and a half"})),
        ("start a 15 minute timer for the rice", ("timer_set", {"duration": "15 minute", "label": "rice"})),
        ("timer for 45 seconds", ("timer_set", {"duration": "45 seconds"})),
        ("is my alarm set for tomorrow", ("alarm_list", {"when": "tomorrow"})),
        ("wake me up at nine", ("alarm_set", {"time": "9am"})),
        ("alarm set for six thirty tomorrow", ("alarm_set", {"time": "6:30am tomorrow"})),
        ("set an alarm for two hours from now", ("alarm_set", {"time": "in two hours"})),
        ("alert me in 45 minutes", ("alarm_set", {"time": "in 45 minutes"})),
        ("alarm", ("alarm_set", {})),  # asks for the time
        ("how long is left on the timer", ("alarm_list", {})),
        ("turn off my 6:30 alarm", ("alarm_delete", {"alarm": "my 6:30 alarm"})),
        ("stop the timer", ("alarm_delete", {"alarm": "the timer"})),
        ("remind me in 20 minutes to take the bread out",
         ("task_add", {"title": "Take the bread out", "due": "in 20 minutes"})),
        # another assistant's name first, out of habit
        ("siri, set an alarm for 7 am", ("alarm_set", {"time": "7 am"})),
        ("hey cortana cancel the swim alarm", ("alarm_delete", {"alarm": "the swim alarm"})),
        # a cancel said as a wish, a list with no verb, a clock time as speech writes it
        ("i don't need my 5:45 alarm anymore", ("alarm_delete", {"alarm": "my 5:45 alarm"})),
        ("alarms for friday", ("alarm_list", {"when": "friday"})),
        ("my timers", ("alarm_list", {})),
        ("wake me up at 6 45", ("alarm_set", {"time": "6:45am"})),
        ("set an alarm to wake me up at 7 tomorrow", ("alarm_set", {"time": "7am tomorrow"})),
        ("alarm me at 9:15 pm", ("alarm_set", {"time": "9:15 pm"})),
        ("what alarms do i have on monday", ("alarm_list", {"when": "monday"})),
        ("which timers do i have tomorrow", ("alarm_list", {"when": "tomorrow"})),
        ("what time do i wake up on friday", ("alarm_list", {"when": "on friday"})),
        ("are any alarms set", ("alarm_list", {})),
        ("switch the gym alarm off", ("alarm_delete", {"alarm": "the gym alarm"})),
        ("i'd like to delete my timer", ("alarm_delete", {"alarm": "my timer"})),
        # "half seven" said the British way: 7:30, read like any other bare hour
        ("wake me up at half seven", ("alarm_set", {"time": "7:30am"})),
        ("set an alarm for half 5 tomorrow", ("alarm_set", {"time": "5:30am tomorrow"})),
        ("alarm at half eleven tonight", ("alarm_set", {"time": "11:30pm tonight"})),
        ("clear all my alarms", ("alarm_delete", {"alarm": "all my alarms"})),
        # minutes past or to an hour: the alarm's own reading of a bare hour, not the calendar's
        ("wake me up at quarter past six", ("alarm_set", {"time": "6:15am"})),
        ("set an alarm for ten to seven tomorrow", ("alarm_set", {"time": "6:50am tomorrow"})),
        ("alarm at twenty five past nine tonight", ("alarm_set", {"time": "9:25pm tonight"})),
    ],
)  # fmt: skip
def test_local_intents(text: str, expected: tuple[str, dict[str, Any]]) -> None:
    assert matched(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "add the dentist to my calendar friday at 3pm",
        "what's on my calendar tomorrow",
        "remind me to call the plumber tomorrow",  # the calendar's own phrasing
        "cancel the meeting with the team",
        "set the thermostat to 21",
        "wake me up when the download is done",
        "siri play some jazz",
        "i don't need the car this weekend",
        "alarms are annoying",
    ],
)
def test_leaves_other_requests_alone(text: str) -> None:
    assert matched(text) is None


def test_with_the_clock_plugin_off_alarms_are_declined_with_a_hint(cli: Any) -> None:
    done = cli(
        "set a timer for twenty minutes",
        "--json",
        env={**PINNED, "BOTPSY_DISABLE_PLUGINS": "clock"},
    )
    transcript = json.loads(done.stdout)
    assert transcript["path"] == "declined" and transcript["tool_calls"] == []
    assert transcript["reply"].startswith("I can't set alarms or timers yet")
    assert "botpsy plugins enable clock" in transcript["reply"]


def test_old_alarms_are_dropped_by_botpsys_clock_not_the_walls(tmp_path: Path) -> None:
    """With a pinned now (BOTPSY_NOW, a replayed scenario) "long ago" is measured from it."""
    from zoneinfo import ZoneInfo

    from botpsy_alarms.store import AlarmStore

    zone = ZoneInfo("Europe/Berlin")
    pinned = datetime(2020, 3, 1, 18, 30, tzinfo=zone)  # years before the wall clock
    store = AlarmStore(tmp_path / "alarms.sqlite3", zone, lambda: pinned)
    store.add("alarm", datetime(2020, 3, 2, 7, 0, tzinfo=zone), "first")
    store.add("alarm", datetime(2020, 3, 3, 7, 0, tzinfo=zone), "second")
    assert [a.label for a in store.upcoming(pinned)] == ["first", "second"]
    later = AlarmStore(tmp_path / "alarms.sqlite3", zone, lambda: pinned + timedelta(days=5))
    later.add("alarm", datetime(2020, 3, 9, 7, 0, tzinfo=zone), "third")
    assert [a.label for a in later.upcoming(pinned)] == ["third"]  # two days past: dropped


@pytest.mark.parametrize(
    ("text", "options"),
    [("set an alarm for 8", ["8pm", "8am"]), ("alarm at nine", ["9pm", "9am"]),
     ("new alarm at 9:15 called bedtime", ["9:15pm", "9:15am"])],
)  # fmt: skip
def test_a_bare_hour_both_halves_soon_asks_which(text: str, options: list[str]) -> None:
    """At 18:30 "8" is 20:00 tonight or 08:00 tomorrow: asked, both offered, never guessed."""
    found = first_match(make_matchers(lambda: NOW), text)
    assert found is not None and found.tool == "alarm_set" and "time" not in found.arguments
    assert found.options == options and "time" in found.missing
    assert "morning" in found.missing["time"] and "evening" in found.missing["time"]
