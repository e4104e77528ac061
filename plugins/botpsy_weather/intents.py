"""Weather questions as people ask them, answered by `weather_forecast` with no model.

A request is about the weather when it names it (weather, forecast), asks whether
it will rain, snow or shine, asks about an umbrella, or asks how hot or cold it
is or will be. The day ("tomorrow", "on Saturday", "this weekend") and the place
("in Lisbon") are read from the words around them; what is not said is left out,
so the tool uses the user's own place and today.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any

from assistant.api import WEEKDAY_NAME, IntentMatch, Recent, TimeParseError, parse_moment
from botpsy_weather.where_when import day_of, month_of, place_of

# "tomorrow's weather", "today's forecast": the day, without the possessive.
_POSSESSIVE = re.compile(r"\b(today|tomorrow|tonight|yesterday)'?s\b", re.I)
# "a 10 day forecast", "the five-day forecast": the days ahead the forecast covers.
_SPOKEN_COUNT = (
    r"\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|sixteen"
)
_DAYS_FORECAST = re.compile(
    rf"\b(?P<count>{_SPOKEN_COUNT}|one|a)[ -](?P<unit>days?|weeks?)(?= (?:weather )?(?:forecast|outlook))",
    re.I,
)
_NAMES = re.compile(
    r"\b(?:weather|forecast|humidity|precipitation|snowfall|rainfall|heat ?wave|cold ?snap"
    r"|uv index|uv levels?|pollen(?: count| levels?)?|air quality|wind ?speed|wind chill"
    r"|(?:rain|snow) (?:predictions?|accumulation|totals?)|accumulation of (?:rain|snow)"
    r"|(?:hottest|coldest|warmest|wettest|rainiest|sunniest) (?:day|night|week))\b",
    re.I,
)
# "what's it like out in the garden", "how does it look out there": the weather, with no weather word.
# "what's the high today", "is it going to be a nice day", "what should i wear tomorrow".
_DAY_LIKE = re.compile(
    r"^(?:(?:what(?:'?s| is| will be) )?the (?:highs?|lows?)(?: temperature)?"
    r"|(?:is|will) it (?:going to be |gonna be |be )?(?:a )?(?:nice|lovely|good|beautiful|bad|horrible)"
    r"(?: (?:day|out|outside|weather))?|will the sun (?:come out|shine)|what should i wear)"
    r"(?: (?:today|tonight|tomorrow|this \w+|on \w+|in \w+(?: \w+)?))*$",
    re.I,
)
_OUTSIDE = re.compile(
    r"^(?:what(?:'?s| is) it like|how(?:'s| is) it(?: looking)?|how does it look|what's it doing"
    r"|what is it doing)"
    r" (?:out|outside|out there|outdoors)(?: (?:today|now|right now|this morning))?$",
    re.I,
)
# "temperature" is the weather's unless a thing's: the oven, the room, the thermostat.
_TEMPERATURE = re.compile(r"\btemperatures?\b", re.I)
_THINGS = re.compile(
    r"\b(?:thermostat|oven|room|house|fridge|freezer|water|pool|cpu|gpu|body|heating|kettle)\b",
    re.I,
)
# What to wear or bring is a question about the weather.
_CLOTHES = re.compile(
    r"\b(?:wear|need|bring|take|pack|put on)\b.*?\b(?:jackets?|coats?|gloves|scarf|shorts|"
    r"sweaters?|jumpers?|layers|sunscreen|sun ?cream|sun ?block|sunglasses|boots|hat|t-?shirts?|"
    r"sandals|mittens|wellies|galoshes)\b",
    re.I,
)
# How to dress, with no garment named: "should i wrap up warm", "do i need to dress warmly
# tomorrow", "will we need to be warm on the ferry", "should i bundle up".
_DRESS = re.compile(
    r"^(?:(?:should|do|will|would|must)\s+(?:i|we)|(?:do|will)\s+(?:i|we)\s+(?:need|have)\s+to"
    r"|(?:should|do|will)\s+(?:i|we)\s+need\s+to|is\s+it\s+(?:a\s+)?(?:day|weather)\s+to)\s+"
    r"(?:dress\s+(?:warm(?:ly)?|light(?:ly)?|cool|in\s+layers|for\s+(?:the\s+)?(?:cold|heat|weather|rain))"
    r"|wrap\s+up\s+warm(?:ly)?|(?:bundle|layer|rug)\s+up(?:\s+warm(?:ly)?)?"
    r"(?=$|\s+(?:today|tonight|tomorrow|this|on|in|at|for|outside|when|before|later|now)\b)"
    r"|be\s+(?:warm|dressed\s+warm(?:ly)?)|keep\s+warm|stay\s+warm)\b",
    re.I,
)
_WORN = re.compile(
    r"\b(?:jackets?|coats?|gloves|scarf|shorts|sweaters?|jumpers?|boots|hat|t-?shirts?|sandals"
    r"|mittens|umbrella|a walk|a run|a swim|the beach|a picnic|skiing|hiking|layers)\b",
    re.I,
)
_WILL = re.compile(
    r"\b(?:will|is|does|did|are|going to|gonna|should|expect(?:ing|ed)?|any|chances? of|odds of)\b.*?"
    r"\b(?P<what>rain(?:ing|y|ed)?|snow(?:ing|y|fall)?|drizzl(?:e|ing)|hail(?:ing)?|storm(?:ing|s|y)?|"
    r"thunder(?:storms?)?|sunny|sunshine|cloudy|overcast|foggy|fog|humid|windy|freez(?:e|ing))\b",
    re.I,
)
_FEELS = re.compile(
    r"\b(?:is|will|was|it's|its) (?:it )?(?:going to be |gonna be |be |getting )?(?:very |too |really )?"
    r"(?:(?:hot|cold|warm|chilly|freezing)(?: out| outside| today| tomorrow)?|nice out(?:side)?)\b",
    re.I,
)
# "rain in oslo tomorrow", "snow this weekend": the weather named bare, with a place or a day.
_BARE = re.compile(
    r"^(?:any |more |heavy |light )?(?:rain|showers|snow|sunshine|sun|wind|winds|storms?|fog|frost"
    r"|hail|sleet|thunder|thunderstorms?|heat) (?:in|at|for|near|around|tomorrow|today|tonight"
    r"|this|next|later|expected|forecast|on (?:the |this |next )?(?:\w+day|weekend))\b",
    re.I,
)
# "what's it going to be like tomorrow" (with a day: "what's it like in rome" may ask a guide).
_LIKE = re.compile(r"^what(?:'?s| is| will) it (?:going to be |gonna be |be )?like\b", re.I)
# "a good day for the beach", "warm enough for a swim", "nice weather for a bike ride".
_GOOD_FOR = re.compile(
    r"\b(?:good|nice|great|bad|perfect|ideal|right|okay|ok|warm|dry|sunny|lovely)"
    r"(?: (?:enough|day|days|weather|evening|morning|afternoon|weekend)|(?: day| weather)? enough)"
    r" (?:for|to) (?:a |the |go |going |have a |do some |some )?(?:beach|picnic|walk|run|jog|swim"
    r"|hike|hiking|bike ride|cycle|bbq|barbecue|barbeque|gardening|ski|skiing|sail|sailing"
    r"|fishing|golf|camping|washing|laundry|outside|outdoors|sunbathe|sunbathing)\b",
    re.I,
)
_UMBRELLA = re.compile(r"\b(?:umbrella|brolly|raincoat|rain ?jacket|poncho)\b", re.I)
# "is it icy out", "will it clear up later", "is the sun out", "will the wind die down": how the
# sky, the ground or the wind will be, said with "it" or the thing itself.
_SKY = re.compile(
    r"\b(?:(?:is|will|was) it (?:going to |gonna )?(?:be |stay |get |keep )?(?:very |really )?"
    r"(?:dry|clear|clearing|clear up|brighten up|muggy|icy|frosty|mild|breezy|gusty|misty|foggy"
    r"|pour|pouring|bucketing|a scorcher|scorching|sweltering|(?:(?:chuck|bucket|tip|pelt|lash)(?:ing)?"
    r" it|(?:pour|bucket|pelt|lash|tip)(?:ing)?) down)"
    r"(?= (?:out|outside|outdoors|today|tonight|tomorrow|later|this|next|on|in|at|for|all|over"
    r"|up)\b| ?$)"  # "is it clear what i mean", "is it dry cleaning only" are not the sky's
    r"|(?:is|will) the sun (?:be )?(?:out|shining|shine)"
    r"|(?:will|are|is) the (?:roads?|pavements?|streets?|paths?|pitch) (?:be |going to be |gonna be )?"
    r"(?:icy|slippery|frozen|flooded|wet|dry|clear|gritted)"
    r"|(?:will|is) there (?:going to |gonna )?(?:be )?(?:a |any )?"
    r"(?:frost|ice|black ice|mist|thunder|lightning|hail|sleet|gales?)"
    r"|the wind (?:die down|drop|ease|pick up|calm down|be strong)|how strong (?:is|will) the wind"
    r"|(?:what(?:'?s| is) the )?outlook for (?:today|tonight|tomorrow|the weekend|this week"
    rf"|the week|the next few days|(?:on )?{WEEKDAY_NAME}))\b",
    re.I,
)
_HOW = re.compile(
    r"\b(?:how (?:hot|cold|warm|chilly|windy|humid|wet|sunny)|what(?:'s| is) the temperature"
    r"|temperature (?:outside|today|tomorrow|tonight)|how many degrees|how much (?:rain|snow)"
    r"|(?:will|is|was) it (?:be |going to be |get |going to get )?(?:over|above|under|below|more than"
    r"|less than|at least|around) [\w-]+ degrees)\b",
    re.I,
)
# Requests that do something else with weather words: "add a meeting about the forecast".
_ACTION = re.compile(
    r"^(?:add|schedule|book|put|create|remind|email|send|delete|cancel|move|search|google|"
    r"play|set|turn|open|read|write|reply|forward)\b",
    re.I,
)
# A forecast of something else ("sales forecast", "forecast rates"), or a study of the weather
# beside something else ("the correlation between the weather and prices"): not the weather's.
_OTHER_FORECAST = re.compile(
    r"\b(?:(?:sales|revenue|earnings|budget|market|economic|financial|stock|price|profit|traffic"
    r"|population|demand|election|cash ?flow)\s+forecasts?|forecast(?:ed|ing)?\s+(?:rates?|sales"
    r"|revenue|earnings|prices?|budget|growth|demand|figures|profits?|inflation|market|numbers)"
    r"|correlat\w*|relationship\s+between)\b",
    re.I,
)
_REMINDER = re.compile(r"\b(?:remind|tell|ask|warn) me (?:to|that|if|when|about)\b", re.I)
# ...but "tell me if it will rain tomorrow" asks about the forecast now, as a question would.
_ASKED_NOW = re.compile(
    r"^(?:can you |could you |please )?(?:tell|let) me (?:know )?(?:if|whether) (?:it|there)(?:'s| is)?"
    r" (?:will|is going to|going to|gonna|might|may|would) ",
    re.I,
)


def topic_of(text: str) -> str:
    """What the question leads with: rain, snow, temperature, wind, or ""."""
    lowered = text.lower()
    if _UMBRELLA.search(lowered) or re.search(
        r"\b(?:rain|drizzl|shower|wet|(?:chuck|bucket|tip|pelt|lash|pour)\w*(?: it)? down)", lowered
    ):
        return "rain"
    if re.search(r"\bsnow", lowered):
        return "snow"
    if (
        re.search(
            r"\b(?:hot|cold|warm|chilly|temperature|degrees|freez|the (?:high|low)s?\b|wear\b)",
            lowered,
        )
        or _CLOTHES.search(lowered)
        or _DRESS.match(lowered)
    ):
        return "temperature"
    if re.search(r"\bwind", lowered):
        return "wind"
    return ""


def _days_ahead(question: str) -> str | None:
    """ "a ten day forecast" -> "the next ten days"; "one week forecast" -> "the next 7 days"."""
    m = _DAYS_FORECAST.search(question)
    if not m:
        return None
    count, unit = m.group("count").lower(), m.group("unit").lower()
    if unit.startswith("week"):
        return "the next 7 days" if count in ("one", "a", "1") else None
    return None if count in ("one", "a", "1") else f"the next {count} days"


_INDOORS = re.compile(r"\b(?:in\s+here|indoors|in\s+the\s+(?:house|flat|room|office))\b", re.I)


def weather_question(text: str) -> IntentMatch | None:
    """ "what's the weather tomorrow", "will it rain this weekend", "how hot is it in Lisbon"."""
    question = " ".join(text.strip().rstrip("?!.").split())
    question = _POSSESSIVE.sub(r"\1", question)
    if question.lower() in ("weather", "forecast", "weather forecast", "weather report"):
        return IntentMatch("weather_forecast", {}, "weather")
    if len(question.split()) < 2 or len(question) > 200 or _ACTION.match(question):
        return None
    reminder = _REMINDER.search(question) and not _ASKED_NOW.match(question)
    if reminder or _OTHER_FORECAST.search(question):
        return None  # "tell me to take an umbrella when it rains" asks for a reminder
    if _INDOORS.search(question):
        return None  # "it's cold in here": the room's, for the thermostat, not the sky's
    if _OUTSIDE.match(question):
        day = day_of(question)
        return IntentMatch("weather_forecast", {"when": day[0]} if day else {})
    if not (
        _DAY_LIKE.match(question)
        or _NAMES.search(question)
        or _WILL.search(question)
        or _UMBRELLA.search(question)
        or _HOW.search(question)
        or _FEELS.search(question)
        or _CLOTHES.search(question)
        or _DRESS.match(question)
        or _BARE.match(question)
        or _GOOD_FOR.search(question)
        or _SKY.search(question)
        or (_LIKE.match(question) and day_of(question))
        or (_TEMPERATURE.search(question) and not _THINGS.search(question))
    ):
        return None
    arguments: dict[str, str] = {}
    day = day_of(question)
    rest = question
    ahead = _days_ahead(question)
    if ahead and not day:
        arguments["when"] = ahead
    elif day:
        arguments["when"], (start, end) = day
        rest = " ".join(f"{question[:start]} {question[end:]}".split())
    elif month := month_of(question):  # "will it rain in march": a month, not a place
        arguments["when"] = month
    place = place_of(rest, _WORN)
    if place:
        arguments["place"] = place
    topic = topic_of(question)
    if topic:
        arguments["about"] = topic
    return IntentMatch("weather_forecast", arguments, "weather")


# A question about weather still to come: "what will the weather be like then", "will it
# rain", "what's the forecast". Said with no day right after an event was added or read, it is
# about that event's day.
_AHEAD = re.compile(
    r"\b(?:going\s+to|gonna|will|won't|'ll|forecast|expected|supposed\s+to)\b", re.I
)


def weather_that_day(text: str, recent: Recent) -> IntentMatch | None:
    """ "What's the weather going to be like" after "add a barbecue on sunday at 2": Saturday's;
    "will i need a raincoat" after a forecast: the same place and day."""
    call = recent.last()
    if call is not None and call.tool == "weather_forecast":
        return _same_forecast(text, call.arguments)
    if call is None or not call.tool.startswith("calendar_") or not _AHEAD.search(text):
        return None
    found = weather_question(text)
    if found is None or found.arguments.get("when"):
        return None
    now = recent.now or datetime.now().astimezone()
    day = _day_of_call(call.arguments, now)
    if day is None or not 0 <= (day - now.date()).days <= 15:
        return None
    found.arguments["when"] = _said_day(day, now.date())
    return found


def _same_forecast(text: str, before: Mapping[str, Any]) -> IntentMatch | None:
    """ "Will i need a raincoat" after "the weather in bergen tomorrow": that place and day,
    when the new question names neither."""
    found = weather_question(text)
    if found is None or found.arguments.get("when") or found.arguments.get("place"):
        return None
    carried = {
        k: before[k] for k in ("place", "when") if isinstance(before.get(k), str) and before[k]
    }
    if not carried:
        return None
    found.arguments.update(carried)
    return found


def _day_of_call(arguments: Mapping[str, Any], now: datetime) -> date | None:
    """The one day a calendar call was about: its start, or a listing of one day."""
    start, when = arguments.get("start"), str(arguments.get("when") or "")
    try:
        if isinstance(start, str) and start.strip():
            return parse_moment(start, now).start.date()
        first, _, last = when.partition("/")
        if first and last:
            begin, end = datetime.fromisoformat(first), datetime.fromisoformat(last)
            return begin.date() if end - begin <= timedelta(hours=26) else None
    except (TimeParseError, ValueError):
        return None
    return None


def _said_day(day: date, today: date) -> str:
    """The day as the forecast reads it: "today", "tomorrow", a weekday this week, else its date."""
    ahead = (day - today).days
    if ahead <= 1:
        return ("today", "tomorrow")[ahead]
    return day.strftime("%A").lower() if ahead <= 6 else day.isoformat()
