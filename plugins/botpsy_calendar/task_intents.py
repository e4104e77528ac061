"""Local intents for tasks, reminders and named lists ("add milk to the shopping list").

Kept apart from the calendar's event matchers; registered after them, so a request with a
day and a time that names an event is the calendar's first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import datetime

from assistant.api import WEEKDAY_NAME, IntentMatch, without_name
from botpsy_calendar.done_told import TICK_IT, base_forms, done_told
from botpsy_calendar.intents import (
    _BEFORE,
    _DETERMINERS,
    _NO_TOOL,
    _REMINDER_ASK,
    _REPEAT,
    _resolves,
    _title,
    due_tail,
    pinned,
    split_title_and_time,
    take_repeat,
)
from botpsy_calendar.shopping import all_goods
from botpsy_calendar.speech import TIME_FIRST_REMIND
from botpsy_calendar.tools import list_label
from botpsy_calendar.whole_lists import (
    as_clear,
    as_create,
    as_delete,
    deletes,
    make_whole_list_matchers,
)

_REMIND_TO = re.compile(
    r"^(?:please\s+)?remind\s+me\s+(?:to|that i (?:need|have) to|about)\s+(?P<rest>.+?)\.?$", re.I
)
_REMINDER_FILLER = re.compile(
    r"^(?:(?:(?:i|we)\s+(?:need|have|must|should|ought)\s+to|(?:i|we)\s+must|(?:i|we)'ve\s+got\s+to"
    r"|to|that)\s+)+",
    re.I,
)
_ASK_WHAT = "What should I remind you of?"
# "remind me for the dentist tomorrow": the title is what follows "for"
_FOR_FIRST = re.compile(r"^(?:for|about)\s+(?=\S)", re.I)
# A reminder given up: "cancel my reminder to call mom", "delete the dentist reminder",
# "i don't need the reminder about the bins any more", "clear all my reminders".
_DROP_REMINDER = re.compile(
    r"^(?:(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:delete|remove|cancel|clear|erase|drop"
    r"|get\s+rid\s+of|turn\s+off|switch\s+off|scrap|forget(?:\s+about)?|never\s+mind|ditch|kill)"
    r"|(?:i|we)\s+(?:don't|dont|do\s+not|no\s+longer)\s+(?:need|want))\s+"
    r"(?P<all>(?:all|every|each)\s+(?:of\s+)?)?(?:(?:my|the|that|this|a|our)\s+)?"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+)?(?:reminder|(?P<many>reminders))"
    r"(?:\s+(?:to|about|for|of|called|named|that\s+says|saying|on)\s+(?P<what>.+?)"
    r"|\s+(?P<bare>(?!(?:to|about|for|of|on|at|in|e-?mails?|mails?|messages?|texts?)\b)[a-z].*?))?"
    r"(?:\s+any\s*more)?$",
    re.I,
)
_OFTEN = {"daily": "every day", "weekly": "every week", "monthly": "every month",
          "yearly": "every year", "annual": "every year"}  # fmt: skip
# Where the reminder is kept, said before what it is about: "on my calendar for the dentist".
_KEPT_FIRST = re.compile(
    r"^(?:(?:on|in|to|into)\s+)?(?:my|the)\s+(?:calendar|phone|diary|schedule|agenda)\s+"
    r"(?:(?:for|about|to|of)\s+)?(?=\S)",
    re.I,
)
# "stop reminding me about the bins": the reminder about the bins, given up.
_STOP_REMINDING = re.compile(
    r"^(?:please\s+)?(?:(?:stop|quit|no\s+more)\s+reminding|(?:don't|dont|do\s+not|never)\s+remind)"
    r"\s+me\s+(?:about|of|to)\s+(?=\S)",
    re.I,
)
_WHERE_KEPT = re.compile(
    r"^(?:(?:on|in|to|into)\s+)?(?:my|the)\s+(?:calendar|phone|diary|schedule|agenda)$", re.I
)
# Other words for "remind me": kept only with a time said, "alert me when ..." is no reminder.
_NUDGE = re.compile(
    r"^(?:(?:alert|notify|ping|nudge|warn|buzz)\s+me|(?:tell|ask)\s+me(?=\s+to\s)"
    # said to the assistant as to a person: "remember to call the garage at ten"
    r"|remember(?:\s+me)?(?=\s+(?:to|that|my|our|the|about)\s)"
    # "help me remember to ring jo at six", "i need to remember the bins on friday"
    r"|(?:(?:make\s+sure|help)\s+(?:i|me)|(?:i|we)\s+(?:need|have|must|want|got)\s+to)\s+remember"
    r"(?=\s+(?:to|that|my|our|the|about)\s)"
    # "let me know at five to call jo", "give me a shout at six to leave"
    r"|let\s+me\s+know(?=\s+(?:at|on|in|tomorrow|tonight|this|next)\s)"
    r"|give\s+me\s+a\s+(?:shout|nudge|buzz|ping|heads\s+up)"
    # the noun alone: "notification of the team meeting on thursday", "an alert for the dentist"
    r"|(?:an?\s+)?(?:notification|alert)(?=\s+(?:of|for|about|to|on)\s)"
    r"|(?:set|add|create|make|schedule|give\s+me|send\s+me|i\s+(?:need|want|would\s+like))"
    r"(?:\s+up)?\s+(?:me\s+)?(?:an?\s+|the\s+)?(?:notification|alert|nudge|ping)(?:\s+for\s+me)?)"
    r"(?:\s+(?:to|that|about|of|for|on))?\s+(?P<rest>.+?)\.?$",
    re.I,
)
# "warn me if it rains": a condition botpsy cannot watch, not a time.
_IF = re.compile(r"(?:^|\s)(?:if|when|whenever|once|as\s+soon\s+as|in\s+case|unless)\s", re.I)
# Reminders without a time are kept too: "don't let me forget to water the ferns".
_FORGET = re.compile(
    r"^(?:(?:don't|dont|do\s+not)\s+let\s+me\s+forget|make\s+sure\s+i\s+(?:don't|do\s+not)\s+forget"
    r"|(?:don't|dont|do\s+not)\s+forget)"
    r"(?:\s+(?:to|about|that))?\s+(?P<rest>.+?)\.?$",
    re.I,
)
# The ask after what it is about: "the bins go out friday at 7, remind me".
_REMIND_AFTER = re.compile(
    r"^(?P<rest>.+?)[,.]?\s+(?:(?:please|and|so|can\s+you|could\s+you)\s+)*remind\s+me"
    r"(?:\s+(?:of|about)\s+(?:it|that|this))?\.?$",
    re.I,
)
_ADD_TASK = re.compile(
    r"^(?:add|put)\s+(?P<title>.+?)\s+(?:to|on|in|into)\s+(?:my\s+|the\s+)?"
    r"(?:to-?dos?(?:\s+list)?|to\s+do\s+list|todos|tasks?(?:\s+list)?|reminders(?:\s+list)?)"
    r"(?:\s+(?:(?:for|by)\s+)?(?P<when>today|tonight|tomorrow|this\s+week|next\s+week|on\s+\w+"
    rf"|(?:this\s+|next\s+)?{WEEKDAY_NAME}))?$",
    re.I,
)
# A to-do said with the verbs of making: "new task sort the recycling", "add a task to descale
# the kettle", "create a to do: call the insurer".
_NEW_TASK = re.compile(
    r"^(?:(?:add|create|make|set\s+up|put\s+in|enter|log|write)\s+(?:me\s+)?(?:an?\s+(?:new\s+)?|new\s+)?"
    r"|(?:an?\s+)?new\s+|(?=(?:to\s*-?\s*do|todo)\s*:?\s+(?!(?:or|and|is|was|list|lists|for|with|in|at|on"
    r"|today|tonight|tomorrow|this|next)\b)\w))(?:task|to\s*-?\s*do|todo)(?:\s+(?:item|entry))?(?!\s+lists?\b)"
    r"(?:\s*[:,]\s*|\s+(?:to|called|named|for|that\s+says|saying|about)\s+|\s+)"
    r"(?!(?:my|the|our|a|this|that)\s+(?:[\w-]+\s+)?(?:list|to\s*-?\s*dos?|todos?|tasks?)\b)"
    r"(?P<rest>.+)$",
    re.I,
)
_LIST_TASKS = re.compile(
    r"^(?:what(?:'s| is| are)\s+(?:on\s+)?my\s+(?:to[-\s]?dos?(?:\s+list)?|todos|tasks?)|"
    r"(?:show|list)(?:\s+me)?\s+(?:all\s+)?(?:my\s+|the\s+)?(?:open\s+|current\s+)?"
    r"(?:to[-\s]?do(?:\s+list)?|todos|tasks?|reminders)|"
    r"(?:my\s+)?(?:(?:upcoming|next|pending|open|current|active|outstanding|unfinished)\s+)?"
    r"(?:to[-\s]?do(?:\s+list)?|todos|tasks|reminders?)"
    # "did i set any reminders", "have i got reminders set"
    r"|(?:did|have)\s+(?:i|we)\s+(?:set|made|make|got|created|create)\s+(?:any\s+)?(?:reminders|tasks|to[-\s]?dos)"
    r"(?:\s+set)?"
    # "what did i ask you to remind me about"
    r"|what\s+(?:did|have)\s+(?:i|we)\s+(?:asked|ask)\s+you\s+to\s+remind\s+(?:me|us)(?:\s+(?:of|about))?"
    # "what do i still need to do", "what's left to do", "what else have i got to do"
    r"|what(?:\s+else)?\s+(?:do|have|must|should)\s+(?:i|we)\s+(?:still\s+|yet\s+)?(?:got\s+)?(?:left\s+)?"
    r"(?:need\s+to|have\s+to|got\s+to|to)\s+(?:do|get\s+done|finish)(?:\s+still)?"
    r"|what(?:'s|\s+is)\s+(?:still\s+)?(?:left|remaining|outstanding|still)\s+(?:for\s+(?:me|us)\s+)?"
    r"to\s+(?:do|get\s+done)"
    # "anything we still have to finish", "is there anything else we have to do"
    r"|(?:is\s+there\s+)?anything(?:\s+else)?\s+(?:that\s+)?(?:i|we)\s+(?:still\s+)?(?:need|have|must|ought)"
    r"\s+to\s+(?:do|get\s+done|finish|sort(?:\s+out)?)"
    # "what have we not finished yet", "what haven't i done"
    r"|what\s+(?:have\s+(?:i|we)\s+not|haven'?t\s+(?:i|we))\s+(?:done|finished|got\s+done)(?:\s+yet)?"
    # "how many jobs do i have left", "how many tasks have we got outstanding"
    r"|how\s+many\s+(?:things|tasks|to[-\s]?dos|jobs)\s+(?:have|do)\s+(?:i|we)\s+(?:got\s+|have\s+)?"
    r"(?:left|still|outstanding)?(?:\s+to\s+do)?)"
    r"(?:\s+(?:for\s+)?(?:today|tonight|tomorrow|this\s+week|the\s+day|the\s+week))?\??$",
    re.I,
)
# Late to-dos asked: "what's overdue", "are any of my to-dos overdue", "have i missed any
# deadlines", "which tasks are past their due date".
_OVERDUE = re.compile(
    r"^(?:what(?:'s|\s+is|\s+are|s)?|which|is|are|any|anything|have\s+i|has|do\s+i\s+have|show(?:\s+me)?"
    r"|list|tell\s+me)\b(?:\s+[\w'-]+){0,5}?\s+(?:overdue|past\s+(?:their\s+|its\s+)?due(?:\s+date)?"
    r"|missed\s+(?:any\s+)?(?:deadlines?|to[-\s]?dos?|tasks?))$",
    re.I,
)
# Whether a reminder is kept: "did i set a reminder for the dentist", "is there a task to call jo".
_ANY_KEPT = re.compile(
    r"^(?:(?:did|have)\s+(?:i|we|you)\s+(?:set|made|make|got|create|created|add|added|put\s+in|saved?)"
    r"|(?:do|did)\s+(?:i|we)\s+(?:have|get)|is\s+there|are\s+there|have\s+(?:i|we)\s+got)\s+"
    r"(?:up\s+)?(?:a|an|any|my)\s+(?:reminders?|tasks?|to[\s-]?dos?)(?:\s+set(?:\s+up)?)?"
    r"\s+(?:for|about|to|of|on|that)\s+\S.*$",
    re.I,
)
# The head of "which tasks are due friday", "what's due tomorrow" (with a day said after it).
_DUE_TASKS = re.compile(
    r"^(?:what|which)(?:\s+of\s+my)?\s+(?:tasks?|to[-\s]?dos?|reminders?|chores)$", re.I
)
_WHATS_DUE = re.compile(
    r"^(?:what(?:'s|s|\s+is)|is\s+there\s+anything|is\s+anything|anything)(?:\s+else)?\s+due\b",
    re.I,
)
# A day said of making or adding ("what did i add to my lists today", "lists we started last
# week") is when it was written, not when it is due; "for" a day ("... for friday") is due.
_MADE_WHEN = re.compile(
    r"\b(?:lists|add|added|put|made|make|start|started|create|created|write|wrote|written)\b",
    re.I,
)
_DUE = re.compile(r"\bdue\b", re.I)
_DONE = re.compile(
    r"^(?:mark|tick off|check off|complete|finish|cross off)\s+(?:the\s+task\s+|my\s+task\s+)?"
    r"(?P<task>.+?)(?P<said>\s+(?:as\s+)?(?:done|complete|completed|finished))?"
    r"(?:\s+(?:off\s+)?my\s+list)?$",
    re.I,
)
_OTHER_THINGS = re.compile(
    r"\b(?:e-?mails?|messages?|texts?|alarms?|timers?|meetings?|events?|appointments?"
    r"|songs?|episodes?|books?|chapters?|lights?)\b",
    re.I,
)
_DONE_SAID = r"(?:done|complete|completed|finished|sorted|taken\s+care\s+of)"
_TASK_NOUN = r"(?:task|to\s*-?\s*do|chore|reminder)"
_TASK_SAID_DONE = re.compile(
    # "i've finished the laundry task", "done with the laundry task"
    rf"^(?:(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+)?)?(?:finished|completed|done(?:\s+with)?)\s+(?:the|my)\s+"
    rf"(.+?)\s+{_TASK_NOUN}$"
    # "set the laundry task to done", "mark my laundry to do complete"
    rf"|^(?:set|mark|put)\s+(?:the|my)\s+(.+?)\s+{_TASK_NOUN}\s+(?:to|as)\s+{_DONE_SAID}$"
    # "the laundry task is done", "the task call mum is finished"
    rf"|^(?:the|my)\s+(.+?)\s+{_TASK_NOUN}\s+(?:is|has\s+been)\s+{_DONE_SAID}$"
    rf"|^(?:the|my)\s+{_TASK_NOUN}\s+(?:called\s+|named\s+|to\s+)?(.+?)\s+(?:is|has\s+been)\s+{_DONE_SAID}$",
    re.I,
)
# Said outright to be a to-do: "mark X as done", "complete the task X" need no look-up first.
_PLAINLY_A_TASK = re.compile(
    r"^(?:mark|tick\s+off|check\s+off|cross\s+off)\s.+\s(?:as\s+)?(?:done|complete|completed|finished)$"
    r"|^(?:complete|finish|mark|tick\s+off|check\s+off|cross\s+off)\s+(?:the|my)\s+(?:task|to\s*-?\s*do)\s",
    re.I,
)


# A named list: "my shopping list", "the grocery list", "shopping list" (never the to-dos).
_NAMED_LIST = (
    r"(?:my\s+|the\s+|our\s+|an?\s+)?(?P<list>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+list"
)
# Read back only the user's own lists: "give me a workout list" asks for ideas, not a list kept here.
_OWN_LIST = _NAMED_LIST.replace(r"|an?\s+", "")
_NOT_A_LIST = re.compile(
    r"^(?:to-?dos?|to\s+do|tasks?|reminders?|contacts?|contact|mailing|e-?mail|address|call|"
    r"friends?|block(?:ed)?|play|reading\s+group|watch|alarms?|timers?|events?|calendar|lists?)$",
    re.I,
)
_ADD_TO_LIST = re.compile(
    r"^(?:add|put(?:\s+down)?|stick|pop|write(?:\s+down)?|jot down|include|throw)\s+(?P<items>.+?)"
    rf"(?:\s+down)?\s+(?:to|on|onto|in|into)\s+{_NAMED_LIST}$",
    re.I,
)
_READ_LIST = re.compile(
    r"^(?:what(?:'s|s)?(?:\s+(?:is|are|items|things|else|left|still|the\s+(?:items|things)|next"
    r"|currently|now|there))*\s+(?:on|in)"
    r"|(?:is\s+there\s+)?anything(?:\s+(?:left|else))?\s+(?:on|in)"
    r"|what(?:\s+(?:items|things))?\s+(?:do|did|have)\s+(?:i|we)"
    r"\s+(?:need|have|put|got|add(?:ed)?|written|write|saved|save)\s+(?:from|on|in|to|onto)"
    r"|what\s+(?:i|we)\s+(?:have|need|put)\s+(?:on|in)"
    r"|what\s+(?:was|is)\s+the\s+(?:last|latest|first)\s+(?:thing|item)\s+(?:i|we)\s+(?:added|put)"
    r"\s+(?:on|to|in)"
    r"|(?:what(?:'s|s|\s+is|\s+are)\s+)?the\s+contents\s+of|contents\s+of|how\s+long\s+is"
    r"|what(?:'s|s|\s+is|\s+are|\s+does|\s+do)(?=\s+(?:my|the|our)\s)"
    r"|do\s+(?:i|we)\s+have\s+(?:an?|any)(?=\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+list\??$)"
    r"|how\s+many\s+(?:items|things|entries)\s+(?:are\s+)?(?:there\s+)?(?:on|in)"
    r"|(?:see|view|hear|know|review|recite|repeat|go\s+(?:through|over)|run\s+(?:through|over))"
    r"(?:\s+(?:what(?:'s|s| is)\s+on|everything\s+on|the\s+items\s+(?:on|in)))?"
    r"|(?:tell|show)\s+me\s+what\s+(?:(?:i|we)\s+(?:have|need|put)|the\s+items\s+(?:are\s+)?)\s*(?:on|in)"
    r"|(?:read|show|tell|give|check|open|list|display|bring\s+up|pull\s+up)(?:\s+(?:me|us|out|back))?"
    r"(?:\s+(?:what(?:'s|s| is)\s+on|(?:all\s+)?(?:of\s+)?the\s+items\s+(?:on|in|from)"
    r"|all\s+(?:the\s+)?items\s+(?:on|in|from)|everything\s+on))?)"
    rf"\s+(?:{_OWN_LIST}|(?:my|our)\s+list\s+(?:of|for)\s+(?P<of>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?))"
    r"(?:\s+(?:items|to\s+me|for\s+(?:today|tomorrow|this\s+week)|today|now|look\s+like))?"
    r"(?:\s+(?:is|are))?\??$"
    # "my packing list", "the packing list": the list named, nothing else said
    r"|^(?:my|our|the)\s+(?P<bare>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+list"
    r"(?:\s+(?:items|contents))?(?:\s+(?:is|are))?\??$",
    re.I,
)
# All the lists, or "the list" with no name: the open tasks with the list each item is on.
_ALL_LISTS = re.compile(
    r"^(?:(?:what|which)\s+(?:are\s+)?(?:all\s+)?(?:my|the)\s+lists"
    r"|(?:tell\s+me\s+)?(?:what|which)\s+lists\s+(?:do\s+(?:i|we)\s+have|are\s+(?:there|available)|have\s+(?:i|we)"
    r"\s+(?:made|got|created|started)|(?:i|we)\s+have(?:\s+made)?)"
    r"|(?:(?:can\s+i\s+)?(?:show|list|display|read|check|open|give|tell|bring\s+up|pull\s+up))"
    r"(?:\s+(?:me|us))?\s+(?:all\s+)?(?:(?:my|the|available|all)\s+)?(?:available\s+)?lists?(?:\s+to\s+me)?"
    r"|(?:tell\s+me\s+)?what(?:'s|s|\s+is)\s+(?:next\s+)?(?:on|in)\s+(?:my|the)\s+list"
    r"|what(?:'s|s|\s+is)\s+my\s+list|(?:is|are)\s+[\w' -]{1,40}\s+on\s+(?:my|the|our)\s+list"
    r"|(?:show|list|display|read|tell|give)(?:\s+(?:me|us))?\s+(?:my|the)\s+(?:recent\s+|latest\s+)?lists"
    r"(?:\s+(?:i|we)\s+(?:made|created|started|have))?"
    r"|(?:do|have)\s+(?:i|we)\s+(?:got|made|have|created)?\s*any\s+lists|how\s+many\s+lists(?:\s+"
    r"(?:do|have|did)\s+(?:i|we)\s+(?:got|have|made|make|created|create)|\s+(?:are\s+)?there)?"
    r"|(?:what|which)\s+lists\s+(?:did|have)\s+(?:i|we)\s+(?:make|made|create|created|start|started)"
    r"(?:\s+(?:today|yesterday|(?:this|last)\s+(?:week|month)))?"
    r"|(?:which|what)\s+lists?\s+(?:has|have|contains?)\s+[\w' -]{1,40}"
    r"|(?:which|what)\s+lists?\s+(?:is|are)\s+[\w' -]{1,40}\s+(?:on|in)"
    r"|is\s+[\w' -]{1,40}\s+on\s+any\s+(?:of\s+)?(?:my|the)\s+lists"
    r"|search\s+(?:my|the|all)\s+lists\s+for\s+[\w' -]{1,40}"
    r"|(?:tell|show)\s+me\s+what\s+(?:i|we)\s+(?:have|need|put)\s+on\s+(?:my|the|our)\s+list"
    r"|(?:all\s+)?my\s+lists"
    # "tell me what my lists are", "what all my lists are"
    r"|(?:tell\s+me\s+|show\s+me\s+)?what\s+(?:all\s+)?(?:my|the)\s+lists\s+are"
    r"|(?:what|which)\s+(?:were|are|was)\s+(?:the\s+)?(?:(?:last|latest|recent|most\s+recent)\s+"
    r"(?:\w+\s+)?)?lists?\s+(?:that\s+)?(?:i|we)\s+(?:have\s+)?(?:made|created|started|wrote))\??$",
    re.I,
)
# A new list: "start a new camping list", "create a list called packing", "make a list".
_NEW_LIST = re.compile(
    r"^(?:(?:create|make|start|open|begin|set\s+up|new|name|call|build|prepare|compile|draw\s+up"
    r"|put\s+together)\s+(?:me\s+)?(?:an?\s+|my\s+)?(?:new\s+)?"
    # "add a new list", "i want a new list for my trip": only with "new" (a list of ideas is not)
    r"|(?:add|(?:i|we)(?:\s+(?:want|need|would\s+like)|'d\s+like))\s+(?:an?\s+)?(?:new|another)\s+)"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+)?list"
    r"(?:\s+(?:called|named|titled|for|of)\s+(?P<after>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})"
    # what the list is for and how often, not its name: "of groceries to be bought weekly",
    # "of chores for the kids", "for things to do this weekend"
    r"(?:\s+to\s+(?:be\s+)?[a-z]+)?(?:\s+for\s+(?:the|my|our)\s+[a-z]+)?"
    r"(?:\s+(?:weekly|daily|monthly|every\s+(?:day|week|month)|(?:this|next)\s+(?:week|weekend)"
    r"|today|tomorrow))?"
    # "new list groceries": the name said straight after
    r"|\s+(?!(?:with|for|of|to|please|now|and|then|on|in|it)\b)(?P<named>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?))?"
    r"(?:\s+for\s+me)?(?:\s+with\s+(?P<items>[^?]{1,120}))?$",
    re.I,
)
# A whole list gone: "clear my shopping list", "delete the packing list", "empty the list".
_CLEAR_LIST = re.compile(
    r"^(?:clear|empty|delete|remove|erase|wipe|get\s+rid\s+of|throw\s+away|throw\s+out|scrap|trash"
    r"|bin|ditch|discard|dump|cancel)(?:\s+out)?\s+"
    r"(?:(?:my|the|our|a|this|that)\s+)?(?:(?:whole|entire)\s+)?"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+)?list"
    r"(?:\s+(?:called\s+|named\s+|titled\s+|of\s+"
    r"|(?!(?:items|contents|entries|things|stuff|please|now|today|tomorrow|for|too|completely|entirely"
    r"|altogether|permanently|forever|for\s+good|right\s+away|at\s+once|as\s+well|again)\b))"
    r"(?P<after>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}))?$",
    re.I,
)
_ON_LIST = re.compile(
    r"^(?:is|are|do\s+(?:i|we)\s+have)\s+(?P<items>.+?)\s+(?:on|in)\s+"
    rf"{_NAMED_LIST}(?:\s+already)?\??$",
    re.I,
)
_REMOVE_FROM_LIST = re.compile(
    r"^(?P<verb>remove|delete|erase|drop|take|get rid of|cancel|tick|check|cross|mark)(?:\s+(?:off|out))?\s+"
    r"(?P<items>.+?)(?:\s+(?:as\s+)?(?:done|bought|got))?\s+"
    rf"(?:from|off|on|in)(?:\s+of)?\s+{_NAMED_LIST}$",
    re.I,
)
_DONE_VERBS = {"tick", "check", "cross", "mark"}
# The same on "the list" with no name: "take the paint off the list".
_REMOVE_FROM_THE_LIST = re.compile(
    r"^(?P<verb>remove|delete|erase|take|cross|tick|get rid of|drop|strike|scratch)(?:\s+off)?\s+"
    r"(?P<items>.+?)\s+(?:from|off)(?:\s+of)?\s+(?:(?:my|the|our|a)\s+)?list$",
    re.I,
)
_ADD_TO_THE_LIST = re.compile(
    r"^(?:add|put|stick|pop|write|jot down|include|throw)\s+(?P<items>.+?)\s+(?:to|on|onto|in|into)\s+"
    r"(?:(?:my|the|our|a)\s+)?list$",
    re.I,
)
_EVERYTHING = re.compile(
    r"^(?:everything|all(?:\s+(?:of\s+)?(?:the\s+|my\s+|its\s+)?(?:items|things|entries|tasks|to[\s-]?dos"
    r"|stuff|of\s+it))?|the\s+(?:whole\s+)?(?:items|things|entries|lot))$",
    re.I,
)
# Items that point back at something said before ("add that to the list"): the model has the
# conversation and can tell what they mean, so they stay with it.
_THAT_ITEM = re.compile(
    r"^(?:it|this|that|them|these|those|(?:this|that|these|those|the)\s+(?:items?|ones?|things?)"
    r"|(?:the\s+)?(?:first|last|next|second|third|top|bottom)(?:\s+(?:items?|ones?|things?|entry))?"
    r"|(?:(?:items?|entry|number|no)\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+))$",
    re.I,
)
# Items not said at all ("add an item to my packing list"): nothing to resolve, so ask.
_SOME_ITEM = re.compile(
    r"^(?:something|(?:an?|one|some)\s+(?:new\s+|more\s+)?(?:items?|things?|entry)"
    r"|(?:new\s+|more\s+)?(?:items?|things?|entry))$",
    re.I,
)
# Words before a list request that change nothing: "i need to add ...", "let me see my ...".
_WANT = re.compile(
    r"^(?:(?:i|we)\s+(?:need|want|would\s+like|wanna|have)\s+to|i'd\s+like\s+to|let(?:'s|\s+us)"
    r"|let\s+me|can\s+(?:i|we)|could\s+(?:i|we)|may\s+i|help\s+me|go\s+(?:and|ahead\s+and))\s+",
    re.I,
)
_TRAILING = re.compile(
    r"\s+(?:for\s+me|now|right\s+now|again|too|as\s+well|thanks|thank\s+you|please)$", re.I
)
# "i don't want my packing list any more": the whole list, gone.
_DROP_LIST = re.compile(
    r"^(?:i|we)(?:\s+(?:do\s+not|don't|dont|no\s+longer)\s+(?:want|need)|(?:\s+am|'m|\s+are|'re)\s+"
    r"(?:done|finished)\s+with)\s+(?:(?:my|the|our|this|that)\s+)?"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+)?list(?:\s+any\s*more)?$",
    re.I,
)


# An item said to be done or got, with no verb of lists: "the rope is packed", "i bought the
# eggs". Kept only when an open to-do or list item has those words (else it is news, not a tick).
_GOT_WORDS = (
    r"(?:done|finished|completed|complete|sorted|bought|packed|purchased|picked\s+up|taken\s+care\s+of"
    r"|got|gotten|posted|paid|sent|fixed|booked|collected|returned)"
)
# A to-do named by a word of it and "one": "the gutter one", "the passport task".
_ONE_OF = re.compile(r"(?<=\w)\s+(?:one|task|to-?do|job|thing)$", re.I)
_ITEM_DONE = re.compile(
    r"^(?:(?:the|my|our)\s+)?(?P<a>.+?)(?:\s+(?:is|are|was|were|has\s+been|have\s+been|'s|'re)"
    r"|(?:'s|’s)(?:\s+been)?)\s+"
    rf"(?:all\s+|now\s+|already\s+)?{_GOT_WORDS}(?:\s+(?:now|already|today))?$"
    r"|^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+|now\s+|finally\s+)?"
    r"(?:bought|got|picked\s+up|packed|purchased|finished|done|posted|paid|sent|fixed|booked"
    r"|collected|returned)\s+(?:the\s+|some\s+|my\s+|our\s+)?(?P<b>.+?)(?:\s+(?:now|already|today))?$",
    re.I,
)
# An item given up with no list said: "delete the toothpaste", "we don't need rope any more".
_DROP_ITEM = re.compile(
    r"^(?:remove|delete|erase|scratch|drop|get\s+rid\s+of|take\s+(?:off|out)|scrap|ditch)\s+"
    r"(?:the\s+|my\s+|our\s+)?(.+?)(?:\s+(?:off|out))?"
    r"$|^(?:take)\s+(?:the\s+|my\s+|our\s+)?(.+?)\s+(?:off|out)$"
    # the to-do said as a deed: "i don't have to renew the permit any more"
    r"|^(?:(?:i|we)\s+)?(?:don't|dont|do\s+not|no\s+longer)\s+(?:(?:need|want)(?:\s+to)?|have\s+to)\s+"
    r"(?:the\s+|any\s+|my\s+)?(.+?)"
    r"(?:\s+any\s*more)?$"
    r"|^(?:the\s+)?(.+?)\s+(?:is|are)\s+(?:no\s+longer\s+needed|not\s+needed(?:\s+any\s*more)?)$"
    r"|^(?:the\s+)?(.+?)\s+(?:isn't|aren't)\s+needed(?:\s+any\s*more)?$",
    re.I,
)
# Verbs that only ever mean an item done on a list: "cross off eggs", "mark the rope as packed".
_TICKED = re.compile(
    r"^(?:(?:cross|tick|check|strike|scratch)\s+off\s+(?P<a>.+?)|(?:cross|tick|check|strike|scratch)"
    r"\s+(?P<b>.+?)\s+off|mark\s+(?P<c>.+?)\s+(?:as\s+|off\s+as\s+)?(?:bought|purchased|packed|got|picked\s+up))$",
    re.I,
)


# Items put on a list not made yet: "add eggs to a new list", "put rope on a new list called camping".
_ADD_TO_NEW = re.compile(
    r"^(?:add|put|stick|pop|write|jot\s+down|include|start)\s+(?P<items>.+?)\s+(?:to|on|onto|in|into"
    r"|with)\s+(?:a|my|the)\s+(?:new|fresh|separate|different|another)\s+"
    r"(?:(?P<before>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+)?list"
    r"(?:\s+(?:called|named|titled|for)\s+(?P<after>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}))?$",
    re.I,
)


def _onto_a_new_list(m: re.Match[str]) -> IntentMatch | None:
    """The items for a new list, its name as said or asked for."""
    items = _list_items(m.group("items"))
    if not items or any(len(i.split()) > 6 or _THAT_ITEM.match(i) for i in items):
        return None
    name = _list_named(m, "after") if m.group("after") else None
    name = name or (_list_named(m, "before") if m.group("before") else None)
    if (m.group("before") or m.group("after")) and name is None:
        return None  # "a new playlist", the to-dos: not a list of ours
    return as_create(name, _title(", ".join(items)))


def _words_named(words: str) -> str | None:
    """The list that some words name ("weekly shop" → "weekly shop list"), as `_list_named`."""
    m = re.match(r"(?P<list>.*)", re.sub(r"\s+list$", "", words.strip(), flags=re.I))
    return _list_named(m) if m else None


def _list_named(m: re.Match[str], group: str = "list") -> str | None:
    """The list's name as said ("shopping list"), or None for the to-dos or another app's lists.

    The word "list" is kept as said: the tools drop it (`list_label`), a reader sees the name.
    """
    name = " ".join((m.group(group) or "").split())
    name = re.sub(r"^(?:my|the|our|your)\s+(?=\S)", "", name, flags=re.I)  # "a list for the party"
    name = re.sub(
        r"^(?:new|fresh|brand\s+new)\s+(?=\S)", "", name, flags=re.I
    )  # "a new camping list"
    if not name or _NOT_A_LIST.match(name) or name.lower() in _DETERMINERS:
        return None
    if re.search(r"\b(?:from|off|to|onto|into|out|on|of|the|my|our|in|for|with|at)$", name, re.I):
        return None  # "remove eggs from list": "eggs from" is what, not which list
    if re.match(r"^(?:about|of|on|in|to|from|for|with|at)\s", name, re.I):
        return None  # "tell me about my camping list": the name is after the small words
    if re.match(
        r"^(?:how|what|which|who|where|when|why|whose)\b"
        # "list items in the camping list": what is in a list, not a list's name
        r"|^(?:items?|things?|entries|everything|contents|stuff|all)\s+(?:in|on|from)\b",
        name,
        re.I,
    ):
        return None  # "how many lists": a question, not a list's name
    if re.match(r"^(?:best|worst|top|longest|shortest|biggest|greatest|most|least)\b", name, re.I):
        return None  # "what's the best list": a question, not a list kept here
    if re.match(r"^(?:an?|any|some|every)\s", name, re.I):
        return None  # "tell me a workout list": ideas wanted, not one of the user's lists
    if re.match(
        r"^(?:newest|latest|oldest|recent|most\s+recent|previous|last|first|second|third)\b",
        name,
        re.I,
    ):
        return None  # "delete my newest list": which one is for the model to look up
    if name.lower() in (
        *("new", "whole", "entire", "old", "first", "last", "next", "same", "other"),
        *("another", "separate", "different", "extra", "second", "fresh", "blank", "empty"),
    ):
        return None
    if re.match(r"^(?:today|tomorrow|tonight|this\s+week|next\s+week)(?:'?s)?(?:\s|$)", name, re.I):
        return None  # "today's list": the day's to-dos, not a list of that name
    return f"{name} list"


_AND_ADD = re.compile(r"\s+(?:and|then|and\s+then)\s+(?:add|put|include)\s+(?=\S)", re.I)
_TODO_NAME = re.compile(r"^(?:to[\s-]?dos?|todos?|tasks?)(?:\s+list)?$", re.I)


def _list_or_todo(m: re.Match[str], group: str) -> str | None:
    """As `_list_named`, but the to-dos keep their words ("todo list": the tools read the tasks)."""
    said = " ".join((m.group(group) or "").split())
    from botpsy_calendar.list_shapes import todo_name

    return todo_name(said) if _TODO_NAME.match(said) else _list_named(m, group)


# "note that i need apples on the list": the apples
_NEEDED = re.compile(
    r"^(?:that\s+)?(?:i|we)\s+(?:need|want|have\s+to\s+(?:buy|get)|need\s+to\s+(?:buy|get))\s+(?=\S)",
    re.I,
)


# A list named inside what was read as the items: "a torch to my camping list" [to the
# shopping list] says two lists, and is no item.
_LIST_INSIDE = re.compile(
    r"\b(?:to|on|onto|in|into|from|off)\s+(?:my|the|our|a)\s+(?:[\w'-]+\s+){0,3}lists?\b", re.I
)


def _list_items(text: str) -> list[str]:
    """ "eggs, bread and milk" → three items; "some milk" → "milk"; none when a list is named
    among them."""
    if _LIST_INSIDE.search(text):
        return []
    said = _NEEDED.sub("", text.strip())
    parts = re.split(r"\s*[,;]\s*(?:and\s+)?|\s+(?:and|&|plus)\s+", said, flags=re.I)
    items = [re.sub(r"^(?:some|the|an?)\s+", "", p.strip(" ."), flags=re.I) for p in parts]
    if any(_ELSEWHERE.match(i) for i in items):
        return []  # "add this song to my list", "remove the alarm from my list": not list items
    return [_item_word_dropped(i) for i in items if i]


# Things other tools keep, named by their kind alone: never an item of a list.
_ELSEWHERE = re.compile(
    r"^(?:(?:this|that|these|those|the|my|our|current)\s+)?(?:song|track|tune|playlist|album|event"
    r"|meeting|appointment|alarm|timer|e-?mail|message|text|contact|file|photo|picture|video"
    r"|podcast|episode|station)s?$",
    re.I,
)


def _item_word_dropped(item: str) -> str:
    """ "the item called rope", "the rope entry" → "rope"; "a new item", "item two" stay as said."""
    if _THAT_ITEM.match(item) or _SOME_ITEM.match(item):
        return item
    item = re.sub(r"^(?:item|entry)\s+(?:called\s+|named\s+)?(?=[a-z])", "", item, flags=re.I)
    return re.sub(r"(?<=\S)\s+(?:item|entry|line)$", "", item, flags=re.I)


def make_list_matchers() -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """ "Add milk to my shopping list", "what's on my shopping list", "remove milk from it"."""

    def add_to_list(text: str) -> IntentMatch | None:
        m = _ADD_TO_LIST.match(text.strip())
        name = _list_named(m) if m else None
        if name is None and (bare := _ADD_TO_THE_LIST.match(text.strip())):
            items = _list_items(bare.group("items"))
            if not items or any(len(i.split()) > 6 for i in items):
                return None
            if any(_THAT_ITEM.match(i) for i in items):
                return None
            if any(_SOME_ITEM.match(i) for i in items):  # "add an item to a list": ask both
                missing = {"title": "What should I add?", "list_name": "To which list?"}
                return IntentMatch("task_add", {}, "add_to_list", missing=missing)
            title = _title(", ".join(items))
            if all_goods(items):  # "put rice on the list": the shopping list, surely
                arguments = {"title": title, "list_name": "shopping list"}
                return IntentMatch("task_add", arguments, "add_to_list")
            question = f'Which list should "{title}" go on? (say "to-dos" for your tasks)'
            return IntentMatch(
                "task_add", {"title": title}, "add_to_list", missing={"list_name": question}
            )
        if m is None or name is None:
            return None
        items = _list_items(m.group("items"))
        if not items or any(len(i.split()) > 6 for i in items):
            return None
        if any(_THAT_ITEM.match(i) for i in items):
            return None
        if any(_SOME_ITEM.match(i) for i in items):  # "add an item to my packing list"
            question = f"What should I add to the {list_label_of(name)} list?"
            return IntentMatch(
                "task_add", {"list_name": name}, "add_to_list", missing={"title": question}
            )
        title = _title(", ".join(items))
        return IntentMatch("task_add", {"title": title, "list_name": name}, "add_to_list")

    def read_list(text: str) -> IntentMatch | None:
        m = _READ_LIST.match(text.strip()) or _ON_LIST.match(text.strip())
        which = next((g for g in ("bare", "of") if m and m.groupdict().get(g)), "list")
        name = _list_named(m, which) if m else None
        if name is None:
            return None
        return IntentMatch("task_list", {"list_name": name}, "read_list")

    def all_lists(text: str) -> IntentMatch | None:
        if _ALL_LISTS.match(text.strip().rstrip(". ")):
            return IntentMatch("task_list", {}, "read_list")
        return None

    whole = make_whole_list_matchers(_words_named)

    def new_list(text: str) -> IntentMatch | None:
        """A list exists once something is on it: ask for its name, then its first items."""
        onto = _ADD_TO_NEW.match(text.strip().rstrip(". "))
        if onto:  # "add eggs to a new list": the items said, the name asked when not said
            return _onto_a_new_list(onto)
        if re.match(r"^open\b", text.strip(), re.I) and not re.search(
            r"\b(?:new|another|fresh)\b", text, re.I
        ):
            return None  # "open list groceries": one to read, not one to make
        parts = _AND_ADD.split(text.strip().rstrip(". "), maxsplit=1)  # "... and add rope to it"
        then = parts[1] if len(parts) == 2 else ""
        m = _NEW_LIST.match(parts[0])
        if not m:
            return None
        if m.group("named") and m.group("before"):
            return None  # "make a packing list tonight": the model reads what follows
        name = _list_or_todo(m, "after") or _list_or_todo(m, "named") or _list_or_todo(m, "before")
        if m.group("before") and re.search(r"\blist\s+for\s", parts[0], re.I):
            # "a packing list for the trip": the list is named before, "for" says what it is for
            name = _list_or_todo(m, "before") or name
        if (m.group("before") or m.group("after") or m.group("named")) and name is None:
            return None  # "create a playlist": another thing
        then = re.sub(r"\s+(?:to|on|in)\s+(?:it|that|this|the\s+list)$", "", then, flags=re.I)
        items = _list_items(m.group("items") or then)
        if m.group("items") and not (items and all(len(i.split()) <= 6 for i in items)):
            return None
        title = _title(", ".join(items)) if items else None  # "... with eggs and milk"
        if name and not list_label(name):  # "make a new to do list": the tasks, no list
            arguments = {"list_name": name} | ({"title": title} if title else {})
            missing = {} if title else {"title": "What should go on it first?"}
            return IntentMatch("task_add", arguments, "new_list", missing=missing)
        return as_create(name, title)

    def clear_list(text: str) -> IntentMatch | None:
        """A list emptied: `list_clear`, which shows every item and removes them on one yes."""
        m = _CLEAR_LIST.match(text.strip().rstrip(". "))
        if m and re.search(r"\b(?:from|off|out\s+of)\b", text, re.I):
            return None  # "remove from the list eggs": an item, read by the shapes
        if not m:
            dropped = _DROP_LIST.match(text.strip().rstrip(". "))
            name = _list_or_todo(dropped, "before") if dropped else None
            if not dropped or (dropped.group("before") and name is None):
                return None
            return as_delete(name) if name and list_label(name) else one_at_a_time(name)
        name = _list_or_todo(m, "after") or _list_or_todo(m, "before")
        if (m.group("before") or m.group("after")) and name is None:
            return None
        items = re.search(r"\b(?:items|contents|entries|everything|all)\b", text, re.I)
        if deletes(text) and not items and (name is None or list_label(name)):
            return as_delete(name, text)  # "get rid of the camping list": the list, asked first
        return as_clear(name)

    def one_at_a_time(name: str | None) -> IntentMatch:
        which = f"on the {list_label_of(name)} list" if name else "on your lists"
        question = f"I remove items one at a time, each after you confirm: which one {which}?"
        arguments = {"list_name": name} if name else {}
        return IntentMatch("task_delete", arguments, "clear_list", missing={"task": question})

    def remove_from_list(text: str) -> IntentMatch | None:
        m = _REMOVE_FROM_LIST.match(text.strip())
        name = _list_named(m) if m else None
        if name is None and (bare := _REMOVE_FROM_THE_LIST.match(text.strip())):
            if _EVERYTHING.match(bare.group("items").strip()):  # "delete everything from the list"
                return as_clear(None)
            items = _list_items(bare.group("items"))
            if len(items) != 1 or len(items[0].split()) > 6:
                return None
            if _THAT_ITEM.match(items[0]):
                return None
            if _SOME_ITEM.match(items[0]):  # "remove an item from the list": which, and where?
                question = "Which item should I remove, and from which list?"
                return IntentMatch(
                    "task_delete", {}, "remove_from_list", missing={"task": question}
                )
            tool = "task_complete" if bare.group("verb").lower() in _DONE_VERBS else "task_delete"
            return IntentMatch(tool, {"task": _title(items[0])}, "remove_from_list")
        if m is None or name is None:
            return None
        if _EVERYTHING.match(m.group("items").strip()):  # "remove all items from my camping list"
            return as_clear(name)
        items = _list_items(m.group("items"))
        if len(items) != 1 or len(items[0].split()) > 6:
            return None  # several items at once: one call each is the model's job
        if _THAT_ITEM.match(items[0]):
            return None
        if _SOME_ITEM.match(items[0]):  # "remove an item from my packing list"
            question = f"Which item should I remove from the {list_label_of(name)} list?"
            arguments = {"list_name": name}
            return IntentMatch(
                "task_delete", arguments, "remove_from_list", missing={"task": question}
            )
        verb = m.group("verb").lower()
        if verb == "check" and not re.search(r"\boff\b|\bas\s+(?:done|bought|got)\b", text, re.I):
            return None  # "check rope on my list" may ask whether it is there
        tool = "task_complete" if verb in _DONE_VERBS else "task_delete"
        return IntentMatch(tool, {"task": _title(items[0]), "list_name": name}, "remove_from_list")

    matchers = [
        *whole,  # the lists themselves: which there are, whether one exists, a new name
        ("add_to_list", add_to_list),
        ("read_list", read_list),
        ("all_lists", all_lists),
        ("new_list", new_list),
        ("clear_list", clear_list),
        ("remove_from_list", remove_from_list),
    ]
    from botpsy_calendar.list_shapes import make_shape_matchers  # it reads this module's helpers

    shapes = make_shape_matchers(_list_named, _list_items, one_at_a_time)  # what the above miss
    return [(name, _list_nouns(_tolerant(matcher))) for name, matcher in matchers] + [
        (name, _list_nouns(_not_the_todo_phrases(matcher))) for name, matcher in shapes
    ]


# Other words for a list, as data: "my packing checklist" is the packing list.
_LIST_NOUNS = re.compile(r"\b(?:check-?list|tick-?list)(s?)\b", re.I)


def _list_nouns(
    matcher: Callable[[str], IntentMatch | None],
) -> Callable[[str], IntentMatch | None]:
    """The matcher, tried again with the other words for a list said as "list"."""

    def match(text: str) -> IntentMatch | None:
        found = matcher(text)
        said = _LIST_NOUNS.sub(r"list\1", text)
        return found if found is not None or said == text else matcher(said)

    return match


def _not_the_todo_phrases(
    matcher: Callable[[str], IntentMatch | None],
) -> Callable[[str], IntentMatch | None]:
    """A shape matcher that leaves "add X to my to-dos" and "my tasks" to the to-do matchers."""

    def match(text: str) -> IntentMatch | None:
        said = text.strip()
        return None if _ADD_TASK.match(said) or _LIST_TASKS.match(said) else matcher(said)

    return match


def _tolerant(
    matcher: Callable[[str], IntentMatch | None],
) -> Callable[[str], IntentMatch | None]:
    """The matcher, tried again without lead-ins and tails that change nothing ("i need to ...")."""

    def match(text: str) -> IntentMatch | None:
        found = matcher(text)
        if found is not None:
            return found
        plain = _TRAILING.sub("", _WANT.sub("", text.strip().rstrip(".!")))
        if plain != text.strip() and plain and (found := matcher(plain)) is not None:
            return found
        # "we ran out of tape so take it off the list": the request is the part after "so"
        said = re.split(r",?\s+(?:so|and\s+so)\s+", plain, maxsplit=1, flags=re.I)
        if len(said) == 2 and said[1]:
            return matcher(_WANT.sub("", said[1]))
        return _day_first(matcher, plain)

    return match


# A day said before the request: "tomorrow add eggs to the shopping list", "by friday make a list".
_DAY_FIRST = re.compile(
    r"^(?P<day>(?:(?:by|for|on)\s+)?(?:today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend|month"
    rf"|{WEEKDAY_NAME})|{WEEKDAY_NAME}))"
    r"\s*,?\s+(?P<rest>(?!(?:at|in|is|are|i|we)\b).+)$",
    re.I,
)


def _day_first(matcher: Callable[[str], IntentMatch | None], text: str) -> IntentMatch | None:
    """The request said after its day; on an add or a reading the day says when it is due."""
    m = _DAY_FIRST.match(text)
    found = matcher(_WANT.sub("", m.group("rest"))) if m else None
    if m is None or found is None:
        return None
    day = re.sub(r"^(?:on|by|for)\s+", "", m.group("day"), flags=re.I)  # "by friday": due friday
    if found.tool in ("task_add", "task_list") and "due" not in found.arguments:
        found.arguments["due"] = day
    return found


def list_label_of(name: str) -> str:
    """ "shopping list" → "shopping": the name as a question says it."""
    return re.sub(r"\s+lists?$", "", name, flags=re.I)


# "remind me who wrote it", "remind me what time it is": a question, not a reminder to keep.
_REMIND_ASKS = re.compile(
    r"^(?:please\s+)?remind\s+me\s+(?:what|what's|whats|who|who's|where|which|how|why|whether|if"
    r"|when\s+(?:is|was|are|were|does|did|do))\b",
    re.I,
)
# A reminder written down with the verbs of notes: "jot down a reminder to renew the passport".
_NOTE_REMINDER = re.compile(
    r"^(?:jot|note|write|pop|stick|log|enter|type|put|pencil|add|save|keep|store|leave|record)"
    r"(?:\s+(?:down|in|up))?\s+"
    r"(?:me\s+)?(?:an?|the|one)\s+(?:quick\s+|new\s+)?reminder(?:\s+(?:down|in))?"
    r"(?:\s+(?:to|for|that|about|of))?\s+(?P<rest>.+)$",
    re.I,
)
# A note of a thing to do is a to-do: "make a note to buy stamps", "note to self: ring jo",
# "note that i need to renew the passport".
_NOTE_TO = re.compile(
    r"^note\s+to\s+(?:self|myself)\s*[:,]?\s+(?P<own>\S.*)$"
    r"|^(?:(?:make|take|jot|write|leave|add)(?:\s+down)?\s+(?:me\s+|myself\s+)?an?\s+(?:quick\s+|new\s+)?"
    r"note(?:\s+for\s+me)?|note)(?:\s*[:,]\s*|\s+(?:to|that)\s+)(?P<rest>\S.*)$",
    re.I,
)
_ASKS = re.compile(r"^(?:how|what|whether|who|where|why|which|if)\b", re.I)
# "a note to ana about the party", "a quick note to the plumber saying ...": a message to someone
_TO_SOMEONE = re.compile(
    r"^(?:the\s+|my\s+)?\S+\s+(?:about|saying|that\s+says|telling|to\s+say)\b", re.I
)
# Words that belong to a time said before them: "at five hours" has no title.
_TIME_WORD = re.compile(
    r"^(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|o'?clock|am|pm|a\.?m\.?|p\.?m\.?|days?|weeks?"
    r"|months?|years?|from\s+now|later|ago|sharp|exactly|on\s+the\s+dot)\b",
    re.I,
)
# A title cut off before its time: "my mum's birthday is" [on sunday].
_DANGLING = re.compile(r"\s+(?:is|are|was|will\s+be|falls|starts|begins|happens)$", re.I)
# Words left between the ask and what it is about: "put a reminder in for the plumber".
_LEFT_OVER = re.compile(r"^(?:in|down|up|on\s+(?:there|it))\s+(?=(?:for|to|about|that)\s)", re.I)


def _assumed(_: str) -> bool:
    """With no store to look in, a to-do named is taken to exist ("mark X done")."""
    return True


def make_task_matchers(
    now: Callable[[], datetime],
    has_task: Callable[[str], bool] = _assumed,
    open_titles: Callable[[], Iterable[str]] | None = None,
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """ "Remind me to call mom tomorrow", "add milk to my todo list", "my tasks", "mark X done".

    `open_titles` (the open to-dos' titles as written) lets "i've called the bank" tick the
    to-do whose whole title that is; without it the past tense is left to the model."""

    def add_task(text: str) -> IntentMatch | None:
        if _REMIND_ASKS.match(text.strip()):
            return None  # a question to answer, for the model
        first = TIME_FIRST_REMIND.match(text.strip())
        said_when = first.group("when") if first else ""
        if first and (_resolves(said_when, now()) or _REPEAT.match(said_when)):
            # "at six pm remind me to call jo", "every sunday at ten remind me to call grandma"
            text = f"{first.group('ask')}{first.group('rest')} {first.group('when')}"
        m = _REMIND_TO.match(text.strip())
        if m and (
            _REPEAT.search(m.group("rest")) or re.search(r"\bevery\b", m.group("rest"), re.I)
        ):
            return _repeating(re.sub(r"\bevery\s+single\b", "every", m.group("rest"), flags=re.I))
        if m:
            title, when = split_title_and_time(m.group("rest"), now())
            title = _title(title)
            if not title or len(title.split()) > 10:
                return None
            arguments = {"title": title} | ({"due": when} if when else {})
            return IntentMatch("task_add", arguments, "add_task")
        m = _NOTE_REMINDER.match(text.strip()) or _NOTE_TO.match(text.strip())
        noted = (m.group("rest") or m.groupdict().get("own") or "") if m else ""
        if noted and "?" not in text and not _ASKS.match(noted) and not _TO_SOMEONE.match(noted):
            return _reminder(noted)
        m = _REMINDER_ASK.match(text.strip())
        if m and "?" not in text and not _NO_TOOL.search(text):
            often = _OFTEN.get((m.group("often") or "").lower(), "")
            return _reminder(f"{m.group('rest') or ''} {often}".strip())
        m = _FORGET.match(text.strip())
        if m and "?" not in text:
            return _reminder(m.group("rest"))
        m = _NUDGE.match(text.strip()) or _REMIND_AFTER.match(text.strip())
        if m and "?" not in text and not _NO_TOOL.search(text) and not _IF.search(m.group("rest")):
            found = _reminder(m.group("rest"))
            if found is None or "due" not in found.arguments or "title" not in found.arguments:
                return None
            # "let me know on friday how the game went": news wanted, not a reminder
            asks = _ASKS.match(str(found.arguments["title"]))
            return None if asks else found
        m = _NEW_TASK.match(text.strip())
        if m and "?" not in text:
            # "add a task for friday to clean the car": the day, then what to do
            lead = _when_then_what(m.group("rest"))
            title, when = lead or split_title_and_time(m.group("rest"), now())
            title = _title(title)
            if title and len(title.split()) <= 8 and not _resolves(title, now()):
                return IntentMatch(
                    "task_add", {"title": title} | ({"due": when} if when else {}), "add_task"
                )
        m = _ADD_TASK.match(text.strip())
        if m:
            title = _title(m.group("title"))
            due = {"due": m.group("when")} if m.group("when") else {}
            return IntentMatch("task_add", {"title": title} | due, "add_task") if title else None
        return None

    def _reminder(rest: str) -> IntentMatch | None:
        """A reminder from what follows the ask: a title, a time, both or neither."""
        rest = _REMINDER_FILLER.sub("", _LEFT_OVER.sub("", rest.strip()))
        rest = _WHERE_KEPT.sub("", rest)  # "set a reminder on my calendar": where, not what
        rest = _KEPT_FIRST.sub("", rest)  # "a reminder on my calendar for the dentist"
        if re.search(rf"\b{_BEFORE}$", rest, re.I):
            return None  # "remind me 10 minutes before": about an event, not a task
        rest = re.sub(r"\bevery\s+single\b", "every", rest, flags=re.I)
        if _REPEAT.search(rest) or re.search(r"\bevery\b", rest, re.I):
            return _repeating(rest)
        when: str | None
        lead = _when_then_what(rest)
        if rest and _resolves(rest, now()):
            title, when = "", rest  # "remind me tomorrow at 2pm": a time, the title to ask
        elif lead:
            title, when = lead  # "in 10 minutes to stretch", "on may 4th that the bins go at 7"
        elif said_first := _time_first(rest):
            title, when = said_first  # "for tomorrow pay the gas bill"
        else:
            title, when = split_title_and_time(rest, now()) if rest else ("", None)
        title = _title(_FOR_FIRST.sub("", _REMINDER_FILLER.sub("", title.strip())))
        title = _DANGLING.sub("", title)  # "my mum's birthday is [on sunday]"
        if len(title.split()) > 10:
            return None
        due = {"due": when} if when else {}
        if not title:
            due = {"due": pinned(when, now())} if when else {}
            return IntentMatch("task_add", due, "add_task", missing={"title": _ASK_WHAT})
        return IntentMatch("task_add", {"title": title} | due, "add_task")

    def _when_then_what(rest: str) -> tuple[str, str] | None:
        """The time, then what it is for after a joining word; the longest time that reads.

        "for the fourth of may that the bins go out at seven": the day is "the fourth of may"
        and the hour said in what follows joins it.
        """
        joins = [m for m in re.finditer(r"\s+(?:to|that|about|for|of)\s+", rest, re.I)]
        for join in reversed(joins):
            when = re.sub(r"^for\s+", "", rest[: join.start()], flags=re.I)
            what = rest[join.end() :]
            if not when or not _resolves(when, now()) or _resolves(what, now()):
                continue
            title, more = split_title_and_time(what, now())
            if more and title and _resolves(f"{when} {more}", now()):
                return title, f"{when} {more}"
            return what, when
        return None

    def _time_first(rest: str) -> tuple[str, str] | None:
        """The time said first and what follows it: "for friday at nine ring the bank"."""
        words = rest.split()
        for size in range(min(5, len(words) - 1), 0, -1):
            head, tail = " ".join(words[:size]), " ".join(words[size:])
            if re.match(r"^(?:to|that|about|for|of)\b", tail, re.I) or _TIME_WORD.match(tail):
                continue  # the shape with a joining word is read above; "hours" is no title
            when = re.sub(r"^for\s+", "", head, flags=re.I)
            if _resolves(when, now()) and not _resolves(tail, now()):
                title, more = split_title_and_time(tail, now())
                return None if more else (title, when)
        return None

    def _repeating(rest: str) -> IntentMatch | None:
        """Tasks do not repeat, events do: "remind me every monday to put the bins out" is a
        repeating event that rings at its start."""
        said, repeat = take_repeat(rest)
        if not repeat:
            return None
        lead = re.match(r"^(?P<when>.+?)\s+(?:to|that|about)\s+(?P<what>.+)$", said, re.I)
        when: str | None
        if said and _resolves(said, now()):
            title, when = "", said
        elif lead and _resolves(lead.group("when"), now()):
            title, when = lead.group("what"), lead.group("when")
        else:
            title, when = split_title_and_time(said, now()) if said else ("", None)
        title = _title(_REMINDER_FILLER.sub("", title.strip()))
        if len(title.split()) > 10 or (title and _resolves(title, now())):
            return None
        arguments: dict[str, object] = {"repeat": repeat, "reminder_minutes": 0}
        missing = {}
        if title:
            arguments["title"] = title
        else:  # the time is pinned now: the answer may come after midnight
            missing["title"] = _ASK_WHAT
            when = pinned(when, now()) if when else None
        if when:
            arguments["start"] = when
        else:
            missing["start"] = "From when, and at what time?"
        return IntentMatch(
            "calendar_create_event", arguments, "repeating_reminder", missing=missing
        )

    def list_tasks(text: str) -> IntentMatch | None:
        if _OVERDUE.match(text.strip().rstrip("?")):  # "are any of my to-dos overdue"
            return IntentMatch("task_list", {"overdue": True}, "list_tasks")
        if _LIST_TASKS.match(text.strip()) or _ANY_KEPT.match(text.strip().rstrip("?")):
            return IntentMatch("task_list", {}, "list_tasks")
        head, when = due_tail(text, now())  # "my tasks for next week", "which tasks are due friday"
        if when and (_LIST_TASKS.match(head) or _DUE_TASKS.match(head) or _WHATS_DUE.match(text)):
            return IntentMatch("task_list", {"due": when}, "list_tasks")
        return None

    def complete_task(text: str) -> IntentMatch | None:
        text = TICK_IT.sub("", text.strip().rstrip(".!"))  # "i bought the stamps, tick it off"
        said_done = _TASK_SAID_DONE.match(text.strip().rstrip(".!"))
        if said_done:  # "the laundry task is done": a to-do named as one, no look-up needed
            task = _title(next(g for g in said_done.groups() if g))
            if task and len(task.split()) <= 6 and not _OTHER_THINGS.search(task):
                return IntentMatch("task_complete", {"task": task}, "complete_task")
        got = _ITEM_DONE.match(text.strip().rstrip(".!"))
        item = _ONE_OF.sub("", (got.group("a") or got.group("b") or "") if got else "")
        if (
            item
            and len(item.split()) <= 5
            and len(item) >= 3
            and not _THAT_ITEM.match(item)
            and not _OTHER_THINGS.search(item)
            and not re.search(r"\b(?:and|list|lists|it|that|this|what|who|how)\b", item, re.I)
            and has_task is not _assumed  # only a real look-up tells news from a tick
            and has_task(item)
        ):  # "the rope is packed": a to-do of those words is ticked, nothing else is
            return IntentMatch("task_complete", {"task": _title(item)}, "complete_task")
        if open_titles is not None and (did := done_told(text, open_titles)):
            return IntentMatch("task_complete", {"task": did}, "complete_task")  # as written
        ticked = _TICKED.match(text.strip().rstrip(".!"))
        if ticked:
            said = ticked.group("a") or ticked.group("b") or ticked.group("c")
            items = _list_items(said)
            other = re.search(r"\b(?:list|lists|alarm|timer|light|lights|email|file)\b", said, re.I)
            one = len(items) == 1 and len(items[0].split()) <= 5 and not _THAT_ITEM.match(items[0])
            if one and not other:
                item = items[0]
                if (
                    has_task is not _assumed
                    and not has_task(item)
                    and has_task(_ONE_OF.sub("", item))
                ):
                    item = _ONE_OF.sub("", item)  # "tick off the boiler one": the boiler's
                return IntentMatch("task_complete", {"task": _title(item)}, "complete_task")
        m = _DONE.match(text.strip())
        if not m:
            return None
        task = _title(
            re.sub(r"^(?:the|my)\s+(?:task|to\s*-?\s*do)\s+", "", m.group("task"), flags=re.I)
        )
        if has_task is not _assumed and not has_task(task) and has_task(_ONE_OF.sub("", task)):
            task = _title(_ONE_OF.sub("", task))  # "tick off the boiler one": the boiler's
        if has_task is not _assumed and not has_task(task):  # "mark calling the bank as done"
            first, _, tail = task.partition(" ")
            task = next((_title(f"{v} {tail}") for v in base_forms(first)
                         if tail and has_task(f"{v} {tail}")), task)  # fmt: skip
        plainly = _PLAINLY_A_TASK.match(text.strip()) and not _OTHER_THINGS.search(task)
        if _THAT_ITEM.match(m.group("task")) or _THAT_ITEM.match(task):
            return None  # "mark the first item as done": which one is for the model to look up
        if not task or not (plainly or has_task(task)):
            return None
        return IntentMatch("task_complete", {"task": task}, "complete_task")

    def drop_known_item(text: str) -> IntentMatch | None:
        """ "delete the toothpaste", "i don't need rope any more": an item said with no list,
        taken off only when an open to-do or list item has those words (the delete is shown
        and approved first)."""
        m = _DROP_ITEM.match(text.strip().rstrip(".!"))
        item = next((g for g in m.groups() if g), "") if m else ""
        if (
            item
            and has_task is not _assumed
            and not has_task(item)
            and has_task(_ONE_OF.sub("", item))
        ):
            item = _ONE_OF.sub("", item)  # "delete the hedge task": the gutters' to-do
        first, _, tail = item.partition(" ")
        if item and tail and has_task is not _assumed and not has_task(item):
            # "delete repainting the shed": the to-do "Repaint the shed"
            item = next((f"{v} {tail}" for v in base_forms(first) if has_task(f"{v} {tail}")), item)
        if (
            not item
            or len(item.split()) > 5
            or _THAT_ITEM.match(item)
            or _SOME_ITEM.match(item)
            or _OTHER_THINGS.search(item)
            or re.search(r"\b(?:list|lists|it|that|this|what|who|how|and|reminders?)\b", item, re.I)
            or has_task is _assumed
            or not has_task(item)
        ):
            return None
        return IntentMatch("task_delete", {"task": _title(item)}, "drop_known_item")

    def drop_reminder(text: str) -> IntentMatch | None:
        """A reminder is a task: "cancel my reminder to call mom" deletes it, confirmed first."""
        text = _STOP_REMINDING.sub("delete the reminder about ", text.strip())
        m = _DROP_REMINDER.match(text.strip().rstrip(".!"))
        if not m:
            return None
        said = m.group("what") or m.group("bare") or m.group("before") or ""
        what = _WHERE_KEPT.sub("", " ".join(said.split()))  # "the reminder on my calendar"
        if m.group("all") or (m.group("many") and not what):
            question = "I remove reminders one at a time, each after you confirm: which one?"
            return IntentMatch("task_delete", {}, "drop_reminder", missing={"task": question})
        before = " ".join((m.group("before") or "").split())
        if before and what and what != before and _resolves(what, now()):
            # "the dentist reminder on friday": the dentist one
            what = before if not _resolves(before, now()) else what
        if not what or _resolves(what, now()) or len(what.split()) > 8:
            when = f" {what}" if what else ""
            question = f"Which reminder{when} should I remove? Say what it is about."
            return IntentMatch("task_delete", {}, "drop_reminder", missing={"task": question})
        title = _title(what)
        return IntentMatch("task_delete", {"task": title}, "drop_reminder") if title else None

    matchers = [
        (name, _dated(matcher, now))
        for name, matcher in [
            *make_list_matchers(),
            ("add_task", add_task),
            ("list_tasks", list_tasks),
            ("drop_reminder", drop_reminder),
            ("complete_task", complete_task),
            ("drop_known_item", drop_known_item),
        ]
    ]
    return [*matchers, ("name_said_first", _named(matchers))]


# What a request of lists and to-dos starts with after a name the user calls the assistant by:
# "mia, what's on my shopping list", "juno remind me to call jo".
_COMMANDS = (
    r"add|put|stick|pop|write|jot|note|include|append|remove|delete|erase|take|cross|tick|check"
    r"|mark|strike|read|show|tell|open|bring|pull|what|what's|whats|create|make|start|remind|set"
    r"|cancel|can|could|please|do|did|have|how|which|give|let"
)
# Words before a command that are no name: a day said first, a list's own name, a verb.
_NOT_NAME_WORDS = (
    "today tonight tomorrow also and then now shopping grocery groceries packing camping todo"
    " to-do tasks reminders list lists monday tuesday wednesday thursday friday saturday sunday"
    " clear empty wipe scrap trash bin ditch dump play new quickly first again ok okay yes no"
)
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())


# A name said after a request that ends with its list: "what's on my packing list mia".
_NAME_AFTER = re.compile(
    r"^(?P<rest>.+\b(?:list|lists|to[\s-]?dos?|todos|tasks|reminders))\s*,?\s+(?P<name>[a-z]{2,12})[.!?]?$",
    re.I,
)
# Words that end a list request and are no name.
_NOT_NAME_AFTER_WORDS = (
    "please now today tonight tomorrow again too items item contents first last later thanks"
    " thank also then yet already still anymore instead as well for me here there"
)
_NOT_NAMES_AFTER = frozenset(_NOT_NAME_AFTER_WORDS.split())


_OWN_LIST_LAST = re.compile(
    r"\b(?:my|our|the)\s+(?:[\w'-]+\s+){0,3}(?:list|lists|to[\s-]?dos?|todos|tasks|reminders)$",
    re.I,
)


def _name_after(text: str) -> str:
    """The request without a name said after it; the text as said when there is none."""
    m = _NAME_AFTER.match(text)
    if m is None:
        return text
    name = m.group("name").lower()
    if name in _NOT_NAMES or name in _NOT_NAMES_AFTER or name.endswith("day"):
        return text
    # "search list work": no list of the user's named, so the last word is the request's own
    return m.group("rest") if _OWN_LIST_LAST.search(m.group("rest")) else text


def _named(
    matchers: list[tuple[str, Callable[[str], IntentMatch | None]]],
) -> Callable[[str], IntentMatch | None]:
    """The matchers, tried again without a name said first ("mia, what's on my list"), once
    none of them read the request as said."""

    def match(text: str) -> IntentMatch | None:
        plain = without_name(text.strip(), _COMMANDS, _NOT_NAMES)
        if plain == text.strip():
            plain = _name_after(text.strip())
        if plain == text.strip():
            return None
        return next((found for _, m in matchers if (found := m(plain)) is not None), None)

    return match


def _dated(
    matcher: Callable[[str], IntentMatch | None], now: Callable[[], datetime]
) -> Callable[[str], IntentMatch | None]:
    """The matcher, a reading of the to-dos or a list given the day asked for ("... for today")."""

    def match(text: str) -> IntentMatch | None:
        found = matcher(text)
        due = found.arguments.get("due") if found is not None else None
        if found is not None and found.missing and isinstance(due, str) and _resolves(due, now()):
            found.arguments["due"] = pinned(due, now())  # the answer may come after midnight
        if found is None or found.tool != "task_list" or "due" in found.arguments:
            return found
        head, when = due_tail(text, now())
        if not when:
            return found
        if (
            not _MADE_WHEN.search(head)
            or re.match(r"(?:for|by)\b", when, re.I)
            or _DUE.search(text)
        ):
            found.arguments["due"] = when
        return found

    return match
