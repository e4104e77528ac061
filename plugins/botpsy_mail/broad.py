"""Broad mail shapes: what the exact matchers in `intents` leave, read by sentence shape.

A request is taken when its shape says mail: it opens with a reading verb or a question
and names mail (email, mail, inbox, messages), or opens with a sending verb and a mail
noun (send, write, compose, email someone, forward, reply). Guards keep other domains
out: calendar invitations, reminders, lists, contacts and addresses, text messages and
social networks go to their own tools or to the model. Names are a few bounded words;
the recipient of an unmarked body ("email mum running late") is only split off when the
split is plain (a relation like "mum", or a body that starts like a sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from assistant.api import (
    IntentMatch,
    TimeParseError,
    moment_parts,
    parse_moment,
    plain_request,
    without_name,
)

Now = Callable[[], datetime]


# -- words, as data ---------------------------------------------------------------------------
def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# What plain_request leaves on purpose (it may matter elsewhere: "i want to cancel") but a mail
# request never needs: "i want to send an email" is "send an email".
_FILLERS = (
    "now|all right|right|yes|yeah|just|also|quickly|can i|could i|may i|"
    "i want to|i wanna|i need to|i'd like to|i would like to|i have to|i must|help me|let's|lets"
)
_LEADING = re.compile(rf"^(?:(?:{_FILLERS}),?\s+)+", re.I)
# Conditions at the end ("please" is plain_request's); "… saying thanks" is the message itself.
_TRAILING = re.compile(r"(?:,?\s+(?:if you can|if possible|for me))+$", re.I)
_MAIL = r"(?:e-?mails?|mails?|inbox(?:es)?|mailbox(?:es)?|gmail|outlook|messages?)"
_MAIL_RE = re.compile(rf"\b(?:{_MAIL}|e-?mailed|mailed)\b", re.I)
# Words of other domains: any of them and the request is not a plain mail request.
_GUARD = re.compile(
    r"\b(?:calendars?|invit\w*|events?|appointments?|remind\w*(?!\s+e-?mails?)|alarms?|timers?|contacts?|"
    r"address(?:es)?|phone|numbers?|lists?|texts?|texting|sms|whatsapp|voice\s*mails?|"
    r"voice messages?|facebook|twitter|tweets?|instagram|slack|linkedin|news|weather|spam|"
    r"password|log\s?in|sign (?:in|up)|set ?up|settings?|configure|notifications?|"
    r"printer|song|music|podcast|alexa|joke|story|fact|"
    r"history|definition|meaning|spell|spelling|translate|word for|invent\w*)\b"
    # other actions on mail or on other things, as verbs: "… and delete it", "mark as read"
    r"|(?:^|\b(?:and|then|please)\s+)(?:delete|erase|trash|archive|move|mark|unsubscribe|"
    r"block|remove|add|save|store|update|change|print)\b",
    re.I,
)
_SENDING = r"(?:reply|respond|answer|forward|send|write|compose|draft)"
_ASK = re.compile(
    r"^(?:check(?:ing)?|read|show|open|view|see|display|list|find|search|look|get|fetch|pull|"
    r"bring|go|scan|browse|review|give me|tell me|let me know|let me see|summari[sz]e|access|"
    r"load|refresh|what|whats|what's|who|whom|which|where|when|how|any|anything|is|are|do|does|did|"
    r"have|has|had|was|were|new|unread|latest|recent|my|e-?mails|mails|inbox|"
    r"(?:e-?mail|mail)\s+(?:from|about|regarding|today|yesterday)|"
    r"(?:the|all|those|these)\s+(?:\w+\s+)?(?:e-?mails?|mails?)\s|"
    r"i\s+(?:have|got|received|want|wanna|would|need)|am i)\b",
    re.I,
)
_RELATIONS = (
    "mom|mum|mother|mommy|mummy|dad|father|daddy|parents|wife|husband|partner|spouse|boss|"
    "manager|supervisor|sister|brother|siblings|son|daughter|kids|children|family|friends?|"
    "best friend|aunt|auntie|uncle|cousins?|grandma|grandpa|grandmother|grandfather|"
    "grandparents|nephew|niece|colleagues?|co-?workers?|co workers?|team|teammates?|teacher|"
    "doctor|dentist|landlord|landlady|neighbou?rs?|girlfriend|boyfriend|fianc[eé]e?|"
    "room-?mates?|clients?|assistant|secretary|lawyer|accountant|coach|tutor|office|department|"
    "group|staff|employees|students|classmates"
)
_RELATION_RE = re.compile(
    rf"^(?P<to>(?:(?:all|each|every one|everyone|everybody)\s+(?:of\s+)?(?:in\s+)?)?"
    rf"(?:my|our|the)\s+(?:\w+\s+)?(?:{_RELATIONS})|(?:{_RELATIONS}))\b\s*(?P<rest>.*)$",
    re.I,
)
# How a message body usually starts when nothing marks it: "email bob i'm late".
_BODY_START = _words(
    "inviting thanking congratulating reminding welcoming apologizing apologising i i'm im i'll ill i've ive we we're were we'll you you're youre your please hi hello hey "
    "dear can could would will won't don't dont let's lets thanks thank happy remember see meet "
    "call are is do did have good congratulations congrats sorry how what when where "
    "why running on"
)
BODY_START = _BODY_START  # for the exact matchers: a name ends where a message starts
_STOP = _words(
    "check checking inbox account address please now earlier later past hour hours minute minutes "
    "say said says tell told write wrote mean means find show read open search get give look see "
    "bring pull arrived arrive arrives arriving comes lands morning afternoon evening night month january february march "
    "july august september october november december first second third fourth fifth "
    "i me you we they it he she him her them my your our his their about regarding concerning "
    "re with that which saying subject today yesterday tomorrow this last week morning in on "
    "for at and or but to by from anything something everything new unread since recently "
    "lately ago before after email emails mail mails message messages inbox the a an any all "
    "is are was were be been has have had do does did what who when where why how there "
    "monday tuesday wednesday thursday friday saturday sunday tonight noon lunch dinner weekend "
    "anyone anybody someone somebody everyone everybody nobody arrived arrive come came yet "
    "already got get sent ago day days week weeks hour hours minutes before one two three four "
    "five six seven eight nine ten couple few if whether over during"
)
_BODY_MARK = (
    r"(?:saying|say|says|that says|which says|to say|and say|and said|stating|telling (?:him|her|them)"
    r"(?: that)?|and tell (?:him|her|them)(?: that)?|to tell (?:him|her|them)(?: that)?|"
    r"asking(?: (?:him|her|them))?|and ask (?:him|her|them)|to ask (?:him|her|them)|"
    r"(?:and|to) ask(?= (?:if|whether|when|what|where|how|who|why|which)\b)|"
    r"(?:to let|and let|letting) (?:him|her|them) know(?: that)?|(?:informing|to inform|and inform) "
    r"(?:him|her|them)(?: that)?|wishing(?: (?:him|her|them))?|"
    r"with the (?:message|text|words)|with (?:a )?(?:message|note)|reading|that|with|:)"
)
_ABOUT = (
    r"(?:about|regarding|concerning|re|on the subject of|with (?:the )?subject(?: line)?(?: of)?)"
)
_CHANNEL = r"(?:\s+(?:by|via|through|over|on|in an?|using)\s+(?:e-?mail|mail|gmail|outlook))"


def plain(text: str) -> str:
    """The request without what plain_request leaves and mail never needs: "i want to",
    "just", a name before "please" ("nora please reply …"), "e mail" as transcribed.
    """
    text = " ".join(text.strip().rstrip(".!?").split())
    text = re.sub(r"\b(e|g)\s+mail", r"\1mail", text, flags=re.I)  # "e mail" as transcribed
    text = re.sub(r"^[a-z]+,?\s+please\s+", "", text, flags=re.I) if _vocative(text) else text
    text = without_name(text, _COMMANDS, _NOT_NAMES)
    text = plain_request(_LEADING.sub("", plain_request(text)))
    return plain_request(_TRAILING.sub("", text).strip())


# A name said before a mail command ("juno, check my email"): assistant.api.without_name.
_COMMANDS = (
    r"send|check|read|reply|respond|forward|write|compose|draft|open|search|"
    r"did\s+i|do\s+i|have\s+i|any\s+(?:new\s+)?e-?mails?"
)
_NOT_NAMES = frozenset(
    [
        "e-mail",
        "email",
        "mail",
        "respond",
        "forward",
        "compose",
        "draft",
        "new",
        "any",
        "unread",
        "latest",
        "last",
        "recent",
        "all",
        "give",
        "draw",
        "quickly",
    ]
)


def _vocative(text: str) -> bool:
    first = text.split(maxsplit=1)[0].lower().rstrip(",") if text else ""
    return bool(re.match(r"^[a-z]+,?\s+please\s+", text, re.I)) and not re.match(
        rf"^(?:{_SENDING}|e-?mail|mail|check|read|show|open|find|search|tell|ask|let|go|look)$",
        first,
    )


def _sentence(text: str) -> str:
    text = text.strip().strip("\"“”'")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _subject_from(body: str) -> str:
    words = body.rstrip(".!?").split()
    subject = " ".join(words[:6])
    return subject[:1].upper() + subject[1:] + ("…" if len(words) > 6 else "")


def _name(words: list[str]) -> str | None:
    if not words or len(words) > 3 or any(w.lower() in _STOP for w in words):
        return None
    return " ".join(words)


# -- days -------------------------------------------------------------------------------------
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
)
_ORDINAL = (
    r"(?:\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    r"tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
    r"nineteenth|twentieth|(?:twenty|thirty)(?:[ -](?:first|second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth))?|thirtieth)"
)
_DAY_RE = re.compile(
    r"\b(?P<day>earlier today|today|tonight|yesterday|last night|in the (?:morning|afternoon|evening)|"
    r"(?:an?|one|two|three|four|five|six|\d{1,2}) (?:hours?|minutes?) ago|"
    r"(?:the )?(?:last|past) (?:24|twenty four) hours|this (?:morning|afternoon|evening|week|month)|"
    r"(?:last|past|previous) (?:week|month|\w+ days|\w+ weeks|day|couple of days|few days)|"
    r"(?:on |since |from |last )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"since (?:this morning|noon|midday|lunch(?:time)?|\w+ ?(?:am|pm|a m|p m|o'?clock))|"
    r"(?:in the )?(?:last|past) (?:\w+ )?(?:minutes?|hours?)|(?:the )?day before yesterday|"
    r"(?:a|one|two|three|four|five|six|\d) (?:days?|weeks?) ago|(?:this|last|past|(?:over|during|at) the) weekend|"
    rf"(?:the )?{_ORDINAL}(?: of)? {_MONTH}|{_MONTH}(?: the)? {_ORDINAL}|(?:on|from|since) the {_ORDINAL})\b",
    re.I,
)


def past_time(said: str, now: datetime) -> str | None:
    """ "3pm", "five o'clock" → the last time it was that hour, as ISO; None if not a clock time.

    Mail is in the past: "since 3pm" said at 9am means yesterday's 3pm.
    """
    if not re.search(r"\d|o'?\s?clock|\b(?:am|pm|a m|p m|noon|midday)\b", said, re.I):
        return None  # "this morning": the day, not an hour
    try:
        moment = parse_moment(said, now)
        if moment.all_day or moment_parts(said, now)[0]:
            return None  # a day was named: the day rules below read it
    except TimeParseError:
        return None
    start = moment.start - timedelta(days=1) if moment.start > now else moment.start
    return start.isoformat(timespec="minutes")


def _days(said: str, now: datetime) -> dict[str, str] | None:
    """A spoken day as `since`/`before` days, counted back from now (mail is in the past)."""
    said = said.lower()
    today = now.date()
    if said.startswith("since ") and (hour := past_time(said[6:], now)):
        return {"since": hour}  # "since 3pm": to the minute
    weekday = re.search(r"(on |since |from |last )?(\w+day)$", said)
    if weekday and weekday.group(2) in _WEEKDAYS:
        back = (today.weekday() - _WEEKDAYS.index(weekday.group(2))) % 7 or 7
        day = today - timedelta(days=back)
        if (weekday.group(1) or "").strip() == "since":
            return {"since": day.isoformat()}
        return _range(day, day + timedelta(days=1))
    if re.search(r"(?:24|twenty four) hours", said):
        return {"since": (today - timedelta(days=1)).isoformat()}
    hours = re.search(r"(?:last|past) (?:(\w+) )?(hours?|minutes?)$", said)
    if hours:  # "in the last three hours": to the minute, counted back from now
        count = _count(hours.group(1) or "one")
        if count is None:
            return None
        unit = timedelta(hours=1) if hours.group(2).startswith("hour") else timedelta(minutes=1)
        return {"since": (now - count * unit).isoformat(timespec="minutes")}
    if said in ("today", "tonight", "earlier today") or re.search(
        r"minute|hour|since|this (?:morning|after|even)|^in the", said
    ):
        return {"since": today.isoformat()}
    if said.endswith("day before yesterday"):
        return _range(today - timedelta(days=2), today - timedelta(days=1))
    ago = re.match(r"^(\w+) (days?|weeks?) ago$", said)
    if ago:
        n = int(ago.group(1)) if ago.group(1).isdigit() else _NUMBERS.get(ago.group(1), 0)
        day = today - timedelta(days=n * (7 if "week" in ago.group(2) else 1))
        return (
            {"since": day.isoformat()}
            if "week" in ago.group(2)
            else _range(day, day + timedelta(days=1))
        )
    if said.endswith("weekend"):
        saturday = today - timedelta(days=(today.weekday() - 5) % 7 or 7)
        return _range(saturday, saturday + timedelta(days=2))
    if said in ("yesterday", "last night"):
        return _range(today - timedelta(days=1), today)
    if said == "this week":
        return {"since": (today - timedelta(days=today.weekday())).isoformat()}
    if said == "this month":
        return {"since": today.replace(day=1).isoformat()}
    if re.search(r"(?:last|past|previous) week$", said):
        start = today - timedelta(days=today.weekday() + 7)
        return _range(start, start + timedelta(days=7))
    if re.search(r"(?:last|past|previous) month$", said):
        end = today.replace(day=1)
        return _range((end - timedelta(days=1)).replace(day=1), end)
    if re.search(rf"\b{_MONTH}\b|\bthe {_ORDINAL}$", said):
        return _calendar_day(re.sub(r"^(?:on|from|since) ", "", said), now)
    counted = re.search(r"(?:last|past|previous) (\w+|couple of|few) (days?|weeks?)$", said)
    if counted:
        word = counted.group(1)
        count = {"couple of": 2, "few": 3}.get(word) or _NUMBERS.get(word)
        if count is None and word.isdigit():
            count = int(word)
        if count is None:
            return None
        return {
            "since": (
                today - timedelta(days=count * (7 if "week" in counted.group(2) else 1))
            ).isoformat()
        }
    return None


def _calendar_day(said: str, now: datetime) -> dict[str, str] | None:
    """ "march third", "the 2nd": through assistant.timeparse, moved into the past (mail is)."""
    try:
        day = parse_moment(said, now).start.date()
    except TimeParseError:
        return None
    today = now.date()
    if day > today:
        month = re.search(rf"\b{_MONTH}\b", said)
        if month:
            day = day.replace(year=day.year - 1)
        else:
            back = (day.replace(day=1) - timedelta(days=1)).replace(day=1)
            try:
                day = back.replace(day=day.day)
            except ValueError:
                return None
        if day > today:
            return None
    return _range(day, day + timedelta(days=1))


_COUNTS = {
    **_NUMBERS,
    **{w: n for n, w in enumerate(["eight", "nine", "ten", "eleven", "twelve"], start=8)},
    "couple of": 2,
    "few": 3,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty five": 45,
}


def _count(word: str) -> int | None:
    return int(word) if word.isdigit() else _COUNTS.get(word)


def day_phrase(said: str, now: datetime) -> dict[str, str] | None:
    """`since`/`before` when the whole of `said` is a spoken time ("the last two hours")."""
    said = re.sub(r"^(?:the|in the|over the|during the)\s+", "", said.strip(), flags=re.I)
    return _days(said, now) if _DAY_RE.fullmatch(said) else None


def spoken_days(said: str, now: datetime) -> dict[str, str] | None:
    """`since`/`before` ISO days for a spoken day ("yesterday", "last week", "on monday")."""
    return _days(said, now)


def _range(start: date, end: date) -> dict[str, str]:
    return {"since": start.isoformat(), "before": end.isoformat()}


# -- reading ----------------------------------------------------------------------------------
# The user's own mail: "my", "me", "i", "any", "new", "from", "the latest" …
_MINE = re.compile(
    r"\b(?:my|me|i|i'?ve|i'?m|i'?d|any|anything|new|unread|received|incoming|inbox|mailbox|"
    r"from|latest|recent|last|today|yesterday|this|that|those|these|sent|did|has|have|"
    r"thread|conversation|there|came|come|arrived|got)\b|\b(?:e-?mails|mails|messages)\s+by\b",
    re.I,
)
_HOW_TO = re.compile(r"^(?:how|why)\s+(?:do|does|can|could|should|would|to|is|are)\b", re.I)
# About the mail service or the assistant, not the mail in it: "is my email working",
# "how many emails can i send", "do you have an email", "what's my email" (an address).
_NOT_READING = re.compile(
    r"\b(?:you|your|work(?:s|ing|ed)|broken|down|full|slow|problems?|issues?|errors?|wrong|fix\w*|secure|"
    r"safe|hack\w*|(?:can|could|should|may|must)\s+i)\b|"
    # the post, not e-mail: "what time does the mail come", "check the mailbox outside"
    r"\b(?:postman|mailman|post\s+office|postal|letters?|parcels?|packages?|outside|front\s+door)\b|"
    r"^what\s+time\s+(?:does|do|will|did)\s+(?:the\s+)?(?:mail|post)\b|"
    r"^(?:what|whats|what's)\s+(?:is\s+)?(?:my|his|her|their)\s+e-?mail$|"
    r"\be-?mail\s+(?:address(?:es)?|id|contact)\b|"
    r"^(?:what|whats|what's)\s+(?:is\s+)?(?:the\s+)?e-?mail\s+(?:of|for)\b|"
    r"^(?:what|whats|what's)\s+(?:is\s+)?[\w.'-]+(?:\s+[\w.'-]+)?'s\s+e-?mail$",
    re.I,
)
_SENT = re.compile(
    r"\b(?:i\s+(?:have\s+|had\s+)?(?:sent|send|e-?mailed|mailed|wrote|written)|"
    r"did i (?:send|e-?mail|mail|write)|have i (?:sent|e-?mailed|written)|"
    r"sent (?:e-?mails?|mails?|messages?|items|folder|box)|outbox)\b",
    re.I,
)
_FROM = re.compile(r"\b(?:from|by|sent by)\s+(?P<who>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,4})", re.I)
_WROTE = re.compile(
    r"\b(?:did|has|have|had)\s+(?P<who>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,2}?)\s+(?:ever\s+|already\s+)?"
    r"(?:sen[dt]|e-?mail(?:ed)?(?!\s+(?:arrived|come|came|arrive|shown|show|got))|mail(?:ed)?|"
    r"write|wrote|written|repl(?:y|ied)|respond(?:ed)?|"
    r"answer(?:ed)?|(?:get|got|gotten) back)\b",
    re.I,
)
_WHO_SENT = re.compile(
    r"\b(?:(?:that|which)\s+|(?<=mail\s)|(?<=mails\s)|(?<=message\s)|(?<=messages\s))"
    r"(?P<who>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,2}?)\s+"
    r"(?:sent|wrote|forwarded|e-?mailed)(?:\s+(?:me|to me|us))?(?:\s|$)",
    re.I,
)
_POSSESSIVE = re.compile(
    rf"\b(?P<who>[\w.@+-]+(?:\s+[\w.@+-]+)?)\s*'s\s+(?:\w+\s+)?{_MAIL}\b", re.I
)
_TOPIC = re.compile(
    r"\b(?P<key>about|regarding|concerning|related to|to do with|mentioning|containing|"
    r"on(?=\s+(?:the|my|our|a|an)\s+(?!(?:\w+\s+)?(?:day|days|week|weekend|morning|afternoon|"
    r"evening|night|\w+day)\b))|"
    r"that (?:mention|mentions|contain|contains|say|says)|titled|called|"
    r"with (?:the |a )?subject(?: line)?(?:\s+(?:of|that (?:contains|says|mentions)))?"
    r"(?:\s+the words?)?)\s+(?P<what>.+)$",
    re.I,
)
_TOPIC_END = re.compile(
    r"\s+(?:from|by|sent|since|today|yesterday|this|last|past|in the|on|and|or|that i|i got|"
    r"i received|recently|lately)\b.*$",
    re.I,
)
_ONE_MAIL = re.compile(
    r"\b(?:the|that|this|his|her|their|an?)\s+(?:(?:last|latest|newest|most recent|recent|new)\s+)?"
    r"(?:e-?mail|mail|message)\b(?!s)",
    re.I,
)


# "ana at example dot com" as speech transcribes an address
_ADDRESS = re.compile(
    r"^(?P<to>[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[\w.+-]+ at [\w-]+(?: dot [\w-]+)+)\b\s*(?P<rest>.*)$",
    re.I,
)


def _who(said: str) -> str | None:
    address = _ADDRESS.match(said.strip())
    if address:
        return address.group("to")
    words = re.sub(r"^(?:my|our|the)\s+", "", said.strip(), flags=re.I).split()
    kept: list[str] = []
    for n, word in enumerate(words):
        if word.lower() == "in" and [w.lower() for w in words[n + 1 : n + 2]] == ["law"]:
            kept.append(word)  # "my mother in law": one relation
            continue
        if word.lower() in _STOP:
            break
        kept.append(word)
    return _name(kept) if kept else None


def _topic(said: str) -> str | None:
    said = _TOPIC_END.sub("", said.strip())
    said = re.sub(r"^(?:the|a|an|my|our|his|her|their|any|some)\s+", "", said, flags=re.I)
    said = said.strip(" ?\"'")
    if not said or len(said.split()) > 6:
        return None
    return said


def _is_reading(text: str) -> bool:
    """A reading verb or a question, the user's mail named, and nothing of another domain."""
    if not _ASK.match(text) or not _MAIL_RE.search(text) or not _MINE.search(text):
        return False  # "what is email", "who invented email": about mail, not the user's
    if _HOW_TO.match(text) or _NOT_READING.search(text):
        return False
    topic = _TOPIC.search(text)
    rest = text[: topic.start()] if topic else text  # "the email about my appointment"
    rest = rest.split(maxsplit=1)[1] if rest.lower().startswith("list ") else rest
    if _GUARD.search(rest):
        return False
    if re.search(rf"(?:^|\band\s+|\bthen\s+|\bto\s+){_SENDING}\b", text, re.I):
        return False  # "open the mail and reply": a reply
    if re.search(r"\b(?:e-?mail|mail|message)\s+(?:over\s+)?to\b", text, re.I) and not _SENT.search(
        text
    ):
        return False  # "open a new email to ana": writing one
    return not (
        re.search(r"\bmessages?\b", text, re.I)
        and not re.search(r"\b(?:e-?mails?|mails?|inbox|mailbox|gmail|outlook)\b", text, re.I)
        and re.search(r"\b(?:play|listen|record|voice|video|chat|phone)\b", text, re.I)
    )


# A bare fragment that names the user's mail: "emails", "my gmail", "yesterday's emails".
_FRAGMENT = re.compile(
    r"^(?!(?:e-?mail|mail)$)(?:(?:my|the|all|any|new|unread|latest|recent)\s+)*"
    r"(?:(?P<day>today'?s|yesterday'?s|this morning'?s|last night'?s|last week'?s)\s+)?"
    r"(?:(?:new|unread)\s+)?(?:e-?mails?|mails?|inbox|mailbox|gmail|outlook)"
    r"(?:\s+(?:check|please|now|inbox|account))?$"
    r"|^(?:check|open|show|read|refresh|view)(?:\s+me)?\s+(?:my\s+)?(?:gmail|outlook|mailbox)$",
    re.I,
)
# "what does the last email say", "read the newest one in my inbox": the newest mail.
_NEWEST = re.compile(
    r"^(?:what\s+(?:does|did|do)\s+(?:the|my)\s+(?:last|latest|newest|most recent|new)\s+"
    r"(?:e-?mails?|mails?|messages?)\s+(?:say|said|read|contain)"
    r"|(?:read|open|show)(?:\s+(?:me|out))?\s+(?:the|my)\s+(?:last|latest|newest|most recent)\s+"
    r"(?:e-?mail|mail|message|one)(?:\s+(?:in|from)\s+my\s+(?:inbox|mailbox|e-?mail|mail))?)$",
    re.I,
)


# Words to look for in the mail: "look for the lease in my emails", "search inbox ana"
_INSIDE = re.compile(
    r"^(?:(?:look|search)\s+for|find|search)\s+(?P<q>(?!(?:my|any|all)\s)[\w'-]+(?:\s+[\w'-]+){0,3}?)"
    r"\s+in\s+(?:my|the)\s+(?:e-?mails?|mails?|inbox|mailbox)$"
    r"|^search\s+(?:my\s+|the\s+)?(?:inbox|e-?mails?|mails?|mailbox)\s+(?!for\b)(?P<q2>[\w'-]+(?:\s+[\w'-]+){0,3})$",
    re.I,
)
# "has my order confirmation email arrived": the mail named by what it is about
_AWAITED = re.compile(
    r"^(?:has|have|did|is|are)\s+(?:my|the|an?|that|any)\s+(?P<what>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+"
    r"(?:e-?mails?|mails?)\s+(?:arrived|arrive|come|came|come in|shown up|show up|got here|been sent)\b",
    re.I,
)


def broad_read(now: Now) -> Callable[[str], IntentMatch | None]:
    """Reading verbs and questions about mail: check, search, read, thread."""

    def match(text: str) -> IntentMatch | None:
        text = plain(text)
        fragment = _FRAGMENT.match(text)
        if fragment:  # "emails", "gmail", "yesterday's mail", "inbox check"
            day = fragment.group("day")
            since = _days(day.replace("'s", ""), now()) if day else None
            return (
                IntentMatch("mail_search", since, "search_mail")
                if since
                else IntentMatch("mail_check", {}, "check_mail")
            )
        if not _is_reading(text):
            return None
        inside = _INSIDE.match(text)  # "look for amy in my emails", "search inbox amy"
        if inside:
            words = _topic(inside.group("q") or inside.group("q2"))
            return IntentMatch("mail_search", {"text": words}, "search_mail") if words else None
        awaited = _AWAITED.match(text)
        if awaited and _topic(awaited.group("what")):
            return IntentMatch(
                "mail_search", {"text": _topic(awaited.group("what"))}, "search_mail"
            )
        if _NEWEST.match(text):
            return IntentMatch("mail_search", {}, "read_mail")  # the newest, newest first
        topic = _TOPIC.search(text)
        arguments: dict[str, object] = {}
        day = _DAY_RE.search(text)
        if day:
            since = _days(day.group("day"), now())
            if since is None:
                return None
            arguments.update(since)
            if re.search(rf"\bsince\s+{re.escape(day.group('day'))}", text, re.I):
                arguments.pop("before", None)  # "since last week": up to now
        if _SENT.search(text):
            to = re.search(r"\bto\s+(?P<who>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,3})", text, re.I)
            who = _who(to.group("who")) if to else None
            found: dict[str, object] = {"folder": "Sent", **arguments}
            if who:
                found["text"] = who
            return IntentMatch("mail_search", found, "search_mail")
        sender = None
        for pattern in (_WROTE, _FROM, _WHO_SENT, _POSSESSIVE):
            m = pattern.search(text)
            if m:
                said = m.group("who")
                if pattern is _POSSESSIVE:  # "find amy's email": the words before 's, not the verb
                    said = " ".join(w for w in said.split() if w.lower() not in _STOP)
                sender = _who(said)
                if sender:
                    break
        thread = re.search(r"\b(?:thread|conversation)\s+with\s+(?P<who>.+)$", text, re.I)
        if thread and _who(thread.group("who")):
            return IntentMatch("mail_thread", {"message": _who(thread.group("who"))}, "read_mail")
        if topic:
            words = _topic(topic.group("what"))
            if words is None:
                return None
            arguments["subject" if "subject" in topic.group("key").lower() else "text"] = words
        if sender:
            arguments["sender"] = sender
        single = _ONE_MAIL.search(text) and re.match(
            r"^(?:read|open|show|view|what did)\b", text, re.I
        )
        if sender and single and set(arguments) == {"sender"}:
            tool = (
                "mail_thread"
                if re.search(r"\b(?:thread|conversation)\b", text, re.I)
                else "mail_read"
            )
            return IntentMatch(tool, {"message": sender}, "read_mail")
        if set(arguments) <= {"sender"} and not re.search(r"\b(?:all|old|every)\b", text, re.I):
            return IntentMatch("mail_check", arguments, "check_mail")
        return IntentMatch("mail_search", arguments, "search_mail")

    return match


# -- sending ----------------------------------------------------------------------------------
_SEND_NOUN = re.compile(
    r"^(?:(?P<verb>send|shoot|drop|write|compose|draft|prepare|create|start|publish|type|make|"
    r"open|begin|fire|put together|write up)(?:\s+(?:out|off))?\s+|(?=new\s))(?:(?:an?|the|new|quick|short|brief|little)\s+)*"
    r"(?:(?!to\b|for\b|an?\b|the\b)[\w'-]+\s+){0,2}?"
    rf"(?:e-?mails?|mails?|(?:message|note)(?=.*{_CHANNEL}))(?:\s+message)?(?P<tail>(?:\s.*)?)$",
    re.I,
)
_SEND_WHO_NOUN = re.compile(
    r"^(?P<verb>send|shoot|drop|write)\s+(?P<to>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,3}?)\s+"
    rf"(?:an?\s+)?(?:quick\s+|short\s+|new\s+)?(?:e-?mail|mail|(?:message|note)(?=.*{_CHANNEL}))"
    r"(?P<tail>(?:\s.*)?)$",
    re.I,
)
_EMAIL_VERB = re.compile(r"^(?P<verb>e-?mail|mail)(?:\s+to)?\s+(?P<tail>.+)$", re.I)
# "write ana that i'm late", "write my boss saying i'm sick": a person, then what to say
_WRITE_WHO = re.compile(
    r"^write\s+(?P<tail>(?!(?:to|an?|the|it|this|that|these|those|down|up|out|back|off|me|us|"
    r"something|everything|anything|in|on|about|for)\b).+)$",
    re.I,
)
_TELL = re.compile(
    r"^(?:tell|ask|inform|notify|let|contact|ping|message|write\s+to|reach\s+out\s+to|get\s+in\s+touch\s+with|"
    rf"remind)\s+(?P<tail>.+?){_CHANNEL}(?:\s+(?P<after>.+))?$",
    re.I,
)
_REPLY = re.compile(
    r"^(?P<verb>(?:reply|respond|answer)(?:\s+back)?|write\s+back|"
    r"(?:send|compose|write|draft|start|type) (?:an? )?(?:reply|response|answer))"
    r"(?P<all>\s+(?:to\s+)?all)?(?P<tail>(?:\s.*)?)$",
    re.I,
)
_OPEN_AND_REPLY = re.compile(
    rf"^(?:open|read|check)\s+(?P<what>.*?{_MAIL}.*?)\s+(?:and|then)\s+(?:then\s+)?"
    r"(?P<verb>reply|respond|answer|write back|forward)(?P<tail>(?:\s.*)?)$",
    re.I,
)
_FORWARD = re.compile(
    r"^(?:(?:forward|fwd|pass on|pass along|send on)\s+|(?=(?:send|pass)\s+(?:the|this|that|my)\s+"
    r"(?:.+\s)?(?:e-?mail|mail|message)\b.*\s(?:on|along|over)\s+to\s)(?:send|pass)\s+)"
    r"(?P<what>.+?)(?:\s+(?:on|along|over)(?=\s+to\s))?"
    r"(?:\s+to\s+(?P<to>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,3}))?"
    r"(?:\s+(?:saying|with (?:a |the )?note|and say|and tell (?:him|her|them))\s+(?P<note>.+))?$",
    re.I,
)


# "send the bank's email to my accountant", "pass the mail from ana on to ben": a mail that
# came in, named by its sender, sent on: a forward, not a new email
_SEND_ON = re.compile(
    r"^(?:send|pass|share)\s+(?P<what>(?:the\s+)?[\w.'-]+(?:\s+[\w.'-]+)?'s\s+"
    r"(?:(?:last|latest|newest|new)\s+)?(?:e-?mail|mail|message)"
    r"|(?:the|this|that)\s+(?:(?:last|latest|newest)\s+)?(?:e-?mail|mail|message)\s+from\s+"
    r"[\w.@'-]+(?:\s+[\w.@'-]+){0,2}?)(?:\s+(?:on|along|over))?"
    r"\s+(?:to|with)\s+(?P<to>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,3})$",
    re.I,
)


def _recipient(tail: str) -> tuple[str | None, str]:
    """ "to my boss about x" → ("my boss", "about x"); the recipient and what follows it."""
    tail = re.sub(r"^(?:(?:over|across|off|out)\s+)?(?:to|for)\s+", "", tail.strip(), flags=re.I)
    relation = _RELATION_RE.match(tail)
    if relation:
        return relation.group("to"), relation.group("rest")
    address = _ADDRESS.match(tail)
    if address:
        return address.group("to"), address.group("rest")
    words = tail.split()
    if words and words[0].lower() in ("my", "our", "the"):
        # "to the recruiter about …": a role or a name after the article
        role = _name_words(words[1:])
        if 0 < len(role) <= 2:
            return " ".join(words[: len(role) + 1]), " ".join(words[len(role) + 1 :])
    kept = _name_words(words)
    if kept and len(words) > len(kept) + 1 and words[len(kept)].lower() == "and":
        # "bob and alice saying …": two names when a name follows "and" and then a mark or the end
        more = _name_words(words[len(kept) + 1 :])
        after = words[len(kept) + 1 + len(more) :]
        if more and (not after or re.match(rf"^(?:{_BODY_MARK}|{_ABOUT})$", after[0], re.I)):
            kept = [*kept, "and", *more]
    if not kept or len(kept) > 7:
        return None, tail
    return " ".join(kept), " ".join(words[len(kept) :])


def _name_words(words: list[str]) -> list[str]:
    """The words of a name at the start: up to three, none a mark, a stop word or a body start."""
    kept: list[str] = []
    for n, word in enumerate(words):
        low = word.lower()
        mark = re.match(rf"^{_BODY_MARK}$|^{_ABOUT}$|^(?:by|via|over|through|and|to)$", low)
        if mark or (n > 0 and low in _BODY_START) or low in _STOP:
            break
        kept.append(word)
    return kept if len(kept) <= 3 else []


# A finite verb makes words after the recipient a sentence: "the train is late", "we won".
_CLAUSE = re.compile(
    r"\b(?:is|are|was|were|will|would|has|have|had|can|can't|cannot|won't|isn't|aren't|wasn't|"
    r"did|didn't|does|doesn't|do|don't|got|gets|need|needs|want|wants|looks|starts|ends|moved|"
    r"arrived|left|works|worked|went|came|should|must|might)\b",
    re.I,
)


def _message_parts(rest: str) -> tuple[str | None, str | None] | None:
    """What follows the recipient → (subject, body); None when it makes no sense."""
    rest = re.sub(rf"^{_CHANNEL}", "", " " + rest.strip(), flags=re.I).strip()
    rest = re.sub(r"^for me\b\s*", "", rest, flags=re.I)
    rest = re.sub(
        r"^(?:now|right now|right away|asap|immediately|quickly|straight away|today)$",
        "",
        rest,
        flags=re.I,
    )
    if not rest:
        return None, None
    about = re.match(
        rf"^{_ABOUT}\s+(?P<subject>.+?)(?:\s+{_BODY_MARK}\s+(?P<body>.+))?$", rest, re.I
    )
    if about:
        return _sentence(about.group("subject")).rstrip("."), about.group("body")
    body = re.match(rf"^(?:{_BODY_MARK}\s*)(?:that\s+)?(?P<body>.+)$", rest, re.I)
    if body:
        return None, body.group("body")
    if rest.split()[0].lower() in _BODY_START or re.match(
        r"^(?:to\s+)?(?:want|wants|need|needs)\b", rest, re.I
    ):
        return None, rest
    if len(rest.split()) >= 3 and _CLAUSE.search(rest):
        return None, rest  # "the meeting is cancelled": a sentence, so the message itself
    return None


def _send(
    to: str | None, subject: str | None, body: str | None, tool: str = "mail_send"
) -> IntentMatch:
    arguments: dict[str, object] = {}
    missing: dict[str, str] = {}
    if to:
        arguments["to"] = to
    else:
        missing["to"] = "Who should the email go to?"
    if body:
        arguments["subject"] = subject or _subject_from(body)
        arguments["body"] = _sentence(body)
    else:  # one question: the subject comes from the body's first words unless said
        if subject:
            arguments["subject"] = subject
        missing["body"] = f"What should the email{' to ' + to if to else ''} say?"
    return IntentMatch(tool, arguments, "send_mail", missing=missing)


def _bad_recipient(to: str) -> bool:
    low = to.lower()
    return bool(
        re.match(r"^(?:me|myself|us|you|him|her|them|it|this|that|these|those)\b", low)
        or re.search(r"\b(?:report|file|document|photo|picture|attachment|link|list|it)\b", low)
    )


_THIS = re.compile(
    r"^(?:send|e-?mail|mail|share)\s+(?:this|that|it)(?:\s+(?:content|message|text|page|one))?"
    rf"(?:(?P<channel>{_CHANNEL})?\s+to\s+(?P<to>[\w.@+'-]+(?:\s+[\w.@+'-]+){{0,3}}?))?"
    rf"(?P<channel2>{_CHANNEL})?$",
    re.I,
)
# "send a mail about the party to ana": the recipient said after the topic
_ABOUT_TO = re.compile(
    rf"^{_ABOUT}\s+(?P<subject>.+?)\s+to\s+(?P<to>[\w.@+'-]+(?:\s+[\w.@+'-]+)?)$", re.I
)


def broad_send(text: str) -> IntentMatch | None:
    """Sending verbs with a mail noun: send, write, compose, email someone, tell someone by mail."""
    text = plain(text)
    tool = "mail_send"
    this = _THIS.match(text)
    if this and (
        this.group("channel") or this.group("channel2") or not text.startswith(("send", "share"))
    ):
        said = this.group("to")
        to, rest = _recipient(said) if said else (None, "")
        if (said and (to is None or rest)) or (to is not None and _bad_recipient(to)):
            return None
        missing = {"body": "What should the email say?"} | (
            {} if to else {"to": "Who should the email go to?"}
        )
        return IntentMatch("mail_send", {"to": to} if to else {}, "send_mail", missing=missing)
    m = _SEND_NOUN.match(text)
    if m and re.match(r"^(?:open|load|pull up)\s+(?:the|that|this|my|his|her|their)\b", text, re.I):
        return None  # "open the email about the concert": one that came, to read
    if m:
        if (m.group("verb") or "").lower() in ("draft", "prepare", "write up", "put together"):
            tool = "mail_draft"
        tail = re.sub(rf"^{_CHANNEL}", "", m.group("tail"), flags=re.I).strip()
        if (
            re.match(r"^(?:message\s+)?(?:(?:over|across|off|out)\s+)?(?:to|for)\s+", tail, re.I)
            or not tail
        ):
            to, rest = _recipient(tail) if tail else (None, "")
            if tail and to is None:
                return None
        elif re.match(rf"^(?:{_ABOUT}|{_BODY_MARK})\b", tail, re.I) or re.match(
            _CHANNEL, " " + tail
        ):
            to, rest = None, tail
        else:
            return None
    elif (m := _SEND_WHO_NOUN.match(text)) is not None:
        to, rest = m.group("to"), m.group("tail")
        if _name(to.split()) is None and not _RELATION_RE.match(to):
            return None
    elif (m := _EMAIL_VERB.match(text)) is not None:
        to, rest = _recipient(m.group("tail"))
        if to is None:
            return None
    elif (m := _WRITE_WHO.match(text)) is not None:
        to, rest = _recipient(m.group("tail"))
        if to is None or not re.match(rf"^(?:{_BODY_MARK})\s", rest.strip() + " ", re.I):
            return None  # "write ana that i'm late" is mail; "write my essay" is not
    elif (m := _TELL.match(text)) is not None:
        said = (m.group("tail") + " " + (m.group("after") or "")).strip()
        said = re.sub(r"^(?P<who>.+?)\s+know\b", r"\g<who>", said, flags=re.I)
        to, rest = _recipient(said)
        if to is None:
            return None
        rest = re.sub(r"^(?:know\s+)?", "", rest, flags=re.I)
        if rest and not re.match(rf"^{_BODY_MARK}\b|^{_ABOUT}\b", rest, re.I):
            rest = "that " + rest
    else:
        return _note(text)
    if to is None and rest and (late := _ABOUT_TO.match(rest.strip())) and _who(late.group("to")):
        to, rest = late.group("to"), "about " + late.group("subject")
    if to is not None and _bad_recipient(to):
        return None
    head = text[: len(text) - len(rest)] if rest and text.endswith(rest) else text
    if _GUARD.search(head):
        return None  # "send a text message to …", "email the contact list": the message is free
    parts = _message_parts(rest)
    if parts is None:
        return None
    subject, body = parts
    if body is not None and not body.strip():
        return None
    return _send(to, subject, body, tool)


# A few words to someone, sent by mail: "send a note to ana saying thanks", "drop tomas a line",
# "send a hello to lena", "say happy birthday to dad by email". A greeting said is the message.
_GREETINGS = {
    "hello": "Hello",
    "hi": "Hi",
    "greetings": "Greetings",
    "thanks": "Thanks",
    "thank you": "Thank you",
    "thank-you": "Thank you",
    "congratulations": "Congratulations",
    "congrats": "Congratulations",
    "happy birthday": "Happy birthday",
    "birthday wishes": "Happy birthday",
    "best wishes": "Best wishes",
    "good morning": "Good morning",
    "good luck": "Good luck",
    "regards": "Kind regards",
}
_WORDS_SENT = (
    r"(?:(?:thank[\s-]?you\s+)?note|line|few\s+lines|"
    + "|".join(
        re.escape(g).replace(r"\ ", r"\s+") for g in sorted(_GREETINGS, key=len, reverse=True)
    )
    + ")"
)
_QUICK = r"(?:(?:an?|my|some|our)\s+)?(?:(?:quick|short|little|brief|big|warm)\s+)?"
_NOTE_TO = re.compile(
    rf"^(?:send|shoot|drop|write|pass on)\s+{_QUICK}(?P<what>{_WORDS_SENT})"
    r"(?P<tail>\s+(?:over\s+)?(?:to|for)\s+.+)$",
    re.I,
)
_WHO_NOTE = re.compile(
    r"^(?:send|shoot|drop|write)\s+(?P<to>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,3}?)\s+"
    rf"{_QUICK}(?P<what>{_WORDS_SENT})(?P<tail>(?:\s.*)?)$",
    re.I,
)
_SAY_TO = re.compile(
    rf"^(?:say|wish)\s+(?P<what>{_WORDS_SENT})\s+to\s+(?P<tail>.+?){_CHANNEL}(?P<after>\s+.+)?$",
    re.I,
)


def _note(text: str) -> IntentMatch | None:
    """A note, a line or a greeting sent to someone: mail_send (the greeting is the message)."""
    if _GUARD.search(text):
        return None
    if (m := _NOTE_TO.match(text)) is not None:
        to, rest = _recipient(m.group("tail"))
    elif (m := _WHO_NOTE.match(text)) is not None:
        to, rest = m.group("to"), m.group("tail")
        if _name(to.split()) is None and not _RELATION_RE.match(to):
            return None
    elif (m := _SAY_TO.match(text)) is not None:
        to, rest = _recipient(m.group("tail"))
        rest = (m.group("after") or "").strip()
    else:
        return None
    if to is None or _bad_recipient(to):
        return None
    parts = _message_parts(rest)
    if parts is None:
        return None
    subject, body = parts
    greeting = _GREETINGS.get(" ".join(m.group("what").lower().replace("-", " ").split()))
    if body is None and greeting and not subject:
        body = greeting  # "send a hello to lena": the hello is what is sent
    return _send(to, subject, body)


def _reply_target(said: str) -> str | None:
    """Whose mail a reply answers: "greg's email" → greg; "the last email from ana" → ana."""
    said = said.strip()
    m = re.search(r"\bfrom\s+(?P<who>.+)$", said, re.I) or re.match(
        rf"^(?P<who>[\w.@+-]+(?:\s+[\w.@+-]+)?)\s*'s\s+(?:\w+\s+)?{_MAIL}$", said, re.I
    )
    if m:
        return _who(m.group("who"))
    if _MAIL_RE.search(said) or not said:
        return None
    return _who(said)


_BACK = re.compile(
    r"^(?:e-?mail|mail|write)\s+(?P<who>[\w.@+'-]+(?:\s+[\w.@+'-]+){0,2}?)\s+back"
    r"(?:\s+(?P<rest>.+))?$",
    re.I,
)


def broad_reply(text: str) -> IntentMatch | None:
    """Reply or forward in the shapes the exact matchers leave: missing parts are asked for."""
    text = plain(text)
    if _GUARD.search(text):
        return None
    back = _BACK.match(text)  # "email the client back (saying …)"
    if back:
        who = _who(back.group("who"))
        return _reply(who, back.group("rest") or "", False) if who else None
    m = _OPEN_AND_REPLY.match(text)
    if m:
        target = _reply_target(m.group("what"))
        if m.group("verb").lower() == "forward":
            to, _ = _recipient(re.sub(r"^\s*(?:it|this|that)\b", "", m.group("tail")))
            return _forward(target, to, None)
        return _reply(target, m.group("tail"), False)
    m = _REPLY.match(text)
    if m:
        return _reply_from(m.group("tail"), bool(m.group("all")))
    m = _SEND_ON.match(text)
    if m:
        said = m.group("to")
        relation = _RELATION_RE.match(said)
        to = said if relation and not relation.group("rest") else _who(said)
        target = _reply_target(m.group("what"))
        return _forward(target, to, None) if to and target else None
    m = _FORWARD.match(text)
    if m:
        what = m.group("what")
        if not _MAIL_RE.search(what) and not re.match(r"^(?:it|this|that)$", what, re.I):
            return None
        said = m.group("to") or ""
        relation = _RELATION_RE.match(said)
        to = said if relation and not relation.group("rest") else _who(said) if said else None
        if said and to is None:
            return None
        return _forward(_reply_target(what), to, m.group("note"))
    return None


def _reply_from(tail: str, reply_all: bool) -> IntentMatch | None:
    tail = tail.strip()
    target: str | None = None
    said = re.match(
        rf"^(?:to\s+)?(?P<what>.+?)(?:\s+(?P<rest>(?:{_BODY_MARK}|and (?:say|tell|let)|to (?:say|tell|let))\b.*))?$",
        tail,
        re.I,
    )
    if said:
        what = said.group("what")
        target = _reply_target(what)
        if not _MAIL_RE.search(what) and (target is None or not tail.lower().startswith("to ")):
            return None  # "answer the door", "write back soon"
        tail = said.group("rest") or ""
    return _reply(target, tail, reply_all)


def _reply(target: str | None, tail: str, reply_all: bool) -> IntentMatch | None:
    tail = re.sub(rf"^{_CHANNEL}", "", " " + tail, flags=re.I).strip()
    body = None
    if tail:
        m = re.match(
            rf"^(?:{_BODY_MARK}|and (?:say|tell (?:him|her|them)|let (?:him|her|them) know)|"
            r"to (?:say|tell (?:him|her|them)|let (?:him|her|them) know))(?:\s+that)?\s+(?P<body>.+)$",
            tail,
            re.I,
        )
        if m is None:
            return None
        body = m.group("body")
    arguments: dict[str, object] = {}
    missing: dict[str, str] = {}
    if target:
        arguments["message"] = target
    else:
        missing["message"] = "Which email should I reply to? (who sent it)"
    if body:
        arguments["body"] = _sentence(body)
    else:
        missing["body"] = "What should the reply say?"
    if reply_all:
        arguments["reply_all"] = True
    return IntentMatch("mail_reply", arguments, "reply_mail", missing=missing)


def _forward(target: str | None, to: str | None, note: str | None) -> IntentMatch:
    arguments: dict[str, object] = {}
    missing: dict[str, str] = {}
    if target:
        arguments["message"] = target
    else:
        missing["message"] = "Which email should I forward? (who sent it)"
    if to:
        arguments["to"] = to
    else:
        missing["to"] = "Who should I forward it to?"
    if note:
        arguments["note"] = _sentence(note)
    return IntentMatch("mail_forward", arguments, "forward_mail", missing=missing)
