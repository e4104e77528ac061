"""Local intents for the calendar: the usual ways people add, cancel and list events.

Matchers are conservative: they answer only when the whole request is clearly a
calendar request with a date they can resolve; anything else goes to the model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta
from itertools import islice
from typing import Any

from assistant.api import (
    WEEKDAY_NAME,
    IntentMatch,
    Moment,
    Recent,
    TimeParseError,
    amended_moment,
    moment_parts,
    parse_duration,
    parse_moment,
    parse_span,
    plain_request,
    without_name,
)
from botpsy_calendar.contacts import make_contact_matcher
from botpsy_calendar.questions import TRAVEL_KINDS, make_own_question
from botpsy_calendar.speech import (
    ACTIVITY_KINDS,
    ADD_IT,
    AFTER_TIME,
    AGENDA_LEAD,
    AGENDA_REMIND,
    AGENDA_WITH_TIME,
    AGENDA_WORDS,
    ANY_KIND,
    ANY_KIND_HEAD,
    ASK_LEAD,
    ASKED_AFTER,
    AWAY,
    AWAY_TITLES,
    BARE_PERIOD,
    BLOCK,
    BOOKING_VERBS,
    CALENDAR_FIRST,
    CALENDAR_HEAD,
    CALENDAR_UPDATE,
    CLOCK_ASK,
    DAY_OF,
    DAY_OFF,
    DAYS_OWN,
    DET,
    EVENING_KINDS,
    EVENT_ASK,
    EVENT_DETAILS,
    FAMILY,
    GENERIC_EVENT,
    GOING,
    GUESTS_ASK,
    HAVE_EVENT,
    HAVE_KIND,
    HAVING,
    INFORM_ME,
    IS_ON,
    KIND_HEAD,
    KIND_NOUN,
    LIST_END,
    MARK,
    MEETING,
    MY_PERIOD,
    NAMED_KIND,
    NAMED_REMINDER,
    NEW_EVENT,
    NEXT_ASK,
    NOT_A_TODO,
    NOT_AGENDA,
    NOT_STATED,
    NOTE_THAT,
    OBLIGATION,
    ON_CALENDAR,
    OWN_EVENT,
    OWNED,
    OWNED_KIND,
    PERIOD_SPANS,
    PERSONAL_KINDS,
    PUBLIC_KINDS,
    QUESTION_WORDS,
    REMIND_AFTER,
    RIDES,
    SOME_EVENT,
    STATED_OWNER,
    STATED_VERB,
    STATED_WHEN,
    STATUS_ASK,
    STILL_ON,
    TAKING,
    TELL_EVENT,
    THE_KIND,
    TIME_FIRST_TOLD,
    TIME_IS,
    TODO_FIRST,
    TOLD_LEAD,
    TRADE_VISIT,
    TRAVEL,
    UNDATED_CHORE,
    VISIT,
    WANT_TO,
    WHICH_EVENT,
    WITH_SOMEONE,
    as_cancel,
    as_moved,
    content_words,
    elsewhere,
    needed_change,
    needs_doing,
    without_match,
)

_ADD = re.compile(
    r"^(?P<verb>add|(?:schedule|book)(?:\s+in(?=\s+(?:an?|the|my|our)\s))?|put(?:\s+(?:in|down))?"
    r"|create|set up|make|plan"
    r"|pencil in|set|arrange|pop(?:\s+in)?|stick|slot(?:\s+in)?|squeeze(?:\s+in)?|fit\s+in"
    r"|get(?=\s+(?:an?|the|my|our)\s.+?\s+in\s+(?:for|on|at)\s)"  # "get the plumber in for monday"
    r"|organi[sz]e|enter|save\s+the\s+date(?:\s+for)?|save|note(?:\s+down)?|write\s+down"
    r"|jot\s+down|log|mark\s+down|mark|hold|host|throw|(?:make|take)\s+a\s+note\s+of|fix(?:\s+up)?|insert|keep|setup"
    r"|set-up"
    r"|(?:register|sign)\s+(?:me|us)(?:\s+up)?\s+for|sign\s+up\s+for)\s+"
    r"(?:an?\s+|the\s+|my\s+)?(?P<noun>(?:new\s+)?(?:(?:recurring|repeating|regular|daily|weekly|monthly|yearly)\s+)?"
    r"(?:calendar\s+)?(?:event|appointment|entry)\s+"
    r"(?:for\s+|called\s+|named\s+)?)?"
    r"(?P<rest>.+)$",
    re.I,
)
# Nouns "book" makes a name with, not a verb: "book club", "book group", "book fair".
_BOOK_COMPOUND = re.compile(
    r"(?:club|group|circle|fair|signing|launch|reading|swap|sale|festival|night|talk|exchange)\b",
    re.I,
)
# "make a dentist appointment": words that make "make" or "put" about the calendar.
_EVENT_NOUN = re.compile(
    r"\b(?:appointments?|meetings?|events?|reservations?|bookings?|interviews?|lessons?)\b", re.I
)
# Verbs that name an event only with a day or time said: "set lunch with ana on friday".
_SOFT_VERBS = {"set", "arrange", "organise", "organize", "enter"}
# Words of a told event around its name: "have meeting at 3", "going to the dentist at 4",
# "the school play is on the 10th".
_TOLD_EDGES = re.compile(
    r"^(?:(?:i|we)\s+)?(?:have|got|'ve\s+got|(?:am\s+|'m\s+)?going\s+to|go\s+to)\s+(?:(?:an?|the)\s+)?"
    r"|\s+(?:is|are|will\s+be|'s)$",
    re.I,
)
# A repeating event named by how it repeats: "my weekly standup", "the recurring team call".
_SERIES = re.compile(
    r"^(?:(?:my|the|our|that)\s+)?(?:recurring|repeating|regular|daily|weekly|fortnightly|monthly"
    r"|yearly|annual)\s+(?=\S)",
    re.I,
)
# A part of the day said after an event: "the meeting at evening", "my call in the morning".
_PART_SAID = re.compile(
    r"\s+(?:at|in\s+the|during\s+the|this)\s+(morning|afternoon|evening|night)$", re.I
)
# An hour said alone, as a number: "a meeting for 3 tomorrow", "lunch at one on friday".
_HOUR_SAID = (
    r"(?:1[0-2]|[1-9])(?::[0-5]\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
)
# Mail and messages are sent, not put on the calendar: "schedule an email to jo tomorrow".
_MESSAGES = re.compile(r"\b(?:e-?\s?mails?|messages?|texts?|sms|whatsapps?|tweets?|posts?)\b", re.I)
# A new event named by its kind: "set a meeting with jo", "arrange an appointment".
_AN_EVENT = re.compile(
    r"\s+an?\s+(?:new\s+|quick\s+|short\s+)?(?:meeting|appointment|event|call)\b", re.I
)
# Verbs that write anything down: an event only with a kind of event and a time said
# ("save mum's birthday on may 5", "note down the dentist on friday at 3").
_NOTE_VERBS = {
    "save", "note", "note down", "write down", "jot down", "log", "mark down", "mark",
    "make a note of", "take a note of",
}  # fmt: skip
# Verbs that make an event only with a kind of event and a time said, as with _NOTE_VERBS:
# "fix a meeting with jo at ten", "keep an appointment on friday", "sign up for yoga on monday".
_LOOSE_VERBS = {"fix", "fix up", "insert", "keep", "hold", "host", "throw"}
# "i need a call with the lawyer on friday", "we want to have lunch with ana tomorrow".
_WANT_EVENT = re.compile(
    r"^(?:i|we)(?:\s+(?:need|want|would\s+like)|'d\s+like)\s+(?:to\s+(?:have|schedule|set\s+up|book"
    r"|arrange|plan)\s+)?(?:an?\s+)(?P<rest>(?:meeting|appointment|call|lunch|dinner|breakfast"
    r"|coffee|date)\b.+)$"
    r"|^(?:(?:i|we)(?:\s+(?:need|want|would\s+like|have|must|should)|'d\s+like)\s+to|let's|lets|let\s+us)"
    r"\s+meet(?:\s+up)?\s+(?:with\s+)?(?P<who>.+)$",
    re.I,
)
_CALENDAR_WORDS = re.compile(
    r"\s*\b(?:to|on|in|into)\s+(?:(?:my|the|our)\s+)?(?:(?:work|home|family|personal|shared|google|outlook)\s+)?"
    r"(?:calendar|agenda|diary|schedule)\b\s*",
    re.I,
)
# Requests for other domains that share the verbs ("add milk to my shopping list").
_OTHER_DOMAINS = re.compile(
    r"\b(list|note|notes|contact|contacts|task|tasks|to-?dos?|reminders?|cart|playlist|folder|file"
    r"|notifications?|alerts?)\b"
    r"|" + LIST_END.pattern,
    re.I,
)
_NOT_A_TITLE = re.compile(
    r"^(what|when|where|who|whom|how|why|which|is|are|am|do|does|did|can|could|will|would|should|any|"
    r"tell|show|find|search|look|send|email|mail|reply|forward|remind|read|check|list|delete|cancel|"
    r"remove|move|open(?!\s+(?:evening|day|night|morning|house|mic)\b)|turn|set|play|call(?!\s+with\b)"
    r"|text|message|i|we|it|there|please|wake|dim|"
    r"switch|mute|"
    r"remember|remind|reminder|alert|notification|notify|don't|dont|note|details?|information|"
    r"whose|change|reschedule|postpone|update|edit|rename|push|shift|delay|let's|lets|let|just|"
    r"bump|bring|switch|rearrange|rebook|have\s+(?:i|we)|invite|save|log|forget|never|take\s+off|"
    r"repeat|notify|alert|warn|"
    r"okay|ok|so|help|can|could|need|"
    r"info|more|anything|something|nothing|everything|all|what's|whats|where's|when's|who's|"
    r"unmute|pause|resume|stop|skip|was|were|free|busy|available|"
    # corrections and continuations of something said before: "sorry i meant friday at 1",
    # "and zoo with tom on sunday", "another one at 5" (follow-ups; alone, not a title)
    r"sorry|actually|no|nope|meant|instead|and|also|plus|another|make|"
    # a message said to someone: "write tomas saying see you at six"; an alert: "ping me at 5"
    r"write|ring|whatsapp|dm|(?:buzz|beep|ping|nudge|signal)\s+me)\b",
    re.I,
)
# Domains botpsy has no tool for (alarms, devices, media, weather, rides): never an event.
_NO_TOOL = re.compile(
    r"\b(alarms?|wake|waking|(?:get|getting)\s+up|timers?|snooze|lights?|lamps?|bulbs?|thermostat|heating|heater|"
    r"music|songs?|radio|podcasts?|volume|weather|forecast|vacuum|hoover|blinds|curtains|"
    r"tv|television)\b"
    r"|^(?:book|order|reserve|call|get)\s+(?:me\s+)?(?:an?\s+|the\s+|my\s+)?"
    r"(?:taxi|cab|uber|ride|table|flight|train|bus|tickets?|hotel|pizza|food|delivery)\b"
    r"|^(?:make|get|bring|fetch|brew)\s+(?:me|us)\b"
    # money sent or paid: "make a payment of 40 dollars to the gym" (no tool does that)
    r"|\b\d+(?:[.,]\d+)?\s*(?:dollars?|euros?|pounds?|bucks|quid|cents?|usd|eur|gbp)\b|[$€£]\s*\d"
    r"|\b(?:(?:make|send|do)\s+(?:a\s+)?payments?|pay\s+\w+\s+back"
    r"|(?:send|transfer|wire)\s+(?:the\s+)?money)\b",
    re.I,
)


_CANCEL = re.compile(
    r"^(?:cancel|delete|remove|drop|call off|clear|erase)\s+(?:my\s+|the\s+|our\s+|that\s+)?(?P<rest>.+?)"
    r"(?P<where>\s+(?:from|off|in|on)(?:\s+(?:my|the)(?:\s+(?P<day>[\w\s']{1,30}?))?)?"
    r"\s+(?:calendar|agenda|schedule|diary))?$",
    re.I,
)
# Words that make a cancel a calendar request even when no event has those words yet
# (the tool then says clearly that none matches): "cancel our lunch on the ninth".
_EVENT_WORDS = re.compile(
    r"\b(?:meetings?|appointments?|appt|events?|calendar|agenda|schedule|diary|reservation"
    r"|lunch|dinner|breakfast|brunch|party|birthday|bday|interview|call|class|session)\b",
    re.I,
)
# Many events at once: "clear my day", "delete all my meetings tomorrow", "wipe my calendar".
# A day (or part of one) named: `calendar_clear_day`, which lists them all and asks once; no
# day, or several ("this week"): the assistant asks which day.
_CLEAR_ALL = re.compile(
    r"^(?:(?:completely|totally|fully|entirely|just)\s+)?(?:(?:clear|wipe|empty|free(?:\s+up)?)(?:\s+out)?\s+(?:(?:my|the|our)\s+)?(?P<what>calendar|agenda|schedule"
    r"|diary|day|morning|afternoon|evening|weekend|week)\b(?P<rest1>.*)"
    r"|(?:delete|remove|cancel|clear|erase|wipe)(?:\s+out)?\s+(?:(?:all|every|each|the\s+rest)\s+(?:of\s+)?(?:(?:my|the|our)\s+)?"
    r"(?:calendar\s+)?(?:events?|meetings?|appointments?|entries|plans|data|items|things)|everything)"
    r"(?P<rest2>.*)"
    r"|(?:delete|remove|erase|wipe)\s+(?:(?:my|the|our)\s+)?(?:(?:whole|entire)\s+)?"
    r"(?:calendar|agenda|schedule|diary)(?P<rest3>.*))$",
    re.I,
)
# A day cleared by naming it: "clear tomorrow", "free up friday afternoon", "wipe next monday".
_CLEAR_DAY = re.compile(
    r"^(?:clear|wipe|free(?:\s+up)?)(?:\s+out)?\s+(?:(?:my|all\s+of)\s+)?(?P<when>(?:today|tonight|tomorrow"
    rf"|this|next|{WEEKDAY_NAME})\b.*)$",
    re.I,
)
# A part of the day said with the day to clear: "friday afternoon", "tomorrow in the morning".
_CLEAR_PARTS = ("morning", "afternoon", "evening", "night")
_CLEAR_PART = re.compile(r"(?:^|\s+)(?:in\s+the\s+)?(morning|afternoon|evening|night)\b", re.I)
# Someone added to an event: "add sarah to the meeting on friday" (an invitation, the model's).
_INVITE = re.compile(r"^(?:[\w'-]+\s+){1,3}?(?:to|into)\s+(?:the|my|our|that|this|their)\s+", re.I)
_SEARCH_EVENTS = re.compile(
    r"^(?:search|look through|check)\s+(?:my\s+|the\s+)?(?:calendar|agenda|schedule)\s+for\s+(?P<a>.+)$"
    r"|^(?:find|look for|search for)\s+(?P<b>.+?)\s+(?:in|on)\s+(?:my\s+|the\s+)?(?:calendar|agenda|schedule)\??$",
    re.I,
)
_MOVE_EVENT = re.compile(
    r"^(?:please\s+)?(?:move\s+up|move|reschedule|re-schedule|shift|push|postpone|prepone|advance|change"
    r"|put off|bring forward|delay"
    r"|bump|bring|switch|rearrange|rebook|re-book|shove|nudge"
    r"|update(?!\s+(?:me\b|(?:my|the|our)\s+(?:calendar|diary|agenda|schedule)\b)))"
    r"(?:\s+(?:back|forward))?\s+(?P<rest>.+)$",
    re.I,
)
# "push the dentist back (by) an hour", "push back the dentist an hour", "make it ... later".
_SHIFT_EVENT = re.compile(
    r"^(?:please\s+)?(?:(?:can|could)\s+you\s+)?"
    r"(?:(?:move|shift|push|bring|put|shove|nudge)\s+(?P<what>.+?)\s+(?P<way>back|forward|later|earlier|out)"
    r"\s+(?:by\s+)?(?P<length>.+?)"
    r"|(?:move|shift|push|bring|put|shove|nudge)\s+(?P<way2>back|forward)\s+(?P<rest>.+?)"
    r"|(?:make|have|move|shift|push|put|bring|shove|nudge)\s+(?P<rest2>.+?)\s+(?P<way3>later|earlier)"
    # "delay the book launch by 45 minutes": later by that much
    r"|(?:delay|postpone|put\s+off)\s+(?P<delayed>.+?)\s+by\s+(?P<delay>.+?)"
    # "could the fitting start an hour later", "the review needs to begin 30 minutes earlier"
    r"|(?:(?:can|could)\s+(?P<asked>.+?)|(?P<said>.+?)\s+(?:can|could|should|needs?\s+to|has\s+to))"
    r"\s+(?:go|start|begin|happen|be)\s+(?:by\s+)?(?P<length4>.+?)\s+(?P<way4>later|earlier|sooner)"
    # "we must head off 20 minutes earlier for the swim class": the user's own start, moved
    r"|(?:i|we)\s+(?:(?:need|have|want|ought)\s+to\s+|must\s+|(?:will|'ll|should)\s+)?(?:leave|set\s+off|head\s+off"
    r"|go|start|get\s+there|be\s+there)\s+(?P<length5>.+?)\s+(?P<way5>later|earlier|sooner)\s+for\s+"
    r"(?P<for5>.+?))$",
    re.I,
)
# A name after a word of place: "at marta's", "round at my sister's" is someone's home, never "is".
_AT_SOMEONES = re.compile(
    r"\b(?:at|to|from|by|near|round|over)\s+(?:(?:my|our|your|his|her|their|st\.?|saint)\s+)?[a-z][\w-]*$",
    re.I,
)
# A place named for a saint ("at st mary's", a church, a school, a hospital): where, not who.
_AT_SAINTS = re.compile(
    r"^(?P<what>.+?)\s+at\s+(?P<place>(?:st\.?|saint)\s+[a-z][\w-]*(?:'s|’s)(?:\s+[a-z][\w-]*){0,2})$",
    re.I,
)
# A title too long to be one, that names where: "ceilidh at the old drill hall": what, then
# the place (the event's location).
_LONG_PLACE = re.compile(
    r"^(?P<what>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)\s+at\s+(?P<place>the\s+[a-z][\w' &-]+)$",
    re.I,
)
# Where an event is, told: "the hearing is at the county court", "my lesson's in room 4". The
# place has no time in it ("the dentist is at 3" is a move) and the event is on the calendar.
_PLACE_TOLD = re.compile(
    r"^(?:the|my|our)\s+(?P<event>[a-z][\w' -]{1,40}?)(?:\s+(?:is|will\s+be)|'s|’s)\s+(?:at|in)\s+"
    r"(?P<place>(?:the\s+)?[a-z][\w' &-]{1,40})$",
    re.I,
)
# How full a day is, said of the day: "a busy one", "a quiet day".
_A_BUSY_ONE = re.compile(r"\ban?\s+(busy|full|packed|free)\s+(?:one|day)$", re.I)
# A move that keeps the hour, said: "to the same time on friday", "at the same time next week".
_SAME_TIME = re.compile(
    r"^(?:at\s+)?(?:the\s+)?same\s+(?:time|hour|day)(?:\s+and\s+(?:time|day|place))?\s+(?:on\s+)?(?=\S)",
    re.I,
)
# ... or said after the day: "to monday, same time", "to friday at the same time as now".
_SAME_TIME_AFTER = re.compile(
    r"[\s,]+(?:at\s+|and\s+)?(?:the\s+)?same\s+(?:time|hour)(?:\s+as\s+(?:before|now|usual))?$",
    re.I,
)
# A week on from the event's own day: "next week", "the week after", "the following week".
_A_WEEK_ON = re.compile(
    r"(?:the\s+)?(?:next|following)\s+week|(?:the\s+)?week\s+after(?:\s+that)?|a\s+week\s+later",
    re.I,
)
# Words that end a question as part of it, never a name: "is my day off", "is friday on".
_PARTICLES = frozenset({"off", "on", "in", "up", "out", "please", "thanks", "again", "then"})
# A change to what was said before: "make it the meeting at 4 instead", "at 5 instead".
_INSTEAD = re.compile(r"\b(?:instead|rather)\b", re.I)
_MAKE_SURE = re.compile(
    r"^make\s+sure\s+(?:that\s+)?(?:i\s+have|i've\s+got|there\s+is|you\s+(?:add|put|have))\s+", re.I
)
# Words between an event and its day: "the meeting scheduled for tomorrow", "the call set for 3".
_BOOKED_FOR = re.compile(
    r"\s+(?:that\s+(?:is|was)\s+|which\s+(?:is|was)\s+)?(?:scheduled|planned|set|booked|arranged|fixed)"
    r"\s+(?:for|on|at)\s+",
    re.I,
)
# What of an event a move changes, said before it: "change the time of my meeting to four".
_ASPECT = re.compile(r"^(?:the\s+)?(?:(?:start\s+)?time|date|day|slot|start)\s+(?:of|for)\s+", re.I)
_RENAME = re.compile(
    r"^(?:rename|retitle|change\s+the\s+(?:name|title)\s+of)\s+(?P<rest>.+)$"
    # "switch tuesday's gym to spin class": a new name, only for an event on the calendar
    r"|^(?:change|switch)\s+(?!(?:off|on|up|down|over|round|back)\b)(?P<changed>.+)$",
    re.I,
)
# What a changed event becomes that is no new name: a place, a person, a room, a length, or
# words of when ("thursday, same time", "the 4th", "next week").
_NO_NEW_NAME = re.compile(
    r"^(?:the|my|our|a|an|at|in|on|with|room|online|zoom|video|phone|\d)\b"
    rf"|\b(?:{WEEKDAY_NAME}|today|tonight|tomorrow|time|same|next|week|weekend|morning|afternoon"
    r"|evening|noon|midday|[ap]\.?m\.?|o'?clock|\d)\b",
    re.I,
)
_RESIZE = re.compile(
    r"^(?:make|change|set|shorten|lengthen|extend|cut|shrink|trim|reduce)"
    r"(?:\s+the\s+(?:length|duration)\s+of)?\s+(?P<rest>.+)$",
    re.I,
)
# A length kept for an event on the calendar: "set aside an hour for the budget chat".
_BLOCK_FOR = re.compile(
    r"^(?:block\s+(?:out|off)|set\s+aside|put\s+aside|allow|keep|reserve)\s+(?P<length>.+?)\s+for\s+"
    r"(?P<what>.+)$",
    re.I,
)
_RESIZE_FILLER = {"to", "down", "up", "back", "last", "take", "run", "be", "only", "just", "for"}
_REMINDER_FOR = re.compile(
    r"^(?:(?:add|set|put|create|set up|schedule|give\s+me|send\s+me|i\s+want|i\s+need|i'd\s+like)\s+(?:an?\s+)?"
    r"(?:(?P<length>[\w.\s-]{1,40}?)\s+)?"
    r"(?:reminder|alert|notification|heads[\s-]?up|nudge|warning)"
    r"|(?:remind|notify|alert|warn|ping|tell)\s+me(?:\s+(?:about|of))?)\s+(?P<rest>.+)$",
    re.I,
)
_BEFORE = (
    r"(?:before(?:hand)?|ahead(?:\s+of\s+time)?|earlier|in\s+advance|prior)"
    r"(?:\s+(?:it|that)(?:\s+(?:starts|begins|is|happens))?)?"
)
# At most this many " to " cuts are tried, so a long request costs no more than a short one.
_MAX_CUTS = 6
_PRONOUNS = {"that", "it", "this", "them", "those", "these", "one", "that one", "this one"}
_EVENT_NOUNS = {"appointment", "appointments", "appt", "event", "events", "entry"}
_DETERMINERS = {"the", "my", "our", "a", "an", "that", "this", "your"}


_REMINDER_WORDS = re.compile(r"\b(?:reminders?|tasks?|to-?dos?|alerts)\b", re.I)
_IN_CALENDAR = re.compile(
    r"\s+(?:in|on|from)\s+(?:my|the)\s+(?:calendar|agenda|schedule|diary)$", re.I
)
# The agenda named and nothing else: "coming appointments", "my schedule for friday", "agenda".
_BARE_AGENDA = re.compile(
    r"^(?:(?:my|the|our)\s+)?(?:(?P<day>today|tonight|tomorrow|(?:this\s+|next\s+)?week(?:end)?|(?:this\s+|next\s+)?"
    rf"{WEEKDAY_NAME})(?:'s|’s|s)?\s+)?"
    r"(?:all\s+(?:(?:of\s+)?(?:my|the)\s+)?|any\s+|other\s+|remaining\s+)?"
    r"(?:upcoming\s+|next\s+|first\s+|last\s+|coming\s+|daily\s+|weekly\s+|monthly\s+|full\s+)?"
    r"(?:calendar|agenda|schedule|diary|events|appointments|meetings|calls|plans?|itinerary"
    r"|(?:(?<=next\s)|(?<=first\s)|(?<=last\s))(?:event|appointment|meeting|call|thing))"
    # who with, said before the time: "meetings with kate this week", "any calls with the bank"
    r"(?P<with>\s+with\s+(?!me\b|us\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)?"
    r"(?:\s+(?:(?:scheduled|planned|booked|happening|coming\s+up)\s+)?(?:for\s+|on\s+)?(?P<when>.+))?$",
    re.I,
)
_NOT_A_QUESTION = re.compile(
    r"(?<!did\si\s)(?<!did\swe\s)\b(?:add|schedule\s+(?:a|an|the|my)|(?<!the\s)(?<!my\s)(?<!\ba\s)(?<!our\s)book(?!\s+(?:club|group|fair|launch|signing|reading|swap)\b)|put|create|cancel|delete|remove|move|reschedule"
    r"|rename|remind\s+me(?!\s+(?:what|where|who|which|how|of\s+my|about\s+my)\b)|set(?=\s)|(?:clear|wipe|empty)\s+(?:my|the|our|out|all|everything|off))\b",
    re.I,
)
# "what's it going to be like tomorrow" asks about the weather ("what's friday like" does not).
_WEATHER_LIKE = re.compile(r"^what(?:'?s| is| will) it (?:going to be |gonna be |be )?like\b", re.I)
# A question that is "anything" and a time: "anything tomorrow", "anything on at 3 friday".
_ANYTHING = re.compile(
    r"(?:(?:is\s+there|was\s+there|were\s+there|have\s+i\s+got|got|(?:did|have)\s+i\s+miss(?:ed)?"
    r"|(?:list|show|tell|give|read)(?:\s+me)?)\s+)?"
    r"(?:any(?:thing)?|something|everything)"
    r"(?:\s+(?:on|planned|scheduled|booked|happening|going\s+on))?(?:\s+(?:on|for|at))?",
    re.I,
)
# "When is my book group", "what time is our quiz night": an event on the calendar by its title.
_KNOWN_ASK = re.compile(
    r"^(?:when|what\s+time|what\s+day)(?:'s|\s+is|s)\s+(?:my|our|the)\s+(?P<what>[a-z][a-z' ]{1,40})$",
    re.I,
)
_AGENDA_TAIL_WORDS = 8  # the time phrase is looked for in the last words only
_SOON = {"coming", "up", "upcoming", "soon", "next", "events", "event"}
_LIST = [
    re.compile(
        r"^what(?:'s| is|s)\s+(?:on\s+)?(?:my\s+|the\s+)?(?:calendar|agenda|schedule)"
        r"(?:\s+(?:for|on))?(?P<when>.*?)\??$",
        re.I,
    ),
    re.compile(
        r"^what\s+(?:do i have|have i got|am i doing|is happening|'s happening)"
        r"(?:\s+(?:on|for))?(?P<when>.*?)\??$",
        re.I,
    ),
    re.compile(
        r"^(?:show|list|display|check)(?:\s+me)?\s+(?:all\s+(?:of\s+)?)?(?:my\s+|the\s+)?"
        r"(?:calendar|agenda|schedule|events|appointments|meetings)(?:\s+(?:for|on))?(?P<when>.*?)$",
        re.I,
    ),
    re.compile(
        r"^(?:do i have|have i got)\s+(?:anything|any events|any appointments|any meetings)"
        r"(?:\s+(?:on|for))?(?P<when>.*?)\??$",
        re.I,
    ),
]
_DATEISH = re.compile(
    r"^(\d|today|tonight|tomorrow|next|this|on|at|"
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)",
    re.I,
)
# Edges that are no part of a title: "a", "the", a dangling "on", and "too" ("add X at 8 too").
_TITLE_EDGES = re.compile(
    r"^(?:an?|the|my)\s+|\s+(?:on|at|for|from|this|next|by|before|too|also|as\s+well|to|into|then)$",
    re.I,
)


# A title said after "add"/"schedule" has at most this many words ("a meeting with the design
# team about the new logo"); longer, the request is more than a title and goes to the model.
_MOST_TITLE_WORDS = 10
# A date/time phrase has at most this many words ("the day after tomorrow at 3pm for 2 hours").
_MAX_PHRASE_WORDS = 12


def split_title_and_time(text: str, now: datetime, tight: bool = False) -> tuple[str, str | None]:
    """The title and the date/time phrase in `text` ("lunch with Bob tomorrow at noon").

    A phrase that runs to the end wins; one inside the text may not leave digits
    behind it, so "Dec 5 2110" is never read as "Dec 5" plus a title "2110".
    Phrases are at most `_MAX_PHRASE_WORDS` long, so this is linear in the words.
    With `tight`, words the phrase does not need go back to the title: "quiz night on
    friday at 8pm" is "quiz night" on "friday at 8pm", as "night on friday at 8pm" means
    the same time.
    """
    words = text.split()
    n = len(words)
    for i in range(max(1, n - _MAX_PHRASE_WORDS), n):
        phrase = " ".join(words[i:])
        if _resolves(phrase, now):
            if tight and (kept := _part_in_title(words, i, now)) is not None:
                return " ".join(words[: i + 1]), kept  # "parents evening on thursday at 6:45"
            if tight:
                i = _tightest(words, i, now)
            return " ".join(words[:i]), " ".join(words[i:])
    # digits_after[j]: whether words[j:] holds a digit
    digits_after = [False] * (n + 1)
    for j in range(n - 1, -1, -1):
        digits_after[j] = digits_after[j + 1] or any(ch.isdigit() for ch in words[j])
    for i in range(1, n):
        for j in range(min(n - 1, i + _MAX_PHRASE_WORDS), i, -1):
            if digits_after[j]:
                break  # and so do all shorter phrases' remainders
            phrase = " ".join(words[i:j])
            if words[j - 1].lower() in _SMALL_WORDS:
                continue  # "at noon for the parade": the time ends before "for the"
            if _resolves(phrase, now):
                return " ".join(words[:i] + words[j:]), phrase
    return text, None


_SMALL_WORDS = {"for", "the", "a", "an", "to", "with", "and", "of", "on", "at", "in", "my", "our"}
# Events of the early day: a bare hour said with them is in the morning ("morning run at 6").
_MORNING_KINDS = re.compile(r"\b(?:morning|breakfast|sunrise|dawn)\b", re.I)
# Parts of the day that also name events ("parents evening", "movie night", "morning coffee").
_DAY_PARTS = {"morning", "afternoon", "evening", "night"}


def _part_in_title(words: list[str], i: int, now: datetime) -> str | None:
    """The time phrase without its first word when that word is a part of the day ending the
    title and the rest says its own clock time: "movie night on friday at 8" is "movie night"
    at 8 in the evening. The phrase keeps what the part of the day meant ("at 8 pm").
    """
    if i == 0 or words[i].lower() not in _DAY_PARTS or words[i - 1].lower() in _SMALL_WORDS:
        return None
    rest = " ".join(words[i + 1 :])
    if not rest or not _CLOCK.search(rest) or not _resolves(rest, now):
        return None
    meant = parse_moment(" ".join(words[i:]), now).start
    for said in (rest, f"{rest} pm", f"{rest} am", f"{rest} in the {words[i].lower()}"):
        try:
            if parse_moment(said, now).start == meant:
                return said
        except TimeParseError:
            continue
    return None


def _tightest(words: list[str], i: int, now: datetime) -> int:
    """The latest start of a phrase ending `words` that means what `words[i:]` means.

    Only title words move: never a day, a date, a number or "today"/"tomorrow".
    """
    meant = parse_moment(" ".join(words[i:]), now)
    best = i
    for k in range(i + 1, len(words)):
        moved = words[i:k]
        while moved and moved[-1].lower() in ("on", "at", "for", "from", "in", "this"):
            moved = moved[:-1]
        if any(_DATEISH.match(w) or w.lower() in _TIME_WORDS for w in moved):
            break
        if moved and moved[-1].lower() in ("the", "a", "an", "my", "our"):
            continue  # "review for the first of december": "the" stays with the date
        try:
            moment = parse_moment(" ".join(words[k:]), now)
        except TimeParseError:
            continue
        if moved and (moment.start, moment.end, moment.all_day) == (
            meant.start,
            meant.end,
            meant.all_day,
        ):
            best = i + len(moved)  # "on friday at 8pm" keeps its "on"
    return best


_TIME_WORDS = {"morning", "noon", "midday", "midnight", "week", "weekend", "month", "year"}


def _as_said(when: str) -> str:
    """A time phrase as the request said it, without what `_part_in_title` added ("pm")."""
    return re.sub(r"\s+(?:pm|am|in\s+the\s+\w+)$", "", when, flags=re.I).lower()


# An hour said with its half of the day, or a part of the day: never read as the other half.
_HALF_SAID = re.compile(
    r"[ap]\.?\s?m\b|\d[ap]m\b|\b(?:noon|midday|midnight|morning|afternoon|evening|night|tonight)\b",
    re.I,
)
# Verbs and words of a move to later or earlier: "push", "delay"; "bring forward", "move up".
_LATER_WORDS = re.compile(r"\b(?:push|postpone|delay|put\s+off|back|later)\b", re.I)
_EARLIER_WORDS = re.compile(r"\b(?:forward|earlier|advance|prepone|move\s+up)\b", re.I)


# A bare hour is never moved before this hour of the morning ("to half past four": 16:30).
_FIRST_HOUR = 6
# "add the location X to Y", "set the place of Y to X", "put X as the venue for Y"
_PLACE_OF = re.compile(
    r"^(?:(?:add|put|set|give)\s+(?:the\s+|a\s+)?(?:location|place|venue|address)\s+(?!of\s|for\s)(?:as\s+)?"
    r"(?P<place>.+?)\s+(?:to|for|on)\s+(?P<event>.+)"
    r"|(?:set|change|make)\s+the\s+(?:location|place|venue|address)\s+(?:of|for)\s+(?P<event2>.+?)"
    r"\s+(?:to|as)\s+(?P<place2>.+))$",
    re.I,
)
# Words that never name an event alone: "on tuesday at 8" has no title.
_NO_NAME_WORDS = re.compile(
    r"(?:(?:on|at|in|for|by|to|and|or|then|also|the|an?|from|until|till|plus)\s*)+", re.I
)
# What a deed told for the calendar starts with: "i need to", "we have to", "i've got to".
_DEED_LEAD = re.compile(
    r"^(?:(?:i|we)\s+(?:need|have|must|should|ought)(?:\s+to)?|(?:i|we)(?:'ve|\s+have)\s+got\s+to"
    r"|(?:i|we)'ll\s+be|(?:i|we)\s+(?:want|plan)\s+to)\s+",
    re.I,
)


def _clock_said(when: str, now: datetime) -> bool:
    """Whether a time phrase says a time of day ("for friday at 3"), not a day alone."""
    try:
        return moment_parts(when, now)[1]
    except TimeParseError:
        return False


def _way(text: str) -> int:
    """Which way a move goes as said: 1 later ("push"), -1 earlier ("bring forward"), 0 either."""
    if _EARLIER_WORDS.search(text):
        return -1
    return 1 if _LATER_WORDS.search(text) else 0


def near_hour(when: str, old: datetime, now: datetime, way: int = 0) -> str | None:
    """A bare hour ("at 8", "eight thirty") on the day of `old`, or on the day said with it
    ("saturday at 8"), in the half of the day nearest `old`'s time: dinner at 19:00 moved "to
    saturday at 8" is at 20:00. For a push (`way` 1) later first, for a bring forward (-1)
    earlier first. None when `when` says its half of the day ("8pm", "20:00"), or no hour.
    """
    if _HALF_SAID.search(when) or _TWENTY_FOUR.search(when):
        return None
    try:
        parts = moment_parts(when, now)
        if parts == (False, True):
            said = parse_moment(f"{when} on {old.date().isoformat()}", now).start
        elif parts == (True, True):
            said, way = parse_moment(when, now).start, 0  # another day: nearest by the clock
        else:
            return None
    except TimeParseError:
        return None
    low = said.replace(hour=said.hour % 12)
    times = [t for t in (low, low + timedelta(hours=12)) if t.hour >= _FIRST_HOUR]
    ahead = [t for t in times if (t - old) * way > timedelta(0)] if way else []
    clock = old.astimezone(said.tzinfo)
    best = min(
        ahead or times,
        key=lambda t: (abs(t.hour * 60 + t.minute - clock.hour * 60 - clock.minute), t != said),
    )  # a tie: as read
    return best.isoformat(timespec="minutes")


# An hour said the 24-hour way ("08:00", "18:30"): its half of the day is said.
_TWENTY_FOUR = re.compile(r"(?<![\d:])(?:0\d|1[3-9]|2[0-3]):\d\d\b")


# A day of a month said (an ordinal or a month's name), not a bare hour ("for 3").
_A_DATE_SAID = re.compile(
    r"\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"[a-z]*\b",
    re.I,
)


def dateish_tail(text: str) -> str | None:
    """The part of `text` that looks like an attempt at a date, for a clear refusal."""
    words = text.split()
    last_digit = max((i for i, w in enumerate(words) if any(ch.isdigit() for ch in w)), default=0)
    for i in range(1, last_digit + 1):
        if _DATEISH.match(words[i]):
            return " ".join(words[i:])
    return None


def _resolves(phrase: str, now: datetime) -> bool:
    try:
        parse_moment(phrase, now)
    except TimeParseError:
        return False
    return True


def pinned(phrase: str, now: datetime) -> str:
    """A time phrase as the ISO time it means now, for a call that waits for an answer.

    "Remind me tomorrow at 2pm" answered after midnight still means the day it was said.
    """
    moment = parse_moment(phrase, now)
    if moment.all_day:
        return moment.start.date().isoformat()
    return moment.start.isoformat(timespec="minutes")


# An hour said as such: digits, "am"/"pm", "o'clock", "noon", or "at" a number word.
_CLOCK = re.compile(
    r"\d|\b(?:am|pm|a\.?\s?m\.?|p\.?\s?m\.?|o'?\s?clock|noon|midday|midnight)\b"
    r"|\bat\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",
    re.I,
)
# Words between a list or the to-dos and the day they are asked for: "... that are due on friday".
_DUE_LEAD = re.compile(
    r"^(?:(?:that|which)(?:'s|\s+is|\s+are)?\s+|(?:is|are)\s+)?(?:due\s+|planned\s+|set\s+)?", re.I
)


def due_tail(text: str, now: datetime) -> tuple[str, str | None]:
    """ "what's on my list for today" → ("what's on my list", "for today"): a day or range said last.

    Only a phrase naming a day or a range counts: "in the morning" is a time, not the day a
    task is due. The longest such end of the request wins (at most six words).
    """
    words = text.strip().rstrip("?.!").split()
    for k in range(min(6, len(words) - 1), 0, -1):
        tail = " ".join(words[-k:])
        when = _DUE_LEAD.sub("", tail)
        if not when:
            continue
        try:
            span = parse_span(when, now)
            if span.end - span.start > timedelta(days=1) or moment_parts(when, now)[0]:
                return " ".join(words[:-k]), when  # "this week", or a day ("friday")
        except TimeParseError:
            continue
    return text.strip(), None


def _event_words(text: str) -> str:
    """The words that name an existing event: "the dentist appointment" → "Dentist"."""
    said = text.split()
    words = [  # "the appointment with dr lee" keeps its noun: "with dr lee" names no event
        w
        for i, w in enumerate(said)
        if w.lower() not in _EVENT_NOUNS or said[i + 1 : i + 2] in (["with"], ["With"])
    ]
    while words and words[0].lower() in _DETERMINERS:
        words.pop(0)
    while len(words) > 1 and words[0].lower() in ("next", "upcoming", "following", "coming"):
        words.pop(0)  # "my next meeting": the meeting
    if len(words) > 1 and words[-1].lower() in ("time", "date", "day", "slot", "start"):
        words.pop()  # "change the meeting time to two": the meeting
    while len(words) > 1 and re.fullmatch(
        r"\d{1,2}(?::\d\d)?(?:am|pm|a\.m\.|p\.m\.)?", words[0], re.I
    ):
        words.pop(0)  # "my 3pm meeting": the time is when it is, not what it is called
        if len(words) > 1 and re.fullmatch(r"am|pm|a\.m\.|p\.m\.|o'?clock", words[0], re.I):
            words.pop(0)  # "the 5 pm meeting"
    if len(words) > 1 and words[0].lower() in ("called", "named", "titled"):
        words.pop(0)  # "the event called book club"
    if len(words) > 1 and words[-1].lower() in ("meeting", "meetings"):
        words.pop()  # "the standup meeting", but "meeting with ana" keeps it
    if words:
        words[-1] = re.sub(r"(?:'s|’s)$", "", words[-1])
    return _title(" ".join(words))


def _old_day(what: str, now: datetime) -> tuple[str, str | None]:
    """ "dentist from friday" → ("dentist", "friday"): the day the event is on now, if named.

    The day may follow the event with no word between: "the meeting tomorrow", or come first as
    its owner: "tomorrow's meeting", "fridays lunch" (speech drops the apostrophe).
    """
    own = re.match(r"^(?:(?:the|my|our)\s+)?(?P<day>[a-z]+)(?:'s|’s|s)\s+(?P<what>.+)$", what, re.I)
    if own and _resolves(own.group("day"), now) and not moment_parts(own.group("day"), now)[1]:
        return own.group("what"), own.group("day")
    m = re.match(r"^(?P<what>.+?)\s+(?:from|on)\s+(?P<day>.+)$", what, re.I)
    if m and _resolves(m.group("day"), now) and not moment_parts(m.group("day"), now)[1]:
        return m.group("what"), m.group("day")
    for k in range(3, 0, -1):  # "the meeting tomorrow": the longest day word said at the end
        m = re.match(rf"^(?P<what>.+?)\s+(?P<day>[a-z]+(?:\s+[a-z]+){{{k - 1}}})$", what, re.I)
        day = m.group("day") if m else ""
        if m and _resolves(day, now) and not moment_parts(day, now)[1]:
            return m.group("what"), day
    return what, None


# What changes an event said last: "make the call an hour longer", "set my lunch earlier".
_A_CHANGE = re.compile(
    r"^(?:make|set|have)\s.*\s(?:longer|shorter|earlier|later|sooner)(?:\s+(?:instead|please))?$",
    re.I,
)
# An event named by its hour: "my 3pm", "the 10 o'clock one".
_BY_HOUR = re.compile(
    r"(?:my|the|our)\s+(?P<at>\S.*?)(?:\s+(?:one|event|slot|(?P<kind>meeting|appointment|call)))?",
    re.I,
)


def _is_day_word(word: str) -> bool:
    """Whether `word` is a day said by name: "tomorrow", "friday", "today"."""
    return bool(
        re.fullmatch(
            rf"today|tonight|tomorrow|yesterday|{WEEKDAY_NAME}",
            word,
            re.I,
        )
    )


# Time spent with people is an event whatever it is called: "coffee with the new neighbour",
# "drinks with my sister", "a walk with them" (a list item is rarely "with" a person).
_WITH_PEOPLE = re.compile(
    rf"^(?!with\b)[\w'-]+(?:\s+[\w'-]+){{0,3}}?\s+with\s+(?:(?:the|my|our|a|some|your)\s+)?"
    r"(?:(?:new|old|best|other|whole)\s+)?"
    rf"(?:{FAMILY}s?|him|her|them|team|colleagues?|co-?workers?|clients?|neighbours?|neighbors?"
    r"|landlord|landlady|tenants?|tutor|coach|mentor|manager|students?|parents|in-laws|relatives"
    r"|guys|girls|gang|family|everyone|people|folks)\b",
    re.I,
)


def said_kind(words: str) -> bool:
    """Whether `words` name a kind of event ("my haircut", "lunch with ana"), known or not."""
    return bool(_EVENT_WORDS.search(words) or ANY_KIND.search(words) or _WITH_PEOPLE.search(words))


def _minutes(text: str) -> int | None:
    """A length of time in whole minutes, or None."""
    try:
        return int(parse_duration(text).total_seconds() // 60) or None
    except TimeParseError:
        return None


def _duration_suffix(text: str) -> tuple[str, int] | None:
    """ "the standup fifteen minutes" → ("the standup", 15): the longest length at the end."""
    words = text.split()
    for k in range(min(7, len(words) - 1), 0, -1):
        minutes = _minutes(" ".join(words[-k:]))
        if minutes is not None:
            return " ".join(words[:-k]), minutes
    return None


def _title(text: str) -> str:
    text = text.strip(" ,;:-")
    while True:
        cleaned = _TITLE_EDGES.sub("", text).strip(" ,;:-")
        if cleaned == text:
            break
        text = cleaned
    return text[:1].upper() + text[1:]


_DAY_WORD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?"
_REPEAT = re.compile(
    rf"\b(?P<repeat>(?:every|each)\s+(?:(?:other|\d+|two|three|four|second|third)\s+)?"
    rf"(?:day|week|month|year|weekday|weekend|morning|afternoon|evening|night|{_DAY_WORD}"
    rf"(?:\s*(?:,|and|&)\s*{_DAY_WORD})*)s?|daily|weekly|monthly|yearly|on weekdays)\b"
    r"(?P<bound>\s+(?:until|till)\s+[\w\s-]+?(?=\s+at\b|$)|\s+\d+\s+times)?",
    re.I,
)
_REMINDER = re.compile(
    r"[\s,]*(?:(?:and|so|please)\s+)*(?:remind|alert|notify|warn)\s+me\s+(?P<length>[\w. -]{1,30}?)"
    r"\s+(?:before(?:hand)?|ahead|earlier|in advance)(?:\s+(?:it|that)(?:\s+starts)?)?\s*$",
    re.I,
)


def take_reminder(text: str) -> tuple[str, int | None]:
    """ "dentist Friday 3pm and remind me 30 minutes before" → ("dentist Friday 3pm", 30)."""
    m = _REMINDER.search(text)
    if not m:
        return text, None
    length = re.sub(r"^(?:the|a)\s+(?=day\b)", "a ", m.group("length"), flags=re.I)  # the day
    try:
        minutes = int(parse_duration(length).total_seconds() // 60)
    except TimeParseError:
        return text, None
    return text[: m.start()].strip(), minutes or None


def take_repeat(text: str) -> tuple[str, str | None]:
    """ "standup every Monday at 9am" → ("standup Monday at 9am", "every Monday").

    The first day of a weekly rule stays in the text so the start resolves to it.
    """
    yearly = _EVERY_DATE.search(text)  # "every june third": each year on that date
    if yearly:
        text = f"{text[: yearly.start()]}{yearly.group('date')}{text[yearly.end() :]}"
        return " ".join(text.split()), "every year"
    if not re.search(r"\b(?:every|each)\b", text, re.I) and (
        plural := _ON_DAYS.search(text)
    ):  # "yoga on thursdays at six", "weekly call on mondays": every such day
        day = plural.group("day").lower()
        rest = f"{text[: plural.start()]} {day} {text[plural.end() :]}"
        rest = re.sub(r"\b(?:weekly|recurring|repeating|regular)\s+", "", rest, flags=re.I)
        return " ".join(rest.split()), f"every {day}"
    found = list(islice(_REPEAT.finditer(text), 4))
    # "every monday" over a bare "weekly", which may be part of the title ("weekly review")
    m = next((f for f in found if f.group(0).lower().startswith(("every", "each"))), None)
    m = m or (found[0] if found else None)
    if not m:
        return text, None
    said = re.sub(r"^each\b", "every", m.group("repeat"), flags=re.I)  # the tool's own word
    repeat = (said + (m.group("bound") or "")).strip()
    days = re.findall(rf"\b{_DAY_WORD}\b", m.group("repeat"), re.I)
    keep = (
        days[0].rstrip("sS")
        if days and not m.group("repeat").lower().startswith(("every week", "each week"))
        else ""
    )
    if part := _EVERY_PART.fullmatch(m.group("repeat")):  # "every morning at 7": daily, at 7am
        keep, repeat = part.group(1).lower(), f"every day{m.group('bound') or ''}"
    if keep and not keep.lower().endswith("day"):
        keep = next((d for d in _FULL_DAYS if d.startswith(keep.lower()[:3])), keep)
    rest = (text[: m.start()] + (" " + keep if keep else "") + " " + text[m.end() :]).strip()
    if not m.group("bound") and (until := re.search(r"\s+(?:until|till)\s+(.+)$", rest, re.I)):
        repeat += f" until {until.group(1)}"
        rest = rest[: until.start()]
    elif not m.group("bound") and (count := re.search(r"\s+(\d+)\s+times$", rest, re.I)):
        repeat += f" {count.group(1)} times"
        rest = rest[: count.start()]
    return " ".join(rest.split()), repeat


# Not an event after "when do i have": "when do i have to leave", "when do i have time off".
_NOT_OWN_EVENT = {
    "to", "time", "free", "off", "anything", "something", "nothing", "spare", "available", "it",
    "that", "this", "them", "one", "room", "space", "enough", "left", "money", "battery",
}  # fmt: skip
# A kind of event said bare, with no "the": "what time is yoga on thursday", "when is gym today".
_BARE_KIND = re.compile(rf"(?:my\s+|our\s+)?(?:{PERSONAL_KINDS}|{PUBLIC_KINDS})(?:\s+\w+)?", re.I)
# The same, asked with no time said: the kind alone or with the word for its session ("when is
# karate", "what time is swimming lesson"), not "golf season" or "basketball game" (anyone's).
_BARE_ASKED = re.compile(
    rf"(?:my\s+|our\s+)?(?:{PERSONAL_KINDS}|{PUBLIC_KINDS}|{ACTIVITY_KINDS})"
    r"(?:\s+(?:class|lesson|practice|session|club|training|appointment|meeting))?",
    re.I,
)
# Kinds that are also broadcast: "is football on tonight" asks about the tv.
_ON_AIR = re.compile(
    r"\b(?:games?|match(?:es)?|football|soccer|tennis|shows?|concerts?|mass|services?|golf|cricket"
    r"|rugby|racing|boxing)\b",
    re.I,
)
# Asked of an event said bare: when it is, not how long or how many.
_WHEN_ASK = re.compile(r"^(?:when|what\s+time|(?:what|which)\s+day|at\s+what\s+time)\b", re.I)
_EVERY_PART = re.compile(r"(?:every|each)\s+(morning|afternoon|evening|night)s?", re.I)
_ON_DAYS = re.compile(
    r"\b(?:on\s+)(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s\b", re.I
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
_EVERY_DATE = re.compile(
    rf"\b(?:every|each)\s+(?P<date>{_MONTH}\s+(?:the\s+)?[\w-]+|the\s+[\w-]+\s+of\s+{_MONTH})", re.I
)
_FULL_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


# An hour, then the day it is on: "3 o'clock on tuesday", "4pm friday".
_HOUR_THEN_DAY = re.compile(
    r"\d{1,2}(?::\d\d)?\s*(?:o'?\s?clock|[ap]\.?m\.?)?\s+(?:on\s+)?(?:this\s+|next\s+)?"
    rf"{WEEKDAY_NAME}",
    re.I,
)
# At most this many of a day's events are offered in a "which one?" (as a listing shows).
_MAX_OFFERED = 8


def make_matchers(
    now: Callable[[], datetime],
    has_event: Callable[[str], bool] = lambda _: True,
    event_start: Callable[[str], Moment | None] | None = None,
    events_on: Callable[[date], list[Any]] | None = None,
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """The calendar's matchers, resolving dates against `now()`.

    `has_event(words)` says whether an event with those title words exists, so
    "cancel my subscription" goes to the model rather than the calendar.
    `event_start(words)` is the current start of the one event those words name
    (None when none or several do): "move the dentist to 4pm" keeps its day with it,
    "move it to monday" its time. Without it a time alone is left to the model.
    With several events named and a time alone, the tool asks which one (`keep_day`).
    `events_on(day)` are that day's events: "drop my appointments on thursday" asks which of
    them, each shown, so "the afternoon one" picks as it would from a listing.
    """

    def _named(rest: str) -> tuple[str, str] | None:
        """ "tomorrow at five called drinks" → ("drinks", "tomorrow at five")."""
        m = re.match(r"^(?P<when>.+?)\s+(?:called|named|titled)\s+(?P<title>.+)$", rest, re.I)
        if m and _resolves(m.group("when"), now()):
            return m.group("title").strip(" \"'“”"), m.group("when")
        return None

    def _leading_time(rest: str) -> tuple[str, str] | None:
        """ "june third is ben's birthday" → ("ben's birthday", "june third")."""
        words = rest.split()
        for k in range(min(len(words) - 1, _MAX_PHRASE_WORDS), 0, -1):
            phrase = " ".join(words[:k])
            if words[k - 1].lower() in _SMALL_WORDS:
                continue  # "on friday for lunch": the time ends before "for"
            if _resolves(phrase, now()):
                title = re.sub(
                    r"^(?:is|as|for|:|-|will\s+be)\s+", "", " ".join(words[k:]), flags=re.I
                )
                return (title, phrase) if title and not _resolves(title, now()) else None
        return None

    def add_event(text: str) -> IntentMatch | None:
        text = text.strip()
        if _A_CHANGE.search(text):
            return None  # "make my meeting on friday an hour longer": a change, not a new event
        if (have := HAVE_EVENT.match(text)) and said_kind(have.group("rest")):
            text = f"schedule {have.group('rest')}"  # "can i get a meeting with the team on friday"
        text = ASK_LEAD.sub("", text) or text  # "i'd like to add ..."
        if told := NOTE_THAT.match(text):  # "note that the dentist is on friday at 3"
            return told_event(told.group("told"))
        text = CALENDAR_UPDATE.sub("add to my calendar ", text)  # "update calendar dinner ..."
        text = _MAKE_SURE.sub("add ", text)  # "make sure i have the dentist on friday in my diary"
        text = NEW_EVENT.sub("add ", text)  # "new event tennis saturday at nine"
        said_calendar = bool(_CALENDAR_WORDS.search(text) or CALENDAR_HEAD.match(text))
        text = CALENDAR_HEAD.sub("", text)  # "calendar add the dentist on friday"
        text = CALENDAR_FIRST.sub(lambda m: f"{m.group('verb') or 'add'} ", text)
        if SOME_EVENT.match(text):  # "i'd like to put something in my diary": what, and when?
            missing = {"title": "What is the event?", "start": 'When is it? (e.g. "Friday 3pm")'}
            return IntentMatch("calendar_create_event", {}, "add_event", missing=missing)
        m = _ADD.match(text)
        if not m or "?" in text or _NO_TOOL.search(text) or _INSTEAD.search(text):
            return None
        verb = " ".join(m.group("verb").lower().split())
        verb = {"setup": "set up", "set-up": "set up"}.get(verb, verb)
        if re.match(r"(?:pop|stick|slot|squeeze|fit|get)\b", verb):  # "pop lunch with jo in for 1"
            if not (said_calendar or said_kind(m.group("rest"))):
                return None  # "pop the oven on at six": no event named
            verb = "put"
        verb = re.sub(r"^(schedule|book)\s+in$", r"\1", verb)  # "book in a haircut"
        if verb == "book" and _BOOK_COMPOUND.match(m.group("rest")):
            return None  # "book club monday at 7": the event is the book club, said first
        if re.match(r"(?:me|us|him|her|them|sure)\b", m.group("rest"), re.I) or _MESSAGES.search(
            text
        ):
            return None  # "keep me posted", "make sure i remember ...", "schedule an email to jo"
        if TRAVEL.search(text) and (verb in BOOKING_VERBS or RIDES.search(text)):
            return None  # "book me a train ticket", "schedule a taxi": a booking, not an event
        if (
            verb == "put"
            and not m.group("noun")
            and re.match(r"on\b", m.group("rest"), re.I)
            and not said_calendar
        ):
            return None  # "put on some music", "put on the night album": not an event
        # "put the game on": "put" names an event only with a day, a time or the calendar said
        soft = (verb in _SOFT_VERBS and not _AN_EVENT.match(text, m.end("verb"))) or (
            verb in ("put", "make")
            and not said_calendar
            and not m.group("noun")
            and not _EVENT_NOUN.search(m.group("rest"))
        )
        rest = _CALENDAR_WORDS.sub(" ", m.group("rest")).strip()
        if _OTHER_DOMAINS.search(rest) or TODO_FIRST.match(rest):
            return None  # "create a to do to call the insurer": a task
        noting = (verb in _NOTE_VERBS and not said_calendar) or (
            verb in _LOOSE_VERBS or verb.startswith(("register", "sign"))
        )
        if (invite := _INVITE.match(rest)) and said_kind(rest[invite.end() :]):
            return None  # "add sarah to the meeting on friday": a guest, not a new event
        rest, reminder = take_reminder(rest)
        rest, repeat = take_repeat(rest)
        extra: dict[str, object] = {}
        if reminder is not None:
            extra["reminder_minutes"] = reminder
        if repeat:
            extra["repeat"] = repeat
        title, when = _named(rest) or split_title_and_time(rest, now(), tight=True)
        bare_time = re.sub(r"^(?:for|on|at)\s+", "", rest, flags=re.I)
        if m.group("noun") and _resolves(bare_time, now()):
            title, when = "", bare_time  # "set an event for tuesday", "an appointment next friday"
        lead = _leading_time(rest) if when is None or (title and _DATEISH.match(title)) else None
        if lead is not None and (when is None or len(lead[1].split()) > len(when.split())):
            title, when = lead  # "add june third: ben's birthday", "add friday 11 am dentist"
        if when is None and (tail := dateish_tail(rest)) is not None:
            if _minutes(tail) is not None:
                return None  # "make the standup 15 minutes": a length, not a start
            title, when = rest[: rest.rindex(tail)], tail  # the tool explains what is wrong with it
            bare = re.sub(r"^(?:for|at)\s+", "", when, flags=re.I)
            if _resolves(f"at {bare}", now()):  # "a meeting for 3": three o'clock
                when = f"at {bare}"
        if (
            when is not None
            and (tail := dateish_tail(title))
            and _A_DATE_SAID.search(tail)
            and not _resolves(tail, now())
        ):
            # "lunch on the 31st of february at 1pm": the date is no title word; the tool says
            # in one line that it is not a date on the calendar, and nothing is added
            title, when = title[: title.rindex(tail)], f"{tail} {when}"
        hour = re.search(rf"\s+(?:for|at)\s+({_HOUR_SAID})$", title, re.I) if when else None
        if hour and when and _resolves(f"{when} at {hour.group(1)}", now()):
            title, when = title[: hour.start()], f"{when} at {hour.group(1)}"  # "for 3 tomorrow"
        if m.group("noun") or said_calendar:  # "an entry in my diary for the school play"
            title = re.sub(
                r"^(?:(?:on|for|about|called|named|titled|as)(?:\s+|$))+",
                "",
                title.strip(),
                flags=re.I,
            )
        said_title = title  # before its edges go: "set the brightness to 60" ends in "to"
        title = _title(title)
        if (noun := m.group("noun")) and re.match(r"(?:with|at)\s", title, re.I):
            kind = re.findall(r"event|appointment|entry", noun, re.I)[-1]
            title = _title(f"{kind} {title[:1].lower()}{title[1:]}")  # "with the vet"
        if verb.startswith("put"):  # "put a meeting in for friday", "put my haircut down for 4"
            title = re.sub(r"\s+(?:in|down)$", "", title, flags=re.I)
        if repeat and re.search(r"\brepeat(?:s|ing)?\b", m.group("rest"), re.I):
            if re.match(r"^(?:make|set|change|alter|turn|have)\s+(?:the|my|our)\s", text, re.I):
                return None  # "make the gym session repeat every monday": a change, for the model
            title = re.sub(r"\s+(?:repeat(?:s|ing)?|recurring)$", "", title, flags=re.I)
        if not title and m.group("noun") and when is None:  # "put a new event on my calendar"
            missing = {"title": "What is the event?", "start": 'When is it? (e.g. "Friday 3pm")'}
            return IntentMatch("calendar_create_event", {**extra}, "add_event", missing=missing)
        if noting and (when is None or not said_kind(title)):
            return None  # "save this file", "note down the wifi password": not an event
        if not title and m.group("noun") and when is not None:  # "set an event for tuesday"
            missing = {"title": "What is the event?"}
            return IntentMatch(
                "calendar_create_event",
                {"start": pinned(when, now()), **extra},
                "add_event",
                missing=missing,
            )
        if not title or len(title.split()) > _MOST_TITLE_WORDS or _resolves(title, now()):
            return None  # "add wednesday at 6pm": a time with no title
        if title.lower() in _PRONOUNS:
            return None  # "make that six thirty": a change to what was just said, not an event
        if re.search(
            r"\s(?:and|then)\s+(?:invite|send|email|e-mail|tell|call|text|message|remind)\b",
            title,
            re.I,
        ):
            return None  # "... and invite ana": a second request, for the model
        if re.search(r"\b(?:every|each)\b", title, re.I):
            return None  # "every first monday of the month": a rule the matchers do not read
        if re.search(r"\b(?:calendar|agenda|diary)\b", title, re.I):
            return None  # "make my calendar blank on friday": about the calendar, not an event
        if soft and (
            re.search(r"\b(?:to|as)\b", title, re.I)
            or re.search(r"\s(?:to|into)\s*$", said_title, re.I)
        ):
            return None  # "set my status to away until friday": a setting, not an event
        if when is None:
            if soft:
                return None  # "set the table": no event without a day or time
            if not (said_calendar or m.group("noun") or said_kind(title)):
                return None  # "add bread": an item for a list as likely as an event
            return IntentMatch(
                "calendar_create_event",
                {"title": title, **extra},
                "add_event",
                missing={"start": f'When is "{title}"? (e.g. "Friday 3pm")'},
            )
        if (saint := _AT_SAINTS.match(title)) and "location" not in extra:
            title, extra = (
                _title(saint.group("what")),
                {**extra, "location": _title(saint.group("place"))},
            )
        return IntentMatch(
            "calendar_create_event",
            {"title": title, "start": _evening(title, when), **extra},
            "add_event",
        )

    def want_event(text: str) -> IntentMatch | None:
        """ "I need a call with the lawyer on friday", "i want to meet ana tomorrow at noon".

        Only with a day or time said, so "i need a coffee" stays with the model.
        """
        m = _WANT_EVENT.match(text.strip())
        if not m or "?" in text or _NO_TOOL.search(text) or _OTHER_DOMAINS.search(text):
            return None
        if TRAVEL.search(text):
            return None
        rest = m.group("rest") or ""
        if m.group("who"):
            title, when = split_title_and_time(m.group("who"), now())
            title = f"Meeting with {title.strip()}" if title.strip() else ""
        else:
            title, when = split_title_and_time(rest, now(), tight=True)
        title = _title(title)
        if when is None or not title or len(title.split()) > 8 or _resolves(title, now()):
            return None
        return IntentMatch("calendar_create_event", {"title": title, "start": when}, "add_event")

    def obligation(text: str) -> IntentMatch | None:
        """ "i have to pick up the kids at 3 tomorrow", "meeting reminder for 9 am": a to-do due
        then (what one has to do is no event one goes to; the told events are matched first)."""
        said = " ".join(text.strip().rstrip(".!").split())
        if "?" in said or _NO_TOOL.search(said) or TRAVEL.search(said) or NOT_A_TODO.search(said):
            return None
        if named := NAMED_REMINDER.match(said):
            what, when = named.group("what"), named.group("when")
            if _NOT_A_TITLE.match(what) or not _resolves(when, now()):
                return None
            return IntentMatch("task_add", {"title": _title(what), "due": when}, "add_task")
        m = OBLIGATION.match(needs_doing(said))  # "the car needs washing": a chore said of a thing
        if not m or _OTHER_DOMAINS.search(said):
            return None
        rest, first = m.group("rest"), (m.group("when1") or "").strip()
        if first and not _resolves(first, now()):
            return None  # "so i have to ...": no time said first
        title, when = (rest, first) if first else split_title_and_time(rest, now(), tight=True)
        if first and split_title_and_time(rest, now())[1] is not None:
            return None  # two times said: the model reads them
        if when is None and not first and UNDATED_CHORE.match(rest) and len(rest.split()) <= 8:
            return IntentMatch("task_add", {"title": _title(rest)}, "add_task")
        if when is None or not title or _a_range(when) or len(title.split()) > 8:
            return None
        title = _title(title)
        if _resolves(title, now()) or re.match(r"(?:do|go|be|get|have|work)$", title, re.I):
            return None  # "i have to go tomorrow": nothing named to do
        if re.match(r"(?:be|get|wake|stay)\s+(?:up|awake|out\s+of\s+bed)\b", title, re.I):
            return None  # "i need to be up at nine tomorrow": a wake-up, for the alarms
        return IntentMatch("task_add", {"title": title, "due": when}, "add_task")

    def away(text: str) -> IntentMatch | None:
        """ "I'm away next week", "out of office on monday": the time away, one all-day event."""
        said = " ".join(text.strip().rstrip("?.!").split())
        m = AWAY.match(said)
        if not m or _NO_TOOL.search(said):
            return None
        title = AWAY_TITLES.get(" ".join(m.group("state").lower().split()))
        when = re.sub(r"^(?:for|over)\s+(?:the\s+)?(?=\S)", "", m.group("when"), flags=re.I)
        when = BARE_PERIOD.get(when.lower(), when)  # "over the weekend": this weekend
        if title is None:
            return None
        try:
            span = parse_span(when, now())
        except TimeParseError:
            return None
        last = (span.end - timedelta(microseconds=1)).date()
        timed = span.start.time() != datetime.min.time() or (
            _resolves(when, now()) and moment_parts(when, now())[1]
        )
        if timed:
            return None  # "off from 3pm", "away on friday at 2": part of a day, for the model
        if last == span.start.date():
            return IntentMatch("calendar_create_event", {"title": title, "start": when}, "away")
        arguments = {
            "title": title,
            "start": span.start.date().isoformat(),
            "end": last.isoformat(),
        }
        return IntentMatch("calendar_create_event", arguments, "away")

    def told_event(text: str) -> IntentMatch | None:
        """ "I have a dentist appointment friday at ten", "we're going to a wedding on the fifth".

        Only with a time said and a kind of event named ("appointment", "party", "class")
        or someone's event ("tom's party"), so "i have a headache today" stays with the model.
        """
        said = text.strip().rstrip(".!")
        # a journey is booked elsewhere; told with "put it in my calendar", it goes on it
        if (
            "?" in said
            or _NO_TOOL.search(said)
            or (TRAVEL.search(said) and not ADD_IT.search(said))
        ):
            return None
        added = ADD_IT.search(said) is not None
        said = TOLD_LEAD.sub("", REMIND_AFTER.sub("", ADD_IT.sub("", said))).strip()
        said, reminder = take_reminder(said)  # "i have a meeting at 3 remind me 15 minutes before"
        said, repeat = take_repeat(said)  # "i have football every saturday at ten"
        found = _told_event(said, added)
        if found is not None and repeat:
            found.arguments["repeat"] = repeat
        if found is not None and reminder is not None:
            found.arguments["reminder_minutes"] = reminder
        return found

    def _told_event(said: str, added: bool = False) -> IntentMatch | None:
        """An event told, its repetition set aside; `added`: "put it in my calendar" was said."""
        if (first := TIME_FIRST_TOLD.match(said)) and _resolves(first.group("when"), now()):
            said = f"{first.group('told')} {first.group('rest')} {first.group('when')}"
        if _OTHER_DOMAINS.search(said) or _REMINDER_WORDS.search(said):
            return None
        if (off := DAY_OFF.match(said)) and _resolves(off.group("when"), now()):
            return _told("Day off", off.group("when"), any_title=True)
        mark = MARK.match(said)
        if mark and _resolves(day := mark.group("when") or mark.group("when2"), now()):
            return _told(mark.group("title") or mark.group("title2"), day, any_title=True)
        if (
            (block := BLOCK.match(said))
            and not MARK.match(said)
            and _resolves(block.group("when"), now())
        ):
            return _told("Busy", block.group("when"), any_title=True)
        if with_them := WITH_SOMEONE.match(said):  # "i'm playing tennis with jo on sunday at 10"
            title, when = split_title_and_time(with_them.group("rest"), now(), tight=True)
            if when is not None and re.search(r"\swith\s+\S", title, re.I):
                return _told(title, when, any_title=True)
        if (m := IS_ON.match(said)) and _resolves(m.group("when"), now()):
            # "the dentist is on friday" is the user's; "the game is on tonight" may be anyone's
            found = _told(
                m.group("title"), m.group("when"), public=not said.lower().startswith("the ")
            )
            if found is not None:
                return found
        if (stated := _stated(said, added)) is not None:
            return stated  # "the school play is on tuesday at 7": any name, a day said
        trade = TRADE_VISIT.match(said)
        if trade and _resolves(trade.group("when"), now()):  # a range is the visit's window
            return _told(trade.group("who"), trade.group("when"), any_title=True)
        visit = VISIT.match(said)
        if visit and _resolves(visit.group("when"), now()) and not _a_range(visit.group("when")):
            who = visit.group("who").lower().split()
            if who[-1] not in NOT_STATED and not _NOT_A_TITLE.match(visit.group("who")):
                what = re.sub(r"\s+(?:us|me)$", "", visit.group("what"), flags=re.I)
                return _told(f"{visit.group('who')} {what}", visit.group("when"), any_title=True)
        if taking := TAKING.match(said):  # "i'm taking mum to the doctor on monday at 11"
            title, when = split_title_and_time(taking.group("rest"), now(), tight=True)
            if when is not None and re.search(r"\s(?:to|from)\s", title, re.I):
                return _told(title, when, any_title=True)
        if (m := TIME_IS.match(said)) and _resolves(m.group("when"), now()):
            return _told(m.group("title"), m.group("when"))  # "friday is ana's party"
        for pattern, prefix in ((MEETING, "Meeting "), (GOING, ""), (HAVING, "")):
            m = pattern.match(said)
            if not m:
                continue
            rest = m.group("rest") or m.group("had") if pattern is HAVING else m.group("rest")
            wish = re.match(r"(?:i|we)\s+(?:want|would)|(?:i|we)'d", said, re.I)
            if pattern is GOING and wish and re.match(r"(?:an?|some|any)\s", rest, re.I):
                return None  # "i want to go to a concert tonight": a wish, not a plan
            title, when = split_title_and_time(rest, now(), tight=True)
            if when is None:
                return None
            public = not said.lower().startswith("there")  # "there's a game tonight": anyone's
            return _told(prefix + title, when, any_title=bool(prefix), public=public)
        if added:  # "i need to fetch the bike on friday at 4, put it in the calendar": the deed
            deed = _DEED_LEAD.sub("", said)
            title, when = split_title_and_time(deed, now(), tight=True)
            if when is not None and title and _resolves(when, now()):
                return _told(title, when, any_title=True)
        return None

    def _stated(said: str, added: bool = False) -> IntentMatch | None:
        """An event said as a fact with any name: "the school play is on tuesday at 7", "parents
        evening is thursday at 6", "his graduation's on june the 12th".

        A statement only: the name is no question word, thing or broadcast (`NOT_STATED`), the
        time starts as a day or a date does and says a day; with no "the"/"my" before the name,
        an hour too ("dinner is at 8": any day, "lunch is ready": no time at all).
        """
        if _NOT_A_TITLE.match(said) or _OTHER_DOMAINS.search(said):
            return None
        for verb in islice(STATED_VERB.finditer(said), 4):
            title, when = said[: verb.start()].strip(), said[verb.end() :].strip()
            if verb.group(0).strip() in ("'s", "’s") and _AT_SOMEONES.search(title):
                continue  # "dinner at marta's tonight": marta's place, not "marta is"
            owned = STATED_OWNER.match(title)
            name = title[owned.end() :] if owned else title
            words = re.findall(r"[\w'’-]+", name.lower())
            if not words or len(words) > 5 or not STATED_WHEN.match(when):
                continue
            if re.match(r"on\s+(?:at|for|tonight|today|now|again)\b", when, re.I):
                return None  # "the film is on at 9 tonight": on the air
            head = re.sub(r"(?:'s|’s)$", "", words[-1])
            journey = added and TRAVEL.search(name) is not None  # "my flight ..., put it in"
            if (head in NOT_STATED or words[0] in NOT_STATED) and not journey:
                continue
            if not _resolves(when, now()):
                continue
            try:
                has_day, has_time = moment_parts(when, now())
            except TimeParseError:
                continue
            if not has_day or not (owned or has_time):
                continue  # "my alarm is at 7", "christmas is on friday": no event of one's own
            keep = owned is not None and not owned.group(0).lower().startswith("the")
            return _told(title if keep else name, when, any_title=True)
        return None

    def _told(
        title: str, when: str, any_title: bool = False, public: bool = True
    ) -> IntentMatch | None:
        title = re.sub(
            r"^(?:out\s+)?for\s+(?=\S+\s)", "", title.strip(), flags=re.I
        )  # "for a meal"
        title = _title(
            re.sub(r"^(?:an?|our|the|my(?!\s+\S+(?:'s|’s)\s))\s+", "", title, flags=re.I)
        )
        if not title or len(title.split()) > 8 or _resolves(title, now()) or _a_range(when):
            return None  # "i have exams next week": which day is not said
        kind = ANY_KIND if public else KIND_NOUN
        named_part = title.split()[-1].lower() in _DAY_PARTS and _CLOCK.search(when)
        if named_part and len(title.split()) > 1:  # "we have quiz night on friday at 8"
            any_title = True
        if not any_title and not (kind.search(title) or re.search(r"\w(?:'s|’s)\s", title)):
            return None
        start = _evening(title, when)
        return IntentMatch("calendar_create_event", {"title": title, "start": start}, "add_event")

    def _evening(title: str, when: str) -> str:
        """ "dinner with ana at 8": eight at night, as a bare 8 to 11 is read in the morning;
        "morning run at 6", "breakfast meeting at 7:30": in the morning, as a bare 1 to 7 is
        read after noon. Only an hour said bare: "at 6 pm" and "6 in the evening" stay."""
        if re.search(r"morning|evening|night|afternoon|noon|midnight|[ap]\.?\s?m\b", when, re.I):
            return when
        hour = re.search(
            r"\b(?:at|from)\s+(?:8|9|10|11|eight|nine|ten|eleven)(?:[:\s](?!on\b|this\b|next\b|today\b"
            r"|tomorrow\b|\w+day\b)\w+)?(?=(?:\s+(?:today|tomorrow|(?:on\s+|this\s+|next\s+)?\w+day))?$)",
            when,
            re.I,
        )  # "at 8", "at 8:30", "at 8 tomorrow": the hour, then the day it is on
        if hour and EVENING_KINDS.search(title):
            evening = f"{when[: hour.end()]} pm{when[hour.end() :]}"
            return evening if _resolves(evening, now()) else when
        early = re.search(
            r"\b(?:at|from)\s+(?:[1-7]|one|two|three|four|five|six|seven)(?:[:\s]\w+)?$", when, re.I
        )
        if early and _MORNING_KINDS.search(title):
            morning = f"{when} am"
            return morning if _resolves(morning, now()) else when
        return when

    def event_at_time(text: str) -> IntentMatch | None:
        """ "Dentist at 3pm Friday", "lunch with Bob tomorrow at noon": a short title then a time.

        A day alone makes an event only when the title names a kind of event ("lunch with ana
        tomorrow", "dentist appointment friday"); "team meeting every monday at nine" repeats.
        """
        if "?" in text or _OTHER_DOMAINS.search(text) or _INSTEAD.search(text):
            return None
        if _NOT_A_TITLE.match(re.sub(r"^(?:an?|the)\s+", "", text, flags=re.I)):
            return None  # "an alert for the dentist at nine": a reminder
        if _NO_TOOL.search(text) or TRAVEL.search(text):
            return None
        said, repeat = take_repeat(NEW_EVENT.sub("", text))
        said = re.sub(r"^(?:calendar\s+)?(?:event|entry)\s*:?\s+(?=\S)", "", said, flags=re.I)
        said = re.sub(
            r"^(?:my\s+)?(?:calendar|diary|agenda)\s*[,:]?\s+(?=\S)", "", said, flags=re.I
        )
        if (
            who := re.match(r"^(?P<head>.+?)\s+(?P<with>with\s+[a-z][\w' ]{0,30})$", said, re.I)
        ) and (
            (head_when := split_title_and_time(who.group("head"), now())[1])
            and who.group("head").lower().endswith(head_when.lower())
        ):  # "meeting tomorrow at 10 with legal": who after when
            head_title, head_when = split_title_and_time(who.group("head"), now())
            said = f"{head_title} {who.group('with')} {head_when}"
        title, when = split_title_and_time(said, now(), tight=True)
        if when is None or not said.lower().endswith((when.lower(), _as_said(when))):
            first = _leading_time(said)  # "tomorrow at noon lunch with sam": the time first
            if (
                first is None
                or _NOT_A_TITLE.match(first[0])
                or re.match(r"(?:is|are|was|will|'s)\b", said[len(first[1]) :].strip(), re.I)
                or not (re.search(r"\s+with\s+\S", first[0]) or KIND_NOUN.search(first[0]))
                or not moment_parts(first[1], now())[1]  # a time of day said: "friday at 3 ..."
            ):
                return None  # "at six remind me to call jo": a request, not an event's name
            title, when = first
        if not re.match(r"(?:at|on|tomorrow|today|tonight|this|next|from)\b", when, re.I) and not (
            re.match(
                rf"{_DAY_WORD}\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
                when,
                re.I,
            )
            or (  # "meeting for friday at 3": a kind of event, and its hour
                re.match(r"for\s", when, re.I)
                and KIND_NOUN.search(title)
                and not re.match(r"\S+\s+(?:my|the|our|an?|this|that)\s", title, re.I)  # a verb
                and _clock_said(when, now())
            )
        ):
            return None
        if _a_range(when):
            return None  # "holidays next week": a question as often as an event, and no day
        kind = bool(ANY_KIND.search(title) or re.search(r"\s+with\s+\S", title, re.I))
        try:
            if parse_moment(when, now()).all_day and (not kind or AGENDA_LEAD.match(text)):
                return None  # "details of the party on saturday": a question
        except TimeParseError:
            return None
        if re.match(rf"\S+\s+(?:{_COMMANDS})\b", title, re.I):
            return None  # "olly add yoga on friday": a name, then the request (see named_first)
        stated = re.search(
            r"\s(?:is|are|will\s+be|starts?|begins?|ends?|finish(?:es)?)$", title, re.I
        )
        if stated and not KIND_NOUN.search(title):
            return None  # "the game is on tonight", "the film starts at eight": anyone's
        if re.search(r"\s(?:is|are|was|were|isn't|aren't)\s", title, re.I) and not KIND_NOUN.search(
            title
        ):
            return None  # "the shop is open till 8 tonight": a statement about a thing
        title = re.sub(r"\s+(?:starts?|begins?)$", "", title, flags=re.I)
        title = _title(_TOLD_EDGES.sub("", title))  # "have meeting at three", "the play is on ..."
        if (own := re.match(r"^(\w+)(?:'s|’s)\s+(?=\S)", title)) and _is_day_word(own.group(1)):
            return None  # "tomorrow's meeting at 10": a question of an event, or one on that day
        day_first = re.match(r"^(\w+)\s+(?=\S)", title)
        if day_first and _is_day_word(day_first.group(1)) and not _is_day(when):
            if not _resolves(f"{day_first.group(1)} {when}", now()):
                return None
            title, when = (
                _title(title[day_first.end() :]),
                f"{day_first.group(1)} {when}",
            )  # "tuesday
            # meeting at 10am": the meeting on tuesday at 10
        place = None
        if len(title.split()) > 5 and (at := _LONG_PLACE.match(title)):
            # "ceilidh at the drill hall": what, and where
            title, place = _title(at.group("what")), at.group("place")
        elif saint := _AT_SAINTS.match(title):  # "nativity play at st agnes's": what, and where
            title, place = _title(saint.group("what")), _title(saint.group("place"))
        if (
            not title
            or len(title.split()) > 5
            or _resolves(title, now())
            or (_ADD.match(title + " x") and not _BOOK_COMPOUND.match(title[5:]))
            or _NO_NAME_WORDS.fullmatch(title)
        ):
            return None  # no title: "add tomorrow ten am", "on tuesday at 8" (but "book club" is)
        extra = {"repeat": repeat} if repeat else {}
        if place:
            extra["location"] = place
        start = _evening(title, when)
        return IntentMatch(
            "calendar_create_event", {"title": title, "start": start, **extra}, "event_at_time"
        )

    def which_event(text: str) -> IntentMatch | None:
        """ "Delete my next appointment", "remove the event at one pm": the user picks which."""
        m = WHICH_EVENT.match(as_cancel(text))
        if not m or _OTHER_DOMAINS.search(text) or _NO_TOOL.search(text):
            return None
        tail = re.sub(
            r"\s*\b(?:from|in|on|off)\s+(?:my|the|our)\s+(?:calendar|agenda|schedule|diary)\b",
            "",
            m.group("tail"),
            flags=re.I,
        )
        said_at = re.match(r"\s*at\s+(?P<hour>.+)$", tail, re.I)
        tail = re.sub(r"^\s*(?:(?:for|on|at|in|of)\s+)?(?:the\s+)?", "", tail, flags=re.I).strip()
        if said_at and not _spans(tail) and _clock_time(f"at {said_at.group('hour')}"):
            tail = f"at {said_at.group('hour')}"  # "the meeting at three": three o'clock
        noun = m.group("noun").lower()
        if tail and not _spans(tail):
            return None  # "delete the meeting with ana": cancel_event reads the words
        if not (
            m.group("order")
            or noun.startswith(("event", "plans", "entr", "calendar", "appoint"))
            or tail
        ):
            return None
        if (
            not m.group("order")
            and noun == "meeting"
            and tail
            and _is_day(tail)
            and not moment_parts(tail, now())[1]
        ):
            return None  # "cancel my meeting tomorrow": cancel_event names it
        return _ask_which(tail or None, one=not noun.endswith(("s", "plans")))

    def _ask_which(when: str | None, one: bool = False) -> IntentMatch:
        """A delete waiting for the user to say which event (on the day `when` names, if one)."""
        label = f" ({when})" if when else ""
        question = (
            f"I cancel events one at a time, each after you confirm: which one{label}? "
            '("what\'s on my calendar" lists them)'
        )
        day = _one_day(when) if when else None
        if day and when and (_clock_time(when) or (one and _has_time(when))):
            day = pinned(when, now())  # "the event at one pm", "the meeting on wednesday
            # morning": the tool takes the one on then, else asks among the day's
        arguments = {"day": day} if day else {}
        if day and events_on is not None:
            at = datetime.fromisoformat(day) if "T" in day else None
            offered = _day_options(date.fromisoformat(day[:10]), at)
            if offered is not None:
                return offered
        return IntentMatch(
            "calendar_delete_event", arguments, "clear_events", missing={"event": question}
        )

    def _day_options(day: date, at: datetime | None = None) -> IntentMatch | None:
        """One delete of that day's events (those starting `at`, when a time is said): the only
        one (shown before the yes), or a question showing each, answered as a listing's "the
        second one" is."""
        from botpsy_calendar.tools import describe, option_label, pin

        assert events_on is not None
        events = events_on(day)
        if at is not None:
            events = [e for e in events if not e.all_day and e.start == at]
        events = events[:_MAX_OFFERED]
        if not events:
            return None
        if len(events) == 1:
            return IntentMatch("calendar_delete_event", {"event": pin(events[0])}, "clear_events")
        shown = "; ".join(f"{n}. {describe(e)}" for n, e in enumerate(events, 1))
        return IntentMatch(
            "calendar_delete_event",
            {},
            "clear_events",
            missing={"event": f"Which one? {shown}"},
            # pinned as shown: an event moved or retitled before the answer is not the one
            # picked (the tool finds it no longer as shown), even where no yes is asked after
            options=[pin(e, shown=True) for e in events],
            labels=[option_label(e, describe) for e in events],
        )

    def _one_day(when: str) -> str | None:
        """The date `when` falls on when it is one day or part of one ("this afternoon")."""
        try:
            span = parse_span(when, now())
        except TimeParseError:
            return None
        last = span.end - timedelta(microseconds=1)
        return span.start.date().isoformat() if last.date() == span.start.date() else None

    def cancel_event(text: str) -> IntentMatch | None:
        text = as_cancel(text)
        hour = re.match(
            r"^(?:cancel|delete|remove|drop|clear|erase)\s+(?:my|the|our)\s+(?P<when>\S.*?)"
            r"(?:\s+(?:one|event|slot))?$",
            text.strip(),
            re.I,
        )  # "delete my 3pm", "cancel my 10 o'clock": the event then, the user says which
        if (
            hour
            and _CLOCK.search(hour.group("when"))
            and (
                not re.search(r"[a-z]{4,}day\b", hour.group("when"))
                or _HOUR_THEN_DAY.fullmatch(hour.group("when"))  # "my 3 o'clock on tuesday"
            )
        ):
            said = hour.group("when")
            said = said if re.match(r"at\s", said, re.I) else f"at {said}"
            # "cancel my 3 o'clock on tuesday": the event then, that day ("my friday" alone is
            # no hour, `_clock_time` says so)
            if _clock_time(said) and not _NO_TOOL.search(text):
                return _ask_which(said, one=True)
        m = _CANCEL.match(text)
        if (
            not m
            or _OTHER_DOMAINS.search(text)
            or _NO_TOOL.search(text)
            or re.search(r"\b(e?mails?|messages?)\b", text, re.I)
        ):
            return None
        rest = m.group("rest")
        if m.group("day"):  # "delete the gym from my saturday schedule"
            rest += " on " + m.group("day")
        rest = re.sub(r"(?:'s|’s)\s+", " ", rest)  # "friday's lunch": the day, then the event
        rest = _BOOKED_FOR.sub(" ", rest)  # "the meeting scheduled for tomorrow": on tomorrow
        what, when = _leading_day(rest)
        if when is None:
            what, when = split_title_and_time(rest, now())
        if part := _PART_SAID.search(what):  # "today's meeting at evening": today, in the evening
            what = what[: part.start()]
            when = f"{when} {part.group(1)}" if when else f"this {part.group(1)}"
        at = _time_before(what)  # "the 3pm meeting on friday": friday at 3pm
        what = _drop_leading_time(what)
        series = _SERIES.match(what)  # "the weekly team meeting": every one of them
        what = _event_words(what[series.end() :] if series else what)
        if not what or re.fullmatch(r"(?:it|this|that|one|all|everything)", what, re.I):
            return None
        if re.search(r"\b(?:calendar|agenda|schedule|diary|anything|everything|all)\b", what, re.I):
            return None  # "clear my schedule of ...": about the calendar, not one event
        if re.search(r"\d|\b(?:daily|weekly|monthly|every|each|next|last|first|and)\b", what, re.I):
            return None  # a time, a rule or a second request in the words: the model reads those
        if len(what.split()) > 5:
            return None
        if when and not _is_day(when):
            return None  # "cancel my 5pm daily call": a time or a range is the model's to read
        said_kind = _EVENT_WORDS.search(m.group("rest")) or ANY_KIND.search(m.group("rest"))
        if not has_event(what) and not (m.group("where") or said_kind):
            return None  # "cancel my subscription"; "cancel my haircut" names a kind of event
        arguments: dict[str, object] = {"event": what}
        if series and not when:
            arguments["whole_series"] = True
        if when and at and not moment_parts(when, now())[1] and _resolves(f"{when} at {at}", now()):
            when = f"{when} at {at}"  # a time alone stays out: "my 3pm standup" may be any day
        if when:
            arguments["day"] = when
        return IntentMatch("calendar_delete_event", arguments, "cancel_event")

    def _has_time(phrase: str) -> bool:
        """Whether `phrase` says a time of day, an hour or a part of the day ("friday morning")."""
        try:
            return moment_parts(phrase, now())[1]
        except TimeParseError:
            return False

    def _clock_time(phrase: str) -> bool:
        """Whether `phrase` says an hour ("friday at ten", "3pm"), not only a part of the day.

        "This morning" or "tonight" resolves to one hour, but the event may be at any time
        in it: such a delete names the day, and the user says which event.
        """
        try:
            said_time = moment_parts(phrase, now())[1]
        except TimeParseError:
            return False
        return said_time and _CLOCK.search(phrase) is not None

    def _time_before(text: str) -> str | None:
        """ "the 3pm meeting" → "3pm": a time of day (no day) said before the event's words."""
        words = text.split()
        while words and words[0].lower() in _DETERMINERS:
            words.pop(0)
        for k in range(min(4, len(words) - 1), 0, -1):
            head = " ".join(words[:k])
            if _resolves(head, now()) and moment_parts(head, now()) == (False, True):
                return head if _clock_time(head) else None
        return None

    def _leading_day(text: str) -> tuple[str, str | None]:
        """ "friday lunch" → ("lunch", "friday"): a day said before the event's words."""
        words = text.split()
        for k in range(min(4, len(words) - 1), 0, -1):
            head = " ".join(words[:k])
            if not any(ch.isdigit() for ch in head) and _is_day(head):
                return " ".join(words[k:]), head
        return text, None

    def _drop_leading_time(text: str) -> str:
        """ "three o'clock meeting" → "meeting": a time of day said before the event's words."""
        words = text.split()
        for k in range(min(4, len(words) - 1), 0, -1):
            head = " ".join(words[:k])
            if head.lower() in _DETERMINERS or not _resolves(head, now()):
                continue
            if moment_parts(head, now())[1] and not any(ch.isdigit() for ch in head):
                return " ".join(words[k:])
        return text

    def _is_day(phrase: str) -> bool:
        """Whether `phrase` names one day (with or without a time of day)."""
        try:
            return moment_parts(phrase, now())[0]
        except TimeParseError:
            return False

    def clear_events(text: str) -> IntentMatch | None:
        """ "Wipe my calendar on thursday", "free up friday afternoon", "delete all my meetings
        tomorrow": one call that lists every event of that day (or part of it) and deletes
        them on one yes. No day named ("clear my calendar"), or days ("my week"): which day?"""
        text = as_cancel(text)
        m = _CLEAR_ALL.match(text.strip().rstrip("?. "))
        day_said = _CLEAR_DAY.match(text.strip().rstrip("?. "))
        if not m and day_said and _spans(day_said.group("when")):
            if _OTHER_DOMAINS.search(text) or _NO_TOOL.search(text):
                return None
            return _clear_day(day_said.group("when"))  # "clear tomorrow", "free up friday morning"
        if not m or _OTHER_DOMAINS.search(text) or _NO_TOOL.search(text):
            return None
        said_events = (
            r"\b(?:calendar|agenda|schedule|diary|events?|meetings?|appointments?|entries|plans)\b"
        )
        said_time = (m.group("rest2") or "").strip() and _spans(
            re.sub(
                r"^(?:(?:for|on|of|from)\s+)?(?:the\s+)?", "", m.group("rest2").strip(), flags=re.I
            )
        )
        if m.group("rest2") is not None and not (re.search(said_events, text, re.I) or said_time):
            return None  # "delete everything", "delete all data": not said of the calendar
        rest = (m.group("rest1") or m.group("rest2") or m.group("rest3") or "").strip()
        rest = re.sub(
            r"\s*\b(?:from|in|on|off)\s+(?:(?:my|the)\s+)?(?:calendar|agenda|schedule)\b", "", rest
        )
        rest = re.sub(r"^(?:(?:out|clean|completely|entirely)(?:\s+|$))+", "", rest, flags=re.I)
        rest = re.sub(r"^(?:(?:for|on|of|from)\s+)?(?:the\s+)?", "", rest, flags=re.I).strip()
        rest = BARE_PERIOD.get(rest.lower(), rest)  # "for the weekend": this weekend
        when = rest if rest and _spans(rest) else None
        kinds = r"(?:all\s+)?(?:my\s+)?(?:meetings|appointments|events|plans|calls)"
        if rest and when is None and not re.fullmatch(kinds, rest, re.I):
            return None  # "clear my day and call ana", "clear my schedule of anything boring"
        what = (m.group("what") or "").lower()
        if what in _CLEAR_PARTS:  # "clear my morning", "clear my afternoon tomorrow"
            when = f"{when} {what}" if when and not _CLEAR_PART.search(when) else when
            when = when or f"this {what}"
        elif when is None and what == "day":
            when = "today"
        elif when is None and what in ("week", "weekend"):
            when = f"this {what}"
        return _clear_day(when) if when else _which_day(None)

    def _clear_day(when: str) -> IntentMatch:
        """The clear of the day `when` names, or of part of it; days: which one; an hour
        alone ("clear friday at 3"): which event then, as a cancel asks."""
        if when.strip().lower() == "tonight":
            day, part = "today", "evening"
        elif said_part := _CLEAR_PART.search(when):
            day = (when[: said_part.start()] + " " + when[said_part.end() :]).strip()
            day = re.sub(r"^(?:(?:this|on|of)\b\s*)+", "", day, flags=re.I).strip() or "today"
            part = said_part.group(1).lower()
        else:
            day, part = when, None
        if _a_range(day):
            return _which_day(when)  # "clear my week": one day at a time
        if _is_day(day) and not _has_time(day):
            arguments = {"day": pinned(day, now())[:10]}
            return IntentMatch(
                "calendar_clear_day", arguments | ({"part": part} if part else {}), "clear_events"
            )
        try:
            hours = parse_moment(when, now()) if part is None else None
        except TimeParseError:
            hours = None
        if hours and hours.end and not hours.all_day and hours.end.date() == hours.start.date():
            return IntentMatch("calendar_clear_day", {"day": when}, "clear_events")
        return _ask_which(when)

    def _which_day(when: str | None) -> IntentMatch:
        """The clear, waiting for the user to say which day (of `when`, if said)."""
        label = f" ({when})" if when else ""
        question = (
            f"Which day should I clear{label}? I list every event on it and delete them only"
            " after you confirm."
        )
        return IntentMatch("calendar_clear_day", {}, "clear_events", missing={"day": question})

    def _a_range(phrase: str) -> bool:
        """Whether `phrase` names days, not one ("next week" resolves to its Monday all the same)."""
        try:
            span = parse_span(phrase, now())
        except TimeParseError:
            return False
        return span.end - span.start > timedelta(days=1)

    def _spans(phrase: str) -> bool:
        try:
            parse_span(phrase, now())
        except TimeParseError:
            return False
        return True

    def list_events(text: str) -> IntentMatch | None:
        if (hour := CLOCK_ASK.match(text.strip().rstrip("?. "))) and _CLOCK.search(
            hour.group("when")
        ):
            when = hour.group("when").strip()  # "what's my 2 o'clock": the events then
            said = when if re.match(r"at\s", when, re.I) else f"at {when}"
            if _spans(said):
                return IntentMatch("calendar_list_events", {"when": said}, "list_events")
        guests = GUESTS_ASK.match(text.strip().rstrip("?. "))  # "is jo coming to the party"
        if guests and _is_kind(guests.group("what"), bare=False):
            return _search(guests.group("what"))
        if nxt := NEXT_ASK.match(text.strip().rstrip("?. ")):  # "what have i got next"
            when = nxt.group("when")
            return IntentMatch(
                "calendar_list_events", {"when": when} if when else {}, "list_events"
            )
        bare = _BARE_AGENDA.match(INFORM_ME.sub("", text.strip().rstrip("?. ")))
        if bare:
            when = (bare.group("when") or bare.group("day") or "").strip()
            if not when or set(when.lower().split()) <= _SOON:
                return IntentMatch("calendar_list_events", {}, "list_events")
            when = re.sub(r"^the\s+", "", when, flags=re.I)
            when = BARE_PERIOD.get(when.lower(), when)  # "my plans for the weekend"
            if not _spans(when):
                return None
            return IntentMatch("calendar_list_events", {"when": when}, "list_events")
        for pattern in _LIST:
            m = pattern.match(text)
            if not m:
                continue
            when = m.group("when").strip(" ?")
            if not when:
                return IntentMatch("calendar_list_events", {}, "list_events")
            try:
                parse_span(when, now())
            except TimeParseError:
                return None
            return IntentMatch("calendar_list_events", {"when": when}, "list_events")
        return None

    def agenda_question(text: str) -> IntentMatch | None:
        """ "Am I free on Sunday?", "any meetings tomorrow", "what does friday look like".

        The time is the longest end of the request that reads as a day or a range;
        without one the next seven days are shown. A question about one named event
        with no time ("when is my dentist appointment") searches for it. Reminders and
        tasks are listed as tasks.
        """
        question = " ".join(text.strip().rstrip("?.!").split())
        question = _A_BUSY_ONE.sub(r"\1", question)  # "is monday a packed one": "is monday packed"
        if not AGENDA_LEAD.match(question) or _NOT_A_QUESTION.search(question):
            return None
        if _WEATHER_LIKE.match(question) and not AGENDA_WORDS.search(question):
            return None  # "what's it going to be like on friday": the weather's question
        if _REMINDER_ASK.match(question) and not re.match(AGENDA_REMIND, question, re.I):
            return None  # "give me a reminder to ...": a request, not a question
        said_agenda = AGENDA_WORDS.search(question)
        question = _IN_CALENDAR.sub("", question).strip()
        if NOT_AGENDA.search(question) or _NO_TOOL.search(question):
            return None  # "any email alerts", "what's on tv tonight": another domain's question
        if _REMINDER_WORDS.search(question) and not AGENDA_WORDS.search(question):
            due = due_tail(question, now())[1]  # "any reminders for friday": those due then
            return IntentMatch("task_list", {"due": due} if due else {}, "list_tasks")
        bare, when = _agenda_time(question)
        if when is None and len(words := question.split()) > 2 and words[-1].isalpha():
            named_bare, named_when = _agenda_time(" ".join(words[:-1]))
            last = words[-1].lower()
            if (
                named_when is not None
                and last not in QUESTION_WORDS | _PARTICLES
                and not (ANY_KIND.search(last) or AGENDA_WORDS.search(last))
                and not _resolves(last, now())
            ):
                bare, when = named_bare, named_when  # "what's on today juno": a name said last
        if elsewhere(bare):
            return (
                None  # "what's happening in the city", "what day does it fall on": not the agenda
            )
        asked = EVENT_ASK.match(question)
        if asked and question.lower().startswith("where") and not OWNED.match(asked.group("what")):
            asked = None  # "where is the party": the user's own only when said so
        if when is None and asked and (wanted := _asked_event(asked.group("what"))):
            return IntentMatch("calendar_search_events", {"text": wanted}, "search_events")
        if when is None and (named := _KNOWN_ASK.match(question)):
            title = named.group("what").lower()
            if len(title.split()) <= 4 and has_event(title):  # "when is my book group": one's own
                return IntentMatch("calendar_search_events", {"text": title}, "search_events")
        if when is None and asked and asked.group("mine") and (mine := _own_event(asked)):
            return IntentMatch("calendar_search_events", {"text": mine}, "search_events")
        if when is None and asked and _WHEN_ASK.match(question):
            title = " ".join(asked.group("what").lower().split())
            plain = [w for w in title.split() if w not in _NOT_OWN_EVENT | QUESTION_WORDS]
            if (
                len(title.split()) <= 3
                and len(plain) == len(title.split())
                and len(title) >= 3
                and not _ON_AIR.search(title)
                and has_event(title)
            ):
                # "when is badminton": a title said bare, of an event on the calendar
                return IntentMatch("calendar_search_events", {"text": title}, "search_events")
        if (
            when is None
            and asked
            and _WHEN_ASK.match(question)
            and _BARE_ASKED.fullmatch(asked.group("what"))
            and not _ON_AIR.search(asked.group("what"))
        ):
            return _search(asked.group("what"))  # "what time is yoga", "when is karate"
        asked_bare = EVENT_ASK.match(bare) if when else None
        if not (
            said_agenda
            or (asked_bare and _BARE_KIND.fullmatch(asked_bare.group("what")))
            or (when and AGENDA_WITH_TIME.search(bare) and not content_words(bare))
            or _has_kind(question)
            or (
                when
                and (kind := THE_KIND.search(bare))
                and not content_words(without_match(bare, kind))
            )
            or (asked and _asked_event(asked.group("what"), specific=False))
            or (when and _ANYTHING.fullmatch(bare))  # "anything tomorrow", "anything at 3 friday"
        ):
            return None
        if when is None and (day := DAYS_OWN.search(question)):
            when = day.group(1)  # "tomorrow's meeting"
        if when is None and (period := MY_PERIOD.search(question)):
            when = PERIOD_SPANS[period.group(1).lower()]
        return IntentMatch("calendar_list_events", {"when": when} if when else {}, "list_events")

    def _agenda_time(question: str) -> tuple[str, str | None]:
        """The question without its time phrase, and the phrase ("this weekend"), if any.

        Words that follow the time ("is friday free", "how does tomorrow look") are
        set aside first, so the phrase may end the question or stand before them.
        """
        trimmed = AFTER_TIME.sub("", question).strip() or question
        after = question[len(trimmed) :]
        words = trimmed.split()
        for start in range(max(1, len(words) - _AGENDA_TAIL_WORDS), len(words)):
            said = " ".join(words[start:])
            tail = re.sub(
                r"^(?:(?:on|for|in|during|at|of|over)\s+)*(?:the\s+)?(?=\S)", "", said, flags=re.I
            )
            if set(tail.lower().split()) <= _SOON:
                break  # "coming up", "upcoming": the default window
            tail = BARE_PERIOD.get(tail.lower(), tail)  # "for the weekend": this weekend
            if not _spans(tail):
                tail = re.sub(r"^(?:on|for|in|during|at|of|over)\s+", "", said, flags=re.I)
                if not _spans(tail):  # "on the fifth": the fifth
                    tail = said  # "at 3 tomorrow": the hour needs its "at"
                    if not re.match(r"at\s", said, re.I) or not _spans(tail):
                        continue
            lead = said[: len(said) - len(tail)] if said.endswith(tail) else ""
            return f"{' '.join(words[:start])} {lead.strip()}{after}".strip(), tail
        return question, None

    def _own_event(asked: re.Match[str]) -> str | None:
        """ "when do i have yoga", "what time am i seeing jo": the user's own, whatever it is."""
        words = DET.sub("", asked.group("what")).lower().split()
        while words and words[-1] in ("next", "again", "then", "last"):
            words.pop()  # "when am i seeing jo next"
        if not words or len(words) > 4 or set(words) & _NOT_OWN_EVENT:
            return None
        return None if _resolves(" ".join(words), now()) else " ".join(words)

    def _has_kind(question: str) -> bool:
        """ "do i have a gig on thursday", "is there a party this weekend": the user's own events."""
        m = HAVE_KIND.match(question)
        if not m:
            return False
        what = DET.sub("", m.group("what"))  # the event is the head: not "eggs for breakfast"
        kinds = ANY_KIND_HEAD if m.group("have") else KIND_HEAD
        return bool(kinds.match(what))

    def _asked_event(what: str, specific: bool = True) -> str | None:
        """The event a when/where question names ("my dentist appointment" → "dentist appointment").

        With `specific`, only words beyond "meeting", "next" and the like count; the title words
        are kept whole unless only a shorter form names a known event.
        """
        what = what.strip()
        if not (OWNED_KIND.match(what) or NAMED_KIND.match(what)):
            return None
        if not specific:
            return what
        words = [w for w in what.split() if w.lower() not in ("my", "our", "the", "a", "an")]
        while words and words[0].lower() in ("next", "first", "last", "upcoming", "coming"):
            words.pop(0)
        if len(words) > 6 or not set(w.lower() for w in words) - GENERIC_EVENT:
            return None
        full = " ".join(words)
        short = _event_words(full).lower()
        return short if short and not has_event(full) and has_event(short) else full.lower()

    def _known_form(words: str) -> str:
        """The words, or their shorter form when only that names a known event."""
        short = _event_words(words).lower()
        return short if short and not has_event(words) and has_event(short) else words

    def move_event(text: str) -> IntentMatch | None:
        """ "Move the dentist appointment to 4pm", "reschedule my call with ana to monday".

        A time alone keeps the event's day, a day alone keeps its time: both need the
        event's current start (`event_start`) unless the request names the old day.
        """
        text = as_moved(WANT_TO.sub("", text.strip()))  # "i want to move my appointment to ..."
        m = _MOVE_EVENT.match(text.strip())
        if not m or _NO_TOOL.search(text):
            return None
        rest = m.group("rest")
        for cut in islice(re.finditer(r"\s+(?:to|until|till|for)\s+", rest, re.I), _MAX_CUTS):
            when = _SAME_TIME.sub("", rest[cut.end() :].strip(" ."))  # "the same time on friday"
            when = _SAME_TIME_AFTER.sub("", when)  # "thursday, same time"
            if _A_WEEK_ON.fullmatch(when):  # never read as a day: its Monday is no week on
                return _week_on(rest[: cut.start()], when)
            if not _resolves(when, now()):
                if not _resolves(f"at {when}", now()) or _minutes(when) is not None:
                    continue
                when = f"at {when}"  # "move the meeting to 4": four o'clock
            what = re.sub(
                r"\s+from\s+(?:\d{1,2}|[a-z]+)(?:\s*(?:am|pm|o'clock))?$",
                "",
                rest[: cut.start()],
                flags=re.I,
            )
            what = _ASPECT.sub("", what)  # "the time of my meeting": the meeting
            if by_hour := _moved_by_hour(what, when):
                return by_hour  # "move my 3pm to 4pm": the event at that hour
            what, day = _old_day(what, now())
            what = re.sub(r"\s+(?:back|forward|over|up)$", "", what, flags=re.I)
            if _OTHER_DOMAINS.search(what) or not (event := _event_words(what)):
                return None
            known = has_event(event)
            if not known and not said_kind(what):
                return None  # "move the car to the garage": no event named
            if known and not day and (several := _which_to_move(event, when)):
                return several
            start = _keep_the_rest(event, when, day, _way(text)) if known else when
            if start is None:
                return None
            arguments = {"event": event, "start": start} | ({"day": day} if day else {})
            return IntentMatch("calendar_update_event", arguments, "move_event")
        return _move_when(rest)

    def _week_on(what: str, when: str) -> IntentMatch | None:
        """ "Move the dentist to next week": a week on from its own day, at its own time (the
        week after the one it is in; a Monday is no guess at the day). With its day said, a
        week on from that day; with several events of those words, the model reads it."""
        what, day = _old_day(what, now())
        what = re.sub(r"\s+(?:back|forward|over|up)$", "", what, flags=re.I)
        event = _event_words(what)
        if not event or _OTHER_DOMAINS.search(what):
            return None
        if not has_event(event):  # no such event: the tool says so plainly
            if not said_kind(what):
                return None
            return IntentMatch(
                "calendar_update_event", {"event": event, "start": when}, "move_event"
            )
        # a week on from the day of the event the tool finds (or the one picked when it asks)
        arguments = {"event": event, "days_later": 7} | ({"day": day} if day else {})
        return IntentMatch("calendar_update_event", arguments, "move_event")

    def _moved_by_hour(what: str, when: str) -> IntentMatch | None:
        """ "my 3pm", "the 10 o'clock" moved: the event starting then, to the new time beside it."""
        hour = _BY_HOUR.fullmatch(what.strip())
        if not hour or not _CLOCK.search(hour.group("at")) or re.search(r"[a-z]{4,}day\b", what):
            return None
        said = hour.group("at")
        said = said if re.match(r"at\s", said, re.I) else f"at {said}"
        if not _clock_time(said) or not _resolves(said, now()):
            return None
        old = parse_moment(said, now()).start
        new = amended_moment(re.sub(r"^at\s+", "", when, flags=re.I), old, now())
        if new is None:
            return None
        arguments = {
            "event": hour.group("kind") or "",
            "day": old.isoformat(timespec="minutes"),
            "start": new.isoformat(timespec="minutes"),
        }
        return IntentMatch("calendar_update_event", arguments, "move_event")

    def _move_when(rest: str) -> IntentMatch | None:
        """ "Postpone the meeting", "reschedule my haircut": the event named, the new time asked."""
        if re.search(r"\s(?:to|until|till|for|by|back|forward|later|earlier|an?|\d)\b", rest, re.I):
            return None  # a time or a length the matchers above could not read: the model reads it
        what, day = _old_day(rest, now())
        event = _event_words(what)
        if not event and re.fullmatch(
            r"(?:my|the|our|an?|that|this)\s+(?:appointment|event|appt)", what, re.I
        ):
            missing = {"event": "Which event should move?", "start": 'To when? (e.g. "Friday 3pm")'}
            return IntentMatch("calendar_update_event", {}, "move_event", missing=missing)
        if not event or _OTHER_DOMAINS.search(what) or not (has_event(event) or said_kind(what)):
            return None
        arguments = {"event": event} | ({"day": day} if day else {})
        question = f'When should "{event}" move to? (e.g. "Friday 3pm")'
        return IntentMatch(
            "calendar_update_event", arguments, "move_event", missing={"start": question}
        )

    def shift_event(text: str) -> IntentMatch | None:
        """ "Push the dentist back an hour", "move my call with ana forward by 30 minutes",
        "make the standup half an hour later": the event's own start, shifted."""
        said = text.strip().rstrip(".!?")
        m = _SHIFT_EVENT.match(
            needed_change(said, cancel=False) or said
        )  # "... needs pushing back"
        if not m or _NO_TOOL.search(text) or event_start is None:
            return None
        if m.group("what"):
            what, minutes = m.group("what"), _minutes(m.group("length"))
        elif m.group("delayed"):
            what, minutes = m.group("delayed"), _minutes(m.group("delay"))
        elif m.group("way4"):
            what, minutes = m.group("asked") or m.group("said"), _minutes(m.group("length4"))
        elif m.group("way5"):
            what, minutes = _old_day(m.group("for5"), now())[0], _minutes(m.group("length5"))
        else:
            split = _duration_suffix(m.group("rest") or m.group("rest2") or "")
            if split is None:
                return None
            what, minutes = re.sub(r"\s+by$", "", split[0], flags=re.I), split[1]
        if minutes is None or _OTHER_DOMAINS.search(what) or not (event := _event_words(what)):
            return None
        current = event_start(event) if has_event(event) else None
        if current is None:
            return None
        way = (
            m.group("way")
            or m.group("way2")
            or m.group("way3")
            or m.group("way4")
            or m.group("way5")
            or ""
        ).lower()
        later = way in ("back", "later", "out") or bool(m.group("delayed"))
        start = current.start + timedelta(minutes=minutes if later else -minutes)
        arguments = {"event": event, "start": start.isoformat(timespec="minutes")}
        return IntentMatch("calendar_update_event", arguments, "shift_event")

    def _which_to_move(event: str, when: str) -> IntentMatch | None:
        """A time alone for words naming several events: the tool asks which one, and the one
        chosen keeps its own day (`keep_day`): "move the vet to 5pm" ... "the friday one"."""
        if event_start is None or event_start(event) is not None:
            return None  # no lookup, or one event: `_keep_the_rest` keeps its day
        if moment_parts(when, now()) != (False, True):
            return None
        arguments = {"event": event, "start": when, "keep_day": True}
        return IntentMatch("calendar_update_event", arguments, "move_event")

    def _keep_the_rest(event: str, when: str, day: str | None, way: int = 0) -> str | None:
        """`when` made whole: a time alone on the event's day, a day alone at its time.

        A bare hour ("to 8") is the one nearest the event's own time: 20:00 for a 19:00 event.
        """
        has_day, has_time = moment_parts(when, now())
        current = event_start(event) if event_start else None
        if has_day and has_time and current is not None and not current.all_day:
            return near_hour(when, current.start, now()) or when
        if has_day == has_time:
            return when
        if has_time:  # "to 4pm"
            if day:
                return f"{when} {day}"
            if current is None:
                return None
            return near_hour(when, current.start, now(), way) or (
                f"{when} on {current.start.date().isoformat()}"
            )
        if current is None or current.all_day:  # "to monday"
            return when
        return f"{when} at {current.start.strftime('%H:%M')}"

    def rename_event(text: str) -> IntentMatch | None:
        """ "Rename the dentist appointment to dentist checkup"."""
        m = _RENAME.match(text.strip())
        if not m:
            return None
        changed = m.group("changed")
        if changed and _NO_TOOL.search(text):
            return None  # "change the music to jazz", "switch the hall lights to blue": no event's
        rest = changed or m.group("rest")
        if re.match(r"(?:the\s+|my\s+)?(?:task|to-?do|reminder)\b", rest, re.I):
            return None  # "rename the task X to Y": a to-do's
        for cut in islice(re.finditer(r"\s+(?:to|as|into)\s+", rest, re.I), _MAX_CUTS):
            # "friday's drinks": the drinks on friday
            named, day = _leading_day(re.sub(r"(?:'s|’s)\s+", " ", rest[: cut.start()]))
            said_new = rest[cut.end() :].strip(" \"'“”")
            if changed:  # a new name said only by "change": no time, place or length
                named, day = _old_day(named, now()) if not day else (named, day)
                if (
                    _NO_NEW_NAME.search(said_new)  # anywhere: "radio 2", "swimming at 7"
                    or _resolves(said_new, now())
                    or _resolves(f"at {said_new}", now())
                    or _minutes(said_new) is not None
                    or not has_event(_event_words(named))
                ):
                    continue
            event = _event_words(named)
            title = _title(said_new)
            if event and title and (has_event(event) or said_kind(named)):
                arguments = {"event": event, "title": title}
                if day and _is_day(day):
                    arguments["day"] = day
                return IntentMatch("calendar_update_event", arguments, "rename_event")
        return None if changed else _renamed_bare(rest)

    def _renamed_bare(rest: str) -> IntentMatch | None:
        """ "Retitle friday's review sprint demo": no "to", so the event is the longest
        start of the words naming one on the calendar, the new name the rest."""
        words = rest.split()
        whole = _event_words(_old_day(rest, now())[0])
        if whole and has_event(whole):
            return None  # "rename the team call": all of it names the event, no new name said
        for cut in range(min(len(words) - 1, 6), 0, -1):
            named, day = _leading_day(re.sub(r"(?:'s|’s)\s+", " ", " ".join(words[:cut])))
            named, day = _old_day(named, now()) if not day else (named, day)
            event, title = _event_words(named), _title(" ".join(words[cut:]))
            if event and title and has_event(event) and not _NO_NEW_NAME.search(title):
                arguments = {"event": event, "title": title} | (
                    {"day": day} if day and _is_day(day) else {}
                )
                return IntentMatch("calendar_update_event", arguments, "rename_event")
        return None

    def place_event(text: str) -> IntentMatch | None:
        """ "Add the location the old mill to the book launch", "set the place of the meetup to the
        old mill": the event's place, for an event on the calendar."""
        said = text.strip().rstrip(".!")
        told = _PLACE_TOLD.match(said)
        if told and not any(_resolves(f"{w}{told.group('place')}", now()) for w in ("", "at ")):
            place, what = (
                told.group("place"),
                told.group("event"),
            )  # "the hearing is at the county court"
        elif m := _PLACE_OF.match(said):
            place = (m.group("place") or m.group("place2") or "").strip(" \"'")
            what = m.group("event") or m.group("event2") or ""
        else:
            return None
        event = _event_words(what)
        if not place or not event or not has_event(event) or _OTHER_DOMAINS.search(what):
            return None
        return IntentMatch(
            "calendar_update_event", {"event": event, "location": place}, "place_event"
        )

    def resize_event(text: str) -> IntentMatch | None:
        """ "Make the standup 15 minutes", "shorten the standup to fifteen minutes"."""
        if block := _BLOCK_FOR.match(text.strip()):  # "keep an hour free for the chat"
            minutes, event = _minutes(block.group("length")), _event_words(block.group("what"))
            if minutes is None or not event or not has_event(event):
                return None
            arguments = {"event": event, "duration_minutes": minutes}
            return IntentMatch("calendar_update_event", arguments, "resize_event")
        m = _RESIZE.match(text.strip())
        if not m or _NO_TOOL.search(text):
            return None
        found = _duration_suffix(re.sub(r"\s+(?:long|in total)$", "", m.group("rest"), flags=re.I))
        if found is None:
            return None
        what, minutes = found
        words = what.split()
        while words and words[-1].lower() in _RESIZE_FILLER:
            words.pop()
        if words[-1:] == ["by"]:
            return None
        what, day = _old_day(" ".join(words), now())  # "make the workshop on tuesday 2 hours"
        event = _event_words(what)
        if not event or not has_event(event):
            return None
        arguments = {"event": event, "duration_minutes": minutes} | ({"day": day} if day else {})
        return IntentMatch("calendar_update_event", arguments, "resize_event")

    def event_reminder(text: str) -> IntentMatch | None:
        """ "Add a reminder to the dentist appointment 30 minutes before"."""
        m = _REMINDER_FOR.match(text.strip())
        if not m or "?" in text:
            return None
        rest, found = m.group("rest"), None
        rest = re.sub(
            r"^the\s+(day|week)(?=\s+before\b)", r"a \1", rest, flags=re.I
        )  # "the day before"
        before = re.match(rf"^(?P<length>.+?)\s+{_BEFORE}\s+(?P<what>.+)$", rest, re.I)
        after = re.match(rf"^(?:(?:to|for|on|about|of)\s+)?(?P<what>.+?)\s+{_BEFORE}$", rest, re.I)
        if m.group("length"):  # "add a 30 minute reminder to the dentist"
            what = re.sub(r"^(?:to|for|on|about)\s+", "", rest, flags=re.I)
            found = (what, _minutes(m.group("length")))
        elif before and _minutes(before.group("length")) is not None:
            found = (
                before.group("what"),
                _minutes(before.group("length")),
            )  # "30 minutes before X"
        elif after:  # "add a reminder to the dentist 30 minutes before (it starts)"
            found = _duration_suffix(after.group("what"))
        if found is None or found[1] is None:
            return None
        what = re.sub(r"\s+(?:starts|begins|is|happens)$", "", found[0], flags=re.I)
        found = (what, found[1])  # "before the book club starts": the book club
        event = _event_words(found[0])
        if not event or not (has_event(event) or said_kind(found[0])):
            return None
        arguments = {"event": event, "reminder_minutes": found[1]}
        return IntentMatch("calendar_update_event", arguments, "event_reminder")

    def event_details(text: str) -> IntentMatch | None:
        """ "Give me information about the concert on tuesday", "when does the match start".

        With a time said, that time's events are listed; else the event is searched for, with
        the place said ("the concert in leeds") among the words.
        """
        said = " ".join(text.strip().rstrip("?.!").split())
        if day_of := DAY_OF.match(said):  # "what is the birthday of john": john's birthday
            words = f"{day_of.group('who')} {day_of.group('kind')}".lower()
            return IntentMatch("calendar_search_events", {"text": words}, "search_events")
        status = STATUS_ASK.match(said)  # "has the dentist been cancelled": look it up
        wanted = _event_words(status.group("what")) if status else ""
        if status and wanted and said_kind(status.group("what")):
            return IntentMatch("calendar_search_events", {"text": wanted.lower()}, "search_events")
        m = EVENT_DETAILS.match(said)
        if not m or re.match(r"(?:when|what\s+time)\S*(?:\s+\w+)?\s+(?:my|our)\s", said, re.I):
            return None  # "when is my dentist appointment": agenda_question names it
        what = re.sub(r"^(?:next|upcoming)\s+", "", m.group("what"), flags=re.I)
        tail = m.group("tail").strip()
        if not tail:
            return IntentMatch("calendar_search_events", {"text": what.lower()}, "search_events")
        when = re.sub(r"^(?:on|at)\s+", "", tail, flags=re.I)
        if _spans(when) or _resolves(when, now()):
            return IntentMatch("calendar_list_events", {"when": when}, "list_events")
        place = re.match(r"^(?:in|at)\s+(?:the\s+)?(?P<place>[a-z][\w' -]{1,40})$", tail, re.I)
        if place:
            words = f"{what} {place.group('place')}".lower()
            return IntentMatch("calendar_search_events", {"text": words}, "search_events")
        return None

    def named_ask(text: str) -> IntentMatch | None:
        """An event named with what is asked of it, said briefly: "dentist when", "lily's
        birthday date", "is yoga on tonight", "tell me my interview details"."""
        said = " ".join(text.strip().rstrip("?.!").split())
        if _NO_TOOL.search(said) or TRAVEL.search(said) or _OTHER_DOMAINS.search(said):
            return None
        if (on := STILL_ON.match(said)) and _is_kind(
            on.group("what"), bare=not _ON_AIR.search(on.group("what"))
        ):  # "is yoga on tonight"; "is football on tonight" asks about the tv
            when = (on.group("when") or "").strip()
            if when and _spans(when):
                return IntentMatch("calendar_list_events", {"when": when}, "list_events")
            if not when:
                return _search(on.group("what"))
            return None
        if asked_is := re.match(r"^(?:is|are)\s+(?P<rest>\S.+)$", said, re.I):
            title, when = split_title_and_time(asked_is.group("rest"), now())
            if when is None:  # "is sam's birthday this week": a range said last
                title, when = due_tail(asked_is.group("rest"), now())
            title = re.sub(r"\s+(?:on|for|at|in)$", "", title, flags=re.I)
            if when and _spans(when) and _is_kind(title, bare=False):
                return IntentMatch("calendar_list_events", {"when": when}, "list_events")
        tell = TELL_EVENT.match(said)
        said = tell.group("what") if tell else said
        after = ASKED_AFTER.match(said)
        what = after.group("what") if after else said if tell else ""
        # "my interview time", "lily's birthday date"; said bare only "dentist when", "yoga
        # details": "quiz time", "dinner date" and "tell me a quiz" are no questions of an event
        bare = bool(not tell and after and after.group("ask").lower() not in ("time", "date"))
        if what and _is_kind(what, bare) and split_title_and_time(what, now())[1] is None:
            return _search(what)
        return None

    def _is_kind(what: str, bare: bool = True) -> bool:
        """Whether `what` names one of the user's events, whole: "my interview", "lily's birthday",
        "the team meeting"; with `bare`, also a kind said alone ("yoga", "dentist")."""
        what = what.strip()
        if bare and _BARE_ASKED.fullmatch(what):
            return True
        return bool(OWN_EVENT.fullmatch(what))

    def _search(what: str) -> IntentMatch:
        words = re.sub(r"^(?:(?:the|my|our|next|upcoming)\s+)+", "", what.strip(), flags=re.I)
        return IntentMatch("calendar_search_events", {"text": words.lower()}, "search_events")

    def search_events(text: str) -> IntentMatch | None:
        """ "Search my calendar for the dentist", "find the dentist in my calendar"."""
        m = _SEARCH_EVENTS.match(text.strip())
        on = ON_CALENDAR.match(text.strip().rstrip("?. "))
        if (
            on
            and not re.match(
                r"(?:an?|any|some|anything|something|everything)\b", on.group("what"), re.I
            )
            and split_title_and_time(on.group("what"), now())[1] is None
        ):  # "is yoga in my calendar"; "have i got an appointment on monday ..." is the agenda
            wanted = re.sub(r"^(?:the|my|a|an|our)\s+", "", on.group("what"), flags=re.I)
            if 0 < len(wanted.split()) <= 6 and not _resolves(wanted, now()):
                return IntentMatch("calendar_search_events", {"text": wanted}, "search_events")
        if not m or re.match(
            r"(?:any|anything|something|events?|meetings?|appointments?|plans)\b",
            m.group("a") or m.group("b") or "",
            re.I,
        ):
            return None  # "check my calendar for any events today": the agenda, not a search
        wanted = re.sub(
            r"^(?:the|my|a|an)\s+",
            "",
            (m.group("a") or m.group("b") or "").strip(" ?."),
            flags=re.I,
        )
        title, when = due_tail(wanted, now())  # "the ferry next week": searched in that week
        if title and when:
            return IntentMatch(
                "calendar_search_events", {"text": title, "when": when}, "search_events"
            )
        return (
            IntentMatch("calendar_search_events", {"text": wanted}, "search_events")
            if wanted
            else None
        )

    matchers: list[tuple[str, Callable[[str], IntentMatch | None]]] = [
        ("contact_details", _not_of_events(make_contact_matcher())),  # contacts.py, first
        ("own_question", make_own_question(now, has_event, _known_form)),  # "when is my flight"
        ("list_events", list_events),
        ("search_events", search_events),
        ("event_details", event_details),
        ("named_ask", named_ask),
        ("event_reminder", event_reminder),
        ("rename_event", rename_event),
        ("place_event", place_event),
        ("resize_event", resize_event),
        ("shift_event", shift_event),
        ("move_event", move_event),
        ("clear_events", clear_events),
        ("which_event", which_event),
        ("cancel_event", cancel_event),
        ("add_event", add_event),
        ("want_event", want_event),
        ("away", away),
        ("told_event", told_event),
        ("obligation", obligation),
        ("event_at_time", event_at_time),
        ("agenda_question", agenda_question),
    ]
    named = [
        ("time_first", _time_first(matchers, now)),  # "tomorrow cancel the gym", before the rest
        *matchers,
        ("named_first", _unnamed(matchers)),
    ]
    return [(name, _spelled(matcher)) for name, matcher in named]


# A new time said straight after "make it": "11", "half ten", "quarter past four".
_CLOCK_FIRST = re.compile(
    r"(?:\d|half\s|quarter\s|noon|midday|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)",
    re.I,
)
# "Move it to 8" right after "when is the book group": "it" is the event just looked for.
_MOVE_IT = re.compile(
    r"^(?P<verb>(?:can|could)\s+you\s+)?(?P<act>move|push|shift|reschedule|postpone|delay|bring"
    r"|change|put\s+off|make)\s+(?:it|that|this)(?:\s+one)?(?P<rest>\s+\S.*)$",
    re.I,
)


def make_followups(
    now: Callable[[], datetime],
    has_event: Callable[[str], bool] = lambda _: True,
    event_start: Callable[[str], Moment | None] | None = None,
) -> list[tuple[str, Callable[[str, Recent], IntentMatch | None]]]:
    """Follow-ups of the calendar: a move of the event the last turn looked for by its words.

    Only the user's own words of that search name the event (never what the search found).
    """
    matchers = dict(make_matchers(now, has_event, event_start))
    moves = [matchers["shift_event"], matchers["move_event"]]

    def move_found(text: str, recent: Recent) -> IntentMatch | None:
        said = _MOVE_IT.match(text.strip())
        last = recent.last()
        if not said or last is None or last.tool != "calendar_search_events":
            return None
        words = str(last.arguments.get("text") or "").strip()
        if not words or not has_event(words):
            return None
        act, rest = said.group("act").lower(), said.group("rest")
        if act == "make" and _CLOCK_FIRST.match(rest.strip()):
            act, rest = "move", f" to {rest.strip()}"  # "make it 11": moved to 11
        request = f"{act} {words}{rest}"
        return next((found for move in moves if (found := move(request)) is not None), None)

    adds = [matchers[name] for name in _ADDS]

    def add_on_listed_day(text: str, recent: Recent) -> IntentMatch | None:
        """ "Book a call with the notary at 11" after "am i free on thursday": on that day.

        Only a new event said with a time and no day of its own takes it; the day is the
        listing's record (the period it was asked for), never what it found."""
        last = recent.last()
        if last is None or last.tool != "calendar_list_events":
            return None
        day = _one_day(str(last.arguments.get("when") or ""), now())
        if day is None:
            return None
        found = next((found for add in adds if (found := add(text)) is not None), None)
        start = str(found.arguments.get("start") or "") if found is not None else ""
        if found is None or found.tool != "calendar_create_event" or found.missing or not start:
            return None
        try:
            has_day, has_time = moment_parts(start, now())
        except TimeParseError:
            return None
        if has_day or not has_time:
            return None
        found.arguments["start"] = f"{day.isoformat()} {start}"
        return found

    return [("move_found_event", move_found), ("add_on_listed_day", add_on_listed_day)]


# The matchers that add an event: "book dinner at 7" after a day was listed takes that day.
_ADDS = ("add_event", "want_event", "told_event", "obligation", "event_at_time")


def _one_day(when: str, now: datetime) -> date | None:
    """The day a listing's period is, when it is one day or part of one ("friday", "tomorrow
    evening", or as recorded "2026-12-04T00:00+01:00/2026-12-05T00:00+01:00")."""
    try:
        if "/" in when:
            first, last = (datetime.fromisoformat(part) for part in when.split("/", 1))
        else:
            span = parse_span(when, now)
            first, last = span.start, span.end
    except (TimeParseError, ValueError):
        return None
    return first.date() if timedelta(0) < last - first <= timedelta(days=1) else None


# What a calendar request starts with once a name the user calls the assistant by is set
# aside ("mira what's on tomorrow", "juno cancel my meeting"): assistant.api.without_name.
_COMMANDS = (
    r"what|what's|whats|when|when's|where|who|which|how|do|does|did|am|is|are|any|anything|have"
    r"|schedule|add|put|set|book|create|make|plan|arrange|pencil|cancel|delete|remove|clear|drop"
    r"|move|reschedule|postpone|push|change|rename|show|list|check|tell|give|read|open|remind"
    r"|please|can|could|would|will|kindly|i'd|let|help"
)
# Words before such a command that are the request's own, never a name: "calendar add gym".
_NOT_NAMES_TEXT = """
    calendar agenda diary schedule meeting meetings event events appointment appointments alarm
    alarms timer music song songs radio tv weather lights light volume email emails mail news list
    lists shopping grocery todo reminder reminders task tasks please and so then today tomorrow
    tonight yesterday
"""
_NOT_NAMES = frozenset(_NOT_NAMES_TEXT.split())


def _unnamed(
    matchers: list[tuple[str, Callable[[str], IntentMatch | None]]],
) -> Callable[[str], IntentMatch | None]:
    """The first of `matchers` to match the request without a name said first, if one was."""

    def match(text: str) -> IntentMatch | None:
        unnamed = without_name(text, _COMMANDS, _NOT_NAMES)
        if unnamed == text:
            return None
        unnamed = plain_request(unnamed)  # "mira could you please ...": the politeness too
        return next((found for _, m in matchers if (found := m(unnamed)) is not None), None)

    return match


# A command said after its time: "on friday cancel the gym", "tomorrow at 9 add a call with jo",
# "every monday at 8 put the standup in": the verbs that may follow the time.
_TIME_LEAD_VERB = re.compile(
    r"^(?:please\s+)?(?:add|put|schedule|book|set(?:\s+up)?|create|make|plan|arrange|pencil|pop"
    r"|cancel|delete|remove|clear|drop|scrap|move|reschedule|postpone|push|shift|change|remind"
    r"|block|mark|note|save|show|list|check|tell|give|read"
    # a question with its day said first: "thursday, what's happening", "friday am i free"
    r"|what(?:'s|s|\s+is|\s+have|\s+am|\s+do)|anything|am\s+i|is\s+there|do\s+i|have\s+i)\b",
    re.I,
)
_TIME_LEAD_WORDS = 6


def _time_first(
    matchers: list[tuple[str, Callable[[str], IntentMatch | None]]],
    now: Callable[[], datetime],
) -> Callable[[str], IntentMatch | None]:
    """The first of `matchers` to match the request with a time said first put last."""

    def said_time(words: str) -> bool:
        words = re.sub(r"^(?:every|each)\s+", "", words, flags=re.I)  # "every friday at 5"
        if _resolves(words, now()):
            return True
        try:
            parse_span(words, now())
        except TimeParseError:
            return False
        return True

    def match(text: str) -> IntentMatch | None:
        words = text.strip().rstrip("?.!").split()
        for n in range(min(_TIME_LEAD_WORDS, len(words) - 2), 0, -1):
            lead, rest = " ".join(words[:n]).rstrip(","), " ".join(words[n:])
            if not _TIME_LEAD_VERB.match(rest) or not said_time(lead):
                continue
            said = f"{rest} {lead}"
            return next((found for _, m in matchers if (found := m(said)) is not None), None)
        return None

    return match


# Words of the calendar as they are often typed or transcribed, and as they are spelled.
_SPELLING = {
    "calender": "calendar", "calander": "calendar", "calandar": "calendar", "schedual": "schedule",
    "shedule": "schedule", "scedule": "schedule", "schedual's": "schedule's", "apointment":
    "appointment", "appoinment": "appointment", "appointement": "appointment", "apointments":
    "appointments", "appoinments": "appointments", "meating": "meeting", "meetting": "meeting",
    "meatings": "meetings", "tommorow": "tomorrow", "tomorow": "tomorrow", "tommorrow": "tomorrow",
    "wensday": "wednesday", "wednsday": "wednesday", "thursay": "thursday", "saterday": "saturday",
    "agender": "agenda", "birthay": "birthday", "cancell": "cancel", "resheduale": "reschedule",
    "reshedule": "reschedule",
}  # fmt: skip
_MISSPELT = re.compile(r"\b(?:" + "|".join(map(re.escape, _SPELLING)) + r")\b", re.I)


def _spelled(
    matcher: Callable[[str], IntentMatch | None],
) -> Callable[[str], IntentMatch | None]:
    """`matcher`, given the request with the calendar's words spelled right ("my calender")."""

    def match(text: str) -> IntentMatch | None:
        return matcher(_MISSPELT.sub(lambda m: _SPELLING[m.group(0).lower()], text))

    return match


def _not_of_events(
    matcher: Callable[[str], IntentMatch | None],
) -> Callable[[str], IntentMatch | None]:
    """`matcher`, but never for details asked of one's events: "the details of my meeting"."""

    def match(text: str) -> IntentMatch | None:
        if _EVENT_OWNED.search(text):
            return None
        return matcher(text)

    return match


# An event of the user's named: "my meeting", "the appointment", "our dinner party".
_EVENT_OWNED = re.compile(
    r"\b(?:my|our|the)\s+(?:[\w'-]+\s+)?(?:" + PERSONAL_KINDS + "|" + TRAVEL_KINDS + r")\b", re.I
)


# Other ways to ask for a reminder: "create a reminder for the piano lesson", "remind me at 5pm",
# "i need a reminder to water the plants", "give me a reminder to ring ana on friday".
_REMINDER_ASK = re.compile(
    r"^(?:please\s+)?(?:"
    r"remind\s+me(?:\s+(?:that|of|about))?"
    r"|(?:set|add|create|make|put|schedule|send\s+me|give\s+me|(?:i\s+)?(?:need|want|would\s+like)|i'd\s+like)"
    r"(?:\s+up)?\s+(?:me\s+)?(?:an?\s+|the\s+|my\s+)?(?:new\s+|quick\s+)?"
    r"(?:(?P<often>daily|weekly|monthly|yearly|annual|recurring|repeating|regular)\s+)?(?:reminder|reminders)"
    r"(?:\s+for\s+me)?(?:\s+(?:to|for|that|about|of|on))?"
    r"|i\s+(?:need|want|would\s+like)\s+to\s+be\s+reminded(?:\s+(?:to|that|about|of))?"
    # the noun alone, as a note to self: "reminder to pay the rent on the first"
    r"|(?:an?\s+|new\s+)*reminder(?:\s*:|\s+(?:to|for|that|about|of|on))?(?=\s+\S)"
    r")(?:\s+(?P<rest>.+?))?\.?$",
    re.I,
)
