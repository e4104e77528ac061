"""Session 15, the lead's changes: clocks written with a dot, a move said as "can X go to Y",
one request for each day of a list, a compound whose parts name their own lists, "in X" alone
after a forecast, a done clause before the request, a message said anew, the time left on the
timer just set, and an alarm matcher that no longer loops on "friday at 6pm"."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from assistant.errors import TimeParseError
from assistant.timeparse import parse_moment
from tests.helpers import play_scenario, play_with_model

NOW = datetime(2026, 11, 29, 18, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Sunday evening


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("december 12th 8.15pm", "2026-12-12T20:15"),
        ("friday 9.45 am", "2026-12-04T09:45"),
        ("tomorrow at 10.05", "2026-11-30T10:05"),
        ("at 8.20 pm", "2026-11-29T20:20"),
    ],
)
def test_a_clock_written_with_a_dot_is_a_clock(said: str, start: str) -> None:
    assert parse_moment(said, NOW).start.isoformat().startswith(start)


@pytest.mark.parametrize("said", ["saturday 7.30", "at 11.40", "monday at 6.05"])
def test_a_dotted_clock_reads_as_the_same_clock_with_a_colon(said: str) -> None:
    assert parse_moment(said, NOW) == parse_moment(said.replace(".", ":"), NOW)


@pytest.mark.parametrize("said", ["on 10.12.2026", "in 2.50 days"])
def test_a_dotted_number_that_is_no_clock_is_not_read_as_one(said: str) -> None:
    with pytest.raises(TimeParseError):
        parse_moment(said, NOW)


def test_an_event_added_with_a_dotted_clock() -> None:
    result = play_scenario(
        {
            "turns": ["new event pottery fair december 12th 8.15pm"],
            "expect_events": [{"title": "Pottery fair", "start": "2026-12-12T20:15"}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("can the vet go to friday instead", "2026-12-04T11:00"),
        ("could the vet be on saturday instead", "2026-12-05T11:00"),
        ("the vet is on friday instead", "2026-12-04T11:00"),
        ("can the vet go to 3pm", "2026-12-02T15:00"),
    ],
)
def test_a_move_said_as_a_new_time_for_an_event(said: str, start: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Vet", "start": "2026-12-02T11:00"}],
            "turns": [said],
            "expect_calls": [{"tool": "calendar_update_event"}],
            "expect_events": [{"title": "Vet", "start": start}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("said", ["will the vet be at 3", "can the dog go to the vet"])
def test_a_question_about_an_event_or_a_trip_is_no_move(said: str) -> None:
    scenario = {"id": "t", "kind": "simple", "turns": [said],
                "setup": [{"title": "Vet", "start": "2026-12-02T11:00"}],
                "expect_events": [{"title": "Vet", "start": "2026-12-02T11:00"}]}  # fmt: skip
    result = play_with_model(scenario, ["Not sure."])
    assert result.passed, result.problems
    assert "calendar_update_event ran" not in result.calls


@pytest.mark.parametrize(
    ("said", "events"),
    [
        (
            "add pilates on tuesday and thursday at 7pm",
            [("Pilates", "2026-12-01T19:00"), ("Pilates", "2026-12-03T19:00")],
        ),
        (
            "put choir practice monday, wednesday and friday at 8pm",
            [("Choir practice", "2026-11-30T20:00"), ("Choir practice", "2026-12-02T20:00"),
             ("Choir practice", "2026-12-04T20:00")],
        ),
    ],
)  # fmt: skip
def test_a_list_of_days_sharing_a_time_is_one_event_each(
    said: str, events: list[tuple[str, str]]
) -> None:
    result = play_scenario(
        {
            "turns": [said],
            "expect_events": [{"title": title, "start": start} for title, start in events],
        }
    )
    assert result.passed, result.problems


def test_a_list_of_days_a_request_reads_whole_stays_whole() -> None:
    """A repeating alarm on two days is one alarm; an agenda for two days is one listing."""
    alarm = play_scenario(
        {
            "dry_run": True,
            "turns": ["set an alarm for 6am on monday and tuesday"],
            "expect_calls": [{"tool": "alarm_set", "arguments": {"repeat": "mon,tue"}}],
            "expect_events": [],
        }
    )
    assert alarm.passed, alarm.problems
    agenda = play_scenario(
        {
            "turns": ["what's on saturday and sunday"],
            "expect_calls": [{"tool": "calendar_list_events"}],
            "expect_events": [],
        }
    )
    assert agenda.passed, agenda.problems


def test_an_alarm_request_with_its_day_before_its_time_does_not_loop() -> None:
    """ "friday at 6pm" alone once sent the alarm matcher round in circles until Python's
    recursion limit; it is read by no alarm matcher now, quietly."""
    from assistant.app import build_assistant
    from assistant.config import Config
    from assistant.models.scripted import ScriptedModel

    built = build_assistant(Config(), None, model=ScriptedModel([]), dry_run=True)
    try:
        matchers = [i for i in built.agent.intents.intents if i.name == "clock.set_alarm"]
        assert matchers and matchers[0].matcher("friday at 6pm") is None
        found = matchers[0].matcher("tomorrow at 7 wake me")
        assert found is not None and found.arguments["time"] == "tomorrow at 7am"
    finally:
        built.close()


def test_each_part_of_a_compound_that_names_its_own_list_borrows_the_verb() -> None:
    result = play_scenario(
        {
            "turns": ["add lentils to the shopping list and book the mot to my todo list"],
            "expect_tasks": [{"title": "Lentils", "list": "shopping"}, {"title": "Book the mot"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_a_to_do_with_and_in_it_stays_one() -> None:
    result = play_scenario(
        {
            "turns": ["remind me to buy glue and tape"],
            "expect_tasks": [{"title": "Buy glue and tape"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("again", ["in bergen", "in bergen?", "and for bergen"])
def test_a_place_alone_after_a_forecast_asks_it_there(again: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["what's the forecast for wednesday", again],
            "expect_calls": [{"tool": "weather_forecast", "arguments": {"when": "wednesday"}},
                             {"tool": "weather_forecast",
                              "arguments": {"when": "wednesday", "place": "bergen"}}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_a_time_alone_after_a_forecast_is_no_place() -> None:
    scenario = {"id": "t", "kind": "complex", "dry_run": True, "expect_events": [],
                "turns": ["what's the forecast for wednesday", "in ten minutes"]}  # fmt: skip
    result = play_with_model(scenario, ["Which?"])
    assert not any("place=" in c for c in result.calls) and result.paths[1] != "followup"


@pytest.mark.parametrize(
    "said",
    [
        "actually i've just done that, mark it as done",
        "that's sorted, tick it off",
        "done it. cross it off",
    ],
)
def test_a_done_clause_before_the_request_about_it(said: str) -> None:
    result = play_scenario(
        {
            "turns": ["add descale the kettle to my todo list", said],
            "expect_tasks": [{"title": "Descale the kettle", "done": True}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


_RUNA = [{"name": "Runa Vik", "emails": ["runa@vik.example"]}]


@pytest.mark.parametrize(
    ("again", "body"),
    [
        ("no wait, say the spare key is in the shed", "spare key is in the shed"),
        ("actually tell her the spare key is with tom instead", "spare key is with tom"),
        ("change the message to running ten minutes late", "running ten minutes late"),
    ],
)
def test_a_message_said_anew_goes_to_the_same_person(again: str, body: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": _RUNA,
            "turns": ["email runa saying the spare key is under the pot", again],
            "expect_calls": [{"tool": "mail_send"},
                             {"tool": "mail_send", "arguments": {"body": body},
                              "resolved": {"to": "runa@vik.example"}}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_a_message_with_no_correcting_word_is_not_read_as_a_new_text() -> None:
    scenario = {"id": "t", "kind": "complex", "dry_run": True, "contacts": _RUNA,
                "turns": ["email runa saying the spare key is under the pot", "tell her thanks"],
                "expect_events": []}  # fmt: skip
    result = play_with_model(scenario, ["Sure."])
    assert result.paths[1] != "followup"


@pytest.mark.parametrize(
    "asked", ["how long have i got left", "how much time is left on it", "when does it go off"]
)
def test_time_left_on_the_timer_just_set(asked: str) -> None:
    result = play_scenario(
        {
            "turns": ["set a timer for 25 minutes", asked],
            "expect_calls": [{"tool": "timer_set"}, {"tool": "alarm_list"}],
            "expect_reply": ["25 minutes left"],
            "expect_alarms": [{"kind": "timer", "at": "2026-11-29T18:55"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems
    assert result.reply.startswith("1 timer set:")


def test_when_was_my_last_one_looks_back() -> None:
    setup = [{"title": "Osteopath", "start": "2026-11-12T09:00"},
             {"title": "Osteopath", "start": "2026-12-09T09:00"}]  # fmt: skip
    back = play_scenario({"setup": setup, "turns": ["when was my last osteopath appointment"]})
    assert "12 November" in back.reply and "9 December" not in back.reply
    ahead = play_scenario({"setup": setup, "turns": ["when is my next osteopath appointment"]})
    assert "9 December" in ahead.reply and "12 November" not in ahead.reply


@pytest.mark.parametrize(
    ("said", "at"),
    [("buzz me at noon", "2026-11-30T12:00"), ("ping me at 7 tomorrow", "2026-11-30T07:00")],
)
def test_an_alert_said_with_buzz_or_ping_is_an_alarm_not_an_event(said: str, at: str) -> None:
    result = play_scenario({"turns": [said], "expect_alarms": [{"at": at}], "expect_events": []})
    assert result.passed, result.problems


_THERMOSTATS = [
    {"id": "climate.hall", "name": "Heating", "area": "Hall", "state": "heat",
     "attributes": {"temperature": 20}},
    {"id": "climate.study", "name": "Study thermostat", "area": "Study", "state": "heat",
     "attributes": {"temperature": 18.5, "min_temp": 17}},
]  # fmt: skip


@pytest.mark.parametrize(
    ("said", "device", "change", "shown"),
    [
        ("turn the heating up", "climate.hall", 1, "to 21°"),
        ("turn up the heating by 2 degrees", "climate.hall", 2, "to 22°"),
        ("make it warmer in the study", "climate.study", 1, "to 19.5°"),
        ("turn the heating down in the study", "climate.study", -1, "to 17.5°"),
        ("lower the study thermostat by three degrees", "climate.study", -3, "to 17°"),
    ],
)
def test_the_thermostat_turned_up_or_down_moves_from_its_target(
    said: str, device: str, change: int, shown: str
) -> None:
    """A step from the target HA reports now, kept within the thermostat's own limits."""
    result = play_scenario(
        {
            "dry_run": True,
            "home": _THERMOSTATS,
            "turns": [said],
            "expect_calls": [{"tool": "home_climate_set", "arguments": {"change": change},
                              "resolved": {"device": [device]}}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems
    assert shown in result.reply


def test_a_bit_more_after_a_step_takes_the_same_step_again() -> None:
    result = play_scenario(
        {
            "home": [_THERMOSTATS[0]],
            "turns": ["turn the heating up", "a bit more"],
            "expect_calls": [{"tool": "home_climate_set", "arguments": {"change": 1}},
                             {"tool": "home_climate_set", "arguments": {"change": 1}}],
            "expect_home_calls": ["climate.set_temperature climate.hall"] * 2,
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_a_bit_more_after_a_value_set_outright_is_not_repeated() -> None:
    scenario = {"id": "t", "kind": "complex", "home": [_THERMOSTATS[0]], "expect_events": [],
                "turns": ["set the heating to 21 degrees", "a bit more"]}  # fmt: skip
    result = play_with_model(scenario, ["How much?"])
    assert result.paths[1] != "followup"
    assert result.calls.count("home_climate_set ran") == 1


@pytest.mark.parametrize("said", ["thanks", "ok great, thank you", "perfect", "again", "more"])
def test_talk_after_a_list_was_used_adds_nothing_to_it(said: str) -> None:
    scenario = {"id": "t", "kind": "complex", "turns": ["add oat milk to the shopping list", said],
                "expect_tasks": [{"title": "Oat milk", "list": "shopping"}],
                "expect_events": []}  # fmt: skip
    result = play_with_model(scenario, ["You're welcome."])
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("listing", "said", "title", "start"),
    [
        ("am i free on thursday", "book a call with the notary at 11", "Call with the notary",
         "2026-12-03T11:00"),
        ("what's on tuesday", "ok add lunch with omar at 1pm then", "Lunch with omar",
         "2026-12-01T13:00"),
    ],
)  # fmt: skip
def test_an_event_with_a_time_alone_after_a_day_was_listed_goes_on_that_day(
    listing: str, said: str, title: str, start: str
) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Choir", "start": "2026-12-03T19:00"}],
            "turns": [listing, said],
            "expect_events": [{"title": "Choir", "start": "2026-12-03T19:00"},
                              {"title": title, "start": start}],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_an_event_with_its_own_day_after_a_listing_keeps_its_day() -> None:
    result = play_scenario(
        {
            "turns": ["am i free on thursday", "add a call with the landlord on friday at 11"],
            "expect_events": [{"title": "Call with the landlord", "start": "2026-12-04T11:00"}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "said", ["timer for the rice, 12 minutes", "set a timer for the rice for 12 minutes"]
)
def test_a_timer_labelled_before_its_length(said: str) -> None:
    result = play_scenario(
        {
            "turns": [said],
            "expect_alarms": [{"kind": "timer", "at": "2026-11-29T18:42", "label": "rice"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


_FILES = [{"path": "bike-service.md", "text": "Chain oiled in March"},
          {"path": "notes.txt", "text": "Call the plumber"}]  # fmt: skip


def test_open_a_file_by_its_whole_name_reads_it() -> None:
    result = play_scenario(
        {
            "files": _FILES,
            "turns": ["open my bike service"],
            "expect_calls": [{"tool": "files_read"}],
            "expect_reply": ["bike-service.md"],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("said", ["open my bike", "open the garage door"])
def test_open_with_part_of_a_name_or_a_door_is_not_a_file(said: str) -> None:
    files = [*_FILES, {"path": "garage-door.md", "text": "code 1234"}]
    scenario = {"id": "t", "kind": "simple", "files": files, "turns": [said], "dry_run": True,
                "expect_events": []}  # fmt: skip
    result = play_with_model(scenario, ["Which?"])
    assert not any(c.startswith("files_read") for c in result.calls)


def test_a_bare_thing_after_a_list_was_read_is_added_never_removed() -> None:
    """A removal says so ("take the eggs off"); a thing said alone after the list was read is
    one to add (one already there stays as it is)."""
    result = play_scenario(
        {
            "tasks": [{"title": "Eggs", "list": "Shopping"}, {"title": "Rice", "list": "Shopping"}],
            "turns": ["tell me what's on the shopping list", "rice", "and lentils"],
            "expect_tasks": [{"title": "Eggs", "list": "shopping"},
                             {"title": "Rice", "list": "shopping"},
                             {"title": "Lentils", "list": "shopping"}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_put_it_on_my_list_after_a_request_says_where_it_goes() -> None:
    result = play_scenario(
        {
            "turns": ["i have to renew the parking permit tomorrow, add it to my to-dos"],
            "expect_tasks": [{"title": "Renew the parking permit"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("said", ["video call my uncle", "can you video call my sister"])
def test_a_video_call_is_declined_not_looked_for_among_videos(said: str) -> None:
    result = play_scenario({"turns": [said], "expect_calls": [], "expect_events": []})
    assert result.passed, result.problems
    assert "can't make phone calls" in result.reply


@pytest.mark.parametrize(
    "said",
    [
        "email runa and ask if the shed is locked",
        "write to runa and ask whether the shed is locked",
    ],
)
def test_a_mail_that_asks_a_question_goes_to_the_person_named(said: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "contacts": _RUNA,
            "turns": [said],
            "expect_calls": [{"tool": "mail_send", "arguments": {"body": "the shed is locked"},
                              "resolved": {"to": "runa@vik.example"}}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


_LAMPS = [
    {"id": "light.porch", "name": "Porch light", "area": "Porch", "state": "on"},
    {"id": "light.garden", "name": "Garden light", "area": "Garden", "state": "on"},
]


@pytest.mark.parametrize("again", ["and the garden one", "what about the garden one?"])
def test_the_same_request_for_another_one_of_its_kind(again: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "home": _LAMPS,
            "turns": ["switch off the porch light", again],
            "expect_calls": [{"tool": "home_turn_off", "resolved": {"device": ["light.porch"]}},
                             {"tool": "home_turn_off", "resolved": {"device": ["light.garden"]}}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems
