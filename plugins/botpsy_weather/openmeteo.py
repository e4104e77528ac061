"""Open-Meteo's keyless JSON API: place names to coordinates (geocoding) and the forecast.

Both base URLs are settings, so tests (and a self-hosted Open-Meteo) point them
elsewhere. Every failure is one `WeatherError` line: a service that does not
answer, an answer that is not the documented JSON, a request it refused.
"""

from __future__ import annotations

import http.client
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, replace
from datetime import date
from http import HTTPStatus
from typing import Any

from assistant.api import ToolError

GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
# The forecast reaches this many days ahead, today included (Open-Meteo's maximum is 16).
FORECAST_DAYS = 16
MAX_RESPONSE = 2_000_000
DAILY = (
    "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,"
    "precipitation_probability_max,snowfall_sum,wind_speed_10m_max"
)
CURRENT = "temperature_2m,apparent_temperature,weather_code,wind_speed_10m,precipitation"
# A place name in one line: letters, digits and plain punctuation only.
_NAME_CHARS = re.compile(r"[^\w '().,-]+", re.UNICODE)


class WeatherError(ToolError):
    """The weather service could not be reached, or refused or garbled the request."""


@dataclass(frozen=True)
class Place:
    """A located place: the name the user gave it, and where it is.

    `region` and `country` are the provider's words: they pick among namesakes and are
    never shown. What botpsy says about a place is the user's own name for it and a
    two-letter country code, so no text others wrote reaches the reply or the model.
    """

    name: str
    latitude: float
    longitude: float
    country_code: str = ""
    region: str = ""
    country: str = ""
    population: int = 0

    @property
    def label(self) -> str:
        """ "Lisbon (PT)": the user's name for the place and its country code."""
        return f"{self.name} ({self.country_code})" if self.country_code else self.name

    def named(self, name: str) -> Place:
        """The same place under the user's name for it."""
        return replace(self, name=clean_name(name))

    def to_dict(self) -> dict[str, Any]:
        """JSON form, for the remembered home."""
        return {"name": self.name, "latitude": self.latitude, "longitude": self.longitude,
                "country_code": self.country_code}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Place:
        """Inverse of `to_dict`; raises on a malformed record."""
        return cls(
            clean_name(str(data["name"])),
            float(data["latitude"]),
            float(data["longitude"]),
            country_code(data.get("country_code")),
        )


def country_code(value: object) -> str:
    """An ISO 3166 alpha-2 code, or "" for anything else."""
    text = str(value or "")
    return text if re.fullmatch(r"[A-Z]{2}", text) else ""


def clean_name(text: str) -> str:
    """A place name reduced to letters, digits and plain punctuation, one line, short."""
    return " ".join(_NAME_CHARS.sub(" ", text).split())[:60]


@dataclass(frozen=True)
class Day:
    """One day of the forecast, in the provider's units."""

    day: date
    code: int
    high: float
    low: float
    precipitation: float
    rain_chance: int | None
    snowfall: float
    wind: float


@dataclass(frozen=True)
class Current:
    """Conditions now."""

    temperature: float
    feels_like: float
    code: int
    wind: float
    precipitation: float


@dataclass(frozen=True)
class Forecast:
    """What the forecast call returns: now, the days, and the units the numbers are in."""

    current: Current | None
    days: list[Day]
    temperature_unit: str
    wind_unit: str
    precipitation_unit: str


class OpenMeteo:
    """A client of the geocoding and forecast APIs."""

    def __init__(
        self,
        geocoding_url: str = GEOCODING_URL,
        forecast_url: str = FORECAST_URL,
        timeout: float = 10.0,
    ) -> None:
        for url in (geocoding_url, forecast_url):
            if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
                raise WeatherError(f"the weather service URL '{url}' must start with https://")
        self.geocoding_url = geocoding_url
        self.forecast_url = forecast_url
        self.timeout = timeout

    def search(self, name: str, language: str = "en", count: int = 10) -> list[Place]:
        """Places called `name`, most relevant first (empty when there is none)."""
        data = self._get(
            self.geocoding_url,
            {"name": name, "count": count, "language": language, "format": "json"},
        )
        found = []
        for item in data.get("results") or []:
            try:
                found.append(
                    Place(
                        clean_name(str(item["name"])),
                        float(item["latitude"]),
                        float(item["longitude"]),
                        country_code(item.get("country_code")),
                        clean_name(str(item.get("admin1") or "")),
                        clean_name(str(item.get("country") or "")),
                        int(item.get("population") or 0),
                    )
                )
            except (KeyError, TypeError, ValueError):
                continue  # a malformed entry is skipped, not trusted
        return found

    def forecast(self, place: Place, imperial: bool) -> Forecast:
        """Conditions now and the daily forecast from today, in the place's own time zone."""
        query: dict[str, Any] = {
            "latitude": f"{place.latitude:.4f}",
            "longitude": f"{place.longitude:.4f}",
            "current": CURRENT,
            "daily": DAILY,
            "timezone": "auto",
            "forecast_days": FORECAST_DAYS,
        }
        if imperial:
            query.update(temperature_unit="fahrenheit", wind_speed_unit="mph",
                         precipitation_unit="inch")  # fmt: skip
        data = self._get(self.forecast_url, query)
        try:
            return _parse_forecast(data, imperial)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise WeatherError(
                f"the weather service sent a forecast botpsy cannot read ({type(exc).__name__})"
            ) from None

    def _get(self, url: str, query: dict[str, Any]) -> dict[str, Any]:
        """GET a JSON object; every failure becomes one line naming the service."""
        host = urllib.parse.urlsplit(url).netloc
        full = f"{url}?{urllib.parse.urlencode(query)}"
        request = urllib.request.Request(full, headers={"User-Agent": "botpsy-weather"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                body = response.read(MAX_RESPONSE + 1)
        except urllib.error.HTTPError as exc:
            reason = _reason(exc.code)
            if exc.code >= 500:
                raise WeatherError(
                    f"the weather service at {host} is not working ({reason}); try again later"
                ) from None
            raise WeatherError(
                f"the weather service at {host} refused the request: {reason}"
            ) from None
        except http.client.HTTPException:  # its text quotes the server's (a bad status line)
            raise WeatherError(f"the weather service at {host} did not answer in HTTP") from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            why = getattr(exc, "reason", exc)
            raise WeatherError(
                f"cannot reach the weather service at {host} ({why}); try again later"
            ) from None
        if len(body) > MAX_RESPONSE:
            raise WeatherError(f"the weather service at {host} sent too much data")
        try:
            data = json.loads(body)
        except ValueError:
            raise WeatherError(f"the weather service at {host} did not send JSON") from None
        if not isinstance(data, dict):
            raise WeatherError(f"the weather service at {host} sent an unexpected answer")
        if data.get("error"):
            raise WeatherError(
                f"the weather service at {host} refused the request (it sent an error)"
            )
        return data


def _reason(code: int) -> str:
    """The HTTP status in botpsy's words ("Bad Gateway"), never the provider's own text.

    The service's `reason` is text others wrote: it would reach the model from a
    tool whose output does not taint, so a hostile server could plant orders in it.
    """
    try:
        return f"HTTP {code} {HTTPStatus(code).phrase}" if code < 500 else HTTPStatus(code).phrase
    except ValueError:
        return f"HTTP {code}"


def _parse_forecast(data: dict[str, Any], imperial: bool) -> Forecast:
    daily = data["daily"]
    units = data.get("daily_units") or {}
    days = []
    for i, text in enumerate(daily["time"]):
        chance = (daily.get("precipitation_probability_max") or [None] * (i + 1))[i]
        days.append(
            Day(
                date.fromisoformat(text),
                int(daily["weather_code"][i] or 0),
                float(daily["temperature_2m_max"][i]),
                float(daily["temperature_2m_min"][i]),
                float(daily["precipitation_sum"][i] or 0.0),
                None if chance is None else int(chance),
                float((daily.get("snowfall_sum") or [0.0] * (i + 1))[i] or 0.0),
                float((daily.get("wind_speed_10m_max") or [0.0] * (i + 1))[i] or 0.0),
            )
        )
    current = None
    if isinstance(data.get("current"), dict):
        now = data["current"]
        current = Current(
            float(now["temperature_2m"]),
            float(now.get("apparent_temperature", now["temperature_2m"])),
            int(now.get("weather_code") or 0),
            float(now.get("wind_speed_10m") or 0.0),
            float(now.get("precipitation") or 0.0),
        )
    return Forecast(
        current,
        days,
        _unit(units.get("temperature_2m_max"), "°F" if imperial else "°C"),
        _unit(units.get("wind_speed_10m_max"), "mph" if imperial else "km/h"),
        _unit(units.get("precipitation_sum"), "inch" if imperial else "mm"),
    )


_UNITS = frozenset({"°C", "°F", "km/h", "mph", "m/s", "kn", "mm", "inch"})


def _unit(value: object, default: str) -> str:
    """A unit the service named, if it is one botpsy knows (its text reaches the model)."""
    return value if isinstance(value, str) and value in _UNITS else default
