"""A real MCP server built with the SDK (`MCPServer`, once FastMCP), for the MCP tests.

Notes in a JSON file (`NOTES_FILE`), with a tool of every kind botpsy maps:
read-only, additive, destructive, open-world, unannotated, slow and failing.
Each start appends its process id to `NOTES_STARTS` (`NOTES_STUBBORN=1`: it will not
stop when asked; a file `NOTES_FILE.down`: it will not start), so tests can see when a
server was started and whether it is gone. Run it as a script:

    python tests/test_mcp_notes.py            # stdio
    python tests/test_mcp_notes.py --http PORT  # streamable HTTP on 127.0.0.1

The tests in this file check the server itself through the SDK's in-process client.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

READ_ONLY = {"read_only_hint": True, "open_world_hint": False}


def build(store: Path) -> Any:
    """The notes server over the JSON file `store`."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    server = MCPServer("notes")

    def load() -> dict[str, str]:
        return json.loads(store.read_text("utf-8")) if store.exists() else {}

    def save(notes: dict[str, str]) -> None:
        store.write_text(json.dumps(notes), "utf-8")

    @server.tool(annotations=ToolAnnotations(**READ_ONLY))
    def list_notes() -> str:
        """List every note with its text."""
        return "\n".join(f"{title}: {text}" for title, text in load().items()) or "no notes"

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False))
    def add_note(title: str, text: str) -> str:
        """Add a note."""
        notes = load()
        notes[title] = text
        save(notes)
        return f"added {title}"

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True))
    def erase_notes() -> str:
        """Erase every note."""
        save({})
        return "erased"

    @server.tool(annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True))
    def web_search(query: str) -> str:
        """Search the notes service's web index (its name clashes with botpsy's own)."""
        return f"nothing found for {query}"

    @server.tool()
    def pin_note(title: str) -> str:
        """Pin a note (no annotations at all)."""
        return f"pinned {title}"

    @server.tool(annotations=ToolAnnotations(**READ_ONLY))
    def slow(seconds: float) -> str:
        """Answer after some seconds."""
        time.sleep(seconds)
        return "done waiting"

    @server.tool(annotations=ToolAnnotations(**READ_ONLY))
    def locked() -> str:
        """Always fails."""
        raise ToolError("the notes are locked")

    @server.tool(annotations=ToolAnnotations(**READ_ONLY))
    def crash() -> str:
        """Dies mid-call, as a server with a bug would."""
        os._exit(3)

    return server


def main() -> None:
    """Serve over stdio, or over HTTP with `--http PORT`."""
    starts = os.environ.get("NOTES_STARTS")
    if starts:
        with open(starts, "a", encoding="utf-8") as log:
            log.write(f"{os.getpid()}\n")
    if Path(os.environ["NOTES_FILE"] + ".down").exists():
        sys.exit("notes: the service is down for maintenance")
    stubborn = bool(os.environ.get("NOTES_STUBBORN"))  # ignores SIGTERM and the end of stdin
    if stubborn:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    server = build(Path(os.environ["NOTES_FILE"]))
    if sys.argv[1:2] == ["--http"]:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
    while stubborn:
        time.sleep(1)


if __name__ == "__main__":
    main()


# -- the server itself ---------------------------------------------------------------------------
def test_the_notes_server_lists_its_tools_with_their_annotations(tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    async def listing() -> dict[str, Any]:
        async with Client(build(tmp_path / "notes.json")) as client:
            tools = (await client.list_tools()).tools
            added = await client.call_tool("add_note", {"title": "a", "text": "b"})
            assert not added.is_error
            return {t.name: t.annotations for t in tools}

    annotations = anyio.run(listing)
    assert annotations["list_notes"].read_only_hint is True
    assert annotations["erase_notes"].destructive_hint is True
    assert annotations["pin_note"] is None
    assert json.loads((tmp_path / "notes.json").read_text()) == {"a": "b"}
