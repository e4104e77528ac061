"""The `email` account kind: an IMAP and an SMTP server, both checked before the account is saved."""

from __future__ import annotations

from assistant.api import AccountField, Discovery, UsageError
from botpsy_mail.mailbox import Mailbox
from botpsy_mail.servers import Endpoint, smtp_session

# Suggested settings for common providers: offered when a host is not given, never required.
PROVIDERS = {
    "gmail.com": ("imap.gmail.com:993", "smtp.gmail.com:465"),
    "googlemail.com": ("imap.gmail.com:993", "smtp.gmail.com:465"),
    "fastmail.com": ("imap.fastmail.com:993", "smtp.fastmail.com:465"),
    "outlook.com": ("outlook.office365.com:993", "smtp.office365.com:587"),
    "hotmail.com": ("outlook.office365.com:993", "smtp.office365.com:587"),
    "icloud.com": ("imap.mail.me.com:993", "smtp.mail.me.com:587"),
    "me.com": ("imap.mail.me.com:993", "smtp.mail.me.com:587"),
    "posteo.de": ("posteo.de:993", "posteo.de:465"),
    "mailbox.org": ("imap.mailbox.org:993", "smtp.mailbox.org:465"),
}


def endpoints(settings: dict[str, str]) -> tuple[Endpoint, Endpoint]:
    """The IMAP and SMTP endpoints of an account's settings (provider suggestions filled in)."""
    security = settings.get("security") or "tls"
    domain = settings.get("address", "").rpartition("@")[2].lower()
    suggested = PROVIDERS.get(domain, ("", ""))
    imap = settings.get("imap") or suggested[0]
    smtp = settings.get("smtp") or suggested[1]
    if not imap or not smtp:
        raise UsageError(
            f"no known settings for {domain or 'that address'}: give --imap HOST:PORT and --smtp HOST:PORT"
        )
    smtp_security = security
    if security == "tls" and smtp.endswith(":587"):
        smtp_security = "starttls"  # port 587 is always STARTTLS
    return (
        Endpoint.parse(imap, security, 993, 143),
        Endpoint.parse(smtp, smtp_security, 465, 587),
    )


class EmailAccountKind:
    """IMAP for reading and drafts, SMTP for sending; one user and password for both."""

    kind = "email"
    summary = (
        "an email account: IMAP to read, SMTP to send (Fastmail, Gmail, Posteo, your own server)"
    )
    fields = (
        AccountField("address", "Email address", help="your address, e.g. alice@example.org"),
        AccountField(
            "imap",
            "IMAP server (HOST:PORT)",
            help="the incoming server, e.g. imap.example.org:993 (known providers are filled in)",
            required=False,
        ),
        AccountField(
            "smtp",
            "SMTP server (HOST:PORT)",
            help="the outgoing server, e.g. smtp.example.org:465 (known providers are filled in)",
            required=False,
        ),
        AccountField(
            "security",
            "Security",
            help="tls (ports 993/465), starttls (143/587), or none (only for a server on this machine)",
            default="tls",
            choices=("tls", "starttls", "none"),
        ),
        AccountField(
            "user", "User name", help="the login name (default: the email address)", required=False
        ),
    )
    choice = None

    def discover(self, settings: dict[str, str], password: str) -> Discovery:
        """Log in to both servers and find the Drafts, Sent, Archive and Trash folders."""
        address = settings.get("address", "").strip()
        if "@" not in address:
            raise UsageError(f"not an email address: {address!r}")
        user = settings.get("user") or address
        imap, smtp = endpoints(settings)
        mailbox = Mailbox(address, user, imap, smtp, lambda: password)
        folders = mailbox.folders()
        with smtp_session(smtp, user, password):
            pass
        found = Discovery(
            settings={
                "user": user,
                "imap": str(imap),
                "smtp": str(smtp),
                "smtp_security": smtp.security,
            }
        )
        roles = [f"{role}: {folders.role(role)}" for role in ("Drafts", "Sent", "Archive", "Trash")]
        found.notes.append(
            "Folders: " + ", ".join(r for r in roles if not r.endswith("None")) + "."
        )
        return found
