"""Local intents for playing something: music, a station, a podcast or an audiobook by name.

People ask in many shapes: "play some jazz", "put harbour fm on", "i want to
hear the kites", "tune in to eighty eight point one fm", "resume the audiobook",
"start the space podcast", "then play blue train". The verb says how sure
we are that it is about media: "play", "listen to", "hear" and "tune in" are
enough; "turn on", "start", "continue", "give me" also need a media word
("radio", "playlist", "episode"...). What follows is the user's own name for
the thing, handed to `media_play` as they said it (a frequency in digits); with
nothing but "music" or "the audiobook" left, the player resumes.
"""

from __future__ import annotations

import re

from assistant.api import IntentMatch
from botpsy_device import music
from botpsy_device.spoken import clean, spoken_frequencies

_I_WANT = (
    r"i(?:\s+really)?(?:\s+(?:want|wanna|would\s+(?:like|love)|d\s+(?:like|love)|need|feel\s+like)"
    r"|'d\s+(?:like|love))"
)
_WANT = rf"(?:{_I_WANT}\s+to|i\s+(?:really\s+)?wanna|i\s+(?:really\s+)?(?:like|love|prefer|enjoy)\s+to|let\s+me|let's|lets|let\s+us|can\s+(?:i|we)|could\s+(?:i|we)|may\s+i)"
_VERB = re.compile(
    r"^(?:"
    # sure: these verbs are about playing whatever follows ("i want to play" is often a game)
    r"(?P<play>play(?:\s+(?:me|us))?|start\s+play(?:ing)?|(?:begin|keep|go\s+on)\s+playing|queue(?:\s+up)?|"
    r"(?:how|what)\s+about\s+(?:playing|hearing|listening\s+to)|why\s+(?:don'?t|not)\s+(?:you\s+)?play|"
    r"(?:you\s+(?:should|could|can)|maybe)\s+play|"
    rf"(?:{_WANT}\s+)?(?:hear|listen\s+to)|(?:i\s+feel\s+like\s+|start\s+)?listening\s+to|"
    r"tune\s+(?:in\s+)?(?:to|into)|tune\s+in)"
    # going on with, or starting, an episode or a book: a media or reading word must follow
    rf"|(?P<resume>(?:{_WANT}\s+)?(?:resume|(?:go\s+)?back\s+to|(?:continue|carry\s+on|pick\s+up)(?:\s+(?:playing|listening\s+to|reading|with))?"
    r"|(?:start|begin)(?:\s+reading)?))"
    # about media only when a media word follows
    rf"|(?P<media>(?:{_WANT}\s+)?(?:(?:put|throw|stick)\s+on|listen|(?:turn|switch)\s+on|read(?:\s+me)?)|"
    # finding, loading or asking for something: a media word must follow
    r"(?:search\s+for|look\s+(?:for|up)|locate|find(?!\s+out)|pull\s+up|bring\s+up|load(?:\s+up)?|open(?:\s+up)?|"
    r"launch|fire\s+up|crank\s+up|blast|spin|gimme|give\s+us|how\s+about|what\s+about|put(?!\s.*\bon$)|"
    r"(?:it'?s\s+)?time\s+for|hit\s+me\s+with|"
    r"i(?:'m|\s+am)\s+in\s+the\s+mood\s+for|(?:let's|lets|can\s+we|could\s+we|can\s+i|could\s+i)\s+(?:have|get)|"
    r"i\s+(?:really\s+)?(?:need|want)|(?:need|want)\s+some|i\s+wanna(?:\s+(?:hear|listen\s+to))?)|"
    r"(?:switch|change|tune|turn|set|put)\s+(?:the\s+)?(?:radio(?:\s+(?:station|channel))?|station|channel)\s+(?:to|on)|(?:go|turn|move)\s+to|(?:switch|change)\s+to|"
    rf"(?:get|give|find)\s+me|{_I_WANT}|how\s+about|tune)"
    r")\s+(?P<what>.+)$",
    re.I,
)
# "put harbour fm on", "turn the radio on"
_PUT_ON = re.compile(
    r"^(?:put|throw|stick|turn|switch|bring)\s+(?P<what>.+?)(?:\s+back)?\s+on$", re.I
)
_RESUME = re.compile(
    r"^(?:play|resume|continue|unpause|(?:keep|carry\s+on|go\s+on)\s+playing)"
    r"(?:\s+(?:the\s+)?(?:music|song|track|playback|video|podcast|audiobook|player|media|it|this))?$"
    r"|^(?:start|continue|resume)\s+playing(?:\s+(?:the\s+)?music)?$"
    r"|^(?:some\s+|the\s+)?(?:music|tunes)(?:\s+on)?$"
    r"|^(?:a|my|the|some)?\s*(?:podcasts?|audio\s*books?)(?:\s+on)?$"
    # going on with a book or an episode: "keep reading", "pick up where we left off"
    r"|^(?:(?:continue|keep|carry\s+on|go\s+on)\s+(?:reading|listening)|read\s+on)$"
    r"|^(?:continue|pick\s+up|carry\s+on|go\s+on|resume)\s+(?:from\s+)?where\s+(?:i|we|you)\s+"
    r"(?:left\s+off|stopped|paused|were)(?:\s+(?:last(?:\s+time)?|it))*$",
    re.I,
)
_RADIO_ON = re.compile(r"^(?:(?:open|start|launch)\s+)?(?:the\s+)?radio(?:\s+on)?$", re.I)
# A station or podcast said alone: "harbour eighty eight fm", "city radio two", "garden podcast".
_STATION = re.compile(
    r"^(?!(?:i|you|we|is|are|do|does|what|how|why|who|where|when|which|can|no|not|stop|turn|my)\b)"
    r"(?!.*\b(?:to|next|previous|last|skip|jump|go|move|play|pause|this|that|is|are|your|any|new)\b)"
    r"(?:the\s+)?(?P<what>[\w'. ]{2,40}?\s+(?:fm|radio(?:\s+(?:station|\w+))?|podcast|audio\s*book))$"
    r"|^(?:the\s+)?(?:audio\s*book|podcast)\s+(?:called\s+|named\s+)?"
    r"(?!.*\b(?:is|are|was|were|said|says|will|would|did|does|about|on|off)\b)"
    r"(?P<what2>[\w'. ]{2,40})$",
    re.I,
)
_MUSIC_APP = re.compile(
    r"^(?:open|load|launch|start|bring\s+up)\s+(?:my|the)\s+music(?:\s+(?:player|app|library))?$",
    re.I,
)
_WHERE_I_WAS = re.compile(
    r"^resume(?:\s+(?:playing|listening|it|playback))?\s+(?:from\s+)?where\s+(?:i|we|you|it)\s+"
    r"(?:left\s+off|stopped|paused|was)(?:\s+(?:last(?:\s+time)?|it))*$",
    re.I,
)
# Music services named as where to play: "open spotify and play ...", "... on pandora".
_SERVICES = (
    r"(?:spotify|pandora|deezer|tidal|soundcloud|itunes|apple\s+music|amazon\s+music|youtube\s+music|"
    r"google\s+play(?:\s+music)?|iheart\s*radio|tunein|audible|the\s+music\s+(?:app|player))"
)
# "then play ...", "after that play ...": the order is the player's business; play it.
_LEAD = re.compile(
    r"^(?:(?:and\s+)?then|next|now|also|after\s+(?:this|that|the\s+current)(?:\s+(?:song|track|one|episode))?"
    rf"|(?:open|launch|load|start|use|go\s+to|on)\s+{_SERVICES}(?:\s+and)?)\s+",
    re.I,
)
_TAIL = re.compile(
    r"(?:\s+(?:next|again|after\s+(?:this|that)(?:\s+(?:song|track|one))?|on\s+(?:shuffle|repeat|loop)"
    r"|in\s+random\s+order|shuffled|on\s+(?:the\s+|my\s+)?(?:speakers?|computer|laptop)"
    rf"|(?:on|from|using|via|in|with)\s+(?:{_SERVICES}|my\s+(?:phone|library|device)|the\s+app)"
    r"|(?:from\s+)?where\s+(?:i|we|you)\s+(?:left\s+off|stopped|paused)(?:\s+(?:it|last(?:\s+time)?))*"
    r"|where\s+it\s+(?:stopped|was)|for\s+(?:me|us)|please"
    r"|from\s+the\s+(?:very\s+)?(?:beginning|start|top)"
    r"|(?:that\s+|which\s+)?(?:i|we)\s+(?:was|were|am|have\s+been)\s+(?:listening\s+to|reading|playing)))+$",
    re.I,
)
_MEDIA = re.compile(
    r"\b(?:(?:something|anything|stuff)\s+(?:by|from)|music|songs?|tunes?|tracks?|playlists?|play\s+list|albums?|radio|stations?|fm|podcasts?|"
    r"audio\s*books?|episodes?|band|singer|artist|jazz|classical|rock|pop|rap|hip\s*hop|country|blues|"
    r"metal|reggae|techno|soul|folk|punk|disco|opera|edm|indie|lullab(?:y|ies)|symphony|soundtrack)\b",
    re.I,
)
_TRACK = r"(?:song|track|tune|one|episode|chapter|podcast|audiobook|book|part|station|video)"
_READING = re.compile(r"\b(?:books?|chapters?)\b", re.I)
_RADIO = re.compile(r"\b(?:radio|stations?|fm|podcasts?)\b", re.I)
# Never media, whatever the verb: other tools' things, the player's settings, games.
_NEVER = re.compile(
    r"\b(?:chess|checkers|poker|blackjack|bingo|uno|scrabble|monopoly|solitaire|mahjong|dominoes|darts|"
    r"sudoku|crossword|hangman|tic\s+tac\s+toe|hide\s+and\s+seek|i\s+spy|(?:twenty|20)\s+questions|"
    r"rock\s+paper\s+scissors|tetris|minecraft|pac-?man|snake|charades|pictionary|battleship|"
    r"connect\s+four|jeopardy|puzzles?|spelling\s+bee|word\s+(?:chain|association)|pong|fortnite|"
    r"pokemon|xbox|playstation|nintendo|"
    r"alarms?|timers?|reminders?|voicemails?|messages?|e-?mails?|inbox|texts?|weather|forecast|"
    r"calendar|schedule|agenda|appointments?|meetings?|traffic|video\s+call|lyrics|downloads?|uploads?|"
    r"backups?|shuffle|repeat|loop|volume|mute|brightness)\b"
    r"|\b(?:with|against)\s+(?:me|us|him|her|them|my\s+\w+)\b|^(?:with|against)\b"
    r"|^(?:dead|along|nice|fair|pretend|a\s+(?:prank|trick)|hard\s+to\s+get|it\s+(?:cool|safe))\b",
    re.I,
)
# Not music unless a station or podcast is named: "the match on the radio" is radio.
_NOT_MUSIC = re.compile(
    r"\b(?:games?|quiz|trivia|cards|jokes?|funny|facts?|riddles?|news|headlines|briefing|football|"
    r"soccer|basketball|baseball|tennis|golf|cricket|hockey|volleyball|badminton|bowling|"
    r"(?:round|hand|level)\s+of)\b",
    re.I,
)
# Read, continued or started, these are documents, not audiobooks ("continue the article").
_DOCUMENTS = re.compile(
    r"\b(?:articles?|pages?|documents?|pdf|letters?|reports?|essays?|notes|folders?|website|webpage|"
    r"summar(?:y|ies)|messages?|recipes?)\b",
    re.I,
)
# With a weak verb ("give me", "i want", "start"), what a media word there may still be about.
_NOT_PLAYING = re.compile(
    r"\b(?:name|names|title|info|information|details?|recommend\w*|suggest\w*|reviews?|tickets?|"
    r"concerts?|app|application|program|lists?)\b",
    re.I,
)
# What no request to play starts with ("play how to ...", "hear about the vote").
_NOT_WHAT_ALWAYS = re.compile(
    r"^(?:to|about|how|why|whether|if|more\s+about|a\s+bit\s+about)\b", re.I
)
# After "hear" or "listen to" these are talk, not media: "i want to hear what you think".
_NOT_WHAT = re.compile(rf"{_NOT_WHAT_ALWAYS.pattern}|^(?:what|when|where|who|your|you)\b", re.I)
_HOME_THINGS = re.compile(
    r"\b(?:lights?|lamps?|heating|heater|kettle|oven|fan|tv|television|coffee|thermostat|vacuum|"
    r"dishwasher|washing\s+machine|car)\b",
    re.I,
)
_POINTING = {"this", "that", "it", "these", "those", "you", "him", "her", "them", "us", "me"}
_NOTHING_NAMED = {
    "anything", "whatever", "any", "podcast", "podcasts", "audiobook", "audiobooks", "audio",
    "book", "books", "episode", "episodes", "chapter", "radio", "playing", "listening",
    "reading", "player", "playback", "media", "with",
}  # fmt: skip
_TYPE_FIRST = re.compile(
    r"^(?:the\s+|my\s+|a\s+)?(?:audio\s*book|podcast|episode|book)\s+(?:called\s+|named\s+)?"
    r"(?!(?:about|on|from|by|for|of|with|in|that|which)\b)(?=\w)",
    re.I,
)
# Said without a verb: "some jazz", "relaxing music", "songs by the kites", "my gym playlist".
_SOME = r"(?:(?:some|more|a\s+little|a\s+bit\s+of|a\s+few|the|my)\s+)?"
_KIND_OF_MUSIC = re.compile(
    rf"^{_SOME}(?P<kind>[\w' ]{{1,40}}?)\s+(?:music|songs|tunes|tracks|hits|mix|playlist|album|radio)$",
    re.I,
)
_BY_SOMEONE = re.compile(
    rf"^{_SOME}(?:music|songs?|tracks?|tunes|albums?|hits|something)\s+(?:by|from)\s+(?P<who>[\w'. ]{{2,40}})$",
    re.I,
)
_MY_PLAYLIST = re.compile(r"^(?:my|the)\s+(?P<name>[\w' ]{1,30}?)\s+playlist$", re.I)
# "shuffle my gym playlist", "shuffle and play songs by the kites": a name, played shuffled.
_SHUFFLE_NAMED = re.compile(
    r"^(?:shuffle|randomi[sz]e)(?:\s+(?:and\s+)?play)?\s+(?P<what>.+)$", re.I
)
# A music service said alone: botpsy plays the user's own player.
_SERVICE_ALONE = re.compile(
    r"^(?:open|load|launch|start|run|use)\s+(?:spotify|pandora|deezer|tidal|soundcloud|itunes|"
    r"apple\s+music|amazon\s+music|youtube\s+music|audible)$",
    re.I,
)
_PLAYING_AGAIN = re.compile(r"^(?:playing|listening\s+to|hearing)\s+", re.I)


def _what(said: str) -> str:
    """The name as the user said it, without fillers around it and with a frequency in digits."""
    what = _PLAYING_AGAIN.sub("", said.strip(" .\"'"))
    what = re.sub(r"\bplay\s+list", "playlist", what, flags=re.I)
    what = re.sub(r"^(?:me|us)\s+", "", what, flags=re.I)
    what = re.sub(r"^and\s+(?:then\s+)?(?:(?:play|queue)\s+(?:up\s+)?)?", "", what, flags=re.I)
    what = _TAIL.sub("", what).strip(" .\"'")
    return spoken_frequencies(what)


def _pointing(what: str) -> bool:
    """Whether `what` only points ("this song", "it", "me") and names nothing."""
    words = music.key_words(what)
    return bool(words) and all(w in _POINTING for w in words)


def _named(what: str) -> list[str]:
    """The words of `what` that name something, beyond "music", "the audiobook" or "anything"."""
    return [w for w in music.key_words(what) if w not in _NOTHING_NAMED]


def play(text: str) -> IntentMatch | None:
    """ "play some jazz", "put harbour fm on", "resume the audiobook": `media_play`, or None."""
    request = clean(text)
    if _RESUME.match(request) or _MUSIC_APP.match(request) or _WHERE_I_WAS.match(request):
        return IntentMatch("media_play", {})
    if _RADIO_ON.match(request):
        return IntentMatch("media_play", {"what": "radio"})
    if _SERVICE_ALONE.match(request):
        return IntentMatch("media_play", {})
    request = _LEAD.sub("", request)
    request = re.sub(r"^to\s+(?=(?:listen|hear|play)\b)", "", request, flags=re.I)  # a fragment
    shuffled = _SHUFFLE_NAMED.match(request)
    if (
        shuffled
        and _named(_what(shuffled["what"]))
        and (_MEDIA.search(shuffled["what"]) or music.describes_music(shuffled["what"]))
        and _could_be_media(_what(shuffled["what"]), "play", "play")
    ):
        return IntentMatch("media_play", {"what": _TYPE_FIRST.sub("", _what(shuffled["what"]))})
    m = _VERB.match(request)
    if m is not None:
        kind = next(k for k in ("play", "media", "resume") if m.group(k))
    else:
        m, kind = _PUT_ON.match(request), "media"
    if m is None:
        station = _STATION.match(request)
        named = (station["what"] or station["what2"]) if station else ""
        if (
            station
            and len(named.split()) <= 6
            and _named(named)
            and _could_be_media(named, "play", "")
        ):
            return IntentMatch("media_play", {"what": spoken_frequencies(named)})
        return _bare(request)
    what = _what(m.group("what"))
    if m.group(0).lower().startswith("play") and _pointing(what):
        return IntentMatch("media_play", {})  # "play this song": what the player has
    if not _named(what) and re.search(
        r"\b(?:shuffled?|random(?:ly)?|repeat|loop)\b", m.group("what"), re.I
    ):
        return None  # "play the songs in random order" is the player's shuffle
    if what.lower().startswith("from ") and not m.group(0).lower().startswith("play"):
        return None  # "i want to hear from ana" is news of a person; "play from the road trip playlist" is not
    if not _could_be_media(what, kind, request[: m.start("what")]):
        return None
    if _named(what):
        return IntentMatch("media_play", {"what": _TYPE_FIRST.sub("", what)})
    if re.search(r"\b(?:radio|stations?)\b", what, re.I) and not re.match(
        r"(?:resume|continue|carry|pick)\b", request, re.I
    ):
        return IntentMatch("media_play", {"what": "radio"})  # "turn on the radio"
    if kind == "play" and what.lower() in ("anything", "whatever", "something", "any music"):
        return IntentMatch("media_play", {})  # "play anything": what the player has
    if kind == "play" and _READING.search(what):
        return IntentMatch("media_play", {})  # "listen to my book"
    if kind == "play" and not _MEDIA.search(what):
        return None  # "play again", "play for a while": more likely a game than the player
    return IntentMatch("media_play", {})  # "play some music", "resume the audiobook"


def _bare(request: str) -> IntentMatch | None:
    """Music named without a verb: "some jazz", "calm music", "songs by the kites", "my gym playlist"."""
    what = _what(request)
    if not what or len(what.split()) > 8 or not _could_be_media(what, "play", "play"):
        return None
    kind = _KIND_OF_MUSIC.match(what)
    described = kind is not None and all(
        w in music.DESCRIBING | {"favourite", "favorite", "my"}
        for w in music.key_words(kind["kind"])
    )
    if (
        music.describes_music(what)
        or described
        or _BY_SOMEONE.match(what)
        or _MY_PLAYLIST.match(what)
    ):
        return IntentMatch("media_play", {"what": what})
    return None


def _could_be_media(what: str, kind: str, verb: str) -> bool:
    """Whether `what`, after this verb ("turn on the", "resume") of this kind, can be played."""
    playing = verb.lower().startswith("play")
    if (
        not what
        or len(what.split()) > 10
        or (_NOT_WHAT_ALWAYS if playing else _NOT_WHAT).match(what)
    ):
        return False
    if (
        _NEVER.search(what)
        or _HOME_THINGS.search(what)
        or (_DOCUMENTS.search(what) and not playing)
    ):
        return False
    if _NOT_MUSIC.search(what) and not _RADIO.search(what):
        return False
    if re.match(
        rf"(?:the\s+)?(?:(?:next|previous|last)\s+)*(?:next|previous|last)(?:\s+{_TRACK})*$",
        what,
        re.I,
    ):
        return False  # "play the next chapter": the player's next, not a search
    if _pointing(what):
        return False  # "listen to this", "hear me": nothing named
    if kind == "play" or (kind == "resume" and verb.lower().startswith("resume")):
        return True
    if kind == "media" and len(what.split()) > 9:
        return False  # "bring up the page and send ...": a weak verb before a long errand
    reading = (kind == "resume" or verb.lower().startswith("read")) and (
        _READING.search(what) or "reading" in verb.lower()
    )
    on_the_radio = re.search(
        r"\b(?:radio|station|channel)\b", verb, re.I
    )  # "change the station to"
    if not (_MEDIA.search(what) or on_the_radio or reading):
        return False
    if verb.lower().startswith("read") and not re.search(
        r"\b(?:audio\s*books?|chapters?)\b", what, re.I
    ):
        return False  # "read me the album notes" is not an audiobook
    return not _NOT_PLAYING.search(what)
