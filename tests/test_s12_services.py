"""Nothing leaves for a server the user never chose until they say yes once.

botpsy's web search defaults to DuckDuckGo and its weather to Open-Meteo: servers the user
did not set up. A tool that would send the user's words to such a default asks first ("first
use of duckduckgo.com ..."); a yes for good is kept under the server's name, not the tool's,
so every tool of that server is covered; with no terminal and no --yes nothing is sent and the
one line says where it would have gone. A server the user named in config.toml never asks.

The server reached here is a real HTTP server on 127.0.0.1 standing in for a plugin's default
(the real defaults are on the internet, which tests cannot reach).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from assistant.api import Effect, ToolResult, hookimpl, tool
from assistant.config import Config
from assistant.policy import Approval, Decision, Policy, Remember
from assistant.tools import Tool
from tests.helpers import RecordingApprover, call, isolate_home


@pytest.fixture
def server() -> Iterator[tuple[str, list[str]]]:
    """A word server on 127.0.0.1 that records every path it is asked for."""
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            body = b"a definition"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"127.0.0.1:{httpd.server_address[1]}", asked
    finally:
        httpd.shutdown()


class Glossary:
    """A third party's toolbox whose default server the user never chose."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.unchosen_services = {"glossary_define": host, "glossary_similar": host}

    def _get(self, path: str) -> str:
        with urllib.request.urlopen(f"http://{self.host}{path}", timeout=5) as response:
            return response.read().decode()

    @tool(Effect.EGRESS)
    def glossary_define(self, word: str) -> ToolResult:
        """Define a word.

        Args:
            word: the word
        """
        return ToolResult(self._get(f"/define/{word}"))

    @tool(Effect.EGRESS)
    def glossary_similar(self, word: str) -> ToolResult:
        """Words like this one.

        Args:
            word: the word
        """
        return ToolResult(self._get(f"/similar/{word}"))


class GlossaryPlugin:
    def __init__(self, host: str) -> None:
        self.box = Glossary(host)

    @hookimpl
    def register_tools(self, register: Callable[..., None]) -> None:
        register(self.box)


def _ask(config: Config, host: str, answer: Approval, *turns: Any) -> RecordingApprover:
    from assistant.app import build_assistant
    from assistant.models.scripted import ScriptedModel

    approver = RecordingApprover(answer)
    assistant = build_assistant(
        config,
        approver,
        model=ScriptedModel(list(turns)),
        extra_plugins={"glossary": GlossaryPlugin(host)},
    )
    try:
        assistant.agent.run("define serendipity and words like it", use_intents=False)
    finally:
        assistant.close()
    return approver


def test_the_first_use_asks_and_a_no_sends_nothing(
    tmp_path: Path, server: tuple[str, list[str]]
) -> None:
    host, asked = server
    config = Config(data_dir=tmp_path / "data")
    approver = _ask(
        config, host, Approval(False), call("glossary_define", word="serendipity"), "Not looked up."
    )
    assert [r.tool for r in approver.asked] == ["glossary_define"]
    assert f"first use of {host}" in approver.asked[0].reason
    assert asked == []


def test_a_yes_for_good_covers_every_tool_of_that_server_and_later_runs(
    tmp_path: Path, server: tuple[str, list[str]]
) -> None:
    host, asked = server
    config = Config(data_dir=tmp_path / "data")
    first = _ask(
        config,
        host,
        Approval(True, remember=Remember.ALWAYS),
        call("glossary_define", word="serendipity"),
        call("glossary_similar", word="serendipity"),
        "Done.",
    )
    assert [r.tool for r in first.asked] == ["glossary_define"]  # the second tool: no question
    assert asked == ["/define/serendipity", "/similar/serendipity"]
    later = _ask(config, host, Approval(False), call("glossary_similar", word="serendipity"), "Ok.")
    assert later.asked == []  # a new process: the yes was kept
    assert asked[-1] == "/similar/serendipity"


def test_a_yes_for_this_once_asks_again_next_time(
    tmp_path: Path, server: tuple[str, list[str]]
) -> None:
    host, asked = server
    config = Config(data_dir=tmp_path / "data")
    for _ in range(2):
        approver = _ask(
            config, host, Approval(True), call("glossary_define", word="serendipity"), "Ok."
        )
        assert [r.tool for r in approver.asked] == ["glossary_define"]
    assert len(asked) == 2


def test_a_sensitive_tool_is_judged_as_before() -> None:
    def send(to: str) -> str:
        """Send.

        Args:
            to: whom
        """
        return to

    made = Tool.from_function(send, effect=Effect.SEND)
    made.unchosen_service = "post.example"
    verdict = Policy().judge(made)
    assert verdict.decision is Decision.ASK and verdict.grant == ""  # asks every time, as sends do


@pytest.mark.parametrize(
    ("settings", "web", "weather"),
    [
        ({}, "duckduckgo.com", "open-meteo.com"),
        ({"web": {"provider": "duckduckgo"}}, "", "open-meteo.com"),
        (
            {"web": {"provider": "searxng", "searxng_url": "http://127.0.0.1:9"}},
            "",
            "open-meteo.com",
        ),
        (
            {"weather": {"forecast_url": "https://weather.example/v1/forecast"}},
            "duckduckgo.com",
            "geocoding-api.open-meteo.com",  # the place name would still go there
        ),
        (
            {"weather": {"geocoding_url": "https://weather.example/v1/search"}},
            "duckduckgo.com",
            "api.open-meteo.com",  # the coordinates would still go there
        ),
        (
            {
                "weather": {
                    "geocoding_url": "https://weather.example/v1/search",
                    "forecast_url": "https://weather.example/v1/forecast",
                }
            },
            "duckduckgo.com",
            "",
        ),
    ],
)
def test_the_built_in_defaults_are_marked_until_the_user_names_a_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: dict[str, Any], web: str,
    weather: str,
) -> None:  # fmt: skip
    from assistant.app import build_assistant

    isolate_home(monkeypatch, tmp_path)
    config = Config(timezone="Europe/Berlin", data_dir=tmp_path / "data", plugins=settings)
    built = build_assistant(config, RecordingApprover(Approval(False)), dry_run=True)
    try:
        tools = {t.name: t for t in built.agent.tools}
    finally:
        built.close()
    assert tools["web_search"].unchosen_service == web
    assert tools["web_research"].unchosen_service == web
    assert tools["web_fetch"].unchosen_service == ""  # the address the user gave
    assert tools["weather_forecast"].unchosen_service == weather


def test_a_script_with_no_terminal_sends_nothing_and_says_where_it_would_go(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOTPSY_", "XDG_"))}
    env["HOME"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "search the web for folding bikes"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 3, done.stdout + done.stderr
    assert "first use of duckduckgo.com" in done.stdout
    assert "--yes" in done.stdout
    assert "Not run" in done.stdout or "Did not" in done.stdout


@pytest.mark.parametrize(
    ("typed", "approved", "remember"),
    [("a\n", True, Remember.ALWAYS), ("always\n", True, Remember.ALWAYS), ("y\n", True, Remember.ONCE),
     ("\n", False, Remember.ONCE)],
)  # fmt: skip
def test_at_a_terminal_a_servers_first_use_may_be_allowed_for_good(
    monkeypatch: pytest.MonkeyPatch, typed: str, approved: bool, remember: Remember
) -> None:
    import io

    from assistant.cli import TerminalApprover
    from assistant.policy import ApprovalRequest

    shown = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    request = ApprovalRequest("web_search", "egress", "search 'folding bikes'", {"query": "folding bikes"},
                              "first use of duckduckgo.com", grant="server duckduckgo.com")  # fmt: skip
    answer = TerminalApprover(shown).approve(request)
    assert (answer.approved, answer.remember) == (approved, remember)
    assert "a=always" in shown.getvalue() and "first use of duckduckgo.com" in shown.getvalue()


def test_at_a_terminal_a_send_is_never_offered_for_good(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from assistant.cli import TerminalApprover
    from assistant.policy import ApprovalRequest

    shown = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("a\n"))
    request = ApprovalRequest("mail_send", "send", "send a mail", {"to": "x@example.org"}, "asks")
    answer = TerminalApprover(shown).approve(request)
    assert not answer.approved and "a=always" not in shown.getvalue()
