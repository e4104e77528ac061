"""Session 11, calendar: titles that name a part of the day, bare hours in moves, and a move
whose words name several events.

Every request is invented and about botpsy's own calendar. The tables run the calendar
plugin's matchers at NOW (Sunday 29 November 2026, 18:30) with event lookups given as data;
the conversations run the real agent on the real local calendar store, with a scripted model
stand-in (no GGUF runs in unit tests) that is never asked: the intents answer every turn.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from botpsy_calendar.intents import make_matchers, near_hour

from assistant.api import Moment, plain_request
from assistant.config import Config
from assistant.intents import IntentMatch
from assistant.policy import Approval
from tests.calendar_checks import check, resolved
from tests.calendar_checks import first as calendar_first
from tests.conftest import NOW
from tests.helpers import RecordingApprover, first_match, play_turns, scripted_assistant

CREATE = "calendar_create_event"
UPDATE = "calendar_update_event"
MON, TUE, WED, THU, FRI, SAT = (
    f"2026-{d}" for d in ("11-30", "12-01", "12-02", "12-03", "12-04", "12-05")
)


def first(text: str) -> IntentMatch | None:
    return calendar_first(plain_request(text))


# -- a title that names a part of the day, the clock time said apart -------------------------
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("parents evening on thursday at 6:45", "parents evening", f"{THU}T18:45"),
        ("add parents evening on thursday at quarter to seven", "parents evening", f"{THU}T18:45"),
        ("movie night on friday at 8", "movie night", f"{FRI}T20:00"),
        ("we have movie night friday at eight", "movie night", f"{FRI}T20:00"),
        ("i have parents evening on thursday at 6:45", "parents evening", f"{THU}T18:45"),
        ("quiz night on friday at 8pm", "quiz night", f"{FRI}T20:00"),
        ("careers evening on wednesday at 6:30", "careers evening", f"{WED}T18:30"),
        ("open evening on wednesday at 6:30", "open evening", f"{WED}T18:30"),
        ("open mic night on thursday at 8", "open mic night", f"{THU}T20:00"),
        ("night class tuesday at 7", "night class", f"{TUE}T19:00"),
        ("put night class on tuesday at 7 pm", "night class", f"{TUE}T19:00"),
        ("morning coffee with jo on friday at 8", "morning coffee with jo", f"{FRI}T08:00"),
        ("schedule morning coffee with jo friday at 8 am", "morning coffee", f"{FRI}T08:00"),
        ("morning run tomorrow at 6", "morning run", f"{MON}T06:00"),
        ("breakfast meeting on monday at 7:30", "breakfast meeting", f"{MON}T07:30"),
        ("add evening yoga tomorrow at six thirty", "evening yoga", f"{MON}T18:30"),
        ("girls night out saturday at eight thirty", "girls night out", f"{SAT}T20:30"),
        ("afternoon tea with gran saturday at 3", "afternoon tea with gran", f"{SAT}T15:00"),
        ("add a late night movie on friday at 10 pm", "late night movie", f"{FRI}T22:00"),
        ("put careers evening in my diary for wednesday at six", "careers evening", WED),
    ],
)
def test_a_part_of_the_day_stays_in_the_title(text: str, title: str, start: str) -> None:
    check(text, CREATE, {"title": title, "start": start})


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("dinner tomorrow evening", f"{MON}T19:00"),  # the part of the day is the time here
        ("add yoga on friday night", f"{FRI}T20:00"),
        ("lunch with ana on saturday afternoon", f"{SAT}T14:00"),
    ],
)
def test_a_part_of_the_day_alone_is_still_the_time(text: str, start: str) -> None:
    found = check(text, CREATE, {"start": start})
    title = found.arguments["title"].lower()
    assert not title.endswith(("evening", "night", "afternoon")), found.arguments


# -- a bare hour in a move: the half of the day nearest the event's own time ------------------
ZONE = NOW.tzinfo
EVENTS = {
    "Book group": datetime(2026, 12, 3, 19, 0, tzinfo=ZONE),
    "Review": datetime(2026, 12, 3, 11, 0, tzinfo=ZONE),
    "Standup": datetime(2026, 11, 30, 9, 30, tzinfo=ZONE),
}


def moved(text: str) -> IntentMatch | None:
    """The first calendar match for `text` with EVENTS on the calendar."""

    def has_event(words: str) -> bool:
        return any(words.lower() in title.lower() for title in EVENTS)

    def event_start(words: str) -> Moment | None:
        found = [s for t, s in EVENTS.items() if words.lower() in t.lower()]
        return Moment(found[0]) if len(found) == 1 else None

    return first_match(make_matchers(lambda: NOW, has_event, event_start), plain_request(text))


@pytest.mark.parametrize(
    ("text", "event", "start"),
    [
        ("move the book group to 8", "book group", f"{THU}T20:00"),
        ("push the book group to 8", "book group", f"{THU}T20:00"),
        ("push book group to eight thirty", "book group", f"{THU}T20:30"),
        ("can you move book group to 10", "book group", f"{THU}T22:00"),
        ("reschedule the book group to 6", "book group", f"{THU}T18:00"),
        ("change the book group to seven thirty", "book group", f"{THU}T19:30"),
        ("bring the review forward to 9", "review", f"{THU}T09:00"),
        ("move the review up to 10", "review", f"{THU}T10:00"),
        ("move the review to 2", "review", f"{THU}T14:00"),
        ("postpone the review to 1", "review", f"{THU}T13:00"),
        ("delay the standup to 10", "standup", f"{MON}T10:00"),
        ("move the standup to 8", "standup", f"{MON}T08:00"),
        # a half of the day said is kept as said
        ("move the standup to 8pm", "standup", f"{MON}T20:00"),
        ("move the review to 9 am", "review", f"{THU}T09:00"),
        ("move the book group to 8 in the morning", "book group", f"{THU}T08:00"),
        # a shift by a length, as before
        ("push the review back an hour", "review", f"{THU}T12:00"),
        ("bring the book group forward by half an hour", "book group", f"{THU}T18:30"),
    ],
)
def test_a_bare_hour_in_a_move_is_near_the_events_time(text: str, event: str, start: str) -> None:
    found = moved(text)
    assert found is not None and found.tool == UPDATE, (text, found)
    assert event in str(found.arguments["event"]).lower()
    assert resolved(found.arguments["start"]).startswith(start), found.arguments


@pytest.mark.parametrize(
    ("when", "old", "way", "want"),
    [
        ("at 8", "19:00", 0, "20:00"),
        ("at 8", "19:00", -1, "08:00"),  # "bring forward to 8": the morning
        ("at 7", "19:00", 1, "19:00"),  # a push to the same hour: none later, the nearest
        ("at 6", "07:00", 1, "18:00"),  # "push to 6" from 7am: later, so the evening
        ("at 6", "07:00", 0, "06:00"),
        ("at 12", "11:00", 0, "12:00"),
        ("at 9:45", "10:30", 0, "09:45"),
    ],
)
def test_near_hour(when: str, old: str, way: int, want: str) -> None:
    hour, minute = map(int, old.split(":"))
    at = datetime(2026, 12, 3, hour, minute, tzinfo=ZONE)
    got = near_hour(when, at, NOW, way)
    assert got is not None and got[11:16] == want and got.startswith(THU), got


@pytest.mark.parametrize("when", ["at 8 pm", "8am", "noon", "20:00", "friday", "tonight"])
def test_near_hour_leaves_what_says_its_half_or_no_hour(when: str) -> None:
    assert near_hour(when, datetime(2026, 12, 3, 19, 0, tzinfo=ZONE), NOW) is None


@pytest.mark.parametrize(("when", "want"), [("tomorrow at 8", "2026-11-30T20:00"),
                                            ("saturday at 9", "2026-12-05T21:00"),
                                            ("saturday at 3", "2026-12-05T15:00")])  # fmt: skip
def test_near_hour_on_another_day_keeps_the_events_half(when: str, want: str) -> None:
    """A day said with a bare hour: that day, in the half nearest the event's own time."""
    got = near_hour(when, datetime(2026, 12, 3, 19, 0, tzinfo=ZONE), NOW)
    assert got is not None and got.startswith(want), got


# -- a move whose words name several events: which one, then that one keeps its day ----------
@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Every conversation here is read at NOW."""
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())


def _starts(assistant: object, title: str) -> list[str]:
    store = assistant.plugins.tools.get("calendar_list_events").function.__self__.store  # type: ignore[attr-defined]
    found = [e for e in store.between(NOW, NOW + timedelta(days=30)) if e.title == title]
    return sorted(e.start.strftime("%Y-%m-%dT%H:%M") for e in found)


@pytest.mark.parametrize(
    ("move", "answer", "want"),
    [
        ("move the vet to 5pm", "the friday one", [f"{TUE}T10:00", f"{FRI}T17:00"]),
        ("can you move my vet appointment to 5 pm", "friday", [f"{TUE}T10:00", f"{FRI}T17:00"]),
        ("reschedule the vet to half past four", "the first one", [f"{TUE}T16:30", f"{FRI}T11:00"]),
        ("push the vet to 2", "tuesday's", [f"{TUE}T14:00", f"{FRI}T11:00"]),
    ],
)
def test_a_move_naming_two_events_asks_and_keeps_the_chosen_ones_day(
    config: Config, move: str, answer: str, want: list[str]
) -> None:
    assistant, _, _ = scripted_assistant(config, [], RecordingApprover(Approval(True)))
    try:
        play_turns(assistant, "add vet on tuesday at 10am", "add vet on friday at 11am")
        asked, done = play_turns(assistant, move, answer)
        assert asked.path != "model" and done.path != "model", (asked.path, done.path)
        assert "Tuesday 1 December" in asked.reply and "Friday 4 December" in asked.reply
        assert done.calls and done.calls[-1].tool == UPDATE, done.reply
        assert _starts(assistant, "Vet") == want
    finally:
        assistant.close()


def test_a_move_naming_one_event_needs_no_question(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], RecordingApprover(Approval(True)))
    try:
        play_turns(assistant, "add book group on thursday at 7pm")
        (done,) = play_turns(assistant, "move the book group to 8")
        assert done.path == "intent" and done.calls and done.calls[-1].tool == UPDATE
        assert _starts(assistant, "Book group") == [f"{THU}T20:00"]
    finally:
        assistant.close()


def test_a_push_of_the_event_just_added_to_a_bare_hour_stays_in_its_half(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], RecordingApprover(Approval(True)))
    try:
        play_turns(assistant, "add book group on thursday at 7pm", "push it to 8")
        assert _starts(assistant, "Book group") == [f"{THU}T20:00"]
    finally:
        assistant.close()


# -- near misses: no calendar tool -------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "what a night",
        "good evening",
        "play some evening jazz at eight",
        "how was your morning",
        "turn the night light on at 8",
        "what is the evening star",
    ],
)
def test_part_of_day_chatter_reaches_no_calendar_tool(text: str) -> None:
    found = first(text)
    assert found is None or not found.tool.startswith("calendar_"), (text, found)


# -- the verbs of putting something in: "pop", "stick", "slot in", "squeeze in", "book in" -----
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("pop lunch with mum in for saturday at one", "lunch with mum", f"{SAT}T13:00"),
        ("stick the gym on my calendar for tomorrow at seven", "gym", f"{MON}T19:00"),
        ("slot in a call with the bank on monday at ten", "call with the bank", f"{MON}T10:00"),
        ("squeeze in a haircut on friday at 2", "haircut", f"{FRI}T14:00"),
        ("book in a haircut for friday at 2", "haircut", f"{FRI}T14:00"),
        ("could you schedule in a catch up with tom next wednesday", "catch up with tom", WED),
        ("please put my haircut down for tuesday at 4", "haircut", f"{TUE}T16:00"),
        ("add football with the lads to saturday at 2", "football with the lads", f"{SAT}T14:00"),
        ("add mow the lawn to saturday morning", "mow the lawn", f"{SAT}T09:00"),
        # a clock time said after a day with no "at": "tuesday 9 30", "tomorrow half ten"
        ("vet appointment next tuesday 9 30", "vet", f"{TUE}T09:30"),
        ("hairdresser appointment tomorrow half ten", "hairdresser", f"{MON}T10:30"),
        ("add band practice friday 7 45 pm", "band practice", f"{FRI}T19:45"),
    ],
)
def test_verbs_of_putting_in_make_events(text: str, title: str, start: str) -> None:
    found = check(text, CREATE, {"title": title, "start": start})
    assert not found.arguments["title"].lower().endswith((" in", " down", " to")), found.arguments


@pytest.mark.parametrize(
    "text",
    [
        "open my email at 9",
        "pop the oven on at six",
        "stick the telly on at eight",
        "slot the dishes in the dishwasher tonight",
        "stick some music on",
        "pop the kettle on",
        "squeeze some lemon on the fish",
    ],
)
def test_putting_things_that_are_no_events_reaches_no_calendar_tool(text: str) -> None:
    found = first(text)
    assert found is None or not found.tool.startswith("calendar_"), (text, found)


# -- the tool: `keep_day` keeps the chosen event on its own day ---------------------------------
def test_keep_day_moves_only_the_time_of_the_event_named(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], RecordingApprover(Approval(True)))
    try:
        play_turns(assistant, "add vet on friday at 11am")
        update = assistant.plugins.tools.get(UPDATE)
        assert update is not None
        prepared = update.prepare(
            {"event": "vet", "start": "5pm", "keep_day": True}, assistant.agent.clock
        )
        update.run(prepared.arguments)
        assert _starts(assistant, "Vet") == [f"{FRI}T17:00"]
    finally:
        assistant.close()


# -- timeparse: days of the year by name, and a clock time said after a day with no "at" -------
@pytest.mark.parametrize(
    ("said", "want"),
    [
        ("christmas day", "2026-12-25"),
        ("on christmas eve at 6pm", "2026-12-24T18:00"),
        ("boxing day at 2", "2026-12-26T14:00"),
        ("new year's eve", "2026-12-31"),
        ("new years day at noon", "2027-01-01T12:00"),
        ("on christmas", "2026-12-25"),
        ("on halloween at 7", "2027-10-31T19:00"),
        ("for valentines day", "2027-02-14"),
        ("friday 10", f"{FRI}T10:00"),
        ("tomorrow 3", f"{MON}T15:00"),
        ("next tuesday 9 30", f"{TUE}T09:30"),
        ("tomorrow half ten", f"{MON}T10:30"),
        ("friday 10 pm", f"{FRI}T22:00"),
        ("Friday 3-4:30pm", f"{FRI}T15:00"),
    ],
)
def test_spoken_days_and_times(said: str, want: str) -> None:
    assert resolved(said).startswith(want), (said, resolved(said))


@pytest.mark.parametrize("said", ["friday 3rd", "christmas", "halloween", "friday 2 times"])
def test_what_stays_no_time(said: str) -> None:
    from assistant.api import TimeParseError, parse_moment

    with pytest.raises(TimeParseError):
        parse_moment(said, NOW)


@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        (
            "arrange a get together with the family on christmas day",
            CREATE,
            {"start": "2026-12-25"},
        ),
        ("what do i have on christmas eve", "calendar_list_events", {"when": "2026-12-24"}),
        ("add christmas party on the 18th", CREATE, {"title": "christmas party"}),
        ("reminder dentist friday 10", "task_add", {"due": f"{FRI}T10:00"}),
        (
            "add a meeting on friday with the design team about the new logo",
            CREATE,
            {"title": "design team about the new logo", "start": FRI},
        ),
    ],
)
def test_requests_with_named_days(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


# -- bare fragments: an event with "for" and an hour, a call with someone, "anything" and a time -
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("meeting for friday at 3", CREATE, {"title": "meeting", "start": f"{FRI}T15:00"}),
        (
            "appointment for monday at half past two",
            CREATE,
            {"title": "appointment", "start": f"{MON}T14:30"},
        ),
        ("call with the client at four", CREATE, {"title": "call with the client"}),
        ("call with jo tomorrow at 10", CREATE, {"title": "call with jo", "start": f"{MON}T10:00"}),
        (
            "going out for dinner with jo friday at 8",
            CREATE,
            {"title": "dinner with jo", "start": f"{FRI}T20:00"},
        ),
        (
            "i am going out for a meal with the team on thursday at 7",
            CREATE,
            {"title": "meal with the team", "start": f"{THU}T19:00"},
        ),
        ("anything tomorrow", "calendar_list_events", {"when": MON}),
        ("anything friday", "calendar_list_events", {"when": FRI}),
        ("anything planned friday", "calendar_list_events", {"when": FRI}),
        ("anything at 3 tomorrow", "calendar_list_events", {"when": f"{MON}T15:00"}),
        ("is anything on at 9 tomorrow", "calendar_list_events", {"when": f"{MON}T09:00"}),
    ],
)
def test_bare_fragments(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


@pytest.mark.parametrize(
    "text",
    [
        "lunch for tomorrow",  # a day alone after "for": maybe an order, so the model's
        "pizza for tomorrow",
        "call jo at four",
        "call mum tomorrow at 10",
        "anything good on tv tonight",
        "anything new today",
        "anything else",
        "any news today",
        "anything interesting today",
        "i'm going out for a run",
        "going out for a walk now",
        "out for the count",
    ],
)
def test_fragments_that_are_no_events(text: str) -> None:
    found = first(text)
    assert found is None or found.tool not in (CREATE, "calendar_list_events"), (text, found)


# -- "move it" right after looking an event up: the words of that search name it --------------
@pytest.mark.parametrize(
    ("ask", "move", "want"),
    [
        ("when is my dentist appointment", "move it to 8", f"{THU}T20:00"),
        ("when is the dentist", "push it to 8", f"{THU}T20:00"),
        ("what time is the dentist", "can you move that to friday", f"{FRI}T19:00"),
        ("when is the dentist", "push it back an hour", f"{THU}T20:00"),
    ],
)
def test_a_move_of_the_event_just_looked_for(
    config: Config, ask: str, move: str, want: str
) -> None:
    assistant, _, _ = scripted_assistant(config, [], RecordingApprover(Approval(True)))
    try:
        play_turns(assistant, "add dentist on thursday at 7pm")
        asked, moved_now = play_turns(assistant, ask, move)
        assert asked.calls and asked.calls[-1].tool == "calendar_search_events", asked.reply
        assert moved_now.path == "followup", (moved_now.path, moved_now.reply)
        assert _starts(assistant, "Dentist") == [want]
    finally:
        assistant.close()


def test_an_event_asked_for_by_its_own_title() -> None:
    found = calendar_first("when is my book group", known=("Book group",))
    assert found is not None and found.tool == "calendar_search_events"
    assert found.arguments["text"] == "book group"
    assert calendar_first("when is my package", known=("Book group",)) is None
