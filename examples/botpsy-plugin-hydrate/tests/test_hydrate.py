"""The hydrate plugin end to end: a scripted model, the real agent, policy and audit, a temporary HOME.

No real model is loaded: `run_scripted` plays back what the model would write.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant.api import (
    Effect,
    load_for_test,
    make_config,
    run_scripted,
    scripted_assistant,
    temporary_home,
    tool_call,
)

import botpsy_hydrate

PLUGIN = {"hydrate": botpsy_hydrate}


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    with temporary_home(tmp_path) as path:
        yield path


def test_the_model_logs_a_drink_and_reads_the_total(home: Path) -> None:
    config = make_config(home, plugins={"hydrate": {"goal_ml": 1500}})
    logged = run_scripted(
        "note that I had a big bottle",
        [tool_call("hydrate_log", amount="a bottle"), "Logged."],
        config,
        plugins=PLUGIN,
        use_intents=False,
    )
    assert logged.calls[0].outcome == "ok", logged.calls[0]
    assert logged.calls[0].summary == "Logged 500 ml; 500 of 1500 ml today."
    total = run_scripted(
        "how am I doing on water?",
        [tool_call("hydrate_total", day="today"), "500 ml so far."],
        config,
        plugins=PLUGIN,
        use_intents=False,
    )
    assert total.calls[0].summary.startswith("500 ml on ")
    assert "1000 ml to the goal" in total.calls[0].summary


def test_intents_answer_without_the_model(home: Path) -> None:
    config = make_config(home)
    done = run_scripted("I drank 2 glasses of water", [], config, plugins=PLUGIN)
    assert done.path == "intent" and done.calls[0].tool == "hydrate_log"
    assert done.calls[0].summary.startswith("Logged 500 ml")
    asked = run_scripted("How much water did I drink today?", [], config, plugins=PLUGIN)
    assert asked.path == "intent" and asked.calls[0].summary.startswith("500 ml on ")


def test_a_bad_amount_is_explained_to_the_model(home: Path) -> None:
    result = run_scripted(
        "log some water",
        [tool_call("hydrate_log", amount="some"), "How much did you drink?"],
        make_config(home),
        plugins=PLUGIN,
        use_intents=False,
    )
    assert result.calls[0].outcome == "error"
    assert "say it like '2 glasses'" in result.calls[0].result


def test_clearing_a_day_asks_first_and_a_no_keeps_the_log(home: Path) -> None:
    config = make_config(home)
    run_scripted("I drank 1 l of water", [], config, plugins=PLUGIN)
    assistant, _, approver = scripted_assistant(
        config, [tool_call("hydrate_clear", day="today"), "Kept."], plugins=PLUGIN
    )
    try:
        result = assistant.agent.run("clear today's water", use_intents=False)
    finally:
        assistant.close()
    [asked] = approver.asked
    assert asked.effect == Effect.DELETE and asked.preview.startswith("forget 1 drinks")
    assert result.calls[0].decision == "denied" and result.refused
    kept = run_scripted("How much water did I drink today?", [], config, plugins=PLUGIN)
    assert kept.calls[0].summary.startswith("1000 ml")


def test_a_bad_goal_is_one_clear_load_error(home: Path) -> None:
    loaded = load_for_test(make_config(home, {"hydrate": {"goal_ml": "lots"}}), PLUGIN)
    assert loaded.tools.get("hydrate_log") is None
    assert loaded.errors == [
        "plugin 'hydrate' failed in register_tools: plugins.hydrate.goal_ml must be "
        "millilitres from 1 to 10000, not 'lots'"
    ]


def test_installed_entry_point_and_command(home: Path) -> None:
    loaded = load_for_test(make_config(home), only=["hydrate"])
    assert loaded.errors == [] and "hydrate" in loaded.commands, "pip install -e . first"
    run_scripted("I drank 300 ml", [], make_config(home), only=["hydrate"])
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "hydrate", "export", "today"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "time,ml" and lines[1].endswith(",300") and len(lines) == 2
    wrong = subprocess.run(
        [sys.executable, "-m", "assistant", "hydrate", "drink"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert wrong.returncode == 2 and wrong.stderr.startswith("botpsy: unknown hydrate command")
