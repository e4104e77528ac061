"""The MCP plugin's own error (apart, so loading the plugin imports no asyncio)."""

from __future__ import annotations

from assistant.api import ToolError


class ServerFailed(ToolError):
    """A server could not be started, or its connection broke."""
