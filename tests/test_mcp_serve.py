"""`botpsy mcp serve`, driven by the MCP SDK's own stdio client, as Claude Desktop or an IDE would.

The server is the real `python -m assistant mcp serve` subprocess over the real file tools in a
temporary home; what it did is read back with the real `botpsy log --json`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

SECRET = "The lease runs until 2028."


@pytest.fixture
def documents(home: Path) -> Path:
    folder = home / "Documents"
    folder.mkdir()
    (folder / "lease.txt").write_text(SECRET + "\n")
    (folder / "old.txt").write_text("an old draft\n")
    return folder


def _config(home: Path, documents: Path, extra: str = "") -> Path:
    path = home / "config.toml"
    path.write_text(
        f'timezone = "Europe/Berlin"\ndata_dir = "{home / "data"}"\n{extra}\n'
        f'[plugins.files]\nfolders = ["{documents}"]\n'
    )
    return path


def _session(config: Path, *flags: str) -> Callable[[Callable[[Any], Awaitable[Any]]], Any]:
    """Run `body(client)` against a fresh `botpsy mcp serve` connected over stdio."""
    from mcp import Client, StdioServerParameters

    env = {
        "BOTPSY_CONFIG": str(config),
        "BOTPSY_PLUGINS": "files",
        "TZ": "Europe/Berlin",
        "HOME": os.environ["HOME"],
    }
    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "assistant", "mcp", "serve", *flags],
        env=env,
        cwd=str(Path(__file__).resolve().parents[1]),
    )

    def run(body: Callable[[Any], Awaitable[Any]]) -> Any:
        async def connected() -> Any:
            async with Client(parameters, read_timeout_seconds=60) as client:
                return await body(client)

        return anyio.run(connected)

    return run


def _text(result: Any) -> str:
    return "\n".join(block.text for block in result.content)


def _log(cli: Callable[..., Any], config: Path) -> list[dict[str, Any]]:
    done = cli("log", "--json", env={"BOTPSY_CONFIG": str(config), "BOTPSY_PLUGINS": "files"})
    assert done.status == 0, done.stderr
    entries: list[dict[str, Any]] = json.loads(done.stdout)
    return entries


def test_it_lists_botpsys_tools_with_annotations_from_their_effects(
    home: Path, documents: Path
) -> None:
    async def listing(client: Any) -> dict[str, Any]:
        return {tool.name: tool for tool in (await client.list_tools()).tools}

    tools = _session(_config(home, documents))(listing)
    assert tools["files_read"].annotations.read_only_hint is True
    assert tools["files_delete"].annotations.destructive_hint is True
    assert tools["files_move"].annotations.read_only_hint is False
    assert tools["files_move"].annotations.destructive_hint is False
    assert tools["files_read"].input_schema["required"] == ["path"]
    assert "runs only if the user allowed it" in tools["files_delete"].description


def test_a_read_call_works_and_is_audited_and_a_delete_is_refused(
    home: Path, documents: Path, cli: Callable[..., Any]
) -> None:
    config = _config(home, documents)

    async def calls(client: Any) -> tuple[Any, Any]:
        delete = await client.call_tool("files_delete", {"path": "old.txt"})
        read = await client.call_tool("files_read", {"path": "lease.txt"})
        return delete, read

    delete, read = _session(config)(calls)
    assert not read.is_error and SECRET in _text(read)
    assert "text others wrote" in _text(read)  # fenced for the client's model too
    assert delete.is_error and "needs your approval" in _text(delete)
    assert (documents / "old.txt").exists()
    entries = [(e["tool"], e["path"], e["decision"], e["outcome"]) for e in _log(cli, config)]
    assert entries == [
        ("files_delete", "mcp", "refused", "skipped"),
        ("files_read", "mcp", "ran", "ok"),
    ]


def test_an_allow_rule_lets_a_delete_run_until_the_connection_has_read_others_text(
    home: Path, documents: Path, cli: Callable[..., Any]
) -> None:
    config = _config(home, documents, '[policy]\nallow = ["files_delete"]')
    (documents / "other.txt").write_text("another draft\n")

    async def calls(client: Any) -> list[Any]:
        return [
            await client.call_tool("files_delete", {"path": "old.txt"}),
            await client.call_tool("files_read", {"path": "lease.txt"}),
            await client.call_tool("files_delete", {"path": "other.txt"}),
        ]

    allowed, _, tainted = _session(config)(calls)
    assert not allowed.is_error and not (documents / "old.txt").exists()
    assert tainted.is_error and "text others wrote" in _text(tainted)
    assert (documents / "other.txt").exists()
    decisions = [(e["tool"], e["decision"]) for e in _log(cli, config)]
    assert decisions == [
        ("files_delete", "ran"),
        ("files_read", "ran"),
        ("files_delete", "refused"),
    ]


def test_yes_approves_in_advance_and_bad_calls_are_errors_the_client_sees(
    home: Path, documents: Path
) -> None:
    async def calls(client: Any) -> list[Any]:
        return [  # the delete first: a file tool's error message taints the conversation too
            await client.call_tool("files_delete", {"path": "old.txt"}),
            await client.call_tool("no_such_tool", {}),
            await client.call_tool("files_read", {"wrong": "x"}),
        ]

    delete, unknown, wrong = _session(_config(home, documents), "--yes")(calls)
    assert unknown.is_error and "there is no tool 'no_such_tool'" in _text(unknown)
    assert wrong.is_error and "unknown argument 'wrong'" in _text(wrong)
    assert not delete.is_error and not (documents / "old.txt").exists()


def test_a_bad_command_line_is_one_line(cli: Callable[..., Any]) -> None:
    done = cli("mcp", "launch")
    assert done.status == 2 and "invalid choice: 'launch'" in done.stderr
