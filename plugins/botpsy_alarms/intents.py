"""Local intents for alarms and timers: the usual ways people set, ask about and cancel them.

Conservative like every matcher: a time or length that does not resolve is the
model's to handle, never guessed. A bare hour ("wake me up at 6") is read the
way an alarm clock reads it: in the morning for a wake-up, otherwise the next
time the clock shows it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from assistant.api import (
    IntentMatch,
    Recent,
    TimeParseError,
    amended_moment,
    edit_value,
    parse_moment,
    parse_span,
)
from botpsy_alarms.repeat import SAID as _REPEAT
from botpsy_alarms.repeat import days_said, in_words, stored
from botpsy_alarms.tools import _KIND_WORDS, timer_length

Now = Callable[[], datetime]
Matcher = Callable[[str], IntentMatch | None]
FollowMatcher = Callable[[str, Recent], list[IntentMatch] | None]

_WAKE = re.compile(
    r"^(?:(?:i\s+(?:need|want|have|would\s+like)\s+(?:you\s+)?to\s+|i'?d\s+like\s+to\s+)?"
    r"(?:(?:wake|get)\s+me(?:\s+up)?|(?:wake|get)\s+up)"
    # "i need to be up at six", "i have to be awake by 7", "make sure i'm up at 6:30"
    r"|(?:i\s+(?:need|have|must|want|got)\s+to|i\s+must|i\s+should|i'?ve\s+got\s+to)\s+be\s+(?:up|awake)"
    r"|make\s+sure\s+(?:i'?m|i\s+am|i\s+(?:wake|get)\s+up)(?:\s+(?:up|awake))?)"
    r"(?:\s+(?P<when>.+?))?\??$",
    re.I,
)
# The order for an alarm said apart from its time: "..., set an alarm", "set an alarm: i ...".
_ALARM_SAID_APART = re.compile(
    r"[,;]?\s*(?:so\s+|please\s+|can\s+you\s+|and\s+)*(?:set|put\s+on|give\s+me)\s+(?:me\s+)?(?:an?\s+|the\s+)?"
    r"alarm(?:\s+(?:for\s+(?:it|that|then)|then|please))?[.!]?$"
    r"|^(?:please\s+)?(?:set|put\s+on)\s+(?:me\s+)?(?:an?\s+)?alarm\s*[,;:]\s*(?=(?:i|we)\b)",
    re.I,
)
# "Alert me in forty minutes", "ring me at 7": an alarm, not a wake-up.
_ALERT = re.compile(
    r"^(?:alert|ring|buzz|beep|ping|alarm|notify|nudge|signal)\s+me\s+(?P<when>(?:in|at|after)\s+.+?)\??$",
    re.I,
)
_SET_ALARM = re.compile(
    r"^(?:(?:set|make|create|add|put|schedule|start|turn\s+on|give\s+me|i\s+(?:need|want)"
    r"|i\s+would\s+like|i'?d\s+like)\s+(?:me\s+|up\s+|on\s+)?"
    r"(?:an?\s+|my\s+|the\s+|one\s+)?(?:new\s+)?|new\s+|an?\s+)?"
    r"(?:(?:reminder|backup|back[- ]up|morning|daily|quick|loud|extra|second|another)\s+)?"
    r"(?P<wake>(?:wake[- ]?up\s+)?alarms?|wake[- ]?up(?:\s+call)?)(?:\s+(?:clock\s+)?(?P<when>.+?))?\??$",
    re.I,
)
_ALARM_FOR = re.compile(r"^alarm\s+(?:set\s+)?(?P<when>.+?)\??$", re.I)
# The time said before the noun: "set a 7 o'clock alarm", "make me a six am wake up call".
_TIME_FIRST = re.compile(
    r"^(?:set|make|create|add|put|schedule|start|turn\s+on|give\s+me|i\s+(?:need|want))\s+"
    r"(?:me\s+|up\s+)?(?:an?|my|the|one)\s+(?P<when>[\w:.' ]{1,24}?)\s+"
    r"(?P<wake>(?:wake[- ]?up\s+)?alarm|wake[- ]?up(?:\s+call)?)(?:\s+(?P<rest>.+?))?\??$",
    re.I,
)
_LABEL = re.compile(
    r"^(?P<when>.+?)\s+(?:for|to|called|named|labell?ed|saying|so\s+i\s+can)\s+(?:the\s+|my\s+)?(?P<label>.+)$",
    re.I,
)
# A timer's label then its length: "timer for the rice, 12 minutes", "for the pie for 40 mins".
_LABEL_THEN_LENGTH = re.compile(
    r"^(?:the\s+|my\s+)?(?P<label>[\w' -]{1,30}?),?\s+(?:for\s+)?(?P<when>[\w.-]+(?:\s+[\w.-]+)?"
    r"\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)(?:\s+and\s+[\w\s.-]+?)?)$",
    re.I,
)
# The label said before the time: "for my nap in twenty minutes", "for the meeting at three".
_LABEL_FIRST = re.compile(
    r"^(?:for|to)\s+(?:the\s+|my\s+|a\s+|an\s+)?(?P<label>[\w' -]+?)\s+"
    r"(?P<when>(?:in|at|on|by|around|tomorrow|today|tonight|this|next)\b.+)$",
    re.I,
)
# A time said before the request: "tomorrow morning wake me at six", "at seven set an alarm".
_TIME_SAID_FIRST = re.compile(
    r"^(?P<when>(?:on\s+)?(?:today|tonight|tomorrow|(?:this\s+|next\s+)?(?:monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday))(?:\s+(?:morning|afternoon|evening|night))?"
    r"|(?:this|in\s+the)\s+(?:morning|afternoon|evening)"
    r"|at\s+[\w:.']+(?:\s+(?:[ap]\.?m\.?|o'?clock|thirty|fifteen|forty\s+five))?)"
    r",?\s+(?P<rest>.+)$",
    re.I,
)
_TIMER = re.compile(
    r"^(?:(?:set|start|put|make|create|add|run|begin)\s+(?:on\s+)?(?:me\s+)?(?:up\s+)?"
    r"(?:an?\s+|the\s+|my\s+|one\s+)?(?:new\s+)?)?(?:(?P<pre>[\w .-]{1,40}?)\s+)?timer"
    r"(?:\s+(?:for|of|on|to)\s+(?P<length>.+?)|\s+(?:called|named|labell?ed)\s+(?P<named>.+?)"
    # "timer ten minutes": the length straight after the noun
    r"|\s+(?P<bare>[\w.-]+(?:\s+[\w.-]+)?\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)"
    r"(?:\s+and\s+[\w\s.-]+?)?))?\??$",
    re.I,
)
# Words before "timer" that say how many, never what for: "another timer", "a second timer".
_NO_LABEL = re.compile(r"^(?:another|(?:a\s+)?second|(?:one\s+)?more|an?\s+(?:extra|other))$", re.I)
_COUNTDOWN = re.compile(
    r"^(?:(?:start\s+(?:an?\s+)?)?count\s*down\s+(?:for\s+|from\s+|of\s+)?"
    # "time 40 minutes for the cake", "time me 2 minutes": the verb with an amount after it
    r"|time\s+(?:me\s+)?(?:for\s+)?(?=[\w.-]+(?:\s+[\w.-]+)?\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b)"
    # "time the eggs for 6 minutes", "time my rolls, 12 minutes": what is timed, then how long
    r"|time\s+(?:the\s+|my\s+)?(?P<pre>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)(?:\s+for|\s*[,:-])\s+"
    r"(?=[\w.-]+(?:\s+[\w.-]+)?\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b))"
    r"(?P<length>.+?)$",
    re.I,
)
_ASK = re.compile(
    r"^(?:what|which|show|list|tell|read|check|do\s+i\s+have|have\s+i\s+(?:got|set)|are\s+there|is\s+there"
    r"|is\s+my|are\s+my|are\s+any|is\s+(?:the|an?)(?=\s+(?:\w+\s+)?(?:alarm|timer))|are\s+the|any|how\s+(?:many|much|long)|when\s+(?:is|does|will|do)|my|did\s+i"
    r"|at\s+what\s+time|provide|report|give\s+me|let\s+me\s+know|(?:the\s+)?(?:next|upcoming)\s+(?=alarm|timer))\b",
    re.I,
)
# "... alarms for tomorrow", "... timers set on Friday": the period a question is about.
_PERIOD = re.compile(r"\s(?:set\s+)?(?:for|on|in|during)\s+(.+?)\??$", re.I)
_NOUN = re.compile(r"\b(?:alarms?|timers?|wake[- ]?up\s+calls?)\b", re.I)
_NOT_ASKING = re.compile(
    r"\b(?:set\s+(?:an?|my|the)\s+new|cancel|delete|remove|turn\s+off|switch\s+off|change|move|snooze)\b",
    re.I,
)
_WISH = r"(?:i\s+(?:want|need|would\s+like)\s+(?:you\s+)?to\s+|i'?d\s+like\s+(?:you\s+)?to\s+)?"
# "change my 7am alarm to 7:30", "move the gym alarm to six": an alarm already set, a new time.
_CHANGE = re.compile(
    rf"^{_WISH}(?:change|move|push|shift|reset|update|reschedule|switch|put)\s+"
    r"(?P<what>(?:my|the|that|this)\s+(?:[\w:.']+\s+){0,3}?(?:wake[- ]?up\s+)?(?:alarm|wake[- ]?up\s+call)"
    r"(?:\s+(?:for|on)\s+(?:today|tonight|tomorrow|\w+day))?)"
    r"\s+(?:back\s+|forward\s+)?(?:to|for|until|till)\s+(?P<time>.+?)\??$",
    re.I,
)
# "add 5 minutes to the timer", "put another ten minutes on the pasta timer", "give the timer two
# more minutes", "extend the timer by a minute": time added to a timer already running.
_TIMER_NAMED = r"(?P<which>(?:the|my|that|this)\s+(?:[\w']+\s+){0,3}?timer)"
_EXTEND = (
    re.compile(
        rf"^{_WISH}(?:add|put)\s+(?:(?:an)?other\s+|an\s+extra\s+|extra\s+)?(?P<length>.+?)"
        rf"(?:\s+more)?\s+(?:to|on|onto)\s+{_TIMER_NAMED}\??$",
        re.I,
    ),
    re.compile(
        rf"^{_WISH}give\s+{_TIMER_NAMED}\s+(?:(?:an)?other\s+|an\s+extra\s+|extra\s+)?"
        r"(?P<length>.+?)(?:\s+more)?\??$",
        re.I,
    ),
    re.compile(
        rf"^{_WISH}(?:extend|lengthen)\s+{_TIMER_NAMED}\s+(?:by|for)\s+(?:(?:an)?other\s+)?"
        r"(?P<length>.+?)\??$",
        re.I,
    ),
)
# "call the timer pasta", "label the timer eggs", "rename the timer to bread"
_LABEL_TIMER = re.compile(
    rf"^{_WISH}(?:call|label|name|rename|title)\s+{_TIMER_NAMED}\s+(?:to\s+|as\s+)?(?P<label>.+?)[.!]?$",
    re.I,
)
# "change the alarm from 7 to 8", "move my alarm from six thirty to seven"
_CHANGE_FROM = re.compile(
    rf"^{_WISH}(?:change|move|push|shift|reset|update|switch|set)\s+(?:my|the|that|this)\s+"
    r"(?:wake[- ]?up\s+)?(?:alarm|wake[- ]?up\s+call)\s+from\s+(?P<old>[\w:.' ]{1,20}?)\s+"
    r"(?:to|until|till)\s+(?P<time>[\w:.' ]{1,24}?)\??$",
    re.I,
)
# "make sure the alarm goes off at 8", "have my alarm ring at 6": setting one, said by its effect
_GOES_OFF = re.compile(
    r"^(?:make\s+sure|have|let|get)\s+(?:my|the|an?)\s+(?:wake[- ]?up\s+)?alarm\s+"
    r"(?:goes|go|rings?|sounds?|wakes?\s+me(?:\s+up)?)(?:\s+off)?\s+(?P<when>(?:at|for|by|around)\s+.+?)\??$",
    re.I,
)
_CANCEL = re.compile(
    rf"^{_WISH}(?:cancel|delete|remove|clear|turn\s+off|switch\s+off|shut\s+off|stop|disable|unset"
    r"|kill|get\s+rid\s+of|take\s+off|drop|bin|scrap|ditch|axe|nix|zap|wipe)\s+(?P<what>.*?\b(?:alarms?|timers?|wake[- ]?up(?:\s+call)?)\b.*?)"
    r"\??$",
    re.I,
)
_EVERY = re.compile(
    r"^(?:every|each|every\s+single)\s+(?:one\s+of\s+my\s+)?(?=(?:alarm|timer))", re.I
)
# "turn my 7 am alarm off", "switch the timer off".
_OFF_AFTER = re.compile(
    rf"^{_WISH}(?:turn|switch|shut|shut)\s+(?P<what>(?:the|my|that|this|all(?:\s+my)?|all\s+the)\s+"
    r"(?:[\w:]+\s+){0,3}?(?:alarms?|timers?))\s+off\??$",
    re.I,
)
# "i don't need the 6 am alarm anymore": a cancel said as a wish.
_NO_LONGER = re.compile(
    r"^i\s+(?:don'?t|do\s+not|no\s+longer)\s+(?:need|want)\s+(?P<what>(?:the|my|that|this|an?)\s+"
    r".*?\b(?:alarms?|timers?|wake[- ]?up(?:\s+call)?)\b.*?)(?:\s+(?:anymore|any\s+more|now))?\??$",
    re.I,
)
# "no alarm tomorrow", "no more alarms on sundays": a cancel said as what is not wanted.
_NONE_WANTED = re.compile(
    r"^no\s+(?:more\s+)?(?P<what>(?:wake[- ]?up\s+)?(?:alarms?|timers?|wake[- ]?up\s+calls?)"
    r"(?:\s+(?:for\s+|on\s+)?(?:today|tonight|tomorrow|this\s+\w+|(?:on\s+)?\w+days?)(?:\s+morning)?)?)"
    r"(?:\s+(?:please|thanks|anymore|any\s+more))?\??$",
    re.I,
)
# "alarms for tomorrow", "my alarms on friday": a list asked with no verb.
_BARE_LIST = re.compile(
    r"^(?:(?:my|the|all(?:\s+my)?|any)\s+)?(?:alarms|timers|alarms\s+and\s+timers)"
    r"(?:\s+(?:set|i\s+have))?(?P<period>\s+(?:for|on)\s+.+?)?\??$",
    re.I,
)
_REMIND = re.compile(
    r"^remind\s+me\s+(?P<when>(?:in|at|on|by|tomorrow|tonight|this|next|later)\b.*?)\s+"
    r"(?:to|that|about)\s+(?P<what>.+?)$",
    re.I,
)
_MERIDIEM = re.compile(
    r"\b(?:a\.?m\.?|p\.?m\.?|noon|midday|midnight|morning|afternoon|evening|night|tonight)\b|\bin\s+\w",
    re.I,
)
_CLOCK = re.compile(r"(?:(?<=\bat )|(?<=\bfor )|^)(\d{1,2})(?::(\d{2}))?(?=\s|$)")
_HOURS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
_MINUTES = {
    "o'clock": 0,
    "oclock": 0,
    "fifteen": 15,
    "thirty": 30,
    "forty five": 45,
    "forty-five": 45,
}
# Minutes said before "past" or "to" an hour: "quarter past seven", "twenty five to six".
_PAST = {
    "half": 30, "quarter": 15, "a quarter": 15, "five": 5, "ten": 10, "twenty": 20,
    "twenty five": 25, "twenty-five": 25,
}  # fmt: skip
# A spoken hour where a clock time goes ("at ten", "for six thirty"), not an amount ("ten minutes").
_WORD_CLOCK = re.compile(
    rf"(?:(?<=\bat )|(?<=\bfor )|^)({'|'.join(_HOURS)})"
    rf"(?:\s+({'|'.join(sorted(_MINUTES, key=len, reverse=True))}))?"
    r"(?!\s+(?:minutes?|mins?|hours?|hrs?|seconds?|days?|weeks?)\b)(?=\s|$)",
    re.I,
)


_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
         "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}  # fmt: skip
_TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_MINUTE = (
    rf"(?:(?:{'|'.join(_TENS_WORDS)})(?:[\s-](?:{'|'.join(_UNITS)}))?|{'|'.join(_TENS)}"
    rf"|(?:oh\s+)?(?:{'|'.join(_UNITS)}))"
)
# A clock time as a transcript writes "1:30" said as a number: "one hundred and thirty",
# "seven hundred", "oh six hundred hours" (where a clock time goes, never "... minutes").
_HUNDREDS = re.compile(
    rf"(?:(?<=\bat )|(?<=\bfor )|^)(oh\s+)?({'|'.join(_HOURS)})\s+hundred"
    rf"(?:\s+(?:and\s+)?({_MINUTE}))?(?:\s+hours)?"
    r"(?!\s+(?:minutes?|mins?|hours?|hrs?|seconds?|days?|weeks?|times?|percent)\b)(?=\s|$)",
    re.I,
)


def _minute(words: str) -> int:
    """ "thirty five" -> 35, "oh five" -> 5, "twelve" -> 12."""
    said = re.sub(r"^oh\s+", "", words.lower()).replace("-", " ").split()
    if said[0] in _TENS_WORDS:
        return _TENS_WORDS[said[0]] + (_UNITS.index(said[1]) + 1 if len(said) > 1 else 0)
    return _TENS[said[0]] if said[0] in _TENS else _UNITS.index(said[0]) + 1


def _hundreds(m: re.Match[str]) -> str:
    """ "seven hundred and thirty" -> "7:30"; "oh six hundred" -> "6:00am" (a 24-hour clock's)."""
    minute = _minute(m.group(3)) if m.group(3) else 0
    return f"{_hour(m.group(2))}:{minute:02d}{'am' if m.group(1) else ''}"


def _hour(word: str) -> int:
    """An hour said as a word ("six") or digits ("6")."""
    return int(word) if word.isdigit() else _HOURS.index(word.lower()) + 1


def _digits(text: str) -> str:
    """ "at ten" -> "at 10", "six thirty tomorrow" -> "6:30 tomorrow"; "X from now" -> "in X"."""
    text = re.sub(r"^(.+?)\s+from\s+now$", r"in \1", text, flags=re.I)
    text = _HUNDREDS.sub(_hundreds, text)

    def clock(m: re.Match[str]) -> str:
        hour = _HOURS.index(m.group(1).lower()) + 1
        minute = _MINUTES[m.group(2).lower()] if m.group(2) else None
        return f"{hour}:{minute:02d}" if minute is not None else str(hour)

    text = _WORD_CLOCK.sub(clock, text)

    # "quarter past seven", "ten to six": a clock time with no half of the day said, so the
    # alarm's own reading of a bare hour decides (timeparse would take 1-7 as the evening)
    def relative(m: re.Match[str]) -> str:
        amount, relation, hour = m.group(1).lower(), m.group(2).lower(), _hour(m.group(3))
        minutes = _PAST.get(amount)
        if minutes is None:
            minutes = int(amount) if amount.isdigit() else 0
        if not (1 <= hour <= 12 and 0 < minutes < 60):
            return m.group(0)
        total = hour * 60 + (minutes if relation in ("past", "after") else -minutes)
        return f"{(total // 60 - 1) % 12 + 1}:{total % 60:02d}"

    text = re.sub(
        rf"(?:(?<=\bat )|(?<=\bfor )|^)(\d{{1,2}}|{'|'.join(sorted(_PAST, key=len, reverse=True))})"
        r"(?:\s+minutes?)?\s+"
        rf"(past|after|to|before)\s+({'|'.join(_HOURS)}|\d{{1,2}})\b(?!:)",
        relative,
        text,
        flags=re.I,
    )
    # "half six" as Britain says it: 6:30 (an hour word or digits where a clock time goes)
    text = re.sub(
        rf"(?:(?<=\bat )|(?<=\bfor )|^)half\s+({'|'.join(_HOURS)}|\d{{1,2}})"
        r"(?!\s+(?:minutes?|mins?|hours?|hrs?|seconds?|days?|weeks?)\b)(?=\s|$)",
        lambda m: f"{_hour(m.group(1))}:30" if 1 <= _hour(m.group(1)) <= 12 else m.group(0),
        text,
        flags=re.I,
    )
    # "6.30" and "7 o'clock" as a clock writes them
    text = re.sub(r"\b(\d{1,2})\.([0-5]\d)\b", r"\1:\2", text)
    text = re.sub(r"\b(\d{1,2})\s*o'?clock\b", r"\1:00", text, flags=re.I)
    # "6 30" as speech is written: half past six
    return re.sub(
        r"(?:(?<=\bat )|(?<=\bfor )|^)(\d{1,2}) ([0-5]\d)(?!\s*(?:minutes?|mins?|hours?|seconds?))\b",
        r"\1:\2",
        text,
    )


def resolve(phrase: str, now: datetime, wake: bool) -> str | None:
    """The alarm's time as text the tool resolves, or None when it names no clock time.

    "6" or "6:30" without am/pm: the morning for a wake-up, else whichever of
    6:30 am and 6:30 pm comes first (`readings` finds when that is a guess). A
    phrase whose words are all understood but name an impossible or past time
    ("February 30 at 7") is returned as it is, so the tool says what is wrong in
    one line instead of the model guessing.
    """
    found = readings(phrase, now, wake)
    return found[0] if found else None


# A bare hour read with the half of the day a phrase names: "6 tomorrow morning" is 6am.
_HALF = re.compile(r"\b(?:(?P<am>morning)|(?P<pm>afternoon|evening|night|tonight))\b", re.I)
# Both readings of a bare hour ring this soon: the hour alone does not say which is meant.
AMBIGUOUS_WITHIN = timedelta(hours=18)


def readings(phrase: str, now: datetime, wake: bool) -> list[str]:
    """The times a phrase may mean, soonest first; two when a bare hour could be either half.

    [] when it names no clock time; one phrase as it is when it is impossible or past.
    """
    text = " ".join(phrase.split())
    text = re.sub(r"^(?:(?:for|at|on|by|around)\s+)+", "", text, flags=re.I).rstrip("?.! ")
    text = _digits(text)
    if not text:
        return []
    first = _DAY_FIRST.match(text)  # "tomorrow 6:30" (an answer joined to "...for tomorrow")
    if first:
        text = f"{first.group('clock')} {first.group('day')}"
    choices = [text]
    clock = _CLOCK.search(text)
    if clock and 1 <= int(clock.group(1)) <= 12:
        head, tail = text[: clock.end()], text[clock.end() :]
        half = _HALF.search(text)
        if half and not re.search(r"\b[ap]\.?m\b|\d[ap]m\b|\bnoon|midnight|midday", text, re.I):
            choices = [f"{head}{'am' if half.group('am') else 'pm'}{tail}"]
        elif not _MERIDIEM.search(text):
            choices = [f"{head}am{tail}"] if wake else [f"{head}am{tail}", f"{head}pm{tail}"]
    found: list[tuple[datetime, str]] = []
    invalid = False
    for choice in choices:
        try:
            moment = parse_moment(choice, now)
        except TimeParseError as exc:
            invalid = invalid or not str(exc).startswith("could not understand")
            continue
        if moment.all_day:
            continue
        if moment.start <= now:
            invalid = True
            continue
        found.append((moment.start, choice))
    if found:
        found.sort()
        if len(found) == 2 and found[1][0] - now > AMBIGUOUS_WITHIN:
            found = found[:1]
        return [choice for _, choice in found]
    return choices[:1] if invalid else []


# "set an alarm to wake me up at 6", "set my alarm to go off at 7": what an alarm does, then when.
_DOES = re.compile(
    r"^(?:to|that\s+will|which\s+will|so\s+it)\s+(?P<wake>wake\s+me(?:\s+up)?|get\s+me\s+up|go\s+off"
    r"|ring|sound)\s*",
    re.I,
)


def _alarm(when: str | None, now: datetime, wake: bool) -> IntentMatch | None:
    does = _DOES.match(when or "")
    if does:
        wake = wake or does.group("wake").lower().startswith(("wake", "get"))
        when = when[does.end() :] if when else when
    if not when:
        return IntentMatch("alarm_set", {}, missing={"time": "What time should the alarm ring?"})
    found = readings(when, now, wake)
    label = ""
    if not found and (asked := _day_only(when, now)):  # "set an alarm for tomorrow": what time?
        return IntentMatch("alarm_set", {}, missing={"time": asked})
    if not found:
        split = _LABEL.match(when)
        if split:
            found = readings(split.group("when"), now, wake)
        if not found and (first := _LABEL_FIRST.match(when)):  # "for my nap in ten minutes"
            split = first
            found = readings(first.group("when"), now, wake)
        if not split:
            return None
        label = split.group("label").strip()
        if not found or len(label.split()) > 6:
            return None
    arguments = {"label": label} if label else {}
    if len(found) == 2:  # "an alarm for seven" at half past six in the evening: ask, never guess
        return _which_half(found, arguments, now)
    return IntentMatch("alarm_set", {"time": found[0], **arguments})


_DAY_FIRST = re.compile(
    r"^(?P<day>today|tonight|tomorrow(?:\s+(?:morning|evening|night))?|(?:on\s+)?(?:next\s+)?"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\s+"
    r"(?P<clock>\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)$",
    re.I,
)


def _day_only(when: str, now: datetime) -> str | None:
    """The question to ask when a phrase names a day and no time ("for tomorrow"), else None."""
    said = re.sub(r"^(?:for|on)\s+", "", when.strip(), flags=re.I).rstrip("?.! ")
    said = re.sub(r"^(?:early|bright\s+and\s+early)\s+", "", said, flags=re.I)  # "early tomorrow"
    if not re.fullmatch(r"(?:today|tonight|tomorrow|(?:next\s+)?\w+day)", said, re.I):
        return None
    try:
        moment = parse_moment(said, now)
    except TimeParseError:
        return None
    day = said.lower() if said.lower() in ("today", "tonight", "tomorrow") else f"on {said.lower()}"
    return f"What time {day} should the alarm ring?" if moment.all_day else None


def _which_half(found: list[str], arguments: dict[str, str], now: datetime) -> IntentMatch:
    """The question when a bare hour may be either half of the day: both offered as options."""
    moments = [parse_moment(choice, now).start for choice in found]
    labels = []
    for moment in moments:
        half = "morning am a.m" if moment.hour < 12 else "evening pm p.m night tonight afternoon"
        day = "today" if moment.date() == now.date() else "tomorrow"
        labels.append(f"{moment:%-H %H:%M %-I} {day} {half}")
    said = [
        f"{m:%H:%M} {'today' if m.date() == now.date() else 'tomorrow'}"
        f" ({'morning' if m.hour < 12 else 'evening'})"
        for m in moments
    ]
    question = f"Should the alarm ring at {said[0]} or at {said[1]}?"
    return IntentMatch(
        "alarm_set", arguments, missing={"time": question}, options=found, labels=labels
    )


_AMOUNT = re.compile(r"[\w.]+\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)", re.I)


def _length(text: str) -> str | None:
    """A timer length the tool reads; an amount it will refuse ("0 minutes") also passes, so the
    tool says what is wrong in one line."""
    text = " ".join(text.replace("-", " ").split()).rstrip("?.! ")
    try:
        timer_length(text)
    except TimeParseError:
        return text if _AMOUNT.fullmatch(text) else None
    return text


# "what time do i wake up tomorrow": the alarms of that day.
_WAKE_WHEN = re.compile(
    r"^(?:what\s+time|when)\s+(?:do|will|am|should|must)\s+i\s+(?:have\s+to\s+|need\s+to\s+)?"
    r"(?:wake|get|waking|getting)\s+up(?:\s+(?P<period>.+?))?\??$",
    re.I,
)
# An alarm named by its time, moved by a length: "nudge the 8am alarm on by twenty minutes",
# "push my 6.30 alarm back 10 minutes", "move the 8 o'clock alarm 15 minutes earlier".
_SHIFT_NAMED = re.compile(
    rf"^{_WISH}(?:move|push|shift|put|bring|set|nudge)\s+(?:my|the|that)\s+"
    r"(?P<clock>\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?m\.?|o'?clock)?)\s+(?:wake[- ]?up\s+)?alarm\s+"
    r"(?:(?P<lead>on|back|forward|later|earlier)\s+)?(?:by\s+)?(?P<length>.+?)"
    r"(?:\s+(?P<way>later|earlier|back|forward|on|sooner))?\??$",
    re.I,
)
_DAY_WORDS = re.compile(
    r"\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend"
    r"|week|morning|evening)\b",
    re.I,
)


def _last_words(text: str) -> str:
    """The period at the end of a question ("... do i have tomorrow"): its last words that name a day."""
    words = text.rstrip("?").split()
    for size in (3, 2, 1):
        tail = " ".join(words[-size:])
        if (
            len(words) >= size
            and _DAY_WORDS.search(tail)
            and not re.match(r"(?:do|i|have|set)\b", tail)
        ):
            return tail
    return ""


def _with_period(phrase: str | None, now: datetime) -> IntentMatch:
    """The alarm list, of the period `phrase` names when it resolves, else of all."""
    phrase = re.sub(
        r"^(?:the|this)\s+(?=morning|afternoon|evening|night)", "", (phrase or "").strip()
    )
    if phrase:
        with contextlib.suppress(TimeParseError):
            parse_span(phrase, now)
            return IntentMatch("alarm_list", {"when": phrase})
    return IntentMatch("alarm_list", {})


def make_matchers(now: Now) -> list[tuple[str, Matcher]]:
    """The alarm and timer matchers, in the order they are tried."""

    def set_alarm(text: str) -> IntentMatch | None:
        bare = _ALARM_SAID_APART.sub("", text.strip())
        if bare != text.strip() and bare and (found := set_alarm(bare)) is not None:
            return found  # "i must be up at 4.45, set an alarm": the time said, the order apart
        repeat = _REPEAT.search(text)
        if repeat is None:
            return set_once(text)
        said = repeat.group(0)
        half = " in the morning" if "morning" in said.lower() else ""
        half = " in the evening" if re.search(r"evening|night", said, re.I) else half
        rest = " ".join(f"{text[: repeat.start()]}{half} {text[repeat.end() :]}".split())
        found = set_once(rest)
        if found is None or found.tool != "alarm_set":
            return None
        days = stored(days_said(said))
        found.arguments["repeat"] = days
        if found.options:  # "6:30 on mondays": which half of the day, not which day
            clocks = [f"{parse_moment(o, now()).start:%H:%M}" for o in found.options]
            found.missing["time"] = (
                f"Should the alarm ring at {clocks[0]} or at {clocks[1]}, {in_words(days)}?"
            )
        return found

    def set_once(text: str, turns: int = 0) -> IntentMatch | None:
        first = _TIME_SAID_FIRST.match(text) if turns < 2 else None
        if first:  # "tomorrow morning wake me at six": the same request with its time last
            moved = set_once(f"{first.group('rest')} {first.group('when')}", turns + 1)
            if moved is not None:
                return moved
        m = _WAKE.match(text)
        found = _alarm(m.group("when"), now(), wake=True) if m else None
        if found is not None:
            return found
        m = _TIME_FIRST.match(text)
        if m and re.match(rf"(?:\d|(?:{'|'.join(_HOURS)})\b)", m.group("when"), re.I):
            rest = re.sub(r"^(?:for|on|at)\s+", "", m.group("rest") or "", flags=re.I)
            when = f"{m.group('when')} {rest}".strip()
            found = _alarm(when, now(), wake="wake" in m.group("wake").lower())
            if found is not None and "time" in found.arguments | found.missing:
                return found
        m = _ALERT.match(text) or _GOES_OFF.match(text)
        if m:  # "make sure my alarm wakes me at 7" is a wake-up
            return _alarm(m.group("when"), now(), wake="wake" in m.group(0).lower())
        for pattern in (_SET_ALARM, _ALARM_FOR):
            m = pattern.match(text)
            wake = bool(m and m.groupdict().get("wake") and "wake" in m.group("wake").lower())
            found = _alarm(m.group("when"), now(), wake=wake) if m else None
            if found is not None:
                return found
        return None

    def set_timer(text: str) -> IntentMatch | None:
        text = re.sub(r"\s+(?:right\s+)?now$", "", text.strip(), flags=re.I)  # "... timer now"
        m = _TIMER.match(text) or _COUNTDOWN.match(text)
        if not m:
            return None
        pre = _NO_LABEL.sub("", (m.groupdict().get("pre") or "").strip())  # "another timer"
        given = (m.group("length") or m.groupdict().get("bare") or "").strip()
        label = re.sub(
            r"^(?:the|my)\s+", "", (m.groupdict().get("named") or "").strip(), flags=re.I
        )
        if len(label.split()) > 4:
            return None
        length = _length(pre) if pre else None
        if length is None and pre:
            if len(pre.split()) > 3 or re.search(
                r"\b(?:what|how|is|the|my|cancel|stop)\b", pre, re.I
            ):
                return None
            label = pre
        if length is None and pre and label and not given:  # "a timer called pasta": no length
            return None
        if length is not None and given:  # "a 10 minute timer for the pasta"
            label = re.sub(r"^(?:the|my)\s+", "", given, flags=re.I)
            if len(label.split()) > 4:
                return None
        elif length is None and given:
            length = _length(given)
            if length is None:
                splits = [m for p in (_LABEL, _LABEL_THEN_LENGTH) if (m := p.match(given))]
                read = [(n, m) for m in splits if (n := _length(m.group("when"))) is not None]
                if not read:
                    return None
                length, split = read[0]
                label = split.group("label").strip()
        if length is None:
            if given or _ASK.match(text):
                return None
            missing = {"duration": "How long should the timer run?"}
            return IntentMatch("timer_set", {"label": label} if label else {}, missing=missing)
        return IntentMatch("timer_set", {"duration": length} | ({"label": label} if label else {}))

    def list_alarms(text: str) -> IntentMatch | None:
        wake = _WAKE_WHEN.match(text)
        if wake:
            return _with_period(wake.group("period"), now())
        noun = _NOUN.search(text)
        bare = _BARE_LIST.match(text)
        if not (bare or (_ASK.match(text) and noun and not _NOT_ASKING.search(text))):
            return None
        if noun is None:
            return None
        period = _PERIOD.search(text, noun.end())
        if period:
            phrase = re.sub(
                r"^(?:the|this)\s+(?=morning|afternoon|evening|night)", "", period.group(1)
            )
            with contextlib.suppress(TimeParseError):
                parse_span(phrase, now())
                return IntentMatch("alarm_list", {"when": phrase})
        return _with_period(_last_words(text[noun.end() :]), now())

    def shift_named_alarm(text: str) -> IntentMatch | None:
        """The alarm of a time said, moved by a length: its new time is that time shifted."""
        m = _SHIFT_NAMED.match(text)
        way = ((m.group("way") or m.group("lead") or "") if m else "").lower()
        length = _length(m.group("length")) if m and way else None
        if m is None or length is None:
            return None
        try:
            clock = parse_moment(f"at {m.group('clock')}", now()).start
            amount = timer_length(length)
        except (TimeParseError, ValueError):
            return None
        if amount > timedelta(hours=12):
            return None
        new = clock + (amount if way in ("later", "back", "on") else -amount)
        said = m.group("clock").strip()
        if re.search(r"[ap]\.?m", said, re.I) or (clock.hour > 12 and not re.match(r"\d\b", said)):
            return IntentMatch(
                "alarm_change", {"alarm": clock.strftime("%H:%M"), "time": new.strftime("%H:%M")}
            )
        # no half of the day said ("the 7 alarm"): both said on the face, as "change it to 7:30"
        face = f"{new.hour % 12 or 12}:{new.minute:02d}"
        return IntentMatch("alarm_change", {"alarm": _digits(said), "time": face})

    def change_alarm(text: str) -> IntentMatch | None:
        m = _CHANGE.match(text)
        moved = None if m else _CHANGE_FROM.match(text)
        if moved:  # "change the alarm from 7 to 8": the old time names the alarm
            which = _digits(moved.group("old").strip())
            return IntentMatch(
                "alarm_change", {"alarm": which, "time": _digits(moved.group("time"))}
            )
        if not m:
            return None
        what = re.sub(r"^(?:my|the|that|this)\s+", "", m.group("what"), flags=re.I)
        which = _KIND_WORDS.sub(" ", what).strip()
        return IntentMatch(
            "alarm_change", {"alarm": which, "time": _digits(m.group("time").strip())}
        )

    def change_timer(text: str) -> IntentMatch | None:
        """Time added to a running timer, or a new label for it: the timer stays running."""
        for shape in _EXTEND:
            m = shape.match(text)
            said = re.sub(r"\s+more\b", "", m.group("length"), flags=re.I) if m else ""
            length = _length(said) if m else None
            if m and length is not None:
                return IntentMatch("alarm_change", {"alarm": m.group("which"), "add": length})
        m = _LABEL_TIMER.match(text)
        if m and len(m.group("label").split()) <= 4:
            label = re.sub(r"^(?:the|a)\s+", "", m.group("label").strip(), flags=re.I)
            return IntentMatch("alarm_change", {"alarm": m.group("which"), "label": label})
        return None

    def cancel_alarm(text: str) -> IntentMatch | None:
        m = (
            _CANCEL.match(text)
            or _OFF_AFTER.match(text)
            or _NO_LONGER.match(text)
            or _NONE_WANTED.match(text)
        )
        if not m:
            return None
        what = _EVERY.sub("all my ", m.group("what").strip())  # "every alarm i've set": all of them
        what = re.sub(
            r"\s+(?:that\s+|which\s+)?(?:(?:i've|i\s+have)\s+got|i(?:'ve|\s+have)?\s+set)$",
            "",
            what,
            flags=re.I,
        )
        return IntentMatch("alarm_delete", {"alarm": what})

    def remind_in(text: str) -> IntentMatch | None:
        """ "Remind me in 10 minutes to stretch": a task with a due time (the calendar's task_add)."""
        m = _REMIND.match(text)
        if not m:
            return None
        when, what = m.group("when").strip(), m.group("what").strip().rstrip(".!")
        try:
            parse_moment(when, now())
        except TimeParseError:
            return None
        if not what or len(what.split()) > 10:
            return None
        return IntentMatch("task_add", {"title": what[0].upper() + what[1:], "due": when})

    matchers: list[tuple[str, Matcher]] = [
        ("shift_named_alarm", shift_named_alarm),
        ("change_alarm", change_alarm),
        ("change_timer", change_timer),
        ("cancel_alarm", cancel_alarm),
        ("list_alarms", list_alarms),
        ("set_timer", set_timer),
        ("set_alarm", set_alarm),
        ("remind_in", remind_in),
    ]
    return matchers


def follow_matchers(now: Now) -> list[tuple[str, FollowMatcher]]:
    """Follow-ups: "make that 6:30" right after an alarm was set moves that alarm."""

    def edit_alarm(text: str, recent: Recent) -> list[IntentMatch] | None:
        """The alarm just set, at the new time: the old one cancelled (asked), then the new one set.

        Which alarm changes comes from the last call's record (its time, its label),
        never from a tool's output; the new time is read next to the old one, so a
        bare "6:30" after a 6:00 alarm stays in the morning.
        """
        call = recent.last()
        if _LEFT_ON_IT.match(text.strip()) and call is not None and call.tool in _TIMED:
            return [IntentMatch("alarm_list", {})]  # "how much time is left": on what was just set
        another = _ANOTHER_AT.match(text.strip())
        if another and call is not None and call.tool == "alarm_set":
            return _another_alarm(call.arguments, another.group("time"), now())
        more = _MORE.match(text.strip())
        if more and call is not None and call.tool == "timer_set":
            said = re.sub(r"\s+more\b", "", more.group("length"), flags=re.I).strip()
            said = f"1 {said}" if re.fullmatch(r"(?:minute|second|hour)s?", said, re.I) else said
            length = _length(said)
            if length is not None:  # "add five more minutes": to the timer just started
                label = str(call.arguments.get("label") or "")
                which = f"the newest {label} timer" if label else "the newest timer"
                return [IntentMatch("alarm_change", {"alarm": which, "add": length})]
        shifted = _SHIFT_IT.match(text.strip())
        if shifted and call is not None and call.tool == "alarm_set":
            moved = _shifted_alarm(call.arguments, shifted)
            if moved is not None:
                return moved
        value = edit_value(text)
        if value is None or call is None:
            return None
        if call.tool == "timer_set":
            return _timer_edit(call.arguments, value)
        if call.tool != "alarm_set":
            return None
        try:
            old = datetime.fromisoformat(str(call.arguments.get("time", "")))
        except ValueError:
            return None
        new = amended_moment(_digits(value), old, now())
        if new is None or new == old:
            return None
        return _moved(old, new, str(call.arguments.get("label") or ""))

    return [("edit_alarm", edit_alarm)]


# The calls after which "it" is an alarm or a timer, and a question of its time left with no
# thing named: "how much time is left on it", "when does it go off", "time left?".
_TIMED = ("timer_set", "alarm_set", "alarm_change", "alarm_list")
_LEFT_ON_IT = re.compile(
    r"^(?:(?:and|so|ok(?:ay)?|oh)[,]?\s+)*(?:"
    r"how\s+(?:long|much(?:\s+time)?|many\s+minutes)(?:\s+(?:is\s+|do\s+i\s+have\s+|have\s+i\s+got\s+"
    r"|(?:has|does)\s+it\s+(?:got\s+|have\s+)?|is\s+there\s+)|\s*['’]s\s+(?:it\s+got\s+)?|\s+)"
    r"(?:left|remaining|to\s+go)"
    r"|how\s+long\s+(?:until|till|before)\s+it\s+(?:goes\s+off|rings|ends|is\s+done|finishes)"
    r"|when\s+(?:does|will)\s+it\s+(?:go\s+off|ring|end|finish|be\s+done)"
    r"|(?:how\s+much\s+)?time\s+left)(?:\s+on\s+it)?(?:\s+now)?\??$",
    re.I,
)


def _moved(old: datetime, new: datetime, label: str) -> list[IntentMatch]:
    """An alarm moved: the old one cancelled (asked), then the new one set with its label."""
    return [
        IntentMatch("alarm_delete", {"alarm": old.isoformat()}),
        IntentMatch(
            "alarm_set",
            {"time": new.isoformat()} | ({"label": label} if label else {}),
            after_done=True,
        ),
    ]


_NUMBER = re.compile(r"^(?:\d{1,3}|[a-z]+(?:[ -][a-z]+)?)$", re.I)
# "make it half an hour later", "push it back 10 minutes", "an hour earlier": the alarm just set.
_SHIFT_IT = re.compile(
    r"^(?:(?:no|actually|sorry|oh|and|please|can\s+you)[,.]?\s+)*"
    r"(?:(?:make|move|push|put|set|shift|bring)\s+(?:it|that)\s+)?(?:(?P<lead>back|forward)\s+)?"
    r"(?:by\s+)?(?P<length>.+?)(?:\s+(?P<way>later|earlier|back|forward|sooner))?(?:\s+please)?[.!]*$",
    re.I,
)


# A second alarm right after one was set: "and another at 5.50 to be safe", "one more for 7".
_ANOTHER_AT = re.compile(
    r"^(?:(?:and|oh|also|plus)[,]?\s+)*(?:(?:set|add|make)\s+(?:me\s+)?)?(?:an(?:other)?|one\s+more|a\s+second)"
    r"(?:\s+(?:one|alarm))?\s+(?:at|for)\s+(?P<time>.+?)"
    r"(?:\s+(?:(?:just\s+)?in\s+case|too|as\s+well|as\s+a\s+back-?up|to\s+be\s+safe))?(?:\s+please)?[.!]*$",
    re.I,
)


def _another_alarm(
    arguments: Mapping[str, Any], said: str, now: datetime
) -> list[IntentMatch] | None:
    """A second alarm, on the day of the one just set and nearest its hour (6.20 after 6:00)."""
    try:
        old = datetime.fromisoformat(str(arguments.get("time", "")))
    except ValueError:
        return None
    new = amended_moment(_digits(said), old, now)
    if new is None or new == old:
        return None
    return [IntentMatch("alarm_set", {"time": new.isoformat()})]


def _shifted_alarm(arguments: Mapping[str, Any], m: re.Match[str]) -> list[IntentMatch] | None:
    """The alarm just set, moved by a length said with which way ("half an hour later")."""
    way = (m.group("way") or m.group("lead") or "").lower()
    length = _length(m.group("length")) if way else None
    if length is None:
        return None
    try:
        old = datetime.fromisoformat(str(arguments.get("time", "")))
        amount = timer_length(length)
    except (ValueError, TimeParseError):
        return None
    new = old + (amount if way in ("later", "back") else -amount)
    return _moved(old, new, str(arguments.get("label") or ""))


# "add five more minutes", "another two minutes", "give it 30 more seconds", "5 more minutes
# please": time added to the timer just started, no timer named.
_MORE = re.compile(
    r"^(?:(?:and|oh|actually|please|can\s+you)[,.]?\s+)*(?:(?:add|put\s+on|give\s+(?:it|me))\s+)?"
    r"(?:(?:an)?other\s+|an\s+extra\s+|extra\s+)?(?P<length>.+?\s+more\s+\w+|(?<=other\s).+?"
    r"|(?<=extra\s).+?)(?:\s+(?:please|on\s+it|to\s+it))?[.!]*$",
    re.I,
)


def _timer_edit(arguments: Mapping[str, Any], value: str) -> list[IntentMatch] | None:
    """The timer just started, for a new length: "make it fifteen" keeps the old unit."""
    old = str(arguments.get("duration") or "")
    new = _length(value)
    if new is None and _NUMBER.match(value) and old.split():
        new = _length(f"{value} {old.split()[-1]}")
    if new is None or new == old:
        return None
    label = str(arguments.get("label") or "")
    which = f"the newest {label} timer" if label else "the newest timer"  # the one just started
    return [
        IntentMatch("alarm_delete", {"alarm": which}),
        IntentMatch(
            "timer_set", {"duration": new} | ({"label": label} if label else {}), after_done=True
        ),
    ]
