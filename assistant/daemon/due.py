"""What plugins tell the daemon is due: the `due_items` hook's answer, one `DueItem` per firing.

A plugin knows its own things (alarms, timers, calendar reminders, task due
times); the daemon knows when to fire them and remembers what it fired, by
`key`, across restarts. A key must therefore name one firing exactly and stay
the same every time the plugin is asked: "alarms:alarm:7:2026-12-01T06:30:00+01:00",
not a random id. A changed time should change the key (then it fires again).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Urgency = Literal["low", "normal", "critical"]


@dataclass(frozen=True)
class DueItem:
    """One thing to tell the user at `at`: a notification's summary and body."""

    key: str  # unique and stable across calls and restarts, prefixed with the plugin's name
    at: datetime  # aware; when to fire
    summary: str  # the notification's first line: "Alarm", "Timer done", the task's title
    body: str = ""
    kind: str = "reminder"  # "alarm", "timer", "reminder", "task", or a plugin's own word
    urgency: Urgency = "normal"  # alarms and timers are "critical": they stay until dismissed

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:
            raise ValueError(f"due item {self.key!r}: `at` must be timezone-aware")
        if not self.key:
            raise ValueError("a due item needs a key")
