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
    ("volume up", "volume_set", {"level": "up"}),
    ("increase the volume", "volume_set", {"level": "up"}),
    ("i can't hear it", "volume_set", {"level": "up"}),
    ("turn it down", "volume_set", {"level": "down"}),
    ("turn down the sound a little", "volume_set", {"level": "down"}),
    ("a bit quieter", "volume_set", {"level": "down"}),
    ("lower the volume", "volume_set", {"level": "down"}),
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
    ("is the sound muted?", "volume_get", {}),
    # media
    ("pause the music", "media_control", {"action": "pause"}),
    ("pause", "media_control", {"action": "pause"}),
    ("stop the music", "media_control", {"action": "pause"}),
    ("resume", "media_play", {}),
    ("play some music", "media_play", {}),
    # music named as the user names it: looked up among their stations and music files
    ("play the kites", "media_play", {"what": "the kites"}),
    ("put on the night harbour album", "media_play", {"what": "the night harbour album"}),
    ("i want to listen to harbour fm", "media_play", {"what": "harbour fm"}),
    ("continue playing", "media_play", {}),
    ("next song", "media_control", {"action": "next"}),
    ("skip this track", "media_control", {"action": "next"}),
    ("play the next episode", "media_control", {"action": "next"}),
    ("previous track", "media_control", {"action": "previous"}),
    ("go back one song", "media_control", {"action": "previous"}),
    ("shuffle my music", "media_control", {"action": "shuffle"}),
    ("turn on shuffle", "media_control", {"action": "shuffle"}),
    ("turn off shuffle", "media_control", {"action": "shuffle_off"}),
    ("repeat this album", "media_control", {"action": "repeat"}),
    ("stop repeating", "media_control", {"action": "repeat_off"}),
    ("what's playing", "media_now_playing", {}),
    ("what song is this?", "media_now_playing", {}),
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
