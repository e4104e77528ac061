"""Local intents for this computer: volume, playback, brightness, status and opening things.

Sound and the player are `sound_intents` (fixed shapes) and `sound_words` (the
same requests read word by word, in a closed vocabulary), playing something by
name `play_intents`; this module adds the screen, status, notifications and
opening, and sets the order.

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
from botpsy_device import status_intents
from botpsy_device.play_intents import play
from botpsy_device.sound_intents import fixed, sound_matchers
from botpsy_device.sound_words import said
from botpsy_device.spoken import clean

Matcher = Callable[[str], IntentMatch | None]

_NUMBER = r"(\d{1,3})\s*(?:%|percent|per\s*cent)?"
_A_BIT = r"(?:\s+(?:a\s+(?:bit|little)(?:\s+bit)?|some(?:\s+more)?|more))?"
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


def _to_level(pattern: re.Pattern[str], tool: str) -> Matcher:
    def match(text: str) -> IntentMatch | None:
        m = pattern.match(clean(text))
        if not m:
            return None
        number = next(n for n in m.groups() if n is not None and n.isdigit())
        return IntentMatch(tool, {"level": number})

    return match


def make_device_matchers(
    has_app: Callable[[str], bool] = lambda _: False, home: bool = False
) -> list[tuple[str, Matcher]]:
    """The device matchers in order; `has_app` says whether an application of that name is installed.

    `home`: a smart home is set up, so a request naming a room or a home player is not this
    computer's ("play jazz in the kitchen", "pause the living room speaker").
    """

    def open_thing(text: str) -> IntentMatch | None:
        m = _OPEN.match(clean(text))
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

    def notify(text: str) -> IntentMatch | None:
        m = _NOTIFY.match(clean(text))
        if not m:
            return None
        return IntentMatch("notification_show", {"title": m.group("text").strip(" \"'")})

    matchers: list[tuple[str, Matcher]] = [
        *sound_matchers(),
        ("sound_said", said),
        ("brightness_to", _to_level(_BRIGHTNESS_TO, "brightness_set")),
        ("brighter", fixed(_BRIGHTER, "brightness_set", {"level": "up"})),
        ("dimmer", fixed(_DIMMER, "brightness_set", {"level": "down"})),
        ("battery", fixed(_BATTERY, "battery_status", {})),
        ("disk", fixed(_DISK, "disk_space", {})),
        ("network", fixed(_NETWORK, "network_status", {})),
        (
            "brightness_said",
            _otherwise(status_intents.brightness, _BRIGHTNESS_TO, _BRIGHTER, _DIMMER),
        ),
        ("battery_said", _otherwise(status_intents.battery, _BATTERY)),
        ("network_said", _otherwise(status_intents.network, _NETWORK)),
        ("disk_said", _otherwise(status_intents.disk, _DISK)),
        ("notify", notify),
        ("open", open_thing),
        ("play", play),
    ]
    if home:
        matchers = [(name, _not_elsewhere(matcher)) for name, matcher in matchers]
    return [(name, _marking_settings(matcher)) for name, matcher in matchers]


# Rooms and players of a home: with a smart home set up, what names them is the home's. A room
# counts said as a place ("in the kitchen", "the kitchen speaker"), not inside a name ("hall and oates").
_ROOMS = (
    "kitchen|living room|lounge|sitting room|family room|dining room|bedroom|master bedroom|"
    "guest room|spare room|kids room|kid's room|nursery|playroom|bathroom|office|study|den|"
    "garage|garden|patio|porch|balcony|hall|hallway|basement|cellar|attic|loft|laundry room|"
    "upstairs|downstairs"
)
_HOME_PLAYERS = (
    "tv|television|telly|sonos|soundbar|sound bar|chromecast|homepod|home pod|smart speaker"
)
_PLACE = (
    rf"\b(?:in|on|to|into|through|from|for)\s+(?:the\s+|my\s+|our\s+)?(?:{_ROOMS})\b"
    rf"|\b(?:{_ROOMS})\s+(?:speakers?|radio|stereo|player|tv|television)\b|^(?:{_ROOMS})\b"
    rf"|\b(?:{_HOME_PLAYERS})\b|\b(?:everywhere|whole\s+house|every\s+room|all\s+(?:the\s+)?rooms)\b"
)
_ELSEWHERE = re.compile(_PLACE.replace(" ", r"\s+"), re.I)


def _not_elsewhere(matcher: Matcher) -> Matcher:
    def match(text: str) -> IntentMatch | None:
        return None if _ELSEWHERE.search(text) else matcher(text)

    return match


def _otherwise(reader: Matcher, *shapes: re.Pattern[str]) -> Matcher:
    """`reader` for what none of the fixed `shapes` takes: one matcher answers each request."""

    def match(text: str) -> IntentMatch | None:
        request = clean(text)
        return None if any(shape.match(request) for shape in shapes) else reader(text)

    return match


# The player's modes: said before what to play ("shuffle and play the kites"), they run after it.
_SETTINGS = {"shuffle", "shuffle_off", "repeat", "repeat_off"}


def _marking_settings(matcher: Matcher) -> Matcher:
    def match(text: str) -> IntentMatch | None:
        found = matcher(text)
        if found is not None and found.tool == "media_control":
            found.setting = found.arguments.get("action") in _SETTINGS
        return found

    return match
