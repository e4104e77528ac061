"""`botpsy tools` shows the name an allow rule must use, so it can be copied into the config.

An MCP tool is offered under a plain name (renamed on a clash: the notes server's
`web_search` becomes `notes_web_search`), but `[policy] allow` names it by its server,
`SERVER:TOOL` (`assistant.policy.grant_name`). The listing runs the real CLI against the
real SDK-built notes server of `tests/test_mcp_notes.py`; the copied name is then put in
`[policy] allow` and a call through the real agent runs with no terminal to ask, while the
plain name leaves it refused. The model is `tests.obedient` (it calls what it is told).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from botpsy_mcp.runtime import close_runtime

from assistant.app import build_assistant
from assistant.config import Config
from assistant.policy import NoTerminalApprover
from tests.obedient import ObedientModel

NOTES_SCRIPT = Path(__file__).with_name("test_mcp_notes.py")


@pytest.fixture
def notes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path) -> Iterator[dict[str, Any]]:
    """A trusted notes server (its own words do not taint), with the web plugin beside it."""
    monkeypatch.setenv("BOTPSY_PLUGINS", "mcp,web")
    store = tmp_path / "notes.json"
    store.write_text(json.dumps({"groceries": "milk and eggs"}))
    yield {"command": [sys.executable, str(NOTES_SCRIPT)], "trusted": True,
           "env": {"NOTES_FILE": str(store)}}  # fmt: skip
    close_runtime()


def _config_file(home: Path, server: dict[str, Any]) -> Path:
    path = home / ".config/botpsy/config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    env = ", ".join(f"{k} = {json.dumps(v)}" for k, v in server["env"].items())
    path.write_text(
        'timezone = "Europe/Berlin"\n[mcp.servers.notes]\n'
        f"command = {json.dumps(server['command'])}\ntrusted = true\nenv = {{ {env} }}\n"
    )
    return path


def test_the_listing_shows_an_mcp_tools_allow_name_and_that_name_allows_it(
    home: Path, notes: dict[str, Any], config: Config, cli: Callable[..., Any]
) -> None:
    env = {"BOTPSY_CONFIG": str(_config_file(home, notes)), "BOTPSY_PLUGINS": "mcp,web"}
    listed = cli("tools", "--json", env=env)
    assert listed.status == 0, listed.stderr
    names = {t["name"]: t["allow_name"] for t in json.loads(listed.stdout)}
    assert names["erase_notes"] == "notes:erase_notes"
    assert names["notes_web_search"] == "notes:web_search"  # offered renamed, allowed by server
    assert names["web_search"] == "web_search"  # a built-in: its own name

    text = cli("tools", env=env)
    assert text.status == 0, text.stderr
    lines = text.stdout.splitlines()
    shown = {lines[i].split("(")[0]: lines[i + 1] for i in range(0, len(lines) - 1, 2)}
    assert "allow as notes:erase_notes" in shown["erase_notes"]
    assert "allow as notes:web_search" in shown["notes_web_search"]
    assert "allow as" not in shown["web_search"]

    def erase(allow: list[str]) -> tuple[str, str]:
        config.mcp = {"servers": {"notes": notes}}
        config.policy.allow = allow
        config.agent.call_strategy = "model"
        model = ObedientModel({"erase my notes": ("erase_notes", {})})
        assistant = build_assistant(config, NoTerminalApprover(), model=model)
        try:
            [call] = assistant.agent.run("erase my notes", use_intents=False).calls
        finally:
            assistant.close()
        return call.decision, call.outcome

    assert erase(["erase_notes"])[0] == "refused"  # the plain name allows no MCP tool
    assert erase([names["erase_notes"]]) == ("ran", "ok")  # the listed name, copied as is
    assert json.loads(Path(notes["env"]["NOTES_FILE"]).read_text()) == {}
