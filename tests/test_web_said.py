"""Live questions as people say them, behind every plugin, as botpsy runs them.

Each need the web plugin serves (the news by topic, source or place; getting around:
trains, traffic, timetables, directions; places and things to do near by; food places
and what they deliver) is said many ways: questions, commands and bare fragments, with
and without "the", "any", "my", spoken numbers, fillers. All are invented here. Their
near-misses (chit-chat, knowledge, the user's own things, orders and bookings, the
weather) must not reach the web; orders and bookings get an honest decline instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from assistant.api import plain_request
from assistant.scope import decline
from tests.helpers import builtin_assistant


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin, in load order; a fresh home so nothing real is read."""
    with builtin_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _tool(assistant: Any, text: str) -> str | None:
    match = assistant.agent.intents.match(plain_request(text))
    return None if match is None else match.tool


NEWS = [
    "headlines",
    "whats in the news today",
    "give me the sports headlines",
    "tech news please",
    "any news on the harbour strike",
    "news from portugal",
    "what are the headlines in spain this morning",
    "what is the harbour gazette saying about the budget",
    "what are the critics saying about the new bridge",
    "latest from the bbc",
    "tell me the latest on the ferry strike",
    "update me on the council vote",
    "fill me in on the tram inquiry",
    "has there been an earthquake today",
    "any protests in the old town this week",
    "the strike latest",
    "most recent reports on the flooding",
    "what's up with the rail strike",
    "any word on the election results",
    "who won the rowing last night",
    "tell me about the ferry strike",
    "what's in the paper today",
    "who resigned from the council today",
    "did the mayor step down",
]
MARKETS = [
    "what is the euro at",
    "how much is fifty quid in dollars",
    "how much is gold per ounce",
    "what's acme stock at",
    "how are tech stocks doing",
    "how did the markets close today",
]
GETTING_AROUND = [
    "when does the next train to harbourtown leave",
    "train times to the coast tomorrow",
    "is the seven fifteen ferry running late",
    "what time is the last bus home",
    "bus timetable for route nine",
    "how is the traffic on the ring road",
    "any accidents on the coast road this morning",
    "traffic report",
    "is there a jam on the bridge",
    "how long will it take to drive to the airport",
    "how long is the walk to the lighthouse",
    "how do i get from the pier to the castle",
    "what's the quickest way to drive to the old town",
    "directions to the nearest petrol station",
    "give me directions to king street",
    "which platform does the harbourtown train leave from",
    "when does my flight land",
    "are there delays on the tram",
    "how far away is the airport",
    "we are lost how do i get to the station",
    "is flight ab one two three delayed",
    "is the motorway clear",
    "how busy is the ring road",
    "what's the fare to the city centre",
    "how much does it cost to fly to madeira",
    "how's my drive to work looking",
    "is there parking at the station",
]
PLACES_AND_THINGS_TO_DO = [
    "recommend a good noodle bar",
    "is there a pharmacy close by",
    "where's the nearest cash machine",
    "i'm looking for a vegan restaurant",
    "any recommendations for a steakhouse in the old town",
    "find a coffee shop with wifi",
    "which pubs show the rugby",
    "somewhere nice for a birthday dinner",
    "i'm starving where can we eat",
    "i'm bored what is there to do around here",
    "what's good to do in harbourtown",
    "what can we do with the kids this weekend",
    "any live music tonight",
    "what shows are on at the theatre",
    "are there any markets on sunday",
    "give me some ideas for a day out",
    "top rated pizza places",
    "where can i go dancing tonight",
    "what are the must see landmarks in lisbon",
    "fun activities for a rainy afternoon indoors",
]
FOOD_PLACES = [
    "does the noodle bar on king street deliver",
    "what time does the curry house close",
    "is the chip shop open now",
    "show me the menu of the burger bar",
    "which restaurants deliver to the old town",
    "how much is delivery from the pizzeria",
    "any places doing takeout near me",
    "find a takeaway that's open late",
]


# The news as a noun phrase with a time or a head after it, by kind, gossip and what people say,
# how a story is going, and the stories by size.
NEWS_SAID_MORE = [
    "science news today",
    "gardening news lately",
    "harbour strike update",
    "latest gossip",
    "what's the gossip about the film festival",
    "any stories about the new mayor",
    "what are people saying about the ferry fares",
    "what's the buzz about the new stadium",
    "what's the word on the merger",
    "how is the strike going",
    "how are the peace talks going",
    "give me the latest tech updates",
    "the most recent science stories",
    "the biggest stories today",
    "inform me about the latest in medicine",
    "what is the outcome of the council vote",
]
# What the news is about may name a thing that is elsewhere the user's own ("email", "podcast",
# "list"), and the user may be asked ("have you heard"), or ask about where they live.
NEWS_ABOUT_ANYTHING = [
    "any news about the email scandal",
    "news about the task force",
    "headlines about the radio station sale",
    "news on the podcast industry",
    "do you have any news about the strike",
    "have you heard about the earthquake",
    "what news do you have for me",
    "news in my state",
    "what's happening in my region",
    "news about my company",
    "play the news",
    "put on the news",
    "open today's news",
    "play the harbour gazette headlines",
    "let me hear the news",
    "may i have the headlines",
    "i'd love to hear the news",
    "what about the election",
    "what's my news today",
]
# Shares and currencies named by their finance words, whatever the company or the amount.
MARKETS_SAID_MORE = [
    "stock price of globex",
    "globex stock price",
    "acme share value",
    "what did globex close at",
    "the closing price of globex",
    "how is acme trading today",
    "how has globex performed this week",
    "how is acme doing on the stock market",
    "is globex up or down",
    "how much does a globex share cost",
    "change twenty dollars to euros",
    "how many euros do i get for a hundred dollars",
    "how strong is the pound",
    "exchange rate euro to rupee",
]
# Events and places by what one wants to do there, recommended or suggested.
PLACES_SAID_MORE = [
    "recommend me an event",
    "suggest an event for tonight",
    "any fun events nearby",
    "is anything fun happening this weekend",
    "whats a fun thing to do",
    "where can i eat sushi",
    "where should we go shopping",
    "where can we grab a coffee",
    "where to have a drink in the old town",
    "what do you recommend for dinner around here",
    "suggest a nice restaurant for my anniversary",
    "where should we go on holiday",
    "where could we go on my vacation",
    "get me some recommendations for dinner",
    "get me some ideas for the weekend",
    "i want to go to a concert",
    "any good hiking trails near the city",
    "how many miles to the coast",
    "how much would an uber to the airport cost",
]


@pytest.mark.parametrize(
    "text",
    NEWS
    + MARKETS
    + GETTING_AROUND
    + PLACES_AND_THINGS_TO_DO
    + FOOD_PLACES
    + NEWS_SAID_MORE
    + NEWS_ABOUT_ANYTHING
    + MARKETS_SAID_MORE
    + PLACES_SAID_MORE,
)
def test_live_questions_reach_the_web(assistant: Any, text: str) -> None:
    assert _tool(assistant, text) == "web_research", text


NOT_THE_WEB = [
    # chit-chat the model answers (questions of fact now go to the web: tests/test_facts_search.py)
    "how are you doing today",
    "tell me a joke",
    "i'm sad what should i do",
    "how long does it take to boil an egg",
    "what's the best way to learn french",
    "how long until new year",
    "what did mum say about dinner",
    "where should i go from here in life",
    "can i go to the party",
    "how do i go to sleep faster",
    "the road to success",
    "how long was my walk",
    "did i leave the oven on",
    "have i finished the report",
    "i made a few bucks today",
    "what is five times seven",
    # the user's own things, and other tools'
    "what's on my calendar this weekend",
    "read my latest email",
    "play the news podcast",
    "remind me to check the train times",
    "add the jazz concert to my calendar on friday at 8pm",
    "i'm taking the bus to work",
    # orders and bookings: declined, never looked up
    "order a pizza from the pizzeria",
    "book me a train ticket to harbourtown for friday",
    "get me a cab to the station",
    "is my order from the noodle bar ready",
    # the weather is the weather plugin's
    "is it a good day for the beach",
    "will it rain in harbourtown tomorrow",
    # near-misses of the shapes above
    "tell me a story about dragons",
    "what is the result of five plus three",
    "i hate the news",
    "today is a good day",
    "what's new with you",
    "what do you recommend",
    "do you recommend it",
    "where did i park my car",
    "what place is this",
    "latest from the inbox",
    "any news in the mail",
    "what hotel are we staying at",
    "what's the status of the washing machine",
    "book the news",
    "play the song news",
    "can i have the bill",
    "let me read my email",
    "delete the news",
    "what's the status of my order",
    "how are the kids",
    "i love gossip",
    "stock up on milk",
    "did the kids go up to bed",
    "what's the word for happy in french",
    "news in my mail",
    "any news in my inbox",
    "what's new on my list",
    "play the news podcast",
    "do you have a name",
    "have you seen my keys",
    "how many miles did i walk today",
    "where should i go from here",
]


@pytest.mark.parametrize("text", NOT_THE_WEB)
def test_near_misses_do_not_reach_the_web(assistant: Any, text: str) -> None:
    assert _tool(assistant, text) != "web_research", text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("order a large pizza from the pizzeria", "order, book or buy things"),
        ("i want to order thai food", "order, book or buy things"),
        ("can you order us some curry", "order, book or buy things"),
        ("i'd like some noodles delivered", "order, book or buy things"),
        ("book me a train ticket to harbourtown for friday", "order, book or buy things"),
        ("buy two tickets for the concert", "order, book or buy things"),
        ("reserve two seats on the ferry", "order, book or buy things"),
        ("i need a cab at six", "order, book or buy things"),
        ("call us a taxi for tomorrow morning", "order, book or buy things"),
        ("is my order ready", "track your orders or deliveries"),
        ("where is my food", "track your orders or deliveries"),
        ("what's the status of my pizza order", "track your orders or deliveries"),
        ("when will my delivery arrive", "track your orders or deliveries"),
        ("follow the news about the harbour strike", "watch for news or changes for you"),
        (
            "let me know if anything happens with the council vote",
            "watch for news or changes for you",
        ),
        ("keep me posted on the rail strike", "watch for news or changes for you"),
        ("tell me if this is a good idea", None),
        ("tell me if this story makes sense", None),
        ("have you had lunch", None),
        ("i want to know what's for dinner", None),
        ("is my dinner healthy", None),
        ("i fancy a curry tonight", "order, book or buy things"),
        ("what's my favourite food", None),
        ("i need lunch ideas", None),
        ("what should i have for dinner", None),
        ("the book is on the table", None),
        ("have a nice day", None),
    ],
)
def test_orders_and_bookings_are_declined_honestly(
    assistant: Any, text: str, says: str | None
) -> None:
    """No tool orders, books, tracks or watches: one plain line, and what botpsy can do instead."""
    request = plain_request(text)
    assert _tool(assistant, text) is None, text  # no intent takes it; the decline is next
    reply = decline(request, [tool.definition() for tool in assistant.agent.tools])
    if says is None:
        assert reply is None, reply
    else:
        assert reply is not None and reply.startswith(f"I can't {says} yet"), reply
        assert "on the web instead" in reply or "ask me for the latest" in reply.lower()
