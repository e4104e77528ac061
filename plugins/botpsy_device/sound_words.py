"""Sound and player requests read word by word, when none of the fixed shapes took them.

The shapes in `sound_intents` take the usual orders ("turn it up", "next song").
People say the same things in words and orders nobody wrote down: "the speakers
need to go a bit louder", "volume too high bring it down", "stop the podcast
for now", "who is this band playing". Here a request counts when every word in
it is one that such requests use (a closed vocabulary: one unknown word, as in
"turn up the heating", "the volume of a sphere" or "what's playing at the cinema",
and it is not ours) and its cue words say one thing: louder, quieter, a level,
mute, unmute, pause, next, previous, shuffle, repeat or "what is playing". A
mute or volume request may come with why ("i'm on a call be quiet"): read without it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import IntentMatch
from botpsy_device.sound_intents import TIME_TAIL, level_of, muted_for, sound_matchers
from botpsy_device.spoken import clean, spoken_number


def _vocabulary(words: str) -> set[str]:
    """A set of words written as one string, as word lists read best."""
    return set(words.split())


# -- the vocabulary ------------------------------------------------------------------------------
# Words that only carry a request: articles, pronouns, modal verbs, softeners.
_FILLER = _vocabulary(
    "the a an my your our all this that these those it its please now right just some bit little "
    "tad notch notches much way even so very really again also and then slightly lot of on in for "
    "to at up down i we me us you can could would will need needs want wanna like should has have "
    "be is are was get go going keep make made let lets do does did currently current okay ok "
    "there here one any thats theres im id give by"
)
# What sounds: the volume itself, or what is heard through it.
_SOUND = _vocabulary(
    "volume sound sounds audio loudness speaker speakers music song songs track tracks tune tunes "
    "podcast podcasts audiobook audiobooks radio voice noise level output media player playback "
    "device computer laptop system master stereo"
)
_VOLUME_WORDS = {"volume", "sound", "sounds", "audio", "loudness", "noise", "output"}
_UP = _vocabulary(
    "louder higher increase increased raise raised boost amplify pump crank louden bigger larger "
    "double doubled"
)
_DOWN = _vocabulary("quieter softer lower lowered decrease decreased reduce reduced drop lessen")
_DOWN |= _vocabulary("soften quieten softly quietly dim minus whisper smaller")
_UP.add("plus")
# Numbers said as words, and what a step is counted in: "down by two notches".
_STEPS = _vocabulary(
    "one two three four five six seven eight nine ten fifteen twenty thirty forty fifty percent "
    "points point levels level steps step notches notch"
)
_VOLUME_VERBS = (
    _vocabulary(
        "turn set put bring take knock dial tone adjust change move speak talk push jack bump kick "
        "got gotten needed wanted hear heard barely hardly enough loud quiet soft low high noisy "
        "audible inaudible not cant cannot dont isnt too more less max maximum full loudest minimum "
        "loudly speaking talking "
        "min lowest quietest medium half halfway halve use cut completely fully totally quite "
        "pretty rather kind sort deafening blaring booming ears hurt hurts hurting back come "
        "comes coming"
    )
    | _STEPS
)
_MUTE_WORDS = _vocabulary(
    "mute muted unmute silence silent hush shush shh quiet off stop kill cut switch turn set put "
    "stay mode responses replies answers everything yourself talking speaking sleep back restore "
    "bring disable deactivate cancel end enable activate no more any completely totally "
    "shut talk speak disturb assistant make dont not pc house home room rooms everywhere listening "
    "pipe zip enough standby stand remain start function peace time total complete completely "
    "remove need needed required mouth must maintain immediately quickly every close pause making hear anything anymore say hold tongue change devices from"
)
_PLAYER = _vocabulary(
    "music song songs track tracks tune tunes playback podcast podcasts episode episodes audiobook "
    "audiobooks book chapter chapters radio station playlist album albums player media audio video "
    "queue list playing listening"
)
_PLAYER_VERBS = _vocabulary(
    "pause paused pausing hold halt freeze stop stopping resume unpause continue carry skip next "
    "previous back before prior last shuffle shuffled shuffling random randomly randomise randomize "
    "mix mixed repeat repeating repeated loop looping order off disable deactivate cancel end no "
    "enable activate start turn switch set put play move jump forward ahead mode dont not without "
    "ones other another different change more take replay kill enough forward hate dislike love "
    "enjoy"
)
_ITEM = _vocabulary(
    "song track tune music band group artist singer album record piece station playlist podcast "
    "episode chapter audiobook composer voice musician performer"
)
_ASKING = _vocabulary(
    "what whats which who whos tell say give show check name title called playing played plays being "
    "sings singing sang sung sing performs performing performer composer listening genre kind type "
    "style by from know info information details about whose composed wrote written belong belongs "
    "come came out long how when year released recorded am more identify recognise recognize find "
    "let lead speakers speaker"
)

_DURATION = re.compile(rf"(?:{TIME_TAIL}){{1,2}}$", re.I)
# A pause for a short while ("pause for a sec") is a pause now; "stop at ten" is not.
_BRIEFLY = re.compile(
    r"\s+(?:for\s+)?(?:a\s+(?:sec(?:ond)?|moment|minute|mo|tick|bit|while|few\s+minutes))$"
    r"|\s+for\s+(?:[a-z0-9]+\s+(?:seconds?|minutes?)|now)$",
    re.I,
)
_TOO_LOUD = re.compile(
    r"\b(?:too|so|very|really|way)\s+(?:loud|high|noisy)\b|\bnot\s+(?:so|that)\s+loud\b"
    r"|\b(?:volume|sound|noise|music|speakers?|audio|bass)\s+(?:is\s+|are\s+)?too\s+much\b|\btoo\s+much\s+(?:volume|sound|noise)\b"
    r"|\bless\s+loud(?:ly)?\b|\btoo\s+loudly\b|\b(?:is|are|its|thats)\s+(?:(?:quite|pretty|rather|a\s+bit|kind\s+of)\s+)?"
    r"(?:loud|high|noisy)\b"
    r"|\bhalve\b|\bin\s+half\b|^half\s+the\s+(?:volume|sound)\b|\b(?:deafening|blaring|booming)\b"
    r"|\bhurt(?:s|ing)?\s+my\s+ears\b|^dial\s+(?:it|the\s+(?:volume|sound))\s+back$"
    r"|^back\s+it\s+(?:down|off)$"
    r"|^make\s+(?:it|(?:the\s+|my\s+)?(?:music|sound|speakers?|audio|radio|volume))\s+(?:more\s+)?quiet$",
    re.I,
)
_TOO_QUIET = re.compile(
    r"\btoo\s+(?:quiet|low|soft)\b|\b(?:not|isnt|arent)\s+loud\s+enough\b|\b(?:cant|cannot|barely|hardly|dont)\s+hear\b"
    r"|\b(?:volume|sound|music|speakers?|audio|radio|podcast|voice)\s+(?:is|are)\s+"
    r"(?:(?:quite|pretty|rather|a\s+bit|kind\s+of)\s+)?(?:quiet|low|soft)\b"
    r"|\b(?:hardly|barely|not)\s+audible\b|\binaudible\b|\bhard\s+to\s+hear\b",
    re.I,
)
_BY = re.compile(
    r"\bby\s+(?P<n>[a-z0-9 ]+?)(?:\s+(?P<unit>percent|points?|levels?|steps?|notch(?:es)?))?$"
    r"|\b(?P<n2>(?:[a-z]+ty\s+)?[a-z0-9]+)\s+(?P<unit2>percent|points?|levels?|steps?|notch(?:es)?)$"
)
# "turn it down completely", "lower the volume all the way": an end of the scale.
_ALL_THE_WAY = re.compile(r"\b(?:completely|fully|totally|all\s+the\s+way)\b")
_MORE_VOLUME = re.compile(r"\b(?:more|higher|increased?)\s+(?:volume|sound|loudness)\b", re.I)
_LESS_VOLUME = re.compile(r"\b(?:less|lower|reduced?)\s+(?:volume|sound|loudness|noise)\b", re.I)
_LEVEL_AT = re.compile(
    r"^(?P<before>.*?)\s*\b(?:to|at|on)\s+(?P<level>(?:the\s+)?(?:level\s+|number\s+)?[\w% ]{1,30}?)"
    r"(?:\s+(?:please|now))?$|^(?P<before2>.*?\b(?:volume|sound)(?:\s+level)?)\s+(?P<level2>[\w% ]{1,30}?)$"
    r"|^(?P<level3>[\w% ]{1,30}?)\s+(?P<before3>(?:volume|sound)(?:\s+level)?(?:\s+please)?)$",
    re.I,
)

_LEVEL_AT_LAST = re.compile(
    r"^(?P<before>.*)\s*\b(?:to|at|on)\s+(?P<level>(?:the\s+)?(?:level\s+|number\s+)?[\w% ]{1,30}?)"
    r"(?:\s+(?:please|now))?$",
    re.I,
)


def words(text: str) -> list[str]:
    """Lower-case words without apostrophes ("can't" → "cant"); "un mute" joined."""
    text = re.sub(
        r"\b(song|track|tune|album|band|artist|singer|station|podcast|episode)['’]s\b",
        r"\1",
        text.lower(),
    )  # "the song's name" is the song's
    text = re.sub(r"\bun\s+mute", "unmute", text.replace("'", "").replace("’", ""))
    text = re.sub(r"\bthan\s+(?:this|that|before|now|it\s+is)$", "", text)  # "louder than this"
    text = re.sub(r"\baudio\s+(books?)\b", r"audio\1", text)
    return re.findall(r"[a-z0-9%]+", text)


def _only(said: list[str], *vocabularies: set[str]) -> bool:
    return all(any(w in v for v in vocabularies) for w in said)


def _volume(request: str) -> IntentMatch | None:
    """Louder, quieter or a level, said in the words volume requests use."""
    said = words(request)
    if (
        not said
        or len(said) > 14
        or re.search(r"\bsome\s+(?:music|songs?|tunes?)\b", request, re.I)
    ):
        return None  # "crank up some music" asks for music, not for more of it
    vocabulary = (_FILLER, _SOUND, _UP, _DOWN, _VOLUME_VERBS)
    before, level = _level(request)
    if level is not None and _only(words(before), *vocabulary):
        if not any(w in _VOLUME_WORDS for w in words(before)):
            return None
        if level == "0":
            return IntentMatch("volume_mute", {"mute": True})
        return IntentMatch("volume_set", {"level": level})
    if not _only(said, *vocabulary) or any(w.isdigit() for w in said):
        return None
    has_sound = any(w in _SOUND for w in said)
    plain = " ".join(said)
    up = bool(_TOO_QUIET.search(plain) or _MORE_VOLUME.search(plain))
    down = bool(_TOO_LOUD.search(plain) or _LESS_VOLUME.search(plain))
    compared = {w for w in said if w in _UP or w in _DOWN}
    # "louder", "quieter" say it alone; "higher", "lower", "up", "down" need what is heard
    if (
        has_sound
        or said[0] in ("turn", "crank", "bring", "knock", "dial", "tone", "pump")
        or any(w in ("it", "this", "that", "things") for w in said)
    ):
        # "volume little low", "high the volume": a direction, unless said of how it is now
        level_words = set(
            re.sub(r"\b(?:too|so|very|really|way|is|are|not)\s+(?:high|low)\b", "", plain).split()
        )
        up |= (
            bool(compared & _UP)
            or ("up" in said and not down)
            or (bool({"high", "loud"} & level_words) and not down)
        )
        down |= (
            bool(compared & _DOWN)
            or ("down" in said and not up)
            or (bool({"low", "less"} & level_words) and not up)
        )
    else:
        up |= "louder" in said
        down |= bool({"quieter", "softer", "softly", "quietly", "whisper"} & set(said))
    if up == down:
        return None
    if _ALL_THE_WAY.search(plain):
        return IntentMatch("volume_set", {"level": "max" if up else "min"})
    step = _BY.search(plain)
    number = spoken_number(step["n"] or step["n2"]) if step else None
    if step and number and 0 < number <= 100:
        if (step["unit"] or step["unit2"]) in (
            "level",
            "levels",
            "step",
            "steps",
            "notch",
            "notches",
        ) and number <= 10:
            number *= 10  # the ten-step scale of speakers
        return IntentMatch("volume_set", {"level": f"{'+' if up else '-'}{number}"})
    return IntentMatch("volume_set", {"level": "up" if up else "down"})


def _level(request: str) -> tuple[str, str | None]:
    """What comes before a level, and the level ("set the sound at 80%" → "set the sound", "80")."""
    m = _LEVEL_AT.match(request.lower())
    if m and m["level"] and level_of(m["level"]) is None:
        # "i want the volume to be at level five": the level follows the last "to", "at" or "on"
        m = _LEVEL_AT_LAST.match(request.lower()) or m
    if not m:
        return request, None
    said = m["level"] or m["level2"] or m["level3"]
    before = m["before"] if m["level"] else m["before2"] if m["level2"] else m["before3"]
    return before or "", level_of(said) if said else None


_QUESTION = _vocabulary("what whats how tell check show say is")
_VOLUME_NOW = _vocabulary(
    "what whats how tell check show say loud level set at current currently muted mute"
)


def _volume_now(request: str) -> IntentMatch | None:
    """ "what's the volume at", "is the sound on mute": how loud it is now."""
    said = words(request)
    if not said or len(said) > 10 or not _only(said, _FILLER, _VOLUME_NOW, {"volume", "sound"}):
        return None
    if ({"volume", "sound"} & set(said)) and (said[0] in _QUESTION or said[0] == "check"):
        return IntentMatch("volume_get", {})
    return None


def _mute(request: str) -> IntentMatch | None:
    """Mute or unmute, said in the words such requests use; a length of time after it is fine."""
    plain = _DURATION.sub("", request.lower())
    said = words(plain)
    if not said or len(said) > 12 or not _only(said, _FILLER, _SOUND, _MUTE_WORDS):
        return None
    if said[0] in ("is", "are", "am", "was", "were"):
        return None  # "is it muted" asks how it is (`_volume_now`), not for a change
    text = " ".join(said)
    if re.search(
        r"\b(?:dont|not|never)\b(?!\s+(?:talk|speak|make\s+(?:any\s+|a\s+)?(?:noise|sound)|disturb|say\s+anything"
        r"|want\s+to\s+hear\s+(?:you|anything)|need\s+(?:any\s+)?(?:sound|noise|volume|audio)|needed|required))",
        text,
    ):
        return None  # "don't mute the music", "do not turn the sound off"
    playing = set(said) & (_PLAYER - {"audio", "media", "player", "playback"})
    unmute = bool(
        re.search(
            r"\bunmute\b|\boff\s+mute\b|\b(?:disable|deactivate|cancel|end|stop)\s+(?:the\s+)?mute",
            text,
        )
        or re.search(r"\bturn\s+(?:the\s+)?mute\s+off\b|\bturn\s+off\s+(?:the\s+)?mute\b", text)
        or (
            re.search(r"\b(?:sound|audio|volume|speakers?|voice)\s+back\b|\bback\s+on\b", text)
            and not playing
        )
        or re.search(
            r"\b(?:restore|bring\s+back)\s+(?:the\s+|my\s+)?(?:sound|audio|volume)\b", text
        )
    )
    if unmute:
        return IntentMatch("volume_mute", {"mute": False})
    sound = {
        "sound",
        "sounds",
        "audio",
        "volume",
        "speaker",
        "speakers",
        "noise",
        "voice",
        "yourself",
    }
    muted = bool(
        {"mute", "muted", "silence", "silent", "hush", "shush", "shh"} & set(said)
        or re.search(r"^quiet\b|\b(?:be|keep|stay|go|remain)\s+quiet\b", text)
        or re.search(
            r"\bwant\s+to\s+hear\s+(?:you|anything)\b|\bdont\s+say\s+anything\b"
            r"|^(?:hold\s+your\s+tongue|(?:shut|close)\s+your\s+mouth)$",
            text,
        )
        or re.search(
            r"^(?:go\s+to\s+sleep|sleep\s+mode|sleep$)|\b(?:speakers?|yourself|it|sound|audio)\s+to\s+sleep$",
            text,
        )
        or re.search(
            r"\b(?:need|want|give\s+me|have|get)\s+(?:some\s+)?(?:peace\s+and\s+)?quiet\b", text
        )
        or re.search(r"^(?:total|complete)\s+silence$|^enough\s+(?:talking|noise)$", text)
        or re.search(
            r"\b(?:stop|no|no\s+more)\s+(?:talking|talk|speaking|listening)\b|\bdisturb\b", text
        )
        or re.search(r"^(?:pipe\s+down|zip\s+it|shut\s+it|stand\s*by|enough\s+noise)$", text)
        or re.search(
            r"\b(?:dont|not)\s+(?:talk|speak|make\s+(?:any\s+|a\s+)?(?:noise|sound))\b", text
        )
        or (
            set(said) & sound
            and re.search(
                r"\b(?:off|stop|kill|cut|no|shut|disable|deactivate|close|remove)\b|\bdont\s+need\b|\bnot\s+needed\b",
                text,
            )
        )
    )
    return IntentMatch("volume_mute", muted_for(request.lower())) if muted else None


def _player(request: str) -> IntentMatch | None:
    """Pause, next, previous, shuffle or repeat, said in the words such requests use."""
    said = words(_BRIEFLY.sub("", request.lower()))  # "pause for a minute"
    if not said or len(said) > 12 or not _only(said, _FILLER, _PLAYER, _PLAYER_VERBS):
        return None
    text = " ".join(said)
    if re.search(r"\bplay\s+next(?:\s+up)?$", text):
        return None  # a song to queue
    if {"like", "love", "hate", "enjoy"} & set(said):
        if re.search(r"\b(?:skip|next)\b", text) and not re.search(r"\b(?:dont|not)\s+skip", text):
            return IntentMatch("media_control", {"action": "next"})  # "i hate this one skip it"
        return None  # an opinion ("i don't like this one turn it off")
    against = bool(
        re.search(r"\b(?:off|disable|deactivate|cancel|end|no|dont|not|without)\b|\bstop\b", text)
    )
    if re.search(
        r"\b(?:a|any|some)\s+random\b|^play\s+random\s+(?:music|songs?|tracks?|tunes?)$", text
    ):
        return None  # "play a random podcast": something to play, not the shuffle mode
    if re.search(r"\breplay\b.*\b(?:last|previous)\b", text):
        return IntentMatch("media_control", {"action": "previous"})
    if re.search(r"\b(?:shuffl\w*|random\w*|mix(?:ed)?)\b", text):
        off = against or re.search(r"\bin\s+order\b", text)
        return IntentMatch("media_control", {"action": "shuffle_off" if off else "shuffle"})
    if re.search(r"\bin\s+order\b", text) and "play" in said:
        return IntentMatch("media_control", {"action": "shuffle_off"})
    things = any(w in _PLAYER for w in said) or bool({"on", "off", "mode"} & set(said)) or against
    if re.search(r"\b(?:repeat\w*|loop\w*)\b", text) and (
        things or re.search(r"\bloop\s+(?:it|this)$", text)
    ):
        return IntentMatch("media_control", {"action": "repeat_off" if against else "repeat"})
    has_object = any(w in _PLAYER for w in said) or bool({"it", "this", "that", "one"} & set(said))
    if re.search(r"\bback\s+to\s+(?:my|the)\b", text) and not re.search(
        r"\b(?:previous|prior|last)\b", text
    ):
        return None  # "go back to my book": going on with it, not the one before
    if re.search(
        r"\b(?:previous|prior|before)\b|\b(?:go|skip|jump|move)\s+back\b|\bback\s+(?:a|one)\b", text
    ):
        return IntentMatch("media_control", {"action": "previous"})
    if (
        re.search(r"\b(?:next|skip\w*|another|other|different)\b", text)
        and (has_object or "skip" in said)
    ) or re.search(r"^(?:go|move|jump|skip)\s+(?:forward|ahead)$", text):
        return IntentMatch("media_control", {"action": "next"})
    if (
        re.search(r"\b(?:pause\w*|hold|halt|freeze)\b", text)
        or (re.search(r"\bstop\w*\b", text) and has_object)
        or (re.search(r"\b(?:kill|enough|no\s+more)\b", text) and any(w in _PLAYER for w in said))
    ):
        return IntentMatch("media_control", {"action": "pause"})
    if re.search(r"\b(?:turn|switch)\s+off\b|\boff\s*$|^off\b", text) and has_object:
        return IntentMatch("media_control", {"action": "pause"})  # "turn the podcast off"
    return None


_CUES = _vocabulary(
    "what whats which who whos whose tell say give show check name title how when info information "
    "details identify recognise recognize"
)
_FIRST = (
    _ASKING
    | _ITEM
    | {"the", "this", "that", "is", "current", "currently", "and", "now", "i", "let"}
)
_NOW = _vocabulary(
    "this that playing current currently now listening name title called just on performing identify "
    "recognise recognize"
)
_ABOUT = _ITEM | _vocabulary("playing played sings singing sang sung listening performing")
_ANY_ITEM = re.compile(r"\b(?:a|an|any|some)\s+(?:\w+\s+)?(?:" + "|".join(sorted(_ITEM)) + r")\b")


def _now_playing(request: str) -> IntentMatch | None:
    """ "who is this band playing", "what is the singer called": what plays now."""
    said = words(request)
    if not said or len(said) > 14 or not _only(said, _FILLER, _ITEM, _ASKING, {"radio"}):
        return None
    if _ANY_ITEM.search(" ".join(said)):
        return None  # "name a song": any song, not the one playing
    if said[0] in _ITEM and {"this", "that", "current"} & set(said):
        return IntentMatch("media_now_playing", {})  # "artist of this song"
    if not _CUES & set(said) or (said[0] not in _FIRST and said[:2] != ["do", "you"]):
        return None  # "let's do name that tune" is a game
    if len(said) <= 4 and said[-2:-1] == ["the"] and said[-1] in _ITEM and said[0] in _CUES:
        return IntentMatch("media_now_playing", {})  # "what's the artist"
    found = _ABOUT & set(said) and _NOW & set(said)
    return IntentMatch("media_now_playing", {}) if found else None


Reading = Callable[[str], IntentMatch | None]
# Things with a sound or a volume of their own: never this computer's, whatever the words say.
_OTHER_THINGS = _vocabulary(
    "tv television telly phone mobile car radio alarm timer ringer ringtone notifications doorbell "
    "microwave fridge oven kettle fan heating heater thermostat lights lamp vacuum dishwasher baby "
    "neighbours neighbors kids dog kitchen bedroom bathroom living lounge office garage garden hall "
    "upstairs downstairs house home room speed slow fast rewind fire light "
    # verbs of other things done "down": "write this down", "calm it down" (never a name)
    "warm cool heat write note jot copy type mark sit calm settle lie lay break count wind step look hold cut "
    "pull tear shut water boil hand hunt track pin narrow scale slim cool"
)


def _read(request: str, readings: tuple[Reading, ...] | None = None) -> IntentMatch | None:
    for reading in readings or (_volume_now, _mute, _volume, _player, _now_playing):
        found = reading(request)
        if found is not None:
            return found
    return None


def said(text: str) -> IntentMatch | None:
    """The first reading of a sound or player request that no fixed shape took, or None.

    One unknown word first is read as a name the user calls the assistant by ("jo it's
    too loud"), unless it names another thing with a sound or a room. Last, only after a
    request that is whole without it ("be quiet jo", "mute the sound please jo"): "turn up
    the heat" without its last word ends on "the", and "mute ana" on its verb.
    """
    request = clean(text)
    if any(matcher(request) for _, matcher in sound_matchers()):
        return None  # a shape takes it: it answers first
    again = _SAID_BEFORE.sub("", request)
    if again != request:
        shaped = (m(again) for _, m in sound_matchers())
        found = next((f for f in shaped if f is not None), None)
        if found is not None:
            return found
        request = again
    found = _time_first(request) or _read(request)
    if found is None:
        found = _with_reason(request) or _for_an_app(request)
    parts = request.split()
    if found is not None or len(parts) < 3:
        return found
    name = words(parts[0])
    if len(name) == 1 and name[0] not in _OTHER_THINGS and not _known(name[0]):
        return _read(clean(" ".join(parts[1:])), (_mute, _volume))  # the sound only
    name, before = words(parts[-1]), words(parts[-2])
    if (
        len(name) == 1
        and name[0] not in _OTHER_THINGS
        and not _known(name[0])
        and before
        and (before[-1] not in _WANTS_MORE or " ".join(words(parts[-3])[-1:] + before) == "on mute")
    ):
        rest = " ".join(parts[:-1])
        shaped = (m(rest) for n, m in sound_matchers() if n.startswith(("volume_", "mute")))
        return next((f for f in shaped if f is not None), None) or _read(rest, (_mute, _volume))
    return None


# "i said be quiet": the request said again.
_SAID_BEFORE = re.compile(r"^(?:i\s+said|i\s+told\s+you\s+to)\s+(?=\w)", re.I)
# Words after which a request is not whole: an object or a particle's thing still to come.
_WANTS_MORE = _vocabulary(
    "the a an my your our this that his her their of to for in on up down off at mute unmute "
    "silence turn put set"
)


# Why the user wants quiet, said before or after the request itself: "i'm on a call be quiet",
# "mute i'm on the phone", "the baby is sleeping keep it down".
_REASON_AFTER = re.compile(
    r"^(?P<ask>.+?)\s+(?:(?:because|since|as|cause|cuz|coz)\s+|(?=(?:i'm|im|i\s+am|i\s+have|i\s+need|"
    r"i\s+(?:can'?t|cannot|couldn'?t|don'?t|do\s+not)|"
    r"we're|we\s+are|we\s+have|(?:the|my|our)\s+\w+\s+(?:is|are|has))\s))[\w' ]{3,60}$",
    re.I,
)
_REASON_BEFORE = re.compile(
    r"^(?:i'm|im|i\s+am|i\s+have|i\s+need\s+to|we're|we\s+are|we\s+have|(?:the|my)\s+\w+\s+(?:is|are))"
    r"\s+[\w' ]{2,40}?\s+(?:so\s+)?(?:(?:please|can\s+you|could\s+you)\s+)?"
    r"(?P<ask>(?:mute|be|keep|stay|go|silence|quiet|hush|shut|turn|switch|lower|stop|no|put)\b.*)$",
    re.I,
)


def _with_reason(request: str) -> IntentMatch | None:
    """A mute or a volume change said with why ("i'm on a call be quiet"), read without the why."""
    for shape in (_REASON_BEFORE, _REASON_AFTER):
        m = shape.match(request)
        if m is None:
            continue
        ask = clean(m["ask"])
        for name, matcher in sound_matchers():
            found = matcher(ask) if name.startswith(("volume_", "mute")) else None
            if found is not None:
                return found
        found = _read(ask, (_mute, _volume))
        if found is not None:
            return found
    return None


# What the sound is of, said last ("turn the volume down on the music app", "the sound of the
# video"): the one volume this computer has is meant, unless it names another thing or a room.
_OF_WHAT = re.compile(
    r"^(?P<ask>.+?\b(?:volume|sound|audio)\b.*?)\s+(?:on|of|in|for|from)\s+(?:the\s+|my\s+|this\s+)?"
    r"(?P<what>[a-z0-9]+(?:\s+[a-z0-9]+)?)$",
    re.I,
)


def _for_an_app(request: str) -> IntentMatch | None:
    """A volume change or a mute said with what the sound is of, read without it."""
    m = _OF_WHAT.match(request)
    if m is None or any(w in _OTHER_THINGS for w in words(m["what"])):
        return None
    ask = clean(m["ask"])
    changes = ("volume_to", "volume_by", "volume_max", "volume_min", "volume_up", "volume_down")
    shaped = (f(ask) for n, f in sound_matchers() if n in (*changes, "mute", "unmute"))
    return next((f for f in shaped if f is not None), None) or _read(ask, (_mute, _volume))


def _time_first(request: str) -> IntentMatch | None:
    """A mute with how long said first ("for an hour mute", "during the call be quiet")."""
    parts = request.split()
    for k in range(min(7, len(parts) - 1), 0, -1):
        head, rest = " ".join(parts[:k]), clean(" ".join(parts[k:]))
        if not _DURATION.fullmatch(" " + head):
            continue
        moved = f"{rest} {head}"
        found = next((m(moved) for n, m in sound_matchers() if n == "mute" and m(moved)), None)
        found = found or _mute(moved)
        if found is not None:
            return found
    return None


def _known(word: str) -> bool:
    """Whether a word is one the sound and player requests use."""
    vocabularies = (_FILLER, _SOUND, _UP, _DOWN, _VOLUME_VERBS, _MUTE_WORDS, _PLAYER)
    return any(word in v for v in (*vocabularies, _PLAYER_VERBS, _ITEM, _ASKING, _VOLUME_NOW))
