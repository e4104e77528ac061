"""Session 11: devices, media, home and files requests said in shapes the older tables lacked.

Every row is invented, about botpsy's own tools (files_find, media_play, volume_set,
media_now_playing, home_*). Files and device rows run through every built-in plugin in
load order on a fresh home (so no other plugin may take them first); home rows run
through the Home Assistant matchers, since no Home Assistant can answer here to register
the plugin (its tools are tested against a real HTTP server in test_homeassistant.py).
The files index is the real SQLite one over a real folder tree.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from botpsy_files.folders import AllowedFolders
from botpsy_files.index import FileIndex
from botpsy_files.tools import FileTools
from botpsy_homeassistant.intents import make_home_matchers

from assistant.app import Assistant
from assistant.spoken import plain_request
from tests.helpers import builtin_assistant, first_match

# -- files: the user's own document, named by what it is -------------------------------------

# Names that do not hold every word said: "my lasagne recipe" is Recipes/lasagne.md.
FILES = {
    "Documents/Recipes/lasagne.md": "Lasagne: sheets, ragu, bechamel. Bake 40 minutes.",
    "Documents/Recipes/pancakes.md": "Pancakes: flour, eggs, milk.",
    "Documents/Letters/bank-2026.txt": "Dear bank, please close my savings account.",
    "Documents/School/rivers.txt": "Essay: rivers of Europe and how they shaped trade.",
    "Documents/Work/budget-2027.txt": "Budget 2027: rent, food, travel.",
    "Documents/Work/garden-project.md": "Notes on the garden project: raised beds in spring.",
    "Documents/Home/garage-door-quote.txt": "Quote: new garage door, 900 EUR.",
}


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Assistant]:
    home = tmp_path_factory.mktemp("home")
    for name in ("Documents", "Downloads", "Desktop"):
        (home / name).mkdir()
    for path, text in FILES.items():
        (home / path).parent.mkdir(parents=True, exist_ok=True)
        (home / path).write_text(text, encoding="utf-8")
    with builtin_assistant(home) as built:
        yield built


def routed(assistant: Assistant, text: str) -> tuple[str | None, dict[str, Any]]:
    found = assistant.agent.intents.match(plain_request(text))
    return (found.tool, dict(found.arguments)) if found else (None, {})


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("find my lasagne recipe", "lasagne recipe"),
        ("can you find my pancake recipe", "pancake recipe"),
        ("where is my letter to the bank", "letter bank"),
        ("have you seen my letter to the bank", "letter bank"),
        ("i can't find my essay on rivers", "essay rivers"),
        ("help me find my essay about rivers", "essay rivers"),
        ("pull up my budget", "budget"),
        ("dig out my lasagne recipe", "lasagne recipe"),
        ("where did i save my pancake recipe", "pancake recipe"),
        ("find the budget document", "budget"),
        ("find the document about the budget", "budget"),
        ("where's the garden project file", "garden project"),
        ("search for my notes on the garden project", "garden project"),
        ("look for my recipe for pancakes", "recipe pancakes"),
    ],
)
def test_a_document_of_mine_is_looked_for_in_my_files(
    assistant: Assistant, text: str, name: str
) -> None:
    tool, arguments = routed(assistant, text)
    assert tool == "files_find", (text, tool, arguments)
    assert arguments.get("name") == name, (text, arguments)
    # "document" or "notes" narrow nothing when a name is said: notes may be any kind of file
    assert arguments.get("kind") not in ("document", "text"), (text, arguments)


@pytest.mark.parametrize(
    "text",
    [
        "find me a recipe for lentil soup",  # a recipe from anywhere: not one of mine
        "find a recipe for pancakes",
        "find the best recipe for lasagne",
        "find my phone",
        "where are my keys",
        "where did i leave my wallet",
        "find my glasses",
        "what's my budget",
        "play the lasagne song",
        "find my story on instagram",
        "find my photos on facebook",
        "find my way home",
        "where is my order",
    ],
)
def test_what_is_not_a_document_of_mine_is_not_a_file_search(
    assistant: Assistant, text: str
) -> None:
    assert routed(assistant, text)[0] != "files_find", text


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("read my lasagne recipe", "~/Documents/Recipes/lasagne.md"),
        ("open my lasagne recipe", "~/Documents/Recipes/lasagne.md"),
        ("what does my pancake recipe say", "~/Documents/Recipes/pancakes.md"),
        ("read me the letter to the bank", "~/Documents/Letters/bank-2026.txt"),
        ("open the budget document", "~/Documents/Work/budget-2027.txt"),
    ],
)
def test_a_document_of_mine_is_read_by_what_it_is(
    assistant: Assistant, text: str, path: str
) -> None:
    assert routed(assistant, text) == ("files_read", {"path": path}), text


@pytest.mark.parametrize("text", ["open the garage door", "open the garage", "read the room"])
def test_opening_what_is_not_a_document_is_not_reading_a_file(
    assistant: Assistant, text: str
) -> None:
    """A file called garage-door-quote.txt exists; the request is still not about it."""
    assert routed(assistant, text)[0] != "files_read", text


def test_a_name_said_with_what_it_is_finds_the_file_by_its_text(tmp_path: Path) -> None:
    """files_find with the words as said ("lasagne recipe") finds Recipes/lasagne.md, whose
    name lacks "recipe": the request the intent now takes is one the tool answers."""
    documents = tmp_path / "Documents"
    for path, text in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    folders = AllowedFolders([documents])
    tools = FileTools(folders, FileIndex(tmp_path / "index.sqlite3", folders), tmp_path / "j.json")
    assert "lasagne.md" in tools.files_find(name="lasagne recipe").summary
    assert "bank-2026.txt" in tools.files_find(name="letter bank").summary
    assert "garden-project.md" in tools.files_find(name="garden project").summary
    assert "No files found" in tools.files_find(name="tax return").summary


# -- playing, the player and the volume ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("start the long river from where i left off", "media_play", {"what": "the long river"}),
        (
            "continue the harbour tales where we stopped",
            "media_play",
            {"what": "the harbour tales"},
        ),
        ("skip to chapter three", "media_play", {"what": "chapter three"}),
        ("jump to the episode about tides", "media_play", {"what": "the episode about tides"}),
        ("music for dinner", "media_play", {"what": "music for dinner"}),
        ("some songs for a run", "media_play", {"what": "some songs for a run"}),
        ("music to relax", "media_play", {"what": "music to relax"}),
        ("something upbeat please", "media_play", {"what": "something upbeat"}),
        ("anything calm and slow", "media_play", {"what": "anything calm and slow"}),
        ("radio four", "media_play", {"what": "radio four"}),
        ("radio lumen please", "media_play", {"what": "radio lumen"}),
        ("open tunein", "media_play", {}),
        ("shape of you by ed sheeran", "media_play", {"what": "shape of you by ed sheeran"}),
        ("moonlight sonata by beethoven", "media_play", {"what": "moonlight sonata by beethoven"}),
        ("the long river by ana lind", "media_play", {"what": "the long river by ana lind"}),
        ("restart my audiobook", "media_play", {}),
        ("something like the kites", "media_play", {"what": "something like the kites"}),
        ("music like ana lind", "media_play", {"what": "music like ana lind"}),
        ("more songs like this", "media_play", {"what": "more songs like this"}),
        ("the new kites album", "media_play", {"what": "the new kites album"}),
        ("ana lind's latest song", "media_play", {"what": "ana lind's latest song"}),
        ("rain sounds", "media_play", {"what": "rain sounds"}),
        ("white noise please", "media_play", {"what": "white noise"}),
        ("some ocean wave sounds", "media_play", {"what": "some ocean wave sounds"}),
        ("keep going with my book", "media_play", {}),
        ("play the book i was listening to yesterday", "media_play", {}),
        ("open my audible book", "media_play", {}),
        ("radio harbour two", "media_play", {"what": "radio harbour two"}),
        ("any new episodes of garden hour", "media_play", {"what": "garden hour"}),
        ("are there new episodes of the tide talk", "media_play", {"what": "tide talk"}),
        ("make the volume bigger", "volume_set", {"level": "up"}),
        ("double the volume", "volume_set", {"level": "up"}),
        ("louder than that", "volume_set", {"level": "up"}),
        ("the music isn't loud enough", "volume_set", {"level": "up"}),
        ("please make the volume loud", "volume_set", {"level": "up"}),
        ("make the sound smaller", "volume_set", {"level": "down"}),
        ("i want the volume to be at level five", "volume_set", {"level": "50"}),
        ("i'd like the sound to be on thirty percent", "volume_set", {"level": "30"}),
        ("what's the song's name", "media_now_playing", {}),
        ("change the music", "media_control", {"action": "next"}),
        ("which band plays this", "media_now_playing", {}),
        # as speech is often written down: "turn of", "too forty", a name after "please"
        ("turn of the sound", "volume_mute", {"mute": True}),
        ("turn the volume of", "volume_mute", {"mute": True}),
        ("volume too fourty", "volume_set", {"level": "40"}),
        ("set the volume too max", "volume_set", {"level": "max"}),
        ("pause the song please jo", "media_control", {"action": "pause"}),
        ("next track please mika", "media_control", {"action": "next"}),
        ("play the weather channel", "media_play", {"what": "the weather channel"}),
        ("tune in to the traffic station", "media_play", {"what": "the traffic station"}),
        ("what is the band's name", "media_now_playing", {}),
    ],
)
def test_played_and_heard_as_said(
    assistant: Assistant, text: str, tool: str, arguments: dict[str, object]
) -> None:
    assert routed(assistant, text) == (tool, arguments), text


@pytest.mark.parametrize(
    "text",
    [
        "radio waves",  # physics, not a station
        "radio history",
        "radio frequency",
        "near by hardware store",  # somewhere to go, not a singer
        "the painting by monet",
        "paid by card",
        "caught by surprise",
        "written by shakespeare",
        "remind me by five",
        "get there by car",
        "stand by me",  # a song, yet also "wait": the model's
        "music for the meeting",  # a meeting's agenda, not a mood
        "start the report from where i left off",  # a document
        "something new",
        "what is the volume of a sphere",
        "any new emails from my boss",
        "make the font bigger",
        "double the recipe",
        "play the weather",  # the forecast, not a station
        "what a turn of events",
        "louder than words",  # a title, not "louder than this"
        "something like a dog",
        "stuff like that",
        "something like a hundred",
        "that sounds good",
        "strange noise",
        "the new phone album",  # photos
        "is there a new kites album",  # a question: the model's
        "skip two songs",  # the player skips one at a time: the model says so
        "who plays the guitar",
        "the volume is too much too fast",
    ],
)
def test_near_misses_are_not_played(assistant: Assistant, text: str) -> None:
    tool, _ = routed(assistant, text)
    assert tool not in ("media_play", "volume_set", "volume_mute", "media_now_playing"), (
        text,
        tool,
    )


# -- home ---------------------------------------------------------------------------------------

HOME = make_home_matchers()


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("i want the lights on", "home_turn_on", {"device": "lights"}),
        ("i'd like the fan off", "home_turn_off", {"device": "fan"}),
        ("can we have the kitchen lights on", "home_turn_on", {"device": "kitchen lights"}),
        ("i need the bedroom lamp off", "home_turn_off", {"device": "bedroom lamp"}),
        ("make the lights a bit dimmer", "home_light_set", {"device": "lights", "change": -30}),
        ("i want the room to be blue", "home_light_set", {"device": "room", "colour": "blue"}),
        ("make it pink in here", "home_light_set", {"device": "lights", "colour": "pink"}),
        (
            "change to blue in the kitchen",
            "home_light_set",
            {"device": "lights in the kitchen", "colour": "blue"},
        ),
        (
            "change the colour in the living room to orange",
            "home_light_set",
            {"device": "living room", "colour": "orange"},
        ),
        ("make the lights more yellow", "home_light_set", {"device": "lights", "colour": "yellow"}),
        ("colour the lights teal", "home_light_set", {"device": "lights", "colour": "teal"}),
        (
            "turn the lights back to white",
            "home_light_set",
            {"device": "lights", "colour": "white"},
        ),
        (
            "set the lights to normal",
            "home_light_set",
            {"device": "lights", "colour": "warm white", "brightness": 100},
        ),
        ("turn of the lights", "home_turn_off", {"device": "lights"}),
        (
            "turn the kitchen lights all the way up",
            "home_light_set",
            {"device": "kitchen lights", "brightness": 100},
        ),
        ("dim the lamp all the way down", "home_light_set", {"device": "lamp", "brightness": 1}),
        (
            "set brightness of the bedroom lights to seventy",
            "home_light_set",
            {"device": "bedroom lights", "brightness": 70},
        ),
        ("can you dim the lights in here", "home_light_set", {"device": "lights", "change": -30}),
        ("switch of the kitchen plug", "home_turn_off", {"device": "kitchen plug"}),
        ("bedroom lamp of", "home_turn_off", {"device": "bedroom lamp"}),
        ("turn off the lights please jo", "home_turn_off", {"device": "lights"}),
        ("jo turn the lights off", "home_turn_off", {"device": "lights"}),
        ("start the vaccum", "home_turn_on", {"device": "vacuum"}),
        ("make me a coffe", "home_turn_on", {"device": "coffee machine"}),
        ("make me a flat white", "home_turn_on", {"device": "coffee machine"}),
        ("give me a cup of joe", "home_turn_on", {"device": "coffee machine"}),
        ("make two coffees", "home_turn_on", {"device": "coffee machine"}),
        (
            "set the temperature in the bedroom to nineteen",
            "home_climate_set",
            {"device": "bedroom", "temperature": 19},
        ),
        (
            "make the living room twenty two degrees",
            "home_climate_set",
            {"device": "living room", "temperature": 22},
        ),
        (
            "set the thermostat at twenty one point five",
            "home_climate_set",
            {"device": "thermostat", "temperature": 21.5},
        ),
        (
            "bedroom temperature to eighteen",
            "home_climate_set",
            {"device": "bedroom", "temperature": 18},
        ),
        (
            "make the hall lamp a little brighter",
            "home_light_set",
            {"device": "hall lamp", "change": 30},
        ),
    ],
)
def test_home_as_said(text: str, tool: str, arguments: dict[str, object]) -> None:
    found = first_match(HOME, text)
    assert found is not None, text
    assert (found.tool, found.arguments) == (tool, arguments), text


@pytest.mark.parametrize(
    "text", ["i want the report on", "i need the news on", "i'd like my coat on"]
)
def test_a_wish_for_something_else_on_is_not_the_home(text: str) -> None:
    """Wishes for a thing that is not a device stay with the model."""
    found = first_match(HOME, text)
    assert found is None or not found.tool.startswith("home_turn"), (text, found)


@pytest.mark.parametrize(
    "text",
    [
        "change to blue in the chart",
        "switch to red in the document",
        "i want the text to be blue",
        "i want the sky to be blue",
        "change the font to red in the heading",
        "switch to normal mode",  # a mode of anything: only lights named make it the lights'
        "activate default mode",
    ],
)
def test_a_colour_said_of_something_else_is_not_a_light(text: str) -> None:
    found = first_match(HOME, text)
    assert found is None or found.tool != "home_light_set", (text, found)


# -- a home's players: named by room or by what they are -----------------------------------


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("turn the volume up in the kitchen", {"action": "volume_up", "device": "kitchen"}),
        ("turn the music down in the office", {"action": "volume_down", "device": "office"}),
        ("tv louder please", {"action": "volume_up", "device": "tv"}),
        ("turn up the kitchen speaker", {"action": "volume_up", "device": "kitchen speaker"}),
        ("turn the tv down a bit", {"action": "volume_down", "device": "tv"}),
        ("pause the tv", {"action": "pause", "device": "tv"}),
        ("pause the music in the living room", {"action": "pause", "device": "living room"}),
        ("next song on the sonos", {"action": "next", "device": "sonos"}),
        ("skip this track in the bedroom", {"action": "next", "device": "bedroom"}),
        ("go back a song on the stereo", {"action": "previous", "device": "stereo"}),
        ("resume the tv", {"action": "play", "device": "tv"}),
        ("stop the soundbar", {"action": "stop", "device": "soundbar"}),
        (
            "set the volume to thirty in the kitchen",
            {"action": "volume", "device": "kitchen", "volume": 30},
        ),
        ("volume to five on the tv", {"action": "volume", "device": "tv", "volume": 50}),
        (
            "turn the tv volume up to forty percent",
            {"action": "volume", "device": "tv", "volume": 40},
        ),
    ],
)
def test_a_home_player_is_controlled_by_the_home(text: str, arguments: dict[str, object]) -> None:
    found = first_match(HOME, text)
    assert found is not None, text
    assert (found.tool, found.arguments) == ("home_media_control", arguments), text


@pytest.mark.parametrize(
    "text",
    [
        "buy a new tv",
        "the tv is broken",
        "what's on tv tonight",
        "play jazz in the kitchen",  # what to play is not the home player's to choose
        "mute the kitchen speaker",  # no mute among its actions: the model says so
        "turn the volume up in the kitchen at six",  # a schedule
        "how loud is a tv",
        "i left the speaker in the kitchen",
        "turn on the tv",  # the switch, not the player
    ],
)
def test_not_a_home_player_request(text: str) -> None:
    found = first_match(HOME, text)
    assert found is None or found.tool != "home_media_control", (text, found)


@pytest.mark.parametrize(
    "text",
    [
        "play twenty one questions",
        "play name that song",
        "play heads or tails",
        "play dice",
        "play spin the wheel",
        "play a sport",
        "play a brain teaser",
    ],
)
def test_games_are_not_played_as_media(assistant: Assistant, text: str) -> None:
    assert routed(assistant, text)[0] != "media_play", text


# -- the whole turn, twice: found by what it is, then read --------------------------------------


@pytest.mark.parametrize(
    ("turns", "path", "said"),
    [
        (["find my lasagne recipe", "read it"], "lasagne.md", "40 minutes"),
        (["where is my letter to the bank", "read it"], "bank-2026.txt", "savings account"),
        (["find the budget document", "what does it say"], "budget-2027.txt", "rent"),
    ],
)
def test_a_document_found_by_what_it_is_is_read_next(
    turns: list[str], path: str, said: str
) -> None:
    """The built-in scenario runner in a private home, with a model that is never asked
    (a scripted one with no turns): both turns are the intents' own."""
    from assistant.evals.scenarios import load_scenarios, run_scenario
    from assistant.models.scripted import ScriptedModel

    now, _ = load_scenarios(None)
    files = [{"path": p.removeprefix("Documents/"), "text": t} for p, t in FILES.items()]
    scenario = {
        "id": "s11-files",
        "kind": "simple",
        "domain": "files",
        "files": files,
        "turns": turns,
        "expect_calls": [
            {"tool": "files_find"},
            {"tool": "files_read", "arguments": {"path": path}},
        ],
        "expect_reply": [said],
        "expect_events": [],
    }
    result = run_scenario(scenario, now, ScriptedModel([]), use_intents=True)
    assert result.passed, (turns, result.problems, result.calls, result.reply)
    assert set(result.paths) <= {"intent", "followup"}, result.paths
