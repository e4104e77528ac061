"""Follow-ups that ask the last request again with one part said anew.

"and in porto?" after "what's the weather tomorrow": the same request for another place.
"and to water the plants" after "remind me to book the vet": the same request for another
thing. "no wait, say i'll be late" after "email ana saying i'm on my way": the same message
with other words. "a bit more" after "turn the sound down": the same step again; "and the garden one" after
"switch off the porch light": the same request for another of its kind. The last request's own words are read again with the new part in place of the old
one (or added where it had none), through the same intents; it counts only when it asks the
same tool as before (the tool the last request's own words ask, never only one the model
chose), with nothing left to ask and the new words in its arguments. Like every follow-up,
what it changes comes from the user's words and the last call's record, never from a tool's
output.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from assistant.intents import DoneCall, FollowMatcher, IntentMatch, Recent

if TYPE_CHECKING:
    from assistant.intents import IntentRegistry

_AND = r"(?:(?:and|or|then|plus|oh\s+and)\s+)?(?:(?:what|how)\s+about|and(?:\s+also)?|also|or|then|plus|oh\s+and)"
# "and in porto?", "what about in the kitchen", "how about for lisbon", or "in porto" alone
_ANOTHER_PLACE = re.compile(  # alone, "for" says a purpose as often ("for the kids"): joined only
    rf"^(?:{_AND}\s+(?P<lead>in|at|for|near)|(?P<bare>in|at|near))\s+(?P<place>[a-z][\w' .-]{{1,40}}?)"
    r"(?:\s+(?:too|as\s+well|instead))?\??$",
    re.I,
)
# "and to water the plants", "also to call the garage", "and about the bins too"
_ANOTHER_THING = re.compile(
    rf"^{_AND}\s+(?P<lead>to|about|that)\s+(?P<thing>.+?)(?:\s+(?:too|as\s+well|also))?[.!]?$",
    re.I,
)
# A "place" that is a time: "in ten minutes", "for tomorrow", "at 5" are other follow-ups'.
_TIME_WORDS = re.compile(
    r"\b(?:\d+|seconds?|minutes?|mins?|hours?|days?|weeks?|months?|years?|today|tonight|tomorrow"
    r"|morning|afternoon|evening|night|noon|midnight|weekend|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday|next|this|a\s+bit|a\s+while|half|quarter)\b",
    re.I,
)
# A message said anew: "no wait, say the keys are with jo", "actually tell her 7 instead",
# "change the message to running late". A correcting word, "instead" or a named change is
# needed: "tell her thanks" alone may be a second message.
_NEW_WORDS = re.compile(
    r"^(?:(?:no|nope|wait|actually|sorry|oh|oops|hang\s+on|hold\s+on|scratch\s+that)[,.!]?\s+)*"
    r"(?P<how>(?:say|write|tell\s+(?:her|him|them)|make\s+it\s+say|(?:change|make)\s+"
    r"(?:it|that|the\s+(?:message|text|body|email|mail))(?:\s+to)?(?:\s+say)?)"
    r"\s+(?:that\s+)?)(?P<words>.+?)(?P<instead>\s+instead)?[.!]?$",
    re.I,
)
_CORRECTED = re.compile(
    r"^(?:no|nope|wait|actually|sorry|oh|oops|hang\s+on|hold\s+on|scratch\s+that|change|make)\b",
    re.I,
)
# The arguments that carry a message's words.
_MESSAGE_ARGUMENTS = ("body", "message", "text")
# Words after which the last request's place ends: "... in hamburg tomorrow".
_PLACE_END = r"(?=\s+(?:today|tonight|tomorrow|this|next|on|at|for|in|please)\b|[?.!]*$)"


def asked_by_words(registry: IntentRegistry, recent: Recent, tool: str) -> bool:
    """Whether the last request, read again as said, asks `tool`: the call asked again must be
    one the user's words chose. The model may have made the last call (maybe on an order
    planted in what it read, with the user's words as arguments): after "umbrella", read by no
    intent, and a forecast the model ran, "and in porto?" is the model's to read too."""
    before = registry.match(recent.request)
    return before is not None and before.tool == tool


def _words(values: Any) -> str:
    return " ".join(str(v) for v in (values.values() if isinstance(values, dict) else [values]))


def _carries(match: IntentMatch, words: str) -> bool:
    """Whether every word of the new part reached the call's arguments."""
    said = _words(dict(match.arguments)).lower()
    return all(w in said for w in re.findall(r"[a-z0-9']+", words.lower()) if len(w) > 2)


def another_place(registry: IntentRegistry) -> FollowMatcher:
    """ "And in porto?" after a request about a place or none: that request, for this place."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ANOTHER_PLACE.match(text.strip())
        call = recent.last()
        if not said or call is None or call.effect not in ("read", "write", "egress"):
            return None
        if not asked_by_words(registry, recent, call.tool):
            return None
        lead, place = said.group("lead") or said.group("bare"), said.group("place").strip()
        if _TIME_WORDS.search(place):
            return None
        old = next(
            (
                m  # the last request's own place, not its time ("for tomorrow")
                for m in re.finditer(
                    rf"\s(?:in|at|for|near)\s+[a-z][\w' .-]*?{_PLACE_END}", recent.request, re.I
                )
                if not _TIME_WORDS.search(m.group(0))
            ),
            None,
        )
        tries = [f"{recent.request.rstrip('?.! ')} {lead} {place}"]
        if old:
            tries.insert(
                0, f"{recent.request[: old.start()]} {lead} {place}{recent.request[old.end() :]}"
            )
        return _asked_again(registry, tries, call, place)

    return resolve


# "there" as a place ("will it snow there tomorrow"), not as "is there", "are there any".
_THERE = re.compile(
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwill\s)(?<!\bwere\s)(?<!\bout\s)\bthere\b(?!\s+(?:be|is|are)\b)",
    re.I,
)


def place_there(registry: IntentRegistry) -> FollowMatcher:
    """ "Is it shorts weather there on friday" after the weather in oslo: "there" is the place the
    user's last words named (never one the model chose: those words must hold it)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        call = recent.last()
        if call is None or not _THERE.search(text):
            return None
        place = call.arguments.get("place")
        if not isinstance(place, str) or not place.strip():
            return None
        before = registry.match(recent.request)  # the place as the user's words name it, whole
        said_place = before.arguments.get("place") if before is not None else None
        if before is None or before.tool != call.tool or not isinstance(said_place, str):
            return None
        if said_place.strip().lower() != place.strip().lower():
            return None  # "york" the model took from "new york" is no place the user named
        said = _THERE.sub(f"in {place}", text, count=1)
        match = registry.match(said)
        if match is None or match.tool != call.tool or not _carries(match, place):
            return None
        return match

    return resolve


def another_thing(registry: IntentRegistry) -> FollowMatcher:
    """ "And to water the plants" after "remind me to book the vet": the same request, for
    this thing (the last request's words from the same "to" on are replaced)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ANOTHER_THING.match(text.strip())
        call = recent.last()
        if not said or call is None or call.effect not in ("read", "write"):
            return None
        if not asked_by_words(registry, recent, call.tool):
            return None
        lead, thing = said.group("lead"), said.group("thing").strip()
        spots = list(re.finditer(rf"\b{lead}\s+", recent.request, re.I))
        # the last "to" first: "remind me to ask jo to call"
        tries = [f"{recent.request[: spot.start()]}{lead} {thing}" for spot in reversed(spots)]
        return _asked_again(registry, tries, call, thing)

    return resolve


def another_message(registry: IntentRegistry) -> FollowMatcher:
    """ "No wait, say the keys are with jo" after "email sara saying ...": the same request
    with the message's words in place of the old ones (the same recipient, as the user's
    words chose it; the call is asked for as any message is)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _NEW_WORDS.match(text.strip())
        if not said or not (_CORRECTED.match(text.strip()) or said.group("instead")):
            return None
        call = recent.last()
        if call is None or not asked_by_words(registry, recent, call.tool):
            return None
        old = next(
            (
                call.arguments[k]
                for k in _MESSAGE_ARGUMENTS
                if isinstance(call.arguments.get(k), str)
            ),
            "",
        )
        old = old.strip().rstrip(".!?")  # written up as a message: "The keys are here."
        spot = recent.request.lower().rfind(old.lower()) if old else -1
        if spot < 0:
            return None  # the message's words are not the user's own: nothing to replace
        words = said.group("words").strip()
        again = f"{recent.request[:spot]}{words}{recent.request[spot + len(old) :]}"
        return _asked_again(registry, [again], call, words)

    return resolve


# "send the same to tove", "forward that to tove too", "and to tove as well" after a message: the
# same message to someone else.
_SAME_TO = re.compile(
    r"^(?:(?:and|also|oh\s+and|then|now)\s+)?(?:(?:send|forward|email|mail|text|copy)\s+"
    r"(?:(?:the\s+)?same(?:\s+(?:thing|message|e-?mail|mail|one|text))?|that(?:\s+one)?|it|this(?:\s+one)?)"
    r"\s+to|(?:the\s+)?same\s+(?:thing\s+|message\s+)?(?:to|for)|(?<=and\s)to|(?<=also\s)to)"
    r"\s+(?P<who>[a-z][\w' .-]{0,40}?)(?:\s+(?:too|as\s+well|also|please))?[.!]?$",
    re.I,
)
# "and jo too", "also kim as well": a name alone, said as one more of the same.
_NAME_TOO = re.compile(
    r"^(?:and|also|oh\s+and|plus)\s+(?P<who>[a-z][\w'.-]{0,30}(?:\s+[a-z][\w'.-]{0,30})?)"
    r"\s+(?:too|as\s+well)[.!]?$",
    re.I,
)


def another_recipient(registry: IntentRegistry) -> FollowMatcher:
    """ "Send the same to tove" or "and tove too" after "email jo that ...": the same request with the new
    recipient's words in place of the old ones (the message is the user's own words; the
    send is shown and asked for as any send is)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _SAME_TO.match(text.strip()) or _NAME_TOO.match(text.strip())
        call = recent.last()
        if not said or call is None or not isinstance(call.arguments.get("to"), str):
            return None
        if not any(isinstance(call.arguments.get(k), str) for k in _MESSAGE_ARGUMENTS):
            return None
        if not asked_by_words(registry, recent, call.tool):
            return None
        old = call.arguments["to"].strip()
        spot = re.search(rf"(?<![\w@.]){re.escape(old)}(?![\w@])", recent.request, re.I)
        if not old or spot is None:
            return None  # the recipient is not said in the user's words: nothing to replace
        who = said.group("who").strip()
        again = f"{recent.request[: spot.start()]}{who}{recent.request[spot.end() :]}"
        return _asked_again(registry, [again], call, who)

    return resolve


# "and another one for 40 minutes", "one more at 7:30": the same request again, one part said anew.
_ONE_MORE = re.compile(
    r"^(?:(?:and|oh\s+and|then|plus|also)\s+)?(?:another|one\s+more|a\s+second)(?:\s+one)?"
    r"\s+(?P<lead>for|at|on|in|to|called|named)\s+(?P<thing>.+?)(?:\s+(?:too|as\s+well|please))?[.!?]*$",
    re.I,
)
# Words that join a time on: one may stand for another ("for 7" then "another at 7:30").
_TIME_JOINS = ("for", "at", "on", "in")


def one_more(registry: IntentRegistry) -> FollowMatcher:
    """ "And another one for 40 minutes" after "set a timer for 12 minutes": the last request
    again with the part from the same joining word on said anew (a new thing, like the last)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ONE_MORE.match(text.strip())
        call = recent.last()
        if not said or call is None or call.effect not in ("read", "write"):
            return None
        if not asked_by_words(registry, recent, call.tool):
            return None
        lead, thing = said.group("lead").lower(), said.group("thing").strip()
        joins = _TIME_JOINS if lead in _TIME_JOINS else (lead,)
        spots = [
            m
            for m in re.finditer(r"(?<=\s)(\w+)(?=\s)", recent.request)
            if m.group(1).lower() in joins
        ]
        if len(spots) > 1:
            return None  # "football on saturday at 10": which part the new one replaces is unsure
        tries = [f"{recent.request[: m.start()]}{lead} {thing}" for m in spots]
        if not spots and lead not in _TIME_JOINS:  # "another one called pasta": said on
            tries.append(f"{recent.request.rstrip('?.! ')} {lead} {thing}")
        return _asked_again(registry, tries, call, thing)

    return resolve


# "and the garden one", "what about the bedroom ones": the same request for another of its kind.
_ANOTHER_ONE = re.compile(
    rf"^(?:{_AND}\s+)?(?:the\s+|my\s+|our\s+)?(?P<mods>[a-z][\w' -]{{0,30}}?)\s+ones?"
    r"(?:\s+(?:too|as\s+well|please|instead))?[?.!]*$",
    re.I,
)
# A thing named with words before its noun in the last request: "the porch light".
_MODIFIED = re.compile(
    r"\b(?:the|my|our)\s+(?P<mods>(?:[\w'-]+\s+){1,3}?)(?P<noun>[\w'-]+)\b", re.I
)
# "a bit more", "more", "even more", "again", "a little further" after a step up or down.
_ONCE_MORE = re.compile(
    r"^(?:(?:and|oh|ok(?:ay)?|yes|yeah|just|still\s+too\s+\w+)[,]?\s+)*(?:"
    r"(?:a\s+)?(?:(?:little|tiny|wee)\s+)?(?:bit\s+|touch\s+)?(?:more|further|lower|higher)"
    r"|even\s+more|again|once\s+more|one\s+more\s+time|same\s+again|keep\s+going"
    r"|(?:do|turn)\s+(?:it|that)\s+again)(?:\s+please)?[.!]?$",
    re.I,
)
# A value that steps from where a thing is rather than setting it: "up", "down", "+10", "-2".
_STEP = re.compile(r"^(?:up|down|[+-]\s*\d+(?:\.\d+)?\s*%?)$", re.I)


def another_one(registry: IntentRegistry) -> FollowMatcher:
    """ "And the garden one" after "switch off the porch light": the same request for the thing
    of the same kind these words name (the words before its noun said anew)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ANOTHER_ONE.match(text.strip())
        call = recent.last()
        if not said or call is None or call.effect not in ("read", "write"):
            return None
        mods = said.group("mods").strip()
        if mods.lower() in ("this", "that", "other", "the other", "same", "the same", "next"):
            return None  # "the other one", "the next one": a choice, not a name
        if not asked_by_words(registry, recent, call.tool):
            return None
        tries = [
            f"{recent.request[: m.start('mods')]}{mods} {recent.request[m.end('mods') :]}"
            for m in _MODIFIED.finditer(recent.request)
        ]
        return _asked_again(registry, tries, call, mods)

    return resolve


# "and the kitchen", "the hall light too", "what about the bedroom": the same request for another
# thing, named whole. A joining word or a "too" is needed: "the kitchen" alone may answer.
_ANOTHER_NAMED = re.compile(
    rf"^(?:{_AND}\s+(?P<lead>the|my|our)\s+(?P<named>[a-z][\w' -]{{1,40}}?)"
    r"(?:\s+(?:too|as\s+well|please|instead))?"
    r"|(?P<lead2>the|my|our)\s+(?P<named2>[a-z][\w' -]{1,40}?)\s+(?:too|as\s+well))[?.!]*$",
    re.I,
)


def another_named(registry: IntentRegistry) -> FollowMatcher:
    """ "And the kitchen" after "turn on the living room lights": the same request for the thing
    these words name, put where the last request named its own ("the living room lights" said
    as "the kitchen", then as "the kitchen lights")."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ANOTHER_NAMED.match(text.strip())
        call = recent.last()
        if not said or call is None or call.effect not in ("read", "write"):
            return None
        lead = (said.group("lead") or said.group("lead2")).lower()
        named = (said.group("named") or said.group("named2")).strip()
        if re.match(r"(?:other|same|next|last|first|rest)\b", named, re.I) or _TIME_WORDS.search(
            named
        ):
            return None  # "the other one", "the same", "the weekend": no thing's name
        if not asked_by_words(registry, recent, call.tool):
            return None
        words = recent.request.split()
        spans = [  # the thing as the last request named it: after "the", else anywhere, longest first
            (i, j)
            for i in [k + 1 for k, w in enumerate(words) if w.lower() in ("the", "my", "our")]
            + list(range(len(words)))
            for j in range(min(len(words), i + 4), i, -1)
        ]
        for i, j in spans:
            start = i - 1 if i and words[i - 1].lower() in ("the", "my", "our") else i
            again = " ".join([*words[:start], lead, named, *words[j:]])
            match = registry.match(again)
            if _only_its_thing(match, call, named):
                return match
        return None

    return resolve


def _only_its_thing(match: IntentMatch | None, call: DoneCall, named: str) -> bool:
    """Whether a reading asks the same tool, complete, for the thing `named` names, with only
    the thing changed: "and the jam" after "add butter to the shopping list" is no other list."""
    from assistant.followups import THING_ARGUMENTS

    if match is None or match.tool != call.tool or match.missing or not _carries(match, named):
        return False
    old, new = dict(call.arguments), dict(match.arguments)
    changed = {k for k in old.keys() | new.keys() if old.get(k) != new.get(k)}
    return bool(changed) and changed <= set(THING_ARGUMENTS)


_STEP_ARGUMENTS = ("change", "step", "by", "delta")


def _steps(arguments: Any) -> bool:
    """Whether a call's arguments step from where a thing is ("down", change=-30)."""
    return any(
        (isinstance(v, str) and _STEP.match(v.strip()))
        or (k in _STEP_ARGUMENTS and isinstance(v, int | float) and v)
        for k, v in dict(arguments).items()
    )


def once_more(registry: IntentRegistry) -> FollowMatcher:
    """ "A bit more" after "turn the sound down": the same step again. Only a call whose
    value steps (up, down, +10) is repeated, and only one the user's words asked."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        if not _ONCE_MORE.match(text.strip()):
            return None
        call = recent.last()
        if call is None or not _steps(call.arguments):
            return None
        if not asked_by_words(registry, recent, call.tool):
            return None
        return IntentMatch(call.tool, dict(call.arguments))

    return resolve


def _asked_again(
    registry: IntentRegistry, tries: list[str], call: DoneCall, words: str
) -> IntentMatch | None:
    """The first reading of the last request said anew that asks the same tool, complete, with
    the new words in its arguments and something changed."""
    for again in tries:
        match = registry.match(again)
        if (
            match is not None
            and match.tool == call.tool
            and not match.missing
            and _carries(match, words)
            and dict(match.arguments) != dict(call.arguments)
        ):
            return match
    return None
