"""The screen's brightness and this computer's battery, network and disk, read word by word.

`intents` takes the usual shapes ("brightness up", "battery level"). People also say
"the screen is way too dark", "screen brightness eighty percent", "is my battery
low", "how long will the battery last", "which wifi am i on". Here a request counts
when every word in it is one such requests use (a closed vocabulary: "how bright
is the sun", "dim the bedroom lights", "is the car charging" each have a word
that is not ours) and it names the thing: the screen or its brightness, the
battery or charging, the network, the disk.
"""

from __future__ import annotations

import re

from assistant.api import IntentMatch
from botpsy_device.sound_intents import level_of
from botpsy_device.sound_words import words
from botpsy_device.spoken import clean


def _vocabulary(text: str) -> frozenset[str]:
    """A set of words written as one string, as word lists read best."""
    return frozenset(text.split())


# Words that only carry a request or a question.
_FILLER = _vocabulary(
    "the my this its it is are am was be can could would will you i me we do does please now "
    "right just some bit little tad notch touch way so very really too much more less quite "
    "rather pretty kind of a to at on up down and set make turn put get go keep change adjust "
    "need needs want should check tell show what whats how hows which level percent percentage "
    "still currently current any enough not cant cannot see"
)

# -- the screen --------------------------------------------------------------------------------
_SCREEN = _vocabulary("screen display monitor backlight brightness")
_BRIGHTER = _vocabulary("brighter brighten increase raise boost higher up")
_DIMMER = _vocabulary("dimmer dim darker darken lower decrease reduce down")
_SCREEN_WORDS = (
    _SCREEN
    | _BRIGHTER
    | _DIMMER
    | _vocabulary(
        "bright dark max maximum full min minimum half halfway lowest highest brightest darkest "
        "hurts eyes glaring blinding read by per cent one two three four five six seven eight nine "
        "ten twenty thirty forty fifty sixty seventy eighty ninety hundred"
    )
)
_TOO_DARK = re.compile(r"\b(?:too|so|very|really)\s+(?:dark|dim)\b|\bcant\s+see\b|\bcannot\s+see\b")
_TOO_BRIGHT = re.compile(
    r"\b(?:too|so|very|really)\s+bright\b|\bhurts\s+my\s+eyes\b|\bglaring\b|\bblinding\b"
)
_NAMED_BRIGHTNESS = {
    "max": "max", "maximum": "max", "full": "max", "highest": "max", "brightest": "max",
    "min": "min", "minimum": "min", "lowest": "min", "darkest": "min", "half": "half",
    "halfway": "half",
}  # fmt: skip
_NUMBER = re.compile(r"\b(?:\d{1,3}|(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|"
                     r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b.*)")  # fmt: skip


def brightness(text: str) -> IntentMatch | None:
    """ "the screen is too dark", "screen brightness eighty", "full brightness": the screen."""
    said = words(clean(text))
    if not said or len(said) > 12 or not all(w in _FILLER or w in _SCREEN_WORDS for w in said):
        return None
    if not _SCREEN & set(said):
        return None  # "make it brighter" may be the lights
    plain = " ".join(said)
    if _TOO_DARK.search(plain):
        return IntentMatch("brightness_set", {"level": "up"})
    if _TOO_BRIGHT.search(plain):
        return IntentMatch("brightness_set", {"level": "down"})
    up = bool(set(said) & _BRIGHTER)
    down = bool(set(said) & _DIMMER)
    if up != down:
        return IntentMatch("brightness_set", {"level": "up" if up else "down"})  # a step
    if up:
        return None
    named = [_NAMED_BRIGHTNESS[w] for w in said if w in _NAMED_BRIGHTNESS]
    if named:
        return IntentMatch("brightness_set", {"level": named[0]})
    number = _NUMBER.search(plain)
    level = level_of(number.group(0)) if number else None
    if level is not None and level.isdigit():
        return IntentMatch("brightness_set", {"level": level})
    return None


# -- battery -----------------------------------------------------------------------------------
_BATTERY = _vocabulary("battery batteries charge charging charged plugged charger power")
_BATTERY_WORDS = _BATTERY | _vocabulary(
    "laptop computer machine left remaining life long last lasts low full empty dying dead "
    "running out status in have got many hours minutes time until before off power juice has"
)
_BATTERY_ASKS = re.compile(
    r"\bbattery\b|\b(?:am\s+i|is\s+(?:it|my\s+laptop|the\s+laptop|my\s+computer|the\s+computer))\s+"
    r"(?:charging|plugged\s+in|on\s+battery|on\s+(?:mains|power))\b|\bneed\s+to\s+(?:charge|plug)\b"
    r"|\b(?:charge|power)\s+(?:(?:is|(?:have|do)\s+(?:i|we)\s+(?:got|have))\s+)?(?:left|remaining)\b"
    # "is there juice left in the computer": juice said of the machine, never the fridge's
    r"|\bjuice\b.*\b(?:laptop|computer|machine)\b|\b(?:laptop|computer|machine)\b.*\bjuice\b"
)


def battery(text: str) -> IntentMatch | None:
    """ "is my battery low", "how long will the battery last", "am i charging": the battery."""
    said = words(clean(text))
    if not said or len(said) > 12 or not all(w in _FILLER or w in _BATTERY_WORDS for w in said):
        return None
    if not _BATTERY_ASKS.search(" ".join(said)):
        return None
    return IntentMatch("battery_status", {})


# -- network and disk --------------------------------------------------------------------------
_NETWORK = _vocabulary("internet wifi wi fi network connection connected online offline ip")
_NETWORK_WORDS = _NETWORK | _vocabulary(
    "address working down up ok okay fine there signal strength name called status have "
    "got our we local lan ethernet wired which connect"
)
# Said of this computer's own connection, not of the internet in general.
_MINE = _vocabulary(
    "i my we our me us am connected online offline working down up status signal strength ok okay fine"
)
_QUESTION_FIRST = _vocabulary("is am are do does what whats which how hows check tell show")


def network(text: str) -> IntentMatch | None:
    """ "do i have internet", "which wifi am i on", "is my connection ok": the network."""
    said = words(clean(text))
    if not said or len(said) > 12 or not all(w in _FILLER or w in _NETWORK_WORDS for w in said):
        return None
    if not _NETWORK & set(said) or said[0] not in _QUESTION_FIRST | _NETWORK:
        return None  # "turn off the wifi" asks for a change this tool cannot make
    if said[0] in _NETWORK and not {"status", "working", "down", "up", "ok", "okay"} & set(said):
        return None
    if not _MINE & set(said):
        return None  # "what is wifi" asks what it is, not how this computer is
    return IntentMatch("network_status", {})


_DISK = _vocabulary("disk disks drive storage space")
_DISK_WORDS = _DISK | _vocabulary(
    "free left remaining used full hard ssd have got running out usage available room "
    "computer laptop machine there"
)


def disk(text: str) -> IntentMatch | None:
    """ "how much storage is left", "is the drive full": the disk."""
    said = words(clean(text))
    if not said or len(said) > 12 or not all(w in _FILLER or w in _DISK_WORDS for w in said):
        return None
    if not {"disk", "drive", "storage"} & set(said) and not re.search(
        r"\b(?:free|left|remaining)\s+space\b|\bspace\s+(?:is\s+)?(?:left|free|remaining)\b",
        " ".join(said),
    ):
        return None
    if said[0] not in _QUESTION_FIRST | _DISK | {"free", "hard"} or "up" in said:
        return None  # "free up some space" asks for a change
    return IntentMatch("disk_space", {})
