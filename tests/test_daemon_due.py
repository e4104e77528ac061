"""The `due_items` seam: what the calendar plugin tells the daemon (event reminders, task due times).

Events and tasks are made with the calendar's own tools in a local vdir; the
daemon's collector (`Daemon.due`) reads them back through the plugin manager,
as `botpsy daemon` does, with a plugin that fails beside them.
"""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from typing import Any

import botpsy_calendar
import pluggy
import pytest
from botpsy_calendar.tools import CalendarTools

from assistant import hookspecs
from assistant.clock import Clock
from assistant.config import Config
from assistant.daemon.due import DueItem
from assistant.daemon.runner import Daemon
from assistant.daemon.state import DaemonState
from assistant.hookspecs import PluginContext, hookimpl
from assistant.timeparse import parse_moment
from tests.conftest import NOW


class Broken:
    """A third-party plugin whose hook fails: the others' items must still come through."""

    @hookimpl
    def due_items(self) -> list[DueItem]:
        raise RuntimeError("database gone")


class Extra:
    """A third-party plugin adding its own due thing."""

    @hookimpl
    def due_items(self, start: datetime, end: datetime) -> list[DueItem]:
        at = NOW + timedelta(minutes=5)
        return [DueItem("extra:watering", at, "Water the plants")] if start <= at < end else []


@pytest.fixture
def daemon(config: Config, clock: Clock, tmp_path: Any) -> Daemon:
    context = PluginContext(config, clock)
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for name, plugin in (("calendar", botpsy_calendar), ("broken", Broken()), ("extra", Extra())):
        manager.register(plugin, name=name)
    state = DaemonState(tmp_path / "state.sqlite3")
    return Daemon(context, manager, state, log=io.StringIO())


def at(text: str) -> Any:
    return parse_moment(text, NOW)


def test_event_reminders_and_task_due_times_are_due(daemon: Daemon, clock: Clock) -> None:
    tools = CalendarTools(botpsy_calendar.open_store(daemon.context), clock)
    tools.calendar_create_event("Dentist", at("tomorrow 9am"), reminder_minutes=30)
    tools.calendar_create_event("Lunch", at("tomorrow 1pm"))  # no reminder: nothing rings
    tools.task_add("Call the bank", at("tomorrow 10am"))  # a timed due rings at its time
    tools.task_add("Water the garden", at("tomorrow"))  # a day, no reminder: silent
    tools.task_add("Pay rent", at("tomorrow 11am"))
    tools.task_complete("Pay rent")  # done: silent
    due = daemon.due(NOW, NOW + timedelta(days=2))
    assert [(i.kind, i.summary, i.at.strftime("%a %H:%M")) for i in due] == [
        ("reminder", "Water the plants", "Sun 18:35"),
        ("reminder", "Dentist", "Mon 08:30"),
        ("task", "Call the bank", "Mon 10:00"),
    ]
    assert due[1].body == "Monday 30 November at 09:00"
    assert "plugin 'broken' failed in due_items: database gone" in daemon.log.getvalue()  # type: ignore[attr-defined]
    # The window is half open and the keys are stable, so the daemon fires each once.
    assert daemon.due(due[1].at, due[2].at) == [due[1]]
    assert [i.key for i in daemon.due(NOW, NOW + timedelta(days=2))] == [i.key for i in due]


def test_each_key_fires_once(daemon: Daemon) -> None:
    fired: list[str] = []
    daemon.notifier = lambda notice: fired.append(notice.summary) or "desktop"
    item = DueItem("extra:once", NOW - timedelta(minutes=3), "Stretch")
    daemon.fire(item, NOW)
    daemon.fire(item, NOW + timedelta(seconds=1))
    assert fired == ["Missed: Stretch"]  # three minutes late is late
    assert daemon.state.fired()[0]["channel"] == "desktop"


def test_a_changed_calendar_is_read_again(daemon: Daemon, clock: Clock) -> None:
    """The calendar's answer is reused between looks, but never after its files change."""
    tools = CalendarTools(botpsy_calendar.open_store(daemon.context), clock)
    window = (NOW, NOW + timedelta(hours=1))
    tools.task_add("Feed the cat", at("today 19:00"))
    assert [i.summary for i in daemon.due(*window)] == ["Water the plants", "Feed the cat"]
    tools.task_add("Call grandma", at("today 19:15"))
    tools.task_complete("Feed the cat")
    assert [i.summary for i in daemon.due(*window)] == ["Water the plants", "Call grandma"]


def test_what_fired_is_remembered_for_two_months(tmp_path: Any) -> None:
    state = DaemonState(tmp_path / "state.sqlite3")
    old, recent = NOW - timedelta(days=61), NOW - timedelta(days=59)
    assert state.claim("a:old", old, old, False, "Old")
    assert state.claim("a:recent", recent, recent, False, "Recent")
    assert not state.claim("a:recent", recent, NOW, True, "Recent")  # never twice
    state.prune(NOW)
    assert (state.has_fired("a:old"), state.has_fired("a:recent")) == (False, True)
    state.close()
