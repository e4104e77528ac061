"""Secrets (account passwords) live in the OS keyring, never in a file botpsy writes.

Where no keyring works (headless Linux, SSH, WSL, a container), the documented
alternative is an environment variable per account, `BOTPSY_PASSWORD_<ACCOUNT>`
(e.g. `BOTPSY_PASSWORD_CALENDAR`), which the user fills from their own secret
manager. It is read first, so it also overrides the keyring.

Every keyring call runs with a deadline: a Secret Service that waits on a
prompt nobody can see would otherwise hang the command forever.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from typing import TypeVar

from assistant.errors import CredentialError

SERVICE = "botpsy"
KEYRING_TIMEOUT = float(os.environ.get("BOTPSY_KEYRING_TIMEOUT", "8"))
T = TypeVar("T")


def env_variable(account: str) -> str:
    """`calendar` → `BOTPSY_PASSWORD_CALENDAR`; `work-mail` → `BOTPSY_PASSWORD_WORK_MAIL`."""
    return "BOTPSY_PASSWORD_" + re.sub(r"[^A-Z0-9]", "_", account.upper())


def _alternative(account: str) -> str:
    return f"set the environment variable {env_variable(account)} instead (see README, Accounts)"


def _with_deadline(action: Callable[[], T], what: str, account: str) -> T:
    """Run a keyring call in a daemon thread and give up after KEYRING_TIMEOUT seconds."""
    outcome: dict[str, object] = {}

    def work() -> None:
        try:
            outcome["value"] = action()
        except BaseException as exc:  # reported below, in the caller's thread
            outcome["error"] = exc

    worker = threading.Thread(target=work, name="botpsy-keyring", daemon=True)
    worker.start()
    worker.join(KEYRING_TIMEOUT)
    if worker.is_alive():
        raise CredentialError(
            f"the OS keyring did not answer within {KEYRING_TIMEOUT:g} s while trying to "
            f"{what}; {_alternative(account)}"
        )
    if "error" in outcome:
        error = outcome["error"]
        reason = " ".join(str(error).split()) or type(error).__name__
        if "No recommended backend" in reason:
            reason = "no keyring backend is available on this system"
        raise CredentialError(f"cannot {what}: {reason}; {_alternative(account)}")
    return outcome.get("value")  # type: ignore[return-value]


def keyring_name() -> str:
    """The keyring backend in use, for `botpsy account list`."""
    import keyring

    return type(keyring.get_keyring()).__module__.removeprefix("keyring.backends.")


class Secrets:
    """Read, store and forget account passwords."""

    def get(self, account: str) -> str:
        """The account's password: its environment variable, else the keyring."""
        if value := os.environ.get(env_variable(account)):
            return value
        import keyring

        value = _with_deadline(
            lambda: keyring.get_password(SERVICE, account),
            f"read the password of account '{account}' from the OS keyring",
            account,
        )
        if value is None:
            raise CredentialError(
                f"no password for account '{account}' in the OS keyring; run "
                f"`botpsy account add` again, or {_alternative(account)}"
            )
        return value

    def set(self, account: str, secret: str) -> None:
        """Store the password in the keyring (the only place botpsy ever writes it)."""
        import keyring

        _with_deadline(
            lambda: keyring.set_password(SERVICE, account, secret),
            f"store the password of account '{account}' in the OS keyring",
            account,
        )

    def forget(self, account: str) -> bool:
        """Remove the password; False when there was none (or no keyring to hold one)."""
        import keyring
        from keyring.errors import PasswordDeleteError

        def delete() -> bool:
            try:
                keyring.delete_password(SERVICE, account)
            except PasswordDeleteError:
                return False
            return True

        try:
            return _with_deadline(delete, f"remove the password of '{account}'", account)
        except CredentialError:
            return False
