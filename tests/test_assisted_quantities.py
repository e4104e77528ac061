"""Quantities with units: read as written, matched to what a parameter measures, converted."""

from __future__ import annotations

import pytest

from assistant.assisted.quantities import convert, parameter_unit, quantities, written


def test_numbers_with_units_are_read_with_what_they_measure() -> None:
    found = quantities("a 3 kg box moving at 12 m/s for 90 seconds over 2.5km")
    assert [(q.value, q.dimension) for q in found] == [
        (3.0, "mass"),
        (12.0, "speed"),
        (90.0, "time"),
        (2.5, "length"),
    ]


def test_letters_count_as_units_only_where_they_cannot_be_words() -> None:
    assert quantities("they cost 5 a piece") == []  # "a" is an article, not amperes
    assert [q.unit for q in quantities("two plates holding 4C and 9C")] == ["c", "c"]
    assert [q.dimension for q in quantities("water at 80C", {"temperature"})] == ["temperature"]
    assert quantities("a 50K salary") == []  # thousands, read elsewhere
    assert [q.value for q in quantities("cooled to 77K", {"temperature"})] == [77.0]


def test_a_quantity_in_two_parts_is_one() -> None:
    [height] = quantities("she is 5ft 6in tall")
    assert written(convert(height, "inches"), integer=True) == "66"


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        ("inductance", "The inductance (L) in henries (H).", ("inductance", "henries")),
        ("speed", "Speed in km/h.", ("speed", "km/h")),
        ("temp", "The temperature in degrees Fahrenheit.", ("temperature", "degrees fahrenheit")),
        ("duration", "How long it lasts.", ("time", None)),
        ("days", "The number of days ahead.", ("time", "day")),
        ("city", "The city in which to look.", None),
    ],
)
def test_what_a_parameter_measures_comes_from_its_description_or_name(
    name: str, description: str, expected: tuple[str, str | None] | None
) -> None:
    assert parameter_unit(name, description) == expected


def test_conversions_to_the_unit_asked() -> None:
    [capacitance, time, boiling] = quantities("47µF for 2 hours at 100 °C", {"temperature"})
    assert written(convert(capacitance, "farad"), integer=False) == "4.7e-05"
    assert written(convert(time, "minute"), integer=True) == "120"
    assert written(convert(boiling, "degrees fahrenheit"), integer=True) == "212"
    assert written(convert(boiling, "k"), integer=False) == "373.15"
    assert written(convert(time, "second"), integer=True) == "7200"
    assert written(2.5, integer=True) is None  # an integer parameter takes no fraction
