"""Session 17, the lead's changes: "now" before a follow-up ("now turn it off"), a message sent
is an email, a draft shown with its recipient resolved, "her"/"him" for the person the last
request named, and a move to another day at a bare hour kept in the event's half of the day."""

from __future__ import annotations

import pytest

from assistant.spoken import plain_request
from tests.helpers import play_scenario, play_with_model

HOME = [
    {"id": "light.kitchen", "name": "Kitchen light", "area": "Kitchen", "state": "off"},
    {"id": "light.hall", "name": "Hall light", "area": "Hall", "state": "off"},
]
OLA = [{"name": "Ola Nowak", "emails": ["ola@nowak.example"], "phones": ["+48 600 100 200"]}]


# -- "now" orders the turns -------------------------------------------------------------------
@pytest.mark.parametrize("said", ["now turn it off", "and now turn it off", "ok now switch it off"])
def test_now_before_a_follow_up_is_not_part_of_it(said: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": HOME,
            "turns": ["turn on the kitchen light", said],
            "expect_calls": [
                {"tool": "home_turn_on", "resolved": {"device": ["light.kitchen"]}},
                {"tool": "home_turn_off", "resolved": {"device": ["light.kitchen"]}},
            ],
        }
    )
    assert result.passed, result.problems


def test_now_playing_keeps_its_now() -> None:
    assert plain_request("now playing") == "now playing"
    assert plain_request("and now what's the weather") == "what's the weather"


# -- a message is an email ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "said",
    [
        "send ola a message saying the gate code changed",
        "send a message to ola saying the gate code changed",
        "drop ola a quick message saying the gate code changed",
    ],
)
def test_a_message_to_a_contact_is_an_email(said: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": OLA,
            "turns": [said],
            "expect_calls": [
                {
                    "tool": "mail_send",
                    "arguments": {"body": "gate code changed"},
                    "resolved": {"to": "ola@nowak.example"},
                }
            ],
        }
    )
    assert result.passed, result.problems


def test_a_draft_is_shown_with_its_recipient_resolved() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": OLA,
            "turns": ["draft an email to ola saying the minutes are done"],
            "expect_calls": [{"tool": "mail_draft", "resolved": {"to": "ola@nowak.example"}}],
        }
    )
    assert result.passed, result.problems
    assert "not sent" in result.reply


# -- "her" is the person the last request named -------------------------------------------------
@pytest.mark.parametrize(
    ("first", "then", "tool"),
    [
        ("what's ola's email", "send her a message saying the gate code changed", "mail_send"),
        ("what's ola's email", "email her that the gate code changed", "mail_send"),
        ("email ola that the gate code changed", "and what's her phone number", "contacts_find"),
        ("do i have an email for ola", "write to her saying the gate code changed", "mail_send"),
    ],
)
def test_her_is_the_person_the_last_request_named(first: str, then: str, tool: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": OLA,
            "turns": [first, then],
            "expect_calls": [{"tool": ["contacts_find", "mail_send"]}, {"tool": tool}],
        }
    )
    assert result.passed, result.problems
    assert "ola" in result.reply.lower() and result.paths[-1] == "followup"


def test_a_person_said_anew_is_not_replaced_by_the_last_one() -> None:
    people = [*OLA, {"name": "Ana Costa", "emails": ["ana@costa.example"]}]
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": people,
            "turns": ["what's ola's email", "email ana telling her the gate code changed"],
            "expect_calls": [
                {"tool": "contacts_find"},
                {"tool": "mail_send", "resolved": {"to": "ana@costa.example"}},
            ],
        }
    )
    assert result.passed, result.problems


def test_her_after_a_call_the_users_words_did_not_ask_goes_to_the_model() -> None:
    """The last call was the model's (its words read by no intent): "her" is not read off it."""
    found = '<tool_call>{"name": "contacts_find", "arguments": {"name": "ola"}}</tool_call>'
    result = play_with_model(
        {
            "dry_run": True,
            "contacts": OLA,
            "turns": ["who was the woman from the allotment, ola something", "email her hello"],
        },
        [found, "Ola Nowak.", "Which address?"],
    )
    assert result.paths[-1] == "model"
    assert not any(str(c).startswith("mail_send") for c in result.calls)


# -- a day and a bare hour keep the event's half of the day -----------------------------------------
@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("move supper with ivo to saturday at 8", "2026-12-05T20:00"),
        ("move supper with ivo to saturday at eight thirty", "2026-12-05T20:30"),
        ("move supper with ivo to saturday at 8am", "2026-12-05T08:00"),
        ("move supper with ivo to saturday at 08:00", "2026-12-05T08:00"),
        ("move supper with ivo to saturday at 3", "2026-12-05T15:00"),
    ],
)
def test_a_move_to_a_day_at_a_bare_hour_stays_in_the_events_half(said: str, start: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Supper with Ivo", "start": "2026-12-04T19:00"}],
            "turns": [said],
            "expect_events": [{"title": "Supper with Ivo", "start": start}],
        }
    )
    assert result.passed, result.problems


def test_a_morning_event_moved_to_a_day_at_a_bare_hour_stays_in_the_morning() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Standup", "start": "2026-11-30T09:30"}],
            "turns": ["move the standup to tuesday at 10"],
            "expect_events": [{"title": "Standup", "start": "2026-12-01T10:00"}],
        }
    )
    assert result.passed, result.problems


# -- a deed told for the calendar ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "title", "start"),
    [
        ("i need to fetch the bike on friday at 4, put it in the calendar", "Fetch the bike",
         "2026-12-04T16:00"),
        ("we have to sign the lease on tuesday at 10, add it to my calendar", "Sign the lease",
         "2026-12-01T10:00"),
        ("fetch the bike on friday at 4, put it in my diary", "Fetch the bike", "2026-12-04T16:00"),
    ],
)  # fmt: skip
def test_a_deed_told_with_put_it_in_the_calendar_is_an_event(
    said: str, title: str, start: str
) -> None:
    result = play_scenario(
        {"turns": [said], "expect_events": [{"title": title, "start": start}], "expect_tasks": []}
    )
    assert result.passed, result.problems


def test_a_deed_told_alone_stays_a_to_do() -> None:
    result = play_scenario(
        {
            "turns": ["i need to fetch the bike on friday at 4"],
            "expect_events": [],
            "expect_tasks": [{"title": "Fetch the bike"}],
        }
    )
    assert result.passed, result.problems


# -- the battery's charge, the computer's space ---------------------------------------------------
@pytest.mark.parametrize(
    ("said", "tool"),
    [
        ("how much charge have we got left", "battery_status"),
        ("how much power do we have left", "battery_status"),
        ("how much space is left on my laptop", "disk_space"),
        ("is there space left on the computer", "disk_space"),
    ],
)
def test_how_much_is_left_of_the_charge_or_the_space(said: str, tool: str) -> None:
    result = play_scenario({"turns": [said], "expect_calls": [{"tool": tool}]})
    assert result.passed, result.problems


# -- "and jo too" after a mail --------------------------------------------------------------------
def test_a_name_alone_with_too_after_a_mail_is_the_same_mail_to_them() -> None:
    people = [*OLA, {"name": "Ana Costa", "emails": ["ana@costa.example"]}]
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": people,
            "turns": ["email ola that the gate code changed", "and ana too"],
            "expect_calls": [
                {"tool": "mail_send", "resolved": {"to": "ola@nowak.example"}},
                {
                    "tool": "mail_send",
                    "arguments": {"body": "gate code changed"},
                    "resolved": {"to": "ana@costa.example"},
                },
            ],
        }
    )
    assert result.passed, result.problems


def test_a_thing_alone_with_too_after_a_list_add_is_still_an_item() -> None:
    result = play_scenario(
        {
            "turns": ["add rice to the shopping list", "and lentils too"],
            "expect_tasks": [
                {"title": "Rice", "list": "shopping"},
                {"title": "Lentils", "list": "shopping"},
            ],
        }
    )
    assert result.passed, result.problems


# -- a day and its time, after a first part that said its own ------------------------------------
@pytest.mark.parametrize(
    ("said", "starts"),
    [
        ("add rowing on monday at 7am and tuesday at 7am", ["2026-11-30T07:00", "2026-12-01T07:00"]),
        ("add rowing at 7am on monday and on tuesday at 8am",
         ["2026-11-30T07:00", "2026-12-01T08:00"]),
    ],
)  # fmt: skip
def test_a_second_day_with_its_time_is_the_same_event_again(said: str, starts: list[str]) -> None:
    result = play_scenario(
        {"turns": [said], "expect_events": [{"title": "Rowing", "start": s} for s in starts]}
    )
    assert result.passed, result.problems


def test_a_day_and_time_alone_names_no_event() -> None:
    result = play_with_model(
        {"turns": ["on tuesday at 8am"], "expect_events": []}, ["What should happen then?"]
    )
    assert result.passed, result.problems
    assert result.paths == ["model"]


def test_two_days_in_a_question_stay_one_listing() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Kiln firing", "start": "2026-12-04T10:00"}],
            "turns": ["what do i have tomorrow and friday"],
            "expect_calls": [{"tool": "calendar_list_events"}],
            "expect_events": [{"title": "Kiln firing", "start": "2026-12-04T10:00"}],
        }
    )
    assert result.passed, result.problems


# -- a day just listed, cleared ---------------------------------------------------------------------
DAY = [
    {"title": "Kiln firing", "start": "2026-11-30T09:00"},
    {"title": "Glaze class", "start": "2026-11-30T14:00"},
    {"title": "Choir", "start": "2026-12-01T19:00"},
]


@pytest.mark.parametrize(
    "said", ["clear that whole day", "cancel them all", "ok delete everything"]
)
def test_the_day_just_listed_is_cleared_as_one(said: str) -> None:
    result = play_scenario(
        {
            "setup": DAY,
            "turns": ["what's on monday", said],
            "expect_calls": [
                {"tool": "calendar_list_events"},
                {"tool": "calendar_clear_day", "arguments": {"day": "2026-11-30"}},
            ],
            "expect_events": [{"title": "Choir", "start": "2026-12-01T19:00"}],
        }
    )
    assert result.passed, result.problems


def test_after_a_week_listed_clear_them_all_is_not_a_clear_of_some_day() -> None:
    result = play_with_model(
        {"setup": DAY, "turns": ["what's on this week", "cancel them all"]},
        ["Which day should I clear?"],
    )
    assert not any("calendar_clear_day" in str(c) for c in result.calls)
    assert result.paths[-1] == "model"


# -- the weather of the day an event was made for -----------------------------------------------
@pytest.mark.parametrize(
    ("said", "when"),
    [
        ("what's the weather going to be like", "saturday"),
        ("will it rain", "saturday"),
        ("what's the forecast", "saturday"),
        ("what's the weather like", None),  # now, not the event's day
        ("will it rain tomorrow", "tomorrow"),  # the day said wins
    ],
)
def test_weather_ahead_after_an_event_is_about_its_day(said: str, when: str | None) -> None:
    result = play_scenario({"dry_run": True, "turns": ["add a barbecue on saturday at 2", said]})
    assert result.calls[-1].startswith("weather_forecast"), result.calls
    if when is None:
        assert "when=" not in result.reply
    else:
        assert f"when='{when}'" in result.reply


# -- when a place opens ---------------------------------------------------------------------------
def test_when_a_place_named_in_many_words_opens_is_looked_up() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["when does the bike shop on the old harbour road open"],
            "expect_calls": [{"tool": ["web_research", "web_search"]}],
        }
    )
    assert result.passed, result.problems


# -- batch 26's mends ----------------------------------------------------------------------------
def test_clear_it_after_a_list_was_read_clears_that_list() -> None:
    result = play_scenario(
        {
            "tasks": [
                {"title": "Rope", "list": "Climbing"},
                {"title": "Chalk", "list": "Climbing"},
            ],
            "turns": ["what's on the climbing list", "clear it"],
            "expect_calls": [{"tool": "task_list"}, {"tool": "list_clear"}],
            "expect_tasks": [],
        }
    )
    assert result.passed, result.problems


def test_remove_it_after_a_list_was_read_never_clears_the_list() -> None:
    result = play_with_model(
        {
            "tasks": [
                {"title": "Rope", "list": "Climbing"},
                {"title": "Chalk", "list": "Climbing"},
            ],
            "turns": ["what's on the climbing list", "remove it"],
        },
        ["Which item?"],
    )
    assert not any("list_clear" in str(c) for c in result.calls)


@pytest.mark.parametrize(
    ("said", "at"),
    [
        ("start a forty second timer", "2026-11-29T18:30"),
        ("a ninety second timer", "2026-11-29T18:31"),
    ],
)
def test_a_timer_of_seconds_said_in_words(said: str, at: str) -> None:
    result = play_scenario(
        {"turns": [said], "expect_alarms": [{"kind": "timer", "at": at}], "expect_events": []}
    )
    assert result.passed, result.problems


def test_a_kind_word_after_the_name_still_finds_the_event() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Pottery", "start": "2026-12-02T18:00"}],
            "turns": ["when's my next pottery class"],
            "expect_reply": ["Wednesday"],
            "expect_events": [{"title": "Pottery", "start": "2026-12-02T18:00"}],
        }
    )
    assert result.passed, result.problems


def test_a_second_place_in_a_compound_asks_again_for_it() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["what's the weather in porto and in faro"],
            "expect_calls": [
                {"tool": "weather_forecast", "arguments": {"place": "porto"}},
                {"tool": "weather_forecast", "arguments": {"place": "faro"}},
            ],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said",
    [
        "add the location the old mill to the book launch",
        "set the venue of the book launch to the old mill",
    ],
)
def test_the_place_of_an_event_is_set(said: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Book launch", "start": "2026-12-04T19:00"}],
            "turns": [said],
            "expect_calls": [
                {"tool": "calendar_update_event", "arguments": {"location": "old mill"}}
            ],
            "expect_reply": ["old mill"],
            "expect_events": [{"title": "Book launch", "start": "2026-12-04T19:00"}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said",
    ["change renew the permit to renew the parking permit",
     "rename the task renew the permit to renew the parking permit"],
)  # fmt: skip
def test_a_to_do_renamed_by_its_whole_title(said: str) -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Renew the permit"}],
            "turns": [said],
            "expect_tasks": [{"title": "Renew the parking permit"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


# -- batch 27's mends ----------------------------------------------------------------------------
def test_a_weather_question_after_a_forecast_keeps_its_place_and_day() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["what's the weather in galway tomorrow", "will i need a raincoat"],
            "expect_calls": [
                {"tool": "weather_forecast", "arguments": {"place": "galway"}},
                {"tool": "weather_forecast", "arguments": {"place": "galway", "when": "tomorrow"}},
            ],
        }
    )
    assert result.passed, result.problems


def test_a_place_said_anew_after_a_forecast_is_asked_alone() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["what's the weather in galway tomorrow", "will it rain in cork"],
        }
    )
    assert "place='cork'" in result.reply and "galway" not in result.reply


@pytest.mark.parametrize("said", ["for tomorrow", "tomorrow", "on friday"])
def test_a_day_alone_after_a_to_do_is_its_due_day(said: str) -> None:
    result = play_scenario(
        {
            "turns": ["add defrost the freezer to my to do list", said],
            "expect_calls": [{"tool": "task_add"}, {"tool": "task_update"}],
            "expect_tasks": [{"title": "Defrost the freezer"}],
        }
    )
    assert result.passed, result.problems


def test_a_day_alone_after_a_list_item_is_no_item() -> None:
    result = play_with_model(
        {
            "turns": ["add candles to the shopping list", "tomorrow"],
            "expect_tasks": [{"title": "Candles", "list": "shopping"}],
        },
        ["Okay."],
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("said", ["what have i not done yet", "what haven't we done"])
def test_what_is_not_done_lists_the_to_dos(said: str) -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Oil the hinges"}],
            "turns": [said],
            "expect_calls": [{"tool": "task_list"}],
            "expect_reply": ["Oil the hinges"],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said", ["turn everything off in the study", "switch off everything in the study"]
)
def test_everything_in_a_room_is_that_rooms_devices(said: str) -> None:
    home = [
        {"id": "light.study", "name": "Desk lamp", "area": "Study", "state": "on"},
        {"id": "light.hall", "name": "Hall light", "area": "Hall", "state": "on"},
    ]
    result = play_scenario(
        {
            "dry_run": True,
            "home": home,
            "turns": [said],
            "expect_calls": [{"tool": "home_turn_off", "resolved": {"device": ["light.study"]}}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said",
    [
        "warm it up a bit",
        "it's freezing in here, warm the place up",
        "i'm cold, so turn the heating up",
    ],
)
def test_warming_the_room_is_the_thermostats(said: str) -> None:
    home = [
        {"id": "climate.study", "name": "Thermostat", "area": "Study", "state": "heat",
         "attributes": {"temperature": 19, "min_temp": 7, "max_temp": 30}},
    ]  # fmt: skip
    result = play_scenario(
        {
            "dry_run": True,
            "home": home,
            "turns": [said],
            "expect_calls": [
                {"tool": "home_climate_set", "resolved": {"device": ["climate.study"]}}
            ],
        }
    )
    assert result.passed, result.problems
