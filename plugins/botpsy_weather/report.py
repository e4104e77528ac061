"""The forecast in words: WMO weather codes, one line per day, and a direct answer first.

"Will it rain?" is answered "Yes"/"Maybe"/"Probably not" from the chance and the
amount of rain, so a person (or a small model reading the result) gets the
answer before the figures.
"""

from __future__ import annotations

from datetime import date

from botpsy_weather.openmeteo import Current, Day, Forecast

# WMO weather interpretation codes, as Open-Meteo documents them.
CODES = {
    0: "clear sky",
    1: "mainly clear",
    2: "partly cloudy",
    3: "overcast",
    45: "fog",
    48: "freezing fog",
    51: "light drizzle",
    53: "drizzle",
    55: "heavy drizzle",
    56: "freezing drizzle",
    57: "heavy freezing drizzle",
    61: "light rain",
    63: "rain",
    65: "heavy rain",
    66: "freezing rain",
    67: "heavy freezing rain",
    71: "light snow",
    73: "snow",
    75: "heavy snow",
    77: "snow grains",
    80: "light rain showers",
    81: "rain showers",
    82: "violent rain showers",
    85: "snow showers",
    86: "heavy snow showers",
    95: "thunderstorms",
    96: "thunderstorms with hail",
    99: "thunderstorms with heavy hail",
}
_WET = frozenset({51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 80, 81, 82, 95, 96, 99})
_SNOWY = frozenset({71, 73, 75, 77, 85, 86})
# What the answer leads with: "rain" (umbrella too), "snow", "temperature", "wind", or "".
TOPICS = ("rain", "snow", "temperature", "wind")


def sky(code: int) -> str:
    """The words for a WMO code."""
    return CODES.get(code, "unsettled weather")


def _whole(value: float) -> str:
    """Temperatures and wind: whole numbers, as forecasts say them ("-0" is "0")."""
    text = f"{value:.0f}"
    return "0" if text == "-0" else text


def _amount(value: float, unit: str = "mm") -> str:
    """Rain and snow: "4.2 mm", "12 mm", "0.06 inch" (inches need two decimals)."""
    if unit == "inch":
        return f"{value:.2f}"
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def _rain_is(day: Day, unit: str) -> str:
    """ "likely", "possible" or "unlikely", from the chance and the amount."""
    wet_amount = 0.04 if unit == "inch" else 1.0
    chance = day.rain_chance
    if (chance is not None and chance >= 50) or day.precipitation >= wet_amount:
        return "likely"
    if (chance is not None and chance >= 20) or day.code in _WET or day.precipitation > 0:
        return "possible"
    return "unlikely"


def day_line(day: Day, forecast: Forecast) -> str:
    """ "overcast, 10 to 15 °C, rain likely (80%, 4.2 mm), wind up to 20 km/h"."""
    t, p = forecast.temperature_unit, forecast.precipitation_unit
    parts = [sky(day.code), f"{_whole(day.low)} to {_whole(day.high)} {t}"]
    rain = _rain_is(day, p)
    figures = [f"{day.rain_chance}%"] if day.rain_chance is not None else []
    if day.precipitation > 0:
        figures.append(f"{_amount(day.precipitation, p)} {p}")
    parts.append(f"rain {rain}" + (f" ({', '.join(figures)})" if figures else ""))
    if day.snowfall > 0:
        snow_unit = "inch" if p == "inch" else "cm"
        parts.append(f"snow {_amount(day.snowfall, snow_unit)} {snow_unit}")
    if day.wind:
        parts.append(f"wind up to {_whole(day.wind)} {forecast.wind_unit}")
    return ", ".join(parts)


def now_line(now: Current, forecast: Forecast) -> str:
    """ "14 °C (feels like 12 °C), light rain, wind 12 km/h"."""
    t = forecast.temperature_unit
    text = f"{_whole(now.temperature)} {t}"
    if _whole(now.feels_like) != _whole(now.temperature):
        text += f" (feels like {_whole(now.feels_like)} {t})"
    return f"{text}, {sky(now.code)}, wind {_whole(now.wind)} {forecast.wind_unit}"


def day_name(day: date, today: date) -> str:
    """ "today", "tomorrow", or "Saturday 5 December"."""
    delta = (day - today).days
    if delta == 0:
        return "today"
    if delta == 1:
        return "tomorrow"
    return f"{day:%A} {day.day} {day:%B}"


def verdict(topic: str, days: list[Day], forecast: Forecast, when: str) -> str:
    """The direct answer to a question about rain, snow, heat or wind, or "" for none."""
    if not days or topic not in TOPICS:
        return ""
    if topic == "rain":
        states = [_rain_is(d, forecast.precipitation_unit) for d in days]
        if "likely" in states:
            return f"Yes, rain is likely {when}."
        if "possible" in states:
            return f"Maybe: some rain is possible {when}."
        return f"Probably not: no rain is expected {when}."
    if topic == "snow":
        if any(d.snowfall > 0 or d.code in _SNOWY for d in days):
            return f"Yes, snow is expected {when}."
        return f"No snow is expected {when}."
    if topic == "wind":
        top = max(d.wind for d in days)
        return f"Wind up to {_whole(top)} {forecast.wind_unit} {when}."
    high, low = max(d.high for d in days), min(d.low for d in days)
    return f"Between {_whole(low)} and {_whole(high)} {forecast.temperature_unit} {when}."
