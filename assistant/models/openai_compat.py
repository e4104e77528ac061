"""An OpenAI-compatible chat server as the model: llama.cpp's server, llama-cpp-python's, Ollama,
vLLM, LM Studio. A laptop can use a bigger model on a home PC with the same tools and approvals.

The reply streams over server-sent events. Calls come back as `tool_calls`;
a server that returns them as text (`<tool_call>` in the content) is parsed
like a local model. A server that is down or answers with an error is a
one-line `ModelError`. Only the standard library is used.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

from assistant.errors import ModelError
from assistant.formats.parse import parse_output
from assistant.messages import Message, ToolCall
from assistant.models.base import (
    GenerationOptions,
    Model,
    ModelEvent,
    ModelTurn,
    TextDelta,
    TurnStats,
)
from assistant.models.repetition import RepetitionGuard
from assistant.tool_prompt import model_definitions

API_KEY_VARIABLE = "BOTPSY_API_KEY"


def wire_message(message: Message) -> dict[str, Any]:
    """A message as the OpenAI API wants it: call arguments as JSON text."""
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        data["tool_calls"] = [
            {"id": c.id, "type": "function",
             "function": {"name": c.name, "arguments": json.dumps(c.arguments, default=str)}}
            for c in message.tool_calls
        ]  # fmt: skip
    if message.tool_call_id:
        data["tool_call_id"] = message.tool_call_id
    return data


class OpenAICompatModel(Model):
    """A model behind `<url>/v1/chat/completions`."""

    def __init__(
        self, url: str, name: str = "", timeout: float = 120.0, api_key: str | None = None
    ) -> None:
        self.url = url.rstrip("/")
        if not self.url.endswith("/v1"):
            self.url += "/v1"
        self.name = name or "default"
        self.timeout = timeout
        self.api_key = api_key if api_key is not None else os.environ.get(API_KEY_VARIABLE, "")
        self._cancelled = False

    def request_body(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> dict[str, Any]:
        """The JSON posted to the server. The tools are the model's short copy
        (`assistant.tool_prompt`), as a local model reads them: the server's template puts them
        in every prompt, so their size is the server's prompt time too."""
        body: dict[str, Any] = {
            "model": self.name,
            "messages": [wire_message(m) for m in messages],
            "stream": True,
            "max_tokens": options.max_tokens,
        }
        if options.temperature is not None:
            body["temperature"] = options.temperature
        if tools and options.tool_choice != "none":
            body["tools"] = model_definitions(tools)
            if options.tool_choice == "required":
                body["tool_choice"] = "required"
            elif options.tool_choice != "auto":
                body["tool_choice"] = {
                    "type": "function",
                    "function": {"name": options.tool_choice},
                }
        return body

    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        """Stream the server's reply; end with the parsed turn."""
        self._cancelled = False
        body = self.request_body(messages, tools, options)
        stats = TurnStats()
        started = time.perf_counter()
        first: float | None = None
        content = ""
        pending: dict[int, dict[str, str]] = {}
        guard = RepetitionGuard()
        for chunk in self._post_stream("/chat/completions", body):
            if first is None:
                first = time.perf_counter()
                stats.prompt_seconds = first - started
            choices = chunk.get("choices") or []
            if not choices:
                continue
            delta = choices[0].get("delta") or {}
            if delta.get("content"):
                content += delta["content"]
                stats.generated_tokens += 1
                if "<tool_call>" not in content:
                    yield TextDelta(delta["content"])
                cut = guard.loops(content)
                if cut is not None:  # the server's model is looping: keep one copy and stop
                    content = content[:cut]
                    break
            for part in delta.get("tool_calls") or []:
                slot = pending.setdefault(
                    part.get("index", 0), {"id": "", "name": "", "arguments": ""}
                )
                slot["id"] = part.get("id") or slot["id"]
                function = part.get("function") or {}
                slot["name"] += function.get("name") or ""
                slot["arguments"] += function.get("arguments") or ""
            usage = chunk.get("usage")
            if usage:
                stats.prompt_tokens = usage.get("prompt_tokens", 0)
                stats.generated_tokens = usage.get("completion_tokens", stats.generated_tokens)
            if self._cancelled:
                break
        stats.generation_seconds = time.perf_counter() - (first or started)
        names = [t["function"]["name"] for t in tools]
        parsed = parse_output(content, names)
        calls = list(parsed.tool_calls)
        errors = list(parsed.errors)
        for slot in pending.values():
            try:
                arguments = json.loads(slot["arguments"] or "{}")
            except ValueError:
                errors.append(f"the server sent unreadable arguments for {slot['name']}")
                continue
            calls.append(ToolCall(slot["name"], arguments if isinstance(arguments, dict) else {},
                                  slot["id"] or ToolCall("", {}).id))  # fmt: skip
        yield ModelTurn(parsed.content, calls, parsed.reasoning, errors, content, stats)

    def _post_stream(self, path: str, body: dict[str, Any]) -> Iterator[dict[str, Any]]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode("utf-8"),
            headers={"Content-Type": "application/json", "Accept": "text/event-stream",
                     **({"Authorization": f"Bearer {self.api_key}"} if self.api_key else {})},
            method="POST",
        )  # fmt: skip
        try:
            response = urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as exc:
            detail = exc.read(300).decode("utf-8", "replace").strip()
            raise ModelError(
                f"the model server at {self.url} answered {exc.code}: {detail}"
            ) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ModelError(
                f"cannot reach the model server at {self.url} ({reason}); is it running?"
            ) from None
        with response:
            for raw in response:
                line = raw.decode("utf-8", "replace").strip()
                if not line.startswith("data:"):
                    continue
                data = line[5:].strip()
                if data == "[DONE]":
                    break
                try:
                    yield json.loads(data)
                except ValueError:
                    raise ModelError(
                        f"the model server sent something that is not JSON: {data[:80]}"
                    ) from None

    def cancel(self) -> None:
        """Stop reading the stream."""
        self._cancelled = True
