"""Weather questions as people ask them, answered by `weather_forecast` with no model.

A request is about the weather when it names it (weather, forecast), asks whether
it will rain, snow or shine, asks about an umbrella, or asks how hot or cold it
is or will be. The day ("tomorrow", "on Saturday", "this weekend") and the place
("in Lisbon") are read from the words around them; what is not said is left out,
so the tool uses the user's own place and today.
"""

from __future__ import annotations

import re

from assistant.api import IntentMatch

_WD = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_DAY = (
    rf"(?:right )?now|today|tonight|yesterday|this (?:morning|afternoon|evening|weekend|week)"
    rf"|(?:the )?day after tomorrow|tomorrow(?: (?:morning|afternoon|evening|night))?"
    rf"|(?:over |on |for )?(?:the |this |next )?weekend|(?:this |next |on )?(?:{_WD})"
    rf"|(?:the )?(?:next|coming) (?:\d+|two|three|four|five|six|seven) days|next week"
    rf"|(?:on )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{{1,2}}(?:st|nd|rd|th)?"
)
_WHEN = re.compile(rf"\b(?:{_DAY})\b", re.I)
_NAMES = re.compile(r"\b(?:weather|forecast|humidity)\b", re.I)
# "temperature" is the weather's unless a thing's: the oven, the room, the thermostat.
_TEMPERATURE = re.compile(r"\btemperatures?\b", re.I)
_THINGS = re.compile(
    r"\b(?:thermostat|oven|room|house|fridge|freezer|water|pool|cpu|gpu|body|heating|kettle)\b",
    re.I,
)
# What to wear or bring is a question about the weather.
_CLOTHES = re.compile(
    r"\b(?:wear|need|bring|take|pack|put on)\b.*?\b(?:jackets?|coats?|gloves|scarf|shorts|"
    r"sweaters?|jumpers?|layers|sunscreen|sun ?cream|boots|hat|t-?shirts?|sandals|mittens)\b",
    re.I,
)
_WILL = re.compile(
    r"\b(?:will|is|does|did|are|going to|gonna|should|expect(?:ing|ed)?|any|chance of)\b.*?"
    r"\b(?P<what>rain(?:ing|y|ed)?|snow(?:ing|y|fall)?|drizzl(?:e|ing)|hail(?:ing)?|storm(?:ing|s|y)?|"
    r"thunder(?:storms?)?|sunny|sunshine|cloudy|overcast|foggy|fog|humid|windy|freez(?:e|ing))\b",
    re.I,
)
_FEELS = re.compile(
    r"\b(?:is|will|was|it's|its) (?:it )?(?:going to be |gonna be |be |getting )?(?:very |too |really )?"
    r"(?:(?:hot|cold|warm|chilly|freezing)(?: out| outside| today| tomorrow)?|nice out(?:side)?)\b",
    re.I,
)
_UMBRELLA = re.compile(r"\b(?:umbrella|raincoat|rain ?jacket)\b", re.I)
_HOW = re.compile(
    r"\b(?:how (?:hot|cold|warm|chilly|windy|humid|wet|sunny)|what(?:'s| is) the temperature"
    r"|temperature (?:outside|today|tomorrow|tonight)|how many degrees)\b",
    re.I,
)
# Requests that do something else with weather words: "add a meeting about the forecast".
_ACTION = re.compile(
    r"^(?:add|schedule|book|put|create|remind|email|send|delete|cancel|move|search|google|"
    r"play|set|turn|open|read|write|reply|forward)\b",
    re.I,
)
_REMINDER = re.compile(r"\b(?:remind|tell|ask|warn) me (?:to|that|if|when|about)\b", re.I)
_PLACE = re.compile(
    r"\b(?:in|at|for|near|around) (?P<place>(?:[^\W\d_][\w'.-]*)(?: [^\W\d_][\w'.-]*){0,3})$",
    re.I,
)
_NOT_PLACES = frozenset(
    [
        "the",
        "a",
        "my",
        "this",
        "that",
        "here",
        "there",
        "town",
        "it",
        "general",
        "degrees",
        "celsius",
        "fahrenheit",
        "morning",
        "afternoon",
        "evening",
        "night",
    ]
)


def topic_of(text: str) -> str:
    """What the question leads with: rain, snow, temperature, wind, or ""."""
    lowered = text.lower()
    if _UMBRELLA.search(lowered) or re.search(r"\b(?:rain|drizzl|shower|wet)", lowered):
        return "rain"
    if re.search(r"\bsnow", lowered):
        return "snow"
    if re.search(
        r"\b(?:hot|cold|warm|chilly|temperature|degrees|freez)", lowered
    ) or _CLOTHES.search(lowered):
        return "temperature"
    if re.search(r"\bwind", lowered):
        return "wind"
    return ""


def weather_question(text: str) -> IntentMatch | None:
    """ "what's the weather tomorrow", "will it rain this weekend", "how hot is it in Lisbon"."""
    question = " ".join(text.strip().rstrip("?!.").split())
    if len(question.split()) < 2 or len(question) > 200 or _ACTION.match(question):
        return None
    if _REMINDER.search(question):
        return None  # "tell me to take an umbrella when it rains" asks for a reminder
    if not (
        _NAMES.search(question)
        or _WILL.search(question)
        or _UMBRELLA.search(question)
        or _HOW.search(question)
        or _FEELS.search(question)
        or _CLOTHES.search(question)
        or (_TEMPERATURE.search(question) and not _THINGS.search(question))
    ):
        return None
    arguments: dict[str, str] = {}
    when = _WHEN.search(question)
    rest = question
    if when:
        arguments["when"] = when.group(0).lower()
        rest = (question[: when.start()] + " " + question[when.end() :]).strip()
        rest = re.sub(r"\s+(?:on|for|over|this|next)$", "", " ".join(rest.split()), flags=re.I)
    place = _PLACE.search(rest)
    if place:
        words = place.group("place").split()
        while words and words[-1].lower() in ("like", "today", "now", "please", "outside"):
            words.pop()
        if words and words[0].lower() not in _NOT_PLACES:
            arguments["place"] = " ".join(words)
    topic = topic_of(question)
    if topic:
        arguments["about"] = topic
    return IntentMatch("weather_forecast", arguments, "weather")
