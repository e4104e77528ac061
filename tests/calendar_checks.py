"""Shared checks for the calendar "said" tables: the plugin's first match for a request and
what its time arguments mean at NOW."""

from __future__ import annotations

from botpsy_calendar.intents import make_matchers
from botpsy_calendar.task_intents import make_task_matchers

from assistant.api import TimeParseError, parse_moment, parse_span
from assistant.intents import IntentMatch
from tests.conftest import NOW
from tests.helpers import first_match

TIME_KEYS = ("start", "due", "when", "day")


def first(text: str, known: tuple[str, ...] = ()) -> IntentMatch | None:
    """The calendar plugin's first match for `text`; `known` are the event titles that exist."""

    def has_event(words: str) -> bool:
        return any(words.lower() in title.lower() for title in known)

    now = lambda: NOW  # noqa: E731
    return first_match(
        make_matchers(now, has_event) + make_task_matchers(now, lambda _: False), text
    )


def resolved(value: object) -> str:
    """A time argument as the ISO start it means at NOW (a date alone for a whole day)."""
    text = str(value)
    try:
        moment = parse_moment(text, NOW)
    except TimeParseError:
        return parse_span(text, NOW).start.date().isoformat()
    if moment.all_day:
        return moment.start.date().isoformat()
    return moment.start.strftime("%Y-%m-%dT%H:%M")


def check(text: str, tool: str, want: dict[str, str]) -> IntentMatch:
    """`text` reaches `tool`; time arguments resolve to `want`'s ISO, text ones contain its words."""
    found = first(text)
    assert found is not None, f"no match: {text}"
    assert found.tool == tool, (text, found.tool, found.arguments)
    for key, value in want.items():
        got = found.arguments.get(key)
        assert got is not None, (text, key, found.arguments)
        if key in TIME_KEYS:
            assert resolved(got).startswith(value), (text, key, got, resolved(got))
        else:
            assert value.lower() in str(got).lower(), (text, key, got)
    return found
