"""The calendar plugin: the vdir store, its tools and its local intents."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from botpsy_calendar.intents import make_matchers
from botpsy_calendar.store import Event, VdirStore
from botpsy_calendar.tools import CalendarTools
from icalendar import Calendar

from assistant.clock import Clock
from assistant.errors import ToolError
from assistant.tools import Tool
from tests.conftest import NOW, ZONE


@pytest.fixture
def store(tmp_path: Path) -> VdirStore:
    return VdirStore(tmp_path / "calendars", "personal", ZONE)


@pytest.fixture
def tools(store: VdirStore, clock: Clock) -> dict[str, Tool]:
    box = CalendarTools(store, clock)
    methods = [getattr(box, n) for n in dir(box) if n.startswith("calendar_")]
    return {m.__name__: Tool.from_function(m) for m in methods}


def run(tools: dict[str, Tool], clock: Clock, name: str, **arguments: object) -> str:
    prepared = tools[name].prepare(arguments, clock)
    return tools[name].run(prepared.arguments).summary


def test_create_writes_a_standard_ics_file(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    summary = run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    assert summary == 'Added "Dentist" on Friday 4 December 2026, 15:00–16:00 (Europe/Berlin).'
    files = list(store.folder.glob("*.ics"))
    assert len(files) == 1 and not list(store.folder.glob(".*.tmp"))
    calendar = Calendar.from_ical(files[0].read_bytes())
    event = next(iter(calendar.walk("VEVENT")))
    assert str(event["summary"]) == "Dentist"
    assert event.decoded("dtstart") == datetime(2026, 12, 4, 15, tzinfo=ZONE)
    assert event["dtstart"].params["TZID"] == "Europe/Berlin"
    assert calendar.walk("VTIMEZONE"), "other clients need the VTIMEZONE"


def test_list_search_update_delete(tools: dict[str, Tool], clock: Clock, store: VdirStore) -> None:
    run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    run(
        tools,
        clock,
        "calendar_create_event",
        title="Team lunch",
        start="tomorrow at noon",
        duration_minutes="90",
        location="Cafe Rosa",
    )
    listed = run(tools, clock, "calendar_list_events", when="Friday")
    assert "Dentist" in listed and "Team lunch" not in listed
    assert "2 events" in run(tools, clock, "calendar_list_events")
    assert "Team lunch" in run(tools, clock, "calendar_search_events", text="rosa")
    # The words a person says around a title ("my ... appointment") do not hide it.
    found = run(tools, clock, "calendar_search_events", text="my dentist appointment")
    assert "Dentist" in found and "Team lunch" not in found
    assert "No events" in run(tools, clock, "calendar_search_events", text="my dentist lunch")
    moved = run(tools, clock, "calendar_update_event", event="dentist", start="Friday 4pm")
    assert "16:00–17:00" in moved  # keeps its length
    event = next(e for e in store.events() if e.title == "Dentist")
    assert event.start == datetime(2026, 12, 4, 16, tzinfo=ZONE)
    assert run(tools, clock, "calendar_delete_event", event="the dentist appointment").startswith(
        "Deleted"
    )
    assert [e.title for e in store.events()] == ["Team lunch"]
    assert list(store.history.glob("*.ics")), "a deleted event stays recoverable"


def test_an_update_that_changes_nothing_is_refused_not_claimed(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    run(tools, clock, "calendar_create_event", title="Pottery", start="Thursday 6pm")
    before = [(e.title, e.start, e.end) for e in store.events()]
    with pytest.raises(ToolError, match=r"say what to change about .Pottery."):
        run(tools, clock, "calendar_update_event", event="pottery")
    with pytest.raises(ToolError, match="say what to change"):
        run(tools, clock, "calendar_update_event", event="pottery", title="")
    assert [(e.title, e.start, e.end) for e in store.events()] == before


def test_conflicts_are_reported(tools: dict[str, Tool], clock: Clock) -> None:
    run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    summary = run(tools, clock, "calendar_create_event", title="Call", start="Friday 3:30pm")
    assert "overlaps" in summary and "Dentist" in summary


def test_ambiguous_and_missing_events_are_errors(tools: dict[str, Tool], clock: Clock) -> None:
    run(tools, clock, "calendar_create_event", title="Standup", start="tomorrow 9am")
    run(tools, clock, "calendar_create_event", title="Standup", start="Tuesday 9am")
    with pytest.raises(ToolError, match="2 events match"):
        run(tools, clock, "calendar_delete_event", event="standup")
    assert run(tools, clock, "calendar_delete_event", event="standup", day="Tuesday").startswith(
        "Deleted"
    )
    with pytest.raises(ToolError, match="no event matches 'yoga'"):
        run(tools, clock, "calendar_delete_event", event="yoga")


def test_bad_times_are_refused_before_anything_is_written(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    from assistant.errors import ToolArgumentError

    with pytest.raises(ToolArgumentError, match="2110"):
        run(tools, clock, "calendar_create_event", title="X", start="Dec 5 2110")
    with pytest.raises(ToolArgumentError, match="after the start"):
        run(tools, clock, "calendar_create_event", title="X", start="Friday 3pm", end="Friday 2pm")
    assert store.events() == []


def test_a_broken_file_is_skipped_and_reported(store: VdirStore) -> None:
    store.save(Event("Ok", NOW, NOW + timedelta(hours=1)))
    (store.folder / "broken.ics").write_text("BEGIN:VCALENDAR\nnot ical", encoding="utf-8")
    assert [e.title for e in store.events()] == ["Ok"]
    assert store.problems and "broken.ics" in store.problems[0]


def test_an_interrupted_write_leaves_the_old_file(
    store: VdirStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = Event("Dentist", NOW, NOW + timedelta(hours=1))
    store.save(event)
    before = store.path_for(event.uid).read_bytes()
    event.title = "Changed"

    def crash(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("botpsy_calendar.store.os.replace", crash)
    with pytest.raises(OSError):
        store.save(event)
    assert store.path_for(event.uid).read_bytes() == before
    assert not list(store.folder.glob(".*.tmp"))


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        (
            "add dentist Friday 3pm",
            "calendar_create_event",
            {"title": "Dentist", "start": "Friday 3pm"},
        ),
        (
            "Please schedule lunch with Bob tomorrow at noon.",
            "calendar_create_event",
            {"title": "Lunch with Bob", "start": "tomorrow at noon"},
        ),
        (
            "put dentist on my calendar for Friday at 3pm",
            "calendar_create_event",
            {"title": "Dentist", "start": "for Friday at 3pm"},
        ),
        (
            "Dentist at 3pm Friday",
            "calendar_create_event",
            {"title": "Dentist", "start": "at 3pm Friday"},
        ),
        ("cancel the dentist appointment", "calendar_delete_event", {"event": "Dentist"}),
        (
            "delete my dentist appointment on friday",
            "calendar_delete_event",
            {"event": "Dentist", "day": "on friday"},
        ),
        ("what's on my calendar Friday?", "calendar_list_events", {"when": "Friday"}),
        ("what do I have tomorrow", "calendar_list_events", {"when": "tomorrow"}),
        ("show my calendar", "calendar_list_events", {}),
    ],
)
def test_intents_match_common_requests(text: str, tool: str, arguments: dict[str, str]) -> None:
    from assistant.intents import clean_request

    matchers = make_matchers(lambda: NOW)
    found = next(m for _, f in matchers if (m := f(clean_request(text))) is not None)
    assert (found.tool, found.arguments) == (tool, arguments)


@pytest.mark.parametrize(
    "text",
    [
        "add milk to my shopping list",
        "what is the weather at 3pm",
        "remind me to call mom tomorrow",
        "email Bob that I'll be late",
        "find my lease pdf",
        "tell me a joke",
        "cancel my subscription",
    ],
)
def test_intents_leave_other_requests_to_the_model(text: str) -> None:
    matchers = make_matchers(lambda: NOW, has_event=lambda words: "dentist" in words.lower())
    assert all(f(text) is None for _, f in matchers)


def test_add_without_a_time_asks_for_it() -> None:
    matchers = make_matchers(lambda: NOW)
    found = next(m for _, f in matchers if (m := f("add a meeting with Alice")) is not None)
    assert found.arguments == {"title": "Meeting with Alice"} and "start" in found.missing


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        (
            "add standup every Monday at 9am",
            {"title": "Standup", "start": "Monday at 9am", "repeat": "every Monday"},
        ),
        (
            "add gym every Monday and Wednesday at 6pm until March",
            {
                "title": "Gym",
                "start": "Monday at 6pm",
                "repeat": "every Monday and Wednesday until March",
            },
        ),
        (
            "add dentist Friday 3pm and remind me 30 minutes before",
            {"title": "Dentist", "start": "Friday 3pm", "reminder_minutes": 30},
        ),
        (
            "add rent every month on the 1st",
            {"title": "Rent", "start": "on the 1st", "repeat": "every month"},
        ),
    ],
)
def test_add_intent_reads_repeats_and_reminders(
    request_text: str, expected: dict[str, object]
) -> None:
    matchers = dict(make_matchers(lambda: NOW))
    match = matchers["add_event"](request_text)
    assert match is not None and match.arguments == expected


def test_a_weekday_series_starts_on_its_first_weekday(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    said = run(
        tools,
        clock,
        "calendar_create_event",
        title="Gym",
        start="Sunday 6pm",
        repeat="every Monday and Wednesday",
    )
    assert (
        said.startswith('Added "Gym" on Monday 7 December 2026, 18:00')
        and "every Monday and Wednesday" in said
    )
    days = [e.start.strftime("%a %d") for e in store.between(NOW, NOW + timedelta(days=16))]
    assert days == ["Mon 07", "Wed 09", "Mon 14"]


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("remind me to call mom tomorrow", "task_add", {"title": "Call mom", "due": "tomorrow"}),
        ("Remind me to renew the passport", "task_add", {"title": "Renew the passport"}),
        ("add milk to my todo list", "task_add", {"title": "Milk"}),
        ("what's on my to-do list?", "task_list", {}),
        ("show my tasks", "task_list", {}),
        ("mark call mom as done", "task_complete", {"task": "Call mom"}),
    ],
)
def test_task_intents(text: str, tool: str, arguments: dict[str, object]) -> None:
    from botpsy_calendar.task_intents import make_task_matchers

    found = [m(text) for _, m in make_task_matchers(lambda: NOW)]
    (match,) = [m for m in found if m is not None]
    assert (match.tool, match.arguments) == (tool, arguments)


def test_task_intents_leave_other_requests_alone() -> None:
    from botpsy_calendar.task_intents import make_task_matchers

    matchers = make_task_matchers(lambda: NOW, has_task=lambda words: False)
    for text in ("mark the email as read", "add dentist Friday 3pm", "what's the weather?"):
        assert all(m(text) is None for _, m in matchers), text


def test_move_intent_needs_a_day_and_a_known_event() -> None:
    matchers = dict(make_matchers(lambda: NOW, has_event=lambda words: "dentist" in words.lower()))
    move = matchers["move_event"]
    match = move("Move my dentist appointment to Friday at 4pm")
    assert match is not None and match.arguments == {"event": "Dentist", "start": "Friday at 4pm"}
    assert move("move the dentist to 4pm") is None, "which day is not said"
    assert move("move my car to Friday") is None, "no such event"


def test_search_intent() -> None:
    search = dict(make_matchers(lambda: NOW))["search_events"]
    for text in ("Search my calendar for the dentist", "find the dentist in my calendar?"):
        match = search(text)
        assert match is not None and match.arguments == {"text": "dentist"}, text
    assert search("search my files for the lease") is None
