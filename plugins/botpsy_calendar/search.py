"""Which events a calendar search finds, and in which order: upcoming first, then the past.

"When is my flight" asks after the next flight, not last month's: a search looks from now on
and goes back only when nothing upcoming matches, or when its words ask for the past ("last
dentist"). A repeating event counts by its occurrence going on or next after now (or its last
one before now), never by the first one it ever had.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from botpsy_calendar.store import Event, VdirStore

# Filler around what names an event: "my dentist appointment" is "dentist".
# Words that say what kind of thing an event is, not which: "my yoga class" finds "Yoga".
FILLER = re.compile(
    r"\b(the|my|our|an?|appointments?|meetings?|events?|class|classes|lessons?|sessions?"
    r"|appt)\b",
    re.I,
)
# A word first that says which occurrence: "last dentist" looks back, "next flight" ahead.
_ORDER = re.compile(
    r"^(?:(?P<back>last|latest|previous|past|most\s+recent)|next|upcoming|coming)\s+(?=\S)", re.I
)
# How far a series is walked from now to find its next or last occurrence; a nearer window is
# tried first, so a series repeating every hour is not expanded over a year.
_REACH = (timedelta(days=8), timedelta(days=367))
_SERIES_ROOM = 500  # occurrences of one series read looking back (the store's SERIES_CAP)


def ordered(text: str) -> tuple[str, bool]:
    """The words to look for, and whether they ask for past events: "last dentist" → ("dentist", True)."""
    said = " ".join(text.split())
    order = _ORDER.match(said)
    if order is None:
        return said, False
    return said[order.end() :], bool(order.group("back"))


def mentioning(events: Sequence[Event], text: str) -> list[Event]:
    """The events whose title, place or notes hold `text`; else those holding each naming word
    of it ("my dentist appointment" finds "Dentist")."""

    def said(event: Event) -> str:
        return f"{event.title}\n{event.location}\n{event.notes}".lower()

    wanted = text.lower().strip()
    found = [e for e in events if wanted in said(e)]
    words = FILLER.sub(" ", wanted).split()
    if not found and words:
        found = [e for e in events if all(w in said(e) for w in words)]
    return found


@dataclass
class Found:
    """A search's matches split at now: upcoming soonest first, past latest first."""

    upcoming: list[Event] = field(default_factory=list)
    past: list[Event] = field(default_factory=list)


def around_now(store: VdirStore, matches: Sequence[Event], now: datetime) -> Found:
    """`matches` (events as `store.events()` gives them: a series once) split at `now`.

    An event going on now is upcoming. A series begun stands for its next occurrence and its
    last one, each looked for at most a year away from now.
    """
    found = Found()
    for event in matches:
        if not event.in_series or event.start >= now:  # a series not begun: its first one
            (found.upcoming if event.end > now else found.past).append(event)
            continue
        ahead = _occurrences(store, event, now, 1, forward=True)
        behind = _occurrences(store, event, now, _SERIES_ROOM, forward=False)
        found.upcoming += ahead[:1]
        found.past += behind[-1:]
    found.upcoming.sort(key=lambda e: e.start)
    found.past.sort(key=lambda e: e.start, reverse=True)
    return found


def _occurrences(
    store: VdirStore, series: Event, now: datetime, room: int, forward: bool
) -> list[Event]:
    """A series' occurrences from now on (the first `room`) or before now (in the nearest window
    that has any). A series too odd to expand is noted in `store.problems`, as a listing notes it;
    a cap reached is no news here, where one occurrence is wanted."""
    calendar = store.read(series.uid)
    if calendar is None:
        return []
    for reach in _REACH:
        start, end = (now, now + reach) if forward else (now - reach, now)
        kept = list(store.problems)
        try:
            # the store's own guarded expansion: a rule repeating every second costs `room` steps
            found = store.occurrences(calendar, start, end, room)
        except Exception as exc:  # a malformed rule must not hide the other matches
            store.problems = [*kept, f'skipped "{series.title}": {exc}']
            return []
        store.problems = kept
        found = [e for e in found if e.end > now] if forward else [e for e in found if e.end <= now]
        if found:
            return found
    return []
