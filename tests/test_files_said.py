"""Files as people ask for them: invented requests about botpsy's own file tools.

Matchers run over a stand-in index (a list of names) so each row reads as request -> call; the
tools' side (folder filters, dates that look back) runs on a real folder tree below.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from botpsy_files.folders import AllowedFolders
from botpsy_files.index import FileIndex
from botpsy_files.intents import make_file_matchers
from botpsy_files.tools import FileTools, looking_back

from assistant.api import ToolArgumentError
from assistant.timeparse import parse_span
from tests.helpers import first_match

NOW = datetime(2026, 12, 1, 10, 0).astimezone()
FILES = [
    "~/Documents/lease.pdf",
    "~/Documents/packing-notes.md",
    "~/Documents/cv-2026.docx",
    "~/Downloads/boarding-pass.pdf",
    "~/Documents/notes.txt",
    "~/Documents/todo.txt",
]
FOLDERS = {"~/Documents", "~/Downloads", "~/Desktop", "taxes", "~/Documents/Taxes"}


def _named(words: list[str]) -> list[str]:
    """As the index finds them: every word in the file's own name."""
    return [f for f in FILES if all(w in f.rsplit("/", 1)[-1].lower() for w in words)]


def _matchers() -> Any:
    return make_file_matchers(
        lambda: NOW,
        has_file=lambda words: bool(_named(words)),
        has_folder=lambda name: name in FOLDERS,
        named=_named,
    )


def _call(text: str) -> tuple[str, dict[str, object]] | None:
    found = first_match(_matchers(), text)
    return None if found is None or found.missing else (found.tool, found.arguments)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("find the photos i took last week", {"kind": "image", "modified": "last week"}),
        ("show me the pictures from yesterday", {"kind": "image", "modified": "yesterday"}),
        ("pdfs i downloaded today", {"kind": "pdf", "modified": "today"}),
        ("my spreadsheets from last month", {"kind": "spreadsheet", "modified": "last month"}),
        ("what pdfs do i have in my downloads", {"kind": "pdf", "folder": "~/Downloads"}),
        ("what videos have i got on my desktop", {"kind": "video", "folder": "~/Desktop"}),
        ("list the files in my downloads folder", {"folder": "~/Downloads"}),
        ("what's in my downloads", {"folder": "~/Downloads"}),
        ("are there any videos on my desktop", {"kind": "video", "folder": "~/Desktop"}),
        ("find files bigger than 100 mb", {"larger_than_mb": 100.0}),
        ("any videos over 2 gb", {"kind": "video", "larger_than_mb": 2048.0}),
        ("where did i save the lease", {"name": "lease"}),
        ("where did i leave my boarding pass", {"name": "boarding pass"}),
        ("do i have a file called packing notes", {"name": "packing notes"}),
        ("documents i edited this week", {"kind": "document", "modified": "this week"}),
        ("find the pdf i scanned on monday", {"kind": "pdf", "modified": "monday"}),
        ("show my cv", {"name": "cv"}),
        ("get me the photos in the taxes folder", {"kind": "image", "folder": "taxes"}),
    ],
)
def test_finding_files_as_said(text: str, arguments: dict[str, object]) -> None:
    assert _call(text) == ("files_find", arguments)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("which of my files mention the deposit", "deposit"),
        ("do any of my documents mention the boiler", "boiler"),
        ("find documents that mention the boiler", "boiler"),
        ("find the file that says the rent is due", "rent is due"),
        ("look for boiler in my files", "boiler"),
        ("grep my notes for the wifi password", "wifi password"),
        ("is there anything in my documents about the garden shed", "garden shed"),
        ("which doc has the wifi password in it", "wifi password"),
    ],
)
def test_searching_inside_files_as_said(text: str, wanted: str) -> None:
    assert _call(text) == ("files_search", {"text": wanted})


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("rename cv-2026.docx to resume.docx", {"path": "~/Documents/cv-2026.docx", "new_name": "resume.docx"}),
        ("rename notes.txt to ideas.txt", {"path": "~/Documents/notes.txt", "new_name": "ideas.txt"}),
        ("rename my cv to resume", {"path": "~/Documents/cv-2026.docx", "new_name": "resume.docx"}),
        ("change the name of the packing notes to trip list", {"path": "~/Documents/packing-notes.md", "new_name": "trip-list.md"}),
        ("call the lease file flat lease", {"path": "~/Documents/lease.pdf", "new_name": "flat-lease.pdf"}),
    ],
)  # fmt: skip
def test_renaming_a_file_as_said(text: str, arguments: dict[str, object]) -> None:
    assert _call(text) == ("files_rename", arguments)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("copy the lease to my desktop", {"path": "~/Documents/lease.pdf", "to": "~/Desktop"}),
        ("make a copy of my boarding pass in documents", {"path": "~/Downloads/boarding-pass.pdf", "to": "~/Documents"}),
        ("put a copy of the lease in the taxes folder", {"path": "~/Documents/lease.pdf", "to": "taxes"}),
        ("duplicate the packing notes onto the desktop", {"path": "~/Documents/packing-notes.md", "to": "~/Desktop"}),
    ],
)  # fmt: skip
def test_copying_a_file_as_said(text: str, arguments: dict[str, object]) -> None:
    assert _call(text) == ("files_copy", arguments)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("put the lease in the taxes folder", {"path": "lease", "to": "taxes"}),
        ("move my boarding pass into documents", {"path": "boarding pass", "to": "~/Documents"}),
        ("move the lease to my desktop", {"path": "lease", "to": "~/Desktop"}),
    ],
)
def test_moving_a_file_as_said(text: str, arguments: dict[str, object]) -> None:
    assert _call(text) == ("files_move", arguments)


@pytest.mark.parametrize(
    "text",
    [
        "find my keys",
        "where did i put my glasses",
        "show me pictures of the eiffel tower",
        "find photos of cats online",
        "rename the meeting to standup",
        "copy that",
        "move the meeting to friday",
        "put milk on the shopping list",
        "what's in my fridge",
        "show me my calendar for next week",
        "list my alarms",
        "copy the address to the clipboard",
        "what's on my desk today",
        "call mum",
        "call it brunch",
        "which of my friends mention the party",
        "search for flights to rome",
        "rename my playlist to road trip",
    ],
)
def test_other_requests_are_not_about_files(text: str) -> None:
    assert _call(text) is None, text


def test_several_files_named_ask_which_one() -> None:
    found = first_match(_matchers(), "copy the pdf to my desktop")
    assert found is not None and found.tool == "files_copy"
    assert found.options == ["~/Documents/lease.pdf", "~/Downloads/boarding-pass.pdf"]


# -- the tools' side, on a real folder tree --------------------------------------------------


@pytest.fixture
def tools(tmp_path: Path) -> FileTools:
    for name in ("Documents", "Downloads", "Desktop"):
        (tmp_path / name).mkdir()
    (tmp_path / "Downloads/ticket.pdf").write_text("ticket")
    (tmp_path / "Documents/lease.pdf").write_text("lease")
    (tmp_path / "Documents/old-invoice.pdf").write_text("invoice")
    folders = AllowedFolders([tmp_path / "Documents", tmp_path / "Downloads", tmp_path / "Desktop"])
    index = FileIndex(tmp_path / "index.sqlite3", folders)
    return FileTools(folders, index, tmp_path / "journal.json")


def test_a_folder_narrows_a_find(tools: FileTools, tmp_path: Path) -> None:
    said = tools.files_find(kind="pdf", folder=str(tmp_path / "Downloads"))
    assert "ticket.pdf" in said.summary and "lease.pdf" not in said.summary
    everywhere = tools.files_find(kind="pdf")
    assert "ticket.pdf" in everywhere.summary and "lease.pdf" in everywhere.summary


def test_a_folder_outside_the_allowed_ones_is_one_clear_line(tools: FileTools) -> None:
    with pytest.raises(ToolArgumentError, match="outside the folders"):
        tools.files_find(kind="pdf", folder="/etc")
    with pytest.raises(ToolArgumentError, match="not a folder"):
        tools.files_find(folder="lease.pdf")


def test_a_month_named_for_files_is_the_one_just_gone(tools: FileTools, tmp_path: Path) -> None:
    now = datetime.now().astimezone()
    month = (now.replace(day=1) - timedelta(days=40)).strftime("%B")  # a month already past
    span = parse_span(month, now)
    back = looking_back(span)
    assert back.start <= now and back.end - back.start == span.end - span.start
    inside = back.start.timestamp() + 86400
    os.utime(tmp_path / "Documents/old-invoice.pdf", (inside, inside))
    said = tools.files_find(modified=span)
    assert "old-invoice.pdf" in said.summary and "lease.pdf" not in said.summary


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("rename the packing notes to trip list", "files_rename"),  # not an item on a "trip list"
        ("copy the packing notes to my desktop", "files_copy"),
        ("what's in my downloads", "files_find"),
        ("send the packing notes to the print list", None),  # a send, not an item: the model's
        ("sun cream on the holiday list", "task_add"),
    ],
)
def test_every_plugin_in_load_order_leaves_file_requests_to_files(
    tmp_path: Path, text: str, tool: str | None
) -> None:
    from assistant.spoken import plain_request
    from tests.helpers import builtin_assistant

    for folder in ("Documents", "Downloads", "Desktop"):
        (tmp_path / folder).mkdir()
    (tmp_path / "Documents/packing-notes.md").write_text("socks")
    (tmp_path / "Downloads/ticket.pdf").write_text("ticket")
    with builtin_assistant(tmp_path) as built:
        found = built.agent.intents.match(plain_request(text))
    assert (found.tool if found else None) == tool, (text, found)
