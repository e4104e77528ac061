"""Local intents for sound: the volume, mute, and what the media player does next.

Each pattern takes a whole short request or nothing: "turn it up", "a bit
quieter", "volume to forty", "mute for an hour", "on to the next chapter",
"shuffle off", "repeat this song", "who sings this". Words that name another
device ("the tv", "the heating") never match, so home devices stay with the
plugins that own them. Playing something by name is `play_intents`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import IntentMatch
from botpsy_device.spoken import clean, spoken_number, with_apostrophes

Matcher = Callable[[str], IntentMatch | None]

# -- volume ------------------------------------------------------------------------------------
_SOUND = r"(?:the\s+)?(?:volume|sound|audio|music|speakers?|it|this|that)"
_VOLUME = (
    r"(?:the\s+|my\s+|all\s+(?:the\s+)?)?(?:(?:speaker|speakers|computer|system|music|media|master)\s+)?"
    r"(?:volume|sound|audio)(?:\s+level)?"
)
# "the volume of the music", "the volume on the speakers": whose volume, still this computer's.
_OF = (
    r"(?:\s+(?:of|on|for|in)\s+(?:the\s+|my\s+|all\s+(?:the\s+)?|this\s+)?"
    r"(?:music|speakers?|computer|laptop|audio|sound|device|song|track|player|media))?"
)
_MORE = r"(?:\s+(?:a\s+(?:bit|little|tad|notch|touch)(?:\s+(?:bit|more))?|some(?:\s+more)?|more|again|slightly))?"
_CHANGE = (
    r"(?:set|change|put|turn|make|adjust|bring|move|increase|raise|boost|lower|decrease|reduce|"
    r"drop|crank|pump|up|get)"
)
# The level itself: digits or words, "percent", or a named point of the scale.
_VOLUME_TO = re.compile(
    rf"^(?:{_CHANGE}(?:\s+(?:up|down))?\s+)?{_VOLUME}{_OF}(?:\s+(?:up|down))?\s+(?:to|at)\s+(?P<level>.+)$"
    rf"|^(?:{_CHANGE}\s+)(?:the\s+)?(?:music|speakers?|it|sound)\s+(?:up|down)\s+(?:to|at)\s+(?P<level2>.+)$"
    rf"|^(?:set|put|turn)\s+{_VOLUME}(?:\s+(?:up|down))?\s+(?P<level3>\d{{1,3}}\s*(?:%|percent)?)$"
    rf"|^volume\s+(?P<level4>.+)$"
    r"|^(?P<level5>max|maximum|full|half|minimum|min)\s+volume$",
    re.I,
)
# "turn it up by ten", "lower the volume by 20 percent": a step of that size.
_VOLUME_BY = re.compile(
    rf"^(?:(?:turn|bring|put|crank|pump)\s+{_SOUND}\s+(?P<dir>up|down)"
    rf"|(?P<verb>increase|raise|boost|up|decrease|lower|reduce|drop)\s+{_VOLUME}{_OF}"
    rf"|{_VOLUME}\s+(?P<dir2>up|down))\s+by\s+(?P<step>.+?)(?:\s*(?:%|percent|per\s*cent|points?|notches))?$",
    re.I,
)
_ALL_THE_WAY = re.compile(
    rf"^(?:(?:turn|crank|bring|put|pump)\s+)?{_SOUND}\s+all\s+the\s+way\s+(?P<dir>up|down)$"
    rf"|^(?:turn|crank|bring|put|pump)\s+{_SOUND}\s+(?P<dir2>up|down)\s+all\s+the\s+way$"
    rf"|^(?:crank|max(?:\s+out)?|pump)\s+{_SOUND}\s+all\s+the\s+way(?P<dir3>)$",
    re.I,
)
# "max out the volume", "as loud as it goes": an end of the scale, said without a number.
_AS_FAR = r"as\s+(?:far|much)\s+as\s+(?:possible|it\s+(?:goes|can\s+go|will\s+go))"
_LOUDEST = re.compile(
    rf"^(?:max(?:\s+out)?|maximi[sz]e)\s+{_SOUND}(?:\s+out)?$|^(?:make|turn|put|crank|pump)\s+{_SOUND}\s+"
    rf"(?:up\s+{_AS_FAR}|as\s+(?:loud|high)\s+as\s+(?:possible|it\s+(?:goes|can\s+go|will\s+go)))$",
    re.I,
)
_QUIETEST = re.compile(
    rf"^minimi[sz]e\s+{_SOUND}$|^(?:make|turn|put|bring)\s+{_SOUND}\s+(?:down\s+{_AS_FAR}|as\s+(?:quiet|low|soft)\s+as\s+"
    r"(?:possible|it\s+(?:goes|can\s+go|will\s+go)))$",
    re.I,
)
_NAMED_LEVELS = {
    "max": "max", "maximum": "max", "full": "max", "the max": "max", "highest": "max",
    "loudest": "max", "top": "max", "full blast": "max", "high": "80",
    "half": "half", "halfway": "half", "medium": "half", "middle": "half", "the middle": "half",
    "min": "min", "minimum": "min", "lowest": "min", "quietest": "min", "low": "20",
    "normal": "half", "moderate": "half", "average": "half", "regular": "half", "nothing": "0", "nil": "0",
    "silent": "0", "none": "0",
}  # fmt: skip
_LEVEL_WORDS = re.compile(
    r"^(?:the\s+|an?\s+)?(?:level\s+|number\s+)?(?P<value>.+?)(?:\s*(?P<percent>%|percent|per\s*cent))?"
    r"(?:\s+(?:level|setting|mark|volume|out\s+of\s+(?:ten|10|a\s+hundred|one\s+hundred|100)))?$",
    re.I,
)

_TOO = r"(?:it(?:'s|\s+is)|that(?:'s|\s+is)|this\s+is|the\s+(?:music|volume|sound)\s+is)\s+(?:way\s+|much\s+|a\s+(?:bit|little)\s+)?too"
# "it's a bit quiet", "the music is rather loud": how it sounds, said softly, asks for a change.
_SOFTLY = (
    r"(?:it(?:'s|\s+is)|this\s+is|that(?:'s|\s+is)|the\s+(?:music|volume|sound)\s+is)\s+"
    r"(?:a\s+(?:bit|little|tad)|kind\s+of|sort\s+of|rather|pretty|quite)"
)
_UP = re.compile(
    rf"^(?:turn|crank|pump|bring|push|jack|bump|kick|put)\s+{_SOUND}\s+up{_MORE}$"
    rf"|^(?:turn|crank|pump|bring|jack|bump)\s+up(?:\s+{_SOUND}{_OF})?{_MORE}$"
    rf"|^(?:increase|raise|boost|up|amplify)\s+{_VOLUME}{_OF}{_MORE}$"
    rf"|^(?:increase|raise|boost)\s+(?:it|the\s+music|the\s+speakers?){_MORE}$"
    rf"|^(?:i\s+(?:want|would\s+like|'d\s+like|need)\s+)?(?:the\s+)?(?:volume|sound)\s+(?:should|needs\s+to|has\s+to|to)\s+(?:be\s+|go\s+)?(?:higher|louder|up|increased|raised)$"
    r"|^(?:the\s+)?(?:volume|sound|music)\s+is\s+(?:way\s+|much\s+|a\s+(?:bit|little)\s+)?(?:too\s+|so\s+|very\s+|really\s+)?(?:quiet|soft|low)$"
    rf"|^raise\s+your\s+voice$|^(?:more|higher)\s+volume$|^(?:volume|sound)\s+(?:up|higher|louder){_MORE}$"
    r"|^(?:up|higher)\s+(?:a\s+(?:bit|little|tad|notch|touch)(?:\s+more)?|some\s+more)$"
    rf"|^play\s+{_SOUND}\s+(?:a\s+(?:bit|little|tad|touch)\s+|much\s+)?louder$"
    rf"|^{_SOFTLY}\s+(?:quiet|soft)$"
    rf"|^(?:(?:make|turn|set|put)\s+{_SOUND}\s+)?(?:way\s+|a\s+(?:bit|little|tad|touch)\s+|much\s+|even\s+)?louder{_MORE}$"
    rf"|^(?:make|turn|set|put)\s+{_SOUND}\s+(?:way\s+|a\s+(?:bit|little|tad)\s+|much\s+)?higher{_MORE}$"
    rf"|^(?:turn|crank|dial|pump)\s+{_SOUND}\s+way\s+up$|^dial\s+(?:it\s+up|up\s+{_SOUND}){_MORE}$"
    r"|^i\s+(?:want|need)\s+(?:more|higher)\s+volume$|^louder\s+(?:volume|sound|music)$|^more\s+sound$"
    rf"|^(?:speak|talk)\s+(?:a\s+(?:bit|little)\s+)?(?:louder|up){_MORE}$"
    r"|^i\s+(?:want|need)\s+(?:it|the\s+(?:music|volume|sound))\s+louder$"
    r"|^i\s+can(?:'t|not|\s+not|\s+barely|\s+hardly)\s+hear(?:\s+(?:it|this|that|you|the\s+(?:music|sound|song)|anything))?(?:\s+well)?$"
    rf"|^{_TOO}\s+(?:quiet|soft|low)$|^(?:it(?:'s|\s+is)\s+|the\s+(?:music|volume|sound)\s+is\s+)?not\s+loud\s+enough$",
    re.I,
)
_DOWN = re.compile(
    rf"^(?:turn|bring|knock|take|put)\s+{_SOUND}\s+down{_MORE}$"
    rf"|^(?:turn|bring|put|lower)\s+down\s+{_SOUND}{_OF}{_MORE}$"
    r"|^i\s+(?:want|need)\s+(?:it|the\s+(?:music|volume|sound))\s+(?:quieter|lower|softer)$"
    r"|^(?:the\s+)?(?:volume|sound|music)\s+(?:is\s+)?(?:way\s+|much\s+)?too\s+(?:high|loud)$"
    rf"|^(?:decrease|lower|reduce|drop|cut|soften)\s+{_VOLUME}{_OF}{_MORE}$"
    rf"|^(?:i\s+(?:want|would\s+like|'d\s+like|need)\s+)?(?:the\s+)?(?:volume|sound)\s+(?:should|needs\s+to|has\s+to|to)\s+(?:be\s+|go\s+)?(?:lower|quieter|softer|down|decreased|reduced|lowered)$"
    rf"|^(?:it(?:'s|\s+is)|this\s+is)\s+(?:way\s+|much\s+)?too\s+noisy$|^(?:less|lower)\s+volume$|^(?:volume|sound)\s+(?:down|lower){_MORE}$"
    r"|^(?:down|lower)\s+(?:a\s+(?:bit|little|tad|notch|touch)(?:\s+more)?|some\s+more)$"
    rf"|^play\s+{_SOUND}\s+(?:a\s+(?:bit|little|tad|touch)\s+|much\s+)?(?:quieter|softer|more\s+quietly)$"
    rf"|^{_SOFTLY}\s+loud$"
    rf"|^(?:(?:make|turn|set|put)\s+{_SOUND}\s+)?(?:a\s+(?:bit|little|tad|touch)\s+|much\s+|even\s+)?(?:quieter|softer){_MORE}$"
    rf"|^(?:make|turn|set|put)\s+{_SOUND}\s+lower{_MORE}$|^(?:lower|quieten|soften|reduce|decrease)\s+(?:the\s+)?(?:music|speakers?|it){_MORE}$"
    rf"|^(?:quiet|quieten|tone|dial)\s+(?:it\s+)?down{_MORE}$|^(?:tone|dial)\s+down\s+{_SOUND}{_MORE}$"
    r"|^(?:(?:it(?:'s|\s+is)|that(?:'s|\s+is)|this\s+is|the\s+(?:music|volume|sound)\s+is)\s+)?(?:(?:way|far|much|a\s+bit|a\s+little|slightly)\s+)?too\s+loud$"
    r"|^(?:it(?:'s|\s+is)|this\s+is|the\s+(?:music|volume|sound)\s+is)\s+(?:so|really|very)\s+loud$"
    r"|^(?:speak|talk)\s+(?:a\s+(?:bit|little)\s+)?(?:more\s+)?(?:quieter|softer|quietly|softly)$"
    r"|^(?:not\s+so|less)\s+loud$|^keep\s+it\s+down$"
    r"|^(?:(?:it(?:'s|\s+is)|this\s+is|that(?:'s|\s+is)|the\s+(?:music|volume|sound)\s+is)\s+)?hurting\s+my\s+ears$"
    rf"|^{_TOO}\s+high$",
    re.I,
)
# What a mute names: the sound itself, never someone ("mute ana") or notifications.
_MUTED = (
    r"(?:the\s+|my\s+|all\s+(?:the\s+)?)?(?:sound|sounds|audio|volume|speakers?|computer|laptop|"
    r"music|it|this|that|everything|yourself|device|system|player)|(?:all\s+)?(?:your\s+)?(?:voice|responses|replies|answers)|all"
)
_COUNT = r"(?:a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|half\s+an?|\d+)"
_UNIT = r"(?:seconds?|minutes?|mins?|hours?|hrs?)"
# Longer spans only with how many: "for a day", "two nights" (never "silent night" alone).
_DAYS = r"(?:a|an|one|two|three|four|five|six|seven|a\s+couple\s+of|a\s+few|\d+)\s+(?:days?|nights?|weeks?)"
# "for an hour", "for the next ten minutes", "until i say so": mute now, whatever follows.
# How long or when, said after a request that happens now: "for twenty five minutes", "until
# five", "for the next half hour", "ten minutes", "while i'm on the phone", "tonight".
_AMOUNT = rf"(?:(?:{_COUNT}|[a-z]+ty(?:\s+[a-z]+)?|few|couple(?:\s+of)?)\s+)?"
_SPAN = (
    rf"(?:a\s+(?:while|bit|moment|sec(?:ond)?)|now|{_DAYS}|{_AMOUNT}(?:half\s+(?:an\s+)?)?{_UNIT}(?:\s+and\s+a\s+half)?"
    r"|an?\s+hour\s+and\s+a\s+half|half\s+(?:an\s+)?hour"
    r"|(?:(?:the\s+)?(?:rest|remainder)\s+of\s+)?(?:the\s+)?(?:whole\s+|entire\s+)?"
    r"(?:day|night|evening|morning|afternoon|weekend|week|meeting|call|film|movie|show|party|dinner|lunch|"
    r"lecture|class|nap|game|match|conference|presentation|interview|exam|session|service|concert))"
)
TIME_TAIL = (
    rf"(?:\s+for\s+(?:the\s+)?(?:next\s+)?{_SPAN}|\s+(?:(?:in|over)\s+)?(?:the\s+)?next\s+{_SPAN}|\s+{_AMOUNT}{_UNIT}"
    r"|\s+(?:until|till|til)\s+[\w' :.]{1,40}|\s+(?:during|through)\s+(?:the\s+|my\s+)?[\w' ]{1,25}"
    r"|\s+while\s+(?:i|we)(?:'m|m|\s+am|\s+are|'re|re)?\s+[\w' ]{1,30}"
    r"|\s+from\s+[\w:. ]{1,15}\s+(?:to|until|till)\s+[\w:. ]{1,15}"
    r"|\s+(?:at|by)\s+(?:night|noon|midnight|\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?|[a-z]+(?:\s+[a-z]+)?\s+(?:[ap]m|o'?clock))"
    rf"|\s+in\s+{_AMOUNT}{_UNIT}|\s+(?:tonight|today|this\s+(?:evening|afternoon|morning))|\s+from\s+now\s+on)"
)
_FOR_A_WHILE = rf"(?:{TIME_TAIL}){{0,2}}"  # "tonight until seven"
_MUTE = re.compile(
    rf"^(?:mute|silence)(?:\s+(?:{_MUTED}){_OF})?{_FOR_A_WHILE}$"
    r"|^(?:hit|press|push|click|tap|use)\s+(?:the\s+)?mute(?:\s+button)?$|^(?:the\s+)?mute\s+button$"
    rf"|^make\s+{_SOUND}\s+(?:silent|mute)$|^i\s+(?:don't|do\s+not)\s+want\s+(?:any|to\s+hear\s+any)\s+(?:sound|noise)$|^no\s+volume$"
    rf"|^(?:set|put|turn|switch|go|stay)\s+(?:(?:{_MUTED})\s+)?(?:on\s+|to\s+|in\s+|into\s+)?mute{_FOR_A_WHILE}$"
    rf"|^mute\s+(?:on|mode){_FOR_A_WHILE}$"
    rf"|^(?:turn|switch)\s+(?:the\s+)?(?:sound|audio|volume|speakers?)\s+off{_FOR_A_WHILE}$"
    rf"|^(?:turn|switch)\s+off\s+(?:the\s+|all\s+(?:the\s+)?)?(?:sounds?|audio|volume|speakers?){_FOR_A_WHILE}$"
    r"|^(?:turn\s+on|switch\s+on|switch\s+to|go\s+into|enable|activate)\s+(?:the\s+)?(?:silent|mute)\s+mode$"
    r"|^(?:(?:be|go|stay|keep)\s+(?:quiet|silent)|quiet|hush|shush|sh+|no\s+(?:more\s+)?sound|(?:sound|volume)\s+off|"
    rf"volume\s+mute|silence|shut\s+up){_FOR_A_WHILE}$"
    rf"|^(?:stop|kill|cut|disable)\s+(?:the\s+|all\s+(?:the\s+)?)?(?:sound|sounds|audio|noise|volume|speakers?){_FOR_A_WHILE}$"
    rf"|^(?:enable|activate|turn\s+on|switch\s+on)\s+mute{_FOR_A_WHILE}$|^(?:turn|switch)\s+mute\s+on{_FOR_A_WHILE}$"
    r"|^(?:no|no\s+more)\s+noise$|^quiet\s+mode$|^i\s+(?:don't|do\s+not)\s+want\s+to\s+hear\s+anything$"
    r"|^(?:put|set|switch)\s+(?:it\s+|the\s+(?:sound|computer|speakers?)\s+)?(?:on\s+|to\s+)?silent(?:\s+mode)?$"
    r"|^i\s+(?:want|need)\s+(?:some\s+)?silence$|^(?:shut\s+up|silent|stop\s+(?:talking|speaking|making\s+noise))$",
    re.I,
)
_UNMUTE = re.compile(
    rf"^un-?\s?mute(?:\s+(?:{_MUTED}))?$"
    r"|^(?:turn|switch)\s+(?:the\s+)?(?:sound|audio|speakers?)\s+(?:back\s+)?on$"
    r"|^(?:turn|switch)\s+on\s+the\s+(?:sound|audio|speakers?)$"
    r"|^(?:take|turn)\s+(?:it\s+|the\s+sound\s+)?off\s+mute$|^(?:sound|audio)\s+(?:back\s+)?on$",
    re.I,
)
_VOLUME_NOW = re.compile(
    r"^(?:what(?:'s|\s+is)\s+the\s+(?:volume|sound\s+level)(?:\s+(?:at|level|set\s+to))?"
    r"|how\s+(?:loud|high|low)\s+is\s+(?:the\s+(?:volume|sound)|it(?:\s+set)?)"
    r"|(?:is|are)\s+(?:the\s+(?:sound|volume|computer|speakers?|music)|it|you|we|everything)\s+(?:on\s+)?mute(?:d)?"
    r"|(?:what(?:'s|\s+is)\s+)?(?:the\s+)?(?:current\s+volume(?:\s+level)?|volume\s+level)(?:\s+(?:now|at\s+the\s+moment))?"
    r"|what\s+(?:volume|level)\s+is\s+(?:it|the\s+(?:sound|volume|music))\s+(?:on|at|set\s+to))$",
    re.I,
)

# -- the player ----------------------------------------------------------------------------------
_TRACK = r"(?:song|track|tune|one|episode|chapter|video|podcast|audiobook|book|part|station)"
_PLAYING = (
    r"(?:(?:the\s+)?(?:music|song|track|playback|video|podcast|audiobook|player|media|it|this)"
    # "whatever's on", "what is playing now", "whatever i'm listening to"
    r"|(?:whatever|what|anything\s+that)(?:'s|\s+is|\s+i'm\s+listening\s+to)(?:\s+playing|\s+on)?(?:\s+now)?"
    r"|(?:the\s+)?(?:sound|audio|radio|stream|episode))"
)
_PAUSE = re.compile(
    rf"^(?:pause|hold)(?:\s+{_PLAYING})?$|^stop\s+(?:the\s+)?(?:music|playback)$"
    r"|^(?:hit|press|push|click|tap)\s+(?:the\s+)?(?:pause|stop)(?:\s+button)?$",
    re.I,
)
_NEXT = re.compile(
    r"^read\s+(?:the\s+)?next\s+(?:chapter|part|section)$"
    r"|^(?:(?:play|go\s+(?:on\s+)?to|skip\s+(?:on\s+)?to|move\s+(?:on\s+)?to|proceed\s+to|jump\s+to|"
    r"advance\s+to|switch\s+to|on\s+to)\s+)?"
    rf"(?:the\s+)?next(?:\s+{_TRACK})?(?:\s+please)?$"
    r"|^(?:play\s+|put\s+on\s+)?(?:something|anything)\s+else$"
    r"|^(?:play|put\s+on|give\s+me)\s+(?:a\s+)?(?:different|another)\s+(?:one|song|track|tune)$"
    rf"|^skip(?:\s+(?:this|the|that|the\s+current))?(?:\s+{_TRACK})?(?:\s+(?:forward|ahead))?$"
    r"|^(?:change|switch)\s+(?:the\s+|this\s+)?(?:song|track|tune|music|(?:radio\s+)?(?:station|channel))$",
    re.I,
)
_PREVIOUS = re.compile(
    r"^read\s+(?:the\s+)?(?:previous|last)\s+(?:chapter|part|section)(?:\s+again)?$"
    r"|^(?:(?:play|replay|(?:go\s+)?back\s+to|go\s+to|skip\s+(?:back\s+)?to|move\s+(?:back\s+)?to|jump\s+(?:back\s+)?to)\s+)?"
    rf"(?:the\s+|that\s+)?(?:previous|last|prior)\s+{_TRACK}(?:\s+again)?$"
    rf"|^previous$|^(?:(?:go|skip|jump|move)\s+)?back\s+(?:a|one)\s+{_TRACK}$|^(?:skip|go)\s+back$",
    re.I,
)
_SET_ON = r"(?:turn|switch|put|set)\s+(?:on\s+)?|(?:enable|activate|start)\s+"
_SET_OFF = r"(?:disable|deactivate|stop|cancel|end|no)\s+"
_SONGS = r"(?:(?:the|my|this|these|all)\s+)?(?:music|songs|playlist|tracks|album|queue|list)"
_SHUFFLE_ON = re.compile(
    rf"^(?:{_SET_ON})?shuffl(?:e|ing)(?:\s+(?:on|mode))?$|^shuffle\s+(?:it|them|{_SONGS})$"
    rf"|^(?:play|put)\s+(?:it|them|{_SONGS})\s+(?:in\s+|on\s+)?(?:random(?:\s+order)?|shuffle)$"
    rf"|^randomi[sz]e\s+(?:the\s+order|{_SONGS})$|^play\s+(?:it|them|{_SONGS})\s+(?:randomly|at\s+random)$"
    r"|^set\s+(?:the\s+)?(?:player|music)\s+to\s+shuffle$",
    re.I,
)
_SHUFFLE_OFF = re.compile(
    rf"^(?:turn|switch)\s+(?:off\s+shuffle(?:\s+mode)?|shuffle(?:\s+mode)?\s+off)$|^(?:{_SET_OFF})shuffl(?:e|ing)(?:\s+mode)?$"
    rf"|^shuffle(?:\s+mode)?\s+off$|^(?:don't|do\s+not)\s+shuffle(?:\s+(?:it|them|{_SONGS}))?$"
    rf"|^play\s+(?:it\s+|them\s+|{_SONGS}\s+)?in\s+order$",
    re.I,
)
_NOW = r"(?:\s+(?:now|right\s+now|at\s+the\s+moment))?"
_ON_NOW = rf"(?:\s+(?:that(?:'s|\s+is)\s+|which\s+is\s+|is\s+(?:being\s+)?)?(?:playing|being\s+played|on){_NOW})?"
_REPEAT_ON = re.compile(
    rf"^(?:{_SET_ON})?(?:repeat|loop)(?:\s+(?:on|mode|all|one))?$"
    rf"|^(?:repeat|loop|replay)\s+(?:(?:the|this|that|my)\s+)?(?:(?:current|last|same)\s+)?"
    rf"(?:song|track|tune|one|album|playlist|music){_ON_NOW}(?:\s+again)?$"
    rf"|^(?:put|keep|set)\s+(?:it|(?:this|that|the)(?:\s+(?:song|track|album|playlist))?)\s+on\s+(?:repeat|loop)$"
    r"|^(?:play|keep\s+playing)\s+(?:it|(?:this|that|the)\s+(?:song|track|album|playlist))\s+on\s+(?:repeat|loop)$"
    r"|^set\s+(?:the\s+)?(?:player\s+)?(?:to|on)\s+repeat$",
    re.I,
)
_REPEAT_OFF = re.compile(
    r"^(?:turn|switch)\s+(?:off\s+(?:repeat|loop)|(?:repeat|loop)\s+off)$"
    rf"|^(?:{_SET_OFF})(?:repeat|repeating|loop|looping)(?:\s+(?:mode|(?:this|the|that)\s+(?:song|track|album|playlist)))?$"
    r"|^(?:repeat|loop)\s+off$|^(?:don't|do\s+not)\s+(?:repeat|loop)(?:\s+(?:it|this|that|the\s+\w+))?$",
    re.I,
)
# "What's playing", "who sings this", "what album is this from": always about what plays now,
# so the question says "this", "that", "the current" or "playing" (not "who sings yesterday").
_ITEM = r"(?:song|track|tune|music|band|group|musical\s+group|artist|singer|album|record|piece)"
_THIS = r"(?:this|that|the\s+current(?:ly\s+playing)?|the\s+playing)"
_NOW_PLAYING = re.compile(
    rf"^what(?:'s|\s+is)\s+(?:currently\s+)?(?:playing|on)(?:\s+on\s+(?:the\s+(?:radio|speakers?|player)|spotify|pandora))?{_NOW}$"
    rf"|^what(?:'s|\s+is)\s+the\s+(?:name|title)\s+of\s+the\s+(?:song|track|tune|artist|band|singer|album)$"
    r"|^who(?:'s|\s+is)\s+the\s+(?:artist|singer|band|composer|performer)$"
    rf"|^(?:the\s+)?(?:name\s+of\s+(?:the|{_THIS})\s+(?:song|track|artist|band)|(?:song|track|artist|band)\s+name)$"
    rf"|^(?:the\s+)?current(?:ly\s+playing)?\s+(?:song|track)$"
    rf"|^what\s+(?:genre|kind\s+of\s+music|type\s+of\s+music|style\s+of\s+music)\s+is\s+(?:this|that)(?:\s+{_ITEM})?$"
    rf"|^(?:identify|recogni[sz]e)\s+(?:this|that)\s+(?:song|tune|track|music)$"
    rf"|^tell\s+me\s+(?:more\s+)?about\s+{_THIS}\s+{_ITEM}$"
    r"|^(?:tell\s+me\s+)?(?:more\s+)?about\s+(?:this|that|the)\s+(?:artist|band|singer|song|track|album)$"
    r"|^when\s+(?:was|did)\s+(?:this|that|it)\s+(?:released|recorded|made|written|come\s+out)$"
    r"|^what(?:'s|\s+is)\s+(?:currently\s+)?(?:playing\s+)?on\s+(?:the\s+)?radio$"
    rf"|^(?:tell\s+me|do\s+you\s+know)\s+(?:what|which)\s+{_ITEM}\s+(?:this|that)\s+is$|^do\s+you\s+know\s+{_THIS}\s+{_ITEM}$"
    rf"|^what(?:'s|\s+is)\s+the\s+{_ITEM}\s+called$|^who(?:'s|\s+is)\s+(?:this|that)\s+by$"
    r"|^what(?:'s|\s+is)\s+the\s+(?:artist|singer|band)(?:'s)?\s+name$"
    r"|^is\s+(?:this|that)\s+(?:song|track|tune)\s+by\s+[\w' ]{1,40}$"
    r"|^(?:what|which)\s+(?:artist|singer|band)\s+(?:sings|sang|is\s+singing|performs|made|wrote)\s+(?:this|that)(?:\s+(?:song|track|tune))?$"
    rf"|^(?:(?:give|tell|show)\s+me\s+)?(?:the\s+)?(?:details|info|information)\s+(?:of|on|about|for)\s+(?:{_THIS}|the)\s+(?:song|track|tune)$"
    r"|^(?:song|track)\s+(?:info|information|details)$|^what(?:'s|\s+is)\s+this\s+song$"
    rf"|^what(?:'s|\s+is)\s+the\s+(?:name|title)\s+of\s+the\s+(?:artist|singer|band)\s+(?:of|for|on)\s+{_THIS}\s+(?:song|track)$"
    rf"|^(?:what|which)\s+{_ITEM}\s+is\s+playing\s+on\s+(?:the\s+)?(?:radio|speakers?|player){_NOW}$"
    r"|^(?:what|which)\s+(?:radio\s+)?station\s+is\s+(?:this|that|playing|on)$|^how\s+old\s+is\s+(?:this|that)\s+(?:song|track)$"
    rf"|^(?:what|which)\s+{_ITEM}\s+(?:is\s+(?:this|that|playing|on)|am\s+i\s+listening\s+to|is\s+it){_NOW}$"
    rf"|^what(?:'s|\s+is)\s+(?:the\s+(?:name|title)\s+of\s+)?{_THIS}\s+{_ITEM}(?:\s+called)?{_ON_NOW}$"
    rf"|^what(?:'s|\s+is)\s+(?:the\s+(?:name|title)\s+of\s+)?the\s+{_ITEM}(?:\s+called)?"
    rf"(?:\s+(?:that(?:'s|\s+is)\s+|which\s+is\s+|is\s+(?:being\s+)?)?(?:playing|being\s+played){_NOW})$"
    rf"|^what\s+am\s+i\s+listening\s+to{_NOW}$"
    rf"|^who\s+(?:(?:is\s+)?sing(?:s|ing)|sang|sung|performs?|performed|(?:is\s+)?playing|wrote|made|recorded|composed)"
    rf"\s+{_THIS}(?:\s+{_ITEM})?{_NOW}$"
    rf"|^who(?:'s|\s+is)\s+(?:singing(?:\s+(?:this|that))?|playing\s+(?:this|that))(?:\s+{_ITEM})?{_NOW}$"
    rf"|^who(?:'s|\s+is)\s+(?:this|that)\s+(?:song|track|tune|band|singer|artist)(?:\s+by)?$"
    rf"|^who(?:'s|\s+is)\s+the\s+(?:artist|singer|band|composer|performer|group)\s+(?:of|on|for|behind)\s+"
    rf"(?:{_THIS}|the)\s+(?:song|track|tune|music|album){_ON_NOW}$"
    rf"|^(?:tell\s+me|give\s+me|show\s+me|check|say|read\s+me)\s+(?:the\s+)?(?:current(?:ly)?\s+(?:playing\s+)?|playing\s+)?"
    rf"(?:song|track|music|artist|band|singer|album|tune)(?:'s)?\s+(?:name|title|info|information|details)"
    rf"(?:\s+(?:of|for)\s+{_THIS}\s+(?:song|track))?{_ON_NOW}$"
    rf"|^(?:tell\s+me|give\s+me|show\s+me|check)\s+(?:the\s+)?(?:name|title)\s+of\s+(?:{_THIS}|the)\s+{_ITEM}{_ON_NOW}$"
    rf"|^(?:what|which)\s+(?:year|album)\s+(?:was|is|did)\s+(?:{_THIS}|the)\s+(?:song|track|tune)\s+"
    r"(?:released|made|created|recorded|written|come\s+out|from|on|out)(?:\s+in|\s+on)?$"
    rf"|^when\s+(?:was|did)\s+(?:{_THIS}|the)\s+(?:song|track|tune|album)\s+(?:released|made|created|recorded|written|come\s+out)$"
    rf"|^what\s+album\s+is\s+(?:this|that)(?:\s+(?:song|track))?\s+(?:from|on)$"
    r"|^name\s+(?:this|that)\s+(?:song|tune|track)$",
    re.I,
)


# "what's playing on harbour fm", "what is harbour fm playing": what a named station plays now.
_STATION_NAME = r"[\w'. ]{2,40}?\s+(?:fm|am|radio)"
_STATION_PLAYING = re.compile(
    rf"^what(?:'s|\s+is)\s+(?:currently\s+)?(?:playing\s+)?on\s+{_STATION_NAME}$"
    rf"|^(?:what|which)(?:\s+(?:music|song|songs|track|kind\s+of\s+music))?\s+(?:is|are)\s+{_STATION_NAME}"
    r"\s+(?:currently\s+)?playing$"
    rf"|^{_STATION_NAME}\s+is\s+(?:currently\s+)?playing\s+what(?:\s+(?:music|song|track))?$",
    re.I,
)


# How long, said after a mute: kept so the tool can say it cannot undo the mute by itself then.
# "For now" and "until i say so" ask for nothing to happen later.
_DURATION = re.compile(rf"(?:{TIME_TAIL}){{1,2}}$", re.I)
_OPEN_ENDED = re.compile(
    r"^(?:for\s+)?(?:now|the\s+moment)$|^from\s+now\s+on$"
    r"|^(?:until|till|til)\s+(?:i\s+(?:say|tell)|further\s+notice|i\s+unmute)",
    re.I,
)


def muted_for(request: str) -> dict[str, object]:
    """`volume_mute`'s arguments for a mute said with or without how long ("for ten minutes")."""
    found = _DURATION.search(request)
    said = found.group(0).strip() if found else ""
    if not said or _OPEN_ENDED.match(said):
        return {"mute": True}
    return {"mute": True, "duration": said}


# "ten minutes of silence", "give me an hour of peace and quiet": a mute said by its length.
_SPAN_OF_QUIET = re.compile(
    r"^(?:(?:give\s+me|i\s+(?:want|need)|can\s+i\s+(?:have|get)|let\s+me\s+have)\s+)?"
    rf"(?P<span>{_AMOUNT}(?:half\s+(?:an\s+)?)?{_UNIT}|an?\s+hour|half\s+an\s+hour)\s+of\s+"
    r"(?:silence|quiet|peace(?:\s+and\s+quiet)?)$",
    re.I,
)


def mute(text: str) -> IntentMatch | None:
    """ "mute", "be quiet for an hour", "silence until five": silence now, how long kept as said."""
    request = clean(text)
    if _MUTE.match(request):
        return IntentMatch("volume_mute", muted_for(request))
    quiet = _SPAN_OF_QUIET.match(request)
    if quiet:
        return IntentMatch("volume_mute", {"mute": True, "duration": f"for {quiet['span']}"})
    return None


def fixed(pattern: re.Pattern[str], tool: str, arguments: dict[str, object]) -> Matcher:
    """A matcher that answers one call with fixed arguments."""

    def match(text: str) -> IntentMatch | None:
        return IntentMatch(tool, dict(arguments)) if pattern.match(clean(text)) else None

    return match


def level_of(said: str) -> str | None:
    """The level a spoken phrase names, as `volume_set` takes it; None when it names none.

    "forty" and "40%" are percents; "five" or "level 7" alone read on the
    ten-step scale people know from speakers and TVs (50%, 70%).
    """
    said = said.strip().lower()
    if said in _NAMED_LEVELS:
        return _NAMED_LEVELS[said]
    m = _LEVEL_WORDS.match(said)
    if not m:
        return None
    value = m.group("value").strip()
    if value in _NAMED_LEVELS and not m.group("percent"):
        return _NAMED_LEVELS[value]
    number = spoken_number(value.rstrip("%").strip())
    if number is None:
        return None
    # above 100 goes on to the tool, which says in one line what the scale is
    if number <= 10 and not m.group("percent") and "%" not in value:
        number *= 10
    return str(number)


def volume_to(text: str) -> IntentMatch | None:
    """ "volume to 30", "set the volume to forty percent", "turn it up to the max"."""
    m = _VOLUME_TO.match(clean(text))
    if not m:
        return None
    said = next(g for g in m.groups() if g is not None)
    level = level_of(said)
    if level == "100" and re.search(r"\b(?:down|lower|decrease|reduce|drop)\b", m.group(0), re.I):
        level = "10"  # "lower it to ten" is not the top of a ten-step scale
    if level == "0":  # silence that keeps the level to come back to
        return IntentMatch("volume_mute", {"mute": True})
    return IntentMatch("volume_set", {"level": level}) if level is not None else None


def volume_by(text: str) -> IntentMatch | None:
    """ "turn it up by ten", "all the way down": a step, or an end of the scale."""
    request = clean(text)
    m = _ALL_THE_WAY.match(request)
    if m:
        return IntentMatch(
            "volume_set",
            {"level": "max" if "up" in (m["dir"], m["dir2"]) or m["dir3"] is not None else "min"},
        )
    m = _VOLUME_BY.match(request)
    step = spoken_number(m["step"]) if m else None
    if m is None or step is None or not 0 < step <= 100:
        return None
    said = (m["dir"] or m["dir2"] or m["verb"]).lower()
    sign = "+" if said in ("up", "increase", "raise", "boost") else "-"
    return IntentMatch("volume_set", {"level": f"{sign}{step}"})


def sound_matchers() -> list[tuple[str, Matcher]]:
    """Volume and player matchers, in the order they are tried; apostrophes put back first."""
    return [(name, _spelled(matcher)) for name, matcher in _MATCHERS]


def _spelled(matcher: Matcher) -> Matcher:
    def match(text: str) -> IntentMatch | None:
        return matcher(with_apostrophes(text))

    return match


_MATCHERS: list[tuple[str, Matcher]] = [
    ("volume_to", volume_to),
    ("volume_by", volume_by),
    ("volume_max", fixed(_LOUDEST, "volume_set", {"level": "max"})),
    ("volume_min", fixed(_QUIETEST, "volume_set", {"level": "min"})),
    ("volume_up", fixed(_UP, "volume_set", {"level": "up"})),
    ("volume_down", fixed(_DOWN, "volume_set", {"level": "down"})),
    ("mute", mute),
    ("unmute", fixed(_UNMUTE, "volume_mute", {"mute": False})),
    ("volume_now", fixed(_VOLUME_NOW, "volume_get", {})),
    ("pause", fixed(_PAUSE, "media_control", {"action": "pause"})),
    ("next", fixed(_NEXT, "media_control", {"action": "next"})),
    ("previous", fixed(_PREVIOUS, "media_control", {"action": "previous"})),
    ("shuffle", fixed(_SHUFFLE_ON, "media_control", {"action": "shuffle"})),
    ("shuffle_off", fixed(_SHUFFLE_OFF, "media_control", {"action": "shuffle_off"})),
    ("repeat", fixed(_REPEAT_ON, "media_control", {"action": "repeat"})),
    ("repeat_off", fixed(_REPEAT_OFF, "media_control", {"action": "repeat_off"})),
    ("now_playing", fixed(_NOW_PLAYING, "media_now_playing", {})),
    ("station_playing", fixed(_STATION_PLAYING, "media_now_playing", {})),
]
