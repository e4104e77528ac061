"""How a model is brought to call tools: the agent's one seam, and the assisted layer behind it.

The agent uses only what this face hands on. Behind it, for models whose chat
template has no tools, the assisted layer reads values from the user's words
(grounding, selection, slots, quantities, formulas, currencies), its word lists
kept as data in `data/`. What needs neither tool nor model (a sum, a unit
conversion) it answers itself: `local_answer`.
"""

from assistant.assisted.local import local_answer
from assistant.assisted.native import NativeStrategy
from assistant.assisted.resolve import resolve_strategy
from assistant.assisted.strategy import CallStrategy, Offer, drain

__all__ = ["CallStrategy", "NativeStrategy", "Offer", "drain", "local_answer", "resolve_strategy"]
