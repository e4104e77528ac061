"""Sums and unit conversions answered on the device: exact, with no tool and no model.

A small model gets "thirty six times twelve" wrong, and an assisted one was pushed into
a tool call for it. These are worked out by `assistant.assisted.local` (a parser, never
`eval`); anything that is not a sum or a conversion is left alone for intents and model.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from assistant.assisted import local_answer
from assistant.assisted.arithmetic import answer
from assistant.assisted.local import conversion


@pytest.mark.parametrize(
    ("request_text", "reply"),
    [
        ("what is thirty six times twelve", "36 times 12 is 432."),
        ("hey what's 7 times eight", "7 times 8 is 56."),
        ("how much is one hundred and five minus six", "105 minus 6 is 99."),
        ("15 percent of 60", "15 percent of 60 is 9."),
        ("what is 12% of 80 please", "12 percent of 80 is 9.6."),
        ("square root of 144", "The square root of 144 is 12."),
        ("what is the cube root of 64", "The cube root of 64 is 4."),
        ("half of 37", "Half of 37 is 18.5."),
        ("a third of 27", "A third of 27 is 9."),
        ("three quarters of 200", "Three quarters of 200 is 150."),
        ("can you work out 3 squared plus 4 squared", "3 squared plus 4 squared is 25."),
        ("2 to the power of 10", "2 to the power of 10 is 1024."),
        ("(2+3)*4", "(2 plus 3) times 4 is 20."),
        ("2+3*4", "2 plus 3 times 4 is 14."),
        ("1,250 divided by 5", "1250 divided by 5 is 250."),
        ("what is two point five times four", "2.5 times 4 is 10."),
        ("0.1 plus 0.2", "0.1 plus 0.2 is 0.3."),
        ("what is 10 / 4", "10 divided by 4 is 2.5."),
        ("what is 10 / 3", "10 divided by 3 is about 3.333333."),
        ("square root of 2", "The square root of 2 is about 1.414214."),
        ("negative three squared", "Minus 3 squared is 9."),
        ("17 mod 5", "17 modulo 5 is 2."),
    ],
)
def test_sums_are_worked_out_exactly(request_text: str, reply: str) -> None:
    assert answer(request_text) == reply
    assert local_answer(request_text) == reply


@pytest.mark.parametrize(
    ("request_text", "line"),
    [
        ("what is nine divided by zero", "I can't divide by zero: that sum has no answer."),
        ("what is seven plus", "I can't work that out: the sum stops before its last number."),
        ("square root of minus 16", "A negative number has no real square root."),
        ("10 to the power of 5000", "That number is too large for me to work out exactly."),
        ("(4 plus 4", "I can't work that out: a bracket is never closed."),
        ("5 times times 3", 'I can\'t work that out: "times" needs a number.'),
    ],
)
def test_a_sum_with_no_answer_gets_one_clear_line(request_text: str, line: str) -> None:
    started = time.perf_counter()
    assert answer(request_text) == line
    assert time.perf_counter() - started < 0.5  # a huge power is refused, not computed


@pytest.mark.parametrize(
    "request_text",
    [
        "set a timer for five minutes",
        "what time is it",
        "turn the volume up to seven",
        "play track four",
        "add milk and eggs to my shopping list",
        "what is x",
        "what is 5",
        "remind me to call mom at 5 plus",
        "__import__('os').system('echo hi')",
        "what is 2 + 2; rm -rf /",
        "",
    ],
)
def test_anything_but_a_sum_is_left_alone(request_text: str) -> None:
    assert answer(request_text) is None
    assert local_answer(request_text) is None


@pytest.mark.parametrize(
    ("request_text", "reply"),
    [
        ("how many teaspoons are in a tablespoon", "There are 3 teaspoons in a tablespoon."),
        ("how many minutes are there in two days", "There are 2880 minutes in two days."),
        ("how many feet in a mile please", "There are 5280 feet in a mile."),
        ("how many ounces in 3 pounds", "There are 48 ounces in 3 pounds."),
        ("convert 3 miles to feet", "3 miles is 15840 feet."),
        ("what is 212 fahrenheit in celsius", "212 fahrenheit is 100 celsius."),
        ("convert 1 kilogram to pounds", "1 kilogram is about 2.20462 pounds."),
    ],
)
def test_unit_conversions_come_from_the_units_factors(request_text: str, reply: str) -> None:
    assert conversion(request_text) == reply
    assert local_answer(request_text) == reply


@pytest.mark.parametrize(
    "request_text",
    [
        "how many days in a mile",  # not one quantity measured two ways
        "what is the time in tokyo",
        "what is 5 pm in london",
        "how many emails do i have",
        "how many tasks are on my list",
        "convert this document to pdf",
        "remind me to convert 5 miles to kilometers",  # a reminder about converting
        "add how many cups in a quart to my notes",
    ],
)
def test_what_is_not_a_conversion_is_left_alone(request_text: str) -> None:
    assert conversion(request_text) is None
    assert local_answer(request_text) is None


def test_the_cli_answers_a_sum_with_no_model_and_no_tool(cli: Any, home: Path) -> None:
    """The real CLI in a fresh home, its model a server that is not there: had the model
    been asked, the run would fail; the reply is exact and made by no tool."""
    config = home / ".config" / "botpsy" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[model]\nbackend = "openai"\nurl = "http://127.0.0.1:9/v1"\n')
    done = cli("--json", "what is thirty six times twelve")
    assert done.status == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["reply"] == "36 times 12 is 432."
    assert data["model"] is None and data["tool_calls"] == []
    asked = cli("--json", "write a short poem about my garden")  # the same home needs the model
    assert asked.status != 0
