"""Session 13, calendar questions: the user's own calendar items asked after are answered from the
calendar ("what time is my flight on saturday", "when is my train to hamburg", "is the school
play on tuesday"), in the window said (a day, a part of a day bounded by a clock), while how a
trip stands right now ("is my flight delayed") stays with the web's live matcher.

Every request is invented and about botpsy's own calendar. The tables run the calendar plugin's
matchers at NOW (Sunday 29 November 2026, 18:30); the ownership table runs every built-in plugin
in load order; the conversations run the real agent on the real local vdir store (in a temporary
home), with a scripted model stand-in that is never asked: the intents answer every turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from assistant.api import TimeParseError, parse_span, plain_request
from assistant.config import Config
from assistant.intents import IntentRegistry
from assistant.policy import Approval
from tests.calendar_checks import check, first
from tests.conftest import NOW, ZONE
from tests.helpers import RecordingApprover, builtin_assistant, play_turns, scripted_assistant

LIST = "calendar_list_events"
SEARCH = "calendar_search_events"
UPDATE = "calendar_update_event"
WEB = "web_research"
MON, TUE, WED, THU, FRI, SAT, SUN = (
    f"2026-{d}" for d in ("11-30", "12-01", "12-02", "12-03", "12-04", "12-05", "12-06")
)


# -- one shape: a question, one of the user's items, maybe a window -------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        # travel of one's own, with a day: that day's listing
        ("what time is my flight on saturday", LIST, {"when": SAT}),
        ("what time's my flight saturday", LIST, {"when": SAT}),
        ("when is my train on friday", LIST, {"when": FRI}),
        ("when does my ferry leave on saturday", LIST, {"when": SAT}),
        ("what time does our coach depart tomorrow", LIST, {"when": MON}),
        ("how long is my flight on friday", LIST, {"when": FRI}),
        ("is my flight tomorrow", LIST, {"when": MON}),
        ("at what time is my bus on wednesday", LIST, {"when": WED}),
        ("what time do i fly to porto on thursday", LIST, {"when": THU}),
        # travel of one's own, no day: the calendar searched for its words
        ("when is my train to hamburg", SEARCH, {"text": "train to hamburg"}),
        ("when is my flight", SEARCH, {"text": "flight"}),
        ("what time does my train leave", SEARCH, {"text": "train"}),
        ("what time is my flight to rome", SEARCH, {"text": "flight to rome"}),
        ("when do i fly to lisbon", SEARCH, {"text": "lisbon"}),
        ("when am i flying to oslo", SEARCH, {"text": "oslo"}),
        ("what day do we travel to vienna", SEARCH, {"text": "vienna"}),
        ("when do i leave for the airport", SEARCH, {"text": "airport"}),
        ("how long is my flight to lima", SEARCH, {"text": "flight to lima"}),
        ("whens my ferry to the island", SEARCH, {"text": "ferry to the island"}),
        # told rather than asked, a countdown, a way home, the need to be there
        ("tell me when my flight leaves", SEARCH, {"text": "flight"}),
        ("can you tell me where the team dinner is", SEARCH, {"text": "team dinner"}),
        ("do you know what time my train leaves tomorrow", LIST, {"when": MON}),
        ("how long until my flight", SEARCH, {"text": "flight"}),
        ("how many days until our trip to rome", SEARCH, {"text": "trip to rome"}),
        ("what time is my train home on friday", LIST, {"when": FRI}),
        ("what time do i need to be at the airport for my flight", SEARCH, {"text": "flight"}),
        ("when do i need to leave for my train", SEARCH, {"text": "train"}),
        ("when do i have to get to the station on friday", LIST, {"when": FRI}),
        # back in time: the calendar keeps what is past too
        ("when did i last see the dentist", SEARCH, {"text": "dentist"}),
        ("when was the last time we met jo", SEARCH, {"text": "jo"}),
        ("when did i last have a haircut", SEARCH, {"text": "haircut"}),
        ("when was the last time i went to the gym", SEARCH, {"text": "gym"}),
        # appointments and events, by their kind or someone's
        ("when's the dentist", SEARCH, {"text": "dentist"}),
        ("what time is my haircut", SEARCH, {"text": "haircut"}),
        ("where is the team dinner", SEARCH, {"text": "team dinner"}),
        ("when does the school play end", SEARCH, {"text": "school play"}),
        ("how long is my meeting with ana", SEARCH, {"text": "meeting with ana"}),
        ("what date is tom's graduation", SEARCH, {"text": "tom's graduation"}),
        ("when is the next parents meeting", SEARCH, {"text": "parents meeting"}),
        ("where's our picnic", SEARCH, {"text": "picnic"}),
        # ... and with a day
        ("is the school play on tuesday", LIST, {"when": TUE}),
        ("how long is the workshop on friday", LIST, {"when": FRI}),
        ("where's my interview on thursday", LIST, {"when": THU}),
        ("what time does the recital start on wednesday", LIST, {"when": WED}),
        ("is lily's party on saturday", LIST, {"when": SAT}),
        ("when is my lesson tomorrow", LIST, {"when": MON}),
        ("what time is the vet on the 3rd", LIST, {"when": THU}),
    ],
)  # fmt: skip
def test_a_question_about_an_own_item_reads_the_calendar(
    text: str, tool: str, want: dict[str, str]
) -> None:
    check(text, tool, want)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("do i have anything after six tomorrow", f"{MON}T18:00", f"{TUE}T00:00"),
        ("am i free before noon on friday", f"{FRI}T00:00", f"{FRI}T12:00"),
        ("anything on after 5 today", "2026-11-29T17:00", f"{MON}T00:00"),
        ("what have i got tomorrow after lunch", f"{MON}T13:00", f"{TUE}T00:00"),
        ("any meetings before 10 on wednesday", f"{WED}T00:00", f"{WED}T10:00"),
    ],
)
def test_an_agenda_bounded_by_a_clock_lists_that_part_of_the_day(
    text: str, start: str, end: str
) -> None:
    found = first(text)
    assert found is not None and found.tool == LIST, (text, found)
    span = parse_span(str(found.arguments["when"]), NOW)
    assert (span.start.strftime("%Y-%m-%dT%H:%M"), span.end.strftime("%Y-%m-%dT%H:%M")) == (
        start,
        end,
    ), text


@pytest.mark.parametrize(
    "text",
    [
        # how a trip stands now, and timetables: the web's
        "is my flight delayed",
        "is my train on time",
        "what gate is my flight",
        "when does my flight lh123 land",
        "has my train departed",
        "when does my flight land",
        "what time does my train arrive",
        "where is my train",
        "where is my flight now",
        "when is the next train to hamburg",
        "what time is the last bus tonight",
        # other domains' own things, and knowledge
        "when is my package arriving",
        "what time is my alarm",
        "where is my phone",
        "how long is my commute",
        "when is the super bowl",
        "what time is the match on tv",
        "when is christmas",
        "where is the eiffel tower",
        "how long is the river thames",
        "is the shop open on sunday",
        "is my phone charged",
        "details of my flight",
        "when did i last see my keys",
        "when was the last time it rained",
        "tell me a joke",
        "how long is the drive to paris",
    ],
)
def test_live_status_timetables_and_other_things_are_not_own_items(text: str) -> None:
    found = first(text)
    assert found is None or found.intent != "own_question", (text, found)
    assert found is None or found.tool not in (SEARCH, "contacts_find"), (text, found)


def test_a_title_on_the_calendar_names_an_item_of_any_kind() -> None:
    """Words the calendar holds as a title are the user's item, whatever their kind."""
    found = first("when is the book swap", known=("Book swap at the library",))
    assert found is not None and (found.tool, found.arguments) == (SEARCH, {"text": "book swap"})
    assert first("when is the book swap") is None or first("when is the book swap").tool != SEARCH  # type: ignore[union-attr]


# -- who owns "my flight": the calendar for when, the web for how it stands ------------------------
@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[IntentRegistry]:
    with builtin_assistant(tmp_path_factory.mktemp("home")) as assistant:
        yield assistant.agent.intents


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("what time is my flight on saturday", LIST),
        ("when is my train to hamburg", SEARCH),
        ("what time does my train leave", SEARCH),
        ("when do i fly to lisbon", SEARCH),
        ("is my flight delayed", WEB),
        ("flight status of lh123", WEB),
        ("is the 8:15 train on time", WEB),
        ("is my train running late", WEB),
        ("when is the next train to hamburg", WEB),
    ],
)
def test_the_calendar_answers_when_and_the_web_how_it_stands(
    registry: IntentRegistry, text: str, tool: str
) -> None:
    found = registry.match(plain_request(text))
    assert found is not None and found.tool == tool, (text, found)


# -- a window bounded by a clock -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "start", "end"),
    [
        ("after six tomorrow", f"{MON}T18:00", f"{TUE}T00:00"),
        ("tomorrow after 6pm", f"{MON}T18:00", f"{TUE}T00:00"),
        ("friday before noon", f"{FRI}T00:00", f"{FRI}T12:00"),
        ("before noon on friday", f"{FRI}T00:00", f"{FRI}T12:00"),
        ("from 3 pm on saturday", f"{SAT}T15:00", f"{SUN}T00:00"),
        ("after lunch on monday", f"{MON}T13:00", f"{TUE}T00:00"),
        ("the day after tomorrow", f"{TUE}T00:00", f"{WED}T00:00"),
        ("from monday to friday", f"{MON}T00:00", "2026-12-05T00:00"),
    ],
)
def test_a_span_bounded_by_a_clock(said: str, start: str, end: str) -> None:
    span = parse_span(said, NOW)
    assert span.start.strftime("%Y-%m-%dT%H:%M") == start, span
    assert span.end.strftime("%Y-%m-%dT%H:%M") == end, span


@pytest.mark.parametrize("said", ["after tomorrow", "before friday", "tomorrow after friday at 6"])
def test_a_bound_needs_a_clock_and_one_day(said: str) -> None:
    with pytest.raises(TimeParseError):
        parse_span(said, NOW)


# -- conversations on the real store ---------------------------------------------------------------
def _at(day: str, clock: str) -> datetime:
    return datetime.fromisoformat(f"{day}T{clock}").replace(tzinfo=ZONE)


@pytest.fixture
def pinned(config: Config, monkeypatch: pytest.MonkeyPatch) -> Config:
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())
    return config


def _store(assistant: object) -> object:
    return assistant.plugins.tools.get(LIST).function.__self__.store  # type: ignore[attr-defined]


def _add(assistant: object, title: str, start: datetime, hours: float = 1) -> None:
    from botpsy_calendar.items import Event

    _store(assistant).save(Event(title, start, start + timedelta(hours=hours)))  # type: ignore[attr-defined]


def test_a_flight_on_the_calendar_is_the_answer_and_a_missing_train_is_said_so(
    pinned: Config,
) -> None:
    assistant, model, _ = scripted_assistant(pinned, [], RecordingApprover(Approval(True)))
    try:
        _add(assistant, "Flight to Lisbon", _at(SAT, "07:15"), 3)
        _add(assistant, "Brunch with Ines", _at(MON, "11:00"))
        flight, train, monday = play_turns(
            assistant,
            "what time is my flight on saturday",
            "when is my train to hamburg",
            "is my flight on monday",
        )
        assert flight.path == "intent" and "07:15" in flight.reply, flight.reply
        assert "Flight to Lisbon" in flight.reply, flight.reply
        assert train.path == "intent" and train.calls[-1].tool == SEARCH, train.reply
        assert train.reply.strip() == "No events mention 'train to hamburg'.", train.reply
        assert "Flight" not in monday.reply and "Brunch with Ines" in monday.reply, monday.reply
        assert not model.seen  # the model was never asked
    finally:
        assistant.close()


def test_move_it_after_a_question_moves_the_item_asked_after(pinned: Config) -> None:
    assistant, _, _ = scripted_assistant(pinned, [], RecordingApprover(Approval(True)))
    try:
        _add(assistant, "Dentist", _at(THU, "09:00"))
        _add(assistant, "Gym", _at(THU, "18:00"))
        asked, moved = play_turns(assistant, "when's the dentist", "move it to 11am")
        assert asked.calls[-1].tool == SEARCH and "09:00" in asked.reply, asked.reply
        assert moved.calls and moved.calls[-1].tool == UPDATE, moved.reply
        events = _store(assistant).between(_at(THU, "00:00"), _at(FRI, "00:00"))  # type: ignore[attr-defined]
        assert sorted((e.title, e.start.strftime("%H:%M")) for e in events) == [
            ("Dentist", "11:00"),
            ("Gym", "18:00"),
        ]
    finally:
        assistant.close()


def test_move_it_after_a_day_question_moves_that_days_item(pinned: Config) -> None:
    assistant, _, _ = scripted_assistant(pinned, [], RecordingApprover(Approval(True)))
    try:
        _add(assistant, "School play", _at(TUE, "18:00"), 2)
        asked, moved = play_turns(assistant, "is the school play on tuesday", "move it to 7pm")
        assert asked.calls[-1].tool == LIST and "School play" in asked.reply, asked.reply
        assert moved.calls and moved.calls[-1].tool == UPDATE, moved.reply
        (event,) = _store(assistant).between(_at(TUE, "00:00"), _at(WED, "00:00"))  # type: ignore[attr-defined]
        assert event.start == _at(TUE, "19:00"), event
    finally:
        assistant.close()


def test_anything_after_six_lists_only_the_evening(pinned: Config) -> None:
    assistant, _, _ = scripted_assistant(pinned, [], RecordingApprover(Approval(True)))
    try:
        _add(assistant, "Standup", _at(MON, "09:30"))
        _add(assistant, "Choir practice", _at(MON, "19:00"))
        (done,) = play_turns(assistant, "do i have anything after six tomorrow")
        assert done.calls[-1].tool == LIST, done.reply
        assert "Choir practice" in done.reply and "Standup" not in done.reply, done.reply
    finally:
        assistant.close()


def test_no_question_shape_is_kept_for_unknown_or_timetable_items(tmp_path: Path) -> None:
    """Behind every plugin: a timetable's question never searches the user's calendar."""
    with builtin_assistant(tmp_path) as assistant:
        found = assistant.agent.intents.match("when is the next bus to the airport")
        assert found is None or found.tool not in (LIST, SEARCH), found


# -- general causes of misses: a time said first, time away told, an event named by its hour -----
CREATE = "calendar_create_event"
DELETE = "calendar_delete_event"
TASK = "task_add"


@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        # the time first, then the command, as people think of the day first
        ("tomorrow cancel the gym", DELETE, {"event": "gym", "day": MON}),
        ("on friday at 9 schedule a call with jo", CREATE, {"title": "call with jo", "start": f"{FRI}T09:00"}),
        ("every monday at 8 put the standup in", CREATE, {"title": "standup", "start": f"{MON}T08:00"}),
        ("next week show my meetings", LIST, {"when": MON}),
        ("tuesday at 4 add the piano lesson", CREATE, {"title": "piano lesson", "start": f"{TUE}T16:00"}),
        ("on saturday move lunch with ana to 2pm", UPDATE, {"event": "lunch with ana", "start": f"{SAT}T14:00"}),
        # time away, told: one event, all day, a day or a range
        ("i'm away next week", CREATE, {"title": "away", "start": MON}),
        ("out of office monday", CREATE, {"title": "out of office", "start": MON}),
        ("i'm off sick tomorrow", CREATE, {"title": "off sick", "start": MON}),
        ("we'll be on holiday from the 20th to the 27th", CREATE, {"title": "holiday", "start": "2026-12-20"}),
        ("i am on leave from wednesday to friday", CREATE, {"title": "leave", "start": WED}),
        ("we're out of town over the weekend", CREATE, {"title": "out of town", "start": SAT}),
        ("i'm going to be travelling on the 3rd", CREATE, {"title": "travelling", "start": THU}),
        # an event named by its hour, moved next to it
        ("move my 3pm to 4pm", UPDATE, {"day": f"{MON}T15:00", "start": f"{MON}T16:00"}),
        ("push my 10 o'clock to 11", UPDATE, {"day": f"{MON}T10:00", "start": f"{MON}T11:00"}),
        ("move the 2 pm meeting to friday", UPDATE, {"event": "meeting", "start": f"{FRI}T14:00"}),
    ],
)  # fmt: skip
def test_general_shapes_of_calendar_commands(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


def test_a_range_away_ends_on_its_last_day() -> None:
    found = first("i'm on holiday from the 20th to the 27th")
    assert found is not None and found.arguments["end"] == "2026-12-27", found


@pytest.mark.parametrize(
    "text",
    [
        "i'm off to bed",
        "i'm away",
        "i'm off at 5 today",
        "i'm away on friday at 2",
        "tomorrow set an alarm for 7",
        "tomorrow it will rain",
        "friday check the weather",
        "make my meeting on friday an hour longer",
        "set my lunch half an hour earlier",
        "tonight play some jazz",
    ],
)
def test_near_misses_of_the_general_shapes(text: str) -> None:
    found = first(text)
    assert found is None or found.tool not in (CREATE, DELETE), (text, found)


@pytest.mark.parametrize(
    ("text", "live"),
    [
        ("when is my train to york", False),
        ("what time is my flight", False),
        ("how long is our ferry", False),
        ("is my flight delayed", True),
        ("what platform is my train", True),
        ("is my bus running late", True),
        ("has my flight landed", True),
    ],
)
def test_the_web_alone_takes_ones_own_trip_only_when_asked_how_it_stands(
    text: str, live: bool
) -> None:
    """Even tried alone (another plugin missing), the web never researches "when is my train"."""
    from botpsy_web.intents import live_question

    assert (live_question(text) is not None) == live, (text, live_question(text))
