"""Local intents for playing something: music, a station, a podcast or an audiobook by name.

People ask in many shapes: "play some jazz", "put harbour fm on", "i want to
hear the kites", "tune in to eighty eight point one fm", "resume the audiobook",
"start the space podcast", "then play blue train". The verb says how sure
we are that it is about media: "play", "listen to", "hear" and "tune in" are
enough, and so are "put on" and "shuffle" unless what follows is worn, cooked,
filed or dealt (`_NOT_PUT_ON`, `_NOT_SHUFFLED`); "turn on", "start", "continue",
"give me" also need a media word ("radio", "playlist", "episode"...). What
follows is the user's own name for the thing, handed to `media_play` as they
said it (a frequency in digits); with nothing but "music" or "the audiobook"
left, the player resumes.
"""

from __future__ import annotations

import re

from assistant.api import IntentMatch
from botpsy_device import music
from botpsy_device.spoken import clean, spoken_frequencies


def _vocabulary(words: str) -> frozenset[str]:
    """A set of words written as one string, as word lists read best."""
    return frozenset(words.split())


_I_WANT = (
    r"i(?:\s+really)?(?:\s+(?:want|wanna|would\s+(?:like|love)|d\s+(?:like|love)|need|feel\s+like)"
    r"|'d\s+(?:like|love))"
)
_WANT = rf"(?:{_I_WANT}(?:\s+to)?|want\s+to|i\s+(?:really\s+)?wanna|i\s+(?:really\s+)?(?:like|love|prefer|enjoy)\s+to|let\s+me|let's|lets|let\s+us|can\s+(?:i|we)|could\s+(?:i|we)|may\s+i)"
_VERB = re.compile(
    r"^(?:"
    # sure: these verbs are about playing whatever follows ("i want to play" is often a game)
    r"(?P<play>(?:play|plays|stream)(?:\s+(?:me|us))?|"
    # another song named while one plays: "skip to the song blue train", "change the track to ..."
    r"(?:skip|jump|go)\s+(?:ahead\s+|back\s+)?to(?=\s+(?:the\s+)?(?:song|track|album|playlist|chapter|episode|part)\s)|"
    r"(?:change|switch)\s+(?:the\s+|this\s+)?(?:song|track|music|playlist|album)\s+to|start\s+(?:play|stream)(?:ing)?|(?:begin|keep|go\s+on)\s+playing|queue(?:\s+up)?|"
    r"(?:how|what)\s+about\s+(?:playing|hearing|listening\s+to)|why\s+(?:don'?t|not)\s+(?:you\s+)?play|"
    r"(?:you\s+(?:should|could|can)|maybe)\s+play|"
    rf"(?:{_WANT}\s+)?(?:hear|listen\s+to|listen(?=\s+(?:the|some|my)\s))|(?:i\s+feel\s+like\s+|start\s+)?listening\s+to|"
    r"tune\s+(?:in\s+)?(?:to|into)|tune\s+in)"
    # going on with, or starting, an episode or a book: a media or reading word must follow
    rf"|(?P<resume>(?:{_WANT}\s+)?(?:resume|restart|replay|(?:go\s+)?back\s+to|(?:continue|carry\s+on|pick\s+up|keep\s+going)(?:\s+(?:playing|listening\s+to|reading|with))?"
    r"|(?:start|begin)(?:\s+reading)?))"
    # about media only when a media word follows
    rf"|(?P<media>(?:{_WANT}\s+)?(?:(?:put|throw|stick)\s+on|listen|(?:turn|switch)\s+on|read(?:\s+me)?)|"
    # finding, loading or asking for something: a media word must follow
    r"(?:search(?:\s+for)?|scan\s+for|look\s+(?:for|up)|locate|find(?!\s+out)|pull\s+up|bring\s+up|load(?:\s+up)?|open(?:\s+up)?|"
    r"launch|fire\s+up|crank\s+up|blast|spin|gimme|give\s+us|how\s+about|what\s+about|put(?!\s.*\bon$)|"
    r"(?:it'?s\s+)?time\s+for|hit\s+me\s+with|"
    r"i(?:'m|\s+am)\s+in\s+the\s+mood\s+for|(?:let's|lets|can\s+we|could\s+we|can\s+i|could\s+i)\s+(?:have|get)|"
    r"i\s+(?:really\s+)?(?:need|want)|(?:need|want)\s+some|i\s+wanna(?:\s+(?:hear|listen\s+to))?)|"
    r"(?:switch|change|tune|turn|set|put)\s+(?:the\s+)?(?:radio(?:\s+(?:stations?|channels?))?|stations?|channels?)(?:\s+on)?\s+(?:to|on)|(?:go|turn|move)\s+to|(?:switch|change)\s+to|return\s+to|"
    rf"(?:get|give|find)\s+me|{_I_WANT}|how\s+about|tune)"
    r")\s+(?P<what>.+)$",
    re.I,
)
# "put harbour fm on", "turn the radio on"
_PUT_ON = re.compile(
    r"^(?:put|throw|stick|turn|switch|bring)\s+(?P<what>.+?)(?:\s+back)?\s+on$", re.I
)
_RESUME = re.compile(
    r"^(?:(?:press|hit|push)\s+play|(?:the\s+)?(?:music|song|podcast|audio\s*book)\s+back\s+on)$"
    r"|^(?:play|resume|continue|unpause|(?:keep|carry\s+on|go\s+on)\s+playing)"
    r"(?:\s+(?:the\s+)?(?:music|song|track|playback|video|podcast|audiobook|player|media|it|this))?$"
    r"|^(?:start|continue|resume)\s+playing(?:\s+(?:the\s+)?music)?$"
    r"|^(?:some\s+|the\s+)?(?:music|tunes)(?:\s+on)?$|^(?:a|any)\s+(?:song|tune|track)$"
    r"|^(?:get|start)\s+(?:some|the)\s+(?:music|tunes)\s+(?:going|started|on)(?:\s+again)?$"
    r"|^(?:a|my|the|some)?\s*(?:podcasts?|audio\s*books?)(?:\s+on)?$"
    # going on with a book or an episode: "keep reading", "pick up where we left off"
    r"|^(?:(?:continue|keep|carry\s+on|go\s+on|start|begin)\s+(?:reading|listening)|read\s+on"
    r"|(?:continue|resume)\s+my\s+(?:reading|listening)|read(?:\s+me)?\s+(?:my|the)\s+(?:audio\s*)?book)$"
    r"|^(?:continue|pick\s+up|carry\s+on|go\s+on|resume|start|keep)(?:\s+(?:reading|listening|playing))?"
    r"\s+(?:from\s+)?where\s+(?:i|we|you)\s+"
    r"(?:left\s+off|stopped|paused|were)(?:\s+(?:last(?:\s+time)?|it))*$",
    re.I,
)
_RADIO_ON = re.compile(
    r"^(?:(?:open|start|launch)\s+)?(?:the\s+|my\s+)?(?:radio|fm|fm\s+radio|radio\s+fm|radio\s+station)"
    r"(?:\s+(?:app|player))?(?:\s+back)?(?:\s+on)?$",
    re.I,
)
# A station or podcast said alone: "harbour eighty eight fm", "city radio two", "garden podcast".
_STATION = re.compile(
    r"^(?!(?:i|you|we|is|are|do|does|what|how|why|who|where|when|which|can|no|not|stop|turn|my|on|off|"
    r"change|switch|scan|search|find|open|close|start|set|put|tune|get|give|make|add|save|like|"
    r"rewind|finish|end|download|delete|remove|subscribe|unsubscribe|rate|share|speed|slow|record|"
    r"recommend\w*|suggest\w*|any|review\w*)\b)"
    r"(?!.*\b(?:to|next|previous|last|skip|jump|go|move|play|pause|this|that|is|are|your|any|new)\b)"
    r"(?:the\s+)?(?P<what>[\w'. ]{2,40}?\s+(?:fm|radio(?:\s+(?:station|\w+))?|podcast|audio\s*book))$"
    r"|^(?:the\s+)?(?:audio\s*book|podcast|song|album|playlist)\s+(?:called\s+|named\s+)?"
    r"(?!(?:name|title|info|details|lyrics|of|for|by|list|what|which|is|called|time|now)\b)"
    r"(?!.*\b(?:is|are|was|were|said|says|will|would|did|does|about|on|off)\b)"
    r"(?P<what2>[\w'. ]{2,40})$",
    re.I,
)
_MUSIC_APP = re.compile(
    r"^(?:open|load|launch|start|bring\s+up)\s+(?:my|the)\s+(?:music|podcasts?|audio\s*books?)"
    r"(?:\s+(?:player|app|library))?$",
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
    r"google\s+play(?:\s+music)?|iheart\s*radio|tunein|audible|youtube|the\s+music\s+(?:app|player))"
)
# "then play ...", "after that play ...": the order is the player's business; play it.
_LEAD = re.compile(
    r"^(?:(?:and\s+)?then|next|now|also|after\s+(?:this|that|the\s+current)(?:\s+(?:song|track|one|episode))?"
    rf"|(?:open|launch|load|start|use|go\s+to|on)\s+{_SERVICES}(?:\s+and)?)\s+",
    re.I,
)
# "search spotify for the kites": the service says it is music to play.
_SEARCH_SERVICE = re.compile(
    rf"^(?:search|look\s+(?:on|in|through)|check)\s+(?!youtube\b){_SERVICES}\s+for\s+", re.I
)
_TAIL = re.compile(
    r"(?:\s+(?:next|again|after\s+(?:this|that)(?:\s+(?:song|track|one))?|on\s+(?:shuffle|repeat|loop)"
    r"|in\s+random\s+order|shuffled|on\s+(?:the\s+|my\s+)?(?:speakers?|computer|laptop)"
    rf"|(?:on|from|using|via|in|with)\s+(?:{_SERVICES}|my\s+(?:phone|library|device)|the\s+app)"
    r"|(?:from\s+)?where\s+(?:i|we|you)\s+(?:left\s+off|stopped|paused)(?:\s+(?:it|last(?:\s+time)?))*"
    r"|where\s+it\s+(?:stopped|was)|for\s+(?:me|us)|please"
    r"|at\s+(?:double|half|normal|twice\s+the|\w+\s+times)\s+(?:the\s+)?speed"
    # how loud, where in the house and for how long: said about the playing, not the name
    r"|at\s+(?:full|max(?:imum)?|low|high|half|top)\s+volume|at\s+volume\s+\w+|loud(?:ly)?|quietly|softly"
    r"|immediately|everywhere|(?:in|on)\s+(?:the\s+|my\s+)?(?:kitchen|living\s+room|lounge|bedroom|bathroom|"
    r"office|garage|garden|hall)(?:\s+speakers?)?"
    r"|for\s+(?:the\s+next\s+)?(?:an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|\d+|a\s+few|half\s+an)"
    r"\s+(?:minutes?|hours?)|until\s+i\s+(?:fall\s+asleep|sleep|go\s+to\s+(?:bed|sleep))"
    r"|from\s+the\s+(?:very\s+)?(?:beginning|start|top)"
    r"|(?:that\s+|which\s+)?(?:i|we)\s+(?:was|were|am|have\s+been)\s+(?:listening\s+to|reading|playing)"
    r"(?:\s+(?:yesterday|last\s+night|earlier|before|last\s+time|this\s+(?:morning|afternoon|week)))?))+$",
    re.I,
)
_MEDIA = re.compile(
    r"\b(?:(?:something|anything|stuff)\s+(?:by|from)|music|songs?|tunes?|tracks?|playlists?|play\s+list|albums?|radio|stations?|fm|podcasts?|"
    r"audio\s*books?|episodes?|broadcasts?|(?:radio|talk)\s+shows?|band|singer|artist|jazz|classical|rock|pop|rap|hip\s*hop|country|blues|"
    r"metal|reggae|techno|soul|folk|punk|disco|opera|edm|indie|lullab(?:y|ies)|symphony|soundtrack)\b",
    re.I,
)
_TRACK = r"(?:song|track|tune|one|episode|chapter|podcast|audiobook|book|part|station|video)"
# A place on the dial, already in digits: "98.1", "101.3 fm", "channel 12".
_DIAL = re.compile(
    r"^(?:the\s+)?(?:(?:radio\s+)?(?:channel|station|frequency)\s+\d{1,4}(?:\.\d{1,2})?"
    r"|\d{2,4}\.\d{1,2}(?:\s+(?:fm|am|mhz))?|\d{2,4}\s+(?:fm|am|mhz))$",
    re.I,
)
# A place in a book: "chapter five", "from chapter two of the long river".
_CHAPTER = re.compile(r"^(?:from\s+)?(?:the\s+)?chapter\s+\w+(?:\s+of\s+[\w' ]+)?$", re.I)
_READING = re.compile(r"\b(?:books?|chapters?|novels?)\b", re.I)
_RADIO = re.compile(r"\b(?:radio|stations?|fm|podcasts?|broadcasts?)\b", re.I)
# Never media, whatever the verb: other tools' things, the player's settings, games.
_NEVER = re.compile(
    r"\b(?:chess|checkers|poker|blackjack|bingo|uno|scrabble|monopoly|solitaire|mahjong|dominoes|darts|"
    r"sudoku|crossword|hangman|tic\s+tac\s+toe|hide\s+and\s+seek|i\s+spy|(?:twenty(?:\s+one)?|20|21)\s+questions|"
    r"heads\s+or\s+tails|dice|coin\s+toss|flip\s+a\s+coin|spin\s+the\s+wheel|brain\s+teasers?|a\s+sport|"
    r"rock\s+paper\s+scissors|tetris|minecraft|pac-?man|snake|charades|pictionary|battleship|"
    r"connect\s+four|jeopardy|puzzles?|spelling\s+bee|word\s+(?:chain|association)|pong|fortnite|"
    r"pokemon|xbox|playstation|nintendo|tag|would\s+you\s+rather|truth\s+or\s+dare|name\s+that\s+(?:tune|song)|"
    r"guess(?:ing)?\s+(?:the\s+|a\s+)?(?:song|tune|singer|artist|word|number|animal)|angry\s+birds|candy\s+crush|"
    r"fortune\s+teller|lottery|simon\s+says|ludo|snakes\s+and\s+ladders|yahtzee|crosswords|battleships|"
    r"word\s+search|go\s+fish|old\s+maid|rummy|backgammon|draughts|jenga|twister|cluedo|catan|mario|zelda|"
    r"fifa|call\s+of\s+duty|among\s+us|roblox|wordle|akinator|mad\s+libs|never\s+have\s+i\s+ever|"
    r"hot\s+potato|marco\s+polo|musical\s+chairs|keno|roulette|slots|craps|baccarat|lotto|"
    r"alarms?|timers?|reminders?|voicemails?|messages?|e-?mails?|inbox|texts?|weather|forecast|"
    r"calendar|schedule|agenda|appointments?|meetings?|traffic|video\s+call|lyrics|downloads?|uploads?|"
    r"backups?|shuffle|repeat|loop|volume|mute|brightness)\b"
    r"|\b(?:with|against)\s+(?:me|us|him|her|them|my\s+\w+)\b|^(?:with|against)\b"
    r"|^(?:dead|along|nice|fair|pretend|a\s+(?:prank|trick)|hard\s+to\s+get|it\s+(?:cool|safe)|time\s+(?:is|was|for))\b"
    # games of the body and the yard, and a turn in a game: "play catch", "play another round"
    r"|^(?:ball|fetch|catch|pool|billiards|snooker|outside|outdoors|frisbee|hopscotch|spin\s+the\s+bottle|"
    r"words\s+with\s+friends|sports?)$|^(?:a|another|one\s+more|the\s+next|next)\s+(?:round|level|hand|turn|match)$"
    # an instrument to play yourself: "play the piano" (while "piano music" is music)
    r"|^the\s+(?:piano|guitar|drums|violin|viola|cello|flute|trumpet|trombone|saxophone|sax|bass|harp|"
    r"ukulele|clarinet|harmonica|keyboard|organ|banjo|mandolin|recorder|accordion|tuba|oboe|xylophone)$",
    re.I,
)
# What a station may be named for ("the weather channel"), never played on its own.
_ON_THE_AIR = frozenset({"weather", "forecast", "traffic", "schedule"})
_STATION_NAMED = re.compile(
    r"\b(?:weather|forecast|traffic|schedule)\s+(?:stations?|channels?|radio|fm)\b", re.I
)
# Not music unless a station or podcast is named: "the match on the radio" is radio.
_NOT_MUSIC = re.compile(
    r"\b(?:games?|quiz|trivia|cards|jokes?|funny|facts?|riddles?|news|headlines|briefing|football|"
    r"soccer|basketball|baseball|tennis|golf|cricket|hockey|volleyball|badminton|bowling|"
    r"(?:round|hand|level)\s+of)\b",
    re.I,
)
# What else is shuffled: cards, a list, people; never something to play.
_NOT_SHUFFLED = re.compile(
    r"\b(?:cards?|deck|order|list|lists|tasks?|names?|teams?|players?|words?|letters?|numbers?|seats?|"
    r"questions?|photos?|pictures?|slides?|files?|windows?|tabs?|schedule|it|them|these|those|this|that)\b",
    re.I,
)
# What else is put on: clothes, the stove, a list, the phone; never something to play.
_NOT_PUT_ON = re.compile(
    r"\b(?:shoes?|socks?|coat|jacket|sweater|jumper|hoodie|hat|cap|scarf|gloves?|pants|trousers|jeans|"
    r"dress|skirt|shirt|t-?shirt|clothes|pajamas|pyjamas|glasses|sunglasses|make-?up|lipstick|perfume|"
    r"deodorant|sunscreen|sun\s+cream|lotion|cream|mask|uniform|costume|boots|slippers|ring|necklace|watch|"
    r"pot|pan|water|coffee|tea|dinner|lunch|breakfast|stove|grill|kettle|weight|pounds|kilos|brakes|"
    r"smile|face|show|hold|speaker(?:\s*phone)?|list|lists|notice|agenda|tab|bill|account|sale|grill|bbq|"
    r"barbecue|computer|laptop|engine|car|heat|the\s+a\.?c|air|fire|fireplace|jacuzzi|hot\s+tub|"
    r"wheel|bottle|dice|coin|top|^off|^away|^out|"
    r"charger|charge|phone|heat|heating|fan|air\s+con(?:ditioning)?|ac|wash|washing|dishwasher|"
    r"lights?|lamps?|tv|television|oven|alarm|timer|reminder|silent|mute|repeat|shuffle|loop)\b",
    re.I,
)
# Words that make the rest music ("funny songs", "the football anthem"), unless it is a game.
_SONG_WORDS = re.compile(
    r"\b(?:songs?|music|albums?|tracks?|playlists?|anthems?|soundtracks?|theme\s+(?:song|tune)|tunes)\b",
    re.I,
)
_GAME_WORDS = re.compile(r"\b(?:games?|quiz|quizzes|trivia|riddles?|round|level|guess\w*)\b", re.I)
# Read, continued or started, these are documents, not audiobooks ("continue the article").
_DOCUMENTS = re.compile(
    r"\b(?:articles?|pages?|documents?|pdf|letters?|reports?|essays?|notes|folders?|website|webpage|"
    r"summar(?:y|ies)|messages?|recipes?)\b",
    re.I,
)
# With a weak verb ("give me", "i want", "start"), what a media word there may still be about.
_NOT_PLAYING = re.compile(
    r"\b(?:name|names|title|info|information|details?|recommend\w*|suggest\w*|reviews?|tickets?|"
    r"concerts?|app|application|program|lists?|web|internet|online|google|wikipedia|"
    # getting somewhere: "i need a taxi to the station"
    r"taxis?|cabs?|uber|lyft|rides?|lift|trains?|bus|buses|flights?|platform)\b"
    # a station one goes to, not one tuned to: "find the nearest petrol station"
    r"|\b(?:petrol|gas|fuel|filling|service|charging|police|fire|railway|rail|tube|metro|subway|"
    r"underground|coach|ambulance|polling|power|pumping|space|ski|lifeboat)\s+stations?\b"
    r"|\b(?:nearest|closest|nearby|near\s+(?:me|here|us)|close\s+(?:to\s+me|by)|around\s+here)\b",
    re.I,
)
# What no request to play starts with ("play how to ...", "hear about the vote"), nor a
# statement about a play as a noun ("school play is on tuesday at 7", "the play's at eight").
_NOT_WHAT_ALWAYS = re.compile(
    r"^(?:to|about|how|why|whether|if|more\s+about|a\s+bit\s+about"
    r"|(?:is|'s|will\s+be|has\s+been)\s+(?:on|at)|(?:starts?|begins?)\s+at)\b",
    re.I,
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
    "reading", "player", "playback", "media", "with", "fm", "stations", "radios",
}  # fmt: skip
# Music of no kind in particular: whatever the player has ("play a random song").
_ANY_SONG = re.compile(r"^(?:a\s+|some\s+|any\s+)?random\s+(?:music|songs?|tracks?|tunes?)$", re.I)
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
_NAME_SONGS = re.compile(
    r"^(?!.*\b(?:what|which|who|whose|how|why|when|where|are|is|was|were|do|does|did|your|you|any|i|me|"
    r"best|worst|top|most|write|writing|sing|singing|compose|learn|list|name)\b)"
    r"(?:some\s+of\s+)?(?:the\s+)?(?P<name>[\w' ]{2,30}?)(?:'s)?\s+(?:songs|hits|tracks|albums|greatest\s+hits)$",
    re.I,
)
_BY_SOMEONE = re.compile(
    rf"^(?:{_SOME}|an?\s+)(?:(?:new|latest|recent|old|best)\s+)?(?:music|songs?|tracks?|tunes|albums?|hits|something|anything|audio\s*books?|podcasts?)"
    rf"\s+(?:by|from)\s+(?P<who>[\w'. ]{{2,40}})$"
    rf"|^{_SOME}(?:songs|tracks|albums|hits)\s+of\s+(?!the\s+(?:year|day|week|month)\b)(?P<who2>[\w'. ]{{2,40}})$",
    re.I,
)
# An episode named without a verb: "latest episode of garden hour", "the new garden hour episode".
_EPISODE = re.compile(
    r"^(?:the\s+)?(?:(?:latest|newest|new|last|first|next|most\s+recent|recent)\s+)?(?:episode|chapter)s?"
    r"(?:\s+\w+)?\s+of\s+(?!(?:this|that|it)\b)[\w' ]{2,40}$"
    r"|^[\w' ]{2,30}?\s+(?:latest|newest|new|next|last)\s+episodes?$"
    r"|^(?:an?\s+|some\s+|any\s+)?podcasts?\s+(?:about|on)\s+[\w' ]{2,30}$"
    r"|^(?:the\s+)?(?:latest|newest|new|most\s+recent)\s+[\w' ]{2,30}?\s+(?:podcast\s+)?episodes?$"
    r"|^(?:the\s+|my\s+)?(?:latest|newest|new|most\s+recent)\s+(?:podcast|episode)s?$"
    r"|^(?:the\s+)?[\w' ]{2,30}?\s+podcast\s+episodes?$",
    re.I,
)
# Music for a time or an activity, said without a verb: "music for dinner", "songs for a run".
_MUSIC_FOR = re.compile(
    r"^(?:some\s+|a\s+little\s+)?(?:music|songs|tunes|a\s+playlist)\s+(?:for|to)\s+(?:a\s+|the\s+|my\s+)?"
    r"(?P<use>[\w ]{2,25})$",
    re.I,
)
_USES = _vocabulary(
    "dinner lunch breakfast cooking party studying study work working focus reading sleep sleeping "
    "bed bedtime relaxing relax chilling chill running run workout gym exercise yoga driving drive "
    "road trip morning evening night rainy day weekend cleaning meditation meditating dancing "
    "dance kids children baby wedding"
)
# A mood said with "something" and no verb: "something upbeat", "something calm and slow".
_SOMETHING_LIKE = re.compile(r"^(?:something|anything)\s+(?P<like>[\w ]{3,30})$", re.I)
# A station named after the word "radio": "radio four", "radio harbour two", "radio lumen";
# never what the radio is or does ("radio waves", "radio silence", "radio on").
_RADIO_NAMED = re.compile(r"^radio\s+(?P<name>[a-z0-9']+(?:\s+[a-z0-9']+)?)$", re.I)
_NOT_A_STATION = _vocabulary(
    "waves wave signal signals frequency frequencies show shows host hosts station stations "
    "silence silent controlled control active button tower towers broadcast broadcasts telescope "
    "interview interviews ad ads advert adverts play plays drama dramas programme programmes program "
    "programs presenter presenters dj djs licence license receiver transmitter alarm clock on off "
    "up down louder quieter volume please now news app apps channel channels is was are history "
    "invented inventor work works ham check test set sets star stars personality personalities "
    "equipment operator amateur communication communications contest quiz call calls spectrum "
    "range antenna"
)
# A song and who sings it, without a verb: "blue train by coltrane". Never a request of another
# kind ("remind me by five"), a time or a way of going after "by", nor a book, film or picture
# whose maker is named ("the painting by monet" is a question for the web).
_SONG_BY = re.compile(r"^(?P<song>[\w' ]{2,40}?)\s+by\s+(?P<who>[\w'. ]{2,30})$", re.I)
# Said first, a request of another kind; said anywhere, a work that is not heard.
_NOT_A_SONG_START = _vocabulary(
    "remind set send email mail text call book order add delete remove create make tell show find "
    "what whats who whos when where why how is are was were can could would will do does did get "
    "buy pay paid cancel schedule move change turn switch check read write open close start stop go "
    "take bring give let i im we it there here list search look wake alert notify translate define "
    "spell calculate convert compare recommend suggest rate review share post like dislike follow "
    "increase decrease raise lower reduce boost drop cut mute unmute pause skip repeat shuffle "
    "volume brightness dim brighten speed slow scroll zoom divide multiply times split round "
    "done made sent said caught written directed painted built designed owned founded created "
    "published produced killed caused signed named near nearby close closest stand drop pass "
    "swing stop come passing places place shops shop stores store restaurants restaurant"
)
_NOT_HEARD = _vocabulary(
    "painting paintings picture pictures photo photos film films movie movies novel poem poems "
    "article articles paper papers essay sculpture statue building bridge recipe"
)
_NOT_A_SINGER = _vocabulary(
    "car bus train plane taxi bike foot boat tomorrow today tonight monday tuesday wednesday "
    "thursday friday saturday sunday noon midnight morning evening night then now the way end far "
    "hand mistake accident myself yourself email mail text phone post card cash cheque check "
    "surprise force chance heart default design law nature me you him her us them it"
)
# Music like something known, without a verb: "something like the kites", "songs similar to this".
_LIKE_THAT = re.compile(
    r"^(?:some\s+)?(?:more\s+)?(?:music|songs|tracks|tunes)\s+(?:like|similar\s+to)\s+"
    r"(?!(?:what|how|when|where|who|why|i|you|we|a\s+(?:lot|bit))\b)[\w' ]{2,30}$"
    # "something like the kites": a name after it, never "a dog", "that" or "a hundred"
    r"|^(?:something|anything)\s+(?:like|similar\s+to)\s+(?!(?:what|how|when|where|who|why|i|you|"
    r"we|a|an|that|this|it|those|these|one|two|three|four|five|ten|twenty|fifty|hundred)\b)"
    r"[\w' ]{2,30}$",
    re.I,
)
# A new release by name: "the new kites album", "ana lind's latest song".
_NEW_RELEASE = re.compile(
    r"^(?:the\s+)?(?:new|latest|newest|most\s+recent)\s+(?P<name>[\w' ]{2,30}?)\s+(?:song|album|single|record)$"
    r"|^(?P<name2>[\w' ]{2,30}?)(?:'s)?\s+(?:new|latest|newest)\s+(?:song|album|single|record)$",
    re.I,
)
# Sounds to fall asleep or work to, named by what makes them: "rain sounds", "white noise".
_SOUNDSCAPE = re.compile(r"^(?:some\s+)?(?P<what>(?:[a-z]+\s+){1,2})(?:sounds|noise)$", re.I)
_SOUND_SOURCES = _vocabulary(
    "rain rainy ocean sea wave waves nature forest bird birds birdsong whale whales thunder "
    "thunderstorm storm fire fireplace campfire river stream waterfall wind white pink brown "
    "relaxing calming sleep sleeping soothing ambient background night jungle cafe city beach "
    "crickets"
)
# Said first, what the player does, never the start of a name to play.
_CONTROL_FIRST = re.compile(
    r"^(?:skip|next|previous|pause|stop|repeat|shuffle|mute|unmute|turn|change|switch|rewind|"
    r"forward|delete|remove|add|save|like|dislike|rate|download)\b",
    re.I,
)
# Asking whether a podcast has something new: the new episode is what is wanted.
_NEW_EPISODES = re.compile(
    r"^(?:are\s+there\s+|is\s+there\s+|do\s+(?:i|we)\s+have\s+)?(?:any\s+|a\s+)?new\s+episodes?\s+"
    r"(?:of|from|for|in)\s+(?:the\s+|my\s+)?(?P<name>[\w' ]{2,40})$",
    re.I,
)
# Said first, these ask about music rather than for it.
_ASKING_ABOUT = re.compile(r"^(?:any|recommend\w*|suggest\w*|review\w*|rate)\b", re.I)
_MY_PLAYLIST = re.compile(r"^(?:my|the)\s+(?P<name>[\w' ]{1,30}?)\s+playlist$", re.I)
# "shuffle my gym playlist", "shuffle and play songs by the kites": a name, played shuffled.
_SHUFFLE_NAMED = re.compile(
    r"^(?:shuffle|randomi[sz]e)(?:\s+(?:and\s+)?play)?\s+(?P<what>.+)$", re.I
)
# "repeat the album blue train", "put the kites on repeat": a name, played again and again.
_REPEAT_NAMED = re.compile(
    r"^(?:repeat|loop)\s+(?P<what>.+)$"
    r"|^(?:put|play|keep\s+playing|set)\s+(?P<what2>.+?)\s+on\s+(?:repeat|loop)$",
    re.I,
)
# A music service said alone: botpsy plays the user's own player.
_SERVICE_ALONE = re.compile(
    r"^(?:open|load|launch|start|run|use|play|put\s+on)\s+(?:my\s+|the\s+)?(?:spotify|pandora|deezer|tidal|"
    r"soundcloud|itunes|apple\s+music|amazon\s+music|youtube\s+music|audible|iheart\s*radio|tunein)"
    r"(?:\s+app)?$",
    re.I,
)
# Words as speech is written down, and "on the radio" for "turn on the radio".
_AS_WRITTEN = (
    (re.compile(r"\bpod\s+casts?\b", re.I), "podcast"),
    (re.compile(r"\bf\s+m\b", re.I), "fm"),
    (re.compile(r"\baudible\s+(?=books?\b)", re.I), "audio"),
    (re.compile(r"^on\s+(?!(?:to|shuffle|repeat|loop|the\s+way|my\s+way)\b)", re.I), "turn on "),
)
# Going on from a place kept: only something played or read aloud has one.
_LEFT_OFF = re.compile(
    r"\b(?:from\s+)?where\s+(?:i|we|you)\s+(?:left\s+off|stopped|paused)\b", re.I
)
_PLAYING_AGAIN = re.compile(r"^(?:playing|listening\s+to|hearing|reading)\s+", re.I)


def _what(said: str) -> str:
    """The name as the user said it, without fillers around it and with a frequency in digits."""
    what = _PLAYING_AGAIN.sub("", said.strip(" .\"'"))
    what = re.sub(r"\bplay\s+list", "playlist", what, flags=re.I)
    what = re.sub(r"^(?:me|us)\s+|^from\s+(?=(?:the\s+)?chapter\b)", "", what, flags=re.I)
    what = re.sub(r"^(?:the\s+)?rest\s+of\s+", "", what, flags=re.I)  # "the rest of my book"
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
    request = _LEAD.sub("", _SEARCH_SERVICE.sub("play ", request))
    for said, meant in _AS_WRITTEN:
        request = said.sub(meant, request)
    request = re.sub(r"^to\s+(?=(?:listen|hear|play)\b)", "", request, flags=re.I)  # a fragment
    request = re.sub(r"^(?=would\s+(?:really\s+)?(?:like|love)\b)", "i ", request, flags=re.I)
    looped = _REPEAT_NAMED.match(request)
    if looped:
        what = _what(looped["what"] or looped["what2"])
        if (
            _named(what)
            and not re.match(r"(?:the\s+|this\s+)?(?:current|same|whole|entire)\b", what, re.I)
            and (looped["what2"] or _MEDIA.search(what) or music.describes_music(what))
            and not _NOT_PUT_ON.search(what)
            and _could_be_media(what, "play", "play")
        ):
            return IntentMatch("media_play", {"what": _TYPE_FIRST.sub("", what)})
    shuffled = _SHUFFLE_NAMED.match(request)
    if (
        shuffled
        and _named(_what(shuffled["what"]))
        and (
            _MEDIA.search(shuffled["what"])
            or music.describes_music(shuffled["what"])
            or not _NOT_SHUFFLED.search(shuffled["what"])
        )
        and _could_be_media(_what(shuffled["what"]), "play", "play")
    ):
        return IntentMatch("media_play", {"what": _TYPE_FIRST.sub("", _what(shuffled["what"]))})
    m = _VERB.match(request)
    if m is not None:
        kind = next(k for k in ("play", "media", "resume") if m.group(k))
    else:
        m, kind = _PUT_ON.match(request), "media"
    if (
        m is not None
        and kind == "media"
        and re.match(r"(?:put|throw|stick)\s+(?:on\s|.+\son$)", request, re.I)
        and not _NOT_PUT_ON.search(m.group("what"))
    ):
        kind = "play"  # "put on the kites": what one puts on, unless worn, cooked or filed
    if (
        m is not None
        and kind == "media"
        and re.search(
            rf"\s(?:on|in|from|using|via|with)\s+(?!youtube$){_SERVICES}$", m.group("what"), re.I
        )
    ):
        kind = "play"  # "find the kites on spotify": a music service says it is music
    if m is not None and kind != "play" and _LEFT_OFF.search(m.group("what")):
        kind = "play"  # "start the long river from where i stopped": a place in something played
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
    if _ANY_SONG.match(what):
        return IntentMatch("media_play", {})
    if m.group(0).lower().startswith("play") and _pointing(what):
        return IntentMatch("media_play", {})  # "play this song": what the player has
    if not _named(what) and re.search(
        r"\b(?:shuffled?|randomly|random\s+order|at\s+random|repeat|loop)\b", m.group("what"), re.I
    ):
        return None  # "play the songs in random order" is the player's shuffle
    if (
        what.lower().startswith("from ")
        and not m.group(0).lower().startswith("play")
        and not _CHAPTER.match(what)
    ):
        return None  # "i want to hear from ana" is news of a person; "play from the road trip playlist" is not
    if not _could_be_media(what, kind, request[: m.start("what")]):
        return None
    if _named(what):
        return IntentMatch("media_play", {"what": _TYPE_FIRST.sub("", what)})
    if re.search(r"\b(?:radios?|stations?|fm)\b", what, re.I) and not re.match(
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
    if _CONTROL_FIRST.match(what):
        return None  # "skip two songs", "pause the songs": the player's, not a name
    episodes = _NEW_EPISODES.match(what)
    if episodes and not _NOT_PLAYING.search(what):
        return IntentMatch("media_play", {"what": spoken_frequencies(episodes["name"])})
    if _LIKE_THAT.match(what) and not _NOT_PLAYING.search(what):
        return IntentMatch("media_play", {"what": what})
    release = _NEW_RELEASE.match(what)
    named = (release["name"] or release["name2"]) if release else ""
    if (
        release
        and len(named.split()) <= 4
        and not re.match(r"(?:what|which|who|when|is|are|was|does|do|did|how|any|i|my)\b", named)
        and not _NOT_PLAYING.search(what)
        and not set(named.lower().split()) & (_NOT_HEARD | {"phone", "photo", "wedding", "family"})
    ):
        return IntentMatch("media_play", {"what": what})
    scape = _SOUNDSCAPE.match(what)
    if scape and set(scape["what"].lower().split()) <= _SOUND_SOURCES:
        return IntentMatch("media_play", {"what": what})
    song_by = _SONG_BY.match(what)
    if (
        song_by
        and len(song_by["song"].split()) <= 5
        and len(song_by["who"].split()) <= 4
        and (words := re.findall(r"[a-z]+", what.lower().replace("'", "")))
        and words[0] not in _NOT_A_SONG_START
        and not set(words) & _NOT_HEARD
        and not re.match(r"(?:an?|the\s+way)\b", song_by["who"], re.I)
        and not (set(song_by["who"].lower().split()) & _NOT_A_SINGER)
        and not (len(song_by["song"].split()) == 1 and song_by["song"].lower().endswith("ed"))
        and not re.search(r"\d", song_by["who"])
        # "delay the meeting by a quarter of an hour": a length, never a singer
        and not re.search(
            r"\b(?:minutes?|mins?|hours?|hrs?|days?|weeks?|half|quarter)\b", song_by["who"]
        )
        and not _NOT_PLAYING.search(what)
    ):
        return IntentMatch("media_play", {"what": what})
    if _ASKING_ABOUT.match(what):
        return None  # "any good songs", "recommend a podcast": a question about music
    kind = _KIND_OF_MUSIC.match(what)
    described = kind is not None and all(
        w in music.DESCRIBING | {"favourite", "favorite", "my"}
        for w in music.key_words(kind["kind"])
    )
    by_name = _NAME_SONGS.match(what)  # "the kites songs": a band named, its songs asked for
    used = _MUSIC_FOR.match(what)
    like = _SOMETHING_LIKE.match(what)
    radio = _RADIO_NAMED.match(what)
    if (
        (used and set(music.key_words(used["use"])) <= _USES | music.DESCRIBING)
        or (
            like
            and music.key_words(like["like"])
            and all(
                w in music.DESCRIBING | {"slow", "fast", "nice", "new"}
                for w in music.key_words(like["like"])
            )
        )
        or (
            radio
            and _named(radio["name"])
            and not set(radio["name"].lower().split()) & _NOT_A_STATION
        )
    ):
        return IntentMatch("media_play", {"what": spoken_frequencies(what)})
    if (
        music.describes_music(what)
        or described
        or _DIAL.match(what)
        or _CHAPTER.match(what)
        or _EPISODE.match(what)
        or _BY_SOMEONE.match(what)
        or _MY_PLAYLIST.match(what)
        or (by_name and not _NOT_PLAYING.search(what) and len(by_name["name"].split()) <= 4)
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
    never = _NEVER.search(what)
    if never and never.group(0).lower() in _ON_THE_AIR and _STATION_NAMED.search(what):
        never = None  # "the weather channel", "the traffic station": a station, named for its talk
    if never or _HOME_THINGS.search(what) or (_DOCUMENTS.search(what) and not playing):
        return False
    if (
        _NOT_MUSIC.search(what)
        and not _RADIO.search(what)
        and not (_SONG_WORDS.search(what) and not _GAME_WORDS.search(what))
    ):
        return False
    if re.match(
        rf"(?:the\s+)?(?:(?:next|previous|last)\s+)*(?:next|previous|last)(?:\s+{_TRACK})*$",
        what,
        re.I,
    ):
        return False  # "play the next chapter": the player's next, not a search
    if _pointing(what):
        return False  # "listen to this", "hear me": nothing named
    if kind == "play" or (
        kind == "resume" and re.match(r"resume|.*\b(?:listening\s+to|playing)$", verb.strip(), re.I)
    ):
        return True
    if kind == "media" and len(what.split()) > 9:
        return False  # "bring up the page and send ...": a weak verb before a long errand
    reading = (kind == "resume" or verb.lower().startswith("read")) and (
        _READING.search(what) or "reading" in verb.lower()
    )
    on_the_radio = re.search(
        r"\b(?:radio|stations?|channels?)\b", verb, re.I
    )  # "change the station to"
    if not (
        _MEDIA.search(what) or on_the_radio or reading or _DIAL.match(what) or _CHAPTER.match(what)
    ):
        return False
    if verb.lower().startswith("read") and not re.search(
        r"\b(?:audio\s*books?|chapters?)\b|^(?:my\s+|the\s+)?book$", what, re.I
    ):
        return False  # "read me the album notes" is not an audiobook
    return not _NOT_PLAYING.search(what)
