"""`botpsy eval scenarios`: botpsy's own requests, run for real against its built-in tools.

Each scenario starts from a fresh local calendar at a pinned time, plays its
turns through exactly the agent a user runs (local intents, then the model),
and is right when the expected calls happened and the calendar ends in the
expected state. Simple and complex tasks are reported apart, with which path
(local intent or model) answered each turn.
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

from assistant.errors import ExitStatus, UsageError
from assistant.evals.progress import Progress


@dataclass
class ScenarioResult:
    """One scenario's outcome."""

    id: str
    kind: str
    passed: bool
    paths: list[str]
    seconds: float
    problems: list[str] = field(default_factory=list)


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


def check(
    scenario: dict[str, Any],
    calls: list[Any],
    reply: str,
    events: list[Any],
    tasks: list[Any] | None = None,
    files: list[str] | None = None,
) -> list[str]:
    """What differs from the expectation (empty when the scenario passed)."""
    problems = []
    if "expect_tasks" in scenario:
        have_tasks = sorted((t.title.lower(), t.done) for t in tasks or [])
        want_tasks = sorted(
            (t["title"].lower(), t.get("done", False)) for t in scenario["expect_tasks"]
        )
        if have_tasks != want_tasks:
            problems.append(f"tasks are {have_tasks}, expected {want_tasks}")
    if "expect_files" in scenario and sorted(files or []) != sorted(scenario["expect_files"]):
        problems.append(
            f"files are {sorted(files or [])}, expected {sorted(scenario['expect_files'])}"
        )
    expected_calls = scenario.get("expect_calls", [])
    made = list(calls)
    if len(made) != len(expected_calls):
        problems.append(f"expected {len(expected_calls)} calls, got {[c.tool for c in made]}")
    for want, call in zip(expected_calls, made, strict=False):
        if call.tool != want["tool"]:
            problems.append(f"called {call.tool}, expected {want['tool']}")
            continue
        for key, value in want.get("arguments", {}).items():
            if not _matches(call.arguments.get(key, ""), value):
                problems.append(
                    f"{call.tool}: {key}={call.arguments.get(key)!r}, expected {value!r}"
                )
        for attribute in ("decision", "outcome"):
            if attribute in want and getattr(call, attribute) != want[attribute]:
                problems.append(
                    f"{call.tool}: {attribute} {getattr(call, attribute)}, expected {want[attribute]}"
                )
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


def run_scenario(
    scenario: dict[str, Any], now: str, model: Any, use_intents: bool
) -> ScenarioResult:
    """Play one scenario in a fresh data dir."""
    from botpsy_calendar.store import Event, VdirStore

    from assistant.app import build_assistant
    from assistant.clock import Clock
    from assistant.config import Config
    from assistant.policy import Approval

    class Refuser:
        def approve(self, request: Any) -> Approval:
            return Approval(False, note="the user said no")

    class Person:
        """The scenario's user, at the terminal: answers the questions and says yes."""

        def approve(self, request: Any) -> Approval:
            return Approval(True, note="the user said yes")

    with tempfile.TemporaryDirectory(prefix="botpsy-scenario-") as folder:
        config = Config(data_dir=Path(folder), timezone="Europe/Berlin")
        documents = Path(folder) / "Documents"
        documents.mkdir()
        for item in scenario.get("files", []):  # a folder tree for the file tools
            target = documents / item["path"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(item.get("text", ""), encoding="utf-8")
        config.plugins = {"files": {"folders": [str(documents)]}}
        clock = Clock.for_user("Europe/Berlin")
        pinned = datetime.fromisoformat(now)
        store = VdirStore(Path(folder) / "calendars", "personal", clock.zone)
        for item in scenario.get("setup", []):
            start = datetime.fromisoformat(item["start"]).replace(tzinfo=clock.zone)
            end = (
                datetime.fromisoformat(item["end"]).replace(tzinfo=clock.zone)
                if "end" in item
                else None
            )
            store.save(Event(item["title"], start, end or start.replace(hour=start.hour + 1)))
        approver = Person() if scenario.get("approve", True) else Refuser()
        import os

        previous = os.environ.get("BOTPSY_NOW")
        os.environ["BOTPSY_NOW"] = pinned.isoformat()
        started = time.perf_counter()
        try:
            assistant = build_assistant(config, approver, model=model)
            session = None
            calls: list[Any] = []
            paths: list[str] = []
            reply = ""
            for turn in scenario["turns"]:
                result = assistant.agent.run(turn, session, use_intents=use_intents)
                session = assistant.sessions.load(result.session)
                calls += result.calls
                paths.append(result.path)
                reply = result.reply
            assistant.audit.close()
            assistant.sessions.close()
        finally:
            if previous is None:
                os.environ.pop("BOTPSY_NOW", None)
            else:
                os.environ["BOTPSY_NOW"] = previous
        files = sorted(str(p.relative_to(documents)) for p in documents.rglob("*") if p.is_file())
        problems = check(scenario, calls, reply, store.events(), store.tasks(), files)
        return ScenarioResult(scenario["id"], scenario["kind"], not problems, paths,
                              time.perf_counter() - started, problems)  # fmt: skip


def main(argv: list[str]) -> int:
    """`botpsy eval scenarios [--file F] [--no-intents] [--model PATH] [--json]`."""
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
    parser.add_argument("--only", action="append", help="run only this scenario id (repeatable)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    from assistant.app import make_model
    from assistant.config import load_config

    now, scenarios = load_scenarios(args.file)
    if args.only:
        scenarios = [s for s in scenarios if s["id"] in args.only]
        if not scenarios:
            raise UsageError(f"no scenario with id {', '.join(args.only)}")
    model = make_model(load_config(args.config), args.model)
    results = []
    meter = Progress("scenarios", len(scenarios))
    for index, scenario in enumerate(scenarios, 1):
        results.append(run_scenario(scenario, now, model, use_intents=not args.no_intents))
        meter.update(index)
    meter.close()
    model.close()
    report: dict[str, Any] = {
        "model": getattr(model, "name", "model"),
        "intents": not args.no_intents,
        "kinds": {},
    }
    for kind in ("simple", "complex"):
        mine = [r for r in results if r.kind == kind]
        turns = [p for r in mine for p in r.paths]
        report["kinds"][kind] = {
            "scenarios": len(mine),
            "passed": sum(r.passed for r in mine),
            "accuracy": round(sum(r.passed for r in mine) / len(mine), 4) if mine else 0.0,
            "turns_by_intent": sum(p in ("intent", "followup") for p in turns),
            "turns_by_model": sum(p == "model" for p in turns),
            "seconds_per_scenario": round(sum(r.seconds for r in mine) / len(mine), 3)
            if mine
            else 0.0,
        }
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
    for r in results:
        mark = "ok " if r.passed else "XX "
        print(f"  {mark}{r.id:<20} {'/'.join(r.paths):<16} {'; '.join(r.problems)[:150]}")
    return ExitStatus.OK
