"""Turn model text into a reply and tool calls.

Accepts the Qwen3.5 XML form (`<function=NAME><parameter=K>V</parameter>`), the
Qwen3/Hermes JSON form inside `<tool_call>`, `<think>` blocks, prose before a
call, and a call a weak model wrote without its wrapper. Values stay as written
(strings); the tool's schema coerces them. What cannot be read is reported, so
the agent can tell the model how to fix it instead of failing.

A call written as bare JSON is taken only when it is the whole reply: JSON that
merely appears in prose (a mail the model quotes, say) stays text. Every pattern
runs in linear time, whatever the model wrote.
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
_FUNCTION = re.compile(r"<function=([^>\n]{1,200})>(.*?)(?:</function>|\Z)", re.S)
_PARAMETER = re.compile(
    r"<parameter=([^>\n]{1,200})>\n?(.*?)(?:\n?</parameter>|(?=<parameter=)|(?=</function>)|\Z)",
    re.S,
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
    # Blocks all end at or before the last `</think>`; searching no further keeps this linear.
    cut = text.rfind("</think>") + len("</think>") if "</think>" in text else 0
    reasoning = [m.strip() for m in _THINK.findall(text, 0, cut)]
    text = _THINK.sub("", text[:cut]) + text[cut:]
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
    return ToolCall(name, {str(k): v for k, v in arguments.items()})


def loads_lenient(text: str) -> Any:
    """JSON as small models write it: code fences, Python literals, trailing commas.

    The result holds only JSON types (a Python set or bytes literal is refused); None when
    nothing readable was written.
    """
    text = text.strip()
    if text.startswith("```"):
        text = re.sub(r"^```(?:json)?\s*", "", text)
    if text.endswith("```"):
        text = text[:-3].rstrip()
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    fixed = re.sub(r",\s*([}\]])", r"\1", text)
    try:
        return json.loads(fixed)
    except (ValueError, RecursionError):
        pass
    python = re.sub(r"\bnull\b", "None", fixed)
    python = re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", python))
    try:
        tree = ast.parse(python, mode="eval")
        if not isinstance(tree.body, ast.Dict | ast.List):
            return None  # "{...} ," is a tuple to Python, and a call followed by prose
        if (ast.get_source_segment(python, tree.body) or "").strip() != python.strip():
            return None  # something after the literal: a Python comment is prose, not the call
        # through JSON, so keys are strings and values JSON types
        return json.loads(json.dumps(ast.literal_eval(tree)))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _repair_bare_calls(text: str, tool_names: Collection[str]) -> tuple[str, list[ToolCall]]:
    """Calls written without `<tool_call>`: a lone `<function=...>` block, or a reply that is JSON.

    JSON is taken only when the whole reply (without whitespace or a code fence) is one
    call, or a list of calls, each naming an offered tool; JSON inside prose stays text.
    """
    functions = list(_FUNCTION.finditer(text))
    if functions:
        calls = [ToolCall(m.group(1).strip(), _parameters(m.group(2))) for m in functions]
        return text[: functions[0].start()], calls
    if not tool_names:
        return text, []
    body = text.strip()
    if len(body) >= 6 and body.startswith("```") and body.endswith("```"):
        tag, _, rest = body[3:-3].partition("\n")  # a language tag ("json") on the fence's line
        body = (rest if re.fullmatch(r"[\w-]*\s*", tag) else tag + "\n" + rest).strip()
    if not body.startswith(("{", "[")):
        return text, []
    obj = loads_lenient(body)
    items = obj if isinstance(obj, list) else [obj]
    read = [_json_call(item) if isinstance(item, dict) else None for item in items]
    found = [c for c in read if c is not None and c.name.strip() in tool_names]
    if not found or len(found) != len(items):
        return text, []
    return "", found
