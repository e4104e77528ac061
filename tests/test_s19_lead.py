"""Session 19, the lead's changes: compounds of goods kept whole, shifts asked as questions,
chores said with no time, a state said alone after a device, more ways to say a verb."""

from __future__ import annotations

import pytest
from botpsy_calendar.goods_runs import split_run

from tests.helpers import play_scenario, play_with_model


# -- a compound whose head is a form of food is one item ---------------------------------------
@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("porridge oats", ["porridge oats"]),
        ("lamb mince", ["lamb mince"]),
        ("water crackers", ["water crackers"]),
        ("dishwasher tablets", ["dishwasher tablets"]),
        ("wheat tortillas", ["wheat tortillas"]),
        # a plural first word is a list, whatever comes after it
        ("apples oats", ["apples", "oats"]),
        ("eggs crackers milk", ["eggs", "crackers", "milk"]),
    ],
)
def test_a_compound_of_goods_stays_one_item(said: str, items: list[str]) -> None:
    assert split_run(said) == items


def test_a_compound_added_to_a_list_is_one_task() -> None:
    result = play_scenario(
        {
            "turns": ["add lamb mince to the groceries list"],
            "expect_tasks": [{"title": "Lamb mince", "list": "groceries"}],
        }
    )
    assert result.passed, result.problems


# -- an event shifted by a request said as a question ------------------------------------------
@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("could the piano lesson start 30 minutes later?", "2026-12-02T16:30"),
        ("can the piano lesson start 15 minutes earlier", "2026-12-02T15:45"),
        ("the piano lesson needs to start an hour later", "2026-12-02T17:00"),
        ("can the piano lesson go an hour sooner", "2026-12-02T15:00"),
    ],
)
def test_a_shift_asked_as_a_question_moves_the_event(said: str, start: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Piano lesson", "start": "2026-12-02T16:00"}],
            "turns": [said],
            "expect_events": [{"title": "Piano lesson", "start": start}],
        }
    )
    assert result.passed, result.problems


def test_a_shift_of_no_known_event_changes_nothing() -> None:
    result = play_with_model(
        {
            "setup": [{"title": "Piano lesson", "start": "2026-12-02T16:00"}],
            "turns": ["can the school run start an hour later"],
        },
        ["Which event do you mean?"],
    )
    assert not any(c.startswith("calendar_update_event") for c in result.calls), result.calls


# -- a chore said with no time is a to-do --------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("i have to chase the glazier about the invoice", "Chase the glazier about the invoice"),
        ("we have to defrost the chest freezer", "Defrost the chest freezer"),
        ("i really must tidy up the loft", "Tidy up the loft"),
    ],
)
def test_a_chore_with_no_time_is_a_to_do(said: str, title: str) -> None:
    result = play_scenario({"turns": [said], "expect_tasks": [{"title": title}]})
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said", ["i need to know whether the museum is open", "i need to relax", "i have to go"]
)
def test_a_need_that_is_no_chore_is_no_to_do(said: str) -> None:
    result = play_with_model({"turns": [said]}, ["I can't help with that."])
    assert not any(c.startswith("task_add") for c in result.calls), result.calls


# -- a state said alone after a device was switched -------------------------------------------
LAMP = [{"id": "light.desk", "name": "Desk lamp", "area": "Office", "state": "off"}]


@pytest.mark.parametrize(
    ("said", "tool"), [("and off again", "home_turn_off"), ("back on", "home_turn_on")]
)
def test_a_state_alone_switches_the_device_just_used(said: str, tool: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": LAMP,
            "turns": ["switch off the desk lamp", said],
            "expect_calls": [
                {"tool": "home_turn_off", "resolved": {"device": ["light.desk"]}},
                {"tool": tool, "resolved": {"device": ["light.desk"]}},
            ],
        }
    )
    assert result.passed, result.problems


def test_a_state_alone_with_no_device_before_switches_nothing() -> None:
    result = play_with_model(
        {"dry_run": True, "home": LAMP, "turns": ["what's the time", "off again"]},
        ["What should I turn off?"],
    )
    assert not any(c.startswith("home_") for c in result.calls), result.calls


# -- more ways to say a verb ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "tool", "arguments"),
    [
        ("crank the thermostat up to 23", "home_climate_set", {"temperature": 23}),
        ("pause the radio a moment", "media_control", {"action": "pause"}),
        ("how much juice is left in the laptop", "battery_status", {}),
    ],
)
def test_a_colloquial_verb_is_read(said: str, tool: str, arguments: dict[str, object]) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": [{"id": "climate.flat", "name": "Thermostat", "area": "Hall", "state": "heat"}],
            "turns": [said],
            "expect_calls": [{"tool": tool, "arguments": arguments}],
        }
    )
    assert result.passed, result.problems


def test_juice_not_said_of_the_computer_is_no_battery_question() -> None:
    result = play_with_model(
        {"turns": ["how much juice is in the fridge"]}, ["I can't see your fridge."]
    )
    assert not any(c.startswith("battery_status") for c in result.calls), result.calls


@pytest.mark.parametrize("verb", ["ditch", "axe"])
def test_a_listed_event_is_removed_by_its_place_with_any_verb(verb: str) -> None:
    result = play_scenario(
        {
            "setup": [
                {"title": "School run", "start": "2026-11-30T08:15"},
                {"title": "Tax office", "start": "2026-11-30T14:00"},
            ],
            "turns": ["what's on tomorrow", f"{verb} the second one"],
            "expect_events": [{"title": "School run", "start": "2026-11-30T08:15"}],
        }
    )
    assert result.passed, result.problems


# -- batch 35's mechanisms -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("switch the book club to 8.15", "2026-12-03T20:15"),
        ("move the book club to 6.45 on friday", "2026-12-04T18:45"),
    ],
)
def test_a_dotted_clock_said_first_is_a_time(said: str, start: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Book club", "start": "2026-12-03T19:00"}],
            "turns": [said],
            "expect_events": [{"title": "Book club", "start": start}],
        }
    )
    assert result.passed, result.problems


def test_a_clock_with_its_part_of_day_answers_what_time() -> None:
    result = play_scenario(
        {
            "turns": ["add choir practice on wednesday", "6.15 in the evening"],
            "expect_events": [{"title": "Choir practice", "start": "2026-12-02T18:15"}],
        }
    )
    assert result.passed, result.problems


def test_the_earliest_thing_on_a_day_lists_that_day() -> None:
    result = play_scenario(
        {
            "setup": [
                {"title": "Bike repair", "start": "2026-12-01T08:00"},
                {"title": "Choir", "start": "2026-12-01T19:00"},
            ],
            "turns": ["first thing i've got on tuesday"],
            "expect_calls": [{"tool": "calendar_list_events"}],
            "expect_reply": ["Bike repair"],
            "expect_events": [
                {"title": "Bike repair", "start": "2026-12-01T08:00"},
                {"title": "Choir", "start": "2026-12-01T19:00"},
            ],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said", ["anything else we need at the supermarket", "is there anything i need at the shops"]
)
def test_anything_needed_from_the_shop_reads_the_shopping_list(said: str) -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Capers", "list": "Shopping"}],
            "turns": [said],
            "expect_calls": [{"tool": "task_list"}],
            "expect_reply": ["Capers"],
        }
    )
    assert result.passed, result.problems


def test_a_comma_after_the_mail_starts_its_text() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": [{"name": "Ines Roth", "emails": ["ines@roth.example"]}],
            "turns": ["send ines a short email, the parcel is in the shed"],
            "expect_calls": [{"tool": "mail_send", "resolved": {"to": "ines@roth.example"}}],
            "expect_reply": ["the parcel is in the shed"],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("said", ["bit dimmer", "tad brighter"])
def test_an_amount_without_its_article_changes_the_device_just_used(said: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": LAMP,
            "turns": ["desk lamp on", said],
            "expect_calls": [
                {"tool": "home_turn_on", "resolved": {"device": ["light.desk"]}},
                {"tool": "home_light_set", "resolved": {"device": ["light.desk"]}},
            ],
        }
    )
    assert result.passed, result.problems


def test_little_before_a_name_is_no_amount() -> None:
    from assistant.spoken import plain_request

    assert plain_request("little sister's recital on friday") == "little sister's recital on friday"


ROOM = [
    {"id": "media_player.den_tv", "name": "Den TV", "area": "Den", "state": "on"},
    {"id": "light.den", "name": "Den lamp", "area": "Den", "state": "on"},
    {"id": "fan.den", "name": "Ceiling fan", "area": "Den", "state": "on"},
]


def test_a_second_device_after_and_gets_the_same_request() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": ROOM,
            "turns": ["switch off the den tv and the ceiling fan in the den"],
            "expect_calls": [
                {"tool": "home_turn_off", "resolved": {"device": ["media_player.den_tv"]}},
                {"tool": "home_turn_off", "resolved": {"device": ["fan.den"]}},
            ],
        }
    )
    assert result.passed, result.problems


def test_a_request_after_and_is_its_own() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": ROOM,
            "turns": ["switch off the den tv and what's the date"],
            "expect_calls": [
                {"tool": "home_turn_off", "resolved": {"device": ["media_player.den_tv"]}},
                {"tool": "time_now"},
            ],
        }
    )
    assert result.passed, result.problems


def test_an_event_at_someones_home_keeps_the_possessive() -> None:
    result = play_scenario(
        {
            "turns": ["games night at my brother's on friday from 8"],
            "expect_events": [
                {"title": "Games night at my brother's", "start": "2026-12-04T20:00"}
            ],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("said", ["did we lock the garage door", "have i shut the garage door"])
def test_did_i_lock_it_asks_the_state_and_changes_nothing(said: str) -> None:
    result = play_scenario(
        {
            "home": [
                {"id": "lock.garage", "name": "Garage door", "area": "Garage", "state": "unlocked"}
            ],
            "turns": [said],
            "expect_calls": [{"tool": "home_status"}],
            "expect_reply": ["unlocked"],
        }
    )
    assert result.passed, result.problems


# -- batch 36's mechanisms -----------------------------------------------------------------------
def test_a_title_too_long_that_names_where_keeps_the_place_as_location() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["book club at the old corn exchange on monday from 7"],
            "expect_calls": [
                {
                    "tool": "calendar_create_event",
                    "arguments": {"location": "the old corn exchange"},
                }
            ],
        }
    )
    assert result.passed, result.problems


def test_a_day_that_is_a_busy_one_lists_that_day() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Boiler service", "start": "2026-12-02T08:00"}],
            "turns": ["is wednesday a busy day"],
            "expect_calls": [{"tool": "calendar_list_events"}],
            "expect_reply": ["Boiler service"],
            "expect_events": [{"title": "Boiler service", "start": "2026-12-02T08:00"}],
        }
    )
    assert result.passed, result.problems


def test_an_event_told_called_off_is_deleted() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Carol singing", "start": "2026-12-10T18:00"}],
            "turns": ["the carol singing's been called off"],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_a_thing_timed_for_a_length_is_a_labelled_timer() -> None:
    result = play_scenario(
        {
            "turns": ["time the rice for 12 minutes"],
            "expect_alarms": [{"kind": "timer", "at": "2026-11-29T18:42", "label": "rice"}],
        }
    )
    assert result.passed, result.problems


def test_a_to_do_said_done_with_an_apostrophe_is_ticked() -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Clean the gutters"}, {"title": "Order logs"}],
            "turns": ["the gutters's done"],
            "expect_tasks": [{"title": "Clean the gutters", "done": True}, {"title": "Order logs"}],
        }
    )
    assert result.passed, result.problems


def test_a_contact_added_with_its_email_told_after() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["add ida brandt to my contacts, her email is ida@brandt.example"],
            "expect_calls": [
                {"tool": "contacts_add", "arguments": {"email": "ida@brandt.example"}}
            ],
        }
    )
    assert result.passed, result.problems


def test_remind_me_what_asks_now() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["remind me which day it is today"],
            "expect_calls": [{"tool": "time_now"}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("answer", "left"), [("the half six one", "07:45"), ("quarter to eight", "06:30")]
)
def test_a_spelled_clock_picks_among_alarms(answer: str, left: str) -> None:
    result = play_scenario(
        {
            "alarms": [{"at": "2026-11-30T06:30"}, {"at": "2026-11-30T07:45"}],
            "turns": ["delete my alarm", answer],
            "expect_alarms": [{"at": f"2026-11-30T{left}"}],
        }
    )
    assert result.passed, result.problems


def test_where_an_event_is_told_sets_its_place() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "setup": [{"title": "Viewing", "start": "2026-12-03T11:00"}],
            "turns": ["the viewing is at the estate agents"],
            "expect_calls": [
                {"tool": "calendar_update_event", "arguments": {"location": "the estate agents"}}
            ],
            "expect_events": [{"title": "Viewing", "start": "2026-12-03T11:00"}],
        }
    )
    assert result.passed, result.problems
