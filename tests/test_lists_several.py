"""Several items in one request: each ticked or taken off with its own call, each delete approved.

"take eggs and milk off the shopping list", "cross off eggs, rice and tea", "the rope and the torch
are packed", and "remind me to water the plants and to call grandma" (two tasks). A single thing
with "and" inside ("buy salt and pepper", "call mum and dad") stays one. Requests go through the
whole assistant with the real local task store (a vdir folder in a fresh home); the model is a
scripted one with nothing to say, so a request it would be asked about fails the test.
All requests are invented.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from botpsy_calendar.store import VdirStore

from assistant.api import plain_request
from assistant.config import Config
from assistant.policy import Approval
from tests.conftest import ZONE
from tests.helpers import (
    RecordingApprover,
    builtin_assistant,
    run_without_model,
    scripted_assistant,
)

SHOPPING = "add eggs, milk, rice and tea to the shopping list"
PACKING = "add rope, a torch and a tent to my packing list"


def _open(config: Config) -> list[tuple[str, str, bool]]:
    """Every task in the store: (title, list, done)."""
    store = VdirStore(config.data_dir / "calendars", "personal", ZONE)
    return sorted(
        (t.title.lower(), ",".join(c.lower() for c in t.categories), t.done) for t in store.tasks()
    )


def _run(config: Config, approve: bool, *turns: str) -> tuple[Any, RecordingApprover]:
    return run_without_model(config, *turns, approve=approve)


TAKEN_OFF = [
    ("take eggs and milk off the shopping list", ["eggs", "milk"]),
    ("remove eggs and milk from my shopping list", ["eggs", "milk"]),
    ("delete eggs, milk and rice from the shopping list", ["eggs", "milk", "rice"]),
    ("please get rid of the eggs and the milk from my shopping list", ["eggs", "milk"]),
    ("can you take the rice, the tea off the shopping list", ["rice", "tea"]),
    ("eggs and milk off the shopping list", ["eggs", "milk"]),
    ("from my shopping list remove rice and tea", ["rice", "tea"]),
    ("i bought eggs and milk so take them off the list", ["eggs", "milk"]),
    ("we don't need rice and tea on the shopping list any more", ["rice", "tea"]),
    ("remove eggs plus milk from the groceries", []),  # no groceries list: nothing removed
]


@pytest.mark.parametrize(("text", "gone"), TAKEN_OFF)
def test_several_items_are_taken_off_one_call_each(
    config: Config, text: str, gone: list[str]
) -> None:
    result, approver = _run(config, True, SHOPPING, text)
    tools = [c.tool for c in result.calls]
    left = {title for title, _, _ in _open(config)}
    if not gone:
        assert left == {"eggs", "milk", "rice", "tea"}, (text, tools, result.reply)
        return
    assert tools == ["task_delete"] * len(gone), (text, tools, result.reply)
    assert len(approver.asked) == len(gone)  # each delete shown and approved on its own
    assert left == {"eggs", "milk", "rice", "tea"} - set(gone), (text, left)


TICKED = [
    ("cross off eggs and milk", ["eggs", "milk"]),
    ("tick off eggs, milk and tea", ["eggs", "milk", "tea"]),
    ("cross eggs and milk off my shopping list", ["eggs", "milk"]),
    ("tick the rice and the tea off the shopping list", ["rice", "tea"]),
    ("mark eggs and milk as bought", ["eggs", "milk"]),
    ("eggs and milk are done", ["eggs", "milk"]),
    ("the rice and the tea are bought", ["rice", "tea"]),
    ("strike off milk & tea", ["milk", "tea"]),
    ("check off the eggs and the rice on my shopping list", ["eggs", "rice"]),
]


@pytest.mark.parametrize(("text", "done"), TICKED)
def test_several_items_are_ticked_each_on_its_own(
    config: Config, text: str, done: list[str]
) -> None:
    result, asked = _run(config, True, SHOPPING, text)
    assert [c.tool for c in result.calls] == ["task_complete"] * len(done), (text, result.reply)
    assert all(c.outcome == "ok" for c in result.calls), result.reply
    ticked = {title for title, _, finished in _open(config) if finished}
    assert ticked == set(done), (text, ticked)
    assert asked.asked == []  # a tick is no delete: nothing to approve


NO_LIST_SAID = [
    ("delete the toothpaste", "task_delete", ["toothpaste"]),
    ("i don't need toothpaste any more", "task_delete", ["toothpaste"]),
    ("the toothpaste is no longer needed", "task_delete", ["toothpaste"]),
    ("scratch the eggs and the toothpaste", "task_delete", ["eggs", "toothpaste"]),
    ("the toothpaste is bought", "task_complete", ["toothpaste"]),
    ("i bought the toothpaste", "task_complete", ["toothpaste"]),
    ("we've got eggs and toothpaste", "task_complete", ["eggs", "toothpaste"]),
    # nothing of those words on any list: left alone
    ("delete the shampoo", None, []),
    ("i bought a new car", None, []),
    ("the game is finished", None, []),
]


@pytest.mark.parametrize(("text", "tool", "items"), NO_LIST_SAID)
def test_an_item_said_without_its_list_is_looked_up_first(
    config: Config, text: str, tool: str | None, items: list[str]
) -> None:
    """No list named: only an open item of those words is ticked or (approved) deleted."""
    approver = RecordingApprover(Approval(True))
    assistant, model, _ = scripted_assistant(config, ["I can't help with that."], approver)
    assistant.agent.run("add eggs and toothpaste to my shopping list")
    result = assistant.agent.run(text)
    assistant.close()
    if tool is None:
        assert result.path == "model" and result.calls == [], (text, result.calls)
        assert {t for t, _, done in _open(config) if not done} == {"eggs", "toothpaste"}
        return
    assert [c.tool for c in result.calls] == [tool] * len(items), (text, result.reply)
    assert model.seen == []
    if tool == "task_delete":
        assert {t for t, _, _ in _open(config)} == {"eggs", "toothpaste"} - set(items)
    else:
        assert {t for t, _, done in _open(config) if done} == set(items)


@pytest.mark.parametrize(
    "turns",
    [
        ("what's on my shopping list", "take milk and tea off it"),
        ("what's on my shopping list", "remove milk and tea from the list"),
        ("add a torch to my camping list", "take milk and tea off the shopping list"),
    ],
)
def test_several_items_off_the_list_just_read(config: Config, turns: tuple[str, str]) -> None:
    """ "off it" after a list was read: that list, an approved delete per item."""
    result, approver = _run(config, True, SHOPPING, *turns)
    assert [c.tool for c in result.calls] == ["task_delete", "task_delete"], result.reply
    assert all(c.arguments.get("list_name") for c in result.calls)
    assert len(approver.asked) == 2
    assert {t for t, lst, _ in _open(config) if lst == "shopping"} == {"eggs", "rice"}


def test_a_delete_refused_removes_nothing_and_says_so(config: Config) -> None:
    result, approver = _run(config, False, SHOPPING, "take eggs and milk off the shopping list")
    assert [c.tool for c in result.calls] == ["task_delete", "task_delete"]
    assert all(c.outcome != "ok" for c in result.calls)
    assert len(approver.asked) == 2
    assert {t for t, _, _ in _open(config)} == {"eggs", "milk", "rice", "tea"}


def test_items_are_taken_off_the_list_named_only(config: Config) -> None:
    """The same item on two lists: only the named list loses it."""
    result, _ = _run(
        config,
        True,
        SHOPPING,
        "add milk and a torch to my camping list",
        "take the milk and the rice off my shopping list",
    )
    assert [c.tool for c in result.calls] == ["task_delete", "task_delete"], result.reply
    left = _open(config)
    assert ("milk", "camping", False) in left
    assert not any(t == "milk" and lst == "shopping" for t, lst, _ in left)
    assert not any(t == "rice" for t, _, _ in left)


REMINDERS = [
    ("remind me to water the plants and to call grandma", ["water the plants", "call grandma"]),
    ("remind me to water the plants and call grandma", ["water the plants", "call grandma"]),
    ("remind me to feed the cat and also to book the vet", ["feed the cat", "book the vet"]),
    ("remind me to pick up the kids and then go to the gym", ["pick up the kids", "go to the gym"]),
    (
        "remind me to post the letter, then pay the gas bill",
        ["post the letter", "pay the gas bill"],
    ),
    (
        "remind me to call the bank and to renew the passport and to book a haircut",
        ["call the bank", "renew the passport", "book a haircut"],
    ),
    ("please remind me to text jo and email sam", ["text jo", "email sam"]),
    # one thing with "and" inside stays one
    ("remind me to buy salt and pepper", ["buy salt and pepper"]),
    ("remind me to call mum and dad", ["call mum and dad"]),
    ("remind me to get fish and chips", ["get fish and chips"]),
    ("remind me to buy bread and milk", ["buy bread and milk"]),
    ("remind me to tidy the kitchen and the hall", ["tidy the kitchen and the hall"]),
    ("remind me to pack the tent and sleeping bags", ["pack the tent and sleeping bags"]),
    # things to do put on the to-dos together
    ("add call the bank and book the vet to my to do list", ["call the bank", "book the vet"]),
    (
        "put pay the gas bill, call mum and go to the gym on my tasks",
        ["pay the gas bill", "call mum", "go to the gym"],
    ),
    ("new task call the bank and pay the rent", ["call the bank", "pay the rent"]),
    ("add buy salt and pepper to my to do list", ["buy salt and pepper"]),
]


@pytest.mark.parametrize(("text", "titles"), REMINDERS)
def test_two_things_to_be_reminded_of_are_two_tasks(
    config: Config, text: str, titles: list[str]
) -> None:
    result, _ = _run(config, True, text)
    assert [c.tool for c in result.calls] == ["task_add"] * len(titles), (text, result.reply)
    assert [t for t, _, _ in _open(config)] == sorted(titles), (text, _open(config))


def test_a_day_said_once_is_lent_a_clock_time_in_one_part_is_not(config: Config) -> None:
    both = _run(config, True, "remind me tomorrow to water the plants and to call grandma")[0]
    dues = [c.arguments.get("due") for c in both.calls]
    assert len(dues) == 2 and dues[0] and dues[0] == dues[1], both.calls
    later = _run(config, True, "remind me to call grandma at five and then to water the plants")
    dues = [c.arguments.get("due") for c in later[0].calls]
    assert dues[0] and not dues[1], dues


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin, in load order; a fresh home so nothing real is read."""
    with builtin_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


NOT_SEVERAL = [
    # things with "and" that are no items off a list nor two reminders
    "what's the difference between salt and pepper",
    "play rock and roll",
    "turn off the kitchen and hall lights",
    "take me off the mailing list and unsubscribe",
    "remove the meeting and the lunch from my calendar",
    "delete the emails from jo and sam",
    "how do i get eggs and milk off a stain",
    "tell me a joke and then the weather",
    "cross the road and turn left",
    "remind me what salt and pepper are",
    "remind me to call mum and then play some music",
    "remind me to call mum and then tell me the weather",
]


@pytest.mark.parametrize("text", NOT_SEVERAL)
def test_other_requests_with_and_are_not_read_as_several_list_items(
    assistant: Any, text: str
) -> None:
    found = assistant.agent.intents.match_all(plain_request(text)) or []
    tools = [m.tool for m in found]
    assert not any(t in ("task_delete", "task_complete") for t in tools), (text, tools)
    assert tools.count("task_add") < 2, (text, tools)


def test_a_several_matcher_that_raises_is_skipped(assistant: Any) -> None:
    """A plugin bug in a several-call matcher is reported, not fatal: the request goes on."""
    registry = assistant.agent.intents

    def broken(text: str) -> None:
        raise RuntimeError("boom")

    registry.several.insert(0, ("test.broken", broken))
    try:
        found = registry.match_all(plain_request("cross off eggs and milk"))
    finally:
        registry.several.pop(0)
    assert [m.tool for m in found or []] == ["task_complete", "task_complete"]
