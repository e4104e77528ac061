"""Broad home shapes: what the exact matchers in `intents` leave, read as words, not sentences.

A request is taken when it names a home device (a light, a plug, an appliance, a cover, the
cleaning robot) and carries a word that says what to do with it: "on", "off", "out", "dim",
"brighter", a colour, a level, "open", "down" ... anywhere in a short request. The order of
the cues decides: a colour or a level says more than "turn", a question about state ("is the
lamp on", "did i leave the fan on") asks rather than acts. Guards keep other senses of the
same words out: knowledge questions ("what is the speed of light"), the weather ("light
rain"), screens and apps ("light mode"), messages ("text mum the lights are on"), media.
"""

from __future__ import annotations

import re
from typing import Any

from assistant.api import CONDITION, NUMBER_WORDS, IntentMatch
from botpsy_homeassistant.colours import COLOURS

# -- vocabulary, as data ----------------------------------------------------------------------
LIGHT_NOUNS = (
    "light", "lights", "lamp", "lamps", "bulb", "bulbs", "lighting", "led", "leds", "brightness",
    "light level", "light levels", "hue", "hues",
)  # fmt: skip
APPLIANCES = (
    "plug", "plugs", "socket", "sockets", "outlet", "outlets", "switch", "fan", "fans", "heater",
    "heaters", "kettle", "iron", "dishwasher", "dryer", "tumble dryer", "washing machine",
    "washer", "tv", "television", "humidifier", "dehumidifier", "air purifier", "purifier",
    "radiator", "boiler", "christmas tree", "christmas lights", "fairy lights", "speaker",
    "air conditioner", "air conditioning", "ac", "aircon", "oven", "microwave", "toaster",
    "slow cooker", "fountain", "sprinkler", "sprinklers", "pump", "immersion", "towel rail",
    "electric blanket", "fridge", "freezer", "charger",
)  # fmt: skip
COVERS = (
    "blind", "blinds", "shade", "shades", "curtain", "curtains", "shutter", "shutters",
    "garage door", "garage", "awning", "gate", "drapes",
)  # fmt: skip
CLEANERS = (
    "vacuum", "vacuum cleaner", "hoover", "roomba", "robot", "robot vacuum", "cleaning robot",
    "robot cleaner", "cleaner", "mop",
)  # fmt: skip
COFFEE_MACHINES = ("coffee machine", "coffee maker", "espresso machine", "coffee pot")
DRINKS = (
    "coffee", "coffees", "espresso", "cappuccino", "latte", "americano", "macchiato",
    "flat white", "mocha", "cuppa joe", "cup of joe", "brew", "caffeine",
)  # fmt: skip
ROOMS = (
    "kitchen", "bedroom", "living room", "lounge", "hall", "hallway", "bathroom", "office",
    "study", "den", "porch", "garden", "patio", "attic", "basement", "nursery", "dining room",
    "landing", "stairs", "house", "flat", "apartment", "garage", "room", "loft", "cellar",
    "downstairs", "upstairs", "playroom", "guest room", "kids room", "toilet", "utility room",
)  # fmt: skip
MOODS: dict[str, dict[str, Any]] = {
    "romantic": {"colour": "warm white", "brightness": 20},
    "candlelight": {"colour": "warm white", "brightness": 15},
    "cosy": {"colour": "warm white", "brightness": 40},
    "cozy": {"colour": "warm white", "brightness": 40},
    "relaxing": {"colour": "warm white", "brightness": 40},
    "relax": {"colour": "warm white", "brightness": 40},
    "chill": {"colour": "warm white", "brightness": 40},
    "mood": {"colour": "warm white", "brightness": 30},
    "movie": {"colour": "warm white", "brightness": 10},
    "cinema": {"colour": "warm white", "brightness": 10},
    "night": {"colour": "warm white", "brightness": 10},
    "party": {"colour": "magenta", "brightness": 100},
    "disco": {"colour": "magenta", "brightness": 100},
    "reading": {"colour": "cool white", "brightness": 100},
    "focus": {"colour": "cool white", "brightness": 100},
    "work": {"colour": "cool white", "brightness": 100},
}


def _alt(words: tuple[str, ...] | list[str]) -> str:
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)
    )


_LIGHT = rf"(?:{_alt(LIGHT_NOUNS)})"
_APPLIANCE = rf"(?:{_alt(APPLIANCES)})"
_COVER = rf"(?:{_alt(COVERS)})"
_CLEANER = rf"(?:{_alt(CLEANERS)})"
_ROOM = rf"(?:{_alt(ROOMS)})"
_COLOUR = rf"(?:(?:light|dark|pale|bright|deep|warm|cool)\s+)?(?:{_alt(list(COLOURS))})"
_SPOKEN = _alt(list(NUMBER_WORDS))

# Words before a device that belong to its name ("the bedside lamp"), never verbs or fillers.
_NOT_NAME = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "all",
        "every",
        "some",
        "any",
        "of",
        "in",
        "on",
        "off",
        "to",
        "for",
        "with",
        "and",
        "or",
        "is",
        "are",
        "was",
        "were",
        "turn",
        "switch",
        "put",
        "get",
        "set",
        "make",
        "shut",
        "power",
        "cut",
        "kill",
        "dim",
        "brighten",
        "lower",
        "raise",
        "please",
        "now",
        "it",
        "them",
        "this",
        "that",
        "these",
        "those",
        "up",
        "down",
        "out",
        "more",
        "less",
        "too",
        "very",
        "so",
        "i",
        "you",
        "me",
        "we",
        "can",
        "could",
        "would",
        "want",
        "need",
        "like",
        "have",
        "leave",
        "left",
        "still",
        "be",
        "been",
        "being",
        "not",
        "no",
        "just",
        "also",
        "again",
        "back",
        "warm",
        "warmer",
        "cool",
        "cooler",
        "cold",
        "colder",
        "different",
        "other",
        "new",
        "another",
        "random",
        "nice",
    ]
)

# Another sense of a home word, or another domain: any of these and the request is not ours.
_GUARD = re.compile(
    r"\b(?:speed|year|years|rain|snow|shower|showers|breeze|wind|weather|forecast|traffic|"
    r"(?:dark|light|airplane|aeroplane|flight|silent|sleep)\s+mode|theme|screen|phone|laptop|computer|pc|monitor|app|apps|browser|website|font|text|"
    r"texts|message|messages|e-?mails?|mail|call|calls|remind\w*|reminder|alarms?|timers?|"
    r"calendar|meeting|list|lists|music|song|songs|playlist|radio|podcasts?|audiobook|volume|"
    r"news|candle|candles|lighthouse|lighter|lightning|lightweight|beer|lunch|dinner|meal|"
    r"recipe|snack|calories|diet|invent\w*|history|definition|mean|meaning|joke|story|game|"
    r"match|buy|order|shop|store|price|cost|cheap|best|review|reviews|near|nearby|café|cafe|"
    r"starbucks|costa|delivery|deliver|pick\s+up|book|ticket|flight|train|bus|taxi|uber|"
    r"show\s+me|find|search|look\s+(?:for|up)|recommend\w*|compare|amazon|ebay|online|sale)\b",
    re.I,
)
# Questions of knowledge or advice: "how do i", "what is", "why does" ... never a command.
_KNOWLEDGE = re.compile(
    r"^(?:what|what's|whats|who|whom|why|when|where|which|how|tell\s+me|explain|define|"
    r"should|would|do\s+you|does|can\s+you\s+tell|remind)\b",
    re.I,
)
_STATE_ASK = re.compile(
    r"^(?:is|are|was|were|did\s+(?:i|we|you|someone|somebody)\s+(?:leave|turn|switch|forget)|"
    r"have\s+(?:i|we)\s+(?:left|turned|switched)|check\s+(?:if|whether)|tell\s+me\s+(?:if|whether)|"
    r"can\s+you\s+check\s+(?:if|whether)|do\s+(?:i|we)\s+have)\b",
    re.I,
)

# A time or a repeat said: a schedule, which no home tool here keeps ("start the vacuum at six").
_CLOCK = r"(?:\d{1,2}(?::\d\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)"
LATER = re.compile(
    rf"\b(?:at|from|until|till|after|before)\s+{_CLOCK}\b(?!\s*(?:%|percent|per\s*cent|degrees?|°|brightness))"
    r"|\bin\s+(?:an?|one|two|three|five|ten|fifteen|twenty|thirty|half\s+an|\d+)\s+(?:hours?|minutes?)\b"
    r"|\bevery\s+(?:day|morning|night|evening|afternoon|week|hour|other|weekday|\d+|\w+day)\b"
    r"|\b(?:tomorrow|tonight|daily|weekly|o'?clock|[ap]\.?\s?m\b|half\s+past|"
    r"for\s+(?:an?|one|two|three|\d+|half\s+an?)\s+(?:hour|minute)s?|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.I,
)
# A sentence that starts with someone doing something tells rather than asks, unless a
# command follows: "i left the fan on" (told), "i need the lamp on" (asked).
_TELLING = re.compile(
    r"^(?:i|we|he|she|they|you|my\s+\w+|someone|somebody)\s+"
    r"(?!(?:want|need|would|'d|could\s+use|wanna|'d\s+like)\b)\w+",
    re.I,
)
# A verb that makes a sentence with "is" a request: "it is dark in here turn the lamp up".
_VERB = re.compile(
    r"\b(?:turn|switch|increase|decrease|dim|brighten|raise|lower|put|set|make|change|start|"
    r"stop|kill|cut|open|close|shut|activate|deactivate|reduce|boost)\b|\b(?:too|so|very)\s+(?:bright|dim|dark)\b",
    re.I,
)

# -- cues: what to do -------------------------------------------------------------------------
_OFF = re.compile(
    r"\b(?:off|out|kill|cut|deactivate|disable|unplug|shut\s+down|power\s+down|no\s+more|"
    r"don'?t\s+need)\b",
    re.I,
)
_ON = re.compile(
    r"\b(?:on|activate|enable|power\s+up|power\s+on|start|illuminate|light\s+up|need\s+(?:some\s+)?"
    r"light|want\s+(?:some\s+)?light|boot\s+up|fire\s+up)\b",
    re.I,
)
_DIM = re.compile(
    r"\b(?:dim|dimmer|dimmed|down|lower|lowered|reduce|decrease|less|softer|soften|tone\s+down|"
    r"too\s+bright|too\s+much\s+light|darken|darker|low)\b",
    re.I,
)
_BRIGHT = re.compile(
    r"\b(?:brighten|brighter|bright|up|raise|increase|more|stronger|boost|bump|too\s+dim|"
    r"too\s+dark|can'?t\s+see|lighter|full|max(?:imum)?|high)\b",
    re.I,
)
_OPEN = re.compile(r"\b(?:open|up|raise|lift|let\s+(?:some\s+)?light\s+in)\b", re.I)
_CLOSE = re.compile(r"\b(?:close|shut|down|lower|draw|pull\s+down)\b", re.I)
_LEVEL = re.compile(
    rf"\b(?P<number>\d{{1,3}}|(?:{_SPOKEN})(?:[ -](?:{_SPOKEN}))?)\s*(?:%|percent|per\s*cent)"
    r"|\b(?P<word>full|half|max(?:imum)?|minimum|lowest|highest)\s*(?:brightness|power|way)?\b"
    r"|\bbrightness\s+(?:to\s+|at\s+)?(?P<number2>\d{1,3}|(?:"
    + _SPOKEN
    + r")(?:[ -](?:"
    + _SPOKEN
    + r"))?)\b",
    re.I,
)
_WORD_LEVELS = {"full": 100, "max": 100, "maximum": 100, "highest": 100, "half": 50,
                "minimum": 1, "lowest": 1}  # fmt: skip
_DEGREES = re.compile(
    rf"\b(?P<number>\d{{2}}(?:\.\d)?|(?:{_SPOKEN})(?:[ -](?:{_SPOKEN}))?)"
    r"(?:\s*(?:degrees?|°)(?:\s+(?:celsius|fahrenheit|c|f))?)?\s*(?:in\s+.*)?$",
    re.I,
)
_CLIMATE = re.compile(r"\b(?:thermostat|heating|heat|temperature|ac|air\s+conditioning)\b", re.I)


def _number(said: str) -> float:
    if re.fullmatch(r"\d+(?:\.\d+)?", said):
        return float(said)
    return float(sum(NUMBER_WORDS[w] for w in re.split(r"[ -]", said.casefold())))


def _device(text: str, noun: str) -> str:
    """The device as said: up to three name words before the noun ("bedside lamp"), and a room
    after it ("lights in the hall")."""
    m = re.search(
        rf"(?P<before>(?:[\w'-]+\s+){{0,3}})(?P<noun>{noun})\b"
        rf"(?P<room>\s+(?:in|of|on)\s+(?:the\s+|my\s+|our\s+)?{_ROOM}\b)?",
        text,
        re.I,
    )
    if not m:
        return ""
    before = m.group("before").split()
    kept: list[str] = []
    for word in reversed(before):
        if word.lower() in _NOT_NAME or _OFF.fullmatch(word) or _DIM.fullmatch(word):
            break
        if _BRIGHT.fullmatch(word) or re.fullmatch(_COLOUR, word, re.I):
            break
        kept.insert(0, word)
    device = " ".join([*kept, m.group("noun")])
    room = m.group("room")
    if room:
        device = f"{device} {room.strip()}"
    elif not kept:
        before_room = re.search(
            rf"\b(?:in|of)\s+(?:the\s+|my\s+|our\s+)?(?P<room>{_ROOM})\b", text, re.I
        )
        if before_room:
            device = f"{device} in the {before_room.group('room')}"
        elif floor := re.search(r"\b(?:upstairs|downstairs|outside|outdoors)\b", text, re.I):
            device = f"{device} {floor.group(0)}"  # "lights out downstairs": not every light
    return " ".join(device.split())


_CLIMATE_SAID = re.compile(
    rf"^(?:(?:set|turn|put|change|make|bring|keep|i\s+want|i'?d\s+like|i\s+need)\s+)?"
    rf"(?P<subject>it|the\s+(?:\w+\s+)?(?:thermostat|heating|heat|temperature|ac|air\s+conditioning|room)"
    rf"|(?:\w+\s+)?(?:thermostat|heating|heat|temperature|ac))"
    rf"(?:\s+(?:up|down))?\s+(?:to|at|on)?\s*(?P<number>\d{{2}}(?:\.\d)?|(?:{_SPOKEN})(?:[ -](?:{_SPOKEN}))?)"
    r"(?:\s*(?:degrees?|°)(?:\s+(?:celsius|fahrenheit|c|f))?)?"
    rf"(?:\s+(?:in|for)\s+(?:the\s+|my\s+)?(?P<room>{_ROOM}))?$",
    re.I,
)


def _climate(text: str) -> IntentMatch | None:
    """ "heating to twenty one", "thermostat nineteen", "i want it at 21 degrees in the study"."""
    m = _CLIMATE_SAID.match(text)
    if not m:
        return None
    bare = text.startswith(("it ", "make it", "set it", "keep it")) and "degree" not in text
    if bare and not re.search(r"\b(?:thermostat|heating|heat|temperature|ac)\b", text):
        return None  # "make it twenty": twenty what
    value = _number(m.group("number"))
    if not (10 <= value <= 32 or 50 <= value <= 90):
        return None
    device = _find(r"(?:thermostat|heating|ac|air\s+conditioning)", text) or "thermostat"
    room = re.search(rf"\b(?:{_ROOM})\b", m.group("subject"), re.I)
    if m.group("room"):
        device = f"{device} in the {m.group('room')}"
    elif room and device == "thermostat" and room.group(0).lower() != "room":
        device = room.group(0)  # "make the living room twenty two", "bedroom temperature to 18"
    return IntentMatch(
        "home_climate_set",
        {"device": device, "temperature": int(value) if value == int(value) else value},
    )


def _find(pattern: str, text: str) -> str | None:
    """The last of the nouns said: in "the kettle plug" the plug is the device."""
    found = re.findall(rf"\b{pattern}\b", text, re.I)
    return found[-1] if found else None


def broad_home(text: str) -> IntentMatch | None:
    """A home device and what to do with it, in any order, in a short request."""
    text = " ".join(text.casefold().strip(" ?!.").split())
    text = re.sub(r"\b(?:please|for me|right now|now|thanks|thank you)\b", " ", text)
    text = re.sub(r"\b(?:down|up|in|out|over)\s+here\b", "here", text)  # a place, not a way
    text = re.sub(r"\b(?:less|not\s+(?:so|as|that))\s+bright\b", "dimmer", text)
    text = re.sub(r"\bmore\s+bright\b", "brighter", text)
    text = " ".join(text.split())
    if not text or len(text.split()) > 14 or _GUARD.search(text) or _KNOWLEDGE.match(text):
        return None
    if re.search(r"\b(?:(?:did|have|were|are|do)\s+you|why|how\s+come)\b", text):
        return None  # "why did you turn off the lamp" asks about the assistant
    if CONDITION.search(text):
        return (
            None  # "if the baby wakes, turn off the hall light": not now; "apart from ...": not all
        )
    if LATER.search(text) or (_TELLING.match(text) and not _VERB.search(text)):
        return None  # "at six" is a schedule; "i left the lamp on at work" tells
    climate = _climate(text)
    if climate is not None:
        return climate
    room = re.match(
        rf"^(?:light\s+up|illuminate|brighten\s+up|brighten)\s+(?:the\s+|my\s+|our\s+)?(?P<room>{_ROOM})$",
        text,
    )
    if room:
        change = text.startswith("brighten")
        device = room.group("room")
        return (
            IntentMatch("home_light_set", {"device": device, "change": 30})
            if change
            else (IntentMatch("home_turn_on", {"device": device}))
        )
    painted = re.match(
        r"^(?:make|turn|paint|set|change|colou?r|i\s+want|i'?d\s+like|let'?s\s+have|give\s+me)\s+"
        rf"(?:it|everything|the\s+room|(?:the\s+)?(?P<room>{_ROOM}))\s+"
        rf"(?:to\s+|in\s+)?(?P<colour>{_COLOUR})(?:\s+in\s+(?:the\s+|my\s+)?(?P<room2>{_ROOM}))?$",
        text,
    )
    if painted:
        where = painted.group("room") or painted.group("room2")
        device = f"lights in the {where}" if where else "lights"
        return IntentMatch("home_light_set", {"device": device, "colour": painted.group("colour")})
    hue = re.match(
        r"^(?:change|alter|modify|adjust|switch|set|make)\s+(?:the\s+|a\s+)?colou?rs?\s+"
        rf"(?:(?:of|in)\s+(?:the\s+|my\s+)?(?P<room>{_ROOM})\s*)?(?:to\s+(?:an?\s+)?(?P<colour>{_COLOUR}))?$",
        text,
    )
    if hue and (hue.group("room") or hue.group("colour")):
        device = f"lights in the {hue.group('room')}" if hue.group("room") else "lights"
        if hue.group("colour"):
            return IntentMatch("home_light_set", {"device": device, "colour": hue.group("colour")})
        return IntentMatch(
            "home_light_set",
            {"device": device},
            missing={"colour": "Which colour? (e.g. blue, warm white)"},
        )
    mood = re.search(
        rf"\b(?P<mood>{_alt(list(MOODS))})\s+(?:mood|mode|lighting|lights?|scene|setting|ambien[ct]e)\b"
        rf"|\b(?:mood|mode|lighting|lights?|scene|setting)\s+(?:for|to)\s+(?P<mood2>{_alt(list(MOODS))})\b",
        text,
    )
    if mood and not re.search(r"\b(?:music|play)\b", text):
        name = mood.group("mood") or mood.group("mood2")
        return IntentMatch(
            "home_light_set", {"device": _device(text, _LIGHT) or "lights", **MOODS[name]}
        )
    if re.search(r"\b(?:don'?t|do\s+not|never|not)\s+(?:turn|switch|open|close|start)\b", text):
        return None
    light = _find(_LIGHT, text)
    appliance = _find(_APPLIANCE, text)
    cover = _find(_COVER, text)
    cleaner = _find(_CLEANER, text) or _find(r"(?:vacuum\w*|hoover\w*)", text)
    if _STATE_ASK.match(text):
        noun = light or appliance or cover or cleaner
        if noun and re.search(r"\b(?:on|off|open|closed|shut|running|locked|still)\b", text):
            return IntentMatch("home_status", {"device": _device(text, re.escape(noun))})
        return None
    if re.search(r"\b(?:is|are|was|were)\b", text) and not _VERB.search(text):
        return None  # "the lights are on in the office" tells, it does not ask
    if cover and (not light or re.search(r"\blet\s+(?:some\s+|the\s+)?(?:day)?light\s+in\b", text)):
        return _cover(text, cover)
    if light:
        return _light(text, light)
    if appliance:
        return _switch(text, appliance)
    if cleaner and re.search(r"\b(?:start|run|on|go|activate|clean|vacuum|hoover)\b", text):
        return IntentMatch("home_turn_on", {"device": "vacuum"})
    return None


def _cover(text: str, noun: str) -> IntentMatch | None:
    device = _device(text, re.escape(noun))
    opening, closing = _OPEN.search(text), _CLOSE.search(text)
    if opening and not closing:
        return IntentMatch("home_open", {"device": device})
    if closing and not opening:
        return IntentMatch("home_close", {"device": device})
    if opening and closing:  # "let some light in open the curtains": the verb said last wins
        last = max((opening, closing), key=lambda m: m.start())
        return IntentMatch("home_open" if last is opening else "home_close", {"device": device})
    return None


def _light(text: str, noun: str) -> IntentMatch | None:
    device = _device(text, _LIGHT)
    if re.match(r"^(?:brightness|light\s+levels?)\b", device):
        device = re.sub(r"^(?:brightness|light\s+levels?)", "lights", device)
    if (
        _OFF.search(text)
        and re.search(r"\b(?:turn|switch|shut|put)\b", text)
        and not _ON.search(text)
    ):
        return IntentMatch("home_turn_off", {"device": device})
    if re.search(r"\b(?:too|so|very)\s+(?:bright|strong|harsh|glaring)\b", text):
        return IntentMatch("home_light_set", {"device": device, "change": -30})
    if re.search(r"\b(?:too|so|very)\s+(?:dim|dark|low|weak)\b", text):
        return IntentMatch("home_light_set", {"device": device, "change": 30})
    if re.fullmatch(r"(?:the\s+)?light", device) and not re.search(
        r"\b(?:turn|switch|put|dim|brighten|lights?\s+(?:on|off|out|up|down))\b|^light", text
    ):
        device = "lights"
    for mood, setting in MOODS.items():
        if re.search(rf"\b{mood}\b", text):
            return IntentMatch("home_light_set", {"device": device, **setting})
    colours = [
        c
        for c in re.finditer(
            rf"\b(?P<colour>{_COLOUR})\b(?!\s+(?:lights?|lamps?)\s+(?:on|off))", text
        )
        if not re.fullmatch(r"light", c.group("colour"))
    ]
    if colours:  # "from white to yellow": the one said last is the one wanted
        return IntentMatch(
            "home_light_set", {"device": device, "colour": colours[-1].group("colour")}
        )
    warmth = re.search(
        r"\b(?P<warm>warm|warmer|cosy|cozy)\b|\b(?P<cool>cool|cooler|colder|cold)\b", text
    )
    if warmth:
        shade = "warm white" if warmth.group("warm") else "cool white"
        return IntentMatch("home_light_set", {"device": device, "colour": shade})
    if (
        (
            re.search(r"\b(?:colou?rs?|hue|shade)\b", text)
            and re.search(
                r"\b(?:change|alter|modify|adjust|vary|different|another|new|random|switch|other)\b",
                text,
            )
        )
        or re.fullmatch(
            rf"(?:change|alter|switch\s+up)\s+(?:the\s+|my\s+)?{_LIGHT}(?:\s+settings?)?", text
        )
        or (re.fullmatch(rf"(?:some\s+)?(?:different|other|new)\s+{_LIGHT}", text))
    ):
        return IntentMatch(
            "home_light_set",
            {"device": device},
            missing={"colour": "Which colour? (e.g. blue, warm white)"},
        )
    level = _LEVEL.search(text)
    if level:
        said = level.group("number") or level.group("number2")
        value = (
            _WORD_LEVELS[level.group("word").casefold()]
            if level.group("word")
            else _number(said or "0")
        )
        if 0 <= value <= 100:
            return IntentMatch("home_light_set", {"device": device, "brightness": int(value)})
    off, on = _OFF.search(text), _ON.search(text)
    if re.search(r"\b(?:kill|cut)\s+(?:the\s+)?power\b", text):
        on = None
    # "open the lights", "close the lamp": said so in several languages
    off = off or re.match(r"^(?:close|shut)\b", text)
    on = on or re.match(r"^open\b", text)
    dim, bright = _DIM.search(text), _BRIGHT.search(text)
    if off and not on:
        return IntentMatch("home_turn_off", {"device": device})
    if dim and not bright and not (on and not re.search(r"\b(?:dim|dimmer|less|lower)\b", text)):
        return IntentMatch("home_light_set", {"device": device, "change": -30})
    if bright and not dim and not on:
        return IntentMatch("home_light_set", {"device": device, "change": 30})
    if on and not off:
        return IntentMatch("home_turn_on", {"device": device})
    return None


def _switch(text: str, noun: str) -> IntentMatch | None:
    device = _device(text, re.escape(noun))
    if _CLIMATE.search(text) and _DEGREES.search(text):
        return None
    off = _OFF.search(text) or re.search(r"\b(?:stop|turn\s+down)\b", text)
    on = _ON.search(text) or re.search(r"\b(?:run|turn\s+up|get\s+\w+\s+going)\b", text)
    if re.search(r"\b(?:kill|cut)\s+(?:the\s+)?power\b", text):
        on = None
    if off and not on:
        return IntentMatch("home_turn_off", {"device": device})
    if on and not off:
        return IntentMatch("home_turn_on", {"device": device})
    return None


# -- the coffee machine and the cleaning robot, said as what they make or do ------------------
_DRINK = rf"(?:{_alt(DRINKS)})"
_COFFEE = re.compile(
    r"^(?:(?:make|brew|prepare|fix|pour|get|start|do|give)\s+(?:me\s+|us\s+)?|"
    r"i\s+(?:want|need|would\s+(?:like|love)|could\s+(?:use|do\s+with)|fancy)\s+|"
    r"i'?d\s+(?:like|love)\s+|can\s+i\s+(?:have|get)\s+|(?:let'?s|lets)\s+have\s+|one\s+|"
    r"time\s+for\s+)?"
    r"(?:(?:a|an|some|my|the|one|another|fresh|hot|strong|black|quick|cup\s+of|pot\s+of|"
    r"double|single|large|small|morning|nice|white|two|three|four)\s+)*"
    rf"{_DRINK}(?:\s+(?:time|now|black|for\s+(?:me|us|two)|(?:with|and|no)\s+(?:\w+\s+){{0,2}}?"
    r"(?:milk|sugars?|cream|foam|oat\s+milk|soy\s+milk)))*$",
    re.I,
)
_CLEAN = re.compile(
    r"^(?:(?:start|begin|run|do|get|time\s+(?:to|for)|go|can\s+you|let'?s)\s+)?(?:the\s+|some\s+)?"
    r"(?:clean(?:ing)?|vacuum(?:ing)?|hoover(?:ing)?|tidy(?:ing)?\s+up|clean\s+up)"
    r"(?:\s+(?:up\s+)?(?:the\s+|my\s+|our\s+)?(?:[\w'-]+\s+)?"
    r"(?:house|flat|apartment|home|floors?|carpets?|rugs?|rooms?|kitchen|living\s+room|bedroom|"
    r"hall(?:way)?|bathroom|stairs|office|lounge|place|downstairs|upstairs))?"
    r"(?:\s+(?:again|today|please))?$",
    re.I,
)
_ROBOT_GO = re.compile(
    rf"\b(?:start|run|get|send|turn\s+on|switch\s+on|activate|launch|go)\s+(?:the\s+|my\s+)?{_CLEANER}"
    rf"|\b{_CLEANER}\s+(?:on|go|start)\b|\b(?:get|have|let|send)\s+(?:the\s+|my\s+)?{_CLEANER}\s+"
    r"(?:to\s+)?(?:clean|vacuum|hoover|work|going|start)",
    re.I,
)


def broad_coffee(text: str) -> IntentMatch | None:
    """ "make me a latte", "coffee please", "i could use an espresso": the coffee machine."""
    text = " ".join(text.casefold().strip(" ?!.").split())
    text = re.sub(r"\s+(?:please|for me|now|thanks)$", "", text)
    if _GUARD.search(text) or not _COFFEE.match(text):
        return None
    return IntentMatch("home_turn_on", {"device": "coffee machine"})


def broad_clean(text: str) -> IntentMatch | None:
    """ "time to vacuum", "start the roomba", "tidy the flat": the cleaning robot."""
    text = " ".join(text.casefold().strip(" ?!.").split())
    text = re.sub(r"\s+(?:please|for me|now|thanks)$", "", text)
    if _GUARD.search(text) or _KNOWLEDGE.match(text) or LATER.search(text):
        return None
    if re.search(r"\b(?:inbox|desktop|disk|cache|files?|folder|downloads|history)\b", text):
        return None
    if _CLEAN.match(text) or _ROBOT_GO.search(text):
        return IntentMatch("home_turn_on", {"device": "vacuum"})
    return None


# -- a home's players: the TV or a room's speaker, its sound and its playback --------------------


def _vocabulary(words: str) -> frozenset[str]:
    """A set of words written as one string, as word lists read best."""
    return frozenset(words.split())


# With a home set up, a sound or player request that names a room or a home player is not this
# computer's (botpsy_device leaves it): "turn the volume up in the kitchen", "pause the tv",
# "skip this song on the living room speaker". Playing something by name there stays the
# model's: `home_media_control` cannot choose what to play, and mute is not one of its actions.
PLAYERS = (
    "tv", "television", "telly", "sonos", "soundbar", "sound bar", "speaker", "speakers",
    "stereo", "chromecast", "homepod", "home pod", "smart speaker", "hifi", "hi fi",
)  # fmt: skip
_PLAYER = rf"(?:{_alt(PLAYERS)})"
_WHERE = re.compile(
    rf"(?:\s+|^)(?:(?:in|on|through|from|for)\s+)?(?:the\s+|my\s+|our\s+)?"
    rf"(?P<where>(?:{_ROOM})\s+(?:{_PLAYER}|radio)|{_PLAYER})\b"
    rf"|\s+(?:in|on|through)\s+(?:the\s+|my\s+|our\s+)?(?P<room>{_ROOM})\b",
    re.I,
)
# Every other word must be one of these: what a sound or playback request says, and fillers.
_PLAYER_WORDS = _vocabulary(
    "the a my our it its this that please now can could you would will just bit little tad "
    "notch some more much way and too so very is are a lot of music sound audio volume song "
    "track tune tunes songs playback show film movie video episode station turn put make "
    "set bring crank pump knock dial get up down louder quieter softer higher lower "
    "increase raise boost decrease reduce pause hold stop resume unpause continue play skip "
    "next previous back go to at percent level loud quiet low high one"
)
_PLAYER_LEVEL = re.compile(
    rf"\b(?:volume|sound)(?:\s+level)?\s+(?:up\s+|down\s+)?(?:to|at)\s+(?P<n>\d{{1,3}}|{_SPOKEN}(?:\s+{_SPOKEN})?)"
    r"(?P<pc>\s*(?:%|percent))?$",
    re.I,
)


def broad_player(text: str) -> IntentMatch | None:
    """ "turn the volume up in the kitchen", "pause the tv", "next song on the sonos"."""
    text = " ".join(text.casefold().strip(" ?!.").split())
    m = _WHERE.search(text)
    if m is None or LATER.search(text) or _KNOWLEDGE.match(text):
        return None
    where = m["where"] or m["room"]
    rest = " ".join((text[: m.start()] + " " + text[m.end() :]).split())
    said = re.findall(r"[a-z0-9%]+", rest.replace("'", ""))
    level = _PLAYER_LEVEL.search(rest)
    if level is None and (not said or not all(w in _PLAYER_WORDS for w in said)):
        return None  # "buy a new tv", "the tv is broken": not a request to the player
    if m["room"] and not re.search(r"\b(?:volume|sound|music|song|track|playback)\b", rest):
        return None  # a room alone names a player only with what it plays
    words = set(said)
    if level is not None:
        if not all(w in _PLAYER_WORDS or w in NUMBER_WORDS for w in said):
            return None
        value = int(_number(level["n"]))
        if value <= 10 and not level["pc"]:
            value *= 10  # the ten steps of a speaker's or a TV's scale
        if not 0 <= value <= 100:
            return None
        return IntentMatch(
            "home_media_control", {"action": "volume", "device": where, "volume": value}
        )
    up = words & {"louder", "higher", "increase", "raise", "boost"} or (
        "up" in words and "down" not in words
    )
    down = words & {"quieter", "softer", "lower", "decrease", "reduce"} or (
        "down" in words and "up" not in words
    )
    if up and not down:
        action = "volume_up"
    elif down and not up:
        action = "volume_down"
    elif words & {"pause", "hold"}:
        action = "pause"
    elif "stop" in words:
        action = "stop"
    elif words & {"next", "skip"}:
        action = "next"
    elif words & {"previous", "back"}:
        action = "previous"
    elif words & {"resume", "unpause", "continue", "play"} and words <= _RESUMING:
        action = "play"
    else:
        return None
    return IntentMatch("home_media_control", {"action": action, "device": where})


# "resume the tv", "play the kitchen speaker again": nothing named to play.
_RESUMING = _vocabulary(
    "the a my our it this that please now can could you resume unpause continue play "
    "playing again music playback show film movie video episode"
)
