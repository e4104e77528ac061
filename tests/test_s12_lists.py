"""Whole lists as people say them: which lists exist, make one, rename one, delete one.

Every example is invented (spoken, lower case, no punctuation), ten or more per need, with
near-misses that must not reach the list tools: an item added to a list, the calendar's
meetings, playlists, files, knowledge questions. The end-to-end tests run the requests
through botpsy with no model on a real vdir, and check that deleting a list asks first,
naming the list and how many items go with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from botpsy_calendar.store import VdirStore

from assistant.api import plain_request
from assistant.config import Config
from tests.conftest import ZONE
from tests.helpers import builtin_assistant, run_without_model, scripted_assistant

LIST_TOOLS = {"list_lists", "list_create", "list_rename", "list_delete", "list_clear"}


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with builtin_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _match(assistant: Any, text: str) -> tuple[str | None, dict[str, Any], list[str]]:
    found = assistant.agent.intents.match(plain_request(text))
    if found is None:
        return None, {}, []
    return found.tool, dict(found.arguments), list(found.missing)


MAKE = [
    ("start a new list called camping", "camping list"),
    ("make me a packing list", "packing list"),
    ("create a list named books to read", "books to read list"),
    ("can you make a new list for the garden", "garden list"),
    ("new list for christmas gifts", "christmas gifts list"),
    ("set up a list called chores", "chores list"),
    ("i'd like a new list called movies", "movies list"),
    ("begin a grocery list", "grocery list"),
    ("open a new list for the wedding", "wedding list"),
    ("please start a list called road trip", "road trip list"),
    ("create another list for work stuff", "work stuff list"),
    ("could you make a baby list", "baby list"),
]


@pytest.mark.parametrize(("text", "name"), MAKE)
def test_a_list_is_made(assistant: Any, text: str, name: str) -> None:
    assert _match(assistant, text) == ("list_create", {"list_name": name}, []), text


def test_a_list_made_with_items_or_without_a_name(assistant: Any) -> None:
    assert _match(assistant, "start a camping list with a tent and rope") == (
        "list_create",
        {"list_name": "camping list", "items": "Tent, rope"},
        [],
    )
    assert _match(assistant, "start a new list") == ("list_create", {}, ["list_name"])


RENAME = [
    ("rename groceries to weekly shop", "groceries list", "weekly shop list"),
    ("rename my camping list to weekend trip", "camping list", "weekend trip list"),
    ("rename the list called books to reading", "books list", "reading list"),
    ("change the name of my packing list to holiday", "packing list", "holiday list"),
    ("change my chores list's name to jobs", "chores list", "jobs list"),
    ("call the camping list trip instead", "camping list", "trip list"),
    ("the groceries list should be called weekly shop", "groceries list", "weekly shop list"),
    ("retitle the movies list as films", "movies list", "films list"),
    ("rename list garden to allotment", "garden list", "allotment list"),
    ("can you rename the shopping list to market", "shopping list", "market list"),
    ("please rename my books list to reading list", "books list", "reading list"),
    ("update the name of the party list to birthday", "party list", "birthday list"),
]


@pytest.mark.parametrize(("text", "old", "new"), RENAME)
def test_a_list_is_renamed(assistant: Any, text: str, old: str, new: str) -> None:
    assert _match(assistant, text) == ("list_rename", {"list_name": old, "new_name": new}, []), text


DELETE = [
    ("get rid of the camping list", "camping list"),
    ("delete my packing list", "packing list"),
    ("remove the books list", "books list"),
    ("scrap my wedding list", "wedding list"),
    ("throw out the chores list", "chores list"),
    ("i don't need the garden list any more", "garden list"),
    ("please delete the list called movies", "movies list"),
    ("ditch the party list", "party list"),
    ("discard my christmas list", "christmas list"),
    ("bin the grocery list", "grocery list"),
    ("erase the road trip list", "road trip list"),
    ("delete list holiday", "holiday list"),
]


@pytest.mark.parametrize(("text", "name"), DELETE)
def test_a_whole_list_is_deleted(assistant: Any, text: str, name: str) -> None:
    assert _match(assistant, text) == ("list_delete", {"list_name": name}, []), text


WHICH = [
    "what lists do i have",
    "which lists have i got",
    "show me my lists",
    "list my lists",
    "how many lists do i have",
    "tell me all my lists",
    "what are my lists called",
    "what lists are there",
    "name my lists",
    "do i have any lists",
    "what are the names of my lists",
    "read me my lists",
    "which lists did i make",
    "could you tell me what my lists are",
]


@pytest.mark.parametrize("text", WHICH)
def test_which_lists_there_are(assistant: Any, text: str) -> None:
    assert _match(assistant, text) == ("list_lists", {}, []), text


EXISTS = [
    ("do i have a camping list", "camping list"),
    ("is there a packing list", "packing list"),
    ("have i got a shopping list", "shopping list"),
    ("is there a list called books", "books list"),
    ("do we have a grocery list", "grocery list"),
    ("have i made a list for the party", "party list"),
    ("does my chores list exist", "chores list"),
    ("did i start a christmas list", "christmas list"),
    ("do i still have the garden list", "garden list"),
    ("is there a list for the wedding", "wedding list"),
    ("have we got a list called movies", "movies list"),
]


@pytest.mark.parametrize(("text", "name"), EXISTS)
def test_whether_a_list_exists(assistant: Any, text: str, name: str) -> None:
    assert _match(assistant, text) == ("list_lists", {"list_name": name}, []), text


# An item pointed at ("that", "it"), not said: in a new conversation it is asked for (a
# follow-up of a listing reads these first); after any turn the model, which read it, decides.
POINTED = [
    ("drop it from the list", "task_delete", {}, ["task"]),
    ("take that thing off my list", "task_delete", {}, ["task"]),
    ("take it off the shopping list", "task_delete", {"list_name": "shopping list"}, ["task"]),
    (
        "delete this one from the packing list",
        "task_delete",
        {"list_name": "packing list"},
        ["task"],
    ),
    ("scratch that off my camping list", "task_delete", {"list_name": "camping list"}, ["task"]),
    ("get rid of that from the list", "task_delete", {}, ["task"]),
    ("stick this on a list", "task_add", {}, ["title", "list_name"]),
    ("please put this thing on the list", "task_add", {}, ["title", "list_name"]),
    ("put that on my camping list", "task_add", {"list_name": "camping list"}, ["title"]),
    ("stick it on the grocery list", "task_add", {"list_name": "grocery list"}, ["title"]),
    ("add these to my camping list", "task_add", {"list_name": "camping list"}, ["title"]),
]


@pytest.mark.parametrize(("text", "tool", "arguments", "asked"), POINTED)
def test_what_is_pointed_at_is_asked_in_a_new_conversation(
    assistant: Any, text: str, tool: str, arguments: dict[str, str], asked: list[str]
) -> None:
    assert _match(assistant, text) == (tool, arguments, asked), text
    assert assistant.agent.intents.match(plain_request(text)).points_back


def test_what_is_pointed_at_after_a_turn_is_the_models(config: Config) -> None:
    """After "what should i pack", "add these to my camping list" means what the model said."""
    said = "A tent, a torch and a sleeping bag."
    built, model, _ = scripted_assistant(config, [said, "Which of them?"])
    try:
        first = built.agent.run("what should i pack for a night in the woods")
        assert first.reply == said
        second = built.agent.run("add these to my camping list", built.sessions.load(first.session))
        assert second.reply == "Which of them?" and len(model.seen) == 2  # the model answered
        fresh = built.agent.run("add these to my camping list")
        assert fresh.reply == "What should I add to the Camping list?" and len(model.seen) == 2
    finally:
        built.close()


# Items on a list stay with the task tools; other things named "list", files, playlists,
# meetings and knowledge questions reach no list tool.
ITEMS = [
    ("add tent to the camping list", "task_add"),
    ("put milk on my shopping list", "task_add"),
    ("what's on my shopping list", "task_list"),
    ("clear my shopping list", "list_clear"),  # every item shown, removed on one yes, the list kept
    ("remove milk from the grocery list", "task_delete"),
    ("wipe everything off my packing list", "list_clear"),
    ("remove the camping list items", "list_clear"),
]
NEAR_MISSES = [
    "list my meetings",
    "rename the report to final draft",
    "rename the file budget to taxes",
    "delete the dentist appointment",
    "create a playlist called chill",
    "make a new playlist",
    "what's the best to do list app",
    "do i have any meetings today",
    "is there a meeting at three",
    "delete my alarm",
    "how many songs are in my playlist",
    "list my alarms",
    "who is on the guest list",
    "what is a bucket list",
    "make a list of the best films of all time",
    "is there a train to leeds",
    "do i have any new emails",
    "what are the lists of ingredients for pancakes",
    "add it to my playlist",
    "remove it from my calendar",
    "clear the first list",
    "remove the first item from the list",
    "delete my newest list",  # which one is for the model to look up (it can list them)
]


@pytest.mark.parametrize(("text", "tool"), ITEMS)
def test_items_stay_with_the_task_tools(assistant: Any, text: str, tool: str) -> None:
    assert _match(assistant, text)[0] == tool, text


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_reach_no_list_tool(assistant: Any, text: str) -> None:
    assert _match(assistant, text)[0] not in LIST_TOOLS, (text, _match(assistant, text))


# -- end to end, no model, a real vdir ------------------------------------------------------------
def _store(config: Config) -> VdirStore:
    return VdirStore(config.data_dir / "calendars", "personal", ZONE)


def test_make_fill_rename_and_ask_before_deleting(config: Config) -> None:
    result, _ = run_without_model(config, "start a new list called camping")
    assert result.reply.startswith("Started a new list: Camping.")
    run_without_model(config, "add a tent and rope to the camping list")
    result, _ = run_without_model(config, "what lists do i have")
    assert '"Camping" (2 items)' in result.reply
    run_without_model(config, "rename the camping list to weekend trip")
    assert {t.list_name for t in _store(config).tasks()} == {"Weekend trip"}
    result, approver = run_without_model(config, "get rid of the weekend trip list", approve=False)
    (asked,) = approver.asked
    assert asked.tool == "list_delete" and asked.effect == "delete"
    assert asked.preview == 'delete the list "Weekend trip" (2 items)'
    assert len(_store(config).tasks()) == 2  # refused: nothing deleted
    result, approver = run_without_model(config, "get rid of the weekend trip list")
    assert result.reply.startswith('Deleted the list "Weekend trip" (2 items).')
    assert _store(config).tasks() == []


def test_a_list_just_made_is_what_it_means(config: Config) -> None:
    """The list tools name their list `list_name`, as the task tools do: "it" follows them."""
    result, _ = run_without_model(config, "start a new list called camping", "add rope to it")
    assert result.reply.startswith('Added "Rope" to your Camping list.')
    result, _ = run_without_model(config, "start a new list called camping", "what's on it")
    assert result.reply.startswith("1 item on your Camping list:")
    result, _ = run_without_model(config, "delete that list")  # nothing before: which one
    assert result.reply == "Which list should I delete?"


CHECKLISTS = [
    ("make a new checklist for the move", "list_create", {"list_name": "move list"}),
    ("delete my packing checklist", "list_delete", {"list_name": "packing list"}),
    ("what checklists do i have", "list_lists", {}),
    ("what's on my camping check-list", "task_list", {"list_name": "camping list"}),
    (
        "add a torch to the camping checklist",
        "task_add",
        {"title": "Torch", "list_name": "camping list"},
    ),
]


@pytest.mark.parametrize(("text", "tool", "arguments"), CHECKLISTS)
def test_a_checklist_is_a_list(
    assistant: Any, text: str, tool: str, arguments: dict[str, str]
) -> None:
    assert _match(assistant, text)[:2] == (tool, arguments), text
