"""Desktop notifications (assistant/notify.py) against the test notification server.

The server is a small service of ours (tests/notification_server.py) on a real
private session bus started by dbus-daemon; no desktop notification daemon runs
headless, so this is the one stand-in, and it speaks the real D-Bus protocol.
"""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from assistant import notify
from tests.notification_server import NotificationServer, SessionBus


def test_notify_reaches_the_notification_server(notification_server: NotificationServer) -> None:
    channel = notify.notify("Timer done", "20 minutes are up", urgency="critical")
    assert channel == "desktop"
    (shown,) = notification_server.wait_for(1)
    assert (shown.app_name, shown.summary, shown.body) == (
        "botpsy",
        "Timer done",
        "20 minutes are up",
    )
    assert shown.hints["urgency"] == 2


def test_send_desktop_returns_the_servers_id(notification_server: NotificationServer) -> None:
    first = notify.send_desktop(notify.Notice("one"))
    second = notify.send_desktop(notify.Notice("two", category="reminder"))
    assert (first, second) == (1, 2)
    assert notification_server.wait_for(2)[1].hints["category"] == "reminder"


def test_a_bus_without_a_server_falls_back_to_the_terminal(session_bus: SessionBus) -> None:
    out = io.StringIO()
    assert notify.notify("Stretch", "reminder", stream=out) == "terminal"
    assert out.getvalue() == "botpsy: Stretch: reminder\n"
    with pytest.raises(notify.NotifyError):
        notify.send_desktop(notify.Notice("x"))


def test_no_bus_at_all_falls_back_to_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/nonexistent")
    out = io.StringIO()
    assert notify.notify("Wake up", stream=out) == "terminal"
    assert out.getvalue() == "botpsy: Wake up\n"


def test_a_dead_bus_address_falls_back(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", f"unix:path={tmp_path}/gone")
    out = io.StringIO()
    assert notify.notify("Tea", stream=out) == "terminal"


def test_another_process_notifies_over_the_same_bus(
    notification_server: NotificationServer,
) -> None:
    """A subprocess (like the daemon) inherits the bus address and is seen by the server."""
    code = "from assistant.notify import notify; print(notify('From a child'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "desktop", done.stderr
    assert notification_server.wait_for(1)[0].summary == "From a child"


def test_text_others_wrote_is_shown_as_text(notification_server: NotificationServer) -> None:
    """The server renders body markup (it says so), so a title from an invitation is escaped."""
    notify.notify("Party\x1b[2J at Bob's", 'Click <a href="http://evil.example">here</a> & win')
    (shown,) = notification_server.wait_for(1)
    assert shown.summary == "Party[2J at Bob's"  # no terminal control
    assert shown.body == 'Click &lt;a href="http://evil.example"&gt;here&lt;/a&gt; &amp; win'
