"""Amounts as people say them: "2 glasses", "a bottle", "500 ml", "1.5 l"."""

from __future__ import annotations

import re

from assistant.api import ToolArgumentError

_COUNTS = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "half a": 0.5}
_SIZES = {"milli": 1, "ml": 1, "l": 1000, "lit": 1000, "glass": 250, "cup": 240, "bottle": 500}
AMOUNT = re.compile(
    r"(?P<count>\d+(?:\.\d+)?|half a|an?|one|two|three)\s*"
    r"(?P<unit>ml|millilitres?|milliliters?|l|litres?|liters?|glass(?:es)?|cups?|bottles?)\b",
    re.I,
)


def millilitres(amount: str) -> int:
    """The amount in millilitres, or a `ToolArgumentError` the model can act on."""
    match = AMOUNT.search(amount)
    if match is None:
        raise ToolArgumentError(
            f"cannot tell how much '{amount}' is; say it like '2 glasses', '500 ml' or 'a bottle'"
        )
    count = match.group("count").lower()
    unit = match.group("unit").lower()
    size = next(ml for prefix, ml in _SIZES.items() if unit == prefix or unit.startswith(prefix))
    total = round((float(count) if count[0].isdigit() else _COUNTS[count]) * size)
    if not 0 < total <= 5000:
        raise ToolArgumentError(f"{total} ml is not one drink; log between 1 ml and 5 litres")
    return total
