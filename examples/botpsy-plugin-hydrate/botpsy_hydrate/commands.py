"""`botpsy hydrate export [DAY]`: the plugin's own subcommand, registered with `register_commands`."""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable, Sequence

from assistant.api import Clock, ExitStatus, TimeParseError, UsageError, parse_moment

from botpsy_hydrate.log import WaterLog

USAGE = "botpsy hydrate export [DAY]   (CSV of one day's drinks; DAY defaults to today)"


def hydrate_command(open_log: Callable[[], WaterLog], clock: Clock) -> Callable[[list[str]], int]:
    """The command; the log is opened only once the arguments are known to be good."""

    def run(arguments: Sequence[str]) -> int:
        args = list(arguments)
        if not args or args[0] in ("-h", "--help"):
            print(USAGE)
            return ExitStatus.OK
        if args[0] != "export":
            raise UsageError(f"unknown hydrate command '{args[0]}'\n{USAGE}")
        words = " ".join(args[1:]) or "today"
        try:
            day = parse_moment(words, clock.now()).start.date()
        except TimeParseError as exc:
            raise UsageError(f"hydrate export: {exc}") from None
        writer = csv.writer(sys.stdout)
        writer.writerow(["time", "ml"])
        for at, ml in open_log().on(day):
            writer.writerow([at.isoformat(timespec="minutes"), ml])
        return ExitStatus.OK

    return run
