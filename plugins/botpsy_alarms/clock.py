"""The time and date, here or elsewhere: `time_now`, answered from the system clock and zoneinfo.

Nothing leaves the machine: places are looked up in a table of cities, countries and
zone abbreviations (`data/places.toml`) and in the names of the IANA zones themselves;
named days ("christmas", "thanksgiving") come from `data/days.toml`. The arguments keep
the user's own words ("tokyo", "next friday") and are resolved here, so a preview and the
audit log show what was asked and the reply shows what it resolved to.
"""

from __future__ import annotations

import contextlib
import re
import tomllib
import zoneinfo
from datetime import date, datetime, timedelta
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from assistant.api import (
    Clock,
    Effect,
    TimeParseError,
    ToolArgumentError,
    ToolResult,
    moment_parts,
    parse_moment,
    tool,
)

_NOT_PLACES = ("Etc/", "SystemV/", "posix/", "right/", "Antarctica/")
_WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
_RULE = re.compile(r"(\d\d)-(mon|tue|wed|thu|fri|sat|sun)-(\d|last)(?:\+(\d+))?")


class UnknownPlace(ToolArgumentError):
    """A place whose time zone botpsy does not know."""


def _key(text: str) -> str:
    """Lower case, no apostrophes or punctuation, single spaces: how both tables are keyed."""
    text = re.sub(r"['\u2019]", "", text.lower())
    return " ".join(re.sub(r"[^\w/+-]+", " ", text).split())


def _data(name: str) -> dict[str, Any]:
    text = resources.files("botpsy_alarms").joinpath(f"data/{name}").read_text("utf-8")
    return tomllib.loads(text)


def _tab(name: str) -> list[list[str]]:
    """The rows of one of the time zone database's tables (zone.tab, iso3166.tab), if found."""
    text = ""
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / name
        if path.is_file():
            text = path.read_text("utf-8")
            break
    else:
        with contextlib.suppress(ImportError, OSError):  # the tzdata package, where no system copy
            text = resources.files("tzdata.zoneinfo").joinpath(name).read_text("utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


@cache
def _zone_names() -> dict[str, str]:
    """Every place name botpsy knows, lower case, to its IANA zone: the zones' own cities, the
    countries of the database (the first zone it lists for each), then the table's rows."""
    names: dict[str, str] = {}
    for zone in sorted(available_timezones()):
        if zone.startswith(_NOT_PLACES) or zone in ("Factory", "localtime"):
            continue
        names.setdefault(_key(zone.replace("_", " ")), zone)
        if "/" in zone:
            names.setdefault(_key(zone.rsplit("/", 1)[1].replace("_", " ")), zone)
    countries = {row[0]: row[1] for row in _tab("iso3166.tab") if len(row) > 1}
    for row in _tab("zone.tab"):
        if len(row) > 2 and row[0] in countries:
            name = _key(re.sub(r"\s*\(.*\)", "", countries.pop(row[0])))
            names.setdefault(name, row[2])
    names.update(_data("places.toml")["zones"])
    return names


def zone_for(place: str) -> ZoneInfo | None:
    """The time zone of a place ("tokyo", "new york city", "pst", "Europe/Paris"), or None."""
    key = _key(place)
    key = re.sub(r"^(?:the|in)\s+", "", key)
    key = re.sub(r"(?:\s+(?:time(?:\s+zone)?|timezone|standard|daylight))+$", "", key)
    key = re.sub(r"\s+city$", "", key) if key not in _zone_names() else key
    words = key.split()
    # "tokyo japan", "orlando florida": a place and the larger place it is in
    for cut in range(len(words), 0, -1):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        name = _zone_names().get(head)
        if name and (not tail or tail in _zone_names()):
            try:
                return ZoneInfo(name)
            except (ZoneInfoNotFoundError, ValueError):
                return None
    return None


def knows_place(place: str) -> bool:
    """Whether `zone_for` resolves the place: intents claim only what the tool can answer."""
    return zone_for(place) is not None


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    h2 = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * h2) // 451
    month, day = divmod(h + h2 - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _on(rule: str, year: int) -> date:
    """The date a rule of `data/days.toml` gives in one year."""
    if rule.startswith("easter"):
        return _easter(year) + timedelta(days=int(rule[len("easter") :] or 0))
    found = _RULE.fullmatch(rule)
    if not found:
        month, number = (int(part) for part in rule.split("-"))
        return date(year, month, number)
    month, weekday, nth = int(found.group(1)), _WEEKDAYS.index(found.group(2)), found.group(3)
    first = date(year, month, 1)
    day = first + timedelta(days=(weekday - first.weekday()) % 7)
    if nth == "last":
        while (day + timedelta(days=7)).month == month:
            day += timedelta(days=7)
    else:
        day += timedelta(days=7 * (int(nth) - 1))
    return day + timedelta(days=int(found.group(4) or 0))


def named_day(text: str, today: date) -> tuple[str, date] | None:
    """A named day's next date (today counts): "christmas" -> ("Christmas", 2026-12-25)."""
    key = re.sub(r"^(?:the\s+)?(?:next\s+)?", "", _key(text))
    year = today.year
    when = re.search(r"\s+(?:this\s+year|next\s+year|(\d{4}))$", key)
    if when:
        key = key[: when.start()]
        year = int(when.group(1)) if when.group(1) else year + ("next" in when.group(0))
    rule = _days().get(key) or _days().get(f"{key} day")
    if rule is None:
        return None
    day = _on(rule, year)
    if not when and day < today:
        day = _on(rule, year + 1)
    return key.title(), day


@cache
def _days() -> dict[str, str]:
    return dict(_data("days.toml")["days"])


def knows_day(text: str, now: datetime) -> bool:
    """Whether `time_now` can say which day `text` is."""
    try:
        _resolve_day(text, now)
    except ToolArgumentError:
        return False
    return True


def _resolve_day(text: str, now: datetime) -> tuple[str, date]:
    named = named_day(text, now.date())
    if named:
        return named
    try:
        moment = parse_moment(text, now)
    except TimeParseError as exc:
        try:  # "the twelfth" is read, "twelfth" alone is not
            moment = parse_moment(f"the {text}", now)
        except TimeParseError:
            raise ToolArgumentError(f"argument 'day': {exc}") from None
    return "", moment.start.date()


def _title(place: str) -> str:
    """ "tokyo" -> "Tokyo", "pst" -> "PST": how a place is written back."""
    place = place.strip()
    return place.upper() if len(place) <= 3 else place.title()


def _offset(zone: datetime) -> str:
    offset = zone.utcoffset() or timedelta()
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{rest:02d}"


def _difference(there: datetime, here: datetime) -> str:
    """ "8 hours ahead of you", "5 hours 30 minutes behind you", "the same time as you"."""
    delta = (there.utcoffset() or timedelta()) - (here.utcoffset() or timedelta())
    minutes = int(delta.total_seconds() // 60)
    if minutes == 0:
        return "the same time as here"
    hours, rest = divmod(abs(minutes), 60)
    amount = f"{hours} hour{'s' if hours != 1 else ''}" if hours else ""
    amount = " ".join(p for p in (amount, f"{rest} minutes" if rest else "") if p)
    return f"{amount} {'ahead of' if minutes > 0 else 'behind'} here"


def _day_words(day: date, today: date) -> str:
    gap = (day - today).days
    if gap == 0:
        return "today"
    if gap == 1:
        return "tomorrow, in 1 day"
    if gap == -1:
        return "yesterday, 1 day ago"
    return f"in {gap} days" if gap > 0 else f"{-gap} days ago"


class ClockTools:
    """The time and date on this machine's clock, here or in another time zone."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def _zone(self, place: str, argument: str) -> ZoneInfo:
        zone = zone_for(place)
        if zone is None:
            raise UnknownPlace(
                f"argument '{argument}': I don't know the time zone of '{place}' "
                "(name a city, a country or a zone like 'Europe/Paris')"
            )
        return zone

    @tool(Effect.READ)
    def time_now(
        self, place: str = "", day: str = "", time: str = "", from_place: str = ""
    ) -> ToolResult:
        """Tell the current time and date (what time is it, what's the date, what day is today), the time in another city or time zone, which date and weekday a day falls on and how many days until it (christmas, next friday), or convert a clock time between places.

        Args:
            place: the city, country or time zone asked about, e.g. "tokyo"; empty for here
            day: a day asked about, e.g. "christmas", "next friday", "december 5"; empty for today
            time: a clock time to convert, e.g. "3pm"; empty for now
            from_place: where that clock time is read, e.g. "london"; empty for here
        """
        now = self.clock.now()
        here = now.tzinfo
        there_zone = self._zone(place, "place") if place.strip() else here
        if time.strip():
            return self._convert(time, from_place, place, now)
        if day.strip():
            return self._day(day, now)
        there = now.astimezone(there_zone)
        data = {"time": there.isoformat(timespec="minutes"), "zone": str(there_zone)}
        stamp = f"{there:%H:%M} on {there:%A %-d %B %Y}"
        if not place.strip():
            return ToolResult(f"It is {stamp} ({there_zone}, {_offset(there)}).", data)
        name = _title(place)
        return ToolResult(
            f"In {name} it is {stamp} ({there_zone}, {_difference(there, now)}).", data
        )

    def _day(self, day: str, now: datetime) -> ToolResult:
        name, found = _resolve_day(day, now)
        today = now.date()
        full = f"{found:%A %-d %B %Y}"
        if found == today:
            text = f"{name} is today, {full}." if name else f"Today is {full}."
        elif name:
            text = f"{name} is {full}, {_day_words(found, today)}."
        else:
            verb = "is" if found > today else "was"
            text = f"{full} {verb} {_day_words(found, today)}."
        data = {"date": found.isoformat(), "weekday": f"{found:%A}", "days": (found - today).days}
        return ToolResult(text, data)

    def _convert(self, time: str, from_place: str, place: str, now: datetime) -> ToolResult:
        source = self._zone(from_place, "from_place") if from_place.strip() else now.tzinfo
        target = self._zone(place, "place") if place.strip() else now.tzinfo
        try:
            moment = parse_moment(time, now.astimezone(source))
        except TimeParseError as exc:
            raise ToolArgumentError(f"argument 'time': {exc}") from None
        if moment.all_day:
            raise ToolArgumentError(f"argument 'time': '{time}' names no clock time, e.g. '3pm'")
        local = now.astimezone(source)
        start = moment.start.replace(tzinfo=None).replace(tzinfo=source)
        if not moment_parts(time, local)[0]:  # "3pm" there is today's 3pm there, past or not
            start = datetime.combine(local.date(), start.time(), tzinfo=source)
        converted = start.astimezone(target)
        origin = _title(from_place) or "here"
        where = _title(place) or "here"
        day = "" if converted.date() == start.date() else f" on {converted:%A %-d %B}"
        text = (
            f"{start:%H:%M} {'in ' if from_place.strip() else ''}{origin} ({source}) is "
            f"{converted:%H:%M}{day} {'in ' if place.strip() else ''}{where} ({target})."
        )
        return ToolResult(
            text,
            {
                "from": start.isoformat(timespec="minutes"),
                "to": converted.isoformat(timespec="minutes"),
                "zone": str(target),
            },
        )
