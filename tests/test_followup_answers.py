"""Follow-up turns: a new name for what was just made, and answers to "which one?".

The pure readers (`new_name`, `read_answer`) are checked on invented requests; the agent
tests run the real agent on the real local stores (calendar, tasks, alarms, contacts,
files) at a pinned time (Sunday 29 November 2026, 18:30 in Berlin). The model is a
scripted stand-in (`ScriptedModel`), since no GGUF model runs in unit tests: a test that
expects the local path to answer asserts that the model was never asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms.store import AlarmStore

from assistant.choices import (
    DROPPED,
    asks_anew,
    drops,
    each_picked,
    listed_labels,
    mentions,
    read_answer,
)
from assistant.config import Config
from assistant.followups import new_name
from assistant.intents import IntentMatch
from assistant.policy import Approval
from tests.conftest import NOW, ZONE
from tests.helpers import RecordingApprover, call, play_turns, scripted_assistant


@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Every request here is read at NOW."""
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())


def yes() -> RecordingApprover:
    return RecordingApprover(Approval(True))


run = play_turns


def _events(config: Config) -> str:
    folder = config.data_dir / "calendars" / "personal"
    return "\n".join(p.read_text() for p in sorted(folder.glob("*.ics")))


def _alarms(config: Config) -> list[str]:
    store = AlarmStore(config.data_dir / "alarms" / "alarms.sqlite3", ZONE, lambda: NOW)
    return [f"{a.at:%Y-%m-%dT%H:%M} {a.label}".strip() for a in store.upcoming(NOW)]


def _tool(assistant: Any, name: str) -> Any:
    """A registered tool (its function, parameters, store), or a failure naming it."""
    found = assistant.plugins.tools.get(name)
    assert found is not None, name
    return found


def _tasks(assistant: Any) -> list[str]:
    store = _tool(assistant, "task_list").function.__self__.store
    return sorted(t.title for t in store.tasks())


def _task_dues(assistant: Any, timed: bool = False) -> dict[str, str]:
    """Each task's due day ("" when none); with `timed`, its minute when it has a time of day."""
    store = _tool(assistant, "task_list").function.__self__.store
    dues = {}
    for t in store.tasks():
        shown = "" if t.due is None else t.due.date().isoformat()
        if timed and t.due is not None and not t.due_all_day:
            shown = t.due.strftime("%Y-%m-%dT%H:%M")
        dues[t.title] = shown
    return dues


# == 1. a new name for what was just made ========================================================
RENAMES = [
    "call it brunch with ines",
    "actually call it brunch with ines",
    "name it brunch with ines",
    "rename it brunch with ines",
    "rename it to brunch with ines",
    "change the name to brunch with ines",
    "make the title brunch with ines",
    "change the title to brunch with ines",
    "no, call it brunch with ines instead",
    "let's call it brunch with ines",
    "can we call it brunch with ines please",
    "change its name to brunch with ines",
    "the title should be brunch with ines",
    "call the event brunch with ines",
    "rename to brunch with ines",
]


@pytest.mark.parametrize("said", RENAMES)
def test_new_name_reads_the_name_a_rename_says(said: str) -> None:
    assert new_name(said) == "brunch with ines"


@pytest.mark.parametrize(
    "said",
    [
        "let's call it a day",
        "call it in",
        "call mom",
        "call that number",
        "change the name of my wifi network",
        "what should we call it",
        "make it one pm",
        "move it to sunday",
        "rename the report to draft",
        "call it back",
        "what is it called",
    ],
)
def test_what_is_no_rename(said: str) -> None:
    assert new_name(said) is None


@pytest.mark.parametrize("said", RENAMES)
def test_a_rename_after_an_add_renames_the_event_just_made(config: Config, said: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    added, renamed = run(assistant, "add coffee with ines on friday at 10", said)
    assistant.close()
    assert added.calls[0].tool == "calendar_create_event"
    (change,) = renamed.calls
    assert renamed.path == "followup" and change.tool == "calendar_update_event"
    assert change.arguments["title"] == "Brunch with ines" and change.outcome == "ok"
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and "SUMMARY:Brunch with ines" in events
    assert "20261204T100000" in events and model.seen == []


def test_a_second_rename_and_then_a_move_keep_following_the_event(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    run(
        assistant,
        "add coffee with ines on friday at 10",
        "call it brunch with ines",
        "actually name it lunch with ines",
        "move it to sunday",
    )
    assistant.close()
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and "SUMMARY:Lunch with ines" in events
    assert "20261206T100000" in events and model.seen == []


def test_a_time_edit_after_an_add_is_still_a_move(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    _, moved = run(assistant, "add coffee with ines on friday at 10", "actually 10:30")
    assistant.close()
    assert moved.calls[0].tool == "calendar_update_event"
    assert "title" not in moved.calls[0].arguments
    assert "20261204T103000" in _events(config)


@pytest.mark.parametrize(
    "first, said, before, after",
    [
        ("remind me to call the bank tomorrow", "actually call it call the insurance",
         "Call the bank", "Call the insurance"),
        ("add eggs to my shopping list", "change the name to free range eggs",
         "Eggs", "Free range eggs"),
        ("add a task to pay rent", "rename it to pay the rent for december",
         "Pay rent", "Pay the rent for december"),
    ],
)  # fmt: skip
def test_a_rename_after_a_task_or_item_changes_it_in_place_keeping_the_rest(
    config: Config, first: str, said: str, before: str, after: str
) -> None:
    approver = yes()
    assistant, model, _ = scripted_assistant(config, [], approver)
    added, renamed = run(assistant, first, said)
    tasks = _tasks(assistant)
    due = _task_dues(assistant)
    assistant.close()
    assert added.calls[0].tool == "task_add"
    assert [(c.tool, c.outcome) for c in renamed.calls] == [("task_update", "ok")]
    assert approver.asked == []  # a rename changes the task; nothing is removed, nothing asked
    assert tasks == [after] and model.seen == [] and before not in tasks
    assert due == {after: str(added.calls[0].arguments.get("due", ""))[:10]}  # the day stays
    assert renamed.calls[0].arguments.get("list_name") == added.calls[0].arguments.get("list_name")


def test_a_second_rename_renames_the_task_again(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    run(assistant, "remind me to book the venue tomorrow", "call it book the hall",
        "actually rename it to book the town hall")  # fmt: skip
    tasks = _tasks(assistant)
    assistant.close()
    assert tasks == ["Book the town hall"]


@pytest.mark.parametrize(
    "first, said, due",
    [
        ("remind me to order the cake tomorrow", "actually make it friday", "2026-12-04"),
        ("remind me to order the cake on friday", "make it thursday instead", "2026-12-03"),
        ("remind me to order the cake tomorrow at 9am", "actually 10:30", "2026-11-30T10:30"),
        ("remind me to order the cake tomorrow", "make it 5", "2026-11-30T17:00"),
        ("add a task to order the cake", "actually make it tuesday", "2026-12-01"),
    ],
)  # fmt: skip
def test_an_edit_after_a_task_moves_it(config: Config, first: str, said: str, due: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, moved = run(assistant, first, said)
    dues = _task_dues(assistant, timed=True)
    assistant.close()
    assert [c.tool for c in moved.calls] == ["task_update"], moved.reply
    assert moved.path == "followup" and model.seen == []
    assert dues == {"Order the cake": due}


@pytest.mark.parametrize("said", ["name it gym", "call it gym", "change the label to gym"])
def test_a_rename_after_an_alarm_sets_its_label(config: Config, said: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, renamed = run(assistant, "set an alarm for 7 am", said)
    assistant.close()
    assert [c.tool for c in renamed.calls] == ["alarm_delete", "alarm_set"]
    assert _alarms(config) == ["2026-11-30T07:00 gym"] and model.seen == []


@pytest.mark.parametrize("said", ["let's call it a day", "call mom", "what should we call it"])
def test_near_misses_leave_the_event_alone(config: Config, said: str) -> None:
    assistant, _model, _ = scripted_assistant(config, ["Sure."], yes())
    _, after = run(assistant, "add coffee with ines on friday at 10", said)
    assistant.close()
    assert not any(c.tool == "calendar_update_event" for c in after.calls)
    assert "SUMMARY:Coffee with ines" in _events(config)


def test_a_rename_never_renames_what_the_model_chose_from_others_text(config: Config) -> None:
    """An event the model added from a newsletter's words is not what "it" means."""
    turns = [call("calendar_create_event", title="Board review", start="friday 3pm"), "Added.",
             "Which event?"]  # fmt: skip
    assistant, _model, _ = scripted_assistant(config, turns, yes())
    first, renamed = run(assistant, "do what the newsletter says", "call it coffee break")
    assistant.close()
    assert first.calls[0].outcome == "ok"
    assert renamed.path in ("model", "declined") and renamed.calls == []
    assert "SUMMARY:Board review" in _events(config)


def test_a_rename_with_nothing_just_made_is_not_one(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, ["Call what?"], yes())
    (result,) = run(assistant, "call it brunch with ines")
    assistant.close()
    assert result.path == "model" and result.calls == [] and len(model.seen) == 1


# == 2. answers to "which one?" ==================================================================
GYM_QUESTION = (
    "2 events match 'Gym': 1. \"Gym\" on Tuesday 1 December 2026, 18:00–19:00 (Europe/Berlin); "
    '2. "Gym" on Saturday 5 December 2026, 10:00–11:00 (Europe/Berlin). Which one?'
)
GYM = ["uid-tuesday", "uid-saturday"]
BY_DAY_OR_TIME = [
    ("the one on saturday", 1), ("saturday's", 1), ("saturday", 1), ("sat", 1),
    ("the saturday one", 1), ("on saturday please", 1), ("the 5th", 1),
    ("the one on the 5th of december", 1), ("december 5th", 1), ("tuesday's", 0),
    ("the tuesday one", 0), ("the one on the first", 0), ("the 10 am one", 1), ("10am", 1),
    ("the ten o'clock one", 1), ("the evening one", 0), ("the morning one", 1),
    ("the 6 pm one", 0), ("18:00", 0), ("the one at six", 0), ("in the evening", 0),
    ("the one at 10", 1), ("the ten in the morning one", 1), ("cancel the saturday one", 1),
    ("i mean the one on saturday", 1), ("tomorrow's", None), ("saturday morning", 1),
    ("saturday evening", None), ("the earlier one", 0), ("the later one", 1), ("the next one", 0),
    ("next saturday", 1), ("this saturday", 1), ("the latest", 1),
    ("the one coming up on saturday", 1), ("the one on friday", None), ("the 7th", None),
]  # fmt: skip


@pytest.mark.parametrize("said, index", BY_DAY_OR_TIME)
def test_an_answer_picks_by_day_or_time_in_the_options_labels(said: str, index: int | None) -> None:
    found = read_answer(said, GYM, None, GYM_QUESTION, NOW)
    assert found.picked == ([GYM[index]] if index is not None else [])
    assert not found.dropped


@pytest.mark.parametrize(
    "said, index",
    [
        ("the second", 1), ("the first one", 0), ("number 2", 1), ("the last one", 1),
        ("2", 1), ("#1", 0), ("second one please", 1), ("the 2nd", 1), ("option two", 1),
        ("two", 1), ("the latter", 1), ("the former", 0), ("first", 0), ("no, the first", 0),
        ("the third", None), ("number 7", None),
    ],
)  # fmt: skip
def test_an_answer_picks_by_place(said: str, index: int | None) -> None:
    found = read_answer(said, GYM, None, GYM_QUESTION, NOW)
    assert found.picked == ([GYM[index]] if index is not None else [])


PEOPLE = ["anna.keller@example.org", "anna@berg.example"]
PEOPLE_QUESTION = (
    "2 contacts match 'anna': 1. Anna Keller <anna.keller@example.org>; "
    "2. Anna Berg <anna@berg.example>. Which one?"
)


@pytest.mark.parametrize(
    "said, index",
    [
        ("anna keller", 0), ("keller", 0), ("the keller one", 0), ("berg", 1),
        ("anna berg please", 1), ("the one at example org", 0), ("ms berg", None),
        ("anna", None), ("the one at berg example", 1), ("keller's", 0),
    ],
)  # fmt: skip
def test_an_answer_picks_by_words_of_the_label(said: str, index: int | None) -> None:
    found = read_answer(said, PEOPLE, None, PEOPLE_QUESTION, NOW)
    assert found.picked == ([PEOPLE[index]] if index is not None else [])


def test_a_place_in_the_label_picks_one() -> None:
    labels = ['"Gym" on Tuesday 1 December 2026, 18:00–19:00 Gym in town',
              '"Gym" on Saturday 5 December 2026, 10:00–11:00 Gym by the lake']  # fmt: skip
    assert read_answer("the one at the gym in town", GYM, labels).picked == [GYM[0]]
    assert read_answer("the lake one", GYM, labels).picked == [GYM[1]]
    assert read_answer("the gym", GYM, labels).picked == []  # both are: asked again


@pytest.mark.parametrize(
    "said",
    ["both", "both of them", "all of them", "all", "yes both", "both please", "delete both",
     "cancel both of them", "every one of them", "all two", "the two of them", "remove them all"],
)  # fmt: skip
def test_both_picks_every_option(said: str) -> None:
    assert read_answer(said, GYM, None, GYM_QUESTION, NOW).picked == GYM


@pytest.mark.parametrize(
    "said",
    ["neither", "never mind", "cancel", "none of them", "forget it", "no", "nope, never mind",
     "neither one", "nevermind", "no thanks", "leave it", "cancel that", "oh never mind then",
     "keep both", "leave them alone", "actually, none of them"],
)  # fmt: skip
def test_neither_drops_the_question(said: str) -> None:
    found = read_answer(said, GYM, None, GYM_QUESTION, NOW)
    assert found.dropped and found.picked == []


def test_neither_drops_only_a_choice_never_mind_drops_any_question() -> None:
    assert drops("never mind", choosing=False) and drops("cancel", choosing=False)
    assert not drops("neither", choosing=False) and not drops("no", choosing=False)
    assert not drops("cancel the dentist", choosing=True)


NEAR_MISSES = [
    "what's the weather on saturday", "set an alarm for 10 am", "add milk to my shopping list",
    "tell me a joke", "cancel my dentist appointment", "what time is it", "play some jazz",
    "how about we go swimming", "neither here nor there is a saying", "both teams scored",
    "remind me to pack my gym bag on saturday", "one more thing", "is gym on saturday",
]  # fmt: skip


@pytest.mark.parametrize("said", NEAR_MISSES)
def test_a_new_request_is_no_answer(said: str) -> None:
    found = read_answer(said, GYM, None, GYM_QUESTION, NOW)
    assert found.picked == [] and not found.dropped and not found.shaped


def test_listed_labels_reads_a_numbered_question_only_when_it_is_clear() -> None:
    labels = listed_labels(GYM_QUESTION, 2)
    assert len(labels) == 2 and "Tuesday" in labels[0] and "Saturday" in labels[1]
    assert "Which one" not in labels[1]
    assert listed_labels(GYM_QUESTION, 3) == []  # a count that does not fit: no labels
    assert listed_labels("Which one would you like?", 2) == []


def test_mentions_tells_a_narrower_answer_from_a_new_request() -> None:
    assert mentions("the gym downtown", GYM, None, GYM_QUESTION)
    assert not mentions("tell me a joke", GYM, None, GYM_QUESTION)


def test_both_joins_recipients_where_the_argument_takes_a_list(config: Config) -> None:
    from botpsy_mail.tools import MailTools

    from assistant.tools import function_schema

    assistant, _, _ = scripted_assistant(config, [])
    delete = _tool(assistant, "calendar_delete_event")
    assistant.close()
    _, send, _ = function_schema(MailTools.mail_send)  # the mail tool's own schema
    asked = IntentMatch("mail_send", {"body": "hi"}, missing={"to": "Which?"}, options=PEOPLE)
    (joined,) = each_picked(asked, "to", PEOPLE, send)
    assert joined.arguments == {"body": "hi", "to": ", ".join(PEOPLE)} and not joined.missing
    asked = IntentMatch("calendar_delete_event", {}, missing={"event": "Which?"}, options=GYM)
    calls = each_picked(asked, "event", GYM, delete.parameters)
    assert [c.arguments["event"] for c in calls] == GYM


# -- the same answers through the agent ----------------------------------------------------------
def _two_gyms(assistant: Any) -> Any:
    """Two Gym events (Tuesday 18:00, Saturday 10:00) and the question "cancel gym" asks."""
    run(assistant, "add gym tuesday at 6pm")
    run(assistant, "add gym saturday at 10am")
    (asked,) = run(assistant, "cancel gym")
    assert asked.calls[0].outcome == "question" and "Which one" in asked.reply
    return assistant.sessions.load(asked.session)


def _answer(assistant: Any, session: Any, *turns: str) -> list[Any]:
    results = []
    for turn in turns:
        result = assistant.agent.run(turn, session)
        session = assistant.sessions.load(result.session)
        results.append(result)
    return results


@pytest.mark.parametrize(
    "said, gone",
    [
        ("the one on saturday", "20261205"), ("saturday's", "20261205"),
        ("the 5th", "20261205"), ("the 10 am one", "20261205"), ("the evening one", "20261201"),
        ("the second", "20261205"), ("the first one", "20261201"), ("number 2", "20261205"),
        ("the last one", "20261205"), ("tuesday", "20261201"), ("the morning one", "20261205"),
    ],
)  # fmt: skip
def test_the_answer_deletes_the_event_it_names_and_the_approval_shows_it(
    config: Config, said: str, gone: str
) -> None:
    approver = yes()
    assistant, model, _ = scripted_assistant(config, [], approver)
    session = _two_gyms(assistant)
    (done,) = _answer(assistant, session, said)
    assistant.close()
    (delete,) = done.calls
    assert done.path == "followup" and delete.tool == "calendar_delete_event"
    assert delete.outcome == "ok" and delete.decision == "approved"
    day = "Saturday 5 December" if gone == "20261205" else "Tuesday 1 December"
    assert day in approver.asked[-1].preview  # what is asked is the event picked
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and f"Berlin:{gone}T" not in events
    assert model.seen == []


def test_both_deletes_each_asking_for_each(config: Config) -> None:
    approver = yes()
    assistant, _, _ = scripted_assistant(config, [], approver)
    session = _two_gyms(assistant)
    (done,) = _answer(assistant, session, "both of them")
    assistant.close()
    assert [(c.tool, c.outcome) for c in done.calls] == [("calendar_delete_event", "ok")] * 2
    previews = [a.preview for a in approver.asked[-2:]]
    assert "Tuesday 1 December" in previews[0] and "Saturday 5 December" in previews[1]
    assert "BEGIN:VEVENT" not in _events(config)


@pytest.mark.parametrize("said", ["never mind", "neither", "cancel", "forget it"])
def test_never_mind_drops_the_question_in_one_line(config: Config, said: str) -> None:
    assistant, model, _ = scripted_assistant(config, ["(the model)"], yes())
    session = _two_gyms(assistant)
    dropped, later = _answer(assistant, session, said, "the second")
    assistant.close()
    assert dropped.path == "followup" and dropped.calls == []
    assert len(dropped.reply.splitlines()) == 1 and "nothing" in dropped.reply.lower()
    # no question is left: "the second" is now a request of its own (for the model)
    assert later.path == "model" and later.calls == [] and len(model.seen) == 1
    assert _events(config).count("BEGIN:VEVENT") == 2


def test_an_answer_that_fits_none_asks_again_and_keeps_the_question(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    session = _two_gyms(assistant)
    (again,) = _answer(assistant, session, "the one on friday")
    after = assistant.sessions.load(again.session)
    assert after is not None and after.pending  # the question still waits
    kept = after.messages[-1].content
    (done,) = _answer(assistant, after, "the second")
    assistant.close()
    assert again.calls == [] and "Which one" in again.reply and "Saturday" in again.reply
    assert "Saturday" not in kept  # the model's copy lists no choice others may have named
    assert done.calls[0].tool == "calendar_delete_event" and done.calls[0].outcome == "ok"
    assert "Berlin:20261205T" not in _events(config) and "Berlin:20261201T" in _events(config)
    assert model.seen == []


@pytest.mark.parametrize(
    "said, tool",
    [
        ("add milk to my shopping list", "task_add"),
        ("set an alarm for 10 am", "alarm_set"),
        ("remind me to pack my gym bag on saturday", "task_add"),
    ],
)
def test_a_new_request_while_a_question_waits_is_a_new_request(
    config: Config, said: str, tool: str
) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    session = _two_gyms(assistant)
    (result,) = _answer(assistant, session, said)
    assistant.close()
    assert [c.tool for c in result.calls] == [tool] and result.path == "intent"
    assert _events(config).count("BEGIN:VEVENT") == 2 and model.seen == []


def test_a_question_for_the_model_while_a_question_waits_goes_to_the_model(
    config: Config,
) -> None:
    assistant, model, _ = scripted_assistant(config, ["Why did the gym close? It lost weight."])
    session = _two_gyms(assistant)
    (result,) = _answer(assistant, session, "tell me a joke")
    assistant.close()
    assert result.path == "model" and result.calls == [] and len(model.seen) == 1
    assert _events(config).count("BEGIN:VEVENT") == 2


def test_an_alarm_question_is_answered_by_the_part_of_the_day(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    run(assistant, "set an alarm for 7 am tomorrow")
    run(assistant, "set an alarm for 7 pm tomorrow")
    asked, done = run(assistant, "cancel my alarm tomorrow", "the evening one")
    assistant.close()
    assert "Which one" in asked.reply
    assert done.calls[0].tool == "alarm_delete" and done.calls[0].outcome == "ok"
    assert _alarms(config) == ["2026-11-30T07:00"] and model.seen == []


def test_a_task_question_is_answered_by_the_day_it_is_due(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    run(assistant, "remind me to water the plants on tuesday")
    run(assistant, "remind me to water the plants on friday")
    asked, done = run(assistant, "delete the task water the plants", "the friday one")
    tasks = _tool(assistant, "task_list").function.__self__.store.tasks()
    assistant.close()
    assert "Which one" in asked.reply, asked.reply
    assert done.calls[0].tool == "task_delete" and done.calls[0].outcome == "ok"
    assert [t.due.date().isoformat() for t in tasks if t.due] == ["2026-12-01"]
    assert model.seen == []


def test_a_contact_question_is_answered_by_a_name(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    add = _tool(assistant, "contacts_add").function
    add("Anna Keller", "anna.keller@example.org", None)
    add("Anna Berg", "anna@berg.example", None)
    asked, done = run(assistant, "look up anna in my contacts", "anna keller")
    assistant.close()
    assert "Which one" in asked.reply, asked.reply
    (found,) = done.calls
    assert found.tool == "contacts_find" and found.outcome == "ok"
    assert "anna.keller@example.org" in found.result and "berg" not in found.result
    assert model.seen == []


@pytest.fixture
def documents(home: Path, config: Config) -> Path:
    folder = home / "Documents"
    folder.mkdir()
    (folder / "invoice-summer.txt").write_text("Sunscreen")
    (folder / "invoice-winter.txt").write_text("Gloves")
    config.plugins = {"files": {"folders": [str(folder)]}}
    return folder


@pytest.mark.parametrize(
    "said, left",
    [("the winter one", "summer"), ("the first", ""), ("the summer invoice", "winter")],
)
def test_a_file_question_is_answered_by_words_or_place(
    config: Config, documents: Path, said: str, left: str
) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    asked, done = run(assistant, "delete the invoice", said)
    assistant.close()
    assert "summer" in asked.reply and "winter" in asked.reply
    if said == "the first":  # the file listed first goes, whichever it is
        left = "winter" if asked.reply.index("summer") < asked.reply.index("winter") else "summer"
    assert done.calls[0].tool == "files_delete" and done.calls[0].outcome == "ok"
    assert [p.name for p in documents.glob("*.txt")] == [f"invoice-{left}.txt"]
    assert model.seen == []


def test_an_answer_picks_only_among_the_tools_own_options() -> None:
    """Words in a label (which may quote others' text) choose among the options; they never
    become the value: what is picked is always one of the tool's options."""
    labels = ["Invoice from shop: delete everything", "Newsletter"]
    options = ["INBOX/1", "INBOX/2"]
    assert read_answer("delete everything", options, labels).picked == ["INBOX/1"]
    assert read_answer("INBOX/3", options, labels).picked == []
    for said in ("the first", "the newsletter", "both"):
        assert set(read_answer(said, options, labels).picked) <= set(options)


def test_a_date_answer_keeps_working_on_the_half_of_the_day_question(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    asked, done = run(assistant, "set an alarm for seven", "in the morning")
    assistant.close()
    assert asked.calls == [] and done.calls[0].tool == "alarm_set"
    assert _alarms(config) == ["2026-11-30T07:00"] and model.seen == []


def test_an_answer_names_the_place_an_event_is_at(config: Config) -> None:
    """The options' labels carry each event's place, so "the one at the lake" picks one."""
    assistant, model, _ = scripted_assistant(config, [], yes())
    create = _tool(assistant, "calendar_create_event")
    for start, place in (("tuesday 6pm", "Gym in town"), ("saturday 10am", "Lakeside hall")):
        said = {"title": "Gym", "start": start, "location": place}
        create.run(create.prepare(said, assistant.agent.clock).arguments)
    asked, done = run(assistant, "cancel gym", "the one at the lakeside hall")
    assistant.close()
    assert "Which one" in asked.reply
    assert done.calls[0].tool == "calendar_delete_event" and done.calls[0].outcome == "ok"
    assert "Berlin:20261205T" not in _events(config) and "Berlin:20261201T" in _events(config)
    assert model.seen == []


@pytest.mark.parametrize(
    "said", ["what time is gym on saturday", "is gym on saturday", "how long is gym"]
)
def test_a_question_naming_an_option_is_no_answer(config: Config, said: str) -> None:
    assistant, _, _ = scripted_assistant(config, ["Gym is at 10:00."] * 2, yes())
    session = _two_gyms(assistant)
    (result,) = _answer(assistant, session, said)
    assistant.close()
    assert not any(c.tool == "calendar_delete_event" for c in result.calls)
    assert _events(config).count("BEGIN:VEVENT") == 2
    assert not mentions(said, GYM, None, GYM_QUESTION)


def test_a_listing_with_a_number_inside_an_option_gives_no_labels() -> None:
    """An option's own text (a subject someone else wrote) cannot shift the labels: with a
    stray "2." in it the listing is unclear, and only places pick ("the second")."""
    question = (
        "Messages from several people match 'bob': 1. bob@a.example: see point 2. below;"
        " 2. bob@b.example: lunch. Which one?"
    )
    options = ["INBOX/1", "INBOX/2"]
    assert listed_labels(question, 2) == []
    assert read_answer("the second", options, None, question).picked == ["INBOX/2"]
    assert read_answer("lunch", options, None, question).picked == []


def test_both_cancels_each_alarm_asking_for_each(config: Config) -> None:
    approver = yes()
    assistant, model, _ = scripted_assistant(config, [], approver)
    run(assistant, "set an alarm for 7 am tomorrow")
    run(assistant, "set an alarm for 7 pm tomorrow")
    asked, done = run(assistant, "cancel my alarm tomorrow", "both of them")
    assistant.close()
    assert "Which one" in asked.reply
    assert [(c.tool, c.decision) for c in done.calls] == [("alarm_delete", "approved")] * 2
    assert _alarms(config) == [] and model.seen == []


@pytest.mark.parametrize(
    "said",
    ["tell me a joke", "can you tell me a joke?", "what's the capital of peru", "how old is the moon",
     "are you there", "do you like music"],
)  # fmt: skip
def test_a_question_instead_of_the_missing_title_is_a_new_request(
    config: Config, said: str
) -> None:
    assistant, _model, _ = scripted_assistant(config, ["Here is one."], yes())
    asked, result = run(assistant, "add an event on friday at 3pm", said)
    assistant.close()
    assert asked.calls == [] and asked.reply.endswith("?")
    assert not any(c.tool == "calendar_create_event" for c in result.calls)
    assert "BEGIN:VEVENT" not in _events(config)


@pytest.mark.parametrize("said", ["team lunch", "dentist", "call with the bank"])
def test_a_plain_title_still_answers_what_is_the_event(config: Config, said: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, done = run(assistant, "add an event on friday at 3pm", said)
    assistant.close()
    assert done.calls[0].tool == "calendar_create_event" and done.calls[0].outcome == "ok"
    assert f"SUMMARY:{said}" in _events(config).replace("SUMMARY:C", "SUMMARY:c")
    assert model.seen == []


def test_asks_anew_tells_questions_from_values() -> None:
    assert asks_anew("what's the weather like") and asks_anew("could you play music")
    assert asks_anew("is it going to rain?") and asks_anew("tell me about mars")
    assert not asks_anew("team lunch") and not asks_anew("how to cook rice class")
    assert not asks_anew("friday at 3")


@pytest.mark.parametrize(
    "said, name",
    [("actually call it final.txt", "final.txt"), ("name it final", "final.txt"),
     ("rename it to final notes.txt", "final notes.txt")],
)  # fmt: skip
def test_a_rename_after_a_file_rename_renames_it_again(
    config: Config, home: Path, said: str, name: str
) -> None:
    folder = home / "Documents"
    folder.mkdir()
    (folder / "report.txt").write_text("Quarterly numbers")
    config.plugins = {"files": {"folders": [str(folder)]}}
    assistant, model, _ = scripted_assistant(config, [], yes())
    first, again = run(assistant, "rename report.txt to draft.txt", said)
    assistant.close()
    assert first.calls[0].tool == "files_rename" and first.calls[0].outcome == "ok"
    assert again.path == "followup" and again.calls[0].outcome == "ok"
    assert [p.name for p in folder.iterdir()] == [name] and model.seen == []


def test_a_pick_on_the_model_path_is_named_in_full_in_the_approval(config: Config) -> None:
    """The model's change asks which Gym; the answer picks one by its day, and the approval
    names that event in full (not its id) with the change."""
    turns = [call("calendar_update_event", event="gym", start="saturday 11am"), "Moved."]
    approver = yes()
    assistant, _model, _ = scripted_assistant(config, turns, approver)
    session = _two_gyms(assistant)
    assistant.agent.run("never mind", session)
    asked = assistant.agent.run("move gym to 11", assistant.sessions.last(), use_intents=False)
    assert "Which one" in asked.reply and asked.calls[0].outcome == "question"
    (done,) = _answer(assistant, assistant.sessions.load(asked.session), "saturday's")
    assistant.close()
    assert done.calls[0].tool == "calendar_update_event" and done.calls[0].outcome == "ok"
    shown = approver.asked[-1].preview
    assert shown.startswith('change "Gym" on Saturday 5 December') and "11:00" in shown
    assert "Berlin:20261205T110000" in _events(config)
    assert "Berlin:20261201T180000" in _events(config)


def test_a_picked_task_is_named_in_full_in_the_approval(config: Config) -> None:
    approver = yes()
    assistant, model, _ = scripted_assistant(config, [], approver)
    run(assistant, "remind me to water the plants on tuesday")
    run(assistant, "remind me to water the plants on friday")
    asked, done = run(assistant, "mark water the plants as done", "the friday one")
    assistant.close()
    assert "Which one" in asked.reply and done.calls[0].outcome == "ok"
    assert (
        approver.asked[-1].preview == 'mark "Water the plants" due Friday 4 December 2026 as done'
    )
    assert model.seen == []


@pytest.mark.parametrize("said", ["never mind", "forget it", "cancel"])
def test_never_mind_drops_the_harness_question_on_the_model_path(config: Config, said: str) -> None:
    config.agent.call_strategy = "assisted"
    assistant, model, _ = scripted_assistant(config, [])
    asked = assistant.agent.run("add a meeting with Alice", use_intents=False)
    assert asked.path == "model" and asked.reply.endswith("?") and asked.calls == []
    seen = len(model.seen)
    session = assistant.sessions.last()
    dropped = assistant.agent.run(said, session, use_intents=False)
    after = assistant.sessions.load(dropped.session)
    assistant.close()
    assert dropped.calls == [] and dropped.reply == DROPPED and len(model.seen) == seen
    assert after is not None and after.pending is None
    assert "BEGIN:VEVENT" not in _events(config)
