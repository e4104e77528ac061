"""Where in the user's words each argument's value can come from.

For an assisted (weak) model the grammar only allows values the user wrote:
numbers from the request (digits or words: "six", "twice"), short phrases of
it, and lists written in it. People write a value next to what it names
("base 6 and height 10", "3 bedrooms, 2 bathrooms", "on dataset my_data"), so
when the request mentions a parameter (by its name, else by its description),
that parameter's candidates are the values right beside the mention. A number
directly followed by another parameter's name belongs to that other one.
"""

from __future__ import annotations

import json
import re
from typing import Any

from assistant.selection import stem

MAX_PHRASE_WORDS = 5
MAX_PHRASES = 400
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_LIST = re.compile(r"\[[^\[\]]{1,400}\]")
_FILLER = {"of", "is", "as", "to", "be", "=", ":", "the", "a", "an", "at", "with", "for", "in", "by",
           "equal", "equals", "about", "around", "approximately", "named", "called"}  # fmt: skip
# Words that never make a mention: they name no quantity or thing.
_FUNCTION_WORDS = {"a", "an", "the", "of", "to", "in", "on", "at", "for", "by", "with", "and", "or",
                   "is", "are", "be", "it", "its", "this", "that", "from", "as", "if", "into",
                   "default", "optional", "given", "specified", "value", "number", "whether"}  # fmt: skip
_NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
    "eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
    "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
    "hundred": "100", "thousand": "1000", "twice": "2", "thrice": "3", "dozen": "12",
    "double": "2", "triple": "3", "once": "1", "single": "1", "pair": "2",
}  # fmt: skip


_CURRENCY = re.compile(r"(?<![\w.])[$€£¥]\s?(?=-?\d)|(?<=\d)\s?(?:USD|EUR|GBP|usd|eur|gbp)\b")
_MAGNITUDE = re.compile(
    r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*(billion|bn|million|mln|thousand|k)\b", re.IGNORECASE
)
_SCALE = {
    "billion": 10**9,
    "bn": 10**9,
    "million": 10**6,
    "mln": 10**6,
    "thousand": 1000,
    "k": 1000,
}
_PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)", re.IGNORECASE)


_QUOTED = r"['\"‘“]([^'\"’”]{1,40})['\"’”]"
_ENUMERATION = re.compile(rf"{_QUOTED}(?:\s*,\s*{_QUOTED})*\s*,?\s*(?:and|or|&)\s*{_QUOTED}")


def _enumerations(text: str) -> list[list[str]]:
    """Quoted items written as a list in prose: "'Age', 'Income' and 'Education'"."""
    found = []
    for match in _ENUMERATION.finditer(text):
        items = re.findall(_QUOTED, match.group(0))
        if len(items) >= 2:
            found.append([item.strip() for item in items])
    return found


def _clean(word: str) -> str:
    return word if word == "," else word.strip(".;:!?\"'()[]{}")


def _as_number(word: str) -> str | None:
    word = word.rstrip("%")
    if _NUMBER.fullmatch(word):
        return word
    base = word.lower().split("-")[0]
    return _NUMBER_WORDS.get(base)


def _scaled(match: re.Match[str]) -> str:
    """'100 million' -> '100000000', '2.5k' -> '2500' (people write amounts this way)."""
    value = float(match.group(1)) * _SCALE[match.group(2).lower()]
    return str(int(value)) if value == int(value) else str(value)


def _says_percent(description: str) -> bool:
    """Whether a parameter wants percentages as such ('as a percentage'), not fractions."""
    text = description.lower()
    return ("percent" in text or "%" in text) and "decimal" not in text and "fraction" not in text


def _fraction(value: str) -> str:
    """'5' -> '0.05', '12.5' -> '0.125': a percentage as the fraction most APIs take."""
    fraction = float(value) / 100
    return f"{fraction:.10f}".rstrip("0").rstrip(".") or "0"


def _terms(text: str) -> set[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text).lower()
    return {stem(w) for w in re.split(r"[^a-z0-9]+", spaced) if w and w not in _FUNCTION_WORDS}


class Grounding:
    """Candidate values for one tool's arguments, from one request."""

    def __init__(self, request: str, parameters: dict[str, Any] | None = None) -> None:
        text = _LIST.sub(lambda m: m.group(0).replace(",", "\0"), request)  # lists keep commas
        text = re.sub(r"(\d),(?=\d{3}\b)", r"\1", text).replace("\0", ",")  # 1,000 -> 1000
        text = _CURRENCY.sub("", text)  # $5000 -> 5000
        text = _MAGNITUDE.sub(_scaled, text)  # 100 million -> 100000000
        self.percents = {m.group(1) for m in _PERCENT.finditer(text)}
        self.lists = [m.group(0) for m in _LIST.finditer(text)]
        self.enumerations = _enumerations(_LIST.sub(" ", text))
        words = [_clean(w) for w in _LIST.sub(" ", text).replace(",", " , ").split()]
        self.words = [w for w in words if w]
        self.stems = [stem(w.lower()) for w in self.words]
        self.numbers = list(dict.fromkeys(n for w in self.words if (n := _as_number(w))))
        phrases: dict[str, None] = {}
        plain = [w for w in self.words if w != "," and "<" not in w]
        for size in range(1, MAX_PHRASE_WORDS + 1):
            for start in range(len(plain) - size + 1):
                if len(phrases) < MAX_PHRASES:
                    phrases[" ".join(plain[start : start + size])] = None
        self.phrases = list(phrases)
        self.parameters = parameters or {}

    def _mentions(self, name: str) -> list[int]:
        for terms in (_terms(name), _terms(self._description(name))):
            found = [i for i, s in enumerate(self.stems) if s in terms]
            if found:
                return found
        return []

    def _description(self, name: str) -> str:
        schema = (self.parameters.get("properties") or {}).get(name) or {}
        return str(schema.get("description", ""))

    def _names_another(self, index: int, name: str) -> bool:
        """Whether the word at `index` mentions another parameter (by name)."""
        if index >= len(self.stems):
            return False
        others = [p for p in (self.parameters.get("properties") or {}) if p != name]
        return any(self.stems[index] in _terms(other) for other in others)

    def numbers_for(self, name: str, integer: bool) -> list[str]:
        """Numbers beside a mention of `name`; else every number the user wrote.

        A percentage ("5%") becomes a fraction (0.05) for a decimal parameter unless the
        parameter's description asks for a percentage; an integer parameter keeps 5.
        """
        near: dict[str, None] = {}
        own = _terms(name) | _terms(self._description(name))
        for i in self._mentions(name):
            for j in range(i + 1, min(i + 5, len(self.words))):
                value = _as_number(self.words[j])
                if value is not None:
                    if not self._names_another(j + 1, name):
                        near[value] = None
                    break
                if self.words[j].lower() not in _FILLER and self.stems[j] not in own:
                    break  # "annual return rate is 7%": words of the mention itself are skipped
            if i >= 1 and (value := _as_number(self.words[i - 1])) is not None:
                near[value] = None
        chosen = list(near) or self.numbers
        if not integer and not _says_percent(self._description(name)):
            chosen = [_fraction(n) if n in self.percents else n for n in chosen]
        return [n for n in chosen if not integer or "." not in n]

    def phrases_for(self, name: str) -> list[str]:
        """Phrases right after a mention of `name`; else every phrase of the request."""
        near: dict[str, None] = {}
        for i in self._mentions(name):
            j = i + 1
            while j < len(self.words) and self.words[j].lower() in _FILLER:
                j += 1
            for size in range(1, 4):
                if j + size <= len(self.words):
                    phrase = " ".join(self.words[j : j + size])
                    if "," not in phrase and "<" not in phrase:
                        near[phrase] = None
        return list(near) or self.phrases

    def lists_for(self, item_type: str) -> list[str]:
        """Lists the user wrote, as JSON, when their items fit the item type.

        Bracketed lists ("[1, 2, 3]") first; for text items also enumerations written in
        prose ("'Age', 'Income' and 'Education'").
        """
        found = []
        if item_type == "string":
            found += [json.dumps(items) for items in self.enumerations]
        for raw in self.lists:
            try:
                items = json.loads(raw)
            except ValueError:
                items = [p.strip().strip("'\"") for p in raw[1:-1].split(",") if p.strip()]
            if not isinstance(items, list) or not items:
                continue
            numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in items)
            if item_type in ("integer", "number", "float") and not numeric:
                continue
            found.append(
                json.dumps(items if item_type not in ("string",) else [str(v) for v in items])
            )
        return found
