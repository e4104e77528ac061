"""Device needs said in ways nobody wrote a shape for: one invented table per need, and near misses.

Each need (louder, quieter, a level, mute, unmute, how loud, pause, resume, next,
previous, shuffle and repeat, what is playing, play something, screen brightness,
battery, network, disk) has ten or more ways people say it to a voice assistant:
commands, questions and bare fragments ("up a bit", "volume eight", "too loud"),
numbers said as words, apostrophes dropped as speech is written down ("its too
quiet"), fillers and other word orders. Every row is invented, about botpsy's own
tools. The installed plugins are loaded in their real order, so a row also checks
that no other plugin takes it first; a second registry has Home Assistant set up,
where a room or a home player named in the request is the home's, not this computer's.
The timed mute is checked against a real PulseAudio server (tests/test_device.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from botpsy_device.tools import DeviceTools

from assistant.clock import Clock
from assistant.config import Config
from assistant.hookspecs import PluginContext
from assistant.intents import IntentMatch, IntentRegistry
from assistant.plugins import load_plugins
from tests.conftest import NOW, ZONE
from tests.helpers import isolate_home
from tests.test_device import Sink, device, pulse, sink  # noqa: F401  (fixtures)

Call = tuple[str, dict[str, object]]
UP: Call = ("volume_set", {"level": "up"})
DOWN: Call = ("volume_set", {"level": "down"})
MUTE: Call = ("volume_mute", {"mute": True})
UNMUTE: Call = ("volume_mute", {"mute": False})
VOLUME_NOW: Call = ("volume_get", {})
NOW_PLAYING: Call = ("media_now_playing", {})
RESUME: Call = ("media_play", {})
BATTERY: Call = ("battery_status", {})
NETWORK: Call = ("network_status", {})
DISK: Call = ("disk_space", {})


def level(value: str) -> Call:
    return ("volume_set", {"level": value})


def control(action: str) -> Call:
    return ("media_control", {"action": action})


def bright(value: str) -> Call:
    return ("brightness_set", {"level": value})


LOUDER = [
    "louder", "a bit louder", "bit louder please", "turn it up a little more", "crank it up",
    "up a bit", "raise it", "could it be louder", "its a bit quiet", "it's a bit quiet",
    "i can hardly hear it", "turn the sound up a touch", "give it some more volume",
    "its too quiet in here", "a little more volume", "vol up", "would you mind turning it up",
    "play it louder", "play the music louder", "can i get more volume", "speakers louder",
    "the speakers are too quiet", "speak up", "you're too quiet", "louder please i can barely hear",
]  # fmt: skip
QUIETER = [
    "quieter", "turn it down a little", "way too loud", "thats too loud", "lower it a bit",
    "tone it down", "turn the volume down a touch", "down a bit", "not so loud",
    "the music is rather loud", "it is a bit loud", "reduce the loudness", "volume is very high",
    "the audio is too loud please lower it", "lower your voice", "talk more quietly",
    "you're too loud", "your voice is too loud", "keep it down please", "its quite loud in here",
    "do you mind lowering the volume", "a touch quieter", "dial it back", "i said turn it down",
    "its hurting my ears", "turn vol down", "play it softer",
]  # fmt: skip
LEVELS = [
    ("volume eight", "80"), ("volume at eight", "80"), ("put the volume on five", "50"),
    ("volume level three", "30"), ("make the volume sixty", "60"),
    ("change the volume to thirty five", "35"), ("i want the volume at six", "60"),
    ("volume twenty five", "25"), ("volume at level two", "20"),
    ("adjust the volume to seventy", "70"), ("thirty percent volume", "30"),
    ("volume thirty percent please", "30"), ("half volume", "half"), ("change volume to max", "max"),
    ("volume all the way up", "max"), ("crank it all the way", "max"),
    ("turn it all the way down", "min"), ("raise the volume by two", "+2"),
    ("lower the volume by three", "-3"), ("turn it down by ten", "-10"),
    ("lower the volume two levels", "-20"), ("turn it down two notches", "-20"),
    ("take the volume down completely", "min"), ("lower the volume all the way", "min"),
]  # fmt: skip
MUTED = [
    "mute", "mute it please", "shut up", "be quiet", "hush now", "no noise please",
    "please stop talking", "enough talking", "turn on silent mode", "silent mode on",
    "switch off sound", "kill the sound", "go silent", "mute for now", "mute until i say so",
    "you can be quiet now", "volume zero", "be quiet olly", "put on mute olly",
    "mute the volume please olly", "i said be quiet", "can i have some quiet",
    "quiet please the baby is sleeping", "from now on be quiet", "would you mind muting",
    "hit mute", "press mute", "the mute button",
]  # fmt: skip
# Said with how long: muted now, the time kept so the tool can say it cannot undo it then.
MUTED_FOR = [
    ("mute for ten minutes", "for ten minutes"), ("shut up for a minute", "for a minute"),
    ("be quiet for an hour", "for an hour"), ("stop talking for an hour", "for an hour"),
    ("mute for the next two hours please", "for the next two hours"),
    ("silence until five pm", "until five pm"), ("mute tonight", "tonight"),
    ("mute while im on the phone", "while i'm on the phone"),
    ("i am on a call mute for twenty minutes", "for twenty minutes"),
    ("turn the sound off for half an hour", "for half an hour"),
    ("for an hour mute", "for an hour"), ("in the next hour be silent", "in the next hour"),
    ("during the meeting mute", "during the meeting"), ("until tomorrow mute everything", "until tomorrow"),
    ("ten minutes of silence please", "for ten minutes"),
    ("give me ten minutes of silence", "for ten minutes"), ("mute for 2hrs", "for 2 hrs"),
    ("dont make noise for the next thirty minutes", "for the next thirty minutes"),
    ("mute tonight until morning", "tonight until morning"), ("disable sound for a day", "for a day"),
    ("mute for the weekend", "for the weekend"), ("mute during the game", "during the game"),
    ("i dont want to hear anything from you for the next hour", "for the next hour"),
]  # fmt: skip
UNMUTED = [
    "unmute", "un mute", "unmute please", "sound back on", "turn the sound back on",
    "take it off mute", "bring the sound back", "give me the sound back", "restore the volume",
    "turn on the sound", "switch the sound on", "unmute yourself", "put the sound back",
]  # fmt: skip
HOW_LOUD = [
    "how loud is it", "whats the volume", "what volume is it on", "what level is the volume at",
    "is it muted", "are you muted", "current volume", "volume level", "how high is the volume",
    "is the sound on", "tell me the volume", "check the volume", "what is the current volume",
]  # fmt: skip
PAUSED = [
    "pause", "pause it", "stop the music", "stop playing", "stop the song", "pause playback",
    "freeze the music", "stop the podcast", "pause for a second", "hold on pause that",
    "stop the radio", "turn the music off", "music off", "enough music", "press pause",
]  # fmt: skip
RESUMED = [
    "resume", "play", "continue", "unpause", "keep playing", "start the music again",
    "resume playback", "press play", "hit play", "music back on", "resume the podcast",
    "i want to hear the rest of my audiobook", "get some music going", "crank up some music",
    "play spotify", "play my spotify",
    "play random music", "play a random song",
]  # fmt: skip
NEXT = [
    "next", "skip", "next one", "skip it", "another song", "i don't like this skip it",
    "i hate this one skip it", "play the next one please", "skip ahead to the next track",
    "change this song",
    "play something else now", "a different song please", "skip to the next podcast episode",
    "next chapter",
    "read the next chapter",
]  # fmt: skip
PREVIOUS = [
    "previous", "go back", "last song", "back one", "play the previous song again",
    "the one before", "play that last song again", "go back a track", "back to the last song",
    "replay the last song", "play the song before this one", "read the last chapter again",
]  # fmt: skip
MODES = [
    ("shuffle", "shuffle"), ("shuffle on", "shuffle"), ("mix it up", "shuffle"),
    ("play in random order", "shuffle"), ("stop shuffling", "shuffle_off"),
    ("repeat this song", "repeat"), ("loop this", "repeat"), ("put this on repeat", "repeat"),
    ("repeat off", "repeat_off"), ("stop repeating", "repeat_off"),
]  # fmt: skip
WHAT_PLAYS = [
    "whats this song", "who sings this", "what am i listening to", "who's singing", "song name",
    "which album is this", "what was that song", "who is this by", "tell me what song this is",
    "whats the name of the song thats playing", "who is the band playing right now",
    "what year did this song come out", "give me the song details", "whats on right now",
    "can you tell me who sings this", "song title please", "whose song is this",
    "what kind of music is this", "what radio station is playing", "info on this song",
]  # fmt: skip
SCREEN = [
    ("screen brighter", "up"), ("turn the brightness down a bit", "down"),
    ("the screen is too bright", "down"), ("its too dark i cant see the screen", "up"),
    ("the screen is too dark", "up"), ("turn the screen brightness up", "up"),
    ("brightness to fifty", "50"), ("brightness eighty percent", "80"),
    ("set brightness to seventy", "70"), ("screen brightness to forty percent", "40"),
    ("brightness fifty", "50"), ("set the screen to half brightness", "half"),
    ("max brightness", "max"), ("full brightness", "max"),
]  # fmt: skip
STATUS = [
    ("hows the battery", BATTERY), ("battery percentage", BATTERY), ("is the battery low", BATTERY),
    ("how long will the battery last", BATTERY), ("am i charging", BATTERY),
    ("is my laptop plugged in", BATTERY), ("do i need to charge", BATTERY),
    ("how much charge is left", BATTERY), ("what percent is my battery", BATTERY),
    ("do i have internet", NETWORK), ("am i connected to wifi", NETWORK),
    ("is my connection ok", NETWORK), ("are we online", NETWORK),
    ("what network am i on", NETWORK), ("which wifi am i connected to", NETWORK),
    ("how much storage is left", DISK), ("how much free space", DISK),
]  # fmt: skip
PLAYED = [
    ("i wanna hear some jazz", "jazz"), ("throw on some jazz", "jazz"),
    ("i'd love to hear blue train", "blue train"), ("play songs from the kites", "the kites"),
    ("play the newest album by the kites", "the kites"), ("play rain sounds", "rain sounds"),
    ("put on music for dinner", "dinner"), ("switch to harbour fm", "harbour fm"),
    ("put on ninety eight point one fm", "98.1"), ("shuffle the kites", "the kites"),
    ("play the kites on shuffle", "the kites"), ("play my running playlist shuffled", "running"),
    ("put the kites on repeat", "the kites"), ("repeat the album blue train", "blue train"),
    ("loop the song blue train", "blue train"), ("skip to the song blue train", "blue train"),
    ("change the song to blue train", "blue train"), ("switch the music to some jazz", "jazz"),
    ("would you mind playing the kites", "the kites"), ("new music by the kites", "the kites"),
    ("the kites songs", "the kites"), ("some of the kites songs", "the kites"),
    ("would love some jazz", "jazz"), ("search the kites on spotify", "the kites"),
    ("could you find the kites on spotify", "the kites"),
    ("can you search spotify for the kites", "the kites"), ("the latest podcast", "latest podcast"),
]  # fmt: skip
# Other domains' requests, questions of knowledge and chit-chat that use the device's words.
NEVER = [
    "stop the alarm", "pause the timer", "snooze the alarm", "turn the alarm volume up",
    "who sang yesterday", "how loud is a jet engine", "whats the battery life of the new phone",
    "how long does a phone battery last", "who wrote hamlet", "whats next on my calendar",
    "skip my next meeting", "play chess with me", "mute ana in the group chat",
    "read the previous email", "repeat that", "say that again", "can you repeat that please",
    "what is a song", "how bright is the sun", "dim the lights", "make it brighter", "brighter",
    "the lights are too bright", "charge my car", "is the car charging", "turn off the wifi",
    "what is wifi", "how does the internet work", "what is an ip address", "im feeling down",
    "tell me a joke", "thats a lot of noise", "how are you", "louder than words is a song",
    "what is the volume of a cube", "turn up the heat", "the heating is too high",
    "what is the next song on the radio tonight", "go back to the main menu", "next question",
    "skip the intro", "who is playing at the stadium tonight", "what song won the contest",
    "free up some disk space", "delete files to make space", "recommend a podcast",
    "any new podcast episodes", "any good songs", "recommend me an audiobook", "my ears hurt",
    "turn it back", "mute ana", "what are the best songs", "which songs", "your favourite songs",
    "mute notifications for an hour", "play the piano", "play the guitar", "play catch",
    "play another round", "play the next level", "play pool", "find cat videos on youtube",
    "search spotify for the weather", "you talk too much", "quiet night", "silent night",
    "play time is over", "read the next one", "read the next email", "please mute ana", "turn it up ben", "repeat after me",
    "repeat the question", "put the kettle on repeat", "repeat the reminder", "my back hurts",
    "write this down", "jot that down", "note it down", "i need a taxi to the station",
    "i want a ride to the train station",
]  # fmt: skip
# With Home Assistant set up: a room or a home player named is the home's business.
HOME_NAMED = [
    "play music in the kitchen", "play jazz in the living room", "turn it up in the bedroom",
    "living room volume up", "pause the tv", "mute the kitchen speaker", "play the kites everywhere",
    "next song on the sonos", "turn on the living room lights", "dim the bedroom lights",
]  # fmt: skip


def _rows() -> list[tuple[str, Call]]:
    rows: list[tuple[str, Call]] = []
    rows += [(t, UP) for t in LOUDER]
    rows += [(t, DOWN) for t in QUIETER]
    rows += [(t, level(v)) for t, v in LEVELS]
    rows += [(t, MUTE) for t in MUTED]
    rows += [(t, ("volume_mute", {"mute": True, "duration": d})) for t, d in MUTED_FOR]
    rows += [(t, UNMUTE) for t in UNMUTED]
    rows += [(t, VOLUME_NOW) for t in HOW_LOUD]
    rows += [(t, control("pause")) for t in PAUSED]
    rows += [(t, RESUME) for t in RESUMED]
    rows += [(t, control("next")) for t in NEXT]
    rows += [(t, control("previous")) for t in PREVIOUS]
    rows += [(t, control(a)) for t, a in MODES]
    rows += [(t, NOW_PLAYING) for t in WHAT_PLAYS]
    rows += [(t, bright(v)) for t, v in SCREEN]
    rows += STATUS
    return rows


def _registry(home_dir: Path, with_home: bool) -> IntentRegistry:
    data = home_dir / "data"
    data.mkdir(parents=True, exist_ok=True)
    if with_home:  # the account only: its server is never reached by matching
        account = {
            "name": "home",
            "kind": "homeassistant",
            "settings": {"url": "http://127.0.0.1:1"},
        }
        (data / "accounts.json").write_text(json.dumps({"accounts": [account]}), encoding="utf-8")
    config = Config(timezone="Europe/Berlin", data_dir=data)
    return load_plugins(PluginContext(config, Clock(ZONE, NOW))).intents


def _fresh(tmp_path_factory: pytest.TempPathFactory, with_home: bool) -> Iterator[IntentRegistry]:
    root = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        isolate_home(patch, root)
        yield _registry(root, with_home)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[IntentRegistry]:
    """Every installed plugin's intents in their real order, no smart home set up."""
    yield from _fresh(tmp_path_factory, with_home=False)


@pytest.fixture(scope="module")
def at_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[IntentRegistry]:
    """The same with a Home Assistant account set up."""
    yield from _fresh(tmp_path_factory, with_home=True)


def _device(match: IntentMatch | None) -> Call | None:
    if match is None or not match.intent.startswith("device."):
        return None
    return (match.tool, match.arguments)


@pytest.mark.parametrize(("text", "call"), _rows())
def test_said_reaches_the_tool(installed: IntentRegistry, text: str, call: Call) -> None:
    assert _device(installed.match(text)) == call, text


@pytest.mark.parametrize(("text", "call"), _rows())
def test_a_smart_home_changes_nothing_for_this_computer(
    at_home: IntentRegistry, text: str, call: Call
) -> None:
    assert _device(at_home.match(text)) == call, text


@pytest.mark.parametrize(("text", "name"), PLAYED)
def test_played_by_name(installed: IntentRegistry, text: str, name: str) -> None:
    found = _device(installed.match(text))
    assert found is not None and found[0] == "media_play", (text, found)
    assert name in str(found[1].get("what", "")), (text, found)


@pytest.mark.parametrize("text", NEVER)
def test_never_the_device(installed: IntentRegistry, at_home: IntentRegistry, text: str) -> None:
    assert _device(installed.match(text)) is None, text
    assert _device(at_home.match(text)) is None, text


@pytest.mark.parametrize("text", HOME_NAMED)
def test_a_room_named_is_the_homes(at_home: IntentRegistry, text: str) -> None:
    assert _device(at_home.match(text)) is None, text


def test_without_a_smart_home_a_room_is_only_where_the_user_is(installed: IntentRegistry) -> None:
    assert _device(installed.match("play jazz in the kitchen")) == ("media_play", {"what": "jazz"})


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("shuffle and play the kites", "the kites"),
        ("shuffle and play my running playlist", "my running playlist"),
        ("turn on repeat and play blue train", "blue train"),
        ("put it on shuffle then play some jazz", "some jazz"),
    ],
)
def test_a_mode_said_first_runs_after_what_it_applies_to(
    installed: IntentRegistry, text: str, what: str
) -> None:
    """The player's shuffle or repeat is set once the player has the new thing."""
    calls = installed.match_all(text)
    assert calls is not None, text
    assert [c.tool for c in calls] == ["media_play", "media_control"], (text, calls)
    assert calls[0].arguments == {"what": what}
    assert calls[1].arguments["action"] in ("shuffle", "repeat")


def test_a_mode_said_last_stays_last(installed: IntentRegistry) -> None:
    calls = installed.match_all("play the kites and turn it up")
    assert calls is not None
    assert [(c.tool, c.arguments) for c in calls] == [
        ("media_play", {"what": "the kites"}),
        ("volume_set", {"level": "up"}),
    ]


def test_a_timed_mute_says_it_cannot_undo_itself(device: DeviceTools, sink: Sink) -> None:  # noqa: F811
    """Real PulseAudio: muted now, and the reply says the sound will not come back by itself."""
    result = device.volume_mute(True, duration="for ten minutes")
    assert sink.state() == (50, True)
    assert "for ten minutes" in result.summary and "unmute" in result.summary
    assert device.volume_mute().summary == "Muted."  # no time said: nothing more to say
    assert device.volume_mute(False, duration="for ten minutes").summary.startswith("Sound is on")
    assert sink.state() == (50, False)
