"""Local intents: common requests answered with a tool call and no model, in milliseconds.

Plugins register matchers (see `hookspecs.register_intents`). A match may lack
arguments; the assistant then asks for them and completes the call when the user
answers on the next turn.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

Matcher = Callable[[str], "IntentMatch | None"]

# Longer requests are not what a local intent answers; they go to the model unread.
MAX_REQUEST_CHARS = 1000
# Several requests in one ("add X friday 3pm and lunch with sam saturday at 1pm") are
# short: at most this many parts, this many places to cut and this many characters, so
# `match_all` costs at most a few dozen `match`es whatever the length of the request.
MAX_PARTS = 4
MAX_CUTS = 6
MAX_COMPOUND_CHARS = 400
_CUT = re.compile(
    r"\s*[,;]\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+|also\s+)?|\s+then\s+", re.I
)


@dataclass
class IntentMatch:
    """A request understood without the model: which tool, with what arguments."""

    tool: str
    arguments: dict[str, Any]
    intent: str = ""
    missing: dict[str, str] = field(default_factory=dict)  # argument -> question for the user
    options: list[str] = field(default_factory=list)  # what "1", "the second" stand for
    labels: list[str] = field(default_factory=list)  # the words each option is known by

    def to_dict(self) -> dict[str, Any]:
        """JSON form, kept in the conversation while a question waits for its answer."""
        return {
            "tool": self.tool,
            "arguments": self.arguments,
            "intent": self.intent,
            "missing": self.missing,
            "options": self.options,
            "labels": self.labels,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IntentMatch:
        """Inverse of `to_dict`."""
        return cls(
            data["tool"],
            dict(data["arguments"]),
            data.get("intent", ""),
            dict(data["missing"]),
            list(data.get("options", [])),
            list(data.get("labels", [])),
        )


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}


def pick_option(answer: str, options: list[str], labels: list[str] | None = None) -> str | None:
    """The option an answer names: "2", "#2", "the second", "the last", or its own words.

    "the one in the bedroom" picks the only option whose label (or value) has every
    word the answer says beyond filler; an answer that fits several or none picks none.
    """
    words = re.sub(r"[^\w\s]", " ", answer.lower()).split()
    words = [w for w in words if w not in ("the", "one", "number", "no", "option", "please")]
    if not options or not words:
        return None
    if len(words) == 1:
        word = words[0]
        index = int(word) if word.isdigit() else _ORDINALS.get(word)
        if index is not None:
            if index == 0 or abs(index) > len(options):
                return None
            return options[index - 1 if index > 0 else index]
    said = {w for w in words if w not in _ANSWER_FILLER}
    if not said or len(words) > _MAX_ANSWER_WORDS:
        return None
    named = labels if labels and len(labels) == len(options) else options
    fits = [
        option
        for option, label in zip(options, named, strict=True)
        if said
        <= set(re.sub(r"[^\w\s]", " ", f"{label} {option}".lower().replace("_", " ")).split())
    ]
    return fits[0] if len(fits) == 1 else None


# Words around an option's own words in an answer: "the one in the kitchen", "i mean ana's".
_ANSWER_FILLER = frozenset(
    [
        "a",
        "an",
        "in",
        "on",
        "at",
        "of",
        "for",
        "from",
        "with",
        "my",
        "our",
        "your",
        "i",
        "mean",
        "want",
        "that",
        "this",
        "it",
        "is",
        "s",
        "its",
        "yes",
        "yeah",
        "ok",
        "okay",
        "just",
    ]
)
_MAX_ANSWER_WORDS = 8


@dataclass
class Intent:
    """A named matcher from a plugin."""

    name: str
    plugin: str
    matcher: Matcher


class IntentRegistry:
    """Intents in the order they were registered."""

    def __init__(self) -> None:
        self.intents: list[Intent] = []

    def register_callback(self, plugin: str) -> Callable[[str, Matcher], None]:
        """The `register` callable handed to a plugin's `register_intents` hook."""

        def register(name: str, matcher: Matcher) -> None:
            self.intents.append(Intent(f"{plugin}.{name}", plugin, matcher))

        return register

    def match(self, text: str) -> IntentMatch | None:
        """The first intent that matches; a matcher that raises is reported and skipped.

        Requests longer than `MAX_REQUEST_CHARS` match nothing, so no matcher ever
        spends more than a moment on one.
        """
        if len(text) > 4 * MAX_REQUEST_CHARS:
            return None
        cleaned = clean_request(text)
        if len(cleaned) > MAX_REQUEST_CHARS:
            return None
        for intent in self.intents:
            try:
                found = intent.matcher(cleaned)
            except Exception as exc:  # a plugin bug must not stop the request
                print(f"botpsy: intent {intent.name} failed: {exc}", file=sys.stderr)
                continue
            if found is not None:
                found.intent = intent.name
                return found
        return None

    def match_all(self, text: str) -> list[IntentMatch] | None:
        """Two to four requests in one, each a complete match on its own; else None.

        The request is cut at "and", "and then", "then", commas and semicolons into
        parts that must each match with nothing missing; "add lunch with ana and ben
        friday at 1pm" stays whole because "add lunch with ana" lacks a time. A part
        with no verb may borrow the first part's ("add dentist friday 3pm and lunch
        saturday at 1pm"), but only when both bring more than a name (a time, a day),
        so "remind me to buy eggs and milk" stays one task. More parts are preferred,
        then the earliest cuts. None means: treat the request as one (`match`).
        """
        if len(text) > 4 * MAX_REQUEST_CHARS:
            return None
        cleaned = clean_request(text)
        if len(cleaned) > MAX_COMPOUND_CHARS:
            return None
        cuts = [(m.start(), m.end()) for m in _CUT.finditer(cleaned)]
        if not cuts or len(cuts) > MAX_CUTS:
            return None
        seen: dict[str, IntentMatch | None] = {}

        def complete(part: str) -> IntentMatch | None:
            if part not in seen:
                found = self.match(part) if part else None
                seen[part] = found if found is not None and not found.missing else None
            return seen[part]

        for count in range(min(MAX_PARTS, len(cuts) + 1), 1, -1):
            for chosen in combinations(cuts, count - 1):
                ends = [0, *(e for _, e in chosen)]
                starts = [*(s for s, _ in chosen), len(cleaned)]
                parts = [cleaned[a:b].strip() for a, b in zip(ends, starts, strict=True)]
                found = _each_part(parts, complete)
                if found is not None:
                    return [IntentMatch.from_dict(m.to_dict()) for m in found]
        return None


def _each_part(
    parts: list[str], complete: Callable[[str], IntentMatch | None]
) -> list[IntentMatch] | None:
    """A complete match for every part, a verbless one borrowing the first part's verb."""
    first = complete(parts[0])
    if first is None:
        return None
    verb = _verb_of(parts[0], first) if len(first.arguments) > 1 else None
    found = [first]
    for part in parts[1:]:
        match = complete(part)
        if match is None and verb is not None:
            borrowed = complete(verb + part)
            if borrowed and borrowed.tool == first.tool and len(borrowed.arguments) > 1:
                match = borrowed
        if match is None:
            return None
        found.append(match)
    return found


def _verb_of(part: str, match: IntentMatch) -> str | None:
    """What comes before the first argument: "add " in "add dentist friday 3pm"."""
    value = next((v for v in match.arguments.values() if isinstance(v, str) and v), "")
    at = part.lower().find(value.lower()) if value else -1
    return part[:at] if at > 0 else None


def clean_request(text: str) -> str:
    """Whitespace folded, politeness and the trailing full stop dropped: what matchers see."""
    text = " ".join(text.split())
    # Habit from other assistants ("ok google, ...", "alexa ..."): the wake word is no request.
    text = re.sub(r"^(?:(?:hey|ok|okay),? (?:google|siri)|alexa)[,:]? ", "", text, flags=re.I)
    text = re.sub(r"^(?:hey |hi |ok |okay )?(?:botpsy[,:]? )?", "", text, flags=re.I)
    text = re.sub(
        r"^(?:please |can you |could you |would you |will you |pls )+", "", text, flags=re.I
    )
    text = re.sub(r",? please$", "", text.rstrip(".!"), flags=re.I)
    return text.strip()
