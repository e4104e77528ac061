"""botpsy's MCP client: the tools of the MCP servers in the config file, as botpsy tools.

    [mcp.servers.time]
    command = ["python", "-m", "mcp_server_time"]   # stdio; or url = "http://…/mcp"

A server starts when one of its tools is first called and stays up for the
process (see `runtime`). Its tool list is kept on disk (see `cache`), so
`botpsy tools` and requests do not start every server each time. Tools keep
their own names unless another tool has that name; then they are
`SERVER_TOOL`. A server that fails to start or is misconfigured is one line on
stderr, and every other tool still works. Their output is text others wrote
unless the server is `trusted = true`; their effects come from their
annotations (see `convert`). An untrusted server's tool text is cleaned and marked
as its words, and offering its tools taints the conversation (see `sanitize`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.api import PluginContext, PluginError, Tool, ToolResult, hookimpl
from botpsy_mcp.cache import cached_tools, store_tools
from botpsy_mcp.convert import make_tool, safe_name, to_result
from botpsy_mcp.errors import ServerFailed
from botpsy_mcp.sanitize import Unfit
from botpsy_mcp.settings import ServerSettings, read_servers

BOTPSY_API = ">=1,<2"


class Server:
    """One configured server: its tools (from the cache or from the server) and calls to it."""

    def __init__(self, settings: ServerSettings, folder: Path) -> None:
        self.settings = settings
        self.folder = folder

    def listed(self) -> list[dict[str, Any]]:
        """The server's tools: the cached list when fresh, else the server is started and asked."""
        tools = cached_tools(self.folder, self.settings)
        if tools is None:
            tools = self._connect().tools
        return tools

    def _connect(self) -> Any:
        """The running connection; a new one's tool list refreshes the cache."""
        from botpsy_mcp.runtime import runtime

        connection = runtime(self.folder).connect(self.settings)
        if not connection.stored:
            store_tools(self.folder, self.settings, connection.tools)
            connection.stored = True
        return connection

    def caller(self, name: str) -> Callable[..., ToolResult]:
        """The function botpsy's agent calls for the MCP tool `name`."""

        def call(**arguments: Any) -> ToolResult:
            from botpsy_mcp.runtime import runtime

            try:
                self._connect()  # started on first use, then kept for the process
            except ServerFailed as exc:
                raise ServerFailed(
                    f"MCP server '{self.settings.name}' failed to start: {exc}"
                ) from None
            return to_result(runtime(self.folder).call(self.settings, name, arguments))

        return call


# `tryfirst`: botpsy's loader runs the tool hooks in pluggy's order, where this one comes
# last, so every other plugin's tools are in the registry and a clash renames an MCP tool,
# never a built-in one (tests/test_mcp_client.py checks it).
@hookimpl(tryfirst=True)
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """Every configured server's tools; a failing server is one line and is left out."""
    servers, errors = read_servers(context.config.mcp)
    for error in errors:
        _warn(error)
    if not servers:
        return
    from concurrent.futures import ThreadPoolExecutor

    folder = context.data_dir / "mcp"
    every = [Server(settings, folder) for settings in servers]
    with ThreadPoolExecutor(max_workers=max(1, len(every))) as pool:  # uncached ones start at once
        lists = list(pool.map(_listed, every))
    for server, listed in zip(every, lists, strict=True):
        if isinstance(listed, ServerFailed):
            _warn(f"MCP server '{server.settings.name}' failed to start: {listed}")
            continue
        for entry in listed:
            try:
                tool = make_tool(server.settings, entry, server.caller(str(entry.get("name", ""))))
            except Unfit as exc:
                _warn(f"MCP server '{server.settings.name}': {exc}; left out")
                continue
            _add(register, tool, server.settings.name)


def _listed(server: Server) -> list[dict[str, Any]] | ServerFailed:
    try:
        return server.listed()
    except ServerFailed as exc:
        return exc


def _add(register: Callable[..., None], tool: Tool, server: str) -> None:
    """Register under the tool's own name, or `SERVER_TOOL` when the name is taken."""
    try:
        register(tool)
        return
    except PluginError:
        tool.name = safe_name(f"{server}_{tool.name}")
    try:
        register(tool)
    except PluginError as exc:
        _warn(f"MCP server '{server}': {exc}; left out")


@hookimpl
def startup() -> None:
    """Nothing to open: servers start on their first call. (Having it makes `shutdown` run.)"""


@hookimpl
def shutdown() -> None:
    """Close the servers this process started (also done at exit, bounded)."""
    runtime = sys.modules.get("botpsy_mcp.runtime")  # not imported: nothing was started
    if runtime is not None:
        runtime.close_runtime()


def _warn(line: str) -> None:
    print(f"botpsy: {line}", file=sys.stderr)
