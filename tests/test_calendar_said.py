"""Calendar, reminder, to-do and list requests said many ways: one table per need.

Every request is invented (botpsy's own calendar, tasks and lists), in the way speech arrives:
lower case, no punctuation, with and without "my", "the", "any", as a question, a command or a
bare fragment. The first tables were written before any benchmark miss was read; the later ones
cover needs found since, each said in new words and several ways. Each need is served by vocabulary and
sentence shapes in botpsy_calendar, so a row passes only when the shape is general. The last
table holds near-misses from other domains and chit-chat that must reach no calendar tool.
NOW is Sunday 29 November 2026, 18:30; the calendar is empty unless a row names known events.
"""

from __future__ import annotations

import pytest

from tests.calendar_checks import check, first, resolved

LIST = "calendar_list_events"
SEARCH = "calendar_search_events"
CREATE = "calendar_create_event"
UPDATE = "calendar_update_event"
DELETE = "calendar_delete_event"
MON, TUE, WED, THU, FRI, SAT = (
    f"2026-{d}" for d in ("11-30", "12-01", "12-02", "12-03", "12-04", "12-05")
)


# -- asking what is on the calendar at a time -------------------------------------------------
@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("what's on tomorrow", MON),
        ("anything on friday", FRI),
        ("do i have anything on thursday afternoon", THU),
        ("am i busy on the ninth", "2026-12-09"),
        ("meetings tomorrow", MON),
        ("appointments on tuesday", TUE),
        ("my calendar for wednesday", WED),
        ("what have i got going on saturday", SAT),
        ("check my schedule for friday", FRI),
        ("whats happening on thursday", THU),
        ("do i have any plans tomorrow night", MON),
        ("have i got any meetings on tuesday morning", TUE),
        ("what events do i have on the fourth", FRI),
        ("tell me what i have on wednesday", WED),
        ("what is my schedule like on tuesday", TUE),
        ("are there any appointments tomorrow", MON),
        ("do i have something scheduled for saturday", SAT),
        ("what's planned for tomorrow evening", MON),
        ("anything scheduled for next thursday", "2026-12-03"),
        ("calendar tomorrow", MON),
        ("any events on the twelfth", "2026-12-12"),
        ("do i need to be anywhere on friday", FRI),
        ("agenda for thursday", THU),
        ("is there anything in my diary for wednesday", WED),
        ("what meetings have i got tomorrow", MON),
        ("events for the third of december", THU),
        ("read me my appointments for friday", FRI),
        ("what's in my calendar on saturday", SAT),
        ("how packed is my tuesday", TUE),
        ("what do i have going on on the fifth", SAT),
    ],
)
def test_agenda_at_a_time(text: str, when: str) -> None:
    check(text, LIST, {"when": when})


# -- the calendar with no time said: the coming days -------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "what's on my calendar",
        "my upcoming appointments",
        "check my calendar",
        "open my calendar",
        "show me my agenda",
        "any meetings coming up",
        "do i have any appointments coming up",
        "what's next on my schedule",
        "my events",
        "read out my calendar",
        "list my meetings",
        "what have i got planned",
    ],
)
def test_agenda_with_no_time(text: str) -> None:
    found = first(text)
    assert found is not None and found.tool in (LIST, SEARCH), text


# -- when or where is a named event --------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("when is my dentist appointment", "dentist"),
        ("when's my haircut", "haircut"),
        ("what day is ana's party", "ana"),
        ("what time does my yoga class start", "yoga"),
        ("when is the team meeting", "team"),
        ("what date is our school concert", "school concert"),
        ("what time is my meeting with the accountant", "accountant"),
        ("when is the book club meeting", "book club"),
        ("when do i have my physio appointment", "physio"),
        ("when is my next piano lesson", "piano"),
        ("where is my interview", "interview"),
        ("what time is dinner with the johnsons", "johnsons"),
    ],
)
def test_when_is_a_named_event(text: str, words: str) -> None:
    found = first(text)
    assert found is not None and found.tool in (SEARCH, LIST), text
    assert words in " ".join(str(v) for v in found.arguments.values()).lower(), found.arguments


# -- a new event, asked for ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("add dinner with sam on friday at seven", "sam", f"{FRI}T19:00"),
        ("schedule a call with the plumber tomorrow at 10am", "plumber", f"{MON}T10:00"),
        ("put the dentist on my calendar for tuesday at three pm", "dentist", f"{TUE}T15:00"),
        ("book a haircut for saturday morning", "haircut", SAT),
        ("set up a meeting with the design team next monday at nine", "design team", "2026-11-30"),
        ("create an event called quiz night on thursday at eight pm", "quiz night", f"{THU}T20:00"),
        ("new appointment physio wednesday at four", "physio", f"{WED}T16:00"),
        ("pencil in lunch with ana on friday", "ana", FRI),
        ("add to my calendar dentist on friday at 2pm", "dentist", f"{FRI}T14:00"),
        ("put in my diary yoga on thursday at six pm", "yoga", f"{THU}T18:00"),
        ("schedule tennis with joe at five tomorrow", "tennis", f"{MON}T17:00"),
        ("make an appointment with the vet for tuesday at 9am", "vet", f"{TUE}T09:00"),
        ("add an event for tomorrow at noon called team lunch", "team lunch", f"{MON}T12:00"),
        ("set a meeting for friday at 3pm with the accountant", "accountant", f"{FRI}T15:00"),
        ("add a meeting with the landlord on the seventh", "landlord", "2026-12-07"),
        ("schedule parents evening for wednesday at six pm", "parents evening", f"{WED}T18:00"),
        ("add football practice to my calendar on saturday at ten", "football", f"{SAT}T10:00"),
        ("can you add the school play on the eleventh", "school play", "2026-12-11"),
        ("save the date for tom's wedding on june the sixth", "tom", "2027-06-06"),
        ("create a calendar entry for the car service on tuesday", "car service", TUE),
        ("book me in for a massage on thursday at 4pm", "massage", f"{THU}T16:00"),
        ("calendar add gym at seven am tomorrow", "gym", f"{MON}T07:00"),
    ],
)
def test_new_event_asked_for(text: str, title: str, start: str) -> None:
    check(text, CREATE, {"title": title, "start": start})


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add a piano lesson at 5pm too", "Piano lesson"),
        ("put the book club on thursday at eight as well", "Book club"),
        ("also schedule a call with the bank on monday at 9am", "Call with the bank"),
    ],
)
def test_a_word_that_joins_requests_is_no_part_of_a_title(text: str, title: str) -> None:
    found = first(text)
    assert found is not None and found.tool == CREATE, text
    assert found.arguments["title"] == title


@pytest.mark.parametrize(
    "text",
    ["add an event on friday at 10am", "create an appointment on monday at noon",
     "put a new event in my calendar for saturday"],
)  # fmt: skip
def test_an_event_with_only_a_time_asks_what_it_is(text: str) -> None:
    found = first(text)
    assert found is not None and found.tool == CREATE, text
    assert "title" in found.missing and "title" not in found.arguments, found


# -- a new event, told ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("i have a job interview on the tenth at eleven am", "interview", "2026-12-10T11:00"),
        ("i've got a dentist appointment tomorrow at three", "dentist", f"{MON}T15:00"),
        ("my brother's graduation is on june the fourth", "brother", "2027-06-04"),
        ("i'm seeing the optician on wednesday at 2pm", "optician", f"{WED}T14:00"),
        ("we're going to a wedding on saturday", "wedding", SAT),
        ("i have choir practice on thursday at seven pm", "choir", f"{THU}T19:00"),
        ("there is a staff meeting on friday at nine", "staff meeting", f"{FRI}T09:00"),
        ("i'm meeting jo for coffee tomorrow at eleven", "jo", f"{MON}T11:00"),
        ("i have a doctor's appointment on tuesday at 10 add it", "doctor", f"{TUE}T10:00"),
        ("my sister's birthday party is on saturday at four", "sister", f"{SAT}T16:00"),
    ],
)
def test_new_event_told(text: str, title: str, start: str) -> None:
    check(text, CREATE, {"title": title, "start": start})


# -- reminders: a task with a due time ------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("remind me to call the bank tomorrow at nine", "call the bank", f"{MON}T09:00"),
        ("remind me at five to take the bins out", "bins", "2026-11-30T17:00"),
        ("set a reminder to water the plants on friday", "water the plants", FRI),
        ("reminder to pay the rent on the first", "pay the rent", "2026-12-01"),
        ("reminder pick up the parcel tomorrow", "parcel", MON),
        ("create a reminder for the car service on monday", "car service", MON),
        ("add a reminder to book the mot next friday", "mot", "2026-12-04"),
        ("remind me about the library books tomorrow morning", "library books", f"{MON}T09:00"),
        ("i need a reminder to ring grandma on saturday", "ring grandma", SAT),
        ("put a reminder in for the gas bill on the fifteenth", "gas bill", "2026-12-15"),
        ("remind me tomorrow to email jo", "email jo", MON),
        ("set a reminder for mum's birthday on the third of may", "mum", "2027-05-03"),
        ("remind me on thursday that the plumber is coming", "plumber", THU),
        ("new reminder call the vet on tuesday", "call the vet", TUE),
    ],
)
def test_reminders(text: str, title: str, due: str) -> None:
    check(text, "task_add", {"title": title, "due": due})


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("don't let me forget to buy stamps", "buy stamps"),
        ("remind me to defrost the freezer", "defrost the freezer"),
        ("set a reminder to renew my passport", "renew my passport"),
        ("add a reminder to phone the school", "phone the school"),
    ],
)
def test_reminders_with_no_time(text: str, title: str) -> None:
    check(text, "task_add", {"title": title})


# -- moving, renaming and cancelling events on an empty calendar ----------------------------
@pytest.mark.parametrize(
    ("text", "event", "start"),
    [
        ("move my dentist appointment to thursday", "dentist", THU),
        ("reschedule the team meeting to friday at 4pm", "team", f"{FRI}T16:00"),
        ("postpone my haircut until saturday", "haircut", SAT),
        ("push my meeting with sam to tuesday", "sam", TUE),
        ("change my physio appointment to wednesday at ten", "physio", f"{WED}T10:00"),
        ("move lunch with ana to friday at one pm", "ana", f"{FRI}T13:00"),
        ("reschedule my yoga class for thursday", "yoga", THU),
    ],
)
def test_moving_a_named_event(text: str, event: str, start: str) -> None:
    check(text, UPDATE, {"event": event, "start": start})


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("cancel my dentist appointment", "dentist"),
        ("delete the meeting with sam", "sam"),
        ("remove my yoga class from the calendar", "yoga"),
        ("call off the team lunch", "team lunch"),
        ("cancel the party on saturday", "party"),
        ("i need to cancel my haircut", "haircut"),
        ("take the book club off my calendar", "book club"),
        ("get rid of my piano lesson on thursday", "piano"),
        ("please delete tomorrow's interview", "interview"),
        ("scrap the meeting with the accountant", "accountant"),
    ],
)
def test_cancelling_a_named_event(text: str, event: str) -> None:
    check(text, DELETE, {"event": event})


@pytest.mark.parametrize(
    "text",
    [
        "cancel my next appointment",
    ],
)
def test_clearing_asks_which_event(text: str) -> None:
    found = first(text)
    assert found is not None and found.tool == DELETE and found.missing, text


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("clear my calendar for tomorrow", "2026-11-30"),
        ("cancel all my meetings on friday", "2026-12-04"),
        ("delete everything on my schedule for thursday", "2026-12-03"),
        ("wipe my diary for the weekend", None),  # two days: which one is asked
    ],
)
def test_clearing_a_day_is_one_clear_of_it(text: str, day: str | None) -> None:
    found = first(text)
    assert found is not None and found.tool == "calendar_clear_day", (text, found)
    assert found.arguments == ({"day": day} if day else {}), found.arguments
    assert list(found.missing) == ([] if day else ["day"]), found.missing


# -- to-dos ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add fix the gate to my to do list", "fix the gate"),
        ("put clean the gutters on my todo list", "clean the gutters"),
        ("new task sort the recycling", "sort the recycling"),
        ("add a task to descale the kettle", "descale the kettle"),
        ("create a to do to call the insurer", "call the insurer"),
        ("i need to add paint the fence to my tasks", "paint the fence"),
    ],
)
def test_adding_a_to_do(text: str, title: str) -> None:
    check(text, "task_add", {"title": title})


@pytest.mark.parametrize(
    "text",
    [
        "what's on my to do list",
        "my tasks",
        "show my to-dos",
        "read my task list",
        "any tasks left",
        "what reminders do i have",
        "list my reminders",
    ],
)
def test_reading_to_dos(text: str) -> None:
    check(text, "task_list", {})


# -- named lists -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("create a new list called camping", "camping"),
        ("make a packing list", "packing"),
        ("start a hardware list", "hardware"),
        ("new list for the garden", "garden"),
        ("set up a list named holiday", "holiday"),
        ("i want to make a new christmas list", "christmas"),
        ("open a new list called books to read", "books"),
    ],
)
def test_creating_a_list(text: str, name: str) -> None:
    check(text, "list_create", {"list_name": name})  # a list of its own (session 12)


@pytest.mark.parametrize(
    ("text", "item", "name"),
    [
        ("add rope to my camping list", "rope", "camping"),
        ("put sunscreen on the packing list", "sunscreen", "packing"),
        ("add screws to hardware list", "screws", "hardware"),
        ("can you put tent pegs on my camping list", "tent pegs", "camping"),
        ("add to the garden list compost", "compost", "garden"),
        ("i need to add a torch to my camping list", "torch", "camping"),
        ("include a charger in my packing list", "charger", "packing"),
        ("write down sandpaper on the hardware list", "sandpaper", "hardware"),
        ("the packing list needs a swimsuit", "swimsuit", "packing"),
        ("add plant food to the list for the garden", "plant food", "garden"),
    ],
)
def test_adding_to_a_list(text: str, item: str, name: str) -> None:
    check(text, "task_add", {"title": item, "list_name": name})


@pytest.mark.parametrize(
    ("text", "item", "name"),
    [
        ("remove rope from my camping list", "rope", "camping"),
        ("take sunscreen off the packing list", "sunscreen", "packing"),
        ("delete screws from hardware list", "screws", "hardware"),
        ("cross the torch off my camping list", "torch", "camping"),
        ("i don't need the charger on my packing list any more", "charger", "packing"),
        ("get rid of compost on the garden list", "compost", "garden"),
        ("tick off sandpaper on the hardware list", "sandpaper", "hardware"),
        ("from my packing list remove the swimsuit", "swimsuit", "packing"),
    ],
)
def test_removing_from_a_list(text: str, item: str, name: str) -> None:
    found = first(text)
    assert found is not None and found.tool in ("task_delete", "task_complete"), text
    assert item in str(found.arguments.get("task", "")).lower(), found.arguments
    assert name in str(found.arguments.get("list_name", "")).lower(), found.arguments


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("what's on my camping list", "camping"),
        ("read my packing list", "packing"),
        ("show me the hardware list", "hardware"),
        ("what is on the garden list", "garden"),
        ("tell me what's on my packing list", "packing"),
        ("what items are on the camping list", "camping"),
        ("camping list", "camping"),
        ("open my hardware list", "hardware"),
        ("is rope on my camping list", "camping"),
        ("how many things are on my packing list", "packing"),
        ("check my garden list", "garden"),
        ("what did i put on the hardware list", "hardware"),
    ],
)
def test_reading_a_list(text: str, name: str) -> None:
    check(text, "task_list", {"list_name": name})


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("delete my camping list", "camping"),
        ("clear the packing list", "packing"),
        ("remove the hardware list", "hardware"),
        ("empty my garden list", "garden"),
        ("get rid of the packing list", "packing"),
        ("i don't need the camping list any more", "camping"),
        ("erase everything on my hardware list", "hardware"),
    ],
)
def test_deleting_a_list(text: str, name: str) -> None:
    """Clearing or emptying removes every item, shown and asked once (`list_clear`), and keeps
    the list; deleting removes the list (asked first)."""
    found = first(text)
    assert found is not None and found.tool in ("list_clear", "list_delete"), text
    emptied = {"clear", "empty", "everything"} & set(text.split())
    assert (found.tool == "list_clear") == bool(emptied), (text, found.tool)
    said = found.arguments.get("list_name")
    assert name in str(said).lower(), found.arguments


# -- said as news, not as a request ----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        (
            "please note that i have a meeting on thursday at 3",
            CREATE,
            {"title": "meeting", "start": f"{THU}T15:00"},
        ),
        (
            "i've been invited to a party on saturday night",
            CREATE,
            {"title": "party", "start": SAT},
        ),
        (
            "i have a call with bob at 3pm tomorrow please remind me",
            CREATE,
            {"title": "bob", "start": f"{MON}T15:00"},
        ),
        (
            "saturday should be blocked off for the house move",
            CREATE,
            {"title": "house move", "start": SAT},
        ),
        (
            "mark my calendar for the school trip on the ninth",
            CREATE,
            {"title": "school trip", "start": "2026-12-09"},
        ),
        (
            "update my calendar with a dentist appointment on friday at ten",
            CREATE,
            {"title": "dentist", "start": f"{FRI}T10:00"},
        ),
        ("my meeting with sam has been moved to friday", UPDATE, {"event": "sam", "start": FRI}),
        ("the dentist appointment is now at 4pm", UPDATE, {"event": "dentist"}),
        ("my yoga class has been cancelled", DELETE, {"event": "yoga"}),
        ("the lunch with ana is called off", DELETE, {"event": "ana"}),
        ("i won't be able to make the meeting on friday", DELETE, {"event": "meeting", "day": FRI}),
        ("i can't make it to my haircut tomorrow", DELETE, {"event": "haircut", "day": MON}),
    ],
)
def test_told_news_about_events(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


# -- fragments: a title and a time with no verb -----------------------------------------------
@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("lunch with ana tomorrow", "ana", MON),
        ("dentist appointment friday 10am", "dentist", f"{FRI}T10:00"),
        ("gym session on thursday at seven am", "gym", f"{THU}T07:00"),
        ("hair appointment on saturday morning", "hair", SAT),
        ("birthday party saturday", "birthday party", SAT),
        ("quiz night with the neighbours on wednesday at eight pm", "quiz night", f"{WED}T20:00"),
    ],
)
def test_fragments_make_events(text: str, title: str, start: str) -> None:
    check(text, CREATE, {"title": title, "start": start})


def test_a_repeating_fragment_keeps_its_rule() -> None:
    found = first("team meeting every monday at nine")
    assert found is not None and found.tool == CREATE
    assert (
        found.arguments["repeat"] == "every monday"
        and "meeting" in str(found.arguments["title"]).lower()
    )


# -- an event asked for with nothing said of it: the assistant asks what and when -------------
@pytest.mark.parametrize(
    "text",
    [
        "i'd like to put something in my diary",
        "add an event",
        "new calendar entry",
        "create a new appointment",
    ],
)
def test_an_unsaid_event_asks_what_and_when(text: str) -> None:
    found = first(text)
    assert found is not None and found.tool == CREATE, text
    assert set(found.missing) == {"title", "start"}, found.missing


# -- reminders said as to a person, repeating, or against an event ----------------------------
@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("remember to call the garage tomorrow at ten", "call the garage", f"{MON}T10:00"),
        ("remember my mum's birthday on friday", "mum", FRI),
        ("remind me we have to pay the plumber on friday", "pay the plumber", FRI),
        ("notification of the team meeting on thursday", "team meeting", THU),
        ("an alert for my yoga class on tuesday", "yoga", TUE),
        ("don't forget my dentist appointment on friday", "dentist", FRI),
        ("put a reminder on my calendar for the vet on friday", "vet", FRI),
        ("remind me to post the forms by five pm", "post the forms", f"{MON}T17:00"),
    ],
)
def test_reminders_said_other_ways(text: str, title: str, due: str) -> None:
    check(text, "task_add", {"title": title, "due": due})


@pytest.mark.parametrize(
    ("text", "title", "repeat"),
    [
        ("remind me every day at nine to take my pills", "pills", "every day"),
        ("remind me every monday to put the bins out", "bins", "every monday"),
        ("set a daily reminder at eight am to stretch", "stretch", "every day"),
        ("make a weekly reminder to water the ferns on sunday", "ferns", "every week"),
    ],
)
def test_a_repeating_reminder_is_a_repeating_event_that_rings(
    text: str, title: str, repeat: str
) -> None:
    found = first(text)
    assert found is not None and found.tool == CREATE, text
    assert title in str(found.arguments.get("title", "")).lower(), found.arguments
    assert found.arguments["repeat"] == repeat and found.arguments["reminder_minutes"] == 0


def test_a_repeating_reminder_without_a_title_asks_and_pins_its_time() -> None:
    found = first("i want a reminder every single day at seven am")
    assert found is not None and found.tool == CREATE and "title" in found.missing
    assert str(found.arguments["start"]).startswith(f"{MON}T07:00")


@pytest.mark.parametrize(
    ("text", "event", "minutes"),
    [
        ("remind me 15 minutes before the meeting", "meeting", 15),
        ("remind me one day before my anniversary", "anniversary", 1440),
    ],
)
def test_a_reminder_before_a_named_kind_of_event(text: str, event: str, minutes: int) -> None:
    check(text, UPDATE, {"event": event})
    found = first(text)
    assert found is not None and found.arguments["reminder_minutes"] == minutes


# -- questions: one event's details, the agenda asked as "remind me", work ----------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("tell me more about the workshop on friday", LIST, {"when": FRI}),
        ("details of the party on saturday", LIST, {"when": SAT}),
        ("what do i need to know about the interview", SEARCH, {"text": "interview"}),
        ("when does the rehearsal start", SEARCH, {"text": "rehearsal"}),
        ("remind me what i have on tuesday", LIST, {"when": TUE}),
        ("remind me of my appointments tomorrow", LIST, {"when": MON}),
        ("do i have to work tomorrow", LIST, {"when": MON}),
        ("do i have something on friday", LIST, {"when": FRI}),
        ("give me the list of meetings for thursday", LIST, {"when": THU}),
        ("todays schedule", LIST, {"when": "2026-11-29"}),
        ("anything i should know about tomorrow", LIST, {"when": MON}),
    ],
)
def test_questions_said_other_ways(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


@pytest.mark.parametrize("text", ["my next appointment", "next meeting", "what's my next event"])
def test_the_next_event_lists_the_coming_days(text: str) -> None:
    check(text, LIST, {})


# -- changes to events said loosely ---------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "event", "start"),
    [
        ("reschedule the meeting to 4", "meeting", "2026-11-30T04:00"),
        ("change the interview from 3 to 5pm", "interview", "2026-11-29T17:00"),
        ("move the meeting tomorrow to friday", "meeting", FRI),
        ("push my 3pm meeting to 4pm", "meeting", "2026-11-29T16:00"),
        ("change the lesson time to 2pm", "lesson", "2026-11-30T14:00"),
    ],
)
def test_loose_moves(text: str, event: str, start: str) -> None:
    check(text, UPDATE, {"event": event})
    found = first(text)
    assert found is not None and "time" not in str(found.arguments["event"]).lower()


@pytest.mark.parametrize("text", ["postpone the meeting", "reschedule my haircut"])
def test_a_move_without_a_time_asks_when(text: str) -> None:
    found = first(text)
    assert found is not None and found.tool == UPDATE and "start" in found.missing


def test_a_rename_of_a_kind_of_event() -> None:
    check(
        "rename my meeting to planning session",
        UPDATE,
        {"event": "meeting", "title": "planning session"},
    )


# -- lists named loosely, items ticked off ----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("add milk to groceries", "task_add", {"title": "milk", "list_name": "groceries"}),
        ("add butter to shopping", "task_add", {"title": "butter", "list_name": "shopping"}),
        ("remove eggs from groceries", "task_delete", {"task": "eggs", "list_name": "groceries"}),
        (
            "erase sunscreen from packing",
            "task_delete",
            {"task": "sunscreen", "list_name": "packing"},
        ),
        ("eggs off the camping list", "task_delete", {"task": "eggs", "list_name": "camping"}),
        ("remove eggs from list", "task_delete", {"task": "eggs"}),
        ("cross off the tent pegs", "task_complete", {"task": "tent pegs"}),
        ("tick off batteries", "task_complete", {"task": "batteries"}),
        ("mark the rope as packed", "task_complete", {"task": "rope"}),
        ("new list groceries", "list_create", {"list_name": "groceries"}),
        ("name a new list garden jobs", "list_create", {"list_name": "garden jobs"}),
        (
            "the packing list needs a swimsuit",
            "task_add",
            {"title": "swimsuit", "list_name": "packing"},
        ),
        ("what are my to dos for today", "task_list", {}),
        ("new task sort the recycling", "task_add", {"title": "sort the recycling"}),
        ("add a task to descale the kettle", "task_add", {"title": "descale the kettle"}),
        ("create a to do to call the insurer", "task_add", {"title": "call the insurer"}),
        ("list my reminders", "task_list", {}),
    ],
)
def test_lists_said_loosely(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


# -- words before the verb, and the time before "remind me" ----------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        (
            "can i get a meeting with the team on friday at ten",
            CREATE,
            {"title": "team", "start": f"{FRI}T10:00"},
        ),
        (
            "we should have a meeting on tuesday at 10",
            CREATE,
            {"title": "meeting", "start": f"{TUE}T10:00"},
        ),
        ("let's schedule lunch on friday", CREATE, {"title": "lunch", "start": FRI}),
        ("just add the vet thursday 2pm", CREATE, {"title": "vet", "start": f"{THU}T14:00"}),
        (
            "help me set a meeting for friday at noon",
            CREATE,
            {"title": "meeting", "start": f"{FRI}T12:00"},
        ),
        (
            "i'd like to add a dentist appointment on friday",
            CREATE,
            {"title": "dentist", "start": FRI},
        ),
        (
            "please make an entry in my diary for the school play on friday at 6pm",
            CREATE,
            {"title": "school play", "start": f"{FRI}T18:00"},
        ),
        (
            "new meeting tomorrow 10am with legal",
            CREATE,
            {"title": "legal", "start": f"{MON}T10:00"},
        ),
        (
            "in an hour remind me to stretch",
            "task_add",
            {"title": "stretch", "due": "2026-11-29T19:30"},
        ),
        ("at six pm remind me to call jo", "task_add", {"title": "call jo", "due": f"{MON}T18:00"}),
        ("on friday remind me to pay rent", "task_add", {"title": "pay rent", "due": FRI}),
        (
            "i'd like a reminder at seven am tomorrow to go running",
            "task_add",
            {"title": "running", "due": f"{MON}T07:00"},
        ),
        (
            "reminder at five pm for the school run",
            "task_add",
            {"title": "school run", "due": f"{MON}T17:00"},
        ),
        (
            "remind me for the dentist tomorrow at 4",
            "task_add",
            {"title": "dentist", "due": f"{MON}T16:00"},
        ),
    ],
)
def test_lead_ins_and_times_first(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)
    found = first(text)
    assert found is not None
    assert (
        not str(found.arguments.get("title", "")).lower().startswith(("for ", "let", "just", "at "))
    ), found


@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("what's the address of the party on friday", LIST, {"when": FRI}),
        ("what's the date of the wedding", SEARCH, {"text": "wedding"}),
        ("at what time is my dentist appointment", SEARCH, {"text": "dentist"}),
        ("what else do i have today", LIST, {"when": "2026-11-29"}),
        ("am i doing anything tonight", LIST, {"when": "2026-11-29"}),
        ("list all events for this month", LIST, {"when": "2026-11-01"}),
        ("friday's appointments", LIST, {"when": FRI}),
        ("open calendar for tomorrow", LIST, {"when": MON}),
    ],
)
def test_more_questions(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        (
            "take out bread from the shopping list",
            "task_delete",
            {"task": "bread", "list_name": "shopping"},
        ),
        ("delete list camping", "list_delete", {"list_name": "camping"}),
    ],
)
def test_more_list_shapes(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)
    found = first(text)
    assert found is not None and "out" not in str(found.arguments.get("task", "")).lower()


# -- repeats, blocks and dates said every year -----------------------------------------------
@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "set sam's birthday for every may fifth",
            {"title": "sam", "start": "2027-05-05", "repeat": "every year"},
        ),
        (
            "add my anniversary on the 12th of april repeat yearly",
            {"title": "anniversary", "repeat": "yearly"},
        ),
        (
            "add a recurring event every friday at five called drinks",
            {"title": "drinks", "repeat": "every friday"},
        ),
        (
            "add an event on march third at noon for the parade",
            {"title": "parade", "start": "2027-03-03T12:00"},
        ),
        ("block out friday afternoon", {"title": "busy", "start": FRI}),
        ("block my calendar from 2 to 4 tomorrow", {"title": "busy", "start": MON}),
        (
            "every sunday at ten remind me to call grandma",
            {"title": "grandma", "repeat": "every sunday"},
        ),
        (
            "remind me to go swimming every wednesday",
            {"title": "swimming", "repeat": "every wednesday"},
        ),
    ],
)
def test_repeats_blocks_and_yearly_dates(text: str, want: dict[str, str]) -> None:
    found = first(text)
    assert found is not None and found.tool == CREATE, (text, found)
    for key, value in want.items():
        got = found.arguments.get(key)
        if key == "start":
            assert resolved(got).startswith(value), (text, got)
        elif key == "repeat":
            assert got == value, (text, got)
        else:
            assert value in str(got).lower(), (text, got)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("is yoga in my calendar", "yoga"),
        ("did i put the school play on my calendar", "school play"),
        ("have i got the wedding in my diary", "wedding"),
        ("is there anything about the plumber in my calendar", "plumber"),
        ("how many days until my holiday", "holiday"),
        ("how long until the wedding", "wedding"),
        ("how many days until sam's birthday", "sam"),
    ],
)
def test_whether_or_when_an_event_is_searches_for_it(text: str, words: str) -> None:
    check(text, SEARCH, {"text": words})


@pytest.mark.parametrize(
    "text",
    ["how many days until christmas", "is there a pharmacy in the city", "how long is the flight"],
)
def test_countdowns_and_places_that_are_not_the_users_events(text: str) -> None:
    assert first(text) is None


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("stop reminding me about the bins", "bins"),
        ("i don't want the reminder about the boiler any more", "boiler"),
        ("cancel my reminder to call the dentist", "call the dentist"),
    ],
)
def test_giving_up_a_reminder(text: str, task: str) -> None:
    check(text, "task_delete", {"task": task})


@pytest.mark.parametrize(
    "text",
    ["make the gym session repeat every monday", "change the standup to repeat every weekday"],
)
def test_making_an_event_repeat_is_left_to_the_model(text: str) -> None:
    assert first(text) is None


def test_an_event_noun_with_nothing_else_asks_what_and_when() -> None:
    found = first("put a repeating event on my calendar")
    assert found is not None and found.tool == CREATE and set(found.missing) == {"title", "start"}


# -- near-misses: other domains, knowledge and chit-chat -------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "what's the weather on friday",
        "what time is it in tokyo",
        "what day is it tomorrow",
        "what's the date on saturday",
        "set an alarm for seven tomorrow",
        "wake me up at six",
        "play my road trip playlist",
        "add this song to my playlist",
        "what's on tv tonight",
        "what's happening in the news today",
        "when is the next train to leeds",
        "book a taxi for tomorrow at nine",
        "send an email to sam about the meeting",
        "read my emails from friday",
        "when did the second world war end",
        "when is easter next year",
        "how long is a marathon",
        "what is a calendar year",
        "tell me a joke",
        "turn off the lights in the kitchen",
        "order a pizza for tonight",
        "what's the best list of films this year",
        "list all the planets",
        "what are the top ten songs this week",
        "cancel my netflix subscription",
        "remove the last email",
        "delete the file called notes",
        "are there any concerts in town this weekend",
        "what's going on in the city on saturday",
        "how are you today",
        "add bread",
        "remove the lights from the scene",
        "what's the score of the match on saturday",
        "when does the world cup start",
        "is the gym open on sunday",
        "whose turn is it to cook tonight",
        "remember when we went to paris",
        "i need to go to the airport at six",
        "start to do some stretches",
        "what is a to do list",
        "make a list of the best films of the year",
        "let's play some jazz",
        "just turn the heating up",
        "can i get a pizza delivered at eight",
        "we should have pasta for dinner",
        "at what temperature does water boil",
        "what's the address of the nearest pharmacy",
        "what's the date of easter next year",
    ],
)
def test_other_requests_reach_no_calendar_tool(text: str) -> None:
    found = first(text)
    assert found is None, (text, found and (found.tool, found.arguments))


# -- the same needs again, said with other verbs, word orders and fragments --------------------
# Written before reading any benchmark miss: each need in new words, so a rule that fits only
# the sentences above fails here.
@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        # what is on a day or at a time
        ("what have i got on monday", LIST, {"when": MON}),
        ("have i anything on at three tomorrow", LIST, {"when": MON}),
        ("have we anything planned for saturday", LIST, {"when": SAT}),
        ("whats on my plate tomorrow", LIST, {"when": MON}),
        ("what's on the cards for friday", LIST, {"when": FRI}),
        ("do i have any meetings at ten am on friday", LIST, {"when": FRI}),
        ("my meetings this week", LIST, {"when": "2026-11-"}),
        ("am i free tomorrow at two pm", LIST, {"when": MON}),
        ("am i available on friday afternoon", LIST, {"when": FRI}),
        ("is thursday free", LIST, {"when": THU}),
        ("do i have time on wednesday morning", LIST, {"when": WED}),
        ("am i booked on the fifth", LIST, {"when": SAT}),
        ("give me my agenda for tomorrow", LIST, {"when": MON}),
        ("is there a meeting on monday", LIST, {"when": MON}),
        ("what appointments do i have this afternoon", LIST, {"when": "2026-11-29"}),
        ("what time is my first meeting tomorrow", LIST, {"when": MON}),
        ("what time do i meet john on friday", LIST, {"when": FRI}),
        ("who am i meeting tomorrow", LIST, {"when": MON}),
        # when is a named event, the user's own or one they follow (read from their calendar)
        ("when is my dentist appointment", SEARCH, {"text": "dentist"}),
        ("what time is the match on saturday", LIST, {"when": SAT}),
        ("when will the concert start", SEARCH, {"text": "concert"}),
        ("tell me about the festival on friday", LIST, {"when": FRI}),
        ("more information about the show", SEARCH, {"text": "show"}),
        ("what time is my haircut", SEARCH, {"text": "haircut"}),
        ("when am i seeing the doctor", SEARCH, {"text": "doctor"}),
        ("when's my meeting with sarah", SEARCH, {"text": "sarah"}),
        ("when is mums birthday", SEARCH, {"text": "birthday"}),
        ("what day is my sisters wedding", SEARCH, {"text": "wedding"}),
        ("what time is dads party", SEARCH, {"text": "party"}),
        # adding an event: many verbs
        ("put lunch with tom on friday at one", CREATE, {"title": "tom", "start": f"{FRI}T13:00"}),
        ("pencil in coffee with ana tuesday at ten", CREATE, {"title": "coffee", "start": TUE}),
        ("book a meeting with the bank for monday at nine am", CREATE, {"title": "bank"}),
        ("set up a call with marketing tomorrow at eleven", CREATE, {"title": "marketing"}),
        ("arrange a meeting with james on wednesday", CREATE, {"title": "james", "start": WED}),
        ("organise a team lunch on thursday at noon", CREATE, {"title": "team lunch"}),
        ("plan a dinner with friends on saturday at eight", CREATE, {"title": "friends"}),
        ("put me down for yoga on wednesday evening", CREATE, {"title": "yoga", "start": WED}),
        ("pencil me in for drinks with the team on friday at six", CREATE, {"title": "drinks"}),
        ("sign me up for the pottery class on saturday", CREATE, {"title": "pottery"}),
        ("book in a meeting with sales at half past two tomorrow", CREATE, {"title": "sales"}),
        ("schedule dentist thursday at four pm", CREATE, {"title": "dentist", "start": THU}),
        ("dinner with the parents saturday at seven", CREATE, {"title": "parents"}),
        ("make an appointment for the doctor on monday at eleven", CREATE, {"title": "doctor"}),
        ("add to my calendar meeting with lisa tomorrow at nine", CREATE, {"title": "lisa"}),
        ("block out friday afternoon for the report", CREATE, {"title": "report", "start": FRI}),
        ("mark the twelfth as my sisters wedding", CREATE, {"title": "wedding"}),
        # moving an event
        ("bump my haircut to saturday", UPDATE, {"event": "haircut", "start": SAT}),
        ("bring the meeting forward to ten", UPDATE, {"event": "meeting"}),
        ("shift the team lunch to one pm", UPDATE, {"event": "team lunch"}),
        ("change the time of my meeting to four", UPDATE, {"event": "meeting"}),
        ("move tomorrows meeting to wednesday", UPDATE, {"event": "meeting"}),
        ("switch my piano lesson to thursday", UPDATE, {"event": "piano", "start": THU}),
        ("rearrange the call with ana for friday", UPDATE, {"event": "ana", "start": FRI}),
        ("postpone the dinner until sunday", UPDATE, {"event": "dinner"}),
        # cancelling an event
        ("drop the team lunch", DELETE, {"event": "team lunch"}),
        ("scrap my haircut", DELETE, {"event": "haircut"}),
        ("call off dinner with tom", DELETE, {"event": "tom"}),
        ("i can't make the meeting tomorrow", DELETE, {"event": "meeting"}),
        ("delete tomorrows meeting", DELETE, {"event": "meeting", "day": MON}),
        # questions said other ways
        ("remind me what's happening this weekend", LIST, {"when": "2026-11-28"}),
        ("does my calendar show any events this week", LIST, {"when": "2026-11-"}),
        ("meetings scheduled for today", LIST, {"when": "2026-11-29"}),
        ("am i working tomorrow", LIST, {"when": MON}),
        ("what is my availability on friday", LIST, {"when": FRI}),
        ("find me a free slot on tuesday", LIST, {"when": TUE}),
        ("do i have any conflicts on friday", LIST, {"when": FRI}),
        ("is the party still on for saturday", LIST, {"when": SAT}),
        ("is it anyone's birthday this week", LIST, {"when": "2026-11-"}),
        ("whose birthday is it today", LIST, {"when": "2026-11-29"}),
        ("did i schedule a meeting for today", LIST, {"when": "2026-11-29"}),
        ("did i put anything on my calendar for friday", LIST, {"when": FRI}),
        ("list today's meetings", LIST, {"when": "2026-11-29"}),
        ("give me the details of my meeting tomorrow", LIST, {"when": MON}),
        ("what is today schedule", LIST, {"when": "2026-11-29"}),
        ("today schedule", LIST, {"when": "2026-11-29"}),
        ("my tomorrow's schedule", LIST, {"when": MON}),
        ("tell me about tomorrow meetings", LIST, {"when": MON}),
        ("check my todays appointments", LIST, {"when": "2026-11-29"}),
        ("when is my next day off", SEARCH, {"text": "day off"}),
        ("when is johns birthday", SEARCH, {"text": "birthday"}),
        # adding, said with the time or the title in odd places
        ("set an event for tuesday", CREATE, {"start": TUE}),
        ("create an event on fifth may as birthday", CREATE, {"title": "birthday"}),
        ("add event for sunday at 5 pm tennis with ben", CREATE, {"title": "tennis"}),
        ("add new appointment friday 11 am dentist", CREATE, {"title": "dentist", "start": FRI}),
        ("schedule the review for the first of december", CREATE, {"title": "review"}),
        (
            "put an entry on friday for lunch with the boss",
            CREATE,
            {"title": "lunch", "start": FRI},
        ),
        ("save my mom's birthday on may 5", CREATE, {"title": "birthday", "start": "2027-05-05"}),
        ("make a note in my calendar for the physio on monday", CREATE, {"title": "physio"}),
        ("note in calendar team lunch at noon tomorrow", CREATE, {"title": "team lunch"}),
        ("add a weekly yoga class on thursdays at six", CREATE, {"title": "yoga", "start": THU}),
        ("book an appointment at the salon for saturday", CREATE, {"title": "salon"}),
        ("next friday is sams birthday", CREATE, {"title": "birthday", "start": "2026-12-04"}),
        ("tomorrow is our anniversary", CREATE, {"title": "anniversary", "start": MON}),
        ("i am attending a wedding on the 20th", CREATE, {"title": "wedding"}),
        ("i have to see the dentist on friday", CREATE, {"title": "dentist", "start": FRI}),
        ("let's meet john on friday at noon", CREATE, {"title": "john", "start": FRI}),
        ("my meeting with jo is on friday at three please add", CREATE, {"title": "jo"}),
        (
            "make sure i have the meeting on friday at ten in my calendar",
            CREATE,
            {"title": "meeting"},
        ),
        ("fix a meeting with john tomorrow at 10", CREATE, {"title": "john", "start": MON}),
        ("keep an appointment with the vet at 4 pm on friday", CREATE, {"title": "vet"}),
        ("insert lunch with ana in my calendar for tuesday", CREATE, {"title": "ana"}),
        ("setup a zoom meeting for monday at 11", CREATE, {"title": "zoom", "start": MON}),
        ("register me for the workshop on friday", CREATE, {"title": "workshop", "start": FRI}),
        ("update my calendar with the party on saturday", CREATE, {"title": "party"}),
        ("schedule a meeting every two weeks on friday", CREATE, {"repeat": "two weeks"}),
        ("notify me 30 minutes before my meeting", UPDATE, {"event": "meeting"}),
        # cancelling, said other ways
        ("remove the 5 pm meeting", DELETE, {"event": "meeting"}),
        ("delete event called book club", DELETE, {"event": "book club"}),
        ("forget about the meeting tomorrow", DELETE, {"event": "meeting"}),
        ("never mind the dentist on friday", DELETE, {"event": "dentist"}),
        ("take off the meeting on thursday", DELETE, {"event": "meeting"}),
        ("i can't go to the party on friday please cancel it", DELETE, {"event": "party"}),
        ("remove my dentist appointment from calendar", DELETE, {"event": "dentist"}),
        ("cancel the meeting scheduled for tomorrow", DELETE, {"event": "meeting", "day": MON}),
        ("update my meeting to 3 pm", UPDATE, {"event": "meeting"}),
        ("can the meeting be moved to friday", UPDATE, {"event": "meeting", "start": FRI}),
        ("i want to move my dentist appointment to friday", UPDATE, {"event": "dentist"}),
        ("prepone the meeting to 10 am", UPDATE, {"event": "meeting"}),
        ("advance the interview to nine", UPDATE, {"event": "interview"}),
        ("move up the meeting to 2 pm", UPDATE, {"event": "meeting"}),
        # renaming
        ("rename my meeting to project review", UPDATE, {"title": "project review"}),
        ("change the name of the lunch to team lunch", UPDATE, {"title": "team lunch"}),
    ],
)
def test_needs_said_in_new_words(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


@pytest.mark.parametrize(
    "text",
    [
        "remove the meeting at three",
        "cancel the appointment at ten am",
        "delete the event on monday",
        "delete my meetings for today",
    ],
)
def test_an_event_named_by_its_time_asks_which(text: str) -> None:
    found = first(text)
    assert found is not None and found.tool == DELETE and found.missing, (text, found)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("clear tomorrow", {"day": "2026-11-30"}),
        ("clear my afternoon", {"day": "2026-11-29", "part": "afternoon"}),
        ("free my afternoon", {"day": "2026-11-29", "part": "afternoon"}),
        ("wipe out all my appointments this month", None),  # many days: which one is asked
        ("remove all events from calendar", None),  # no day: which one is asked
    ],
)
def test_a_day_or_part_of_one_cleared_by_its_time(
    text: str, arguments: dict[str, str] | None
) -> None:
    found = first(text)
    assert found is not None and found.tool == "calendar_clear_day", (text, found)
    assert found.arguments == (arguments or {}), found.arguments
    assert list(found.missing) == ([] if arguments else ["day"]), found.missing


@pytest.mark.parametrize(
    "text",
    [
        "add sarah to the meeting on friday",
        "bump up the volume",
        "bring the washing in at six",
        "push the button at nine",
        "have a nice day tomorrow",
        "have i told you about my holiday",
        "note down that the wifi password is blue",
        "switch the lights off at ten",
        "when is mothers day",
        "when is the next bank holiday",
        "what day is christmas",
        "what's on my mind",
        "sign me up for the newsletter",
        "what time does the shop close on sunday",
        "skip this song",
        "forget it",
        "take off my shoes",
        "i need to see a film tonight",
        "today is my birthday",
        "are there any events near me",
        "save this file on my desktop",
        "note down the wifi password",
        "log me out",
        "sign me up for the newsletter",
        "fix the sink on tuesday",
        "make the meeting at 4 instead",
        "what am i doing with my life",
        "is tomorrow a good day for a picnic",
        "i have a headache today",
        "my birthday is in june",
        "are you free tonight",
        "what's on netflix tonight",
        "cancel that",
        "never mind",
        "push it",
        "let's meet again",
        "fix the bug tomorrow",
        "update the app",
        "olly tell me a joke",
        "olly what's the weather tomorrow",
        "advance to the next level",
        "keep the door locked tonight",
        "insert a page break",
        "repeat the team meeting every monday",
    ],
)
def test_new_near_misses_reach_no_calendar_tool(text: str) -> None:
    found = first(text)
    assert found is None, (text, found and (found.tool, found.arguments))


@pytest.mark.parametrize(
    ("text", "tool", "want"),
    [
        ("olly what's on tomorrow", LIST, {"when": MON}),
        ("juno do i have any meetings on friday", LIST, {"when": FRI}),
        ("mia cancel my dentist appointment", DELETE, {"event": "dentist"}),
        ("nova set a meeting with john at 4 pm tomorrow", CREATE, {"title": "john"}),
        ("olly could you please add lunch with tom on friday at one", CREATE, {"title": "tom"}),
        ("what's my schedule today olly", LIST, {"when": "2026-11-29"}),
        ("do i have any meetings tomorrow juno", LIST, {"when": MON}),
    ],
)
def test_a_name_said_first_is_set_aside(text: str, tool: str, want: dict[str, str]) -> None:
    check(text, tool, want)


@pytest.mark.parametrize(
    "text", ["music add this song", "alarm set for seven tomorrow", "weather what's on tomorrow"]
)
def test_a_domain_word_said_first_is_no_name(text: str) -> None:
    found = first(text)
    assert found is None, (text, found and (found.tool, found.arguments))
