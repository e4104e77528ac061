"""`botpsy daemon [run] | status | install | uninstall`: the command line of the daemon.

`botpsy daemon` runs in the foreground (what the systemd unit and launchd agent
start); stop it with SIGTERM or Ctrl-C. `status` says whether it runs (exit 0)
or not (exit 1) and what rings next.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from assistant.errors import ExitStatus, UsageError
from assistant.safetext import one_line

USAGE = """\
botpsy daemon [run] [--interval SECONDS]   fire reminders, alarms and timers (foreground)
botpsy daemon status [--json]              whether it runs, and what is next
botpsy daemon install [--no-start]         write and enable the systemd user unit / launchd agent
botpsy daemon uninstall                    stop, disable and remove it
"""
STATUS_AHEAD = timedelta(days=7)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line and status 2, like every botpsy error
        raise UsageError(f"daemon: {message}\n{USAGE.rstrip()}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="botpsy daemon", usage=USAGE, add_help=True)
    parser.add_argument("command", nargs="?", default="run",
                        choices=["run", "status", "install", "uninstall"])  # fmt: skip
    parser.add_argument("--interval", type=float, default=None, help="seconds between looks")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-start", action="store_true", help="install: only write the file")
    parser.add_argument("--config", metavar="PATH")
    return parser


def main(arguments: Sequence[str]) -> int:
    """Run one daemon command."""
    args = _parser().parse_args(list(arguments))
    if args.command in ("install", "uninstall"):
        from assistant.daemon import units

        said = (
            units.install(start=not args.no_start)
            if args.command == "install"
            else units.uninstall()
        )
        for line in said:
            print(line)
        return ExitStatus.OK
    if args.command == "status":
        return status(args.config, args.json)
    return run(args.config, args.interval)


def _load(config_flag: str | None) -> tuple[Any, Any]:
    """The plugin context and manager, as every botpsy command loads them."""
    from assistant.clock import Clock
    from assistant.config import load_config
    from assistant.hookspecs import PluginContext
    from assistant.plugins import load_plugins

    config = load_config(config_flag)
    context = PluginContext(config, Clock.for_user(config.timezone))
    loaded = load_plugins(context)
    return context, loaded.manager


def _paths(data_dir: Path) -> tuple[Path, Path]:
    """The lock file and the state database, in the user's data dir (one daemon per user)."""
    folder = data_dir / "daemon"
    return folder / "daemon.lock", folder / "state.sqlite3"


def run(config_flag: str | None, interval: float | None) -> int:
    """Take the lock, load the plugins, fire until SIGTERM."""
    from assistant.clock import Clock
    from assistant.config import load_config
    from assistant.daemon.lock import InstanceLock
    from assistant.daemon.runner import Daemon
    from assistant.daemon.state import DaemonState

    config = load_config(config_flag)
    lock_path, state_path = _paths(config.data_dir)
    lock = InstanceLock(lock_path)
    lock.acquire()  # before loading anything: a second instance says so at once
    try:
        context, manager = _load(config_flag)
        context.clock = Clock.for_user(config.timezone)
        settings = config.plugin("daemon")
        every = interval if interval is not None else float(settings.get("interval", 15))
        if not 0.05 <= every <= 3600:
            raise UsageError("daemon: --interval must be between 0.05 and 3600 seconds")
        state = DaemonState(state_path)
        late = timedelta(seconds=float(settings.get("late_after_seconds", 90)))
        daemon = Daemon(context, manager, state, interval=every, late_after=late)
        daemon.chores = _chores(context, manager, daemon, settings)
        daemon.install_signals()
        try:
            daemon.run()
        finally:
            _stop_watching(context)
            state.close()
    finally:
        lock.release()
    return ExitStatus.OK


def _chores(context: Any, manager: Any, daemon: Any, settings: dict[str, Any]) -> list[Any]:
    """Plugins' chores (`daemon_chores`), and keeping the file index fresh."""
    from assistant.daemon.runner import Chore

    chores: list[Chore] = []

    def register(name: str, every: float, function: Callable[[], Any]) -> None:
        chores.append(Chore(str(name), max(1.0, float(every)), function))

    for impl in manager.hook.daemon_chores.get_hookimpls():
        arguments = {"register": register, "context": context}
        try:
            impl.function(**{k: arguments[k] for k in impl.argnames})
        except Exception as exc:
            daemon.say(f"plugin '{impl.plugin_name}' failed in daemon_chores: {exc}")
    index = context.service("file_index")
    if index is not None and settings.get("watch_files", True):
        watching: list[bool] = []

        def keep_index_fresh() -> None:
            if not watching:  # watch first, so nothing written during the catch-up is missed
                watching.append(True)
                index.watch()
            index.catch_up()  # what changed while the daemon was off

        hours = float(settings.get("index_catch_up_hours", 6))
        chores.append(Chore("file index", hours * 3600, keep_index_fresh))
    return chores


def _stop_watching(context: Any) -> None:
    index = context.service("file_index")
    if index is not None and hasattr(index, "stop_watching"):
        index.stop_watching()


def status(config_flag: str | None, as_json: bool) -> int:
    """Whether the daemon runs, when it last looked, what rings next."""
    from assistant.daemon.lock import InstanceLock
    from assistant.daemon.runner import Daemon
    from assistant.daemon.state import DaemonState

    context, manager = _load(config_flag)
    lock_path, state_path = _paths(context.data_dir)
    pid = InstanceLock(lock_path).holder()
    state = DaemonState(state_path)
    try:
        now = context.clock.now()
        upcoming = Daemon(context, manager, state, log=sys.stderr).due(now, now + STATUS_AHEAD)
        last = state.last_seen()
        recent = state.fired(5)
    finally:
        state.close()
    report = {
        "running": pid is not None,
        "pid": pid if pid and pid > 0 else None,
        "last_check": last.isoformat(timespec="seconds") if last else None,
        "next": [
            {"at": i.at.isoformat(timespec="minutes"), "kind": i.kind, "summary": i.summary}
            for i in upcoming[:5]
        ],
        "recent": recent,
    }
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"running (pid {report['pid']})"
            if pid
            else "not running (start it with `botpsy daemon` or `botpsy daemon install`)"
        )
        if last:
            print(f"last check: {last.astimezone(context.clock.zone):%Y-%m-%d %H:%M:%S}")
        if upcoming:
            for item in upcoming[:5]:
                print(
                    f"next: {item.at.astimezone(context.clock.zone):%a %d %b %H:%M}  "
                    f"{one_line(item.kind, 40)}: {one_line(item.summary, 200)}"
                )
        else:
            print("next: nothing in the coming 7 days")
    return ExitStatus.OK if pid else ExitStatus.FAILURE
