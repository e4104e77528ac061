"""A scripted model: plays back prepared turns through the real parser.

For tests of the agent loop and for plugin authors, who can check that their
tools work in a full request without loading a real model::

    model = ScriptedModel([
        '<tool_call>\n<function=weather_now>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
        "It is sunny in Paris.",
    ])

A turn may also be a function of the messages so far, returning text.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from assistant.errors import ModelError
from assistant.formats.parse import parse_output
from assistant.messages import Message
from assistant.models.base import (
    GenerationOptions,
    Model,
    ModelEvent,
    ModelTurn,
    TextDelta,
    TurnStats,
)

ScriptedTurn = str | Callable[[list[Message]], str]


class ScriptedModel(Model):
    """Returns its turns in order; raises when it runs out, so a test sees an extra turn."""

    name = "scripted"

    def __init__(self, turns: list[ScriptedTurn], chunk: int = 8, delay: float = 0.0) -> None:
        self.turns = list(turns)
        self.chunk = chunk
        self.delay = delay
        self.seen: list[list[Message]] = []
        self.seen_tools: list[list[dict[str, Any]]] = []
        self._cancelled = False

    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        """Stream the next scripted turn in small chunks, then the parsed turn."""
        self.seen.append(list(messages))
        self.seen_tools.append(list(tools))
        if not self.turns:
            raise ModelError("the scripted model has no more turns")
        turn = self.turns.pop(0)
        text = turn(messages) if callable(turn) else turn
        self._cancelled = False
        names = [t["function"]["name"] for t in tools]
        parsed = parse_output(text, names)
        started = time.perf_counter()
        emitted = 0
        for i in range(0, len(parsed.content), self.chunk):
            if self._cancelled:
                break
            if self.delay:
                time.sleep(self.delay)
            piece = parsed.content[i : i + self.chunk]
            emitted += len(piece)
            yield TextDelta(piece)
        content = parsed.content[:emitted] if self._cancelled else parsed.content
        stats = TurnStats(
            generated_tokens=len(text) // 4, generation_seconds=time.perf_counter() - started
        )
        yield ModelTurn(
            content,
            [] if self._cancelled else parsed.tool_calls,
            parsed.reasoning,
            parsed.errors,
            text,
            stats,
        )

    def cancel(self) -> None:
        """Stop streaming the current turn."""
        self._cancelled = True
