"""What botpsy cannot do yet, said plainly before a small model improvises an answer.

The domains and the words that name them are data (`assistant/data/domains.toml`):
whole phrases, and shapes (a verb said first, then within a few words a thing of the
domain: "order two large pizzas", "i need a cab"). A request is about the domain it
names first; when no installed tool covers it,
the reply is "I can't set alarms or timers yet..."; once a plugin adds such a
tool, the request goes through as any other.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from assistant.assisted.selection import score_tools


@dataclass(frozen=True)
class Domain:
    """A kind of request, the phrases that name it, and the words of tools that serve it."""

    name: str
    can_not: str
    phrases: tuple[str, ...]
    tool_words: tuple[str, ...]
    hint: str = ""
    shapes: tuple[re.Pattern[str], ...] = ()
    # Declined before the intents: said in a shape no intent may take for its own
    # ("book a table for two at 8" is no calendar event). Shapes only, never loose phrases.
    first: bool = False

    def named_at(self, request: str) -> int | None:
        """Where the request first names this domain (whole words, any case), or None."""
        found = [m.start() for m in self._found(request)]
        return min(found) if found else None

    def cleared(self, request: str) -> str:
        """The request without the words that name this domain."""
        for found in sorted(self._found(request), key=lambda m: m.start(), reverse=True):
            request = f"{request[: found.start()]} {request[found.end() :]}"
        return request

    def _found(self, request: str) -> list[re.Match[str]]:
        patterns = [_pattern(self.phrases), *self.shapes] if self.phrases else list(self.shapes)
        return [m for p in patterns if (m := p.search(request))]

    def served_by(self, tools: list[dict[str, Any]]) -> bool:
        """Whether one of the tools is for this domain, by its name and description."""
        pattern = _pattern(self.tool_words)
        for definition in tools:
            function = definition.get("function", definition)
            text = f"{function.get('name', '').replace('_', ' ')} {function.get('description', '')}"
            if pattern.search(text):
                return True
        return False


# Verbs every domain uses: "read my email" names mail, not the tool that reads files, and
# "turn off the kitchen lights" names lights, not the tool that turns off an alarm.
_GENERIC_VERBS = re.compile(
    r"(?<!\w)(?:read|show|list|find|search|open|get|check|tell|give|see|look|view|display"
    r"|turn|switch|shut|power|on|off|up|down)(?!\w)",
    re.I,
)

# Words after which a domain is a topic, not the thing asked for.
_TOPIC = re.compile(r"(?<!\w)(?:about|of|regarding|concerning|on|for|with)(?!\w)", re.I)


@cache
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.I)


# Said before the verb of a shape: "can you order ...", "i'd like to book ...".
_OPENERS = (
    r"(?:(?:please|just|can you|could you|would you|will you|can i|could i|can we|i want to|"
    r"i wanna|i'd like to|i would like to|i need to|we need to|i have to|let's|lets|help me|"
    r"go ahead and|i'm going to|i am going to)\s+)*"
)


# Said after whoever is named, naming no one: "ring the garage for me", "pay jo back please".
_COURTESY = r"(?:\s+(?:for\s+(?:me|us)|please|now|right\s+now|for\s+me\s+please))?"


def _shape(entry: dict[str, Any]) -> re.Pattern[str]:
    """A verb at the start (after politeness), then within `gap` words a thing of the domain.

    With `ends`, the thing is whoever is named: the verb, then one to `gap` words, and the
    request ends ("call tomas", "ring the dentist"); words in `not_next` right after the verb
    name no one ("call it brunch", "call it a day").
    """
    verbs = _alternatives(tuple(entry["verbs"]))
    gap = int(entry.get("gap", 3))
    if entry.get("ends"):
        skip = _alternatives(tuple(entry.get("not_next", ())))
        unless = rf"(?!\s+(?:{skip})(?!\w))" if skip else ""
        return re.compile(
            rf"^\W*{_OPENERS}(?:{verbs}){unless}(?:\s+[\w'-]+){{1,{gap}}}?{_COURTESY}\W*$", re.I
        )
    things = _alternatives(tuple(entry["things"]))
    # `not_then`: words right after the thing that make it something else ("book dinner with
    # the neighbours" is a plan with people for the calendar, not a table booked).
    then = _alternatives(tuple(entry.get("not_then", ())))
    unless = rf"(?!\s+(?:{then})(?!\w))" if then else ""
    return re.compile(
        rf"^\W*{_OPENERS}(?:{verbs})(?!\w)(?:\s+[\w'-]+){{0,{gap}}}?\s+(?:{things})(?!\w){unless}",
        re.I,
    )


def _alternatives(phrases: tuple[str, ...]) -> str:
    ordered = sorted(phrases, key=len, reverse=True)
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)


@cache
def domains() -> tuple[Domain, ...]:
    """The domains of the data file."""
    text = resources.files("assistant").joinpath("data/domains.toml").read_text("utf-8")
    return tuple(
        Domain(
            name,
            entry["can_not"],
            tuple(entry["phrases"]),
            tuple(entry["tool_words"]),
            entry.get("hint", ""),
            tuple(_shape(shape) for shape in entry.get("shapes", [])),
            bool(entry.get("first", False)),
        )
        for name, entry in tomllib.loads(text).items()
    )


def named_first(request: str) -> bool:
    """Whether the request names a domain declined before the intents (cheap: no tools read)."""
    return any(d.first and d.named_at(request) is not None for d in domains())


def decline(request: str, tools: list[dict[str, Any]], first_only: bool = False) -> str | None:
    """The honest answer to a request no installed tool can serve, or None.

    A request that names one of a tool's own words ("remind me to fix the lights" names
    the task tool) is left to the tools. `first_only`: only the domains declined before
    the intents.
    """
    named = [
        (at, d)
        for d in domains()
        if (d.first or not first_only) and (at := d.named_at(request)) is not None
    ]
    if not named:
        return None
    # A tool's word inside the domain's own phrase ("book" in "book a cab to the station") is not the tool's.
    rest = request
    for _, named_domain in named:
        rest = named_domain.cleared(rest)
    relevant = any(score.relevant for score in score_tools(rest, tools))
    if relevant and any(
        score.relevant for score in score_tools(_GENERIC_VERBS.sub(" ", rest), tools)
    ):
        return None  # the request names a tool's own words, not just "read" or "show"
    at, domain = min(named, key=lambda pair: pair[0])
    topic = _TOPIC.search(request)
    if relevant and topic and topic.start() < at:
        return None  # "show my photos of the lights": the domain is what the files are about
    if domain.served_by(tools):
        return None
    reply = f"I can't {domain.can_not} yet: none of the installed tools does that."
    return f"{reply} {domain.hint}." if domain.hint else reply
