"""Turn model text into a reply and tool calls.

Accepts the Qwen3.5 XML form (`<function=NAME><parameter=K>V</parameter>`), the
Qwen3/Hermes JSON form inside `<tool_call>`, `<think>` blocks, prose before a
call, and a call a weak model wrote without its wrapper. Values stay as written
(strings); the tool's schema coerces them. What cannot be read is reported, so
the agent can tell the model how to fix it instead of failing.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from assistant.messages import ToolCall

_THINK = re.compile(r"<think>(.*?)</think>", re.S)
_CALL_BLOCK = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.S)
_FUNCTION = re.compile(r"<function=([^>\n]+)>(.*?)(?:</function>|\Z)", re.S)
_PARAMETER = re.compile(
    r"<parameter=([^>\n]+)>\n?(.*?)(?:\n?</parameter>|(?=<parameter=)|(?=</function>)|\Z)", re.S
)


@dataclass
class ParsedOutput:
    """The parts of one model turn."""

    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    reasoning: str = ""
    errors: list[str] = field(default_factory=list)


def split_thinking(text: str) -> tuple[str, str]:
    """(reasoning, rest): `<think>` blocks removed, and an unopened one (the prompt opened it) too."""
    reasoning = [m.strip() for m in _THINK.findall(text)]
    text = _THINK.sub("", text)
    if "</think>" in text:
        head, _, text = text.rpartition("</think>")
        reasoning.append(head.replace("<think>", "").strip())
    elif "<think>" in text:  # runaway reasoning cut off: none of it is a reply
        head, _, tail = text.partition("<think>")
        if "<tool_call>" in tail:  # a call ends reasoning
            reasoning.append(tail.split("<tool_call>")[0].strip())
            text = head + "<tool_call>" + tail.split("<tool_call>", 1)[1]
        else:
            reasoning.append(tail.strip())
            text = head
    return "\n".join(r for r in reasoning if r), text


def parse_output(text: str, tool_names: Collection[str] = ()) -> ParsedOutput:
    """Split model text into reply, calls and reasoning; `tool_names` enables repair of bare calls."""
    reasoning, text = split_thinking(text)
    calls: list[ToolCall] = []
    errors: list[str] = []
    blocks = list(_CALL_BLOCK.finditer(text))
    if blocks:
        content = text[: blocks[0].start()]
        for block in blocks:
            if not block.group(0).endswith("</tool_call>") and "</function>" not in block.group(1):
                if not calls:  # cut off by the token limit before it ended
                    errors.append("the tool call was cut off before it ended")
                continue
            found, error = _parse_block(block.group(1))
            calls.extend(found)
            if error:
                errors.append(error)
        tail = text[blocks[-1].end() :]
        if tail.strip() and not _FUNCTION.search(tail):
            content += "\n" + tail
    else:
        content, calls = _repair_bare_calls(text, tool_names)
    for call in calls:
        call.name = call.name.strip()
    return ParsedOutput(content.strip(), calls, reasoning, errors)


def _parse_block(body: str) -> tuple[list[ToolCall], str | None]:
    functions = list(_FUNCTION.finditer(body))
    if functions:
        return [ToolCall(m.group(1).strip(), _parameters(m.group(2))) for m in functions], None
    obj = loads_lenient(body.strip())
    if isinstance(obj, dict):
        call = _json_call(obj)
        if call:
            return [call], None
    if isinstance(obj, list):
        calls = [c for c in (_json_call(o) for o in obj if isinstance(o, dict)) if c]
        if calls:
            return calls, None
    snippet = " ".join(body.split())[:120]
    return [], f"could not read the tool call '{snippet}'"


def _parameters(body: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for m in _PARAMETER.finditer(body):
        value = m.group(2)
        if value.endswith("\n"):
            value = value[:-1]
        params[m.group(1).strip()] = value
    return params


def _json_call(obj: dict[str, Any]) -> ToolCall | None:
    if "function" in obj and isinstance(obj["function"], dict):
        obj = obj["function"]
    name = obj.get("name") or obj.get("tool") or obj.get("function")
    if not isinstance(name, str):
        return None
    arguments = obj.get("arguments", obj.get("parameters", obj.get("args", {})))
    if isinstance(arguments, str):
        arguments = loads_lenient(arguments)
    if not isinstance(arguments, dict):
        arguments = {}
    return ToolCall(name, arguments)


def loads_lenient(text: str) -> Any:
    """JSON as small models write it: code fences, Python literals, trailing commas."""
    text = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
    try:
        return json.loads(text)
    except ValueError:
        pass
    fixed = re.sub(r",\s*([}\]])", r"\1", text)
    try:
        return json.loads(fixed)
    except ValueError:
        pass
    try:
        return ast.literal_eval(
            re.sub(
                r"\btrue\b",
                "True",
                re.sub(r"\bfalse\b", "False", re.sub(r"\bnull\b", "None", fixed)),
            )
        )
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def _repair_bare_calls(text: str, tool_names: Collection[str]) -> tuple[str, list[ToolCall]]:
    """Calls written without `<tool_call>`: a lone `<function=...>` block, or JSON naming a known tool."""
    functions = list(_FUNCTION.finditer(text))
    if functions:
        calls = [ToolCall(m.group(1).strip(), _parameters(m.group(2))) for m in functions]
        return text[: functions[0].start()], calls
    if not tool_names:
        return text, []
    for m in re.finditer(r"\{", text):
        obj, end = _first_json_object(text, m.start())
        if isinstance(obj, dict):
            call = _json_call(obj)
            if call and call.name in tool_names:
                return text[: m.start()] + text[end:], [call]
    return text, []


def _first_json_object(text: str, start: int) -> tuple[Any, int]:
    depth = 0
    in_string = False
    escaped = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return loads_lenient(text[start : i + 1]), i + 1
    return None, start
