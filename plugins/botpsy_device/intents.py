"""Local intents for this computer: volume, playback, brightness, status and opening things.

Each matcher takes a whole short request or nothing ("turn it up", "volume to
30", "mute", "pause the music", "next song", "what's playing", "how much
battery is left", "open https://example.org"); anything longer or odder goes to
the model. Words that name another device ("the lights", "the tv in the
kitchen") never match here, so home devices stay with the plugins that own them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import IntentMatch
from botpsy_device import music

Matcher = Callable[[str], IntentMatch | None]

_SOUND = r"(?:the\s+)?(?:volume|sound|audio|music|speakers?|it|this|that)"
_NUMBER = r"(\d{1,3})\s*(?:%|percent|per\s*cent)?"
_A_BIT = r"(?:\s+(?:a\s+(?:bit|little)(?:\s+bit)?|some(?:\s+more)?|more))?"
_VOLUME_TO = re.compile(
    rf"^(?:(?:set|change|put|turn|make)\s+)?(?:the\s+)?(?:volume|sound)(?:\s+level)?\s+"
    rf"(?:(?:up|down)\s+)?(?:to|at)\s+{_NUMBER}$"
    rf"|^(?:set|put|turn)\s+(?:the\s+)?(?:volume|sound)(?:\s+(?:up|down))?\s+{_NUMBER}$"
    rf"|^volume\s+{_NUMBER}$",
    re.I,
)
_UP = re.compile(
    rf"^(?:turn|crank|pump)\s+{_SOUND}\s+up{_A_BIT}$"
    rf"|^(?:turn|crank)\s+up\s+{_SOUND}{_A_BIT}$"
    rf"|^(?:increase|raise)\s+(?:the\s+)?(?:volume|sound)({_A_BIT})?$"
    rf"|^(?:volume|sound)\s+up{_A_BIT}$"
    rf"|^(?:make\s+{_SOUND}\s+|(?:a\s+(?:bit|little)\s+)?)louder{_A_BIT}$"
    r"|^i\s+can(?:'t|not)\s+hear\s+(?:it|this|that|the\s+music|anything)$",
    re.I,
)
_DOWN = re.compile(
    rf"^turn\s+{_SOUND}\s+down{_A_BIT}$"
    rf"|^turn\s+down\s+{_SOUND}{_A_BIT}$"
    rf"|^(?:decrease|lower|reduce)\s+(?:the\s+)?(?:volume|sound)({_A_BIT})?$"
    rf"|^(?:volume|sound)\s+down{_A_BIT}$"
    rf"|^(?:make\s+{_SOUND}\s+|(?:a\s+(?:bit|little)\s+)?)(?:quieter|softer){_A_BIT}$"
    r"|^(?:it's|it\s+is|that's|this\s+is)\s+too\s+loud$",
    re.I,
)
_MUTE = re.compile(
    r"^mute(?:\s+(?:the\s+)?(?:sound|audio|volume|speakers?|computer|music|it|everything))?$"
    r"|^turn\s+(?:the\s+)?(?:sound|audio|volume)\s+off$|^turn\s+off\s+the\s+(?:sound|audio)$",
    re.I,
)
_UNMUTE = re.compile(
    r"^un-?mute(?:\s+(?:the\s+)?(?:sound|audio|volume|speakers?|computer|music|it|everything))?$"
    r"|^turn\s+(?:the\s+)?(?:sound|audio)\s+(?:back\s+)?on$|^turn\s+on\s+the\s+(?:sound|audio)$",
    re.I,
)
_VOLUME_NOW = re.compile(
    r"^(?:what(?:'s|\s+is)\s+the\s+(?:volume|sound\s+level)(?:\s+(?:at|level|set\s+to))?"
    r"|how\s+loud\s+is\s+the\s+(?:volume|sound)|is\s+the\s+(?:sound|volume|computer)\s+muted)$",
    re.I,
)

_TRACK = r"(?:song|track|tune|one|episode|chapter|video)"
_PLAYING = r"(?:the\s+)?(?:music|song|track|playback|video|podcast|audiobook|player|media|it|this)"
_PAUSE = re.compile(
    rf"^(?:pause|hold)(?:\s+{_PLAYING})?$|^stop\s+(?:the\s+)?(?:music|playback)$", re.I
)
_RESUME = re.compile(
    rf"^(?:play|resume|continue|unpause|keep\s+playing)(?:\s+{_PLAYING})?$"
    r"|^(?:play|put\s+on)\s+some\s+music$|^(?:start|continue|resume)\s+playing(?:\s+(?:the\s+)?music)?$",
    re.I,
)
_NEXT = re.compile(
    rf"^(?:(?:play|go\s+to|skip\s+to)\s+)?(?:the\s+)?next(?:\s+{_TRACK})?(?:\s+please)?$"
    rf"|^skip(?:\s+(?:this|the|that))?(?:\s+{_TRACK})?(?:\s+forward)?$",
    re.I,
)
_PREVIOUS = re.compile(
    rf"^(?:(?:play|go\s+(?:back\s+)?to)\s+)?(?:the\s+)?(?:previous|last)\s+{_TRACK}(?:\s+again)?$"
    rf"|^previous$|^go\s+back\s+(?:a|one)\s+{_TRACK}$|^(?:skip|go)\s+back(?:\s+(?:a|one)\s+{_TRACK})?$",
    re.I,
)
_SHUFFLE_ON = re.compile(
    r"^(?:turn\s+on\s+|switch\s+on\s+)?shuffle(?:\s+(?:on|mode))?$|^shuffle\s+(?:the|my)\s+(?:music|songs|playlist|tracks)$",
    re.I,
)
_SHUFFLE_OFF = re.compile(
    r"^(?:turn|switch)\s+off\s+shuffle$|^shuffle\s+off$|^stop\s+shuffling$", re.I
)
_REPEAT_ON = re.compile(
    r"^(?:turn\s+on\s+|switch\s+on\s+)?repeat(?:\s+(?:on|mode))?$|^repeat\s+(?:the|this)\s+(?:playlist|album)$",
    re.I,
)
_REPEAT_OFF = re.compile(
    r"^(?:turn|switch)\s+off\s+repeat$|^repeat\s+off$|^stop\s+repeating$", re.I
)
_NOW_PLAYING = re.compile(
    rf"^what(?:'s|\s+is)\s+(?:playing|on)(?:\s+now|\s+right\s+now)?$"
    rf"|^what\s+{_TRACK}\s+is\s+(?:this|that|playing)(?:\s+now)?$"
    rf"|^what(?:'s|\s+is)\s+(?:this|that|the\s+current)\s+{_TRACK}(?:\s+called)?$"
    r"|^what\s+am\s+i\s+listening\s+to(?:\s+now)?$|^who\s+(?:is\s+this|sings\s+this|is\s+singing)(?:\s+song)?$",
    re.I,
)

# "Play some jazz", "put on the road trip playlist", "i want to listen to harbour fm":
# what follows is the user's own name for the music, looked up by `media_play`.
_PLAY_THING = re.compile(
    r"^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:play|put\s+on|start\s+playing|queue(?:\s+up)?|(?:i\s+(?:want|would\s+like|'d\s+like)\s+to\s+)?"
    r"(?:listen|hear)(?:\s+to)?|let\s+me\s+hear)\s+(?:me\s+)?(?P<what>.+?)(?:\s+please)?$",
    re.I,
)
_MUSIC_WORDS = re.compile(
    r"\b(?:music|songs?|tunes?|playlist|album|radio|station|podcast|audiobook|record|band|jazz|"
    r"classical|rock|pop)\b",
    re.I,
)
# Devices a "put on" or "play" never names as music.
_HOME_THINGS = re.compile(
    r"\b(?:lights?|lamps?|heating|heater|kettle|oven|fan|tv|television|coffee)\b", re.I
)
# Things people play that are not music: games and other assistants' features.
_NOT_MUSIC = re.compile(
    r"\b(?:game|games|chess|quiz|trivia|cards|poker|sudoku|alarm|timer|reminder|voicemail|"
    r"messages?|e-?mails?|weather|news\s+briefing|video\s+call)\b",
    re.I,
)
_BRIGHT = r"(?:the\s+)?(?:screen|display|monitor)"
_BRIGHTNESS_TO = re.compile(
    rf"^(?:set|change|put|turn)\s+(?:the\s+)?(?:screen\s+|display\s+)?brightness\s+(?:to|at)\s+{_NUMBER}$"
    rf"|^(?:screen\s+)?brightness\s+(?:to\s+)?{_NUMBER}$",
    re.I,
)
_BRIGHTER = re.compile(
    rf"^(?:make\s+{_BRIGHT}\s+brighter|brighten\s+{_BRIGHT}|turn\s+up\s+(?:the\s+)?(?:screen\s+)?brightness"
    rf"|(?:increase|raise)\s+(?:the\s+)?(?:screen\s+)?brightness|(?:screen\s+)?brightness\s+up){_A_BIT}$",
    re.I,
)
_DIMMER = re.compile(
    rf"^(?:make\s+{_BRIGHT}\s+(?:dimmer|darker)|dim\s+{_BRIGHT}|turn\s+down\s+(?:the\s+)?(?:screen\s+)?brightness"
    rf"|(?:decrease|lower|reduce)\s+(?:the\s+)?(?:screen\s+)?brightness|(?:screen\s+)?brightness\s+down){_A_BIT}$",
    re.I,
)
_BATTERY = re.compile(
    r"^(?:how\s+much\s+battery(?:\s+(?:do\s+i\s+have|is\s+left|have\s+i\s+got)(?:\s+left)?)?"
    r"|what(?:'s|\s+is)\s+(?:my|the)\s+battery(?:\s+(?:level|status|at))?"
    r"|(?:check\s+(?:the\s+|my\s+)?)?battery(?:\s+(?:level|status|life))?"
    r"|is\s+(?:my|the)\s+(?:laptop|computer|battery)\s+charging)$",
    re.I,
)
_DISK = re.compile(
    r"^(?:how\s+much\s+(?:free\s+)?(?:disk\s+|storage\s+|hard\s+drive\s+)?space\s+(?:do\s+i\s+have|is\s+(?:left|free)|have\s+i\s+got)(?:\s+left)?"
    r"|(?:check\s+(?:the\s+|my\s+)?)?(?:free\s+)?disk\s+(?:space|usage)"
    r"|is\s+my\s+(?:disk|hard\s+drive|storage)\s+full|am\s+i\s+running\s+out\s+of\s+(?:disk\s+)?space)$",
    re.I,
)
_NETWORK = re.compile(
    r"^(?:am\s+i\s+(?:online|connected(?:\s+to\s+the\s+(?:internet|network|wi-?fi))?)"
    r"|(?:check\s+(?:the\s+|my\s+)?)?(?:network|internet|wi-?fi)\s+(?:status|connection)"
    r"|what(?:'s|\s+is)\s+my\s+(?:local\s+)?ip(?:\s+address)?"
    r"|is\s+(?:the\s+)?(?:internet|wi-?fi|network)\s+(?:working|up|down|on))$",
    re.I,
)
_NOTIFY = re.compile(
    r"^(?:show|send|give|pop\s+up|display)\s+(?:me\s+)?(?:a\s+)?(?:desktop\s+|pop-?up\s+)?notification"
    r"\s+(?:saying|that\s+says|with\s+the\s+text|reading)\s+(?P<text>.+)$",
    re.I,
)
_OPEN = re.compile(
    r"^(?:open|launch|start|run|go\s+to|browse\s+to)\s+(?:up\s+)?(?:the\s+)?(?P<what>.+)$", re.I
)
_WEB = re.compile(
    r"^(?:https?://\S+|(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:/\S*)?)$", re.I
)
_FILE = re.compile(r"^(?:my\s+|the\s+)?(?P<path>[~/\w. -]*\w\.[a-z0-9]{1,5})$", re.I)
# Endings that name a document rather than a web domain ("lease.pdf", not "example.org").
_DOCUMENTS = {
    "pdf", "doc", "docx", "odt", "ods", "odp", "xls", "xlsx", "ppt", "pptx", "txt", "md", "csv",
    "rtf", "epub", "png", "jpg", "jpeg", "gif", "svg", "webp", "mp3", "mp4", "mkv", "ogg", "flac",
    "wav", "zip", "html", "json", "ics", "vcf", "log",
}  # fmt: skip
_APP_WORDS = re.compile(r"\s+(?:app|application|program)$", re.I)


def _clean(text: str) -> str:
    text = " ".join(text.strip().rstrip("?!. ").split())
    return re.sub(r"^please\s+|,?\s+(?:please|now)$", "", text, flags=re.I)


def _fixed(pattern: re.Pattern[str], tool: str, arguments: dict[str, object]) -> Matcher:
    def match(text: str) -> IntentMatch | None:
        return IntentMatch(tool, dict(arguments)) if pattern.match(_clean(text)) else None

    return match


def _to_level(pattern: re.Pattern[str], tool: str) -> Matcher:
    def match(text: str) -> IntentMatch | None:
        m = pattern.match(_clean(text))
        if not m:
            return None
        number = next(n for n in m.groups() if n is not None and n.isdigit())
        return IntentMatch(tool, {"level": number})

    return match


def make_device_matchers(
    has_app: Callable[[str], bool] = lambda _: False,
) -> list[tuple[str, Matcher]]:
    """The device matchers in order; `has_app` says whether an application of that name is installed."""

    def open_thing(text: str) -> IntentMatch | None:
        m = _OPEN.match(_clean(text))
        if not m:
            return None
        what = m.group("what").strip()
        found = _FILE.match(what)
        is_file = found is not None and (
            "/" in what or found.group("path").rsplit(".", 1)[-1].lower() in _DOCUMENTS
        )
        if _WEB.match(what) and not is_file:
            return IntentMatch("open_url", {"url": what})
        if m.group(0).lower().startswith(("go to", "browse to")):
            return None
        if found is not None and (is_file or " " not in what):
            return IntentMatch("open_file", {"path": found.group("path").strip()})
        name = _APP_WORDS.sub("", what)
        if len(name.split()) <= 3 and has_app(name):
            return IntentMatch("open_app", {"name": name})
        return None

    def play_thing(text: str) -> IntentMatch | None:
        m = _PLAY_THING.match(_clean(text))
        if not m or _NOT_MUSIC.search(m.group("what")):
            return None
        what = m.group("what").strip(" .\"'")
        if not what or len(what.split()) > 10:
            return None
        if m.group(0).lower().startswith("put") and not _MUSIC_WORDS.search(what):
            return None  # "put on the kettle", "put on the heating": not music
        if _HOME_THINGS.search(what) or not music.key_words(what):
            return None  # "play some music" resumes; lights and kettles are not music
        if re.match(r"(?:the\s+)?(?:next|previous|last)\b", what, re.I):
            return None  # "play the next episode": the player's next, not a search
        return IntentMatch("media_play", {"what": what})

    def notify(text: str) -> IntentMatch | None:
        m = _NOTIFY.match(_clean(text))
        if not m:
            return None
        return IntentMatch("notification_show", {"title": m.group("text").strip(" \"'")})

    return [
        ("volume_to", _to_level(_VOLUME_TO, "volume_set")),
        ("volume_up", _fixed(_UP, "volume_set", {"level": "up"})),
        ("volume_down", _fixed(_DOWN, "volume_set", {"level": "down"})),
        ("mute", _fixed(_MUTE, "volume_mute", {"mute": True})),
        ("unmute", _fixed(_UNMUTE, "volume_mute", {"mute": False})),
        ("volume_now", _fixed(_VOLUME_NOW, "volume_get", {})),
        ("pause", _fixed(_PAUSE, "media_control", {"action": "pause"})),
        ("resume", _fixed(_RESUME, "media_play", {})),
        ("next", _fixed(_NEXT, "media_control", {"action": "next"})),
        ("previous", _fixed(_PREVIOUS, "media_control", {"action": "previous"})),
        ("shuffle", _fixed(_SHUFFLE_ON, "media_control", {"action": "shuffle"})),
        ("shuffle_off", _fixed(_SHUFFLE_OFF, "media_control", {"action": "shuffle_off"})),
        ("repeat", _fixed(_REPEAT_ON, "media_control", {"action": "repeat"})),
        ("repeat_off", _fixed(_REPEAT_OFF, "media_control", {"action": "repeat_off"})),
        ("now_playing", _fixed(_NOW_PLAYING, "media_now_playing", {})),
        ("brightness_to", _to_level(_BRIGHTNESS_TO, "brightness_set")),
        ("brighter", _fixed(_BRIGHTER, "brightness_set", {"level": "up"})),
        ("dimmer", _fixed(_DIMMER, "brightness_set", {"level": "down"})),
        ("battery", _fixed(_BATTERY, "battery_status", {})),
        ("disk", _fixed(_DISK, "disk_space", {})),
        ("network", _fixed(_NETWORK, "network_status", {})),
        ("notify", notify),
        ("open", open_thing),
        ("play_thing", play_thing),
    ]
