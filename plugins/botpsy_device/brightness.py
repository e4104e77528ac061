"""Screen brightness through the kernel's backlight (/sys/class/backlight).

Laptop panels expose a backlight device; external monitors usually do not
(DDC/CI needs other tools), and then the tool says so in one line. Writing the
device file needs write access (root or a udev rule); without it botpsy asks
systemd-logind, which lets the user of the active session set their own
screen's brightness (Session.SetBrightness on the system bus).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from botpsy_device.common import DeviceError, require_linux

# Never go fully dark from a spoken request: a black screen looks broken.
LOWEST = 1


@dataclass(frozen=True)
class Backlight:
    """One backlight device and its raw range."""

    path: Path
    current: int
    most: int

    @property
    def percent(self) -> int:
        """The brightness as a percent of the most."""
        return round(100 * self.current / self.most) if self.most else 0


def _number(path: Path) -> int:
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        raise DeviceError(f"brightness: cannot read {path}") from None


def find(sysfs: Path = Path("/sys")) -> Backlight:
    """The first backlight device; one line when the screen exposes none."""
    require_linux("screen brightness")
    root = sysfs / "class" / "backlight"
    devices = sorted(root.iterdir()) if root.is_dir() else []
    if not devices:
        raise DeviceError(
            "brightness: this computer exposes no screen brightness control "
            "(no /sys/class/backlight device; external monitors are not supported yet)"
        )
    device = devices[0]
    current = device / "actual_brightness"
    return Backlight(
        device,
        _number(current if current.exists() else device / "brightness"),
        _number(device / "max_brightness"),
    )


def set_percent(light: Backlight, percent: int) -> int:
    """Set the brightness; the percent actually set (never fully dark)."""
    raw = max(LOWEST, round(light.most * percent / 100))
    try:
        (light.path / "brightness").write_text(str(raw))
    except PermissionError:
        _logind(light.path.name, raw)
    except OSError as exc:
        raise DeviceError(f"brightness: cannot set {light.path.name} ({exc.strerror})") from None
    return round(100 * raw / light.most)


def _logind(device: str, raw: int) -> None:
    """Ask systemd-logind to set it for this session (no root needed)."""
    from jeepney import DBusAddress, new_method_call  # type: ignore[import-untyped]
    from jeepney.io.blocking import open_dbus_connection  # type: ignore[import-untyped]
    from jeepney.wrappers import DBusErrorResponse, unwrap_msg  # type: ignore[import-untyped]

    address = DBusAddress(
        "/org/freedesktop/login1/session/auto",
        bus_name="org.freedesktop.login1",
        interface="org.freedesktop.login1.Session",
    )
    try:
        connection = open_dbus_connection(bus="SYSTEM")
    except OSError as exc:
        raise DeviceError(f"brightness: no write access and no system bus ({exc})") from None
    try:
        message = new_method_call(address, "SetBrightness", "ssu", ("backlight", device, raw))
        unwrap_msg(connection.send_and_get_reply(message, timeout=5))
    except DBusErrorResponse as exc:
        raise DeviceError(f"brightness: systemd-logind refused ({exc.name})") from None
    except (OSError, TimeoutError) as exc:
        raise DeviceError(f"brightness: systemd-logind did not answer ({exc})") from None
    finally:
        connection.close()
