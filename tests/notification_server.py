"""A notification server for tests, on a real private D-Bus session bus.

`session_bus` starts a real `dbus-daemon --session --nofork --print-address`
(what `dbus-run-session` runs) and points DBUS_SESSION_BUS_ADDRESS at it, so
subprocesses started by the test (the CLI, `botpsy daemon`) use it too.

`notification_server` then owns org.freedesktop.Notifications on that bus. It
is a small service written here, not a desktop's notification daemon (none runs
headless in CI): it speaks the real protocol over the real bus (Notify,
GetCapabilities, GetServerInformation, CloseNotification) and records every
Notify call so tests can assert what the user would have seen.

Use from any test module (both fixtures are exposed in tests/conftest.py)::

    def test_pops_up(notification_server):
        notify("Tea", "is ready")
        (shown,) = notification_server.wait_for(1)
        assert shown.summary == "Tea"

Run standalone (prints each notification as a JSON line) with
`python -m tests.notification_server` inside `dbus-run-session`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

import pytest
from jeepney import HeaderFields, MessageType, new_error, new_method_return
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import DBusConnection, open_dbus_connection

BUS_NAME = "org.freedesktop.Notifications"
INTERFACE = "org.freedesktop.Notifications"
OBJECT_PATH = "/org/freedesktop/Notifications"


@dataclass(frozen=True)
class Shown:
    """One Notify call as the server received it."""

    app_name: str
    replaces_id: int
    icon: str
    summary: str
    body: str
    actions: list[str]
    hints: dict[str, Any]
    timeout_ms: int
    id: int
    sender: str = ""
    received: float = 0.0  # time.time() when the call arrived


@dataclass
class NotificationServer:
    """Serves org.freedesktop.Notifications on a bus in a thread and records Notify calls."""

    address: str
    on_notify: Callable[[Shown], None] | None = None
    _shown: list[Shown] = field(default_factory=list)
    _lock: threading.Condition = field(default_factory=threading.Condition)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _ready: threading.Event = field(default_factory=threading.Event)
    _error: BaseException | None = None

    def start(self) -> NotificationServer:
        """Connect, own the well-known name, and serve until `stop`."""
        self._thread = threading.Thread(target=self._serve, name="notifications", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the test notification server did not come up")
        if self._error is not None:
            raise RuntimeError(f"the test notification server failed: {self._error}")
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    @property
    def shown(self) -> list[Shown]:
        """Every notification received so far, oldest first."""
        with self._lock:
            return list(self._shown)

    def wait_for(self, count: int = 1, timeout: float = 15.0) -> list[Shown]:
        """Block until at least `count` notifications arrived; all of them. Fails on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self._shown) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"expected {count} notification(s) within {timeout}s, got "
                        f"{[s.summary for s in self._shown]}"
                    )
                self._lock.wait(left)
            return list(self._shown)

    def _serve(self) -> None:
        try:
            connection = open_dbus_connection(bus=self.address)
            reply = connection.send_and_get_reply(message_bus.RequestName(BUS_NAME, 4), timeout=5)
            if reply.body[0] != 1:  # 1: DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
                raise RuntimeError(f"{BUS_NAME} is already owned on this bus")
        except BaseException as error:  # reported by start()
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        with connection:
            while not self._stop.is_set():
                try:
                    message = connection.receive(timeout=0.1)
                except TimeoutError:
                    continue
                except OSError:
                    return
                self._answer(connection, message)

    def _answer(self, connection: DBusConnection, message: Any) -> None:
        header = message.header
        if header.message_type != MessageType.method_call:
            return
        member = header.fields.get(HeaderFields.member)
        interface = header.fields.get(HeaderFields.interface)
        if interface not in (INTERFACE, None):
            name = "org.freedesktop.DBus.Error.UnknownInterface"
            connection.send_message(new_error(message, name, "s", (f"no {interface}",)))
            return
        if member == "Notify":
            connection.send_message(new_method_return(message, "u", (self._record(message),)))
        elif member == "GetCapabilities":
            connection.send_message(new_method_return(message, "as", (["body", "body-markup"],)))
        elif member == "GetServerInformation":
            info = ("botpsy-test-notifications", "botpsy", "1.0", "1.2")
            connection.send_message(new_method_return(message, "ssss", info))
        elif member == "CloseNotification":
            connection.send_message(new_method_return(message))
        else:
            name = "org.freedesktop.DBus.Error.UnknownMethod"
            connection.send_message(new_error(message, name, "s", (f"no method {member}",)))

    def _record(self, message: Any) -> int:
        app, replaces, icon, summary, body, actions, hints, timeout = message.body
        with self._lock:
            shown = Shown(
                app_name=app,
                replaces_id=replaces,
                icon=icon,
                summary=summary,
                body=body,
                actions=list(actions),
                hints={key: value for key, (_signature, value) in hints.items()},
                timeout_ms=timeout,
                id=len(self._shown) + 1,
                sender=str(message.header.fields.get(HeaderFields.sender, "")),
                received=time.time(),
            )
            self._shown.append(shown)
            self._lock.notify_all()
        if self.on_notify is not None:
            self.on_notify(shown)
        return shown.id


@dataclass
class SessionBus:
    """A private dbus-daemon session bus."""

    address: str
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def start_session_bus() -> SessionBus:
    """Start a private session bus, as `dbus-run-session` does; its address."""
    process = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert process.stdout is not None
    address = process.stdout.readline().decode().strip()
    if not address:
        process.kill()
        raise RuntimeError("dbus-daemon printed no address")
    return SessionBus(address, process)


@pytest.fixture
def session_bus(monkeypatch: pytest.MonkeyPatch) -> Iterator[SessionBus]:
    """A real private session bus; DBUS_SESSION_BUS_ADDRESS points at it for this test."""
    from tests.conftest import require_program

    require_program("dbus-daemon", "dbus")
    bus = start_session_bus()
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", bus.address)
    try:
        yield bus
    finally:
        bus.stop()


@pytest.fixture
def notification_server(session_bus: SessionBus) -> Iterator[NotificationServer]:
    """The test notification server on `session_bus`, recording every Notify call."""
    server = NotificationServer(session_bus.address).start()
    try:
        yield server
    finally:
        server.stop()


def main() -> int:
    """Serve on $DBUS_SESSION_BUS_ADDRESS and print each notification as a JSON line."""
    address = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    if not address:
        print("notification_server: no DBUS_SESSION_BUS_ADDRESS", file=sys.stderr)
        return 2

    def emit(shown: Shown) -> None:
        print(json.dumps(asdict(shown)), flush=True)

    server = NotificationServer(address, on_notify=emit).start()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
