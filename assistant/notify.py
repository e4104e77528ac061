"""Desktop notifications: org.freedesktop.Notifications on the session bus, else the terminal.

The daemon fires alarms and reminders while no botpsy window is open, so a
notification must reach the user through the desktop's notification server.
Where there is no desktop (a server, an SSH session, no bus) the same notice is
written as one line with a terminal bell, so nothing due is silently dropped.
Uses jeepney (pure Python, already installed as keyring's dependency).
"""

from __future__ import annotations

import html
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Literal, TextIO

from jeepney import (  # type: ignore[import-untyped]
    DBusAddress,
    DBusErrorResponse,
    new_method_call,
)
from jeepney.io.blocking import open_dbus_connection  # type: ignore[import-untyped]

from assistant.safetext import one_line

APP_NAME = "botpsy"
BUS_NAME = "org.freedesktop.Notifications"
OBJECT_PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"
# Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)
NOTIFY_SIGNATURE = "susssasa{sv}i"
URGENCY = {"low": 0, "normal": 1, "critical": 2}

Urgency = Literal["low", "normal", "critical"]
Channel = Literal["desktop", "terminal"]


class NotifyError(Exception):
    """No notification server answered on the session bus (caller falls back to the terminal)."""


@dataclass(frozen=True)
class Notice:
    """One notification: a short summary line and an optional body."""

    summary: str
    body: str = ""
    urgency: Urgency = "normal"
    icon: str = "alarm-symbolic"
    timeout_ms: int = -1  # -1: the server's default; 0: stays until dismissed
    category: str = ""  # a freedesktop category hint, e.g. "reminder"
    extra_hints: dict[str, tuple[str, Any]] = field(default_factory=dict)

    def hints(self) -> dict[str, tuple[str, Any]]:
        """The a{sv} hints of the Notify call: urgency, category, desktop entry."""
        hints: dict[str, tuple[str, Any]] = {
            "urgency": ("y", URGENCY[self.urgency]),
            "desktop-entry": ("s", APP_NAME),
        }
        if self.category:
            hints["category"] = ("s", self.category)
        hints.update(self.extra_hints)
        return hints


def send_desktop(notice: Notice, *, timeout: float = 5.0) -> int:
    """Send `notice` to the notification server on the session bus; its notification id.

    Raises NotifyError when there is no session bus or nothing serves
    org.freedesktop.Notifications on it.
    """
    bus = session_bus_address()
    if bus is None:
        raise NotifyError("no session bus")
    address = DBusAddress(OBJECT_PATH, bus_name=BUS_NAME, interface=INTERFACE)
    try:
        connection = open_dbus_connection(bus=bus)
    except (OSError, KeyError, ValueError, RuntimeError) as error:
        raise NotifyError(f"cannot reach the session bus: {error}") from error
    try:
        asked = new_method_call(address, "GetCapabilities")
        (capabilities,) = _unwrap(connection.send_and_get_reply(asked, timeout=timeout))
        body = one_line(notice.body, 1000)
        if "body-markup" in capabilities:  # text others wrote must not become a link or markup
            body = html.escape(body, quote=False)
        arguments: tuple[Any, ...] = (APP_NAME, 0, notice.icon, one_line(notice.summary, 200), body, [],
                     notice.hints(), notice.timeout_ms)  # fmt: skip
        message = new_method_call(address, "Notify", NOTIFY_SIGNATURE, arguments)
        (notification_id,) = _unwrap(connection.send_and_get_reply(message, timeout=timeout))
    except DBusErrorResponse as error:
        raise NotifyError(f"no notification server: {error.name}") from error
    except (OSError, TimeoutError, ValueError) as error:
        raise NotifyError(f"the notification server did not answer: {error}") from error
    finally:
        connection.close()
    return int(notification_id)


def notify(
    summary: str,
    body: str = "",
    *,
    urgency: Urgency = "normal",
    category: str = "",
    stream: TextIO | None = None,
) -> Channel:
    """Show a notification on the desktop, else as a line with a bell on `stream`.

    Returns the channel used, so callers can log how the user was told.
    """
    notice = Notice(summary, body, urgency=urgency, category=category)
    try:
        send_desktop(notice)
    except NotifyError:
        terminal_notice(notice, stream)
        return "terminal"
    return "desktop"


def terminal_notice(notice: Notice, stream: TextIO | None = None) -> None:
    """The fallback: one line (and a bell when it is a terminal) on `stream`, stderr by default."""
    out = stream if stream is not None else sys.stderr
    bell = "\a" if _isatty(out) else ""
    line = notice.summary if not notice.body else f"{notice.summary}: {notice.body}"
    out.write(f"{bell}botpsy: {one_line(line, 400)}\n")
    out.flush()


def _unwrap(reply: Any) -> tuple[Any, ...]:
    """The body of a method return; an error reply becomes DBusErrorResponse."""
    from jeepney import MessageType

    if reply.header.message_type == MessageType.error:
        raise DBusErrorResponse(reply)
    return tuple(reply.body)


def session_bus_address() -> str | None:
    """The session bus: `DBUS_SESSION_BUS_ADDRESS`, else systemd's per-user socket, else None."""
    address = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "").strip()
    if address:
        return address
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.exists(os.path.join(runtime, "bus")):
        return "unix:path=" + os.path.join(runtime, "bus")
    return None


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
