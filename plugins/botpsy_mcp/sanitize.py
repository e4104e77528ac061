"""A server's words made fit for the model's prompt and the screen.

A tool's name, description and parameter text come from the server, and a
server may relay what others wrote (a listing, a remote service's catalogue).
They reach the model's prompt, where a small model obeys whatever it reads, so
botpsy's guarantee does not rest on cleaning them: offering an untrusted
server's tools taints the conversation from its first model turn (see
`assistant.policy.described_by_others`). Cleaning keeps them from doing more
than words can: no line breaks or escapes that forge a new turn or repaint a
terminal, no chat-template tokens that close the system turn, nothing long.
"""

from __future__ import annotations

import re
from typing import Any

from assistant.api import one_line, printable

# Escapes written out as text ("\n", "\u001b", "\x1b", "\033", "^[[2J"): a template or a
# terminal downstream may turn them back into the characters they stand for.
_ESCAPES = re.compile(
    r"\\(?:u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[abefnrtv\\\"'])"
    r"|\^\[\[?[0-9;?]*[A-Za-z]?"
)
# Chat-template tokens and tags: "<|im_start|>", "<tool_call>", "[INST]", "<start_of_turn>".
_TEMPLATE = re.compile(
    r"<\|[^<>|]{0,40}\|>"
    r"|</?\s*(?:tool_call|tool_response|tools|think|function|parameter|im_start|im_end|system"
    r"|user|assistant|s)\b[^<>]{0,80}>"
    r"|\[/?INST\]|<</?SYS>>|</?(?:start|end)_of_turn>",
    re.IGNORECASE,
)
# A parameter name the server will be sent back verbatim: an identifier, never a sentence.
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]{0,63}$")
ENUM_LIMIT = 80  # characters of one allowed value
_BRACKETS = str.maketrans("[]", "()")


class Unfit(ValueError):
    """A listed tool botpsy cannot offer safely (its text cannot be cleaned without changing it)."""


def third_party(text: Any, limit: int) -> str:
    """Text a server wrote: one printable line without escapes or template tokens, cut to `limit`.

    Removing one token can join its neighbours into another ("<|im_<||>start|>"), so
    this repeats until nothing changes.
    """
    cleaned = printable(str(text))
    for _ in range(8):
        again = _TEMPLATE.sub(" ", _ESCAPES.sub(" ", cleaned))
        if again == cleaned:
            break
        cleaned = again
    # Square brackets are markup where a face renders it ("[@click=app.quit]" in Textual).
    return one_line(cleaned.translate(_BRACKETS), limit)


def check_key(key: str, tool: str) -> str:
    """A parameter name, unchanged, or `Unfit` when it is no identifier."""
    if not _KEY.match(key):
        raise Unfit(f"tool '{tool}' has a parameter name that is not an identifier")
    return key


def check_enum(values: list[Any], tool: str) -> list[Any]:
    """Allowed values, unchanged (they go back to the server as they are), or `Unfit`."""
    for value in values:
        if value is not None and not isinstance(value, str | int | float | bool):
            raise Unfit(f"tool '{tool}' has an allowed value that is not plain")
        if isinstance(value, str) and third_party(value, ENUM_LIMIT) != value:
            raise Unfit(
                f"tool '{tool}' has an allowed value with control text or of over 80 characters"
            )
    return values
