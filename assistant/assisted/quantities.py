"""Quantities people write with a unit ("20 min", "392°F", "6ft 2in", "2 tbsp"), and which
parameter each one is for.

A tool says what unit it wants ("Oven temperature in degrees Celsius", "How long, in
seconds"); the user writes a number with a unit. Matching the two by what they measure
puts "preheat the oven to 392°F for 25 minutes" in the right parameters without a model,
and converts them to the 200 degrees Celsius and 1500 seconds the tool asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.assisted.lexicon import table, words

# unit -> (what it measures, how many of the dimension's base unit it is)
_BASE: dict[str, tuple[str, float]] = {
    k: (v[0], v[1]) for k, v in table("quantities", "base").items()
}
# One-letter symbols count only as written in SI ("4C", "12 V", "40 m"), and "in" and "H"
# only glued to their number ("10in", "20H"): "a", "in" and "s" are words too.
_LETTERS = words("quantities", "letters")
_GLUED = {k: (v[0], v[1]) for k, v in table("quantities", "glued").items()}
# What a parameter measures, from its name when its description names no unit.
_KEY_DIMENSIONS = table("quantities", "key_dimensions")
_CELSIUS = words("quantities", "celsius")
_FAHRENHEIT = words("quantities", "fahrenheit")
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

    "Wind speed in km/h", "The inductance (L) in henries (H)", "The number
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
