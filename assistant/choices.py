"""Answers to "which one?": the option an answer names, by what the options' labels show.

A tool that finds several matches asks with numbered options; the answer may name one
by its place ("the second", "number 2", "the last one"), by its day ("the one on
saturday", "saturday's", "the 5th", "tomorrow"), by its time ("the 10 am one", "the
evening one"), by words of its label ("anna keller"), or take them all ("both") or
none ("never mind"). Labels are read into facts (weekday, day of month, clock time,
part of the day, words) and every part of the answer must be a fact of exactly one
option. The options are the tool's own values: an answer only chooses among them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from assistant.intents import IntentMatch
from assistant.timeparse import MONTHS, NUMBER_WORDS, WEEKDAYS

_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_PLACES = {
    "first": 1, "1st": 1, "former": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
    "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "last": -1,
    "latter": -1, "final": -1, "bottom": -1, "top": 1,
}  # fmt: skip
_HOURS = {
    w: n
    for w, n in NUMBER_WORDS.items()
    if 1 <= n <= 12 and not w.endswith(("st", "nd", "rd", "th"))
}
_HOURS.update({"noon": 12, "midday": 12, "midnight": 0})
_PARTS = {
    "morning": "morning", "mornings": "morning", "afternoon": "afternoon", "evening": "evening",
    "evenings": "evening", "night": "evening", "tonight": "evening", "lunchtime": "midday",
    "lunch": "midday", "midday": "midday", "noon": "midday",
}  # fmt: skip
_AFTER_NOON = ("part:afternoon", "part:evening")
# Words around an option's own words in an answer: "the one in the kitchen", "i mean ana's".
_FILLER_WORDS = (
    "the one ones a an in on at of for from with about my our your i mean meant want that this it is"
    " s its yes yeah yep ok okay just please thanks number option choice which go take pick"
    " choose do was were be o clock oclock there no nope sorry actually um uh hmm oh well"
)
_FILLER = frozenset(_FILLER_WORDS.split())
# A verb the answer may start with, repeating the request: "cancel the saturday one".
_VERB_WORDS = (
    "cancel delete remove move read open play call email text use show check turn restore"
    " change edit rename mark complete tick stop dismiss silence send reply forward find"
)
_VERBS = frozenset(_VERB_WORDS.split())
# Words that open a request or a question of its own, never an answer naming an option.
_ASKING_WORDS = (
    "what whats when where who whos why how is are was do does did can could would will should"
    " tell set add remind"
)
_ASKING = frozenset(_ASKING_WORDS.split())
# Words an answer may add that tell no option apart when no label has them: what kind of thing
# it is ("the work address", "his mobile number"), a courtesy title ("ms keller"), a hedge
# ("keller i think"). Left out only when they fit no option; a label that has one counts it.
_SOFT_WORDS = (
    "address addresses email mail e mail number phone contact person guy lady man woman his her"
    " their think guess probably maybe suppose called named say said like"
    " event meeting appointment alarm timer task reminder item entry light lamp device file"
    " version copy thing account place room"
)
_SOFT = frozenset(_SOFT_WORDS.split())
# Words of talk, never an attempt to pick ("thanks", "hello"): such an answer is no answer.
_SOCIAL_WORDS = "thanks thank hello hi hey yes yeah yep sure cool great bye goodbye lol"
_SOCIAL = frozenset(_SOCIAL_WORDS.split())
# At most this many words of its own make an answer that is clearly one, even when it fits
# no option ("the lounge"): the question is asked again rather than read as a new request.
_SHORT_ANSWER = 3
# How such an answer opens: a naming phrase ("the lounge", "my work one", "in the hall").
_NOUN_OPENERS = frozenset(["the", "that", "this", "my", "his", "her", "their", "our", "in", "at"])
_ALL = re.compile(
    r"^(?:(?:yes|yeah|ok(?:ay)?|please|just)[,.!]?\s+)*"
    rf"(?:(?:{'|'.join(sorted(_VERBS))})\s+)?(?:them\s+)?(?:the\s+)?"
    r"(?:both|all|both\s+(?:of\s+)?(?:them|those|these|ones)|all\s+(?:of\s+)?(?:them|those|these)"
    r"|every\s*one(?:\s+of\s+them)?|each(?:\s+one)?|all\s+(?:two|three|four|five|six)"
    r"|(?:two|three|four|five|six)\s+of\s+them)"
    r"(?:\s+(?:please|of\s+them))?$",
    re.I,
)
_NONE = re.compile(
    r"^(?:(?:oh|no|nope|um|well|actually|ok(?:ay)?|hmm),?\s+)*(?:neither(?:\s+(?:one|of\s+them))?"
    r"|none(?:\s+of\s+(?:them|those|these))?|never\s*mind|nevermind|forget\s+(?:it|about\s+it)"
    r"|cancel(?:\s+(?:it|that|this))?|stop|skip\s+it|leave\s+it|don'?t(?:\s+bother)?|no\s+thanks?"
    r"|no(?:pe)?|nothing|not\s+(?:any|either)(?:\s+of\s+them)?|abort|quit"
    r"|keep\s+(?:it|them|both|all|them\s+all|both\s+of\s+them|all\s+of\s+them)"
    r"|leave\s+(?:them|both|them\s+all|them\s+alone|it\s+alone))"
    r"(?:,?\s+(?:then|thanks|thank\s+you|please))?[.!]*$",
    re.I,
)
# Drop words that only make sense as the answer to a choice ("neither"): not to "when?".
_NONE_OF_SEVERAL = re.compile(r"^(?:neither|none|not\s+(?:any|either)|no(?:pe)?|nothing)\b", re.I)
MAX_ANSWER_WORDS = 10
DROPPED = "OK, I left it; nothing was changed."  # the reply when an answer drops the question
# An option that is a tool's own id, never shown ("#12" an alarm, "uid:..." an event or a
# to-do, whose uid a synced invitation's sender chose): its digits and words name nothing the
# person read, so only its label is matched ("the 7 one" is no alarm #7 at 9:00).
_OPAQUE = re.compile(r"#\d+(?:\s*,\s*#\d+)*|uid:\S+")
_LISTED = re.compile(r"(?:^|(?<=[\s:;?.!]))(\d{1,2})\.\s+")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d\d)\b")
_MERIDIEM = re.compile(r"\b(\d{1,2})(?::(\d\d))?\s*([ap])\.?m\b\.?")
_ISO_DAY = re.compile(r"\b(\d{4})-(\d\d)-(\d\d)\b")
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\b")
_MONTH_DAY = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b")


@dataclass
class Answer:
    """What an answer to a choice says: the options it picks, or that it drops the question.

    `shaped` is set when the answer reads as an attempt to pick (a place, a day, a time,
    "the one ...") even though it picks none: the question is asked again.
    """

    picked: list[str] = field(default_factory=list)
    dropped: bool = False
    shaped: bool = False


def listed_labels(question: str, count: int) -> list[str]:
    """The words each numbered option has in a question ("1. ...; 2. ..."), or [] when unclear.

    Only a listing numbered 1..count in order is read; anything else gives no labels,
    so the answer is read by place or by the options' own values.
    """
    numbered = [m for m in _LISTED.finditer(question) if 0 < int(m.group(1)) <= count]
    if count < 2 or [int(m.group(1)) for m in numbered] != list(range(1, count + 1)):
        return []  # a "2." inside an option's own text makes the listing unclear: no labels
    ends = [m.start() for m in numbered[1:]] + [len(question)]
    labels = [question[m.end() : end] for m, end in zip(numbered, ends, strict=True)]
    last = re.split(r"\.\s+(?=[A-Z])|\?\s*$", labels[-1])[0]  # ". Which one?" is no label
    return [*labels[:-1], last]


def drops(answer: str, choosing: bool) -> bool:
    """Whether the answer drops the question ("never mind"; "neither" only among options)."""
    said = " ".join(answer.lower().split()).strip(" .!")
    if not _NONE.match(said):
        return False
    return choosing or not _NONE_OF_SEVERAL.match(said)


def read_answer(
    answer: str,
    options: list[str],
    labels: list[str] | None = None,
    question: str = "",
    now: datetime | None = None,
) -> Answer:
    """The option(s) an answer to a question with `options` picks; see the module's words."""
    if not options:
        return Answer(dropped=drops(answer, False))
    if drops(answer, True):
        return Answer(dropped=True)
    said = " ".join(answer.lower().split()).strip(" .!?")
    if len(options) > 1 and _ALL.match(said):
        return Answer(list(options), shaped=True)
    named = labels if labels and len(labels) == len(options) else []
    if not named and question:
        named = listed_labels(question, len(options))
    facts = [
        _facts(f"{label} {'' if named and _OPAQUE.fullmatch(option) else option}")
        for option, label in zip(options, named or options, strict=True)
    ]
    words = _spelled_clocks(_tokens(said))
    if not words or len(words) > MAX_ANSWER_WORDS:
        return Answer()
    if words[0] in _ASKING:  # "is gym on saturday": a question of its own, not a pick
        return Answer()
    shaped = bool(re.match(r"^(?:the|that)\s+(?:\w+\s+)?ones?\b|^(?:the|that)\b.*\bones?$", said))
    if words[0] in _VERBS and len(words) > 1:
        words = words[1:]
    own = [w for w in words if w not in _FILLER and w not in _SOCIAL]
    first = _tokens(said)[0]
    if (
        0 < len(own) <= _SHORT_ANSWER
        and (first in _NOUN_OPENERS or len(words) <= 2)
        and not ({first} & (_SOCIAL | _VERBS | _ASKING))
    ):
        # clearly an answer even when it fits no option ("the lounge"): asked again; one that
        # shares words with an option ("the gym downtown") may still narrow the search
        shaped = shaped or not any(set(own) & f for f in facts)
    common = set.intersection(*facts) if len(facts) > 1 else set()
    place = _place([w for w in words if w not in common or w in _PLACES], len(options))
    if place is not None and _an_hour(words, facts):
        place = None  # "the 6 one" among alarms at 6:00 and 6:30: a time, never the sixth
    if place is not None:
        return Answer([options[place]], shaped=True)
    if {"number", "option", "choice"} & set(words):  # "number 7" of two: a place, not a time
        return Answer(shaped=True)
    # "the earlier one" orders by the day and time botpsy states for each option, never by
    # one written inside others' words (a title "Call 07:00" on an evening event) or an id
    stated = [_facts(_OTHERS_WORDS.sub(" ", label)) for label in named or options]
    soonest = _in_time(words, stated)
    if soonest is not None:
        return Answer([options[soonest]], shaped=True)
    units, selector = _units(words, now)
    # a kind of thing, a title or a hedge no label has ("the work address", "ms keller")
    units = [u for u in units if not (u & _SOFT) or any(u & f for f in facts)]
    if len(units) > 1:  # words every option has ("anna" of two Annas) tell none apart
        units = [u for u in units if not all(u & f for f in facts)] or units
    if not units:
        return Answer(shaped=shaped)
    fits = [o for o, f in zip(options, facts, strict=True) if all(u & f for u in units)]
    # a day or a time with nothing else unknown ("friday" when none is): an attempt to pick
    known = all(_selects(u) or any(u & f for f in facts) for u in units)
    return Answer(fits if len(fits) == 1 else [], shaped=shaped or (selector and known))


def mentions(answer: str, options: list[str], labels: list[str] | None, question: str) -> bool:
    """Whether an answer that picks none still speaks of the options (shares a word with one).

    "the gym downtown" may narrow a search again; "tell me a joke" is a new request.
    """
    named = labels if labels and len(labels) == len(options) else []
    named = named or listed_labels(question, len(options)) or options
    said = _tokens(answer)
    if not said or said[0] in _ASKING or len(said) > MAX_ANSWER_WORDS // 2 + 1:
        return False  # "what time is gym on saturday": a question of its own
    words = {w for w in said if w not in _FILLER and w not in _VERBS and len(w) > 2}
    return any(
        words & _facts(f"{label} {option}") for option, label in zip(options, named, strict=True)
    )


# A question or a request to the assistant, never a value it asked for ("tell me a joke").
_ANEW = re.compile(
    r"^(?:(?:what|who|where|why|how|which|when)(?:'s|\s+(?:is|are|was|were|do|does|did|can|could"
    r"|will|would|should|much|many|long|far|old|tall|about))\b|(?:can|could|would|will)\s+you\b"
    r"|tell\s+me\b|do\s+you\b|are\s+you\b|is\s+(?:it|there)\b|let\s+me\s+know\b)|\?$",
    re.I,
)


def asks_anew(answer: str) -> bool:
    """Whether an answer to "what is it?" is a question or request of its own instead."""
    return bool(_ANEW.search(" ".join(answer.split()).strip(" .!")))


def each_picked(
    match: IntentMatch, name: str, picked: list[str], parameters: dict[str, Any]
) -> list[IntentMatch]:
    """ "Both": the asked call once per option, or once with all of them where the argument
    takes a list ("recipients ... separated by commas")."""
    described = str(parameters.get("properties", {}).get(name, {}).get("description", ""))
    if "comma" in described.lower():
        picked = [", ".join(picked)]
    calls = []
    for value in picked:
        one = IntentMatch.from_dict(match.to_dict())
        one.arguments[name] = value
        one.missing.pop(name, None)
        one.options, one.labels = [], []
        calls.append(one)
    return calls


def _an_hour(words: list[str], facts: list[set[str]]) -> bool:
    """Whether a number in a longer answer is said as a clock, not a place: with "o'clock"
    ("the 6 o'clock one"), or as the hour an option starts at ("the 6 one" of alarms at 6:00
    and 7:30). "2", "number 2" and "the 2nd one" stay places."""
    said = [int(w) for w in words if w.isdigit() and len(w) <= 2]
    if not said or len(words) < 2 or {"number", "option", "choice"} & set(words):
        return False
    if "oclock" in words or "o clock" in " ".join(words):
        return True
    return any(f"h12:{n % 12}" in f or f"h:{n}" in f for n in said for f in facts)


def _selects(unit: set[str]) -> bool:
    return any(":" in fact or fact in _DAY_NAMES for fact in unit)


def pick_one(
    answer: str, options: list[str], labels: list[str] | None = None, question: str = ""
) -> str | None:
    """The one option an answer names, or None (several, none, "both", "never mind")."""
    found = read_answer(answer, options, labels, question)
    return found.picked[0] if len(found.picked) == 1 else None


# -- reading ----------------------------------------------------------------------------------
def _tokens(text: str) -> list[str]:
    text = re.sub(r"(\w)'s\b", r"\1", text.lower())
    text = re.sub(r"\b([ap])\.m\.?", r"\1m", text)
    return re.sub(r"[^\w:\s]", " ", text).split()


def _place(words: list[str], count: int) -> int | None:
    """The index a place names ("2", "the second one", "number two", "the last"), if it fits."""
    rest = [w for w in words if w not in _FILLER or w == "one"]
    if rest and rest[-1] == "one" and len(rest) > 1:
        rest = rest[:-1]
    if len(rest) != 1:
        return None
    word = rest[0].lstrip("#")
    index = _PLACES.get(word)
    if index is None and word.isdigit():
        index = int(word)
    if index is None and word in NUMBER_WORDS and not word.endswith(("st", "nd", "rd", "th")):
        counted = len(words) == 1 or bool({"number", "option", "choice"} & set(words))
        index = NUMBER_WORDS[word] if counted else None
    if index is None or not 0 < abs(index) <= count:
        return None
    return index - 1 if index > 0 else count + index


_SOONER = frozenset(["earlier", "earliest", "sooner", "soonest", "next", "early"])
_LATER = frozenset(["later", "latest", "late"])


# Others' words in a label, as `safetext.quoted` writes them: matched as words, never read
# as the day or time an option is at.
_OTHERS_WORDS = re.compile(r'"[^"]*"')


def _in_time(words: list[str], facts: list[set[str]]) -> int | None:
    """ "The earlier one", "the later one": the option that comes first or last in time,
    when every label shows a day or a time to order them by."""
    rest = [w for w in words if w not in _FILLER]
    if len(rest) != 1 or rest[0] not in _SOONER | _LATER:
        return None
    keys = [_when_key(f) for f in facts]
    if any(k is None for k in keys) or len(set(keys)) != len(keys):
        return None
    order = sorted(range(len(keys)), key=lambda i: keys[i] or "")
    return order[0] if rest[0] in _SOONER else order[-1]


def _when_key(facts: set[str]) -> str | None:
    """A sortable year-date-time from a label's facts ("2026 12-05 10:00"), or None."""
    years = sorted(f for f in facts if re.fullmatch(r"(?:19|20)\d\d", f))
    days = [f[3:] for f in facts if f.startswith("md:")]
    times = [f[2:] for f in facts if f.startswith("t:")]
    if not days and not times:
        return None
    dated = sorted((int(m), int(d)) for m, d in (x.split("-") for x in days))
    day = f"{dated[0][0]:02d}-{dated[0][1]:02d}" if dated else ""
    return f"{years[0] if years else ''} {day} {min(times, default='')}"


def _units(words: list[str], now: datetime | None) -> tuple[list[set[str]], bool]:
    """The answer as facts to find in a label, each a set of alternatives; and whether any
    is a day, a time or a part of the day (a pick that fails is then asked again)."""
    units: list[set[str]] = []
    selector = False
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else ""
        clock = None if word in _FILLER else _said_clock(word, following)
        if clock is not None:
            units.append(clock[0])
            selector = True
            index += clock[1]
            continue
        index += 1
        if word in WEEKDAYS:
            units.append({_DAY_NAMES[WEEKDAYS[word]]})
        elif word.rstrip("s") in WEEKDAYS:
            units.append({_DAY_NAMES[WEEKDAYS[word.rstrip("s")]]})
        elif word in ("today", "tomorrow", "tonight") and now is not None:
            day = now.date() + timedelta(days=1 if word == "tomorrow" else 0)
            units.append({word, "today" if word == "tonight" else word, _day_fact(day)})
            if word == "tonight":
                units.append({"part:evening", "tonight"})
        elif word in _PARTS:
            units.append({f"part:{_PARTS[word]}", word})
        elif re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", word) or (
            word in NUMBER_WORDS and word.endswith(("st", "nd", "rd", "th"))
        ):
            number = int(word[:-2]) if word[0].isdigit() else NUMBER_WORDS[word]
            units.append({f"dom:{number}"})
        elif word in MONTHS:
            units.append({f"month:{MONTHS[word]}", word})
        elif word in ("am", "pm"):  # alone: a half of the day ("am or pm?" "pm")
            units.append({word, *(["part:morning"] if word == "am" else _AFTER_NOON)})
        elif word in _FILLER or word in ("next", "coming", "upcoming", "following", "up"):
            continue
        else:
            units.append({word, word.rstrip("s") if len(word) > 3 else word})
            continue
        selector = True
    return units, selector


def _spelled_clocks(words: list[str]) -> list[str]:
    """A clock said in words made one "h:mm" word: "half seven", "half past 7" → "7:30",
    "quarter past six" → "6:15", "quarter to seven" → "6:45", "seven thirty" → "7:30".

    Not timeparse's spoken-number pass: that one reads a bare hour as a calendar does (1-7 is
    pm) and turns every number word into digits ("the second one" → "the 2 one"); an answer is
    compared with the options on a 12-hour face, and its other numbers stay places."""
    out: list[str] = []
    index = 0
    while index < len(words):
        word, rest = words[index], words[index + 1 : index + 4]
        if word in ("half", "quarter"):
            way = rest[0] if rest and rest[0] in ("past", "to", "after") else ""
            hour_word = rest[1 if way else 0] if len(rest) > (1 if way else 0) else ""
            hour = int(hour_word) if hour_word.isdigit() else _HOURS.get(hour_word)
            if hour is not None and 1 <= hour <= 12 and (way or word == "half"):
                minute = 30 if word == "half" else 15
                if way == "to":
                    hour, minute = (hour - 2) % 12 + 1, 45 if word == "quarter" else 30
                out.append(f"{hour}:{minute:02d}")
                index += 3 if way else 2
                continue
        hour = _HOURS.get(word) if word not in ("noon", "midday", "midnight") else None
        minutes = {"fifteen": 15, "thirty": 30, "forty-five": 45, "fortyfive": 45}
        if hour is not None and rest and rest[0] in minutes:  # "seven thirty"
            out.append(f"{hour}:{minutes[rest[0]]:02d}")
            index += 2
            continue
        out.append(word)
        index += 1
    return out


def _said_clock(word: str, following: str) -> tuple[set[str], int] | None:
    """A clock time said in the answer ("10", "10am", "ten pm", "6:30"): facts and words used."""
    if match := re.fullmatch(r"(\d{1,2}):(\d\d)", word):
        meridiem = following if following in ("am", "pm") else ""
        facts = _clock_facts(int(match.group(1)), int(match.group(2)), meridiem)
        return facts, 2 if meridiem else 1
    if match := re.fullmatch(r"(\d{1,2})([ap]m)", word):
        return _clock_facts(int(match.group(1)), None, match.group(2)), 1
    said = int(word) if word.isdigit() and len(word) <= 2 else _HOURS.get(word)
    if said is None:
        return None
    hour: int = said
    if hour > 23:
        return None
    if following in ("am", "pm"):
        return _clock_facts(hour, None, following), 2
    if word in ("noon", "midday", "midnight"):
        return {f"h:{hour}"}, 1
    if following in ("o", "oclock") or word.isdigit():
        facts = _clock_facts(hour, None, "")
        return (facts | {f"dom:{hour}", word}) if word.isdigit() else facts, 1
    return _clock_facts(hour, None, ""), 1


def _clock_facts(hour: int, minute: int | None, meridiem: str) -> set[str]:
    if meridiem == "pm" and hour < 12:
        hour += 12
    elif meridiem == "am" and hour == 12:
        hour = 0
    if minute is not None and (meridiem or hour > 12):
        return {f"t:{hour:02d}:{minute:02d}"}
    if minute is not None:
        return {f"t12:{hour % 12:02d}:{minute:02d}"}
    return {f"h:{hour}"} if meridiem or hour > 12 or hour == 0 else {f"h12:{hour % 12}"}


def _day_fact(day: date) -> str:
    return f"md:{day.month}-{day.day}"


def _facts(label: str) -> set[str]:
    """What a label shows: its words, weekday, day of month, clock times, part of the day."""
    text = re.sub(r"(\w)'s\b", r"\1", label.lower())
    facts = set(re.findall(r"\w+", text.replace("_", " ")))
    facts |= {w[:-1] for w in list(facts) if w.endswith("s") and len(w) > 3}
    for word in list(facts):
        if word in WEEKDAYS:
            facts.add(_DAY_NAMES[WEEKDAYS[word]])
    days: list[date] = []
    for match in _ISO_DAY.finditer(text):
        try:
            days.append(date(int(match.group(1)), int(match.group(2)), int(match.group(3))))
        except ValueError:
            continue
    for day in days:
        facts |= {_DAY_NAMES[day.weekday()], f"dom:{day.day}", f"month:{day.month}", _day_fact(day)}
    for number, month in _DAY_MONTH.findall(text):
        facts |= {
            f"dom:{int(number)}",
            f"month:{MONTHS[month]}",
            f"md:{MONTHS[month]}-{int(number)}",
        }
    for month, number in _MONTH_DAY.findall(text):
        facts |= {
            f"dom:{int(number)}",
            f"month:{MONTHS[month]}",
            f"md:{MONTHS[month]}-{int(number)}",
        }
    clocks = [(int(h), int(m)) for h, m in _CLOCK.findall(text) if int(h) < 24]
    clocks += [
        ((int(h) % 12) + (12 if ap == "p" else 0), int(m or 0))
        for h, m, ap in _MERIDIEM.findall(text)
    ]
    for position, (hour, minute) in enumerate(clocks):
        facts |= {f"t:{hour:02d}:{minute:02d}", f"t12:{hour % 12:02d}:{minute:02d}"}
        if position == 0:  # the start: what "the 10 am one" and "the morning one" mean
            facts |= {f"h:{hour}", f"h12:{hour % 12}"}
            facts.add(f"part:{_part(hour)}")
            if 11 <= hour <= 13:
                facts.add("part:midday")
    return facts


def _part(hour: int) -> str:
    if 5 <= hour < 12:
        return "morning"
    if 12 <= hour < 17:
        return "afternoon"
    return "evening"
