"""`botpsy account add KIND | list | remove NAME`: accounts set up from a terminal or a script.

Every question `add` asks on a terminal has a flag, so a script can answer it;
without a terminal a missing answer is an error naming the flag, never a hang.
The password is read from stdin (`--password-stdin`), a hidden prompt, or the
account's environment variable, checked against the server, then stored in the
OS keyring only.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from collections.abc import Sequence

from assistant.accounts import (
    AccountBook,
    AccountField,
    AccountKind,
    accounts_path,
    refuse_passwords_in_urls,
    set_up_account,
)
from assistant.config import Config, load_config
from assistant.errors import ExitStatus, UsageError
from assistant.secrets import Secrets, env_variable

USAGE = """\
botpsy account add KIND [--name NAME] [--FIELD VALUE ...] [--password-stdin]
botpsy account list [--json]
botpsy account remove NAME"""


def main(arguments: Sequence[str]) -> int:
    """Dispatch `account` subcommands."""
    args = list(arguments)
    config_flag = _pop_option(args, "--config")
    config = load_config(config_flag)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        _print_kinds(_kinds(config))
        return ExitStatus.OK
    command, rest = args[0], args[1:]
    if command == "list":
        return _list(config, "--json" in rest)
    if command in ("remove", "rm"):
        if len(rest) != 1:
            raise UsageError("usage: botpsy account remove NAME")
        account = AccountBook(accounts_path(config)).remove(rest[0])
        print(f"Removed account '{account.name}' and its password.")
        return ExitStatus.OK
    if command == "add":
        return _add(config, rest)
    raise UsageError(f"unknown account command '{command}'\n{USAGE}")


def _pop_option(args: list[str], flag: str) -> str | None:
    if flag in args:
        index = args.index(flag)
        if index + 1 >= len(args):
            raise UsageError(f"{flag} needs a value")
        value = args[index + 1]
        del args[index : index + 2]
        return value
    return None


def _kinds(config: Config) -> dict[str, AccountKind]:
    from assistant.clock import Clock
    from assistant.hookspecs import PluginContext
    from assistant.plugins import load_plugins

    loaded = load_plugins(PluginContext(config, Clock.for_user(config.timezone)))
    return dict(loaded.account_kinds)


def _print_kinds(kinds: dict[str, AccountKind]) -> None:
    print("\nkinds:")
    for name, kind in kinds.items():
        print(f"  {name:<10} {kind.summary}")
    if not kinds:
        print("  none (no installed plugin offers accounts)")


def _list(config: Config, as_json: bool) -> int:
    accounts = AccountBook(accounts_path(config)).all()
    if as_json:
        print(json.dumps([a.__dict__ for a in accounts], indent=2))
        return ExitStatus.OK
    if not accounts:
        print("no accounts yet: botpsy account add calendar")
    for account in accounts:  # URLs come without user names or passwords (AccountBook.all)
        where = account.get("url") or account.get("address") or account.get("imap")
        chosen = account.get("calendar_name") or account.get("calendar")
        extra = f", default {chosen}" if chosen else ""
        print(f"{account.name}  {account.kind}  {account.get('user')} at {where}{extra}")
    return ExitStatus.OK


def _parser(kind: AccountKind) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"botpsy account add {kind.kind}", description=kind.summary
    )
    parser.add_argument("--name", help=f"what to call this account (default: {kind.kind})")
    for item in kind.fields:
        parser.add_argument(
            f"--{item.name.replace('_', '-')}",
            dest=item.name,
            choices=item.choices or None,
            help=item.help or item.prompt,
        )
    if kind.choice is not None:
        parser.add_argument(
            f"--{kind.choice.name.replace('_', '-')}",
            dest=kind.choice.name,
            help=kind.choice.help or kind.choice.prompt,
        )
    parser.add_argument(
        "--password-stdin",
        "--token-stdin",  # an access token (Home Assistant) is that account's password
        dest="password_stdin",
        action="store_true",
        help="read the password (or access token) from standard input",
    )
    return parser


def _add(config: Config, rest: list[str]) -> int:
    if not rest or rest[0].startswith("-"):
        kinds = _kinds(config)
        print(USAGE)
        _print_kinds(kinds)
        return ExitStatus.OK if rest[:1] in (["-h"], ["--help"]) else ExitStatus.USAGE
    kinds = _kinds(config)
    kind = kinds.get(rest[0])
    if kind is None:
        known = ", ".join(kinds) or "none installed"
        raise UsageError(f"unknown account kind '{rest[0]}' (kinds: {known})")
    args = _parser(kind).parse_args(rest[1:])
    interactive = sys.stdin is not None and sys.stdin.isatty() and not args.password_stdin
    name = args.name or kind.kind
    settings: dict[str, str] = {}
    for item in kind.fields:
        value = getattr(args, item.name)
        if value is None:
            value = _ask(item, interactive)
        if value or item.required:
            settings[item.name] = value
    refuse_passwords_in_urls(settings)  # before anything is read, printed or stored
    password, from_env = _password(name, args.password_stdin, interactive)
    print(f"Checking the account at {settings.get('url') or settings.get('address', '')}…")
    wanted = getattr(args, kind.choice.name) if kind.choice is not None else None
    prompt = kind.choice.prompt if kind.choice is not None else ""
    lines = set_up_account(
        AccountBook(accounts_path(config), Secrets()),
        kind,
        name,
        settings,
        password,
        lambda choices: _choose(choices, wanted, interactive, prompt),
        from_env,
    )
    for line in lines:
        print(line)
    return ExitStatus.OK


def _ask(item: AccountField, interactive: bool) -> str:
    """An answer from the terminal; without one, the default, nothing (optional) or an error."""
    if not interactive:
        if item.default or not item.required:
            return item.default
        raise UsageError(f"missing --{item.name.replace('_', '-')} (no terminal to ask on)")
    hint = f" ({'/'.join(item.choices)})" if item.choices else ""
    shown = f" [{item.default}]" if item.default else (" [optional]" if not item.required else "")
    while True:
        answer = input(f"{item.prompt}{hint}{shown}: ").strip() or item.default
        if not answer and not item.required:
            return ""
        if answer and (not item.choices or answer in item.choices):
            return answer
        print(f"  please answer{hint}")


def _password(name: str, from_stdin: bool, interactive: bool) -> tuple[str, bool]:
    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        if not password:
            raise UsageError("--password-stdin: standard input held no password")
        return password, False
    if value := os.environ.get(env_variable(name)):
        return value, True
    if interactive:
        password = getpass.getpass("Password (stored in the OS keyring): ")
        if password:
            return password, False
    raise UsageError(
        f"no password: pipe it with --password-stdin, or set {env_variable(name)} (no terminal to ask on)"
    )


def _choose(
    choices: list[tuple[str, str]], wanted: str | None, interactive: bool, prompt: str
) -> tuple[str, str]:
    if wanted:
        for value, label in choices:
            if wanted.casefold() in (value.casefold(), label.casefold()):
                return value, label
        names = ", ".join(label for _, label in choices)
        raise UsageError(f"no {prompt.lower()} called '{wanted}' (found: {names})")
    if not interactive or len(choices) == 1:
        return choices[0]
    for number, (_, label) in enumerate(choices, 1):
        print(f"  {number}. {label}")
    while True:
        answer = input(f"{prompt} [1]: ").strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        print(f"  please answer a number from 1 to {len(choices)}")
