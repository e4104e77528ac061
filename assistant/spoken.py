"""What a spoken request says once the way it is said is taken off.

Speech arrives lower case, unpunctuated and wrapped in habits: a greeting ("hey", "ok so"),
the name of an assistant ("siri, ...", "botpsy ..."), politeness ("could you please", "i'd
like you to", "... thanks"). None of it changes what is asked, and every intent matcher would
otherwise strip it again in its own way. `plain_request` is the one place that does; the
intent registry hands matchers its result, and plugins import it from `assistant.api`.

Only words that never carry the request are taken: "i want to" or "help me" stay, because
"i want to cancel" and "help me with the budget" need them read in their domain.
"""

from __future__ import annotations

import re

# A condition or an exception an order hangs on, said first or within it: "if the baby wakes,
# ...", "once the courier's here, ...", "... apart from the hall". The order's words alone would
# do it now, and whole, so readers that act at once (a reason said first, any device) refuse it.
CONDITION = re.compile(
    r"^(?:if|when|whenever|once|after|before|until|till|unless|as\s+soon\s+as|except|apart\s+from"
    r"|other\s+than|but\s+not|not\s+the)\b|\b(?:except|apart\s+from|other\s+than|but\s+not|unless)\b",
    re.I,
)

# Names people call an assistant by, out of habit from others; botpsy's own first. "google"
# alone is a verb ("google the opening hours"): only "hey google" / "ok google" is a name.
WAKE_NAMES = ("botpsy", "siri", "alexa", "cortana", "bixby")

# "now switch it off", "and now the hall": "now" orders the turns, the rest is the request.
_GREETING = (
    r"(?:(?:hey|hi|hello)(?:\s+there)?|ok|okay|so|um+|uh+|er+m?|well|alright|oh"
    r"|(?:and\s+)?now(?!\s+playing\b))"
)
_NAME = r"(?:(?:hey|ok|okay)\s+google|" + "|".join(WAKE_NAMES) + ")"
_ASKING = (
    r"(?:(?:can|could|would|will|won'?t)\s+(?:you|u)(?:\s+please)?"
    r"|i(?:\s+want|\s+need|\s+would\s+like|'d\s+like|\s+d\s+like)\s+you\s+to"
    r"|(?:go\s+ahead\s+and|be\s+so\s+kind\s+as\s+to|do\s+me\s+a\s+favou?r\s+and)"
    r"|i\s+(?:was|am|'m)\s+wondering\s+(?:if|whether)\s+you\s+(?:could|can|would)(?:\s+please)?"
    r"|please|pls|plz|kindly)"
)
_LEADING = re.compile(rf"^(?:(?:{_NAME}|{_GREETING}|{_ASKING})\b[,:]?\s+)(?!there$)", re.I)
# "... thanks" closes a request, unless it is what to say: "answer with thanks", "tell her i
# said thank you" (taking it off there would change the message, not the manners).
_TRAILING = re.compile(
    r"(?<!\bwith)(?<!\bsay)(?<!\bsaying)(?<!\bthat)(?<!\bthem)(?<!\bhim)(?<!\bher)(?<!\bno)"
    r"(?<!\bsaid)(?<!\bsays)(?<!\bwrote)(?<!\btell)(?<!\btells)(?<!\bjust)"
    r"(?:,?\s+(?:please|pls|plz|thanks|thank\s+you))$",
    re.I,
)


def plain_request(text: str) -> str:
    """The request without greeting, assistant's name, politeness or closing full stop.

    "hey botpsy, could you please turn off the lights thanks." -> "turn off the lights".
    A request that is nothing but such words ("hello", "thank you") is returned as said,
    since then they are what is meant.
    """
    said = " ".join(text.split())
    plain = said.rstrip(".! ")
    asked = "?" if plain.endswith("?") else ""  # "what's on today please?" keeps its question
    plain = plain.rstrip("? ")
    before = None
    while before != plain:
        before = plain
        plain = _LEADING.sub("", plain, count=1).strip()
        plain = _TRAILING.sub("", plain).strip().rstrip(".!, ")
    plain = _INTERJECTION.sub("", plain) or plain
    plain = _ASKED_AGAIN.sub(r"\g<asked>", plain)  # "what's the date again": asked, not redone
    plain = _REMIND_WHAT.sub("tell me ", plain)  # "remind me which bin goes out": a question
    plain = _BARE_AMOUNT.sub("a bit ", plain)  # "bit brighter", "tad dimmer": "a bit ..."
    plain = _named_then_it(plain)
    if not _MESSAGE_VERB.search(plain):  # "email sam, it's ready": that is the message
        plain = _WHY_AFTER.sub("", plain) or plain
    return plain + asked if plain else said.rstrip(".! ") or said


# The thing named first, then the request about "it": "i don't need the porch light any more, switch it
# off", "the porch light is still on, turn it off". The pronoun is the thing just named, so the
# request is read with it in place ("switch off the porch light"), never cut in two at the comma.
_NAMED_THEN_IT = re.compile(
    r"^(?:(?:(?:i|we)\s+(?:don'?t|do\s+not|no\s+longer)\s+need|forget(?:\s+about)?)\s+(?P<unneeded>.+?)"
    r"(?:\s+(?:any\s*more|now|today|after\s+all))?"
    r"|(?P<running>(?:the|my|our)\s+.+?)(?:'s|\s+is|\s+are)\s+(?:still\s+)?(?:on|running|going"
    r"|playing|ringing))"
    r"\s*(?:[,;.!-]+\s*|\s+(?:so|just)\s+)(?:(?:so|just|please|can\s+you|could\s+you)\s+)*"
    r"(?P<verb>switch|turn|shut|cancel|delete|remove|stop|drop|scrap|get\s+rid\s+of)\s+"
    r"(?:it|that|them|this)(?P<off>\s+off)?(?:\s+please)?$",
    re.I,
)


# Why, said after the request: "cancel the oven timer, it's cooked", "stop the alarm, i'm awake". It says
# nothing the request needs, and read as part of it, it would be taken for the thing's name.
_WHY_AFTER = re.compile(
    r"\s{0,3}[,;.!-]{1,3}\s{0,3}(?:it'?s|it\s+is|that'?s|i'?m|i\s+am|we'?re|we\s+are)\s+(?:all\s+|already\s+)?"
    r"(?:done|ready|finished|cooked|up|awake|over|sorted)(?:\s+now)?$"
    # "scratch the rice, i got some", "take off the soap, we've got plenty": already had
    r"|\s{0,3}[,;.!-]{1,3}\s{0,3}(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:already\s+)?(?:got|bought|found"
    r"|picked\s+up)\s+(?:some|them|it|one|plenty|enough|loads)(?:\s+already)?$",
    re.I,
)


# "again" closing a question asks to be told once more, never for the thing to happen again
# (which "play it again" does ask).
_ASKED_AGAIN = re.compile(
    r"^(?=(?:what|when|where|who|which|how|what's|when's|where's|who's)\b)(?P<asked>.+?)"
    r"\s+(?:again|once\s+more)$",
    re.I,
)


# "Remind me what/who/which/where ...": asked now, no reminder to keep ("remind me what's on
# friday"); "remind me when ..." may name a moment to be reminded at, so it is left alone.
_REMIND_WHAT = re.compile(
    r"^(?:can\s+you\s+|could\s+you\s+)?remind\s+me\s+(?=(?:what|which|who|where)\b)", re.I
)


# An amount said without its article, as speech drops it: "bit brighter", "little louder".
_BARE_AMOUNT = re.compile(
    r"^(?:a\s+)?(?:bit|little|tad|touch)\s+(?=(?:more|less|brighter|dimmer|darker|lighter|louder"
    r"|quieter|softer|warmer|cooler|colder|hotter|higher|lower|faster|slower|earlier|later)\b)",
    re.I,
)


# A sound before the request: "shh, mute everything", "ugh, turn that off". Said alone ("shh")
# it is the request itself, so only a sound followed by more words goes.
_INTERJECTION = re.compile(
    r"^(?:s?hh+|shush|hush|ugh+|argh+|psst|oops|whoa|jeez|oh\s+(?:dear|no|god)"
    r"|forget\s+(?:it|that)|scratch\s+that|never\s*mind)\s*[,.!;-]+\s*(?=\S)",
    re.I,
)
_MESSAGE_VERB = re.compile(
    r"\b(?:e-?mail|mail|message|text|tell|send|write|reply|respond|answer|say|saying|let\s+\w+\s+know"
    r"|note|notes?|remind|post|tweet)\b",
    re.I,
)


def _named_then_it(text: str) -> str:
    """ "i don't need X, switch it off" -> "switch off X"; anything else as it is."""
    found = _NAMED_THEN_IT.match(text)
    if found is None:
        return text
    thing = found.group("unneeded") or found.group("running")
    return f"{found.group('verb')}{found.group('off') or ''} {thing}"


# Words a request may start with that are never a name the user calls the assistant by.
_NEVER_A_NAME = frozenset(
    [
        "i",
        "you",
        "we",
        "they",
        "he",
        "she",
        "it",
        "me",
        "us",
        "him",
        "her",
        "them",
        "don't",
        "dont",
        "can't",
        "cant",
        "cannot",
        "won't",
        "wont",
        "do",
        "does",
        "did",
        "not",
        "never",
        "no",
        "yes",
        "ok",
        "okay",
        "yeah",
        "then",
        "and",
        "or",
        "but",
        "so",
        "just",
        "now",
        "please",
        "let's",
        "lets",
        "also",
        "next",
        "to",
        "can",
        "could",
        "would",
        "will",
        "should",
        "must",
        "may",
        "might",
        "shall",
        "the",
        "a",
        "an",
        "my",
        "your",
        "our",
        "this",
        "that",
        "these",
        "those",
        "who",
        "what",
        "what's",
        "whats",
        "why",
        "how",
        "when",
        "where",
        "which",
        "if",
        "first",
        "after",
        "before",
        "again",
        "always",
        "ever",
        "see",
        "ask",
        "know",
        "wonder",
        "tell",
        "say",
        "wait",
        "go",
        "stay",
        "put",
        "be",
        "keep",
        "set",
        "get",
        "make",
        "start",
        "stop",
        "turn",
        "switch",
        "open",
        "close",
        "cancel",
        "add",
        "remove",
        "delete",
        "save",
        "send",
        "check",
        "read",
        "reply",
        "find",
        "search",
        "show",
        "look",
        "help",
        "try",
        "is",
        "are",
        "was",
        "were",
        "have",
        "has",
        "had",
        "there",
        "here",
    ]
)


def without_name(text: str, commands: str, not_names: frozenset[str] = frozenset()) -> str:
    """The request without a name said before one of a domain's `commands`.

    People call an assistant by names of their own ("mia turn off the lights", "juno check
    my mail"); no list can hold them, so one word is taken as a name only when a command
    of the domain (`commands`, a regular-expression alternation) follows it and it is no
    word a request starts with, nor one of the domain's own `not_names` ("tv volume up").
    """
    found = re.match(rf"^([a-z]+),?\s+(?=(?:{commands})\b)", text, re.I)
    if found is None:
        return text
    word = found.group(1).lower()
    if word in _NEVER_A_NAME or word in not_names:
        return text
    return text[found.end() :]
