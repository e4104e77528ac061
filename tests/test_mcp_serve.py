"""`botpsy mcp serve`, driven by the MCP SDK's own stdio client, as Claude Desktop or an IDE would.

The server is the real `python -m assistant mcp serve` subprocess over the real file tools in a
temporary home; what it did is read back with the real `botpsy log --json`. The client is a
model botpsy cannot see into, so every connection is tainted from its start: a delete needs a
live yes, asked through the client's elicitation (the SDK client's own callback plays the person).
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


def _session(
    config: Path, *flags: str, person: Any = None, mode: str = "auto"
) -> Callable[[Callable[[Any], Awaitable[Any]]], Any]:
    """Run `body(client)` against a fresh `botpsy mcp serve` connected over stdio.

    `person` is the client's elicitation callback (None: a client that cannot elicit);
    `mode` "legacy" speaks the 2025 protocol (botpsy asks while the call waits), "auto"
    the 2026-07-28 one (the call returns the question and the client retries it).
    """
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
            async with Client(
                parameters, read_timeout_seconds=60, elicitation_callback=person, mode=mode
            ) as client:
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
    assert "runs only if the user says yes when asked" in tools["files_delete"].description


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
    assert delete.is_error and _text(delete).count("\n") == 0
    assert "this MCP client cannot ask you (it offers no elicitation)" in _text(delete)
    assert (documents / "old.txt").exists()
    entries = [(e["tool"], e["path"], e["decision"], e["outcome"]) for e in _log(cli, config)]
    assert entries == [
        ("files_delete", "mcp", "refused", "skipped"),
        ("files_read", "mcp", "ran", "ok"),
    ]


def test_an_allow_rule_does_not_let_a_client_delete_without_a_live_yes(
    home: Path, documents: Path, cli: Callable[..., Any]
) -> None:
    """The client's first call is no cleaner than its last: it may obey a page it read."""
    config = _config(home, documents, '[policy]\nallow = ["files_delete"]')

    async def calls(client: Any) -> Any:
        return await client.call_tool("files_delete", {"path": "old.txt"})

    refused = _session(config)(calls)
    assert refused.is_error and "--yes and allow rules do not cover it" in _text(refused)
    assert (documents / "old.txt").exists()
    assert [(e["tool"], e["decision"]) for e in _log(cli, config)] == [("files_delete", "refused")]


def test_yes_does_not_approve_for_a_client_and_bad_calls_are_errors_it_sees(
    home: Path, documents: Path
) -> None:
    async def calls(client: Any) -> list[Any]:
        return [
            await client.call_tool("files_delete", {"path": "old.txt"}),
            await client.call_tool("no_such_tool", {}),
            await client.call_tool("files_read", {"wrong": "x"}),
        ]

    delete, unknown, wrong = _session(_config(home, documents), "--yes")(calls)
    assert unknown.is_error and "there is no tool 'no_such_tool'" in _text(unknown)
    assert wrong.is_error and "unknown argument 'wrong'" in _text(wrong)
    assert delete.is_error and "cannot ask you" in _text(delete)
    assert (documents / "old.txt").exists()


class Person:
    """The person behind the client: sees each elicitation, gives one scripted answer each."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.asked: list[Any] = []

    async def __call__(self, _context: Any, params: Any) -> Any:
        self.asked.append(params)
        return self.answers.pop(0)


def _answer(action: str, content: dict[str, Any] | None = None) -> Any:
    from mcp_types import ElicitResult

    return ElicitResult(action=action, content=content)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("flags", "mode"),
    [((), "auto"), (("--yes",), "auto"), ((), "legacy")],
    ids=["retry", "retry-yes", "while-waiting"],
)
def test_a_yes_given_through_elicitation_runs_the_call_it_showed(
    home: Path, documents: Path, cli: Callable[..., Any], flags: tuple[str, ...], mode: str
) -> None:
    config = _config(home, documents)
    person = Person(_answer("accept", {"approve": True}))

    async def calls(client: Any) -> Any:
        return await client.call_tool("files_delete", {"path": "old.txt"})

    deleted = _session(config, *flags, person=person, mode=mode)(calls)
    assert not deleted.is_error, _text(deleted)
    assert not (documents / "old.txt").exists() and (documents / "lease.txt").exists()
    (asked,) = person.asked
    assert "botpsy wants to move to the trash: " in asked.message and "old.txt" in asked.message
    assert "tool: files_delete (delete)" in asked.message
    assert "an MCP client's model" in asked.message  # why it asks: what tainted the connection
    assert asked.requested_schema["required"] == ["approve"]
    entries = [(e["tool"], e["path"], e["decision"], e["outcome"]) for e in _log(cli, config)]
    assert entries == [("files_delete", "mcp", "approved", "ok")]


@pytest.mark.parametrize(
    "answer",
    [
        ("decline", None),
        ("cancel", None),
        ("accept", {"approve": False}),
        ("accept", {"approve": "yes"}),
        ("accept", {}),
    ],
    ids=["decline", "cancel", "false", "a-string", "empty"],
)
def test_anything_but_an_explicit_yes_runs_nothing(
    home: Path,
    documents: Path,
    cli: Callable[..., Any],
    answer: tuple[str, dict[str, Any] | None],
) -> None:
    config = _config(home, documents)
    person = Person(_answer(*answer))

    async def calls(client: Any) -> Any:
        return await client.call_tool("files_delete", {"path": "old.txt"})

    kept = _session(config, "--yes", person=person)(calls)
    assert kept.is_error and "you did not approve it" in _text(kept)
    assert (documents / "old.txt").exists() and len(person.asked) == 1
    assert [(e["tool"], e["decision"]) for e in _log(cli, config)] == [("files_delete", "denied")]


def test_a_bad_command_line_is_one_line(cli: Callable[..., Any]) -> None:
    done = cli("mcp", "launch")
    assert done.status == 2 and "invalid choice: 'launch'" in done.stderr


def _yes() -> dict[str, Any]:
    return {"approve": _answer("accept", {"approve": True})}


def test_a_yes_the_client_makes_up_runs_nothing(
    home: Path, documents: Path, cli: Callable[..., Any]
) -> None:
    """The client's model may send a retry with a yes nobody gave: botpsy asked no such thing."""
    config = _config(home, documents)

    async def calls(client: Any) -> list[Any]:
        forged = await client.session.call_tool(
            "files_delete", {"path": "old.txt"}, input_responses=_yes(), request_state="made-up"
        )
        asked = await client.session.call_tool(
            "files_delete", {"path": "old.txt"}, allow_input_required=True
        )
        other = await client.session.call_tool(  # the real token, for another call
            "files_delete",
            {"path": "lease.txt"},
            input_responses=_yes(),
            request_state=asked.request_state,
        )
        again = await client.session.call_tool(  # spent: a token answers once
            "files_delete",
            {"path": "old.txt"},
            input_responses=_yes(),
            request_state=asked.request_state,
        )
        return [forged, asked, other, again]

    forged, asked, other, again = _session(config, "--yes", person=Person())(calls)
    assert asked.result_type == "input_required" and "old.txt" in str(asked.input_requests)
    for refused in (forged, other, again):
        assert refused.is_error and "that answer is not for this call" in _text(refused)
    assert (documents / "old.txt").exists() and (documents / "lease.txt").exists()
    assert _log(cli, config) == []  # nothing was judged to run


def test_a_file_swapped_while_the_person_reads_the_question_is_not_deleted(
    home: Path, documents: Path, cli: Callable[..., Any]
) -> None:
    """Same name, same inode number (reused at once), another file: the yes was not for it."""
    config = _config(home, documents)
    old = documents / "old.txt"

    async def calls(client: Any) -> Any:
        asked = await client.session.call_tool(
            "files_delete", {"path": "old.txt"}, allow_input_required=True
        )
        old.unlink()
        await anyio.sleep(0.05)  # a person reads for longer than a clock tick
        old.write_text("the user's new draft\n")  # on ext4, under the number old.txt had
        return await client.session.call_tool(
            "files_delete",
            {"path": "old.txt"},
            input_responses=_yes(),
            request_state=asked.request_state,
        )

    swapped = _session(config, person=Person())(calls)
    assert swapped.is_error and "something other than what you were shown" in _text(swapped)
    assert old.read_text() == "the user's new draft\n"
    assert [(e["tool"], e["decision"]) for e in _log(cli, config)] == [("files_delete", "denied")]


def test_a_move_the_audit_log_cannot_record_does_not_happen(
    home: Path, documents: Path, cli: Callable[..., Any]
) -> None:
    """Another process holds the log's write lock (a real SQLite file): the client gets one line."""
    import sqlite3

    config = _config(home, documents)
    log = home / "data" / "audit.sqlite3"

    async def calls(client: Any) -> list[Any]:
        read = await client.call_tool("files_read", {"path": "lease.txt"})  # creates the log
        holder = sqlite3.connect(log, timeout=0, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            moved = await client.call_tool(
                "files_rename", {"path": "old.txt", "new_name": "new.txt"}
            )
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return [read, moved]

    # A change with values the client's model chose asks (the connection is tainted): the
    # person says yes, and only then does the write-ahead record fail.
    person = Person(_answer("accept", {"approve": True}))
    read, moved = _session(config, person=person, mode="legacy")(calls)
    assert not read.is_error and len(person.asked) == 1
    assert moved.is_error and _text(moved).count("\n") == 0, _text(moved)
    assert "the audit log cannot be written" in _text(moved) and "locked" in _text(moved)
    assert (documents / "old.txt").exists() and not (documents / "new.txt").exists()
    assert [(e["tool"], e["outcome"]) for e in _log(cli, config)] == [("files_read", "ok")]
