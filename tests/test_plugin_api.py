"""The public plugin API: one module, versioned, the only import plugins use; hooks for services,
commands, startup and shutdown.

Third-party plugins here are real distributions on sys.path (a `*.dist-info` folder with
`entry_points.txt`, read by importlib.metadata exactly as after `pip install`); a real
`pip install` of generated and example plugins is in tests/test_plugin_kit.py.
"""

from __future__ import annotations

import ast
import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from assistant import api, cli, hookspecs
from assistant.clock import Clock
from assistant.config import Config
from assistant.hookspecs import PluginContext
from assistant.plugin_kit.compat import API_VERSION, check_requirement
from assistant.plugins import load_commands, load_plugins

ROOT = Path(__file__).resolve().parents[1]


def fake_distribution(site: Path, module: str, source: str, entry: str | None = None) -> None:
    """Install `module` into `site` as distribution `module` 0.3 with a `botpsy` entry point."""
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = site / f"{module}-0.3.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.3\n")
    (info / "entry_points.txt").write_text(f"[botpsy]\n{entry or module} = {module}\n")


GREETER = '''
from assistant.api import Effect, IntentMatch, UsageError, hookimpl, tool

BOTPSY_API = ">=1"


@tool(Effect.READ)
def greeter_greet(name: str) -> str:
    """Greet someone by name.

    Args:
        name: who to greet
    """
    return f"Hello, {name}!"


@hookimpl
def register_tools(register):
    register(greeter_greet)


@hookimpl
def register_intents(register):
    def match(text):
        return IntentMatch("greeter_greet", {"name": "there"}) if text == "hello there" else None

    register("hello", match)


@hookimpl
def register_commands(register, context):
    greeting = context.settings("greeter").get("greeting", "Hello")

    def greet(arguments):
        if not arguments:
            raise UsageError("usage: botpsy greet NAME")
        print(f"{greeting}, {' '.join(arguments)}!")
        return 0

    register("greet", greet, "greet someone")
'''

FUTURE = '''
from assistant.api import Effect, hookimpl, tool

BOTPSY_API = ">=9"


@tool(Effect.READ)
def future_thing() -> str:
    """A tool from a plugin written for a later botpsy."""
    return "never"


@hookimpl
def register_tools(register):
    register(future_thing)
'''


# -- one public module -------------------------------------------------------------------------
def private_imports(source: str) -> list[str]:
    """The `assistant.*` modules other than `assistant.api` that a source file imports."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [
                a.name
                for a in node.names
                if a.name.split(".")[0] == "assistant" and a.name != "assistant.api"
            ]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "assistant":
                found += [f"assistant.{a.name}" for a in node.names if a.name != "api"]
            elif node.module.startswith("assistant.") and node.module != "assistant.api":
                found.append(node.module)
    return found


def test_the_import_check_catches_private_imports() -> None:
    source = (
        "import assistant.tools\nfrom assistant import api, errors\n"
        "from assistant.hookspecs import hookimpl\nfrom assistant.api import tool\n"
        "def later():\n    from assistant.timeparse import Span\n"
    )
    assert private_imports(source) == [
        "assistant.tools",
        "assistant.errors",
        "assistant.hookspecs",
        "assistant.timeparse",
    ]


def plugin_packages() -> list[Path]:
    """Every plugin package in the tree: plugins/* and the examples' packages."""
    found = [p for p in sorted((ROOT / "plugins").iterdir()) if (p / "__init__.py").is_file()]
    found += sorted(p.parent for p in (ROOT / "examples").glob("*/*/__init__.py"))
    return found


@pytest.mark.parametrize("package", plugin_packages(), ids=lambda p: p.name)
def test_plugins_import_only_the_public_api(package: Path) -> None:
    offenders = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted(package.rglob("*.py"))
        for module in private_imports(path.read_text(encoding="utf-8"))
    }
    assert not offenders, "import these from assistant.api instead:\n" + "\n".join(
        sorted(offenders)
    )


def test_the_built_in_plugins_are_checked() -> None:
    names = {p.name for p in plugin_packages()}
    assert {"botpsy_calendar", "botpsy_mail", "botpsy_files", "botpsy_web"} <= names
    assert "botpsy_hydrate" in names


def test_every_public_name_resolves_and_the_api_is_versioned() -> None:
    assert re.fullmatch(r"\d+\.\d+", api.API_VERSION)
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert api.hookimpl is hookspecs.hookimpl
    assert api.run_scripted.__module__ == "assistant.plugin_kit.testing"  # lazy, but the same
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        api.nothing_here  # noqa: B018


@pytest.mark.parametrize(
    ("wanted", "why"),
    [
        (">=1,<2", None),
        ("~=1.0", None),
        ("==1", None),
        (">=1.0, !=1.5", None),
        (">=2", f"needs botpsy plugin API >=2, this is {API_VERSION}"),
        ("<1", f"needs botpsy plugin API <1, this is {API_VERSION}"),
        ("~=0.9", f"needs botpsy plugin API ~=0.9, this is {API_VERSION}"),
        ("one or two", "BOTPSY_API 'one or two' is not a version range like '>=1,<2'"),
        (2, "BOTPSY_API must be text like '>=1,<2', not 2"),
    ],
)
def test_api_requirements(wanted: object, why: str | None) -> None:
    assert check_requirement(wanted) == why


def test_later_minor_versions_still_fit_and_a_new_major_does_not() -> None:
    assert check_requirement(">=1,<2", "1.7") is None
    assert check_requirement("~=1.2", "1.7") is None
    assert check_requirement("~=1.2", "1.1") is not None
    assert check_requirement(">=1,<2", "2.0") is not None


# -- incompatible plugins are reported, not crashed on ------------------------------------------
class NeedsTwo:
    BOTPSY_API = ">=2"

    @hookspecs.hookimpl
    def register_tools(self, register: Any) -> None:
        raise AssertionError("a plugin for another API must not be called")


def test_an_incompatible_plugin_is_one_line_and_the_rest_work(
    config: Config, clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = load_plugins(PluginContext(config, clock), {"future": NeedsTwo()})
    assert loaded.tools.get("calendar_create_event") is not None
    assert "future" not in loaded.names and not loaded.plugins["future"].loaded
    message = (
        f"plugin 'future' needs botpsy plugin API >=2, this is {API_VERSION}; it was not loaded"
    )
    assert loaded.plugins["future"].errors == [message]
    assert capsys.readouterr().err == f"botpsy: {message}\n"


def test_an_installed_incompatible_plugin_shows_in_list_and_tools(
    home: Path, cli: Any, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "botpsy_future", FUTURE, entry="future")
    env = {"PYTHONPATH": str(site)}
    listed = cli("plugins", "list", "--json", env=env)
    assert listed.status == 0, listed.stderr
    row = next(p for p in json.loads(listed.stdout)["plugins"] if p["name"] == "future")
    assert row["state"] == "error" and row["version"] == "0.3" and row["tools"] == []
    assert row["errors"] == [
        f"plugin 'future' needs botpsy plugin API >=9, this is {API_VERSION}; it was not loaded"
    ]
    tools = cli("tools", "--json", env=env)
    assert tools.status == 0
    assert "calendar_create_event" in {t["name"] for t in json.loads(tools.stdout)}
    assert [line for line in tools.stderr.splitlines() if "future" in line] == [
        f"botpsy: plugin 'future' needs botpsy plugin API >=9, this is {API_VERSION}; "
        "it was not loaded"
    ]


# -- typed services --------------------------------------------------------------------------------
def test_service_keys_are_typed_names_that_match_bare_strings(config: Config, clock: Clock) -> None:
    context = PluginContext(config, clock)
    ledger: api.ServiceKey[list[str]] = api.ServiceKey("ledger")
    assert context.service(ledger) is None
    context.provide(ledger, ["first"])
    assert context.service(ledger) == ["first"]
    assert context.service("ledger") == ["first"]  # a plugin that still passes a string
    assert repr(ledger) == "ServiceKey('ledger')" and ledger == "ledger"


def test_the_files_plugin_provides_its_index_under_the_public_key(
    config: Config, clock: Clock
) -> None:
    context = PluginContext(config, clock)
    load_plugins(context)
    index = context.service(api.FILE_INDEX)
    assert index is not None and index.status()["files"] == 0


# -- startup and shutdown ----------------------------------------------------------------------
class Connection:
    """A plugin that holds a connection: opened at startup, closed at shutdown."""

    def __init__(self, name: str, events: list[str], fail_shutdown: bool = False) -> None:
        self.name, self.events, self.fail_shutdown = name, events, fail_shutdown

    @hookspecs.hookimpl
    def startup(self, context: PluginContext) -> None:
        self.events.append(f"{self.name} open")

    @hookspecs.hookimpl
    def shutdown(self) -> None:
        self.events.append(f"{self.name} close")
        if self.fail_shutdown:
            raise OSError("socket already gone")


class OnlyShutdown:
    """Opens lazily, so it has no `startup`; its `shutdown` must still run."""

    def __init__(self, events: list[str]) -> None:
        self.events = events

    @hookspecs.hookimpl
    def shutdown(self) -> None:
        self.events.append("third close")


def test_startup_then_shutdown_in_reverse_and_a_failure_stays_its_own(
    config: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    events: list[str] = []
    plugins = {
        "first": Connection("first", events),
        "second": Connection("second", events, True),
        "third": OnlyShutdown(events),
    }
    assistant, _, _ = api.scripted_assistant(config, [], plugins=plugins)
    assert events == ["first open", "second open"]
    assistant.close()
    assert events == ["first open", "second open", "third close", "second close", "first close"]
    assert "botpsy: plugin 'second' failed in shutdown: socket already gone\n" in (
        capsys.readouterr().err
    )
    assistant.plugins.close()
    assert len(events) == 5  # once per process


class FailsToStart:
    @hookspecs.hookimpl
    def register_tools(self, register: Any) -> None:
        register(lambda: "ok", effect=api.Effect.READ, name="flaky_ping")

    @hookspecs.hookimpl
    def startup(self) -> None:
        raise ConnectionRefusedError("127.0.0.1:9 refused")


def test_a_failed_startup_is_reported_and_the_tools_stay(
    config: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    assistant, _, _ = api.scripted_assistant(config, [], plugins={"flaky": FailsToStart()})
    try:
        assert assistant.plugins.tools.get("flaky_ping") is not None
        assert "botpsy: plugin 'flaky' failed in startup: 127.0.0.1:9 refused" in (
            capsys.readouterr().err
        )
    finally:
        assistant.close()


# -- plugin subcommands ------------------------------------------------------------------------
class Commands:
    def __init__(self, *names: str) -> None:
        self.names = names

    @hookspecs.hookimpl
    def register_commands(self, register: Any) -> None:
        for name in self.names:
            register(name, lambda arguments, name=name: len(arguments), f"the {name} command")


def test_commands_register_and_clashes_are_refused(config: Config, clock: Clock) -> None:
    loaded = load_commands(
        PluginContext(config, clock),
        {"one": Commands("count"), "two": Commands("count", "model"), "three": Commands("Two W")},
    )
    assert loaded.commands["count"](["a", "b"]) == 2
    assert loaded.plugins["one"].commands == {"count": "the count command"}
    assert loaded.plugins["two"].errors == [
        "plugin 'two' failed in register_commands: command 'count' is already registered "
        "by another plugin"
    ]
    assert loaded.plugins["three"].errors == [
        "plugin 'three' failed in register_commands: command name 'Two W' must be one "
        "lower-case word"
    ]
    clash = load_commands(PluginContext(config, clock), {"four": Commands("model")})
    assert "command 'model' is built in" in clash.errors[0] and "model" not in clash.commands


def test_index_is_the_files_plugins_command_not_the_cores(config: Config, clock: Clock) -> None:
    assert "index" not in cli.COMMANDS
    loaded = load_commands(PluginContext(config, clock))
    assert "index" in loaded.plugins["files"].commands and "index" in loaded.commands


def test_an_installed_plugins_command_runs_with_its_config(
    home: Path, cli: Any, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "botpsy_greeter", GREETER, entry="greeter")
    env = {"PYTHONPATH": str(site)}
    config = tmp_path / "greeter.toml"
    config.write_text('[plugins.greeter]\ngreeting = "Ahoy"\n')
    done = cli("greet", "Ada", "Lovelace", env=env)
    assert (done.status, done.stdout, done.stderr) == (0, "Hello, Ada Lovelace!\n", "")
    configured = cli("greet", "Ada", "--config", str(config), env=env)
    assert configured.stdout == "Ahoy, Ada!\n"
    bad = cli("greet", env=env)
    assert (bad.status, bad.stderr) == (2, "botpsy: usage: botpsy greet NAME\n")
    listed = cli("plugins", "list", env=env)
    assert "greeter 0.3 (botpsy_greeter) [loaded]" in listed.stdout
    assert "    commands: botpsy greet" in listed.stdout


def test_a_first_word_no_plugin_claims_is_still_a_request(
    home: Path, cli: Any, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "botpsy_greeter", GREETER, entry="greeter")
    env = {"PYTHONPATH": str(site), "BOTPSY_PLUGINS": "greeter"}
    done = cli("hello", "there", env=env)
    assert done.status == 0, done.stderr
    assert done.stdout.strip() == "Hello, there!"
    assert "local intent greeter.hello" in done.stderr
    assert sys.executable  # the subprocess ran this interpreter
