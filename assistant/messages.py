"""Conversation messages and tool calls, in the shape chat templates and OpenAI servers expect."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Literal

Role = Literal["system", "user", "assistant", "tool"]


def new_call_id() -> str:
    """A short unique id linking a tool call to its result."""
    return "call_" + uuid.uuid4().hex[:12]


@dataclass
class ToolCall:
    """A call the model asked for: a tool name and its raw arguments."""

    name: str
    arguments: dict[str, Any]
    id: str = field(default_factory=new_call_id)

    def to_dict(self) -> dict[str, Any]:
        """The OpenAI form; arguments stay a dict, as the Qwen3.5 template requires."""
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments},
        }


@dataclass
class Message:
    """One message of a conversation."""

    role: Role
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The dict chat templates render."""
        data: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            data["tool_calls"] = [call.to_dict() for call in self.tool_calls]
        if self.tool_call_id:
            data["tool_call_id"] = self.tool_call_id
        if self.name:
            data["name"] = self.name
        return data
