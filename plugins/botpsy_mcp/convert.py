"""From MCP to botpsy: a listed tool becomes a `Tool` with an effect, a result a `ToolResult`.

Effects come from the tool's annotations, read cautiously (they are the
server's own claims, and the user chose the server):

- `readOnlyHint` -> read, or egress when its arguments leave the machine (a
  server at a remote URL, or `openWorldHint` set: it reaches out on its own);
- `destructiveHint` -> delete;
- anything else -> send: the call hands its arguments to another program that
  may act on them, so it asks first (and after taint needs a live yes).

The user's `effects = { tool = "..." }` for a server overrides all of this.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from assistant.api import Effect, Tool, ToolError, ToolResult, one_line
from botpsy_mcp.settings import ServerSettings

DESCRIPTION_LIMIT = 400  # characters of a server's description offered to the model
_SCHEMA_KEYS = ("type", "description", "enum", "default", "minimum", "maximum", "format")
_UNSAFE = re.compile(r"[^A-Za-z0-9_]")


def effect_for(annotations: dict[str, Any] | None, settings: ServerSettings, name: str) -> Effect:
    """The effect of one listed tool (see the module docstring)."""
    if name in settings.effects:
        return settings.effects[name]
    hints = annotations or {}
    if hints.get("readOnlyHint") is True:
        if hints.get("openWorldHint") is True or not settings.local:
            return Effect.EGRESS
        return Effect.READ
    if hints.get("destructiveHint") is True:
        return Effect.DELETE
    return Effect.SEND


def safe_name(name: str) -> str:
    """A tool name every chat template accepts: letters, digits and '_'."""
    cleaned = _UNSAFE.sub("_", name).strip("_") or "tool"
    return cleaned if not cleaned[0].isdigit() else f"t_{cleaned}"


def make_tool(
    settings: ServerSettings, listed: dict[str, Any], call: Callable[..., ToolResult]
) -> Tool:
    """The botpsy tool for one listed MCP tool; `call(**arguments)` runs it on the server."""
    name = str(listed.get("name", ""))
    description = one_line(str(listed.get("description") or listed.get("title") or name))
    if len(description) > DESCRIPTION_LIMIT:
        description = description[: DESCRIPTION_LIMIT - 1].rstrip() + "…"
    return Tool(
        name=safe_name(name),
        description=description,
        parameters=clean_schema(listed.get("inputSchema") or {}),
        effect=effect_for(listed.get("annotations"), settings, name),
        function=call,
        plugin=f"mcp:{settings.name}",
        untrusted_output=not settings.trusted,
    )


def clean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The parameters as botpsy's schema coercion and a small model read them.

    Local `$ref`s are inlined (bounded), titles and keywords the model does not
    need are dropped, and the root is always an object.
    """
    definitions = schema.get("$defs") or schema.get("definitions") or {}
    properties = schema.get("properties") or {}
    cleaned = {
        str(key): _clean(value, definitions, 0)
        for key, value in properties.items()
        if isinstance(value, dict)
    }
    required = [r for r in schema.get("required") or [] if r in cleaned]
    return {"type": "object", "properties": cleaned, "required": required}


def _clean(schema: dict[str, Any], definitions: dict[str, Any], depth: int) -> dict[str, Any]:
    if depth > 6:
        return {}
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.rsplit("/", 1)[-1] in definitions:
        target = definitions[reference.rsplit("/", 1)[-1]]
        merged = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        return _clean(merged, definitions, depth + 1)
    out: dict[str, Any] = {k: schema[k] for k in _SCHEMA_KEYS if k in schema}
    kind = out.get("type")
    if isinstance(kind, list):  # ["string", "null"]: the value's type, None is "leave it out"
        kinds = [k for k in kind if k != "null"]
        out["type"] = kinds[0] if kinds else "string"
    if isinstance(out.get("description"), str):
        out["description"] = one_line(out["description"])[:DESCRIPTION_LIMIT]
    options = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(options, list):
        kept = [
            _clean(o, definitions, depth + 1)
            for o in options
            if isinstance(o, dict) and o.get("type") != "null"
        ]
        if len(kept) == 1:
            out = {**kept[0], **out}
        elif kept:
            out["anyOf"] = kept
    if isinstance(schema.get("items"), dict):
        out["items"] = _clean(schema["items"], definitions, depth + 1)
    if isinstance(schema.get("properties"), dict):
        out["properties"] = {
            str(k): _clean(v, definitions, depth + 1)
            for k, v in schema["properties"].items()
            if isinstance(v, dict)
        }
    return out


def to_result(result: Any) -> ToolResult:
    """A `CallToolResult` as botpsy's result; an error result raises `ToolError`."""
    parts: list[str] = []
    for block in result.content:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        elif kind == "resource":
            resource = block.resource
            text = getattr(resource, "text", None)
            parts.append(text if isinstance(text, str) else f"[resource {resource.uri}]")
        elif kind == "resource_link":
            parts.append(f"[link {block.uri}]")
        else:
            parts.append(f"[{kind or 'content'} not shown]")
    text = "\n".join(parts).strip()
    if result.is_error:
        raise ToolError(text or "the MCP tool reported an error")
    structured = result.structured_content
    if not text and structured is not None:
        text = json.dumps(structured, ensure_ascii=False, default=str)
    return ToolResult(text or "(no output)")
