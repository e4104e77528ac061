"""Repeating alarms and changing an alarm's time: the real store, tools, intents and CLI.

The clock is pinned to NOW (Sunday 29 November 2026, 18:30 in Berlin) as in test_alarms.py.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms import due_items, open_store
from botpsy_alarms.intents import make_matchers
from botpsy_alarms.repeat import days_said, in_words, stored
from botpsy_alarms.store import AlarmStore
from botpsy_alarms.tools import AlarmTools

from assistant.clock import Clock
from assistant.config import Config
from assistant.errors import AskUser, ToolArgumentError
from assistant.hookspecs import PluginContext
from tests.conftest import NOW, ZONE
from tests.helpers import first_match

PINNED = {"BOTPSY_NOW": NOW.isoformat()}


@pytest.fixture
def context(config: Config, clock: Clock) -> PluginContext:
    return PluginContext(config, clock)


@pytest.fixture
def alarms(context: PluginContext, clock: Clock) -> AlarmTools:
    return AlarmTools(open_store(context), clock)


@pytest.mark.parametrize(
    ("said", "kept", "words"),
    [
        ("every weekday", "weekdays", "every weekday"),
        ("monday to friday", "weekdays", "every weekday"),
        ("during the week", "weekdays", "every weekday"),
        ("on work days", "weekdays", "every weekday"),
        ("every day", "daily", "every day"),
        ("each morning", "daily", "every day"),
        ("at weekends", "weekends", "at weekends"),
        ("on mondays and thursdays", "mon,thu", "every Monday and Thursday"),
        ("tues, weds and fri", "tue,wed,fri", "every Tuesday, Wednesday and Friday"),
        ("sundays", "sun", "every Sunday"),
        ("mon,thu", "mon,thu", "every Monday and Thursday"),
    ],
)
def test_a_repeat_is_read_kept_and_said(said: str, kept: str, words: str) -> None:
    assert stored(days_said(said)) == kept
    assert in_words(kept) == words


def test_a_repeat_naming_no_day_is_one_clear_line(alarms: AlarmTools) -> None:
    with pytest.raises(ToolArgumentError, match="names no days"):
        alarms.alarm_set(NOW + timedelta(hours=13), repeat="sometimes")
    assert alarms.store.upcoming(NOW) == []


def test_a_weekday_alarm_set_on_sunday_first_rings_on_monday_then_each_weekday(
    context: PluginContext, alarms: AlarmTools
) -> None:
    said = alarms.alarm_set(datetime(2026, 11, 29, 7, 0, tzinfo=ZONE), repeat="weekdays")
    assert said.summary == (
        "Alarm set for 07:00 every weekday, first 07:00 tomorrow (Monday 30 November)."
    )
    week = due_items(context, NOW, NOW + timedelta(days=7))
    assert [(i.at.strftime("%a %H:%M"), i.summary) for i in week] == [
        ("Mon 07:00", "Alarm"),
        ("Tue 07:00", "Alarm"),
        ("Wed 07:00", "Alarm"),
        ("Thu 07:00", "Alarm"),
        ("Fri 07:00", "Alarm"),
    ]
    assert len({i.key for i in week}) == 5, "each ring is its own firing"
    later = due_items(context, NOW + timedelta(days=14), NOW + timedelta(days=21))
    assert len(later) == 5, "a series goes on after its first week"
    listed = alarms.alarm_list()
    assert listed.summary.splitlines()[1] == (
        "- alarm at 07:00 every weekday, next 07:00 tomorrow (Monday 30 November)"
    )


def test_a_series_outlives_the_clean_up_of_old_alarms(tmp_path: Path) -> None:
    now = [NOW]
    store = AlarmStore(tmp_path / "alarms.sqlite3", ZONE, lambda: now[0])
    store.add("alarm", NOW + timedelta(hours=13), repeat="daily")
    store.add("alarm", NOW + timedelta(hours=14))
    now[0] = NOW + timedelta(days=30)
    store.add("timer", now[0] + timedelta(minutes=5), seconds=300)  # cleans up as it adds
    kinds = sorted((a.kind, a.repeat) for a in store.upcoming(now[0]))
    assert kinds == [("alarm", "daily"), ("timer", "")], "the one-off that rang is gone"
    assert store.upcoming(now[0])[0].at > now[0]


def test_an_older_alarm_database_gains_the_repeat_column(tmp_path: Path) -> None:
    path = tmp_path / "alarms.sqlite3"
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE alarms(id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,"
        " at TEXT NOT NULL, label TEXT NOT NULL DEFAULT '', seconds INTEGER, created TEXT NOT NULL)"
    )
    at = (NOW + timedelta(hours=12)).astimezone(ZONE)
    old.execute(
        "INSERT INTO alarms(kind, at, label, created) VALUES ('alarm', ?, 'gym', ?)",
        (at.isoformat(), NOW.isoformat()),
    )
    old.commit()
    old.close()
    store = AlarmStore(path, ZONE, lambda: NOW)
    (kept,) = store.upcoming(NOW)
    assert (kept.label, kept.repeat, kept.at) == ("gym", "", at)


def test_changing_an_alarm_keeps_its_day_and_its_repeat(alarms: AlarmTools) -> None:
    alarms.alarm_set(datetime(2026, 11, 30, 7, 0, tzinfo=ZONE), "work")
    moved = alarms.alarm_change("7am", "7:30")
    assert (
        moved.summary == 'Moved the alarm from 07:00 to 07:30 tomorrow (Monday 30 November) "work".'
    )
    alarms.alarm_set(datetime(2026, 11, 30, 6, 0, tzinfo=ZONE), "run", repeat="weekends")
    moved = alarms.alarm_change("run", "8")
    assert "08:00 at weekends" in moved.summary and "Saturday 5 December" in moved.summary
    times = sorted(
        (a.label, a.at.strftime("%a %H:%M"), a.repeat) for a in alarms.store.upcoming(NOW)
    )
    assert times == [("run", "Sat 08:00", "weekends"), ("work", "Mon 07:30", "")]


def test_changing_an_alarm_refuses_what_cannot_be(alarms: AlarmTools) -> None:
    alarms.alarm_set(datetime(2026, 11, 30, 7, 0, tzinfo=ZONE))
    alarms.alarm_set(datetime(2026, 11, 30, 9, 0, tzinfo=ZONE))
    alarms.timer_set("10 minutes", "tea")
    with pytest.raises(AskUser, match="Which one"):
        alarms.alarm_change("alarm", "8")
    with pytest.raises(ToolArgumentError, match="already rings then"):
        alarms.alarm_change("7am", "7:00")
    with pytest.raises(ToolArgumentError, match="timer"):
        alarms.alarm_change("tea", "19:00")
    with pytest.raises(ToolArgumentError, match="no alarm or timer matches"):
        alarms.alarm_change("5am", "6")
    with pytest.raises(ToolArgumentError, match="argument 'time'"):
        alarms.alarm_change("9am", "whenever")
    assert sorted(a.at.strftime("%H:%M") for a in alarms.store.upcoming(NOW)) == [
        "07:00",
        "09:00",
        "18:40",
    ]


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("wake me up at 7 every weekday", "alarm_set", {"repeat": "weekdays"}),
        ("wake me at half six every day", "alarm_set", {"repeat": "daily"}),
        ("set an alarm for 8 every morning", "alarm_set", {"repeat": "daily"}),
        ("i need an alarm at 6am on mondays and wednesdays", "alarm_set", {"repeat": "mon,wed"}),
        ("set my alarm for 9am at weekends", "alarm_set", {"repeat": "weekends"}),
        ("alarm for 5:45 am monday to friday", "alarm_set", {"repeat": "weekdays"}),
        ("change my 7am alarm to 7:30", "alarm_change", {"alarm": "7am", "time": "7:30"}),
        ("move the gym alarm to six thirty", "alarm_change", {"alarm": "gym", "time": "6:30"}),
        ("push my alarm back to quarter past seven", "alarm_change", {"alarm": "", "time": "7:15"}),
        ("reset the wake up alarm for tomorrow to 6", "alarm_change", {"alarm": "tomorrow", "time": "6"}),
        ("add a 30 minute timer called tea", "timer_set", {"duration": "30 minute", "label": "tea"}),
        ("set a five minute timer named eggs", "timer_set", {"duration": "five minute", "label": "eggs"}),
    ],
)  # fmt: skip
def test_repeats_changes_and_named_timers_as_said(
    text: str, tool: str, arguments: dict[str, Any]
) -> None:
    found = first_match(make_matchers(lambda: NOW), text)
    assert found is not None and found.tool == tool, text
    assert arguments.items() <= found.arguments.items(), found.arguments
    if tool == "alarm_set":
        assert "time" in found.arguments or found.options


def test_a_repeating_bare_hour_asks_which_half_not_which_day() -> None:
    found = first_match(make_matchers(lambda: NOW), "set an alarm for 9:30 on tuesdays")
    assert found is not None and found.arguments == {"repeat": "tue"}
    assert found.missing == {"time": "Should the alarm ring at 21:30 or at 09:30, every Tuesday?"}


@pytest.mark.parametrize(
    "text",
    [
        "set an alarm for 7 on monday",  # once, next Monday
        "change my password",
        "move the meeting to 3pm",
        "remind me every day to water the plants",
    ],
)
def test_not_a_repeating_alarm_or_a_change(text: str) -> None:
    found = first_match(make_matchers(lambda: NOW), text)
    assert found is None or ("repeat" not in found.arguments and found.tool != "alarm_change")


def test_a_weekday_alarm_and_a_change_through_the_cli(cli: Any) -> None:
    done = cli("wake me up at 6:45 every weekday", "--json", env=PINNED)
    transcript = json.loads(done.stdout)
    assert done.status == 0 and transcript["path"] == "intent", transcript
    assert transcript["reply"] == (
        "Alarm set for 06:45 every weekday, first 06:45 tomorrow (Monday 30 November)."
    )
    done = cli("change my 6:45 alarm to 7", "--json", env=PINNED)
    transcript = json.loads(done.stdout)
    assert done.status == 0, transcript
    assert transcript["reply"] == (
        "Moved the alarm from 06:45 to 07:00 every weekday, next 07:00 tomorrow (Monday 30 November)."
    )
    listed = cli("what alarms do i have", env=PINNED).stdout
    assert "07:00 every weekday" in listed and "06:45" not in listed


def test_the_daemon_rings_a_series_once_each_morning(
    config: Config, clock: Clock, tmp_path: Path
) -> None:
    import io

    import botpsy_alarms
    import pluggy

    from assistant import hookspecs
    from assistant.daemon.runner import Daemon
    from assistant.daemon.state import DaemonState

    context = PluginContext(config, clock)
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    manager.register(botpsy_alarms, name="clock")
    daemon = Daemon(context, manager, DaemonState(tmp_path / "state.sqlite3"), log=io.StringIO())
    rang: list[str] = []

    def notify(notice: Any) -> str:
        rang.append(notice.summary)
        return "desktop"

    daemon.notifier = notify
    AlarmTools(open_store(context), clock).alarm_set(NOW + timedelta(hours=12), "run", "daily")
    for day in (1, 2):
        ring = (NOW + timedelta(hours=12, days=day - 1)).replace(hour=6, minute=30)
        for item in daemon.due(ring - timedelta(minutes=1), ring + timedelta(minutes=1)):
            daemon.fire(item, ring)
            daemon.fire(item, ring + timedelta(seconds=20))  # the next look: already rung
    assert rang == ["Alarm: run", "Alarm: run"]
    assert len(daemon.state.fired()) == 2
