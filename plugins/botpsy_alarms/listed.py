"""An alarm picked from the listing just read: "delete the 5:45 one", "cancel the second one".

After "what alarms do i have" the user points at a line as they read it: by its time, its label
or its place. The alarms are read again as the listing read them (still to ring, in the period
it asked for) and the line is picked as an answer to "which one?" picks it, by the user's words
only. No pick, no match.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from assistant.api import IntentMatch, Recent, pick_one
from botpsy_alarms.store import Alarm

_REMOVE_WHICH = re.compile(
    r"^(?:(?:ok(?:ay)?|right|so|and|oh|actually|then)[,.!]?\s+)*(?:please\s+)?"
    r"(?:cancel|delete|remove|drop|kill|stop|get\s+rid\s+of|(?:turn|switch)\s+off)\s+"
    r"(?P<which>the\s+.+?)(?:\s+(?:alarm|timer))?(?:\s+(?:please|then|for\s+me))?[.!]?$"
    r"|^(?:(?:ok(?:ay)?|right|so|and|oh|actually|then)[,.!]?\s+)*(?:please\s+)?(?:turn|switch)\s+"
    r"(?P<which2>the\s+.+?)\s+off(?:\s+please)?[.!]?$",
    re.I,
)

Upcoming = Callable[[datetime], list[Alarm]]


def make_listing_followups(
    now: Callable[[], datetime], upcoming: Upcoming, describe: Callable[[Alarm, datetime], str]
) -> list[tuple[str, Callable[[str, Recent], IntentMatch | None]]]:
    """ "Delete the 5:45 one" right after the alarms were listed: that alarm, cancelled."""

    def on_listed(text: str, recent: Recent) -> IntentMatch | None:
        last = recent.last()
        if last is None or last.tool != "alarm_list":
            return None
        said = _REMOVE_WHICH.match(text.strip())
        if said is None:
            return None
        which = said.group("which") or said.group("which2")
        at = now()
        alarms = _in_period(upcoming(at), last.arguments)
        if not alarms:
            return None
        options = [f"#{a.id}" for a in alarms]
        picked = pick_one(which, options, [describe(a, at) for a in alarms])
        return IntentMatch("alarm_delete", {"alarm": picked}) if picked else None

    return [("change_listed_alarm", on_listed)]


def _in_period(alarms: list[Alarm], arguments: Mapping[str, Any]) -> list[Alarm]:
    """Those of `alarms` in the period the listing asked for ("START/END"), else all."""
    said = str(arguments.get("when") or "").split("/")
    if len(said) != 2:
        return alarms
    try:
        start, end = datetime.fromisoformat(said[0]), datetime.fromisoformat(said[1])
    except ValueError:
        return alarms
    return [a for a in alarms if start <= a.at < end]
