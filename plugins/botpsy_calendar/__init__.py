"""botpsy's calendar plugin: a local vdir calendar, its tools, and local intents.

Registered through the `botpsy` entry-point group, exactly as a third-party
plugin is. Settings (`[plugins.calendar]`): `path` (the vdir root, default
`<data dir>/calendars`) and `calendar` (the collection, default `personal`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from assistant.hookspecs import PluginContext, hookimpl
from botpsy_calendar.intents import make_matchers
from botpsy_calendar.store import VdirStore
from botpsy_calendar.tools import CalendarTools


def open_store(context: PluginContext) -> VdirStore:
    """The configured local calendar."""
    settings = context.settings("calendar")
    root = Path(settings.get("path") or context.data_dir / "calendars").expanduser()
    return VdirStore(root, str(settings.get("calendar", "personal")), context.clock.zone)


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The calendar toolbox."""
    register(CalendarTools(open_store(context), context.clock))


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """Add, cancel and list events without the model."""
    store = open_store(context)

    def has_event(words: str) -> bool:
        wanted = words.lower()
        return any(wanted in event.title.lower() for event in store.events())

    for name, matcher in make_matchers(context.clock.now, has_event):
        register(name, matcher)
