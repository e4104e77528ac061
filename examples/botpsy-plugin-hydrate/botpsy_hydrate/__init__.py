"""botpsy-plugin-hydrate: a log of the water you drink, the example plugin of docs/plugins.md.

Settings (`[plugins.hydrate]` in botpsy's config): `goal_ml`, the daily goal
(default 2000). The log is `<data dir>/hydrate/log.sqlite3`; other plugins can
read it through the `HYDRATION` service.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.api import ConfigError, PluginContext, ServiceKey, hookimpl

from botpsy_hydrate.commands import hydrate_command
from botpsy_hydrate.intents import drank, how_much
from botpsy_hydrate.log import WaterLog
from botpsy_hydrate.tools import HydrateTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for

HYDRATION: ServiceKey[WaterLog] = ServiceKey("hydration")


def open_log(context: PluginContext) -> WaterLog:
    """The log, one per process, shared by the hooks and offered as the `HYDRATION` service."""
    log = context.service(HYDRATION)
    if log is None:
        log = WaterLog(context.data_dir / "hydrate" / "log.sqlite3")
        context.provide(HYDRATION, log)
    return log


def goal(context: PluginContext) -> int:
    """`[plugins.hydrate] goal_ml`, checked: a typo is one clear line, not a crash later."""
    value = context.settings("hydrate").get("goal_ml", 2000)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= 10000:
        raise ConfigError(
            f"plugins.hydrate.goal_ml must be millilitres from 1 to 10000, not {value!r}"
        )
    return value


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The toolbox: log a drink, read a day's total, clear a day."""
    register(HydrateTools(open_log(context), context.clock, goal(context)))


@hookimpl
def register_intents(register: Callable[..., None]) -> None:
    """ "I drank 2 glasses of water" and "how much water did I drink today?" without the model."""
    register("drank", drank)
    register("how_much", how_much)


@hookimpl
def register_commands(register: Callable[..., None], context: PluginContext) -> None:
    """`botpsy hydrate export [DAY]`."""
    command = hydrate_command(lambda: open_log(context), context.clock)
    register("hydrate", command, "export the water log as CSV")


@hookimpl
def shutdown(context: PluginContext) -> None:
    """Close the database if this process opened it."""
    log = context.service(HYDRATION)
    if log is not None:
        log.close()
