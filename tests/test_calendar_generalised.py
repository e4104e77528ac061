"""Calendar requests as people say them, one table per need, written before any benchmark miss.

Every request is invented and about botpsy's own calendar: questions, commands and bare
fragments; times spelled out ("half past three", "at eight"), said first or last, "next week",
"the 5th", "tomorrow evening"; lower case, no punctuation, fillers. Each need is served by word
lists and sentence shapes in botpsy_calendar (speech.py, intents.py, repeat.py) and by
assistant.timeparse, so a row passes only when the shape is general. The last table holds
requests of other domains and chit-chat that share the calendar's words and must reach no
calendar tool. NOW is Sunday 29 November 2026, 18:30; the calendar is empty.
"""

from __future__ import annotations

import pytest
from botpsy_calendar.repeat import parse_repeat

from assistant.api import plain_request
from assistant.intents import IntentMatch
from tests.calendar_checks import check, resolved
from tests.calendar_checks import first as calendar_first
from tests.conftest import NOW

CREATE = "calendar_create_event"
LIST = "calendar_list_events"
SEARCH = "calendar_search_events"
UPDATE = "calendar_update_event"
DELETE = "calendar_delete_event"
CLEAR = "calendar_clear_day"


def first(text: str) -> IntentMatch | None:
    """The calendar plugin's first match for `text` as the pipeline hands it over."""
    return calendar_first(plain_request(text))


MON, TUE, WED, THU, FRI, SAT = (
    f"2026-{d}" for d in ("11-30", "12-01", "12-02", "12-03", "12-04", "12-05")
)


# -- adding an event: verb and object anywhere, the time said first or last ------------------
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("add yoga on thursday at six", "yoga", f"{THU}T18:00"),
        ("put band practice on my calendar for saturday afternoon", "band practice", SAT),
        ("schedule a call with the plumber tomorrow morning", "plumber", f"{MON}T09:00"),
        ("book a haircut for the 5th at ten thirty", "haircut", f"{SAT}T10:30"),
        ("set up a meeting with priya next tuesday at two pm", "priya", f"{TUE}T14:00"),
        ("pencil in coffee with sam on friday", "coffee with sam", FRI),
        ("create an event called book club on the twelfth at seven pm", "book club", "2026-12-12"),
        ("set a meeting for half past three tomorrow", "meeting", f"{MON}T15:30"),
        ("calendar add piano lesson at 3 tomorrow", "piano lesson", f"{MON}T15:00"),
        ("update calendar dinner with ana friday at 7", "dinner with ana", f"{FRI}T19:00"),
        ("tomorrow at noon lunch with sam", "lunch with sam", f"{MON}T12:00"),
        ("on monday at 9 meeting with the bank", "meeting with the bank", f"{MON}T09:00"),
        ("friday at 3 dentist appointment", "dentist", f"{FRI}T15:00"),
        ("have meeting at three tomorrow", "meeting", f"{MON}T15:00"),
        ("going to the dentist tomorrow at 4", "dentist", f"{MON}T16:00"),
        ("set a meeting for 3 tomorrow", "meeting", f"{MON}T15:00"),
        ("i was wondering if you could add yoga on friday", "yoga", FRI),
        ("do me a favour and put the vet on wednesday at ten", "vet", f"{WED}T10:00"),
        ("dinner with the neighbours on saturday at eight", "dinner", f"{SAT}T20:00"),
        ("add drinks with jo on friday at 9", "drinks with jo", f"{FRI}T21:00"),
        ("get me a meeting with jo on friday", "meeting with jo", FRI),
        ("set an appointment for monday at 2 with the accountant", "accountant", f"{MON}T14:00"),
        ("event dinner with ana at 7 pm on friday", "dinner with ana", f"{FRI}T19:00"),
        ("supper with the neighbours saturday 7:30", "supper", f"{SAT}T19:30"),
        ("school run at 8:15 tomorrow", "school run", f"{MON}T08:15"),
        ("schedule a payment review on monday at 10", "payment review", f"{MON}T10:00"),
    ],
)
def test_adding_an_event(text: str, title: str, start: str) -> None:
    check(text, CREATE, {"title": title, "start": start})


# -- a new event with nothing or only part said: the assistant asks the rest -----------------
@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("add event", {"title", "start"}),
        ("new meeting", {"title", "start"}),
        ("create a calendar event", {"title", "start"}),
        ("set a meeting with jane", {"start"}),
        ("arrange a call with the bank", {"start"}),
        ("set up an appointment next thursday", {"title"}),
    ],
)
def test_a_new_event_asks_what_is_missing(text: str, asks: set[str]) -> None:
    found = check(text, CREATE, {})
    assert set(found.missing) == asks, (text, found.missing)


# -- "next week" as the day of an event, a move or a reminder: its Monday --------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("can you add a dentist appointment next week", CREATE, {"title": "dentist"}),
        ("schedule a meeting for next week", CREATE, {"title": "meeting"}),
        ("i would like to book the optician for next week", CREATE, {"title": "optician"}),
        ("reschedule yoga for next week", UPDATE, {"event": "yoga"}),
        ("postpone the book club until next week", UPDATE, {"event": "book club"}),
        ("push my haircut to next week", UPDATE, {"event": "haircut"}),
    ],
)
def test_next_week_is_its_monday(text: str, tool: str, want: dict[str, str]) -> None:
    found = check(text, tool, want)
    assert resolved(found.arguments["start"]) == MON, (text, found.arguments)


# -- an event told rather than asked for, the time first or last ------------------------------
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("on saturday i have band practice", "band practice", SAT),
        ("friday night there is a party at anas", "party", f"{FRI}T20:00"),
        ("tomorrow at ten i have a meeting with the bank", "meeting with the bank", f"{MON}T10:00"),
        ("i'm off work next friday add it to my calendar", "day off", FRI),
        ("i am going on holiday on the 15th", "holiday", "2026-12-15"),
        ("we are hosting a dinner party on saturday", "dinner party", SAT),
        ("the dentist appointment is on friday at three", "dentist", f"{FRI}T15:00"),
        ("ana's party is saturday at 8", "ana's party", f"{SAT}T20:00"),
        ("note that the dentist is on friday at 3", "dentist", f"{FRI}T15:00"),
        ("make a note that i have the physio on tuesday", "physio", TUE),
        ("add that i have a meeting at 4 tomorrow", "meeting", f"{MON}T16:00"),
        ("i'm playing tennis with jo on saturday at 10", "tennis with jo", f"{SAT}T10:00"),
        ("i'm going to the cinema with ana on friday at 8", "cinema with ana", f"{FRI}T20:00"),
        ("i'm having lunch with sam tomorrow at one", "lunch with sam", f"{MON}T13:00"),
        ("we're having a barbecue on saturday", "barbecue", SAT),
    ],
)
def test_an_event_told(text: str, title: str, start: str) -> None:
    check(text, CREATE, {"title": title, "start": start})


# -- repeating events: the repetition in the form the calendar tool reads ---------------------
@pytest.mark.parametrize(
    ("text", "repeat", "start"),
    [
        ("add yoga every wednesday at six", "every wednesday", f"{WED}T18:00"),
        ("add jogging to my schedule each morning at seven", "every day", f"{MON}T07:00"),
        ("add a walk every evening at 8", "every day", "2026-11-29T20:00"),
        ("schedule a standup each weekday at nine thirty", "every weekday", f"{MON}T09:30"),
        ("put bin day on my calendar each thursday", "every thursday", THU),
        ("add a weekly call with mum on sundays at 5", "every sunday", "2026-12-06T17:00"),
        ("create a recurring meeting every other tuesday at ten", "every other tuesday", TUE),
        ("i have football every saturday at ten", "every saturday", f"{SAT}T10:00"),
        ("we have a weekly meeting on mondays at 9", "every monday", f"{MON}T09:00"),
    ],
)
def test_repeating_events_use_the_tools_words(text: str, repeat: str, start: str) -> None:
    found = check(text, CREATE, {"start": start})
    said = str(found.arguments["repeat"])
    assert said.lower() == repeat, (text, said)
    assert parse_repeat(said, lambda _: NOW.date()), said  # the tool reads it as said


# -- what is on, when something is, who is there ----------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("when do i have yoga", SEARCH, {"text": "yoga"}),
        ("when do we have piano", SEARCH, {"text": "piano"}),
        ("what time do i have the dentist", SEARCH, {"text": "dentist"}),
        ("who is coming to the book club", SEARCH, {"text": "book club"}),
        ("who's invited to our party", SEARCH, {"text": "party"}),
        ("what is the date of the book club", SEARCH, {"text": "book club"}),
        ("when is the school concert", SEARCH, {"text": "school concert"}),
        ("what time is yoga on thursday", LIST, {"when": THU}),
        ("who am i having lunch with tomorrow", LIST, {"when": MON}),
        ("tell me about tomorrow", LIST, {"when": MON}),
        ("what's up for tuesday", LIST, {"when": TUE}),
        ("what's on the docket for friday", LIST, {"when": FRI}),
        ("let me know when my next meeting is", LIST, {}),
        ("i was wondering whether you could tell me what is on saturday", LIST, {"when": SAT}),
        ("what did i have on last friday", LIST, {"when": "2026-11-27"}),
        ("did i have a meeting last monday", LIST, {"when": "2026-11-23"}),
        ("do i have anything to do tomorrow", LIST, {"when": MON}),
        ("what am i supposed to do on friday", LIST, {"when": FRI}),
        ("anything important tomorrow", LIST, {"when": MON}),
        ("what's left today", LIST, {"when": "2026-11-29"}),
        ("anything else on wednesday", LIST, {"when": WED}),
        ("do i have time for lunch on tuesday", LIST, {"when": TUE}),
        ("what time should i be at the dentist", SEARCH, {"text": "dentist"}),
        ("what time do i need to leave for the physio", SEARCH, {"text": "physio"}),
        ("which day is the party", SEARCH, {"text": "party"}),
        ("what is the birthday of my sister", SEARCH, {"text": "sister"}),
        ("how many days left for my vacation", SEARCH, {"text": "vacation"}),
        ("the date of my next dentist appointment", SEARCH, {"text": "dentist"}),
        ("where am i supposed to be at noon", LIST, {}),
        ("did the meeting get moved", SEARCH, {"text": "meeting"}),
        ("has the dentist been cancelled", SEARCH, {"text": "dentist"}),
        ("when am i seeing jo next", SEARCH, {"text": "jo"}),
    ],
)
def test_asking_about_events(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


# -- cancelling and moving, said many ways -----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("i don't need the meeting with priya anymore", DELETE, {"event": "meeting with priya"}),
        ("we no longer need the table tennis session", DELETE, {"event": "table tennis"}),
        ("cancel the rest of my meetings today", CLEAR, {"day": "2026-11-29"}),
        ("can we move the team lunch to next thursday", UPDATE, {"event": "team lunch"}),
        ("let's push the book club to friday at 7", UPDATE, {"event": "book club"}),
        ("the dentist has moved to thursday at two", UPDATE, {"event": "dentist"}),
        ("my call with jo moved to 4 tomorrow", UPDATE, {"event": "call with jo"}),
        ("remind me 10 minutes before my next meeting", UPDATE, {"event": "meeting"}),
        ("give me a reminder an hour before the book club", UPDATE, {"event": "book club"}),
        ("remind me of the meeting 30 minutes before it starts", UPDATE, {"event": "meeting"}),
        ("take yoga off thursday", DELETE, {"event": "yoga", "day": THU}),
        ("knock the gym off tomorrow", DELETE, {"event": "gym", "day": MON}),
        ("cancel my daily call on friday", DELETE, {"event": "call", "day": FRI}),
        ("remind me 10 minutes before the book club starts", UPDATE, {"event": "book club"}),
    ],
)
def test_cancelling_and_moving(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


@pytest.mark.parametrize(
    ("text", "event", "day"),
    [
        ("remove today's call at evening", "call", "2026-11-29T19:00"),
        ("delete the dinner on friday night", "dinner", f"{FRI}T20:00"),
        ("cancel the book club on tuesday in the evening", "book club", f"{TUE}T19:00"),
    ],
)
def test_a_part_of_the_day_said_with_a_cancel_is_kept(text: str, event: str, day: str) -> None:
    """The delete tool takes the event on at that hour, else asks among the day's."""
    check(text, DELETE, {"event": event, "day": day})


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("remove the meeting for wednesday morning", f"{WED}T09:00"),
        ("delete the event on friday afternoon", f"{FRI}T14:00"),
        ("cancel my plans for monday night", MON),  # plans: several, the day alone
        ("clear my events tomorrow morning", MON),
    ],
)
def test_an_event_named_by_its_time(text: str, day: str) -> None:
    found = check(text, DELETE, {"day": day})
    assert list(found.missing) == ["event"]
    if "T" not in day:
        assert "T" not in str(found.arguments["day"]), found.arguments


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("cancel my recurring standup", "standup"),
        ("delete the weekly team meeting", "team"),
        ("remove our monthly catch-up with the landlord", "catch-up with the landlord"),
    ],
)
def test_a_repeating_event_named_by_how_it_repeats_goes_whole(text: str, event: str) -> None:
    found = check(text, DELETE, {"event": event})
    assert found.arguments.get("whole_series") is True, found.arguments


def test_cancelling_an_unnamed_appointment_asks_which() -> None:
    found = check("cancel the appointment", DELETE, {})
    assert list(found.missing) == ["event"]


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("i have a meeting at 3 tomorrow remind me 15 minutes before", 15),
        ("there's a meeting at 3 tomorrow remind me ten minutes before", 10),
        ("add lunch with ana friday at one and remind me the day before", 1440),
        ("please add the dentist tomorrow at 2 and remind me an hour before it starts", 60),
    ],
)
def test_a_reminder_said_with_a_new_event(text: str, minutes: int) -> None:
    found = check(text, CREATE, {})
    assert found.arguments.get("reminder_minutes") == minutes, found.arguments
    assert "remind" not in str(found.arguments["title"]).lower(), found.arguments


def test_rescheduling_an_unnamed_appointment_asks_which_and_when() -> None:
    found = check("reschedule my appointment", UPDATE, {})
    assert set(found.missing) == {"event", "start"}


# -- other domains and chit-chat with the calendar's words: no calendar tool ------------------
@pytest.mark.parametrize(
    "text",
    [
        "schedule an email to jo tomorrow",
        "keep me posted about the match",
        "today is my birthday",
        "when is the next bank holiday",
        "public holidays next week",
        "concerts next week",
        "i have exams next week",
        "what's up",
        "tell me about yourself",
        "tonight there is a game on tv",
        "the game is on tonight",
        "the film starts at eight",
        "set a timer for ten minutes",
        "what time is the sunset on friday",
        "the weather is nice today",
        "i don't need the lamp anymore",
        "saturday we are going to the zoo",
        "tomorrow is a holiday",
        "send a text to ana tomorrow at nine",
        "make sure the door is locked",
        "what's the date next friday",
        "how many days until christmas",
        "at six pm remind me to call jo",
        "keep me updated on the score",
        "add an event every first monday of the month",
        "get me a taxi",
        "get me a coffee tomorrow",
        "what am i supposed to do",
        "what am i supposed to do with my life",
        "is there something important i should know about tides",
        "what's left in the fridge",
        "is there anything else",
        "what is the birthday of albert einstein",
        "has the train been cancelled",
        "i'm watching tv with ana tonight",
        "i'm having a bad day",
        "i'm playing with the kids",
        "i'm going with the flow",
        "schedule a meeting with jo on friday at 10 and invite ana",
        "make a payment of 30 euros to the club on friday",
        "send $15 to jo tomorrow",
        "write jo saying see you at six",
        "what's it going to be like on saturday",  # the weather's
    ],
)
def test_near_misses_reach_no_calendar_tool(text: str) -> None:
    found = first(text)
    assert found is None or not found.tool.startswith("calendar_"), (text, found)
