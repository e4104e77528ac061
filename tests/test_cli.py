"""The real `botpsy` command in a subprocess, with a temporary HOME and no terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

PINNED = {"BOTPSY_NOW": "2026-11-29T18:30:00+01:00"}


def ics_files(home: Path) -> list[Path]:
    return sorted((home / ".local/share/botpsy/calendars/personal").glob("*.ics"))


def test_the_main_job_on_the_real_clock(cli: Any, home: Path) -> None:
    """README's first command: the Dentist event lands on the coming Friday at 15:00."""
    done = cli("add dentist Friday 3pm")
    assert done.status == 0, done.stderr
    today = datetime.now(ZoneInfo("Europe/Berlin")).date()
    friday = today + timedelta(days=(4 - today.weekday()) % 7)
    if friday == today and datetime.now(ZoneInfo("Europe/Berlin")).hour >= 15:
        friday += timedelta(days=7)
    assert done.stdout.startswith(
        f'Added "Dentist" on Friday {friday.day} {friday:%B %Y}, 15:00–16:00'
    )
    assert "local intent calendar.add_event" in done.stderr
    assert len(ics_files(home)) == 1
    listed = cli("what's on my calendar Friday?")
    assert listed.status == 0 and '"Dentist"' in listed.stdout and "15:00–16:00" in listed.stdout


def test_delete_asks_and_without_a_terminal_is_refused(cli: Any, home: Path) -> None:
    assert cli("add dentist Friday 3pm", env=PINNED).status == 0
    refused = cli("cancel the dentist appointment", env=PINNED)
    assert refused.status == 3
    assert "needs your approval" in refused.stdout and "--yes" in refused.stdout
    assert 'delete "Dentist" on Friday 4 December 2026, 15:00–16:00' in refused.stdout
    assert len(ics_files(home)) == 1
    deleted = cli("--yes", "cancel the dentist appointment", env=PINNED)
    assert deleted.status == 0 and deleted.stdout.startswith('Deleted "Dentist"')
    assert ics_files(home) == []


def test_dry_run_changes_nothing(cli: Any, home: Path) -> None:
    done = cli("--dry-run", "add dentist Friday 3pm", env=PINNED)
    assert done.status == 0 and "[dry run] would" in done.stdout
    assert "2026-12-04T15:00+01:00" in done.stdout
    assert ics_files(home) == []
    assert cli("add dentist Friday 3pm", env=PINNED).status == 0
    planned = cli("--dry-run", "--yes", "cancel the dentist appointment", env=PINNED)
    assert planned.status == 0 and len(ics_files(home)) == 1
    # the plan as the person reads it: the model's data fence is not shown
    assert planned.stdout.startswith('[dry run] would delete "Dentist"'), planned.stdout
    assert "output: text others wrote" not in planned.stdout and "[end of" not in planned.stdout


def test_json_transcript(cli: Any) -> None:
    done = cli("--json", "add dentist Friday 3pm", env=PINNED)
    data = json.loads(done.stdout)
    assert data["path"] == "intent" and data["intent"] == "calendar.add_event"
    call = data["tool_calls"][0]
    assert call["tool"] == "calendar_create_event" and call["decision"] == "ran"
    assert call["outcome"] == "ok" and call["arguments"]["start"] == "2026-12-04T15:00+01:00"
    assert "total" in data["timings"] and data["session"]


def test_continue_finishes_a_question(cli: Any, home: Path) -> None:
    asked = cli("add a meeting with Alice", env=PINNED)
    assert asked.status == 0 and asked.stdout.startswith('When is "Meeting with Alice"?')
    done = cli("-c", "Thursday 10am", env=PINNED)
    assert done.status == 0, done.stderr
    assert done.stdout.startswith('Added "Meeting with Alice" on Thursday 3 December 2026, 10:00')


def test_tools_log_and_sessions(cli: Any) -> None:
    listing = json.loads(cli("tools", "--json").stdout)
    by_name = {t["name"]: t for t in listing}
    assert by_name["calendar_delete_event"]["effect"] == "delete"
    assert by_name["calendar_create_event"]["plugin"] == "calendar"
    cli("add dentist Friday 3pm", env=PINNED)
    cli("cancel the dentist appointment", env=PINNED)
    log = json.loads(cli("log", "--json").stdout)
    assert [(e["tool"], e["decision"]) for e in log] == [
        ("calendar_create_event", "ran"),
        ("calendar_delete_event", "refused"),
    ]
    assert "Dentist" in cli("log").stdout
    assert "add dentist Friday 3pm" in cli("sessions").stdout


def test_bad_input_gets_a_clear_message(cli: Any, home: Path, tmp_path: Path) -> None:
    wrong_date = cli("add dentist Dec 5 2110", env=PINNED)
    assert wrong_date.status == 1 and "2110" in wrong_date.stdout and ics_files(home) == []
    bad = tmp_path / "bad.toml"
    bad.write_text("[model]\ncontext = 'big'\n", encoding="utf-8")
    done = cli("--config", str(bad), "hi")
    assert done.status == 2 and "model.context: expected a number" in done.stderr
    assert "Traceback" not in done.stderr
    secret = tmp_path / "secret.toml"
    secret.write_text("[plugins.mail]\npassword = 'x'\n", encoding="utf-8")
    assert "keyring" in cli("--config", str(secret), "hi").stderr
    missing = cli("--model", str(tmp_path / "nope.gguf"), "hello there")
    assert missing.status == 2 and "no such file" in missing.stderr


def test_help_imports_neither_textual_nor_llama_cpp() -> None:
    code = (
        "import sys\nfrom assistant.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('textual', 'llama_cpp', 'jinja2', 'icalendar') if m in sys.modules]\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "HEAVY []" in done.stderr
    assert "exit status" in done.stdout


def test_core_never_imports_textual() -> None:
    """Every core module imports without pulling in Textual (only assistant.tui may)."""
    core = [p for p in Path("assistant").rglob("*.py") if "tui" not in p.parts]
    modules = [".".join(p.with_suffix("").parts).removesuffix(".__init__") for p in core]
    modules += ["botpsy_calendar"]
    code = "import importlib, sys\n" + "".join(
        f"importlib.import_module({m!r})\n" for m in modules if not m.endswith("__main__")
    )
    code += "print('TEXTUAL', 'textual' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert done.returncode == 0, done.stderr
    assert "TEXTUAL False" in done.stdout
    assert len(modules) > 15


def test_settings_that_look_like_secrets_are_refused_and_others_are_not() -> None:
    from assistant.config import _names_a_secret

    assert all(
        map(_names_a_secret, ["password", "smtp_password", "api_key", "token", "auth-token"])
    )
    assert not any(map(_names_a_secret, ["max_tokens", "tokenizer", "passwords_hint_shown_x"][:2]))


def test_an_ambiguous_request_is_asked_not_guessed(cli: Any, home: Path) -> None:
    assert cli("add lunch with Ana Friday 1pm", env=PINNED).status == 0
    assert cli("add lunch with Ben Saturday 1pm", env=PINNED).status == 0
    asked = cli("--yes", "cancel lunch", env=PINNED)
    assert asked.status == 0, asked.stderr
    assert (
        asked.stdout.lower().startswith("2 events match 'lunch': 1.")
        and "Which one?" in asked.stdout
    )
    assert len(ics_files(home)) == 2, "nothing is deleted before the user chooses"
    second = asked.stdout.index("2. ")
    chosen = "Ana" if "Ana" in asked.stdout[second:] else "Ben"
    # The answer completes the same call. The question quoted calendar titles, which others may
    # write, so a delete in this conversation needs a live yes: `--yes` in a script is refused.
    refused = cli("--yes", "-c", "the second one", env=PINNED)
    assert refused.status == 3 and refused.stdout.startswith(
        f'Did not delete "Lunch with {chosen}"'
    )
    assert "terminal" in refused.stdout and len(ics_files(home)) == 2
    done = cli("--yes", f"cancel lunch with {chosen}", env=PINNED)  # a new, clean conversation
    assert done.status == 0 and done.stdout.startswith("Deleted") and chosen in done.stdout
    (left,) = ics_files(home)
    assert chosen.encode() not in left.read_bytes()
