"""Media players through MPRIS (org.mpris.MediaPlayer2) on the session D-Bus.

Every desktop music, video and podcast player (and browsers playing media)
publishes itself as `org.mpris.MediaPlayer2.<name>` on the session bus, so one
protocol covers them all. With several players, the one playing wins, then one
paused, so "pause" and "next" reach what the user hears. Titles and artists come
from the player (a radio stream's title is written by whoever runs the stream):
they are cleaned of control characters, and the tool that reports them is marked
untrusted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from jeepney import DBusAddress  # type: ignore[import-untyped]

from botpsy_device.bus import Bus, session_bus
from botpsy_device.common import DeviceError, require_linux

PREFIX = "org.mpris.MediaPlayer2."
PATH = "/org/mpris/MediaPlayer2"
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
ACTIONS = {
    "play": ("Play", "CanPlay"),
    "pause": ("Pause", "CanPause"),
    "toggle": ("PlayPause", "CanPause"),
    "next": ("Next", "CanGoNext"),
    "previous": ("Previous", "CanGoPrevious"),
    "stop": ("Stop", "CanControl"),
}
# Settings: the property, its D-Bus type and the value each action sets.
SWITCHES: dict[str, tuple[str, str, object]] = {
    "shuffle": ("Shuffle", "b", True),
    "shuffle_off": ("Shuffle", "b", False),
    "repeat": ("LoopStatus", "s", "Playlist"),
    "repeat_off": ("LoopStatus", "s", "None"),
}
_RANK = {"Playing": 0, "Paused": 1}
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def clean(text: Any, limit: int = 200) -> str:
    """Player-supplied text on one line, without control or invisible characters."""
    if isinstance(text, list):
        text = ", ".join(str(t) for t in text)
    return " ".join(_HIDDEN.sub(" ", str(text)).split())[:limit]


@dataclass(frozen=True)
class Playing:
    """A player's state: which player, playing or not, and its current track."""

    bus_name: str
    player: str
    status: str  # Playing, Paused or Stopped
    title: str
    artist: str
    album: str
    shuffle: bool | None = None
    repeat: str | None = None  # None, Track or Playlist, when the player says

    def describe(self) -> str:
        """'Playing "Blue" by Ana (Album) in Lollypop' for the reply."""
        track = f'"{self.title}"' if self.title else "nothing named"
        if self.artist:
            track += f" by {self.artist}"
        if self.album:
            track += f" ({self.album})"
        if not self.title and not self.artist:
            return (
                f"{self.player} is {self.status.lower()}, with no track information.{self._modes()}"
            )
        return f"{self.status}: {track} in {self.player}.{self._modes()}"

    def _modes(self) -> str:
        modes = []
        if self.shuffle is not None:
            modes.append(f"shuffle {'on' if self.shuffle else 'off'}")
        if self.repeat is not None:
            modes.append(f"repeat {'off' if self.repeat == 'None' else self.repeat.lower()}")
        return f" ({', '.join(modes)})" if modes else ""

    def data(self) -> dict[str, object]:
        """The structured result."""
        found: dict[str, object] = {
            "player": self.player,
            "status": self.status,
            "title": self.title,
            "artist": self.artist,
            "album": self.album,
        }
        if self.shuffle is not None:
            found["shuffle"] = self.shuffle
        if self.repeat is not None:
            found["repeat"] = self.repeat
        return found


def _player_address(bus_name: str, interface: str = PLAYER) -> DBusAddress:
    return DBusAddress(PATH, bus_name=bus_name, interface=interface)


def read_player(bus: Bus, bus_name: str) -> tuple[Playing, dict[str, Any]]:
    """One player's state and its Player properties (for the Can* flags)."""
    properties = bus.properties(_player_address(bus_name))
    try:
        identity = bus.properties(_player_address(bus_name, ROOT)).get("Identity", "")
    except DeviceError:
        identity = ""
    metadata = properties.get("Metadata") or {}
    playing = Playing(
        bus_name,
        clean(identity or bus_name.removeprefix(PREFIX).split(".")[0], 60),
        clean(properties.get("PlaybackStatus", "Stopped"), 20),
        clean(metadata.get("xesam:title", "")),
        clean(metadata.get("xesam:artist", "")),
        clean(metadata.get("xesam:album", "")),
        bool(properties["Shuffle"]) if "Shuffle" in properties else None,
        clean(properties["LoopStatus"], 20) if "LoopStatus" in properties else None,
    )
    return playing, properties


def choose(bus: Bus) -> tuple[Playing, dict[str, Any]]:
    """The player the user means: playing first, then paused, then the first by name."""
    names = sorted(n for n in bus.names() if n.startswith(PREFIX))
    if not names:
        raise DeviceError(
            "media: no media player is running (none answers to MPRIS on the session bus); "
            "start a music or video player first"
        )
    players = []
    for name in names:
        try:
            players.append(read_player(bus, name))
        except DeviceError:
            continue  # a player that went away or hangs; the others may do
    if not players:
        raise DeviceError("media: no media player answered on the session bus")
    return min(players, key=lambda p: _RANK.get(p[0].status, 2))


def now_playing() -> Playing:
    """What the chosen player is playing."""
    require_linux("media control")
    with session_bus("media") as bus:
        return choose(bus)[0]


def control(action: str) -> Playing:
    """Play, pause, toggle, next, previous or stop, or switch shuffle or repeat on or off.

    Returns the player's state afterwards. Shuffle and repeat set the player's
    Shuffle and LoopStatus properties (repeat means repeating the playlist).
    """
    require_linux("media control")
    if action not in (*ACTIONS, *SWITCHES):
        raise DeviceError(f"media: '{action}' is not one of {', '.join([*ACTIONS, *SWITCHES])}")
    with session_bus("media") as bus:
        playing, properties = choose(bus)
        address = _player_address(playing.bus_name)
        if action in SWITCHES:
            name, signature, value = SWITCHES[action]
            if name not in properties:
                raise DeviceError(f"media: {playing.player} has no {action.split('_')[0]} setting")
            bus.set_property(address, name, signature, value)
        else:
            member, flag = ACTIONS[action]
            if properties.get(flag) is False:
                raise DeviceError(f"media: {playing.player} cannot {action} now")
            bus.method(address, member)
        return read_player(bus, playing.bus_name)[0]


def open_uri(uri: str) -> Playing:
    """Ask the chosen player to play an address or file (MPRIS OpenUri)."""
    require_linux("media control")
    with session_bus("media") as bus:
        playing, _ = choose(bus)
        bus.method(_player_address(playing.bus_name), "OpenUri", "s", uri)
        return read_player(bus, playing.bus_name)[0]
