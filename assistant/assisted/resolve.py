"""Which call strategy a request gets, by the `agent.call_strategy` setting and the model."""

from __future__ import annotations

from assistant.assisted.native import NativeStrategy
from assistant.assisted.strategy import CallStrategy
from assistant.models.base import Model

NAMES = ("auto", "model", "assisted")


def resolve_strategy(name: str, model: Model) -> CallStrategy:
    """`auto` becomes the native strategy for a model trained for tools, else the assisted one."""
    if name not in NAMES:
        raise ValueError(f"'{name}' is not a call strategy ({', '.join(NAMES)})")
    if name == "auto":
        name = "model" if model.trained_for_tools else "assisted"
    if name == "model":
        return NativeStrategy()
    from assistant.assisted.assist import AssistedStrategy

    return AssistedStrategy()
