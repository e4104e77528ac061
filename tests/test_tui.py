"""The Textual app, driven by Pilot with the scripted model."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Markdown, Static

from assistant.config import Config
from assistant.models.scripted import ScriptedModel
from assistant.tui.app import ApprovalScreen, BotpsyApp


async def submit(app: BotpsyApp, pilot: object, text: str) -> None:
    app.query_one("#prompt", Input).value = text
    await pilot.press("enter")  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_a_request_streams_a_reply(config: Config) -> None:
    app = BotpsyApp(config, model=ScriptedModel(["Hello there, how can I help?"]))
    async with app.run_test(size=(100, 30)) as pilot:
        await submit(app, pilot, "hi")
        await app.workers.wait_for_complete()
        await pilot.pause()
        reply = app.query(".reply").last(Markdown)
        assert "Hello there" in reply.source
        assert "answered by model" in str(app.query_one("#status", Static).render())


@pytest.mark.asyncio
async def test_the_main_job_and_an_approval(config: Config) -> None:
    model = ScriptedModel([])
    app = BotpsyApp(config, model=model)
    async with app.run_test(size=(100, 30)) as pilot:
        await submit(app, pilot, "add dentist Friday 3pm")
        await app.workers.wait_for_complete()
        await pilot.pause()
        lines = [str(w.render()) for w in app.query(".tool").results(Static)]
        assert any("calendar_create_event" in line and "Dentist" in line for line in lines)
        await submit(app, pilot, "cancel the dentist appointment")
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, ApprovalScreen):
                break
        assert isinstance(app.screen, ApprovalScreen)
        assert "Dentist" in app.screen.request.preview
        await pilot.press("n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        lines = [str(w.render()) for w in app.query(".tool").results(Static)]
        assert any(line.startswith("[denied] calendar_delete_event") for line in lines)
    assert model.seen == []  # intents answered; the model was never needed
