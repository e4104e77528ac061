"""Arguments the tools once lost: a task list's day, a delete's hour, a mail search's hour.

Calendar tools run on the CalDAV store against a real Radicale on 127.0.0.1 (a second
plain `caldav` client checks what the server holds); the mail search runs against the
real Dovecot the mail tests start, with messages dated in several zones.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import caldav
import pytest
from botpsy_calendar.dav import DavClient
from botpsy_calendar.sync import CalDavStore
from botpsy_calendar.tools import CalendarTools
from botpsy_mail.mailbox import Mailbox
from botpsy_mail.servers import Endpoint
from botpsy_mail.tools import MailTools
from icalendar import Calendar

from assistant.clock import Clock
from assistant.errors import AskUser, ToolError
from assistant.tools import Tool
from tests.conftest import NOW, PASSWORD, USER, ZONE, require_program
from tests.servers import Dovecot, Radicale

# NOW (tests/conftest.py): Sunday 29 Nov 2026 18:30


# -- calendar, on a real CalDAV server ---------------------------------------------------------
def other_client(server: Radicale) -> caldav.Calendar:
    client = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)
    return next(c for c in client.principal().calendars() if c.get_display_name() == "Personal")


def on_server(server: Radicale) -> list[tuple[str, datetime]]:
    """(title, start) of every event on the server, as another client sees them."""
    found = []
    for obj in other_client(server).objects_by_sync_token(load_objects=True):
        if obj.data is None:
            continue
        for event in Calendar.from_ical(obj.data).walk("VEVENT"):
            found.append((str(event["summary"]), event.decoded("dtstart")))
    return sorted(found, key=lambda pair: pair[1])


@pytest.fixture
def tools(radicale: Radicale, tmp_path: Path, clock: Clock) -> dict[str, Tool]:
    url = f"{radicale.url}{USER}/personal/"
    store = CalDavStore(
        tmp_path / "mirror", "personal", ZONE, url, lambda: DavClient(radicale.url, USER, PASSWORD)
    )
    box = CalendarTools(store, clock)
    methods = [getattr(box, n) for n in dir(box) if n.startswith(("calendar_", "task_"))]
    return {m.__name__: Tool.from_function(m) for m in methods}


def run(tools: dict[str, Tool], clock: Clock, name: str, **arguments: object) -> Any:
    prepared = tools[name].prepare(arguments, clock)
    prepared.preview()  # as the assistant does: a delete runs on what its preview pinned
    return tools[name].run(prepared.arguments)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=ZONE)


@pytest.fixture
def tasks(tools: dict[str, Tool], clock: Clock) -> dict[str, Tool]:
    run(tools, clock, "task_add", title="Call the plumber", due="tomorrow")
    run(tools, clock, "task_add", title="Renew passport", due="Friday 5pm")
    run(tools, clock, "task_add", title="Sort the photos")  # no due date
    run(tools, clock, "task_add", title="eggs", due="tomorrow", list_name="shopping")
    run(tools, clock, "task_add", title="flour", list_name="shopping")
    return tools


def test_task_list_for_a_day_lists_only_what_is_due_that_day(
    tasks: dict[str, Tool], clock: Clock
) -> None:
    result = run(tasks, clock, "task_list", due="tomorrow")
    assert result.summary.startswith("2 tasks due on Monday 30 November:")
    assert "Call the plumber" in result.summary and "Eggs" in result.summary
    assert "Renew passport" not in result.summary and "Sort the photos" not in result.summary
    assert result.data["due"] == "2026-11-30T00:00+01:00/2026-12-01T00:00+01:00"
    week = run(tasks, clock, "task_list", due="next week").summary
    assert "Call the plumber" in week and "Renew passport" in week
    assert "Sort the photos" not in week and "Flour" not in week  # no due date: on no day
    everything = run(tasks, clock, "task_list").summary
    assert "Sort the photos" in everything and "Flour" in everything  # no day asked: all


def test_a_named_list_for_a_day_and_an_empty_day(tasks: dict[str, Tool], clock: Clock) -> None:
    listed = run(tasks, clock, "task_list", list_name="shopping list", due="tomorrow").summary
    # an undated item is on the list any day; a dated one only on its day
    assert listed.startswith("2 items on your Shopping list (on Monday 30 November):")
    assert "Eggs" in listed and "Flour" in listed
    friday = run(tasks, clock, "task_list", list_name="shopping", due="Friday").summary
    assert "Flour" in friday and "Eggs" not in friday
    none = run(tasks, clock, "task_list", due="Wednesday").summary
    assert none == (
        "No open tasks due on Wednesday 2 December. 2 open tasks have no due date "
        "(not listed; ask for all your tasks to see them)."
    )
    with pytest.raises(ToolError, match="argument 'due'"):
        run(tasks, clock, "task_list", due="the day my ship comes in")


@pytest.fixture
def meetings(tools: dict[str, Tool], clock: Clock) -> dict[str, Tool]:
    run(tools, clock, "calendar_create_event", title="Meeting", start="Friday 10am")
    run(tools, clock, "calendar_create_event", title="Meeting", start="Friday 3pm")
    run(tools, clock, "calendar_create_event", title="Lunch with Ana", start="Friday noon")
    return tools


def test_a_delete_with_a_time_shows_and_removes_the_event_at_that_time(
    meetings: dict[str, Tool], clock: Clock, radicale: Radicale
) -> None:
    prepared = meetings["calendar_delete_event"].prepare(
        {"event": "the meeting", "day": "Friday 3pm"}, clock
    )
    assert prepared.display["day"] == "2026-12-04T15:00+01:00"
    shown = prepared.preview()
    assert shown == 'delete "Meeting" on Friday 4 December 2026, 15:00–16:00 (Europe/Berlin)'
    assert prepared.arguments["event"].startswith("uid:")
    # Another client adds a second 3pm meeting before the user says yes: the pinned one goes.
    other_client(radicale).save_event(dtstart=at(4, 15), dtend=at(4, 16), summary="Meeting")
    done = meetings["calendar_delete_event"].run(prepared.arguments).summary
    assert done.startswith('Deleted "Meeting" on Friday 4 December 2026, 15:00')
    assert on_server(radicale) == [("Meeting", at(4, 10)), ("Lunch with Ana", at(4, 12)),
                                   ("Meeting", at(4, 15))]  # fmt: skip


def test_a_time_alone_names_the_event_and_a_time_inside_one_counts(
    meetings: dict[str, Tool], clock: Clock, radicale: Radicale
) -> None:
    # "remove my event at noon on friday": no title words, the time names it
    done = run(meetings, clock, "calendar_delete_event", event="my event", day="Friday noon")
    assert "Lunch with Ana" in done.summary
    # 10:30 falls inside the 10:00 meeting
    run(meetings, clock, "calendar_delete_event", event="meeting", day="Friday 10:30am")
    assert on_server(radicale) == [("Meeting", at(4, 15))]


def test_a_time_with_nothing_on_then_asks_and_never_guesses(
    meetings: dict[str, Tool], clock: Clock, radicale: Radicale
) -> None:
    with pytest.raises(AskUser) as asked:
        run(meetings, clock, "calendar_delete_event", event="meeting", day="Friday 9am")
    question = asked.value
    assert "Nothing matching 'meeting' is on at 09:00 on Friday 4 December 2026" in str(question)
    # "meeting" names no title here (any event is a meeting): the day's events, in order
    assert question.argument == "event" and len(question.options) == 3
    assert '1. "Meeting"' in str(question) and '2. "Lunch with Ana"' in str(question)
    # the answer (one of the listed ids) deletes that one
    chosen = question.options[2]
    run(meetings, clock, "calendar_delete_event", event=chosen, day="Friday 9am")
    assert on_server(radicale) == [("Meeting", at(4, 10)), ("Lunch with Ana", at(4, 12))]
    with pytest.raises(ToolError, match="no event matches 'meeting' on Saturday 5 December 2026"):
        run(meetings, clock, "calendar_delete_event", event="meeting", day="Saturday 3pm")
    # a day alone still asks which of the day's two lunches
    run(meetings, clock, "calendar_create_event", title="Lunch with Ana", start="Friday 1pm")
    with pytest.raises(AskUser, match="2 events match 'lunch'"):
        run(meetings, clock, "calendar_delete_event", event="lunch", day="Friday")


def test_a_time_picks_one_occurrence_of_a_series(
    tools: dict[str, Tool], clock: Clock, radicale: Radicale
) -> None:
    run(tools, clock, "calendar_create_event", title="Standup", start="Monday 9am", repeat="daily")
    run(tools, clock, "calendar_create_event", title="Standup review", start="Tuesday 5pm")
    prepared = tools["calendar_delete_event"].prepare(
        {"event": "standup", "day": "Tuesday 9am"}, clock
    )
    assert prepared.preview().startswith("delete only the Tuesday 1 December occurrence of")
    # that occurrence, and a digest of it as shown (changed before the yes, it is not deleted)
    assert "#2026-12-01T09:00:00+01:00~" in prepared.arguments["event"]
    tools["calendar_delete_event"].run(prepared.arguments)
    (series,) = [
        Calendar.from_ical(o.data)
        for o in other_client(radicale).objects_by_sync_token(load_objects=True)
        if o.data is not None and "RRULE" in str(o.data)
    ]
    (master,) = series.walk("VEVENT")
    assert [d.dt for d in master["exdate"].dts] == [at(1, 9)]
    assert ("Standup review", at(1, 17)) in on_server(radicale)


# -- mail, on a real IMAP server ---------------------------------------------------------------
ADDRESS, MAIL_PASSWORD = "me@example.org", "imap pass 1"


def message(subject: str, date: str | None) -> bytes:
    dated = f"Date: {date}\r\n" if date else ""
    return (
        f"From: Bob <bob@example.net>\r\nTo: <{ADDRESS}>\r\nSubject: {subject}\r\n{dated}"
        f"Message-ID: <{subject.replace(' ', '-')}@example.net>\r\n\r\nhello\r\n"
    ).encode()


@pytest.fixture
def mail() -> Iterator[Tool]:
    require_program("dovecot", "dovecot-imapd")
    root = Path(tempfile.mkdtemp(prefix="botpsy-dovecot-", dir="/tmp"))
    server = Dovecot(root, {ADDRESS: MAIL_PASSWORD}).start()
    try:
        for subject, date in [
            ("morning note", "Mon, 30 Nov 2026 09:15:00 +0100"),
            ("tokyo before", "Mon, 30 Nov 2026 23:50:00 +0900"),  # 15:50 in Berlin
            ("afternoon note", "Mon, 30 Nov 2026 16:20:00 +0100"),
            ("from california", "Mon, 30 Nov 2026 07:30:00 -0800"),  # 16:30 in Berlin
            ("tokyo after", "Tue, 01 Dec 2026 00:30:00 +0900"),  # 16:30 in Berlin, Monday
            ("next day", "Tue, 01 Dec 2026 08:00:00 +0100"),
        ]:
            server.deliver(ADDRESS, message(subject, date))
        box = Mailbox(
            ADDRESS,
            ADDRESS,
            Endpoint("127.0.0.1", server.port, "none"),
            Endpoint("127.0.0.1", 1, "none"),
            lambda: MAIL_PASSWORD,
        )
        yield Tool.from_function(MailTools(box).mail_search)
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


def subjects(mail: Tool, clock: Clock, **arguments: object) -> tuple[str, list[str]]:
    result = mail.run(mail.prepare(arguments, clock).arguments)
    return result.summary.split("\n")[0], sorted(m["subject"] for m in result.data["messages"])


def test_mail_since_a_time_keeps_what_was_sent_after_it_in_any_zone(
    mail: Tool, clock: Clock
) -> None:
    head, found = subjects(mail, clock, since="Monday 4pm")
    assert mail.prepare({"since": "Monday 4pm"}, clock).display["since"] == (
        "2026-11-30T16:00+01:00"
    )
    assert found == ["afternoon note", "from california", "next day", "tokyo after"]
    assert head == "4 messages found since Monday 30 November 16:00:"
    # a cut-off after everything
    assert subjects(mail, clock, since="Tuesday 9am")[1] == []


def test_mail_since_a_day_stays_a_whole_day(mail: Tool, clock: Clock) -> None:
    head, found = subjects(mail, clock, since="Tuesday")
    assert head == "2 messages found:"  # the Date header's own day, as IMAP SENTSINCE reads it
    assert found == ["next day", "tokyo after"]
    assert len(subjects(mail, clock, since="Monday")[1]) == 6
    with pytest.raises(ToolError, match="'before' must come after 'since'"):
        subjects(mail, clock, since="Tuesday 3pm", before="Tuesday")


# -- the intents that now carry these arguments -------------------------------------------------
def first_match(text: str, now: datetime = NOW) -> Any:
    from botpsy_calendar.intents import make_matchers
    from botpsy_calendar.task_intents import make_task_matchers
    from botpsy_mail.intents import make_mail_matchers

    def clock() -> datetime:
        return now

    matchers = [m for _, m in make_matchers(clock) + make_task_matchers(clock)]
    matchers += [m for _, m in make_mail_matchers(clock)]
    found = next((f for m in matchers if (f := m(text)) is not None), None)
    return found and (found.tool, found.arguments)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("which tasks are due on tuesday", {"due": "on tuesday"}),
        ("what's due tomorrow", {"due": "tomorrow"}),
        ("show me my to-dos for next week", {"due": "for next week"}),
        (
            "what is on my packing list for saturday",
            {"list_name": "packing list", "due": "for saturday"},
        ),
        ("what is on my packing list", {"list_name": "packing list"}),
        ("my tasks", {}),
    ],
)
def test_a_day_said_of_the_to_dos_or_a_list_reaches_task_list(
    text: str, arguments: dict[str, str]
) -> None:
    assert first_match(text) == ("task_list", arguments)


@pytest.mark.parametrize(
    "text", ["what lists did we start yesterday", "what's on tomorrow", "what is tomorrow"]
)
def test_a_day_of_making_or_of_the_agenda_is_no_due_day(text: str) -> None:
    found = first_match(text)
    assert found is None or "due" not in found[1]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("cancel the 4pm call on thursday", "on thursday at 4pm"),
        ("delete the two o'clock dentist tomorrow", "tomorrow at two o'clock"),
        ("cancel the dentist on thursday", "on thursday"),
        ("delete the morning standup on thursday", "on thursday"),  # a part of the day: the day
    ],
)
def test_a_delete_keeps_the_hour_said_before_the_event(text: str, day: str) -> None:
    found = first_match(text)
    assert found is not None and found[0] == "calendar_delete_event"
    assert found[1]["day"] == day


def test_a_time_alone_is_not_a_day_for_a_delete() -> None:
    # "my 4pm call" may be on any day: the title finds it, never "the next 4pm"
    assert first_match("cancel my 4pm call") == ("calendar_delete_event", {"event": "Call"})


def test_an_event_named_by_its_hour_asks_which_with_the_hour() -> None:
    found = first_match("remove my appointment on thursday at four pm")
    assert found == ("calendar_delete_event", {"day": "2026-12-03T16:00+01:00"})


@pytest.mark.parametrize(
    ("now", "since"),
    [
        (NOW, "2026-11-29T15:00+01:00"),  # said at 18:30: this afternoon
        (NOW.replace(hour=9), "2026-11-28T15:00+01:00"),  # said at 9:00: yesterday's
    ],
)
def test_mail_since_an_hour_is_the_last_time_it_was_that_hour(now: datetime, since: str) -> None:
    assert first_match("any emails since 3pm", now) == ("mail_search", {"since": since})


# -- the eval reads a look-back argument as the mail intents resolve it -------------------------
def test_the_eval_takes_a_since_hour_ahead_of_now_as_its_last_occurrence() -> None:
    from assistant.evals.slurp import NOW as EVAL_NOW
    from assistant.evals.slurp import Request, Shape, judge, load_mapping

    now = datetime.fromisoformat(EVAL_NOW).astimezone(ZONE)  # a Wednesday, 09:30
    shapes = {"mail_search": Shape(("since", "before"), ("sender",)),
              "calendar_delete_event": Shape(("day",), ("event",))}  # fmt: skip
    asked = Request("1", "", "email", "email_query", [("time", "five pm")])

    def args_ok(tool: str, arguments: dict[str, str], request: Request = asked) -> bool | None:
        return judge(request, tool, arguments, load_mapping(), shapes, now).args_ok

    assert args_ok("mail_search", {"since": "2026-11-24T17:00+01:00"})  # yesterday's 5pm
    assert not args_ok("mail_search", {"since": "2026-11-25T17:00+01:00"})  # still ahead
    assert not args_ok("mail_search", {"since": "2026-11-24"})  # no hour
    # a delete is no look-back: its 5pm is the next one
    cancel = Request("2", "", "calendar", "calendar_remove", [("time", "five pm")])
    assert args_ok("calendar_delete_event", {"day": "2026-11-25T17:00+01:00"}, cancel)
    assert not args_ok("calendar_delete_event", {"day": "2026-11-24T17:00+01:00"}, cancel)
