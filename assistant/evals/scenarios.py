"""`botpsy eval scenarios`: botpsy's own requests, in every domain, through the pipeline a user runs.

Each scenario starts in a fresh private home at a pinned time (scenario_world: the real
calendar, task, contact, alarm and file stores, seeded from the scenario; stand-ins for the
mail servers and Home Assistant), plays its turns through exactly the agent a user runs (local
intents, then the model), and is right when the expected calls happened, with the expected
arguments and resolved targets, and the stores end in the expected state. Scenarios whose
tools reach services run in dry-run: calls are planned and recorded, none is made. Simple
and complex tasks are reported apart, and per domain, with which path answered each turn.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from assistant.errors import ExitStatus, UsageError
from assistant.evals.progress import Progress
from assistant.evals.scenario_world import ZONE, HomeStandIn, alarms_after, private_home, seed


@dataclass
class ScenarioResult:
    """One scenario's outcome."""

    id: str
    kind: str
    domain: str
    passed: bool
    paths: list[str]
    seconds: float
    problems: list[str] = field(default_factory=list)
    reply: str = ""  # the last turn's reply
    calls: list[str] = field(default_factory=list)  # "tool decision" of each call, in order


def load_scenarios(path: Path | None) -> tuple[str, list[dict[str, Any]]]:
    """The pinned time and the scenarios of a TOML file (default: the built-in suite)."""
    text = (
        path.read_text("utf-8")
        if path
        else files("assistant.evals").joinpath("scenarios.toml").read_text("utf-8")
    )
    data = tomllib.loads(text)
    return data["now"], data["scenario"]


def _matches(actual: Any, expected: Any) -> bool:
    if isinstance(expected, str):
        return (
            str(actual).lower().startswith(expected.lower())
            or expected.lower() in str(actual).lower()
        )
    return bool(actual == expected)


def _resolved(actual: Any, expected: Any) -> bool:
    """A pinned target: a list means exactly those (comma-separated ids, in any order)."""
    if actual is None:
        return False
    if isinstance(expected, list):
        return sorted(str(actual).split(",")) == sorted(expected)
    return _matches(actual, expected)


def _tools(want: dict[str, Any]) -> list[str]:
    """The acceptable tools of an expected call: one name, or a list of equally right ones."""
    tool = want["tool"]
    return [tool] if isinstance(tool, str) else list(tool)


def _call_problems(expected_calls: list[dict[str, Any]], made: list[Any]) -> list[str]:
    problems = []
    if len(made) != len(expected_calls):
        problems.append(f"expected {len(expected_calls)} calls, got {[c.tool for c in made]}")
    for want, call in zip(expected_calls, made, strict=False):
        if call.tool not in _tools(want):
            problems.append(f"called {call.tool}, expected {' or '.join(_tools(want))}")
            continue
        for key, value in want.get("arguments", {}).items():
            if not _matches(call.arguments.get(key, ""), value):
                problems.append(
                    f"{call.tool}: {key}={call.arguments.get(key)!r}, expected {value!r}"
                )
        pinned = getattr(call, "pinned", None) or {}
        for key, value in want.get("resolved", {}).items():
            if not _resolved(pinned.get(key), value):
                problems.append(
                    f"{call.tool}: {key} resolved to {pinned.get(key)!r}, expected {value!r}"
                )
        for attribute in ("decision", "outcome"):
            if attribute in want and getattr(call, attribute) != want[attribute]:
                problems.append(
                    f"{call.tool}: {attribute} {getattr(call, attribute)}, expected {want[attribute]}"
                )
    return problems


def _task_problems(scenario: dict[str, Any], tasks: list[Any]) -> list[str]:
    """Tasks compare by title and done, and by list when the expectation names one."""
    have = sorted((t.title.lower(), t.done, getattr(t, "list_name", "").lower()) for t in tasks)
    want = sorted((t["title"].lower(), t.get("done", False), t.get("list", "").lower())
                  for t in scenario["expect_tasks"])  # fmt: skip
    if len(have) != len(want) or not all(
        h[:2] == w[:2] and w[2] in h[2] for h, w in zip(have, want, strict=False)
    ):
        return [f"tasks are {have}, expected {want}"]
    return []


def check(
    scenario: dict[str, Any],
    calls: list[Any],
    reply: str,
    events: list[Any],
    tasks: list[Any] | None = None,
    files: list[str] | None = None,
    alarms: list[tuple[str, str, str]] | None = None,
    home_calls: list[str] | None = None,
) -> list[str]:
    """What differs from the expectation (empty when the scenario passed)."""
    problems = []
    if "expect_tasks" in scenario:
        problems += _task_problems(scenario, tasks or [])
    if "expect_files" in scenario and sorted(files or []) != sorted(scenario["expect_files"]):
        problems.append(
            f"files are {sorted(files or [])}, expected {sorted(scenario['expect_files'])}"
        )
    if "expect_alarms" in scenario:
        have_alarms = sorted(alarms or [])
        want_alarms = sorted((a.get("kind", "alarm"), a["at"], a.get("label", ""))
                             for a in scenario["expect_alarms"])  # fmt: skip
        if len(have_alarms) != len(want_alarms) or not all(
            h[0] == w[0] and h[1].startswith(w[1]) and w[2].lower() in h[2].lower()
            for h, w in zip(have_alarms, want_alarms, strict=False)
        ):
            problems.append(f"alarms are {have_alarms}, expected {want_alarms}")
    if "expect_home_calls" in scenario and (home_calls or []) != scenario["expect_home_calls"]:
        problems.append(
            f"Home Assistant was asked {home_calls or []}, expected {scenario['expect_home_calls']}"
        )
    if "expect_calls" in scenario:  # absent: any calls that leave the expected state are right
        problems += _call_problems(scenario["expect_calls"], list(calls))
    for word in scenario.get("expect_reply", []):
        if word.lower() not in reply.lower():
            problems.append(f"the reply does not mention {word!r}")
    have = sorted((e.title, e.start.isoformat(timespec="minutes")) for e in events)
    want_events = sorted((e["title"], e["start"]) for e in scenario.get("expect_events", []))
    if len(have) != len(want_events) or not all(
        h[0].lower() == w[0].lower() and h[1].startswith(w[1])
        for h, w in zip(have, want_events, strict=False)
    ):
        problems.append(f"calendar holds {have}, expected {want_events}")
    return problems


class Refuser:
    """The scenario's user says no to every sensitive call."""

    def approve(self, request: Any) -> Any:
        from assistant.policy import Approval

        return Approval(False, note="the user said no")


class Person:
    """The scenario's user, at the terminal: answers the questions and says yes."""

    def approve(self, request: Any) -> Any:
        from assistant.policy import Approval

        return Approval(True, note="the user said yes")


def run_scenario(
    scenario: dict[str, Any], now: str, model: Any, use_intents: bool
) -> ScenarioResult:
    """Play one scenario in a fresh private home; `dry_run = true` plans calls and runs none."""
    from botpsy_calendar.store import VdirStore

    from assistant.app import build_assistant

    pinned = datetime.fromisoformat(now)
    home = HomeStandIn(scenario.get("home", [])).start()
    try:
        with (
            tempfile.TemporaryDirectory(prefix="botpsy-scenario-") as name,
            private_home(Path(name), pinned, home.url) as config,
        ):
            folder = Path(name)
            documents = folder / "Documents"
            seed(scenario, config.data_dir, documents, pinned)
            approver = Person() if scenario.get("approve", True) else Refuser()
            started = time.perf_counter()
            assistant = build_assistant(
                config, approver, model=model, dry_run=bool(scenario.get("dry_run", False))
            )
            calls: list[Any] = []
            paths: list[str] = []
            reply = ""
            try:
                session = None
                for turn in scenario["turns"]:
                    result = assistant.agent.run(turn, session, use_intents=use_intents)
                    session = assistant.sessions.load(result.session)
                    calls += result.calls
                    paths.append(result.path)
                    reply = result.reply
            finally:  # not assistant.close(): the model is shared by every scenario
                assistant.plugins.close()
                assistant.audit.close()
                assistant.sessions.close()
            seconds = time.perf_counter() - started
            store = VdirStore(config.data_dir / "calendars", "personal", ZoneInfo(ZONE))
            files = sorted(
                str(p.relative_to(documents)) for p in documents.rglob("*") if p.is_file()
            )
            problems = check(scenario, calls, reply, store.events(), store.tasks(), files,
                             alarms_after(config.data_dir, pinned), list(home.calls))  # fmt: skip
    finally:
        home.stop()
    made = [f"{c.tool} {c.decision}" for c in calls]
    return ScenarioResult(scenario["id"], scenario["kind"], scenario.get("domain", "calendar"),
                          not problems, paths, seconds, problems, reply, made)  # fmt: skip


def main(argv: list[str]) -> int:
    """`botpsy eval scenarios [--file F] [--only ID] [--domain D] [--no-intents|--no-model] [--json]`."""
    parser = argparse.ArgumentParser(
        prog="botpsy eval scenarios", description="botpsy's own suite."
    )
    parser.add_argument(
        "--file", type=Path, help="a scenarios TOML file (default: the built-in suite)"
    )
    parser.add_argument("--model", help="a GGUF file (default: the configured model)")
    parser.add_argument("--config", help="the config file")
    parser.add_argument(
        "--no-intents", action="store_true", help="answer every turn with the model"
    )
    parser.add_argument(
        "--no-model",
        action="store_true",
        help="the local intents alone: no model is loaded, a turn they leave gets no call",
    )
    parser.add_argument("--only", action="append", help="run only this scenario id (repeatable)")
    parser.add_argument("--domain", action="append", help="run only this domain (repeatable)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    from assistant.app import make_model
    from assistant.config import load_config

    now, scenarios = load_scenarios(args.file)
    if args.only:
        scenarios = [s for s in scenarios if s["id"] in args.only]
        if not scenarios:
            raise UsageError(f"no scenario with id {', '.join(args.only)}")
    if args.domain:
        known = {s.get("domain", "calendar") for s in scenarios}
        if unknown := sorted(set(args.domain) - known):
            raise UsageError(
                f"--domain: no scenarios in {', '.join(unknown)} (have {', '.join(sorted(known))})"
            )
        scenarios = [s for s in scenarios if s.get("domain", "calendar") in args.domain]
    if args.no_model and args.no_intents:
        raise UsageError("--no-model and --no-intents together leave nothing to answer")
    if args.no_model:
        from assistant.evals.slurp import NoModel

        model: Any = NoModel()
    else:
        model = make_model(load_config(args.config), args.model)
    results = []
    meter = Progress("scenarios", len(scenarios))
    for index, scenario in enumerate(scenarios, 1):
        results.append(run_scenario(scenario, now, model, use_intents=not args.no_intents))
        meter.update(index)
    meter.close()
    model.close()
    report: dict[str, Any] = {"model": getattr(model, "name", "model"),
                              "intents": not args.no_intents, **summarize(results)}  # fmt: skip
    report["scenarios"] = [r.__dict__ for r in results]
    if args.json:
        print(json.dumps(report, indent=2))
        return ExitStatus.OK
    print(f"model {report['model']}, local intents {'on' if report['intents'] else 'off'}")
    print(
        f"{'kind':<8} {'passed':>9} {'accuracy':>9} {'by intent':>10} {'by model':>9} {'s/scenario':>11}"
    )
    for kind, k in report["kinds"].items():
        print(f"{kind:<8} {k['passed']:>4}/{k['scenarios']:<4} {k['accuracy']:>9.0%} {k['turns_by_intent']:>10}"
              f" {k['turns_by_model']:>9} {k['seconds_per_scenario']:>11.2f}")  # fmt: skip
    print("by domain: " + ", ".join(f"{d} {k['passed']}/{k['scenarios']}"
                                    for d, k in report["domains"].items()))  # fmt: skip
    for r in results:
        mark = "ok " if r.passed else "XX "
        print(f"  {mark}{r.id:<24} {'/'.join(r.paths):<16} {'; '.join(r.problems)[:150]}")
    return ExitStatus.OK


def _figures(mine: list[ScenarioResult]) -> dict[str, Any]:
    turns = [p for r in mine for p in r.paths]
    return {
        "scenarios": len(mine),
        "passed": sum(r.passed for r in mine),
        "accuracy": round(sum(r.passed for r in mine) / len(mine), 4) if mine else 0.0,
        "turns_by_intent": sum(p in ("intent", "followup", "declined") for p in turns),
        "turns_by_model": sum(p == "model" for p in turns),
        "seconds_per_scenario": round(sum(r.seconds for r in mine) / len(mine), 3) if mine else 0.0,
    }


def summarize(results: list[ScenarioResult]) -> dict[str, Any]:
    """Figures per kind (simple, complex) and per domain."""
    kinds = {kind: _figures([r for r in results if r.kind == kind])
             for kind in ("simple", "complex")}  # fmt: skip
    domains = {domain: _figures([r for r in results if r.domain == domain])
               for domain in sorted({r.domain for r in results})}  # fmt: skip
    return {"kinds": kinds, "domains": domains}
