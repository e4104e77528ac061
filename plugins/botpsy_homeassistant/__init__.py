"""botpsy's Home Assistant plugin: lights, plugs, climate, covers, locks, vacuum, media, scenes, the car.

Registered through the `botpsy` entry-point group like any plugin. Its tools and
intents appear once a `homeassistant` account exists
(`botpsy account add homeassistant --url URL --token-stdin`; the long-lived
token goes to the OS keyring only). Settings (`[plugins.homeassistant]`):

- `account`: which homeassistant account (default the first);
- `expose`: what botpsy may see and touch, entity ids or globs ("light.*",
  "switch.coffee_*") or areas ("area:Kitchen"); the default is the kinds people
  control by voice (lights, switches, fans, climate, covers, locks, vacuums,
  media players, scenes, humidifiers, water heaters, alarm panels, sensors),
  never scripts, automations or buttons, which can do anything;
- `aliases`: more names for entities, e.g. `car = ["lock.model_3_doors", "sensor.model_3_*"]`
  (HA labels and areas count as names too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.api import Account, ConfigError, PluginContext, hookimpl
from botpsy_homeassistant.account import HomeAssistantAccountKind
from botpsy_homeassistant.client import HomeAssistant
from botpsy_homeassistant.entities import DEFAULT_EXPOSE, Directory
from botpsy_homeassistant.intents import make_home_matchers
from botpsy_homeassistant.tools import HomeTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for
PLUGIN = "homeassistant"


def home_account(context: PluginContext) -> Account | None:
    """The homeassistant account to use: `[plugins.homeassistant] account`, else the first."""
    return context.account("homeassistant", PLUGIN)


def open_directory(context: PluginContext, account: Account) -> Directory:
    """The exposed entities; the token is read from the keyring only when a tool needs it."""
    settings = context.settings(PLUGIN)
    expose = settings.get("expose", list(DEFAULT_EXPOSE))
    if not isinstance(expose, list) or not all(isinstance(e, str) for e in expose):
        raise ConfigError(
            "[plugins.homeassistant] expose must be a list of entity ids, globs or area:NAME"
        )
    aliases = _aliases(settings.get("aliases", {}))
    ha = HomeAssistant(account.get("url"), lambda: context.password(account))
    return Directory(ha, expose, aliases)


def _aliases(raw: Any) -> dict[str, list[str]]:
    if not isinstance(raw, dict):
        raise ConfigError("[plugins.homeassistant] aliases must be a table of name = [entity ids]")
    aliases = {}
    for name, targets in raw.items():
        listed = [targets] if isinstance(targets, str) else targets
        if not isinstance(listed, list) or not all(isinstance(t, str) for t in listed):
            raise ConfigError(f"[plugins.homeassistant] aliases.{name} must list entity ids")
        aliases[str(name)] = listed
    return aliases


@hookimpl
def register_account_kinds(register: Callable[..., None]) -> None:
    """`botpsy account add homeassistant`."""
    register(HomeAssistantAccountKind())


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The Home Assistant toolbox, when an account is configured."""
    account = home_account(context)
    if account is None:
        return
    register(HomeTools(open_directory(context, account)))


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """Lights, plugs, thermostat, covers, locks and the vacuum as people say them."""
    if home_account(context) is None:
        return
    for name, matcher in make_home_matchers():
        register(name, matcher)
