"""Follow-ups that ask the last request again with one part said anew.

"and in porto?" after "what's the weather tomorrow": the same request for another place.
"and to water the plants" after "remind me to book the vet": the same request for another
thing. The last request's own words are read again with the new part in place of the old
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
# "and in porto?", "what about in the kitchen", "how about for lisbon"
_ANOTHER_PLACE = re.compile(
    rf"^{_AND}\s+(?P<lead>in|at|for|near)\s+(?P<place>[a-z][\w' .-]{{1,40}}?)"
    r"(?:\s+(?:too|as\s+well|instead))?\??$",
    re.I,
)
# "and to water the plants", "also to call the garage", "and about the bins too"
_ANOTHER_THING = re.compile(
    rf"^{_AND}\s+(?P<lead>to|about|that)\s+(?P<thing>.+?)(?:\s+(?:too|as\s+well|also))?[.!]?$",
    re.I,
)
# Words after which the last request's place ends: "... in hamburg tomorrow".
_PLACE_END = r"(?=\s+(?:today|tonight|tomorrow|this|next|on|at|for|in|please)\b|[?.!]*$)"


def _asked_by_words(registry: IntentRegistry, recent: Recent, tool: str) -> bool:
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
        if not _asked_by_words(registry, recent, call.tool):
            return None
        lead, place = said.group("lead"), said.group("place").strip()
        old = re.search(
            rf"\s(?:in|at|for|near)\s+[a-z][\w' .-]*?{_PLACE_END}", recent.request, re.I
        )
        tries = [f"{recent.request.rstrip('?.! ')} {lead} {place}"]
        if old:
            tries.insert(
                0, f"{recent.request[: old.start()]} {lead} {place}{recent.request[old.end() :]}"
            )
        return _asked_again(registry, tries, call, place)

    return resolve


def another_thing(registry: IntentRegistry) -> FollowMatcher:
    """ "And to water the plants" after "remind me to book the vet": the same request, for
    this thing (the last request's words from the same "to" on are replaced)."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        said = _ANOTHER_THING.match(text.strip())
        call = recent.last()
        if not said or call is None or call.effect not in ("read", "write"):
            return None
        if not _asked_by_words(registry, recent, call.tool):
            return None
        lead, thing = said.group("lead"), said.group("thing").strip()
        spots = list(re.finditer(rf"\b{lead}\s+", recent.request, re.I))
        # the last "to" first: "remind me to ask jo to call"
        tries = [f"{recent.request[: spot.start()]}{lead} {thing}" for spot in reversed(spots)]
        return _asked_again(registry, tries, call, thing)

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
