"""Mail intents for spoken, lower-case requests: which tool, with what arguments, and what never matches."""

from __future__ import annotations

import time

import pytest
from botpsy_mail.intents import make_mail_matchers

from assistant.intents import IntentMatch


def only_match(text: str) -> IntentMatch | None:
    """The one mail matcher that takes `text` (two would be a bug), or None."""
    found = [m(text) for _, m in make_mail_matchers()]
    matched = [m for m in found if m is not None]
    assert len(matched) <= 1, (text, matched)
    return matched[0] if matched else None


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("how many unread emails have i got", {}),
        ("how many new messages are there", {}),
        ("how many emails from carla do i have", {"sender": "carla"}),
        ("how many unread mails are in my inbox", {}),
        ("do i have new messages", {}),
        ("do i have any unread email", {}),
        ("have i got mail", {}),
        ("any new mail from the landlord", {"sender": "landlord"}),
        ("is there an email from dr patel", {"sender": "dr patel"}),
        ("did i get an email from ana", {"sender": "ana"}),
        ("has bob written back", {"sender": "bob"}),
        ("did ana reply to my email", {"sender": "ana"}),
        ("has the plumber emailed me", {"sender": "plumber"}),
        ("did jo send me an email", {"sender": "jo"}),
        ("check if kim has replied", {"sender": "kim"}),
        ("any reply from the agency", {"sender": "agency"}),
        ("check my email", {}),
        ("check for new mail", {}),
        ("check if i have any emails from tom", {"sender": "tom"}),
        ("show me my inbox", {}),
        ("read my emails", {}),
        ("anything new in my inbox", {}),
        ("what emails did i get", {}),
    ],
)
def test_checking(text: str, arguments: dict[str, object]) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments) == ("mail_check", arguments)


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("read the last email from ana", "mail_read", {"message": "ana"}),
        ("read me the latest message from the bank", "mail_read", {"message": "bank"}),
        ("open the email from bob smith", "mail_read", {"message": "bob smith"}),
        ("show the mail by lee@example.org", "mail_read", {"message": "lee@example.org"}),
        ("read nora's latest email", "mail_read", {"message": "nora"}),
        ("what did ana say in her email", "mail_read", {"message": "ana"}),
        # no sender: mail_read cannot name "the newest", so the newest are listed
        ("read my latest email", "mail_search", {}),
        ("what was the last email i got", "mail_search", {}),
    ],
)
def test_reading(text: str, tool: str, arguments: dict[str, object]) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments) == (tool, arguments)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("find the email about the invoice", {"text": "invoice"}),
        ("search my mail for the lease", {"text": "lease"}),
        (
            "search my inbox for parking permit from the council",
            {"text": "parking permit", "sender": "council"},
        ),
        ("emails from ana about the trip", {"sender": "ana", "text": "trip"}),
        ("the messages about the school play", {"text": "school play"}),
        ("any emails from ana about the trip", {"sender": "ana", "text": "trip"}),
        ("look for the email from hugo", {"sender": "hugo"}),
        ("find messages titled quarterly numbers", {"subject": "quarterly numbers"}),
        ("find the mail with the subject boat trip", {"subject": "boat trip"}),
        ("where is the email from the airline", {"sender": "airline"}),
        ("read the emails from mia", {"sender": "mia"}),
        ("show me all emails about the wedding from rosa", {"text": "wedding", "sender": "rosa"}),
    ],
)
def test_searching(text: str, arguments: dict[str, object]) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments) == ("mail_search", arguments)


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        (
            "send an email to ana saying i will be late",
            "mail_send",
            {"to": "ana", "subject": "I will be late", "body": "I will be late."},
        ),
        (
            "write to ana that the meeting moved",
            "mail_send",
            {"to": "ana", "subject": "The meeting moved", "body": "The meeting moved."},
        ),
        (
            "send carlos an email saying the keys are under the mat",
            "mail_send",
            {
                "to": "carlos",
                "subject": "The keys are under the mat",
                "body": "The keys are under the mat.",
            },
        ),
        (
            "email the builder about the roof saying can you come monday",
            "mail_send",
            {"to": "the builder", "subject": "The roof", "body": "Can you come monday."},
        ),
        (
            "tell mum by email that we landed",
            "mail_send",
            {"to": "mum", "subject": "We landed", "body": "We landed."},
        ),
        (
            "reply to bob saying thanks",
            "mail_reply",
            {"message": "bob", "body": "Thanks."},
        ),
        (
            "reply to the last email from ana that sounds good",
            "mail_reply",
            {"message": "ana", "body": "Sounds good."},
        ),
        (
            "reply all to greta saying see you there",
            "mail_reply",
            {"message": "greta", "body": "See you there.", "reply_all": True},
        ),
    ],
)
def test_sending(text: str, tool: str, arguments: dict[str, object]) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments, match.missing) == (tool, arguments, {})


@pytest.mark.parametrize(
    ("text", "to", "subject"),
    [
        ("email bob about dinner tomorrow", "bob", "Dinner tomorrow"),
        ("send an email to the school about the trip", "the school", "The trip"),
        ("write to ana about the new flat", "ana", "The new flat"),
        ("drop pia a quick email about saturday", "pia", "Saturday"),
    ],
)
def test_sending_asks_for_the_body(text: str, to: str, subject: str) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments) == ("mail_send", {"to": to, "subject": subject})
    assert list(match.missing) == ["body"]


@pytest.mark.parametrize(
    "text",
    [
        # calendar and tasks
        "add email review friday at 3pm",
        "add dentist friday 3pm",
        "schedule email cleanup tomorrow at 10am",
        "send me a reminder to call the bank",
        "send me a reminder about the email review",
        "remind me to email bob about the report",
        "what is on my calendar today",
        "move email triage to thursday",
        # files, chit-chat and near misses
        "find the file about the invoice",
        "search my documents for the lease",
        "what did bob say about the deposit",
        "how are you today",
        "tell me a joke",
        "email",
        "send an email",
        "did i reply",
        "tell bob to reply",
        "answer the door",
        "what time is it",
        "how many days until christmas",
        "any plans today",
        "text ana saying i am late",
        "email the report to ana",
    ],
)
def test_other_requests_are_left_alone(text: str) -> None:
    assert only_match(text) is None


def test_long_requests_stay_fast() -> None:
    matchers = [m for _, m in make_mail_matchers()]
    for text in (
        "send an email to " + "ana " * 250,
        "emails from " + "ana about " * 100 + "x",
        "did " + "bob " * 250 + "reply to me",
        "search my mail for " + "from the " * 110,
        "reply to " + "bob " * 240 + "saying",
    ):
        start = time.perf_counter()
        for matcher in matchers:
            matcher(text[:1000])
        assert time.perf_counter() - start < 0.5, text[:40]


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        # a day said: everything since then, read or not
        ("any emails today", "mail_search", {"since": "today"}),
        ("who emailed me today", "mail_search", {"since": "today"}),
        (
            "did i receive any messages from marco today",
            "mail_search",
            {"sender": "marco", "since": "today"},
        ),
        (
            "have i got new mail this morning from the library",
            "mail_search",
            {"sender": "library", "since": "today"},
        ),
        ("have i received mail since noon", "mail_search", {"since": "today"}),
        ("any mail yesterday", "mail_search", {"since": "yesterday", "before": "today"}),
        # other ways to ask
        ("check emails from rosa", "mail_check", {"sender": "rosa"}),
        (
            "let me know whether i got mail from the bakery",
            "mail_check",
            {"sender": "bakery"},
        ),
        ("tell me about new messages from piet", "mail_check", {"sender": "piet"}),
        ("look at my inbox", "mail_check", {}),
        ("bring up my mail", "mail_check", {}),
        ("list unread messages", "mail_check", {}),
        ("give me all of my new messages", "mail_check", {}),
        (
            "is there mail with regard to the lease renewal",
            "mail_search",
            {"text": "lease renewal"},
        ),
    ],
)
def test_checking_with_a_day_and_other_phrasings(
    text: str, tool: str, arguments: dict[str, object]
) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments, match.missing) == (tool, arguments, {})


@pytest.mark.parametrize(
    "text",
    [
        "any mail since monday",  # which monday: the model reads it
        "check if i have email since last week",
    ],
)
def test_a_day_the_matcher_cannot_pin_goes_to_the_model(text: str) -> None:
    assert only_match(text) is None


@pytest.mark.parametrize(
    ("text", "arguments", "asked"),
    [
        ("reply", {}, ["message", "body"]),
        ("draft a reply", {}, ["message", "body"]),
        ("answer with sounds good", {"body": "Sounds good."}, ["message"]),
        ("reply to the last email", {}, ["message", "body"]),
        ("reply to ana", {"message": "ana"}, ["body"]),
        ("respond to nora's email", {"message": "nora"}, ["body"]),
    ],
)
def test_a_short_reply_asks_for_the_rest(
    text: str, arguments: dict[str, object], asked: list[str]
) -> None:
    match = only_match(text)
    assert match is not None and match.tool == "mail_reply", text
    assert match.arguments == arguments
    assert list(match.missing) == asked


def test_a_reply_stating_something_is_complete() -> None:
    match = only_match("respond to mirela's email stating that her plan is great")
    assert match is not None
    assert (match.tool, match.arguments, match.missing) == (
        "mail_reply",
        {"message": "mirela", "body": "Her plan is great."},
        {},
    )


@pytest.mark.parametrize(
    ("text", "to"),
    [
        ("e-mail tomasz", "tomasz"),
        ("send a mail to my aunt", "my aunt"),
        ("send the email to piet", "piet"),
        ("i need to email rosa", "rosa"),
        ("write an email to dr patel", "dr patel"),
    ],
)
def test_an_email_to_someone_asks_what_about_and_what_to_say(text: str, to: str) -> None:
    match = only_match(text)
    assert match is not None and match.tool == "mail_send", text
    assert match.arguments == {"to": to}
    assert list(match.missing) == ["subject", "body"]


@pytest.mark.parametrize(
    "text",
    [
        "email the report to bob",  # a thing to send, not a person
        "send a mail to all the neighbours",
        "email me",
        "reply all",
    ],
)
def test_short_mail_requests_that_stay_with_the_model(text: str) -> None:
    match = only_match(text)
    assert match is None or match.tool != "mail_send", (text, match)
