"""A call grammar whose values come from the user's words, for an assisted model.

The schema grammar (`assistant.formats.grammar`) bounds a call by types; here
numbers must be numbers the user wrote and strings short phrases of the user's
words, so the model picks which of the user's values goes where instead of
inventing values. Where the user wrote nothing that fits, the plain rule stays.
"""

from __future__ import annotations

import json
from typing import Any

from assistant.assisted.grounding import Grounding
from assistant.formats.grammar import call_grammar, literal

_GROUNDABLE = ("str-val", "int-val", "num-val")


def grounded_call_grammar(tools: list[dict[str, Any]], request: str, parallel: bool = True) -> str:
    """GBNF for what follows `<tool_call>`, each value one the user wrote in `request`."""
    groundings: dict[int, Grounding] = {}

    def narrow(
        parameters: dict[str, Any], name: str, schema: dict[str, Any], rule: str
    ) -> str | None:
        if rule not in _GROUNDABLE and not _is_array(schema):
            return None
        grounding = groundings.get(id(parameters))
        if grounding is None:
            grounding = groundings[id(parameters)] = Grounding(request, parameters)
        return _grounded_rule(name, schema, rule, grounding)

    return call_grammar(tools, parallel, narrow)


def _is_array(schema: dict[str, Any]) -> bool:
    return schema.get("type") in ("array", "tuple") and "enum" not in schema


def _grounded_array(name: str, schema: dict[str, Any], grounding: Grounding) -> str:
    """A list the user wrote, or a list of the user's values of the item type."""
    item_type = str((schema.get("items") or {}).get("type", "string"))
    written = [literal(v) for v in grounding.lists_for(item_type)]
    if written:  # the user wrote the list: it is one of those, not one assembled item by item
        return " | ".join(written)
    if item_type in ("integer", "number", "float"):
        items = grounding.numbers_for(name, integer=item_type == "integer") or grounding.numbers
        values = [literal(n) for n in items]
    elif item_type == "string":
        values = [literal(json.dumps(p)) for p in grounding.phrases_for(name)]
    else:
        return " | ".join([*written, "json-array"])
    if not values:
        return " | ".join([*written, "json-array"])
    item = "( " + " | ".join(values) + " )"
    built = f'"[" {item} ( ", " {item} ){{0,15}} "]"'
    return " | ".join([*written, f"( {built} )"])


def _grounded_rule(name: str, schema: dict[str, Any], kind: str, grounding: Grounding) -> str:
    """The user's values that may fill this parameter; the free rule when the user wrote none."""
    if _is_array(schema):
        return _grounded_array(name, schema, grounding)
    if kind == "str-val":
        options = grounding.phrases_for(name)
    else:
        options = grounding.numbers_for(name, integer=kind == "int-val")
    return " | ".join(literal(o) for o in options) if options else kind
