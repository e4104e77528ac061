"""Render conversations with a model's own chat template (jinja, sandboxed).

Templates that render tools natively (Qwen3.5, Qwen3/Hermes) get the tool list
as `tools=`; for templates that know nothing of tools (e.g. SmolLM2's ChatML)
the tool block from `prompts/tools.md` is put in the system turn, and calls and
results are written as text in the Qwen3.5 form the parser reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from jinja2 import TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from assistant.errors import ModelError
from assistant.messages import Message
from assistant.prompts import load_prompt


class ToolStyle(StrEnum):
    """How a template presents tools and expects calls."""

    QWEN_XML = "qwen-xml"  # <function=NAME><parameter=K>: Qwen3.5 and BotPsy
    HERMES_JSON = "hermes-json"  # {"name":..., "arguments":...} in <tool_call>: Qwen2.5/3
    TEXT = "text"  # template has no tools: botpsy writes the tool block itself


def detect_style(source: str) -> ToolStyle:
    """Guess the tool style from the template text."""
    if "<function=" in source:
        return ToolStyle.QWEN_XML
    if "tools" in source and "<tool_call>" in source:
        return ToolStyle.HERMES_JSON
    return ToolStyle.TEXT


def _raise(message: str) -> None:
    raise TemplateError(message)


def _tojson(value: Any, indent: int | None = None, **_: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=indent)


@dataclass
class ChatTemplate:
    """A compiled chat template and the tool style it implies."""

    source: str
    bos_token: str = ""
    eos_token: str = ""

    def __post_init__(self) -> None:
        env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
        env.filters["tojson"] = _tojson
        env.filters["from_json"] = json.loads
        env.globals["raise_exception"] = _raise
        env.globals["strftime_now"] = lambda fmt: datetime.now().strftime(fmt)
        try:
            self._template = env.from_string(self.source)
        except TemplateError as exc:
            raise ModelError(f"the model's chat template does not compile: {exc}") from None
        self.style = detect_style(self.source)

    def render(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]],
        *,
        thinking: bool = False,
        add_generation_prompt: bool = True,
    ) -> str:
        """The prompt text for these messages and tools."""
        dicts = [m.to_dict() for m in messages]
        if self.style is ToolStyle.TEXT:
            dicts = _tools_as_text(dicts, tools)
            tools = []
        try:
            return self._template.render(
                messages=dicts,
                tools=tools or None,
                add_generation_prompt=add_generation_prompt,
                enable_thinking=thinking,
                bos_token=self.bos_token,
                eos_token=self.eos_token,
            )
        except TemplateError as exc:
            raise ModelError(f"the chat template refused this conversation: {exc}") from None


def format_call_xml(name: str, arguments: dict[str, Any]) -> str:
    """A call written the way Qwen3.5 writes it."""
    parts = [f"<tool_call>\n<function={name}>\n"]
    for key, value in arguments.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        parts.append(f"<parameter={key}>\n{text}\n</parameter>\n")
    parts.append("</function>\n</tool_call>")
    return "".join(parts)


def tool_block(tools: list[dict[str, Any]]) -> str:
    """The tool instructions for a template that has none."""
    lines = "\n".join(_tojson(t) for t in tools)
    return load_prompt("tools.md").replace("{tools}", lines).strip()


def _tools_as_text(
    messages: list[dict[str, Any]], tools: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if tools:
        block = tool_block(tools)
        if messages and messages[0]["role"] == "system":
            out.append({"role": "system", "content": block + "\n\n" + messages[0]["content"]})
            messages = messages[1:]
        else:
            out.append({"role": "system", "content": block})
    for message in messages:
        if message["role"] == "assistant" and message.get("tool_calls"):
            calls = "\n".join(
                format_call_xml(c["function"]["name"], c["function"]["arguments"])
                for c in message["tool_calls"]
            )
            content = (message["content"] + "\n\n" if message["content"] else "") + calls
            out.append({"role": "assistant", "content": content})
        elif message["role"] == "tool":
            response = f"<tool_response>\n{message['content']}\n</tool_response>"
            if (
                out
                and out[-1]["role"] == "user"
                and out[-1]["content"].startswith("<tool_response>")
            ):
                out[-1]["content"] += "\n" + response
            else:
                out.append({"role": "user", "content": response})
        else:
            out.append({"role": message["role"], "content": message["content"]})
    return out
