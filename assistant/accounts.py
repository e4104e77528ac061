"""Accounts on the user's own servers (calendar, mail): settings in a file, passwords in the keyring.

An account kind (what `botpsy account add KIND` asks for and how it checks the
answers) comes from a plugin through the `register_account_kinds` hook, so a
third-party plugin adds its own kind exactly as the built-ins do. The accounts
file (`accounts.json` beside the config file) holds no secret; `Secrets` does:
a URL with a password in it (`https://alice:secret@host/`) is refused, and a
user name or password in a URL is taken out of what is stored and shown (also
from a file written before this rule).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

from assistant.config import Config, _names_a_secret
from assistant.errors import ConfigError, UsageError
from assistant.secrets import Secrets


@dataclass(frozen=True)
class AccountField:
    """One answer `account add` needs: asked on a terminal, or given as `--NAME VALUE`."""

    name: str
    prompt: str
    help: str = ""
    default: str = ""
    choices: tuple[str, ...] = ()
    required: bool = True


@dataclass
class Discovery:
    """What checking an account found: the collections to choose a default from, and settings learned."""

    choices: list[tuple[str, str]] = field(default_factory=list)  # (value, label)
    settings: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


class AccountKind(Protocol):
    """A kind of account a plugin knows how to check and use."""

    kind: str  # "calendar", "email"
    summary: str
    fields: Sequence[AccountField]
    choice: AccountField | None  # the default collection picked from Discovery.choices

    def discover(self, settings: dict[str, str], password: str) -> Discovery:
        """Log in, check the account works and list its collections; raise BotpsyError with one line."""
        ...


@dataclass
class Account:
    """A configured account. `settings` never holds a secret."""

    name: str
    kind: str
    settings: dict[str, str] = field(default_factory=dict)

    def get(self, key: str, default: str = "") -> str:
        """One setting."""
        return self.settings.get(key, default)


def _netloc(value: str) -> str:
    """The user@host:port part of a setting read as a URL; 'alice:pw@host/dav' counts as one too."""
    return urlsplit(value if "://" in value else "//" + value).netloc


def without_userinfo(value: str) -> str:
    """A URL with any user name or password taken out ('https://a:b@host/' → 'https://host/')."""
    if "://" not in value or "@" not in urlsplit(value).netloc:
        return value
    parts = urlsplit(value)
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


def _cleaned(settings: dict[str, str]) -> dict[str, str]:
    return {k: without_userinfo(v) if isinstance(v, str) else v for k, v in settings.items()}


def refuse_passwords_in_urls(settings: dict[str, str]) -> None:
    """One line (a UsageError) when a setting is a URL carrying a password, as in 'https://a:pw@host/'."""
    for key, value in settings.items():
        userinfo = _netloc(value).rpartition("@")[0] if isinstance(value, str) else ""
        if ":" in userinfo:
            raise UsageError(
                f"the {key} holds a password (user:password@): give it without one and pipe the "
                "password with --password-stdin, so that it goes to the keyring, not to a file"
            )


def accounts_path(config: Config) -> Path:
    """`accounts.json` beside the config file (or in the data dir when no config path is known)."""
    if env := os.environ.get("BOTPSY_ACCOUNTS"):
        return Path(env).expanduser()
    if config.path is not None:
        return config.path.parent / "accounts.json"
    return config.data_dir / "accounts.json"


class AccountBook:
    """The accounts file: read, add, replace, remove, always written atomically."""

    def __init__(self, path: Path, secrets: Secrets | None = None) -> None:
        self.path = path
        self.secrets = secrets or Secrets()

    def all(self) -> list[Account]:
        """Every account, in the order added."""
        if not self.path.exists():
            return []
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read {self.path}: {exc}") from None
        accounts = []
        for entry in raw.get("accounts", []):
            try:
                accounts.append(
                    Account(str(entry["name"]), str(entry["kind"]), dict(entry["settings"]))
                )
            except (KeyError, TypeError, ValueError):
                name = entry.get("name") if isinstance(entry, dict) else None
                raise ConfigError(f"{self.path}: malformed account entry {name!r}") from None
        clean = [Account(a.name, a.kind, _cleaned(a.settings)) for a in accounts]
        if clean != accounts:  # written before URLs were cleaned: take the secret off the disk
            with contextlib.suppress(OSError):
                self._write(clean)
        return clean

    def of_kind(self, kind: str) -> list[Account]:
        """The accounts of one kind."""
        return [a for a in self.all() if a.kind == kind]

    def find(self, name: str) -> Account:
        """The account called `name`."""
        for account in self.all():
            if account.name == name:
                return account
        known = ", ".join(a.name for a in self.all()) or "none yet"
        raise UsageError(f"no account named '{name}' (accounts: {known})")

    def save(self, account: Account) -> None:
        """Add the account, or replace the one with the same name."""
        leaked = [key for key in account.settings if _names_a_secret(key)]
        if leaked:  # a programming error in a kind; never let it reach the disk
            raise ConfigError(f"account setting '{leaked[0]}' looks like a secret; not saved")
        refuse_passwords_in_urls(account.settings)
        account.settings = _cleaned(account.settings)
        accounts = [a for a in self.all() if a.name != account.name] + [account]
        self._write(accounts)

    def remove(self, name: str) -> Account:
        """Remove an account and forget its password."""
        account = self.find(name)
        self._write([a for a in self.all() if a.name != name])
        self.secrets.forget(name)
        return account

    def password(self, account: Account) -> str:
        """The account's password (environment variable, else keyring)."""
        return self.secrets.get(account.name)

    def _write(self, accounts: list[Account]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "accounts": [{"name": a.name, "kind": a.kind, "settings": a.settings} for a in accounts]
        }
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, self.path)


PasswordSource = Callable[[Account], str]
Picker = Callable[[list[tuple[str, str]]], tuple[str, str]]


def set_up_account(
    book: AccountBook,
    kind: AccountKind,
    name: str,
    settings: dict[str, str],
    password: str,
    pick: Picker,
    password_in_environment: bool = False,
) -> list[str]:
    """Check an account against its server, pick its default collection, store it; what to tell.

    The password goes to the keyring (unless it lives in the environment variable); the
    settings, with what discovery learned, to the accounts file. Nothing is stored when the
    server check or the keyring fails.
    """
    from assistant.secrets import env_variable

    refuse_passwords_in_urls(settings)
    discovery = kind.discover(dict(settings), password)
    stored_settings = {**settings, **discovery.settings}
    lines = []
    if kind.choice is not None and discovery.choices:
        value, label = pick(discovery.choices)
        stored_settings[kind.choice.name] = value
        stored_settings[f"{kind.choice.name}_name"] = label
    if password_in_environment:
        where = f"the password stays in {env_variable(name)}"
    else:
        book.secrets.set(name, password)
        where = "the password is in the OS keyring"
    book.save(Account(name, kind.kind, stored_settings))
    lines.append(f"Added {kind.kind} account '{name}'; {where}.")
    if kind.choice is not None and discovery.choices:
        chosen = stored_settings[kind.choice.name]
        others = [label for value, label in discovery.choices if value != chosen]
        line = f"Default {kind.choice.name}: {stored_settings[kind.choice.name + '_name']}."
        lines.append(line + (f" Also found: {', '.join(others)}." if others else ""))
    lines += discovery.notes
    return lines
