"""Append-only conversations in token space, for models whose memory cannot be cut back.

A hybrid model (Qwen3.5: Gated DeltaNet layers beside attention) keeps a
recurrent state that llama.cpp cannot roll back to an earlier position, so a
prompt is cheap only if it extends exactly what the model already processed.
Re-rendering the history breaks that: Qwen3.5's template drops the `<think>`
block of earlier assistant turns, and a reply re-rendered from its parsed calls
is not byte for byte what the model wrote. So after a turn the backend keeps a
`Transcript` (the exact text the model processed and wrote) and renders only
the new messages after it. Transcripts are also kept on disk, beside a state
snapshot, so `botpsy -c` in a new process resumes instead of starting over.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from assistant.formats.templates import ChatTemplate
from assistant.messages import Message

SENTINEL = "\x00"


def _normal(message: Message) -> dict[str, Any]:
    """A message without call ids (a stored conversation may number them anew)."""
    return {
        "role": message.role,
        "content": message.content.strip(),
        "calls": [[c.name, c.arguments] for c in message.tool_calls],
    }


def conversation_key(
    messages: list[Message], tools: list[dict[str, Any]], thinking: bool, model_key: str = ""
) -> str:
    """What a model turn answered: messages, tools and mode (digest)."""
    body = json.dumps([model_key, [_normal(m) for m in messages], tools, thinking],
                      sort_keys=True, default=str)  # fmt: skip
    return hashlib.sha256(body.encode()).hexdigest()[:32]


@dataclass
class Transcript:
    """After a turn: the exact text processed and written, and the reply as the agent keeps it."""

    key: str  # conversation_key of the messages the turn answered
    text: str  # prompt + generated text, exactly as the model saw and wrote it
    state_text: str  # what the model's state holds (the last sampled token is never evaluated)
    reply: dict[str, Any]  # _normal form of the assistant message this turn becomes

    def answers(self, message: Message) -> bool:
        """Is `message` the reply this turn gave (so the model's own text may stand for it)?"""
        return message.role == "assistant" and _normal(message) == self.reply


def reply_form(content: str, calls: list[Any]) -> dict[str, Any]:
    """The `_normal` form of the assistant message built from a turn."""
    return _normal(Message("assistant", content, list(calls)))


def appended_prompt(
    template: ChatTemplate,
    transcript: Transcript,
    messages: list[Message],
    start: int,
    tools: list[dict[str, Any]],
    thinking: bool,
    eos_text: str,
) -> str | None:
    """The transcript, then messages[start:] as the template renders them, then the generation prompt.

    Where the new messages begin in a full rendering is found by changing the first
    one's content and seeing where the two renderings part; its block starts after
    the end-of-turn marker before that point.
    """
    if not eos_text or start >= len(messages):
        return None
    full = template.render(messages, tools, thinking=thinking)
    probe = list(messages)
    probe[start] = replace(messages[start], content=SENTINEL + messages[start].content)
    other = template.render(probe, tools, thinking=thinking)
    common = 0
    for a, b in zip(full, other, strict=False):
        if a != b:
            break
        common += 1
    end = full.rfind(eos_text, 0, common)
    if end < 0:
        return None
    return transcript.text + full[end:]


class TurnIndex:
    """Transcripts on disk, one small JSON file each (the newest `keep` stay)."""

    def __init__(self, folder: Path, keep: int = 32) -> None:
        self.folder = folder
        self.keep = keep

    def record(self, transcript: Transcript) -> None:
        """Keep a transcript; a read-only or full disk only costs speed later."""
        path = self.folder / f"{transcript.key}.turn.json"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps(asdict(transcript)), "utf-8")
            temporary.replace(path)
            entries = sorted(self.folder.glob("*.turn.json"), key=lambda p: p.stat().st_mtime)
            for old in entries[: -self.keep]:
                old.unlink(missing_ok=True)
        except OSError:
            pass

    def find(self, key: str) -> Transcript | None:
        """The transcript of the turn that answered `key`, if one was kept."""
        path = self.folder / f"{key}.turn.json"
        try:
            return Transcript(**json.loads(path.read_text("utf-8")))
        except (OSError, ValueError, TypeError):
            return None
