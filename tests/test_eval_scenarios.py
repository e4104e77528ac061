"""`botpsy eval scenarios`: the suite's shape, the world a scenario starts from, and the checker.

No model is loaded: scenarios here are answered by a scripted model (the call it makes is
written in the test) or by the local intents, so what is tested is the harness: that the real
local stores are seeded and read back, that dry-run plans calls and runs none, that the Home
Assistant stand-in lists devices and records what it is asked, and that a wrong end state
fails the scenario with a reason.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from assistant.errors import UsageError
from assistant.evals.scenario_world import HomeStandIn, private_home
from assistant.evals.scenarios import (
    ScenarioResult,
    _resolved,
    load_scenarios,
    main,
    run_scenario,
    summarize,
)
from assistant.models.scripted import ScriptedModel
from tests.helpers import call

NOW, SUITE = load_scenarios(None)
KITCHEN = [{"id": "light.kitchen_ceiling", "name": "Ceiling", "area": "Kitchen", "state": "on"},
           {"id": "light.hall", "name": "Hall light", "area": "Hall", "state": "on"}]  # fmt: skip


def scripted(*turns: str) -> ScriptedModel:
    return ScriptedModel(list(turns))


def play(scenario: dict[str, Any], model: Any = None, intents: bool = False) -> ScenarioResult:
    full = {"id": "t", "kind": "simple", "turns": ["do it"], "expect_events": [], **scenario}
    return run_scenario(full, NOW, model or scripted(), use_intents=intents)


# -- the suite -----------------------------------------------------------------------------------
def installed_tools() -> set[str]:
    """The tools a scenario sees: built-ins plus the mail and Home Assistant stand-ins' tools."""
    import tempfile

    from assistant.app import build_assistant
    from assistant.evals.scenarios import Person

    home = HomeStandIn([]).start()
    try:
        with (
            tempfile.TemporaryDirectory() as name,
            private_home(Path(name), datetime.fromisoformat(NOW), home.url) as config,
        ):
            assistant = build_assistant(config, Person(), model=scripted(), dry_run=True)
            names = {tool.name for tool in assistant.agent.tools}
            assistant.close()
    finally:
        home.stop()
    return names


def test_the_suite_covers_every_domain_and_multi_step_request() -> None:
    ids = [s["id"] for s in SUITE]
    assert len(ids) == len(set(ids))
    assert {s["kind"] for s in SUITE} == {"simple", "complex"}
    domains = {s.get("domain", "calendar") for s in SUITE}
    assert domains >= {"calendar", "tasks", "files", "mail", "web", "devices", "home", "alarms",
                       "weather", "lists", "contacts", "time", "compound", "followup",
                       "disambiguation", "edit", "decline"}  # fmt: skip
    assert sum(s["kind"] == "complex" for s in SUITE) >= 25
    assert len(SUITE) >= 75
    for scenario in SUITE:  # every scenario checks an end state or a call, and has a user turn
        assert scenario["turns"] and all(t.strip() for t in scenario["turns"]), scenario["id"]
        ends = {"expect_calls", "expect_tasks", "expect_alarms", "expect_reply", "expect_files"}
        assert ends & set(scenario), scenario["id"]


def test_every_expected_tool_exists() -> None:
    names = installed_tools()
    assert {"mail_send", "mail_reply", "home_turn_on", "alarm_set", "weather_forecast"} <= names
    for scenario in SUITE:
        for want in scenario.get("expect_calls", []):
            tools = [want["tool"]] if isinstance(want["tool"], str) else want["tool"]
            assert set(tools) <= names, (scenario["id"], tools)


def test_service_domains_are_dry_runs_or_refused() -> None:
    """A scenario reaching mail, the web, the weather or the player must not reach them."""
    reaching = ("mail_", "web_", "weather_", "media_", "volume_", "home_")
    for scenario in SUITE:
        tools = [t for w in scenario.get("expect_calls", [])
                 for t in ([w["tool"]] if isinstance(w["tool"], str) else w["tool"])]  # fmt: skip
        if any(t.startswith(reaching) for t in tools):
            assert scenario.get("dry_run") or scenario.get("approve") is False, scenario["id"]


# -- the world: real local stores, seeded and read back ------------------------------------------
def test_alarms_are_seeded_and_read_back_from_the_real_store() -> None:
    scenario = {"alarms": [{"at": "2026-11-30T07:00"}, {"at": "2026-11-30T08:30"}],
                "expect_alarms": [{"at": "2026-11-30T08:30"}]}  # fmt: skip
    model = scripted(call("alarm_delete", alarm="7:00"), "Done.")
    result = play({**scenario, "expect_calls": [{"tool": "alarm_delete"}]}, model)
    assert result.passed, result.problems
    untouched = play(scenario, scripted("Nothing to do."))  # both alarms still there: a failure
    assert not untouched.passed
    assert "alarms are" in untouched.problems[0] and "08:30" in untouched.problems[0]


def test_list_items_compare_by_title_done_and_list() -> None:
    seeded = {"tasks": [{"title": "Bread", "list": "Shopping"}, {"title": "Call the bank"}]}
    right = play({**seeded, "expect_tasks": [{"title": "Bread", "list": "shopping"},
                                             {"title": "Call the bank"}]}, scripted("Fine."))  # fmt: skip
    assert right.passed, right.problems
    wrong_list = play({**seeded, "expect_tasks": [{"title": "Bread", "list": "hardware"},
                                                  {"title": "Call the bank"}]}, scripted("Fine."))  # fmt: skip
    assert not wrong_list.passed


def test_contacts_resolve_a_recipient_in_a_dry_run_and_nothing_is_sent() -> None:
    send: dict[str, Any] = {"tool": "mail_send", "decision": "dry-run",
                            "arguments": {"body": "keys"}, "resolved": {"to": "lena@example.org"}}  # fmt: skip
    scenario = {"dry_run": True, "contacts": [{"name": "Lena Vogt", "emails": ["lena@example.org"]}],
                "expect_calls": [send]}  # fmt: skip
    model = scripted(
        call("mail_send", to="lena", subject="Keys", body="The keys are under the mat.")
    )
    result = play(scenario, model)
    assert result.passed, result.problems
    other = play({**scenario, "expect_calls": [{**send, "resolved": {"to": "tomas@example.org"}}]},
                 scripted(call("mail_send", to="lena", subject="Keys", body="The keys.")))  # fmt: skip
    assert not other.passed and "resolved to 'lena@example.org'" in other.problems[0]


# -- Home Assistant stand-in ---------------------------------------------------------------------
def test_home_stand_in_resolves_rooms_and_records_only_real_calls() -> None:
    turn_off = call("home_turn_off", device="kitchen lights")
    expected = {"tool": "home_turn_off", "resolved": {"device": ["light.kitchen_ceiling"]}}
    planned = play({"dry_run": True, "home": KITCHEN, "expect_calls": [expected],
                    "expect_home_calls": []}, scripted(turn_off))  # fmt: skip
    assert planned.passed, planned.problems
    ran = play({"home": KITCHEN, "expect_calls": [expected],
                "expect_home_calls": ["light.turn_off light.kitchen_ceiling"]},
               scripted(turn_off, "The kitchen light is off."))  # fmt: skip
    assert ran.passed, ran.problems


def test_a_refused_unlock_never_reaches_home_assistant() -> None:
    door = [{"id": "lock.front_door", "name": "Front door", "area": "Hall", "state": "locked"}]
    scenario = {"approve": False, "home": door, "turns": ["unlock the front door"],
                "expect_calls": [{"tool": "home_unlock", "decision": "denied"}],
                "expect_home_calls": []}  # fmt: skip
    result = play(scenario, scripted(call("home_unlock", device="front door"), "Not unlocked."))
    assert result.passed, result.problems
    said_yes = play({**scenario, "approve": True},
                    scripted(call("home_unlock", device="front door"), "Unlocked."))  # fmt: skip
    assert not said_yes.passed  # approved: the stand-in was asked to unlock, which the check sees
    assert any("lock.unlock lock.front_door" in p for p in said_yes.problems)


def test_the_stand_in_answers_states_and_the_area_template() -> None:
    import json
    import urllib.request

    home = HomeStandIn(KITCHEN).start()
    try:
        with urllib.request.urlopen(home.url + "/api/states") as answer:
            states = json.load(answer)
        request = urllib.request.Request(home.url + "/api/template", b'{"template": "x"}',
                                         method="POST")  # fmt: skip
        with urllib.request.urlopen(request) as answer:
            areas = json.loads(answer.read())
    finally:
        home.stop()
    assert [s["entity_id"] for s in states] == ["light.kitchen_ceiling", "light.hall"]
    assert states[0]["attributes"]["friendly_name"] == "Ceiling"
    assert areas["light.hall"][0] == "Hall"


# -- the checker and the run ---------------------------------------------------------------------
def test_any_of_several_tools_and_a_left_out_call_list() -> None:
    either = {"dry_run": True, "expect_calls": [{"tool": ["web_search", "web_research"]}]}
    assert play(either, scripted(call("web_search", query="eiffel tower height"))).passed
    assert not play(either, scripted(call("weather_forecast", when="tomorrow"))).passed
    assert play({"expect_reply": ["Hello"]}, scripted("Hello there.")).passed  # calls unchecked


def test_resolved_lists_are_exact_sets() -> None:
    assert _resolved("light.a,light.b", ["light.b", "light.a"])
    assert not _resolved("light.a,light.b,light.c", ["light.a", "light.b"])
    assert not _resolved(None, "anything")


def test_a_scenario_leaves_the_environment_as_it_was(tmp_path: Path) -> None:
    before = dict(os.environ)
    play({"turns": ["set an alarm for seven am"],
          "expect_alarms": [{"at": "2026-11-30T07:00"}]}, intents=True)  # fmt: skip
    assert dict(os.environ) == before


def test_intents_answer_scenarios_of_the_suite_without_a_model() -> None:
    """The local stores through the intents: a model that is never asked (it has no turns)."""
    chosen = {"alarm-cancel", "list-read", "contact-phone", "unlock-refused", "wake-me-up"}
    for scenario in (s for s in SUITE if s["id"] in chosen):
        result = run_scenario(scenario, NOW, scripted(), use_intents=True)
        assert result.paths and set(result.paths) <= {"intent", "followup"}, result
        assert result.passed, (scenario["id"], result.problems)


def test_figures_per_kind_and_domain() -> None:
    results = [ScenarioResult("a", "simple", "mail", True, ["intent"], 0.2),
               ScenarioResult("b", "simple", "mail", False, ["model"], 1.0, ["x"]),
               ScenarioResult("c", "complex", "compound", True, ["intent", "followup"], 0.1)]  # fmt: skip
    figures = summarize(results)
    assert (
        figures["kinds"]["simple"]["passed"] == 1 and figures["kinds"]["simple"]["accuracy"] == 0.5
    )
    assert figures["kinds"]["complex"]["turns_by_intent"] == 2
    assert figures["domains"]["mail"] == {**figures["kinds"]["simple"]}
    assert figures["domains"]["compound"]["scenarios"] == 1


def test_an_unknown_scenario_id_or_domain_is_one_line() -> None:
    with pytest.raises(UsageError, match="no scenario with id nope"):
        main(["--only", "nope"])
    with pytest.raises(UsageError, match=r"--domain: no scenarios in fax \(have alarms, calendar"):
        main(["--domain", "fax"])


def test_no_model_runs_the_intents_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--no-model`: nothing is loaded; a turn the intents read passes, one they leave has no
    call (so it fails), and the report says which path each turn took."""
    suite = tmp_path / "two.toml"
    suite.write_text(
        'now = "2026-11-29T18:30:00+01:00"\n\n'
        '[[scenario]]\nid = "read"\nkind = "simple"\ndomain = "alarms"\n'
        'turns = ["set an alarm for 6.40 tomorrow"]\nexpect_alarms = [{ at = "2026-11-30T06:40" }]\n'
        "expect_events = []\n\n"
        '[[scenario]]\nid = "left"\nkind = "simple"\ndomain = "alarms"\n'
        'turns = ["do the thing with the stuff"]\nexpect_calls = [{ tool = "alarm_set" }]\n'
        "expect_events = []\n",
        encoding="utf-8",
    )
    assert main(["--file", str(suite), "--no-model", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    outcome = {s["id"]: (s["passed"], s["paths"]) for s in report["scenarios"]}
    assert report["model"] == "none"
    assert outcome == {"read": (True, ["intent"]), "left": (False, ["model"])}
    with pytest.raises(UsageError, match="nothing to answer"):
        main(["--file", str(suite), "--no-model", "--no-intents"])
