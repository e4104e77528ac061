"""Session 11: mail asked of a sender, answers read by the tool that asked, messages dictated.

Three needs, each said many ways (all invented):
- "did i get anything from the bank": something "i" received from someone is mail, read
  as a check of that sender; "is there anything from the school" or "anything new from my
  boss" name no receiving and stay the model's (a parcel, a text or a call may be meant);
- an answer to the assistant's question is read as the asking intent reads one sentence:
  "set an alarm" → "for 6:30 tomorrow" rings at 6:30 in the morning, as "set an alarm for
  6:30 tomorrow" does; a timer's "for ten minutes" is ten minutes; an event's time keeps
  the calendar's reading;
- "email lena" → "tell her dinner is at eight" sends "dinner is at eight": the frame of
  handing a message over is taken off, the message kept as said.
And mail that leans on the mail just found ("forward that to ben", "read it"), and
restaurant bookings declined in one honest line. The agent tests run every built-in
plugin as the eval sets them up (a mail account and Home Assistant stand-ins), in dry
run at a pinned clock (Sunday 29 November 2026, 18:30 in Berlin); no GGUF model runs in
unit tests, so the model is one that fails when asked: these requests must never reach it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from botpsy_mail.intents import make_mail_matchers

from assistant.app import build_assistant
from assistant.config import Config
from assistant.errors import ModelError
from assistant.evals.slurp import eval_config, isolated
from assistant.followups import dictated
from assistant.intents import IntentMatch
from assistant.policy import Approval
from tests.conftest import NOW
from tests.helpers import RecordingApprover, first_match, play_turns

MATCHERS = make_mail_matchers(lambda: NOW)


def match(text: str) -> IntentMatch | None:
    return first_match(MATCHERS, text)


def _no_model() -> Any:
    raise ModelError("no model should be loaded for this request")


@pytest.fixture
def assistant(tmp_path: Path) -> Iterator[Any]:
    """Every built-in plugin, the eval's accounts, dry run, a model that must not be asked."""
    with isolated(tmp_path, NOW.isoformat()):
        built = build_assistant(
            eval_config(Config(), tmp_path), RecordingApprover(Approval(True)), dry_run=True
        )
        built.agent.model_factory = _no_model
        try:
            yield built
        finally:
            built.close()


def _calls(result: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(c.tool, dict(c.arguments)) for c in result.calls]


# == 1. something received from someone is mail ===================================================
RECEIVED = [
    ("did i get anything from the bank", "bank"),
    ("did i get anything from the gym", "gym"),
    ("have i got anything from my landlord", "landlord"),
    ("did i receive anything from the council", "council"),
    ("have i received something from the insurance company", "insurance company"),
    ("did i get something from ana yet", "ana"),
    ("did i get anything new from tomas", "tomas"),
    ("do i have anything from the dentist", "dentist"),
    ("hey did i get anything from kofi", "kofi"),
    ("did i get anything from hr please", "hr"),
    ("have i had anything from the school", "school"),
    ("got anything from lena", "lena"),
    ("anything from tomas yet", "tomas"),
    ("did i get anything from the school today", "school"),
    ("anything from the bank this morning", "bank"),
    ("did i get anything from my mother in law since monday", "mother in law"),
    ("has anything come in from the bank", "bank"),
    ("did anything come in from ana today", "ana"),
]


@pytest.mark.parametrize(("text", "sender"), RECEIVED)
def test_something_received_from_someone_is_mail(text: str, sender: str) -> None:
    found = match(text)
    assert found is not None, text
    assert found.tool in ("mail_check", "mail_search"), (text, found)
    assert found.arguments.get("sender") == sender, (text, found)
    assert not found.missing


def test_a_time_said_counts_back_from_the_clock() -> None:
    found = match("did i get anything from the school today")
    assert found is not None
    assert (found.tool, found.arguments) == (
        "mail_search",
        {"sender": "school", "since": "2026-11-29"},
    )


NOT_RECEIVED = [
    "is there anything from the school",  # no receiving said: a parcel, a note home
    "anything new from my boss",  # a text or a call as much as a mail
    "anything from the bakery",
    "did you get anything from the store",  # the assistant asked, not the user's mail
    "do i need anything from the shop",
    "can i get anything from the kitchen",
    "what did i learn from the course",
    "anything from the bbc today",  # the news
    "did i get anything wrong",
    "i got something from the tax office",  # said, not asked
]


@pytest.mark.parametrize("text", NOT_RECEIVED)
def test_other_things_from_someone_are_not_mail(text: str) -> None:
    assert match(text) is None, (text, match(text))


# == 2. mail in other shapes =====================================================================
SHAPES = [
    ("read me the latest from ana", "mail_read", {"message": "ana"}),
    ("read the latest from the bank", "mail_read", {"message": "bank"}),
    ("open the newest one from my landlord", "mail_read", {"message": "landlord"}),
    ("show me the most recent from greta", "mail_read", {"message": "greta"}),
    ("reply to ana saying sounds good", "mail_reply", {"message": "ana", "body": "Sounds good."}),
    ("any new emails", "mail_check", {}),
    ("check mails", "mail_check", {}),
]


@pytest.mark.parametrize(
    ("text", "to"),
    [
        ("open a new email to this colleague at this address", "colleague"),
        ("email ana at her work email", "ana"),
        ("write an email to that plumber", "plumber"),
    ],
)
def test_a_recipient_pointed_at_or_at_an_address(text: str, to: str) -> None:
    found = match(text)
    assert found is not None, text
    assert (found.tool, found.arguments, list(found.missing)) == ("mail_send", {"to": to}, ["body"])


@pytest.mark.parametrize(("text", "tool", "arguments"), SHAPES)
def test_mail_shapes(text: str, tool: str, arguments: dict[str, Any]) -> None:
    found = match(text)
    assert found is not None, text
    assert (found.tool, found.arguments) == (tool, arguments), text


@pytest.mark.parametrize(
    "text",
    [
        "read me the latest from the guardian",
        "read me the latest news",
        "play the latest from adele",
    ],
)
def test_the_latest_from_the_news_or_music_is_no_mail(text: str) -> None:
    assert match(text) is None, (text, match(text))


# A reply that says what, not to whom: the mail is asked for (or is the one just read)
REPLY_SAYING = [
    ("reply saying thanks", "Thanks."),
    ("respond saying sounds good", "Sounds good."),
    ("reply that i'll be there at six", "I'll be there at six."),
    ("reply to it saying see you then", "See you then."),
    ("reply to that email saying no problem", "No problem."),
    ("write back saying count me in", "Count me in."),
]


@pytest.mark.parametrize(("text", "body"), REPLY_SAYING)
def test_a_reply_to_no_one_named_asks_which_mail(text: str, body: str) -> None:
    found = match(text)
    assert found is not None, text
    assert (found.tool, found.arguments.get("body"), list(found.missing)) == (
        "mail_reply",
        body,
        ["message"],
    ), (text, found)


# == 3. a dictated message without its frame =======================================================
DICTATED = [
    ("tell her dinner is at eight", "lena", "dinner is at eight"),
    ("tell him that the gate code is 4411", "tomas", "the gate code is 4411"),
    ("tell them the meeting moved to friday", "the team", "the meeting moved to friday"),
    ("let her know i'm running late", "ana", "i'm running late"),
    ("just say thanks for the flowers", "ana", "thanks for the flowers"),
    ("say that i'll call tomorrow", "ana", "i'll call tomorrow"),
    ("tell lena the keys are under the mat", "lena", "the keys are under the mat"),
    ("tell my mum i love her", "my mum", "i love her"),
    ("it should say happy birthday", "ana", "happy birthday"),
    # no frame: the message as said
    ("dinner is at eight", "lena", "dinner is at eight"),
    ("thank you", "ana", "thank you"),
    ("tell the kids to be home by six", "lena", "tell the kids to be home by six"),
    ("say hi to everyone from me", "ana", "hi to everyone from me"),
]


@pytest.mark.parametrize(("answer", "to", "message"), DICTATED)
def test_the_frame_of_a_dictated_message_comes_off(answer: str, to: str, message: str) -> None:
    assert dictated(answer, to) == message


@pytest.mark.parametrize(
    ("first", "answer", "body"),
    [
        ("email lena@example.org", "tell her dinner is at eight", "dinner is at eight"),
        ("write an email to lena@example.org", "let her know that i'm late", "i'm late"),
        ("email lena@example.org", "dinner is at eight", "dinner is at eight"),
    ],
)
def test_the_answer_to_what_an_email_says_is_sent_without_its_frame(
    assistant: Any, first: str, answer: str, body: str
) -> None:
    asked, sent = play_turns(assistant, first, answer)
    assert asked.calls == [] and "say" in asked.reply, asked.reply
    assert _calls(sent) == [("mail_send", {"to": "lena@example.org", "body": body})]


# == 4. an answer read as the asking intent reads one sentence ======================================
ALARM_ANSWERS = [
    ("set an alarm", "for 6:30 tomorrow", "2026-11-30T06:30+01:00"),
    ("set an alarm", "6:30 tomorrow", "2026-11-30T06:30+01:00"),
    ("set an alarm", "at six thirty tomorrow", "2026-11-30T06:30+01:00"),
    ("wake me up", "at 6:30", "2026-11-30T06:30+01:00"),
    ("wake me up", "quarter past seven", "2026-11-30T07:15+01:00"),
    ("set an alarm", "7 tomorrow morning", "2026-11-30T07:00+01:00"),
    ("set an alarm", "for 9 pm", "2026-11-29T21:00+01:00"),
]


@pytest.mark.parametrize(("first", "answer", "time"), ALARM_ANSWERS)
def test_an_alarm_answer_reads_as_the_alarm_reads_one_sentence(
    assistant: Any, first: str, answer: str, time: str
) -> None:
    asked, done = play_turns(assistant, first, answer)
    assert asked.calls == [], asked.reply
    assert _calls(done) == [("alarm_set", {"time": time})], done.reply
    # the same words in one sentence ring at the same time
    (whole,) = play_turns(assistant, f"{first} {answer}")
    assert _calls(whole) == _calls(done)


def test_an_alarm_answer_that_could_be_either_half_is_asked_as_one_sentence_is(
    assistant: Any,
) -> None:
    _, which, done = play_turns(assistant, "set an alarm", "at 7", "in the morning")
    assert which.calls == [] and "19:00" in which.reply and "07:00" in which.reply, which.reply
    assert _calls(done) == [("alarm_set", {"time": "2026-11-30T07:00+01:00"})]


def test_an_alarm_answer_keeps_a_label_said_with_it(assistant: Any) -> None:
    _, done = play_turns(assistant, "set an alarm", "6am for the gym")
    assert _calls(done) == [("alarm_set", {"time": "2026-11-30T06:00+01:00", "label": "gym"})]


@pytest.mark.parametrize("answer", ["for ten minutes", "ten minutes", "10 minutes please"])
def test_a_timer_answer_is_its_length(assistant: Any, answer: str) -> None:
    _, done = play_turns(assistant, "set a timer", answer)
    assert len(done.calls) == 1 and done.calls[0].tool == "timer_set", done.reply
    assert done.calls[0].arguments["duration"] in ("ten minutes", "10 minutes"), done.calls


@pytest.mark.parametrize(
    ("first", "answer"),
    [
        ("add lunch with sam to my calendar", "friday at 1"),
        ("add a dentist appointment", "at 4:30 on friday"),
        ("schedule a call with ana", "tomorrow at 3"),
    ],
)
def test_an_event_time_answer_keeps_the_calendars_reading(
    assistant: Any, first: str, answer: str
) -> None:
    _, done = play_turns(assistant, first, answer)
    (whole,) = play_turns(assistant, f"{first} {answer}")
    assert len(done.calls) == 1 and done.calls[0].tool == "calendar_create_event", done.reply
    assert done.calls[0].arguments["start"] == whole.calls[0].arguments["start"]


def test_a_new_request_in_place_of_an_answer_is_a_new_request(assistant: Any) -> None:
    _, other = play_turns(assistant, "set an alarm", "what's the weather tomorrow")
    assert [c.tool for c in other.calls] == ["weather_forecast"]


# == 5. mail that leans on the mail just found ======================================================
@pytest.mark.parametrize(
    ("first", "then", "tool", "arguments"),
    [
        ("read the email from ana", "forward that to ben@example.org", "mail_forward",
         {"message": "ana", "to": "ben@example.org"}),
        ("did i get anything from the bank", "read it", "mail_read", {"message": "bank"}),
        ("any emails from tomas", "open that one", "mail_read", {"message": "tomas"}),
        ("read ana's latest email", "reply saying thanks", "mail_reply",
         {"message": "ana", "body": "Thanks."}),
        ("read ana's latest email", "reply to it saying see you then", "mail_reply",
         {"message": "ana", "body": "See you then."}),
    ],
)  # fmt: skip
def test_that_mail_is_the_one_just_found(
    assistant: Any, first: str, then: str, tool: str, arguments: dict[str, Any]
) -> None:
    _, done = play_turns(assistant, first, then)
    assert [(c.tool, dict(c.arguments)) for c in done.calls] == [(tool, arguments)], done.reply


def test_that_mail_after_no_mail_is_asked_for(assistant: Any) -> None:
    _, asked = play_turns(assistant, "what's the weather", "forward that to ben@example.org")
    assert asked.calls == [] and "forward" in asked.reply.lower(), asked.reply


# == 6. restaurant bookings: one honest line, no call ===============================================
@pytest.mark.parametrize(
    "text",
    [
        "book a table for two at luigi's",
        "book a table",
        "reserve a table for four tonight",
        "can you book us a table at the noodle bar for friday",
        "get me a table at the sushi place",
        # said as a booking, with a day and a time: still no calendar event
        "make a reservation at the thai restaurant for saturday",
        "make a dinner reservation for two",
        "i want to book a restaurant for tonight",
        "book dinner at marios for 7",
        "reserve lunch for six at noon",
        # a chat app named: no mail either
        "message ana on whatsapp that i'm late",
        "send tom a whatsapp",
        "tell my brother via signal the keys are under the mat",
    ],
)
def test_a_restaurant_booking_or_a_chat_message_is_declined(assistant: Any, text: str) -> None:
    (result,) = play_turns(assistant, text)
    assert result.path == "declined" and result.calls == [], (text, result.reply)
    assert "can't" in result.reply


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("add dinner at marios to my calendar friday at 7", "calendar_create_event"),
        ("what time is my dinner reservation", "calendar_search_events"),
        ("tell tom by email that the keys are here", "mail_send"),
    ],
)
def test_a_booking_already_made_or_an_email_still_works(
    assistant: Any, text: str, tool: str
) -> None:
    (result,) = play_turns(assistant, text)
    assert result.path != "declined" and [c.tool for c in result.calls] == [tool], result.reply


# == 7. being up at a time is a wake-up alarm =======================================================
WAKE = [
    ("i need to be up at six", "6am"),
    ("i have to be awake by 7 tomorrow", "7am tomorrow"),
    ("make sure i'm up at 6:30", "6:30am"),
    ("make sure i wake up at seven", "7am"),
    ("i must be up at half six", "6:30am"),
    ("wake me up by 7", "7am"),
    ("i've got to be up at quarter to six", "5:45am"),
    ("set an alarm for around 6 tomorrow", "6am tomorrow"),
]


@pytest.mark.parametrize(("text", "time"), WAKE)
def test_being_up_at_a_time_is_a_wake_up_alarm(text: str, time: str) -> None:
    from botpsy_alarms.intents import make_matchers

    found = first_match(make_matchers(lambda: NOW), text)
    assert found is not None, text
    assert (found.tool, found.arguments) == ("alarm_set", {"time": time}), text


@pytest.mark.parametrize(
    "text",
    ["i need to be up at the office by 9", "i need to be up early", "i was up at six"],
)
def test_being_up_somewhere_is_no_alarm(text: str) -> None:
    from botpsy_alarms.intents import make_matchers

    found = first_match(make_matchers(lambda: NOW), text)
    assert found is None or "time" not in found.arguments, (text, found)


# == 8. a mail sent on, deleted or archived ========================================================
PUT_AWAY = [
    ("send the bank's email to my accountant", "mail_forward", {"message": "bank", "to": "my accountant"}),
    ("send ana's last email to ben", "mail_forward", {"message": "ana", "to": "ben"}),
    ("pass the email from the school on to my wife", "mail_forward", {"message": "school", "to": "my wife"}),
    ("share the mail from tomas with lena", "mail_forward", {"message": "tomas", "to": "lena"}),
    ("delete the email from the bank", "mail_delete", {"message": "bank"}),
    ("delete the latest mail from tomas", "mail_delete", {"message": "tomas"}),
    ("trash ana's email", "mail_delete", {"message": "ana"}),
    ("archive ana's last email", "mail_archive", {"message": "ana"}),
    ("archive the newest email from the gym", "mail_archive", {"message": "gym"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "tool", "arguments"), PUT_AWAY)
def test_a_mail_sent_on_or_put_away(text: str, tool: str, arguments: dict[str, Any]) -> None:
    found = match(text)
    assert found is not None, text
    assert (found.tool, found.arguments, found.missing) == (tool, arguments, {}), text


@pytest.mark.parametrize(
    "text",
    [
        "send the email to ana",  # a new one to write
        "send the report to john",
        "send ana's photos to ben",
        "remove the email from my contacts",
        "delete the message",  # a text or a voicemail as much as a mail
        "delete the meeting",
        "delete my alarm",
        "delete it",  # with no mail just found: whatever "it" was, not a mail
    ],
)
def test_other_things_sent_or_deleted_are_no_mail_put_away(text: str) -> None:
    found = match(text)
    assert found is None or found.tool not in ("mail_forward", "mail_delete", "mail_archive"), (
        text,
        found,
    )


@pytest.mark.parametrize(
    ("first", "then", "tool"),
    [
        ("read the email from ana", "delete it", "mail_delete"),
        ("read ana's latest email", "delete that email", "mail_delete"),
        ("did i get anything from ana", "archive that", "mail_archive"),
    ],
)
def test_the_mail_just_found_is_put_away(assistant: Any, first: str, then: str, tool: str) -> None:
    _, done = play_turns(assistant, first, then)
    assert [(c.tool, dict(c.arguments)) for c in done.calls] == [(tool, {"message": "ana"})]


# == 9. what is on and where to go, said as a bare phrase of its kind ===============================
LOCAL = [
    "show me concerts this week",
    "comedy shows near me",
    "jazz gigs tonight",
    "thai places nearby",
    "italian restaurants open now",
    "any exhibitions coming up",
    "street food markets this weekend",
]


@pytest.mark.parametrize("text", LOCAL)
def test_what_is_on_goes_to_the_web(text: str) -> None:
    from botpsy_web.matchers import make_matchers

    found = first_match(make_matchers(), text)
    assert found is not None and found.tool == "web_research", (text, found)


@pytest.mark.parametrize(
    "text",
    ["rock music", "comedy movies", "food shopping", "french lessons", "jazz", "theatre tickets"],
)
def test_a_kind_alone_is_not_a_question_for_the_web(text: str) -> None:
    from botpsy_web.matchers import make_matchers

    assert first_match(make_matchers(), text) is None, text


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("have my alarm ring at 6:15", {"time": "6:15am"}),
        ("make sure my alarm wakes me up at 7 tomorrow", {"time": "7am tomorrow"}),
        ("make sure the alarm goes off at 9 pm", {"time": "9 pm"}),
    ],
)
def test_an_alarm_said_by_what_it_does(text: str, arguments: dict[str, str]) -> None:
    from botpsy_alarms.intents import make_matchers

    found = first_match(make_matchers(lambda: NOW), text)
    assert found is not None and (found.tool, found.arguments) == ("alarm_set", arguments), text


@pytest.mark.parametrize(
    ("text", "alarm", "time"),
    [
        ("change the alarm from 7 to 8", "7", "8"),
        ("move my alarm from six thirty to seven", "6:30", "7"),
        ("switch my wake up alarm from 6 to 6:45", "6", "6:45"),
    ],
)
def test_an_alarm_moved_from_one_time_to_another(text: str, alarm: str, time: str) -> None:
    from botpsy_alarms.intents import make_matchers

    found = first_match(make_matchers(lambda: NOW), text)
    assert found is not None, text
    assert (found.tool, found.arguments) == ("alarm_change", {"alarm": alarm, "time": time})


@pytest.mark.parametrize(
    "text", ["make sure the door is locked at 8", "have the kids home by 6", "let the dog out at 7"]
)
def test_other_things_made_sure_of_are_no_alarm(text: str) -> None:
    from botpsy_alarms.intents import make_matchers

    assert first_match(make_matchers(lambda: NOW), text) is None, text


@pytest.mark.parametrize(
    "answer",
    ["say that the party is at nine", "the party is at nine", "tell her the party is at nine"],
)
def test_a_message_with_a_time_in_it_is_the_message(assistant: Any, answer: str) -> None:
    """What to say may name a time ("the party is at nine"): it is sent, not made an event."""
    _, sent = play_turns(assistant, "email lena@example.org", answer)
    assert _calls(sent) == [
        ("mail_send", {"to": "lena@example.org", "body": "the party is at nine"})
    ]


def test_a_question_in_place_of_the_message_is_a_new_request(assistant: Any) -> None:
    _, other = play_turns(assistant, "email lena@example.org", "what's the weather tomorrow")
    assert [c.tool for c in other.calls] == ["weather_forecast"]


@pytest.mark.parametrize(
    ("first", "asks", "answer", "time"),
    [
        ("set an alarm for tomorrow", "What time tomorrow", "6:30", "2026-11-30T06:30+01:00"),
        ("wake me up tomorrow", "What time tomorrow", "at 6:30", "2026-11-30T06:30+01:00"),
        ("set an alarm for friday", "What time on friday", "7", "2026-12-04T07:00+01:00"),
        ("set an alarm for friday", "What time on friday", "at 9 pm", "2026-12-04T21:00+01:00"),
    ],
)
def test_an_alarm_for_a_day_asks_the_time_and_keeps_the_day(
    assistant: Any, first: str, asks: str, answer: str, time: str
) -> None:
    asked, done = play_turns(assistant, first, answer)
    assert asked.calls == [] and asked.reply.startswith(asks), asked.reply
    assert _calls(done) == [("alarm_set", {"time": time})], done.reply
