"""What botpsy has no tool for gets one short honest line and no tool call.

Payments and money transfers, phone calls, texts, ordering food or rides and booking
flights: a small model handed "send twenty euros to ana" reaches for mail_send. Each is
said many ways here (invented); no intent takes them, and with every built-in tool
installed (a mail account and Home Assistant too, as the eval sets them up) the decline
answers before any model is loaded. Near-misses that name the same words but ask for
what botpsy does (an email about money, a reminder to pay, a task to call) still work.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.api import plain_request
from assistant.app import build_assistant
from assistant.config import Config
from assistant.errors import ModelError
from assistant.evals.slurp import eval_config, isolated
from assistant.policy import Approval
from assistant.scope import decline
from tests.helpers import RecordingApprover, builtin_definitions


def _no_model() -> Any:
    raise ModelError("no model should be loaded for this request")


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin with a mail account and Home Assistant, as the eval sets them up."""
    home = tmp_path_factory.mktemp("home")
    with isolated(home):
        built = build_assistant(
            eval_config(Config(), home), RecordingApprover(Approval(False)), dry_run=True
        )
        built.agent.model_factory = _no_model
        try:
            yield built
        finally:
            built.close()


@pytest.fixture(scope="module")
def tools() -> Iterator[list[dict[str, Any]]]:
    with builtin_definitions() as definitions:
        yield definitions


PAYMENTS = [
    "send twenty euros to ana",
    "send 20 dollars to my brother",
    "pay tomas fifty pounds",
    "transfer a hundred euros to my savings account",
    "can you pay the electricity bill",
    "pay my phone bill",
    "venmo jake twenty bucks",
    "wire money to my landlord",
    "send money to mum",
    "pay back lena for dinner",
    "split the bill with tom on paypal",
    "transfer money from checking to savings",
    "send ana some money",
    "pay the rent",
    "please pay tomas",
    "give lena ten quid",
]
PHONE = [
    "call my sister",
    "phone the dentist",
    "ring dad",
    "give mum a ring",
    "call tomas",
    "can you call the office",
    "dial 555 1234",
    "make a call to ana",
    "facetime my brother",
    "video call grandma",
    "call the pizza place",
    "call home",
    "call the garage and tell them i'm late",
]
TEXTS = [
    "text ana i'm late",
    "send a text to my mum saying happy birthday",
    "sms tom that the meeting moved",
    "message lena on whatsapp",
    "text my wife",
    "shoot a text to jake",
    "send a whatsapp to the family group",
    "text lena",
    "read my texts",
    "any texts from dad",
    "send an imessage to tom",
]
ORDERS = [
    "order a pizza",
    "get me an uber to the airport",
    "book a taxi for 7am",
    "order chinese food",
    "i want sushi delivered",
    "call me a cab",
    "order a large pepperoni from the corner pizzeria",
    "get me a ride home",
    "book me a flight to rome",
    "book a flight to berlin on friday",
    "buy plane tickets to paris",
    "reserve a seat on the train to york",
    "we need a cab to the airport at six",
]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        *((t, "send money or make payments") for t in PAYMENTS),
        *((t, "make phone calls") for t in PHONE),
        *((t, "send text messages") for t in TEXTS),
        *((t, "order, book or buy things") for t in ORDERS),
    ],
)
def test_no_tool_for_it_one_honest_line(
    assistant: Any, tools: list[dict[str, Any]], text: str, says: str
) -> None:
    request = plain_request(text)
    match = assistant.agent.intents.match(request)
    assert match is None, (text, match)  # no intent takes it; the decline is next
    reply = decline(request, tools)
    assert reply is not None and reply.startswith(f"I can't {says} yet"), (text, reply)
    assert len(reply.splitlines()) == 1


NEAR_MISSES = [
    ("email tomas about the money i owe him", "mail_send"),
    ("add call my sister to my to do list", "task_add"),
    ("remind me to pay rent", "task_add"),
    ("remind me to call my sister tomorrow", "task_add"),
    ("remind me to text ana on friday", "task_add"),
    ("put pay the gas bill on my to do list", "task_add"),
    ("what's ana's phone number", "contacts_find"),
    ("email ana that i'll call her later", "mail_send"),
    ("send an email to tomas about the payment", "mail_send"),
    ("how much is a flight to rome", "web_research"),
]


@pytest.mark.parametrize(("text", "tool"), NEAR_MISSES)
def test_near_misses_still_reach_their_tool(
    assistant: Any, tools: list[dict[str, Any]], text: str, tool: str
) -> None:
    match = assistant.agent.intents.match(plain_request(text))
    assert match is not None and match.tool == tool, (text, match)


@pytest.mark.parametrize(
    "text",
    [
        "read me the text of the contract",
        "schedule a call with bob on friday at 10am",
        "what's the phone number of the harbour museum",
        "how do i pay for parking in harbourtown",
        "call it garden party",  # naming what was just made
        "call it a day",
        "ring this up as done",
    ],
)
def test_words_of_those_domains_said_otherwise_are_not_declined_as_them(
    tools: list[dict[str, Any]], text: str
) -> None:
    reply = decline(plain_request(text), tools)
    assert reply is None or not reply.startswith(
        ("I can't send money", "I can't send text", "I can't make phone")
    ), (text, reply)


def test_a_payment_with_mail_installed_loads_no_model_and_calls_nothing(tmp_path: Path) -> None:
    """As the eval runs botpsy: a mail account (mail_send is offered), no model to ask."""
    with isolated(tmp_path):
        config = eval_config(Config(), tmp_path)
        built = build_assistant(config, RecordingApprover(Approval(True)), dry_run=True)
        built.agent.model_factory = _no_model
        try:
            assert "mail_send" in {t.name for t in built.agent.tools}
            result = built.agent.run("hey could you send twenty euros to ana please")
        finally:
            built.close()
    assert result.path == "declined" and result.calls == []
    assert result.reply.startswith("I can't send money or make payments yet")
    assert "remind me to pay" in result.reply  # what botpsy can do instead
