"""The Model interface: messages and tools in, a stream of text deltas and one final turn out."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from assistant.messages import Message, ToolCall


@dataclass
class GenerationOptions:
    """Per-request settings; None means the model's own default."""

    max_tokens: int = 384
    temperature: float | None = None
    tool_choice: str = "auto"  # "auto", "required", "none", or a tool name
    thinking: bool = False
    constrain_calls: bool = True  # a grammar from the tools' schemas once a call opens
    parallel_calls: bool = True  # may a turn hold several calls
    # A ready GBNF for what follows the call opening (and `call_prefix`), in place of the
    # schema grammar; the caller builds it (the assisted layer: one argument's values).
    grammar: str | None = None
    call_prefix: str = ""  # forced text right after `<tool_call>`: the call goes on from it


@dataclass
class TurnStats:
    """Where one model turn's time went."""

    load_seconds: float = 0.0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    prompt_seconds: float = 0.0
    generated_tokens: int = 0
    generation_seconds: float = 0.0
    prefix_cache: str = ""  # memory, disk or built: where the prompt's stable start came from

    def to_dict(self) -> dict[str, Any]:
        """JSON form for transcripts and benchmarks."""
        return {k: round(v, 4) if isinstance(v, float) else v for k, v in self.__dict__.items()}


@dataclass
class TextDelta:
    """A piece of the visible reply, as it is generated."""

    text: str


@dataclass
class ModelTurn:
    """A finished turn: the reply text, the calls it asked for, and what could not be read."""

    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    reasoning: str = ""
    parse_errors: list[str] = field(default_factory=list)
    raw: str = ""
    stats: TurnStats = field(default_factory=TurnStats)
    asks: str = ""  # the tool the harness asks the user a value for (the request lacks it)


ModelEvent = TextDelta | ModelTurn


class Model(ABC):
    """A chat model that can call tools. Back-ends: llama-cpp in process, an OpenAI server, scripted."""

    name: str = "model"

    @property
    def trained_for_tools(self) -> bool:
        """Whether the model decides on tool calls by itself (else the harness assists it)."""
        return True

    def prompt_room(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> int | None:
        """Tokens of the context left after this prompt, or None when the back-end cannot tell."""
        return None

    @abstractmethod
    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        """Stream `TextDelta`s, then exactly one `ModelTurn`."""

    def cancel(self) -> None:  # noqa: B027 - optional for back-ends that cannot stop early
        """Ask a running `respond` to stop soon (called from another thread)."""

    def close(self) -> None:  # noqa: B027 - most back-ends hold nothing
        """Free what the model holds."""
