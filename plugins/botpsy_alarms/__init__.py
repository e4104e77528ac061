"""botpsy's alarms plugin: alarms and timers, stored in SQLite and rung by `botpsy daemon`,
and the clock itself (`time_now`: the time and date here or in another zone).

Registered through the `botpsy` entry-point group like any third-party plugin, as
`clock` (so it loads after the calendar, whose intents are tried first). The tools set, list and cancel; the `due_items` hook tells the daemon what rings
when. Data: `<data dir>/alarms/alarms.sqlite3`. Reminders with words ("remind me
in 10 minutes to stretch") become tasks with a due time in the calendar plugin,
which the daemon fires the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from assistant.api import DueItem, PluginContext, hookimpl, one_line
from botpsy_alarms.clock import ClockTools
from botpsy_alarms.clock_intents import clock_matchers
from botpsy_alarms.intents import follow_matchers, make_matchers
from botpsy_alarms.listed import make_listing_followups
from botpsy_alarms.store import Alarm, AlarmStore
from botpsy_alarms.tools import AlarmTools, describe, length_words

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for


def open_store(context: PluginContext) -> AlarmStore:
    """The user's alarm database (opened per call, so other processes see every change)."""
    return AlarmStore(
        context.data_dir / "alarms" / "alarms.sqlite3", context.clock.zone, context.clock.now
    )


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """Set, list and cancel alarms and timers; tell the time here and elsewhere."""
    register(AlarmTools(open_store(context), context.clock))
    register(ClockTools(context.clock))


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """ "Wake me up at 6:30", "set a timer for twenty minutes", "what alarms do I have"."""
    for name, matcher in [*make_matchers(context.clock.now), *clock_matchers(context.clock.now)]:
        register(name, matcher)
    for name, follows in follow_matchers(context.clock.now):
        register(name, follows, follows=True)
    store = open_store(context)
    for name, picks in make_listing_followups(context.clock.now, store.upcoming, describe):
        register(name, picks, follows=True, asked=True)  # "delete the 5:45 one" after the
        # alarms the user's words asked to read (never a listing the model made on its own)


@hookimpl
def due_items(context: PluginContext, start: datetime, end: datetime) -> list[DueItem]:
    """The alarms and timers that ring in [start, end)."""
    return [_due(alarm) for alarm in open_store(context).between(start, end)]


def _due(alarm: Alarm) -> DueItem:
    label = one_line(alarm.label)  # the daemon logs it to a terminal: no ESC, no bell
    if alarm.kind == "timer":
        summary = f"Timer: {label}" if label else "Timer done"
        body = f"{length_words(alarm.seconds or 0)} are up." if alarm.seconds else ""
    else:
        summary = f"Alarm: {label}" if label else "Alarm"
        body = f"It is {alarm.at:%H:%M}."
    return DueItem(alarm.key, alarm.at, summary, body, kind=alarm.kind, urgency="critical")
