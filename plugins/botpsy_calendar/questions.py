"""Questions about one of the user's own calendar items, answered from the calendar.

"What time is my flight on saturday", "when is my train to hamburg", "is the school play on
tuesday", "how long is the workshop on friday", "where is the team dinner", "when do i fly
to lisbon": one shape, not a list of phrasings. A question (when, what time, where, how long,
or is/are for yes or no) names an item of the user's (my/our/someone's, or "the" with a kind
of personal event, or words that a title on the calendar holds) and maybe a window (a day
or a range said last). With a window the window's events are listed (a day listing, which a
"move it" after it reads as that day's); without one the calendar is searched for the
item's words (upcoming ones first; "when did i last see jo" asks it for the last one), and the
search's own reply says so when nothing matches.

How things stand right now is not the calendar's: "is my flight delayed", "flight status of
lh123", "is the 8:15 train on time", "where is my train" stay with the web's live matcher.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch, TimeParseError, parse_span
from botpsy_calendar.speech import ACTIVITY_KINDS, GENERIC_EVENT, PERSONAL_KINDS, PUBLIC_KINDS

# Items one travels on: one's own is on the calendar; the timetable's is the web's.
TRAVEL_KINDS = r"flights?|planes?|trains?|bus|coach|ferry|ferries|boat|cruise|tram|shuttle|transfer"
# Events one goes to or takes part in, besides the agenda's kinds: "the school play".
SHOW_KINDS = r"plays?|nativity|gigs?|recitals?|concerts?|exhibitions?|performances?|sports\s+day"
_OWN_HEAD = re.compile(
    rf"(?:{PERSONAL_KINDS}|{PUBLIC_KINDS}|{ACTIVITY_KINDS}|{TRAVEL_KINDS}|{SHOW_KINDS})", re.I
)
_THE_HEAD = re.compile(rf"(?:{PERSONAL_KINDS}|{SHOW_KINDS})", re.I)
_TRAVEL_HEAD = re.compile(TRAVEL_KINDS, re.I)
# What asks how a trip stands now: the web's (a live status), not the calendar's.
LIVE = re.compile(
    r"\b(?:delay(?:ed|s)?|late|on\s+time|running\s+(?:late|behind)|status|cancell?ed|platform"
    r"|gate|terminal|boarding|landed|departed|arrived|tracking|live|right\s+now|currently"
    r"|expected|now|eta|land(?:s|ing)?|arriv(?:e|es|ing|al))\b"  # landing: as it goes, the web's
    # a flight's number: "lh123", "ba 2490" (not "at 10")
    r"|\b(?!(?:at|on|in|by|to|is|or|of|as|no|it|up|so)\b)[a-z]{2}\s?\d{2,4}\b",
    re.I,
)
_ASK = re.compile(
    r"^(?P<ask>when|what\s+time|at\s+what\s+time|(?:what|which)\s+(?:day|date)|where|how\s+long"
    # a countdown: "how long until my flight", "how many days till our trip"
    r"(?:\s+(?:is\s+it\s+)?(?:until|till|til|before))?"
    r"|how\s+many\s+(?:days|weeks|hours|sleeps)\s+(?:is\s+it\s+)?(?:until|till|til|before))"
    r"(?:'s|s|\s+is|\s+are|\s+was|\s+does|\s+do|\s+will|\s+did)?\s+(?P<rest>.+)$"
    r"|^(?P<yes>is|are)\s+(?P<asked>.+)$",
    re.I,
)
# "when do i fly to lisbon", "what time do we leave for the airport on friday", "when do i need
# to leave for my train".
_GOING = re.compile(
    r"^(?:when|what\s+time|at\s+what\s+time|(?:what|which)\s+day)\s+(?:do|am|are|will|should|must)"
    r"\s+(?:i|we)\s+(?:(?:need|have|got)\s+to\s+)?(?:(?:be\s+at|get\s+to)"
    r"|(?:fly(?:ing)?|leav(?:e|ing)|travel(?:l?ing)?|depart(?:ing)?|head(?:ing)?|set(?:ting)?\s+off"
    r"|go(?:ing)?|get(?:ting)?\s+back|com(?:e|ing)\s+back|return(?:ing)?)"
    r"(?:\s+(?:out|off|back|home|over))?\s+(?:to|for|from))\s+(?P<rest>.+)$",
    re.I,
)
# Asked back in time: "when did i last see the dentist", "when was the last time we met jo".
_LAST_TIME = re.compile(
    r"^(?:when\s+(?:did|have)\s+(?:i|we)\s+last|when\s+was\s+the\s+last\s+time\s+(?:i|we))\s+"
    r"(?:see|saw|seen|meet|met|visit(?:ed)?|go\s+to|went\s+to|been\s+to|ha[dv]e?\s+(?:an?\s+)?)"
    r"\s*(?P<rest>[a-z].*)$",
    re.I,
)
_OWNER = re.compile(
    r"^(?P<det>my|our|the|(?!(?:what|that|it|who|where|there|here|how|when|he|she)'s)"
    r"[a-z][\w-]*(?:'s|s'))\s+(?P<item>.+)$",
    re.I,
)
# What the question asks of the item, said after it: "does my train leave", "the play end".
_DOING = re.compile(
    r"\s+(?:start|starts|begin|begins|leave|leaves|depart|departs|take\s+off|takes\s+off|arrive"
    r"|arrives|land|lands|get\s+in|gets\s+in|end|ends|finish|finishes|be|happen|take\s+place"
    r"|open|opens|close|closes|still\s+on|on|happening|going\s+ahead)$",
    re.I,
)
# Words that join the item's complement: "my train to hamburg", "dinner with the team".
_JOINS = {"to", "for", "with", "at", "in", "from", "about", "on", "of"}
_LEADING = {"next", "upcoming", "first", "last", "coming"}
# Said after the item, about its way: "my train home", "our flight back".
_WAYS = {"home", "back", "out", "there", "over", "again"}
# A question told to be answered: "tell me when my flight leaves", "do you know where the
# team dinner is".
_TOLD = re.compile(
    r"^(?:(?:can|could|would)\s+you\s+)?(?:tell|remind|show)\s+me\s+|^let\s+me\s+know\s+"
    r"|^(?:do\s+you|(?:i|we)\s+(?:want|need)\s+to|i'd\s+like\s+to)\s+know\s+"
    r"|^(?:i\s+)?(?:wonder|forgot|forget)\s+",
    re.I,
)
# A question told rather than asked puts its verb last: "when my flight leaves", "where the
# dinner is": read as asked.
_TOLD_ORDER = re.compile(
    r"^(?P<ask>when|what\s+time|where|what\s+day|how\s+long)\s+(?P<item>(?:my|our|the)\s.+?)"
    r"\s+(?P<verb>is|are|leaves|departs|starts|begins|ends|finishes)(?P<tail>\s.+)?$",
    re.I,
)
# The next of an event asked by where one goes: "when am i next at the osteopath", "when do we
# see the optician next".
_NEXT_AT = re.compile(
    r"^when\s+(?:am\s+i|are\s+we|do\s+(?:i|we)\s+(?:go|have))\s+next\s+(?:at|to|seeing|with|going\s+to)?\s*"
    r"(?:the\s+|my\s+|our\s+)?(?P<what>[a-z][\w' -]{1,40}?)$"
    r"|^when\s+(?:am\s+i|are\s+we)\s+(?:at|seeing|going\s+to)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<what2>[a-z][\w' -]{1,40}?)\s+next$",
    re.I,
)
# A flight asked by its verb: "when do we fly home", "what time are we flying home".
_FLYING = re.compile(
    r"^(?:what\s+time|when)\s+(?:do|am|are)\s+(?P<det>i|we)\s+(?:fly|flying)"
    r"(?:\s+(?:out|home|back|off|over))?(?!\s+to\b)(?P<tail>(?:\s+.*)?)$",  # "fly to X": X names it
    re.I,
)
_DANGLING = re.compile(r"\s+(?:at|on|in|for|with|to|from)$", re.I)
_MAX_WINDOW_WORDS = 6


def _window(words: list[str], now: datetime) -> int:
    """Where a window said last starts in `words` ("... on saturday"), or len(words) if none."""
    for start in range(max(1, len(words) - _MAX_WINDOW_WORDS), len(words)):
        said = " ".join(words[start:])
        if not re.search(r"[a-z]", said):
            continue  # a bare number is no window: "my meeting with room 4"
        try:
            parse_span(said, now)
        except TimeParseError:
            continue
        return start
    return len(words)


def make_own_question(
    now: Callable[[], datetime],
    has_event: Callable[[str], bool],
    known_form: Callable[[str], str] = lambda words: words,
) -> Callable[[str], IntentMatch | None]:
    """The matcher: a question about one of the user's items, to the listing or the search.

    `known_form(words)` is the form of the item's words that names a known event ("dentist
    appointment" -> "dentist" when only "Dentist" is on the calendar), so a follow-up that
    moves "it" finds the event by the same words.
    """

    def named(item: str, det: str) -> bool:
        """Whether the item (no determiner) is one of the user's, as said: "the" only with a
        kind of personal event ("the gym" may be anyone's, "the dentist" is one's own)."""
        words = item.split()
        cut = next((n for n, w in enumerate(words) if n and w in _JOINS), len(words))
        head = words[cut - 1] if cut else ""
        if det != "the" and _OWN_HEAD.fullmatch(head):
            return True
        if det == "the" and _THE_HEAD.fullmatch(head) and not _TRAVEL_HEAD.fullmatch(head):
            return True
        return len(words) <= 5 and has_event(item)

    def answer(item: str, window: str, back: bool = False) -> IntentMatch:
        item = known_form(item)
        if window:
            when = re.sub(r"^(?:on|for)\s+(?=\S)", "", window)  # "on saturday": saturday
            return IntentMatch("calendar_list_events", {"when": when}, "own_question")
        text = f"last {item}" if back else item  # the search looks back for "last ..."
        return IntentMatch("calendar_search_events", {"text": text}, "own_question")

    def own_question(text: str) -> IntentMatch | None:
        said = " ".join(re.sub(r"[?!.,]", " ", text.lower().replace("\u2019", "'")).split())
        if LIVE.search(said):
            return None  # "is my flight delayed": how it stands now
        if (told := _TOLD.match(said)) and (order := _TOLD_ORDER.match(said[told.end() :])):
            verb = "is" if order.group("verb") in ("is", "are") else "does"
            said = f"{order.group('ask')} {verb} {order.group('item')}"
            said += "" if verb == "is" else f" {order.group('verb').rstrip('s')}"
            said += order.group("tail") or ""
        elif told:
            said = said[told.end() :]
        if flying := _FLYING.match(said):  # "what time do we fly back on sunday": the flight
            whose = "our" if flying.group("det").lower() == "we" else "my"
            said = f"when is {whose} flight{flying.group('tail')}"
        if nextly := _NEXT_AT.match(said):  # "when am i next at the osteopath": my next one
            said = f"when is my next {nextly.group('what') or nextly.group('what2')}"
        if last := _LAST_TIME.match(said):  # "when did i last see jo": jo's events, past ones too
            owner = _OWNER.match(last.group("rest"))
            who = owner.group("item") if owner else last.group("rest")
            if owner and not named(who, "my"):  # been to: "the gym" is one's own too
                return None  # "when did i last see my keys": not an event
            if 0 < len(who.split()) <= 3:
                return answer(who, "", back=True)
            return None
        if going := _GOING.match(said):
            words = going.group("rest").split()
            cut = _window(words, now())
            place = re.sub(r"^(?:the|my|our)\s+", "", " ".join(words[:cut]))
            place = re.sub(r"^.*?\bfor\s+(?:the|my|our)\s+", "", place)  # "... for my flight"
            if not place or len(place.split()) > 4:
                return None
            return answer(place, " ".join(words[cut:]))
        asked = _ASK.match(said)
        if asked is None:
            return None
        rest = asked.group("rest") or asked.group("asked")
        owner = _OWNER.match(rest)
        if owner is None:
            return None
        det = owner.group("det")
        words = owner.group("item").split()
        cut = _window(words, now())
        item, window = " ".join(words[:cut]), " ".join(words[cut:])
        item = _DANGLING.sub("", _DOING.sub("", item))  # "where is the party at": the party
        if asked.group("yes") and not window:
            return None  # "is my flight on": how it stands; "is the play on tuesday" asks a day
        words = item.split()
        led = bool(words) and words[0] in _LEADING
        back = bool(words) and words[0] == "last"  # "when was my last dentist": looked for back
        while words and words[0] in _LEADING:
            words.pop(0)
        if led and words and set(words) <= GENERIC_EVENT:
            return None  # "when is our next appointment": the agenda's next, whatever it is called
        while len(words) > 1 and words[-1] in _WAYS:
            words.pop()  # "my train home": the train
        item = " ".join(words)
        if words and words[-1] in ("list", "lists", "to-do", "todo", "todos", "to-dos"):
            return None  # "where is my hardware list": a list of the user's, not an event
        if not item or len(words) > 8 or not named(item, det.lower()):
            return None
        if asked.group("ask") == "where" and _TRAVEL_HEAD.fullmatch(words[-1]) and not window:
            return None  # "where is my train": where it is now
        where_the = asked.group("ask") == "where" and det == "the" and len(words) == 1
        if where_the and not has_event(item):
            return None  # "where is the party": anyone's, unless the calendar holds it
        title = item if det in ("my", "our", "the") else f"{det} {item}"
        return answer(title, window, back=back)

    return own_question
