"""The audit log names what a call acted on, not only how it was asked.

"cancel the dentist" in the log says which event went: the preview resolved the
request to one event (by uid), the run acted on that one, and the log keeps it, in
`botpsy log` and in `--json`. A log written before this column existed keeps its
entries and gains the column (it is not taken for damaged and moved aside).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from assistant.audit import AuditEntry, AuditLog
from tests.test_robustness import no_model_config


def test_a_cancelled_event_is_logged_by_its_uid(cli: Any, home: Path) -> None:
    config = no_model_config(home)
    added = cli("add dentist friday 3pm", env=config)
    assert added.status == 0, added.stderr
    gone = cli("--yes", "cancel the dentist on friday", env=config)
    assert gone.status == 0, gone.stderr
    entries = json.loads(cli("log", "--json", env=config).stdout)
    deleted = [e for e in entries if e["tool"] == "calendar_delete_event"]
    assert [e["outcome"] for e in deleted] == ["ok"], entries
    uid = str(deleted[0]["pinned"]["event"])
    assert uid.startswith("uid:") and len(uid) > len("uid:")
    created = next(e for e in entries if e["tool"] == "calendar_create_event")
    assert created["pinned"] == {}  # nothing existing was resolved: nothing pinned
    shown = cli("log", env=config).stdout
    assert f'on: event="{uid}"' in shown


def test_a_log_from_before_the_column_keeps_its_entries(tmp_path: Path) -> None:
    path = tmp_path / "audit.sqlite3"
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE calls (id INTEGER PRIMARY KEY, time TEXT NOT NULL, session TEXT, path TEXT,"
        " tool TEXT NOT NULL, plugin TEXT, effect TEXT, arguments TEXT, decision TEXT NOT NULL,"
        " outcome TEXT NOT NULL, summary TEXT, seconds REAL)"
    )
    old.execute(
        "INSERT INTO calls (time, tool, arguments, decision, outcome) VALUES"
        " ('2026-11-30T10:00:00+00:00', 'files_delete', '{\"path\": \"a.txt\"}', 'approved', 'ok')"
    )
    old.commit()
    old.close()
    log = AuditLog(path)
    assert log.notice == ""  # not moved aside
    log.record(
        AuditEntry(
            "files_delete",
            {"path": "b.txt"},
            "approved",
            "ok",
            pinned={"path": "/home/me/Documents/b.txt", "inode": 42, "token": "s3cret"},
        )
    )
    first, second = log.recent()
    log.close()
    assert (first.arguments, first.pinned) == ({"path": "a.txt"}, {})
    assert second.pinned == {"path": "/home/me/Documents/b.txt", "inode": 42, "token": "***"}
    assert not list(tmp_path.glob("audit.sqlite3.corrupt-*"))
