"""Quantities people write with a unit ("3 m/s^2", "500µF", "6ft 2in", "310K"), and which
parameter each one is for.

A tool says what unit it wants ("The acceleration in m/s^2", "The capacitance
in farads (F)"); the user writes a number with a unit. Matching the two by what they
measure puts "speeding up by 3 m/s^2 over 4 seconds from 6 m/s" in the right
parameters without a model, and converts "500µF" to the 0.0005 farads the tool asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# unit -> (what it measures, how many of the dimension's base unit it is)
_BASE: dict[str, tuple[str, float]] = {
    # length (metre)
    "m": ("length", 1), "meter": ("length", 1), "metre": ("length", 1),
    "km": ("length", 1e3), "kilometer": ("length", 1e3), "kilometre": ("length", 1e3),
    "cm": ("length", 1e-2), "centimeter": ("length", 1e-2), "centimetre": ("length", 1e-2),
    "mm": ("length", 1e-3), "millimeter": ("length", 1e-3), "millimetre": ("length", 1e-3),
    "nm": ("length", 1e-9), "nanometer": ("length", 1e-9), "µm": ("length", 1e-6),
    "micrometer": ("length", 1e-6), "mi": ("length", 1609.344), "mile": ("length", 1609.344),
    "ft": ("length", 0.3048), "foot": ("length", 0.3048), "feet": ("length", 0.3048),
    "inch": ("length", 0.0254), "inches": ("length", 0.0254), "yd": ("length", 0.9144),
    "yard": ("length", 0.9144), "light year": ("length", 9.4607e15),
    # mass (kilogram)
    "kg": ("mass", 1), "kilogram": ("mass", 1), "g": ("mass", 1e-3), "gram": ("mass", 1e-3),
    "mg": ("mass", 1e-6), "milligram": ("mass", 1e-6), "lb": ("mass", 0.45359237),
    "lbs": ("mass", 0.45359237), "pound": ("mass", 0.45359237), "oz": ("mass", 0.028349523125),
    "ounce": ("mass", 0.028349523125), "ton": ("mass", 1e3), "tonne": ("mass", 1e3),
    # time (second)
    "s": ("time", 1), "sec": ("time", 1), "second": ("time", 1), "ms": ("time", 1e-3),
    "millisecond": ("time", 1e-3), "min": ("time", 60), "minute": ("time", 60),
    "h": ("time", 3600), "hr": ("time", 3600), "hour": ("time", 3600), "day": ("time", 86400), "night": ("time", 86400),
    "week": ("time", 604800), "month": ("time", 2629800), "year": ("time", 31557600),
    # speed (metre per second)
    "m/s": ("speed", 1), "meters/second": ("speed", 1), "meter/second": ("speed", 1),
    "meters per second": ("speed", 1), "metres per second": ("speed", 1),
    "km/h": ("speed", 1 / 3.6), "kmh": ("speed", 1 / 3.6), "kph": ("speed", 1 / 3.6),
    "kilometers per hour": ("speed", 1 / 3.6), "mph": ("speed", 0.44704),
    "miles per hour": ("speed", 0.44704), "ft/s": ("speed", 0.3048), "knot": ("speed", 0.514444),
    # acceleration (metre per second squared)
    "m/s^2": ("acceleration", 1), "m/s²": ("acceleration", 1), "m/s2": ("acceleration", 1),
    "meters/second^2": ("acceleration", 1), "meter/second^2": ("acceleration", 1),
    "meters per second squared": ("acceleration", 1), "ft/s^2": ("acceleration", 0.3048),
    # temperature (kelvin; converted with offsets below)
    "k": ("temperature", 1), "kelvin": ("temperature", 1), "°c": ("temperature", 1),
    "celsius": ("temperature", 1), "degrees celsius": ("temperature", 1),
    "degree celsius": ("temperature", 1), "°f": ("temperature", 1),
    "fahrenheit": ("temperature", 1), "degrees fahrenheit": ("temperature", 1),
    # volume (cubic metre)
    "m^3": ("volume", 1), "m³": ("volume", 1), "cubic meter": ("volume", 1),
    "cubic metre": ("volume", 1), "l": ("volume", 1e-3), "liter": ("volume", 1e-3),
    "litre": ("volume", 1e-3), "ml": ("volume", 1e-6), "milliliter": ("volume", 1e-6),
    "cm^3": ("volume", 1e-6), "gallon": ("volume", 0.003785411784),
    "teaspoon": ("volume", 4.92892159375e-6), "tsp": ("volume", 4.92892159375e-6),
    "tablespoon": ("volume", 1.478676478125e-5), "tbsp": ("volume", 1.478676478125e-5),
    "cup": ("volume", 2.365882365e-4), "pint": ("volume", 4.73176473e-4),
    "quart": ("volume", 9.46352946e-4), "fl oz": ("volume", 2.95735295625e-5),
    # area (square metre)
    "m^2": ("area", 1), "m²": ("area", 1), "square meter": ("area", 1),
    "square metre": ("area", 1), "sq m": ("area", 1), "km^2": ("area", 1e6),
    "square kilometer": ("area", 1e6), "square kilometre": ("area", 1e6),
    "ft^2": ("area", 0.09290304), "sq ft": ("area", 0.09290304), "sq.ft": ("area", 0.09290304),
    "square feet": ("area", 0.09290304), "square foot": ("area", 0.09290304),
    "acre": ("area", 4046.8564224), "hectare": ("area", 1e4),
    # electricity and other physics
    "c": ("charge", 1), "coulomb": ("charge", 1), "µc": ("charge", 1e-6), "uc": ("charge", 1e-6),
    "nc": ("charge", 1e-9), "hz": ("frequency", 1), "hertz": ("frequency", 1),
    "khz": ("frequency", 1e3), "mhz": ("frequency", 1e6), "ghz": ("frequency", 1e9),
    "j": ("energy", 1), "joule": ("energy", 1), "kj": ("energy", 1e3), "cal": ("energy", 4.184),
    "calorie": ("energy", 4.184), "kcal": ("energy", 4184), "kwh": ("energy", 3.6e6),
    "w": ("power", 1), "watt": ("power", 1), "kw": ("power", 1e3), "mw": ("power", 1e6),
    "hp": ("power", 745.7), "pa": ("pressure", 1), "pascal": ("pressure", 1),
    "kpa": ("pressure", 1e3), "atm": ("pressure", 101325), "atmosphere": ("pressure", 101325),
    "bar": ("pressure", 1e5), "psi": ("pressure", 6894.757), "a": ("current", 1),
    "amp": ("current", 1), "ampere": ("current", 1), "ma": ("current", 1e-3),
    "v": ("voltage", 1), "volt": ("voltage", 1), "mv": ("voltage", 1e-3), "kv": ("voltage", 1e3),
    "ω": ("resistance", 1), "ohm": ("resistance", 1), "kω": ("resistance", 1e3),
    "f": ("capacitance", 1), "farad": ("capacitance", 1), "µf": ("capacitance", 1e-6),
    "uf": ("capacitance", 1e-6), "nf": ("capacitance", 1e-9), "pf": ("capacitance", 1e-12),
    "henry": ("inductance", 1), "henries": ("inductance", 1), "mh": ("inductance", 1e-3),
    "µh": ("inductance", 1e-6), "uh": ("inductance", 1e-6),
}  # fmt: skip
# One-letter symbols count only as written in SI ("4C", "12 V", "40 m"), and "in" and "H"
# only glued to their number ("10in", "20H"): "a", "in" and "s" are words too.
_LETTERS = {"m", "s", "g", "h", "A", "V", "W", "J", "C", "F", "K", "L"}
_GLUED = {"in": ("length", 0.0254), "H": ("inductance", 1.0)}
# What a parameter measures, from its name when its description names no unit.
_KEY_DIMENSIONS = {
    "velocity": "speed", "speed": "speed", "acceleration": "acceleration", "gravity": "acceleration",
    "time": "time", "duration": "time", "period": "time", "seconds": "time", "days": "time",
    "hours": "time", "minutes": "time", "years": "time", "timeframe": "time",
    "mass": "mass", "weight": "mass", "temperature": "temperature", "temp": "temperature",
    "volume": "volume", "charge": "charge", "distance": "length", "length": "length",
    "height": "length", "width": "length", "radius": "length", "diameter": "length",
    "depth": "length", "altitude": "length", "wavelength": "length", "displacement": "length",
    "area": "area", "frequency": "frequency", "energy": "energy", "power": "power",
    "pressure": "pressure", "current": "current", "voltage": "voltage",
    "resistance": "resistance", "capacitance": "capacitance", "inductance": "inductance",
}  # fmt: skip
_CELSIUS = {"°c", "celsius", "degrees celsius", "degree celsius"}
_FAHRENHEIT = {"°f", "fahrenheit", "degrees fahrenheit"}
_NUMBER = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_UNIT_NAMES = sorted((u for u in _BASE if len(u) > 1), key=len, reverse=True)
_SPACED = re.compile(
    rf"(?<![\w.])({_NUMBER})\s*(?:degrees?\s+)?((?:{'|'.join(re.escape(u) for u in _UNIT_NAMES)})"
    r"(?:e?s)?|[A-Za-z])(?![\w/^²³°])",
    re.IGNORECASE,
)
_ONE = re.compile(
    r"\b(?:a|an|one|next|the next|this|per)\s+(second|minute|hour|day|night|week|month|year)\b"
)
_ATTACHED = re.compile(rf"(?<![\w.])({_NUMBER})(°[CFcf]|[A-Za-zµΩω]{{1,3}})(?![\w/^²³])")


@dataclass(frozen=True)
class Quantity:
    """A number the user wrote with a unit."""

    value: float
    unit: str  # as a key of _BASE
    dimension: str
    start: int  # where it was written
    raw: str  # its number as written ("6" of "6ft 2in")
    symbol: str  # its unit as written ("inches", "cm")


def _unit(word: str) -> str | None:
    lowered = word.lower()
    if lowered in _BASE:
        return lowered
    for singular in (lowered[:-2], lowered[:-1]):  # "inches", "meters"
        if len(singular) > 1 and singular in _BASE:
            return singular
    return None


def _symbol(symbol: str, glued: bool, wanted: set[str]) -> tuple[str, str] | None:
    """The unit and dimension a written symbol stands for, if it is one here."""
    if len(symbol) == 1 or symbol in _GLUED:
        if symbol in _GLUED:
            return (symbol, _GLUED[symbol][0]) if glued else None
        if symbol not in _LETTERS:
            return None
    unit = _unit(symbol)
    if unit is None:
        return None
    dimension = _BASE[unit][0]
    if unit in ("c", "f") and "temperature" in wanted and _BASE[unit][0] not in wanted:
        return ("°" + unit, "temperature")  # "80 C" where a temperature is asked
    if unit == "k" and "temperature" not in wanted:
        return None  # "50K": fifty thousand, read elsewhere
    return unit, dimension


def quantities(text: str, wanted: set[str] | None = None) -> list[Quantity]:
    """The quantities in `text`, in order. `wanted`: dimensions the tool's parameters measure,
    which settle letters that mean two things ("5C" is a charge unless a temperature is asked)."""
    wanted = wanted or set()
    found: dict[int, Quantity] = {}
    for pattern, glued in ((_SPACED, False), (_ATTACHED, True)):
        for match in pattern.finditer(text):
            if match.start() in found:
                continue
            symbol = _symbol(
                match.group(2), glued or match.group(0)[len(match.group(1))] != " ", wanted
            )
            if symbol is not None:
                unit, dimension = symbol
                number = match.group(1)
                found[match.start()] = Quantity(
                    float(number), unit, dimension, match.start(), number, match.group(2)
                )
    for match in _ONE.finditer(text):  # "for the next week": one week
        single = _unit(match.group(1))
        if single is not None and match.start(1) not in found:
            found[match.start(1)] = Quantity(
                1.0, single, _BASE[single][0], match.start(1), "1", match.group(1)
            )
    return _joined([found[k] for k in sorted(found)], text)


def unit_words(text: str) -> list[str]:
    """The units a text names in words ("ounces", "tablespoons", "Celsius"), as keys."""
    found = []
    for word in re.findall(r"[A-Za-z°]{3,}", text):
        unit = _unit(word)
        if unit is not None and unit not in found:
            found.append(unit)
    return found


def _joined(found: list[Quantity], text: str) -> list[Quantity]:
    """One quantity written in two parts: "6ft 2in", "1 hour 30 minutes"."""
    joined: list[Quantity] = []
    for quantity in found:
        if joined:
            last = joined[-1]
            between = text[last.start : quantity.start]
            if (
                last.dimension == quantity.dimension
                and _factor(last.unit) > _factor(quantity.unit)
                and re.fullmatch(rf"{_NUMBER}\s*\S+\s*(?:and\s+)?", between)
            ):
                total = last.value + quantity.value * _factor(quantity.unit) / _factor(last.unit)
                joined[-1] = Quantity(
                    total, last.unit, last.dimension, last.start, last.raw, last.symbol
                )
                continue
        joined.append(quantity)
    return joined


def _factor(unit: str) -> float:
    return float(_GLUED[unit][1] if unit in _GLUED else _BASE[unit][1])


def _dimension_of(unit: str) -> str:
    return _GLUED[unit][0] if unit in _GLUED else _BASE[unit][0]


def parameter_unit(name: str, description: str) -> tuple[str, str | None] | None:
    """What a parameter measures and, if its description says, in which unit.

    "The acceleration in m/s^2", "The capacitance (C) in farads (F)", "The number
    of days": a unit after "in"/"as"/"of" first, then a symbol in parentheses; one that
    measures something other than the parameter's name says ("inductance (L)") is not it.
    """
    words = re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower())
    named = next((_KEY_DIMENSIONS[w] for w in reversed(words) if w in _KEY_DIMENSIONS), None)
    candidates: list[str] = []
    for match in re.finditer(r"\b(?:in|as|of)\s+(?:the\s+)?(?:units?\s+of\s+)?", description):
        phrase = re.findall(r"[A-Za-zµΩ°/^²³0-9]+", description[match.end() : match.end() + 40])
        for size in range(min(3, len(phrase)), 0, -1):  # "degrees Celsius", "meters per second"
            candidate = " ".join(phrase[:size])
            unit = _unit(candidate)
            if unit is not None and len(candidate) > 1:
                candidates.append(unit)
                break
    for symbol in re.findall(r"\(([A-Za-zµΩ°/^²³0-9]{1,8})\)", description):
        unit = symbol if symbol in _GLUED else _unit(symbol)
        if unit is not None:
            candidates.append(unit)
    for unit in candidates:
        if named is None or _dimension_of(unit) == named:
            return _dimension_of(unit), unit
    return (named, None) if named else None


def convert(quantity: Quantity, unit: str | None) -> float:
    """The quantity in `unit` (as written when no unit is asked or it measures something else)."""
    if unit is None or _dimension_of(unit) != quantity.dimension or unit == quantity.unit:
        return quantity.value
    if quantity.dimension == "temperature":
        kelvin = _to_kelvin(quantity.value, quantity.unit)
        return _from_kelvin(kelvin, unit)
    return quantity.value * _factor(quantity.unit) / _factor(unit)


def _scale(unit: str) -> str:
    return "c" if unit in _CELSIUS else "f" if unit in _FAHRENHEIT else "k"


def _to_kelvin(value: float, unit: str) -> float:
    scale = _scale(unit)
    if scale == "c":
        return value + 273.15
    if scale == "f":
        return (value - 32) * 5 / 9 + 273.15
    return value


def _from_kelvin(value: float, unit: str) -> float:
    scale = _scale(unit)
    if scale == "c":
        return value - 273.15
    if scale == "f":
        return (value - 273.15) * 9 / 5 + 32
    return value


def written(value: float, integer: bool) -> str | None:
    """A number as a parameter takes it: "74" for an integer, "3.3e-05" (not 3.2999...e-05)."""
    rounded = float(f"{value:.10g}")
    if integer:
        return str(int(rounded)) if rounded.is_integer() else None
    if rounded.is_integer() and abs(rounded) < 1e15:
        return str(int(rounded))
    text = f"{rounded:.10g}"
    return text if "e" not in text else repr(rounded)
