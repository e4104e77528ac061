"""Requests that lean on the turn before: edits of what was just done, "it", a left-out list.

Every test runs the real agent on the real local stores (calendar, tasks, alarms, files)
at a pinned time (Sunday 29 November 2026, 18:30 in Berlin). The model is a scripted
stand-in (`ScriptedModel`), since no GGUF model runs in unit tests: a test that expects
the local path to answer asserts that the model was never asked.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from botpsy_alarms.store import AlarmStore

from assistant.config import Config
from assistant.followups import amended_moment, edit_value
from assistant.intents import DoneCall, IntentRegistry, Recent
from assistant.policy import Approval
from tests.conftest import NOW, ZONE
from tests.helpers import RecordingApprover, call, play_turns, scripted_assistant


@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Every request here is read at NOW."""
    monkeypatch.setenv("BOTPSY_NOW", NOW.isoformat())


def yes() -> RecordingApprover:
    return RecordingApprover(Approval(True))


def _alarms(config: Config) -> list[str]:
    store = AlarmStore(config.data_dir / "alarms" / "alarms.sqlite3", ZONE, lambda: NOW)
    return [f"{a.at:%Y-%m-%dT%H:%M} {a.label}".strip() for a in store.upcoming(NOW)]


def _events(config: Config) -> str:
    folder = config.data_dir / "calendars" / "personal"
    return "\n".join(p.read_text() for p in sorted(folder.glob("*.ics")))


def _tasks(assistant: Any) -> list[tuple[str, str]]:
    store = assistant.plugins.tools.get("task_list").function.__self__.store
    return sorted((t.title, ",".join(t.categories)) for t in store.tasks())


run = play_turns


# -- edits of what was just done ----------------------------------------------------------------
def test_an_edit_moves_the_event_just_added_and_shows_the_change(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    added, edited = run(assistant, "add lunch with ana friday at noon", "actually make it one pm")
    assistant.close()
    assert added.calls[0].tool == "calendar_create_event"
    (change,) = edited.calls
    assert edited.path == "followup" and change.tool == "calendar_update_event"
    assert change.arguments["event"] == "Lunch with ana" and change.outcome == "ok"
    assert change.arguments["start"].startswith("2026-12-04T13:00")
    events = _events(config)
    assert events.count("BEGIN:VEVENT") == 1 and "20261204T130000" in events
    assert model.seen == []


def test_an_edit_to_a_day_keeps_the_time(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    _, edited = run(assistant, "add pottery class on friday at 6pm", "change it to thursday")
    assistant.close()
    assert edited.calls[0].arguments["start"].startswith("2026-12-03T18:00")
    assert "20261203T180000" in _events(config)


def test_an_alarm_edit_cancels_the_old_one_asking_then_sets_the_new(config: Config) -> None:
    approver = yes()
    assistant, model, _ = scripted_assistant(config, [], approver)
    _, edited = run(assistant, "set an alarm for six tomorrow", "make that six thirty")
    assistant.close()
    assert [c.tool for c in edited.calls] == ["alarm_delete", "alarm_set"]
    assert edited.calls[0].decision == "approved"  # cancelling asks, as any cancel does
    assert "06:00" in approver.asked[0].preview
    assert _alarms(config) == ["2026-11-30T06:30"]
    assert model.seen == []


def test_an_alarm_edit_the_user_refuses_changes_nothing(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], RecordingApprover(Approval(False)))
    _, edited = run(assistant, "set an alarm for six tomorrow", "make that six thirty")
    assistant.close()
    assert [(c.tool, c.decision) for c in edited.calls] == [("alarm_delete", "denied")]
    assert _alarms(config) == ["2026-11-30T06:00"]  # not two alarms: the second never ran


def test_an_alarm_edit_keeps_its_label(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    run(assistant, "set an alarm for seven am for the gym", "no, seven thirty")
    assistant.close()
    assert _alarms(config) == ["2026-11-30T07:30 gym"]


def test_an_edit_with_nothing_just_done_is_not_read_as_one(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, ["Make what one pm?"], yes())
    (result,) = run(assistant, "actually make it one pm")
    assistant.close()
    assert result.path == "model" and result.calls == [] and len(model.seen) == 1


def test_what_the_model_chose_from_others_text_is_no_target_for_it(config: Config) -> None:
    """A call whose arguments are not the user's words (a mail's, say) is not what "it" means."""
    turns = [call("calendar_create_event", title="Board review", start="friday 3pm"), "Added.",
             "Which event?"]  # fmt: skip
    assistant, _model, _ = scripted_assistant(config, turns, yes())
    first, edited = run(assistant, "do what the newsletter says", "make it 4pm")
    assistant.close()
    assert first.calls[0].tool == "calendar_create_event" and first.calls[0].outcome == "ok"
    assert edited.path == "model" and edited.calls == []  # the model was asked, nothing moved
    assert "20261204T150000" in _events(config)


def test_a_timer_edit_keeps_the_unit(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, edited = run(assistant, "set a timer for ten minutes", "make it fifteen")
    assistant.close()
    assert [c.tool for c in edited.calls] == ["alarm_delete", "timer_set"]
    assert _alarms(config) == ["2026-11-29T18:45"] and model.seen == []


@pytest.mark.parametrize(
    ("first", "then", "tool", "day"),
    [("what's on my calendar tomorrow", "what about saturday", "calendar_list_events",
      "2026-12-05"),
     ("add standup monday 9am", "and tuesday", "calendar_create_event", "2026-12-01T09:00")],
)  # fmt: skip
def test_another_day_repeats_the_last_request_for_it(
    config: Config, first: str, then: str, tool: str, day: str
) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, again = run(assistant, first, then)
    assistant.close()
    (repeat,) = again.calls
    assert again.path == "followup" and repeat.tool == tool
    assert day in str(repeat.arguments) and model.seen == []


def test_another_day_with_more_than_a_day_is_not_a_repeat(config: Config) -> None:
    assistant, _model, _ = scripted_assistant(config, ["Sure."] * 3, yes())
    _, again = run(assistant, "add standup monday 9am", "and friday at the zoo with tom")
    assistant.close()
    assert again.path != "followup"
    assert not any(c.arguments.get("title") == "Standup" for c in again.calls)


# -- "it", and a list left out -------------------------------------------------------------------
def test_a_pronoun_means_the_list_just_used(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, read = run(assistant, "add tea to the shopping list", "what's on it now")
    assistant.close()
    assert read.path == "followup" and read.calls[0].tool == "task_list"
    assert "shopping" in read.calls[0].arguments["list_name"].lower() and "Tea" in read.reply
    assert model.seen == []


def test_a_pronoun_means_the_item_just_named(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    run(assistant, "add oat milk to the shopping list", "put it on the party list too")
    tasks = _tasks(assistant)
    assistant.close()
    assert [title for title, _ in tasks] == ["Oat milk", "Oat milk"]
    assert sorted(lists.lower() for _, lists in tasks) == ["party", "shopping"]


def test_a_left_out_list_is_the_one_just_read(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    run(assistant, "add eggs and rice to my shopping list")
    _, removed = run(assistant, "what's on my shopping list", "remove the eggs")
    tasks = _tasks(assistant)
    assistant.close()
    (delete,) = removed.calls
    assert delete.tool == "task_delete" and delete.decision == "approved"
    assert "shopping" in delete.arguments["list_name"].lower()
    assert [title for title, _ in tasks] == ["Rice"]
    assert model.seen == []


@pytest.mark.parametrize("more", ["and pears", "also pears", "pears too"])
def test_more_of_the_same_after_an_add_is_another_add(config: Config, more: str) -> None:
    """The list left out is the one just used, and the action is the one just done: an add
    (the words would also read as a removal, "pears off the list", which is not what was meant)."""
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, added = run(assistant, "add plums to the fruit list", more)
    tasks = _tasks(assistant)
    assistant.close()
    assert [c.tool for c in added.calls] == ["task_add"], added.reply
    assert [title for title, _ in tasks] == ["Pears", "Plums"]
    assert model.seen == []


def test_it_never_means_an_item_a_tool_printed(config: Config) -> None:
    """After a list is read, "remove it" names no item of the user's: it asks, removes nothing."""
    assistant, _model, _ = scripted_assistant(config, ["Which one?"], yes())
    run(assistant, "add eggs to my shopping list")
    _, removed = run(assistant, "what's on my shopping list", "remove it")
    tasks = _tasks(assistant)
    assistant.close()
    assert removed.calls == [] and removed.reply.endswith("?")
    assert [title for title, _ in tasks] == ["Eggs"]


# -- a day said once, two values in one, a bare hour -------------------------------------------
def test_a_day_said_once_applies_to_both_parts(config: Config) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes(), dry_run=True)
    (result,) = run(assistant, "what's on my calendar tomorrow and what's the weather going to be")
    assistant.close()
    assert [c.tool for c in result.calls] == ["calendar_list_events", "weather_forecast"]
    assert result.calls[1].arguments.get("when") == "tomorrow" and model.seen == []


def test_two_values_in_one_request_set_two_alarms(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    (result,) = run(assistant, "set alarms for six and six thirty tomorrow morning")
    assistant.close()
    assert [c.tool for c in result.calls] == ["alarm_set", "alarm_set"]
    assert _alarms(config) == ["2026-11-30T06:00", "2026-11-30T06:30"]


@pytest.mark.parametrize(
    ("answer", "rings"),
    [("in the morning", "2026-11-30T07:00"), ("the evening one", "2026-11-29T19:00"),
     ("7pm", "2026-11-29T19:00"), ("tonight", "2026-11-29T19:00"), ("am", "2026-11-30T07:00"),
     ("2", "2026-11-30T07:00")],
)  # fmt: skip
def test_a_bare_hour_either_half_of_the_day_asks(config: Config, answer: str, rings: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    asked, done = run(assistant, "set an alarm for seven", answer)
    assistant.close()
    assert asked.calls == [] and "19:00" in asked.reply and "07:00" in asked.reply
    assert done.path == "followup" and _alarms(config) == [rings]
    assert model.seen == []


@pytest.mark.parametrize(
    ("request_", "rings"),
    [("set an alarm for seven tonight", "2026-11-29T19:00"),
     ("alarm for 7 in the morning", "2026-11-30T07:00"),
     ("set an alarm for 7 pm", "2026-11-29T19:00"),
     ("wake me up at seven", "2026-11-30T07:00"),
     ("set an alarm for six", "2026-11-30T06:00")],  # 18:00 is a day away: no real doubt
)  # fmt: skip
def test_a_half_said_or_plain_decides_without_asking(
    config: Config, request_: str, rings: str
) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    (result,) = run(assistant, request_)
    assistant.close()
    assert result.calls and _alarms(config) == [rings]


def test_a_compound_ending_in_a_bare_hour_runs_the_rest_then_asks(config: Config) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    asked, done = run(
        assistant, "put bread on the shopping list and set an alarm for seven", "in the morning"
    )
    tasks = _tasks(assistant)
    assistant.close()
    assert [c.tool for c in asked.calls] == ["task_add"] and asked.reply.endswith("?")
    assert tasks == [("Bread", "Shopping")] or [t for t, _ in tasks] == ["Bread"]
    assert done.calls[0].tool == "alarm_set" and _alarms(config) == ["2026-11-30T07:00"]


# -- files: deleted and read by what the user calls them ------------------------------------------
@pytest.fixture
def documents(config: Config, home: Path) -> Path:
    folder = home / "Documents"
    (folder / "Letters").mkdir(parents=True)
    (folder / "Letters" / "tax-letter-2026.txt").write_text("Your tax refund is 312 EUR.")
    (folder / "invoice-march-2025.txt").write_text("Invoice March 2025")
    (folder / "invoice-march-2026.txt").write_text("Invoice March 2026")
    (folder / "recipes.md").write_text("Lentil soup")
    config.plugins = {"files": {"folders": [str(folder)]}}
    return folder


def _left(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_a_delete_of_the_one_file_named_is_pinned_and_asked(
    config: Config, documents: Path
) -> None:
    approver = yes()
    assistant, model, _ = scripted_assistant(config, [], approver)
    (result,) = run(assistant, "throw away the tax letter")
    assistant.close()
    (delete,) = result.calls
    assert delete.tool == "files_delete" and delete.decision == "approved"
    assert delete.pinned["path"].endswith("tax-letter-2026.txt")
    assert "tax-letter-2026.txt" in approver.asked[0].preview
    assert "Letters/tax-letter-2026.txt" not in _left(documents) and model.seen == []


def test_a_delete_naming_several_files_asks_which(config: Config, documents: Path) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    asked, done = run(assistant, "delete the march invoice", "the 2025 one")
    assistant.close()
    assert asked.calls == [] and "2025" in asked.reply and "2026" in asked.reply
    assert done.calls[0].tool == "files_delete" and done.calls[0].outcome == "ok"
    assert "invoice-march-2025.txt" not in _left(documents)
    assert "invoice-march-2026.txt" in _left(documents)


@pytest.mark.parametrize(
    "request_", ["throw away the old chair", "delete my gym alarm", "get rid of the dentist event"]
)
def test_a_delete_naming_no_file_is_no_file_intent(
    config: Config, documents: Path, request_: str
) -> None:
    assistant, _, _ = scripted_assistant(config, [], yes())
    match = assistant.agent.intents.match(request_)
    assistant.close()
    assert match is None or match.tool != "files_delete"


@pytest.mark.parametrize("follow", ["read it", "open it", "what does it say", "read it to me"])
def test_read_it_reads_the_file_just_found(config: Config, documents: Path, follow: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    found, read = run(assistant, "find my tax letter", follow)
    assistant.close()
    assert found.calls[0].tool == "files_find"
    assert read.path == "followup" and read.calls[0].tool == "files_read"
    assert "312" in read.reply and model.seen == []


# -- the pieces ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "value"),
    [("actually make it one pm", "one pm"), ("make that 7:30", "7:30"),
     ("no, six thirty", "six thirty"), ("change it to thursday", "thursday"),
     ("sorry, move it to 4pm instead", "4pm"), ("make it friday at noon please", "friday at noon"),
     ("add bread to the list", None), ("what time is it", None), ("set an alarm for 7", None)],
)  # fmt: skip
def test_edit_value(said: str, value: str | None) -> None:
    found = edit_value(said)
    if value is None:
        assert found is None or amended_moment(found, NOW, NOW) is None
    else:
        assert found == value


@pytest.mark.parametrize(
    ("value", "old", "new"),
    [("1pm", "2026-12-04T12:00", "2026-12-04T13:00"),
     ("6:30", "2026-11-30T06:00", "2026-11-30T06:30"),
     ("6:30", "2026-11-30T18:00", "2026-11-30T18:30"),  # a bare hour stays in the old half
     ("at 7", "2026-11-30T06:00", "2026-11-30T07:00"),  # either way round
     ("5", "2026-12-01T16:00", "2026-12-01T17:00"),  # a number alone is an hour
     ("9", "2026-12-01T08:30", "2026-12-01T09:00"),
     ("7:45", "2026-12-01T08:00", "2026-12-01T07:45"),
     ("19:45", "2026-12-01T08:00", "2026-12-01T19:45"),  # a 24-hour time is what it says
     ("thursday", "2026-12-04T18:00", "2026-12-03T18:00"),
     ("tomorrow at 9am", "2026-12-04T18:00", "2026-11-30T09:00"),
     ("yesterday", "2026-12-04T18:00", None), ("the blue one", "2026-12-04T18:00", None),
     # on a Sunday evening (NOW), the day named alone is the coming one, not the hour gone by
     ("sunday", "2026-12-05T09:00", "2026-12-06T09:00"),
     ("on sunday", "2026-12-02T08:00", "2026-12-06T08:00"),
     ("today", "2026-12-05T09:00", None)],
)  # fmt: skip
def test_amended_moment(value: str, old: str, new: str | None) -> None:
    found = amended_moment(value, datetime.fromisoformat(old).replace(tzinfo=ZONE), NOW)
    assert (found.strftime("%Y-%m-%dT%H:%M") if found else None) == new


def test_the_last_turn_is_kept_with_the_conversation(config: Config) -> None:
    """Reloaded from SQLite (as `botpsy -c` does), the next turn still sees the last calls."""
    assistant, _, _ = scripted_assistant(config, [], yes())
    (added,) = run(assistant, "add yoga on saturday at 9am")
    session = assistant.sessions.load(added.session)
    assert session is not None
    recent = Recent.from_dict(session.recent)
    assistant.close()
    (done,) = recent.calls
    assert recent.request == "add yoga on saturday at 9am"
    assert done.tool == "calendar_create_event" and done.arguments["title"] == "Yoga"
    assert "output" not in str(session.recent) and "Added" not in str(session.recent)


def test_a_plugin_follow_up_sees_the_last_turn_first() -> None:
    registry = IntentRegistry()
    seen: list[Recent] = []

    def again(text: str, recent: Recent) -> Any:
        seen.append(recent)
        return None

    registry.register_callback("demo")("again", again, follows=True)
    recent = Recent("add tea", (DoneCall("task_add", {"title": "Tea"}),))
    assert registry.follow("once more", recent) is None and seen == [recent]
    assert registry.follow("once more", Recent()) is None and len(seen) == 1  # nothing just done


def test_an_edit_follows_a_call_the_model_made_from_the_users_words(config: Config) -> None:
    """The same follow-up serves the model path: its call, in the user's words, is "it"."""
    turns = [
        call("calendar_create_event", title="Lunch with ana", start="friday at noon"),
        "Added.",
    ]
    assistant, model, _ = scripted_assistant(config, turns, yes())
    first = assistant.agent.run("put lunch with ana on friday at noon", use_intents=False)
    session = assistant.sessions.load(first.session)
    edited = assistant.agent.run("actually make it one pm", session)
    assistant.close()
    assert first.path == "model" and first.calls[0].outcome == "ok"
    assert edited.path == "followup" and edited.calls[0].tool == "calendar_update_event"
    assert "20261204T130000" in _events(config) and len(model.seen) == 2


def test_remove_is_a_files_verb_only_beside_a_file_word(config: Config, documents: Path) -> None:
    """ "remove the recipes" may be a list's; "remove the recipes file" is the file's."""
    assistant, _, _ = scripted_assistant(config, [], yes())
    bare = assistant.agent.intents.match("remove the recipes")
    said = assistant.agent.intents.match("remove the recipes file")
    assistant.close()
    assert bare is None or bare.tool != "files_delete"
    assert said is not None and said.tool == "files_delete"
    assert said.arguments["path"].endswith("recipes.md")


# Ways people correct the time of what they just added (invented), and where it lands.
EDITS = [
    ("make it 1pm", "2026-12-04T13:00"), ("change that to one pm", "2026-12-04T13:00"),
    ("no, 1 pm", "2026-12-04T13:00"), ("actually one o'clock", "2026-12-04T13:00"),
    ("move it to 1pm", "2026-12-04T13:00"), ("1pm instead", "2026-12-04T13:00"),
    ("let's make it 1pm", "2026-12-04T13:00"), ("make it at 1pm please", "2026-12-04T13:00"),
    ("set it for 1pm", "2026-12-04T13:00"), ("switch it to 1 pm", "2026-12-04T13:00"),
    ("change the time to 1pm", "2026-12-04T13:00"), ("oops i meant 1pm", "2026-12-04T13:00"),
    ("sorry i meant friday at 1", "2026-12-04T13:00"), ("can we make it one thirty", "2026-12-04T13:30"),
    ("go with two thirty instead", "2026-12-04T14:30"), ("no make it thursday", "2026-12-03T12:00"),
    ("actually let's do thursday", "2026-12-03T12:00"), ("make it thursday at 1pm", "2026-12-03T13:00"),
    ("push it to saturday", "2026-12-05T12:00"), ("make that 12:30", "2026-12-04T12:30"),
]  # fmt: skip


@pytest.mark.parametrize(("said", "start"), EDITS)
def test_ways_of_correcting_the_time_just_set(config: Config, said: str, start: str) -> None:
    assistant, model, _ = scripted_assistant(config, [], yes())
    _, edited = run(assistant, "add lunch with ana friday at noon", said)
    assistant.close()
    (change,) = edited.calls
    assert change.tool == "calendar_update_event" and change.outcome == "ok"
    assert change.arguments["start"].startswith(start) and model.seen == []
    assert _events(config).count("BEGIN:VEVENT") == 1


# Requests right after an add that are their own, not an edit of it (invented near-misses).
NOT_EDITS = [
    ("what time is it", "time_now"), ("set an alarm for 7am tomorrow", "alarm_set"),
    ("set a timer for ten minutes", "timer_set"), ("what's on my calendar friday", "calendar_list_events"),
    ("add yoga on saturday at 9am", "calendar_create_event"), ("make it rain", None),
    ("actually never mind", None), ("no thanks", None),
]  # fmt: skip


@pytest.mark.parametrize(("said", "tool"), NOT_EDITS)
def test_a_request_of_its_own_is_no_edit(config: Config, said: str, tool: str | None) -> None:
    assistant, _, _ = scripted_assistant(config, ["Okay."], yes())
    _, then = run(assistant, "add lunch with ana friday at noon", said)
    assistant.close()
    assert not any(c.tool == "calendar_update_event" for c in then.calls)
    assert (then.calls[0].tool if then.calls else None) == tool
    assert "20261204T120000" in _events(config)


# Two requests in one that share a day, or one verb over two clock times (invented).
COMPOUNDS = [
    ("what's on tomorrow and what's the weather",
     [("calendar_list_events", "tomorrow"), ("weather_forecast", "tomorrow")]),
    ("how's the weather on saturday and am i busy",
     [("weather_forecast", "saturday"), ("calendar_list_events", "saturday")]),
    ("set alarms for 6 and 6:30 tomorrow",
     [("alarm_set", "6am tomorrow"), ("alarm_set", "6:30am tomorrow")]),
    ("wake me up at six and six fifteen", [("alarm_set", "6am"), ("alarm_set", "6:15am")]),
    ("add dentist friday 3pm and gym at 5pm",
     [("calendar_create_event", "friday 3pm"), ("calendar_create_event", "5pm friday")]),
    ("put bread on the shopping list tomorrow and set a timer for ten minutes",
     [("task_add", "Bread"), ("timer_set", "ten minutes")]),  # a length takes no day
]  # fmt: skip
# ... and ones that stay whole, or lend nothing where it names no time.
WHOLE = ["remind me to buy eggs and milk tomorrow", "add lunch with ana and ben friday at 1pm"]


@pytest.mark.parametrize(("said", "parts"), COMPOUNDS)
def test_compound_parts_share_a_day_and_a_verb(
    config: Config, said: str, parts: list[tuple[str, str]]
) -> None:
    assistant, _, _ = scripted_assistant(config, [])
    found = assistant.agent.intents.match_all(said)
    assistant.close()
    assert found is not None
    assert [m.tool for m in found] == [tool for tool, _ in parts]
    for match, (_, value) in zip(found, parts, strict=True):
        assert any(value in str(v) for v in match.arguments.values()), match.arguments
    assert "tomorrow" not in str(found[0].arguments) or "tomorrow" in said  # nothing invented


@pytest.mark.parametrize("said", WHOLE)
def test_compounds_that_stay_one_request(config: Config, said: str) -> None:
    assistant, _, _ = scripted_assistant(config, [])
    found = assistant.agent.intents.match_all(said)
    assistant.close()
    assert found is None
