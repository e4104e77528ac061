"""What a model reads of each tool: the definitions, cut to what decides a call.

Every offered tool's JSON is in every prompt's cached prefix, so its size is
what a cold start, each daily cache rebuild and the memory of the cache cost
(docs/benchmarks.md, "The real target's shape"). The registry keeps the full
definitions (the grammar, coercion, intents and declines read them); this makes
the copy the model reads, by general rules rather than by editing each plugin:

* a tool's description keeps its first sentence (what the tool is for, with the
  user's own phrasings) and any later sentence naming another offered tool ("for
  a length of time use timer_set"): the rest explains to humans;
* a time parameter's format note, added to every time parameter by
  `assistant.schema`, is said once in the system prompt instead;
* a parameter description that only repeats its name or its enum values goes;
* defaults that mean "not given" ("", false, [], {}) and empty `required` lists
  go; "title" keys go.

Names, types, enums, required parameters and meaningful defaults are never touched.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assistant.formats.templates import ChatTemplate, ToolStyle
from assistant.messages import Message
from assistant.schema import TIME_KINDS

# Tool JSON without the spaces after "," and ":" (as `json.dumps` and Hugging Face's `tojson`
# write it): the same text, ~18% fewer tokens for the Qwen3.5 tokenizer (docs/benchmarks.md).
COMPACT_SEPARATORS = (",", ":")

# "(date and time in words or ISO 8601, e.g. ...)": added to each time parameter by the schema
_TIME_NOTES = tuple(f" ({note})" for _, note in TIME_KINDS.values())
_EMPTY_DEFAULTS: tuple[Any, ...] = ("", False, None, [], {})
# A sentence ends at ". " before a capital or a quote; "e.g. " and "i.e. " do not end one.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)\.\s+(?=[A-Z\"(])")
_FILLER = {
    "the",
    "a",
    "an",
    "of",
    "its",
    "their",
    "this",
    "that",
    "s",
}  # never "new": it says which


def model_definitions(definitions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The definitions as the model reads them (a new list; the input is not changed)."""
    names = {d.get("function", {}).get("name", "") for d in definitions}
    return [model_definition(d, names) for d in definitions]


def model_definition(definition: dict[str, Any], names: set[str] | None = None) -> dict[str, Any]:
    """One OpenAI-style definition, cut for the model; its wrapper and order are kept."""
    function = definition.get("function")
    if not isinstance(function, dict):
        return definition
    name = str(function.get("name", ""))
    others = (names or set()) - {name}
    short: dict[str, Any] = {}
    for key, value in function.items():
        if key == "description" and isinstance(value, str):
            short[key] = tool_description(value, others)
        elif key == "parameters" and isinstance(value, dict):
            short[key] = _object_schema(value)
        else:
            short[key] = value
    return {**definition, "function": short}


def tool_description(text: str, other_tools: set[str]) -> str:
    """The first sentence, and any later one that names another tool (it decides between them)."""
    sentences = _SENTENCE_END.split(text.strip())
    kept = [sentences[0]] + [
        s for s in sentences[1:] if any(re.search(rf"\b{re.escape(t)}\b", s) for t in other_tools)
    ]
    out = ". ".join(s.rstrip(".") for s in kept)
    return out + "." if text.rstrip().endswith(".") and not out.endswith(".") else out


def _object_schema(schema: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title":
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {n: _value_schema(n, s) for n, s in value.items()}
        elif key == "required" and value == []:
            continue
        else:
            out[key] = value
    return out


def _value_schema(name: str, schema: Any) -> Any:
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" or (key == "default" and _is_empty(value)):
            continue
        if key == "description" and isinstance(value, str):
            text = parameter_description(name, value, schema.get("enum"))
            if text:
                out[key] = text
        elif key == "properties" and isinstance(value, dict) and schema.get("type") == "object":
            out[key] = {n: _value_schema(n, s) for n, s in value.items()}
        elif key == "items" and isinstance(value, dict):
            out[key] = _value_schema(name, value)
        else:
            out[key] = value
    return out


def _is_empty(value: Any) -> bool:
    return any(value == empty and type(value) is type(empty) for empty in _EMPTY_DEFAULTS)


def parameter_description(name: str, text: str, enum: list[Any] | None = None) -> str:
    """A parameter's description without the shared time note, or "" when it says nothing new."""
    for note in _TIME_NOTES:
        if text.endswith(note):
            text = text[: -len(note)]
            break
    else:
        if text.strip() in {n.strip(" ()") for n in _TIME_NOTES}:
            return ""  # only the time note: the system prompt says how to give times
    words = set(re.findall(r"[a-z]+", text.lower()))
    listed = set().union(*(words_of(str(v)) for v in enum)) if enum else set()
    if enum and words <= listed | {"or", "and", "on", "off"} | words_of(name):
        return ""  # it lists the enum values again
    if words and words <= words_of(name) | _FILLER:
        return ""  # "the title" for `title`
    return text.strip()


def words_of(name: str) -> set[str]:
    """The words of a parameter name: `list_name` -> {"list", "name"}."""
    return set(re.findall(r"[a-z]+", name.lower()))


class ToolJson(dict[str, Any]):
    """A definition the template writes as compact JSON (other `tojson` values stay as they were)."""


@dataclass
class ModelTemplate(ChatTemplate):
    """A model's chat template that renders the model's copy of the tools (`model_definitions`).

    Only templates that render tools themselves (the model was trained on tool JSON) get the
    short copy; a template without tools (the starter model's ChatML) is rendered as before.
    """

    compact_json: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        filters = self._template.environment.filters
        plain = filters["tojson"]

        def tojson(value: Any, indent: int | None = None, **rest: Any) -> str:
            if isinstance(value, ToolJson) and indent is None:
                return self.tool_text(value)
            return str(plain(value, indent, **rest))

        filters["tojson"] = tojson

    @property
    def shortens(self) -> bool:
        """Whether this template gets the model's short copy of the tools."""
        return self.style is not ToolStyle.TEXT

    def tool_text(self, definition: dict[str, Any]) -> str:
        """One definition as this template writes it into the prompt."""
        if self.compact_json:
            return json.dumps(definition, ensure_ascii=False, separators=COMPACT_SEPARATORS)
        return json.dumps(definition, ensure_ascii=False)

    def render(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]],
        *,
        thinking: bool = False,
        add_generation_prompt: bool = True,
    ) -> str:
        """The prompt text, with the model's copy of the tools."""
        if self.shortens and tools:
            tools = [ToolJson(d) for d in model_definitions(tools)]
        return super().render(
            messages, tools, thinking=thinking, add_generation_prompt=add_generation_prompt
        )


# -- measuring -------------------------------------------------------------------------------


def tool_parts(definition: dict[str, Any]) -> dict[str, str]:
    """The text pieces of one definition by kind, to count: name, description, parameter
    descriptions, enum values, defaults (the rest of its JSON line is punctuation and keys)."""
    function = definition.get("function", {})
    parts = {"tool name": str(function.get("name", "")),
             "description": str(function.get("description", ""))}  # fmt: skip
    params, enums, defaults = [], [], []
    for schema in (function.get("parameters") or {}).get("properties", {}).values():
        if not isinstance(schema, dict):
            continue
        if "description" in schema:
            params.append(str(schema["description"]))
        if "enum" in schema:
            enums.append(json.dumps(schema["enum"], ensure_ascii=False))
        if "default" in schema:
            defaults.append(json.dumps(schema["default"], ensure_ascii=False))
    parts["parameter descriptions"] = "\n".join(params)
    parts["enums"] = "\n".join(enums)
    parts["defaults"] = "\n".join(defaults)
    return parts


_SENTINEL = "\x00botpsy\x00"


def _spaced(definition: dict[str, Any]) -> str:
    return json.dumps(definition, ensure_ascii=False)


def prefix_text(template: ChatTemplate, system: str, definitions: list[dict[str, Any]]) -> str:
    """The prompt's stable start for this system prompt and tools: what the prefix cache holds."""
    probe = template.render([Message("system", system), Message("user", _SENTINEL)], definitions)
    return probe[: probe.index(_SENTINEL)]


def prompt_breakdown(
    template: ChatTemplate,
    system: str,
    definitions: list[dict[str, Any]],
    count: Callable[[str], int],
) -> dict[str, Any]:
    """Tokens of the prompt's cached prefix as `template` renders it, split by what spends them.

    `count` is the model's tokenizer. Each tool's line is counted alone (its JSON as the
    template writes it) and split into its texts and the JSON keys and punctuation around them.
    """
    total = count(prefix_text(template, system, definitions))
    shown, line = definitions, _spaced
    if isinstance(template, ModelTemplate) and template.shortens:
        shown, line = model_definitions(definitions), template.tool_text
    tools: list[dict[str, Any]] = []
    sums = dict.fromkeys(("tool name", "description", "parameter descriptions", "enums",
                          "defaults"), 0)  # fmt: skip
    for definition in shown:
        size = count(line(definition) + "\n")
        parts = {k: count(v) if v else 0 for k, v in tool_parts(definition).items()}
        for key, value in parts.items():
            sums[key] += value
        tools.append({"name": definition.get("function", {}).get("name", ""), "tokens": size,
                      **parts, "json": size - sum(parts.values())})  # fmt: skip
    lines = sum(t["tokens"] for t in tools)
    return {
        "prefix_tokens": total,
        "system_prompt_tokens": count(system),
        "template_tokens": total - count(system) - lines,  # the fixed instructions and markers
        "tool_tokens": lines,
        "tools": len(shown),
        "by_kind": {**sums, "json": sum(t["json"] for t in tools)},
        "by_tool": sorted(tools, key=lambda t: -t["tokens"]),
    }


def prompt_budget(
    template: ModelTemplate,
    system: str,
    definitions: list[dict[str, Any]],
    count: Callable[[str], int],
) -> dict[str, Any]:
    """The prefix's tokens with the tools as registered (the template's own `tojson`) and as
    botpsy renders them for this template."""
    plain = ChatTemplate(template.source, template.bos_token, template.eos_token)
    return {
        "as_registered": prompt_breakdown(plain, system, definitions, count),
        "as_rendered": prompt_breakdown(template, system, definitions, count),
    }
