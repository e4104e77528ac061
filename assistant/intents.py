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
from typing import Any

Matcher = Callable[[str], "IntentMatch | None"]

# Longer requests are not what a local intent answers; they go to the model unread.
MAX_REQUEST_CHARS = 1000


@dataclass
class IntentMatch:
    """A request understood without the model: which tool, with what arguments."""

    tool: str
    arguments: dict[str, Any]
    intent: str = ""
    missing: dict[str, str] = field(default_factory=dict)  # argument -> question for the user
    options: list[str] = field(default_factory=list)  # what "1", "the second" stand for

    def to_dict(self) -> dict[str, Any]:
        """JSON form, kept in the conversation while a question waits for its answer."""
        return {
            "tool": self.tool,
            "arguments": self.arguments,
            "intent": self.intent,
            "missing": self.missing,
            "options": self.options,
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
        )


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}


def pick_option(answer: str, options: list[str]) -> str | None:
    """The option a numbered answer names: "2", "#2", "the second", "second one", "the last"."""
    words = re.sub(r"[^\w\s]", " ", answer.lower()).split()
    words = [w for w in words if w not in ("the", "one", "number", "no", "option", "please")]
    if len(words) != 1 or not options:
        return None
    word = words[0]
    index = int(word) if word.isdigit() else _ORDINALS.get(word)
    if index is None or index == 0 or abs(index) > len(options):
        return None
    return options[index - 1 if index > 0 else index]


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


def clean_request(text: str) -> str:
    """Whitespace folded, politeness and the trailing full stop dropped: what matchers see."""
    text = " ".join(text.split())
    text = re.sub(r"^(?:hey |hi |ok |okay )?(?:botpsy[,:]? )?", "", text, flags=re.I)
    text = re.sub(r"^(?:please |can you |could you |would you |pls )+", "", text, flags=re.I)
    text = re.sub(r",? please$", "", text.rstrip(".!"), flags=re.I)
    return text.strip()
