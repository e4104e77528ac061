"""The words and sentence shapes of calendar requests as people speak them, kept as data.

Agenda questions ("what does friday look like"), events told rather than asked for ("i have a
physio appointment on tuesday at two") and cancels said another way ("take the gym off my
calendar"): `intents` matches with these. No dates are resolved here.
"""

from __future__ import annotations

import re

from assistant.api import WEEKDAY_NAME

# Travel and tickets are booked elsewhere, never put on the calendar by the verb alone:
# "book me the next taxi", "need a cab tomorrow at eight", "book two tickets for friday".
TRAVEL = re.compile(
    r"\b(?:taxis?|cabs?|uber|lyft|tickets?|train|bus|coach|ferry|flights?)\b"
    r"|^(?:book|order|reserve|get)\s+(?:for\s+)?(?:me|us)\b",
    re.I,
)
# The calendar named before the event: "put in my diary yoga on friday", "book me in for a
# massage on thursday", "calendar add gym tomorrow at seven".
CALENDAR_FIRST = re.compile(
    r"^(?:(?:my\s+)?(?:calendar|diary|agenda)[\s,:]+)?"
    r"(?P<verb>add|put|write|enter|schedule|book)\s+(?:(?:me|us)\s+in\s+(?:for\s+)?"
    r"|(?:to|in|on|into)\s+(?:my|the|our)\s+(?:calendar|diary|agenda|schedule)[\s,:]+)"
    r"|^(?:pencil|sign|put|write|book|note)\s+(?:me|us)\s+(?:in|down|up)\s+(?:for\s+)?"
    # "make a note in my calendar for the dentist on monday", "note in calendar lunch at one"
    r"|^(?:make\s+(?:a\s+)?(?:note|entry|mark)|note(?:\s+down)?|jot(?:\s+down)?|write(?:\s+down)?"
    r"|save|mark(?:\s+down)?)\s+(?:(?:it\s+)?(?:in|on|into|to)\s+(?:(?:my|the|our)\s+)?"
    r"(?:calendar|diary|agenda|schedule))[\s,:]+(?:(?:for|that|about)\s+)?"
    # "update my calendar with the dentist on friday", "mark my calendar for the fair on the 9th"
    r"|^(?:update|fill\s+in|mark|set)\s+(?:(?:my|the|our)\s+)?(?:calendar|diary|agenda|schedule)\s+"
    r"(?:(?:info|information|entry|event|details)\s+)?(?:with|for)\s+(?P<verb2>)",
    re.I,
)
# The calendar updated with an event: "update calendar dinner with ana friday at 7".
CALENDAR_UPDATE = re.compile(
    r"^(?:update|fill\s+in)\s+(?:(?:my|the|our)\s+)?(?:calendar|diary|agenda|schedule)[\s,:]+(?:with\s+)?",
    re.I,
)
# An event told after "note that", "add that": "note that the dentist is on friday at 3".
NOTE_THAT = re.compile(
    r"^(?:make\s+a\s+note|take\s+a\s+note|note(?:\s+down)?|add|put(?:\s+down)?|write(?:\s+down)?"
    r"|mark(?:\s+down)?|save|enter|remember|be\s+aware)"
    r"(?:\s+(?:in|on|to|into)\s+(?:my|the)\s+(?:calendar|diary|agenda|schedule))?\s+that\s+(?P<told>.+)$",
    re.I,
)
# Events held in the evening: "dinner at 8" is eight at night.
EVENING_KINDS = re.compile(
    r"\b(?:dinners?|suppers?|drinks|part(?:y|ies)|quiz|pub|bar|gigs?|concerts?|shows?|theat(?:re|er)|cinema"
    r"|films?|movies?|date\s+night|night|evening|disco|club(?:bing)?)\b",
    re.I,
)
CALENDAR_HEAD = re.compile(
    r"^(?:my\s+)?(?:calendar|diary|agenda)[\s,:]+(?=(?:add|put|schedule|book|create|new|enter|set)\b)",
    re.I,
)
# An event asked for with nothing said of it: "i'd like to put something in my diary",
# "new calendar entry", "add an event": the assistant asks what and when.
SOME_EVENT = re.compile(
    r"^(?:(?:i\s+(?:want|need|would\s+like)|i'd\s+like|let\s+me)\s+to\s+)?"
    r"(?:(?:add|put|create|make|set\s+up|schedule|note|save|enter|write|book)\s+(?:down\s+)?"
    r"(?:something|(?:(?:an?|this)\s+)?(?:new\s+)?(?:calendar\s+)?(?:event|entry|appointment))"
    r"|(?:an?\s+)?new\s+(?:calendar\s+)?(?:event|entry|appointment|meeting))"
    r"(?:\s+(?:to|in|on|into)\s+(?:my|the)\s+(?:calendar|diary|agenda|schedule))?$",
    re.I,
)
# A list named at the end, with or without the word "list": "add milk to groceries".
LIST_END = re.compile(
    r"\b(?:to|onto|on|in|into|from|off)\s+(?:(?:my|the|our)\s+)?(?:[\w'-]+\s+)?"
    r"(?:groceries|grocery|shopping|chores|errands|packing|lists?|to\s*-?\s*do|todo)$",
    re.I,
)
# A task said with the verbs of an event: "create a to do to call the insurer".
TODO_FIRST = re.compile(r"^(?:an?\s+)?(?:new\s+)?(?:to\s*-?\s*dos?|todos?|tasks?)\b", re.I)
NEW_EVENT = re.compile(
    r"^(?:a\s+)?new\s+(?=(?:calendar\s+)?(?:event|appointment|entry|meeting)\s)", re.I
)
# Words before the verb of a request that change nothing: "i'd like to add ...", "let's
# schedule ...", "just add ...", "help me set up ...", "can i get a meeting ...".
ASK_LEAD = re.compile(
    r"^(?:(?:(?:i|we)\s+(?:want|need|would\s+like|wanna|have)\s+to|(?:i|we)'d\s+like\s+to|let's|lets"
    r"|let\s+us|let\s+me|help\s+me(?:\s+to)?|just|(?:can|could|may)\s+(?:i|we)|go\s+ahead\s+and"
    r"|please|so|okay|ok|now|then|also|and)\s+)+",
    re.I,
)
# "can i get a meeting with the team on friday", "we should have lunch on monday at one":
# having an event is asking for it.
HAVE_EVENT = re.compile(
    r"^(?:(?:can|could|may)\s+(?:i|we)\s+(?:get|have|book)|(?:i|we)\s+(?:should|must|need\s+to|have\s+to"
    r"|ought\s+to)\s+have|let's\s+have|lets\s+have|let\s+us\s+have|(?:i|we)\s+(?:want|need|would\s+like)"
    r"\s+to\s+have|(?:i|we)'d\s+like\s+to\s+have|(?:get|find)\s+(?:me|us))\s+(?P<rest>(?:an?|the|our|my)\s+.+"
    # a meal had with someone: "let's have lunch with tom on friday at 12"
    r"|(?:breakfast|brunch|lunch|dinner|supper|drinks|coffee)\s+with\s+.+)$",
    re.I,
)
# A time said before "remind me": "at six pm remind me to call jo", "on friday remind me ...".
TIME_FIRST_REMIND = re.compile(
    r"^(?P<when>(?:(?:in|at|on|by|this|next|tomorrow|tonight|today)\b)?[\w' ]{1,40}?)[,\s]+"
    r"(?:(?:please|can\s+you|could\s+you)\s+)?(?P<ask>remind\s+me|set\s+(?:a|me\s+a)\s+reminder)\b(?P<rest>.*)$",
    re.I,
)
# An event told rather than asked for: "i have a dentist appointment on friday at ten",
# "we're going to a wedding on the fifth", "i'm meeting ana for lunch tomorrow at noon".
GOING = re.compile(
    r"^(?:(?:i'm|i\s+am|we're|we\s+are)\s+(?:going|heading)\s+to(?:\s+be\s+at)?"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+attending"
    # "we're hosting a dinner party on saturday", "i'm going on holiday on the 15th"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+(?:hosting|throwing|holding|organi[sz]ing|going\s+on)"
    r"|(?:i|we)(?:\s+(?:want|need|have|plan|would\s+like|will|shall|must|should)|'d\s+like|'ll|'m\s+planning"
    r"|'ve\s+got|\s+have\s+got|\s+got)"
    r"\s+(?:to\s+)?(?:go\s+to|attend|be\s+at|visit)|(?:i|we)\s+(?:will|'ll)\s+be\s+at"
    r"|(?:i've|i\s+have|we've|we\s+have|i\s+was|we\s+were|i\s+got|we\s+got)\s+(?:been\s+)?invited\s+to"
    # out for an evening: "going out for dinner with jo friday at 8", "we're out for drinks at 7"
    r"|(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?:going\s+)?out\s+for)"
    r"\s+(?P<rest>.+)$",
    re.I,
)
MEETING = re.compile(
    r"^(?:(?:i'm|i\s+am|we're|we\s+are)\s+(?:meeting(?:\s+up\s+with)?|seeing)"
    r"|(?:i|we)(?:\s+(?:need|have|must|should)|'ve\s+got)\s+to\s+(?:meet(?:\s+up)?(?:\s+with)?"
    # seeing someone one books: "i have to see the dentist on friday" (not "see a film")
    r"|see(?=\s+(?:the\s+|my\s+|a\s+)?(?:doctor|dentist|vet|physio|hairdresser|barber|optician"
    r"|orthodontist|therapist|counsell?or|gp|nurse|consultant|specialist|lawyer|accountant)\b)))"
    r"\s+(?P<rest>.+)$",
    re.I,
)
HAVING = re.compile(
    r"^(?:(?:i|we)(?:\s+have|\s+have\s+got|'ve\s+got|\s+got)"
    r"|there(?:'s|\s+is|\s+will\s+be|'ll\s+be))\s+(?P<rest>(?:an?|my|our|the)\s+.+|(?!to\b)\S+.*)$"
    r"|^(?:i'm|i\s+am|we're|we\s+are)\s+having\s+(?P<had>(?:an?|my|our|the)\s+.+|(?:breakfast|brunch|lunch"
    r"|dinner|supper|drinks|coffee|tea)\b.+)$",
    re.I,
)
# The time said before a told event: "on saturday i have band practice", "tomorrow at six we're
# going to the quiz", "friday night there's a party at ana's": put back as "i have ... on saturday".
TIME_FIRST_TOLD = re.compile(
    r"^(?P<when>[\w' ]{2,40}?)[\s,]+(?P<told>(?:i|we)\s+(?:have|got|have\s+got)|(?:i|we)'ve\s+got"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+(?:going|heading|meeting|seeing|having|attending)"
    r"|there(?:'s|\s+is|\s+will\s+be|'ll\s+be))\s+(?P<rest>.+)$",
    re.I,
)
# A day away from work told: "i'm off work next friday", "we are off on the 3rd".
DAY_OFF = re.compile(
    r"^(?:i'm|i\s+am|we're|we\s+are|i\s+will\s+be|i'll\s+be)\s+(?:off|on\s+leave|on\s+holiday|on\s+vacation"
    r"|out\s+of\s+(?:the\s+)?office)(?:\s+work)?\s+(?P<when>(?:on|next|this|tomorrow|from)\b.+)$",
    re.I,
)
# Time away told, for a day or a range: "i'm away next week", "out of office on monday", "we'll be
# on holiday from the 20th to the 27th", "i'm off sick tomorrow". The state names the event.
AWAY = re.compile(
    r"^(?:(?:i'm|i\s+am|we're|we\s+are|i'll\s+be|we'll\s+be|(?:i|we)\s+will\s+be"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+going\s+to\s+be)\s+)?"
    r"(?P<state>off\s+sick|off(?:\s+work)?|away(?:\s+on\s+(?:business|holiday|vacation))?"
    r"|on\s+(?:annual\s+)?leave|on\s+(?:holiday|vacation|a\s+(?:business\s+)?trip)"
    r"|out\s+of\s+(?:the\s+)?(?:office|town|the\s+country)|abroad|travell?ing)"
    r"\s+(?P<when>(?:on|next|this|tomorrow|today|from|for|all|the|over|until|till|between"
    rf"|{WEEKDAY_NAME})\b.*)$",
    re.I,
)
# The event each state is kept as.
AWAY_TITLES = {
    "off sick": "Off sick", "off": "Day off", "off work": "Day off", "away": "Away",
    "on leave": "Leave", "on annual leave": "Annual leave", "on holiday": "Holiday",
    "on vacation": "Vacation", "on a trip": "Trip", "on a business trip": "Business trip",
    "away on business": "Business trip", "away on holiday": "Holiday",
    "away on vacation": "Vacation", "out of office": "Out of office",
    "out of the office": "Out of office", "out of town": "Out of town",
    "out of the country": "Abroad", "abroad": "Abroad", "travelling": "Travelling",
    "traveling": "Travelling",
}  # fmt: skip
# Something done with someone, told: "i'm playing tennis with jo on sunday at 10", "we're going to
# the cinema with ana on friday": with a time said, an event with them.
WITH_SOMEONE = re.compile(
    r"^(?:i'm|i\s+am|we're|we\s+are)\s+(?:playing|watching|seeing|having|doing|taking|going(?:\s+(?:to|for|out))?)"
    r"\s+(?:(?:the|a|an|some)\s+)?(?P<rest>[\w' -]+?\s+with\s+.+)$",
    re.I,
)
# "<title> is on <day>": "my sister's wedding is on june the fifth".
IS_ON = re.compile(
    r"^(?P<title>(?:my|our|the|[a-z][\w-]*(?:'s|’s))\s.+?)\s+(?:is|will\s+be|'s)\s+(?P<when>.+)$",
    re.I,
)
# The same with the time first: "next friday is sam's birthday", "the fifth is our anniversary".
TIME_IS = re.compile(
    r"^(?!(?:today|tonight|now)\b)(?P<when>.+?)\s+(?:is|will\s+be|'s)\s+"
    r"(?P<title>(?:my|our|[a-z][\w-]*(?:'s|’s|s))\s.+)$",
    re.I,
)
# An event said as a fact, whatever its name: "the school play is on tuesday at 7", "parents
# evening is thursday at 6", "her leaving do's on friday". The verb splits name from time.
STATED_VERB = re.compile(
    # "my flight leaves friday at 7", "the concert starts at 8 on saturday"
    r"\s+(?:is|will\s+be|'s|’s|leaves|departs|sets\s+off|takes\s+off|starts|begins|kicks\s+off)\s+"
    r"|(?<=\w)(?:'s|’s)\s+",
    re.I,
)
STATED_OWNER = re.compile(r"^(?:the|my|our|his|her|their)\s+", re.I)
# How the time of a stated event starts: a day or a date, not "is on at 9" (on the air), "is on
# tv", "is at 10 percent".
STATED_WHEN = re.compile(
    r"^(?:(?:on|this|next|at|from|for)\s+)?(?:the\s+)?(?:this\s+|next\s+|coming\s+)?"
    rf"(?:today|tonight|tomorrow|{WEEKDAY_NAME}"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d|(?:first|second|third|fourth"
    r"|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[a-z]+teenth|twentieth|[a-z]+-?"
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth)\b"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday)\b)",
    re.I,
)
# Things that are "on", "at" or "due" but are no event of one's own: the weather, devices and
# their levels, shops' hours, broadcasts, travel, money. Heads of a stated title, kept as data.
NOT_STATED_TEXT = """
    weather forecast temperature sun moon sunrise sunset rain snow wind phone battery charge
    kettle oven heating heater boiler lights light lamp tv television radio volume alarm timer
    music song album film movie episode programme program show news channel game match stream
    shop store shops bank pharmacy chemist library supermarket post office restaurant cafe pub
    bar gym pool museum it that this there everything nothing something anything today tomorrow
    bus train flight plane taxi cab uber ride tram ferry coach delivery parcel package order
    rent bill bills payment payments salary wage invoice tax price cost time date day week month
    year clock wifi internet password car traffic road
"""
NOT_STATED = frozenset(NOT_STATED_TEXT.split())
# What comes next, asked: "what have i got next", "what's next for me today", "my next thing".
NEXT_ASK = re.compile(
    r"^(?:what(?:'s|s|\s+is)\s+next\s+(?:for\s+(?:me|us)|on\s+(?:my|the|our)\s+(?:calendar|agenda"
    r"|schedule|diary|plate))|what\s+(?:have\s+(?:i|we)\s+got|do\s+(?:i|we)\s+have|am\s+i\s+doing"
    r"|are\s+we\s+doing)\s+next|(?:what(?:'s|s|\s+is)\s+)?(?:my\s+|the\s+)?(?:next|first|earliest)\s+thing"
    r"(?:\s+(?:on\s+(?:my|the)\s+(?:calendar|agenda|schedule|diary)|for\s+(?:me|us)"
    # "the earliest thing i've got on"
    r"|(?:i|we)(?:\s+have|'ve|\s+got)(?:\s+got)?(?:\s+on)?))?"
    r"|where\s+(?:am\s+i|are\s+we)\s+(?:going|off\s+to|heading)\s+next)"
    r"(?:\s+(?P<when>today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week)"
    rf"|(?:on\s+)?(?:this\s+|next\s+)?{WEEKDAY_NAME}))?$",
    re.I,
)
# An event named, then what is asked of it: "dentist when", "lily's birthday date", "my
# interview details", "the book club what time".
ASKED_AFTER = re.compile(
    r"^(?P<what>[a-z][\w' -]{1,40}?)\s+(?P<ask>when|what\s+time|what\s+day|which\s+day|what\s+date"
    r"|date|time|start\s+time|details|info|information)$",
    re.I,
)
# Asked whether an event goes ahead: "is yoga on tonight", "is the party still on".
STILL_ON = re.compile(
    r"^(?:is|are)\s+(?P<what>[a-z][\w' -]{1,40}?)\s+(?:still\s+)?(?:on|happening|going\s+ahead)"
    r"(?:\s+(?P<when>.+))?$",
    re.I,
)
# "tell me lily's birthday", "tell me my interview": an event looked up by its name.
TELL_EVENT = re.compile(r"^(?:tell|give|show)\s+me\s+(?P<what>.+)$", re.I)
# Something one has to do, told with its time: "i have to pick up the kids at 3 tomorrow",
# "on friday i need to call the plumber", "we must renew the car tax by monday": a to-do, due then.
OBLIGATION = re.compile(
    r"^(?:(?P<when1>[\w' ]{2,30}?)[\s,]+)?(?:i|we)(?:\s+(?:really\s+)?(?:(?:have|need|got|ought)\s+to|must"
    r"|have\s+got\s+to|gotta)|'ve\s+got\s+to)\s+(?!(?:be\s+reminded|know|see|tell|ask|remember)\b)"
    r"(?P<rest>[a-z][\w' -]+)$",
    re.I,
)
# What one has to do, said with no time ("we must chase the roofer for his invoice"): a
# to-do only when it starts with a chore's verb; "i must find out", "we need to listen to it",
# "i have to cancel my lesson", goods to buy (the shopping list's) and a call to make do not.
CHORE_VERBS = frozenset(
    [
        "chase",
        "collect",
        "pay",
        "renew",
        "return",
        "post",
        "clean",
        "wash",
        "tidy",
        "hoover",
        "vacuum",
        "fix",
        "repair",
        "file",
        "sign",
        "submit",
        "finish",
        "iron",
        "water",
        "feed",
        "print",
        "wrap",
        "charge",
        "reply",
        "write",
        "prepare",
        "organise",
        "organize",
        "arrange",
        "defrost",
        "replace",
        "service",
        "mow",
        "paint",
        "cut",
        "trim",
        "mop",
        "polish",
        "empty",
        "sweep",
        "dust",
        "weed",
        "prune",
        "walk",
        "groom",
    ]
)
UNDATED_CHORE = re.compile(
    rf"^(?:{'|'.join(sorted(CHORE_VERBS))}|(?:sort|take|put|clear)\s+out|top\s+up|drop\s+off)\s+\S",
    re.I,
)
# A chore said of the thing it is done to: "the van tax needs renewing by thursday", "the
# bins need taking out", "the dog wants walking tonight" (the verb as "-ing", then its particle).
NEEDS_DOING = re.compile(
    r"^(?P<thing>(?:(?:the|my|our|his|her|their)\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)\s+"
    r"(?:needs?|wants?|could\s+do\s+with)\s+(?:a\s+)?(?P<doing>[a-z]+ing)(?:\s+(?P<part>out|off|up))?"
    r"(?P<when>(?:\s+(?:by|before|on|this|next|today|tonight|tomorrow|at|in)\b.*)?)$",
    re.I,
)


def _base_verb(doing: str) -> str | None:
    """ "renewing" → "renew", "mopping" → "mop", "servicing" → "service": a chore verb only."""
    stem = doing.lower().removesuffix("ing")
    for verb in (stem, f"{stem}e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
        if verb in CHORE_VERBS or verb in ("take", "put", "sort", "clear", "top"):
            return verb
    return None


def needs_doing(said: str) -> str:
    """ "the car needs washing by friday" → "i need to wash the car by friday"; else as said."""
    m = NEEDS_DOING.match(said)
    verb = _base_verb(m.group("doing")) if m else None
    if m is None or verb is None:
        return said
    part = m.group("part")
    if verb in ("take", "put", "sort", "clear", "top") and not part:
        return said  # "the bins need putting": a particle says what is done
    phrase = f"{verb} {part} {m.group('thing')}" if part else f"{verb} {m.group('thing')}"
    return f"i need to {phrase}{m.group('when')}"


# What the weather decides or a ride answers, never a to-do: "i need to take an umbrella
# tomorrow", "i need to go to the airport at six" (a taxi, a train).
NOT_A_TODO = re.compile(
    r"\b(?:umbrella|raincoat|coat|jacket|sunscreen|sun\s+cream|rain|snow|sunny|cold|hot|warm|wind"
    r"|airport|station|terminal)\b",
    re.I,
)
# A reminder named by what it is for: "meeting reminder for 9 am", "dentist reminder on friday".
NAMED_REMINDER = re.compile(
    r"^(?P<what>[a-z][\w' -]{1,40}?)\s+(?:reminder|alert)\s+(?:for|at|on)\s+(?P<when>.+)$", re.I
)
# Asked to be told of the agenda: "update me on my appointments today", "fill me in on today's
# plans", "catch me up on this week's meetings": the agenda named after it.
INFORM_ME = re.compile(
    r"^(?:update|fill|brief|catch|inform|bring)\s+me(?:\s+(?:in|up))?(?:\s+to\s+speed)?\s+(?:on|about|with|of)"
    r"\s+(?:all\s+(?:of\s+)?)?(?=\S)",
    re.I,
)
# A visit told: "sam is coming over on friday at 7", "my parents are visiting next saturday".
VISIT = re.compile(
    r"^(?P<who>[a-z][\w' -]{1,30}?)\s+(?:is|are|'s|’s|will\s+be)\s+(?P<what>coming\s+(?:over|round|around"
    r"|to\s+(?:visit|stay|dinner|lunch|tea))|visiting(?:\s+(?:us|me))?|staying(?:\s+over)?|dropping\s+by"
    r"|popping\s+(?:in|round|over|by))\s+(?P<when>.+)$",
    re.I,
)
# Someone coming to do a job, told: "the gas fitter is coming monday between 9 and 1",
# "the window cleaner's coming on friday morning". The event is the visit, named by who comes.
TRADE_VISIT = re.compile(
    r"^(?:the|our|my)\s+(?P<who>(?:[a-z][\w'-]*\s+){0,2}(?:engineer|plumber|electrician|builder|cleaner"
    r"|gardener|decorator|technician|fitter|repairman|handyman|delivery|courier|nurse|midwife|tutor"
    r"|babysitter|nanny|landlord|inspector|surveyor|mechanic|painter|roofer|locksmith|joiner|carpenter"
    r"|sweep|glazier|plasterer|tiler|installer|removal\s+men|removals|movers|vet|doctor|assessor))"
    r"(?:\s+(?:is|are|will\s+be)|'s|’s)\s+(?:coming|due|booked(?:\s+in)?|popping\s+round|calling"
    r"|visiting|turning\s+up|here)(?:\s+(?:round|over|in|out))?\s+(?P<when>\S.*)$",
    re.I,
)
# Someone taken somewhere, told: "i'm taking mum to the doctor on monday at 11", "we're picking
# up the kids from school at 3 tomorrow".
TAKING = re.compile(
    r"^(?:i'm|i\s+am|we're|we\s+are|i'll\s+be|we'll\s+be)\s+(?P<rest>(?:taking|driving|picking\s+up"
    r"|dropping(?:\s+off)?|collecting|walking)\s+\S.+)$",
    re.I,
)
# An event asked after by its hour: "what's my 2 o'clock", "who's my 3pm with", "whats at 3 pm
# today", "where's my 10am": that time's events.
CLOCK_ASK = re.compile(
    r"^(?:what|who|where)(?:'s|’s|s|\s+is)\s+(?:(?:my|our|the|on)\s+(?=\S)|(?=at\s))(?P<when>(?:at\s+)?\d[\w:' ]*?"
    r"|(?:at\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+o'?\s?clock[\w ]*?)"
    r"(?:\s+(?:with|about|for|meeting|appointment|call|one))*$",
    re.I,
)
# Who comes to an event: "is john coming to the meeting", "how many people are coming to the party".
GUESTS_ASK = re.compile(
    r"^(?:(?:is|are)\s+[a-z][\w' ]{1,30}?|how\s+many\s+(?:people|guests|of\s+us)\s+are)\s+(?:coming|going"
    r"|invited|attending)\s+(?:to\s+)?(?P<what>(?:the|my|our)\s+.+)$",
    re.I,
)
# What follows such a statement: "add it", "put it on my calendar", "please save that".
ADD_IT = re.compile(
    r"(?:[\s,]+(?:so\s+|and\s+|please\s+|can\s+you\s+|could\s+you\s+)*"
    r"(?:add|put|save|note|enter|mark|schedule|book)\s+(?:it|that|this)(?:\s+(?:down|in|on|to|into))?"
    r"(?:\s+(?:my|the)\s+(?:calendar|agenda|diary|schedule))?(?:\s+please)?"
    r"|[\s,]+(?:please\s+)?(?:add|put|save)\s+(?:it\s+)?(?:to|in|on|into)\s+(?:my|the)\s+(?:calendar|agenda|diary)"
    r"|[\s,]+(?:so\s+|and\s+)?please\s+(?:add|save|note|schedule)|[\s,]+(?:add|save|note|schedule)\s+please)$",
    re.I,
)
# A told event closed by a request for a reminder: "..., please remind me".
REMIND_AFTER = re.compile(
    r"[\s,]+(?:(?:so|and|please|can\s+you|could\s+you)\s+)*remind\s+me(?:\s+(?:of|about)\s+(?:it|that|this))?"
    r"(?:\s+please)?$",
    re.I,
)
# Time kept free with no name: "block out friday afternoon", "block my calendar from 2 to 4".
BLOCK = re.compile(
    r"^(?:block\s+out|block\s+off|block|hold)\s+(?:(?:my|the)\s+(?:calendar|diary|schedule)\s+)?"
    r"(?:(?:for|on)\s+)?(?P<when>.+)$",
    re.I,
)
# "mark friday as a holiday", "block out tomorrow afternoon for revision".
MARK = re.compile(
    r"^(?:mark|block(?:\s+(?:out|off))?|reserve|hold|keep|save)\s+(?P<when>.+?)\s+(?:as|for)\s+"
    r"(?P<title>.+)$"
    # the same said of the day: "saturday should be blocked off for the move"
    r"|^(?P<when2>.+?)\s+(?:needs\s+to|has\s+to|should|must|can|will)\s+be\s+(?:marked|blocked(?:\s+out|\s+off)?"
    r"|set\s+aside|kept\s+free|reserved)\s+(?:as|for)\s+(?P<title2>.+)$",
    re.I,
)
# How a cancel is said besides "cancel X": "i need to cancel", "get rid of", "take X off my
# calendar", and the calendar named before the day ("remove yoga from my calendar on monday").
WANT_TO = re.compile(
    r"^(?:(?:(?:i|we)\s+(?:need|want|would\s+like|have)\s+to|i'd\s+like\s+to|go\s+ahead\s+and|just"
    # asked of both: "can we move the lunch to friday", "let's cancel the quiz", "shall we ..."
    r"|(?:can|could|shall|should)\s+(?:we|i)|let's|lets|let\s+us|please)\s+)+",
    re.I,
)
CANCEL_VERBS = re.compile(
    r"^(?:get\s+rid\s+of|scrap|ditch|axe|nix|scratch|strike|cross\s+out|forget(?:\s+about)?|never\s+mind"
    r"|take\s+off|knock\s+off|skip)\s+(?=(?:the|my|our|that|this|tomorrow|tonight|today)\b"
    # a day's event: "scrap wednesday's pilates"
    r"|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)'s\s"
    # a bare title with its day: "get rid of pottery on friday"
    r"|[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}\s+(?:on\s+|this\s+|next\s+)?(?:today|tonight|tomorrow"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)",
    re.I,
)
# Undone by name, with or without "the": "unschedule lunch with ana"; a series stopped: "stop the
# weekly meeting".
UNSCHEDULE = re.compile(
    r"^(?:unschedule|unbook|un-?book|de-?schedule)\s+(?=\S)"
    r"|^(?:stop|end)\s+(?=(?:the|my|our)\s+(?:recurring|repeating|regular|daily|weekly|monthly|yearly)\s)",
    re.I,
)
TAKE_OFF = re.compile(
    r"^take\s+(?P<what>.+?)\s+(?:off|out\s+of|from)\s+(?:(?:my|the|our)\s+)?"
    r"(?:calendar|agenda|schedule|diary)(?P<tail>.*)$",
    re.I,
)
# An event taken off a day: "take yoga off thursday", "knock the gym off tomorrow".
TAKE_OFF_DAY = re.compile(
    r"^(?:take|knock|cross|strike)\s+(?P<what>.+?)\s+off\s+(?:of\s+)?(?:(?:my|the)\s+)?(?P<day>(?:today|tonight|tomorrow"
    rf"|this\s+\w+|next\s+\w+|{WEEKDAY_NAME})(?:'s)?)(?:\s+(?:calendar|schedule|diary|agenda))?$",
    re.I,
)
# A told cancel closed by the request: "..., please cancel it", "... so delete that".
CANCEL_IT = re.compile(
    r"(?<=\S)[\s,]+(?:(?:so|and|please|can\s+you|just)\s+)*(?:cancel|delete|remove|get\s+rid\s+of|scrap"
    r"|drop|call\s+off|bin|ditch)\s+(?:it|that|this)"
    # "..., take it out of my calendar", "..., remove it from the diary"
    r"(?:\s+(?:out\s+of|off|from)\s+(?:my|the)\s+(?:calendar|diary|schedule|agenda))?"
    r"(?:\s+please)?$"
    r"|(?<=\S)[\s,]+(?:(?:so|and|please|can\s+you|just)\s+)*(?:take|cross|strike)\s+(?:it|that|this)"
    r"\s+(?:out\s+of|off|from)\s+(?:my|the)\s+(?:calendar|diary|schedule|agenda)(?:\s+please)?$",
    re.I,
)
OPEN_FIRST = re.compile(
    r"^(?:open|go\s+to|check)\s+(?:(?:my|the)\s+)?(?:calendar|agenda|schedule|diary)[\s,]+(?:and\s+)?"
    r"(?=(?:cancel|delete|remove|clear|erase)\b)",
    re.I,
)
MAKE_CLEAR = re.compile(
    r"^make\s+sure\s+(?:that\s+)?(?:my\s+)?(?P<what>calendar|schedule|agenda|diary|day|morning"
    r"|afternoon|evening)\s+is\s+(?:completely\s+|totally\s+|entirely\s+)?(?:clear|empty|free)(?P<tail>.*)$",
    re.I,
)
FROM_FIRST = re.compile(
    r"^(?P<verb>cancel|delete|remove|erase)\s+(?:from|off|in|on)\s+(?:my|the|our)\s+"
    r"(?:calendar|agenda|schedule|diary)\s+(?P<what>.+)$",
    re.I,
)
CALENDAR_MID = re.compile(
    r"^(?P<head>(?:cancel|delete|remove|drop|call\s+off|clear|erase)\s+.+?)\s+(?:from|off|in|on)\s+"
    r"(?:my|the|our)\s+(?:calendar|agenda|schedule|diary)\s+(?P<tail>.+)$",
    re.I,
)
# Whether an event is on the calendar: "is yoga in my calendar", "did i put the play on my diary".
ON_CALENDAR = re.compile(
    r"^(?:(?:is|are)(?:\s+there)?(?:\s+(?:anything|something)\s+(?:about|for|with))?"
    r"|(?:did|have)\s+(?:i|we)\s+(?:put|add|added|write|written|enter|entered|got|put\s+down|note|noted))"
    r"\s+(?P<what>.+?)\s+(?:on|in|into|to)\s+(?:my|the|our)\s+(?:calendar|diary|agenda|schedule)$",
    re.I,
)
# An event named only by its place in time: "delete my next appointment", "remove the event
# at one pm", "cancel my plans for tonight": the assistant asks which one.
WHICH_EVENT = re.compile(
    r"^(?:cancel|delete|remove|drop|clear|erase)\s+(?:(?:my|the|our|that|this)\s+)?"
    r"(?:(?P<order>next|upcoming|first|last|latest|earliest)\s+)?"
    r"(?P<noun>events?|appointments?|meetings?|plans|entry|entries|calendar\s+(?:event|entry))"
    r"(?P<tail>(?:\s+.*)?)$",
    re.I,
)


# Said as news rather than as a request: "please note that i have ...", "fyi, ...".
TOLD_LEAD = re.compile(
    r"^(?:(?:please\s+)?(?:note|be\s+aware|keep\s+in\s+mind|fyi|just\s+so\s+you\s+know)"
    r"(?:\s+down)?(?:\s+that)?[\s,:]+)",
    re.I,
)
# A cancel told: "my yoga class has been cancelled", "i can't make the meeting on friday".
CANCELLED = re.compile(
    r"^(?P<what>(?:my|our|the|this|that|[a-z][\w-]*(?:'s|’s))\s.+?)(?:\s+(?:has\s+been|have\s+been|is|are"
    r"|was|were|got)|\s*(?:'s|’s)(?:\s+been)?)\s+(?:now\s+)?(?:cancell?ed|called\s+off|off)$"
    r"|^(?:i|we)\s+(?:can't|cannot|can\s+not|won't\s+be\s+able\s+to|will\s+not\s+be\s+able\s+to"
    r"|can\s+no\s+longer|am\s+not\s+able\s+to|'m\s+not\s+able\s+to|'m\s+not\s+going\s+to"
    r"|am\s+not\s+going\s+to|won't)\s+(?:make(?:\s+it\s+to)?|attend|go\s+to|be\s+at)\s+"
    r"(?P<what2>.+)$"
    # "i'm not going to the party on saturday", "we're skipping yoga tonight"
    r"|^(?:i'm|i\s+am|we're|we\s+are)\s+(?:not\s+(?:going\s+to|attending)|skipping)\s+"
    r"(?P<what4>(?:the|my|our)\s.+|(?:yoga|gym|pilates|football|tennis|swimming|lunch|dinner|class)\b.*"
    # any name with its day: "we're skipping choir tomorrow"
    r"|[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s+(?:today|tonight|tomorrow|this\s+\w+|next\s+\w+"
    rf"|(?:on\s+)?{WEEKDAY_NAME})\b.*)$"
    # "i don't need the meeting with priya any more", "we no longer need the room on friday"
    r"|^(?:i|we)\s+(?:don't|do\s+not|no\s+longer)\s+(?:need|want|have)\s+(?P<what3>(?:my|our|the|that|this)"
    r"\s.+?)(?:\s+any\s*more)?$"
    # "the glazier won't be coming friday after all", "our dinner on friday is no longer happening"
    r"|^(?P<what5>(?:my|our|the|this|that)\s.+?)\s+(?:isn't|is\s+not|aren't|are\s+not|won't\s+be"
    r"|(?:is|are)\s+no\s+longer)\s+(?:coming|happening|going\s+ahead|taking\s+place|on)"
    # only words of when after it: "the kids aren't coming to the party", "the standup isn't on
    # zoom any more" say who or how, never that the party or the standup is cancelled
    r"(?P<when5>\s+(?:on\s+|this\s+|next\s+|at\s+)?(?:today|tonight|tomorrow|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)"
    rf"|{WEEKDAY_NAME})(?:\s+(?:morning|afternoon|evening|night))?)?"
    r"(?:\s+(?:after\s+all|any\s*more))?$",
    re.I,
)
# An event said not to happen, before "cancel it": "no choir for me tomorrow, cancel it".
NONE_OF = re.compile(
    r"^no\s+(?P<what>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)(?:\s+for\s+(?:me|us))?"
    rf"(?P<when>\s+(?:on\s+|this\s+|next\s+)?(?:today|tonight|tomorrow|{WEEKDAY_NAME})\b.*)$",
    re.I,
)
# A removal said after the cancel is told, with no calendar named: "..., take it out".
TAKE_IT_OUT = re.compile(
    r"(?<=\S)[\s,]+(?:(?:so|and|please|can\s+you|just)\s+)*(?:take|cross|strike)\s+(?:it|that|this)"
    r"\s+(?:out|off)(?:\s+please)?$",
    re.I,
)
# A move told: "my meeting with sam has been moved to friday", "the dentist is now at 4pm".
MOVED = re.compile(
    r"^(?P<what>(?:my|our|the|this|that|[a-z][\w-]*(?:'s|’s))\s.+?)\s+(?:(?:(?:has|have)(?:\s+been)?"
    r"|is|was|got|'s)\s+)?(?:(?:moved|changed|rescheduled|pushed(?:\s+back)?|postponed|put\s+off"
    r"|brought\s+forward|shifted|delayed)\s+(?:to|until|till)|now(?=\s+(?:at|on)\b))\s+(?P<when>.+)$",
    re.I,
)


# A move asked as a question: "can the meeting be moved to friday", "could my call be pushed to 3".
MOVE_ASKED = re.compile(
    r"^(?:can|could|should|would|will)\s+(?P<what>(?:my|our|the|this|that|[a-z][\w-]*(?:'s|’s))\s.+?)"
    r"\s+be\s+(?:moved|changed|rescheduled|pushed(?:\s+back)?|postponed|put\s+off|brought\s+forward"
    r"|shifted|delayed)\s+(?:to|until|till)\s+(?P<when>.+)$",
    re.I,
)


# A new time said for an event, asked or told: "can the meeting go to friday", "could the call
# be on monday instead", "the party is on sunday instead". Without "instead", only "go to" says
# a move: "will the meeting be at 3" asks when it is.
MOVED_INSTEAD = re.compile(
    r"^(?:(?:can|could|should|would|will|shall)\s+)?"
    r"(?P<what>(?:my|our|the|this|that|[a-z][\w-]*(?:'s|’s))\s.+?)\s+"
    r"(?:(?:go|move)\s+(?:to|until|till)\s+(?P<when>.+?)(?:\s+(?:instead|rather))?"
    r"|(?:be|happen|take\s+place|is|'s)\s+(?P<when2>(?:on|at)\s+.+?)\s+(?:instead|rather)"
    # "the window cleaner needs to be wednesday instead"
    r"|(?:needs\s+to|has\s+to|should|must|will\s+have\s+to)\s+be\s+(?P<when3>(?:on\s+|at\s+)?.+?)"
    r"\s+(?:instead|rather))$",
    re.I,
)


# A time corrected as a fact: "the electrician is coming at 11 not 8", "my pilates is on monday, not
# wednesday": the event is moved to the time said first.
MOVED_NOT = re.compile(
    r"^(?P<what>(?:my|our|the|this|that|[a-z][\w-]*(?:'s|’s))\s.+?)(?:\s+(?:is|are)|'s|’s)\s+"
    r"(?:(?:coming|happening|starting|booked|now|actually|really)\s+)*"
    r"(?:on|at)\s+(?P<when>.+?),?\s+not\s+(?:(?:on|at)\s+)?[\w:. ]{1,20}$",
    re.I,
)


# ... asked of an event named bare: "can brunch with kim be at 11 instead" (the move then needs
# the event on the calendar).
MOVED_INSTEAD_BARE = re.compile(
    r"^(?:can|could|should|would|will|shall)\s+(?!(?:i|we|you|it|that|this|they|he|she)\b)"
    r"(?P<what>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?)\s+(?:be|happen|take\s+place|start)\s+"
    r"(?P<when>(?:on|at)\s+.+?)\s+(?:instead|rather)$",
    re.I,
)


# A change an event needs, said of it: "the review needs moving to friday", "my lesson needs
# cancelling", "the call wants pushing back to 4".
NEEDS_CHANGE = re.compile(
    r"^(?P<what>(?:the|my|our)\s.+?)\s+(?:needs?|wants?|has\s+to\s+be|must\s+be)\s+(?:to\s+be\s+)?"
    r"(?P<verb>moving|moved|rescheduling|rescheduled|shifting|shifted|pushing\s+back|pushed\s+back"
    r"|bringing\s+forward|brought\s+forward|cancelling|canceling|cancell?ed|calling\s+off|called\s+off)"
    r"(?P<rest>\s+.+)?$",
    re.I,
)


def needed_change(said: str, cancel: bool) -> str | None:
    """ "the review needs moving to friday" -> "move the review to friday" (or the cancel)."""
    m = NEEDS_CHANGE.match(said)
    if m is None or bool(re.match(r"cancel|call", m.group("verb"), re.I)) != cancel:
        return None
    verb, what, rest = m.group("verb").lower(), m.group("what"), m.group("rest") or ""
    if cancel:
        return f"cancel {what}{rest}"
    if "back" in verb or "forward" in verb:  # "push the review back an hour"
        return f"{'push' if 'back' in verb else 'bring'} {what} {verb.split()[-1]}{rest}"
    return f"move {what}{rest}"


def as_moved(text: str) -> str:
    """A move told or asked, put as "move X to WHEN"; anything else as said."""
    said = text.strip().rstrip(".!?")
    if (needed := needed_change(said, cancel=False)) is not None:
        return needed
    if bare := MOVED_INSTEAD_BARE.match(said):
        when = re.sub(r"^on\s+", "", bare.group("when"), flags=re.I)
        return f"move {bare.group('what')} to {when}"
    if (m := MOVED_NOT.match(said)) and not text.strip().endswith(
        "?"
    ):  # "the vet is at 11 not 8?" asks
        return f"move {m.group('what')} to {m.group('when')}"
    if m := MOVED_INSTEAD.match(said):
        when = m.group("when") or re.sub(
            r"^on\s+", "", m.group("when2") or m.group("when3"), flags=re.I
        )
        return f"move {m.group('what')} to {when}"
    m = MOVED.match(said) or MOVE_ASKED.match(said)
    return f"move {m.group('what')} to {m.group('when')}" if m else text


# Away on a day, then everything cancelled: "i'm on holiday on tuesday, cancel all my meetings".
AWAY_THEN_CLEAR = re.compile(
    r"^(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:off\s+sick|off|sick|ill|away|on\s+holiday|out\s+of\s+"
    r"(?:the\s+)?office|not\s+(?:working|in))\s+(?P<day>today|tomorrow|(?:on\s+)?(?:this\s+|next\s+)?"
    rf"{WEEKDAY_NAME})\s*(?:[,;.!-]+\s*|\s+so\s+)(?:so\s+|please\s+)*"
    r"(?P<verb>cancel|clear|scrap|drop)\s+(?:everything|it\s+all|all\s+of\s+it|all\s+my\s+"
    r"(?:meetings|appointments|events|plans))$",
    re.I,
)


def as_cancel(text: str) -> str:
    """A cancel said another way, put as "remove X ... from my calendar"."""
    if away := AWAY_THEN_CLEAR.match(text.strip().rstrip(".!")):
        day = re.sub(r"^on\s+", "", away.group("day"), flags=re.I)
        return f"{away.group('verb')} everything {day}"
    said = OPEN_FIRST.sub("", text.strip().rstrip(".!"))
    if (needed := needed_change(said, cancel=True)) is not None:
        return needed  # "my lesson needs cancelling": cancel my lesson
    told = CANCEL_IT.sub("", said)  # "i can't make the party on friday, please cancel it"
    if told != said and (none := NONE_OF.match(told)):  # "no yoga on friday, cancel it"
        told = f"cancel {none.group('what')}{none.group('when')}"
    said = told
    if CANCELLED.match(untaken := TAKE_IT_OUT.sub("", said)):
        said = untaken  # "the vet won't be coming after all, take it out": only after a cancel told
    if m := CANCELLED.match(said):
        what = m.group("what") or m.group("what2") or m.group("what3") or m.group("what4")
        if m.group("what5"):
            what = f"{m.group('what5')}{m.group('when5') or ''}"
        said = f"cancel {what}"
    said = UNSCHEDULE.sub("remove ", said)
    said = WANT_TO.sub("", said)
    said = CANCEL_VERBS.sub("remove ", said)
    if m := MAKE_CLEAR.match(said):
        said = f"clear my {m.group('what')}{m.group('tail')}"
    if m := FROM_FIRST.match(said):
        said = f"{m.group('verb')} {m.group('what')} from my calendar"
    if m := TAKE_OFF_DAY.match(said):
        said = f"remove {m.group('what')} on {m.group('day').removesuffix(chr(39) + 's')}"
    if m := TAKE_OFF.match(said):
        said = f"remove {m.group('what')}{m.group('tail')} from my calendar"
    if m := CALENDAR_MID.match(said):
        said = f"{m.group('head')} {m.group('tail')} from my calendar"
    return said


# "remind me what i have on friday", "remind me of my appointments tomorrow": a question.
AGENDA_REMIND = (
    r"remind\s+me\s+(?:what|where|who|which|how|(?:of|about)\s+(?:my|the|our)\s+(?:\w+\s+)?"
    r"(?:events|appointments|meetings|plans|schedule|calendar|agenda|diary)\b)"
)
RIDES = re.compile(r"\b(?:taxis?|cabs?|uber|lyft|tickets?)\b", re.I)
BOOKING_VERBS = {"book", "reserve", "order"}
DAY_NAMES = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# An agenda question asked the way people speak: "do i have anything on saturday", "am i busy
# this weekend", "any meetings tomorrow", "how many appointments next week".
AGENDA_LEAD = re.compile(
    r"^(?:(?:do|will|did)\s+(?:i|we)\s+(?:have|got|need to be)|have\s+i\s+got|(?:am|are)\s+(?:i|we)"
    r"|have\s+(?:i|we)(?=\s+(?:any|anything|something|got)\b)"
    r"|(?:does|do|will|did)\s+(?:my|the|our)\s+(?:calendar|agenda|diary|schedule)"
    r"|(?:did|have)\s+(?:i|we)\s+(?:scheduled?|booked?|planned?|arranged?|put|add|added|set)"
    r"(?=\s+(?:anything|something|an?\s|any\s))"
    r"|(?:is|are)\s+(?:there|the|my|our|it|anything|something)|any|anything|how\s+many|when(?:'s|\s+is|\s+are|s)?|what(?:'s|\s+is|\s+are|s)?"
    r"|(?:tell|give|read)\s+me|show(?:\s+me)?|list|check|whose|at\s+what\s+time"
    r"|(?:i\s+)?need|gimme|get\s+me|(?:was|were)\s+there|(?:did|have)\s+(?:i|we)\s+miss(?:ed)?"
    r"|(?=remind\s)" + AGENDA_REMIND + r""
    # the same questions asked politely or by another word: "i'd like to know what's on friday",
    # "how does my week look", "which meetings are on monday", "where is my meeting today"
    r"|(?:i\s+(?:want|need|would\s+like)|i'd\s+like)\s+to\s+(?:know|see|check|hear)|let\s+me\s+see|let\s+me\s+know\s+(?:what|about|if|whether|my|how|when|where|who)"
    r"|(?:the\s+)?(?:details|information|info)\s+(?:of|about|on|for)|more\s+(?:about|on)"
    r"|find|look\s+up|look\s+for|search\s+for"
    r"|(?:can|could|would|will)\s+you\s+(?:tell|show|check|give|read|look|open|pull|bring)|do\s+you\s+know"
    r"|how(?:'s|\s+is|\s+does|\s+do|\s+busy|\s+full|\s+packed)?|which|who|where(?:'s|\s+is|\s+are)?"
    r"|is\s+(?:today|tonight|tomorrow|(?:next\s+|this\s+)?" + DAY_NAMES + r")"
    # fragments and other ways to ask for free time: "free on sunday", "busy tomorrow",
    # "can i fit something in on tuesday"
    r"|(?:free|busy|available|booked\s+up)(?=\s)|(?:can|could)\s+(?:i|we)\s+fit\s+(?=(?:something|anything"
    r"|an?\s+\w+|in)\b)"
    r"|(?:open|look\s+at|pull\s+up|bring\s+up|go\s+through|run\s+through|read(?:\s+out)?)\s+(?:my|the|our"
    r"|(?=calendar|agenda|diary|schedule))"
    r"|(?:run|walk|take|talk)\s+(?:me\s+|us\s+)?through|brief\s+me|summari[sz]e|recap"
    r"|(?:give\s+me\s+)?(?:an?\s+)?(?:rundown|overview|summary|recap)\s+of"
    r")\b",
    re.I,
)
# A time said next: "planned for friday", "my plans for the weekend" (not "planned for dinner").
WHEN_NEXT = (
    r"(?=\s*$|\s+(?:(?:for|on|in|at|during|over)\s+)?(?:the\s+)?(?:this\s+|next\s+|coming\s+)?"
    r"(?:today|tonight|tomorrow|week|weekend|month|year|morning|afternoon|evening|night"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may"
    r"|june|july|august|september|october|november|december|\d|\w+(?:st|nd|rd|th))\b)"
)
# A day said next: "anything important tomorrow" (not "... with my life", not alone).
DAY_NEXT = (
    r"(?=\s+(?:(?:for|on|in|at|during|over)\s+)?(?:the\s+)?(?:this\s+|next\s+|coming\s+)?"
    r"(?:today|tonight|tomorrow|week|weekend|month|morning|afternoon|evening|night"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d|now|right\s+now)\b)"
)
AGENDA_WORDS = re.compile(
    r"\b(?:calendar|agenda|schedule|events?|meetings?|appointments?|programs?|diary"
    r"|anything\s+(?:on|going\s+on|happening|planned|scheduled)|anywhere\s+to\s+be|anywhere"
    r"|(?:scheduled?|booked?|planned?|arranged?|put)\s+(?:anything|something)"
    r"|(?:doing|up\s+to)\s+(?:anything|something)|^what\s+(?:am\s+i|are\s+we)\s+up\s+to\b"
    r"|fit\s+(?:something|anything|an?\s+\w+)\s+in\b"
    r"|(?:have|got)\s+(?:anything|something)(?:\s+(?:on|planned|scheduled|booked|going\s+on))?"
    + WHEN_NEXT
    + r""
    r"|what\s+(?:i|we)\s+(?:have|'ve\s+got|got)(?:\s+(?:on|planned|scheduled|going\s+on))?"
    + WHEN_NEXT
    + r""
    r"|coming\s+up|upcoming|(?:my|our|any|what|the|got|have|no)\s+plans|on\s+(?:my|our)\s+plate"
    r"|docket|planner|itinerary|timetable"
    # free time and clashes: "what is my availability on friday", "any conflicts on monday"
    r"|availability|free\s+(?:slots?|time|windows?|spots?|hours?|days?|afternoons?|mornings?|evenings?)"
    # "anything to do today", "what am i supposed to do", "something important on friday",
    # "do i have time for lunch today"
    r"|(?:(?:anything|something)\s+(?:to\s+do|important|special|urgent|big)"
    r"|(?:am\s+i|are\s+we|i'm|i\s+am|we're|we\s+are)\s+(?:supposed|meant|expected)\s+to\s+(?:be\s+)?(?:do|doing|be))"
    + DAY_NEXT
    + r"|(?:have|got)\s+(?:the\s+)?time\s+for"
    r"|conflicts?|clash(?:es)?|double\s+booked|(?:a|any)\s+gaps?|spare\s+time|free\s+(?:at|on|in)\b"
    # a day's end at work: "what time do i finish today", "when do i get off on friday"
    r"|^(?:when|what\s+time)\s+(?:do|will|am|are|should|must)\s+(?:i|we)\s+(?:finish|start|get\s+off"
    r"|clock\s+(?:off|on|in|out)|knock\s+off)\b"
    # a meeting missed: "did i miss any meetings today"
    r"|(?:did|have)\s+(?:i|we)\s+miss(?:ed)?\s+(?:any|anything|something)"
    # whom one meets and when: "what time do i meet jo on friday", "when am i seeing the vet"
    r"|^(?:when|what\s+time|who|whom)\s+(?:do|will|am|are|should|must)\s+(?:i|we)\s+(?:meet|meeting|see"
    r"|seeing|having|have)"
    r"|(?:(?:my|our|the)\s+plans?|planned|scheduled)" + WHEN_NEXT + r""
    r"|my\s+(?:day|week|weekend|morning|afternoon|evening|night)"
    r"|where\s+(?:do|will|should|must)\s+(?:i|we)\s+(?:(?:need|have|got)\s+to\s+)?be"
    r"|where\s+(?:am\s+i|are\s+we)\s+(?:supposed|meant|expected)\s+to\s+be"
    r"|where\s+(?:am\s+i|are\s+we)\s+(?:going|off\s+to|heading)" + WHEN_NEXT + r""
    r"|where\s+(?:should|must)\s+(?:i|we)\s+be\s+(?:right\s+)?now"
    r"|(?:anything|anywhere)\s+(?:i|we)\s+(?:need|have)\s+to\s+(?:attend|go|be|do)"
    r"|(?:anything|something)\s+(?:i|we)\s+(?:should|need\s+to|ought\s+to)\s+know\s+about"
    # work as a calendar matter: "do i have to work tomorrow", "what time do i start work"
    r"|(?:have\s+to|need\s+to|start|finish|go\s+to|going\s+to|at)\s+work"
    r"|(?:am\s+i|are\s+we|i'm|i\s+am|we're|we\s+are|is\s+my|are\s+my)\s+(?:\w+\s+)?(?:busy|free|booked"
    r"|available|around|needed|expected|working|on\s+call)|(?:busy|free|booked)\s+(?:am\s+i|are\s+we))\b",
    re.I,
)
# Words that make a question about the agenda only with a time said: "what does friday look
# like", "what's going on tomorrow", "what's on tonight", "is saturday free".
AGENDA_WITH_TIME = re.compile(
    r"\b(?:look(?:s|ing)?(?:\s+like)?|like|hold|going\s+on|happening|on(?:\s+for)?|the\s+plan|up|about|left|else"
    r"|remaining"
    r"|available|open|clear|full|packed|busy|free|booked|on\s+the\s+cards)(?:\s+(?:on|for|in|at|during|over)(?:\s+the)?)?"
    r"(?:\s+(?:for|to)\s+(?:me|us|you))?$"
    r"|^(?:what(?:'s|\s+is|s)\s+on|how\s+(?:does|do|is|'s|s|busy|full|packed)"
    r"|(?:what|which)\s+(?:\w+\s+)?(?:do|have|did)\s+(?:i|we)\s+(?:have|got)|who\s+(?:am\s+i|are\s+we)"
    r"|(?:run|walk|take|talk)\s+(?:me\s+|us\s+)?through|brief\s+me\s+on|summari[sz]e|recap"
    r"|(?:give\s+me\s+)?(?:an?\s+)?(?:rundown|overview|summary|recap)\s+of)\b",
    re.I,
)
# Kinds of event a person has: "do i have a date on friday", "is there a party this weekend".
PERSONAL_KINDS = (
    r"meetings?|appointments?|appts?|events?|class(?:es)?|lessons?|interviews?|calls?|sessions?"
    r"|practices?|rehearsals?|exams?|tests?|deadlines?|check-?ups?|hair[- ]?cuts?|reservations?|dates?"
    r"|dinners?|lunch(?:es)?|breakfasts?|brunch(?:es)?|part(?:y|ies)|birthdays?|anniversar(?:y|ies)"
    r"|weddings?|shifts?|trainings?|webinars?|workshops?|lectures?|seminars?|meet-?ups?|plans"
    r"|conferences?|get-?togethers?|gatherings?|reunions?|showers?|recitals?|visits?|surgery"
    r"|marriages?|engagements?"
    r"|consultations?|therapy|tutoring|days?\s+off|barbecues?|bbqs?|picnics?|sleepovers?"
    # the meetings of work said by their kind: "my weekly standup", "the friday catch-up"
    r"|stand-?ups?|check-?ins?|catch-?ups?|syncs?|one-?(?:on|to)-?ones?|huddles?|retros?|briefings?"
    # people one has an appointment with: "when is the dentist", "cancel the hairdresser"
    r"|doctor|dentist|vet|physio|hairdresser|barber|optician|orthodontist|therapist|counsell?or"
)
# Kinds that are also public (a match on TV, a concert in town): the user's own only when said
# with "my", "our" or a person's name: "when is my flight", "what time is sam's concert".
PUBLIC_KINDS = (
    r"games?|match|concerts?|shows?|tournaments?|festivals?|performances?"
    r"|holidays?|vacations?|services?|ceremon(?:y|ies)|celebrations?|gym|yoga|pilates|work|school"
    r"|church|mass|choir|club|football|soccer|tennis"
)
# Activities and outings one goes to by name, known only in questions ("do i have swimming on
# thursday", "what time is karate", "the date of the school trip"): "delete the dance shoes" and
# "remove golf balls" are items of lists, so cancels and adds do not read these as events.
ACTIVITY_KINDS = (
    r"swimming|swim|dance|dancing|ballet|karate|judo|taekwondo|scouts|cubs|brownies|zumba|bowling"
    r"|trips?|outings?|excursions?|fairs?|fetes?|fundraisers?|assembl(?:y|ies)|graduations?"
    r"|christenings?|funerals?|quiz\s+night|pub\s+quiz"
)
# Public events one goes to, named: "the school concert", "the book club".
SHOWN = PUBLIC_KINDS.replace("|holidays?|vacations?", "")
# Whether an event changed: "did the meeting get moved", "has the dentist been cancelled".
STATUS_ASK = re.compile(
    r"^(?:did|has|have|was|were|is|are)\s+(?P<what>(?:the|my|our)\s+.+?)\s+(?:gotten|get|got|been|being|now)\s+"
    r"(?:moved|cancell?ed|changed|rescheduled|postponed|called\s+off|pushed(?:\s+back)?|brought\s+forward)$",
    re.I,
)
# A person's day asked the other way round: "what is the birthday of my sister" (not "of
# einstein": a question of knowledge).
DAY_OF = re.compile(
    r"^(?:(?:what|when)(?:'s|s|\s+is)\s+)?(?:the\s+)?(?:date\s+of\s+(?:the\s+)?)?"
    r"(?P<kind>birthday|bday|anniversary|wedding|funeral|graduation)\s+of\s+(?P<who>(?:my|our)\s+[a-z][\w' -]{1,30})$",
    re.I,
)
# A question about one event's details: "give me information about the concert on tuesday",
# "when does the match start", "what do i need to know about the conference".
EVENT_DETAILS = re.compile(
    r"^(?:(?:tell|give|show|send)\s+me\s+(?:all\s+)?(?:(?:the|some|more|any)\s+)?(?:known\s+)?"
    r"(?:(?:details|information|info|more)\s+)?(?:about|of|on|for)"
    r"|(?:what|anything)\s+(?:do|should|must)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+)?know\s+about"
    r"|(?:all\s+)?(?:the\s+)?(?:more\s+)?(?:details|information|info)\s+(?:about|of|on|for)|more\s+(?:about|on)"
    # "what's the address of the party on friday", "the date of the wedding"
    r"|(?:(?:what(?:'s|s|\s+is)|tell\s+me|give\s+me)\s+)?(?:the\s+)?(?:address|location|place|venue|date"
    r"|time|start\s+time|end\s+time|dress\s+code)\s+(?:of|for)"
    r"|(?:when|what\s+time)(?:'s|s|\s+is|\s+does|\s+will|\s+do)?)"
    rf"\s+(?:the|my|our)\s+(?P<what>(?:next\s+|upcoming\s+)?(?:{PERSONAL_KINDS}|{PUBLIC_KINDS}"
    # a name before the kind: "the book club", "the school concert" (not "the bank holiday")
    rf"|(?:(?!on\b|at\b|in\b|bank\b|public\b|national\b)[\w'-]+\s+){{1,2}}?(?:{PERSONAL_KINDS}|{SHOWN})))"
    r"(?:\s+(?:start|starts|begin|begins|be|happen|take\s+place|end|ends|finish))?"
    r"(?P<tail>(?:\s+(?:on|at|in|this|next|tomorrow|today|tonight)\b.*)?)$",
    re.I,
)
# Public events one goes to ("the match", "the concert"), not days everyone has off.
SHOWN_KINDS = PUBLIC_KINDS.replace("|holidays?|vacations?", "")
KIND_NOUN = re.compile(rf"\b(?:{PERSONAL_KINDS})\b", re.I)
ANY_KIND = re.compile(rf"\b(?:{PERSONAL_KINDS}|{PUBLIC_KINDS})\b", re.I)
# "when is my dentist appointment", "what time does the party start", "where is my meeting":
# the event asked about, then what is asked of it.
EVENT_ASK = re.compile(
    # a countdown to one's own event: "how many days until my holiday", "how long till the wedding"
    r"^(?:how\s+(?:many\s+(?:days|weeks|hours|months|sleeps)|long)\s+(?:is\s+it\s+|are\s+)?(?:left\s+)?"
    r"(?:until|till|til|to|before|for)|countdown\s+(?:to|until|till)"
    r"|when|what\s+time|(?:what|which)\s+day|(?:what|which)\s+date|where|how\s+long|at\s+what\s+time"
    # the guests of an event: "who is coming to the book club", "who's invited to our party"
    r"|who(?:'s|s|\s+is|\s+are|\s+will\s+be)\s+(?:coming|going|invited|attending|joining)(?:\s+to)?"
    r"|find|look\s+up|look\s+for|search\s+for|(?:the\s+)?(?:details|information|info)\s+(?:of|about|on|for))"
    # "when do i have my physio appointment", "what time am i seeing the dentist"
    r"(?:\s+(?:do|will|did|am|are|should|must)\s+(?:i|we)\s+(?P<mine>have|having|got|getting(?=\s+(?:my|our|the|an?)\s)|see|seeing|meet|meeting"
    r"|go\s+to|going\s+to|need\s+to\s+(?:be\s+at|go\s+to|leave\s+for)|have\s+to\s+(?:be\s+at|go\s+to|leave\s+for)"
    r"|be\s+at|leave\s+for)"
    r"|'s|s|\s+is|\s+are|\s+was|\s+does|\s+do|\s+will|\s+did)?"
    r"\s+(?P<what>.+?)"
    r"(?:\s+(?:start|starts|begin|begins|end|ends|finish|finishes|be|happen|happening|take\s+place"
    r"|taking\s+place|on|scheduled|set|planned|due|held|at|over|last))*$",
    re.I,
)
# The event as the head of the words asked about: "my yoga class", "the team meeting with ana";
# not "a restaurant for dinner", whose head is the restaurant.
HEAD = r"(?:(?!for\b|to\b|about\b)[\w'’-]+\s+){0,3}?"
# People one's events belong to, said with a bare "s" when speech drops the apostrophe.
FAMILY = (
    r"(?:mum|mom|mam|dad|mother|father|sister|brother|wife|husband|son|daughter|nan|gran|granny"
    r"|grandma|grandpa|grandad|aunt|auntie|uncle|cousin|niece|nephew|boss|partner|girlfriend"
    r"|boyfriend|fiance|fiancee|friend|baby|kid|child|teacher|neighbour|neighbor)"
)
# Someone's: "ana's", "my sister's", "mums"; never "what's", "that's", "it's".
SOMEONES = (
    r"(?!(?:what|that|it|who|where|there|here|how|when|let|he|she)(?:'s|’s))[a-z][\w-]*(?:'s|’s|s')"
    r"|" + FAMILY + r"s\b"
)
DET = re.compile(r"^(?:(?:a|an|any|the|my|our|some|more|other|upcoming)\s+)+", re.I)
KIND_HEAD = re.compile(rf"^{HEAD}(?:{PERSONAL_KINDS})\b", re.I)
ANY_KIND_HEAD = re.compile(rf"^{HEAD}(?:{PERSONAL_KINDS}|{PUBLIC_KINDS}|{ACTIVITY_KINDS})\b", re.I)
OWNED_KIND = re.compile(
    rf"^(?:my|our|{SOMEONES})\s+(?:next\s+|first\s+)?{HEAD}(?:{PERSONAL_KINDS}|{PUBLIC_KINDS}"
    rf"|{ACTIVITY_KINDS})\b",
    re.I,
)
NAMED_KIND = re.compile(
    rf"^(?:(?:the|next)\s+{HEAD}(?:{PERSONAL_KINDS}|{SHOWN_KINDS})\b"
    rf"|(?:{PERSONAL_KINDS})\s+with\s+\S"
    # a person's day said with no apostrophe: "johns birthday", "ana anniversary"
    r"|(?!(?:a|an|the|this|that|it|his|her|its|their|whose|which|what|next|last|any)\b)[a-z]+"
    r"(?:'s|’s|s)?\s+(?:birthday|bday|anniversary)\b)",
    re.I,
)
OWNED = re.compile(r"^(?:my|our|[a-z][\w-]*(?:'s|’s|s')|(?:my|our)\s+[\w-]+(?:'s|’s|s'))\s", re.I)
# One's own event named whole, its kind last ("my dentist appointment", "lily's birthday party",
# "the team meeting with ana"); "the" only before kinds nobody else has ("the match" may be on tv).
_WITH_WHOM = r"(?:\s+with\s+[\w'’ -]{1,30})?"
OWN_EVENT = re.compile(
    rf"(?:my|our|{SOMEONES})\s+(?:next\s+|first\s+)?(?:[\w'’-]+\s+){{0,3}}?"
    rf"(?:{PERSONAL_KINDS}|{PUBLIC_KINDS}|{ACTIVITY_KINDS}){_WITH_WHOM}"
    rf"|the\s+(?:next\s+)?(?:[\w'’-]+\s+){{0,3}}?(?:{PERSONAL_KINDS}){_WITH_WHOM}",
    re.I,
)
NOT_AGENDA = re.compile(
    r"\b(?:e-?mails?|inbox|messages?|news|weather|world|in\s+town|near(?:by|\s+me|\s+here)?"
    r"|around\s+(?:here|me|town)|local|city|(?:on|in)\s+the\s+(?:tv|radio|cinema|theatre|theater)"
    r"|(?<!^)lists?(?!\s+of\s+(?:(?:my|the|all)\s+)*(?:events|meetings|appointments|plans))"
    r"|your|yours|flights?|trains?|buses|bus|traffic"
    # a document about a meeting: "find the board minutes from march", "the call notes"
    r"|(?:meeting|call|board|class|lecture)\s+(?:minutes|notes|slides|recording|transcript|agenda\s+document)"
    r"|minutes\s+(?:of|from)\s+the"
    # things to do, not events to go to: "what have we got to do tonight" (the to-dos due then)
    r"|(?:have|got|need)\s+to\s+(?:do|get\s+done|finish)"
    r"|an?\s+(?:calendar|diary|agenda)(?!\s+(?:for|on|in)\b))\b",  # "what is a calendar year"
    re.I,
)
GENERIC_EVENT = {
    "meeting", "meetings", "appointment", "appointments", "appt", "appts", "event", "events",
    "plans", "next", "first", "last", "upcoming", "coming", "following", "one", "today's",
    "tomorrow's", "tonight's", "the", "my", "our", "a", "an", "any",
}  # fmt: skip
# Words said after the time of an agenda question: "is friday free", "how does monday look".
AFTER_TIME = re.compile(
    r"(?:\s+(?:look(?:s|ing)?|like|hold|free|busy|clear|open|full|packed|booked|for\s+me|to\s+you|shaping\s+up"
    r"|going|to\s+be|so\s+far))+$",
    re.I,
)
# A period said alone: "for the weekend" is this one.
BARE_PERIOD = {
    "weekend": "the weekend", "week": "this week", "month": "this month", "day": "today",
    "morning": "this morning", "afternoon": "this afternoon", "evening": "this evening",
}  # fmt: skip
DAYS_OWN = re.compile(
    r"\b(today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend|month)|"
    r"(?:next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))"
    # "tomorrow's meeting"; with the apostrophe lost, only before the agenda's own nouns
    r"(?:(?:'s|’s)\s|s?\s(?=(?:schedule|agenda|calendar|diary|itinerary|plans?|events?|meetings?"
    r"|appointments?)\b))",
    re.I,
)
MY_PERIOD = re.compile(r"\bmy\s+(day|week|weekend|morning|afternoon|evening|night)\b", re.I)
PERIOD_SPANS = {
    "day": "today", "week": "this week", "weekend": "this weekend", "morning": "this morning",
    "afternoon": "this afternoon", "evening": "this evening", "night": "tonight",
}  # fmt: skip
# What may stand beside a time in "how does friday look", "what's going on tomorrow": any other
# word ("how does the moon look tonight", "is the pharmacy open on sunday") is another subject.
QUESTION_TEXT = """
    what what's whats is are does do did how how's hows which who whom the my our me i we
    going on for in at of over look looks looking like happening plan plans available open clear full
    packed free busy booked anything something there any have got tell show let know see check can
    could you would will to i'd be so far shaping up am planned week weekend morning
    afternoon evening night cards coming attending invited expect expected should start starts
    begin end ends time where when held about details info information more give find
    run walk take talk through brief rundown overview summary recap summarise summarize a an else left
    it still remind remaining hold
"""
QUESTION_WORDS = frozenset(QUESTION_TEXT.split())


def without_match(text: str, m: re.Match[str]) -> str:
    """`text` without what `m` matched."""
    return text[: m.start()] + " " + text[m.end() :]


def content_words(text: str) -> list[str]:
    """The words of `text` that are not question words: what the question is about."""
    return [w for w in re.findall(r"[\w'’]+", text.lower()) if w not in QUESTION_WORDS]


# A place or a date sum in the question: "events happening in the city", "what is happening at
# that event", "what day does new year fall on": not the user's agenda.
# An event of the user's named in a question with a time: "who is coming to the party on saturday".
THE_KIND = re.compile(
    r"\b(?:the|my|our|any|whose|"
    + SOMEONES
    + r")\s+(?:(?!for\b|to\b)[\w'-]+\s+)?(?:"
    + PERSONAL_KINDS.replace("|dates?", "")  # "what's the date tomorrow" is the calendar's date
    + r")\b",
    re.I,
)
PLACE_WORD = re.compile(
    r"\b(?:in|at|near|around)\s+(?:(?P<det>the|that|this|my|our)\s+)?(?P<word>[a-z][\w'’-]*)", re.I
)
NOT_A_PLACE = re.compile(
    rf"(?:{PERSONAL_KINDS}|calendar|agenda|schedule|diary|morning|afternoon|evening|night|moment"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight|half|quarter"
    r"|lunchtime|dinnertime|work|office|school|what|which|all|least|once|first|last|on|for|by|to)$",
    re.I,
)


def elsewhere(question: str) -> bool:
    """Whether `question` is about a place or a date sum, not the user's agenda.

    "events happening in the city", "what is happening at that bar", "what day does new year
    fall on" are; "who is at the meeting", "am i free at three" are not.
    """
    if re.search(r"\bfalls?\s+on\b", question, re.I):
        return True
    return any(
        not NOT_A_PLACE.match(m.group("word")) or (m.group("det") or "").lower() == "that"
        for m in PLACE_WORD.finditer(question)
    )  # "at that event": one the user is looking at, not one on the calendar


HAVE_KIND = re.compile(
    r"^(?:(?P<have>(?:do|will|did)\s+(?:i|we)\s+(?:have|got|need\s+to\s+go\s+to)|have\s+(?:i|we)\s+got"
    r"|(?:am|are)\s+(?:i|we)\s+(?:going\s+to|at|in))"
    r"|(?:is|are)\s+there|any)\s+(?P<what>.+)$",
    re.I,
)
