"""botpsy's device plugin: this computer's volume, media, notifications, screen, status, and opening things.

Registered through the `botpsy` entry-point group like any plugin. Linux
first: volume through PulseAudio or PipeWire (`pactl`, else `wpctl`), media
players through MPRIS on the session D-Bus, notifications through
org.freedesktop.Notifications, opening through xdg-open or gio, brightness
through /sys/class/backlight (or systemd-logind), battery, disk and network
from /sys and /proc. On macOS and Windows each tool says in one line that it
is not supported there yet. Files open only inside the files plugin's allowed
folders (`[plugins.files] folders`).
"""

from __future__ import annotations

from collections.abc import Callable

from botpsy_files import allowed_folders

from assistant.api import BotpsyError, ConfigError, PluginContext, hookimpl
from botpsy_device.intents import make_device_matchers
from botpsy_device.opener import find_app
from botpsy_device.tools import DeviceTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The device toolbox."""
    stations = context.settings("device").get("stations", {})
    if not isinstance(stations, dict) or not all(
        isinstance(a, str) and a.startswith(("http://", "https://")) for a in stations.values()
    ):
        raise ConfigError(
            '[plugins.device.stations] must map names to web addresses: "Harbour FM" = "https://..."'
        )
    register(
        DeviceTools(
            allowed_folders(context), stations=stations, data_dir=context.data_dir / "device"
        )
    )


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """ "Turn it up", "mute", "pause the music", "next song", "what's playing", "battery"...

    With Home Assistant set up, a request that names a room ("play jazz in the kitchen")
    is left to the model, which can choose the home's speakers.
    """

    def has_app(name: str) -> bool:
        try:
            find_app(name)
        except BotpsyError:
            return False
        return True

    home = bool(context.accounts("homeassistant"))
    for name, matcher in make_device_matchers(has_app, home=home):
        register(name, matcher)
