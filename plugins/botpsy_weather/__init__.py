"""botpsy's weather plugin: conditions now and the forecast, from Open-Meteo (no account, no key).

Settings (`[plugins.weather]`): `location` (your place, e.g. "Lisbon" or
"38.72, -9.14"; without it botpsy asks once and remembers the answer),
`units` ("metric" or "imperial"; default from the locale), and
`geocoding_url` / `forecast_url` for another Open-Meteo server.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.api import ConfigError, PluginContext, hookimpl
from botpsy_weather.intents import weather_question
from botpsy_weather.openmeteo import FORECAST_URL, GEOCODING_URL, OpenMeteo
from botpsy_weather.tools import WeatherTools, units_from_locale

BOTPSY_API = ">=1,<2"


def make_tools(context: PluginContext) -> WeatherTools:
    """The toolbox from the `[plugins.weather]` settings; a bad setting is one line."""
    settings = context.settings("weather")
    units = str(settings.get("units") or units_from_locale())
    if units not in ("metric", "imperial"):
        raise ConfigError(f"[plugins.weather] units must be 'metric' or 'imperial', not '{units}'")
    try:
        timeout = float(settings.get("timeout", 10))
    except (TypeError, ValueError):
        raise ConfigError("[plugins.weather] timeout must be a number of seconds") from None
    client = OpenMeteo(
        str(settings.get("geocoding_url") or GEOCODING_URL),
        str(settings.get("forecast_url") or FORECAST_URL),
        timeout,
    )
    box = WeatherTools(
        client,
        context.clock,
        context.data_dir / "weather" / "home.json",
        str(settings.get("location") or ""),
        units,
    )
    if not (settings.get("geocoding_url") or settings.get("forecast_url")):
        # botpsy's default service, not one the user chose: asked once before a place leaves
        box.unchosen_services = {"weather_forecast": "open-meteo.com"}
    return box


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The weather toolbox."""
    register(make_tools(context))


@hookimpl
def register_intents(register: Callable[..., None]) -> None:
    """ "What's the weather tomorrow", "will it rain this weekend", "do I need an umbrella"."""
    register("weather", weather_question)
