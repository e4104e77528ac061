"""Named lists ("my shopping list"): items are tasks whose CATEGORIES name the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from botpsy_calendar.intents import make_matchers
from botpsy_calendar.store import Task, VdirStore
from botpsy_calendar.task_intents import make_task_matchers
from botpsy_calendar.tools import CalendarTools, list_label, split_items
from icalendar import Calendar

from assistant.clock import Clock
from assistant.errors import ToolError
from assistant.intents import IntentMatch, clean_request
from assistant.tools import Tool
from tests.conftest import NOW, ZONE


@pytest.fixture
def store(tmp_path: Path) -> VdirStore:
    return VdirStore(tmp_path / "calendars", "personal", ZONE)


@pytest.fixture
def tools(store: VdirStore, clock: Clock) -> dict[str, Tool]:
    box = CalendarTools(store, clock)
    methods = [getattr(box, n) for n in dir(box) if n.startswith(("task_", "list_"))]
    return {m.__name__: Tool.from_function(m) for m in methods}


def run(tools: dict[str, Tool], clock: Clock, name: str, **arguments: object) -> str:
    prepared = tools[name].prepare(arguments, clock)
    prepared.preview()  # what the user is shown before a delete; pins the task
    return tools[name].run(prepared.arguments).summary


def titles(store: VdirStore, list_name: str | None = None) -> list[str]:
    return [t.title for t in store.tasks() if list_name is None or t.on_list(list_name)]


def test_list_names_are_normalised() -> None:
    assert list_label("my shopping list") == "Shopping"
    assert list_label("Grocery") == "Grocery"
    assert list_label("the groceries list") == "Groceries"
    assert list_label("camping trip") == "Camping trip"
    for none in (None, "", "to-do", "my todo list", "tasks"):
        assert list_label(none) == "", none


def test_items_are_split() -> None:
    assert split_items("eggs, bread and milk") == ["Eggs", "Bread", "Milk"]
    assert split_items("some oat milk & rye bread") == ["Oat milk", "Rye bread"]
    assert split_items("tea, tea") == ["Tea"]


def test_an_item_goes_on_its_list_as_a_category(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    said = run(tools, clock, "task_add", title="Lemons", list_name="my shopping list")
    assert said == 'Added "Lemons" to your Shopping list.'
    (path,) = store.folder.glob("*.ics")
    todo = next(iter(Calendar.from_ical(path.read_bytes()).walk("VTODO")))
    assert str(todo["summary"]) == "Lemons"
    assert [str(c) for c in todo["categories"].cats] == ["Shopping"]
    (task,) = store.tasks()
    assert task.list_name == "Shopping" and task.on_list("SHOPPING")


def test_several_items_become_several_tasks(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    said = run(tools, clock, "task_add", title="eggs, bread and milk", list_name="grocery")
    assert said == 'Added "Eggs", "Bread" and "Milk" to your Grocery list.'
    assert sorted(titles(store, "grocery")) == ["Bread", "Eggs", "Milk"]
    again = run(tools, clock, "task_add", title="milk and apples", list_name="Grocery list")
    assert again == 'Added "Apples" to your Grocery list. "Milk" was already on your Grocery list.'
    assert len(store.tasks()) == 4


def test_a_list_shows_only_its_own_items(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    run(tools, clock, "task_add", title="Water the ferns")
    run(tools, clock, "task_add", title="Sunscreen, tent pegs", list_name="camping")
    run(tools, clock, "task_add", title="Cumin", list_name="shopping")
    shopping = run(tools, clock, "task_list", list_name="my Shopping list")
    assert shopping == '1 item on your Shopping list:\n- "Cumin"'
    camping = run(tools, clock, "task_list", list_name="camping")
    assert camping.startswith("2 items on your Camping list:")
    assert "Cumin" not in camping and "ferns" not in camping
    assert run(tools, clock, "task_list", list_name="hardware") == "Nothing on your Hardware list."
    everything = run(tools, clock, "task_list")
    assert everything.startswith("4 tasks:")
    assert '"Cumin" (Shopping list)' in everything and '- "Water the ferns"' in everything


def test_removing_one_item_leaves_the_others(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    run(tools, clock, "task_add", title="oat milk, milk and rice", list_name="shopping")
    run(tools, clock, "task_add", title="Milk the goats")  # a task, not on the list
    said = run(tools, clock, "task_delete", task="milk", list_name="shopping")
    assert said == 'Deleted the task "Milk" (Shopping list).'
    assert sorted(titles(store, "shopping")) == ["Oat milk", "Rice"]
    assert "Milk the goats" in titles(store)
    done = run(tools, clock, "task_complete", task="rice", list_name="shopping")
    assert done == 'Done: "Rice" (Shopping list) (done).'
    assert run(tools, clock, "task_list", list_name="shopping") == (
        '1 item on your Shopping list:\n- "Oat milk"'
    )
    with pytest.raises(ToolError, match="not on your Shopping list"):
        run(tools, clock, "task_delete", task="the goats", list_name="shopping")


def test_completing_keeps_the_category_and_foreign_ones(store: VdirStore, clock: Clock) -> None:
    calendar = Task("Batteries", categories=("Errands", "Urgent")).apply(None)
    store.write("foreign-1", calendar)
    box = CalendarTools(store, clock)
    tool = Tool.from_function(box.task_complete)
    tool.run(tool.prepare({"task": "batteries", "list_name": "errands"}, clock).arguments)
    (path,) = store.folder.glob("*.ics")
    todo = next(iter(Calendar.from_ical(path.read_bytes()).walk("VTODO")))
    assert [str(c) for c in todo["categories"].cats] == ["Errands", "Urgent"]
    assert str(todo["status"]) == "COMPLETED"


def test_plain_tasks_are_unchanged(tools: dict[str, Tool], clock: Clock, store: VdirStore) -> None:
    said = run(tools, clock, "task_add", title="Call the plumber, then pay him", due="tomorrow")
    assert said == 'Added the task "Call the plumber, then pay him" due Monday 30 November 2026.'
    (path,) = store.folder.glob("*.ics")
    assert b"CATEGORIES" not in path.read_bytes()
    assert run(tools, clock, "task_add", title="Fix the gate", list_name="my to-do list") == (
        'Added the task "Fix the gate".'
    )


def first_match(text: str) -> tuple[str, dict[str, object]] | None:
    """What the calendar plugin's intents do with `text`, in the order they are registered."""
    now = lambda: NOW  # noqa: E731
    for _, matcher in make_matchers(now) + make_task_matchers(now):
        found = matcher(text)
        if found is not None:
            return found.tool, found.arguments
    return None


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        (
            "add lemons to my shopping list",
            "task_add",
            {"title": "Lemons", "list_name": "shopping list"},
        ),
        (
            "put rye bread and cheddar on the grocery list",
            "task_add",
            {"title": "Rye bread, cheddar", "list_name": "grocery list"},
        ),
        (
            "add some tent pegs, a torch and matches to my camping list",
            "task_add",
            {"title": "Tent pegs, torch, matches", "list_name": "camping list"},
        ),
        ("what's on my shopping list?", "task_list", {"list_name": "shopping list"}),
        ("what do I need from the groceries list", "task_list", {"list_name": "groceries list"}),
        ("read me my packing list", "task_list", {"list_name": "packing list"}),
        ("is cumin on my shopping list?", "task_list", {"list_name": "shopping list"}),
        (
            "remove cumin from my shopping list",
            "task_delete",
            {"task": "Cumin", "list_name": "shopping list"},
        ),
        (
            "take the lemons off the grocery list",
            "task_delete",
            {"task": "Lemons", "list_name": "grocery list"},
        ),
        (
            "tick off lemons on my shopping list",
            "task_complete",
            {"task": "Lemons", "list_name": "shopping list"},
        ),
        # the to-dos themselves are no named list
        ("add milk to my todo list", "task_add", {"title": "Milk"}),
    ],
)
def test_list_intents(text: str, tool: str, arguments: dict[str, object]) -> None:
    assert first_match(text) == (tool, arguments)


@pytest.mark.parametrize(
    "text",
    [
        "remove lemons and cumin from my shopping list",  # one delete per item: the model's job
        "make a playlist",
        "show me a list of bakeries nearby",
    ],
)
def test_list_intents_leave_the_rest_to_the_model(text: str) -> None:
    assert first_match(text) is None


def test_the_contact_list_is_the_address_book_not_a_named_list() -> None:
    found = first_match("add ana to my contact list")
    assert found is not None and found[0] == "contacts_add" and found[1] == {"name": "ana"}


def test_an_intent_runs_through_the_tool(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    for text in (
        "put quinoa, figs and honey on my shopping list",
        "remove figs from my shopping list",
    ):
        found = first_match(text)
        assert found is not None
        run(tools, clock, found[0], **found[1])
    assert sorted(titles(store, "Shopping")) == ["Honey", "Quinoa"]


def first_intent(text: str) -> IntentMatch | None:
    """The whole match (with what it asks) for `text`, cleaned as the registry cleans it."""
    now = lambda: NOW  # noqa: E731
    for _, matcher in make_matchers(now) + make_task_matchers(now):
        found = matcher(clean_request(text))
        if found is not None:
            return found
    return None


@pytest.mark.parametrize(
    "text", ["which are my lists", "what lists do i have", "show the available lists"]
)
def test_which_lists_there_are_is_the_lists_tool(text: str) -> None:
    """The lists themselves (session 12): `list_lists`, not what is on them."""
    found = first_intent(text)
    assert found is not None and (found.tool, found.arguments) == ("list_lists", {}), text


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("could you display all my lists", {}),
        ("tell me what lists we have", {}),
        ("open my lists", {}),
        ("what's on the list", {}),
        ("read out my packing list for today", {"list_name": "packing list", "due": "for today"}),
        ("what is on my camping list today", {"list_name": "camping list", "due": "today"}),
        ("read camping list items", {"list_name": "camping list"}),
        ("list everything on my hardware list", {"list_name": "hardware list"}),
        ("tell me what the items in the hardware list are", {"list_name": "hardware list"}),
    ],
)
def test_reading_lists_said_many_ways(text: str, arguments: dict[str, object]) -> None:
    found = first_intent(text)
    assert found is not None, text
    assert (found.tool, found.arguments, found.missing) == ("task_list", arguments, {})


@pytest.mark.parametrize(
    ("text", "tool", "arguments", "asked"),
    [
        # a new list is made by `list_create` (session 12); its name is asked when not said
        ("create a new list", "list_create", {}, ["list_name"]),
        ("make a list", "list_create", {}, ["list_name"]),
        ("start a new camping list", "list_create", {"list_name": "camping list"}, []),
        ("create a list called packing", "list_create", {"list_name": "packing list"}, []),
        (
            "create a grocery list with eggs and milk",
            "list_create",
            {"list_name": "grocery list", "items": "Eggs, milk"},
            [],
        ),
        ("make a new list with oats", "list_create", {"items": "Oats"}, ["list_name"]),
        ("add rope to my list", "task_add", {"title": "Rope"}, ["list_name"]),
        # a new to-do list: the plain tasks, so only its first item is asked for
        ("make a new to-do list", "task_add", {"list_name": "to-do list"}, ["title"]),
    ],
)
def test_a_new_list_or_an_unnamed_one_asks(
    text: str, tool: str, arguments: dict[str, object], asked: list[str]
) -> None:
    found = first_intent(text)
    assert found is not None and found.tool == tool, text
    assert found.arguments == arguments
    assert list(found.missing) == asked


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("clear my shopping list", {"list_name": "shopping list"}),
        ("empty the list", {}),
        ("remove all items from my shopping list", {"list_name": "shopping list"}),
        ("remove everything from the camping list", {"list_name": "camping list"}),
    ],
)
def test_clearing_a_list_is_never_a_bulk_delete(text: str, arguments: dict[str, object]) -> None:
    """A list emptied is one `list_clear`: its preview shows every item and asks once (the
    list not said: which one is asked first)."""
    found = first_intent(text)
    assert found is not None and found.tool == "list_clear", text
    assert found.arguments == arguments
    assert list(found.missing) == ([] if arguments else ["list_name"])


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        (
            "cancel the rice from the pantry list",
            "task_delete",
            {"task": "Rice", "list_name": "pantry list"},
        ),
        ("take the paint off the list", "task_delete", {"task": "Paint"}),
        (
            "add oil the bike to my to do list for tomorrow",
            "task_add",
            {"title": "Oil the bike", "due": "tomorrow"},
        ),
    ],
)
def test_more_ways_to_change_a_list(text: str, tool: str, arguments: dict[str, object]) -> None:
    assert first_match(text) == (tool, arguments)


@pytest.mark.parametrize(
    "text", ["delete that one from my list", "put this on the list", "drop it from the list"]
)
def test_a_vague_item_is_left_to_the_model(text: str) -> None:
    """After a turn the model reads what "that" is; only a new conversation asks (session 12)."""
    found = first_intent(text)
    assert found is None or (found.points_back and found.missing), text


def test_a_new_list_and_a_removal_run_through_the_tools(
    tools: dict[str, Tool], clock: Clock, store: VdirStore
) -> None:
    """The arguments the intents give are ones the real tools take: the name keeps "list"."""
    found = first_intent("start a new camping list")
    assert found is not None and found.tool == "list_create"
    tools[found.tool].run(
        tools[found.tool]
        .prepare(found.arguments | {"items": "tent pegs and torch"}, clock)
        .arguments
    )
    assert sorted(titles(store, "Camping")) == ["Tent pegs", "Torch"]
    gone = first_match("take the torch off the list")
    assert gone is not None
    run(tools, clock, gone[0], **gone[1])
    assert titles(store, "Camping") == ["Tent pegs"]
    shown = first_match("read out my camping list for today")
    assert shown is not None
    assert run(tools, clock, shown[0], **shown[1]).startswith("1 item on your Camping list")


# -- more ways people say it ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        # lead-ins and tails that change nothing
        (
            "i need to add rope to my camping list",
            "task_add",
            {"title": "Rope", "list_name": "camping list"},
        ),
        ("let me see my camping list", "task_list", {"list_name": "camping list"}),
        ("i want to hear the camping list now", "task_list", {"list_name": "camping list"}),
        # reading a list back
        ("how many things are on my camping list", "task_list", {"list_name": "camping list"}),
        ("what did we put on the camping list", "task_list", {"list_name": "camping list"}),
        ("what's the camping list", "task_list", {"list_name": "camping list"}),
        ("what are the contents of my camping list", "task_list", {"list_name": "camping list"}),
        ("do i have a camping list", "list_lists", {"list_name": "camping list"}),
        ("my camping list", "task_list", {"list_name": "camping list"}),
        ("go through my camping list", "task_list", {"list_name": "camping list"}),
        ("what does the camping list look like", "task_list", {"list_name": "camping list"}),
        ("is there anything left on my camping list", "task_list", {"list_name": "camping list"}),
        ("list all the items in my camping list", "task_list", {"list_name": "camping list"}),
        ("show me my list of camping gear", "task_list", {"list_name": "camping gear list"}),
        ("the camping list", "task_list", {"list_name": "camping list"}),
        ("is the torch on the list", "task_list", {}),
        ("show me the lists we made", "list_lists", {}),
        # all the lists
        ("how many lists do i have", "list_lists", {}),
        ("which list has the tent pegs", "task_list", {}),
        ("which list are the tent pegs on", "task_list", {}),
        ("what lists did i make this week", "task_list", {}),
        ("what is my to do list", "task_list", {}),
        # "a" list to add to is still the one named
        ("add rope to a camping list", "task_add", {"title": "Rope", "list_name": "camping list"}),
        # the request after a reason
        # "it" is the torch said just before: the item is known (test_list_shapes has more)
        (
            "the torch is packed so take it off the camping list",
            "task_delete",
            {"task": "Torch", "list_name": "camping list"},
        ),
        ("we found the torch so take torch off the list", "task_delete", {"task": "Torch"}),
    ],
)
def test_more_ways_to_say_a_list_request(
    text: str, tool: str | None, arguments: dict[str, object] | None
) -> None:
    assert first_match(clean_request(text)) == (None if tool is None else (tool, arguments))


@pytest.mark.parametrize(
    ("text", "arguments", "asked"),
    [
        ("add an item to my camping list", {"list_name": "camping list"}, ["title"]),
        ("put something on the list", {}, ["title", "list_name"]),
        ("remove an item from my camping list", {"list_name": "camping list"}, ["task"]),
    ],
)
def test_an_item_not_said_is_asked_for(
    text: str, arguments: dict[str, object], asked: list[str]
) -> None:
    """Nothing to resolve from the conversation: the intent asks, and deletes nothing yet."""
    found = first_intent(text)
    assert found is not None and found.tool in ("task_add", "task_delete"), text
    assert (found.arguments, list(found.missing)) == (arguments, asked)


@pytest.mark.parametrize(
    "text",
    [
        "remove that from my camping list",  # "that" was said before: the model knows what
        "add these to my camping list",
        "take the last one off the camping list",
        "tell me a camping list",  # ideas wanted, not one of the user's lists
        "what's on today's list",
        "show me my alarm list",
        "which list is the longest",
        "what's the list of winners",  # a question for the web
        "what's the best list",
        "what's on today's to do list",
    ],
)
def test_words_pointing_back_or_at_no_list_of_the_users_stay_with_the_model(text: str) -> None:
    found = first_intent(clean_request(text))
    assert (
        found is None
        or found.tool not in ("task_add", "task_delete", "task_list")
        or (found.points_back and found.missing)  # asked only in a new conversation
    ), found


# -- reminders said other ways -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        (
            "alert me to water the ferns tomorrow at 9",
            {"title": "Water the ferns", "due": "tomorrow at 9"},
        ),
        ("ping me at noon to ring the garage", {"title": "Ring the garage", "due": "at noon"}),
        ("tell me to stretch in twenty minutes", {"title": "Stretch", "due": "in twenty minutes"}),
        ("don't let me forget to renew the passport", {"title": "Renew the passport"}),
        (
            "give me a notification at six to feed the cat",
            {"title": "Feed the cat", "due": "at six"},
        ),
        (
            "the plumber comes friday at 8 remind me",
            {"title": "Plumber comes", "due": "friday at 8"},
        ),
    ],
)
def test_reminders_said_other_ways(text: str, arguments: dict[str, object]) -> None:
    assert first_match(clean_request(text)) == ("task_add", arguments)


@pytest.mark.parametrize(
    "text",
    [
        "warn me if it rains tomorrow",  # a condition, not a time
        "alert me when the parcel arrives",
        "tell me to relax",  # no time: chit-chat
        "tell me a joke",
        "notify me about new mail",
        "ping me",
    ],
)
def test_things_that_are_not_reminders(text: str) -> None:
    found = first_match(clean_request(text))
    assert found is None or found[0] != "task_add", found
