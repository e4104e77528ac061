"""`botpsy index status | rebuild | update`: the local file index a plugin provides (`file_index`).

The core knows the index only through the service protocol: `status()`,
`catch_up(progress)` and `rebuild(progress)`; the files plugin provides it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from assistant.errors import ExitStatus, UsageError

USAGE = "botpsy index status [--json] | botpsy index update | botpsy index rebuild"


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


def main(arguments: Sequence[str]) -> int:
    """Run one index command."""
    args = list(arguments)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return ExitStatus.OK
    from assistant.clock import Clock
    from assistant.config import load_config
    from assistant.hookspecs import PluginContext
    from assistant.plugins import load_plugins

    config_flag = None
    if "--config" in args:
        at = args.index("--config")
        config_flag = args[at + 1] if at + 1 < len(args) else None
        del args[at : at + 2]
    config = load_config(config_flag)
    context = PluginContext(config, Clock.for_user(config.timezone))
    load_plugins(context)
    index = context.service("file_index")
    if index is None:
        raise UsageError("no installed plugin provides a file index (the files plugin does)")
    command = args[0]
    if command == "status":
        status = index.status()
        if "--json" in args:
            print(json.dumps(status, indent=2))
        else:
            kinds = ", ".join(f"{n} {k}" for k, n in sorted(status["kinds"].items())) or "none"
            print(f"{status['files']} files indexed ({kinds})")
            print(f"folders: {', '.join(status['folders'])}")
            print(f"last caught up: {status['last_catch_up'] or 'never'}")
            print(f"database: {status['database']}")
        return ExitStatus.OK
    if command in ("rebuild", "update"):
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
    raise UsageError(f"unknown index command '{command}'\n{USAGE}")
