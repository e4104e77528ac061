"""Repetition in words ("every Monday", "weekdays", "every 2 weeks until March") ↔ RRULE.

Only forms that are certain are accepted; anything else is a clear error so the
model (or the user) can say it differently, never a guessed rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from assistant.api import ToolArgumentError

_DAYS = {
    "monday": "MO",
    "tuesday": "TU",
    "wednesday": "WE",
    "thursday": "TH",
    "friday": "FR",
    "saturday": "SA",
    "sunday": "SU",
}
_DAY_NAMES = {code: name.capitalize() for name, code in _DAYS.items()}
_UNITS = {
    "day": "DAILY",
    "daily": "DAILY",
    "week": "WEEKLY",
    "weekly": "WEEKLY",
    "month": "MONTHLY",
    "monthly": "MONTHLY",
    "year": "YEARLY",
    "yearly": "YEARLY",
    "annually": "YEARLY",
}
_NUMBERS = {"other": 2, "two": 2, "three": 3, "four": 4, "second": 2, "third": 3}
_RULE = re.compile(r"^(RRULE:)?FREQ=[A-Z]+(;[A-Z]+=[A-Z0-9,+\-:]+)*$", re.I)


def _day_code(word: str) -> str | None:
    word = word.lower().rstrip("s")
    for name, code in _DAYS.items():
        if name.startswith(word) and len(word) >= 3:
            return code
    return None


def parse_repeat(text: str, resolve_date: Callable[[str], date]) -> str:
    """An RRULE for `text` (it repeats from the event's start); `resolve_date` reads an "until" date."""
    words = " ".join(text.lower().replace(",", " , ").split())
    if _RULE.match(text.strip()):
        return text.strip().upper().removeprefix("RRULE:")
    parts: list[str] = []
    until_match = re.search(r"\b(?:until|till|through)\s+(.+)$", words)
    count_match = re.search(r"\b(?:for\s+)?(\d+)\s+times\b", words)
    if until_match:
        words = words[: until_match.start()].strip()
    if count_match:
        words = (words[: count_match.start()] + words[count_match.end() :]).strip()
    words = re.sub(r"^(repeat(ing)?|recurring)\s+", "", words)
    words = re.sub(r"\b(at|on)\s*$", "", words).strip()
    interval = 1
    if m := re.match(r"^every\s+(\d+|other|two|three|four|second|third)\s+(\w+?)s?$", words):
        interval = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        unit = m.group(2)
        if unit in ("weekday", "business day"):
            raise ToolArgumentError(f"cannot repeat '{text}': say 'every weekday' or a day name")
        code = _day_code(unit)
        if code:
            parts = ["FREQ=WEEKLY", f"INTERVAL={interval}", f"BYDAY={code}"]
        elif unit in _UNITS:
            parts = [f"FREQ={_UNITS[unit]}", f"INTERVAL={interval}"]
    elif words in ("every day", "daily", "each day", "every morning", "every evening"):
        parts = ["FREQ=DAILY"]
    elif words in ("every weekday", "weekdays", "on weekdays", "every work day", "every workday"):
        parts = ["FREQ=WEEKLY", "BYDAY=MO,TU,WE,TH,FR"]
    elif words in ("every weekend", "weekends", "on weekends"):
        parts = ["FREQ=WEEKLY", "BYDAY=SA,SU"]
    elif words in _UNITS or words.removeprefix("every ") in _UNITS:
        parts = [f"FREQ={_UNITS[words.removeprefix('every ')]}"]
    else:
        names = re.sub(r"^(every|each|on)\s+", "", words)
        codes = [_day_code(w) for w in re.split(r"\s*(?:,|and|&)\s*|\s+", names) if w]
        if codes and all(codes):
            parts = ["FREQ=WEEKLY", "BYDAY=" + ",".join(dict.fromkeys(c for c in codes if c))]
    if not parts:
        raise ToolArgumentError(
            f"cannot read the repetition '{text}': say e.g. 'every Monday', 'daily', "
            "'every weekday', 'every 2 weeks', 'monthly', optionally with 'until DATE' or 'N times'"
        )
    parts = [p for p in parts if p != "INTERVAL=1"]
    if count_match:
        parts.append(f"COUNT={int(count_match.group(1))}")
    elif until_match:
        last = resolve_date(until_match.group(1))
        parts.append("UNTIL=" + last.strftime("%Y%m%d") + "T235959Z")
    return ";".join(parts)


def describe_repeat(rule: str) -> str:
    """'FREQ=WEEKLY;BYDAY=MO' → 'every Monday'."""
    fields = dict(part.split("=", 1) for part in rule.upper().split(";") if "=" in part)
    interval = int(fields.get("INTERVAL", "1") or 1)
    unit = {"DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"}.get(
        fields.get("FREQ", ""), "time"
    )
    days = [d[-2:] for d in fields.get("BYDAY", "").split(",") if d]
    if days == ["MO", "TU", "WE", "TH", "FR"]:
        text = "every weekday"
    elif days and unit == "week":
        names = [_DAY_NAMES.get(d, d) for d in days]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        text = f"every {'' if interval == 1 else f'{interval} weeks on '}{joined}"
    else:
        text = f"every {unit}" if interval == 1 else f"every {interval} {unit}s"
    if "COUNT" in fields:
        text += f", {fields['COUNT']} times"
    if "UNTIL" in fields:
        until = fields["UNTIL"][:8]
        text += f", until {until[:4]}-{until[4:6]}-{until[6:8]}"
    return text
