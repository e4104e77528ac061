"""Live questions go to the web; actions, the user's own things and chit-chat do not.

The matchers are tried alone (the web plugin's registry) and behind every built-in
plugin, in load order, as botpsy runs them. The end-to-end test asks the real CLI
against an HTTP server on 127.0.0.1 that answers SearXNG's JSON search API and
serves the pages (no SearXNG and no internet here, so a stand-in speaks its API
over real HTTP); botpsy's provider, fetcher and research run unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from botpsy_web import register_intents
from botpsy_web.intents import live_question, vocabulary
from botpsy_web.matchers import make_matchers

from assistant.app import build_assistant
from assistant.config import Config
from assistant.intents import IntentRegistry
from assistant.policy import Approval
from assistant.scope import decline
from tests.helpers import RecordingApprover
from tests.servers import search_site


def web_only() -> IntentRegistry:
    registry = IntentRegistry()
    register_intents(registry.register_callback("web"))
    return registry


@pytest.mark.parametrize(
    ("text", "topic", "question"),
    [
        # prices, rates and shares
        ("how much is one pound in yen", "markets", "how much is one pound in yen"),
        ("hey botpsy, convert fifty euros to dollars please", "markets", "convert fifty euros to dollars"),
        ("what's the exchange rate for the swiss franc", "markets", "what's the exchange rate for the swiss franc"),
        ("acme shares", "markets", "acme shares"),
        ("how is the stock market doing", "markets", "how is the stock market doing"),
        # the news, results
        ("any news about the harbour strike", "news", "any news about the harbour strike"),
        ("could you give me today's headlines", "news", "give me today's headlines"),
        ("did the rovers win last night", "news", "did the rovers win last night"),
        ("get me the latest on the bridge repairs", "news", "get me the latest on the bridge repairs"),
        # getting around
        ("when is the next ferry to the island", "local", "when is the next ferry to the island"),
        ("are the trains to harbourtown running late", "local", "are the trains to harbourtown running late"),
        ("how bad is my commute this morning", "local", "how bad is my commute this morning"),
        ("how do i get to the old lighthouse", "local", "how do i get to the old lighthouse"),
        ("how much is a bus ticket to the airport", "local", "how much is a bus ticket to the airport"),
        ("any delays on the coast road", "local", "any delays on the coast road"),
        # places, food, what is on
        ("are there any good bakeries around here", "local", "are there any good bakeries around here"),
        ("does the noodle bar on king street deliver", "local", "does the noodle bar on king street deliver"),
        ("what time does the harbour museum open on thursdays", "local", "what time does the harbour museum open on thursdays"),
        ("any concerts in the park this weekend", "local", "any concerts in the park this weekend"),
        ("what's on in harbourtown tonight", "local", "what's on in harbourtown tonight"),
        ("where should we go for dinner in the old town", "local", "where should we go for dinner in the old town"),
        ("jarvis, what are some cheap hotels near the station?", "local", "jarvis, what are some cheap hotels near the station"),
        # how things stand
        ("who is ahead in the sailing race right now", "current", "who is ahead in the sailing race right now"),
    ],
)  # fmt: skip
def test_live_questions_go_to_the_web(text: str, topic: str, question: str) -> None:
    match = web_only().match(text)
    assert match is not None, text
    assert match.tool == "web_research" and match.intent == f"web.{topic}"
    assert match.arguments == {"question": question}


@pytest.mark.parametrize(
    "text",
    [
        # the user's own things and actions: other tools' (or none botpsy has)
        "what's on my calendar this weekend",
        "what's on tomorrow",
        "add the jazz concert to my calendar",
        "remind me to check the ferry times",
        "what's on the party list",
        "email ana the news about the strike",
        "book a table at the nearest noodle bar",
        "get me a train ticket to harbourtown",
        "order a pizza from the closest pizzeria",
        "can i order a curry from the place around the corner",
        "is my order from the noodle bar ready",
        "play the news podcast",
        "i want to listen to the latest episode of the harbour podcast",
        "look up my emails from ana",
        "read me the latest message from the bank",
        "what are the opening hours on that page",  # the conversation's page: read it
        "the gate is open",  # said, not asked
        "let me know when the ferries are running again",  # a watch, not a look-up now
        "what have i been doing lately",
        "what's the best way to get rich",
        # chit-chat, maths, the time, the weather, devices: no web
        "i hate traffic",
        "what's on your mind",
        "what do you think about the news",
        "what are you doing right now",
        "what time is it right now",
        "what is the local time in tokyo",
        "what song is playing right now",
        "is it raining right now",
        "what is five plus seven",
        "convert fifty pounds to kilograms",
        "tell me a joke",
        "i need to keep the kids busy tell me what to do",
    ],
)
def test_what_is_not_a_live_question_is_left_alone(text: str) -> None:
    assert web_only().match(text) is None, text


def test_behind_every_other_plugin_the_web_gets_only_live_questions(config: Config) -> None:
    """Load order as botpsy runs it: the calendar, clock, ... plugins first, the web last."""
    assistant = build_assistant(config, RecordingApprover(Approval(False)), dry_run=True)
    intents = assistant.agent.intents
    try:
        assert [i.plugin for i in intents.intents][-1] == "web"
        concert = intents.match("add the jazz concert to my calendar on friday at 8pm")
        assert concert is not None and concert.tool == "calendar_create_event"
        trains = intents.match("remind me to check the trains tomorrow at 7am")
        assert trains is not None and trains.tool == "task_add"
        weather = intents.match("will it rain in harbourtown tomorrow")
        assert weather is not None and weather.tool == "weather_forecast"
        ferry = intents.match("when is the next ferry to the island")
        assert ferry is not None and ferry.intent == "web.local"
    finally:
        assistant.close()


def test_every_topic_of_the_data_file_is_an_intent() -> None:
    """The word lists are package data: read through importlib.resources, each topic registered."""
    names = [name for name, _ in make_matchers()]
    assert names == ["look_up", *(t.name for t in vocabulary().topics), "facts", "find"]
    assert {"news", "markets", "local", "current"} <= set(names)
    assert live_question("NEWS about the Harbour Strike?") == (
        "news",
        "NEWS about the Harbour Strike",
    )


TIMETABLE = """<html><head><title>Island ferry: timetable</title></head><body><article>
<p>The ferry to the island leaves the harbour every hour from 06:15 to 22:15.</p>
<p>On Sundays the last ferry to the island leaves at 20:15.</p>
<p>Tickets are sold on board.</p></article></body></html>"""


@pytest.fixture
def searx() -> Iterator[tuple[list[str], str]]:
    """A SearXNG-compatible search endpoint and one page; the queries it was asked."""
    with search_site("Island ferry", "/ferry", TIMETABLE, "Timetable") as served:
        yield served


def test_a_live_question_is_researched_without_the_model(
    searx: tuple[list[str], str], cli: Any, home: Path
) -> None:
    queries, url = searx
    config = home / ".config/botpsy/config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(
        f'[plugins.web]\nprovider = "searxng"\nsearxng_url = "{url}"\nallow_private = true\n'
    )
    done = cli("hey, when does the last ferry to the island leave on sundays please?")
    assert done.status == 0, done.stderr
    assert "local intent web.local" in done.stderr
    assert queries == ["when does the last ferry to the island leave on sundays"]
    assert "20:15" in done.stdout and f"<{url}/ferry>" in done.stdout


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("order a pizza from the closest pizzeria", "I can't order, book or buy things yet"),
        ("call me a cab to the station", "I can't order, book or buy things yet"),
        ("post a photo of the harbour on instagram", "I can't post to social media yet"),
        ("who founded the harbour museum", None),
        ("what's the best way to cook rice", None),
    ],
)
def test_what_botpsy_cannot_do_is_said_plainly(config: Config, text: str, said: str | None) -> None:
    """Ordering, rides and posting have no tool: an honest decline (the orders one offers the
    web instead), given before any model is loaded; questions are not declined."""
    assistant = build_assistant(config, RecordingApprover(Approval(False)), dry_run=True)
    try:
        reply = decline(text, [tool.definition() for tool in assistant.agent.tools])
    finally:
        assistant.close()
    if said is None:
        assert reply is None, reply
    else:
        assert reply is not None and reply.startswith(said), reply
        assert "order" not in said or "taxi firms, fares or timetables on the web" in reply
