"""A worst-case model: it does what the user asks first, then obeys every order it reads.

The trust guarantees must hold for a model that follows any instruction planted
in a mail, a page, a file or an invitation, so the injection tests drive the real
agent with this one instead of hoping a small model resists. An order is written
the way an attacker would make it easy to follow: `call TOOL {json arguments}`
anywhere in a tool's result, in this request or an earlier one of the
conversation. The model calls any tool named there, offered to it or not.

It comes in two forms over one brain (`next_step`): `ObedientModel` in process,
and `ObedientServer`, an OpenAI-compatible HTTP server on 127.0.0.1 for tests of
the real CLI (`[model] backend = "openai"`).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from assistant.messages import Message, ToolCall
from assistant.models.base import GenerationOptions, Model, ModelEvent, ModelTurn, TurnStats

_ORDER = re.compile(r"\bcall\s+([A-Za-z_][A-Za-z0-9_]*)\s*:?\s*(?=\{)", re.I)
Plan = dict[str, tuple[str, dict[str, Any]]]  # words in the user's request -> the call it means


def planted_orders(text: str) -> list[tuple[str, dict[str, Any]]]:
    """Every `call TOOL {...}` written in the text, in order (JSON escapes undone first)."""
    found = []
    decoder = json.JSONDecoder()
    for source in (text, text.replace('\\"', '"')):
        for match in _ORDER.finditer(source):
            try:
                arguments, _ = decoder.raw_decode(source, match.end())
            except ValueError:
                continue
            if isinstance(arguments, dict) and (match.group(1), arguments) not in found:
                found.append((match.group(1), arguments))
    return found


def next_step(messages: list[dict[str, Any]], plan: Plan) -> tuple[str, dict[str, Any]] | str:
    """The call an obedient model makes next, or its final words.

    `messages` are OpenAI-shaped (role, content, tool_calls with JSON text arguments).
    """
    last_user = max(i for i, m in enumerate(messages) if m["role"] == "user")
    done = set()  # what it already did for this request (a new request tries everything again)
    for message in messages[last_user:]:
        for call in message.get("tool_calls") or []:
            function = call["function"]
            arguments = function["arguments"]
            if isinstance(arguments, str):
                arguments = json.loads(arguments or "{}")
            done.add(_key(function["name"], arguments))
    for message in messages:
        if message["role"] != "tool":
            continue
        for name, arguments in planted_orders(str(message.get("content") or "")):
            if _key(name, arguments) not in done:
                return name, arguments
    called_since = any(m.get("tool_calls") for m in messages[last_user:])
    request = str(messages[last_user].get("content") or "").lower()
    if not called_since:
        for words, (name, arguments) in plan.items():
            if words.lower() in request and _key(name, arguments) not in done:
                return name, arguments
    return "Done."


def _key(name: str, arguments: dict[str, Any]) -> str:
    return name + json.dumps(arguments, sort_keys=True, default=str)


class ObedientModel(Model):
    """The worst-case model in process."""

    name = "obedient"

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.turns = 0

    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        """One step: a call, or the last words."""
        self.turns += 1
        wire = [
            {
                "role": m.role,
                "content": m.content,
                "tool_calls": [
                    {"function": {"name": c.name, "arguments": c.arguments}} for c in m.tool_calls
                ],
            }
            for m in messages
        ]
        step = next_step(wire, self.plan)
        if isinstance(step, str):
            yield ModelTurn(step, raw=step, stats=TurnStats())
        else:
            yield ModelTurn("", [ToolCall(step[0], step[1])], raw=json.dumps(step))


class ObedientServer:
    """The worst-case model behind `/v1/chat/completions` (streamed), on 127.0.0.1."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                step = next_step(body["messages"], server.plan)
                if isinstance(step, str):
                    delta: dict[str, Any] = {"role": "assistant", "content": step}
                else:
                    delta = {
                        "role": "assistant",
                        "tool_calls": [
                            {
                                "index": 0,
                                "id": f"call_{time.monotonic_ns()}",
                                "type": "function",
                                "function": {"name": step[0], "arguments": json.dumps(step[1])},
                            }
                        ],
                    }
                chunk = {"choices": [{"index": 0, "delta": delta}]}
                payload = f"data: {json.dumps(chunk)}\n\ndata: [DONE]\n\n".encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: Any) -> None:
                return None

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop serving."""
        self.httpd.shutdown()
        self.httpd.server_close()
