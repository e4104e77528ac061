"""packaging/: the files distributions install are valid to the tools that check them, the shell
completions complete in real shells, and the wheel installs with pipx in a clean place.

Everything here runs the real programs: desktop-file-validate, appstreamcli,
systemd-analyze, mandoc, bash, zsh, fish, `python -m build` and pipx (the CLI
tools from Debian and the `test` extra; .ci/run installs them). Under CI=true a
missing program fails the test instead of skipping it.
"""

from __future__ import annotations

import argparse
import os
import plistlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
import zipfile
from pathlib import Path
from typing import Any

import pytest

from assistant import __version__, cli, completions
from tests.conftest import require_program

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
UNIT = PACKAGING / "systemd" / "botpsy-daemon.service"
PLIST = PACKAGING / "launchd" / "org.botpsy.daemon.plist"
DESKTOP = PACKAGING / "desktop" / "org.botpsy.botpsy.desktop"
ICON = PACKAGING / "icons" / "org.botpsy.botpsy.svg"
METAINFO = PACKAGING / "metainfo" / "org.botpsy.botpsy.metainfo.xml"
PLACEHOLDER = "@BOTPSY_EXECUTABLE@"


def _run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)


def _generated(kind: str, tmp_path: Path) -> Path:
    """`botpsy completions KIND` from the real CLI, written to a file."""
    done = _run([sys.executable, "-m", "assistant", "completions", kind])
    assert done.returncode == 0, done.stderr
    path = tmp_path / f"botpsy.{kind}"
    path.write_text(done.stdout)
    return path


# -- desktop entry, metainfo, icon, unit, plist -------------------------------------------------
def test_the_desktop_entry_validates() -> None:
    validate = require_program("desktop-file-validate", "desktop-file-utils")
    done = _run([validate, str(DESKTOP)])
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    text = DESKTOP.read_text()
    assert "Terminal=true" in text and "Exec=botpsy\n" in text
    assert f"Icon={ICON.stem}\n" in text  # the icon is installed under its file name


def test_the_metainfo_validates_and_names_the_desktop_entry() -> None:
    appstream = require_program("appstreamcli", "appstream")
    done = _run([appstream, "validate", "--no-net", "--pedantic", str(METAINFO)])
    assert done.returncode == 0, done.stdout + done.stderr
    root = ElementTree.parse(METAINFO).getroot()
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("id") == DESKTOP.stem
    assert root.find("releases/release").get("version") == __version__  # type: ignore[union-attr]


def test_the_icon_is_a_square_svg() -> None:
    root = ElementTree.parse(ICON).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and width == height >= 48
    assert len(list(root.iter())) > 3  # something is drawn


def test_the_systemd_unit_verifies_with_the_executable_filled_in(tmp_path: Path) -> None:
    """`botpsy daemon install` replaces the placeholder; the result passes systemd-analyze."""
    analyze = require_program("systemd-analyze", "systemd")
    template = UNIT.read_text()
    assert f"ExecStart={PLACEHOLDER} daemon\n" in template
    botpsy = shutil.which("botpsy", path=str(Path(sys.executable).parent))
    assert botpsy is not None
    unit = tmp_path / UNIT.name
    unit.write_text(template.replace(PLACEHOLDER, botpsy))
    man = tmp_path / "man" / "man1"
    man.mkdir(parents=True)
    shutil.copy(_generated("man", tmp_path), man / "botpsy.1")  # Documentation=man:botpsy(1)
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "MANPATH": str(tmp_path / "man")}
    done = _run([analyze, "--user", "verify", str(unit)], env=env)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
    broken = tmp_path / "broken.service"
    broken.write_text(template.replace(PLACEHOLDER, str(tmp_path / "no-such-botpsy")))
    assert _run([analyze, "--user", "verify", str(broken)], env=env).returncode != 0


def test_the_launchd_plist_runs_the_daemon() -> None:
    plist = plistlib.loads(PLIST.read_bytes())
    assert plist["Label"] == PLIST.stem
    assert plist["ProgramArguments"] == [PLACEHOLDER, "daemon"]
    assert plist["RunAtLoad"] is True and plist["KeepAlive"] == {"SuccessfulExit": False}


# -- completions and the man page -----------------------------------------------------------------
def _bash_complete(script: Path, words: list[str], cwd: Path | None = None) -> list[str]:
    """What bash offers for the last of `words` after sourcing the script."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    program = (
        f"source {script}; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; "
        'COMP_LINE="${COMP_WORDS[*]}"; _botpsy; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = _run([require_program("bash", "bash"), "--norc", "-c", program], cwd=cwd)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_bash_completes_every_command_and_its_words(tmp_path: Path) -> None:
    script = _generated("bash", tmp_path)
    bash = require_program("bash", "bash")
    registered = _run([bash, "--norc", "-c", f"source {script}; complete -p botpsy"])
    assert registered.returncode == 0 and "-F _botpsy" in registered.stdout
    first = _bash_complete(script, ["botpsy", ""])
    for name in (*cli.COMMANDS, *cli.SUBCOMMANDS, "--dry-run", "--yes"):
        assert name in first, name
    assert _bash_complete(script, ["botpsy", "mo"]) == ["model"]
    models = _bash_complete(script, ["botpsy", "model", ""])
    assert {"pull", "list", "use", "rm", "info"} <= set(models) and "--json" not in models
    assert _bash_complete(script, ["botpsy", "model", "pull", "--r"]) == ["--repo"]
    assert _bash_complete(script, ["botpsy", "completions", "f"]) == ["fish"]
    (tmp_path / "work.toml").write_text("")
    assert _bash_complete(script, ["botpsy", "--config", "wo"], cwd=tmp_path) == ["work.toml"]


def _demo_main(argv: list[str]) -> int:
    """A subcommand added later, parsing its arguments only inside main()."""
    parser = argparse.ArgumentParser(prog="botpsy demo")
    sub = parser.add_subparsers(dest="action")
    start = sub.add_parser("start", help="start the demo")
    start.add_argument("--speed", type=int)
    parser.parse_args(argv)
    raise AssertionError("completions must not run a command")


def test_a_new_subcommand_completes_without_editing_the_completions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(cli.COMMANDS, "demo", "tests.test_packaging:_demo_main")
    tree = completions.cli_tree()
    assert set(tree.subcommands["demo"].subcommands) == {"start"}
    assert "--speed" in tree.subcommands["demo"].subcommands["start"].options
    assert '"demo/start") words="-h --help --speed"' in completions.bash_script(tree)
    zsh = completions.zsh_script(tree)
    assert "'botpsy/demo/start' 1" in zsh and "exit\n--speed'" in zsh
    assert "-n '__botpsy_at demo/start' -l speed" in completions.fish_script(tree)
    assert "botpsy demo start" in completions.man_page(tree).replace("\\-", "-")


def test_zsh_loads_the_completion_and_completes_commands(tmp_path: Path) -> None:
    zsh = require_program("zsh", "zsh")
    script = _generated("zsh", tmp_path)
    assert _run([zsh, "-n", str(script)]).returncode == 0
    functions = tmp_path / "functions"
    functions.mkdir()
    shutil.copy(script, functions / "_botpsy")
    program = (
        f"fpath=({functions} $fpath); autoload -Uz compinit; compinit -u -d {tmp_path}/dump; "
        "print -r -- $_comps[botpsy]; source ${fpath[1]}/_botpsy; "
        "print -r -- ${(j:,:)${(ok)_botpsy_node}}; print -r -- ${_botpsy_subs[botpsy/model]}"
    )
    done = _run([zsh, "-f", "-c", program], env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "_botpsy"  # compinit found it by its #compdef line
    nodes = lines[1].split(",")
    expected = {"model", "model/pull", "completions", *cli.COMMANDS}
    assert {f"botpsy/{node}" for node in expected} <= set(nodes)
    assert lines[2].startswith("pull:download a model")


def test_fish_completes_commands(tmp_path: Path) -> None:
    fish = require_program("fish", "fish")
    script = _generated("fish", tmp_path)
    assert _run([fish, "--no-execute", str(script)]).returncode == 0
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}

    def complete(line: str) -> list[str]:
        done = _run([fish, "-c", f"source {script}; complete -C '{line}'"], env=env)
        assert done.returncode == 0, done.stderr
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert "model" in complete("botpsy mo")
    assert {"pull", "list", "use", "rm", "info"} <= set(complete("botpsy model "))
    assert "--repo" in complete("botpsy model pull --r")
    assert "pull" not in complete("botpsy account ")  # each command its own words


def test_the_man_page_lints_clean_and_documents_every_command(tmp_path: Path) -> None:
    mandoc = require_program("mandoc", "mandoc")
    page = _generated("man", tmp_path)
    done = _run([mandoc, "-T", "lint", "-W", "warning", str(page)])
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout
    shown = _run([mandoc, "-T", "utf8", str(page)]).stdout
    plain = "".join(c for i, c in enumerate(shown) if c != "\b" and shown[i + 1 : i + 2] != "\b")
    for name in (*cli.COMMANDS, *cli.SUBCOMMANDS):
        assert f"botpsy {name}" in plain, name
    assert "EXIT STATUS" in plain and "BOTPSY_CONFIG" in plain


# -- build and install --------------------------------------------------------------------------
def _constraints(tmp_path: Path) -> Path:
    """This venv's versions as pip constraints, so pipx resolves to what the tests ran with."""
    frozen = _run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"])
    assert frozen.returncode == 0, frozen.stderr
    pinned = [line for line in frozen.stdout.splitlines() if "==" in line and " @ " not in line]
    path = tmp_path / "constraints.txt"
    path.write_text("\n".join(pinned) + "\n")
    return path


def _local_wheels(tmp_path: Path) -> Path:
    """llama-cpp-python built earlier (pip's wheel cache), so pipx need not compile it again."""
    folder = tmp_path / "wheels"
    folder.mkdir()
    listed = _run(
        [sys.executable, "-m", "pip", "cache", "list", "--format=abspath", "llama_cpp_python*"]
    )
    for line in listed.stdout.splitlines():
        if line.endswith(".whl") and Path(line).is_file():
            shutil.copy(line, folder)
    return folder


def test_build_gives_a_wheel_and_sdist_that_pipx_installs(tmp_path: Path) -> None:
    """`python -m build`, then `pipx install` of the wheel into an empty PIPX_HOME.

    The install resolves every dependency like a user's would; it is kept to about a
    minute by constraining versions to this venv's and offering the llama-cpp-python
    wheel pip built for it (building that from source takes about five minutes).
    """
    dist = tmp_path / "dist"
    built = _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)])
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheels = list(dist.glob(f"botpsy-{__version__}-py3-none-any.whl"))
    assert len(wheels) == 1 and list(dist.glob(f"botpsy-{__version__}.tar.gz"))
    names = set(zipfile.ZipFile(wheels[0]).namelist())
    for shipped in (
        "assistant/packaging/systemd/botpsy-daemon.service",
        "assistant/packaging/launchd/org.botpsy.daemon.plist",
        "assistant/packaging/desktop/org.botpsy.botpsy.desktop",
        "assistant/packaging/icons/org.botpsy.botpsy.svg",
        "assistant/packaging/metainfo/org.botpsy.botpsy.metainfo.xml",
        "assistant/completions.py",
        "botpsy_weather/__init__.py",
    ):
        assert shipped in names, shipped

    pipx_home, bin_dir = tmp_path / "pipx", tmp_path / "bin"
    env = {**os.environ, "PIPX_HOME": str(pipx_home), "PIPX_BIN_DIR": str(bin_dir),
           "PIPX_MAN_DIR": str(tmp_path / "man"), "HOME": str(tmp_path / "home")}  # fmt: skip
    cache = _run([sys.executable, "-m", "pip", "cache", "dir"]).stdout.strip()
    if cache:
        env["PIP_CACHE_DIR"] = cache  # downloads the venv's install already fetched
    pip_args = f"--constraint {_constraints(tmp_path)} --find-links {_local_wheels(tmp_path)}"
    installed = _run(
        [sys.executable, "-m", "pipx", "install", "--pip-args", pip_args, str(wheels[0])],
        env=env,
    )
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    botpsy = bin_dir / "botpsy"
    # Run away from the checkout, so only the installed package can answer.
    version = _run([str(botpsy), "--version"], env=env, cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.strip() == f"botpsy {__version__}"
    tools = _run([str(botpsy), "tools"], env=env, cwd=tmp_path)
    assert tools.returncode == 0 and "weather_forecast(" in tools.stdout, tools.stderr
    completion = _run([str(botpsy), "completions", "bash"], env=env, cwd=tmp_path)
    assert completion.returncode == 0 and "complete -o bashdefault" in completion.stdout
    unit = _run(
        [str(pipx_home / "venvs" / "botpsy" / "bin" / "python"), "-c",
         "from importlib import resources; print(resources.files('assistant')"
         ".joinpath('packaging/systemd/botpsy-daemon.service').read_text())"],
        env=env,
        cwd=tmp_path,
    )  # fmt: skip
    assert unit.returncode == 0 and f"ExecStart={PLACEHOLDER} daemon" in unit.stdout
