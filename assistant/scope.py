"""What botpsy cannot do yet, said plainly before a small model improvises an answer.

The domains and the words that name them are data (`assistant/data/domains.toml`).
A request is about the domain it names first; when no installed tool covers it,
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

    def named_at(self, request: str) -> int | None:
        """Where the request first names this domain (whole words, any case), or None."""
        found = _pattern(self.phrases).search(request)
        return found.start() if found else None

    def served_by(self, tools: list[dict[str, Any]]) -> bool:
        """Whether one of the tools is for this domain, by its name and description."""
        pattern = _pattern(self.tool_words)
        for definition in tools:
            function = definition.get("function", definition)
            text = f"{function.get('name', '').replace('_', ' ')} {function.get('description', '')}"
            if pattern.search(text):
                return True
        return False


# Verbs every domain uses: "read my email" names mail, not the tool that reads files.
_GENERIC_VERBS = re.compile(
    r"(?<!\w)(?:read|show|list|find|search|open|get|check|tell|give|see|look|view|display)(?!\w)",
    re.I,
)

# Words after which a domain is a topic, not the thing asked for.
_TOPIC = re.compile(r"(?<!\w)(?:about|of|regarding|concerning|on|for|with)(?!\w)", re.I)


@cache
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.I)


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
        )
        for name, entry in tomllib.loads(text).items()
    )


def decline(request: str, tools: list[dict[str, Any]]) -> str | None:
    """The honest answer to a request no installed tool can serve, or None.

    A request that names one of a tool's own words ("remind me to fix the lights" names
    the task tool) is left to the tools.
    """
    named = [(at, d) for d in domains() if (at := d.named_at(request)) is not None]
    if not named:
        return None
    # A tool's word inside the domain's own phrase ("book" in "book a taxi") is not the tool's.
    rest = request
    for _, named_domain in named:
        rest = _pattern(named_domain.phrases).sub(" ", rest)
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
