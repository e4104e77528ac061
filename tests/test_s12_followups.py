"""Session 12 follow-ups: one field of what was just made, set by a follow-up; answers that
name an option by a surname, a day, a room or part of an address; an answer that fits none.

`field_said` (the words alone) is checked on invented requests; the agent tests run the real
agent on the real local stores (calendar, tasks, alarms, contacts) at a pinned time (Sunday
29 November 2026, 18:30 in Berlin). The model is a scripted stand-in (`ScriptedModel`), since
no GGUF model runs in unit tests: a test that expects the local path asserts it was not asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms.store import AlarmStore

from assistant.choices import pick_one, read_answer
from assistant.config import Config
from assistant.followups import field_said
from assistant.policy import Approval
from tests.conftest import NOW, ZONE
from tests.helpers import RecordingApprover, play_turns, scripted_assistant


@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Every request here is read at NOW."""
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())


def _assistant(config: Config, replies: list[Any] | None = None) -> tuple[Any, Any]:
    assistant, model, _ = scripted_assistant(
        config, replies or [], RecordingApprover(Approval(True))
    )
    return assistant, model


def _events(config: Config) -> str:
    folder = config.data_dir / "calendars" / "personal"
    return "\n".join(p.read_text() for p in sorted(folder.glob("*.ics"))) if folder.exists() else ""


def _store(assistant: Any, tool: str) -> Any:
    found = assistant.plugins.tools.get(tool)
    assert found is not None, tool
    return found.function.__self__


def _tasks(assistant: Any) -> list[tuple[str, str, str, str]]:
    """(title, list, due day, notes) of every task."""
    store = _store(assistant, "task_list").store
    return sorted(
        (t.title, t.list_name.lower(), t.due.date().isoformat() if t.due else "", t.notes)
        for t in store.tasks()
    )


# == 1. the words: which field, which value =====================================================
FIELDS = [
    # a place, named or said with "at"/"in"
    ("add the location the red lion", "location", "red lion"),
    ("set the location to the town hall", "location", "town hall"),
    ("location: room 4b", "location", "room 4b"),
    ("the venue is the old mill", "location", "old mill"),
    ("change the place to cafe luna", "location", "cafe luna"),
    ("add the boathouse as the location", "location", "boathouse"),
    ("it's at the community hall", "location", "community hall"),
    ("it is in the back garden", "location", "back garden"),
    ("put it at marco's place", "location", "marco's place"),
    ("we're meeting at the station", "location", "station"),
    ("move it to the big meeting room", "location", "big meeting room"),
    ("oh and it's at pia's flat", "location", "pia's flat"),
    ("the address is 12 elm street", "location", "12 elm street"),
    ("at costa", "location", "costa"),
    ("add that it's at the red lion", "location", "red lion"),
    ("it takes place at the village hall", "location", "village hall"),
    ("put in the notes that the gate code is 4411", "notes", "gate code is 4411"),
    ("add that i bring wine", "notes", "i bring wine"),
    ("set a 30 minute reminder", "reminder", "30"),
    ("i want a reminder the night before", "reminder", "1440"),
    ("it needs to be done by tuesday", "time", "tuesday"),
    ("in the back room", "location", "back room"),
    # notes
    ("add a note that i bring wine", "notes", "i bring wine"),
    ("note that jo has the tickets", "notes", "jo has the tickets"),
    ("add a note saying bring the charger", "notes", "bring the charger"),
    ("put park behind the church in the notes", "notes", "park behind the church"),
    ("the description should be quarterly numbers", "notes", "quarterly numbers"),
    # a reminder some time before
    ("remind me an hour before", "reminder", "60"),
    ("alert me ten minutes before it starts", "reminder", "10"),
    ("set a reminder for 30 minutes before", "reminder", "30"),
    ("give me a heads up the day before", "reminder", "1440"),
    ("with a reminder half an hour ahead", "reminder", "30"),
    ("ping me 15 min beforehand", "reminder", "15"),
    ("add an alert two hours before", "reminder", "120"),
    # a length
    ("make it two hours long", "duration", "120"),
    ("it lasts ninety minutes", "duration", "90"),
    ("make it last an hour and a half", "duration", "90"),
    ("for forty five minutes", "duration", "45"),
    ("set the duration to 3 hours", "duration", "180"),
    ("it'll take about an hour", "duration", "60"),
    # a day or time it is due, or it starts
    ("make it due tuesday", "time", "tuesday"),
    ("it's due friday at 5", "time", "friday at 5"),
    ("due tomorrow", "time", "tomorrow"),
    ("change the deadline to thursday", "time", "thursday"),
    ("it's at 8", "time", "8"),
    # another list
    ("put it on the shopping list instead", "list", "shopping"),
    ("move it to the work list", "list", "work"),
    ("it goes on the party list", "list", "party"),
    ("the hardware list instead", "list", "hardware"),
    # a contact's details, an alarm's repeat
    ("her email is anna at example dot org", "email", "anna at example dot org"),
    ("add his email address tom@example.net", "email", "tom@example.net"),
    ("his number is 0176 5551234", "phone", "0176 5551234"),
    ("every weekday", "repeat", "every weekday"),
    ("make it repeat daily", "repeat", "daily"),
]


@pytest.mark.parametrize("said, field, value", FIELDS)
def test_field_said_reads_the_field_and_its_value(said: str, field: str, value: str) -> None:
    found = field_said(said, NOW)
    assert found is not None and found[0] == field, (said, found)
    assert value in found[1].lower(), (said, found)


NOT_FIELDS = [
    "add milk to the shopping list", "add a note to buy milk", "add a reminder to call mom",
    "what's the location", "where is it", "the address is wrong", "place an order for pizza",
    "in the morning", "it's in two hours", "put it on the party list too", "add it to the party list",
    "set a timer for two hours", "remind me to call mom an hour before", "set an alarm for 7",
    "turn on the lights in the kitchen", "in the kitchen turn on the light", "play music in the living room",
    "what's on the shopping list", "move it to friday", "make it 1pm", "call it brunch with ines",
    "tell me a joke", "how long is the film", "note", "the shopping list", "due to the rain cancel it",
    "remind me tomorrow", "it's raining", "at what time is it", "every time i ask you fail",
    "in spanish please", "in a minute", "add that to my shopping list", "it's done",
    "that is wrong", "it is what it is",
]  # fmt: skip


@pytest.mark.parametrize("said", NOT_FIELDS)
def test_other_requests_set_no_field(said: str) -> None:
    found = field_said(said, NOW)
    assert found is None or found[0] == "time", (said, found)  # a time goes to the amenders


# == 2. through the agent: the field is set on the thing just made ===========================
EVENT_FIELDS = [
    ("add the location the red lion", {"location": "the red lion"}, "LOCATION:the red lion"),
    (
        "it's at the community hall",
        {"location": "the community hall"},
        "LOCATION:the community hall",
    ),
    ("put it at marco's place", {"location": "marco's place"}, "LOCATION:marco's place"),
    ("add a note that i bring wine", {"notes": "i bring wine"}, "DESCRIPTION:i bring wine"),
    ("remind me an hour before", {"reminder_minutes": 60}, "TRIGGER:-PT1H"),
    (
        "make it two hours long",
        {"duration_minutes": 120},
        "DTEND;TZID=Europe/Berlin:20261204T210000",
    ),
]


@pytest.mark.parametrize("said, arguments, stored", EVENT_FIELDS)
def test_a_follow_up_sets_one_field_of_the_event_just_added(
    config: Config, said: str, arguments: dict[str, Any], stored: str
) -> None:
    assistant, model = _assistant(config)
    _, done = play_turns(assistant, "add dinner with jo on friday at 7pm", said)
    assistant.close()
    (call,) = done.calls
    assert done.path == "followup" and call.tool == "calendar_update_event", done
    assert call.outcome == "ok" and call.arguments["event"] == "Dinner with jo"
    assert {k: call.arguments[k] for k in arguments} == arguments
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and "20261204T190000" in events
    assert stored in events, events
    assert model.seen == []


def test_fields_follow_one_another_on_the_same_event(config: Config) -> None:
    assistant, model = _assistant(config)
    turns = ("add book club on thursday at 8pm", "it's at 7", "the venue is the old mill",
             "note that i bring the snacks", "make it last ninety minutes")  # fmt: skip
    results = play_turns(assistant, *turns)
    assistant.close()
    assert all(c.outcome == "ok" for r in results for c in r.calls)
    assert [r.calls[0].tool for r in results[1:]] == ["calendar_update_event"] * 4
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and "LOCATION:the old mill" in events
    assert "DESCRIPTION:i bring the snacks" in events
    assert "20261203T190000" in events and "20261203T203000" in events  # 7pm, 90 minutes
    assert model.seen == []


def test_a_task_is_made_due_another_day_not_made_an_event(config: Config) -> None:
    assistant, model = _assistant(config)
    _, done = play_turns(assistant, "remind me to call the bank", "make it due tuesday")
    assistant.close()
    (call,) = done.calls
    assert call.tool == "task_update" and call.outcome == "ok"
    assert call.arguments["task"] == "Call the bank"
    assert _tasks(assistant) == [("Call the bank", "", "2026-12-01", "")]
    assert "BEGIN:VEVENT" not in _events(config) and model.seen == []


def test_a_note_goes_on_the_task_just_added(config: Config) -> None:
    assistant, _ = _assistant(config)
    play_turns(assistant, "remind me to renew my passport", "add a note that the form is online")
    assistant.close()
    assert _tasks(assistant) == [("Renew my passport", "", "", "the form is online")]


@pytest.mark.parametrize(
    "first, said, was",
    [
        ("remind me to buy stamps", "put it on the shopping list instead", ""),
        ("add stamps to my errands list", "move it to the shopping list", "errands"),
        ("add stamps to my errands list", "no, the shopping list", "errands"),
    ],
)
def test_an_item_moves_to_another_list(config: Config, first: str, said: str, was: str) -> None:
    assistant, model = _assistant(config)
    _, moved = play_turns(assistant, first, said)
    assistant.close()
    assert [(c.tool, c.outcome) for c in moved.calls] == [("task_delete", "ok"), ("task_add", "ok")]
    ((title, where, _, _),) = _tasks(assistant)
    assert "stamps" in title.lower() and "shopping" in where and model.seen == []


def test_too_copies_the_item_rather_than_moving_it(config: Config) -> None:
    assistant, _ = _assistant(config)
    play_turns(assistant, "add oat milk to the shopping list", "put it on the party list too")
    assistant.close()
    lists = sorted(where for _, where, _, _ in _tasks(assistant))
    assert len(lists) == 2 and "party" in lists[0] and "shopping" in lists[1]


def test_an_alarm_made_to_repeat_is_set_again_repeating(config: Config) -> None:
    assistant, model = _assistant(config)
    _, done = play_turns(assistant, "set an alarm for 6:45 tomorrow", "every weekday")
    assistant.close()
    assert [(c.tool, c.outcome) for c in done.calls] == [
        ("alarm_delete", "ok"),
        ("alarm_set", "ok"),
    ]
    store = AlarmStore(config.data_dir / "alarms" / "alarms.sqlite3", ZONE, lambda: NOW)
    (alarm,) = store.upcoming(NOW)
    assert f"{alarm.at:%H:%M}" == "06:45" and alarm.repeat and model.seen == []


def test_a_contacts_email_is_added_to_the_contact_just_saved(config: Config) -> None:
    assistant, _ = _assistant(config)
    first, done = play_turns(
        assistant,
        "add ines moreau to my contacts with the number 0176 5550199",
        "her email is ines@example.org",
    )
    assistant.close()
    assert first.calls[0].tool == "contacts_add" and first.calls[0].outcome == "ok"
    (call,) = done.calls
    assert call.tool == "contacts_add" and call.outcome == "ok"
    assert call.arguments["email"] == "ines@example.org"
    assert "ines" in call.arguments["name"].lower()
    (person,) = _store(assistant, "contacts_add").book.contacts()
    assert "ines@example.org" in person.emails and person.phones


@pytest.mark.parametrize(
    "said, tool",
    [
        ("add milk to the shopping list", "task_add"),
        ("set an alarm for 7 tomorrow", "alarm_set"),
        ("remind me to water the plants on saturday", "task_add"),
        ("turn the volume down", None),
        ("what time is it", "time_now"),
        ("turn it off", None),
        ("add a note to buy milk", "task_add"),
        ("what's on my calendar tomorrow", "calendar_list_events"),
    ],
)
def test_a_new_request_after_an_event_stays_a_new_request(
    config: Config, said: str, tool: str | None
) -> None:
    assistant, _ = _assistant(config, ["(the model)"])
    _, after = play_turns(assistant, "add dinner with jo on friday at 7pm", said)
    assistant.close()
    assert all(c.tool != "calendar_update_event" for c in after.calls)
    if tool is not None:
        assert after.calls and after.calls[0].tool == tool, after
    assert "LOCATION" not in _events(config) and "DESCRIPTION" not in _events(config)


def test_a_field_after_a_read_changes_nothing(config: Config) -> None:
    """With nothing just made, "it's at the community hall" is no change of anything."""
    assistant, _ = _assistant(config, ["(the model)"])
    play_turns(assistant, "add dinner with jo on friday at 7pm")
    _, after = play_turns(
        assistant, "what's on my calendar on friday", "it's at the community hall"
    )
    assistant.close()
    assert after.calls == [] and "LOCATION" not in _events(config)


# == 3. answers to "which one?" ================================================================
PEOPLE = ["lena.keller@example.org", "lena.brandt@example.net"]
PEOPLE_LABELS = ["Lena Keller (work)", "Lena Brandt (home)"]
ROOMS = ["light.kitchen_ceiling", "light.hall_ceiling"]
ROOM_LABELS = ["Ceiling light (Kitchen)", "Ceiling light (Hallway)"]
PLACES = ["4 Mill Lane, Whitby", "27 Harbour Road, Scarborough"]
PLACE_LABELS = ["home: 4 Mill Lane, Whitby", "work: 27 Harbour Road, Scarborough"]
DAYS = ["uid:a", "uid:b"]
DAY_LABELS = [
    '"Swim" on Tuesday 1 December 2026, 07:00',
    '"Swim" on Thursday 3 December 2026, 18:30',
]


@pytest.mark.parametrize(
    "said, options, labels, index",
    [
        ("keller", PEOPLE, PEOPLE_LABELS, 0), ("brandt please", PEOPLE, PEOPLE_LABELS, 1),
        ("the keller one", PEOPLE, PEOPLE_LABELS, 0), ("keller i think", PEOPLE, PEOPLE_LABELS, 0),
        ("the work address", PEOPLE, PEOPLE_LABELS, 0), ("her home email", PEOPLE, PEOPLE_LABELS, 1),
        ("the second lena", PEOPLE, PEOPLE_LABELS, 1), ("lena", PEOPLE, PEOPLE_LABELS, None),
        ("the one in the kitchen", ROOMS, ROOM_LABELS, 0), ("hallway", ROOMS, ROOM_LABELS, 1),
        ("the hallway light", ROOMS, ROOM_LABELS, 1), ("the ceiling light", ROOMS, ROOM_LABELS, None),
        ("mill lane", PLACES, PLACE_LABELS, 0), ("the one in scarborough", PLACES, PLACE_LABELS, 1),
        ("the work address", PLACES, PLACE_LABELS, 1), ("harbour road", PLACES, PLACE_LABELS, 1),
        ("the thursday one", DAYS, DAY_LABELS, 1), ("tuesday's", DAYS, DAY_LABELS, 0),
        ("the evening one", DAYS, DAY_LABELS, 1), ("the first", DAYS, DAY_LABELS, 0),
        ("2", DAYS, DAY_LABELS, 1), ("the friday one", DAYS, DAY_LABELS, None),
    ],
)  # fmt: skip
def test_an_answer_picks_by_surname_day_room_or_address(
    said: str, options: list[str], labels: list[str], index: int | None
) -> None:
    assert pick_one(said, options, labels) == (options[index] if index is not None else None)


@pytest.mark.parametrize("said", ["the lounge", "bathroom", "the private one", "my old address"])
def test_a_short_answer_that_fits_no_option_is_still_an_answer(said: str) -> None:
    found = read_answer(said, ROOMS, ROOM_LABELS)
    assert found.picked == [] and found.shaped and not found.dropped


@pytest.mark.parametrize(
    "said",
    ["tell me a joke", "thanks", "play some jazz", "what's the weather", "both teams scored",
     "cancel my dentist appointment", "one more thing"],
)  # fmt: skip
def test_a_request_of_its_own_is_no_answer(said: str) -> None:
    found = read_answer(said, ROOMS, ROOM_LABELS)
    assert found.picked == [] and not found.shaped


def test_an_answer_that_fits_no_option_asks_again_in_one_line(config: Config) -> None:
    assistant, model = _assistant(config)
    play_turns(assistant, "add swim on tuesday at 7am")
    play_turns(assistant, "add swim on thursday at 6:30pm")
    asked, again, done = play_turns(assistant, "cancel swim", "the lounge", "the thursday one")
    assistant.close()
    assert "Which one" in asked.reply
    assert again.path == "followup" and again.calls == [] and len(again.reply.splitlines()) == 1
    assert "could not tell" in again.reply and model.seen == []
    assert done.calls[0].tool == "calendar_delete_event" and done.calls[0].outcome == "ok"
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and "20261201T070000" in events


def test_an_alarm_said_to_be_at_another_time_moves_keeping_its_label(config: Config) -> None:
    assistant, model = _assistant(config)
    _, done = play_turns(assistant, "set an alarm for 6 tomorrow for the gym", "it's at 6:30")
    assistant.close()
    assert [(c.tool, c.outcome) for c in done.calls] == [
        ("alarm_delete", "ok"),
        ("alarm_set", "ok"),
    ]
    store = AlarmStore(config.data_dir / "alarms" / "alarms.sqlite3", ZONE, lambda: NOW)
    (alarm,) = store.upcoming(NOW)
    assert f"{alarm.at:%Y-%m-%dT%H:%M}" == "2026-11-30T06:30" and alarm.label == "gym"
    assert model.seen == []


def test_a_pronoun_the_words_left_unread_stands_for_the_last_thing() -> None:
    """ "Dim it" read alone names no device (or "it"): the pronoun is the last call's thing."""
    from assistant.followups import _names_a_thing
    from assistant.intents import IntentMatch

    assert not _names_a_thing(IntentMatch("home_light_set", {"brightness": 30}))
    assert not _names_a_thing(IntentMatch("home_light_set", {"device": "it", "brightness": 30}))
    assert _names_a_thing(IntentMatch("home_light_set", {"device": "hall light"}))
    assert _names_a_thing(IntentMatch("calendar_delete_event", {"event": "dentist"}))
