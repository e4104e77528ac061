"""Email as people say it: each need said many ways, behind every plugin, as botpsy runs it.

The needs: send someone a message (an email, a note, a line, a greeting), start a new
email to be filled in (with or without whom), check what came, read one, search, reply,
and look up or keep an address (the contacts'). Every request is invented; they vary the
verb, the noun ("e mail", "note", "line", "hello"), the order (a name first or last), a
request cut off before the name, fillers and spoken forms. Near-misses (notes to self,
texts, code, the address book) must not become an email. The assistant is set up as
the eval sets it up: a mail account and Home Assistant stand-ins, no model.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.api import plain_request
from assistant.app import build_assistant
from assistant.config import Config
from assistant.evals.slurp import eval_config, isolated
from assistant.policy import Approval
from tests.helpers import RecordingApprover


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    home: Path = tmp_path_factory.mktemp("home")
    with isolated(home):
        built = build_assistant(
            eval_config(Config(), home), RecordingApprover(Approval(False)), dry_run=True
        )
        try:
            yield built
        finally:
            built.close()


def _match(assistant: Any, text: str) -> Any:
    return assistant.agent.intents.match(plain_request(text))


# (request, tool, arguments that must be there, what is asked for)
SAID = [
    # sending with something to say
    ("email ana that the boiler is fixed", "mail_send", {"to": "ana", "body": "The boiler is fixed."}, set()),
    ("send tomas a mail saying i'll be late", "mail_send", {"to": "tomas"}, set()),
    ("shoot an e mail to lena about the party saying bring snacks", "mail_send", {"to": "lena", "body": "Bring snacks."}, set()),
    ("write to my landlord that the heating is broken", "mail_send", {"to": "my landlord"}, set()),
    ("let ana know by email that dinner's at eight", "mail_send", {"to": "ana"}, set()),
    ("send a note to tomas saying thanks for the book", "mail_send", {"to": "tomas", "body": "Thanks for the book."}, set()),
    ("drop ana a line saying happy birthday", "mail_send", {"to": "ana", "body": "Happy birthday."}, set()),
    ("send a hello to ana", "mail_send", {"to": "ana", "body": "Hello."}, set()),
    ("say hi to lena by email", "mail_send", {"to": "lena", "body": "Hi."}, set()),
    ("send my best wishes to ana", "mail_send", {"to": "ana", "body": "Best wishes."}, set()),
    ("send congratulations to my sister", "mail_send", {"to": "my sister", "body": "Congratulations."}, set()),
    ("could you write a quick note to the plumber saying the gate code is 4411", "mail_send", {"to": "the plumber"}, set()),
    # someone, nothing to say yet: asked
    ("drop tomas a line", "mail_send", {"to": "tomas"}, {"body"}),
    ("write a note to ana about the party", "mail_send", {"to": "ana"}, {"body"}),
    ("send a thank you note to the caterer", "mail_send", {"to": "the caterer"}, {"body"}),
    ("e mail ana", "mail_send", {"to": "ana"}, {"body"}),
    ("open new email to my coworker", "mail_send", {"to": "my coworker"}, {"body"}),
    # a new email, nobody named: both asked
    ("open a new mail", "mail_send", {}, {"to", "body"}),
    ("start a blank email", "mail_send", {}, {"to", "body"}),
    ("compose a new message", "mail_send", {}, {"to", "body"}),
    ("send an email to", "mail_send", {}, {"to", "body"}),
    ("email to", "mail_send", {}, {"to", "body"}),
    ("send a hello to", "mail_send", {"body": "Hello."}, {"to"}),
    # reading, checking
    ("what does lena's email say", "mail_read", {"message": "lena"}, set()),
    ("what's in bob's latest mail", "mail_read", {"message": "bob"}, set()),
    ("what did the landlord's email say", "mail_read", {"message": "landlord"}, set()),
    ("read the email from ana", "mail_read", {"message": "ana"}, set()),
    ("any new emails", "mail_check", {}, set()),
    ("has tomas written back", "mail_check", {"sender": "tomas"}, set()),
    ("find emails about the invoice", "mail_search", {"text": "invoice"}, set()),
    ("what did the bank send me", "mail_read", {"message": "bank"}, set()),
    ("open the email about the concert", "mail_search", {"text": "concert"}, set()),
    ("read me the mail regarding the lease", "mail_search", {"text": "lease"}, set()),
    ("email my mum happy birthday", "mail_send", {"to": "my mum", "body": "Happy birthday."}, set()),
    ("message tomas by email that the meeting is off", "mail_send", {"to": "tomas"}, set()),
    ("write ana that i'm late", "mail_send", {"to": "ana", "body": "I'm late."}, set()),
    ("write my boss saying i'm sick", "mail_send", {"to": "my boss"}, set()),
    # replies
    ("reply to ana saying sounds good", "mail_reply", {"message": "ana", "body": "Sounds good."}, set()),
    ("write back to lena that i'll be there", "mail_reply", {"message": "lena"}, set()),
    # the address book is the contacts'
    ("what's tomas's email address", "contacts_find", {"name": "tomas"}, set()),
]  # fmt: skip


@pytest.mark.parametrize(("text", "tool", "arguments", "asked"), SAID)
def test_mail_as_people_say_it(
    assistant: Any, text: str, tool: str, arguments: dict[str, str], asked: set[str]
) -> None:
    match = _match(assistant, text)
    assert match is not None and match.tool == tool, (text, match)
    for key, value in arguments.items():
        assert str(match.arguments.get(key, "")).lower() == value.lower(), (text, match)
    assert set(match.missing) == asked, (text, match)


NOT_MAIL = [
    "make a note to buy milk",
    "write a note to remember the milk",
    "write a line of code",
    "send a hi to ana by text",
    "send a text to ana",
    "what is tomas's email",  # the address: the contacts'
    "say hello to my little friend",
    "new email",  # what came, not one to write
    "open the new email",
    "write my essay",
    "write down that i'm late",
    "write in the notes that the door is open",
    "write a poem",
]


@pytest.mark.parametrize("text", NOT_MAIL)
def test_near_misses_are_not_an_email_to_send(assistant: Any, text: str) -> None:
    match = _match(assistant, text)
    assert match is None or match.tool != "mail_send", (text, match)
