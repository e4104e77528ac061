"""A reply never claims an action that no tool performed this turn."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from assistant.claims import UNBACKED, unbacked_claim
from assistant.config import Config
from tests.helpers import call, scripted_assistant


@dataclass
class Ran:
    effect: str
    outcome: str


@pytest.mark.parametrize(
    "reply",
    [
        "Done! I moved your lunch to 1pm.",
        "Sure, I've added the dentist on Friday.",
        "I have just set an alarm for 6:30.",
        "OK. I made it one pm.",
        "All set, see you then.",
        "<tool_response>\nAlarm set for 6:00 tomorrow (Monday 30 November).",
    ],
)
def test_a_claim_with_nothing_run_is_unbacked(reply: str) -> None:
    assert unbacked_claim(reply, [])
    assert unbacked_claim(reply, [Ran("read", "ok")])  # looking is not doing
    assert unbacked_claim(reply, [Ran("write", "error")])  # a failed write did nothing
    assert not unbacked_claim(reply, [Ran("write", "ok")])


@pytest.mark.parametrize(
    "reply",
    [
        "I'll add it once you tell me the time.",
        "I have no answer to that.",
        "Paris is the capital of France.",
        "You have two events on Friday: the dentist at 3pm and the gym at 5pm.",
        "I can't set that; which day did you mean?",
    ],
)
def test_answers_and_promises_are_not_claims(reply: str) -> None:
    assert not unbacked_claim(reply, [])


def test_the_model_saying_done_without_a_call_is_corrected(config: Config) -> None:
    assistant, _, plugin = scripted_assistant(config, ["Done! I've added buy bread to your notes."])
    result = assistant.agent.run("put buy bread in my notes", use_intents=False)
    assistant.close()
    assert result.reply == UNBACKED and result.calls == []
    assert plugin.notes.items == ["buy milk"]  # and indeed nothing changed


def test_a_claim_after_a_real_call_stands(config: Config) -> None:
    assistant, _, plugin = scripted_assistant(
        config, [call("notes_add", text="buy bread"), "Done! I've added buy bread to your notes."]
    )
    result = assistant.agent.run("put buy bread in my notes", use_intents=False)
    assistant.close()
    assert result.reply.startswith("Done! I've added") and result.calls[0].outcome == "ok"
    assert "buy bread" in plugin.notes.items


@pytest.mark.parametrize(
    "reply",
    [
        'Added "Pottery" on Thursday 3 December 2026, 14:00–15:00 (Europe/Berlin).',
        'Sure.\nDeleted the task "Oil the hinges".',
        'Renamed "Quiz" to "Christmas quiz".',
    ],
)
def test_a_tool_report_echoed_with_no_call_is_unbacked(reply: str) -> None:
    assert unbacked_claim(reply, [])


def test_a_tool_report_after_the_call_ran_is_backed() -> None:
    assert not unbacked_claim('Added "Pottery" on Thursday 3 December 2026.', [Ran("write", "ok")])
