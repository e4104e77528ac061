"""Words that say when ("time", "now", "today") are no evidence of what a request is about.

Asked the time, a small model offered every tool whose words mention time called a timer,
the calendar or the player's "now playing". Selection now counts such words only beside
a word that says what, or for a tool about time itself (`time_now`). The tools here are
botpsy's own (alarms, clock) built from their real definitions, beside two shaped like
the media and calendar tools.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms.clock import ClockTools
from botpsy_alarms.store import AlarmStore
from botpsy_alarms.tools import AlarmTools

from assistant.assisted.assist import assisted_tools
from assistant.assisted.selection import name_words_needed, score_tools, select_tools, stem
from assistant.clock import Clock
from assistant.tools import Tool
from tests.conftest import NOW, ZONE

NOW_PLAYING = {"type": "function", "function": {
    "name": "media_now_playing", "description": "What the player is playing now: title and artist.",
    "parameters": {"type": "object", "properties": {}, "required": []}}}  # fmt: skip
LIST_EVENTS = {"type": "function", "function": {
    "name": "calendar_list_events",
    "description": "List (show) the events on the calendar for a day or a period, e.g. today.",
    "parameters": {"type": "object", "properties": {"when": {"type": "string"}}, "required": []}}}  # fmt: skip


@pytest.fixture
def tools(tmp_path: Path) -> list[dict[str, Any]]:
    clock = Clock(ZONE, NOW)
    alarms = AlarmTools(AlarmStore(tmp_path / "alarms.sqlite3", ZONE), clock)
    own = [alarms.alarm_set, alarms.timer_set, alarms.alarm_list, ClockTools(clock).time_now]
    return [Tool.from_function(f).definition() for f in own] + [NOW_PLAYING, LIST_EVENTS]


def relevant(request: str, tools: list[dict[str, Any]]) -> set[str]:
    return {s.name for s in score_tools(request, tools) if s.relevant}


@pytest.mark.parametrize(
    "request_text",
    ["what time is it", "what time is it now", "which day is it today", "what's the date today",
     "time in tokyo right now"],
)  # fmt: skip
def test_a_question_about_the_time_is_about_the_clock_only(
    request_text: str, tools: list[dict[str, Any]]
) -> None:
    assert relevant(request_text, tools) == {"time_now"}
    chosen, _ = assisted_tools(request_text, tools)
    assert [d["function"]["name"] for d in chosen] == ["time_now"]
    scores = {s.name: s.score for s in score_tools(request_text, tools)}
    assert scores["timer_set"] == scores["media_now_playing"] == scores["calendar_list_events"] == 0


def test_without_the_clock_tool_nothing_is_offered(tools: list[dict[str, Any]]) -> None:
    others = [t for t in tools if t["function"]["name"] != "time_now"]
    assert relevant("what time is it now", others) == set()
    assert assisted_tools("which day is it today", others) == ([], [])


@pytest.mark.parametrize(
    ("request_text", "wanted"),
    [
        ("set a timer for ten minutes", "timer_set"),
        ("what's playing now", "media_now_playing"),
        ("what's on my calendar today", "calendar_list_events"),
        ("how long is left on the timer now", "alarm_list"),
    ],
)
def test_beside_a_word_that_says_what_when_words_still_count(
    request_text: str, wanted: str, tools: list[dict[str, Any]]
) -> None:
    assert wanted in relevant(request_text, tools)
    first = select_tools(request_text, tools, limit=1)
    assert [d["function"]["name"] for d in first] == [wanted]


def test_today_still_adds_to_a_tool_the_request_names(tools: list[dict[str, Any]]) -> None:
    with_day = {s.name: s.score for s in score_tools("calendar events today", tools)}
    without = {s.name: s.score for s in score_tools("calendar events", tools)}
    assert with_day["calendar_list_events"] > without["calendar_list_events"]


LIGHTS_ON = {"type": "function", "function": {
    "name": "home_turn_on", "description": "Turn on (switch on) a light, lamp or plug.",
    "parameters": {"type": "object", "properties": {"device": {"type": "string"}},
                   "required": ["device"]}}}  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "wanted"),
    [("turn on the lamp now", "home_turn_on"), ("list the events on my calendar today", "calendar_list_events")],
)  # fmt: skip
def test_the_clock_is_not_offered_beside_a_tool_the_request_names(
    request_text: str, wanted: str, tools: list[dict[str, Any]]
) -> None:
    found = relevant(request_text, [*tools, LIGHTS_ON])
    assert wanted in found and "time_now" not in found


# -- stems that met by accident, and questions that need a tool's name ----------------------
OPEN_FILE = {"type": "function", "function": {
    "name": "open_file", "description": "Open a file in its default app.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                   "required": ["path"]}}}  # fmt: skip


@pytest.mark.parametrize(
    ("one", "other"),
    [("times", "timer"), ("times", "timers"), ("coves", "cover"), ("notes", "noted")],
)
def test_a_plural_does_not_meet_an_agent_noun_it_only_resembles(one: str, other: str) -> None:
    """ "times" is "time" + "s"; "timer" is an agent noun: they stem apart."""
    assert stem(one) != stem(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("timer", "timers"), ("time", "times"), ("file", "files"), ("note", "notes"),
     ("box", "boxes"), ("match", "matches"), ("reminder", "reminders"), ("page", "pages")],
)  # fmt: skip
def test_the_forms_of_one_word_still_meet(one: str, other: str) -> None:
    assert stem(one) == stem(other)


def test_the_plural_of_each_tool_words_base_meets_its_singular(
    tools: list[dict[str, Any]],
) -> None:
    """Systematic over the tools' own agent nouns ("timer", "reminder"): the plural of the
    base ("times") stems as the base does ("time"). Stripping "es" from "times" made it
    "tim", the stem of "timer": "six times seven" was a timer request."""
    vocabulary = {
        w
        for d in tools
        for w in re.split(
            r"[^a-z]+", f"{d['function']['name']} {d['function']['description']}".lower()
        )
        if len(w) > 3 and w.endswith("er")
    }
    assert "timer" in vocabulary
    for noun in vocabulary:
        for base in (noun[:-1], noun[:-2]):  # "time" + "r", "remind" + "er"
            assert stem(base + "s") == stem(base), base


@pytest.mark.parametrize(
    "request_text",
    ["what is thirty six times twelve", "hey what's six times seven", "how many times is four in twenty"],
)  # fmt: skip
def test_multiplying_is_not_a_timer_request(request_text: str, tools: list[dict[str, Any]]) -> None:
    assert "timer_set" not in relevant(request_text, tools)
    assert assisted_tools(request_text, tools)[0] == []


@pytest.mark.parametrize(
    "request_text",
    ["how many pints are in a gallon", "how much is a kilo in pounds",
     "keep a tally of my chores and tell me when i fall behind"],
)  # fmt: skip
def test_a_question_of_knowledge_is_not_the_clocks_by_its_description(
    request_text: str, tools: list[dict[str, Any]]
) -> None:
    assert relevant(request_text, tools) == set()


@pytest.mark.parametrize(
    ("request_text", "needed"),
    [
        ("set a timer for ten minutes", 0),
        ("play something relaxing", 0),
        ("what is the capital of peru", 1),
        ("hey can you tell me what's the tallest mountain", 1),
        ("how many legs does a spider have", 1),
        ("who was the first person on the moon", 1),
        ("tell me a joke", 2),
        ("open a riddle for me", 2),
        ("what is the definition of a lighthouse", 2),
        ("define serendipity", 2),
    ],
)
def test_questions_of_knowledge_need_a_tools_name(request_text: str, needed: int) -> None:
    assert name_words_needed(request_text) == needed


def test_open_alone_does_not_make_a_joke_a_file(tools: list[dict[str, Any]]) -> None:
    both = [*tools, OPEN_FILE]
    assert "open_file" in relevant("open the file report.txt", both)
    assert relevant("open some funny jokes", both) == set()
    assert relevant("what is the definition of a file", both) == set()


@pytest.mark.parametrize(
    ("request_text", "wanted"),
    [("what time is it in lisbon", "time_now"), ("what's on my calendar today", "calendar_list_events"),
     ("what's playing now", "media_now_playing"), ("how many alarms have i set", "alarm_list"),
     ("when is my next alarm", "alarm_list")],
)  # fmt: skip
def test_a_question_that_names_a_tool_still_reaches_it(
    request_text: str, wanted: str, tools: list[dict[str, Any]]
) -> None:
    assert wanted in relevant(request_text, tools)
