"""Natural dates and times ("Friday 3pm", "tomorrow at noon", "Dec 5 at 10") resolved with confidence.

The parser consumes the whole text or refuses: every word must be understood,
so "Dec 5 at 10" can never turn into the year 2110. Results are aware datetimes
in the user's zone. Refusals are `TimeParseError`s whose message says what was
not understood, so the model or the user can rephrase.

Speech is read as it is transcribed: lower case, numbers as words, split possessives
("tomorrows", "friday 's"), "later today", "first thing tomorrow", "at 3 30 pm", "the coming
week", "friday next week", "early next week", "the end of the month". A range of days
("the weekend") is a `Span`; as a single time it is refused, unless it has a day people mean
by it ("a reminder for next month": its first day, "next week": its Monday; "the end of the
month": its last).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo

from assistant.errors import TimeParseError

WEEKDAYS = {
    "monday": 0,
    "mon": 0,
    "tuesday": 1,
    "tue": 1,
    "tues": 1,
    "wednesday": 2,
    "wed": 2,
    "thursday": 3,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sat": 5,
    "sunday": 6,
    "sun": 6,
}
MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sep": 9,
    "sept": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
DAY_PARTS = {"morning": time(9), "afternoon": time(14), "evening": time(19), "night": time(20)}
UNITS = {
    "minute": timedelta(minutes=1),
    "min": timedelta(minutes=1),
    "m": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "hr": timedelta(hours=1),
    "h": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(weeks=1),
    "fortnight": timedelta(weeks=2),
}
# Years more than this far from now are refused rather than guessed.
YEAR_WINDOW = 10
# A date or time phrase is short; a longer text is refused before it is read.
MAX_CHARS = 200

_WD = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
# A weekday's full name, for patterns that read requests: "monday" to "sunday".
WEEKDAY_NAME = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MO = "|".join(sorted(MONTHS, key=len, reverse=True))
_UNIT = r"(minutes?|mins?|m|hours?|hrs?|h|days?|weeks?|fortnights?)"
_CLOCK = r"(\d{1,2})(?::(\d{2}))?(?:\s*(am|pm))?|(noon|midday|midnight)"


@dataclass
class Moment:
    """A resolved point in time, maybe with an end, maybe a whole day."""

    start: datetime
    end: datetime | None = None
    all_day: bool = False

    def iso(self) -> str:
        """The start as the user would want to check it: absolute, with its zone."""
        if self.all_day:
            return self.start.date().isoformat()
        return self.start.isoformat(timespec="minutes")


@dataclass
class Span:
    """A resolved range [start, end) for listing things."""

    start: datetime
    end: datetime

    def iso(self) -> str:
        """Both ends, absolute, for display and audit."""
        return (
            f"{self.start.isoformat(timespec='minutes')}/{self.end.isoformat(timespec='minutes')}"
        )


@dataclass
class _State:
    """What the scanner has understood so far."""

    day: date | None = None
    clock: time | None = None
    end_clock: time | None = None
    duration: timedelta | None = None
    exact: datetime | None = None
    span: tuple[date, date] | None = None
    strictly_after_today: bool = False
    bare: bool = False  # the clock is a bare hour, read as pm for 1-7
    weekday: int | None = None  # a weekday named, to place inside a named week
    week_monday: date | None = None  # the Monday of a named week ("friday next week")
    span_day: date | None = None  # the one day a range stands for as a single time
    pieces: list[str] = field(default_factory=list)

    def set_day(self, value: date, text: str) -> None:
        if (
            self.day is not None
            and self.day != value
            and self.exact is None
            and self.weekday is not None
            and value.weekday() == self.weekday == self.day.weekday()
            and not self.strictly_after_today
        ):  # "thursday the 3rd": a date said with its own weekday is that date
            self.day = value
            return
        if (self.day is not None and self.day != value) or self.exact is not None:
            raise TimeParseError(f"'{text}' names a second, different day")
        self.day = value

    def set_clock(self, value: time, text: str) -> None:
        if (self.clock is not None and self.clock != value) or self.exact is not None:
            raise TimeParseError(f"'{text}' names a second, different time")
        self.clock = value


def _normalize(text: str) -> str:
    text = text.lower().strip()
    text = re.sub(r"\b([ap])\.m\.?", r"\1m", text)
    text = text.replace("@", " at ")
    text = re.sub(r"[,?!]", " ", text)
    text = _DOTTED_MERIDIEM.sub(r"\1:\2\3", _DOTTED_CLOCK.sub(r"\1 \2:\3", text))
    text = _DOTTED_ALONE.sub(r"\1:\2", text)
    text = re.sub(r"\.(\s|$)", r"\1", text)
    text = _LONE_ORDINAL.sub(r"the \1", text)  # "on 12th", "friday twelfth": that day of the month
    text = _DAY_HOUR.sub(r"\1 at \2", text)
    text = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text)
    text = _said(re.sub(r"\s+", " ", text).strip())
    text = _spoken(text)
    text = re.sub(r"\s*\b(?:o'clock|oclock|o clock)\b", "", text)
    text = _SPACED_CLOCK.sub(_spaced_clock, text)
    text = _BETWEEN_CLOCKS.sub(r"from \1 to ", text)
    return re.sub(r"\s+", " ", text).strip()


# -- phrasings of speech ---------------------------------------------------------------------
# Said, not typed: "tomorrows weather", "later today", "first thing tomorrow", "the following
# month", "at 3 30 pm". Each is rewritten to the form the scanner already reads.
_SAID = (
    (re.compile(r"\b(today|tomorrow|tonight|yesterday)(?: ?'s|s)\b"), r"\1"),
    (re.compile(rf"\b({_WD}) ?'s\b"), r"\1"),  # "friday's meeting", transcribed "friday 's"
    (re.compile(r"\blater (?:on )?(?=today\b|tonight\b|this\b)"), ""),
    (re.compile(r"\bfirst thing(?: in the morning)?\b"), "morning"),
    (re.compile(r"\b(?:the )?following day\b"), "tomorrow"),
    (re.compile(r"\b(?:the )?following (?=(?:week|weekend|month|year)\b)"), "next "),
    (re.compile(r"\bthe coming (?=(?:week|weekend|month)\b)"), "coming "),
    (re.compile(r"\bthis coming (?=(?:week|weekend|month)\b)"), "coming "),
    # days of the year known by name, with a fixed date: "christmas eve", "on new year's day"
    (re.compile(r"\bchristmas eve\b"), "december 24"),
    (re.compile(r"\bchristmas day\b"), "december 25"),
    (re.compile(r"\bboxing day\b"), "december 26"),
    (re.compile(r"\bnew ?year ?'?s eve\b"), "december 31"),
    (re.compile(r"\bnew ?year ?'?s day\b"), "january 1"),
    # alone, a festival's name is a day only after a word that wants one ("on halloween")
    (
        re.compile(r"\b(on|for|until|till|before|after|by) (?:the )?(?:christmas|xmas)\b"),
        r"\1 december 25",
    ),
    (re.compile(r"\b(on|for|until|till|before|after|by) halloween\b"), r"\1 october 31"),
    # the day of this month said in full: "the 21st of this month"
    (re.compile(r"\b(the \d{1,2}) of (?:this|the) month\b"), r"\1"),
    # a clock said the military way: "at 1500 hours", "by 0930 hrs"
    (
        re.compile(r"\b(at|by|from|until|till) ([01]\d|2[0-3])([0-5]\d) ?(?:hours|hrs)\b"),
        r"\1 \2:\3",
    ),
    (
        re.compile(r"\b(on|for|until|till|before|after|by) valentine ?'?s(?: day)?\b"),
        r"\1 february 14",
    ),
)
# A bare hour said right after a day is its time: "dentist friday 10", "tomorrow 3" (read before
# ordinals lose their endings, so "friday 3rd" stays a date).
_DAY_HOUR = re.compile(
    rf"\b({_WD}|today|tomorrow|tonight) (1[0-2]|[1-9])\b(?! ?(?:[:.\-–/]|st\b|nd\b|rd\b|th\b"
    r"|of\b|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|times?|[ap]\.? ?m\b"
    r"|o'?\s?clock|\d|am\b|pm\b"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))"  # "friday 4 december": a date
)
# A clock written with a dot, as much of Europe writes it ("7.30pm", "at 10.45", "friday 9.15"):
# known as a clock by am/pm after it, or by a word or a day before it. Never a number with a
# second dot (a date written "10.12.2026") or one said after "on".
_DOTTED_CLOCK = re.compile(
    rf"\b(at|by|from|until|till|to|before|after|around|about|{_WD}|today|tomorrow|tonight)"
    r" ([01]?\d|2[0-3])\.([0-5]\d)\b(?!\.\d)"
)
# A time said first with a dot, as an answer or a change ("make it 6.45", "8.15 in the
# morning", "4.20 on monday"): the whole text, or a clock then the day or part of day.
_DOTTED_ALONE = re.compile(
    rf"^([01]?\d|2[0-3])\.([0-5]\d)(?=$| (?:on|in|this|next|tomorrow|today|tonight|{_WD})\b)"
)
_DOTTED_MERIDIEM = re.compile(r"(?<![\d.])\b([01]?\d|2[0-3])\.([0-5]\d) ?([ap]m)\b")
# "between 2 and 4 pm": a range of clock times (a range of days is parse_span's own).
_BETWEEN_CLOCKS = re.compile(r"\bbetween (\d{1,2}(?::\d\d)?(?: ?[ap]m)?) and (?=\d|noon|midnight)")
# "at 3 30 pm", "by 7 45": hour and minutes said apart, known as a clock by "at"/"by" or am/pm.
_SPACED_CLOCK = re.compile(r"\b(?:(at|by) )?(\d{1,2}) ([0-5]\d)\b(?: ?([ap])m\b)?")
# A day said just before: what follows it may be its clock time ("friday 9 30", "tomorrow half ten").
_DAY_BEFORE = re.compile(r"\b(?:\w+day|tomorrow|tonight)\s$")


def _said(text: str) -> str:
    for pattern, replacement in _SAID:
        text = pattern.sub(replacement, text)
    return text


def _spaced_clock(m: re.Match[str]) -> str:
    lead, hour, minute, meridiem = m.groups()
    after_day = _DAY_BEFORE.search(m.string, 0, m.start())  # "tuesday 9 30", "tomorrow 10 15"
    if not (lead or meridiem or after_day) or int(hour) > 23:
        return m.group(0)
    if meridiem and not 1 <= int(hour) <= 12:
        return m.group(0)
    clock = _spoken_clock(int(hour), int(minute), meridiem, m.string)
    return f"{lead} {clock}" if lead else clock


# -- spoken numbers ------------------------------------------------------------------------
# Speech arrives as words: "five thirty pm", "half past six", "the twenty first". They are
# rewritten to the digit forms the scanner reads ("5:30 pm", "18:30", "the 21") first.
_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
             "seventeenth", "eighteenth", "nineteenth")  # fmt: skip
NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "oh": 0,
    **{word: i + 1 for i, word in enumerate(_ONES)},
    **{word: i + 10 for i, word in enumerate(_TEENS)},
    **{word: 10 * (i + 2) for i, word in enumerate(_TENS)},
    **{word: i + 1 for i, word in enumerate(_ORDINALS)},
    "twentieth": 20,
    "thirtieth": 30,
}
_ORDINAL_WORDS = frozenset((*_ORDINALS, "twentieth", "thirtieth"))
_ONE = "|".join(_ONES)
_CARDINAL = rf"(?:(?:{'|'.join(_TENS)})(?:[ -](?:{_ONE}))?|{'|'.join(_TEENS)}|{_ONE}|zero)"
_ORDINAL = rf"(?:(?:twenty|thirty)[ -](?:{'|'.join(_ORDINALS[:9])})|{'|'.join(_ORDINALS)}|twentieth|thirtieth)"
# A day of the month said without "the": after "on" ("on 12th", "on twelfth") or in digits
# alone ("12th"). Never before "of" or a month ("12th of may", "twelfth march" read as they are).
_LONE_ORDINAL = re.compile(
    rf"(?:^(?=\d)|(?<=\bon ))(\d{{1,2}}(?:st|nd|rd|th)|{_ORDINAL})\b"
    r"(?! of\b)(?! (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))"
)
_COUNT = rf"(\d+|an?|{_CARDINAL})"
_HOUR = rf"(\d{{1,2}}|{_ONE}|ten|eleven|twelve|noon|midnight)"
_MINUTES = (
    rf"(?:oh[ -](?:{_ONE})|(?:twenty|thirty|forty|fifty)(?:[ -](?:{_ONE}))?|{'|'.join(_TEENS)})"
)
_SPOKEN_MERIDIEM = r"(?:\s?([ap])\s?m\b)?"
_NOT_A_UNIT = r"(?!\s(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\b)"
_HALF_HOUR = re.compile(r"\b(?:half an?|a half) hour\b")
_QUARTER_HOUR = re.compile(r"\b(?:a )?quarter (?:of an )?hour\b")
_AND_A_HALF = re.compile(
    rf"\b{_COUNT} (?:and a half hours?|hours? and a half|hours? and {_COUNT} minutes?)\b"
)
_RELATIVE_CLOCK = re.compile(
    rf"\b(?:(from|between) )?(half|(?:a )?quarter|{_CARDINAL}|\d{{1,2}}(?= minute))(?: minutes?)? "
    rf"(past|after|to|before|till|til) {_HOUR}\b{_SPOKEN_MERIDIEM}"
)
# "half six" is 6:30 where people say it so (Britain, Ireland): only where a time is due (at
# the start, after "at", "by", "from", ...), never "half an hour", "in half", "half six hours".
_HALF_HOUR_CLOCK = re.compile(
    r"(^|\b(?:at|for|by|until|till|til|from|around|about|before|after|between|and|or|to|"
    r"it's|its|is|say|make it|make that|\w+day|tomorrow|tonight)\s)"
    rf"half ({_ONE}|ten|eleven|twelve|\d{{1,2}})\b"
    rf"(?!\s?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|percent|per|%|:))"
    rf"{_SPOKEN_MERIDIEM}"
)
_WORD_CLOCK = re.compile(
    rf"\b({_ONE}|ten|eleven|twelve)(?:[ -]({_MINUTES})|(?= ?(?:o'clock|oclock|o clock)\b))"
    rf"{_NOT_A_UNIT}(?: ?(?:o'clock|oclock|o clock)\b)?{_SPOKEN_MERIDIEM}"
)
# "two thousand and thirty": a year as it is said (2000-2099 only).
_SPOKEN_YEAR = re.compile(
    rf"\btwo thousand(?:(?: and)? ((?:{'|'.join(_TENS)})(?:[ -](?:{_ONE}))?|{'|'.join(_TEENS)}|{_ONE}))?\b"
)
# "a week from today", "three days from now": the same as "in a week", "in three days".
_FROM_TODAY = re.compile(
    rf"\b(?:{_COUNT} )?(minutes?|hours?|days?|weeks?|fortnights?) from (?:today|now)\b"
)
_DIGIT_OCLOCK = re.compile(rf"\b(\d{{1,2}}) ?(?:o'clock|oclock|o clock)\b{_SPOKEN_MERIDIEM}")


def cardinals(words: str) -> list[int] | None:
    """The value of each word when every word is a cardinal said in words ("forty five",
    "seven oh five", "six forty-five"); None for digits, ordinals ("fifth") or anything else.
    Shared so that a count or a clock said in words reads the same in every plugin."""
    said = words.casefold().replace("-", " ").split()
    if not said or any(w not in NUMBER_WORDS or w in _ORDINAL_WORDS for w in said):
        return None
    return [NUMBER_WORDS[w] for w in said]


def _number(words: str) -> int:
    """The value of number words ("twenty one", "oh five", "fifth", "an") or of digits."""
    if words.isdigit():
        return int(words)
    if words in ("a", "an"):
        return 1
    return sum(NUMBER_WORDS.get(word, 0) for word in re.split(r"[ -]", words))


def _spoken_clock(hour: int, minute: int, meridiem: str | None, text: str) -> str:
    """A spoken time of day in digits; without am/pm it reads as calendars do (1-7 is pm)."""
    if meridiem:
        return f"{hour or 12}:{minute:02d} {meridiem}m"
    if 1 <= hour <= 7 and "morning" not in text:
        hour += 12
    return f"{hour % 24}:{minute:02d}"


def _spoken(text: str) -> str:
    """Number words as digits: "ten am" → "10 am", "quarter to nine" → "8:45", "fifth" → "5"."""
    full = text

    def lengths(m: re.Match[str]) -> str:  # "an hour and a half", "two hours and ten minutes"
        minutes = _number(m.group(2)) if m.group(2) else 30
        return f"{_number(m.group(1)) * 60 + minutes} minutes"

    def relative(m: re.Match[str]) -> str:
        before, amount, relation, hour, meridiem = m.groups()
        if before and relation in ("to", "till", "til") and amount not in ("half", "quarter"):
            return m.group(0)  # "from five to nine" is a range, not 8:55
        minutes = {"half": 30, "quarter": 15, "a quarter": 15}.get(amount) or _number(amount)
        base = {"noon": 12, "midnight": 24}.get(hour) or _number(hour)
        if not 0 < minutes < 60 or base > 24:
            return m.group(0)
        total = base * 60 + (minutes if relation in ("past", "after") else -minutes)
        of_day = total // 60 % 24 or (0 if hour == "midnight" else 12)  # "quarter to one": 12:45
        clock = _spoken_clock(of_day, total % 60, meridiem, full)
        return f"{before} {clock}" if before else clock

    def worded(m: re.Match[str]) -> str:
        hour, minutes, meridiem = m.groups()
        return _spoken_clock(_number(hour), _number(minutes) if minutes else 0, meridiem, full)

    text = _HALF_HOUR.sub("30 minutes", text)
    text = _QUARTER_HOUR.sub("15 minutes", text)
    text = _AND_A_HALF.sub(lengths, text)
    text = _RELATIVE_CLOCK.sub(relative, text)
    text = _HALF_HOUR_CLOCK.sub(
        lambda m: (
            m.group(1) + _spoken_clock(_number(m.group(2)), 30, m.group(3), full)
            if 0 < _number(m.group(2)) <= 12
            else m.group(0)
        ),
        text,
    )
    text = _WORD_CLOCK.sub(worded, text)
    text = _DIGIT_OCLOCK.sub(
        lambda m: (
            _spoken_clock(int(m.group(1)), 0, m.group(2), full)
            if int(m.group(1)) <= 24
            else m.group(0)
        ),
        text,
    )
    text = _SPOKEN_YEAR.sub(lambda m: str(2000 + (_number(m.group(1)) if m.group(1) else 0)), text)
    text = _FROM_TODAY.sub(lambda m: f"in {m.group(1) or 'a'} {m.group(2)}", text)
    text = re.sub(rf"\b{_ORDINAL}\b", lambda m: str(_number(m.group(0))), text)
    text = re.sub(rf"\b{_CARDINAL}\b", lambda m: str(_number(m.group(0))), text)
    text = re.sub(r"\ba couple(?: of)?\b", "2", text)
    text = re.sub(r"\b12 (noon|midnight)\b", r"\1", text)
    return re.sub(r"(\d) ?([ap]) m\b", r"\1 \2m", text)


def _hour(hour: int, minute: int, meridiem: str | None, text: str, bare: bool = False) -> time:
    """A clock time; a bare hour (`at 3`) is read the way calendars do: 1-7 pm, 8-11 am."""
    if minute > 59:
        raise TimeParseError(f"'{text}' is not a time of day")
    if meridiem:
        if not 1 <= hour <= 12:
            raise TimeParseError(f"'{text}' is not a time of day")
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    elif bare and 1 <= hour <= 7:
        hour += 12
    if hour > 23:
        raise TimeParseError(f"'{text}' is not a time of day")
    return time(hour, minute)


def _clock_match(m: re.Match[str], offset: int = 1, bare: bool = False) -> time:
    hour, minute, meridiem, word = m.group(offset, offset + 1, offset + 2, offset + 3)
    if word:
        return time(0) if word == "midnight" else time(12)
    return _hour(int(hour), int(minute or 0), meridiem, m.group(0), bare=bare)


def _checked(text: str) -> str:
    """`text`, or a refusal when it is too long to be a date or time."""
    if len(text) > MAX_CHARS:
        raise TimeParseError(
            f"a date or time of {len(text)} characters is too long (at most {MAX_CHARS})"
        )
    return text


def _near(make: Callable[[], datetime], text: str, today: date) -> datetime:
    """`make()`, refused when it overflows or lands more than YEAR_WINDOW years from today."""
    try:
        value = make()
    except (OverflowError, ValueError):
        value = None
    if value is None or abs(value.year - today.year) > YEAR_WINDOW:
        raise TimeParseError(f"'{text}' is more than {YEAR_WINDOW} years away")
    return value


def _amount(value: str, unit: str, refusal: str) -> timedelta:
    """`value` `unit`s as a timedelta; a TimeParseError saying `refusal` when it cannot be one."""
    try:
        return float(value) * UNITS[unit.rstrip("s")]
    except (OverflowError, ValueError):
        raise TimeParseError(refusal) from None


def _year(value: str | None, month: int, day: int, today: date, text: str) -> date:
    """A calendar date; without a year, the next time that date comes round."""
    if value is not None:
        year = int(value)
        if len(value) != 4 or abs(year - today.year) > YEAR_WINDOW:
            raise TimeParseError(f"'{text}': the year {value} is not plausible")
    else:
        year = today.year
    try:
        result = date(year, month, day)
    except ValueError:
        raise TimeParseError(f"'{text}' is not a date on the calendar") from None
    if value is None and result < today:
        result = date(year + 1, month, day)
    return result


# "early next week", "the end of the month", "the beginning of next year".
_PART_OF = r"(early|late|later|mid|(?:the\s)?(?:end|start|beginning|middle)\sof)\s"


class _Scanner:
    """Consumes a normalised phrase piece by piece; anything left over is an error."""

    def __init__(self, text: str, now: datetime) -> None:
        self.original = text
        self.text = _normalize(text)
        self.now = now
        self.today = now.date()
        self.state = _State()
        self.rules: list[tuple[re.Pattern[str], Callable[[re.Match[str]], None]]] = [
            (
                re.compile(
                    r"(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{1,2}):(\d{2})(?::(\d{2}))?"
                    r"(z|[+-]\d{2}:?\d{2})?)?"
                ),
                self._iso,
            ),
            (re.compile(r"(?:the )?day after tomorrow"), self._rel_day(2)),
            (re.compile(r"today|tonight"), self._today),
            (re.compile(r"tomorrow|tmrw|tmr"), self._rel_day(1)),
            (re.compile(r"yesterday"), self._rel_day(-1)),
            (re.compile(rf"(this|next|coming)?\s?({_WD})\b"), self._weekday),
            (re.compile(rf"({_MO})\s(?:the\s)?(\d{{1,2}})(?:\s(\d{{4}}))?\b"), self._month_day),
            (
                re.compile(rf"(?:the\s)?(\d{{1,2}})\s(?:of\s)?({_MO})(?:\s(\d{{4}}))?\b"),
                self._day_month,
            ),
            (re.compile(r"the\s(\d{1,2})\b"), self._day_of_month),
            (re.compile(rf"in\s(an?|\d+)\s{_UNIT}\b"), self._in_units),
            (
                # "at 2 till 4" too: "friday 2 till 4" is read "friday at 2 till 4"
                re.compile(
                    rf"(?:(?:from|at)\s)?(?:{_CLOCK})\s?(?:-|–|to|until|till)\s?(?:{_CLOCK})"
                ),
                self._clock_range,
            ),
            (re.compile(r"(\d{1,2}):(\d{2})(?:\s*(am|pm))?()"), self._clock),
            (re.compile(r"(\d{1,2})()\s*(am|pm)()"), self._clock),
            (re.compile(r"(noon|midday|midnight)"), self._word_clock),
            (re.compile(r"(?:at|by|from)\s(\d{1,2})\b(?!\s*(?:[:\d]|am\b|pm\b))"), self._bare_hour),
            (
                re.compile(
                    r"(\d{1,2})(?=\s(?:in the |this )?(?:morning|afternoon|evening|night)\b)"
                ),
                self._bare_hour,
            ),
            (  # "tomorrow evening seven": the hour said after the part of the day
                re.compile(
                    r"(?:(?<=morning\s)|(?<=afternoon\s)|(?<=evening\s)|(?<=night\s))(\d{1,2})\b"
                    r"(?!\s*(?:[:\d]|am\b|pm\b))"
                ),
                self._bare_hour,
            ),
            (re.compile(r"(?:in the |this )?(morning|afternoon|evening|night)"), self._day_part),
            (re.compile(rf"for\s(half an|an?|\d+(?:\.\d+)?)\s?{_UNIT}\b"), self._duration),
            (
                re.compile(_PART_OF + r"(?:the\s)?(?:(this|next|coming)\s)?(week|month|year)\b"),
                self._part,
            ),
            (re.compile(r"(?:(this|next|coming)\s)?week(end)?\b"), self._week),
            (re.compile(r"(this|next|coming)\smonth\b"), self._month),
            (re.compile(r"in\s(an?|\d+)\smonths?\b"), self._in_months),
            (re.compile(r"(on|at|the|for|this|of|by|from)\b"), lambda m: None),
        ]

    # -- rules ------------------------------------------------------------------------------
    def _iso(self, m: re.Match[str]) -> None:
        y, mo, d, hh, mm, _ss, _off = m.groups()
        day = _year(y, int(mo), int(d), self.today, m.group(0))
        if hh is None:
            self.state.set_day(day, m.group(0))
            return
        try:
            value = datetime.fromisoformat(m.group(0).upper().replace(" ", "T"))
        except ValueError:
            raise TimeParseError(f"'{m.group(0)}' is not a date and time") from None
        if value.tzinfo is None:
            self.state.set_day(day, m.group(0))
            self.state.set_clock(_hour(int(hh), int(mm), None, m.group(0)), m.group(0))
            return
        self.state.exact = value.astimezone(self.now.tzinfo)

    def _rel_day(self, days: int) -> Callable[[re.Match[str]], None]:
        def rule(m: re.Match[str]) -> None:
            self.state.set_day(self.today + timedelta(days=days), m.group(0))

        return rule

    def _today(self, m: re.Match[str]) -> None:
        self.state.set_day(self.today, m.group(0))
        if m.group(0) == "tonight" and self.state.clock is None:
            self.state.pieces.append("night")

    def _weekday(self, m: re.Match[str]) -> None:
        qualifier, name = m.groups()
        ahead = (WEEKDAYS[name] - self.today.weekday()) % 7
        if qualifier == "next" and ahead == 0:
            ahead = 7
        if (
            qualifier is None
            and self.state.day is not None
            and self.state.day.weekday() == WEEKDAYS[name]
        ):
            self.state.weekday = WEEKDAYS[
                name
            ]  # "the 3rd, a thursday": the date, its weekday agreed
            return
        self.state.strictly_after_today = qualifier == "next"
        self.state.weekday = WEEKDAYS[name]
        self.state.set_day(self.today + timedelta(days=ahead), m.group(0))

    def _month_day(self, m: re.Match[str]) -> None:
        month, day, year = m.groups()
        self.state.set_day(_year(year, MONTHS[month], int(day), self.today, m.group(0)), m.group(0))

    def _day_month(self, m: re.Match[str]) -> None:
        day, month, year = m.groups()
        self.state.set_day(_year(year, MONTHS[month], int(day), self.today, m.group(0)), m.group(0))

    def _day_of_month(self, m: re.Match[str]) -> None:
        day = int(m.group(1))
        month, year = self.today.month, self.today.year
        for _ in range(3):
            try:
                candidate = date(year, month, day)
            except ValueError:
                candidate = None
            if candidate is not None and candidate >= self.today:
                self.state.set_day(candidate, m.group(0))
                return
            month, year = (1, year + 1) if month == 12 else (month + 1, year)
        raise TimeParseError(f"'{m.group(0)}' is not a day of the coming months")

    def _in_units(self, m: re.Match[str]) -> None:
        count = "1" if m.group(1) in ("a", "an") else m.group(1)
        far = f"'{m.group(0)}' is more than {YEAR_WINDOW} years away"
        delta = _amount(count, m.group(2), far)
        later = _near(lambda: self.now + delta, m.group(0), self.today)
        if delta < timedelta(days=1):
            if self.state.exact or self.state.day or self.state.clock:
                raise TimeParseError(f"'{m.group(0)}' conflicts with the other time given")
            self.state.exact = later
        else:
            self.state.set_day(self.today + delta, m.group(0))

    def _clock_range(self, m: re.Match[str]) -> None:
        end = _clock_match(m, 5)
        first_meridiem = m.group(3) or (m.group(7) if not m.group(4) else None)
        start = (
            _clock_match(m, 1)
            if m.group(3) or m.group(4)
            else _hour(int(m.group(1)), int(m.group(2) or 0), first_meridiem, m.group(0), bare=True)
        )
        if m.group(7) and not m.group(3) and start > end:  # "11-1pm": the start is in the morning
            start = _hour(int(m.group(1)), int(m.group(2) or 0), "am", m.group(0))
        later = time(end.hour + 12, end.minute) if 0 < end.hour < 12 else end
        if not (m.group(7) or m.group(8)) and end <= start < later:  # "from 6 to 8": 18 to 20h
            end = later
        self.state.set_clock(start, m.group(0))
        self.state.end_clock = end

    def _clock(self, m: re.Match[str]) -> None:
        # "dinner at 7:30" is in the evening, as "at 7" is; "07:30" is a 24-hour clock's
        bare = not m.group(3) and len(m.group(1)) == 1
        self.state.set_clock(_clock_match(m, bare=bare), m.group(0))
        if bare:
            self.state.bare = True

    def _word_clock(self, m: re.Match[str]) -> None:
        self.state.set_clock(time(0) if m.group(1) == "midnight" else time(12), m.group(0))

    def _bare_hour(self, m: re.Match[str]) -> None:
        self.state.set_clock(_hour(int(m.group(1)), 0, None, m.group(0), bare=True), m.group(0))
        self.state.bare = True

    def _day_part(self, m: re.Match[str]) -> None:
        self.state.pieces.append(m.group(1))

    def _duration(self, m: re.Match[str]) -> None:
        amount = {"a": 1.0, "an": 1.0, "half an": 0.5}.get(m.group(1))
        too_long = f"'{m.group(0)}' is longer than a year"
        duration = _amount(str(amount or m.group(1)), m.group(2), too_long)
        if duration > timedelta(days=366):
            raise TimeParseError(too_long)
        self.state.duration = duration

    def _set_span(self, first: date, last: date, text: str) -> None:
        if self.state.span is not None and self.state.span != (first, last):
            raise TimeParseError(f"'{text}' names a second, different range of days")
        self.state.span = (first, last)

    def _week(self, m: re.Match[str]) -> None:
        monday = self.today - timedelta(days=self.today.weekday())
        qualifier = m.group(1)
        if qualifier == "next":
            monday += timedelta(weeks=1)
        if m.group(2) and qualifier == "coming":  # the first weekend still wholly ahead
            saturday = self.today + timedelta(days=(5 - self.today.weekday()) % 7 or 7)
            self._set_span(saturday, saturday + timedelta(days=2), m.group(0))
        elif m.group(2):
            saturday = monday + timedelta(days=5)
            if qualifier is None and self.today.weekday() == 6:
                saturday += timedelta(weeks=1)  # "the weekend" said on a Sunday: the one ahead
            self._set_span(saturday, saturday + timedelta(days=2), m.group(0))
        elif qualifier == "coming":  # "the coming week": the seven days from today
            self._set_span(self.today, self.today + timedelta(days=7), m.group(0))
        else:
            self.state.week_monday = monday  # a span, or a weekday's week: see scan()

    def _month(self, m: re.Match[str]) -> None:
        first, last = _period("month", m.group(1), self.today)
        self._set_span(first, last, m.group(0))
        if m.group(1) != "this":  # "a reminder for next month": its first day
            self.state.span_day = first

    def _in_months(self, m: re.Match[str]) -> None:
        count = 1 if m.group(1) in ("a", "an") else int(m.group(1))
        if count > 12 * YEAR_WINDOW:
            raise TimeParseError(f"'{m.group(0)}' is more than {YEAR_WINDOW} years away")
        year, month = divmod(self.today.month - 1 + count, 12)
        year += self.today.year
        month += 1
        last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
        self.state.set_day(date(year, month, min(self.today.day, last)), m.group(0))

    def _part(self, m: re.Match[str]) -> None:
        """Part of a week, month or year: its start, middle or end, early or late in it."""
        which, qualifier, unit = m.groups()
        which = which.split()[-2] if " " in which else which  # "the end of" -> "end"
        first, last = _period(unit, qualifier, self.today)
        length = (last - first).days
        third = -(-length // 3)  # a third, rounded up: "early next week" is Monday to Wednesday
        if which in ("early", "start", "beginning"):
            part = (first, first + timedelta(days=third))
        elif which in ("mid", "middle"):
            part = (first + timedelta(days=length // 3), last - timedelta(days=length // 3))
        elif which == "end" and unit == "week":
            part = (first + timedelta(days=4), last)  # Friday to Sunday
        elif which == "end":
            part = (last - timedelta(days=1), last)
        else:  # late, later
            part = (last - timedelta(days=third), last)
        if part[1] <= self.today:
            raise TimeParseError(f"'{m.group(0)}' is already past")
        self._set_span(max(part[0], self.today), part[1], m.group(0))
        self.state.span_day = max(part[0], self.today)

    # -- driver -----------------------------------------------------------------------------
    def scan(self) -> _State:
        if not self.text:
            raise TimeParseError("no date or time was given")
        pos = 0
        while pos < len(self.text):
            if self.text[pos] == " ":
                pos += 1
                continue
            for pattern, action in self.rules:
                m = pattern.match(self.text, pos)
                if m and (m.end() == len(self.text) or not self.text[m.end()].isalnum()):
                    action(m)
                    pos = m.end()
                    break
            else:
                rest = self.text[pos:].split(" ")[0]
                raise TimeParseError(
                    f"could not understand '{rest}' in '{self.original}' "
                    "(try a form like 'Friday 3pm', 'tomorrow at noon' or '2026-12-04 15:00')"
                )
        state = self.state
        if state.week_monday is not None and state.weekday is not None:  # "friday next week"
            state.day = state.week_monday + timedelta(days=state.weekday)
            state.strictly_after_today = True
        elif state.week_monday is not None:
            self._week_span(state.week_monday)
            if state.week_monday > self.today:  # "a dentist appointment next week": its Monday
                state.span_day = state.week_monday
        if state.span is not None and state.day is not None:
            if not state.span[0] <= state.day < state.span[1]:  # "friday next month"
                raise TimeParseError(f"'{self.original}' names a day outside the range it names")
            state.span = state.span_day = None  # "saturday this weekend": that day
        return state

    def _week_span(self, monday: date) -> None:
        end = monday + timedelta(days=7)
        if monday <= self.today and self.today.weekday() == 6:
            end += timedelta(weeks=1)  # on a Sunday, "this week" means the one starting now
        self._set_span(max(monday, self.today), end, "week")


def _period(unit: str, qualifier: str | None, today: date) -> tuple[date, date]:
    """This or the next calendar week, month or year as [first day, day after the last)."""
    ahead = qualifier in ("next", "coming")
    if unit == "week":
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=int(ahead))
        return monday, monday + timedelta(days=7)
    if unit == "year":
        return date(today.year + ahead, 1, 1), date(today.year + ahead + 1, 1, 1)
    year, month = today.year, today.month + ahead
    if month > 12:
        year, month = year + 1, 1
    return date(year, month, 1), date(year + (month == 12), month % 12 + 1, 1)


_THIS_DAY_PART = re.compile(r"\bthis\s+(?:morning|afternoon|evening)\b", re.I)


def parse_moment(text: str, now: datetime) -> Moment:
    """Resolve a phrase to a start (and maybe an end); a day without a time is all-day."""
    text = " ".join(_checked(text).split())  # and so every message quoting it is one line
    state = _Scanner(text, now).scan()
    if state.span is not None and state.span_day is None:
        raise TimeParseError(f"'{text}' is a range of days, not a day and time")
    if state.span is not None and state.day is None:
        state.day = state.span_day
    if state.exact is not None:
        start = state.exact
        end = start + state.duration if state.duration else None
        return Moment(start, end)
    clock = state.clock
    if clock is None and state.pieces:
        clock = DAY_PARTS[state.pieces[-1]]
    elif (
        clock is not None and state.pieces and state.pieces[-1] in ("afternoon", "evening", "night")
    ) and clock.hour < 12:  # "8 in the evening", "tonight at 9"
        clock = time(clock.hour + 12, clock.minute)
    elif clock is not None and state.bare and state.pieces[-1:] == ["morning"] and clock.hour > 12:
        clock = time(clock.hour - 12, clock.minute)  # "at 6 in the morning"
    if state.day is None and clock is None:
        raise TimeParseError(f"'{text}' names no day or time")
    zone = now.tzinfo
    if state.day is None:
        assert clock is not None
        day = now.date()
        # "this morning" at 09:30 is today's, already begun; a bare "morning" is the next one.
        if datetime.combine(day, clock, zone) <= now and not _THIS_DAY_PART.search(text):
            day += timedelta(days=1)
    else:
        day = state.day
        if clock is not None and state.bare and day == now.date() and clock.hour < 12:
            later = datetime.combine(day, clock, zone) + timedelta(hours=12)
            if later > now >= datetime.combine(day, clock, zone):  # "today at 8" at 18:30: 20:00
                clock = later.time()
        # A weekday named today but already past ("Friday 3pm" at 4pm on Friday) means next week.
        if (
            clock is not None
            and day == now.date()
            and not state.strictly_after_today
            and datetime.combine(day, clock, zone) <= now
            and _names_weekday(text)
        ):
            day += timedelta(days=7)
    if clock is None:
        start = datetime.combine(day, time(0), zone)
        return Moment(start, start + timedelta(days=1), all_day=True)
    start = datetime.combine(day, clock, zone)
    end = None
    if state.end_clock is not None:
        end = datetime.combine(day, state.end_clock, zone)
        if end <= start:
            end += timedelta(days=1)
    elif state.duration is not None:
        end = start + state.duration
    return Moment(start, end)


_SMALL = {"two": 2, "three": 3, "four": 4}


def moment_parts(text: str, now: datetime) -> tuple[bool, bool]:
    """Whether a phrase names a day, and whether it names a time of day ("4pm": no, yes).

    The phrase must resolve (`parse_moment`); a refusal is raised as there.
    """
    parse_moment(text, now)
    state = _Scanner(" ".join(text.split()), now).scan()
    exact = state.exact is not None
    has_day = state.day is not None or state.span_day is not None or exact
    return has_day, state.clock is not None or bool(state.pieces) or exact


def parse_duration(text: str) -> timedelta:
    """A length of time: "15 minutes", "fifteen minutes", "half an hour", "an hour and a half"."""
    normal = _normalize(_checked(" ".join(text.split())))
    m = re.fullmatch(rf"(?:for )?(an?|\d+(?:\.\d+)?) ?{_UNIT}(?: long)?", normal)
    refusal = f"'{' '.join(text.split())}' is not a length of time (try '15 minutes')"
    if not m:
        return _seconds_said(normal, refusal)
    value = _amount("1" if m.group(1) in ("a", "an") else m.group(1), m.group(2), refusal)
    if not timedelta(0) < value <= timedelta(days=366):
        raise TimeParseError(refusal)
    return value


# Timers said in seconds: "ninety seconds", "a minute and a half", "2 minutes 30 seconds".
_SECONDS_SAID = re.compile(
    r"(?:for )?(?:(?P<minutes>an?|\d+) ?(?:minutes?|mins?)(?P<half> and a half)?"
    r"(?:,? (?:and )?(?=\d))?)?(?:(?P<seconds>an?|\d+(?:\.\d+)?) ?(?:seconds?|secs?))?(?: long)?"
)


def _seconds_said(normal: str, refusal: str) -> timedelta:
    """A length with seconds in it, or a minute and a half; `refusal` when it is not one."""
    m = _SECONDS_SAID.fullmatch(normal)
    if not m or not (m.group("seconds") or m.group("half")):
        raise TimeParseError(refusal)

    def count(said: str | None) -> float:
        return 0.0 if said is None else 1.0 if said in ("a", "an") else float(said)

    value = timedelta(minutes=count(m.group("minutes")), seconds=count(m.group("seconds")))
    value += timedelta(seconds=30) if m.group("half") else timedelta(0)
    if not timedelta(0) < value <= timedelta(days=1):
        raise TimeParseError(refusal)
    return value


def _names_weekday(text: str) -> bool:
    return re.search(rf"\b({_WD})\b", text.lower()) is not None


def parse_span(text: str, now: datetime) -> Span:
    """Resolve a phrase to a range for listing: a day, "this week", "next weekend", "the next 3 days"."""
    zone = now.tzinfo
    text = " ".join(_checked(text).split())  # and so every message quoting it is one line
    normal = _normalize(text)
    if normal in ("", "upcoming", "soon", "coming up", "next days"):
        return Span(now, now + timedelta(days=7))
    # "the next 3 days", "the coming two weeks", and said as a span ahead: "ten day", "one week"
    m = re.fullmatch(
        r"(?:the |in the )?(?:(?:next|coming) )?(\d+|two|three|four) (day|week)s?", normal
    )
    if m:
        count = int(m.group(1)) if m.group(1).isdigit() else _SMALL[m.group(1)]
        days = count * (7 if m.group(2) == "week" else 1)
        end = _near(lambda: now + timedelta(days=days), text, now.date())
        return Span(now, _midnight(end.date(), zone))
    m = re.fullmatch(r"(?:for )?(?:the )?rest of (?:the |this )?(day|today|week|month)", normal)
    if m:  # "the rest of the week": from now to the end of it (a week ends on Sunday night)
        today = now.date()
        if m.group(1) == "week":
            return Span(now, _midnight(today + timedelta(days=7 - today.weekday()), zone))
        if m.group(1) == "month":
            return Span(now, _month_span("this month", None, now).end)
        return Span(now, _midnight(today + timedelta(days=1), zone))
    if m := re.fullmatch(r"(?:the|this whole|the whole) (week|month)", normal):
        return parse_span(f"this {m.group(1)}", now)
    m = re.fullmatch(rf"(?:in )?(this month|next month|last month|{_MO})(?: (\d{{4}}))?", normal)
    if m:
        return _month_span(m.group(1), m.group(2), now)
    m = re.fullmatch(r"(?:in )?(last|this|next) year", normal)
    if m:
        year = now.year + {"last": -1, "this": 0, "next": 1}[m.group(1)]
        return Span(_midnight(date(year, 1, 1), zone), _midnight(date(year + 1, 1, 1), zone))
    m = re.fullmatch(
        r"(?:in |over |for |during )?(?:the )?(?:last|past) (\d+) (minute|hour|day|week)s?", normal
    )
    if m:  # "the last five minutes", "the past 3 days": up to now
        unit = "min" if m.group(2) == "minute" else m.group(2)
        back = _amount(m.group(1), unit, f"'{text}' is too long ago")
        return Span(_near(lambda: now - back, text, now.date()), now)
    m = re.fullmatch(rf"(?:on )?(?:last|this past|past) ({_WD})", normal)
    if m:  # "last friday": the latest one before today, for looking back at the calendar
        ago = (now.weekday() - WEEKDAYS[m.group(1)]) % 7 or 7
        day = now.date() - timedelta(days=ago)
        return Span(_midnight(day, zone), _midnight(day + timedelta(days=1), zone))
    if normal in ("last week", "past week"):
        monday = now.date() - timedelta(days=now.weekday() + 7)
        return Span(_midnight(monday, zone), _midnight(monday + timedelta(days=7), zone))
    m = re.fullmatch(r"(?:from |between )?(.+?) (?:to|until|till|through|and|-) (.+)", normal)
    if m and not re.fullmatch(r"\d{1,2}(:\d\d)?( ?[ap]m)?", m.group(1).strip()):
        first = parse_span(m.group(1), now)
        last = parse_span(m.group(2), first.start)
        if last.end <= first.start:
            raise TimeParseError(f"the range '{text}' ends before it starts")
        return Span(first.start, last.end)
    if bound := _CLOCK_BOUND.fullmatch(normal):
        return _bounded(bound, text, now)
    state = _Scanner(text, now).scan()
    if state.span is not None:
        return Span(_midnight(state.span[0], zone), _midnight(state.span[1], zone))
    moment = parse_moment(text, now)
    day = moment.start.date()
    return Span(_midnight(day, zone), _midnight(day + timedelta(days=1), zone))


# Part of a day bounded by a clock: "after 6 tomorrow", "friday before noon", "after lunch today"
# (what is on then, for listing); the clock may come before or after the day.
_CLOCK_BOUND = re.compile(
    r"(?:(?P<day1>.+?) )?(?P<side>after|before|from) (?P<clock>\d{1,2}(?::\d\d)?(?: ?[ap]m)?"
    r"|noon|midday|lunch(?:time)?)(?: (?:on )?(?P<day2>.+))?"
)


def _bounded(bound: re.Match[str], text: str, now: datetime) -> Span:
    """The span before or after a clock time on a day (today when none is said)."""
    day = bound.group("day1") or bound.group("day2")
    if bound.group("day1") and bound.group("day2"):
        raise TimeParseError(f"'{text}' names two days")
    clock = bound.group("clock").replace("lunchtime", "lunch").replace("lunch", "1pm")
    moment = parse_moment(f"{day or 'today'} at {clock}", now)
    if moment.all_day:
        raise TimeParseError(f"'{text}' names no time of day")
    start = _midnight(moment.start.date(), now.tzinfo)
    end = start + timedelta(days=1)
    if bound.group("side") == "before":
        return Span(start, moment.start)
    return Span(moment.start, end)


def _midnight(day: date, zone: tzinfo | None) -> datetime:
    return datetime.combine(day, time(0), zone)


def _month_span(name: str, year: str | None, now: datetime) -> Span:
    today = now.date()
    if name == "this month":
        month, y = today.month, today.year
    elif name == "last month":
        month, y = (12, today.year - 1) if today.month == 1 else (today.month - 1, today.year)
    elif name == "next month":
        month, y = (1, today.year + 1) if today.month == 12 else (today.month + 1, today.year)
    else:
        month = MONTHS[name]
        y = _year(year, month, 1, today, f"{name} {year}").year if year else today.year
        y += 1 if not year and month < today.month else 0
    start = date(y, month, 1)
    end = date(y + 1, 1, 1) if month == 12 else date(y, month + 1, 1)
    return Span(_midnight(start, now.tzinfo), _midnight(end, now.tzinfo))
