"""The daemon against a real CalDAV server: it syncs in the background and rings what came in.

Radicale (from the test extra) runs on 127.0.0.1; the account is added through
the real CLI; a second CalDAV client puts an event with a reminder on the
server, as a phone would. The daemon's sync chore brings it in and the reminder
rings on the test notification server (a small recording service on a real
session bus: tests/notification_server.py).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import caldav

from tests.conftest import PASSWORD, USER
from tests.notification_server import NotificationServer
from tests.servers import Radicale
from tests.test_daemon import daemons  # noqa: F401 (fixture)


def put_event(server: Radicale, title: str, start: datetime, reminder_minutes: int) -> None:
    """What a phone does: an event with a display alarm, straight onto the server."""
    client = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)
    calendar = next(c for c in client.principal().calendars() if c.get_display_name() == "Personal")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    begins = start.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    ends = (start + timedelta(hours=1)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    calendar.save_event(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VEVENT\r\n"
        f"UID:phone-{stamp}@example.org\r\nDTSTAMP:{stamp}\r\nDTSTART:{begins}\r\n"
        f"DTEND:{ends}\r\nSUMMARY:{title}\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
        f"DESCRIPTION:{title}\r\nTRIGGER:-PT{reminder_minutes}M\r\nEND:VALARM\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n"
    )


def test_an_event_added_on_the_server_rings_its_reminder(
    radicale: Radicale,
    calendar_account: dict[str, str],
    daemons: Any,  # noqa: F811
    notification_server: NotificationServer,
    home: Path,
) -> None:
    env = calendar_account  # the password, for the daemon
    config = home / ".config" / "botpsy" / "config.toml"  # beside accounts.json
    config.write_text("[plugins.calendar]\nsync_minutes = 0.02\n", encoding="utf-8")
    running = daemons(env)
    due = int(time.time()) + 8
    start = datetime.fromtimestamp(due).astimezone() + timedelta(minutes=10)
    put_event(radicale, "Dentist", start, reminder_minutes=10)
    try:
        (shown,) = notification_server.wait_for(1, timeout=30)
    except AssertionError:
        files = sorted(str(p.relative_to(home)) for p in home.rglob("*.ics"))
        raise AssertionError(f"{running.stop()}\nlocal files: {files}") from None
    assert shown.summary == "Dentist"
    # in the user's zone (the `home` fixture's TZ), even for an event the phone wrote in UTC
    assert shown.body.endswith(f"at {start.astimezone(ZoneInfo('Europe/Berlin')):%H:%M}")
    assert due - 0.05 <= shown.received <= due + 3
    log = running.stop()
    assert "in the background: calendar sync" in log
