"""Volume and mute of the default output, through the desktop's audio server.

Why `pactl` (and `wpctl`) rather than a library such as pulsectl: `pactl` speaks
to PulseAudio and to PipeWire's PulseAudio service (what nearly every desktop
runs) with the same commands and names the default output `@DEFAULT_SINK@`, so
botpsy needs no C binding and no extra dependency; pulsectl wraps the same
libpulse and would add a package for the same reach. `wpctl` (WirePlumber) is
used only where PipeWire runs without its PulseAudio service. Volumes are
percents of the output's normal level, 0 to 100: botpsy never amplifies past it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from botpsy_device.common import DeviceError, program, require_linux, run

_PERCENT = re.compile(r"(\d+)%")
_WPCTL = re.compile(r"Volume:\s*([\d.]+)(\s*\[MUTED\])?")


@dataclass(frozen=True)
class Level:
    """The default output's volume (percent) and whether it is muted."""

    percent: int
    muted: bool

    def describe(self) -> str:
        """'Volume 30%' or 'Volume 30% (muted)'."""
        return f"Volume {self.percent}%" + (" (muted)" if self.muted else "")


class Mixer(Protocol):
    """One audio server's default output."""

    name: str

    def level(self) -> Level:
        """The current volume and mute state."""
        ...

    def set_percent(self, percent: int) -> None:
        """Set the volume, 0 to 100."""
        ...

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute."""
        ...


def _explain(error: DeviceError) -> DeviceError:
    text = str(error)
    if "Connection" in text or "connect" in text.lower():
        return DeviceError(
            f"volume: no audio server answers ({text.split(': ', 1)[-1]}); is PulseAudio or PipeWire running?"
        )
    return error


class Pactl:
    """PulseAudio, or PipeWire's PulseAudio service, through `pactl`."""

    name = "pactl"

    def __init__(self, path: str) -> None:
        self.path = path

    def _run(self, *args: str) -> str:
        try:
            return run([self.path, *args], "volume")
        except DeviceError as exc:
            raise _explain(exc) from None

    def level(self) -> Level:
        """Average of the channels' percents; mute from `get-sink-mute`."""
        volume = self._run("get-sink-volume", "@DEFAULT_SINK@")
        percents = [int(p) for p in _PERCENT.findall(volume.split("balance")[0])]
        if not percents:
            raise DeviceError(f"volume: pactl gave no volume ({volume.strip()[:80]!r})")
        mute = self._run("get-sink-mute", "@DEFAULT_SINK@")
        return Level(round(sum(percents) / len(percents)), "yes" in mute.lower())

    def set_percent(self, percent: int) -> None:
        """`pactl set-sink-volume @DEFAULT_SINK@ N%`."""
        self._run("set-sink-volume", "@DEFAULT_SINK@", f"{percent}%")

    def set_muted(self, muted: bool) -> None:
        """`pactl set-sink-mute @DEFAULT_SINK@ 1|0`."""
        self._run("set-sink-mute", "@DEFAULT_SINK@", "1" if muted else "0")


def parse_wpctl(text: str) -> Level:
    """'Volume: 0.40 [MUTED]' as a level."""
    m = _WPCTL.search(text)
    if not m:
        raise DeviceError(f"volume: wpctl gave no volume ({text.strip()[:80]!r})")
    return Level(round(float(m.group(1)) * 100), bool(m.group(2)))


class Wpctl:
    """PipeWire without its PulseAudio service, through WirePlumber's `wpctl`."""

    name = "wpctl"

    def __init__(self, path: str) -> None:
        self.path = path

    def _run(self, *args: str) -> str:
        try:
            return run([self.path, *args], "volume")
        except DeviceError as exc:
            raise _explain(exc) from None

    def level(self) -> Level:
        """`wpctl get-volume @DEFAULT_AUDIO_SINK@`."""
        return parse_wpctl(self._run("get-volume", "@DEFAULT_AUDIO_SINK@"))

    def set_percent(self, percent: int) -> None:
        """`wpctl set-volume @DEFAULT_AUDIO_SINK@ 0.NN`."""
        self._run("set-volume", "@DEFAULT_AUDIO_SINK@", f"{percent / 100:.2f}")

    def set_muted(self, muted: bool) -> None:
        """`wpctl set-mute @DEFAULT_AUDIO_SINK@ 1|0`."""
        self._run("set-mute", "@DEFAULT_AUDIO_SINK@", "1" if muted else "0")


def find_mixer() -> Mixer:
    """`pactl` when installed, else `wpctl`; one line when neither is."""
    require_linux("volume control")
    pactl, wpctl = program("pactl"), program("wpctl")
    if pactl and wpctl:  # PipeWire may run without its PulseAudio service: ask pactl first
        try:
            Pactl(pactl).level()
        except DeviceError:
            return Wpctl(wpctl)
    if pactl:
        return Pactl(pactl)
    if wpctl:
        return Wpctl(wpctl)
    raise DeviceError(
        "volume: no audio control program found; install pulseaudio-utils (pactl) or wireplumber (wpctl)"
    )
