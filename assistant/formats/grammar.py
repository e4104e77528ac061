"""A GBNF grammar for the body of a Qwen3.5 XML tool call, built from the offered tools' schemas.

Applied only once the model has opened `<tool_call>`, so free text stays free:
the function name must be one of the offered tools, required parameters come
first and are present, values follow their types (enums, numbers, booleans),
and strings are bounded so a weak model cannot loop inside an argument.

Grounded mode (for models that are assisted, see `assist.py`) goes further:
numbers must be numbers the user wrote, and strings short phrases of the
user's words, so the model picks which of the user's values goes where instead
of inventing values.
"""

from __future__ import annotations

import json
from typing import Any

from assistant.grounding import Grounding

MAX_STRING = 300
MAX_PARALLEL = 4

JSON_RULES = r"""
json-value ::= json-object | json-array | json-string | json-number | "true" | "false" | "null"
json-object ::= "{" ws ( json-string ws ":" ws json-value ( ws "," ws json-string ws ":" ws json-value ){0,15} )? ws "}"
json-array ::= "[" ws ( json-value ( ws "," ws json-value ){0,31} )? ws "]"
json-string ::= "\"" [^"\\\n]{0,200} "\""
json-number ::= "-"? [0-9]{1,15} ( "." [0-9]{1,10} )?
ws ::= [ ]{0,2}
"""


def literal(text: str) -> str:
    """A GBNF string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _value_rule(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        options = [v if isinstance(v, str) else json.dumps(v) for v in schema["enum"]]
        return "( " + " | ".join(literal(o) for o in options) + " )"
    kind = schema.get("type")
    if kind == "integer":
        return "int-val"
    if kind in ("number", "float"):
        return "num-val"
    if kind == "boolean":
        return '( "true" | "false" )'
    if kind in ("array", "object", "dict", "tuple"):
        return "json-value"
    return "str-val"


def call_grammar(
    tools: list[dict[str, Any]], parallel: bool = True, grounded: str | None = None
) -> str:
    """GBNF for what follows `<tool_call>`: one call (or a few, when `parallel`).

    With `grounded` (the user's request), values come from the user's words.
    """
    rules: list[str] = []
    alternatives: list[str] = []
    for index, definition in enumerate(tools):
        function = definition.get("function", definition)
        parameters = function.get("parameters") or {}
        grounding = Grounding(grounded, parameters) if grounded is not None else None
        properties: dict[str, Any] = parameters.get("properties") or {}
        required = [r for r in parameters.get("required", []) if r in properties]
        optional = [p for p in properties if p not in required]
        parts = [literal(function["name"] + ">\n")]
        for number, name in enumerate(required + optional):
            rule = _value_rule(properties[name])
            if grounding is not None and (rule in _GROUNDABLE or _is_array(properties[name])):
                rule = f"v{index}-{number}"
                rules.append(f"{rule} ::= {_grounded_rule(name, properties[name], grounding)}")
            piece = f'"<parameter={name}>\\n" {rule} "\\n</parameter>\\n"'
            parts.append(piece if name in required else f"( {piece} )?")
        rules.append(f"fn{index} ::= " + " ".join(parts))
        alternatives.append(f"fn{index}")
    call = '"<function=" ( ' + " | ".join(alternatives) + ' ) "</function>\\n</tool_call>"'
    head = [f"call ::= {call}"]
    if parallel:
        head.insert(0, f'root ::= "\\n"? call ( "\\n<tool_call>\\n" call ){{0,{MAX_PARALLEL - 1}}}')
    else:
        head.insert(0, 'root ::= "\\n"? call')
    values = [
        f"str-val ::= [^<\\n] [^<]{{0,{MAX_STRING}}}",
        'int-val ::= "-"? [0-9]{1,15}',
        'num-val ::= "-"? [0-9]{1,15} ( "." [0-9]{1,10} )?',
    ]
    return "\n".join(head + rules + values) + JSON_RULES


_GROUNDABLE = ("str-val", "int-val", "num-val")


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


def _grounded_rule(name: str, schema: dict[str, Any], grounding: Grounding) -> str:
    """The user's values that may fill this parameter; the free rule when the user wrote none."""
    if _is_array(schema):
        return _grounded_array(name, schema, grounding)
    kind = _value_rule(schema)
    if kind == "str-val":
        options = grounding.phrases_for(name)
    else:
        options = grounding.numbers_for(name, integer=kind == "int-val")
    return " | ".join(literal(o) for o in options) if options else kind
