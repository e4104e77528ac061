"""The gate before an assisted model is offered a tool: the tool must explain the request.

An assisted model (the starter) calls whatever it is offered, so offering a tool that shares
only the request's verb ("add", "save", "delete") or a word of when is a wrong call; with no
tool the model answers in words. These cases run against the real definitions of every
built-in plugin (mail and Home Assistant with stand-in accounts, as `botpsy eval` loads them;
nothing is contacted), through the strategy's own `offer`, and against small invented tools
for the rule itself. Every request is invented, about botpsy's own tools.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.assisted.selection import about_words, explains, score_tools
from tests.helpers import Definitions, offered

# Requests for botpsy's own tools: the gate lets the tool through (the verb is the tool's
# own, what the request is about is the tool's, or the values are the tool's).
OWN = [
    ("remind me to water the plants", "task_add"),
    ("hey juno remind me to water the plants on sunday", "task_add"),
    ("add oat milk to my shopping list", "task_add"),
    ("add dentist friday 3pm", "calendar_create_event"),
    ("add a dentist appointment on friday at 3pm to my calendar", "calendar_create_event"),
    ("cancel my dentist appointment", "calendar_delete_event"),
    ("delete the gym alarm", "alarm_delete"),
    ("turn off the kitchen lights", "home_turn_off"),
    ("lock the front door", "home_lock"),
    ("will it rain tomorrow", "weather_forecast"),
    ("play some jazz", "media_play"),
    ("what song is playing right now", "media_now_playing"),
    ("send an email to bob saying i'll be late", "mail_send"),
    ("forward the invoice email to carol", "mail_forward"),
    ("any new mail from bob", "mail_check"),
    ("find the file about taxes", "files_find"),
    ("move notes.txt to the archive folder", "files_move"),
    ("search the web for cheap flights to rome", "web_search"),
    ("what time is it in tokyo", "time_now"),
    ("what's the date today", "time_now"),
    ("how much disk space do i have", "disk_space"),
    ("set the volume to forty", "volume_set"),
    ("save bob's number 555 1234", "contacts_add"),
    ("mark the task buy milk as done", "task_complete"),
    ("open firefox", "open_app"),
    ("how long is left on my timer", "alarm_list"),
]


@pytest.mark.parametrize(("request_text", "tool"), OWN, ids=[c[0] for c in OWN])
def test_a_request_for_a_tool_is_still_offered_it(
    request_text: str, tool: str, builtins: Definitions
) -> None:
    assert tool in offered(request_text, builtins)


# Requests that share a word with a tool but are not its job: chit-chat, questions, and other
# domains' things said with a common verb. (request, tools that must not be offered)
NOT_THEIRS = [
    # a verb many tools share, about another family's thing
    ("save this song to my favourites", {"contacts_add", "mail_draft"}),
    ("add this podcast to my playlist", {"task_add", "calendar_create_event"}),
    ("add this track to the playlist", {"task_add", "calendar_create_event"}),
    ("delete the contact for dave", {"files_delete", "mail_delete", "task_delete"}),
    ("start a conversation about cats", {"open_app", "timer_set"}),
    # a verb many tools share, about nothing any tool serves, with no value a tool takes
    ("cancel my streaming subscription", {"alarm_delete", "calendar_delete_event"}),
    # a word that only looks like a tool's ("complaint" is not "complete")
    ("file a complaint with the airline", {"task_complete", "files_find", "files_move"}),
    # a question changes nothing: no tool that would
    ("did anna mark the report as final", {"mail_mark", "task_complete"}),
    # a tool about time needs a word of when
    ("what's next juno", {"time_now"}),
]


@pytest.mark.parametrize(("request_text", "tools"), NOT_THEIRS, ids=[c[0] for c in NOT_THEIRS])
def test_a_request_about_something_else_is_not_offered_the_tool(
    request_text: str, tools: set[str], builtins: Definitions
) -> None:
    assert not offered(request_text, builtins) & tools


CHAT = [
    "i had a long day at work",
    "tell me a joke about alarms",
    "who invented the light bulb",
    "what is a timer",
    "is a tomato a fruit",
    "sing me a song",
    "can you dance",
    "what is the meaning of schedule",
]


@pytest.mark.parametrize("request_text", CHAT)
def test_chit_chat_and_knowledge_get_no_tool(request_text: str, builtins: Definitions) -> None:
    assert offered(request_text, builtins) == set()


def tool(name: str, description: str) -> dict[str, Any]:
    """An invented tool taking one free-text value."""
    return {"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": {
                "text": {"type": "string", "description": "What to keep."}},
                "required": ["text"]}}}  # fmt: skip


NOTE = tool("note_add", "Add (jot) a note to the notebook.")
SONG = tool("song_like", "Like the song playing now, or rate a track.")
PHOTO = tool("photo_add", "Add a photo to an album.")
TOOLS = [NOTE, SONG, PHOTO]


def test_a_verb_many_tools_share_is_not_evidence_alone() -> None:
    """ "add" names both adders: the request's thing must be one of theirs."""
    assert not explains("add a sprinkle of salt", NOTE, TOOLS)
    assert not explains("add a sprinkle of salt", PHOTO, TOOLS)
    assert explains("add milk to the notebook", NOTE, TOOLS)
    assert explains("add the beach photo", PHOTO, TOOLS)


def test_a_verb_only_one_tool_names_carries_its_values() -> None:
    assert explains("jot down buy bread", NOTE, TOOLS)
    assert not explains("jot down buy bread", PHOTO, TOOLS)


def test_another_tools_thing_is_not_this_tools_even_with_its_verb() -> None:
    """ "add" is the note's verb, but a song is the song tool's thing."""
    assert not explains("add this song to my notebook stuff", PHOTO, TOOLS)
    assert not explains("jot this song down", NOTE, TOOLS)


def test_values_a_tool_takes_let_a_shared_verb_through() -> None:
    assert explains("add a sprinkle of salt", NOTE, TOOLS, takes_values=True)


def test_a_request_with_nothing_else_to_explain_passes() -> None:
    assert explains("add this", NOTE, TOOLS)
    assert about_words("add this") == set()


def test_when_words_and_picking_words_are_not_what_a_request_is_about() -> None:
    assert about_words("add the first one on friday at 3pm") == set()
    assert about_words("delete the gym alarm tomorrow") == {"gym", "alarm"}


def test_a_word_like_a_tool_word_is_not_that_word() -> None:
    """Two forms of one word meet ("completed"/"complete"); "complaint" is another word."""
    done = [{"function": {"name": "task_complete", "description": "Mark a task as done."}}]
    assert not score_tools("write a complaint", done)[0].relevant
    assert score_tools("completed the task", done)[0].relevant
