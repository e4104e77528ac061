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
from collections.abc import Callable
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


_QUOTED_TEXT = (
    r"(?<!\w)'((?:[^'\n]|(?<=\w)'(?=\w)){1,300}?)'(?!\w)"  # 'Let's meet': inner apostrophes kept
    r"|\"([^\"\n]{1,300})\"|“([^”\n]{1,300})”|‘([^’\n]{1,300})’"
)
_TOKEN = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.-]+"  # an email address
    r"|(?:https?://|www\.)\S+"  # a web address
    r"|~?/[\w.~/-]+|\b[A-Za-z]:[\\/][\w.\\/ -]+"  # a path
    r"|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b"  # a date
)
_LEADING = {"what", "who", "whom", "where", "when", "why", "how", "which", "find", "get", "give",
            "show", "tell", "calculate", "compute", "search", "look", "book", "send", "create",
            "make", "can", "could", "would", "please", "i", "is", "are", "do", "does", "did", "the",
            "a", "an", "retrieve", "provide", "fetch", "identify", "estimate", "predict", "analyze",
            "analyse", "locate", "plan", "list", "check", "mix", "run", "perform", "let", "help"}  # fmt: skip
# A parameter whose name or description has one of these wants a name the user wrote.
_ENTITY_WORDS = {"location", "city", "country", "place", "region", "state", "destination", "origin",
                 "departure", "arrival", "start", "end", "from", "to", "address", "venue", "area",
                 "name", "author", "person", "artist", "company", "team", "player", "title", "event",
                 "brand", "organization", "organisation", "scientist", "leader", "monarch", "king",
                 "president", "composer", "director", "movie", "film", "book", "song", "album",
                 "park", "museum", "restaurant", "hotel", "airport", "university", "species",
                 "celebrity", "character", "language"}  # fmt: skip
_CONNECTORS = {"of", "de", "the", "&", "von", "van", "der", "la", "le", "del", "du"}
_EDGE_WORDS = _FUNCTION_WORDS | {
    "between",
    "about",
    "me",
    "my",
    "i",
    "you",
    "your",
    "what",
    "who",
    "how",
    "which",
    "please",
    "there",
    "their",
    "that",
    "than",
    "then",
}


def _proper_phrases(text: str) -> list[str]:
    """Capitalised phrases ("San Francisco", "Treaty of Tordesillas", "Apple Inc."), not the first verb."""
    words = re.findall(r"[\w'’.&-]+|[,;:!?]", text)
    found: dict[str, None] = {}
    current: list[str] = []

    def close() -> None:
        while current and current[-1].lower() in _CONNECTORS:
            current.pop()
        if current:
            found[
                " ".join(current).rstrip(".,") if len(current) > 1 else current[0].rstrip(".,")
            ] = None
        current.clear()

    for index, word in enumerate(words):
        capital = word[:1].isupper() or (word[:1].isdigit() and current)
        sentence_start = index == 0 or words[index - 1] in (".", "!", "?")
        if (
            capital
            and not (sentence_start and word.lower() in _LEADING)
            and word.lower() not in ("i",)
        ) or (current and word.lower() in _CONNECTORS):
            current.append(word)
        else:
            close()
    close()
    names = [p for p in found if p and p.lower() not in _LEADING]
    joined = re.findall(
        r"([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*), ([A-Z][\w.-]*(?: [A-Z][\w.-]*)*)", text
    )
    pairs = [f"{a}, {b}".rstrip(".,;:!?") for a, b in joined]
    return list(dict.fromkeys(pairs + names))  # "New York, USA" too


def _names_an_entity(name: str, description: str) -> bool:
    words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
    return bool(words & _ENTITY_WORDS) or bool(
        set(re.split(r"[^a-z]+", description.lower())[:8]) & _ENTITY_WORDS
    )


def _clean_chunk(chunk: list[str]) -> bool:
    """A phrase worth offering: it neither starts nor ends on a function word."""
    return chunk[0].lower() not in _EDGE_WORDS and chunk[-1].lower() not in _EDGE_WORDS


def _clean(word: str) -> str:
    return word if word == "," else word.strip(".;:!?\"'()[]{}")


_WITH_SUFFIX = re.compile(r"(-?\d+(?:\.\d+)?)(?:st|nd|rd|th|[a-zA-Z]{1,3})")


def _as_number(word: str) -> str | None:
    """'42', '-1.5', '5%', 'six', '19th' (an ordinal), '6mm' (a number with its unit)."""
    word = word.rstrip("%")
    if _NUMBER.fullmatch(word):
        return word
    if (suffixed := _WITH_SUFFIX.fullmatch(word)) is not None:
        return suffixed.group(1)
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
        self.quoted = list(
            dict.fromkeys(
                text.strip()
                for groups in re.findall(_QUOTED_TEXT, request)
                for text in groups
                if text.strip()
            )
        )
        self.tokens = list(
            dict.fromkeys(m.group(0).rstrip(".,;") for m in _TOKEN.finditer(request))
        )
        self.proper = _proper_phrases(request)
        phrases: dict[str, None] = {q: None for q in self.quoted + self.tokens + self.proper}
        plain = [w for w in self.words if w != "," and "<" not in w]
        for size in range(1, MAX_PHRASE_WORDS + 1):
            for start in range(len(plain) - size + 1):
                chunk = plain[start : start + size]
                if len(phrases) < MAX_PHRASES and _clean_chunk(chunk):
                    phrases[" ".join(chunk)] = None
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
        """Phrases right after a mention of `name`; else the request's likely values.

        For a parameter that names a thing (a place, person, title, company: see
        `_ENTITY_WORDS`) the likely values are the names the user wrote (capitalised
        phrases), quoted text and tokens such as addresses and paths; for others, also the
        request's short phrases that neither start nor end on a function word.
        """
        description = self._description(name)
        typed = self._typed_tokens(name, description)
        if typed:
            return typed
        near = self._near_phrases(name)
        undated = [t for t in self.tokens if not re.fullmatch(r"[\d/-]+", t)]
        special = list(dict.fromkeys(self.quoted + undated))
        if _names_an_entity(name, description) and (self.proper or special):
            named = set(special) | set(self.proper)
            preferred = [c for c in near if c in named]
            return preferred or list(dict.fromkeys(special + self.proper))
        return near or self.phrases

    def _typed_tokens(self, name: str, description: str) -> list[str]:
        """An email address for an email parameter, a path for a path, a date for a date, a URL."""
        words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
        text = description.lower()
        kinds: list[tuple[set[str], tuple[str, ...], Callable[[str], bool]]] = [
            ({"email", "mail", "recipient", "to", "cc", "bcc"}, ("email address",), lambda t: "@" in t),
            ({"path", "file", "filename", "directory", "folder"}, ("file path", "path to"),
             lambda t: "/" in t or "\\" in t),
            ({"url", "link", "website", "webpage"}, ("url", "web address"),
             lambda t: t.startswith(("http", "www"))),
            ({"date", "day"}, ("date in", "date of"), lambda t: bool(re.fullmatch(r"[\d/-]+", t))),
        ]  # fmt: skip
        for triggers, phrases, fits in kinds:
            if words & triggers or any(phrase in text for phrase in phrases):
                found = [t for t in self.tokens if fits(t)]
                if found:
                    return found
        return []

    def _near_phrases(self, name: str) -> list[str]:
        """Phrases right after a mention of the parameter."""
        near: dict[str, None] = {}
        for i in self._mentions(name):
            j = i + 1
            while j < len(self.words) and self.words[j].lower() in _FILLER:
                j += 1
            rest = " ".join(self.words[j:])
            whole = [c for c in self.quoted + self.tokens + self.proper if rest.startswith(c)]
            if whole:
                near[max(whole, key=len)] = None
                continue
            for size in range(1, 4):
                chunk = self.words[j : j + size]
                if j + size <= len(self.words) and _clean_chunk(chunk):
                    phrase = " ".join(chunk)
                    if "," not in phrase and "<" not in phrase:
                        near[phrase] = None
        return list(near)

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
