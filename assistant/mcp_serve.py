"""`botpsy mcp serve`: botpsy's own tools for an MCP client (Claude Desktop, an IDE), over stdio.

Every call goes the way a call from a CLI request goes: the agent's own call
path prepares it, the policy judges it, the approver is asked, the audit log
records it (path "mcp"), and untrusted output is fenced and taints the
conversation. One connection is one botpsy conversation, so once a call has
read text others wrote, every later send, delete, spend or egress of that
connection needs a live yes, which nobody can give here: it is refused. With
stdin and stdout carrying the protocol there is no terminal, so a sensitive call
runs only when configured: `[policy] allow = ["tool"]`, or `--yes` to approve
sensitive calls in advance (never in a tainted conversation).
"""

from __future__ import annotations

import argparse
import threading
from typing import TYPE_CHECKING, Any

from assistant import __version__
from assistant.config import Config, load_config
from assistant.tools import Effect, Tool

if TYPE_CHECKING:
    import mcp_types

    from assistant.app import Assistant

SESSION_TITLE = "calls from an MCP client (botpsy mcp serve)"
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
            "as in the CLI; with no terminal to ask on, send/delete/spend calls are refused "
            "unless [policy] allow names the tool or --yes is given."
        ),
    )
    serve.add_argument(
        "--yes", "-y", action="store_true", help="approve sensitive calls in advance"
    )
    serve.add_argument("--config", metavar="PATH", help="the config file")
    args = parser.parse_args(argv)
    return serve_stdio(load_config(args.config), assume_yes=args.yes)


def serve_stdio(config: Config, assume_yes: bool = False) -> int:
    """Serve until the client closes the connection."""
    import anyio

    from assistant.app import build_assistant
    from assistant.policy import Approver, AutoApprover, NoTerminalApprover

    approver: Approver = AutoApprover() if assume_yes else NoTerminalApprover()
    assistant = build_assistant(config, approver)
    try:
        anyio.run(_serve, ToolService(assistant))
    finally:
        assistant.close()
    return 0


class ToolService:
    """botpsy's tools for one MCP connection: one conversation, calls one at a time."""

    def __init__(self, assistant: Assistant) -> None:
        self.assistant = assistant
        self.session = assistant.sessions.create(SESSION_TITLE)
        self._lock = threading.Lock()

    def tools(self) -> list[mcp_types.Tool]:
        """Every tool, with annotations that say what its effect says."""
        from mcp_types import Tool as McpTool
        from mcp_types import ToolAnnotations

        return [
            McpTool(
                name=tool.name,
                description=_description(tool),
                input_schema=tool.parameters,
                annotations=ToolAnnotations(**_HINTS[tool.effect]),  # type: ignore[arg-type]
            )
            for tool in self.assistant.agent.tools
        ]

    def call(self, name: str, arguments: dict[str, Any]) -> mcp_types.CallToolResult:
        """Run one call through the agent's call path: judged, maybe refused, audited."""
        from mcp_types import CallToolResult, TextContent

        from assistant.messages import ToolCall

        with self._lock:
            # Nothing the client sends counts as the user's own words.
            record, text = self.assistant.agent.call_tool(
                ToolCall(name, dict(arguments)), self.session, "mcp"
            )
        failed = record.outcome not in ("ok", "question")
        return CallToolResult(content=[TextContent(text=text)], is_error=failed)


def _description(tool: Tool) -> str:
    if tool.effect.sensitive:
        return f"{tool.description} ({tool.effect}: runs only if the user allowed it)"
    return tool.description


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
        _context: Any, params: mcp_types.CallToolRequestParams
    ) -> mcp_types.CallToolResult:
        return await anyio.to_thread.run_sync(
            service.call, params.name, params.arguments or {}, limiter=one_at_a_time
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
