"""`botpsy eval slurp`: scoring, the intent mapping, and the command, on a tiny invented file.

The requests here are invented, about botpsy's own domains, written the way SLURP writes its
records (lower case, no punctuation, gold intent and entity spans); no SLURP text is used.
"""

from __future__ import annotations

import json
import os
import tomllib
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from assistant.config import Config
from assistant.errors import UsageError
from assistant.evals.slurp import (
    NONE,
    NOW,
    ZONE,
    Mapping,
    NoModel,
    Request,
    Shape,
    judge,
    load_mapping,
    load_requests,
    run,
    select,
    summarize,
)
from assistant.models.scripted import ScriptedModel
from tests.helpers import call

INVENTED = [
    ("calendar", "set", "add dentist friday at 3pm",
     [("event_name", "dentist"), ("date", "friday"), ("time", "3pm")]),
    ("calendar", "query", "what is on my calendar tomorrow", [("date", "tomorrow")]),
    ("general", "joke", "tell me a joke about robots", []),
    ("alarm", "set", "wake me at 6am", [("time", "6am")]),
    ("lists", "createoradd", "put oat milk on the shopping list",
     [("list_name", "shopping")]),
    ("weather", "query", "will it rain in berlin tomorrow",
     [("place_name", "berlin"), ("date", "tomorrow")]),
]  # fmt: skip
NOW_AT = datetime.fromisoformat(NOW).astimezone(ZoneInfo(ZONE))  # Wednesday 2026-11-25 09:30
SHAPES = {
    "calendar_create_event": Shape(("start", "end"), ("title", "location", "notes")),
    "calendar_list_events": Shape(("when",), ()),
    "web_search": Shape((), ("query",)),
}


def write_data(folder: Path, rows: list[tuple[str, str, str, list[tuple[str, str]]]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for number, (scenario, action, text, entities) in enumerate(rows, 1):
        annotation = text
        for kind, span in entities:
            annotation = annotation.replace(span, f"[{kind} : {span}]", 1)
        lines.append(json.dumps({"id": 9000 + number, "text": text, "scenario": scenario,
                                 "action": action, "intent": f"{scenario}_{action}",
                                 "entities": [{"type": k, "text": t} for k, t in entities],
                                 "annotation": annotation}))  # fmt: skip
    (folder / "devel.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def request(intent: str, entities: list[tuple[str, str]]) -> Request:
    scenario = intent.split("_", 1)[0]
    return Request("1", "", scenario, intent, entities)


def score(
    intent: str, entities: list[tuple[str, str]], tool: str, arguments: dict[str, Any]
) -> Any:
    return judge(request(intent, entities), tool, arguments, load_mapping(), SHAPES, NOW_AT)


DENTIST = [("event_name", "dentist"), ("date", "friday"), ("time", "3pm")]


def test_the_right_tool_with_the_right_day_and_hour_scores_right() -> None:
    record = score("calendar_set", DENTIST, "calendar_create_event",
                   {"title": "Dentist", "start": "2026-11-27T15:00+01:00"})  # fmt: skip
    assert (record.tool_ok, record.args_ok, record.problems) == (True, True, [])
    listed = score("calendar_query", [("date", "tomorrow")], "calendar_list_events",
                   {"when": "2026-11-26T00:00+01:00/2026-11-27T00:00+01:00"})  # fmt: skip
    assert listed.tool_ok and listed.args_ok


def test_a_wrong_tool_scores_wrong_and_its_arguments_are_not_judged() -> None:
    record = score("calendar_set", DENTIST, "web_search", {"query": "dentist friday 3pm"})
    assert (record.tool_ok, record.args_ok) == (False, None)
    assert "expected calendar_create_event" in record.problems[0]
    said = score("calendar_set", DENTIST, NONE, {})
    assert not said.tool_ok


def test_the_right_tool_on_the_wrong_day_or_hour_has_wrong_arguments() -> None:
    day = score("calendar_set", DENTIST, "calendar_create_event",
                {"title": "Dentist", "start": "2026-11-28T15:00+01:00"})  # fmt: skip
    assert day.tool_ok and day.args_ok is False and "not the gold 2026-11-27" in day.problems[0]
    hour = score("calendar_set", DENTIST, "calendar_create_event",
                 {"title": "Dentist", "start": "2026-11-27T03:00+01:00"})  # fmt: skip
    assert hour.args_ok is False and "15:00" in hour.problems[0]
    no_time = score("calendar_set", DENTIST, "calendar_create_event",
                    {"title": "Dentist", "start": "2026-11-27"})  # fmt: skip
    assert no_time.args_ok is False and "no time of day" in no_time.problems[0]
    unresolved = score(
        "calendar_set",
        DENTIST,
        "calendar_create_event",
        {"title": "Dentist", "start": "friday at 3pm"},
    )  # an invalid call keeps its text
    assert unresolved.args_ok is False  # fmt: skip


def test_names_must_be_in_the_text_arguments() -> None:
    record = score("calendar_set", DENTIST, "calendar_create_event",
                   {"title": "Doctor", "start": "2026-11-27T15:00+01:00"})  # fmt: skip
    assert record.args_ok is False and record.problems == [
        "event_name 'dentist' not in the arguments"
    ]
    # A search carries the date as words; a name with a possessive still counts.
    traffic = [("place_name", "berlin"), ("date", "tomorrow")]
    assert score(
        "transport_traffic", traffic, "web_search", {"query": "Berlin traffic tomorrow"}
    ).args_ok
    assert not score(
        "transport_traffic", traffic, "web_search", {"query": "Berlin traffic"}
    ).args_ok
    mom = score("qa_factoid", [("relation", "mom 's")], "web_search", {"query": "my mom birthday"})
    assert mom.args_ok


def test_a_tool_not_installed_cannot_be_right_and_answers_in_words_can() -> None:
    alarm = score("alarm_set", [("time", "6am")], "alarm_set", {"time": "6am"})
    assert not alarm.tool_ok and not alarm.in_scope  # a model naming a future tool is still a miss
    joke = score("general_joke", [], NONE, {})
    assert (joke.tool_ok, joke.args_ok, joke.in_scope) == (True, None, True)


def test_a_gold_time_the_parser_cannot_resolve_is_left_unchecked() -> None:
    record = score("calendar_set", [("event_name", "dentist"), ("date", "the day after payday")],
                   "calendar_create_event", {"title": "Dentist", "start": "2026-11-27"})  # fmt: skip
    assert record.tool_ok and record.args_ok is None and record.unchecked
    figures = summarize([record])["all"]
    assert (figures["args_checked"], figures["args_unchecked"]) == (0, 1)


def test_the_mapping_covers_every_label_and_names_a_missing_one(tmp_path: Path) -> None:
    data = write_data(tmp_path / "slurp", INVENTED)
    mapping = load_mapping()
    mapping.check_covers({r.intent for r in load_requests(data)})
    with pytest.raises(UsageError, match="zoo_feed"):
        mapping.check_covers({"calendar_set", "zoo_feed"})
    with pytest.raises(UsageError, match="zoo_feed"):
        mapping.expected("zoo_feed")


def test_a_label_written_without_its_scenario_is_read_as_scenario_action(tmp_path: Path) -> None:
    data = write_data(tmp_path / "slurp", INVENTED[:1])
    row = json.loads((data / "devel.jsonl").read_text())
    (data / "devel.jsonl").write_text(json.dumps({**row, "intent": "set"}) + "\n")
    assert load_requests(data)[0].intent == "calendar_set"


def test_every_tool_the_mapping_names_is_installed_or_listed_as_future(home: Path) -> None:
    _, installed = run([], Config(), NoModel(), load_mapping(), progress=False)
    raw = tomllib.loads(files("assistant.evals").joinpath("slurp_intents.toml").read_text("utf-8"))
    named = {tool for tools in raw["intents"].values() for tool in tools} - {NONE}
    future = set(raw["future"])
    assert named - set(installed) - future == set(), "add them to [future] or build them"
    assert future & set(installed) == set(), "these exist now: take them out of [future]"
    assert future <= named, "a [future] tool no intent uses"
    assert {"calendar_create_event", "mail_send", "web_search"} <= set(installed)
    assert os.environ["HOME"] == str(home)  # the isolated home is gone again


def test_per_scenario_and_limit_keep_file_order(tmp_path: Path) -> None:
    rows = [*INVENTED, ("calendar", "remove", "cancel the dentist", [("event_name", "dentist")])]
    requests = load_requests(write_data(tmp_path / "slurp", rows))
    firsts = select(requests, 1, None)
    assert [r.intent for r in firsts] == [
        "calendar_set", "general_joke", "alarm_set", "lists_createoradd", "weather_query"]  # fmt: skip
    assert [r.id for r in select(requests, 1, 2)] == ["9001", "9003"]
    assert len(select(requests, None, 4)) == 4


def test_the_model_path_is_scored_like_the_intents(home: Path) -> None:
    rows = [INVENTED[5], INVENTED[2]]
    requests = load_requests(write_data(home / "slurp", rows))
    model = ScriptedModel(
        [call("weather_forecast", when="tomorrow", place="berlin"), "Why did the robot..."]
    )
    records, _ = run(requests, Config(), model, load_mapping(), use_intents=False, progress=False)
    weather, joke = records
    assert (weather.tool, weather.tool_ok, weather.args_ok, weather.path) == (
        "weather_forecast", True, True, "model")  # fmt: skip
    assert (joke.tool, joke.tool_ok) == (NONE, True)


def test_no_model_scores_what_the_intents_leave_as_no_tool(cli: Any, home: Path) -> None:
    data = write_data(home / "slurp", INVENTED)
    done = cli("eval", "slurp", "--data", str(data), "--no-model", "--json")
    assert done.status == 0, done.stderr
    report = json.loads(done.stdout)
    assert {"model", "intents", "now", "scenarios", "all", "in_scope", "hermit", "installed",
            "requests"} <= set(report)  # fmt: skip
    assert report["model"] == "none" and report["hermit"] == 84.84
    assert report["scenarios"]["calendar"]["hermit"] == 88
    assert set(report["all"]) >= {"n", "tool_accuracy", "args_accuracy", "args_checked"}
    records = {r["id"]: r for r in report["requests"]}
    assert set(next(iter(records.values()))) >= {"id", "intent", "expected", "tool", "arguments",
                                                 "tool_ok", "args_ok", "path", "seconds"}  # fmt: skip
    dentist = records["9001"]  # the calendar intent answers it, without a model
    assert (dentist["path"], dentist["tool"], dentist["tool_ok"], dentist["args_ok"]) == (
        "intent", "calendar_create_event", True, True)  # fmt: skip
    assert dentist["arguments"]["start"].startswith("2026-11-27T15:00")
    alarm = records["9004"]
    assert (alarm["path"], alarm["tool"], alarm["tool_ok"], alarm["args_ok"]) == (
        "intent", "alarm_set", True, True)  # the alarms plugin's intent  # fmt: skip
    assert records["9003"]["tool_ok"]  # the joke: words are the right answer
    assert report["all"]["n"] == 6 and report["in_scope"]["n"] == 6  # alarms are in scope now
    table = cli("eval", "slurp", "--data", str(data), "--no-model", "--per-scenario", "1")
    assert table.status == 0 and "HerMiT" in table.stdout and "84.84" in table.stdout


def test_a_missing_data_dir_or_label_is_one_clear_line(cli: Any, home: Path) -> None:
    done = cli("eval", "slurp", "--data", str(home / "nowhere"), "--no-model")
    assert done.status == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"botpsy: --data: no such directory: {home / 'nowhere'} (SLURP devel; see --help)"
    ]
    data = write_data(home / "zoo", [("zoo", "feed", "feed the robot", [])])
    done = cli("eval", "slurp", "--data", str(data), "--no-model")
    assert done.status == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "zoo_feed" in done.stderr


def test_a_mapping_file_is_plain_data() -> None:
    mapping = load_mapping()
    assert isinstance(mapping, Mapping) and {"date", "time"} <= mapping.times
    assert all(isinstance(tools, list) and tools for tools in mapping.intents.values())


def test_a_time_the_tool_takes_as_words_is_judged_by_the_days_it_means() -> None:
    """A forecast's `when` is words the tool resolves; other words for the same days are right."""
    shapes = {"weather_forecast": Shape((), ("when", "place"))}
    mapping = load_mapping()

    def forecast(date_span: str, when: str) -> Any:
        asked = request("weather_query", [("date", date_span)])
        return judge(asked, "weather_forecast", {"when": when}, mapping, shapes, NOW_AT)

    assert forecast("coming week", "the next 7 days").args_ok
    assert forecast("tomorrows", "tomorrow").args_ok
    wrong_day = forecast("tomorrow", "saturday")
    assert wrong_day.args_ok is False and "not the gold 2026-11-26" in wrong_day.problems[0]
    # Words that are not a time are still compared as words.
    assert forecast("tomorrow", "rain").args_ok is False
