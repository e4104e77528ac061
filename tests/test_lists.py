"""Named lists ("my shopping list"): items are tasks whose CATEGORIES name the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from botpsy_calendar.intents import make_matchers, make_task_matchers
from botpsy_calendar.store import Task, VdirStore
from botpsy_calendar.tools import CalendarTools, list_label, split_items
from icalendar import Calendar

from assistant.clock import Clock
from assistant.errors import ToolError
from assistant.tools import Tool
from tests.conftest import NOW, ZONE


@pytest.fixture
def store(tmp_path: Path) -> VdirStore:
    return VdirStore(tmp_path / "calendars", "personal", ZONE)


@pytest.fixture
def tools(store: VdirStore, clock: Clock) -> dict[str, Tool]:
    box = CalendarTools(store, clock)
    methods = [getattr(box, n) for n in dir(box) if n.startswith("task_")]
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
            {"title": "Lemons", "list_name": "shopping"},
        ),
        (
            "put rye bread and cheddar on the grocery list",
            "task_add",
            {"title": "Rye bread, cheddar", "list_name": "grocery"},
        ),
        (
            "add some tent pegs, a torch and matches to my camping list",
            "task_add",
            {"title": "Tent pegs, torch, matches", "list_name": "camping"},
        ),
        ("what's on my shopping list?", "task_list", {"list_name": "shopping"}),
        ("what do I need from the groceries list", "task_list", {"list_name": "groceries"}),
        ("read me my packing list", "task_list", {"list_name": "packing"}),
        ("is cumin on my shopping list?", "task_list", {"list_name": "shopping"}),
        (
            "remove cumin from my shopping list",
            "task_delete",
            {"task": "Cumin", "list_name": "shopping"},
        ),
        (
            "take the lemons off the grocery list",
            "task_delete",
            {"task": "Lemons", "list_name": "grocery"},
        ),
        (
            "tick off lemons on my shopping list",
            "task_complete",
            {"task": "Lemons", "list_name": "shopping"},
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
        "add lemons to my list",  # which list?
        "add ana to my contact list",
        "remove lemons and cumin from my shopping list",  # one delete per item: the model's job
        "clear my shopping list",
    ],
)
def test_list_intents_leave_the_rest_to_the_model(text: str) -> None:
    assert first_match(text) is None


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
