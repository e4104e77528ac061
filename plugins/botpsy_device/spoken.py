"""Spoken requests as the device matchers read them: fillers off, numbers said as words read.

Speech arrives lower case, without punctuation and with the habits of talking to
an assistant ("hey", "can you", "i want you to", "for me", "please"). The
matchers see the request without them. Numbers come as words ("forty five",
"eighty eight point one fm", "a hundred"); `spoken_number` reads them and
`spoken_frequencies` writes a station's frequency in digits so it matches a
station name like "Harbour 88.1 FM".
"""

from __future__ import annotations

import re

from assistant.api import plain_request, without_name

# Left after assistant.api.plain_request: words that only soften a device command.
_LEADING = re.compile(r"^(?:(?:right|just|now)\b,?\s*)", re.I)
_TRAILING = re.compile(r"(?:,?\s+(?:now|right\s+now|for\s+me|for\s+us|ok|okay))$", re.I)
# The commands a name the user calls the assistant by may come before: "jo, play some jazz".
_COMMANDS = (
    r"(?:play|pause|resume|skip|turn|tune|mute|unmute|be|shut|hush|stop|what|what's|whats|who|"
    r"who's|next|increase|decrease|lower|raise|set|shuffle|repeat|volume\s+(?:up|down|to)|quiet|silence|"
    r"louder|quieter|softer|stream|listen|resume|continue|queue|"
    r"i(?:\s+(?:really\s+)?(?:want|would\s+(?:like|love)|d\s+(?:like|love)|like|love|need)|'d\s+(?:like|love))"
    r"\s+to\s+(?:hear|listen)|i\s+wanna\s+(?:hear|listen))"
)
# Words of these requests and things with a sound of their own ("tv volume up" is not said
# to a "tv"): never a name, beside assistant.api.without_name's own list.
_NOT_NAMES = frozenset(
    [
        "music",
        "song",
        "sound",
        "radio",
        "disable",
        "enable",
        "activate",
        "deactivate",
        "off",
        "on",
        "volume",
        "speaker",
        "speakers",
        "audio",
        "end",
        "mode",
        "press",
        "hit",
        "click",
        "tap",
        "guess",
        "asking",
        "shall",
        "somebody",
        "someone",
        "everyone",
        "nobody",
        "kid",
        "kids",
        "children",
        "max",
        "full",
        "half",
        "auto",
        "re",
        "un",
        "tv",
        "television",
        "telly",
        "phone",
        "mobile",
        "car",
        "alarm",
        "timer",
        "ringer",
        "doorbell",
        "kitchen",
        "bedroom",
        "bathroom",
        "living",
        "lounge",
        "office",
        "garage",
        "garden",
        "hall",
        "upstairs",
        "downstairs",
        "house",
        "home",
        "room",
        "lights",
        "light",
        "lamp",
        "fan",
        "heating",
        "heater",
        "oven",
        "kettle",
        "baby",
        "dog",
        # the commands themselves: "mute next hour" is not "next hour" said to someone called mute
        "mute",
        "unmute",
        "silence",
        "quiet",
        "pause",
        "stop",
        "play",
        "skip",
        "resume",
        "shuffle",
        "repeat",
        "loop",
        "next",
        "previous",
        "louder",
        "quieter",
        "turn",
        "put",
        "start",
        "open",
        "read",
        "listen",
        "stream",
        "queue",
        "continue",
        # words that say how much ("too quiet", "very quiet"), never a name
        "too",
        "so",
        "very",
        "really",
        "way",
        "much",
        "dead",
        "pretty",
        "quite",
        "rather",
        "bit",
        "little",
        "more",
        "less",
        "extra",
        "super",
        "all",
        "total",
        "complete",
        "nice",
        "not",
    ]
)

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000}
# A frequency or channel is a number said before "point", "fm", "am", "mhz" or after "channel".
_BEFORE_DIAL = re.compile(r"^(?:point|fm|am|mhz|khz|megahertz|kilohertz)$", re.I)
_AFTER_DIAL = re.compile(r"^(?:channel|station|frequency|number|fm|am)$", re.I)


# "would you mind turning it down": the request is the verb after it, said plainly.
_MIND = re.compile(
    r"^(?:(?:would|do|will)\s+you\s+)?mind\s+(?P<verb>[a-z]+?)(?P<double>[bdgmnprt])?ing\b", re.I
)
# Verbs of these requests whose plain form ends in "e" ("muting" → "mute").
_WITH_E = frozenset(
    [
        "mute",
        "pause",
        "raise",
        "increase",
        "decrease",
        "reduce",
        "make",
        "shuffle",
        "change",
        "continue",
        "resume",
        "silence",
        "tone",
        "give",
        "take",
        "move",
        "queue",
        "close",
        "use",
    ]
)


def _plain_verb(m: re.Match[str]) -> str:
    verb, double = m["verb"].lower(), (m["double"] or "").lower()
    if double and verb.endswith(double):
        return verb  # "putting" → "put", "skipping" → "skip"
    verb += double
    return verb + "e" if verb + "e" in _WITH_E else verb


# Words as they are often written down from speech: "turn of the sound", "volume too forty".
_AS_HEARD = (
    (re.compile(r"\b(turn|switch|shut|power|turned|switched)\s+of\b", re.I), r"\1 off"),
    (
        re.compile(r"\b(volume|sound|music|it|speakers?|audio|radio|player)\s+of$", re.I),
        r"\1 off",
    ),
    (re.compile(r"\bfourty\b", re.I), "forty"),
    (
        re.compile(
            r"\btoo\s+(?=(?:\d|max|maximum|min|minimum|full|half|zero|one|two|three|four|five|six|"
            r"seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|level)\b)",
            re.I,
        ),
        "to ",
    ),
)


# "pause the song please jo": a name said after the closing "please" (kept when it is a word of
# these requests, "play it again please louder").
_NAME_AFTER_PLEASE = re.compile(r"\s+(?:please|thanks|thank\s+you)\s+(?P<name>[a-z]+)$", re.I)


def _closing_name(m: re.Match[str]) -> str:
    return m.group(0) if m["name"].lower() in _NOT_NAMES else ""


def as_meant(text: str) -> str:
    """ "turn of the music" -> "turn off the music": slips of writing speech down, put right."""
    for heard, meant in _AS_HEARD:
        text = heard.sub(meant, text)
    return text


def clean(text: str) -> str:
    """The request without punctuation at the end, fillers around it and doubled spaces."""
    text = as_meant(" ".join(text.replace(",", " ").split()).strip().rstrip("?!. "))
    text = _MIND.sub(_plain_verb, text)
    before = None
    while before != text:
        before = text
        text = plain_request(_LEADING.sub("", text, count=1).strip())
        text = without_name(text, _COMMANDS, _NOT_NAMES)
        text = _NAME_AFTER_PLEASE.sub(_closing_name, text)
        text = _TRAILING.sub("", text).strip().rstrip("?!. ")
    return text


# Speech is often written without apostrophes ("its too loud", "whats playing", "i cant hear
# it"); the sound shapes are written with them. Only words that are nothing else when said.
_CONTRACTIONS = {
    "its": "it's", "thats": "that's", "whats": "what's", "whos": "who's", "im": "i'm",
    "dont": "don't", "cant": "can't", "isnt": "isn't", "doesnt": "doesn't", "wont": "won't",
    "theres": "there's", "ive": "i've", "id": "i'd", "youre": "you're", "lets": "let's",
}  # fmt: skip
_BARE_CONTRACTION = re.compile(r"\b(?:" + "|".join(_CONTRACTIONS) + r")\b", re.I)


# Written short: "vol up", "mute for 2hrs".
_SHORT = re.compile(r"\bvol\b\.?", re.I)
_GLUED = re.compile(r"\b(\d+)(hrs?|hours?|mins?|minutes?|secs?|seconds?)\b", re.I)


def with_apostrophes(text: str) -> str:
    """ "its too loud" → "it's too loud", "vol up" → "volume up": words as the shapes spell them."""
    text = _GLUED.sub(r"\1 \2", _SHORT.sub("volume", text))
    return _BARE_CONTRACTION.sub(lambda m: _CONTRACTIONS[m.group(0).lower()], text)


def spoken_number(words: str) -> int | None:
    """ "forty five" → 45, "a hundred" → 100, "nine hundred and fifty one" → 951, "30" → 30."""
    parts = words.lower().replace("-", " ").split()
    if len(parts) == 1 and parts[0].isdigit():
        return int(parts[0])
    total = current = 0
    seen = False
    for i, word in enumerate(parts):
        if word in _SMALL:
            value = _SMALL[word]
            if current % (100 if value >= 10 else 10):
                return None  # "ten ten", "nineteen eighty": two numbers, not one
            current += value
        elif word in _SCALES:
            current = (current or 1) * _SCALES[word]
            if word == "thousand":
                total, current = total + current, 0
        elif (word in ("a", "an") and parts[i + 1 : i + 2] in (["hundred"], ["thousand"])) or (
            word == "and" and seen
        ):
            continue  # "a hundred", "two hundred and five"
        else:
            return None
        seen = True
    return total + current if seen else None


def _number_runs(words: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each run of number words, "and" kept only inside a run."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        if words[i] in _SMALL or words[i] in _SCALES:
            j = i + 1
            while j < len(words) and (
                words[j] in _SMALL
                or words[j] in _SCALES
                or (words[j] == "and" and j + 1 < len(words) and words[j + 1] in _SMALL)
            ):
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    return runs


_DIGIT_WORDS = {"oh": 0, "o": 0, **{w: n for w, n in _SMALL.items() if n < 10}}
_DIGIT = "(?:" + "|".join(sorted(_DIGIT_WORDS, key=len, reverse=True)) + ")"
# A frequency said digit by digit: "one oh one point three", "nine eight point one fm".
_DIGIT_BY_DIGIT = re.compile(
    rf"\b(?!(?:oh|o)\b)(?P<whole>{_DIGIT}(?:\s+{_DIGIT}){{1,2}})\s+point\s+(?P<part>{_DIGIT})\b"
    rf"|\b(?!(?:oh|o)\b)(?P<whole2>{_DIGIT}(?:\s+{_DIGIT}){{2}})(?=\s+(?:fm|am)\b)",
    re.I,
)


def _digits(said: str) -> str:
    return "".join(str(_DIGIT_WORDS[w]) for w in said.lower().split())


def _said_digit_by_digit(m: re.Match[str]) -> str:
    if m["whole2"]:
        return _digits(m["whole2"])
    return f"{_digits(m['whole'])}.{_digits(m['part'])}"


def spoken_frequencies(text: str) -> str:
    """A frequency or channel said in words as digits: "eighty eight point one fm" → "88.1 fm".

    Other numbers stay as said: a song may be called "seven nation army".
    """
    text = _DIGIT_BY_DIGIT.sub(_said_digit_by_digit, text)
    words = text.split()
    lower = [w.lower() for w in words]
    out: list[str] = []
    i = 0
    for start, end in _number_runs(lower):
        after = lower[end] if end < len(lower) else ""
        before = lower[start - 1] if start > 0 else ""
        if start < i:
            continue  # already read as the decimals of the number before
        value = spoken_number(" ".join(lower[start:end]))
        if value is None or not (_BEFORE_DIAL.match(after) or _AFTER_DIAL.match(before)):
            continue
        out.extend(words[i:start])
        number = str(value)
        i = end
        if after == "point":  # the digits after the point, said one by one
            decimals = []
            k = end + 1
            while k < len(lower) and lower[k] in _SMALL and _SMALL[lower[k]] < 10:
                decimals.append(str(_SMALL[lower[k]]))
                k += 1
            if decimals:
                number, i = f"{number}.{''.join(decimals)}", k
        out.append(number)
    out.extend(words[i:])
    return " ".join(out)
