"""Changing a task already made, in words: "move my reminder to call mom to friday".

Kept apart from adding tasks (task_intents.py) because a change must name a task that exists:
"push the insurance task to monday" is a change only when a task says "insurance".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch
from botpsy_calendar.intents import _resolves

_KIND = r"(?:reminder|task|to-?do|to\s+do)"
_LEAD = r"^(?:(?:please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i'd\s+like\s+to)\s+)*"
_VERB = r"(?:move|push(?:\s+back)?|put\s+off|postpone|shift|change|reschedule|bump|delay|set)"
# "move my reminder to renew the passport to friday", "push the passport task back to monday"
_MOVE = re.compile(
    rf"{_LEAD}{_VERB}\s+(?:my|the|that)\s+"
    rf"(?:{_KIND}\s+(?:to|about|for|that\s+i\s+need\s+to)\s+(?P<what>.+?)|(?P<named>.+?)\s+{_KIND})"
    r"(?:\s+back)?\s+(?:to|till|until|for|on|onto)\s+(?P<when>.+?)[.!]?$",
    re.I,
)
# "make the passport task due friday", "make my reminder to call jo for tomorrow instead"
_DUE = re.compile(
    rf"{_LEAD}make\s+(?:my|the|that)\s+"
    rf"(?:{_KIND}\s+(?:to|about|for)\s+(?P<what>.+?)|(?P<named>.+?)\s+{_KIND})"
    r"\s+(?:due\s+)?(?:on\s+|for\s+)?(?P<when>.+?)(?:\s+instead)?[.!]?$",
    re.I,
)
# "change the due date of the passport task to friday"
_DUE_DATE = re.compile(
    rf"{_LEAD}(?:change|move|set)\s+the\s+(?:due\s+)?(?:date|day|time)\s+(?:of|for|on)\s+(?:my|the)\s+"
    rf"(?:{_KIND}\s+(?:to|about|for)\s+(?P<what>.+?)|(?P<named>.+?)\s+{_KIND})"
    r"\s+to\s+(?P<when>.+?)[.!]?$",
    re.I,
)


def make_task_change_matchers(
    now: Callable[[], datetime], has_task: Callable[[str], bool]
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Moving a task or reminder to another day or time, when the words name one that exists."""

    def move_task(text: str) -> IntentMatch | None:
        said = text.strip()
        for shape in (_DUE_DATE, _MOVE, _DUE):
            found = shape.match(said)
            if not found:
                continue
            words = (found.group("what") or found.group("named") or "").strip()
            words = re.sub(r"^(?:the|my)\s+", "", words, flags=re.I)
            when = found.group("when").strip()
            if words and has_task(words) and _resolves(when, now()):
                return IntentMatch("task_update", {"task": words, "due": when}, "move_task")
        return None

    return [("move_task", move_task)]
