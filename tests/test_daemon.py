"""`botpsy daemon` as a real process: it rings reminders, alarms and timers on a real session bus.

The requests go through the real CLI pipeline; the daemon is the real
`python -m assistant daemon` process with a short `--interval`. Things are
made "one minute ahead" by pinning the CLI's clock (BOTPSY_NOW) a minute
minus a few seconds in the past, so the daemon, on the real clock, rings them
within seconds. The notification server is the small recording service of
tests/notification_server.py (a stand-in for a desktop's, which cannot run
headless) on a real dbus-daemon session bus.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.notification_server import NotificationServer

INTERVAL = "0.2"


def ahead(seconds: float, minutes: int = 1) -> dict[str, str]:
    """A pinned CLI clock such that "in `minutes` minute(s)" is `seconds` from now, real time."""
    return {"BOTPSY_NOW": pinned_for(time.time() + seconds, minutes).isoformat()}


def pinned_for(due: float, minutes: int = 1) -> datetime:
    """The CLI clock at which "in `minutes` minute(s)" falls on `due` (a whole second)."""
    return datetime.fromtimestamp(int(due)).astimezone() - timedelta(minutes=minutes)


class Running:
    """A daemon process started for a test; `stop` sends SIGTERM and checks it ended cleanly."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        environment = {**os.environ, **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "assistant", "daemon", "--interval", INTERVAL],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.wait_for("botpsy daemon: started")

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def wait_for(self, text: str, timeout: float = 30) -> str:
        """The first line of the daemon's log that holds `text`, waiting for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = next((line for line in list(self.lines) if text in line), None)
            if found is not None:
                return found
            if self.process.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.05)
        raise AssertionError(f"no '{text}' in the daemon's log:\n{self.log}")

    def stop(self) -> str:
        """SIGTERM; the daemon must exit 0 within seconds, saying it stopped."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=15)
        self._reader.join(timeout=5)
        assert self.process.returncode == 0, self.log
        assert time.monotonic() - started < 5
        assert self.log.rstrip().endswith("botpsy daemon: stopped")
        return self.log


@pytest.fixture
def daemons(home: Path) -> Iterator[Any]:
    """Start daemons in the test's home; any still running at the end is stopped."""
    started: list[Running] = []

    def start(env: dict[str, str] | None = None) -> Running:
        running = Running(env)
        started.append(running)
        return running

    yield start
    for running in started:
        if running.process.poll() is None:
            running.process.kill()
            running.process.wait(10)


def made(cli: Any, request: str, env: dict[str, str]) -> dict[str, Any]:
    """Run a request through the CLI (local intent, no model) and return its transcript."""
    done = cli(request, "--json", env=env)
    assert done.status == 0, done.stderr
    transcript: dict[str, Any] = json.loads(done.stdout)
    assert transcript["path"] == "intent", transcript
    return transcript


def test_fires_a_reminder_and_a_timer_made_one_minute_ahead(
    cli: Any, daemons: Any, notification_server: NotificationServer
) -> None:
    due = int(time.time()) + 10  # both made for one minute ahead of a clock pinned 50 s back
    clock = {"BOTPSY_NOW": pinned_for(due).isoformat()}
    reminder = made(cli, "remind me to stretch in 1 minute", clock)
    assert reminder["tool_calls"][0]["tool"] == "task_add"
    timer = made(cli, "set a timer for 1 minute", clock)
    assert timer["tool_calls"][0]["tool"] == "timer_set"
    running = daemons()
    shown = notification_server.wait_for(2, timeout=30)
    by_summary = {s.summary: s for s in shown}
    assert set(by_summary) == {"Stretch", "Timer done"}
    for notification in shown:  # on time: not before, and within a few looks after
        assert due - 0.05 <= notification.received <= due + 3, notification.received - due
    assert by_summary["Timer done"].hints["urgency"] == 2  # a timer stays until dismissed
    assert by_summary["Stretch"].hints["x-botpsy-late"] is False
    assert all(s.app_name == "botpsy" for s in shown)
    log = running.stop()
    assert "fired task 'Stretch'" in log and "via desktop" in log


def test_catches_up_a_missed_alarm_once_and_never_twice_across_restarts(
    cli: Any, daemons: Any, notification_server: NotificationServer, home: Path
) -> None:
    config = home / "botpsy.toml"
    config.write_text("[plugins.daemon]\nlate_after_seconds = 1\n", encoding="utf-8")
    env = {"BOTPSY_CONFIG": str(config)}
    first = daemons(env)
    time.sleep(0.6)  # a few looks, so it has a last check to catch up from
    first.stop()
    made(cli, "set a timer for 1 minute", {**env, **ahead(1)})
    time.sleep(3)  # it rings while no daemon runs
    assert notification_server.shown == []
    second = daemons(env)
    (missed,) = notification_server.wait_for(1, timeout=20)
    assert missed.summary == "Missed: Timer done"
    assert missed.hints["x-botpsy-late"] is True
    assert "while botpsy daemon was not running" in missed.body
    second.stop()
    third = daemons(env)
    time.sleep(2)  # ten looks
    third.stop()
    assert len(notification_server.shown) == 1


def test_one_daemon_per_user_and_status(
    cli: Any, daemons: Any, notification_server: NotificationServer
) -> None:
    made(cli, "set a timer for 20 minutes", {})
    running = daemons()
    second = cli("daemon")
    assert second.status == 1
    assert second.stderr.strip().splitlines() == [
        f"botpsy: the daemon already runs for this user (pid {running.process.pid}); "
        "`botpsy daemon status` says what it does"
    ]
    status = cli("daemon", "status", "--json")
    assert status.status == 0, status.stderr
    report = json.loads(status.stdout)
    assert report["running"] is True and report["pid"] == running.process.pid
    assert [(n["kind"], n["summary"]) for n in report["next"]] == [("timer", "Timer done")]
    said = cli("daemon", "status")
    assert said.stdout.splitlines()[0] == f"running (pid {running.process.pid})"
    assert "timer: Timer done" in said.stdout
    running.stop()
    stopped = cli("daemon", "status")
    assert stopped.status == 1 and stopped.stdout.startswith("not running")


def test_without_a_desktop_bus_it_rings_on_the_terminal(
    cli: Any, daemons: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    made(cli, "wake me up in 1 minute", ahead(2))
    running = daemons({"XDG_RUNTIME_DIR": "/nonexistent"})
    assert running.wait_for("botpsy: Alarm").startswith("botpsy: Alarm")
    assert "via terminal" in running.stop()


def test_sigterm_is_clean_and_frees_the_lock(
    cli: Any, daemons: Any, notification_server: NotificationServer
) -> None:
    daemons().stop()
    daemons().stop()  # the lock was released: a new one starts


def test_install_writes_the_unit_from_packaging_and_uninstall_removes_it(
    cli: Any, home: Path
) -> None:
    done = cli("daemon", "install", "--no-start")
    assert done.status == 0, done.stderr
    unit = home / ".config" / "systemd" / "user" / "botpsy-daemon.service"
    assert done.stdout.strip() == f"wrote {unit}"
    text = unit.read_text(encoding="utf-8")
    exec_start = next(line for line in text.splitlines() if line.startswith("ExecStart="))
    command = exec_start.removeprefix("ExecStart=").split()
    assert command[1:] == ["daemon"] and Path(command[0]).is_absolute()
    assert os.access(command[0], os.X_OK) and "@BOTPSY_EXECUTABLE@" not in text
    shipped = Path(__file__).resolve().parents[1] / "packaging/systemd/botpsy-daemon.service"
    if shipped.exists():  # the unit is the packaging template, filled in
        assert text == shipped.read_text(encoding="utf-8").replace(
            "@BOTPSY_EXECUTABLE@", command[0]
        )
    gone = cli("daemon", "uninstall")
    assert gone.status == 0 and not unit.exists()
    assert f"removed {unit}" in gone.stdout


def test_a_bad_daemon_command_is_one_line(cli: Any) -> None:
    done = cli("daemon", "restart-everything")
    assert done.status == 2
    assert done.stderr.startswith("botpsy: daemon: argument command: invalid choice")


def test_keeps_the_file_index_fresh(cli: Any, daemons: Any, home: Path) -> None:
    """What changed while it was off is caught up at start; what changes later, as it happens."""
    from botpsy_files.folders import AllowedFolders
    from botpsy_files.index import FileIndex

    documents = home / "Documents"
    documents.mkdir()
    (documents / "before.txt").write_text("the marmalade recipe from grandma", encoding="utf-8")
    config = home / "botpsy.toml"
    config.write_text(f'[plugins.files]\nfolders = ["{documents}"]\n', encoding="utf-8")
    running = daemons({"BOTPSY_CONFIG": str(config)})
    index = FileIndex(home / ".local/share/botpsy/files/index.sqlite3", AllowedFolders([documents]))

    def found(word: str) -> list[str]:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            hits = [h.path.name for h in index.search(word)]
            if hits:
                return hits
            time.sleep(0.2)
        return []

    try:
        assert found("marmalade") == ["before.txt"]
        (documents / "after.txt").write_text("notes on the quince harvest", encoding="utf-8")
        assert found("quince") == ["after.txt"]
    finally:
        index.close()
    running.stop()


def test_install_where_no_service_manager_runs_says_what_to_do(cli: Any, home: Path) -> None:
    done = cli("daemon", "install", env={"PATH": "/nonexistent"})
    unit = home / ".config" / "systemd" / "user" / "botpsy-daemon.service"
    assert done.status == 1 and unit.exists()  # written, so `systemctl --user enable` can follow
    assert done.stderr.splitlines() == [
        f"botpsy: wrote {unit}, but systemctl is not here to enable it; run "
        "`systemctl --user daemon-reload` where it is, or start `botpsy daemon` yourself"
    ]
