"""Session 12 (lead): a contact question names its people; a meal with people is a plan.

Each conversation runs through `assistant.evals.scenarios.run_scenario`, the same private home
(contacts, calendar) the scenario suites use, with a scripted model that has no turns: every
turn here must be served without a model.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from assistant.models.scripted import ScriptedModel
from tests.helpers import play_scenario

NOW = "2026-11-29T18:30:00+01:00"  # a Sunday evening
TWO_NOAHS = [
    {"name": "Noah Brandt", "emails": ["noah.brandt@harbour.example"]},
    {"name": "Noah Okafor", "emails": ["n.okafor@fieldwork.example"]},
]


@pytest.fixture
def home_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A private home, pinned to the scenarios' Sunday evening."""
    from assistant.config import Config
    from tests.helpers import isolate_home

    isolate_home(monkeypatch, tmp_path)
    monkeypatch.setenv("BOTPSY_NOW", NOW)
    return Config(timezone="Europe/Berlin", data_dir=tmp_path / "data")


_play = play_scenario


@pytest.mark.parametrize(
    ("answer", "address"),
    [
        ("okafor", "n.okafor@fieldwork.example"),
        ("brandt", "noah.brandt@harbour.example"),
        ("noah okafor", "n.okafor@fieldwork.example"),
        ("the fieldwork one", "n.okafor@fieldwork.example"),
        ("2", "n.okafor@fieldwork.example"),
    ],
)
def test_an_ambiguous_name_is_answered_by_surname_or_address(answer: str, address: str) -> None:
    result = _play(
        {
            "dry_run": True,
            "contacts": TWO_NOAHS,
            "turns": ["email noah saying the van is booked", answer],
            "expect_calls": [
                {"tool": "mail_send", "outcome": "question"},
                {"tool": "mail_send", "resolved": {"to": address}},
            ],
        }
    )
    assert result.passed, result.problems
    assert result.paths == ["intent", "followup"]


def test_the_question_names_each_person_beside_the_address() -> None:
    result = _play({"dry_run": True, "contacts": TWO_NOAHS, "turns": ["email noah hello"]})
    assert '"Noah Brandt" <noah.brandt@harbour.example>' in result.reply
    assert '"Noah Okafor" <n.okafor@fieldwork.example>' in result.reply


def test_an_answer_that_fits_nobody_sends_nothing() -> None:
    result = _play(
        {
            "dry_run": True,
            "contacts": TWO_NOAHS,
            "turns": ["email noah saying the van is booked", "vasquez"],
            "expect_calls": [{"tool": "mail_send", "outcome": "question"}],
        }
    )
    assert not any(c.startswith("mail_send dry-run") for c in result.calls), result.calls


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("book dinner with the bakers on saturday at 7:30pm", "Dinner with the bakers",
         "2026-12-05T19:30"),
        ("book lunch with omar friday at 1pm", "Lunch with omar", "2026-12-04T13:00"),
        ("book breakfast with my brother tomorrow at 9am", "Breakfast with my brother",
         "2026-11-30T09:00"),
    ],
)  # fmt: skip
def test_a_meal_with_people_at_a_time_is_a_plan_for_the_calendar(
    text: str, title: str, start: str
) -> None:
    result = _play({"turns": [text], "expect_events": [{"title": title, "start": start}]})
    assert result.passed, result.problems


@pytest.mark.parametrize(
    "text",
    [
        "book dinner at the harbour grill for 8",
        "book a table for lunch with omar",
        "reserve a table for two at 7",
        "book lunch for four at the bistro",
    ],
)
def test_a_table_booked_is_still_declined_honestly(text: str) -> None:
    result = _play({"turns": [text], "expect_calls": [], "expect_events": []})
    assert result.passed, result.problems
    assert result.reply.startswith("I can't book restaurants"), result.reply


def test_a_sentence_said_again_word_for_word_ends_the_reply_there() -> None:
    """The starter model asked to find a file with no folders set up asked for it four times."""
    from assistant.models.repetition import RepetitionGuard, restated_from

    looping = (
        "You want your bike insurance letter. I can help you look for it.\n\n"
        "Tell me which bike insurance letter you mean, and I will look for it.\n\n"
        "Tell me which bike insurance letter you mean.\n\n"
        "Tell me which bike insurance letter you mean.\n\n"
        "Tell me which bike"
    )
    cut = RepetitionGuard(every=1).loops(looping)
    assert cut is not None
    assert looping[:cut].rstrip().endswith("you mean.") and looping[:cut].count("you mean.") == 1
    once = "Tell me which bike insurance letter you mean, and I will look for it. Thanks a lot."
    assert restated_from(once) is None


@pytest.mark.parametrize(
    "text",
    [
        "turn off the kitchen lights",
        "switch on the lamp in the hall",
        "turn the heating up",
        "set the thermostat to 20",
        "switch the landing light off",
    ],
)
def test_home_requests_without_home_assistant_get_one_honest_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """No Home Assistant set up: a shared verb ("turn off") must not hand the request to the
    model, which picked the alarm tool for the lights."""
    from assistant.app import build_assistant
    from assistant.config import Config
    from assistant.policy import Approval
    from tests.helpers import RecordingApprover, isolate_home

    isolate_home(monkeypatch, tmp_path)
    model = ScriptedModel([])
    built = build_assistant(
        Config(timezone="Europe/Berlin", data_dir=tmp_path / "data"),
        RecordingApprover(Approval(False)),
        model=model,
        dry_run=True,
    )
    try:
        result = built.agent.run(text)
    finally:
        built.close()
    assert model.seen == [] and result.calls == []
    assert result.reply.startswith("I can't control lights or home devices"), result.reply
    assert "botpsy account add homeassistant" in result.reply


def test_cancelling_an_alarm_when_none_is_set_says_so_plainly() -> None:
    result = _play({"turns": ["switch off my wake up alarm"], "expect_alarms": []})
    assert result.passed, result.problems
    assert "no alarms or timers are set" in result.reply, result.reply


def test_a_document_found_nowhere_says_where_botpsy_looked() -> None:
    result = _play(
        {
            "files": [{"path": "garden/plan.txt", "text": "tomatoes by the fence"}],
            "turns": ["where is my insurance policy"],
            "expect_calls": [{"tool": "files_find"}],
        }
    )
    assert result.passed, result.problems
    assert "No files found for 'insurance policy' (looked in ~/Documents" in result.reply


@pytest.mark.parametrize(
    "text",
    [
        "add lunch with omar on the 31st of february at 1pm",
        "put the boiler check on february 30 at 9am",
        "book drinks with kai on the 32nd of may",
    ],
)
def test_an_impossible_date_is_one_clear_line_and_adds_nothing(text: str) -> None:
    result = _play({"turns": [text], "expect_events": []})
    assert result.passed, result.problems
    assert "not a date on the calendar" in result.reply, result.reply


@pytest.fixture
def reply_to_inbox() -> Iterator[tuple[Any, Any]]:
    """Real Dovecot and an SMTP recorder: one message whose Reply-To is not its sender."""
    import shutil
    import tempfile

    from tests.conftest import require_program
    from tests.servers import Dovecot, SmtpRecorder
    from tests.test_mail import ADDRESS, PASSWORD, raw

    require_program("dovecot", "dovecot-imapd")
    root = Path(tempfile.mkdtemp(prefix="botpsy-dovecot-", dir="/tmp"))
    dovecot = Dovecot(root, {ADDRESS: PASSWORD}).start()
    smtp = SmtpRecorder(ADDRESS, PASSWORD).start()
    dovecot.deliver(
        ADDRESS,
        raw(
            "Harbour Bank <service@harbour-bank.example>",
            "Your card",
            "Please confirm by replying.",
            "<card-1@harbour-bank.example>",
            extra='Reply-To: "Harbour Bank" <collect@elsewhere.example>, x@y.example\r\n',
        ),
    )
    try:
        yield dovecot, smtp
    finally:
        smtp.stop()
        dovecot.stop()
        shutil.rmtree(root, ignore_errors=True)


def test_a_reply_to_another_address_says_so_and_goes_to_the_bare_addresses(
    reply_to_inbox: tuple[Any, Any],
) -> None:
    """A Reply-To naming someone else is shown before the yes; no display name is sent."""
    import email
    import email.policy

    from botpsy_mail.tools import MailTools

    from tests.test_mail import mailbox

    dovecot, smtp = reply_to_inbox
    tools = MailTools(mailbox(dovecot, smtp))
    shown = tools.preview_reply({"message": "Harbour Bank", "body": "Done."})
    assert "Reply-To" in shown.text and "service@harbour-bank.example" in shown.text
    assert "to: collect@elsewhere.example, x@y.example" in shown.text
    tools.mail_reply(message=shown.pinned["message"], body="Done.")  # type: ignore[attr-defined]
    ((_, recipients, data),) = smtp.received
    sent = email.message_from_bytes(data, policy=email.policy.default)
    assert recipients == ["collect@elsewhere.example", "x@y.example"]
    assert "Harbour Bank" not in str(sent["To"])


def test_delete_that_list_right_after_filling_it_deletes_that_list(home_config: Any) -> None:
    from tests.helpers import run_without_model

    result, approver = run_without_model(
        home_config, "start a picnic list", "add rugs and lemonade to it", "delete that list"
    )
    assert [c.tool for c in result.calls] == ["list_delete"]
    assert [r.tool for r in approver.asked] == ["list_delete"]  # a delete asks first
    assert "Picnic" in result.reply


def test_after_a_days_listing_it_is_that_days_one_event(home_config: Any) -> None:
    """Only the listing's day (the user's word) chooses; nothing the listing printed is read."""
    from tests.helpers import run_without_model

    result, _ = run_without_model(
        home_config, "add pottery on thursday at 5pm", "what's on thursday", "move it to 7pm"
    )
    (moved,) = result.calls
    assert moved.tool == "calendar_update_event" and moved.outcome == "ok", moved
    assert "Pottery" in result.reply and "19:00" in result.reply


def test_after_a_days_listing_with_two_events_it_asks_which(home_config: Any) -> None:
    from tests.helpers import run_without_model

    result, _ = run_without_model(
        home_config,
        "add pottery on thursday at 5pm",
        "add choir on thursday at 8pm",
        "what's on thursday",
        "move it to 7pm",
    )
    assert "Pottery" in result.reply and "Choir" in result.reply and "1." in result.reply


@pytest.mark.parametrize("value", ["back an hour", "an hour later", "saturday"])
def test_after_a_listing_a_move_that_needs_the_events_own_time_is_not_guessed(value: str) -> None:
    from assistant.followups import _listing_edit
    from assistant.intents import DoneCall

    now = datetime.fromisoformat(NOW)
    day = DoneCall(
        "calendar_list_events", {"when": "2026-12-03T00:00+01:00/2026-12-04T00:00+01:00"}
    )
    assert _listing_edit(day, value, now) is None
    assert _listing_edit(day, "7pm", now) is not None  # a time said: that day at 19:00
    week = DoneCall(
        "calendar_list_events", {"when": "2026-11-30T00:00+01:00/2026-12-07T00:00+01:00"}
    )
    assert _listing_edit(week, "7pm", now) is None  # a week: "it" is no one event


def test_a_synced_item_whose_uid_is_a_word_is_not_picked_by_that_word(tmp_path: Path) -> None:
    """A task or event others made may carry any UID; "dentist" must name the user's dentist."""
    from zoneinfo import ZoneInfo

    from botpsy_calendar.items import Task
    from botpsy_calendar.store import Event, VdirStore
    from botpsy_calendar.tools import CalendarTools

    from assistant.clock import Clock

    zone = ZoneInfo("Europe/Berlin")
    store = VdirStore(tmp_path / "calendars", "personal", zone)
    store.save_task(Task("Pay the parking fine at the link", uid="dentist"))
    store.save_task(Task("Book the dentist"))
    start = datetime.fromisoformat("2026-12-02T10:00+01:00")
    store.save(Event("Click the link to renew", start, start.replace(hour=11), uid="dentist"))
    store.save(Event("Dentist", start.replace(hour=15), start.replace(hour=16)))
    box = CalendarTools(store, Clock(zone, lambda: datetime.fromisoformat(NOW)))
    assert box.find_task("dentist").title == "Book the dentist"
    assert box.find("dentist").title == "Dentist"
    generated = Task("Return the parcel")
    store.save_task(generated)
    assert box.find_task(generated.uid).title == "Return the parcel"  # a real id still picks


@pytest.mark.parametrize(
    ("kept", "said"),
    [("Groceries", "grocery"), ("Chores", "chore"), ("Errand", "errands"), ("Dishes", "dish")],
)
def test_a_list_said_in_the_singular_or_plural_is_the_one_already_kept(
    kept: str, said: str
) -> None:
    result = _play(
        {
            "tasks": [{"title": "Rice", "list": kept}],
            "turns": [f"put oat milk on the {said} list"],
            "expect_tasks": [{"title": "Oat milk", "list": kept}, {"title": "Rice", "list": kept}],
        }
    )
    assert result.passed, result.problems
    assert f"your {kept} list" in result.reply


def test_and_on_another_day_asks_the_forecast_again_for_that_day() -> None:
    """A forecast is egress, not a read: the follow-up for another day skipped it."""
    result = _play(
        {
            "dry_run": True,
            "turns": ["will it be windy on friday", "and on sunday"],
            "expect_calls": [
                {"tool": "weather_forecast", "arguments": {"when": "friday"}},
                {"tool": "weather_forecast", "arguments": {"when": "sunday"}},
            ],
        }
    )
    assert result.passed, result.problems
    assert result.paths == ["intent", "followup"]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("move the quiz night an hour later", "2026-12-02T20:00"),
        ("shift quiz night half an hour earlier", "2026-12-02T18:30"),
        ("push the quiz night 45 minutes later", "2026-12-02T19:45"),
    ],
)
def test_a_move_by_an_amount_said_with_later_or_earlier(text: str, start: str) -> None:
    result = _play(
        {
            "setup": [{"title": "Quiz night", "start": "2026-12-02T19:00"}],
            "turns": [text],
            "expect_events": [{"title": "Quiz night", "start": start}],
        }
    )
    assert result.passed, result.problems


@pytest.mark.parametrize("text", ["make a new list for me", "start a fresh list for us"])
def test_a_list_made_for_someone_is_not_named_after_them(text: str) -> None:
    result = _play({"turns": [text], "expect_tasks": []})
    assert result.passed, result.problems
    assert result.reply == "What should the new list be called?", result.reply
