"""An answer to the assistant's question completes the call it asked for, on both paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.config import Config
from tests.conftest import NOW
from tests.helpers import scripted_assistant


@pytest.fixture(autouse=True)
def _pinned_now(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Days said here ("thursday", "friday 3pm") are those after the suites' Sunday NOW (set
    after `home`, which clears botpsy's variables)."""
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())


def _events(config: Config) -> list[str]:
    folder = config.data_dir / "calendars" / "personal"
    return [p.read_text() for p in sorted(Path(folder).glob("*.ics"))] if folder.exists() else []


def test_a_time_answer_completes_the_intent_question(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [])
    asked = assistant.agent.run("add a meeting with Alice")
    assert asked.path == "intent" and "when" in asked.reply.lower()
    session = assistant.sessions.last()
    done = assistant.agent.run("Tuesday at 10am", session)
    assistant.close()
    assert done.path == "followup" and done.calls[0].tool == "calendar_create_event"
    (event,) = _events(config)
    assert "SUMMARY:Meeting with Alice" in event and "T100000" in event
    assert model.seen == []


def test_a_new_request_after_a_question_is_not_taken_as_its_answer(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [])
    assistant.agent.run("add a meeting with Alice")
    result = assistant.agent.run("remind me to call mom tomorrow", assistant.sessions.last())
    assistant.close()
    assert result.calls[0].tool == "task_add"
    assert not any("BEGIN:VEVENT" in item for item in _events(config))


def test_the_answer_to_the_harness_question_completes_the_model_path_call(config: Config) -> None:
    config.agent.call_strategy = "assisted"
    assistant, _, _ = scripted_assistant(config, [])
    asked = assistant.agent.run("add a meeting with Alice", use_intents=False)
    assert asked.path == "model" and asked.reply.endswith("?") and asked.calls == []
    done = assistant.agent.run("thursday 10am", assistant.sessions.last(), use_intents=False)
    assistant.close()
    (call,) = done.calls
    assert call.tool == "calendar_create_event" and call.outcome == "ok", call
    assert call.arguments["start"].startswith("2026-12-03T10:00")
    assert "alice" in call.arguments["title"].lower()


def test_two_requests_in_one_become_two_calls(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [])
    result = assistant.agent.run("add dentist friday 3pm and lunch with sam on saturday at 1pm")
    assistant.close()
    assert [c.tool for c in result.calls] == ["calendar_create_event"] * 2
    assert all(c.outcome == "ok" for c in result.calls) and model.seen == []
    events = "\n".join(_events(config))
    assert "SUMMARY:Dentist" in events and "SUMMARY:Lunch with sam" in events.replace("Sam", "sam")
    assert "20261204T150000" in events and "20261205T130000" in events
    assert len(result.reply.splitlines()) == 2


def test_a_move_keeps_the_events_day(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [])
    assistant.agent.run("add dentist friday 3pm")
    moved = assistant.agent.run("move the dentist appointment to 4pm")
    assistant.close()
    assert moved.calls[0].tool == "calendar_update_event" and moved.calls[0].outcome == "ok"
    (event,) = _events(config)
    assert "20261204T160000" in event and model.seen == []


def test_an_answer_picks_an_option_by_number_or_by_its_own_words() -> None:
    from assistant.choices import pick_one as pick_option

    options = ["light.desk_lamp", "light.bedside"]
    labels = ["desk lamp office", "bedside lamp bedroom"]
    assert pick_option("2", options, labels) == "light.bedside"
    assert pick_option("the first one", options, labels) == "light.desk_lamp"
    assert pick_option("the one in the bedroom", options, labels) == "light.bedside"
    assert pick_option("office please", options, labels) == "light.desk_lamp"
    assert pick_option("the lamp", options, labels) is None  # both are lamps: ask again
    assert pick_option("the kitchen", options, labels) is None
    assert pick_option("turn off the bedroom lamp and lock up", options, labels) is None
    assert pick_option("bedside", options) == "light.bedside"  # no labels: the values' words


def test_an_answer_that_leaves_a_value_missing_asks_for_the_next_one(config: Config) -> None:
    """Two values missing: the first answer is kept and the next question is asked."""
    from assistant.intents import IntentMatch

    assistant, model, _ = scripted_assistant(config, [])
    session = assistant.sessions.create()
    session.pending = IntentMatch(
        "calendar_create_event", {}, "add_event",
        missing={"title": "What is it?", "start": "When is it?"},
    ).to_dict()  # fmt: skip
    asked = assistant.agent.run("pottery class", session)
    assert asked.path == "followup" and asked.reply == "When is it?" and asked.calls == []
    done = assistant.agent.run("friday at 6pm", assistant.sessions.last())
    assistant.close()
    assert done.calls[0].tool == "calendar_create_event" and done.calls[0].outcome == "ok"
    (event,) = _events(config)
    assert "summary:pottery class" in event.lower() and "T180000" in event
    assert model.seen == []


def test_a_number_that_is_no_position_picks_by_the_options_words() -> None:
    from assistant.choices import pick_one as pick_option

    options = ["~/Documents/invoice-march-2025.txt", "~/Documents/invoice-march-2026.txt"]
    assert pick_option("the 2025 one", options) == options[0]
    assert pick_option("2", options) == options[1]  # a position still counts first
    assert pick_option("the 2024 one", options) is None
    assert pick_option("the fifth", options) is None


def test_a_store_written_before_follow_ups_gains_the_last_turn(tmp_path: Path) -> None:
    """An old sessions table (no `recent` column) opens, and keeps the last turn from then on."""
    import sqlite3

    from assistant.conversation import SessionStore
    from assistant.messages import Message

    path = tmp_path / "sessions.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, created TEXT NOT NULL, updated TEXT NOT NULL,"
        " title TEXT NOT NULL DEFAULT '', pending TEXT, taint TEXT);"
        "INSERT INTO sessions VALUES ('abc', '2026-01-01', '2026-01-01', 'old one', NULL, NULL);"
    )
    old.commit()
    old.close()
    store = SessionStore(path)
    session = store.load("abc")
    assert session is not None and session.recent is None
    session.recent = {"request": "add tea", "calls": [{"tool": "task_add", "arguments": {}}]}
    store.append(session, [Message("user", "add tea")])
    store.close()
    again = SessionStore(path).load("abc")
    assert again is not None and again.recent == session.recent


def test_the_second_half_of_an_edit_waits_for_the_first(config: Config) -> None:
    """An edit made of two calls stops after the first when the user says no to it."""
    from assistant.intents import IntentMatch
    from assistant.policy import Approval
    from tests.helpers import RecordingApprover

    assistant, _, plugin = scripted_assistant(config, [], RecordingApprover(Approval(False)))
    session = assistant.sessions.create()
    turn_matches = [IntentMatch("notes_clear", {}), IntentMatch("notes_add", {"text": "x"},
                                                                after_done=True)]  # fmt: skip
    assistant.agent.intents.register_callback("demo")(
        "redo", lambda text, recent: turn_matches if text == "redo it" else None, follows=True
    )
    session.recent = {"request": "add x", "calls": [{"tool": "notes_add", "arguments": {}}]}
    result = assistant.agent.run("redo it", session)
    assistant.close()
    assert [(c.tool, c.decision) for c in result.calls] == [("notes_clear", "denied")]
    assert plugin.notes.items == ["buy milk"] and "did not make the change" in result.reply
