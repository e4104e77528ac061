"""Session 13 follow-ups: "it" after a listing of several days, one grammar for corrections of a
time, a device or a timer acted on again by "it" or by nothing said at all.

The agent tests run the real agent on the real local stores (calendar, alarms) at a pinned time
(Sunday 29 November 2026, 18:30 in Berlin). The model is a scripted stand-in (`ScriptedModel`),
since no GGUF model runs in unit tests: a test that expects the local path asserts it was not
asked. Home Assistant is the evals' `HomeStandIn` (a local HTTP server answering the REST calls
botpsy makes, with the devices a scenario names), as in the built-in suite, in dry runs: what
is checked is which entities the call resolved to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms.store import AlarmStore

from assistant.config import Config
from assistant.evals.scenarios import load_scenarios, run_scenario
from assistant.followups import amended_moment, edit_value
from assistant.models.scripted import ScriptedModel
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


def _events(assistant: Any) -> list[tuple[str, str]]:
    """(title, start) of every event, in order of start."""
    store = assistant.plugins.tools.get("calendar_list_events").function.__self__.store
    return sorted(
        (e.title, e.start.isoformat(timespec="minutes")) for e in store.events()
    )  # fmt: skip


def _alarms(config: Config) -> list[tuple[str, str, str, int | None]]:
    """(kind, rings at, label, seconds) of what is still to ring."""
    store = AlarmStore(config.data_dir / "alarms" / "alarms.sqlite3", ZONE, lambda: NOW)
    return [
        (a.kind, a.at.isoformat(timespec="minutes"), a.label, a.seconds)
        for a in store.upcoming(NOW)
    ]


# == 1. one grammar for corrections ============================================================
CORRECTIONS = [
    ("it's at 7", "7"), ("actually 7:30", "7:30"), ("make that 8pm", "8pm"),
    ("no, saturday", "saturday"), ("wait, it's thursday", "thursday"),
    ("oh it's on thursday", "thursday"), ("it starts at 1", "1"), ("it should be 6", "6"),
    ("that's wrong, it's friday", "friday"), ("i said 6:45", "6:45"),
    ("it begins at half past seven", "half past seven"), ("sorry i meant monday", "monday"),
    ("it needs to be at 9", "9"), ("no it was meant to be tuesday", "tuesday"),
    ("change it to 5pm", "5pm"), ("move it to noon instead", "noon"),
]  # fmt: skip


@pytest.mark.parametrize("said, value", CORRECTIONS)
def test_a_correction_says_its_new_value(said: str, value: str) -> None:
    assert edit_value(said) == value


@pytest.mark.parametrize(
    "said", ["what time is it", "add bread to the list", "turn off the lights", "tell me a joke",
             "it is what it is", "play it again"],
)  # fmt: skip
def test_other_requests_are_no_correction(said: str) -> None:
    found = edit_value(said)
    assert found is None or amended_moment(found, NOW, NOW) is None, found


EVENT_CORRECTIONS = [
    # an event made for the whole day, then given its time
    ("add dinner with ana friday", "it's at 7", ("Dinner with ana", "2026-12-04T19:00+01:00")),
    ("add dinner with ana friday", "actually 7:30", ("Dinner with ana", "2026-12-04T19:30+01:00")),
    ("add dinner with ana friday", "make that 8pm", ("Dinner with ana", "2026-12-04T20:00+01:00")),
    ("add dinner with ana friday", "no, saturday", ("Dinner with ana", "2026-12-05T00:00+01:00")),
    # an event made at a time, then moved
    ("add lunch with bo friday at noon", "it starts at 1", ("Lunch with bo", "2026-12-04T13:00+01:00")),
    ("add lunch with bo friday at noon", "wait, it's thursday", ("Lunch with bo", "2026-12-03T12:00+01:00")),
    ("add lunch with bo friday at noon", "it should be 1:30", ("Lunch with bo", "2026-12-04T13:30+01:00")),
    ("add lunch with bo friday at noon", "no, saturday at 2", ("Lunch with bo", "2026-12-05T14:00+01:00")),
]  # fmt: skip


@pytest.mark.parametrize("first, said, event", EVENT_CORRECTIONS)
def test_a_correction_moves_the_event_just_made(
    config: Config, first: str, said: str, event: tuple[str, str]
) -> None:
    assistant, model = _assistant(config)
    _, moved = play_turns(assistant, first, said)
    events = _events(assistant)
    assistant.close()
    (call,) = moved.calls
    assert moved.path == "followup" and call.tool == "calendar_update_event", moved
    assert call.outcome == "ok" and events == [event], (moved.reply, events)
    assert model.seen == []


@pytest.mark.parametrize(
    "changed, said, expected",
    [("the venue is the old mill", "actually it's at 7", ("Book club", "2026-12-03T19:00+01:00")),
     ("call it reading group", "make that 6:30pm", ("Reading group", "2026-12-03T18:30+01:00")),
     ("add a note that i bring snacks", "it starts at 9pm", ("Book club", "2026-12-03T21:00+01:00"))],
)  # fmt: skip
def test_a_correction_after_a_field_was_changed_moves_that_event(
    config: Config, changed: str, said: str, expected: tuple[str, str]
) -> None:
    """The last call changed a field, not the time: the event keeps its day and its length."""
    assistant, model = _assistant(config)
    *_, moved = play_turns(assistant, "add book club on thursday at 8pm", changed, said)
    store = assistant.plugins.tools.get("calendar_list_events").function.__self__.store
    (event,) = store.events()
    assistant.close()
    assert moved.calls[0].tool == "calendar_update_event" and moved.calls[0].outcome == "ok"
    assert (event.title, event.start.isoformat(timespec="minutes")) == expected
    assert (event.end - event.start).total_seconds() == 3600 and model.seen == []


def test_an_all_day_event_given_a_time_lasts_an_hour(config: Config) -> None:
    assistant, _ = _assistant(config)
    play_turns(assistant, "add dinner with ana friday", "it's at 7")
    store = assistant.plugins.tools.get("calendar_list_events").function.__self__.store
    (event,) = store.events()
    assistant.close()
    assert not event.all_day and (event.end - event.start).total_seconds() == 3600


@pytest.mark.parametrize(
    "said, due",
    [("it should be wednesday", "2026-12-02"), ("actually 5pm", "2026-11-30T17:00"),
     ("no, friday at 9", "2026-12-04T09:00")],
)  # fmt: skip
def test_a_correction_moves_the_task_just_added(config: Config, said: str, due: str) -> None:
    assistant, model = _assistant(config)
    _, moved = play_turns(assistant, "remind me to call the bank tomorrow", said)
    store = assistant.plugins.tools.get("task_list").function.__self__.store
    (task,) = store.tasks()
    assistant.close()
    assert moved.calls[0].tool == "task_update" and moved.calls[0].outcome == "ok"
    assert task.due is not None and task.due.isoformat().startswith(due[:10])
    if "T" in due:
        assert task.due.isoformat(timespec="minutes").startswith(due)
    assert model.seen == []


@pytest.mark.parametrize(
    "said, rings",
    [("it should be 6", "2026-11-30T06:00"), ("no, 6:45", "2026-11-30T06:45"),
     ("actually tuesday", "2026-12-01T07:00"), ("i said 7:15", "2026-11-30T07:15")],
)  # fmt: skip
def test_a_correction_moves_the_alarm_just_set(config: Config, said: str, rings: str) -> None:
    assistant, model = _assistant(config)
    play_turns(assistant, "set an alarm for 7am", said)
    assistant.close()
    assert [(k, at[:16]) for k, at, _, _ in _alarms(config)] == [("alarm", rings)]
    assert model.seen == []


def test_a_remark_after_an_event_moves_nothing(config: Config) -> None:
    assistant, _ = _assistant(config, ["(the model)"])
    play_turns(assistant, "add lunch with bo friday at noon", "it's raining")
    events = _events(assistant)
    assistant.close()
    assert events == [("Lunch with bo", "2026-12-04T12:00+01:00")]


# == 2. "it" after a listing of several days ===================================================
SETUP = ("add pottery on thursday at 5pm", "add choir on tuesday at 8pm")


@pytest.mark.parametrize(
    "listing",
    ["what's on this week", "what do i have tomorrow and friday", "show me my week"],
)
@pytest.mark.parametrize(
    "said, answer, expected",
    [
        ("move it to 4pm", "the thursday one",
         [("Choir", "2026-12-01T20:00+01:00"), ("Pottery", "2026-12-03T16:00+01:00")]),
        ("move it to 4pm", "the 8 pm one",
         [("Choir", "2026-12-01T16:00+01:00"), ("Pottery", "2026-12-03T17:00+01:00")]),
        ("cancel it", "the second", [("Choir", "2026-12-01T20:00+01:00")]),
        ("cancel it", "choir", [("Pottery", "2026-12-03T17:00+01:00")]),
        ("rename it to clay class", "pottery",
         [("Choir", "2026-12-01T20:00+01:00"), ("Clay class", "2026-12-03T17:00+01:00")]),
        ("delete that one", "tuesday's", [("Pottery", "2026-12-03T17:00+01:00")]),
    ],
)  # fmt: skip
def test_after_a_listing_of_days_it_asks_which_and_the_answer_completes_it(
    config: Config, listing: str, said: str, answer: str, expected: list[tuple[str, str]]
) -> None:
    assistant, model = _assistant(config)
    results = play_turns(assistant, *SETUP, listing, said, answer)
    events = _events(assistant)
    assistant.close()
    listed, asked, done = results[2:]
    assert listed.calls[0].tool == "calendar_list_events"
    assert asked.path == "followup" and asked.calls == [], asked
    assert "1." in asked.reply and "Choir" in asked.reply and "Pottery" in asked.reply
    assert done.path == "followup" and [c.outcome for c in done.calls] == ["ok"], done
    assert events == expected and model.seen == []


@pytest.mark.parametrize(
    "said, expected",
    [("move it to 4pm", [("Pottery", "2026-12-03T16:00+01:00")]),
     ("make it 7:30pm", [("Pottery", "2026-12-03T19:30+01:00")]),
     ("cancel it", []),
     ("call it clay class", [("Clay class", "2026-12-03T17:00+01:00")])],
)  # fmt: skip
def test_after_a_listing_of_days_with_one_event_it_is_that_event(
    config: Config, said: str, expected: list[tuple[str, str]]
) -> None:
    assistant, model = _assistant(config)
    *_, done = play_turns(assistant, SETUP[0], "what's on this week", said)
    events = _events(assistant)
    assistant.close()
    assert done.path == "followup" and [c.outcome for c in done.calls] == ["ok"], done
    assert events == expected and model.seen == []


@pytest.mark.parametrize(
    "said, expected",
    [("cancel the second one", [("Choir", "2026-12-01T20:00+01:00")]),
     ("delete the tuesday one", [("Pottery", "2026-12-03T17:00+01:00")]),
     ("move the thursday one to 4pm",
      [("Choir", "2026-12-01T20:00+01:00"), ("Pottery", "2026-12-03T16:00+01:00")]),
     ("reschedule the choir to 7pm",
      [("Choir", "2026-12-01T19:00+01:00"), ("Pottery", "2026-12-03T17:00+01:00")]),
     ("cancel the last one please", [("Choir", "2026-12-01T20:00+01:00")])],
)  # fmt: skip
def test_after_a_listing_the_event_named_as_an_answer_would_name_it(
    config: Config, said: str, expected: list[tuple[str, str]]
) -> None:
    assistant, model = _assistant(config)
    *_, done = play_turns(assistant, *SETUP, "what's on my calendar", said)
    events = _events(assistant)
    assistant.close()
    assert done.path == "followup" and [c.outcome for c in done.calls] == ["ok"], done
    assert events == expected and model.seen == []


@pytest.mark.parametrize(
    "said, tool",
    [("set an alarm for 7am tomorrow", "alarm_set"),
     ("add milk to the shopping list", "task_add"),
     ("make a dentist appointment at 4pm tomorrow", "calendar_create_event"),
     ("what time is it", "time_now"),
     ("cancel the timer", "alarm_delete"),
     ("remind me to call mom at 5pm", "task_add")],
)  # fmt: skip
def test_a_new_request_after_a_listing_is_no_change_of_a_listed_event(
    config: Config, said: str, tool: str
) -> None:
    assistant, _ = _assistant(config, ["(the model)"])
    *_, after = play_turns(assistant, *SETUP, "what's on this week", said)
    events = _events(assistant)
    assistant.close()
    assert [c.tool for c in after.calls][:1] == [tool], after
    assert ("Choir", "2026-12-01T20:00+01:00") in events
    assert ("Pottery", "2026-12-03T17:00+01:00") in events


def test_a_move_by_an_amount_after_a_listing_is_not_guessed(config: Config) -> None:
    """ "An hour later" needs the event's own time: left to the model, nothing changes here."""
    assistant, _ = _assistant(config, ["(the model)"])
    *_, after = play_turns(assistant, SETUP[0], "what's on this week", "move it an hour later")
    events = _events(assistant)
    assistant.close()
    assert after.path == "model" and events == [("Pottery", "2026-12-03T17:00+01:00")]


def test_never_mind_drops_the_question_and_changes_nothing(config: Config) -> None:
    assistant, _ = _assistant(config)
    *_, dropped = play_turns(assistant, *SETUP, "what's on this week", "cancel it", "never mind")
    events = _events(assistant)
    assistant.close()
    assert dropped.calls == [] and len(events) == 2


# == 3. timers =================================================================================
def test_a_timer_is_labelled_extended_and_cancelled_by_it(config: Config) -> None:
    assistant, model = _assistant(config)
    turns = ("set a timer for 10 minutes", "call it pasta", "add 5 minutes to it", "cancel it")
    _, named, longer, cancelled = play_turns(assistant, *turns)
    assistant.close()
    assert [c.tool for c in named.calls + longer.calls] == ["alarm_change"] * 2
    assert "pasta" in longer.reply and "15 minutes" in longer.reply
    assert cancelled.calls[0].tool == "alarm_delete" and cancelled.calls[0].outcome == "ok"
    assert _alarms(config) == [] and model.seen == []


@pytest.mark.parametrize(
    "said, after",
    [("label it eggs", ("timer", "2026-11-29T18:40+01:00", "eggs", 600)),
     ("name it bread", ("timer", "2026-11-29T18:40+01:00", "bread", 600)),
     ("give it five more minutes", ("timer", "2026-11-29T18:45+01:00", "", 900)),
     ("put another two minutes on it", ("timer", "2026-11-29T18:42+01:00", "", 720))],
)  # fmt: skip
def test_a_timer_just_set_is_changed_and_keeps_running(
    config: Config, said: str, after: tuple[str, str, str, int]
) -> None:
    assistant, model = _assistant(config)
    play_turns(assistant, "set a timer for 10 minutes", said)
    assistant.close()
    assert _alarms(config) == [after] and model.seen == []


def test_it_is_the_newest_timer_when_two_run(config: Config) -> None:
    assistant, model = _assistant(config)
    play_turns(assistant, "set a timer for 20 minutes")
    play_turns(assistant, "set a timer for 10 minutes", "stop it")
    assistant.close()
    assert [(k, at) for k, at, _, _ in _alarms(config)] == [("timer", "2026-11-29T18:50+01:00")]
    assert model.seen == []


def test_a_labelled_timer_is_set_and_cancelled_by_it(config: Config) -> None:
    assistant, _ = _assistant(config)
    play_turns(assistant, "set a pasta timer for 10 minutes")
    assert _alarms(config) == [("timer", "2026-11-29T18:40+01:00", "pasta", 600)]
    play_turns(assistant, "set a timer for 3 minutes")
    play_turns(assistant, "set a pasta timer for 8 minutes", "cancel it")
    assistant.close()
    assert sorted(_alarms(config)) == [
        ("timer", "2026-11-29T18:33+01:00", "", 180),
        ("timer", "2026-11-29T18:40+01:00", "pasta", 600),
    ]


@pytest.mark.parametrize(
    "said", ["add 5 minutes to the timer", "give the timer two more minutes",
             "extend the timer by a minute", "call the timer soup"],
)  # fmt: skip
def test_a_running_timer_is_changed_by_its_name(config: Config, said: str) -> None:
    assistant, model = _assistant(config)
    _, changed = play_turns(assistant, "set a timer for 10 minutes", said)
    assistant.close()
    assert changed.calls[0].tool == "alarm_change" and changed.calls[0].outcome == "ok"
    ((kind, at, label, _),) = _alarms(config)
    assert kind == "timer" and (at > "2026-11-29T18:40" or label == "soup")
    assert model.seen == []


def test_what_time_is_it_after_a_timer_or_an_alarm_stays_the_clock(config: Config) -> None:
    assistant, _ = _assistant(config)
    _, timer_then = play_turns(assistant, "set a timer for 10 minutes", "what time is it")
    _, alarm_then = play_turns(assistant, "set an alarm for 7am", "what time is it")
    assistant.close()
    assert timer_then.calls[0].tool == "time_now" and alarm_then.calls[0].tool == "time_now"
    assert len(_alarms(config)) == 2


def test_cancel_it_after_an_alarm_cancels_that_alarm(config: Config) -> None:
    assistant, _ = _assistant(config)
    play_turns(assistant, "set an alarm for 7pm")
    play_turns(assistant, "set an alarm for 7am", "cancel it")
    assistant.close()
    assert [at for _, at, _, _ in _alarms(config)] == ["2026-11-29T19:00+01:00"]


# == 4. devices: "it", "them", or nothing said =================================================
LAMPS = [
    {"id": "light.desk", "name": "Desk lamp", "area": "Office"},
    {"id": "light.hall_ceiling", "name": "Hall light", "area": "Hallway"},
]
KITCHEN = [
    {"id": "light.kitchen_ceiling", "name": "Ceiling", "area": "Kitchen"},
    {"id": "light.kitchen_counter", "name": "Counter lights", "area": "Kitchen"},
    {"id": "switch.kettle", "name": "Kettle", "area": "Kitchen"},
]


def _home(turns: list[str], home: list[dict[str, str]], calls: list[Any]) -> Any:
    now, _ = load_scenarios(None)
    scenario = {"id": "s13-home", "kind": "complex", "domain": "home", "dry_run": True,
                "home": home, "turns": turns, "expect_calls": calls, "expect_events": []}  # fmt: skip
    return run_scenario(scenario, now, ScriptedModel([]), use_intents=True)


@pytest.mark.parametrize(
    "said, tool, arguments",
    [("make it blue", "home_light_set", {"colour": "blue"}),
     ("dimmer", "home_light_set", {"change": -30}),
     ("a bit brighter please", "home_light_set", {"change": 30}),
     ("turn it off", "home_turn_off", {}),
     ("set it to 40 percent", "home_light_set", {"brightness": 40}),
     ("change it to green", "home_light_set", {"colour": "green"})],
)  # fmt: skip
def test_after_one_light_it_or_nothing_said_is_that_light(
    said: str, tool: str, arguments: dict[str, Any]
) -> None:
    want = [{"tool": "home_turn_on"},
            {"tool": tool, "arguments": arguments, "resolved": {"device": ["light.desk"]}}]  # fmt: skip
    result = _home(["turn on the desk lamp", said], LAMPS, want)
    assert result.passed, (result.problems, result.calls, result.reply)
    assert result.paths[1] == "followup"


def test_a_chain_of_changes_stays_on_the_same_light() -> None:
    want = [{"tool": "home_turn_on"}] + [
        {"tool": t, "resolved": {"device": ["light.desk"]}}
        for t in ("home_light_set", "home_light_set", "home_turn_off")
    ]
    result = _home(["turn on the desk lamp", "make it red", "dimmer", "turn it off"], LAMPS, want)
    assert result.passed, (result.problems, result.calls)


def test_them_after_the_lights_is_those_lights() -> None:
    want = [{"tool": "home_turn_on"},
            {"tool": "home_light_set", "arguments": {"colour": "blue"},
             "resolved": {"device": ["light.kitchen_ceiling", "light.kitchen_counter"]}}]  # fmt: skip
    result = _home(["turn on the lights", "make them blue"], KITCHEN, want)
    assert result.passed, (result.problems, result.calls)


def test_lights_named_after_one_lamp_are_the_lights_named() -> None:
    want = [{"tool": "home_turn_on"},
            {"tool": "home_turn_off", "resolved": {"device": ["light.desk", "light.hall_ceiling"]}}]  # fmt: skip
    result = _home(["turn on the desk lamp", "turn off the lights"], LAMPS, want)
    assert result.passed, (result.problems, result.calls)


# == 5. the alarm tool's changes of a timer, directly =========================================
def _alarm_tools(tmp_path: Path) -> Any:
    from botpsy_alarms.tools import AlarmTools

    from assistant.clock import Clock

    store = AlarmStore(tmp_path / "alarms.sqlite3", ZONE, lambda: NOW)
    return AlarmTools(store, Clock(ZONE, NOW)), store


def test_time_added_or_taken_off_a_timer_moves_its_ring(tmp_path: Path) -> None:
    tools, store = _alarm_tools(tmp_path)
    tools.timer_set("10 minutes")
    tools.alarm_change("the newest timer", add="5 minutes")
    tools.alarm_change("the timer", add="-2 minutes")
    ((at, seconds),) = [
        (a.at.isoformat(timespec="minutes"), a.seconds) for a in store.upcoming(NOW)
    ]
    assert (at, seconds) == ("2026-11-29T18:43+01:00", 780)


@pytest.mark.parametrize(
    "arguments, error",
    [({"add": "5 minutes"}, "only a timer takes added time"),
     ({}, "say what to change"),
     ({"add": "-20 minutes", "alarm": "the timer"}, "would have rung already")],
)  # fmt: skip
def test_a_change_that_cannot_be_made_says_so_in_one_line(
    tmp_path: Path, arguments: dict[str, str], error: str
) -> None:
    from assistant.errors import ToolArgumentError

    tools, store = _alarm_tools(tmp_path)
    tools.alarm_set(NOW.replace(day=30, hour=7, minute=0))
    tools.timer_set("10 minutes")
    which = arguments.pop("alarm", "the alarm")
    before = store.upcoming(NOW)
    with pytest.raises(ToolArgumentError, match=error):
        tools.alarm_change(which, **arguments)
    assert store.upcoming(NOW) == before  # nothing changed


def test_a_label_change_keeps_the_alarm_where_it_was(tmp_path: Path) -> None:
    tools, store = _alarm_tools(tmp_path)
    tools.alarm_set(NOW.replace(day=30, hour=7, minute=0))
    tools.alarm_change("7am", label="swim")
    ((at, label),) = [(a.at.isoformat(timespec="minutes"), a.label) for a in store.upcoming(NOW)]
    assert (at, label) == ("2026-11-30T07:00+01:00", "swim")
