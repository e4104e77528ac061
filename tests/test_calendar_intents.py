"""Calendar, reminder and contact intents as people phrase them: which tool, which arguments, and
what stays with the model. The last tests run requests through a real assistant and calendar."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from botpsy_calendar.contacts import make_contact_matcher
from botpsy_calendar.intents import make_matchers, take_repeat
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


def call(text: str) -> tuple[str, dict[str, object], list[str]] | None:
    found = first(text)
    return None if found is None else (found.tool, found.arguments, list(found.missing))


# -- reminders ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments", "asked"),
    [
        (
            "create a reminder for the piano lesson next friday",
            {"title": "Piano lesson", "due": "next friday"},
            [],
        ),
        (
            "give me a reminder to return the drill at four pm",
            {"title": "Return the drill", "due": "at four pm"},
            [],
        ),
        (
            "i would like a reminder to water the ferns tomorrow",
            {"title": "Water the ferns", "due": "tomorrow"},
            [],
        ),
        ("add a reminder", {}, ["title"]),
        # the time said before what to do: "in 20 minutes" is the due time, not the title
        (
            "remind me in 20 minutes to turn the oven off",
            {"title": "Turn the oven off", "due": "in 20 minutes"},
            [],
        ),
        (
            "remind me on sunday to repot the basil",
            {"title": "Repot the basil", "due": "on sunday"},
            [],
        ),
        # a time and no title: the time is pinned now, the title asked for
        ("remind me on friday at half past four", {"due": "2026-12-04T16:30+01:00"}, ["title"]),
    ],
)
def test_reminders_said_many_ways_are_tasks(
    text: str, arguments: dict[str, object], asked: list[str]
) -> None:
    assert call(text) == ("task_add", arguments, asked)


@pytest.mark.parametrize(
    "text",
    [
        "i would like a reminder every evening at 8",  # tasks do not repeat: the model says so
        "remind me 10 minutes before",  # about an event, not a task
        "set an alert for news about the election",
        "set an alarm for 7 am",
    ],
)
def test_reminder_look_alikes_are_not_tasks(text: str) -> None:
    found = first(text)
    assert found is None or found.tool != "task_add", (text, found)


# -- adding events -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("set lunch with ana on the tenth", {"title": "Lunch with ana", "start": "on the tenth"}),
        (
            "we need a call with the landlord on thursday",
            {"title": "Call with the landlord", "start": "on thursday"},
        ),
        (
            "i'd like to meet up with tomas tomorrow",
            {"title": "Meeting with tomas", "start": "tomorrow"},
        ),
        (
            "create a calendar entry for karaoke on saturday evening with tom",
            {"title": "Karaoke with tom", "start": "on saturday evening"},
        ),
        (
            "put weekly review on the work calendar every monday",
            {"title": "Weekly review", "start": "monday", "repeat": "every monday"},
        ),
    ],
)
def test_events_said_many_ways(text: str, arguments: dict[str, object]) -> None:
    assert call(text) == ("calendar_create_event", arguments, [])


@pytest.mark.parametrize(
    "text",
    [
        "set the table",
        "set my status to away until friday",
        "set the lights to blue tomorrow",
        "i need a coffee",
        "make my calendar empty on june ten",
    ],
)
def test_settings_and_wishes_are_not_events(text: str) -> None:
    found = first(text)
    assert found is None or found.tool != "calendar_create_event", (text, found)


def test_a_title_word_like_weekly_is_not_taken_for_the_rule() -> None:
    assert take_repeat("weekly review every monday") == ("weekly review monday", "every monday")
    assert take_repeat("yoga weekly on tuesday") == ("yoga on tuesday", "weekly")


# -- cancelling and clearing -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("cancel the team meeting on the twelfth", {"event": "Team", "day": "on the twelfth"}),
        ("drop friday's brunch from my diary", {"event": "Brunch", "day": "friday"}),
        ("delete the gym from my saturday schedule", {"event": "Gym", "day": "on saturday"}),
    ],
)
def test_a_cancel_that_names_the_calendar_or_an_event_word_is_a_delete(
    text: str, arguments: dict[str, object]
) -> None:
    """Even with no such event yet: the tool then says that none matches (and deletes ask)."""
    assert call(text) == ("calendar_delete_event", arguments, [])


@pytest.mark.parametrize(
    "text",
    [
        "cancel my subscription",
        "cancel my 5 pm daily call",  # a time and a rule in the words
        "cancel the meeting with lisa and reschedule it",  # two requests
        "cancel the rice from the pantry list",
        "clear my day and remind me to call ana at 5pm",  # a clear plus another request
        "clear my schedule of anything boring",
        "delete everything",  # not said of the calendar
        "delete all data",
        "delete all my emails",
    ],
)
def test_cancels_that_are_not_one_event(text: str) -> None:
    found = first(text)
    assert found is None or found.tool != "calendar_delete_event", (text, found)


def test_a_known_event_is_cancelled_by_its_words_alone() -> None:
    assert call("cancel the tango class") is not None
    assert first("cancel tango", known=("Tango night",)) is not None
    assert first("cancel tango") is None


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("clear my schedule for tomorrow", {"day": "2026-11-30"}),
        ("clear my day", {"day": "2026-11-29"}),
        ("free up my afternoon from appointments", {"day": "2026-11-29", "part": "afternoon"}),
        ("totally wipe my diary", None),
        ("empty out my agenda completely", None),
        ("erase every event in my calendar", None),
        ("cancel all of the appointments for the rest of the month", None),
        ("delete my calendar for tomorrow", {"day": "2026-11-30"}),
        ("delete everything on my calendar tomorrow", {"day": "2026-11-30"}),
        ("remove all entries from the calendar", None),
    ],
)
def test_clearing_many_events_clears_a_named_day_and_asks_for_one_otherwise(
    text: str, arguments: dict[str, str] | None
) -> None:
    """A day named: one clear of it (its preview lists every event, one yes deletes them).
    No day, or many ("the rest of the month"): the assistant asks which day, deleting nothing."""
    found = first(text)
    assert found is not None and found.tool == "calendar_clear_day", (text, found)
    if arguments is None:
        assert found.arguments == {} and list(found.missing) == ["day"]
        assert "Which day" in found.missing["day"]
    else:
        assert found.arguments == arguments and not found.missing


# -- the agenda --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("my upcoming appointments", {}),
        ("the agenda", {}),
        ("my agenda for friday", {"when": "friday"}),
        ("is the standup scheduled for tomorrow", {"when": "tomorrow"}),
        ("have i got an appointment on monday in my diary", {"when": "monday"}),
    ],
)
def test_agenda_questions(text: str, arguments: dict[str, object]) -> None:
    assert call(text) == ("calendar_list_events", arguments, [])


def test_reminder_questions_list_tasks_and_mail_questions_are_not_agenda() -> None:
    assert call("what reminders are still open") == ("task_list", {}, [])
    found = first("are there new email alerts")
    assert found is None or found.tool != "task_list"


# -- contacts ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("what is mirela's last name", "mirela"),
        ("give me the contact details for my cousin", "cousin"),
        ("what's piet's phone number", "piet"),
        ("is there a contact called tomas in my address book", "tomas"),
        ("find rosa in my contacts", "rosa"),
    ],
)
def test_contact_details(text: str, name: str) -> None:
    assert call(text) == ("contacts_find", {"name": name}, [])


@pytest.mark.parametrize(
    "text",
    [
        "what is the capital of france",
        "what is my name",
        "what is the museum's address",
        "what's the mayor's birthday",
    ],
)
def test_questions_that_are_not_about_a_contact(text: str) -> None:
    found = first(text)
    assert found is None or found.tool != "contacts_find", (text, found)


# -- through a real assistant and calendar -----------------------------------------------------
def _events(config: Config) -> list[str]:
    folder = config.data_dir / "calendars" / "personal"
    return [p.read_text() for p in sorted(Path(folder).glob("*.ics"))] if folder.exists() else []


def test_clearing_a_day_lists_every_event_and_deletes_them_on_one_yes(config: Config) -> None:
    approver = RecordingApprover(Approval(True))
    assistant, model, _ = scripted_assistant(config, [], approver=approver)
    assistant.agent.run("add dentist on 28 december 2027 at 3pm")
    assistant.agent.run("add lunch with sam on 28 december 2027 at 1pm")
    assistant.agent.run("add the gym on 29 december 2027 at 9am")
    done = assistant.agent.run("clear my schedule for 28 december 2027")
    assistant.close()
    assert [(c.tool, c.outcome) for c in done.calls] == [("calendar_clear_day", "ok")]
    (asked,) = approver.asked  # one question for the whole day
    assert "Dentist" in asked.preview and "Lunch with sam" in asked.preview.replace("Sam", "sam")
    assert "Gym" not in asked.preview
    (left,) = _events(config)
    assert "SUMMARY:Gym" in left.replace("gym", "Gym")
    assert model.seen == []


def test_a_reminder_time_said_first_keeps_its_time_when_the_title_comes(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [])
    later = (assistant.agent.clock.now() + timedelta(days=2)).date().isoformat()
    asked = assistant.agent.run("remind me the day after tomorrow at 11am")
    assert asked.calls == [] and asked.reply == "What should I remind you of?"
    done = assistant.agent.run("call the garage", assistant.sessions.last())
    assistant.close()
    (made,) = done.calls
    assert made.tool == "task_add" and made.outcome == "ok", made
    assert made.arguments["title"].lower() == "call the garage"
    assert str(made.arguments["due"]).startswith(f"{later}T11:00")
    assert model.seen == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ok google, add lunch with ana on friday at 1pm", "add lunch with ana on friday at 1pm"),
        ("hey siri what's on my calendar", "what's on my calendar"),
        ("alexa, will you please list all my lists", "list all my lists"),
        ("google the opening hours", "google the opening hours"),  # a verb here, kept
    ],
)
def test_another_assistants_wake_word_is_no_part_of_the_request(text: str, expected: str) -> None:
    assert clean_request(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "put the kettle on",
        "alexa put some jazz on",
        "put the game on",
        # "make" is a device or home request unless a day, a time or an event word is said
        "make the hallway green",
        "make it quieter please",
        "make the study warmer",
    ],
)
def test_put_or_make_without_a_day_or_the_calendar_is_no_event(text: str) -> None:
    assert first(text) is None


def test_make_with_an_event_word_asks_when() -> None:
    assert call("make a vet appointment") == (
        "calendar_create_event",
        {"title": "Vet appointment"},
        ["start"],
    )


def test_put_on_the_calendar_asks_when() -> None:
    assert call("put dentist on my calendar") == (
        "calendar_create_event",
        {"title": "Dentist"},
        ["start"],
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("what's ida's email address", "ida"),
        ("look up contact Ravi", "Ravi"),
        ("open ida's email", None),  # a message to read, not an address to look up
        ("forward ravi's email", None),
    ],
)
def test_a_verb_before_the_name_is_about_a_message_not_a_contact(
    text: str, name: str | None
) -> None:
    found = make_contact_matcher()(text)
    assert (found.arguments["name"] if found else None) == name
