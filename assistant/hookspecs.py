"""Every hook botpsy calls, typed and documented; docs/plugins.md is tested against this module.

A plugin is a module (or object) with functions marked `@hookimpl`, published
through the `botpsy` entry-point group::

    [project.entry-points.botpsy]
    weather = "botpsy_weather"

The built-in plugins in `plugins/` are registered the same way. A hook
implementation may accept any subset of a hook's parameters, by name.

Example::

    from assistant.api import Effect, hookimpl, tool

    @tool(Effect.READ)
    def weather_now(city: str) -> str:
        '''Current weather for a city.

        Args:
            city: the city name
        '''
        return "sunny"

    @hookimpl
    def register_tools(register):
        register(weather_now)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

import pluggy

from assistant.clock import Clock
from assistant.config import Config
from assistant.plugin_kit.services import ServiceKey

if TYPE_CHECKING:
    from datetime import datetime

    from assistant.accounts import Account, AccountBook
    from assistant.daemon.due import DueItem

PROJECT = "botpsy"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
T = TypeVar("T")


@dataclass
class PluginContext:
    """What the core hands to plugins: settings, the user's clock and a place to keep data."""

    config: Config
    clock: Clock
    shared: dict[str, Any] = field(default_factory=dict)  # objects a plugin's hooks share
    dry_run: bool = False  # `--dry-run`: plugins may read, but must send or change nothing

    @property
    def data_dir(self) -> Path:
        """The user data dir; a plugin keeps its files in a folder named after itself."""
        return self.config.data_dir

    def settings(self, plugin: str) -> dict[str, Any]:
        """The plugin's `[plugins.NAME]` table from the config file."""
        return self.config.plugin(plugin)

    @property
    def account_book(self) -> AccountBook:
        """The user's accounts (settings only; passwords come from `password`)."""
        from assistant.accounts import AccountBook, accounts_path

        return AccountBook(accounts_path(self.config))

    def accounts(self, kind: str) -> list[Account]:
        """The configured accounts of one kind, e.g. "calendar"."""
        return self.account_book.of_kind(kind)

    def account(self, kind: str, plugin: str) -> Account | None:
        """The account of `kind` a plugin uses: its `[plugins.NAME] account`, else the first."""
        accounts = self.accounts(kind)
        wanted = self.settings(plugin).get("account")
        if wanted:
            return next((a for a in accounts if a.name == wanted), None)
        return accounts[0] if accounts else None

    @overload
    def provide(self, name: ServiceKey[T], service: T) -> None: ...
    @overload
    def provide(self, name: str, service: Any) -> None: ...
    def provide(self, name: str, service: Any) -> None:
        """Offer an object to other plugins under a key (`api.CONTACTS`, `api.FILE_INDEX`, yours).

        Services are looked up when used, not at load time, so plugin order does not
        matter. A `ServiceKey[T]` is typed; a bare string still works (same name, same
        service). Known keys: `CONTACTS` (`lookup(name)` returning contacts and
        `resolve_address(name, argument)` returning an email address or raising
        `AskUser` when several people fit) and `FILE_INDEX`.
        """
        self.shared[f"service:{name}"] = service

    @overload
    def service(self, name: ServiceKey[T]) -> T | None: ...
    @overload
    def service(self, name: str) -> Any | None: ...
    def service(self, name: str) -> Any | None:
        """A service another plugin provides, or None when no plugin does."""
        return self.shared.get(f"service:{name}")

    def password(self, account: Account) -> str:
        """An account's password, read when a plugin first needs it (keyring or environment)."""
        return self.account_book.password(account)


@hookspec
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """Register tools the model may call.

    Call `register(item)` once per item, where item is:
      * a function marked with `@tool(effect)`;
      * a plain typed function with `register(fn, effect=Effect.READ)`;
      * a toolbox: an object whose methods are marked with `@tool` (state such as
        a store or an account lives on the object);
      * a ready `assistant.tools.Tool`.

    Each tool's schema comes from its signature and docstring (`Args:` section).
    Parameters typed `Moment`, `Span`, `datetime` or `date` accept words like
    "Friday 3pm" and reach the function resolved against the user's clock.
    Every tool is stamped with the registering plugin's name.
    """


@hookspec
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """Register local intents: fast matchers that turn common requests into a tool call with no model.

    Call `register(name, matcher)` where `matcher(text: str) -> IntentMatch | None`.
    A matcher must be conservative: return a match only when sure, else None so
    the model handles the request. A match with `missing` arguments makes the
    assistant ask the user and finish the call on the next turn.
    Matchers are tried in registration order; the first match wins. A matcher sees the
    request after `assistant.api.plain_request` (greetings, names, politeness gone).

    `register(name, matcher, follows=True)` registers a follow-up instead:
    `matcher(text, recent: Recent) -> IntentMatch | list[IntentMatch] | None`, tried
    before ordinary matchers, with the previous turn's request and the calls that ran
    (tool, resolved arguments; never their output), so "make it 1pm" or "remove the
    eggs" can name what was just done; with `asked=True` too, only when the last request,
    read again, asks the last call (a pick from a listing the user asked for, never from one
    the model made on its own). `register(name, matcher, several=True)` registers
    one that reads a request as several calls (`matcher(text) -> list[IntentMatch] | None`),
    so "cross off eggs and milk" ticks each item with a call of its own.
    """


@hookspec
def register_account_kinds(register: Callable[..., None], context: PluginContext) -> None:
    """Register kinds of accounts (`botpsy account add KIND`), each an `assistant.accounts.AccountKind`.

    Call `register(kind)`. The kind lists the fields to ask for and checks them in
    `discover(settings, password)`, which logs in and returns the collections to
    choose a default from. botpsy stores the settings in the accounts file and the
    password in the OS keyring; the plugin reads them back with
    `context.accounts(kind)` and `context.password(account)`.
    """


@hookspec
def register_commands(register: Callable[..., None], context: PluginContext) -> None:
    """Register subcommands: `botpsy NAME ARGS...` runs a plugin's command.

    Call `register(name, run, summary)` where `run(arguments: list[str]) -> int`
    gets the words after the name and returns an exit status; raise a
    `BotpsyError` (e.g. `UsageError`) for one clear line. Built-in commands win a
    name clash, and a command is only found when `NAME` is the first word, so
    requests like `botpsy "index my notes"` still reach the assistant. Only this
    hook runs before a command (not `register_tools`), so commands start fast;
    `context.config` honours `--config PATH` given after the name.
    """


@hookspec
def startup(context: PluginContext) -> None:
    """Plugins are registered and botpsy is about to serve requests or run a plugin command.

    Open what must be open before the first call (a connection, a watcher); most
    plugins open lazily instead. A failure here is reported on stderr and the
    plugin's tools stay registered.
    """


@hookspec
def shutdown(context: PluginContext) -> None:
    """The assistant is closing: release connections, stop threads, flush state.

    Called once per process that ran `startup`, in reverse registration order,
    even when another plugin's shutdown fails.
    """


@hookspec
def due_items(context: PluginContext, start: datetime, end: datetime) -> list[DueItem]:
    """What is due in [start, end): alarms, timers, reminders, for `botpsy daemon` to fire.

    Return `assistant.daemon.due.DueItem`s (an empty list when nothing is due).
    Each needs a `key` that names that one firing and stays the same on every call:
    the daemon fires a key once, ever, and catches up what came due while it was
    not running (marked late). Read local data only and answer fast (the daemon
    asks every few seconds); do network work in a `daemon_chores` chore.
    """
    return []  # the specification only; plugins implement it


@hookspec
def daemon_chores(register: Callable[..., None], context: PluginContext) -> None:
    """Register background work `botpsy daemon` does while it runs (a sync, a refresh).

    Call `register(name, every_seconds, run)`: `run()` is called in a worker
    thread every `every_seconds`, first soon after start. A failure is logged
    and the chore runs again next time; chores never delay what is due.
    """
