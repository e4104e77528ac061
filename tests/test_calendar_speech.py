"""Calendar requests in the shapes people speak them: agenda questions, events told rather than
asked for, and cancels said another way; and what must stay with the model or another tool.

Every example is invented, about botpsy's own calendar. NOW is Sunday 29 November 2026, 18:30.
The last tests run requests through a real assistant and the local calendar store.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from botpsy_calendar.intents import as_cancel, make_matchers, split_title_and_time
from botpsy_calendar.task_intents import make_task_matchers

from assistant.config import Config
from assistant.intents import IntentMatch, clean_request
from assistant.policy import Approval
from tests.conftest import NOW
from tests.helpers import RecordingApprover, scripted_assistant


def first(text: str, known: tuple[str, ...] = ()) -> IntentMatch | None:
    """The first calendar-plugin match for `text`; `known` are the event titles that exist."""

    def has_event(words: str) -> bool:
        return any(words.lower() in title.lower() for title in known)

    now = lambda: NOW  # noqa: E731
    for _, matcher in make_matchers(now, has_event) + make_task_matchers(now, lambda _: False):
        found = matcher(clean_request(text))
        if found is not None:
            return found
    return None


def call(text: str, known: tuple[str, ...] = ()) -> tuple[str, dict[str, object]] | None:
    found = first(text, known)
    return None if found is None else (found.tool, found.arguments)


# -- questions about the agenda ----------------------------------------------------------------
LIST = "calendar_list_events"


@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("what does my week look like", "this week"),
        ("how does thursday look", "thursday"),
        ("what does the weekend look like for me", "the weekend"),
        ("is wednesday free", "wednesday"),
        ("is saturday busy", "saturday"),
        ("what's going on tomorrow", "tomorrow"),
        ("what's on for monday", "monday"),
        ("is anything happening on the seventh", "the seventh"),
        ("tell me about my day today", "today"),
        ("what's my day like tomorrow", "tomorrow"),
        ("which meetings are on tuesday", "tuesday"),
        ("where is my meeting tomorrow", "tomorrow"),
        ("who is coming to the workshop on friday", "friday"),
        ("do i have a date on saturday", "saturday"),
        ("do i have any lessons this week", "this week"),
        ("is there a rehearsal tomorrow evening", "tomorrow evening"),
        ("am i available on thursday", "thursday"),
        ("how busy am i next week", "next week"),
        ("i'd like to see my schedule for next week", "next week"),
        ("let me know what's on tomorrow", "tomorrow"),
        ("give me the details of tomorrow's meeting", "tomorrow"),
        ("my plans for the weekend", "the weekend"),
        ("tomorrow's agenda", "tomorrow"),
        ("what are my plans for the weekend", "the weekend"),
    ],
)
def test_agenda_questions_list_the_time_they_name(text: str, when: str) -> None:
    assert call(text) == (LIST, {"when": when})


@pytest.mark.parametrize(
    "text", ["my weekly schedule", "what's next on my calendar", "find my next meeting"]
)
def test_agenda_questions_without_a_time_list_the_week_ahead(text: str) -> None:
    assert call(text) == (LIST, {})


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("when is my pottery class", "pottery class"),
        ("what time does my pottery class start", "pottery class"),
        ("when's the quarterly review meeting", "quarterly review meeting"),
        ("when is jonas's birthday party", "jonas's birthday party"),
        ("find my dentist appointment", "dentist appointment"),
        ("what day is the book club meetup", "book club meetup"),
    ],
)
def test_a_question_about_one_named_event_searches_for_it(text: str, wanted: str) -> None:
    assert call(text) == ("calendar_search_events", {"text": wanted})


def test_the_search_uses_the_words_that_name_a_known_event() -> None:
    """ "Dentist appointment" finds no event called "Dentist"; "dentist" does."""
    asked = "when is my dentist appointment"
    assert call(asked, known=("Dentist",)) == ("calendar_search_events", {"text": "dentist"})
    assert call(asked, known=("Dentist appointment",)) == (
        "calendar_search_events",
        {"text": "dentist appointment"},
    )


@pytest.mark.parametrize(
    "text",
    [
        "how does the moon look tonight",
        "is the pharmacy open on sunday",
        "how is the traffic today",
        "which restaurants are open today",
        "what is on the menu today",
        "are there any good films on tonight",
        "what's on tv tonight",
        "what's happening in the world this week",
        "what is happening at the stadium tonight",
        "what day is it on the fifth of december",
        "what day does new year fall on",
        "what's the date tomorrow",
        "when is the next train to the airport",
        "where is the party at",
        "who is at the door",
        "find a restaurant for dinner tonight",
        "find a recipe for my party tomorrow",
        "what should i make for the party tomorrow",
        "what is a good recipe for the party on saturday",
        "do i have enough eggs for breakfast tomorrow",
        "what do i need for the dinner party tomorrow",
        "what's for dinner tonight",
        "any ideas for dinner tonight",
        "what is planned for dinner tonight",
        "show me my meal plan for this week",
        "how busy is the kitchen tonight",
        "how is your weekend looking",
        "what's on my shopping list for tomorrow",
        "are there ways to clear my calendar",
    ],
)
def test_other_questions_stay_with_the_model(text: str) -> None:
    found = first(text)
    assert found is None or not found.tool.startswith("calendar_"), (text, found)


# -- events told rather than asked for ---------------------------------------------------------
ADD = "calendar_create_event"


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        (
            "i have a physio appointment on tuesday at two",
            "Physio appointment",
            "on tuesday at two",
        ),
        ("i've got a job interview next friday at ten", "Job interview", "next friday at ten"),
        ("we have choir practice on thursday at seven", "Choir practice", "on thursday at seven"),
        (
            "there is a parents meeting on wednesday at six please add it",
            "Parents meeting",
            "on wednesday at six",
        ),
        ("i have a seminar tomorrow at nine put it on my calendar", "Seminar", "tomorrow at nine"),
        ("i'm going to a wedding on saturday at two", "Wedding", "on saturday at two"),
        ("i need to go to the vet on friday at five", "Vet", "on friday at five"),
        (
            "i want to go to lena's recital on friday at seven pm",
            "Lena's recital",
            "on friday at seven pm",
        ),
        (
            "i'm meeting tom for a run tomorrow at eight",
            "Meeting tom for a run",
            "tomorrow at eight",
        ),
        ("we're having a reunion on the twelfth", "Reunion", "on the twelfth"),
        (
            "my cousin's graduation party is on the twentieth of june",
            "Cousin's graduation party",
            "on the twentieth of june",
        ),
        ("mark friday as a holiday", "Holiday", "friday"),
        ("block out tomorrow afternoon for revision", "Revision", "tomorrow afternoon"),
    ],
)
def test_events_told_become_events(text: str, title: str, start: str) -> None:
    assert call(text) == (ADD, {"title": title, "start": start})


@pytest.mark.parametrize(
    "text",
    [
        "i have a headache today",
        "i'm going to bed at ten",
        "i want to go to a concert tonight",
        "i'm having pasta for dinner tonight",
        "i need to go to the bathroom",
        "i have two kids",
        "there is a game on tonight",
        "there will be rain tomorrow",
        "mark the milk as bought",
        "need a cab tomorrow at seven",
        "book me a train ticket for friday",
        "i have a question about tomorrow",
        "make that six thirty",
        "make it one pm",
    ],
)
def test_statements_that_are_not_events(text: str) -> None:
    found = first(text)
    assert found is None or found.tool != ADD, (text, found)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        # the title keeps words the time does not need
        (
            "add quiz night on friday at eight pm",
            {"title": "Quiz night", "start": "on friday at eight pm"},
        ),
        (
            "add parents evening next thursday at six",
            {"title": "Parents evening", "start": "next thursday at six"},
        ),
        # but never a day or a date the time needs
        ("add gym tomorrow in the morning", {"title": "Gym", "start": "tomorrow in the morning"}),
        (
            "add an event tomorrow at five called drinks",
            {"title": "Drinks", "start": "tomorrow at five"},
        ),
        ("new event tennis saturday at nine", {"title": "Tennis", "start": "saturday at nine"}),
        (
            "add an appointment with the optician on the third at eleven",
            {"title": "Appointment with the optician", "start": "on the third at eleven"},
        ),
        (
            "put in a call with the bank next tuesday at two pm",
            {"title": "Call with the bank", "start": "next tuesday at two pm"},
        ),
        ("add june third is ben's birthday", {"title": "Ben's birthday", "start": "june third"}),
        (
            "save the date for the gala on june the fifth",
            {"title": "Gala", "start": "on june the fifth"},
        ),
    ],
)
def test_titles_and_times_of_added_events(text: str, arguments: dict[str, object]) -> None:
    assert call(text) == (ADD, arguments)


def test_a_tight_split_only_moves_title_words() -> None:
    assert split_title_and_time("board games night on friday at 8pm", NOW, tight=True) == (
        "board games night",
        "on friday at 8pm",
    )
    assert split_title_and_time("board games night on friday at 8pm", NOW) == (
        "board games",
        "night on friday at 8pm",
    )


# -- cancels said another way ------------------------------------------------------------------
DELETE = "calendar_delete_event"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("i need to cancel the book club", "cancel the book club"),
        ("get rid of the team lunch", "remove the team lunch"),
        ("take the gym session off my calendar", "remove the gym session from my calendar"),
        ("remove yoga from my calendar on monday", "remove yoga on monday from my calendar"),
        ("delete from the calendar the book club", "delete the book club from my calendar"),
        ("open my calendar and delete the standup", "delete the standup"),
        ("make sure my day is clear tomorrow", "clear my day tomorrow"),
    ],
)
def test_cancels_are_put_plainly(text: str, said: str) -> None:
    assert as_cancel(text) == said


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("take the gym session off my calendar", {"event": "Gym session"}),
        ("scrap my lunch plans on saturday", {"event": "Lunch plans", "day": "on saturday"}),
        ("remove yoga from my calendar on monday", {"event": "Yoga", "day": "on monday"}),
        ("delete the appointment with dr lee", {"event": "Appointment with dr lee"}),
        ("delete my three o'clock standup meeting", {"event": "Standup"}),
    ],
)
def test_cancels_said_another_way(text: str, arguments: dict[str, object]) -> None:
    assert call(text) == (DELETE, arguments)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("remove my next appointment", None),
        ("delete the next event", None),
        ("delete the event at three pm tomorrow", "2026-11-30T15:00+01:00"),  # the hour picks
        ("cancel my plans for tonight", "2026-11-29"),
        ("cancel my appointment on thursday", "2026-12-03"),
    ],
)
def test_an_event_named_only_by_its_time_is_asked_for(text: str, day: str | None) -> None:
    found = first(text)
    assert found is not None and found.tool == DELETE, (text, found)
    assert list(found.missing) == ["event"] and "one at a time" in found.missing["event"]
    assert found.arguments == ({"day": day} if day else {})


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("clear my schedule tomorrow afternoon", {"day": "2026-11-30", "part": "afternoon"}),
        ("cancel everything tomorrow", {"day": "2026-11-30"}),
        ("clear out my weekend", None),  # two days: which one is asked
    ],
)
def test_a_day_said_with_everything_on_it_is_cleared(
    text: str, arguments: dict[str, str] | None
) -> None:
    found = first(text)
    assert found is not None and found.tool == "calendar_clear_day", (text, found)
    assert found.arguments == (arguments or {}), found.arguments
    assert list(found.missing) == ([] if arguments else ["day"]), found.missing


@pytest.mark.parametrize(
    "text", ["cancel my flight on monday", "get rid of the ants", "delete everything"]
)
def test_cancels_of_other_things_are_not_events(text: str) -> None:
    found = first(text)
    assert found is None or found.tool != DELETE, (text, found)


# -- through a real assistant and calendar -----------------------------------------------------
def _titles(config: Config) -> list[str]:
    folder = Path(config.data_dir) / "calendars" / "personal"
    return sorted(
        line.removeprefix("SUMMARY:").strip()
        for path in folder.glob("*.ics")
        for line in path.read_text().splitlines()
        if line.startswith("SUMMARY:")
    )


def test_an_event_told_is_found_by_a_question_and_cancelled_when_named(config: Config) -> None:
    approver = RecordingApprover(Approval(True))
    assistant, model, _ = scripted_assistant(config, [], approver=approver)
    told = assistant.agent.run("i have a pottery class on 14 january 2028 at 6pm")
    assert [c.tool for c in told.calls] == [ADD]
    assert _titles(config) == ["Pottery class"]
    found = assistant.agent.run("when is my pottery class")
    assert [c.tool for c in found.calls] == ["calendar_search_events"]
    assert "Pottery class" in found.reply and "January 2028" in found.reply
    asked = assistant.agent.run("delete my next appointment")
    assert asked.calls == [] and "one at a time" in asked.reply
    assert _titles(config) == ["Pottery class"] and approver.asked == []
    done = assistant.agent.run("pottery class", assistant.sessions.last())
    assistant.close()
    assert [c.tool for c in done.calls] == [DELETE]
    assert len(approver.asked) == 1 and _titles(config) == []
    assert model.seen == []


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("push the pottery class back by an hour", "T190000"),
        ("move my pottery class forward 30 minutes", "T173000"),
        ("push back the pottery class by two hours", "T200000"),
        ("make the pottery class half an hour later", "T183000"),
    ],
)
def test_an_event_is_shifted_by_a_length_of_time_from_its_own_start(
    config: Config, text: str, start: str
) -> None:
    assistant, model, _ = scripted_assistant(config, [])
    assistant.agent.run("i have a pottery class on 14 january 2028 at 6pm")
    moved = assistant.agent.run(text)
    assistant.close()
    assert [c.tool for c in moved.calls] == ["calendar_update_event"], moved.reply
    (event,) = (Path(config.data_dir) / "calendars" / "personal").glob("*.ics")
    assert f"DTSTART;TZID=Europe/Berlin:20280114{start}" in event.read_text("utf-8")
    assert model.seen == []
