"""`botpsy index status | rebuild | update`: the files plugin's subcommand (`register_commands`).

It lived in the core until plugins could add commands; it uses only the plugin
API, like any third-party command would.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from assistant.api import ExitStatus, FileIndexService, UsageError

USAGE = "botpsy index status [--json] | botpsy index update | botpsy index rebuild"
SUMMARY = "the local file index: status, update, rebuild"


def _progress() -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A progress bar on stderr (always shown: indexing a big folder takes a while)."""
    from tqdm import tqdm

    bar: list[Any] = []

    def update(done: int, total: int) -> None:
        if not bar:
            bar.append(tqdm(total=total, unit="file", file=sys.stderr, disable=False))
        bar[0].n = done
        bar[0].refresh()

    def close() -> None:
        if bar:
            bar[0].close()

    return update, close


def index_command(open_index: Callable[[], FileIndexService]) -> Callable[[list[str]], int]:
    """The `index` command; the index is opened only once the arguments are known to be good."""

    def run(arguments: Sequence[str]) -> int:
        args = list(arguments)
        if not args or args[0] in ("-h", "--help"):
            print(USAGE)
            return ExitStatus.OK
        command = args[0]
        if command not in ("status", "rebuild", "update"):
            raise UsageError(f"unknown index command '{command}'\n{USAGE}")
        index = open_index()
        if command == "status":
            status = index.status()
            if "--json" in args:
                print(json.dumps(status, indent=2))
            else:
                kinds = ", ".join(f"{n} {k}" for k, n in sorted(status["kinds"].items()))
                print(f"{status['files']} files indexed ({kinds or 'none'})")
                print(f"folders: {', '.join(status['folders'])}")
                print(f"last caught up: {status['last_catch_up'] or 'never'}")
                print(f"database: {status['database']}")
            return ExitStatus.OK
        update, close = _progress()
        try:
            report = (index.rebuild if command == "rebuild" else index.catch_up)(update)
        finally:
            close()
        print(
            f"Indexed in {report.seconds:.1f} s: {report.added} added, {report.updated} updated, "
            f"{report.removed} removed."
        )
        for problem in getattr(report, "problems", []):  # a FIFO, a link out: one line each
            print(f"botpsy: {problem}", file=sys.stderr)
        return ExitStatus.OK

    return run
