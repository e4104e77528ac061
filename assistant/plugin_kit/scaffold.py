"""`botpsy plugins new NAME`: a plugin package that installs with pip and passes its own tests.

It holds one tool (with the docstring a small model needs), one local intent,
a README and tests that run a request end to end on a scripted model in a
temporary HOME. The author renames the example and keeps the shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from string import Template

from assistant import __version__
from assistant.errors import UsageError
from assistant.plugin_kit.compat import API_VERSION

_NAME = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$")


@dataclass(frozen=True)
class Names:
    """The names one plugin goes by."""

    plugin: str  # entry-point name, `[plugins.NAME]`, tool prefix: "moon_phase"
    module: str  # "botpsy_moon_phase"
    distribution: str  # "botpsy-moon-phase"
    title: str  # "Moon phase"


def names_for(name: str) -> Names:
    """Names from what the user typed: `moon-phase`, `moon_phase` or `botpsy-moon-phase`."""
    bare = re.sub(r"^botpsy[-_]", "", name.strip().lower())
    if not _NAME.match(bare) or len(bare) > 40:
        raise UsageError(
            f"'{name}' is not a plugin name: use lower-case letters, digits and - or _, "
            "starting with a letter (e.g. moon-phase)"
        )
    plugin = bare.replace("-", "_")
    return Names(
        plugin,
        f"botpsy_{plugin}",
        f"botpsy-{plugin.replace('_', '-')}",
        plugin.replace("_", " ").capitalize(),
    )


PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "$distribution"
version = "0.1.0"
description = "A botpsy plugin: $title."
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["botpsy>=$botpsy_version"]

[project.optional-dependencies]
test = ["pytest>=8"]

# botpsy finds plugins through this entry-point group; the name is the plugin's name
# (`botpsy plugins list`, `[plugins.$plugin]` in the config).
[project.entry-points.botpsy]
$plugin = "$module"

[tool.setuptools]
packages = ["$module"]

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.ruff]
line-length = 100
target-version = "py311"

[tool.ruff.lint]
select = ["E", "F", "W", "I", "B", "UP", "SIM", "RUF"]
ignore = ["E501"]  # line length is the formatter's job
"""

INIT = '''\
"""$title: a botpsy plugin. Hooks only; the tool is in tools.py, the intent in intents.py."""

from __future__ import annotations

from collections.abc import Callable

from assistant.api import PluginContext, hookimpl

from $module.intents import days_until_matcher
from $module.tools import DaysTools

BOTPSY_API = ">=$api_major,<$api_next"  # the plugin API versions this plugin was written for


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The toolbox; it reads today's date from the user's clock."""
    register(DaysTools(context.clock))


@hookimpl
def register_intents(register: Callable[..., None]) -> None:
    """Answer "how many days until Friday" without the model."""
    register("days_until", days_until_matcher)
'''

TOOLS = '''\
"""The plugin's tools. A tool is a typed method with an effect; its docstring is what the model reads."""

from __future__ import annotations

from assistant.api import Clock, Effect, Moment, ToolResult, tool


class DaysTools:
    """A toolbox: state the tools share (here the clock) lives on the object."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    @tool(Effect.READ)
    def ${plugin}_days_until(self, day: Moment) -> ToolResult:
        """Count the days from today until a date, e.g. "Friday" or "March 3".

        Args:
            day: the date to count to, in the user's words
        """
        today = self.clock.now().date()
        days = (day.start.date() - today).days
        when = day.start.strftime("%A %d %B %Y")
        unit = "day" if abs(days) == 1 else "days"
        if days < 0:
            return ToolResult(f"{when} was {-days} {unit} ago.", {"days": days})
        return ToolResult(f"{days} {unit} until {when}.", {"days": days})
'''

INTENTS = '''\
"""A local intent: a conservative matcher that answers without the model when it is sure."""

from __future__ import annotations

import re

from assistant.api import IntentMatch

_DAYS_UNTIL = re.compile(
    r"^how many days (?:are there )?(?:until|till|to|before) (?P<day>[\\w ,.-]+?)\\s*\\??$$", re.I
)


def days_until_matcher(text: str) -> IntentMatch | None:
    """ "How many days until Friday?" becomes a call; anything else is left to the model."""
    match = _DAYS_UNTIL.match(text.strip())
    if match is None:
        return None
    return IntentMatch("${plugin}_days_until", {"day": match.group("day")})
'''

TESTS = '''\
"""$title's tests: the tool, the intent and the installed entry point, on a scripted model.

No real model is loaded: `run_scripted` plays back the model's turns through the
real agent, policy and audit, in a temporary HOME.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant.api import load_for_test, make_config, run_scripted, temporary_home, tool_call

import $module

PLUGINS = {"$plugin": $module}
TOOL = "${plugin}_days_until"


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    with temporary_home(tmp_path) as path:
        yield path


def test_the_model_can_call_the_tool(home: Path) -> None:
    config = make_config(home)
    result = run_scripted(
        "how long is it until the 10th day from now?",
        [tool_call(TOOL, day="in 10 days"), "Ten days to go."],
        config,
        plugins=PLUGINS,
        use_intents=False,
    )
    [call] = result.calls
    assert call.outcome == "ok" and call.decision == "ran", call
    assert call.summary.startswith("10 days until ")
    assert result.reply == "Ten days to go."


def test_the_intent_answers_without_the_model(home: Path) -> None:
    config = make_config(home)
    result = run_scripted("How many days until tomorrow?", [], config, plugins=PLUGINS)
    assert result.path == "intent"
    assert result.calls[0].tool == TOOL
    assert result.calls[0].summary.startswith("1 day until ")


def test_the_intent_leaves_other_requests_to_the_model() -> None:
    from $module.intents import days_until_matcher

    assert days_until_matcher("how many days until Friday?") is not None
    assert days_until_matcher("add dentist Friday 3pm") is None


def test_installed_plugin_is_found_through_its_entry_point(home: Path) -> None:
    loaded = load_for_test(make_config(home), only=["$plugin"])
    assert loaded.errors == []
    found = loaded.tools.get(TOOL)
    assert found is not None, "pip install -e . first"
    assert found.plugin == "$plugin"
'''

README = """\
# $distribution

A botpsy plugin: $title. It adds one tool,
`${plugin}_days_until` ("how many days until Friday?"), and a local intent that
answers that question without the model.

## Install

    pip install .            # into the environment botpsy runs in
    botpsy plugins list      # $plugin is listed with its tool
    botpsy plugins doctor $plugin

## Develop

    pip install -e '.[test]'
    pytest

The tests run requests end to end on a scripted model (no GGUF loaded) in a
temporary HOME. Import only from `assistant.api`: it is botpsy's plugin API
(version $api_version); everything else in botpsy is internal. The guide is
docs/plugins.md in the botpsy repository.
"""

GITIGNORE = "__pycache__/\n*.egg-info/\nbuild/\ndist/\n.pytest_cache/\n"


def create(name: str, parent: Path) -> Path:
    """Write the package for plugin `name` into `parent/<distribution>`; return that folder."""
    names = names_for(name)
    root = parent / names.distribution
    if root.exists() and any(root.iterdir()):
        raise UsageError(f"{root} already exists and is not empty; choose another name or --dir")
    major = int(API_VERSION.split(".")[0])
    values = {
        "plugin": names.plugin,
        "module": names.module,
        "distribution": names.distribution,
        "title": names.title,
        "api_version": API_VERSION,
        "api_major": str(major),
        "api_next": str(major + 1),
        "botpsy_version": __version__,
    }
    files = {
        "pyproject.toml": PYPROJECT,
        "README.md": README,
        ".gitignore": GITIGNORE,
        f"{names.module}/__init__.py": INIT,
        f"{names.module}/tools.py": TOOLS,
        f"{names.module}/intents.py": INTENTS,
        f"tests/test_{names.plugin}.py": TESTS,
    }
    for relative, template in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(template).substitute(values), encoding="utf-8")
    return root
