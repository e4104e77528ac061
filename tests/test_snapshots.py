"""Snapshots of the app's main screens (pytest-textual-snapshot): a change in layout shows as a diff.

Update them on purpose with `pytest tests/test_snapshots.py --snapshot-update` and look at
the report before committing.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.config import Config
from assistant.models.scripted import ScriptedModel
from assistant.tui.app import BotpsyApp
from tests.conftest import NOW
from tests.helpers import call

SIZE = (100, 30)


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The date, and the agent's stopwatch (timings are on screen): same pixels every run."""
    import itertools
    import types

    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())
    ticks = itertools.count()
    stopwatch = types.SimpleNamespace(perf_counter=lambda: next(ticks) * 0.005)
    monkeypatch.setattr("assistant.agent.time", stopwatch)


def app_for(config: Config, turns: list[Any]) -> BotpsyApp:
    config.plugins = {"files": {"folders": []}}  # no folders: nothing machine-specific on screen
    return BotpsyApp(config, model=ScriptedModel(turns))


async def type_request(pilot: Any, text: str) -> None:
    pilot.app.query_one("#prompt").value = text
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_main_screen_after_the_main_job(snap_compare: Any, config: Config, pinned: None) -> None:
    app = app_for(config, [])

    async def run_before(pilot: Any) -> None:
        await type_request(pilot, "add dentist Friday 3pm")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_approval_modal(snap_compare: Any, config: Config, pinned: None) -> None:
    app = app_for(config, [call("calendar_delete_event", event="dentist")])

    async def run_before(pilot: Any) -> None:
        await type_request(pilot, "add dentist Friday 3pm")
        pilot.app.query_one("#prompt").value = "please remove the dentist thing"
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause(0.02)
            if (
                pilot.app.screen.id != "_default"
                and type(pilot.app.screen).__name__ == "ApprovalScreen"
            ):
                break

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("key", ["f1", "f2", "ctrl+t"])
def test_side_screens(snap_compare: Any, config: Config, pinned: None, key: str) -> None:
    assert snap_compare(app_for(config, []), press=[key], terminal_size=SIZE)


def test_no_color_is_respected(config: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert app_for(config, []).no_color
