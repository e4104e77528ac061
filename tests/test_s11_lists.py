"""Lists and tasks, session 11: goods said with no list, a list opened then changed, days on to-dos.

Each need is said many invented ways (commands, bare fragments, questions, fillers, plurals and
mass nouns with no article) and read behind every built-in plugin as botpsy runs them (the
several-call reading first, then the single one). Near-misses (cravings, orders, other domains'
requests with a food word, knowledge questions) must not reach the task tools. The last tests run
whole requests against the real local task store (a vdir folder in a fresh home) with a scripted
model that has nothing to say, so a request it would be asked about fails them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from botpsy_calendar.shopping import is_goods
from botpsy_calendar.store import VdirStore

from assistant.api import plain_request
from assistant.config import Config
from tests.conftest import ZONE
from tests.helpers import (
    RecordingApprover,
    builtin_assistant,
    run_without_model,
)

TASK_TOOLS = {"task_add", "task_list", "task_delete", "task_complete"}


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin, in load order; a fresh home so nothing real is read."""
    with builtin_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _calls(assistant: Any, text: str) -> list[tuple[str, dict[str, Any]]]:
    """The calls the intents make for `text`: the several-call reading first, as the agent does."""
    request = plain_request(text)
    several = assistant.agent.intents.match_all(request)
    if several:
        return [(m.tool, dict(m.arguments)) for m in several]
    match = assistant.agent.intents.match(request)
    return [] if match is None else [(match.tool, dict(match.arguments))]


def _one(assistant: Any, text: str) -> tuple[str | None, dict[str, Any]]:
    calls = _calls(assistant, text)
    assert len(calls) <= 1, (text, calls)
    return calls[0] if calls else (None, {})


GOODS_TO_GET = [
    ("get some coffee", "coffee"),
    ("get milk", "milk"),
    ("buy more tea", "tea"),
    ("pick up some onions", "onions"),
    ("grab some bread on the way home", "bread"),
    ("pick up bananas from the store", "bananas"),
    ("i need to get shampoo", "shampoo"),
    ("remember to buy lemons", "lemons"),
    ("don't forget to get milk", "milk"),
    ("remember to pick up dog food", "dog food"),
    ("we should get more coffee", "coffee"),
    ("i gotta buy toothpaste", "toothpaste"),
    ("stock up on rice", "rice"),
    ("need more cereal", "cereal"),
    ("need milk", "milk"),
    ("out of butter", "butter"),
    ("low on sugar", "sugar"),
    ("running out of shampoo", "shampoo"),
    ("the fridge needs milk", "milk"),
    ("i need coffee", "coffee"),
    ("i need milk and bread", "milk, bread"),
    ("i need chocolate", "chocolate"),
    ("we need more paper towels", "paper towels"),
    ("i need water", "water"),
    ("we need bin bags", "bin bags"),
    ("we need two litres of milk", "two litres of milk"),
    ("get a loaf of bread", "loaf of bread"),
    ("eggs on my list please", "eggs"),
]


@pytest.mark.parametrize(("text", "title"), GOODS_TO_GET)
def test_goods_said_with_no_list_go_on_the_shopping_list(
    assistant: Any, text: str, title: str
) -> None:
    """Several goods may come as one call or one each; all land on the shopping list."""
    calls = _calls(assistant, text)
    assert calls and {tool for tool, _ in calls} == {"task_add"}, (text, calls)
    said = ", ".join(str(arguments.get("title", "")).lower() for _, arguments in calls)
    assert said == title, (text, calls)
    assert all(a.get("list_name") == "shopping list" for _, a in calls), (text, calls)


def test_goods_fetched_on_a_day_keep_the_day(assistant: Any) -> None:
    assert _one(assistant, "buy eggs tomorrow") == (
        "task_add",
        {"title": "Eggs", "list_name": "shopping list", "due": "tomorrow"},
    )


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("put butter on the list", "butter"),
        ("put coffee and tea on the list", "coffee, tea"),
        ("add cat food to the list", "cat food"),
        ("put some pasta on my list", "pasta"),
        ("add rice to the list please", "rice"),
    ],
)
def test_goods_on_the_list_with_no_name_are_the_shopping(
    assistant: Any, text: str, title: str
) -> None:
    """No list named and things a shop sells: the shopping list, with no question asked."""
    request = plain_request(text)
    match = assistant.agent.intents.match(request)
    assert match is not None and match.tool == "task_add" and not match.missing, (text, match)
    assert str(match.arguments["title"]).lower() == title
    assert match.arguments["list_name"] == "shopping list"


@pytest.mark.parametrize(
    "text", ["put the tent on the list", "new item rope", "add an item passport photos"]
)
def test_other_things_with_no_list_named_ask_which_list(assistant: Any, text: str) -> None:
    match = assistant.agent.intents.match(plain_request(text))
    assert match is not None and match.tool == "task_add", (text, match)
    assert "list_name" in match.missing and "list_name" not in match.arguments


@pytest.mark.parametrize(
    ("text", "list_name"),
    [
        ("do we need milk", "shopping list"),
        ("do i still need eggs", "shopping list"),
        ("did we need any coffee", "shopping list"),
        ("what's on my list of things to buy", "shopping list"),
        ("read me my to do list", "to do list"),
        ("what's on my to do's", "to do list"),
        ("open list groceries", "groceries list"),
        ("look up my grocery list", "grocery list"),
        ("show the grocery items", "grocery list"),
        ("what are my shopping items", "shopping list"),
        ("what should i buy at the store", None),
        ("show me what we need to get from the supermarket", None),
        ("what are the groceries i need", None),
        ("what are the things i need to buy", None),
        ("what do i need to buy", None),
        ("read the list i made yesterday", None),
        ("show me the list we created last week", None),
        ("open the last list i made", None),
        ("what's the latest list", None),
    ],
)
def test_lists_are_read(assistant: Any, text: str, list_name: str | None) -> None:
    tool, arguments = _one(assistant, text)
    assert tool == "task_list", (text, tool, arguments)
    assert arguments.get("list_name") == list_name, (text, arguments)


@pytest.mark.parametrize(
    ("text", "title", "list_name"),
    [
        ("add lemons to my list of things to buy", "lemons", "shopping list"),
        ("add a new item to my packing list socks", "socks", "packing list"),
        ("add another entry to the camping list matches", "matches", "camping list"),
        ("add oat milk to shopping", "oat milk", "shopping list"),
        ("add eggs shopping list", "eggs", "shopping list"),
        ("put rope my packing list", "rope", "packing list"),
        ("add item milk", "milk", "shopping list"),
        ("add rice to list groceries", "rice", "groceries list"),
        ("new entry: coffee", "coffee", "shopping list"),
    ],
)
def test_items_go_on_a_list_however_it_is_named(
    assistant: Any, text: str, title: str, list_name: str
) -> None:
    tool, arguments = _one(assistant, text)
    assert tool == "task_add", (text, tool, arguments)
    assert str(arguments["title"]).lower() == title and arguments["list_name"] == list_name


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("add a task for friday to clean the car", "clean the car", "friday"),
        ("add to my to do list for tomorrow call the garage", "call the garage", "tomorrow"),
        ("add pick up the kids to my to do list for friday", "pick up the kids", "friday"),
        ("put renew the insurance on my to-do list by thursday", "renew the insurance", "thursday"),
        ("remind me on tuesday to pay the rent", "pay the rent", "on tuesday"),
        ("on friday remind me to take out the bins", "take out the bins", "on friday"),
        ("remind me to send the invoice on monday", "send the invoice", "on monday"),
        ("set a reminder for thursday to email the landlord", "email the landlord", "thursday"),
    ],
)
def test_a_to_do_keeps_its_title_and_its_day(
    assistant: Any, text: str, title: str, due: str
) -> None:
    tool, arguments = _one(assistant, text)
    assert tool == "task_add", (text, tool, arguments)
    assert str(arguments["title"]).lower() == title, (text, arguments)
    assert arguments.get("due") == due and "list_name" not in arguments, (text, arguments)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("make a note to buy stamps", "buy stamps"),
        ("note that i need to renew the passport", "renew the passport"),
        ("note to self ring the plumber", "ring the plumber"),
        ("jot down a note: pay the window cleaner", "pay the window cleaner"),
        ("add wash the car to my to do's", "wash the car"),
    ],
)
def test_a_note_of_a_thing_to_do_is_a_to_do(assistant: Any, text: str, title: str) -> None:
    tool, arguments = _one(assistant, text)
    assert tool == "task_add", (text, tool, arguments)
    assert str(arguments["title"]).lower() == title and "list_name" not in arguments, arguments


@pytest.mark.parametrize(
    ("text", "tool", "item", "list_name"),
    [
        ("open the grocery list and remove butter", "task_delete", "butter", "grocery list"),
        ("find my packing list and take off the tent", "task_delete", "tent", "packing list"),
        ("check my shopping list and cross off milk", "task_complete", "milk", "shopping list"),
        ("pull up the camping list and add matches", "task_add", "matches", "camping list"),
        ("go to my to do list and add call the bank", "task_add", "call the bank", ""),
    ],
)
def test_a_list_opened_then_changed_keeps_the_list(
    assistant: Any, text: str, tool: str, item: str, list_name: str
) -> None:
    """The change on the list opened first, then that list read as it now is."""
    calls = _calls(assistant, text)
    assert [c[0] for c in calls] == [tool, "task_list"], (text, calls)
    change = calls[0][1]
    said = change.get("task") or change.get("title")
    assert str(said).lower() == item, (text, calls)
    assert change.get("list_name", "") == list_name, (text, calls)


@pytest.mark.parametrize(
    ("text", "list_name"),
    [
        ("create a list of groceries to be bought weekly", "groceries list"),
        ("make a list of weekly groceries to buy", "weekly groceries list"),
        ("make a list of chores for the kids", "chores list"),
        ("create a list for things to do this weekend", "things to do list"),
        ("make a list of things to pack", "things to pack list"),
        ("build a list for the move", "move list"),
        ("put together a packing list", "packing list"),
    ],
)
def test_a_new_list_is_named_without_what_it_is_for(
    assistant: Any, text: str, list_name: str
) -> None:
    """The purpose and how often ("to be bought weekly") are no part of the list's name."""
    match = assistant.agent.intents.match(plain_request(text))
    assert match is not None and match.tool == "list_create", (text, match)  # session 12
    assert match.arguments.get("list_name") == list_name, (text, match.arguments)
    assert not match.missing


@pytest.mark.parametrize(
    ("text", "tool", "list_name"),
    [
        ("what is on my shopping list mia", "task_list", "shopping list"),
        ("list the items on my camping list juno", "task_list", "camping list"),
        ("remove milk from my shopping list kit", "task_delete", "shopping list"),
        ("show me my lists robin", "list_lists", None),
    ],
)
def test_a_name_said_after_the_request_changes_nothing(
    assistant: Any, text: str, tool: str, list_name: str | None
) -> None:
    got, arguments = _one(assistant, text)
    assert got == tool and arguments.get("list_name") == list_name, (text, got, arguments)


NOT_LISTS = [
    "get me a pizza",
    "buy me a pizza",
    "order some rice",
    "i need a beer",
    "i need a coffee",
    "i want coffee",
    "i want chocolate",
    "i need a taxi",
    "i need music",
    "i need to call my mother",
    "i need to call my mum about the eggs",
    "i need directions to the shop",
    "add salt to the soup",
    "add sugar to my coffee",
    "put the kettle on",
    "get the milk out of the fridge",
    "get some sleep",
    "get some rest",
    "get ready",
    "buy a new phone",
    "buy tickets for the concert",
    "how much is milk",
    "is rice healthy",
    "what is milk made of",
    "where can i buy coffee",
    "get some coffee with jo tomorrow",
    "get chicken curry",
    "more music",
    "need more light",
    "out of office",
    "we're out of time",
    "i need some sleep",
    "add jazz",
    "add five and three",
    "add ten minutes to the timer",
    "chocolate",
    "milk",
    "buy some time",
    "do i need an umbrella tomorrow",
    "do we need to leave now",
    "mark the first item as done",
    "rename the camping list to hiking",
    "note what time it is",
    "make a note of this song",
    "take a note",
    "i need a cup of coffee",
    "i need a glass of water",
    "delete the event from my list",
    "remove the alarm from my list",
    "add this song to my list",
    "add the song to my favourites list",
    "play my list",
    "what should i buy",
    "what should i get my mum for her birthday",
]


@pytest.mark.parametrize("text", NOT_LISTS)
def test_near_misses_stay_off_the_task_tools(assistant: Any, text: str) -> None:
    tools = {tool for tool, _ in _calls(assistant, text)}
    assert not tools & TASK_TOOLS, (text, tools)


@pytest.mark.parametrize(
    ("item", "goods"),
    [
        ("milk", True),
        ("eggs", True),
        ("tomatoes", True),
        ("strawberries", True),
        ("oat milk", True),
        ("toilet paper", True),
        ("cat food", True),
        ("food", False),
        ("a coffee", False),
        ("salt to the soup", False),
        ("coffee near me", False),
        ("pizza", False),
        ("tickets", False),
        ("extra virgin olive oil bottle", False),
    ],
)
def test_goods_are_known_by_their_last_word(item: str, goods: bool) -> None:
    assert is_goods(item) is goods


# -- against the real task store ----------------------------------------------------------------
def _open(config: Config) -> list[tuple[str, str, bool]]:
    """Every task in the store: (title, list, done)."""
    store = VdirStore(config.data_dir / "calendars", "personal", ZONE)
    return sorted(
        (t.title.lower(), ",".join(c.lower() for c in t.categories), t.done) for t in store.tasks()
    )


def _run(config: Config, *turns: str) -> tuple[Any, RecordingApprover]:
    return run_without_model(config, *turns)


def test_goods_run_out_land_on_the_shopping_list(config: Config) -> None:
    _run(config, "out of butter")
    _run(config, "pick up some onions from the store")
    assert _open(config) == [("butter", "shopping", False), ("onions", "shopping", False)]


def test_an_item_comes_off_only_the_list_opened(config: Config) -> None:
    """Butter on two lists: opening one and removing it leaves the other's."""
    result, approver = _run(
        config,
        "add butter and flour to the baking list",
        "add butter to the shopping list",
        "open the baking list and remove butter",
    )
    assert [c.tool for c in result.calls] == ["task_delete", "task_list"], result.reply
    assert len(approver.asked) == 1  # the delete was shown and approved
    assert _open(config) == [("butter", "shopping", False), ("flour", "baking", False)]


def test_an_item_not_wanted_comes_off_when_a_list_holds_it(config: Config) -> None:
    """ "i don't want pears": looked up first; on a list, it is deleted once approved."""
    result, approver = _run(config, "add pears and rice to the shopping list", "i don't want pears")
    assert [c.tool for c in result.calls] == ["task_delete"], result.reply
    assert len(approver.asked) == 1
    assert _open(config) == [("rice", "shopping", False)]
