"""The weak domains said in general shapes: news, places and events, lists, the volume, ordering food.

Every row is invented (spoken, lower case, no punctuation), a family of phrasings per need
rather than one sentence per rule:

- news: a question naming a happening in its first words ("has the strike ended"); a news
  source read, shown or opened; what the news is about after its noun ("updates regarding").
  News to watch for later ("keep me posted on the strike") is declined honestly: botpsy keeps
  no watch.
- places and events: what is going on at a venue or an event, a kind of place asked for with any
  question word, a dish where it is served ("the best ramen in town").
- the volume: a sound made quiet, put to sleep, spoken too loudly; what the sound is of said
  last ("the volume on the music app"), why said after ("i can't hear").
- ordering food: one honest line (botpsy cannot order), never a tool call or the model.

Near misses that share the words but are chit-chat, another tool's or the user's own must not
move. The requests run through every built-in plugin in load order, with the eval's stand-in
mail account and Home Assistant; the model is the eval's stand-in (`NoModel`, an empty reply),
so a request no intent takes shows as "none" on the model path.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import eval_assistant


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin with a mail account and Home Assistant, as the eval sets them up."""
    with eval_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _first(assistant: Any, text: str) -> tuple[str, dict[str, Any], str]:
    """The first call (or the call waiting for an answer), its arguments, and the path."""
    result = assistant.agent.run(text, None, use_intents=True)
    if result.calls:
        return result.calls[0].tool, dict(result.calls[0].arguments), result.path
    session = assistant.sessions.load(result.session)
    if session is not None and session.pending:
        return session.pending["tool"], dict(session.pending["arguments"]), result.path
    return "none", {}, result.path


# -- news ----------------------------------------------------------------------------------------
# Watching for news later is another thing botpsy cannot do: one honest line (below).
NEWS_WATCHED = [
    "keep me posted on the harbour strike",
    "notify me about any news on the council vote",
    "alert me when there is news about the volcano",
    "let me know if anything happens with the election",
]
NEWS_HAPPENINGS = [
    "has the dock strike ended",
    "is the election over yet",
    "what came of the warehouse fire",
    "when does the climate summit start",
    "how is the economy doing",
    "what has happened with the factory accident",
    "did the ferry strike finish",
    "where was the robbery last night",
    "updates regarding the flood in the valley",
    "reports concerning the data breach at the bank",
    "coverage involving the mayor",
]
NEWS_SOURCES = [
    "read me the tribune",
    "show me the herald",
    "i want to read the gazette",
    "what does the chronicle say this morning",
    "open the evening news",
    "pull up the financial times",
    "what's in the observer today",
]


@pytest.mark.parametrize("text", NEWS_HAPPENINGS + NEWS_SOURCES)
def test_news_is_looked_up(assistant: Any, text: str) -> None:
    tool, arguments, path = _first(assistant, text)
    assert (tool, path) == ("web_research", "intent"), (text, tool, arguments)
    said = arguments["question"]
    assert said.split()[-1] == text.split()[-1], (text, said)  # the request's own words


# -- places and events ---------------------------------------------------------------------------
PLACES_AND_EVENTS = [
    "what is happening at the fair this weekend",
    "whats going on at the stadium tonight",
    "what's on at that festival",
    "anything happening at the carnival",
    "what goes on at the expo",
    "list some clothing stores in the mall",
    "show me restaurants with vegan options",
    "which bakeries sell rye bread",
    "list some bars with live music",
    "are there cafes with wifi by the river",
    "the best ramen in town",
    "any good tacos near the station",
    "decent pizza places downtown",
    "where's good coffee near by",
    "cheap sushi around here",
]


@pytest.mark.parametrize("text", PLACES_AND_EVENTS)
def test_places_and_events_are_looked_up(assistant: Any, text: str) -> None:
    tool, arguments, path = _first(assistant, text)
    assert (tool, path) == ("web_research", "intent"), (text, tool, arguments)


# -- the volume ----------------------------------------------------------------------------------
VOLUME = [
    ("make the speakers quiet", "volume_set", {"level": "down"}),
    ("make my radio more quiet", "volume_set", {"level": "down"}),
    ("you are speaking too loudly", "volume_set", {"level": "down"}),
    ("speak less loudly", "volume_set", {"level": "down"}),
    ("put the speakers to sleep", "volume_mute", {"mute": True}),
    ("send the sound to sleep", "volume_mute", {"mute": True}),
    # what the sound is of, said last: the one volume this computer has
    ("turn the volume down on the music app", "volume_set", {"level": "down"}),
    ("lower the sound of this film", "volume_set", {"level": "down"}),
    ("raise the volume for the video call", "volume_set", {"level": "up"}),
    ("mute the audio in the browser", "volume_mute", {"mute": True}),
    # why, said after: "i can't", "i don't"
    ("make it louder i can't hear the words", "volume_set", {"level": "up"}),
    ("turn it down i don't want to wake the baby", "volume_set", {"level": "down"}),
]


@pytest.mark.parametrize(("text", "tool", "arguments"), VOLUME)
def test_volume_said_plainly(
    assistant: Any, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    assert _first(assistant, text) == (tool, arguments, "intent"), text


# -- ordering food: an honest decline ------------------------------------------------------------
ORDERS = [
    "order us a curry from the place on the corner",
    "get me some takeaway noodles",
    "i'd like to order takeout",
    "order two burgers and fries",
    "place an order with the pizzeria for eight",
    "i want a kebab delivered",
]


@pytest.mark.parametrize("text", ORDERS)
def test_ordering_food_is_declined_honestly(assistant: Any, text: str) -> None:
    result = assistant.agent.run(text, None, use_intents=True)
    assert (result.path, result.calls) == ("declined", []), text
    assert "can't order" in result.reply and "look up places that deliver" in result.reply


@pytest.mark.parametrize("text", NEWS_WATCHED)
def test_watching_for_news_is_declined_honestly(assistant: Any, text: str) -> None:
    result = assistant.agent.run(text, None, use_intents=True)
    assert (result.path, result.calls) == ("declined", []), (text, result.reply)
    assert "watch for news" in result.reply


# -- near misses ---------------------------------------------------------------------------------
NOT_LOOKED_UP = [
    "tell me a joke about the election",  # a joke
    "what do you think about the war",  # asked of botpsy
    "i hate the news",  # a remark
    "let me know when my parcel arrives",  # the user's own
    "follow my sister on twitter",  # someone else's network
    "alert me if i get an email from ana",  # the mail's
    "let me know when it's five o'clock",  # the clock's
    "i want to go to sleep",  # not the speakers
    "you are talking",
    "is there a waiting list at the dentist",  # some list, not one of ours
    "what's the best seller list",
    "what's the volume of a sphere",  # a sum, not the speakers
    "how do you work out the volume of a box",
    "the sound of rain",
    "breakfast in bed",  # a dish, but nowhere to go
    "pizza in the oven for twenty minutes",
    "wine in the fridge",
    "coffee in the morning",
]


@pytest.mark.parametrize("text", NOT_LOOKED_UP)
def test_near_misses_reach_no_tool(assistant: Any, text: str) -> None:
    tool, arguments, path = _first(assistant, text)
    assert tool == "none", (text, tool, arguments, path)


OTHER_TOOLS = [
    ("play my running playlist", "media_play"),
    ("remove milk from my shopping list", "task_delete"),
    ("what's on my camping list", "task_list"),
    ("keep an eye on the weather for me", "weather_forecast"),
    ("mute the speakers for ten minutes", "volume_mute"),
    ("remind me to read the news at six", "task_add"),
]


@pytest.mark.parametrize(("text", "tool"), OTHER_TOOLS)
def test_other_tools_keep_their_requests(assistant: Any, text: str, tool: str) -> None:
    assert _first(assistant, text)[0] == tool, text
