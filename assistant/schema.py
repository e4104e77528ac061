"""JSON schemas from typed Python functions, and coercion of model-written values by schema.

Small models write `"3"` for 3, `True` for true and a list as a comma string. The
schema is the authority: values are coerced to it, and what cannot be coerced is
an error the model sees and can correct.
"""

from __future__ import annotations

import inspect
import json
import re
import types
import typing
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Literal, Union

from assistant.errors import ToolArgumentError
from assistant.timeparse import Moment, Span

# Parameters whose text is resolved against the user's clock before the tool runs.
TIME_KINDS: dict[Any, tuple[str, str]] = {
    Moment: (
        "moment",
        "date and time in words or ISO 8601, e.g. 'Friday 3pm' or '2026-12-04T15:00'",
    ),
    datetime: ("datetime", "date and time in words or ISO 8601, e.g. 'tomorrow 9:30'"),
    date: ("date", "a day in words or ISO 8601, e.g. 'Friday' or '2026-12-04'"),
    Span: ("span", "a day or range in words, e.g. 'today', 'Friday', 'next week'"),
}
_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", dict: "object"}


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """The summary and the `Args:` descriptions of a Google-style docstring."""
    if not doc:
        return "", {}
    doc = inspect.cleandoc(doc)
    head, _, rest = doc.partition("\nArgs:\n")
    summary = " ".join(head.split("\n\n")[0].split())
    params: dict[str, str] = {}
    current = None
    for line in rest.splitlines():
        if line and not line[0].isspace():
            break  # next section
        m = re.match(r"\s+(\*{0,2}\w+)(?:\s*\([^)]*\))?:\s*(.*)", line)
        if m and (current is None or len(line) - len(line.lstrip()) <= 4):
            current = m.group(1)
            params[current] = m.group(2).strip()
        elif current and line.strip():
            params[current] += " " + line.strip()
    return summary, params


def type_schema(annotation: Any) -> tuple[dict[str, Any], str | None, bool]:
    """JSON schema for a type; also its time kind (if resolved by the core) and whether None is allowed."""
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(args) < len(typing.get_args(annotation))
        if len(args) == 1:
            schema, kind, _ = type_schema(args[0])
            return schema, kind, optional
        return {"anyOf": [type_schema(a)[0] for a in args]}, None, optional
    if annotation in TIME_KINDS:
        kind, description = TIME_KINDS[annotation]
        return {"type": "string", "description": description}, kind, False
    if origin is Literal:
        values = list(typing.get_args(annotation))
        return {"type": _JSON_TYPES.get(type(values[0]), "string"), "enum": values}, None, False
    if origin in (list, tuple, set) or annotation in (list, tuple, set):
        item_args = typing.get_args(annotation)
        items = type_schema(item_args[0])[0] if item_args else {}
        return {"type": "array", "items": items} if items else {"type": "array"}, None, False
    if origin is dict or annotation is dict:
        return {"type": "object"}, None, False
    if annotation in _JSON_TYPES:
        return {"type": _JSON_TYPES[annotation]}, None, False
    if annotation is inspect.Parameter.empty or annotation is Any:
        return {"type": "string"}, None, False
    raise TypeError(f"unsupported parameter type {annotation!r}")


def function_schema(function: Callable[..., Any]) -> tuple[str, dict[str, Any], dict[str, str]]:
    """(description, parameters schema, time kinds by parameter) for a typed function."""
    target = getattr(function, "__func__", function)
    hints = typing.get_type_hints(target)
    description, param_docs = parse_docstring(function.__doc__)
    properties: dict[str, Any] = {}
    required: list[str] = []
    kinds: dict[str, str] = {}
    for name, param in inspect.signature(function).parameters.items():
        if name in ("self", "cls") or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        schema, kind, _ = type_schema(hints.get(name, param.annotation))
        schema = dict(schema)
        doc = param_docs.get(name)
        if doc:
            schema["description"] = (
                f"{doc} ({schema['description']})" if "description" in schema else doc
            )
        if param.default is not inspect.Parameter.empty and param.default is not None:
            schema["default"] = param.default
        properties[name] = schema
        if kind:
            kinds[name] = kind
        if param.default is inspect.Parameter.empty:
            required.append(name)
    parameters: dict[str, Any] = {"type": "object", "properties": properties, "required": required}
    return description, parameters, kinds


_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}


def coerce_value(value: Any, schema: dict[str, Any], name: str) -> Any:
    """Coerce one model-written value to its schema, or raise a message the model can act on."""
    kind = schema.get("type")
    if kind in ("dict", "tuple"):  # BFCL spells object and array this way
        kind = {"dict": "object", "tuple": "array"}[kind]
    if "enum" in schema:
        return _coerce_enum(value, schema["enum"], name)
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            try:
                return coerce_value(value, option, name)
            except ToolArgumentError:
                continue
        raise ToolArgumentError(f"argument '{name}': {value!r} fits none of the allowed types")
    if kind == "string":
        if isinstance(value, str):
            return value
        if isinstance(value, bool | int | float):
            return str(value)
        return json.dumps(value)
    if kind == "boolean":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
        raise ToolArgumentError(f"argument '{name}' must be true or false, got {value!r}")
    if kind == "integer":
        if isinstance(value, bool):
            raise ToolArgumentError(f"argument '{name}' must be a whole number, got {value!r}")
        if isinstance(value, int):
            return value
        try:
            number = float(str(value).strip().replace(",", ""))
        except ValueError:
            raise ToolArgumentError(
                f"argument '{name}' must be a whole number, got {value!r}"
            ) from None
        if not number.is_integer():
            raise ToolArgumentError(f"argument '{name}' must be a whole number, got {value!r}")
        return int(number)
    if kind in ("number", "float"):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        try:
            return float(str(value).strip().replace(",", ""))
        except ValueError:
            raise ToolArgumentError(f"argument '{name}' must be a number, got {value!r}") from None
    if kind == "array":
        items = _as_list(value)
        item_schema = schema.get("items") or {}
        return [coerce_value(v, item_schema, f"{name}[{i}]") for i, v in enumerate(items)]
    if kind == "object":
        if isinstance(value, dict):
            return value
        parsed = _loads(value)
        if isinstance(parsed, dict):
            return parsed
        raise ToolArgumentError(f"argument '{name}' must be a JSON object, got {value!r}")
    return value


def _coerce_enum(value: Any, allowed: list[Any], name: str) -> Any:
    if value in allowed:
        return value
    text = str(value).strip().lower()
    for option in allowed:
        if str(option).lower() == text:
            return option
    choices = ", ".join(repr(a) for a in allowed)
    raise ToolArgumentError(f"argument '{name}' must be one of {choices}, got {value!r}")


def _loads(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        try:  # Python literals written by small models: ['a', 'b'], {'k': True}
            import ast

            return ast.literal_eval(value)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return value


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, list | tuple):
        return list(value)
    parsed = _loads(value)
    if isinstance(parsed, list | tuple):
        return list(parsed)
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return [value]


def coerce_arguments(raw: dict[str, Any], parameters: dict[str, Any]) -> dict[str, Any]:
    """Coerce a call's arguments to a parameters schema: unknown names and missing required ones are errors."""
    properties: dict[str, Any] = parameters.get("properties", {})
    unknown = [k for k in raw if k not in properties]
    if unknown:
        valid = ", ".join(properties) or "none"
        raise ToolArgumentError(
            f"unknown argument{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"valid arguments: {valid}"
        )
    result = {}
    for key, value in raw.items():
        if value is None:
            continue
        result[key] = coerce_value(value, properties[key], key)
    missing = [k for k in parameters.get("required", []) if k not in result]
    if missing:
        raise ToolArgumentError(
            f"missing required argument{'s' if len(missing) > 1 else ''} "
            f"{', '.join(map(repr, missing))}; ask the user for {'them' if len(missing) > 1 else 'it'} "
            "rather than guessing"
        )
    return result
