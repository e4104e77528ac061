"""Mail intents for spoken, lower-case requests: which tool, with what arguments, and what never matches.

The last tests run the broad shapes through the assistant against the real Dovecot and SMTP
servers of tests/test_mail.py (fixtures imported from there).
"""

from __future__ import annotations

import email
import email.policy
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from botpsy_mail.intents import make_mail_matchers

from assistant.config import Config
from assistant.intents import IntentMatch
from assistant.policy import Approval
from tests import test_mail as served
from tests.helpers import RecordingApprover, scripted_assistant
from tests.servers import Dovecot, SmtpRecorder
from tests.test_mail import ADDRESS, PASSWORD, PINNED, add_account

# The user's clock for days said: a Wednesday (yesterday is the 17th).
NOW = datetime(2026, 3, 18, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def only_match(text: str) -> IntentMatch | None:
    """The one mail matcher that takes `text` (two would be a bug), or None."""
    found = [m(text) for _, m in make_mail_matchers(lambda: NOW)]
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
        ("any emails today", "mail_search", {"since": "2026-03-18"}),
        ("who emailed me today", "mail_search", {"since": "2026-03-18"}),
        (
            "did i receive any messages from marco today",
            "mail_search",
            {"sender": "marco", "since": "2026-03-18"},
        ),
        (
            "have i got new mail this morning from the library",
            "mail_search",
            {"sender": "library", "since": "2026-03-18"},
        ),
        ("have i received mail since noon", "mail_search", {"since": "2026-03-17T12:00+01:00"}),
        ("any mail yesterday", "mail_search", {"since": "2026-03-17", "before": "2026-03-18"}),
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
def test_an_email_to_someone_asks_what_to_say(text: str, to: str) -> None:
    match = only_match(text)
    assert match is not None and match.tool == "mail_send", text
    assert match.arguments == {"to": to}
    assert list(match.missing) == ["body"]  # one question: the subject is its first words


@pytest.mark.parametrize(
    "text",
    [
        "email the report to bob",  # a thing to send, not a person
        "email me",
        "reply all",
    ],
)
def test_short_mail_requests_that_stay_with_the_model(text: str) -> None:
    match = only_match(text)
    assert match is None or match.tool != "mail_send", (text, match)


# -- broad shapes: a mail noun with a reading verb or question, a sending verb with a recipient --
WEDNESDAY = datetime(2026, 3, 11, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))


def first_match(text: str) -> IntentMatch | None:
    """What the registry would run: the first matcher that takes `text`, with a fixed clock."""
    for _, matcher in make_mail_matchers(lambda: WEDNESDAY):
        found = matcher(text)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("hey could you look in my inbox for me", "mail_check", {}),
        ("i want to see my new emails", "mail_check", {}),
        ("summarize my unread mail", "mail_check", {}),
        ("is anything from the museum in my inbox", "mail_check", {"sender": "museum"}),
        ("has my tutor answered my email", "mail_check", {"sender": "tutor"}),
        ("when did wim last email me", "mail_check", {"sender": "wim"}),
        ("show me the mails that jonas sent me", "mail_check", {"sender": "jonas"}),
        ("who sent me that email about the boat trip", "mail_search", {"text": "boat trip"}),
        (
            "read the email from the gym about my membership",
            "mail_search",
            {"sender": "gym", "text": "membership"},
        ),
        (
            "are there emails with the subject line roof repair",
            "mail_search",
            {"subject": "roof repair"},
        ),
        ("open the email thread with nora", "mail_thread", {"message": "nora"}),
        ("what emails did i send to carlos", "mail_search", {"folder": "Sent", "text": "carlos"}),
    ],
)
def test_broad_reading(text: str, tool: str, arguments: dict[str, object]) -> None:
    match = first_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments, match.missing) == (tool, arguments, {})


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # the clock says Wednesday 11 March 2026; mail is in the past, so days count back
        ("show me mail i got last week", {"since": "2026-03-02", "before": "2026-03-09"}),
        ("any emails since monday", {"since": "2026-03-09"}),
        ("emails from tuesday about the rent", {"since": "2026-03-10", "before": "2026-03-11"}),
        ("any emails in the past three days", {"since": "2026-03-08"}),
        ("what mail came in this week", {"since": "2026-03-09"}),
        ("check if i have email since last week", {"since": "2026-03-02"}),
        ("any new mail in the last ten minutes", {"since": "2026-03-11T09:20+01:00"}),
        ("check my mail for the past two hours", {"since": "2026-03-11T07:30+01:00"}),
        ("any emails over the weekend", {"since": "2026-03-07", "before": "2026-03-09"}),
    ],
)
def test_days_count_back_from_the_clock(text: str, days: dict[str, str]) -> None:
    match = first_match(text)
    assert match is not None and match.tool == "mail_search", text
    assert {k: v for k, v in match.arguments.items() if k in ("since", "before")} == days


@pytest.mark.parametrize(
    ("text", "tool", "arguments", "asked"),
    [
        (
            "email jenny i'll be late tonight",
            "mail_send",
            {"to": "jenny", "subject": "I'll be late tonight", "body": "I'll be late tonight."},
            [],
        ),
        (
            "send email to dad want to go fishing sunday",
            "mail_send",
            {
                "to": "dad",
                "subject": "Want to go fishing sunday",
                "body": "Want to go fishing sunday.",
            },
            [],
        ),
        (
            "let bob know by email that the gate is open",
            "mail_send",
            {"to": "bob", "subject": "The gate is open", "body": "The gate is open."},
            [],
        ),
        (
            "shoot an email over to the team saying standup is cancelled",
            "mail_send",
            {"to": "the team", "subject": "Standup is cancelled", "body": "Standup is cancelled."},
            [],
        ),
        (
            "write an email for my brother about the trip saying see you soon",
            "mail_send",
            {"to": "my brother", "subject": "The trip", "body": "See you soon."},
            [],
        ),
        (
            "send a mail to all the neighbours",
            "mail_send",
            {"to": "all the neighbours"},
            ["body"],
        ),
        ("compose a new email", "mail_send", {}, ["to", "body"]),
        ("send an email", "mail_send", {}, ["to", "body"]),
        (
            "draft an email to the landlord about the heating",
            "mail_draft",
            {"to": "the landlord", "subject": "The heating"},
            ["body"],
        ),
        (
            "send an email to tom with subject rent",
            "mail_send",
            {"to": "tom", "subject": "Rent"},
            ["body"],
        ),
        (
            "forward the email from the bank to my accountant",
            "mail_forward",
            {"message": "bank", "to": "my accountant"},
            [],
        ),
        ("forward this email to ana", "mail_forward", {"to": "ana"}, ["message"]),
        ("open the latest email and reply", "mail_reply", {}, ["message", "body"]),
        ("reply to the email i just read", "mail_reply", {}, ["message", "body"]),
        ("reply back to mia", "mail_reply", {"message": "mia"}, ["body"]),
        (
            "kira please respond to lou's email stating that the plan works",
            "mail_reply",
            {"message": "lou", "body": "The plan works."},
            [],
        ),
    ],
)
def test_broad_sending(
    text: str, tool: str, arguments: dict[str, object], asked: list[str]
) -> None:
    match = first_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments, list(match.missing)) == (tool, arguments, asked)


@pytest.mark.parametrize(
    "text",
    [
        # about mail, not the user's mail
        "what is email",
        "who invented email",
        "how do i write a formal email",
        "tell me a joke about email",
        # other domains that name mail or messages
        "check my calendar invites",
        "read my text messages",
        "any new voice messages",
        "what's bob's email address",
        "save this email address to my contacts",
        "set up my email account",
        "delete all emails from spam",
        "send a text message to mom",
        "send an invitation email for the party",
        "remind me to email the bank",
        "add email to my shopping list",
        # no recipient one can tell apart from the message
        "email john smith lunch friday",
        "write to bob",
        "answer the door",
        "write back soon",
        "start a new email to the colleague at that address",
    ],
)
def test_broad_shapes_leave_other_requests(text: str) -> None:
    assert first_match(text) is None


def test_the_exact_and_broad_matchers_never_both_match() -> None:
    """The registry runs the first match; two matches for one request would hide a bug."""
    for text in ("check my email", "email jenny i'll be late", "reply to ana", "any mail today"):
        found = [m(text) for _, m in make_mail_matchers(lambda: WEDNESDAY)]
        assert len([f for f in found if f is not None]) == 1, text


@pytest.mark.parametrize(
    ("text", "tool", "arguments", "asked"),
    [
        (
            "please send an e mail to my boss saying i am sick",
            "mail_send",
            {"to": "my boss", "subject": "I am sick", "body": "I am sick."},
            [],
        ),
        (
            "send an email to bob and alice saying dinner is at eight",
            "mail_send",
            {"to": "bob and alice", "subject": "Dinner is at eight", "body": "Dinner is at eight."},
            [],
        ),
        (
            "send an email to jo at example dot com saying hi",
            "mail_send",
            {"to": "jo at example dot com", "subject": "Hi", "body": "Hi."},
            [],
        ),
        (
            "email bob say the car is fixed",
            "mail_send",
            {"to": "bob", "subject": "The car is fixed", "body": "The car is fixed."},
            [],
        ),
        (
            "send out an email to the staff about the party",
            "mail_send",
            {"to": "the staff", "subject": "The party"},
            ["body"],
        ),
        (
            "send a follow up email to the recruiter",
            "mail_send",
            {"to": "the recruiter"},
            ["body"],
        ),
        ("email ana for me", "mail_send", {"to": "ana"}, ["body"]),
        (
            "send an email saying i am on my way",
            "mail_send",
            {"subject": "I am on my way", "body": "I am on my way."},
            ["to"],
        ),
        (
            "reply to all saying congratulations",
            "mail_reply",
            {"body": "Congratulations.", "reply_all": True},
            ["message"],
        ),
        ("reply to this email saying yes", "mail_reply", {"body": "Yes."}, ["message"]),
        (
            "did i get an email from lou at example dot org",
            "mail_check",
            {"sender": "lou at example dot org"},
            [],
        ),
        (
            "any emails from two days ago",
            "mail_search",
            {"since": "2026-03-09", "before": "2026-03-10"},
            [],
        ),
        (
            "emails from last weekend",
            "mail_search",
            {"since": "2026-03-07", "before": "2026-03-09"},
            [],
        ),
        ("has anyone emailed me today", "mail_search", {"since": "2026-03-11"}, []),
        ("has my mom written back", "mail_check", {"sender": "mom"}, []),
        (
            "look for the email with the flight tickets",
            "mail_search",
            {"text": "flight tickets"},
            [],
        ),
    ],
)
def test_more_spoken_shapes(
    text: str, tool: str, arguments: dict[str, object], asked: list[str]
) -> None:
    match = first_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments, list(match.missing)) == (tool, arguments, asked)


@pytest.mark.parametrize(
    "text",
    [
        "email the invoice to ana",  # a thing to send
        "check my email and delete the spam",  # another action on mail
        "mark all emails as read",
        "send an email to say hi to bob",
        "did anyone call me",
        "any news from the bbc",
        "anything new from my boss",  # no mail named: a text or a call as much as an email
        # about the mail service, the assistant or an address, not the mail in the inbox
        "what's my email",
        "is my email working",
        "my email is broken",
        "how many emails can i send per day",
        "do you have an email",
        "email is so annoying",
    ],
)
def test_more_requests_the_broad_shapes_leave(text: str) -> None:
    assert first_match(text) is None


# -- through the assistant, against real servers ----------------------------------------------
dovecot, inbox, smtp = served.dovecot, served.inbox, served.smtp  # the fixtures of test_mail.py


def test_a_broad_forward_asks_first_and_then_reaches_the_smtp_server(
    inbox: Dovecot, smtp: SmtpRecorder, cli: Any, home: Path
) -> None:
    add_account(home, inbox, smtp)
    request = "could you forward the latest mail from bob to ana@example.net"
    refused = cli(request, env=PINNED)
    assert refused.status == 3 and "--yes" in refused.stdout, refused.stderr
    assert smtp.received == [], "no terminal and no --yes: nothing is sent"
    sent = cli("--yes", request, env=PINNED)
    assert sent.status == 0, sent.stderr
    assert "local intent mail.any_reply" in sent.stderr
    ((_, recipients, data),) = smtp.received
    forwarded = email.message_from_bytes(data, policy=email.policy.default)
    assert recipients == ["ana@example.net"]
    assert forwarded["Subject"] == "Fwd: Re: Lunch on Friday?"
    assert "Or 12:30 if you prefer." in forwarded.get_content()


def test_a_reply_without_its_text_asks_for_it_and_sends_the_answer(
    inbox: Dovecot,
    smtp: SmtpRecorder,
    home: Path,
    config: Config,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config.path = home / ".config/botpsy/config.toml"
    add_account(home, inbox, smtp)
    monkeypatch.setenv("BOTPSY_PASSWORD_EMAIL", PASSWORD)
    approver = RecordingApprover(Approval(True))
    assistant, model, _ = scripted_assistant(config, [], approver)
    asked = assistant.agent.run("hey please answer the email from bob")
    assert asked.path == "intent" and asked.calls == []
    assert "reply say" in asked.reply
    done = assistant.agent.run("one works for me", assistant.sessions.last())
    assistant.close()
    (call,) = done.calls
    assert (call.tool, call.outcome) == ("mail_reply", "ok"), call
    assert len(approver.asked) == 1 and model.seen == []
    ((sender, recipients, data),) = smtp.received
    reply = email.message_from_bytes(data, policy=email.policy.default)
    assert (sender, recipients) == (ADDRESS, ["bob@smith.example"])
    assert reply["In-Reply-To"] == "<lunch-2@smith.example>"
    assert reply.get_content().strip() == "one works for me"  # the answer, as given
