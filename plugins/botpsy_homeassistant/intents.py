"""Local intents for Home Assistant: on and off, dimming and colour, the thermostat, covers, locks.

Conservative like every matcher: the whole request must clearly be one of these,
and the device must be named by a few words ("the kitchen lights", "the living
room", "the coffee machine"). Requests arrive as speech is transcribed too (lower
case, no punctuation, numbers in words), so every pattern is anchored at both ends
and the device is a bounded run of words. Which entity a name means is the tools'
business (they ask when two fit); opening, unlocking and disarming still ask first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from assistant.api import NUMBER_WORDS, IntentMatch, without_name
from botpsy_homeassistant.colours import COLOURS
from botpsy_homeassistant.said import LATER, broad_clean, broad_coffee, broad_home, broad_player

Matcher = Callable[[str], IntentMatch | None]

_W = r"[\w'+-]+"
_DEVICE = rf"(?P<device>{_W}(?:\s+{_W}){{0,5}}?)"  # at most six words
_THE = r"(?:(?:the|my|our|all(?:\s+the)?|all\s+of\s+the)\s+)?"
_TAIL = r"(?:\s+(?:for\s+me|now|right\s+now|please|again|a\s+(?:bit|little)(?:\s+bit)?))*"
_SPOKEN = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_NUMBER = (
    rf"(?P<number>\d{{1,3}}(?:\.\d)?|(?:{_SPOKEN})(?:[ -](?:{_SPOKEN}))?"
    r"(?:\s+point\s+(?:one|two|three|four|five|six|seven|eight|nine|zero))?)"
)
_PERCENT = r"(?:\s*(?:%|percent|per\s*cent))"
_DEGREES = r"(?:\s*(?:°\s*[cf]?|degrees?(?:\s+(?:celsius|centigrade|fahrenheit))?|c\b))?"
_COLOUR = "|".join(sorted((re.escape(c) for c in COLOURS), key=len, reverse=True))
_COLOUR_GROUP = rf"(?P<colour>(?:light\s+|dark\s+)?(?:{_COLOUR}))"

# Nouns that make a phrase a home device, for the forms with no verb of their own
# ("kitchen lights off") and for open/close, which files and apps share.
_HOME_NOUN = (
    r"(?:lights?|lamps?|bulbs?|plugs?|sockets?|outlets?|switch(?:es)?|fans?|heating|heater|"
    r"thermostat|ac|air\s+conditioning|tv|television|vacuum|hoover|roomba|"
    r"coffee\s+(?:machine|maker)|kettle)"
)
_COVER_NOUN = (
    r"(?:garage(?:\s+door)?|gate|blinds?|shades?|curtains?|shutters?|windows?|cover|roof|awning|"
    r"door)"
)
_CLIMATE_NOUN = r"(?:thermostat|heating|heat|temperature|ac|air\s+conditioning|climate)"
# What a computer's own plugin answers ("lock the screen", "turn off the computer").
_NOT_HOME = re.compile(
    r"\b(?:screen|computer|laptop|pc|wifi|wi-fi|bluetooth|volume|sound|alarm\s+clock|"
    r"notifications?|file|files|folder|app|application|browser|phone|timer|reminder|music|songs?|"
    r"radio|channel|podcasts?|playlist|track|album|audiobook|e-?mails?|mail|recipes?|tone|news|"
    r"texts?|messages?|mode|theme)\b",
    re.I,
)


class _Any:
    """Several anchored patterns tried in turn (group names repeat across them)."""

    def __init__(self, *patterns: str) -> None:
        self.patterns = [re.compile(p, re.I) for p in patterns]

    def match(self, text: str) -> re.Match[str] | None:
        return next((m for p in self.patterns if (m := p.match(text))), None)


# "i want the lights off", "can we have the fan on": a wish for how a device should be.
_WISH = (
    r"(?:(?:i\s+(?:want|need|would\s+like)|i'd\s+like|let's\s+have|let\s+(?:me|us)\s+have"
    r"|(?:can|could)\s+(?:i|we)\s+(?:have|get))\s+)?"
)
_ON_OFF = _Any(
    rf"^(?:turn|switch|put|flip|shut|power)\s+(?P<state>on|off)\s+{_THE}{_DEVICE}{_TAIL}$",
    # "stick the telly on", "whack the kettle on": said at home for turning on
    rf"^(?:turn|switch|put|flip|shut|power|stick|whack|bung|pop)\s+{_THE}{_DEVICE}\s+(?P<state>on|off)"
    rf"(?:\s+(?P<room>in\s+{_THE}{_W}(?:\s+{_W}){{0,2}}))?{_TAIL}$",
    rf"^{_WISH}{_THE}(?P<device>(?:{_W}\s+){{0,3}}{_HOME_NOUN}(?:\s+{_W})?)\s+(?P<state>on|off){_TAIL}$",
)
_START = _Any(
    rf"^(?:start|run|begin|activate|set\s+off)\s+{_THE}{_DEVICE}{_TAIL}$",
    rf"^(?P<clean>start\s+cleaning|vacuum(?:\s+{_THE}(?:house|floors?|flat|apartment|rooms?))?)"
    rf"{_TAIL}$",
    r"^(?:make|brew)\s+(?:me\s+)?(?:a\s+|some\s+)?(?P<coffee>coffee|cup\s+of\s+coffee|espresso)$",
)
_STOP = _Any(
    rf"^(?:stop|end|halt)\s+{_THE}(?P<device>(?:{_W}\s+){{0,3}}(?:vacuum|hoover|robot|fan|"
    rf"coffee\s+machine|heating|ac|cleaning)){_TAIL}$",
    rf"^(?:send|take)\s+{_THE}(?P<device>vacuum|hoover|robot)\s+"
    rf"(?:home|(?:back\s+)?to\s+(?:its\s+|the\s+)?(?:base|dock)|back){_TAIL}$",
)
_SCENE = _Any(rf"^(?:activate|set|start|turn\s+on)\s+{_THE}{_DEVICE}\s+scene{_TAIL}$")
# What a colour is set on: a light, or a room (whose lights are meant).
_LIT = re.compile(
    r"\b(?:lights?|lamps?|bulbs?|lighting|led|leds|strip|hue|room|bedroom|kitchen|hall(?:way)?"
    r"|bathroom|office|study|lounge|den|porch|garden|patio|attic|basement|nursery|living|dining"
    r"|landing|stairs|house|flat|apartment|everything|all)\b",
    re.I,
)
_ROOM_AFTER = rf"(?P<room>in\s+{_THE}{_W}(?:\s+{_W})?)"
_COLOUR_SET = _Any(
    rf"^(?:change|set)\s+{_THE}colou?r\s+of\s+{_THE}{_DEVICE}\s+to\s+{_COLOUR_GROUP}{_TAIL}$",
    rf"^(?:make|turn|set|change|switch|put|colou?r|paint)\s+{_THE}{_DEVICE}\s+(?:to\s+|into\s+|on\s+)?"
    rf"(?:an?\s+)?(?:more\s+)?{_COLOUR_GROUP}(?:\s+colou?r)?(?:\s+{_ROOM_AFTER})?{_TAIL}$",
    # "i want the room to be blue", "the kitchen lights should be green"
    rf"^{_WISH}{_THE}{_DEVICE}\s+(?:to\s+be|should\s+be|needs\s+to\s+be)\s+(?:an?\s+)?"
    rf"{_COLOUR_GROUP}(?:\s+colou?r)?{_TAIL}$",
    # "lights green", "i want the lamp blue", "the bedroom lights in red"
    rf"^(?:i\s+(?:want|need|would\s+like)\s+|i'd\s+like\s+|let's\s+have\s+)?{_THE}"
    rf"(?P<device>(?:{_W}\s+){{0,3}}(?:lights?|lamps?|bulbs?|lighting))\s+(?:in\s+|to\s+)?(?:an?\s+)?"
    rf"{_COLOUR_GROUP}(?:\s+colou?r)?{_TAIL}$",
)
# A colour said of the place, no light named: "make it pink in here", "change to blue in the hall".
_COLOUR_HERE = _Any(
    rf"^(?:make|turn|change|switch|set|paint)\s+(?:it|things|everything|(?:the\s+)?colou?r)\s+"
    rf"(?:to\s+|into\s+)?(?:an?\s+)?{_COLOUR_GROUP}\s+(?:in\s+)?(?:here|in\s+this\s+room){_TAIL}$",
    rf"^(?:change|switch|set|turn)\s+(?:it\s+|(?:the\s+)?colou?r\s+|(?:the\s+)?lights?\s+)?(?:to|into)\s+"
    rf"(?:an?\s+)?{_COLOUR_GROUP}\s+{_ROOM_AFTER}{_TAIL}$",
    # a coloured feel asked for: "i want a blue atmosphere", "give me a green glow in the hall"
    rf"^(?:i\s+(?:want|need|would\s+like)|i'd\s+like|give\s+me|let's\s+have|set|create|make)\s+"
    rf"(?:an?\s+|some\s+)?{_COLOUR_GROUP}\s+(?:atmosphere|ambience|ambiance|vibe|glow|tint|feel|mood)"
    rf"(?:\s+{_ROOM_AFTER})?{_TAIL}$",
)
# Levels said in words: "lights to full", "the lamp at half brightness".
LEVELS = {"full": 100, "max": 100, "maximum": 100, "highest": 100, "half": 50, "minimum": 1,
          "lowest": 1, "min": 1}  # fmt: skip
_LEVEL = rf"(?:(?:the\s+)?(?P<level>{'|'.join(LEVELS)})(?:\s+brightness|\s+power)?)"
_BRIGHTNESS_SET = _Any(
    rf"^(?:set|dim|turn|put|change|make|bring|brighten|take|knock|drop)\s+{_THE}{_DEVICE}(?:\s+brightness)?"
    rf"(?:\s+(?:down|up))?\s+(?:to|at)\s+(?:{_NUMBER}{_PERCENT}?|{_LEVEL}){_TAIL}$",
    rf"^{_THE}(?P<device>(?:{_W}\s+){{0,2}}(?:lights?|lamps?|bulbs?|lighting))(?:\s+brightness)?"
    rf"\s+(?:to|at)\s+(?:{_NUMBER}{_PERCENT}?|{_LEVEL}){_TAIL}$",
    rf"^(?:set|change)\s+{_THE}brightness\s+(?:of\s+|in\s+)?{_THE}{_DEVICE}\s+to\s+{_NUMBER}"
    rf"{_PERCENT}?{_TAIL}$",
)
# "turn the kitchen lights all the way up": the end of the scale.
_ALL_THE_WAY = _Any(
    rf"^(?:turn|put|bring|crank|dim|raise)\s+{_THE}(?P<device>(?:[\w'+-]+\s+){{0,4}}(?:lights?|lamps?|bulbs?|lighting))"
    r"\s+(?:all\s+the\s+way\s+(?P<dir>up|down)|(?P<dir2>up|down)\s+all\s+the\s+way)$",
)
# "dim" and "brighten" are about light whatever follows ("dim the living room"); "lower",
# "bring up" and "turn down" are about light only when a light is named.
_LIGHT_NOUN = r"(?:[\w'+-]+\s+){0,4}(?:lights?|lamps?|bulbs?|lighting)"
_DIM = _Any(
    rf"^(?:dim|darken)\s+{_THE}{_DEVICE}{_TAIL}$",
    rf"^(?:lower|turn\s+down|bring\s+down)\s+{_THE}(?P<device>{_LIGHT_NOUN}){_TAIL}$",
    rf"^(?:turn|bring)\s+{_THE}(?P<device>{_LIGHT_NOUN})\s+down{_TAIL}$",
    rf"^make\s+{_THE}{_DEVICE}\s+(?:dimmer|darker|less\s+bright){_TAIL}$",
)
_BRIGHTEN = _Any(
    rf"^(?:brighten|brighten\s+up|bright)\s+{_THE}{_DEVICE}{_TAIL}$",
    rf"^(?:raise|turn\s+up|bring\s+up)\s+{_THE}(?P<device>{_LIGHT_NOUN}){_TAIL}$",
    rf"^(?:turn|bring)\s+{_THE}(?P<device>{_LIGHT_NOUN})\s+up{_TAIL}$",
    rf"^make\s+{_THE}{_DEVICE}\s+(?:brighter|lighter){_TAIL}$",
)
_CLIMATE_SET = _Any(
    # "can we have the lounge at 21", "keep the bedroom at 18": the room's thermostat
    rf"^(?:set|turn|put|change|bring|heat|cool|warm(?:\s+up)?|crank|bump|whack|stick|pump|keep"
    rf"|(?:(?:can|could)\s+(?:we|i|you)\s+)?(?:have|get))\s+{_THE}"
    rf"(?P<device>(?:{_W}\s+){{0,3}}?{_CLIMATE_NOUN}(?:\s+(?:in|of)\s+{_THE}{_W}(?:\s+{_W})?)?|"
    rf"(?:{_W}\s+)?(?:car|house|flat|room|bedroom|office|kitchen|study|lounge|den|nursery|conservatory"
    rf"|hall|hallway|landing|attic|loft|basement|cellar|bathroom|playroom|workshop|studio))"
    rf"\s+(?:up\s+|down\s+)?(?:to|at)\s+{_NUMBER}{_DEGREES}{_TAIL}$",
    rf"^make\s+it\s+{_NUMBER}{_DEGREES}(?:\s+in\s+{_THE}(?P<device>{_W}(?:\s+{_W})?))?{_TAIL}$",
)
# The thermostat turned up or down: "turn the heating up", "turn down the thermostat by 2
# degrees", "make it warmer in the bedroom", "raise the temperature a bit".
_CLIMATE_NAMED = (
    rf"(?P<device>(?:{_W}\s+){{0,2}}?(?:thermostat|heating|heat|heater|temperature|ac"
    r"|air\s+conditioning)(?:\s+in\s+(?:the\s+|my\s+|our\s+)?[\w']+(?:\s+room)?)?)"
)
_BY_DEGREES = rf"(?:\s+(?:by\s+)?{_NUMBER}{_DEGREES})?"
_CLIMATE_STEP = _Any(
    rf"^(?:turn|put|crank|bump|knock|nudge|whack|pump)\s+{_THE}{_CLIMATE_NAMED}\s+(?P<way>up|down){_BY_DEGREES}"
    rf"(?:\s+in\s+{_THE}(?P<room>[\w']+(?:\s+room)?))?{_TAIL}$",
    rf"^(?:turn|put|crank|bump|knock|nudge|whack|pump)\s+(?P<way>up|down)\s+{_THE}{_CLIMATE_NAMED}{_BY_DEGREES}{_TAIL}$",
    rf"^(?P<way>raise|increase|lower|reduce|decrease|drop)\s+{_THE}{_CLIMATE_NAMED}{_BY_DEGREES}{_TAIL}$",
    # "warm it up a bit", "warm the house up", "cool the room down" (the room, never food)
    rf"^(?P<way>warm|cool)\s+(?:it|the\s+(?:house|flat|room|place))\s+(?:up|down)"
    rf"(?:\s+in\s+here)?{_BY_DEGREES}{_TAIL}$",
    # "a bit warmer", "slightly cooler": said alone, the thermostat's
    r"^(?:(?:a\s+)?(?:bit|little|touch|tad)\s+|slightly\s+|a\s+degree\s+)?(?P<way>warmer|cooler|colder|hotter)$",
    rf"^make\s+(?:it|the\s+(?:house|flat|room|place))\s+(?P<way>warmer|cooler|colder|hotter)"
    rf"(?:\s+in\s+(?:here|{_THE}(?P<room>[\w']+(?:\s+room)?)))?{_BY_DEGREES}{_TAIL}$",
)
_WARMER = {"up", "raise", "increase", "warmer", "hotter", "warm"}
_OPEN = _Any(
    rf"^(?:open|raise|lift|roll\s+up|pull\s+up)\s+{_THE}(?P<device>(?:{_W}\s+){{0,3}}{_COVER_NOUN})"
    rf"{_TAIL}$"
)
_CLOSE = _Any(
    rf"^(?:close|shut|lower|roll\s+down|pull\s+down|draw)\s+{_THE}"
    rf"(?P<device>(?:{_W}\s+){{0,3}}{_COVER_NOUN}){_TAIL}$"
)
_LOCK = _Any(
    rf"^(?P<verb>lock(?:\s+up)?|unlock|arm|disarm)\s+{_THE}{_DEVICE}{_TAIL}$",
    # "i need the side gate unlocked", "can we get the shed locked"
    rf"^(?:i\s+(?:want|need|would\s+like)|i'd\s+like|(?:can|could)\s+(?:i|we|you)\s+(?:have|get))\s+"
    rf"(?:get\s+)?{_THE}{_DEVICE}\s+(?P<verb>locked|unlocked){_TAIL}$",
    # "make sure the side gate's locked": the state wanted, so the action
    rf"^(?:make\s+sure|ensure)\s+(?:that\s+)?{_THE}{_DEVICE}(?:\s+is|\s+are|'s|’s)\s+"
    rf"(?P<verb>locked|unlocked){_TAIL}$",
)
_STATUS = _Any(
    rf"^(?:is|are)\s+{_THE}{_DEVICE}\s+(?:(?:even|still|actually|definitely|already|now)\s+)?"
    r"(?:on|off|locked|unlocked|open|closed|running|charging)"
    rf"(?:\s+or\s+(?:not|on|off|locked|unlocked|open|closed))?\??$",
    rf"^(?:what(?:'s|\s+is)|how\s+much|check)\s+{_THE}(?P<reading>(?:{_W}\s+){{0,3}}"
    rf"(?:battery|fuel|charge|range|temperature|humidity)(?:\s+level)?)"
    rf"(?:\s+(?:left|is\s+left|(?:is\s+)?(?:in|of)\s+{_THE}(?P<owner>{_W}(?:\s+{_W})?)))*\??$",
    # "did we lock the side gate", "have i shut the shed", "has someone locked the shed": asked,
    # never a request to do it
    rf"^(?:did|have|has)\s+(?:i|we|you|any(?:one|body)|some(?:one|body)|they)\s+(?:lock(?:ed)?"
    rf"|unlock(?:ed)?|clos(?:e|ed)|shut|open(?:ed)?)"
    rf"\s+{_THE}{_DEVICE}\??$",
)


_CLEANER_WORDS = r"(?:vacuum|hoover|roomba|robot|cleaner)"
# What a home has whose state can be asked: "is the porch light on", "are the blinds closed".
_HAS_STATE = re.compile(
    rf"\b(?:{_HOME_NOUN}|{_COVER_NOUN}|{_CLEANER_WORDS}|doors?|windows?|locks?|car|alarm|"
    r"security|heating|boiler|oven|stove|iron|dishwasher|washing\s+machine|dryer|plug|socket|"
    r"sprinklers?|camera|doorbell|freezer|fridge)\b",
    re.I,
)
# Ways of asking that carry no meaning here: "would you", "help me", "i'd like you to".
# (Greetings, assistants' names and "could you" are gone already: assistant.api.plain_request.)
_POLITE = re.compile(
    r"^(?:help\s+me\s+|please\s+|kindly\s+|"
    r"i\s+(?:want|need)\s+(?:you\s+)?to\s+|i(?:'d|\s+would)\s+like\s+(?:you\s+)?to\s+|"
    r"go\s+ahead\s+and\s+|just\s+)+",
    re.I,
)
# A name said before a command ("mia, turn off the lights"): assistant.api.without_name.
_COMMANDS = (
    r"turn|switch|start|stop|dim|brighten|make|set|change|open|close|lock|unlock|"
    r"vacuum|hoover|clean|brew|activate|increase|decrease|raise|lower|put|get|have"
)
_ROOM = rf"(?P<room>(?:in|of)\s+{_THE}{_W}(?:\s+{_W}){{0,2}})"
_DRINK = r"(?:coffee|espresso|cappuccino|latte)"
_COFFEE = _Any(
    rf"^(?:make|prepare|brew|start|get)\s+(?:me\s+)?(?:a\s+|an\s+|some\s+|my\s+|the\s+)?"
    rf"(?:(?:morning|fresh|hot)\s+)?(?:cup\s+of\s+)?{_DRINK}(?:\s+for\s+me)?{_TAIL}$",
    rf"^(?:i(?:'d|\s+would)\s+like|i\s+want|i\s+need|need|(?:can|could|may)\s+i\s+(?:have|get))\s+"
    rf"(?:a\s+|an\s+|some\s+|my\s+)?(?:cup\s+of\s+)?{_DRINK}{_TAIL}$",
    rf"^(?:a\s+)?(?:cup\s+of\s+)?{_DRINK}(?:\s+time)?{_TAIL}$",
    rf"^(?:start|begin)\s+(?:brewing|making)\s+(?:the\s+|some\s+|a\s+|my\s+)?{_DRINK}{_TAIL}$",
    rf"^(?:get|put|set)\s+(?:the\s+|some\s+|a\s+)?{_DRINK}\s+(?:going|on|started|brewing){_TAIL}$",
)
_PLACES = (
    r"(?:house|flat|apartment|home|floors?|carpets?|rugs?|rooms?|kitchen|living\s+room|bedroom|"
    r"hall(?:way)?|bathroom|stairs|office)"
)
_CLEANER = r"(?:(?:robot\s+)?(?:vacuum|hoover)(?:\s+cleaner)?|robot(?:\s+cleaner)?|roomba|cleaner|cleaning\s+robot)"
_CLEAN = _Any(
    rf"^(?:start|begin|run)\s+(?:the\s+)?(?:house\s+)?(?:cleaning|clean-?up|hoovering|vacuuming)"
    rf"{_TAIL}$",
    rf"^(?:clean|hoover|vacuum)\s+{_THE}(?:{_W}\s+)?{_PLACES}{_TAIL}$",
    # "get the cleaning going", "put the hoover on", "have the robot clean the kitchen"
    rf"^(?:get|put|set|have)\s+{_THE}(?:{_CLEANER}|cleaning|hoovering|vacuuming)\s+"
    rf"(?:on|going|started|running|working){_TAIL}$",
    rf"^(?:get|have|tell|ask|send|let)\s+{_THE}{_CLEANER}\s+(?:to\s+)?(?:clean|vacuum|hoover|"
    rf"start|run|do)(?:\s+{_THE}(?:{_W}\s+)?(?:{_PLACES}|cleaning|floors?))?{_TAIL}$",
    rf"^(?:the\s+)?(?:floors?|carpets?|house)\s+(?:needs?|need)\s+(?:cleaning|vacuuming|hoovering)"
    rf"{_TAIL}$",
)
# "set the coffee maker going", "get the kettle on".
_GOING = _Any(
    rf"^(?:set|get|put|have)\s+{_THE}{_DEVICE}\s+(?:going|running|started|brewing|on){_TAIL}$"
)
_LIGHTS = r"(?:lights?|lighting|lamps?|brightness|light\s+(?:level|power|intensity))"
# "increase the brightness of the desk lamp", "lower the intensity of the lights in the hall".
_LEVEL_OF = (
    rf"\s+{_THE}(?:brightness|intensity|light\s+level)\s+(?:of|in|for)\s+{_THE}"
    rf"(?P<device>(?:{_W}\s+){{0,3}}(?:lights?|lamps?|bulbs?|lighting))(?:\s+{_ROOM})?{_TAIL}$"
)
_MORE_LIGHT_OF = _Any(rf"^(?:increase|raise|boost|turn\s+up|up|max(?:imi[sz]e)?){_LEVEL_OF}")
_LESS_LIGHT_OF = _Any(rf"^(?:decrease|lower|reduce|minimi[sz]e|turn\s+down){_LEVEL_OF}")
# "give me soft lighting in the study", "i want soft light", "bright lights in the office".
_SOFT = r"(?:low|soft|dim|dimmed|dimmer|subdued|gentle|less)"
_FULL = r"(?:bright|brighter|full|more|strong)"
_LEVEL_WISH = (
    r"^(?:give\s+me|i\s+(?:want|need|would\s+like)|i'd\s+like|let's\s+have|let\s+us\s+have|"
    r"set|switch\s+to|put\s+on)\s+(?:some\s+|the\s+)?(?P<level>LEVEL)\s+"
    rf"(?:lights?|lighting)(?:\s+{_ROOM})?{_TAIL}$"
)
_SOFT_WISH = _Any(_LEVEL_WISH.replace("LEVEL", _SOFT))
_FULL_WISH = _Any(_LEVEL_WISH.replace("LEVEL", _FULL))
_MORE_LIGHT = _Any(
    rf"^(?:increase|raise|boost|turn\s+up|up)\s+{_THE}{_LIGHTS}(?:\s+{_ROOM})?{_TAIL}$",
    rf"^{_THE}{_LIGHTS}\s+up{_TAIL}$",
    rf"^(?:i\s+need\s+|give\s+me\s+|let's\s+have\s+)?(?:some\s+|a\s+(?:bit|little)\s+)?more\s+"
    rf"(?:light|lights|lighting)(?:\s+{_ROOM})?(?:\s+(?:in\s+)?here)?{_TAIL}$",
)
# "increase the brightness by 20 percent", "lower the lights by ten".
_BY = (
    rf"\s+{_THE}(?P<device>(?:{_W}\s+){{0,2}}(?:lights?|lamps?|bulbs?|lighting|brightness))"
    rf"(?:\s+{_ROOM})?\s+by\s+{_NUMBER}{_PERCENT}?{_TAIL}$"
)
_UP_BY = _Any(rf"^(?:increase|raise|boost|turn\s+up|brighten){_BY}")
_DOWN_BY = _Any(rf"^(?:decrease|lower|reduce|turn\s+down|dim){_BY}")
# "kill the lights", "cut the lamp", "cut the lights downstairs" (where they are, kept).
_KILL = _Any(
    rf"^(?:kill|cut)\s+{_THE}(?P<device>(?:{_W}\s+){{0,3}}(?:lights?|lamps?|lighting)"
    rf"(?:\s+(?:upstairs|downstairs|outside|in\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?))?){_TAIL}$"
)
_LESS_LIGHT = _Any(
    rf"^(?:decrease|lower|reduce|minimi[sz]e|turn\s+down)\s+{_THE}{_LIGHTS}(?:\s+{_ROOM})?{_TAIL}$",
    rf"^{_THE}{_LIGHTS}\s+down{_TAIL}$",
    rf"^(?:it's|it\s+is|this\s+is)\s+(?:too|very|so)\s+bright(?:\s+(?:in\s+)?here)?{_TAIL}$",
)
# "make it brighter", "make it a bit darker in here", "dim", "brighter please".
_IT = r"(?:(?:make|get)\s+(?:it|things|the\s+room|this\s+room|the\s+place)\s+|it\s+should\s+be\s+)?"
_HERE = r"(?:\s+(?:in\s+)?(?:here|in\s+this\s+room))?"
_IT_BRIGHTER = _Any(rf"^{_IT}(?:a\s+(?:bit|little)\s+|much\s+)?(?:brighter|lighter){_HERE}{_TAIL}$")
_IT_DARKER = _Any(
    rf"^{_IT}(?:a\s+(?:bit|little)\s+|much\s+)?(?:darker|dimmer|less\s+bright){_HERE}{_TAIL}$",
    rf"^dim(?:\s+down)?{_HERE}{_TAIL}$",
)
# A mood is a light setting: the words people use for it, and what it sets (`MOODS`).
MOODS: dict[str, dict[str, Any]] = {
    "cosy": {"colour": "warm white", "brightness": 40},
    "relaxing": {"colour": "warm white", "brightness": 40},
    "romantic": {"colour": "warm white", "brightness": 20},
    "mood": {"colour": "warm white", "brightness": 30},
    "night": {"colour": "warm white", "brightness": 10},
    "reading": {"colour": "cool white", "brightness": 100},
    "focus": {"colour": "cool white", "brightness": 100},
    "normal": {"colour": "warm white", "brightness": 100},
}
_MOOD_WORDS = {
    "normal": "normal", "regular": "normal", "default": "normal", "standard": "normal",
    "cosy": "cosy", "cozy": "cosy", "cosier": "cosy", "cozier": "cosy", "snug": "cosy",
    "relaxing": "relaxing", "relaxed": "relaxing", "calm": "relaxing", "chill": "relaxing",
    "romantic": "romantic", "mood": "mood", "ambient": "mood", "night": "night",
    "reading": "reading", "focus": "focus", "work": "focus", "study": "focus",
}  # fmt: skip
_MOOD = "|".join(sorted(_MOOD_WORDS, key=len, reverse=True))
# Said of a room with no light named ("make it cosier"): only words that mean light there.
_COSY = r"(?:cosy|cozy|cosier|cozier|snug|romantic)"
_MOOD_SET = _Any(
    rf"^{_IT}(?:a\s+(?:bit|little)\s+|more\s+)?(?P<mood>{_COSY}){_HERE}{_TAIL}$",
    rf"^(?:set|switch\s+to|put\s+on|give\s+me|i\s+want|turn\s+on|start|activate)\s+"
    rf"(?:the\s+|some\s+|a\s+)?(?P<mood>{_MOOD})\s+(?:lights?|lighting|light\s+mode|mode)"
    rf"(?:\s+{_ROOM})?{_TAIL}$",
    rf"^(?:set|change|switch|turn|make)\s+{_THE}(?P<device>(?:{_W}\s+){{0,3}}(?:lights?|lamps?|lighting))"
    rf"\s+(?:to\s+|into\s+)?(?P<mood>{_MOOD})(?:\s+(?:mode|setting|lighting))?{_TAIL}$",
    rf"^(?:set|create|make)\s+(?:the|a|some)\s+(?P<mood>mood|ambiance|ambience|atmosphere){_TAIL}$",
    # bare, never a word that names a room as well: "study lights" are the study's lights
    rf"^(?!(?:study|work|night)\s+lights?\b)(?P<mood>{_MOOD})\s+(?:lights?|lighting|light\s+mode)"
    rf"(?:\s+{_ROOM})?{_TAIL}$",
)
# "a different colour", "a random colour", "another light colour": which one is asked.
_NEW_COLOUR = _Any(
    rf"^(?:change|set|switch|turn|make|activate|use|give\s+me|i\s+want)\s+{_THE}"
    rf"(?:(?P<device>(?:{_W}\s+){{0,2}}(?:lights?|lamps?|bulbs?))\s+(?:to\s+|into\s+)?)?"
    r"(?:an?\s+|some\s+)?(?:different|random|new|other|another|nice|fun|softer|warmer|cooler|calmer"
    r"|christmas|xmas|festive|holiday|party|rainbow|funky|pretty|mixed|changing|several|multiple"
    r"|brighter|darker|better|happier)\s+"
    rf"(?:light\s+)?colou?rs?(?:\s+(?:for|on|of|in)\s+{_THE}(?P<device2>{_W}(?:\s+{_W}){{0,2}}))?{_TAIL}$",
)
_TOO_DARK = _Any(
    rf"^(?:it's|it\s+is)\s+(?:too\s+|very\s+|so\s+)?dark(?:\s+(?:in\s+)?here)?{_TAIL}$",
)
# A room said to be too dark or too bright: "it's too dark in the kitchen", "the study is too
# bright". Only rooms: "the screen is too dark" is the computer's, "the photo is too dark" nobody's.
_PLACE = (
    r"(?P<place>(?:the|my|our|this)\s+(?:[\w']+\s+)?(?:(?:living|dining|sitting|guest|spare|play"
    r"|utility|front|back|main|kids'?|tv)\s+room|bedroom|kitchen|hall(?:way)?|bathroom|office|study"
    r"|lounge|den|porch|garden|patio|attic|basement|nursery|landing|stairs|staircase|garage|loft"
    r"|cellar|conservatory|room|house|flat|apartment))"
)
_HOW = r"(?:(?:too|very|so|a\s+bit|a\s+little|rather|quite|really|pretty|way\s+too)\s+)?"
_IT_IS = r"(?:it's|it\s+is|its)\s+(?:getting\s+)?"
_IS = r"\s+(?:is|looks|seems|feels|'s)\s+(?:getting\s+)?"
_DARK_ROOM = _Any(
    rf"^{_IT_IS}{_HOW}(?:dark|dim|gloomy)\s+(?:in|inside)\s+{_PLACE}{_TAIL}$",
    rf"^{_PLACE}{_IS}{_HOW}(?:dark|dim|gloomy){_TAIL}$",
)
_BRIGHT_ROOM = _Any(
    rf"^{_IT_IS}{_HOW}bright\s+(?:in|inside)\s+{_PLACE}{_TAIL}$",
    rf"^{_PLACE}{_IS}{_HOW}bright{_TAIL}$",
)
# Lights no longer wanted: "i don't need the lights on in the garage", "no lights in the hall".
_NOT_WANTED = _Any(
    rf"^(?:i|we)\s+(?:don't|dont|do\s+not|no\s+longer)\s+(?:need|want)\s+{_THE}"
    rf"(?P<device>(?:{_W}\s+){{0,2}}(?:lights?|lamps?|lighting))(?:\s+on)?(?:\s+{_ROOM})?"
    r"(?:\s+(?:anymore|any\s+more|now|tonight))?"
    rf"{_TAIL}$",
    rf"^no\s+(?:more\s+)?(?P<device>(?:{_W}\s+){{0,2}}(?:lights?|lamps?|lighting))(?:\s+on)?"
    rf"(?:\s+{_ROOM})?{_TAIL}$",
)
_ANY_COLOUR = _Any(
    rf"^(?:can|could)\s+{_THE}{_DEVICE}\s+be\s+(?:changed|turned|set|made)\s+(?:to\s+)?"
    rf"{_COLOUR_GROUP}{_TAIL}$",
    rf"^(?:set|change)\s+{_THE}colou?r\s+(?:to\s+)?{_COLOUR_GROUP}\s+(?:for|on|of|in)\s+{_THE}"
    rf"{_DEVICE}{_TAIL}$",
)
_WHICH_COLOUR = _Any(
    rf"^(?:change|set|switch)\s+{_THE}colou?r\s+of\s+{_THE}{_DEVICE}{_TAIL}$",
    rf"^(?:change|set|switch)\s+{_THE}(?P<device>(?:{_W}\s+){{0,2}}lights?)\s+colou?rs?{_TAIL}$",
)


def spoken_number(text: str) -> float:
    """'21', '20.5', 'twenty one', 'nineteen' as a number."""
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return float(text)
    whole, _, tenths = text.casefold().partition(" point ")  # "twenty one point five"
    value = float(sum(NUMBER_WORDS[w] for w in re.split(r"[ -]", whole.strip())))
    return value + NUMBER_WORDS[tenths.strip()] / 10 if tenths.strip() else value


def _device(text: str) -> str:
    """The device words as said, 'the' dropped: 'the kitchen lights' → 'kitchen lights'."""
    return re.sub(r"^(?:the|my|our)\s+", "", text.strip(), flags=re.I)


def _device_words(said: str) -> str:
    """The device without what a looser pattern swept in: "hue of the lights" is "lights",
    "bedroom light from white" is "bedroom light", "lights colour to a nice" is "lights"."""
    device = re.sub(
        r"^(?:colou?r|hue|shade|brightness)\s+(?:of|in|for)\s+", "", _device(said), flags=re.I
    )
    device = re.sub(r"\s+(?:from|to|into|by|colou?rs?)\b.*$", "", device, flags=re.I)
    device = re.sub(
        r"(?:\s+(?:a\s+(?:bit|little|tad|lot)|slightly|much|even|way|more|back|(?:in\s+)?here))+$",
        "",
        device,
        flags=re.I,
    )
    return _device(device) or _device(said)


def _home(device: str) -> bool:
    return not _NOT_HOME.search(device)


def _numeric(value: float) -> int | float:
    return int(value) if value == int(value) else value


def make_home_matchers() -> list[tuple[str, Matcher]]:
    """The matchers, most specific first: colour and brightness before plain on and off."""

    def colour(text: str) -> IntentMatch | None:
        m = _COLOUR_SET.match(text)
        if not m or not _home(m["device"]) or m["device"].casefold() in ("it", "this", "that"):
            return None
        if re.match(r"(?:me|us|him|her|them|you)\b", m["device"], re.I):
            return None  # "make me a flat white" is a coffee
        device = _device_words(m["device"])
        if not _LIT.search(device):
            return None  # "make the text red" is not a light's
        shade = m["colour"].casefold()
        if shade.startswith("light ") and not re.search(r"\b(?:lights?|lamps?|bulbs?)\b", device):
            device, shade = (
                f"{device} light",
                shade.removeprefix("light "),
            )  # "the bedroom light purple"
        if m.groupdict().get("room"):
            device = f"{device} {m['room']}"
        return IntentMatch("home_light_set", {"device": device, "colour": shade})

    def colour_here(text: str) -> IntentMatch | None:
        m = _COLOUR_HERE.match(text)
        if not m:
            return None
        room = m.groupdict().get("room")
        if room and not _LIT.search(room):
            return None  # "change to blue in the chart" is not a room's light
        device = f"lights {_device(room)}" if room else "lights"
        return IntentMatch("home_light_set", {"device": device, "colour": m["colour"].casefold()})

    def brightness(text: str) -> IntentMatch | None:
        m = _BRIGHTNESS_SET.match(text)
        if not m or not _home(m["device"]) or re.search(_CLIMATE_NOUN, m["device"], re.I):
            return None
        level = m.groupdict().get("level")
        value = LEVELS[level.casefold()] if level else spoken_number(m["number"])
        if not 0 <= value <= 100:
            return None
        return IntentMatch(
            "home_light_set", {"device": _device_words(m["device"]), "brightness": int(value)}
        )

    def all_the_way(text: str) -> IntentMatch | None:
        m = _ALL_THE_WAY.match(text)
        if not m or not _home(m["device"]):
            return None
        up = (m["dir"] or m["dir2"]).casefold() == "up"
        device = _device_words(m["device"])
        return IntentMatch("home_light_set", {"device": device, "brightness": 100 if up else 1})

    def relative(pattern: _Any, change: int) -> Matcher:
        def matcher(text: str) -> IntentMatch | None:
            m = pattern.match(text)
            if not m:
                return None
            device = _device_words(m["device"])
            if not _home(device) or device.casefold() in ("it", "this", "that", "the volume"):
                return None
            if re.search(rf"\b{_CLIMATE_NOUN}\b|\b(?:blinds?|shades?|music|tv)\b", device, re.I):
                return None
            return IntentMatch("home_light_set", {"device": device, "change": change})

        return matcher

    def climate(text: str) -> IntentMatch | None:
        m = _CLIMATE_SET.match(text)
        if not m:
            return None
        value = spoken_number(m["number"])
        if not (10 <= value <= 32 or 50 <= value <= 90):
            return None  # "actually make it 5" after an event is 5 o'clock, not 5 degrees
        bare = text.lower().startswith("make it") and not m.groupdict().get("device")
        if bare and not re.search(r"degree|°|celsius|fahrenheit", text, re.I):
            return None  # "make it 10" says no unit: what was just done is changed, if anything
        device = _device(m.groupdict().get("device") or "thermostat")
        if not _home(device):
            return None
        if re.fullmatch(r"(?:temperature|heat)", device, re.I):
            device = "thermostat"
        # "the temperature in the bedroom": the bedroom's thermostat
        device = re.sub(
            r"^(?:temperature|heat)\s+(?:in|of)\s+(?:the\s+|my\s+|our\s+)?", "", device, flags=re.I
        )
        return IntentMatch("home_climate_set", {"device": device, "temperature": _numeric(value)})

    def climate_step(text: str) -> IntentMatch | None:
        """ "Turn the heating up", "make it cooler in the bedroom": the target moved by a step
        (1 degree unless said), from where the thermostat is set now."""
        m = _CLIMATE_STEP.match(text)
        if not m:
            return None
        groups = m.groupdict()
        step = spoken_number(groups["number"]) if groups.get("number") else 1
        if not 0 < step <= 10:
            return None
        device = groups.get("device") or groups.get("room") or "thermostat"
        if groups.get("room") and re.fullmatch(
            r"(?:temperature|heat|heating|thermostat)", device, re.I
        ):
            device = groups["room"]  # "turn the heating up in the bedroom": the bedroom's
        if re.fullmatch(r"(?:temperature|heat)", device, re.I):
            device = "thermostat"
        device = re.sub(
            r"^(?:temperature|heat)\s+in\s+(?:the\s+|my\s+|our\s+)?", "", device, flags=re.I
        )
        device = _device(device)
        if not _home(device):
            return None
        change = step if groups["way"].lower() in _WARMER else -step
        return IntentMatch("home_climate_set", {"device": device, "change": _numeric(change)})

    def on_off(text: str) -> IntentMatch | None:
        m = _ON_OFF.match(text)
        if not m:
            return None
        device = _device(m["device"])
        room = m.groupdict().get("room")
        # "everything in the kitchen", "switch everything off in the study": the room's devices
        device = re.sub(r"^(?:everything|all)\s+(?:in|on)\s+(?=\S)", "", device, flags=re.I)
        if device.casefold() == "everything" and room:
            device, room = _device(re.sub(r"^(?:in|on)\s+", "", room, flags=re.I)), None
        if not _home(device) or device.casefold() in ("it", "this", "that", "everything"):
            return None
        if re.search(r"\b(?:turn|switch|put|flip|shut|power)\b", device, re.I):
            return None  # "ana turn the lights off": a name first, read again without it
        if re.search(
            r"^(?:is|are|was|were|did|do|does|has|have)\b|\b(?:is|are|was|were|if|whether|"
            r"turned|switched|left|kept|forgot|had|has)\b",
            device,
        ):
            return None  # "is the lamp on" asks, "ana left the fan on" tells
        if re.search(r"\b(?:alarms?|timers?)\b", device, re.I):
            return None  # "turn off the alarm" is the alarm clock's
        if text.casefold().startswith("put ") and not re.search(rf"\b{_HOME_NOUN}\b", device, re.I):
            return None  # "put some jazz on" is music
        if room:
            device = f"{device} {room}"
        state = m["state"].casefold()
        return IntentMatch("home_turn_on" if state == "on" else "home_turn_off", {"device": device})

    def start(text: str) -> IntentMatch | None:
        m = _START.match(text)
        if not m:
            return None
        groups = m.groupdict()
        if groups.get("clean"):
            return IntentMatch("home_turn_on", {"device": "vacuum"})
        if groups.get("coffee"):
            return IntentMatch("home_turn_on", {"device": "coffee machine"})
        device = _device(m["device"])
        if not _home(device) or not re.search(
            rf"\b(?:{_HOME_NOUN}|robot|cleaner|machine|maker|scene|dishwasher|washing)\b",
            device,
            re.I,
        ):
            return None  # "start a timer", "start the meeting" are not home devices
        return IntentMatch("home_turn_on", {"device": device})

    def stop(text: str) -> IntentMatch | None:
        m = _STOP.match(text)
        if not m:
            return None
        device = _device(m["device"])
        return IntentMatch(
            "home_turn_off", {"device": "vacuum" if device.casefold() == "cleaning" else device}
        )

    def scene(text: str) -> IntentMatch | None:
        m = _SCENE.match(text)
        return (
            IntentMatch("home_turn_on", {"device": _device(m["device"]) + " scene"}) if m else None
        )

    def cover(pattern: _Any, tool: str) -> Matcher:
        def matcher(text: str) -> IntentMatch | None:
            m = pattern.match(text)
            return IntentMatch(tool, {"device": _device(m["device"])}) if m else None

        return matcher

    def lock(text: str) -> IntentMatch | None:
        m = _LOCK.match(text)
        if not m:
            return None
        device = _device(m["device"])
        if not _home(device) or device.casefold() in ("it", "this", "that", "up"):
            return None
        verb = m["verb"].casefold().removesuffix("ed")  # "unlocked": as "unlock"
        tool = "home_unlock" if verb in ("unlock", "disarm") else "home_lock"
        if verb in ("arm", "disarm") and not re.search(r"\b(?:alarm|security)\b", device, re.I):
            return None
        return IntentMatch(tool, {"device": device})

    def status(text: str) -> IntentMatch | None:
        m = _STATUS.match(text)
        if not m:
            return None
        groups = m.groupdict()
        device = _device(groups.get("device") or "")
        if groups.get("reading"):
            device = " ".join(
                _device(p) for p in (groups.get("owner") or "", groups["reading"]) if p
            )
        if not _home(device) or device.casefold() in ("it", "this", "that"):
            return None
        if not groups.get("reading") and not _HAS_STATE.search(device):
            return None  # "is the shop open", "is the match on": not a thing at home
        if groups.get("reading") and not re.search(
            r"\b(?:car|battery|fuel|charge|range)\b", device, re.I
        ):
            return None  # "what's the temperature" alone is the weather's
        return IntentMatch("home_status", {"device": device.replace("'s", "")})

    def room_light(pattern: _Any, tool: str, change: int | None) -> Matcher:
        """The lights of the room said to be too dark or too bright."""

        def matcher(text: str) -> IntentMatch | None:
            m = pattern.match(text)
            if not m:
                return None
            place = re.sub(r"^(?:the|my|our|this)\s+", "", m["place"], flags=re.I)
            device = (
                "lights" if place.casefold() in ("room", "house", "flat") else f"{place} lights"
            )
            return IntentMatch(
                tool, {"device": device} | ({} if change is None else {"change": change})
            )

        return matcher

    def unwanted(text: str) -> IntentMatch | None:
        m = _NOT_WANTED.match(text)
        if not m:
            return None
        device = _device(m["device"])
        room = m.groupdict().get("room")
        return IntentMatch("home_turn_off", {"device": f"{device} {room}" if room else device})

    def fixed(pattern: _Any, tool: str, arguments: dict[str, Any]) -> Matcher:
        def matcher(text: str) -> IntentMatch | None:
            return IntentMatch(tool, dict(arguments)) if pattern.match(text) else None

        return matcher

    def light_level(pattern: _Any, change: int) -> Matcher:
        def matcher(text: str) -> IntentMatch | None:
            m = pattern.match(text)
            if not m:
                return None
            room = m.groupdict().get("room")
            if room and re.fullmatch(r"(?:in|of)\s+here", room, re.I):
                room = None  # "in here": where the user is, the lights botpsy resolves anyway
            device = f"lights {room}" if room else "lights"
            return IntentMatch("home_light_set", {"device": device, "change": change})

        return matcher

    def level_of(pattern: _Any, change: int) -> Matcher:
        def matcher(text: str) -> IntentMatch | None:
            m = pattern.match(text)
            if not m or not _home(m["device"]):
                return None
            device = _device(m["device"])
            room = m.groupdict().get("room")
            return IntentMatch(
                "home_light_set",
                {"device": f"{device} {room}" if room else device, "change": change},
            )

        return matcher

    def by_amount(pattern: _Any, sign: int) -> Matcher:
        def matcher(text: str) -> IntentMatch | None:
            m = pattern.match(text)
            if not m or not _home(m["device"]):
                return None
            amount = spoken_number(m["number"])
            if not 0 < amount <= 100:
                return None
            device = _device(m["device"])
            device = "lights" if device.casefold() == "brightness" else device
            room = m.groupdict().get("room")
            device = f"{device} {room}" if room else device
            return IntentMatch("home_light_set", {"device": device, "change": sign * int(amount)})

        return matcher

    def mood(text: str) -> IntentMatch | None:
        m = _MOOD_SET.match(text)
        if not m:
            return None
        groups = m.groupdict()
        device = _device(groups.get("device") or "lights")
        if groups.get("room"):
            device = f"{device} {groups['room']}"
        if not _home(device):
            return None
        named = _MOOD_WORDS.get(m["mood"].casefold(), "mood")
        if named == "normal" and not re.search(
            r"\b(?:lights?|lamps?|lighting|bulbs?)\b", text, re.I
        ):
            return None  # "switch to normal mode" may be anything's mode; only lights are ours
        setting = MOODS[named]
        return IntentMatch("home_light_set", {"device": device, **setting})

    def new_colour(text: str) -> IntentMatch | None:
        m = _NEW_COLOUR.match(text)
        if not m:
            return None
        device = _device(m["device"] or m["device2"] or "lights")
        if not _home(device):
            return None
        return IntentMatch(
            "home_light_set",
            {"device": device},
            missing={"colour": "Which colour? (e.g. blue, warm white)"},
        )

    def going(text: str) -> IntentMatch | None:
        m = _GOING.match(text)
        if not m:
            return None
        device = _device(m["device"])
        if not _home(device) or not re.search(
            rf"\b(?:{_HOME_NOUN}|robot|cleaner|machine|maker|dishwasher|washing)\b", device, re.I
        ):
            return None
        return IntentMatch("home_turn_on", {"device": device})

    def any_colour(text: str) -> IntentMatch | None:
        m = _ANY_COLOUR.match(text)
        if not m or not _home(m["device"]) or not _LIT.search(m["device"]):
            return None  # "change colour to blue on the chart" is not a light's
        return IntentMatch(
            "home_light_set", {"device": _device(m["device"]), "colour": m["colour"].casefold()}
        )

    def which_colour(text: str) -> IntentMatch | None:
        m = _WHICH_COLOUR.match(text)
        if not m or not _home(m["device"]) or not re.search(r"lights?|lamps?", m["device"], re.I):
            return None
        return IntentMatch(
            "home_light_set",
            {"device": _device(m["device"])},
            missing={"colour": "Which colour? (e.g. blue, warm white)"},
        )

    matchers = [
        ("light_colour", colour),
        ("light_colour_here", colour_here),
        ("light_any_colour", any_colour),
        ("light_which_colour", which_colour),
        ("light_new_colour", new_colour),
        ("light_mood", mood),
        ("light_all_the_way", all_the_way),
        ("light_brightness", brightness),
        ("climate_set", climate),
        ("climate_step", climate_step),
        ("scene", scene),
        ("on_off", on_off),
        ("light_up_by", by_amount(_UP_BY, 1)),
        ("light_down_by", by_amount(_DOWN_BY, -1)),
        ("lights_kill", cover(_KILL, "home_turn_off")),
        ("more_light_of", level_of(_MORE_LIGHT_OF, 30)),
        ("less_light_of", level_of(_LESS_LIGHT_OF, -30)),
        ("light_dim", relative(_DIM, -30)),
        ("light_brighten", relative(_BRIGHTEN, 30)),
        ("clean", fixed(_CLEAN, "home_turn_on", {"device": "vacuum"})),
        ("start", start),
        ("stop", stop),
        ("open", cover(_OPEN, "home_open")),
        ("close", cover(_CLOSE, "home_close")),
        ("lock", lock),
        ("status", status),
        ("coffee", fixed(_COFFEE, "home_turn_on", {"device": "coffee machine"})),
        ("soft_light", light_level(_SOFT_WISH, -30)),
        ("full_light", light_level(_FULL_WISH, 30)),
        ("it_brighter", light_level(_IT_BRIGHTER, 30)),
        ("it_darker", light_level(_IT_DARKER, -30)),
        ("going", going),
        ("more_light", light_level(_MORE_LIGHT, 30)),
        ("less_light", light_level(_LESS_LIGHT, -30)),
        ("too_dark", fixed(_TOO_DARK, "home_turn_on", {"device": "lights"})),
        ("dark_room", room_light(_DARK_ROOM, "home_turn_on", None)),
        ("bright_room", room_light(_BRIGHT_ROOM, "home_light_set", -30)),
        ("lights_unwanted", unwanted),
        # what the exact shapes leave, read by the words it carries (botpsy_homeassistant.said)
        ("any_player", broad_player),
        ("any_coffee", broad_coffee),
        ("any_cleaning", broad_clean),
        ("any_device", broad_home),
    ]
    return [(name, _politely(matcher, name == "climate_set")) for name, matcher in matchers]


# Words as they are often written down from speech: "turn of the lights", "make me a coffe".
_AS_HEARD = (
    (re.compile(r"\b(turn|switch|shut|power|turned|switched)\s+of\b", re.I), r"\1 off"),
    (re.compile(rf"\b({_HOME_NOUN}|{_COVER_NOUN})\s+of$", re.I), r"\1 off"),
    (re.compile(r"\bcoffe\b", re.I), "coffee"),
    (re.compile(r"\b(?:vaccu?u?me?|vacume|vacum)\b", re.I), "vacuum"),
    (re.compile(r"\bfourty\b", re.I), "forty"),
    # "turn off the lights please jo": a name said after the closing "please"
    (re.compile(r"\s+(?:please|thanks|thank\s+you)\s+[a-z]+$", re.I), ""),
    # "study, everything off", "everything off in the study": a room's every device
    (
        re.compile(
            r"^(?:in\s+)?(?:the\s+)?(?P<area>[a-z][\w']*(?:\s+[a-z][\w']*)?)\s*[,:]\s*"
            r"(?:everything|it\s+all|all\s+of\s+it)\s+(?P<state>off|on)$",
            re.I,
        ),
        r"turn everything \g<state> in the \g<area>",
    ),
    (
        re.compile(r"^(?:everything|it\s+all)\s+(?P<state>off|on)\s+in\s+", re.I),
        r"turn everything \g<state> in ",
    ),
)


def as_meant(text: str) -> str:
    """ "turn of the lights" -> "turn off the lights": slips of writing speech down, put right."""
    for heard, meant in _AS_HEARD:
        text = heard.sub(meant, text)
    return text


# A setting said with "at" that is no clock: "keep the bedroom at 18" (for the thermostat).
_AT_DEGREES = re.compile(r"\s+at\s+(?:1\d|2\d|3[0-2])(?:\s*(?:degrees?|°c?))?(?:\s+please)?$", re.I)


def _politely(matcher: Matcher, degrees_at: bool = False) -> Matcher:
    """The matcher, after "would you", "help me" and the like are taken off the request.

    `degrees_at`: the thermostat's, where "at 19" is a temperature, never a time to wait for."""

    def polite(text: str) -> IntentMatch | None:
        if LATER.search(_AT_DEGREES.sub("", text) if degrees_at else text):
            return None  # "turn the heater on at six": a schedule, which the model is told of
        text = _POLITE.sub("", as_meant(text), count=1).strip()
        return matcher(text) or matcher(_POLITE.sub("", without_name(text, _COMMANDS)).strip())

    return polite
