"""botpsy's mail plugin: read, search, draft and send through the user's IMAP and SMTP servers.

Registered through the `botpsy` entry-point group like any plugin. Its tools
appear once an `email` account exists (`botpsy account add email`); names in
"email Bob" resolve through the `contacts` service when a plugin provides one.
Settings (`[plugins.mail]`): `account`, which email account (default the first).
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.api import Account, PluginContext, hookimpl
from botpsy_mail.account import EmailAccountKind, endpoints
from botpsy_mail.intents import make_mail_followups, make_mail_matchers
from botpsy_mail.mailbox import Mailbox
from botpsy_mail.tools import MailTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for


def mail_account(context: PluginContext) -> Account | None:
    """The email account to use: `[plugins.mail] account`, else the first one."""
    return context.account("email", "mail")


def open_mailbox(context: PluginContext, account: Account) -> Mailbox:
    """The account's mailbox; the password is read from the keyring only when a tool needs it."""
    settings = dict(account.settings)
    imap, smtp = endpoints(settings)
    if settings.get("smtp_security"):
        from botpsy_mail.servers import Endpoint

        smtp = Endpoint(smtp.host, smtp.port, settings["smtp_security"])
    return Mailbox(
        account.get("address"),
        account.get("user") or account.get("address"),
        imap,
        smtp,
        lambda: context.password(account),
    )


@hookimpl
def register_account_kinds(register: Callable[..., None]) -> None:
    """`botpsy account add email`."""
    register(EmailAccountKind())


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The mail toolbox, when an email account is configured."""
    account = mail_account(context)
    if account is None:
        return
    register(MailTools(open_mailbox(context, account), lambda: context.service("contacts")))


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """Send, reply and check mail without the model (approval still applies)."""
    if mail_account(context) is None:
        return
    for name, matcher in make_mail_matchers(context.clock.now):
        register(name, matcher)
    for name, follows in make_mail_followups(context.clock.now):  # "forward that to ben"
        register(name, follows, follows=True)
