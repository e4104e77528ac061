"""Device intents: spoken requests for volume, playback, screen and status, and what never matches.

Checked twice: the device matchers alone (exactly one takes each request), and
the full set of installed plugins in their real order (no other plugin takes
them first, and device phrasings do not steal other plugins' requests).
"""

from __future__ import annotations

import pytest
from botpsy_device.common import DeviceError
from botpsy_device.intents import make_device_matchers
from botpsy_device.levels import target
from botpsy_device.sound_intents import level_of
from botpsy_device.spoken import clean, spoken_frequencies, spoken_number

from assistant.clock import Clock
from assistant.config import Config
from assistant.hookspecs import PluginContext
from assistant.intents import IntentMatch, IntentRegistry
from assistant.plugins import load_plugins

APPS = {"calculator", "firefox", "text editor"}


def only_match(text: str) -> IntentMatch | None:
    """The one device matcher that takes `text` (two would be a bug), or None."""
    found = [m(text) for _, m in make_device_matchers(lambda name: name.lower() in APPS)]
    matched = [m for m in found if m is not None]
    assert len(matched) <= 1, (text, matched)
    return matched[0] if matched else None


CASES = [
    # volume
    ("turn it up", "volume_set", {"level": "up"}),
    ("turn the volume up a bit", "volume_set", {"level": "up"}),
    ("turn up the music", "volume_set", {"level": "up"}),
    ("louder", "volume_set", {"level": "up"}),
    ("make it louder please", "volume_set", {"level": "up"}),
    ("volume up now", "volume_set", {"level": "up"}),
    ("increase the volume", "volume_set", {"level": "up"}),
    ("i can't hear it", "volume_set", {"level": "up"}),
    ("turn it down", "volume_set", {"level": "down"}),
    ("turn down the sound a little", "volume_set", {"level": "down"}),
    ("a bit quieter", "volume_set", {"level": "down"}),
    ("turn the volume down a notch", "volume_set", {"level": "down"}),
    ("it's too loud", "volume_set", {"level": "down"}),
    ("volume to 30", "volume_set", {"level": "30"}),
    ("set the volume to 45%", "volume_set", {"level": "45"}),
    ("turn the volume down to 20 percent", "volume_set", {"level": "20"}),
    ("Volume 70.", "volume_set", {"level": "70"}),
    ("mute", "volume_mute", {"mute": True}),
    ("mute the speakers", "volume_mute", {"mute": True}),
    ("turn the sound off", "volume_mute", {"mute": True}),
    ("unmute", "volume_mute", {"mute": False}),
    ("turn the sound back on", "volume_mute", {"mute": False}),
    ("what's the volume", "volume_get", {}),
    # volume as people say it: number words, the ten-step scale, steps, the ends of the scale
    ("volume to forty", "volume_set", {"level": "40"}),
    ("set the speaker volume to sixty five percent", "volume_set", {"level": "65"}),
    ("turn the volume to level seven", "volume_set", {"level": "70"}),
    ("crank it up to the max", "volume_set", {"level": "max"}),
    ("increase the volume of the music to a hundred", "volume_set", {"level": "100"}),
    ("turn it up by fifteen", "volume_set", {"level": "+15"}),
    ("lower the volume by 20 percent", "volume_set", {"level": "-20"}),
    ("turn the music all the way down", "volume_set", {"level": "min"}),
    ("full volume", "volume_set", {"level": "max"}),
    ("set the volume to zero", "volume_mute", {"mute": True}),
    ("hey could you make the music a little louder", "volume_set", {"level": "up"}),
    ("speak up", "volume_set", {"level": "up"}),
    ("i can barely hear the music", "volume_set", {"level": "up"}),
    ("it's not loud enough", "volume_set", {"level": "up"}),
    ("the music is way too quiet", "volume_set", {"level": "up"}),
    ("boost the computer volume", "volume_set", {"level": "up"}),
    ("tone it down a bit", "volume_set", {"level": "down"}),
    ("way too loud", "volume_set", {"level": "down"}),
    ("this is really loud", "volume_set", {"level": "down"}),
    ("quieter please", "volume_set", {"level": "down"}),
    (
        "mute the speakers for twenty minutes",
        "volume_mute",
        {"mute": True, "duration": "for twenty minutes"},
    ),
    ("silence everything until i say so", "volume_mute", {"mute": True}),
    ("put the computer on silent", "volume_mute", {"mute": True}),
    ("be quiet", "volume_mute", {"mute": True}),
    ("go to sleep for a while", "volume_mute", {"mute": True, "duration": "for a while"}),
    ("stop the noise", "volume_mute", {"mute": True}),
    ("go on mute", "volume_mute", {"mute": True}),
    ("take it off mute", "volume_mute", {"mute": False}),
    ("un mute the speakers", "volume_mute", {"mute": False}),
    ("is the sound muted?", "volume_get", {}),
    # media
    ("pause the music", "media_control", {"action": "pause"}),
    ("pause", "media_control", {"action": "pause"}),
    ("stop the music", "media_control", {"action": "pause"}),
    ("resume", "media_play", {}),
    ("play some music", "media_play", {}),
    # music named as the user names it: looked up among their stations and music files
    ("play the kites", "media_play", {"what": "the kites"}),
    ("tune in to eighty eight point one fm", "media_play", {"what": "88.1 fm"}),
    ("harbour eighty eight fm", "media_play", {"what": "harbour 88 fm"}),
    ("put harbour fm on", "media_play", {"what": "harbour fm"}),
    ("turn the radio on", "media_play", {"what": "radio"}),
    ("switch the station to harbour fm", "media_play", {"what": "harbour fm"}),
    ("i'd love to hear some bossa nova", "media_play", {"what": "some bossa nova"}),
    ("can i listen to the kites", "media_play", {"what": "the kites"}),
    ("then play blue train by the quartet", "media_play", {"what": "blue train by the quartet"}),
    ("open spotify and play night drive", "media_play", {"what": "night drive"}),
    ("play the road trip playlist on shuffle", "media_play", {"what": "the road trip playlist"}),
    ("give me some folk music", "media_play", {"what": "some folk music"}),
    ("play songs from my library", "media_play", {}),
    ("listen to music", "media_play", {}),
    ("play this song", "media_play", {}),
    ("play the match on the radio", "media_play", {"what": "the match on the radio"}),
    # podcasts and audiobooks: going on with one, or starting one by name
    ("resume the audiobook", "media_play", {}),
    ("resume where i left off", "media_play", {}),
    ("continue listening to the space podcast", "media_play", {"what": "the space podcast"}),
    ("resume the lighthouse keeper", "media_play", {"what": "the lighthouse keeper"}),
    ("start the audiobook called the long river", "media_play", {"what": "the long river"}),
    ("start a podcast about gardens", "media_play", {"what": "a podcast about gardens"}),
    (
        "start reading chapter three of the long river",
        "media_play",
        {"what": "chapter three of the long river"},
    ),
    ("put on the night harbour album", "media_play", {"what": "the night harbour album"}),
    ("i want to listen to harbour fm", "media_play", {"what": "harbour fm"}),
    ("continue playing", "media_play", {}),
    ("next song", "media_control", {"action": "next"}),
    ("skip this track", "media_control", {"action": "next"}),
    ("play the next episode", "media_control", {"action": "next"}),
    ("previous track", "media_control", {"action": "previous"}),
    ("go back one song", "media_control", {"action": "previous"}),
    ("on to the next chapter", "media_control", {"action": "next"}),
    ("jump to the next podcast", "media_control", {"action": "next"}),
    ("change the station", "media_control", {"action": "next"}),
    ("go back a chapter", "media_control", {"action": "previous"}),
    ("disable shuffle", "media_control", {"action": "shuffle_off"}),
    ("turn shuffle mode off", "media_control", {"action": "shuffle_off"}),
    ("play the songs in random order", "media_control", {"action": "shuffle"}),
    ("repeat the current track", "media_control", {"action": "repeat"}),
    ("put this song on loop", "media_control", {"action": "repeat"}),
    ("don't repeat", "media_control", {"action": "repeat_off"}),
    ("who's singing this", "media_now_playing", {}),
    ("what album is this song from", "media_now_playing", {}),
    ("what's the name of this tune", "media_now_playing", {}),
    ("which band is playing right now", "media_now_playing", {}),
    ("tell me the track title", "media_now_playing", {}),
    ("when was this track released", "media_now_playing", {}),
    ("what station is this", "media_now_playing", {}),
    ("shuffle my music", "media_control", {"action": "shuffle"}),
    ("turn on shuffle", "media_control", {"action": "shuffle"}),
    ("turn off shuffle", "media_control", {"action": "shuffle_off"}),
    ("repeat this album", "media_control", {"action": "repeat"}),
    ("stop repeating", "media_control", {"action": "repeat_off"}),
    ("what's playing", "media_now_playing", {}),
    ("which track is this?", "media_now_playing", {}),
    ("what am i listening to", "media_now_playing", {}),
    # screen and status
    ("make the screen brighter", "brightness_set", {"level": "up"}),
    ("dim the screen a bit", "brightness_set", {"level": "down"}),
    ("set the brightness to 60", "brightness_set", {"level": "60"}),
    ("how much battery is left", "battery_status", {}),
    ("is my laptop charging", "battery_status", {}),
    ("how much disk space do i have left", "disk_space", {}),
    ("am i running out of space", "disk_space", {}),
    ("am i online", "network_status", {}),
    ("what's my ip address", "network_status", {}),
    (
        "show a notification saying stand up and stretch",
        "notification_show",
        {"title": "stand up and stretch"},
    ),
    ("pop up a desktop notification that says 'tea'", "notification_show", {"title": "tea"}),
    # opening
    ("open https://example.org/docs", "open_url", {"url": "https://example.org/docs"}),
    ("go to example.com", "open_url", {"url": "example.com"}),
    ("open lease.pdf", "open_file", {"path": "lease.pdf"}),
    ("open ~/Documents/notes.md", "open_file", {"path": "~/Documents/notes.md"}),
    ("open the calculator", "open_app", {"name": "calculator"}),
    ("launch firefox", "open_app", {"name": "firefox"}),
    ("open the text editor app", "open_app", {"name": "text editor"}),
]

NEVER = [
    "turn off the kitchen lights",
    "dim the living room lights",
    "open the garage door",
    "open the window",
    "play chess with me",
    "next week's meetings",
    "what's on my calendar today",
    "what is the next meeting",
    "turn up the heating",
    "set the thermostat to 21",
    "mute notifications from ana",
    "skip lunch on friday",
    "what's the battery of my car",
    "start the vacuum",
    "open my email from bob",
    "go to the shops",
    "put on the kettle",
    "play a game of chess",
    # talk, questions and games that only sound like media
    "i want to hear a joke",
    "listen to me",
    "can you hear me",
    "i want to hear about the election",
    "i want to hear from ana",
    "play hangman with me",
    "play cards with my brother",
    "play football",
    "let's play twenty questions",
    "i want to play a game",
    "play again",
    "read me my emails",
    "give me a song recommendation",
    "who is this",
    "repeat that",
    "shuffle the deck",
    "continue the conversation",
    "start the dishwasher",
    "turn on the tv",
    "i can't hear the tv",
    "turn the tv volume up",
    "make the room quieter",
    "what is the volume of a sphere",
    "volume of a cube",
    "set it to twenty one",
    "mute ana",
    "stop the timer",
    "start a new list called music",
    "open the music folder",
    "continue reading the article",
    "the weather on the radio",
    "tune the guitar",
]


@pytest.mark.parametrize(("text", "tool", "arguments"), CASES)
def test_device_matchers(text: str, tool: str, arguments: dict[str, object]) -> None:
    match = only_match(text)
    assert match is not None, text
    assert (match.tool, match.arguments) == (tool, arguments)


@pytest.mark.parametrize("text", NEVER)
def test_device_matchers_leave_other_requests_alone(text: str) -> None:
    assert only_match(text) is None


@pytest.fixture
def installed(config: Config, clock: Clock) -> IntentRegistry:
    """Every installed plugin's intents, in their real order."""
    return load_plugins(PluginContext(config, clock)).intents


@pytest.mark.parametrize(("text", "tool", "arguments"), [c for c in CASES if c[1] != "open_app"])
def test_no_other_plugin_takes_them_first(
    installed: IntentRegistry, text: str, tool: str, arguments: dict[str, object]
) -> None:
    match = installed.match(text)
    assert match is not None and match.intent.startswith("device."), (text, match)
    assert (match.tool, match.arguments) == (tool, arguments)


@pytest.mark.parametrize("text", NEVER)
def test_installed_never_routes_them_to_device(installed: IntentRegistry, text: str) -> None:
    match = installed.match(text)
    assert match is None or not match.intent.startswith("device."), (text, match)


@pytest.mark.parametrize(
    ("level", "current", "expected"),
    [
        ("30", 50, 30),
        ("30%", 50, 30),
        ("up", 50, 60),
        ("down", 5, 0),
        ("+15", 90, 100),
        ("-20", 50, 30),
        ("max", 10, 100),
        ("half", 80, 50),
        ("0", 50, 0),
        (" 100 percent ", 0, 100),
    ],
)
def test_levels(level: str, current: int, expected: int) -> None:
    assert target(level, current) == expected


@pytest.mark.parametrize("level", ["101", "loud", "", "3.5", "30 db", "--10"])
def test_bad_levels(level: str) -> None:
    with pytest.raises(DeviceError, match="0 to 100"):
        target(level, 50)


@pytest.mark.parametrize(
    ("words", "number"),
    [
        ("forty five", 45),
        ("a hundred", 100),
        ("nine hundred and five", 905),
        ("twelve", 12),
        ("30", 30),
        ("two thousand and one", 2001),
        ("loud", None),
        ("and", None),
        ("forty and five apples", None),
        ("ten ten", None),  # two numbers said one after the other, not their sum
        ("nineteen eighty five", None),
        ("twenty one", 21),
    ],
)
def test_spoken_numbers(words: str, number: int | None) -> None:
    assert spoken_number(words) == number


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("eighty eight point one fm", "88.1 fm"),
        ("the station one hundred and four point nine the wave", "the station 104.9 the wave"),
        ("channel seven hundred and twelve", "channel 712"),
        ("seven nation army", "seven nation army"),  # a title, not a frequency
        ("one hundred and one dalmatians", "one hundred and one dalmatians"),
        ("one oh one point three", "101.3"),  # digit by digit, "oh" for nought
        ("nine eight point one fm", "98.1 fm"),
        ("one oh five fm", "105 fm"),
        ("fm ninety eight", "fm 98"),
        ("am ten ten", "am ten ten"),
        ("one two three go", "one two three go"),
    ],
)
def test_frequencies_are_written_in_digits(said: str, written: str) -> None:
    assert spoken_frequencies(said) == written


@pytest.mark.parametrize(
    ("said", "level"),
    [
        ("forty", "40"),
        ("45%", "45"),
        ("five", "50"),  # the ten-step scale of speakers and TVs
        ("five percent", "5"),
        ("level 3", "30"),
        ("the loudest setting", "max"),
        ("half", "half"),
        ("a hundred", "100"),
        ("two hundred", "200"),  # the tool refuses it in one line
        ("the kitchen", None),
    ],
)
def test_spoken_levels(said: str, level: str | None) -> None:
    assert level_of(said) == level


def test_fillers_around_a_request_are_dropped() -> None:
    assert clean("Hey, can you please turn it up for me?") == "turn it up"
    assert clean("i want you to mute the speakers now") == "mute the speakers"
    assert clean("Siri, play some jazz.") == "play some jazz"


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("jo play some jazz", "play some jazz"),
        ("jo, turn it up", "turn it up"),
        ("don't play that", "don't play that"),  # part of the sentence, not a name
        ("never turn it off", "never turn it off"),
        ("increase volume", "increase volume"),
        ("disable shuffle", "disable shuffle"),
        ("jo mute", "mute"),
        ("disable mute", "disable mute"),
        ("volume mute", "volume mute"),
        ("jo be quiet", "be quiet"),
        ("jo i want to hear some blues", "i want to hear some blues"),
        ("then i want to hear some blues", "then i want to hear some blues"),
        ("jo what's playing", "what's playing"),
        ("jo volume down a bit", "volume down a bit"),
        ("wait what's playing", "wait what's playing"),
        ("increase volume", "increase volume"),
        ("max volume", "max volume"),
    ],
)
def test_a_name_said_first_is_dropped(said: str, plain: str) -> None:
    assert clean(said) == plain
