"""Session 14, the non-calendar domains said in more general shapes.

Every row is invented (spoken, lower case, no punctuation), a family of phrasings per mechanism:

- alarms and timers: the time said before the request ("tomorrow morning wake me at six"), the
  label before the time ("an alarm for my nap in twenty minutes"), a kind of alarm named before
  the noun ("a backup alarm"), a timer's length straight after the noun ("timer ten minutes"),
  "notify me in ...", "is the alarm set", "no alarm tomorrow", and a clock time a transcript
  writes as a number ("seven hundred and thirty" for 7:30).
- home: a room said to be too dark or too bright ("the study is too dark"), lights no longer
  wanted ("i don't need the lights on in the garage").
- weather: "tell me if it will rain" asks now (while "tell me if it rains" asks to be told
  later); how to dress with no garment named ("should i wrap up warm").
- media and places: a broadcast is played; a station one goes to ("the nearest petrol station")
  is a place, not a radio station.
- news: "did anything happen in the old town today".

Near misses that share the words but are chit-chat, another tool's or the user's own must not
move. The requests run through every built-in plugin in load order, as `botpsy eval slurp` does
(stand-in mail account and Home Assistant, the model an empty reply, the clock pinned to
Wednesday 2026-11-25 09:30 Europe/Berlin).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import eval_assistant


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin with a mail account and Home Assistant, as the eval sets them up."""
    with eval_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _first(assistant: Any, text: str) -> tuple[str, dict[str, Any]]:
    """The first call (or the call waiting for an answer) and its arguments; "none" if no tool."""
    result = assistant.agent.run(text, None, use_intents=True)
    if result.calls:
        return result.calls[0].tool, dict(result.calls[0].arguments)
    session = assistant.sessions.load(result.session)
    if session is not None and session.pending:
        return session.pending["tool"], dict(session.pending["arguments"])
    return "none", {}


# -- alarms and timers ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("tomorrow morning wake me at six", "2026-11-26T06:00"),
        ("at seven thirty wake me up", "2026-11-26T07:30"),
        ("on friday set an alarm for ten past six", "2026-11-27T06:10"),
        ("this evening set an alarm for eight", "2026-11-25T20:00"),
        ("notify me in thirty minutes", "2026-11-25T10:00"),
        ("notify me in an hour", "2026-11-25T10:30"),
        ("wake me up at six hundred", "2026-11-26T06:00"),
        ("alarm at oh six hundred hours", "2026-11-26T06:00"),
        ("set the alarm for five hundred forty five", "2026-11-25T17:45"),
        ("set an alarm for seven hundred and thirty", "2026-11-25T19:30"),
    ],
)
def test_alarm_said_in_other_orders(assistant: Any, text: str, time: str) -> None:
    tool, arguments = _first(assistant, text)
    assert tool == "alarm_set", (text, tool, arguments)
    assert str(arguments.get("time", "")).startswith(time), (text, arguments)


@pytest.mark.parametrize(
    ("text", "time", "label"),
    [
        ("please set an alarm for my nap in twenty minutes", "2026-11-25T09:50", "nap"),
        ("set an alarm for the dentist at four pm", "2026-11-25T16:00", "dentist"),
        ("make a backup alarm for the train tomorrow at five am", "2026-11-26T05:00", "train"),
    ],
)
def test_alarm_label_said_before_its_time(assistant: Any, text: str, time: str, label: str) -> None:
    tool, arguments = _first(assistant, text)
    assert tool == "alarm_set", (text, tool, arguments)
    assert str(arguments.get("time", "")).startswith(time), (text, arguments)
    assert arguments.get("label") == label, (text, arguments)


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("timer ten minutes", "ten minutes"),
        ("pasta timer eight minutes", "eight minutes"),
        ("timer five minutes and thirty seconds", "five minutes and thirty seconds"),
        ("countdown of five minutes", "five minutes"),
    ],
)
def test_timer_length_straight_after_the_noun(assistant: Any, text: str, duration: str) -> None:
    tool, arguments = _first(assistant, text)
    assert (tool, arguments.get("duration")) == ("timer_set", duration), (text, tool, arguments)


def test_a_wake_up_with_a_day_and_no_time_asks_the_time(assistant: Any) -> None:
    tool, arguments = _first(assistant, "i need to get up early tomorrow")
    assert (tool, arguments) == ("alarm_set", {})  # pending: what time tomorrow?


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("is the alarm set", "alarm_list"),
        ("is the pasta timer still running", "alarm_list"),
        ("no alarm tomorrow", "alarm_delete"),
        ("no more alarms on sundays", "alarm_delete"),
        ("no wake up call tomorrow morning please", "alarm_delete"),
    ],
)
def test_alarm_asked_or_unwanted_in_few_words(assistant: Any, text: str, tool: str) -> None:
    assert _first(assistant, text)[0] == tool, text


@pytest.mark.parametrize(
    "text",
    [
        "no alarm is loud enough for me",
        "timer app crashed",
        "is the alarm clock app any good",
        "should we wrap up for today",
        "set a timer for the meeting",  # no length: asked, not guessed (timer_set pending)
    ],
)
def test_alarm_near_misses_set_nothing(assistant: Any, text: str) -> None:
    tool, arguments = _first(assistant, text)
    assert tool not in ("alarm_set", "alarm_delete") and arguments.get("duration") is None, (
        text,
        tool,
        arguments,
    )


# -- home ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "device"),
    [
        ("it's too dark in the kitchen", "home_turn_on", "kitchen lights"),
        ("the study is too dark", "home_turn_on", "study lights"),
        ("it is a bit dim in the living room", "home_turn_on", "living room lights"),
        ("the hallway is getting dark", "home_turn_on", "hallway lights"),
        ("the bedroom is too bright", "home_light_set", "bedroom lights"),
        ("it's way too bright in the office", "home_light_set", "office lights"),
        ("i don't need the lights on in the garage", "home_turn_off", "lights in the garage"),
        ("we don't need the porch lamp anymore", "home_turn_off", "porch lamp"),
        ("no lights in the hall please", "home_turn_off", "lights in the hall"),
    ],
)
def test_a_room_too_dark_or_bright_or_lights_unwanted(
    assistant: Any, text: str, tool: str, device: str
) -> None:
    found, arguments = _first(assistant, text)
    assert (found, arguments.get("device")) == (tool, device), (text, found, arguments)
    if tool == "home_light_set":
        assert arguments.get("change", 0) < 0, arguments


@pytest.mark.parametrize(
    "text",
    [
        "the photo is too dark",
        "my room is too messy",
        "it's too dark to read this font",
        "the kitchen is too small",
        "no lights needed for the photo shoot today and tomorrow at the studio",
    ],
)
def test_home_near_misses_touch_no_device(assistant: Any, text: str) -> None:
    assert not _first(assistant, text)[0].startswith("home_"), text


# -- weather -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("tell me if it will rain", {"about": "rain"}),
        ("tell me if it's going to snow tomorrow", {"when": "tomorrow", "about": "snow"}),
        ("tell me whether it will be sunny in lisbon", {"place": "lisbon"}),
        ("should i wrap up warm today", {"when": "today", "about": "temperature"}),
        ("do i need to dress warmly tomorrow", {"when": "tomorrow", "about": "temperature"}),
        ("will we need to be warm on the ferry", {"about": "temperature"}),
        ("should we bundle up for the walk tonight", {"when": "tonight", "about": "temperature"}),
        (
            "should i dress in layers in oslo on friday",
            {"when": "on friday", "place": "oslo", "about": "temperature"},
        ),
    ],
)
def test_weather_asked_now_or_by_how_to_dress(
    assistant: Any, text: str, arguments: dict[str, str]
) -> None:
    assert _first(assistant, text) == ("weather_forecast", arguments), text


@pytest.mark.parametrize(
    "text",
    [
        "tell me if it rains",  # told later: a reminder, never a forecast now
        "tell me when it starts raining",
        "tell me if it will be a good idea to buy a coat",
        "should i dress up for the party",
        "do i need to dress formally",
        "should i wrap up the presents",
        "should i wrap up now",
    ],
)
def test_weather_near_misses_are_not_forecasts(assistant: Any, text: str) -> None:
    assert _first(assistant, text)[0] != "weather_forecast", text


# -- media and places ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "find the nearest petrol station",
        "locate a charging station near me",
        "find me a police station",
        "look for the nearest fire station",
        "search for a bus station nearby",
    ],
)
def test_a_station_one_goes_to_is_a_place(assistant: Any, text: str) -> None:
    tool, arguments = _first(assistant, text)
    assert tool == "web_research", (text, tool, arguments)


@pytest.mark.parametrize(
    "text",
    [
        "find a jazz station",
        "find me a rock station",
        "search for a sports radio station",
        "find the morning broadcast on harbour fm",
        "put on the sunday broadcast",
        "i want to hear the football broadcast",
        "find a talk show on the radio",
    ],
)
def test_stations_and_broadcasts_are_played(assistant: Any, text: str) -> None:
    tool, arguments = _first(assistant, text)
    assert tool == "media_play", (text, tool, arguments)


@pytest.mark.parametrize(
    "text",
    ["what time is the broadcast", "broadcast a message to everyone", "where is the station"],
)
def test_broadcast_near_misses_play_nothing(assistant: Any, text: str) -> None:
    assert _first(assistant, text)[0] != "media_play", text


# -- news ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "did anything happen in the old town today",
        "has anything happened at the harbour",
        "did anything important happen overnight",
    ],
)
def test_whether_anything_happened_is_news(assistant: Any, text: str) -> None:
    tool, arguments = _first(assistant, text)
    assert tool == "web_research", (text, tool, arguments)
    assert arguments["question"] == text, arguments


@pytest.mark.parametrize(
    "text", ["did anything happen to my files", "has anything happened to my order"]
)
def test_own_things_that_happened_are_not_looked_up(assistant: Any, text: str) -> None:
    assert _first(assistant, text)[0] != "web_research", text


@pytest.mark.parametrize(
    "text",
    [
        "did the health care bill pass the senate",
        "has the treaty been ratified",
        "has the president signed the bill",
        "what's been happening in the world today",
    ],
)
def test_a_law_s_progress_is_news(assistant: Any, text: str) -> None:
    assert _first(assistant, text)[0] == "web_research", text


@pytest.mark.parametrize(
    "text", ["has my phone bill been paid", "did i pay the bill", "has bill signed the card"]
)
def test_bills_of_one_s_own_or_a_bill_s_doings_are_not_news(assistant: Any, text: str) -> None:
    assert _first(assistant, text)[0] != "web_research", text


# -- light colours -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("i want a blue atmosphere", {"device": "lights", "colour": "blue"}),
        ("give me a green glow in the hall", {"device": "lights in the hall", "colour": "green"}),
        ("set the lights to christmas colours", {"device": "lights"}),  # which colour: asked
        ("make lights rainbow colours", {"device": "lights"}),
        ("use a softer colour in the lounge", {"device": "lounge"}),
    ],
)
def test_a_coloured_feel_or_a_kind_of_colour(
    assistant: Any, text: str, arguments: dict[str, str]
) -> None:
    assert _first(assistant, text) == ("home_light_set", arguments), text


@pytest.mark.parametrize(
    "text",
    [
        "change the chart to christmas colours",
        "i want a new colour scheme for my website",
        "give me a green feel for the logo",
        "i want a blue mood board",
    ],
)
def test_colours_of_other_things_stay_off_the_lights(assistant: Any, text: str) -> None:
    assert _first(assistant, text)[0] != "home_light_set", text
