"""A person said again as "her", "him" or "them": the person the last request named.

"what's ines's number" then "send her a message saying the keys are at mine": "her" is Ines. The
request is read again with the person's name, as the user said it last turn, in place of
the pronoun ("send ola a message saying ..."), through the same intents; it counts only when
that reading puts the name where a person goes (a mail's recipients, a contact's name). The
person comes from a call the user's own words asked for, named in those words: never from a
mail, a page or a contact card. A send read this way is shown and asked for as any send is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assistant.intents import FollowMatcher, IntentMatch, Recent

if TYPE_CHECKING:
    from assistant.intents import IntentRegistry

# Where each tool keeps the person it is about.
PERSON_ARGUMENT = {
    "contacts_find": "name",
    "contacts_add": "name",
    "mail_send": "to",
    "mail_draft": "to",
    "mail_forward": "to",
}
# "her" may be either "ola" or "ola's"; "his" and "their" are always whose.
_OBJECT = re.compile(r"\b(?:him|her|them)\b", re.I)
_WHOSE = re.compile(r"\b(?:his|her|their)\b", re.I)
# How several people are said in one recipient (as `MailTools.recipients` splits them):
# "ola and tom" is two people, never one "her".
_SEVERAL = re.compile(r",|;|&|\band\b", re.I)


def the_person(registry: IntentRegistry) -> FollowMatcher:
    """ "Email her that I'm running late" after "what's ola's number": Ola."""

    def resolve(text: str, recent: Recent) -> IntentMatch | None:
        if not (_OBJECT.search(text) or _WHOSE.search(text)):
            return None
        named = _named_person(registry, recent)
        if named is None:
            return None
        direct = registry.match(text)
        if direct is not None and not _pronoun_for_person(direct):
            return None  # "email ana telling her that ...": the person is said; "her" is Ana
        for pattern, said in ((_OBJECT, named), (_WHOSE, f"{named}'s")):
            if not pattern.search(text):
                continue
            match = registry.match(pattern.sub(said, text, count=1))
            if match is not None and _holds(match, named):
                return match
        return None

    return resolve


# An event made with someone: "dinner with nina" (one person, by name: not "the neighbours").
_WITH_SOMEONE = re.compile(
    r"\bwith\s+(?!(?:the|my|our|a|an|some|his|her|their)\b)(?P<who>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)$",
    re.I,
)
# The tools whose title may name the person an event is with.
_TITLED = ("calendar_create_event",)


def _named_person(registry: IntentRegistry, recent: Recent) -> str | None:
    """The person the last call was about, as the user's own request said them; else None."""
    call = recent.last()
    if call is not None and call.tool in _TITLED:
        return _with_person(registry, recent)
    if call is None or call.tool not in PERSON_ARGUMENT:
        return None
    value = call.arguments.get(PERSON_ARGUMENT[call.tool])
    if not isinstance(value, str) or not value.strip() or _SEVERAL.search(value):
        return None  # nobody named, or several people: "them" is unsure
    before = registry.match(recent.request)
    if before is None or before.tool != call.tool:
        return None  # the user's words asked no such call (the model's, maybe a mail's order)
    said = before.arguments.get(PERSON_ARGUMENT[call.tool])
    if not isinstance(said, str) or said.strip().casefold() != value.strip().casefold():
        return None  # the model named another word of the request ("email", "tom" in the body)
    spot = re.search(rf"(?<![\w@.]){re.escape(value.strip())}(?![\w@])", recent.request, re.I)
    return spot.group(0) if spot else None


def _holds(match: IntentMatch, person: str) -> bool:
    """Whether the match puts the person where its tool keeps one."""
    key = PERSON_ARGUMENT.get(match.tool)
    value = match.arguments.get(key) if key else None
    return isinstance(value, str) and person.casefold() in value.casefold()


def _pronoun_for_person(match: IntentMatch) -> bool:
    """Whether a reading took a pronoun for the person itself ("send her an email": to="her")."""
    key = PERSON_ARGUMENT.get(match.tool)
    value = match.arguments.get(key) if key else None
    return key is not None and (
        not isinstance(value, str) or bool(_OBJECT.fullmatch(value.strip()))
    )


def _with_person(registry: IntentRegistry, recent: Recent) -> str | None:
    """The one person an event just made is with ("dinner with nina"), as the user's request
    said them: the title must be the one the intents read from the user's own words."""
    call = recent.last()
    title = call.arguments.get("title") if call is not None else None
    if call is None or not isinstance(title, str):
        return None
    before = registry.match(recent.request)
    said_title = before.arguments.get("title") if before is not None else None
    if before is None or before.tool != call.tool or not isinstance(said_title, str):
        return None
    if said_title.strip().casefold() != title.strip().casefold():
        return None  # the model's title, not the one the user's words give
    found = _WITH_SOMEONE.search(title.strip())
    if found is None or _SEVERAL.search(found.group("who")):
        return None
    spot = re.search(rf"(?<![\w@.]){re.escape(found.group('who'))}(?![\w@])", recent.request, re.I)
    return spot.group(0) if spot else None
