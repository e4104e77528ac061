"""Where in the user's words each argument's value can come from.

For an assisted (weak) model the grammar only allows values the user wrote:
numbers from the request (digits or words: "six", "twice"), short phrases of
it, and lists written in it. People write a value next to what it names
("width 5 and height 7", "4 beds, 2 taps", "in folder my_docs"), so
when the request mentions a parameter (by its name, else by its description),
that parameter's candidates are the values right beside the mention. A number
directly followed by another parameter's name belongs to that other one.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from assistant.assisted.currencies import CURRENCY_NAME, currency_code
from assistant.assisted.formulas import EXPRESSION, MATH_KEYS, coefficients, expressions
from assistant.assisted.lexicon import table, word_list, words
from assistant.assisted.quantities import Quantity, convert, parameter_unit, quantities, written
from assistant.assisted.selection import stem
from assistant.timeparse import TimeParseError, parse_moment

MAX_PHRASE_WORDS = 5
MAX_PHRASES = 400
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")  # 1e-9 too
_LIST = re.compile(r"\[[^\[\]]{1,400}\]")
_FILLER = words("grounding", "filler")
# Words that never make a mention: they name no quantity or thing.
_FUNCTION_WORDS = words("grounding", "function_words")
_NUMBER_WORDS = table("grounding", "number_words")


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
    """Quoted items written as a list in prose: "'North', 'Orchard' and 'Greenhouse'"."""
    found = []
    for match in _ENUMERATION.finditer(text):
        items = re.findall(_QUOTED, match.group(0))
        if len(items) >= 2:
            found.append([item.strip() for item in items])
    return found + _plain_enumerations(text)


_SERIES = re.compile(
    r"[A-Za-z0-9][\w'-]*(?: [\w'-]+){0,2}(?:, [\w'-]+(?: [\w'-]+){0,2}){1,},? (?:and|or) [\w'-]+(?: [\w'-]+)?"
)


_NUMBER_RUN = re.compile(
    r"(?<![\w.,-])(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)+(?:,?\s+and\s+-?\d+(?:\.\d+)?)?)"
    r"(?!\w|\.\d|,\d)"
)


def _nested_lists(text: str) -> list[str]:
    """Bracketed lists of lists ("[[4, 6], [5, 7]]", "[ [1, 2], [3, 4] ]") as JSON."""
    found = []
    for match in re.finditer(r"\[\s*\[", text):
        depth, start = 0, match.start()
        for end in range(start, min(len(text), start + 2000)):
            depth += {"[": 1, "]": -1}.get(text[end], 0)
            if depth == 0:
                with contextlib.suppress(ValueError):
                    found.append(json.dumps(json.loads(text[start : end + 1])))
                break
    return found


_BUYING = words("grounding", "buying")
_SERIES_STOPS = words("grounding", "series_stops")


def _trim(words: list[str]) -> list[str]:
    """A series item without the function words around it ("socks for" -> "socks")."""
    while words and words[-1].lower() in _SERIES_STOPS | _FUNCTION_WORDS:
        words = words[:-1]
    return words


def _plain_enumerations(text: str) -> list[list[str]]:
    """Unquoted series of three or more: "hiking, camping, wild swimming and cycling"."""
    found = []
    for match in _SERIES.finditer(text):
        parts = [p.strip() for p in re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", match.group(0))]
        head = parts[0].split()
        cut = max(
            (i + 1 for i, w in enumerate(head) if w.lower() in _SERIES_STOPS | _LEADING | _BUYING),
            default=0,
        )
        parts[0] = " ".join(head[max(cut, len(head) - 3) :])  # "I am hiking" -> "hiking"
        parts = [" ".join(_trim(p.split())) for p in parts]
        parts = [p for p in parts if p and p.lower() not in _FUNCTION_WORDS]
        quoted = any(p[:1] in "'\"" or p[-1:] in "'\"" for p in parts)
        if len(parts) >= 3 and not quoted:
            found.append(parts)
    return found


_QUOTED_TEXT = (
    r"(?<!\w)'((?:[^'\n]|(?<=\w)'(?=\w)){1,300}?)'(?!\w)"  # 'Let's meet': inner apostrophes kept
    r"|\"([^\"\n]{1,300})\"|“([^”\n]{1,300})”|‘([^’\n]{1,300})’|`([^`\n]{1,300})`"
)
_TOKEN = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.-]+"  # an email address
    r"|(?:https?://|www\.)\S+"  # a web address
    r"|(?<![\w/])~?/[\w.~/-]+|\b[A-Za-z]:[\\/][\w.\\/ -]+"  # a path
    r"|\b\d{4}[-/]\d{2}[-/]\d{2}\b|\b\d{1,2}[/-]\d{1,2}[/-]\d{4}\b|\b\d{1,2}/\d{1,2}/\d{2}\b"  # dates
    r"|\b(?=[\w/-]*\d)(?=[\w/-]*[A-Z])[A-Z\d]+(?:[/-][A-Z\d]+)+\b"  # a reference: 2031/QX7781
    r"|\b\d{1,6}\s+(?:[A-Z][\w'-]*\s+){1,3}(?:St|Ave|Rd|Blvd|Ln|Dr|Way|Court|Ct|Place|Pl)\b\.?"
    r"|\b\d{1,6}\s+(?:[A-Za-z][\w'-]*\s+){1,3}(?:[Ss]treet|[Aa]venue|[Rr]oad|[Bb]oulevard|[Ll]ane|[Dd]rive)\b"  # an address
    r"|\b\d{4}[-/]\d{2,4}\b"  # a season: 2024-2025
    r"|\b\d+(?:\.\d+)?x\d+(?:\.\d+)?\b"  # a size: 30x40
    r"|\b[A-Z]{1,4}-?\d{2,}[A-Z\d]*\b|\b[a-z]{1,4}\d{4,}\b"  # a code: A2207, SKU-123, ab12345
    r"|\b[\w-]+\.(?:com|org|net|io|edu|gov|co\.uk|de|fr|info)\b(?![@\w])"  # a site: bikeparts.org
    r"|\b(?=\w*\d)(?:[A-Z][a-z]?\d{0,3}){2,}\b"  # a formula: CO2, CaCO3
)
_LEADING = words("grounding", "leading")
# A parameter whose name or description has one of these wants a name the user wrote.
_ENTITY_WORDS = words("grounding", "entity_words")
_NEGATIONS = words("grounding", "negations")
# Words that do not make a flag's mention ("include_details": "include" alone says nothing).
_GENERIC_FLAG_WORDS = {stem(w) for w in words("grounding", "generic_flag_words")}
_PLACE_WORDS = words("grounding", "place_words")
_UNIT_KEYS = words("grounding", "unit_keys")
_UNITS = words("grounding", "units")
_WHEN_WORDS = words("grounding", "when_words")
_CONNECTORS = words("grounding", "connectors")
_EDGE_WORDS = _FUNCTION_WORDS | words("grounding", "edge_words")


def _proper_phrases(text: str) -> list[str]:
    """Capitalised phrases ("Grand Junction", "Isle of Skye", "Acme Ltd."), not the first verb."""
    words = re.findall(r"[\w'’.&#+°-]+|[,;:!?]", text)
    words = [re.sub(r"['’]+(?=[.,;:!?]*$)", "", w) for w in words]  # "Tide'." -> "Tide."
    words = [re.sub(r"(?<=\w)['’]s?$", "", w).lstrip("'’") if len(w) > 2 else w for w in words]
    found: dict[str, None] = {}
    current: list[str] = []
    opening = [False]  # whether the current phrase opens a sentence

    def close() -> None:
        while current and current[-1] in _CONNECTORS:  # "Bank of", not "LA"
            current.pop()
        if len(current) == 1 and opening[0] and not current[0].isupper():
            current.clear()  # "Water the plants": a capital that only opens a sentence is no name
        if current:
            found[
                " ".join(current).rstrip(".,") if len(current) > 1 else current[0].rstrip(".,")
            ] = None
        current.clear()

    for index, word in enumerate(words):
        capital = word[:1].isupper() or (
            word[:1].isdigit()
            and current
            and not (current[-1] in _CONNECTORS and _YEAR.fullmatch(word.rstrip(".,")))
        )  # "Firefox 128", but not the year of "the Act of 1987"
        before = words[index - 1] if index else ""
        sentence_start = (
            index == 0
            or before in (".", "!", "?")
            or (
                before.endswith(".")
                and (not _ABBREVIATION.fullmatch(before) or word.lower() in _LEADING | _STARTERS)
            )
        )  # "Leeds R.F.C. Show its fixtures": a new sentence
        if sentence_start and current and word.lower() in _LEADING | _STARTERS:
            close()
        if (
            capital
            and not (sentence_start and re.sub(r"['’]\w+$", "", word.lower()) in _LEADING)
            and word.lower() not in ("i",)
        ) or (current and word.lower() in _CONNECTORS):
            if not current:
                opening[0] = sentence_start
            current.append(word)
            if word.endswith(".") and not _ABBREVIATION.fullmatch(word):
                close()  # "in Ohio. Skip the photos": the sentence ends the name
        elif current and word.lower() in _GEOGRAPHIC and current[-1] not in _CONNECTORS:
            current.append(word)  # "the Kielder forest", "Danube river"
            close()
        else:
            close()
    close()
    names = [
        p
        for p in found
        if p
        and p.lower() not in _LEADING
        and p.lower() not in _UNITS
        and p.split()[0].lower().rstrip(".") not in _CALENDAR_WORDS
    ]
    joined = re.findall(
        r"([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*), ([A-Z][\w.-]*(?: [A-Z][\w.-]*)*)", text
    )
    pairs = [f"{a}, {b}".rstrip(".,;:!?") for a, b in joined]
    return list(dict.fromkeys(pairs + names))  # "Lyon, France" too


_STARTERS = words("grounding", "starters")
_FROM_WORDS = words("grounding", "from_words")
_TO_WORDS = words("grounding", "to_words")
_ABBREVIATION = re.compile(
    r"(?:[A-Za-z]\.){2,}|(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Inc|Ltd|Co|Corp|Mt|Ft|Prof|Gen|Lt|No|Vol)\.",
)
# A name goes on with one of these, written small: "the Kielder forest", "Danube river".
_GEOGRAPHIC = words("grounding", "geographic")
_CALENDAR_WORDS = words("grounding", "calendar_words")
_MONTHS = word_list("grounding", "months")
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WRITTEN_DATE = re.compile(
    rf"\b{_MONTH}\s*(\d{{1,2}})(?:st|nd|rd|th)?,?\s*(\d{{4}})\b"
    rf"|\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}})\b",
    re.IGNORECASE,
)


_DAY_MONTH = re.compile(
    rf"\b(?:{_MONTH}\s*(\d{{1,2}})(?:st|nd|rd|th)?\b|(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH})"
    r"(?:,?\s*(\d{4})\b)?",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(1[5-9]\d\d|2[01]\d\d)\b")


def _written_dates(text: str) -> list[str]:
    """'May 9, 1998', '9th of May 1998', 'Sep.14,2025' as ISO dates ('1998-05-09').

    A day and month without a year ("from 2026 June 2nd to June 6th") take the year
    the request names, if it names one.
    """
    found = []
    years = _YEAR.findall(text)
    for m in _DAY_MONTH.finditer(text):
        month_word, day = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        year = m.group(5) or (years[0] if len(set(years)) == 1 else None)
        month = next(
            i for i, name in enumerate(_MONTHS, 1) if name.startswith(month_word.lower()[:3])
        )
        if year and 1 <= int(day) <= 31:
            found.append(f"{int(year):04d}-{month:02d}-{int(day):02d}")
    return found


def _date_words(text: str) -> set[str]:
    """The words of dates written in words: their numbers are not quantities."""
    words = {w for m in _DAY_MONTH.finditer(text) for w in re.split(r"[\s,.]+", m.group(0)) if w}
    if words and len(set(_YEAR.findall(text))) == 1:
        words |= set(_YEAR.findall(text))  # "2026 June 2nd": the year the days take
    return words


_TIME_WORDS = words("grounding", "time_words")
_CLOCK = re.compile(r"^\d{1,2}(?::\d{2})?(?:am|pm|h)?$|^\d{1,2}(?::\d{2})$", re.IGNORECASE)


def _time_phrases(text: str) -> list[str]:
    """The longest phrases that read as a day or time ("Friday at 3pm", "tomorrow 9:30")."""
    words = [w.strip(".,;!?") for w in text.split()]
    starts = [
        i
        for i, w in enumerate(words)
        if w.lower() in _TIME_WORDS or _CLOCK.match(w) or _WRITTEN_DATE.match(" ".join(words[i:]))
    ]
    found: list[str] = []
    reference = datetime(2026, 1, 1, 12, 0)
    taken = -1
    for i in starts:
        if i <= taken:
            continue
        for j in range(min(len(words), i + 6), i, -1):
            phrase = " ".join(words[i:j])
            if not phrase or not re.search(r"[a-z0-9]", phrase, re.IGNORECASE):
                continue
            try:
                parse_moment(phrase, reference)
            except (TimeParseError, ValueError):
                continue
            trimmed = " ".join(_trim(phrase.split()))
            found.append(trimmed or phrase)
            taken = j - 1
            break
    eras = re.findall(
        rf"\b\d{{1,2}}(?:st|nd|rd|th) century\b|\b\d{{4}}s\b|\b(?:{'|'.join(_MONTHS)})\s+\d{{4}}\b"
        r"|\b(?:next|this|last|coming|upcoming) (?:week|weekend|month|year)\b",
        text,
        re.IGNORECASE,
    )  # "the 17th century", "the 1980s", "June 2026", "next month"
    return found + [e for e in eras if not any(e in f for f in found)]


def _names_an_entity(name: str, description: str) -> bool:
    words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
    described = set(re.split(r"[^a-z]+", description.lower())[:8]) - _POSITION_WORDS
    return bool(words & _ENTITY_WORDS) or bool(described & _ENTITY_WORDS)


# In a description these say where, not what: "the folder to save the file to".
_POSITION_WORDS = words("grounding", "position_words")


def _plural(unit: str) -> str:
    """A unit asked for in the singular, as units are named: "in kilometer" -> "kilometers"."""
    for plural in (unit + "s", unit + "es"):
        if unit.lower() in _UNITS and plural.lower() in _UNITS and len(unit) > 2:
            return plural
    return unit


def _clean_chunk(chunk: list[str]) -> bool:
    """A phrase worth offering: it neither starts nor ends on a function word, nor is it
    only a unit ("meters per second")."""
    if all(w.lower() in _UNITS or w.lower() == "per" for w in chunk):
        return False
    if (
        "'" in chunk[0][:1]
        or "'" in chunk[-1][-1:]
        or re.sub(r"['’]s$", "", chunk[0].lower()) in _LEADING  # "What's"
        or (len(chunk) > 1 and chunk[0].lower() in _NUMBER_WORDS)  # "five ripe"
    ):
        return False  # "Blue Tide'", "Give": pieces of quotes, the request's own verb
    return chunk[0].lower() not in _EDGE_WORDS and chunk[-1].lower() not in _EDGE_WORDS


def _clean(word: str) -> str:
    return word if word == "," else word.strip(".;:!?\"'()[]{}`")


_WITH_SUFFIX = re.compile(r"(-?\d+(?:\.\d+)?)(?:st|nd|rd|th|[a-zA-Zµ°]{1,3}(?:/[a-zA-Z]{1,3})?)")
_AT_REST = re.compile(r"\b(?:from|at) rest\b|\bdropped\b", re.IGNORECASE)


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


_TEXT_KEYS = words("grounding", "text_keys")


def _formula_free(text: str) -> set[str]:
    """The numbers written outside formulas (digits or words)."""
    blanked = text
    for match in EXPRESSION.finditer(text):
        if match.group(1).strip() in (f.replace("**", "^") for f in expressions(match.group(0))):
            blanked = blanked.replace(match.group(0), " ")
    spaced = _LIST.sub(lambda m: m.group(0).replace(",", " "), blanked).replace("=", " = ")
    return {n for w in spaced.replace(",", " ").split() if (n := _as_number(_clean(w)))}


_COORDINATE = re.compile(
    r"\(\s*(-?\d+(?:\.\d+)?)\s*°?\s*([NSns])?\s*,\s*(-?\d+(?:\.\d+)?)\s*°?\s*([EWew])?\s*\)"
)


def _pairs_in_parentheses(text: str) -> list[str]:
    """Pairs in parentheses as lists: "(3, 4)"; coordinates signed by N/S/E/W."""
    found = []
    for lat, north, lon, east in _COORDINATE.findall(text):
        first = -float(lat) if north.upper() == "S" else float(lat)
        second = -float(lon) if east.upper() == "W" else float(lon)
        found.append(json.dumps([_plain(first), _plain(second)]))
    return found


def _plain(number: float) -> float | int:
    return int(number) if number.is_integer() else number


_RANGE = re.compile(
    rf"\b(?:from|between)\s+(?:[a-z]\s*=\s*)?({_NUMBER.pattern})\s+(?:to|and|till|until|-)\s+"
    rf"(?:[a-z]\s*=\s*)?({_NUMBER.pattern})(?!\w|\.\d)"
)
# One-word options the user names by the word before them: "using runge-kutta method".
_OPTION_KEY = re.compile(r"method|model|format|mode|style|algorithm|technique|strategy|approach")
_PI = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)?\s*(?:pi|π)\b", re.IGNORECASE)
_LEAD_IN = re.compile(
    r"^(?:\s|[,:=#]|\b(?:of|is|as|the|a|an|called|named|titled|says|numbered|number|no|id|with"
    r"|identified|by)\b)*"
)
_LANGUAGES = word_list("grounding", "languages")
# Words that ask to make something, before what it is: "please add a", "remind me to".
_MAKING = words("grounding", "making")
_OWN_LIST = re.compile(r"\b(?:on|to|in|into) (?:my|the) (?:calendar|agenda|diary|list|to-?do list)\b",
                       re.IGNORECASE)  # fmt: skip
_COUNT_KEYS = words("grounding", "count_keys")
_COUNTS = table("grounding", "counts")


def _counting(words: list[str]) -> set[int]:
    """Where a number word only counts the values that follow: "two scores: 8 and 14",
    "two plates holding 4C and 9C". Those words are no values themselves."""
    found = set()
    for i, word in enumerate(words):
        count = _COUNTS.get(word.lower())
        if count is None:
            continue
        j = i + 1
        while j < len(words) and j <= i + 8 and not re.match(r"-?\d", words[j]):
            j += 1
        values = 0
        while j < len(words) and re.match(r"-?\d", words[j]) and _as_number(words[j]):
            values += 1
            j += 1
            if j < len(words) and words[j].lower() in (",", "and", "&"):
                j += 1
                if j < len(words) and words[j].lower() == "and":
                    j += 1
        if values == count:
            found.add(i)
    return found


def _most_specific(found: list[int], stems: list[str]) -> list[int]:
    """The mentions that use the most of a name's words: for front_tyre_pressure, "a
    front tyre pressure of 2.4", not "rear tyre pressure of 2.2"."""
    runs: list[list[int]] = []
    for index in found:
        if runs and index == runs[-1][-1] + 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    best = max(len({stems[i] for i in run}) for run in runs)
    return [i for run in runs if len({stems[i] for i in run}) == best for i in run]


def _terms(text: str) -> set[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text).lower()
    return {stem(w) for w in re.split(r"[^a-z0-9]+", spaced) if w and w not in _FUNCTION_WORDS}


class Grounding:
    """Candidate values for one tool's arguments, from one request."""

    def __init__(self, request: str, parameters: dict[str, Any] | None = None) -> None:
        text = _LIST.sub(lambda m: m.group(0).replace(",", "\0"), request)  # lists keep commas
        text = re.sub(r"(\d),(?=\d{3}\b)", r"\1", text).replace("\0", ",")  # 1,000 -> 1000
        text = _CURRENCY.sub("", text)  # $5000 -> 5000
        text = _PI.sub(lambda m: f"{float(m.group(1) or 1) * math.pi:.4f}", text)  # 2 pi
        self.parameters = parameters or {}
        properties = self.parameters.get("properties") or {}
        self.measures = {
            key: found
            for key, schema in properties.items()
            if isinstance(schema, dict)
            and (found := parameter_unit(key, str(schema.get("description", "")))) is not None
        }
        wanted = {dimension for dimension, _ in self.measures.values()}
        self.quantities: list[Quantity] = quantities(text, wanted)
        kelvin = "temperature" in wanted  # "310K" is a temperature where one is asked
        text = _MAGNITUDE.sub(
            lambda m: m.group(0) if kelvin and m.group(2) == "K" else _scaled(m), text
        )  # 100 million -> 100000000
        self.percents = {m.group(1) for m in _PERCENT.finditer(text)}
        self.lists = _nested_lists(text) + [m.group(0) for m in _LIST.finditer(text)]
        self.lists += _pairs_in_parentheses(text)  # "(48.85 N, 2.35 E)", "(3, 4)"
        self.lists += [
            "[" + re.sub(r",?\s+and\s+|\s*,\s*", ", ", run) + "]"
            for run in _NUMBER_RUN.findall(_LIST.sub(" ", text))
        ]
        self.enumerations = _enumerations(_LIST.sub(" ", text))
        self.pairs = [  # "socks and gloves": a list of two, offered only to list parameters
            [a, b]
            for a, b in re.findall(r"\b([A-Za-z][\w-]*) and ([A-Za-z][\w-]*)\b", text)
            if a.lower() not in _SERIES_STOPS and b.lower() not in _SERIES_STOPS
        ]
        spaced = _LIST.sub(" ", text).replace(",", " , ").replace("=", " = ")
        words = [_clean(w) for w in spaced.split()]
        self.words = [w for w in words if w]
        self.stems = [stem(w.lower()) for w in self.words]
        self.counting = _counting(self.words)
        # the numbers inside a formula ("2x^3 - 5x + 1") are not values of their own
        outside = _formula_free(text)
        self.numbers = list(
            dict.fromkeys(
                n
                for i, w in enumerate(self.words)
                if (n := _as_number(w)) and i not in self.counting and n in outside
            )
        )
        self.quoted = list(
            dict.fromkeys(
                text.strip()
                for groups in re.findall(_QUOTED_TEXT, request)
                for text in groups
                if text.strip()
            )
        )
        self.tokens = list(
            dict.fromkeys(
                [m.group(0).rstrip(".,;") for m in _TOKEN.finditer(request)]
                + _written_dates(request)
            )
        )
        self.proper = _proper_phrases(request)
        named_pairs = [  # "Glenwood Springs and Rifle", "Travel Notes and Receipts"
            [a, b]
            for a in self.proper
            for b in self.proper
            if a != b and re.search(rf"{re.escape(a)},? (?:and|&|or) (?:the )?{re.escape(b)}", text)
        ]
        inside = {w for pair in named_pairs for name in pair for w in name.split()}
        self.pairs = named_pairs + [
            pair for pair in self.pairs if not (set(pair) & inside and len(named_pairs) > 0)
        ]
        self.expressions = expressions(request)
        self.times = _time_phrases(request)
        in_times = {w for t in self.times for w in t.split()}
        dated = _date_words(request)
        self.dated_numbers = {  # "May 9, 1998": its numbers are a date's
            n
            for w in self.words
            if (n := _as_number(w)) and (w in dated or (w in in_times and not w.isdigit()))
        }
        self.bare_numbers = list(  # "ten", "12": not "3pm", not a time's "3"
            dict.fromkeys(
                n
                for i, w in enumerate(self.words)
                if (n := _as_number(w)) is not None
                and i not in self.counting
                and n in outside
                and w not in in_times
                and w not in dated
                and (_NUMBER.fullmatch(w) or w.lower() in _NUMBER_WORDS)
            )
        )
        phrases: dict[str, None] = {q: None for q in self.quoted + self.tokens + self.proper}
        plain = [w for w in self.words if w != "," and "<" not in w]
        for size in range(1, MAX_PHRASE_WORDS + 1):
            for start in range(len(plain) - size + 1):
                chunk = plain[start : start + size]
                if len(phrases) < MAX_PHRASES and _clean_chunk(chunk):
                    phrases[" ".join(chunk)] = None
        self.phrases = list(phrases)
        self.request = request

    def _mentions(self, name: str, by_name_only: bool = False) -> list[int]:
        sources = (name,) if by_name_only else (name, self.description(name))
        for terms in map(_terms, sources):
            found = [i for i, s in enumerate(self.stems) if s in terms]
            if found:
                return _most_specific(found, self.stems)
        return []

    def description(self, name: str) -> str:
        schema = (self.parameters.get("properties") or {}).get(name) or {}
        return str(schema.get("description", ""))

    def _names_another(self, index: int, name: str) -> bool:
        """Whether the word at `index` mentions another parameter (by name)."""
        if index >= len(self.stems) or self.words[index].lower() in _UNITS:
            return False  # "a tyre pressure of 2 bar": a unit, though bar_limit says "bar"
        others = [p for p in (self.parameters.get("properties") or {}) if p != name]
        return any(self.stems[index] in _terms(other) for other in others)

    def numbers_for(self, name: str, integer: bool) -> list[str]:
        """Numbers beside a mention of `name`; else every number the user wrote.

        A percentage ("5%") becomes a fraction (0.05) for a decimal parameter unless the
        parameter's description asks for a percentage; an integer parameter keeps 5.
        """
        near = self.near_numbers(name) or self.measured(name, integer)
        return self._as_kind(near or self.numbers, name, integer)

    def measured(self, name: str, integer: bool) -> list[str]:
        return [value for _, value in self.measured_pairs(name, integer)]

    def measured_pairs(self, name: str, integer: bool) -> list[tuple[str, str]]:
        """Quantities the user wrote in a unit of what this parameter measures, in its unit.

        "preheat the oven to 392°F for 25 minutes": 1500 for a duration in seconds, 200 for
        a temperature in Celsius; "6ft 2in" is 74 for a height in inches; "7:45" gives an hours
        parameter 7 and a minutes one 45.
        """
        found: list[tuple[str, str]] = []  # (as written, as the parameter takes it)
        measure = self.measures.get(name)
        words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
        for hour, minute in re.findall(r"\b(\d{1,2}):(\d{2})\b", self.request):
            if words & {"hour", "hours"}:
                found.append((hour, str(int(hour))))
            elif words & {"minute", "minutes"}:
                found.append((minute, str(int(minute))))
        if found or measure is None:
            return found
        dimension, unit = measure
        if (
            dimension == "speed"
            and words & {"initial", "start", "starting"}
            and _AT_REST.search(self.request)
        ):
            found.append(("0", "0"))  # "set off from rest", "dropped from 40 m"
        for quantity in self.quantities:
            if quantity.dimension == dimension:
                value = written(convert(quantity, unit), integer)
                if value is not None:
                    found.append((quantity.raw, value))
        return list(dict.fromkeys(found))

    def foreign(self, name: str) -> set[str]:
        """Numbers written in a unit of something other than what this parameter measures."""
        measure = self.measures.get(name)
        if measure is None:
            return set()
        own = {q.value for q in self.quantities if q.dimension == measure[0]}
        return {
            n
            for n in self.numbers
            if any(float(n) == q.value and q.value not in own for q in self.quantities)
        }

    def _as_kind(self, numbers: list[str], name: str, integer: bool) -> list[str]:
        if not integer and not _says_percent(self.description(name)):
            numbers = [_fraction(n) if n in self.percents else n for n in numbers]
        return [n for n in numbers if not integer or not re.search(r"[.eE]", n)]

    def bare_for(self, name: str, integer: bool) -> list[str]:
        """Numbers written plainly in digits ("12"; not "3pm", nor the "two" of "two sets"),
        as this parameter takes them: what an optional number may take unasked."""
        words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
        if words & _COUNT_KEYS:  # "three nearby cafes": a count may be a word
            return self._as_kind(self.bare_numbers, name, integer)
        digits = {n for w in self.words if _NUMBER.fullmatch(w) and (n := _as_number(w))}
        return self._as_kind([n for n in self.bare_numbers if n in digits], name, integer)

    def percent_of(self, value: str) -> str | None:
        """The percentage a fraction was written as ("0.05" was "5%"), if it was one."""
        return next((p for p in self.percents if _fraction(p) == value), None)

    def number_count(self, value: str) -> int:
        """How often the user wrote this number (a value written twice may fill two parameters)."""
        return sum(1 for w in self.words if _as_number(w) == value) or 1

    @property
    def respective(self) -> dict[str, str]:
        """Values listed in the order their parameters were: "width and depth as 30cm and 45cm"."""
        properties = list(self.parameters.get("properties") or {})
        terms = {p: _terms(p) for p in properties}

        def named(i: int) -> str | None:
            hits = [p for p in properties if i < len(self.stems) and self.stems[i] in terms[p]]
            return hits[0] if len(hits) == 1 else None

        found: dict[str, str] = {}
        for start in range(len(self.words)):
            names: list[str] = []
            i = start
            while (param := named(i)) is not None and param not in names:
                names.append(param)
                if i + 1 < len(self.words) and self.words[i + 1].lower() in (",", "and"):
                    i += 2
                    if self.words[i - 1] == "," and i < len(self.words) and self.words[i] == "and":
                        i += 1
                else:
                    i += 1
                    break
            if len(names) < 2:
                continue
            while i < len(self.words) and self.words[i].lower() in _FILLER | {"are", "being"}:
                i += 1
            values: list[str] = []
            while i < len(self.words) and (value := _as_number(self.words[i])) is not None:
                values.append(value)
                i += 1
                if i < len(self.words) and self.words[i].lower() in (",", "and"):
                    i += 1
                    if i < len(self.words) and self.words[i].lower() == "and":
                        i += 1
            if len(values) == len(names):
                found.update(zip(names, values, strict=True))
        return found

    def near_numbers(self, name: str, by_name_only: bool = False) -> list[str]:
        """Numbers written right beside a mention of `name` ("height 7", "4 years")."""
        assigned = re.findall(  # "a=2, b=-1": a name the tool uses, given its value
            rf"(?<![\w.]){re.escape(name)}\s*(?:=|:)\s*({_NUMBER.pattern})(?![\w.])", self.request
        )
        if assigned:
            return list(dict.fromkeys(assigned))
        if name in self.respective:
            return [self.respective[name]]
        near: dict[str, None] = {}
        own = _terms(name) | _terms(self.description(name))
        for i in self._mentions(name, by_name_only):
            for j in range(i + 1, min(i + 5, len(self.words))):
                value = _as_number(self.words[j]) if j not in self.counting else None
                if value is not None:
                    if not self._names_another(j + 1, name):
                        near[value] = None
                    break
                if self.words[j].lower() not in _FILLER and self.stems[j] not in own:
                    break  # "yearly growth rate is 3%": words of the mention itself are skipped
            if i >= 1 and i - 1 not in self.counting and (value := _as_number(self.words[i - 1])):
                near[value] = None
        return list(near)

    def stated(self, name: str, schema: dict[str, Any]) -> list[str]:
        """Values the user clearly gave an optional parameter; none means leave it out.

        Clearly given: an allowed (enum) value written in the request, a flag whose words the
        request uses ("express delivery", "in detail"), a number or phrase right beside the
        parameter's mention, a typed token (address, path, date) of its kind, a name the user
        wrote for a parameter that names a thing, or a list the user wrote. An optional
        parameter gets a value only from the user, never from the model's imagination.
        """
        kind = schema.get("type")
        description = self.description(name)
        if "enum" in schema:
            return [str(v) for v in schema["enum"] if isinstance(v, str) and self._says(v)]
        if kind == "boolean":
            return self.flag(name)
        if kind in ("integer", "number", "float"):
            integer = kind == "integer"
            near = self._as_kind(self.near_numbers(name, True), name, integer)
            measure = self.measures.get(name)
            alone = measure is not None and not any(  # "for 3 hours" is the duration's
                other != name and found[0] == measure[0] for other, found in self.measures.items()
            )
            return near or (self.measured(name, integer) if alone else [])
        if kind in ("array", "tuple"):
            item_type = str((schema.get("items") or {}).get("type", "string"))
            about = f"{name} {description}".lower()
            polynomial = ("polynomial" in about or "coefficient" in about) and item_type != "string"
            polynomials = [coefficients(f) for f in self.expressions] if polynomial else []
            found = [json.dumps(c) for c in polynomials if c]
            return list(dict.fromkeys(found + self.lists_for(item_type)))
        if kind not in (None, "string"):
            return []
        if _UNIT_KEYS & set(
            re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower())
        ):
            # "300 meters in 48 seconds" gives quantities; "in km/h" asks for a unit
            asked = [u for u in self.units if self.preposition(u) in ("in", "to", "into", "as")]
            if asked:
                return [_plural(u) for u in asked]
            symbols = {q.symbol.lower(): q.symbol for q in self.quantities}
            return list(symbols.values()) if len(symbols) == 1 else []  # "a depth of 8 inches"
        typed = self.typed_tokens(name, description)
        if typed:
            return typed
        named = list(dict.fromkeys(self.quoted + self.tokens + self.proper))
        near = self.near_phrases(name, by_name_only=True)
        if _names_an_entity(name, ""):  # "region", "location": a name the user wrote
            beside = [c for c in near if c in named]
            if beside or not self.names_a_place(name):
                return beside
            return [c for c in named if self.placed(c)]  # "in Paris" for a place
        if _names_an_entity(name, description):
            return [c for c in near if c in named]
        return near

    @property
    def named(self) -> list[str]:
        """What the user wrote as a whole value: quoted text, addresses and paths, names."""
        undated = [t for t in self.tokens if not re.fullmatch(r"[\d/-]+", t)]
        inside = " | ".join(self.quoted)  # a name inside quoted text is part of it
        proper = [p for p in self.proper if p not in inside and not re.search(r"['\"‘“]", p)]
        return list(dict.fromkeys(self.quoted + undated + proper))

    def preposition(self, value: str) -> str:
        """The word the user wrote before a value ("in" Paris, "from" Boston), lowercased."""
        pattern = rf"\b(\w+)\s+(?:the\s+)?{re.escape(value)}"
        found = re.search(pattern, self.request, re.IGNORECASE)
        return found.group(1).lower() if found else ""

    @property
    def currencies(self) -> list[tuple[str, str]]:
        """Currencies the user named, as ISO codes, each with the word before it:
        "240 Norwegian krone to Swiss francs" -> [("NOK", "240"), ("CHF", "to")]."""
        found = []
        for match in CURRENCY_NAME.finditer(self.request):
            code = currency_code(match.group(0))
            if code:
                before = re.findall(r"[\w.$€£¥]+", self.request[: match.start()])
                found.append((match.start(), code, before[-1].lower() if before else ""))
        return [(code, word) for _, code, word in sorted(found)]

    @property
    def object_phrase(self) -> str:
        """What a request to make something names ("Schedule lunch with Bob tomorrow at noon":
        "Lunch with Bob"): the words after its verb and before its time, place or list."""
        text = self.request.strip().rstrip("?.!")
        lowered = text.lower()
        cuts = [
            lowered.find(t.lower()) for t in [*self.times, *self.tokens] if t.lower() in lowered
        ]
        if (where := _OWN_LIST.search(text)) is not None:
            cuts.append(where.start())
        if cuts:
            text = text[: min(c for c in cuts if c >= 0)]
        words = text.split()
        while words and words[0].lower().strip(",") in _MAKING:
            words = words[1:]
        while words and words[-1].lower().strip(",") in _EDGE_WORDS | {"every", "next"}:
            words = words[:-1]
        phrase = " ".join(words).strip(" ,;:-")
        return phrase[:1].upper() + phrase[1:]

    def closed(self, name: str) -> bool:
        """Whether a parameter takes only one kind of value (a month, a year or season, a
        language): with none of that kind written, the user has not given it."""
        words = re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower())
        return bool(words) and words[-1] in {"month", "year", "season", "language"}

    def counts(self, value: str) -> bool:
        """Whether a text value is a number written in words ("three")."""
        return all(w.lower() in _NUMBER_WORDS for w in value.split())

    def placed(self, value: str) -> bool:
        """Whether the user wrote a name as a place ("in Cornwall", "near Leeds")."""
        if value not in self.proper:
            return False
        if self.preposition(value) in ("in", "near", "around", "at"):
            return True
        # "in Boulder, Colorado": the state goes with its placed city
        return any(p.endswith(", " + value) and self.placed(p.split(", ")[0]) for p in self.proper)

    def names_a_place(self, name: str) -> bool:
        """Whether a parameter wants a place (its name says so)."""
        words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
        return bool(words & _PLACE_WORDS)

    @property
    def units(self) -> list[str]:
        """Units of measure the user named, as written ("km/h", "tablespoons", "Celsius")."""
        found = re.findall(r"(?<![\w/])([A-Za-z]+(?:/[A-Za-z]+)?|°[CF])(?![\w/])", self.request)
        return list(
            dict.fromkeys(u for u in found if set(u.lower().split("/")) & _UNITS)
        )  # "kcal/serving" too

    @property
    def codes(self) -> list[str]:
        """Long digit strings the user wrote (a parcel or docket number), as text."""
        return [w for w in self.words if re.fullmatch(r"\d{3,}", w)]

    def names_an_entity(self, name: str) -> bool:
        """Whether a parameter wants a name (a place, person, title, company)."""
        return _names_an_entity(name, self.description(name))

    def flag(self, name: str) -> list[str]:
        """A yes/no parameter the request names ("express delivery": true; "no tolls": false)."""
        if not (_terms(name) - _GENERIC_FLAG_WORDS) & set(self.stems):
            return []
        return ["false" if self._negated(name) else "true"]

    def _says(self, value: str) -> bool:
        """Whether the request uses every content word of `value` ("weekly reports")."""
        words = _terms(value)
        return bool(words) and words <= set(self.stems)

    def _negated(self, name: str) -> bool:
        terms = _terms(name)
        for i, s in enumerate(self.stems):
            if s in terms:
                before = {w.lower() for w in self.words[max(0, i - 3) : i]}
                return bool(before & _NEGATIONS)
        return False

    def phrases_for(self, name: str) -> list[str]:
        """Phrases right after a mention of `name`; else the request's likely values.

        For a parameter that names a thing (a place, person, title, company: see
        `_ENTITY_WORDS`) the likely values are the names the user wrote (capitalised
        phrases), quoted text and tokens such as addresses and paths; for others, also the
        request's short phrases that neither start nor end on a function word.
        """
        description = self.description(name)
        typed = self.typed_tokens(name, description)
        if typed:
            return typed
        near = self.near_phrases(name)
        undated = [t for t in self.tokens if not re.fullmatch(r"[\d/-]+", t)]
        special = list(dict.fromkeys(self.quoted + undated))
        if _names_an_entity(name, description) and (self.proper or special):
            named = set(special) | set(self.proper)
            preferred = [c for c in near if c in named]
            return preferred or list(dict.fromkeys(special + self.proper))
        return near or self.phrases

    def typed_tokens(self, name: str, description: str) -> list[str]:
        """An email address for an email parameter, a path for a path, a date for a date, a URL."""
        words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()))
        text = description.lower()
        if self.expressions and (words | set(re.findall(r"[a-z]+", text)[:6])) & MATH_KEYS:
            return self.expressions  # "chart y = x^4": "x**4"
        if words & _TEXT_KEYS and self.quoted:
            return self.quoted  # "the mood of a note 'Back by six!'": the text is the quote
        kinds: list[tuple[set[str], tuple[str, ...], Callable[[str], bool]]] = [
            ({"email", "mail", "recipient", "to", "cc", "bcc"}, ("email address",), lambda t: "@" in t),
            ({"path", "file", "filename", "directory", "folder"}, ("file path", "path to"),
             lambda t: "/" in t or "\\" in t),
            ({"url", "link", "website", "webpage"}, ("url", "web address"),
             lambda t: t.startswith(("http", "www")) or ("." in t and "@" not in t and "/" not in t[:1])),
            ({"date", "day"}, ("date in", "date of"), lambda t: bool(re.fullmatch(r"[\d/-]+", t))),
            ({"address", "street"}, ("street address",), lambda t: bool(re.match(r"\d+ [A-Za-z]", t))),
        ]  # fmt: skip
        times = set(self.times)
        # a description names paths and links reliably; "email" there is often the message's
        described = set(re.split(r"[^a-z]+", text)[:10]) & {"path", "file", "directory", "url"}
        for triggers, phrases, fits in kinds:
            if words & triggers or described & triggers or any(p in text for p in phrases):
                found = [t for t in self.tokens if fits(t)]
                if found:
                    return found
        if words & {"month"} and (months := self._written(_MONTHS)):  # "in December"
            return months
        if words & {"year", "season"}:  # "the 2025 netball season": a year as text
            years = [t for t in self.tokens if re.fullmatch(r"\d{4}[-/]\d{2,4}", t)]
            years += [y for y in _YEAR.findall(self.request) if not any(y in t for t in years)]
            if "season" in words:
                years += re.findall(r"\b(?:spring|summer|autumn|fall|winter)\b", self.request, re.I)
            if years:
                return years
        if words & {"language"} and (spoken := self._written(_LANGUAGES)):  # "in French"
            return spoken
        if words & {"currency", "currencies"} and self.currencies:
            codes = [code for code, _ in self.currencies]
            numbered = [code for code, word in self.currencies if _as_number(word) is not None]
            if words & {"from", "source", "base", "original"}:
                said = [c for c, w in self.currencies if w in _FROM_WORDS]
                return said or numbered or codes
            if words & {"to", "target", "output", "desired", "into", "quote"}:
                said = [c for c, w in self.currencies if w in _TO_WORDS]
                return said or [c for c in codes if c not in numbered] or codes
            return list(dict.fromkeys(codes))
        if words & _UNIT_KEYS and self.units:
            # "how many cups in 3 pints": from the quantity's unit to the one asked
            attached = [
                u for u in self.units if u.lower() in {q.symbol.lower() for q in self.quantities}
            ]
            asked = [u for u in self.units if u not in attached]
            if words & {"from", "source", "base", "original", "input", "current"}:
                return attached or asked
            if words & {"to", "target", "output", "desired", "into"}:
                return asked or attached
            return self.units  # "in km/h", "3 pints": the units the user named
        place = {"location", "city", "place", "address", "point", "station", "airport"}
        lead = set(re.split(r"[^a-z]+", text)[:10])  # "The time frame", "Date of the show"
        if (words & _WHEN_WORDS or lead & {"date", "time", "when"}) and not (
            words & place or lead & place
        ):
            return [t for t in self.times if t in times]
        return []

    def near_phrases(self, name: str, by_name_only: bool = False) -> list[str]:
        """Phrases right after a mention of the parameter, or the word right before it
        ("tubeless repair", "jazz nights")."""
        near: dict[str, None] = {}
        for i in self._mentions(name, by_name_only):
            quoted = self._quoted_after(self.words[i])
            if quoted:  # "a note 'Back by six!'": the note is the quote
                near[quoted] = None
                continue
            j = i + 1
            while j < len(self.words) and (
                self.words[j].lower() in _FILLER or self.words[j] == ","
            ):
                j += 1
            rest = " ".join(self.words[j:]).lstrip("'\"‘“`")
            whole = [c for c in self.quoted + self.tokens + self.proper if rest.startswith(c)]
            if whole and not by_name_only:  # "change size to 30x40": the size is 30x40
                near[max(whole, key=len)] = None
                continue
            if (
                (not by_name_only or _OPTION_KEY.fullmatch(name))
                and not self.names_an_entity(name)  # "a chess player, Ada Brightwater"
                and i >= 1
                and _clean_chunk([self.words[i - 1]])
                and _as_number(self.words[i - 1]) is None
            ):
                before = self.words[i - 1]
                head = " ".join(self.words[:i])  # "Wessex Vale county": the whole name
                ending = [n for n in self.proper if head.endswith(n)]
                if ending:
                    near[max(ending, key=len)] = None
                elif before not in (",",) and before.lower() not in _LEADING:
                    near[before] = None
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

    def _written(self, names: list[str]) -> list[str]:
        """Which of these words the user wrote, as written, in order, once each."""
        pattern = rf"\b(?:{'|'.join(names)})\b"
        return list(dict.fromkeys(re.findall(pattern, self.request, re.IGNORECASE)))

    def _quoted_after(self, word: str) -> str | None:
        """Quoted text the user wrote right after a word ("note 'Back by six!'")."""
        for match in re.finditer(rf"\b{re.escape(word)}\b", self.request):
            tail = _LEAD_IN.sub("", self.request[match.end() :])
            if tail[:1] in "'\"‘“`":
                found = [q for q in self.quoted if tail[1:].startswith(q)]
                if found:
                    return max(found, key=len)
        return None

    def lists_for(self, item_type: str) -> list[str]:
        """Lists the user wrote, as JSON, when their items fit the item type.

        Bracketed lists ("[1, 2, 3]") first; for text items also enumerations written in
        prose ("'North', 'Orchard' and 'Greenhouse'").
        """
        found = []
        if item_type == "string":
            found += [json.dumps(items) for items in self.enumerations + self.pairs]
        elif item_type in ("integer", "number", "float"):
            for items in self.enumerations:
                numbers = [next(filter(None, map(_as_number, i.split())), None) for i in items]
                if all(n is not None for n in numbers):
                    found.append("[" + ", ".join(str(n) for n in numbers) + "]")
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
        if item_type in ("integer", "number", "float"):  # "from x=0 to x=2.5": an interval
            for low, high in _RANGE.findall(self.request):
                if item_type != "integer" or not re.search(r"[.eE]", low + high):
                    found.append(f"[{low}, {high}]")
        return list(dict.fromkeys(found))
