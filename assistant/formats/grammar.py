"""A GBNF grammar for the body of a Qwen3.5 XML tool call, built from the offered tools' schemas.

Applied only once the model has opened `<tool_call>`, so free text stays free:
the function name must be one of the offered tools, required parameters come
first and are present, values follow their types (enums, numbers, booleans),
and strings are bounded so a weak model cannot loop inside an argument.

`value_rule` lets a caller put its own rule in place of a parameter's (the
assisted layer narrows values to the user's words that way); this module
knows only schemas.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

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

ValueRule = Callable[[dict[str, Any], str, dict[str, Any], str], str | None]
"""(tool parameters, parameter name, its schema, its plain rule) -> a GBNF rule body, or None."""


def literal(text: str) -> str:
    """A GBNF string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def value_rule(schema: dict[str, Any]) -> str:
    """The plain rule for a value of this schema: an enum's options, or its type's rule."""
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
    tools: list[dict[str, Any]], parallel: bool = True, narrow: ValueRule | None = None
) -> str:
    """GBNF for what follows `<tool_call>`: one call (or a few, when `parallel`).

    `narrow`, when given, may replace a parameter's rule by its own.
    """
    rules: list[str] = []
    alternatives: list[str] = []
    for index, definition in enumerate(tools):
        function = definition.get("function", definition)
        parameters = function.get("parameters") or {}
        properties: dict[str, Any] = parameters.get("properties") or {}
        required = [r for r in parameters.get("required", []) if r in properties]
        optional = [p for p in properties if p not in required]
        parts = [literal(function["name"] + ">\n")]
        for number, name in enumerate(required + optional):
            rule = value_rule(properties[name])
            narrowed = narrow(parameters, name, properties[name], rule) if narrow else None
            if narrowed is not None:
                rule = f"v{index}-{number}"
                rules.append(f"{rule} ::= {narrowed}")
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
