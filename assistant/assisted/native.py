"""The native strategy: a model trained for tools decides by itself whether to call.

Its template renders the tools, and the backend's schema grammar keeps a call
well formed once the model opens one; no value is read from the request here.
"""

from __future__ import annotations

from assistant.assisted.selection import select_tools
from assistant.assisted.strategy import CallStrategy, Definitions, Offer


class NativeStrategy(CallStrategy):
    """A model trained for tools decides by itself; only a long tool list is cut to the likeliest."""

    name = "model"

    def offer(self, request: str, definitions: Definitions, max_tools: int) -> Offer:
        if len(definitions) > max_tools:
            return Offer(select_tools(request, definitions, max_tools))
        return Offer(definitions)
