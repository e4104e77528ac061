"""The model path: what an assisted model is offered for a request no intent matched.

An assisted model (the starter) must call whatever it is offered, so a tool offered for
talk is a wrong call, where an answer in words is right. These cases run against the real
definitions of every built-in plugin (mail and Home Assistant with stand-in accounts, as
`botpsy eval` loads them; nothing is contacted) through the strategy's own `offer`, and
through `first_turn` with the scripted model where what the model is shown matters. Every
request is invented, about botpsy's own tools or plain talk.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistant.assisted.assist import AssistedStrategy
from assistant.assisted.selection import content_words, heard_words, playing_a_game, telling
from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model
from assistant.models.scripted import ScriptedModel
from tests.helpers import Definitions, offered, starter_model

# -- a game is talk: "play" is the player's verb only beside something to listen to ----------
GAMES = [
    "let's play a round of checkers",
    "lets play a game",
    "play tic tac toe with me",
    "can we play twenty questions",
    "wanna play a word game",
    "play hangman",
    "shall we play rock paper scissors",
    "play something with me",
    "let us play i spy",
    "do you want to play cards",
]


@pytest.mark.parametrize("request_text", GAMES)
def test_a_game_is_offered_no_tool(request_text: str, builtins: Definitions) -> None:
    assert playing_a_game(request_text)
    assert offered(request_text, builtins) == set()


LISTENING = [
    ("let's play some music", "media_play"),
    ("play the radio", "media_play"),
    ("play my running playlist", "media_play"),
    ("play the latest episode of my board games podcast", "media_play"),
    ("play some jazz", "media_play"),
]


@pytest.mark.parametrize(("request_text", "tool"), LISTENING, ids=[c[0] for c in LISTENING])
def test_something_to_listen_to_is_still_the_players(
    request_text: str, tool: str, builtins: Definitions
) -> None:
    assert not playing_a_game(request_text)
    assert tool in offered(request_text, builtins)


def test_a_game_reaches_the_model_with_no_tools_and_its_words_answer(
    builtins: Definitions,
) -> None:
    """The scripted model stands in for the starter: the point is what it is shown."""
    model = ScriptedModel(["Sure, you go first: rock!"])
    turn = AssistedStrategy().first_turn(
        model, [Message("user", "shall we play rock paper scissors")], builtins,
        GenerationOptions(),
    )  # fmt: skip
    assert model.seen_tools == [[]]
    assert turn.tool_calls == [] and turn.content == "Sure, you go first: rock!"


# -- the clock answers questions of the time itself, not of things that happen at a time ------
CLOCK = [
    "what time is it in lisbon",
    "what's the time in new york",
    "what day does christmas fall on",
    "current time",
    "what is the time and date",
    "time please",
]


@pytest.mark.parametrize("request_text", CLOCK)
def test_a_question_of_the_time_gets_the_clock(request_text: str, builtins: Definitions) -> None:
    assert offered(request_text, builtins) == {"time_now"}


NOT_THE_CLOCK = [
    "what time should i go to bed",
    "what time should i leave for work",
    "when is the next parade",
    "what time is the game on",
    "how long do i boil an egg for",
    "is it time for lunch",
    "what is the cooking time for rice",
]


@pytest.mark.parametrize("request_text", NOT_THE_CLOCK)
def test_a_question_of_a_thing_at_a_time_is_not_the_clocks(
    request_text: str, builtins: Definitions
) -> None:
    assert "time_now" not in offered(request_text, builtins)


# -- a yes/no question about the world shares a word with a tool by chance ----------------------
WORLD = [
    ("are rice cakes gluten free", "disk_space"),
    ("are sharks free to roam the ocean", "disk_space"),
    ("is a whale's heart bigger than a car", "home_status"),
    ("is the moon's door to space open", "home_status"),
]


@pytest.mark.parametrize(("request_text", "tool"), WORLD, ids=[c[0] for c in WORLD])
def test_a_question_about_the_world_is_not_a_tools(
    request_text: str, tool: str, builtins: Definitions
) -> None:
    assert tool not in offered(request_text, builtins)


OWN_STATE = [
    ("is the front door locked", "home_status"),
    ("is my laptop charging", "battery_status"),
    ("did i save a contact for dana", "contacts_find"),
    ("is there any free disk space left", "disk_space"),
    ("are the kitchen lights on", "home_status"),
    ("is the volume muted", "volume_get"),
    ("is it going to snow on friday", "weather_forecast"),
]


@pytest.mark.parametrize(("request_text", "tool"), OWN_STATE, ids=[c[0] for c in OWN_STATE])
def test_a_question_about_the_users_things_is_still_the_tools(
    request_text: str, tool: str, builtins: Definitions
) -> None:
    assert offered(request_text, builtins) == {tool}


# -- a domain's particulars count as the word its tools describe it by ------------------------
HEARD = [
    ("will it be sunny on saturday", "weather_forecast"),
    ("is it going to be stormy tonight", "weather_forecast"),
    ("is it windy at the coast", "weather_forecast"),
    ("skip ahead to the next episode", "media_control"),
    ("resume my audiobook", "media_play"),
    ("put the dentist in my diary friday at 3pm", "calendar_create_event"),
    ("make the lamp purple", "home_light_set"),
]


@pytest.mark.parametrize(("request_text", "tool"), HEARD, ids=[c[0] for c in HEARD])
def test_a_domain_word_leads_to_the_tool_of_that_domain(
    request_text: str, tool: str, builtins: Definitions
) -> None:
    assert offered(request_text, builtins) == {tool}


def test_a_particular_is_read_as_its_domains_word() -> None:
    """Words are compared stemmed, as tools' words are (`content_words`)."""
    foggy = heard_words("will it be foggy tomorrow")
    assert foggy == content_words("will it be weather tomorrow") != content_words("foggy tomorrow")
    assert content_words("radio") <= heard_words("put on the jazz fm")


# -- the user telling something of themselves is talk ------------------------------------------
TOLD = [
    ("i had a long day at the office", "calendar_list_events"),
    ("i have no time", "time_now"),
    ("i love sunny days", "weather_forecast"),
    ("i don't like the rain", "weather_forecast"),
    ("i'm tired of meetings", "calendar_list_events"),
]


@pytest.mark.parametrize(("request_text", "tool"), TOLD, ids=[c[0] for c in TOLD])
def test_telling_is_offered_no_tool(request_text: str, tool: str, builtins: Definitions) -> None:
    assert telling(request_text)
    assert offered(request_text, builtins) == set()


ASKED = [
    ("i need to set an alarm for 7am", "alarm_set"),
    ("i'd like to add milk to my shopping list", "task_add"),
    ("we need to turn off the lights", "?home_turn_off"),
]


@pytest.mark.parametrize(("request_text", "tool"), ASKED, ids=[c[0] for c in ASKED])
def test_a_request_said_of_oneself_is_still_asked(
    request_text: str, tool: str, builtins: Definitions
) -> None:
    assert not telling(request_text)
    assert offered(request_text, builtins) == {tool}


# -- the real starter model on the model path ---------------------------------------------------
@pytest.fixture(scope="module")
def starter() -> Iterator[Model]:
    yield from starter_model()


@pytest.mark.inference
def test_the_starter_model_answers_a_game_in_words(starter: Model, builtins: Definitions) -> None:
    turn = AssistedStrategy().first_turn(
        starter, [Message("user", "let's play twenty questions")], builtins,
        GenerationOptions(max_tokens=24),
    )  # fmt: skip
    assert turn.tool_calls == [] and turn.stats.generated_tokens > 0
    assert turn.content.strip()


@pytest.mark.inference
def test_the_starter_model_chooses_among_the_shortlist_only(
    starter: Model, builtins: Definitions
) -> None:
    """Several media tools are offered; the grammar lets the model pick only one of them."""
    request = "listen to that song"
    shortlist = offered(request, builtins)
    assert len(shortlist) > 1 and shortlist <= {"media_play", "media_now_playing", "media_control"}
    turn = AssistedStrategy().first_turn(
        starter, [Message("user", request)], builtins, GenerationOptions()
    )
    [made] = turn.tool_calls
    assert made.name in shortlist and turn.stats.generated_tokens > 0
