"""The weather tool: conditions now and the forecast for a day, a weekend or a few days.

The call is egress: the place the user names (or the coordinates of their own
place) goes to the weather service. In a tainted conversation the policy asks
before a place the user did not write leaves the machine, as for a web search.
What comes back is numbers, worded here; a place is named by the user's own words
and a country code, never the provider's text, so the output is botpsy's own and
does not taint the conversation.
"""

from __future__ import annotations

import json
import os
import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from assistant.api import (
    AskUser,
    Clock,
    Effect,
    TimeParseError,
    ToolArgumentError,
    ToolResult,
    parse_span,
    tool,
)
from botpsy_weather.openmeteo import (
    FORECAST_DAYS,
    Day,
    OpenMeteo,
    Place,
    WeatherError,
    clean_name,
)
from botpsy_weather.report import TOPICS, day_line, day_name, now_line, verdict

_NOW = frozenset({"", "now", "right now", "currently", "at the moment", "outside", "today now"})
_WEEKEND = re.compile(r"^(?:over |on |for )?(?:the |this )?weekend$")
_COORDINATES = re.compile(r"^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$")
_IMPERIAL_COUNTRIES = ("US", "LR", "MM")
ASK_HOME = (
    "Where are you? Tell me your city (e.g. 'Lisbon' or 'Springfield, Illinois'); "
    "I'll remember it for the weather."
)


def units_from_locale(environ: dict[str, str] | None = None) -> str:
    """ "imperial" where the locale's country measures in °F (US, Liberia, Myanmar), else "metric"."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MEASUREMENT", "LANG"):
        value = env.get(name, "")
        if value:
            country = value.split(".")[0].partition("_")[2].upper()
            return "imperial" if country in _IMPERIAL_COUNTRIES else "metric"
    return "metric"


class WeatherTools:
    """The weather toolbox over one Open-Meteo client."""

    def __init__(
        self,
        client: OpenMeteo,
        clock: Clock,
        home_file: Path,
        location: str = "",
        units: str = "metric",
    ) -> None:
        self.client = client
        self.clock = clock
        self.home_file = home_file
        self.location = location
        self.imperial = units == "imperial"
        self.unchosen_services: dict[str, str] = {}  # {tool: server} nobody chose (see Tool)

    @tool(Effect.EGRESS)
    def weather_forecast(
        self, when: str = "", place: str = "", about: str = "", home: str = ""
    ) -> ToolResult:
        """Weather forecast (temperature, rain, umbrella, snow, wind) now, today, tomorrow, a weekday or this weekend.

        Args:
            when: the day asked about, e.g. "now", "tomorrow", "Saturday", "this weekend"; empty means now and today
            place: a city or place the user named, e.g. "Lisbon"; empty means where the user lives
            about: what the user asks about: "rain" (an umbrella too), "snow", "temperature" or "wind"; empty for all
            home: where the user lives, only when the user says so; remembered for next time
        """
        topic = about.strip().lower()
        if topic in ("umbrella", "raining", "rainy"):
            topic = "rain"
        if topic and topic not in TOPICS:
            topic = "temperature" if topic in ("hot", "cold", "warm", "heat") else ""
        today = self.clock.now().date()
        days = self._days(when, today)  # a wrong date fails before anything leaves the machine
        located, remembered = self._where(place, home)
        forecast = self.client.forecast(located, self.imperial)
        by_day = {d.day: d for d in forecast.days}
        label = located.label
        if days is None:
            chosen = [by_day[today]] if today in by_day else forecast.days[:1]
            lines = []
            if forecast.current is not None:
                lines.append(f"Now in {label}: {now_line(forecast.current, forecast)}.")
            if chosen:
                lines.append(f"Today: {day_line(chosen[0], forecast)}.")
            phrase = "today"
        else:
            chosen = [by_day[d] for d in days if d in by_day]
            if not chosen:
                raise WeatherError("the weather service sent no forecast for that day")
            phrase = self._phrase(when, chosen, today)
            if len(chosen) == 1:
                lines = [f"{_capital(phrase)} in {label}: {day_line(chosen[0], forecast)}."]
            else:
                lines = [f"{_capital(phrase)} in {label}:"]
                lines += [f"- {day_name(d.day, today)}: {day_line(d, forecast)}" for d in chosen]
        if days is None and topic in ("temperature", "wind"):
            topic = ""  # conditions now answer it, on the first line
        answer = verdict(topic, chosen, forecast, phrase)
        if answer:
            lines.insert(0, answer)
        if remembered:
            lines.append(f"(I'll use {located.label} as your place from now on.)")
        return ToolResult(
            "\n".join(lines),
            {"place": located.label, "days": [_day_data(d) for d in chosen]},
        )

    # -- when ----------------------------------------------------------------------------
    def _days(self, when: str, today: date) -> list[date] | None:
        """The days asked about (None: now), within the forecast's reach; else one clear line."""
        text = " ".join(when.lower().replace("?", " ").split())
        if text in _NOW:
            return None
        if text in ("tonight", "this morning", "this afternoon", "this evening", "later"):
            text = "today"
        if _WEEKEND.match(text):
            text = "this weekend"
        try:
            span = parse_span(text, self.clock.now())
        except TimeParseError as exc:
            raise ToolArgumentError(f"'{when}' is not a day I can forecast ({exc})") from None
        first, last = span.start.date(), (span.end - timedelta(microseconds=1)).date()
        reach = today + timedelta(days=FORECAST_DAYS - 1)
        if last < today:
            raise ToolArgumentError(
                f"'{when}' is in the past; the forecast covers today to {reach:%A} {reach.day} {reach:%B}"
            )
        if first > reach:
            raise ToolArgumentError(
                f"'{when}' is too far ahead; the forecast reaches {reach:%A} {reach.day} {reach:%B}"
            )
        first, last = max(first, today), min(last, reach)
        return [first + timedelta(days=n) for n in range((last - first).days + 1)]

    @staticmethod
    def _phrase(when: str, days: list[Day], today: date) -> str:
        if len(days) == 1:
            name = day_name(days[0].day, today)
            return name if name in ("today", "tomorrow") else f"on {name}"
        text = " ".join(when.lower().split())
        if _WEEKEND.match(text) or text == "this weekend":
            return "this weekend"
        return f"from {day_name(days[0].day, today)} to {day_name(days[-1].day, today)}"

    # -- where ---------------------------------------------------------------------------
    def _where(self, place: str, home: str) -> tuple[Place, bool]:
        """The place asked about, and whether it was just remembered as the user's own."""
        if place.strip():
            return self.locate(place, "place"), False
        if home.strip():
            found = self.locate(home, "home")
            self._remember(found)
            return found, True
        if self.location.strip():
            return self.locate(self.location, "place"), False
        remembered = self._remembered()
        if remembered is not None:
            return remembered, False
        raise AskUser(ASK_HOME, "home")

    def locate(self, text: str, argument: str) -> Place:
        """A place from a name ("Lisbon", "Springfield, Illinois") or "lat, lon"; asks if unsure.

        Namesakes of similar size ("Springfield") make it ask for the region or
        country rather than guess; a much bigger one (Lisbon, Portugal beside Lisbon,
        Ohio) is taken, as every weather service does.
        """
        text = clean_name(text)
        m = _COORDINATES.match(text)
        if m:
            lat, lon = float(m.group(1)), float(m.group(2))
            if abs(lat) > 90 or abs(lon) > 180:
                raise ToolArgumentError(f"'{text}' are not coordinates on Earth")
            return Place(f"{lat:.2f}, {lon:.2f}", lat, lon)
        name, *qualifiers = [p.strip() for p in text.split(",") if p.strip()] or [""]
        if len(name) < 2:
            raise ToolArgumentError("name a city or place, e.g. 'Lisbon'")
        found = self.client.search(name)
        for qualifier in (q.casefold() for q in qualifiers):
            found = [p for p in found if _fits(p, qualifier)]
        if not found:
            raise WeatherError(
                f"no place called '{text}' is known to the weather service;"
                " check the spelling or add the country, e.g. 'Paris, France'"
            )
        first = found[0]
        rivals = [p for p in found[1:5] if (p.region, p.country) != (first.region, first.country)]
        if not qualifiers and rivals and rivals[0].population * 3 >= first.population:
            codes = sorted({p.country_code or "?" for p in [first, *rivals]})
            raise AskUser(
                f"There are several places called {name} (in {', '.join(codes)}). Which one?"
                f" Say it with its region or country, e.g. '{name}, <region>'.",
                argument,
            )
        return first.named(text)

    def _remember(self, place: Place) -> None:
        self.home_file.parent.mkdir(parents=True, exist_ok=True)
        partial = self.home_file.with_suffix(".tmp")
        partial.write_text(json.dumps(place.to_dict()), "utf-8")
        partial.replace(self.home_file)

    def _remembered(self) -> Place | None:
        try:
            return Place.from_dict(json.loads(self.home_file.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # none yet, or unreadable: ask again rather than guess


def _fits(place: Place, qualifier: str) -> bool:
    """Whether "Illinois", "United States" or "US" narrows to this place."""
    return (
        place.region.casefold().startswith(qualifier)
        or place.country.casefold().startswith(qualifier)
        or place.country_code.casefold() == qualifier
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _day_data(day: Day) -> dict[str, Any]:
    return {
        "date": day.day.isoformat(),
        "high": day.high,
        "low": day.low,
        "rain_chance": day.rain_chance,
        "precipitation": day.precipitation,
    }
