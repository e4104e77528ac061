"""The device toolbox: volume, media, notifications, opening things, brightness and status.

Effects: looking (volume, what is playing, battery, disk, network) is `read`;
changing this computer's own state (volume, mute, playback, brightness, a
notification, opening a file or an application) is `write`: local and undone by
the next call. Opening a web address is `egress`: the browser (or, for
`media_play`, the player) sends it off the machine, so after untrusted text entered the conversation it runs only with
words the user wrote. The media tools report track titles, which come from
whoever published the track or stream, so they are marked untrusted.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from botpsy_files.folders import AllowedFolders, shown

from assistant.api import (
    Effect,
    Notice,
    NotifyError,
    Shown,
    ToolArgumentError,
    ToolResult,
    one_line,
    quoted,
    send_desktop,
    tool,
)
from botpsy_device import brightness, media, music, opener, status
from botpsy_device.audio import Mixer, find_mixer
from botpsy_device.common import DeviceError, require_linux
from botpsy_device.levels import target

MediaAction = Literal[
    "pause",
    "play",
    "toggle",
    "next",
    "previous",
    "stop",
    "shuffle",
    "shuffle_off",
    "repeat",
    "repeat_off",
]
_ANY_MUSIC = {"", "music", "some music", "something", "anything", "a song", "the music", "it"}


class DeviceTools:
    """Tools for this computer. `sysfs`/`procfs` are parameters so tests can use their own tree."""

    def __init__(
        self,
        folders: AllowedFolders,
        sysfs: Path = Path("/sys"),
        procfs: Path = Path("/proc"),
        stations: Mapping[str, str] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        self.folders = folders
        self.sysfs = sysfs
        self.procfs = procfs
        self.stations = dict(stations or {})  # `[plugins.device.stations]`: name = address
        self.data_dir = data_dir  # where a playlist of several matching tracks is written

    # -- volume -------------------------------------------------------------------------------
    def _mixer(self) -> Mixer:
        return find_mixer()

    @tool(Effect.READ)
    def volume_get(self) -> ToolResult:
        """Say how loud the computer's sound is (volume percent) and whether it is muted."""
        level = self._mixer().level()
        return ToolResult(level.describe() + ".", {"volume": level.percent, "muted": level.muted})

    def _volume_preview(self, arguments: dict[str, Any]) -> str:
        level = self._mixer().level()
        new = target(str(arguments.get("level", "")), level.percent)
        return f"set the volume from {level.percent}% to {new}%"

    @tool(Effect.WRITE, preview="_volume_preview")
    def volume_set(self, level: str) -> ToolResult:
        """Change the computer's sound volume: louder, quieter or to a percent.

        Args:
            level: a percent from 0 to 100 like "30", or "up" (louder) or "down" (quieter)
        """
        mixer = self._mixer()
        before = mixer.level()
        new = target(level, before.percent)
        mixer.set_percent(new)
        if before.muted and new > 0:
            mixer.set_muted(False)  # "turn it up" on a muted output means the user wants sound
        after = mixer.level()
        return ToolResult(
            f"{after.describe()} (was {before.percent}%).",
            {"volume": after.percent, "muted": after.muted, "before": before.percent},
        )

    @tool(Effect.WRITE)
    def volume_mute(self, mute: bool = True, duration: str = "") -> ToolResult:
        """Mute the computer's sound, or unmute it (mute=false).

        Args:
            mute: true to mute (silence), false to unmute (sound back on)
            duration: how long the user asked to mute for, as said ("for ten minutes"); botpsy cannot unmute later by itself
        """
        mixer = self._mixer()
        mixer.set_muted(mute)
        after = mixer.level()
        said = "Muted." if after.muted else f"Sound is on, volume {after.percent}%."
        if after.muted and duration.strip():
            # nothing runs later to undo it: say so rather than let the user wait for the sound
            said += (
                f' I can\'t time a mute ("{one_line(duration, 40)}"): the sound stays off'
                ' until you say "unmute".'
            )
        return ToolResult(said, {"volume": after.percent, "muted": after.muted})

    # -- media --------------------------------------------------------------------------------
    # egress: a web address given to the player is fetched from elsewhere (what to play, once
    # untrusted text is in the conversation, must be words the user wrote; resuming always is)
    @tool(Effect.EGRESS, untrusted_output=True)
    def media_play(self, what: str = "") -> ToolResult:
        """Play music, a playlist, a radio station or a file; with nothing named, resume the player.

        Args:
            what: what to play as the user said it (an artist, album, song, genre, playlist or station name, a file or a web address); empty to resume
        """
        wanted = " ".join(what.lower().split())
        if wanted in _ANY_MUSIC:
            return _media_result(media.control("play"))
        if wanted.startswith(("http://", "https://")):
            return self._play(opener.web_address(what), "that address")
        try:
            path = self.folders.resolve(what)
        except ToolArgumentError:
            pass
        else:
            return self._play(str(path), f"'{path.name}'")
        words = music.key_words(what)
        found = music.station(words, self.stations) or music.in_folders(
            words, self.folders.existing()
        )
        if found is None:
            where = self.folders.describe()
            raise DeviceError(
                f"media: nothing matching '{one_line(what, 60)}' among your stations or the music in "
                f"{where}; name a file or a web address, or add a station under "
                "[plugins.device.stations]"
            )
        target = found.target
        if found.tracks:
            if self.data_dir is None:
                raise DeviceError("media: no folder to write a playlist in")
            target = str(music.write_playlist(found.tracks, self.data_dir))
        return self._play(target, found.said)

    def _play(self, target: str, said: str) -> ToolResult:
        """Hand an address or file to the open player, else to the desktop's default application."""
        uri = target if target.startswith(("http://", "https://")) else Path(target).as_uri()
        try:
            playing = media.open_uri(uri)
        except DeviceError as no_player:
            if "no media player" not in str(no_player):
                raise
            if uri.startswith("file:"):
                opener.open_path(Path(target))
            else:
                opener.open_address(uri)
            return ToolResult(f"Playing {said} in your default player.", {"target": target})
        result = _media_result(playing)
        return ToolResult(f"Playing {said}. {result.summary}", result.data)

    @tool(Effect.WRITE, untrusted_output=True)
    def media_control(self, action: MediaAction) -> ToolResult:
        """Control the media player: pause, play, next song, previous song, stop, shuffle or repeat.

        Args:
            action: "pause", "play", "toggle", "next", "previous", "stop", "shuffle" or "repeat" (on), "shuffle_off" or "repeat_off"
        """
        return _media_result(media.control(action))

    @tool(Effect.READ, untrusted_output=True)
    def media_now_playing(self) -> ToolResult:
        """Say what song or track is playing now: title, artist and player."""
        return _media_result(media.now_playing())

    # -- notifications ------------------------------------------------------------------------
    # A pop-up looks like the system's own words ("your bank: call this number"): after
    # text others wrote entered the conversation, it asks first.
    @tool(Effect.WRITE, ask_when_tainted=True)
    def notification_show(self, title: str, text: str = "") -> ToolResult:
        """Show a desktop notification (a pop-up message) on this computer's screen.

        Args:
            title: the notification's short title
            text: more text under the title (optional)
        """
        require_linux("desktop notifications")
        title, text = " ".join(title.split())[:200], text.strip()[:1000]
        if not title:
            raise ToolArgumentError("say what the notification should say")
        try:
            number = send_desktop(Notice(title, text, icon="dialog-information"))
        except NotifyError as exc:
            raise DeviceError(
                f"notification: no desktop notification server answered ({exc})"
            ) from None
        return ToolResult(f"Showed the notification '{title}'.", {"id": number})

    # -- opening ------------------------------------------------------------------------------
    def _url_preview(self, arguments: dict[str, Any]) -> str:
        return f"open {opener.web_address(str(arguments.get('url', '')))} in your web browser"

    @tool(Effect.EGRESS, preview="_url_preview")
    def open_url(self, url: str) -> ToolResult:
        """Open a web page in the browser.

        Args:
            url: the page's address, e.g. "https://example.org"
        """
        address = opener.web_address(url)
        opener.open_address(address)
        return ToolResult(f"Opened {address} in your browser.", {"url": address})

    def _checked_file(self, path: str) -> Path:
        real = self.folders.resolve(path)
        opener.check_document(real)
        return real

    def _file_pin(self, arguments: dict[str, Any]) -> Shown:
        """The file resolved once, shown by its real path and pinned (path, device, inode)."""
        real = self._checked_file(str(arguments.get("path", "")))
        return Shown(f"open {shown(real)} in its application", opener.pin_file(real))

    def _file_preview(self, arguments: dict[str, Any]) -> str:
        return self._file_pin(arguments).text

    # egress: the application opened may go online (a page's scripts, a linked document), so
    # after untrusted text only a file the user named opens without a live yes
    @tool(Effect.EGRESS, preview="_file_pin")
    def open_file(self, path: str, **pinned: Any) -> ToolResult:
        """Open a document or folder with its usual application (only in the allowed folders).

        Args:
            path: the file or folder, e.g. "~/Documents/lease.pdf" or "lease.pdf"
        """
        if pinned:  # what the preview showed, checked to be that very file still
            real = opener.pinned_file({**pinned, "path": path}, self.folders.inside)
        else:
            real = self._checked_file(path)
        opener.open_path(real)
        return ToolResult(f"Opened {shown(real)}.", {"path": str(real)})

    def _app_pin(self, arguments: dict[str, Any]) -> Shown:
        """The application resolved once, shown with its entry and command, and pinned."""
        app = opener.find_app(str(arguments.get("name", "")))
        runs = opener.command_line(app)
        # quoted: a web app's name is its site's words, which must not read as botpsy's
        text = f"start the application {quoted(app.name, 80)} ({shown(app.path.resolve())}"
        return Shown(text + (f", runs {runs})" if runs else ")"), opener.pin_app(app))

    def _app_preview(self, arguments: dict[str, Any]) -> str:
        return self._app_pin(arguments).text

    @tool(Effect.EGRESS, preview="_app_pin")
    def open_app(self, name: str, **pinned: Any) -> ToolResult:
        """Start an installed application by its name, e.g. "calculator" or "Firefox".

        Args:
            name: the application's name
        """
        app = opener.pinned_app(pinned) if pinned else opener.find_app(name)
        opener.open_app(app)
        return ToolResult(f"Started {app.name}.", {"app": app.name, "entry": app.path.name})

    # -- screen and status --------------------------------------------------------------------
    @tool(Effect.READ)
    def brightness_get(self) -> ToolResult:
        """Say how bright the screen is (percent)."""
        light = brightness.find(self.sysfs)
        return ToolResult(f"Screen brightness {light.percent}%.", {"brightness": light.percent})

    def _brightness_preview(self, arguments: dict[str, Any]) -> str:
        light = brightness.find(self.sysfs)
        new = target(str(arguments.get("level", "")), light.percent, "brightness")
        return f"set the screen brightness from {light.percent}% to {new}%"

    @tool(Effect.WRITE, preview="_brightness_preview")
    def brightness_set(self, level: str) -> ToolResult:
        """Make the screen brighter or dimmer, or set its brightness to a percent.

        Args:
            level: a percent from 0 to 100 like "60", or "up" (brighter) or "down" (dimmer)
        """
        light = brightness.find(self.sysfs)
        new = brightness.set_percent(light, target(level, light.percent, "brightness"))
        return ToolResult(
            f"Screen brightness {new}% (was {light.percent}%).",
            {"brightness": new, "before": light.percent},
        )

    @tool(Effect.READ)
    def battery_status(self) -> ToolResult:
        """Say how much battery is left and whether it is charging."""
        found, mains = status.batteries(self.sysfs)
        plugged = {True: "plugged in", False: "on battery", None: ""}[mains]
        if not found:
            return ToolResult(
                "This computer has no battery; it runs on mains power.", {"batteries": []}
            )
        lines = [b.describe() for b in found]
        if plugged:
            lines.append(f"Power: {plugged}.")
        return ToolResult(
            "\n".join(lines), {"batteries": [b.__dict__ for b in found], "plugged_in": mains}
        )

    @tool(Effect.READ)
    def disk_space(self) -> ToolResult:
        """Say how much free disk space (storage) is left."""
        require_linux("disk status")
        folders = [Path.home(), *self.folders.existing(), Path("/")]
        found = status.disks(folders)
        if not found:
            raise DeviceError("disk: no disk could be read")
        data = [{"folder": d.folder, "total_bytes": d.total, "free_bytes": d.free} for d in found]
        return ToolResult("\n".join(d.describe() for d in found), {"disks": data})

    @tool(Effect.READ)
    def network_status(self) -> ToolResult:
        """Say whether this computer is connected to a network (Wi-Fi or wired) and its addresses."""
        found = status.links(self.sysfs, self.procfs)
        if not found:
            return ToolResult(
                "No network interfaces found: this computer is offline.", {"interfaces": []}
            )
        online = any(link.up and link.default_route for link in found)
        head = "Online." if online else "Not connected to the internet (no default route)."
        return ToolResult(
            "\n".join([head, *(link.describe() for link in found)]),
            {"online": online, "interfaces": [link.__dict__ for link in found]},
        )


def _media_result(playing: media.Playing) -> ToolResult:
    return ToolResult(playing.describe(), playing.data())
