"""The Textual app, driven by Pilot with the scripted model and the real calendar plugin."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import DataTable, Input, Markdown
from textual.widgets._data_table import default_cell_formatter

from assistant.config import Config
from assistant.models.scripted import ScriptedModel
from assistant.tui.app import BotpsyApp, HistoryInput, ToolCard
from assistant.tui.screens import ApprovalScreen, HelpScreen, SessionsScreen, ToolsScreen
from tests.helpers import call

SIZE = (110, 34)


async def submit(app: BotpsyApp, pilot: Any, text: str) -> None:
    app.query_one("#prompt", Input).value = text
    await pilot.press("enter")


async def settle(app: BotpsyApp, pilot: Any) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()


async def until_modal(app: BotpsyApp, pilot: Any) -> ApprovalScreen:
    for _ in range(100):
        await pilot.pause(0.02)
        if isinstance(app.screen, ApprovalScreen):
            return app.screen
    raise AssertionError("no approval was asked")


def cards(app: BotpsyApp) -> list[ToolCard]:
    return list(app.query(ToolCard).results(ToolCard))


@pytest.mark.asyncio
async def test_a_request_streams_a_reply_and_keeps_history(config: Config) -> None:
    app = BotpsyApp(config, model=ScriptedModel(["Hello there, how can I help?", "Still here."]))
    async with app.run_test(size=SIZE) as pilot:
        await submit(app, pilot, "hi")
        await settle(app, pilot)
        assert "Hello there" in app.query(".reply").last(Markdown).source
        assert "answered by the model" in str(app.query_one("#status").render())
        await submit(app, pilot, "are you there?")
        await settle(app, pilot)
        prompt = app.query_one("#prompt", HistoryInput)
        await pilot.press("up")
        assert prompt.value == "are you there?"
        await pilot.press("up")
        assert prompt.value == "hi"
        await pilot.press("down", "down")
        assert prompt.value == ""


@pytest.mark.asyncio
async def test_the_main_job_then_a_denied_delete(config: Config) -> None:
    model = ScriptedModel([])
    app = BotpsyApp(config, model=model)
    async with app.run_test(size=SIZE) as pilot:
        await submit(app, pilot, "add dentist Friday 3pm")
        await settle(app, pilot)
        (card,) = cards(app)
        assert card.record.tool == "calendar_create_event" and card.record.outcome == "ok"
        assert "Dentist" in card.title
        await submit(app, pilot, "cancel the dentist appointment")
        modal = await until_modal(app, pilot)
        assert "Dentist" in modal.request.preview and "15:00" in modal.request.preview
        await pilot.press("escape")
        await settle(app, pilot)
        assert cards(app)[-1].record.decision == "denied"
        assert len(list((config.data_dir / "calendars/personal").glob("*.ics"))) == 1
    assert model.seen == []  # local intents answered; the model was never needed


@pytest.mark.asyncio
async def test_approve_for_the_session_then_no_second_question(config: Config) -> None:
    turns = [call("calendar_delete_event", event="gym"), "Deleted.", call("calendar_delete_event", event="yoga"),
             "Deleted too."]  # fmt: skip
    config.agent.intents = False
    app = BotpsyApp(config, model=ScriptedModel(turns))
    async with app.run_test(size=SIZE) as pilot:
        for title, when in (("Gym", "Friday 3pm"), ("Yoga", "Friday 5pm")):
            app.assistant.agent.run(f"add {title} {when}", use_intents=True)
        await submit(app, pilot, "remove gym")
        await until_modal(app, pilot)
        await pilot.click("#session")
        await settle(app, pilot)
        gym = cards(app)[-1].record
        # Deleting quoted a calendar title, which others may write: this conversation is now
        # tainted, so the grant does not cover it. In a new conversation it does.
        await pilot.press("ctrl+n")
        await submit(app, pilot, "remove yoga")
        await settle(app, pilot)
        assert [gym.decision, cards(app)[-1].record.decision] == ["approved", "ran"]
        assert not list((config.data_dir / "calendars/personal").glob("*.ics"))


@pytest.mark.asyncio
async def test_under_taint_only_a_live_yes_counts_and_is_not_remembered(config: Config) -> None:
    turns = [call("calendar_list_events"), "Listed.", call("calendar_delete_event", event="gym"),
             "Deleted."]  # fmt: skip
    config.agent.intents = False
    config.policy.allow = ["calendar_delete_event"]
    app = BotpsyApp(config, model=ScriptedModel(turns))
    async with app.run_test(size=SIZE) as pilot:
        app.assistant.agent.run("add Gym Friday 3pm", use_intents=True)
        await submit(app, pilot, "what is on my calendar")
        await settle(app, pilot)
        await submit(app, pilot, "remove gym")
        modal = await until_modal(app, pilot)  # asked, although the policy allows it
        assert modal.request.live and "calendar_list_events" in modal.request.reason
        assert not modal.query("#session") and not modal.query("#always")
        await pilot.press("ctrl+s")  # "for this session" is a yes for this call only
        await settle(app, pilot)
        assert cards(app)[-1].record.decision == "approved"
        assert app.assistant.policy.session_allowed == set()


@pytest.mark.asyncio
async def test_an_argument_edited_before_approving(config: Config) -> None:
    config.agent.intents = False
    app = BotpsyApp(
        config, model=ScriptedModel([call("calendar_delete_event", event="gym"), "Done."])
    )
    async with app.run_test(size=SIZE) as pilot:
        app.assistant.agent.run("add Gym Friday 3pm", use_intents=True)
        app.assistant.agent.run("add Yoga Friday 5pm", use_intents=True)
        await submit(app, pilot, "remove gym")
        modal = await until_modal(app, pilot)
        modal.query_one("#arg-event", Input).value = "yoga"
        await pilot.press("ctrl+y")
        again = await until_modal(app, pilot)  # the edit is shown resolved before it runs
        assert again is not modal and "Yoga" in again.request.preview
        assert again.query_one("#arg-event", Input).value == "yoga"
        await pilot.press("ctrl+y")
        await settle(app, pilot)
        records = [c for c in app.assistant.audit.recent(5) if c.tool == "calendar_delete_event"]
        assert [(r.decision, r.outcome) for r in records] == [("approved", "ok")], records
        record = cards(app)[-1].record
        assert record.decision == "approved" and record.arguments["event"] == "yoga"
        assert "Yoga" in record.preview and record.pinned["event"].startswith("uid:")
        titles = [p.read_text() for p in (config.data_dir / "calendars/personal").glob("*.ics")]
        assert len(titles) == 1 and "Gym" in titles[0]


@pytest.mark.asyncio
async def test_resume_a_conversation(config: Config) -> None:
    app = BotpsyApp(config, model=ScriptedModel(["Noted, Alice on Thursday."]))
    async with app.run_test(size=SIZE) as pilot:
        await submit(app, pilot, "add a meeting with Alice")
        await settle(app, pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert not app.query(".user")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert [str(w.render()) for w in app.query(".user").results()] == [
            "> add a meeting with Alice"
        ]
        await submit(app, pilot, "Thursday 10am")  # answers the question asked before
        await settle(app, pilot)
        assert cards(app)[-1].record.arguments["start"].startswith("20")
        assert "Meeting with Alice" in cards(app)[-1].record.summary


@pytest.mark.asyncio
async def test_escape_stops_a_reply_and_the_session_goes_on(config: Config) -> None:
    model = ScriptedModel(["word " * 400, "Next answer."], chunk=2, delay=0.005)
    config.agent.intents = False
    app = BotpsyApp(config, model=model)
    async with app.run_test(size=SIZE) as pilot:
        await submit(app, pilot, "talk a lot")
        await pilot.pause(0.2)
        await pilot.press("escape")
        await settle(app, pilot)
        first = app.query(".reply").last(Markdown).source
        assert 0 < len(first) < len("word " * 400)
        await submit(app, pilot, "and now?")
        await settle(app, pilot)
        assert app.query(".reply").last(Markdown).source == "Next answer."


@pytest.mark.asyncio
async def test_tools_and_help_screens(config: Config) -> None:
    app = BotpsyApp(config, model=ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, ToolsScreen)
        assert app.screen.status["calendar_delete_event"] == "asks"
        assert app.screen.status["calendar_create_event"] == "runs"
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.asyncio
async def test_a_tool_description_is_shown_as_text_not_markup(config: Config) -> None:
    """A third-party description with Rich markup must not restyle the table or add links."""
    from assistant.tools import Effect, Tool

    odd = Tool(
        "odd_tool", "Lists [b]things[/b] [link=https://evil.example]click[/link]",
        {"type": "object", "properties": {}}, Effect.READ, lambda: "", plugin="third",
    )  # fmt: skip
    app = BotpsyApp(config, model=ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ToolsScreen([odd], {"odd_tool": "runs"}))
        await pilot.pause()
        cell = app.screen.query_one(DataTable).get_row_at(0)[-1]
        shown = default_cell_formatter(cell)
        assert isinstance(shown, Text)
        assert shown.plain == "Lists [b]things[/b] [link=https://evil.example]click[/link]"
        assert not shown.spans  # no style, no link


def test_the_app_module_is_the_only_textual_importer() -> None:
    offenders = [p for p in Path("assistant").rglob("*.py") if "tui" not in p.parts
                 and "textual" in p.read_text(encoding="utf-8").replace("Textual", "")]  # fmt: skip
    assert offenders == []


@pytest.mark.asyncio
async def test_the_model_picker_switches_and_the_first_run_asks(config: Config) -> None:
    import threading

    from assistant.models.first_run import model_options
    from assistant.models.manager import ModelStore
    from assistant.tui.app import TuiModelChooser
    from assistant.tui.screens import ModelScreen

    app = BotpsyApp(config, model=ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ModelScreen)
        assert app.screen.options[0].name == "starter"
        await pilot.press("enter")  # the highlighted first entry: the bundled starter
        await settle(app, pilot)
        assert ModelStore(config).active() == "starter"
        assert "starter model is the default" in str(app.query_one("#status").render())

        answer: list[str | None] = []
        worker = threading.Thread(
            target=lambda: answer.append(TuiModelChooser(app)(model_options(config)))
        )
        worker.start()
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, ModelScreen):
                break
        assert isinstance(app.screen, ModelScreen) and app.screen.first_run
        await pilot.press("escape")  # "not now"
        await pilot.pause()
        worker.join(5)
        assert answer == [None]


@pytest.mark.asyncio
async def test_the_file_index_catches_up_in_the_background_and_watches(
    config: Config, tmp_path: Path
) -> None:
    folder = tmp_path / "Documents"
    folder.mkdir()
    (folder / "lease.txt").write_text("the deposit is 1500")
    config.plugins = {"files": {"folders": [str(folder)]}}
    app = BotpsyApp(config, model=ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        index = app.assistant.service("file_index")
        assert index.status()["files"] == 1 and index.status()["watching"]
        assert "files indexed (1 new or changed)" in str(app.query_one("#status").render())
    assert not index.status()["watching"], "closing the app stops the watcher"


@pytest.mark.asyncio
async def test_add_a_calendar_account_from_the_app(
    config: Config, tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against a real Radicale, with the password stored in a real gnome-keyring."""
    import keyring

    from assistant.accounts import AccountBook, accounts_path
    from assistant.tui.screens import AccountFormScreen, AccountsScreen
    from tests.conftest import require_program
    from tests.servers import Radicale, start_keyring

    require_program("dbus-daemon", "dbus")
    require_program("gnome-keyring-daemon", "gnome-keyring")
    server = Radicale(tmp_path / "radicale", {"alice": "s3cret"})
    server.folder.mkdir()
    server.start()
    server.make_calendar("alice", "home", "Home")
    previous = keyring.get_keyring()
    secrets = start_keyring(home)
    for key, value in secrets.env.items():
        monkeypatch.setenv(key, value)
    from keyring.backends import SecretService

    # keyring picks its backend once per process (and this one started without a session bus):
    # point it at the Secret Service, as a desktop session would have it.
    keyring.set_keyring(SecretService.Keyring())
    try:
        config.path = home / ".config/botpsy/config.toml"
        app = BotpsyApp(config, model=ScriptedModel([]))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f3")
            await pilot.pause()
            assert isinstance(app.screen, AccountsScreen)
            assert {"calendar", "email"} <= set(app.screen.kinds)
            await pilot.click("#add-calendar")
            await pilot.pause()
            assert isinstance(app.screen, AccountFormScreen)
            app.screen.query_one("#field-url", Input).value = server.url
            app.screen.query_one("#field-user", Input).value = "alice"
            app.screen.query_one("#field-password", Input).value = "s3cret"
            assert app.screen.query_one("#field-password", Input).password, "the password is hidden"
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            assert "Added calendar account 'calendar'" in str(app.query_one("#status").render())
        (account,) = AccountBook(accounts_path(config)).all()
        assert account.get("calendar_name") == "Home"
        assert "s3cret" not in accounts_path(config).read_text()
        assert keyring.get_password("botpsy", "calendar") == "s3cret"
    finally:
        secrets.stop()
        server.stop()
        keyring.set_keyring(previous)
