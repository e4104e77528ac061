"""Session 14, the lead's changes: the remote back-end sends the model's short tool copy, and a
weather server named by half is still half botpsy's default."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from assistant.config import Config
from assistant.messages import Message
from assistant.models.base import GenerationOptions
from assistant.models.openai_compat import OpenAICompatModel
from assistant.tool_prompt import model_definitions


@pytest.fixture
def definitions(config: Config) -> Iterator[list[dict[str, Any]]]:
    """Every tool botpsy registers with its default settings, as the registry keeps them."""
    from assistant.app import build_assistant
    from assistant.policy import NoTerminalApprover

    built = build_assistant(config, NoTerminalApprover())
    try:
        yield [t.definition() for t in built.agent.tools]
    finally:
        built.close()


def test_the_remote_backend_posts_the_tools_as_a_local_model_reads_them(
    definitions: list[dict[str, Any]],
) -> None:
    model = OpenAICompatModel("http://127.0.0.1:9")  # nothing is sent: only the body is built
    body = model.request_body(
        [Message("user", "what's on friday")], definitions, GenerationOptions(max_tokens=64)
    )
    sent = body["tools"]
    assert [d["function"]["name"] for d in sent] == [d["function"]["name"] for d in definitions]
    assert sent == model_definitions(definitions)
    full = sum(len(str(d)) for d in definitions)
    assert sum(len(str(d)) for d in sent) < full  # the short copy, not the registry's
    for short, whole in zip(sent, definitions, strict=True):  # what decides a call is kept
        params, kept = whole["function"]["parameters"], short["function"]["parameters"]
        assert set(kept.get("properties", {})) == set(params.get("properties", {}))
        assert kept.get("required", []) == params.get("required", [])


def test_the_remote_backend_sends_no_tools_when_told_not_to_call_one(
    definitions: list[dict[str, Any]],
) -> None:
    model = OpenAICompatModel("http://127.0.0.1:9")
    options = GenerationOptions(max_tokens=64, tool_choice="none")
    assert "tools" not in model.request_body([Message("user", "hi")], definitions, options)
    named = GenerationOptions(max_tokens=64, tool_choice="calendar_list_events")
    body = model.request_body([Message("user", "hi")], definitions, named)
    assert body["tool_choice"] == {"type": "function", "function": {"name": "calendar_list_events"}}


# -- conversations served without a model (the scripted model has no turns) -------------------

from tests.helpers import play_scenario  # noqa: E402


@pytest.mark.parametrize(
    ("listing", "move", "start"),
    [
        ("what's on wednesday", "move it to saturday", "2026-12-05T18:15"),
        ("anything on wednesday evening", "push it to next friday", "2026-12-04T18:15"),
        ("what have i got on wednesday", "shift it to the 5th", "2026-12-05T18:15"),
    ],
)
def test_it_after_a_listing_moves_to_a_day_alone_keeping_its_hour(
    listing: str, move: str, start: str
) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Pottery class", "start": "2026-12-02T18:15"}],
            "turns": [listing, move],
            "expect_events": [{"title": "Pottery class", "start": start}],
        }
    )
    assert result.passed, result.problems


def test_it_after_a_listing_is_not_moved_to_a_place() -> None:
    from assistant.evals.scenarios import run_scenario
    from assistant.models.scripted import ScriptedModel

    model = ScriptedModel(["I can't move an event to a place."])
    scenario = {
        "id": "t", "kind": "complex",
        "setup": [{"title": "Pottery class", "start": "2026-12-02T18:15"}],
        "turns": ["what's on wednesday", "move it to the back room"],
        "expect_events": [{"title": "Pottery class", "start": "2026-12-02T18:15"}],
    }  # fmt: skip
    result = run_scenario(scenario, "2026-11-29T18:30:00+01:00", model, True)
    assert result.passed, result.problems
    assert len(model.seen) == 1  # the second turn was the model's, not a move to a day


@pytest.mark.parametrize(
    "said",
    [
        "get rid of pottery class on wednesday",
        "i won't make pottery class on wednesday so get rid of it",
        "the pottery class on wednesday is cancelled, just scrap it",
    ],
)
def test_get_rid_of_an_event_deletes_it(said: str) -> None:
    result = play_scenario(
        {
            "setup": [{"title": "Pottery class", "start": "2026-12-02T18:15"},
                      {"title": "Dentist", "start": "2026-12-02T09:00"}],
            "turns": [said],
            "expect_events": [{"title": "Dentist", "start": "2026-12-02T09:00"}],
        }
    )  # fmt: skip
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "ticked"),
    [
        ("i've emailed the accountant", "Email the accountant"),
        ("i emptied the dishwasher, tick it off", "Empty the dishwasher"),
        ("we've booked the campsite so you can cross that off", "Book the campsite"),
        ("i finally dropped off the parcel", "Drop off the parcel"),
        ("i bought the birthday card, mark it as done", "Buy the birthday card"),
        ("mark emailing the accountant as done", "Email the accountant"),
    ],
)
def test_a_to_do_told_as_done_in_the_past_tense_is_ticked(said: str, ticked: str) -> None:
    todos = ["Email the accountant", "Empty the dishwasher", "Book the campsite",
             "Drop off the parcel", "Buy the birthday card"]  # fmt: skip
    result = play_scenario(
        {
            "tasks": [{"title": t} for t in todos],
            "turns": [said],
            "expect_tasks": [{"title": t, "done": t == ticked} for t in todos],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_a_past_tense_that_names_no_to_do_is_news_not_a_tick() -> None:
    from assistant.evals.scenarios import run_scenario
    from assistant.models.scripted import ScriptedModel

    model = ScriptedModel(["Nice."])
    scenario = {
        "id": "t", "kind": "simple",
        "tasks": [{"title": "Email the accountant"}],
        "turns": ["i emailed my cousin"],
        "expect_tasks": [{"title": "Email the accountant", "done": False}],
        "expect_events": [],
    }  # fmt: skip
    result = run_scenario(scenario, "2026-11-29T18:30:00+01:00", model, True)
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("word", "verb"),
    [("called", "call"), ("dropped", "drop"), ("tidied", "tidy"), ("paid", "pay"),
     ("baking", "bake"), ("posted", "post"), ("shopping", "shop"), ("need", ""), ("parcel", "")],
)  # fmt: skip
def test_base_forms_of_a_past_or_a_gerund(word: str, verb: str) -> None:
    from botpsy_calendar.done_told import base_forms

    forms = base_forms(word)
    assert (verb in forms) if verb else forms == []


@pytest.mark.parametrize("said", ["what's in my chores.md", "read out plan.txt"])
def test_a_file_named_by_its_name_is_read_not_a_list(said: str) -> None:
    result = play_scenario(
        {
            "files": [{"path": "chores.md", "text": "Descale the kettle"},
                      {"path": "plan.txt", "text": "Descale the kettle first"}],
            "tasks": [{"title": "Chores list item", "list": "Chores"}],
            "turns": [said],
            "expect_reply": ["Descale"],
            "expect_files": ["chores.md", "plan.txt"],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("take", "left"),
    [("take the oat milk off it", [{"title": "Lentils", "list": "groceries"}]),
     ("cross the oat milk off it", [{"title": "Lentils", "list": "groceries"},
                                    {"title": "Oat milk", "list": "groceries", "done": True}])],
)  # fmt: skip
def test_one_item_off_it_after_a_list_was_read(take: str, left: list[dict[str, object]]) -> None:
    result = play_scenario(
        {
            "tasks": [{"title": "Oat milk", "list": "Groceries"},
                      {"title": "Lentils", "list": "Groceries"}],
            "turns": ["read me the groceries list", take],
            "expect_tasks": left,
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_and_to_another_thing_adds_a_second_to_do() -> None:
    result = play_scenario(
        {
            "turns": ["remind me to renew the bike lock", "and to oil the chain as well"],
            "expect_tasks": [{"title": "Renew the bike lock"}, {"title": "Oil the chain"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


def test_also_before_a_request_of_its_own_is_read_past() -> None:
    result = play_scenario(
        {
            "turns": ["remind me to renew the bike lock", "also remind me to oil the chain"],
            "expect_tasks": [{"title": "Renew the bike lock"}, {"title": "Oil the chain"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("again", ["and in porto?", "what about in porto", "how about for porto"])
def test_another_place_asks_the_forecast_again_there(again: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": ["will it be sunny on friday", again],
            "expect_calls": [{"tool": "weather_forecast", "arguments": {"when": "friday"}},
                             {"tool": "weather_forecast",
                              "arguments": {"when": "friday", "place": "porto"}}],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "left"),
    [
        ("cancel my alarm for monday morning", ["2026-11-30T21:00", "2026-12-01T07:00"]),
        ("delete monday evening's alarm", ["2026-11-30T06:30", "2026-12-01T07:00"]),
        ("turn off the evening alarm", ["2026-11-30T06:30", "2026-12-01T07:00"]),
        ("remove the alarm on tuesday morning", ["2026-11-30T06:30", "2026-11-30T21:00"]),
    ],
)
def test_an_alarm_named_by_its_part_of_the_day(said: str, left: list[str]) -> None:
    result = play_scenario(
        {
            "alarms": [{"at": "2026-11-30T06:30"}, {"at": "2026-12-01T07:00"},
                       {"at": "2026-11-30T21:00"}],
            "turns": [said],
            "expect_alarms": [{"at": at} for at in left],
            "expect_events": [],
        }
    )  # fmt: skip
    assert result.passed, result.problems


def test_the_morning_alarm_with_two_mornings_asks_which() -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "alarms": [{"at": "2026-11-30T06:30"}, {"at": "2026-12-01T07:00"}],
            "turns": ["cancel the morning alarm"],
            "expect_calls": [{"tool": "alarm_delete", "outcome": "question"}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems
    assert "Which one?" in result.reply


@pytest.mark.parametrize(
    "said", ["pause whatever's on", "pause what is playing now", "pause the radio"]
)
def test_pause_what_is_playing(said: str) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "turns": [said],
            "expect_calls": [{"tool": "media_control", "arguments": {"action": "pause"}}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "call"),
    [
        ("what's the weather in porto", {"tool": "weather_forecast", "arguments": {"place": "porto"}}),
        ("i've descaled the kettle", {"tool": "task_complete"}),
        ("remove the lentils", {"tool": "task_delete"}),
    ],
)  # fmt: skip
def test_a_request_complete_alone_after_a_list_is_not_bent_onto_the_list(
    said: str, call: dict[str, object]
) -> None:
    result = play_scenario(
        {
            "dry_run": True,
            "tasks": [{"title": "Lentils", "list": "Groceries"}, {"title": "Descale the kettle"}],
            "turns": ["read me the groceries list", said],
            "expect_calls": [{"tool": "task_list"}, call],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("more", "at"),
    [("add three more minutes", "2026-11-29T18:48"), ("another two minutes", "2026-11-29T18:47"),
     ("add an extra minute", "2026-11-29T18:46"), ("give it ten more minutes please", "2026-11-29T18:55")],
)  # fmt: skip
def test_more_minutes_after_a_timer_go_on_that_timer(more: str, at: str) -> None:
    result = play_scenario(
        {
            "turns": ["start a 15 minute timer", more],
            "expect_alarms": [{"kind": "timer", "at": at}],
            "expect_events": [],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize(
    ("said", "start"),
    [("at 11am", "2026-12-03T11:00"), ("from half past three", "2026-12-03T15:30"),
     ("ok at 9", "2026-12-03T09:00")],
)  # fmt: skip
def test_a_time_said_after_an_event_added_for_a_day_is_its_time(said: str, start: str) -> None:
    result = play_scenario(
        {
            "turns": ["add a site visit with the surveyor on thursday", said],
            "expect_events": [{"title": "Site visit with the surveyor", "start": start}],
        }
    )
    assert result.passed, result.problems
