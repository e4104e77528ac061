"""botpsy's weather plugin: conditions now and the forecast, from Open-Meteo (no account, no key).

Settings (`[plugins.weather]`): `location` (your place, e.g. "Lisbon" or
"38.72, -9.14"; without it botpsy asks once and remembers the answer),
`units` ("metric" or "imperial"; default from the locale), and
`geocoding_url` / `forecast_url` for another Open-Meteo server.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.api import ConfigError, PluginContext, hookimpl
from botpsy_weather.intents import weather_question, weather_that_day
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
    unchosen = unchosen_weather_server(settings)
    if unchosen:
        # botpsy's default service, not one the user chose: asked once before a place leaves
        box.unchosen_services = {"weather_forecast": unchosen}
    return box


def unchosen_weather_server(settings: dict[str, object]) -> str:
    """The default server a forecast would reach though the user named none, or "".

    Naming only one of the two addresses still sends the other half of the request (the place
    name to the geocoder, or the coordinates to the forecast) to Open-Meteo, so that half is
    still a server nobody chose.
    """
    geocoder, forecast = settings.get("geocoding_url"), settings.get("forecast_url")
    if not geocoder and not forecast:
        return "open-meteo.com"
    if not geocoder:
        return "geocoding-api.open-meteo.com"
    if not forecast:
        return "api.open-meteo.com"
    return ""


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The weather toolbox."""
    register(make_tools(context))


@hookimpl
def register_intents(register: Callable[..., None]) -> None:
    """ "What's the weather tomorrow", "will it rain this weekend", "do I need an umbrella"."""
    register("weather", weather_question)
    register("weather_that_day", weather_that_day, follows=True)  # after an event's day
