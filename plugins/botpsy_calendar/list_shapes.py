"""List requests recognised by the shape of the sentence, after the phrase matchers in task_intents.

A shape is a verb class, the items and a reference to a list, in the orders people say them:
"add ITEMS to LIST", "add to LIST ITEMS", "LIST: add ITEMS", "i bought ITEMS, take them off LIST",
"did i put ITEM on LIST", "how many items are on LIST", and the verb left unsaid: "ITEM on LIST",
"LIST ITEM" (tried last, never when a word of the items is a verb). The list reference is one
pattern for all of them ("my camping list", "the list called camping", "my to-do list"), so a new
verb or a new order works with every way of naming the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import WEEKDAY_NAME, IntentMatch
from botpsy_calendar.intents import _title
from botpsy_calendar.shopping import all_goods, is_goods, make_shopping_matchers
from botpsy_calendar.tools import list_label
from botpsy_calendar.whole_lists import as_clear, as_delete, deletes

# Verbs that start a thing to do: two of them joined by "and" are two reminders ("water the
# plants and feed the cat"); "buy salt and pepper", "call mum and dad" join things, not doings.
_DOING_WORDS = (
    "call ring phone text email e-mail message buy get pick collect fetch bring take water feed walk"
    " pay book cancel renew send post mail return drop check clean wash tidy empty hoover vacuum"
    " cook make bake order fix charge pack print sign submit finish start visit see meet write"
    " read do put move change iron fold hang sort file update backup back ring prepare go"
    " wrap invite thank ask tell remind schedule confirm reply answer wake leave"
)
DOING = frozenset(_DOING_WORDS.split())

_DET = r"(?:my|the|our|this|that)"
# Words that never start or continue a list's name: "on a to do list" is no list called "do".
_STOP = r"(?!(?:to|do|a|an|of|on|in|for|the|my|our|and|from|with|at|it|is|are|i|we|you|what|me|today|tonight|tomorrow|this|next)\b)"
_NAME = rf"{_STOP}[a-z][\w'-]*(?:\s+{_STOP}[a-z][\w'-]*){{0,2}}?"
_TODO = r"to[\s-]?do(?:s|'s)?(?:\s+list)?|todo(?:s|'s)?(?:\s+list)?|tasks?(?:\s+list)?|reminders(?:\s+list)?"
# Lists people name without the word "list" ("take eggs off my groceries"): data, not phrasing.
_KNOWN = r"groceries|grocery|shopping|chores|errands|packing|wish\s*list|bucket\s+list"
# One list, however it is named; the groups say which way.
LISTREF = (
    # "my list of things to buy": the shopping list, said by what it is for
    r"(?:(?:(?:my|the|our)\s+)?(?P<shop>list\s+of\s+(?:things|stuff|items|groceries|food)\s+"
    r"(?:(?:i|we)\s+(?:need|have)\s+)?to\s+(?:buy|get|pick\s+up|shop\s+for))"
    rf"|{_DET}\s+(?P<known>{_KNOWN})(?!\s+list)"
    # "to list groceries", "from list shopping": the list, then its name
    rf"|(?:{_DET}\s+)?list\s+(?P<known_after>{_KNOWN})(?!\s+\w)"
    rf"|(?:all\s+(?:of\s+)?)?(?:{_DET}\s+)?(?:(?P<todo>{_TODO})|(?:(?P<name>{_NAME})\s+)?lists?"
    rf"(?:\s+(?:called|named|titled|for|of)\s+(?:(?:my|the|our)\s+)?(?P<after>{_NAME}))?))"
)
# After "to" or "from" a list people keep is named by its word alone: "add milk to groceries".
LISTREF_AFTER = rf"(?:{LISTREF}|(?P<bare_known>{_KNOWN})(?!\s+list))"
_DAY = WEEKDAY_NAME
_TAIL = (
    rf"(?:\s+(?:for\s+|on\s+)?(?:today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend|month)|{_DAY}"
    r"|this\s+(?:morning|afternoon|evening)|the\s+weekend|now"
    r"|right\s+now|again|please|for\s+me|to\s+me|with\s+me|items|contents|so\s+far|due|yesterday"
    r"|back|out(?=\s+to\b)"  # "read the party list back to me", "read my list out to me"
    r"|earlier|recently|lately|last\s+(?:night|week|month)"
    r"|at\s+the\s+moment))*"
)
_ADD_V = (
    r"(?:add|put(?:\s+down)?|stick|pop|place|write(?:\s+down)?|jot(?:\s+down)?|note(?:\s+down)?|include"
    r"|throw|append|insert|enter|type|tack|slip|chuck|shove|bung)"
)
_RM_V = (
    r"(?:remove|delete|erase|drop|take|get\s+rid\s+of|get|strike|scratch|cross|tick|check|mark|knock"
    r"|cut|scrub|rub|wipe|eliminate|discard|ditch)"
)
# "check rope on my list" may be a question: these verbs remove only with "off" or "as done".
_NEEDS_OFF = {"tick", "check", "mark"}
_DONE_V = {"tick", "check", "cross", "mark", "strike", "scratch"}
_READ_V = (
    r"(?:read|show|tell|give|check|open|list|display|bring\s+up|pull\s+up|see|view|hear|recite"
    r"|repeat|go\s+(?:through|over)|run\s+(?:through|over)|review|get|fetch|look\s+(?:at|over|up)"
    r"|access|say|know|scan|browse|load|find|search|look\s+(?:through|in))"
)
_READ_LEAD = (
    rf"{_READ_V}(?:\s+(?:me|us|out|back|over|up|through|with\s+me|about|to\s+me|to\s+us))*"
    r"(?:\s+(?:what(?:'s|s|\s+is|\s+are)(?:\s+there)?\s+(?:on|in)|what\s+(?:i|we)\s+(?:have|need|put|wrote)"
    r"\s+(?:on|in)|(?:all\s+)?(?:of\s+)?(?:the\s+|an?\s+)?(?:[\w']+\s+){0,2}?"
    r"(?:items?|things?|entries|entry|everything|contents|rundown|summary|overview|status"
    r"|list\s+of\s+(?:items|things))(?:\s+(?:that\s+)?(?:are|is))?\s+(?:on|in|from|of)))?"
)
_SHOPS = r"(?:store|shops?|supermarket|market|grocery\s+store|grocer'?s)"
_READ = [
    # "read me what's on my camping list", "bring up the hardware list", "go over my to-do list"
    re.compile(rf"^{_READ_LEAD}\s+{LISTREF}{_TAIL}$", re.I),
    # "what else have i got on my camping list", "how many items are on the packing list"
    re.compile(
        r"^(?:(?:tell|show|remind|ask)\s+me\s+|(?:i\s+)?wonder\s+)?"
        r"(?:what|whats|what's|which|how\s+many|how\s+much|anything|any|is\s+there|are\s+there"
        r"|is\s+anything)"
        rf"(?:\s+[\w']+){{0,7}}?\s+(?:on|in|from|onto|to|of)\s+{LISTREF}{_TAIL}$",
        re.I,
    ),
    # "did i put rope on my camping list", "do we still have rope on the list"
    re.compile(
        r"^(?:do|did|have|has)\s+(?:i|we|you)\s+(?:already\s+|still\s+)?"
        r"(?:have|got|put|add(?:ed)?|need|written|write|listed|include(?:d)?)\s+"
        rf"(?P<items>.+?)\s+(?:on|in|to|onto)\s+{LISTREF}(?:\s+(?:already|yet))?{_TAIL}$",
        re.I,
    ),
    # "does my camping list have rope on it", "what does the packing list say"
    re.compile(
        rf"^(?:(?:what|how\s+many\s+(?:items|things))\s+)?(?:does|do)\s+{LISTREF}\s+"
        r"(?:have|contain|include|say|mention|hold|show|look\s+like)\b.*$",
        re.I,
    ),
    # "check if rope is on my camping list", "see whether the charger is on the list"
    re.compile(
        r"^(?:check|see|look|find\s+out|tell\s+me|make\s+sure)\s+(?:if|whether)\s+"
        rf"(?P<items>.+?)\s+(?:is|are)\s+(?:already\s+|still\s+)?(?:on|in)\s+{LISTREF}$",
        re.I,
    ),
    # "my camping list, what's on it", "the packing list: read it out"
    re.compile(
        rf"^{LISTREF}\s*[,:]?\s+(?:what(?:'s|s|\s+is)\s+(?:on|in)\s+it|what\s+does\s+it\s+say"
        r"|read\s+it(?:\s+(?:out|back))?(?:\s+to\s+me)?|show\s+(?:it\s+to\s+)?me|tell\s+me)$",
        re.I,
    ),
    # "the items on my camping list": the contents named, no verb
    re.compile(
        rf"^(?:the\s+|all\s+(?:the\s+)?)?(?:items|things|entries|contents)\s+(?:on|in|of)\s+{LISTREF}"
        rf"{_TAIL}$",
        re.I,
    ),
    # "how does my camping list look", "where is my packing list", "have i made a packing list"
    re.compile(
        r"^(?:how\s+(?:does|is)\s+|where(?:'s|\s+is)\s+"
        r"|(?:have|did|do)\s+(?:i|we)\s+(?:made|make|got|have|created|create|started|start)\s+"
        rf"(?:an?|any)\s+){LISTREF}(?:\s+look(?:ing)?(?:\s+like)?)?$",
        re.I,
    ),
    # "is there a list called camping", "do we have a packing list"
    re.compile(
        r"^(?:is\s+there|(?:do|did)\s+(?:i|we)\s+(?:have|make|start)|have\s+(?:i|we)\s+got)\s+"
        rf"(?:an?|any)\s+{LISTREF}$",
        re.I,
    ),
    # "what lists did i make yesterday": every list
    re.compile(
        r"^(?:what|which)\s+(?:all\s+)?lists?\s+(?:did|have|do)\s+(?:i|we)\s+(?:make|made|create|created"
        r"|start|started|have|got|add|added|write|wrote)(?:\s+[\w']+){0,3}$"
        # "what are the lists i have", "which are all the lists we made"
        r"|^(?:what|which)\s+(?:are\s+)?(?:all\s+)?(?:of\s+)?the\s+lists\s+(?:that\s+)?(?:i|we)\s+"
        r"(?:have|made|created|started|keep|got)(?:\s+[\w']+){0,2}$",
        re.I,
    ),
    # "what do i need to buy", "what groceries do we still need": the lists, for the shopping
    re.compile(
        r"^(?:(?:show|tell)\s+me\s+what\s+(?:i|we)\s+(?:still\s+)?(?:need|have)\s+to\s+"
        r"|what\s+(?:else\s+|groceries\s+|items\s+|shopping\s+)?(?:do|should)\s+(?:i|we)\s+"
        r"(?:still\s+)?(?:(?:need|have)\s+to\s+|(?=\w+(?:\s+up)?\s+(?:at|from)\s)))"
        r"(?:buy|get|pick\s+up|shop\s+for)"
        rf"(?:\s+(?:at|from)\s+the\s+{_SHOPS})?(?:\s+(?:today|tomorrow|this\s+week))?$"
        r"|^what\s+(?:groceries|shopping|items)\s+do\s+(?:i|we)\s+(?:still\s+)?need$"
        # "what are the things i need to buy", "what are the groceries we need"
        r"|^what(?:\s+are|'s|s|\s+is)\s+(?:all\s+)?the\s+(?:things|items|stuff|groceries)\s+(?:that\s+)?"
        r"(?:i|we)\s+(?:still\s+)?(?:need|(?:need|have)\s+to\s+(?:buy|get|pick\s+up|shop\s+for))$"
        # "what's left to buy", "what is there still to get", "anything else to pick up"
        r"|^(?:what(?:'s|s|\s+is)(?:\s+there)?|(?:is\s+there\s+)?anything(?:\s+else)?)\s+(?:still\s+)?"
        r"(?:left\s+|else\s+|still\s+)?(?:for\s+(?:me|us)\s+)?to\s+(?:buy|get|pick\s+up|shop\s+for)"
        r"(?:\s+(?:today|tomorrow|this\s+week))?$",
        re.I,
    ),
    # "is my packing list empty", "is the camping list done yet"
    re.compile(
        rf"^(?:is|are)\s+{LISTREF}\s+(?:empty|done|finished|complete|long|up\s+to\s+date|ready)"
        r"(?:\s+yet)?$",
        re.I,
    ),
    # "what do i still need from the shop": the lists, for the errand
    re.compile(
        r"^what(?:\s+(?:else|things|items))?\s+(?:do|did|should)\s+(?:i|we)\s+(?:still\s+)?need"
        r"(?:\s+to\s+(?:buy|get|pick\s+up))?\s+(?:from|at)\s+the\s+"
        r"(?:store|shop|supermarket|grocery\s+store|market)$",
        re.I,
    ),
    # "read the list i made yesterday", "what's the latest list", "open the last list we started":
    # a list known by when it was made; the lists are read, each with when it was made
    re.compile(
        r"^(?:(?:read|show|open|display|give|tell|check|bring\s+up|pull\s+up|find|get|see)"
        r"(?:\s+(?:me|us))?\s+|what(?:'s|s|\s+is|\s+was|\s+are|\s+were)\s+(?:on\s+|in\s+)?)"
        r"(?:the|my|our)\s+(?:(?P<made>last|latest|newest|most\s+recent|recent|previous|new)\s+)?lists?"
        r"(?:\s+(?:that\s+)?(?P<made_by>(?:i|we)\s+(?:have\s+|just\s+)?(?:made|created|started|wrote|set\s+up)))?"
        r"(?:\s+(?:yesterday|today|earlier|recently|last\s+(?:night|week|month)"
        r"|this\s+(?:week|morning|month)))?$",
        re.I,
    ),
    # "show the grocery items", "what are my shopping items": the list by its items
    re.compile(
        r"^(?:(?:show|read|list|tell|give|check)(?:\s+(?:me|us|out))?\s+|what\s+are\s+)(?:my\s+|the\s+|our\s+)?"
        rf"(?P<known>{_KNOWN})\s+(?:items|things|stuff){_TAIL}$",
        re.I,
    ),
    # "my camping list please", "the packing list items"
    _BARE_LIST := re.compile(rf"^{LISTREF}{_TAIL}$", re.I),
    # "what chores do i have", "which errands are left", "any chores for today"
    re.compile(
        r"^(?:(?:what|which)(?:\s+other)?|any|are\s+there\s+any|do\s+(?:i|we)\s+have\s+any)\s+"
        r"(?P<known>chores|errands)(?:\s+(?:do|did|have|must|should)\s+(?:i|we)"
        r"(?:\s+(?:still|have|got|need|left|to|do|run|get|done))*"
        r"|\s+(?:are|is)\s+(?:still\s+)?(?:left|due|outstanding|pending|on|there|to\s+do))?"
        rf"{_TAIL}$",
        re.I,
    ),
]
_ITEMS = r"(?P<items>[\w' ,-]+?)"
# A day said before the thing to do: "for friday call the vet", "tomorrow: book the van".
_DAY_FIRST = re.compile(
    r"^(?:(?:for|on|by)\s+)?(?P<day>today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend)"
    rf"|(?:this\s+|next\s+)?{_DAY})\s*[,:]?\s+(?:to\s+)?(?P<rest>\S.*)$",
    re.I,
)
# Saying what ran out names the item: "we're out of", "i need some", "we have no".
_SHORT_OF = (
    r"(?:(?:i|we)(?:'re|'m|\s+are|\s+am)?\s+(?:(?:all\s+)?out\s+of|(?:have\s+|just\s+)?(?:run|ran)\s+out\s+of"
    r"|(?:running\s+)?(?:low\s+on|short\s+of)|need(?:\s+(?:some|more))?|(?:have|got)\s+no)"
    r"|(?:there's|there\s+is|there\s+are)\s+no|no\s+more)"
)
# A fragment with no verb is an item only when it does not start as a question or a sentence.
_NOT_ASKED = (
    r"(?!(?:what|whats|what's|which|who|how|where|when|why|is|are|was|were|do|does|did|can|could"
    r"|should|will|would|have|has|any|anything|something|nothing|everything|i|we|you|it|there"
    r"|nothing|more|else|items?|things?|stuff|not|no|all|every|each|everything)\b)"
)
_ADD = [
    # "add rope to my camping list", "write down glue on the hardware list"
    re.compile(
        rf"^{_ADD_V}\s+{_ITEMS}(?:\s+down)?\s+(?:to|on|onto|in|into|under|for)\s+{LISTREF_AFTER}"
        r"(?:\s+(?:(?:for|on|by)\s+)?(?P<when>today|tonight|tomorrow|this\s+week|next\s+week"
        rf"|(?:this\s+|next\s+)?{_DAY}))?"
        r"(?:\s+(?:please|now|too|as\s+well))?$",
        re.I,
    ),
    # "add eggs shopping list", "put rope my camping list": the little word left unsaid
    re.compile(
        rf"^{_ADD_V}\s+(?!.*\b(?:to|on|onto|in|into|for|this|that|it|them)\b){_ITEMS}\s+"
        rf"(?:(?:my|the|our)\s+)?(?P<known>{_KNOWN})\s+list$",
        re.I,
    ),
    # "add item rope", "new entry socks": an item, its list not said
    re.compile(
        rf"^(?:{_ADD_V}\s+(?:an?\s+)?(?:new\s+)?|new\s+)(?:item|entry)\s*[,:]?\s+(?!(?:to|on|in|into|for)\b)"
        rf"{_ITEMS}$",
        re.I,
    ),
    # "add to my packing list socks and a hat"
    re.compile(
        rf"^{_ADD_V}\s+(?:(?:an?|another|one\s+more)\s+(?:new\s+)?(?:item|entry|thing)\s+)?"
        rf"(?:to|on|onto|in|into)\s+{LISTREF}\s*[,:]?\s+{_ITEMS}$",
        re.I,
    ),
    # "on my packing list add socks", "packing list: add socks"
    re.compile(
        rf"^(?:(?:on|to|in|for)\s+)?{LISTREF}\s*[,:]?\s+(?:please\s+)?{_ADD_V}\s+{_ITEMS}$", re.I
    ),
    # "i need socks on my packing list", "make sure socks are on the packing list"
    re.compile(
        r"^(?:(?:i|we)\s+(?:need|want|will\s+need|'ll\s+need)|make\s+sure|remember"
        r"|(?:don't|dont|do\s+not)\s+forget)(?:\s+(?:to\s+)?(?:add|put|include))?\s+"
        rf"{_ITEMS}(?:\s+(?:is|are|goes|go|gets|get|added))?\s+(?:on|in|onto|to)\s+{LISTREF}$",
        re.I,
    ),
    # "update my packing list with socks", "update the camping list, add rope"
    re.compile(
        rf"^(?:update|change|edit|amend|extend)\s+{LISTREF}\s*(?:with|[,:]?\s+(?:and\s+)?{_ADD_V})"
        rf"\s+{_ITEMS}$",
        re.I,
    ),
    # "new item on my packing list: socks", "another entry for the camping list rope"
    re.compile(
        r"^(?:an?\s+)?(?:new|another|one\s+more)\s+(?:item|entry|thing)\s+(?:for|on|to|in)\s+"
        rf"{LISTREF}\s*[,:]?\s+{_ITEMS}$",
        re.I,
    ),
    re.compile(
        r"^(?:an?\s+)?(?:new|another|one\s+more)\s+(?:item|entry|thing)\s+"
        rf"{_ITEMS}\s+(?:for|on|to|in)\s+{LISTREF}$",
        re.I,
    ),
    # "the packing list needs socks", "my camping list is missing a torch"
    re.compile(
        rf"^{LISTREF}\s+(?:needs?|should\s+(?:have|include)|must\s+have|is\s+missing|lacks)\s+"
        rf"(?:to\s+(?:have|include)\s+)?{_ITEMS}(?:\s+(?:on\s+it|too|as\s+well))?$",
        re.I,
    ),
    # "i want socks added to my packing list"
    re.compile(
        r"^(?:(?:i|we)\s+(?:want|need|would\s+like)|(?:i|we)'d\s+like)\s+"
        rf"{_ITEMS}\s+(?:added|put|written|included)\s+(?:to|on|onto|in|into)\s+{LISTREF_AFTER}$",
        re.I,
    ),
    # "socks need to go on my packing list"
    re.compile(
        rf"^{_ITEMS}\s+(?:needs?\s+to|should|must|has\s+to|have\s+to|can)\s+(?:go|be\s+added)\s+"
        rf"(?:on|in|onto|to)\s+{LISTREF}$",
        re.I,
    ),
    # "we are out of coffee, add it to the shopping list": what is missing, then "add it"
    re.compile(
        rf"^{_SHORT_OF}\s+{_ITEMS}\s*,?\s+(?:(?:so|and|then|please)\s+)*(?:you\s+can\s+)?{_ADD_V}"
        rf"\s+(?:it|them|that|some|more)(?:\s+down)?\s+(?:to|on|onto|in|into)\s+{LISTREF_AFTER}$",
        re.I,
    ),
]
_DONE_WORD = r"(?:done|bought|complete|completed|finished|purchased|packed|got)"
# A list opened, then something done on it: "open the grocery list and take off butter",
# "find my packing list and add a torch". The second part is read with the list said.
_OPEN_AND = re.compile(
    r"^(?:open|find|go\s+(?:in)?to|check|pull\s+up|bring\s+up|look\s+at|access|load|get\s+up"
    r"|get\s+to|grab)\s+"
    rf"(?P<ref>{LISTREF})\s*,?\s+(?:and\s+(?:then\s+)?|then\s+)(?P<rest>\S.*)$",
    re.I,
)
# "take that thing off my list", "add this to the camping list": the item pointed at, not
# said. In a new conversation it is asked for; after a turn the model reads what it points at.
_POINTED = re.compile(
    rf"^(?P<verb>{_ADD_V}|{_RM_V})\s+(?:(?:this|that|it|these|those)(?:\s+(?:one|item|thing|entry))?"
    r"|the\s+(?:item|thing|entry))\s+(?P<way>to|on|onto|in|into|from|off(?:\s+of)?|out\s+of)\s+"
    rf"(?:(?P<some>an?\s+list)|{LISTREF_AFTER})$",
    re.I,
)
_ADD_FIRST = re.compile(rf"^{_ADD_V}\b", re.I)
_RM_FIRST = re.compile(rf"^{_RM_V}\b", re.I)
_ADD_NOTHING = re.compile(
    rf"^{_ADD_V}\s+(?:something\s+|(?:an?\s+)?(?:new\s+)?(?:item|entry|thing)\s+)?"
    rf"(?:to|on|onto|in|into)\s+{LISTREF}$",
    re.I,
)
_THEM = r"(?:it|them|that|those|this|these)"
_REMOVE = [
    # "delete the task called fix the gate", "remove item rope"
    re.compile(
        rf"^(?P<verb>{_RM_V})(?:\s+off)?\s+(?:the\s+|my\s+)?(?:task|to[\s-]?do|item|entry)"
        rf"\s+(?:called\s+|named\s+|about\s+|to\s+)?{_ITEMS}$",
        re.I,
    ),
    # "strike rope from my camping list", "tick rope off on the list"
    re.compile(
        rf"^(?P<verb>{_RM_V})(?:\s+(?:off|out))?\s+{_ITEMS}(?:\s+(?:off|out))?"
        rf"(?:\s+as\s+{_DONE_WORD})?"
        rf"\s+(?:from|off|on|in|out\s+of)(?:\s+of)?\s+{LISTREF_AFTER}$",
        re.I,
    ),
    # "remove from my camping list the rope", "from the camping list take off rope"
    re.compile(
        rf"^(?P<verb>{_RM_V})(?:\s+off)?\s+(?:from|off)(?:\s+of)?\s+{LISTREF}\s*[,:]?\s+{_ITEMS}$",
        re.I,
    ),
    re.compile(
        rf"^(?:(?:from|off|on)\s+)?{LISTREF}\s*[,:]?\s+(?:please\s+)?(?P<verb>{_RM_V})"
        rf"(?:\s+off)?\s+{_ITEMS}(?:\s+off)?$",
        re.I,
    ),
    # "i bought rope so take it off my camping list", "i got the rope, cross it off",
    # "the rope is bought, remove it"
    re.compile(
        r"^(?:(?:(?:i|we)(?:\s+have|'ve)?\s+)?(?:just\s+|already\s+)?"
        r"(?:bought|got|picked\s+up|purchased|packed|found|done|finished|completed|grabbed|have)\s+"
        rf"{_ITEMS}|{_ITEMS.replace('<items>', '<items2>')}\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:already\s+)?"
        r"(?:bought|done|purchased|packed|sorted|taken\s+care\s+of|got))"
        r"(?:\s+already)?\s*,?\s*(?:(?:so|and|now)\s+)?(?:you\s+can\s+|please\s+)?"
        rf"(?P<verb>{_RM_V})(?:\s+(?:off|out))?\s+{_THEM}(?:\s+(?:off|out))?"
        rf"(?:\s+(?:from|off|of)(?:\s+of)?\s+{LISTREF})?$",
        re.I,
    ),
    # "i don't need rope on my camping list any more", "no more rope on the list"
    re.compile(
        r"^(?:(?:(?:i|we)\s+)?(?:don't|dont|do\s+not|no\s+longer)\s+(?:need|want)|no\s+more"
        r"|no\s+(?:need|call)\s+for)\s+"
        rf"{_ITEMS}\s+(?:on|in)\s+{LISTREF}(?:\s+any\s*more)?$",
        re.I,
    ),
    # "rope is no longer needed on my camping list", "the torch isn't needed on the list any more"
    re.compile(
        rf"^{_ITEMS}\s+(?:is|are|isn't|aren't|is\s+not|are\s+not)\s+(?:no\s+longer\s+)?needed"
        rf"(?:\s+any\s*more)?\s+(?:on|in)\s+{LISTREF}(?:\s+any\s*more)?$",
        re.I,
    ),
    # "i want rope taken off my camping list", "we'd like the torch removed from the list"
    re.compile(
        r"^(?:(?:i|we)\s+(?:want|need|would\s+like)|(?:i|we)'d\s+like)\s+"
        rf"{_ITEMS}\s+(?:removed|deleted|taken\s+(?:off|out)|crossed\s+(?:off|out)|struck|dropped)"
        rf"\s+(?:from|off|out\s+of)(?:\s+of)?\s+{LISTREF_AFTER}$",
        re.I,
    ),
    # "rope can come off my camping list"
    re.compile(
        rf"^{_ITEMS}\s+(?:can|should|needs?\s+to|must|has\s+to|have\s+to)\s+(?:come|go|be\s+(?:taken|removed"
        rf"|crossed|deleted|ticked))(?:\s+off)?\s+(?:off|from|out\s+of)\s+{LISTREF}$",
        re.I,
    ),
    # "rope off the camping list", "the torch off my packing list": the verb left unsaid
    re.compile(rf"^{_ITEMS}\s+(?P<verb>off)\s+(?:of\s+)?{LISTREF}$", re.I),
]
_CLEAR_V = (
    r"(?:clear|empty|delete|remove|erase|wipe|get\s+rid\s+of|throw\s+(?:away|out)|scrap|trash|bin"
    r"|ditch|discard|dump|cancel|reset|purge)(?:\s+out)?"
)
# "add eggs shopping list" read as a list's name would start with a verb of lists.
_VERB_FIRST = re.compile(rf"^(?:{_ADD_V}|{_RM_V}|{_CLEAR_V})\b", re.I)
_ALL = r"(?:everything|all(?:\s+(?:of\s+)?(?:the\s+|my\s+)?(?:items|things|entries|stuff|tasks|to[\s-]?dos))?)"
_WHEN = (
    r"(?:\s+(?:for\s+)?(?:today|tonight|tomorrow|this\s+week|next\s+week))?"
    r"(?:\s+(?:completely|entirely|altogether|permanently|forever|for\s+good))?"
)
_CLEAR = [
    # "wipe everything off my camping list", "clear my to do list for today", "empty the list items"
    re.compile(
        rf"^{_CLEAR_V}\s+(?:{_ALL}\s+(?:from|off|on|in|out\s+of)(?:\s+of)?\s+)?(?:(?:whole|entire)\s+)?"
        rf"{LISTREF}(?:\s+(?:items|contents|entries))?{_WHEN}$",
        re.I,
    ),
    # "delete all my tasks", "clear my to-dos for today": the to-dos with no "list"
    re.compile(
        rf"^{_CLEAR_V}\s+(?:all\s+)?(?:(?:of\s+)?(?:my|the|our)\s+)?(?P<todo>to[\s-]?dos|todos|tasks)"
        rf"{_WHEN}$",
        re.I,
    ),
]
# A clear said with a day ("clear my to-dos for today") means that day's, not every item: asked.
_SOME_DAY = re.compile(r"\b(?:today|tonight|tomorrow|this\s+week|next\s+week)\b")
# "delete all my lists": every list, still one item at a time
_CLEAR_ALL = re.compile(rf"^{_CLEAR_V}\s+(?:all\s+)?(?:(?:of\s+)?(?:my|the|our)\s+)?lists$", re.I)
# "milk on the shopping list", "rope for the camping list": the verb left unsaid. Tried after
# every other shape, and only when no word of the items is a verb of lists or a sentence's.
_FRAGMENT = [
    re.compile(rf"^{_NOT_ASKED}{_ITEMS}\s+(?:on|to|onto|in|into|for)\s+{LISTREF}$", re.I),
    # "shopping list eggs and flour": the list, then what goes on it
    re.compile(
        rf"^{LISTREF}\s*[,:]?\s+{_NOT_ASKED}(?!(?:for|on|at|in|of|by|from|with|to|please|today"
        r"|tonight|tomorrow|now|again|items|contents|this|next|called|named)\b)"
        rf"{_ITEMS}$",
        re.I,
    ),
]
# Something run out of, said alone, is for the shopping: "we're out of coffee", "we need more
# milk", "there's no bread left". Not what runs out that no shop sells (time, battery, ideas).
_RAN_OUT = re.compile(
    r"^(?:(?:looks\s+like|i\s+think|oh\s+no|no|oh|damn|dang|ugh|argh|whoops|oops)\s*,?\s+)?"
    r"(?:(?:(?:i|we)(?:'re|'m|\s+are|\s+am)?\s+(?:all\s+|almost\s+|nearly\s+|completely\s+)?"
    r"(?:out\s+of|(?:running|getting|run|ran)\s+(?:low\s+on|out\s+of)|low\s+on|short\s+(?:of|on))"
    r"|(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|all\s+)?(?:run|ran|used\s+up\s+all\s+(?:the|our|my))"
    r"(?:\s+out\s+of)?"
    r"|(?:i|we)\s+(?:need|could\s+use|should\s+get|have\s+to\s+get|need\s+to\s+get|need\s+to\s+buy)"
    r"\s+(?:some\s+)?more"
    # "i need to buy milk", "we have to buy eggs from the shop"
    r"|(?:i|we)\s+(?:still\s+)?(?:need|have|must|got|should)\s+to\s+buy(?:\s+some)?"
    r"|(?:i|we)\s+(?:still\s+)?need\s+some(?=\s+\S+(?:\s+\S+)?\s+(?:from|at)\s+the\s)"
    r"|(?:there's|there\s+is|there\s+are|(?:i|we)\s+have|(?:i|we)'ve\s+got|(?:i|we)\s+got)\s+no(?:\s+more)?)"
    rf"\s+(?:(?:the|our|my|any)\s+)?{_ITEMS}"
    # "the milk has run out", "our coffee is all used up"
    rf"|(?:the|our|my)\s+{_ITEMS.replace('<items>', '<gone>')}\s+(?:is|are|has|have)\s+(?:all\s+)?"
    r"(?:been\s+)?(?:run\s+out|used\s+up))"
    r"(?:\s+(?:left|again|now|already|at\s+home|in\s+the\s+(?:house|fridge|kitchen|cupboard"
    r"|freezer)|(?:from|at)\s+the\s+(?:shops?|store|supermarket|market|grocery\s+store)))*$",
    re.I,
)
# "we need batteries", "i still need bin bags": only things (plural), not "i need sleep".
_PLAIN_THINGS = re.compile(
    r"^(?!(?:a|an|the|my|your|our|some|any|more|to|lots|plenty|list|lists)\b)[a-z]+(?:\s+[a-z]+)?s$",
    re.I,
)
_NEED_THINGS = re.compile(rf"^(?:i|we)\s+(?:still\s+|also\s+|really\s+)?need\s+{_ITEMS}$", re.I)
_NOT_BOUGHT = re.compile(
    r"\b(?:time|ideas?|battery|batteries\s+on|power|charge|juice\s+on|money|cash|funds|patience|luck"
    r"|breath|options|space|room|storage|memory|data|credit|gas|petrol|fuel|diesel|sleep|help|advice"
    r"|rest|energy|words|excuses|things|stuff|work|fun|love|friends|music|songs|news|info|information"
    r"|practice|exercise|air|light|heat|hot\s+water|water\s+pressure|signal|wifi|internet|bandwidth"
    r"|minutes|hours|days|weeks|holidays?|vacation|leave|budget|tickets?|road|town|control|order"
    r"|ammo|lives|health|places|people|staff|volunteers|questions|answers|it|them|that|this|here"
    r"|there|house|home|office|car|country|bed|door|reach|range|sight|touch|shape|line|place|step"
    r"|season|date|sync|tune|breath|puff|steam|gas|options|choice|choices|league|mind|way|loop|stock"
    r"|question|picture|woods|danger|trouble|hand|focus|character|context|fashion|style|business|job"
    r"|jobs|luck|bounds|reach|patience|shape|practice|touch|turn|tickets|seats|spots|slots|votes"
    # what a device gives more of: "we need more light in here", "i need more volume"
    r"|lights|lighting|lamps?|brightness|bright|brighter|dark|volume|sound|bass|treble|noise|heating"
    r"|warmth|warm|cool|cold|colou?rs?|contrast|speed|power|signal|reception|battery|pressure|flow"
    # what people need that no list holds: "i need directions", "we need answers"
    r"|directions|instructions|therapy|peace|quiet|silence|company|attention|support|inspiration"
    r"|motivation|relaxation|rain|snow|sun|sunshine|holidays|breaks|you|him|her|someone|somebody"
    r"|something|anything|everything|nothing|groceries|supplies|shopping|results|details|updates"
    r"|suggestions|recommendations|reviews|lessons|classes|glasses\s+of|hugs|kisses|drinks|vibes"
    r"|friends|answers|reminders|alarms|lists|tasks|plans|dates|tips|hints|pointers|tricks|clues)\b",
    re.I,
)
# Words of a sentence, not of a thing to buy: "we're out of what we need".
_NOT_SHOPPING = re.compile(
    r"\b(?:is|are|was|were|be|to|what|which|who|how|when|where|why|i|we|you|he|she|they|my|your|for"
    r"|with|in|on|at|from|if|because|so|but|not|no|any|all|left|today|tonight|tomorrow|later|soon"
    rf"|week|weekend|morning|evening|{WEEKDAY_NAME})\b",
    re.I,
)
_VERB_IN_ITEMS = re.compile(
    rf"\b(?:{_ADD_V}|{_RM_V}|{_READ_V}|{_CLEAR_V}|is|are|was|were|be|been|needed|need|needs|have|has"
    r"|had|got|do|does|did|can|could|should|will|would|first|last|second|third|next|entry|entries"
    r"|item|items|thing|things|off|left)\b",
    re.I,
)
# "rename the notes to the trip list", "send the lease to the print list": another tool's verb
# first, so the words before "to ... list" are no item.
_OTHER_ACTION = re.compile(
    r"^(?:rename|move|copy|send|e-?mail|mail|forward|share|print|upload|download|save|open|transfer"
    r"|attach|export|sync|post|text|call|switch|change|convert)\b",
    re.I,
)
_LEAD = re.compile(
    r"^(?:(?:hey|ok|okay|so|um|uh|well|oh|please|kindly|just|now|and|also|then)\s+"
    r"|(?:can|could|would|will)\s+(?:you|i|we)\s+(?:please\s+)?"
    r"|(?:i|we)\s+(?:want|need|would\s+like|'d\s+like|wanna)\s+(?:you\s+)?to\s+|(?:i|we)\s+wanna\s+"
    r"|i'd\s+like\s+(?:you\s+)?to\s+|let(?:'s|\s+us|\s+me)\s+|go\s+ahead\s+and\s+"
    r"|help\s+me\s+|(?:i\s+)?(?:would|do)\s+you\s+mind\s+)+",
    re.I,
)
# A reason said after the request changes nothing: "... as i bought them", "... because we have some".
_BECAUSE = re.compile(
    r"\s*,?\s+(?:as|because|since|cause|cuz|coz)\s+(?:i|we|i've|we've|i'm|we're|i\s+have|we\s+have)\b.*$",
    re.I,
)
_END = re.compile(r"(?:\s+(?:please|for\s+me|thanks|thank\s+you|if\s+you\s+can|quickly))+$", re.I)
_NOT_ITEM = re.compile(
    r"\b(?:list|lists|calendar|event|meeting|appointment|alarm|timer|reminder|email|file|song"
    r"|playlist|it|them|that|those|this|these|everything|all|item|items|thing|things|one|tasks"
    r"|to\s*dos|stuff)$"
    r"|\b(?:what|what's|which|how|look|if|whether|where|when|why)\b"
    r"|^(?:the\s+)?(?:first|last|next|second|third|top|bottom)\b",
    re.I,
)


def plain(text: str) -> str:
    """The request without politeness and lead-ins: "hey can you please add ..." → "add ..."."""
    text = " ".join(text.lower().strip().rstrip("?.!").split())
    text = _END.sub("", _LEAD.sub("", _BECAUSE.sub("", text)))
    return text.strip(" ,")


def todo_name(said: str) -> str:
    """The to-dos as said ("todo list", "to-do list"), which the tools read as the plain tasks."""
    name = " ".join(said.lower().replace("'s", "s").split())  # "to do's": the to-dos
    name = f"{name} list" if name.endswith("do") else name  # "todo" → "todo list", "todos" kept
    return name if not list_label(name) else "to do list"


def opened_list(text: str) -> str | None:
    """The list as said in "open LIST and ...", or None when the request is not of that shape."""
    m = _OPEN_AND.match(plain(text))
    return m.group("ref") if m else None


def list_named(m: re.Match[str], named: Callable[[re.Match[str], str], str | None]) -> str | bool:
    """The list_name for a LISTREF match, "" for the list with no name, False for no list of ours.

    The to-dos keep their words ("to do list"): the tools read them as the plain tasks.
    """
    said = m.groupdict()  # a shape with no list named has none of the groups
    if said.get("todo"):
        return todo_name(said["todo"])
    if said.get("shop"):
        return "shopping list"
    known = said.get("known") or said.get("bare_known") or said.get("known_after")
    if known:
        return re.sub(r"\s*list$", "", known) + " list"
    for group in ("name", "after"):  # "the guest list for the wedding" is the guest list
        if said.get(group):
            return named(m, group) or False
    return ""


def items_of(text: str, split: Callable[[str], list[str]]) -> list[str] | None:
    """The items said, or None when they point back, are too long or name no item."""
    items = split(text)
    if not items or any(len(i.split()) > 6 or _NOT_ITEM.search(i) for i in items):
        return None
    return items


# A day where a list's name would be ("my list for thursday"): when, not which list.
_A_DAY = re.compile(
    r"(?:today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend|month)|(?:this\s+|next\s+)?"
    rf"{WEEKDAY_NAME}|the\s+weekend)",
    re.I,
)


def make_shape_matchers(
    named: Callable[[re.Match[str], str], str | None],
    split: Callable[[str], list[str]],
    clear_one_at_a_time: Callable[[str | None], IntentMatch],
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Add, remove, clear and read by shape, with task_intents' list name, items and clearing."""

    def clear(text: str) -> IntentMatch | None:
        said = plain(text)
        if re.search(r"\breminders?\b", said):
            return None  # the reminders are dropped by their own matcher, one at a time
        if _CLEAR_ALL.match(said):
            return clear_one_at_a_time(None)
        for pattern in _CLEAR:
            m = pattern.match(said)
            if m:
                name = todo_name(m.group("todo")) if m.group("todo") else list_named(m, named)
                if not isinstance(name, str):
                    return None
                whole = not re.search(
                    rf"\b{_ALL}\s+(?:from|off|on|in|out)|\b(?:items|contents|entries)\b", said
                )
                if whole and deletes(said) and name and list_label(name):
                    return as_delete(name)  # "scrap the whole camping list": the list itself
                if _SOME_DAY.search(said):  # "clear my to-dos for today": not every one of them
                    return clear_one_at_a_time(name or None)
                return as_clear(name or None)  # every item shown, removed on one yes
        return None

    def add(text: str) -> IntentMatch | None:
        said = plain(text)
        for pattern in _ADD:
            m = pattern.match(said)
            if not m:
                continue
            name = list_named(m, named)
            items = items_of(m.group("items"), split)
            if not isinstance(name, str) or items is None:
                continue  # another shape may read the words apart better ("i need X put it on")
            title = _title(", ".join(items))
            due = {"due": m.group("when")} if m.groupdict().get("when") else {}
            day = re.sub(r"\s*list$", "", name, flags=re.I) if name else ""
            if _A_DAY.fullmatch(day) and not due:  # "my list for friday": due friday, no list
                name, due = "", {"due": day}
            if not name and all_goods(items):  # "put rice on the list": the shopping, surely
                arguments = {"title": title, "list_name": "shopping list"} | due
                return IntentMatch("task_add", arguments, "add_to_list")
            if (
                not name and due
            ):  # "add descale the kettle to my list for thursday": a to-do, due then
                return IntentMatch("task_add", {"title": title} | due, "add_to_list")
            if not name:
                question = f'Which list should "{title}" go on? (say "to-dos" for your tasks)'
                return IntentMatch(
                    "task_add",
                    {"title": title} | due,
                    "add_to_list",
                    missing={"list_name": question},
                )
            if name and not list_label(name):  # a to-do is a plain task, as "add X to my to-dos"
                first = _DAY_FIRST.match(title)  # "add to my to-dos for friday call the vet"
                if first and not due:
                    title, due = _title(first.group("rest")), {"due": first.group("day")}
                return IntentMatch("task_add", {"title": title} | due, "add_task")
            return IntentMatch("task_add", {"title": title, "list_name": name} | due, "add_to_list")
        return None

    def add_nothing(text: str) -> IntentMatch | None:
        """ "add to my packing list": the list is said, the item is asked for."""
        m = _ADD_NOTHING.match(plain(text))
        name = list_named(m, named) if m else False
        if not isinstance(name, str) or not name or not list_label(name):
            return None
        question = f"What should I add to the {list_label(name)} list?"
        return IntentMatch(
            "task_add", {"list_name": name}, "add_to_list", missing={"title": question}
        )

    def remove(text: str) -> IntentMatch | None:
        said = plain(text)
        for pattern in _REMOVE:
            m = pattern.match(said)
            if not m:
                continue
            verb = (m.groupdict().get("verb") or "remove").split()[0].lower()
            if verb in _NEEDS_OFF and not re.search(rf"\boff\b|\bas\s+{_DONE_WORD}\b", said):
                continue
            if verb == "take" and not re.search(r"\b(?:off|from|out)\b", said):
                continue
            if verb == "get" and not re.search(r"\b(?:off|out)\b", said):
                continue  # "get eggs from the list" may be reading it
            name = list_named(m, named)
            said_items = m.group("items") or m.groupdict().get("items2") or ""
            if verb == "off" and _VERB_IN_ITEMS.search(said_items):
                continue  # "eggs need to be taken off my list": a sentence, not an item
            items = items_of(said_items, split)
            if name is False or items is None or len(items) != 1:
                return None
            tool = "task_complete" if verb in _DONE_V else "task_delete"
            arguments = {"task": _title(items[0])} | ({"list_name": name} if name else {})
            return IntentMatch(tool, arguments, "remove_from_list")
        return None

    def fragment(text: str) -> IntentMatch | None:
        """ "milk on the shopping list": an item and a list, nothing else, is an item to add."""
        said = plain(text)
        m = next((found for p in _FRAGMENT if (found := p.match(said))), None)
        said_items = m.group("items") if m else ""
        if (
            not m
            or _VERB_IN_ITEMS.search(said_items)
            or _OTHER_ACTION.match(said_items)
            or _VERB_IN_ITEMS.search(m.groupdict().get("name") or "")  # "search list work"
        ):
            return None
        name = list_named(m, named)
        items = items_of(said_items, split)
        if name == "" and items is not None and all_goods(items):
            name = "shopping list"  # "eggs on my list please": things a shop sells
        if not isinstance(name, str) or not name or not list_label(name) or items is None:
            return None
        return IntentMatch(
            "task_add", {"title": _title(", ".join(items)), "list_name": name}, "add_to_list"
        )

    def ran_out(text: str) -> IntentMatch | None:
        """ "we're out of coffee": the coffee, on the shopping list."""
        said = " ".join(text.lower().strip().rstrip("?.!").split())  # "i need to" is the point
        m = _RAN_OUT.match(_END.sub("", said)) or _RAN_OUT.match(plain(text))
        if m is None and (need := _NEED_THINGS.match(_END.sub("", said))):
            # "we need batteries": things, said plainly; "i need milk" may be a craving
            things = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", need.group("items"))
            if not all(_PLAIN_THINGS.match(thing) or is_goods(thing) for thing in things):
                return None
            m = need
        said_items = (m.group("items") or m.groupdict().get("gone") or "") if m else ""
        if not m or _NOT_BOUGHT.search(said_items) or _NOT_SHOPPING.search(said_items):
            return None
        items = items_of(said_items, split)
        if items is None or any(len(i.split()) > 3 or i.split()[0].lower() in DOING for i in items):
            return None  # "i need to buy milk and call jo": a thing to do is no thing to buy
        title = _title(", ".join(items))
        return IntentMatch("task_add", {"title": title, "list_name": "shopping list"}, "ran_out")

    def read(text: str) -> IntentMatch | None:
        said = plain(text)
        for pattern in _READ:
            m = pattern.match(said)
            if not m:
                continue
            name = list_named(m, named)
            if name is False or said in ("list", "my list", "the list"):
                return None
            if "made" in m.groupdict() and not (m.group("made") or m.group("made_by")):
                continue  # "show the list": read by the shapes that name it
            if pattern is _BARE_LIST and _VERB_FIRST.match(said):
                return None  # "add eggs shopping list": no list of that name, a verb said
            return IntentMatch("task_list", {"list_name": name} if name else {}, "read_list")
        return None

    def pointed(text: str) -> IntentMatch | None:
        """ "drop it from the list" in a new conversation: which item is asked (the list too)."""
        m = _POINTED.match(plain(text))
        if m is None:
            return None
        name = "" if m.group("some") else list_named(m, named)
        if not isinstance(name, str):
            return None
        label = list_label(name) if name else ""
        where = f"the {label} list" if label else "the list"
        adds = _ADD_FIRST.match(m.group("verb")) is not None
        if adds != (m.group("way").split()[0] in ("to", "on", "onto", "in", "into")):
            return None  # "add it off the list": not a sentence of lists
        arguments = {"list_name": name} if name else {}
        if adds:
            asked = {"title": f"What should I add to {where}?"}
            if not name:
                asked["list_name"] = "To which list?"
            return IntentMatch("task_add", arguments, "add_to_list", asked, points_back=True)
        asked = {"task": f"Which item should I take off {where}?"}
        return IntentMatch("task_delete", arguments, "remove_from_list", asked, points_back=True)

    def open_and(text: str) -> IntentMatch | None:
        """ "open the grocery list and remove butter": the removal, from that list."""
        m = _OPEN_AND.match(plain(text))
        if m is None:
            return None
        rest, ref = m.group("rest"), m.group("ref")
        if _ADD_FIRST.match(rest):
            return add(f"{rest} to {ref}")
        if _RM_FIRST.match(rest):
            return remove(f"{rest} from {ref}")
        return None

    return [
        ("list_shape_open_and", open_and),
        ("list_shape_pointed", pointed),
        ("list_shape_add", add),
        ("list_shape_add_nothing", add_nothing),
        ("list_shape_clear", clear),
        ("list_shape_remove", remove),
        ("list_shape_read", read),
        ("list_shape_fragment", fragment),
        ("list_shape_ran_out", ran_out),
        *make_shopping_matchers(split),
    ]
