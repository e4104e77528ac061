"""The agent loop, driven by the scripted model through real tools, policy and audit."""

from __future__ import annotations

from assistant.config import Config
from assistant.policy import Approval, Remember
from tests.helpers import RecordingApprover, call, scripted_assistant


def test_tool_results_are_fed_back_and_the_reply_returned(config: Config) -> None:
    assistant, model, plugin = scripted_assistant(
        config, [call("notes_add", text="call mom", priority="3"), "Noted: call mom."]
    )
    result = assistant.agent.run("note: call mom, important", use_intents=False)
    assert result.reply == "Noted: call mom."
    assert result.path == "model"
    assert plugin.notes.items == ["buy milk", "call mom"]
    record = result.calls[0]
    assert (record.decision, record.outcome, record.effect) == ("ran", "ok", "write")
    assert record.arguments == {"text": "call mom", "priority": 3}  # coerced by the schema
    second_prompt = model.seen[1]
    assert second_prompt[-1].role == "tool" and '"count": 2' in second_prompt[-1].content
    assert second_prompt[-2].tool_calls[0].name == "notes_add"


def test_unknown_tool_bad_arguments_and_raising_tools_become_error_results(config: Config) -> None:
    turns = [
        call("notes_teleport"),
        call("notes_add", priority="high"),
        call("notes_broken"),
        call("notes_unavailable"),
        "Sorry, that did not work.",
    ]
    assistant, model, _ = scripted_assistant(config, turns)
    result = assistant.agent.run("do things", use_intents=False)
    assert result.reply == "Sorry, that did not work."
    results = [m.content for m in model.seen[-1] if m.role == "tool"]
    assert "there is no tool 'notes_teleport'" in results[0] and "notes_add" in results[0]
    assert (
        "must be a whole number" in results[1]
        and "missing required argument 'text'" not in results[1]
    )
    assert "RuntimeError: boom" in results[2]
    assert "not answering" in results[3]
    assert [c.outcome for c in result.calls] == ["error"] * 4
    assert result.failed


def test_missing_required_argument_tells_the_model_to_ask(config: Config) -> None:
    assistant, _model, _ = scripted_assistant(
        config, [call("notes_add"), "What should the note say?"]
    )
    result = assistant.agent.run("add a note", use_intents=False)
    assert "missing required argument 'text'" in result.calls[0].result
    assert "ask the user" in result.calls[0].result
    assert result.reply == "What should the note say?"


def test_turn_limit(config: Config) -> None:
    config.agent.max_turns = 3
    turns = [call("notes_add", text=f"n{i}") for i in range(5)]
    assistant, model, _ = scripted_assistant(config, turns)
    result = assistant.agent.run("loop", use_intents=False)
    assert result.stopped == "turn limit"
    assert len(model.seen) == 3 and len(result.calls) == 3
    assert result.failed


def test_repeated_call_guard(config: Config) -> None:
    same = call("notes_list")
    assistant, model, _ = scripted_assistant(config, [same, same, same, "unused"])
    result = assistant.agent.run("list", use_intents=False)
    assert len(result.calls) == 1  # executed once only
    assert "Do not call it again" in model.seen[2][-1].content
    assert result.stopped == "repeated call"


def test_unreadable_call_gets_one_correction_turn(config: Config) -> None:
    assistant, model, _ = scripted_assistant(
        config, ["<tool_call>\ngibberish\n</tool_call>", "Plain answer."]
    )
    result = assistant.agent.run("hi", use_intents=False)
    assert result.reply == "Plain answer."
    assert "could not be read" in model.seen[1][-1].content


def test_sensitive_calls_ask_with_resolved_arguments(config: Config) -> None:
    approver = RecordingApprover(Approval(True))
    assistant, _, plugin = scripted_assistant(config, [call("notes_clear"), "Cleared."], approver)
    result = assistant.agent.run("clear my notes", use_intents=False)
    assert approver.asked[0].tool == "notes_clear" and approver.asked[0].effect == "delete"
    assert result.calls[0].decision == "approved" and plugin.notes.items == []


def test_denied_and_refused_calls_do_nothing(config: Config) -> None:
    denied = RecordingApprover(Approval(False))
    assistant, _, plugin = scripted_assistant(
        config, [call("notes_clear"), "OK, kept them."], denied
    )
    result = assistant.agent.run("clear", use_intents=False)
    assert result.calls[0].decision == "denied" and plugin.notes.items == ["buy milk"]
    assert result.refused
    nobody = RecordingApprover(Approval(False, unavailable=True, note="needs your approval"))
    assistant, _, plugin = scripted_assistant(config, [call("notes_clear"), "Not done."], nobody)
    result = assistant.agent.run("clear", use_intents=False)
    assert result.calls[0].decision == "refused" and plugin.notes.items == ["buy milk"]


def test_session_approval_and_policy_rules(config: Config) -> None:
    approver = RecordingApprover(Approval(True, remember=Remember.SESSION))
    turns = [
        call("notes_send", to="a@example.com"),
        "sent",
        call("notes_send", to="b@example.com"),
        "sent",
    ]
    assistant, _, plugin = scripted_assistant(config, turns, approver)
    assistant.agent.run("send to a", use_intents=False)
    assistant.agent.run("send to b", use_intents=False)
    assert len(approver.asked) == 1 and plugin.notes.sent == ["a@example.com", "b@example.com"]
    config.policy.deny = ["notes_clear"]
    assistant, _, plugin = scripted_assistant(
        config, [call("notes_clear"), "no"], RecordingApprover(Approval(True))
    )
    result = assistant.agent.run("clear", use_intents=False)
    assert result.calls[0].decision == "blocked" and plugin.notes.items == ["buy milk"]


def test_after_untrusted_content_a_send_asks_even_if_allowed(config: Config) -> None:
    config.policy.allow = ["notes_send"]
    approver = RecordingApprover(Approval(False))
    turns = [call("notes_fetch_shared"), call("notes_send", to="x@evil.example"), "Done."]
    assistant, _, plugin = scripted_assistant(config, turns, approver)
    result = assistant.agent.run("read shared notes", use_intents=False)
    assert plugin.notes.sent == []
    assert "untrusted content" in approver.asked[0].reason
    assert result.calls[1].decision == "denied"


def test_dry_run_runs_nothing(config: Config) -> None:
    assistant, model, plugin = scripted_assistant(
        config, [call("notes_add", text="x")], dry_run=True
    )
    result = assistant.agent.run("add x", use_intents=False)
    assert result.calls[0].decision == "dry-run" and plugin.notes.items == ["buy milk"]
    assert len(model.seen) == 1


def test_every_call_is_audited_with_secrets_redacted(config: Config) -> None:
    from assistant.audit import redact

    assistant, _, _ = scripted_assistant(config, [call("notes_add", text="x"), "ok"])
    assistant.agent.run("add x", use_intents=False)
    entries = assistant.audit.recent()
    assert [(e.tool, e.decision, e.outcome, e.path) for e in entries] == [
        ("notes_add", "ran", "ok", "model")
    ]
    assert redact({"user": "bob", "password": "hunter2", "nested": {"api_key": "k"}}) == {
        "user": "bob",
        "password": "***",
        "nested": {"api_key": "***"},
    }


def test_conversation_continues_with_history(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, ["Hello!", "You said hi."])
    first = assistant.agent.run("hi", use_intents=False)
    session = assistant.sessions.last()
    assert session is not None and session.id == first.session
    assistant.agent.run("what did I say?", session, use_intents=False)
    contents = [m.content for m in model.seen[1]]
    assert contents[1:] == ["hi", "Hello!", "what did I say?"]
