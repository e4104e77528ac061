"""Home Assistant's local intents: the phrasings people use, as typed and as speech arrives.

No server is needed: a matcher only names the tool and the device words; which entity
they mean is decided by the tools (tests/test_homeassistant.py, against real HA).
The requests here are botpsy's own examples, written for these tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botpsy_homeassistant.entities import Entity, exposed, singular, words
from botpsy_homeassistant.intents import make_home_matchers, spoken_number

from assistant.accounts import Account, AccountBook
from assistant.clock import Clock
from assistant.config import Config
from assistant.hookspecs import PluginContext
from assistant.intents import IntentMatch, clean_request
from assistant.plugins import load_plugins


def match(text: str) -> IntentMatch | None:
    cleaned = clean_request(text)
    for _, matcher in make_home_matchers():
        found = matcher(cleaned)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("turn off the hallway lights", "home_turn_off", {"device": "hallway lights"}),
        ("Switch the desk lamp on.", "home_turn_on", {"device": "desk lamp"}),
        ("porch light off", "home_turn_off", {"device": "porch light"}),
        ("please switch off all the lights", "home_turn_off", {"device": "lights"}),
        ("turn on the espresso machine", "home_turn_on", {"device": "espresso machine"}),
        ("make me a coffee", "home_turn_on", {"device": "coffee machine"}),
        ("start the robot vacuum", "home_turn_on", {"device": "robot vacuum"}),
        ("vacuum the floors", "home_turn_on", {"device": "vacuum"}),
        ("send the hoover back to its base", "home_turn_off", {"device": "hoover"}),
        ("activate the reading scene", "home_turn_on", {"device": "reading scene"}),
        ("make the bedroom lights purple", "home_light_set", {"device": "bedroom lights", "colour": "purple"}),
        ("turn the lamp warm white", "home_light_set", {"device": "lamp", "colour": "warm white"}),
        ("change the colour of the hall light to green", "home_light_set", {"device": "hall light", "colour": "green"}),
        ("set the study lights to 40%", "home_light_set", {"device": "study lights", "brightness": 40}),
        ("set the desk lamp to sixty percent", "home_light_set", {"device": "desk lamp", "brightness": 60}),
        ("dim the dining room", "home_light_set", {"device": "dining room", "change": -30}),
        ("turn the lights down a bit", "home_light_set", {"device": "lights", "change": -30}),
        ("make the office lights brighter", "home_light_set", {"device": "office lights", "change": 30}),
        ("set the thermostat to 19.5", "home_climate_set", {"device": "thermostat", "temperature": 19.5}),
        ("set the heating to twenty two degrees", "home_climate_set", {"device": "heating", "temperature": 22}),
        ("make it 18 degrees in the nursery", "home_climate_set", {"device": "nursery", "temperature": 18}),
        ("warm up the car to 20", "home_climate_set", {"device": "car", "temperature": 20}),
        ("open the garage", "home_open", {"device": "garage"}),
        ("raise the kitchen blinds", "home_open", {"device": "kitchen blinds"}),
        ("close the bedroom curtains", "home_close", {"device": "bedroom curtains"}),
        ("lock the car", "home_lock", {"device": "car"}),
        ("lock the back door", "home_lock", {"device": "back door"}),
        ("unlock the shed", "home_unlock", {"device": "shed"}),
        ("arm the alarm", "home_lock", {"device": "alarm"}),
        ("disarm the security system", "home_unlock", {"device": "security system"}),
        ("is the back door locked", "home_status", {"device": "back door"}),
        ("how much fuel is left in the car", "home_status", {"device": "car fuel"}),
        ("what's the car's battery", "home_status", {"device": "car battery"}),
        ("alexa, switch off the porch light", "home_turn_off", {"device": "porch light"}),
        ("could you turn the fan off in the guest room", "home_turn_off", {"device": "fan in the guest room"}),
        ("i'd like a cup of coffee", "home_turn_on", {"device": "coffee machine"}),
        ("begin vacuuming", "home_turn_on", {"device": "vacuum"}),
        ("hoover the stairs", "home_turn_on", {"device": "vacuum"}),
        ("it's very dark in here", "home_turn_on", {"device": "lights"}),
        ("reduce the lighting in the hall", "home_light_set", {"device": "lights in the hall", "change": -30}),
        ("could the bedroom lamp be turned to orange", "home_light_set", {"device": "bedroom lamp", "colour": "orange"}),
        # brightness, relative and absolute, with or without a light named
        ("make it a little brighter in here", "home_light_set", {"device": "lights", "change": 30}),
        ("make it darker", "home_light_set", {"device": "lights", "change": -30}),
        ("dim", "home_light_set", {"device": "lights", "change": -30}),
        ("lights to forty", "home_light_set", {"device": "lights", "brightness": 40}),
        ("turn the porch lights down to 20 percent", "home_light_set", {"device": "porch lights", "brightness": 20}),
        ("raise the brightness of the desk lamp", "home_light_set", {"device": "desk lamp", "change": 30}),
        ("lower the light intensity", "home_light_set", {"device": "lights", "change": -30}),
        ("i want soft lighting in the study", "home_light_set", {"device": "lights in the study", "change": -30}),
        # moods are light settings
        ("make it cosier", "home_light_set", {"device": "lights", "colour": "warm white", "brightness": 40}),
        ("set the hall lights to reading mode", "home_light_set", {"device": "hall lights", "colour": "cool white", "brightness": 100}),
        ("romantic lighting in the dining room", "home_light_set", {"device": "lights in the dining room", "colour": "warm white", "brightness": 20}),
        # the vacuum and the coffee machine
        ("get the robot vacuum going", "home_turn_on", {"device": "vacuum"}),
        ("tell the hoover to clean the hallway", "home_turn_on", {"device": "vacuum"}),
        ("the carpets need vacuuming", "home_turn_on", {"device": "vacuum"}),
        ("set the espresso machine running", "home_turn_on", {"device": "espresso machine"}),
        # colours said every way, levels in words and amounts
        ("porch lights amber", "home_light_set", {"device": "porch lights", "colour": "amber"}),
        ("make the bedroom light purple", "home_light_set", {"device": "bedroom light", "colour": "purple"}),
        ("switch the lamp colour to teal", "home_light_set", {"device": "lamp", "colour": "teal"}),
        ("turn the lights pink in the nursery", "home_light_set", {"device": "lights in the nursery", "colour": "pink"}),
        ("set the strip lights to a cool white", "home_light_set", {"device": "strip lights", "colour": "cool white"}),
        ("lights to full", "home_light_set", {"device": "lights", "brightness": 100}),
        ("set the reading lamp at half brightness", "home_light_set", {"device": "reading lamp", "brightness": 50}),
        ("increase the brightness by 15 percent", "home_light_set", {"device": "lights", "change": 15}),
        ("lower the hall lights by twenty", "home_light_set", {"device": "hall lights", "change": -20}),
        ("kill the lights", "home_turn_off", {"device": "lights"}),
        ("a bit more light in here", "home_light_set", {"device": "lights", "change": 30}),
        ("i need coffee", "home_turn_on", {"device": "coffee machine"}),
        ("start brewing some espresso", "home_turn_on", {"device": "coffee machine"}),
        # a name said first, as to any voice assistant
        ("hey juno, switch off the attic light", "home_turn_off", {"device": "attic light"}),
    ],
)  # fmt: skip
def test_common_phrasings(text: str, tool: str, arguments: dict[str, Any]) -> None:
    found = match(text)
    assert found is not None, text
    assert (found.tool, found.arguments) == (tool, arguments)
    assert not found.missing


@pytest.mark.parametrize(
    "text",
    [
        "turn off the alarm",  # the alarm clock's
        "turn it up",
        "turn the volume down",
        "lock the screen",
        "turn off the computer",
        "open my lease pdf",
        "open firefox",
        "start a timer for ten minutes",
        "start the meeting notes",
        "what's the temperature",  # the weather's
        "close the file",
        "add lights to my shopping list",
        "arm the kids",  # arming is for an alarm, nothing else
        "put on the radio for me",  # media is this computer's, or the model's
        "turn on my playlist",
        "bring up my calendar",
        "lower the bass",
        "clean the cache",
        "put some jazz on",
        "start the podcast about space",
        "make it work",  # a mood word only counts where light is meant
        "make the summary shorter",
        "set the mood for the party playlist",
        "don't turn off the lights",
        "juno why did you turn off the lights",
        "make it brighter on the screen",
        "what is a different colour for the logo",
        "make the heading red",
        "i need my coffee mug washed",
        "kill the music",
        "actually make it 5",  # no thermostat is set to 5 degrees: an hour, for a follow-up
        "set the timer to 3",
    ],
)
def test_other_requests_are_left_alone(text: str) -> None:
    assert match(text) is None


def test_a_colour_change_without_a_colour_asks_for_it() -> None:
    found = match("change the colour of the desk lamp")
    assert found is not None and found.tool == "home_light_set"
    assert found.arguments == {"device": "desk lamp"} and "colour" in found.missing


def test_a_new_colour_with_none_named_asks_which() -> None:
    found = match("switch the lamps to a random colour")
    assert found is not None and found.tool == "home_light_set"
    assert found.arguments == {"device": "lamps"} and "colour" in found.missing


def test_spoken_numbers_and_words() -> None:
    assert spoken_number("twenty one") == 21 and spoken_number("19.5") == 19.5
    assert words("Living Room RGBWW Lights") == ["living", "room", "rgbww", "light"]
    assert [singular(w) for w in ("switches", "batteries", "blinds", "glass")] == [
        "switch",
        "battery",
        "blind",
        "glass",
    ]


def test_exposure_by_glob_and_area() -> None:
    assert exposed("light.kitchen", "", ["light.*"])
    assert not exposed("script.open_everything", "", ["light.*", "switch.*"])
    assert exposed("switch.kettle", "Kitchen", ["area:kitchen"])
    assert not exposed("switch.kettle", "Hall", ["area:kitchen"])
    lamp = Entity("light.lamp_2", "Reading Lamp", "on", {}, area="Study", labels=["Evening"])
    assert {"reading", "lamp", "study", "evening", "light"} <= lamp.all_words


def test_the_plugin_offers_tools_and_intents_only_with_an_account(
    home: Path, config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    accounts = home / "accounts.json"
    monkeypatch.setenv("BOTPSY_ACCOUNTS", str(accounts))
    context = PluginContext(config, Clock.for_user("Europe/Berlin"))
    loaded = load_plugins(context)
    assert "homeassistant" in loaded.account_kinds
    assert not [name for name in loaded.tools.names() if name.startswith("home_")]
    assert loaded.intents.match("turn off the hallway lights") is None

    AccountBook(accounts).save(
        Account("homeassistant", "homeassistant", {"url": "http://127.0.0.1:1"})
    )
    loaded = load_plugins(PluginContext(config, Clock.for_user("Europe/Berlin")))
    assert {"home_turn_on", "home_unlock", "home_status"} <= set(loaded.tools.names())
    for text in ("turn off the hallway lights", "lock the car", "make the lights blue"):
        found = loaded.intents.match(text)
        assert found is not None and found.intent.startswith("homeassistant."), (text, found)
