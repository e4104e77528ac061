"""The model path: no change (nor a question for one) the user never asked for.

An assisted model must call whatever it is offered, so a tool offered for a request that
says no action of ours ("bookings", "reminders") is a wrong call: it acts, or asks approval
of nonsense, where an answer in words is right. These cases run against the real
definitions of every built-in plugin through the strategy's own `offer`, and through
`first_turn` with the scripted model proposing the wrong call itself (a stand-in for the
starter: no GGUF is loaded, the point is what the harness lets through). Every request is
invented, about botpsy's own tools or plain talk.
"""

from __future__ import annotations

import pytest

from assistant.assisted.assist import AssistedStrategy
from assistant.assisted.selection import (
    READS,
    explanation,
    names_its_thing,
    request_action,
    tool_action,
)
from assistant.messages import Message
from assistant.models.base import GenerationOptions
from assistant.models.scripted import ScriptedModel
from tests.helpers import Definitions, definition_of, offered


def _call(name: str, **arguments: str) -> str:
    body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in arguments.items())
    return f"<tool_call>\n<function={name}>\n{body}</function>\n</tool_call>"


# -- a request naming only a tool's verb, or nothing but when, says no change ----------------
UNASKED = [
    "bookings",
    "reminders",
    "notes",
    "bookings this week",
    "reminders for later",
]


@pytest.mark.parametrize("request_text", UNASKED)
def test_no_action_said_offers_no_change_and_asks_nothing(
    request_text: str, builtins: Definitions
) -> None:
    assert request_action(request_text) == ""
    names = offered(request_text, builtins)
    changes = [n for n in names if tool_action(definition_of(builtins, n.lstrip("?"))) not in READS]
    assert changes == [] and not any(n.startswith("?") for n in names), names


# the same things, asked with a verb of ours, or naming the thing a tool makes: still served
ASKED = [
    ("remind me", "?task_add"),
    ("remind me to water the ferns", "task_add"),
    ("add a meeting", "?calendar_create_event"),
    ("book a table", "?calendar_create_event"),
    ("timer", "?timer_set"),
    ("a timer", "?timer_set"),
    ("save this number", "?contacts_add"),
]


@pytest.mark.parametrize(("request_text", "wanted"), ASKED, ids=[c[0] for c in ASKED])
def test_an_asked_change_is_still_offered_or_asked_for(
    request_text: str, wanted: str, builtins: Definitions
) -> None:
    assert offered(request_text, builtins) == {wanted}


def test_a_thing_the_tool_changes_may_say_the_change_without_our_verb(
    builtins: Definitions,
) -> None:
    """ "the hall lights purple": no verb, but what the light tool changes, and a value."""
    light = definition_of(builtins, "home_light_set")
    assert request_action("lights purple") == ""
    assert explanation("lights purple", light, builtins) == "about"
    assert offered("lights purple", builtins) == {"home_light_set"}


def test_a_thing_is_a_noun_of_the_name_not_a_verb(builtins: Definitions) -> None:
    assert names_its_thing("timer", definition_of(builtins, "timer_set"))
    assert names_its_thing("kitchen light", definition_of(builtins, "home_light_set"))
    assert not names_its_thing("bookings", definition_of(builtins, "calendar_create_event"))
    assert not names_its_thing("reminders", definition_of(builtins, "task_add"))


# -- a tool shared only by the request's first word, not said as our verb, is no evidence ------
FIRST_WORD_ONLY = [
    "forecast markets",
    "forecast of the election",
    "forecast exchange rates",
]


@pytest.mark.parametrize("request_text", FIRST_WORD_ONLY)
def test_a_first_word_not_said_as_a_verb_offers_nothing(
    request_text: str, builtins: Definitions
) -> None:
    weather = definition_of(builtins, "weather_forecast")
    assert explanation(request_text, weather, builtins) == "verb"
    assert offered(request_text, builtins) == set()


def test_the_players_verb_still_plays_a_thing_no_tool_names(builtins: Definitions) -> None:
    """`media_play` has no action of its own to mistake "play" for."""
    assert offered("play the jazz station", builtins) == {"media_play"}


# -- the model proposing the wrong call itself: the harness does not run it -------------------
WRONG_CALLS = [
    ("bookings", _call("calendar_create_event", title="bookings", start="tomorrow 9am")),
    ("reminders", _call("task_add", title="reminders")),
    ("forecast markets", _call("weather_forecast")),
]


@pytest.mark.parametrize(("request_text", "proposed"), WRONG_CALLS, ids=[c[0] for c in WRONG_CALLS])
def test_a_proposed_wrong_call_is_not_made_and_nothing_is_asked(
    request_text: str, proposed: str, builtins: Definitions
) -> None:
    model = ScriptedModel([proposed + "\nI can answer that in words."])
    turn = AssistedStrategy().first_turn(
        model, [Message("user", request_text)], builtins, GenerationOptions()
    )
    assert model.seen_tools == [[]]  # it was shown no tool
    assert turn.tool_calls == [] and turn.asks == ""


def test_a_proposed_call_for_an_asked_change_is_made(builtins: Definitions) -> None:
    """The gate's other side: with our verb and the values, the model's call stands."""
    model = ScriptedModel([_call("task_add", title="water the ferns")])
    turn = AssistedStrategy().first_turn(
        model,
        [Message("user", "remind me to water the ferns")],
        builtins,
        GenerationOptions(constrain_calls=False),
    )
    assert [t["function"]["name"] for t in model.seen_tools[0]] == ["task_add"]
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("task_add", {"title": "water the ferns"})
    ]
