"""`botpsy mcp serve`: botpsy's own tools for an MCP client (Claude Desktop, an IDE), over stdio.

Every call goes the way a call from a CLI request goes: the agent's own call
path prepares it, the policy judges it, the approver is asked, the audit log
records it (path "mcp"), and untrusted output is fenced and taints the
conversation. One connection is one botpsy conversation, and it is tainted from
its start: the client is itself a model, and botpsy cannot see what it has read (a
page, a mail, another server's tools), so none of its calls is taken as the user's
own words. Every send, delete, spend and access, and every egress with words of
its own, needs a live yes: `--yes`, `[policy] allow` and remembered grants do not
give one. botpsy asks for it through MCP elicitation, showing the resolved call
as the terminal would, and runs the call only on an explicit yes; a client that
cannot elicit gets the call refused, in one line. `--yes` still approves in
advance what only asks because `[policy] ask` names it.

Elicitation comes two ways. On the 2025 protocol botpsy sends the client an
`elicitation/create` request while the call waits. On 2026-07-28 a call cannot
ask mid-way: it ends with an `input_required` result carrying the question and an
opaque token; the client asks the person and retries the call with the answer and
the token. The token names a question botpsy keeps (one use, for this very call),
and the retried call runs only if it still resolves to exactly what was shown.
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from assistant import __version__
from assistant.config import Config, load_config
from assistant.errors import BotpsyError
from assistant.policy import Approval, ApprovalRequest
from assistant.tools import Effect, Tool

if TYPE_CHECKING:
    import mcp_types

    from assistant.app import Assistant

SESSION_TITLE = "calls from an MCP client (botpsy mcp serve)"
CLIENT_TAINT = "an MCP client's model, whose reading botpsy cannot see"
NO_ELICITATION = (
    "it needs a live yes from you, and this MCP client cannot ask you (it offers no"
    " elicitation) while botpsy has no terminal here; --yes and allow rules do not cover it"
)
_ANSWER = "approve"
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        _ANSWER: {
            "type": "boolean",
            "title": "Run this call",
            "description": "Yes runs it once; anything else runs nothing.",
            "default": False,
        }
    },
    "required": [_ANSWER],
}
Ask = Callable[[ApprovalRequest], Approval]


def _hints(tool: Tool) -> dict[str, bool]:
    """A tool's annotations from its effect; a write others read (a shared calendar) reaches
    an open world."""
    return {**_HINTS[tool.effect], **({"open_world_hint": True} if tool.reaches_others else {})}


_KEPT_QUESTIONS = 32  # unanswered questions a connection keeps (the oldest go first)
_HINTS: dict[Effect, dict[str, bool]] = {
    Effect.READ: {"read_only_hint": True, "destructive_hint": False, "open_world_hint": False},
    Effect.EGRESS: {"read_only_hint": True, "destructive_hint": False, "open_world_hint": True},
    Effect.WRITE: {"read_only_hint": False, "destructive_hint": False, "open_world_hint": False},
    Effect.SEND: {"read_only_hint": False, "destructive_hint": False, "open_world_hint": True},
    Effect.DELETE: {"read_only_hint": False, "destructive_hint": True, "open_world_hint": False},
    Effect.SPEND: {"read_only_hint": False, "destructive_hint": True, "open_world_hint": True},
    Effect.ACCESS: {"read_only_hint": False, "destructive_hint": True, "open_world_hint": True},
}


def main(argv: list[str]) -> int:
    """`botpsy mcp serve [--yes] [--config PATH]`."""
    parser = argparse.ArgumentParser(
        prog="botpsy mcp", description="botpsy and the Model Context Protocol."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser(
        "serve",
        help="offer botpsy's tools to an MCP client over stdio",
        description=(
            "Serve botpsy's tools over MCP on stdin/stdout. Approvals and the audit log work "
            "as in the CLI. The client's model may have read anything, so send/delete/spend "
            "calls and egress need a live yes, asked through MCP elicitation (refused when the "
            "client cannot elicit); --yes and allow rules do not cover them."
        ),
    )
    serve.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help="approve in advance what [policy] ask names (never what needs a live yes)",
    )
    serve.add_argument("--config", metavar="PATH", help="the config file")
    args = parser.parse_args(argv)
    return serve_stdio(load_config(args.config), assume_yes=args.yes)


def serve_stdio(config: Config, assume_yes: bool = False) -> int:
    """Serve until the client closes the connection."""
    import anyio

    from assistant.app import build_assistant
    from assistant.policy import Approver, AutoApprover

    person = ClientApprover()
    approver: Approver = AutoApprover(live=person) if assume_yes else person
    assistant = build_assistant(config, approver)
    try:
        anyio.run(_serve, ToolService(assistant, person))
    finally:
        assistant.close()
    return 0


class ClientApprover:
    """The person behind the MCP client, asked through the client (elicitation) per call.

    `ask` is set for the call now running, when its client can elicit; otherwise
    nobody can be asked and the call is refused.
    """

    def __init__(self) -> None:
        self.ask: Ask | None = None

    def approve(self, request: ApprovalRequest) -> Approval:
        """Ask through the client, or refuse in one line."""
        if self.ask is None:
            return Approval(False, unavailable=True, note=NO_ELICITATION)
        return self.ask(request)


class _AskLater(Exception):
    """The call needs the person's answer, which comes with the client's retry (2026-07-28)."""

    def __init__(self, request: ApprovalRequest) -> None:
        super().__init__(request.preview)
        self.request = request


def ask_later(request: ApprovalRequest) -> Approval:
    """Stop the call before anything runs: the question goes back to the client."""
    raise _AskLater(request)


@dataclass
class _Asked:
    """A question sent with an `input_required` result, kept for the retry it belongs to."""

    name: str
    arguments: dict[str, Any]
    shown: str  # the question as the person read it (the resolved call)
    pinned: str  # the exact targets, as JSON


class ToolService:
    """botpsy's tools for one MCP connection: one conversation, calls one at a time."""

    def __init__(self, assistant: Assistant, person: ClientApprover | None = None) -> None:
        self.assistant = assistant
        self.person = person or ClientApprover()
        self.session = assistant.sessions.create(SESSION_TITLE)
        # The client's model read what botpsy cannot see: nothing it sends is the user's word.
        assistant.sessions.taint(self.session, CLIENT_TAINT)
        self._lock = threading.Lock()
        self._asked: dict[str, _Asked] = {}  # token -> the question it answers

    def tools(self) -> list[mcp_types.Tool]:
        """Every tool, with annotations that say what its effect says."""
        from mcp_types import Tool as McpTool
        from mcp_types import ToolAnnotations

        from assistant.policy import described_by_others

        relayed = described_by_others(self.assistant.agent.tools)
        if relayed:  # the client's model reads text others wrote, handed on by botpsy itself
            self.assistant.sessions.taint(self.session, relayed)
        return [
            McpTool(
                name=tool.name,
                description=_description(tool),
                input_schema=tool.parameters,
                annotations=ToolAnnotations(**_hints(tool)),  # type: ignore[arg-type]
            )
            for tool in self.assistant.agent.tools
        ]

    def call(
        self, name: str, arguments: dict[str, Any], ask: Ask | None = None
    ) -> mcp_types.CallToolResult | mcp_types.InputRequiredResult:
        """Run one call through the agent's call path: judged, maybe asked (`ask`), audited."""
        from mcp_types import CallToolResult, TextContent

        from assistant.messages import ToolCall

        with self._lock:
            self.person.ask = ask
            try:  # nothing the client sends counts as the user's own words
                record, text = self.assistant.agent.call_tool(
                    ToolCall(name, dict(arguments)), self.session, "mcp"
                )
            except _AskLater as asked:
                return self._question(name, arguments, asked.request)
            except BotpsyError as exc:  # the audit log or a store failed: one line, no traceback
                return CallToolResult(content=[TextContent(text=f"botpsy: {exc}")], is_error=True)
            finally:
                self.person.ask = None
        failed = record.outcome not in ("ok", "question")
        return CallToolResult(content=[TextContent(text=text)], is_error=failed)

    def _question(
        self, name: str, arguments: dict[str, Any], request: ApprovalRequest
    ) -> mcp_types.InputRequiredResult:
        """The `input_required` result: the question for the person, and a token for the retry."""
        from mcp_types import ElicitRequest, ElicitRequestFormParams, InputRequiredResult

        token = secrets.token_urlsafe(24)
        shown = question(request)
        while len(self._asked) >= _KEPT_QUESTIONS:  # a client that never retries keeps few
            self._asked.pop(next(iter(self._asked)))
        self._asked[token] = _Asked(name, dict(arguments), shown, _pins(request))
        form = ElicitRequestFormParams(message=shown, requested_schema=_SCHEMA)
        return InputRequiredResult(
            input_requests={_ANSWER: ElicitRequest(params=form)}, request_state=token
        )

    def answered(
        self, name: str, arguments: dict[str, Any], token: str | None, responses: dict[str, Any]
    ) -> mcp_types.CallToolResult | mcp_types.InputRequiredResult:
        """The client's retry with the person's answer: it counts only for the call it was for."""
        from mcp_types import CallToolResult, TextContent

        with self._lock:
            asked = self._asked.pop(token or "", None)
        if asked is None or (asked.name, asked.arguments) != (name, dict(arguments)):
            said = "Not run: that answer is not for this call (botpsy did not ask it); ask again."
            return CallToolResult(content=[TextContent(text=said)], is_error=True)
        approval = _approval(responses.get(_ANSWER))

        def ask(request: ApprovalRequest) -> Approval:
            if question(request) != asked.shown or _pins(request) != asked.pinned:
                return Approval(
                    False,
                    note="it resolves to something other than what you were shown now;"
                    " nothing was run (ask again to see it)",
                )
            return approval

        return self.call(name, arguments, ask)


def _description(tool: Tool) -> str:
    if tool.effect.sensitive:
        return f"{tool.description} ({tool.effect}: runs only if the user says yes when asked)"
    return tool.description


def question(request: ApprovalRequest) -> str:
    """What the person is shown: the resolved call, as the terminal shows it."""
    from assistant.safetext import one_line, printable

    lines = []
    if request.live:
        lines.append("botpsy: careful, the model asking for this may be obeying text others wrote.")
    lines.append(f"botpsy wants to {printable(request.preview)}")
    lines.append(f"  tool: {request.tool} ({request.effect}); {one_line(request.reason)}")
    lines += [f"  {one_line(str(k))}: {one_line(str(v))}" for k, v in request.arguments.items()]
    lines.append("Run it? Only an explicit yes runs it.")
    return "\n".join(lines)


def elicitor(session: Any, request_id: Any) -> Ask:
    """Ask the person behind the client, from the worker thread the call runs in."""
    import anyio.from_thread

    async def elicit(request: ApprovalRequest) -> Approval:
        try:
            answer = await session.elicit_form(
                question(request), _SCHEMA, related_request_id=request_id
            )
        except Exception as exc:  # the client failed to ask: nobody said yes
            note = f"the MCP client could not ask you ({type(exc).__name__}: {exc})"
            return Approval(False, unavailable=True, note=" ".join(note.split())[:300])
        return _approval(answer)

    return lambda request: anyio.from_thread.run(elicit, request)


def _pins(request: ApprovalRequest) -> str:
    return json.dumps(request.pinned, sort_keys=True, default=str)


def _approval(answer: Any) -> Approval:
    """The person's answer as an approval: only an explicit yes (`approve` true) approves."""
    said = getattr(answer, "content", None) or {}
    if getattr(answer, "action", None) == "accept" and said.get(_ANSWER) is True:
        return Approval(True, note="approved in the MCP client")
    return Approval(False, note="you did not approve it in the MCP client")


def _elicitation(context: Any) -> str:
    """How this client can be asked: "now" (a request while the call waits), "retry", or ""."""
    from mcp_types import ClientCapabilities, ElicitationCapability

    session = getattr(context, "session", None)
    wanted = ClientCapabilities(elicitation=ElicitationCapability())
    if session is None or not session.check_client_capability(wanted):
        return ""
    return "now" if getattr(session, "can_send_request", False) else "retry"


async def _serve(service: ToolService) -> None:
    import anyio
    import mcp_types
    from mcp.server.lowlevel import Server
    from mcp.server.stdio import stdio_server

    one_at_a_time = anyio.CapacityLimiter(1)

    async def list_tools(
        _context: Any, _params: mcp_types.PaginatedRequestParams | None
    ) -> mcp_types.ListToolsResult:
        return mcp_types.ListToolsResult(tools=service.tools())

    async def call_tool(
        context: Any, params: mcp_types.CallToolRequestParams
    ) -> mcp_types.CallToolResult | mcp_types.InputRequiredResult:
        arguments = params.arguments or {}
        if params.request_state is not None or params.input_responses:
            return await anyio.to_thread.run_sync(
                service.answered,
                params.name,
                arguments,
                params.request_state,
                dict(params.input_responses or {}),
                limiter=one_at_a_time,
            )
        how = _elicitation(context)
        ask = elicitor(context.session, context.request_id) if how == "now" else None
        return await anyio.to_thread.run_sync(
            service.call,
            params.name,
            arguments,
            ask_later if how == "retry" else ask,
            limiter=one_at_a_time,
        )

    server: Server[Any] = Server(
        "botpsy",
        version=__version__,
        instructions="botpsy's tools: a personal assistant's calendar, mail, files and web.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
