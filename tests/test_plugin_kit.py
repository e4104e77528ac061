"""The author kit: `botpsy plugins new` writes a package that pip installs and that passes its own
tests; the example plugin builds and installs from its own folder; `doctor`, `enable`/`disable`.

The pip installs go into a throwaway venv (`--system-site-packages`, plus a .pth that adds this
interpreter's site-packages so botpsy itself is importable there), never the project venv.
Building uses pip's ordinary build isolation, so setuptools comes from PyPI (or pip's cache).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

import pytest

from assistant.clock import Clock
from assistant.config import Config
from assistant.errors import ConfigError, UsageError
from assistant.hookspecs import PluginContext
from assistant.plugin_kit.doctor import check_tool, diagnose
from assistant.plugin_kit.scaffold import names_for
from assistant.plugin_kit.settings import set_enabled, with_enabled
from assistant.plugins import load_plugins
from assistant.tools import Effect, Tool, tool
from tests.test_plugin_api import fake_distribution

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "botpsy-plugin-hydrate"


def run(*command: str | Path, cwd: Path | None = None, timeout: int = 300) -> Any:
    done = subprocess.run(
        [str(c) for c in command], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )
    return done


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv of its own that sees botpsy and its dependencies; its python."""
    folder = tmp_path_factory.mktemp("venv")
    made = run(sys.executable, "-m", "venv", "--system-site-packages", folder)
    assert made.returncode == 0, made.stderr
    python = folder / "bin" / "python"
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    lines = "".join(f"import site; site.addsitedir({path!r})\n" for path in sorted(ours))
    (Path(purelib.stdout.strip()) / "botpsy-parent.pth").write_text(lines)
    return python


def pip_install(python: Path, folder: Path) -> None:
    done = run(python, "-m", "pip", "install", "-q", "--no-deps", folder, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_new_plugin_installs_with_pip_and_passes_its_own_tests(
    home: Path, venv: Path, tmp_path: Path
) -> None:
    made = run(sys.executable, "-m", "assistant", "plugins", "new", "tide-table", "--dir", tmp_path)
    assert made.returncode == 0, made.stderr
    package = tmp_path / "botpsy-tide-table"
    assert made.stdout.startswith(f"Created {package}\n")
    assert sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file()) == [
        ".gitignore",
        "README.md",
        "botpsy_tide_table/__init__.py",
        "botpsy_tide_table/intents.py",
        "botpsy_tide_table/tools.py",
        "pyproject.toml",
        "tests/test_tide_table.py",
    ]
    project = tomllib.loads((package / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["botpsy"] == {"tide_table": "botpsy_tide_table"}
    for lint in (["check", "."], ["format", "--check", "."]):  # clean as generated
        linted = run(sys.executable, "-m", "ruff", *lint, cwd=package)
        assert linted.returncode == 0, linted.stdout + linted.stderr
    pip_install(venv, package)
    tests = run(venv, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=package)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "4 passed" in tests.stdout
    listed = run(venv, "-m", "assistant", "plugins", "list", "--json")
    row = next(p for p in json.loads(listed.stdout)["plugins"] if p["name"] == "tide_table")
    assert row["state"] == "loaded" and row["version"] == "0.1.0"
    assert row["tools"] == ["tide_table_days_until"] and row["api"] == ">=1,<2"
    doctor = run(venv, "-m", "assistant", "plugins", "doctor", "tide_table")
    assert doctor.returncode == 0 and doctor.stdout == "", doctor.stdout
    assert "0 error(s), 0 warning(s)" in doctor.stderr


def test_the_example_plugin_builds_and_installs_from_its_own_folder(
    home: Path, venv: Path, tmp_path: Path
) -> None:
    folder = tmp_path / EXAMPLE.name  # a copy, so the build leaves nothing in the checkout
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("build", "*.egg-info", "__py*"))
    pip_install(venv, folder)
    tests = run(venv, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=folder)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "6 passed" in tests.stdout
    doctor = run(venv, "-m", "assistant", "plugins", "doctor", "hydrate")
    assert doctor.returncode == 0 and "0 error(s), 0 warning(s)" in doctor.stderr, doctor.stdout
    request = run(venv, "-m", "assistant", "I drank a bottle of water")
    assert request.returncode == 0, request.stderr
    assert request.stdout.startswith("Logged 500 ml; 500 of 2000 ml today.")
    export = run(venv, "-m", "assistant", "hydrate", "export")
    assert export.returncode == 0 and export.stdout.splitlines()[1].endswith(",500")


def test_new_refuses_bad_names_and_folders_in_use(home: Path, cli: Any, tmp_path: Path) -> None:
    bad = cli("plugins", "new", "Tide Table", "--dir", str(tmp_path))
    assert bad.status == 2 and bad.stderr.startswith("botpsy: 'Tide Table' is not a plugin name")
    assert cli("plugins", "new", "tide", "--dir", str(tmp_path)).status == 0
    again = cli("plugins", "new", "botpsy-tide", "--dir", str(tmp_path))
    assert again.status == 2 and "already exists and is not empty" in again.stderr
    assert len(again.stderr.splitlines()) == 1


def test_names_for_a_plugin() -> None:
    names = names_for("botpsy-tide-table")
    assert (names.plugin, names.module, names.distribution) == (
        "tide_table",
        "botpsy_tide_table",
        "botpsy-tide-table",
    )
    assert names_for("tide_table") == names
    with pytest.raises(UsageError):
        names_for("9lives")


# -- doctor ------------------------------------------------------------------------------------
def _tool(function: Any, plugin: str = "demo") -> Tool:
    return Tool.from_function(function, plugin=plugin)


def test_doctor_finds_what_a_small_model_and_the_policy_trip_on() -> None:
    @tool(Effect.WRITE)
    def notes_delete(name: str, force: bool = False) -> str:
        """Remove notes.

        Args:
            name: the note's title
            colour: left over from an older signature
        """
        return ""

    @tool(Effect.READ)
    def page_fetch(url: str) -> str:
        return ""

    messages = [f.line() for f in check_tool(_tool(notes_delete)) + check_tool(_tool(page_fetch))]
    assert messages == [
        "warning: demo.notes_delete: summary 'Remove notes.' is too short to choose by; say "
        "what and when",
        "error: demo.notes_delete: argument 'force' is not described in an `Args:` section",
        "warning: demo.notes_delete: `Args:` describes 'colour', which the function does not take",
        "warning: demo.notes_delete: named 'delete' but declared Effect.WRITE; if it deletes, "
        "declare Effect.DELETE so the user is asked first",
        "error: demo.page_fetch: no docstring: the model sees only the name; say what it does "
        "in one line",
        "error: demo.page_fetch: argument 'url' is not described in an `Args:` section",
        "warning: demo.page_fetch: its output may quote text others wrote (pages, mail, "
        "messages); if so, declare @tool(..., untrusted_output=True)",
    ]


def test_a_well_made_tool_has_no_findings() -> None:
    @tool(Effect.EGRESS, untrusted_output=True)
    def page_fetch(url: str) -> str:
        """Fetch a web page and return its readable text.

        Args:
            url: the page's address, starting with https://
        """
        return ""

    assert check_tool(_tool(page_fetch)) == []


def test_the_built_in_plugins_pass_the_doctor(config: Config, clock: Clock) -> None:
    loaded = load_plugins(PluginContext(config, clock))
    findings = diagnose(loaded, ["calendar", "mail", "files", "web"])
    assert [f.line() for f in findings] == []


def test_doctor_on_the_command_line(home: Path, cli: Any, tmp_path: Path) -> None:
    site = tmp_path / "site"
    fake_distribution(
        site,
        "botpsy_sloppy",
        '''
        from assistant.api import Effect, hookimpl, tool

        @tool(Effect.READ)
        def sloppy_send(to: str) -> str:
            """Send a greeting card to someone by mail.

            Args:
                to: an email address
            """
            return "sent"

        @hookimpl
        def register_tools(register):
            register(sloppy_send)
        ''',
        entry="sloppy",
    )
    env = {"PYTHONPATH": str(site)}
    built_ins = cli("plugins", "doctor", "calendar", "mail", "files", "web", env=env)
    assert built_ins.status == 0 and built_ins.stdout == ""
    assert built_ins.stderr == "4 plugin(s) checked: 0 error(s), 0 warning(s)\n"
    sloppy = cli("plugins", "doctor", "sloppy", env=env)
    assert sloppy.status == 0  # warnings only
    assert sloppy.stdout.splitlines() == [
        "warning: sloppy: declares no BOTPSY_API (e.g. BOTPSY_API = '>=1,<2')",
        "warning: sloppy.sloppy_send: named 'send' but declared Effect.READ; if it sends, "
        "declare Effect.SEND or Effect.SPEND so the user is asked first",
        "warning: sloppy.sloppy_send: its output may quote text others wrote (pages, mail, "
        "messages); if so, declare @tool(..., untrusted_output=True)",
    ]
    strict = cli("plugins", "doctor", "sloppy", "--strict", "--json", env=env)
    assert strict.status == 1 and len(json.loads(strict.stdout)) == 3
    unknown = cli("plugins", "doctor", "nothere", env=env)
    assert (unknown.status, unknown.stderr) == (
        2,
        "botpsy: no installed plugin named 'nothere' (see botpsy plugins list)\n",
    )


# -- enable and disable ------------------------------------------------------------------------
def test_with_enabled_keeps_the_rest_of_the_file() -> None:
    text = '# mine\ntimezone = "Europe/Berlin"\n\n[plugins.web]  # search\nprovider = "searxng"\n'
    off = with_enabled(text, "web", False)
    assert off == (
        '# mine\ntimezone = "Europe/Berlin"\n\n[plugins.web]  # search\nenabled = false\n'
        'provider = "searxng"\n'
    )
    assert with_enabled(off, "web", True) == off.replace("enabled = false", "enabled = true")
    assert with_enabled("", "mail", False) == "[plugins.mail]\nenabled = false\n"
    assert with_enabled('[plugins."mail"]\n', "mail", False) == (
        '[plugins."mail"]\nenabled = false\n'
    )


def test_a_config_it_cannot_edit_safely_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    original = 'plugins.web.provider = "searxng"\n'  # a dotted key: no [plugins.web] header
    path.write_text(original)
    with pytest.raises(ConfigError, match=r"cannot edit .* safely; add `enabled = false`"):
        set_enabled(path, "web", False)
    assert path.read_text() == original
    path.write_text("[plugins\n")
    with pytest.raises(ConfigError, match="is not valid TOML"):
        set_enabled(path, "web", False)


def test_disable_and_enable_from_the_command_line(home: Path, cli: Any) -> None:
    config = home / ".config" / "botpsy" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("# my settings\n[plugins.web]\nprovider = 'duckduckgo'\n")
    off = cli("plugins", "disable", "web")
    assert (off.status, off.stdout) == (0, f"Plugin 'web' disabled in {config}.\n")
    assert tomllib.loads(config.read_text())["plugins"]["web"] == {
        "enabled": False,
        "provider": "duckduckgo",
    }
    assert config.read_text().startswith("# my settings\n")
    listed = json.loads(cli("plugins", "list", "--json").stdout)["plugins"]
    web = next(p for p in listed if p["name"] == "web")
    assert web["state"] == "disabled" and web["tools"] == []
    tools = {t["name"] for t in json.loads(cli("tools", "--json").stdout)}
    assert "web_search" not in tools and "calendar_create_event" in tools
    on = cli("plugins", "enable", "web")
    assert on.status == 0
    assert "web_search" in {t["name"] for t in json.loads(cli("tools", "--json").stdout)}
    unknown = cli("plugins", "disable", "nothere")
    assert unknown.status == 2 and unknown.stderr.startswith(
        "botpsy: no installed plugin named 'nothere' (installed: "
    )
