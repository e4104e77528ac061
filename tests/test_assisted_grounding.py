"""Where argument values come from in the user's words: amounts, percentages, lists."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.assisted.grounding import Grounding
from assistant.assisted.selection import score_tools


def params(**descriptions: tuple[str, str]) -> dict[str, Any]:
    return {
        "properties": {
            name: {"type": kind, "description": text} for name, (kind, text) in descriptions.items()
        }
    }


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("a refund of $5000", "5000"),
        ("a grant worth 2,000,000 dollars", "2000000"),
        ("100 million downloads", "100000000"),
        ("a budget of 2.5k", "2500"),
        ("costs €1,250 per month", "1250"),
        ("a loan of 30000 USD", "30000"),
    ],
)
def test_amounts_are_read_as_people_write_them(request_text: str, expected: str) -> None:
    assert expected in Grounding(request_text).numbers


def test_a_percentage_is_a_fraction_unless_the_parameter_wants_a_percentage() -> None:
    schema = params(
        rate=("number", "The dimming rate per step."),
        decimal_rate=("number", "The rate as a decimal, e.g. 5% is 0.05."),
        percent_rate=("number", "The brightness change as a percentage."),
        whole=("integer", "A dimming step in percent."),
    )
    grounding = Grounding("dim the hall lights at a rate of 5% over 3 minutes", schema)
    assert grounding.numbers_for("rate", integer=False)[0] == "0.05"
    assert grounding.numbers_for("decimal_rate", integer=False)[0] == "0.05"
    assert "5" in grounding.numbers_for("percent_rate", integer=False)
    assert "5" in grounding.numbers_for("whole", integer=True)


def test_words_of_the_mention_itself_do_not_hide_the_value() -> None:
    schema = params(
        yearly_growth=("number", "The yearly growth rate."), years=("integer", "Years.")
    )
    grounding = Grounding(
        "the hedge has grown for 4 years and the yearly growth rate is 3%", schema
    )
    assert grounding.numbers_for("yearly_growth", integer=False) == ["0.03"]


def test_lists_keep_their_commas_and_prose_enumerations_count() -> None:
    grounding = Grounding("rainfall [12,18,25,31] and plots 'North', 'Orchard' and 'Greenhouse'")
    assert grounding.lists_for("integer") == ["[12, 18, 25, 31]"]
    assert '["North", "Orchard", "Greenhouse"]' in grounding.lists_for("string")


def test_a_tool_name_abbreviation_counts_as_a_mention() -> None:
    tool = {"function": {"name": "calc_frost_prob", "description": "Chance of a frost."}}
    generic = {"function": {"name": "calc_mulch", "description": "Mulch for a bed."}}
    probability, mulch = score_tools(
        "How likely, as a probability, are 3 icy nights in the next 10?", [tool, generic]
    )
    assert probability.relevant and not mulch.relevant


def test_ordinals_and_numbers_with_units_count_as_numbers() -> None:
    numbers = Grounding("novels of the 19th century, sanded at 6mm, a 10km run").numbers
    assert numbers[:3] == ["19", "6", "10"]


def test_currencies_are_iso_codes_with_their_direction() -> None:
    grounding = Grounding("How many Swiss francs do I get for 80 Australian dollars?")
    assert grounding.currencies == [("CHF", "many"), ("AUD", "80")]
    assert grounding.typed_tokens("from_currency", "") == ["AUD"]  # the amount's currency
    assert grounding.typed_tokens("to_currency", "") == ["CHF"]
    assert Grounding("rate from Danish krone to rand").typed_tokens("source_currency", "") == [
        "DKK"
    ]
    assert Grounding("5 pounds of flour").currencies == []  # a weight, not money


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("Schedule lunch with Bob tomorrow at noon", "Lunch with Bob"),
        ("put yoga on my calendar for next Tuesday at 7pm", "Yoga"),
        ("remind me to water the plants on Sunday", "Water the plants"),
        ("please book a haircut with Sam Friday 11am", "Haircut with Sam"),
    ],
)
def test_what_a_request_to_make_something_names(request_text: str, expected: str) -> None:
    assert Grounding(request_text).object_phrase == expected
