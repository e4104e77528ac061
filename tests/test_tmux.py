"""The real `botpsy` app in a real terminal (tmux): type requests, read the screen."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import require_program

pytestmark = pytest.mark.inference


@pytest.fixture
def terminal(home: Path) -> Iterator[tuple[str, str]]:
    tmux = require_program("tmux", "tmux")
    name = f"botpsy-{uuid.uuid4().hex[:8]}"
    command = (
        f"cd {Path.cwd()} && env HOME={home} TERM=xterm-256color {sys.executable} -m assistant"
    )
    subprocess.run(
        [tmux, "new-session", "-d", "-s", name, "-x", "120", "-y", "36", command], check=True
    )
    try:
        yield tmux, name
    finally:
        subprocess.run([tmux, "kill-session", "-t", name], capture_output=True)


def screen(tmux: str, name: str) -> str:
    return subprocess.run(
        [tmux, "capture-pane", "-p", "-t", name], capture_output=True, text=True
    ).stdout


def wait_for(tmux: str, name: str, *texts: str, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    while True:
        shown = screen(tmux, name)
        if all(t in shown for t in texts):
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"never showed {texts}; the screen was:\n{shown}")
        time.sleep(0.3)


def type_line(tmux: str, name: str, text: str) -> None:
    subprocess.run([tmux, "send-keys", "-t", name, "-l", text], check=True)
    subprocess.run([tmux, "send-keys", "-t", name, "Enter"], check=True)


def test_the_app_in_a_real_terminal(terminal: tuple[str, str], home: Path) -> None:
    tmux, name = terminal
    wait_for(tmux, name, "Ask botpsy", "Quit")
    type_line(tmux, name, "add dentist Friday 3pm")
    shown = wait_for(tmux, name, "calendar_create_event", "Dentist", "answered by a local intent")
    assert "Added" in shown
    type_line(
        tmux, name, "Tell me a joke about penguins"
    )  # no tool fits: the starter model answers
    wait_for(tmux, name, "No model chosen yet", "starter", "botpsy-q4")  # the first run asks
    subprocess.run([tmux, "send-keys", "-t", name, "Enter"], check=True)  # the starter
    shown = wait_for(tmux, name, "answered by the model", timeout=120)
    assert "tokens/s" in shown, shown
    (chosen,) = home.rglob("botpsy/models/active")
    assert chosen.read_text() == "starter", "the choice is remembered: asked only once"
    subprocess.run([tmux, "send-keys", "-t", name, "C-q"], check=True)
