"""The one shared spoken-request normaliser every intent matcher sees through."""

from __future__ import annotations

import pytest

from assistant.api import plain_request, without_name
from assistant.intents import IntentMatch, IntentRegistry


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("hey botpsy, could you please water the ferns thanks.", "water the ferns"),
        ("ok google start the kettle", "start the kettle"),
        ("siri what is on my list", "what is on my list"),
        ("so um can you pause the radio please", "pause the radio"),
        ("i'd like you to archive the receipts", "archive the receipts"),
        ("i would like you to sort the photos", "sort the photos"),
        ("go ahead and dim the hall", "dim the hall"),
        ("would u  kindly   lock the door!", "lock the door"),
        ("is the kettle on please?", "is the kettle on?"),
    ],
)
def test_the_way_of_asking_is_taken_off(said: str, plain: str) -> None:
    assert plain_request(said) == plain


@pytest.mark.parametrize(
    "said",
    [
        "answer with thanks",  # what to say, not politeness
        "tell them thank you",
        "answer the invitation saying no thanks",
        "i want to cancel the order",  # read in its domain
        "help me with the budget",
        "google the opening hours",  # a verb; only "hey google" is a name
    ],
)
def test_words_that_carry_the_request_stay(said: str) -> None:
    assert plain_request(said) == said


def test_a_request_of_nothing_but_courtesy_is_kept() -> None:
    assert plain_request("thank you.") == "thank you"
    assert plain_request("hello") == "hello"
    assert plain_request("hi there") == "hi there"
    assert plain_request("hi there, what can you do") == "what can you do"


def test_matchers_receive_the_plain_request() -> None:
    seen: list[str] = []

    def record(text: str) -> IntentMatch | None:
        seen.append(text)
        return None

    registry = IntentRegistry()
    registry.register_callback("demo")("record", record)
    registry.match("Hey Siri, could you please feed the cat. ")
    assert seen == ["feed the cat"]


_LAMP_COMMANDS = r"turn|switch|dim"


@pytest.mark.parametrize(
    ("said", "left"),
    [
        ("mia turn off the lamp", "turn off the lamp"),
        ("kit, dim the lamp", "dim the lamp"),
        ("please turn off the lamp", "please turn off the lamp"),  # a word of the request
        ("then turn off the lamp", "then turn off the lamp"),
        ("mia the lamp is on", "mia the lamp is on"),  # no command follows the name
        ("hall switch the lamp on", "hall switch the lamp on"),  # the domain's own word
    ],
)
def test_a_name_said_before_a_command_is_taken_off(said: str, left: str) -> None:
    assert without_name(said, _LAMP_COMMANDS, frozenset({"hall"})) == left
