"""Formulas people write in requests ("y = x^4", "2x^3 - 5x + 1"), as Python writes them.

A tool that takes a function as text wants `x**4`; one that takes a polynomial wants its
coefficients. Both come from what the user typed, never from a model's guess.
"""

from __future__ import annotations

import re

from assistant.assisted.lexicon import words

# A term: "2x^3", "x", "2.5"
TERM = r"(?:\d+(?:\.\d+)?\s*\*?\s*)?(?<![A-Za-z])[xzt](?![A-Za-z])(?:\s*(?:\^|\*\*)\s*\d+)?|\d+(?:\.\d+)?"
EXPRESSION = re.compile(
    rf"(?:(?<![A-Za-z])(?:y|f\s*\(\s*x\s*\))\s*=\s*)?(-?\s*(?:{TERM})(?:\s*[-+*/]\s*(?:{TERM}))*)"
)
MATH_KEYS = words("formulas", "math_keys")


def expressions(text: str) -> list[str]:
    """Formulas the user wrote ("y = x^4", "2x^3 - 5x + 1"), as Python writes them ("x**4")."""
    found = []
    for match in EXPRESSION.finditer(text):
        formula = match.group(1).strip()
        has_variable = re.search(r"(?<![A-Za-z])[xzt](?![A-Za-z])", formula)
        operated = re.search(r"\^|\*\*|[-+*/]|\d\s*[xzt]", formula.lstrip("-"))
        if has_variable and operated:
            found.append(re.sub(r"\s*\^\s*", "**", formula))
    return list(dict.fromkeys(found))


def coefficients(formula: str) -> list[float] | None:
    """A polynomial's coefficients, highest power first: "2x**3 - 5x + 1" -> [2, 0, -5, 1]."""
    terms = re.findall(r"([-+]?)\s*(\d+(?:\.\d+)?)?\s*\*?\s*(x(?:\*\*(\d+))?)?", formula)
    powers: dict[int, float] = {}
    for sign, number, variable, power in terms:
        if not number and not variable:
            continue
        value = float(number or 1) * (-1 if sign == "-" else 1)
        degree = (int(power) if power else 1) if variable else 0
        powers[degree] = powers.get(degree, 0.0) + value
    if not powers:
        return None
    return [powers.get(d, 0.0) for d in range(max(powers), -1, -1)]
