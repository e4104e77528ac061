"""Local intents for mail: the usual ways people send, reply, check, read and search, without the model.

Conservative like every matcher: the whole request must clearly be one of these.
Requests arrive as speech is transcribed too (lower case, no punctuation), so every
pattern is anchored at both ends and names are a few bounded words, never `.*` runs
inside repeats. Sending still goes through approval; a matcher only saves the model's work.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from assistant.api import IntentMatch, Recent
from botpsy_mail.broad import (
    BODY_START,
    broad_read,
    broad_reply,
    broad_send,
    day_phrase,
    past_time,
    plain,
    spoken_days,
)

_NOUN = r"(?:e-?mails?|mails?|messages?)"
_ONE = r"(?:e-?mail|mail|message)"
_NEW = r"(?:(?:new|unread|unopened|recent)\s+)?"
_WORD = r"[\w.@+'-]+"
_WHO = rf"{_WORD}(?:\s+{_WORD}){{0,5}}?"  # bounded: a name or an address, at most six words
_DAY = r"(?:today|yesterday|this morning|this afternoon|this evening|since\s+\w+(?:\s+\w+){0,2}?)"
_WHEN = rf"(?:\s+(?P<day>{_DAY})|\s+(?:so far|yet|lately|recently))?"
_WHEN2 = rf"(?:\s+(?P<day2>{_DAY})|\s+(?:so far|yet|lately|recently))?"
_SAYING = (
    r"(?:saying|that|to say|and say|telling (?:him|her|them)(?: that)?|"
    r"and tell (?:him|her|them)(?: that)?|(?:to let|and let|letting) (?:him|her|them) know(?: that)?|"
    r"(?:informing|to inform|and inform) (?:him|her|them)(?: that)?|wishing(?: (?:him|her|them))?"
    r"|(?:and|to) ask(?: (?:him|her|them))?(?= (?:if|whether|when|what|where|how|who|why|which)\b))"
)
_ABOUT = r"(?:about|regarding|concerning|re)"
# How soon, said after the recipient: not part of a name.
_SOON = re.compile(
    r"\s+(?:now|right now|right away|asap|immediately|quickly|straight away|please|for me)$", re.I
)

# Words that end a name: "ana about the trip" is no sender.
_NOT_NAMES = frozenset(
    [
        "i",
        "me",
        "you",
        "we",
        "they",
        "it",
        "he",
        "she",
        "him",
        "her",
        "them",
        "my",
        "your",
        "our",
        "about",
        "regarding",
        "concerning",
        "re",
        "with",
        "that",
        "which",
        "saying",
        "subject",
        "today",
        "yesterday",
        "tomorrow",
        "this",
        "last",
        "week",
        "morning",
        "in",
        "on",
        "for",
        "at",
        "anything",
        "something",
        "everything",
        "new",
        "unread",
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        *("tonight", "noon", "lunch", "dinner", "breakfast", "weekend"),
        *("anyone", "anybody", "someone", "somebody", "everyone", "everybody", "nobody"),
        *("arrived", "arrive", "come", "came", "yet", "already", "say", "said", "says"),
        # other channels: "reply to the tweet" is no mail
        *("tweet", "post", "comment", "text", "texts", "chat", "whatsapp", "dm", "review"),
        *("ago", "day", "days", "weeks", "hours", "minutes", "before", "weekend"),
        *("is", "are", "was", "were", "so", "very", "really", "not", "too"),
        *(
            "arrives",
            "comes",
            "lands",
            "back",
            "check",
            "checked",
            "inbox",
            "account",
            "address",
            "addresses",
            "please",
            "now",
        ),
        # months that are not also first names ("may", "june", "april" are both)
        *("january", "february", "march", "july", "august"),
        *("september", "october", "november", "december", "first", "second", "third"),
        *("fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "month"),
        *("over", "during"),  # "from ana over the weekend": a time follows
    ]
)

# Who tells the news, not who writes mail: "anything from the bbc today" asks the headlines.
_NEWS_SENDERS = frozenset(
    ["news", "bbc", "cnn", "reuters", "npr", "guardian", "times", "press", "papers", "paper",
     "newspaper", "headlines", "media", "radio", "podcast", "podcasts", "channel", "tv",
     "television", "government", "president"]
)  # fmt: skip

# Words that stand for a person without naming one: never looked up as a contact's name (a
# synced card called "Them ..." or "Everyone ..." must not receive "send them a message").
_NOBODY_NAMED = frozenset(
    ["me", "myself", "us", "you", "him", "her", "them", "he", "she", "they", "his", "hers",
     "their", "everyone", "everybody", "someone", "somebody", "anyone", "anybody", "all"]
)  # fmt: skip

# Mail is the one way botpsy sends a message: "send ana a message saying ..." is an email,
# shown as one before it is sent.
_SEND = [
    # "send an email to ana saying …", "email bob that …", "write to ana about the trip"
    re.compile(
        r"^(?:(?:send|shoot|drop|write)\s+(?:an?\s+)?(?:quick\s+|short\s+)?(?:e-?mail|mail|message)\s+to"
        r"|e-?mail(?:\s+to)?|mail|write\s+(?:an?\s+)?(?:e-?mail\s+)?to)"
        rf"\s+(?P<to>{_WHO})"
        rf"(?:\s+{_ABOUT}\s+(?P<subject>.+?)(?:\s+{_SAYING}\s+(?P<body>.+))?"
        rf"|\s*(?::|{_SAYING})\s+(?P<body2>.+))$",
        re.I,
    ),
    # "send ana an email saying …", "drop bob a quick mail about dinner"
    re.compile(
        rf"^(?:send|shoot|drop|write)\s+(?P<to>{_WHO})\s+(?:an?\s+)?(?:quick\s+|short\s+)?"
        r"(?:e-?mail|mail|message)"
        rf"(?:\s+{_ABOUT}\s+(?P<subject>.+?)(?:\s+{_SAYING}\s+(?P<body>.+))?"
        # a comma after the mail itself (never between names): "send ana a quick email, ..."
        rf"|\s*(?:[:,]\s*(?:{_SAYING}\s+)?|{_SAYING}\s+)(?P<body2>.+))$",
        re.I,
    ),
    # "tell ana by email that …"
    re.compile(
        rf"^tell\s+(?P<to>{_WHO})\s+(?:by|via|in an?|over)\s+e-?mail\s+(?:that\s+)?(?P<body2>.+)$",
        re.I,
    ),
]
_REPLY = re.compile(
    r"^(?:reply|respond|answer|write back)(?P<all>\s+(?:to\s+)?all)?\s+(?:to\s+)?(?P<who>.+?)"
    r"\s+(?:saying|stating|that|to say|with|and say|and tell (?:him|her|them)(?: that)?)(?:\s+that)?"
    r"\s+(?P<body>.+)$",
    re.I,
)
# "reply saying thanks", "respond that i'll be there": what to say, not to whom (the mail
# just read, when there was one; else the assistant asks)
_REPLY_SAYING = re.compile(
    r"^(?:reply|respond|answer|write back)(?P<all>\s+(?:to\s+)?all)?\s+"
    r"(?:saying|stating|to say|and say|that)(?:\s+that)?\s+(?P<body>.+)$",
    re.I,
)
# "it", "that one", "this email": the mail just read, never a sender's name
_THAT_MAIL = re.compile(rf"^(?:it|that|this)(?:\s+(?:one|{_ONE}))?$", re.I)
# A reply with something missing: "reply", "answer with sounds good", "respond to ana's email",
# "reply to the last email". The assistant asks for the rest.
_REPLY_SHORT = re.compile(
    r"^(?:(?:compose|write|draft|open|start)\s+(?:an?\s+)?)?(?:reply|respond|answer|write back)"
    r"(?P<all>\s+(?:to\s+)?all)?"
    rf"(?:\s+to\s+(?P<who>(?:the\s+|that\s+|this\s+|my\s+)?(?:(?:last|latest|newest|most recent)\s+)?"
    rf"(?:{_ONE}(?:\s+from\s+{_WHO})?|{_WHO}'s(?:\s+(?:last|latest))?\s+{_ONE}|{_WHO})))?"
    r"(?:\s+with\s+(?P<body>.+))?$",
    re.I,
)
# "email ana", "send a mail to my aunt", "write an email to bob": who, and nothing to say yet.
_SEND_SHORT = re.compile(
    r"^(?:(?:i\s+(?:need|want|would\s+like)\s+to\s+)?(?:e-?mail(?:\s+to)?|send\s+(?:an?\s+|the\s+)?(?:e-?mail|mail)\s+to"
    r"|(?:write|compose|draft|start|open)\s+(?:an?\s+)?(?:new\s+)?(?:e-?mail|mail)\s+to"
    r"|send\s+(?:an?\s+)?(?:e-?mail|mail)\s+to))"
    rf"\s+(?P<to>{_WHO})$",
    re.I,
)
# "open a new email", "start a blank mail", "compose a new message": a new email, to be filled in
_COMPOSE_NEW = re.compile(
    r"^(?:open|start|begin|create|compose|write|draft|make|type|set up)\s+(?:(?:an?|one)\s+)?"
    r"(?:(?:new|blank|fresh|empty)\s+)+(?:e-?mail|mail|message)(?:\s+(?:now|please))?$",
    re.I,
)
# "send an email to", "send a hello to", "email to": cut off before the name (speech often is)
_TO_NOBODY = re.compile(
    r"^(?:(?:send|shoot|drop|write|compose|draft|start|open)\s+(?:(?:an?|the)\s+)?"
    r"(?:(?:new|quick|short)\s+)?(?P<what>e-?mail|mail|note|line|hello|hi)|e-?mail|mail)\s+to$",
    re.I,
)
_CHECK = [
    # "any new mail from bob", "do i have new messages", "did i get an email from ana"
    re.compile(
        r"^(?:(?:do|did|have)\s+i\s+(?:have|get|got|gotten|receive|received)|is there|are there|got|any)"
        rf"(?:\s+(?:any|an?|some))?\s+{_NEW}{_NOUN}{_WHEN2}(?:\s+from\s+(?P<sender>{_WHO}))?{_WHEN}$",
        re.I,
    ),
    # "let me know whether i got mail from ana", "tell me about new mail from bob"
    re.compile(
        r"^(?:just\s+)?(?:let me know|tell me|notify me|inform me)(?:\s+(?:if|whether)\s+(?:there\s+(?:is|are)"
        r"|i\s+(?:have|got|get)))?(?:\s+(?:about|of))?(?:\s+(?:any|an?))?"
        rf"\s+{_NEW}{_NOUN}(?:\s+from\s+(?P<sender>{_WHO}))?{_WHEN}$",
        re.I,
    ),
    # "list unread messages", "check unread mail"
    re.compile(
        r"^(?:show|check|read|list)(?:\s+me)?\s+(?:my\s+)?(?:unread|new)(?:\s+(?:e-?mails?|mail|messages))?$",
        re.I,
    ),
    # "how many unread emails have i got", "how many emails from ana are there"
    re.compile(
        rf"^how many\s+{_NEW}{_NOUN}(?:\s+from\s+(?P<sender>{_WHO}))?\s+"
        r"(?:do i have|have i got|did i get|have i (?:got|gotten|received)|are there|is there|"
        r"(?:are|is) (?:in my inbox|waiting|unread))"
        rf"(?:\s+from\s+(?P<sender2>{_WHO}))?{_WHEN}$",
        re.I,
    ),
    # "check my email", "show me my inbox", "check for new mail"
    re.compile(
        r"^(?:check|show(?:\s+me)?|read(?:\s+me)?|open|go through|look at|bring up|pull up|give me|let me see)"
        r"\s+(?:(?:my|the|all(?:\s+(?:of\s+)?my)?)\s+)?"
        rf"{_NEW}(?:e-?mails?|mails?|inbox|messages)(?:\s+for\s+me)?{_WHEN}$",
        re.I,
    ),
    # "check emails from ana": reading or opening mail from someone is `read_mail`'s
    re.compile(
        r"^(?:check|look at|let me see|open|bring up|give me)\s+(?:(?:my|the|any|all(?:\s+(?:of\s+)?my)?)\s+)?"
        rf"{_NEW}(?:e-?mails|mails|mail|messages){_WHEN2}\s+from\s+(?P<sender>{_WHO}){_WHEN}$",
        re.I,
    ),
    re.compile(
        r"^check\s+(?:for|if i have|whether i have|if i got|if there (?:is|are))"
        rf"(?:\s+(?:any|an?))?\s+{_NEW}{_NOUN}(?:\s+from\s+(?P<sender>{_WHO}))?{_WHEN}$",
        re.I,
    ),
    # "did bob reply", "has ana written back", "check if bob emailed me"
    re.compile(
        r"^(?:(?:check|see|tell me)\s+(?:if|whether)\s+|(?:did|has|have)\s+)"
        rf"(?P<sender>{_WHO})\s+(?:has\s+)?"
        r"(?:e-?mail(?:ed)?|write|written|wrote|reply|replied|answer(?:ed)?|respond(?:ed)?|"
        r"get back|got back|gotten back|"
        rf"sen[dt](?:\s+me)?\s+(?:an?\s+)?(?:{_ONE}|anything))"
        rf"(?:\s+(?:to\s+)?me)?(?:\s+back)?(?:\s+to\s+my\s+{_ONE})?{_WHEN}$",
        re.I,
    ),
    # "any reply from bob", "anything new in my inbox", "who emailed me today"
    re.compile(
        r"^(?:any|(?:have|did|has)\s+i\s+(?:had|got|gotten|get|received)\s+(?:an?|any))\s+"
        rf"(?:replies|reply|answer|response|word)\s+(?:back\s+)?from\s+(?P<sender>{_WHO}){_WHEN}$",
        re.I,
    ),
    re.compile(
        r"^(?:(?:is there\s+)?anything(?:\s+new)?|what(?:'s| is)(?:\s+new)?)\s+in\s+my\s+"
        rf"(?:inbox|mail|e-?mail){_WHEN}$",
        re.I,
    ),
    re.compile(rf"^who\s+(?:has\s+)?(?:e-?mailed|written to|wrote to)\s+me{_WHEN}$", re.I),
    # "did i get anything from the bank", "have i received something new from ana today":
    # what "i" got from someone is mail; "is there anything from the school" names no
    # receiving and stays the model's (a parcel or a call could be meant)
    re.compile(
        r"^(?:(?:did|have|do|has)\s+i\s+(?:get|got|gotten|receive|received|have|had)\s+"
        rf"(?:anything|something)|got\s+anything)(?:\s+new)?{_WHEN2}\s+from\s+(?P<sender>{_WHO}){_WHEN}$",
        re.I,
    ),
    # "has anything come in from the bank": what came in (to the inbox) from someone
    re.compile(
        r"^(?:has|have|did)\s+(?:anything|something)(?:\s+new)?\s+(?:come|came)\s+in"
        rf"{_WHEN2}\s+from\s+(?P<sender>{_WHO}){_WHEN}$",
        re.I,
    ),
    # "anything from the bank today", "something from tomas yet": a fragment of the same
    # question, with a time that says it asks what came in ("anything new from my boss"
    # says no more than a text or a call would, and stays the model's)
    re.compile(
        rf"^(?:anything|something)\s+from\s+(?P<sender>{_WHO})"
        rf"(?:\s+(?P<day>{_DAY})|\s+(?:so far|yet|lately|recently))$",
        re.I,
    ),
    re.compile(
        rf"^what\s+{_NEW}{_NOUN}\s+(?:do i have|did i get|have i got|came in){_WHEN}$", re.I
    ),
]
_LAST = r"(?:last|latest|newest|most recent|recent|new)"
_ONE_RE = re.compile(rf"\b{_ONE}\b", re.I)
_READ = [
    # "read the last email from ana", "open the message from bob"
    re.compile(
        r"^(?:read|open|show)(?:\s+(?:me|out))?(?:\s+(?:the|my|that))?"
        rf"(?:\s+{_LAST})?\s+{_ONE}\s+(?:from|by)\s+(?P<sender>{_WHO}){_WHEN}$",
        re.I,
    ),
    # "read ana's latest email"
    re.compile(
        rf"^(?:read|open|show)(?:\s+me)?\s+(?P<sender>{_WORD}(?:\s+{_WORD})?)'s(?:\s+{_LAST})?\s+{_ONE}$",
        re.I,
    ),
    # "what does ana's email say", "what's in bob's latest mail"
    re.compile(
        rf"^(?:what(?:'s| is| was)\s+in\s+(?P<sender>{_WORD}(?:\s+{_WORD})?)'s(?:\s+{_LAST})?\s+{_ONE}"
        rf"|what\s+(?:does|did|do)\s+(?P<sender2>{_WORD}(?:\s+{_WORD})?)'s(?:\s+{_LAST})?\s+{_ONE}"
        r"\s+(?:say|said|tell me))$",
        re.I,
    ),
    # "what did ana say in her email"
    re.compile(
        rf"^what did\s+(?P<sender>{_WHO})\s+(?:say|write)\s+in\s+(?:her|his|their|the|that)\s+"
        rf"(?:(?:last|latest)\s+)?{_ONE}$",
        re.I,
    ),
    # "what did the bank send me", "what has ana emailed us"
    re.compile(
        rf"^what\s+(?:did|has|have)\s+(?P<sender>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s+(?:sent|send|e-?mailed|mailed)"
        r"(?:\s+(?:me|us))?(?:\s+(?:today|yesterday|this morning|lately|recently))?$",
        re.I,
    ),
]
# "read me the latest from ana", "open the newest one from the bank": the noun left out
_LATEST_FROM = re.compile(
    r"^(?:read|open|show)(?:\s+(?:me|out))?\s+(?:the|my)\s+(?:last|latest|newest|most recent)"
    rf"(?:\s+one)?\s+(?:from|by)\s+(?P<sender>{_WHO})$",
    re.I,
)
# "read my latest email": no sender, so the newest messages, newest first
_NEWEST = re.compile(
    rf"^(?:(?:read|open|show)(?:\s+(?:me|out))?\s+(?:the|my)|what(?:'s| is| was)\s+(?:the|my))\s+"
    rf"{_LAST}\s+{_ONE}(?:\s+i\s+(?:got|received)|\s+in\s+my\s+inbox)?{_WHEN}$",
    re.I,
)
_SEARCH = [
    # "find the email about the invoice", "read the emails from ana", "where is the mail from bob"
    re.compile(
        r"^(?:(?:find|search for|search|look for|look up|locate|pull up|dig up|dig out|hunt down|track down|fish out|get|show(?:\s+me)?|"
        r"where(?:'s| is| are))\s+(?:(?:the|my|an?|any|all(?:\s+the)?|that|those)\s+)?"
        rf"{_NOUN}|(?:read|show)(?:\s+me)?\s+(?:(?:the|my|all(?:\s+the|\s+my)?)\s+)?"
        r"(?:e-?mails|mails|messages))"
        r"(?P<rest>\s+(?:from|about|regarding|concerning|mentioning|containing|titled|called|with|that)\s.+)$",
        re.I,
    ),
    # "open the email about the concert", "read me the mail regarding the lease": by its topic
    re.compile(
        r"^(?:open|read|show|pull up|bring up)(?:\s+(?:me|up))?\s+(?:the|that|this)\s+"
        rf"(?:(?:last|latest|newest|recent)\s+)?{_ONE}"
        r"(?P<rest>\s+(?:about|regarding|concerning|mentioning|titled|called)\s.+)$",
        re.I,
    ),
    # "are there any emails about the lease", "do i have mail regarding the trip"
    re.compile(
        r"^(?:are there|is there|do i have|did i get|have i got)\s+(?:any\s+|an?\s+)?(?:new\s+)?"
        rf"{_NOUN}(?P<rest>\s+(?:about|regarding|concerning|mentioning|in regard to|with regard to|related to)\s.+)$",
        re.I,
    ),
    # "search my mail for the lease"
    re.compile(
        r"^(?:search|look through|go through|check)\s+(?:(?:my|the)\s+)?(?:e-?mails?|mail|inbox|messages)"
        r"\s+for\s+(?P<rest>.+)$",
        re.I,
    ),
    # "emails from ana about the trip"
    re.compile(
        rf"^(?P<any>(?:the|my|all(?:\s+the|\s+my)?|any)\s+)?{_NOUN}"
        r"(?P<rest>\s+(?:from|about|regarding|concerning|mentioning|containing|titled|called)\s.+)$",
        re.I,
    ),
]
# "delete the email from the bank", "archive ana's last mail", "trash that message": one
# mail put away, named by who sent it (their newest); "that email" is the one just read
_PUT_AWAY = re.compile(
    r"^(?P<verb>delete|remove|trash|bin|erase|get rid of|throw away|archive|file away)\s+"
    r"(?:(?:the|that|this|my)\s+)?(?:(?:last|latest|newest|most recent)\s+)?"
    rf"(?:{_ONE}\s+(?:from|by)\s+(?P<sender>{_WHO})|(?P<sender2>{_WORD}(?:\s+{_WORD})?)'s"
    rf"(?:\s+(?:last|latest|newest))?\s+{_ONE}|(?P<bare>e-?mail|mail))$",
    re.I,
)
# What a mail is put away from or into: "delete the email from my contacts" is no sender
_NOT_SENDERS = frozenset(["contacts", "contact", "list", "calendar", "inbox", "drafts", "outbox"])
_KEY = re.compile(
    r"(?:^|\s)(?P<key>from|about|regarding|concerning|mentioning|containing|titled|called|"
    r"in regard to|with regard to|related to|"
    r"with (?:the )?subject(?: line)?|that (?:mentions?|says?))\s+",
    re.I,
)
_FIELD = {"from": "sender", "titled": "subject", "called": "subject"}
_WHO_SENT = re.compile(
    r"\s+(?:that|which)\s+\S+(?:\s+\S+){0,2}?\s+(?:sent|wrote|forwarded|e-?mailed)\b"
)


_TIME_OF_DAY = re.compile(
    r"^(?:this\s+)?(?:morning|afternoon|evening|noon|midday|lunch(?:time)?|"
    r"(?:\d{1,2}(?::\d\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?:\s*(?:am|pm|a\s?m|p\s?m|o'?\s?clock))?)$",
    re.I,
)


def _since(day: str, now: datetime) -> dict[str, str] | None:
    """ "today" → since today; "yesterday" → that day only; "since 3pm" → since the last 3pm.

    Days are ISO dates counted back from the user's clock (mail is in the past); a clock
    time after "since" is the last time it was that hour, to the minute; "this morning" today.
    """
    said = re.sub(r"^since\s+", "", day.strip(), flags=re.I)
    if said != day.strip() and (hour := past_time(said, now)):
        return {"since": hour}  # "since 3pm": the last 3pm, to the minute
    if _TIME_OF_DAY.match(said) or said.lower().startswith("this "):
        said = "today"
    found = spoken_days(said, now)
    if found is not None and day.strip().lower().startswith("since "):
        found.pop("before", None)
    return found


def _sentence(text: str) -> str:
    text = text.strip().strip('"“”')
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _subject_from(body: str) -> str:
    words = body.rstrip(".!?").split()
    subject = " ".join(words[:6])
    return subject[:1].upper() + subject[1:] + ("…" if len(words) > 6 else "")


def _name(text: str | None, limit: int = 4) -> str | None:
    """A sender or recipient: a few words, none of them a pronoun or a time; else None."""
    words = re.sub(r"^the\s+", "", (text or "").strip(), flags=re.I).split()
    if not words or len(words) > limit:
        return None
    said = " ".join(words)
    if any(w.lower() in _NOT_NAMES for w in re.sub(r"\s+in\s+law\b", "", said).split()):
        return None  # "mother in law" is one relation
    return said


def _topic(text: str) -> str:
    """Search words without the article in front: "the lease" finds "Lease renewal"."""
    text = re.sub(r"^(?:with|for)\s+", "", text.strip(), flags=re.I)  # "the email with the receipt"
    text = re.sub(r"^(?:the|a|an|my|our|his|her|their|any|some)\s+", "", text, flags=re.I)
    text = re.sub(r"^(?:words?|phrase)\s+", "", text, flags=re.I)  # "for the word contract"
    return re.sub(r"\s+(?:today|yesterday|lately|recently)$", "", text, flags=re.I).strip(" ?")


def _search_fields(rest: str) -> dict[str, str] | None:
    """ "from ana about the trip" -> sender and text; None when a part makes no sense."""
    rest = rest.strip().rstrip("?").strip()
    keys = list(_KEY.finditer(rest))
    if not keys or keys[0].start() != 0:
        # "search my mail for the lease (from ana)": what comes first is the search text
        cut = keys[0].start() if keys else len(rest)
        head = re.sub(
            rf"^(?:(?:an?|any|the|all)\s+)?(?:(?:new|unread|recent|latest)\s+)?(?:{_NOUN}|anything)(?:\s+|$)",
            "",
            rest[:cut],
            flags=re.I,
        )
        found = {"text": _topic(head)} if _topic(head) else {}
        if cut < len(rest):
            more = _search_fields(rest[cut:])
            if more is None or ("text" in more and found):
                return None
            found.update(more)
        return found or None
    fields: dict[str, str] = {}
    for n, key in enumerate(keys):
        end = keys[n + 1].start() if n + 1 < len(keys) else len(rest)
        value = rest[key.end() : end].strip()
        word = key.group("key").lower()
        field = _FIELD.get(word, "subject" if "subject" in word else "text")
        if field in fields:
            fields[field] += f" {word} {value}"  # "about the trip about …": keep it as said
            continue
        fields[field] = value
    if "sender" in fields:
        sender = _name(fields["sender"])
        if sender is None:
            return None
        fields["sender"] = sender
    for field in ("text", "subject"):
        if field in fields:
            fields[field] = _topic(fields[field])
            if not fields[field] or len(fields[field].split()) > 10:
                return None
    return fields


# Words no name holds, before "to": "mom want to go shopping" says its message, not why.
_NO_NAME_BEFORE_WHY = (
    r"\b(?:want|wants|wanna|need|needs|would|like|likes|can|could|will|should|is|are|has|have"
    r"|going|got)\b"
)


def make_mail_matchers(
    now: Callable[[], datetime] | None = None,
) -> list[tuple[str, Callable[[str], IntentMatch | None]]]:
    """Check, read, search, reply and send matchers; no request matches two of them.

    `now` is the user's clock (days like "last week" count back from it). The exact
    shapes come first; the broad ones (`botpsy_mail.broad`) take what they leave.
    """
    clock = now or (lambda: datetime.now().astimezone())

    def send_mail(text: str) -> IntentMatch | None:
        text = text.strip()
        for pattern in _SEND:
            m = pattern.match(text)
            if not m:
                continue
            to = m.group("to").strip()
            if len(to.split()) > 6 or to.lower() in _NOBODY_NAMED:
                return None  # "send them a message": who is meant is no contact's name
            if to.lower().split()[0] in {"a", "an", "this", "that", "it"} or set(
                to.lower().split()
            ) & {"asking", "telling", "saying", "and", "with"}:
                return None  # "send an email saying …", "email mike asking about …": no name
            groups = m.groupdict()
            body = groups.get("body") or groups.get("body2")
            subject = groups.get("subject")
            if body:
                arguments = {
                    "to": to,
                    "subject": _sentence(subject).rstrip(".") if subject else _subject_from(body),
                    "body": _sentence(body),
                }
                return IntentMatch("mail_send", arguments, "send_mail")
            if subject:
                return IntentMatch(
                    "mail_send",
                    {"to": to, "subject": _sentence(subject).rstrip(".")},
                    "send_mail",
                    missing={"body": f"What should the email to {to} say?"},
                )
        return None

    def short_reply(text: str) -> IntentMatch | None:
        """ "Reply", "answer with sounds good", "respond to ana's email": ask for what is missing."""
        m = _REPLY_SHORT.match(text.strip().rstrip(".!"))
        if not m:
            return None
        who = _reply_target(m.group("who") or "")
        if (
            m.group("who")
            and who is None
            and not re.match(
                rf"^(?:the|that|this|my)\s+(?:(?:last|latest|newest|most recent)\s+)?{_ONE}$",
                m.group("who"),
                re.I,
            )
        ):
            return None  # "reply to bob saying thanks" is `reply_mail`'s
        if who is not None and who.lower() in ("the", "that", "this", "my", "it", "me"):
            return None
        arguments: dict[str, object] = {"message": who} if who else {}
        missing: dict[str, str] = {}
        if not who:
            missing["message"] = "Which email should I reply to? (who sent it)"
        if m.group("body"):
            arguments["body"] = _sentence(m.group("body"))
        else:
            missing["body"] = "What should the reply say?"
        if m.group("all"):
            arguments["reply_all"] = True
        return IntentMatch("mail_reply", arguments, "reply_mail", missing=missing)

    def short_send(text: str) -> IntentMatch | None:
        """ "Email ana", "write an email to my uncle": ask what it is about and what it says."""
        cut = _TO_NOBODY.match(text.strip().rstrip(".!"))
        if cut:
            said = (cut.group("what") or "").title()
            greeting = said in ("Hello", "Hi")  # "send a hello to": the hello is the message
            return IntentMatch(
                "mail_send",
                {"subject": said, "body": f"{said}."} if greeting else {},
                "send_mail",
                missing={"to": "Who should the email go to?"}
                | ({} if greeting else {"body": "What should the email say?"}),
            )
        if _COMPOSE_NEW.match(text.strip().rstrip(".!")):
            missing = {"to": "Who should the email go to?", "body": "What should the email say?"}
            return IntentMatch("mail_send", {}, "send_mail", missing=missing)
        m = _SEND_SHORT.match(text.strip().rstrip(".!"))
        if not m:
            return None
        to = _SOON.sub("", m.group("to").strip())  # "email ana right away": ana
        # "email ana at her work address": ana (which address is the address book's)
        to = re.sub(
            r"(?:\s+(?:at|on)\s+(?:his|her|their|my|the|this|that)\s+(?:\w+\s+)?|'s\s+|\s+)"
            r"(?:(?:e-?mail\s+)?address|e-?mail)$",
            "",
            to,
            flags=re.I,
        )
        # "email nina to confirm": why, said right after who (what it says is still asked);
        # words that start a message ("... want to go shopping tomorrow") leave it as said
        why = re.search(r"\s+to\s+(?!me\b|us\b)[a-z][\w' -]*$", to, re.I)
        if why and not re.search(_NO_NAME_BEFORE_WHY, to[: why.start()], re.I):
            to = to[: why.start()]
        # "this coworker", "that plumber": who is meant, said by pointing
        to = re.sub(r"^(?:this|that)\s+(?=\w+$)", "", to, flags=re.I)
        bare = re.sub(r"^my\s+", "", to, flags=re.I)
        if any(w.lower() in BODY_START for w in bare.split()[1:]):
            return None  # "email my mum happy birthday": the message follows the name
        if _name(bare, 3) is None or re.match(r"^(?:the|all|everyone|everybody)\b", to, re.I):
            return None  # "email the report to bob": a thing, not a person
        if bare.lower() in {"me", "myself", "us", "you", "him", "her", "them"}:
            return None
        missing = {"body": f"What should the email to {to} say?"}  # the subject: its first words
        return IntentMatch("mail_send", {"to": to}, "send_mail", missing=missing)

    def reply_mail(text: str) -> IntentMatch | None:
        said = _REPLY_SAYING.match(text.strip())
        if said and not _ONE_RE.fullmatch(said.group("body")):
            arguments: dict[str, object] = {"body": _sentence(said.group("body"))}
            if said.group("all"):
                arguments["reply_all"] = True
            missing = {"message": "Which email should I reply to? (who sent it)"}
            return IntentMatch("mail_reply", arguments, "reply_mail", missing=missing)
        m = _REPLY.match(text.strip())
        if not m or len(m.group("who").split()) > 5:
            return None
        if m.group("who").lower() in ("to", "back") or _ONE_RE.fullmatch(m.group("body")):
            return None  # "reply to that email": "that" starts no message
        who = re.sub(
            r"^(?:(?:the|that|this)\s+)?(?:(?:last|latest)\s+)?(?:e-?mail|mail|message)\s+from\s+",
            "",
            m.group("who"),
            flags=re.I,
        )
        who = re.sub(r"'s\s+(?:(?:last|latest)\s+)?(?:e-?mail|mail|message)$", "", who, flags=re.I)
        everyone = who.lower() in ("all", "everyone", "everybody")
        target = None if everyone else _reply_target(who) if _ONE_RE.search(who) else who
        if _THAT_MAIL.match(who):
            target = None  # "reply to it saying thanks": the mail just read
        arguments = {"body": _sentence(m.group("body"))}
        if target:
            arguments = {"message": target} | arguments
        if m.group("all") or everyone:
            arguments["reply_all"] = True
        missing = {} if target else {"message": "Which email should I reply to? (who sent it)"}
        return IntentMatch("mail_reply", arguments, "reply_mail", missing=missing)

    def check_mail(text: str) -> IntentMatch | None:
        text = text.strip().rstrip("?").strip()
        for pattern in _CHECK:
            m = pattern.match(text)
            if not m:
                continue
            groups = m.groupdict()
            said = (groups.get("sender") or groups.get("sender2") or "").strip()
            said = re.sub(r"^my\s+", "", said, flags=re.I)  # "has my mom written back"
            day = groups.get("day") or groups.get("day2")
            sender = _name(said) if said else None
            if said and sender is None:
                # "did i reply", "do i have emails from ana about the trip": not a check
                continue
            if sender and _NEWS_SENDERS & set(sender.lower().split()):
                return None  # "anything from the bbc today": the news
            who = {"sender": sender} if sender else {}
            if day:  # "any mail from ana today": what came since then, read or not
                since = _since(day, clock())
                if since is None:
                    return None
                return IntentMatch("mail_search", who | since, "check_mail")
            return IntentMatch("mail_check", who, "check_mail")
        return None

    def read_mail(text: str) -> IntentMatch | None:
        text = text.strip().rstrip("?").strip()
        for pattern in _READ:
            m = pattern.match(text)
            if m:
                sender = _name(m.group("sender") or m.groupdict().get("sender2"))
                if sender is None:
                    return None
                return IntentMatch("mail_read", {"message": sender}, "read_mail")
        latest = _LATEST_FROM.match(text)
        if latest:
            sender = _name(re.sub(r"^my\s+", "", latest.group("sender"), flags=re.I))
            if sender is None or _NEWS_SENDERS & set(sender.lower().split()):
                return None  # "read me the latest from the bbc": the news
            return IntentMatch("mail_read", {"message": sender}, "read_mail")
        if _NEWEST.match(text):
            # mail_read needs a sender or an id: list the newest, newest first, instead
            return IntentMatch("mail_search", {}, "read_mail")
        return None

    def search_mail(text: str) -> IntentMatch | None:
        text = text.strip().rstrip("?").strip()
        for pattern in _SEARCH:
            m = pattern.match(text)
            if not m:
                continue
            if _WHO_SENT.match(m.group("rest")):
                return None  # "the emails that jonas sent me": the broad reading takes it
            fields = _search_fields(m.group("rest"))
            if not fields:
                return None
            if m.groupdict().get("any") and set(fields) == {"sender"}:
                return None  # "any emails from ana" is a check
            if set(fields) == {"text"} and (when := day_phrase(fields["text"], clock())):
                return IntentMatch("mail_search", when, "search_mail")  # "for the past day"
            return IntentMatch("mail_search", dict(fields), "search_mail")
        return None

    def put_away(text: str) -> IntentMatch | None:
        """ "Delete the email from the bank", "archive that email": the tool asks before it moves."""
        m = _PUT_AWAY.match(text.strip().rstrip(".!"))
        if not m:
            return None
        tool = (
            "mail_archive"
            if m.group("verb").lower().startswith(("archive", "file"))
            else "mail_delete"
        )
        said = m.group("sender") or m.group("sender2")
        sender = _name(re.sub(r"^(?:the|my)\s+", "", said, flags=re.I)) if said else None
        if said and (sender is None or _NOT_SENDERS & set(sender.lower().split())):
            return None
        if sender:
            return IntentMatch(tool, {"message": sender}, "put_away_mail")
        question = "Which email? (who sent it)"
        return IntentMatch(tool, {}, "put_away_mail", missing={"message": question})

    exact = [
        ("check_mail", check_mail),
        ("read_mail", read_mail),
        ("search_mail", search_mail),
        ("reply_mail", reply_mail),
        ("send_mail", send_mail),
        ("short_reply", short_reply),
        ("short_send", short_send),
        ("put_away_mail", put_away),
    ]
    first = [(name, _after_fillers(matcher)) for name, matcher in exact]
    broad = [
        ("any_reading", broad_read(clock)),
        ("any_reply", broad_reply),
        ("any_sending", broad_send),
    ]
    return first + [(name, _unless(first, matcher)) for name, matcher in broad]


Matcher = Callable[[str], IntentMatch | None]


def _after_fillers(matcher: Matcher) -> Matcher:
    """The matcher on the request without "hey", "could you", "i want to", "please"."""
    return lambda text: matcher(plain(text))


def _unless(exact: list[tuple[str, Matcher]], matcher: Matcher) -> Matcher:
    """A broad matcher that leaves what an exact one takes, so no request matches two."""

    def match(text: str) -> IntentMatch | None:
        found = matcher(text)
        if found is None or any(m(text) is not None for _, m in exact):
            return None
        return found

    return match


def _reply_target(said: str) -> str | None:
    """The sender whose mail a reply answers: "ana's last email" → "ana"; None for "the email"."""
    said = said.strip()
    if not said:
        return None
    said = re.sub(r"^(?:the|that|this|my)\s+", "", said, flags=re.I)
    said = re.sub(
        rf"^(?:(?:last|latest|newest|most recent)\s+)?{_ONE}(?:\s+from\s+)?", "", said, flags=re.I
    )
    said = re.sub(rf"'s(?:\s+(?:last|latest))?\s+{_ONE}$", "", said, flags=re.I)
    if not said:
        return None
    return _name(said)


FollowMatcher = Callable[[str, Recent], IntentMatch | None]
# "read it", "open that one", "what does it say": the mail the last turn found, read out.
_READ_THAT = re.compile(
    r"^(?:(?:read|open|show)(?:\s+(?:me|out))?\s+(?:it|that|this|them)(?:\s+(?:one|e-?mail|message))?"
    r"(?:\s+(?:to me|out))?|what\s+(?:does|did)\s+(?:it|that|that\s+(?:one|e-?mail|message))\s+say)$",
    re.I,
)
_PUT_THAT_AWAY = re.compile(
    r"^(?P<verb>delete|remove|trash|bin|erase|archive)\s+(?:it|that|this)(?:\s+(?:one|e-?mail|mail|message))?$",
    re.I,
)
_FOUND_MAIL = ("mail_read", "mail_check", "mail_search", "mail_thread")


def make_mail_followups(
    now: Callable[[], datetime] | None = None,
) -> list[tuple[str, FollowMatcher]]:
    """Mail requests that lean on the mail the last turn read or found.

    After "did i get anything from the bank" or "read ana's email", "forward that to ben",
    "reply saying thanks", "delete it" and "read it" mean that mail: its sender (or id)
    fills the `message` the request left out. Only when the last call was such a mail
    call, and only the argument the request's own match asks for; the rest is as said.
    """
    matchers = make_mail_matchers(now)

    def about_that_mail(text: str, recent: Recent) -> IntentMatch | None:
        call = recent.last()
        if call is None or call.tool not in _FOUND_MAIL:
            return None
        said = call.arguments.get("message") or call.arguments.get("sender")
        if not isinstance(said, str) or not said.strip():
            return None
        bare = plain(text).rstrip("?")
        if _READ_THAT.match(bare):
            return IntentMatch("mail_read", {"message": said}, "read_that_mail")
        away = _PUT_THAT_AWAY.match(bare)
        if away:  # "delete it", "archive that one": the mail just read or found
            tool = "mail_archive" if away.group("verb").lower() == "archive" else "mail_delete"
            return IntentMatch(tool, {"message": said}, "put_away_mail")
        found = next((m for _, matcher in matchers if (m := matcher(text)) is not None), None)
        if found is None or "message" not in found.missing:
            return None
        found.missing.pop("message")
        found.arguments = {"message": said, **found.arguments}
        return found

    return [("about_that_mail", about_that_mail)]
