"""Session 18, the lead's changes: a recipient list is split between people, never inside an
address or a quoted name."""

from __future__ import annotations

import pytest
from botpsy_mail.tools import _people

from tests.helpers import play_scenario, play_with_model

CONTACTS = [
    {"name": "Kim Berg", "emails": ["kim@berg.example"]},
    {"name": "Jo Lind", "emails": ["jo@lind.example"]},
    {"name": "Sandra Holm", "emails": ["sandra@holm.example"]},
    {"name": "Andy Rand", "emails": ["andy@rand.example"]},
]


@pytest.mark.parametrize(
    ("said", "people"),
    [
        ("jo.and@lind.example", ["jo.and@lind.example"]),
        ("a&b@lind.example, kim", ["a&b@lind.example", "kim"]),
        ("Kim and Jo Lind", ["Kim", "Jo Lind"]),
        (
            '"Lind, Jo" <jo@lind.example>, Kim & Andy',
            ['"Lind, Jo" <jo@lind.example>', "Kim", "Andy"],
        ),
        ("<odd,one@lind.example>; kim", ["<odd,one@lind.example>", "kim"]),
        ("sandra, andy and kim", ["sandra", "andy", "kim"]),
    ],
)
def test_a_recipient_list_splits_between_people_only(said: str, people: list[str]) -> None:
    assert _people(said) == people


@pytest.mark.parametrize(
    ("said", "to"),
    [
        ("email jo.and@lind.example that the gate code changed", "jo.and@lind.example"),
        (
            "send an email to kim & jo saying the gate code changed",
            "kim@berg.example, jo@lind.example",
        ),
        (
            "email sandra and andy that the gate code changed",
            "sandra@holm.example, andy@rand.example",
        ),
    ],
)
def test_an_address_holding_and_is_one_recipient(said: str, to: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": CONTACTS,
            "turns": [said],
            "expect_calls": [{"tool": "mail_send", "resolved": {"to": to}}],
        }
    )
    assert result.passed, result.problems


# -- a task picked from the listing just read -------------------------------------------------
TODOS = [{"title": "Return the library books"}, {"title": "Book the boiler service"}]


@pytest.mark.parametrize(
    ("said", "done"),
    [
        ("i've finished the second one", "Return the library books"),
        ("the first one's done", "Book the boiler service"),
        ("tick off the last one", "Return the library books"),
        ("mark the one about the boiler as done", "Book the boiler service"),
    ],
)
def test_a_listed_task_is_ticked_by_its_place_as_read(said: str, done: str) -> None:
    other = next(t["title"] for t in TODOS if t["title"] != done)
    result = play_scenario(
        {
            "tasks": TODOS,
            "turns": ["what's on my to-do list", said],
            "expect_tasks": [{"title": done, "done": True}, {"title": other}],
        }
    )
    assert result.passed, result.problems


def test_a_listed_task_is_deleted_by_its_place() -> None:
    result = play_scenario(
        {
            "tasks": TODOS,
            "turns": ["what's on my to-do list", "delete the first one"],
            "expect_tasks": [{"title": "Return the library books"}],
        }
    )
    assert result.passed, result.problems


def test_a_place_past_the_listing_is_no_pick() -> None:
    result = play_with_model(
        {"tasks": TODOS, "turns": ["what's on my to-do list", "i've done the fifth one"]},
        ["Which one do you mean?"],
    )
    assert not any(c.startswith("task_complete") for c in result.calls), result.calls


def test_a_place_said_without_a_listing_picks_nothing() -> None:
    result = play_with_model(
        {"tasks": TODOS, "turns": ["i've finished the first one"]}, ["Which one do you mean?"]
    )
    assert result.calls == [], result.calls


# -- a compound of clock times for one tool ---------------------------------------------------
def test_a_bare_hour_after_a_clock_is_another_of_the_same() -> None:
    result = play_scenario(
        {
            "turns": ["set alarms for 5:45 and 6 on tuesday morning"],
            "expect_alarms": [{"at": "2026-12-01T05:45"}, {"at": "2026-12-01T06:00"}],
        }
    )
    assert result.passed, result.problems


def test_a_part_that_is_a_request_of_its_own_keeps_its_title() -> None:
    result = play_scenario(
        {
            "turns": ["add physio at 2 tomorrow and 4pm pick up the dry cleaning"],
            "expect_events": [
                {"title": "Physio", "start": "2026-11-30T14:00"},
                {"title": "Pick up the dry cleaning", "start": "2026-11-30T16:00"},
            ],
        }
    )
    assert result.passed, result.problems


# -- a clock said alone after an event made for a whole day -----------------------------------
@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("quarter past one", "2026-12-02T13:15"),
        ("11:45", "2026-12-02T11:45"),
        ("2pm", "2026-12-02T14:00"),
    ],
)
def test_a_bare_clock_gives_the_all_day_event_its_time(said: str, start: str) -> None:
    result = play_scenario(
        {
            "turns": ["add a picnic with the cousins on wednesday", said],
            "expect_events": [{"title": "Picnic with the cousins", "start": start}],
        }
    )
    assert result.passed, result.problems


def test_a_bare_number_that_is_no_clock_is_left_alone() -> None:
    result = play_with_model(
        {"turns": ["add a picnic with the cousins on wednesday", "three weeks"]}, ["Okay."]
    )
    assert "calendar_update_event ran" not in result.calls, result.calls


# -- the thing named first, then "it" -----------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("i don't need the porch light any more, switch it off", "switch off the porch light"),
        ("we no longer need wednesday's alarm, cancel it", "cancel wednesday's alarm"),
        ("the hall heater is still on, turn it off please", "turn off the hall heater"),
        ("i don't need the hall light", "i don't need the hall light"),
        ("the kettle is on", "the kettle is on"),
    ],
)
def test_a_thing_named_then_it_is_read_as_one_request(said: str, plain: str) -> None:
    from assistant.spoken import plain_request

    assert plain_request(said) == plain


def test_a_light_named_then_it_is_turned_off_alone() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": [
                {"id": "light.porch", "name": "Porch light", "area": "Porch", "state": "on"},
                {"id": "light.study", "name": "Study light", "area": "Study", "state": "on"},
            ],
            "turns": ["we don't need the porch light, turn it off"],
            "expect_calls": [{"tool": "home_turn_off", "resolved": {"device": ["light.porch"]}}],
        }
    )
    assert result.passed, result.problems


# -- the user's own event asked after with "getting" or "having" ---------------------------------
EVENTS = [
    {"title": "Haircut", "start": "2026-12-08T16:00"},
    {"title": "Check-up", "start": "2026-12-09T08:00"},
    {"title": "Barbecue", "start": "2026-12-12T13:00"},
]


@pytest.mark.parametrize(
    "said",
    [
        "when are we getting the check-up",
        "what day is my hair cut",
        "when are we having the barbecue",
    ],
)
def test_when_we_are_getting_our_event_searches_the_calendar(said: str) -> None:
    result = play_scenario(
        {
            "setup": EVENTS,
            "expect_events": EVENTS,
            "turns": [said],
            "expect_calls": [{"tool": "calendar_search_events"}],
        }
    )
    assert result.passed, result.problems
    assert "December" in result.reply


# -- a day's events offered by name when a delete names only the day ------------------------------
TWO_ON_TUESDAY = [
    {"title": "Osteopath", "start": "2026-12-01T08:30"},
    {"title": "Parents evening", "start": "2026-12-01T18:00"},
]


@pytest.mark.parametrize("answer", ["the evening one", "parents evening", "2"])
def test_a_delete_naming_only_a_day_offers_that_days_events(answer: str) -> None:
    result = play_scenario(
        {
            "setup": TWO_ON_TUESDAY,
            "turns": ["cancel my event on tuesday", answer],
            "expect_events": [TWO_ON_TUESDAY[0]],
        }
    )
    assert result.passed, result.problems


def test_the_question_shows_each_event_of_the_day() -> None:
    result = play_scenario(
        {
            "setup": TWO_ON_TUESDAY,
            "turns": ["cancel my event on tuesday"],
            "expect_events": TWO_ON_TUESDAY,
        }
    )
    assert result.passed, result.problems
    assert "Osteopath" in result.reply and "Parents evening" in result.reply


# -- the same request for another thing, named whole ------------------------------------------------
LAMPS = [
    {"id": "light.study_lamp", "name": "Study lamp", "area": "Study", "state": "on"},
    {"id": "light.hall", "name": "Hall light", "area": "Hall", "state": "on"},
]


@pytest.mark.parametrize("said", ["and the hall", "the hall light too", "what about the hall"])
def test_and_the_other_thing_repeats_the_request_for_it(said: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": LAMPS,
            "turns": ["switch off the study lamp", said],
            "expect_calls": [
                {"tool": "home_turn_off", "resolved": {"device": ["light.study_lamp"]}},
                {"tool": "home_turn_off", "resolved": {"device": ["light.hall"]}},
            ],
        }
    )
    assert result.passed, result.problems


def test_and_the_thing_after_a_list_item_is_another_item_not_another_list() -> None:
    result = play_scenario(
        {
            "turns": ["add rice to the shopping list", "and the lentils"],
            "expect_tasks": [
                {"title": "Rice", "list": "shopping"},
                {"title": "Lentils", "list": "shopping"},
            ],
        }
    )
    assert result.passed, result.problems


# -- an alarm picked from the alarms just listed ----------------------------------------------------
ALARMS = [{"at": "2026-11-30T05:45"}, {"at": "2026-11-30T06:15"}]


@pytest.mark.parametrize(
    ("said", "left"),
    [
        ("turn off the 5:45 one", "2026-11-30T06:15"),
        ("cancel the second one", "2026-11-30T05:45"),
        ("switch the 6:15 one off", "2026-11-30T05:45"),
    ],
)
def test_a_listed_alarm_is_cancelled_by_its_time_or_place(said: str, left: str) -> None:
    result = play_scenario(
        {
            "alarms": ALARMS,
            "turns": ["which alarms are set", said],
            "expect_alarms": [{"at": left}],
        }
    )
    assert result.passed, result.problems


# -- "that day": the day of the last call ------------------------------------------------------------
def test_that_day_is_the_day_of_the_event_just_added() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Choir", "start": "2026-12-11T19:00"}],
            "turns": ["add a vet visit on the 11th at 10am", "what else have i got that day"],
            "expect_calls": [{"tool": "calendar_create_event"}, {"tool": "calendar_list_events"}],
            "expect_events": [
                {"title": "Choir", "start": "2026-12-11T19:00"},
                {"title": "Vet visit", "start": "2026-12-11T10:00"},
            ],
        }
    )
    assert result.passed, result.problems
    assert "Choir" in result.reply


def test_that_morning_sets_an_alarm_on_that_day() -> None:
    result = play_scenario(
        {
            "turns": [
                "add a flight to vienna on the 11th at 10am",
                "set an alarm for 6 that morning",
            ],
            "expect_alarms": [{"at": "2026-12-11T06:00"}],
            "expect_events": [{"title": "Flight to vienna", "start": "2026-12-11T10:00"}],
        }
    )
    assert result.passed, result.problems


# -- a range of hours after a day, a time corrected as a fact, time left on a timer ------------------
def test_a_day_then_an_hour_till_an_hour_is_a_range_on_that_day() -> None:
    result = play_scenario(
        {
            "turns": ["add pottery on friday 2 till 4"],
            "expect_events": [
                {"title": "Pottery", "start": "2026-12-04T14:00", "end": "2026-12-04T16:00"}
            ],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("the electrician is coming at 11 not 8", "2026-12-02T11:00"),
        ("the electrician's on thursday, not wednesday", "2026-12-03T08:00"),
    ],
)
def test_a_time_corrected_as_a_fact_moves_the_event(said: str, start: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Electrician", "start": "2026-12-02T08:00"}],
            "turns": [said],
            "expect_events": [{"title": "Electrician", "start": start}],
        }
    )
    assert result.passed, result.problems


def test_a_correction_of_no_event_is_left_alone() -> None:
    result = play_with_model({"turns": ["the ferry is at 11 not 8"]}, ["Noted."])
    assert result.calls == [], result.calls


def test_how_long_does_it_have_left_asks_the_timer_just_set() -> None:
    result = play_scenario(
        {
            "turns": ["set a tea timer for 4 minutes", "how long does it have left"],
            "expect_calls": [{"tool": "timer_set"}, {"tool": "alarm_list"}],
            "expect_alarms": [{"kind": "timer", "at": "2026-11-29T18:34", "label": "tea"}],
        }
    )
    assert result.passed, result.problems


# -- batch 30's mechanisms ---------------------------------------------------------------------------
def test_a_rename_of_a_days_event_renames_that_one() -> None:
    setup = [
        {"title": "Quiz", "start": "2026-12-02T20:00"},
        {"title": "Quiz", "start": "2026-12-09T20:00"},
    ]
    result = play_scenario(
        {
            "setup": setup,
            "turns": ["rename wednesday's quiz to christmas quiz"],
            "expect_events": [
                {"title": "Christmas quiz", "start": "2026-12-02T20:00"},
                {"title": "Quiz", "start": "2026-12-09T20:00"},
            ],
        }
    )
    assert result.passed, result.problems


FLOORS = [
    {"id": "light.attic", "name": "Attic light", "area": "Upstairs", "state": "on"},
    {"id": "light.pantry", "name": "Pantry light", "area": "Downstairs", "state": "on"},
]


@pytest.mark.parametrize(
    ("said", "device"),
    [
        ("cut the lights upstairs", "light.attic"),
        ("lights off downstairs", "light.pantry"),
        ("switch the lights off upstairs please", "light.attic"),
    ],
)
def test_a_floor_said_keeps_the_lights_to_that_floor(said: str, device: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": FLOORS,
            "turns": [said],
            "expect_calls": [{"tool": "home_turn_off", "resolved": {"device": [device]}}],
        }
    )
    assert result.passed, result.problems


def test_a_second_place_said_bare_is_asked_the_same() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["what's the weather in lyon and geneva on saturday"],
            "expect_calls": [
                {"tool": "weather_forecast", "arguments": {"place": "lyon"}},
                {"tool": "weather_forecast", "arguments": {"place": "geneva"}},
            ],
        }
    )
    assert result.passed, result.problems


def test_a_second_room_said_bare_is_turned_on_too() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": [
                {"id": "light.study", "name": "Study light", "area": "Study", "state": "off"},
                {"id": "light.porch", "name": "Porch light", "area": "Porch", "state": "off"},
            ],
            "turns": ["turn on the lights in the study and porch"],
            "expect_calls": [
                {"tool": "home_turn_on", "resolved": {"device": ["light.study"]}},
                {"tool": "home_turn_on", "resolved": {"device": ["light.porch"]}},
            ],
        }
    )
    assert result.passed, result.problems


def test_all_of_it_bought_then_clear_it_clears_the_list_read() -> None:
    result = play_scenario(
        {
            "tasks": [
                {"title": "Lemons", "list": "Shopping"},
                {"title": "Honey", "list": "Shopping"},
            ],
            "turns": ["read the shopping list", "right, got the lot, clear it"],
            "expect_calls": [{"tool": "task_list"}, {"tool": "list_clear"}],
        }
    )
    assert result.passed, result.problems


def test_moving_it_back_to_an_hour_moves_the_event_back() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Standup", "start": "2026-12-01T09:00"}],
            "turns": ["move the standup to 10", "no, move it back to 9"],
            "expect_events": [{"title": "Standup", "start": "2026-12-01T09:00"}],
        }
    )
    assert result.passed, result.problems


NINA = [{"name": "Greta Holm", "emails": ["greta@holm.example"]}]


def test_her_after_an_event_with_someone_is_that_person() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": NINA,
            "turns": ["add lunch with greta on thursday at 1", "email her that i'll be there at 1"],
            "expect_calls": [
                {"tool": "calendar_create_event"},
                {"tool": "mail_send", "resolved": {"to": "greta@holm.example"}},
            ],
        }
    )
    assert result.passed, result.problems


def test_them_after_an_event_with_a_group_is_nobody() -> None:
    result = play_with_model(
        {
            "dry_run": True,
            "contacts": NINA,
            "turns": ["add lunch with the team on thursday at 1", "email them that i'll be late"],
        },
        ["Who should I email?"],
    )
    assert not any(c.startswith("mail_send") for c in result.calls), result.calls


def test_email_someone_to_do_something_asks_what_it_says() -> None:
    result = play_scenario(
        {"dry_run": True, "contacts": NINA, "turns": ["email greta to confirm"], "expect_calls": []}
    )
    assert result.passed, result.problems
    assert "email to greta say" in result.reply


# -- batch 31's mechanisms ---------------------------------------------------------------------------
def test_delay_by_a_length_moves_the_event_later() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Book launch", "start": "2026-12-02T17:00"}],
            "turns": ["delay the book launch by 45 minutes"],
            "expect_events": [{"title": "Book launch", "start": "2026-12-02T17:45"}],
        }
    )
    assert result.passed, result.problems


def test_a_length_after_by_is_never_a_singer() -> None:
    from botpsy_device.play_intents import play

    assert play("delay the book launch by a half hour") is None


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("cancel the oven timer, it's cooked", "cancel the oven timer"),
        ("turn the alarm off, i'm awake", "turn the alarm off"),
        ("message kim, i'm ready", "message kim, i'm ready"),
        ("shush, pause it", "pause it"),
        ("shh", "shh"),
    ],
)
def test_a_why_after_or_a_sound_before_is_not_part_of_the_request(said: str, plain: str) -> None:
    from assistant.spoken import plain_request

    assert plain_request(said) == plain


def test_a_day_where_a_list_name_goes_is_the_to_dos_due_day() -> None:
    result = play_scenario(
        {
            "turns": ["add descale the kettle to my list for thursday"],
            "expect_calls": [{"tool": "task_add", "arguments": {"due": "2026-12-03"}}],
            "expect_tasks": [{"title": "Descale the kettle"}],
        }
    )
    assert result.passed, result.problems


def test_an_item_for_a_named_occasion_still_goes_on_that_list() -> None:
    result = play_scenario(
        {
            "turns": ["add a torch to my list for the festival"],
            "expect_tasks": [{"title": "Torch", "list": "festival"}],
        }
    )
    assert result.passed, result.problems


def test_get_rid_of_it_after_an_event_was_added_deletes_that_event() -> None:
    result = play_scenario(
        {"turns": ["add bowling on friday at 7pm", "actually, get rid of it"], "expect_events": []}
    )
    assert result.passed, result.problems


def test_the_tunes_going_again_resumes() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["get the tunes going again"],
            "expect_calls": [{"tool": "media_play"}],
        }
    )
    assert result.passed, result.problems


# -- batch 32's mechanisms ---------------------------------------------------------------------------
def test_my_hour_on_a_day_deletes_the_event_then() -> None:
    setup = [
        {"title": "Tax adviser", "start": "2026-12-01T15:00"},
        {"title": "Swim", "start": "2026-12-01T19:00"},
    ]
    result = play_scenario(
        {"setup": setup, "turns": ["cancel my 3 o'clock on tuesday"], "expect_events": [setup[1]]}
    )
    assert result.passed, result.problems


def test_my_hour_with_nothing_then_deletes_nothing() -> None:
    setup = [{"title": "Swim", "start": "2026-12-01T19:00"}]
    result = play_scenario(
        {"setup": setup, "turns": ["cancel my 3 o'clock on tuesday"], "expect_events": setup}
    )
    assert result.passed, result.problems


def test_forget_it_before_a_request_is_no_part_of_it() -> None:
    result = play_scenario(
        {
            "turns": ["start a 9 minute timer for the bread", "forget it, kill that timer"],
            "expect_alarms": [],
        }
    )
    assert result.passed, result.problems


def test_forget_about_a_to_do_said_as_a_gerund_then_delete_it() -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Repaint the shed"}, {"title": "Oil the hinges"}],
            "turns": ["forget about repainting the shed, delete it"],
            "expect_tasks": [{"title": "Oil the hinges"}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(("said", "tool"), [("i need the side gate unlocked", "home_unlock"),
                                            ("can we get the side gate locked", "home_lock")])  # fmt: skip
def test_a_lock_wished_for_is_that_lock(said: str, tool: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": [
                {"id": "lock.side_gate", "name": "Side gate", "area": "Garden", "state": "locked"}
            ],
            "turns": [said],
            "expect_calls": [{"tool": tool, "resolved": {"device": ["lock.side_gate"]}}],
        }
    )
    assert result.passed, result.problems


def test_a_lock_named_with_no_wish_is_not_unlocked() -> None:
    result = play_with_model(
        {
            "dry_run": True,
            "home": [
                {"id": "lock.side_gate", "name": "Side gate", "area": "Garden", "state": "locked"}
            ],
            "turns": ["the side gate unlocked"],
        },
        ["Do you want me to unlock it?"],
    )
    assert result.calls == [], result.calls


def test_a_time_corrected_as_a_question_moves_nothing() -> None:
    setup = [{"title": "Electrician", "start": "2026-12-02T08:00"}]
    result = play_with_model(
        {
            "setup": setup,
            "turns": ["the electrician is coming at 11 not 8?"],
            "expect_events": setup,
        },
        ["I can check your calendar."],
    )
    assert "calendar_update_event ran" not in result.calls, result.calls


def test_and_inside_a_question_is_no_second_place() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["tell me how the new rules will affect renters in the short and long run"],
            "expect_calls": [{"tool": ["web_research", "web_search"]}],
        }
    )
    assert result.passed, result.problems
    assert "short and long run" in result.reply


def test_a_message_after_the_name_is_not_why() -> None:
    from botpsy_mail.intents import make_mail_matchers

    from tests.helpers import first_match

    found = first_match(make_mail_matchers(), "send email to dad want to meet for lunch friday")
    assert found is None or found.arguments.get("to") != "dad want", found


# -- batch 33's mechanisms ---------------------------------------------------------------------------
def test_needs_to_be_another_day_instead_moves_the_event() -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Window cleaner", "start": "2026-12-04T08:00"}],
            "turns": ["the window cleaner needs to be wednesday instead"],
            "expect_events": [{"title": "Window cleaner", "start": "2026-12-02T08:00"}],
        }
    )
    assert result.passed, result.problems


def test_away_on_a_day_then_cancel_everything_clears_that_day() -> None:
    setup = [
        {"title": "Planning", "start": "2026-12-01T10:00"},
        {"title": "Choir", "start": "2026-12-02T19:00"},
    ]
    result = play_scenario(
        {
            "setup": setup,
            "turns": ["i'm on holiday on tuesday, cancel all my meetings"],
            "expect_calls": [{"tool": "calendar_clear_day"}],
            "expect_events": [setup[1]],
        }
    )
    assert result.passed, result.problems


def test_the_same_on_another_day_adds_it_again_that_day() -> None:
    result = play_scenario(
        {
            "turns": ["add circuit training on monday at 7pm", "the same for thursday"],
            "expect_events": [
                {"title": "Circuit training", "start": "2026-11-30T19:00"},
                {"title": "Circuit training", "start": "2026-12-03T19:00"},
            ],
        }
    )
    assert result.passed, result.problems


def test_a_timer_said_with_now_is_that_timer() -> None:
    result = play_scenario(
        {
            "turns": ["start a 5 minute timer right now"],
            "expect_alarms": [{"kind": "timer", "at": "2026-11-29T18:35"}],
        }
    )
    assert result.passed, result.problems


def test_how_many_tasks_are_left_lists_them() -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Fix the fence"}, {"title": "Sort the loft"}],
            "turns": ["how many jobs do i have left"],
            "expect_calls": [{"tool": "task_list"}],
        }
    )
    assert result.passed, result.problems
    assert "2" in result.reply


def test_the_telly_is_the_tv() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": [
                {"id": "media_player.den_tv", "name": "Den TV", "area": "Den", "state": "on"},
                {"id": "light.den", "name": "Den lamp", "area": "Den", "state": "on"},
            ],
            "turns": ["turn the telly off"],
            "expect_calls": [
                {"tool": "home_turn_off", "resolved": {"device": ["media_player.den_tv"]}}
            ],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("save new contact: ines roth, ines@roth.example", {"email": "ines@roth.example"}),
        ("add contact: ines roth, 0170 555 0188", {"phone": "0170 555 0188"}),
    ],
)
def test_a_contact_said_as_name_then_address_keeps_both(said: str, kept: dict[str, str]) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": [said],
            "expect_calls": [{"tool": "contacts_add", "arguments": {"name": "ines roth", **kept}}],
        }
    )
    assert result.passed, result.problems


def test_not_after_a_comma_is_no_second_request() -> None:
    setup = [{"title": "Gas engineer", "start": "2026-12-02T09:00"}]
    result = play_scenario(
        {
            "setup": setup,
            "turns": ["the gas engineer is now at 11, not at 9"],
            "expect_events": [{"title": "Gas engineer", "start": "2026-12-02T11:00"}],
        }
    )
    assert result.passed, result.problems
