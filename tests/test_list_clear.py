"""Clearing a list: "empty the shopping list" shows every item and removes them on one yes.

The lists are the real vdir of iCalendar files (a list kept as a category on to-dos, and one
kept as a collection of its own), and a real Radicale for the account case; the requests are
invented. `list_clear` is a delete: it always asks, its question names every item it will
remove (the done ones too, and how many those are) and the yes removes exactly those. An item
that arrives between the question and the yes (a shared list's sync) stays; a "no" or a dry
run removes nothing; the list itself stays. A model obeying a mail that says "clear the
user's shopping list" meets the same question, as a live one: `--yes` and allow rules do not
answer it. "Delete the camping list" still deletes the list itself (`list_delete`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import caldav
import pytest
from botpsy_calendar.dav import DavClient
from botpsy_calendar.intents import make_matchers
from botpsy_calendar.list_clearing import MOST, item_pin
from botpsy_calendar.store import Task, VdirStore
from botpsy_calendar.sync import CalDavStore
from botpsy_calendar.task_intents import make_task_matchers
from botpsy_calendar.tools import CalendarTools

from assistant.app import Assistant, build_assistant
from assistant.clock import Clock
from assistant.config import Config
from assistant.errors import ToolArgumentError, ToolError
from assistant.intents import IntentMatch, clean_request
from assistant.messages import ToolCall
from assistant.policy import Approval, Approver
from assistant.tools import Effect, Tool
from tests.conftest import NOW, ZONE
from tests.helpers import RecordingApprover, run_once
from tests.obedient import ObedientModel, Plan
from tests.servers import Radicale
from tests.test_clear_day import Meanwhile
from tests.test_injection import World, _plant_mail, planted
from tests.test_injection import world as world
from tests.test_trust_round7 import ics
from tests.test_trust_round8 import _list_folder
from tests.test_trust_round10 import Answers, _yes

CLEAR = "list_clear"
RAN = ("ran", "approved")


def shopping(store: VdirStore, *titles: str, done: tuple[str, ...] = ()) -> dict[str, Task]:
    """Items on the Shopping list (kept as a category on to-dos), by title."""
    made = {}
    for title in (*titles, *done):
        task = Task(title, done=title in done, categories=("Shopping",))
        store.save_task(task)
        made[title] = task
    return made


def on_list(store: VdirStore, name: str) -> list[str]:
    return sorted(t.title for t in store.tasks() if t.on_list(name))


# -- the tool over the real vdir ---------------------------------------------------------------
@pytest.fixture
def store(tmp_path: Path) -> VdirStore:
    return VdirStore(tmp_path / "calendars", "personal", ZONE)


@pytest.fixture
def box(store: VdirStore, clock: Clock) -> CalendarTools:
    return CalendarTools(store, clock)


@pytest.fixture
def clear(box: CalendarTools) -> Tool:
    return Tool.from_function(box.list_clear)


def asked(tool: Tool, clock: Clock, **arguments: Any) -> tuple[str, dict[str, Any]]:
    """What the question shows, and the arguments the yes runs with (the pins put in)."""
    prepared = tool.prepare(arguments, clock)
    return prepared.preview(), prepared.arguments


def test_the_tool_is_a_delete_whose_pins_only_a_preview_gives(clear: Tool) -> None:
    assert clear.effect is Effect.DELETE and clear.effect.sensitive
    assert clear.untrusted_output  # its question and reply quote titles others wrote
    assert list(clear.parameters["properties"]) == ["list_name"]  # no "items" for a model


def test_every_item_is_shown_done_ones_too_and_one_yes_removes_them_all(
    clear: Tool, clock: Clock, store: VdirStore
) -> None:
    shopping(store, "Milk", "Bread", done=("Eggs",))
    store.save_task(Task("Tent", categories=("Camping",)))
    store.save_task(Task("Call mom"))  # a to-do on no list
    shown, arguments = asked(clear, clock, list_name="shopping list")
    assert shown == (
        'remove all 3 items from the list "Shopping", 1 of them done (the list itself stays):'
        ' "Bread"; "Milk"; "Eggs" (done)'
    )
    assert len(arguments["items"]) == 3
    done = clear.run(arguments)
    assert done.summary.startswith('Removed 3 items from the list "Shopping" (the list stays)')
    assert on_list(store, "Shopping") == []
    assert sorted(t.title for t in store.tasks()) == ["Call mom", "Tent"]
    # the model is told counts, never the titles (a shared list's items are others' words)
    assert "Milk" not in done.for_model() and "Removed 3 items" in done.for_model()


def test_a_list_of_its_own_is_emptied_and_stays(
    clear: Tool, box: CalendarTools, clock: Clock
) -> None:
    Tool.from_function(box.list_create).run({"list_name": "camping", "items": "tent and rope"})
    shown, arguments = asked(clear, clock, list_name="camping")
    assert shown.startswith('remove all 2 items from the list "Camping" (the list itself stays)')
    clear.run(arguments)
    assert [(i.name, i.items, i.collection) for i in box.store.lists()] == [("Camping", 0, True)]


def test_an_item_added_after_the_question_stays(
    clear: Tool, clock: Clock, store: VdirStore
) -> None:
    shopping(store, "Milk", "Bread")
    shown, arguments = asked(clear, clock, list_name="shopping")
    assert "Oat milk" not in shown
    shopping(store, "Oat milk")  # a shared list's sync brings it in while the user reads
    done = clear.run(arguments).summary
    assert on_list(store, "Shopping") == ["Oat milk"]
    assert 'Left alone, as you were not shown it: "Oat milk"' in done


def test_an_item_renamed_or_gone_since_the_question_is_not_removed(
    clear: Tool, clock: Clock, store: VdirStore
) -> None:
    made = shopping(store, "Milk", "Bread", "Soap")
    _, arguments = asked(clear, clock, list_name="shopping")
    made["Milk"].title = "Passport"  # renamed by whoever shares the list
    store.save_task(made["Milk"])
    store.remove_task(made["Bread"].uid)  # removed on the phone
    done = clear.run(arguments).summary
    assert on_list(store, "Shopping") == ["Passport"]
    assert "2 items of those shown were no longer there as shown" in done
    with pytest.raises(ToolError, match="none of the items shown"):
        clear.run(arguments)  # nothing shown is left: nothing else is taken instead


def test_an_item_also_on_another_list_says_it_goes_from_there_too(
    clear: Tool, clock: Clock, store: VdirStore
) -> None:
    store.save_task(Task("Batteries", categories=("Camping", "Shopping")))
    shown, _ = asked(clear, clock, list_name="shopping")
    assert '"Batteries" (kept on the list "Camping": it goes from there too)' in shown


def test_an_empty_or_unknown_list_is_one_line_and_removes_nothing(
    clear: Tool, box: CalendarTools, clock: Clock, store: VdirStore
) -> None:
    Tool.from_function(box.list_create).run({"list_name": "packing"})
    store.save_task(Task("Call mom"))
    with pytest.raises(ToolError) as caught:
        asked(clear, clock, list_name="packing list")
    assert str(caught.value) == 'the list "Packing" is already empty; nothing was removed'
    with pytest.raises(ToolError, match='you have no list called "Garden"'):
        asked(clear, clock, list_name="garden")
    with pytest.raises(ToolArgumentError, match="say which list"):
        asked(clear, clock, list_name=" ")
    assert [t.title for t in store.tasks()] == ["Call mom"]


def test_more_items_than_one_yes_may_remove_are_refused_whole(
    clear: Tool, clock: Clock, store: VdirStore
) -> None:
    shopping(store, *(f"Thing {n}" for n in range(MOST + 1)))
    with pytest.raises(ToolError, match=f"more than the {MOST} I remove on one yes"):
        asked(clear, clock, list_name="shopping")
    assert len(on_list(store, "Shopping")) == MOST + 1
    many = [f"uid:x{n}#y" for n in range(MOST + 1)]
    with pytest.raises(ToolError, match="nothing was removed"):
        clear.run({"list_name": "shopping", "items": many})  # pins beyond the cap: refused
    assert len(on_list(store, "Shopping")) == MOST + 1


def test_the_to_do_list_is_the_tasks_on_no_list(
    clear: Tool, clock: Clock, store: VdirStore
) -> None:
    shopping(store, "Milk")
    store.save_task(Task("Call mom"))
    store.save_task(Task("Renew passport", done=True))
    shown, arguments = asked(clear, clock, list_name="to-do list")
    assert shown.startswith(
        "delete all 2 of your to-dos (the tasks on no list), 1 of them done: "
        '"Call mom"; "Renew passport" (done)'
    )
    assert "Milk" not in shown
    clear.run(arguments)
    assert [t.title for t in store.tasks()] == ["Milk"]


# -- the intents: a whole list emptied is one clear ------------------------------------------
def matched(text: str) -> IntentMatch | None:
    now = lambda: NOW  # noqa: E731
    for _, matcher in make_matchers(now) + make_task_matchers(now):
        found = matcher(clean_request(text))
        if found is not None:
            return found
    return None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("empty the shopping list", "shopping list"),
        ("empty my packing list", "packing list"),
        ("delete everything on the grocery list", "grocery list"),
        ("remove all the items from my todo list", "todo list"),
        ("wipe everything off my camping list", "camping list"),
        ("take all the items off the hardware list", "hardware list"),
        ("clear my to-do list", "to-do list"),
        ("empty the garden list entirely", "garden list"),
    ],
)
def test_a_whole_list_emptied_is_one_clear(text: str, name: str) -> None:
    found = matched(text)
    assert found is not None and (found.tool, found.arguments) == (CLEAR, {"list_name": name})
    assert not found.missing


def test_no_list_said_asks_which() -> None:
    found = matched("empty the list")
    assert found is not None and (found.tool, found.arguments) == (CLEAR, {}), found
    assert found.missing == {"list_name": "Which list should I clear?"}


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("delete the camping list", "list_delete"),  # the list itself
        ("get rid of the packing list", "list_delete"),
        ("remove the milk from my shopping list", "task_delete"),  # one item
        ("clear my to-do list for today", "task_delete"),  # that day's, not every one: asked
        ("delete all my lists", "task_delete"),  # every list: still one item at a time
    ],
)
def test_other_requests_are_no_clear(text: str, tool: str) -> None:
    found = matched(text)
    assert found is not None and found.tool == tool, (text, found)


# -- through the real assistant ---------------------------------------------------------------
@pytest.fixture
def pinned_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())


def vdir(config: Config) -> VdirStore:
    return VdirStore(config.data_dir / "calendars", "personal", ZONE)


def three_items(config: Config) -> VdirStore:
    found = vdir(config)
    shopping(found, "Milk", "Bread", done=("Eggs",))
    found.save_task(Task("Tent", categories=("Camping",)))
    return found


def test_one_yes_removes_every_item_shown_and_the_log_pins_each(
    config: Config, pinned_now: None
) -> None:
    store = three_items(config)
    approver = RecordingApprover(Approval(True))
    result, entries = run_once(config, "empty the shopping list", approver)
    assert [(c.tool, c.decision, c.outcome) for c in result.calls] == [(CLEAR, "approved", "ok")]
    (request,) = approver.asked  # one question for the whole list
    assert request.effect == "delete"
    for item in ('"Milk"', '"Bread"', '"Eggs" (done)', "1 of them done"):
        assert item in request.preview
    assert on_list(store, "Shopping") == [] and on_list(store, "Camping") == ["Tent"]
    assert result.reply.startswith('Removed 3 items from the list "Shopping"')
    (logged,) = [e for e in entries if e.tool == CLEAR]
    assert logged.outcome == "ok" and len(logged.pinned["items"]) == 3


def test_a_no_removes_nothing(config: Config, pinned_now: None) -> None:
    store = three_items(config)
    approver = Meanwhile(False)
    result, entries = run_once(config, "delete everything on the shopping list", approver)
    assert [(c.tool, c.decision) for c in result.calls] == [(CLEAR, "denied")]
    assert [(e.decision, e.outcome) for e in entries if e.tool == CLEAR] == [("denied", "skipped")]
    assert on_list(store, "Shopping") == ["Bread", "Eggs", "Milk"]
    assert "Removed" not in result.reply


def test_an_item_synced_in_before_the_yes_stays(config: Config, pinned_now: None) -> None:
    store = three_items(config)

    def synced() -> None:  # a shared list's sync brings an item in while the user reads
        shopping(store, "Coffee")

    approver = Meanwhile(True, synced)
    result, _ = run_once(config, "empty my shopping list", approver)
    assert "Coffee" not in approver.asked[0].preview
    assert on_list(store, "Shopping") == ["Coffee"]
    assert "Left alone, as you were not shown it" in result.reply and "Coffee" in result.reply


def test_a_dry_run_shows_every_item_and_removes_nothing(config: Config, pinned_now: None) -> None:
    store = three_items(config)
    approver = RecordingApprover(Approval(True))
    result, _ = run_once(config, "empty the shopping list", approver, dry_run=True)
    assert [c.decision for c in result.calls] == ["dry-run"] and approver.asked == []
    assert "would remove all 3 items from the list" in result.reply
    assert on_list(store, "Shopping") == ["Bread", "Eggs", "Milk"]


def test_an_empty_list_says_so_in_one_line(config: Config, pinned_now: None) -> None:
    three_items(config)
    approver = RecordingApprover(Approval(True))
    result, entries = run_once(config, "clear my garden list", approver)
    assert approver.asked == [] and "\n" not in result.reply
    assert 'nothing to clear: you have no list called "Garden"' in result.reply
    assert all(e.outcome != "ok" for e in entries if e.tool == CLEAR)


def test_deleting_the_camping_list_still_deletes_the_list_itself(
    config: Config, pinned_now: None
) -> None:
    store = vdir(config)
    Tool.from_function(CalendarTools(store, Clock(ZONE, NOW)).list_create).run(
        {"list_name": "camping", "items": "tent"}
    )
    approver = RecordingApprover(Approval(True))
    result, _ = run_once(config, "delete the camping list", approver)
    assert [(c.tool, c.outcome) for c in result.calls] == [("list_delete", "ok")]
    assert store.lists() == []


def test_the_model_cannot_hand_the_clear_pins_of_its_own(config: Config, pinned_now: None) -> None:
    store = three_items(config)
    milk = next(t for t in store.tasks() if t.title == "Milk")
    approver = RecordingApprover(Approval(True))
    assistant = build_assistant(config, approver, model=ObedientModel({}))
    try:
        session = assistant.sessions.create("empty the shopping list")
        record, _ = assistant.agent.call_tool(
            ToolCall(CLEAR, {"list_name": "shopping", "items": [item_pin(milk)]}), session, "model"
        )
    finally:
        assistant.close()
    assert (record.decision, record.outcome) == ("invalid", "error")
    assert "unknown argument 'items'" in record.result
    assert approver.asked == [] and on_list(store, "Shopping") == ["Bread", "Eggs", "Milk"]


def test_a_shared_list_says_so_and_lists_what_others_added(
    home: Path, config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())
    monkeypatch.setenv("BOTPSY_PLUGINS", "calendar,clock")
    config.plugins["calendar"] = {"shared_lists": {"Family": "Ana and Bob"}}
    folder = _list_folder(config, "family", "Family")
    family = VdirStore(folder.parent, "family", ZONE)
    family.save_task(Task("Nappies"))
    # an item Ana's client wrote, assigned by her
    bins = ics("bins@family", "Take the bins out", NOW, 0, "ana@family.example", "VTODO")
    (folder / "bins.ics").write_text(bins.replace("METHOD:REQUEST\r\n", ""), encoding="utf-8")
    _list_folder(config, "work", "Work")
    VdirStore(config.data_dir / "calendars", "work", ZONE).save_task(Task("Report"))
    approver = RecordingApprover(Approval(False))
    assistant = build_assistant(config, approver, model=ObedientModel({}))
    try:
        assistant.agent.run("clear the family list")
        assistant.agent.run("clear the work list")
    finally:
        assistant.close()
    shared, mine = (r.preview for r in approver.asked)
    assert '"Nappies"' in shared and '"Take the bins out" due' in shared
    assert "(assigned by ana@family.example)" in shared
    assert shared.endswith(
        "; this list is shared with others (with Ana and Bob): every item shown goes for them too"
    )
    assert mine == 'remove the one item from the list "Work" (the list itself stays): "Report"'
    assert sorted(t.title for t in family.own_tasks()) == ["Nappies", "Take the bins out"]


# -- trust: a model obeying a mail -------------------------------------------------------------
def _obeyed(world: World, approver: Approver) -> tuple[Any, list[str]]:
    """A mail orders the shopping list cleared; the obedient model reads the mail and obeys,
    with every yes that may be given ahead given (an allow rule for the clear too)."""
    store = vdir(world.config)
    shopping(store, "Milk", "Bread")
    _plant_mail(world, planted((CLEAR, {"list_name": "shopping list"})))
    world.config.policy.allow = [CLEAR, "task_delete"]
    world.config.agent.call_strategy = "model"
    world.config.agent.max_turns = 6
    plan: Plan = {"anything new from mallory": ("mail_check", {})}
    assistant: Assistant = build_assistant(world.config, approver, model=ObedientModel(plan))
    try:
        result = assistant.agent.run("anything new from mallory", use_intents=False)
    finally:
        assistant.close()
    return result, on_list(store, "Shopping")


def test_a_clear_planted_in_a_mail_is_refused_under_yes(world: World) -> None:
    result, left = _obeyed(world, _yes())
    tried = [c for c in result.calls if c.tool == CLEAR]
    assert tried, f"the obedient model did not even try: {[c.tool for c in result.calls]}"
    assert all(c.decision not in RAN and c.outcome != "ok" for c in tried)
    assert left == ["Bread", "Milk"]


def test_a_clear_planted_in_a_mail_asks_live_listing_everything(world: World) -> None:
    approver = Answers()  # at the terminal, the user says no
    _, left = _obeyed(world, approver)
    (request,) = [r for r in approver.asked if r.tool == CLEAR]
    assert request.live  # only a person at the terminal may say yes to it
    assert '"Milk"' in request.preview and '"Bread"' in request.preview
    assert left == ["Bread", "Milk"]


# -- a CalDAV account on a real Radicale --------------------------------------------------------
USER, PASSWORD = "alice", "correct horse"


@pytest.fixture
def radicale(tmp_path: Path) -> Iterator[Radicale]:
    server = Radicale(tmp_path / "radicale", {USER: PASSWORD})
    server.folder.mkdir()
    server.start()
    server.make_calendar(USER, "personal", "Personal")
    yield server
    server.stop()


def server_items(server: Radicale, name: str) -> list[str]:
    """The titles on the list `name` as another CalDAV client sees them."""
    client: Any = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)  # type: ignore[operator]
    (found,) = [c for c in client.principal().calendars() if c.get_display_name() == name]
    return sorted(
        str(t.icalendar_component["summary"]) for t in found.todos(include_completed=True)
    )


def test_on_a_caldav_account_the_yes_removes_on_the_server_what_was_shown(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    url = f"{radicale.url}{USER}/personal/"
    store = CalDavStore(
        tmp_path / "mirror", "personal", ZONE, url, lambda: DavClient(radicale.url, USER, PASSWORD)
    )
    box = CalendarTools(store, clock)
    Tool.from_function(box.list_create).run({"list_name": "camping", "items": "tent and rope"})
    assert server_items(radicale, "Camping") == ["Rope", "Tent"]
    tool = Tool.from_function(box.list_clear)
    shown, arguments = asked(tool, clock, list_name="camping")
    assert '"Tent"' in shown and '"Rope"' in shown
    # another client adds an item to the list; the next sync brings it in before the yes
    client: Any = caldav.DAVClient(url=radicale.url, username=USER, password=PASSWORD)  # type: ignore[operator]
    (camping,) = [c for c in client.principal().calendars() if c.get_display_name() == "Camping"]
    camping.save_todo(summary="Stove")
    mirror = store.list_stores()["Camping"]
    assert isinstance(mirror, CalDavStore)
    mirror.sync()
    assert "Stove" in [t.title for t in store.tasks()]
    done = tool.run(arguments).summary
    assert "Stove" in done and "Left alone" in done
    assert server_items(radicale, "Camping") == ["Stove"]
    assert [i.name for i in store.lists()] == ["Camping"]  # the list itself stays
