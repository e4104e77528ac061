"""The session D-Bus, opened per call with jeepney, with its failures as one line.

jeepney is pure Python and already installed (keyring's Secret Service backend
uses it), so talking to media players and the desktop needs no new dependency.
A connection lives for one tool call: a call is rare and a bus connection cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from jeepney import (  # type: ignore[import-untyped]
    DBusAddress,
    DBusErrorResponse,
    Message,
    Properties,
    new_method_call,
)
from jeepney.bus_messages import message_bus  # type: ignore[import-untyped]
from jeepney.io.blocking import (  # type: ignore[import-untyped]
    DBusConnection,
    open_dbus_connection,
)
from jeepney.wrappers import unwrap_msg  # type: ignore[import-untyped]

from assistant.api import session_bus_address
from botpsy_device.common import DeviceError

TIMEOUT = 5.0


class Bus:
    """One open session-bus connection; every call raises `DeviceError` on failure."""

    def __init__(self, connection: DBusConnection, what: str) -> None:
        self.connection = connection
        self.what = what

    def call(self, message: Message) -> tuple[Any, ...]:
        """Send a method call and return the reply's body."""
        try:
            reply = self.connection.send_and_get_reply(message, timeout=TIMEOUT)
        except TimeoutError:
            raise DeviceError(
                f"{self.what}: no answer on the session bus in {TIMEOUT:.0f} s"
            ) from None
        except OSError as exc:
            raise DeviceError(f"{self.what}: the session bus failed ({exc})") from None
        try:
            return tuple(unwrap_msg(reply))
        except DBusErrorResponse as exc:
            raise DeviceError(
                f"{self.what}: {exc.name}: {' '.join(map(str, exc.data))[:160]}"
            ) from None

    def names(self) -> list[str]:
        """Every name on the bus."""
        return list(self.call(message_bus.ListNames())[0])

    def properties(self, address: DBusAddress) -> dict[str, Any]:
        """All properties of one interface, with their variants unwrapped."""
        found = self.call(Properties(address).get_all())[0]
        return {key: unwrap(value) for key, value in found.items()}

    def set_property(self, address: DBusAddress, name: str, signature: str, value: Any) -> None:
        """Set one property of an interface."""
        self.call(Properties(address).set(name, signature, value))

    def method(
        self, address: DBusAddress, member: str, signature: str = "", *body: Any
    ) -> tuple[Any, ...]:
        """Call a method on an interface."""
        return self.call(new_method_call(address, member, signature or None, body))


def unwrap(value: Any) -> Any:
    """A D-Bus variant ('s', 'text') as its value, recursively for dicts."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        inner = value[1]
        if isinstance(inner, dict):
            return {k: unwrap(v) for k, v in inner.items()}
        return inner
    return value


@contextmanager
def session_bus(what: str) -> Iterator[Bus]:
    """The user's session bus; one line when there is none (no desktop session)."""
    address = session_bus_address()
    if address is None:
        raise DeviceError(f"{what}: no desktop session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
    try:
        connection = open_dbus_connection(bus=address)
    except (OSError, KeyError, ValueError, StopIteration) as exc:
        raise DeviceError(f"{what}: cannot reach the session bus ({exc})") from None
    except Exception as exc:  # jeepney's AuthenticationError and friends
        raise DeviceError(f"{what}: the session bus refused botpsy ({exc})") from None
    try:
        yield Bus(connection, what)
    finally:
        connection.close()
