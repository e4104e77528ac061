"""The daemon's loop: ask plugins what is due, fire it once, sleep until the next thing or a tick.

Firing comes first: the loop itself only reads local data (every `due_items`
implementation promises that). Chores (a CalDAV sync) and the file watcher run
in their own threads, so a slow server never makes an alarm late.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from types import FrameType
from typing import Any, TextIO

from assistant import notify
from assistant.daemon.due import DueItem
from assistant.daemon.state import DaemonState
from assistant.hookspecs import PluginContext
from assistant.safetext import one_line

# On a first start nothing older than this is caught up (no flood of last week's reminders).
FIRST_START_WINDOW = timedelta(minutes=10)
# After a stop, what came due in at most this long is caught up; older things are let go.
CATCH_UP_LIMIT = timedelta(days=1)
# Each look goes this far back too, so things written with a time just past still ring.
OVERLAP = timedelta(minutes=10)
# A firing later than this after its time is shown as late ("missed while off").
LATE_AFTER = timedelta(seconds=90)

Notifier = Callable[[notify.Notice], str]


def send(notice: notify.Notice) -> str:
    """Desktop notification, else a line with a bell on stderr; which one was used."""
    try:
        notify.send_desktop(notice)
    except notify.NotifyError:
        notify.terminal_notice(notice)
        return "terminal"
    return "desktop"


@dataclass
class Chore:
    """Background work from a plugin's `daemon_chores`: `run()` every `every` seconds."""

    name: str
    every: float
    run: Callable[[], Any]


@dataclass
class Daemon:
    """Fires what plugins say is due; `run` until `stop`."""

    context: PluginContext
    manager: Any  # the pluggy manager of the loaded plugins
    state: DaemonState
    interval: float = 15.0
    late_after: timedelta = LATE_AFTER
    notifier: Notifier = send
    log: TextIO = field(default_factory=lambda: sys.stderr)
    chores: list[Chore] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)
    _since: datetime | None = None
    _threads: list[threading.Thread] = field(default_factory=list)
    _failing: set[str] = field(default_factory=set)

    def say(self, line: str) -> None:
        # plugins' summaries quote invitations and labels: no escape codes reach a terminal
        self.log.write(f"botpsy daemon: {one_line(line, 1000)}\n")
        self.log.flush()

    # -- what is due --------------------------------------------------------------------------
    def due(self, start: datetime, end: datetime) -> list[DueItem]:
        """Every plugin's due items in [start, end); a failing plugin is logged, the rest count."""
        found: list[DueItem] = []
        for impl in self.manager.hook.due_items.get_hookimpls():
            arguments = {"context": self.context, "start": start, "end": end}
            try:
                items = impl.function(**{k: arguments[k] for k in impl.argnames})
            except Exception as exc:
                if impl.plugin_name not in self._failing:  # once until it works again
                    self._failing.add(impl.plugin_name)
                    self.say(f"plugin '{impl.plugin_name}' failed in due_items: {exc}")
                continue
            self._failing.discard(impl.plugin_name)
            found += [i for i in items or [] if isinstance(i, DueItem)]
        return sorted(found, key=lambda i: (i.at, i.key))

    def catch_up_start(self, now: datetime) -> datetime:
        """Where the first look starts: when the daemon last looked, at most a day ago."""
        last = self.state.last_seen()
        if last is None:
            return now - FIRST_START_WINDOW
        return max(last, now - CATCH_UP_LIMIT) - OVERLAP

    def tick(self) -> datetime | None:
        """Fire everything due now that has not fired; when the next thing in view is due."""
        now = self.context.clock.now()
        start = self._since if self._since is not None else self.catch_up_start(now)
        horizon = now + timedelta(seconds=self.interval)
        upcoming: list[datetime] = []
        for item in self.due(start, horizon):
            if item.at > now:
                upcoming.append(item.at)
            elif not self.state.has_fired(item.key):
                self.fire(item, now)
        self.state.seen(now)
        self._since = now - OVERLAP
        return min(upcoming) if upcoming else None

    def fire(self, item: DueItem, now: datetime) -> None:
        """Claim the key (so it never fires again), then tell the user."""
        late = now - item.at > self.late_after
        if not self.state.claim(item.key, item.at, now, late, item.summary):
            return
        summary, body = item.summary, item.body
        if late:
            when = item.at.astimezone(now.tzinfo)
            day = "" if when.date() == now.date() else f" on {when:%A %-d %B}"
            summary = f"Missed: {item.summary}"
            body = f"Was due at {when:%H:%M}{day}, while botpsy daemon was not running. {body}"
        notice = notify.Notice(
            summary.strip(),
            body.strip(),
            urgency=item.urgency,
            category=f"x-botpsy.{item.kind}",
            extra_hints={"x-botpsy-late": ("b", late), "x-botpsy-key": ("s", item.key)},
        )
        channel = self.notifier(notice)
        self.state.delivered(item.key, channel)
        self.say(
            f"fired {item.kind} '{item.summary}' due {item.at.isoformat(timespec='minutes')}"
            f"{' (late)' if late else ''} via {channel}"
        )

    # -- running ------------------------------------------------------------------------------
    def run(self) -> None:
        """Loop until `stop` (SIGTERM, SIGINT): fire, then sleep to the next due thing or tick."""
        self.say(f"started (pid {os.getpid()}), checking every {self.interval:g} s")
        if self.chores:
            self.say("in the background: " + ", ".join(c.name for c in self.chores))
        self.state.prune(self.context.clock.now())  # what fired two months ago cannot come back
        self._start_chores()
        while not self.stopping.is_set():
            try:
                next_at = self.tick()
            except Exception as exc:  # a bad day must not kill the alarms: log, retry next tick
                self.say(f"a check failed: {exc}")
                if self.context.config.plugin("daemon").get("debug"):
                    traceback.print_exc()
                next_at = None
            wait = self.interval
            if next_at is not None:
                seconds = (next_at - self.context.clock.now()).total_seconds()
                wait = min(wait, max(0.05, seconds + 0.01))
            self.stopping.wait(wait)
        for thread in self._threads:  # a chore mid-way gets a moment; its thread dies with us
            thread.join(timeout=3)
        self.say("stopped")

    def stop(self, *_: Any) -> None:
        """Ask the loop and the chores to finish (safe from a signal handler)."""
        self.stopping.set()

    def install_signals(self) -> None:
        """SIGTERM and SIGINT stop cleanly; SIGHUP is ignored (a closed terminal is no reason)."""

        def handler(signum: int, frame: FrameType | None) -> None:
            self.stop()

        signal.signal(signal.SIGTERM, handler)
        signal.signal(signal.SIGINT, handler)
        if hasattr(signal, "SIGHUP"):
            signal.signal(signal.SIGHUP, signal.SIG_IGN)

    def _start_chores(self) -> None:
        for chore in self.chores:
            thread = threading.Thread(
                target=self._chore_loop, args=(chore,), name=chore.name, daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def _chore_loop(self, chore: Chore) -> None:
        if self.stopping.wait(min(2.0, chore.every)):  # the first look at what is due goes first
            return
        while not self.stopping.is_set():
            try:
                chore.run()
            except Exception as exc:
                self.say(f"{chore.name} failed: {exc}")
            if self.stopping.wait(chore.every):
                return
