"""Requests answered on the device, exactly, with no tool and no model.

A sum ("what is thirty six times eleven") or a unit conversion ("how many cups
are in a quart") has one right answer that a small model often gets wrong, and an
assisted model may even be pushed into a tool call for it. The agent asks here first
(`local_answer`); None means the request is something else, left to intents and model.
"""

from __future__ import annotations

import re
from fractions import Fraction

from assistant.assisted import arithmetic
from assistant.assisted.lexicon import words
from assistant.assisted.quantities import Quantity, convert, quantities

_WORD = re.compile(r"[a-z°]+|\d+(?:\.\d+)?")
# "how many teaspoons in two tablespoons", "how many seconds are there in two days"
_FILLERS = "|".join(sorted(words("local", "fillers"), key=len, reverse=True))
_LEAD = rf"^(?:(?:{_FILLERS}) )*"
_HOW_MANY = re.compile(
    _LEAD + r"how many (?P<to>[a-z° ]+?) (?:are |is )?(?:there )?(?:in|to|make|per) "
    r"(?:a |an |one |the )?(?P<from>.+?)$"
)
# "convert 5 miles to kilometers", "what is 100 fahrenheit in celsius"
_CONVERT = re.compile(
    _LEAD + r"(?:convert|what is|what s|how much is|how many is) (?P<from>.+?) "
    r"(?:in|to|into|as) (?P<to>[a-z° ]+?)$"
)
_TRAILING = re.compile(r"(?: please| for me| exactly| then)+$")


def local_answer(request: str) -> str | None:
    """The reply to a request botpsy can answer itself, or None."""
    return arithmetic.answer(request) or conversion(request)


def conversion(request: str) -> str | None:
    """A unit conversion worked out from the units' own factors ("There are 4 cups in a quart.")."""
    spoken = _TRAILING.sub("", " ".join(_WORD.findall(request.lower())))
    for pattern, counted in ((_HOW_MANY, True), (_CONVERT, False)):
        found = pattern.match(spoken)
        if found is None:
            continue
        source = _quantity(found.group("from"))
        target = _quantity(found.group("to"), unit_only=True)
        if source is None or target is None:
            continue
        if source.dimension != target.dimension or source.unit == target.unit:
            return None  # "how many days in a mile": not a conversion
        value = _number(convert(source, target.unit))
        said = f"{found.group('from')}"
        if counted:
            return f"There are {value} {found.group('to')} in {_article(said)}."
        return f"{said.capitalize()} is {value} {found.group('to')}."
    return None


def _quantity(phrase: str, unit_only: bool = False) -> Quantity | None:
    """The one quantity a phrase is ("two days", "a quart", "cups"), or None."""
    words = phrase.split()
    if unit_only:
        words = ["1", *words]
    elif words and not re.fullmatch(r"\d+(?:\.\d+)?", words[0]):
        value, used = arithmetic.number_said(words) or (Fraction(1), 0)  # "quart": one
        written = str(value.numerator) if value.denominator == 1 else str(float(value))
        words = [written, *words[used:]]
    text = " ".join(w for w in words if w not in ("degree", "degrees"))
    found = quantities(text)
    if len(found) != 1 or found[0].start != 0:
        return None
    rest = text[len(found[0].raw) :].strip()
    return found[0] if rest == found[0].symbol else None


def _number(value: float) -> str:
    text = f"{value:.6g}"
    exact = abs(float(text) - value) <= 1e-9 * max(1.0, abs(value))
    if "e" in text:
        text = f"{value:,.0f}" if abs(value) >= 1 else f"{value:.3e}"
    return text if exact else f"about {text}"


def _article(phrase: str) -> str:
    """ "quart" said alone was "a quart"."""
    first = phrase.split()[0] if phrase.split() else ""
    if _WORD.fullmatch(first) and (first[0].isdigit() or arithmetic.number_said([first])):
        return phrase
    return f"{'an' if phrase[:1] in 'aeiou' else 'a'} {phrase}"
