"""Questions of fact and requests to find something go to the web, in the user's own words.

A small model asked "how many people live in <city>" or "who wrote <novel>" invents the
number or the author; a request for a recipe gets one that loops. These go to
`web_research` behind every other plugin, as botpsy runs them. Chit-chat, sums, the
time and date, the weather and the user's own things (calendar, mail, files, contacts,
the people at home, the home's machines) do not. All requests are invented here.

The end-to-end tests run the real CLI against an HTTP server on 127.0.0.1 that speaks
SearXNG's JSON search API and serves the pages (no SearXNG and no internet here, so a
stand-in speaks its API over real HTTP); botpsy's provider, fetcher and research run
unchanged. With `provider = "none"` nothing is asked and the reply says so in one line;
with the web plugin turned off the decline (assistant/data/domains.toml) says so instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.api import plain_request
from assistant.app import build_assistant
from assistant.config import Config
from assistant.errors import ModelError
from assistant.policy import Approval
from assistant.scope import decline
from tests.helpers import RecordingApprover, builtin_assistant
from tests.servers import search_site

WEB_TOOLS = {"web_search", "web_research", "web_fetch"}


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin, in load order; a fresh home so nothing real is read."""
    with builtin_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _no_model() -> Any:
    raise ModelError("no model should be loaded for this request")


def _match(assistant: Any, text: str) -> Any:
    return assistant.agent.intents.match(plain_request(text))


FACTS = [
    "how many people live in harbourtown",
    "who wrote the lighthouse keeper's daughter",
    "what is the capital of mongolia",
    "whats the population of canada",
    "how tall is mount kilimanjaro",
    "when was the old bridge built",
    "who invented the telephone",
    "where is the great barrier reef",
    "what does photosynthesis mean",
    "define serendipity",
    "what is a cathedral",
    "who is the prime minister of norway",
    "which is the longest river in africa",
    "what language do they speak in brazil",
    "how deep is the pacific ocean",
    "who painted the night watch",
    "tell me about the roman empire",
    "why do cats purr",
    "how does a rainbow form",
    "who was the first person on the moon",
    "what year did the berlin wall fall",
    "how many legs does a spider have",
    "is a tomato a fruit",
    "do you know who directed the harbour mystery",
    "how many countries are there in africa",
    "what is the population of the us",
    "i wonder how old the pyramids are",
    "the meaning of ephemeral",
    "who is the father of modern chemistry",
    "what does the bible say about patience",
    "how do magnets work",
    "how far is lisbon from porto",
]


@pytest.mark.parametrize("text", FACTS)
def test_questions_of_fact_go_to_the_web_in_the_users_words(assistant: Any, text: str) -> None:
    match = _match(assistant, text)
    assert match is not None and match.tool == "web_research", (text, match)
    question = match.arguments["question"]
    # the user's own words (less politeness and "i wonder"): nothing added, nothing made up
    assert question.lower() in plain_request(text).lower(), question
    assert len(question.split()) >= 2


FIND = [
    "find me a recipe for lasagne",
    "recipe for banana bread",
    "a quick flapjack recipe",
    "give me a recipe for chicken curry",
    "how do i make pancakes",
    "how to change a bike tyre",
    "how do you make sourdough bread",
    "how do i get rid of hiccups",
    "search for vegan chili recipes",
    "search the web for walking routes by the river",
    "google the height of the eiffel tower",
    "look up how to fold a fitted sheet",
    "find instructions for descaling a kettle",
    "i'm looking for a guide to pruning roses",
    "any tips for growing tomatoes",
    "show me how to tie a bow tie",
]


@pytest.mark.parametrize("text", FIND)
def test_requests_to_find_something_go_to_the_web(assistant: Any, text: str) -> None:
    match = _match(assistant, text)
    assert match is not None and match.tool == "web_research", (text, match)
    assert match.arguments["question"].lower() in plain_request(text).lower()


NOT_THE_WEB = [
    # chit-chat, opinions and play
    "how are you",
    "tell me a joke",
    "what's your name",
    "who are you",
    "what is the meaning of life",
    "what's up",
    "who is the most beautiful woman in the world",
    "what is a good name for a dog",
    "which is better cats or dogs",
    "tell me a story about a dragon",
    "what's the best way to get rich",
    "i want to know what's for dinner",
    # sums (answered on the machine) and the time and date (time_now)
    "what is five plus seven",
    "what's 12 times 8",
    "what is the square root of eighty one",
    "what time is it in tokyo",
    "what day is it",
    "what's the date today",
    "how many days until christmas",
    "when is easter this year",
    # the weather
    "is it going to rain on saturday",
    "what's the temperature outside",
    "how cold will it be tonight",
    "do i need an umbrella",
    # the user's own things, botpsy's tools and the home
    "who is my next meeting with",
    "what's on my calendar",
    "when is my dentist appointment",
    "what's ana's phone number",
    "where is my phone",
    "how many emails do i have",
    "what did mum say about dinner",
    "what's the status of the washing machine",
    "what is on the shopping list",
    "what is this song called",
    "how do i set an alarm",
    "who is ana",
    "what does this word mean",
    "search my emails for the invoice",
    "email ana the recipe for flapjacks",
    "add a recipe for lasagne to my notes",
    # what is already on the screen: the page fetched, not a question about the world
    "what does the page say",
]


@pytest.mark.parametrize("text", NOT_THE_WEB)
def test_chit_chat_sums_time_weather_and_own_things_stay_off_the_web(
    assistant: Any, text: str
) -> None:
    match = _match(assistant, text)
    assert match is None or match.tool not in WEB_TOOLS, (text, match)


PAGE = """<html><head><title>Harbourtown: facts</title></head><body><article>
<p>Harbourtown has a population of 48,200 people, according to the last census.</p>
<p>The town was founded by fishermen in the twelfth century.</p>
</article></body></html>"""


@pytest.fixture
def searx() -> Iterator[tuple[list[str], str]]:
    """A SearXNG-compatible search endpoint and one page; the queries it was asked."""
    with search_site("Harbourtown", "/town", PAGE, "Facts") as served:
        yield served


def _configure(home: Path, body: str) -> None:
    config = home / ".config/botpsy/config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(body)


def test_a_question_of_fact_is_answered_from_the_web_with_its_source(
    searx: tuple[list[str], str], cli: Any, home: Path
) -> None:
    """No terminal: had the search needed a yes it would be refused (status 3); it needs none."""
    queries, url = searx
    _configure(
        home, f'[plugins.web]\nprovider = "searxng"\nsearxng_url = "{url}"\nallow_private = true\n'
    )
    done = cli("hey, how many people live in harbourtown?")
    assert done.status == 0, done.stderr
    assert "local intent web.facts" in done.stderr
    assert queries == ["how many people live in harbourtown"]
    assert "48,200" in done.stdout and f"<{url}/town>" in done.stdout


def test_a_recipe_request_searches_the_users_words(
    searx: tuple[list[str], str], cli: Any, home: Path
) -> None:
    queries, url = searx
    _configure(
        home, f'[plugins.web]\nprovider = "searxng"\nsearxng_url = "{url}"\nallow_private = true\n'
    )
    done = cli("find me a recipe for harbour fish stew")
    assert done.status == 0, done.stderr
    assert "local intent web.find" in done.stderr
    assert queries == ["find me a recipe for harbour fish stew"]


def test_with_no_search_server_the_reply_says_so_and_nothing_is_made_up(
    searx: tuple[list[str], str], cli: Any, home: Path
) -> None:
    queries, _ = searx
    _configure(home, '[plugins.web]\nprovider = "none"\n')
    done = cli("who wrote the lighthouse keeper's daughter")
    assert "local intent web.facts" in done.stderr
    reply = done.stdout.strip()
    assert reply.startswith("Could not do that: no search server is set up, so I can't look")
    assert "[plugins.web] provider" in reply and len(reply.splitlines()) == 1
    assert queries == []  # nothing asked of any server


def test_an_unknown_provider_is_one_clear_line(cli: Any, home: Path) -> None:
    _configure(home, '[plugins.web]\nprovider = "altavista"\n')
    done = cli("who invented the telephone")
    assert done.status != 0
    assert "unknown provider 'altavista'" in done.stderr and "none" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "text",
    [
        "who wrote the lighthouse keeper's daughter",
        "how many people live in harbourtown",
        "find me a recipe for lasagne",
        "search for walking routes by the river",
        "google the ferry times",
    ],
)
def test_with_the_web_plugin_off_a_question_of_fact_gets_an_honest_line(
    config: Config, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """No web tool at all: the decline answers before any model is loaded (none is here)."""
    monkeypatch.setenv("BOTPSY_DISABLE_PLUGINS", "web")
    built = build_assistant(config, RecordingApprover(Approval(False)), dry_run=True)
    built.agent.model_factory = _no_model
    try:
        assert not {t.name for t in built.agent.tools} & WEB_TOOLS
        result = built.agent.run(text)
    finally:
        built.close()
    assert result.path == "declined" and result.calls == []
    assert result.reply.startswith("I can't search the web yet"), result.reply
    assert "botpsy plugins enable web" in result.reply


def test_opening_a_website_is_not_a_search_to_decline(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """open_url opens pages: with search off, "open the ... website" is not declined as one."""
    monkeypatch.setenv("BOTPSY_DISABLE_PLUGINS", "web")
    built = build_assistant(config, RecordingApprover(Approval(False)), dry_run=True)
    try:
        tools = [t.definition() for t in built.agent.tools]
    finally:
        built.close()
    assert decline("open the harbour museum website", tools) is None
