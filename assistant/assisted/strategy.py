"""The seam between the agent and how a model is brought to call tools.

The agent asks a `CallStrategy` for the first model turn of a request and
whether the model may go on reading tool results; nothing else of this
package is its business. A strategy decides which tools are offered (or asks
the user instead of running the model), prepares the constraint the backend
generates under (a ready GBNF grammar and a forced call prefix in
`GenerationOptions`), and reviews the parsed calls. Backends only generate.

- `NativeStrategy` (`native.py`): the model's template renders tools, so the
  model decides by itself whether to call; the backend's schema grammar keeps a
  call well formed.
- `AssistedStrategy` (`assist.py`): the template has no tools, so the harness
  decides, and fills the call from the user's own words.

`resolve_strategy` (`resolve.py`) picks one by the setting and the model.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from assistant.messages import Message
from assistant.models.base import GenerationOptions, Model, ModelEvent, ModelTurn, TextDelta

Definitions = list[dict[str, Any]]
OnText = Callable[[str], None]


def _silent(_: str) -> None:
    return None


@dataclass
class Offer:
    """What the model is offered for one request: tools, or a question to the user instead."""

    tools: Definitions = field(default_factory=list)
    question: str = ""  # asked instead of running the model (the request lacks values)
    asks: str = ""  # the tool the question is for


class CallStrategy(ABC):
    """How the first model turn of a request is made, and whether later turns follow."""

    name: ClassVar[str]
    reads_results: ClassVar[bool] = True  # the model sees tool results and may call again

    @abstractmethod
    def offer(self, request: str, definitions: Definitions, max_tools: int) -> Offer:
        """Which tools the model may call for `request`, or the question to ask instead."""

    def constrain(
        self, request: str, offer: Offer, options: GenerationOptions
    ) -> GenerationOptions:
        """The options the backend generates under (tool choice, grammar, forced prefix)."""
        return options

    def generate(
        self,
        model: Model,
        messages: list[Message],
        request: str,
        offer: Offer,
        options: GenerationOptions,
        on_text: OnText,
    ) -> ModelTurn:
        """Run the backend under the prepared options."""
        return drain(model.respond(messages, offer.tools, options), on_text)

    def review(self, turn: ModelTurn, request: str, offer: Offer) -> ModelTurn:
        """What is kept of the parsed calls."""
        return turn

    def first_turn(
        self,
        model: Model,
        messages: list[Message],
        definitions: Definitions,
        options: GenerationOptions,
        max_tools: int = 8,
        on_text: OnText = _silent,
        request: str | None = None,
    ) -> ModelTurn:
        """The first turn of a request: offer, then generate under the constraint, then review.

        `request` is what the user's values are read from, when it is more than the last
        message (an answer to the harness's question, read with the request it completes).
        """
        if request is None:
            request = next((m.content for m in reversed(messages) if m.role == "user"), "")
        offer = self.offer(request, definitions, max_tools)
        if offer.question:
            return ModelTurn(offer.question, asks=offer.asks)
        prepared = self.constrain(request, offer, options)
        turn = self.generate(model, messages, request, offer, prepared, on_text)
        return self.review(turn, request, offer)

    def __str__(self) -> str:
        return self.name


def drain(events: Iterator[ModelEvent], on_text: OnText) -> ModelTurn:
    """Consume a model's stream: text pieces to `on_text`, and the final turn returned."""
    final: ModelTurn | None = None
    for event in events:
        if isinstance(event, TextDelta):
            on_text(event.text)
        else:
            final = event
    assert final is not None, "a model must end its stream with a ModelTurn"
    return final
