"""Session 12, the model path: which tool the assisted starter is offered when several could do.

The starter model, left to choose among tools, takes about the first it is shown (5 of 6
wrong on the requests measured), so the harness decides by general mechanisms before the
model is asked: a tool's verb counts only as the request's verb; asking how a thing is done
is a question of knowledge; "find and delete" asks for the deleting; "list" said as a thing
(`my list`) is evidence for the tools that keep lists; a request with no verb of ours that
ties tools that read and tools that change is offered only the reading ones; a question is
not offered a tool whose action its words do not say unless it names it; when tools stay
equal, the best is shown first. These cases run against the real definitions of every
built-in plugin (mail and Home Assistant with stand-in accounts, as `botpsy eval` loads
them; nothing is contacted) through the strategy's own `offer`. Every request is invented.
"""

from __future__ import annotations

import pytest

from assistant.assisted.assist import assisted_tools
from assistant.assisted.selection import (
    READS,
    _plain,
    _verb_words,
    request_action,
    score_tools,
    tool_action,
)
from tests.helpers import Definitions, definition_of, offered

# (request, what is offered): "?tool" is the tool the user is asked a value for; "" none.
CASES = [
    # a tool's verb said, but not as the request's verb, says nothing of the tool's job
    ("work out a close estimate of the total", ""),
    ("get the bread off the top shelf", ""),
    ("close the garage door", "?home_close"),
    # asking how a thing is done asks for knowledge, not for the doing
    ("how to shuffle the songs", ""),
    ("how can i skip a track", ""),
    ("how do i pause the music", ""),
    # finding comes before the act asked for
    ("find and cancel my dentist appointment", "calendar_delete_event"),
    ("look up and delete the gym alarm", "alarm_delete"),
    # "set" and "make" open a request to change something, though they are stop words
    ("make a meeting with ana on friday at noon", "calendar_create_event"),
    # a question is not offered the player, which no word of it names
    ("do you hear the tunes from that album", ""),
    # "list" said as a thing: an item on a list, or a whole list
    ("drop the eggs from the list", "task_delete"),
    ("remove the butter from my shopping list", "task_delete"),
    ("cross bread off my list", "task_complete"),
    ("which lists have i got", "list_lists"),
    ("delete the whole packing list", "list_delete"),
    ("start a new packing list", "list_create"),
    ("rename the packing list to trip", "list_rename"),
    # "list" the verb is still a verb
    ("list my meetings for friday", "calendar_list_events"),
    ("can you list my alarms", "alarm_list"),
    ("please list my tasks", "task_list"),
    # a family's word comes from what its tools say, not from the examples they quote
    ("delete the reminder to call mom", "task_delete"),
    # asked for the tool the request is most about
    ("wake up alarm", "?alarm_set"),
]


@pytest.mark.parametrize(("request_text", "wanted"), CASES, ids=[c[0] for c in CASES])
def test_a_request_is_offered_the_tool_that_does_what_it_asks(
    request_text: str, wanted: str, builtins: Definitions
) -> None:
    assert offered(request_text, builtins) == ({wanted} if wanted else set())


# a request whose verb no tool knows, tying tools that add, remove and read: no change is
# guessed ("strike" the batteries: add them or take them off?)
NO_GUESSED_CHANGE = [
    "strike the batteries from the packing list",
    "take milk off my shopping list",
    "throw away the camping list",
    "calendar events",
]


@pytest.mark.parametrize("request_text", NO_GUESSED_CHANGE)
def test_no_verb_of_ours_offers_no_change(request_text: str, builtins: Definitions) -> None:
    names = offered(request_text, builtins)
    assert all(tool_action(definition_of(builtins, n.lstrip("?"))) in READS for n in names), names


def test_a_verbless_naming_is_still_read(builtins: Definitions) -> None:
    assert offered("calendar events", builtins) == {"calendar_list_events"}


def test_the_verb_opens_with_set_and_make_and_a_range_is_no_value() -> None:
    assert request_action("set event for the team lunch") == "write"
    assert request_action("make a meeting with ana") == "write"
    assert request_action("set the volume to three") == "write"
    assert request_action("brightness to fifty") == "write"  # a value to set
    assert request_action("integrate x squared from one to three") != "write"  # a range


def test_list_is_a_thing_after_a_word_and_a_verb_first_or_in_a_name() -> None:
    assert "itemlist" in _plain("remove milk from my shopping list")
    assert "itemlist" in _plain("the list is long")
    assert "itemlist" not in _plain("list my meetings")
    assert "itemlist" not in _plain("can you list my alarms")
    assert "itemlist" not in _plain("a list of good films")  # things of a kind, kept nowhere
    assert _plain("alarm_list") == ["alarm", "list"]
    assert "itemlist" not in _plain("task list_name")
    assert "playlist" in _plain("give me a play list")
    # an item on a list, said with its preposition, is an item
    assert "item" in _plain("take the eggs off my list")


def test_a_name_opens_with_its_family(builtins: Definitions) -> None:
    assert tool_action(definition_of(builtins, "list_create")) == "write"
    assert tool_action(definition_of(builtins, "list_delete")) == "remove"
    assert tool_action(definition_of(builtins, "list_lists")) == "list"
    assert tool_action(definition_of(builtins, "alarm_list")) == "list"
    assert tool_action(definition_of(builtins, "calendar_list_events")) == "list"


def test_verb_words_do_not_depend_on_set_order(builtins: Definitions) -> None:
    """Joined in a set's order, "delete list" read as a list to delete: each verb alone."""
    assert "itemlist" not in _verb_words(definition_of(builtins, "list_delete"))
    assert _verb_words(definition_of(builtins, "alarm_delete")) >= {"delet", "off"}


def test_equals_are_shown_best_first(builtins: Definitions) -> None:
    """The starter takes the first tool it is shown: among those left, the best leads."""
    for request in ("is the music playing", "strike the batteries from the packing list"):
        tools, _ = assisted_tools(request, builtins)
        assert len(tools) > 1
        scores = {s.name: s.score for s in score_tools(request, tools)}
        shown = [scores[d["function"]["name"]] for d in tools]
        assert shown == sorted(shown, reverse=True)
